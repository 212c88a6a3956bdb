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
    "DealError",
    "DealProblem",
    "DominoesError",
    "IllegalMoveError",
    "IllegalMoveReason",
    "InvalidTileError",
    "NotationError",
    "RecordError",
    "RulesetError",
]


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
    """The object given is not a `Play`, `Draw` or
    `Pass`."""
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
    MUST_PLAY = "must_play"
    """A draw or pass while the mover holds a tile that can be played."""
    MUST_DRAW = "must_draw"
    """A pass while the mover must draw from the boneyard."""
    CANNOT_DRAW = "cannot_draw"
    """A draw when the rules allow none or the boneyard has no tile to give."""
    WRONG_DRAW_TILE = "wrong_draw_tile"
    """A draw named a tile that is not the next tile of the boneyard."""


class IllegalMoveError(DominoesError, ValueError):
    """A move is not legal in the state it was applied to.

    The state is never changed by a refused move (states are immutable).

    Attributes:
        move: the move that was refused.
        state: the state it was applied to, unchanged.
        reason: an `IllegalMoveReason`.
    """

    def __init__(
        self, message: str, *, move: Move | Any, state: HandState, reason: IllegalMoveReason
    ) -> None:
        super().__init__(message)
        self.move = move
        self.state = state
        self.reason = reason
