"""The page of ``dominoes replay FILE --html PAGE.html``: a record stepped through in a browser.

`replay_page` writes one self-contained HTML page (its style, script and pictures inline;
it loads nothing): a step per position of the record, the deal of each hand and the
position after each of its moves, each with the picture of the table
(`dominoes.svg.table`), the move just made in words (`step_words`), and, at the last step
of a hand, its result (and in a match the scores; at the very last step, how the match
ended). The First, Previous, Next and Last buttons and the arrow keys (Home and End too)
move through the steps.

The page is drawn for an onlooker, who sees every hand and the boneyard, or for one seat:
then every picture and every word is that seat's (its `Observation`), and the page holds
no tile hidden from the seat at that step: the other hands are shown when the end of a
hand shows them, the undrawn boneyard never, the deal's seed neither.

Each step is a ``<template class="step">``; the script shows one at a time by copying it
into the page, so only one picture is ever in the document (the ids inside a picture
never meet those of another).

Built without click (like `dominoes.cli.text`), so it can be imported anywhere.
"""

from __future__ import annotations

import html
import itertools
from collections.abc import Sequence

from dominoes.cli.text import (
    ReplayedHand,
    hand_end_lines,
    match_end_line,
    record_header,
    replayed_hands,
    scores_line,
    seat_name,
    step_words,
)
from dominoes.errors import ArgumentTypeError, ArgumentValueError, shown
from dominoes.records import HandRecord, MatchRecord, Record
from dominoes.state import HandState
from dominoes.svg import table

__all__ = ["PICTURE_WIDTH", "picture", "replay_page"]

PICTURE_WIDTH = 800
"""The width, in pixels, each picture of the table is drawn for."""

STYLE = """
body { font-family: system-ui, sans-serif; margin: 1rem auto; max-width: 860px;
  padding: 0 1rem; color: #1b1b1b; background: #fafaf7; }
h1 { font-size: 1.3rem; margin: 0 0 .3rem; }
header p { margin: .1rem 0; color: #444; }
nav { display: flex; gap: .4rem; align-items: center; margin: .8rem 0; flex-wrap: wrap; }
nav button { font: inherit; padding: .3rem .8rem; }
#counter { margin-left: .6rem; font-variant-numeric: tabular-nums; }
.where { font-weight: 600; margin: .2rem 0; }
.move { margin: .2rem 0 .6rem; min-height: 1.4em; }
.picture { overflow-x: auto; background: #fff; border: 1px solid #ccc; padding: .3rem; }
.picture svg { max-width: 100%; height: auto; }
.result { margin-top: .6rem; padding: .4rem .8rem; border-left: 4px solid #2a6f3e;
  background: #eef6ef; }
.result p { margin: .2rem 0; }
"""

SCRIPT = """
(function () {
  "use strict";
  var steps = document.querySelectorAll("template.step");
  var view = document.getElementById("view");
  var counter = document.getElementById("counter");
  var buttons = {
    first: document.getElementById("first"),
    prev: document.getElementById("prev"),
    next: document.getElementById("next"),
    last: document.getElementById("last")
  };
  var current = 0;
  function show(n) {
    current = Math.max(0, Math.min(steps.length - 1, n));
    view.replaceChildren(steps[current].content.cloneNode(true));
    counter.textContent = "Step " + (current + 1) + " of " + steps.length;
    buttons.first.disabled = buttons.prev.disabled = current === 0;
    buttons.next.disabled = buttons.last.disabled = current === steps.length - 1;
  }
  buttons.first.addEventListener("click", function () { show(0); });
  buttons.prev.addEventListener("click", function () { show(current - 1); });
  buttons.next.addEventListener("click", function () { show(current + 1); });
  buttons.last.addEventListener("click", function () { show(steps.length - 1); });
  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) { return; }
    var to = {ArrowLeft: current - 1, ArrowRight: current + 1,
      Home: 0, End: steps.length - 1}[event.key];
    if (to !== undefined) { event.preventDefault(); show(to); }
  });
  show(0);
})();
"""


def _text(text: str) -> str:
    return html.escape(text, quote=False)


def _paragraphs(lines: Sequence[str]) -> str:
    return "".join(f"<p>{_text(line)}</p>" for line in lines)


def picture(state: HandState, seat: int | None = None) -> str:
    """The picture of a step: `dominoes.svg.table` of ``state`` from ``seat``'s view (an
    onlooker's for ``None``), `PICTURE_WIDTH` wide, as SVG to put inline in HTML (without
    the XML declaration or document type a standalone document may start with)."""
    svg = table(state, seat=seat, width=PICTURE_WIDTH).lstrip()
    if svg.startswith("<?xml"):
        svg = svg[svg.index("?>") + 2 :].lstrip()
    if svg.startswith("<!DOCTYPE"):
        svg = svg[svg.index(">") + 1 :].lstrip()
    return svg


def _step(where: str, move: str, svg: str, result: Sequence[str]) -> str:
    """One step of the page: a template the script copies into view (``where`` names the
    hand and the step in a match; a hand record's counter says it all)."""
    out = '<template class="step">'
    if where:
        out += f'<p class="where">{_text(where)}</p>'
    out += f'<p class="move">{_text(move)}</p><div class="picture">{svg}</div>'
    if result:
        out += f'<div class="result">{_paragraphs(result)}</div>'
    return out + "</template>\n"


def _hand_steps(
    hand: ReplayedHand, names: Sequence[str], seat: int | None, last: Sequence[str]
) -> list[str]:
    """The steps of one hand: its deal, then the position after each move; the last step
    carries the hand's result, the match scores after it and the lines of ``last``."""
    dealt = f" ({hand.dealt})" if seat is None else ""  # a seed would show every tile
    start = hand.states[0]
    first = f"The deal{dealt}; {seat_name(start.turn, names)} to move."
    texts = [first]
    count = len(hand.states) - 1
    for n, (before, after) in enumerate(itertools.pairwise(hand.states), 1):
        words = step_words(before, after, names, viewer=seat)
        if after.history == before.history:  # a concession is not a move
            texts.append(f"{words[0].upper()}{words[1:]}.")
        else:
            texts.append(f"Move {n}: {words}.")
    final = hand.states[-1]
    result = hand_end_lines(final, names, hand.match_over, viewer=seat)
    if hand.scores is not None:
        result.append(scores_line(hand.scores))
    steps = []
    for n, (state, text) in enumerate(zip(hand.states, texts, strict=True)):
        where = "" if hand.number is None else f"Hand {hand.number}, step {n + 1} of {count + 1}"
        at_end = n == count
        steps.append(_step(where, text, picture(state, seat), [*result, *last] if at_end else ()))
    return steps


def _check_seat(record: Record, seat: object) -> int | None:
    """``seat`` if it is ``None`` or one of the record's seats; raise otherwise."""
    if seat is None:
        return None
    if type(seat) is not int:
        raise ArgumentTypeError(f"seat must be an int or None, got {shown(seat)}", argument="seat")
    players = record.rules.players
    if not 0 <= seat < players:
        raise ArgumentValueError(
            f"seat must be from 0 to {players - 1} (the record has {players} players), got {seat}",
            argument="seat",
        )
    return seat


def replay_page(record: Record, seat: int | None = None) -> str:
    """A self-contained HTML page that steps through ``record``, from one view.

    Args:
        record: a `HandRecord` or `MatchRecord`.
        seat: the seat whose view the page shows, or ``None`` for an onlooker's (every
            hand and the boneyard).

    Returns:
        The page: one step for each state of each hand (the deal, then after each move,
        and after a concession), so a hand of ``m`` moves has ``m + 1`` steps.

    Raises:
        ArgumentTypeError: ``record`` is not a record, or ``seat`` not an int.
        ArgumentValueError: the record has no such seat.
    """
    if not isinstance(record, HandRecord | MatchRecord):
        raise ArgumentTypeError(
            f"record must be a HandRecord or a MatchRecord, got {shown(record)}",
            argument="record",
        )
    seat = _check_seat(record, seat)
    names = record.names
    header = record_header(record)
    if seat is None:
        view = "An onlooker's view: every hand and the boneyard, face up."
    else:
        view = (
            f"The view of {seat_name(seat, names)}: the other hands and the boneyard are "
            "face down until the record shows them."
        )
    hands = replayed_hands(record)
    steps = []
    for k, hand in enumerate(hands):
        last: list[str] = []
        if k == len(hands) - 1 and hand.match is not None:
            last.append(match_end_line(hand.match, names))
        steps.extend(_hand_steps(hand, names, seat, last))
    seen = "an onlooker" if seat is None else seat_name(seat, names)
    title = f"{header[0].removesuffix('.')}, seen by {seen}"
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{_text(title)}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n"
        f"<header><h1>{_text(header[0])}</h1>{_paragraphs(header[1:])}"
        f'<p class="view">{_text(view)}</p></header>\n'
        '<nav><button type="button" id="first">First</button>'
        '<button type="button" id="prev">Previous</button>'
        '<button type="button" id="next">Next</button>'
        '<button type="button" id="last">Last</button>'
        '<span id="counter" aria-live="polite"></span></nav>\n'
        '<main id="view"></main>\n'
        "<noscript><p>The page steps through the record with a script; "
        "turn scripts on to see it.</p></noscript>\n"
        f"{''.join(steps)}"
        f"<script>{SCRIPT}</script>\n</body>\n</html>\n"
    )
