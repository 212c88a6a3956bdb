"""A batched engine: many hands of one line game at once, in numpy arrays.

`Batch` holds ``size`` hands of one ruleset of the line family (Block and Draw: 2 to 12
seats, partnership, every opening rule, the three drawing rules, voluntary drawing, a
boneyard floor, immediate detection or the verification round; strict faults only) as
arrays: each seat's hand a bit mask over tile indices in a ``uint64`` (so sets up to 64
tiles, double-9 at most), the boneyard in draw order, the open ends, the seat to move,
the verification round and how each hand ended. `Batch.legal_mask` gives the legal
actions of every hand in the `ActionCodec` numbering, `Batch.step` applies one action
per hand with whole-array operations (no Python loop over hands), `Batch.observe` gives
the `ObservationEncoder` vectors, and `Batch.state` rebuilds any hand as a `HandState`.

Deals come from the scalar engine: hand ``i``'s ``d``-th deal after ``reset(s)`` is
``Deal.random(rules, seed=Batch.hand_seed(s, i, d))``, that is
``seed = (s << 64) | (d << 32) | i``, dealt one hand at a time (dealing is not the hot
path: see docs/batch.md for what it costs). This module needs numpy (the ``numpy``
extra); the core never imports it.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs
import numpy as np
import numpy.typing as npt

from dominoes.codec import ActionCodec, ObservationEncoder
from dominoes.deal import Deal
from dominoes.errors import ArgumentTypeError, ArgumentValueError, IllegalMoveError, RulesetError
from dominoes.errors import shown as _shown
from dominoes.moves import Play
from dominoes.notation import parse_position
from dominoes.rules import (
    BlockDetection,
    BlockTie,
    BlockWinner,
    DominoWinner,
    DrawRule,
    FaultMode,
    Opening,
    PartnerPips,
    PlayScoring,
    Ruleset,
    Scoring,
    SpinnerRule,
)
from dominoes.scoring import Ending
from dominoes.state import HandState, Phase

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

_ENDINGS = {Ending.DOMINO: _DOMINO, Ending.BLOCKED: _BLOCKED}
"""The endings a batch holds (`Batch.load`), as the `ended` array writes them."""

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
        ("spinner", rules.spinner is not SpinnerRule.NONE, "layouts with arms are not batched"),
        (
            "play_scoring",
            rules.play_scoring is not PlayScoring.NONE,
            "scoring on play needs a layout with arms, which is not batched",
        ),
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
    """``size`` hands of one line-game ruleset, stepped together in numpy arrays.

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
            set of more than 64 tiles, a spinner, scoring on play (and so called
            scores), a train game, tolerant faults, cascade scoring or partnership
            bonuses.
    """

    __slots__ = (
        "_action_count",
        "_actions_of",
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
        "_loaded",
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
            ArgumentValueError: there is no such hand, the batch was never reset, or the
                hand was loaded from a `HandState` (`load`) and has not been dealt since.
        """
        i = self._check_hand(hand)
        assert self._seed is not None
        if self._deals[i] < 0:
            raise ArgumentValueError(
                f"hand {i} was loaded from a HandState (Batch.load), not dealt from a seed",
                argument="hand",
            )
        return self.hand_seed(self._seed, i, int(self._deals[i]))

    def state(self, hand: int) -> HandState:
        """Hand ``hand`` as a `HandState`: its deal (`seed_of`), or the state `load` put
        there, with its actions since then replayed through the scalar engine (a check
        as well as a copy).

        Raises:
            ArgumentTypeError: ``hand`` is not an ``int``.
            ArgumentValueError: there is no such hand, or the batch was never reset.
        """
        i = self._check_hand(hand)
        rules = self._rules
        if self._deals[i] < 0:  # loaded (`load`): that state, then the log
            state = self._loaded[i]
        else:
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
        ``done`` ``(size,)`` says which hands ended with it. With autoreset those hands
        are dealt again before `step` returns.

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
        return out

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
        lacks from the state's observations. A loaded hand has no seed (`seed_of`
        raises); with autoreset, once it ends it is dealt the deals ``reset(seed)``
        would give it: ``hand_seed(seed, i, 0)``, then 1, and so on. Each distinct state
        object is read once, so a list that repeats states loads quickly.

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
        read: dict[int, tuple[int, ...]] = {}
        rows = []
        for k, state in enumerate(states):
            row = read.get(id(state))
            if row is None:
                row = read[id(state)] = self._row_of(k, state)
            rows.append(row)
        p = self._rules.players
        table = np.array(rows, dtype=np.int64)  # one row per hand (`_row_of`)
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
        ) = table[:, 2 * p : 2 * p + 10].T
        self._bone[:] = table[:, 2 * p + 10 :]
        self._bone_mask[:] = np.bitwise_or.reduce(
            np.where(self._bone_slots(), self._tile_bits[self._bone], np.uint64(0)), axis=1
        )
        self._log_len[:] = 0
        self._deals[:] = -1  # loaded: the next deal (autoreset) is deal 0
        self._loaded = tuple(states)
        self._seed = seed

    def _row_of(self, k: int, state: object) -> tuple[int, ...]:
        """``states[k]`` as the per-hand arrays hold it, in one row: the hands' masks,
        the shown voids (pip masks), the turn, the ends, the opening, the verification
        round, the ending, the draws of the turn, the last seat to lay a tile, the
        boneyard's position, then the `_bone` row (the boneyard in draw order, at the
        end of the part the deal left, as `_bone_at` reads it).

        Read from the state's public properties; its position string is parsed only for
        what nothing else tells and the batch reads: the draws of the turn (under
        `DrawRule.ONE_THEN_PASS`) and the last seat to lay a tile (the blocker, under
        `BlockTie.NON_BLOCKER_WINS`)."""
        rules = self._rules
        if not isinstance(state, HandState):
            raise ArgumentTypeError(
                f"states[{k}] must be a HandState, got {_shown(state)}", argument="states"
            )
        if state.rules != rules:
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
        n = rules.tile_set.size
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
        ends = state.layout.ends or (-1, -1)
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
            *bone_row,
        )

    def _bone_slots(self) -> BoolArray:
        """Which slots of each hand's `_bone` row hold a tile still in its boneyard."""
        room = self._rules.tile_set.size - self._rules.players * self._rules.hand_size
        slots = np.arange(self._bone.shape[1])[None, :]
        held: BoolArray = (slots >= room + self._bpos[:, None]) & (slots < room)
        return held

    def play_out(self, rng: np.random.Generator) -> Int64Array:
        """Finish every hand with uniformly random legal actions (`sample_legal`, then
        `step`) and return the points of every hand, ``(size, players)``: what
        ``state(i).result.points`` gives, for the hands that were already over too.

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
        while not self.over.all():
            self.step(self.sample_legal(rng))
        return self._points(np.ones(self._size, dtype=bool))


def _states_error(states: object) -> ArgumentTypeError | ArgumentValueError:
    """The error that ``states`` is not a non-empty list or tuple of states."""
    if isinstance(states, list | tuple):
        return ArgumentValueError("states must hold at least one HandState", argument="states")
    return ArgumentTypeError(
        f"states must be a list or tuple of HandState, got {_shown(states)}", argument="states"
    )
