"""``dominoes play``: a game at the terminal against the built-in agents.

The player types the number of a legal move. Forced moves (a draw or a pass that is
the only legal move) are made automatically and shown, so the player is only asked
when there is a choice. Input is read line by line from standard input, so the game
also runs over a pipe; when standard input is not a terminal each answer read is
echoed after the prompt, so the transcript reads like a session.
"""

from __future__ import annotations

import random
import sys
from typing import Any

import click
from rich.console import Console
from rich.text import Text

from dominoes.arena import agent_rng
from dominoes.cli.common import EXIT_PROBLEM, build_rules, make_agents, ruleset_options
from dominoes.cli.text import describe_move, game_name, outcome_lines
from dominoes.match import Match
from dominoes.moves import Draw, Move, Pass, Play
from dominoes.rules import MAX_PLAYERS
from dominoes.scoring import HandResult
from dominoes.state import HandState, Phase

__all__ = ["choice_text", "play"]

QUIT_WORDS = frozenset({"q", "quit", "exit"})
"""Answers that end the game at the move prompt."""


class _Stop(Exception):
    """The player quit (``eof`` False) or the input ended (``eof`` True)."""

    def __init__(self, eof: bool) -> None:
        super().__init__("end of input" if eof else "quit")
        self.eof = eof


def choice_text(move: Move, state: HandState) -> str:
    """A legal move as offered to the player.

    >>> from dominoes import DRAW, PASS, Deal, HandState, Ruleset
    >>> state = HandState.start(Ruleset.block(), Deal.random(Ruleset.block(), seed=7))
    >>> choice_text(state.legal_moves()[0], state), choice_text(DRAW, state)
    ('lead 6-6', 'draw from the boneyard')
    """
    if isinstance(move, Play):
        if move.end is None:
            return f"lead {move.tile}"
        end = state.layout.end(move.end)
        return f"play {move.tile} on the {move.end.name.lower()} (the {end} end)"
    if isinstance(move, Draw):
        return "draw from the boneyard"
    assert isinstance(move, Pass)
    if state.phase is Phase.VERIFICATION:
        return "pass: confirm that you cannot play"
    return "pass"


def _printable(text: str) -> str:
    shown = text if text.isprintable() else repr(text)
    return shown if len(shown) <= 20 else shown[:17] + "..."


def _ask(count: int, echo: bool) -> int:
    """The index of the move the player chooses, asking again after a bad answer."""
    while True:
        click.echo(f"Your move [1-{count}, q to quit]: ", nl=False)
        line = sys.stdin.readline()
        if not line:
            click.echo()
            raise _Stop(eof=True)
        text = line.strip()
        if echo:
            click.echo(_printable(text))
        if text.lower() in QUIT_WORDS:
            raise _Stop(eof=False)
        if not text:
            click.echo(f"Type the number of a move, from 1 to {count} (q quits).")
            continue
        try:
            number = int(text)
        except ValueError:
            click.echo(f"{_printable(text)!r} is not a number: type one from 1 to {count}.")
            continue
        if not 1 <= number <= count:
            click.echo(f"There is no move {number}: type a number from 1 to {count}.")
            continue
        return number - 1


class _Table:
    """One game at the terminal: the seats, the agents and the output."""

    def __init__(
        self, match: Match, me: int, names: tuple[str, ...], agents: tuple[Any, ...], seed: int
    ) -> None:
        self.match = match
        self.me = me
        self.names = names
        self.agents = agents
        self.rngs = [agent_rng(f"play:{seed}", s) for s in range(match.rules.players)]
        self.out = Console(highlight=False, soft_wrap=True)
        self.echo = not sys.stdin.isatty()

    def who(self, seat: int) -> str:
        if seat == self.me:
            return f"seat {seat} (you)"
        partner = self.match.rules.partnership and seat % 2 == self.me % 2
        return f"seat {seat} ({self.names[seat]}{', your partner' if partner else ''})"

    def say(self, text: str, style: str = "") -> None:
        self.out.print(Text(text, style=style))

    def show_position(self, state: HandState) -> None:
        layout = state.layout
        if layout.is_empty:
            self.say("The layout is empty: you lead.")
        else:
            ends = " and ".join(str(e) for e in layout.ends)
            self.say(f"Layout: {layout}   (open ends: {ends})")
        others = ", ".join(
            f"{self.who(s)}: {n}" for s, n in enumerate(state.hand_sizes) if s != self.me
        )
        self.say(f"Tiles in hand: {others}; boneyard: {len(state.boneyard)}.")
        if state.phase is Phase.VERIFICATION:
            rnd = state.verification
            assert rnd is not None
            self.say(
                f"A verification round is open (seat {rnd.proposer} proposed a block); "
                "a play voids it.",
                "yellow",
            )
        hand = " ".join(str(t) for t in state.hand(self.me))
        self.say(f"Your hand: {hand}", "bold")

    def choose(self, state: HandState) -> Move:
        moves = state.legal_moves()
        if len(moves) == 1 and not isinstance(moves[0], Play):
            return moves[0]  # a forced draw or pass: made for the player, and shown
        self.say("")
        self.show_position(state)
        for number, move in enumerate(moves, 1):
            self.say(f"  {number}. {choice_text(move, state)}")
        return moves[_ask(len(moves), self.echo)]

    def play_hand(self) -> HandResult:
        while not self.match.state.is_over:
            state = self.match.state
            seat = state.turn
            if seat == self.me:
                move = self.choose(state)
            else:
                move = self.agents[seat].choose(state.observation(seat), self.rngs[seat])
            self.match = self.match.apply(move, seat=seat)
            shown = self.match.state.history[-1].move
            self.say(f"{self.who(seat)} {describe_move(shown, state)}")
        result = self.match.state.result
        assert result is not None
        self.say("")
        self.say(f"Layout: {self.match.state.layout}")
        for line in outcome_lines(self.match.state.rules, result):
            self.say(line, "bold" if line.startswith("Result") else "")
        if self.me in result.winners:
            self.say("You win the hand.", "green")
        elif result.winners:
            self.say("You lose the hand.", "red")
        return result


@click.command(
    epilog="\b\nExamples:\n"
    "  dominoes play\n"
    "  dominoes play --preset block --opponents search --seed 7\n"
    "  dominoes play --preset partnership --seat 1 --match\n"
    "  printf '1\\n2\\n' | dominoes play --seed 3\n\n"
    "\b\nAt the prompt type the number of a move, or q to quit. Forced draws and passes\n"
    "are made for you and shown. Exit status: 0 the game was played to the end (or you\n"
    "typed q), 1 the input ended before the game did, 2 a usage error.",
)
@ruleset_options("draw")
@click.option(
    "--seat",
    type=click.IntRange(0, MAX_PLAYERS - 1),
    default=0,
    show_default=True,
    help="Your seat (seat 0 is the first in playing order).",
)
@click.option(
    "--opponents",
    default="greedy",
    show_default=True,
    metavar="NAME[,NAME...]",
    help="The agent of every other seat (random, greedy, search), or one per other seat "
    "in seat order.",
)
@click.option("--match", "to_match", is_flag=True, help="Play a match to the target score.")
@click.option("--seed", type=int, default=None, help="The seed of the deal (default: random).")
@click.pass_context
def play(
    ctx: click.Context,
    preset: str,
    players: int | None,
    partnership: bool,
    settings: tuple[tuple[str, Any], ...],
    seat: int,
    opponents: str,
    to_match: bool,
    seed: int | None,
) -> None:
    """Play dominoes at the terminal against the built-in agents.

    Each time you have a choice the layout, the tiles left in every hand, your hand
    and the numbered legal moves are shown. With --match hands are dealt until a
    side reaches the target score. The game is reproducible with --seed, and runs
    over a pipe (standard input need not be a terminal).
    """
    rules = build_rules(preset, players=players, partnership=partnership, settings=settings)
    if seat >= rules.players:
        raise click.BadParameter(
            f"seat {seat} does not exist with {rules.players} players", param_hint="'--seat'"
        )
    others, built = make_agents(opponents, rules.players - 1, option="--opponents")
    names = (*others[:seat], "you", *others[seat:])
    agents = (*built[:seat], None, *built[seat:])
    if seed is None:
        seed = random.SystemRandom().randrange(1_000_000)
    table = _Table(Match.start(rules, seed=seed), seat, names, agents, seed)
    mode = " in partnership (seats 0+2 v 1+3)" if rules.partnership else ""
    table.say(
        f"{game_name(rules)} game ({preset}), {rules.players} players{mode}, "
        f"double-{rules.max_pip}, seed {seed}.",
        "bold",
    )
    table.say(
        "You are seat "
        + f"{seat}; "
        + ", ".join(table.who(s) for s in range(rules.players) if s != seat)
        + "."
        + (f" The match is played to {table.match.target} points." if to_match else "")
    )
    try:
        while True:
            if to_match:
                table.say("")
                table.say(f"Hand {table.match.hand_number + 1}", "bold underline")
            table.play_hand()
            if not to_match:
                return
            match = table.match
            scores = ", ".join(f"{table.who(s)}: {p}" for s, p in enumerate(match.scores))
            table.say(f"Scores: {scores} (target {match.target}).")
            if match.is_over:
                winner = match.winner
                if winner is None:
                    table.say("Match over: a tie.", "bold")
                elif seat in winner:
                    table.say("Match over: you win the match!", "bold green")
                else:
                    who = " and ".join(table.who(s) for s in winner)
                    table.say(f"Match over: {who} won the match.", "bold red")
                return
            table.match = match.next_hand()
    except _Stop as stop:
        if stop.eof:
            table.say("End of input: the game was left unfinished.")
            ctx.exit(EXIT_PROBLEM)
        table.say("You quit: the game was left unfinished.")
