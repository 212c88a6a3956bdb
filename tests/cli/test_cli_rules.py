"""``dominoes rules`` and ``dominoes rules show``, and the ``--set FIELD=VALUE`` parser."""

from __future__ import annotations

import json
import re

import attrs
import click
import pytest
from click.testing import CliRunner, Result

from dominoes import Ruleset, Scoring, Tile
from dominoes.cli.app import cli
from dominoes.cli.common import field_docs, parse_setting
from dominoes.presets import PRESETS
from dominoes.rules import RULESET_FIELDS


def run(*argv: str) -> Result:
    return CliRunner().invoke(cli, ["rules", *argv], env={"COLUMNS": "200"})


def test_rules_lists_every_preset() -> None:
    result = run()
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert lines[0] == "Ruleset presets (dominoes rules show NAME for the options):"
    for preset in PRESETS.values():
        at = next(n for n, line in enumerate(lines) if f"│ {preset.name} " in line)
        # a long description goes on under its row, in its own column
        cells = [lines[at].split("│")[1:4]]
        for line in lines[at + 1 :]:
            if not line.startswith("│ ") or line.split("│")[1].strip():
                break
            cells.append(line.split("│")[1:4])
        aliases, summary = (" ".join(c[k].strip() for c in cells).strip() for k in (1, 2))
        assert summary == preset.summary
        assert aliases == ", ".join(preset.aliases)


def test_rules_json() -> None:
    result = run("--json")
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert [p["name"] for p in data] == list(Ruleset.presets())
    assert data[2] == {
        "name": "partnership",
        "aliases": ["latin", "international", "pairs"],
        "summary": PRESETS["partnership"].summary,
    }


def test_rules_show_every_field() -> None:
    result = run("show", "latin")
    assert result.exit_code == 0
    # an ambiguous alias: a one-line note on standard error says which preset it picked
    assert result.stderr == (
        "note: the preset name 'latin' also names other games; it picked 'partnership': "
        f"{PRESETS['partnership'].summary}\n"
    )
    out = result.stdout
    assert out.startswith(f"partnership: {PRESETS['partnership'].summary}\n")
    assert "Aliases: latin, international, pairs." in out
    for field in attrs.fields(Ruleset):
        assert f"│ {field.name} " in out
    assert re.search(r"│ opening_tile +│ 6-6 ", out)
    assert re.search(r"│ target +│ 100 ", out)
    assert "Rule MATCH-1: the score that ends a match" in out
    assert out.endswith("A match is played to 100 points.\n")


def test_rules_show_with_settings_json() -> None:
    result = run("show", "draw", "--players", "3", "--set", "scoring=CASCADE", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["preset"] == "draw"
    assert data["match_target"] == 61
    fields = {row["field"]: row for row in data["fields"]}
    assert list(fields) == [f.name for f in attrs.fields(Ruleset)]
    assert fields["scoring"]["value"] == "cascade"
    assert fields["scoring"]["set"] is True
    assert fields["players"] == {**fields["players"], "value": 3, "set": True}
    assert fields["hand_size"]["value"] == 5
    assert fields["hand_size"]["set"] is False
    assert fields["target"]["value"] is None
    assert fields["voluntary_draw"]["value"] is False
    assert fields["drawing"]["doc"].startswith("Whether a player who cannot play draws")


def test_rules_show_marks_what_was_set() -> None:
    result = run("show", "block", "--set", "stock_pips=true")
    assert re.search(r"│ stock_pips +│ true \* ", result.output)
    assert re.search(r"│ players +│ 2 ", result.output)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["show"], "Missing argument 'NAME'"),
        (["show", "kansas"], "no preset named 'kansas'"),
        (["show", "block", "--set", "drawing=until_playable"], "bad ruleset: the Block game"),
        (["show", "block", "--set", "hand_size=x"], "hand_size must be an integer, got 'x'"),
        (["show", "block", "--players", "1"], "not in the range 2<=x<=12"),
        (["list"], "No such command 'list'"),
    ],
)
def test_rules_usage_errors(argv: list[str], message: str) -> None:
    result = run(*argv)
    assert result.exit_code == 2
    assert message in result.stderr


def test_parse_setting() -> None:
    assert parse_setting("scoring=all_pips") == ("scoring", Scoring.ALL_PIPS)
    assert parse_setting(" block-tie = SPLIT ") == (
        "block_tie",
        parse_setting("block_tie=split")[1],
    )
    assert parse_setting("opening_tile=6-5") == ("opening_tile", Tile(5, 6))
    assert parse_setting("opening_tile=none") == ("opening_tile", None)
    assert parse_setting("stock_pips=off") == ("stock_pips", False)
    assert parse_setting("round_to=5") == ("round_to", 5)
    for bad, message in [
        ("=3", "expected FIELD=VALUE"),
        ("colour=red", "no ruleset field 'colour'"),
        ("scoring=most", "scoring must be one of opponents, "),
        ("round_to=none", "round_to must be an integer, got 'none'"),
    ]:
        with pytest.raises(click.BadParameter, match=message):
            parse_setting(bad)


def test_field_helpers() -> None:
    assert RULESET_FIELDS["scoring"].to_data(Scoring.PENALTY) == "penalty"
    assert RULESET_FIELDS["stock_pips"].to_data(True) is True
    docs = field_docs()
    assert set(docs) == {f.name for f in attrs.fields(Ruleset)}
    assert docs["max_pip"] == "The set is double-max_pip."
