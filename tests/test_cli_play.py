"""``dominoes play``: a game at the terminal, driven through CliRunner and through a pipe."""

from __future__ import annotations

import subprocess
import sys

import pytest
from click.testing import CliRunner, Result

from dominoes import DRAW, PASS, Deal, HandState, Match, Play, Ruleset
from dominoes.agents import GreedyAgent
from dominoes.arena import agent_rng
from dominoes.cli.app import cli
from dominoes.cli.play import choice_text
from dominoes.cli.text import describe_move


def play(*argv: str, answers: str = "") -> Result:
    return CliRunner().invoke(cli, ["play", *argv], input=answers)


def prompts(result: Result) -> list[str]:
    return [line for line in result.output.splitlines() if line.startswith("Your move [")]


def test_bad_input_gets_a_message_and_a_new_prompt() -> None:
    result = play("--seed", "3", answers="x\n\n99\n0\n-1\n1\n")
    assert result.exit_code == 1  # the input ends before the game does
    out = result.output
    assert out.startswith("Draw game (draw), 2 players, double-6, seed 3.\n")
    assert "You are seat 0; seat 1 (greedy).\n" in out
    assert "seat 1 (greedy) leads 6-6\n" in out
    assert "Your hand: 0-3 2-3 1-4 3-4 1-5 0-6 4-6\n" in out
    assert "  1. play 0-6 on the left (the 6 end)\n" in out
    assert "Your move [1-4, q to quit]: x\n'x' is not a number: type one from 1 to 4.\n" in out
    assert (
        "Your move [1-4, q to quit]: \nType the number of a move, from 1 to 4 (q quits).\n" in out
    )
    assert (
        "Your move [1-4, q to quit]: 99\nThere is no move 99: type a number from 1 to 4.\n" in out
    )
    assert "There is no move 0: type" in out
    assert "There is no move -1: type" in out
    assert "seat 0 (you) plays 0-6 on the left\n" in out
    assert out.endswith("End of input: the game was left unfinished.\n")
    assert len(prompts(result)) == 7
    assert "Traceback" not in out


def test_end_of_input_at_the_first_prompt() -> None:
    result = play("--seed", "3")
    assert result.exit_code == 1
    assert result.output.endswith(
        "Your move [1-4, q to quit]: \nEnd of input: the game was left unfinished.\n"
    )


@pytest.mark.parametrize("word", ["q", "quit", "EXIT"])
def test_quit(word: str) -> None:
    result = play("--seed", "3", answers=f"1\n{word}\n")
    assert result.exit_code == 0
    assert result.output.endswith("You quit: the game was left unfinished.\n")


def expected_moves(seed: int) -> tuple[list[str], HandState, int]:
    """The move lines of a Draw game in which seat 0 always takes the first legal move."""
    state = Match.start(Ruleset.draw(), seed=seed).state
    rng = agent_rng(f"play:{seed}", 1)
    lines = []
    asked = 0
    while not state.is_over:
        seat = state.turn
        if seat == 0:
            move = state.legal_moves()[0]
            asked += len(state.legal_moves()) > 1 or isinstance(move, Play)
        else:
            move = GreedyAgent().choose(state.observation(1), rng)
        after = state.apply(move)
        who = "seat 0 (you)" if seat == 0 else "seat 1 (greedy)"
        lines.append(f"{who} {describe_move(after.history[-1].move, state)}")
        state = after
    return lines, state, asked


@pytest.mark.parametrize("seed", [12, 63])
def test_a_whole_hand_matches_the_engine(seed: int) -> None:
    """Forced draws are made for the player and shown, the verification round as it happens."""
    result = play("--seed", str(seed), answers="1\n" * 40)
    assert result.exit_code == 0, result.output
    lines, final, asked = expected_moves(seed)
    out = result.output.splitlines()
    assert [line for line in out if line.startswith("seat ")] == lines
    assert any(line.startswith("seat 0 (you) draws ") for line in lines)
    assert len(prompts(result)) == asked
    assert f"Layout: {final.layout}" in out
    assert final.result is not None
    assert "You win the hand." in out
    assert ("Result: blocked." in out) == (seed == 63)


def test_a_choice_inside_the_verification_round() -> None:
    result = play("--seed", "12", answers="1\n" * 40)
    out = result.output
    assert "A verification round is open (seat 1 proposed a block); a play voids it." in out
    assert "proposes a block (verification round opens)" in out
    assert ": the round is void" in out


def test_a_match_to_the_target() -> None:
    result = play(
        "--preset", "block", "--match", "--set", "target=30", "--seed", "2",
        "--opponents", "random", answers="1\n" * 200,
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    out = result.output
    assert "The match is played to 30 points." in out
    assert "Hand 1\n" in out
    assert "Scores: seat 0 (you): " in out
    assert "Match over: " in out.splitlines()[-1]


def test_partnership_names_the_partner_and_seat_choice() -> None:
    result = play("--preset", "partnership", "--seat", "1", "--opponents", "greedy,random,greedy",
                  "--seed", "5", answers="1\n" * 20)  # fmt: skip
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Block game (partnership), 4 players in partnership (seats 0+2 v 1+3)" in out
    assert "You are seat 1; seat 0 (greedy), seat 2 (random), seat 3 (greedy, your partner)." in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--seat", "2"], "seat 2 does not exist with 2 players"),
        (["--seat", "-1"], "not in the range 0<=x<=11"),
        (["--opponents", "wizard"], "unknown agent 'wizard'"),
        (["--players", "3", "--opponents", "greedy,random,search"], "one per seat (2)"),
        (["--preset", "nope"], "no preset named 'nope'"),
        (["--set", "target=many"], 'target must be an integer or "none"'),
    ],
)
def test_play_usage_errors(argv: list[str], message: str) -> None:
    result = play(*argv)
    assert result.exit_code == 2
    assert message in result.stderr
    assert "Traceback" not in result.output


def test_random_seed_is_shown() -> None:
    result = play("--preset", "block", answers="q\n")
    first = result.output.splitlines()[0]
    assert first.startswith("Block game (block), 2 players, double-6, seed ")
    assert result.exit_code == 0


def test_choice_text() -> None:
    rules = Ruleset.draw()
    state = HandState.start(rules, Deal.random(rules, seed=25))
    assert choice_text(state.legal_moves()[0], state) == "lead 6-6"
    assert choice_text(DRAW, state) == "draw from the boneyard"
    assert choice_text(PASS, state) == "pass"


def test_play_through_a_pipe() -> None:
    """The real command, stdin a pipe: good and bad answers, then the end of the input."""
    done = subprocess.run(
        [sys.executable, "-m", "dominoes", "play", "--seed", "3"],
        input="abc\n\n7\n2\n",
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 1, done.stderr
    assert done.stderr == ""
    out = done.stdout
    assert "Your move [1-4, q to quit]: abc\n'abc' is not a number" in out
    assert "Type the number of a move, from 1 to 4 (q quits)." in out
    assert "There is no move 7: type a number from 1 to 4." in out
    assert "seat 0 (you) plays 0-6 on the right\n" in out
    assert out.endswith("End of input: the game was left unfinished.\n")
    assert "\x1b[" not in out  # no colour codes when stdout is not a terminal
