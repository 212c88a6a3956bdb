"""Perft counts from the command line, and the tables of docs/perft.md.

    python scripts/perft.py --preset draw --seed 1 --depth 8        # counts at depths 1 to 8
    python scripts/perft.py --preset draw --seed 1 --depth 8 --divide   # depth 8, by first move
    python scripts/perft.py --preset draw --seed 1 --moves "6-6 5-6:R" --depth 6 --divide
    python scripts/perft.py --preset block --set max_pip=3 --set hand_size=3 --seed 2 --full
    python scripts/perft.py --preset all-fives --position "d6 ..." --depth 6
    python scripts/perft.py --check-docs            # recompute every count of docs/perft.md
    python scripts/perft.py --write-docs            # recompute the tables and write them
    python scripts/perft.py --write-docs --only bergen   # only the tables of bergen

The ruleset is a preset (``--preset``, default ``block``) with any field set by
``--set FIELD=VALUE`` (as ``dominoes play --set``); the position is a position string
(``--position``, docs/notation.md) or the start of a seeded deal (``--seed``, default 0).
The counts come from `dominoes.perft`: every legal move counts, draws and passes
included, a draw taking the boneyard's next tile in its order.

``--write-docs`` computes the cases of `CASES` (a few minutes on one core) and writes
them between the markers of docs/perft.md; ``--check-docs`` reads the page back (the
command printed above each table gives the ruleset and the position) and recomputes
every count it shows, and ``--check-docs --quick`` only the small ones (what the tests
do, ``tests/rules/test_perft.py``).
"""

from __future__ import annotations

import argparse
import shlex
import sys
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import attrs

from dominoes import Deal, HandState, Ruleset
from dominoes.errors import DominoesError
from dominoes.perft import Tree, divide, perft, tree
from dominoes.rules import RULESET_FIELDS

PAGE = Path(__file__).resolve().parent.parent / "docs" / "perft.md"
"""The page whose tables this script writes and checks."""
BEGIN = "<!-- perft tables: written by scripts/perft.py --write-docs -->"
END = "<!-- end of the perft tables -->"
COMMAND = "python scripts/perft.py"
"""How the page writes the command above each table."""
QUICK = 5_000
"""``--quick`` recomputes the rows of depth tables whose count is at most this, and the
whole trees whose count of positions is at most ``10 * QUICK``."""


# --------------------------------------------------------------------------- the command
def parser() -> argparse.ArgumentParser:
    """The command line (the page's commands are read with it too)."""
    p = argparse.ArgumentParser(
        prog=COMMAND, description=__doc__.splitlines()[0] if __doc__ else None
    )
    p.add_argument("--preset", default="block", help="the preset (default: block)")
    p.add_argument(
        "--set",
        dest="settings",
        action="append",
        default=[],
        metavar="FIELD=VALUE",
        help="set a field of the ruleset (repeat for more)",
    )
    where = p.add_mutually_exclusive_group()
    where.add_argument("--position", help="a position string (docs/notation.md)")
    where.add_argument("--seed", type=int, help="deal at random with this seed (default 0)")
    p.add_argument(
        "--moves",
        default="",
        metavar="TOKENS",
        help="play these moves first (tokens as --divide prints them, space-separated)",
    )
    p.add_argument("--depth", type=int, help="count the sequences of 1 to DEPTH moves")
    p.add_argument("--divide", action="store_true", help="split the count at DEPTH by first move")
    p.add_argument("--full", action="store_true", help="walk every complete hand (small sets only)")
    p.add_argument(
        "--check-docs", action="store_true", help="recompute every count of docs/perft.md"
    )
    p.add_argument("--quick", action="store_true", help="with --check-docs: only the small counts")
    p.add_argument(
        "--write-docs", action="store_true", help="compute the cases and write docs/perft.md"
    )
    p.add_argument(
        "--only",
        metavar="TEXT",
        help="with --write-docs: only the cases whose title holds TEXT (the others stay)",
    )
    return p


def ruleset(preset: str, settings: Sequence[str]) -> Ruleset:
    """The preset with the fields ``settings`` (``FIELD=VALUE`` texts) set."""
    return Ruleset.preset(preset, **dict(RULESET_FIELDS.parse_setting(s) for s in settings))


def state_of(args: argparse.Namespace) -> HandState:
    """The position the command's options name."""
    rules = ruleset(args.preset, args.settings)
    if args.position is not None:
        state = HandState.from_position(args.position, rules)
    else:
        state = HandState.start(rules, Deal.random(rules, seed=args.seed or 0))
    return state.apply_all(args.moves.split()) if args.moves else state


def command(preset: str, settings: Sequence[str], position: str, tail: str) -> str:
    """The command line that computes a table of the page."""
    words = [COMMAND, "--preset", preset]
    for setting in settings:
        words += ["--set", setting]
    words += ["--position", shlex.quote(position)]
    return " ".join(words) + " " + tail


# --------------------------------------------------------------------------- counting
def timed_counts(state: HandState, depth: int) -> Iterator[tuple[int, int, float]]:
    """(depth, count, seconds) for depths 1 to ``depth``."""
    for d in range(1, depth + 1):
        t0 = time.process_time()
        count = perft(state, d)
        yield d, count, time.process_time() - t0


def endings_text(summary: Tree) -> str:
    return ", ".join(f"{ending.value} {n}" for ending, n in summary.endings)


def seats_text(values: Sequence[int]) -> str:
    return ", ".join(str(v) for v in values)


def tree_rows(summary: Tree) -> list[str]:
    """The table of a whole tree's totals."""
    return [
        "| complete hands | positions | longest | endings | points summed per seat |",
        "|---:|---:|---:|---|---|",
        f"| {summary.leaves} | {summary.nodes} | {summary.longest} | {endings_text(summary)} "
        f"| {seats_text(summary.totals)} |",
    ]


def points_rows(summary: Tree) -> list[str]:
    """The table of a whole tree's complete hands by points per seat."""
    return [
        "| points per seat | hands |",
        "|---|---:|",
        *(f"| {seats_text(points)} | {n} |" for points, n in summary.points),
    ]


def run(args: argparse.Namespace) -> int:
    """The plain command: counts, divide or the whole tree of one position."""
    state = state_of(args)
    print(f"position: {state.position()}")
    if args.full:
        t0 = time.process_time()
        summary = tree(state)
        print("\n".join([*tree_rows(summary), "", *points_rows(summary)]))
        print(f"\n{time.process_time() - t0:.2f} s of CPU")
    if args.depth is None:
        if not args.full:
            print("give --depth N or --full", file=sys.stderr)
            return 2
        return 0
    if args.divide:
        total = 0
        print(f"\n| move | sequences of {args.depth} moves |\n|---|---:|")
        for token, count in divide(state, args.depth):
            total += count
            print(f"| {token} | {count} |")
        print(f"| total | {total} |")
        return 0
    print("\n| depth | sequences | seconds |\n|---:|---:|---:|")
    for d, count, seconds in timed_counts(state, args.depth):
        print(f"| {d} | {count} | {seconds:.2f} |", flush=True)
    return 0


# --------------------------------------------------------------------------- the page
@attrs.frozen(kw_only=True)
class Case:
    """A table of the page: a ruleset, a position and how far to count."""

    title: str
    preset: str
    settings: tuple[str, ...] = ()
    seed: int = 0
    moves: int = 0
    """Moves played from the seeded deal (each seat's first legal move) before counting."""
    full: bool = False
    """Walk the whole tree (small sets) rather than counting to a depth."""
    budget: float = 45.0
    """Count one depth deeper while the CPU seconds of the case, the next depth's
    guessed, stay under this."""


def _small(preset: str, *settings: str, seed: int = 0, moves: int = 0) -> Case:
    size = next(s for s in settings if s.startswith("max_pip="))[len("max_pip=") :]
    return Case(
        title=f"{preset}, double-{size}, seed {seed}" + (f", after {moves} moves" if moves else ""),
        preset=preset,
        settings=settings,
        seed=seed,
        moves=moves,
        full=True,
    )


CASES: tuple[Case, ...] = (
    # the main preset of each family, from the deal and (a few) from a later position
    Case(title="block, seed 1", preset="block", seed=1),
    Case(title="block, seed 1, whole tree", preset="block", seed=1, full=True),
    Case(title="draw, seed 1", preset="draw", seed=1),
    Case(title="draw, seed 1, after 8 moves", preset="draw", seed=1, moves=8),
    Case(title="all-fives, seed 1", preset="all-fives", seed=1),
    Case(title="all-fives, seed 1, after 4 moves", preset="all-fives", seed=1, moves=4),
    Case(title="fives-and-threes, seed 1", preset="fives-and-threes", seed=1),
    Case(title="sebastopol, seed 1", preset="sebastopol", seed=1),
    Case(title="bergen, seed 1", preset="bergen", seed=1),
    Case(title="dominican, seed 1", preset="dominican", seed=1),
    Case(title="cuban, seed 1", preset="cuban", seed=1),
    Case(title="mexican-train, seed 1", preset="mexican-train", seed=1),
    Case(title="mexican-train, seed 1, after 12 moves", preset="mexican-train", seed=1, moves=12),
    Case(title="chicken-foot, seed 1", preset="chicken-foot", seed=1),
    # whole trees of small sets
    _small("block", "max_pip=3", "hand_size=3"),
    _small("block", "max_pip=4", "hand_size=5"),
    _small("draw", "max_pip=3", "hand_size=3"),
    _small("draw", "max_pip=4", "hand_size=5"),
    _small("all-fives", "max_pip=3", "hand_size=3"),
    _small("all-fives", "max_pip=4", "hand_size=4"),
    _small("fives-and-threes", "max_pip=3", "hand_size=4"),
    _small("fives-and-threes", "max_pip=4", "hand_size=5"),
    _small("sebastopol", "max_pip=3", "hand_size=2", "opening_tile=3-3"),
    _small("sebastopol", "max_pip=4", "hand_size=3", "opening_tile=4-4"),
    _small("bergen", "max_pip=3", "hand_size=3"),
    _small("bergen", "max_pip=4", "hand_size=5"),
    _small("dominican", "max_pip=3", "hand_size=2", "opening_tile=3-3"),
    _small("dominican", "max_pip=4", "hand_size=3", "opening_tile=4-4"),
    _small("mexican-train", "max_pip=3", "hand_size=3"),
    _small("mexican-train", "max_pip=4", "hand_size=5"),
    _small("chicken-foot", "max_pip=3", "hand_size=3", "opening_tile=3-3"),
    _small("chicken-foot", "max_pip=4", "hand_size=3", "opening_tile=4-4"),
)


def case_state(case: Case) -> HandState:
    rules = ruleset(case.preset, case.settings)
    state = HandState.start(rules, Deal.random(rules, seed=case.seed))
    for _ in range(case.moves):
        state = state.apply(state.legal_moves()[0])
    return state


def write_case(case: Case) -> list[str]:
    """The page's section of one case, computed now."""
    state = case_state(case)
    position = state.position()
    out = [f"### {case.title}", ""]
    if case.full:
        t0 = time.process_time()
        summary = tree(state)
        seconds = time.process_time() - t0
        out += ["```text", command(case.preset, case.settings, position, "--full"), "```", ""]
        out += [*tree_rows(summary), "", '??? note "The complete hands by points per seat"', ""]
        out += [f"    {row}" for row in points_rows(summary)]
        out += ["", f"{seconds:.1f} s of CPU.", ""]
        return out
    rows = []
    spent = 0.0
    depth = 0
    last = previous = 0.0
    while depth < 60:
        # go one deeper while the next depth, guessed from the growth of the last, fits
        guess = last * max(last / previous, 1.0) if previous > 0.01 else last * 8
        if spent + guess > case.budget:
            break
        depth += 1
        t0 = time.process_time()
        count = perft(state, depth)
        previous, last = last, time.process_time() - t0
        spent += last
        rows.append(f"| {depth} | {count} | {last:.2f} |")
        print(f"  depth {depth}: {count} ({last:.1f} s)", file=sys.stderr, flush=True)
        if count == 0:
            break
    out += ["```text", command(case.preset, case.settings, position, f"--depth {depth}"), "```"]
    out += ["", "| depth | sequences | seconds |", "|---:|---:|---:|", *rows]
    out += ["", f"{spent:.1f} s of CPU in all.", ""]
    return out


def write_page(path: Path, only: str | None = None) -> None:
    """Compute the cases and write their sections into the page; with ``only``, just
    the cases whose title holds that text (the others keep their sections)."""
    text = path.read_text()
    head, _, rest = text.partition(BEGIN + "\n")
    generated, _, tail = rest.partition(END)
    kept = {
        section.partition("\n")[0]: f"### {section}".rstrip("\n").split("\n")
        for section in generated.split("### ")[1:]
    }
    body: list[str] = []
    for case in CASES:
        if only is not None and only not in case.title and case.title in kept:
            body += [*kept[case.title], ""]
            continue
        print(case.title, file=sys.stderr, flush=True)
        body += write_case(case)
    path.write_text(head + BEGIN + "\n\n" + "\n".join(body) + "\n" + END + tail)


@attrs.frozen(kw_only=True)
class Table:
    """A table read back from the page: the command above it and what it shows."""

    args: Any
    """The command's options (`argparse.Namespace`)."""
    counts: tuple[tuple[int, int], ...] = ()
    """(depth, sequences) rows of a depth table."""
    whole: tuple[str, ...] = ()
    """The rows of a whole tree's two tables, as the page writes them."""


def read_page(text: str) -> list[Table]:
    """Every table of the page's generated part, with the command it comes from."""
    lines = [line.strip() for line in text.partition(BEGIN)[2].partition(END)[0].splitlines()]
    tables: list[Table] = []
    args: Any = None
    rows: list[str] = []

    def close() -> None:
        if args is None:
            return
        if args.full:
            tables.append(Table(args=args, whole=tuple(rows)))
        else:
            cells = [row.strip("|").split("|") for row in rows[2:]]
            tables.append(Table(args=args, counts=tuple((int(d), int(n)) for d, n, _ in cells)))

    for line in lines:
        if line.startswith(COMMAND):
            close()
            args = parser().parse_args(shlex.split(line)[2:])
            rows = []
        elif line.startswith("|") and args is not None:
            rows.append(line)
    close()
    return tables


def check_table(table: Table, *, quick: bool) -> list[str]:
    """The differences between a table of the page and what the code computes now."""
    state = state_of(table.args)
    problems = []
    if table.args.full:
        if quick and int(table.whole[2].strip("|").split("|")[1]) > 10 * QUICK:
            return []
        summary = tree(state)
        if (*tree_rows(summary), *points_rows(summary)) != table.whole:
            problems.append(f"{table.args.position}: the whole tree differs")
        return problems
    for depth, count in table.counts:
        if quick and count > QUICK:
            break
        if perft(state, depth) != count:
            problems.append(f"{table.args.position}: depth {depth}: the page says {count}")
    return problems


def check_page(path: Path, *, quick: bool) -> list[str]:
    problems: list[str] = []
    for table in read_page(path.read_text()):
        problems += check_table(table, quick=quick)
    return problems


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        if args.write_docs:
            write_page(PAGE, args.only)
            return 0
        if args.check_docs:
            problems = check_page(PAGE, quick=args.quick)
            print("\n".join(problems) or "every count of the page holds")
            return 1 if problems else 0
        return run(args)
    except DominoesError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
