"""Speed for bots: playouts, rollouts and world sampling, against the reference loop.

Measured in one run on one machine, so that the ratios compare like with like:

(a) random playouts through the public API (``Deal.random``, ``HandState.start``,
    ``legal_moves()`` + ``apply()``) against the speed-of-light reference loop of
    ``shared/bench/speed_of_light.py`` (loaded by ``benchmarks/playout.py``), for
    4-player partnership Block and 2-player Block;
(b) ``dominoes.agents.rollout`` (random moves take the ``random_playout`` fast path;
    greedy ones the public API) against the same reference: from a fresh deal each
    time, and from one fixed start state (as a search does);
(c) the cost of ``Sampler.sample`` against one random playout from the same
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
    rollout_hands,
)

from dominoes import Deal, HandState, Ruleset, sampling
from dominoes.agents import rollout

BLOCK_4P = Ruleset.block(players=4, partnership=True)
BLOCK_2P = Ruleset.block(players=2)
DRAW_2P = Ruleset.draw(players=2)


def best(run: Callable[[int], float], repeat: int, seed: int) -> float:
    """The best of ``repeat`` runs (each with its own seed)."""
    return max(run(seed + k) for k in range(repeat))


# ---------------------------------------------------------------- (b) rollouts


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
) -> dict[str, float]:
    """From the state at ``phase`` of random hands (a fraction of the hand's moves; the
    lead is always made), observed by the seat to move, the mean seconds of:
    ``observation()`` ("obs"); the observation and its first sample, which builds the
    model ("first"); each further sample ("sample"); one random playout from that state
    to the end ("rest"); one random playout of the whole hand from its deal ("hand").
    Last, the medians over the hands of sample/hand and sample/rest, which a preempted
    measurement cannot swing."""
    rng = random.Random(seed)
    times: dict[str, list[float]] = {k: [] for k in ("obs", "first", "sample", "rest", "hand")}
    clock = time.perf_counter
    for _ in range(hands):
        states = random_hand(rules, rng)
        k = min(max(1, int(phase * (len(states) - 1))), len(states) - 2)
        state = states[k]
        seat = state.turn
        t0 = clock()
        obs = state.observation(seat)
        t1 = clock()
        sampler = sampling.Sampler(obs)
        sampler.sample(rng)
        t2 = clock()
        times["obs"].append(t1 - t0)
        times["first"].append(t2 - t0)
        for key, run in (
            ("sample", partial(sampler.sample, rng)),
            ("rest", partial(rollout, state, rng)),
            ("hand", partial(rollout, states[0], rng)),
        ):
            t0 = clock()
            for _ in range(per_state):
                run()
            times[key].append((clock() - t0) / per_state)
    out = {key: statistics.fmean(values) for key, values in times.items()}
    pairs = zip(times["sample"], times["hand"], times["rest"], strict=True)
    ratios = [(s / h, s / r) for s, h, r in pairs]
    out["sample/hand"] = statistics.median(a for a, _ in ratios)
    out["sample/rest"] = statistics.median(b for _, b in ratios)
    return out


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


def openspiel_section(hands: int, repeat: int, seed: int) -> dict[str, tuple[float, float, bool]]:
    """Print (and return) our random playouts against OpenSpiel's python games."""
    print("\n(d) OpenSpiel random playouts against ours (same rules: presets openspiel-*)")
    figures: dict[str, tuple[float, float, bool]] = {}
    try:
        pyspiel = importlib.import_module("pyspiel")
        importlib.import_module("open_spiel.python.games")  # registers the python games
    except ImportError:
        print("    pyspiel is not installed: skipped. Install the bench extra")
        print('    (pip install -e ".[bench]": open_spiel has wheels for Linux and macOS).')
        return figures
    print("    ours: the public API (legal_moves + apply) and agents.rollout, from fresh deals")
    print(
        f"    {'game':24} {'OpenSpiel h/s':>14} {'API h/s':>10} {'API/OS':>7} "
        f"{'rollout h/s':>12} {'rollout/OS':>11}"
    )
    for name, preset in (
        ("python_block_dominoes", "openspiel-block"),
        ("python_team_dominoes", "openspiel-team"),
    ):
        game = pyspiel.load_game(name)
        n = max(1, hands // 10)  # OpenSpiel's python games are slow: fewer hands
        theirs = best(partial(openspiel_hands, game, n), repeat, seed)
        rules = Ruleset.preset(preset)
        ours = best(partial(library_hands, rules, hands), repeat, seed)
        fast = best(partial(rollout_hands, rules, hands), repeat, seed)
        print(
            f"    {name:24} {theirs:14.0f} {ours:10.0f} {ours / theirs:7.1f} "
            f"{fast:12.0f} {fast / theirs:11.1f}"
        )
        figures[f"rollout vs OpenSpiel {name} (x)"] = (fast / theirs, 10.0, True)
        figures[f"public API vs OpenSpiel {name} (x)"] = (ours / theirs, 10.0, True)
    return figures


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
    ap.add_argument(
        "--plot", type=Path, default=None, help="write an SVG chart of the figures against targets"
    )
    a = ap.parse_args(argv)
    figures: dict[str, tuple[float, float, bool]] = {}  # name -> (figure, target, higher better)
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
        figures[f"public API, {name} (x reference)"] = (ratio, target, True)

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
            run = partial(rollout_hands, rules, a.hands)
        else:
            run = partial(rollout_from_state, rules, a.hands, greedy="greedy" in name)
        hps = best(run, a.repeat, a.seed)
        print(f"    {name:44} {hps:12.0f} {hps / refs[players]:6.2f} {goal:>7}")
        if goal:
            figures[f"rollout, {name} (x reference)"] = (hps / refs[players], float(goal), True)

    print("\n(c) Sampler.sample against one random playout of the same hand")
    print(f"    ({a.positions} hands per row; the seat to move observes; times are means in us;")
    print("    'hand' is a random playout of the whole hand from its deal, 'rest' one from the")
    print("    observed state to the end; ratios are medians over the hands)")
    header = (
        f"    {'case':22} {'phase':6} {'obs':>6} {'obs+1st':>8} {'sample':>7} "
        f"{'hand':>6} {'rest':>6} {'sample/hand':>12} {'sample/rest':>12}"
    )
    print(header)
    per_state = 5 if a.quick else 20
    worst = 0.0
    for name, rules in (
        ("2-player Block", BLOCK_2P),
        ("4p partnership Block", BLOCK_4P),
        ("2-player Draw", DRAW_2P),
    ):
        for phase, where in PHASES.items():
            c = sample_costs(rules, where, a.positions, per_state, a.seed)
            worst = max(worst, c["sample/hand"])
            print(
                f"    {name:22} {phase:6} {c['obs'] * 1e6:6.0f} {c['first'] * 1e6:8.0f} "
                f"{c['sample'] * 1e6:7.1f} {c['hand'] * 1e6:6.1f} {c['rest'] * 1e6:6.1f} "
                f"{c['sample/hand']:12.2f} {c['sample/rest']:12.2f}"
            )
    figures["sample / playout of the hand (worst row; at most 1)"] = (worst, 1.0, False)

    figures.update(openspiel_section(a.hands, a.repeat, a.seed))
    if a.plot is not None:
        plot(figures, a.plot)
    return 0


def plot(figures: dict[str, tuple[float, float, bool]], path: Path) -> None:
    """A bar chart of every figure as a multiple of its target (1 = just met; for a
    figure where lower is better, the target divided by the figure)."""
    import matplotlib  # noqa: PLC0415 (optional: only for --plot)

    matplotlib.use("svg")
    import matplotlib.pyplot as plt  # noqa: PLC0415

    matplotlib.rcParams["svg.fonttype"] = "none"
    names = list(figures)
    scores = [v / t if higher else t / v for v, t, higher in figures.values()]
    labels = [
        f"{name}: {v:.2f} (target {'>=' if higher else '<='} {t:g})"
        for name, (v, t, higher) in figures.items()
    ]
    fig, ax = plt.subplots(figsize=(9, 0.5 * len(names) + 1.2))
    colors = ["#2e7d32" if s >= 1 else "#c62828" for s in scores]
    ax.barh(range(len(names)), scores, color=colors)
    ax.axvline(1.0, color="black", linewidth=1)
    ax.set_yticks(range(len(names)), labels, fontsize=8)
    ax.invert_yaxis()
    ax.set_xlabel("figure as a multiple of its target (right of the line: met)")
    ax.set_title("benchmarks/bot_speed.py: every figure against its target, one run")
    fig.tight_layout()
    fig.savefig(path, format="svg", metadata={"Date": None})
    print(f"\nplot written to {path}")


if __name__ == "__main__":
    raise SystemExit(main())
