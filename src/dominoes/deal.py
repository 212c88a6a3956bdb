"""Deals: who holds which tile, and the boneyard in draw order."""

from __future__ import annotations

import random
from collections.abc import Iterable
from operator import itemgetter
from typing import Any

import attrs

from dominoes.errors import ArgumentTypeError, DealError, DealProblem, NotationError
from dominoes.errors import shown as _shown
from dominoes.rules import NoDoubleRule, Opening, Ruleset
from dominoes.tiles import MAX_SET, Tile, TileSet, tile_from_index, tile_index

__all__ = ["Deal", "required_tiles"]

_ALL = TileSet.double(MAX_SET).tiles
"""Every interned tile a set can hold, in index order (a deal picks from its start)."""


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
    return tuple(_tile(v, f"{where}[{i}]", seat) for i, v in enumerate(values))


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

    @classmethod
    def random(
        cls, rules: Ruleset, *, seed: int | None = None, rng: random.Random | None = None
    ) -> Deal:
        """Shuffle the set and deal it for ``rules``.

        Give ``seed`` (an int) or ``rng`` (a `random.Random`), not both.
        The global `random` state is never used: with neither, a fresh
        generator seeded from the operating system is used. The same seed gives
        the same deal on every platform (the shuffle is
        `random.Random.shuffle` of the set in canonical order, then hands are
        dealt in blocks to seats 0, 1, ... and the rest is the boneyard).

        Raises:
            ArgumentTypeError: ``rules`` is not a `Ruleset`, ``seed`` is not an ``int``,
                ``rng`` is not a `random.Random`, or both ``seed`` and ``rng`` were
                given (a `TypeError`).

        >>> from dominoes import Ruleset
        >>> Deal.random(Ruleset.block(), seed=7) == Deal.random(Ruleset.block(), seed=7)
        True
        """
        if not isinstance(rules, Ruleset):
            raise ArgumentTypeError(
                f"rules must be a Ruleset, got {_shown(rules)}", argument="rules"
            )
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
        size = rules.tile_set.size
        tile_from_index(size - 1)
        h = rules.hand_size
        dealt = rules.players * h
        wanted = required_tiles(rules)
        for _ in range(_MAX_REDEALS):
            order = list(range(size))
            rng.shuffle(order)
            if wanted is None or wanted & sum(1 << i for i in order[:dealt]):
                break
        else:  # pragma: no cover - the odds are below 1e-100 for every valid ruleset
            raise DealError(
                f"no deal in {_MAX_REDEALS} shuffles held the opening tile",
                reason=DealProblem.NO_OPENING_TILE,
            )
        shuffled = itemgetter(*order)(_ALL)  # a ruleset's set has at least 2 tiles
        hands = tuple(shuffled[p * h : (p + 1) * h] for p in range(rules.players))
        boneyard = shuffled[dealt:]
        deal = object.__new__(cls)
        _SET_HANDS(deal, hands)
        _SET_BONEYARD(deal, boneyard)
        return deal


_MAX_REDEALS = 10_000


def required_tiles(rules: Ruleset) -> int | None:
    """The bitmask of the tiles of which one must be dealt under ``rules`` (rule LEAD-4:
    redeal until someone holds the opening tile, or a double), or ``None`` when any deal
    stands.

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
    if rules.no_double is not NoDoubleRule.REDEAL or rules.opening is Opening.SEAT_ANY_TILE:
        return None
    if rules.opening is Opening.HOLDER_OF_TILE:
        assert rules.opening_tile is not None
        return 1 << rules.opening_tile.index
    return sum(1 << tile_index(d, d) for d in range(rules.max_pip + 1))


_SET_HANDS = Deal.__dict__["hands"].__set__
_SET_BONEYARD = Deal.__dict__["boneyard"].__set__
