"""Per-move cost of ``apply`` across long hands: is it flat?

Plays random hands of an 8-player double-18 Draw game (15 tiles each, 70 in the
boneyard, a few hundred moves a hand), times every ``apply`` on its own and
summarises the times by move number in buckets (moves 0-24, 25-49, ...: the median,
and the mean in the summary), split by the kind of
move (plays on an open end take the fast path; the lead, draws and passes the
general one). The garbage collector is off while timing. A flat column per
kind says that ``apply`` costs the same late in a hand as early (the state shares
its history and line of play with the state before it instead of copying them).

The clock's own overhead (two ``perf_counter_ns`` calls) is measured and taken off.

usage: python benchmarks/apply_cost.py [--hands N] [--bucket B] [--quick] [--plot FILE.svg]
"""

from __future__ import annotations

import argparse
import gc
import importlib
import random
import statistics
import sys
import time
from pathlib import Path

from dominoes import Deal, Draw, HandState, Pass, Play, Ruleset

RULES = Ruleset.draw(players=8, max_pip=18, hand_size=15)
KINDS = ("lead", "play", "draw", "pass")


def clock_overhead(samples: int = 200_000) -> float:
    """Mean nanoseconds of an empty ``perf_counter_ns`` pair."""
    clock = time.perf_counter_ns
    best = float("inf")
    for _ in range(5):
        total = 0
        for _ in range(samples // 5):
            t0 = clock()
            total += clock() - t0
        best = min(best, total / (samples // 5))
    return best


Samples = dict[int, list[int]]
"""Per bucket: the time of every apply timed in it (ns)."""


def measure(hands: int, bucket: int, seed: int) -> tuple[dict[str, Samples], Samples, list[int]]:
    """The apply times per kind and bucket, for all kinds per bucket, and the number
    of moves of each hand."""
    rng = random.Random(seed)
    clock = time.perf_counter_ns
    by_kind: dict[str, Samples] = {k: {} for k in KINDS}
    overall: Samples = {}
    lengths = []
    kind_of = {Draw: "draw", Pass: "pass"}
    for _ in range(hands):
        state = HandState.start(RULES, Deal.random(RULES, rng=rng))
        n = 0
        while not state.is_over:
            moves = state.legal_moves()
            move = moves[rng.randrange(len(moves))]
            t0 = clock()
            after = state.apply(move)
            dt = clock() - t0
            b = n // bucket
            if isinstance(move, Play):
                kind = "play" if move.end is not None else "lead"
            else:
                kind = kind_of[type(move)]
            by_kind[kind].setdefault(b, []).append(dt)
            overall.setdefault(b, []).append(dt)
            state = after
            # unbind it now: else the next hand's first ``after =`` would free this
            # whole hand (every state and history node) inside the timed region
            del after
            n += 1
        lengths.append(n)
    return by_kind, overall, lengths


def plot(path: Path, rows: list[tuple[int, dict[str, float | None]]], bucket: int) -> None:
    try:
        matplotlib = importlib.import_module("matplotlib")  # optional
        matplotlib.use("Agg")
        plt = importlib.import_module("matplotlib.pyplot")
    except ImportError:
        print(f"\nmatplotlib is not installed: no plot written to {path}")
        print("(pip install matplotlib, then run again with --plot)")
        return
    fig, ax = plt.subplots(figsize=(8, 4.5))
    for name in ("all", "play", "draw", "pass"):  # the lead (once a hand) would flatten the scale
        xs = [b * bucket for b, cells in rows if cells[name] is not None]
        ys = [cells[name] for b, cells in rows if cells[name] is not None]
        ax.plot(xs, ys, marker="o", label=name)
    ax.set_xlabel(f"move number (bucket start, {bucket} moves per bucket)")
    ax.set_ylabel("median apply time (ns)")
    ax.set_title(f"apply cost by move number: double-{RULES.max_pip}, {RULES.players}-player Draw")
    ax.set_ylim(bottom=0)
    ax.grid(True, alpha=0.3)
    ax.legend()
    fig.tight_layout()
    fig.savefig(path, format="svg")
    print(f"\nplot written to {path}")


def main(argv: list[str] | None = None) -> int:
    doc = __doc__ or ""
    ap = argparse.ArgumentParser(description=doc.splitlines()[0])
    ap.add_argument("--hands", type=int, default=300)
    ap.add_argument("--bucket", type=int, default=25, help="moves per bucket")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--quick", action="store_true", help="30 hands: a smoke test")
    ap.add_argument("--plot", type=Path, default=None, help="write an SVG line chart here")
    a = ap.parse_args(argv)
    if a.quick:
        a.hands = min(a.hands, 30)
    overhead = clock_overhead()
    measure(max(1, a.hands // 10), a.bucket, a.seed + 1000)  # warm up the memo tables
    gc.collect()
    gc.disable()  # a collection inside one timed apply would swamp its bucket
    try:
        by_kind, overall, lengths = measure(a.hands, a.bucket, a.seed)
    finally:
        gc.enable()
    print(
        f"python {sys.version.split()[0]}; {RULES.players} players, double-{RULES.max_pip}, "
        f"{RULES.hand_size} tiles each, Draw game; {a.hands} random hands"
    )
    print(
        f"moves per hand: mean {sum(lengths) / len(lengths):.0f}, "
        f"min {min(lengths)}, max {max(lengths)}; clock overhead {overhead:.0f} ns (taken off)"
    )
    print(
        "\nmedian ns per apply by move number (moves timed in brackets); the median "
        "shrugs off\nthe odd move during which the process was preempted, which would "
        "swamp a mean"
    )
    print(f"{'moves':>9}" + "".join(f" {name:>16}" for name in ("all", *KINDS)))
    rows: list[tuple[int, dict[str, float | None]]] = []

    def cell(data: Samples, b: int) -> tuple[str, float | None]:
        times = data.get(b)
        if not times:
            return "-", None
        mid = statistics.median(times) - overhead
        return f"{mid:8.0f} ({len(times):>5})", mid

    for b in sorted(overall):
        texts = {}
        values: dict[str, float | None] = {}
        for name, data in (("all", overall), *((k, by_kind[k]) for k in KINDS)):
            texts[name], values[name] = cell(data, b)
        rows.append((b, values))
        span = f"{b * a.bucket}-{(b + 1) * a.bucket - 1}"
        print(f"{span:>9}" + "".join(f" {texts[name]:>16}" for name in ("all", *KINDS)))

    print("\nflatness over the buckets with at least 200 moves of that kind (max/min):")
    for name, data in (("all", overall), *((k, by_kind[k]) for k in KINDS)):
        full = [times for times in data.values() if len(times) >= 200]
        if len(full) < 2:
            continue
        medians = [statistics.median(t) - overhead for t in full]
        means = [statistics.fmean(t) - overhead for t in full]
        print(
            f"  {name:5} median {min(medians):6.0f} to {max(medians):6.0f} ns "
            f"({max(medians) / min(medians):.2f}); mean {min(means):6.0f} to "
            f"{max(means):6.0f} ns ({max(means) / min(means):.2f}), {len(full)} buckets"
        )
    if a.plot is not None:
        plot(a.plot, rows, a.bucket)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
