"""Checking a record: the problems found and where they go, and the replay of its moves.

`Sink` is where a check reports: it raises the first problem as a `RecordError` (for
`loads` and the record constructors) or collects them all as `Problem` values (for
`validate`). `check_hand` and `check_match` deal each hand and replay its moves and
concessions through the engine, reporting every problem they can name.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from dominoes.deal import Deal
from dominoes.errors import DealError, IllegalMoveError, IllegalMoveReason, RecordError
from dominoes.fields import type_name
from dominoes.match import Match
from dominoes.moves import Draw, Move, Play
from dominoes.notation import format_move
from dominoes.records._locate import KeyPath
from dominoes.rules import DrawRule, Ruleset
from dominoes.state import HandState

if TYPE_CHECKING:  # pragma: no cover - the model imports this module, not the reverse
    from dominoes.records._model import HandEntry


@attrs.frozen(kw_only=True)
class Problem:
    """One problem `validate` found in a record.

    ``str(problem)`` is ``"line 12: message"`` (just the message when ``line`` is ``None``).
    """

    line: int | None
    """The 1-based line of the record text, or ``None`` when no single line is at fault."""
    move_number: int | None
    """The 1-based index into the hand's ``moves`` of the move at fault, or ``None``."""
    message: str
    """What is wrong, in a sentence without the line number."""
    hand: int | None = None
    """In a match record, the 1-based number of the hand at fault, else ``None``."""
    reason: IllegalMoveReason | None = None
    """The `IllegalMoveReason` when a move is illegal, else ``None``."""

    def __str__(self) -> str:
        return self.message if self.line is None else f"line {self.line}: {self.message}"


class Sink:
    """Where checks report problems: raise the first (loads) or collect them all (validate)."""

    def __init__(self, collect: bool, lines: Mapping[KeyPath, int] | None = None) -> None:
        self.collect = collect
        self.lines: Mapping[KeyPath, int] = lines or {}
        self.problems: list[Problem] = []

    def line(self, path: KeyPath | None) -> int | None:
        """The line of ``path``, or of its nearest ancestor the text locates."""
        if path is None:
            return None
        while True:
            line = self.lines.get(path)
            if line is not None or not path:
                return line
            path = path[:-1]

    def report(
        self,
        message: str,
        path: KeyPath | None = None,
        *,
        move_number: int | None = None,
        hand: int | None = None,
        reason: IllegalMoveReason | None = None,
    ) -> None:
        # a twin in shape of RecordError.__init__ on purpose: it takes the keywords it
        # passes on to RecordError (or Problem), typed, not as **kwargs
        line = self.line(path)
        if hand is None and path and len(path) > 1 and path[0] == "hands":
            hand = int(path[1]) + 1  # a key of a match's [[hands]] table
        if hand is not None and not message.startswith((f"hand {hand}", "hands ")):
            message = f"hand {hand}: {message}"
        if not self.collect:
            raise RecordError(message, line=line, move_number=move_number, hand=hand, reason=reason)
        self.problems.append(
            Problem(line=line, move_number=move_number, message=message, hand=hand, reason=reason)
        )


def text_problem(text: object, *, multiline: bool) -> str | None:
    """What is wrong with a name, key or event value, or ``None``."""
    if not isinstance(text, str):
        return f"must be a string, not {type_name(text)}"
    if not text:
        return "must not be empty" if not multiline else None
    for char in text:
        if unicodedata.category(char) == "Cc" and not (multiline and char in "\n\t"):
            return f"must not hold control characters ({char!r})"
    return None


def dealt(rules: Ruleset, seed: int | None, deal: Deal | None) -> Deal:
    """The deal a hand is played from: ``deal``, or the deal of ``seed``."""
    if deal is not None:
        return deal
    assert seed is not None
    return Deal.random(rules, seed=seed)


def same_deal(a: Deal, b: Deal) -> bool:
    """Whether two deals deal the same tiles to each seat and the same boneyard order."""
    return a.boneyard == b.boneyard and [frozenset(h) for h in a.hands] == [
        frozenset(h) for h in b.hands
    ]


def check_names(rules: Ruleset, names: tuple[str, ...], sink: Sink, path: KeyPath) -> None:
    """Report names that do not match the seats."""
    if names and len(names) != rules.players:
        sink.report(
            f"names lists {len(names)} players but the ruleset has {rules.players} seats",
            (*path, "names"),
        )


def _start(
    rules: Ruleset,
    seed: int | None,
    deal: Deal | None,
    sink: Sink,
    path: KeyPath,
    hand: int | None,
) -> HandState | None:
    """The start state of a hand dealt as ``deal`` / ``seed``, or ``None`` (reported)."""
    if deal is None and seed is None:
        sink.report(
            "the hand needs a seed or a deal"
            if hand is None
            else "there is no deal and no seed, and the match has no seed",
            path,
            hand=hand,
        )
        return None
    if deal is not None and seed is not None:
        seeded = Deal.random(rules, seed=seed)
        if not same_deal(deal, seeded):
            sink.report(
                f"the deal is not the deal of seed {seed} ({_deal_difference(deal, seeded)})",
                (*path, "deal"),
                hand=hand,
            )
            return None
    try:
        return HandState.start(rules, dealt(rules, seed, deal))
    except DealError as error:
        where: KeyPath = (*path, "deal")
        if error.seat is not None:
            where = (*where, "hands", error.seat)
        elif deal is not None and deal.boneyard and len(deal.hands) == rules.players:
            where = (*where, "boneyard")
        sink.report(f"the deal does not fit the rules: {error}", where, hand=hand)
        return None


def _deal_difference(deal: Deal, seeded: Deal) -> str:
    for seat, (a, b) in enumerate(zip(deal.hands, seeded.hands, strict=False)):
        if frozenset(a) != frozenset(b):
            return f"seat {seat}'s hand differs"
    if len(deal.hands) != len(seeded.hands):
        return "the number of hands differs"
    return "the boneyard differs"


def check_hand(
    rules: Ruleset,
    seed: int | None,
    deal: Deal | None,
    moves: Sequence[tuple[int, Move] | None],
    sink: Sink,
    path: KeyPath,
    hand: int | None = None,
    *,
    conceded_by: int | None = None,
) -> HandState | None:
    """Check a hand's deal and replay its moves (and its concession); the final state, or
    ``None`` if stopped."""
    state = _start(rules, seed, deal, sink, path, hand)
    if state is None:
        return None
    final: HandState | None = _check_moves(state, moves, sink, path, hand)
    if final is not None and conceded_by is not None:
        final = _check_concession(final, conceded_by, sink, path, hand)
    return final


def _check_concession(state: Any, seat: int, sink: Sink, path: KeyPath, hand: int | None) -> Any:
    """``state`` (a `HandState` or a `Match`) after ``seat`` concedes the hand in
    progress, or ``None`` after reporting why it cannot (rule CONCEDE-1)."""
    where = (*path, "conceded_by")
    hand_state: HandState = state if isinstance(state, HandState) else state.state
    players = hand_state.rules.players
    if not 0 <= seat < players:
        sink.report(
            f"conceded_by {seat} is not a seat: the seats are 0 to {players - 1}",
            where,
            hand=hand,
            reason=IllegalMoveReason.NO_SUCH_SEAT,
        )
        return None
    if hand_state.is_over:
        moves = len(hand_state.history)
        sink.report(
            f"conceded_by {seat}: the hand is already over (it ended at move {moves}), "
            "so it cannot be conceded",
            where,
            hand=hand,
            reason=IllegalMoveReason.HAND_OVER,
        )
        return None
    return state.concede(seat)


def _check_match_concession(match: Match, seat: int, sink: Sink, path: KeyPath) -> Match | None:
    """``match`` after ``seat`` concedes it (rule CONCEDE-2), or ``None`` (reported)."""
    where = (*path, "conceded_by")
    players = match.rules.players
    number = match.hand_number + 1
    if not 0 <= seat < players:
        sink.report(
            f"conceded_by {seat} is not a seat: the seats are 0 to {players - 1}",
            where,
            reason=IllegalMoveReason.NO_SUCH_SEAT,
        )
        return None
    if match.is_over:
        sink.report(
            f"conceded_by {seat}: the match is already over (after hand {number}), "
            "so it cannot be conceded",
            where,
        )
        return None
    return match.concede(seat, match=True)  # concedes the hand too, if it is not over


def _check_moves(
    state: Any,
    moves: Sequence[tuple[int, Move] | None],
    sink: Sink,
    path: KeyPath,
    hand: int | None,
) -> Any:
    """Replay ``moves`` on ``state`` (a `HandState` or a `Match`), reporting problems.

    Returns the state after the last move, or ``None`` when replay had to stop.
    """
    prefix = "" if hand is None else f"hand {hand}, "
    count = len(moves)
    for number, entry in enumerate(moves, 1):
        where = (*path, "moves", number - 1)
        hand_state: HandState = state if isinstance(state, HandState) else state.state
        if entry is None:  # a malformed entry, already reported
            _stop(sink, path, hand, number, count, "a malformed move")
            return None
        seat, move = entry
        shown = f"{prefix}move {number} ({seat} {format_move(move)})"
        if hand_state.is_over:
            extra = "is" if number == count else f"and the {count - number} after it are"
            sink.report(
                f"{shown} {extra} after the end of the hand (it ended at move {number - 1})",
                where,
                move_number=number,
                hand=hand,
                reason=IllegalMoveReason.HAND_OVER,
            )
            return None
        turn = hand_state.turn
        if seat != turn:
            no_seat = (
                f"there is no seat {seat} (seats are 0 to {hand_state.rules.players - 1}); "
                if seat >= hand_state.rules.players
                else ""
            )
            sink.report(
                f"{shown} is not seat {seat}'s to make: {no_seat}seat {turn} is to move",
                where,
                move_number=number,
                hand=hand,
                reason=IllegalMoveReason.NOT_YOUR_TURN,
            )
        try:
            state = state.apply(move)
        except IllegalMoveError as error:
            sink.report(
                f"{shown} is illegal: {_why(hand_state, move, error.reason)}",
                where,
                move_number=number,
                hand=hand,
                reason=error.reason,
            )
            _stop(sink, path, hand, number, count, "an illegal move")
            return None
    return state


def _stop(sink: Sink, path: KeyPath, hand: int | None, number: int, count: int, what: str) -> None:
    """Say once that the moves after ``number`` could not be checked."""
    if number < count:
        prefix = "" if hand is None else f"hand {hand}: "
        later = (
            f"move {count} was" if number + 1 == count else f"moves {number + 1} to {count} were"
        )
        sink.report(
            f"{prefix}{later} not checked: replay cannot go on after {what} (move {number})",
            (*path, "moves", number),
            move_number=number + 1,
            hand=hand,
        )


def _why(state: HandState, move: Move, reason: IllegalMoveReason) -> str:
    """Why ``move`` is illegal in ``state``: the facts of the position that make it so,
    naming the tiles, or else the reason's own words (`IllegalMoveReason.text`)."""
    seat = state.turn
    why = IllegalMoveReason
    if reason is why.TILE_NOT_IN_HAND and isinstance(move, Play):
        return f"seat {seat} does not hold {move.tile}"
    if reason is why.DOES_NOT_MATCH and isinstance(move, Play) and move.end is not None:
        end = move.end.name.lower()
        return f"{move.tile} does not match the {end} end, which shows {state.layout.end(move.end)}"
    if reason is why.NO_SUCH_END and isinstance(move, Play):
        return f"after the lead a play names its end: {move.tile}:L or {move.tile}:R"
    if reason is why.MUST_LEAD:
        if isinstance(move, Play):
            return f"the lead is written without an end: {move.tile}"
        return f"the layout is empty: seat {seat} must lead"
    if reason is why.WRONG_LEAD:
        lead = state.legal_moves()[0]
        return f"the rules make {lead} the opening tile"
    if reason is why.MUST_PLAY:
        ends = state.layout.ends
        fits = [str(t) for t in state.hand(seat) if t.low in ends or t.high in ends]
        return f"seat {seat} holds {', '.join(fits)}, which fits"
    if reason is why.MUST_DRAW:
        return f"seat {seat} must draw: the boneyard has {len(state.boneyard)} tiles"
    if reason is why.CANNOT_DRAW:
        if state.rules.drawing is DrawRule.NONE:
            return "nobody draws in this game"
        return "the rules allow no draw now (the boneyard has nothing to give)"
    if reason is why.WRONG_DRAW_TILE and isinstance(move, Draw):
        return f"the next tile of the boneyard is {state.boneyard[0]}, not {move.tile}"
    return reason.text  # pragma: no cover - every reason a record can meet is worded above


def check_match(
    rules: Ruleset,
    seed: int | None,
    hands: Sequence[HandEntry | None],
    sink: Sink,
    path: KeyPath,
    conceded_by: int | None = None,
) -> Match | None:
    """Replay a match's hands through `Match`, reporting problems."""
    if not hands:
        sink.report("a match record holds at least one hand ([[hands]])", (*path, "hands"))
        return None
    match: Match | None = None
    for number, entry in enumerate(hands, 1):
        where = (*path, "hands", number - 1)
        if entry is None:  # malformed, already reported
            if number < len(hands):
                sink.report(
                    f"hands {number + 1} to {len(hands)} were not checked: hand {number} "
                    "is malformed",
                    (*path, "hands", number),
                    hand=number + 1,
                )
            return None
        if match is not None:
            if not match.state.is_over:
                sink.report(
                    f"hand {number} starts before hand {number - 1} is over",
                    where,
                    hand=number,
                )
                return None
            if match.is_over:
                sink.report(
                    f"hand {number} starts after the end of the match (after hand {number - 1})",
                    where,
                    hand=number,
                )
                return None
        hand_rules = rules if match is None else match.next_hand().state.rules
        deal_seed = entry.seed
        if entry.deal is None and entry.seed is None:
            if seed is None:
                _start(hand_rules, None, None, sink, where, number)
                return None
            own = None
        else:
            start = _start(hand_rules, entry.seed, entry.deal, sink, where, number)
            if start is None:
                return None
            own = dealt(hand_rules, deal_seed, entry.deal)
        # own was checked, and a deal from the match seed always fits
        match = (
            Match.start(rules, seed=seed or 0, deal=own)
            if match is None
            else match.next_hand(deal=own)
        )
        match = _check_moves(match, entry.moves, sink, where, number)
        if match is not None and entry.conceded_by is not None:
            match = _check_concession(match, entry.conceded_by, sink, where, number)
        if match is None:
            if number < len(hands):
                sink.report(
                    f"hands {number + 1} to {len(hands)} were not checked: replay cannot go "
                    f"on after hand {number}",
                    (*path, "hands", number),
                    hand=number + 1,
                )
            return None
    if match is not None and conceded_by is not None:
        match = _check_match_concession(match, conceded_by, sink, path)
    return match
