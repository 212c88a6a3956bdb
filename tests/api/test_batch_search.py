"""`BatchSearchAgent`: the search agent whose playouts run in the batched engine.

Its choices are legal and reproducible from its generator; a forced move is made
without searching; a move that wins outright (a domino under fixed points, which no
playout of another move can beat) is found whatever the worlds; it falls back on the
scalar `SearchAgent` for the rulesets the batch does not play, and on the greedy choice
when sampling gives up; and in the arena it beats random play, under penalty scoring
too (so the margin it maximizes has the right sign).
"""

from __future__ import annotations

import pickle
import random
import threading
from unittest import mock

import attrs
import numpy as np
import numpy.typing as npt
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_agents import _deep_position
from test_batch import batch_rulesets, batch_spinner_rulesets

from dominoes import (
    ClaimRule,
    Deal,
    Draw,
    FaultMode,
    HandState,
    Play,
    Ruleset,
    Scoring,
)
from dominoes.agents import GreedyAgent, RandomAgent, SearchAgent, side_margin
from dominoes.arena import run_arena
from dominoes.batch import Batch
from dominoes.batch_search import BatchSearchAgent
from dominoes.errors import ArgumentTypeError, ArgumentValueError
from dominoes.state import Observation
from strategies import SETTINGS, random_hand

SMALL = BatchSearchAgent(worlds=3, rollouts=2)


def _decisions(rules: Ruleset, seeds: range) -> list[Observation]:
    """The observations of the seat to move wherever it has a choice, in random hands."""
    return [
        state.observation(state.turn)
        for seed in seeds
        for state in random_hand(rules, seed)
        if not state.is_over and len(state.legal_moves()) > 1
    ]


@pytest.mark.parametrize(
    "rules",
    [
        Ruleset.block(players=4, partnership=True),
        Ruleset.draw(players=2),
        Ruleset.draw(players=3, voluntary_draw=True, scoring=Scoring.PENALTY),
        Ruleset.preset("all-fives"),
    ],
    ids=["partnership-block", "draw-2", "draw-3-penalty", "all-fives"],
)
def test_choices_are_legal_and_reproducible(rules: Ruleset) -> None:
    decisions = _decisions(rules, range(2))
    assert len(decisions) > 5
    for obs in decisions:
        move = SMALL.choose(obs, random.Random(4))
        assert move in obs.legal_moves()
        assert SMALL.choose(obs, random.Random(4)) == move


@pytest.mark.parametrize(
    "rules",
    [
        Ruleset.block(players=4, partnership=True),
        Ruleset.draw(players=3, voluntary_draw=True, scoring=Scoring.PENALTY),
        Ruleset.preset("all-fives", players=4, partnership=True),
        Ruleset.preset("bergen", players=3),
    ],
    ids=["partnership-block", "draw-3-penalty", "all-fives-partnership", "bergen"],
)
def test_the_choice_is_the_best_mean_side_margin_of_its_playouts(
    rules: Ruleset, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The playouts, read back from the batch as scalar states: row ``(w * moves + m) *
    rollouts + r`` is world ``w`` after move ``m``, and the move chosen has the best total
    `side_margin` of its rows (the first of equals)."""
    played: list[tuple[Batch, list[list[int]]]] = []
    loaded: list[HandState] = []
    play_out, load = Batch.play_out, Batch.load

    def recorded_load(batch: Batch, states: list[HandState], *, seed: int = 0) -> None:
        loaded[:] = states
        load(batch, states, seed=seed)

    def recorded(batch: Batch, rng: np.random.Generator) -> npt.NDArray[np.int64]:
        points = play_out(batch, rng)
        played.append((batch, points.tolist()))
        return points

    monkeypatch.setattr(Batch, "play_out", recorded)
    monkeypatch.setattr(Batch, "load", recorded_load)
    agent = BatchSearchAgent(worlds=3, rollouts=2)
    for obs in _decisions(rules, range(1))[:8]:
        played.clear()
        move = agent.choose(obs, random.Random(1))
        ((batch, points),) = played
        moves = obs.legal_moves()
        totals = [0.0] * len(moves)
        for i in range(batch.size):
            final = batch.state(i)
            result = final.result
            assert result is not None
            assert list(result.points) == points[i]
            m = i // agent.rollouts % len(moves)
            made = final.history[len(loaded[i].history)].move  # a draw shows its tile
            assert batch.codec.encode(made) == batch.codec.encode(moves[m])
            per_world = len(moves) * agent.rollouts  # rows of one world
            assert loaded[i] is loaded[i // per_world * per_world]
            totals[m] += side_margin(
                result,
                obs.seat,
                rules.players,
                rules.partnership,
                penalty=rules.scoring is Scoring.PENALTY,
            )
        assert move == moves[totals.index(max(totals))]


@settings(SETTINGS, max_examples=25)
@given(rules=batch_rulesets(), seed=st.integers(0, 2**20))
def test_every_supported_ruleset_is_searched_in_the_batch(rules: Ruleset, seed: int) -> None:
    """Random positions of random rulesets the batch plays: the choice is legal, and is
    the one the batch's playouts make best (the scalar search is never asked)."""
    states = [s for s in random_hand(rules, seed) if not s.is_over and len(s.legal_moves()) > 1]
    agent = BatchSearchAgent(worlds=2, rollouts=1)
    for state in states[:: max(1, len(states) // 3)]:
        obs = state.observation(state.turn)
        with mock.patch.object(SearchAgent, "choose", side_effect=AssertionError):
            assert agent.choose(obs, random.Random(seed)) in obs.legal_moves()


@settings(SETTINGS, max_examples=15)
@given(rules=batch_spinner_rulesets(), seed=st.integers(0, 2**20))
def test_every_supported_spinner_ruleset_is_searched_in_the_batch(
    rules: Ruleset, seed: int
) -> None:
    """The same for the spinner family (every spinner rule, fill, count and play
    scoring the batch plays): the batch loads the worlds' layouts with arms."""
    test_every_supported_ruleset_is_searched_in_the_batch.hypothesis.inner_test(rules, seed)  # type: ignore[attr-defined]


def test_a_forced_move_is_made_without_searching() -> None:
    rules = Ruleset.block()
    state = HandState.start(rules, Deal.random(rules, seed=3))
    rng = random.Random(0)
    before = rng.getstate()
    assert SMALL.choose(state.observation(state.turn), rng) == state.legal_moves()[0]
    assert rng.getstate() == before


def test_a_winning_move_is_found_whatever_the_worlds() -> None:
    """Draw game with voluntary drawing and fixed points: the seat to move holds one
    tile, which it may lay (a domino: the fixed points in every world) or draw. No
    playout after the draw scores more, and the play comes first, so a search that
    counts margins right lays it for every generator."""
    rules = Ruleset.draw(players=2, voluntary_draw=True, scoring=Scoring.FIXED, fixed_points=1)
    found = 0
    for seed in range(40):
        for state in random_hand(rules, seed):
            legal = state.legal_moves()
            if state.is_over or state.hand_sizes[state.turn] != 1 or Draw() not in legal:
                continue
            wins = [m for m in legal if isinstance(m, Play)]
            if not wins:
                continue
            found += 1
            obs = state.observation(state.turn)
            for k in range(3):
                assert SMALL.choose(obs, random.Random(k)) == wins[0]
    assert found >= 3


@pytest.mark.parametrize(
    "rules",
    [
        attrs.evolve(Ruleset.preset("all-fives"), claim_rule=ClaimRule.MUGGINS),
        Ruleset.draw(players=3, faults=FaultMode.TOLERANT),
    ],
    ids=["muggins", "tolerant"],
)
def test_a_ruleset_the_batch_does_not_play_is_searched_by_the_scalar_agent(
    rules: Ruleset,
) -> None:
    """Rulesets the batch does not play (called scores, tolerant faults): the scalar
    `SearchAgent` with the same fields decides, claims included."""
    agent = BatchSearchAgent(worlds=2, rollouts=1)
    assert agent.fallback == SearchAgent(worlds=2, rollouts=1)
    decisions = [
        state.observation(state.turn) for state in random_hand(rules, 1) if not state.is_over
    ]
    if rules.claim_rule is ClaimRule.MUGGINS:
        assert any(obs.claim for obs in decisions)  # claims are made as SearchAgent makes them
    for obs in decisions[:20]:
        assert agent.choose(obs, random.Random(2)) == agent.fallback.choose(obs, random.Random(2))


def test_it_falls_back_on_greedy_past_its_sample_budget() -> None:
    state = _deep_position()
    assert Batch.supports(state.rules)
    obs = state.observation(state.turn)
    agent = BatchSearchAgent(worlds=2, rollouts=1, sample_budget=100)
    assert agent.choose(obs, random.Random(5)) == GreedyAgent().choose(obs, random.Random(0))
    unbounded = attrs.evolve(agent, sample_budget=None)
    assert unbounded.choose(obs, random.Random(5)) in state.legal_moves()


def test_its_fields_are_checked_as_search_agent_checks_them() -> None:
    assert BatchSearchAgent() == BatchSearchAgent(worlds=8, rollouts=2, sample_budget=1000)
    agent = BatchSearchAgent(worlds=5, rollouts=3, sample_budget=None)
    assert pickle.loads(pickle.dumps(agent)) == agent  # for the arena's worker processes
    with pytest.raises(ArgumentValueError, match="worlds"):
        BatchSearchAgent(worlds=0)
    with pytest.raises(ArgumentTypeError, match="rollouts"):
        BatchSearchAgent(rollouts="2")  # type: ignore[arg-type]
    with pytest.raises(ArgumentValueError, match="sample_budget"):
        BatchSearchAgent(sample_budget=0)
    with pytest.raises(ArgumentTypeError, match="observation"):
        SMALL.choose("x", random.Random(0))  # type: ignore[arg-type]
    obs = _decisions(Ruleset.block(), range(1))[0]
    with pytest.raises(ArgumentTypeError, match="rng"):
        SMALL.choose(obs, 5)  # type: ignore[arg-type]


def test_threads_decide_as_one_thread_does() -> None:
    """Each thread keeps its own batches: decisions made in two threads at once are those
    made one after the other."""
    decisions = _decisions(Ruleset.draw(players=2), range(2))
    alone = [SMALL.choose(obs, random.Random(7)) for obs in decisions]
    out: dict[int, list[object]] = {}

    def work(k: int) -> None:
        out[k] = [SMALL.choose(obs, random.Random(7)) for obs in decisions]

    threads = [threading.Thread(target=work, args=(k,)) for k in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert out == {0: alone, 1: alone}


@pytest.mark.parametrize(
    "scoring", [Scoring.OPPONENTS, Scoring.PENALTY], ids=["opponents", "penalty"]
)
def test_it_beats_random_play_in_the_arena(scoring: Scoring) -> None:
    report = run_arena(
        Ruleset.block(players=4, partnership=True, scoring=scoring),
        {"batch-search": BatchSearchAgent(worlds=4, rollouts=2), "random": RandomAgent()},
        hands=40,
        seed=3,
    )
    search = report["batch-search"]
    assert search.hands == 40
    assert search.mean_margin_ci is not None
    assert search.mean_margin - search.mean_margin_ci > 0
