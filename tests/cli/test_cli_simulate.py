"""``dominoes simulate`` and its engine, `dominoes.simulation`."""

from __future__ import annotations

import io
import json

import pytest
from click.testing import CliRunner, Result
from rich.console import Console

import dominoes.cli.simulate as command
from dominoes import Ending, Ruleset
from dominoes.agents import Agent, GreedyAgent, RandomAgent
from dominoes.arena import play_hand
from dominoes.cli.app import cli
from dominoes.simulation import Mode, hand_seed, match_seed, side_label, simulate
from dominoes.stats import Estimate


def run(*argv: str) -> Result:
    return CliRunner().invoke(cli, ["simulate", *argv])


def test_report_counts_match_the_hands_played() -> None:
    rules = Ruleset.block()
    agents: list[Agent] = [GreedyAgent(), RandomAgent()]
    report = simulate(rules, agents, count=30, seed=4, names=["greedy", "random"])
    finals = [play_hand(rules, agents, seed=hand_seed(4, i)) for i in range(30)]
    results = [f.result for f in finals]
    assert all(r is not None for r in results)
    endings = dict(report.endings)
    played = set(Ending) - {Ending.CONCEDED}  # agents never concede
    assert set(endings) == played
    for ending in played:
        assert endings[ending] == sum(r.ending is ending for r in results if r)
    assert report.drawn == sum(not r.winners for r in results if r)
    assert report.moves.mean == pytest.approx(sum(f.move_count for f in finals) / 30)
    points0 = [r.points[0] for r in results if r]
    assert report.points[0].mean == pytest.approx(sum(points0) / 30)
    assert report.wins[1].rate == pytest.approx(sum(1 in r.winners for r in results if r) / 30)
    assert report.points[0].half is not None
    assert report.match_wins is None
    assert report.sides == ("seat 0", "seat 1")


def test_matches_and_partnership() -> None:
    rules = Ruleset.preset("partnership", target=40)
    report = simulate(rules, [GreedyAgent()] * 4, count=6, seed=1, mode=Mode.MATCHES)
    assert report.count == 6
    assert report.hands >= 6
    assert report.sides == ("seats 0+2", "seats 1+3")
    assert report.match_wins is not None
    assert report.hands_per_match is not None
    assert report.match_ties is not None
    won = sum(w.rate for w in report.match_wins) * 6 + report.match_ties
    assert won == pytest.approx(6)
    assert report.hands_per_match.mean == pytest.approx(report.hands / 6)
    data = report.to_dict()
    assert json.loads(json.dumps(data)) == data
    assert data["matches"]["ties"] == report.match_ties
    assert data["sides"][1]["seats"] == [1, 3]


def test_the_report_does_not_depend_on_the_workers() -> None:
    rules = Ruleset.draw(players=3)
    agents: list[Agent] = [GreedyAgent(), RandomAgent(), RandomAgent()]
    seen: list[tuple[int, int]] = []
    one = simulate(rules, agents, count=24, seed=9, progress=lambda d, t: seen.append((d, t)))
    two = simulate(rules, agents, count=24, seed=9, workers=2)
    assert one == two
    assert seen[0] == (0, 24)
    assert seen[-1] == (24, 24)
    assert simulate(rules, agents, count=24, seed=10) != one


def test_simulate_validates_its_arguments() -> None:
    rules = Ruleset.block()
    agents = [GreedyAgent(), GreedyAgent()]
    with pytest.raises(TypeError, match="seed must be an int"):
        simulate(rules, agents, count=2, seed="1")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="one agent per seat"):
        simulate(rules, agents[:1], count=2, seed=1)
    with pytest.raises(ValueError, match="one name per seat"):
        simulate(rules, agents, count=2, seed=1, names=["a"])
    with pytest.raises(ValueError, match="at least 1"):
        simulate(rules, agents, count=0, seed=1)
    with pytest.raises(ValueError, match="workers must be at least 1"):
        simulate(rules, agents, count=2, seed=1, workers=0)


def test_unpicklable_agents_need_one_worker() -> None:
    class Local(GreedyAgent):
        pass

    with pytest.raises(TypeError, match="picklable"):
        simulate(Ruleset.block(), [Local(), Local()], count=2, seed=1, workers=2)


def test_small_helpers() -> None:
    assert Estimate.of([3.0]) == Estimate(mean=3.0, half=None)
    assert Estimate(mean=0.5, half=0.25).to_dict() == {"mean": 0.5, "ci95": 0.25}
    assert side_label((0, 2)) == "seats 0+2"
    assert match_seed(1, 0) != match_seed(2, 0)
    assert isinstance(match_seed(1, 0), int)


def test_simulate_text_report() -> None:
    result = run("--hands", "20", "--agents", "greedy,random", "--seed", "3")
    assert result.exit_code == 0, result.output
    out = result.output
    assert out.startswith("block: Block game, 2 players, double-6; 20 hands, seed 3; agents:")
    assert "How the hands ended" in out
    for word in ("domino", "blocked", "forfeit", "false block", "drawn (no winner)"):
        assert word in out
    assert "Moves per hand: " in out
    assert "│ seat 1 " in out
    assert result.stderr == ""


def test_simulate_matches_text_and_penalty_scoring() -> None:
    result = run("--matches", "3", "--set", "target=30", "--set", "scoring=penalty")
    assert result.exit_code == 0, result.output
    assert "3 matches (" in result.output
    assert "penalty" in result.output
    assert "points/hand" in result.output
    assert "matches won" in result.output
    assert "Hands per match: " in result.output


def test_simulate_json_is_deterministic() -> None:
    argv = ["--preset", "draw", "--players", "3", "--agents", "search,greedy,random",
            "--search-worlds", "1", "--search-rollouts", "1", "--hands", "6", "--json"]  # fmt: skip
    first = run(*argv)
    assert first.exit_code == 0, first.output
    data = json.loads(first.stdout)
    assert data["agents"] == ["search", "greedy", "random"]
    assert data["hands"] == 6
    assert sum(e["hands"] for e in data["endings"].values()) == 6
    assert json.loads(run(*argv).stdout) == data


def test_progress_bar_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(command, "stderr_is_terminal", lambda: True)
    seen: list[bool] = []
    real = command.progress_bar

    def spy(console: Console, total: int, unit: str, *, enabled: bool):  # type: ignore[no-untyped-def]
        seen.append(enabled)
        return real(console, total, unit, enabled=enabled)

    monkeypatch.setattr(command, "progress_bar", spy)
    assert run("--hands", "4").exit_code == 0
    assert run("--hands", "4", "--quiet").exit_code == 0
    assert run("--hands", "4", "--json").exit_code == 0
    assert seen == [True, False, False]
    assert command.stderr_is_terminal() in (True, False)


def test_progress_bar_draws() -> None:
    buffer = io.StringIO()
    console = Console(file=buffer, force_terminal=True, width=100)
    with command.progress_bar(console, 10, "simulating hands", enabled=True) as callback:
        assert callback is not None
        callback(5, 10)
        callback(10, 10)
    assert "simulating hands" in buffer.getvalue()
    with command.progress_bar(console, 10, "simulating hands", enabled=False) as callback:
        assert callback is None


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--hands", "2", "--matches", "2"], "give --hands or --matches, not both"),
        (["--hands", "0"], "Invalid value for '--hands': must be at least 1"),
        (["--matches", "-1"], "Invalid value for '--matches'"),
        (["--workers", "0"], "Invalid value for '--workers'"),
        (["--agents", "greedy,random,search"], "one per seat (2)"),
        (["--agents", "oracle"], "unknown agent 'oracle'"),
        (["--search-worlds", "0"], "'--search-worlds'"),
        (["--set", "partner_pips=add"], "partner_pips applies to partnership play only"),
        (["--set", "stock_pips=maybe"], "stock_pips must be true or false"),
        (["--set", "opening_tile=7-x"], "opening_tile must be a tile"),
    ],
)
def test_simulate_usage_errors(argv: list[str], message: str) -> None:
    result = run(*argv)
    assert result.exit_code == 2
    assert message in result.stderr
    assert result.stdout == ""
