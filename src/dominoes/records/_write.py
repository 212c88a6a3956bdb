"""Writing records: the plain data both forms share, as TOML (written here) or JSON.

The JSON form is the same data written by `json.dumps` (``indent=2``, non-ASCII text
kept as it is).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import IO, Any, Literal

from dominoes.deal import Deal
from dominoes.errors import ArgumentTypeError, ArgumentValueError, shown
from dominoes.notation import format_move
from dominoes.records._model import (
    FORMAT_VERSION,
    HAND_FORMAT,
    MATCH_FORMAT,
    HandRecord,
    MatchRecord,
    Pairs,
    Record,
    preset_overrides,
)
from dominoes.rules import RULESET_FIELDS


def _data(record: Record) -> dict[str, Any]:
    """The record as plain data: the structure both the TOML and the JSON forms share."""
    if not isinstance(record, HandRecord | MatchRecord):
        raise ArgumentTypeError(
            f"record must be a HandRecord or MatchRecord, got {shown(record)}",
            argument="record",
        )
    options = preset_overrides(record.rules, record.preset)
    assert options is not None
    data: dict[str, Any] = {
        "format": HAND_FORMAT if isinstance(record, HandRecord) else MATCH_FORMAT,
        "version": FORMAT_VERSION,
        "ruleset": record.preset,
    }
    if options:
        data["rules"] = {
            name: RULESET_FIELDS[name].to_toml(value) for name, value in options.items()
        }
    if record.names:
        data["names"] = list(record.names)
    if record.seed is not None:
        data["seed"] = record.seed
    if isinstance(record, MatchRecord) and record.conceded_by is not None:
        data["conceded_by"] = record.conceded_by
    if isinstance(record, HandRecord):
        data.update(_hand_data(record.deal, record.moves, record.conceded_by))
    if record.event:
        data["event"] = dict(record.event)
    if isinstance(record, MatchRecord):
        data["hands"] = [
            {
                **({"seed": entry.seed} if entry.seed is not None else {}),
                **_hand_data(entry.deal, entry.moves, entry.conceded_by),
            }
            for entry in record.hands
        ]
    return data


def _hand_data(deal: Deal | None, moves: Pairs, conceded_by: int | None) -> dict[str, Any]:
    data: dict[str, Any] = {}
    if deal is not None:
        data["deal"] = {"hands": [[str(t) for t in hand] for hand in deal.hands]}
        if deal.boneyard:
            data["deal"]["boneyard"] = [str(t) for t in deal.boneyard]
    data["moves"] = [f"{seat} {format_move(move)}" for seat, move in moves]
    if conceded_by is not None:
        data["conceded_by"] = conceded_by
    return data


# --------------------------------------------------------------------------- TOML
_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
_TOML_ESCAPES = {"\\": "\\\\", '"': '\\"', "\b": "\\b", "\t": "\\t", "\n": "\\n"}
_TOML_ESCAPES.update({"\f": "\\f", "\r": "\\r"})


def toml_string(text: str) -> str:
    """``text`` as a TOML basic string: quoted, with escapes for the quote, the backslash
    and every control character.

    >>> print(toml_string('say "hi"\\t\\x7f'))
    "say \\"hi\\"\\t\\u007F"
    """
    out = []
    for char in text:
        escape = _TOML_ESCAPES.get(char)
        if escape is not None:
            out.append(escape)
        elif ord(char) < 0x20 or ord(char) == 0x7F:
            out.append(f"\\u{ord(char):04X}")
        else:
            out.append(char)
    return '"' + "".join(out) + '"'


def _toml_key(key: str) -> str:
    return key if _BARE_KEY.fullmatch(key) else toml_string(key)


def _toml_value(key: str, value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return toml_string(value)
    assert isinstance(value, list)
    if value and isinstance(value[0], list):
        inner = [_toml_value(key, item) for item in value]
        return "[\n" + "".join(f"  {item},\n" for item in inner) + "]"
    items = [_toml_value(key, item) for item in value]
    if key == "moves" and items:
        return "[\n" + "".join(f"  {item},\n" for item in items) + "]"
    return "[" + ", ".join(items) + "]"


def _toml_table(out: list[str], table: Mapping[str, Any], path: tuple[str, ...]) -> None:
    tables = []
    arrays = []
    for key, value in table.items():
        if isinstance(value, dict):
            tables.append((key, value))
        elif isinstance(value, list) and value and isinstance(value[0], dict):
            arrays.append((key, value))
        else:
            out.append(f"{_toml_key(key)} = {_toml_value(key, value)}")
    for key, value in tables:
        header = ".".join(_toml_key(k) for k in (*path, key))
        out.extend(("", f"[{header}]"))
        _toml_table(out, value, (*path, key))
    for key, items in arrays:
        header = ".".join(_toml_key(k) for k in (*path, key))
        for item in items:
            out.extend(("", f"[[{header}]]"))
            _toml_table(out, item, (*path, key))


# --------------------------------------------------------------------------- API
def dumps(record: Record, *, format: Literal["toml", "json"] = "toml") -> str:
    """Write a record as text.

    The rules are written as the record's preset plus only the fields that differ
    from it; ``loads(dumps(record, format=f)) == record`` for both formats.

    Args:
        record: a `HandRecord` or `MatchRecord`.
        format: ``"toml"`` (the default) or ``"json"`` (the same structure as a JSON
            object, written by `json.dumps` with an indent of 2).

    Returns:
        The text, ending with a newline.

    Raises:
        ArgumentValueError: ``format`` is neither ``"toml"`` nor ``"json"`` (a `ValueError`).
        ArgumentTypeError: ``record`` is not a record (a `TypeError`).
    """
    if format not in ("toml", "json"):
        raise ArgumentValueError(
            f"format must be 'toml' or 'json', got {shown(format)}", argument="format"
        )
    data = _data(record)
    if format == "json":
        return json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    out: list[str] = []
    _toml_table(out, data, ())
    return "\n".join(out) + "\n"


def dump(record: Record, fp: IO[str], *, format: Literal["toml", "json"] = "toml") -> None:
    """Write a record to a text file (see `dumps`).

    Args:
        record: a `HandRecord` or `MatchRecord`.
        fp: a file opened for writing text.
        format: ``"toml"`` or ``"json"``.

    Raises:
        ArgumentValueError: ``format`` is neither ``"toml"`` nor ``"json"`` (a `ValueError`).
        ArgumentTypeError: ``record`` is not a record (a `TypeError`).
    """
    fp.write(dumps(record, format=format))
