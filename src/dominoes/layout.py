"""The layout: the tiles on the table, in arms, and their open ends (rule LAYOUT-1).

A line game's layout is its line: the lead and two arms, ``LEFT`` and ``RIGHT``. With
spinners (docs/rules/spinner.md) the layout is a tree: the line through the lead, and
the short sides of each spinner as further arms. `dominoes.render.diagram` draws a whole
hand as text.
"""

from __future__ import annotations

import attrs

from dominoes.errors import ArgumentTypeError, ArgumentValueError, EmptyLayoutError
from dominoes.errors import shown as _shown
from dominoes.moves import End
from dominoes.tiles import Tile

__all__ = ["Arm", "Layout"]


@attrs.frozen(kw_only=True)
class Arm:
    """One arm of a layout with spinners: the tiles laid on it, outward, and its end.

    An arm grows from the lead (``origin`` is ``None``: ``LEFT`` and ``RIGHT``, and the
    short sides ``UP`` and ``DOWN`` when the lead is a spinner) or from a spinner laid on
    another arm (``origin`` names that arm and the spinner's index in its ``tiles``).
    """

    end: End
    """Its name (the `End` a play on it names)."""
    tiles: tuple[tuple[int, int], ...]
    """The tiles on it as oriented pairs, outward: the ``a`` of the first pair touches
    the tile it grows from, and the ``b`` of each pair the ``a`` of the next."""
    value: int
    """The number showing at its end (that of the tile it grows from while empty)."""
    is_open: bool
    """Whether a tile may be laid on it now (rules SPIN-2 to SPIN-4)."""
    origin: tuple[End, int] | None = None
    """The arm and index of the spinner it grows from; ``None`` when it grows from the
    lead."""


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
    """The tiles on the table as oriented pairs, left to right (with spinners: the line
    through the lead, from the end of the ``LEFT`` arm to the end of the ``RIGHT``)."""
    arms: tuple[Arm, ...] = ()
    """With spinners (a ruleset whose `Ruleset.spinner` is not ``NONE``, or that scores
    on play), every arm in `End` order, ``LEFT`` and ``RIGHT`` first; ``()`` in a line
    game, whose arms are the two ends of `line`."""

    @property
    def ends(self) -> tuple[int, ...]:
        """The values of the open ends: ``()`` or ``(left, right)`` in a line; with
        `arms`, those of the arms open now, in `End` order."""
        if self.arms:
            return tuple(arm.value for arm in self.arms if arm.is_open)
        if not self.line:
            return ()
        return (self.line[0][0], self.line[-1][1])

    @property
    def open_ends(self) -> tuple[tuple[End, int], ...]:
        """The open ends as (arm, value) pairs, in `End` order."""
        if self.arms:
            return tuple((arm.end, arm.value) for arm in self.arms if arm.is_open)
        if not self.line:
            return ()
        return ((End.LEFT, self.line[0][0]), (End.RIGHT, self.line[-1][1]))

    @property
    def count(self) -> int:
        """The end count (rules COUNT-1 to COUNT-3): the value at the end of each arm
        that carries a tile, both halves of a double there; an empty long side counts
        the lead's half on it, a double lead both halves, once while neither long side
        carries a tile; an empty short side counts nothing. In a line, the two ends
        (both halves of a double at an end; a lone tile counts its two halves). ``0``
        before the lead.

        >>> Layout(line=((6, 6), (6, 3))).count
        15
        """
        line = self.line
        if not line:
            return 0
        if not self.arms:
            if len(line) == 1:
                return line[0][0] + line[0][1]
            (a, b), (c, d) = line[0], line[-1]
            return (2 * a if a == b else a) + (2 * d if c == d else d)
        arms = self.arms
        low, high = line[len(arms[0].tiles)]
        double = low == high
        total = 0
        first = 0
        if double and not arms[0].tiles and not arms[1].tiles:
            total, first = 2 * low, 2
        for k in range(first, len(arms)):
            arm = arms[k]
            if arm.tiles:
                a, b = arm.tiles[-1]
                total += 2 * b if a == b else b
            elif k < 2:
                total += 2 * arm.value if double else arm.value
        return total

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """The tiles on the table: the line left to right, then each further arm's
        outward."""
        pairs = list(self.line)
        for arm in self.arms[2:]:
            pairs.extend(arm.tiles)
        return tuple(Tile(a, b) for a, b in pairs)

    @property
    def is_empty(self) -> bool:
        """Whether no tile has been laid yet."""
        return not self.line

    def end(self, end: End) -> int:
        """The value showing on ``end``.

        Raises:
            EmptyLayoutError: the layout is empty (an `IndexError`).
            ArgumentTypeError: ``end`` is not an `End` (a `TypeError`).
            ArgumentValueError: the layout has no such arm.
        """
        if not isinstance(end, End):
            raise ArgumentTypeError(
                f"end must be an End (End.LEFT, End.RIGHT, ...), got {_shown(end)}",
                argument="end",
            )
        if not self.line:
            raise EmptyLayoutError(f"the layout is empty: it has no {end.name.lower()} end")
        if self.arms:
            if end >= len(self.arms):
                raise ArgumentValueError(
                    f"end must be an arm of the layout, got End.{end.name}", argument="end"
                )
            return self.arms[end].value
        if end > End.RIGHT:
            raise ArgumentValueError(
                f"end must be End.LEFT or End.RIGHT in a line, got End.{end.name}",
                argument="end",
            )
        return self.line[0][0] if end is End.LEFT else self.line[-1][1]

    def __len__(self) -> int:
        return len(self.line) + sum(len(arm.tiles) for arm in self.arms[2:])

    def __str__(self) -> str:
        return "".join(f"[{a}|{b}]" for a, b in self.line) or "(empty)"
