"""The Gymnasium adapter: the checker, the vector environment against the scalar engine
(masks, observations, rewards, the greedy opponents), seeds, and bad arguments."""

from __future__ import annotations

import importlib
import random
import sys
from typing import Any

import pytest

pytest.importorskip("gymnasium")

import gymnasium
import numpy as np
from gymnasium.utils.env_checker import check_env
from hypothesis import given, settings
from hypothesis import strategies as st

from dominoes import Deal, FaultMode, HandState, Opening, Ruleset, Scoring
from dominoes.adapters import gym as dg
from dominoes.agents import GreedyAgent
from dominoes.batch import Batch
from dominoes.errors import (
    ArgumentTypeError,
    ArgumentValueError,
    IllegalMoveError,
    RulesetError,
    UnknownPresetError,
)
from strategies import SETTINGS, variant_rulesets

IDS = sorted(dg.ENV_IDS)


def make_vec(env_id: str, n: int, **kwargs: Any) -> dg.DominoesVectorEnv:
    env = gymnasium.make_vec(env_id, num_envs=n, vectorization_mode="vector_entry_point", **kwargs)
    assert isinstance(env, dg.DominoesVectorEnv)
    return env


def masked_random(mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """One legal action per row of ``mask``, uniformly."""
    chosen: np.ndarray = np.argmax(rng.random(mask.shape) + mask, axis=1)
    return chosen


# with the whole set dealt (4 in partnership), the boneyard entry is always 0, which the
# checker notes
@pytest.mark.filterwarnings("ignore:.*maximum and minimum values are equal")
@pytest.mark.parametrize("env_id", IDS)
@pytest.mark.parametrize("kwargs", [{}, {"opponents": "greedy"}, {"seat": dg.SELF_PLAY}])
def test_single_environment_passes_gymnasiums_checker(env_id: str, kwargs: dict[str, Any]) -> None:
    env = gymnasium.make(env_id, **kwargs)
    assert isinstance(env.unwrapped, dg.DominoesGymEnv)
    check_env(env.unwrapped, skip_render_check=True)


@pytest.mark.parametrize("env_id", IDS)
@pytest.mark.parametrize(
    "kwargs", [{}, {"opponents": dg.Opponent.GREEDY, "seat": 1}, {"seat": dg.SELF_PLAY}]
)
def test_vector_environment_runs_with_masked_random_actions(
    env_id: str, kwargs: dict[str, Any]
) -> None:
    env = make_vec(env_id, 16, **kwargs)
    obs, info = env.reset(seed=11)
    rng = np.random.default_rng(0)
    ended = 0
    for _ in range(300):
        assert obs in env.observation_space
        mask = info["action_mask"]
        assert mask.shape == (16, env.codec.size)
        assert mask.dtype == np.bool_
        assert mask.any(axis=1).all()  # every hand waits for a learner's move
        if env.seat is not None:
            assert (env.batch.turn == env.seat).all()
        else:
            assert (info["seat"] == env.batch.turn).all()
        obs, reward, terminated, truncated, info = env.step(masked_random(mask, rng))
        assert reward.shape == terminated.shape == truncated.shape == (16,)
        assert not truncated.any()
        assert (reward[~terminated] == 0).all()
        assert (reward >= 0).all()
        ended += int(terminated.sum())
    assert ended > 100


@pytest.mark.parametrize("env_id", IDS)
@pytest.mark.parametrize("seat", [0, 1, dg.SELF_PLAY])
def test_masks_and_observations_equal_the_scalar_engines_on_the_same_deals(
    env_id: str, seat: int | str
) -> None:
    env = make_vec(env_id, 4, seat=seat)
    obs, info = env.reset(seed=5)
    rng = np.random.default_rng(1)
    for i in range(4):  # the documented deals
        assert env.batch.deal_of(i) == Deal.random(env.rules, rng=Batch.hand_random(5, i))
    for _ in range(25):
        for i in range(4):
            state = env.batch.state(i)
            mover = state.turn if seat == dg.SELF_PLAY else seat
            assert state.turn == mover
            assert env.codec.mask(state.legal_moves()) == info["action_mask"][i].tolist()
            assert env.encoder.encode_state(state, mover) == obs[i].tolist()
        obs, _reward, _terminated, _truncated, info = env.step(
            masked_random(info["action_mask"], rng)
        )


def greedy_hand(rules: Ruleset, rng: random.Random) -> HandState:
    """A hand dealt by ``rng`` played to its end by `GreedyAgent` at every seat."""
    state = HandState.start(rules, Deal.random(rules, rng=rng))
    agent, rng = GreedyAgent(), random.Random(0)
    while not state.is_over:
        state = state.apply(agent.choose(state.observation(state.turn), rng))
    return state


@pytest.mark.parametrize("env_id", IDS)
@pytest.mark.parametrize("seat", [0, 1, dg.SELF_PLAY])
def test_rewards_at_hand_end_are_the_scalar_engines_points_greedy_against_greedy(
    env_id: str, seat: int | str
) -> None:
    """Greedy learner, greedy opponents: each env's first hand ends as the scalar engine's
    hand of the same deal played by `GreedyAgent` everywhere, with its points."""
    n = 6
    env = make_vec(env_id, n, seat=seat, opponents="greedy")
    table = dg.greedy_table(env.codec)
    _obs, info = env.reset(seed=9)
    first: dict[int, tuple[float, list[int]]] = {}
    while len(first) < n:
        _obs, reward, terminated, _truncated, info = env.step(
            dg.greedy_actions(info["action_mask"], table)
        )
        for i in np.flatnonzero(terminated).tolist():
            first.setdefault(i, (float(reward[i]), info["points"][i].tolist()))
    for i, (paid, points) in first.items():
        end = greedy_hand(env.rules, Batch.hand_random(9, i))
        assert end.result is not None
        assert points == list(end.result.points)
        if isinstance(seat, int):
            assert paid == end.result.points[seat]


def test_single_environment_reward_is_the_learners_points() -> None:
    env = dg.DominoesGymEnv(rules="draw", seat=1, opponents="random")
    rng = np.random.default_rng(2)
    for seed in range(5):
        _obs, info = env.reset(seed=seed)
        terminated, reward = False, 0.0
        while not terminated:
            action = int(masked_random(info["action_mask"][None], rng)[0])
            _obs, reward, terminated, truncated, info = env.step(action)
            assert not truncated
        result = env.batch.state(0).result
        assert result is not None
        assert reward == result.points[1]
        assert info["points"].tolist() == list(result.points)
        assert not info["action_mask"].any()


def test_greedy_actions_agree_with_greedy_agent_on_random_positions() -> None:
    agent, rng = GreedyAgent(), random.Random(0)
    for rules in (Ruleset.block(), Ruleset.draw(3), Ruleset.block(4, partnership=True)):
        batch = Batch(rules, size=8, autoreset=True)
        batch.reset(3)
        table = dg.greedy_table(batch.codec)
        nrng = np.random.default_rng(4)
        for _ in range(30):
            chosen = dg.greedy_actions(batch.legal_mask(), table)
            for i in range(8):
                state = batch.state(i)
                move = agent.choose(state.observation(state.turn), rng)
                assert batch.codec.encode(move) == chosen[i]
            batch.step(batch.sample_legal(nrng))


@pytest.mark.parametrize("seat", [0, dg.SELF_PLAY])
def test_seeds_reproduce_hands_and_opponents(seat: int | str) -> None:
    def run(seed: int) -> list[Any]:
        env = make_vec("dominoes/Draw-v0", 8, seat=seat)
        obs, info = env.reset(seed=seed)
        rng = np.random.default_rng(0)
        out: list[Any] = [obs]
        for _ in range(40):
            obs, reward, terminated, _t, info = env.step(masked_random(info["action_mask"], rng))
            out += [obs, reward, terminated, info["action_mask"]]
        return out

    a, b, c = run(21), run(21), run(22)
    assert all(np.array_equal(x, y) for x, y in zip(a, b, strict=True))
    assert not all(np.array_equal(x, y) for x, y in zip(a, c, strict=True))


def test_reset_without_a_seed_follows_the_first_seed() -> None:
    env = make_vec("dominoes/Block-v0", 4)
    twin = make_vec("dominoes/Block-v0", 4)
    env.reset(seed=3)
    twin.reset(seed=3)
    assert np.array_equal(env.reset()[0], twin.reset()[0])


def test_illegal_action_in_the_vector_environment_names_the_hand_and_changes_nothing() -> None:
    env = make_vec("dominoes/Block-v0", 3)
    obs, info = env.reset(seed=1)
    actions = masked_random(info["action_mask"], np.random.default_rng(0))
    actions[2] = int(np.flatnonzero(~info["action_mask"][2])[0])
    with pytest.raises(IllegalMoveError, match=r"^hand 2: "):
        env.step(actions)
    assert np.array_equal(env.batch.observe(0), obs)
    assert np.array_equal(env.batch.legal_mask(), info["action_mask"])


def test_illegal_action_in_the_single_environment_terminates_or_raises() -> None:
    env = dg.DominoesGymEnv()
    _obs, info = env.reset(seed=0)
    bad = int(np.flatnonzero(~info["action_mask"])[0])
    _obs, reward, terminated, _truncated, info = env.step(bad)
    assert (reward, terminated, info["illegal"]) == (dg.ILLEGAL_REWARD, True, True)
    with pytest.raises(ArgumentValueError, match=r"call reset\(\) first"):
        env.step(bad)
    strict = dg.DominoesGymEnv(illegal="raise")
    obs, _info = strict.reset(seed=0)
    with pytest.raises(IllegalMoveError):
        strict.step(bad)
    assert np.array_equal(strict.batch.observe(0)[0], obs)


@pytest.mark.parametrize(
    ("kwargs", "error", "argument"),
    [
        ({"num_envs": 0}, ArgumentValueError, "num_envs"),
        ({"num_envs": "2"}, ArgumentTypeError, "num_envs"),
        ({"seat": 2}, ArgumentValueError, "seat"),
        ({"seat": "any"}, ArgumentTypeError, "seat"),
        ({"seat": True}, ArgumentTypeError, "seat"),
        ({"opponents": "clever"}, ArgumentValueError, "opponents"),
        ({"rules": 3}, ArgumentTypeError, "rules"),
        ({"players": "4"}, ArgumentTypeError, "players"),
        ({"rules": Ruleset.block(3), "players": 4}, ArgumentValueError, "players"),
    ],
)
def test_bad_arguments_are_refused_in_one_sentence(
    kwargs: dict[str, Any], error: type[Exception], argument: str
) -> None:
    with pytest.raises(error) as caught:
        dg.DominoesVectorEnv(**kwargs)
    assert caught.value.argument == argument  # type: ignore[attr-defined]
    message = str(caught.value)
    assert message.startswith(argument)
    assert "\n" not in message


def test_unknown_presets_and_unbatched_rulesets_are_refused() -> None:
    with pytest.raises(UnknownPresetError):
        dg.DominoesGymEnv(rules="no-such-game")
    with pytest.raises(RulesetError, match="spinner"):
        dg.DominoesVectorEnv(rules="all-fives")
    with pytest.raises(ArgumentValueError, match="illegal must be one of"):
        dg.DominoesGymEnv(illegal="ignore")


def test_steps_before_reset_and_bad_actions_are_refused() -> None:
    env = dg.DominoesVectorEnv(2)
    with pytest.raises(ArgumentValueError, match=r"before reset\(\)"):
        env.step(np.zeros(2, dtype=np.int64))
    env.reset(seed=0)
    with pytest.raises(ArgumentValueError, match="one action per environment"):
        env.step(np.zeros(3, dtype=np.int64))
    with pytest.raises(ArgumentTypeError, match="actions must be integers"):
        env.step(np.zeros(2))
    single = dg.DominoesGymEnv()
    with pytest.raises(ArgumentValueError, match=r"call reset\(\) first"):
        single.step(0)
    single.reset(seed=0)
    with pytest.raises(ArgumentTypeError, match="action must be one integer"):
        single.step(1.5)
    with pytest.raises(ArgumentValueError, match="action must be from 0 to"):
        single.step(single.codec.size)


def test_an_id_takes_any_ruleset() -> None:
    envs = make_vec("dominoes/Block-v0", 2, rules=Ruleset.draw(3), seat=2)
    assert envs.rules == Ruleset.draw(3)
    three = gymnasium.make("dominoes/Block-v0", players=3).unwrapped
    assert isinstance(three, dg.DominoesGymEnv)
    assert three.rules == Ruleset.block(3)


def test_an_id_can_name_the_module_to_import() -> None:
    env = gymnasium.make("dominoes.adapters.gym:dominoes/Draw-v0")
    assert isinstance(env.unwrapped, dg.DominoesGymEnv)
    assert env.unwrapped.rules == Ruleset.draw()


def test_registering_again_changes_nothing() -> None:
    spec = gymnasium.spec("dominoes/Block-v0")
    dg.register_envs()
    assert gymnasium.spec("dominoes/Block-v0") == spec
    assert spec.vector_entry_point == "dominoes.adapters.gym:DominoesVectorEnv"


def test_a_ruleset_or_a_preset_with_players_sets_the_table() -> None:
    three = dg.DominoesVectorEnv(2, rules=Ruleset.draw(3), seat=2, opponents="greedy")
    assert three.rules == Ruleset.draw(3)
    assert dg.DominoesGymEnv(rules="draw", players=3).rules == Ruleset.draw(3)
    obs, info = three.reset(seed=4)
    assert (three.batch.turn == 2).all()
    assert obs.shape == (2, three.encoder.size)
    assert info["action_mask"].any(axis=1).all()


def test_missing_dependency_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "gymnasium", None)
    monkeypatch.delitem(sys.modules, "dominoes.adapters.gym")
    with pytest.raises(ModuleNotFoundError, match=r"dominoes-rules\[gymnasium\]"):
        importlib.import_module("dominoes.adapters.gym")


@st.composite
def table_settings(draw: st.DrawFn) -> tuple[Ruleset, int | str, str]:
    """A ruleset `Batch` plays (strict faults, no cascade scoring, more than one tile
    each), a learner's seat or self-play, and the opponents' policy."""
    scoring = draw(st.sampled_from([s for s in Scoring if s is not Scoring.CASCADE]))
    rules = draw(
        variant_rulesets(faults=FaultMode.STRICT, scoring=scoring).filter(
            lambda r: r.hand_size > 1  # with one tile each, a seat may never move
        )
    )
    seat = draw(st.sampled_from([*range(rules.players), dg.SELF_PLAY]))
    return rules, seat, draw(st.sampled_from([o.value for o in dg.Opponent]))


@settings(SETTINGS, max_examples=60)
@given(table=table_settings(), seed=st.integers(0, 2**20))
def test_the_learner_is_to_move_in_every_hand_and_sees_the_scalar_position(
    table: tuple[Ruleset, int | str, str], seed: int
) -> None:
    """Any supported ruleset, seat and opponents: after every step each hand waits for the
    learner, with the scalar engine's legal actions and observation vector; a hand's
    reward is the learner's points, and the single environment's is its final state's."""
    rules, seat, opponents = table
    env = dg.DominoesVectorEnv(3, rules=rules, seat=seat, opponents=opponents)
    obs, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    for _ in range(12):
        for i in range(3):
            state = env.batch.state(i)
            assert not state.is_over
            mover = state.turn if seat == dg.SELF_PLAY else seat
            assert state.turn == mover
            assert np.flatnonzero(info["action_mask"][i]).tolist() == (
                env.codec.legal_actions(state)
            )
            assert obs[i].tolist() == env.encoder.encode_state(state, mover)
        obs, reward, terminated, _truncated, info = env.step(
            masked_random(info["action_mask"], rng)
        )
        if isinstance(seat, int):
            assert reward.tolist() == info["points"][:, seat].tolist()
        assert (info["points"][~terminated] == 0).all()
    single = dg.DominoesGymEnv(rules=rules, seat=seat, opponents=opponents)
    _obs, info = single.reset(seed=seed)
    over, paid = False, 0.0
    while not over:
        action = int(masked_random(info["action_mask"][None], rng)[0])
        _obs, paid, over, _cut, info = single.step(action)
    result = single.batch.state(0).result
    assert result is not None
    assert info["points"].tolist() == list(result.points)
    if isinstance(seat, int):
        assert paid == result.points[seat]


def test_a_seat_the_rules_never_let_move_is_refused() -> None:
    """One tile each and seat 1 leads: seat 0 never moves, deal after deal."""
    rules = Ruleset.block(2, max_pip=1, hand_size=1, opening=Opening.SEAT_ANY_TILE, opening_seat=1)
    with pytest.raises(ArgumentValueError, match=r"^rules give seat 0 no move in 1000 deals"):
        dg.DominoesVectorEnv(2, rules=rules).reset(seed=0)
    with pytest.raises(ArgumentValueError, match=r"^rules give seat 0 no move"):
        dg.DominoesGymEnv(rules=rules).reset(seed=0)
    _obs, info = dg.DominoesGymEnv(rules=rules, seat=1).reset(seed=0)  # seat 1 leads
    assert info["action_mask"].any()
