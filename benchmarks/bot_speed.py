"""Speed for bots: playouts, rollouts and world sampling, against the reference loop.

Measured in one run on one machine, so that the ratios compare like with like:

(a) random playouts through the public API (``Deal.random``, ``HandState.start``,
    ``legal_moves()`` + ``apply()``) against the speed-of-light reference loop of
    ``shared/bench/speed_of_light.py`` (loaded by ``benchmarks/playout.py``), for
    4-player partnership Block and 2-player Block;
(b) ``dominoes.agents.rollout`` (random moves take the ``random_playout`` fast path;
    greedy ones the public API) against the same reference: from a fresh deal each
    time, and from one fixed start state (as a search does);
(c) the cost of ``Observation.sample`` against one random playout from the same
    state: the observation plus its first sample (which builds the model), each
    further sample, and a random playout to the end, at early, middle and late
    positions of 2-player Block, 4-player partnership Block and 2-player Draw;
(d) OpenSpiel's ``python_block_dominoes`` and ``python_team_dominoes`` random
    playouts against ours under the matching presets, when ``pyspiel`` is installed.

No figure is asserted: the script prints them.

usage: python benchmarks/bot_speed.py [--hands N] [--repeat R] [--quick] [--seed S]
"""

from __future__ import annotations

import argparse
import importlib
import random
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from playout import (  # the benchmarks folder is on the path (above)
    DEFAULT_REFERENCE,
    library_hands,
    load_reference,
    reference_hands,
)

from dominoes import Deal, HandState, Ruleset
from dominoes.agents import rollout

BLOCK_4P = Ruleset.block(players=4, partnership=True)
BLOCK_2P = Ruleset.block(players=2)
DRAW_2P = Ruleset.draw(players=2)


def best(run: Callable[[int], float], repeat: int, seed: int) -> float:
    """The best of ``repeat`` runs (each with its own seed)."""
    return max(run(seed + k) for k in range(repeat))


# ---------------------------------------------------------------- (b) rollouts


def rollout_from_deals(rules: Ruleset, hands: int, seed: int) -> float:
    """Hands per second: a fresh deal, ``HandState.start``, then ``rollout``."""
    rng = random.Random(seed)
    start = HandState.start
    deal = Deal.random
    t0 = time.perf_counter()
    for _ in range(hands):
        rollout(start(rules, deal(rules, rng=rng)), rng)
    return hands / (time.perf_counter() - t0)


def rollout_from_state(rules: Ruleset, hands: int, seed: int, greedy: bool = False) -> float:
    """Hands per second: ``rollout`` again and again from one start state."""
    rng = random.Random(seed)
    state = HandState.start(rules, Deal.random(rules, seed=seed))
    t0 = time.perf_counter()
    for _ in range(hands):
        rollout(state, rng, greedy=greedy)
    return hands / (time.perf_counter() - t0)


# ---------------------------------------------------------------- (c) sampling


def random_hand(rules: Ruleset, rng: random.Random) -> list[HandState]:
    state = HandState.start(rules, Deal.random(rules, rng=rng))
    states = [state]
    while not state.is_over:
        moves = state.legal_moves()
        state = state.apply(moves[rng.randrange(len(moves))])
        states.append(state)
    return states


PHASES = {"early": 0.1, "mid": 0.5, "late": 0.8}


def sample_costs(
    rules: Ruleset, phase: float, hands: int, per_state: int, seed: int
) -> tuple[float, float, float, float, float]:
    """From the state at ``phase`` of random hands (a fraction of the hand's moves; the
    lead is always made), observed by the seat to move, the mean seconds of:
    ``observation()``; the observation and its first sample (which builds the
    model); each further sample; one random playout to the end (``rollout``). Last,
    the median over the hands of (sample time / playout time), which a preempted
    measurement cannot swing."""
    rng = random.Random(seed)
    obs_t: list[float] = []
    first_t: list[float] = []
    sample_t: list[float] = []
    playout_t: list[float] = []
    clock = time.perf_counter
    for _ in range(hands):
        states = random_hand(rules, rng)
        k = min(max(1, int(phase * (len(states) - 1))), len(states) - 2)
        state = states[k]
        seat = state.turn
        t0 = clock()
        obs = state.observation(seat)
        t1 = clock()
        obs.sample(rng)
        t2 = clock()
        obs_t.append(t1 - t0)
        first_t.append(t2 - t0)
        t0 = clock()
        for _ in range(per_state):
            obs.sample(rng)
        sample_t.append((clock() - t0) / per_state)
        t0 = clock()
        for _ in range(per_state):
            rollout(state, rng)
        playout_t.append((clock() - t0) / per_state)
    mean = statistics.fmean
    ratio = statistics.median(s / p for s, p in zip(sample_t, playout_t, strict=True))
    return mean(obs_t), mean(first_t), mean(sample_t), mean(playout_t), ratio


# ---------------------------------------------------------------- (d) OpenSpiel


def openspiel_hands(game: object, hands: int, seed: int) -> float:
    """Hands per second of random playouts of an OpenSpiel game (chance nodes drawn
    with their probabilities)."""
    rng = random.Random(seed)
    choice = rng.choice
    t0 = time.perf_counter()
    for _ in range(hands):
        state = game.new_initial_state()  # type: ignore[attr-defined]
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(actions, probs)[0])
            else:
                state.apply_action(choice(state.legal_actions()))
    return hands / (time.perf_counter() - t0)


def openspiel_section(hands: int, repeat: int, seed: int) -> None:
    print("\n(d) OpenSpiel random playouts against ours (same rules: presets openspiel-*)")
    try:
        pyspiel = importlib.import_module("pyspiel")
        importlib.import_module("open_spiel.python.games")  # registers the python games
    except ImportError:
        print("    pyspiel is not installed: skipped. Install it with `pip install open_spiel`")
        print("    (binary wheels for Linux and macOS) and run again.")
        return
    print(f"    {'game':24} {'OpenSpiel h/s':>14} {'ours h/s':>10} {'ours/OpenSpiel':>15}")
    for name, preset in (
        ("python_block_dominoes", "openspiel-block"),
        ("python_team_dominoes", "openspiel-team"),
    ):
        game = pyspiel.load_game(name)
        n = max(1, hands // 10)  # OpenSpiel's python games are slow: fewer hands
        theirs = best(partial(openspiel_hands, game, n), repeat, seed)
        ours = best(partial(library_hands, Ruleset.preset(preset), hands), repeat, seed)
        print(f"    {name:24} {theirs:14.0f} {ours:10.0f} {ours / theirs:15.1f}")


# ---------------------------------------------------------------- main


def main(argv: list[str] | None = None) -> int:
    doc = __doc__ or ""
    ap = argparse.ArgumentParser(description=doc.splitlines()[0])
    ap.add_argument("--hands", type=int, default=20000, help="hands per timed run")
    ap.add_argument("--repeat", type=int, default=3, help="best of R runs of each loop")
    ap.add_argument("--positions", type=int, default=100, help="hands per sampling case")
    ap.add_argument("--quick", action="store_true", help="few hands, one run: a smoke test")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--reference", type=Path, default=DEFAULT_REFERENCE)
    a = ap.parse_args(argv)
    if a.quick:
        a.hands, a.repeat, a.positions = min(a.hands, 2000), 1, min(a.positions, 8)
    ref = load_reference(a.reference)
    print(f"python {sys.version.split()[0]}, {a.hands} hands per run, best of {a.repeat}")

    refs = {
        players: best(partial(reference_hands, ref, players, 7, a.hands), a.repeat, a.seed)
        for players in (4, 2)
    }

    print("\n(a) public API playouts (legal_moves + apply) against the reference loop")
    print(f"    {'case':28} {'library h/s':>12} {'reference h/s':>14} {'ratio':>6} {'target':>7}")
    for name, rules, players, target in (
        ("4-player partnership Block", BLOCK_4P, 4, 0.40),
        ("2-player Block", BLOCK_2P, 2, 0.35),
    ):
        lib = best(partial(library_hands, rules, a.hands), a.repeat, a.seed)
        ratio = lib / refs[players]
        print(f"    {name:28} {lib:12.0f} {refs[players]:14.0f} {ratio:6.2f} {target:7.2f}")

    print("\n(b) agents.rollout against the reference loop")
    print(f"    {'case':44} {'rollout h/s':>12} {'ratio':>6} {'target':>7}")
    for name, rules, players, goal in (
        ("4p partnership Block, from a fresh deal", BLOCK_4P, 4, "0.60"),
        ("4p partnership Block, from one start state", BLOCK_4P, 4, ""),
        ("4p partnership Block, greedy, from one state", BLOCK_4P, 4, ""),
        ("2-player Block, from a fresh deal", BLOCK_2P, 2, ""),
        ("2-player Block, from one start state", BLOCK_2P, 2, ""),
    ):
        if "fresh" in name:
            run = partial(rollout_from_deals, rules, a.hands)
        else:
            run = partial(rollout_from_state, rules, a.hands, greedy="greedy" in name)
        hps = best(run, a.repeat, a.seed)
        print(f"    {name:44} {hps:12.0f} {hps / refs[players]:6.2f} {goal:>7}")

    print("\n(c) Observation.sample against one random playout from the same state")
    print(f"    ({a.positions} hands per row; the seat to move observes; times are means in us)")
    header = (
        f"    {'case':22} {'phase':6} {'obs':>6} {'obs+1st':>8} {'sample':>7} "
        f"{'playout':>8} {'sample/playout':>15} {'median ratio':>13}"
    )
    print(header)
    per_state = 5 if a.quick else 20
    for name, rules in (
        ("2-player Block", BLOCK_2P),
        ("4p partnership Block", BLOCK_4P),
        ("2-player Draw", DRAW_2P),
    ):
        for phase, where in PHASES.items():
            obs_s, first, each, play, ratio = sample_costs(
                rules, where, a.positions, per_state, a.seed
            )
            print(
                f"    {name:22} {phase:6} {obs_s * 1e6:6.0f} {first * 1e6:8.0f} "
                f"{each * 1e6:7.0f} {play * 1e6:8.0f} {each / play:15.2f} {ratio:13.2f}"
            )

    openspiel_section(a.hands, a.repeat, a.seed)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
