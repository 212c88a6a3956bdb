"""The driver of the family benchmarks (``spinner.py``, ``trains.py``): one game of a
family through the public API and ``agents.rollout``, against that family's reference
loop of ``shared/bench/``, in time (the loops take turns, ``--repeat`` rounds) or in
instructions under callgrind (``--instructions``, each loop in a fresh interpreter after a
warm-up). A script describes its game with a `Family` and calls `run`.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

from playout import callgrind_count, library_hands, load_reference, rollout_hands

from dominoes import Ruleset

HERE = Path(__file__).resolve().parent

LOOPS: dict[str, Callable[[Ruleset, int, int], float]] = {
    "public API": library_hands,
    "rollout": rollout_hands,
}


@dataclass(frozen=True)
class Family:
    """One family's benchmark: its game, its reference loop and its targets."""

    script: str  # the script's own path (``--instructions`` runs it again, one loop each)
    game: str  # the game's name in the printed cases ("All Fives")
    reference_name: str  # the reference loop's file name in shared/bench/
    rules: Callable[[int], Ruleset]  # the game by number of players
    reference_hands: Callable[[ModuleType, int, int, int], float]  # (ref, players, hands, seed)
    seats: tuple[int, ...]  # the numbers of players measured by default
    targets: dict[str, float]  # by loop: the ratio
    hands: int  # hands per run by default
    warmup: int  # hands of warm-up before a count by default

    def default_reference(self) -> Path:
        """The reference loop beside the repository (../shared/bench/), or beside a folder
        above it (a git worktree)."""
        name = Path("shared") / "bench" / self.reference_name
        return next(
            (d / name for d in HERE.parents[1:] if (d / name).exists()),
            HERE.parent.parent / name,
        )


def _one_loop(
    family: Family, which: str, players: int, hands: int, seed: int, reference: Path, warmup: int
) -> None:
    """Run one loop (for ``--instructions``, in its own interpreter): a warm-up of
    ``warmup`` hands, then ``hands`` more."""
    rules = family.rules(players)
    ref = load_reference(reference)
    for n in (warmup, hands):
        if which == "reference":
            family.reference_hands(ref, players, n, seed)
        else:
            LOOPS[which](rules, n, seed)


def _instructions(
    family: Family, seats: tuple[int, ...], hands: int, seed: int, reference: Path, warmup: int
) -> int:
    print(f"python {sys.version.split()[0]}, {hands} hands per loop after {warmup}, callgrind")
    print(f"{'case':36} {'library/hand':>13} {'reference/hand':>15} {'ratio':>6} {'target':>7}")
    for players in seats:
        args = [str(players), str(seed), str(reference), str(warmup)]
        ref = callgrind_count(family.script, ["reference", *args], hands) / hands
        for name in LOOPS:
            lib = callgrind_count(family.script, [name, *args], hands) / hands
            case = f"{players}-player {family.game}, {name}"
            print(f"{case:36} {lib:13.0f} {ref:15.0f} {ref / lib:6.2f} {family.targets[name]:7.2f}")
    return 0


def run(family: Family, doc: str, argv: list[str] | None = None) -> int:
    """The command line of a family benchmark (``doc`` is the script's docstring)."""
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--_loop"]:
        which, seats_text, seed, reference, warmup, count = argv[1:7]
        _one_loop(
            family, which, int(seats_text), int(count), int(seed), Path(reference), int(warmup)
        )
        return 0
    ap = argparse.ArgumentParser(description=doc.splitlines()[0])
    ap.add_argument("--hands", type=int, default=family.hands)
    ap.add_argument("--repeat", type=int, default=5, help="rounds of one run of each loop")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument(
        "--players", type=int, action="append", help="players (again for more; default: "
        + ", ".join(str(s) for s in family.seats) + ")",
    )  # fmt: skip
    ap.add_argument("--reference", type=Path, default=family.default_reference())
    ap.add_argument("--instructions", action="store_true", help="count under callgrind")
    ap.add_argument("--warmup", type=int, default=family.warmup, help="hands before the count")
    a = ap.parse_args(argv)
    seats = tuple(a.players) if a.players else family.seats
    if a.instructions:
        return _instructions(family, seats, a.hands, a.seed, a.reference, a.warmup)
    ref = load_reference(a.reference)
    print(f"python {sys.version.split()[0]}, {a.hands} hands per run, {a.repeat} rounds")
    print(
        f"{'case':36} {'library h/s':>12} {'reference h/s':>14} {'ratio':>6} "
        f"{'median':>7} {'target':>7}"
    )
    for players in seats:
        rules = family.rules(players)
        for name, loop in LOOPS.items():
            libs, refs = [], []
            for k in range(a.repeat):
                libs.append(loop(rules, a.hands, a.seed + k))
                refs.append(family.reference_hands(ref, players, a.hands, a.seed + k))
            median = statistics.median(x / y for x, y in zip(libs, refs, strict=True))
            best = max(libs) / max(refs)
            case = f"{players}-player {family.game}, {name}"
            print(
                f"{case:36} {max(libs):12.0f} {max(refs):14.0f} {best:6.2f} {median:7.2f} "
                f"{family.targets[name]:7.2f}"
            )
    return 0
