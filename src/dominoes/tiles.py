"""Tiles and tile sets.

A tile is an unordered pair of pip counts. Every tile has a **canonical index**
that does not depend on the set it belongs to::

    index(low, high) = high * (high + 1) // 2 + low

so the canonical order is ``0-0, 0-1, 1-1, 0-2, 1-2, 2-2, 0-3, ...`` (by the
higher end, then the lower end), and the double-*n* set is exactly the first
``(n + 1) * (n + 2) // 2`` tiles of that order. The engine stores hands as
integer bitmasks over these indices.
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Iterator
from typing import Any

import attrs

from dominoes.errors import (
    ArgumentTypeError,
    ArgumentValueError,
    InvalidTileError,
    NotationError,
    shown,
)
from dominoes.picture import set_for, tile_picture

__all__ = [
    "MAX_SET",
    "TILE_BITS",
    "Tile",
    "TileSet",
    "bit_indices",
    "tile_from_index",
    "tile_index",
]

MAX_SET = 30
"""The largest double-*n* set `TileSet.double` builds (double-30, 496 tiles)."""

_PIP = r"(0|[1-9][0-9]{0,2})"  # no sign, no leading zero, at most three digits
_TILE_RE = re.compile(rf"{_PIP}[-|]{_PIP}|\[{_PIP}\|{_PIP}\]")


def tile_index(a: int, b: int) -> int:
    """The canonical index of the tile ``a-b`` (order of ``a`` and ``b`` does not matter).

    Raises:
        ArgumentTypeError: ``a`` or ``b`` is not a number (a `TypeError`).
        ArgumentValueError: ``a`` or ``b`` is negative (a `ValueError`).
    """
    try:
        if a > b:
            if b >= 0:
                return a * (a + 1) // 2 + b
        elif a >= 0:
            return b * (b + 1) // 2 + a
    except TypeError:
        pass
    raise _pip_error(a, b)


def _pip_error(*values: object) -> ArgumentTypeError | ArgumentValueError:
    """The error for the first of ``a``, ``b`` that is not a pip count."""
    for name, value in zip("ab", values, strict=False):
        if type(value) is not int:
            return ArgumentTypeError(
                f"{name} must be an int (a pip count from 0), got {shown(value)}", argument=name
            )
        if value < 0:
            return ArgumentValueError(
                f"{name} must be a pip count from 0, got {value}", argument=name
            )
    return ArgumentTypeError(
        f"a must be an int (a pip count from 0), got {shown(values[0])}", argument="a"
    )


def _check_pip(value: Any, name: str) -> int:
    if type(value) is not int:
        raise InvalidTileError(
            f"{name} must be an int (a pip count from 0), got {shown(value)} "
            f"({type(value).__name__})"
        )
    if value < 0:
        raise InvalidTileError(f"{name} must be a pip count from 0, got {value}")
    return value


@functools.total_ordering
@attrs.frozen(init=False, repr=False, order=False)
class Tile:
    """A domino tile, normalised so that ``Tile(10, 5) == Tile(5, 10)``.

    >>> t = Tile(10, 5)
    >>> t
    Tile(5, 10)
    >>> str(t), t.low, t.high, t.pips, t.is_double
    ('5-10', 5, 10, 15, False)
    >>> Tile.parse("[12|12]").pips
    24
    """

    low: int
    """The smaller pip count."""
    high: int
    """The larger pip count."""
    index: int = attrs.field(eq=False)
    """The canonical index (see the module docs); the bit of this tile in a hand mask."""

    def __init__(self, a: int, b: int) -> None:
        """Build the tile ``a-b``; the order of ``a`` and ``b`` does not matter.

        Raises:
            InvalidTileError: a pip count is not an ``int`` (``bool`` included) or is
                negative.
        """
        a = _check_pip(a, "a")
        b = _check_pip(b, "b")
        if a > b:
            a, b = b, a
        self.__attrs_init__(low=a, high=b, index=b * (b + 1) // 2 + a)

    @classmethod
    def parse(cls, text: str) -> Tile:
        """Parse ``"5-10"``, ``"10-5"``, ``"5|10"`` or ``"[5|10]"``.

        Raises:
            NotationError: the text is not a tile (nothing is guessed: no spaces,
                signs or other separators are accepted).
        """
        if not isinstance(text, str):
            raise NotationError(
                f"text must be a str such as '5-10', got {shown(text)} ({type(text).__name__})",
                text=repr(text),
                what="tile",
            )
        m = _TILE_RE.fullmatch(text)
        if m is None:
            cut = text if len(text) <= 40 else text[:40] + "..."
            raise NotationError(
                f"not a tile: {cut!r} (expected e.g. '5-10', '5|10' or '[5|10]')",
                text=text,
                what="tile",
            )
        a, b = (m.group(1), m.group(2)) if m.group(1) is not None else (m.group(3), m.group(4))
        low, high = sorted((int(a), int(b)))
        if high > MAX_SET:
            return cls(low, high)
        return tile_from_index(tile_index(low, high))

    @property
    def pips(self) -> int:
        """The tile's value: the sum of its two ends."""
        return self.low + self.high

    @property
    def is_double(self) -> bool:
        """Whether both ends show the same number."""
        return self.low == self.high

    def other(self, value: int) -> int:
        """The end opposite ``value``.

        Raises:
            ArgumentValueError: the tile does not show ``value`` (a `ValueError`).
        """
        if value == self.low:
            return self.high
        if value == self.high:
            return self.low
        raise ArgumentValueError(
            f"value must be an end of {self} ({self.low} or {self.high}), got {shown(value)}",
            argument="value",
        )

    def __str__(self) -> str:
        return f"{self.low}-{self.high}"

    def __repr__(self) -> str:
        return f"Tile({self.low}, {self.high})"

    def _repr_svg_(self) -> str:
        """The tile as an SVG picture, for notebooks: `dominoes.svg.tile` for the smallest
        usual set that holds it (`dominoes.picture.set_for`)."""
        return tile_picture(self, max_pip=set_for(self.high))

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Tile):
            return NotImplemented
        return self.index < other.index


def _check_set(value: object, name: str) -> None:
    if type(value) is not int or not 0 <= value <= MAX_SET:
        raise InvalidTileError(
            f"{name} must be an int from 0 to {MAX_SET} (double-0 to double-{MAX_SET}), "
            f"got {shown(value)}"
        )


def bit_indices(mask: int) -> list[int]:
    """The canonical indices of the tiles in a bitmask, ascending.

    Raises:
        ArgumentTypeError: ``mask`` is not an ``int`` (a `TypeError`).
        ArgumentValueError: ``mask`` is negative (a `ValueError`).
    """
    try:
        negative = mask < 0
    except TypeError:
        raise ArgumentTypeError(
            f"mask must be an int (a bitmask of tile indices), got {shown(mask)}",
            argument="mask",
        ) from None
    if negative:
        raise ArgumentValueError(f"mask must be a bitmask from 0, got {mask}", argument="mask")
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


_ALL_TILES: list[Tile] = []
_MAX_INDEX = (MAX_SET + 1) * (MAX_SET + 2) // 2
"""One more than the largest index of a tile of the double-`MAX_SET` set."""
TILE_BITS: tuple[int, ...] = tuple(1 << i for i in range(_MAX_INDEX))
"""``TILE_BITS[i] == 1 << i``: the bit of the tile of index ``i`` in a hand mask, for
every tile of a double-`MAX_SET` set (as python-chess's ``BB_SQUARES``; a mask of
distinct indices is ``sum(map(TILE_BITS.__getitem__, indices))``)."""


def tile_from_index(index: int) -> Tile:
    """The interned `Tile` with the given canonical index (see `tile_index`).

    Raises:
        ArgumentTypeError: ``index`` is not an ``int`` (a `TypeError`).
        ArgumentValueError: ``index`` is negative (a `ValueError`).
    """
    table = _ALL_TILES
    try:
        if index >= 0:
            return table[index]
    except IndexError:
        pass
    except TypeError:
        raise ArgumentTypeError(
            f"index must be an int (a canonical tile index), got {shown(index)}",
            argument="index",
        ) from None
    if type(index) is not int:
        raise ArgumentTypeError(
            f"index must be an int (a canonical tile index), got {shown(index)}",
            argument="index",
        )
    if not 0 <= index < _MAX_INDEX:
        raise ArgumentValueError(
            f"index must be a tile index from 0 to {_MAX_INDEX - 1}, got {index}",
            argument="index",
        )
    while len(table) <= index:
        i = len(table)
        high = (math.isqrt(8 * i + 1) - 1) // 2
        table.append(Tile(i - high * (high + 1) // 2, high))
    return table[index]


@attrs.frozen(repr=False)
class TileSet:
    """The double-*n* set: every tile ``a-b`` with ``0 <= a <= b <= n`` once.

    Iteration and `tiles` follow the canonical order
    (``0-0, 0-1, 1-1, 0-2, ...``).

    >>> s = TileSet.double(6)
    >>> len(s), s.total_pips, s.tiles[:4]
    (28, 168, (Tile(0, 0), Tile(0, 1), Tile(1, 1), Tile(0, 2)))
    """

    max_pip: int = attrs.field()
    """The highest pip count in the set (the *n* of double-*n*)."""

    @max_pip.validator
    def _check(self, _attribute: attrs.Attribute[int], value: int) -> None:
        _check_set(value, "max_pip")

    @classmethod
    def double(cls, n: int) -> TileSet:
        """The double-``n`` set (``n`` from 0 to `MAX_SET`).

        Raises:
            InvalidTileError: ``n`` is not an ``int`` from 0 to `MAX_SET`.
        """
        _check_set(n, "n")
        return cls(n)

    @property
    def size(self) -> int:
        """The number of tiles, ``(n + 1) * (n + 2) // 2``."""
        n = self.max_pip
        return (n + 1) * (n + 2) // 2

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """Every tile of the set in canonical order."""
        tile_from_index(self.size - 1)
        return tuple(_ALL_TILES[: self.size])

    @property
    def mask(self) -> int:
        """The bitmask with one bit set per tile of the set."""
        return (1 << self.size) - 1

    @property
    def total_pips(self) -> int:
        """The pips on all tiles together, ``n * (n + 1) * (n + 2) // 2``."""
        n = self.max_pip
        return n * (n + 1) * (n + 2) // 2

    def __len__(self) -> int:
        return self.size

    def __iter__(self) -> Iterator[Tile]:
        return iter(self.tiles)

    def __contains__(self, tile: object) -> bool:
        return isinstance(tile, Tile) and tile.high <= self.max_pip

    def __repr__(self) -> str:
        return f"TileSet.double({self.max_pip})"

    def __str__(self) -> str:
        return f"double-{self.max_pip}"
