"""Every command of ``dominoes`` on every preset whose layout has arms (spinner games),
parametrized from the preset table, so presets added later are covered too."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from dominoes import End, HandState, Match, Move, Play, Ruleset
from dominoes.agents import GreedyAgent, RandomAgent
from dominoes.arena import agent_rng
from dominoes.cli.app import cli
from dominoes.cli.play import arm_name
from dominoes.records import HandRecord, MatchRecord, dumps
from dominoes.rules import PlayScoring, SpinnerRule
from dominoes.simulation import MatchOutcome, Mode, play_match, simulate
from strategies import ARMS_PRESETS, random_hand

ARMS = ARMS_PRESETS
"""The presets with arms, from the preset table."""
SCORING = [name for name in ARMS if Ruleset.preset(name).play_scoring is not PlayScoring.NONE]
"""Those that score on play."""
SPINNERS = [name for name in ARMS if Ruleset.preset(name).spinner is not SpinnerRule.NONE]
"""Those with spinners."""


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
    assert ("on play" in result.output) == (name in SCORING)
    matches = run("simulate", "--preset", name, "--matches", "2", "--set", "target=150")
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


# ---------------------------------------------------------------------- play


def play(*argv: str, answers: str, columns: int = 80) -> Result:
    return CliRunner().invoke(cli, ["play", *argv], input=answers, env={"COLUMNS": str(columns)})


@pytest.mark.parametrize("name", ARMS)
def test_play_a_hand_of_every_arms_preset(name: str) -> None:
    result = play("--preset", name, "--seed", "4", answers="1\n" * 200)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Traceback" not in out
    # the hand ends, or the match ends in its middle when plays reach the target (MATCH-7)
    assert ("Result: " in out) != ("(rule MATCH-7)" in out)
    assert "Open arms: " in out
    assert max(len(line) for line in out.splitlines()) <= 80
    if name in SCORING:
        assert "Points this hand: seat 0: " in out or "(rule MATCH-7)" in out
        if Ruleset.preset(name).play_scoring is not PlayScoring.BERGEN:  # (may score no header)
            assert re.search(r"^seat \d \([a-z]+\) plays .* and scores \d+$", out, re.MULTILINE)


def _walk(rules: Ruleset, seed: int, pick: Callable[[HandState], Move]) -> list[Move]:
    """The moves seat 0 makes at its prompts in ``dominoes play --seed seed`` against
    greedy, choosing with ``pick``; the agents' generators as the command seeds them."""
    match = Match.start(rules, seed=seed)
    rngs = [agent_rng(f"play:{seed}", s) for s in range(rules.players)]
    chosen = []
    state = match.state
    while not state.is_over:
        if state.turn == 0:
            legal = state.legal_moves()
            move = legal[0] if len(legal) == 1 and not isinstance(legal[0], Play) else pick(state)
            if move is not legal[0] or isinstance(move, Play) or len(legal) > 1:
                chosen.append(move)
        else:
            move = GreedyAgent().choose(state.observation(state.turn), rngs[state.turn])
        state = state.apply(move)
    return chosen


def _short_side_first(state: HandState) -> Move:
    legal = state.legal_moves()
    sides = [m for m in legal if isinstance(m, Play) and m.end is not None and m.end >= End.UP]
    return sides[0] if sides else legal[0]


def test_play_names_an_arm_by_its_name() -> None:
    """A person types a tile and an arm's name (``2-6 up``, ``3-5 down``) or its token
    (``3-5 D``), and the play goes on that arm of the spinner."""
    rules = Ruleset.preset("all-fives")
    seed = next(
        s
        for s in range(60)
        if any(
            isinstance(m, Play) and m.end is not None and m.end >= End.UP
            for m in _walk(rules, s, _short_side_first)
        )
    )
    answers = []
    for move in _walk(rules, seed, _short_side_first):
        if isinstance(move, Play) and move.end is not None:
            answers.append(f"{move.tile} {arm_name(move.end)}")
        else:
            answers.append(str(move))
    result = play("--preset", "all-fives", "--seed", str(seed), answers="\n".join(answers) + "\n")
    assert result.exit_code == 0, result.output
    side = next(a for a in answers if a.endswith((" up", " down")))
    tile, arm = side.split()
    words = "upper" if arm == "up" else "lower"
    assert f"seat 0 (you) plays {tile} on the spinner's {words} side" in result.output
    assert "You cannot" not in result.output


def test_play_arm_answers_that_are_refused() -> None:
    """Seed 3 of All Fives: seat 0 leads 0-3 and greedy answers 3-5 (Open arms: left 0,
    right 5); a tile in no arm, a tile alone, an arm that is not open, a tile not held
    each get one sentence and the prompt again."""
    answers = "1\n1-5 up\n1-5 a4\n1-5:u\n0-6 right\n2-3\n6-6\n0-6\n"
    result = play("--preset", "all-fives", "--seed", "3", answers=answers)
    out = result.output
    assert "Open arms: left 0, right 5; type a number, or a tile and its arm (such as" in out
    assert out.count("You cannot play 1-5:U: the layout has no arm by that name.\n") == 2
    assert "You cannot play 1-5:A4: the layout has no arm by that name.\n" in out
    assert "You cannot play 0-6:R: " in out
    assert "You cannot play 2-3: it fits no open arm.\n" in out
    assert "You cannot play 6-6: it is not in your hand.\n" in out
    assert "seat 0 (you) plays 0-6 on the left\n" in out  # the one arm it fits
    assert result.exit_code == 1  # the input ended


def test_play_a_tile_that_fits_two_arms_asks_which() -> None:
    result = play("--preset", "all-fives", "--seed", "3", answers="1\n1\n1-4\n")
    assert "1-4 fits left or right: type the tile and the arm, such as 1-4 left.\n" in (
        result.output
    )


def test_match_7_play_ends_the_match_in_the_middle_of_a_hand() -> None:
    result = play(
        "--preset", "all-fives", "--match", "--set", "target=15", "--seed", "3",
        answers="1\n" * 100, columns=200,
    )  # fmt: skip
    out = result.output
    assert result.exit_code == 0, out
    assert (
        "seat 1 (greedy) reached 15 points on play: the match ends in the middle of the hand "
        "(rule MATCH-7).\n" in out
    )
    assert "Result: " not in out  # the hand was not finished
    assert "Scores: seat 0 (you): " in out
    assert out.splitlines()[-1].startswith("Match over: ")
    assert "Traceback" not in out


# ---------------------------------------------------------------------- demo, rules, arena


@pytest.mark.parametrize("name", ARMS)
def test_demo_of_every_arms_preset(name: str) -> None:
    result = run("demo", "--preset", name, "--seed", "3")
    assert result.exit_code == 0, result.output
    out = result.output
    # (the ends go on a line of their own when a move's words are long)
    assert re.search(r"  1\. seat \d leads \d-\d.*\s\s+L=\d R=\d.*, count \d+\n", out)
    assert "\n  line      [" in out  # the picture of the finished layout
    assert ("\n  arm U     " in out) == (name in SPINNERS)
    assert max(len(line) for line in out.splitlines()) <= 80
    assert ("Points this hand: " in out) == (name in SCORING)


def test_demo_says_what_a_play_scores() -> None:
    out = run("demo", "--preset", "all-fives", "--seed", "3").output
    assert "  1. seat 0 leads 4-6 and scores 10" in out
    assert "  5. seat 0 plays 1-6 on the spinner's lower side and scores 10\n" in out
    assert "L=4 R=3 U=2 D=1, count 10" in out
    assert "Winner: seat 0, scoring 0 points at the end of the hand.\n" in out


def test_demo_of_a_line_game_has_no_picture() -> None:
    out = run("demo", "--preset", "draw", "--seed", "3").output
    assert "\n  line      " not in out
    assert "count" not in out


@pytest.mark.parametrize("name", ARMS)
def test_rules_show_gives_the_spinner_fields(name: str) -> None:
    result = run("rules", "show", name, "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    text = json.dumps(data)
    for field in ("spinner", "spinner_fill", "play_scoring", "play_scale"):
        assert f'"{field}"' in text
    listing = run("rules")
    assert name in listing.output


@pytest.mark.parametrize("name", ARMS)
@pytest.mark.parametrize("agents", ["random,greedy", "greedy,random"])
def test_arena_on_every_arms_preset(name: str, agents: str) -> None:
    result = run("arena", "--preset", name, "--agents", agents, "--hands", "4")
    assert result.exit_code == 0, result.output
    assert f"preset {name}: " in result.output
    assert "win rate" in result.output


def test_arena_matches_end_mid_hand() -> None:
    result = run(
        "arena", "--preset", "all-fives", "--agents", "greedy,random", "--matches", "4",
        "--set", "target=60",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "4 matches to 60" in result.output


# ---------------------------------------------------------------------- replay, validate


def _records(name: str, folder: Path) -> tuple[Path, Path]:
    """A hand and a match of preset ``name`` written to files (the match to a low target,
    so that it may end in the middle of a hand)."""
    hand = folder / "hand.toml"
    hand.write_text(dumps(HandRecord.from_state(random_hand(Ruleset.preset(name), 11)[-1])))
    rules = Ruleset.preset(name, target=30)
    match = play_match(rules, [GreedyAgent(), RandomAgent()] * (rules.players // 2), seed=3)
    path = folder / "match.json"
    path.write_text(dumps(MatchRecord.from_match(match), format="json"))
    return hand, path


@pytest.mark.parametrize("name", ARMS)
def test_replay_and_validate_records_of_every_arms_preset(name: str, tmp_path: Path) -> None:
    hand, match = _records(name, tmp_path)
    checked = run("validate", str(hand), str(match))
    assert checked.exit_code == 0, checked.output
    assert checked.output.count(": ok") == 2
    for path in (hand, match):
        result = run("replay", str(path))
        assert result.exit_code == 0, result.output
        assert "count " in result.output
        assert "\n  line      [" in result.output
        assert ("\n  arm U     " in result.output) == (name in SPINNERS)
    assert "Match over: " in run("replay", str(match)).output


def test_match_7_replay_of_a_match_that_ends_mid_hand(tmp_path: Path) -> None:
    rules, seed = _mid_hand_match()
    final = play_match(rules, [GreedyAgent(), GreedyAgent()], seed=seed)
    path = tmp_path / "match.toml"
    path.write_text(dumps(MatchRecord.from_match(final)))
    out = run("replay", str(path)).output
    assert (
        "The match ended in the middle of the hand, when play points reached the target "
        "(rule MATCH-7).\n" in out
    )
    assert "The hand is not over" not in out
    assert out.rstrip().splitlines()[-1].startswith("Match over: seat ")
    assert "Scores: seat 0: " in out.split("MATCH-7")[1]


def test_play_offers_each_move_with_what_it_scores() -> None:
    """Seed 1 of All Fives: at seat 0's second choice (open arms 2, 1, 0 and 0, count
    3) both plays make the count 5 and are offered with what they score."""
    result = play("--preset", "all-fives", "--seed", "1", answers="1\n" * 30)
    out = result.output
    assert "  1. play 2-2 on the left (the 2 end), scores 5\n" in out
    assert "  2. play 1-3 on the right (the 1 end), scores 5\n" in out
    assert "seat 0 (you) plays 2-2 on the left and scores 5\n" in out
    line = play("--seed", "1", answers="1\n" * 30).output  # a line game: no points offered
    assert ", scores " not in line
