"""Tests of ``dominoes.notation``: tile and move tokens, one-line position strings.

* round trips, over hands played under random rulesets with every option
  (``strategies.variant_hands``): ``HandState.from_position(s.position(), s.rules) == s``
  at every step, ``parse_position`` / ``format_position`` and ``parse_move`` /
  ``format_move`` are inverse, every tile of sets up to double-18 reads back;
* hidden groups (``#N``): they read and write back, and never become a state;
* every error path of ``parse_position`` and ``HandState.from_position``: a
  `NotationError` (also a ``ValueError`` and a `DominoesError`) naming the field;
* fuzzing of every parser with arbitrary text and with mutated valid strings: only
  `NotationError` ever escapes, nothing hangs on inputs of a few thousand
  characters, and whatever parses into a state round-trips;
* golden strings, so that a change of the format shows up.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

import attrs
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from dominoes import (
    DRAW,
    PASS,
    Deal,
    DominoesError,
    Draw,
    DrawRule,
    End,
    Ending,
    Fault,
    FaultKind,
    FaultMode,
    FaultPenalty,
    HandState,
    Move,
    NoDoubleRule,
    NotationError,
    Opening,
    Pass,
    Phase,
    Play,
    Ruleset,
    Tile,
    TileSet,
)
from dominoes.notation import (
    MAX_TEXT,
    Position,
    format_move,
    format_position,
    parse_move,
    parse_position,
    parse_tile,
)
from dominoes.tiles import MAX_SET
from scenario import DEAL_V, OPENING_V, THREE
from strategies import VariantHand, variant_hands, variant_rulesets

NOTATION_SETTINGS = settings(
    max_examples=120,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
"""Deterministic settings: the same examples on every run, no example database."""

FUZZ_SETTINGS = settings(NOTATION_SETTINGS, max_examples=200)
"""The fuzzers: cheap examples, so more of them."""

BLOCK = Ruleset.block()
"""The fixed ruleset of the ``from_position`` fuzzers and most error cases."""

SEED3_START = (
    "d6 0-1,2-2,0-3,2-4,1-6,3-6,4-6/0-2,3-3,0-4,3-4,4-4,2-6,6-6 "
    "1-5,2-3,0-6,0-0,1-1,5-6,5-5,0-5,4-5,1-4,1-2,2-5,3-5,1-3 - 1 lead:6-6"
)
"""``Ruleset.block()`` and ``Deal.random(rules, seed=3)`` before the lead."""

SEED3_AFTER_LEAD = (
    "d6 0-1,2-2,0-3,2-4,1-6,3-6,4-6/0-2,3-3,0-4,3-4,4-4,2-6 "
    "1-5,2-3,0-6,0-0,1-1,5-6,5-5,0-5,4-5,1-4,1-2,2-5,3-5,1-3 *6|6 0 play last=1"
)
"""The same hand after the lead (a play position, with ``last``)."""

PARSERS: dict[str, Callable[[str], object]] = {
    "parse_tile": parse_tile,
    "Tile.parse": Tile.parse,
    "parse_move": parse_move,
    "parse_position": parse_position,
    "from_position": lambda text: HandState.from_position(text, BLOCK),
}
"""Every parser of text, ``from_position`` with a fixed ruleset."""


# --------------------------------------------------------------------------- helpers


def seed3_state(moves: int) -> HandState:
    """``Ruleset.block()`` with ``Deal.random(rules, seed=3)`` after ``moves`` moves, each
    the first legal move."""
    state = HandState.start(BLOCK, Deal.random(BLOCK, seed=3))
    for _ in range(moves):
        state = state.apply(state.legal_moves()[0])
    return state


def fields_of(text: str) -> set[str]:
    """The kinds of field a position string shows: the phase kind and the options."""
    parts = text.split(" ")
    phase = parts[5]
    kinds = {phase if phase in ("play", "lead:any", "lead:draw") else phase.split(":")[0]}
    if phase.startswith("over:"):
        kinds.add(phase)
    kinds.update(part.split("=")[0] for part in parts[6:])
    if "#" in text:
        kinds.add("hidden")
    return kinds


def assert_notation_error(error: BaseException, field: str | None = None) -> None:
    """``error`` is a `NotationError` (so a ``ValueError`` and a `DominoesError`), and its
    message names ``field`` as ``(field)`` when given."""
    assert isinstance(error, NotationError)
    assert isinstance(error, ValueError)
    assert isinstance(error, DominoesError)
    assert isinstance(error.text, str)
    assert isinstance(error.what, str)
    if field is not None:
        assert f"({field})" in str(error), str(error)


def assert_state_round_trips(state: HandState) -> None:
    """``state`` reads back from its position string, and the string is stable."""
    text = state.position()
    again = HandState.from_position(text, state.rules)
    assert again == state
    assert hash(again) == hash(state)
    assert again.position() == text
    assert format_position(parse_position(text)) == text
    assert HandState.from_position(parse_position(text), state.rules) == state


def parse_or_notation_error(parser: Callable[[str], object], text: str) -> object | None:
    """The parser's result, or ``None`` when it raised `NotationError`; any other
    exception propagates and fails the test."""
    try:
        return parser(text)
    except NotationError as error:
        assert_notation_error(error)
        return None


# --------------------------------------------------------------------------- 1. round trips

ROUND_TRIP_HANDS = st.one_of(
    variant_hands(),
    variant_hands(variant_rulesets(faults=FaultMode.TOLERANT, fault_penalty=FaultPenalty.NONE)),
    variant_hands(
        variant_rulesets(drawing=DrawRule.UNTIL_PLAYABLE, no_double=NoDoubleRule.DRAW_FOR_DOUBLE)
    ),
)
"""Any hand, and more often the hands that reach the rarer fields: tolerant hands that
go on after faults (false blocks), and draw-for-double openings (``lead:draw``)."""


def test_played_positions_round_trip_and_reach_every_field() -> None:
    """At every step of hands played under random rulesets: the state reads back from its
    position string, the string is stable, and every move token reads back. The
    positions seen show every phase and every optional field, so the round trip is
    exercised on all of them."""
    seen: set[str] = set()

    @settings(NOTATION_SETTINGS, max_examples=200)
    @given(ROUND_TRIP_HANDS)
    def check(hand: VariantHand) -> None:
        for state in hand.states:
            text = state.position()
            seen.update(fields_of(text))
            assert_state_round_trips(state)
            position = parse_position(text)
            assert parse_position(format_position(position)) == position
            assert position.max_pip == state.rules.max_pip
            assert position.hands == state.hands
            assert position.boneyard == state.boneyard
            assert position.line == state.layout.line
            assert position.turn == state.turn
            assert position.faults == state.faults
            assert (position.ending is None) == (not state.is_over)
            assert (position.opening is not None) == (state.phase is Phase.LEAD)
            for move in state.legal_moves():
                assert parse_move(format_move(move)) == move
                assert parse_move(str(move)) == move
        for step in hand.final.history:
            assert parse_move(format_move(step.move)) == step.move
            assert parse_move(str(step.move)) == step.move
        for move in hand.moves:
            assert parse_move(format_move(move)) == move

    check()
    # a false block (FAULT-5) is rare among random hands: one played hand reaches it
    # whatever examples the generator chose
    rules = attrs.evolve(THREE, faults=FaultMode.TOLERANT, fault_penalty=FaultPenalty.NONE)
    state = HandState.start(rules, DEAL_V)
    moves = OPENING_V + " pass pass pass"
    for token in moves.split(" "):
        state = state.apply(token)
        seen.update(fields_of(state.position()))
        assert_state_round_trips(state)
    assert state.result is not None
    assert state.result.ending is Ending.FALSE_BLOCK
    wanted = {
        "lead",
        "lead:any",
        "lead:draw",
        "play",
        "over",
        "over:domino",
        "over:blocked",
        "over:forfeit",
        "over:false_block",
        "round",
        "drew",
        "last",
        "false-pass",
        "faults",
    }
    assert wanted <= seen, f"never reached: {sorted(wanted - seen)}"


@NOTATION_SETTINGS
@given(variant_hands(variant_rulesets(drawing=DrawRule.ONE_THEN_PASS)))
def test_one_draw_positions_round_trip(hand: VariantHand) -> None:
    """Draw-one-then-pass is the only rule that keeps ``drew``; its positions round-trip."""
    for state in hand.states:
        assert_state_round_trips(state)


@NOTATION_SETTINGS
@given(variant_hands(variant_rulesets(faults=FaultMode.TOLERANT, fault_penalty=FaultPenalty.NONE)))
def test_tolerant_positions_round_trip(hand: VariantHand) -> None:
    """Tolerant hands that go on after faults (false passes, forbidden draws, false
    blocks) round-trip."""
    for state in hand.states:
        assert_state_round_trips(state)


def test_history_is_dropped_by_from_position() -> None:
    state = seed3_state(3)
    again = HandState.from_position(state.position(), state.rules)
    assert again == state
    assert again.history == ()
    assert again.move_count == 0
    assert again.legal_moves() == state.legal_moves()


@pytest.mark.parametrize("max_pip", [0, 1, 2, 6, 9, 12, 15, 18])
def test_every_tile_reads_back(max_pip: int) -> None:
    for tile in TileSet.double(max_pip):
        a, b = tile.low, tile.high
        for text in (str(tile), f"{b}-{a}", f"{a}|{b}", f"{b}|{a}", f"[{a}|{b}]", f"[{b}|{a}]"):
            assert parse_tile(text) == tile
            assert Tile.parse(text) == tile
            assert parse_tile(text).index == tile.index
        assert str(tile) == f"{a}-{b}"


def test_tile_alternative_forms() -> None:
    tile = Tile(5, 10)
    for text in ("5-10", "10-5", "5|10", "10|5", "[5|10]", "[10|5]"):
        assert parse_tile(text) == tile
        assert Tile.parse(text) == tile
    assert str(parse_tile("10-5")) == "5-10"
    # beyond the largest set a tile still reads (it is just not interned)
    assert parse_tile("31-40") == Tile(31, 40)
    assert parse_tile("999-0") == Tile(0, 999)


@pytest.mark.parametrize(
    "move",
    [
        Play(tile=Tile(6, 6)),
        Play(tile=Tile(4, 6), end=End.LEFT),
        Play(tile=Tile(4, 6), end=End.RIGHT),
        Play(tile=Tile(0, 0), end=End.LEFT),
        Play(tile=Tile(17, 18), end=End.RIGHT),
        DRAW,
        Draw(Tile(2, 3)),
        Draw(Tile(12, 18)),
        PASS,
    ],
    ids=str,
)
def test_move_tokens_read_back(move: Move) -> None:
    assert parse_move(format_move(move)) == move
    assert parse_move(str(move)) == move
    assert format_move(parse_move(str(move))) == str(move)


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("6-6", Play(tile=Tile(6, 6))),
        ("6-4:L", Play(tile=Tile(4, 6), end=End.LEFT)),
        ("4-6:R", Play(tile=Tile(4, 6), end=End.RIGHT)),
        ("draw", DRAW),
        ("draw 3-2", Draw(Tile(2, 3))),
        ("pass", PASS),
    ],
)
def test_move_tokens(text: str, move: Move) -> None:
    assert parse_move(text) == move


def test_format_move_refuses_what_is_not_a_move() -> None:
    with pytest.raises(TypeError):
        format_move("pass")  # type: ignore[arg-type]


@NOTATION_SETTINGS
@given(
    st.builds(
        Position,
        max_pip=st.integers(0, MAX_SET),
        hands=st.lists(
            st.one_of(
                st.integers(0, 999_999),
                st.lists(st.builds(Tile, st.integers(0, 999), st.integers(0, 999))).map(
                    lambda tiles: tuple(sorted(set(tiles)))
                ),
            ),
            min_size=2,
            max_size=6,
        ).map(tuple),
        boneyard=st.one_of(
            st.integers(0, 999_999),
            st.lists(st.builds(Tile, st.integers(0, 999), st.integers(0, 999))).map(tuple),
        ),
        line=st.just(()),
        lead=st.just(0),
        turn=st.integers(0, 999_999),
        opening=st.one_of(
            st.builds(Tile, st.integers(0, 999), st.integers(0, 999)),
            st.sampled_from(["any", "draw"]),
        ),
        round=st.none() | st.tuples(st.integers(0, 999_999), st.integers(0, 999_999)),
        drew=st.integers(0, 999_999),
        last=st.none() | st.integers(0, 999_999),
        false_pass=st.booleans(),
        faults=st.lists(
            st.builds(
                Fault,
                seat=st.integers(0, 999_999),
                kind=st.sampled_from(FaultKind),
                move_number=st.integers(0, 999_999),
            ),
            max_size=3,
        ).map(tuple),
    )
)
def test_arbitrary_positions_before_the_lead_round_trip(position: Position) -> None:
    """Any well-formed `Position` (not necessarily a possible one) writes and reads back."""
    assert parse_position(format_position(position)) == position


@NOTATION_SETTINGS
@given(
    st.lists(st.tuples(st.integers(0, 999), st.integers(0, 999)), min_size=1, max_size=8),
    st.data(),
    st.sampled_from([None, *Ending]),
)
def test_arbitrary_lines_round_trip(
    line: list[tuple[int, int]], data: st.DataObject, ending: Ending | None
) -> None:
    lead = data.draw(st.integers(0, len(line) - 1))
    position = Position(
        max_pip=6, hands=((), ()), boneyard=(), line=tuple(line), lead=lead, turn=0, ending=ending
    )
    assert parse_position(format_position(position)) == position


# --------------------------------------------------------------------------- 2. hidden groups


@NOTATION_SETTINGS
@given(variant_hands(), st.data())
def test_hidden_groups_read_and_write_back_but_make_no_state(
    hand: VariantHand, data: st.DataObject
) -> None:
    index = data.draw(st.integers(0, len(hand.states) - 1), label="state")
    state = hand.states[index]
    position = parse_position(state.position())
    hide = data.draw(
        st.lists(st.booleans(), min_size=len(position.hands), max_size=len(position.hands)),
        label="hidden seats",
    )
    hide_boneyard = data.draw(st.booleans(), label="hidden boneyard")
    if not any(hide) and not hide_boneyard:
        hide_boneyard = True
    hidden = Position(
        max_pip=position.max_pip,
        hands=tuple(
            len(h) if flag and not isinstance(h, int) else h
            for h, flag in zip(position.hands, hide, strict=True)
        ),
        boneyard=len(state.boneyard) if hide_boneyard else position.boneyard,
        line=position.line,
        lead=position.lead,
        turn=position.turn,
        opening=position.opening,
        ending=position.ending,
        round=position.round,
        drew=position.drew,
        last=position.last,
        false_pass=position.false_pass,
        faults=position.faults,
    )
    text = format_position(hidden)
    groups = text.split(" ")[1].split("/")
    for seat, flag in enumerate(hide):
        assert groups[seat] == (
            f"#{len(state.hand(seat))}" if flag else position_group(state, seat)
        )
    if hide_boneyard:
        assert text.split(" ")[2] == f"#{len(state.boneyard)}"
    assert parse_position(text) == hidden
    assert format_position(parse_position(text)) == text
    field = "hands" if any(hide) else "boneyard"
    for given_position in (text, hidden):
        with pytest.raises(NotationError) as info:
            HandState.from_position(given_position, state.rules)
        assert_notation_error(info.value, field)


def position_group(state: HandState, seat: int) -> str:
    """How a visible hand is written."""
    return ",".join(str(t) for t in state.hand(seat)) or "-"


@pytest.mark.parametrize(
    ("text", "hands", "boneyard"),
    [
        ("d6 #7/#7 #14 - 1 lead:6-6", (7, 7), 14),
        ("d6 #0/#0 #0 - 0 lead:any", (0, 0), 0),
        ("d6 0-0,1-1/#5/- #999999 - 0 lead:draw", ((Tile(0, 0), Tile(1, 1)), 5, ()), 999999),
        (
            "d6 #6/0-2 1-5,2-3 *6|6 0 play last=1",
            (6, (Tile(0, 2),)),
            (Tile(1, 5), Tile(2, 3)),
        ),
    ],
)
def test_hidden_group_examples(
    text: str, hands: tuple[tuple[Tile, ...] | int, ...], boneyard: tuple[Tile, ...] | int
) -> None:
    position = parse_position(text)
    assert position.hands == hands
    assert position.boneyard == boneyard
    assert format_position(position) == text
    with pytest.raises(NotationError) as info:
        HandState.from_position(text, BLOCK)
    assert_notation_error(info.value, "hands")


def test_a_hidden_boneyard_alone_makes_no_state() -> None:
    text = SEED3_AFTER_LEAD.replace(
        "1-5,2-3,0-6,0-0,1-1,5-6,5-5,0-5,4-5,1-4,1-2,2-5,3-5,1-3", "#14"
    )
    assert parse_position(text).boneyard == 14
    with pytest.raises(NotationError) as info:
        HandState.from_position(text, BLOCK)
    assert_notation_error(info.value, "boneyard")
    assert "hidden" in str(info.value)


@pytest.mark.parametrize("group", ["#", "#x", "#-1", "#01", "#1234567", "##1", "#1,0-0", "0-0,#1"])
def test_malformed_hidden_groups(group: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_position(f"d6 {group}/#7 #14 - 1 lead:6-6")
    assert_notation_error(info.value, "hands")
    with pytest.raises(NotationError) as info:
        parse_position(f"d6 #7/#7 {group} - 1 lead:6-6")
    assert_notation_error(info.value, "boneyard")


# --------------------------------------------------------------------------- 3. error paths

B_HANDS = "0-1,2-2,0-3,2-4,1-6,3-6,4-6/0-2,3-3,0-4,3-4,4-4,2-6"
B_BONE = "1-5,2-3,0-6,0-0,1-1,5-6,5-5,0-5,4-5,1-4,1-2,2-5,3-5,1-3"
"""The seed-3 hand after the lead: 12 + 14 tiles, and 6-6 in the line."""


def after_lead(**fields: str) -> str:
    """The seed-3 position after the lead, with some fields replaced."""
    parts = {
        "set": "d6",
        "hands": B_HANDS,
        "boneyard": B_BONE,
        "line": "*6|6",
        "turn": "0",
        "phase": "play",
        "options": "last=1",
    }
    parts.update(fields)
    return " ".join(v for v in parts.values() if v)


PARSE_ERRORS: list[tuple[str, str, str]] = [
    # (id, text, field named)
    ("empty", "", "position"),
    ("one field", "d6", "position"),
    ("five fields", "d6 #7/#7 #14 - 1", "position"),
    ("double space", SEED3_AFTER_LEAD.replace(" ", "  ", 1), "position"),
    ("double space before options", SEED3_AFTER_LEAD.replace(" last", "  last"), "position"),
    ("leading space", " " + SEED3_AFTER_LEAD, "position"),
    ("trailing space", SEED3_AFTER_LEAD + " ", "position"),
    ("tab separator", SEED3_AFTER_LEAD.replace(" ", "\t"), "position"),
    ("set without d", after_lead(set="6"), "set"),
    ("set upper-case", after_lead(set="D6"), "set"),
    ("set with no number", after_lead(set="d"), "set"),
    ("set negative", after_lead(set="d-1"), "set"),
    ("set leading zero", after_lead(set="d06"), "set"),
    ("set with sign", after_lead(set="d+6"), "set"),
    ("set too long", after_lead(set="d1234567"), "set"),
    ("set not a number", after_lead(set="dsix"), "set"),
    ("set beyond MAX_SET", after_lead(set=f"d{MAX_SET + 1}"), "set"),
    ("set far beyond MAX_SET", after_lead(set="d999999"), "set"),
    ("one seat only", after_lead(hands="0-1,2-2"), "hands"),
    ("one hidden seat only", after_lead(hands="#7"), "hands"),
    ("bad tile in a hand", after_lead(hands="0-1,x/0-2"), "hands"),
    ("tile with a space", "d6 0-1/0- 2 - - 0 lead:any", "hands"),
    ("tile with a sign", after_lead(hands="+0-1/0-2"), "hands"),
    ("tile with 4 digits", after_lead(hands="0-1000/0-2"), "hands"),
    ("half a tile", after_lead(hands="0-/0-2"), "hands"),
    ("tile with a double separator", after_lead(hands="0--1/0-2"), "hands"),
    ("empty item in a hand", after_lead(hands="0-1,,2-2/0-2"), "hands"),
    ("trailing comma in a hand", after_lead(hands="0-1,/0-2"), "hands"),
    ("empty hand not written -", after_lead(hands="0-1//0-2"), "hands"),
    ("empty hand mixed with tiles", after_lead(hands="-,0-1/0-2"), "hands"),
    ("bad tile in the boneyard", after_lead(boneyard="1-5,x"), "boneyard"),
    ("seats in the boneyard", after_lead(boneyard="1-5/2-3"), "boneyard"),
    ("empty boneyard item", after_lead(boneyard=","), "boneyard"),
    ("line of tiles written a-b", after_lead(line="*6-6"), "line"),
    ("line item not a pair", after_lead(line="*6"), "line"),
    ("line item with brackets", after_lead(line="*[6|6]"), "line"),
    ("line with an empty item", after_lead(line="*6|6,"), "line"),
    ("line with no lead mark", after_lead(line="6|6"), "line"),
    ("line with two lead marks", after_lead(line="*1|6,*6|6"), "line"),
    ("line with a doubled lead mark", after_lead(line="**6|6"), "line"),
    ("line with a misplaced mark", after_lead(line="6|6*"), "line"),
    ("turn not a number", after_lead(turn="x"), "turn"),
    ("turn negative", after_lead(turn="-1"), "turn"),
    ("turn with a leading zero", after_lead(turn="01"), "turn"),
    ("turn too long", after_lead(turn="1234567"), "turn"),
    ("unknown phase", after_lead(phase="playing"), "phase"),
    ("phase upper-case", after_lead(phase="PLAY"), "phase"),
    ("unknown ending", after_lead(phase="over:won"), "phase"),
    ("empty ending", after_lead(phase="over:"), "phase"),
    ("ending upper-case", after_lead(phase="over:DOMINO"), "phase"),
    ("ending by enum name", after_lead(phase="over:FALSE_BLOCK"), "phase"),
    ("bad opening tile", after_lead(phase="lead:6"), "phase"),
    ("empty opening", after_lead(phase="lead:"), "phase"),
    ("opening neither a tile nor a word", after_lead(phase="lead:anything"), "phase"),
    ("unknown option", after_lead(options="last=1 turn=0"), "options"),
    ("option upper-case", after_lead(options="LAST=1"), "options"),
    ("options out of order", after_lead(options="last=1 round=0+1"), "options"),
    ("faults before last", after_lead(options="faults=0:false_pass:1 last=1"), "options"),
    ("false-pass before drew", after_lead(options="false-pass drew=1"), "options"),
    ("repeated option", after_lead(options="last=1 last=1"), "options"),
    ("repeated flag", after_lead(options="false-pass false-pass"), "options"),
    ("option with a colon", after_lead(options="last:1"), "options"),
    ("round without a value", after_lead(options="round"), "round"),
    ("round with an empty value", after_lead(options="round="), "round"),
    ("round with one number", after_lead(options="round=1"), "round"),
    ("round with a minus", after_lead(options="round=0-1"), "round"),
    ("round with a leading zero", after_lead(options="round=0+01"), "round"),
    ("round with three numbers", after_lead(options="round=0+1+1"), "round"),
    ("drew without a value", after_lead(options="drew"), "drew"),
    ("drew not a number", after_lead(options="drew=one"), "drew"),
    ("drew negative", after_lead(options="drew=-1"), "drew"),
    ("drew twice =", after_lead(options="drew==1"), "drew"),
    ("last without a value", after_lead(options="last"), "last"),
    ("last empty", after_lead(options="last="), "last"),
    ("last not a number", after_lead(options="last=x"), "last"),
    ("false-pass with a value", after_lead(options="false-pass=1"), "false-pass"),
    ("false-pass with an empty value", after_lead(options="false-pass="), "false-pass"),
    ("faults without a value", after_lead(options="faults"), "faults"),
    ("faults empty", after_lead(options="faults="), "faults"),
    ("fault not a triple", after_lead(options="faults=0:false_pass"), "faults"),
    ("fault of an unknown kind", after_lead(options="faults=0:cheating:1"), "faults"),
    ("fault kind with a dash", after_lead(options="faults=0:false-pass:1"), "faults"),
    ("fault with a trailing ;", after_lead(options="faults=0:false_pass:1;"), "faults"),
    ("faults joined by ,", after_lead(options="faults=0:false_pass:1,1:false_pass:2"), "faults"),
    ("fault seat negative", after_lead(options="faults=-1:false_pass:1"), "faults"),
]


@pytest.mark.parametrize(
    ("text", "field"), [(t, f) for _, t, f in PARSE_ERRORS], ids=[i for i, _, _ in PARSE_ERRORS]
)
def test_parse_position_errors(text: str, field: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_position(text)
    assert_notation_error(info.value, field)
    assert info.value.text == text
    assert info.value.what.startswith("position")
    # from_position reads the text with parse_position first: the same error
    with pytest.raises(NotationError) as again:
        HandState.from_position(text, BLOCK)
    assert str(again.value) == str(info.value)


def test_the_error_cases_start_from_a_valid_position() -> None:
    """Each error case changes one field of this position, which is valid."""
    text = after_lead()
    assert text == SEED3_AFTER_LEAD
    assert HandState.from_position(text, BLOCK) == seed3_state(1)


@pytest.mark.parametrize("value", [None, 7, 1.5, b"d6 - - - 0 lead:any", ["d6"], Tile(1, 2)])
def test_parsers_refuse_what_is_not_text(value: object) -> None:
    for name, parser, what in (
        ("parse_position", parse_position, "position"),
        ("parse_move", parse_move, "move"),
        ("parse_tile", parse_tile, "tile"),
        ("Tile.parse", Tile.parse, "tile"),
    ):
        with pytest.raises(NotationError) as info:
            parser(value)  # type: ignore[arg-type]
        assert_notation_error(info.value)
        assert info.value.what == what, name
        assert "text" in str(info.value), name


@pytest.mark.parametrize("value", [None, 7, b"d6 - - - 0 lead:any", ["d6"]])
def test_from_position_refuses_what_is_not_text(value: object) -> None:
    """Anything but text or a `Position` goes to the parser, which refuses it."""
    with pytest.raises(NotationError):
        HandState.from_position(value, BLOCK)  # type: ignore[arg-type]


def test_text_longer_than_max_text_is_refused() -> None:
    long_position = SEED3_AFTER_LEAD + " " + "x" * (MAX_TEXT - len(SEED3_AFTER_LEAD))
    assert len(long_position) == MAX_TEXT + 1
    for parser, what in (
        (parse_position, "position"),
        (lambda text: HandState.from_position(text, BLOCK), "position"),
        (parse_move, "move"),
        (parse_tile, "tile"),
    ):
        with pytest.raises(NotationError) as info:
            parser(long_position)
        assert_notation_error(info.value)
        assert str(MAX_TEXT) in str(info.value)
        assert info.value.what == what
        assert len(info.value.text) <= 100  # the error does not carry the whole text
    # at exactly MAX_TEXT characters the length is fine: the error is about the content
    at_limit = long_position[:-1]
    with pytest.raises(NotationError) as info:
        parse_position(at_limit)
    assert_notation_error(info.value, "options")
    for parser in (parse_move, parse_tile):
        with pytest.raises(NotationError) as info:
            parser("0" * MAX_TEXT)
        assert str(MAX_TEXT) not in str(info.value)


LEAD_HANDS = "0-1,2-2,0-3,2-4,1-6,3-6,4-6/0-2,3-3,0-4,3-4,4-4,2-6,6-6"
D6_ALL = ",".join(str(t) for t in TileSet.double(6))

FROM_POSITION_ERRORS: list[tuple[str, str, Ruleset, str]] = [
    # (id, text, rules, field named)
    ("set smaller than the ruleset's", "d5 #7/#7 #7 - 0 lead:any", BLOCK, "set"),
    (
        "set larger than the ruleset's",
        SEED3_AFTER_LEAD,
        Ruleset.block(max_pip=9, hand_size=7),
        "set",
    ),
    ("three hands for two seats", after_lead(hands=B_HANDS + "/-"), BLOCK, "hands"),
    ("two hands for three seats", SEED3_AFTER_LEAD, Ruleset.block(players=3), "hands"),
    ("two hands for four seats", SEED3_AFTER_LEAD, Ruleset.block(players=4), "hands"),
    ("hidden hand", after_lead(hands="#12/" + B_HANDS.split("/")[1]), BLOCK, "hands"),
    ("hidden boneyard", after_lead(boneyard="#14"), BLOCK, "boneyard"),
    ("tile outside the set in a hand", after_lead(hands=B_HANDS + ",6-7"), BLOCK, "hands"),
    ("tile of another set in a hand", after_lead(hands="0-99/-"), BLOCK, "hands"),
    (
        "tile outside the set in the boneyard",
        after_lead(boneyard=B_BONE + ",0-7"),
        BLOCK,
        "boneyard",
    ),
    ("tile outside the set in the line", after_lead(line="*6|6,6|7"), BLOCK, "line"),
    ("tile twice in a hand", after_lead(hands="0-1,0-1" + B_HANDS[3:]), BLOCK, "hands"),
    ("tile written twice in two forms", after_lead(hands="0-1,1-0" + B_HANDS[3:]), BLOCK, "hands"),
    ("tile in two hands", after_lead(hands=B_HANDS + ",0-1"), BLOCK, "hands"),
    ("tile in a hand and the boneyard", after_lead(boneyard=B_BONE + ",0-1"), BLOCK, "boneyard"),
    ("tile twice in the boneyard", after_lead(boneyard=B_BONE + ",1-5"), BLOCK, "boneyard"),
    ("tile in the line and a hand", after_lead(line="*6|6,6|1"), BLOCK, "line"),
    ("tile in the line and the boneyard", after_lead(line="*6|6,6|0"), BLOCK, "line"),
    ("tile twice in the line", "d6 -/- - 6|6,*6|6 0 play", BLOCK, "line"),
    ("a tile missing", after_lead(boneyard=B_BONE[:-4]), BLOCK, "tiles"),
    ("every tile missing", "d6 -/- - - 0 lead:any", BLOCK, "tiles"),
    (
        "line not matching",
        "d2 0-0,0-1/1-2 0-2 *2|2,1|1 0 play",
        Ruleset.block(max_pip=2, hand_size=1),
        "line",
    ),
    (
        "line not matching on the left",
        "d2 0-0,0-1/1-1 0-2 2|1,*2|2 0 play",
        Ruleset.block(max_pip=2, hand_size=1),
        "line",
    ),
    (
        "line with a reversed tile",
        "d2 0-0,0-1/1-1 0-2 *2|2,1|2 0 play",
        Ruleset.block(max_pip=2, hand_size=1),
        "line",
    ),
    ("turn out of range", after_lead(turn="2"), BLOCK, "turn"),
    ("turn far out of range", after_lead(turn="999999"), BLOCK, "turn"),
    ("last out of range", after_lead(options="last=2"), BLOCK, "last"),
    ("last before the lead", SEED3_START + " last=0", BLOCK, "last"),
    ("play before the lead", SEED3_START.replace("lead:6-6", "play"), BLOCK, "phase"),
    ("over before the lead", SEED3_START.replace("lead:6-6", "over:blocked"), BLOCK, "phase"),
    ("over:domino before the lead", f"d6 -/{D6_ALL} - - 0 over:domino", BLOCK, "phase"),
    ("lead:tile after the lead", after_lead(phase="lead:6-6"), BLOCK, "phase"),
    ("lead:any after the lead", after_lead(phase="lead:any"), BLOCK, "phase"),
    ("lead:draw after the lead", after_lead(phase="lead:draw"), BLOCK, "phase"),
    (
        "opening tile not in the leader's hand",
        SEED3_START.replace(" 1 lead", " 0 lead"),
        BLOCK,
        "phase",
    ),
    ("opening tile in the boneyard", SEED3_START.replace("lead:6-6", "lead:0-0"), BLOCK, "phase"),
    ("opening tile outside the set", SEED3_START.replace("lead:6-6", "lead:7-7"), BLOCK, "phase"),
    ("round proposer out of range", after_lead(options="round=2+1 last=1"), BLOCK, "round"),
    ("round with nobody confirmed", after_lead(options="round=0+0 last=1"), BLOCK, "round"),
    ("round with too many confirmations", after_lead(options="round=0+3 last=1"), BLOCK, "round"),
    ("round complete while not over", after_lead(options="round=0+2 last=1"), BLOCK, "round"),
    ("round complete before the lead", SEED3_START + " round=1+2", BLOCK, "round"),
    ("drew without draw-one-then-pass", after_lead(options="drew=1 last=1"), BLOCK, "drew"),
    ("drew under draw-until-playable", after_lead(options="drew=1 last=1"), Ruleset.draw(), "drew"),
    (
        "drew twice under draw-one-then-pass",
        after_lead(options="drew=2 last=1"),
        Ruleset.draw(drawing=DrawRule.ONE_THEN_PASS),
        "drew",
    ),
    ("domino ending with tiles left", after_lead(phase="over:domino"), BLOCK, "phase"),
    (
        "domino ending, the other seat empty",
        "d2 -/0-1,1-1,0-2,1-2,2-2 - *0|0 1 over:domino last=0",
        Ruleset.block(max_pip=2, hand_size=1),
        "phase",
    ),
    (
        "fault seat out of range",
        after_lead(options="last=1 faults=2:false_pass:1"),
        BLOCK,
        "faults",
    ),
    (
        "second fault seat out of range",
        after_lead(options="last=1 faults=0:false_pass:1;7:forbidden_draw:2"),
        BLOCK,
        "faults",
    ),
]


@pytest.mark.parametrize(
    ("text", "rules", "field"),
    [(t, r, f) for _, t, r, f in FROM_POSITION_ERRORS],
    ids=[i for i, _, _, _ in FROM_POSITION_ERRORS],
)
def test_from_position_errors(text: str, rules: Ruleset, field: str) -> None:
    position = parse_position(text)  # well-formed: only the ruleset check refuses it
    for given_position in (text, position):
        with pytest.raises(NotationError) as info:
            HandState.from_position(given_position, rules)
        assert_notation_error(info.value, field)
        assert info.value.what == f"position {field}"


def test_from_position_error_cases_differ_from_a_valid_position() -> None:
    """The valid positions the error cases are made from."""
    small = Ruleset.block(max_pip=2, hand_size=1)
    for text, rules in (
        (SEED3_START, BLOCK),
        (SEED3_AFTER_LEAD, BLOCK),
        (after_lead(options="round=0+1 last=1"), BLOCK),
        (after_lead(options="drew=1 last=1"), Ruleset.draw(drawing=DrawRule.ONE_THEN_PASS)),
        (after_lead(options="last=1 faults=1:false_pass:1"), BLOCK),
        ("d2 0-0,0-1/1-1 0-2 *2|2,2|1 0 play", small),
        ("d2 0-0,0-1/1-1 0-2 1|2,*2|2 0 play", small),
        ("d2 -/0-1,1-1,0-2,1-2,2-2 - *0|0 0 over:domino last=0", small),
    ):
        state = HandState.from_position(text, rules)
        assert state.position() == text
        assert_state_round_trips(state)


def lead_dead_end(state: HandState) -> bool:
    """Whether ``state`` is one of the inconsistent lead positions ``from_position``
    accepts (see `test_from_position_refuses_a_lead_nobody_can_make`): the only legal
    move is a draw that is refused, or there is no legal move at all."""
    if state.phase is not Phase.LEAD:
        return False
    moves = state.legal_moves()
    return not moves or (moves == (DRAW,) and not state.is_legal(DRAW))


def assert_playable(state: HandState) -> None:
    """A state ``from_position`` made is as usable as one reached by play: its legal
    moves are empty exactly when it is over, each of them is legal and applies, and
    its result, round and layout can be read."""
    repr(state)
    assert state.layout.line == parse_position(state.position()).line
    state.verification  # noqa: B018 - reading it must not raise
    assert (state.result is not None) == state.is_over
    moves = state.legal_moves()
    assert bool(moves) != state.is_over, state.position()
    for move in moves:
        assert state.is_legal(move), (state.position(), move)
        after = state.apply(move)
        assert_state_round_trips(after)


@pytest.mark.parametrize(
    ("text", "rules"),
    [
        pytest.param(
            "d1 0-1/0-0 1-1 - 0 lead:draw",
            Ruleset.block(max_pip=1, hand_size=1),
            id="lead:draw without drawing",
        ),
        pytest.param(
            "d1 0-1/1-1 0-0 - 1 lead:draw",
            Ruleset.draw(
                max_pip=1,
                hand_size=1,
                boneyard_floor=1,
                no_double=NoDoubleRule.DRAW_FOR_DOUBLE,
            ),
            id="lead:draw with the boneyard at the floor",
        ),
        pytest.param(
            "d1 0-1/1-1 0-0 - 0 lead:draw drew=1",
            Ruleset.draw(
                max_pip=1,
                hand_size=1,
                drawing=DrawRule.ONE_THEN_PASS,
                no_double=NoDoubleRule.DRAW_FOR_DOUBLE,
            ),
            id="lead:draw after a draw under draw-one-then-pass",
        ),
        pytest.param(
            "d1 0-1,1-1/- 0-0 - 1 lead:any",
            Ruleset.block(max_pip=1, hand_size=1),
            id="lead:any with an empty hand",
        ),
    ],
)
def test_from_position_refuses_a_lead_nobody_can_make(text: str, rules: Ruleset) -> None:
    """Either the position is refused (the fix we expect: a NotationError naming the
    phase) or the state is consistent; today neither holds."""
    try:
        state = HandState.from_position(text, rules)
    except NotationError as error:
        assert_notation_error(error, "phase")
        return
    assert_playable(state)


def test_a_position_whose_lead_is_outside_the_line() -> None:
    """A `Position` built by hand may point its lead past the line (a string cannot)."""
    position = Position(
        max_pip=6,
        hands=tuple(tuple(parse_tile(t) for t in h.split(",")) for h in B_HANDS.split("/")),
        boneyard=tuple(parse_tile(t) for t in B_BONE.split(",")),
        line=((6, 6),),
        lead=1,
        turn=0,
        last=1,
    )
    with pytest.raises(NotationError) as info:
        HandState.from_position(position, BLOCK)
    assert_notation_error(info.value, "line")


def test_from_position_uses_the_ruleset_given() -> None:
    """The same string under a ruleset with other options is another state."""
    draw_rules = Ruleset.draw()
    state = HandState.from_position(SEED3_AFTER_LEAD, draw_rules)
    assert state.rules == draw_rules
    assert state != HandState.from_position(SEED3_AFTER_LEAD, BLOCK)
    assert state.position() == SEED3_AFTER_LEAD
    assert DRAW not in state.legal_moves()  # 0 holds 1-6, 3-6 and 4-6


# --------------------------------------------------------------------------- 4. fuzzing

GRAMMAR = "0123456789-|[],/*#:+=; dLRabcdefghijklmnopqrstuvwxyz_"
"""Every character the notation uses."""

SNIPPETS = [
    "d0",
    "d1",
    "d2",
    "d6",
    "d30",
    "d31",
    "-",
    "#0",
    "#3",
    "#999999",
    "*0|0",
    "0|0",
    "*6|6",
    "lead:any",
    "lead:draw",
    "lead:0-0",
    "lead:6-6",
    "lead:[6|6]",
    "play",
    "over:domino",
    "over:blocked",
    "over:forfeit",
    "over:false_block",
    "round=0+1",
    "round=1+2",
    "round=0+4",
    "drew=1",
    "drew=2",
    "last=0",
    "last=1",
    "last=5",
    "false-pass",
    "faults=0:false_pass:1",
    "faults=1:forbidden_draw:0;0:false_pass:3",
    "0-0",
    "6-6:L",
    "draw 2-3",
    "pass",
    "[5|10]",
    "5|10",
    "0",
    "1",
    "2",
    "3",
]
"""Whole fields, valid somewhere: spliced in by the mutator."""

MAX_FUZZ = 5000
"""Mutated strings are cut to this many characters."""

ODD_TEXT = st.text(min_size=1, max_size=3)
"""Any characters: unicode, controls, surrogates excluded by Hypothesis."""


def mutate(draw: st.DrawFn, text: str) -> str:
    """``text`` changed by one to five drawn edits: characters deleted, inserted or
    replaced, digits changed, fields (split at spaces) or items (split at ``,`` and
    ``/``) duplicated, dropped, swapped or spliced from :data:`SNIPPETS`, the text
    cut or repeated."""
    for _ in range(draw(st.integers(1, 5), label="edits")):
        op = draw(
            st.sampled_from(
                [
                    "delete",
                    "insert",
                    "replace",
                    "digit",
                    "digits",
                    "dup_field",
                    "drop_field",
                    "swap_fields",
                    "splice",
                    "item",
                    "cut",
                    "repeat",
                ]
            ),
            label="edit",
        )
        n = len(text)
        if op in ("delete", "replace", "cut") and n == 0:
            op = "insert"
        if op == "delete":
            i = draw(st.integers(0, n - 1))
            j = draw(st.integers(i + 1, min(n, i + 4)))
            text = text[:i] + text[j:]
        elif op in ("insert", "replace"):
            i = draw(st.integers(0, n if op == "insert" else n - 1))
            new = draw(st.one_of(st.sampled_from(GRAMMAR), st.sampled_from(SNIPPETS), ODD_TEXT))
            text = text[:i] + new + text[i + (op == "replace") :]
        elif op in ("digit", "digits"):
            digits = [m.start() for m in re.finditer(r"[0-9]", text)]
            if digits:
                i = draw(st.sampled_from(digits))
                new = draw(
                    st.sampled_from("0123456789")
                    if op == "digit"
                    else st.sampled_from(["10", "31", "99", "999", "1000", "", "00", "-1"])
                )
                text = text[:i] + new + text[i + 1 :]
        elif op == "item":
            text = mutate_item(draw, text)
        elif op == "cut":
            text = text[: draw(st.integers(0, n - 1))]
        elif op == "repeat":
            text = text + draw(st.sampled_from([" ", "", ",", "/"])) + text
        else:
            fields = text.split(" ")
            i = draw(st.integers(0, len(fields) - 1))
            if op == "dup_field":
                fields.insert(draw(st.integers(0, len(fields))), fields[i])
            elif op == "drop_field":
                del fields[i]
            elif op == "swap_fields":
                j = draw(st.integers(0, len(fields) - 1))
                fields[i], fields[j] = fields[j], fields[i]
            else:
                fields[i] = draw(st.sampled_from(SNIPPETS))
            text = " ".join(fields)
    return text[:MAX_FUZZ]


def mutate_item(draw: st.DrawFn, text: str) -> str:
    """Duplicate, drop or move one tile-like item (``a-b``, ``a|b``, ``*a|b``)."""
    items = list(re.finditer(r"\*?[0-9]+[-|][0-9]+", text))
    if not items:
        return text
    item = draw(st.sampled_from(items))
    action = draw(st.sampled_from(["dup", "drop", "move", "flip"]))
    start, end, token = item.start(), item.end(), item.group()
    if action == "dup":
        return text[:end] + "," + token + text[end:]
    if action == "flip":
        a, sep, b = re.split(r"([-|])", token.lstrip("*"))
        return text[:start] + ("*" if token[0] == "*" else "") + b + sep + a + text[end:]
    rest = text[:start] + text[end:]
    rest = rest.replace(",,", ",", 1)
    if action == "drop":
        return rest
    others = [m.end() for m in re.finditer(r"[0-9]+[-|][0-9]+", rest)]
    if not others:
        return rest
    at = draw(st.sampled_from(others))
    return rest[:at] + "," + token + rest[at:]


@st.composite
def played_positions(draw: st.DrawFn) -> tuple[Ruleset, str]:
    """A ruleset and the position string of a state of a hand played under it."""
    hand = draw(variant_hands())
    state = draw(st.sampled_from(hand.states))
    return hand.rules, state.position()


@st.composite
def mutated_positions(draw: st.DrawFn) -> tuple[Ruleset, str, str]:
    """A ruleset, a played position string and that string mutated."""
    rules, text = draw(played_positions())
    return rules, text, mutate(draw, text)


@st.composite
def mutated_block_positions(draw: st.DrawFn) -> str:
    """The position of a ``Ruleset.block()`` hand (so ``BLOCK`` fits it), mutated."""
    seed = draw(st.integers(0, 2**32 - 1))
    state = HandState.start(BLOCK, Deal.random(BLOCK, seed=seed))
    for _ in range(draw(st.integers(0, 30))):
        moves = state.legal_moves()
        if not moves:
            break
        state = state.apply(moves[draw(st.integers(0, len(moves) - 1))])
    return mutate(draw, state.position())


@st.composite
def mutated_moves(draw: st.DrawFn) -> str:
    """A move token of a played hand (from its history or legal moves), mutated."""
    hand = draw(variant_hands())
    tokens = [str(m) for m in hand.moves] + [str(m) for m in hand.states[0].legal_moves()]
    tokens += ["pass", "draw"]
    return mutate(draw, draw(st.sampled_from(tokens)))


@st.composite
def mutated_tiles(draw: st.DrawFn) -> str:
    """A tile in one of its four forms, mutated."""
    a = draw(st.integers(0, MAX_SET + 2))
    b = draw(st.integers(0, MAX_SET + 2))
    text = draw(st.sampled_from([f"{a}-{b}", f"{a}|{b}", f"[{a}|{b}]", f"{b}-{a}"]))
    return mutate(draw, text)


GRAMMAR_TEXT = st.text(alphabet=GRAMMAR, max_size=300)
"""Text over the notation's own characters: reaches deeper than arbitrary text."""

ANY_TEXT = st.one_of(
    st.text(max_size=200),
    st.text(alphabet=st.characters(codec="utf-8"), max_size=50),
    st.text(alphabet=st.characters(max_codepoint=0x7F), max_size=100),
    GRAMMAR_TEXT,
    st.text(max_size=3000),
)
"""Arbitrary text: any unicode (controls included), ASCII, the grammar's characters,
and long strings up to a few thousand characters."""


def check_parser_result(name: str, result: object) -> None:
    """What a parser returned is its kind of value, and it writes back consistently."""
    if result is None:
        return
    if name in ("parse_tile", "Tile.parse"):
        assert isinstance(result, Tile)
        assert parse_tile(str(result)) == result
    elif name == "parse_move":
        assert isinstance(result, Play | Draw | Pass)
        assert parse_move(format_move(result)) == result
    elif name == "parse_position":
        assert isinstance(result, Position)
        assert parse_position(format_position(result)) == result
    else:
        assert isinstance(result, HandState)
        assert_state_round_trips(result)


@pytest.mark.parametrize("name", list(PARSERS))
def test_fuzz_arbitrary_text(name: str) -> None:
    """Arbitrary text: every parser returns its value or raises `NotationError`."""
    parser = PARSERS[name]

    @FUZZ_SETTINGS
    @given(ANY_TEXT)
    def check(text: str) -> None:
        check_parser_result(name, parse_or_notation_error(parser, text))

    check()


@FUZZ_SETTINGS
@given(mutated_tiles())
def test_fuzz_mutated_tiles(text: str) -> None:
    for name in ("parse_tile", "Tile.parse", "parse_move"):
        check_parser_result(name, parse_or_notation_error(PARSERS[name], text))


@FUZZ_SETTINGS
@given(mutated_moves())
def test_fuzz_mutated_moves(text: str) -> None:
    for name in ("parse_move", "parse_tile"):
        check_parser_result(name, parse_or_notation_error(PARSERS[name], text))


def _surviving_mutation() -> tuple[Ruleset, str, str]:
    """A Block position with the first hand written in reverse: still a valid state."""
    state = HandState.start(BLOCK, Deal.random(BLOCK, seed=1))
    position = parse_position(state.position())
    hands = list(position.hands)
    first = hands[0]
    assert not isinstance(first, int)
    hands[0] = tuple(reversed(first))
    return BLOCK, state.position(), format_position(attrs.evolve(position, hands=tuple(hands)))


SURVIVING_MUTATION = _surviving_mutation()


def test_fuzz_mutated_positions() -> None:
    """Mutated position strings of played hands: ``parse_position`` and ``from_position``
    (under the hand's ruleset) return a value or raise `NotationError`; a string that
    still makes a state gives a state whose position round-trips. Enough mutations
    survive both steps for the round trip to be exercised."""
    outcomes = {"parsed": 0, "state": 0, "changed state": 0}

    @FUZZ_SETTINGS
    @given(mutated_positions())
    @example(SURVIVING_MUTATION)  # a mutation that still makes a state, whatever is drawn
    def check(case: tuple[Ruleset, str, str]) -> None:
        rules, original, text = case
        position = parse_or_notation_error(parse_position, text)
        check_parser_result("parse_position", position)
        state = parse_or_notation_error(lambda t: HandState.from_position(t, rules), text)
        if state is not None:
            assert position is not None
            check_parser_result("from_position", state)
            outcomes["state"] += 1
            if text != original:
                outcomes["changed state"] += 1
        if position is not None:
            outcomes["parsed"] += 1

    check()
    assert outcomes["parsed"] >= 10, outcomes
    assert outcomes["changed state"] >= 1, outcomes


def edit_position(draw: st.DrawFn, position: Position, players: int) -> Position:
    """``position`` with one to four plausible edits: a tile moved between hands and
    boneyard, a hand written out of canonical order, another seat to move, another
    phase, other optional fields. The result is well-formed; it may or may not fit
    the ruleset."""
    hands = [list(h) for h in position.hands if not isinstance(h, int)]
    assert not isinstance(position.boneyard, int)
    groups = [*hands, list(position.boneyard)]
    fields = attrs.asdict(position, recurse=False)
    seat = st.integers(0, players)  # one past the last seat now and then
    for _ in range(draw(st.integers(1, 4), label="edits")):
        edit = draw(
            st.sampled_from(
                ["move", "shuffle", "turn", "phase", "round", "drew", "last", "flag", "faults"]
            ),
            label="edit",
        )
        if edit == "move":
            source = draw(st.sampled_from([g for g in groups if g]))
            tile = source.pop(draw(st.integers(0, len(source) - 1)))
            target = draw(st.sampled_from(groups))
            target.insert(draw(st.integers(0, len(target))), tile)
        elif edit == "shuffle":
            group = draw(st.sampled_from(groups))
            group[:] = draw(st.permutations(group))
        elif edit == "turn":
            fields["turn"] = draw(seat)
        elif edit == "phase":
            if position.line:
                fields["ending"] = draw(st.sampled_from([None, *Ending]))
            else:
                fields["opening"] = draw(
                    st.sampled_from(["any", "draw", *(t for h in hands for t in h)])
                )
        elif edit == "round":
            fields["round"] = draw(st.none() | st.tuples(seat, st.integers(0, players)))
        elif edit == "drew":
            fields["drew"] = draw(st.integers(0, 2))
        elif edit == "last":
            fields["last"] = draw(st.none() | seat)
        elif edit == "flag":
            fields["false_pass"] = not fields["false_pass"]
        else:
            fields["faults"] = tuple(
                draw(
                    st.lists(
                        st.builds(
                            Fault,
                            seat=seat,
                            kind=st.sampled_from(FaultKind),
                            move_number=st.integers(0, 60),
                        ),
                        max_size=3,
                    )
                )
            )
    fields["hands"] = tuple(tuple(g) for g in groups[:-1])
    fields["boneyard"] = tuple(groups[-1])
    return Position(**fields)


@st.composite
def edited_positions(draw: st.DrawFn) -> tuple[Ruleset, Position]:
    """A ruleset and a position of a hand played under it, plausibly edited."""
    hand = draw(ROUND_TRIP_HANDS)
    state = draw(st.sampled_from(hand.states))
    position = parse_position(state.position())
    return hand.rules, edit_position(draw, position, hand.rules.players)


def canonical(position: Position) -> Position:
    """``position`` with every hand in canonical tile order (as a state writes it)."""
    return attrs.evolve(
        position,
        hands=tuple(h if isinstance(h, int) else tuple(sorted(h)) for h in position.hands),
    )


def test_edited_positions_keep_every_field() -> None:
    """Positions edited so that they stay well-formed (tiles moved, seats, phases and
    options changed): ``from_position`` either refuses them with `NotationError` or
    makes a state that keeps every field: its position string is the edited one, up to
    the order of the tiles in each hand."""
    outcomes = {"refused": 0, "state": 0}

    @FUZZ_SETTINGS
    @given(edited_positions())
    def check(case: tuple[Ruleset, Position]) -> None:
        rules, position = case
        text = format_position(position)
        assert parse_position(text) == position
        state = parse_or_notation_error(lambda t: HandState.from_position(t, rules), text)
        if state is None:
            outcomes["refused"] += 1
            with pytest.raises(NotationError):
                HandState.from_position(position, rules)
            return
        assert isinstance(state, HandState)
        outcomes["state"] += 1
        assert HandState.from_position(position, rules) == state
        assert parse_position(state.position()) == canonical(position)
        assert_state_round_trips(state)

    check()
    assert outcomes["refused"] >= 20, outcomes
    assert outcomes["state"] >= 20, outcomes


def test_from_position_states_are_playable() -> None:
    """Whatever well-formed position ``from_position`` accepts (played positions,
    plausibly edited) is a state as usable as one reached by play, a few moves deep:
    legal moves exactly when not over, each one applies, and every state reached
    round-trips."""
    outcomes = {"state": 0}

    @FUZZ_SETTINGS
    @given(edited_positions(), st.data())
    def check(case: tuple[Ruleset, Position], data: st.DataObject) -> None:
        rules, position = case
        text = format_position(position)
        state = parse_or_notation_error(lambda t: HandState.from_position(t, rules), text)
        if state is None:
            return
        assert isinstance(state, HandState)
        for _ in range(8):
            assert not lead_dead_end(state), "from_position made a lead nobody can make"
            outcomes["state"] += 1
            assert_playable(state)
            moves = state.legal_moves()
            if not moves:
                return
            state = state.apply(data.draw(st.sampled_from(moves)))

    check()
    assert outcomes["state"] >= 100, outcomes


@FUZZ_SETTINGS
@given(mutated_block_positions())
def test_fuzz_mutated_block_positions(text: str) -> None:
    """The same with ``from_position`` under one fixed ruleset, ``Ruleset.block()``."""
    for name in ("parse_position", "from_position"):
        check_parser_result(name, parse_or_notation_error(PARSERS[name], text))


@FUZZ_SETTINGS
@given(played_positions(), GRAMMAR_TEXT, st.integers(0, 5))
def test_fuzz_grammar_text_in_a_field(case: tuple[Ruleset, str], junk: str, field: int) -> None:
    """One field of a played position replaced by text over the grammar's characters."""
    rules, text = case
    fields = text.split(" ")
    fields[field] = junk
    text = " ".join(fields)
    check_parser_result("parse_position", parse_or_notation_error(parse_position, text))
    state = parse_or_notation_error(lambda t: HandState.from_position(t, rules), text)
    check_parser_result("from_position", state)


def big_position() -> str:
    """A double-30 position: 496 tiles, about 2,700 characters."""
    rules = Ruleset(max_pip=MAX_SET, players=4, hand_size=100, drawing=DrawRule.ONE_THEN_PASS)
    return HandState.start(rules, Deal.random(rules, seed=1)).position()


def pathological_inputs() -> Iterator[tuple[str, str]]:
    """Inputs of a few thousand characters made to trouble a parser (repetition,
    nesting, separators only, near misses), with an id each."""
    big = big_position()
    yield "big position", big
    yield "big position with one bad tile at the end", big.replace(" lead:", ",0-31 lead:")
    yield "big position with its hands repeated", big.replace(" ", "/" + big.split(" ")[1] + " ", 1)
    yield "big position, set mangled", "d" + "9" * 3000 + big[3:]
    for unit in [
        "0-0,",
        "0|0,",
        "*0|0,",
        "[",
        "]",
        "[0|",
        "#",
        "/",
        ",",
        "-",
        "*",
        "9",
        " ",
        "=",
        "draw ",
        "round=",
        "0:false_pass:1;",
        "lead:",
        "over:",
        "\x00",
        "é",
        "\u202e",
    ]:
        yield f"{unit!r} x 3000", unit * (3000 // len(unit) + 1)
    yield "many seats", "d6 " + "/".join(["-"] * 3000) + " - - 0 lead:any"
    yield "many options", "d6 -/- - - 0 lead:any " + " ".join(["last=0"] * 500)
    yield "many faults", "d6 -/- - - 0 play faults=" + ";".join(["0:false_pass:1"] * 300)
    yield "long line", "d6 -/- - " + ",".join(["0|0"] * 1000) + ",*0|0 0 play"
    yield "long digits in a tile", "d6 " + "1" * 3000 + "-1/- - - 0 lead:any"
    yield "long digits in a move", "1" * 3000 + "-1:L"
    yield "long draw", "draw " + "1" * 3000 + "-1"


@pytest.mark.parametrize(
    "text", [pytest.param(text, id=ident) for ident, text in pathological_inputs()]
)
def test_long_inputs_parse_or_fail(text: str) -> None:
    """Every parser finishes on these (the test would hang otherwise) with a value or a
    `NotationError`."""
    assert len(text) <= 20_000
    for name, parser in PARSERS.items():
        check_parser_result(name, parse_or_notation_error(parser, text))


def test_a_double_30_position_round_trips() -> None:
    rules = Ruleset(max_pip=MAX_SET, players=4, hand_size=100, drawing=DrawRule.ONE_THEN_PASS)
    state = HandState.start(rules, Deal.random(rules, seed=1))
    for _ in range(12):
        assert_state_round_trips(state)
        state = state.apply(state.legal_moves()[0])
    assert_state_round_trips(state)


# --------------------------------------------------------------------------- 5. golden


def test_golden_block_seed_3() -> None:
    """``Ruleset.block()``, ``Deal.random(rules, seed=3)``: the lead and two moves."""
    rules = Ruleset.block()
    state = HandState.start(rules, Deal.random(rules, seed=3))
    assert state.position() == SEED3_START
    state = state.apply(Play(tile=Tile(6, 6)))
    assert state.position() == SEED3_AFTER_LEAD
    state = state.apply(Play(tile=Tile(1, 6), end=End.LEFT))
    state = state.apply(Play(tile=Tile(2, 6), end=End.RIGHT))
    assert state.position() == (
        "d6 0-1,2-2,0-3,2-4,3-6,4-6/0-2,3-3,0-4,3-4,4-4 "
        "1-5,2-3,0-6,0-0,1-1,5-6,5-5,0-5,4-5,1-4,1-2,2-5,3-5,1-3 "
        "1|6,*6|6,6|2 0 play last=1"
    )
    assert [str(step.move) for step in state.history] == ["6-6", "1-6:L", "2-6:R"]
    assert HandState.from_position(state.position(), rules) == state


def test_golden_every_optional_field() -> None:
    """Draw-one-then-pass, tolerant faults: ``drew``, ``round``, ``false-pass``,
    ``faults`` and the domino ending, move by move."""
    rules = Ruleset(
        max_pip=2,
        players=2,
        hand_size=2,
        drawing=DrawRule.ONE_THEN_PASS,
        faults=FaultMode.TOLERANT,
        fault_penalty=FaultPenalty.NONE,
    )
    state = HandState.start(rules, Deal.random(rules, seed=9))
    expected = [
        (None, "d2 0-0,2-2/0-1,1-1 1-2,0-2 - 0 lead:2-2"),
        ("2-2", "d2 0-0/0-1,1-1 1-2,0-2 *2|2 1 play last=0"),
        ("draw", "d2 0-0/0-1,1-1,1-2 0-2 *2|2 1 play drew=1 last=0"),
        ("1-2:L", "d2 0-0/0-1,1-1 0-2 1|2,*2|2 0 play last=1"),
        ("draw", "d2 0-0,0-2/0-1,1-1 - 1|2,*2|2 0 play drew=1 last=1"),
        ("0-2:R", "d2 0-0/0-1,1-1 - 1|2,*2|2,2|0 1 play last=0"),
        (
            "pass",
            "d2 0-0/0-1,1-1 - 1|2,*2|2,2|0 0 play round=1+1 last=0 false-pass "
            "faults=1:false_pass:5",
        ),
        ("0-0:R", "d2 -/0-1,1-1 - 1|2,*2|2,2|0,0|0 0 over:domino last=0 faults=1:false_pass:5"),
    ]
    for token, text in expected:
        if token is not None:
            state = state.apply(parse_move(token))
        assert state.position() == text
        assert_state_round_trips(state)
    assert state.result is not None
    assert state.result.ending is Ending.DOMINO


def test_golden_blocked_hand_from_a_written_position() -> None:
    """A position written by hand: both seats pass, the round completes, the hand is
    blocked."""
    rules = Ruleset.block(max_pip=3, hand_size=2)
    state = HandState.from_position(
        "d3 0-0,0-2/2-2,2-3 0-1,1-2,1-3,0-3,3-3 *1|1 0 play last=1", rules
    )
    assert state.legal_moves() == (PASS,)
    state = state.apply(PASS)
    assert state.position() == "d3 0-0,0-2/2-2,2-3 0-1,1-2,1-3,0-3,3-3 *1|1 1 play round=0+1 last=1"
    state = state.apply(PASS)
    assert state.position() == (
        "d3 0-0,0-2/2-2,2-3 0-1,1-2,1-3,0-3,3-3 *1|1 1 over:blocked round=0+2 last=1"
    )
    assert_state_round_trips(state)
    assert state.verification is not None
    assert state.verification.confirmed == (0, 1)


def test_golden_openings() -> None:
    any_tile = Ruleset(
        max_pip=2, players=2, hand_size=2, opening=Opening.SEAT_ANY_TILE, opening_seat=1
    )
    state = HandState.start(any_tile, Deal.random(any_tile, seed=1))
    assert state.position() == "d2 1-1,0-2/0-0,2-2 1-2,0-1 - 1 lead:any"
    draw_for_double = Ruleset(
        max_pip=2,
        players=2,
        hand_size=1,
        drawing=DrawRule.UNTIL_PLAYABLE,
        no_double=NoDoubleRule.DRAW_FOR_DOUBLE,
    )
    state = HandState.start(draw_for_double, Deal.random(draw_for_double, seed=19))
    assert state.position() == "d2 0-1/0-2 1-1,1-2,0-0,2-2 - 0 lead:draw"
    state = state.apply(DRAW)
    assert state.position() == "d2 0-1,1-1/0-2 1-2,0-0,2-2 - 0 lead:1-1"
    for text, rules in (
        ("d2 1-1,0-2/0-0,2-2 1-2,0-1 - 1 lead:any", any_tile),
        ("d2 0-1/0-2 1-1,1-2,0-0,2-2 - 0 lead:draw", draw_for_double),
    ):
        assert_state_round_trips(HandState.from_position(text, rules))


def test_golden_parse() -> None:
    """A position string with every field, read field by field."""
    text = (
        "d6 0-0,1-2/#5/- 3-4,#2 2|1,*1|1 2 over:false_block round=1+3 drew=1 last=0 "
        "false-pass faults=0:false_pass:3;2:forbidden_draw:7"
    )
    with pytest.raises(NotationError) as info:
        parse_position(text)  # a hidden group is the whole group, never an item
    assert_notation_error(info.value, "boneyard")
    text = text.replace("3-4,#2", "3-4,5-6")
    position = parse_position(text)
    assert position == Position(
        max_pip=6,
        hands=((Tile(0, 0), Tile(1, 2)), 5, ()),
        boneyard=(Tile(3, 4), Tile(5, 6)),
        line=((2, 1), (1, 1)),
        lead=1,
        turn=2,
        ending=Ending.FALSE_BLOCK,
        round=(1, 3),
        drew=1,
        last=0,
        false_pass=True,
        faults=(
            Fault(seat=0, kind=FaultKind.FALSE_PASS, move_number=3),
            Fault(seat=2, kind=FaultKind.FORBIDDEN_DRAW, move_number=7),
        ),
    )
    assert format_position(position) == text


def test_from_position_refuses_an_unknown_opening_built_in_code() -> None:
    """`parse_position` makes only the three opening kinds, but a `Position` built in
    code can carry any value: `from_position` names the field."""
    state = HandState.start(BLOCK, Deal.random(BLOCK, seed=1))
    position = attrs.evolve(parse_position(state.position()), opening="sideways")
    with pytest.raises(NotationError, match=r"bad position \(phase\): unknown opening"):
        HandState.from_position(position, BLOCK)


# ---------------------------------------------------------------- the grammar of pips
@pytest.mark.parametrize("text", ["06-6", "6-06", "00-1", "01-3:L", "draw 0-03", "007-7"])
def test_pips_with_a_leading_zero_are_refused_as_the_grammar_says(text: str) -> None:
    # pips = "0" | nonzero , [ digit , [ digit ] ] (docs/notation.md)
    with pytest.raises(NotationError):
        parse_move(text)


@pytest.mark.parametrize("text", ["0-0", "0-10", "10-100", "9-999", "0-1:L", "draw 0-30"])
def test_pips_the_grammar_allows_are_read(text: str) -> None:
    assert format_move(parse_move(text)).split(":")[0].replace("draw ", "") in {
        "-".join(sorted(text.split(":", maxsplit=1)[0].replace("draw ", "").split("-"), key=int))
    }
