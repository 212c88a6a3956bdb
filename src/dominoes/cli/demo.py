"""``dominoes demo``: one seeded hand played by simple players, printed move by move."""

from __future__ import annotations

from typing import Any

import click

from dominoes.cli.common import EXIT_CODES, build_rules, set_option, terminal_width
from dominoes.cli.text import demo_lines
from dominoes.rules import MAX_PLAYERS

__all__ = ["demo"]


@click.command(
    short_help="One seeded hand played by simple players, move by move.",
    epilog="\b\nExamples:\n"
    "  dominoes demo\n"
    "  dominoes demo --game block --players 4 --partnership --seed 3\n"
    "  dominoes demo --preset pagat-draw --seed 1\n\n" + EXIT_CODES,
)
@click.option(
    "--game",
    type=click.Choice(["draw", "block"]),
    default=None,
    help="The Draw game or the Block game (default: draw).",
)
@click.option("--preset", metavar="NAME", default=None, help="A ruleset preset instead of --game.")
@click.option(
    "--players",
    type=click.IntRange(2, MAX_PLAYERS),
    default=None,
    help="Number of seats (default: 2, or the preset's).",
)
@click.option("--partnership", is_flag=True, help="4 players, seats 0+2 against 1+3.")
@set_option
@click.option("--seed", type=int, default=25, show_default=True, help="The seed of the deal.")
def demo(
    game: str | None,
    preset: str | None,
    players: int | None,
    partnership: bool,
    settings: tuple[tuple[str, Any], ...],
    seed: int,
) -> None:
    """Play one seeded hand with simple players and print it move by move.

    Every seat lays its heaviest playable tile, and draws or passes when it must.
    The output ends with the result and, when the hand blocks, the verification
    round that established the block. The default hand (the Draw game, seed 25)
    blocks. Lines fit the terminal (the line of play is shortened, "...", when it
    does not fit; COLUMNS sets the width, 80 when the output is not a terminal).
    """
    if game is not None and preset is not None:
        raise click.UsageError("give --game or --preset, not both")
    if partnership and players != 4:
        raise click.UsageError("--partnership needs --players 4")
    rules = build_rules(
        preset or game or "draw", players=players, partnership=partnership, settings=settings
    )
    for line in demo_lines(rules, seed, terminal_width()):
        click.echo(line)
