"""Hand and match records (``dominoes.records``): the test data, round trips, errors, fuzzing."""

from __future__ import annotations

import io
import json
import random
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
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
    FaultKind,
    FaultMode,
    FaultPenalty,
    HandEntry,
    HandRecord,
    HandState,
    IllegalMoveReason,
    Match,
    MatchRecord,
    NotationError,
    Opening,
    Phase,
    Play,
    Problem,
    RecordError,
    Ruleset,
    Step,
    Tile,
)
from dominoes.errors import AmbiguousPresetWarning, ArgumentTypeError, ArgumentValueError
from dominoes.records import (
    FORMAT_VERSION,
    MAX_RECORD,
    dump,
    dumps,
    load,
    loads,
    validate,
)
from dominoes.records._locate import locate
from dominoes.records._write import toml_string
from paths import DATA, DOCS
from strategies import (
    VARIANT_SETTINGS,
    PlayedMatch,
    VariantHand,
    variant_hands,
    variant_matches,
)

FAST = settings(VARIANT_SETTINGS, max_examples=100)
FUZZ = settings(VARIANT_SETTINGS, max_examples=400)


def record_of(hand: VariantHand) -> HandRecord:
    return HandRecord.from_state(hand.final, seed=hand.seed)


def problems(text: str) -> list[tuple[int | None, str]]:
    return [(p.line, p.message) for p in validate(text)]


def error(text: str | bytes) -> RecordError:
    with pytest.raises(RecordError) as info:
        loads(text)
    return info.value


# --------------------------------------------------------------------------- test data
@dataclass(frozen=True)
class Expected:
    ending: Ending
    winners: tuple[int, ...]
    points: tuple[int, ...]
    moves: int
    pips: tuple[int, ...]


EXPECTED = {
    "block.toml": Expected(Ending.DOMINO, (0,), (12, 0), 13, (0, 12)),
    "draw-blocked.toml": Expected(Ending.BLOCKED, (1,), (0, 100), 26, (100, 8)),
    "partnership.toml": Expected(Ending.DOMINO, (1, 3), (0, 19, 0, 19), 25, (10, 2, 9, 0)),
    "pagat-draw.toml": Expected(Ending.DOMINO, (0,), (36, 0), 17, (0, 36)),
    "openspiel-block.toml": Expected(Ending.BLOCKED, (1,), (0, 30), 8, (30, 17)),
    "openspiel-team.toml": Expected(Ending.DOMINO, (1, 3), (0, 3, 0, 3), 25, (0, 0, 3, 2)),
    "abw333.toml": Expected(Ending.DOMINO, (0, 2), (11, 0, 11, 0), 25, (0, 7, 3, 1)),
    "false-pass.toml": Expected(Ending.FORFEIT, (0,), (30, 0), 6, (22, 19)),
    "false-pass-points.toml": Expected(Ending.DOMINO, (0,), (38, 0), 13, (0, 8)),
    "conceded.toml": Expected(Ending.CONCEDED, (0,), (31, 0), 4, (22, 31)),
}


def data_record(name: str) -> HandRecord:
    record = loads((DATA / name).read_text(encoding="utf-8"))
    assert isinstance(record, HandRecord)
    return record


def test_every_data_file_is_listed_and_commented() -> None:
    files = sorted(p.name for p in DATA.glob("*.toml"))
    assert files == sorted([*EXPECTED, "match.toml"])
    readme = (DATA / "README.md").read_text(encoding="utf-8")
    for name in files:
        text = (DATA / name).read_text(encoding="utf-8")
        assert text.startswith("# "), name
        assert "Expected" in text.split("format =")[0], name
        assert f"`{name}`" in readme, name
        assert validate(text) == []


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_data_file(name: str) -> None:
    expected = EXPECTED[name]
    record = data_record(name)
    final = record.final
    result = final.result
    assert result is not None
    assert final.move_count == len(record.moves) == expected.moves
    assert (result.ending, result.winners, result.points, result.pips) == (
        expected.ending,
        expected.winners,
        expected.points,
        expected.pips,
    )
    preset = name.removesuffix(".toml").removesuffix("-blocked")
    if not preset.startswith(("false-pass", "conceded")):
        assert record.preset == preset
        assert record.rules == Ruleset.preset(preset)
    # the records round-trip through both formats
    for form in ("toml", "json"):
        assert loads(dumps(record, format=form)) == record


def test_data_block_names_and_event() -> None:
    record = data_record("block.toml")
    assert record.names == ("Ana", "Ben")
    assert dict(record.event)["date"] == "2026-03-03"
    assert record.final.result is not None
    assert record.final.result.domino_seat == 0


def test_data_draw_blocked_verification_round() -> None:
    record = data_record("draw-blocked.toml")
    result = record.final.result
    assert result is not None
    assert result.verification is not None
    assert (result.verification.proposer, result.verification.confirmed) == (0, (0, 1))
    assert result.blocked_by == 1
    draws = [move for _, move in record.moves if isinstance(move, Draw)]
    assert len(draws) == 14
    assert draws[:3] == [Draw(Tile(4, 4)), Draw(Tile(4, 6)), Draw(Tile(5, 5))]
    assert draws[3:] == [DRAW] * 11
    assert record.final.boneyard == ()
    assert len(record.final.hand(0)) == 16


def test_data_pagat_voluntary_draws() -> None:
    record = data_record("pagat-draw.toml")
    states = list(record.replay())
    voluntary = [
        n
        for n, ((_, move), before) in enumerate(zip(record.moves, states, strict=False), 1)
        if isinstance(move, Draw) and any(isinstance(m, Play) for m in before.legal_moves())
    ]
    assert voluntary == [2, 3, 10, 15]


def test_data_openspiel_block_seed_and_deal_agree() -> None:
    record = data_record("openspiel-block.toml")
    assert record.seed == 17
    assert record.deal is not None
    seeded = Deal.random(record.rules, seed=17)
    assert [set(h) for h in record.deal.hands] == [set(h) for h in seeded.hands]
    assert record.deal.boneyard == seeded.boneyard
    result = record.final.result
    assert result is not None
    assert result.verification is None  # DETECT-1: no round


def test_data_openspiel_team_the_side_that_went_out_loses() -> None:
    result = data_record("openspiel-team.toml").final.result
    assert result is not None
    assert result.domino_seat == 0
    assert 0 not in result.winners


def test_data_false_pass() -> None:
    for name, ending in (("false-pass.toml", Ending.FORFEIT), ("false-pass-points.toml", None)):
        record = data_record(name)
        assert record.rules.faults is FaultMode.TOLERANT
        assert record.overrides["faults"] is FaultMode.TOLERANT
        result = record.final.result
        assert result is not None
        assert [(f.seat, f.kind, f.move_number) for f in result.faults] == [
            (1, FaultKind.FALSE_PASS, 5)
        ]
        assert result.penalties == (30, 0)
        if ending is not None:
            assert result.ending is ending
    assert data_record("false-pass-points.toml").overrides == {
        "faults": FaultMode.TOLERANT,
        "fault_penalty": FaultPenalty.POINTS,
    }


def test_data_match() -> None:
    record = loads((DATA / "match.toml").read_text(encoding="utf-8"))
    assert isinstance(record, MatchRecord)
    assert record.seed == 8
    assert record.rules == Ruleset.block(target=20)
    assert record.names == ("Ana", "Ben")
    assert [entry.deal is None for entry in record.hands] == [False, True]
    final = record.final
    assert final.is_over
    assert final.scores == (12, 25)
    assert final.winner == (1,)
    assert [r.ending for r in final.results] == [Ending.DOMINO, Ending.BLOCKED]
    # hand 2 is led by seat 1 with any tile (MATCH-2)
    second = final.state
    assert second.history[0] == Step(seat=1, move=Play(tile=Tile(3, 5)))
    assert second.rules.opening is Opening.SEAT_ANY_TILE
    # the first hand is the hand of block.toml
    block = data_record("block.toml")
    assert record.hands[0].moves == block.moves
    assert record.hands[0].deal == block.deal
    for form in ("toml", "json"):
        assert loads(dumps(record, format=form)) == record
    matches = list(record.replay())
    assert len(matches) == 1 + 13 + 1 + 7  # start, moves, the second deal, moves
    assert matches[-1] == final


# --------------------------------------------------------------------------- round trips
@FAST
@given(variant_hands(), st.sampled_from(["toml", "json"]))
def test_round_trip_random_hands(hand: VariantHand, form: str) -> None:
    record = HandRecord.from_state(hand.final)
    assert record.deal is not None
    text = dumps(record, format=form)  # type: ignore[arg-type]
    assert validate(text) == []
    again = loads(text)
    assert again == record
    assert isinstance(again, HandRecord)
    assert again.final == hand.final
    assert again.final.history == hand.final.history
    assert list(again.replay()) == list(hand.states)
    assert dumps(again, format=form) == text  # type: ignore[arg-type]


@FAST
@given(variant_hands())
def test_round_trip_seeded_hands_with_hidden_draws(hand: VariantHand) -> None:
    """A record with the seed only, and draws written without their tile."""
    record = record_of(hand)
    assert record.deal is None
    hidden = attrs.evolve(
        record,
        moves=[(seat, DRAW if isinstance(move, Draw) else move) for seat, move in record.moves],
    )
    for form in ("toml", "json"):
        assert loads(dumps(hidden, format=form)) == hidden
    assert hidden.final == hand.final
    assert hidden.final.history == hand.final.history


@FAST
@given(variant_matches(max_hands=4), st.sampled_from(["toml", "json"]))
def test_round_trip_random_matches(played: PlayedMatch, form: str) -> None:
    earlier = [hand.after.state for hand in played.hands[:-1]]
    record = MatchRecord.from_match(played.final)
    assert played.final.hands == tuple(earlier)
    assert MatchRecord.from_match(played.final, earlier=earlier) == record
    assert record.seed == played.seed
    assert all(entry.deal is None for entry in record.hands)  # all dealt from the seed
    text = dumps(record, format=form)  # type: ignore[arg-type]
    again = loads(text)
    assert again == record
    assert isinstance(again, MatchRecord)
    assert again.final == played.final


NAMES = st.text(alphabet=st.characters(blacklist_categories=["Cc", "Cs"]), min_size=1, max_size=12)
EVENT_VALUES = st.text(
    alphabet=st.characters(blacklist_categories=["Cs"], blacklist_characters="\r\x00")
).filter(lambda s: all(c in "\n\t" or (ord(c) >= 0x20 and not 0x7F <= ord(c) <= 0x9F) for c in s))


@FAST
@given(
    st.lists(NAMES, min_size=2, max_size=2),
    st.dictionaries(NAMES, EVENT_VALUES, max_size=4),
    st.integers(min_value=-(2**63), max_value=2**63 - 1),
    st.sampled_from(["toml", "json"]),
)
def test_round_trip_names_event_and_seed(
    names: list[str], event: dict[str, str], seed: int, form: str
) -> None:
    rules = Ruleset.draw()
    record = HandRecord(rules=rules, names=names, event=event, seed=seed)
    again = loads(dumps(record, format=form))  # type: ignore[arg-type]
    assert again == record
    assert dict(again.event) == event


def test_dump_writes_the_fixed_layout() -> None:
    record = HandRecord(
        rules=Ruleset.block(players=4, faults=FaultMode.TOLERANT),
        names=["A", "B", "C", "D"],
        seed=2,
        event={"round": "2", "the note": 'say "hi"\n'},
    )
    assert record.preset == "block"
    assert dumps(record) == (
        'format = "dominoes-hand"\n'
        "version = 1\n"
        'ruleset = "block"\n'
        'names = ["A", "B", "C", "D"]\n'
        "seed = 2\n"
        "moves = []\n"
        "\n[rules]\n"
        "players = 4\n"
        'faults = "tolerant"\n'
        "\n[event]\n"
        'round = "2"\n'
        '"the note" = "say \\"hi\\"\\n"\n'
    )
    data = json.loads(dumps(record, format="json"))
    assert list(data) == [
        "format",
        "version",
        "ruleset",
        "rules",
        "names",
        "seed",
        "moves",
        "event",
    ]
    assert data["rules"] == {"players": 4, "faults": "tolerant"}


def test_dump_escapes_control_characters_and_quotes_keys() -> None:
    record = HandRecord(rules=Ruleset.block(), seed=1, event={"k.ey": "a\tb\\c\n"})
    text = dumps(record)
    assert '"k.ey" = "a\\tb\\\\c\\n"' in text
    assert loads(text) == record
    with pytest.raises(RecordError, match="control characters"):
        HandRecord(rules=Ruleset.block(), seed=1, event={"k": "a\x7f"})
    assert toml_string("\x00\b\f\r\x1f\x7f") == '"\\u0000\\b\\f\\r\\u001F\\u007F"'


def test_dump_and_load_files(tmp_path: Path) -> None:
    record = data_record("block.toml")
    for form in ("toml", "json"):
        path = tmp_path / f"hand.{form}"
        with path.open("w", encoding="utf-8") as fp:
            dump(record, fp, format=form)
        with path.open("rb") as fp:
            assert load(fp) == record
        with path.open(encoding="utf-8") as fp:
            assert load(fp) == record


def test_dumps_refuses_bad_arguments() -> None:
    with pytest.raises(ArgumentValueError, match="format must be") as value_info:
        dumps(data_record("block.toml"), format="yaml")  # type: ignore[arg-type]
    assert isinstance(value_info.value, ValueError)
    assert value_info.value.argument == "format"
    with pytest.raises(ArgumentTypeError, match="record must be a HandRecord or MatchRecord"):
        dumps("record")  # type: ignore[arg-type]


def test_empty_moves_and_empty_boneyard() -> None:
    rules = Ruleset.block(players=4, partnership=True)
    deal = Deal.random(rules, seed=1)
    record = HandRecord(rules=rules, deal=deal)
    text = dumps(record)
    assert "moves = []" in text
    assert "boneyard" not in text
    assert loads(text) == record
    assert record.final == record.start
    assert list(record.replay()) == [record.start]


# --------------------------------------------------------------------------- presets
def test_the_preset_with_fewest_overrides_is_chosen() -> None:
    cases: dict[Ruleset, tuple[str, dict[str, Any]]] = {
        Ruleset.block(): ("block", {}),
        Ruleset.draw(players=3): ("draw", {"players": 3}),
        Ruleset.preset("pairs"): ("partnership", {}),
        Ruleset.block(players=4, partnership=True): ("block", {"players": 4, "partnership": True}),
        Ruleset.preset("abw333", target=None): ("abw333", {"target": None}),
        Ruleset(max_pip=3, players=2, hand_size=4): ("block", {"max_pip": 3, "hand_size": 4}),
        Ruleset(max_pip=2, players=2, hand_size=2, drawing=DrawRule.ONE_THEN_PASS): (
            "draw",
            {"max_pip": 2, "hand_size": 2, "drawing": DrawRule.ONE_THEN_PASS},
        ),
    }
    for rules, (preset, overrides) in cases.items():
        record = HandRecord(rules=rules, seed=0)
        assert (record.preset, record.overrides) == (preset, overrides)
        assert Ruleset.preset(preset, **overrides) == rules
        assert loads(dumps(record)) == record


def test_a_given_preset_is_kept_and_aliases_are_canonical() -> None:
    rules = Ruleset.preset(
        "partnership", target=None, opening=Opening.HIGHEST_DOUBLE, opening_tile=None
    )
    with pytest.warns(AmbiguousPresetWarning, match="picked 'partnership'"):
        record = HandRecord(rules=rules, seed=0, preset="Latin")
    assert record.preset == "partnership"
    assert record.overrides == {
        "opening": Opening.HIGHEST_DOUBLE,
        "opening_tile": None,
        "target": None,
    }
    text = dumps(record)
    assert 'opening_tile = "none"\ntarget = "none"' in text
    assert loads(text) == record
    draw = HandRecord(rules=rules, seed=0, preset="draw")
    assert draw.overrides["drawing"] is DrawRule.NONE
    assert loads(dumps(draw)) == draw
    assert loads(text.replace('ruleset = "partnership"', 'ruleset = "pairs"')) == record


def test_a_preset_that_cannot_express_the_rules_is_refused() -> None:
    with pytest.raises(RecordError, match='cannot be written as preset "block"'):
        HandRecord(rules=Ruleset.draw(), seed=0, preset="block")
    with pytest.raises(RecordError, match="no preset named 'threes-and-fives'"):
        HandRecord(rules=Ruleset.draw(), seed=0, preset="threes-and-fives")


# --------------------------------------------------------------------------- API
def test_replay_start_dealt_and_final() -> None:
    record = data_record("openspiel-block.toml")
    states = list(record.replay())
    assert states[0] == record.start == HandState.start(record.rules, record.dealt)
    assert states[-1] == record.final
    assert len(states) == len(record.moves) + 1
    seeded = attrs.evolve(record, deal=None)
    assert seeded.dealt == Deal.random(record.rules, seed=17)
    assert seeded.final == record.final


def test_moves_accept_pairs_steps_and_strings() -> None:
    rules = Ruleset.block()
    a = HandRecord(rules=rules, seed=3, moves=["1 6-6", "0 4-6:R"])
    b = HandRecord(
        rules=rules,
        seed=3,
        moves=[(1, "6-6"), Step(seat=0, move=Play(tile=Tile(4, 6), end=End.RIGHT))],
    )
    c = HandRecord(rules=rules, seed=3, moves=a.final.history)
    assert a == b == c
    assert a.moves == ((1, Play(tile=Tile(6, 6))), (0, Play(tile=Tile(4, 6), end=End.RIGHT)))


@pytest.mark.parametrize(
    ("kwargs", "exception", "match"),
    [
        ({"rules": "block", "seed": 1}, TypeError, "rules must be a Ruleset"),
        ({"seed": 1, "preset": 7}, TypeError, "preset must be a preset name"),
        ({"seed": "1"}, TypeError, "seed must be an int"),
        ({"seed": 2**63}, RecordError, "outside the 64-bit range"),
        ({"deal": "6-6"}, TypeError, "deal must be a Deal"),
        ({"seed": 1, "moves": "1 6-6"}, TypeError, "moves must be a sequence"),
        ({"seed": 1, "moves": [1]}, TypeError, r"moves\[0\] must be a \(seat, move\) pair"),
        ({"seed": 1, "moves": [(-1, PASS)]}, TypeError, "a seat is an int"),
        ({"seed": 1, "moves": [(True, PASS)]}, TypeError, "a seat is an int"),
        ({"seed": 1, "moves": [(0, "6")]}, NotationError, "not a move"),
        ({"seed": 1, "moves": [(0, 6)]}, TypeError, "not a move"),
        ({"seed": 1, "moves": ["0  6-6"]}, NotationError, "not a move"),
        ({"seed": 1, "moves": ["x 6-6"]}, NotationError, "not a move entry"),
        ({"seed": 1, "names": "Ana"}, TypeError, "names must be a sequence"),
        ({"seed": 1, "names": ["Ana", ""]}, RecordError, "must not be empty"),
        ({"seed": 1, "names": ["Ana", 2]}, RecordError, "must be a string"),
        ({"seed": 1, "names": ["A\x1b[31m", "B"]}, RecordError, "control characters"),
        ({"seed": 1, "names": ["A", "B", "C"]}, RecordError, "names lists 3 players"),
        ({"seed": 1, "event": "x"}, TypeError, "event must be a mapping"),
        ({"seed": 1, "event": ["x"]}, TypeError, r"\(key, value\) pairs"),
        ({"seed": 1, "event": {"": "x"}}, RecordError, "an event key must not be empty"),
        ({"seed": 1, "event": {"a": 1}}, RecordError, 'event value "a" must be a string'),
        ({"seed": 1, "event": [("a", "b"), ("a", "c")]}, RecordError, "repeated"),
        ({}, RecordError, "the hand needs a seed or a deal"),
        ({"seed": 1, "moves": ["0 0-0:L"]}, RecordError, "move 1"),
    ],
)
def test_hand_record_constructor_errors(
    kwargs: dict[str, object], exception: type[Exception], match: str
) -> None:
    kwargs = {"rules": Ruleset.block(), **kwargs}
    with pytest.raises(exception, match=match):
        HandRecord(**kwargs)  # type: ignore[arg-type]


def test_an_illegal_move_in_code_names_the_move_and_reason() -> None:
    with pytest.raises(RecordError) as info:
        HandRecord(rules=Ruleset.block(), seed=3, moves=["1 6-6", "0 4-6:R", "1 3-3:L"])
    assert (info.value.line, info.value.move_number) == (None, 3)
    assert info.value.reason is IllegalMoveReason.DOES_NOT_MATCH
    assert str(info.value) == (
        "move 3 (1 3-3:L) is illegal: 3-3 does not match the left end, which shows 6"
    )


def test_from_state_with_deal_or_seed() -> None:
    rules = Ruleset.draw()
    deal = Deal.random(rules, seed=25)
    state = HandState.start(rules, deal)
    for _ in range(12):
        state = state.apply(state.legal_moves()[-1])
    by_seed = HandRecord.from_state(state, seed=25, names=["a", "b"], event={"x": "y"})
    assert (by_seed.seed, by_seed.deal, by_seed.names) == (25, None, ("a", "b"))
    by_deal = HandRecord.from_state(state, deal=deal, seed=25)
    assert by_deal.deal == deal
    plain = HandRecord.from_state(state, preset="pagat")
    assert plain.preset == "pagat-draw"
    assert plain.deal is not None
    assert plain.final == by_seed.final == by_deal.final == state
    with pytest.raises(RecordError, match="the deal of seed 24 is not the deal"):
        HandRecord.from_state(state, seed=24)
    with pytest.raises(RecordError, match="the deal given is not the deal"):
        HandRecord.from_state(state, deal=Deal.random(rules, seed=24))
    with pytest.raises(ArgumentTypeError, match="state must be a HandState"):
        HandRecord.from_state("state")  # type: ignore[arg-type]


def test_from_state_needs_a_history_from_the_deal() -> None:
    record = data_record("block.toml")
    copy = HandState.from_position(record.final.position(), record.rules)
    assert copy == record.final
    with pytest.raises(RecordError, match="the deal does not fit the rules"):
        HandRecord.from_state(copy)


@pytest.mark.parametrize("form", ["toml", "json"])
def test_from_match_saves_and_resumes_a_match_in_one_call_each_way(form: str) -> None:
    # a match to 50 saved in the middle of its third hand, then resumed
    match = Match.start(Ruleset.block(target=50), seed=4)
    while match.hand_number < 2 or match.state.move_count < 3:
        if match.state.is_over:
            match = match.next_hand()
        match = match.apply(match.state.legal_moves()[0])
    assert len(match.hands) == 2
    record = MatchRecord.from_match(match)
    assert len(record.hands) == 3
    assert all(entry.deal is None for entry in record.hands)  # dealt from the match seed
    resumed = loads(dumps(record, format=form)).final  # type: ignore[arg-type]
    assert isinstance(resumed, Match)
    assert resumed == match
    assert resumed.hands == match.hands
    assert [h.history for h in resumed.hands] == [h.history for h in match.hands]
    assert resumed.state.history == match.state.history

    def finish(m: Match) -> Match:
        while not m.is_over:
            if m.state.is_over:
                m = m.next_hand()
            m = m.apply(m.state.legal_moves()[0])
        return m

    assert finish(resumed) == finish(match)
    assert MatchRecord.from_match(finish(match)).final == finish(match)


def test_from_match_records_deals_that_are_not_the_seeds() -> None:
    rules = Ruleset.block(target=20)
    block = data_record("block.toml")
    match = Match.start(rules, seed=8, deal=block.deal)
    for seat, move in block.moves:
        match = match.apply(move, seat=seat)
    first = match.state
    match = match.next_hand()
    record = MatchRecord.from_match(match, names=["Ana", "Ben"], preset="block")
    assert match.hands == (first,)
    assert record.hands[0] == HandEntry(deal=block.deal, moves=block.moves)
    assert record.hands[1] == HandEntry()
    assert record.final == match
    assert record.names == ("Ana", "Ben")


def test_from_match_errors() -> None:
    rules = Ruleset.block()
    fresh = Match.start(rules, seed=8)
    done = fresh
    while not done.state.is_over:
        done = done.apply(done.state.legal_moves()[0])
    second = done.next_hand()
    assert second.hands == (done.state,)
    assert MatchRecord.from_match(second, earlier=[done.state]).final == second
    assert MatchRecord.from_match(second) == MatchRecord.from_match(second, earlier=[done.state])
    with pytest.raises(RecordError, match="earlier must hold 1 finished hands, not 0"):
        MatchRecord.from_match(second, earlier=[])
    with pytest.raises(RecordError, match="the match must keep 1 finished hands, not 0"):
        MatchRecord.from_match(attrs.evolve(second, hands=()))
    # hands given as earlier stand for the match's own
    bare = attrs.evolve(second, hands=())
    assert MatchRecord.from_match(bare, earlier=[done.state]).final == second
    with pytest.raises(ArgumentTypeError, match="match must be a Match"):
        MatchRecord.from_match(done.state)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="earlier must hold HandState values"):
        MatchRecord.from_match(second, earlier=["x"])  # type: ignore[list-item]
    with pytest.raises(ArgumentTypeError, match=r"match\.hands must hold HandState values"):
        MatchRecord.from_match(attrs.evolve(second, hands=("x",)))  # type: ignore[arg-type]
    with pytest.raises(RecordError, match="hand 2 cannot follow hand 1"):
        MatchRecord.from_match(second, earlier=[fresh.state])
    three = HandState.start(Ruleset.block(players=3), Deal.random(Ruleset.block(players=3), seed=1))
    with pytest.raises(RecordError, match="hand 1 does not belong to this match"):
        MatchRecord.from_match(second, earlier=[three])
    other = data_record("block.toml").final  # a finished hand, but not this match's
    with pytest.raises(RecordError, match="the hands given do not lead to this match"):
        MatchRecord.from_match(second, earlier=[other])


@pytest.mark.parametrize(
    ("kwargs", "exception", "match"),
    [
        ({"seed": 1}, RecordError, r"at least one hand"),
        ({"seed": 1, "hands": [1]}, TypeError, "hands must hold HandEntry"),
        ({"seed": 1, "hands": "x"}, TypeError, "hands must be a sequence"),
        ({"hands": [HandEntry()]}, RecordError, "hand 1: there is no deal and no seed"),
        ({"seed": 1, "hands": [HandEntry(moves=["0 1-1"])]}, RecordError, "hand 1, move 1"),
    ],
)
def test_match_record_constructor_errors(
    kwargs: dict[str, object], exception: type[Exception], match: str
) -> None:
    with pytest.raises(exception, match=match):
        MatchRecord(rules=Ruleset.block(), **kwargs)  # type: ignore[arg-type]


def test_match_hands_with_their_own_seeds() -> None:
    rules = Ruleset.block()
    match = Match.start(rules, deal=Deal.random(rules, seed=4))
    while not match.state.is_over:
        match = match.apply(match.state.legal_moves()[0])
    first = match.state
    hand_rules = match.next_hand().state.rules
    match = match.next_hand(deal=Deal.random(hand_rules, seed=5))
    record = MatchRecord(
        rules=rules,
        hands=[HandEntry(seed=4, moves=first.history), HandEntry(seed=5)],
    )
    assert record.seed is None
    assert record.final.state == match.state
    assert record.final.seed == 0
    assert loads(dumps(record)) == record
    with pytest.raises(RecordError, match="hand 2: the deal is not the deal of seed 6"):
        MatchRecord(
            rules=rules,
            hands=[
                HandEntry(seed=4, moves=first.history),
                HandEntry(seed=6, deal=Deal.random(hand_rules, seed=5)),
            ],
        )


# --------------------------------------------------------------------------- errors
BASE = (DATA / "block.toml").read_text(encoding="utf-8")
MATCH = (DATA / "match.toml").read_text(encoding="utf-8")


def line_of(text: str, needle: str) -> int:
    """The 1-based line of the first line holding ``needle`` (``needle#2``: the second)."""
    needle, _, nth = needle.partition("#")
    wanted = int(nth) if nth.isdigit() else 1
    for number, line in enumerate(text.splitlines(), 1):
        if needle in line:
            wanted -= 1
            if wanted == 0:
                return number
    raise AssertionError(needle)


def swap(text: str, old: str, new: str) -> str:
    assert old in text, old
    return text.replace(old, new, 1)


@pytest.mark.parametrize(
    ("old", "new", "needle", "message"),
    [
        ('format = "dominoes-hand"\n', "", None, 'the key "format" is missing'),
        ('"dominoes-hand"', '"dominoes-hands"', "format =", 'format must be "dominoes-hand"'),
        ('"dominoes-hand"', "3", "format =", "not an integer"),
        ("version = 1\n", "", None, 'the key "version" is missing'),
        ("version = 1", "version = 2", "version =", "format version 2 is not supported (written"),
        ("version = 1", "version = 0", "version =", "format version 0 is not supported;"),
        ("version = 1", 'version = "1"', "version =", "version must be an integer, not a string"),
        ('ruleset = "block"\n', "", None, 'the key "ruleset" is missing'),
        (
            'ruleset = "block"',
            'ruleset = "threes-and-fives"',
            "ruleset =",
            'no preset is named "threes-and-fives"',
        ),
        ('ruleset = "block"', "ruleset = 1", "ruleset =", "ruleset must be a preset name"),
        ('ruleset = "block"', 'ruleset = "block"\nrules = 4', "rules =", "rules must be a table"),
        (
            "[deal]",
            "[rules]\nspinners = true\n\n[deal]",
            "spinners",
            'unknown ruleset field "spinners"',
        ),
        (
            "[deal]",
            "[rules]\nplayers = true\n\n[deal]",
            "players = true",
            "rules.players must be an integer",
        ),
        ("[deal]", "[rules]\npartnership = 1\n\n[deal]", "partnership", "must be true or false"),
        ("[deal]", '[rules]\ntarget = "x"\n\n[deal]', "target", 'must be an integer or "none"'),
        ("[deal]", '[rules]\nscoring = "lots"\n\n[deal]', "scoring", 'not "lots"'),
        ("[deal]", "[rules]\nscoring = 3\n\n[deal]", "scoring", "not an integer"),
        (
            "[deal]",
            "[rules]\nopening_tile = 6\n\n[deal]",
            "opening_tile",
            'such as "6-6", or "none"',
        ),
        ("[deal]", '[rules]\nopening_tile = "6"\n\n[deal]', "opening_tile", 'not "6"'),
        ("[deal]", "[rules]\nplayers = 3\n\n[deal]", "names =", "names lists 2 players"),
        ("[deal]", "[rules]\nplayers = 13\n\n[deal]", "players = 13", "the rules are inconsistent"),
        (
            "[deal]",
            "[rules]\npartnership = true\n\n[deal]",
            "partnership",
            "rules are inconsistent",
        ),
        ('names = ["Ana", "Ben"]', 'names = "Ana"', "names =", "names must be an array"),
        ('names = ["Ana", "Ben"]', 'names = ["Ana", 2]', "names =", "names[1] must be a string"),
        ('names = ["Ana", "Ben"]', 'names = ["Ana"]', "names =", "names lists 1 players"),
        ('names = ["Ana", "Ben"]', 'names = ["Ana", "B\\u001b"]', "names =", "control characters"),
        ("format =", 'seed = "x"\nformat =', "seed =", "seed must be an integer, not a string"),
        ("format =", "seed = 9223372036854775808\nformat =", "seed =", "outside the 64-bit"),
        ("format =", "seed = 1\nformat =", "[deal]", "the deal is not the deal of seed 1"),
        ("format =", "colour = 1\nformat =", "colour", 'unknown key "colour"'),
        ("format =", "hands = 1\nformat =", "hands =", "a match record has format"),
        ('date = "2026-03-03"', "date = 2026-03-03", "date =", "(write dates in quotes)"),
        ('date = "2026-03-03"', "date = [1]", "date =", "must be a string, not an array"),
        ('date = "2026-03-03"', 'date = "a\\u0007"', "date =", "control characters"),
        ("hands = [", "hand = 1\nhands = [", "hand = 1", 'unknown key "hand" in the deal'),
        ('  ["1-1", "1-2",', '  "1-1", ["1-2",', '  "1-1"', "deal.hands[0] must be an array"),
        ('["1-1", "1-2",', '["1-1", 12,', '["1-1", 12', "deal.hands[0][1] must be a tile"),
        (
            '["1-1", "1-2",',
            '["1-1", "1_2",',
            '["1-1", "1_2"',
            'deal.hands[0][1] is not a tile: "1_2"',
        ),
        ('boneyard = ["0-6",', 'boneyard = ["0-7",', "boneyard", "0-7 is not in the double-6 set"),
        ('boneyard = ["0-6", ', "boneyard = [", "boneyard", "missing 0-6"),
        ('boneyard = ["0-6",', 'boneyard = ["6-6",', "boneyard", "6-6 is dealt twice"),
        ('  ["1-1", "1-2", ', '  ["1-2", ', '  ["1-2",', "seat 0 holds 6 tiles"),
        ('"1 4-6:L",', "6,", "  6,", 'move 6 must be a string such as "0 6-6"'),
        ('"1 4-6:L",', '"1 4-6:l",', '"1 4-6:l"', "move 6: not a move: '4-6:l'"),
        ('"1 4-6:L",', '"one 4-6:L",', '"one 4-6:L"', "move 6: not a move entry"),
        ('"0 6-6",', '"0 3-3",', '"0 3-3",', "move 1 (0 3-3) is illegal: the rules make 6-6"),
        ('"0 6-6",', '"0 6-6:L",', '"0 6-6:L"', "the lead is written without an end: 6-6"),
        ('"0 6-6",', '"0 pass",', '"0 pass"', "the layout is empty: seat 0 must lead"),
        ('"1 5-6:L",', '"1 5-6",', '"1 5-6"', "after the lead a play names its end"),
        ('"1 5-6:L",', '"1 2-5:L",', '"1 2-5:L"', "2-5 does not match the left end, which shows 6"),
        ('"1 5-6:L",', '"1 1-1:L",', '"1 1-1:L"', "seat 1 does not hold 1-1"),
        ('"1 5-6:L",', '"1 pass",', '"1 pass"', "seat 1 holds 4-6, 5-6, which fits"),
        # BLOCK-2: nobody draws in the Block game, even a seat that could play
        ('"1 5-6:L",', '"1 draw",', '"1 draw"', "move 2 (1 draw) is illegal: nobody draws"),
        (
            '"1 pass",',
            '"1 draw",',
            '"1 draw"',
            "move 12 (1 draw) is illegal: nobody draws in this game",
        ),
        ('"1 5-6:L",', '"0 5-6:L",', '"0 5-6:L"', "is not seat 0's to make: seat 1 is to move"),
        ('"1 5-6:L",', '"7 5-6:L",', '"7 5-6:L"', "there is no seat 7 (seats are 0 to 1)"),
        ('"0 1-1:R",', '"0 1-1:R", "1 pass",', '"0 1-1:R", "1 pass"', "move 14 (1 pass) is after"),
    ],
)
def test_record_errors(old: str, new: str, needle: str | None, message: str) -> None:
    text = swap(BASE, old, new)
    found = validate(text)
    assert found, "expected a problem"
    first = found[0]
    assert message in first.message, found
    line = None if needle is None else line_of(text, needle)
    assert first.line == line, found
    assert isinstance(first, Problem)
    err = error(text)
    assert str(err) == str(first)
    assert (err.line, err.move_number, err.reason) == (first.line, first.move_number, first.reason)
    assert isinstance(err, DominoesError)
    assert isinstance(err, ValueError)


def test_error_attributes_of_an_illegal_move() -> None:
    text = swap(BASE, '"1 5-6:L",', '"1 2-5:L",')
    err = error(text)
    assert err.move_number == 2
    assert err.reason is IllegalMoveReason.DOES_NOT_MATCH
    assert err.hand is None
    assert str(err) == (
        f"line {line_of(text, '1 2-5:L')}: move 2 (1 2-5:L) is illegal: 2-5 does not match "
        "the left end, which shows 6"
    )


ARRAY = r" = \[\n.*?\n\]\n"


@pytest.mark.parametrize(
    ("pattern", "new", "needle", "message"),
    [
        (r"\n\[event\]\n.*", "\n", "event = 1", "event must be a table of strings, not an integer"),
        (r"\[deal\]\n.*?\n\n", "", "deal = 5", "deal must be a table with hands and boneyard"),
        (r"hands" + ARRAY, "", "[deal]", "the deal has no hands"),
        (r"hands" + ARRAY, "hands = 5\n", "hands = 5", "deal.hands must be an array of arrays"),
        (r"moves" + ARRAY, "moves = 5\n", "moves = 5", "moves must be an array of strings, not"),
    ],
)
def test_wrong_types(pattern: str, new: str, needle: str, message: str) -> None:
    text = re.sub(pattern, new, BASE, count=1, flags=re.DOTALL)
    assert text != BASE
    for key in ("event", "deal"):
        if needle.startswith(key):
            text = text.replace("format =", f"{needle}\nformat =")
    found = validate(text)
    assert message in found[0].message, found
    assert found[0].line == line_of(text, needle)
    assert str(error(text)) == str(found[0])


def test_validate_reports_every_problem() -> None:
    text = swap(BASE, 'ruleset = "block"', 'ruleset = "block"\ncolour = "red"')
    text = swap(text, '"1 5-6:L",', '"0 5-6:L",')  # the wrong seat, then replay goes on
    text = swap(text, '"1 4-6:L",', '"1 4-6:Q",')  # a bad token: replay stops there
    text = swap(text, 'date = "2026-03-03"', "date = 2026-03-03")
    found = validate(text)
    assert [(p.line, p.move_number) for p in found] == [
        (line_of(text, "colour"), None),
        (line_of(text, "date ="), None),
        (line_of(text, "4-6:Q"), 6),
        (line_of(text, "0 5-6:L"), 2),
        (line_of(text, '"0 3-3:R"'), 7),
    ]
    assert found[2].message.startswith("move 6: not a move")
    assert found[3].reason is IllegalMoveReason.NOT_YOUR_TURN
    assert found[4].message == (
        "moves 7 to 13 were not checked: replay cannot go on after a malformed move (move 6)"
    )
    assert str(found[0]) == f"line {found[0].line}: {found[0].message}"


def test_validate_says_once_that_replay_stopped() -> None:
    text = swap(BASE, '"0 3-3:R",', '"0 3-3:L",')  # move 7 does not match
    found = validate(text)
    assert [p.move_number for p in found] == [7, 8]
    assert found[0].reason is IllegalMoveReason.DOES_NOT_MATCH
    assert found[1].message.startswith("moves 8 to 13 were not checked")
    last = swap(BASE, '"1 pass",', '"1 1-1:R",')  # move 12: the last but one
    found = validate(last)
    assert found[-1].message == (
        "move 13 was not checked: replay cannot go on after an illegal move (move 12)"
    )
    extra = swap(BASE, '"0 1-1:R",', '"0 1-1:R", "1 pass", "0 pass",')
    (only,) = validate(extra)
    assert only.message == (
        "move 14 (1 pass) and the 1 after it are after the end of the hand (it ended at move 13)"
    )
    assert only.reason is IllegalMoveReason.HAND_OVER


def test_unfinished_hands_are_valid() -> None:
    text = BASE.replace('  "0 1-1:R",  # 13: the round is void, and Ana is out\n', "")
    record = loads(text)
    assert isinstance(record, HandRecord)
    assert record.final.phase is Phase.VERIFICATION
    assert record.final.result is None


DRAW_HAND = (DATA / "draw-blocked.toml").read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ('"0 draw 4-6"', '"0 draw 5-5"', "the next tile of the boneyard is 4-6, not 5-5"),
        ('"0 draw 4-4"', '"0 pass"', "seat 0 must draw: the boneyard has 14 tiles"),
        ('"1 pass",      # 26', '"1 draw",      # 26', "the rules allow no draw now"),
        ('"1 3-4:L",', '"1 draw",', "seat 1 holds 1-3, 2-3, 3-4, which fits"),
    ],
)
def test_draw_errors(old: str, new: str, message: str) -> None:
    err = error(swap(DRAW_HAND, old, new))
    assert message in str(err)
    assert err.line == line_of(swap(DRAW_HAND, old, new), new)


def test_wrong_draw_tile_reason() -> None:
    err = error(swap(DRAW_HAND, '"0 draw 4-6"', '"0 draw 5-5"'))
    assert err.reason is IllegalMoveReason.WRONG_DRAW_TILE
    assert err.move_number == 12


@pytest.mark.parametrize(
    ("old", "new", "needle", "message", "hand"),
    [
        (
            '  "0 6-6", "1 5-6:L"',
            '  "0 5-5", "1 5-6:L"',
            '"0 5-5"',
            "hand 1, move 1 (0 5-5) is ill",
            1,
        ),
        ('"1 3-5",', '"0 3-5",', '"0 3-5"', "hand 2, move 1 (0 3-5) is not seat 0's", 2),
        ('"1 3-5",', '"1 3-5:L",', '"1 3-5:L",    # 1', "hand 2, move 1 (1 3-5:L) is ill", 2),
        (
            '"1 pass",   # 7: blocked',
            '"1 pass", "0 pass",',
            '"1 pass", "0 pass"',
            "after the end",
            2,
        ),
        (
            '"1 pass", "0 1-1:R",',
            '"1 pass",',
            "[[hands]]#2",
            "hand 2 starts before hand 1 is over",
            2,
        ),
        (
            "\ntarget = 20",
            "\ntarget = 10\nhands_limit = 1",
            "[[hands]]#2",
            "after the end of the match",
            2,
        ),
        ("seed = 8\n", "", "[[hands]]#2", "hand 2: there is no deal and no seed", 2),
        (
            "[[hands]]\nmoves",
            "[[hands]]\nseed = 1\nmoves",
            "[hands.deal]",
            "hand 1: the deal is not",
            1,
        ),
        (
            "[[hands]]\nmoves",
            "[[hands]]\nseed = true\nmoves",
            "seed = true",
            "hand 1: seed must be",
            1,
        ),
        (
            "[[hands]]\nmoves",
            "[[hands]]\ncolour = 1\nmoves",
            "colour",
            'hand 1: unknown key "colour"',
            1,
        ),
    ],
)
def test_match_errors(
    old: str, new: str, needle: str | None, message: str, hand: int | None
) -> None:
    text = swap(MATCH, old, new)
    found = validate(text)
    assert found
    assert message in found[0].message, found
    assert found[0].hand == hand
    assert found[0].line == (None if needle is None else line_of(text, needle))
    err = error(text)
    assert str(err) == str(found[0])
    assert err.hand == hand


def test_match_structure_errors() -> None:
    head = MATCH.split("[[hands]]")[0]
    assert problems(head) == [(None, "a match record holds at least one hand ([[hands]])")]
    not_tables = head.replace("seed = 8\n", "seed = 8\nhands = 1\n")
    assert problems(not_tables)[0] == (
        line_of(not_tables, "hands = 1"),
        "hands must be an array of tables ([[hands]]), not an integer",
    )
    text = head.replace("[rules]", "hands = [1, {moves = []}]\n[rules]")
    bad_entry = problems(text)
    assert bad_entry[0] == (
        line_of(text, "hands = [1"),
        "hand 1: hands[0] must be a table, not an integer",
    )
    assert bad_entry[1][1] == "hands 2 to 2 were not checked: hand 1 is malformed"
    moves_in_match = problems(MATCH.replace("seed = 8\n", "seed = 8\nmoves = []\n"))
    assert "in a match record, deals and moves belong in [[hands]]" in moves_in_match[0][1]
    # a bad move in hand 1: hand 2 is not checked, said once
    text = swap(MATCH, '"1 pass", "0 1-1:R",', '"1 pass", "0 1-1:L",')
    found = validate(text)
    assert [p.hand for p in found] == [1, 2]
    assert found[1].message == "hands 2 to 2 were not checked: replay cannot go on after hand 1"
    assert found[1].line == line_of(text, "[[hands]]#2")


def test_missing_format_guesses_the_kind() -> None:
    hand = BASE.replace('format = "dominoes-hand"\n', "")
    assert [m for _, m in problems(hand)] == [
        'the key "format" is missing (format = "dominoes-hand" or "dominoes-match")'
    ]
    match = MATCH.replace('format = "dominoes-match"\n', "")
    assert len(problems(match)) == 1
    wrong = MATCH.replace('format = "dominoes-match"', 'format = "match"')
    assert len(problems(wrong)) == 1


def test_a_record_needs_a_seed_or_a_deal() -> None:
    text = BASE.split("[deal]")[0]
    assert problems(text) == [(None, "a hand record needs a seed or a deal ([deal])")]


# --------------------------------------------------------------------------- JSON
def test_json_records_and_their_lines() -> None:
    record = data_record("block.toml")
    text = dumps(record, format="json")
    assert text.startswith("{\n")
    assert loads("  \n" + text) == record
    assert loads(text.encode("utf-8")) == record
    assert loads("\ufeff" + text) == record
    bad = text.replace('"1 5-6:L"', '"1 2-5:L"')
    err = error(bad)
    assert err.line == line_of(bad, "1 2-5:L")
    assert err.move_number == 2
    unknown = text.replace('"version": 1,', '"version": 1,\n  "colour": "red",')
    assert problems(unknown)[0] == (
        line_of(unknown, "colour"),
        'unknown key "colour"; the keys '
        "are format, version, ruleset, rules, names, seed, deal, "
        "moves, conceded_by, event",
    )
    nested = dumps(loads(MATCH), format="json").replace('"1 3-5"', '"1 3-5:R"')
    assert error(nested).line == line_of(nested, "1 3-5:R")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{", "not valid JSON: Expecting property name enclosed in double quotes (column 2)"),
        ('{"a": 1, "a": 2}', 'not valid JSON: the key "a" is repeated in an object'),
        ('{"a": NaN}', "not valid JSON: NaN is not a number a record can hold"),
        ('{"a": 1' + "0" * 5000 + "}", "not valid JSON: a number has more digits"),
        ('{"a":' * 100_000, "the record nests arrays or tables too deeply to read"),
        ('{"a":' + "[" * 100_000, "the record nests arrays or tables too deeply to read"),
    ],
)
def test_bad_json(text: str, message: str) -> None:
    found = validate(text)
    assert len(found) == 1
    assert found[0].message.startswith(message)
    assert str(error(text)).endswith(found[0].message)


# --------------------------------------------------------------------------- TOML and limits
@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        ("x", None, "not valid TOML: expected '=' after a key in a key/value pair (at the end"),
        ("a = 1\nb = [\n  1,\n  x\n]", 4, "not valid TOML: invalid value (column 3)"),
        ("a = " + "[" * 100_000, None, "the record nests arrays or tables too deeply to read"),
        ("a = " + "{b=" * 100_000, None, "the record nests arrays or tables too deeply to read"),
        ("a = 1" + "0" * 5000, None, "not valid TOML: a number has more digits"),
        (b"a = '\xff'", None, "the record is not UTF-8 text (byte 6)"),
        ("x" * (MAX_RECORD + 1), None, f"the record is longer than {MAX_RECORD} characters"),
        (b"x" * (MAX_RECORD + 1), None, f"the record is longer than {MAX_RECORD} bytes"),
    ],
)
def test_bad_text(text: str | bytes, line: int | None, message: str) -> None:
    found = validate(text)
    assert len(found) == 1
    assert (found[0].line, found[0].message[: len(message)]) == (line, message)
    err = error(text)
    assert err.line == line


def test_not_text() -> None:
    assert problems(12) == [(None, "a record is text (str or bytes), not int")]  # type: ignore[arg-type]


def test_load_reads_at_most_the_limit() -> None:
    class Big(io.StringIO):
        asked: int | None = None

        def read(self, size: int | None = -1) -> str:
            self.asked = size
            return super().read(size)

    fp = Big("x" * (MAX_RECORD + 100))
    with pytest.raises(RecordError, match="longer than"):
        load(fp)
    assert fp.asked == MAX_RECORD + 1


def test_lines_in_unusual_toml() -> None:
    """Dotted keys, quoted keys, inline tables, literal and multi-line strings."""
    text = (
        "format = 'dominoes-hand'\n"
        "version = 1 # one\n"
        'ruleset = """block"""\n'
        "seed = 3\n"
        "event.note = '''two\nlines'''\n"
        'event."odd key" = "a\\"b"\n'
        "rules = { players = 2, faults = 'strict' }\n"
        "moves = [\n"
        '  """1 6-6""",\n'
        "  '0 4-6:R', \"1 3-3:L\",\n"
        "]\n"
    )
    err = error(text)
    assert (err.line, err.move_number) == (11, 3)
    record = loads(text.replace('"1 3-3:L",', ""))
    assert isinstance(record, HandRecord)
    assert dict(record.event) == {"note": "two\nlines", "odd key": 'a"b'}
    bad_rules = text.replace("faults = 'strict'", "faults = 'lax'")
    assert problems(bad_rules)[0][0] == 8
    bad_event = text.replace('"a\\"b"', "1")
    assert problems(bad_event)[0] == (7, "event.odd key must be a string, not an integer")


def test_doc_toml_blocks_are_valid_records() -> None:
    """Every ```toml block of the notation and recording pages that is a whole record."""
    count = 0
    for page in ("notation.md", "recording.md"):
        text = (DOCS / page).read_text(encoding="utf-8")
        for block in re.findall(r"```toml\n(.*?)```", text, re.DOTALL):
            if "format = " not in block:
                continue
            count += 1
            assert validate(block) == [], (page, block[:200])
            record = loads(block)
            assert loads(dumps(record)) == record
    assert count >= 4


# --------------------------------------------------------------------------- fuzzing
VALID = [
    (DATA / name).read_text(encoding="utf-8")
    for name in ("block.toml", "match.toml", "draw-blocked.toml")
]
VALID.append(dumps(data_record("partnership.toml"), format="json"))


def check_cleanly(text: str) -> None:
    """loads() raises only RecordError/NotationError; validate() never raises and agrees."""
    found = validate(text)
    assert all(isinstance(p, Problem) for p in found)
    raised: DominoesError | None = None
    try:
        loads(text)
    except DominoesError as err:
        raised = err
    if raised is None:
        assert found == []
    else:
        assert isinstance(raised, RecordError | NotationError)
        assert found, "loads raised but validate found nothing"
        assert str(raised) == str(found[0])


@FUZZ
@given(st.text())
def test_fuzz_arbitrary_text(text: str) -> None:
    check_cleanly(text)


@FUZZ
@given(st.text(alphabet="[]{}=,.\"'#\n 0123456789abcdefghijklmnoprstuvw:-"))
def test_fuzz_toml_like_text(text: str) -> None:
    check_cleanly(text)
    check_cleanly("{" + text)


@st.composite
def mutated(draw: st.DrawFn) -> str:
    text = draw(st.sampled_from(VALID))
    for _ in range(draw(st.integers(min_value=1, max_value=4))):
        kind = draw(st.sampled_from(["delete", "insert", "replace", "swap", "number", "word"]))
        if not text:
            break
        i = draw(st.integers(min_value=0, max_value=len(text) - 1))
        if kind == "delete":
            j = draw(st.integers(min_value=i, max_value=min(len(text), i + 8)))
            text = text[:i] + text[j:]
        elif kind == "insert":
            text = text[:i] + draw(st.text(max_size=4)) + text[i:]
        elif kind == "replace":
            text = text[:i] + draw(st.characters()) + text[i + 1 :]
        elif kind == "swap":
            lines = text.split("\n")
            a = draw(st.integers(min_value=0, max_value=len(lines) - 1))
            b = draw(st.integers(min_value=0, max_value=len(lines) - 1))
            lines[a], lines[b] = lines[b], lines[a]
            text = "\n".join(lines)
        elif kind == "number":
            numbers = list(re.finditer(r"\d+", text))
            if numbers:
                m = draw(st.sampled_from(numbers))
                value = draw(st.sampled_from(["0", "1", "2", "3", "6", "7", "12", "99", "-1"]))
                text = text[: m.start()] + value + text[m.end() :]
        else:
            words = [
                "pass",
                "draw",
                ":L",
                ":R",
                "[",
                "]",
                "{",
                "}",
                '"',
                "=",
                "\n",
                "[[hands]]",
                "[deal]",
                "[rules]",
                "hands",
                "moves",
                "seed",
                "true",
                "none",
            ]
            text = text[:i] + draw(st.sampled_from(words)) + text[i:]
    return text


@FUZZ
@given(mutated())
def test_fuzz_mutated_records(text: str) -> None:
    check_cleanly(text)


def test_fuzzing_finds_valid_and_invalid_texts() -> None:
    """The mutation strategy reaches both outcomes (the fuzz test is not vacuous)."""
    assert validate(VALID[0]) == []
    assert validate(VALID[0].replace('"0 3-3:R"', '"0 3-3:L"'))


def test_format_version_constant() -> None:
    assert FORMAT_VERSION == 1
    assert f"version = {FORMAT_VERSION}\n" in BASE


# --------------------------------------------------------------------------- corners
def test_a_preset_whose_default_hand_size_does_not_apply() -> None:
    """Block has no default hand size for double-5: the override set pins it."""
    rules = Ruleset(max_pip=5, players=2, hand_size=7)
    record = HandRecord(rules=rules, seed=0)
    assert (record.preset, record.overrides) == ("block", {"max_pip": 5, "hand_size": 7})
    assert loads(dumps(record)) == record


def test_deals_that_disagree_with_the_seed() -> None:
    rules = Ruleset.block()
    seeded = Deal.random(rules, seed=1)
    cases = {
        "the boneyard differs": Deal(hands=seeded.hands, boneyard=seeded.boneyard[::-1]),
        "the number of hands differs": Deal(hands=[*seeded.hands, ()], boneyard=seeded.boneyard),
        "seat 1's hand differs": Deal(
            hands=[seeded.hands[0], (*seeded.hands[1][1:], seeded.boneyard[0])],
            boneyard=(seeded.hands[1][0], *seeded.boneyard[1:]),
        ),
    }
    for difference, deal in cases.items():
        with pytest.raises(RecordError, match=re.escape(f"seed 1 ({difference})")):
            HandRecord(rules=rules, seed=1, deal=deal)


def test_json_null_is_not_an_absent_key() -> None:
    data = json.loads(dumps(data_record("block.toml"), format="json"))
    for key, message in (
        ("names", "names must be an array of strings, not null"),
        ("event", "event must be a table of strings, not null"),
        ("moves", "moves must be an array of strings, not null"),
        ("deal", "deal must be a table with hands and boneyard, not null"),
        ("seed", "seed must be an integer, not null"),
    ):
        found = validate(json.dumps({**data, key: None}, indent=1))
        assert found[0].message == message


def test_type_names_in_messages() -> None:
    assert problems(swap(BASE, "format =", "seed = 1.5\nformat ="))[0][1] == (
        "seed must be an integer, not a float"
    )
    assert problems(swap(BASE, 'names = ["Ana", "Ben"]', "names = {a = 1}"))[0][1] == (
        "names must be an array of strings, not a table"
    )
    key = problems(swap(BASE, "format =", '"\\U000E0001" = 1\nformat ='))[0][1]
    assert key.startswith('unknown key "\\U000e0001"')


def test_event_keys_are_checked() -> None:
    found = problems(swap(BASE, "[event]\n", '[event]\n"" = "x"\n'))
    assert found == [
        (
            line_of(swap(BASE, "[event]\n", '[event]\n"" = "x"\n'), '"" ='),
            "an event key must not be empty",
        )
    ]


def test_a_malformed_last_hand_of_a_match() -> None:
    head = MATCH.split("[[hands]]")[0]
    text = head.replace("[rules]", "hands = [{moves = []}, 1]\n[rules]")
    assert problems(text) == [
        (line_of(text, "hands = ["), "hand 2: hands[1] must be a table, not an integer")
    ]


def test_deep_but_valid_nesting_is_located() -> None:
    text = swap(BASE, "format =", "a = " + "[" * 40 + "1, 2" + "]" * 40 + "\nformat =")
    assert problems(text)[0][0] == line_of(text, "a = [")
    assert problems(text)[1:] == []


def test_multi_line_strings_ending_in_quotes() -> None:
    text = swap(BASE, "[event]\n", '[event]\nq = \'\'\'it\'\'\'\'\nr = """say "hi"""""\n')
    record = loads(text)
    assert dict(record.event)["q"] == "it'"
    assert dict(record.event)["r"] == 'say "hi""'
    bad = swap(text, '"1 5-6:L"', '"1 2-5:L"')
    assert error(bad).line == line_of(bad, "1 2-5:L")


@FUZZ
@given(st.text(alphabet="[]{}=,:.\"'#\\\n abc01"), st.booleans())
def test_the_line_locator_never_fails(text: str, is_json: bool) -> None:
    """The locator runs on parsed text only, but it is robust on any text."""
    lines = locate(text, is_json)
    assert all(isinstance(line, int) and line >= 1 for line in lines.values())


def test_the_locator_on_unclosed_deep_nesting() -> None:
    assert locate("a = " + "[" * 40, is_json=False) == {("a",): 1} | {
        ("a", *([0] * depth)): 1 for depth in range(1, 34)
    }
    assert problems(swap(BASE, 'ruleset = "block"', "ruleset = 'a\"b\\\\'"))[0][1] == (
        'no preset is named "a\\"b\\\\\\\\"; the presets are block, draw, partnership, '
        "pagat-draw, openspiel-block, openspiel-team, abw333, "
        "all-fives, muggins, five-up, fives-and-threes, sebastopol, sniff, bergen, double-bergen, "
        "cuban, dominican, puerto-rican, mexican-train, mexican-train-9, mexican-train-6, "
        "private-trains, chicken-foot"
    )


def test_record_errors_survive_pickling() -> None:
    import pickle

    err = error(swap(BASE, '"1 5-6:L"', '"1 2-5:L"'))
    copy = pickle.loads(pickle.dumps(err))
    assert (str(copy), copy.line, copy.move_number, copy.reason) == (
        str(err),
        err.line,
        err.move_number,
        err.reason,
    )


# --------------------------------------------------------------------------- concession
@FAST
@given(variant_hands(), st.data(), st.sampled_from(["toml", "json"]))
def test_round_trip_hands_conceded_at_random_moments(
    hand: VariantHand, data: st.DataObject, form: str
) -> None:
    """Any unfinished state of a random hand, conceded by any seat (rule CONCEDE-1),
    is recorded with its seed or its deal and replays to the same state and result."""
    unfinished = [state for state in hand.states if not state.is_over]
    state = data.draw(st.sampled_from(unfinished), label="moment")
    seat = data.draw(st.integers(0, hand.rules.players - 1), label="seat")
    conceded = state.concede(seat)
    for record in (
        HandRecord.from_state(conceded),
        HandRecord.from_state(conceded, seed=hand.seed),
    ):
        assert record.conceded_by == seat
        assert record.moves == tuple((step.seat, step.move) for step in state.history)
        text = dumps(record, format=form)  # type: ignore[arg-type]
        assert validate(text) == []
        again = loads(text)
        assert again == record
        assert isinstance(again, HandRecord)
        assert again.final == conceded
        assert again.final.result == conceded.result
        assert list(again.replay()) == [*hand.states[: len(state.history) + 1], conceded]
        assert dumps(again, format=form) == text  # type: ignore[arg-type]


@FAST
@given(variant_matches(max_hands=3), st.data(), st.sampled_from(["toml", "json"]))
def test_round_trip_matches_conceded_at_random_moments(
    played: PlayedMatch, data: st.DataObject, form: str
) -> None:
    """A random match whose hand is conceded at a random moment (rule CONCEDE-1), and
    then perhaps the whole match (CONCEDE-2), replays to the same match."""
    hand = data.draw(st.sampled_from(played.hands), label="hand")
    k = data.draw(st.integers(0, len(hand.moves)), label="moves")
    match = hand.before
    for move in hand.moves[:k]:
        match = match.apply(move)
    players = played.rules.players
    seat = data.draw(st.integers(0, players - 1), label="seat")
    whole = data.draw(st.booleans(), label="the match")
    if match.is_over:
        return
    if not match.state.is_over:
        match = match.concede(seat, match=whole)
    elif whole:
        match = match.concede(seat, match=True)
    else:
        return
    record = MatchRecord.from_match(match)
    assert record.conceded_by == match.conceded_by == (seat if whole else None)
    last = match.state.result
    assert last is not None
    # a hand conceded by the seat that concedes the match is written as the match's alone
    alone = whole and last.conceded_by == seat
    assert record.hands[-1].conceded_by == (None if alone else last.conceded_by)
    text = dumps(record, format=form)  # type: ignore[arg-type]
    assert validate(text) == []
    again = loads(text)
    assert again == record
    assert isinstance(again, MatchRecord)
    assert again.final == match
    assert again.final.results == match.results
    assert again.final.winner == match.winner
    assert list(again.replay())[-1] == match


def test_a_conceded_hand_in_the_record_format() -> None:
    rules = Ruleset.block()
    played = HandState.start(rules, Deal.random(rules, seed=3)).apply_all("6-6")
    record = HandRecord.from_state(played.concede(0), seed=3)
    assert dumps(record) == (
        'format = "dominoes-hand"\n'
        "version = 1\n"
        'ruleset = "block"\n'
        "seed = 3\n"
        "moves = [\n"
        '  "1 6-6",\n'
        "]\n"
        "conceded_by = 0\n"
    )
    assert json.loads(dumps(record, format="json"))["conceded_by"] == 0
    assert record.final.result is not None
    assert record.final.result.points == (0, 40)
    states = list(record.replay())
    assert len(states) == len(record.moves) + 2
    assert states[-1].history == states[-2].history
    # a hand conceded before its first move
    before = HandRecord(rules=rules, seed=3, conceded_by=1)
    assert before.final == HandState.start(rules, Deal.random(rules, seed=3)).concede(1)
    assert loads(dumps(before, format="json")) == before


def test_a_conceded_match_in_the_record_format() -> None:
    rules = Ruleset.block(target=200)
    match = Match.start(rules, seed=4).concede(1).next_hand()
    match = match.apply(match.state.legal_moves()[0]).concede(0, match=True)
    record = MatchRecord.from_match(match)
    text = dumps(record)
    assert text.split("[[hands]]")[0].endswith(
        "seed = 4\nconceded_by = 0\n\n[rules]\ntarget = 200\n\n"
    )
    assert [entry.conceded_by for entry in record.hands] == [1, None]  # the match's alone
    assert "moves = []\nconceded_by = 1\n" in text
    assert loads(text).final == match
    # between hands: the last hand was not conceded, only the match
    between = Match.start(rules, seed=4).concede(1).concede(0, match=True)
    record = MatchRecord.from_match(between)
    assert (record.hands[0].conceded_by, record.conceded_by) == (1, 0)
    assert record.final == between
    assert loads(dumps(record, format="json")) == record
    # the same seat conceding the hand, then the match: the same match as conceding the
    # match during the hand, and recorded that way
    same = Match.start(rules, seed=4).concede(1).concede(1, match=True)
    assert same == Match.start(rules, seed=4).concede(1, match=True)
    record = MatchRecord.from_match(same)
    assert (record.hands[0].conceded_by, record.conceded_by) == (None, 1)
    assert record.final == same
    # written with both keys, it reads the same match
    both = attrs.evolve(record, hands=[HandEntry(conceded_by=1)])
    assert both.final == same
    # a hand conceded on its own that reaches the target ends the match: nothing to concede
    short = Ruleset.block(target=10)
    ended = Match.start(short, seed=4).concede(1)
    assert ended.is_over
    assert MatchRecord.from_match(ended).conceded_by is None
    assert MatchRecord.from_match(Match.start(short, seed=4).concede(1, match=True)).final == (
        Match.start(short, seed=4).concede(1, match=True)
    )


CONCEDED_HAND = swap(
    BASE, '  "0 1-1:R",  # 13: the round is void, and Ana is out\n]\n', "]\nconceded_by = 1\n"
)
CONCEDED_MATCH = swap(
    swap(MATCH, "seed = 8\n", "seed = 8\nconceded_by = 0\n"),
    '"1 1-6:L",  # 5: ends 6 and 6\n  "0 pass",   # 6\n  "1 pass",   # 7: blocked\n]',
    '"1 1-6:L",\n]',
)


def test_conceded_records_are_valid() -> None:
    hand = loads(CONCEDED_HAND)
    assert isinstance(hand, HandRecord)
    assert hand.final.result is not None
    assert hand.final.result.ending is Ending.CONCEDED
    assert hand.final.result.winners == (0,)
    assert hand.final.result.points == (12, 0)  # Ben's 0-5 and 2-5 (docs/notation.md)
    match = loads(CONCEDED_MATCH)
    assert isinstance(match, MatchRecord)
    assert match.final.conceded_by == 0
    assert match.final.winner == (1,)


@pytest.mark.parametrize(
    ("text", "old", "new", "needle", "message", "reason"),
    [
        (
            CONCEDED_HAND,
            "conceded_by = 1",
            "conceded_by = 2",
            "conceded_by",
            "conceded_by 2 is not a seat: the seats are 0 to 1",
            IllegalMoveReason.NO_SUCH_SEAT,
        ),
        (
            CONCEDED_HAND,
            "conceded_by = 1",
            "conceded_by = -1",
            "conceded_by",
            "conceded_by -1 is not a seat",
            IllegalMoveReason.NO_SUCH_SEAT,
        ),
        (
            CONCEDED_HAND,
            "conceded_by = 1",
            'conceded_by = "1"',
            "conceded_by",
            "conceded_by must be an integer (a seat), not a string",
            None,
        ),
        (
            CONCEDED_HAND,
            "conceded_by = 1",
            "conceded_by = true",
            "conceded_by",
            "conceded_by must be an integer (a seat), not a boolean",
            None,
        ),
        (
            BASE,
            "]\n\n[deal]",
            "]\nconceded_by = 1\n\n[deal]",
            "conceded_by",
            "conceded_by 1: the hand is already over (it ended at move 13), so it cannot be "
            "conceded",
            IllegalMoveReason.HAND_OVER,
        ),
        (
            CONCEDED_MATCH,
            "seed = 8\nconceded_by = 0",
            "seed = 8\nconceded_by = 4",
            "conceded_by = 4",
            "conceded_by 4 is not a seat: the seats are 0 to 1",
            IllegalMoveReason.NO_SUCH_SEAT,
        ),
        (
            CONCEDED_MATCH,
            '"1 1-6:L",\n]',
            '"1 1-6:L",\n]\nconceded_by = 2',
            "conceded_by = 2",
            "hand 2: conceded_by 2 is not a seat",
            IllegalMoveReason.NO_SUCH_SEAT,
        ),
        (
            CONCEDED_MATCH,
            "seed = 8\nconceded_by = 0",
            'seed = 8\nconceded_by = "seat 0"',
            "conceded_by",
            "conceded_by must be an integer (a seat), not a string",
            None,
        ),
        (
            CONCEDED_MATCH,
            '"1 1-6:L",\n]',
            '"1 1-6:L",\n]\nconceded_by = 1.0',
            "conceded_by = 1.0",
            "hand 2: conceded_by must be an integer (a seat), not a float",
            None,
        ),
        (
            MATCH,
            "seed = 8\n",
            "seed = 8\nconceded_by = 1\n",
            "conceded_by",
            "conceded_by 1: the match is already over (after hand 2), so it cannot be conceded",
            None,
        ),
        (
            MATCH,
            '"1 pass",   # 7: blocked\n]',
            '"1 pass",   # 7: blocked\n]\nconceded_by = 1',
            "conceded_by",
            "hand 2: conceded_by 1: the hand is already over (it ended at move 7)",
            IllegalMoveReason.HAND_OVER,
        ),
        (
            swap(MATCH, "\ntarget = 20", "\ntarget = 10"),  # seat 1's 12 pips end the match
            '  "1 0-3:R", "0 0-4:R", "1 2-4:R", "0 1-2:R", "1 pass", "0 1-1:R",\n]',
            '  "1 0-3:R", "0 0-4:R", "1 2-4:R", "0 1-2:R", "1 pass",\n]\nconceded_by = 1',
            "[[hands]]#2",
            "hand 2 starts after the end of the match (after hand 1)",
            None,
        ),
    ],
)
def test_concession_errors(
    text: str, old: str, new: str, needle: str, message: str, reason: IllegalMoveReason | None
) -> None:
    bad = swap(text, old, new)
    found = validate(bad)
    assert found, "expected a problem"
    assert message in found[0].message, found
    assert found[0].line == line_of(bad, needle), found
    assert found[0].reason is reason
    err = error(bad)
    assert str(err) == str(found[0])
    assert (err.line, err.reason) == (found[0].line, found[0].reason)


def test_concession_errors_in_code() -> None:
    rules = Ruleset.block()
    with pytest.raises(ArgumentTypeError, match="conceded_by must be a seat") as info:
        HandRecord(rules=rules, seed=3, conceded_by="1")
    assert info.value.argument == "conceded_by"
    with pytest.raises(ArgumentTypeError, match="conceded_by must be a seat"):
        HandEntry(conceded_by=1.0)
    with pytest.raises(RecordError, match="conceded_by 2 is not a seat") as bad:
        HandRecord(rules=rules, seed=3, conceded_by=2)
    assert bad.value.reason is IllegalMoveReason.NO_SUCH_SEAT
    with pytest.raises(RecordError, match="hand 1: conceded_by 5 is not a seat"):
        MatchRecord(rules=rules, seed=3, hands=[HandEntry(conceded_by=5)])
    with pytest.raises(RecordError, match="conceded_by -1 is not a seat"):
        MatchRecord(rules=rules, seed=3, hands=[HandEntry()], conceded_by=-1)
    record = MatchRecord(rules=rules, seed=3, hands=[HandEntry()], conceded_by=0)
    assert record.final == Match.start(rules, seed=3).concede(0, match=True)
    assert len(list(record.replay())) == 2


# ------------------------------------------------------------- games with spinners
@pytest.mark.parametrize(
    "options",
    [
        {"spinner": "first_double", "play_scoring": "fives", "round_to": 5},
        {"spinner": "every_double", "play_scoring": "fives", "play_scale": "per_five"},
        {"spinner": "lead_double", "spinner_fill": "all_four_first"},
        {"spinner": "first_double", "spinner_fill": "one_tile_each_side"},
        {"play_scoring": "fives_and_threes"},
    ],
)
@pytest.mark.parametrize("seed", range(3))
def test_a_hand_with_spinners_records_and_replays(options: dict[str, Any], seed: int) -> None:
    """The new fields are written as overrides, the arms' tokens (``6-4:U``, ``0-4:A5``)
    as moves; both forms read back into the same record, which replays the hand (scores
    on play included) under the format's version 1, as its versioning rules say: new
    fields and tokens that older records do not use keep the version."""
    rules = Ruleset.from_dict({**Ruleset.draw().to_dict(), **options})
    rng = random.Random(seed)
    state = HandState.start(rules, Deal.random(rules, rng=rng))
    while not state.is_over:
        legal = state.legal_moves()
        state = state.apply(legal[rng.randrange(len(legal))])
    record = HandRecord.from_state(state)
    for text in (dumps(record), dumps(record, format="json")):
        back = loads(text)
        assert back == record
        assert back.final == state
        assert back.final.result == state.result
        assert back.final.history == state.history
    assert f"version = {FORMAT_VERSION}\n" in dumps(record)
    assert all(f"{key} = " in dumps(record) for key in options)
