"""``dominoes replay`` and ``dominoes validate``: print and check hand and match records.

Both read standard input for the file name ``-``, as Unix tools do; messages name it
``<stdin>``.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator
from typing import BinaryIO

import click

from dominoes.cli.common import EXIT_OK, EXIT_PROBLEM, EXIT_USAGE
from dominoes.cli.page import replay_page
from dominoes.cli.text import MAX_READ, replay_lines
from dominoes.errors import ArgumentValueError, RecordError
from dominoes.records import load
from dominoes.records import validate as check_record

__all__ = ["STDIN", "replay", "validate"]

STDIN = "<stdin>"
"""How messages name standard input (the file ``-``)."""


def _name(path: str) -> str:
    return STDIN if path == "-" else path


@contextlib.contextmanager
def _opened(path: str) -> Iterator[BinaryIO]:
    """The file at ``path`` opened for reading bytes; standard input for ``-``."""
    if path == "-":
        yield sys.stdin.buffer
        return
    with open(path, "rb") as fp:
        yield fp


@click.command(
    epilog="\b\nExamples:\n"
    "  dominoes replay hand.toml\n"
    "  dominoes replay tests/data/match.toml\n"
    "  dominoes replay - < hand.toml\n"
    "  dominoes replay tests/data/match.toml --html match.html --seat 1\n\n"
    "\b\nExit status: 0 ok, 1 the record is invalid (FILE:LINE: message on standard\n"
    "error), 2 a usage error or a file that cannot be read or written."
)
@click.argument("file", type=click.Path(dir_okay=True, allow_dash=True))
@click.option(
    "--html",
    "page",
    metavar="PAGE.html",
    help="Write a self-contained page that steps through the record instead (- for "
    "standard output).",
)
@click.option(
    "--seat",
    type=int,
    metavar="N",
    help="With --html: show seat N's view (default: an onlooker's, every hand face up).",
)
@click.pass_context
def replay(ctx: click.Context, file: str, page: str | None, seat: int | None) -> None:
    """Print a hand or match record (TOML or JSON) move by move.

    Each move is shown with the layout after it, then the result; a match record
    shows every hand and the scores. FILE - reads standard input. With --html, write
    a web page instead, with a picture of the table at each step, buttons and the
    arrow keys to step through it.
    """
    if seat is not None and page is None:
        raise click.UsageError("--seat applies to the --html page only.")
    name = _name(file)
    try:
        with _opened(file) as fp:
            record = load(fp)
    except OSError as error:
        click.echo(f"dominoes replay: cannot read {name}: {error.strerror or error}", err=True)
        ctx.exit(EXIT_USAGE)
    except RecordError as error:
        where = f"{name}:{error.line}" if error.line is not None else name
        message = str(error).removeprefix(f"line {error.line}: ")
        click.echo(f"{where}: {message}", err=True)
        ctx.exit(EXIT_PROBLEM)
    if page is None:
        for line in replay_lines(record):
            click.echo(line)
        return
    try:
        text = replay_page(record, seat)
    except ArgumentValueError as error:
        raise click.BadParameter(str(error), param_hint="'--seat'") from None
    if page == "-":
        click.echo(text, nl=False)
        return
    try:
        with open(page, "w", encoding="utf-8") as out:
            out.write(text)
    except OSError as error:
        click.echo(f"dominoes replay: cannot write {page}: {error.strerror or error}", err=True)
        ctx.exit(EXIT_USAGE)


@click.command(
    short_help="Check hand and match records.",
    epilog="\b\nExamples:\n"
    "  dominoes validate hand.toml\n"
    "  dominoes validate tests/data/*.toml\n"
    "  cat hand.toml | dominoes validate -\n\n"
    "\b\nExit status: 0 every record is valid, 1 a problem was found (one FILE:LINE:\n"
    "message line per problem), 2 a usage error or a file that cannot be read.",
)
@click.argument("files", nargs=-1, required=True, metavar="FILE...")
@click.pass_context
def validate(ctx: click.Context, files: tuple[str, ...]) -> None:
    """Check hand and match records; print FILE: ok or one line per problem.

    FILE - reads standard input (named <stdin> in the output).
    """
    status = EXIT_OK
    for path in files:
        name = _name(path)
        try:
            with _opened(path) as fp:
                text = fp.read(MAX_READ)
        except OSError as error:
            click.echo(
                f"dominoes validate: cannot read {name}: {error.strerror or error}", err=True
            )
            status = EXIT_USAGE
            continue
        problems = check_record(text)
        for problem in problems:
            where = f"{name}:{problem.line}" if problem.line is not None else name
            click.echo(f"{where}: {problem.message}")
        if problems:
            status = max(status, EXIT_PROBLEM)
        else:
            click.echo(f"{name}: ok")
    ctx.exit(status)
