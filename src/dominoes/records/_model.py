"""The record model: `HandRecord`, `HandEntry` and `MatchRecord`, and the format's constants.

Where validation happens. A record is checked when it is built, as docs/notation.md
and the class docstrings say (and the server guide counts on, for records a client
sent): ``HandRecord(...)`` and ``MatchRecord(...)``, and so `attrs.evolve`,
`HandRecord.from_state` and `MatchRecord.from_match`, which build through them, check
the preset, the names and the deal and replay every move, raising `RecordError` at the
first problem. That constructor is the documented public way to build a record, so it
keeps its checks, and a record built through the public API is a valid one. The checks
are no longer hidden in ``__attrs_post_init__`` behind a flag, though. The initializer
attrs generates is plain (with ``init=False`` attrs writes it as ``__attrs_init__``:
the fields and their type conversions, nothing else), and each record class has an
``__init__`` of its own in two steps: that plain initializer, then the checks, in the
open. `loads` has already checked and replayed what it read (reporting line numbers),
so it builds the record with `unchecked`, the plain initializer alone, instead of
replaying it a second time. There is no global state: the
context variable that told ``__attrs_post_init__`` to skip the replay is gone.
`HandEntry` has no checks of its own: a hand is checked as part of its match.

This module also holds the ruleset-override handling: which preset a ruleset is written
from (`best_preset`) and the fields that differ from it (`preset_overrides`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, Final, TypeAlias, TypeVar

import attrs
from attrs import NOTHING

from dominoes.deal import Deal
from dominoes.errors import (
    ArgumentTypeError,
    DealError,
    IllegalMoveError,
    NotationError,
    RecordError,
    UnknownPresetError,
    shown,
)
from dominoes.fields import quote
from dominoes.match import Match
from dominoes.moves import Claim, Draw, Move, Muggins, Pass, Play, Stop
from dominoes.notation import parse_move
from dominoes.presets import PRESETS, find_preset
from dominoes.records._check import (
    Sink,
    check_hand,
    check_match,
    check_names,
    dealt,
    same_deal,
    text_problem,
)
from dominoes.rules import Ruleset
from dominoes.state import HandState, Step
from dominoes.tiles import Tile

FORMAT_VERSION: Final = 1
"""The version of the record format this library reads and writes (the ``version`` key)."""

HAND_FORMAT: Final = "dominoes-hand"
"""The ``format`` of a hand record."""
MATCH_FORMAT: Final = "dominoes-match"
"""The ``format`` of a match record."""

SEED_MIN: Final = -(2**63)
"""The smallest seed a record holds (a TOML integer is 64-bit)."""
SEED_MAX: Final = 2**63 - 1
"""The largest seed a record holds."""

_MOVE_RE = re.compile(r"(0|[1-9][0-9]?) (.+)")

Pairs: TypeAlias = tuple[tuple[int, Move], ...]
"""A hand's moves, in order, as ``(seat, move)`` pairs."""


# --------------------------------------------------------------------------- rules
def preset_overrides(rules: Ruleset, preset: str) -> dict[str, Any] | None:
    """The fields to write under ``[rules]`` for ``rules`` against ``preset``: a plain
    difference of fields (`Preset.overrides`), or ``None`` if the preset cannot build it."""
    return find_preset(preset).overrides(rules)


def best_preset(rules: Ruleset) -> str:
    """The first preset, in `Ruleset.presets` order, that needs the fewest overrides."""
    best: tuple[int, str] | None = None
    for preset in PRESETS.values():
        options = preset.overrides(rules)
        if options is not None and (best is None or len(options) < best[0]):
            best = (len(options), preset.name)
    assert best is not None, "the draw preset expresses every ruleset"
    return best[1]


def check_preset(rules: Ruleset, preset: str) -> None:
    """Raise `RecordError` if ``rules`` cannot be written as ``preset`` with overrides."""
    if preset_overrides(rules, preset) is None:
        raise RecordError(
            f"the ruleset cannot be written as preset {quote(preset)} with overrides "
            "(leave preset out to have the best preset chosen)"
        )


def _canonical_preset(name: object) -> str:
    if not isinstance(name, str):
        raise ArgumentTypeError(
            f"preset must be a preset name, got {shown(name)}", argument="preset"
        )
    try:
        return find_preset(name).name
    except UnknownPresetError as error:
        raise RecordError(f"preset: {error}") from None


def _check_rules(_inst: object, _attribute: object, value: Any) -> None:
    if not isinstance(value, Ruleset):
        raise ArgumentTypeError(f"rules must be a Ruleset, got {shown(value)}", argument="rules")


def _default_preset(self: HandRecord | MatchRecord) -> str:
    _check_rules(self, None, self.rules)
    return best_preset(self.rules)


# --------------------------------------------------------------------------- converters
def _moves(value: Iterable[Any]) -> Pairs:
    """Moves given as ``(seat, move)`` pairs, `Step` values or ``"SEAT TOKEN"`` strings."""
    if isinstance(value, str | bytes) or not isinstance(value, Iterable):
        raise ArgumentTypeError(
            f"moves must be a sequence of (seat, move) pairs, got {shown(value)}",
            argument="moves",
        )
    out = []
    for i, item in enumerate(value):
        where = f"moves[{i}]"
        try:
            if isinstance(item, str):
                out.append(parse_entry(item))
                continue
            if isinstance(item, Step):
                seat, move = item.seat, item.move
            elif isinstance(item, tuple) and len(item) == 2:
                seat, move = item
            else:
                raise ArgumentTypeError(
                    f"{where} must be a (seat, move) pair, a Step or a string, got {shown(item)}",
                    argument="moves",
                )
            if isinstance(move, str):
                move = parse_move(move)
        except NotationError as error:
            raise NotationError(f"{where}: {error}", text=error.text, what=error.what) from None
        if type(seat) is not int or seat < 0:
            raise ArgumentTypeError(
                f"{where}: a seat is an int from 0, got {shown(seat)}", argument="moves"
            )
        if not isinstance(move, Play | Draw | Pass | Claim | Muggins | Stop):
            raise ArgumentTypeError(
                f"{where}: not a move (a Play, Draw, Pass, Claim, Muggins or Stop): {shown(move)}",
                argument="moves",
            )
        out.append((seat, move))
    return tuple(out)


def parse_entry(text: str) -> tuple[int, Move]:
    """Parse a move entry ``"SEAT TOKEN"``, e.g. ``"0 6-6"`` or ``"1 draw 2-3"``.

    Raises:
        NotationError: the text is not a seat, one space and a move token.
    """
    # a twin in shape only of dominoes.notation.parse_move, which reads the token after
    # the seat: another grammar, and its own message
    m = _MOVE_RE.fullmatch(text)
    if m is None:
        raise NotationError(
            f"not a move entry: {quote(text)} (expected a seat, one space and a move "
            "token, e.g. '0 6-6', '1 5-6:R', '0 draw', '1 pass')",
            text=text,
            what="move entry",
        )
    return int(m.group(1)), parse_move(m.group(2))


def _names(value: Iterable[Any]) -> tuple[str, ...]:
    if isinstance(value, str | bytes) or not isinstance(value, Iterable):
        raise ArgumentTypeError(
            f"names must be a sequence of strings, got {shown(value)}", argument="names"
        )
    names = tuple(value)
    for i, name in enumerate(names):
        problem = text_problem(name, multiline=False)
        if problem:
            raise RecordError(f"names[{i}], a player name, {problem}")
    return names


def _event(value: Mapping[str, str] | Iterable[tuple[str, str]]) -> tuple[tuple[str, str], ...]:
    if isinstance(value, Mapping):
        pairs = tuple(value.items())
    elif isinstance(value, str | bytes) or not isinstance(value, Iterable):
        raise ArgumentTypeError(
            f"event must be a mapping of strings, got {shown(value)}", argument="event"
        )
    else:
        pairs = tuple(value)
    seen = set()
    for pair in pairs:
        if not (isinstance(pair, tuple) and len(pair) == 2):
            raise ArgumentTypeError(
                f"event entries are (key, value) pairs, got {shown(pair)}",
                argument="event",
            )
        key, text = pair
        problem = text_problem(key, multiline=False)
        if problem:
            raise RecordError(f"an event key {problem}")
        problem = text_problem(text, multiline=True)
        if problem:
            raise RecordError(f"event value {quote(key)} {problem}")
        if key in seen:
            raise RecordError(f"event key {quote(key)} is repeated")
        seen.add(key)
    return pairs


def _seed(value: object) -> int | None:
    if value is None:
        return None
    if type(value) is not int:
        raise ArgumentTypeError(f"seed must be an int or None, got {shown(value)}", argument="seed")
    if not SEED_MIN <= value <= SEED_MAX:
        raise RecordError(f"seed {value} is outside the 64-bit range of a TOML integer")
    return value


def _deal(value: object) -> Deal | None:
    if value is None or isinstance(value, Deal):
        return value
    raise ArgumentTypeError(f"deal must be a Deal or None, got {shown(value)}", argument="deal")


def _conceded(value: object) -> int | None:
    """A ``conceded_by`` seat (checked against the table when the record is replayed)."""
    if value is None or type(value) is int:
        return value
    raise ArgumentTypeError(
        f"conceded_by must be a seat (an int) or None, got {shown(value)}",
        argument="conceded_by",
    )


# --------------------------------------------------------------------------- records
class _RecordBase:
    """What hand and match records share: the checks their constructors start with, and
    the ruleset fields that differ from the preset."""

    __slots__ = ()
    rules: Ruleset
    preset: str
    names: tuple[str, ...]

    def _check_table(self) -> Sink:
        """Check that the preset writes the rules and the names fit the seats; the sink
        that raises the first problem, for the record's own checks to go on with."""
        check_preset(self.rules, self.preset)
        sink = Sink(collect=False)
        check_names(self.rules, self.names, sink, ())
        return sink

    @property
    def overrides(self) -> dict[str, Any]:
        """The `Ruleset` fields written under ``[rules]``: those that differ from the
        preset, by name, with their values as in `rules`."""
        options = preset_overrides(self.rules, self.preset)
        assert options is not None
        return options


@attrs.frozen(kw_only=True, init=False)
class HandRecord(_RecordBase):
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
    moves: Pairs = attrs.field(default=(), converter=_moves)
    """Every move, in order, as ``(seat, move)`` pairs."""
    conceded_by: int | None = attrs.field(default=None, converter=_conceded)
    """The seat that conceded the hand after the last move (rule CONCEDE-1), or ``None``."""
    event: tuple[tuple[str, str], ...] = attrs.field(default=(), converter=_event)
    """Metadata (``name``, ``site``, ``date``, ``round``, ``note``...) as ``(key, value)``
    pairs, in order; ``dict(record.event)`` reads them as a mapping."""

    def __init__(
        self,
        *,
        rules: Ruleset,
        preset: object = NOTHING,
        names: Iterable[Any] = (),
        seed: object = None,
        deal: object = None,
        moves: Iterable[Any] = (),
        conceded_by: object = None,
        event: Mapping[str, str] | Iterable[tuple[str, str]] = (),
    ) -> None:
        # a twin of MatchRecord.__init__ on purpose: a constructor is the class's public,
        # typed signature, so each spells out its own fields; the checks both start with
        # are _RecordBase._check_table
        self.__attrs_init__(
            rules=rules,
            preset=preset,
            names=names,
            seed=seed,
            deal=deal,
            moves=moves,
            conceded_by=conceded_by,
            event=event,
        )
        sink = self._check_table()
        check_hand(
            self.rules, self.seed, self.deal, self.moves, sink, (), conceded_by=self.conceded_by
        )

    @property
    def dealt(self) -> Deal:
        """The deal the hand is played from: `deal`, or the deal of `seed`."""
        return dealt(self.rules, self.seed, self.deal)

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
                f"state must be a HandState, got {shown(state)}", argument="state"
            )
        rules = state.rules
        start = _initial_deal(state)
        if deal is not None and not same_deal(deal, start):
            raise RecordError("the deal given is not the deal this hand started from")
        if seed is not None and not same_deal(dealt(rules, _seed(seed), None), start):
            raise RecordError(f"the deal of seed {seed} is not the deal this hand started from")
        if deal is None and seed is None:
            deal = start
        record = cls(
            rules=rules,
            preset=preset if preset is not None else best_preset(rules),
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
    moves: Pairs = attrs.field(default=(), converter=_moves)
    """The hand's moves, in order, as ``(seat, move)`` pairs (strings are accepted, as
    for `HandRecord`)."""
    conceded_by: int | None = attrs.field(default=None, converter=_conceded)
    """The seat that conceded the hand after its last move (rule CONCEDE-1), or ``None``."""


def _entries(value: Iterable[Any]) -> tuple[HandEntry, ...]:
    if isinstance(value, str | bytes) or not isinstance(value, Iterable):
        raise ArgumentTypeError(
            f"hands must be a sequence of HandEntry, got {shown(value)}", argument="hands"
        )
    entries = tuple(value)
    for entry in entries:
        if not isinstance(entry, HandEntry):
            raise ArgumentTypeError(
                f"hands must hold HandEntry values, got {shown(entry)}", argument="hands"
            )
    return entries


@attrs.frozen(kw_only=True, init=False)
class MatchRecord(_RecordBase):
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

    def __init__(
        self,
        *,
        rules: Ruleset,
        preset: object = NOTHING,
        names: Iterable[Any] = (),
        seed: object = None,
        hands: Iterable[Any] = (),
        conceded_by: object = None,
        event: Mapping[str, str] | Iterable[tuple[str, str]] = (),
    ) -> None:
        # a twin of HandRecord.__init__ on purpose: each class spells out its own fields
        # in its public signature (see there)
        self.__attrs_init__(
            rules=rules,
            preset=preset,
            names=names,
            seed=seed,
            hands=hands,
            conceded_by=conceded_by,
            event=event,
        )
        sink = self._check_table()
        check_match(self.rules, self.seed, self.hands, sink, (), self.conceded_by)

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
            raise ArgumentTypeError(f"match must be a Match, got {shown(match)}", argument="match")
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
                    f"got {shown(state)}",
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
            preset=preset if preset is not None else best_preset(match.rules),
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

_R = TypeVar("_R", HandRecord, MatchRecord)


def unchecked(cls: type[_R], **fields: Any) -> _R:
    """A record of class ``cls`` built by the plain attrs initializer alone: its fields
    are set (and converted) but its moves are not replayed. For `loads`, which has just
    checked and replayed these very values."""
    record = cls.__new__(cls)
    record.__attrs_init__(**fields)
    return record


# --------------------------------------------------------------------------- replay
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
