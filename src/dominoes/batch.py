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
action per hand with whole-array operations (no Python loop over hands), `Batch.observe`
gives the `ObservationEncoder` vectors, and `Batch.state` rebuilds any hand as a
`HandState`. In a game that scores on play, a step's rewards are the points it scored on
play, plus the hand's end points when it ends it (docs/batch.md).

Deals come from the scalar engine: hand ``i``'s ``d``-th deal after ``reset(s)`` is
``Deal.random(rules, seed=Batch.hand_seed(s, i, d))``, that is
``seed = (s << 64) | (d << 32) | i``, dealt one hand at a time (dealing is not the hot
path: see docs/batch.md for what it costs). This module needs numpy (the ``numpy``
extra); the core never imports it.
"""

from __future__ import annotations

from typing import Any

import attrs
import numpy as np
import numpy.typing as npt

from dominoes.codec import ActionCodec, ObservationEncoder
from dominoes.deal import Deal
from dominoes.errors import ArgumentTypeError, ArgumentValueError, IllegalMoveError, RulesetError
from dominoes.errors import shown as _shown
from dominoes.moves import Play
from dominoes.rules import (
    BlockDetection,
    BlockTie,
    BlockWinner,
    ClaimRule,
    DominoWinner,
    DrawRule,
    FaultMode,
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
from dominoes.scoring import play_points
from dominoes.state import HandState

__all__ = ["MAX_BATCH_TILES", "Batch"]

MAX_BATCH_TILES = 64
"""The most tiles a set may have in a batch: a hand is one ``uint64`` bit mask
(double-9, 55 tiles, fits; double-10, 66, does not)."""

_MAX_SIZE = 1 << 32
"""Hand numbers must fit the 32 low bits of a hand's seed (`Batch.hand_seed`)."""

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

Int64Array = npt.NDArray[np.int64]
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


def _columns_or(x: npt.NDArray[Any]) -> npt.NDArray[Any]:
    """The bitwise or of the columns of a ``(rows, k)`` array, ``(rows,)``: a loop over
    the few columns costs less than a ufunc's reduce along a short axis."""
    out = x[:, 0].copy()
    for j in range(1, x.shape[1]):
        out |= x[:, j]
    return out


def _columns_sum(x: npt.NDArray[Any]) -> Int64Array:
    """The sum of the columns of a ``(rows, k)`` array, ``(rows,)`` (as `_columns_or`)."""
    out = x[:, 0].astype(np.int64)
    for j in range(1, x.shape[1]):
        out += x[:, j]
    return out


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


def _select(masks: npt.NDArray[np.uint64], rank: Int64Array) -> Int64Array:
    """The position of the ``rank``-th set bit of each mask (from 0; ``rank`` below the
    mask's bit count), halving the word three times and then reading a byte table."""
    base = np.zeros(masks.shape, dtype=np.int64)
    m = masks
    for width in (32, 16, 8):
        low = m & np.uint64((1 << width) - 1)
        count = _popcount(low)
        high = rank >= count
        rank = rank - np.where(high, count, 0)
        m = np.where(high, m >> np.uint64(width), low)
        base += np.where(high, width, 0)
    out: Int64Array = base + _BYTE_SELECT[(m & np.uint64(255)).astype(np.intp), rank]
    return out


def _sum_bits(masks: npt.NDArray[np.uint64], table: Int64Array) -> Int64Array:
    """The sum of a per-tile value over the tiles of each mask: ``table`` is a
    `_byte_table`, read once per byte of the masks."""
    out = np.zeros(masks.shape, dtype=np.int64)
    for k in range(8):
        out += table[k][((masks >> np.uint64(8 * k)) & np.uint64(255)).astype(np.intp)]
    return out


def _byte_table(values: list[int]) -> Int64Array:
    """For each byte ``k`` of a hand's mask and each of its 256 values, the sum of
    ``values`` over the tiles it holds (8 x 256): a mask's sum is 8 lookups."""
    table = np.zeros((8, 256), dtype=np.int64)
    for k in range(8):
        for b in range(256):
            table[k, b] = sum(
                values[8 * k + j] for j in range(8) if b >> j & 1 and 8 * k + j < len(values)
            )
    return table


_COUNTS = _byte_table([1] * MAX_BATCH_TILES)
"""The `_byte_table` of bit counts (for numpy 1, which has no ``bitwise_count``)."""


class Batch:
    """``size`` hands of one ruleset (the line or the spinner family), stepped together
    in numpy arrays.

    Not an immutable value (unlike `HandState`): `reset` and `step` change the batch in
    place, which is the point of it. Every hand starts over by `reset`; with
    ``autoreset=True`` a hand that ends in a `step` is dealt again at once (its next
    deal, `hand_seed`), so that every hand is always playing.

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
        "_hands",
        "_hi",
        "_last",
        "_left",
        "_lo",
        "_log",
        "_log_len",
        "_nxt",
        "_opening",
        "_pip_table",
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
        "_tile_bits",
        "_turn",
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
        n = rules.tile_set.size
        tiles = list(rules.tile_set)
        self._lo = np.array([t.low for t in tiles], dtype=np.int64)
        self._hi = np.array([t.high for t in tiles], dtype=np.int64)
        suit = [0] * (rules.max_pip + 1)
        for t in tiles:
            suit[t.low] |= 1 << t.index
            suit[t.high] |= 1 << t.index
        self._suit = np.array(suit, dtype=np.uint64)
        self._tile_bits = np.left_shift(np.uint64(1), np.arange(n, dtype=np.uint64))
        self._nxt = np.array([rules.seat_after(s) for s in range(rules.players)], dtype=np.int64)
        side_of = [0] * rules.players
        for k, team in enumerate(rules.teams):
            for s in team:
                side_of[s] = k
        self._side_of = np.array(side_of, dtype=np.int64)
        self._sides = len(rules.teams)
        self._pip_table = _byte_table([rules.tile_values.of(t) for t in tiles])
        b, p = size, rules.players
        self._hands = np.zeros((b, p), dtype=np.uint64)
        self._bone = np.zeros((b, max(n, 1)), dtype=np.int64)
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
        # every hand's actions since its deal (`state` replays them); a hand has at most
        # n plays, n draws and, between two of them or at the end, p passes
        self._log = np.zeros((b, 2 * n + p * (2 * n + 2) + 1), dtype=np.int16)
        self._log_len = np.zeros(b, dtype=np.int64)
        self._deals = np.zeros(b, dtype=np.int64)  # deals of each hand since reset
        self._seed: int | None = None
        self._actions_of = np.arange(b)
        self._seats = np.arange(p)[None, :]
        self._arms = rules.has_arms
        self._arms_init()

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
        return sum(
            value.nbytes
            for name in self.__slots__
            if name not in ("_actions_of", "_seats")
            and isinstance(value := getattr(self, name), np.ndarray)
            and value.shape[:1] == (self._size,)
        )

    @staticmethod
    def hand_seed(seed: int, hand: int, deal: int = 0) -> int:
        """The seed of `Deal.random` for the ``deal``-th deal (0: the one `reset`
        makes) of hand number ``hand`` after ``reset(seed)``:
        ``(seed << 64) | (deal << 32) | hand``.

        >>> Batch.hand_seed(1, 2, 3) == (1 << 64) + (3 << 32) + 2
        True

        Raises:
            ArgumentTypeError: an argument is not an ``int``.
            ArgumentValueError: ``seed`` is negative, or ``hand`` or ``deal`` is not in
                0..2**32 - 1.
        """
        for name, value in (("seed", seed), ("hand", hand), ("deal", deal)):
            if type(value) is not int:
                raise ArgumentTypeError(
                    f"{name} must be an int, got {_shown(value)}", argument=name
                )
        if seed < 0:
            raise ArgumentValueError(f"seed must be 0 or more, got {seed}", argument="seed")
        for name, value in (("hand", hand), ("deal", deal)):
            if not 0 <= value < _MAX_SIZE:
                raise ArgumentValueError(
                    f"{name} must be from 0 to 2**32 - 1, got {value}", argument=name
                )
        return (seed << 64) | (deal << 32) | hand

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

    def seed_of(self, hand: int) -> int:
        """The `Deal.random` seed of hand ``hand``'s current deal (`hand_seed`).

        Raises:
            ArgumentTypeError: ``hand`` is not an ``int``.
            ArgumentValueError: there is no such hand, or the batch was never reset.
        """
        i = self._check_hand(hand)
        assert self._seed is not None
        return self.hand_seed(self._seed, i, int(self._deals[i]))

    def state(self, hand: int) -> HandState:
        """Hand ``hand`` as a `HandState`: its deal (`seed_of`) with its actions since
        then replayed through the scalar engine (a check as well as a copy).

        Raises:
            ArgumentTypeError: ``hand`` is not an ``int``.
            ArgumentValueError: there is no such hand, or the batch was never reset.
        """
        i = self._check_hand(hand)
        rules = self._rules
        state = HandState.start(rules, Deal.random(rules, seed=self.seed_of(i)))
        decode = self._codec.decode
        for action in self._log[i, : self._log_len[i]].tolist():
            state = state.apply(decode(action))
        return state

    # ------------------------------------------------------------------ dealing
    def reset(self, seed: int) -> None:
        """Deal every hand again: hand ``i`` gets ``Deal.random(rules,
        seed=hand_seed(seed, i))`` (one scalar deal per hand).

        Raises:
            ArgumentTypeError: ``seed`` is not an ``int``.
            ArgumentValueError: ``seed`` is negative.
        """
        if type(seed) is not int:
            raise ArgumentTypeError(f"seed must be an int, got {_shown(seed)}", argument="seed")
        if seed < 0:
            raise ArgumentValueError(f"seed must be 0 or more, got {seed}", argument="seed")
        self._seed = seed
        self._deals[:] = 0
        self._deal(np.arange(self._size))

    def _deal(self, which: Int64Array) -> None:
        """Deal the hands numbered ``which`` (their current deal number's seed)."""
        rules = self._rules
        seed = self._seed
        assert seed is not None
        players = rules.players
        any_tile = rules.opening is Opening.SEAT_ANY_TILE
        rows_hands = []
        rows_bone = []
        rows_bone_mask = []
        rows_turn = []
        rows_open = []
        for i, d in zip(which.tolist(), self._deals[which].tolist(), strict=True):
            deal = Deal.random(rules, seed=(seed << 64) | (d << 32) | i)
            start = HandState.start(rules, deal)
            rows_hands.append(deal.hand_masks)
            rows_bone.append(deal.boneyard_indices)
            rows_bone_mask.append(deal.boneyard_mask)
            rows_turn.append(start.turn)
            if any_tile:
                rows_open.append(_ANY)
            else:
                first = start.legal_moves()[0]
                rows_open.append(first.tile.index if isinstance(first, Play) else _DRAW_FOR_DOUBLE)
        n = rules.tile_set.size
        dealt = players * rules.hand_size
        self._hands[which] = np.array(rows_hands, dtype=np.uint64).reshape(len(which), players)
        bone = np.zeros((len(which), self._bone.shape[1]), dtype=np.int64)
        if n > dealt:
            bone[:, : n - dealt] = np.array(rows_bone, dtype=np.int64).reshape(len(which), -1)
        self._bone[which] = bone
        self._bone_mask[which] = np.array(rows_bone_mask, dtype=np.uint64)
        self._bpos[which] = dealt - n  # so that the boneyard's size is -bpos
        self._turn[which] = rows_turn
        self._opening[which] = rows_open
        self._left[which] = -1
        self._right[which] = -1
        self._rprop[which] = -1
        self._rcount[which] = 0
        self._ended[which] = _PLAYING
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

    def _bone_size(self) -> Int64Array:
        return -self._bpos

    def _can_draw(self) -> BoolArray:
        rules = self._rules
        if rules.drawing is DrawRule.NONE:
            return np.zeros(self._size, dtype=bool)
        can: BoolArray = self._bone_size() > rules.boneyard_floor
        if rules.drawing is DrawRule.ONE_THEN_PASS:
            can &= self._drew == 0
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
        self,
    ) -> tuple[
        npt.NDArray[np.uint64],
        npt.NDArray[np.uint64],
        npt.NDArray[np.uint64],
        BoolArray,
        BoolArray,
    ]:
        """The legal actions of every hand in five parts: the tiles it may lay on the
        left end, on the right end and lead (bit masks), whether it may draw and whether
        it must pass (all empty in an ended hand)."""
        zero = np.uint64(0)
        hand = self._hands[self._actions_of, self._turn]
        hand[self._ended != _PLAYING] = zero
        left, right = self._left, self._right
        before = left < 0
        suit = self._suit
        on_left = np.where(before, zero, hand & suit[np.maximum(left, 0)])
        on_right = np.where(before, zero, hand & suit[np.maximum(right, 0)])
        can_draw = self._can_draw()
        playable = (on_left | on_right) != 0
        moving = (hand != 0) & ~before
        draw = moving & ~playable & can_draw
        if self._rules.voluntary_draw:
            draw |= moving & playable & can_draw
        pas = moving & ~playable & ~can_draw
        opening = self._opening
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
        n = self._rules.tile_set.size
        on_left, on_right, lead, draw, pas = self._parts()
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
        it counts each hand's legal actions and picks one by its rank, with one random
        number per hand (`numpy.random.Generator.random`).

        Raises:
            ArgumentTypeError: ``rng`` is not a `numpy.random.Generator`.
            ArgumentValueError: the batch was never reset.
        """
        if not isinstance(rng, np.random.Generator):
            raise ArgumentTypeError(
                f"rng must be a numpy.random.Generator, got {_shown(rng)}", argument="rng"
            )
        self._check_dealt()
        if self._arms:
            return self._arms_sample(rng)
        n = self._rules.tile_set.size
        on_left, on_right, lead, draw, pas = self._parts()
        c_left = _popcount(on_left)
        c_right = _popcount(on_right)
        c_lead = _popcount(lead)
        total = c_left + c_right + c_lead + draw + pas
        rank = (rng.random(self._size) * total).astype(np.int64)
        in_right = rank >= c_left
        in_lead = rank >= c_left + c_right
        extra = rank >= c_left + c_right + c_lead  # the draw or the pass
        mask = np.where(in_lead, lead, np.where(in_right, on_right, on_left))
        offset = np.where(in_lead, c_left + c_right, np.where(in_right, c_left, 0))
        tile = _select(mask, np.where(extra, 0, rank - offset))
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
        return self._apply(a, playing)

    def _step_some(self, a: Int64Array, moving: BoolArray) -> tuple[Int64Array, BoolArray]:
        """`step` of the hands of ``moving`` alone: the others' rows of every per-hand
        array are kept aside, those hands count as ended for the length of the step (an
        ended hand's action is ignored), and their rows are put back (a step also writes
        some arrays of the hands it does not play, such as the draws made this turn)."""
        held = ~moving
        saved = {
            name: value[held].copy()
            for name in self.__slots__
            if isinstance(value := getattr(self, name), np.ndarray)
            and value.shape[:1] == (self._size,)
        }
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
        n = self._rules.tile_set.size
        on_left, on_right, lead, draw, pas = self._parts()
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

    def _apply(self, a: Int64Array, playing: BoolArray) -> tuple[Int64Array, BoolArray]:
        """Apply the legal actions ``a`` of the ``playing`` hands (`step` checked them),
        with whole-array operations: each array is computed for every hand and kept
        where the action is of its kind."""
        if self._arms:
            return self._arms_apply(a, playing)
        rules = self._rules
        n = rules.tile_set.size
        rows = self._actions_of
        t = self._turn
        zero = np.uint64(0)
        left, right = self._left, self._right
        is_play = playing & (a < 3 * n)
        is_draw = playing & (a == 3 * n)
        is_pass = playing & (a == 3 * n + 1)
        # the log, for `state` (a finished hand's slot past its log is never read)
        self._log[rows, self._log_len] = a
        self._log_len += playing
        at = self._seats == t[:, None]  # (B, P): the seat to move
        mine = self._hands[rows, t]
        nxt = self._nxt[t]
        new_turn = np.where(playing, nxt, t)
        ended = self._ended.copy()
        ends = (1 << np.maximum(left, 0)) | (1 << np.maximum(right, 0))
        # ---- plays
        if is_play.any():
            tile = np.where(is_play, a // 3, 0)
            slot = a - 3 * tile
            lo, hi = self._lo[tile], self._hi[tile]
            lead = is_play & (slot == 2)
            self._left = np.where(lead, lo, np.where(is_play & (slot == 0), lo + hi - left, left))
            self._right = np.where(
                lead, hi, np.where(is_play & (slot == 1), lo + hi - right, right)
            )
            bit = np.where(is_play, self._tile_bits[tile], zero)
            mine = mine ^ bit
            self._hands ^= np.where(at, bit[:, None], zero)
            self._rprop = np.where(is_play, -1, self._rprop)
            self._rcount = np.where(is_play, 0, self._rcount)
            self._last = np.where(is_play, t, self._last)
            out = is_play & (mine == 0)
            ended = np.where(out, _DOMINO, ended)
            new_turn = np.where(out, t, new_turn)
        drew = np.zeros_like(self._drew)  # a play or a pass ends a turn's draws
        # ---- draws
        if is_draw.any():
            idx = self._bone[rows, self._bone_at()]  # each boneyard's next tile
            bit = np.where(is_draw, self._tile_bits[idx], zero)
            self._hands |= np.where(at, bit[:, None], zero)
            self._bone_mask ^= bit
            self._bpos += is_draw
            new_turn = np.where(is_draw, t, new_turn)
            before = is_draw & (left < 0)
            if before.any():  # drawing for a double (LEAD-5)
                double = before & (self._lo[idx] == self._hi[idx])
                self._opening[double] = idx[double]
                more = before & ~double & (self._bone_size() > rules.boneyard_floor)
                new_turn[more] = nxt[more]
                empty = before & ~double & ~more
                if empty.any():
                    seat, heavy = self._heaviest(empty)
                    new_turn[empty] = seat[empty]
                    self._opening[empty] = heavy[empty]
            if rules.drawing is DrawRule.ONE_THEN_PASS:
                drew = np.where(is_draw & (new_turn == t), self._drew + 1, 0)
            # a forced draw shows the ends; one before the lead or a voluntary one shows
            # nothing
            shows = np.where(before | rules.voluntary_draw, 0, ends)
            self._shown = np.where(at & is_draw[:, None], shows[:, None], self._shown)
        self._drew = drew
        # ---- passes
        if is_pass.any():
            counts = is_pass
            if rules.drawing is not DrawRule.NONE:
                counts = is_pass & (self._bone_size() <= rules.boneyard_floor)
            opens = counts & (self._rprop < 0)
            self._rprop = np.where(opens, t, self._rprop)
            self._rcount = np.where(opens, 0, self._rcount) + counts
            block = is_pass & (self._rcount == rules.players)
            ended = np.where(block, _BLOCKED, ended)
            new_turn = np.where(block, t, new_turn)
            self._shown |= np.where(at & is_pass[:, None], ends[:, None], 0)
        # ---- DETECT-1: no seat can play and nobody can draw
        if rules.block_detection is BlockDetection.IMMEDIATE:
            moved = (is_play | is_draw) & (ended == _PLAYING) & (self._left >= 0)
            if moved.any():
                stuck = moved & self._stuck()
                ended = np.where(stuck, _BLOCKED, ended)
                new_turn = np.where(stuck, t, new_turn)
        self._turn = new_turn
        done = (ended != _PLAYING) & playing
        self._ended = ended
        rewards = np.zeros((self._size, rules.players), dtype=np.int64)
        if done.any():
            rewards[done] = self._points(done)
            if self._autoreset:
                self._deals[done] += 1
                self._deal(rows[done])
        return rewards, done

    def _bone_at(self) -> Int64Array:
        """The position in `_bone` of each hand's next boneyard tile (0 when empty)."""
        n = self._rules.tile_set.size
        dealt = self._rules.players * self._rules.hand_size
        return np.clip(self._bpos + (n - dealt), 0, max(n - dealt - 1, 0))

    def _stuck(self) -> BoolArray:
        """Whether no seat can play, and nobody can draw (DETECT-1), per hand."""
        rules = self._rules
        ends = self._suit[np.maximum(self._left, 0)] | self._suit[np.maximum(self._right, 0)]
        stuck: BoolArray = ~((self._hands & ends[:, None]) != 0).any(axis=1)
        if rules.drawing is not DrawRule.NONE:
            stuck &= self._bone_size() <= rules.boneyard_floor
        return stuck

    def _heaviest(self, which: BoolArray) -> tuple[Int64Array, Int64Array]:
        """(holder, index) of the heaviest tile in any hand (LEAD-1), for the hands of
        ``which`` (a loop over the tiles, heaviest first: a rare path)."""
        tiles = sorted(self._rules.tile_set, key=lambda t: (t.pips, t.high), reverse=True)
        seat = np.zeros(self._size, dtype=np.int64)
        heavy = np.full(self._size, -1, dtype=np.int64)
        for tile in tiles:
            holds = (self._hands & self._tile_bits[tile.index]) != 0
            found = which & (heavy < 0) & holds.any(axis=1)
            seat[found] = np.argmax(holds[found], axis=1)
            heavy[found] = tile.index
        return seat, heavy

    # ------------------------------------------------------------------ scoring
    def _points(self, done: BoolArray) -> Int64Array:
        """The points per seat of the hands of ``done`` (`score_hand`, vectorized for
        the supported scoring fields)."""
        rules = self._rules
        s_count = self._sides
        side_of = self._side_of
        pips = _sum_bits(self._hands[done], self._pip_table)  # (E, P)
        e = pips.shape[0]
        domino = self._ended[done] == _DOMINO
        mover = self._turn[done]
        last = self._last[done]
        seat_side = np.zeros((rules.players, s_count), dtype=np.int64)
        seat_side[np.arange(rules.players), side_of] = 1
        totals = pips @ seat_side  # (E, S)
        # the winning sides
        if rules.block_winner is BlockWinner.LOWEST_INDIVIDUAL:
            big = np.iinfo(np.int64).max
            keys = np.full((e, s_count), big, dtype=np.int64)
            for s in range(rules.players):
                keys[:, side_of[s]] = np.minimum(keys[:, side_of[s]], pips[:, s])
        else:
            keys = totals
        tied = keys == keys.min(axis=1, keepdims=True)
        ntied = tied.sum(axis=1)
        win = tied & (ntied == 1)[:, None]
        many = ntied > 1
        if rules.block_tie is BlockTie.SPLIT:
            win |= tied & many[:, None]
        elif rules.block_tie is BlockTie.NON_BLOCKER_WINS:
            blocker = np.where(last >= 0, side_of[np.maximum(last, 0)], -1)
            rest = tied & (np.arange(s_count)[None, :] != blocker[:, None])
            ok = many & (last >= 0) & (rest.sum(axis=1) == 1)
            win |= rest & ok[:, None]
        emptier_side = side_of[mover]
        if rules.domino_winner is DominoWinner.EMPTIER:
            one = np.arange(s_count)[None, :] == emptier_side[:, None]
            win = np.where(domino[:, None], one, win)
        nwin = win.sum(axis=1)
        share = np.maximum(nwin, 1)
        scoring = rules.scoring
        if scoring is Scoring.PENALTY:
            side_points = totals
        else:
            if scoring in (Scoring.FIXED, Scoring.FIXED_DOMINO):
                pool = np.where(domino | (scoring is Scoring.FIXED), rules.fixed_points, 0).astype(
                    np.int64
                )
                side_points = np.where(win, (pool // share)[:, None], 0)
            else:
                own = (totals * win).sum(axis=1)
                opp = totals.sum(axis=1) - own
                if scoring is Scoring.ALL_PIPS:
                    pool = opp + own
                elif scoring is Scoring.OPPONENTS_MINUS_OWN:
                    pool = np.where(domino, opp, np.maximum(opp - own, 0))
                else:
                    pool = opp
                side_points = np.where(win, (pool // share)[:, None], 0)
                if rules.partnership and scoring is not Scoring.ALL_PIPS:
                    went = domino & win[np.arange(e), emptier_side]
                    partner = totals[np.arange(e), emptier_side]
                    col = side_points[np.arange(e), emptier_side]
                    if rules.partner_pips is PartnerPips.ADD:
                        col = np.where(went, col + partner, col)
                    elif rules.partner_pips is PartnerPips.SUBTRACT:
                        col = np.where(went, np.maximum(col - partner, 0), col)
                    side_points[np.arange(e), emptier_side] = col
            if rules.stock_pips:
                stock = _sum_bits(self._bone_mask[done], self._pip_table)
                side_points = side_points + np.where(win, (stock // share)[:, None], 0)
            if rules.round_to > 1:
                step = rules.round_to
                side_points = np.where(
                    side_points > 0, (side_points + step // 2) // step * step, side_points
                )
                if rules.end_per_five:
                    side_points = side_points // 5
        points: Int64Array = side_points[:, side_of]
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
        free = ~_columns_or(waits)
        opened = (self._arms_state == _ARM_OPEN) & (free[:, None] | waits)
        vals = np.maximum(self._arms_val, 0)
        self._arms_suits = np.where(opened, self._suit[vals], np.uint64(0))
        self._arms_fit = _columns_or(self._arms_suits)
        self._arms_shows = _columns_or(np.where(opened, 1 << vals, 0))

    def _arms_parts(
        self,
    ) -> tuple[npt.NDArray[np.uint64], npt.NDArray[np.uint64], BoolArray, BoolArray]:
        """The legal actions of every hand: (size, K) the tiles it may lay on each arm,
        the tiles it may lead, whether it may draw, whether it must pass (all empty in
        an ended hand); before the lead as in a line (`_parts`)."""
        before = self._left < 0
        if before.any():
            _left, _right, lead, draw, _pas = self._parts()
        else:  # (every hand led: no lead, no drawing for a double)
            lead = np.zeros(self._size, dtype=np.uint64)
            draw = before
        moving = (self._ended == _PLAYING) & ~before  # (an empty hand passes: PART-3)
        hand = np.where(moving, self._hands[self._actions_of, self._turn], np.uint64(0))
        on_arm = hand[:, None] & self._arms_suits
        playable = (hand & self._arms_fit) != 0
        can_draw = self._can_draw()
        after = moving & ~playable & can_draw
        if self._rules.voluntary_draw:
            after |= moving & playable & can_draw
        pas = moving & ~playable & ~can_draw
        return on_arm, lead, np.where(before, draw, after), pas

    def _arms_mask(self) -> BoolArray:
        """`legal_mask` of a layout with arms."""
        k1 = self._arms_k + 1
        n = self._rules.tile_set.size
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
        n = self._rules.tile_set.size
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
        tile = _select(groups[rows, group], np.where(extra, 0, rank - offset))
        chosen: Int64Array = np.where(
            extra, np.where(draw, k1 * n, k1 * n + 1), k1 * tile + group
        ).astype(np.int64)
        chosen[total == 0] = 0
        return chosen

    def _arms_legal(self, a: Int64Array) -> BoolArray:
        """`_legal` of a layout with arms."""
        k1 = self._arms_k + 1
        n = self._rules.tile_set.size
        on_arm, lead, draw, pas = self._arms_parts()
        groups = np.concatenate([on_arm, lead[:, None]], axis=1)
        slot = np.clip(a % k1, 0, k1 - 1)
        tile = np.clip(a // k1, 0, n - 1).astype(np.uint64)
        mask = groups[self._actions_of, slot]
        play = (a < k1 * n) & (a >= 0) & (((mask >> tile) & np.uint64(1)) != 0)
        ok: BoolArray = play | ((a == k1 * n) & draw) | ((a == k1 * n + 1) & pas)
        return ok

    def _arms_apply(self, a: Int64Array, playing: BoolArray) -> tuple[Int64Array, BoolArray]:
        """`_apply` of a layout with arms: plays on arms (scoring as they go), draws and
        passes that show the values of the open arms, DETECT-1 against the open arms."""
        rules = self._rules
        k1 = self._arms_k + 1
        n = rules.tile_set.size
        rows = self._actions_of
        t = self._turn
        zero = np.uint64(0)
        is_play = playing & (a < k1 * n)
        is_draw = playing & (a == k1 * n)
        is_pass = playing & (a == k1 * n + 1)
        self._log[rows, self._log_len] = a
        self._log_len += playing
        at = self._seats == t[:, None]
        before = self._left < 0
        shows = self._arms_shows  # what a pass or a draw shows (before this step's plays)
        nxt = self._nxt[t]
        new_turn = np.where(playing, nxt, t)
        ended = self._ended.copy()
        rewards = np.zeros((self._size, rules.players), dtype=np.int64)
        # ---- plays
        if is_play.any():
            tile = np.where(is_play, a // k1, 0)
            slot = a - k1 * tile
            lo, hi = self._lo[tile], self._hi[tile]
            self._arms_lay_lead(is_play & (slot == k1 - 1), lo, hi)
            self._arms_lay(is_play & (slot < k1 - 1), slot, lo, hi)
            self._left = self._arms_val[:, 0].copy()
            self._right = self._arms_val[:, 1].copy()
            bit = np.where(is_play, self._tile_bits[tile], zero)
            mine = self._hands[rows, t] ^ bit
            self._hands ^= np.where(at, bit[:, None], zero)
            self._rprop = np.where(is_play, -1, self._rprop)
            self._rcount = np.where(is_play, 0, self._rcount)
            self._last = np.where(is_play, t, self._last)
            if self._arms_release:
                self._arms_released(is_play)
            self._arms_refresh()
            points = np.where(is_play, self._arms_scores(), 0)
            gain = points[:, None] * (self._side_of[None, :] == self._side_of[t][:, None])
            self._arms_points += gain
            rewards += gain
            out = is_play & (mine == 0)
            if self._arms_both_out:  # PART-3: a domino once both partners are out
                side = self._side_of[None, :] == self._side_of[t][:, None]
                out &= ~((self._hands != 0) & side).any(axis=1)
            ended = np.where(out, _DOMINO, ended)
            new_turn = np.where(out, t, new_turn)
        drew = np.zeros_like(self._drew)
        # ---- draws (before the lead: drawing for a double, LEAD-5, as in a line)
        if is_draw.any():
            idx = self._bone[rows, self._bone_at()]
            bit = np.where(is_draw, self._tile_bits[idx], zero)
            self._hands |= np.where(at, bit[:, None], zero)
            self._bone_mask ^= bit
            self._bpos += is_draw
            new_turn = np.where(is_draw, t, new_turn)
            first = is_draw & before
            if first.any():
                double = first & (self._lo[idx] == self._hi[idx])
                self._opening[double] = idx[double]
                more = first & ~double & (self._bone_size() > rules.boneyard_floor)
                new_turn[more] = nxt[more]
                empty = first & ~double & ~more
                if empty.any():
                    seat, heavy = self._heaviest(empty)
                    new_turn[empty] = seat[empty]
                    self._opening[empty] = heavy[empty]
            if rules.drawing is DrawRule.ONE_THEN_PASS:
                drew = np.where(is_draw & (new_turn == t), self._drew + 1, 0)
            seen = np.where(before | rules.voluntary_draw, 0, shows)
            self._shown = np.where(at & is_draw[:, None], seen[:, None], self._shown)
        self._drew = drew
        # ---- passes: the verification round, as in a line
        if is_pass.any():
            counts = is_pass
            if rules.drawing is not DrawRule.NONE:
                counts = is_pass & (self._bone_size() <= rules.boneyard_floor)
            opens = counts & (self._rprop < 0)
            self._rprop = np.where(opens, t, self._rprop)
            self._rcount = np.where(opens, 0, self._rcount) + counts
            block = is_pass & (self._rcount == rules.players)
            ended = np.where(block, _BLOCKED, ended)
            new_turn = np.where(block, t, new_turn)
            self._shown |= np.where(at & is_pass[:, None], shows[:, None], 0)
        # ---- DETECT-1: no tile of any hand fits an open arm, and nobody can draw
        if rules.block_detection is BlockDetection.IMMEDIATE:
            moved = (is_play | is_draw) & (ended == _PLAYING) & (self._left >= 0)
            if moved.any():
                stuck = _columns_or(self._hands & self._arms_fit[:, None]) == 0
                if rules.drawing is not DrawRule.NONE:
                    stuck &= self._bone_size() <= rules.boneyard_floor
                stuck &= moved
                ended = np.where(stuck, _BLOCKED, ended)
                new_turn = np.where(stuck, t, new_turn)
        self._turn = new_turn
        done = (ended != _PLAYING) & playing
        self._ended = ended
        if done.any():
            rewards[done] += self._points(done)
            if self._autoreset:
                self._deals[done] += 1
                self._deal(rows[done])
        return rewards, done

    def _arms_lay_lead(self, lead: BoolArray, lo: Int64Array, hi: Int64Array) -> None:
        """The leads of the hands of ``lead``: the LEFT and RIGHT arms, and a double lead's
        short sides when it spins (SPIN-1), waiting (SPIN-2) or open at once (SPIN-3)."""
        if not lead.any():
            return
        r = np.flatnonzero(lead)
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
        r = np.flatnonzero(on)
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
            reached = np.take_along_axis(lens, np.maximum(need, 0), axis=1)
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
        held = _columns_or(self._hands) | self._bone_mask
        table = ~held & np.uint64((1 << self._rules.tile_set.size) - 1)
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
        lone = (lo >= 0) & ~_columns_or(lens > 0)  # the lead alone (COUNT-3)
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
        lens, vals, dbl = self._arms_len, self._arms_val, self._arms_dbl
        lo, hi = self._arms_lead[:, 0], self._arms_lead[:, 1]
        double = lo == hi
        total = np.where(double & (lens[:, 0] == 0) & (lens[:, 1] == 0), 2 * lo, 0)
        for k in range(self._arms_k):
            has = lens[:, k] > 0
            end = np.where(dbl[:, k], 2 * vals[:, k], vals[:, k])
            if k < 2:
                half = lo if k == 0 else hi
                empty = np.where(double, np.where(lens[:, 1 - k] > 0, 2 * half, 0), half)
                end = np.where(has, end, empty)
            else:
                end = np.where(has, end, 0)
            total += end
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
