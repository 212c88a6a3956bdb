"""The built-in agents play train games (docs/rules/trains.md): seeded hands of each agent
finish, the greedy agent lays the heaviest tile (its own train first among the trains a
tile fits), and random playouts of train hands are
those of `HandState.legal_moves`."""

from __future__ import annotations

import random

import pytest

from dominoes import Deal, DrawRule, HandState, Play, Ruleset, Tile
from dominoes.agents import Agent, GreedyAgent, RandomAgent, SearchAgent
from dominoes.moves import End
from dominoes.simulation import play_hand
from dominoes.state import random_playout

AGENTS: tuple[Agent, ...] = (RandomAgent(), GreedyAgent(), SearchAgent(worlds=2, rollouts=1))
FOUR_SEATS = (
    Ruleset.preset("mexican-train-6", players=4),
    Ruleset.preset("mexican-train", players=4),
)


@pytest.mark.parametrize("rules", FOUR_SEATS, ids=["mexican-train-6", "mexican-train"])
@pytest.mark.parametrize("agent", AGENTS, ids=["random", "greedy", "search"])
def test_a_seeded_train_hand_of_each_agent_finishes(rules: Ruleset, agent: Agent) -> None:
    final = play_hand(rules, [agent] * rules.players, seed=3)
    assert final.is_over
    assert final.result is not None
    assert final == play_hand(rules, [agent] * rules.players, seed=3)


def test_the_search_agent_plays_private_trains_against_greedy() -> None:
    rules = Ruleset.preset("private-trains", max_pip=6, players=3, hand_size=6)
    agents: list[Agent] = [SearchAgent(worlds=2, rollouts=1), GreedyAgent(), RandomAgent()]
    for seed in range(2):
        assert play_hand(rules, agents, seed=seed).is_over


def test_greedy_lays_the_heaviest_tile_on_its_own_train_first() -> None:
    """Double-4, 2 seats, the engine 4-4 set aside, no first-turn run. Seat 0 has no 4:
    it draws 1-2 and passes (a marker on T0). Seat 1 holds 2-4, 1-4, 3-3, 0-3: the
    heaviest tile it can lay is 2-4 (6 pips), which fits T0 (marked), T1 and M (all
    show 4): it lays it on its own train, T1, not on T0 (first in `End` order). A
    heaviest tile that fits no train of its own goes on the first in `End` order."""
    t = Tile.parse
    rules = Ruleset.preset(
        "mexican-train-6", max_pip=4, players=2, hand_size=4, first_turn_run=False
    )
    deal = Deal(
        hands=(
            (t("0-0"), t("1-1"), t("0-1"), t("0-2")),
            (t("2-4"), t("1-4"), t("3-3"), t("0-3")),
        ),
        boneyard=tuple(t(x) for x in ["1-2", "2-2", "1-3", "2-3", "0-4", "3-4"]),
    )
    state = HandState.start(rules, deal).apply_all("draw pass")
    assert state.markers == (0,)
    greedy = GreedyAgent()
    rng = random.Random(0)
    move = greedy.choose(state.observation(1), rng)
    assert move == Play(tile=t("2-4"), end=End.train(1))
    # seat 1 lays it; seat 0 (T0: 4, T1: 2, M: 4, T1 unmarked) draws 2-2, which fits
    # nothing open to it (T0 and M show 4): it passes again
    state = state.apply_all([move, "draw", "pass"])
    # seat 1: 1-4 fits T0 (marked) and M; T1 shows 2 and it holds no 2: T0 comes
    # first in End order
    assert greedy.choose(state.observation(1), rng) == Play(tile=t("1-4"), end=End.train(0))


def test_random_playouts_of_train_hands_make_legal_moves() -> None:
    """`random_playout` finishes a train hand move by move: the same final state as
    choosing ``legal_moves()[rng.randrange(...)]`` each time, drawing rule or none."""
    for rules in (
        Ruleset.preset("mexican-train-6"),
        Ruleset.preset("mexican-train-6", drawing=DrawRule.NONE),
    ):
        start = HandState.start(rules, Deal.random(rules, seed=1))
        a, b = random.Random(9), random.Random(9)
        state = start
        while not state.is_over:
            moves = state.legal_moves()
            state = state.apply(moves[a.randrange(len(moves))])
        assert random_playout(start, b) == state
        assert state.history == random_playout(start, random.Random(9)).history
