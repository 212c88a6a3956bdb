"""What the commands share: ruleset options, ``--set field=value``, agents, the width of
the output and exit codes."""

from __future__ import annotations

import ast
import contextlib
import functools
import inspect
import itertools
import os
import shutil
import sys
import warnings
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

import attrs
import click
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

from dominoes.agents import Agent, load_agent
from dominoes.arena import AGENT_NAMES, ProgressCallback, make_agent
from dominoes.errors import (
    AgentError,
    AmbiguousPresetWarning,
    ArgumentError,
    FieldValueError,
    RulesetError,
)
from dominoes.presets import Preset, find_preset
from dominoes.rules import MAX_PLAYERS, RULESET_FIELDS, Ruleset

__all__ = [
    "AGENT_FAILURES",
    "EXIT_CODES",
    "EXIT_OK",
    "EXIT_PROBLEM",
    "EXIT_USAGE",
    "MIN_WIDTH",
    "build_rules",
    "field_docs",
    "make_agents",
    "named_preset",
    "output_options",
    "parse_setting",
    "ruleset_options",
    "run_options",
    "terminal_width",
]

EXIT_OK = 0
"""The exit status of a command that did what it was asked."""
EXIT_PROBLEM = 1
"""The exit status of a command that found a problem (a bad record, an unfinished game)."""
EXIT_USAGE = 2
"""The exit status of a usage error (a bad option or value, an unreadable file)."""

AGENT_FAILURES = (AgentError, RulesetError)
"""What playing agents may raise that a command reports in one line, exit status 2: an
agent that failed or chose an illegal move (`AgentError`), or one that cannot play the
game (`RulesetError`: the search agent on a game whose worlds it cannot sample yet)."""

EXIT_CODES = "\b\nExit status: 0 ok, 1 a problem found, 2 a usage error (a bad option or value)."
"""The epilog line every command's help ends with."""

F = TypeVar("F", bound=Callable[..., Any])


def parse_setting(text: str) -> tuple[str, Any]:
    """One ``field=value`` override of a `Ruleset` field, with the value converted
    (`dominoes.fields.FieldTable.parse_setting`, with a usage error for the command line).

    Enum fields take a member's value or name (any case), ``bool`` fields
    ``true``/``false`` (or ``yes``/``no``, ``1``/``0``), ``int`` fields a number, and
    the optional fields ``none`` as well; ``opening_tile`` takes a tile such as ``6-6``.

    >>> parse_setting("scoring=cascade")
    ('scoring', <Scoring.CASCADE: 'cascade'>)
    >>> parse_setting("target=none"), parse_setting("stock_pips=yes")
    (('target', None), ('stock_pips', True))

    Raises:
        click.BadParameter: the text is not ``field=value``, there is no such field, or
            the value does not fit the field.
    """
    try:
        return RULESET_FIELDS.parse_setting(text)
    except FieldValueError as error:
        raise click.BadParameter(str(error)) from None
    except RulesetError as error:  # no such field
        fields = ", ".join(RULESET_FIELDS.names)
        raise click.BadParameter(f"{error}; fields: {fields}") from None
    except ArgumentError as error:
        raise click.BadParameter(str(error)) from None


@functools.cache
def field_docs() -> dict[str, str]:
    """Each `Ruleset` field's documentation (the string under it in the source), on one line.

    Empty when the source cannot be read (for example in a frozen application).
    """
    try:
        source = inspect.getsource(Ruleset)
    except (OSError, TypeError):  # pragma: no cover - only without the source files
        return {}
    body = ast.parse(inspect.cleandoc(source)).body[0]
    assert isinstance(body, ast.ClassDef)
    docs: dict[str, str] = {}
    for item, after in itertools.pairwise(body.body):
        if (
            isinstance(item, ast.AnnAssign)
            and isinstance(item.target, ast.Name)
            and isinstance(after, ast.Expr)
            and isinstance(after.value, ast.Constant)
            and isinstance(after.value.value, str)
        ):
            docs[item.target.id] = " ".join(after.value.value.split()).replace("`", "")
    return docs


def build_rules(
    preset: str,
    *,
    players: int | None = None,
    partnership: bool = False,
    settings: Sequence[tuple[str, Any]] = (),
) -> Ruleset:
    """The ruleset of a command's ``--preset``, ``--players``, ``--partnership`` and ``--set``.

    ``--partnership`` without ``--players`` means four players.

    Raises:
        click.BadParameter: no preset has that name.
        click.UsageError: the options make an impossible ruleset.
    """
    found = named_preset(preset, "'--preset'")
    options: dict[str, Any] = dict(settings)
    if players is not None:
        options["players"] = players
    if partnership:
        options["partnership"] = True
        options.setdefault("players", 4)
    try:
        return found.build(**options)
    except (RulesetError, TypeError, ValueError) as error:
        raise click.UsageError(f"bad ruleset: {error}") from None


def named_preset(name: str, hint: str) -> Preset:
    """The preset a command was given by ``name``; an ambiguous alias (``latin``) is
    taken with a one-line note on standard error saying which preset it picked.

    Raises:
        click.BadParameter: no preset has that name (``hint`` names the parameter).
    """
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", AmbiguousPresetWarning)
        try:
            found = find_preset(name)
        except KeyError as error:
            raise click.BadParameter(str(error.args[0]), param_hint=hint) from None
    for warning in caught:
        click.echo(f"note: {warning.message}", err=True)
    return found


def set_option(function: F) -> F:
    """The ``--set FIELD=VALUE`` option (repeatable); the function gets ``settings``, a
    tuple of ``(field, value)`` pairs."""
    return click.option(
        "--set",
        "settings",
        metavar="FIELD=VALUE",
        multiple=True,
        callback=lambda _ctx, _param, value: tuple(parse_setting(v) for v in value),
        help="Override a ruleset field, e.g. --set scoring=cascade (repeatable; "
        "see `dominoes rules show`).",
    )(function)


def stderr_is_terminal() -> bool:
    """Whether standard error is a terminal (where progress bars are shown)."""
    return sys.stderr.isatty()


@contextlib.contextmanager
def progress_bar(
    console: Console, total: int, label: str, *, enabled: bool = True
) -> Iterator[ProgressCallback | None]:
    """A rich progress bar labelled ``label`` on ``console``, as a ``callback(done,
    total)``; ``None`` when not ``enabled``."""
    if not enabled:
        yield None
        return
    bar = Progress(
        TextColumn(label),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=True,
    )
    task = bar.add_task(label, total=total)

    def update(done: int, _total: int) -> None:
        bar.update(task, completed=done)

    with bar:
        yield update


def ruleset_options(default_preset: str) -> Callable[[F], F]:
    """The options ``--preset``, ``--players``, ``--partnership`` and ``--set`` of a command.

    The decorated function gets ``preset``, ``players``, ``partnership`` and
    ``settings`` (a tuple of ``(field, value)`` pairs).
    """
    names = ", ".join(Ruleset.presets())

    def decorate(function: F) -> F:
        function = set_option(function)
        function = click.option(
            "--partnership",
            is_flag=True,
            help="Four players in two sides, seats 0+2 against 1+3.",
        )(function)
        function = click.option(
            "--players",
            type=click.IntRange(2, MAX_PLAYERS),
            default=None,
            help="Number of seats (default: the preset's).",
        )(function)
        return click.option(
            "--preset",
            default=default_preset,
            show_default=True,
            metavar="NAME",
            help=f"The ruleset preset or an alias: {names}.",
        )(function)

    return decorate


def run_options(function: F) -> F:
    """The options ``--seed`` and ``--workers`` of a command that plays a run (``arena``,
    ``simulate``); the decorated function gets ``seed`` and ``workers``."""
    function = click.option(
        "--workers", type=int, default=1, show_default=True, help="Worker processes to play in."
    )(function)
    return click.option(
        "--seed", type=int, default=0, show_default=True, help="The seed of the run."
    )(function)


def output_options(function: F) -> F:
    """The options ``--quiet`` and ``--json`` of a command that reports on a run; the
    decorated function gets ``quiet`` and ``as_json``."""
    function = click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")(
        function
    )
    return click.option("--quiet", "-q", is_flag=True, help="No progress bar.")(function)


MIN_WIDTH = 40
"""The narrowest output `terminal_width` gives."""


def terminal_width() -> int:
    """The width the output of ``play`` and ``demo`` fits in: the ``COLUMNS`` variable,
    else the width of the terminal standard output is, else 80 (at least `MIN_WIDTH`)."""
    return max(MIN_WIDTH, shutil.get_terminal_size((80, 24)).columns)


def agent_names(spec: str) -> tuple[str, ...]:
    """The comma-separated agents of ``spec``: built-in names in lower case, a user's
    agent (``module:Class``, ``path/to/file.py:Class``) as given."""
    names = (n.strip() for n in spec.split(","))
    return tuple(n if ":" in n else n.lower() for n in names)


BATCH_SEARCH = "batch-search"
"""The command line's name of `dominoes.batch_search.BatchSearchAgent` (the numpy extra),
with the search's worlds and rollouts."""


def _batch_search(worlds: int, rollouts: int) -> Agent:
    """`BatchSearchAgent` with ``worlds`` and ``rollouts``, loaded by name (so that the
    command line does not import numpy unless it is asked for it).

    Raises:
        AgentError: numpy is not installed.
    """
    loaded = load_agent("dominoes.batch_search:BatchSearchAgent")
    agent: Agent = attrs.evolve(loaded.agent, worlds=worlds, rollouts=rollouts)
    return agent


def make_agents(
    spec: str, seats: int, *, worlds: int = 8, rollouts: int = 2, option: str = "--agents"
) -> tuple[tuple[str, ...], tuple[Agent, ...]]:
    """The agents of ``spec``: one agent for every seat, or one per seat, comma-separated.

    An agent is a built-in name, ``batch-search`` (`BatchSearchAgent`, with numpy) or a
    user's agent, ``module:Class`` or
    ``path/to/file.py:Class`` (`dominoes.agents.load_agent`); a module is looked for
    in the current directory too. The same user's agent named twice is loaded once.

    Returns:
        The names and the agents, one per seat.

    Raises:
        click.BadParameter: an unknown name, an agent that cannot be loaded, or neither
            one agent nor one per seat.
    """
    names = agent_names(spec)
    if len(names) == 1:
        names = names * seats
    if len(names) != seats:
        raise click.BadParameter(
            f"give one agent for every seat or one per seat ({seats}), got {spec!r}",
            param_hint=f"'{option}'",
        )
    if any(":" in name for name in names) and os.getcwd() not in sys.path:
        sys.path.append(os.getcwd())  # as `python -m` would find a module next to you
    built: dict[str, Agent] = {}
    for name in names:
        if ":" not in name and name not in (*AGENT_NAMES, BATCH_SEARCH):
            raise click.BadParameter(
                f"unknown agent {name!r}; agents: {', '.join(AGENT_NAMES)}, {BATCH_SEARCH}, "
                "or a user's agent as module:Class or path/to/file.py:Class",
                param_hint=f"'{option}'",
            )
        if name not in built:
            try:
                if name == BATCH_SEARCH:
                    built[name] = _batch_search(worlds, rollouts)
                else:
                    built[name] = make_agent(name, worlds=worlds, rollouts=rollouts)
            except AgentError as error:
                raise click.BadParameter(str(error), param_hint=f"'{option}'") from None
    return names, tuple(built[name] for name in names)
