"""What a seat sees of a hand played on a layout with arms (docs/rules/spinner.md): its
`Observation` carries the arms and the play points, hides every other hand, and records
the ends that were open when a seat passed or drew; and (docs/notation.md) the position
strings of such hands, for the whole table and for one seat."""

from __future__ import annotations

import itertools
import re

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dominoes import (
    Deal,
    DrawRule,
    HandState,
    Pass,
    PlayScale,
    PlayScoring,
    Ruleset,
    SpinnerFill,
    SpinnerRule,
    Tile,
)
from dominoes.errors import NotationError
from dominoes.moves import Draw, End, Play
from dominoes.notation import PositionArm, format_position, parse_position
from dominoes.state import Observation
from scenario import ALL_FIVES
from strategies import VARIANT_SETTINGS, VariantHand, random_hand, spinner_hands, tiles_reachable

FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
RULESETS = (
    ALL_FIVES,
    Ruleset.draw(spinner=SpinnerRule.FIRST_DOUBLE, play_scoring=PlayScoring.FIVES),
    Ruleset.draw(
        spinner=SpinnerRule.EVERY_DOUBLE,
        play_scoring=PlayScoring.FIVES,
        play_scale=PlayScale.PER_FIVE,
    ),
    Ruleset.draw(
        spinner=SpinnerRule.FIRST_DOUBLE,
        spinner_fill=SpinnerFill.ONE_TILE_EACH_SIDE,
        play_scoring=PlayScoring.FIVES,
    ),
    Ruleset.block(
        players=4,
        partnership=True,
        spinner=SpinnerRule.LEAD_DOUBLE,
        spinner_fill=SpinnerFill.ALL_FOUR_FIRST,
    ),
    Ruleset.block(play_scoring=PlayScoring.FIVES_AND_THREES),
    Ruleset.draw(
        players=3,
        spinner=SpinnerRule.EVERY_DOUBLE,
        spinner_fill=SpinnerFill.ALL_FOUR_FIRST,
        play_scoring=PlayScoring.FIVES,
        voluntary_draw=True,
    ),
)


def hands_played(count: int = 4) -> list[tuple[Ruleset, list[HandState]]]:
    return [(rules, random_hand(rules, seed)) for rules in RULESETS for seed in range(count)]


def public_history(state: HandState, seat: int) -> tuple[object, ...]:
    return tuple(
        step
        if step.seat == seat or not isinstance(step.move, Draw)
        else type(step)(seat=step.seat, move=Draw(), points=step.points)
        for step in state.history
    )


# ====================================================================== observations


def test_an_observation_shows_the_arms_the_points_and_the_legal_moves() -> None:
    for _rules, states in hands_played():
        for state in states:
            every = state.observations()
            for seat, obs in enumerate(every):
                assert obs == state.observation(seat)
                assert obs.layout == state.layout
                assert obs.layout.arms == state.layout.arms
                assert obs.lead == (state.lead or 0)
                assert obs.play_points == state.play_points
                assert obs.hand == state.hand(seat)
                assert obs.hand_sizes == state.hand_sizes
                assert obs.boneyard_size == len(state.boneyard)
                assert obs.history == public_history(state, seat)
                if seat == state.turn and not state.is_over:
                    assert obs.legal_moves() == state.legal_moves()
                else:
                    assert obs.legal_moves() == ()
                assert (obs.hands is None) == (not state.is_over)
                assert obs.result == state.result


def test_an_observation_holds_no_tile_hidden_from_its_seat() -> None:
    for _rules, states in hands_played(3):
        for state in states:
            if state.is_over:
                continue
            on_table = set(state.layout.tiles)
            for seat in range(state.rules.players):
                obs = state.observation(seat)
                drawn = {
                    s.move.tile
                    for s in state.history
                    if s.seat == seat and isinstance(s.move, Draw) and s.move.tile is not None
                }
                allowed = on_table | set(state.hand(seat)) | drawn
                if isinstance(obs.opening, Tile):  # the forced opening tile is public
                    allowed.add(obs.opening)
                assert tiles_reachable(obs) <= allowed


def test_a_scoring_play_keeps_its_points_in_every_seats_history() -> None:
    deal = Deal(
        hands=[["5-5", "2-6", "0-6", "0-5", "2-2"], ["3-6", "5-6", "3-3", "4-4", "1-5"]],
        boneyard=[
            t
            for t in ALL_FIVES.tile_set.tiles
            if str(t) not in ["5-5", "2-6", "0-6", "0-5", "2-2", "3-6", "5-6", "3-3", "4-4", "1-5"]
        ],
    )
    state = HandState.start(ALL_FIVES, deal).apply(Play(tile=Tile(5, 5)))
    for seat in (0, 1):
        obs = state.observation(seat)
        assert obs.history[0].points == 10
        assert obs.play_points == (10, 0)
        assert obs.layout.open_ends == ((End.LEFT, 5), (End.RIGHT, 5))
        assert "play_points=(10, 0)" in repr(obs)


def test_shown_voids_are_the_ends_open_when_the_seat_passed_or_drew() -> None:
    checked = 0
    for _rules, states in hands_played(6):
        for before, after in itertools.pairwise(states):
            mover = before.turn
            move = after.history[-1].move
            ends = frozenset(v for _end, v in before.layout.open_ends)
            was = before.observation(0).shown_voids[mover]
            now = after.observation(0).shown_voids[mover]
            if isinstance(move, Pass):
                assert now == was | ends
                checked += 1
            elif isinstance(move, Draw) and before.layout.arms:
                if before.rules.voluntary_draw:
                    assert now == frozenset()
                else:
                    assert now == ends
                checked += 1
            elif isinstance(move, Play):
                assert now == was
    assert checked > 20


@VARIANT_SETTINGS
@given(hand=spinner_hands())
def test_observations_of_any_spinner_hand_agree_with_the_state(hand: VariantHand) -> None:
    for state in hand.states:
        for seat, obs in enumerate(state.observations()):
            assert obs.layout == state.layout
            assert obs.play_points == state.play_points
            assert obs.shown_voids == state.observation(seat).shown_voids
            if seat == state.turn and not state.is_over:
                assert obs.legal_moves() == state.legal_moves()


def test_a_line_games_observation_has_no_arms_and_no_play_points() -> None:
    rules = Ruleset.draw()
    state = HandState.start(rules, Deal.random(rules, seed=3)).apply_all("6-6")
    obs = state.observation(0)
    assert obs.arms == ()
    assert obs.play_points == (0, 0)
    assert "arms=" not in repr(obs)
    assert "play_points" not in repr(obs)
    assert "arms" not in obs.to_dict()
    assert "play_points" not in obs.to_dict()
    given = {
        a.name: getattr(obs, a.name)
        for a in attrs.fields(Observation)
        if a.name not in ("arms", "play_points")
    }
    assert Observation(**given) == obs  # the defaults are a line game's


def test_the_draw_rule_is_kept_in_an_arms_observation() -> None:
    rules = Ruleset.draw(
        drawing=DrawRule.ONE_THEN_PASS, spinner=SpinnerRule.FIRST_DOUBLE, hand_size=3
    )
    for seed in range(10):
        for state in random_hand(rules, seed):
            obs = state.observation(state.turn)
            if not state.is_over:
                assert obs.legal_moves() == state.legal_moves()


# ====================================================================== positions


def test_positions_of_arms_hands_read_back_as_the_same_state() -> None:
    for rules, states in hands_played(6):
        for state in states:
            text = state.position()
            back = HandState.from_position(text, rules)
            assert back == state
            assert hash(back) == hash(state)
            assert back.position() == text
            assert back.layout == state.layout
            assert back.play_points == state.play_points
            assert back.legal_moves() == state.legal_moves()
            assert back.phase == state.phase
            assert back.result == state.result
            assert parse_position(text) == parse_position(format_position(parse_position(text)))


def test_a_state_from_a_position_plays_on_as_the_original() -> None:
    for rules, states in hands_played(2):
        for k, state in enumerate(states[:-1]):
            back = HandState.from_position(state.position(), rules)
            move = states[k + 1].history[-1].move
            assert back.apply(move) == states[k + 1]


def test_a_seats_position_hides_the_other_hands_and_reads_back_as_its_observation() -> None:
    for rules, states in hands_played(3):
        for state in states:
            for seat in range(rules.players):
                text = state.position(seat=seat)
                parsed = parse_position(text)
                if not state.is_over:
                    assert parsed.hands == tuple(
                        h if k == seat else len(h) for k, h in enumerate(state.hands)
                    )
                    assert parsed.boneyard == len(state.boneyard)
                obs = Observation.from_position(text, rules, seat=seat)
                expected = HandState.from_position(state.position(), rules).observation(seat)
                assert obs == expected
                assert obs.layout == state.layout
                assert obs.play_points == state.play_points


def test_a_line_position_has_no_arms_field() -> None:
    rules = Ruleset.draw()
    state = HandState.start(rules, Deal.random(rules, seed=3)).apply_all("6-6 4-6:L")
    assert "arms=" not in state.position()
    assert "points=" not in state.position()
    assert parse_position(state.position()).arms == ()


def test_the_arms_field_is_written_as_documented() -> None:
    deal = Deal(
        hands=[["6-6", "2-6", "0-6", "0-5", "2-2"], ["3-6", "5-6", "3-3", "4-4", "1-5"]],
        boneyard=[
            t
            for t in ALL_FIVES.tile_set.tiles
            if str(t) not in {"6-6", "2-6", "0-6", "0-5", "2-2", "3-6", "5-6", "3-3", "4-4", "1-5"}
        ],
    )
    state = HandState.start(ALL_FIVES, deal).apply_all("6-6 3-6:L 2-6:R 5-6:U")
    fields = state.position().split()
    assert fields[3:] == [
        "3|6,*6|6,6|2",
        "0",
        "play",
        "arms=U@*:6|5;D@*:-",
        "points=5,25",
        "last=1",
    ]
    p = parse_position(state.position())
    assert p.arms == (
        PositionArm(end=End.UP, origin=None, tiles=((6, 5),)),
        PositionArm(end=End.DOWN, origin=None, tiles=()),
    )
    assert p.play_points == (5, 25)


BASE = "d6 -/- - 3|6,*6|6,6|2 0 play"
FIRST = "d2 0-1/- 0-0,0-2 1|1,*1|2,2|2 0 play"
BAD_PARSE = [
    (BASE + " arms=", "arms"),
    (BASE + " arms=U", "arms"),
    (BASE + " arms=U@*:6|5", "arms"),  # one arm of a pair
    (BASE + " arms=D@*:-;U@*:-", "arms"),
    (BASE + " arms=U@*:-;D@L.0:-", "arms"),
    (BASE + " arms=U@*:6-5;D@*:-", "arms"),
    (BASE + " arms=U@*:6|5,;D@*:-", "arms"),
    (BASE + " arms=U@L:-;D@L:-", "arms"),
    (BASE + " arms=U@*:-;D@*:-;A4@U.x:-;A5@U.x:-", "arms"),
    (BASE + " arms=L@*:-;R@*:-", "arms"),
    (BASE + " arms=U@*:-;D@*:- arms=U@*:-;D@*:-", "options"),
    (BASE + " last=0 arms=U@*:-;D@*:-", "options"),
    (BASE + " points=", "points"),
    (BASE + " points=1,-2", "points"),
    (BASE + " points", "points"),
]


@pytest.mark.parametrize(("text", "field"), BAD_PARSE)
def test_malformed_arms_fields_are_refused_naming_the_field(text: str, field: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_position(text)
    assert f"bad position ({field})" in str(info.value)
    assert str(info.value).count("\n") == 0


def every_tile_position(rules: Ruleset, table: str, arms: str = "", extra: str = "") -> str:
    """A position whose table is ``table`` (line) plus ``arms``, the other tiles in the
    boneyard and two empty hands but one tile for seat 0."""
    on_table = {Tile(int(a), int(b)) for a, b in re.findall(r"(\d+)\|(\d+)", table + arms)}
    rest = [t for t in rules.tile_set.tiles if t not in on_table]
    hand, bone = rest[:1], rest[1:]
    fields = [
        f"d{rules.max_pip}",
        ",".join(map(str, hand)) + "/-",
        ",".join(map(str, bone)) or "-",
        table,
        "0",
        "play",
    ]
    if arms:
        fields.append("arms=" + arms)
    if extra:
        fields.append(extra)
    return " ".join(fields)


FIRST_DOUBLE = Ruleset.draw(spinner=SpinnerRule.FIRST_DOUBLE, play_scoring=PlayScoring.FIVES)
EVERY_DOUBLE = Ruleset.draw(spinner=SpinnerRule.EVERY_DOUBLE, play_scoring=PlayScoring.FIVES)
LEAD_DOUBLE = Ruleset.draw(spinner=SpinnerRule.LEAD_DOUBLE)
ONE_TILE = Ruleset.draw(
    spinner=SpinnerRule.FIRST_DOUBLE, spinner_fill=SpinnerFill.ONE_TILE_EACH_SIDE
)
MUGGINS = Ruleset.draw(play_scoring=PlayScoring.FIVES)
LINE = Ruleset.draw()
BAD_STATE = [
    (LINE, "3|6,*6|6,6|2", "U@*:-;D@*:-", "", "arms"),
    (LINE, "3|6,*6|6,6|2", "", "points=5,0", "points"),
    (MUGGINS, "3|6,*6|6,6|2", "U@*:-;D@*:-", "", "arms"),
    (FIRST_DOUBLE, "3|6,*6|6,6|2", "", "", "arms"),  # the double lead's arms are missing
    (FIRST_DOUBLE, "3|6,*6|6,6|2", "U@*:6|5;D@*:-", "points=5", "points"),
    (LEAD_DOUBLE, "3|6,*6|6,6|2", "U@*:6|5;D@*:-", "points=5,0", "points"),
    (FIRST_DOUBLE, "3|6,*6|6,6|2", "U@*:5|5;D@*:-", "", "arms"),  # does not match
    (FIRST_DOUBLE, "3|6,*6|6,6|2", "U@*:6|5,4|4;D@*:-", "", "arms"),
    (FIRST_DOUBLE, "3|6,*6|6,6|2", "U@*:6|5;D@*:-;A4@U.0:-;A5@U.0:-", "", "arms"),
    (FIRST_DOUBLE, "3|5,*5|6", "U@*:-;D@*:-", "", "arms"),  # the lead is no double
    (FIRST_DOUBLE, "3|5,*5|6", "U@L.0:-;D@L.0:-", "", "arms"),  # 5|3 is no double
    (FIRST_DOUBLE, "3|3,3|5,*5|6,6|6", "", "", "arms"),  # a double and no spinner
    (FIRST_DOUBLE, "3|3,3|5,5|5,*5|6", "U@L.2:-;D@L.2:-", "", "arms"),  # not the first
    (FIRST_DOUBLE, "3|5,*5|6", "U@L.4:-;D@L.4:-", "", "arms"),  # no such tile
    (FIRST_DOUBLE, "*5|6,6|6", "U@R.0:6|1;D@R.0:-", "", "arms"),  # R has no tile past it
    (FIRST_DOUBLE, "*5|6,6|6", "U@U.0:-;D@U.0:-", "", "arms"),
    (LEAD_DOUBLE, "3|5,*5|6,6|6", "U@R.0:-;D@R.0:-", "", "arms"),
    (LEAD_DOUBLE, "3|6,*6|6,6|2", "", "", "arms"),
    (EVERY_DOUBLE, "3|6,*6|6,6|2,2|2", "U@*:-;D@*:-", "", "arms"),  # 2|2 has no arms
    (
        EVERY_DOUBLE,
        "*0|1,1|1,1|2,2|2,2|3",
        "U@R.2:-;D@R.2:-;A4@R.0:-;A5@R.0:-",
        "",
        "arms",
    ),  # the farther spinner has the earlier arms
    (ONE_TILE, "3|6,*6|6,6|2", "U@*:6|5,5|1;D@*:-", "", "arms"),
    (FIRST_DOUBLE, "*6|3,3|3", "U@R.0:3|1;D@R.0:-", "", "line"),  # lead high half left
    (FIRST_DOUBLE, "3|6,*6|6,6|2", "U@*:6|5;D@*:9|9", "", "arms"),  # not in the set
    (FIRST_DOUBLE, "3|6,*6|6,6|2", "U@*:6|3;D@*:-", "", "arms"),  # 3-6 twice
]


@pytest.mark.parametrize(("rules", "table", "arms", "extra", "field"), BAD_STATE)
def test_impossible_arms_are_refused_naming_the_field(
    rules: Ruleset, table: str, arms: str, extra: str, field: str
) -> None:
    text = every_tile_position(rules, table, arms, extra)
    parse_position(text)  # well-formed: the ruleset refuses it
    with pytest.raises(NotationError) as info:
        HandState.from_position(text, rules)
    assert f"bad position ({field})" in str(info.value), str(info.value)
    assert "\n" not in str(info.value)


def test_the_error_cases_differ_from_a_position_that_reads() -> None:
    good = [
        (FIRST_DOUBLE, "3|6,*6|6,6|2", "U@*:6|5;D@*:-", "points=5,0"),
        (FIRST_DOUBLE, "3|3,3|5,*5|6", "U@L.1:-;D@L.1:-", ""),
        (FIRST_DOUBLE, "*5|6,6|6,6|1", "U@R.0:6|3;D@R.0:-", ""),
        (EVERY_DOUBLE, "*0|1,1|1,1|2,2|2,2|3", "U@R.0:-;D@R.0:-;A4@R.2:-;A5@R.2:-", ""),
        (LEAD_DOUBLE, "3|5,*5|6,6|6", "", ""),
        (MUGGINS, "3|6,*6|6,6|2", "", "points=5,0"),
        (ONE_TILE, "3|6,*6|6,6|2", "U@*:6|5;D@*:-", ""),
    ]
    for rules, table, arms, extra in good:
        state = HandState.from_position(every_tile_position(rules, table, arms, extra), rules)
        assert HandState.from_position(state.position(), rules) == state


@FUZZ
@given(case=st.sampled_from(RULESETS), seed=st.integers(0, 50), data=st.data())
def test_fuzz_mutated_arms_positions(case: Ruleset, seed: int, data: st.DataObject) -> None:
    """Mutated position strings of spinner hands: the readers return a value or raise
    a `NotationError` with a one-line message, never anything else."""
    states = random_hand(case, seed)
    state = data.draw(st.sampled_from(states))
    text = state.position(seat=data.draw(st.none() | st.integers(0, case.players - 1)))
    chars = list(text)
    for _ in range(data.draw(st.integers(1, 4))):
        action = data.draw(st.sampled_from(["delete", "insert", "replace"]))
        k = data.draw(st.integers(0, max(len(chars) - 1, 0)))
        char = data.draw(st.sampled_from(list("0123456789|,;:@*.-#/ =ULRDA")))
        if action == "delete" and chars:
            del chars[k]
        elif action == "insert":
            chars.insert(k, char)
        elif chars:
            chars[k] = char
    mutated = "".join(chars)
    for read in (
        parse_position,
        lambda t: HandState.from_position(t, case),
        lambda t: Observation.from_position(t, case, seat=0),
    ):
        message = ""
        try:
            read(mutated)
        except NotationError as error:
            message = str(error)
        assert "\n" not in message
