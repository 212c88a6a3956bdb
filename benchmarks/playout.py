"""Random playouts through the public API, against the speed-of-light reference loop.

Plays random hands with ``legal_moves()`` + ``apply()`` (every move checked for
legality by ``apply``) and, in the same run, the reference loop of
``shared/bench/speed_of_light.py``; prints hands/s for both and their ratio for
4-player partnership Block and 2-player Block. The two loops take turns, ``--repeat``
rounds of one run each, so that each round sees the machine as the other does; it prints
the best run of each, the ratio of the bests, and the median of the rounds' own ratios
(the figure a busy machine moves least). The target is the floor issue 12 set: 0.40.

On a shared machine the seconds move from run to run; ``--instructions`` counts
instead, under valgrind's callgrind (the same count for the same inputs, whatever else
the machine does): each loop runs in a fresh interpreter with ``--hands`` hands after a
warm-up, and once with none, and the difference per hand is printed, with the ratio of
the reference's count to the library's (an estimate of the time ratio, not the same
figure: a count weighs every instruction alike).

usage: python benchmarks/playout.py [--hands N] [--repeat R] [--seed S] [--reference PATH]
       [--instructions]
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path
from types import ModuleType

from dominoes import Deal, HandState, Ruleset
from dominoes.agents import rollout

HERE = Path(__file__).resolve().parent
REFERENCE_NAME = Path("shared") / "bench" / "speed_of_light.py"
# beside the repository (../shared/bench/), or beside a folder above it (a git worktree)
DEFAULT_REFERENCE = next(
    (d / REFERENCE_NAME for d in HERE.parents[1:] if (d / REFERENCE_NAME).exists()),
    HERE.parent.parent / REFERENCE_NAME,
)


def load_reference(path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location("speed_of_light", path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"cannot load the reference loop from {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def library_hands(rules: Ruleset, hands: int, seed: int) -> float:
    """Hands per second for random playouts through the public API. Each move is picked
    as the reference loops pick theirs, ``int(random() * n)`` (``randrange`` would cost
    the caller's loop more than the reference pays for its own choice)."""
    rng = random.Random(seed)
    choose = rng.random
    start = HandState.start
    deal = Deal.random
    t0 = time.perf_counter()
    for _ in range(hands):
        state = start(rules, deal(rules, rng=rng))
        while not state.is_over:
            moves = state.legal_moves()
            state = state.apply(moves[int(choose() * len(moves))])
    return hands / (time.perf_counter() - t0)


def rollout_hands(rules: Ruleset, hands: int, seed: int) -> float:
    """Hands per second for ``agents.rollout`` from a fresh deal (the spinner and train
    benchmarks)."""
    rng = random.Random(seed)
    start = HandState.start
    deal = Deal.random
    t0 = time.perf_counter()
    for _ in range(hands):
        rollout(start(rules, deal(rules, rng=rng)), rng)
    return hands / (time.perf_counter() - t0)


def reference_hands(ref: ModuleType, players: int, per_hand: int, hands: int, seed: int) -> float:
    """Hands per second for the reference loop."""
    tiles, suit = ref.build()
    rng = random.Random(seed)
    t0 = time.perf_counter()
    for _ in range(hands):
        ref.play(rng, tiles, suit, players, per_hand)
    return hands / (time.perf_counter() - t0)


TARGET = 0.40
CASES = [
    ("4-player partnership Block", 4, True),
    ("2-player Block", 2, False),
]


def _one_loop(which: str, players: int, partnership: bool, hands: int, seed: int) -> None:
    """Run one loop (for ``--instructions``, in its own interpreter): a warm-up of 200
    hands, then ``hands`` more."""
    rules = Ruleset.block(players=players, partnership=partnership)
    ref = load_reference(DEFAULT_REFERENCE)
    for n in (200, hands):
        if which == "library":
            library_hands(rules, n, seed)
        else:
            reference_hands(ref, players, 7, n, seed)


def callgrind_count(script: str, args: list[str], count: int) -> int:
    """The instructions callgrind counts for ``python script --_loop *args count``, less
    those of the same command with a count of 0 (start-up, imports and warm-up)."""
    if shutil.which("valgrind") is None:
        raise SystemExit("--instructions needs valgrind (apt-get install valgrind)")
    counts = []
    for n in (0, count):
        cmd = [
            "valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
            sys.executable, script, "--_loop", *args, str(n),
        ]  # fmt: skip
        env = {**os.environ, "PYTHONHASHSEED": "0"}
        out = subprocess.run(cmd, capture_output=True, text=True, env=env, check=True).stderr
        found = re.search(r"I\s+refs:\s+([\d,]+)", out)
        if found is None:
            raise SystemExit(f"callgrind printed no count:\n{out}")
        counts.append(int(found.group(1).replace(",", "")))
    return counts[1] - counts[0]


def _instructions(which: str, players: int, partnership: bool, hands: int, seed: int) -> int:
    """Instructions callgrind counts for ``hands`` hands of one loop."""
    args = [which, str(players), str(int(partnership)), str(seed)]
    return callgrind_count(__file__, args, hands)


def instructions(hands: int, seed: int) -> int:
    print(f"python {sys.version.split()[0]}, {hands} hands per loop, callgrind")
    print(f"{'case':28} {'library/hand':>13} {'reference/hand':>15} {'ratio':>6}")
    for name, players, partnership in CASES:
        lib = _instructions("library", players, partnership, hands, seed) / hands
        ref = _instructions("reference", players, partnership, hands, seed) / hands
        print(f"{name:28} {lib:13.0f} {ref:15.0f} {ref / lib:6.2f}")
    return 0


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--_loop"]:
        which, seats, pairs, seed, count = argv[1:6]
        _one_loop(which, int(seats), pairs == "1", int(count), int(seed))
        return 0
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=20000)
    ap.add_argument("--repeat", type=int, default=3, help="rounds of one run of each loop")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--reference", type=Path, default=DEFAULT_REFERENCE)
    ap.add_argument("--instructions", action="store_true", help="count under callgrind")
    a = ap.parse_args(argv)
    if a.instructions:
        return instructions(a.hands, a.seed)
    ref = load_reference(a.reference)
    print(f"python {sys.version.split()[0]}, {a.hands} hands per run, {a.repeat} rounds")
    print(
        f"{'case':28} {'library h/s':>12} {'reference h/s':>14} {'ratio':>6} "
        f"{'median':>7} {'target':>7}"
    )
    for name, players, partnership in CASES:
        rules = Ruleset.block(players=players, partnership=partnership)
        libs, refs = [], []
        for k in range(a.repeat):
            libs.append(library_hands(rules, a.hands, a.seed + k))
            refs.append(reference_hands(ref, players, 7, a.hands, a.seed + k))
        median = statistics.median(x / y for x, y in zip(libs, refs, strict=True))
        best = max(libs) / max(refs)
        print(
            f"{name:28} {max(libs):12.0f} {max(refs):14.0f} {best:6.2f} {median:7.2f} {TARGET:7.2f}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
