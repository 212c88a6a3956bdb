"""Moves: `Play`, `Draw` and `Pass`; `Claim` and `Muggins` where scores are called
(rules CLAIM-1 to CLAIM-3); `Stop` where a turn of several plays may end early (rule
TRAIN-7).

Forced steps are moves too: when a player must draw, `Draw` is the only
legal move; when they must pass, `Pass` is. The engine never acts behind
the caller's back.

Moves are small frozen values. `legal_moves` returns
interned instances, but any equal instance is accepted by
`apply`.
"""

from __future__ import annotations

import enum
from typing import Any, TypeAlias

import attrs

from dominoes.errors import ArgumentTypeError, ArgumentValueError
from dominoes.errors import shown as _shown
from dominoes.tiles import Tile, tile_from_index

__all__ = [
    "DRAW",
    "MUGGINS",
    "PASS",
    "STOP",
    "Claim",
    "Draw",
    "End",
    "Move",
    "Muggins",
    "Pass",
    "Play",
    "Step",
    "Stop",
]


class End(enum.IntEnum):
    """An arm of the layout, named by where it grows (rule LAYOUT-1).

    In a line, ``LEFT`` is the end the lead tile's low half faces and ``RIGHT`` the
    other. With spinners (docs/rules/spinner.md), ``UP`` and ``DOWN`` are the short
    sides of the first spinner, and ``ARM_4``, ``ARM_5``, ... the short sides of later
    spinners, two each, in the order they were laid (Five Up). In a train game
    (docs/rules/trains.md), ``TRAIN_0`` to ``TRAIN_11`` are the seats' own trains and
    ``MEXICAN`` the public one. The move token names the arm by its `token`: ``L``,
    ``R``, ``U``, ``D``, ``A4``, ``A5``, ..., ``T0`` to ``T11`` and ``M``.

    >>> End.UP.token, End(5).token, End.from_token("A5")
    ('U', 'A5', <End.ARM_5: 5>)
    """

    _ignore_ = "_k"
    LEFT = 0
    RIGHT = 1
    UP = 2
    DOWN = 3
    for _k in range(4, 64):  # the short sides of later spinners (2 + 2 x 31 doubles)
        vars()[f"ARM_{_k}"] = _k
    # the personal trains of a train game, by owner (rule TRAIN-3), and the Mexican train
    TRAIN_0 = 64
    TRAIN_1 = 65
    TRAIN_2 = 66
    TRAIN_3 = 67
    TRAIN_4 = 68
    TRAIN_5 = 69
    TRAIN_6 = 70
    TRAIN_7 = 71
    TRAIN_8 = 72
    TRAIN_9 = 73
    TRAIN_10 = 74
    TRAIN_11 = 75
    MEXICAN = 76

    @property
    def train_owner(self) -> int | None:
        """The seat whose personal train this is (``TRAIN_2``: 2); ``None`` for the
        Mexican train and for the arms of other layouts."""
        return self.value - 64 if 64 <= self.value < 76 else None

    @classmethod
    def train(cls, seat: int) -> End:
        """The personal train of ``seat`` in a train game (rule TRAIN-3).

        >>> End.train(2), End.train(2).token, End.MEXICAN.token
        (<End.TRAIN_2: 66>, 'T2', 'M')

        Raises:
            ArgumentValueError: ``seat`` is not a seat from 0 to 11.
        """
        if type(seat) is not int or not 0 <= seat < 12:
            raise ArgumentValueError(
                f"seat must be a seat from 0 to 11, got {_shown(seat)}", argument="seat"
            )
        return cls(64 + seat)

    @property
    def token(self) -> str:
        """The arm's name in a move token (``L``, ``R``, ``U``, ``D``, ``A4``, ...)."""
        return _TOKENS[self.value]

    @classmethod
    def from_token(cls, token: str) -> End:
        """The arm a move token names.

        Raises:
            ArgumentValueError: no arm has that name.
        """
        end = _BY_TOKEN.get(token) if isinstance(token, str) else None
        if end is None:
            raise ArgumentValueError(
                f"token must name an arm (L, R, U, D, A4 to A63, T0 to T11 or M), got "
                f"{_shown(token)}",
                argument="token",
            )
        return end


_TOKENS = ("L", "R", "U", "D", *(f"A{k}" for k in range(4, 64)), *(f"T{k}" for k in range(12)), "M")
_BY_TOKEN = {t: End(k) for k, t in enumerate(_TOKENS)}


def _tile(_inst: object, _attribute: object, value: Any) -> None:
    if not isinstance(value, Tile):
        raise ArgumentTypeError(
            f"tile must be a Tile such as Tile(6, 4), got {_shown(value)}", argument="tile"
        )


def _end(_inst: object, _attribute: object, value: Any) -> None:
    if value is not None and not isinstance(value, End):
        raise ArgumentTypeError(
            f"end must be an End (End.LEFT, End.RIGHT, ...) or None, got {_shown(value)}",
            argument="end",
        )


def _drawn_tile(_inst: object, _attribute: object, value: Any) -> None:
    if value is not None and not isinstance(value, Tile):
        raise ArgumentTypeError(
            f"tile must be a Tile or None, got {_shown(value)}", argument="tile"
        )


@attrs.frozen(kw_only=True, repr=False)
class Play:
    """Lay ``tile`` on ``end`` of the layout; ``end=None`` for the lead.

    >>> Play(tile=Tile(6, 4), end=End.RIGHT)
    Play(tile=Tile(4, 6), end=End.RIGHT)
    >>> str(Play(tile=Tile(6, 6)))
    '6-6'
    """

    tile: Tile = attrs.field(validator=_tile)
    """The tile laid."""
    end: End | None = attrs.field(default=None, validator=_end)
    """The end it goes on, or ``None`` for the opening tile of the hand."""

    def __str__(self) -> str:
        if self.end is None:
            return str(self.tile)
        return f"{self.tile}:{_TOKENS[self.end]}"

    def __repr__(self) -> str:
        if self.end is None:
            return f"Play(tile={self.tile!r})"
        return f"Play(tile={self.tile!r}, end=End.{self.end.name})"


@attrs.frozen(repr=False)
class Draw:
    """Take the next tile from the boneyard.

    As a legal move it is ``Draw()``; in the history it carries the tile that was
    drawn. Applying ``Draw(tile)`` checks that ``tile`` is the next boneyard tile
    (useful when replaying a recorded game).
    """

    tile: Tile | None = attrs.field(default=None, validator=_drawn_tile)
    """The tile drawn, when known."""

    def __str__(self) -> str:
        return "draw" if self.tile is None else f"draw {self.tile}"

    def __repr__(self) -> str:
        return "Draw()" if self.tile is None else f"Draw({self.tile!r})"


@attrs.frozen(repr=False)
class Pass:
    """Pass the turn: legal only when the player can neither play nor draw."""

    def __str__(self) -> str:
        return "pass"

    def __repr__(self) -> str:
        return "Pass()"


def _points(_inst: object, _attribute: object, value: Any) -> None:
    if value.__class__ is not int:
        raise ArgumentTypeError(
            f"points must be an int such as 10, got {_shown(value)}", argument="points"
        )
    if not 0 <= value <= 100_000:
        raise ArgumentValueError(
            f"points must be an int from 0 to 100000, got {_shown(value)}", argument="points"
        )


@attrs.frozen(kw_only=True, repr=False)
class Claim:
    """Claim the points of the play just made (rule CLAIM-1): ``Claim(points=0)``
    overlooks them.

    Legal only in `Phase.CLAIM`, under `ClaimRule.CLAIM` or `ClaimRule.MUGGINS`.

    >>> str(Claim(points=10)), str(Claim(points=0))
    ('claim 10', 'claim 0')
    """

    points: int = attrs.field(validator=_points)
    """The points claimed (0: none)."""

    def __str__(self) -> str:
        return f"claim {self.points}"

    def __repr__(self) -> str:
        return f"Claim(points={self.points!r})"


@attrs.frozen(repr=False)
class Muggins:
    """Take the points the previous player overlooked (rule CLAIM-2), as the first move
    of one's turn under `ClaimRule.MUGGINS`."""

    def __str__(self) -> str:
        return "muggins"

    def __repr__(self) -> str:
        return "Muggins()"


@attrs.frozen(repr=False)
class Stop:
    """End one's turn where the rules let a seat stop playing (rule TRAIN-7: a
    first-turn run on one's own train in a train game may end after any tile)."""

    def __str__(self) -> str:
        return "stop"

    def __repr__(self) -> str:
        return "Stop()"


Move: TypeAlias = Play | Draw | Pass | Claim | Muggins | Stop
"""Any move."""

DRAW = Draw()
"""The interned ``Draw()``."""
PASS = Pass()
"""The interned ``Pass()``."""
MUGGINS = Muggins()
"""The interned ``Muggins()``."""
STOP = Stop()
"""The interned ``Stop()``."""


@attrs.frozen(kw_only=True)
class Step:
    """One entry of a hand's history: ``seat`` made ``move``.

    `HandState.history` records a draw with the tile drawn (``Draw(tile)``);
    `Observation.history` holds the same entries, with the tile of another seat's
    draw hidden (``Draw()``).

    >>> str(Step(seat=1, move=Play(tile=Tile(6, 6))))
    '1: 6-6'
    """

    seat: int
    """The seat that moved."""
    move: Move
    """The move made."""
    points: int = attrs.field(default=0, repr=False)
    """The points the move scored for the seat's side (rules PLAY-1 to PLAY-3; always 0
    in a game that scores nothing on play)."""

    def __str__(self) -> str:
        return f"{self.seat}: {self.move}"

    def __repr__(self) -> str:
        points = f", points={self.points!r}" if self.points else ""
        return f"Step(seat={self.seat!r}, move={self.move!r}{points})"


_PLAYS: list[tuple[Play, Play, Play]] = []


def play_for(index: int) -> tuple[Play, Play, Play]:
    """The interned plays of the tile with this canonical index: (left, right, lead)."""
    table = _PLAYS
    while len(table) <= index:
        tile = tile_from_index(len(table))
        table.append(
            (Play(tile=tile, end=End.LEFT), Play(tile=tile, end=End.RIGHT), Play(tile=tile))
        )
    return table[index]


_ARM_PLAYS: dict[tuple[int, int], Play] = {}


def play_on(index: int, end: End) -> Play:
    """The interned play of the tile with this canonical index on ``end``."""
    key = (index, end)
    p = _ARM_PLAYS.get(key)
    if p is None:
        p = play_for(index)[end] if end < 2 else Play(tile=tile_from_index(index), end=end)
        _ARM_PLAYS[key] = p
    return p


def drawn(tile: Tile) -> Draw:
    """The history entry of a draw of ``tile`` (interned)."""
    d = _DRAWN.get(tile.index)
    if d is None:
        d = _DRAWN[tile.index] = Draw(tile)
    return d


_DRAWN: dict[int, Draw] = {}
