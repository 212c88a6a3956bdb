"""``dominoes rules``: the presets, and every option of one ruleset."""

from __future__ import annotations

import json
from typing import Any

import click
from rich.console import Console
from rich.table import Table
from rich.text import Text

from dominoes.cli.common import EXIT_CODES, build_rules, field_docs, named_preset, set_option
from dominoes.presets import PRESETS
from dominoes.rules import MAX_PLAYERS, RULESET_FIELDS, Ruleset
from dominoes.words import describe_match

__all__ = ["preset_rows", "rules", "ruleset_rows"]


def preset_rows() -> list[dict[str, Any]]:
    """Every preset as ``{"name", "aliases", "summary"}``, in documentation order."""
    return [
        {"name": p.name, "aliases": list(p.aliases), "summary": p.summary} for p in PRESETS.values()
    ]


def ruleset_rows(rules: Ruleset, changed: frozenset[str] = frozenset()) -> list[dict[str, Any]]:
    """Every field of ``rules`` as ``{"field", "value", "set", "doc"}``, in field order.

    ``set`` says whether the field is in ``changed`` (given with ``--set`` or
    ``--players``); ``doc`` is the field's documentation, or empty.
    """
    docs = field_docs()
    return [
        {
            "field": codec.name,
            "value": codec.to_data(getattr(rules, codec.name)),
            "set": codec.name in changed,
            "doc": docs.get(codec.name, ""),
        }
        for codec in RULESET_FIELDS.codecs
    ]


@click.group(
    invoke_without_command=True,
    epilog="\b\nExamples:\n"
    "  dominoes rules\n"
    "  dominoes rules --json\n"
    "  dominoes rules show partnership\n"
    "  dominoes rules show draw --players 3 --set scoring=cascade --json\n\n" + EXIT_CODES,
)
@click.option("--json", "as_json", is_flag=True, help="Print the list as JSON.")
@click.pass_context
def rules(ctx: click.Context, as_json: bool) -> None:
    """List the ruleset presets: name, aliases and what each one is.

    `dominoes rules show NAME` prints every option of one preset.
    """
    if ctx.invoked_subcommand is not None:
        return
    rows = preset_rows()
    if as_json:
        click.echo(json.dumps(rows, indent=2))
        return
    table = Table()
    table.add_column("preset", style="bold", no_wrap=True)
    table.add_column("aliases")
    table.add_column("description")
    for row in rows:
        table.add_row(Text(row["name"]), Text(", ".join(row["aliases"])), Text(row["summary"]))
    console = Console(highlight=False)
    console.print(Text("Ruleset presets (dominoes rules show NAME for the options):"))
    console.print(table)


@rules.command(
    epilog="\b\nExamples:\n"
    "  dominoes rules show block\n"
    "  dominoes rules show latin --set target=150\n"
    "  dominoes rules show draw --players 4 --json\n\n" + EXIT_CODES,
)
@click.argument("name")
@click.option(
    "--players", type=click.IntRange(2, MAX_PLAYERS), default=None, help="Number of seats."
)
@set_option
@click.option("--json", "as_json", is_flag=True, help="Print the ruleset as JSON.")
def show(
    name: str, players: int | None, settings: tuple[tuple[str, Any], ...], as_json: bool
) -> None:
    """Show every option of the preset NAME: field, value and what the field means.

    Fields changed with --set or --players are marked with a *.
    """
    preset = named_preset(name, "'NAME'")
    ruleset = build_rules(preset.name, players=players, settings=settings)
    changed = frozenset(field for field, _ in settings) | (
        frozenset({"players"}) if players is not None else frozenset()
    )
    rows = ruleset_rows(ruleset, changed)
    if as_json:
        data = {
            "preset": preset.name,
            "aliases": list(preset.aliases),
            "summary": preset.summary,
            "match_target": ruleset.match_target,
            "fields": rows,
        }
        click.echo(json.dumps(data, indent=2))
        return
    console = Console(highlight=False)
    console.print(f"{preset.name}: {preset.summary}", markup=False)
    if preset.aliases:
        console.print(f"Aliases: {', '.join(preset.aliases)}.", markup=False)
    table = Table()
    table.add_column("field", style="bold", no_wrap=True)
    table.add_column("value", no_wrap=True)
    table.add_column("meaning")
    for row in rows:
        mark = " *" if row["set"] else ""
        shown = RULESET_FIELDS[row["field"]].to_text(getattr(ruleset, row["field"]))
        table.add_row(Text(row["field"]), Text(shown + mark), Text(row["doc"]))
    console.print(table)
    console.print(f"A match is played {describe_match(ruleset)}.", markup=False)
