"""``dominoes arena``: the arena from the command line (the port of the argparse command)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from click.testing import CliRunner

from dominoes import Ruleset
from dominoes.agents import Agent, GreedyAgent, RandomAgent
from dominoes.arena import run_arena
from dominoes.cli import main
from dominoes.cli.app import cli

BLOCK = Ruleset.block()
CHEAP: dict[str, Agent] = {"greedy": GreedyAgent(), "random": RandomAgent()}


def run_main(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["arena", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_arena_prints_the_report(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_main(capsys, "--hands", "10")
    assert code == 0
    assert err == ""
    lines = out.splitlines()
    assert lines[0] == (
        "preset block: Block game, 2 players, double-6: 10 hands (5 deals x 2 seatings), seed 0"
    )
    assert lines[1:] == run_arena(BLOCK, CHEAP, hands=10, seed=0).format().splitlines()[1:]


def test_arena_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_main(
        capsys, "--agents", "search,random", "--hands", "4", "--partnership", "--seed", "3",
        "--search-worlds", "1", "--search-rollouts", "1", "--json",
    )  # fmt: skip
    assert code == 0
    data = json.loads(out)
    assert data["preset"] == "block"
    assert data["rules"] == "Block game, 4 players in partnership, double-6"
    assert (data["hands"], data["deals"], data["seed"]) == (4, 2, 3)
    assert [a["name"] for a in data["agents"]] == ["search", "random"]


def test_arena_same_agent_twice(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_main(capsys, "--agents", "greedy,greedy", "--hands", "6", "--json")
    assert code == 0
    agents = json.loads(out)["agents"]
    assert [a["name"] for a in agents] == ["greedy#1", "greedy#2"]
    assert [a["mean_margin"] for a in agents] == [0.0, 0.0]


def test_arena_presets_players_settings_and_workers(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_main(capsys, "--preset", "draw", "--players", "3", "--hands", "4")
    assert code == 0
    assert out.startswith("preset draw: Draw game, 3 players, double-6: 4 hands")
    code, out, _ = run_main(capsys, "--preset", "openspiel-team", "--hands", "4", "--workers", "2")
    assert code == 0
    assert "4 players in partnership" in out.splitlines()[0]
    code, one, _ = run_main(capsys, "--set", "scoring=cascade", "--hands", "8", "--json")
    code, two, _ = run_main(
        capsys, "--set", "scoring=cascade", "--hands", "8", "--json", "--workers", "2"
    )
    assert code == 0
    assert json.loads(one) == json.loads(two)


def test_arena_progress(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run_main(capsys, "--hands", "4", "--progress")
    assert code == 0
    assert "arena: 4/4 hands (100%)" in err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--hands", "9"], "positive multiple of 2"),
        (["--hands", "x"], "'x' is not a valid integer"),
        (["--preset", "nope"], "no preset named 'nope'"),
        (["--agents", "greedy"], "two names"),
        (["--agents", "greedy,wizard"], "unknown agent 'wizard'"),
        (["--preset", "partnership", "--players", "2"], "bad ruleset"),
        (["--players", "3", "--partnership"], "bad ruleset"),
        (["--workers", "0"], "workers must be at least 1"),
        (["--search-worlds", "0"], "--search-worlds"),
        (["--set", "scoring=lots"], "scoring must be one of"),
        (["--frobnicate"], "No such option '--frobnicate'"),
    ],
)
def test_arena_usage_errors(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, out, err = run_main(capsys, *argv)
    assert code == 2
    assert out == ""
    assert err.startswith("Usage: dominoes arena [OPTIONS]")
    assert "Error: " in err
    assert message in err
    assert "Traceback" not in err


def test_arena_help(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_main(capsys, "--help")
    assert code == 0
    assert out.startswith("Usage: dominoes arena")
    for option in ("--preset", "--players", "--agents", "--hands", "--seed", "--workers"):
        assert option in out
    for option in ("--search-worlds", "--search-rollouts", "--json", "--progress", "--set"):
        assert option in out
    assert "dominoes arena --agents search,greedy --hands 2000 --workers 2" in out


def test_arena_through_clirunner() -> None:
    result = CliRunner().invoke(cli, ["arena", "--hands", "4", "--json"])
    assert result.exit_code == 0
    assert json.loads(result.stdout)["hands"] == 4


def test_arena_from_a_subprocess() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "dominoes", "arena", "--hands", "10"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "10 hands (5 deals x 2 seatings)" in done.stdout
