"""The batched engine (`dominoes.batch.Batch`) in random play, against the speed-of-light
reference loops of ``shared/bench/speed_of_light.py`` (the line games) and
``shared/bench/speed_of_light_spinner.py`` (All Fives) in the same run.

For each game it prints what one deal costs (`Batch.reset` of 2048 hands, all dealt
together in numpy, after a warm-up), then by batch size (1, 64, 1024, 8192 and 16384 by
default) a batch with autoreset plays uniform random legal actions through the fast path,
`Batch.step_random` (it samples and applies in one go: the actions of
`Batch.sample_legal`, the results of `Batch.step`), for ``--seconds`` on one core: the
hands finished per second (the deals of the next hands included: a batch deals the next
deals of many hands at once), the hand-steps per second, the hands per second of play
alone (the deals' time taken out: an estimate), the memory per hand (`Batch.nbytes`) and
the ratio of the hands per second to the reference loop's (run before and after the
batches, the better of the two). The target of issue 16: 10 times the reference on
4-player partnership Block at the best batch size. The spinner family is measured on All
Fives for 2 players (7 tiles each) and 4 (5 each), the reference's game
(`benchmarks/spinner.py`'s ruleset: seat 0 leads any tile), against the spinner
reference; no target is set for it, the ratio is printed.

usage: python benchmarks/batch.py [--sizes 1,64,1024,8192,16384] [--seconds S] [--hands N]
       [--seed S] [--reference PATH] [--spinner-reference PATH] [--games line,spinner]
"""

from __future__ import annotations

import argparse
import functools
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np
from playout import DEFAULT_REFERENCE, load_reference, reference_hands
from spinner import SPINNER, all_fives
from spinner import reference_hands as spinner_reference_hands

from dominoes import Ruleset
from dominoes.batch import Batch

TARGET = 10.0
CASES = [
    ("4-player partnership Block", Ruleset.block(players=4, partnership=True), 4, True),
    ("2-player Block", Ruleset.block(players=2), 2, False),
]
SPINNER_CASES = [("2-player All Fives", all_fives(2), 2), ("4-player All Fives", all_fives(4), 4)]


def deal_seconds(rules: Ruleset, seed: int, hands: int = 2048) -> float:
    """Seconds per hand of `Batch.reset` (every hand dealt together), after a warm-up."""
    Batch(rules, size=1).reset(seed)  # (the ruleset's tables are built once)
    batch = Batch(rules, size=hands)
    t0 = time.perf_counter()
    batch.reset(seed)
    return (time.perf_counter() - t0) / hands


def batch_rates(
    rules: Ruleset, size: int, seconds: float, seed: int, deal: float
) -> dict[str, float]:
    """Hands/s, steps/s, hands/s of play alone (``deal``: seconds per deal) and bytes
    per hand of random play at ``size``."""
    batch = Batch(rules, size=size, autoreset=True)
    batch.reset(seed)
    rng = np.random.default_rng(seed)
    hands = steps = 0
    t0 = time.perf_counter()
    while True:
        _, _, done = batch.step_random(rng)
        steps += 1
        hands += int(done.sum())
        elapsed = time.perf_counter() - t0
        if elapsed >= seconds and steps >= 3:
            break
    rate = hands / elapsed
    play = elapsed - hands * deal
    return {
        "hands": rate,
        "steps": steps * size / elapsed,
        "play_hands": hands / play if play > 0 else float("nan"),
        "bytes": batch.nbytes / size,
    }


def report(
    name: str,
    rules: Ruleset,
    reference: Callable[[int], float],
    a: argparse.Namespace,
    target: float | None,
) -> None:
    """Measure one game at every batch size and print its table (``reference(seed)``:
    the reference loop's hands per second, run before and after the batches)."""
    sizes = [int(s) for s in a.sizes.split(",")]
    before = reference(a.seed)
    deal = deal_seconds(rules, a.seed)
    rows = [(size, batch_rates(rules, size, a.seconds, a.seed, deal)) for size in sizes]
    best_reference = max(before, reference(a.seed + 1))
    print(
        f"{name}: reference loop {best_reference:,.0f} hands/s; "
        f"one deal (Batch.reset) {deal * 1e6:.1f} us"
    )
    print(
        f"  {'batch':>6} {'hands/s':>10} {'steps/s':>12} "
        f"{'play hands/s':>13} {'bytes/hand':>11} {'ratio':>6}"
    )
    for size, r in rows:
        print(
            f"  {size:>6} {r['hands']:>10,.0f} {r['steps']:>12,.0f} "
            f"{r['play_hands']:>13,.0f} {r['bytes']:>11,.0f} {r['hands'] / best_reference:>6.2f}"
        )
    best = max(r["hands"] for _, r in rows)
    aim = f"target {target:.0f}" if target is not None else "no target set"
    print(f"  best ratio {best / best_reference:.2f} ({aim})\n")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", default="1,64,1024,8192,16384")
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--hands", type=int, default=20_000, help="hands of the reference loops")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--reference", type=Path, default=DEFAULT_REFERENCE)
    ap.add_argument("--spinner-reference", type=Path, default=SPINNER.default_reference())
    ap.add_argument("--games", default="line,spinner", help="line, spinner or both")
    a = ap.parse_args()
    games = a.games.split(",")
    if "line" in games:
        ref = load_reference(a.reference)
        for name, rules, players, _partnership in CASES:
            report(
                name,
                rules,
                functools.partial(reference_hands, ref, players, 7, a.hands),
                a,
                TARGET,
            )
    if "spinner" in games:
        spinner_ref = load_reference(a.spinner_reference)
        for name, rules, players in SPINNER_CASES:
            report(
                name,
                rules,
                functools.partial(spinner_reference_hands, spinner_ref, players, a.hands),
                a,
                None,
            )


if __name__ == "__main__":
    main()
