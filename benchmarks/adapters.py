"""RL loops through the adapters, against the speed-of-light reference loop.

Measured in one run on one machine, for 2-player Block, in hands per second:

(a) PettingZoo: ``env(rules)`` (the wrapped environment), ``reset(seed=...)`` for every
    hand, then for every turn of ``agent_iter()`` the agent's ``last()`` (its
    ``observe``: the observation vector and the action mask) and ``step`` with a
    random legal action (``None`` for an agent whose hand is over), as a training loop
    does;
(b) OpenSpiel: ``load_game(rules)`` and, from ``new_initial_state()``, every chance
    node sampled from ``chance_outcomes()`` and, at every decision node,
    ``legal_actions()``, the mover's ``observation_tensor`` and ``apply_action`` with a
    random legal action (what an agent acting from observations does);
(c) the reference loop of ``shared/bench/speed_of_light.py`` (loaded as
    ``benchmarks/playout.py`` loads it), 2 players, 7 tiles each.

The loops take turns, ``--repeat`` rounds, each adapter loop right after a run of the
reference (on ten times the hands, for runs of similar length), so that each sees the
machine as the others do; it prints each loop's best run, its ratio to the reference's
best, and the median of the ratios of the paired runs (the figure a busy machine moves
least). It prints each loop's hands per second and its ratio to
the reference (the target is 0.04 for each); ``--profile`` prints the top of a cProfile
of each adapter loop instead, and ``--instructions`` the instructions per hand that
valgrind's callgrind counts for each loop and their ratios (as ``playout.py
--instructions`` does: a figure other work on the machine does not move).

``--preset NAME`` runs the adapter loops on a preset instead of 2-player Block (the
reference loop stays 2-player Block): ``--preset all-fives`` measures a game with a
spinner and scoring on play, whose observation vector has the parts of the arms.

usage: python benchmarks/adapters.py [--hands N] [--repeat R] [--seed S] [--reference PATH]
       [--preset NAME] [--profile] [--instructions]
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from playout import (  # the benchmarks folder is on the path (above)
    DEFAULT_REFERENCE,
    callgrind_count,
    load_reference,
    reference_hands,
)

from dominoes import Ruleset

BLOCK_2P = Ruleset.block(players=2)
TARGET = 0.04


def pettingzoo_hands(rules: Ruleset, hands: int, seed: int) -> float:
    """Hands per second for PettingZoo's agent loop with random legal actions."""
    import numpy as np  # noqa: PLC0415 (optional extra)

    from dominoes.adapters.pettingzoo import env as make_env  # noqa: PLC0415

    rng = random.Random(seed)
    randrange = rng.randrange
    flatnonzero = np.flatnonzero
    e = make_env(rules)
    t0 = time.perf_counter()
    for k in range(hands):
        e.reset(seed=seed * 1_000_003 + k)
        for _agent in e.agent_iter():
            observation, _reward, termination, truncation, _info = e.last()
            if termination or truncation:
                e.step(None)
                continue
            legal = flatnonzero(observation["action_mask"])
            e.step(int(legal[randrange(len(legal))]))
    return hands / (time.perf_counter() - t0)


def openspiel_hands(rules: Ruleset, hands: int, seed: int) -> float:
    """Hands per second for a random simulation of the OpenSpiel game with the mover's
    observation tensor at every decision."""
    from dominoes.adapters.openspiel import load_game  # noqa: PLC0415 (optional extra)

    rng = random.Random(seed)
    randrange = rng.randrange
    random_ = rng.random
    game = load_game(rules)
    t0 = time.perf_counter()
    for _ in range(hands):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                pick = random_()
                chosen = outcomes[-1][0]
                for outcome, p in outcomes:
                    pick -= p
                    if pick < 0:
                        chosen = outcome
                        break
                state.apply_action(chosen)
                continue
            legal = state.legal_actions()
            state.observation_tensor(state.current_player())
            state.apply_action(legal[randrange(len(legal))])
    return hands / (time.perf_counter() - t0)


LOOPS: dict[str, Callable[[Ruleset, int, int], float]] = {
    "PettingZoo (last + step)": pettingzoo_hands,
    "OpenSpiel (random sim + tensor)": openspiel_hands,
}


def _rules(preset: str) -> Ruleset:
    """The ruleset of the adapter loops: the preset named, or 2-player Block."""
    return Ruleset.preset(preset) if preset else BLOCK_2P


def profile(hands: int, seed: int, preset: str) -> None:
    for name, loop in LOOPS.items():
        print(f"\n--- {name}, {hands} hands")
        profiler = cProfile.Profile()
        profiler.runcall(loop, _rules(preset), hands, seed)
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(25)


def _one_loop(name: str, seed: int, hands: int, preset: str) -> None:
    """Run one loop (for ``--instructions``, in its own interpreter): a warm-up of 50
    hands, then ``hands`` more."""
    for n in (50, hands):
        if name == "reference":
            reference_hands(load_reference(DEFAULT_REFERENCE), 2, 7, n, seed)
        else:
            LOOPS[name](_rules(preset), n, seed)


def instructions(hands: int, seed: int, preset: str) -> None:
    """Print each loop's instructions per hand under callgrind, and the ratios."""
    per_hand = {
        name: callgrind_count(__file__, [name, str(seed), preset], hands) / hands
        for name in ["reference", *LOOPS]
    }
    ref = per_hand["reference"]
    game = preset or "2-player Block"
    print(f"python {sys.version.split()[0]}, {game}, {hands} hands per loop, callgrind")
    print(f"reference loop: {ref:.0f} instructions a hand")
    print(f"{'loop':34} {'per hand':>10} {'ratio':>7} {'target':>7}")
    for name in LOOPS:
        print(f"{name:34} {per_hand[name]:10.0f} {ref / per_hand[name]:7.3f} {TARGET:7.2f}")


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--_loop"]:
        name, seed, preset, count = argv[1:5]
        _one_loop(name, int(seed), int(count), preset)
        return 0
    doc = __doc__ or ""
    ap = argparse.ArgumentParser(description=doc.splitlines()[0])
    ap.add_argument("--hands", type=int, default=1000, help="hands per timed adapter run")
    ap.add_argument("--repeat", type=int, default=5, help="best of R runs of each loop")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--reference", type=Path, default=DEFAULT_REFERENCE)
    ap.add_argument("--preset", default="", help="the adapter loops' preset (2-player Block)")
    ap.add_argument("--profile", action="store_true", help="profile each adapter loop")
    ap.add_argument("--instructions", action="store_true", help="count under callgrind")
    a = ap.parse_args(argv)
    if a.instructions:
        instructions(a.hands, a.seed, a.preset)
        return 0
    if a.profile:
        profile(a.hands, a.seed, a.preset)
        return 0
    rules = _rules(a.preset)
    ref = load_reference(a.reference)
    runs: dict[str, list[float]] = {name: [] for name in ["reference", *LOOPS]}
    for k in range(a.repeat):
        seed = a.seed + k
        for name, loop in LOOPS.items():
            # the reference runs beside each loop, so that each ratio is of one moment
            runs["reference"].append(reference_hands(ref, 2, 7, 10 * a.hands, seed))
            runs[name].append(loop(rules, a.hands, seed))
    refs = max(runs["reference"])
    game = a.preset or "2-player Block"
    print(f"python {sys.version.split()[0]}, {game}, {a.hands} hands per adapter run,")
    print(f"best of {a.repeat} rounds; reference loop: {refs:.0f} hands/s")
    print(f"{'loop':34} {'hands/s':>9} {'ratio':>7} {'median':>7} {'target':>7}")
    for j, name in enumerate(LOOPS):
        paired = runs["reference"][j :: len(LOOPS)]
        median = statistics.median(x / y for x, y in zip(runs[name], paired, strict=True))
        best = max(runs[name])
        print(f"{name:34} {best:9.0f} {best / refs:7.3f} {median:7.3f} {TARGET:7.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
