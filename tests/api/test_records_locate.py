"""The line locator of records (``dominoes.records._locate``), fuzzed.

`locate` runs on the text of every record read, after the standard parser accepted it,
to give each key and array element its line. It must never fail on any text: it raises
nothing but the project's errors, and every line it gives is a line of the text. On
text the parser accepts it finds every top-level key (so that its defensive fallback,
an empty map, is not hiding a crash), and on real records it finds the right lines.
"""

from __future__ import annotations

import json
import tomllib
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dominoes import Deal, DominoesError, HandRecord, HandState, Match, MatchRecord, Ruleset
from dominoes.records import dumps, loads
from dominoes.records._locate import KeyPath, locate
from paths import DATA
from strategies import VARIANT_SETTINGS

FUZZ = settings(VARIANT_SETTINGS, max_examples=300)
"""Deterministic (``derandomize=True``, no example database) and quick."""


def _written() -> list[str]:
    """Records written here, in both forms: names, an event with awkward text, a deal
    in full, a match of two hands and a conceded hand."""
    rules = Ruleset.block()
    state = HandState.start(rules, Deal.random(rules, seed=5))
    for _ in range(3):
        state = state.apply(state.legal_moves()[0])
    hand = HandRecord.from_state(
        state,
        names=["Ana", "Bé"],
        event={"name": "Club night", "odd key": 'a "quoted"\ttab', "note": "two\nlines"},
    )
    game = Match.start(Ruleset.block(target=20), seed=2)
    while not game.state.is_over:
        game = game.apply(game.state.legal_moves()[0])
    game = game.next_hand(deal=Deal.random(game.next_hand().state.rules, seed=9))
    game = game.apply(game.state.legal_moves()[0]).concede(0, match=True)
    match = MatchRecord.from_match(game)
    return [dumps(record, format=form) for record in (hand, match) for form in ("toml", "json")]


RECORDS = [path.read_text(encoding="utf-8") for path in sorted(DATA.glob("*.toml"))]
RECORDS += [dumps(loads(text), format="json") for text in RECORDS[:3]]
RECORDS += _written()


def is_json(text: str) -> bool:
    """How the reader chooses the form (``loads`` reads JSON when the text starts with ``{``)."""
    return text.removeprefix("\ufeff").lstrip().startswith("{")


def located(text: str, as_json: bool) -> dict[KeyPath, int]:
    """`locate`'s answer, checked: only the project's errors, and lines of the text."""
    try:
        lines = locate(text, as_json)
    except DominoesError:  # allowed, though the locator raises none today
        return {}
    last = text.count("\n") + 1
    for path, line in lines.items():
        assert isinstance(path, tuple)
        assert all(isinstance(part, str | int) for part in path), path
        assert type(line) is int
        assert 1 <= line <= last, (path, line, last)
    return lines


def parsed(text: str) -> dict[str, Any] | None:
    """The data the standard parser reads from ``text``, or ``None``."""
    try:
        data = json.loads(text) if is_json(text) else tomllib.loads(text)
    except (ValueError, RecursionError):  # JSONDecodeError and TOMLDecodeError are ValueErrors
        return None
    return data if isinstance(data, dict) else None


def check(text: str) -> None:
    for as_json in (False, True):
        located(text, as_json)
    data = parsed(text)
    if data:
        lines = located(text, is_json(text))
        missing = [key for key in data if not any(path[:1] == (key,) for path in lines)]
        assert not missing, f"top-level keys not located: {missing}"


@st.composite
def mutated(draw: st.DrawFn) -> str:
    """A real record with one to five random edits."""
    text = draw(st.sampled_from(RECORDS))
    for _ in range(draw(st.integers(min_value=1, max_value=5))):
        kind = draw(st.sampled_from(["delete", "insert", "replace", "lines", "token"]))
        i = draw(st.integers(min_value=0, max_value=len(text)))
        if kind == "delete":
            text = text[:i] + text[i + draw(st.integers(min_value=1, max_value=12)) :]
        elif kind == "insert":
            text = text[:i] + draw(st.text(max_size=6)) + text[i:]
        elif kind == "replace":
            text = text[:i] + draw(st.characters()) + text[i + 1 :]
        elif kind == "lines":
            lines = text.split("\n")
            a = draw(st.integers(min_value=0, max_value=len(lines) - 1))
            b = draw(st.integers(min_value=0, max_value=len(lines) - 1))
            if draw(st.booleans()):
                lines[a], lines[b] = lines[b], lines[a]
            else:
                lines.insert(b, lines[a])
            text = "\n".join(lines)
        else:
            token = draw(
                st.sampled_from(
                    ['"', "'", "'''", '"""', "\\", "[", "]", "[[", "]]", "{", "}", ",", "=",
                     ":", "#", "\n", "\r\n", ".", "\\u00e9", "\\U0001F600", "[[hands]]",
                     "[deal]", "[rules]", '"moves"', "x.y", "[" * 40, "]" * 40]
                )
            )  # fmt: skip
            text = text[:i] + token + text[i:]
    return text


@FUZZ
@given(st.text(), st.booleans())
def test_any_text(text: str, as_json: bool) -> None:
    located(text, as_json)


@FUZZ
@given(st.text(alphabet="[]{}=,:.\"'#\\\n\r\t uUe0123456789abcdef-"), st.booleans())
def test_text_made_of_the_tokens(text: str, as_json: bool) -> None:
    located(text, as_json)


@FUZZ
@given(mutated())
def test_mutated_records(text: str) -> None:
    check(text)


@pytest.mark.parametrize("index", range(len(RECORDS)))
def test_real_records_are_located_line_by_line(index: int) -> None:
    """On a whole record every key is found, and each move on the line that holds it."""
    text = RECORDS[index]
    check(text)
    lines = located(text, is_json(text))
    rows = text.split("\n")
    data = parsed(text)
    assert data is not None
    hands = (
        [((), data)]
        if "moves" in data
        else [(("hands", i), h) for i, h in enumerate(data["hands"])]
    )
    count = 0
    for prefix, hand in hands:
        for number, move in enumerate(hand["moves"]):
            line = lines[(*prefix, "moves", number)]
            assert f'"{move}"' in rows[line - 1], (prefix, number, move)
            count += 1
    assert count or not any(hand["moves"] for _, hand in hands)
