"""Chicken Foot in the engine of layouts with arms (docs/rules/chicken-foot.md, FOOT-1 to
FOOT-4).

* Scenarios worked by hand: the root double's four sides (FOOT-1) and its six toes
  (``root_toes=6``), a later double's three toes holding up every other arm (FOOT-2), a
  released foot left unfilled beside a new one, the release once a number is used up
  (FOOT-3) and, without it, the hand blocked; one draw, then play or pass (FOOT-4).
* A Hypothesis property over random Chicken Foot rulesets (every option of FOOT-1 to
  FOOT-4 and the hand's other rules): every tile is in one place, the moves offered are
  legal and the others refused, the gate holds as the rules say, positions read back.
* Golden counts: every complete move sequence of small double-3 deals, walked through
  the engine and by a brute force written here from the rules alone (plain tuples; only
  the ruleset's option values come from the library).
* The command line's ``demo`` of the preset. (The OpenSpiel ``random_sim_test`` and the
  PettingZoo ``api_test`` and ``seed_test`` run for every preset with arms, Chicken Foot
  among them: tests/adapters, ``[chicken-foot]``.)
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import attrs
import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from dominoes import (
    DRAW,
    PASS,
    ActionCodec,
    BlockDetection,
    Deal,
    DrawRule,
    End,
    Ending,
    HandState,
    IllegalMoveError,
    IllegalMoveReason,
    NoDoubleRule,
    NotationError,
    Observation,
    ObservationEncoder,
    Opening,
    Play,
    PlayScoring,
    Ruleset,
    Scoring,
    SpinnerFill,
    SpinnerRule,
    Tile,
    TileSet,
    find_preset,
)
from dominoes.agents import rollout
from dominoes.cli.app import cli
from dominoes.layout import Layout
from scenario import dealt, refusal
from strategies import SETTINGS

CHICKEN_FOOT = Ruleset.preset("chicken-foot")
"""The preset: double-9, two seats of nine tiles, 9-9 the root, four toes, the release."""


def foot(hand_size: int = 4, **options: Any) -> Ruleset:
    """Chicken Foot on the double-3 set, 3-3 the root, two seats of four tiles."""
    return Ruleset.preset(
        "chicken-foot", max_pip=3, hand_size=hand_size, opening_tile=Tile(3, 3), **options
    )


def open_arms(state: HandState) -> list[str]:
    """The open arms as tokens with their values: ``["L=9", "R=9"]``."""
    return [f"{end.token}={value}" for end, value in state.layout.open_ends]


def moves(state: HandState) -> list[str]:
    return [str(move) for move in state.legal_moves()]


# The double-3 deal of the worked example on docs/rules/chicken-foot.md: seat 0 holds the
# root 3-3, seat 1 the three other 3s; 0-2 and 1-2 lie in the boneyard, in that order.
DEAL_3 = dealt(["3-3", "0-1", "1-1", "0-0"], ["0-3", "1-3", "2-3", "2-2"], max_pip=3)


# The double-9 deal of FOOT-1 on docs/rules/chicken-foot.md: seat 0 holds the root 9-9.
DEAL_9 = dealt(
    ["9-9", "3-9", "3-4", "0-0", "1-1", "1-2", "1-3", "1-4", "1-5"],
    ["4-9", "5-9", "4-5", "2-2", "2-3", "2-4", "2-5", "2-6", "2-7"],
    max_pip=9,
)


# ------------------------------------------------------------------------- FOOT-1
def test_foot_1_the_root_takes_a_tile_on_each_of_its_four_sides_first() -> None:
    state = HandState.start(CHICKEN_FOOT, DEAL_9)
    assert state.turn == 0
    assert moves(state) == ["9-9"]
    state = state.apply("9-9")
    assert open_arms(state) == ["L=9", "R=9", "U=9", "D=9"]
    assert moves(state) == ["4-9:L", "4-9:R", "4-9:U", "4-9:D", "5-9:L", "5-9:R", "5-9:U", "5-9:D"]
    state = state.apply("4-9:L")
    # the left arm shows 4 now, but takes nothing while R, U and D are empty
    assert open_arms(state) == ["R=9", "U=9", "D=9"]
    assert refusal(state, Play(tile=Tile(3, 4), end=End.LEFT)) is IllegalMoveReason.END_NOT_OPEN
    assert moves(state) == ["3-9:R", "3-9:U", "3-9:D"]
    state = state.apply_all("3-9:R")
    state = state.apply_all("5-9:U")
    assert open_arms(state) == ["D=9"]
    assert state.turn == 0
    assert moves(state) == ["draw"]
    state = state.apply("draw").apply("pass")
    assert moves(state) == ["draw"]  # seat 1 neither
    state = state.apply("draw").apply("pass")
    assert open_arms(state) == ["D=9"]


def test_foot_1_six_toes_three_on_each_long_side() -> None:
    rules = attrs.evolve(CHICKEN_FOOT, root_toes=6)
    state = HandState.start(rules, DEAL_9).apply("9-9")
    # L and R, and A4 to A7 beside them; the root's U and D take nothing
    assert open_arms(state) == ["L=9", "R=9", "A4=9", "A5=9", "A6=9", "A7=9"]
    up = state.layout.arms[End.UP]
    assert not up.is_open
    assert up.origin is None
    assert refusal(state, Play(tile=Tile(4, 9), end=End.UP)) is IllegalMoveReason.END_NOT_OPEN
    state = state.apply_all("4-9:A6 3-9:L 5-9:A4")
    assert open_arms(state) == ["R=9", "A5=9", "A7=9"]
    assert refusal(state, Play(tile=Tile(1, 5), end=End(4))) is IllegalMoveReason.END_NOT_OPEN
    position = state.position()
    assert "arms=U@*:-;D@*:-;A4@*:9|5;A5@*:-;A6@*:9|4;A7@*:-" in position
    assert HandState.from_position(position, rules) == state


def test_foot_1_a_position_with_a_tile_on_an_unused_side_is_refused() -> None:
    rules = attrs.evolve(CHICKEN_FOOT, root_toes=6, hand_size=2)
    state = HandState.start(rules, dealt(["9-9", "0-0"], ["4-9", "1-1"], max_pip=9))
    state = state.apply("9-9")
    good = state.position()
    assert HandState.from_position(good, rules) == state
    assert "/1-1,4-9 " in good
    assert "U@*:-" in good
    bad = good.replace("/1-1,4-9 ", "/1-1 ").replace("U@*:-", "U@*:9|4")
    with pytest.raises(NotationError, match="U and D take no tile"):
        HandState.from_position(bad, rules)


# ------------------------------------------------------------------------- FOOT-2
def test_foot_2_a_later_double_grows_three_toes_that_hold_up_every_other_arm() -> None:
    deal = dealt(
        ["9-9", "3-9", "3-4", "4-4", "1-1", "0-4", "1-3", "1-5", "0-5"],
        ["4-9", "5-9", "6-9", "2-2", "4-5", "2-4", "2-5", "2-6", "2-7"],
        max_pip=9,
    )
    state = HandState.start(CHICKEN_FOOT, deal)
    state = state.apply_all("9-9 4-9:L 3-9:R 5-9:U")
    # seat 0 holds no 9 for D: it draws one (7-8, the first of the boneyard) and passes
    state = state.apply("draw").apply("pass")
    state = state.apply_all("6-9:D")
    assert open_arms(state) == ["L=4", "R=3", "U=5", "D=6"]  # the root is full
    state = state.apply("4-4:L")  # a foot: L goes on beyond it, A4 and A5 beside it
    assert open_arms(state) == ["L=4", "A4=4", "A5=4"]
    arm = state.layout.arms[End(4)]
    assert arm.origin == (End.LEFT, 1)
    # seat 1's 2-5 fits U's 5, but the toes come first
    assert refusal(state, Play(tile=Tile(2, 5), end=End.UP)) is IllegalMoveReason.END_NOT_OPEN
    assert moves(state) == ["2-4:L", "2-4:A4", "2-4:A5", "4-5:L", "4-5:A4", "4-5:A5"]
    state = state.apply_all("2-4:A4 0-4:L 4-5:A5")
    assert open_arms(state) == ["L=0", "R=3", "U=5", "D=6", "A4=2", "A5=5"]


def test_foot_2_after_a_lead_that_is_no_double_the_first_double_is_a_foot() -> None:
    """With a lead of any tile (not the preset's), the layout is a line until the first
    double, which grows three toes: the arm beyond it and U and D, the first free arms."""
    rules = Ruleset.preset(
        "chicken-foot", max_pip=6, hand_size=4, opening=Opening.SEAT_ANY_TILE, opening_tile=None
    )
    state = HandState.start(
        rules, dealt(["3-4", "4-4", "0-0", "1-6"], ["2-4", "4-5", "4-6", "2-3"], max_pip=6)
    )
    state = state.apply_all("3-4 2-3:L")
    assert open_arms(state) == ["L=2", "R=4"]
    state = state.apply("4-4:R")
    assert open_arms(state) == ["R=4", "U=4", "D=4"]
    assert state.layout.arms[End.UP].origin == (End.RIGHT, 0)
    # seat 1's 2-4 fits L's 2, but only on the toes
    assert refusal(state, Play(tile=Tile(2, 4), end=End.LEFT)) is IllegalMoveReason.END_NOT_OPEN
    assert moves(state)[:3] == ["2-4:R", "2-4:U", "2-4:D"]


# ------------------------------------------------------------------------- FOOT-3
def test_foot_3_the_root_s_gate_lifts_once_its_number_is_used_up() -> None:
    """Double-3 has four 3s: the root and three more, one short of its four sides. Once
    the three are down, the empty side D lifts its gate and play goes on."""
    state = HandState.start(foot(), DEAL_3)
    state = state.apply_all("3-3 1-3:L")
    # seat 0's 0-1 and 1-1 fit L's 1, but R, U and D come first: it draws 0-2, passes
    assert moves(state) == ["draw"]
    state = state.apply_all("draw pass 2-3:R")
    assert moves(state) == ["draw"]
    state = state.apply_all("draw pass 0-3:U")
    # every 3 is on the table: D stays empty and holds nothing up
    assert open_arms(state) == ["L=1", "R=2", "U=0", "D=3"]
    assert "0-1:L" in moves(state)
    assert "1-2:R" in moves(state)


def test_foot_2_and_foot_3_a_released_foot_and_a_new_one() -> None:
    """Two feet unfilled at once: the root, whose side D no tile can take (its gate
    lifted, FOOT-3), and a new foot, 1-1, whose toes hold up everything. (Two gates can
    never hold at once: a foot's toes take its number, and the one double of that number
    is the foot itself; so the oldest-first rule of FOOT-2 never has to choose.)"""
    state = HandState.start(foot(), DEAL_3)
    state = state.apply_all("3-3 1-3:L draw pass 2-3:R draw pass 0-3:U 1-1:L")
    assert open_arms(state) == ["L=1", "A4=1", "A5=1"]
    assert not state.layout.arms[End.DOWN].tiles  # the root's side D, still empty
    assert moves(state) == ["pass"]  # seat 1's 2-2 fits R's 2, held up by the toes
    state = state.apply_all("pass 1-2:A4 pass")
    assert moves(state) == ["0-1:L", "0-1:A5"]
    state = state.apply("0-1:A5")  # the last 1: the toe L is released too
    assert open_arms(state) == ["L=1", "R=2", "U=0", "D=3", "A4=2", "A5=0"]
    assert moves(state) == ["2-2:R", "2-2:A4"]
    assert HandState.from_position(state.position(), foot()) == state


def test_foot_3_without_the_release_the_hand_blocks() -> None:
    rules = foot(toe_release=False)
    state = HandState.start(rules, DEAL_3)
    state = state.apply_all("3-3 1-3:L draw pass 2-3:R draw pass 0-3:U")
    assert open_arms(state) == ["D=3"]  # no 3 is left, and D still holds everything up
    assert moves(state) == ["pass"]
    state = state.apply("pass").apply("pass")
    assert state.result is not None
    assert state.result.ending is Ending.BLOCKED
    assert state.result.winners == (1,)  # 2-2 against 0-1 1-1 0-0 0-2 1-2, 0-0 or no 0-0


# ------------------------------------------------------------------------- FOOT-4
def test_foot_4_one_draw_then_play_it_if_it_fits_else_pass() -> None:
    deal = Deal(
        hands=[["3-3", "0-0", "0-1", "1-1"], ["0-3", "1-3", "2-3", "2-2"]],
        boneyard=["0-2", "1-2"],
    )
    state = HandState.start(foot(), deal)
    state = state.apply_all("3-3 0-3:U")
    assert moves(state) == ["draw"]
    state = state.apply("draw")  # 0-2 fits no side of the root: seat 0 passes
    assert moves(state) == ["pass"]
    assert refusal(state, DRAW) is IllegalMoveReason.CANNOT_DRAW
    deal = Deal(
        hands=[["3-3", "0-0", "0-1", "1-1"], ["0-2", "1-2", "2-3", "2-2"]],
        boneyard=["0-3", "1-3"],
    )
    state = HandState.start(foot(), deal).apply("3-3").apply("2-3:L")
    state = state.apply("draw")  # 0-3 fits: it must be played, on a side of the root
    assert moves(state) == ["0-3:R", "0-3:U", "0-3:D"]
    assert refusal(state, PASS) is IllegalMoveReason.MUST_PLAY
    # no markers and no owners: every open end is anyone's
    assert state.observation(1).layout == state.layout


def test_foot_4_the_hand_ends_when_a_seat_goes_out() -> None:
    state = HandState.start(foot(), DEAL_3)
    state = state.apply_all("3-3 1-3:L draw pass 2-3:R draw pass 0-3:U 1-1:L")
    state = state.apply_all("pass 1-2:A4 pass 0-1:A5 2-2:R")
    assert state.result is not None
    assert state.result.ending is Ending.DOMINO
    assert state.result.winners == (1,)
    assert state.result.points[1] == 0  # (the others' penalty: their tile values)


def test_foot_preset_needs_the_root_double_in_a_hand() -> None:
    """The preset's deal is dealt again when nobody holds the root (`NoDoubleRule.REDEAL`)."""
    for seed in range(20):
        deal = Deal.random(CHICKEN_FOOT, seed=seed)
        assert any(Tile(9, 9) in hand for hand in deal.hands)
        assert HandState.start(CHICKEN_FOOT, deal).legal_moves() == (Play(tile=Tile(9, 9)),)


# ------------------------------------------------------------------------- the readers
def test_foot_1_to_4_observations_positions_and_the_codec() -> None:
    """Through hands of the preset with six toes: each seat's observation offers the seat
    to move the state's moves, shows the whole table, and reads back from its dict and its
    position; the action codec numbers every legal move one to one, over 26 arms (the
    line, the root's U and D unused and A4 to A7, and two for each of the nine other
    doubles); the observation vector has the encoder's size, for a seat's observation and
    for the state seen by that seat alike."""
    rules = attrs.evolve(CHICKEN_FOOT, root_toes=6)
    codec = ActionCodec(rules)
    encoder = ObservationEncoder(rules)
    assert codec.arms == 2 + 2 + 4 + 2 * 9
    for seed in range(2):
        rng = random.Random(seed)
        state = HandState.start(rules, Deal.random(rules, rng=rng))
        while not state.is_over:
            legal = state.legal_moves()
            for seat in range(rules.players):
                obs = state.observation(seat)
                assert obs.layout == state.layout
                assert Observation.from_dict(obs.to_dict()) == obs
                position = state.position(seat=seat)
                assert Observation.from_position(position, rules, seat=seat).layout == obs.layout
                vector = encoder.encode(obs)
                assert len(vector) == encoder.size
                assert vector == encoder.encode_state(state, seat)
            assert state.observation(state.turn).legal_moves() == legal
            numbers = [codec.encode(move) for move in legal]
            assert len(set(numbers)) == len(numbers)
            assert [codec.decode(n) for n in numbers] == list(legal)
            state = state.apply(legal[rng.randrange(len(legal))])


# ------------------------------------------------------------------------- PRESET-18
def test_preset_18_chicken_foot_fields() -> None:
    rules = CHICKEN_FOOT
    assert (rules.max_pip, rules.players, rules.hand_size) == (9, 2, 9)
    assert rules.opening is Opening.HOLDER_OF_TILE
    assert rules.opening_tile == Tile(9, 9)
    assert rules.no_double is NoDoubleRule.REDEAL
    assert rules.drawing is DrawRule.ONE_THEN_PASS
    assert rules.spinner is SpinnerRule.EVERY_DOUBLE
    assert rules.spinner_fill is SpinnerFill.TOES_FIRST
    assert (rules.root_toes, rules.toe_release) == (4, True)
    assert rules.play_scoring is PlayScoring.NONE
    assert rules.scoring is Scoring.PENALTY
    assert dict(find_preset("chicken-foot").hand_sizes) == {
        2: 9, 3: 7, 4: 7, 5: 7, 6: 7, 7: 7, 8: 6
    }  # fmt: skip
    assert Ruleset.preset("chicken-foot", players=8).hand_size == 6


def test_preset_18_chicken_foot_a_hand_played_out() -> None:
    """Random hands of the preset, two and four seats, end with a domino or a block, and
    every double on the table is a foot (two arms grow from it)."""
    for players in (2, 4):
        rules = Ruleset.preset("chicken-foot", players=players)
        for seed in range(3):
            state = rollout(
                HandState.start(rules, Deal.random(rules, seed=seed)), random.Random(seed)
            )
            assert state.result is not None
            assert state.result.ending in (Ending.DOMINO, Ending.BLOCKED)
            layout = state.layout
            doubles = sum(1 for tile in layout.tiles if tile.is_double)
            assert len(layout.arms) == 2 + 2 * doubles


# ------------------------------------------------------------------------- a property
@st.composite
def foot_rulesets(draw: st.DrawFn) -> Ruleset:
    """A Chicken Foot ruleset with every option of its rules drawn."""
    max_pip = draw(st.integers(min_value=3, max_value=9))
    players = draw(st.integers(min_value=2, max_value=4))
    size = TileSet.double(max_pip).size
    drawing = draw(st.sampled_from([DrawRule.ONE_THEN_PASS, DrawRule.UNTIL_PLAYABLE]))
    hand_size = draw(st.integers(min_value=2, max_value=min(9, (size - 1) // players)))
    left = size - players * hand_size
    options: dict[str, Any] = {
        "max_pip": max_pip,
        "players": players,
        "hand_size": hand_size,
        "drawing": drawing,
        "boneyard_floor": draw(st.sampled_from([0, 0, min(2, left)])),
        "root_toes": draw(st.sampled_from([4, 6])),
        "toe_release": draw(st.booleans()),
        "block_detection": draw(st.sampled_from(BlockDetection)),
    }
    if draw(st.booleans()):
        d = draw(st.integers(min_value=0, max_value=max_pip))
        options["opening_tile"] = Tile(d, d)
    else:  # a non-double lead: a line until the first double, a foot of three toes
        options["opening"] = Opening.SEAT_ANY_TILE
        options["opening_tile"] = None
        options["opening_seat"] = draw(st.integers(min_value=0, max_value=players - 1))
    return Ruleset.preset("chicken-foot", **options)


def _toes_open(layout: Layout, rules: Ruleset) -> list[End] | None:
    """The empty toes of the feet whose number still has a tile off the table (FOOT-1
    to FOOT-3), or ``None`` when no gate holds. Read from the layout alone."""
    arms = layout.arms
    on_table = Counter(v for t in layout.tiles for v in {t.low, t.high})
    lead = layout.line[len(arms[0].tiles)]
    feet: list[tuple[int, list[int]]] = []
    for k in range(2, len(arms), 2):
        origin = arms[k].origin
        if origin is None:
            if k > 2:
                continue  # the root's further toes (six), A4 to A7: listed with k == 2
            toes = [0, 1, 4, 5, 6, 7] if rules.root_toes == 6 else [0, 1, 2, 3]
            feet.append((lead[0], [x for x in toes if not arms[x].tiles]))
        else:
            on, index = origin
            d = arms[on].tiles[index][0]
            empty = [x for x in (k, k + 1) if not arms[x].tiles]
            if len(arms[on].tiles) == index + 1:
                empty.insert(0, int(on))
            feet.append((d, empty))
    gates = [
        (d, toes)
        for d, toes in feet
        if toes and not (rules.toe_release and on_table[d] == rules.max_pip + 1)
    ]
    assert len(gates) <= 1, "two gates at once"
    return [End(x) for x in sorted(gates[0][1])] if gates else None


@settings(SETTINGS, max_examples=60)
@given(rules=foot_rulesets(), seed=st.integers(min_value=0, max_value=2**16))
def test_foot_1_to_4_tiles_are_kept_and_moves_are_legal(rules: Ruleset, seed: int) -> None:
    rng = random.Random(seed)
    state = HandState.start(rules, Deal.random(rules, rng=rng))
    full = Counter(rules.tile_set.tiles)
    while True:
        layout = state.layout
        held = [t for hand in state.hands for t in hand]
        assert Counter([*held, *state.boneyard, *layout.tiles]) == full
        if state.is_over:
            break
        legal = state.legal_moves()
        if not layout.is_empty:
            gate = _toes_open(layout, rules)
            open_ends = [end for end, _ in layout.open_ends]
            lo, hi = layout.line[len(layout.arms[0].tiles)]
            unused = (End.UP, End.DOWN) if rules.root_toes == 6 and lo == hi else ()
            everywhere = [arm.end for arm in layout.arms if arm.end not in unused]
            expected = everywhere if gate is None else gate
            assert open_ends == expected
            values = dict(layout.open_ends)
            hand = state.hand(state.turn)
            for move in legal:
                if isinstance(move, Play):
                    assert move.end in values
                    assert values[move.end] in (
                        move.tile.low,
                        move.tile.high,
                    )
            fitting = [
                Play(tile=t, end=arm.end)
                for t in hand
                for arm in layout.arms
                if arm.value in (t.low, t.high)
            ]
            for play in fitting:
                if play not in legal:
                    with pytest.raises(IllegalMoveError):
                        state.apply(play)
        assert HandState.from_position(state.position(), rules) == state
        state = state.apply(legal[rng.randrange(len(legal))])


# ------------------------------------------------------------------------- golden counts
# A brute force of Chicken Foot written from the rules alone. A node is (hands, boneyard,
# arms, feet, turn, drew, passes); an arm is (the number it grows from, its tiles
# outward as (inner, outer) pairs); a foot is (its number, its toes as (arm, the length
# the arm must reach)). Moves come by tile (high half, then low), then by arm.
Pair = tuple[int, int]
Arm = tuple[int, tuple[Pair, ...]]
Foot = tuple[int, tuple[tuple[int, int], ...]]
TOKENS = ["L", "R", "U", "D"] + [f"A{k}" for k in range(4, 40)]


def _value(arm: Arm) -> int:
    return arm[1][-1][1] if arm[1] else arm[0]


def _brute(
    rules: Ruleset, hands: list[list[Pair]], bone: list[Pair]
) -> tuple[list[tuple[str, ...]], Counter[str]]:
    """Every complete sequence of the hand (tokens) and how many end each way."""
    players = rules.players
    top = rules.max_pip
    root = rules.opening_tile
    assert root is not None
    leaves: list[tuple[str, ...]] = []
    endings: Counter[str] = Counter()

    def table(arms: tuple[Arm, ...], lead: Pair) -> list[Pair]:
        return [lead, *(pair for arm in arms for pair in arm[1])]

    def gate(arms: tuple[Arm, ...], feet: tuple[Foot, ...], lead: Pair) -> list[int] | None:
        laid = table(arms, lead)
        for d, toes in feet:  # the oldest foot first
            empty = [k for k, need in toes if len(arms[k][1]) < need]
            used_up = sum(d in pair for pair in laid) == top + 1
            if empty and not (rules.toe_release and used_up):
                return sorted(empty)
        return None

    def walk(
        path: tuple[str, ...],
        hands: tuple[tuple[Pair, ...], ...],
        bone: tuple[Pair, ...],
        arms: tuple[Arm, ...],
        feet: tuple[Foot, ...],
        lead: Pair,
        turn: int,
        drew: bool,
        passes: int,
        unused: tuple[int, ...],
    ) -> None:
        hand = hands[turn]
        held = gate(arms, feet, lead)
        where = held if held is not None else [k for k in range(len(arms)) if k not in unused]
        plays = [
            (tile, k)
            for tile in sorted(hand, key=lambda t: (t[1], t[0]))
            for k in where
            if _value(arms[k]) in tile
        ]
        for tile, k in plays:
            v = _value(arms[k])
            pair = (v, tile[1] if tile[0] == v else tile[0])
            new_arms = list(arms)
            new_arms[k] = (arms[k][0], (*arms[k][1], pair))
            new_feet = feet
            if tile[0] == tile[1]:
                n = len(new_arms)
                new_arms += [(v, ()), (v, ())]
                new_feet = (*feet, (v, ((k, len(new_arms[k][1]) + 1), (n, 1), (n + 1, 1))))
            new_hands = list(hands)
            new_hands[turn] = tuple(t for t in hand if t != tile)
            token = f"{tile[0]}-{tile[1]}:{TOKENS[k]}"
            if not new_hands[turn]:
                leaves.append((*path, token))
                endings[f"domino {turn}"] += 1
                continue
            walk(
                (*path, token), tuple(new_hands), bone, tuple(new_arms), new_feet, lead,
                (turn + 1) % players, False, 0, unused,
            )  # fmt: skip
        if plays:
            return
        if bone and not drew and len(bone) > rules.boneyard_floor:
            new_hands = list(hands)
            new_hands[turn] = (*hand, bone[0])
            walk(
                (*path, "draw"), tuple(new_hands), bone[1:], arms, feet, lead, turn, True,
                0, unused,
            )  # fmt: skip
            return
        if passes + 1 == players:
            leaves.append((*path, "pass"))
            endings["blocked"] += 1
            return
        walk(
            (*path, "pass"), hands, bone, arms, feet, lead, (turn + 1) % players, False,
            passes + 1, unused,
        )  # fmt: skip

    d = root.low
    leader = next(s for s, hand in enumerate(hands) if (d, d) in hand)
    arms: tuple[Arm, ...] = ((d, ()), (d, ()), (d, ()), (d, ()))
    toes: tuple[tuple[int, int], ...] = ((0, 1), (1, 1), (2, 1), (3, 1))
    unused: tuple[int, ...] = ()
    if rules.root_toes == 6:  # three toes on each long side; U and D unused
        arms += ((d, ()),) * 4
        toes = ((0, 1), (1, 1), (4, 1), (5, 1), (6, 1), (7, 1))
        unused = (2, 3)
    start = [tuple(hand) for hand in hands]
    start[leader] = tuple(t for t in hands[leader] if t != (d, d))
    walk(
        (f"{d}-{d}",), tuple(start), tuple(bone), arms, ((d, toes),), (d, d),
        (leader + 1) % players, False, 0, unused,
    )  # fmt: skip
    return leaves, endings


def _engine(state: HandState) -> tuple[list[tuple[str, ...]], Counter[str]]:
    leaves: list[tuple[str, ...]] = []
    endings: Counter[str] = Counter()

    def walk(state: HandState, path: tuple[str, ...]) -> None:
        for move in state.legal_moves():
            after = state.apply(move)
            token = (*path, str(move))
            result = after.result
            if result is None:
                walk(after, token)
                continue
            leaves.append(token)
            if result.ending is Ending.DOMINO:
                endings[f"domino {after.turn}"] += 1
            else:
                endings[result.ending.value] += 1

    walk(state, ())
    return leaves, endings


def _pairs(tiles: list[str]) -> list[Pair]:
    out = []
    for text in tiles:
        a, b = (int(x) for x in text.split("-"))
        out.append((min(a, b), max(a, b)))
    return out


GOLDEN: dict[str, tuple[dict[str, Any], list[list[str]], list[str]]] = {
    # name: (options, hands, boneyard); 3-3 is the root
    "four-toes": (
        {},
        [["3-3", "0-0", "1-3"], ["1-2", "0-3", "2-2"]],
        ["1-1", "0-2", "2-3", "0-1"],
    ),
    "four-toes-no-release": (
        {"toe_release": False},
        [["3-3", "0-1", "2-2"], ["0-3", "1-3", "1-2"]],
        ["0-0", "2-3", "1-1", "0-2"],
    ),
    "six-toes": (
        {"root_toes": 6},
        [["0-3", "2-2", "0-2"], ["0-1", "1-1", "3-3"]],
        ["2-3", "1-3", "0-0", "1-2"],
    ),
    "three-seats": (
        {"players": 3},
        [["1-1", "1-2"], ["3-3", "0-2"], ["1-3", "0-1"]],
        ["0-3", "0-0", "2-2", "2-3"],
    ),
}
EXPECTED: dict[str, tuple[int, dict[str, int]]] = {
    # name: (complete sequences, how many end each way), as both walks found them
    "four-toes": (1320, {"domino 0": 960, "domino 1": 288, "blocked": 72}),
    "four-toes-no-release": (48, {"blocked": 48}),
    "six-toes": (2160, {"domino 0": 1200, "domino 1": 600, "blocked": 360}),
    "three-seats": (936, {"domino 0": 288, "domino 1": 360, "domino 2": 288}),
}


@pytest.mark.parametrize("name", list(GOLDEN))
def test_foot_1_to_4_golden_counts_against_a_brute_force(name: str) -> None:
    options, hands, bone = GOLDEN[name]
    rules = foot(**{"hand_size": len(hands[0]), **options})
    state = HandState.start(rules, Deal(hands=hands, boneyard=bone))
    engine_leaves, engine_endings = _engine(state)
    brute_leaves, brute_endings = _brute(rules, [_pairs(h) for h in hands], _pairs(bone))
    assert engine_leaves == brute_leaves
    assert engine_endings == brute_endings
    count, endings = EXPECTED[name]
    assert (len(engine_leaves), engine_endings) == (count, Counter(endings))


# ------------------------------------------------------------------------- the CLI
def test_foot_the_demo_of_the_preset_plays_a_hand() -> None:
    result = CliRunner().invoke(cli, ["demo", "--preset", "chicken-foot", "--seed", "3"])
    assert result.exit_code == 0, result.output
    out = result.output
    assert "every double a chicken foot" in out
    assert "leads 9-9" in out
    assert "\n  arm U     " in out
    assert "Traceback" not in out
