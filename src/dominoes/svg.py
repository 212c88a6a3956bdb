"""SVG pictures of tiles, hands, layouts and tables (docs/svg.md).

Each function returns a complete standalone SVG document as text (nothing beyond the
core is needed to write it): put it in a web page, save it as a ``.svg`` file, or let a
notebook show it (`Tile`, `Layout`, `HandState` and `Observation` draw themselves there
through these pictures).

>>> from dominoes import Tile, svg
>>> svg.tile(Tile(3, 5)).startswith('<svg xmlns="http://www.w3.org/2000/svg"')
True

Every tile is a group ``<g class="tile" ...>`` whose ``data-x``, ``data-y``, ``data-w``
and ``data-h`` give its rectangle in the picture's coordinates; a face-up tile names
itself (``data-tile="3-5"`` and a ``<title>``), a tile face down (``class="tile back"``)
does not, and a seat's picture shows none of the tiles hidden from it. How each part is
drawn: `dominoes.picture` (`layout_sketch` for the layouts of every family, `pips` for
the halves).
"""

from __future__ import annotations

from collections.abc import Sequence

from dominoes.errors import ArgumentTypeError, ArgumentValueError
from dominoes.errors import shown as _shown
from dominoes.layout import Layout
from dominoes.picture import MIN_WIDTH, hand_picture, layout_picture, tile_picture
from dominoes.state import HandState, Observation
from dominoes.tiles import Tile

__all__ = ["MIN_SIZE", "MIN_WIDTH", "hand", "layout", "table", "tile"]

MIN_SIZE = 8
"""The smallest ``size`` of `tile`, in pixels."""


def _int(value: object, name: str, least: int) -> int:
    """``value`` checked as an int of at least ``least``, named ``name`` in the error."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ArgumentTypeError(
            f"{name} must be an int, got {_shown(value)} ({type(value).__name__})", argument=name
        )
    if value < least:
        raise ArgumentValueError(f"{name} must be at least {least}, got {value}", argument=name)
    return value


def _typed(value: object, kind: type | tuple[type, ...], name: str, what: str) -> None:
    """Refuse ``value`` unless it is a ``kind``: ``{name} must be {what}, got ...``."""
    if not isinstance(value, kind):
        raise ArgumentTypeError(
            f"{name} must be {what}, got {_shown(value)} ({type(value).__name__})", argument=name
        )


def _tiles_fit(tiles: Sequence[Tile], max_pip: int, name: str) -> None:
    """Refuse a tile with a half above ``max_pip``."""
    for t in tiles:
        if t.high > max_pip:
            raise ArgumentValueError(
                f"{name} holds the tile {t}, above max_pip {max_pip}", argument=name
            )


def tile(tile: Tile, *, max_pip: int = 6, vertical: bool = False, size: int = 24) -> str:
    """A tile as a standalone SVG document: a rounded rectangle, a divider and each half's
    number as dots (up to double-12: the usual patterns to 9, two outer columns of four
    and a middle column for 10 to 12) or, in a larger set, as a numeral.

    Args:
        tile: the tile.
        max_pip: the highest number of the set it belongs to (it sets how the halves are
            drawn: dots up to 12, numerals above).
        vertical: stand it on end (its low half on top), else lay it flat (low half left).
        size: its short side, in pixels (at least `MIN_SIZE`); its long side is twice that.

    Raises:
        ArgumentTypeError: ``tile`` is not a `Tile`, ``vertical`` not a bool, or
            ``max_pip`` or ``size`` not an int.
        ArgumentValueError: ``tile`` has a half above ``max_pip``, or ``size`` is below
            `MIN_SIZE`.

    >>> picture = tile(Tile(3, 5), vertical=True)
    >>> picture.count("<circle"), 'data-tile="3-5"' in picture
    (8, True)
    """
    _typed(tile, Tile, "tile", "a Tile")
    max_pip = _int(max_pip, "max_pip", 0)
    if not isinstance(vertical, bool):
        raise ArgumentTypeError(
            f"vertical must be True or False, got {_shown(vertical)}", argument="vertical"
        )
    size = _int(size, "size", MIN_SIZE)
    _tiles_fit([tile], max_pip, "tile")
    return tile_picture(tile, max_pip=max_pip, vertical=vertical, size=size)


def hand(tiles: Sequence[Tile], *, max_pip: int = 6, width: int = 800) -> str:
    """Tiles (a hand) standing side by side, in rows at most ``width`` pixels wide.

    Args:
        tiles: the tiles, drawn in the order given.
        max_pip: the highest number of their set (see `tile`).
        width: the widest the picture may be, in pixels (at least `MIN_WIDTH`).

    Raises:
        ArgumentTypeError: ``tiles`` is not a sequence of `Tile`, or ``max_pip`` or
            ``width`` not an int.
        ArgumentValueError: a tile has a half above ``max_pip``, or ``width`` is below
            `MIN_WIDTH`.
    """
    if isinstance(tiles, str | bytes) or not isinstance(tiles, Sequence):
        raise ArgumentTypeError(
            f"tiles must be a sequence of Tile, got {_shown(tiles)} ({type(tiles).__name__})",
            argument="tiles",
        )
    for t in tiles:
        _typed(t, Tile, "tiles", "a sequence of Tile values")
    max_pip = _int(max_pip, "max_pip", 0)
    width = _int(width, "width", MIN_WIDTH)
    _tiles_fit(tiles, max_pip, "tiles")
    return hand_picture(tiles, max_pip=max_pip, width=width)


def layout(layout: Layout, *, max_pip: int = 6, width: int = 800) -> str:
    """A layout of any family, at most ``width`` pixels wide.

    A line turns like a snake to stay within the width, doubles crosswise; with spinners
    (or a Chicken Foot's root and feet) the line through the lead runs across and each
    spinner's short sides straight out at right angles to the arm it lies on, an arm that
    cannot be placed so without crossing others or going beyond ``width`` (or every
    further arm, when the line alone is wider than ``width``) drawn under it in a
    labelled row; a train game shows its hub and a labelled row per train, a marker (a
    red disc) before a marked train's label, and an open double outlined in red (titled
    ``open double``). `dominoes.picture.layout_sketch` tells the whole of it.

    Args:
        layout: the layout (`HandState.layout`, `Observation.layout`).
        max_pip: the highest number of its set (see `tile`).
        width: the widest the picture may be, in pixels (at least `MIN_WIDTH`).

    Raises:
        ArgumentTypeError: ``layout`` is not a `Layout`, or ``max_pip`` or ``width`` not
            an int.
        ArgumentValueError: a tile of the layout has a half above ``max_pip``, or
            ``width`` is below `MIN_WIDTH`.
    """
    _typed(layout, Layout, "layout", "a Layout")
    max_pip = _int(max_pip, "max_pip", 0)
    width = _int(width, "width", MIN_WIDTH)
    _tiles_fit(layout.tiles, max_pip, "layout")
    return layout_picture(layout, max_pip=max_pip, width=width)


def table(view: HandState | Observation, *, seat: int | None = None, width: int = 800) -> str:
    """A whole table, ``width`` pixels wide: whose turn it is (or how the hand ended),
    the boneyard's size, the points scored on play (in a game that scores them), the
    layout (as `layout` draws it), and each seat's hand with how many tiles it holds.

    A `HandState` is drawn for an onlooker (every hand face up); with ``seat``, as that
    seat sees it (the same as ``table(state.observation(seat))``). An `Observation` is
    drawn for its seat: its own hand face up, the others face down, until the hand is
    over and the rules show them. No tile hidden from the seat appears in its picture.

    Args:
        view: the hand, as a `HandState` or a seat's `Observation`.
        seat: the seat whose view to draw (a `HandState` only), or ``None``.
        width: the picture's width in pixels (at least `MIN_WIDTH`).

    Raises:
        ArgumentTypeError: ``view`` is neither a `HandState` nor an `Observation`, or
            ``seat`` or ``width`` not an int.
        ArgumentValueError: ``seat`` is not at the table, or is given with an
            `Observation` of another seat, or ``width`` is below `MIN_WIDTH`.
    """
    _typed(view, (HandState, Observation), "view", "a HandState or an Observation")
    width = _int(width, "width", MIN_WIDTH)
    if seat is not None:
        seat = _int(seat, "seat", 0)
        if seat >= view.rules.players:
            raise ArgumentValueError(
                f"seat must be a seat at the table (0 to {view.rules.players - 1}), got {seat}",
                argument="seat",
            )
        if isinstance(view, Observation):
            if seat != view.seat:
                raise ArgumentValueError(
                    f"seat must be the observation's own seat {view.seat}, got {seat}",
                    argument="seat",
                )
        else:
            view = view.observation(seat)
    return view._repr_svg_(width=width)
