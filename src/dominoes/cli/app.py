"""The ``dominoes`` click group: every command, ``--version`` and ``--help``."""

from __future__ import annotations

import click

from dominoes import __version__
from dominoes.cli.arena import arena
from dominoes.cli.common import EXIT_CODES
from dominoes.cli.demo import demo
from dominoes.cli.play import play
from dominoes.cli.records import replay, validate
from dominoes.cli.rules import rules
from dominoes.cli.simulate import simulate

__all__ = ["cli"]

CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 100}


@click.group(
    context_settings=CONTEXT,
    epilog="\b\nExamples:\n"
    "  dominoes demo\n"
    "  dominoes play --preset draw --opponents greedy --seed 7\n"
    "  dominoes simulate --preset partnership --agents greedy --hands 1000\n"
    "  dominoes rules show pagat-draw\n\n" + EXIT_CODES,
)
@click.version_option(
    __version__, "-V", "--version", prog_name="dominoes", message="%(prog)s %(version)s"
)
def cli() -> None:
    """A rules library for dominoes: play, watch, simulate and check games.

    Run `dominoes COMMAND --help` for a command's options and examples.
    """


for command in (play, demo, simulate, rules, replay, validate, arena):
    cli.add_command(command)
