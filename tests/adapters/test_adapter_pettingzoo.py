"""The PettingZoo adapter: PettingZoo's own API and seed tests, masks, rewards, seeding,
rendering, illegal actions and hidden information."""

from __future__ import annotations

import copy
import functools
import importlib
import pickle
import random
import sys
import warnings
from collections.abc import Callable
from typing import Any

import pytest

pytest.importorskip("pettingzoo")

import attrs
import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from pettingzoo.test import api_test, seed_test

from dominoes import Deal, Draw, HandState, Ruleset, Tile
from dominoes.adapters import pettingzoo as pz
from dominoes.agents import Agent, GreedyAgent, RandomAgent, SearchAgent
from dominoes.codec import ActionCodec
from dominoes.errors import (
    ArgumentTypeError,
    ArgumentValueError,
    DealError,
    DominoesError,
    IllegalMoveError,
    IllegalMoveReason,
    RulesetError,
    UnknownPresetError,
)
from dominoes.render import diagram
from dominoes.rules import BlockTie, Direction, PlayScoring, Scoring
from dominoes.scoring import Ending, score_hand
from dominoes.state import Observation
from strategies import ARMS_PRESETS, LINE_PRESETS, spinner_rulesets

# every preset, plus a double-9 Draw game for four
CASES: list[tuple[str, dict[str, Any]]] = [(name, {}) for name in LINE_PRESETS]
CASES.append(("draw", {"players": 4, "max_pip": 9}))
CASE_IDS = [name if not kw else "draw-d9-4p" for name, kw in CASES]

SMALL = Ruleset(max_pip=2, players=2, hand_size=2)
SMALL_DEAL = Deal(hands=[["1-1", "1-2"], ["2-2", "0-2"]], boneyard=["0-0", "0-1"])


def _random_action(env: Any, rng: random.Random) -> int | None:
    """A uniformly random legal action for the selected agent (None when it is done)."""
    obs, _reward, terminated, truncated, _info = env.last()
    if terminated or truncated:
        return None
    return int(rng.choice(np.flatnonzero(obs["action_mask"])))


def _quick_action(env: Any, rng: random.Random) -> int:
    """A random legal action read from the engine (no observation is encoded)."""
    return int(rng.choice(env.codec.legal_actions(env.hand_state)))


def _play_out(env: Any, rng: random.Random) -> None:
    while env.agents:
        env.step(_random_action(env, rng))


# ---------------------------------------------------------------- PettingZoo's own tests
@pytest.mark.parametrize(("name", "overrides"), CASES, ids=CASE_IDS)
def test_pettingzoo_api_test_passes(name: str, overrides: dict[str, Any]) -> None:
    with warnings.catch_warnings():
        # dict observations are expected; the test warns about them for unknown names
        warnings.simplefilter("ignore")
        api_test(pz.env(name, **overrides), num_cycles=200, verbose_progress=False)


def test_pettingzoo_api_test_passes_without_wrappers() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(pz.raw_env("draw", players=3), num_cycles=200, verbose_progress=False)


@pytest.mark.parametrize(("name", "overrides"), CASES, ids=CASE_IDS)
def test_pettingzoo_seed_test_passes(name: str, overrides: dict[str, Any]) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        seed_test(functools.partial(pz.env, name, **overrides), num_cycles=200)


# ---------------------------------------------------------------- masks, turns, observations
@pytest.mark.parametrize(("name", "overrides"), CASES, ids=CASE_IDS)
def test_masks_equal_legal_moves_and_selection_is_the_seat_to_move(
    name: str, overrides: dict[str, Any]
) -> None:
    env = pz.raw_env(name, **overrides)
    rng = random.Random(11)
    hands, turns = (1, 30) if overrides else (4, 1000)  # double-9 encodes slowly
    for seed in range(hands):
        env.reset(seed=seed)
        turn = 0
        while not env.hand_state.is_over and turn < turns:
            state = env.hand_state
            assert env.agent_selection == f"seat_{state.turn}"
            # every seat's view on one turn in four (encoding is the slow part)
            watched = env.possible_agents if turn % 4 == 0 else [env.agent_selection]
            turn += 1
            for agent in watched:
                seat = env.possible_agents.index(agent)
                seen = env.observe(agent)
                assert seen["action_mask"].dtype == np.int8
                assert seen["observation"].dtype == np.float32
                legal = list(np.flatnonzero(seen["action_mask"]))
                if seat == state.turn:
                    assert legal == sorted(env.codec.encode(m) for m in state.legal_moves())
                    assert legal
                else:
                    assert legal == []
                expected = env.encoder.encode(state.observation(seat))
                assert seen["observation"].tolist() == expected
                assert env.observation_space(agent).contains(seen)
            env.step(_random_action(env, rng))


def test_draws_and_verification_passes_are_ordinary_turns() -> None:
    env = pz.raw_env("draw")
    rng = random.Random(5)
    moves: set[str] = set()
    for seed in range(6):
        env.reset(seed=seed)
        while not env.hand_state.is_over:
            action = _random_action(env, rng)
            assert action is not None
            moves.add(type(env.codec.decode(action)).__name__)
            env.step(action)
    assert moves == {"Play", "Draw", "Pass"}


def test_observe_returns_fresh_arrays() -> None:
    env = pz.raw_env("block")
    env.reset(seed=0)
    first = env.observe("seat_0")
    first["observation"][:] = 0
    first["action_mask"][:] = 0
    second = env.observe("seat_0")
    assert second["observation"].any()
    assert second["action_mask"].any() == (env.agent_selection == "seat_0")


# ---------------------------------------------------------------- rewards
@pytest.mark.parametrize("reward", list(pz.Reward))
@pytest.mark.parametrize(("name", "overrides"), CASES, ids=CASE_IDS)
def test_rewards_are_those_of_the_hand_result(
    name: str, overrides: dict[str, Any], reward: pz.Reward
) -> None:
    env = pz.raw_env(name, reward=reward, **overrides)
    rng = random.Random(3)
    for seed in range(1 if overrides else 3):
        env.reset(seed=seed)
        while not env.hand_state.is_over:
            assert set(env.rewards.values()) == {0.0}
            env.step(_quick_action(env, rng))
        result = env.hand_state.result
        assert result is not None
        assert all(env.terminations.values())
        assert not any(env.truncations.values())
        got = [env.rewards[a] for a in env.possible_agents]
        assert got == [env._cumulative_rewards[a] for a in env.possible_agents]
        assert all(type(r) is float for r in got)
        if reward is pz.Reward.POINTS:
            assert got == [float(p) for p in result.points]
        else:
            assert sum(got) == pytest.approx(0.0)
            if len(env.rules.teams) == 2:
                mine, theirs = env.rules.teams
                # penalty points count against a side: the margin's sign is turned round
                sign = -1 if env.rules.scoring is Scoring.PENALTY else 1
                margin = result.points[mine[0]] - result.points[theirs[0]]
                assert got[mine[0]] == sign * margin
        # every agent sees its reward through last() and then steps out with None
        while env.agents:
            agent = env.agent_selection
            _obs, cumulative, terminated, truncated, _info = env.last()
            assert terminated
            assert not truncated
            assert cumulative == got[env.possible_agents.index(agent)]
            env.step(None)


def test_margin_reward_conventions() -> None:
    block = Ruleset.block()
    won = score_hand(block, [0, 12], domino_seat=0)
    assert pz.hand_rewards(block, won) == (12.0, -12.0)
    assert pz.hand_rewards(block, won, pz.Reward.POINTS) == (12.0, 0.0)
    drawn = score_hand(block, [5, 5], ending=Ending.BLOCKED)
    assert drawn.is_draw
    assert pz.hand_rewards(block, drawn) == (0.0, 0.0)
    # three sides: own points minus the mean of the other two
    three = Ruleset.block(3, scoring=Scoring.CASCADE)
    cascade = score_hand(three, [4, 9, 20], ending=Ending.BLOCKED)
    assert cascade.points == (21, 11, 0)
    assert pz.hand_rewards(three, cascade) == (15.5, 0.5, -16.0)
    # partners share their side's reward
    pairs = Ruleset.preset("partnership", block_tie=BlockTie.DRAWN)
    team = score_hand(pairs, [0, 10, 3, 7], domino_seat=0)
    assert team.points == (17, 0, 17, 0)
    assert pz.hand_rewards(pairs, team) == (17.0, -17.0, 17.0, -17.0)
    # penalty points count against a side: the sign is turned round
    penalty = Ruleset.block(scoring=Scoring.PENALTY)
    low = score_hand(penalty, [3, 11], ending=Ending.BLOCKED)
    assert low.points == (3, 11)
    assert pz.hand_rewards(penalty, low) == (8.0, -8.0)
    assert pz.hand_rewards(penalty, low, pz.Reward.POINTS) == (3.0, 11.0)


def test_hand_rewards_validates_its_arguments() -> None:
    block = Ruleset.block()
    won = score_hand(block, [0, 12], domino_seat=0)
    bad: list[tuple[Callable[[], object], str, str]] = [
        (
            lambda: pz.hand_rewards(_any("block"), won),
            "rules",
            "rules must be a Ruleset, got 'block'",
        ),
        (
            lambda: pz.hand_rewards(block, _any((12, 0))),
            "result",
            "result must be a HandResult, got (12, 0)",
        ),
        (
            lambda: pz.hand_rewards(block, won, _any("margin")),
            "mode",
            "mode must be a Reward, got 'margin'",
        ),
    ]
    for call, argument, message in bad:
        with pytest.raises(ArgumentTypeError) as e:
            call()
        assert e.value.argument == argument
        assert str(e.value) == message
    with pytest.raises(ArgumentValueError) as v:
        pz.hand_rewards(block, score_hand(Ruleset.block(3), [0, 1, 2], domino_seat=0))
    assert v.value.argument == "result"
    assert str(v.value) == "result must score the 2 seats of the ruleset, but it scores 3"


def _any(value: object) -> Any:
    """``value``, typed so that a call with the wrong type passes the type checker."""
    return value


# ---------------------------------------------------------------- seeding
def test_the_same_seed_gives_the_same_game() -> None:
    histories = []
    for _ in range(2):
        env = pz.raw_env("draw", players=3)
        env.reset(seed=21)
        assert env.hand_seed == 21
        assert env.hand_state == HandState.start(env.rules, Deal.random(env.rules, seed=21))
        _play_out(env, random.Random(8))
        histories.append(env.hand_state.history)
    assert histories[0] == histories[1]


def test_unseeded_resets_follow_the_last_seed_and_not_the_global_rng() -> None:
    a, b = pz.raw_env("block"), pz.raw_env("block")
    a.reset(seed=4)
    b.reset(seed=np.int64(4))
    assert b.hand_seed == 4
    random.seed(1234)
    expected = random.random()
    random.seed(1234)
    a.reset()
    b.reset()
    assert random.random() == expected  # the global generator was not used
    assert a.hand_seed == b.hand_seed
    assert a.hand_seed != 4
    assert a.hand_state == b.hand_state
    assert a.hand_state == HandState.start(a.rules, Deal.random(a.rules, seed=a.hand_seed))


def test_reset_options_and_seed_validation() -> None:
    env = pz.raw_env(SMALL)
    env.reset(seed=0, options={"deal": SMALL_DEAL, "ignored": 1})
    assert env.hand_seed is None
    assert env.hand_state == HandState.start(SMALL, SMALL_DEAL)
    assert env.agent_selection == "seat_1"  # the holder of the highest double leads
    calls: list[tuple[Callable[[], object], str, str]] = [
        (lambda: env.reset(seed=True), "seed", "seed must be an int, got True"),
        (lambda: env.reset(seed=_any(1.5)), "seed", "seed must be an int, got 1.5"),
        (
            lambda: env.reset(options=_any([("deal", SMALL_DEAL)])),
            "options",
            "options must be a mapping, got [('deal', ",
        ),
        (
            lambda: env.reset(options={"deal": "1-1 1-2"}),
            "options",
            """options["deal"] must be a Deal, got '1-1 1-2'""",
        ),
    ]
    for call, argument, message in calls:
        with pytest.raises(ArgumentTypeError) as e:
            call()
        assert e.value.argument == argument
        assert str(e.value).startswith(message)
    with pytest.raises(DealError):
        env.reset(options={"deal": Deal(hands=[["1-1"], ["2-2"]], boneyard=[])})


# ---------------------------------------------------------------- rendering
def test_render_draws_the_public_table() -> None:
    """The picture is `diagram` for the table: hand sizes and the boneyard's size while
    the hand is played, every hand once it is over (the boneyard stays face down)."""
    env = pz.raw_env(SMALL, render_mode="ansi")
    env.reset(options={"deal": SMALL_DEAL})
    assert env.render() == (
        "line      (empty)\n"
        "seat 0    2 tiles\n"
        "seat 1    2 tiles\n"
        "boneyard  2 tiles\n"
        "turn      seat 1 to lead"
    )
    env.step(17)  # 2-2 leads
    env.step(12)  # 1-2 on the left
    picture = env.render()
    assert picture is not None
    assert picture == (
        "line      [1|2][2|2]\n"
        "lead           ^^^^^\n"
        "ends      left 1, right 2\n"
        "seat 0    1 tile\n"
        "seat 1    1 tile\n"
        "boneyard  2 tiles\n"
        "turn      seat 1 to move"
    )
    assert picture == diagram(env.hand_state, public=True)
    for hidden in ("1-1", "0-2", "0-0", "0-1"):  # hands and boneyard stay hidden
        assert hidden not in picture
    env.step(10)  # 0-2 on the right: seat 1 dominoes
    picture = env.render()
    assert picture == (
        "line      [1|2][2|2][2|0]\n"
        "lead           ^^^^^\n"
        "ends      left 1, right 0\n"
        "seat 0    1-1  2 pips\n"
        "seat 1    -    0 pips\n"
        "boneyard  2 tiles\n"
        "turn      over (domino), won by seat 1; points 0 2"
    )
    assert "0-0" not in str(picture)
    assert "0-1" not in str(picture)
    assert env.rewards == {"seat_0": -2.0, "seat_1": 2.0}


def test_render_shows_the_verification_round_and_drawn_hands() -> None:
    env = pz.raw_env("block", render_mode="ansi")
    rng = random.Random(0)
    seen_round = seen_drawn = False
    for seed in range(60):
        env.reset(seed=seed)
        while env.agents:
            state = env.hand_state
            if state.verification is not None and not state.is_over:
                round_ = state.verification
                assert f"round     proposed by seat {round_.proposer};" in str(env.render())
                assert env.agent_selection == f"seat_{state.turn}"
                seen_round = True
            env.step(_quick_action(env, rng) if env.hand_state.result is None else None)
        result = env.hand_state.result
        assert result is not None
        if result.is_draw:
            assert "), no winner; points " in str(env.render())
            seen_drawn = True
        if seen_round and seen_drawn:
            break
    assert seen_round
    assert seen_drawn


def test_render_without_a_render_mode_warns() -> None:
    env = pz.raw_env("block")
    env.reset(seed=0)
    with pytest.warns(UserWarning, match="render_mode"):
        assert env.render() is None
    env.close()


# ---------------------------------------------------------------- illegal actions
def test_an_illegal_action_raises_and_changes_nothing() -> None:
    env = pz.raw_env("block")
    env.reset(seed=2)
    before = env.hand_state
    mask = env.observe(env.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(
        IllegalMoveError, match=rf"action {illegal} is illegal for seat_\d: illegal move"
    ) as e:
        env.step(illegal)
    assert e.value.reason is not IllegalMoveReason.NOT_A_MOVE
    assert e.value.state == before
    assert e.value.seat == before.turn
    for bad in (-1, env.codec.size, None, True, "3", 2.0):
        with pytest.raises(IllegalMoveError, match="not an integer") as e:
            env.step(bad)
        assert e.value.reason is IllegalMoveReason.NOT_A_MOVE
        assert e.value.seat == before.turn
    assert env.hand_state == before
    assert not any(env.terminations.values())
    env.step(np.int32(int(np.flatnonzero(mask)[0])))  # NumPy integers are actions too
    assert env.hand_state != before


def test_terminate_illegal_wrapper_when_asked(caplog: pytest.LogCaptureFixture) -> None:
    env = pz.env("block", illegal_reward=-200)
    env.reset(seed=2)
    offender = env.agent_selection
    mask = env.observe(offender)["action_mask"]
    env.step(int(np.flatnonzero(mask == 0)[0]))
    assert "Illegal move" in caplog.text
    assert all(env.terminations.values())
    assert env.rewards[offender] == -200.0
    assert sum(env.rewards.values()) == -200.0
    steps = 0
    while env.agents:
        env.step(None)
        steps += 1
    assert steps == 2


def test_dead_agents_step_with_none_only(caplog: pytest.LogCaptureFixture) -> None:
    env = pz.raw_env(SMALL)
    env.reset(options={"deal": SMALL_DEAL})
    for action in (17, 12, 10):
        env.step(action)
    assert env.agent_selection == "seat_0"  # the seat after the one that ended the hand
    with pytest.raises(ValueError, match="only valid action is None"):
        env.step(3)
    env.step(None)
    env.step(None)
    assert env.agents == []
    with pytest.raises(RuntimeError, match="call reset"):
        env.step(None)
    wrapped = pz.env(SMALL)
    wrapped.reset(options={"deal": SMALL_DEAL})
    _play_out(wrapped, random.Random(0))
    wrapped.step(None)  # OrderEnforcingWrapper: a logged warning, not an error
    assert "step()" in caplog.text


def test_calls_before_reset() -> None:
    env = pz.raw_env("block")
    for call in (
        lambda: env.step(0),
        lambda: env.observe("seat_0"),
        env.render,
        lambda: env.hand_state,
    ):
        with pytest.raises(pz.EnvironmentStateError, match=r"call reset\(\) first") as e:
            call()
        assert isinstance(e.value, RuntimeError)
        assert isinstance(e.value, DominoesError)
    wrapped = pz.env("block")
    with pytest.raises(Exception, match="reset"):
        wrapped.step(0)
    for name in ("agents", "agent_selection", "rewards"):
        with pytest.raises(AttributeError, match=f"{name} cannot be accessed before reset"):
            getattr(wrapped, name)


def test_the_wrapper_reads_and_sets_the_environment_itself() -> None:
    wrapped = pz.env("block")
    wrapped.reset(seed=2)
    inner = wrapped.unwrapped
    assert wrapped.agents is inner.agents
    first = inner.agent_selection
    assert wrapped.agent_selection == first
    other = "seat_1" if first == "seat_0" else "seat_0"
    wrapped.agent_selection = other  # forwarded, not shadowed on the wrapper
    assert inner.agent_selection == other
    assert "agent_selection" not in vars(wrapped)
    wrapped.agents = ["seat_0"]
    assert inner.agents == ["seat_0"]
    assert wrapped.observe("seat_1")["observation"].tolist() == (
        inner.observe("seat_1")["observation"].tolist()
    )


# ---------------------------------------------------------------- hidden information
def _swap_hidden(deal: Deal, keep: set[Any], rng: random.Random) -> Deal | None:
    """The deal with two hidden tiles (not seat 0's, not in ``keep``) exchanged between
    seat 1 and the boneyard (``None`` when seat 1 holds no tile outside ``keep``)."""
    hand = list(deal.hands[1])
    bone = list(deal.boneyard)
    free = [k for k, t in enumerate(hand) if t not in keep]
    if not free:
        return None
    i = rng.choice(free)
    j = rng.choice(range(len(bone)))
    hand[i], bone[j] = bone[j], hand[i]
    return Deal(hands=[deal.hands[0], hand], boneyard=bone)


def _refusals(env: Any) -> list[tuple[int, IllegalMoveReason, str, Any]]:
    """Every action the selected agent may not take, with the reason, the message and
    the seat of the refusal (each refused step leaves the environment as it was)."""
    out = []
    mask = env.observe(env.agent_selection)["action_mask"]
    for action in np.flatnonzero(mask == 0):
        with pytest.raises(IllegalMoveError) as e:
            env.step(int(action))
        out.append((int(action), e.value.reason, str(e.value), e.value.seat))
    return out


def _replay(env: Any, actions: list[int]) -> list[tuple[str, dict[str, Any], Any, Any]]:
    """Before each action: the selected agent, seat 0's encoded observation, its
    `Observation` in ``infos``, and (on seat 0's turns) every action refused to it."""
    out = []
    for action in actions:
        refused = _refusals(env) if env.agent_selection == "seat_0" else None
        info = env.infos["seat_0"]["observation"]
        out.append((env.agent_selection, env.observe("seat_0"), info, refused))
        env.step(action)
    return out


def test_observations_never_contain_hidden_tiles() -> None:
    """Two worlds that differ only in tiles seat 0 cannot see, and in which the same
    moves are made, look the same to seat 0 at every turn."""
    rules = Ruleset.block()
    rng = random.Random(17)
    twins = compared = refusals = 0
    for seed in range(60):
        a = pz.raw_env(rules)
        a.reset(seed=seed)
        actions: list[int] = []
        while not a.hand_state.is_over:
            action = _random_action(a, rng)
            assert action is not None
            actions.append(action)
            a.step(action)
        deal = Deal.random(rules, seed=seed)
        other = _swap_hidden(deal, set(a.hand_state.layout.tiles), rng)
        if other is None:
            continue  # seat 1 played every tile it was dealt
        assert other.hands[0] == deal.hands[0]
        assert other.hands[1] != deal.hands[1]
        b = pz.raw_env(rules)
        b.reset(options={"deal": other})
        a.reset(seed=seed)
        try:
            seen_b = _replay(b, actions)
        except IllegalMoveError:
            continue  # the swap changed what seat 1 could do: not twin worlds
        seen_a = _replay(a, actions)
        if [seen[0] for seen in seen_a] != [seen[0] for seen in seen_b]:
            continue  # the swap changed who leads: not twin worlds
        twins += 1
        for (_, obs_a, info_a, refused_a), (_, obs_b, info_b, refused_b) in zip(
            seen_a, seen_b, strict=True
        ):
            assert np.array_equal(obs_a["observation"], obs_b["observation"])
            assert np.array_equal(obs_a["action_mask"], obs_b["action_mask"])
            assert info_a == info_b  # the Observation in infos
            # what seat 0 is refused, why and in which words, never tells the worlds apart
            assert refused_a == refused_b
            if refused_a is not None:
                refusals += len(refused_a)
                assert {seat for *_, seat in refused_a} == {0}
            compared += 1
        assert a.hand_state.hands[1] != b.hand_state.hands[1]
        if twins >= 8:
            break
    assert twins >= 8
    assert compared >= 60
    assert refusals >= 1000


@pytest.mark.parametrize(("name", "overrides"), CASES, ids=CASE_IDS)
def test_infos_hold_each_agents_observation(name: str, overrides: dict[str, Any]) -> None:
    """``infos[agent]["observation"]`` is ``state.observation(seat)`` at every step, for
    every agent still in the episode, and holds no tile of another seat's hand or of
    the boneyard (another seat's draws show no tile)."""
    env = pz.raw_env(name, **overrides)
    rng = random.Random(13)
    for seed in range(1 if overrides else 3):
        env.reset(seed=seed)
        while env.agents:
            state = env.hand_state
            assert set(env.infos) == set(env.agents)
            for agent in env.agents:
                seat = env.possible_agents.index(agent)
                observation = env.infos[agent]["observation"]
                assert isinstance(observation, Observation)
                assert observation == state.observation(seat)
                assert observation.seat == seat
                assert observation.hand == state.hand(seat)
                hidden = {t for s in range(env.rules.players) if s != seat for t in state.hand(s)}
                hidden |= set(state.boneyard)
                assert not hidden & set(observation.hand)
                for step in observation.history:
                    if isinstance(step.move, Draw) and step.seat != seat:
                        assert step.move.tile is None
            _obs, _reward, terminated, _truncated, info = env.last()
            assert info is env.infos[env.agent_selection]
            if terminated:
                assert info["observation"].result == state.result
                env.step(None)
            else:
                env.step(_quick_action(env, rng))
        assert env.infos == {}


def _fresh_info(seed: int = 4, steps: int = 3) -> tuple[Any, dict[str, Any], Observation]:
    """An environment a few steps into a hand, seat 1's ``infos`` entry (not used yet)
    and the observation it stands for."""
    env = pz.raw_env("draw")
    env.reset(seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        env.step(_quick_action(env, rng))
    return env, env.infos["seat_1"], env.hand_state.observation(1)


def test_infos_behave_as_plain_dicts_whatever_is_done_first() -> None:
    """An ``infos`` entry is built when first used: every dict operation, done first,
    sees ``{"observation": observation}``."""
    firsts: list[Callable[[dict[str, Any]], object]] = [
        lambda d: d["observation"],
        lambda d: d.get("observation"),
        lambda d: "observation" in d,
        list,
        lambda d: list(reversed(d)),
        len,
        bool,
        lambda d: list(d.keys()),
        lambda d: list(d.values()),
        lambda d: list(d.items()),
        lambda d: d.copy(),
        dict,
        lambda d: {**d},
        lambda d: d | {},
        lambda d: {} | d,
        repr,
        str,
        copy.copy,
        copy.deepcopy,
        lambda d: pickle.loads(pickle.dumps(d)),
        lambda d: d == {},
        lambda d: d != {},
    ]
    for first in firsts:
        _env, info, observation = _fresh_info()
        plain = {"observation": observation}
        result = first(info)
        assert info == plain
        assert plain == info
        assert not info != plain  # noqa: SIM202 (the != operator itself)
        assert dict(info) == plain
        assert isinstance(info, dict)
        assert info["observation"] == observation
        if isinstance(result, dict):
            assert result == plain
    _env, info, observation = _fresh_info()
    assert repr(info) == repr({"observation": observation})
    _env, info, observation = _fresh_info()
    for copied in (
        info.copy(),
        copy.copy(info),
        copy.deepcopy(info),
        pickle.loads(pickle.dumps(info)),
    ):
        assert type(copied) is dict
        assert copied == {"observation": observation}
    _env, a, _observation = _fresh_info()
    _env, b, _observation = _fresh_info()
    assert a == b  # neither used before
    _env, c, _observation = _fresh_info(steps=4)
    assert a != c
    with pytest.raises(TypeError):
        hash(a)


def test_infos_can_be_written_without_losing_the_observation() -> None:
    writes: list[Callable[[dict[str, Any]], object]] = [
        lambda d: d.__setitem__("extra", 1),
        lambda d: d.update(extra=1),
        lambda d: d.setdefault("extra", 1),
        lambda d: d.__ior__({"extra": 1}),
    ]
    for write in writes:
        _env, info, observation = _fresh_info()
        write(info)
        assert info == {"observation": observation, "extra": 1}
    _env, info, observation = _fresh_info()
    assert info.pop("observation") == observation
    assert info == {}
    _env, info, observation = _fresh_info()
    assert info.popitem() == ("observation", observation)
    _env, info, observation = _fresh_info()
    del info["observation"]
    assert "observation" not in info
    _env, info, observation = _fresh_info()
    info.clear()
    assert info == {}
    _env, info, observation = _fresh_info()
    info["observation"] = "mine"
    assert info == {"observation": "mine"}
    assert type(info).fromkeys(["a"]) == {"a": None}


def test_an_info_kept_is_the_observation_of_its_step() -> None:
    """An ``infos`` entry read after later steps still holds the observation of the step
    that made it, and carries nothing of the state once copied or pickled."""
    env, info, observation = _fresh_info()
    rng = random.Random(1)
    for _ in range(2):
        env.step(_quick_action(env, rng))
    assert info["observation"] == observation
    assert env.infos["seat_1"]["observation"] == env.hand_state.observation(1)
    assert env.infos["seat_1"]["observation"] != observation
    _env, info, observation = _fresh_info()
    data = pickle.dumps(info)
    assert pickle.loads(data) == {"observation": observation}
    assert b"HandState" not in data


def test_the_drawn_tile_is_seen_by_the_drawer_only() -> None:
    env = pz.raw_env("draw")
    rng = random.Random(6)
    draw = env.codec.size - 2
    for seed in range(20):
        env.reset(seed=seed)
        while not env.hand_state.is_over:
            drawer = env.agent_selection
            if draw in env.codec.legal_actions(env.hand_state):
                env.step(draw)
                drawn = env.hand_state.history[-1].move
                assert isinstance(drawn, Draw)
                tile = drawn.tile
                assert isinstance(tile, Tile)
                for agent in env.agents:
                    last = env.infos[agent]["observation"].history[-1]
                    assert last.seat == env.possible_agents.index(drawer)
                    assert last.move == (Draw(tile) if agent == drawer else Draw())
                    assert (tile in env.infos[agent]["observation"].hand) == (agent == drawer)
                return
            env.step(_quick_action(env, rng))
    pytest.fail("no draw in 20 hands")  # pragma: no cover


def test_an_observation_bot_plays_from_infos_alone() -> None:
    """Agents that see only ``infos[agent]["observation"]`` play whole hands: the move
    they choose from it is legal, and its action number is in the mask."""
    table = pz.env("draw", players=3)
    bots: dict[str, Agent] = {
        "seat_0": GreedyAgent(),
        "seat_1": RandomAgent(),
        "seat_2": SearchAgent(worlds=2),
    }
    rng = random.Random(4)
    for seed in range(3):
        table.reset(seed=seed)
        for agent in table.agent_iter():
            observation, _reward, terminated, truncated, info = table.last()
            if terminated or truncated:
                table.step(None)
                continue
            seen: Observation = info["observation"]
            move = bots[agent].choose(seen, rng)
            action = ActionCodec(seen.rules).encode(move)
            assert observation["action_mask"][action] == 1
            table.step(action)
        assert table.unwrapped.hand_state.is_over


# ---------------------------------------------------------------- concession
@pytest.mark.parametrize("reward", list(pz.Reward))
@pytest.mark.parametrize("name", ["block", "draw", "partnership"])
def test_concede_ends_the_hand_for_every_agent(name: str, reward: pz.Reward) -> None:
    """Any agent still in the hand may concede, whoever is selected: the hand ends
    conceded by its seat, every agent is terminated with its reward from the result,
    and then steps out with ``None``."""
    env = pz.raw_env(name, reward=reward)
    rng = random.Random(9)
    for seed in range(2 * env.rules.players):
        env.reset(seed=seed)
        for _ in range(rng.randrange(6)):
            env.step(_quick_action(env, rng))
        seat = seed % env.rules.players
        agent = env.possible_agents[seat]
        before = env.hand_state
        env.concede(agent)
        state = env.hand_state
        assert state == before.concede(seat)
        result = state.result
        assert result is not None
        assert result.ending is Ending.CONCEDED
        assert result.conceded_by == seat
        expected = pz.hand_rewards(env.rules, result, reward)
        assert [env.rewards[a] for a in env.possible_agents] == list(expected)
        assert all(env.terminations.values())
        assert not any(env.truncations.values())
        assert env.agent_selection == env.possible_agents[(seat + 1) % env.rules.players]
        for name_ in env.possible_agents:
            seen = env.infos[name_]["observation"]
            assert seen == state.observation(env.possible_agents.index(name_))
            assert seen.result == result
            assert not env.observe(name_)["action_mask"].any()
        if reward is pz.Reward.MARGIN:
            partners = [s for team in env.rules.teams if seat in team for s in team]
            assert all(env.rewards[env.possible_agents[s]] <= 0 for s in partners)
            assert sum(env.rewards.values()) == pytest.approx(0.0)
        left = []
        while env.agents:
            agent_now = env.agent_selection
            _obs, cumulative, terminated, _truncated, _info = env.last()
            assert terminated
            assert cumulative == env._cumulative_rewards[agent_now]
            assert cumulative == expected[env.possible_agents.index(agent_now)]
            left.append(agent_now)
            env.step(None)
        assert sorted(left) == env.possible_agents


def test_concede_through_the_wrappers_and_its_errors() -> None:
    for table in (pz.env("block", render_mode="ansi"), pz.env("block", illegal_reward=-200)):
        table.reset(seed=3)
        table.step(int(np.flatnonzero(table.observe(table.agent_selection)["action_mask"])[0]))
        table.concede("seat_1")
        assert table.rewards == {"seat_0": 35.0, "seat_1": -35.0}
        assert all(table.terminations.values())
        if table.render_mode == "ansi":
            picture = str(table.render())
            assert "turn      over (conceded by seat 1), won by seat 0; points " in picture
        with pytest.raises(IllegalMoveError, match=r"^seat_0 cannot concede: ") as e:
            table.concede("seat_0")
        assert e.value.reason is IllegalMoveReason.HAND_OVER
        assert e.value.seat == 0
        steps = 0
        for _agent in table.agent_iter():
            table.step(None)
            steps += 1
        assert steps == 2
    env = pz.raw_env("block")
    with pytest.raises(pz.EnvironmentStateError, match=r"call reset\(\) first"):
        env.concede("seat_0")
    env.reset(seed=0)
    before = env.hand_state
    with pytest.raises(ArgumentValueError, match=r"^agent must be one of") as v:
        env.concede("seat_7")
    assert v.value.argument == "agent"
    assert env.hand_state == before
    assert not any(env.terminations.values())


# ---------------------------------------------------------------- construction
def test_construction_from_a_preset_or_a_ruleset() -> None:
    env = pz.raw_env("partnership", target=None)
    assert env.rules == Ruleset.preset("partnership", target=None)
    assert env.possible_agents == ["seat_0", "seat_1", "seat_2", "seat_3"]
    assert env.action_space("seat_3").n == env.codec.size == 86
    space = env.observation_space("seat_0")
    assert space is env.observation_space("seat_0")
    assert space is not env.observation_space("seat_1")
    assert space["observation"].shape == (env.encoder.size,)
    d9 = pz.raw_env(Ruleset.block(), max_pip=9, hand_size=7)
    assert d9.rules == Ruleset.block(max_pip=9, hand_size=7)
    assert pz.raw_env(SMALL).rules is SMALL
    assert str(pz.env("block")) == "dominoes_v0"


def test_construction_errors() -> None:
    with pytest.raises(
        ArgumentTypeError, match=r"^rules must be a Ruleset or a preset name, got 6$"
    ) as t:
        pz.raw_env(_any(6))
    assert t.value.argument == "rules"
    with pytest.raises(UnknownPresetError, match="chess") as k:  # the preset table's own
        pz.raw_env("chess")
    assert isinstance(k.value, KeyError)
    with pytest.raises(
        ArgumentValueError, match=r"^render_mode must be None or one of ansi, got 'human'$"
    ) as v:
        pz.raw_env("block", render_mode="human")
    assert v.value.argument == "render_mode"
    with pytest.raises(ArgumentTypeError, match=r"^reward must be a Reward, got 'margin'$") as t:
        pz.raw_env("block", reward=_any("margin"))
    assert t.value.argument == "reward"
    env = pz.raw_env("block")
    for bad in ("player_0", "seat_2", 0):
        with pytest.raises(
            ArgumentValueError, match=r"^agent must be one of seat_0, seat_1, got "
        ) as v:
            env.action_space(_any(bad))
        assert v.value.argument == "agent"
    assert pz.agent_name(3) == "seat_3"
    with pytest.raises(ArgumentTypeError, match=r"^seat must be an int, got True$") as t:
        pz.agent_name(True)
    assert t.value.argument == "seat"
    with pytest.raises(ArgumentValueError, match=r"^seat must be 0 or more, got -1$") as v:
        pz.agent_name(-1)
    assert v.value.argument == "seat"


def test_an_unknown_ruleset_field_is_a_ruleset_error() -> None:
    """As everywhere in the library, a bad ruleset field is a `RulesetError` naming it."""
    with pytest.raises(RulesetError, match=r"^colour is not a Ruleset field$") as e:
        pz.raw_env("block", colour="red")
    assert e.value.fields == ("colour",)
    with pytest.raises(RulesetError, match=r"^colour, spinners are not Ruleset fields$") as e:
        pz.env(Ruleset.block(), spinners=True, colour="red", players=3)
    assert e.value.fields == ("colour", "spinners")
    with pytest.raises(RulesetError) as e:
        pz.raw_env(Ruleset.block(), players=9)
    assert "players" in e.value.fields or "hand_size" in e.value.fields


def test_missing_dependency_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pettingzoo", None)
    monkeypatch.delitem(sys.modules, "dominoes.adapters.pettingzoo")
    with pytest.raises(ModuleNotFoundError, match=r"dominoes-rules\[pettingzoo\]"):
        importlib.import_module("dominoes.adapters.pettingzoo")


# ---------------------------------------------------------------- layouts with arms
# every preset played on a layout with arms (spinners, scoring on play): a preset added
# later is covered here by itself
@pytest.mark.parametrize("name", ARMS_PRESETS)
def test_pettingzoo_api_and_seed_tests_pass_on_layouts_with_arms(name: str) -> None:
    assert Ruleset.preset(name).has_arms
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(pz.env(name), num_cycles=100, verbose_progress=False)
        seed_test(functools.partial(pz.env, name), num_cycles=100)


def _hand_rewards_step_by_step(env: Any, seed: int, rng: random.Random) -> list[float]:
    """Play a hand of ``env`` from ``seed``; check every observation is within the
    space's bounds and that a step's rewards are what its plays scored; the sum of the
    rewards paid per seat."""
    env.reset(seed=seed)
    space = env.observation_space("seat_0")["observation"]
    paid = [0.0] * env.rules.players
    while not env.hand_state.is_over:
        before = env.hand_state
        for agent in env.agents:
            assert space.contains(env.observe(agent)["observation"])
        env.step(_quick_action(env, rng))
        after = env.hand_state
        rewards = [env.rewards[a] for a in env.possible_agents]
        if not after.is_over:
            gained = [a - b for a, b in zip(after.play_points, before.play_points, strict=True)]
            if env.reward_mode is pz.Reward.POINTS:
                assert rewards == [float(g) for g in gained]
            else:
                assert sum(rewards) == pytest.approx(0.0)
                assert all((r > 0) == (g > 0) for r, g in zip(rewards, gained, strict=True))
        paid = [p + r for p, r in zip(paid, rewards, strict=True)]
    for agent in env.agents:
        assert space.contains(env.observe(agent)["observation"])
    return paid


@pytest.mark.parametrize("reward", list(pz.Reward))
@pytest.mark.parametrize("name", ARMS_PRESETS)
def test_play_points_are_paid_when_scored_and_the_rest_at_the_end(
    name: str, reward: pz.Reward
) -> None:
    """A play that scores pays its side at once (PLAY-1 to PLAY-3); the hand's last step
    pays the rest of its result, so the rewards of a hand add up to `hand_rewards`."""
    env = pz.raw_env(name, reward=reward)
    rng = random.Random(name)
    scored = 0
    for seed in range(3):
        paid = _hand_rewards_step_by_step(env, seed, rng)
        result = env.hand_state.result
        assert result is not None
        scored += sum(result.play_points)
        assert paid == pytest.approx(list(pz.hand_rewards(env.rules, result, reward)))
        assert all(env.terminations.values())
    if env.rules.play_scoring is not PlayScoring.NONE:
        assert scored > 0  # (the hands played did score on play)


@settings(max_examples=12, deadline=None, derandomize=True, database=None)
@given(spinner_rulesets(), st.integers(min_value=0, max_value=2**16))
def test_random_arms_rulesets_play_within_their_observation_space(
    rules: Ruleset, seed: int
) -> None:
    env = pz.raw_env(rules)
    paid = _hand_rewards_step_by_step(env, seed, random.Random(seed))
    result = env.hand_state.result
    assert result is not None
    assert paid == pytest.approx(list(pz.hand_rewards(rules, result)))


@pytest.mark.parametrize("name", ["sebastopol", "block"])
def test_the_agent_selected_after_the_hand_is_the_next_in_playing_order(name: str) -> None:
    """Rule TURN-1: counter-clockwise, the seat after the one that ended the hand is
    the one before it in seat order."""
    rules = attrs.evolve(Ruleset.preset(name), players=4, direction=Direction.COUNTER_CLOCKWISE)
    env = pz.raw_env(rules)
    rng = random.Random(4)
    env.reset(seed=4)
    while not env.hand_state.is_over:
        seat = env.hand_state.turn
        env.step(_quick_action(env, rng))
    assert env.agent_selection == env.possible_agents[(seat - 1) % 4]
    assert env.agent_selection == env.possible_agents[rules.seat_after(seat)]


@pytest.mark.parametrize("reward", list(pz.Reward))
def test_a_concession_pays_what_the_plays_have_not(reward: pz.Reward) -> None:
    """CONCEDE-1 in a game that scores on play: the concession pays the rest of the
    result, so the hand's rewards still add up to `hand_rewards`."""
    env = pz.raw_env("all-fives", reward=reward)
    rng = random.Random(6)
    conceded = 0
    for seed in range(6):
        env.reset(seed=seed)
        paid = [0.0, 0.0]
        for _ in range(rng.randrange(4, 12)):
            if env.hand_state.is_over:
                break
            env.step(_quick_action(env, rng))
            paid = [p + env.rewards[a] for p, a in zip(paid, env.possible_agents, strict=True)]
        if env.hand_state.is_over:
            continue
        env.concede(env.possible_agents[seed % 2])
        conceded += 1
        paid = [p + env.rewards[a] for p, a in zip(paid, env.possible_agents, strict=True)]
        result = env.hand_state.result
        assert result is not None
        assert paid == pytest.approx(list(pz.hand_rewards(env.rules, result, reward)))
    assert conceded > 2
