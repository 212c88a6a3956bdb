"""The console sessions of docs/cli.md are what the commands print."""

from __future__ import annotations

import re
import shlex

import pytest
from click.testing import CliRunner

from dominoes.cli.app import cli
from paths import DOCS, ROOT

PAGE = (DOCS / "cli.md").read_text(encoding="utf-8")
BLOCKS = re.findall(r"```console\n(.*?)```", PAGE, re.DOTALL)
SESSIONS = [block for block in BLOCKS if not block.startswith("$ dominoes rules show")]


def run_session(command: str, monkeypatch: pytest.MonkeyPatch) -> tuple[int, list[str]]:
    """Run ``$ [printf '...' |] dominoes ARGS`` from the repository root, 80 columns wide."""
    answers = None
    if command.startswith("printf "):
        feed, _, command = command.partition(" | ")
        answers = shlex.split(feed)[1].replace("\\n", "\n")
    argv = shlex.split(command)
    assert argv[0] == "dominoes"
    monkeypatch.chdir(ROOT)
    result = CliRunner().invoke(cli, argv[1:], input=answers, env={"COLUMNS": "80"})
    return result.exit_code, [line.rstrip() for line in result.output.rstrip("\n").split("\n")]


def test_the_page_has_the_main_sessions() -> None:
    commands = [block.split("\n", 1)[0] for block in SESSIONS]
    assert "$ dominoes demo" in commands
    for name in ("play", "simulate", "rules", "replay", "validate", "arena"):
        assert any(c.startswith(f"$ dominoes {name}") or f"| dominoes {name}" in c
                   for c in commands), name  # fmt: skip


@pytest.mark.parametrize("block", SESSIONS, ids=lambda b: b.split("\n", 1)[0][2:40])
def test_console_session(block: str, monkeypatch: pytest.MonkeyPatch) -> None:
    command, *expected = block.rstrip("\n").split("\n")
    code, out = run_session(command.removeprefix("$ "), monkeypatch)
    assert out == expected
    # a game through a pipe ends with its input (status 1), unless it was conceded
    assert code == (1 if expected[-1] == "End of input: the game was left unfinished." else 0)


def test_commands_without_output_run(monkeypatch: pytest.MonkeyPatch) -> None:
    shown = [b for b in BLOCKS if b.startswith("$ dominoes rules show")]
    assert shown
    for block in shown:
        for line in block.strip().split("\n"):
            code, out = run_session(line.removeprefix("$ "), monkeypatch)
            assert code == 0
            assert out[0]
