"""Random playouts through the public API, against the speed-of-light reference loop.

Plays random hands with ``legal_moves()`` + ``apply()`` (every move checked for
legality by ``apply``) and, in the same run, the reference loop of
``shared/bench/speed_of_light.py``; prints hands/s for both and their ratio for
4-player partnership Block and 2-player Block. The two loops take turns, ``--repeat``
rounds of one run each, so that each round sees the machine as the other does; it prints
the best run of each, the ratio of the bests, and the median of the rounds' own ratios
(the figure a busy machine moves least). The target is the floor issue 12 set: 0.40.

usage: python benchmarks/playout.py [--hands N] [--repeat R] [--seed S] [--reference PATH]
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import statistics
import sys
import time
from pathlib import Path
from types import ModuleType

from dominoes import Deal, HandState, Ruleset

HERE = Path(__file__).resolve().parent
DEFAULT_REFERENCE = HERE.parent.parent / "shared" / "bench" / "speed_of_light.py"


def load_reference(path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location("speed_of_light", path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"cannot load the reference loop from {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def library_hands(rules: Ruleset, hands: int, seed: int) -> float:
    """Hands per second for random playouts through the public API."""
    rng = random.Random(seed)
    randrange = rng.randrange
    start = HandState.start
    deal = Deal.random
    t0 = time.perf_counter()
    for _ in range(hands):
        state = start(rules, deal(rules, rng=rng))
        while not state.is_over:
            moves = state.legal_moves()
            state = state.apply(moves[randrange(len(moves))])
    return hands / (time.perf_counter() - t0)


def reference_hands(ref: ModuleType, players: int, per_hand: int, hands: int, seed: int) -> float:
    """Hands per second for the reference loop."""
    tiles, suit = ref.build()
    rng = random.Random(seed)
    t0 = time.perf_counter()
    for _ in range(hands):
        ref.play(rng, tiles, suit, players, per_hand)
    return hands / (time.perf_counter() - t0)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=20000)
    ap.add_argument("--repeat", type=int, default=3, help="rounds of one run of each loop")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--reference", type=Path, default=DEFAULT_REFERENCE)
    a = ap.parse_args(argv)
    ref = load_reference(a.reference)
    cases = [
        ("4-player partnership Block", Ruleset.block(players=4, partnership=True), 4, 7, 0.40),
        ("2-player Block", Ruleset.block(players=2), 2, 7, 0.40),
    ]
    print(f"python {sys.version.split()[0]}, {a.hands} hands per run, {a.repeat} rounds")
    print(
        f"{'case':28} {'library h/s':>12} {'reference h/s':>14} {'ratio':>6} "
        f"{'median':>7} {'target':>7}"
    )
    for name, rules, players, per_hand, target in cases:
        libs, refs = [], []
        for k in range(a.repeat):
            libs.append(library_hands(rules, a.hands, a.seed + k))
            refs.append(reference_hands(ref, players, per_hand, a.hands, a.seed + k))
        median = statistics.median(x / y for x, y in zip(libs, refs, strict=True))
        best = max(libs) / max(refs)
        print(
            f"{name:28} {max(libs):12.0f} {max(refs):14.0f} {best:6.2f} {median:7.2f} {target:7.2f}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
