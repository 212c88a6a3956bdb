"""What a seat sees of a hand played on a layout with arms (docs/rules/spinner.md): its
`Observation` carries the arms and the play points, hides every other hand, and records
the ends that were open when a seat passed or drew; and (docs/notation.md) the position
strings of such hands, for the whole table and for one seat."""

from __future__ import annotations

import itertools
import random

import attrs
from hypothesis import given

from dominoes import (
    Deal,
    DrawRule,
    HandState,
    Opening,
    Pass,
    PlayScale,
    PlayScoring,
    Ruleset,
    SpinnerFill,
    SpinnerRule,
    Tile,
)
from dominoes.moves import Draw, End, Play
from dominoes.state import Observation
from strategies import VARIANT_SETTINGS, VariantHand, spinner_hands

ALL_FIVES = Ruleset.draw(
    hand_size=5,
    opening=Opening.SEAT_ANY_TILE,
    spinner=SpinnerRule.FIRST_DOUBLE,
    play_scoring=PlayScoring.FIVES,
    round_to=5,
)
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


def random_hand(rules: Ruleset, seed: int) -> list[HandState]:
    rng = random.Random(seed)
    state = HandState.start(rules, Deal.random(rules, rng=rng))
    states = [state]
    while not state.is_over:
        legal = state.legal_moves()
        state = state.apply(legal[rng.randrange(len(legal))])
        states.append(state)
    return states


def hands_played(count: int = 4) -> list[tuple[Ruleset, list[HandState]]]:
    return [(rules, random_hand(rules, seed)) for rules in RULESETS for seed in range(count)]


def tiles_reachable(root: object) -> set[Tile]:
    """Every `Tile` reachable from ``root`` through attributes and containers (the
    ruleset left out: it names tiles of the set, not of a hand)."""
    seen: set[int] = set()
    found: set[Tile] = set()
    stack = [root]
    while stack:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, Ruleset):
            continue
        seen.add(id(obj))
        if isinstance(obj, Tile):
            found.add(obj)
        elif isinstance(obj, tuple | list | frozenset | set):
            stack.extend(obj)
        elif hasattr(obj, "__attrs_attrs__"):
            stack.extend(getattr(obj, a.name) for a in obj.__attrs_attrs__)
    return found


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
