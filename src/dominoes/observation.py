"""Hidden information: what one seat knows, what it can infer, and worlds consistent with it.

`HandState.observation(seat)` gives an `Observation`: the seat's own hand, the
layout, the public history (other seats' draws without their tiles), hand sizes,
the boneyard's size, the seat to move, the phase and the verification round.
It holds no reference to the full state.

An observation is also plain data: `Observation.to_dict` and `Observation.from_dict`
(what a server sends a seat), and `Observation.from_position` reads a seat's position
string (`HandState.position(seat=k)`).

Inference and sampling (`Observation.count_worlds`, `holders`, `voids`, `sample`,
`sample_deal`) use one exact model of the worlds consistent with what the seat saw;
the `dominoes.sampling` module builds it and says what it counts, how, and what it
costs.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final, TypeVar

import attrs

from dominoes import sampling
from dominoes.deal import Deal
from dominoes.errors import (
    ArgumentTypeError,
    ArgumentValueError,
    DealError,
    IllegalMoveError,
    NotationError,
    RulesetError,
    SamplingError,
)
from dominoes.faults import Fault, FaultKind
from dominoes.layout import Layout
from dominoes.moves import DRAW, Draw, Move, Step
from dominoes.notation import Position, parse_move, parse_position
from dominoes.rules import Ruleset
from dominoes.scoring import Ending, HandResult
from dominoes.tiles import Tile, bit_indices, tile_from_index
from dominoes.verification import VerificationRound

if TYPE_CHECKING:  # pragma: no cover
    from dominoes.state import HandState

__all__ = ["OBSERVATION_FORMAT", "OBSERVATION_VERSION", "Observation"]

_E = TypeVar("_E", bound=enum.Enum)


@attrs.frozen(kw_only=True)
class Observation:
    """What ``seat`` knows of a hand; nothing else is reachable from it.

    >>> from dominoes import Deal, HandState, Ruleset
    >>> rules = Ruleset.block()
    >>> state = HandState.start(rules, Deal.random(rules, seed=3))
    >>> obs = state.observation(0)
    >>> obs.hand_sizes, obs.boneyard_size, len(obs.hand)
    ((7, 7), 14, 7)
    """

    rules: Ruleset
    """The ruleset of the hand."""
    seat: int
    """The observing seat."""
    hand: tuple[Tile, ...]
    """The seat's own tiles, in canonical order."""
    line: tuple[tuple[int, int], ...]
    """The line of play as oriented pairs, left to right."""
    lead: int
    """The index in ``line`` of the lead tile."""
    history: tuple[Step, ...]
    """The public history, oldest first: the same `Step` entries as
    `HandState.history`, except that another seat's draw shows no tile (``Draw()``)."""
    hand_sizes: tuple[int, ...]
    """How many tiles each seat holds."""
    boneyard_size: int
    """How many tiles are left in the boneyard."""
    turn: int
    """The seat to move."""
    opening: Tile | str | None
    """Before the lead: the forced opening tile, ``"any"`` or ``"draw"``."""
    round: tuple[int, int] | None
    """The verification round: (proposer, seats confirmed)."""
    drew: int
    """Draws made this turn by the seat to move (draw-one-then-pass only)."""
    last: int | None
    """The seat that laid the last tile."""
    false_pass: bool
    """Whether the open round holds a false pass (tolerant mode)."""
    faults: tuple[Fault, ...]
    """The faults committed so far (public)."""
    ending: Ending | None
    """How the hand ended, or ``None``."""
    result: HandResult | None
    """The result once the hand is over (every hand is shown at the end)."""
    full_history: bool
    """Whether ``history`` starts at the deal (False for a state built from a position)."""
    hands: tuple[tuple[Tile, ...], ...] | None = None
    """Once the hand is over, every seat's hand (every hand is shown at the end);
    ``None`` while the hand is being played."""
    _cache: dict[str, Any] = attrs.field(factory=dict, eq=False, repr=False, alias="_cache")

    # ------------------------------------------------------------------ reading
    @property
    def layout(self) -> Layout:
        """The layout on the table."""
        return Layout(line=self.line)

    @property
    def verification(self) -> VerificationRound | None:
        """The verification round in progress (or the completed one)."""
        if self.round is None:
            return None
        proposer, count = self.round
        return VerificationRound.after(proposer, count, self.rules.players)

    @property
    def is_over(self) -> bool:
        """Whether the hand has ended."""
        return self.ending is not None

    # ------------------------------------------------------------------ as data
    def to_dict(self) -> dict[str, Any]:
        """The observation as plain, JSON-ready data (what a server sends a seat).

        Tiles are written ``"a-b"``, moves as notation tokens (docs/notation.md), the
        ruleset as `Ruleset.to_dict` writes it. The keys: ``format``
        (``"dominoes.observation"``) and ``version`` (1), then one key per field of the
        observation: ``rules``, ``seat``, ``hand``, ``line`` (oriented pairs ``[a, b]``,
        left to right), ``lead``, ``history`` (``{"seat": s, "move": token}``; another
        seat's draw is ``"draw"``), ``hand_sizes``, ``boneyard_size``, ``turn``,
        ``opening`` (a tile, ``"any"``, ``"draw"`` or ``null``), ``round``
        (``[proposer, confirmed]`` or ``null``), ``drew``, ``last``, ``false_pass``,
        ``faults`` (``{"seat", "kind", "move_number"}``), ``ending``, ``result`` (the
        `HandResult` once the hand is over), ``hands`` (every hand once it is over) and
        ``full_history``. `from_dict` reads it back.

        >>> import json
        >>> from dominoes import Deal, HandState, Ruleset
        >>> rules = Ruleset.draw()
        >>> state = HandState.start(rules, Deal.random(rules, seed=3)).apply_all("6-6")
        >>> data = state.observation(0).to_dict()
        >>> data["hand"][:3], data["line"], data["history"], data["boneyard_size"]
        (['0-1', '2-2', '0-3'], [[6, 6]], [{'seat': 1, 'move': '6-6'}], 14)
        >>> Observation.from_dict(json.loads(json.dumps(data))) == state.observation(0)
        True
        """
        result = self.result
        return {
            "format": OBSERVATION_FORMAT,
            "version": OBSERVATION_VERSION,
            "rules": self.rules.to_dict(),
            "seat": self.seat,
            "hand": [str(t) for t in self.hand],
            "line": [[a, b] for a, b in self.line],
            "lead": self.lead,
            "history": [{"seat": e.seat, "move": str(e.move)} for e in self.history],
            "hand_sizes": list(self.hand_sizes),
            "boneyard_size": self.boneyard_size,
            "turn": self.turn,
            "opening": None if self.opening is None else str(self.opening),
            "round": None if self.round is None else list(self.round),
            "drew": self.drew,
            "last": self.last,
            "false_pass": self.false_pass,
            "faults": [_fault_data(f) for f in self.faults],
            "ending": None if self.ending is None else self.ending.value,
            "result": None if result is None else _result_data(result),
            "hands": None if self.hands is None else [[str(t) for t in h] for h in self.hands],
            "full_history": self.full_history,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Observation:
        """The observation `to_dict` wrote: ``Observation.from_dict(obs.to_dict()) == obs``.

        Every value is checked, and the position it describes must be one the rules
        allow (the tiles, the line, the hand sizes, the phase); the history is taken as
        given.

        Raises:
            ArgumentTypeError: ``data`` is not a mapping.
            ArgumentValueError: a key is missing or holds a value it cannot (the message
                names the key), or the position is impossible.
            RulesetError: the ``rules`` entry is not a ruleset.
        """
        return _observation_from_data(data)

    @classmethod
    def from_position(cls, position: str, rules: Ruleset, *, seat: int) -> Observation:
        """What ``seat`` knows of the position ``position`` describes, under ``rules``.

        ``position`` is a position string as `HandState.position` writes it, with the
        hands ``seat`` cannot see (and the boneyard) written as hidden counts (``#7``);
        ``state.position(seat=k)`` writes one. Like the observation of a state built
        from a position, it has no history (``full_history`` is false).

        >>> from dominoes import Deal, HandState, Ruleset
        >>> rules = Ruleset.draw()
        >>> state = HandState.start(rules, Deal.random(rules, seed=3)).apply_all("6-6")
        >>> text = state.position(seat=0)
        >>> text.split()[1:3]
        ['0-1,2-2,0-3,2-4,1-6,3-6,4-6/#6', '#14']
        >>> obs = Observation.from_position(text, rules, seat=0)
        >>> obs == HandState.from_position(state.position(), rules).observation(0)
        True

        Raises:
            NotationError: the text is malformed, or does not fit ``rules`` and ``seat``
                (``seat``'s own hand is hidden, or a finished hand hides tiles).
            ArgumentValueError: there is no such seat.
        """
        return _observation_from_position(position, rules, seat)

    def legal_moves(self) -> tuple[Move, ...]:
        """The seat's legal moves when it is to move (else ``()``)."""
        if self.ending is not None or self.turn != self.seat:
            return ()
        moves = self._cache.get("legal")
        if moves is None:
            # the mover's legal moves depend only on its hand and public facts, so any
            # placement of the unseen tiles will do
            moves = self._cache["legal"] = self._filled().legal_moves()
        assert isinstance(moves, tuple)
        return moves

    # ------------------------------------------------------------------ inference
    def count_worlds(self, *, budget: int | None = None) -> int:
        """The number of consistent worlds in the sampler's model.

        A world assigns every unseen tile (and every tile another seat has played) to a
        class of interchangeable slots (a seat's dealt tiles and draws that allow the
        same tiles form one class; so do the boneyard's places). Every world stands for
        the same number of deals, so drawing worlds uniformly draws deals uniformly.

        ``budget`` bounds the work of the first count (the one `sample` and
        `sample_deal` share): the most states of the counting's memo it may build
        (None: no bound). Once counted, the observation answers at once, whatever the
        budget.

        Raises:
            ArgumentTypeError: ``budget`` is not an int or None.
            ArgumentValueError: ``budget`` is below 1.
            SamplingError: counting needs more states than ``budget``; nothing of it is
                kept, so a later call with a larger budget (or none) counts exactly.
        """
        budget = sampling.check_budget(budget)
        return sampling.count_worlds(self._model(), budget)

    def holders(self) -> dict[Tile, tuple[int, ...]]:
        """For every tile the seat cannot see, the seats that may hold it now.

        The boneyard is written ``-1``. A seat is listed exactly when some consistent
        world puts the tile in its hand.
        """
        return sampling.holders(self._model())

    def voids(self) -> tuple[frozenset[int], ...]:
        """Per seat, the pip values it is known to hold none of now.

        A pass (or a forced draw) shows the seat held nothing for the open ends then;
        later draws can bring those values back. The observing seat's own entry lists
        the values it truly lacks.
        """
        return sampling.voids(self, self._model())

    def sample(self, rng: random.Random, *, budget: int | None = None) -> HandState:
        """A complete `HandState` drawn uniformly among the deals consistent with this
        observation (its history is empty; its position is the sampled world's).

        The first sample counts the worlds (see `count_worlds`); ``budget`` is the most
        states of the counting's memo it may build, and where proposals are replayed
        (immediate block detection; a named opening tile with drawing for a double)
        the most units their replays may cost in one call (a move of the history each,
        and one more). Past it, sampling gives up with a `SamplingError` rather than
        return a sample that is not uniform; None (the default) means no bound, and the
        first sample of some positions with many seats then takes seconds.

        Raises:
            ArgumentTypeError: ``rng`` is not a `random.Random`, or ``budget`` not an
                int or None.
            ArgumentValueError: ``budget`` is below 1.
            SamplingError: the hand is over (every hand has been shown: nothing is
                hidden), or counting the worlds needs more states than ``budget``, or
                the replays of the proposals would pass it.
        """
        if not isinstance(rng, random.Random):
            raise ArgumentTypeError(
                f"rng must be a random.Random, got {type(rng).__name__}", argument="rng"
            )
        budget = sampling.check_budget(budget)
        if self.ending is not None:
            raise SamplingError("the hand is over: there is nothing hidden to sample")
        return self._sample_state(rng, budget)

    def sample_deal(self, rng: random.Random, *, budget: int | None = None) -> Deal:
        """A deal drawn uniformly among those consistent with this observation.

        The hands as dealt and the boneyard in draw order: replaying the public
        history from it (each draw taking the next boneyard tile) reaches a state this
        seat cannot tell from the real one. This is what a search that needs whole
        histories (OpenSpiel's information-set MCTS, say) resamples; `sample` gives the
        current position alone. ``budget`` bounds the first count and the replays as
        in `sample`.

        Raises:
            ArgumentTypeError: ``rng`` is not a `random.Random`, or ``budget`` not an
                int or None.
            ArgumentValueError: ``budget`` is below 1.
            SamplingError: the hand is over, the observation has no history to go by
                (its state was built from a position), or counting the worlds needs
                more states than ``budget``, or the replays would pass it.
        """
        if not isinstance(rng, random.Random):
            raise ArgumentTypeError(
                f"rng must be a random.Random, got {type(rng).__name__}", argument="rng"
            )
        budget = sampling.check_budget(budget)
        if self.ending is not None:
            raise SamplingError("the hand is over: there is nothing hidden to sample")
        if not self.full_history:
            raise SamplingError("the state was built from a position: its deal is unknown")
        return sampling.consistent_deal(self, self._model(), rng, self._replay, budget)[0]

    # ------------------------------------------------------------------ internals
    def _model(self) -> sampling.Model:
        model = self._cache.get("model")
        if model is None:
            model = self._cache["model"] = sampling.build_model(self)
        assert isinstance(model, sampling.Model)
        return model

    def _sample_state(self, rng: random.Random, budget: int | None = None) -> HandState:
        model = self._model()
        if model.replay:
            _, state = sampling.consistent_deal(self, model, rng, self._replay, budget)
            assert state is not None
            core = state._core
            return self._world(list(core[2]), list(core[3]))
        masks, boneyard = sampling.sample_world(self, model, rng, budget)
        return self._world(masks, boneyard)

    def _world(self, masks: list[int], boneyard: list[int]) -> HandState:
        """The state with these hands (bitmasks) and boneyard (tile indices)."""
        template = self._cache.get("template")
        if template is None:
            # the first world is built and checked through a position; later ones reuse
            # its public part
            from dominoes.state import _with_tiles  # noqa: PLC0415 (state imports us)

            hands = [[tile_from_index(i) for i in bit_indices(m)] for m in masks]
            state = self._state_from(hands, [tile_from_index(i) for i in boneyard])
            self._cache["template"] = (state, _with_tiles)
            return state
        first, with_tiles = template
        return with_tiles(first, tuple(masks), tuple(boneyard))  # type: ignore[no-any-return]

    def _replay(self, deal: Deal) -> HandState | None:
        """The state ``deal`` reaches through the public history, if it is one this
        observation describes; else ``None``."""
        from dominoes.state import _FAULTS, _RFALSE, HandState  # noqa: PLC0415 (state imports us)

        try:
            state = HandState.start(self.rules, deal)
            for entry in self.history:
                if state.turn != entry.seat or state.is_over:
                    return None
                state = state.apply(DRAW if isinstance(entry.move, Draw) else entry.move)
        except (DealError, IllegalMoveError):
            return None
        core = state._core
        if state.is_over or state.turn != self.turn or core[_FAULTS] != self.faults:
            return None
        if core[_RFALSE] != self.false_pass:
            return None
        # once the moves replay legally, seat by seat, with the same faults, the public
        # facts agree but for the opening, which depends on the hands
        if not self.line and state.observation(self.seat) != self:
            return None
        return state

    def _filled(self) -> HandState:
        """A state with this observation's public facts and the seat's hand (every hand,
        once the hand is over), the unseen tiles placed in canonical order."""
        groups: list[tuple[Tile, ...] | int]
        if self.hands is not None:
            groups = list(self.hands)
        else:
            groups = [self.hand if s == self.seat else n for s, n in enumerate(self.hand_sizes)]
        hands, boneyard = _fill(
            self.rules, groups, self.boneyard_size, self.line, self.opening, self.turn
        )
        return self._state_from([list(h) for h in hands], list(boneyard))

    def _state_from(self, hands: list[list[Tile]], boneyard: list[Tile]) -> HandState:
        """The state with these hands and boneyard and this observation's public facts."""
        position = Position(
            max_pip=self.rules.max_pip,
            hands=tuple(tuple(sorted(h)) for h in hands),
            boneyard=tuple(boneyard),
            line=self.line,
            lead=self.lead,
            turn=self.turn,
            opening=self.opening,
            ending=self.ending,
            round=self.round,
            drew=self.drew,
            last=self.last,
            false_pass=self.false_pass,
            faults=self.faults,
        )
        return _state_at(position, self.rules)


def _fill(
    rules: Ruleset,
    groups: list[tuple[Tile, ...] | int],
    boneyard: tuple[Tile, ...] | int,
    line: tuple[tuple[int, int], ...],
    opening: Tile | str | None,
    turn: int,
) -> tuple[tuple[tuple[Tile, ...], ...], tuple[Tile, ...]]:
    """Hands and boneyard with every hidden group (a count) filled with unseen tiles.

    The unseen tiles go out in canonical order, except that a forced opening tile no
    group shows goes to the seat to lead (the rules say it holds it). For a placeholder
    state that carries the public facts only.
    """
    seen = {t for g in groups if not isinstance(g, int) for t in g}
    if not isinstance(boneyard, int):
        seen.update(boneyard)
    seen.update(Tile(a, b) for a, b in line if max(a, b) <= rules.max_pip)
    unseen = [t for t in rules.tile_set if t not in seen]
    if isinstance(opening, Tile) and opening in unseen and turn < len(groups):
        unseen.remove(opening)
        before = sum(g for g in groups[:turn] if isinstance(g, int))
        unseen.insert(before, opening)
    counts = [g for g in groups if isinstance(g, int)]
    counts += [boneyard] if isinstance(boneyard, int) else []
    if sum(counts) != len(unseen):
        raise NotationError(
            f"bad position (hands): {sum(counts)} hidden tiles, but the double-"
            f"{rules.max_pip} set leaves {len(unseen)} tiles unseen",
            text="",
            what="position hands",
        )
    it = iter(unseen)
    hands = tuple(
        tuple(sorted(next(it, Tile(0, 0)) for _ in range(g))) if isinstance(g, int) else g
        for g in groups
    )
    rest = (
        tuple(next(it, Tile(0, 0)) for _ in range(boneyard))
        if isinstance(boneyard, int)
        else boneyard
    )
    return hands, rest


def _state_at(position: Position, rules: Ruleset) -> HandState:
    """`HandState.from_position`, for this module (the state module imports this one)."""
    from dominoes.state import HandState  # noqa: PLC0415 (state imports this module)

    return HandState.from_position(position, rules)


OBSERVATION_FORMAT: Final = "dominoes.observation"
"""The ``format`` key of `Observation.to_dict`."""
OBSERVATION_VERSION: Final = 1
"""The ``version`` key of `Observation.to_dict`."""


def _fault_data(fault: Fault) -> dict[str, Any]:
    return {"seat": fault.seat, "kind": fault.kind.value, "move_number": fault.move_number}


def _result_data(result: HandResult) -> dict[str, Any]:
    round_ = result.verification
    return {
        "ending": result.ending.value,
        "winners": list(result.winners),
        "pips": list(result.pips),
        "points": list(result.points),
        "domino_seat": result.domino_seat,
        "blocked_by": result.blocked_by,
        "verification": None if round_ is None else [round_.proposer, len(round_.confirmed)],
        "faults": [_fault_data(f) for f in result.faults],
        "penalties": list(result.penalties),
        "conceded_by": result.conceded_by,
    }


class _Reader:
    """Reads the values of `Observation.from_dict`, naming the key of a bad one."""

    def __init__(self, data: object, where: str) -> None:
        if not isinstance(data, Mapping):
            raise ArgumentValueError(
                f"{where} must be a mapping, got {type(data).__name__}", argument="data"
            )
        self.data = data
        self.where = where

    def bad(self, key: str, what: str) -> ArgumentValueError:
        value = self.data.get(key, None) if key in self.data else "nothing"
        shown = repr(value)
        if len(shown) > 40:
            shown = shown[:37] + "..."
        return ArgumentValueError(
            f"{self.where}[{key!r}] must be {what}, got {shown}", argument="data"
        )

    def raw(self, key: str) -> object:
        if key not in self.data:
            raise ArgumentValueError(f"{self.where} has no {key!r} key", argument="data")
        return self.data[key]

    def integer(self, key: str, *, optional: bool = False) -> Any:
        value = self.raw(key)
        if value is None and optional:
            return None
        if type(value) is not int or value < 0:
            raise self.bad(key, "a whole number from 0" + (" or null" if optional else ""))
        return value

    def flag(self, key: str) -> bool:
        value = self.raw(key)
        if type(value) is not bool:
            raise self.bad(key, "true or false")
        return value

    def sequence(self, key: str, *, optional: bool = False) -> Any:
        value = self.raw(key)
        if value is None and optional:
            return None
        if not isinstance(value, list | tuple):
            raise self.bad(key, "a list" + (" or null" if optional else ""))
        return value

    def ints(self, key: str, *, optional: bool = False) -> Any:
        items = self.sequence(key, optional=optional)
        if items is None:
            return None
        if not all(type(v) is int and v >= 0 for v in items):
            raise self.bad(key, "a list of whole numbers from 0")
        return tuple(items)

    def tiles(self, key: str, items: object = None) -> tuple[Tile, ...]:
        items = self.sequence(key) if items is None else items
        if not isinstance(items, list | tuple):
            raise self.bad(key, 'a list of tiles such as "6-4"')
        try:
            return tuple(Tile.parse(t) for t in items)
        except (NotationError, TypeError):
            raise self.bad(key, 'a list of tiles such as "6-4"') from None

    def enum(self, key: str, kind: type[_E], *, optional: bool = False) -> Any:
        value = self.raw(key)
        if value is None and optional:
            return None
        try:
            return kind(value)
        except (ValueError, TypeError):
            allowed = ", ".join(repr(m.value) for m in kind)
            raise self.bad(key, f"one of {allowed}") from None

    def faults(self, key: str) -> tuple[Fault, ...]:
        out = []
        for k, item in enumerate(self.sequence(key)):
            entry = _Reader(item, f"{self.where}[{key!r}][{k}]")
            out.append(
                Fault(
                    seat=entry.integer("seat"),
                    kind=entry.enum("kind", FaultKind),
                    move_number=entry.integer("move_number"),
                )
            )
        return tuple(out)


def _observation_from_data(data: Mapping[str, Any]) -> Observation:
    if not isinstance(data, Mapping):
        raise ArgumentTypeError(
            f"data must be a mapping (as Observation.to_dict writes), got {type(data).__name__}",
            argument="data",
        )
    read = _Reader(data, "data")
    if data.get("format") != OBSERVATION_FORMAT:
        raise read.bad("format", repr(OBSERVATION_FORMAT))
    if data.get("version") != OBSERVATION_VERSION:
        raise read.bad("version", f"{OBSERVATION_VERSION} (the only version there is)")
    rules_data = read.raw("rules")
    if not isinstance(rules_data, Mapping):
        raise read.bad("rules", "a mapping of ruleset fields")
    try:
        rules = Ruleset.from_dict(rules_data)
    except RulesetError as error:
        raise RulesetError(f"data['rules']: {error}", fields=error.fields) from None
    line = []
    for pair in read.sequence("line"):
        if not (
            isinstance(pair, list | tuple)
            and len(pair) == 2
            and all(type(v) is int and 0 <= v <= rules.max_pip for v in pair)
        ):
            raise read.bad("line", "a list of [a, b] pairs of pips in the set")
        line.append((pair[0], pair[1]))
    history = []
    for k, item in enumerate(read.sequence("history")):
        entry = _Reader(item, f"data['history'][{k}]")
        try:
            move = parse_move(entry.raw("move"))  # type: ignore[arg-type]
        except (NotationError, TypeError):
            raise entry.bad("move", 'a move token such as "6-4:L", "draw" or "pass"') from None
        history.append(Step(seat=entry.integer("seat"), move=move))
    opening_raw = read.raw("opening")
    opening: Tile | str | None = opening_raw  # type: ignore[assignment]
    if opening_raw not in (None, "any", "draw"):
        opening = read.tiles("opening", [opening_raw])[0]
    round_ = read.ints("round", optional=True)
    if round_ is not None and len(round_) != 2:
        raise read.bad("round", "[proposer, confirmed] or null")
    ending = read.enum("ending", Ending, optional=True)
    result_data = read.raw("result")
    result = None
    if result_data is not None:
        entry = _Reader(result_data, "data['result']")
        verification = entry.ints("verification", optional=True)
        if verification is not None and len(verification) != 2:
            raise entry.bad("verification", "[proposer, confirmed] or null")
        result = HandResult(
            ending=entry.enum("ending", Ending),
            winners=entry.ints("winners"),
            pips=entry.ints("pips"),
            points=entry.ints("points"),
            domino_seat=entry.integer("domino_seat", optional=True),
            blocked_by=entry.integer("blocked_by", optional=True),
            verification=None
            if verification is None
            else VerificationRound.after(verification[0], verification[1], rules.players),
            faults=entry.faults("faults"),
            penalties=entry.ints("penalties"),
            conceded_by=entry.integer("conceded_by", optional=True),
        )
    hands_data = read.sequence("hands", optional=True)
    hands = None
    if hands_data is not None:
        hands = tuple(read.tiles("hands", h) for h in hands_data)
    obs = Observation(
        rules=rules,
        seat=read.integer("seat"),
        hand=read.tiles("hand"),
        line=tuple(line),
        lead=read.integer("lead"),
        history=tuple(history),
        hand_sizes=read.ints("hand_sizes"),
        boneyard_size=read.integer("boneyard_size"),
        turn=read.integer("turn"),
        opening=opening,
        round=round_,
        drew=read.integer("drew"),
        last=read.integer("last", optional=True),
        false_pass=read.flag("false_pass"),
        faults=read.faults("faults"),
        ending=ending,
        result=result,
        full_history=read.flag("full_history"),
        hands=hands,
    )
    _check_position(obs)
    return obs


def _check_position(obs: Observation) -> None:
    """Refuse an observation whose position the rules do not allow."""
    rules = obs.rules
    if not obs.seat < rules.players or len(obs.hand_sizes) != rules.players:
        raise ArgumentValueError(
            f"data['seat'] and data['hand_sizes'] must fit the {rules.players} seats",
            argument="data",
        )
    if obs.hand_sizes[obs.seat] != len(obs.hand) or tuple(sorted(obs.hand)) != obs.hand:
        raise ArgumentValueError(
            "data['hand'] must list the seat's tiles in canonical order, as many as "
            "data['hand_sizes'] says",
            argument="data",
        )
    if (obs.ending is None) != (obs.result is None) or (obs.ending is None) != (obs.hands is None):
        raise ArgumentValueError(
            "data['ending'], data['result'] and data['hands'] must all be given once the "
            "hand is over, and all be null before",
            argument="data",
        )
    try:
        filled = obs._filled()
    except (NotationError, DealError) as error:
        raise ArgumentValueError(
            f"data describes an impossible position: {error}", argument="data"
        ) from None
    if filled.observation(obs.seat) != attrs.evolve(
        obs, history=(), full_history=False, result=filled.result
    ) or (obs.result is not None and obs.result != filled.result):
        raise ArgumentValueError(
            "data describes an impossible position: its fields do not agree",
            argument="data",
        )


def _observation_from_position(position: str, rules: Ruleset, seat: int) -> Observation:
    if not isinstance(rules, Ruleset):
        raise ArgumentTypeError(f"rules must be a Ruleset, got {rules!r}", argument="rules")
    if type(seat) is not int or not 0 <= seat < rules.players:
        raise ArgumentValueError(
            f"seat must be a seat at the table, 0 to {rules.players - 1}; got {seat!r}",
            argument="seat",
        )
    p = parse_position(position)
    text = position if isinstance(position, str) else ""
    hidden = [isinstance(h, int) for h in p.hands] + [isinstance(p.boneyard, int)]
    if len(p.hands) > seat and hidden[seat]:
        raise NotationError(
            f"bad position (hands): seat {seat}'s own hand is hidden", text=text, what="position"
        )
    if any(hidden) and p.ending is not None:
        raise NotationError(
            "bad position (hands): a finished hand shows every hand", text=text, what="position"
        )
    hands, boneyard = _fill(rules, list(p.hands), p.boneyard, p.line, p.opening, p.turn)
    full = attrs.evolve(p, hands=hands, boneyard=boneyard)
    return _state_at(full, rules).observation(seat)
