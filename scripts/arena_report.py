"""Measure the built-in agents against each other and write docs/arena-results.md.

Runs the arena (`dominoes.arena.run_arena`) for six games, the 2-player Block game, the
4-player partnership Block game, All Fives for 2 players and for 4 in partnership,
Fives and Threes for 4 in partnership (the spinner games of issue 13), and Mexican Train
for 4 players, double-12 (the train games of issue 14), and two matchups in each: search
v greedy and greedy v random. Every deal is played under both seatings, and the
intervals are 95% normal intervals over deals (see docs/bots.md).

    python scripts/arena_report.py            # the full run, about 40 minutes on 2 cores
    python scripts/arena_report.py --quick    # a tiny run (seconds), printed to stdout
    python scripts/arena_report.py --games all-fives-2,all-fives-4   # these rows only

(The Block games take about 5 minutes on 2 cores, the three spinner games about 10 on a
busy machine, 7 of one core's time, Mexican Train about 25 on a busy machine, load
average 6 on the 2 cores.)

The full run writes docs/arena-results.md; ``--output PATH`` writes elsewhere (``-``
for standard output).
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import attrs

from dominoes import Ruleset
from dominoes.agents import Agent, SearchAgent
from dominoes.arena import ArenaReport, format_ci, make_agent, run_arena

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUTPUT = ROOT / "docs" / "arena-results.md"
SEED = 2026
KEPT = " The rows of the other games are kept from earlier runs: "
SEARCH = make_agent("search")
WIDE_SEARCH = make_agent("search", worlds=16)
"""The search of the spinner games: 16 worlds a decision. With the default 8 it beat
greedy by about half the margin in trial runs (300 hands each: All Fives +3.0 against
+6.4, Fives and Threes +3.2 against +7.0)."""
DEEP_SEARCH = SearchAgent(worlds=32, rollouts=4, greedy_rollouts=True)
"""The search of Fives and Threes for four (5 tiles each, [GB-53]): its hands score few
points, and the immediate score that greedy takes is most of them; 16 worlds with random
playouts did no better than greedy (+0.01 ± 0.30 over 1,600 hands), 32 worlds with 4
greedy playouts each a little better (trial runs of 2,000 hands)."""
TRAIN_SAMPLE_BUDGET = 10_000
"""The sampler's budget of the search in Mexican Train for four (double-12, 15 tiles
each): with the library's default (`SEARCH_SAMPLE_BUDGET`, 1,000 counting states) the
exact count gave up, and the search fell back on the greedy move, in 28 of 207 decisions
with a choice (8 hands of search v greedy, 16 worlds); with 3,000 in 6, 5,000 in 4,
10,000 in 2, for about 5% more time (some 25 ms a decision with a choice). Only this
game's agent takes it; the library's default stays."""
TRAIN_SEARCH = SearchAgent(worlds=16, rollouts=2, sample_budget=TRAIN_SAMPLE_BUDGET)
"""The search of Mexican Train for four. In trial runs of 400 hands (seed 7) it won 70% of
the hands against greedy, +11.6 ± 4.3 penalty points a hand; the default 8 worlds (with
the budget above) +5.4 ± 4.2, and 8 worlds with one greedy playout each +2.4 ± 4.7, for
more time."""


@attrs.frozen
class Game:
    """A ruleset of the page, with the code that builds it and a note on its deal."""

    key: str
    """Its name for ``--games``."""
    name: str
    rules: Ruleset
    code: str
    about: str
    search: Agent = SEARCH
    """The agent the name ``search`` stands for in this game."""

    def agent(self, name: str) -> Agent:
        """The agent of this game by name (`make_agent`)."""
        return self.search if name == "search" else make_agent(name)


@attrs.frozen
class Matchup:
    """One line of the table: two agents on one game, for some hands."""

    game: Game
    first: str
    second: str
    hands: int
    quick_hands: int

    @property
    def label(self) -> str:
        """``first v second``."""
        return f"{self.first} v {self.second}"


TWO = Game(
    "block-2",
    "2-player Block",
    Ruleset.block(),
    "Ruleset.block()",
    "2 players, 7 tiles each, 14 left undealt",
)
PAIRS = Game(
    "block-4",
    "4-player partnership Block",
    Ruleset.block(players=4, partnership=True),
    "Ruleset.block(players=4, partnership=True)",
    "7 tiles each, the whole set dealt",
)
FIVES_TWO = Game(
    "all-fives-2",
    "2-player All Fives",
    Ruleset.preset("all-fives"),
    'Ruleset.preset("all-fives")',
    "the first double a spinner, multiples of 5 scored on play, 7 tiles each, drawing",
    WIDE_SEARCH,
)
FIVES_PAIRS = Game(
    "all-fives-4",
    "4-player partnership All Fives",
    Ruleset.preset("all-fives", players=4, partnership=True),
    'Ruleset.preset("all-fives", players=4, partnership=True)',
    "5 tiles each, 8 left to draw",
    WIDE_SEARCH,
)
THREES_PAIRS = Game(
    "fives-and-threes-4",
    "4-player partnership Fives and Threes",
    Ruleset.preset("fives-and-threes", players=4, partnership=True),
    'Ruleset.preset("fives-and-threes", players=4, partnership=True)',
    "no spinner, multiples of 5 and of 3 scored on play, 5 tiles each, 8 out of play",
    DEEP_SEARCH,
)
TRAINS_FOUR = Game(
    "mexican-train-4",
    "4-player Mexican Train",
    Ruleset.preset("mexican-train", players=4),
    'Ruleset.preset("mexican-train", players=4)',
    "double-12, the 12-12 engine set aside, 15 tiles each, 30 to draw, penalty scoring: "
    "each seat plays for itself",
    TRAIN_SEARCH,
)
MATCHUPS = (
    Matchup(TWO, "search", "greedy", 30_000, 8),
    Matchup(TWO, "greedy", "random", 40_000, 20),
    Matchup(PAIRS, "search", "greedy", 12_000, 4),
    Matchup(PAIRS, "greedy", "random", 20_000, 20),
    Matchup(FIVES_TWO, "search", "greedy", 2_000, 4),
    Matchup(FIVES_TWO, "greedy", "random", 4_000, 20),
    Matchup(FIVES_PAIRS, "search", "greedy", 1_200, 4),
    Matchup(FIVES_PAIRS, "greedy", "random", 4_000, 20),
    Matchup(THREES_PAIRS, "search", "greedy", 2_000, 4),
    Matchup(THREES_PAIRS, "greedy", "random", 4_000, 20),
    Matchup(TRAINS_FOUR, "search", "greedy", 2_000, 2),
    Matchup(TRAINS_FOUR, "greedy", "random", 8_000, 8),
)


def verdict(report: ArenaReport, name: str, other: str) -> str:
    """Whether ``name`` is significantly better (by mean margin), in words."""
    stats = report[name]
    half = stats.mean_margin_ci
    if half is None:
        return "too few deals to tell"
    if stats.mean_margin - half > 0:
        return f"**{name}** is better"
    if stats.mean_margin + half < 0:
        return f"**{other}** is better"
    return "no significant difference"


def row(matchup: Matchup, report: ArenaReport, seconds: float) -> str:
    """The line of the table of one matchup's run."""
    first = report[matchup.first]
    second = report[matchup.second]
    draws = report.draws / report.hands
    return (
        f"| {matchup.label} | {matchup.game.name} | {report.hands:,} "
        f"| {format_ci(first.win_rate, first.win_rate_ci, '.3f')} "
        f"| {second.win_rate:.3f} | {draws:.1%} "
        f"| {format_ci(first.mean_margin, first.mean_margin_ci, '+.2f')} "
        f"| {verdict(report, matchup.first, matchup.second)} | {seconds:.0f} s |"
    )


def kept_rows(page: str, matchups: Sequence[Matchup]) -> tuple[dict[Matchup, str], str]:
    """The lines of ``matchups`` in the table of a page this script wrote, and its date
    line (for the rows of the games a run with ``--games`` leaves out).

    Raises:
        SystemExit: a matchup has no line on the page (run its game too).
    """
    lines = page.splitlines()
    found = {}
    for matchup in matchups:
        start = f"| {matchup.label} | {matchup.game.name} |"
        line = next((x for x in lines if x.startswith(start)), None)
        if line is None:
            raise SystemExit(f"the page has no row {start!r}: run its game too (--games)")
        found[matchup] = line
    dated = next((x for x in lines if x.startswith("- Date: ")), "- Date: unknown.")
    # an earlier run's own line may name the runs before it: one flat list of runs
    earlier = dated.removeprefix("- Date: ").split(KEPT)
    return found, " Then ".join(earlier)


def render(
    rows: Sequence[tuple[Matchup, str]],
    *,
    command: str,
    workers: int,
    total: float,
    note: str = "",
    kept: str = "",
) -> str:
    """The Markdown page: ``rows`` are the table's lines, each of its matchup; ``kept``
    the date line of the run that the rows of the games not run now come from."""
    today = datetime.date.today().isoformat()
    cpus = os.cpu_count()
    machine = f"{platform.system()} {platform.machine()}, {cpus} CPUs"
    if hasattr(os, "getloadavg"):
        load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
        machine += f", load average {load} (1, 5, 15 minutes) at the end of the run"
    if note:
        machine += f" ({note})"
    lines = [
        "# Arena results",
        "",
        "How the built-in agents of `dominoes.agents` fare against each other, measured "
        "with the [arena](bots.md#running-the-arena). This page is generated by "
        "`scripts/arena_report.py`; do not edit it by hand.",
        "",
        "Every deal is played twice, with the two agents' seats swapped (at a table of four, "
        "partnership or not: one agent on seats 0+2, the other on 1+3, then the other way "
        "round). The win rate is the share of hands an agent's side won; the mean margin is "
        "the first agent's side's points per hand minus the other side's (in All Fives and "
        "Fives and Threes the points scored on play count too). Mexican Train is scored in "
        "penalty points, where lower is better: a hand is won by the seat with the lowest "
        "total (the one that went out, if any), so an agent wins it when that seat is one of "
        "its own (a tie between the two agents' seats is a draw); its side's points are the "
        "penalties of its two seats summed, and the margin is the other side's penalties "
        "minus the first agent's, so a positive margin favours the first agent there too. "
        "Its four seats play each for itself: an agent's two seats are opponents of each "
        "other as well, and its search counts its margin against the best other seat. "
        "Each `±` is the half-width of a 95% "
        "confidence interval: the normal approximation over deals, each deal's two hands "
        "averaged into one sample. A difference is called significant when the interval "
        "of the mean margin excludes zero.",
        "",
        "| matchup | game | hands | first's win rate | second's win rate | draws "
        "| first's mean margin | verdict | time |",
        "|---|---|---:|---|---:|---:|---|---|---:|",
    ]
    lines += [line for _matchup, line in rows]
    lines += [
        "",
        f"- Command: `{command}` (seed {SEED}, {workers} worker processes).",
        f"- Date: {today}; total wall time {total / 60:.1f} minutes."
        + (f"{KEPT}{kept}" if kept else ""),
        f"- Machine: {machine}, Python {platform.python_version()}. The figures do not "
        "depend on the machine or the number of workers (the same seed gives the same "
        "hands); the times do.",
        f"- Agents: {searches(rows)}: perfect-information Monte Carlo over worlds sampled "
        "from the observation, its margin counting the points scored on play; `GreedyAgent()` "
        "(the play that scores most, then the heaviest playable tile; in Mexican Train the "
        "heaviest, on its own train first), "
        "`RandomAgent()` (uniform legal move).",
        "- Rules: " + "; ".join(f"`{game.code}` ({game.about})" for game in games(rows)) + ".",
        "",
        "To reproduce or extend a line, use the command line, for example:",
        "",
        "```bash",
        "dominoes arena --agents search,greedy --hands 2000 --workers 2",
        "dominoes arena --agents search,greedy --partnership --hands 1000 --workers 2",
        "dominoes arena --preset all-fives --players 4 --partnership --agents search,greedy "
        "--search-worlds 16 --hands 1000 --workers 2",
        "dominoes arena --preset mexican-train --players 4 --agents greedy,random "
        "--hands 2000 --workers 2",
        "```",
        "",
        "(The command line's search takes the library's default sampler budget, so in "
        "Mexican Train it falls back on the greedy move more often than this page's.)",
        "",
    ]
    return "\n".join(lines)


def games(rows: Sequence[tuple[Matchup, str]]) -> list[Game]:
    """The games of the rows, in order, each once."""
    out: list[Game] = []
    for matchup, _line in rows:
        if matchup.game not in out:
            out.append(matchup.game)
    return out


def searches(rows: Sequence[tuple[Matchup, str]]) -> str:
    """The search agents of the rows, each with the games it played, in words."""
    played: dict[str, list[str]] = {}
    for game in games(rows):
        played.setdefault(repr(game.search), []).append(game.name)
    return "; ".join(f"`{agent}` ({', '.join(names)})" for agent, names in played.items())


def _progress_line(done: int, total: int) -> None:
    """The run's progress on standard error, on one line."""
    end = "\n" if done >= total else ""
    print(
        f"\rarena: {done}/{total} hands ({100 * done // max(total, 1)}%)", end=end, file=sys.stderr
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Run the matchups and write the page."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a tiny run, to check the script")
    parser.add_argument("--workers", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument(
        "--output",
        help="where to write the page ('-': stdout; default: docs/arena-results.md, or "
        "stdout with --quick)",
    )
    parser.add_argument("--note", default="", help="a note on the machine, for the page")
    keys = ", ".join(dict.fromkeys(m.game.key for m in MATCHUPS))
    parser.add_argument(
        "--games",
        help=f"run these games only (comma-separated: {keys}) and keep the other rows "
        "from the page as it is",
    )
    args = parser.parse_args(argv)
    output = args.output or ("-" if args.quick else str(DEFAULT_OUTPUT))
    command = "python scripts/arena_report.py" + (" --quick" if args.quick else "")
    chosen: tuple[Matchup, ...] = MATCHUPS
    kept: dict[Matchup, str] = {}
    dated = ""
    if args.games:
        wanted = set(args.games.split(","))
        if not wanted <= {m.game.key for m in MATCHUPS}:
            parser.error(f"--games takes names among {keys}, got {args.games}")
        chosen = tuple(m for m in MATCHUPS if m.game.key in wanted)
        others = [m for m in MATCHUPS if m.game.key not in wanted]
        kept, dated = kept_rows(DEFAULT_OUTPUT.read_text(encoding="utf-8"), others)
        command += f" --games {args.games}"
    rows = dict(kept)
    start = time.perf_counter()
    for matchup in chosen:
        hands = matchup.quick_hands if args.quick else matchup.hands
        print(f"{matchup.label}, {matchup.game.name}: {hands} hands", file=sys.stderr)
        began = time.perf_counter()
        report = run_arena(
            matchup.game.rules,
            {
                matchup.first: matchup.game.agent(matchup.first),
                matchup.second: matchup.game.agent(matchup.second),
            },
            hands=hands,
            seed=SEED,
            workers=args.workers,
            progress=None if args.quick else _progress_line,
        )
        rows[matchup] = row(matchup, report, time.perf_counter() - began)
        print(report.format(), file=sys.stderr)
    page = render(
        [(m, rows[m]) for m in MATCHUPS if m in rows],
        command=command,
        workers=args.workers,
        total=time.perf_counter() - start,
        note=args.note,
        kept=dated if kept else "",
    )
    if output == "-":
        sys.stdout.write(page)
    else:
        Path(output).write_text(page, encoding="utf-8")
        print(f"wrote {output}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
