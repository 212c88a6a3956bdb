"""The exception hierarchy.

Every exception the library raises on purpose derives from
`DominoesError`. The ones caused by a bad value also derive from
`ValueError`, so code that already catches ``ValueError`` keeps working.
Each carries machine-readable attributes, so callers never parse messages.
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from dominoes.moves import Move
    from dominoes.state import HandState

__all__ = [
    "AgentError",
    "AmbiguousPresetWarning",
    "ArgumentError",
    "ArgumentTypeError",
    "ArgumentValueError",
    "DealError",
    "DealProblem",
    "DominoesError",
    "EmptyLayoutError",
    "FieldValueError",
    "IllegalMoveError",
    "IllegalMoveReason",
    "InvalidTileError",
    "MatchError",
    "NotationError",
    "RecordError",
    "RulesetError",
    "UnknownAgentError",
    "UnknownNameError",
    "UnknownPresetError",
    "shown",
]


def shown(value: object, limit: int = 40) -> str:
    """``repr(value)`` on one line, cut to ``limit`` characters: how an error message of
    the library quotes a value it refused (a broken ``__repr__`` shows the type).

    >>> shown(list(range(30)), limit=12)
    '[0, 1, 2,...'
    """
    try:
        text = repr(value)
    except Exception:  # a broken __repr__ must not hide the real error
        text = f"<{type(value).__name__}>"
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


class DominoesError(Exception):
    """Base class of every error the library raises on purpose.

    Every one of them survives pickling (so an error raised in a worker process reaches
    the caller with its attributes).
    """

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (type(self), self.args, dict(self.__dict__)))


def _rebuild(cls: type[DominoesError], args: tuple[Any, ...], state: dict[str, Any]) -> Any:
    error = cls.__new__(cls)
    Exception.__init__(error, *args)
    error.__dict__.update(state)
    return error


class ArgumentError(DominoesError):
    """A public function or constructor was given an argument it cannot take: the base
    of `ArgumentTypeError` and `ArgumentValueError`.

    Attributes:
        argument: the name of the argument at fault.
    """

    def __init__(self, message: str, *, argument: str) -> None:
        super().__init__(message)
        self.argument = argument


class ArgumentTypeError(ArgumentError, TypeError):
    """An argument of the wrong type.

    It derives from `TypeError` too, so code that catches ``TypeError`` keeps working.
    The message names the argument and what it got (``"seed must be an int, got 'x'"``).
    """


class ArgumentValueError(ArgumentError, ValueError):
    """An argument of the right type but a value it cannot take.

    For example a seat that is not at the table (``state.observation(7)``) or an
    action number outside the codec's range. The message names the argument.
    """


class UnknownNameError(DominoesError, KeyError):
    """A name looked up in a table of the library is not there.

    It derives from `KeyError` too (a name is a key into the table); unlike a bare
    ``KeyError`` its text is the plain sentence, not a quoted key.

    Attributes:
        name: the name that was asked for.
    """

    def __init__(self, message: str, *, name: object) -> None:
        super().__init__(message)
        self.name = name

    def __str__(self) -> str:
        return str(self.args[0])


class UnknownPresetError(UnknownNameError):
    """No preset has the name (or alias) asked for."""


class AmbiguousPresetWarning(UserWarning):
    """A warning, not an error: the preset name asked for is an alias that other games
    go by as well (``latin``); its text says which preset was picked."""


class UnknownAgentError(UnknownNameError):
    """No agent of an arena report has the name asked for (``report["name"]``)."""


class EmptyLayoutError(DominoesError, IndexError):
    """The layout has no tile yet, so it has no end to read (`Layout.end` before the lead).

    It derives from `IndexError` too, as reading an end of an empty line always did.
    """


class MatchError(DominoesError, ValueError):
    """A match was asked for something its state does not allow.

    For example `Match.next_hand` while the current hand is still being played, or
    after the match is over.
    """


class SamplingError(DominoesError, ValueError):
    """An observation cannot be sampled: the hand is over (nothing is hidden), or the
    observation has no history to go by (`sampling.sample_deal` of a state built
    from a position)."""


class AgentError(DominoesError):
    """A user's agent could not be loaded, or it answered with a move it may not make.

    Attributes:
        spec: the agent's specification (``"module:Class"``, ``"path/file.py:Class"``)
            or name, as given.
    """

    def __init__(self, message: str, *, spec: str) -> None:
        super().__init__(message)
        self.spec = spec


class InvalidTileError(DominoesError, ValueError):
    """A tile was built from values that are not pip counts.

    Pips must be plain ``int`` values (``bool`` is refused) from 0 up.
    """


class NotationError(DominoesError, ValueError):
    """A string could not be parsed.

    Attributes:
        text: the input that was rejected.
        what: what the parser expected, for example ``"tile"``.
    """

    def __init__(self, message: str, *, text: str, what: str) -> None:
        super().__init__(message)
        self.text = text
        self.what = what


class RecordError(DominoesError, ValueError):
    """A hand or match record is malformed, inconsistent, or holds an illegal move.

    The message names the line and what is wrong (``"line 12: move 7 (1 5-6:R) is
    illegal: ..."``). See docs/notation.md for the record format.

    Attributes:
        line: the 1-based line of the record text at fault, or ``None`` (a record
            built in code, or a problem with no single line).
        move_number: the 1-based index into the hand's ``moves`` of the move at
            fault, or ``None``.
        hand: in a match record, the 1-based number of the hand at fault, else ``None``.
        reason: the `IllegalMoveReason` when a move is illegal, else ``None``.
    """

    def __init__(
        self,
        message: str,
        *,
        line: int | None = None,
        move_number: int | None = None,
        hand: int | None = None,
        reason: IllegalMoveReason | None = None,
    ) -> None:
        # a twin in shape of dominoes.records' Sink.report, which takes the same keywords
        # (and a key path for the line) to raise or collect: each keeps a typed signature
        super().__init__(message if line is None else f"line {line}: {message}")
        self.line = line
        self.move_number = move_number
        self.hand = hand
        self.reason = reason


class RulesetError(DominoesError, ValueError):
    """A ruleset is impossible or inconsistent.

    Attributes:
        fields: the names of the `Ruleset` fields at fault.
    """

    def __init__(self, message: str, *, fields: tuple[str, ...]) -> None:
        super().__init__(message)
        self.fields = fields

    @property
    def field(self) -> str:
        """The first field named by the error."""
        return self.fields[0]


class FieldValueError(RulesetError):
    """A value that a `Ruleset` field cannot take, read from a record, a ``--set`` option
    or a game parameter (see `dominoes.fields`).

    Attributes:
        fields: the one field at fault.
        problem: what the value should be, as the words that follow the field's name
            in the message (``"must be true or false"``).
    """

    def __init__(self, message: str, *, field: str, problem: str) -> None:
        super().__init__(message, fields=(field,))
        self.problem = problem


class DealProblem(enum.Enum):
    """Why a deal was rejected (the ``reason`` of a `DealError`)."""

    WRONG_PLAYER_COUNT = "wrong_player_count"
    """The deal has a different number of hands than the ruleset has seats."""
    WRONG_HAND_SIZE = "wrong_hand_size"
    """A hand holds a different number of tiles than the ruleset deals."""
    DUPLICATE_TILE = "duplicate_tile"
    """A tile appears twice in the deal."""
    TILE_NOT_IN_SET = "tile_not_in_set"
    """A tile is not part of the ruleset's tile set."""
    MISSING_TILES = "missing_tiles"
    """Hands and boneyard together do not hold the whole set."""
    NOT_A_TILE = "not_a_tile"
    """Something that is not a tile was given where a tile belongs."""
    NO_OPENING_TILE = "no_opening_tile"
    """The rules say to redeal when the opening tile was not dealt, and it was not."""


class DealError(DominoesError, ValueError):
    """A deal does not fit the ruleset it was used with.

    Attributes:
        reason: a `DealProblem`.
        seat: the seat whose hand is at fault, or ``None``.
    """

    def __init__(self, message: str, *, reason: DealProblem, seat: int | None = None) -> None:
        super().__init__(message)
        self.reason = reason
        self.seat = seat


class IllegalMoveReason(enum.Enum):
    """Why a move was refused (the ``reason`` of an `IllegalMoveError`)."""

    NOT_A_MOVE = "not_a_move"
    """The object given is not a move (`Play`, `Draw`, `Pass`, `Claim`, `Muggins` or
    `Stop`)."""
    HAND_OVER = "hand_over"
    """The hand has ended; no move is legal."""
    NOT_YOUR_TURN = "not_your_turn"
    """The move was made for a seat that is not the seat to move."""
    TILE_NOT_IN_HAND = "tile_not_in_hand"
    """The tile is not in the mover's hand."""
    MUST_LEAD = "must_lead"
    """The layout is empty: the move must be the opening tile, with no end."""
    WRONG_LEAD = "wrong_lead"
    """The rules fix which tile opens the hand, and this is another one."""
    NO_SUCH_END = "no_such_end"
    """A play names no end (``end=None``) although the layout has open ends."""
    DOES_NOT_MATCH = "does_not_match"
    """The tile shows no pip count equal to the end it was played on."""
    NO_SUCH_ARM = "no_such_arm"
    """A play names an arm the layout does not have (``End.UP`` in a line, or a short
    side of a spinner not laid yet)."""
    END_NOT_OPEN = "end_not_open"
    """A play names an arm that is not open now: a spinner's short side before its long
    sides are covered (SPIN-2), an arm that may not grow before every side of a spinner
    is started (SPIN-3), or a full side (SPIN-4)."""
    MUST_PLAY = "must_play"
    """A draw or pass while the mover holds a tile that can be played."""
    MUST_DRAW = "must_draw"
    """A pass while the mover must draw from the boneyard."""
    CANNOT_DRAW = "cannot_draw"
    """A draw when the rules allow none or the boneyard has no tile to give."""
    WRONG_DRAW_TILE = "wrong_draw_tile"
    """A draw named a tile that is not the next tile of the boneyard."""
    NO_SUCH_SEAT = "no_such_seat"
    """The move was made for a seat that is not at the table."""
    DRAW_NAMES_TILE = "draw_names_tile"
    """A draw taken as a seat knows it (`HandState.apply_as`) named a tile: a seat
    cannot know which tile it will draw, so the draw is refused whatever the tile."""
    MUST_CLAIM = "must_claim"
    """The player just scored where scores are called (rule CLAIM-1): the move must be
    a `Claim` of the score or ``Claim(points=0)``."""
    WRONG_CLAIM = "wrong_claim"
    """A `Claim` of another number than the score just made or 0 (rule CLAIM-3)."""
    NO_CLAIM = "no_claim"
    """A `Claim` when no score waits to be claimed (rule CLAIM-1)."""
    NO_MUGGINS = "no_muggins"
    """A `Muggins` when the previous player overlooked no score, or not as the first
    move of the turn (rule CLAIM-2)."""
    TRAIN_NOT_OPEN = "train_not_open"
    """A play on a train the mover may not use: another seat's train that carries no
    marker (rule TRAIN-3, TRAIN-4), or the Mexican train before the mover's own train is
    started where `MexicanOpen.AFTER_OWN_TRAIN` applies."""
    MUST_SATISFY = "must_satisfy"
    """A play elsewhere while an open double must be satisfied (rule TRAIN-5; in Chicken
    Foot, while a foot's toes must be filled, FOOT-1 and FOOT-2), or, during a
    first-turn run, a play off the mover's own train (TRAIN-7)."""
    CANNOT_STOP = "cannot_stop"
    """A `Stop` where no turn of several plays can end (rule TRAIN-7)."""

    @property
    def text(self) -> str:
        """The reason in words, as the messages of `IllegalMoveError` give it.

        >>> IllegalMoveReason.MUST_PLAY.text
        'the player holds a playable tile and must play'
        """
        return _REASON_TEXT[self]


_REASON_TEXT: dict[IllegalMoveReason, str] = {
    IllegalMoveReason.NOT_A_MOVE: (
        "not a move (expected Play, Draw or Pass, or a move token such as 6-4:L, draw or pass)"
    ),
    IllegalMoveReason.HAND_OVER: "the hand is over",
    IllegalMoveReason.NOT_YOUR_TURN: "it is not that seat's turn",
    IllegalMoveReason.TILE_NOT_IN_HAND: "the tile is not in the mover's hand",
    IllegalMoveReason.MUST_LEAD: "the layout is empty; the move must lay the opening tile",
    IllegalMoveReason.WRONG_LEAD: "the rules require another opening tile",
    IllegalMoveReason.NO_SUCH_END: "a play after the lead must name an end",
    IllegalMoveReason.DOES_NOT_MATCH: "the tile does not match that end",
    IllegalMoveReason.NO_SUCH_ARM: "the layout has no arm by that name",
    IllegalMoveReason.END_NOT_OPEN: "that arm is not open to play now",
    IllegalMoveReason.MUST_PLAY: "the player holds a playable tile and must play",
    IllegalMoveReason.MUST_DRAW: "the player must draw from the boneyard",
    IllegalMoveReason.CANNOT_DRAW: "there is nothing to draw under these rules",
    IllegalMoveReason.WRONG_DRAW_TILE: "that is not the next tile of the boneyard",
    IllegalMoveReason.NO_SUCH_SEAT: "there is no such seat at the table",
    IllegalMoveReason.DRAW_NAMES_TILE: "a seat draws without naming a tile",
    IllegalMoveReason.MUST_CLAIM: "the player must first claim the score just made, or claim 0",
    IllegalMoveReason.WRONG_CLAIM: "a claim must be the score just made, or 0",
    IllegalMoveReason.NO_CLAIM: "there is no score to claim now",
    IllegalMoveReason.NO_MUGGINS: "there is no overlooked score to take now",
    IllegalMoveReason.TRAIN_NOT_OPEN: "that train is not open to the mover",
    IllegalMoveReason.MUST_SATISFY: "the move must go where the rules hold play now (an open "
    "double, or the mover's own train during a first-turn run)",
    IllegalMoveReason.CANNOT_STOP: "there is no run of plays to stop",
}


class IllegalMoveError(DominoesError, ValueError):
    """A move is not legal in the state it was applied to.

    The state is never changed by a refused move (states are immutable).

    Attributes:
        move: the move that was refused.
        state: the state it was applied to, unchanged.
        reason: an `IllegalMoveReason`.
        seat: the seat that tried the move: the ``seat`` given to `HandState.apply`
            or `HandState.apply_as`, else the seat to move. With
            `IllegalMoveReason.NO_SUCH_SEAT` it is the value given, whatever it was.
    """

    def __init__(
        self,
        message: str,
        *,
        move: Move | Any,
        state: HandState,
        reason: IllegalMoveReason,
        seat: Any = None,
    ) -> None:
        super().__init__(message)
        self.move = move
        self.state = state
        self.reason = reason
        self.seat = seat
