"""Random Mexican Train hands through the public API and ``agents.rollout``, against the
train family's speed-of-light reference loop.

Plays random hands of Mexican Train (double-12, the 12-12 engine set aside, 15 tiles each
for 4 players, a train each and the public Mexican train, markers, doubles satisfied
oldest first, one draw, seat 0 first; the first-turn run off, as the reference loop plays
none) with ``legal_moves()`` + ``apply()`` (every move checked by ``apply``), and with
``agents.rollout`` from ``HandState.start``, and, in the same run, the reference loop of
``shared/bench/speed_of_light_trains.py``, for 4 players (and 2 with ``--players 2``). The
loops take turns, ``--repeat`` rounds; it prints the best run of each, the ratio of the
bests and the median of the rounds' own ratios. The targets are those of issue 14: 0.30
for the public API, 0.60 for rollouts.

``--instructions`` counts under valgrind's callgrind instead, as ``benchmarks/spinner.py
--instructions`` does (a fresh interpreter per loop, ``--hands`` hands after a warm-up of
``--warmup``, less the same run with none).

usage: python benchmarks/trains.py [--hands N] [--repeat R] [--seed S] [--players P]
       [--reference PATH] [--instructions] [--warmup W]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

sys.path.insert(0, str(Path(__file__).resolve().parent))

from playout import (  # the benchmarks folder
    callgrind_count,
    library_hands,
    load_reference,
    rollout_hands,
)

from dominoes import Ruleset

HERE = Path(__file__).resolve().parent
REFERENCE_NAME = Path("shared") / "bench" / "speed_of_light_trains.py"
# beside the repository (../shared/bench/), or beside a folder above it (a git worktree)
DEFAULT_REFERENCE = next(
    (d / REFERENCE_NAME for d in HERE.parents[1:] if (d / REFERENCE_NAME).exists()),
    HERE.parent.parent / REFERENCE_NAME,
)
TARGETS = {"public API": 0.30, "rollout": 0.60}


def mexican_train(players: int) -> Ruleset:
    """The reference loop's game: Mexican Train without first-turn runs."""
    return Ruleset.preset("mexican-train", players=players, first_turn_run=False)


def reference_hands(ref: ModuleType, players: int, hands: int, seed: int) -> float:
    """Hands per second for the reference loop (doubles satisfied, no checks)."""
    tiles, suit, engine = ref.build()
    per_hand = ref.DEAL[players]
    rng = random.Random(seed)
    t0 = time.perf_counter()
    for _ in range(hands):
        ref.play(rng, tiles, suit, engine, players, per_hand, False, False)
    return hands / (time.perf_counter() - t0)


LOOPS: dict[str, Callable[[Ruleset, int, int], float]] = {
    "public API": library_hands,
    "rollout": rollout_hands,
}


def _one_loop(
    which: str, players: int, hands: int, seed: int, reference: Path, warmup: int
) -> None:
    """Run one loop (for ``--instructions``, in its own interpreter): a warm-up of
    ``warmup`` hands, then ``hands`` more."""
    rules = mexican_train(players)
    ref = load_reference(reference)
    for n in (warmup, hands):
        if which == "reference":
            reference_hands(ref, players, n, seed)
        else:
            LOOPS[which](rules, n, seed)


def instructions(players: int, hands: int, seed: int, reference: Path, warmup: int) -> int:
    print(f"python {sys.version.split()[0]}, {hands} hands per loop after {warmup}, callgrind")
    print(f"{'case':36} {'library/hand':>13} {'reference/hand':>15} {'ratio':>6} {'target':>7}")
    args = [str(players), str(seed), str(reference), str(warmup)]
    ref = callgrind_count(__file__, ["reference", *args], hands) / hands
    for name in LOOPS:
        lib = callgrind_count(__file__, [name, *args], hands) / hands
        case = f"{players}-player Mexican Train, {name}"
        print(f"{case:36} {lib:13.0f} {ref:15.0f} {ref / lib:6.2f} {TARGETS[name]:7.2f}")
    return 0


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--_loop"]:
        which, players, seed, reference, warmup, count = argv[1:7]
        _one_loop(which, int(players), int(count), int(seed), Path(reference), int(warmup))
        return 0
    doc = __doc__ or ""
    ap = argparse.ArgumentParser(description=doc.splitlines()[0])
    ap.add_argument("--hands", type=int, default=500)
    ap.add_argument("--repeat", type=int, default=5, help="rounds of one run of each loop")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--reference", type=Path, default=DEFAULT_REFERENCE)
    ap.add_argument("--instructions", action="store_true", help="count under callgrind")
    ap.add_argument("--warmup", type=int, default=50, help="hands before the count")
    a = ap.parse_args(argv)
    if a.instructions:
        return instructions(a.players, a.hands, a.seed, a.reference, a.warmup)
    ref = load_reference(a.reference)
    rules = mexican_train(a.players)
    print(f"python {sys.version.split()[0]}, {a.hands} hands per run, {a.repeat} rounds")
    print(
        f"{'case':36} {'library h/s':>12} {'reference h/s':>14} {'ratio':>6} "
        f"{'median':>7} {'target':>7}"
    )
    for name, loop in LOOPS.items():
        libs, refs = [], []
        for k in range(a.repeat):
            libs.append(loop(rules, a.hands, a.seed + k))
            refs.append(reference_hands(ref, a.players, a.hands, a.seed + k))
        median = statistics.median(x / y for x, y in zip(libs, refs, strict=True))
        best = max(libs) / max(refs)
        case = f"{a.players}-player Mexican Train, {name}"
        print(
            f"{case:36} {max(libs):12.0f} {max(refs):14.0f} {best:6.2f} {median:7.2f} "
            f"{TARGETS[name]:7.2f}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
