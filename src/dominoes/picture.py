"""SVG drawing of tiles, hands, layouts and tables: the primitives behind `dominoes.svg`.

A leaf module: it imports no engine, and reads a `Layout`, a `HandState` or an
`Observation` by their public attributes only (their classes are named for the type
checker alone), so that `Tile`, `Layout`, `HandState` and `Observation` can draw
themselves in a notebook (``_repr_svg_``). Nothing here validates its arguments: the
public entry points are `dominoes.svg`'s, which check them and call these.

Every picture is built as a `Sketch`: the tiles and labels placed in a frame whose top
left corner is (0, 0), in pixels, which `document` writes as one standalone SVG
document. Each tile is a group ``<g class="tile" data-x=.. data-y=.. data-w=.. data-h=..>``
giving its rectangle in the document's coordinates; a face-up tile names itself
(``data-tile="3-5"`` and a ``<title>``), a face-down one (``class="tile back"``) does not.

How a half shows its number (`pips`): with a set up to double-12 as dots, in the usual
3 by 3 patterns for 0 to 9 and, for 10 to 12, two outer columns of four and a middle
column of two, three or four; with a larger set (double-15, double-18, ...) as a numeral
(a blank half stays blank).
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol
from xml.sax.saxutils import escape

import attrs

if TYPE_CHECKING:
    from dominoes.layout import Layout
    from dominoes.rules import Ruleset
    from dominoes.scoring import HandResult
    from dominoes.tiles import Tile
    from dominoes.verification import VerificationRound

__all__ = [
    "MIN_WIDTH",
    "UNIT",
    "Label",
    "Placed",
    "Sketch",
    "TableView",
    "chain_sketch",
    "document",
    "hand_picture",
    "hand_sketch",
    "layout_picture",
    "layout_sketch",
    "pips",
    "set_for",
    "stack",
    "table_picture",
    "text_sketch",
    "tile_name",
    "tile_picture",
]

UNIT = 24
"""The short side of a tile in a hand, a layout or a table, in pixels (its long side is
twice that)."""

MIN_WIDTH = 200
"""The narrowest picture of a hand, a layout or a table, in pixels."""

GAP = 3
"""The space between two tiles side by side."""

ROW_GAP = 10
"""The space between two rows of tiles."""

TEXT = 16
"""The height of a line of text (a label)."""

MARGIN = 4
"""The margin around a whole picture."""

_FACE = "#fffdf6"
_INK = "#222222"
_BACK = "#3b5b7a"
_OPEN = "#d62728"
_LEAD = "#1f5fa8"

# the 3 by 3 dot patterns, as (column, row) cells from 0 to 2, for a half seen upright
_DOTS: dict[int, tuple[tuple[int, int], ...]] = {
    0: (),
    1: ((1, 1),),
    2: ((0, 0), (2, 2)),
    3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (2, 0), (0, 2), (2, 2)),
    5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    6: ((0, 0), (0, 1), (0, 2), (2, 0), (2, 1), (2, 2)),
    7: ((0, 0), (0, 1), (0, 2), (1, 1), (2, 0), (2, 1), (2, 2)),
    8: ((0, 0), (0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1), (2, 2)),
    9: tuple((c, r) for r in range(3) for c in range(3)),
}


def tile_name(a: int, b: int) -> str:
    """A tile's name as `Tile` prints it, low half first: ``3-5``."""
    return f"{min(a, b)}-{max(a, b)}"


def set_for(high: int) -> int:
    """The set a picture of tiles up to ``high`` pips is drawn for when none is given
    (a notebook's ``_repr_svg_``): the smallest of double-6, -9, -12, -15 and -18 that
    holds it, else double-``high``.

    >>> set_for(5), set_for(10), set_for(20)
    (6, 12, 20)
    """
    return next((n for n in (6, 9, 12, 15, 18) if high <= n), high)


def pips(value: int, max_pip: int) -> list[tuple[float, float, float]]:
    """The dots of a half showing ``value`` in a set up to ``max_pip``, as (x, y, radius)
    fractions of the half's side, for a half seen with the tile upright (vertical); ``[]``
    when the set is drawn with numerals (above double-12) or the half is blank."""
    if max_pip > 12:
        return []
    if value <= 9:
        return [(0.22 + 0.28 * c, 0.22 + 0.28 * r, 0.09) for c, r in _DOTS[value]]
    rows = (0.17, 0.39, 0.61, 0.83)
    outer = [(x, y, 0.07) for x in (0.2, 0.8) for y in rows]
    middle = {10: (0.33, 0.67), 11: (0.22, 0.5, 0.78), 12: rows}[value]
    return outer + [(0.5, y, 0.07) for y in middle]


@attrs.frozen(kw_only=True)
class Placed:
    """A tile placed in a picture: its rectangle, what its two halves show (``first`` the
    left half of a horizontal tile or the top half of a vertical one), or ``None`` for a
    tile face down; ``open`` marks a double nobody has laid a tile on yet, ``lead`` the lead
    tile (the first laid)."""

    x: int
    y: int
    w: int
    h: int
    halves: tuple[int, int] | None
    open: bool = False
    lead: bool = False

    def moved(self, dx: int, dy: int) -> Placed:
        return attrs.evolve(self, x=self.x + dx, y=self.y + dy)


@attrs.frozen(kw_only=True)
class Label:
    """A line of text in a picture, its baseline's left end at (x, y); ``marker`` draws a
    train's marker (a red disc) before it."""

    x: int
    y: int
    text: str
    marker: bool = False

    def moved(self, dx: int, dy: int) -> Label:
        return attrs.evolve(self, x=self.x + dx, y=self.y + dy)


@attrs.frozen(kw_only=True)
class Sketch:
    """Tiles and labels placed in a frame of ``width`` by ``height`` pixels whose top left
    corner is (0, 0)."""

    width: int
    height: int
    parts: tuple[Placed | Label, ...] = ()

    def moved(self, dx: int, dy: int) -> tuple[Placed | Label, ...]:
        """Its parts shifted by (dx, dy)."""
        return tuple(p.moved(dx, dy) for p in self.parts)


def stack(sketches: Sequence[Sketch], gap: int = ROW_GAP) -> Sketch:
    """Sketches one under the other, left aligned, ``gap`` apart."""
    parts: list[Placed | Label] = []
    y = 0
    for sketch in sketches:
        parts.extend(sketch.moved(0, y))
        y += sketch.height + gap
    height = max(0, y - gap)
    return Sketch(
        width=max((s.width for s in sketches), default=0), height=height, parts=tuple(parts)
    )


CHAR = 7
"""The width allowed for a character of a label (12-pixel sans-serif), in pixels."""


def text_sketch(*lines: str, marker: bool = False, width: int | None = None) -> Sketch:
    """Lines of text, one under the other (``marker``: a train's marker before the first),
    each broken between words to fit ``width`` pixels if given."""
    if width is not None:
        room = max(1, (width - (14 if marker else 0)) // CHAR)
        lines = tuple(part for line in lines for part in textwrap.wrap(line, room) or [""])
    labels = tuple(
        Label(x=0, y=TEXT * (i + 1) - 4, text=line, marker=marker and not i)
        for i, line in enumerate(lines)
    )
    width = max((len(line) * CHAR + (14 if marker else 0) for line in lines), default=0)
    return Sketch(width=width, height=TEXT * len(lines), parts=labels)


# ----------------------------------------------------------------------------- writing


def _tile_svg(tile: Placed, max_pip: int) -> str:
    x, y, w, h = tile.x, tile.y, tile.w, tile.h
    box = f'data-x="{x}" data-y="{y}" data-w="{w}" data-h="{h}"'
    radius = min(w, h) // 8
    if tile.halves is None:
        return (
            f'<g class="tile back" {box}><title>a tile face down</title>'
            f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="{radius}" '
            f'fill="{_BACK}" stroke="{_INK}"/></g>'
        )
    first, second = tile.halves
    name = tile_name(first, second)
    title = f"{first}-{second}" + (" (open double)" if tile.open else "")
    css = "tile open-double" if tile.open else "tile"
    stroke = f'stroke="{_OPEN}" stroke-width="2.5"' if tile.open else f'stroke="{_INK}"'
    if tile.lead:
        title += " (lead)"
        css += " lead"
        stroke = f'stroke="{_LEAD}" stroke-width="2.5"'
    out = [
        f'<g class="{css}" data-tile="{name}" {box}><title>{title}</title>',
        f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="{radius}" fill="{_FACE}" {stroke}/>',
    ]
    vertical = h > w
    side = min(w, h)
    if vertical:
        out.append(
            f'<line x1="{x + 3}" y1="{y + side}" x2="{x + w - 3}" y2="{y + side}" stroke="{_INK}"/>'
        )
        corners = ((x, y), (x, y + side))
    else:
        out.append(
            f'<line x1="{x + side}" y1="{y + 3}" x2="{x + side}" y2="{y + h - 3}" stroke="{_INK}"/>'
        )
        corners = ((x, y), (x + side, y))
    for value, (hx, hy) in zip((first, second), corners, strict=True):
        if max_pip > 12:
            if value:
                size = side * 0.5 if value < 10 else side * 0.42
                out.append(
                    f'<text x="{_num(hx + side / 2)}" y="{_num(hy + side / 2)}" '
                    f'font-size="{_num(size)}" font-family="sans-serif" text-anchor="middle" '
                    f'dominant-baseline="central" fill="{_INK}">{value}</text>'
                )
            continue
        for across, down, fr in pips(value, max_pip):
            # the patterns turn with the tile
            fx, fy = (across, down) if vertical else (down, across)
            out.append(
                f'<circle cx="{_num(hx + fx * side)}" cy="{_num(hy + fy * side)}" '
                f'r="{_num(fr * side)}" fill="{_INK}"/>'
            )
    out.append("</g>")
    return "".join(out)


def _num(value: float) -> str:
    """A coordinate as written: at most two decimals, no trailing zeros."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _label_svg(label: Label) -> str:
    x = label.x
    out = ""
    if label.marker:
        out = (
            f'<circle class="marker" cx="{x + 5}" cy="{label.y - 4}" r="5" fill="{_OPEN}">'
            "<title>marker</title></circle>"
        )
        x += 14
    return (
        f'{out}<text class="label" x="{x}" y="{label.y}" font-size="12" '
        f'font-family="sans-serif" fill="{_INK}">{escape(label.text)}</text>'
    )


def document(sketch: Sketch, *, title: str, max_pip: int, width: int | None = None) -> str:
    """``sketch`` as a standalone SVG document titled ``title``, its tiles drawn for a set
    up to ``max_pip``, with a margin of `MARGIN` around it; ``width`` widens the document
    to that many pixels (else it is as wide as the sketch and its margin)."""
    full = max(sketch.width + 2 * MARGIN, width or 0)
    height = sketch.height + 2 * MARGIN
    body = [
        _tile_svg(p, max_pip) if isinstance(p, Placed) else _label_svg(p)
        for p in sketch.moved(MARGIN, MARGIN)
    ]
    return "\n".join(
        [
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {full} {height}" '
            f'width="{full}" height="{height}" role="img">',
            f"<title>{escape(title)}</title>",
            *body,
            "</svg>",
        ]
    )


def tile_picture(tile: Tile, *, max_pip: int, vertical: bool = False, size: int = UNIT) -> str:
    """One tile as a standalone SVG document, ``size`` pixels on its short side, its low
    half left (or on top, ``vertical``); a double is drawn as any tile."""
    w, h = (size, 2 * size) if vertical else (2 * size, size)
    placed = Placed(x=0, y=0, w=w, h=h, halves=(tile.low, tile.high))
    sketch = Sketch(width=w, height=h, parts=(placed,))
    return document(sketch, title=f"the tile {tile}", max_pip=max_pip)


# ----------------------------------------------------------------------------- hands


def hand_sketch(tiles: Sequence[Tile | None], width: int) -> Sketch:
    """Tiles standing side by side (``None`` a tile face down), in rows of at most
    ``width`` pixels."""
    per_row = max(1, (width + GAP) // (UNIT + GAP))
    parts = []
    for i, tile in enumerate(tiles):
        row, col = divmod(i, per_row)
        halves = None if tile is None else (tile.low, tile.high)
        parts.append(
            Placed(
                x=col * (UNIT + GAP),
                y=row * (2 * UNIT + ROW_GAP),
                w=UNIT,
                h=2 * UNIT,
                halves=halves,
            )
        )
    rows = -(-len(tiles) // per_row)
    cols = min(len(tiles), per_row)
    return Sketch(
        width=max(0, cols * (UNIT + GAP) - GAP),
        height=max(0, rows * (2 * UNIT + ROW_GAP) - ROW_GAP),
        parts=tuple(parts),
    )


# ----------------------------------------------------------------------------- layouts


def _extent(pair: tuple[int, int]) -> int:
    """How far a tile reaches along its line: a double lies crosswise."""
    return UNIT if pair[0] == pair[1] else 2 * UNIT


def chain_sketch(
    pairs: Sequence[tuple[int, int]],
    width: int,
    open_last: bool = False,
    lead: int | None = None,
) -> Sketch:
    """Tiles laid end to end (each pair's ``b`` against the next pair's ``a``), doubles
    crosswise, in rows of at most ``width`` pixels that turn like a snake: the first row
    runs left to right, the next right to left under it, and so on. ``open_last`` marks
    the last tile as an open double, ``lead`` the tile at that index as the lead."""
    rows: list[list[int]] = [[]]
    used = 0
    for i, pair in enumerate(pairs):
        need = _extent(pair) + (GAP if rows[-1] else 0)
        if rows[-1] and used + need > width:
            rows.append([])
            need, used = _extent(pair), 0
        rows[-1].append(i)
        used += need
    lengths = [sum(_extent(pairs[i]) for i in row) + GAP * max(0, len(row) - 1) for row in rows]
    right = max(lengths, default=0)
    parts = []
    for r, row in enumerate(rows):
        top = r * (2 * UNIT + ROW_GAP)
        x = 0 if r % 2 == 0 else right
        for i in row:
            a, b = pairs[i]
            ext = _extent(pairs[i])
            if r % 2:
                x -= ext
            is_open = open_last and i == len(pairs) - 1
            if a == b:
                placed = Placed(
                    x=x, y=top, w=UNIT, h=2 * UNIT, halves=(a, b), open=is_open, lead=i == lead
                )
            else:
                halves = (a, b) if r % 2 == 0 else (b, a)
                placed = Placed(
                    x=x, y=top + UNIT // 2, w=2 * UNIT, h=UNIT, halves=halves, lead=i == lead
                )
            parts.append(placed)
            x = x + ext + GAP if r % 2 == 0 else x - GAP
    height = len(rows) * (2 * UNIT + ROW_GAP) - ROW_GAP if pairs else 0
    return Sketch(width=right, height=height, parts=tuple(parts))


_STEPS = {"right": (1, 0), "left": (-1, 0), "up": (0, -1), "down": (0, 1)}
"""The unit step of each direction an arm can run in (y grows downward)."""


def _ray(
    pairs: Sequence[tuple[int, int]], x: int, y: int, way: str
) -> tuple[list[Placed], list[tuple[int, int]]]:
    """An arm laid straight from the point (x, y) (the middle of the edge it grows from)
    in direction ``way``: doubles crosswise, each pair's ``a`` toward the start. Returns
    the tiles and the centre of each."""
    dx, dy = _STEPS[way]
    along = 0
    tiles, centres = [], []
    for a, b in pairs:
        ext = _extent((a, b))
        mid = along + ext // 2
        cx, cy = x + dx * mid, y + dy * mid
        flat = (dy == 0) != (a == b)  # a tile along a row, or a double across a column
        w, h = (2 * UNIT, UNIT) if flat else (UNIT, 2 * UNIT)
        halves = (b, a) if way in ("left", "up") else (a, b)
        tiles.append(Placed(x=cx - w // 2, y=cy - h // 2, w=w, h=h, halves=halves))
        centres.append((cx, cy))
        along += ext + GAP
    return tiles, centres


def _clear(new: Sequence[Placed], placed: Sequence[Placed]) -> bool:
    """Whether no tile of ``new`` overlaps one of ``placed``."""
    return not any(
        t.x < u.x + u.w and u.x < t.x + t.w and t.y < u.y + u.h and u.y < t.y + t.h
        for t in new
        for u in placed
    )


def _spread(tiles: Sequence[Placed]) -> int:
    return max(t.x + t.w for t in tiles) - min(t.x for t in tiles)


def _cross(layout: Layout, width: int) -> tuple[Sketch, list[int]] | None:
    """A layout with arms drawn as on the table: the line through the lead across, and the
    two short sides of each spinner at right angles to the arm it lies on (up and down
    from the line, left and right from an arm that runs up or down), each arm straight;
    with the arms it could not place (a pair of sides that would cross tiles already
    placed or widen the figure beyond ``width``, further sides of a spinner, and the arms
    growing from those). ``None`` when the line is wider than ``width``."""
    arms = layout.arms
    lead = layout.line[len(arms[0].tiles)]
    double = lead[0] == lead[1]
    half = UNIT // 2 if double else UNIT  # half the lead's extent along the line
    w, h = (UNIT, 2 * UNIT) if double else (2 * UNIT, UNIT)
    # per placed arm: its direction and the centre of each of its tiles
    ways: dict[int, tuple[str, list[tuple[int, int]]]] = {}
    left, centres = _ray(arms[0].tiles, -half - GAP, 0, "left")
    ways[0] = ("left", centres)
    right, centres = _ray(arms[1].tiles, half + GAP, 0, "right")
    ways[1] = ("right", centres)
    # the line left to right
    placed = [*left[::-1], Placed(x=-w // 2, y=-h // 2, w=w, h=h, halves=lead, lead=True), *right]
    if _spread(placed) > width:
        return None
    detached: list[int] = []
    sides: set[tuple[int, int]] = set()  # the spinners whose sides are placed: (arm, index)
    for p in range(2, len(arms), 2):
        pair = [k for k in (p, p + 1) if k < len(arms)]
        origin = arms[p].origin
        on, index = (-1, 0) if origin is None else (int(origin[0]), origin[1])
        if (on, index) in sides or (on >= 0 and on not in ways):
            detached.extend(pair)
            continue
        if on < 0:
            way, (cx, cy), reach = "right", (0, 0), UNIT if double else UNIT // 2
        else:
            way, centres = ways[on]
            cx, cy = centres[index]
            reach = UNIT  # a spinner lies across its arm: half its long side
        outward = ("up", "down") if way in ("left", "right") else ("left", "right")
        rays = []
        for k, side in zip(pair, outward, strict=False):
            dx, dy = _STEPS[side]
            rays.append(
                (
                    k,
                    side,
                    _ray(arms[k].tiles, cx + dx * (reach + GAP), cy + dy * (reach + GAP), side),
                )
            )
        new = [t for _k, _side, (tiles, _c) in rays for t in tiles]
        if not _clear(new, placed) or (new and _spread([*placed, *new]) > width):
            detached.extend(pair)
            continue
        sides.add((on, index))
        placed.extend(new)
        for k, side, (_tiles, centres) in rays:
            ways[k] = (side, centres)
    x0, y0 = min(t.x for t in placed), min(t.y for t in placed)
    x1, y1 = max(t.x + t.w for t in placed), max(t.y + t.h for t in placed)
    moved = tuple(t.moved(-x0, -y0) for t in placed)
    return Sketch(width=x1 - x0, height=y1 - y0, parts=moved), detached


def _arm_name(layout: Layout, k: int) -> str:
    """How a detached arm is labelled: its token and the spinner it grows from."""
    arm = layout.arms[k]
    if arm.origin is None:
        lead = layout.line[len(layout.arms[0].tiles)]
        return f"arm {arm.end.token}, from {tile_name(*lead)} (lead)"
    on, index = arm.origin
    spinner = layout.arms[on].tiles[index]
    return f"arm {arm.end.token}, from {tile_name(*spinner)} on {on.token}"


def layout_sketch(layout: Layout, width: int, lead: int | None = None) -> Sketch:
    """A layout of any family within ``width`` pixels, the lead tile outlined in blue: in
    a layout with arms the layout says which it is, in a line ``lead`` gives its index in
    the line (a line's tiles do not say which was laid first; ``None``: not marked).

    - A line (no arms): the line, turning like a snake (`chain_sketch`).
    - With arms (spinners, Chicken Foot): the line through the lead across, each spinner's
      (or foot's) two short sides straight out at right angles to the arm it lies on (up
      and down from the line, left and right from an arm that runs up or down). A pair of
      sides that would cross tiles already drawn or widen the figure beyond ``width``, a
      root's fifth and sixth toes, the arms growing from those, and every further arm
      when the line alone is wider than ``width``, are drawn under the figure, each as a
      labelled row of its own (``arm A4, from 3-3 on R``), empty arms left out.
    - Trains: the hub (the engine double), then a labelled row per train outward from it
      (``seat 0``, ``Mexican``), a marker (red disc) before a marked train's label, its
      last tile outlined in red when it is an open double.
    - Empty: a line of text.
    """
    if layout.hub is not None:
        rows = [text_sketch("hub"), chain_sketch([(layout.hub.low, layout.hub.high)], width)]
        for train in layout.trains:
            name = "Mexican train" if train.owner is None else f"train of seat {train.owner}"
            label = name if train.tiles else f"{name}: empty"
            rows.append(text_sketch(label, marker=train.marked, width=width))
            if train.tiles:
                rows.append(chain_sketch(train.tiles, width, open_last=train.open_double))
        return stack(rows)
    if not layout.line:
        return text_sketch("no tile laid yet")
    if not layout.arms:
        return chain_sketch(layout.line, width, lead=lead)
    cross = _cross(layout, width)
    if cross is None:
        figure = chain_sketch(layout.line, width, lead=len(layout.arms[0].tiles))
        detached = list(range(2, len(layout.arms)))
    else:
        figure, detached = cross
    rows = [figure]
    for k in detached:
        if layout.arms[k].tiles:
            rows.append(text_sketch(_arm_name(layout, k), width=width))
            rows.append(chain_sketch(layout.arms[k].tiles, width))
    return stack(rows)


# ----------------------------------------------------------------------------- tables


class TableView(Protocol):
    """What `table_picture` reads of a `HandState` or an `Observation` (their public
    attributes, shared by both)."""

    @property
    def rules(self) -> Ruleset: ...
    @property
    def layout(self) -> Layout: ...
    @property
    def lead(self) -> int | None: ...
    @property
    def hand_sizes(self) -> tuple[int, ...]: ...
    @property
    def turn(self) -> int: ...
    @property
    def result(self) -> HandResult | None: ...
    @property
    def play_points(self) -> tuple[int, ...]: ...
    @property
    def claim(self) -> int: ...
    @property
    def muggins(self) -> int: ...
    @property
    def verification(self) -> VerificationRound | None: ...


def _seats(seats: Sequence[int]) -> str:
    return ("seat " if len(seats) == 1 else "seats ") + " ".join(map(str, seats))


def table_picture(
    view: TableView,
    *,
    hands: Sequence[Sequence[Tile] | None],
    boneyard: int,
    seat: int | None,
    width: int,
) -> str:
    """A table as a standalone SVG document ``width`` pixels wide: what it is about
    (whose turn, or how the hand ended; the boneyard's size; the points scored on play),
    the layout (`layout_sketch`, the lead outlined), then each seat's hand: face up where
    ``hands`` gives it, else as many tiles face down as the seat holds. While the hand is played the
    first line says whose turn it is, a score to claim or a muggins to call (rules CLAIM-1,
    CLAIM-2) and an open verification round; once it is over, how it ended. ``seat`` is
    the seat whose view it is (``None``: an onlooker's), named in the title."""
    rules = view.rules
    room = width - 2 * MARGIN
    result = view.result
    if result is None:
        status = f"seat {view.turn} to move"
        if view.claim:  # rule CLAIM-1
            status = f"seat {view.turn} to claim {view.claim} (or 0)"
        elif view.muggins:  # rule CLAIM-2
            status += f"; may call muggins for {view.muggins}"
        round_ = view.verification
        if round_ is not None:
            status += f"; verification round proposed by seat {round_.proposer}"
    else:
        won = f"won by {_seats(result.winners)}" if result.winners else "no winner"
        ending = result.ending.value.replace("_", " ")
        status = f"over ({ending}), {won}; points {' '.join(map(str, result.points))}"
    facts = [status, f"boneyard: {boneyard} tile{'' if boneyard == 1 else 's'}"]
    if rules.play_scoring.name != "NONE":  # (its enum is not imported: a leaf module)
        facts.append("points on play: " + " ".join(map(str, view.play_points)))
    rows = [text_sketch(*facts, width=room), layout_sketch(view.layout, room, view.lead)]
    for s, hand in enumerate(hands):
        size = view.hand_sizes[s]
        name = f"seat {s}: {size} tile{'' if size == 1 else 's'}"
        if result is None and s == view.turn:
            name += " (to move)"
        rows.append(text_sketch(name, width=room))
        tiles: Sequence[Tile | None] = hand if hand is not None else (None,) * size
        if tiles:
            rows.append(hand_sketch(tiles, room))
    who = "an onlooker's view" if seat is None else f"seat {seat}'s view"
    game = f"a hand of dominoes (double-{rules.max_pip} set, {rules.players} players)"
    title = f"{game}, {who}: {status}"
    return document(stack(rows), title=title, max_pip=rules.max_pip, width=width)


def hand_picture(tiles: Sequence[Tile], *, max_pip: int, width: int) -> str:
    """Tiles (a hand) as a standalone SVG document at most ``width`` pixels wide."""
    sketch = hand_sketch(tiles, width - 2 * MARGIN)
    names = " ".join(str(t) for t in tiles) or "no tile"
    return document(sketch, title=f"a hand: {names}", max_pip=max_pip)


def layout_picture(layout: Layout, *, max_pip: int, width: int) -> str:
    """A layout (`layout_sketch`) as a standalone SVG document at most ``width`` pixels
    wide."""
    sketch = layout_sketch(layout, width - 2 * MARGIN)
    return document(sketch, title=f"the layout: {layout}", max_pip=max_pip)
