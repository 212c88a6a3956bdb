"""The API of the engine for layouts with arms (docs/rules/spinner.md) beyond its rules:
how a state of it reads, compares and finishes."""

from __future__ import annotations

import random

import pytest

from dominoes import (
    Deal,
    End,
    HandState,
    IllegalMoveError,
    Opening,
    Play,
    PlayScoring,
    Ruleset,
    SpinnerRule,
    Step,
    Tile,
)
from dominoes.agents import GreedyAgent, rollout
from scenario import dealt
from strategies import random_hand

ALL_FIVES = Ruleset.draw(spinner=SpinnerRule.FIRST_DOUBLE, play_scoring=PlayScoring.FIVES)


def test_a_ruleset_with_a_spinner_or_play_scoring_gets_the_arms_engine() -> None:
    for rules in (
        ALL_FIVES,
        Ruleset.block(spinner=SpinnerRule.LEAD_DOUBLE),
        Ruleset.block(play_scoring=PlayScoring.FIVES_AND_THREES),
    ):
        state = HandState.start(rules, Deal.random(rules, seed=1))
        assert isinstance(state, HandState)
        assert type(state) is not HandState
    line = HandState.start(Ruleset.draw(), Deal.random(Ruleset.draw(), seed=1))
    assert type(line) is HandState
    assert line.play_points == (0, 0)


@pytest.mark.parametrize("seed", range(5))
def test_states_compare_by_value_and_hash_alike(seed: int) -> None:
    first = random_hand(ALL_FIVES, seed)
    again = random_hand(ALL_FIVES, seed)
    assert first == again
    assert [hash(s) for s in first] == [hash(s) for s in again]
    assert first[1] != first[2]
    line_rules = Ruleset.draw()
    line = HandState.start(line_rules, Deal.random(line_rules, seed=seed))
    assert line != first[0]  # another engine (and ruleset): never equal


@pytest.mark.parametrize("seed", range(20))
def test_rollout_finishes_an_arms_hand_as_random_moves_do(seed: int) -> None:
    states = random_hand(ALL_FIVES, seed)
    start = states[0]
    finished = rollout(start, random.Random(seed + 100))
    assert finished.is_over
    assert finished.result is not None
    # the same generator drives both: rollout is a uniform choice of legal moves
    rng = random.Random(seed + 100)
    state = start
    while not state.is_over:
        legal = state.legal_moves()
        state = state.apply(legal[rng.randrange(len(legal))])
    assert state == finished
    assert state.history == finished.history


def test_a_scoring_play_shows_its_points_in_the_history() -> None:
    # 5-5 leads (the highest double dealt) and counts 10: it scores 10 at once
    deal = Deal(
        hands=[
            ["5-5", "0-1", "0-2", "0-3", "1-2", "1-3", "2-3"],
            ["0-4", "1-4", "2-4", "3-4", "0-0", "1-1", "2-2"],
        ],
        boneyard=["6-6", "4-4", "3-3", "0-5", "1-5", "2-5", "3-5", "4-5", "0-6", "1-6",
                  "2-6", "3-6", "4-6", "5-6"],
    )  # fmt: skip
    state = HandState.start(ALL_FIVES, deal).apply(Play(tile=Tile(5, 5)))
    assert state.history == (Step(seat=0, move=Play(tile=Tile(5, 5)), points=10),)
    assert repr(state.history[0]) == "Step(seat=0, move=Play(tile=Tile(5, 5)), points=10)"
    assert state.play_points == (10, 0)
    assert state.layout.open_ends == ((End.LEFT, 5), (End.RIGHT, 5))
    assert "arms=L:- R:- U:- D:-" in repr(state)


def test_position_strings_are_offered() -> None:
    state = random_hand(ALL_FIVES, 0)[3]
    assert HandState.from_position(state.position(), ALL_FIVES) == state


def test_observations_are_offered() -> None:
    state = random_hand(ALL_FIVES, 0)[3]
    assert state.observations() == (state.observation(0), state.observation(1))
    assert state.observation(0).layout == state.layout


def test_greedy_takes_the_play_that_scores_most_then_the_heaviest() -> None:
    """Issue 13: greedy knows play points. After 6-6 led, 3-6 makes 15 and scores, while
    the heavier 4-6 makes 16 and scores nothing."""
    state = HandState.start(ALL_FIVES, Deal.random(ALL_FIVES, seed=3)).apply_all("6-6")
    obs = state.observation(0)
    scored = dict(obs.scored_moves())
    assert scored[Play(tile=Tile(3, 6), end=End.LEFT)] == 15
    assert scored[Play(tile=Tile(4, 6), end=End.LEFT)] == 0
    assert GreedyAgent().choose(obs, random.Random(0)) == Play(tile=Tile(3, 6), end=End.LEFT)
    line = Ruleset.draw()
    plain = HandState.start(line, Deal.random(line, seed=3)).apply_all("6-6")
    assert GreedyAgent().choose(plain.observation(0), random.Random(0)).tile == Tile(4, 6)  # type: ignore[union-attr]
    assert all(p == 0 for _m, p in plain.observation(0).scored_moves())


@pytest.mark.parametrize("seed", range(6))
def test_scored_moves_are_what_the_moves_score(seed: int) -> None:
    for state in random_hand(ALL_FIVES, seed):
        if state.is_over:
            continue
        obs = state.observation(state.turn)
        for move, points in obs.scored_moves():
            assert state.apply(move).history[-1].points == points
        assert state.observation((state.turn + 1) % 2).scored_moves() == ()


def test_the_same_lead_by_another_seat_scores_for_that_seat() -> None:
    # the arms, count and points a lead makes are kept per tile for the ruleset; the
    # points still go to the seat that leads (5-5 counts 10, PLAY-1)
    rules = Ruleset.draw(
        hand_size=2,
        spinner=SpinnerRule.FIRST_DOUBLE,
        play_scoring=PlayScoring.FIVES,
        opening=Opening.HOLDER_OF_TILE,
        opening_tile=Tile(5, 5),
    )
    for holder in (0, 1, 0):
        hands = [["1-2", "3-4"], ["1-2", "3-4"]]
        hands[holder] = ["5-5", "0-1"]
        state = HandState.start(rules, dealt(*hands))
        assert state.turn == holder
        led = state.apply(Play(tile=Tile(5, 5)))
        assert led.play_points == tuple(10 if s == holder else 0 for s in range(2))
        assert led.layout.ends == (5, 5)
        assert led == state.apply("5-5")  # the short way and the general one agree


@pytest.mark.parametrize(
    "rules",
    [
        Ruleset.draw(4, spinner=SpinnerRule.FIRST_DOUBLE, opening=Opening.SEAT_ANY_TILE),
        Ruleset.draw(3, max_pip=12, opening=Opening.SEAT_ANY_TILE),  # a line; 91 tiles
        Ruleset.block(
            4,
            max_pip=9,
            hand_size=10,
            spinner=SpinnerRule.LEAD_DOUBLE,
            opening=Opening.SEAT_ANY_TILE,
        ),
    ],
    ids=repr,
)
def test_a_lead_of_any_tile_offers_each_tile_of_the_hand_in_index_order(rules: Ruleset) -> None:
    rng = random.Random(13)
    for _ in range(20):
        state = HandState.start(rules, Deal.random(rules, rng=rng))
        hand = sorted(state.hand(state.turn), key=lambda t: t.index)
        assert state.legal_moves() == tuple(Play(tile=t) for t in hand)
        assert state.observation(state.turn).legal_moves() == state.legal_moves()


@pytest.mark.parametrize("move", [Play(tile=Tile(0, 1), end=End.LEFT), Play(tile=Tile(6, 6))])
def test_a_lead_the_rules_refuse_is_refused_as_before(move: Play) -> None:
    # a lead with an end, or of a tile the seat does not hold, leaves the short way
    state = HandState.start(
        ALL_FIVES,
        dealt(
            ["0-1", "2-3", "1-1", "0-0", "0-2", "0-3", "0-4"],
            ["1-2", "1-3", "1-4", "1-5", "1-6", "2-2", "2-4"],
        ),
    )
    assert not state.is_legal(move)
    with pytest.raises(IllegalMoveError):
        state.apply(move)
