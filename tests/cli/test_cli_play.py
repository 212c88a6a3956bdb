"""``dominoes play``: a game at the terminal, driven through CliRunner and through a pipe."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest
from click.testing import CliRunner, Result

from dominoes import DRAW, PASS, Deal, Draw, HandState, Match, Play, Ruleset, Tile
from dominoes.agents import GreedyAgent
from dominoes.arena import agent_rng
from dominoes.cli.app import cli
from dominoes.cli.play import choice_text
from dominoes.render import diagram
from dominoes.words import describe_move


def play(*argv: str, answers: str = "", columns: int = 80) -> Result:
    return CliRunner().invoke(cli, ["play", *argv], input=answers, env={"COLUMNS": str(columns)})


def prompts(result: Result) -> list[str]:
    return [line for line in result.output.splitlines() if line.startswith("Your move [")]


def test_bad_input_gets_a_message_and_a_new_prompt() -> None:
    result = play("--seed", "3", answers="x\n\n99\n0\n-1\n1\n")
    assert result.exit_code == 1  # the input ends before the game does
    out = result.output
    assert out.startswith("Draw game (draw), 2 players, double-6, seed 3.\n")
    assert "You are seat 0; seat 1 (greedy).\n" in out
    assert "seat 1 (greedy) leads 6-6\n" in out
    assert "  seat 0    0-3 2-3 1-4 3-4 1-5 0-6 4-6  42 pips\n  seat 1    6 tiles\n" in out
    assert "  1. play 0-6 on the left (the 6 end)\n" in out
    assert (
        "Your move [1-4, q to quit]: x\n"
        "'x' is not a number: type one from 1 to 4, or a move such as 0-6:L.\n" in out
    )
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
    """The move lines of a Draw game in which seat 0 always takes the first legal move,
    as seat 0 sees them (seat 1's draws without their tiles)."""
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
        step = after.observation(0).history[-1]
        lines.append(f"{who} {describe_move(step.move, state.observation(0))}")
        state = after
    return lines, state, asked


@pytest.mark.parametrize("seed", [12, 63])
def test_a_whole_hand_matches_the_engine(seed: int) -> None:
    """Forced draws are made for the player and shown, the verification round as it happens."""
    result = play("--seed", str(seed), answers="1\n" * 40, columns=250)
    assert result.exit_code == 0, result.output
    lines, final, asked = expected_moves(seed)
    out = result.output.splitlines()
    assert [line for line in out if line.startswith("seat ")] == lines
    assert any(line.startswith("seat 0 (you) draws ") for line in lines)
    assert len(prompts(result)) == asked
    assert f"  line      {final.layout}" in out
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


def test_the_table_is_the_seats_diagram() -> None:
    """The table shown at each choice is `diagram` of the player's observation, wrapped
    to the width and indented; at the end, the diagram of the finished hand."""
    result = play("--preset", "block", "--seed", "4", answers="concede\n")
    out = result.output
    rules = Ruleset.block()
    match = Match.start(rules, seed=4)
    match = match.apply(match.state.legal_moves()[0])  # seat 1 leads 6-6, forced
    seen = diagram(match.state.observation(0), width=78)
    assert "".join(f"  {line}\n" for line in seen.split("\n")) in out
    final = diagram(match.concede(0).state.observation(0), width=78)
    assert out.endswith(
        "".join(f"  {line}\n" for line in final.split("\n")) + "You lose the hand.\n"
    )


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


# ---------------------------------------------------------------------- conceding
def test_concede_the_hand_through_a_pipe() -> None:
    """``concede`` at the prompt (rule CONCEDE-1): the result is shown, every hand is
    shown only then, and the game has been played to its end (status 0)."""
    done = subprocess.run(
        [sys.executable, "-m", "dominoes", "play", "--preset", "block", "--seed", "4"],
        input="concede\n",
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env={**os.environ, "COLUMNS": "80"},
    )
    assert done.returncode == 0, done.stderr
    out = done.stdout.splitlines()
    rules = Ruleset.block()
    match = Match.start(rules, seed=4)
    match = match.apply(match.state.legal_moves()[0])  # seat 1 leads 6-6, forced
    conceded = match.concede(0)
    result = conceded.state.result
    assert result is not None
    assert "Your move [1-2, q to quit]: concede" in out
    assert "seat 0 (you) concedes the hand" in out
    at = out.index("Result: seat 0 conceded the hand (rule CONCEDE-1).")
    assert out[at + 1 :] == [
        f"Pips left: seat 0: {result.pips[0]}, seat 1: {result.pips[1]}.",
        f"Winner: seat 1, scoring {result.points[1]} points.",
        *out[at + 3 : -1],  # the tiles left in every hand (wrapped)
        "You lose the hand.",
    ]
    hidden = set(conceded.state.hand(1))
    assert not any(tiles_in(line) & hidden for line in out[:at])
    assert hidden <= set().union(*(tiles_in(line) for line in out[at:]))


def test_concede_the_match() -> None:
    """``concede match`` with --match (rule CONCEDE-2): the hand ends conceded, and the
    match is over at once, won by the other side."""
    result = play("--preset", "block", "--seed", "4", "--match", answers="CONCEDE\nconcede match\n")
    assert result.exit_code == 0, result.output
    rules = Ruleset.block()
    match = Match.start(rules, seed=4)
    match = match.apply(match.state.legal_moves()[0]).concede(0).next_hand()
    assert match.state.turn == 0  # seat 0 leads the second hand: asked at once
    match = match.concede(0, match=True)
    assert match.winner == (1,)
    out = result.output
    assert "seat 0 (you) concedes the hand\n" in out
    assert "seat 0 (you) concedes the match\n" in out
    assert out.count("Result: seat 0 conceded the hand (rule CONCEDE-1).") == 2
    scores = f"seat 0 (you): {match.scores[0]}, seat 1 (greedy): {match.scores[1]}"
    assert out.endswith(
        f"Scores: {scores} (target 100).\nYou conceded the match: seat 1 (greedy) won the match.\n"
    )
    assert "Hand 3" not in out


def test_concede_match_needs_a_match() -> None:
    result = play("--preset", "block", "--seed", "4", answers="concede match\n  Concede \n")
    assert result.exit_code == 0
    out = result.output
    assert "Your move [1-2, q to quit]: concede match\n" in out
    assert "You are playing a single hand: type concede to concede it.\n" in out
    assert "seat 0 (you) concedes the hand\n" in out
    assert len(prompts(result)) == 2


# ---------------------------------------------------------------------- what the player sees

TILE = re.compile(r"(?<![\w-])(\d+)-(\d+)(?![\w-])|\[(\d+)\|(\d+)\]")
PROMPT = re.compile(r"^Your move \[1-\d+, q to quit\]: ")


def tiles_in(line: str) -> set[Tile]:
    """The tiles a line of output names (``4-6`` or ``[4|6]``; not the prompt's range)."""
    found = set()
    for m in TILE.finditer(PROMPT.sub("", line)):
        a, b = (m.group(1), m.group(2)) if m.group(1) is not None else (m.group(3), m.group(4))
        found.add(Tile(int(a), int(b)))
    return found


def replay_hands(
    rules: Ruleset, seed: int, me: int, agents: list[GreedyAgent | None], to_match: bool
) -> list[tuple[HandState, HandState]]:
    """The hands ``dominoes play`` plays when every answer is 1: (first, final) states.

    The player's answer 1 (and every forced move) is the first legal move it sees."""
    match = Match.start(rules, seed=seed)
    rngs = [agent_rng(f"play:{seed}", s) for s in range(rules.players)]
    hands = []
    while True:
        first = match.state
        while not match.state.is_over:
            seat = match.state.turn
            agent = agents[seat]
            if agent is None:
                move = match.state.observation(me).legal_moves()[0]
            else:
                move = agent.choose(match.state.observation(seat), rngs[seat])
            match = match.apply(move, seat=seat)
        hands.append((first, match.state))
        if not to_match or match.is_over:
            return hands
        match = match.next_hand()


def seen_after(first: HandState, final: HandState, me: int) -> list[set[Tile]]:
    """Per number of moves made, the tiles seat ``me`` has seen: its hand as dealt, its
    own draws and every tile laid."""
    seen = set(first.hand(me))
    out = [set(seen)]
    for step in final.history:
        move = step.move
        if isinstance(move, Play) or (isinstance(move, Draw) and step.seat == me):
            assert move.tile is not None
            seen.add(move.tile)
        out.append(set(seen))
    return out


@pytest.mark.parametrize(
    ("preset", "seed", "extra", "overrides"),
    [
        ("draw", 10, ["--match"], {}),
        ("draw", 3, ["--match", "--players", "3"], {"players": 3}),
        ("block", 4, ["--match"], {}),
        ("partnership", 5, ["--match", "--seat", "1", "--set", "target=60"], {"target": 60}),
        ("pagat-draw", 2, ["--match", "--seat", "1"], {}),
        ("draw", 7, ["--set", "max_pip=9", "--set", "hand_size=7"], {"max_pip": 9, "hand_size": 7}),
    ],
)
def test_no_hidden_tile_is_printed_before_the_result(
    preset: str, seed: int, extra: list[str], overrides: dict[str, int]
) -> None:
    """Whole games through a real pipe: before a hand's result line, every tile printed
    is one the player's seat has seen by then (its hand, its draws, the tiles laid),
    computed from a replay of the same seed."""
    argv = ["--preset", preset, "--seed", str(seed), *extra]
    done = subprocess.run(
        [sys.executable, "-m", "dominoes", "play", *argv],
        input="1\n" * 3000,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        env={**os.environ, "COLUMNS": "80"},
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr
    rules = Ruleset.preset(preset, **overrides)
    me = int(extra[extra.index("--seat") + 1]) if "--seat" in extra else 0
    agents: list[GreedyAgent | None] = [GreedyAgent() for _ in range(rules.players)]
    agents[me] = None
    hands = replay_hands(rules, seed, me, agents, "--match" in extra)
    out = done.stdout.splitlines()
    results = [i for i, line in enumerate(out) if line.startswith("Result: ")]
    assert len(results) == len(hands)
    start = 0
    hidden_later = 0
    for (first, final), end in zip(hands, results, strict=True):
        seen = seen_after(first, final, me)
        moves = 0
        for line in out[start:end]:
            if line.startswith("seat "):
                moves += 1
            shown = tiles_in(line)
            assert shown <= seen[moves], (line, shown - seen[moves])
        assert moves == final.move_count
        nxt = next((i for i in range(end, len(out)) if out[i].startswith("Hand ")), len(out))
        hidden_later += len(set().union(*(tiles_in(line) for line in out[end:nxt])) - seen[-1])
        start = nxt
    assert hidden_later > 0  # after the result every hand is shown


def test_another_seats_draw_is_shown_without_its_tile() -> None:
    """The issue's example: seed 10 of the Draw game, where seat 1 draws."""
    result = play("--preset", "draw", "--seed", "10", answers="1\n" * 40)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "seat 1 (greedy) draws a tile (13 left)\n" in out
    assert "seat 1 (greedy) draws 3-3" not in out
    assert "  seat 0    -        0 pips\n  seat 1    0-1 3-3  7 pips\n" in out
    assert out.index("Result: domino!") < out.index("  seat 1    0-1 3-3")


def test_a_typed_draw_that_names_a_tile_is_refused_whatever_the_tile() -> None:
    """pagat-draw, seed 0: at the second prompt seat 0 may play 6-6 or draw; the next
    tile is 4-6. Naming it or another tile gets the same refusal; a plain draw draws."""
    result = play("--preset", "pagat-draw", "--seed", "0",
                  answers="1\ndraw 4-6\ndraw 0-0\nDRAW\n")  # fmt: skip
    out = result.output
    assert "You cannot play draw 4-6: a seat draws without naming a tile.\n" in out
    assert "You cannot play draw 0-0: a seat draws without naming a tile.\n" in out
    assert "seat 0 (you) draws 4-6 (" in out
    assert out.count("Your move [") == 5
    assert result.exit_code == 1


def test_a_typed_move_is_taken_as_the_seat_knows_it() -> None:
    """Seed 3 of the Draw game: seat 0 holds 0-6 and 4-6 against the 6-6."""
    result = play("--seed", "3", answers="6-6:L\n0-6\npass\n4-6:r\n")
    out = result.output
    assert "You cannot play 6-6:L: the tile is not in the mover's hand.\n" in out
    assert "You cannot play 0-6: a play after the lead must name an end.\n" in out
    assert "You cannot play pass: the player holds a playable tile and must play.\n" in out
    assert "seat 0 (you) plays 4-6 on the right\n" in out
    assert result.exit_code == 1


# ---------------------------------------------------------------------- width


@pytest.mark.parametrize(
    "argv",
    [
        ["--preset", "draw", "--seed", "10", "--match"],
        ["--preset", "partnership", "--seed", "5", "--seat", "3", "--opponents", "random"],
        ["--preset", "draw", "--players", "4", "--seed", "2"],
        ["--set", "max_pip=9", "--set", "hand_size=10", "--seed", "1"],
        ["--set", "max_pip=12", "--set", "hand_size=12", "--seed", "4"],
        ["--set", "max_pip=12", "--set", "hand_size=15", "--players", "3", "--seed", "8"],
    ],
)
def test_every_line_fits_80_columns(argv: list[str]) -> None:
    result = play(*argv, answers="1\n" * 3000)
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert max(len(line) for line in lines) <= 80
    wide = play(*argv, answers="1\n" * 3000, columns=400)
    assert max(len(line) for line in wide.output.splitlines()) > 80  # the test means it


def test_the_width_comes_from_columns() -> None:
    argv = ["--set", "max_pip=12", "--set", "hand_size=12", "--seed", "4"]
    for columns in (40, 60, 100):
        result = play(*argv, answers="1\n" * 3000, columns=columns)
        assert max(len(line) for line in result.output.splitlines()) <= columns


def test_claim_1_the_player_claims_a_score_by_number_or_token() -> None:
    # All Fives with claims, seed 1: the player's first score is 5 (docs/rules/spinner.md)
    argv = ("--preset", "all-fives", "--set", "claim_rule=claim", "--seed", "1")
    by_number = play(*argv, answers="1\n" * 60)
    assert "turn      seat 0 to claim 5 (or 0)" in by_number.output
    assert "  2. claim nothing (overlook 5)" in by_number.output
    assert "seat 0 (you) claims 5" in by_number.output
    before = by_number.output.split("to claim 5 (or 0)")[0]
    answers = "1\n" * before.count("Your move [") + "claim 3\nclaim 0\n" + "1\n" * 60
    typed = play(*argv, answers=answers)
    assert "You cannot play claim 3: a claim must be the score just made, or 0." in typed.output
    assert "seat 0 (you) overlooks 5" in typed.output


def test_claim_2_the_player_is_offered_muggins() -> None:
    # a random opponent overlooks 10 at seed 1; the player calls muggins by typing it
    argv = ("--preset", "all-fives", "--set", "claim_rule=muggins", "--opponents", "random")
    first = play(*argv, "--seed", "1", answers="1\n" * 60)
    assert "turn      seat 0 to move; may call muggins for 10" in first.output
    assert "  1. call muggins: take 10" in first.output
    before = first.output.split("may call muggins for 10")[0]
    answers = "1\n" * before.count("Your move [") + "muggins\n" + "1\n" * 60
    typed = play(*argv, "--seed", "1", answers=answers)
    assert "seat 0 (you) calls muggins and takes 10" in typed.output
