"""``dominoes arena``: the arena from the command line (the port of the argparse command)."""

from __future__ import annotations

import contextlib
import io
import json
import subprocess
import sys
from collections.abc import Iterator

import pytest
from click.testing import CliRunner
from rich.console import Console

import dominoes.cli.arena as command
from dominoes import Ruleset
from dominoes.agents import Agent, GreedyAgent, RandomAgent
from dominoes.arena import ProgressCallback, run_arena
from dominoes.batch_search import BatchSearchAgent
from dominoes.cli import common, main
from dominoes.cli.app import cli
from dominoes.cli.common import make_agents
from dominoes.errors import AgentError

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


def test_arena_batch_search_by_name(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    argv = ["--agents", "batch-search,search", "--hands", "4", "--partnership", "--seed", "2",
            "--search-worlds", "2", "--search-rollouts", "1", "--json"]  # fmt: skip
    code, out, _ = run_main(capsys, *argv)
    assert code == 0
    assert [a["name"] for a in json.loads(out)["agents"]] == ["batch-search", "search"]
    _, agents = make_agents("batch-search", 2, worlds=3, rollouts=5)
    assert agents == (BatchSearchAgent(worlds=3, rollouts=5),) * 2

    def no_numpy(spec: str) -> None:
        raise AgentError(f"cannot load agent {spec!r}: no module named 'numpy'", spec=spec)

    monkeypatch.setattr(common, "load_agent", no_numpy)
    code, out, err = run_main(capsys, *argv)
    assert code == 2
    assert "numpy" in err
    assert "Traceback" not in err


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
        (["--matches", "0"], "matches must be a positive multiple of 2"),
        (["--matches", "3"], "matches must be a positive multiple of 2"),
        (["--matches", "x"], "'x' is not a valid integer"),
        (["--hands", "4", "--matches", "4"], "give --hands or --matches, not both"),
        (["--progress", "--quiet"], "give --progress or --quiet, not both"),
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
    for option in ("--matches", "--quiet"):
        assert option in out
    assert "dominoes arena --agents search,greedy --hands 2000 --workers 2" in out
    assert "dominoes arena --agents greedy,random --matches 100 --set target=50" in out


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


# ---------------------------------------------------------------------- match mode

SHORT = Ruleset.block(target=30)


def test_arena_matches_prints_the_report(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_main(capsys, "--matches", "4", "--set", "target=30", "--seed", "2")
    assert code == 0
    assert err == ""
    expected = run_arena(SHORT, CHEAP, matches=4, seed=2)
    lines = out.splitlines()
    assert lines[0] == (
        "preset block: Block game, 2 players, double-6: 4 matches to 30 "
        f"(2 match seeds x 2 seatings), {expected.hands} hands, seed 2"
    )
    assert lines[1:] == expected.format().splitlines()[1:]
    assert "Hands per match:" in out


def test_arena_matches_json_and_workers() -> None:
    argv = ["arena", "--matches", "6", "--set", "target=30", "--seed", "5", "--json"]
    one = CliRunner().invoke(cli, argv)
    two = CliRunner().invoke(cli, [*argv, "--workers", "2"])
    assert (one.exit_code, two.exit_code) == (0, 0)
    data = json.loads(one.stdout)
    assert data == json.loads(two.stdout)
    assert (data["preset"], data["mode"], data["matches"], data["target"]) == (
        "block", "matches", 6, 30
    )  # fmt: skip
    assert data["deals"] == 3
    report = run_arena(SHORT, CHEAP, matches=6, seed=5)
    assert [a["wins"] for a in data["agents"]] == [s.wins for s in report.stats]
    assert data["hands_per_match"]["mean"] == report.hands_per_match


def test_arena_matches_and_hands_together_exit_2() -> None:
    result = CliRunner().invoke(cli, ["arena", "--hands", "2", "--matches", "2"])
    assert result.exit_code == 2
    assert "give --hands or --matches, not both" in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_arena_matches_progress_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run_main(capsys, "--matches", "2", "--set", "target=30", "--progress")
    assert code == 0
    assert "arena: 2/2 matches (100%)" in err


@pytest.fixture
def bars(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, str]]:
    """Pretend standard error is a terminal, and record the progress bars opened."""
    monkeypatch.setattr(command, "stderr_is_terminal", lambda: True)
    opened: list[tuple[int, str]] = []
    real = command.progress_bar

    def spy(console: Console, total: int, unit: str) -> Iterator[ProgressCallback | None]:
        opened.append((total, unit))
        with real(console, total, unit) as callback:
            yield callback

    monkeypatch.setattr(command, "progress_bar", contextlib.contextmanager(spy))
    return opened


def test_progress_bar_by_default_on_a_terminal(bars: list[tuple[int, str]]) -> None:
    runner = CliRunner()
    assert runner.invoke(cli, ["arena", "--hands", "4"]).exit_code == 0
    assert bars == [(4, "arena: hands")]
    assert runner.invoke(cli, ["arena", "--matches", "2", "--set", "target=30"]).exit_code == 0
    assert bars[-1] == (2, "arena: matches")
    for quiet in (["--quiet"], ["-q"], ["--json"]):
        result = runner.invoke(cli, ["arena", "--hands", "4", *quiet])
        assert result.exit_code == 0
        assert "arena: 4/4" not in result.output
    assert len(bars) == 2
    assert runner.invoke(cli, ["arena", "--hands", "4", "--json", "--progress"]).exit_code == 0
    assert bars[-1] == (4, "arena: hands")


def test_no_progress_when_not_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(command, "stderr_is_terminal", lambda: False)
    result = CliRunner().invoke(cli, ["arena", "--hands", "4"])
    assert result.exit_code == 0
    assert result.stderr == ""
    assert command.stderr_is_terminal() is False


def test_progress_bar_draws() -> None:
    buffer = io.StringIO()
    console = Console(file=buffer, force_terminal=True, width=100)
    with command.progress_bar(console, 10, "arena: matches") as callback:
        assert callback is not None
        callback(5, 10)
        callback(10, 10)
    assert "arena: matches" in buffer.getvalue()
