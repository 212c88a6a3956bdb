"""Hand and match records: a whole hand (or match) as text, replayable through the engine.

A record names a ruleset (a preset and the fields that differ from it), the deal (a
seed, the tiles, or both) and every move in order, as ``"SEAT TOKEN"`` strings. It is
written in TOML (read with the standard library's `tomllib`) or, with the same
structure, in JSON. The full specification is docs/notation.md.

The API mirrors `json`: `load`, `loads`, `dump` and `dumps`. Reading checks
everything, replaying every move; the first problem raises `RecordError`, which names
the line. `validate` reports every problem it can find instead, without raising.

>>> from dominoes import Ruleset
>>> record = HandRecord(rules=Ruleset.block(), seed=3, moves=["1 6-6", "0 4-6:R"])
>>> print(dumps(record))
format = "dominoes-hand"
version = 1
ruleset = "block"
seed = 3
moves = [
  "1 6-6",
  "0 4-6:R",
]
<BLANKLINE>
>>> loads(dumps(record)) == record
True
>>> record.final.layout.ends
(6, 4)
"""

from __future__ import annotations

import contextvars
import datetime
import json
import re
import tomllib
import unicodedata
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import IO, Any, Final, Literal, TypeAlias

import attrs

from dominoes.deal import Deal
from dominoes.errors import (
    ArgumentTypeError,
    ArgumentValueError,
    DealError,
    FieldValueError,
    IllegalMoveError,
    IllegalMoveReason,
    NotationError,
    RecordError,
    RulesetError,
    UnknownPresetError,
)
from dominoes.errors import shown as _shown_value
from dominoes.fields import quote as _quote
from dominoes.fields import type_name as _type_name
from dominoes.match import Match
from dominoes.moves import Draw, Move, Pass, Play
from dominoes.notation import format_move, parse_move
from dominoes.presets import PRESETS, find_preset
from dominoes.rules import RULESET_FIELDS, DrawRule, Ruleset
from dominoes.state import HandState, Step
from dominoes.tiles import Tile

__all__ = [
    "FORMAT_VERSION",
    "MAX_RECORD",
    "HandEntry",
    "HandRecord",
    "MatchRecord",
    "Problem",
    "Record",
    "dump",
    "dumps",
    "load",
    "loads",
    "validate",
]

FORMAT_VERSION: Final = 1
"""The version of the record format this library reads and writes (the ``version`` key)."""

MAX_RECORD: Final = 1_000_000
"""The longest record text accepted, in characters (in bytes for ``bytes`` input)."""

_HAND_FORMAT: Final = "dominoes-hand"
_MATCH_FORMAT: Final = "dominoes-match"

_SEED_MIN: Final = -(2**63)
_SEED_MAX: Final = 2**63 - 1

_HAND_KEYS = (
    "format",
    "version",
    "ruleset",
    "rules",
    "names",
    "seed",
    "deal",
    "moves",
    "conceded_by",
    "event",
)
_MATCH_KEYS = (
    "format",
    "version",
    "ruleset",
    "rules",
    "names",
    "seed",
    "conceded_by",
    "hands",
    "event",
)
_ENTRY_KEYS = ("seed", "deal", "moves", "conceded_by")
_DEAL_KEYS = ("hands", "boneyard")

_MOVE_RE = re.compile(r"(0|[1-9][0-9]?) (.+)")

_Path: TypeAlias = tuple[str | int, ...]
_Pairs: TypeAlias = tuple[tuple[int, Move], ...]


# --------------------------------------------------------------------------- problems
@attrs.frozen(kw_only=True)
class Problem:
    """One problem `validate` found in a record.

    ``str(problem)`` is ``"line 12: message"`` (just the message when ``line`` is ``None``).
    """

    line: int | None
    """The 1-based line of the record text, or ``None`` when no single line is at fault."""
    move_number: int | None
    """The 1-based index into the hand's ``moves`` of the move at fault, or ``None``."""
    message: str
    """What is wrong, in a sentence without the line number."""
    hand: int | None = None
    """In a match record, the 1-based number of the hand at fault, else ``None``."""
    reason: IllegalMoveReason | None = None
    """The `IllegalMoveReason` when a move is illegal, else ``None``."""

    def __str__(self) -> str:
        return self.message if self.line is None else f"line {self.line}: {self.message}"


class _Sink:
    """Where checks report problems: raise the first (loads) or collect them all (validate)."""

    def __init__(self, collect: bool, lines: Mapping[_Path, int] | None = None) -> None:
        self.collect = collect
        self.lines: Mapping[_Path, int] = lines or {}
        self.problems: list[Problem] = []

    def line(self, path: _Path | None) -> int | None:
        """The line of ``path``, or of its nearest ancestor the text locates."""
        if path is None:
            return None
        while True:
            line = self.lines.get(path)
            if line is not None or not path:
                return line
            path = path[:-1]

    def report(
        self,
        message: str,
        path: _Path | None = None,
        *,
        move_number: int | None = None,
        hand: int | None = None,
        reason: IllegalMoveReason | None = None,
    ) -> None:
        line = self.line(path)
        if hand is None and path and len(path) > 1 and path[0] == "hands":
            hand = int(path[1]) + 1  # a key of a match's [[hands]] table
        if hand is not None and not message.startswith((f"hand {hand}", "hands ")):
            message = f"hand {hand}: {message}"
        if not self.collect:
            raise RecordError(message, line=line, move_number=move_number, hand=hand, reason=reason)
        self.problems.append(
            Problem(line=line, move_number=move_number, message=message, hand=hand, reason=reason)
        )


class _Bad:
    """The value of a key that was present but unusable (already reported)."""


_BAD: Final = _Bad()
_MISSING: Final = object()
"""What the reading functions get for an absent key (a JSON null is a wrong value)."""


# --------------------------------------------------------------------------- rules
def _overrides(rules: Ruleset, preset: str) -> dict[str, Any] | None:
    """The fields to write under ``[rules]`` for ``rules`` against ``preset``: a plain
    difference of fields (`Preset.overrides`), or ``None`` if the preset cannot build it."""
    return find_preset(preset).overrides(rules)


def _best_preset(rules: Ruleset) -> str:
    """The first preset, in `Ruleset.presets` order, that needs the fewest overrides."""
    best: tuple[int, str] | None = None
    for preset in PRESETS.values():
        options = preset.overrides(rules)
        if options is not None and (best is None or len(options) < best[0]):
            best = (len(options), preset.name)
    assert best is not None, "the draw preset expresses every ruleset"
    return best[1]


def _canonical_preset(name: object) -> str:
    if not isinstance(name, str):
        raise ArgumentTypeError(
            f"preset must be a preset name, got {_shown_value(name)}", argument="preset"
        )
    try:
        return find_preset(name).name
    except UnknownPresetError as error:
        raise RecordError(f"preset: {error}") from None


def _check_rules(_inst: object, _attribute: object, value: Any) -> None:
    if not isinstance(value, Ruleset):
        raise ArgumentTypeError(
            f"rules must be a Ruleset, got {_shown_value(value)}", argument="rules"
        )


def _default_preset(self: HandRecord | MatchRecord) -> str:
    _check_rules(self, None, self.rules)
    return _best_preset(self.rules)


def _check_preset(rules: Ruleset, preset: str) -> None:
    if _overrides(rules, preset) is None:
        raise RecordError(
            f"the ruleset cannot be written as preset {_quote(preset)} with overrides "
            "(leave preset out to have the best preset chosen)"
        )


# --------------------------------------------------------------------------- converters
def _moves(value: Iterable[Any]) -> _Pairs:
    """Moves given as ``(seat, move)`` pairs, `Step` values or ``"SEAT TOKEN"`` strings."""
    if isinstance(value, str | bytes) or not isinstance(value, Iterable):
        raise ArgumentTypeError(
            f"moves must be a sequence of (seat, move) pairs, got {_shown_value(value)}",
            argument="moves",
        )
    out = []
    for i, item in enumerate(value):
        where = f"moves[{i}]"
        try:
            if isinstance(item, str):
                out.append(_parse_entry(item))
                continue
            if isinstance(item, Step):
                seat, move = item.seat, item.move
            elif isinstance(item, tuple) and len(item) == 2:
                seat, move = item
            else:
                raise ArgumentTypeError(
                    f"{where} must be a (seat, move) pair, a Step or a string, "
                    f"got {_shown_value(item)}",
                    argument="moves",
                )
            if isinstance(move, str):
                move = parse_move(move)
        except NotationError as error:
            raise NotationError(f"{where}: {error}", text=error.text, what=error.what) from None
        if type(seat) is not int or seat < 0:
            raise ArgumentTypeError(
                f"{where}: a seat is an int from 0, got {_shown_value(seat)}", argument="moves"
            )
        if not isinstance(move, Play | Draw | Pass):
            raise ArgumentTypeError(
                f"{where}: not a move (a Play, Draw or Pass): {_shown_value(move)}",
                argument="moves",
            )
        out.append((seat, move))
    return tuple(out)


def _parse_entry(text: str) -> tuple[int, Move]:
    """Parse ``"SEAT TOKEN"``, e.g. ``"0 6-6"`` or ``"1 draw 2-3"``."""
    m = _MOVE_RE.fullmatch(text)
    if m is None:
        raise NotationError(
            f"not a move entry: {_quote(text)} (expected a seat, one space and a move "
            "token, e.g. '0 6-6', '1 5-6:R', '0 draw', '1 pass')",
            text=text,
            what="move entry",
        )
    return int(m.group(1)), parse_move(m.group(2))


def _names(value: Iterable[Any]) -> tuple[str, ...]:
    if isinstance(value, str | bytes) or not isinstance(value, Iterable):
        raise ArgumentTypeError(
            f"names must be a sequence of strings, got {_shown_value(value)}", argument="names"
        )
    names = tuple(value)
    for i, name in enumerate(names):
        problem = _text_problem(name, multiline=False)
        if problem:
            raise RecordError(f"names[{i}], a player name, {problem}")
    return names


def _event(value: Mapping[str, str] | Iterable[tuple[str, str]]) -> tuple[tuple[str, str], ...]:
    if isinstance(value, Mapping):
        pairs = tuple(value.items())
    elif isinstance(value, str | bytes) or not isinstance(value, Iterable):
        raise ArgumentTypeError(
            f"event must be a mapping of strings, got {_shown_value(value)}", argument="event"
        )
    else:
        pairs = tuple(value)
    seen = set()
    for pair in pairs:
        if not (isinstance(pair, tuple) and len(pair) == 2):
            raise ArgumentTypeError(
                f"event entries are (key, value) pairs, got {_shown_value(pair)}",
                argument="event",
            )
        key, text = pair
        problem = _text_problem(key, multiline=False)
        if problem:
            raise RecordError(f"an event key {problem}")
        problem = _text_problem(text, multiline=True)
        if problem:
            raise RecordError(f"event value {_quote(key)} {problem}")
        if key in seen:
            raise RecordError(f"event key {_quote(key)} is repeated")
        seen.add(key)
    return pairs


def _text_problem(text: object, *, multiline: bool) -> str | None:
    """What is wrong with a name, key or event value, or ``None``."""
    if not isinstance(text, str):
        return f"must be a string, not {_type_name(text)}"
    if not text:
        return "must not be empty" if not multiline else None
    for char in text:
        if unicodedata.category(char) == "Cc" and not (multiline and char in "\n\t"):
            return f"must not hold control characters ({char!r})"
    return None


def _seed(value: object) -> int | None:
    if value is None:
        return None
    if type(value) is not int:
        raise ArgumentTypeError(
            f"seed must be an int or None, got {_shown_value(value)}", argument="seed"
        )
    if not _SEED_MIN <= value <= _SEED_MAX:
        raise RecordError(f"seed {value} is outside the 64-bit range of a TOML integer")
    return value


def _deal(value: object) -> Deal | None:
    if value is None or isinstance(value, Deal):
        return value
    raise ArgumentTypeError(
        f"deal must be a Deal or None, got {_shown_value(value)}", argument="deal"
    )


def _conceded(value: object) -> int | None:
    """A ``conceded_by`` seat (checked against the table when the record is replayed)."""
    if value is None or type(value) is int:
        return value
    raise ArgumentTypeError(
        f"conceded_by must be a seat (an int) or None, got {_shown_value(value)}",
        argument="conceded_by",
    )


# --------------------------------------------------------------------------- records
_REPLAYED: contextvars.ContextVar[bool] = contextvars.ContextVar("_REPLAYED", default=False)
"""Set while `loads` builds a record whose moves it has just checked by replaying them."""


class _Overrides:
    """What hand and match records share: the ruleset fields that differ from the preset."""

    __slots__ = ()
    rules: Ruleset
    preset: str

    @property
    def overrides(self) -> dict[str, Any]:
        """The `Ruleset` fields written under ``[rules]``: those that differ from the
        preset, by name, with their values as in `rules`."""
        options = _overrides(self.rules, self.preset)
        assert options is not None
        return options


@attrs.frozen(kw_only=True)
class HandRecord(_Overrides):
    """A recorded hand: the rules, the deal (a seed, the tiles, or both) and the moves.

    A record is checked when it is built: the deal must fit the rules (and agree with the
    seed when both are given) and every move must be legal in turn, though the hand need
    not be over (a hand being recorded as it is played is a valid record). Build one
    from a hand played in code with `from_state`, or read one with `loads`.

    ``moves`` may be given as ``(seat, move)`` pairs, `Step` values, or ``"SEAT TOKEN"``
    strings such as ``"0 6-6"``, ``"1 5-6:R"``, ``"0 draw"``, ``"0 draw 2-3"`` or
    ``"1 pass"``; a draw without a tile takes the next tile of the boneyard. A hand that
    a seat conceded (rule CONCEDE-1) names that seat in ``conceded_by``: the concession
    comes after the last move, and the moves must leave the hand unfinished.

    Raises:
        RecordError: the record is inconsistent: an unknown preset, a preset that
            cannot express the rules, neither seed nor deal, a deal that does not fit
            the rules or disagrees with the seed, names that do not match the seats,
            an illegal move (its ``move_number`` and ``reason`` say which and why), or a
            ``conceded_by`` that is not a seat or concedes a hand already over.
        NotationError: a move string is malformed.
        ArgumentTypeError: a field has the wrong type (a `TypeError`).
    """

    rules: Ruleset = attrs.field(validator=_check_rules)
    """The rules of the hand."""
    preset: str = attrs.field(
        default=attrs.Factory(_default_preset, takes_self=True), converter=_canonical_preset
    )
    """The preset the rules are written from (its canonical name). By default the first
    preset, in `Ruleset.presets` order, that needs the fewest overrides."""
    names: tuple[str, ...] = attrs.field(default=(), converter=_names)
    """The players' names, seat 0 first, or ``()``."""
    seed: int | None = attrs.field(default=None, converter=_seed)
    """The seed of the deal, ``Deal.random(rules, seed=seed)``, or ``None``."""
    deal: Deal | None = attrs.field(default=None, converter=_deal)
    """The deal, or ``None`` when the seed gives it."""
    moves: _Pairs = attrs.field(default=(), converter=_moves)
    """Every move, in order, as ``(seat, move)`` pairs."""
    conceded_by: int | None = attrs.field(default=None, converter=_conceded)
    """The seat that conceded the hand after the last move (rule CONCEDE-1), or ``None``."""
    event: tuple[tuple[str, str], ...] = attrs.field(default=(), converter=_event)
    """Metadata (``name``, ``site``, ``date``, ``round``, ``note``...) as ``(key, value)``
    pairs, in order; ``dict(record.event)`` reads them as a mapping."""

    def __attrs_post_init__(self) -> None:
        sink = _Sink(collect=False)
        _check_preset(self.rules, self.preset)
        _check_names(self.rules, self.names, sink, ())
        if not _REPLAYED.get():  # the reader has just replayed these very values
            _check_hand(
                self.rules, self.seed, self.deal, self.moves, sink, (), conceded_by=self.conceded_by
            )

    @property
    def dealt(self) -> Deal:
        """The deal the hand is played from: `deal`, or the deal of `seed`."""
        return _dealt(self.rules, self.seed, self.deal)

    @property
    def start(self) -> HandState:
        """The state before the first move."""
        return HandState.start(self.rules, self.dealt)

    def replay(self) -> Iterator[HandState]:
        """Every state of the hand: the start, then the state after each move in turn,
        and last, when the hand was conceded, the conceded hand.

        Yields:
            `HandState` values, ``len(moves) + 1`` of them, one more for a conceded hand
            (each state's ``history`` holds the moves so far; a concession is not a move,
            so the conceded hand's history is the one before it).
        """
        state = self.start
        yield state
        for seat, move in self.moves:
            state = state.apply(move, seat=seat)
            yield state
        if self.conceded_by is not None:
            yield state.concede(self.conceded_by)

    @property
    def final(self) -> HandState:
        """The state after the last move (the start when there is no move), conceded
        when `conceded_by` names a seat."""
        state = self.start
        for seat, move in self.moves:
            state = state.apply(move, seat=seat)
        if self.conceded_by is not None:
            state = state.concede(self.conceded_by)
        return state

    @classmethod
    def from_state(
        cls,
        state: HandState,
        *,
        deal: Deal | None = None,
        seed: int | None = None,
        names: Sequence[str] = (),
        event: Mapping[str, str] | Iterable[tuple[str, str]] = (),
        preset: str | None = None,
    ) -> HandRecord:
        """Record a hand played in code: the state's history gives the moves.

        Args:
            state: the hand as far as it was played (its history must start at the deal).
            deal: the deal to write; by default the one the history started from, unless
                ``seed`` is given.
            seed: the seed the hand was dealt from, ``Deal.random(rules, seed=seed)``;
                with ``seed`` alone the record holds no tiles.
            names: the players' names, seat 0 first.
            event: metadata, such as ``{"name": "Club night", "date": "2024-05-01"}``.
            preset: the preset to write the rules from; by default the best one.

        Returns:
            A record whose `final` state equals ``state`` (a conceded hand is recorded
            with its `conceded_by`).

        Raises:
            RecordError: ``deal`` or ``seed`` is not the deal the hand started from, or
                the history does not start at a deal (a state made by
                `HandState.from_position` has no history).
            ArgumentTypeError: ``state`` is not a `HandState` (a `TypeError`).
        """
        if not isinstance(state, HandState):
            raise ArgumentTypeError(
                f"state must be a HandState, got {_shown_value(state)}", argument="state"
            )
        rules = state.rules
        start = _initial_deal(state)
        if deal is not None and not _same_deal(deal, start):
            raise RecordError("the deal given is not the deal this hand started from")
        if seed is not None and not _same_deal(_dealt(rules, _seed(seed), None), start):
            raise RecordError(f"the deal of seed {seed} is not the deal this hand started from")
        if deal is None and seed is None:
            deal = start
        record = cls(
            rules=rules,
            preset=preset if preset is not None else _best_preset(rules),
            names=names,
            seed=seed,
            deal=deal,
            moves=state.history,
            conceded_by=_conceding_seat(state),
            event=event,
        )
        if record.final != state:  # pragma: no cover - the history and the deal give the state
            raise RecordError("the state's history does not lead from its deal to the state")
        return record


@attrs.frozen(kw_only=True)
class HandEntry:
    """One hand of a `MatchRecord`: how it was dealt, and its moves.

    With neither ``deal`` nor ``seed`` the hand is dealt from the match's seed, as
    `Match` deals it.
    """

    seed: int | None = attrs.field(default=None, converter=_seed)
    """The seed of the hand's deal, ``Deal.random(hand_rules, seed=seed)``, or ``None``."""
    deal: Deal | None = attrs.field(default=None, converter=_deal)
    """The hand's deal, or ``None``."""
    moves: _Pairs = attrs.field(default=(), converter=_moves)
    """The hand's moves, in order, as ``(seat, move)`` pairs (strings are accepted, as
    for `HandRecord`)."""
    conceded_by: int | None = attrs.field(default=None, converter=_conceded)
    """The seat that conceded the hand after its last move (rule CONCEDE-1), or ``None``."""


def _entries(value: Iterable[Any]) -> tuple[HandEntry, ...]:
    if isinstance(value, str | bytes) or not isinstance(value, Iterable):
        raise ArgumentTypeError(
            f"hands must be a sequence of HandEntry, got {_shown_value(value)}", argument="hands"
        )
    entries = tuple(value)
    for entry in entries:
        if not isinstance(entry, HandEntry):
            raise ArgumentTypeError(
                f"hands must hold HandEntry values, got {_shown_value(entry)}", argument="hands"
            )
    return entries


@attrs.frozen(kw_only=True)
class MatchRecord(_Overrides):
    """A recorded match: the rules, the match seed and every hand played so far.

    Replaying goes through `Match`: ``Match.start(rules, seed=..., deal=...)`` for the
    first hand and ``next_hand(deal=...)`` for the others, so later hands are led as
    the rules say; a hand's `HandEntry.conceded_by` is ``Match.concede(seat)`` after its
    last move. Every hand but the last must be over, and no hand may follow the end of
    the match; the last hand may be unfinished. A match a seat conceded (rule
    CONCEDE-2) names it in `conceded_by`: ``Match.concede(seat, match=True)`` after the
    last hand's moves (and its own concession, if it has one), which concedes that hand
    too if it is not over.

    Raises:
        RecordError: the record is inconsistent (as for `HandRecord`; also no hands, a
            hand that starts before the previous one is over or after the match is
            over, a hand with no deal or seed when the match has no seed, or a match
            conceded by a seat not at the table or after its end).
        NotationError: a move string is malformed.
        ArgumentTypeError: a field has the wrong type (a `TypeError`).
    """

    rules: Ruleset = attrs.field(validator=_check_rules)
    """The rules of the match (the first hand is opened by ``rules.opening``)."""
    preset: str = attrs.field(
        default=attrs.Factory(_default_preset, takes_self=True), converter=_canonical_preset
    )
    """The preset the rules are written from (see `HandRecord.preset`)."""
    names: tuple[str, ...] = attrs.field(default=(), converter=_names)
    """The players' names, seat 0 first, or ``()``."""
    seed: int | None = attrs.field(default=None, converter=_seed)
    """The match seed (`Match.seed`): hands with no deal or seed of their own are dealt
    from it. ``None`` when every hand has its own; the replayed match then has seed 0."""
    hands: tuple[HandEntry, ...] = attrs.field(default=(), converter=_entries)
    """Every hand, in order (at least one)."""
    conceded_by: int | None = attrs.field(default=None, converter=_conceded)
    """The seat that conceded the whole match (rule CONCEDE-2), or ``None``: during the
    last hand if that hand is unfinished after its moves, else after it."""
    event: tuple[tuple[str, str], ...] = attrs.field(default=(), converter=_event)
    """Metadata, as for `HandRecord.event`."""

    def __attrs_post_init__(self) -> None:
        sink = _Sink(collect=False)
        _check_preset(self.rules, self.preset)
        _check_names(self.rules, self.names, sink, ())
        if not _REPLAYED.get():  # the reader has just replayed these very values
            _check_match(self.rules, self.seed, self.hands, sink, (), self.conceded_by)

    def replay(self) -> Iterator[Match]:
        """Every state of the match, in order.

        Yields:
            The match at the start, after each move and each concession, and as each
            later hand is dealt (before its first move).
        """
        yield from _replay_match(self.rules, self.seed, self.hands, self.conceded_by)

    @property
    def final(self) -> Match:
        """The match after the last move of the last hand."""
        match: Match | None = None
        for match in self.replay():  # noqa: B007 - the last one is wanted
            pass
        assert match is not None
        return match

    @classmethod
    def from_match(
        cls,
        match: Match,
        *,
        earlier: Sequence[HandState] | None = None,
        names: Sequence[str] = (),
        event: Mapping[str, str] | Iterable[tuple[str, str]] = (),
        preset: str | None = None,
    ) -> MatchRecord:
        """Record a match played in code: its finished hands (`Match.hands`) and the
        current one (`Match.state`) give the deals and the moves.

        A hand dealt from the match seed is written without its tiles; any other deal is
        written in full. A conceded hand is written with its `HandEntry.conceded_by`, and
        a conceded match with `conceded_by`; when the seat that conceded the match also
        conceded the last hand, the match concession alone is written (it concedes that
        hand). The record's `final` match is the match again, so saving and resuming a
        match is one call each way: ``dumps(MatchRecord.from_match(match))``, then
        ``loads(text).final``.

        Args:
            match: the match as far as it was played.
            earlier: the final state of every hand before the current one, in order, to
                use instead of ``match.hands`` (a match whose hands were replaced in code).
            names: the players' names, seat 0 first.
            event: metadata, as for `HandRecord.from_state`.
            preset: the preset to write the rules from; by default the best one.

        Returns:
            A record whose `final` match equals ``match`` (with ``earlier``, its `hands`
            are the hands replayed from ``earlier``).

        Raises:
            RecordError: the match (or ``earlier``) does not hold one finished hand per
                hand played before the current one, or the hands do not lead to ``match``.
            ArgumentTypeError: ``match`` is not a `Match`, or ``earlier`` holds something
                that is not a `HandState`.
        """
        if not isinstance(match, Match):
            raise ArgumentTypeError(
                f"match must be a Match, got {_shown_value(match)}", argument="match"
            )
        given = earlier is not None
        hands = tuple(earlier) if earlier is not None else match.hands
        states = (*hands, match.state)
        if len(states) != match.hand_number + 1:
            what = "earlier must hold" if given else "the match must keep"
            raise RecordError(
                f"the match is at hand {match.hand_number + 1}, so {what} "
                f"{match.hand_number} finished hands, not {len(hands)}"
            )
        entries = []
        current: Match | None = None
        for number, state in enumerate(states, 1):
            if not isinstance(state, HandState):
                raise ArgumentTypeError(
                    f"{'earlier' if given else 'match.hands'} must hold HandState values, "
                    f"got {_shown_value(state)}",
                    argument="earlier" if given else "match",
                )
            if current is not None and (not current.state.is_over or current.is_over):
                raise RecordError(f"hand {number} cannot follow hand {number - 1} in this match")
            seeded = (
                Match.start(match.rules, seed=match.seed)
                if current is None
                else current.next_hand()
            )
            deal = _initial_deal(state)
            try:
                own = None if seeded.state == HandState.start(seeded.state.rules, deal) else deal
                if own is None:
                    current = seeded
                elif current is None:
                    current = Match.start(match.rules, seed=match.seed, deal=own)
                else:
                    current = current.next_hand(deal=own)
                for step in state.history:
                    current = current.apply(step.move, seat=step.seat)
                conceded = _conceding_seat(state)
                if number == len(states) and conceded == match.conceded_by:
                    conceded = None  # the match was conceded during this hand
                if conceded is not None:
                    current = current.concede(conceded)
            except (DealError, IllegalMoveError) as error:
                raise RecordError(f"hand {number} does not belong to this match: {error}") from None
            entries.append(HandEntry(deal=own, moves=state.history, conceded_by=conceded))
        if current is not None and match.conceded_by is not None:
            current = current.concede(match.conceded_by, match=True)
        record = cls(
            rules=match.rules,
            preset=preset if preset is not None else _best_preset(match.rules),
            names=names,
            seed=match.seed,
            hands=entries,
            conceded_by=match.conceded_by,
            event=event,
        )
        # the record replays exactly as ``current`` was built; hands given as ``earlier``
        # stand for the match's own (a match whose hands were replaced in code)
        if current is None or attrs.evolve(current, hands=match.hands) != match:
            raise RecordError("the hands given do not lead to this match")
        return record


Record: TypeAlias = HandRecord | MatchRecord
"""A hand or match record."""


# --------------------------------------------------------------------------- checks
def _dealt(rules: Ruleset, seed: int | None, deal: Deal | None) -> Deal:
    if deal is not None:
        return deal
    assert seed is not None
    return Deal.random(rules, seed=seed)


def _same_deal(a: Deal, b: Deal) -> bool:
    """Whether two deals deal the same tiles to each seat and the same boneyard order."""
    return a.boneyard == b.boneyard and [frozenset(h) for h in a.hands] == [
        frozenset(h) for h in b.hands
    ]


def _initial_deal(state: HandState) -> Deal:
    """The deal a state's history started from (the hands as dealt, canonical order)."""
    hands = [set(h) for h in state.hands]
    drawn: list[Tile] = []
    for step in state.history:  # the tiles laid came from the hands...
        if isinstance(step.move, Play):
            hands[step.seat].add(step.move.tile)
    for step in state.history:  # ...and the tiles drawn from the boneyard
        if isinstance(step.move, Draw):
            assert step.move.tile is not None
            hands[step.seat].discard(step.move.tile)
            drawn.append(step.move.tile)
    return Deal(
        hands=[sorted(h, key=lambda t: t.index) for h in hands],
        boneyard=[*drawn, *state.boneyard],
    )


def _conceding_seat(state: HandState) -> int | None:
    """The seat that conceded a finished hand, or ``None``."""
    result = state.result
    return None if result is None else result.conceded_by


def _check_names(rules: Ruleset, names: tuple[str, ...], sink: _Sink, path: _Path) -> None:
    if names and len(names) != rules.players:
        sink.report(
            f"names lists {len(names)} players but the ruleset has {rules.players} seats",
            (*path, "names"),
        )


def _start(
    rules: Ruleset, seed: int | None, deal: Deal | None, sink: _Sink, path: _Path, hand: int | None
) -> HandState | None:
    """The start state of a hand dealt as ``deal`` / ``seed``, or ``None`` (reported)."""
    if deal is None and seed is None:
        sink.report(
            "the hand needs a seed or a deal"
            if hand is None
            else "there is no deal and no seed, and the match has no seed",
            path,
            hand=hand,
        )
        return None
    if deal is not None and seed is not None:
        seeded = Deal.random(rules, seed=seed)
        if not _same_deal(deal, seeded):
            sink.report(
                f"the deal is not the deal of seed {seed} ({_deal_difference(deal, seeded)})",
                (*path, "deal"),
                hand=hand,
            )
            return None
    try:
        return HandState.start(rules, _dealt(rules, seed, deal))
    except DealError as error:
        where: _Path = (*path, "deal")
        if error.seat is not None:
            where = (*where, "hands", error.seat)
        elif deal is not None and deal.boneyard and len(deal.hands) == rules.players:
            where = (*where, "boneyard")
        sink.report(f"the deal does not fit the rules: {error}", where, hand=hand)
        return None


def _deal_difference(deal: Deal, seeded: Deal) -> str:
    for seat, (a, b) in enumerate(zip(deal.hands, seeded.hands, strict=False)):
        if frozenset(a) != frozenset(b):
            return f"seat {seat}'s hand differs"
    if len(deal.hands) != len(seeded.hands):
        return "the number of hands differs"
    return "the boneyard differs"


def _check_hand(
    rules: Ruleset,
    seed: int | None,
    deal: Deal | None,
    moves: Sequence[tuple[int, Move] | None],
    sink: _Sink,
    path: _Path,
    hand: int | None = None,
    *,
    conceded_by: int | None = None,
) -> HandState | None:
    """Check a hand's deal and replay its moves (and its concession); the final state, or
    ``None`` if stopped."""
    state = _start(rules, seed, deal, sink, path, hand)
    if state is None:
        return None
    final: HandState | None = _check_moves(state, moves, sink, path, hand)
    if final is not None and conceded_by is not None:
        final = _check_concession(final, conceded_by, sink, path, hand)
    return final


def _check_concession(state: Any, seat: int, sink: _Sink, path: _Path, hand: int | None) -> Any:
    """``state`` (a `HandState` or a `Match`) after ``seat`` concedes the hand in
    progress, or ``None`` after reporting why it cannot (rule CONCEDE-1)."""
    where = (*path, "conceded_by")
    hand_state: HandState = state if isinstance(state, HandState) else state.state
    players = hand_state.rules.players
    if not 0 <= seat < players:
        sink.report(
            f"conceded_by {seat} is not a seat: the seats are 0 to {players - 1}",
            where,
            hand=hand,
            reason=IllegalMoveReason.NO_SUCH_SEAT,
        )
        return None
    if hand_state.is_over:
        moves = len(hand_state.history)
        sink.report(
            f"conceded_by {seat}: the hand is already over (it ended at move {moves}), "
            "so it cannot be conceded",
            where,
            hand=hand,
            reason=IllegalMoveReason.HAND_OVER,
        )
        return None
    return state.concede(seat)


def _check_match_concession(match: Match, seat: int, sink: _Sink, path: _Path) -> Match | None:
    """``match`` after ``seat`` concedes it (rule CONCEDE-2), or ``None`` (reported)."""
    where = (*path, "conceded_by")
    players = match.rules.players
    number = match.hand_number + 1
    if not 0 <= seat < players:
        sink.report(
            f"conceded_by {seat} is not a seat: the seats are 0 to {players - 1}",
            where,
            reason=IllegalMoveReason.NO_SUCH_SEAT,
        )
        return None
    if match.is_over:
        sink.report(
            f"conceded_by {seat}: the match is already over (after hand {number}), "
            "so it cannot be conceded",
            where,
        )
        return None
    return match.concede(seat, match=True)  # concedes the hand too, if it is not over


def _check_moves(
    state: Any,
    moves: Sequence[tuple[int, Move] | None],
    sink: _Sink,
    path: _Path,
    hand: int | None,
) -> Any:
    """Replay ``moves`` on ``state`` (a `HandState` or a `Match`), reporting problems.

    Returns the state after the last move, or ``None`` when replay had to stop.
    """
    prefix = "" if hand is None else f"hand {hand}, "
    count = len(moves)
    for number, entry in enumerate(moves, 1):
        where = (*path, "moves", number - 1)
        hand_state: HandState = state if isinstance(state, HandState) else state.state
        if entry is None:  # a malformed entry, already reported
            _stop(sink, path, hand, number, count, "a malformed move")
            return None
        seat, move = entry
        shown = f"{prefix}move {number} ({seat} {format_move(move)})"
        if hand_state.is_over:
            extra = "is" if number == count else f"and the {count - number} after it are"
            sink.report(
                f"{shown} {extra} after the end of the hand (it ended at move {number - 1})",
                where,
                move_number=number,
                hand=hand,
                reason=IllegalMoveReason.HAND_OVER,
            )
            return None
        turn = hand_state.turn
        if seat != turn:
            no_seat = (
                f"there is no seat {seat} (seats are 0 to {hand_state.rules.players - 1}); "
                if seat >= hand_state.rules.players
                else ""
            )
            sink.report(
                f"{shown} is not seat {seat}'s to make: {no_seat}seat {turn} is to move",
                where,
                move_number=number,
                hand=hand,
                reason=IllegalMoveReason.NOT_YOUR_TURN,
            )
        try:
            state = state.apply(move)
        except IllegalMoveError as error:
            sink.report(
                f"{shown} is illegal: {_why(hand_state, move, error)}",
                where,
                move_number=number,
                hand=hand,
                reason=error.reason,
            )
            _stop(sink, path, hand, number, count, "an illegal move")
            return None
    return state


def _stop(sink: _Sink, path: _Path, hand: int | None, number: int, count: int, what: str) -> None:
    """Say once that the moves after ``number`` could not be checked."""
    if number < count:
        prefix = "" if hand is None else f"hand {hand}: "
        later = (
            f"move {count} was" if number + 1 == count else f"moves {number + 1} to {count} were"
        )
        sink.report(
            f"{prefix}{later} not checked: replay cannot go on after {what} (move {number})",
            (*path, "moves", number),
            move_number=number + 1,
            hand=hand,
        )


def _why(state: HandState, move: Move, error: IllegalMoveError) -> str:
    """Why ``move`` is illegal in ``state``, in words that name the tiles."""
    reason = error.reason
    seat = state.turn
    why = IllegalMoveReason
    if reason is why.TILE_NOT_IN_HAND and isinstance(move, Play):
        return f"seat {seat} does not hold {move.tile}"
    if reason is why.DOES_NOT_MATCH and isinstance(move, Play) and move.end is not None:
        end = move.end.name.lower()
        return f"{move.tile} does not match the {end} end, which shows {state.layout.end(move.end)}"
    if reason is why.NO_SUCH_END and isinstance(move, Play):
        return f"after the lead a play names its end: {move.tile}:L or {move.tile}:R"
    if reason is why.MUST_LEAD:
        if isinstance(move, Play):
            return f"the lead is written without an end: {move.tile}"
        return f"the layout is empty: seat {seat} must lead"
    if reason is why.WRONG_LEAD:
        lead = state.legal_moves()[0]
        return f"the rules make {lead} the opening tile"
    if reason is why.MUST_PLAY:
        ends = state.layout.ends
        fits = [str(t) for t in state.hand(seat) if t.low in ends or t.high in ends]
        return f"seat {seat} holds {', '.join(fits)}, which fits"
    if reason is why.MUST_DRAW:
        return f"seat {seat} must draw: the boneyard has {len(state.boneyard)} tiles"
    if reason is why.CANNOT_DRAW:
        if state.rules.drawing is DrawRule.NONE:
            return "nobody draws in this game"
        return "the rules allow no draw now (the boneyard has nothing to give)"
    if reason is why.WRONG_DRAW_TILE and isinstance(move, Draw):
        return f"the next tile of the boneyard is {state.boneyard[0]}, not {move.tile}"
    return str(error)  # pragma: no cover - every reason a record can meet is worded above


def _check_match(
    rules: Ruleset,
    seed: int | None,
    hands: Sequence[HandEntry | None],
    sink: _Sink,
    path: _Path,
    conceded_by: int | None = None,
) -> Match | None:
    """Replay a match's hands through `Match`, reporting problems."""
    if not hands:
        sink.report("a match record holds at least one hand ([[hands]])", (*path, "hands"))
        return None
    match: Match | None = None
    for number, entry in enumerate(hands, 1):
        where = (*path, "hands", number - 1)
        if entry is None:  # malformed, already reported
            if number < len(hands):
                sink.report(
                    f"hands {number + 1} to {len(hands)} were not checked: hand {number} "
                    "is malformed",
                    (*path, "hands", number),
                    hand=number + 1,
                )
            return None
        if match is not None:
            if not match.state.is_over:
                sink.report(
                    f"hand {number} starts before hand {number - 1} is over",
                    where,
                    hand=number,
                )
                return None
            if match.is_over:
                sink.report(
                    f"hand {number} starts after the end of the match (after hand {number - 1})",
                    where,
                    hand=number,
                )
                return None
        hand_rules = rules if match is None else match.next_hand().state.rules
        deal_seed = entry.seed
        if entry.deal is None and entry.seed is None:
            if seed is None:
                _start(hand_rules, None, None, sink, where, number)
                return None
            own = None
        else:
            start = _start(hand_rules, entry.seed, entry.deal, sink, where, number)
            if start is None:
                return None
            own = _dealt(hand_rules, deal_seed, entry.deal)
        # own was checked, and a deal from the match seed always fits
        match = (
            Match.start(rules, seed=seed or 0, deal=own)
            if match is None
            else match.next_hand(deal=own)
        )
        match = _check_moves(match, entry.moves, sink, where, number)
        if match is not None and entry.conceded_by is not None:
            match = _check_concession(match, entry.conceded_by, sink, where, number)
        if match is None:
            if number < len(hands):
                sink.report(
                    f"hands {number + 1} to {len(hands)} were not checked: replay cannot go "
                    f"on after hand {number}",
                    (*path, "hands", number),
                    hand=number + 1,
                )
            return None
    if match is not None and conceded_by is not None:
        match = _check_match_concession(match, conceded_by, sink, path)
    return match


def _replay_match(
    rules: Ruleset, seed: int | None, hands: Sequence[HandEntry], conceded_by: int | None
) -> Iterator[Match]:
    match: Match | None = None
    for entry in hands:
        if match is None:
            own = _entry_deal(rules, entry)
            match = Match.start(rules, seed=seed or 0, deal=own)
        else:
            own = _entry_deal(match.next_hand().state.rules, entry)
            match = match.next_hand(deal=own)
        yield match
        for seat, move in entry.moves:
            match = match.apply(move, seat=seat)
            yield match
        if entry.conceded_by is not None:
            match = match.concede(entry.conceded_by)
            yield match
    if match is not None and conceded_by is not None:
        yield match.concede(conceded_by, match=True)


def _entry_deal(rules: Ruleset, entry: HandEntry) -> Deal | None:
    if entry.deal is not None:
        return entry.deal
    if entry.seed is not None:
        return Deal.random(rules, seed=entry.seed)
    return None


# --------------------------------------------------------------------------- writing
def _data(record: Record) -> dict[str, Any]:
    """The record as plain data: the structure both the TOML and the JSON forms share."""
    if not isinstance(record, HandRecord | MatchRecord):
        raise ArgumentTypeError(
            f"record must be a HandRecord or MatchRecord, got {_shown_value(record)}",
            argument="record",
        )
    options = _overrides(record.rules, record.preset)
    assert options is not None
    data: dict[str, Any] = {
        "format": _HAND_FORMAT if isinstance(record, HandRecord) else _MATCH_FORMAT,
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


def _hand_data(deal: Deal | None, moves: _Pairs, conceded_by: int | None) -> dict[str, Any]:
    data: dict[str, Any] = {}
    if deal is not None:
        data["deal"] = {"hands": [[str(t) for t in hand] for hand in deal.hands]}
        if deal.boneyard:
            data["deal"]["boneyard"] = [str(t) for t in deal.boneyard]
    data["moves"] = [f"{seat} {format_move(move)}" for seat, move in moves]
    if conceded_by is not None:
        data["conceded_by"] = conceded_by
    return data


_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
_TOML_ESCAPES = {"\\": "\\\\", '"': '\\"', "\b": "\\b", "\t": "\\t", "\n": "\\n"}
_TOML_ESCAPES.update({"\f": "\\f", "\r": "\\r"})


def _toml_string(text: str) -> str:
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
    return key if _BARE_KEY.fullmatch(key) else _toml_string(key)


def _toml_value(key: str, value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return _toml_string(value)
    assert isinstance(value, list)
    if value and isinstance(value[0], list):
        inner = [_toml_value(key, item) for item in value]
        return "[\n" + "".join(f"  {item},\n" for item in inner) + "]"
    items = [_toml_string(item) for item in value]
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


def _json_value(value: Any, key: str, indent: str) -> str:
    inner = indent + "  "
    if isinstance(value, dict):
        items = [
            f"{inner}{json.dumps(k, ensure_ascii=False)}: {_json_value(v, k, inner)}"
            for k, v in value.items()
        ]
        return "{\n" + ",\n".join(items) + f"\n{indent}}}"
    if isinstance(value, list):
        multiline = bool(value) and (key in ("moves", "hands") or isinstance(value[0], list | dict))
        if not multiline:
            return "[" + ", ".join(json.dumps(v, ensure_ascii=False) for v in value) + "]"
        items = [f"{inner}{_json_value(v, '', inner)}" for v in value]
        return "[\n" + ",\n".join(items) + f"\n{indent}]"
    return json.dumps(value, ensure_ascii=False)


def dumps(record: Record, *, format: Literal["toml", "json"] = "toml") -> str:
    """Write a record as text.

    The rules are written as the record's preset plus only the fields that differ
    from it; ``loads(dumps(record, format=f)) == record`` for both formats.

    Args:
        record: a `HandRecord` or `MatchRecord`.
        format: ``"toml"`` (the default) or ``"json"`` (the same structure as a JSON
            object).

    Returns:
        The text, ending with a newline.

    Raises:
        ArgumentValueError: ``format`` is neither ``"toml"`` nor ``"json"`` (a `ValueError`).
        ArgumentTypeError: ``record`` is not a record (a `TypeError`).
    """
    if format not in ("toml", "json"):
        raise ArgumentValueError(
            f"format must be 'toml' or 'json', got {_shown_value(format)}", argument="format"
        )
    data = _data(record)
    if format == "json":
        return _json_value(data, "", "") + "\n"
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


# --------------------------------------------------------------------------- reading
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
    sink = _Sink(collect=False)
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
            f"fp must be a file opened for reading, got {_shown_value(fp)}", argument="fp"
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
    sink = _Sink(collect=True)
    try:
        _read(text, sink)
    except (RecordError, NotationError) as error:  # pragma: no cover - defensive
        sink.problems.append(
            Problem(line=getattr(error, "line", None), move_number=None, message=str(error))
        )
    return sink.problems


_TOML_AT = re.compile(r" \(at line (\d+), column (\d+)\)$| \(at end of document\)$")


def _decode(text: str | bytes, sink: _Sink) -> dict[str, Any] | None:
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
    sink.lines = _locate(text, is_json)
    assert isinstance(data, dict)
    return data


def _no_repeats(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise RecordError(f"the key {_quote(key)} is repeated in an object")
        out[key] = value
    return out


def _no_constant(name: str) -> Any:
    raise RecordError(f"{name} is not a number a record can hold")


def _read(text: str | bytes, sink: _Sink) -> Record | None:
    decoded = _decode(text, sink)
    if decoded is None:
        return None
    data = decoded  # a dict: TOML is a table, and JSON starting with "{" an object
    before = len(sink.problems)
    kind = data.get("format")
    if "format" not in data:
        kind = _MATCH_FORMAT if "hands" in data and "moves" not in data else _HAND_FORMAT
        sink.report(f'the key "format" is missing (format = "{_HAND_FORMAT}" or "{_MATCH_FORMAT}")')
    elif kind not in (_HAND_FORMAT, _MATCH_FORMAT):
        shown = _quote(kind) if isinstance(kind, str) else _type_name(kind)
        sink.report(
            f'format must be "{_HAND_FORMAT}" or "{_MATCH_FORMAT}", not {shown}', ("format",)
        )
        kind = _MATCH_FORMAT if "hands" in data and "moves" not in data else _HAND_FORMAT
    is_match = kind == _MATCH_FORMAT
    allowed = _MATCH_KEYS if is_match else _HAND_KEYS
    for key in data:
        if key not in allowed:
            hint = ""
            if key == "hands":
                hint = f' (a match record has format = "{_MATCH_FORMAT}")'
            elif key in ("moves", "deal"):
                hint = " (in a match record, deals and moves belong in [[hands]] tables)"
            sink.report(
                f"unknown key {_quote(key)}{hint}; the keys are {', '.join(allowed)}", (key,)
            )
    if "version" not in data:
        sink.report(f'the key "version" is missing (version = {FORMAT_VERSION})')
    else:
        version = data["version"]
        if type(version) is not int:
            sink.report(f"version must be an integer, not {_type_name(version)}", ("version",))
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
        _check_names(rules, names, sink, ())
    seed = _read_seed(data.get("seed", _MISSING), ("seed",), sink)
    event = _read_event(data.get("event", _MISSING), sink)
    if is_match:
        entries = _read_entries(data.get("hands", _MISSING), sink)
        conceded = _read_conceded(data.get("conceded_by", _MISSING), ("conceded_by",), sink)
        if rules is not None and not isinstance(seed, _Bad) and entries is not None:
            if isinstance(conceded, _Bad):
                conceded = None  # reported; the hands are still checked
            _check_match(rules, seed, entries, sink, (), conceded)
    else:
        deal = _read_deal(data.get("deal", _MISSING), ("deal",), sink)
        moves = _read_moves(data.get("moves", _MISSING), ("moves",), sink)
        conceded = _read_conceded(data.get("conceded_by", _MISSING), ("conceded_by",), sink)
        if seed is None and deal is None:
            sink.report("a hand record needs a seed or a deal ([deal])")
        elif rules is not None and not isinstance(seed, _Bad) and not isinstance(deal, _Bad):
            given = None if isinstance(conceded, _Bad) else conceded
            _check_hand(rules, seed, deal, moves, sink, (), conceded_by=given)
    if len(sink.problems) > before or rules is None or preset is None:
        return None
    assert isinstance(names, tuple)
    assert isinstance(event, tuple)
    assert not isinstance(seed, _Bad)
    assert not isinstance(conceded, _Bad)
    token = _REPLAYED.set(True)
    try:
        if is_match:
            assert entries is not None
            return MatchRecord(
                rules=rules,
                preset=preset,
                names=names,
                seed=seed,
                hands=entries,
                conceded_by=conceded,
                event=event,
            )
        assert not isinstance(deal, _Bad)
        return HandRecord(
            rules=rules,
            preset=preset,
            names=names,
            seed=seed,
            deal=deal,
            moves=moves,
            conceded_by=conceded,
            event=event,
        )
    finally:
        _REPLAYED.reset(token)


def _read_rules(data: Mapping[str, Any], sink: _Sink) -> tuple[str | None, Ruleset | None]:
    """The preset's canonical name and the ruleset, or ``None`` for what is unusable."""
    preset: str | None = None
    if "ruleset" not in data:
        sink.report(
            'the key "ruleset" is missing (a preset name: ' + ", ".join(Ruleset.presets()) + ")"
        )
    else:
        name = data["ruleset"]
        if not isinstance(name, str):
            sink.report(f"ruleset must be a preset name, not {_type_name(name)}", ("ruleset",))
        else:
            try:
                preset = find_preset(name).name
            except UnknownPresetError:
                sink.report(
                    f"no preset is named {_quote(name)}; the presets are "
                    + ", ".join(Ruleset.presets()),
                    ("ruleset",),
                )
    table = data.get("rules", {})
    options: dict[str, Any] = {}
    usable = True
    if not isinstance(table, dict):
        sink.report(f"rules must be a table of ruleset fields, not {_type_name(table)}", ("rules",))
        return preset, None
    for key, raw in table.items():
        if key not in RULESET_FIELDS:
            sink.report(
                f"unknown ruleset field {_quote(key)} in [rules]; the fields are "
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
        where: _Path = ("rules", named[0]) if named else ("rules",)
        sink.report(f"the rules are inconsistent: {error}", where)
        return preset, None
    return preset, rules


def _read_names(raw: object, sink: _Sink) -> tuple[str, ...] | _Bad:
    if raw is _MISSING:
        return ()
    if not isinstance(raw, list):
        sink.report(f"names must be an array of strings, not {_type_name(raw)}", ("names",))
        return _BAD
    ok = True
    for i, name in enumerate(raw):
        problem = _text_problem(name, multiline=False)
        if problem:
            sink.report(f"names[{i}] {problem}", ("names", i))
            ok = False
    return tuple(raw) if ok else _BAD


def _read_seed(raw: object, path: _Path, sink: _Sink) -> int | _Bad | None:
    if raw is _MISSING:
        return None
    if type(raw) is not int:
        sink.report(f"seed must be an integer, not {_type_name(raw)}", path)
        return _BAD
    if not _SEED_MIN <= raw <= _SEED_MAX:
        sink.report(f"seed {raw} is outside the 64-bit range of a TOML integer", path)
        return _BAD
    return raw


def _read_conceded(raw: object, path: _Path, sink: _Sink) -> int | _Bad | None:
    if raw is _MISSING:
        return None
    if type(raw) is not int:
        sink.report(f"conceded_by must be an integer (a seat), not {_type_name(raw)}", path)
        return _BAD
    return raw


def _read_event(raw: object, sink: _Sink) -> tuple[tuple[str, str], ...] | _Bad:
    if raw is _MISSING:
        return ()
    if not isinstance(raw, dict):
        sink.report(f"event must be a table of strings, not {_type_name(raw)}", ("event",))
        return _BAD
    ok = True
    for key, value in raw.items():
        problem = _text_problem(key, multiline=False)
        if problem:
            sink.report(f"an event key {problem}", ("event", key))
            ok = False
            continue
        problem = _text_problem(value, multiline=True)
        if problem:
            hint = (
                " (write dates in quotes)"
                if isinstance(value, datetime.date | datetime.time)
                else ""
            )
            sink.report(f"event.{key} {problem}{hint}", ("event", key))
            ok = False
    return tuple(raw.items()) if ok else _BAD


def _read_tiles(raw: object, path: _Path, sink: _Sink, what: str) -> tuple[Tile, ...] | _Bad:
    if not isinstance(raw, list):
        sink.report(f"{what} must be an array of tiles, not {_type_name(raw)}", path)
        return _BAD
    tiles = []
    ok = True
    for i, item in enumerate(raw):
        if not isinstance(item, str):
            sink.report(
                f'{what}[{i}] must be a tile such as "6-4", not {_type_name(item)}', (*path, i)
            )
            ok = False
            continue
        try:
            tiles.append(Tile.parse(item))
        except NotationError:
            sink.report(
                f'{what}[{i}] is not a tile: {_quote(item)} (write tiles as "6-4")', (*path, i)
            )
            ok = False
    return tuple(tiles) if ok else _BAD


def _read_deal(raw: object, path: _Path, sink: _Sink) -> Deal | _Bad | None:
    if raw is _MISSING:
        return None
    if not isinstance(raw, dict):
        sink.report(f"deal must be a table with hands and boneyard, not {_type_name(raw)}", path)
        return _BAD
    ok = True
    for key in raw:
        if key not in _DEAL_KEYS:
            sink.report(
                f"unknown key {_quote(key)} in the deal; the keys are hands, boneyard", (*path, key)
            )
            ok = False
    hands: list[tuple[Tile, ...]] = []
    if "hands" not in raw:
        sink.report("the deal has no hands (hands = [[...], [...]], seat 0 first)", path)
        ok = False
    elif not isinstance(raw["hands"], list):
        sink.report(
            f"deal.hands must be an array of arrays of tiles, not {_type_name(raw['hands'])}",
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


def _read_moves(raw: object, path: _Path, sink: _Sink) -> list[tuple[int, Move] | None]:
    if raw is _MISSING:
        return []
    if not isinstance(raw, list):
        sink.report(f"moves must be an array of strings, not {_type_name(raw)}", path)
        return [None]
    moves: list[tuple[int, Move] | None] = []
    for i, item in enumerate(raw):
        if not isinstance(item, str):
            sink.report(
                f'move {i + 1} must be a string such as "0 6-6", not {_type_name(item)}',
                (*path, i),
                move_number=i + 1,
            )
            moves.append(None)
            continue
        try:
            moves.append(_parse_entry(item))
        except NotationError as error:
            sink.report(f"move {i + 1}: {error}", (*path, i), move_number=i + 1)
            moves.append(None)
    return moves


def _read_entries(raw: object, sink: _Sink) -> list[HandEntry | None] | None:
    if raw is _MISSING:
        return []
    if not isinstance(raw, list):
        sink.report(
            f"hands must be an array of tables ([[hands]]), not {_type_name(raw)}", ("hands",)
        )
        return None
    entries: list[HandEntry | None] = []
    for i, table in enumerate(raw):
        path: _Path = ("hands", i)
        if not isinstance(table, dict):
            sink.report(f"hands[{i}] must be a table, not {_type_name(table)}", path, hand=i + 1)
            entries.append(None)
            continue
        ok = True
        for key in table:
            if key not in _ENTRY_KEYS:
                sink.report(
                    f"unknown key {_quote(key)}; the keys of a hand are " + ", ".join(_ENTRY_KEYS),
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


# --------------------------------------------------------------------------- locating
_WORD_STOP = frozenset(" \t\r\n,[]{}=#\"'")
_LOCATE_DEPTH = 32


def _locate(text: str, is_json: bool) -> dict[_Path, int]:
    """Best effort: the 1-based line of each key and array element, by path.

    Runs only on text the standard parser accepted. Paths are as in the parsed data:
    ``("moves", 3)``, ``("hands", 1, "deal", "hands", 0)``, ``("rules", "players")``.
    """
    try:
        return _Locator(text, is_json).run()
    except (IndexError, ValueError, RecursionError):  # pragma: no cover - defensive
        return {}


class _Locator:
    def __init__(self, text: str, is_json: bool) -> None:
        self.tokens = _tokens(text, is_json)
        self.is_json = is_json
        self.lines: dict[_Path, int] = {}

    def run(self) -> dict[_Path, int]:
        tokens = self.tokens
        k = 0
        if self.is_json:
            while k < len(tokens) and tokens[k][0] == "nl":
                k += 1
            if k < len(tokens):
                self.value(k, (), 0)
            return self.lines
        table: _Path = ()
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

    def value(self, k: int, path: _Path, depth: int) -> int:
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


def _skip(tokens: list[tuple[str, str, int, int]], k: int) -> int:
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


def _tokens(text: str, is_json: bool) -> list[tuple[str, str, int, int]]:
    """(kind, value, line, position) tokens: punctuation, ``nl``, ``str`` and ``word``."""
    out: list[tuple[str, str, int, int]] = []
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
            j = i
            j = i + 1  # at least one character (a "#" in JSON), so that it always advances
            while j < n and text[j] not in _WORD_STOP and not (is_json and text[j] == ":"):
                j += 1
            out.append(("word", text[i:j], line, i))
            i = j
    return out
