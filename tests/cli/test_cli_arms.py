"""Every command of ``dominoes`` on every preset whose layout has arms (spinner games),
parametrized from the preset table, so presets added later are covered too."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner, Result

from dominoes import Match, Ruleset
from dominoes.agents import GreedyAgent, RandomAgent
from dominoes.cli.app import cli
from dominoes.presets import PRESETS
from dominoes.rules import PlayScoring
from dominoes.simulation import MatchOutcome, Mode, play_match, simulate

ARMS = [name for name, preset in PRESETS.items() if preset.build().has_arms]
"""The presets with arms, from the preset table."""
SCORING = [name for name in ARMS if PRESETS[name].build().play_scoring is not PlayScoring.NONE]
"""Those that score on play."""


def run(*argv: str, stdin: str | None = None) -> Result:
    return CliRunner().invoke(cli, list(argv), input=stdin)


def test_the_table_has_arms_presets() -> None:
    assert {"all-fives", "five-up", "sebastopol"} <= set(ARMS)
    assert "all-fives" in SCORING
    assert "sebastopol" not in SCORING


# ---------------------------------------------------------------------- simulate


def _mid_hand_match() -> tuple[Ruleset, int]:
    """A Five Up match to a low target and a seed whose match ends in the middle of a
    hand (rule MATCH-7), found by playing."""
    rules = Ruleset.preset("five-up", target=5)
    for seed in range(40):
        final = play_match(rules, [GreedyAgent(), GreedyAgent()], seed=seed)
        if not final.state.is_over:
            return rules, seed
    raise AssertionError("no match of 40 ended mid-hand")


def test_match_7_play_match_stops_when_play_points_reach_the_target() -> None:
    rules, seed = _mid_hand_match()
    final = play_match(rules, [GreedyAgent(), GreedyAgent()], seed=seed)
    assert final.is_over
    assert not final.state.is_over
    assert max(final.scores) >= rules.match_target
    assert isinstance(final, Match)
    outcome = MatchOutcome.play(rules, [GreedyAgent(), GreedyAgent()], match=0, seed=seed)
    assert outcome.mid_hand
    assert len(outcome.hands) == len(final.results)  # the unfinished hand is not kept
    assert outcome.points == final.scores


@pytest.mark.parametrize("name", SCORING)
def test_simulate_splits_play_and_end_points(name: str) -> None:
    rules = Ruleset.preset(name)
    report = simulate(rules, [RandomAgent()] * rules.players, count=6, seed=2)
    assert report.play_points is not None
    assert report.end_points is not None
    for total, play, end in zip(report.points, report.play_points, report.end_points, strict=True):
        assert total.mean == pytest.approx(play.mean + end.mean)
    assert sum(p.mean for p in report.play_points) > 0
    data = report.to_dict()
    assert set(data["play_points_per_hand"]) == set(report.sides)
    assert report.mid_hand is None


def test_simulate_line_games_report_no_play_points() -> None:
    report = simulate(Ruleset.block(), [GreedyAgent()] * 2, count=3, seed=1)
    assert report.play_points is None
    assert report.end_points is None
    assert "play_points_per_hand" not in report.to_dict()


def test_simulate_matches_report_the_mid_hand_ends() -> None:
    rules, _ = _mid_hand_match()
    report = simulate(rules, [GreedyAgent()] * 2, count=8, seed=0, mode=Mode.MATCHES)
    assert report.mid_hand is not None
    assert report.mid_hand.trials == 8
    assert "ended_mid_hand" in report.to_dict()["matches"]


@pytest.mark.parametrize("name", ARMS)
def test_simulate_command(name: str) -> None:
    result = run("simulate", "--preset", name, "--hands", "3", "--agents", "random")
    assert result.exit_code == 0, result.output
    assert "points/hand" in result.output
    assert ("from play" in result.output) == (name in SCORING)
    matches = run("simulate", "--preset", name, "--matches", "2", "--set", "target=50")
    assert matches.exit_code == 0, matches.output
    assert ("MATCH-7" in matches.output) == (name in SCORING)
    data = json.loads(run("simulate", "--preset", name, "--hands", "2", "--json").output)
    assert ("end_points_per_hand" in data) == (name in SCORING)


def test_simulate_command_says_when_no_hand_was_finished() -> None:
    result = run("simulate", "--preset", "all-fives", "--matches", "1", "--set", "target=5")
    assert result.exit_code == 2
    assert "no hand of the 1 matches was finished" in result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize("command", ["simulate", "arena"])
def test_search_on_arms_is_refused_in_one_line_or_plays(command: str) -> None:
    """The sampler for layouts with arms is being built: until it is, a run with the
    search agent on a spinner game ends with one line on what is missing."""
    result = run(command, "--preset", "all-fives", "--agents", "search,greedy", "--hands", "2")
    if result.exit_code == 0:  # the sampler has come
        return
    assert result.exit_code == 2
    assert result.output.startswith(f"dominoes {command}: ")
    assert result.output.count("\n") == 1
    assert "not available" in result.output
