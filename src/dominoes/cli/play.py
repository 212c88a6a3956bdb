"""``dominoes play``: a game at the terminal against the built-in agents.

The player types the number of a legal move, or the move itself as a token (``4-6:R``,
``draw``, ``pass``) or as a tile and an arm by its name (``4-6 right``, ``4-6 up``,
``4-6 a4``), or ``concede`` to concede the hand (and, in a match, ``concede
match`` to concede the match; rules CONCEDE-1 and CONCEDE-2). Forced moves (a draw or
a pass that is the only legal move) are made automatically and shown, so the player is
only asked when there is a choice.
Input is read line by line from standard input, so the game also runs over a pipe;
when standard input is not a terminal each answer read is echoed after the prompt,
so the transcript reads like a session.

What is printed while a hand is played is built from the player's `Observation`:
the table is the library's picture of it (`dominoes.render.diagram`), and another
seat's draw is shown without its tile. Once the hand is over every hand is
shown. A move typed by the player is taken as the seat knows it
(`HandState.check_as`), so a draw that names a tile is refused whatever the tile.
Lines fit the terminal's width (`terminal_width`).

In a train game (Mexican Train, Private Trains) the player names the train to play on by
its owner's seat, its token or ``mexican`` (``6-4 on 2``, ``6-4 2``, ``6-4 T2``, ``6-4
mexican``, ``6-4 m``, ``6-4:T2``), types ``stop`` to end a first-turn run, and the prompt
lists the trains the player may play on with the value showing on each.

In a game with arms (spinners) the prompt lists the open arms with the value showing on
each and what each play would score, a tile typed alone is laid on the one arm it fits
(or the player is told which arms it fits), every play that scores says so (``and
scores 10``), a match shows the scores at each choice, and a match whose play points
reach the target ends there, in the middle of the hand (rule MATCH-7).
"""

from __future__ import annotations

import random
import sys
from typing import Any

import click
from rich.console import Console
from rich.text import Text

from dominoes.agents import Agent
from dominoes.arena import agent_rng
from dominoes.cli.common import (
    EXIT_PROBLEM,
    EXIT_USAGE,
    build_rules,
    make_agents,
    ruleset_options,
    terminal_width,
)
from dominoes.cli.text import INDENT, outcome_lines, plural, wrap
from dominoes.errors import AgentError, IllegalMoveError, NotationError
from dominoes.match import Match
from dominoes.moves import STOP, End, Move, Play
from dominoes.notation import parse_move
from dominoes.render import diagram
from dominoes.rules import MAX_PLAYERS
from dominoes.scoring import HandResult
from dominoes.state import Observation
from dominoes.words import describe_choice, describe_match, describe_rules, describe_step

__all__ = ["arm_name", "choice_text", "play"]

QUIT_WORDS = frozenset({"q", "quit", "exit"})
"""Answers that end the game at the move prompt."""

CONCEDE_WORD = "concede"
"""The answer that concedes the hand (``concede match``: the match) at the move prompt."""

choice_text = describe_choice
"""A legal move as offered to the player (`dominoes.words.describe_choice`)."""


class _Concede:
    """The player's answer ``concede`` (``match`` False) or ``concede match`` (True)."""

    def __init__(self, match: bool) -> None:
        self.match = match


class _Stop(Exception):
    """The player quit (``eof`` False) or the input ended (``eof`` True)."""

    def __init__(self, eof: bool) -> None:
        super().__init__("end of input" if eof else "quit")
        self.eof = eof


def _printable(text: str) -> str:
    shown = text if text.isprintable() else repr(text)
    return shown if len(shown) <= 20 else shown[:17] + "..."


def _token(text: str, trains: bool = False) -> str:
    """An answer as a move token: lower case, the arm's token in capitals (``4-6:R``,
    ``4-6:A4``); a tile and an arm's name or token after a space (``4-6 right``, ``4-6
    up``, ``4-6 a4``) are joined as ``4-6:R``, ``4-6:U``, ``4-6:A4``. In a train game
    (``trains``) a train may be named by its owner's seat or as ``mexican``, after ``on``
    or not: ``4-6 on 2`` is ``4-6:T2``, ``4-6 mexican`` is ``4-6:M``.

    >>> _token("4-6 right"), _token("4-6 on 2", trains=True), _token("4-6 Mexican", trains=True)
    ('4-6:R', '4-6:T2', '4-6:M')
    """
    words = text.lower().split()
    if trains and len(words) == 3 and words[1] == "on":
        words = [words[0], words[2]]
    if trains and len(words) == 2 and words[1] in _TRAIN_NAMES:
        return f"{words[0]}:{_TRAIN_NAMES[words[1]].token}"
    if len(words) == 2 and words[1] in _ARM_NAMES:
        return f"{words[0]}:{_ARM_NAMES[words[1]].token}"
    low = text.lower()
    tile, colon, arm = low.partition(":")
    return f"{tile}:{arm.upper()}" if colon else low


def arm_name(end: End) -> str:
    """What the player types for an arm: ``left``, ``right``, ``up``, ``down``, ``A4``, ...

    >>> arm_name(End.UP), arm_name(End(4))
    ('up', 'A4')
    """
    return end.name.lower() if end <= End.DOWN else end.token


_ARM_NAMES = {
    **{end.token.lower(): end for end in End},
    **{arm_name(end): end for end in (End.LEFT, End.RIGHT, End.UP, End.DOWN)},
}
"""An arm by what the player may type for it (lower case): its token or its name."""

_TRAIN_NAMES = {
    **{end.token.lower(): end for end in End if end.train_owner is not None},
    **{str(end.train_owner): end for end in End if end.train_owner is not None},
    "m": End.MEXICAN,
    "mexican": End.MEXICAN,
}
"""A train by what the player may type for it (lower case): its token, its owner's seat,
or ``mexican``."""


class _Table:
    """One game at the terminal: the seats, the agents and the output."""

    def __init__(
        self,
        match: Match,
        me: int,
        names: tuple[str, ...],
        agents: tuple[Agent | None, ...],
        seed: int,
        width: int,
        to_match: bool = False,
    ) -> None:
        self.match = match
        self.to_match = to_match
        self.me = me
        self.names = names
        self.agents = agents
        self.rngs = [agent_rng(f"play:{seed}", s) for s in range(match.rules.players)]
        self.width = width
        self.out = Console(highlight=False, soft_wrap=True, width=width)
        self.echo = not sys.stdin.isatty()

    def label(self, seat: int) -> str:
        """``you``, the agent's name, or the agent's name and ``your partner``."""
        if seat == self.me:
            return "you"
        partner = seat in self.match.rules.team_of(self.me)
        return f"{self.names[seat]}{', your partner' if partner else ''}"

    def who(self, seat: int) -> str:
        return f"seat {seat} ({self.label(seat)})"

    def say(self, text: str, style: str = "") -> None:
        for line in wrap(text, self.width):
            self.out.print(Text(line, style=style))

    def show_table(self, view: Observation) -> None:
        """The picture of the table as the player's seat sees it (`diagram`), indented,
        the player's own hand in bold."""
        mine = f"seat {self.me} "
        picture = diagram(view, width=self.width - len(INDENT))
        for line in picture.split("\n"):
            self.out.print(Text(INDENT + line, style="bold" if line.startswith(mine) else ""))

    def show_position(self, view: Observation) -> None:
        self.show_table(view)
        rnd = view.verification
        if rnd is not None:
            self.say(
                f"A verification round is open (seat {rnd.proposer} proposed a block); "
                "a play voids it.",
                "yellow",
            )

    def ask(self, moves: tuple[Move, ...], view: Observation) -> Move | _Concede:
        """The move the player chooses: a number from the list, or a move token taken as
        the seat knows it (a tile and an arm: ``4-6:R``, ``4-6 right``, ``4-6 up``; in a
        game with arms, a tile alone when it fits one arm only), or a concession; asks
        again after a bad answer."""
        count = len(moves)
        example = str(moves[0])
        while True:
            click.echo(f"Your move [1-{count}, q to quit]: ", nl=False)
            line = sys.stdin.readline()
            if not line:
                click.echo()
                raise _Stop(eof=True)
            text = line.strip()
            if self.echo:
                click.echo(_printable(text))
            if text.lower() in QUIT_WORDS:
                raise _Stop(eof=False)
            words = text.lower().split()
            if words == [CONCEDE_WORD]:
                return _Concede(match=False)
            if words == [CONCEDE_WORD, "match"]:
                if self.to_match:
                    return _Concede(match=True)
                self.say("You are playing a single hand: type concede to concede it.")
                continue
            if not text:
                self.say(f"Type the number of a move, from 1 to {count} (q quits).")
                continue
            try:
                number = int(text)
            except ValueError:
                pass
            else:
                if 1 <= number <= count:
                    return moves[number - 1]
                self.say(f"There is no move {number}: type a number from 1 to {count}.")
                continue
            trains = view.rules.trains
            try:
                move = parse_move(_token(text, trains))
            except NotationError:
                self.say(
                    f"{_printable(text)!r} is not a number: type one from 1 to {count}, "
                    f"or a move such as {example}."
                )
                continue
            if (
                isinstance(move, Play)
                and move.end is None
                and (view.layout.arms or trains)
                and move not in moves  # (the engine laid by its holder has no end)
            ):
                fits = [
                    m.end
                    for m in moves
                    if isinstance(m, Play) and m.tile == move.tile and m.end is not None
                ]
                if len(fits) != 1:
                    self.say(self._which_arm(move, fits, view))
                    continue
                move = Play(tile=move.tile, end=fits[0])  # the one arm the tile fits
            try:
                self.match.state.check_as(self.me, move)
            except IllegalMoveError as refused:
                self.say(f"You cannot play {move}: {refused.reason.text}.")
                continue
            return move

    @staticmethod
    def _which_arm(move: Play, fits: list[End], view: Observation) -> str:
        """Why a tile typed without an arm is not taken: it is not in the hand, it fits no
        open arm, or it fits several."""
        tile = move.tile
        if tile not in view.hand:
            return f"You cannot play {tile}: it is not in your hand."
        where = "train" if view.rules.trains else "arm"
        if not fits:
            return f"You cannot play {tile}: it fits no open {where}."
        names = " or ".join(arm_name(end) for end in fits)
        return (
            f"{tile} fits {names}: type the tile and the {where}, "
            f"such as {tile} {arm_name(fits[0])}."
        )

    @staticmethod
    def open_arms(view: Observation, moves: tuple[Move, ...]) -> str:
        """The open arms and the value showing on each, for the prompt of a game with
        arms: ``Open arms: left 5, right 0, up 1, down 1; type a number, or a tile and
        its arm (such as 1-5 up).``"""
        ends = ", ".join(f"{arm_name(end)} {value}" for end, value in view.layout.open_ends)
        plays = [(m.tile, m.end) for m in moves if isinstance(m, Play) and m.end is not None]
        example = f" (such as {plays[-1][0]} {arm_name(plays[-1][1])})" if plays else ""
        return f"Open arms: {ends}; type a number, or a tile and its arm{example}."

    @staticmethod
    def open_trains(view: Observation, moves: tuple[Move, ...]) -> str:
        """The trains of a train game with the value showing on each, for the prompt:
        ``Trains: T0 (yours) 3, T1 4 (marked), M 5; type a number, or a tile and its
        train (such as 0-5 m, 1-3 on 0), or stop.``"""
        trains = []
        for train in view.layout.trains:
            notes = ["yours"] if train.owner == view.seat else []
            if train.marked:
                notes.append("marked")
            if train.open_double:
                notes.append("open double")
            note = f" ({', '.join(notes)})" if notes else ""
            trains.append(f"{train.end.token}{note} {train.value}")
        plays = [(m.tile, m.end) for m in moves if isinstance(m, Play) and m.end is not None]
        example = ""
        if plays:
            tile, end = plays[-1]
            name = "m" if end is End.MEXICAN else f"on {end.train_owner}"
            example = f" (such as {tile} {name})"
        stop = ", or stop" if STOP in moves else ""
        shown = ", ".join(trains) or "none yet"
        return f"Trains: {shown}; type a number, or a tile and its train{example}{stop}."

    def choose(self, view: Observation) -> Move | _Concede:
        moves = view.legal_moves()
        if len(moves) == 1 and not isinstance(moves[0], Play):
            return moves[0]  # a forced draw or pass: made for the player, and shown
        self.say("")
        self.show_position(view)
        if view.rules.trains:
            self.say(self.open_trains(view, moves))
        elif view.layout.arms:
            if self.to_match:
                self.say(self.score_line(self.match))
            self.say(self.open_arms(view, moves))
        points = dict(view.scored_moves()) if view.layout.arms else {}
        for number, move in enumerate(moves, 1):
            scores = f", scores {points[move]}" if points.get(move) else ""
            self.say(f"  {number}. {describe_choice(move, view)}{scores}")
        return self.ask(moves, view)

    def score_line(self, match: Match) -> str:
        """``Scores: seat 0 (you): 45, seat 1 (greedy): 15 (target 100).``; with a schedule
        of engines and no target (rule TRAIN-2), the hand of the schedule instead:
        ``(hand 2 of 7)``."""
        scores = ", ".join(f"{self.who(s)}: {p}" for s, p in enumerate(match.scores))
        rules = match.rules
        hands = rules.schedule_hands
        if hands is not None and rules.target is None:
            return f"Scores: {scores} (hand {match.hand_number + 1} of {hands})."
        return f"Scores: {scores} (target {match.target})."

    def agent_move(self, seat: int) -> Move:
        """The move of the agent at ``seat``, from its observation, checked as the seat
        knows it.

        Raises:
            AgentError: the agent chose a move the seat may not make.
        """
        agent = self.agents[seat]
        assert agent is not None
        state = self.match.state
        move = agent.choose(state.observation(seat), self.rngs[seat])
        try:
            state.check_as(seat, move)
        except IllegalMoveError as error:
            name = self.names[seat]
            shown = _printable(" ".join(str(move).split()))
            why = error.reason.text
            raise AgentError(
                f"agent {name!r} at seat {seat} chose an illegal move, {shown}: {why}", spec=name
            ) from error
        return parse_move(move) if isinstance(move, str) else move  # a token, as a move

    def play_hand(self) -> HandResult | None:
        """Play the current hand to its end; ``None`` when the match ends in its middle,
        play points having reached the target (rule MATCH-7)."""
        labels = [self.label(s) for s in range(self.match.rules.players)]
        while not self.match.state.is_over:
            if self.match.is_over:  # MATCH-7: play points reached the target
                self.stop_mid_hand()
                return None
            seat = self.match.state.turn
            view = self.match.state.observation(self.me)
            move = self.choose(view) if seat == self.me else self.agent_move(seat)
            if isinstance(move, _Concede):  # CONCEDE-1, CONCEDE-2: not a move
                self.match = self.match.concede(self.me, match=move.match)
                what = "the match" if move.match else "the hand"
                self.say(f"{self.who(self.me)} concedes {what}")
                break
            self.match = self.match.apply(move, seat=seat)
            step = self.match.state.observation(self.me).history[-1]
            self.say(describe_step(step, view, names=labels))
        final = self.match.state
        result = final.result
        assert result is not None
        self.say("")
        for line in outcome_lines(final.rules, result):
            self.say(line, "bold" if line.startswith("Result") else "")
        self.show_table(final.observation(self.me))  # every hand, now the hand is over
        if self.me in result.winners:
            self.say("You win the hand.", "green")
        elif result.winners:
            self.say("You lose the hand.", "red")
        return result

    def stop_mid_hand(self) -> None:
        """Say that the match ended in the middle of the hand (rule MATCH-7), and show
        the table as the player's seat sees it."""
        state = self.match.state
        leaders = [s for s, p in enumerate(self.match.scores) if p >= self.match.target]
        who = " and ".join(self.who(s) for s in leaders)
        self.say("")
        self.say(
            f"{who} reached {plural(self.match.target, 'point')} on play: the match ends in "
            "the middle of the hand (rule MATCH-7).",
            "bold",
        )
        self.show_table(state.observation(self.me))


@click.command(
    epilog="\b\nExamples:\n"
    "  dominoes play\n"
    "  dominoes play --preset block --opponents search --seed 7\n"
    "  dominoes play --preset partnership --seat 1 --match\n"
    "  dominoes play --opponents my_bots.py:MyAgent\n"
    "  printf '1\\n2\\n' | dominoes play --seed 3\n\n"
    "\b\nAt the prompt type the number of a move, or the move (4-6:R, draw, pass), or q\n"
    "to quit; concede concedes the hand, and with --match concede match the match.\n"
    "Name an arm by its name or token: 4-6 left, 4-6 up, 4-6:D, 4-6 A4 (spinner games);\n"
    "a train by its owner's seat or token, or as mexican: 4-6 on 2, 4-6 T2, 4-6 m, and\n"
    "stop ends a first-turn run (train games).\n"
    "Forced draws and passes are made for you and shown. Exit status: 0 the game was\n"
    "played to the end (or you typed q or conceded), 1 the input ended before the game\n"
    "did, 2 a usage error, or an agent that failed or chose an illegal move.",
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
    help="The agent of every other seat (random, greedy, search, or your own as "
    "module:Class or path/to/file.py:Class), or one per other seat in seat order.",
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
    """Play dominoes at the terminal against the built-in agents (or your own).

    Each time you have a choice the layout, the tiles left in every hand, your hand
    and the numbered legal moves are shown. Other seats' draws are shown without
    their tiles; every hand is shown when the hand ends. With --match hands are
    dealt until a side reaches the target score. The game is reproducible with
    --seed, and runs over a pipe (standard input need not be a terminal).
    """
    rules = build_rules(preset, players=players, partnership=partnership, settings=settings)
    if seat >= rules.players:
        raise click.BadParameter(
            f"seat {seat} does not exist with {rules.players} players", param_hint="'--seat'"
        )
    others, built = make_agents(opponents, rules.players - 1, option="--opponents")
    names = (*others[:seat], "you", *others[seat:])
    agents: tuple[Agent | None, ...] = (*built[:seat], None, *built[seat:])
    if seed is None:
        seed = random.SystemRandom().randrange(1_000_000)
    table = _Table(
        Match.start(rules, seed=seed), seat, names, agents, seed, terminal_width(), to_match
    )
    table.say(f"{describe_rules(rules, preset=preset, sides=True)}, seed {seed}.", "bold")
    table.say(
        "You are seat "
        + f"{seat}; "
        + ", ".join(table.who(s) for s in range(rules.players) if s != seat)
        + "."
        + (f" The match is played {describe_match(rules)}." if to_match else "")
    )
    try:
        while True:
            if to_match:
                table.say("")
                number = table.match.hand_number
                double = ""
                if rules.schedule_double is not None:  # TRAIN-2: each hand its own double
                    d = rules.hand_double(number)
                    double = f": the {'engine' if rules.trains else 'root double'} {d}-{d}"
                table.say(f"Hand {number + 1}{double}", "bold underline")
            table.play_hand()
            if not to_match:
                return
            match = table.match
            table.say(table.score_line(match))
            if match.is_over:
                winner = match.winner
                over = "Match over" if match.conceded_by is None else "You conceded the match"
                if winner is None:
                    table.say(f"{over}: a tie.", "bold")
                elif seat in winner:
                    table.say(f"{over}: you win the match!", "bold green")
                else:
                    who = " and ".join(table.who(s) for s in winner)
                    table.say(f"{over}: {who} won the match.", "bold red")
                return
            table.match = match.next_hand()
    except AgentError as error:
        click.echo(f"dominoes play: {error}", err=True)
        ctx.exit(EXIT_USAGE)
    except _Stop as stop:
        if stop.eof:
            table.say("End of input: the game was left unfinished.")
            ctx.exit(EXIT_PROBLEM)
        table.say("You quit: the game was left unfinished.")
