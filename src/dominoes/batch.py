"""A batched engine: many hands of one game at once, in numpy arrays.

`Batch` holds ``size`` hands of one ruleset of the line family (Block and Draw: 2 to 12
seats, partnership, every opening rule, the three drawing rules, voluntary drawing, a
boneyard floor, immediate detection or the verification round; strict faults only) or
of the spinner family (layouts with arms, docs/rules/spinner.md: every spinner rule, the
fills of SPIN-2 to SPIN-4, every way of counting, scoring on play by fives, fives and
threes or Bergen's headers, PART-3, Chicken Foot's toes; not claimed scores) as
arrays: each seat's hand a bit mask over tile indices in a ``uint64`` (so sets up to 64
tiles, double-9 at most), the boneyard in draw order, the open ends (or the arms), the
seat to move, the verification round and how each hand ended. `Batch.legal_mask` gives
the legal actions of every hand in the `ActionCodec` numbering, `Batch.step` applies one
action per hand with whole-array operations (no Python loop over hands),
`Batch.step_random` samples and applies uniform legal actions in one go, `Batch.observe`
gives the `ObservationEncoder` vectors, and `Batch.state` rebuilds any hand as a
`HandState`. In a game that scores on play, a step's rewards are the points it scored on
play, plus the hand's end points when it ends it (docs/batch.md).

Deals are dealt for the whole batch at once and replayed one at a time by the scalar
engine: hand ``i``'s ``d``-th deal after ``reset(s)`` is
``Deal.random(rules, rng=HandRandom(s, i, d))`` (`HandRandom`: a counter-based generator
whose shuffle sorts the tiles by keys numpy computes for many hands at once). This
module needs numpy (the ``numpy`` extra); the core never imports it.
"""

from __future__ import annotations

import os
import random
from collections.abc import MutableSequence, Sequence
from typing import Any

import attrs
import numpy as np
import numpy.typing as npt

from dominoes.codec import ActionCodec, ObservationEncoder
from dominoes.deal import Deal, required_tiles
from dominoes.errors import ArgumentTypeError, ArgumentValueError, IllegalMoveError, RulesetError
from dominoes.errors import shown as _shown
from dominoes.moves import Play
from dominoes.notation import parse_position
from dominoes.rules import (
    BlockDetection,
    BlockTie,
    BlockWinner,
    ClaimRule,
    DominoWinner,
    DrawRule,
    FaultMode,
    NoDoubleRule,
    Opening,
    PartnerPips,
    PartnershipOut,
    PlayScoring,
    Ruleset,
    Scoring,
    SpinnerCount,
    SpinnerFill,
    SpinnerRule,
)
from dominoes.scoring import Ending, play_points
from dominoes.state import HandState, Phase
from dominoes.tiles import tile_index

__all__ = ["MAX_BATCH_TILES", "Batch", "HandRandom"]

MAX_BATCH_TILES = 64
"""The most tiles a set may have in a batch: a hand is one ``uint64`` bit mask
(double-9, 55 tiles, fits; double-10, 66, does not)."""

_MAX_SIZE = 1 << 32
"""Hand and deal numbers are below this (32 bits each in a hand's stream, `HandRandom`)."""

# how a hand ended (the `ended` array): still playing, a domino, a block
_PLAYING = 0
_DOMINO = 1
_BLOCKED = 2
_HELD = 3  # (`Batch.step` with ``where``: a hand that waits, for the length of the step)

# an arm's state (the `_arms_state` array, layouts with arms)
_ARM_ABSENT = 0
_ARM_WAITING = 1
_ARM_OPEN = 2
_ARM_CLOSED = 3

_NO_SPINNER = -2  # (`_arms_org`: a root's further toes, FOOT-1, are no spinner's sides)
_ALL_FOUR = (SpinnerFill.ALL_FOUR_FIRST, SpinnerFill.TOES_FIRST)  # SPIN-3, FOOT-1, FOOT-2

# before the lead (the `opening` array): the tile to lead, any tile, or drawing for a
# double (LEAD-5)
_ANY = -1
_DRAW_FOR_DOUBLE = -2

_ENDINGS = {Ending.DOMINO: _DOMINO, Ending.BLOCKED: _BLOCKED}
"""The endings a batch holds (`Batch.load`), as the `ended` array writes them."""

Int64Array = npt.NDArray[np.int64]
_Masks = npt.NDArray[np.uint64]
BoolArray = npt.NDArray[np.bool_]
FloatArray = npt.NDArray[np.float32]


def _bonus_field(rules: Ruleset) -> str:
    """The first partnership bonus field of ``rules`` that is on (rules BONUS-1 to
    BONUS-4), else ``"capicua_bonus"``."""
    for field in attrs.fields(Ruleset):
        value = getattr(rules, field.name)
        if field.name.endswith("_bonus") and type(value) is int and value:
            return field.name
    return "capicua_bonus"


def _unsupported(rules: Ruleset) -> tuple[str, str] | None:
    """(field, why) of the first field of ``rules`` the batch does not play, if any."""
    checks: tuple[tuple[str, bool, str], ...] = (
        ("trains", rules.trains, "train games are not batched yet"),
        *_arms_unsupported(rules),
        ("faults", rules.faults is not FaultMode.STRICT, "only strict faults are batched"),
        ("scoring", rules.scoring is Scoring.CASCADE, "cascade scoring is not batched"),
        (
            _bonus_field(rules),
            rules.has_bonuses,
            "partnership bonuses (BONUS-1 to BONUS-4) are not batched",
        ),
    )
    for field, bad, why in checks:
        if bad:
            return field, why
    if rules.tile_set.size > MAX_BATCH_TILES:
        return "max_pip", (
            f"max_pip {rules.max_pip} makes a set of {rules.tile_set.size} tiles, more than "
            f"the {MAX_BATCH_TILES} a batch holds in one uint64 per hand (double-9 at most)"
        )
    return None


def _arms_unsupported(rules: Ruleset) -> tuple[tuple[str, bool, str], ...]:
    """The checks of `_unsupported` for a layout with arms (the spinner family)."""
    return (
        (
            "claim_rule",
            rules.has_arms and rules.claim_rule is not ClaimRule.AUTO,
            "claimed scores and muggins (CLAIM-1 to CLAIM-3) are not batched",
        ),
    )


_HAS_BITWISE_COUNT = hasattr(np, "bitwise_count")  # numpy 2


def _popcount(masks: npt.NDArray[np.uint64]) -> Int64Array:
    """The number of bits set in each mask."""
    if _HAS_BITWISE_COUNT:
        return np.bitwise_count(masks).astype(np.int64)
    return _sum_bits(masks, _COUNTS)  # pragma: no cover - numpy 1


_BYTE_SELECT = np.array(
    [
        [
            next((j for j in range(8) if sum(b >> i & 1 for i in range(j + 1)) == r + 1), 0)
            for r in range(8)
        ]
        for b in range(256)
    ],
    dtype=np.int64,
)
"""For each byte value and rank ``r``, the position of its ``r``-th set bit (from 0)."""
_BYTE_SELECT_FLAT = _BYTE_SELECT.reshape(-1)
"""`_BYTE_SELECT` flat: the position of the ``r``-th set bit of byte ``b`` at ``8b + r``."""


def _popcount8(masks: npt.NDArray[np.uint64]) -> npt.NDArray[Any]:
    """The number of bits set in each mask, in the narrowest type numpy gives."""
    if _HAS_BITWISE_COUNT:
        counts: npt.NDArray[Any] = np.bitwise_count(masks)
        return counts
    return _popcount(masks)  # pragma: no cover - numpy 1


def _select(masks: npt.NDArray[np.uint64], rank: npt.NDArray[Any], bits: int) -> Int64Array:
    """The position of the ``rank``-th set bit of each mask (from 0; ``rank`` below the
    mask's bit count; the masks below ``2**bits``), halving the word as often as
    ``bits`` needs and then reading a byte table (the ranks as bytes: every operation
    of one type, which numpy does fastest)."""
    rank = rank.astype(np.uint8)
    base = np.zeros(masks.shape, dtype=np.uint64)
    m = masks
    for width in (32, 16, 8):
        if bits <= width:
            continue
        count = _popcount8(m & np.uint64((1 << width) - 1))
        high = rank >= count
        rank -= count * high
        shift = high * np.uint64(width)
        m = m >> shift
        base += shift
    index = (m & np.uint64(255)) << np.uint64(3)
    index += rank
    out: Int64Array = _BYTE_SELECT_FLAT.take(index.view(np.int64))
    out += base.view(np.int64)
    return out


def _sum_bits(masks: npt.NDArray[np.uint64], table: Int64Array) -> Int64Array:
    """The sum of a per-tile value over the tiles of each mask: ``table`` is a
    `_byte_table`, read once per byte of the masks it covers."""
    out = np.zeros(masks.shape, dtype=np.int64)
    for k in range(len(table)):
        out += table[k][((masks >> np.uint64(8 * k)) & np.uint64(255)).astype(np.intp)]
    return out


def _byte_table(values: list[int]) -> Int64Array:
    """For each byte ``k`` of a mask over ``len(values)`` tiles and each of its 256
    values, the sum of ``values`` over the tiles it holds (``ceil(len / 8)`` x 256): a
    mask's sum is one lookup a byte."""
    table = np.zeros(((len(values) + 7) // 8, 256), dtype=np.int64)
    for k in range(len(table)):
        for b in range(256):
            table[k, b] = sum(
                values[8 * k + j] for j in range(8) if b >> j & 1 and 8 * k + j < len(values)
            )
    return table


def _union(masks: npt.NDArray[Any]) -> npt.NDArray[Any]:
    """The union (bitwise or) of the masks of each row of ``masks`` ``(K, m)``, bit
    masks or bools (column by column: quicker than a reduction along short rows)."""
    out = masks[:, 0].copy()
    for k in range(1, masks.shape[1]):
        out |= masks[:, k]
    return out


def _columns_sum(x: npt.NDArray[Any]) -> Int64Array:
    """The sum of the columns of a ``(rows, k)`` array, ``(rows,)`` (as `_union`)."""
    out = x[:, 0].astype(np.int64)
    for j in range(1, x.shape[1]):
        out += x[:, j]
    return out


_COUNTS = _byte_table([1] * MAX_BATCH_TILES)
"""The `_byte_table` of bit counts (for numpy 1, which has no ``bitwise_count``)."""

# ---------------------------------------------------------------------- the deals' keys
_MASK64 = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15  # SplitMix64's increment
_MIX1 = 0xBF58476D1CE4E5B9  # and its finaliser's multipliers
_MIX2 = 0x94D049BB133111EB
_KEY_SHIFT = 6
"""A shuffle sorts by the top 58 bits of each position's key, ties by position (numpy
sorts the keys with the position in the 6 low bits: sets of at most 64 tiles)."""
_STATE_VERSION = "dominoes.batch.HandRandom/1"


def _mix(z: int) -> int:
    """SplitMix64's finaliser of the 64-bit ``z`` (a bijection of 64-bit words)."""
    z = ((z ^ (z >> 30)) * _MIX1) & _MASK64
    z = ((z ^ (z >> 27)) * _MIX2) & _MASK64
    return z ^ (z >> 31)


def _mix_array(z: npt.NDArray[np.uint64]) -> npt.NDArray[np.uint64]:
    """`_mix` of every word of ``z``, in place (numpy's ``uint64`` arithmetic wraps)."""
    tmp = np.empty_like(z)
    for shift, factor in ((30, _MIX1), (27, _MIX2)):
        np.right_shift(z, np.uint64(shift), out=tmp)
        z ^= tmp
        z *= np.uint64(factor)
    np.right_shift(z, np.uint64(31), out=tmp)
    z ^= tmp
    return z


def _seed_key(seed: int) -> int:
    """A 64-bit key of a seed of any size: its 64-bit words, lowest first, mixed in turn."""
    key = _mix(seed & _MASK64)
    seed >>= 64
    while seed:
        key = _mix(key ^ (seed & _MASK64))
        seed >>= 64
    return key


def _check_stream(seed: object, hand: object, deal: object) -> tuple[int, int, int]:
    """``(seed, hand, deal)`` checked: ints, ``seed`` from 0, the others below 2**32."""
    for name, value in (("seed", seed), ("hand", hand), ("deal", deal)):
        if type(value) is not int:
            raise ArgumentTypeError(f"{name} must be an int, got {_shown(value)}", argument=name)
    assert isinstance(seed, int)
    assert isinstance(hand, int)
    assert isinstance(deal, int)
    if seed < 0:
        raise ArgumentValueError(f"seed must be 0 or more, got {seed}", argument="seed")
    for name, value in (("hand", hand), ("deal", deal)):
        if not 0 <= value < _MAX_SIZE:
            raise ArgumentValueError(
                f"{name} must be from 0 to 2**32 - 1, got {value}", argument=name
            )
    return seed, hand, deal


class HandRandom(random.Random):
    """The generator of hand ``hand``'s ``deal``-th deal in a batch reset with ``seed``:
    ``Deal.random(rules, rng=HandRandom(seed, hand, deal))`` is that deal (`Batch`).

    A counter-based generator: its stream key is output number ``deal * 2**32 + hand + 1``
    of SplitMix64 started at the seed's key (the seed's 64-bit words mixed in turn by
    SplitMix64's finaliser), and its ``c``-th word (from 0) is SplitMix64's output number
    ``c + 1`` started at the stream key. Any word can be computed without the ones before
    it, which is how `Batch` deals a whole batch in a few numpy operations.
    `shuffle` takes one word per position (its key) and sorts the positions by their
    keys' top 58 bits, ties by position; `random` takes the top 53 bits of a word,
    `getrandbits` whole words (the first the lowest), and the `random.Random` methods
    built on those two (``randrange``, ``choice``, ``sample``...) draw from the same
    stream. ``seed(a)`` starts a stream again: ``a`` an int is ``(a, 0, 0)``, a tuple
    is ``(seed, hand, deal)``, ``None`` takes a seed from the operating system.

    >>> from dominoes import Deal, Ruleset
    >>> rules = Ruleset.block()
    >>> Deal.random(rules, rng=HandRandom(7, 3)) == Deal.random(rules, rng=HandRandom(7, 3))
    True
    >>> rng = HandRandom(7, 3)
    >>> state = rng.getstate()
    >>> first = rng.random()
    >>> rng.setstate(state)
    >>> rng.random() == first
    True

    Raises:
        ArgumentTypeError: ``seed``, ``hand`` or ``deal`` is not an ``int``.
        ArgumentValueError: ``seed`` is negative, or ``hand`` or ``deal`` is not in
            0..2**32 - 1.
    """

    _key: int
    _count: int

    def __init__(self, seed: int | None = None, hand: int = 0, deal: int = 0) -> None:
        super().__init__(None if seed is None else (seed, hand, deal))  # type: ignore[arg-type]

    def seed(self, a: object = None, version: int = 2) -> None:
        """Start the stream of ``a``: ``(seed, hand, deal)``, or an int ``seed`` (hand 0,
        deal 0), or ``None`` (a seed from the operating system).

        Raises:
            ArgumentTypeError: ``a`` is none of those, or holds a value that is not an
                ``int``.
            ArgumentValueError: as `HandRandom`.
        """
        if a is None:
            a = (int.from_bytes(os.urandom(16), "little"), 0, 0)
        elif type(a) is int:
            a = (a, 0, 0)
        if type(a) is not tuple or len(a) != 3:
            raise ArgumentTypeError(
                f"a must be an int, a (seed, hand, deal) tuple or None, got {_shown(a)}",
                argument="a",
            )
        seed, hand, deal = _check_stream(*a)
        self._key = _mix((_seed_key(seed) + _GOLDEN * (((deal << 32) | hand) + 1)) & _MASK64)
        self._count = 0
        self.gauss_next = None

    def _words(self, k: int) -> list[int]:
        """The next ``k`` words of the stream."""
        key, c = self._key, self._count
        self._count = c + k
        return [_mix((key + _GOLDEN * (j + 1)) & _MASK64) for j in range(c, c + k)]

    def random(self) -> float:
        """A float in [0, 1): the top 53 bits of the next word."""
        return (self._words(1)[0] >> 11) * 2.0**-53

    def getrandbits(self, k: int, /) -> int:
        """An int of ``k`` random bits: the next ``ceil(k / 64)`` words, the first the
        lowest, cut to ``k`` bits (the top ``k`` bits of one word when ``k <= 64``).

        Raises:
            ArgumentTypeError: ``k`` is not an ``int``.
            ArgumentValueError: ``k`` is negative.
        """
        if type(k) is not int:
            raise ArgumentTypeError(f"k must be an int, got {_shown(k)}", argument="k")
        if k < 0:
            raise ArgumentValueError(f"k must be 0 or more, got {k}", argument="k")
        if k == 0:
            return 0
        words = self._words((k + 63) // 64)
        if len(words) == 1:
            return words[0] >> (64 - k)
        return sum(w << (64 * i) for i, w in enumerate(words)) & ((1 << k) - 1)

    def shuffle(self, x: MutableSequence[Any]) -> None:
        """Shuffle ``x`` in place: position ``i`` takes the next word as its key, and
        the items are put in the order of their keys' top 58 bits, ties by position.

        Raises:
            ArgumentTypeError: ``x`` is not a mutable sequence (a list, an array...).
        """
        if not (hasattr(x, "__len__") and hasattr(x, "__setitem__")):
            raise ArgumentTypeError(f"x must be a mutable sequence, got {_shown(x)}", argument="x")
        keys = [w >> _KEY_SHIFT for w in self._words(len(x))]
        items = [x[i] for i in sorted(range(len(x)), key=keys.__getitem__)]
        for i, item in enumerate(items):
            x[i] = item

    def getstate(self) -> tuple[Any, ...]:
        """The generator's state, for `setstate`."""
        return (_STATE_VERSION, self._key, self._count, self.gauss_next)

    def setstate(self, state: tuple[Any, ...]) -> None:
        """Restore a state from `getstate`.

        Raises:
            ArgumentValueError: ``state`` is not a `HandRandom` state.
        """
        if (
            type(state) is not tuple
            or len(state) != 4
            or state[0] != _STATE_VERSION
            or type(state[1]) is not int
            or type(state[2]) is not int
            or not 0 <= state[1] <= _MASK64
            or state[2] < 0
        ):
            raise ArgumentValueError(
                f"state must be a HandRandom state (getstate), got {_shown(state)}",
                argument="state",
            )
        _, self._key, self._count, self.gauss_next = state


def _shuffle_keys(
    streams: npt.NDArray[np.uint64], first: int, count: int
) -> npt.NDArray[np.uint64]:
    """The positions ``0..count - 1`` sorted by the keys `HandRandom.shuffle` gives them
    when the stream has used ``first`` words, per stream (``(K,)`` keys to ``(K,
    count)``): the keys with the position in their 6 low bits, sorted."""
    steps = np.arange(first + 1, first + count + 1, dtype=np.uint64) * np.uint64(_GOLDEN)
    z = _mix_array(streams[:, None] + steps[None, :])
    z >>= np.uint64(_KEY_SHIFT)
    z <<= np.uint64(_KEY_SHIFT)
    z |= np.arange(count, dtype=np.uint64)
    z.sort(axis=1)
    z &= np.uint64((1 << _KEY_SHIFT) - 1)
    return z


class Batch:
    """``size`` hands of one ruleset (the line or the spinner family), stepped together
    in numpy arrays.

    Not an immutable value (unlike `HandState`): `reset` and `step` change the batch in
    place, which is the point of it. Every hand starts over by `reset`; with
    ``autoreset=True`` a hand that ends in a `step` is dealt again at once (its next
    deal, `hand_random`), so that every hand is always playing.

    >>> from dominoes import Ruleset
    >>> batch = Batch(Ruleset.block(players=4, partnership=True), size=3)
    >>> batch.reset(7)
    >>> batch.legal_mask().shape
    (3, 86)
    >>> import numpy as np
    >>> rewards, done = batch.step(batch.sample_legal(np.random.default_rng(0)))
    >>> rewards.shape, done.shape
    ((3, 4), (3,))
    >>> batch.state(0) == batch.state(0)
    True

    Raises (at construction):
        ArgumentTypeError: ``rules`` is not a `Ruleset`, ``size`` not an ``int`` or
            ``autoreset`` not a ``bool``.
        ArgumentValueError: ``size`` is below 1 or above 2**32.
        RulesetError: the ruleset has a field the batch does not play (naming it): a
            set of more than 64 tiles, called scores (``claim_rule``), a train game,
            tolerant faults, cascade scoring or partnership bonuses.
    """

    __slots__ = (
        "_action_count",
        "_actions_of",
        "_arms",
        "_arms_both_out",
        "_arms_dbl",
        "_arms_fit",
        "_arms_k",
        "_arms_lead",
        "_arms_len",
        "_arms_need",
        "_arms_need_len",
        "_arms_org",
        "_arms_org_idx",
        "_arms_points",
        "_arms_release",
        "_arms_shows",
        "_arms_sides",
        "_arms_spin",
        "_arms_state",
        "_arms_suits",
        "_arms_table",
        "_arms_val",
        "_autoreset",
        "_bone",
        "_bone_mask",
        "_bpos",
        "_codec",
        "_deals",
        "_drew",
        "_encoder",
        "_ended",
        "_flat0",
        "_hands",
        "_heavy_desc",
        "_hi",
        "_key0",
        "_last",
        "_lead_order",
        "_left",
        "_lo",
        "_loaded",
        "_log",
        "_log_len",
        "_n",
        "_nx_bone",
        "_nx_bone_mask",
        "_nx_hands",
        "_nx_opening",
        "_nx_ready",
        "_nx_turn",
        "_nxt",
        "_opening",
        "_pip_table",
        "_pipsum",
        "_rcount",
        "_right",
        "_rprop",
        "_rules",
        "_seats",
        "_seed",
        "_shown",
        "_side_of",
        "_sides",
        "_size",
        "_suit",
        "_suit_ext",
        "_tile_bits",
        "_turn",
        "_voluntary",
        "_wanted",
    )

    def __init__(self, rules: Ruleset, *, size: int, autoreset: bool = False) -> None:
        if not isinstance(rules, Ruleset):
            raise ArgumentTypeError(
                f"rules must be a Ruleset, got {_shown(rules)}", argument="rules"
            )
        if type(size) is not int:
            raise ArgumentTypeError(f"size must be an int, got {_shown(size)}", argument="size")
        if not 1 <= size <= _MAX_SIZE:
            raise ArgumentValueError(
                f"size must be from 1 to 2**32 hands, got {size}", argument="size"
            )
        if type(autoreset) is not bool:
            raise ArgumentTypeError(
                f"autoreset must be a bool, got {_shown(autoreset)}", argument="autoreset"
            )
        problem = _unsupported(rules)
        if problem is not None:
            field, why = problem
            raise RulesetError(f"{field} is not supported by Batch: {why}", fields=(field,))
        self._rules = rules
        self._size = size
        self._autoreset = autoreset
        self._codec = codec = ActionCodec(rules)
        self._encoder = ObservationEncoder(rules)
        self._action_count = codec.size
        self._n = n = rules.tile_set.size
        tiles = list(rules.tile_set)
        self._lo = np.array([t.low for t in tiles], dtype=np.int64)
        self._hi = np.array([t.high for t in tiles], dtype=np.int64)
        suit = [0] * (rules.max_pip + 1)
        for t in tiles:
            suit[t.low] |= 1 << t.index
            suit[t.high] |= 1 << t.index
        self._suit = np.array(suit, dtype=np.uint64)
        # (and no tile at index -1: an end before the lead)
        self._suit_ext = np.array([*suit, 0], dtype=np.uint64)
        self._pipsum = self._lo + self._hi  # a play on an end of value v leaves sum - v
        self._voluntary = rules.voluntary_draw and rules.drawing is not DrawRule.NONE
        self._tile_bits = np.left_shift(np.uint64(1), np.arange(n, dtype=np.uint64))
        self._nxt = np.array([rules.seat_after(s) for s in range(rules.players)], dtype=np.int64)
        side_of = [0] * rules.players
        for k, team in enumerate(rules.teams):
            for s in team:
                side_of[s] = k
        self._side_of = np.array(side_of, dtype=np.int64)
        self._sides = len(rules.teams)
        self._pip_table = _byte_table([rules.tile_values.of(t) for t in tiles])
        # the tiles whose holder leads, in order of precedence (None: a named seat leads
        # any tile), the tiles by weight (LEAD-1) and those of which one must be dealt
        # (LEAD-4), as the scalar engine has them
        doubles_desc = [t.index for t in sorted(tiles, key=lambda t: -t.high) if t.is_double]
        self._lead_order: list[int] | None = None
        if rules.opening is Opening.HOLDER_OF_TILE:
            assert rules.opening_tile is not None
            self._lead_order = [rules.opening_tile.index]
        elif rules.opening is Opening.LOWEST_DOUBLE:
            self._lead_order = doubles_desc[::-1]
        elif rules.opening is not Opening.SEAT_ANY_TILE:
            self._lead_order = doubles_desc
        self._heavy_desc = [
            t.index for t in sorted(tiles, key=lambda t: (t.pips, t.high), reverse=True)
        ]
        self._wanted = required_tiles(rules)
        self._key0 = 0
        b, p = size, rules.players
        bone_width = max(n - p * rules.hand_size, 1)
        self._hands = np.zeros((b, p), dtype=np.uint64)
        self._bone = np.zeros((b, bone_width), dtype=np.int8)  # tile indices, draw order
        self._bone_mask = np.zeros(b, dtype=np.uint64)
        self._bpos = np.zeros(b, dtype=np.int64)  # minus the boneyard size (+1 a draw)
        self._left = np.full(b, -1, dtype=np.int64)
        self._right = np.full(b, -1, dtype=np.int64)
        self._opening = np.zeros(b, dtype=np.int64)
        self._turn = np.zeros(b, dtype=np.int64)
        self._rprop = np.full(b, -1, dtype=np.int64)
        self._rcount = np.zeros(b, dtype=np.int64)
        self._ended = np.zeros(b, dtype=np.int64)
        self._drew = np.zeros(b, dtype=np.int64)
        self._last = np.full(b, -1, dtype=np.int64)
        self._shown = np.zeros((b, p), dtype=np.int64)
        # every hand's actions since its deal (`state` replays them), hand i's k-th at
        # [k, i] (a step writes one row's neighbourhood, not one cell a hand's row); a
        # hand has at most n plays, n draws and, between two of them or at the end, p
        # passes; an action number is below 3 * 64 + 2 in a line, so a byte (two with
        # arms: up to 23 * 55 + 2 actions on double-9)
        self._log = np.zeros(
            (2 * n + p * (2 * n + 2) + 1, b), dtype=np.uint8 if codec.size <= 256 else np.uint16
        )
        self._log_len = np.zeros(b, dtype=np.int64)
        self._deals = np.zeros(b, dtype=np.int64)  # deals of each hand since reset
        # each hand's next deal, dealt ahead for many hands at once (`_redeal`)
        self._nx_hands = np.zeros((b, p), dtype=np.uint64)
        self._nx_bone = np.zeros((b, bone_width), dtype=np.int8)
        self._nx_bone_mask = np.zeros(b, dtype=np.uint64)
        self._nx_turn = np.zeros(b, dtype=np.int64)
        self._nx_opening = np.zeros(b, dtype=np.int64)
        self._nx_ready = np.zeros(b, dtype=bool)
        self._seed: int | None = None
        self._flat0 = np.arange(b) * p  # hand i's row in the flat (b * p) arrays
        self._actions_of = np.arange(b)
        self._seats = np.arange(p)[None, :]
        self._arms = rules.has_arms
        self._arms_init()
        self._loaded: tuple[HandState, ...] = ()  # `load`'s states (deal number -1)

    # ------------------------------------------------------------------ reading
    @property
    def rules(self) -> Ruleset:
        """The ruleset every hand is played by."""
        return self._rules

    @property
    def size(self) -> int:
        """The number of hands in the batch."""
        return self._size

    @property
    def codec(self) -> ActionCodec:
        """The `ActionCodec` whose numbering `legal_mask` and `step` use."""
        return self._codec

    @property
    def encoder(self) -> ObservationEncoder:
        """The `ObservationEncoder` whose vectors `observe` gives."""
        return self._encoder

    @property
    def autoreset(self) -> bool:
        """Whether a hand that ends in `step` is dealt again at once."""
        return self._autoreset

    @property
    def over(self) -> BoolArray:
        """Which hands have ended, ``(size,)`` bool (always all False with autoreset
        after a step)."""
        over: BoolArray = self._ended != _PLAYING
        return over

    @property
    def turn(self) -> Int64Array:
        """The seat to move in each hand, ``(size,)`` (in an ended hand, the seat that
        made the last move, as `HandState.turn`)."""
        return self._turn.copy()

    @property
    def nbytes(self) -> int:
        """The bytes held by the batch's per-hand arrays (hands, boneyards, ends, round,
        shown voids, the action logs `state` replays...): ``nbytes / size`` is the memory
        of one hand."""
        return self._log.nbytes + sum(value.nbytes for value in self._rows().values())

    def _rows(self) -> dict[str, npt.NDArray[Any]]:
        """The arrays with one row per hand (not the log, which has one column per
        hand, nor the constant tables), by name."""
        return {
            name: value
            for name in self.__slots__
            if name not in ("_actions_of", "_seats", "_flat0", "_log")
            and isinstance(value := getattr(self, name), np.ndarray)
            and value.shape[:1] == (self._size,)
        }

    @staticmethod
    def hand_random(seed: int, hand: int, deal: int = 0) -> HandRandom:
        """The generator of the ``deal``-th deal (0: the one `reset` makes) of hand number
        ``hand`` after ``reset(seed)``: that deal is ``Deal.random(rules,
        rng=Batch.hand_random(seed, hand, deal))`` (`HandRandom`).

        >>> from dominoes import Deal, Ruleset
        >>> rules = Ruleset.block()
        >>> batch = Batch(rules, size=3)
        >>> batch.reset(1)
        >>> batch.deal_of(2) == Deal.random(rules, rng=Batch.hand_random(1, 2))
        True

        Raises:
            ArgumentTypeError: an argument is not an ``int``.
            ArgumentValueError: ``seed`` is negative, or ``hand`` or ``deal`` is not in
                0..2**32 - 1.
        """
        return HandRandom(*_check_stream(seed, hand, deal))

    def _check_hand(self, hand: object) -> int:
        if type(hand) is not int:
            raise ArgumentTypeError(f"hand must be an int, got {_shown(hand)}", argument="hand")
        if not 0 <= hand < self._size:
            raise ArgumentValueError(
                f"hand must be a hand of the batch, 0 to {self._size - 1}; got {hand}",
                argument="hand",
            )
        if self._seed is None:
            raise ArgumentValueError(
                "hand cannot be read before the batch is dealt: call reset(seed) first",
                argument="hand",
            )
        return hand

    def random_of(self, hand: int) -> HandRandom:
        """A new generator of hand ``hand``'s current deal (`hand_random` of the seed of
        the last `reset`, the hand and its deal number).

        Raises:
            ArgumentTypeError: ``hand`` is not an ``int``.
            ArgumentValueError: there is no such hand, the batch was never reset, or the
                hand was loaded from a `HandState` (`load`) and has not been dealt since.
        """
        i = self._check_hand(hand)
        assert self._seed is not None
        if self._deals[i] < 0:
            raise ArgumentValueError(
                f"hand {i} was loaded from a HandState (Batch.load), not dealt", argument="hand"
            )
        return HandRandom(self._seed, i, int(self._deals[i]))

    def deal_of(self, hand: int) -> Deal:
        """Hand ``hand``'s current deal, ``Deal.random(rules, rng=random_of(hand))``.

        Raises:
            ArgumentTypeError: ``hand`` is not an ``int``.
            ArgumentValueError: there is no such hand, or the batch was never reset.
        """
        return Deal.random(self._rules, rng=self.random_of(hand))

    def state(self, hand: int) -> HandState:
        """Hand ``hand`` as a `HandState`: its deal (`deal_of`), or the state `load` put
        there, with its actions since then replayed through the scalar engine (a check
        as well as a copy).

        Raises:
            ArgumentTypeError: ``hand`` is not an ``int``.
            ArgumentValueError: there is no such hand, or the batch was never reset.
        """
        i = self._check_hand(hand)
        rules = self._rules
        loaded = self._deals[i] < 0  # (`load`): that state, then the log
        state = self._loaded[i] if loaded else HandState.start(rules, self.deal_of(i))
        decode = self._codec.decode
        for action in self._log[: self._log_len[i], i].tolist():
            state = state.apply(decode(action))
        return state

    # ------------------------------------------------------------------ dealing
    def reset(self, seed: int) -> None:
        """Deal every hand again: hand ``i`` gets ``Deal.random(rules,
        rng=hand_random(seed, i))``, all dealt together in numpy.

        Raises:
            ArgumentTypeError: ``seed`` is not an ``int``.
            ArgumentValueError: ``seed`` is negative.
        """
        if type(seed) is not int:
            raise ArgumentTypeError(f"seed must be an int, got {_shown(seed)}", argument="seed")
        if seed < 0:
            raise ArgumentValueError(f"seed must be 0 or more, got {seed}", argument="seed")
        self._seed = seed
        self._key0 = _seed_key(seed)
        self._deals[:] = 0
        self._nx_ready[:] = False
        rows = self._actions_of
        self._install(rows, *self._dealt(rows, self._deals))

    def _redeal(self, rows: Int64Array) -> None:
        """Deal the hands ``rows`` their next deals (autoreset): from the deals dealt
        ahead, after dealing ahead every hand whose next deal is not ready when one of
        ``rows`` is not (so that dealing is done for many hands at once)."""
        if not self._nx_ready[rows].all():
            stale = np.flatnonzero(~self._nx_ready)
            (
                self._nx_hands[stale],
                self._nx_bone[stale],
                self._nx_bone_mask[stale],
                self._nx_turn[stale],
                self._nx_opening[stale],
            ) = self._dealt(stale, self._deals[stale] + 1)
            self._nx_ready[stale] = True
        self._deals[rows] += 1
        self._nx_ready[rows] = False
        self._install(
            rows,
            self._nx_hands[rows],
            self._nx_bone[rows],
            self._nx_bone_mask[rows],
            self._nx_turn[rows],
            self._nx_opening[rows],
        )

    def _dealt(
        self, which: Int64Array, numbers: Int64Array
    ) -> tuple[
        npt.NDArray[np.uint64], npt.NDArray[np.int8], npt.NDArray[np.uint64], Int64Array, Int64Array
    ]:
        """The deals number ``numbers`` of the hands ``which``, dealt together as
        `HandRandom` deals them in `Deal.random`: (hands ``(K, players)``, boneyards in
        draw order, boneyard masks, the seats to lead, the openings)."""
        rules = self._rules
        n = self._n
        dealt = rules.players * rules.hand_size
        j = (numbers.astype(np.uint64) << np.uint64(32)) | which.astype(np.uint64)
        streams = _mix_array((j + np.uint64(1)) * np.uint64(_GOLDEN) + np.uint64(self._key0))
        order = _shuffle_keys(streams, 0, n)
        hands = self._masks_of(order[:, :dealt])
        held = _union(hands)
        wanted = self._wanted
        if wanted is not None:  # LEAD-4: shuffle again until one of the tiles is dealt
            short = np.flatnonzero((held & np.uint64(wanted)) == 0)
            shuffles = 1
            while short.size:
                again = _shuffle_keys(streams[short], shuffles * n, n)
                order[short] = again
                hands[short] = self._masks_of(again[:, :dealt])
                held[short] = _union(hands[short])
                short = short[(held[short] & np.uint64(wanted)) == 0]
                shuffles += 1
        bone = order[:, dealt:].astype(np.int8)
        if bone.shape[1] == 0:
            bone = np.zeros((len(which), 1), dtype=np.int8)
        bone_mask = np.uint64((1 << n) - 1) ^ held
        turn, opening = self._openings(hands, held)
        return hands, bone, bone_mask, turn, opening

    def _masks_of(self, tiles: npt.NDArray[np.uint64]) -> npt.NDArray[np.uint64]:
        """The seats' hand masks of deals whose dealt tiles are ``tiles`` ``(K, players *
        hand_size)``, in blocks of ``hand_size`` to seats 0, 1..."""
        rules = self._rules
        bits = np.left_shift(np.uint64(1), tiles).reshape(len(tiles), rules.players, -1)
        masks = bits[:, :, 0].copy()
        for k in range(1, rules.hand_size):  # (quicker than a reduction along short rows)
            masks |= bits[:, :, k]
        return masks

    def _openings(
        self, hands: npt.NDArray[np.uint64], held: npt.NDArray[np.uint64]
    ) -> tuple[Int64Array, Int64Array]:
        """(the seat to lead, the opening) of deals of ``hands``, as `HandState.start`
        has them: the holder of the first tile of the lead order that is dealt and that
        tile; with none, drawing for a double (LEAD-5) or the heaviest tile (LEAD-1).
        ``held``: the union of each deal's hands."""
        rules = self._rules
        k = len(hands)
        if self._lead_order is None:
            return np.full(k, rules.opening_seat, dtype=np.int64), np.full(k, _ANY, np.int64)
        first = np.full(k, -1, dtype=np.int64)
        for tile in reversed(self._lead_order):  # the first in the order last
            first[(held & self._tile_bits[tile]) != 0] = tile
        bit = self._tile_bits[np.maximum(first, 0)]
        turn: Int64Array = np.argmax((hands & bit[:, None]) != 0, axis=1).astype(np.int64)
        missing = np.flatnonzero(first < 0)
        if missing.size:
            bone_size = self._n - rules.players * rules.hand_size
            if rules.no_double is NoDoubleRule.DRAW_FOR_DOUBLE and bone_size > rules.boneyard_floor:
                turn[missing] = rules.opening_seat
                first[missing] = _DRAW_FOR_DOUBLE
            else:
                turn[missing], first[missing] = self._heaviest(hands[missing])
        return turn, first

    def _install(
        self,
        which: Int64Array,
        hands: npt.NDArray[np.uint64],
        bone: npt.NDArray[np.int8],
        bone_mask: npt.NDArray[np.uint64],
        turn: Int64Array,
        opening: Int64Array,
    ) -> None:
        """Start the hands ``which`` on the deals given."""
        rules = self._rules
        n = self._n
        dealt = rules.players * rules.hand_size
        self._hands[which] = hands
        self._bone[which] = bone
        self._bone_mask[which] = bone_mask
        self._bpos[which] = dealt - n  # so that the boneyard's size is -bpos
        self._turn[which] = turn
        self._opening[which] = opening
        self._left[which] = -1
        self._right[which] = -1
        self._rcount[which] = 0  # (and the proposer, `_rprop`, is read while it is not)
        self._ended[which] = _PLAYING
        if rules.drawing is DrawRule.ONE_THEN_PASS:
            self._drew[which] = 0
        self._last[which] = -1
        self._shown[which] = 0
        self._log_len[which] = 0
        if self._arms:
            self._arms_deal(which)

    # ------------------------------------------------------------------ helpers
    def _bits(self, masks: npt.NDArray[np.uint64]) -> BoolArray:
        """``masks`` as bool planes over tile indices (a new last axis of ``n``)."""
        planes: BoolArray = (masks[..., None] & self._tile_bits) != 0
        return planes

    def _bone_size(self, rows: Int64Array | None = None) -> Int64Array:
        """The boneyard sizes of the hands ``rows`` (every hand when None)."""
        return -(self._bpos if rows is None else self._bpos[rows])

    def _can_draw(self, rows: Int64Array) -> BoolArray:
        """Whether the seat to move may draw, in the hands ``rows``."""
        rules = self._rules
        if rules.drawing is DrawRule.NONE:
            return np.zeros(len(rows), dtype=bool)
        can: BoolArray = self._bone_size(rows) > rules.boneyard_floor
        if rules.drawing is DrawRule.ONE_THEN_PASS:
            can &= self._drew[rows] == 0
        return can

    # ------------------------------------------------------------------ actions
    def legal_mask(self) -> BoolArray:
        """The legal actions of every hand, ``(size, codec.size)`` bool, in the
        `ActionCodec` numbering (a row of an ended hand is all False).

        Raises:
            ArgumentValueError: the batch was never reset.
        """
        self._check_dealt()
        return self._mask()

    def _check_dealt(self) -> None:
        if self._seed is None:
            raise ArgumentValueError(
                "the batch has no hands before reset(seed) deals them", argument="seed"
            )

    def _parts(
        self, rows: Int64Array
    ) -> tuple[
        npt.NDArray[np.uint64],
        npt.NDArray[np.uint64],
        npt.NDArray[np.uint64],
        BoolArray,
        BoolArray,
    ]:
        """The legal actions of the hands ``rows`` in five parts: the tiles the seat to
        move may lay on the left end, on the right end and lead (bit masks), whether it
        may draw and whether it must pass (all empty in an ended hand)."""
        zero = np.uint64(0)
        hand = self._hands.reshape(-1)[self._flat0[rows] + self._turn[rows]]
        hand[self._ended[rows] != _PLAYING] = zero
        left, right = self._left[rows], self._right[rows]
        before = left < 0
        on_left = hand & self._suit_ext[left]  # (no tile before the lead: index -1)
        on_right = hand & self._suit_ext[right]
        can_draw = self._can_draw(rows)
        playable = (on_left | on_right) != 0
        moving = (hand != 0) & ~before
        draw = moving & ~playable & can_draw
        if self._rules.voluntary_draw:
            draw |= moving & playable & can_draw
        pas = moving & ~playable & ~can_draw
        opening = self._opening[rows]
        lead = np.zeros_like(hand)
        if before.any():
            lead = np.where(
                before & (opening == _ANY),
                hand,
                np.where(
                    before & (opening >= 0) & (hand != 0),
                    np.left_shift(np.uint64(1), np.maximum(opening, 0).astype(np.uint64)),
                    zero,
                ),
            )
            draw |= before & (hand != 0) & (opening == _DRAW_FOR_DOUBLE)
        return on_left, on_right, lead, draw, pas

    def _mask(self) -> BoolArray:
        if self._arms:
            return self._arms_mask()
        n = self._n
        on_left, on_right, lead, draw, pas = self._parts(self._actions_of)
        out = np.zeros((self._size, self._action_count), dtype=bool)
        out[:, 0 : 3 * n : 3] = self._bits(on_left)
        out[:, 1 : 3 * n : 3] = self._bits(on_right)
        out[:, 2 : 3 * n : 3] = self._bits(lead)
        out[:, 3 * n] = draw
        out[:, 3 * n + 1] = pas
        return out

    def sample_legal(self, rng: np.random.Generator) -> Int64Array:
        """One legal action per hand, uniform among the hand's legal actions, ``(size,)``
        (0 for an ended hand, whose action `step` ignores). It never builds the mask:
        it counts each hand's legal actions and picks one by its rank (in the
        `ActionCodec` order of the kinds: plays on the left end, on the right end (on
        each arm in turn, in a layout with arms), leads, the draw, the pass), with one
        random number per hand (`numpy.random.Generator.random`). `step_random` picks
        the same actions from the same generator state.

        Raises:
            ArgumentTypeError: ``rng`` is not a `numpy.random.Generator`.
            ArgumentValueError: the batch was never reset.
        """
        self._check_rng(rng)
        if self._arms:
            return self._arms_sample(rng)
        return self._sample(rng)[0]

    def step_random(self, rng: np.random.Generator) -> tuple[Int64Array, Int64Array, BoolArray]:
        """Pick one uniform legal action per hand and apply it, in one go: what
        ``step(sample_legal(rng))`` does from the same generator state (the same
        actions, the same results), without building the actions' checks again (the
        fast path of random play: rollouts, random opponents, benchmarks).

        Returns ``(actions, rewards, done)``: the actions taken (0 in a hand that had
        ended), then as `step`.

        Raises:
            ArgumentTypeError: ``rng`` is not a `numpy.random.Generator`.
            ArgumentValueError: the batch was never reset.
        """
        self._check_rng(rng)
        if self._arms:
            a = self._arms_sample(rng)
            return (a, *self._arms_apply(a, self._ended == _PLAYING))
        sample = self._sample(rng)
        return (sample[0], *self._apply(*sample))

    def _check_rng(self, rng: object) -> None:
        if not isinstance(rng, np.random.Generator):
            raise ArgumentTypeError(
                f"rng must be a numpy.random.Generator, got {_shown(rng)}", argument="rng"
            )
        self._check_dealt()

    def _sample(
        self, rng: np.random.Generator
    ) -> tuple[Int64Array, Int64Array, BoolArray, Int64Array, Int64Array, Int64Array, _Masks]:
        """Uniform legal actions, as `_apply` takes them: (actions, tiles, on the right
        end, leads, other rows, the flat index and the hand of each seat to move), in a
        line game (two ends; a layout with arms takes `_arms_sample` instead). A hand
        with plays on the ends alone (most hands) takes the fast path: the
        ``rank``-th play (``rank = floor(u * plays)``) is found in the masks of the
        plays on each end; a hand with no play draws or passes, and one that must
        lead the opening tile leads it, the one action it has; the others (a lead of
        any tile, drawing for a double, a voluntary draw, an ended hand) count every
        kind of action, on those hands alone."""
        n = self._n
        idx = self._flat0 + self._turn
        mine = self._hands.reshape(-1).take(idx)
        on_left = mine & self._suit_ext.take(self._left)
        on_right = mine & self._suit_ext.take(self._right)
        c_left = _popcount8(on_left)
        total = c_left + _popcount8(on_right)
        u = rng.random(self._size)
        rank = (u * total).astype(np.uint8)
        right = rank >= c_left
        rank -= c_left * right
        tile = _select(np.where(right, on_right, on_left), rank, n)
        actions = 3 * tile + right
        other = total == 0
        if not self._autoreset:  # (with autoreset every hand plays between two steps)
            other |= self._ended != _PLAYING
        if self._voluntary:
            other |= self._can_draw(self._actions_of)
        rows = other.nonzero()[0]
        if not rows.size:
            return actions, tile, right, rows, rows, idx, mine
        active = self._ended[rows] == _PLAYING
        opening = self._opening[rows]
        before = self._left[rows] < 0
        forced = before & (opening >= 0)  # the lead of the opening tile
        general = active if self._voluntary else active & before & ~forced
        a = np.where(self._can_draw(rows), 3 * n, 3 * n + 1)  # no play: draw, or pass
        a[forced] = 3 * opening[forced] + 2
        a[~active] = 0  # (an ended hand's action, which `_apply` puts back)
        if general.any():
            a[general] = self._sample_rows(rows[general], u[rows[general]])
        actions[rows] = a
        plays = a < 3 * n
        tile[rows] = np.where(plays, a // 3, 0)
        right[rows] = a % 3 == 1
        lead = plays & (a % 3 == 2)
        rest = ~plays | ~active
        return actions, tile, right, rows[lead], rows[rest], idx, mine

    def _sample_rows(self, rows: Int64Array, u: npt.NDArray[np.float64]) -> Int64Array:
        """The actions of rank ``floor(u * count)`` among the legal actions of each hand
        of ``rows`` (0 in an ended hand), every kind of action counted."""
        n = self._n
        on_left, on_right, lead, draw, pas = self._parts(rows)
        c_left = _popcount(on_left)
        c_right = _popcount(on_right)
        c_lead = _popcount(lead)
        total = c_left + c_right + c_lead + draw + pas
        rank = (u * total).astype(np.int64)
        in_right = rank >= c_left
        in_lead = rank >= c_left + c_right
        extra = rank >= c_left + c_right + c_lead  # the draw or the pass
        mask = np.where(in_lead, lead, np.where(in_right, on_right, on_left))
        offset = np.where(in_lead, c_left + c_right, np.where(in_right, c_left, 0))
        tile = _select(mask, np.where(extra, 0, rank - offset), n)
        slot = np.where(in_lead, 2, np.where(in_right, 1, 0))
        chosen: Int64Array = np.where(
            extra, np.where(draw, 3 * n, 3 * n + 1), 3 * tile + slot
        ).astype(np.int64)
        chosen[total == 0] = 0
        return chosen

    def step(
        self, actions: npt.ArrayLike, *, where: npt.ArrayLike | None = None
    ) -> tuple[Int64Array, BoolArray]:
        """Apply one action per hand (the `ActionCodec` numbers, ``(size,)`` ints); the
        action of a hand that has ended (without autoreset) is ignored. With ``where``
        (``(size,)`` bools) only those hands move: the others keep their state, their
        actions are not read, and their rewards and ``done`` are 0 and False (a learner's
        hands wait while the other seats move in the rest).

        Returns ``(rewards, done)``: ``rewards`` ``(size, players)`` are the points of
        each hand that ended with this action (`HandState.result.points`), else 0;
        ``done`` ``(size,)`` says which hands ended with it. In a game that scores on
        play (PLAY-1 to PLAY-3, HEADER-1) they are the points this action scored on play
        (`Step.points`, to each seat of the scorer's side) plus, in a hand it ended, the
        hand's end points (`HandResult.end_points`): a hand's rewards add up to its
        ``result.points``. With autoreset those hands are dealt again before `step`
        returns.

        Raises:
            ArgumentTypeError: ``actions`` is not an array of integers.
            ArgumentValueError: ``actions`` does not hold one action per hand, an action
                is outside the action space, ``where`` is not ``(size,)`` bools, or the
                batch was never reset.
            IllegalMoveError: the action of a playing hand is not legal there; the
                message names the first such hand, its ``state`` is that hand as a
                `HandState`. No hand is changed.
        """
        self._check_dealt()
        a = np.asarray(actions)
        if a.dtype.kind not in "iu":
            raise ArgumentTypeError(
                f"actions must be an array of ints, got {_shown(actions)}", argument="actions"
            )
        if a.shape != (self._size,):
            raise ArgumentValueError(
                f"actions must hold one action per hand, shape ({self._size},), got shape "
                f"{a.shape}",
                argument="actions",
            )
        a = a.astype(np.int64)
        if where is not None:
            moving = np.asarray(where)
            if moving.dtype != np.bool_ or moving.shape != (self._size,):
                raise ArgumentValueError(
                    f"where must be ({self._size},) bools, got {_shown(where)}", argument="where"
                )
            if not moving.all():
                return self._step_some(a, moving)
        playing = self._ended == _PLAYING
        bad_range = playing & ((a < 0) | (a >= self._action_count))
        if bad_range.any():
            i = int(np.argmax(bad_range))
            raise ArgumentValueError(
                f"actions[{i}] is {int(a[i])}, outside the action space "
                f"0..{self._action_count - 1}",
                argument="actions",
            )
        legal = self._legal(a) | ~playing
        if not legal.all():
            self._refuse(int(np.argmin(legal)), int(a[int(np.argmin(legal))]))
        if self._arms:
            return self._arms_apply(a, playing)
        n = self._n
        a = np.where(playing, a, 0)
        plays = playing & (a < 3 * n)
        slot = a % 3
        tile = np.where(plays, a // 3, 0)
        lead = np.flatnonzero(plays & (slot == 2))
        rest = np.flatnonzero(~plays)
        return self._apply(a, tile, slot == 1, lead, rest)

    def _step_some(self, a: Int64Array, moving: BoolArray) -> tuple[Int64Array, BoolArray]:
        """`step` of the hands of ``moving`` alone: the others' rows of every per-hand
        array are kept aside, those hands count as ended for the length of the step (an
        ended hand's action is ignored), and their rows are put back (a step also writes
        some arrays of the hands it does not play, such as the draws made this turn; in
        the log, it writes past their ends only)."""
        held = ~moving
        saved = {name: value[held] for name, value in self._rows().items()}
        self._ended = np.where(moving, self._ended, _HELD)
        try:
            return self.step(a)
        finally:
            for name, rows in saved.items():
                getattr(self, name)[held] = rows

    def _legal(self, a: Int64Array) -> BoolArray:
        """Whether each hand's action is legal there (False in an ended hand)."""
        if self._arms:
            return self._arms_legal(a)
        n = self._n
        on_left, on_right, lead, draw, pas = self._parts(self._actions_of)
        slot = a % 3
        mask = np.where(slot == 0, on_left, np.where(slot == 1, on_right, lead))
        tile = np.clip(a // 3, 0, n - 1).astype(np.uint64)
        play = (a < 3 * n) & (a >= 0) & (((mask >> tile) & np.uint64(1)) != 0)
        ok: BoolArray = play | ((a == 3 * n) & draw) | ((a == 3 * n + 1) & pas)
        return ok

    def _refuse(self, i: int, action: int) -> None:
        """Raise the scalar engine's `IllegalMoveError` for action ``action`` of hand
        ``i``, naming the hand."""
        state = self.state(i)
        try:
            state.apply(self._codec.decode(action))
        except IllegalMoveError as error:
            raise IllegalMoveError(
                f"hand {i}: {error}",
                move=error.move,
                state=state,
                reason=error.reason,
                seat=error.seat,
            ) from None
        raise AssertionError(
            f"unreachable: hand {i} refused {action} the engine took"
        )  # pragma: no cover

    def _apply(
        self,
        a: Int64Array,
        tile: Int64Array,
        right: BoolArray,
        lead: Int64Array,
        rest: Int64Array,
        idx: Int64Array | None = None,
        mine: _Masks | None = None,
        *,
        score: bool = True,
    ) -> tuple[Int64Array, BoolArray]:
        """Apply the legal actions ``a`` (`step` checked them, or `_sample` drew them):
        ``tile`` and ``right`` (the tile, and whether on the right end) of each play,
        ``lead`` the hands where it is a lead, ``rest`` those where it is no play (a
        draw, a pass, or a hand that does not move). Every hand is played as a play on
        an end (a few operations over the batch), then the hands of ``rest`` are put
        back and played on their own (draws, passes), the ends of ``lead`` are set, and
        the hands that ended are scored (unless not ``score``: their rewards are then 0,
        `play_out` scores every hand at the end). ``idx`` and ``mine``: the flat index
        of the seat to move in `_hands` and its hand, when known."""
        rules = self._rules
        t = self._turn
        hands = self._hands.reshape(-1)
        if idx is None or mine is None:
            idx = self._flat0 + t
            mine = hands.take(idx)
        left, right_end = self._left, self._right
        # what the hands of `rest` had, to put back
        kept = (mine[rest], left[rest], right_end[rest], self._rcount[rest], self._last[rest])
        # the log, for `state`
        self._log.reshape(-1)[self._log_len * self._size + self._actions_of] = a
        self._log_len += 1
        # ---- every hand as a play on an end
        both = self._pipsum.take(tile)
        self._left = np.where(right, left, both - left)
        self._right = np.where(right, both - right_end, right_end)
        after = mine ^ self._tile_bits.take(tile)
        hands[idx] = after
        self._rcount.fill(0)
        self._last = t.copy()
        self._turn = self._nxt.take(t)
        if rules.drawing is DrawRule.ONE_THEN_PASS:
            drew = self._drew[rest]
            self._drew.fill(0)  # a play or a pass ends a turn's draws
        out = after == 0
        # ---- the others: put back, then played on their own
        if rest.size:
            out[rest] = False
            hands[idx[rest]] = kept[0]
            self._left[rest] = kept[1]
            self._right[rest] = kept[2]
            self._rcount[rest] = kept[3]
            self._last[rest] = kept[4]
            self._turn[rest] = t[rest]
        if lead.size:
            self._left[lead] = self._lo[tile[lead]]
            self._right[lead] = self._hi[tile[lead]]
        ended = [out.nonzero()[0]]
        self._ended[ended[0]] = _DOMINO
        self._turn[ended[0]] = t[ended[0]]
        if rest.size:
            playing = self._ended[rest] == _PLAYING
            moving = rest[playing]
            self._log_len[rest[~playing]] -= 1
            if rules.drawing is DrawRule.ONE_THEN_PASS:
                self._drew[moving] = np.where(a[moving] == 3 * self._n, drew[playing], 0)
            # (a forced draw or a pass shows the values of the ends)
            ends = np.left_shift(1, np.maximum(kept[1][playing], 0))
            ends |= np.left_shift(1, np.maximum(kept[2][playing], 0))
            ended.append(self._draw_or_pass(moving, a[moving] == 3 * self._n, ends))
        # ---- DETECT-1: no seat can play and nobody can draw
        if rules.block_detection is BlockDetection.IMMEDIATE:
            moved = np.ones(self._size, dtype=bool)
            moved[rest[a[rest] != 3 * self._n]] = False  # passes, still hands
            moved[ended[0]] = False
            moved &= (self._ended == _PLAYING) & (self._left >= 0)
            rows = moved.nonzero()[0]
            stuck = rows[self._stuck(rows)]
            self._ended[stuck] = _BLOCKED
            self._turn[stuck] = t[stuck]
            ended.append(stuck)
        done_rows = np.concatenate(ended) if len(ended) > 1 else ended[0]
        rewards = np.zeros((self._size, rules.players), dtype=np.int64)
        done = np.zeros(self._size, dtype=bool)
        if done_rows.size:
            done[done_rows] = True
            if score:
                rewards[done_rows] = self._points(done_rows)
            if self._autoreset:
                self._redeal(np.flatnonzero(done))
        return rewards, done

    def _draw_or_pass(self, rows: Int64Array, is_draw: BoolArray, ends: Int64Array) -> Int64Array:
        """Play the draws (where ``is_draw``) and the passes of the hands ``rows``, in a
        line or a layout with arms (``ends``: the values a forced draw or a pass shows,
        a bit mask over pips: the open ends or arms); the hands that ended (blocked)."""
        rules = self._rules
        t = self._turn[rows]
        at = self._flat0[rows] + t
        # ---- draws
        d = is_draw.nonzero()[0]
        if d.size:
            drows, dt = rows[d], t[d]
            idx = self._bone[drows, self._bone_at(drows)].astype(np.intp)  # the next tile
            bit = self._tile_bits[idx]
            self._hands.reshape(-1)[at[d]] |= bit
            self._bone_mask[drows] ^= bit
            self._bpos[drows] += 1
            turn = dt.copy()
            before = self._left[drows] < 0
            if before.any():  # drawing for a double (LEAD-5)
                double = before & (self._lo[idx] == self._hi[idx])
                self._opening[drows[double]] = idx[double]
                more = before & ~double & (self._bone_size(drows) > rules.boneyard_floor)
                turn[more] = self._nxt[dt[more]]
                empty = before & ~double & ~more
                if empty.any():
                    turn[empty], self._opening[drows[empty]] = self._heaviest(
                        self._hands[drows[empty]]
                    )
            if rules.drawing is DrawRule.ONE_THEN_PASS:
                self._drew[drows] = np.where(turn == dt, self._drew[drows] + 1, 0)
            # a forced draw shows the ends; one before the lead or a voluntary one shows
            # nothing
            shows = np.where(before | rules.voluntary_draw, 0, ends[d])
            self._shown.reshape(-1)[at[d]] = shows
            self._turn[drows] = turn
        # ---- passes
        p = (~is_draw).nonzero()[0]
        if not p.size:
            return p
        prows, pt = rows[p], t[p]
        counts = np.ones(len(p), dtype=bool)
        if rules.drawing is not DrawRule.NONE:
            counts = self._bone_size(prows) <= rules.boneyard_floor
        count = self._rcount[prows]
        opens = counts & (count == 0)  # (the proposer is read while the count is not 0)
        self._rprop[prows[opens]] = pt[opens]
        count = count + counts
        self._rcount[prows] = count
        block = count == rules.players
        self._turn[prows] = np.where(block, pt, self._nxt[pt])
        self._shown.reshape(-1)[at[p]] |= ends[p]
        blocked: Int64Array = prows[block]
        self._ended[blocked] = _BLOCKED
        return blocked

    def _bone_at(self, rows: Int64Array) -> Int64Array:
        """The position in `_bone` of the next boneyard tile of the hands ``rows`` (0
        when empty)."""
        n = self._n
        dealt = self._rules.players * self._rules.hand_size
        at: Int64Array = np.minimum(
            np.maximum(self._bpos[rows] + (n - dealt), 0), max(n - dealt - 1, 0)
        )
        return at

    def _stuck(self, rows: Int64Array) -> BoolArray:
        """Whether no seat can play, and nobody can draw (DETECT-1), in the hands
        ``rows``."""
        rules = self._rules
        ends = self._suit_ext[self._left[rows]] | self._suit_ext[self._right[rows]]
        stuck: BoolArray = ~((self._hands[rows] & ends[:, None]) != 0).any(axis=1)
        if rules.drawing is not DrawRule.NONE:
            stuck &= self._bone_size(rows) <= rules.boneyard_floor
        return stuck

    def _heaviest(self, hands: npt.NDArray[np.uint64]) -> tuple[Int64Array, Int64Array]:
        """(holder, index) of the heaviest tile held in each deal of ``hands`` (LEAD-1; a
        loop over the tiles, heaviest first: a rare path)."""
        k = len(hands)
        seat = np.zeros(k, dtype=np.int64)
        heavy = np.full(k, -1, dtype=np.int64)
        for tile in self._heavy_desc:
            holds = (hands & self._tile_bits[tile]) != 0
            found = (heavy < 0) & holds.any(axis=1)
            seat[found] = np.argmax(holds[found], axis=1)
            heavy[found] = tile
        return seat, heavy

    # ------------------------------------------------------------------ scoring
    def _points(self, done: Int64Array) -> Int64Array:
        """The points per seat of the hands ``done`` (`score_hand`, vectorized for the
        supported scoring fields), ``(len(done), players)``. Computed side by hand
        (``(sides, E)`` arrays): a sum or a minimum over the sides is then an
        operation between a few rows, which numpy does faster than along short rows."""
        rules = self._rules
        s_count = self._sides
        side_of = self._side_of
        pips = _sum_bits(np.ascontiguousarray(self._hands[done].T), self._pip_table)  # (P, E)
        e = pips.shape[1]
        cols = np.arange(e)
        domino = self._ended[done] == _DOMINO
        mover = self._turn[done]
        last = self._last[done]
        seat_side = np.zeros((s_count, rules.players), dtype=np.int64)
        seat_side[side_of, np.arange(rules.players)] = 1
        totals = seat_side @ pips  # (S, E)
        sides = np.arange(s_count)[:, None]
        # the winning sides
        if rules.block_winner is BlockWinner.LOWEST_INDIVIDUAL:
            keys = np.full((s_count, e), np.iinfo(np.int64).max, dtype=np.int64)
            for seat in range(rules.players):
                keys[side_of[seat]] = np.minimum(keys[side_of[seat]], pips[seat])
        else:
            keys = totals
        tied = keys == keys.min(axis=0)
        ntied = tied.sum(axis=0)
        win = tied & (ntied == 1)
        many = ntied > 1
        if rules.block_tie is BlockTie.SPLIT:
            win |= tied & many
        elif rules.block_tie is BlockTie.NON_BLOCKER_WINS:
            blocker = np.where(last >= 0, side_of[np.maximum(last, 0)], -1)
            rest = tied & (sides != blocker)
            ok = many & (last >= 0) & (rest.sum(axis=0) == 1)
            win |= rest & ok
        emptier_side = side_of[mover]
        if rules.domino_winner is DominoWinner.EMPTIER:
            win = np.where(domino, sides == emptier_side, win)
        share = np.maximum(win.sum(axis=0), 1)
        scoring = rules.scoring
        if scoring is Scoring.PENALTY:
            side_points = totals
        else:
            if scoring in (Scoring.FIXED, Scoring.FIXED_DOMINO):
                pool = np.where(domino | (scoring is Scoring.FIXED), rules.fixed_points, 0).astype(
                    np.int64
                )
                side_points = np.where(win, pool // share, 0)
            else:
                own = (totals * win).sum(axis=0)
                opp = totals.sum(axis=0) - own
                if scoring is Scoring.ALL_PIPS:
                    pool = opp + own
                elif scoring is Scoring.OPPONENTS_MINUS_OWN:
                    pool = np.where(domino, opp, np.maximum(opp - own, 0))
                else:
                    pool = opp
                side_points = np.where(win, pool // share, 0)
                if rules.partnership and scoring is not Scoring.ALL_PIPS:
                    went = domino & win[emptier_side, cols]
                    partner = totals[emptier_side, cols]
                    col = side_points[emptier_side, cols]
                    if rules.partner_pips is PartnerPips.ADD:
                        col = np.where(went, col + partner, col)
                    elif rules.partner_pips is PartnerPips.SUBTRACT:
                        col = np.where(went, np.maximum(col - partner, 0), col)
                    side_points[emptier_side, cols] = col
            if rules.stock_pips:
                stock = _sum_bits(self._bone_mask[done], self._pip_table)
                side_points = side_points + np.where(win, stock // share, 0)
            if rules.round_to > 1:
                step = rules.round_to
                side_points = np.where(
                    side_points > 0, (side_points + step // 2) // step * step, side_points
                )
                if rules.end_per_five:
                    side_points = side_points // 5
        points: Int64Array = side_points[side_of].T
        return points

    # ------------------------------------------------------------------ features
    def observe(self, seat: int) -> FloatArray:
        """The `ObservationEncoder` vector of ``seat``'s observation in every hand,
        ``(size, encoder.size)`` float32 (what ``encoder.encode_state(state(i), seat)``
        gives for row ``i``).

        Raises:
            ArgumentTypeError: ``seat`` is not an ``int``.
            ArgumentValueError: there is no such seat, or the batch was never reset.
        """
        rules = self._rules
        if type(seat) is not int:
            raise ArgumentTypeError(f"seat must be an int, got {_shown(seat)}", argument="seat")
        if not 0 <= seat < rules.players:
            raise ArgumentValueError(
                f"seat must be a seat at the table, 0 to {rules.players - 1}; got {seat}",
                argument="seat",
            )
        self._check_dealt()
        sections = {s.name: s for s in self._encoder.sections()}
        b = self._size
        m1 = rules.max_pip + 1
        out = np.zeros((b, self._encoder.size), dtype=np.float32)
        rows = self._actions_of
        out[:, sections["hand"].span] = self._bits(self._hands[:, seat])
        before = self._left < 0
        out[rows, sections["left"].offset + np.where(before, m1, self._left)] = 1.0
        out[rows, sections["right"].offset + np.where(before, m1, self._right)] = 1.0
        pips = np.arange(m1)
        voids = (self._shown[:, :, None] >> pips) & 1  # (B, P, M + 1)
        out[:, sections["voids"].span] = voids.reshape(b, -1)
        out[:, sections["hand_sizes"].span] = _popcount(self._hands)
        out[:, sections["boneyard"].offset] = self._bone_size()
        held = np.bitwise_or.reduce(self._hands, axis=1) | self._bone_mask
        out[:, sections["played"].span] = ~self._bits(held)
        out[:, sections["seat"].offset + seat] = 1.0
        out[rows, sections["turn"].offset + self._turn] = 1.0
        if self._arms:
            self._arms_features(out, sections)
        return out

    # ------------------------------------------------------- the spinner family (arms)
    # Layouts with arms (docs/rules/spinner.md: LAYOUT-1, SPIN-1 to SPIN-4, COUNT-1 to
    # COUNT-6, PLAY-1 to PLAY-4, HEADER-1), as `_ArmsHand` plays them, held per hand in
    # (size, K) arrays over the arms in `End` order (K = `ActionCodec.arms`):
    #   _arms_val    the value showing at the arm's end (an empty arm: that of the tile it
    #                grows from), -1 for an arm not on the table;
    #   _arms_len    its tiles; _arms_dbl: whether its outer tile is a double;
    #   _arms_state  _ARM_ABSENT, _ARM_WAITING (SPIN-2), _ARM_OPEN or _ARM_CLOSED (SPIN-4);
    #   _arms_need   what a waiting arm waits for: -1 both long sides of the lead (a lead
    #                spinner), else the arm that must reach _arms_need_len tiles;
    #   _arms_sides  SPIN-3: the tiles the arm must carry before any other arm grows (0:
    #                none), while some arm is short of it;
    #   _arms_spin, _arms_org, _arms_org_idx  for a spinner's short sides: its value, the
    #                arm it lies on (-1: the lead; _NO_SPINNER: a root's further toes,
    #                FOOT-1) and its index there;
    #   _arms_suits  the tiles the arm takes now (0: it takes none), with _arms_fit (size,)
    #                the tiles that fit an open arm and _arms_shows (size,) the open
    #                values, a pip bitmask (`_arms_refresh`, after every play);
    # with _arms_lead (size, 2), the lead's (low, high), and _arms_points (size, players),
    # the play points so far. An arm's fields are set when it comes on the table and read
    # only while it is there (a deal clears the state, the values and the caches).
    # `_left` and `_right` hold the values of the LEFT and RIGHT arms (-1 before the
    # lead), as in a line.
    def _arms_init(self) -> None:
        """The arrays and tables of a layout with arms (None in a line game)."""
        if not self._arms:
            for name in self.__slots__:
                if name.startswith("_arms_"):
                    setattr(self, name, None)
            return
        rules = self._rules
        b, k = self._size, self._codec.arms
        self._arms_k = k
        self._arms_release = rules.spinner_fill is SpinnerFill.TOES_FIRST and rules.toe_release
        self._arms_both_out = (
            rules.partnership and rules.partnership_out is PartnershipOut.BOTH_PARTNERS
        )
        self._arms_val = np.full((b, k), -1, dtype=np.int64)
        self._arms_len = np.zeros((b, k), dtype=np.int64)
        self._arms_dbl = np.zeros((b, k), dtype=bool)
        self._arms_state = np.zeros((b, k), dtype=np.int64)
        self._arms_need = np.zeros((b, k), dtype=np.int64)
        self._arms_need_len = np.zeros((b, k), dtype=np.int64)
        self._arms_sides = np.zeros((b, k), dtype=np.int64)
        self._arms_spin = np.full((b, k), -1, dtype=np.int64)
        self._arms_org = np.zeros((b, k), dtype=np.int64)
        self._arms_org_idx = np.zeros((b, k), dtype=np.int64)
        self._arms_lead = np.full((b, 2), -1, dtype=np.int64)
        self._arms_points = np.zeros((b, rules.players), dtype=np.int64)
        self._arms_suits = np.zeros((b, k), dtype=np.uint64)
        self._arms_fit = np.zeros(b, dtype=np.uint64)
        self._arms_shows = np.zeros(b, dtype=np.int64)
        most = (k + k // 2) * 2 * rules.max_pip  # every end showing a double of max_pip
        # (in a tuple: `nbytes` and `step(where=)` take every array of ``size`` rows for
        # a per-hand one)
        self._arms_table = (np.array([play_points(rules, c) for c in range(most + 1)]),)

    def _arms_deal(self, which: Int64Array) -> None:
        """Clear the layout of the hands numbered ``which`` (dealt again)."""
        self._arms_val[which] = -1
        self._arms_len[which] = 0
        self._arms_dbl[which] = False
        self._arms_state[which] = _ARM_ABSENT
        self._arms_sides[which] = 0
        self._arms_spin[which] = -1
        self._arms_lead[which] = -1
        self._arms_points[which] = 0
        self._arms_suits[which] = 0
        self._arms_fit[which] = 0
        self._arms_shows[which] = 0

    def _arms_refresh(self) -> None:
        """Work out again, from the arms, the tiles each open arm takes (`_arms_suits`,
        0 for an arm that takes none now: SPIN-2 to SPIN-4), the tiles that fit one
        (`_arms_fit`) and the open values as a bitmask over pips (`_arms_shows`: what a
        pass or a forced draw shows). Only plays change them (and deals, which clear
        them)."""
        lens = self._arms_len
        waits = lens < self._arms_sides  # SPIN-3: the sides not started yet
        free = ~_union(waits)
        opened = (self._arms_state == _ARM_OPEN) & (free[:, None] | waits)
        vals = np.maximum(self._arms_val, 0)
        self._arms_suits = np.where(opened, self._suit[vals], np.uint64(0))
        self._arms_fit = _union(self._arms_suits)
        self._arms_shows = _union(np.where(opened, 1 << vals, 0))

    def _arms_parts(
        self,
    ) -> tuple[npt.NDArray[np.uint64], npt.NDArray[np.uint64], BoolArray, BoolArray]:
        """The legal actions of every hand: (size, K) the tiles it may lay on each arm,
        the tiles it may lead, whether it may draw, whether it must pass (all empty in
        an ended hand); before the lead as in a line (`_parts`)."""
        before = self._left < 0
        if before.any():
            _left, _right, lead, draw, _pas = self._parts(self._actions_of)
        else:  # (every hand led: no lead, no drawing for a double)
            lead = np.zeros(self._size, dtype=np.uint64)
            draw = before
        moving = (self._ended == _PLAYING) & ~before  # (an empty hand passes: PART-3)
        hand = np.where(moving, self._hands[self._actions_of, self._turn], np.uint64(0))
        on_arm = hand[:, None] & self._arms_suits
        playable = (hand & self._arms_fit) != 0
        can_draw = self._can_draw(self._actions_of)
        after = moving & ~playable & can_draw
        if self._rules.voluntary_draw:
            after |= moving & playable & can_draw
        pas = moving & ~playable & ~can_draw
        return on_arm, lead, np.where(before, draw, after), pas

    def _arms_mask(self) -> BoolArray:
        """`legal_mask` of a layout with arms."""
        k1 = self._arms_k + 1
        n = self._n
        on_arm, lead, draw, pas = self._arms_parts()
        out = np.zeros((self._size, self._action_count), dtype=bool)
        for k in range(k1 - 1):
            out[:, k : k1 * n : k1] = self._bits(on_arm[:, k])
        out[:, k1 - 1 : k1 * n : k1] = self._bits(lead)
        out[:, k1 * n] = draw
        out[:, k1 * n + 1] = pas
        return out

    def _arms_sample(self, rng: np.random.Generator) -> Int64Array:
        """`sample_legal` of a layout with arms: a group (an arm, or the lead) by the
        rank of one uniform number among the counts, then the tile of that rank."""
        k1 = self._arms_k + 1
        n = self._n
        on_arm, lead, draw, pas = self._arms_parts()
        groups = np.concatenate([on_arm, lead[:, None]], axis=1)  # (B, K + 1)
        counts = _popcount(groups)
        ends = counts.copy()  # (a cumsum along the short axis costs more than this loop)
        for j in range(1, k1):
            ends[:, j] += ends[:, j - 1]
        plays = ends[:, -1]
        total = plays + draw + pas
        rank = (rng.random(self._size) * total).astype(np.int64)
        extra = rank >= plays
        group = np.minimum(_columns_sum(rank[:, None] >= ends), k1 - 1)
        rows = self._actions_of
        offset = ends[rows, group] - counts[rows, group]
        tile = _select(groups[rows, group], np.where(extra, 0, rank - offset), n)
        chosen: Int64Array = np.where(
            extra, np.where(draw, k1 * n, k1 * n + 1), k1 * tile + group
        ).astype(np.int64)
        chosen[total == 0] = 0
        return chosen

    def _arms_legal(self, a: Int64Array) -> BoolArray:
        """`_legal` of a layout with arms."""
        k1 = self._arms_k + 1
        n = self._n
        on_arm, lead, draw, pas = self._arms_parts()
        groups = np.concatenate([on_arm, lead[:, None]], axis=1)
        slot = np.clip(a % k1, 0, k1 - 1)
        tile = np.clip(a // k1, 0, n - 1).astype(np.uint64)
        mask = groups[self._actions_of, slot]
        play = (a < k1 * n) & (a >= 0) & (((mask >> tile) & np.uint64(1)) != 0)
        ok: BoolArray = play | ((a == k1 * n) & draw) | ((a == k1 * n + 1) & pas)
        return ok

    def _arms_apply(
        self, a: Int64Array, playing: BoolArray, *, score: bool = True
    ) -> tuple[Int64Array, BoolArray]:
        """`_apply` of a layout with arms: plays on arms (scoring as they go), then the
        draws and passes as in a line (`_draw_or_pass`, showing the values of the open
        arms), DETECT-1 against the open arms (the end points of the hands that ended
        not in the rewards unless ``score``, as `_apply`)."""
        rules = self._rules
        k1 = self._arms_k + 1
        n = self._n
        rows = self._actions_of
        t = self._turn.copy()  # (the seats that move: `_draw_or_pass` writes `_turn`)
        zero = np.uint64(0)
        is_play = playing & (a < k1 * n)
        is_draw = playing & (a == k1 * n)
        moves = (playing & (a >= k1 * n)).nonzero()[0]  # the draws and passes
        self._log.reshape(-1)[self._log_len * self._size + rows] = a
        self._log_len += playing
        rewards = np.zeros((self._size, rules.players), dtype=np.int64)
        if rules.drawing is DrawRule.ONE_THEN_PASS:
            self._drew = np.where(is_draw, self._drew, 0)  # a play or a pass ends them
        # ---- plays
        if is_play.any():
            at = self._seats == t[:, None]
            tile = self._arms_put(a, is_play)
            bit = np.where(is_play, self._tile_bits[tile], zero)
            mine = self._hands[rows, t] ^ bit
            self._hands ^= np.where(at, bit[:, None], zero)
            self._rcount = np.where(is_play, 0, self._rcount)
            self._last = np.where(is_play, t, self._last)
            if self._arms_release:
                self._arms_released(is_play)
            shows = self._arms_shows[moves]  # (what a pass or a draw shows: no play there)
            self._arms_refresh()
            points = np.where(is_play, self._arms_scores(), 0)
            gain = points[:, None] * (self._side_of[None, :] == self._side_of[t][:, None])
            self._arms_points += gain
            rewards += gain
            out = is_play & (mine == 0)
            if self._arms_both_out:  # PART-3: a domino once both partners are out
                side = self._side_of[None, :] == self._side_of[t][:, None]
                out &= ~((self._hands != 0) & side).any(axis=1)
            self._ended = np.where(out, _DOMINO, self._ended)
            self._turn = np.where(is_play & ~out, self._nxt[t], t)
        else:
            shows = self._arms_shows[moves]
        # ---- draws and passes (before the lead: drawing for a double, LEAD-5)
        if moves.size:
            self._draw_or_pass(moves, is_draw[moves], shows)
        # ---- DETECT-1: no tile of any hand fits an open arm, and nobody can draw
        if rules.block_detection is BlockDetection.IMMEDIATE:
            moved = (is_play | is_draw) & (self._ended == _PLAYING) & (self._left >= 0)
            if moved.any():
                stuck = _union(self._hands & self._arms_fit[:, None]) == 0
                if rules.drawing is not DrawRule.NONE:
                    stuck &= self._bone_size() <= rules.boneyard_floor
                stuck &= moved
                self._ended = np.where(stuck, _BLOCKED, self._ended)
                self._turn = np.where(stuck, t, self._turn)
        done = (self._ended != _PLAYING) & playing
        if done.any():
            done_rows = done.nonzero()[0]
            if score:
                rewards[done_rows] += self._points(done_rows)
            if self._autoreset:
                self._redeal(done_rows)
        return rewards, done

    def _arms_load(self, states: list[HandState], rows_of: npt.NDArray[np.intp]) -> None:
        """The layouts of `load`: hand ``i`` lays again the tiles of the layout of
        ``states[rows_of[i]]`` (`_arms_plays`) as `step` lays them (`_arms_lay_lead`,
        `_arms_lay`), so that its arms are the ones the batch would have had playing
        them; then FOOT-3's releases (which only grow as tiles are laid: the ones of the
        last play are all of them), the open arms and the play points so far."""
        plays = [self._arms_plays(state) for state in states]
        longest = max(map(len, plays))
        table = np.full((len(states), max(longest, 1)), -1, dtype=np.int64)
        for j, laid in enumerate(plays):
            table[j, : len(laid)] = laid
        self._arms_deal(self._actions_of)
        for a in table[rows_of].T[:longest]:
            self._arms_put(a, a >= 0)
        if self._arms_release:
            self._arms_released(np.ones(self._size, dtype=bool))
        self._arms_refresh()
        points = np.array([s.play_points for s in states], dtype=np.int64)
        self._arms_points[:] = points[rows_of]

    def _arms_put(self, a: Int64Array, plays: BoolArray) -> Int64Array:
        """Lay the tiles of the plays ``a`` (action numbers) of the hands of ``plays`` on
        the arms (a lead, or a play on an arm), nothing else; the tiles laid (0
        elsewhere)."""
        k1 = self._arms_k + 1
        tile: Int64Array = np.where(plays, a // k1, 0)
        slot = a - k1 * tile
        lo, hi = self._lo[tile], self._hi[tile]
        self._arms_lay_lead(plays & (slot == k1 - 1), lo, hi)
        self._arms_lay(plays & (slot < k1 - 1), slot, lo, hi)
        self._left = self._arms_val[:, 0].copy()
        self._right = self._arms_val[:, 1].copy()
        return tile

    def _arms_plays(self, state: HandState) -> list[int]:
        """The plays (action numbers) that build ``state``'s layout, in an order play
        could have laid them in: the lead; then, arm by arm in `End` order, the tiles
        of the arm each new arm grows from up to its spinner (so that the spinners come
        in the order of the arms they open, the order `_arms_lay` numbers them in, and
        under SPIN-1's first double no other double comes before the spinner); then the
        rest of every arm, outward. (Read from the layout, not the history: a sampled
        world has none.)"""
        if state.lead is None:
            return []
        layout = state.layout
        k1 = self._arms_k + 1
        out = [k1 * tile_index(*layout.line[state.lead]) + k1 - 1]
        arms = {int(arm.end): arm for arm in sorted(layout.arms, key=lambda arm: int(arm.end))}
        laid = dict.fromkeys(arms, 0)

        def lay(k: int, upto: int) -> None:
            out.extend(k1 * tile_index(a, b) + k for a, b in arms[k].tiles[laid[k] : upto])
            laid[k] = max(laid[k], upto)

        for arm in arms.values():
            if arm.origin is not None:
                lay(int(arm.origin[0]), arm.origin[1] + 1)
        for k, arm in arms.items():
            lay(k, len(arm.tiles))
        return out

    def _arms_lay_lead(self, lead: BoolArray, lo: Int64Array, hi: Int64Array) -> None:
        """The leads of the hands of ``lead``: the LEFT and RIGHT arms, and a double lead's
        short sides when it spins (SPIN-1), waiting (SPIN-2) or open at once (SPIN-3)."""
        if not lead.any():
            return
        r = lead.nonzero()[0]
        lo, hi = lo[r], hi[r]
        self._arms_lead[r, 0] = lo
        self._arms_lead[r, 1] = hi
        self._arms_val[r, 0] = lo
        self._arms_val[r, 1] = hi
        self._arms_state[r, :2] = _ARM_OPEN
        if self._rules.spinner is SpinnerRule.NONE:
            return
        d = r[lo == hi]
        if not len(d):
            return
        value = self._arms_lead[d, 0]
        rules = self._rules
        four = rules.spinner_fill in _ALL_FOUR
        six = rules.spinner_fill is SpinnerFill.TOES_FIRST and rules.root_toes == 6
        for k in range(2, 8 if six else 4):
            self._arms_val[d, k] = value
            self._arms_spin[d, k] = value
            # (FOOT-1: the root's further toes grow from it, but are no spinner's sides)
            self._arms_org[d, k] = -1 if k < 4 else _NO_SPINNER
            self._arms_org_idx[d, k] = 0
            self._arms_state[d, k] = _ARM_OPEN if four else _ARM_WAITING
            self._arms_need[d, k] = -1
        if six:  # FOOT-1: six toes, three on each long side; U and D unused
            self._arms_state[d, 2:4] = _ARM_CLOSED
            self._arms_sides[d, :8] = 1
            self._arms_sides[d, 2:4] = 0
        elif four:  # SPIN-3, FOOT-1: the four sides first
            self._arms_sides[d, :4] = 1

    def _arms_lay(self, on: BoolArray, slot: Int64Array, lo: Int64Array, hi: Int64Array) -> None:
        """The plays on an arm of the hands of ``on`` (``slot``: the arm): the arm shows
        the tile's other value, a short side closes (SPIN-4), a double may spin (SPIN-1:
        two more arms, waiting or, under SPIN-3, open with sides to start), and waiting
        arms whose long sides are covered open (SPIN-2)."""
        if not on.any():
            return
        rules = self._rules
        r = on.nonzero()[0]
        k, lo, hi = slot[r], lo[r], hi[r]
        value = self._arms_val[r, k]
        length = self._arms_len[r, k] + 1
        self._arms_val[r, k] = np.where(lo == value, hi, lo)
        self._arms_len[r, k] = length
        self._arms_dbl[r, k] = lo == hi
        if rules.spinner_fill is SpinnerFill.ONE_TILE_EACH_SIDE:
            self._arms_state[r, k] = np.where(k > 1, _ARM_CLOSED, self._arms_state[r, k])
        spinner = rules.spinner
        if spinner is SpinnerRule.EVERY_DOUBLE:
            spins = lo == hi
        elif spinner is SpinnerRule.FIRST_DOUBLE:  # (no spinner yet: no arm U)
            spins = (lo == hi) & (self._arms_state[r, 2] == _ARM_ABSENT)
        else:
            spins = np.zeros(len(r), dtype=bool)
        if spins.any():
            s, ks, at = r[spins], k[spins], length[spins]
            new = _columns_sum(self._arms_state[s] != _ARM_ABSENT)  # the arms on the table
            four = rules.spinner_fill in _ALL_FOUR
            for j in (new, new + 1):
                self._arms_val[s, j] = lo[spins]
                self._arms_len[s, j] = 0
                self._arms_dbl[s, j] = False
                self._arms_spin[s, j] = lo[spins]
                self._arms_org[s, j] = ks
                self._arms_org_idx[s, j] = at - 1
                self._arms_state[s, j] = _ARM_OPEN if four else _ARM_WAITING
                self._arms_need[s, j] = ks
                self._arms_need_len[s, j] = at + 1
                self._arms_sides[s, j] = 1 if four else 0
            if four:
                self._arms_sides[s, ks] = np.maximum(self._arms_sides[s, ks], at + 1)
        # SPIN-2: waiting arms whose long sides carry their tiles open (only plays make
        # arms longer, so every hand is looked at alike)
        waiting = self._arms_state == _ARM_WAITING
        if waiting.any():
            lens = self._arms_len
            need = self._arms_need
            reached = lens[self._actions_of[:, None], np.maximum(need, 0)]
            lead_sides = (lens[:, 0] > 0) & (lens[:, 1] > 0)
            ready = np.where(need < 0, lead_sides[:, None], reached >= self._arms_need_len)
            self._arms_state[waiting & ready] = _ARM_OPEN

    def _arms_released(self, played: BoolArray) -> None:
        """FOOT-3 (`Ruleset.toe_release`), in the hands of ``played``: a toe (or a SPIN-3
        side) still to take its tile is let go once every tile of its number is on the
        table (none is left in a hand or the boneyard to play there)."""
        waiting = (self._arms_len < self._arms_sides) & played[:, None]
        if not waiting.any():
            return
        held = _union(self._hands) | self._bone_mask
        table = ~held & np.uint64((1 << self._n) - 1)
        values = np.maximum(self._arms_val, 0)
        laid = _popcount(table[:, None] & self._suit[values])
        gone = waiting & (laid > self._rules.max_pip)
        self._arms_sides = np.where(gone, 0, self._arms_sides)

    def _arms_ends(self, count: SpinnerCount, weight: int) -> tuple[Int64Array, Int64Array]:
        """What the ends of every hand's layout show (`dominoes.layout.exposed_ends`,
        rules COUNT-1 to COUNT-6, vectorized): (values, halves), ``(size, K // 2 - 1 +
        K)``, one column per spinner (its pair of short sides) then one per arm, halves
        0 where a column shows nothing (and everywhere before the lead)."""
        k = self._arms_k
        rows = self._actions_of
        lens, vals = self._arms_len, self._arms_val
        on_table = self._arms_state != _ARM_ABSENT
        lo, hi = self._arms_lead[:, 0], self._arms_lead[:, 1]
        at_end = np.zeros(lens.shape, dtype=bool)
        values: list[Int64Array] = []
        halves: list[Int64Array] = []
        lead_spins = (
            on_table[:, 2] & (self._arms_org[:, 2] < 0)
            if k > 2
            else np.zeros(self._size, dtype=bool)
        )
        for p in range(2, k, 2):
            present = on_table[:, p] & (self._arms_org[:, p] != _NO_SPINNER)
            org = self._arms_org[:, p]
            idx = self._arms_org_idx[:, p]
            on = np.maximum(org, 0)
            len_on = lens[rows, on]
            covered = np.where(
                org < 0,
                (lens[:, 0] > 0).astype(np.int64) + (lens[:, 1] > 0),
                1 + (len_on > idx + 1),
            )
            at_end[rows, on] |= present & (org >= 0) & (len_on == idx + 1)
            if count is SpinnerCount.EXPOSED_HALVES:
                sides = covered + (lens[:, p] > 0) + (lens[:, p + 1] > 0)
                half = np.clip(4 - sides, 0, 2)
            else:
                half = np.where(covered == 2, 0, 1 if count is SpinnerCount.ONCE else 2)
            values.append(self._arms_spin[:, p])
            halves.append(np.where(present, half, 0))
        lead_double = lo == hi
        for j in range(k):
            has = lens[:, j] > 0
            own = np.where(self._arms_dbl[:, j], weight, 1)
            value = vals[:, j]
            half = np.where(has & ~at_end[:, j], own, 0)
            if j < 2:
                empty = ~has & ~lead_spins & (lo >= 0)
                value = np.where(has, value, lo if j == 0 else hi)
                half = np.where(empty, np.where(lead_double, weight, 1), half)
            values.append(value)
            halves.append(half)
        v = np.stack(values, axis=1)
        h = np.stack(halves, axis=1)
        lone = (lo >= 0) & ~_union(lens > 0)  # the lead alone (COUNT-3)
        if lone.any():
            first = k // 2 - 1  # the column of the LEFT arm
            h[lone] = 0
            h[lone, first] = 1
            once = lead_spins & (count is SpinnerCount.ONCE)
            h[lone, first + 1] = np.where(once[lone], 0, 1)
        return v, h

    def _arms_plain_count(self) -> Int64Array:
        """The end count of every hand under the default counting rules (COUNT-1 to
        COUNT-3, `dominoes.layout.Layout.count`; 0 before the lead), as the scalar
        engine keeps it (`_end_count` in dominoes.state): each arm with a tile counts
        its end, both halves of a double there; an empty long side the lead's half (a
        double lead's both, once while neither long side carries a tile); an empty
        short side nothing. `_arms_ends` gives the same total, the general way."""
        has = self._arms_len > 0
        lo, hi = self._arms_lead[:, 0], self._arms_lead[:, 1]
        # the arms with a tile (every arm at once: no loop over the arms' operations)
        total = _columns_sum(self._arms_val * (1 + self._arms_dbl) * has)
        # the empty long sides: a double lead shows both halves while one is empty
        e0, e1 = ~has[:, 0], ~has[:, 1]
        total += np.where(lo == hi, 2 * lo * (e0 | e1), lo * e0 + hi * e1)
        out: Int64Array = np.where(lo >= 0, total, 0)
        return out

    def _arms_count(self, count: SpinnerCount, weight: int) -> Int64Array:
        """The end count of every hand under these counting rules (0 before the lead)."""
        if count is SpinnerCount.BOTH_UNTIL_LONG_COVERED and weight == 2:
            return self._arms_plain_count()
        v, h = self._arms_ends(count, weight)
        total: Int64Array = _columns_sum(v * h)
        return total

    def _arms_scores(self) -> Int64Array:
        """What the layout of every hand scores now (PLAY-1 to PLAY-3 from the end
        count, or Bergen's headers, HEADER-1)."""
        rules = self._rules
        if rules.play_scoring is PlayScoring.BERGEN:
            v, h = self._arms_ends(rules.spinner_count, rules.double_end_weight)
            pips = np.arange(rules.max_pip + 1)
            shows = (v[:, :, None] == pips) & (h > 0)[:, :, None]  # (B, E, M + 1)
            ends = shows.sum(axis=1)
            halves = (shows * h[:, :, None]).sum(axis=1)
            points: Int64Array = np.where(ends >= 2, halves, 0).sum(axis=1)
            return points
        total = self._arms_count(rules.spinner_count, rules.double_end_weight)
        scored: Int64Array = self._arms_table[0][total]
        return scored

    def _arms_features(self, out: FloatArray, sections: dict[str, Any]) -> None:
        """Write the parts of the arms (10 to 15 of `ObservationEncoder`) into ``out``."""
        rules = self._rules
        k = self._arms_k
        m2 = rules.max_pip + 2
        rows = self._actions_of
        on_table = self._arms_state != _ARM_ABSENT
        lens = self._arms_len
        vals = np.where(on_table, self._arms_val, m2 - 1)
        arm_ends = sections["arm_ends"].offset + np.arange(k) * m2
        out[rows[:, None], arm_ends[None, :] + vals] = 1.0
        is_open = (self._arms_suits != 0) & (self._ended == _PLAYING)[:, None]
        # (closed: a short side that took its tile, SPIN-4, and a root's unused U and D,
        # FOOT-1)
        state = np.where(is_open, 0, np.where(self._arms_state == _ARM_CLOSED, 2, 1))
        states = sections["arm_states"].offset + 3 * np.arange(k)
        r, c = np.nonzero(on_table)
        out[r, states[c] + state[r, c]] = 1.0
        lead_double = (self._arms_lead[:, 0] == self._arms_lead[:, 1]) & (
            self._arms_lead[:, 0] >= 0
        )
        doubles = (lens > 0) & self._arms_dbl
        doubles[:, :2] |= (lens[:, :2] == 0) & lead_double[:, None]
        out[:, sections["arm_doubles"].span] = doubles & on_table
        spin = on_table.copy()
        spin[:, :2] = False
        r, c = np.nonzero(spin)
        out[r, sections["spinners"].offset + self._arms_spin[r, c]] = 1.0
        plain = self._arms_plain_count()
        out[:, sections["end_count"].offset] = plain
        out[:, sections["play_points"].span] = self._arms_points

    # ------------------------------------------------------------------ loading
    @staticmethod
    def supports(rules: Ruleset) -> bool:
        """Whether a batch plays ``rules`` (else the constructor raises `RulesetError`
        naming the field it does not play).

        >>> from dominoes import Ruleset
        >>> trains = Ruleset.preset("mexican-train", players=3)
        >>> Batch.supports(Ruleset.block()), Batch.supports(trains)
        (True, False)

        Raises:
            ArgumentTypeError: ``rules`` is not a `Ruleset`.
        """
        if not isinstance(rules, Ruleset):
            raise ArgumentTypeError(
                f"rules must be a Ruleset, got {_shown(rules)}", argument="rules"
            )
        return _unsupported(rules) is None

    @classmethod
    def from_states(cls, states: Sequence[HandState], *, autoreset: bool = False) -> Batch:
        """A batch of ``len(states)`` hands whose hand ``i`` is ``states[i]`` (`load`),
        all of one ruleset, the batch's.

        >>> from dominoes import Deal, HandState, Ruleset
        >>> rules = Ruleset.draw()
        >>> state = HandState.start(rules, Deal.random(rules, seed=3)).apply_all("6-6 4-6:L")
        >>> batch = Batch.from_states([state, state])
        >>> batch.state(1) == state
        True

        Raises:
            ArgumentTypeError: ``states`` is not a list or tuple of `HandState`, or
                ``autoreset`` not a ``bool``.
            ArgumentValueError: ``states`` is empty, or a state cannot be held (see
                `load`).
            RulesetError: the ruleset is one the batch does not play (naming the field).
        """
        if not isinstance(states, list | tuple) or not states:
            raise _states_error(states)
        first = states[0]
        if not isinstance(first, HandState):
            raise ArgumentTypeError(
                f"states[0] must be a HandState, got {_shown(first)}", argument="states"
            )
        batch = cls(first.rules, size=len(states), autoreset=autoreset)
        batch.load(states)
        return batch

    def load(self, states: Sequence[HandState], *, seed: int = 0) -> None:
        """Put ``states[i]`` in hand ``i``, for every hand (``size`` states of the
        batch's ruleset, at any point of a hand: before the lead, drawing for a double,
        in play, with draws made this turn, a verification round under way, or over).

        `state` of a loaded hand is its state with the actions since then applied (the
        batch keeps the states); `observe` reads the pip values each seat showed it
        lacks from the state's observations. A loaded hand has no deal (`random_of`
        and `deal_of` raise); with autoreset, once it ends it is dealt the deals
        ``reset(seed)`` would give it: ``hand_random(seed, i, 0)``, then 1, and so
        on. Each distinct state object is read once, so a list that repeats states
        loads quickly. In a layout with arms the batch lays the state's plays again, in
        their order, as `step` would have laid them, and takes its play points so far
        (`HandState.play_points`).

        Raises:
            ArgumentTypeError: ``states`` is not a list or tuple of `HandState`, or
                ``seed`` not an ``int``.
            ArgumentValueError: ``states`` does not hold ``size`` states, a state is of
                another ruleset, ended otherwise than by a domino or a block, is over in
                a batch with autoreset, or holds a boneyard larger than the ruleset's
                deal leaves; or ``seed`` is negative.
        """
        if not isinstance(states, list | tuple):
            raise _states_error(states)
        if len(states) != self._size:
            raise ArgumentValueError(
                f"states must hold one state per hand ({self._size}), got {len(states)}",
                argument="states",
            )
        if type(seed) is not int:
            raise ArgumentTypeError(f"seed must be an int, got {_shown(seed)}", argument="seed")
        if seed < 0:
            raise ArgumentValueError(f"seed must be 0 or more, got {seed}", argument="seed")
        read: dict[int, int] = {}  # a state's row in `distinct`, by its id
        distinct: list[tuple[int, ...]] = []
        firsts = []  # the index in ``states`` of each distinct state
        which = []
        for k, state in enumerate(states):
            j = read.get(id(state))
            if j is None:
                j = read[id(state)] = len(distinct)
                distinct.append(self._row_of(k, state))
                firsts.append(k)
            which.append(j)
        p = self._rules.players
        # one row per hand (`_row_of`)
        rows_of = np.array(which, dtype=np.intp)
        table = np.array(distinct, dtype=np.int64)[rows_of]
        self._hands[:] = table[:, :p].astype(np.uint64)
        self._shown[:] = table[:, p : 2 * p]
        (
            self._turn[:],
            self._left[:],
            self._right[:],
            self._opening[:],
            self._rprop[:],
            self._rcount[:],
            self._ended[:],
            self._drew[:],
            self._last[:],
            self._bpos[:],
            self._bone_mask[:],
        ) = table[:, 2 * p : 2 * p + 11].T
        self._bone[:] = table[:, 2 * p + 11 :]
        self._log_len[:] = 0
        self._deals[:] = -1  # loaded: the next deal (autoreset) is deal 0
        self._nx_ready[:] = False  # (the deals dealt ahead were for other numbers)
        if self._arms:
            self._arms_load([states[k] for k in firsts], rows_of)
        self._loaded = tuple(states)
        self._seed = seed
        self._key0 = _seed_key(seed)

    def _row_of(self, k: int, state: object) -> tuple[int, ...]:
        """``states[k]`` as the per-hand arrays hold it, in one row: the hands' masks,
        the shown voids (pip masks), the turn, the ends, the opening, the verification
        round, the ending, the draws of the turn, the last seat to lay a tile, the
        boneyard's position and mask (below 2**55: an ``int64``), then the `_bone` row
        (the boneyard in draw order, at the end of the part the deal left, as `_bone_at`
        reads it).

        Read from the state's public properties; its position string is parsed only for
        what nothing else tells and the batch reads: the draws of the turn (under
        `DrawRule.ONE_THEN_PASS`) and the last seat to lay a tile (the blocker, under
        `BlockTie.NON_BLOCKER_WINS`)."""
        rules = self._rules
        if not isinstance(state, HandState):
            raise ArgumentTypeError(
                f"states[{k}] must be a HandState, got {_shown(state)}", argument="states"
            )
        if state.rules is not rules and state.rules != rules:
            raise ArgumentValueError(
                f"states[{k}] is of another ruleset than the batch's", argument="states"
            )
        result = state.result
        ending = _PLAYING
        if result is not None:
            ending = _ENDINGS.get(result.ending, _PLAYING)
            if ending == _PLAYING:
                raise ArgumentValueError(
                    f"states[{k}] ended as {result.ending.value}: a batch holds hands that "
                    "ended by a domino or a block",
                    argument="states",
                )
            if self._autoreset:
                raise ArgumentValueError(
                    f"states[{k}] is over, which a batch with autoreset does not hold (it "
                    "deals only the hands that end in a step)",
                    argument="states",
                )
        n = self._n
        room = n - rules.players * rules.hand_size  # the boneyard the deal leaves
        boneyard = state.boneyard
        if len(boneyard) > room:
            raise ArgumentValueError(
                f"states[{k}] has {len(boneyard)} tiles in the boneyard, more than the "
                f"{room} the deal leaves",
                argument="states",
            )
        bone_row = [0] * self._bone.shape[1]
        bone_row[room - len(boneyard) : room] = [t.index for t in boneyard]
        ends = (-1, -1) if self._arms else state.layout.ends or (-1, -1)  # (`_arms_load`)
        open_code = _ANY
        if state.phase is Phase.LEAD and rules.opening is not Opening.SEAT_ANY_TILE:
            first = state.legal_moves()[0]  # as `_deal` reads it
            open_code = first.tile.index if isinstance(first, Play) else _DRAW_FOR_DOUBLE
        round_ = state.verification
        drew, last = 0, -1
        if rules.drawing is DrawRule.ONE_THEN_PASS or rules.block_tie is BlockTie.NON_BLOCKER_WINS:
            written = parse_position(state.position())
            drew = written.drew
            last = -1 if written.last is None else written.last
        shown = [sum(1 << pip for pip in voids) for voids in state.observation(0).shown_voids]
        masks = [sum(1 << t.index for t in hand) for hand in state.hands]
        return (
            *masks,
            *shown,
            state.turn,
            *ends,
            open_code,
            -1 if round_ is None else round_.proposer,
            0 if round_ is None else len(round_.confirmed),
            ending,
            drew,
            last,
            -len(boneyard),
            sum(1 << t.index for t in boneyard),
            *bone_row,
        )

    def play_out(self, rng: np.random.Generator) -> Int64Array:
        """Finish every hand with uniformly random legal actions (`step_random`) and
        return the points of every hand, ``(size, players)``: what
        ``state(i).result.points`` gives, for the hands that were already over too (in a
        game that scores on play, the play points since the deal included).

        >>> from dominoes import Ruleset
        >>> batch = Batch(Ruleset.block(players=4, partnership=True), size=5)
        >>> batch.reset(7)
        >>> points = batch.play_out(np.random.default_rng(0))
        >>> bool(batch.over.all()), points.tolist()[0] == list(batch.state(0).result.points)
        (True, True)

        Raises:
            ArgumentTypeError: ``rng`` is not a `numpy.random.Generator`.
            ArgumentValueError: the batch deals hands again (``autoreset``: its hands
                never all end), or was never dealt nor loaded.
        """
        if not isinstance(rng, np.random.Generator):
            raise ArgumentTypeError(
                f"rng must be a numpy.random.Generator, got {_shown(rng)}", argument="rng"
            )
        if self._autoreset:
            raise ArgumentValueError(
                "autoreset must be False to play out a batch: its hands never all end",
                argument="autoreset",
            )
        self._check_dealt()
        # `step_random` without its checks (made above) nor the end points of each
        # step: every hand is scored once at the end (with its play points, PLAY-1)
        while not self._ended.all():  # (`_PLAYING` is 0)
            if self._arms:
                self._arms_apply(self._arms_sample(rng), self._ended == _PLAYING, score=False)
            else:
                self._apply(*self._sample(rng), score=False)
        points = self._points(self._actions_of)
        if self._arms:
            points += self._arms_points
        return points


def _states_error(states: object) -> ArgumentTypeError | ArgumentValueError:
    """The error that ``states`` is not a non-empty list or tuple of states."""
    if isinstance(states, list | tuple):
        return ArgumentValueError("states must hold at least one HandState", argument="states")
    return ArgumentTypeError(
        f"states must be a list or tuple of HandState, got {_shown(states)}", argument="states"
    )
