"""``dominoes arena``: two agents against each other, with 95% confidence intervals."""

from __future__ import annotations

import contextlib
import json
import sys
import time
from typing import Any, TextIO

import attrs
import click
from rich.console import Console

from dominoes.arena import Arena, ArenaError
from dominoes.cli.cluster import executor_for, scheduler_option
from dominoes.cli.common import (
    AGENT_FAILURES,
    EXIT_CODES,
    EXIT_USAGE,
    agent_names,
    build_rules,
    make_agents,
    output_options,
    progress_bar,
    ruleset_options,
    run_options,
    stderr_is_terminal,
)

__all__ = ["DEFAULT_HANDS", "ProgressLine", "arena", "progress_bar", "stderr_is_terminal"]

DEFAULT_HANDS = 200
"""The hands ``dominoes arena`` plays when given neither ``--hands`` nor ``--matches``."""


class ProgressLine:
    """A one-line progress display on a text stream (standard error by default), for
    ``--progress`` when standard error is not a terminal: a ``callback(done, total)``."""

    def __init__(self, stream: TextIO | None = None, unit: str = "hands") -> None:
        self.stream = stream if stream is not None else sys.stderr
        self.unit = unit
        self.start = time.perf_counter()

    def __call__(self, done: int, total: int) -> None:
        elapsed = time.perf_counter() - self.start
        eta = elapsed / done * (total - done) if done else 0.0
        end = "\n" if done >= total else ""
        self.stream.write(
            f"\rarena: {done}/{total} {self.unit} ({100 * done // max(total, 1)}%), "
            f"{elapsed:.0f} s elapsed, about {eta:.0f} s left   {end}"
        )
        self.stream.flush()


@click.command(
    short_help="Two agents against each other, with 95% confidence intervals.",
    epilog="\b\nExamples:\n"
    "  dominoes arena --agents search,greedy --hands 2000 --workers 2\n"
    "  dominoes arena --preset partnership --agents greedy,random --hands 1000 --json\n"
    "  dominoes arena --agents greedy,random --matches 100 --set target=50 --workers 2\n"
    "  dominoes arena --agents my_bots.py:MyAgent,greedy --hands 400\n"
    "  dominoes arena --hands 100000 --scheduler tcp://scheduler:8786\n\n" + EXIT_CODES,
)
@ruleset_options("block")
# --agents is a twin of simulate's in shape only: here two agents, A against B
@click.option(
    "--agents",
    default="greedy,random",
    show_default=True,
    metavar="A,B",
    help="Two agents, comma-separated: random, greedy, search, batch-search (the search "
    "with its playouts in the batched engine; needs numpy), or your own as "
    "module:Class or path/to/file.py:Class.",
)
@click.option(
    "--hands",
    type=int,
    default=None,
    help=f"Hands to play, a multiple of 2 (each deal under both seatings; default: "
    f"{DEFAULT_HANDS}).",
)
@click.option(
    "--matches",
    type=int,
    default=None,
    help="Play this many matches to the target score instead (--set target=N; default 100 "
    "for two sides, 61 for three or four players), a multiple of 2 (each match under both "
    "seatings).",
)
@run_options
@click.option(
    "--search-worlds",
    type=int,
    default=8,
    show_default=True,
    help="search, batch-search: worlds per decision.",
)
@click.option(
    "--search-rollouts",
    type=int,
    default=2,
    show_default=True,
    help="search, batch-search: playouts per move and world.",
)
@click.option(
    "--progress",
    is_flag=True,
    help="Always show progress: the bar on a terminal, else a progress line.",
)
@scheduler_option
@output_options
@click.pass_context
def arena(
    # a twin of simulate's parameters on purpose: click passes a command its options by
    # name, so each command lists its own (what they share is declared once: the
    # ruleset, run and output options)
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
    progress: bool,
    scheduler: str | None,
    quiet: bool,
    as_json: bool,
) -> None:
    """Play two agents against each other on seeded deals and report who is better.

    Every deal is played under both seatings; the report gives each agent's win
    rate and mean margin with 95% confidence intervals over deals. With --matches,
    whole matches to the target score are played instead, each match seed under both
    seatings, and the report gives the match win rate, the mean final-score margin
    and the hands per match. The report does not depend on the number of workers, nor
    on running on a Dask cluster (--scheduler).
    A progress bar is shown on standard error when it is a terminal, unless --quiet
    or --json.
    """
    if hands is not None and matches is not None:
        raise click.UsageError("give --hands or --matches, not both")
    if progress and quiet:
        raise click.UsageError("give --progress or --quiet, not both")
    if hands is None and matches is None:
        hands = DEFAULT_HANDS
    rules = build_rules(preset, players=players, partnership=partnership, settings=settings)
    names = list(agent_names(agents))
    if len(names) != 2:
        raise click.BadParameter(
            f"--agents takes two names, e.g. search,greedy; got {agents!r}", param_hint="'--agents'"
        )
    if search_worlds < 1 or search_rollouts < 1:
        raise click.UsageError("--search-worlds and --search-rollouts must be at least 1")
    _, built = make_agents(agents, 2, worlds=search_worlds, rollouts=search_rollouts)
    labels = names if names[0] != names[1] else [f"{names[0]}#1", f"{names[1]}#2"]
    try:
        run = Arena(
            rules=rules,
            agents=tuple(zip(labels, built, strict=True)),
            hands=hands,
            matches=matches,
            seed=seed,
            workers=workers,
        )
    except ValueError as error:
        raise click.UsageError(str(error)) from None
    unit = run.mode.value
    total = run.deals * len(labels)
    terminal = stderr_is_terminal()
    try:
        with contextlib.ExitStack() as stack:
            executor, count = stack.enter_context(executor_for(scheduler, workers))
            if executor is not None:
                run = attrs.evolve(run, workers=count)
            callback = None
            if terminal and (progress or not (quiet or as_json)):
                callback = stack.enter_context(
                    progress_bar(Console(stderr=True), total, f"arena: {unit}")
                )
            elif progress:
                callback = ProgressLine(unit=unit)
            report = run.run(progress=callback, executor=executor)
    except (*AGENT_FAILURES, ArenaError) as error:  # an agent failed, or cannot play
        click.echo(f"dominoes arena: {' '.join(str(error).split())}", err=True)
        ctx.exit(EXIT_USAGE)
    if as_json:
        click.echo(json.dumps({"preset": preset, **report.to_dict()}, indent=2))
    else:
        click.echo(f"preset {preset}: " + report.format())
