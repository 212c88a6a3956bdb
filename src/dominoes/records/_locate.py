"""Where things are in a record's text: the line of each key and array element.

A best-effort tokenizer of TOML and JSON, run only on text the standard parser has
accepted (so that problems found in the parsed data can name their line), and robust
on any text.
"""

from __future__ import annotations

import re
from typing import Final, TypeAlias

KeyPath: TypeAlias = tuple[str | int, ...]
"""A place in a record's parsed data, as the keys and indices that lead to it:
``("moves", 3)``, ``("hands", 1, "deal", "hands", 0)``, ``("rules", "players")``."""

_Token: TypeAlias = tuple[str, str, int, int]
"""(kind, value, line, position): punctuation, ``nl``, ``str`` and ``word``."""

_WORD_STOP = frozenset(" \t\r\n,[]{}=#\"'")
_LOCATE_DEPTH: Final = 32


def locate(text: str, is_json: bool) -> dict[KeyPath, int]:
    """Best effort: the 1-based line of each key and array element, by path.

    Runs only on text the standard parser accepted. Paths are as in the parsed data:
    ``("moves", 3)``, ``("hands", 1, "deal", "hands", 0)``, ``("rules", "players")``.

    >>> locate('moves = [\\n  "1 6-6",\\n  "0 4-6:R",\\n]\\n', is_json=False)
    {('moves',): 1, ('moves', 0): 2, ('moves', 1): 3}
    """
    try:
        return _Locator(text, is_json).run()
    except (IndexError, ValueError, RecursionError):  # pragma: no cover - defensive
        return {}


class _Locator:
    def __init__(self, text: str, is_json: bool) -> None:
        self.tokens = _tokens(text, is_json)
        self.is_json = is_json
        self.lines: dict[KeyPath, int] = {}

    def run(self) -> dict[KeyPath, int]:
        tokens = self.tokens
        k = 0
        if self.is_json:
            while k < len(tokens) and tokens[k][0] == "nl":
                k += 1
            if k < len(tokens):
                self.value(k, (), 0)
            return self.lines
        table: KeyPath = ()
        arrays: dict[tuple[str, ...], int] = {}
        while k < len(tokens):
            kind, _, line, pos = tokens[k]
            if kind == "nl":
                k += 1
                continue
            if kind == "[":
                double = (
                    k + 1 < len(tokens) and tokens[k + 1][0] == "[" and tokens[k + 1][3] == pos + 1
                )
                k += 2 if double else 1
                parts, k = self.key(k, "]")
                if double:
                    k += 1
                raw = tuple(parts)
                if double:
                    arrays[raw] = arrays.get(raw, 0) + 1
                resolved: list[str | int] = []
                for i, part in enumerate(raw):
                    resolved.append(part)
                    if raw[: i + 1] in arrays:
                        resolved.append(arrays[raw[: i + 1]] - 1)
                table = tuple(resolved)
                self.lines.setdefault(table, line)
                if double:
                    self.lines.setdefault(table[:-1], line)
                continue
            parts, k = self.key(k, "=")
            if not parts:
                k += 1
                continue
            k = self.value(k, (*table, *parts), 0)
        return self.lines

    def key(self, k: int, end: str) -> tuple[list[str], int]:
        """Read a (dotted) key up to ``end``; the parts, and the index after ``end``."""
        parts: list[str] = []
        tokens = self.tokens
        while k < len(tokens) and tokens[k][0] != end:
            kind, value, _, _ = tokens[k]
            if kind == "str":
                parts.append(value)
            elif kind == "word":
                parts.extend(p for p in value.split(".") if p)
            else:
                return [], k
            k += 1
        return parts, k + 1

    def value(self, k: int, path: KeyPath, depth: int) -> int:
        tokens = self.tokens
        if k >= len(tokens):
            return k
        kind, _, line, _ = tokens[k]
        self.lines.setdefault(path, line)
        if kind not in "[{" or depth > _LOCATE_DEPTH:
            return _skip(tokens, k) if kind in "[{" else k + 1
        close = "]" if kind == "[" else "}"
        k += 1
        index = 0
        while k < len(tokens) and tokens[k][0] != close:
            kind = tokens[k][0]
            if kind == "nl":
                k += 1
            elif kind == ",":
                index += 1
                k += 1
            elif close == "]":
                k = self.value(k, (*path, index), depth + 1)
            else:
                parts, after = self.key(k, "=")
                if not parts:
                    k += 1
                    continue
                k = self.value(after, (*path, *parts), depth + 1)
        return k + 1


def _skip(tokens: list[_Token], k: int) -> int:
    """The index after the array or table opening at ``k`` (without recursion)."""
    depth = 0
    while k < len(tokens):
        kind = tokens[k][0]
        if kind in "[{":
            depth += 1
        elif kind in "]}":
            depth -= 1
            if depth == 0:
                return k + 1
        k += 1
    return k


_ESCAPE_RE = re.compile(r"\\(?:u([0-9A-Fa-f]{4})|U([0-9A-Fa-f]{8})|(.))", re.DOTALL)
_SIMPLE_ESCAPES = {
    "b": "\b",
    "t": "\t",
    "n": "\n",
    "f": "\f",
    "r": "\r",
    '"': '"',
    "\\": "\\",
    "/": "/",
}


def _unescape(raw: str) -> str:
    def one(m: re.Match[str]) -> str:
        code = m.group(1) or m.group(2)
        if code:
            try:
                return chr(int(code, 16))
            except (ValueError, OverflowError):  # pragma: no cover - the parser refused these
                return m.group(0)
        return _SIMPLE_ESCAPES.get(m.group(3), m.group(0))

    return _ESCAPE_RE.sub(one, raw)


def _tokens(text: str, is_json: bool) -> list[_Token]:
    """(kind, value, line, position) tokens: punctuation, ``nl``, ``str`` and ``word``."""
    out: list[_Token] = []
    i = 0
    n = len(text)
    line = 1
    punct = "[]{},=:" if is_json else "[]{},="
    while i < n:
        c = text[i]
        if c == "\n":
            out.append(("nl", "", line, i))
            line += 1
            i += 1
        elif c in " \t\r":
            i += 1
        elif c == "#" and not is_json:
            end = text.find("\n", i)
            i = n if end < 0 else end
        elif c in punct:
            out.append(("=" if c == ":" else c, c, line, i))
            i += 1
        elif c in "\"'":
            triple = not is_json and text.startswith(c * 3, i)
            j = i + (3 if triple else 1)
            while j < n:
                if text[j] == "\\" and c == '"':
                    j += 2
                    continue
                if triple and text.startswith(c * 3, j):
                    while j + 3 < n and text[j + 3] == c:
                        j += 1
                    break
                if not triple and text[j] in (c, "\n"):
                    break
                j += 1
            start = i + (3 if triple else 1)
            raw = text[start:j]
            value = _unescape(raw) if c == '"' else raw
            out.append(("str", value, line, i))
            line += raw.count("\n")
            i = j + (3 if triple else 1)
        else:
            j = i + 1  # at least one character (a "#" in JSON), so that it always advances
            while j < n and text[j] not in _WORD_STOP and not (is_json and text[j] == ":"):
                j += 1
            out.append(("word", text[i:j], line, i))
            i = j
    return out
