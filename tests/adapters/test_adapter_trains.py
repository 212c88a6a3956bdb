"""The adapters on train games (docs/rules/trains.md): OpenSpiel and PettingZoo.

The set-aside engine is never dealt nor drawn (TRAIN-1); a turn of several plays (a
first-turn run, TRAIN-7, or a double's extra play, TRAIN-5) keeps its seat to move;
`Stop` is an action; penalty points count against a seat (TRAIN-10), so the lowest
scores best; `max_moves` bounds every hand.
"""

from __future__ import annotations

import functools
import random
import warnings

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test  # noqa: E402

from dominoes import STOP, Ruleset, Stop  # noqa: E402
from dominoes.adapters import pettingzoo as pz  # noqa: E402
from dominoes.adapters.openspiel import Utility, load_game, max_moves  # noqa: E402
from dominoes.codec import ActionCodec  # noqa: E402
from dominoes.deal import dealt_set  # noqa: E402
from dominoes.rules import (  # noqa: E402
    BlockDetection,
    DoubleDuty,
    DoubleFollow,
    DrawRule,
    EngineSource,
    MarkerRemoval,
    MexicanOpen,
    TileValues,
)
from strategies import play_random  # noqa: E402

SMALL = {"max_pip": 3, "players": 2, "hand_size": 3}
VARIANTS = {
    "holder-d3": Ruleset.preset("mexican-train-6", **SMALL, engine_source=EngineSource.HOLDER),
    "draw-until-found-3p": Ruleset.preset(
        "mexican-train-6", players=3, engine_source=EngineSource.DRAW_UNTIL_FOUND
    ),
    "options-4p": Ruleset.preset(
        "mexican-train-6",
        players=4,
        mexican_open_from=MexicanOpen.AFTER_OWN_TRAIN,
        marker_removal=MarkerRemoval.ANY_PLAY,
        double_follow=DoubleFollow.ANYWHERE,
        double_duty=DoubleDuty.LAYER_ONLY,
        tile_values=TileValues.BLANKS_25,
    ),
    "multi-immediate": Ruleset.preset(
        "mexican-train-6",
        players=3,
        double_follow=DoubleFollow.MULTI_DOUBLES,
        block_detection=BlockDetection.IMMEDIATE,
        first_turn_run=False,
    ),
    "no-drawing": Ruleset.preset(
        "private-trains", max_pip=6, players=3, hand_size=6, drawing=DrawRule.NONE
    ),
}


# ------------------------------------------------------------------------- OpenSpiel
@pytest.mark.parametrize("name", list(VARIANTS))
def test_openspiel_random_sim_test_train_variants(name: str) -> None:
    game = load_game(VARIANTS[name])
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


@pytest.mark.parametrize("name", list(VARIANTS))
def test_openspiel_train_hands_stay_within_max_moves(name: str) -> None:
    rules = VARIANTS[name]
    game = load_game(rules)
    rng = random.Random(7)
    for _ in range(15):
        state = play_random(game.new_initial_state(), rng)
        moves = len(state.hand_state.history)
        assert moves <= max_moves(rules) == game.max_game_length()


def test_openspiel_never_deals_nor_draws_the_set_aside_engine() -> None:
    rules = Ruleset.preset("mexican-train-6", players=3)
    engine = rules.tile_set.size - 1  # 6-6, the last tile of the set
    assert not dealt_set(rules) >> engine & 1
    game = load_game(rules)
    rng = random.Random(2)
    for _ in range(5):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                assert engine not in [tile for tile, _ in outcomes]
                assert sum(p for _, p in outcomes) == pytest.approx(1.0)
                actions, probs = zip(*outcomes, strict=True)
                state.apply_action(rng.choices(actions, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        final = state.hand_state
        assert final is not None
        hub = final.layout.hub
        assert hub is not None
        assert hub.index == engine


def test_openspiel_a_first_turn_run_keeps_the_seat_and_stops() -> None:
    rules = Ruleset.preset("mexican-train-6")
    game = load_game(rules)
    codec = ActionCodec(rules)
    stop = codec.stop_action
    assert stop is not None
    rng = random.Random(4)
    seen_run = 0
    for _ in range(20):
        state = game.new_initial_state()
        while state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, probs)[0])
        while not state.is_terminal() and not state.is_chance_node():
            player = state.current_player()
            legal = state.legal_actions()
            if stop in legal:  # in a run: play on if it can, the seat keeps the turn
                seen_run += 1
                plays = [a for a in legal if a != stop]
                action = plays[0] if plays else stop
                state.apply_action(action)
                if action != stop and not state.is_terminal():
                    assert state.current_player() == player
                if action == stop:
                    assert state.current_player() != player
                    assert isinstance(state.hand_state.history[-1].move, Stop)  # type: ignore[union-attr]
                    break
            else:
                state.apply_action(rng.choice(legal))
        info = state.information_state_tensor(0)
        assert len(info) == game.information_state_tensor_size()
    assert seen_run


def test_openspiel_the_lowest_penalty_gets_the_best_return() -> None:
    rules = Ruleset.preset("mexican-train-6", players=3)
    rng = random.Random(9)
    for utility in Utility:
        game = load_game(rules, utility)
        for _ in range(5):
            state = play_random(game.new_initial_state(), rng)
            points = state.result().points
            returns = state.returns()
            best = min(points)
            for seat, p in enumerate(points):
                assert (returns[seat] == max(returns)) == (p == best)
            assert game.min_utility() <= min(returns)
            assert max(returns) <= game.max_utility()


def test_openspiel_strings_show_the_hub_and_the_trains() -> None:
    game = load_game(Ruleset.preset("mexican-train-6"))
    state = play_random(game.new_initial_state(), random.Random(1))
    text = state.observation_string(0)
    assert "hub: 6-6" in text
    assert " t0: " in text
    assert " m: " in text
    assert "line: 6-6 t0:" in str(state)


# ------------------------------------------------------------------------- PettingZoo
@pytest.mark.parametrize("name", list(VARIANTS))
def test_pettingzoo_api_and_seed_tests_pass_on_train_variants(name: str) -> None:
    rules = VARIANTS[name]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(pz.env(rules), num_cycles=200, verbose_progress=False)
        seed_test(functools.partial(pz.env, rules), num_cycles=200)


def test_pettingzoo_a_turn_of_several_plays_keeps_the_agent_selected() -> None:
    env = pz.raw_env("mexican-train-6")
    rng = random.Random(3)
    kept = 0
    for seed in range(6):
        env.reset(seed=seed)
        while not env.hand_state.is_over:
            state = env.hand_state
            agent = env.agent_selection
            assert agent == f"seat_{state.turn}"
            legal = env.codec.legal_actions(state)
            action = rng.choice(legal)
            env.step(action)
            after = env.hand_state
            owed = after.train_turn.owed.value if after.train_turn else "turn"
            if not after.is_over and owed != "turn":  # a run or a double's extra play
                assert env.agent_selection == agent
                kept += 1
    assert kept


def test_pettingzoo_margin_rewards_the_lowest_penalty() -> None:
    env = pz.raw_env("mexican-train-6", players=3)
    rng = random.Random(8)
    for seed in range(4):
        env.reset(seed=seed)
        while not env.hand_state.is_over:
            env.step(rng.choice(env.codec.legal_actions(env.hand_state)))
        result = env.hand_state.result
        assert result is not None
        points = result.points
        rewards = [env.rewards[a] for a in env.possible_agents]
        assert sum(rewards) == pytest.approx(0.0)
        for seat, p in enumerate(points):
            assert (rewards[seat] == max(rewards)) == (p == min(points))
    assert env.codec.decode(env.codec.size - 1) == STOP
