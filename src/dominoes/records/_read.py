"""Reading records: `loads` and `load` raise the first problem, `validate` lists them all.

The text is parsed by the standard library (`tomllib`, `json`), located line by line
(`dominoes.records._locate`), and every key is read and checked here before the hands
are replayed (`dominoes.records._check`); the record is then built from the checked
values without being replayed again.
"""

from __future__ import annotations

import datetime
import json
import re
import tomllib
from collections.abc import Mapping
from typing import IO, Any, Final

from dominoes.deal import Deal
from dominoes.errors import (
    ArgumentTypeError,
    FieldValueError,
    NotationError,
    RecordError,
    RulesetError,
    UnknownPresetError,
    shown,
)
from dominoes.fields import quote, type_name
from dominoes.moves import Move
from dominoes.presets import find_preset
from dominoes.records._check import (
    Problem,
    Sink,
    check_hand,
    check_match,
    check_names,
    text_problem,
)
from dominoes.records._locate import KeyPath, locate
from dominoes.records._model import (
    FORMAT_VERSION,
    HAND_FORMAT,
    MATCH_FORMAT,
    SEED_MAX,
    SEED_MIN,
    HandEntry,
    HandRecord,
    MatchRecord,
    Record,
    check_preset,
    parse_entry,
    unchecked,
)
from dominoes.rules import RULESET_FIELDS, Ruleset
from dominoes.tiles import Tile

MAX_RECORD: Final = 1_000_000
"""The longest record text accepted, in characters (in bytes for ``bytes`` input)."""

_HEAD_KEYS = ("format", "version", "ruleset", "rules", "names", "seed")
"""The keys a hand and a match record both start with, in the order they are listed."""
_HAND_KEYS = (*_HEAD_KEYS, "deal", "moves", "conceded_by", "event")
_MATCH_KEYS = (*_HEAD_KEYS, "conceded_by", "hands", "event")
_ENTRY_KEYS = ("seed", "deal", "moves", "conceded_by")
_DEAL_KEYS = ("hands", "boneyard")


class _Bad:
    """The value of a key that was present but unusable (already reported)."""


_BAD: Final = _Bad()
_MISSING: Final = object()
"""What the reading functions get for an absent key (a JSON null is a wrong value)."""


# --------------------------------------------------------------------------- API
def loads(text: str | bytes) -> Record:
    """Read a record from text: TOML, or JSON when the text starts with ``{``.

    Everything is checked, and every move is replayed; the first problem raises.

    Args:
        text: the record (``bytes`` are read as UTF-8); at most `MAX_RECORD` long.

    Returns:
        A `HandRecord` or `MatchRecord`, by the ``format`` key.

    Raises:
        RecordError: the text is not a valid record; the message names the line and
            what is wrong, and ``line``, ``move_number``, ``hand`` and ``reason`` say
            it for programs.
    """
    sink = Sink(collect=False)
    record = _read(text, sink)
    assert record is not None
    return record


def load(fp: IO[str] | IO[bytes]) -> Record:
    """Read a record from a file opened for reading, text or binary (see `loads`).

    At most `MAX_RECORD` + 1 characters are read, so a huge file is refused without
    being read whole.

    Args:
        fp: a file opened for reading, in text mode (UTF-8) or binary mode.

    Returns:
        A `HandRecord` or `MatchRecord`, by the ``format`` key.

    Raises:
        RecordError: the text is not a valid record.
        ArgumentTypeError: ``fp`` is not a file opened for reading (a `TypeError`).
    """
    read = getattr(fp, "read", None)
    if not callable(read):
        raise ArgumentTypeError(
            f"fp must be a file opened for reading, got {shown(fp)}", argument="fp"
        )
    return loads(read(MAX_RECORD + 1))


def validate(text: str | bytes) -> list[Problem]:
    """Every problem found in a record, without raising; ``[]`` for a valid record.

    Checking goes on after a problem wherever it can: a bad key is reported and
    skipped, unknown keys, wrong types and bad move tokens are all listed, and a move
    by the wrong seat is reported and then replayed for the seat to move. After an
    illegal move replay cannot go on, which is said once. The first problem is the
    one `loads` raises.

    Args:
        text: the record, as for `loads`.

    Returns:
        The problems, in the order they were found.
    """
    sink = Sink(collect=True)
    try:
        _read(text, sink)
    except (RecordError, NotationError) as error:  # pragma: no cover - defensive
        sink.problems.append(
            Problem(line=getattr(error, "line", None), move_number=None, message=str(error))
        )
    return sink.problems


# --------------------------------------------------------------------------- parsing
_TOML_AT = re.compile(r" \(at line (\d+), column (\d+)\)$| \(at end of document\)$")


def _decode(text: str | bytes, sink: Sink) -> dict[str, Any] | None:
    """Parse the text; the data, or ``None`` after reporting why it cannot be."""
    if isinstance(text, bytes | bytearray):
        if len(text) > MAX_RECORD:
            sink.report(f"the record is longer than {MAX_RECORD} bytes")
            return None
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as error:
            sink.report(f"the record is not UTF-8 text (byte {error.start + 1})")
            return None
    elif not isinstance(text, str):
        sink.report(f"a record is text (str or bytes), not {type(text).__name__}")
        return None
    if len(text) > MAX_RECORD:
        sink.report(f"the record is longer than {MAX_RECORD} characters")
        return None
    text = text.removeprefix("\ufeff")
    is_json = text.lstrip().startswith("{")
    try:
        data = (
            json.loads(text, object_pairs_hook=_no_repeats, parse_constant=_no_constant)
            if is_json
            else tomllib.loads(text)
        )
    except json.JSONDecodeError as error:
        sink.lines = {(): error.lineno}
        sink.report(f"not valid JSON: {error.msg} (column {error.colno})", ())
        return None
    except tomllib.TOMLDecodeError as error:
        message = str(error)
        m = _TOML_AT.search(message)
        where = " (at the end of the text)" if m is not None else ""
        if m is not None and m.group(1):
            sink.lines = {(): int(m.group(1))}
            where = f" (column {m.group(2)})"
        body = _TOML_AT.sub("", message)
        sink.report(f"not valid TOML: {body[:1].lower()}{body[1:]}{where}", ())
        return None
    except RecursionError:
        sink.report("the record nests arrays or tables too deeply to read")
        return None
    except MemoryError:  # pragma: no cover - depends on the machine
        sink.report("the record is too large to read")
        return None
    except ValueError as error:  # huge numbers; in JSON repeated keys and NaN
        problem = str(error)
        if "integer string conversion" in problem:
            problem = "a number has more digits than Python reads (4300)"
        sink.report(f"not valid {'JSON' if is_json else 'TOML'}: {problem}")
        return None
    sink.lines = locate(text, is_json)
    assert isinstance(data, dict)
    return data


def _no_repeats(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise RecordError(f"the key {quote(key)} is repeated in an object")
        out[key] = value
    return out


def _no_constant(name: str) -> Any:
    raise RecordError(f"{name} is not a number a record can hold")


# --------------------------------------------------------------------------- reading
def _read(text: str | bytes, sink: Sink) -> Record | None:
    decoded = _decode(text, sink)
    if decoded is None:
        return None
    data = decoded  # a dict: TOML is a table, and JSON starting with "{" an object
    before = len(sink.problems)
    kind = data.get("format")
    if "format" not in data:
        kind = MATCH_FORMAT if "hands" in data and "moves" not in data else HAND_FORMAT
        sink.report(f'the key "format" is missing (format = "{HAND_FORMAT}" or "{MATCH_FORMAT}")')
    elif kind not in (HAND_FORMAT, MATCH_FORMAT):
        shown_kind = quote(kind) if isinstance(kind, str) else type_name(kind)
        sink.report(
            f'format must be "{HAND_FORMAT}" or "{MATCH_FORMAT}", not {shown_kind}', ("format",)
        )
        kind = MATCH_FORMAT if "hands" in data and "moves" not in data else HAND_FORMAT
    is_match = kind == MATCH_FORMAT
    allowed = _MATCH_KEYS if is_match else _HAND_KEYS
    for key in data:
        if key not in allowed:
            hint = ""
            if key == "hands":
                hint = f' (a match record has format = "{MATCH_FORMAT}")'
            elif key in ("moves", "deal"):
                hint = " (in a match record, deals and moves belong in [[hands]] tables)"
            sink.report(
                f"unknown key {quote(key)}{hint}; the keys are {', '.join(allowed)}", (key,)
            )
    if "version" not in data:
        sink.report(f'the key "version" is missing (version = {FORMAT_VERSION})')
    else:
        version = data["version"]
        if type(version) is not int:
            sink.report(f"version must be an integer, not {type_name(version)}", ("version",))
        elif version != FORMAT_VERSION:
            newer = " (written by a newer library)" if version > FORMAT_VERSION else ""
            sink.report(
                f"format version {version} is not supported{newer}; this library reads "
                f"version {FORMAT_VERSION}",
                ("version",),
            )
    preset, rules = _read_rules(data, sink)
    names = _read_names(data.get("names", _MISSING), sink)
    if rules is not None and isinstance(names, tuple):
        check_names(rules, names, sink, ())
    seed = _read_seed(data.get("seed", _MISSING), ("seed",), sink)
    event = _read_event(data.get("event", _MISSING), sink)
    if is_match:
        entries = _read_entries(data.get("hands", _MISSING), sink)
        conceded = _read_conceded(data.get("conceded_by", _MISSING), ("conceded_by",), sink)
        if rules is not None and not isinstance(seed, _Bad) and entries is not None:
            if isinstance(conceded, _Bad):
                conceded = None  # reported; the hands are still checked
            check_match(rules, seed, entries, sink, (), conceded)
    else:
        deal = _read_deal(data.get("deal", _MISSING), ("deal",), sink)
        moves = _read_moves(data.get("moves", _MISSING), ("moves",), sink)
        conceded = _read_conceded(data.get("conceded_by", _MISSING), ("conceded_by",), sink)
        if seed is None and deal is None:
            sink.report("a hand record needs a seed or a deal ([deal])")
        elif rules is not None and not isinstance(seed, _Bad) and not isinstance(deal, _Bad):
            given = None if isinstance(conceded, _Bad) else conceded
            check_hand(rules, seed, deal, moves, sink, (), conceded_by=given)
    if len(sink.problems) > before or rules is None or preset is None:
        return None
    assert isinstance(names, tuple)
    assert isinstance(event, tuple)
    assert not isinstance(seed, _Bad)
    assert not isinstance(conceded, _Bad)
    # everything is checked and replayed: the record is built from these values as they
    # are (the preset built these rules, so it writes them, but that is checked too)
    check_preset(rules, preset)
    shared = {
        "rules": rules,
        "preset": preset,
        "names": names,
        "seed": seed,
        "conceded_by": conceded,
        "event": event,
    }
    if is_match:
        assert entries is not None
        hands = [entry for entry in entries if entry is not None]
        return unchecked(MatchRecord, hands=hands, **shared)
    assert not isinstance(deal, _Bad)
    return unchecked(
        HandRecord, deal=deal, moves=[move for move in moves if move is not None], **shared
    )


def _read_rules(data: Mapping[str, Any], sink: Sink) -> tuple[str | None, Ruleset | None]:
    """The preset's canonical name and the ruleset, or ``None`` for what is unusable."""
    preset: str | None = None
    if "ruleset" not in data:
        sink.report(
            'the key "ruleset" is missing (a preset name: ' + ", ".join(Ruleset.presets()) + ")"
        )
    else:
        name = data["ruleset"]
        if not isinstance(name, str):
            sink.report(f"ruleset must be a preset name, not {type_name(name)}", ("ruleset",))
        else:
            try:
                preset = find_preset(name).name
            except UnknownPresetError:
                sink.report(
                    f"no preset is named {quote(name)}; the presets are "
                    + ", ".join(Ruleset.presets()),
                    ("ruleset",),
                )
    table = data.get("rules", {})
    options: dict[str, Any] = {}
    usable = True
    if not isinstance(table, dict):
        sink.report(f"rules must be a table of ruleset fields, not {type_name(table)}", ("rules",))
        return preset, None
    for key, raw in table.items():
        if key not in RULESET_FIELDS:
            sink.report(
                f"unknown ruleset field {quote(key)} in [rules]; the fields are "
                + ", ".join(RULESET_FIELDS.names),
                ("rules", key),
            )
            usable = False
            continue
        try:
            options[key] = RULESET_FIELDS[key].from_data(raw)
        except FieldValueError as error:
            sink.report(f"rules.{key} {error.problem}", ("rules", key))
            usable = False
    if preset is None or not usable:
        return preset, None
    try:
        rules = find_preset(preset).build(**options)
    except RulesetError as error:
        named = [f for f in error.fields if f in options]
        where: KeyPath = ("rules", named[0]) if named else ("rules",)
        sink.report(f"the rules are inconsistent: {error}", where)
        return preset, None
    return preset, rules


def _read_names(raw: object, sink: Sink) -> tuple[str, ...] | _Bad:
    # a twin of _read_event in shape only: an array of names and a table of strings,
    # each item checked as its own kind of text
    if raw is _MISSING:
        return ()
    if not isinstance(raw, list):
        sink.report(f"names must be an array of strings, not {type_name(raw)}", ("names",))
        return _BAD
    ok = True
    for i, name in enumerate(raw):
        problem = text_problem(name, multiline=False)
        if problem:
            sink.report(f"names[{i}] {problem}", ("names", i))
            ok = False
    return tuple(raw) if ok else _BAD


def _read_integer(raw: object, path: KeyPath, sink: Sink, must: str) -> int | _Bad | None:
    """An optional integer key; ``must`` says what it must be (``"seed must be an
    integer"``), for the report of any other value."""
    if raw is _MISSING:
        return None
    if type(raw) is not int:
        sink.report(f"{must}, not {type_name(raw)}", path)
        return _BAD
    return raw


def _read_seed(raw: object, path: KeyPath, sink: Sink) -> int | _Bad | None:
    seed = _read_integer(raw, path, sink, "seed must be an integer")
    if isinstance(seed, int) and not SEED_MIN <= seed <= SEED_MAX:
        sink.report(f"seed {seed} is outside the 64-bit range of a TOML integer", path)
        return _BAD
    return seed


def _read_conceded(raw: object, path: KeyPath, sink: Sink) -> int | _Bad | None:
    return _read_integer(raw, path, sink, "conceded_by must be an integer (a seat)")


def _read_event(raw: object, sink: Sink) -> tuple[tuple[str, str], ...] | _Bad:
    # a twin of _read_names in shape only (see there)
    if raw is _MISSING:
        return ()
    if not isinstance(raw, dict):
        sink.report(f"event must be a table of strings, not {type_name(raw)}", ("event",))
        return _BAD
    ok = True
    for key, value in raw.items():
        problem = text_problem(key, multiline=False)
        if problem:
            sink.report(f"an event key {problem}", ("event", key))
            ok = False
            continue
        problem = text_problem(value, multiline=True)
        if problem:
            hint = (
                " (write dates in quotes)"
                if isinstance(value, datetime.date | datetime.time)
                else ""
            )
            sink.report(f"event.{key} {problem}{hint}", ("event", key))
            ok = False
    return tuple(raw.items()) if ok else _BAD


def _read_tiles(raw: object, path: KeyPath, sink: Sink, what: str) -> tuple[Tile, ...] | _Bad:
    if not isinstance(raw, list):
        sink.report(f"{what} must be an array of tiles, not {type_name(raw)}", path)
        return _BAD
    tiles = []
    ok = True
    for i, item in enumerate(raw):
        if not isinstance(item, str):
            sink.report(
                f'{what}[{i}] must be a tile such as "6-4", not {type_name(item)}', (*path, i)
            )
            ok = False
            continue
        try:
            tiles.append(Tile.parse(item))
        except NotationError:
            sink.report(
                f'{what}[{i}] is not a tile: {quote(item)} (write tiles as "6-4")', (*path, i)
            )
            ok = False
    return tuple(tiles) if ok else _BAD


def _read_deal(raw: object, path: KeyPath, sink: Sink) -> Deal | _Bad | None:
    if raw is _MISSING:
        return None
    if not isinstance(raw, dict):
        sink.report(f"deal must be a table with hands and boneyard, not {type_name(raw)}", path)
        return _BAD
    ok = True
    for key in raw:
        if key not in _DEAL_KEYS:
            sink.report(
                f"unknown key {quote(key)} in the deal; the keys are hands, boneyard", (*path, key)
            )
            ok = False
    hands: list[tuple[Tile, ...]] = []
    if "hands" not in raw:
        sink.report("the deal has no hands (hands = [[...], [...]], seat 0 first)", path)
        ok = False
    elif not isinstance(raw["hands"], list):
        sink.report(
            f"deal.hands must be an array of arrays of tiles, not {type_name(raw['hands'])}",
            (*path, "hands"),
        )
        ok = False
    else:
        for seat, hand in enumerate(raw["hands"]):
            tiles = _read_tiles(hand, (*path, "hands", seat), sink, f"deal.hands[{seat}]")
            if isinstance(tiles, _Bad):
                ok = False
            else:
                hands.append(tiles)
    boneyard = _read_tiles(raw.get("boneyard", []), (*path, "boneyard"), sink, "deal.boneyard")
    if not ok or isinstance(boneyard, _Bad):
        return _BAD
    return Deal(hands=hands, boneyard=boneyard)


def _read_moves(raw: object, path: KeyPath, sink: Sink) -> list[tuple[int, Move] | None]:
    if raw is _MISSING:
        return []
    if not isinstance(raw, list):
        sink.report(f"moves must be an array of strings, not {type_name(raw)}", path)
        return [None]
    moves: list[tuple[int, Move] | None] = []
    for i, item in enumerate(raw):
        if not isinstance(item, str):
            sink.report(
                f'move {i + 1} must be a string such as "0 6-6", not {type_name(item)}',
                (*path, i),
                move_number=i + 1,
            )
            moves.append(None)
            continue
        try:
            moves.append(parse_entry(item))
        except NotationError as error:
            sink.report(f"move {i + 1}: {error}", (*path, i), move_number=i + 1)
            moves.append(None)
    return moves


def _read_entries(raw: object, sink: Sink) -> list[HandEntry | None] | None:
    if raw is _MISSING:
        return []
    if not isinstance(raw, list):
        sink.report(
            f"hands must be an array of tables ([[hands]]), not {type_name(raw)}", ("hands",)
        )
        return None
    entries: list[HandEntry | None] = []
    for i, table in enumerate(raw):
        path: KeyPath = ("hands", i)
        if not isinstance(table, dict):
            sink.report(f"hands[{i}] must be a table, not {type_name(table)}", path, hand=i + 1)
            entries.append(None)
            continue
        ok = True
        for key in table:
            if key not in _ENTRY_KEYS:
                sink.report(
                    f"unknown key {quote(key)}; the keys of a hand are " + ", ".join(_ENTRY_KEYS),
                    (*path, key),
                    hand=i + 1,
                )
                ok = False
        seed = _read_seed(table.get("seed", _MISSING), (*path, "seed"), sink)
        deal = _read_deal(table.get("deal", _MISSING), (*path, "deal"), sink)
        moves = _read_moves(table.get("moves", _MISSING), (*path, "moves"), sink)
        conceded = _read_conceded(table.get("conceded_by", _MISSING), (*path, "conceded_by"), sink)
        bad = isinstance(seed, _Bad) or isinstance(deal, _Bad) or isinstance(conceded, _Bad)
        if not ok or bad or None in moves:
            entries.append(None)
            continue
        assert not isinstance(conceded, _Bad)
        entries.append(
            HandEntry(
                seed=seed,
                deal=deal,
                moves=[m for m in moves if m is not None],
                conceded_by=conceded,
            )
        )
    return entries
