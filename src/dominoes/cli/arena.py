"""``dominoes arena``: two agents against each other, with 95% confidence intervals."""

from __future__ import annotations

import json
from typing import Any

import click

from dominoes.arena import Arena
from dominoes.cli.common import EXIT_CODES, build_rules, make_agents, ruleset_options

__all__ = ["arena"]


@click.command(
    short_help="Two agents against each other, with 95% confidence intervals.",
    epilog="\b\nExamples:\n"
    "  dominoes arena --agents search,greedy --hands 2000 --workers 2\n"
    "  dominoes arena --preset partnership --agents greedy,random --hands 1000 --json\n\n"
    + EXIT_CODES,
)
@ruleset_options("block")
@click.option(
    "--agents",
    default="greedy,random",
    show_default=True,
    metavar="A,B",
    help="Two agents, comma-separated, from random, greedy, search.",
)
@click.option(
    "--hands",
    type=int,
    default=200,
    show_default=True,
    help="Hands to play, a multiple of 2 (each deal under both seatings).",
)
@click.option("--seed", type=int, default=0, show_default=True, help="The seed of the run.")
@click.option(
    "--workers", type=int, default=1, show_default=True, help="Worker processes to play in."
)
@click.option(
    "--search-worlds", type=int, default=8, show_default=True, help="search: worlds per decision."
)
@click.option(
    "--search-rollouts",
    type=int,
    default=2,
    show_default=True,
    help="search: playouts per move and world.",
)
@click.option("--progress", is_flag=True, help="Show a progress line on standard error.")
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
def arena(
    preset: str,
    players: int | None,
    partnership: bool,
    settings: tuple[tuple[str, Any], ...],
    agents: str,
    hands: int,
    seed: int,
    workers: int,
    search_worlds: int,
    search_rollouts: int,
    progress: bool,
    as_json: bool,
) -> None:
    """Play two agents against each other on seeded deals and report who is better.

    Every deal is played under both seatings; the report gives each agent's win
    rate and mean margin with 95% confidence intervals over deals. The report does
    not depend on the number of workers.
    """
    rules = build_rules(preset, players=players, partnership=partnership, settings=settings)
    names = [n.strip() for n in agents.split(",")]
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
            seed=seed,
            workers=workers,
        )
    except ValueError as error:
        raise click.UsageError(str(error)) from None
    report = run.run(progress=progress)
    if as_json:
        click.echo(json.dumps({"preset": preset, **report.to_dict()}, indent=2))
    else:
        click.echo(f"preset {preset}: " + report.format())
