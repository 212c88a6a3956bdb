"""Deals: who holds which tile, and the boneyard in draw order."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from operator import itemgetter
from typing import Any, Final

import attrs

from dominoes.errors import ArgumentTypeError, DealError, DealProblem, NotationError
from dominoes.errors import shown as _shown
from dominoes.rules import EngineSource, NoDoubleRule, Opening, Ruleset
from dominoes.tiles import MAX_SET, TILE_BITS, Tile, TileSet, tile_from_index, tile_index

__all__ = ["Deal", "dealt_set", "required_tiles"]

_ALL = TileSet.double(MAX_SET).tiles
"""Every interned tile a set can hold, in index order (a deal picks from its start)."""
_BITS = list(TILE_BITS)
"""``TILE_BITS`` as a list (in a loop, a list's item is the quicker to read)."""
_BIT = _BITS.__getitem__


def _tile(value: Any, where: str, seat: int | None) -> Tile:
    if isinstance(value, Tile):
        return value
    if isinstance(value, str):
        try:
            return Tile.parse(value)
        except NotationError as error:
            raise NotationError(
                f"{where} is not a tile: {_shown(value)} (write tiles like '6-4')",
                text=error.text,
                what=error.what,
            ) from None
    raise DealError(
        f"{where} must be a Tile or a tile string such as '6-4', got {_shown(value)}",
        reason=DealProblem.NOT_A_TILE,
        seat=seat,
    )


def _tiles(values: Iterable[Any], where: str, seat: int | None) -> tuple[Tile, ...]:
    if isinstance(values, str | bytes) or not isinstance(values, Iterable):
        raise DealError(
            f"{where} must be a sequence of tiles, got {_shown(values)}",
            reason=DealProblem.NOT_A_TILE,
            seat=seat,
        )
    given = tuple(values)
    for v in given:
        if v.__class__ is not Tile:
            return tuple(_tile(v, f"{where}[{i}]", seat) for i, v in enumerate(given))
    return given


def _hands(values: Iterable[Iterable[Any]]) -> tuple[tuple[Tile, ...], ...]:
    if isinstance(values, str | bytes) or not isinstance(values, Iterable):
        raise DealError(
            f"hands must be a sequence of hands (one sequence of tiles per seat), "
            f"got {_shown(values)}",
            reason=DealProblem.NOT_A_TILE,
        )
    return tuple(_tiles(h, f"hands[{seat}]", seat) for seat, h in enumerate(values))


def _boneyard(values: Iterable[Any]) -> tuple[Tile, ...]:
    return _tiles(values, "boneyard", None)


@attrs.frozen(kw_only=True)
class Deal:
    """The hands as dealt and the boneyard in draw order (``boneyard[0]`` is drawn first).

    A deal is plain data; `HandState.start` checks
    that it fits a ruleset (sizes, duplicates, tiles outside the set, the whole set
    present). Tiles may be given as `Tile` or as strings:

    >>> d = Deal(hands=[["6-6", "1-2"], ["0-0", "5-4"]], boneyard=["3-3"])
    >>> d.hands[1]
    (Tile(0, 0), Tile(4, 5))
    """

    hands: tuple[tuple[Tile, ...], ...] = attrs.field(converter=_hands)
    """One tuple of tiles per seat, in seat order."""
    boneyard: tuple[Tile, ...] = attrs.field(default=(), converter=_boneyard)
    """The undealt tiles, in the order they would be drawn."""
    hand_masks: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    """Each hand as a bitmask, in seat order: bit ``i`` is set when the hand holds the
    tile of index ``i`` (`Tile.index`). Derived from `hands`; equality and hashing
    compare `hands` and `boneyard` only."""
    boneyard_mask: int = attrs.field(init=False, eq=False, repr=False)
    """The boneyard as a bitmask, as `hand_masks` (derived from `boneyard`)."""
    boneyard_indices: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    """The `Tile.index` of each boneyard tile, in draw order (derived from `boneyard`)."""

    def __attrs_post_init__(self) -> None:
        masks = []
        for hand in self.hands:
            m = 0
            for t in hand:
                m |= 1 << t.index
            masks.append(m)
        indices = tuple(t.index for t in self.boneyard)
        m = 0
        for i in indices:
            m |= 1 << i
        _SET_MASKS(self, tuple(masks))
        _SET_BONEYARD_MASK(self, m)
        _SET_INDICES(self, indices)

    @classmethod
    def random(
        cls, rules: Ruleset, *, seed: int | None = None, rng: random.Random | None = None
    ) -> Deal:
        """Shuffle the set and deal it for ``rules``.

        Give ``seed`` (an int) or ``rng`` (a `random.Random`), not both.
        The global `random` state is never used: with neither, a fresh
        generator seeded from the operating system is used. The same seed gives
        the same deal on every platform (the shuffle is
        `random.Random.shuffle` of the set in canonical order, less a train game's
        set-aside engine double, `dealt_set`, then hands are
        dealt in blocks to seats 0, 1, ... and the rest is the boneyard).

        Raises:
            ArgumentTypeError: ``rules`` is not a `Ruleset`, ``seed`` is not an ``int``,
                ``rng`` is not a `random.Random`, or both ``seed`` and ``rng`` were
                given (a `TypeError`).

        >>> from dominoes import Ruleset
        >>> Deal.random(Ruleset.block(), seed=7) == Deal.random(Ruleset.block(), seed=7)
        True
        """
        last = _LAST_PLAN[0]
        if last[0] is rules:  # the ruleset of the deal before: no hash of it
            plan = last[1]
        else:
            if not isinstance(rules, Ruleset):
                raise ArgumentTypeError(
                    f"rules must be a Ruleset, got {_shown(rules)}", argument="rules"
                )
            plan = _plan_for(rules)
        if rng is None:
            if seed is not None and type(seed) is not int:
                raise ArgumentTypeError(
                    f"seed must be an int or None, got {_shown(seed)}", argument="seed"
                )
            rng = random.Random(seed)
        elif seed is not None:
            raise ArgumentTypeError("give seed or rng, not both (rng was given)", argument="rng")
        elif not isinstance(rng, random.Random):
            raise ArgumentTypeError(
                f"rng must be a random.Random, got {_shown(rng)}", argument="rng"
            )
        whole, dealt, wanted, cut, steps, canonical = plan  # type: ignore[misc]
        bits = plain_getrandbits(rng)
        for _ in range(_MAX_REDEALS):
            order = canonical.copy()
            if bits is None:
                rng.shuffle(order)
            else:
                # `random.Random.shuffle` inlined (the same draws, so the same order; a
                # test compares the two): i from the last index down to 1, j drawn below
                # i + 1 as `_randbelow_with_getrandbits` draws it, with k = (i + 1).bit_length()
                for i, n, k in steps:
                    j = bits(k)
                    while j >= n:
                        j = bits(k)
                    order[i], order[j] = order[j], order[i]
            if wanted is None or wanted & sum(map(_BIT, order[:dealt])):
                break
        else:  # pragma: no cover - the odds are below 1e-100 for every valid ruleset
            raise DealError(
                f"no deal in {_MAX_REDEALS} shuffles held the opening tile",
                reason=DealProblem.NO_OPENING_TILE,
            )
        masks = []
        for part in cut(order):
            m = 0
            for i in part:
                m |= _BITS[i]
            masks.append(m)
        shuffled = itemgetter(*order)(_ALL)  # a ruleset's set has at least 2 tiles
        deal = object.__new__(cls)
        _SET_HANDS(deal, cut(shuffled))
        _SET_BONEYARD(deal, shuffled[dealt:])
        _SET_MASKS(deal, tuple(masks))
        # the deal is whole (`dealt_set`): the boneyard is what the hands do not hold
        _SET_BONEYARD_MASK(deal, whole ^ sum(masks))
        _SET_INDICES(deal, tuple(order[dealt:]))
        return deal


_MAX_REDEALS = 10_000

_SHUFFLE: Final = random.Random.shuffle
_RANDRANGE: Final = random.Random.randrange
_RANDBELOW: Final = getattr(random.Random, "_randbelow_with_getrandbits", None)


def plain_getrandbits(rng: random.Random) -> Callable[[int], int] | None:
    """``rng.getrandbits`` when ``rng``'s ``randrange`` and ``shuffle`` are those of
    `random.Random` and draw through ``_randbelow_with_getrandbits`` over it (a
    `random.Random`, or a subclass that keeps all three), else ``None``. A loop that
    draws with it inline as those methods do makes the same draws (for the engine's
    tight loops; not part of the API)."""
    cls = rng.__class__
    if (
        _RANDBELOW is not None
        and cls.randrange is _RANDRANGE
        and cls.shuffle is _SHUFFLE
        and getattr(cls, "_randbelow", None) is _RANDBELOW
    ):
        return rng.getrandbits
    return None


_Plan = tuple[
    int,
    int,
    int | None,
    Callable[[Sequence[Any]], tuple[Any, ...]],
    tuple[tuple[int, int, int], ...],
    list[int],
]
_PLANS: dict[Ruleset, _Plan] = {}
"""Per ruleset: (the tiles a deal holds as a bitmask, `dealt_set`, tiles dealt,
`required_tiles`, a function that cuts a sequence in the order of the deal into the
hands' parts (a tuple, one a seat), the steps
of the inlined shuffle: (i, i + 1, (i + 1).bit_length()) from the last index down to 1,
the indices of the tiles a deal holds in canonical order: the list each shuffle copies,
never changed)."""


_LAST_PLAN: list[tuple[Ruleset | None, _Plan | None]] = [(None, None)]
"""The ruleset dealt for last and its plan, as one pair (replaced whole): found without
hashing the ruleset, whose hash is a call of its Python-level ``__hash__``."""


def _plan_for(rules: Ruleset) -> _Plan:
    """The plan of ``rules`` (a `Ruleset`), from the cache or made now."""
    plan = _PLANS.get(rules)
    if plan is None:
        plan = _plan(rules)
    _LAST_PLAN[0] = (rules, plan)
    return plan


def _plan(rules: Ruleset) -> _Plan:
    """What `Deal.random` needs of ``rules``, computed once per ruleset (bounded cache)."""
    size = rules.tile_set.size
    tile_from_index(size - 1)  # the set's tiles are interned in _ALL
    whole = dealt_set(rules)
    canonical = [i for i in range(size) if whole >> i & 1]
    h = rules.hand_size
    # (at least 2 seats: itemgetter of several items gives a tuple)
    cut = itemgetter(*(slice(p * h, (p + 1) * h) for p in range(rules.players)))
    steps = tuple((i, i + 1, (i + 1).bit_length()) for i in range(len(canonical) - 1, 0, -1))
    plan = (whole, rules.players * h, required_tiles(rules), cut, steps, canonical)
    if len(_PLANS) >= 256:
        _PLANS.clear()
    _PLANS[rules] = plan
    return plan


def dealt_set(rules: Ruleset) -> int:
    """The bitmask of the tiles a deal under ``rules`` holds, hands and boneyard together
    (bit ``i``: the tile of index ``i``, `Tile.index`): the whole set, but for the engine
    double of a train game that sets it aside before the deal (`EngineSource.SET_ASIDE`,
    rule TRAIN-1). `Deal.random` deals these tiles and `HandState.start` wants them all.

    >>> from dominoes import Ruleset
    >>> dealt_set(Ruleset.preset("block")) == (1 << 28) - 1
    True
    >>> rules = Ruleset.preset("mexican-train")
    >>> [str(t) for t in rules.tile_set if not dealt_set(rules) >> t.index & 1]
    ['12-12']

    Raises:
        ArgumentTypeError: ``rules`` is not a `Ruleset`.
    """
    if not isinstance(rules, Ruleset):
        raise ArgumentTypeError(f"rules must be a Ruleset, got {_shown(rules)}", argument="rules")
    whole = (1 << rules.tile_set.size) - 1
    if rules.trains and rules.engine_source is EngineSource.SET_ASIDE:
        engine = rules.engine_double
        whole ^= 1 << tile_index(engine, engine)
    return whole


def required_tiles(rules: Ruleset) -> int | None:
    """The bitmask of the tiles of which one must be dealt under ``rules`` (rule LEAD-4:
    redeal until someone holds the opening tile, or a double; rule TRAIN-1: the engine
    double, under `EngineSource.HOLDER`), or ``None`` when any deal stands.

    >>> from dominoes import Ruleset
    >>> from dominoes.rules import NoDoubleRule
    >>> required_tiles(Ruleset.preset("block")) is None
    True
    >>> mask = required_tiles(Ruleset.preset("block", no_double=NoDoubleRule.REDEAL))
    >>> [str(t) for t in Ruleset.preset("block").tile_set if mask >> t.index & 1]
    ['0-0', '1-1', '2-2', '3-3', '4-4', '5-5', '6-6']

    Raises:
        ArgumentTypeError: ``rules`` is not a `Ruleset`.
    """
    if not isinstance(rules, Ruleset):
        raise ArgumentTypeError(f"rules must be a Ruleset, got {_shown(rules)}", argument="rules")
    if rules.trains:
        if rules.engine_source is not EngineSource.HOLDER:
            return None
        engine = rules.engine_double
        return 1 << tile_index(engine, engine)
    if rules.no_double is not NoDoubleRule.REDEAL or rules.opening is Opening.SEAT_ANY_TILE:
        return None
    if rules.opening is Opening.HOLDER_OF_TILE:
        assert rules.opening_tile is not None
        return 1 << rules.opening_tile.index
    return sum(1 << tile_index(d, d) for d in range(rules.max_pip + 1))


_SET_HANDS = Deal.__dict__["hands"].__set__
_SET_BONEYARD = Deal.__dict__["boneyard"].__set__
_SET_MASKS = Deal.__dict__["hand_masks"].__set__
_SET_BONEYARD_MASK = Deal.__dict__["boneyard_mask"].__set__
_SET_INDICES = Deal.__dict__["boneyard_indices"].__set__
