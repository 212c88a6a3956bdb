"""Tests of the built-in agents and of what they are given: an `Observation`, never the state.

* every agent returns a legal move in every position of random rulesets with every
  option (Hypothesis; the search agent on a small budget);
* an agent is handed an `Observation`, and nothing reachable from it shows a tile the
  seat cannot see;
* the search agent: deterministic from its generator, no sampling when the move is
  forced, better than random play;
* regressions: the search agent under penalty scoring, and the hidden-information
  model.
"""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dominoes import (
    DRAW,
    PASS,
    Deal,
    Draw,
    DrawRule,
    Ending,
    FaultMode,
    FaultPenalty,
    HandState,
    Move,
    NoDoubleRule,
    Opening,
    Play,
    Ruleset,
    Scoring,
    Tile,
    sampling,
)
from dominoes.agents import (
    SEARCH_SAMPLE_BUDGET,
    Agent,
    GreedyAgent,
    RandomAgent,
    SearchAgent,
    rollout,
    side_margin,
)
from dominoes.arena import play_hand, play_match, run_arena
from dominoes.errors import RulesetError
from dominoes.scoring import HandResult, score_hand
from dominoes.state import Observation, Step
from strategies import (
    ARMS_PRESETS,
    SEEDS,
    VARIANT_SETTINGS,
    hand_bound,
    spinner_rulesets,
    variant_rulesets,
)

SMALL_SEARCH = SearchAgent(worlds=2, rollouts=1)
"""A search agent cheap enough for property tests."""

AGENTS: tuple[Agent, ...] = (RandomAgent(), GreedyAgent(), SMALL_SEARCH)


# ---------------------------------------------------------------------- legal moves


@VARIANT_SETTINGS
@given(rules=variant_rulesets(), seed=SEEDS, data=st.data())
def test_agents_only_return_legal_moves(rules: Ruleset, seed: int, data: st.DataObject) -> None:
    agents = [data.draw(st.sampled_from(AGENTS)) for _ in range(rules.players)]
    rng = random.Random(seed)
    state = HandState.start(rules, Deal.random(rules, seed=seed))
    for _ in range(hand_bound(rules)):
        if state.is_over:
            break
        seat = state.turn
        observation = state.observation(seat)
        assert type(observation) is Observation
        assert observation.legal_moves() == state.legal_moves()
        move = agents[seat].choose(observation, rng)
        assert move in state.legal_moves()
        state = state.apply(move, seat=seat)
    assert state.is_over


@VARIANT_SETTINGS
@given(rules=variant_rulesets(), seed=SEEDS)
def test_search_agent_plays_every_ruleset(rules: Ruleset, seed: int) -> None:
    final = play_hand(rules, [SMALL_SEARCH] * rules.players, seed=seed)
    assert final.is_over
    assert final.result is not None


@settings(VARIANT_SETTINGS, max_examples=30)
@given(rules=spinner_rulesets(), seed=SEEDS)
def test_search_agent_plays_every_spinner_ruleset(rules: Ruleset, seed: int) -> None:
    """Issue 13: the search samples worlds of layouts with arms too."""
    final = play_hand(rules, [SMALL_SEARCH] * rules.players, seed=seed)
    assert final.is_over
    assert final.result is not None


# ---------------------------------------------------------------------- what an agent sees


@attrs.frozen(eq=False)
class Spy:
    """Records what it is given, then plays as ``inner``."""

    inner: Agent
    seen: list[tuple[type, type]] = attrs.field(factory=list)

    def choose(self, observation: Observation, rng: random.Random) -> Move:
        self.seen.append((type(observation), type(rng)))
        return self.inner.choose(observation, rng)


@pytest.mark.parametrize(
    "rules",
    [Ruleset.block(), Ruleset.draw(), Ruleset.block(players=4, partnership=True)],
    ids=["block", "draw", "partnership"],
)
def test_agents_are_given_an_observation_never_the_state(rules: Ruleset) -> None:
    spies = [Spy(agent) for agent in (GreedyAgent(), SMALL_SEARCH, RandomAgent(), GreedyAgent())]
    spies = spies[: rules.players]
    play_hand(rules, spies, seed=4)
    play_match(attrs.evolve(rules, target=20), spies, seed=4)
    for spy in spies:
        assert spy.seen
        assert set(spy.seen) == {(Observation, random.Random)}


def _reachable(root: object) -> list[object]:
    """Every object reachable from ``root`` through attrs fields and containers."""
    out: list[object] = []
    stack = [root]
    seen: set[int] = set()
    while stack:
        obj = stack.pop()
        if id(obj) in seen:
            continue
        seen.add(id(obj))
        out.append(obj)
        if attrs.has(type(obj)):
            fields = getattr(type(obj), "__attrs_attrs__")  # noqa: B009 (mypy: obj is any object)
            stack.extend(getattr(obj, f.name) for f in fields)
        elif isinstance(obj, tuple | list | set | frozenset):
            stack.extend(obj)
        elif isinstance(obj, dict):
            stack.extend(obj.keys())
            stack.extend(obj.values())
    return out


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize(
    "rules", [Ruleset.draw(), Ruleset.block(players=3)], ids=["draw", "block-3"]
)
def test_nothing_hidden_is_reachable_from_an_observation(rules: Ruleset, seed: int) -> None:
    state = HandState.start(rules, Deal.random(rules, seed=seed))
    rng = random.Random(seed)
    while not state.is_over:
        for seat in range(rules.players):
            obs = state.observation(seat)
            obs.legal_moves()  # fills the cache, which must not leak either
            if state.layout.line:
                sampling.holders(obs)
            reachable = _reachable(obs)
            assert not [o for o in reachable if isinstance(o, HandState | Deal)]
            own_draws = {
                e.move.tile for e in obs.history if e.seat == seat and isinstance(e.move, Draw)
            }
            visible = {*state.hand(seat), *own_draws, *state.layout.tiles}
            for public in (obs.opening, rules.opening_tile):  # the forced lead is public
                if isinstance(public, Tile):
                    visible.add(public)
            tiles = {o for o in reachable if isinstance(o, Tile)}
            assert tiles <= visible, tiles - visible
        state = state.apply(RandomAgent().choose(state.observation(state.turn), rng))


def test_observation_hides_other_draws() -> None:
    rules = Ruleset.draw()
    state = HandState.start(rules, Deal.random(rules, seed=25))
    while DRAW not in state.legal_moves():
        state = state.apply(GreedyAgent().choose(state.observation(state.turn), random.Random()))
    drawer = state.turn
    state = state.apply(DRAW)
    assert state.history[-1].move.tile is not None  # type: ignore[union-attr]
    assert state.observation(drawer).history[-1] == state.history[-1]
    assert state.observation(1 - drawer).history[-1] == Step(seat=drawer, move=DRAW)


# ---------------------------------------------------------------------- the agents


def test_random_agent_follows_its_generator() -> None:
    rules = Ruleset.block()
    a = play_hand(rules, [RandomAgent(), RandomAgent()], seed=9)
    b = play_hand(rules, [RandomAgent(), RandomAgent()], seed=9)
    assert [s.move for s in a.history] == [s.move for s in b.history]


def test_greedy_agent_lays_the_heaviest_tile() -> None:
    rules = Ruleset.block()
    state = HandState.start(rules, Deal.random(rules, seed=3))
    state = state.apply(state.legal_moves()[0])  # 6-6 led
    obs = state.observation(state.turn)
    move = GreedyAgent().choose(obs, random.Random(0))
    plays = [m for m in state.legal_moves() if isinstance(m, Play)]
    assert isinstance(move, Play)
    assert move.tile.pips == max(m.tile.pips for m in plays)


def test_search_agent_is_deterministic_from_its_generator() -> None:
    rules = Ruleset.block(players=4, partnership=True)
    state = HandState.start(rules, Deal.random(rules, seed=5))
    choices: dict[int, set[Move]] = {}
    while not state.is_over:
        obs = state.observation(state.turn)
        if len(obs.legal_moves()) > 1:
            picks = {SMALL_SEARCH.choose(obs, random.Random(1)) for _ in range(3)}
            assert len(picks) == 1
            choices[state.move_count] = picks
        state = state.apply(GreedyAgent().choose(obs, random.Random(0)))
    assert choices  # the hand had real decisions


def test_search_agent_does_not_search_a_forced_move() -> None:
    rules = Ruleset.block()
    state = HandState.start(rules, Deal.random(rules, seed=3))
    rng = random.Random(0)
    before = rng.getstate()
    assert SearchAgent().choose(state.observation(state.turn), rng) == state.legal_moves()[0]
    assert rng.getstate() == before


def test_search_agent_validates_its_budget() -> None:
    with pytest.raises(ValueError, match="worlds"):
        SearchAgent(worlds=0)
    with pytest.raises(ValueError, match="rollouts"):
        SearchAgent(rollouts=0)


@pytest.mark.parametrize(
    "rules",
    [Ruleset.block(players=4, partnership=True), Ruleset.preset("all-fives")],
    ids=["partnership-block", "all-fives"],
)
def test_search_beats_random_play(rules: Ruleset) -> None:
    """In All Fives (issue 13) the margin it maximizes counts the points scored on play."""
    report = run_arena(
        rules, {"search": SearchAgent(worlds=4, rollouts=1), "random": RandomAgent()},
        hands=60, seed=3,
    )  # fmt: skip
    search = report["search"]
    assert search.mean_margin_ci is not None
    assert search.mean_margin - search.mean_margin_ci > 0


@pytest.mark.parametrize("greedy", [False, True])
def test_rollout_finishes_the_hand(greedy: bool) -> None:
    rules = Ruleset.draw(players=3)
    state = HandState.start(rules, Deal.random(rules, seed=1))
    final = rollout(state, random.Random(2), greedy=greedy)
    assert final.is_over
    assert final == rollout(state, random.Random(2), greedy=greedy)


def test_side_margin_counts_sides() -> None:
    rules = Ruleset.block(players=4, partnership=True)
    result = score_hand(rules, [0, 10, 3, 7], domino_seat=0)
    assert result.points == (17, 0, 17, 0)
    assert side_margin(result, 0, 4, True) == 17.0
    assert side_margin(result, 2, 4, True) == 17.0
    assert side_margin(result, 1, 4, True) == -17.0
    three = score_hand(Ruleset.block(players=3), [0, 4, 9], domino_seat=0)
    assert side_margin(three, 1, 3, False) == -13.0


def test_side_margin_takes_the_sides_from_the_ruleset() -> None:
    """The sides are `Ruleset.team_of`'s, not worked out again from the seats' parity;
    partnership without four seats is refused, as a Ruleset refuses it."""
    rules = Ruleset.block(players=4, partnership=True)
    result = score_hand(rules, [0, 10, 3, 7], domino_seat=0)
    for seat in range(4):
        side = rules.team_of(seat)
        best_other = max(result.points[s] for s in range(4) if s not in side)
        assert side_margin(result, seat, 4, True) == result.points[seat] - best_other
    three = score_hand(Ruleset.block(players=3), [0, 4, 9], domino_seat=0)
    with pytest.raises(RulesetError, match="partnership play needs exactly 4 players"):
        side_margin(three, 0, 3, True)


# ---------------------------------------------------------------------- known bugs, regressions


def test_side_margin_under_penalty_scoring() -> None:
    rules = Ruleset.block(scoring=Scoring.PENALTY)
    result = score_hand(rules, [0, 20], domino_seat=0)
    assert result.winners == (0,)
    assert result.points == (0, 20)  # penalty points: seat 0 is better off
    assert side_margin(result, 0, 2, False, penalty=True) == 20.0
    assert side_margin(result, 1, 2, False, penalty=True) == -20.0


def test_sampling_before_the_lead_gives_the_opening_tile_to_the_leader() -> None:
    """Regression: before the lead, worlds used to ignore that the seat to move holds the
    forced opening tile (count_worlds overcounted; sample() raised NotationError)."""
    rules = Ruleset.block()
    state = HandState.start(rules, Deal.random(rules, seed=3))
    assert state.turn == 1
    assert state.legal_moves() == (Play(tile=Tile(6, 6)),)
    obs = state.observation(0)
    # seat 1 holds 6-6 and 6 of the other 20 unseen tiles
    assert sampling.count_worlds(obs) == 38760
    for i in range(10):
        assert Tile(6, 6) in sampling.sample(obs, random.Random(i)).hand(1)


def test_holder_of_tile_draw_for_double_lead_is_consistent() -> None:
    """Regression: under HOLDER_OF_TILE with DRAW_FOR_DOUBLE, when the draw for a double
    empties the boneyard and the heaviest tile (a double held by the last drawer) leads,
    the model used to take the last draw for that double and count 0 worlds (sample()
    failed, so SearchAgent crashed)."""
    rules = Ruleset(
        max_pip=2,
        players=2,
        hand_size=2,
        drawing=DrawRule.UNTIL_PLAYABLE,
        opening=Opening.HOLDER_OF_TILE,
        opening_tile=Tile(0, 1),
        no_double=NoDoubleRule.DRAW_FOR_DOUBLE,
    )
    deal = Deal(hands=[["0-0", "1-1"], ["0-2", "2-2"]], boneyard=["1-2", "0-1"])
    state = HandState.start(rules, deal)
    state = state.apply(DRAW).apply(DRAW)  # 1-2 to seat 0, 0-1 to seat 1: no double
    assert state.boneyard == ()
    assert state.turn == 1
    assert state.legal_moves() == (Play(tile=Tile(2, 2)),)  # the heaviest tile leads
    state = state.apply(Play(tile=Tile(2, 2)))
    obs = state.observation(0)
    assert sampling.count_worlds(obs) >= 1  # the true deal is one
    holders: dict[Tile, Any] = sampling.holders(obs)
    assert 1 in holders[Tile(0, 1)]
    world = sampling.sample(obs, random.Random(0))
    assert world.hand(0) == state.hand(0)
    assert SearchAgent(worlds=2, rollouts=1).choose(obs, random.Random(0)) in state.legal_moves()


@VARIANT_SETTINGS
@given(rules=variant_rulesets(), seed=SEEDS, data=st.data())
def test_rollout_makes_the_public_api_moves(rules: Ruleset, seed: int, data: st.DataObject) -> None:
    """From any state, the random rollout (the fast loop of `state.random_playout`)
    reaches exactly the state that applying ``legal_moves()[rng.randrange(...)]`` does
    with the same generator, history included."""
    state = HandState.start(rules, Deal.random(rules, seed=seed))
    for _ in range(data.draw(st.integers(0, 12))):
        if state.is_over:
            break
        moves = state.legal_moves()
        state = state.apply(moves[data.draw(st.integers(0, len(moves) - 1))])
    rng = random.Random(seed)
    slow = state
    while not slow.is_over:
        moves = slow.legal_moves()
        slow = slow.apply(moves[rng.randrange(len(moves))])
    fast = rollout(state, random.Random(seed))
    assert fast == slow
    assert fast.history == slow.history
    assert fast.result == slow.result


def test_rollout_finishes_a_round_that_holds_a_false_pass() -> None:
    """Regression: the fast loop took over an open verification round that held a false
    pass and ended it as a clean block; FAULT-5 makes it a false block."""
    rules = Ruleset(
        max_pip=3,
        players=3,
        hand_size=2,
        faults=FaultMode.TOLERANT,
        fault_penalty=FaultPenalty.POINTS,
    )
    deal = Deal(
        hands=[["3-3", "0-0"], ["1-1", "0-1"], ["2-3", "1-2"]],
        boneyard=["0-2", "2-2", "0-3", "1-3"],
    )
    state = HandState.start(rules, deal).apply(Play(tile=Tile(3, 3))).apply(PASS).apply(PASS)
    assert state.faults  # seat 2's pass was false: it holds 2-3
    final = rollout(state, random.Random(0))
    assert final == state.apply(PASS)
    assert final.result is not None
    assert final.result.ending is Ending.FALSE_BLOCK


# ----------------------------------------------------------------- the sampling budget

STRESS = Ruleset(
    max_pip=8,
    players=7,
    hand_size=3,
    drawing=DrawRule.ONE_THEN_PASS,
    voluntary_draw=True,
    no_double=NoDoubleRule.REDEAL,
    scoring=Scoring.PENALTY,
)
"""Seven seats, draw one then pass with voluntary drawing: deep in a hand the exact
count needs thousands of states."""


def _deep_position() -> HandState:
    """The first position of a seeded random STRESS hand whose mover's observation needs
    more than 300 counting states (found by counting, not by timing)."""
    state = HandState.start(STRESS, Deal.random(STRESS, seed=930023371))
    rng = random.Random(930023371)
    while not state.is_over:
        if len(state.legal_moves()) > 1:
            obs = state.observation(state.turn)
            if sampling.Sampler(obs).model.plan.states > 300:
                return state
        legal = state.legal_moves()
        state = state.apply(legal[rng.randrange(len(legal))])
    raise AssertionError("no deep position in the seeded hand")  # pragma: no cover


def test_search_agent_falls_back_on_greedy_past_its_sample_budget() -> None:
    state = _deep_position()
    obs = state.observation(state.turn)
    agent = SearchAgent(worlds=2, rollouts=1, sample_budget=100)
    rng = random.Random(5)
    move = agent.choose(obs, rng)
    assert move in state.legal_moves()
    assert move == GreedyAgent().choose(obs, random.Random(0))
    assert sampling.sampler(obs).model.plan.effort[0] <= 100  # it gave up within the budget
    # unbounded, the same agent samples and searches (and the observation counts exactly)
    unbounded = attrs.evolve(agent, sample_budget=None)
    assert unbounded.choose(obs, random.Random(5)) in state.legal_moves()
    assert sampling.sampler(obs).model.plan.counts


def test_search_agent_has_a_default_sample_budget() -> None:
    assert SearchAgent().sample_budget == SEARCH_SAMPLE_BUDGET
    # on a 2-4 player game the default budget is room enough: the agent searches
    rules = Ruleset.draw(players=4)
    state = HandState.start(rules, Deal.random(rules, seed=11))
    rng = random.Random(2)
    while not state.is_over:
        obs = state.observation(state.turn)
        sampling.sample(obs, random.Random(0), budget=SEARCH_SAMPLE_BUDGET)  # never gives up here
        legal = state.legal_moves()
        state = state.apply(legal[rng.randrange(len(legal))])


@pytest.mark.parametrize("name", [name for name in ARMS_PRESETS if name != "chicken-foot"])
def test_search_agent_samples_the_arms_presets_within_its_default_budget(name: str) -> None:
    """Issue 13: in the spinner presets the search samples (it does not fall back on
    greedy) at every decision of a random hand. (Not Chicken Foot: its double-9 set and
    its draws past the toe gates pass the default budget at a few decisions.)"""
    rules = Ruleset.preset(name)
    state = HandState.start(rules, Deal.random(rules, seed=11))
    rng = random.Random(2)
    while not state.is_over:
        obs = state.observation(state.turn)
        world = sampling.sample(obs, random.Random(0), budget=SEARCH_SAMPLE_BUDGET)
        assert world.layout == state.layout
        legal = state.legal_moves()
        state = state.apply(legal[rng.randrange(len(legal))])


@pytest.mark.parametrize(
    ("value", "error"), [(0, ValueError), (-1, ValueError), (True, TypeError), ("9", TypeError)]
)
def test_search_agent_validates_its_sample_budget(value: Any, error: type[Exception]) -> None:
    with pytest.raises(error, match="sample_budget") as caught:
        SearchAgent(sample_budget=value)
    assert caught.value.argument == "sample_budget"  # type: ignore[attr-defined]


def test_side_margin_counts_play_points() -> None:
    # the margin a search maximizes is on the hand's total: the points scored on play
    # are part of ``points`` (HandResult.play_points is a part of it, not an addition)
    result = HandResult(
        ending=Ending.DOMINO,
        winners=(1,),
        pips=(7, 0),
        points=(20, 10),
        play_points=(20, 0),
    )
    assert result.end_points == (0, 10)
    assert side_margin(result, 0, 2, False) == 10.0
    assert side_margin(result, 1, 2, False) == -10.0


@pytest.mark.parametrize(
    "name", ["all-fives", "fives-and-threes", "block", "bergen", "mexican-train-6"]
)
def test_greedy_rollouts_make_the_greedy_agents_moves(name: str) -> None:
    """`rollout(greedy=True)` plays what `GreedyAgent` would: in a game that scores on
    play the play that scores most, then the heaviest (not the heaviest alone)."""
    rules = Ruleset.preset(name)
    rng = random.Random(5)
    for seed in range(4):
        start = HandState.start(rules, Deal.random(rules, seed=seed))
        state = start
        while not state.is_over:
            state = state.apply(GreedyAgent().choose(state.observation(state.turn), rng))
        assert rollout(start, rng, greedy=True) == state
