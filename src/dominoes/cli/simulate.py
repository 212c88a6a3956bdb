"""``dominoes simulate``: N hands or matches of a ruleset with chosen agents, and statistics."""

from __future__ import annotations

import contextlib
import json
from typing import Any

import click
from rich.console import Console
from rich.table import Table
from rich.text import Text

from dominoes.cli.cluster import executor_for, scheduler_option
from dominoes.cli.common import (
    AGENT_FAILURES,
    EXIT_CODES,
    EXIT_USAGE,
    build_rules,
    make_agents,
    output_options,
    progress_bar,
    ruleset_options,
    run_options,
    stderr_is_terminal,
)
from dominoes.errors import MatchError
from dominoes.rules import Scoring
from dominoes.simulation import Mode, SimulationReport
from dominoes.simulation import simulate as run_simulation
from dominoes.words import describe_rules

__all__ = ["progress_bar", "report_renderables", "simulate", "stderr_is_terminal"]


def report_renderables(report: SimulationReport) -> list[Any]:
    """The report as rich renderables: a header, the endings table and the sides table."""
    unit = report.mode.value
    header = Text(
        f"{report.preset + ': ' if report.preset else ''}{describe_rules(report.rules)}; "
        f"{report.count} {unit}"
        + (f" ({report.hands} hands)" if report.mode is Mode.MATCHES else "")
        + f", seed {report.seed}; agents: "
        + ", ".join(f"seat {s} {name}" for s, name in enumerate(report.agents))
    )
    endings = Table()
    endings.add_column("ending")
    endings.add_column("hands", justify="right")
    endings.add_column("share (95% CI)", justify="right")
    for (ending, n), share in zip(report.endings, report.ending_shares, strict=True):
        endings.add_row(ending.value.replace("_", " "), str(n), share.format(".3f"))
    endings.add_row("drawn (no winner)", str(report.drawn), "")
    sides = Table()
    sides.add_column("side")
    sides.add_column("agents")
    penalty = report.rules.scoring is Scoring.PENALTY
    sides.add_column("penalty points/hand" if penalty else "points/hand", justify="right")
    sides.add_column("hands won", justify="right")
    if report.match_wins is not None:
        sides.add_column("matches won", justify="right")
    for i, (label, team) in enumerate(zip(report.sides, report.rules.teams, strict=True)):
        row = [
            label,
            ", ".join(report.agents[s] for s in team),
            report.points[i].format(".2f"),
        ]
        row.append(report.wins[i].format(".2f"))
        if report.match_wins is not None:
            row.append(report.match_wins[i].format(".2f"))
        sides.add_row(*(Text(cell) for cell in row))
    split: list[Any] = []
    if report.play_points is not None and report.end_points is not None:
        play = Table()
        play.add_column("side")
        play.add_column("on play", justify="right")
        play.add_column("at the end", justify="right")
        for label, on_play, at_end in zip(
            report.sides, report.play_points, report.end_points, strict=True
        ):
            play.add_row(label, on_play.format(".2f"), at_end.format(".2f"))
        split = [Text("Points per hand, on play and at the end of the hand:"), play]
    lines = [Text(f"Moves per hand: {report.moves.format('.1f')}")]
    if report.markers is not None and report.marked is not None:
        lines.append(
            Text(
                f"Markers out at the end of a hand (rule TRAIN-4): "
                f"{report.markers.format('.2f')}; hands ended with a marker out: "
                f"{report.marked.format('.2f')}"
            )
        )
    if report.hands_per_match is not None:
        lines.append(
            Text(
                f"Hands per match: {report.hands_per_match.format('.2f')}; "
                f"tied matches: {report.match_ties}"
            )
        )
    if report.mid_hand is not None:
        lines.append(
            Text(
                "Matches ended mid-hand by play points (rule MATCH-7): "
                f"{report.mid_hand.format('.2f')}"
            )
        )
    lines.append(Text("95% intervals: Wilson for shares, normal for means (± ?: one sample)."))
    return [
        header,
        Text(""),
        Text("How the hands ended:"),
        endings,
        Text("Per side (95% confidence intervals):"),
        sides,
        *split,
        *lines,
    ]


@click.command(
    short_help="Many hands or matches with agents, and their statistics.",
    epilog="\b\nExamples:\n"
    "  dominoes simulate --hands 1000\n"
    "  dominoes simulate --preset partnership --agents greedy,random --hands 500 --json\n"
    "  dominoes simulate --preset draw --players 3 --agents search,greedy,random --hands 50\n"
    "  dominoes simulate --matches 100 --workers 2\n"
    "  dominoes simulate --hands 100000 --scheduler tcp://scheduler:8786\n"
    "  dominoes simulate --agents my_bots.py:MyAgent,greedy --hands 200\n\n" + EXIT_CODES,
)
@ruleset_options("block")
# --agents is a twin of arena's in shape only: here one agent for every seat or one per seat
@click.option(
    "--agents",
    default="greedy",
    show_default=True,
    metavar="NAME[,NAME...]",
    help="One agent for every seat, or one per seat: random, greedy, search, or your own "
    "as module:Class or path/to/file.py:Class.",
)
@click.option("--hands", type=int, default=None, help="Hands to play (default: 100).")
@click.option("--matches", type=int, default=None, help="Play this many matches instead.")
@run_options
@click.option(
    "--search-worlds", type=click.IntRange(min=1), default=8, show_default=True,
    help="search: worlds per decision.",
)  # fmt: skip
@click.option(
    "--search-rollouts", type=click.IntRange(min=1), default=2, show_default=True,
    help="search: playouts per move and world.",
)  # fmt: skip
@scheduler_option
@output_options
@click.pass_context
def simulate(
    # a twin of arena's parameters on purpose: each command lists the options click
    # passes it by name (see there)
    ctx: click.Context,
    preset: str,
    players: int | None,
    partnership: bool,
    settings: tuple[tuple[str, Any], ...],
    agents: str,
    hands: int | None,
    matches: int | None,
    seed: int,
    workers: int,
    search_worlds: int,
    search_rollouts: int,
    scheduler: str | None,
    quiet: bool,
    as_json: bool,
) -> None:
    """Play many seeded hands (or matches) with agents and report the statistics.

    The report says how the hands ended (domino, blocked, forfeit, false block, and
    drawn hands), each side's mean points per hand and share of hands won, and the
    hand length in moves, with 95% confidence intervals; with --matches also the
    matches won and their length. The run is fixed by --seed: the same report for
    any number of --workers, or on a Dask cluster (--scheduler). A progress bar is
    shown on standard error when it is a terminal, unless --quiet or --json.
    """
    if hands is not None and matches is not None:
        raise click.UsageError("give --hands or --matches, not both")
    mode = Mode.HANDS if matches is None else Mode.MATCHES
    count = matches if matches is not None else (100 if hands is None else hands)
    option = "--matches" if matches is not None else "--hands"
    if count < 1:
        raise click.BadParameter(f"must be at least 1, got {count}", param_hint=f"'{option}'")
    if workers < 1:
        raise click.BadParameter(f"must be at least 1, got {workers}", param_hint="'--workers'")
    rules = build_rules(preset, players=players, partnership=partnership, settings=settings)
    names, built = make_agents(
        agents, rules.players, worlds=search_worlds, rollouts=search_rollouts
    )
    err = Console(stderr=True)
    enabled = not quiet and not as_json and stderr_is_terminal()
    try:
        with contextlib.ExitStack() as stack:
            executor, workers = stack.enter_context(executor_for(scheduler, workers))
            callback = stack.enter_context(
                progress_bar(err, count, f"simulating {mode.value}", enabled=enabled)
            )
            report = run_simulation(
                rules,
                built,
                count=count,
                seed=seed,
                mode=mode,
                names=names,
                preset=preset,
                workers=workers,
                executor=executor,
                progress=callback,
            )
    except (*AGENT_FAILURES, MatchError) as error:  # an agent failed; no hand was finished
        click.echo(f"dominoes simulate: {' '.join(str(error).split())}", err=True)
        ctx.exit(EXIT_USAGE)
    if as_json:
        click.echo(json.dumps(report.to_dict(), indent=2))
        return
    console = Console(highlight=False)
    for renderable in report_renderables(report):
        console.print(renderable, soft_wrap=isinstance(renderable, Text))
