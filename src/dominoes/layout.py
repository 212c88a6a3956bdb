"""The layout: the line of tiles on the table and its open ends.

`dominoes.render.diagram` draws a whole hand as text.
"""

from __future__ import annotations

import attrs

from dominoes.errors import ArgumentTypeError, EmptyLayoutError
from dominoes.errors import shown as _shown
from dominoes.moves import End
from dominoes.tiles import Tile

__all__ = ["Layout"]


@attrs.frozen(kw_only=True)
class Layout:
    """The line of play, left to right.

    ``line`` holds each tile as an oriented pair ``(a, b)`` read left to right, so
    that the ``b`` of one pair equals the ``a`` of the next. The lead tile is laid
    with its low half to the left. ``ends`` is ``()`` before the lead and
    ``(left, right)`` after it (a lone double shows the same value twice).

    >>> from dominoes import HandState, Ruleset, Deal
    >>> s = HandState.start(Ruleset.block(), Deal.random(Ruleset.block(), seed=1))
    >>> s.layout.is_empty
    True
    """

    line: tuple[tuple[int, int], ...]
    """The tiles on the table as oriented pairs, left to right."""

    @property
    def ends(self) -> tuple[int, ...]:
        """The values of the open ends: ``()`` or ``(left, right)``."""
        if not self.line:
            return ()
        return (self.line[0][0], self.line[-1][1])

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """The tiles on the table, left to right."""
        return tuple(Tile(a, b) for a, b in self.line)

    @property
    def is_empty(self) -> bool:
        """Whether no tile has been laid yet."""
        return not self.line

    def end(self, end: End) -> int:
        """The value showing on ``end``.

        Raises:
            EmptyLayoutError: the layout is empty (an `IndexError`).
            ArgumentTypeError: ``end`` is not an `End` (a `TypeError`).
        """
        if not isinstance(end, End):
            raise ArgumentTypeError(
                f"end must be End.LEFT or End.RIGHT, got {_shown(end)}", argument="end"
            )
        if not self.line:
            raise EmptyLayoutError(f"the layout is empty: it has no {end.name.lower()} end")
        return self.line[0][0] if end is End.LEFT else self.line[-1][1]

    def __len__(self) -> int:
        return len(self.line)

    def __str__(self) -> str:
        return "".join(f"[{a}|{b}]" for a, b in self.line) or "(empty)"
