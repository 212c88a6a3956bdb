# placeholder: replaced by the svg branch
"""Pictures of a table as SVG (a placeholder: the text diagram, one ``<text>`` per line).

The real module draws tiles, layouts and tables; this one has the same `table` and
draws `dominoes.render.diagram` as lines of text, so that what reads it can be built and
tested. It shows what the diagram shows: from a seat's view no tile hidden from that seat.
"""

from __future__ import annotations

from xml.sax.saxutils import escape

from dominoes.errors import ArgumentTypeError, ArgumentValueError, shown
from dominoes.render import diagram
from dominoes.state import HandState, Observation

__all__ = ["table"]

LINE_HEIGHT = 18
"""Pixels from one line of text to the next."""


def table(view: HandState | Observation, *, seat: int | None = None, width: int = 800) -> str:
    """The table as a standalone ``<svg>`` document: an onlooker's view of a `HandState`
    when ``seat`` is ``None``, else that seat's view (an `Observation` is its own seat's).

    Raises:
        ArgumentTypeError: ``view`` is neither a `HandState` nor an `Observation`.
        ArgumentValueError: there is no such seat, an `Observation` is given another
            seat, or ``width`` is not positive.
    """
    if isinstance(view, HandState):
        shown_view: HandState | Observation = view if seat is None else view.observation(seat)
    elif isinstance(view, Observation):
        if seat is not None and seat != view.seat:
            raise ArgumentValueError(
                f"seat must be None or the observation's seat {view.seat}, got {shown(seat)}",
                argument="seat",
            )
        shown_view = view
    else:
        raise ArgumentTypeError(
            f"view must be a HandState or an Observation, got {shown(view)}", argument="view"
        )
    if type(width) is not int or width <= 0:
        raise ArgumentValueError(
            f"width must be a positive int, got {shown(width)}", argument="width"
        )
    lines = diagram(shown_view).split("\n")
    height = LINE_HEIGHT * (len(lines) + 1)
    texts = "".join(
        f'<text x="8" y="{LINE_HEIGHT * (n + 1)}" xml:space="preserve">{escape(line)}</text>'
        for n, line in enumerate(lines)
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="monospace" font-size="14">{texts}</svg>'
    )
