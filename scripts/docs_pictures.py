"""An mkdocs hook (``hooks:`` in mkdocs.yml): the pictures of the docs' worked examples,
drawn by `dominoes.svg` from the engine when the site is built.

A page asks for a picture with an HTML comment on a line of its own, usually just after
the text diagram of a worked example::

    <!-- picture: preset=block position="d6 ..." -->

The fields, ``name=value`` separated by spaces (a value with spaces in double quotes):

* ``position`` (required): a position string, as ``state.position()`` writes it for a state
  the page's example builds (docs/notation.md);
* ``preset`` (required): the ruleset's preset (`Ruleset.preset`); any other field named
  after a `Ruleset` field overrides it, written as `Ruleset.to_dict` writes its value
  (``hand_size=5``, ``spinner=first_double``, ``partnership=true``, ``target=null``: null
  is ``None``, while ``none`` is an enum's value);
* ``seat``: draw the table as that seat sees it (else as an onlooker, every hand shown,
  like the text diagram);
* ``show``: ``table`` (the default: the layout, the hands, whose turn) or ``layout``;
* ``width``: the most the picture may take, in pixels (640 unless given): it is laid out
  within that width, then drawn only as wide as what it shows (so that a phone, where it
  is scaled to the column, shrinks it no more than it must);
* ``caption``: a line under the picture.

The comment is replaced by a ``<figure class="dominoes-picture">`` holding the inline
SVG; a marker that does not read, or a position that does not fit its rules, stops the
build with an error naming the page's line. Without this hook the comment stays a comment:
the page reads the same, without its pictures. tests/docs/test_doc_pictures.py renders
every marker of docs/ and checks that its position and rules are those of a state the
page's examples hold just above it (a marker cannot go stale when an example changes).
"""

from __future__ import annotations

import re
import shlex
import xml.etree.ElementTree as ET
from collections.abc import Callable
from typing import Any
from xml.sax.saxutils import escape

from dominoes import HandState, Ruleset, svg
from dominoes.picture import CHAR, MARGIN

__all__ = [
    "MARKER",
    "PictureError",
    "marker_fields",
    "marker_rules",
    "on_page_markdown",
    "picture",
    "render_pictures",
]

MARKER = re.compile(r"^<!-- picture: (?P<fields>.*?) -->[ \t]*$", re.MULTILINE)
"""A picture marker: an HTML comment on a line of its own."""

WIDTH = 640
"""The width of a picture whose marker gives none, in pixels."""

_OWN = frozenset({"position", "preset", "seat", "show", "width", "caption"})
_WORDS: dict[str, Any] = {"true": True, "false": False, "null": None}


class PictureError(ValueError):
    """A picture marker that cannot be drawn (the message says where and why)."""


def _value(text: str) -> Any:
    """A ruleset field's value as the marker writes it: an int, true, false, null (``None``)
    or text (an enum's value, a tile ``a-b``)."""
    if re.fullmatch(r"-?\d+", text):
        return int(text)
    return _WORDS.get(text, text)


def marker_fields(text: str) -> dict[str, str]:
    """A marker's fields (the text between ``picture:`` and ``-->``) by name."""
    out: dict[str, str] = {}
    for item in shlex.split(text):
        name, sep, value = item.partition("=")
        if not sep or not name:
            raise PictureError(f"a field must be written name=value, got {item!r}")
        if name in out:
            raise PictureError(f"the field {name} is given twice")
        out[name] = value
    for name in ("position", "preset"):
        if name not in out:
            raise PictureError(f"the field {name} is missing")
    return out


def marker_rules(fields: dict[str, str]) -> Ruleset:
    """The ruleset a marker's fields name: its preset, with the fields it overrides."""
    data = Ruleset.preset(fields["preset"]).to_dict()
    for name, value in fields.items():
        if name not in _OWN:
            if name not in data:
                raise PictureError(f"{name} is not a ruleset field")
            data[name] = _value(value)
    return Ruleset.from_dict(data)


def _right(text: str) -> int:
    """Where the drawing of an SVG picture ends on the right, its margin included: the
    right side of its rightmost tile or label (a label's length estimated as the drawing
    code estimates it, `CHAR` pixels a character)."""
    ns = "{http://www.w3.org/2000/svg}"
    right = 0
    for element in ET.fromstring(text).iter():
        if element.tag == f"{ns}g" and element.get("data-x") is not None:
            right = max(right, int(element.get("data-x", 0)) + int(element.get("data-w", 0)))
        elif element.tag == f"{ns}text" and element.get("class") == "label":
            right = max(right, int(element.get("x", 0)) + CHAR * len(element.text or ""))
    return right + MARGIN


def _tight(draw: Callable[[int], str], width: int) -> str:
    """``draw(width)``, drawn again only as wide as what it shows when that is narrower
    (within a narrower width that holds it, the drawing code lays out the same picture)."""
    text = draw(width)
    right = max(svg.MIN_WIDTH, _right(text))
    return draw(right) if right < width else text


def picture(fields_text: str) -> str:
    """The SVG document of one marker's fields (the text between ``picture:`` and
    ``-->``)."""
    fields = marker_fields(fields_text)
    rules = marker_rules(fields)
    state = HandState.from_position(fields["position"], rules)
    width = int(fields.get("width", WIDTH))
    show = fields.get("show", "table")
    if show == "layout":
        return _tight(lambda w: svg.layout(state.layout, max_pip=rules.max_pip, width=w), width)
    if show != "table":
        raise PictureError(f"show must be table or layout, got {show!r}")
    seat = None if fields.get("seat") is None else int(fields["seat"])
    return _tight(lambda w: svg.table(state, seat=seat, width=w), width)


def _figure(fields_text: str) -> str:
    fields = marker_fields(fields_text)
    body = picture(fields_text)
    caption = fields.get("caption")
    lines = ['<figure class="dominoes-picture">', body]
    if caption:
        lines.append(f"<figcaption>{escape(caption)}</figcaption>")
    lines.append("</figure>")
    # blank lines around it: Markdown passes the block through as raw HTML
    return "\n" + "\n".join(lines) + "\n"


def render_pictures(markdown: str, where: str = "the page") -> str:
    """``markdown`` with every picture marker replaced by its figure.

    Raises:
        PictureError: a marker cannot be drawn (the message names ``where`` and the line).
    """

    def replace(match: re.Match[str]) -> str:
        try:
            return _figure(match["fields"])
        except Exception as error:
            line = markdown.count("\n", 0, match.start()) + 1
            raise PictureError(f"{where}, line {line}: picture marker: {error}") from error

    return MARKER.sub(replace, markdown)


def on_page_markdown(markdown: str, page: Any, **_kwargs: Any) -> str:
    """The mkdocs event: the page's Markdown with its pictures drawn."""
    return render_pictures(markdown, page.file.src_uri)
