"""The immutable state of one hand, and its transitions.

`HandState` is a frozen value. `HandState.apply` checks a move and
returns a *new* state; a refused move raises `IllegalMoveError`
and, since nothing is ever mutated, leaves every state as it was.

Internally a state is a small tuple of integers and shared links: hands are
bitmasks over canonical tile indices, the line of play and the history are
persistent linked lists shared between successive states, so ``apply`` costs
the same at move 5 as at move 500.
"""

from __future__ import annotations

import enum
import functools
import itertools
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Final

import attrs

from dominoes.deal import Deal, dealt_set, plain_getrandbits, required_tiles
from dominoes.errors import (
    ArgumentTypeError,
    ArgumentValueError,
    DealError,
    DealProblem,
    IllegalMoveError,
    IllegalMoveReason,
    NotationError,
)
from dominoes.faults import Fault, FaultKind
from dominoes.layout import Arm, Layout, Owed, Train, TrainTurn, exposed_ends, header_points
from dominoes.moves import (
    DRAW,
    MUGGINS,
    PASS,
    STOP,
    Claim,
    Draw,
    End,
    Move,
    Muggins,
    Pass,
    Play,
    Step,
    Stop,
    drawn,
    play_for,
    play_on,
)
from dominoes.notation import (
    Position,
    PositionArm,
    PositionTrain,
    format_position,
    parse_move,
    parse_position,
)
from dominoes.observation_data import (
    OBSERVATION_FORMAT,
    OBSERVATION_VERSION,
    arm_data,
    fault_data,
    read_fields,
    result_data,
    step_data,
    train_data,
)
from dominoes.picture import table_picture
from dominoes.rules import (
    BlockDetection,
    ClaimRule,
    DoubleDuty,
    DoubleFollow,
    DrawRule,
    EngineSource,
    FaultMode,
    FaultPenalty,
    MarkerRemoval,
    MexicanOpen,
    NoDoubleRule,
    Opening,
    PartnershipOut,
    PlayScoring,
    Ruleset,
    SpinnerCount,
    SpinnerFill,
    SpinnerRule,
)
from dominoes.scoring import Ending, HandResult, play_points, score_hand
from dominoes.tiles import TILE_BITS, Tile, bit_indices, tile_from_index, tile_index
from dominoes.verification import VerificationRound

__all__ = ["HandState", "Observation", "Phase", "Step"]


class Phase(enum.Enum):
    """Where a hand stands."""

    LEAD = "lead"
    """The layout is empty: the seat to move lays the opening tile."""
    PLAY = "play"
    """Normal play: the seat to move plays, draws or passes."""
    VERIFICATION = "verification"
    """A verification round is open: a seat passed and the others confirm in turn."""
    CLAIM = "claim"
    """Where scores are called (rule CLAIM-1): the seat to move just scored and claims
    the points (`Claim`) or overlooks them (``Claim(points=0)``)."""
    OVER = "over"
    """The hand has ended; `HandState.result` says how."""


class _Ctx:
    """Per-ruleset tables, built once and shared by every state of that ruleset."""

    __slots__ = (
        "all_four",
        "arm_tables",
        "arms",
        "both_out",
        "claims",
        "dealt",
        "doubles_desc",
        "draws",
        "draws_of",
        "fill",
        "floor",
        "forfeit",
        "full",
        "heavy_desc",
        "held",
        "immediate",
        "lead_arms",
        "lead_order",
        "lead_plays",
        "memo",
        "muggins",
        "must_hold",
        "no_shown",
        "nxt",
        "one_draw",
        "pairs",
        "pip",
        "pips",
        "plain_count",
        "play_table",
        "players",
        "plays",
        "release",
        "roll",
        "root_toes",
        "rules",
        "short_closes",
        "side_of",
        "size",
        "spinner",
        "spins_when",
        "suit",
        "tiles",
        "toes",
        "tolerant",
        "train",
        "voluntary",
    )

    def __init__(self, rules: Ruleset) -> None:
        n = rules.max_pip
        self.rules = rules
        self.pip = n
        self.players = rules.players
        self.size = size = rules.tile_set.size
        self.full = (1 << size) - 1
        # the tiles a deal holds (TRAIN-1: a set-aside engine is not dealt), and the
        # engine double a hand must hold under EngineSource.HOLDER (0: none)
        self.dealt = dealt_set(rules)
        self.must_hold = (required_tiles(rules) or 0) if rules.trains else 0
        tiles = [tile_from_index(i) for i in range(size)]
        self.tiles = tuple(tiles)
        suit = [0] * (n + 1)
        for t in tiles:
            suit[t.low] |= 1 << t.index
            suit[t.high] |= 1 << t.index
        self.suit = tuple(suit)
        self.plays = tuple(play_for(i) for i in range(size))
        self.draws_of = tuple(drawn(tile) for tile in tiles)  # the history's draws, by index
        # what a tile left in hand counts: its pips, or its value (TRAIN-10)
        self.pips = tuple(map(rules.tile_values.of, tiles))
        self.nxt = tuple(rules.seat_after(s) for s in range(rules.players))
        self.no_shown = (0,) * rules.players
        self.draws = rules.drawing is not DrawRule.NONE
        self.one_draw = rules.drawing is DrawRule.ONE_THEN_PASS
        self.voluntary = rules.voluntary_draw
        self.floor = rules.boneyard_floor
        self.immediate = rules.block_detection is BlockDetection.IMMEDIATE
        self.tolerant = rules.faults is FaultMode.TOLERANT
        self.forfeit = self.tolerant and rules.fault_penalty is FaultPenalty.FORFEIT_HAND
        self.memo: dict[int, tuple[Move, ...]] = {}
        self.held: dict[int, tuple[Tile, ...]] = {}  # hand bitmask -> its tiles
        self.doubles_desc = tuple(tile_index(d, d) for d in range(n, -1, -1))
        self.heavy_desc = tuple(
            t.index for t in sorted(tiles, key=lambda t: (t.pips, t.high), reverse=True)
        )
        # layouts with arms (docs/rules/spinner.md): a ruleset with a spinner or with
        # scoring on play is played by _ArmsHand
        self.arms = rules.spinner is not SpinnerRule.NONE or (
            rules.play_scoring is not PlayScoring.NONE
        )
        self.spinner = rules.spinner
        self.fill = rules.spinner_fill
        # the open-arms tables of the set (`_arm_table`), shared by its rulesets
        self.arm_tables = _ARM_TABLES.setdefault(n, {}) if self.arms else {}
        # for the hot path of a play: SPIN-4 closes a short side after one tile; a double
        # laid after the lead spins (SPIN-1) always (0), while the layout has two arms (2),
        # or never (-1): `_spins` for the lead and the general way
        self.short_closes = rules.spinner_fill is SpinnerFill.ONE_TILE_EACH_SIDE
        # the (value, value) pairs of the arms' chains, one of each
        self.pairs = tuple(tuple((a, b) for b in range(n + 1)) for a in range(n + 1))
        # SPIN-3 and Chicken Foot's toes (FOOT-1, FOOT-2): every side of a spinner opens
        # at once, and its empty sides hold up every other arm (the general way plays
        # them; `root_toes` and `release` are Chicken Foot's FOOT-1 and FOOT-3)
        self.toes = rules.spinner_fill is SpinnerFill.TOES_FIRST
        self.all_four = self.toes or rules.spinner_fill is SpinnerFill.ALL_FOUR_FIRST
        self.root_toes = rules.root_toes if self.toes else 4
        self.release = self.toes and rules.toe_release
        self.spins_when = {SpinnerRule.EVERY_DOUBLE: 0, SpinnerRule.FIRST_DOUBLE: 2}.get(
            rules.spinner, -1
        )
        most = 2 * n * (2 + 2 * (n + 1))  # every arm open, each showing a double of n
        self.play_table = tuple(play_points(rules, k) for k in range(most + 1))
        # the default count (COUNT-1 to COUNT-3) scored by the table: `_end_count`;
        # else `_play_score` works from the ends (COUNT-4 to COUNT-6, HEADER-1)
        self.plain_count = (
            rules.spinner_count is SpinnerCount.BOTH_UNTIL_LONG_COVERED
            and rules.double_end_weight == 2
            and rules.play_scoring is not PlayScoring.BERGEN
        )
        self.side_of = tuple(rules.team_of(s) for s in range(rules.players))
        # PART-3: a partnership hand ends when both partners are out (arms engine only)
        self.both_out = rules.partnership and (
            rules.partnership_out is PartnershipOut.BOTH_PARTNERS
        )
        # CLAIM-1 to CLAIM-3: scores are called (played by _ClaimsHand)
        self.claims = rules.claim_rule is not ClaimRule.AUTO
        self.muggins = rules.claim_rule is ClaimRule.MUGGINS
        # the tiles whose holder leads, in order of precedence (None: a named seat leads)
        self.lead_order: tuple[int, ...] | None = None
        if rules.opening is Opening.HOLDER_OF_TILE:
            assert rules.opening_tile is not None
            self.lead_order = (rules.opening_tile.index,)
        elif rules.opening is Opening.LOWEST_DOUBLE:  # LEAD-6
            self.lead_order = self.doubles_desc[::-1]
        elif rules.opening is not Opening.SEAT_ANY_TILE:
            self.lead_order = self.doubles_desc
        # the plays of a lead of any tile, by 8 bits of the hand (built when first asked
        # for: `_lead_moves`), and what the lead of a tile makes of the arms (`_arms_lead`)
        self.lead_plays: tuple[tuple[tuple[Move, ...], ...], ...] | None = None
        self.lead_arms: list[Any] = [None] * size
        self.roll: tuple[Any, ...] | None = None  # what `_arms_playout` reads (`_roll_of`)
        # a train game (docs/rules/trains.md): played by _TrainHand
        self.train = _TrainRules(rules, size) if rules.trains else None


_CTX_CACHE: dict[Ruleset, _Ctx] = {}
_CTX_CACHE_SIZE: Final = 256
"""The most rulesets whose tables are kept; past it, the oldest built is dropped (a
sweep over many rulesets does not grow the cache for ever)."""


_LAST_CTX: list[tuple[Ruleset | None, _Ctx | None]] = [(None, None)]
"""The ruleset asked for last and its tables, as one pair (replaced whole): a call with
the same ruleset object finds them without hashing it (a ruleset's hash is a call of its
Python-level ``__hash__``)."""


def _ctx_for(rules: Ruleset) -> _Ctx:
    last = _LAST_CTX[0]
    if last[0] is rules:
        return last[1]  # type: ignore[return-value]
    ctx = _CTX_CACHE.get(rules)
    if ctx is None:
        if not isinstance(rules, Ruleset):
            raise ArgumentTypeError(f"rules must be a Ruleset, got {rules!r}", argument="rules")
        if len(_CTX_CACHE) >= _CTX_CACHE_SIZE:
            del _CTX_CACHE[next(iter(_CTX_CACHE))]
        ctx = _CTX_CACHE[rules] = _Ctx(rules)
    _LAST_CTX[0] = (rules, ctx)
    return ctx


# Positions in the core tuple. Equality and hashing cover _HANDS up to (not including)
# _SHOWN.
_CTX: Final = 0  # the per-ruleset tables
_HIST: Final = 1  # the history: (previous node, seat, move) linked list, newest first
_HANDS: Final = 2  # tuple of hand bitmasks, per seat
_BONE: Final = 3  # tuple of tile indices still in the boneyard, in draw order
_LEFT: Final = 4  # value on the left end (-1 before the lead)
_RIGHT: Final = 5  # value on the right end (-1 before the lead)
_OPEN: Final = 6  # before the lead: the opening tile's index, _ANY_TILE or _DRAW_FOR_DOUBLE
_LEAD: Final = 7  # the lead as an oriented pair, or None
_LCHAIN: Final = 8  # tiles laid on the left: (pair, rest) linked list, newest first
_RCHAIN: Final = 9  # tiles laid on the right: (pair, rest) linked list, newest first
_TURN: Final = 10  # seat to move (after the end: the seat that made the last move)
_RPROP: Final = 11  # proposer of the open verification round, -1 when none
_RCOUNT: Final = 12  # number of seats that have confirmed in the open round
_RESULT: Final = 13  # the Ending once the hand is over, else None (see HandState.result)
_DREW: Final = 14  # draws made this turn by the seat to move (kept only for ONE_THEN_PASS)
_LAST: Final = 15  # the seat that laid the last tile, -1 before the lead
_FAULTS: Final = 16  # tuple of Fault records
_RFALSE: Final = 17  # whether the open verification round holds a false pass
_SHOWN: Final = 18  # per seat, a bitmask of the pip values it showed it lacks (not compared)

_ANY_TILE: Final = -1  # _OPEN: the leader may lead any tile
_DRAW_FOR_DOUBLE: Final = -2  # _OPEN: players draw in turn until a double appears

_MOVER: Final = object()  # _refuse: the move was tried by the seat to move

_POSITION_ROOT: Final[tuple[()]] = ()  # the history root of a state built from a position

_LEFT_END = End.LEFT
_RIGHT_END = End.RIGHT


@attrs.frozen(init=False, eq=False, repr=False)
class HandState:
    """The state of one hand: hands, boneyard, layout, seat to move and round.

    Create one with `start`; move with `apply`.

    **Equality** covers exactly the *position*, everything that decides how the hand
    goes on and how it scores: the ruleset, every hand (as a set of tiles), the
    boneyard (in draw order), the line of play (tiles, their orientation and which
    was the lead), the opening tile still required, the seat to move, the open
    verification round (its proposer, how many confirmed, whether it holds a false
    pass), the ending once the hand is over, the draws made this turn (under
    `DrawRule.ONE_THEN_PASS` only), the seat that laid the last tile (the blocker of
    a blocked hand, which `BlockTie.NON_BLOCKER_WINS` reads) and, in tolerant mode, the faults
    with the move numbers they carry (a fault's move number is where the history
    had it, so two move orders with faults at different moves differ). The history
    itself is *not* part of the position: two move orders that reach the same table
    compare equal and hash alike, which is what transposition tables want. Nor is
    the record of the pip values each seat showed it lacks (`Observation.shown_voids`,
    which the history decides): a state built from a position, which starts it empty,
    equals the state it was written from. States are hashable.

    **Seats** are numbered from 0 in playing order; play passes from seat ``s``
    to seat ``(s + 1) % players`` (`Ruleset.seat_after`; ``(s - 1) % players`` under
    `Direction.COUNTER_CLOCKWISE`, rule TURN-1).

    >>> from dominoes import Ruleset, Deal
    >>> rules = Ruleset.block(players=2)
    >>> state = HandState.start(rules, Deal.random(rules, seed=3))
    >>> state.phase, state.turn, state.legal_moves()
    (<Phase.LEAD: 'lead'>, 1, (Play(tile=Tile(6, 6)),))
    >>> state = state.apply(state.legal_moves()[0])
    >>> state.layout.ends
    (6, 6)
    """

    _core: tuple[Any, ...]

    # ---------------------------------------------------------------- creation
    @classmethod
    def start(cls, rules: Ruleset, deal: Deal) -> HandState:
        """The state before the first move of a hand dealt as ``deal``.

        The seat to move is the one the opening rule names (rule BLOCK-3: the
        holder of the highest double; LEAD-1: else the holder of the heaviest
        tile), and the opening tile is forced.

        Raises:
            ArgumentTypeError: ``rules`` is not a `Ruleset` or ``deal`` not a `Deal`.
            DealError: the deal does not fit ``rules`` (wrong number of hands or
                hand sizes, a duplicate tile, a tile outside the set, or hands and
                boneyard not holding the whole set, `dealt_set`: in a train game that
                sets the engine double aside, the set but that double, rule TRAIN-1;
                under `EngineSource.HOLDER`, a deal where nobody holds the engine).
        """
        ctx = _ctx_for(rules)
        if not isinstance(deal, Deal):
            raise ArgumentTypeError(f"deal must be a Deal, got {deal!r}", argument="deal")
        if len(deal.hands) != rules.players:
            raise DealError(
                f"the deal has {len(deal.hands)} hands but the ruleset has {rules.players} seats",
                reason=DealProblem.WRONG_PLAYER_COUNT,
            )
        hand_size = rules.hand_size
        seen = 0
        hands = deal.hands
        masks = deal.hand_masks
        # (a duplicate shows in the bit count; enumerate, not zip: zip's strict keyword
        # costs more than the rest of the loop)
        for seat, m in enumerate(masks):
            if len(hands[seat]) != hand_size or seen & m or m.bit_count() != hand_size:
                _diagnose(ctx, deal)
            seen |= m
        bits = deal.boneyard_mask
        bone = deal.boneyard_indices
        if seen & bits or bits.bit_count() != len(bone) or seen | bits != ctx.dealt:
            _diagnose(ctx, deal)
        if ctx.must_hold and not seen & ctx.must_hold:
            _engine_not_dealt(ctx)
        if ctx.train is not None:  # a train game
            return _train_start(ctx, masks, bone)
        order = ctx.lead_order
        if order is None:  # a named seat leads any tile
            turn = ctx.rules.opening_seat
            opening = _ANY_TILE
        else:
            found = _first_held(order, masks, seen)
            turn, opening = _opening(ctx, masks, bone) if found is None else found
        no_shown = ctx.no_shown
        core: tuple[Any, ...]
        if ctx.arms:  # a layout with spinners or scoring on play
            core = (
                ctx, None, masks, bone, -1, -1, opening, None, None, no_shown, turn, -1, 0,
                None, 0, -1, (), False, no_shown,
            )  # fmt: skip
            if ctx.claims:  # CLAIM-1 to CLAIM-3 (no arms open yet, no claim pending)
                return _make(_ClaimsHand, (*core, None, None))
            return _make(_ArmsHand, core)
        core = (
            ctx, None, masks, bone, -1, -1, opening, None, None, None, turn, -1, 0, None, 0,
            -1, (), False, no_shown,
        )  # fmt: skip
        return _make(cls, core)

    @classmethod
    def from_position(cls, position: str | Position, rules: Ruleset) -> HandState:
        """The state a position string (or parsed `Position`) describes, under ``rules``.

        ``HandState.from_position(state.position(), state.rules) == state`` for every
        state. The history of the new state is empty.

        Raises:
            NotationError: the text is malformed, hides tiles, or does not fit ``rules``
                (the message names the field and what is wrong).
        """
        if not isinstance(position, Position):
            position = parse_position(position)  # refuses anything but text
        ctx = _ctx_for(rules)
        if ctx.train is not None:  # a train game (docs/rules/trains.md)
            return _train_from_position(ctx, position)
        if ctx.claims or position.claim or position.muggins:
            return _claims_from_position(ctx, position)
        return _make(_ArmsHand if ctx.arms else cls, _core_from_position(ctx, position))

    def position(self, seat: int | None = None) -> str:
        """The one-line position string of this state (see docs/notation.md).

        With ``seat``, the position as that seat may know it: the other hands and the
        boneyard are written as hidden counts (``#7``) while the hand is being played
        (once it is over every hand is shown, so nothing is hidden), and
        `Observation.from_position` reads it back into that seat's observation.

        >>> from dominoes import Deal
        >>> rules = Ruleset.block()
        >>> state = HandState.start(rules, Deal.random(rules, seed=3))
        >>> HandState.from_position(state.position(), rules) == state
        True
        >>> state.position(seat=1).split()[1:3]
        ['#7/0-2,3-3,0-4,3-4,4-4,2-6,6-6', '#14']

        Raises:
            ArgumentValueError: there is no such seat.
        """
        c = self._core
        hands: tuple[tuple[Tile, ...] | int, ...] = self.hands
        boneyard: tuple[Tile, ...] | int = self.boneyard
        if seat is not None:
            seat = self._seat(seat)
            if c[_RESULT] is None:
                hands = tuple(h if k == seat else len(h) for k, h in enumerate(self.hands))
                boneyard = len(c[_BONE])
        return format_position(self._written(hands, boneyard))

    def _written(
        self, hands: tuple[tuple[Tile, ...] | int, ...], boneyard: tuple[Tile, ...] | int
    ) -> Position:
        """The `Position` of this state, with these hands and boneyard (some hidden)."""
        c = self._core
        line, lead, arms, points = self._table()
        return Position(
            max_pip=c[_CTX].rules.max_pip,
            hands=hands,
            boneyard=boneyard,
            line=line,
            lead=lead,
            arms=_position_arms(arms),
            play_points=points if any(points) else (),
            turn=c[_TURN],
            opening=_opening_of(c),
            ending=c[_RESULT],
            round=(c[_RPROP], c[_RCOUNT]) if c[_RPROP] >= 0 else None,
            drew=c[_DREW],
            last=c[_LAST] if c[_LAST] >= 0 else None,
            false_pass=c[_RFALSE],
            faults=c[_FAULTS],
            claim=self.claim,
            muggins=self.muggins,
        )

    # ---------------------------------------------------------------- reading
    @property
    def rules(self) -> Ruleset:
        """The ruleset of the hand."""
        rules: Ruleset = self._core[_CTX].rules
        return rules

    @property
    def turn(self) -> int:
        """The seat to move. Once the hand is over: the seat that made the last move."""
        return int(self._core[_TURN])

    @property
    def phase(self) -> Phase:
        """The `Phase` of the hand."""
        c = self._core
        if c[_RESULT] is not None:
            return Phase.OVER
        if c[_LEFT] < 0:
            return Phase.LEAD
        if c[_RPROP] >= 0:
            return Phase.VERIFICATION
        return Phase.PLAY

    @property
    def claim(self) -> int:
        """Where scores are called (rule CLAIM-1): in `Phase.CLAIM`, the score of the play
        just made, which the seat to move claims or overlooks; else 0."""
        return 0

    @property
    def muggins(self) -> int:
        """Rule CLAIM-2: the points the previous player overlooked, which the seat to
        move may take with `Muggins` as the first move of its turn; else 0."""
        return 0

    @property
    def hands(self) -> tuple[tuple[Tile, ...], ...]:
        """Every seat's tiles, each hand in canonical tile order."""
        return tuple(_tiles_of(m) for m in self._core[_HANDS])

    def hand(self, seat: int) -> tuple[Tile, ...]:
        """The tiles ``seat`` holds, in canonical tile order.

        Raises:
            ArgumentValueError: there is no such seat.
        """
        return _tiles_of(self._core[_HANDS][self._seat(seat)])

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """How many tiles each seat holds."""
        return tuple(m.bit_count() for m in self._core[_HANDS])

    def pips(self, seat: int) -> int:
        """The pips left in ``seat``'s hand: under a `Ruleset.tile_values` other than
        `TileValues.PIPS` (rule TRAIN-10), what its tiles cost, as the hand is scored.

        Raises:
            ArgumentValueError: there is no such seat.
        """
        return _pips_of(self._core[_CTX], self._core[_HANDS][self._seat(seat)])

    @property
    def boneyard(self) -> tuple[Tile, ...]:
        """The undealt or undrawn tiles, in draw order (the next draw is ``boneyard[0]``)."""
        return tuple(tile_from_index(i) for i in self._core[_BONE])

    @property
    def lead(self) -> int | None:
        """The index in ``layout.line`` of the lead tile, the first tile laid (the number
        of tiles laid left of it); ``None`` before the lead.

        >>> from dominoes import Deal, Ruleset
        >>> rules = Ruleset.draw()
        >>> HandState.start(rules, Deal.random(rules, seed=3)).apply_all("6-6 4-6:L").lead
        1
        """
        c = self._core
        return None if c[_LEAD] is None else _lead_index(c)

    @property
    def play_points(self) -> tuple[int, ...]:
        """The points plays have scored so far in this hand, per seat (in partnership
        both partners show their side's; rules PLAY-1 to PLAY-3): zeros in a game that
        scores nothing on play."""
        no_points: tuple[int, ...] = self._core[_CTX].no_shown
        return no_points

    @property
    def layout(self) -> Layout:
        """The line of play and its open ends (built on each access)."""
        return Layout(line=_line_of(self._core)[0])

    @property
    def open_doubles(self) -> tuple[End, ...]:
        """In a train game, the trains whose end is an open double that holds up play, or
        will once every seat has had its first turn (one left at the end of a first-turn
        run, TRAIN-7), oldest first (rule TRAIN-5); ``()`` in other games. Under
        `DoubleDuty.LAYER_ONLY` a double whose layer passed is no longer listed: it stays
        unsatisfied on the table (`Train.open_double`) but holds up nobody."""
        return ()

    @property
    def markers(self) -> tuple[int, ...]:
        """In a train game, the seats whose train carries a marker (rule TRAIN-4), in
        seat order; ``()`` in other games."""
        return ()

    @property
    def train_turn(self) -> TrainTurn | None:
        """In a train game, the open doubles, the seats past their first turn and what
        the seat to move owes (rules TRAIN-5, TRAIN-7); ``None`` in other games."""
        return None

    @property
    def history(self) -> tuple[Step, ...]:
        """Every move so far, oldest first (built on each access)."""
        out = []
        node = self._core[_HIST]
        while node:
            out.append(_step(node[1], node[2]))
            node = node[0]
        out.reverse()
        return tuple(out)

    @property
    def verification(self) -> VerificationRound | None:
        """The verification round in progress, or the completed one of a blocked hand."""
        c = self._core
        if c[_RESULT] is not None:
            return _final_round(c)
        if c[_RPROP] < 0:
            return None
        return _round(self._core[_CTX], c[_RPROP], c[_RCOUNT])

    @property
    def faults(self) -> tuple[Fault, ...]:
        """The faults committed so far (tolerant mode; rule FAULT-1)."""
        faults: tuple[Fault, ...] = self._core[_FAULTS]
        return faults

    @property
    def move_count(self) -> int:
        """How many moves have been made (the length of `history`)."""
        count = 0
        node = self._core[_HIST]
        while node:
            count += 1
            node = node[0]
        return count

    @property
    def is_over(self) -> bool:
        """Whether the hand has ended."""
        return self._core[_RESULT] is not None

    @property
    def result(self) -> HandResult | None:
        """The `HandResult` once the hand is over, else ``None``.

        It is scored from the final position on each access (the engine keeps only
        how the hand ended), so keep it in a variable rather than reading it in a loop.
        """
        c = self._core
        if c[_RESULT] is None:
            return None
        ctx: _Ctx = c[_CTX]
        bone = c[_BONE]
        return score_hand(
            ctx.rules,
            [_pips_of(ctx, m) for m in c[_HANDS]],
            ending=c[_RESULT],
            domino_seat=c[_TURN] if c[_RESULT] is Ending.DOMINO else None,
            blocked_by=c[_LAST] if c[_LAST] >= 0 else None,
            verification=_final_round(c),
            faults=c[_FAULTS],
            stock=sum(ctx.pips[i] for i in bone) if ctx.rules.stock_pips else 0,
            conceded_by=c[_TURN] if c[_RESULT] is Ending.CONCEDED else None,
            history=self.history if ctx.rules.has_bonuses else (),
            line=self.layout.line if ctx.rules.has_bonuses else (),
        )

    def observation(self, seat: int) -> Observation:
        """What ``seat`` knows: its hand and everything public (see `Observation`).

        Raises:
            ArgumentValueError: there is no such seat.
        """
        return self._observations((self._seat(seat),))[0]

    def observations(self) -> tuple[Observation, ...]:
        """Every seat's `Observation`, in seat order: ``observation(seat)`` for each
        seat, with the parts they share (the table, the public history) built once.

        >>> from dominoes import Deal, Ruleset
        >>> rules = Ruleset.block()
        >>> state = HandState.start(rules, Deal.random(rules, seed=3)).apply_all("6-6")
        >>> state.observations() == (state.observation(0), state.observation(1))
        True
        """
        return tuple(self._observations(range(self._core[_CTX].players)))

    def _observations(self, seats: Iterable[int]) -> list[Observation]:
        c = self._core
        ctx: _Ctx = c[_CTX]
        # the public history (every draw hidden), then each seat's own draws shown to it
        # (a seat that drew nothing shares the public tuple)
        public, draws, full = _public_history(c[_HIST])
        own: dict[int, list[tuple[int, Step]]] = {}
        for k, mover, step in draws:
            own.setdefault(mover, []).append((k, step))
        over = c[_RESULT] is not None
        line, lead, arms, points = self._table()
        masks = c[_HANDS]
        shown = _SHOWN_SETS.get(c[_SHOWN])
        if shown is None:
            shown = _shown_sets(c[_SHOWN])
        rules = ctx.rules
        sizes = tuple([m.bit_count() for m in masks])
        bone = len(c[_BONE])
        turn = c[_TURN]
        opening = _opening_of(c)
        round_ = (c[_RPROP], c[_RCOUNT]) if c[_RPROP] >= 0 else None
        drew = c[_DREW]
        last = c[_LAST] if c[_LAST] >= 0 else None
        false_pass = c[_RFALSE]
        faults = c[_FAULTS]
        ending = c[_RESULT]
        result = self.result if over else None
        hands = self.hands if over else None
        held = ctx.held
        out = []
        for seat in seats:
            history = public
            mine = own.get(seat) if own else None
            if mine is not None:
                changed = list(public)
                for k, step in mine:
                    changed[k] = step
                history = tuple(changed)
            m = masks[seat]
            hand = held.get(m)
            if hand is None:
                hand = _held_tiles(ctx, m)
            out.append(
                _new_observation(
                    rules,
                    seat,
                    hand,
                    line,
                    lead,
                    history,
                    sizes,
                    bone,
                    turn,
                    opening,
                    round_,
                    drew,
                    last,
                    false_pass,
                    faults,
                    ending,
                    result,
                    full,
                    hands,
                    shown,
                    arms,
                    points,
                )
            )
        return out

    def _table(
        self,
    ) -> tuple[tuple[tuple[int, int], ...], int, tuple[Arm, ...], tuple[int, ...]]:
        """What an observation shows of the table: the line of play, the index of the
        lead in it, the arms (``()`` in a line) and the play points per seat."""
        c = self._core
        line, lead = _line_of(c)
        return line, lead, (), c[_CTX].no_shown

    # ---------------------------------------------------------------- moves
    def legal_moves(self) -> tuple[Move, ...]:
        """Every legal move, in a deterministic order.

        The order: plays by canonical tile index (``0-0, 0-1, 1-1, 0-2, ...``),
        for each tile the left end before the right end. When no tile can be
        played the only move is `Draw` (if the rules make the
        player draw and the boneyard has a tile) or else `Pass`.
        A finished hand has no legal moves.
        """
        c = self._core
        if c[_RESULT] is not None:
            return ()
        ctx: _Ctx = c[_CTX]
        left = c[_LEFT]
        if left < 0:
            opening = c[_OPEN]
            if opening >= 0:
                return (ctx.plays[opening][2],)
            if opening == _ANY_TILE:
                return _lead_moves(ctx, c[_HANDS][c[_TURN]])
            return (DRAW,)
        right = c[_RIGHT]
        suit = ctx.suit
        sl = suit[left]
        sr = suit[right]
        m = c[_HANDS][c[_TURN]] & (sl | sr)
        if m:
            # memoised on (playable tiles, left, right): interned move tuples
            key = (m << 12) | (left << 6) | right
            moves = ctx.memo.get(key)
            if moves is None:
                moves = _plays_for(ctx, m, sl, sr, key)
            if ctx.voluntary and _can_draw(ctx, c):
                return (*moves, DRAW)
            return moves
        if ctx.draws and _can_draw(ctx, c):
            return (DRAW,)
        return (PASS,)

    def is_legal(self, move: object) -> bool:
        """Whether ``move`` (a `Move` or a move token) is legal here (never raises)."""
        if move.__class__ is str:
            try:
                move = parse_move(move)
            except NotationError:
                return False
        return self._problem(move) is None

    def check(self, move: object, *, seat: int | None = None) -> None:
        """Check ``move`` without applying it (``move`` and ``seat`` as in `apply`).

        Raises:
            IllegalMoveError: the move is not legal here; its ``reason`` says why.
        """
        if seat is not None and (seat.__class__ is not int or seat != self._core[_TURN]):
            self._check_seat(move, seat)
        who = _MOVER if seat is None else seat
        move = self._parsed(move, who)
        reason = self._problem(move)
        if reason is not None:
            self._refuse(move, reason, who)

    def check_as(self, seat: int, move: Move | str) -> None:
        """Check ``move`` as `apply_as` would take it, without applying it.

        Raises:
            IllegalMoveError: the move is refused; its ``reason`` says why, and the
                reason never depends on a tile hidden from ``seat``.
        """
        self._as_seat(seat, move)

    def apply_as(self, seat: int, move: Move | str) -> HandState:
        """The state after ``seat`` makes ``move``, taken *as that seat knows it*.

        This is the entry point for moves from untrusted input (a client of a game
        server, a user's agent): ``move`` is a `Move` or a move token (``"6-4:L"``,
        ``"draw"``, ``"pass"``; see docs/notation.md). What is refused, and why,
        depends only on what ``seat`` may know: a seat that is not at the table, a
        finished hand, another seat's turn, then a draw that names a tile (a seat
        cannot know which tile it will draw, so ``Draw(tile)`` is refused with
        `IllegalMoveReason.DRAW_NAMES_TILE` whatever the tile, and the tile comes
        from the boneyard), then the rules as `apply` checks them.

        >>> from dominoes import Deal, Ruleset
        >>> rules = Ruleset.draw()
        >>> state = HandState.start(rules, Deal.random(rules, seed=3))
        >>> state.turn
        1
        >>> from dominoes import IllegalMoveError
        >>> for seat, move in [(0, "pass"), (1, "draw 0-0"), (5, "6-6")]:
        ...     try:
        ...         state.apply_as(seat, move)
        ...     except IllegalMoveError as error:
        ...         print(error.seat, error.reason.name)
        0 NOT_YOUR_TURN
        1 DRAW_NAMES_TILE
        5 NO_SUCH_SEAT

        Raises:
            IllegalMoveError: the move is refused; its ``reason`` says why and its
                ``seat`` is ``seat``. The state is unchanged.
        """
        return self.apply(self._as_seat(seat, move))

    def apply_all(self, moves: str | Iterable[Move | str]) -> HandState:
        """The state after every move of ``moves``, in order, each checked as by `apply`.

        ``moves`` is a string of move tokens separated by spaces (``"6-6 5-6:R draw
        pass"``) or an iterable of `Move` values and tokens.

        >>> from dominoes import Deal, Ruleset
        >>> rules = Ruleset.block()
        >>> state = HandState.start(rules, Deal.random(rules, seed=3))
        >>> state.apply_all("6-6").layout.ends
        (6, 6)

        Raises:
            IllegalMoveError: a move is not legal where it comes; ``state`` on the
                error is the state it was applied to.
        """
        if isinstance(moves, str):
            moves = moves.split()
        state = self
        for move in moves:
            state = state.apply(move)
        return state

    def apply(self, move: Move | str, *, seat: int | None = None) -> HandState:
        """The state after ``move``; ``self`` is not changed.

        ``move`` is a `Move` or a move token (``"6-4:L"``, ``"draw"``, ``"pass"``).
        Give ``seat`` to have the move refused unless it is that seat's turn. To take a
        move from untrusted input, use `apply_as`.

        Raises:
            IllegalMoveError: the move is not legal here; its ``reason`` says why.
        """
        c = self._core
        t = c[_TURN]
        if seat is not None and (seat.__class__ is not int or seat != t):
            self._check_seat(move, seat)
        cls = move.__class__
        if cls is Play and c[_LEFT] >= 0 and c[_RESULT] is None:
            # the hot path: a play on an open end
            tile: Tile = move.tile  # type: ignore[union-attr,assignment]
            i = tile.index
            hands = c[_HANDS]
            hand = hands[t]
            if hand >> i & 1:
                end = move.end  # type: ignore[union-attr]
                # the left and right branches are twins on purpose (the hot path: one
                # branch per end, no indexing by end)
                if end is _LEFT_END:
                    v = c[_LEFT]
                    if tile.low == v:
                        nv = tile.high
                    elif tile.high == v:
                        nv = tile.low
                    else:
                        self._refuse(move, IllegalMoveReason.DOES_NOT_MATCH)
                    nl = nv
                    nr = c[_RIGHT]
                    lch = ((nv, v), c[_LCHAIN])
                    rch = c[_RCHAIN]
                elif end is _RIGHT_END:
                    v = c[_RIGHT]
                    if tile.low == v:
                        nv = tile.high
                    elif tile.high == v:
                        nv = tile.low
                    else:
                        self._refuse(move, IllegalMoveReason.DOES_NOT_MATCH)
                    nl = c[_LEFT]
                    nr = nv
                    lch = c[_LCHAIN]
                    rch = ((v, nv), c[_RCHAIN])
                else:
                    self._refuse(
                        move,
                        IllegalMoveReason.NO_SUCH_END
                        if end is None
                        else IllegalMoveReason.NO_SUCH_ARM,
                    )
                ctx = c[_CTX]
                hand ^= 1 << i
                changed = list(hands)  # (a list and back: half the cost of two slices)
                changed[t] = hand
                new_hands = tuple(changed)
                result = None
                nt = ctx.nxt[t]
                if not hand:
                    nt = t
                    result = Ending.DOMINO
                elif ctx.immediate and _stuck(ctx, new_hands, len(c[_BONE]), nl, nr):
                    nt = t
                    result = Ending.BLOCKED
                core = (
                    ctx,
                    (c[_HIST], t, move),
                    new_hands,
                    c[_BONE],
                    nl,
                    nr,
                    -1,
                    c[_LEAD],
                    lch,
                    rch,
                    nt,
                    -1,
                    0,
                    result,
                    0,
                    t,
                    c[_FAULTS],
                    False,
                    c[_SHOWN],
                )
                new = _NEW(HandState)
                _SET_CORE(new, core)
                return new
        elif cls is Pass and c[_LEFT] >= 0 and c[_RESULT] is None:
            # a legal pass (no tile fits and no draw is open) takes the short way too
            ctx = c[_CTX]
            if not c[_HANDS][t] & (ctx.suit[c[_LEFT]] | ctx.suit[c[_RIGHT]]) and not (
                ctx.draws and _can_draw(ctx, c)
            ):
                new = _NEW(HandState)
                bits = (1 << c[_LEFT]) | (1 << c[_RIGHT])
                _SET_CORE(new, _passed(c, ctx, t, c[_FAULTS], False, bits))
                return new
        return self._apply_slow(move)

    def concede(self, seat: int) -> HandState:
        """The hand after ``seat`` concedes it (rule CONCEDE-1): a player leaves, a
        clock runs out.

        Any seat at the table may concede at any time before the hand ends, whoever is
        to move. The hand ends with `Ending.CONCEDED`; its result names the seat
        (`HandResult.conceded_by`) and is scored by `Ruleset.concede_scoring`. The
        concession is not a move: the history is unchanged, and `turn` of the finished
        state is the conceding seat.

        >>> from dominoes import Deal, Ruleset
        >>> rules = Ruleset.block()
        >>> state = HandState.start(rules, Deal.random(rules, seed=3)).apply_all("6-6")
        >>> result = state.concede(1).result
        >>> result.ending.name, result.conceded_by, result.winners, result.points
        ('CONCEDED', 1, (0,), (35, 0))

        Raises:
            IllegalMoveError: ``seat`` is not at the table (`IllegalMoveReason.NO_SUCH_SEAT`)
                or the hand is over (`IllegalMoveReason.HAND_OVER`).
        """
        c = self._core
        if type(seat) is not int or not 0 <= seat < c[_CTX].players:
            self._refuse("concede", IllegalMoveReason.NO_SUCH_SEAT, seat)
        if c[_RESULT] is not None:
            self._refuse("concede", IllegalMoveReason.HAND_OVER, seat)
        # before the lead the opening is moot once the hand is over (so that the position
        # reads back: a finished hand's position names no opening)
        opening = _ANY_TILE if c[_LEFT] < 0 else c[_OPEN]
        core = (*c[:_OPEN], opening, *c[_OPEN + 1 : _TURN], seat, -1, 0, Ending.CONCEDED)
        core += c[_DREW:]
        return _make(self.__class__, core)

    # ---------------------------------------------------------------- internals
    def _check_seat(self, move: object, seat: object) -> None:
        """Refuse a move for ``seat`` when there is no such seat, or (in a hand still
        being played) when it is not that seat's turn."""
        if type(seat) is not int or not 0 <= seat < self._core[_CTX].players:
            self._refuse(move, IllegalMoveReason.NO_SUCH_SEAT, seat)
        if self._core[_RESULT] is None and seat != self._core[_TURN]:
            self._refuse(move, IllegalMoveReason.NOT_YOUR_TURN, seat)

    def _parsed(self, move: object, seat: object = _MOVER) -> Any:
        """``move`` itself, or the move a token names (refused as not a move if none)."""
        if move.__class__ is not str:
            return move
        try:
            return parse_move(move)
        except NotationError:
            self._refuse(move, IllegalMoveReason.NOT_A_MOVE, seat)

    def _as_seat(self, seat: object, move: object) -> Any:
        """The move `apply_as` applies for ``seat``, or refuse it (see there)."""
        self._check_seat(move, seat)
        if self._core[_RESULT] is not None:
            self._refuse(move, IllegalMoveReason.HAND_OVER, seat)
        move = self._parsed(move, seat)
        if move.__class__ is Draw and move.tile is not None:
            self._refuse(move, IllegalMoveReason.DRAW_NAMES_TILE, seat)
        reason = self._problem(move)
        if reason is not None and self._fault_kind(move, reason) is None:
            self._refuse(move, reason, seat)
        return move

    def _apply_slow(self, move: Any) -> HandState:
        if move.__class__ is str:
            return self.apply(self._parsed(move))
        fault = self._fault_or_refuse(move)
        c = self._core
        ctx = self._core[_CTX]
        t = c[_TURN]
        hands = c[_HANDS]
        bone = c[_BONE]
        hist = c[_HIST]
        faults = c[_FAULTS]
        if fault is not None:
            faults = (*faults, Fault(seat=t, kind=fault, move_number=self.move_count))
        cls = move.__class__
        if cls is Play:
            # the lead (plays on an open end take the fast path in apply)
            tile: Tile = move.tile
            pair = (tile.low, tile.high)
            hand = hands[t] ^ (1 << tile.index)
            new_hands = (*hands[:t], hand, *hands[t + 1 :])
            result = None
            nt = ctx.nxt[t]
            if not hand:
                nt = t
                result = Ending.DOMINO
            elif ctx.immediate and _stuck(ctx, new_hands, len(bone), pair[0], pair[1]):
                nt = t
                result = Ending.BLOCKED
            core: tuple[Any, ...] = (ctx, (hist, t, move), new_hands, bone, pair[0], pair[1], -1)
            core += (pair, None, None, nt, -1, 0, result, 0, t, faults, False, c[_SHOWN])
            return _make(HandState, core)
        if cls is Draw:
            i = bone[0]
            new_hands = (*hands[:t], hands[t] | (1 << i), *hands[t + 1 :])
            bone = bone[1:]
            nt = t
            opening = c[_OPEN]
            result = None
            if c[_LEFT] < 0:  # drawing for a double (LEAD-5)
                if tile_from_index(i).is_double:
                    opening = i
                elif len(bone) > ctx.floor:
                    nt = ctx.nxt[t]
                else:
                    nt, opening = _heaviest(ctx, new_hands)
            elif fault is not None and ctx.forfeit:
                result = Ending.FORFEIT
            elif ctx.immediate and _stuck(ctx, new_hands, len(bone), c[_LEFT], c[_RIGHT]):
                result = Ending.BLOCKED
            drew = c[_DREW] + 1 if ctx.one_draw and nt == t else 0
            # a forced draw shows the seat held nothing for the open ends (and drops what
            # it showed before: the drawn tile may hold it); a draw before the lead, a
            # forbidden draw, or any draw under voluntary drawing (which the others cannot
            # tell from a forced one) shows nothing
            shown = c[_SHOWN]
            if c[_LEFT] < 0 or ctx.voluntary or fault is not None:
                if shown[t]:
                    shown = (*shown[:t], 0, *shown[t + 1 :])
            else:
                shown = (*shown[:t], (1 << c[_LEFT]) | (1 << c[_RIGHT]), *shown[t + 1 :])
            step = (hist, t, drawn(tile_from_index(i)))
            core = (ctx, step, new_hands, bone, c[_LEFT], c[_RIGHT], opening, *c[_LEAD:_TURN])
            core += (nt, c[_RPROP], c[_RCOUNT], result, drew, c[_LAST], faults, c[_RFALSE])
            core += (shown,)
            return _make(self.__class__, core)
        bits = (1 << c[_LEFT]) | (1 << c[_RIGHT])
        return _make(self.__class__, _passed(c, ctx, t, faults, fault is not None, bits))

    def _problem(self, move: object) -> IllegalMoveReason | None:
        """Why ``move`` is illegal here, or ``None`` if it is legal."""
        c = self._core
        cls = move.__class__
        if cls is not Play and cls is not Draw and cls is not Pass:
            return IllegalMoveReason.NOT_A_MOVE
        if c[_RESULT] is not None:
            return IllegalMoveReason.HAND_OVER
        ctx = self._core[_CTX]
        hand = c[_HANDS][c[_TURN]]
        left = c[_LEFT]
        if left < 0:  # the lead
            opening = c[_OPEN]
            if opening == _DRAW_FOR_DOUBLE:
                return self._draw_problem(move) if cls is Draw else IllegalMoveReason.MUST_DRAW
            if cls is not Play or move.end is not None:  # type: ignore[attr-defined]
                return IllegalMoveReason.MUST_LEAD
            i = move.tile.index  # type: ignore[attr-defined]
            if not hand >> i & 1:
                return IllegalMoveReason.TILE_NOT_IN_HAND
            if opening >= 0 and i != opening:
                return IllegalMoveReason.WRONG_LEAD
            return None
        playable = hand & (ctx.suit[left] | ctx.suit[c[_RIGHT]])
        if cls is Play:
            tile: Tile = move.tile  # type: ignore[attr-defined]
            if not hand >> tile.index & 1:
                return IllegalMoveReason.TILE_NOT_IN_HAND
            end = move.end  # type: ignore[attr-defined]
            if end is None:
                return IllegalMoveReason.NO_SUCH_END
            if end > 1:  # a spinner's arm: a line has two
                return IllegalMoveReason.NO_SUCH_ARM
            v = left if end is _LEFT_END else c[_RIGHT]
            if v not in (tile.low, tile.high):
                return IllegalMoveReason.DOES_NOT_MATCH
            return None
        if cls is Draw:
            if not ctx.draws:  # the Block game (BLOCK-2)
                return IllegalMoveReason.CANNOT_DRAW
            if playable and not (ctx.voluntary and _can_draw(ctx, c)):
                return IllegalMoveReason.MUST_PLAY
            return self._draw_problem(move)
        if playable:
            return IllegalMoveReason.MUST_PLAY
        if ctx.draws and _can_draw(ctx, c):
            return IllegalMoveReason.MUST_DRAW
        return None

    def _fault_or_refuse(self, move: Any) -> FaultKind | None:
        """``None`` for a legal move, the fault a tolerated illegal one commits, or
        refuse it."""
        reason = self._problem(move)
        if reason is None:
            return None
        fault = self._fault_kind(move, reason)
        if fault is None:
            self._refuse(move, reason)
        return fault

    def _draw_problem(self, move: Any) -> IllegalMoveReason | None:
        c = self._core
        if not (self._core[_CTX].draws and _can_draw(self._core[_CTX], c)):
            return IllegalMoveReason.CANNOT_DRAW
        wanted = move.tile
        if wanted is not None and wanted.index != c[_BONE][0]:
            return IllegalMoveReason.WRONG_DRAW_TILE
        return None

    def _fault_kind(self, move: Any, reason: IllegalMoveReason) -> FaultKind | None:
        """In tolerant mode, the fault an illegal pass or draw commits (else ``None``)."""
        if not self._core[_CTX].tolerant or self._core[_LEFT] < 0:
            return None
        if move.__class__ is Pass and reason in (
            IllegalMoveReason.MUST_PLAY,
            IllegalMoveReason.MUST_DRAW,
        ):
            return FaultKind.FALSE_PASS
        if (
            move.__class__ is Draw
            and reason is IllegalMoveReason.MUST_PLAY
            and self._draw_problem(move) is None
        ):
            return FaultKind.FORBIDDEN_DRAW
        return None

    def _refuse(self, move: object, reason: IllegalMoveReason, seat: object = _MOVER) -> Any:
        turn = self._core[_TURN]
        who = turn if seat is _MOVER else seat
        shown = str(move)
        if len(shown) > 40:  # a client's text is echoed, never at length
            shown = shown[:37] + "..."
        text = f"illegal move {shown} by seat {who!r}: {reason.text}"
        if reason is IllegalMoveReason.NOT_YOUR_TURN:
            text += f"; seat {turn} is to move"
        elif reason is IllegalMoveReason.NO_SUCH_SEAT:
            text += f" (seats are 0 to {self._core[_CTX].players - 1})"
        raise IllegalMoveError(text, move=move, state=self, reason=reason, seat=who)

    def _seat(self, seat: int) -> int:
        if type(seat) is not int or not 0 <= seat < self._core[_CTX].players:
            raise ArgumentValueError(
                f"seat must be a seat at the table, 0 to {self._core[_CTX].players - 1}; "
                f"got {seat!r}",
                argument="seat",
            )
        return seat

    # ---------------------------------------------------------------- dunder
    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        a = self._core
        b: tuple[Any, ...] = other._core
        return bool(a[_CTX].rules == b[_CTX].rules and a[_HANDS:_SHOWN] == b[_HANDS:_SHOWN])

    def __hash__(self) -> int:
        return hash((self._core[_CTX].rules, self._core[_HANDS:_SHOWN]))

    def __repr__(self) -> str:
        hands = " ".join("/".join(str(t) for t in h) or "-" for h in self.hands)
        return (
            f"<HandState {self.phase.name} turn={self.turn} layout={self.layout} "
            f"hands={hands} boneyard={len(self._core[_BONE])}>"
        )

    def _repr_svg_(self, width: int = 800) -> str:
        """The table as an onlooker sees it, as an SVG picture (notebooks; `dominoes.svg.table`
        draws it, ``width`` checked)."""
        return table_picture(
            self, hands=self.hands, boneyard=len(self.boneyard), seat=None, width=width
        )


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
    shown_voids: tuple[frozenset[int], ...]
    """Per seat (in seat order, the observer's own included), the pip values the seat
    *showed* it holds none of: a public record kept by the engine move by move, cheap
    to read.

    A pass adds both open ends (any pass: one that confirms a verification round,
    and under `FaultMode.TOLERANT` a false pass too, since that is what it showed). A
    forced draw (the seat had no tile for the open ends) replaces the seat's entry by
    the two ends: what it showed before is dropped, as the drawn tile may hold it. A
    draw that shows nothing empties the entry: a draw before the lead, a forbidden
    draw (a fault), and every draw under `Ruleset.voluntary_draw`, where the others
    cannot tell a forced draw from a chosen one. Plays change nothing. An
    observation of a state built from a position (``full_history`` false) starts with
    every entry empty, as does one read by `from_dict` from data without the key.

    Under strict fault handling every value listed is truly absent from the seat's
    hand, except just after a forced draw whose tile fits: the seat to move then
    holds that one tile with an end's value, and must play it. The record is not the
    whole inference: other seats' plays, the opening rule and the tiles the observer
    sees tell more, and a draw that drops an entry forgets what the dealt tiles were
    shown to lack. `dominoes.sampling.voids` is the exact inference (it lists every
    value a seat cannot hold in any consistent world, and so includes this record
    where its model is exact), but it builds the whole sampling model on each call
    (about a hundred microseconds or more in double-six, milliseconds in large sets).

    In a layout with arms (docs/rules/spinner.md) the ends are those of the arms open
    when the seat passed or drew (`Layout.open_ends`), two or more of them.

    In a train game (docs/rules/trains.md) they are the values of the trains the seat
    could lay a tile on at that moment: its own train, the Mexican train (where it is
    open to the seat, `Ruleset.mexican_open_from`) and the marked trains; while an open
    double holds up play (TRAIN-5, TRAIN-7), that double's train alone. Under
    `DoubleFollow.MULTI_DOUBLES`, in the extra play a double earns, a double could also
    go on the other trains open to the seat, but lacking one double shows no value
    absent: only the open double's value is recorded. A seat never passes or draws in
    a first-turn run (it may always `Stop`).
    """
    arms: tuple[Arm, ...] = attrs.field(default=(), repr=False)
    """With spinners or scoring on play (docs/rules/spinner.md): every arm of the layout,
    as `Layout.arms` lists them (``LEFT`` and ``RIGHT`` first); ``()`` in a line game and
    before the lead. ``line`` is then the line through the lead (the ``LEFT`` arm, the
    lead, the ``RIGHT`` arm) and ``lead`` the number of tiles on the ``LEFT`` arm."""
    play_points: tuple[int, ...] = attrs.field(
        default=attrs.Factory(lambda self: (0,) * self.rules.players, takes_self=True),
        repr=False,
    )
    """The points plays have scored so far in this hand, per seat, as
    `HandState.play_points` (rules PLAY-1 to PLAY-3; in partnership both partners show
    their side's): public, since every play's score is called. Zeros in a game that
    scores nothing on play, and in every line game."""
    claim: int = attrs.field(default=0, repr=False)
    """Where scores are called (rule CLAIM-1, `HandState.claim`): the score the seat to
    move just made and is to claim or overlook (`Phase.CLAIM`); else 0."""
    muggins: int = attrs.field(default=0, repr=False)
    """Rule CLAIM-2 (`HandState.muggins`): the points the previous player overlooked,
    which the seat to move may take with `Muggins`; else 0."""
    hub: Tile | None = attrs.field(default=None, repr=False)
    """In a train game (docs/rules/trains.md), the engine double in the hub (`Layout.hub`;
    ``None`` before it is laid and in other games)."""
    trains: tuple[Train, ...] = attrs.field(default=(), repr=False)
    """In a train game, every train as `Layout.trains` lists them (markers included);
    ``()`` in other games."""
    train_turn: TrainTurn | None = attrs.field(default=None, repr=False)
    """In a train game, `HandState.train_turn`: the open doubles, the seats past their
    first turn, what the seat to move owes (all public); ``None`` in other games."""

    # ------------------------------------------------------------------ reading
    @property
    def layout(self) -> Layout:
        """The layout on the table (with its `arms` in a layout with arms): equal to
        the state's `HandState.layout`."""
        if self.hub is not None:
            return Layout(line=(), hub=self.hub, trains=self.trains)
        if self.arms:
            return Layout(line=self.line, arms=self.arms)
        return Layout(line=self.line)

    @property
    def verification(self) -> VerificationRound | None:
        """The verification round in progress (or the completed one)."""
        if self.round is None:
            return None
        proposer, count = self.round
        return VerificationRound.after(proposer, count, self.rules.players, step=self.rules.step)

    @property
    def is_over(self) -> bool:
        """Whether the hand has ended."""
        return self.ending is not None

    def __repr__(self) -> str:
        # the fields in order, as attrs writes them; `arms` and `play_points` only in a
        # ruleset played with arms (a line game's observation reads as it always did)
        shown = [f"{a.name}={getattr(self, a.name)!r}" for a in _OBS_REPR_FIELDS]
        if _plays_arms(self.rules):
            shown += [f"arms={self.arms!r}", f"play_points={self.play_points!r}"]
        if self.rules.claim_rule is not ClaimRule.AUTO:
            shown += [f"claim={self.claim!r}", f"muggins={self.muggins!r}"]
        if self.rules.trains:
            shown += [f"{name}={getattr(self, name)!r}" for name in ("hub", "trains", "train_turn")]
        return f"Observation({', '.join(shown)})"

    def _repr_svg_(self, width: int = 800) -> str:
        """The table as the seat sees it, as an SVG picture (notebooks; `dominoes.svg.table`
        draws it, ``width`` checked): its hand face up, the others face down until the hand
        is over and shows them."""
        hands: Sequence[Sequence[Tile] | None] = self.hands or tuple(
            self.hand if s == self.seat else None for s in range(self.rules.players)
        )
        return table_picture(
            self, hands=hands, boneyard=self.boneyard_size, seat=self.seat, width=width
        )

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
        `HandResult` once the hand is over), ``hands`` (every hand once it is over),
        ``full_history`` and ``shown_voids`` (per seat, the list of pip values of
        `shown_voids`, ascending). `from_dict` reads it back.

        ``shown_voids`` was added without a new version (the format's ``version`` is
        still 1): `from_dict` reads data written before it, taking every entry empty.
        Likewise ``arms`` and ``play_points`` (layouts with arms only) and ``claim`` and
        ``muggins`` (only where scores are called, rules CLAIM-1 and CLAIM-2; 0 when
        absent), and in a train game only ``hub`` (a tile or ``null``), ``trains`` (per
        train ``{"end", "owner", "tiles", "value", "marked"}``) and ``train_turn``
        (``{"doubles": [[token, from_run], ...], "firsts", "owed"}``).

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
            "history": [step_data(e) for e in self.history],
            "hand_sizes": list(self.hand_sizes),
            "boneyard_size": self.boneyard_size,
            "turn": self.turn,
            "opening": None if self.opening is None else str(self.opening),
            "round": None if self.round is None else list(self.round),
            "drew": self.drew,
            "last": self.last,
            "false_pass": self.false_pass,
            "faults": [fault_data(f) for f in self.faults],
            "ending": None if self.ending is None else self.ending.value,
            "result": None if result is None else result_data(result),
            "hands": None if self.hands is None else [[str(t) for t in h] for h in self.hands],
            "full_history": self.full_history,
            "shown_voids": [sorted(values) for values in self.shown_voids],
            # (a line game's data reads as it always did)
            **(
                {"arms": [arm_data(a) for a in self.arms], "play_points": list(self.play_points)}
                if _plays_arms(self.rules)
                else {}
            ),
            **(
                {"claim": self.claim, "muggins": self.muggins}
                if self.rules.claim_rule is not ClaimRule.AUTO
                else {}
            ),
            **(train_data(self.hub, self.trains, self.train_turn) if self.rules.trains else {}),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Observation:
        """The observation `to_dict` wrote: ``Observation.from_dict(obs.to_dict()) == obs``.

        Every value is checked, and the position it describes must be one the rules
        allow (the tiles, the line, the hand sizes, the phase); the history is taken as
        given, and so is ``shown_voids`` once its shape is checked (one list per seat,
        of pip values of the set). Without a ``shown_voids`` key (data written before
        there was one) every seat's entry is empty.

        Raises:
            ArgumentTypeError: ``data`` is not a mapping.
            ArgumentValueError: a key is missing or holds a value it cannot (the message
                names the key), or the position is impossible.
            RulesetError: the ``rules`` entry is not a ruleset.
        """
        obs = cls(**read_fields(data))
        _check_position(obs)
        return obs

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
        """The seat's legal moves when it is to move (else ``()``), in the order of
        `HandState.legal_moves`.

        They depend only on the seat's hand and public facts (the open ends, the
        opening, the boneyard's size), so the observation lists them as the state does,
        from the same tables. In a train game the engine lists them, on a state holding
        the public facts and the seat's hand.
        """
        if self.ending is not None or self.turn != self.seat:
            return ()
        if self.claim:  # CLAIM-1
            return (Claim(points=self.claim), _NO_CLAIM)
        if self.muggins:  # CLAIM-2
            return (MUGGINS, *attrs.evolve(self, muggins=0).legal_moves())
        ctx = _ctx_for(self.rules)
        mask = 0
        for t in self.hand:
            mask |= 1 << t.index
        if ctx.train is not None:
            # a train game: the engine's own moves, on a core holding the public facts and
            # this seat's hand (the others' hands empty, a boneyard of the right size)
            hands = tuple(mask if s == self.seat else 0 for s in range(ctx.players))
            return _observed_train_state(self, hands, (0,) * self.boneyard_size).legal_moves()
        line = self.line
        if not line:
            opening = self.opening
            if isinstance(opening, Tile):
                return (ctx.plays[opening.index][2],)
            if opening == "any":
                return _lead_moves(ctx, mask)
            return (DRAW,)
        if self.arms:
            return self._arm_moves(mask, ctx)
        # a twin of HandState.legal_moves over the observation's fields (that one reads
        # the core tuple on the hot path)
        left = line[0][0]
        right = line[-1][1]
        sl = ctx.suit[left]
        sr = ctx.suit[right]
        can_draw = self.boneyard_size > ctx.floor and not (ctx.one_draw and self.drew)
        m = mask & (sl | sr)
        if m:
            key = (m << 12) | (left << 6) | right
            moves = ctx.memo.get(key)
            if moves is None:
                moves = _plays_for(ctx, m, sl, sr, key)
            if ctx.voluntary and can_draw:
                return (*moves, DRAW)
            return moves
        if ctx.draws and can_draw:
            return (DRAW,)
        return (PASS,)

    def scored_moves(self) -> tuple[tuple[Move, int], ...]:
        """Each of `legal_moves` with the points it would score on play (rules PLAY-1 to
        PLAY-3): 0 for a draw or a pass, and for every move of a game that scores
        nothing on play. What a play scores depends on the layout alone, so the seat
        knows it.

        >>> from dominoes import Deal, HandState, PlayScoring, Ruleset, SpinnerRule
        >>> rules = Ruleset.draw(spinner=SpinnerRule.FIRST_DOUBLE, play_scoring=PlayScoring.FIVES)
        >>> state = HandState.start(rules, Deal.random(rules, seed=3)).apply_all("6-6")
        >>> [(str(m), p) for m, p in state.observation(0).scored_moves()]
        [('1-6:L', 0), ('1-6:R', 0), ('3-6:L', 15), ('3-6:R', 15), ('4-6:L', 0), ('4-6:R', 0)]
        """
        moves = self.legal_moves()
        if self.rules.play_scoring is PlayScoring.NONE or not moves:
            return tuple((m, 0) for m in moves)
        world = self._filled()
        if self.rules.claim_rule is not ClaimRule.AUTO:
            # where scores are called a play's score waits for its claim (CLAIM-1); a
            # claim or muggins scores what it credits
            return tuple((m, _score_of(world.apply(m))) for m in moves)
        return tuple(
            (m, world.apply(m).history[-1].points if m.__class__ is Play else 0) for m in moves
        )

    def _arm_moves(self, mask: int, ctx: _Ctx) -> tuple[Move, ...]:
        """The legal moves after the lead in a layout with arms: the plays on the open
        arms by tile index, then by arm (as `HandState.legal_moves` lists them)."""
        ends = tuple((arm.end, arm.value) for arm in self.arms if arm.is_open)
        fits = 0
        for _end, v in ends:
            fits |= ctx.suit[v]
        m = mask & fits
        can_draw = self.boneyard_size > ctx.floor and not (ctx.one_draw and self.drew)
        if m:
            key = (m, ends)
            moves = _OBS_ARM_PLAYS.get(key)
            if moves is None:
                out: list[Move] = []
                for i in bit_indices(m):
                    tile = ctx.tiles[i]
                    for end, v in ends:
                        if v in (tile.low, tile.high):
                            out.append(play_on(i, end))
                moves = tuple(out)
                if len(_OBS_ARM_PLAYS) >= _MEMO_LIMIT:
                    _OBS_ARM_PLAYS.clear()
                _OBS_ARM_PLAYS[key] = moves
            if ctx.voluntary and can_draw:
                return (*moves, DRAW)
            return moves
        if ctx.draws and can_draw:
            return (DRAW,)
        return (PASS,)

    # ------------------------------------------------------------------ internals
    def _filled(self) -> HandState:
        """A state with this observation's public facts and the seat's hand (every hand,
        once the hand is over), the unseen tiles placed in canonical order."""
        groups: list[tuple[Tile, ...] | int]
        if self.hands is not None:
            groups = list(self.hands)
        else:
            groups = [self.hand if s == self.seat else n for s, n in enumerate(self.hand_sizes)]
        table = self.line + tuple(pair for arm in self.arms[2:] for pair in arm.tiles)
        if self.hub is not None:
            table += ((self.hub.low, self.hub.high),)
            table += tuple(pair for train in self.trains for pair in train.tiles)
        hands, boneyard = _fill(
            self.rules, groups, self.boneyard_size, table, self.opening, self.turn
        )
        return self._state_from([list(h) for h in hands], list(boneyard))

    def _state_from(self, hands: list[list[Tile]], boneyard: list[Tile]) -> HandState:
        """The state with these hands and boneyard and this observation's public facts."""
        if self.rules.trains:  # built from its parts, not through a position
            return _train_world(self, hands, boneyard)
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
            arms=_position_arms(self.arms),
            play_points=self.play_points if any(self.play_points) else (),
            claim=self.claim,
            muggins=self.muggins,
        )
        return HandState.from_position(position, self.rules)


_OBS_REPR_FIELDS: Final = tuple(
    a
    for a in attrs.fields(Observation)
    if a.name not in ("arms", "play_points", "claim", "muggins", "hub", "trains", "train_turn")
)
_OBS_ARM_PLAYS: dict[tuple[int, tuple[tuple[End, int], ...]], tuple[Move, ...]] = {}
"""`Observation.legal_moves` in a layout with arms, by (playable tiles, open ends)."""


def _score_of(after: HandState) -> int:
    """What the move that reached ``after`` scored where scores are called: a play, the
    score waiting for its claim; a claim or muggins, what it credited."""
    return after.claim or after.history[-1].points


def _position_arms(arms: tuple[Arm, ...]) -> tuple[PositionArm, ...]:
    """The arms a position lists of a layout's: those beyond the line."""
    return tuple(PositionArm(end=a.end, origin=a.origin, tiles=a.tiles) for a in arms[2:])


def _plays_arms(rules: Ruleset) -> bool:
    """Whether ``rules`` is played on a layout with arms (by `_ArmsHand`)."""
    return rules.spinner is not SpinnerRule.NONE or rules.play_scoring is not PlayScoring.NONE


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
    group shows goes to the seat to lead (the rules say it holds it), and that in a train
    game whose seats draw for the engine (``lead:draw``) the engine goes to the boneyard
    (nobody holds it yet). For a placeholder state that carries the public facts only.
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
    if opening == "draw" and rules.trains and isinstance(boneyard, int):
        engine = Tile(rules.engine_double, rules.engine_double)
        if engine in unseen:
            unseen.remove(engine)
            unseen.insert(sum(g for g in groups if isinstance(g, int)), engine)
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
    seen = filled.observation(obs.seat)
    if seen != attrs.evolve(
        obs,
        history=(),
        full_history=False,
        result=filled.result,
        shown_voids=seen.shown_voids,
    ) or (obs.result is not None and not _same_result(obs.rules, obs.result, filled.result)):
        raise ArgumentValueError(
            "data describes an impossible position: its fields do not agree",
            argument="data",
        )


def _same_result(rules: Ruleset, given: HandResult, filled: HandResult | None) -> bool:
    """Whether a result read with an observation agrees with the one its position
    scores; with partnership bonuses, which the position's missing history cannot show,
    everything but the points and the bonuses."""
    if filled is None:
        return False
    if rules.has_bonuses:
        return attrs.evolve(given, points=(), bonuses=()) == attrs.evolve(
            filled, points=(), bonuses=()
        )
    return given == filled


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
    table = p.line + tuple(pair for arm in p.arms for pair in arm.tiles)
    table += tuple(pair for train in p.trains for pair in train.tiles)
    hands, boneyard = _fill(rules, list(p.hands), p.boneyard, table, p.opening, p.turn)
    full = attrs.evolve(p, hands=hands, boneyard=boneyard)
    return HandState.from_position(full, rules).observation(seat)


_NEW = object.__new__
_SET_CORE = HandState.__dict__["_core"].__set__
_SET_SEAT = Step.__dict__["seat"].__set__
_SET_MOVE = Step.__dict__["move"].__set__
_SET_POINTS = Step.__dict__["points"].__set__
OBSERVATION_FIELDS: Final = (
    "rules",
    "seat",
    "hand",
    "line",
    "lead",
    "history",
    "hand_sizes",
    "boneyard_size",
    "turn",
    "opening",
    "round",
    "drew",
    "last",
    "false_pass",
    "faults",
    "ending",
    "result",
    "full_history",
    "hands",
    "shown_voids",
    "arms",
    "play_points",
    "claim",
    "muggins",
    "hub",
    "trains",
    "train_turn",
)
"""The fields of `Observation` in order, as `_new_observation` sets them (a test checks
them against the class)."""
_SET_OBS_RULES = Observation.__dict__["rules"].__set__
_SET_OBS_SEAT = Observation.__dict__["seat"].__set__
_SET_OBS_HAND = Observation.__dict__["hand"].__set__
_SET_OBS_LINE = Observation.__dict__["line"].__set__
_SET_OBS_LEAD = Observation.__dict__["lead"].__set__
_SET_OBS_HISTORY = Observation.__dict__["history"].__set__
_SET_OBS_HAND_SIZES = Observation.__dict__["hand_sizes"].__set__
_SET_OBS_BONEYARD_SIZE = Observation.__dict__["boneyard_size"].__set__
_SET_OBS_TURN = Observation.__dict__["turn"].__set__
_SET_OBS_OPENING = Observation.__dict__["opening"].__set__
_SET_OBS_ROUND = Observation.__dict__["round"].__set__
_SET_OBS_DREW = Observation.__dict__["drew"].__set__
_SET_OBS_LAST = Observation.__dict__["last"].__set__
_SET_OBS_FALSE_PASS = Observation.__dict__["false_pass"].__set__
_SET_OBS_FAULTS = Observation.__dict__["faults"].__set__
_SET_OBS_ENDING = Observation.__dict__["ending"].__set__
_SET_OBS_RESULT = Observation.__dict__["result"].__set__
_SET_OBS_FULL_HISTORY = Observation.__dict__["full_history"].__set__
_SET_OBS_HANDS = Observation.__dict__["hands"].__set__
_SET_OBS_SHOWN_VOIDS = Observation.__dict__["shown_voids"].__set__
_SET_OBS_ARMS = Observation.__dict__["arms"].__set__
_SET_OBS_PLAY_POINTS = Observation.__dict__["play_points"].__set__
_SET_OBS_CLAIM = Observation.__dict__["claim"].__set__
_SET_OBS_MUGGINS = Observation.__dict__["muggins"].__set__
_SET_OBS_HUB = Observation.__dict__["hub"].__set__
_SET_OBS_TRAINS = Observation.__dict__["trains"].__set__
_SET_OBS_TRAIN_TURN = Observation.__dict__["train_turn"].__set__


def _new_observation(
    rules: Any,
    seat: Any,
    hand: Any,
    line: Any,
    lead: Any,
    history: Any,
    hand_sizes: Any,
    boneyard_size: Any,
    turn: Any,
    opening: Any,
    round_: Any,
    drew: Any,
    last: Any,
    false_pass: Any,
    faults: Any,
    ending: Any,
    result: Any,
    full_history: Any,
    hands: Any,
    shown_voids: Any,
    arms: Any,
    play_points: Any,
) -> Observation:
    """``Observation(...)`` built without the keyword call of its constructor (the fields
    in the order of `OBSERVATION_FIELDS`, plain values as the engine computes them): the
    adapters build every seat's observation at every step."""
    obs: Observation = _NEW(Observation)
    _SET_OBS_RULES(obs, rules)
    _SET_OBS_SEAT(obs, seat)
    _SET_OBS_HAND(obs, hand)
    _SET_OBS_LINE(obs, line)
    _SET_OBS_LEAD(obs, lead)
    _SET_OBS_HISTORY(obs, history)
    _SET_OBS_HAND_SIZES(obs, hand_sizes)
    _SET_OBS_BONEYARD_SIZE(obs, boneyard_size)
    _SET_OBS_TURN(obs, turn)
    _SET_OBS_OPENING(obs, opening)
    _SET_OBS_ROUND(obs, round_)
    _SET_OBS_DREW(obs, drew)
    _SET_OBS_LAST(obs, last)
    _SET_OBS_FALSE_PASS(obs, false_pass)
    _SET_OBS_FAULTS(obs, faults)
    _SET_OBS_ENDING(obs, ending)
    _SET_OBS_RESULT(obs, result)
    _SET_OBS_FULL_HISTORY(obs, full_history)
    _SET_OBS_HANDS(obs, hands)
    _SET_OBS_SHOWN_VOIDS(obs, shown_voids)
    _SET_OBS_ARMS(obs, arms)
    _SET_OBS_PLAY_POINTS(obs, play_points)
    _SET_OBS_CLAIM(obs, 0)  # (a pending claim: set by _ClaimsHand)
    _SET_OBS_MUGGINS(obs, 0)
    _SET_OBS_HUB(obs, None)  # (the train table: set by _TrainHand)
    _SET_OBS_TRAINS(obs, ())
    _SET_OBS_TRAIN_TURN(obs, None)
    return obs


def _step(seat: int, move: Move) -> Step:
    """``Step(seat=seat, move=move)``, built without the constructor's checks (the
    history holds only checked seats and moves); the history readers build many."""
    step: Step = _NEW(Step)
    _SET_SEAT(step, seat)
    _SET_MOVE(step, move)
    _SET_POINTS(step, 0)
    return step


def _make(cls: type[HandState], core: tuple[Any, ...]) -> HandState:
    s = _NEW(cls)
    _SET_CORE(s, core)
    return s


def _diagnose(ctx: _Ctx, deal: Deal) -> None:
    """Raise the `DealError` that says what is wrong with ``deal``."""
    rules = ctx.rules
    seen = 0
    places: list[tuple[int | None, tuple[Tile, ...]]] = list(enumerate(deal.hands))
    places.append((None, deal.boneyard))
    for seat, tiles in places:
        if seat is not None and len(tiles) != rules.hand_size:
            raise DealError(
                f"seat {seat} holds {len(tiles)} tiles but the ruleset deals {rules.hand_size}",
                reason=DealProblem.WRONG_HAND_SIZE,
                seat=seat,
            )
        for t in tiles:
            i = t.index
            if i >= ctx.size:
                raise DealError(
                    f"{t} is not in the double-{rules.max_pip} set",
                    reason=DealProblem.TILE_NOT_IN_SET,
                    seat=seat,
                )
            if seen >> i & 1:
                raise DealError(f"{t} is dealt twice", reason=DealProblem.DUPLICATE_TILE, seat=seat)
            if not ctx.dealt >> i & 1:
                raise DealError(
                    f"{t} is the engine double, set aside before the deal (TRAIN-1), "
                    "so no deal holds it",
                    reason=DealProblem.TILE_NOT_IN_SET,
                    seat=seat,
                )
            seen |= 1 << i
    missing = [str(tile_from_index(i)) for i in range(ctx.size) if (ctx.dealt & ~seen) >> i & 1]
    raise DealError(
        f"hands and boneyard must hold the whole double-{rules.max_pip} set"
        f"{' but the engine double' if ctx.dealt != ctx.full else ''}; "
        f"missing {', '.join(missing)}",
        reason=DealProblem.MISSING_TILES,
    )


def _engine_not_dealt(ctx: _Ctx) -> None:
    """Raise the `DealError` of a deal in which nobody holds the engine double that its
    holder must lay (TRAIN-1, `EngineSource.HOLDER`: dealt again, as LEAD-4)."""
    engine = tile_from_index(ctx.must_hold.bit_length() - 1)
    raise DealError(
        f"nobody holds the engine double {engine}, which its holder lays first under "
        "engine_source HOLDER, so the rules say to redeal (TRAIN-1)",
        reason=DealProblem.NO_OPENING_TILE,
    )


def _opening(ctx: _Ctx, masks: Sequence[int], bone: tuple[int, ...]) -> tuple[int, int]:
    """(seat to lead, the opening code for _OPEN) when no hand holds a tile of the
    ruleset's lead order (`_Ctx.lead_order`)."""
    rules = ctx.rules
    if rules.no_double is NoDoubleRule.REDEAL:
        raise DealError(
            "the opening tile was not dealt and the rules say to redeal (LEAD-4)",
            reason=DealProblem.NO_OPENING_TILE,
        )
    if rules.no_double is NoDoubleRule.DRAW_FOR_DOUBLE and len(bone) > ctx.floor:
        return rules.opening_seat, _DRAW_FOR_DOUBLE
    return _heaviest(ctx, masks)


def _first_held(order: Sequence[int], masks: Sequence[int], held: int) -> tuple[int, int] | None:
    """(holder, index) of the first tile of ``order`` that some hand of ``masks`` holds,
    if any (``held``: the union of ``masks``)."""
    for i in order:
        if held >> i & 1:
            bit = 1 << i
            for seat, m in enumerate(masks):
                if m & bit:
                    return seat, i
    return None


def _heaviest(ctx: _Ctx, masks: Sequence[int]) -> tuple[int, int]:
    """(holder, index) of the heaviest tile in any hand (LEAD-1)."""
    held = 0
    for m in masks:
        held |= m
    found = _first_held(ctx.heavy_desc, masks, held)
    if found is None:  # pragma: no cover - every ruleset deals at least one tile
        raise AssertionError("unreachable: every ruleset deals at least one tile")
    return found


def _passed(
    c: tuple[Any, ...], ctx: _Ctx, t: int, faults: tuple[Fault, ...], false: bool, ends: int
) -> tuple[Any, ...]:
    """The core after seat ``t`` passes in ``c`` (``false``: a false pass, rule FAULT-1;
    ``ends``: the values of the ends open to it, as a bitmask over pip values).

    At an exhausted boneyard a pass opens the verification round or confirms it."""
    prop = c[_RPROP]
    count = c[_RCOUNT]
    rfalse = c[_RFALSE]
    result = None
    nt = ctx.nxt[t]
    if not ctx.draws or len(c[_BONE]) <= ctx.floor:
        if prop < 0:
            prop, count, rfalse = t, 0, False
        count += 1
        rfalse = rfalse or false
    if false and ctx.forfeit:
        result = Ending.FORFEIT
    elif count == ctx.players:
        result = Ending.FALSE_BLOCK if rfalse else Ending.BLOCKED
    # (a pass changes no hand and no end: it cannot make a position stuck, DETECT-1)
    if result is not None:
        nt = t
    # a pass (a false one too: that is what it showed) adds the open ends
    shown = c[_SHOWN]
    bits = shown[t] | ends
    if bits != shown[t]:
        shown = (*shown[:t], bits, *shown[t + 1 :])
    core = (ctx, (c[_HIST], t, PASS), *c[_HANDS:_TURN], nt, prop, count, result)
    return (*core, 0, c[_LAST], faults, rfalse, shown)


def _can_draw(ctx: _Ctx, c: tuple[Any, ...]) -> bool:
    """Whether the seat to move may draw a tile now (drawing rules and floor permitting)."""
    return len(c[_BONE]) > ctx.floor and not (ctx.one_draw and c[_DREW])


def _stuck(ctx: _Ctx, hands: Sequence[int], bone: int, left: int, right: int) -> bool:
    """Whether no seat can play and nobody can draw from a boneyard of ``bone`` tiles
    (DETECT-1)."""
    if ctx.draws and bone > ctx.floor:
        return False
    ends = ctx.suit[left] | ctx.suit[right]
    return not any(h & ends for h in hands)


_MEMO_LIMIT = 1 << 16


def _plays_for(ctx: _Ctx, m: int, sl: int, sr: int, key: int) -> tuple[Move, ...]:
    out: list[Move] = []
    plays = ctx.plays
    while m:
        low = m & -m
        p = plays[low.bit_length() - 1]
        if sl & low:
            out.append(p[0])
        if sr & low:
            out.append(p[1])
        m ^= low
    moves = tuple(out)
    memo = ctx.memo
    if len(memo) >= _MEMO_LIMIT:
        memo.clear()
    memo[key] = moves
    return moves


def _lead_moves(ctx: _Ctx, m: int) -> tuple[Move, ...]:
    """The leads of the tiles of the hand ``m`` (any tile may be led), by tile index:
    joined from tables of the leads of every 8 tiles, by their 8 bits of the hand."""
    tables = ctx.lead_plays
    if tables is None:
        tables = ctx.lead_plays = _lead_tables(ctx)
    moves: tuple[Move, ...] = ()
    for table in tables:
        if m & 255:
            moves += table[m & 255]
        m >>= 8
        if not m:
            break
    return moves


def _lead_tables(ctx: _Ctx) -> tuple[tuple[tuple[Move, ...], ...], ...]:
    """For each 8 tiles of the set (by index), the leads of every subset of them, by the
    subset's 8 bits."""
    leads = [p[2] for p in ctx.plays]
    return tuple(
        tuple(
            tuple(leads[base + b] for b in range(8) if bits >> b & 1 and base + b < ctx.size)
            for bits in range(256)
        )
        for base in range(0, ctx.size, 8)
    )


_PUBLIC: dict[int, tuple[Any, tuple[Step, ...], tuple[tuple[int, int, Step], ...], bool]] = {}
"""The public histories of recent history nodes, by the node's id: (the node, its
steps oldest first with every draw hidden, the draws as (index, seat, the step with its
tile), whether the history starts at the deal). The node is kept, so its id is not
reused while the entry lives; observations of successive states extend the entry of
the state before."""
_PUBLIC_LIMIT: Final = 4096


def _public_history(
    top: Any,
) -> tuple[tuple[Step, ...], tuple[tuple[int, int, Step], ...], bool]:
    """The public history ending at the history node ``top`` (see `_PUBLIC`)."""
    chain = []
    node = top
    steps: tuple[Step, ...] = ()
    draws: tuple[tuple[int, int, Step], ...] = ()
    while node:
        hit = _PUBLIC.get(id(node))
        if hit is not None and hit[0] is node:
            steps, draws, full = hit[1], hit[2], hit[3]
            break
        chain.append(node)
        node = node[0]
    else:
        full = node is None
    if not chain:
        return steps, draws, full
    new = []
    found = []
    k = len(steps)
    for node in reversed(chain):
        seat, move = node[1], node[2]
        if move.__class__ is Draw:
            found.append((k, seat, _step(seat, move)))
            move = DRAW
        step = _step(seat, move)
        if len(node) > 3:  # a play that scored, in a layout with arms
            _SET_POINTS(step, node[3])
        new.append(step)
        k += 1
    steps += tuple(new)
    if found:
        draws += tuple(found)
    if len(_PUBLIC) >= _PUBLIC_LIMIT:
        _PUBLIC.clear()
    _PUBLIC[id(top)] = (top, steps, draws, full)
    return steps, draws, full


_SHOWN_SETS: dict[tuple[int, ...], tuple[frozenset[int], ...]] = {}
"""`Observation.shown_voids` of a `_SHOWN` tuple, built once each."""


def _shown_sets(shown: tuple[int, ...]) -> tuple[frozenset[int], ...]:
    if len(_SHOWN_SETS) >= _MEMO_LIMIT:
        _SHOWN_SETS.clear()
    values = _SHOWN_SETS[shown] = tuple(map(_pip_set, shown))
    return values


_PIP_SETS: dict[int, frozenset[int]] = {}
"""The pip values of a `_SHOWN` bitmask, built once each (there are few distinct masks)."""


def _pip_set(mask: int) -> frozenset[int]:
    values = _PIP_SETS.get(mask)
    if values is None:
        if len(_PIP_SETS) >= _MEMO_LIMIT:
            _PIP_SETS.clear()
        values = _PIP_SETS[mask] = frozenset(bit_indices(mask))
    return values


def _held_tiles(ctx: _Ctx, mask: int) -> tuple[Tile, ...]:
    """The tiles of a hand bitmask, in canonical order, remembered in ``ctx.held`` (a hand
    that did not change since the last observation is looked up)."""
    tiles = ctx.tiles
    out = []
    m = mask
    while m:
        low = m & -m
        out.append(tiles[low.bit_length() - 1])
        m ^= low
    held = ctx.held
    if len(held) >= _MEMO_LIMIT:
        held.clear()
    hand = held[mask] = tuple(out)
    return hand


def _tiles_of(mask: int) -> tuple[Tile, ...]:
    return tuple(tile_from_index(i) for i in bit_indices(mask))


def _pips_of(ctx: _Ctx, mask: int) -> int:
    return sum(ctx.pips[i] for i in bit_indices(mask))


def _round(ctx: _Ctx, proposer: int, count: int) -> VerificationRound:
    return VerificationRound.after(proposer, count, ctx.players, step=ctx.rules.step)


def _final_round(c: tuple[Any, ...]) -> VerificationRound | None:
    """The completed verification round of a finished hand, if it ended through one."""
    ctx: _Ctx = c[_CTX]
    if c[_RCOUNT] == ctx.players and c[_RESULT] in (Ending.BLOCKED, Ending.FALSE_BLOCK):
        return _round(ctx, c[_RPROP], c[_RCOUNT])
    return None


def _position_error(p: Position, field: str, problem: str) -> NotationError:
    """The error that a position does not fit the ruleset, naming the field."""
    return NotationError(
        f"bad position ({field}): {problem}", text=format_position(p), what=f"position {field}"
    )


def _position_hands(
    ctx: _Ctx, p: Position, bad: Callable[[str, str], NotationError]
) -> tuple[list[int], tuple[int, ...], int]:
    """The hands of ``p`` as bitmasks, the boneyard as tile indices in draw order and the
    tiles of both as one bitmask, checked: the set, one hand per seat, nothing hidden,
    every tile in the set and listed once."""
    rules = ctx.rules
    n = ctx.players
    if p.max_pip != rules.max_pip:
        raise bad("set", f"d{p.max_pip} but the ruleset plays double-{rules.max_pip}")
    if len(p.hands) != n:
        raise bad("hands", f"{len(p.hands)} hands but the ruleset has {n} seats")
    seen = 0
    masks = []
    for seat, hand in enumerate(p.hands):
        if isinstance(hand, int):
            raise bad("hands", f"seat {seat}'s hand is hidden; a state needs every tile")
        m = 0
        for t in hand:
            if t.high > rules.max_pip:
                raise bad("hands", f"{t} is not in the double-{rules.max_pip} set")
            if (seen | m) >> t.index & 1:
                raise bad("hands", f"{t} appears twice")
            m |= 1 << t.index
        seen |= m
        masks.append(m)
    if isinstance(p.boneyard, int):
        raise bad("boneyard", "the boneyard is hidden; a state needs every tile")
    for t in p.boneyard:
        if t.high > rules.max_pip:
            raise bad("boneyard", f"{t} is not in the double-{rules.max_pip} set")
        if seen >> t.index & 1:
            raise bad("boneyard", f"{t} appears twice")
        seen |= 1 << t.index
    return masks, tuple(t.index for t in p.boneyard), seen


def _position_placed(
    ctx: _Ctx,
    pairs: Sequence[tuple[int, int]],
    seen: int,
    field: str,
    bad: Callable[[str, str], NotationError],
) -> int:
    """``seen`` with the tiles of ``pairs`` (laid on the table) added, each checked to be
    in the set and not seen before."""
    top = ctx.rules.max_pip
    for a, b in pairs:
        if max(a, b) > top:
            raise bad(field, f"{a}|{b} is not in the double-{top} set")
        t_index = tile_index(a, b)
        if seen >> t_index & 1:
            raise bad(field, f"{a}|{b} appears twice")
        seen |= 1 << t_index
    return seen


def _position_seats(
    ctx: _Ctx, p: Position, seen: int, where: str, bad: Callable[[str, str], NotationError]
) -> None:
    """Check that ``seen`` (the tiles of ``where``) is the whole set, and that the turn
    and ``last`` of ``p`` name seats."""
    if seen != ctx.full:
        missing = ", ".join(str(tile_from_index(i)) for i in range(ctx.size) if not seen >> i & 1)
        raise bad("tiles", f"{where} miss {missing}")
    for field, value in (("turn", p.turn), ("last", p.last)):
        if value is not None and not 0 <= value < ctx.players:
            raise bad(field, f"there is no seat {value}")


def _position_counts(
    ctx: _Ctx, p: Position, masks: list[int], bad: Callable[[str, str], NotationError]
) -> tuple[int, int]:
    """The verification round of ``p`` as (proposer, count), checked with the other
    counts of a position against the table: the round, ``drew``, the ending, the
    faults."""
    n = ctx.players
    prop, count = p.round if p.round is not None else (-1, 0)
    if p.round is not None and not (0 <= prop < n and 1 <= count <= n):
        raise bad("round", f"{prop}+{count} is not a round of {n} seats")
    if p.round is not None and count == n and p.ending is None:
        raise bad("round", "a complete round ends the hand")
    if p.drew and not (ctx.one_draw and p.drew == 1):
        raise bad("drew", "only draw-one-then-pass keeps a count, and it is at most 1")
    if p.ending is Ending.DOMINO and masks[p.turn]:
        raise bad("phase", f"over:domino but seat {p.turn} still holds tiles")
    if p.ending is Ending.FORFEIT and not p.faults:
        raise bad("phase", "over:forfeit but nobody committed a fault")
    if p.ending is Ending.FALSE_BLOCK and not (p.false_pass and count == n):
        raise bad("phase", "over:false_block needs a complete round that holds a false pass")
    for fault in p.faults:
        if not 0 <= fault.seat < n:
            raise bad("faults", f"there is no seat {fault.seat}")
    return prop, count


def _core_from_position(ctx: _Ctx, p: Position) -> tuple[Any, ...]:
    """Build (and check) the core tuple of the state a `Position` describes."""
    rules = ctx.rules
    bad = functools.partial(_position_error, p)
    masks, bone, seen = _position_hands(ctx, p, bad)
    if not ctx.arms and p.arms:
        raise bad("arms", "the ruleset plays a line, which has no arms beyond it")
    if not ctx.arms and p.play_points:
        raise bad("points", "the ruleset plays a line, which scores nothing on play")
    for name, given in _train_fields(p):
        if given:
            raise bad(name, "the ruleset is not a train game")
    seen = _position_placed(ctx, p.line, seen, "line", bad)
    for i, (a, b) in enumerate(p.line):
        if i and p.line[i - 1][1] != a:
            raise bad("line", f"{p.line[i - 1][0]}|{p.line[i - 1][1]} and {a}|{b} do not match")
    for arm in p.arms:
        seen = _position_placed(ctx, arm.tiles, seen, "arms", bad)
    _position_seats(ctx, p, seen, "hands, boneyard and line", bad)
    lead: tuple[int, int] | None = None
    lchain: Any = None
    rchain: Any = None
    if not p.line and p.ending is Ending.CONCEDED:  # conceded before the lead
        if p.opening is not None or p.last is not None:
            raise bad("phase", "a hand conceded before the lead has no opening and no last")
        opening = _ANY_TILE
        left = right = -1
    elif not p.line:
        if p.ending is not None or p.opening is None:
            raise bad("phase", "before the lead the phase is lead:<tile>, lead:any or lead:draw")
        if p.last is not None:
            raise bad("last", "no tile has been laid")
        if isinstance(p.opening, Tile):
            opening = p.opening.index
            if not masks[p.turn] >> opening & 1:
                raise bad("phase", f"the opening tile {p.opening} is not in seat {p.turn}'s hand")
        elif p.opening == "any":
            opening = _ANY_TILE
            if not masks[p.turn]:
                raise bad("phase", f"seat {p.turn} leads but holds no tile")
        elif p.opening == "draw":
            opening = _DRAW_FOR_DOUBLE
            if rules.no_double is not NoDoubleRule.DRAW_FOR_DOUBLE or not ctx.draws:
                raise bad("phase", "lead:draw needs a ruleset that draws for a double")
            if len(bone) <= ctx.floor or p.drew:
                raise bad("phase", "lead:draw but the seat to move cannot draw")
        else:  # a Position built in code can carry any value
            raise bad("phase", f"unknown opening {p.opening!r}")
        left = right = -1
    else:
        if p.opening is not None:
            raise bad("phase", "the lead has been laid; the phase is play or over:<ending>")
        if not 0 <= p.lead < len(p.line):
            raise bad("line", "the lead is not in the line")
        opening = -1
        left, right = p.line[0][0], p.line[-1][1]
        lead = p.line[p.lead]
        for pair in p.line[: p.lead][::-1]:
            lchain = (pair, lchain)
        for pair in p.line[p.lead + 1 :]:
            rchain = (pair, rchain)
    prop, count = _position_counts(ctx, p, masks, bad)
    core: tuple[Any, ...] = (ctx, _POSITION_ROOT, tuple(masks), bone)
    core += (left, right, opening, lead, lchain, rchain, p.turn, prop, count, p.ending)
    core += (p.drew, -1 if p.last is None else p.last, p.faults, p.false_pass, ctx.no_shown)
    if ctx.arms:
        return _arms_core_from_position(ctx, p, core, bad)
    return core


def _train_fields(p: Position) -> tuple[tuple[str, object], ...]:
    """The fields of ``p`` only a train game has, by name, with their values."""
    return (
        ("trains", p.trains),
        ("markers", p.markers),
        ("doubles", p.doubles),
        ("firsts", p.firsts),
        ("owed", p.owed is not Owed.TURN),
    )


def _arms_core_from_position(
    ctx: _Ctx, p: Position, core: tuple[Any, ...], bad: Callable[[str, str], NotationError]
) -> tuple[Any, ...]:
    """The core of a layout with arms (docs/rules/spinner.md) that ``p`` describes, from
    the line core `_core_from_position` built of it: the arms built from the line and
    ``p.arms`` and checked against the spinner rules (which doubles are spinners, which
    arms may hold tiles yet, SPIN-1 to SPIN-4), the play points checked.

    What the arms' states, their waiting conditions and the SPIN-3 sides still to start
    are follows from the tiles; the order in which the tiles were laid does not, and is
    not checked beyond what the arms' numbering says."""
    n = ctx.players
    points: tuple[int, ...] = p.play_points or ctx.no_shown
    if len(points) != n:
        raise bad("points", f"{len(points)} values but the ruleset has {n} seats")
    if any(points) and ctx.rules.play_scoring is PlayScoring.NONE:
        raise bad("points", "the ruleset scores nothing on play")
    for seat in range(n):
        if any(points[x] != points[seat] for x in ctx.side_of[seat]):
            raise bad("points", f"seat {seat}'s partners show other points than its side's")
    if core[_LEAD] is None:  # before the lead (or conceded before it)
        if p.arms or any(points):
            raise bad("arms" if p.arms else "points", "no tile has been laid")
        return (*core[:_POINTS], ctx.no_shown, *core[_POINTS + 1 :])
    lo, hi = core[_LEAD]
    if lo > hi:
        raise bad("line", f"the lead {lo}|{hi} is laid with its high half on the left")
    tiles: list[tuple[tuple[int, int], ...]] = [
        tuple((b, a) for a, b in reversed(p.line[: p.lead])),
        p.line[p.lead + 1 :],
    ]
    tiles += [arm.tiles for arm in p.arms]
    kind = ctx.spinner
    if kind is SpinnerRule.NONE and p.arms:
        raise bad("arms", "the ruleset has no spinner")
    # the spinners: origin (None: the lead; else (arm, index)) -> its first arm
    spinners: dict[tuple[int, int] | None, int] = {}
    values = [lo, hi]
    six = ctx.root_toes == 6 and lo == hi  # FOOT-1: the root's arms U, D (unused), A4 to A7
    for k in range(2, len(tiles), 2):
        arm = p.arms[k - 2]
        token = arm.end.token
        origin: tuple[int, int] | None = None
        if six and k < 8:
            if arm.origin is not None:
                raise bad("arms", f"arm {token} is a toe of the root {lo}|{hi}")
            if k == 2 and (tiles[2] or tiles[3]):
                raise bad("arms", "the root's arms U and D take no tile (root_toes 6)")
            if k == 2:
                spinners[None] = k
            values += [lo, lo]
            continue
        if arm.origin is None:
            if k != 2:
                named = "A4 to A7" if six else "U and D"
                raise bad("arms", f"arm {token} grows from the lead, whose sides are {named}")
            if lo != hi:
                raise bad("arms", f"the lead {lo}|{hi} is not a double: no arm grows from it")
            d = lo
        else:
            j, i = int(arm.origin[0]), arm.origin[1]
            origin = (j, i)
            if j >= k:
                raise bad(
                    "arms", f"arm {token} grows from arm {arm.origin[0].token}, laid after it"
                )
            if i >= len(tiles[j]):
                raise bad("arms", f"arm {arm.origin[0].token} has no tile {i}")
            a, b = tiles[j][i]
            if a != b:
                raise bad("arms", f"{a}|{b} is not a double: no arm grows from it")
            if origin in spinners:
                raise bad("arms", f"two pairs of arms grow from the double {a}|{b}")
            d = a
        spinners[origin] = k
        values += [d, d]
    for k, pairs in enumerate(tiles):
        if pairs and pairs[0][0] != values[k]:
            a, b = pairs[0]
            raise bad("arms", f"{a}|{b} does not match the {values[k]} it is laid on")
        for (_a, b), (c, e) in itertools.pairwise(pairs):
            if b != c:
                raise bad("arms", f"{_a}|{b} and {c}|{e} do not match")
    doubles = [(j, i) for j, pairs in enumerate(tiles) for i, (a, b) in enumerate(pairs) if a == b]
    lead_double = lo == hi
    if kind is SpinnerRule.LEAD_DOUBLE or kind is SpinnerRule.FIRST_DOUBLE:
        if len(spinners) > 1:
            raise bad("arms", "the ruleset has one spinner, and more arms are listed")
        if kind is SpinnerRule.LEAD_DOUBLE and spinners.keys() - {None}:
            raise bad("arms", "only a double lead is a spinner in the ruleset")
        if lead_double and None not in spinners:
            raise bad("arms", "the double lead is a spinner: its arms U and D are missing")
        if kind is SpinnerRule.FIRST_DOUBLE and not lead_double:
            first = [next(((j, i) for j2, i in doubles if j2 == j), None) for j in (0, 1)]
            if any(first) and not spinners:
                raise bad("arms", "a double is down, and the first one laid is a spinner")
            for origin in spinners:
                if origin not in first:
                    raise bad(
                        "arms",
                        "the spinner must be the first double laid (on the line, the "
                        "nearest the lead on its arm)",
                    )
    elif kind is SpinnerRule.EVERY_DOUBLE:
        if lead_double and (None not in spinners or (six and len(tiles) < 8)):
            named = "U, D and A4 to A7" if six else "U and D"
            raise bad("arms", f"the double lead is a spinner: its arms {named} are missing")
        for j, i in doubles:
            if (j, i) not in spinners:
                a, b = tiles[j][i]
                raise bad("arms", f"every double is a spinner, and no arm grows from {a}|{b}")
        laid = [(o, k) for o, k in spinners.items() if o is not None]
        for (j, i), k in laid:
            for (j2, i2), k2 in laid:
                if j2 == j and i2 > i and k2 < k:
                    raise bad(
                        "arms",
                        f"the spinner farther out on arm {_ENDS[j].token} has the earlier "
                        "arms, but it was laid later",
                    )
    all_four = ctx.all_four
    one_tile = ctx.fill is SpinnerFill.ONE_TILE_EACH_SIDE
    arms: list[tuple[Any, ...]] = []
    for k in range(2):
        arms.append(
            (
                _end(tiles[k], values[k]),
                _chain(tiles[k]),
                len(tiles[k]),
                _ARM_OPEN,
                (),
                None,
            )
        )
    sides: list[tuple[int, int]] = []
    for origin, k in sorted(spinners.items(), key=lambda item: item[1]):
        if origin is None:
            needs: tuple[tuple[int, int], ...] = ((0, 1), (1, 1))
            pending = [(0, 1), (1, 1), (2, 1), (3, 1)]
            if six:
                sides += [(0, 1), (1, 1), (4, 1), (5, 1), (6, 1), (7, 1)]
                arms += [(lo, None, 0, _ARM_CLOSED, (), None)] * 2
                arms += [(_end(tiles[x], lo), _chain(tiles[x]), len(tiles[x]), _ARM_OPEN, (), None)
                         for x in range(4, 8)]  # fmt: skip
                continue
        else:
            needs = ((origin[0], origin[1] + 2),)
            pending = [(origin[0], origin[1] + 2), (k, 1), (k + 1, 1)]
        if all_four:
            needs = ()
            sides += pending
        ready = all(len(tiles[x]) >= need for x, need in needs)
        for x in (k, k + 1):
            pairs = tiles[x]
            token = _ENDS[x].token
            if pairs and not ready:
                raise bad("arms", f"arm {token} holds tiles but may take none yet (SPIN-2)")
            if one_tile and len(pairs) > 1:
                raise bad("arms", f"arm {token} takes one tile only (SPIN-4)")
            state = _ARM_CLOSED if one_tile and pairs else _ARM_OPEN if ready else _ARM_WAITING
            arms.append((_end(pairs, values[x]), _chain(pairs), len(pairs), state, needs, origin))
    left = _sides_left(ctx, (lo, hi), arms, sides)
    new_arms = tuple(arms)
    opens = _opens(ctx, new_arms, left)
    return (
        *core[:_LEFT],
        0,
        new_arms,
        _count_of(ctx, core[_LEAD], new_arms),
        core[_LEAD],
        left,
        points,
        *core[_TURN:],
        opens,
    )


def _end(pairs: Sequence[tuple[int, int]], value: int) -> int:
    """The value showing at the end of an arm with these tiles, grown from ``value``."""
    return pairs[-1][1] if pairs else value


def _chain(pairs: Sequence[tuple[int, int]]) -> Any:
    """The tiles of an arm, outward, as the linked list an arm keeps (newest first)."""
    node: Any = None
    for pair in pairs:
        node = (pair, node)
    return node


def _lead_index(c: tuple[Any, ...]) -> int:
    """The index of the lead tile in the line (the number of tiles left of it)."""
    count = 0
    node = c[_LCHAIN]
    while node is not None:
        count += 1
        node = node[1]
    return count


def _line_of(c: tuple[Any, ...]) -> tuple[tuple[tuple[int, int], ...], int]:
    """The line of play (oriented pairs, left to right) and the index of the lead in it
    (0 before the lead, when the line is empty)."""
    if c[_LEAD] is None:
        return (), 0
    line: list[tuple[int, int]] = []
    node = c[_LCHAIN]
    while node is not None:
        line.append(node[0])
        node = node[1]
    lead = len(line)
    line.append(c[_LEAD])
    right: list[tuple[int, int]] = []
    node = c[_RCHAIN]
    while node is not None:
        right.append(node[0])
        node = node[1]
    right.reverse()
    line += right
    return tuple(line), lead


def _opening_of(c: tuple[Any, ...]) -> Tile | str | None:
    """Before the lead: the forced opening tile, ``"any"`` or ``"draw"``; else (and once
    the hand is over) ``None``."""
    if c[_LEFT] >= 0 or c[_RESULT] is not None:
        return None
    opening: int = c[_OPEN]
    if opening >= 0:
        return tile_from_index(opening)
    return "any" if opening == _ANY_TILE else "draw"


# ---------------------------------------------------------------- layouts with arms
# Rules LAYOUT-1, SPIN-1 to SPIN-4, COUNT-1 to COUNT-3 and PLAY-1 to PLAY-3
# (docs/rules/spinner.md). A ruleset with a spinner, or one that scores on play, is played
# by `_ArmsHand`: a HandState whose core keeps every common slot where the line engine
# keeps it (so the shared readers work unchanged) and holds in the line's own slots:
#   _LEFT    -1 before the lead, 0 after (what the shared readers test);
#   _RIGHT   the arms (_ARMS), a tuple indexed by `End` value, each arm a tuple
#            (value, chain, length, state, needs, origin): the number showing at its end
#            (while it is empty, that of the tile it grows from), its tiles outward as a
#            linked list newest first ((a, b), rest), how many, _ARM_WAITING / _ARM_OPEN /
#            _ARM_CLOSED, the (arm, length) pairs that must all hold before it opens, and
#            the (arm, index) of the spinner it grows from (None: the lead);
#   _LCHAIN  (_SIDES) the sides of spinners not started yet under SPIN-3, as (arm,
#            length) pairs: while one is left, only those arms take tiles;
#   _RCHAIN  (_POINTS) the play points so far, per seat (partners show their side's);
#   _OPEN    (_COUNT) after the lead, the end count of the arms (COUNT-1 to COUNT-3,
#            `_end_count`) where the ruleset counts that way (`_Ctx.plain_count`), else -1
#            (a function of the arms, so equality is unchanged; a play updates it);
# and one slot more after the line's last, _OPENS: what the arms open now make legal,
# the `_ARM_TABLES` entry of the open arms (its first four fields: the (arm, value) pairs,
# the tiles that fit one, their values as a bitmask over pips, a key of the pairs for the
# memo; then the tables of plays), derived from the arms (outside equality), found once
# per play. _LEAD holds the lead's oriented pair, as in a line. The history node of a play that
# scored is (previous node, seat, move, points).
_ARMS: Final = _RIGHT
_SIDES: Final = _LCHAIN
_POINTS: Final = _RCHAIN
_COUNT: Final = _OPEN
_ARM_WAITING: Final = 0
_ARM_OPEN: Final = 1
_ARM_CLOSED: Final = 2
_ENDS: Final = tuple(End)
# SPIN-2 alone (no arm closes under SPIN-4, no SPIN-3 sides): a play's hot path checks
# for neither
_LONG_SIDES_FIRST: Final = SpinnerFill.LONG_SIDES_FIRST
_ARM_MEMO_LIMIT: Final = 1 << 16
_OPENS: Final = _SHOWN + 1


_Opens = tuple[
    tuple[tuple[int, int], ...],
    int,
    int,
    int,
    list[Any],
    tuple[int, ...],
    tuple[int, tuple[int, ...], int, int, int],
]
_ARM_TABLES: dict[int, dict[int, _Opens]] = {}
"""By the set's highest pip, then by the key of some open (arm, value) pairs (a dict of
its own per set, `_Ctx.arm_tables`: a key's low bits vary, so a look-up rarely collides):
the _OPENS slot of a core whose open arms are those (a function of the key and the set):
the (arm, value) pairs, the tiles that fit one, their values as a bitmask over pips, the key; per
tile index the plays of that tile on them, in arm order (``()`` for a tile that fits
none); per pip value the open arms that show it, as a bitmask over arms; and, for
`_arms_playout`, what its loop reads in one tuple: the tiles that fit an open arm, the
open arms by pip value, the tiles that fit two open arms or more, those that fit three
or more, and the open values. The plays are found, for every tile at once, when first
asked for (an empty list until then: `_fill_plays`)."""
_ON_ARMS: dict[int, tuple[Move, ...]] = {}
"""By (a bitmask of arms << 9 | a tile index): the plays of `_ARM_TABLES` for that tile
on those arms. Every open-arms key whose arms take the tile on the same
arms shares them, so filling in a key's plays mostly costs one look-up a tile."""


def _arm_table(ctx: _Ctx, key: int) -> _Opens:
    """The `_ARM_TABLES` entry of the open-arms key ``key`` (5 bits an arm: its value
    plus one, 0 for an arm not open) in the set of ``ctx``."""
    tables = ctx.arm_tables
    entry = tables.get(key)
    if entry is None:
        ends = []
        fits = two = more = 0  # the tiles that fit one open arm, two, three
        values = 0
        suit = ctx.suit
        arms_of = [0] * len(suit)
        k = 0
        rest = key
        while rest:
            v = (rest & 31) - 1
            if v >= 0:
                ends.append((k, v))
                tiles = suit[v]
                more |= two & tiles
                two |= fits & tiles
                fits |= tiles
                values |= 1 << v
                arms_of[v] |= 1 << k
            rest >>= 5
            k += 1
        by_pip = tuple(arms_of)
        roll = (fits, by_pip, two, more, values)
        entry = (tuple(ends), fits, values, key, [], by_pip, roll)
        if len(tables) >= _ARM_MEMO_LIMIT:
            tables.clear()
        tables[key] = entry
    return entry


def _fill_plays(ctx: _Ctx, entry: _Opens) -> list[tuple[Move, ...]]:
    """Fill in (and return) the plays of the `_ARM_TABLES` entry ``entry``: per tile index
    the plays of that tile on its open arms, ``()`` for a tile that fits none. All at once
    when first asked for: a hand meets an entry for a tile or two, but the entry serves
    many hands, so a list of every tile costs less than looking each tile up."""
    plays: list[tuple[Move, ...]] = entry[4]
    plays[:] = [()] * ctx.size
    ends = entry[0]
    arms_of = entry[5]
    tiles = ctx.tiles
    x = entry[1]  # the tiles that fit an open arm
    while x:
        low = x & -x
        x ^= low
        i = low.bit_length() - 1
        tile = tiles[i]
        lo, hi = tile.low, tile.high
        on_key = (arms_of[lo] | arms_of[hi]) << 9 | i
        found = _ON_ARMS.get(on_key)
        if found is None:
            found = tuple([play_on(i, _ENDS[k]) for k, v in ends if v in (lo, hi)])
            if len(_ON_ARMS) >= _ARM_MEMO_LIMIT:
                _ON_ARMS.clear()
            _ON_ARMS[on_key] = found
        plays[i] = found
    return plays


def _opens(
    ctx: _Ctx, arms: tuple[tuple[Any, ...], ...], sides: tuple[tuple[int, int], ...]
) -> _Opens:
    """The _OPENS slot of a core with these arms and SPIN-3 sides: the arms a tile may be
    laid on now as (arm, value) pairs in arm order, the tiles that fit one of them, their
    values as a bitmask over pips, and a key of the pairs (5 bits an arm)."""
    key = 0
    if sides:  # SPIN-3: only the sides not started yet
        for k, _n in sides:
            key |= (arms[k][0] + 1) << 5 * k
    else:
        for k, a in enumerate(arms):
            if a[3] == _ARM_OPEN:
                key |= (a[0] + 1) << 5 * k
    entry = ctx.arm_tables.get(key)
    return _arm_table(ctx, key) if entry is None else entry


def _end_count(lead: tuple[int, int], arms: tuple[tuple[Any, ...], ...]) -> int:
    """The end count (rules COUNT-1 to COUNT-3): each end open or full counts the value
    it shows, a double at an end both halves; an empty long side of the lead its half,
    both halves of a double lead (once, while neither long side carries a tile); an
    empty short side nothing."""
    lo, hi = lead
    double = lo == hi
    long0 = arms[0]
    long1 = arms[1]
    if double and not long0[2] and not long1[2]:
        total = 2 * lo
    else:
        total = 0
        for arm in (long0, long1):  # (a long side never waits)
            if arm[2]:
                a, b = arm[1][0]
                total += 2 * b if a == b else b
            else:
                total += 2 * arm[0] if double else arm[0]
    for k in range(2, len(arms)):
        arm = arms[k]
        if arm[2]:  # (a waiting arm is empty, and so counts nothing, as an empty one)
            a, b = arm[1][0]
            total += 2 * b if a == b else b
    return total


def _play_score(ctx: _Ctx, lead: tuple[int, int], arms: tuple[tuple[Any, ...], ...]) -> int:
    """What a play scores from the layout after it: the points of the end count (PLAY-1
    to PLAY-3, the count by COUNT-1 to COUNT-6), or Bergen's headers (HEADER-1)."""
    if ctx.plain_count:
        return ctx.play_table[_end_count(lead, arms)]
    spinners = []
    for p in range(2, len(arms), 2):
        origin = arms[p][5]
        if origin is None:
            if p == 2:  # (the root's further toes under FOOT-1's six grow from it too)
                spinners.append((lead[0], -1, 0, p))
        else:
            on, index = origin
            node = arms[on][1]
            for _ in range(arms[on][2] - 1 - index):  # (the chain is newest first)
                node = node[1]
            spinners.append((node[0][0], on, index, p))
    shown = [(a[2], a[1][0] if a[2] else None) for a in arms]
    rules = ctx.rules
    ends = exposed_ends(lead, shown, spinners, rules.spinner_count, rules.double_end_weight)
    if rules.play_scoring is PlayScoring.BERGEN:
        return header_points(ends)
    return ctx.play_table[sum(v * h for v, h in ends)]


def _spins(ctx: _Ctx, arms: Sequence[tuple[Any, ...]], lead: bool) -> bool:
    """Whether a double laid now becomes a spinner (rule SPIN-1)."""
    kind = ctx.spinner
    if kind is SpinnerRule.EVERY_DOUBLE:
        return True
    if kind is SpinnerRule.FIRST_DOUBLE:
        return len(arms) == 2
    return lead and kind is SpinnerRule.LEAD_DOUBLE


def _count_of(ctx: _Ctx, lead: tuple[int, int], arms: tuple[tuple[Any, ...], ...]) -> int:
    """The _COUNT slot of a core with these arms: the end count, or -1 where the ruleset
    does not count the plain way."""
    return _end_count(lead, arms) if ctx.plain_count else -1


def _scored(
    ctx: _Ctx, c: tuple[Any, ...], t: int, lead: tuple[int, int], arms: tuple[Any, ...]
) -> tuple[int, int, tuple[int, ...]]:
    """(the _COUNT slot after seat ``t``'s play, the points it scores, the play points
    per seat after it)."""
    count = _count_of(ctx, lead, arms)
    points = ctx.play_table[count] if count >= 0 else _play_score(ctx, lead, arms)
    if not points:
        return count, 0, c[_POINTS]
    return count, points, _credit(ctx, c[_POINTS], t, points)


def _arms_lead(ctx: _Ctx, c: tuple[Any, ...], t: int, move: Play, faults: Any) -> tuple[Any, ...]:
    """The core after seat ``t`` lays the opening tile ``move``."""
    i = move.tile.index
    lead = ctx.lead_arms[i]
    if lead is None:
        lead = ctx.lead_arms[i] = _lead_arms(ctx, c, t, move.tile)
    new_arms, sides, count, points, opens = lead
    scores = _credit(ctx, c[_POINTS], t, points) if points else c[_POINTS]
    hands = list(c[_HANDS])
    hands[t] ^= 1 << i
    new_hands = tuple(hands)
    return _arms_core(
        ctx, c, t, move, new_hands, new_arms, sides, scores, points, faults, opens, count
    )


def _lead_arms(ctx: _Ctx, c: tuple[Any, ...], t: int, tile: Tile) -> tuple[Any, ...]:
    """What the lead of ``tile`` makes of the table, whoever leads it: (the arms, the
    SPIN-3 sides, the _COUNT slot, the points it scores, the _OPENS slot); ``c`` and
    ``t`` (a core before the lead, the seat leading) only as `_scored` reads them."""
    lo, hi = tile.low, tile.high
    arms: list[tuple[Any, ...]] = [
        (lo, None, 0, _ARM_OPEN, (), None),
        (hi, None, 0, _ARM_OPEN, (), None),
    ]
    sides: tuple[tuple[int, int], ...] = ()
    if lo == hi and _spins(ctx, arms, True):
        if ctx.root_toes == 6:  # FOOT-1: three toes on each long side, U and D unused
            arms += [(lo, None, 0, _ARM_CLOSED, (), None)] * 2
            arms += [(lo, None, 0, _ARM_OPEN, (), None)] * 4
            sides = ((0, 1), (1, 1), (4, 1), (5, 1), (6, 1), (7, 1))
        elif ctx.all_four:  # SPIN-3, FOOT-1: the four sides first
            arms += [(lo, None, 0, _ARM_OPEN, (), None)] * 2
            sides = ((0, 1), (1, 1), (2, 1), (3, 1))
        else:
            arms += [(lo, None, 0, _ARM_WAITING, ((0, 1), (1, 1)), None)] * 2
    new_arms = tuple(arms)
    count, points, _scores = _scored(ctx, c, t, (lo, hi), new_arms)
    return new_arms, sides, count, points, _opens(ctx, new_arms, sides)


def _sides_left(
    ctx: _Ctx,
    lead: tuple[int, int],
    arms: Sequence[tuple[Any, ...]],
    sides: Sequence[tuple[int, int]],
) -> tuple[tuple[int, int], ...]:
    """The SPIN-3 sides (or Chicken Foot's toes, FOOT-1, FOOT-2) of ``sides`` still to
    take their tile: those whose arm is shorter than it needs, less, under FOOT-3
    (`Ruleset.toe_release`), those of a double whose number has no tile left to play.
    (A foot's toes take its number, and the one double of that number is the foot, so
    the sides left belong to one foot, but this does not rely on it.)"""
    left = tuple([side for side in sides if arms[side[0]][2] < side[1]])
    if left and ctx.release:
        exhausted: dict[int, bool] = {}
        kept = []
        for side in left:
            d = arms[side[0]][0]  # (an empty toe shows its double's number)
            gone = exhausted.get(d)
            if gone is None:
                gone = exhausted[d] = _on_table(lead, arms, d) > ctx.pip
            if not gone:
                kept.append(side)
        left = tuple(kept)
    return left


def _on_table(lead: tuple[int, int], arms: Sequence[tuple[Any, ...]], d: int) -> int:
    """How many tiles of the number ``d`` are on the table (the lead and the tiles of
    ``arms``): all ``max_pip + 1`` of them when none is left in a hand or the boneyard
    (FOOT-3). The table is public, so this reads no hidden tile, and the sampler's replays
    of public histories (`open_values`) get the same answer as the hand."""
    n = int(d in lead)
    for arm in arms:
        node = arm[1]
        while node is not None:
            n += d in node[0]
            node = node[1]
    return n


def _woken(arms: Sequence[tuple[Any, ...]]) -> list[int]:
    """The waiting arms of ``arms`` whose conditions all hold now, so that open (SPIN-2)."""
    woken = []
    for j in range(2, len(arms)):
        arm = arms[j]
        if arm[3] == _ARM_WAITING:
            for x, need in arm[4]:
                if arms[x][2] < need:
                    break
            else:
                woken.append(j)
    return woken


def _arms_play(ctx: _Ctx, c: tuple[Any, ...], t: int, move: Play, faults: Any) -> tuple[Any, ...]:
    """The core after seat ``t`` lays ``move`` on an open arm (checked by the caller), the
    general way. `_ArmsHand.apply` takes a short way for most plays, which must give the
    same core (tests/properties/test_arms_playout.py compares the two)."""
    tile = move.tile
    k = int(move.end)  # type: ignore[arg-type]
    old = c[_ARMS]
    arms = list(old)
    value, chain, length, _state, needs, origin = old[k]
    lo = tile.low
    hi = tile.high
    nv = hi if lo == value else lo
    length += 1
    closes = k > 1 and ctx.fill is SpinnerFill.ONE_TILE_EACH_SIDE
    state = _ARM_CLOSED if closes else _ARM_OPEN
    arms[k] = (nv, ((value, nv), chain), length, state, needs, origin)
    sides = c[_SIDES]
    if lo == hi and _spins(ctx, arms, False):
        n = len(arms)
        if ctx.all_four:  # SPIN-3, FOOT-2: the arm beyond it and its two sides first
            arms += [(lo, None, 0, _ARM_OPEN, (), (k, length - 1))] * 2
            sides = (*sides, (k, length + 1), (n, 1), (n + 1, 1))
        else:
            arms += [(lo, None, 0, _ARM_WAITING, ((k, length + 1),), (k, length - 1))] * 2
    for j in _woken(arms):
        arm = arms[j]
        arms[j] = (arm[0], arm[1], arm[2], _ARM_OPEN, arm[4], arm[5])
    if sides:
        sides = _sides_left(ctx, c[_LEAD], arms, sides)
    new_arms = tuple(arms)
    count, points, scores = _scored(ctx, c, t, c[_LEAD], new_arms)
    opens = _opens(ctx, new_arms, sides)
    hands = list(c[_HANDS])
    hands[t] ^= 1 << tile.index
    new_hands = tuple(hands)
    return _arms_core(
        ctx, c, t, move, new_hands, new_arms, sides, scores, points, faults, opens, count
    )


def _arms_core(
    ctx: _Ctx,
    c: tuple[Any, ...],
    t: int,
    move: Play,
    hands: tuple[int, ...],
    arms: tuple[Any, ...],
    sides: tuple[tuple[int, int], ...],
    scores: tuple[int, ...],
    points: int,
    faults: Any,
    opens: _Opens,
    count: int,
) -> tuple[Any, ...]:
    """The core after a play (``opens``: the _OPENS slot of its arms and sides, ``count``
    its _COUNT slot): the turn passes on, or the hand ends (a domino, or a position
    nobody can play from, DETECT-1)."""
    nt, result = _ending(ctx, hands, c[_BONE], opens[1], t)
    step = (c[_HIST], t, move, points) if points else (c[_HIST], t, move)
    lead = c[_LEAD] if c[_LEAD] is not None else (move.tile.low, move.tile.high)
    return (
        ctx, step, hands, c[_BONE], 0, arms, count, lead, sides, scores, nt, -1, 0, result, 0, t,
        faults, False, c[_SHOWN], opens,
    )  # fmt: skip


def _partner_holds(ctx: _Ctx, hands: Sequence[int], t: int) -> bool:
    """Whether a partner of seat ``t`` still holds a tile (rule PART-3)."""
    return any(hands[s] for s in ctx.side_of[t])


class _ArmsHand(HandState):
    """The engine of layouts with arms (docs/rules/spinner.md); see the block above."""

    __slots__ = ()

    @property
    def layout(self) -> Layout:
        c = self._core
        if c[_LEAD] is None:
            return Layout(line=(), arms=())
        arms = c[_ARMS]
        listed = []
        for k, (value, chain, _n, state, _needs, origin) in enumerate(arms):
            pairs: list[tuple[int, int]] = []
            node = chain
            while node is not None:
                pairs.append(node[0])
                node = node[1]
            pairs.reverse()
            is_open = state == _ARM_OPEN and (not c[_SIDES] or any(k == x for x, _ in c[_SIDES]))
            listed.append(
                Arm(
                    end=_ENDS[k],
                    tiles=tuple(pairs),
                    value=value,
                    is_open=is_open and c[_RESULT] is None,
                    origin=None if origin is None else (_ENDS[origin[0]], origin[1]),
                )
            )
        left = tuple((b, a) for a, b in reversed(listed[0].tiles))
        line = (*left, c[_LEAD], *listed[1].tiles)
        return Layout(line=line, arms=tuple(listed))

    @property
    def lead(self) -> int | None:
        c = self._core
        return None if c[_LEAD] is None else c[_ARMS][0][2]

    @property
    def play_points(self) -> tuple[int, ...]:
        """The points plays have scored so far in this hand, per seat (in partnership
        both partners show their side's); rules PLAY-1 to PLAY-3."""
        points: tuple[int, ...] = self._core[_POINTS]
        return points

    @property
    def history(self) -> tuple[Step, ...]:
        out = []
        node = self._core[_HIST]
        while node:
            step = _step(node[1], node[2])
            if len(node) > 3:
                _SET_POINTS(step, node[3])
            out.append(step)
            node = node[0]
        out.reverse()
        return tuple(out)

    @property
    def result(self) -> HandResult | None:
        result = HandState.result.fget(self)  # type: ignore[attr-defined]
        if result is None:
            return None
        scores: tuple[int, ...] = self._core[_POINTS]
        if not any(scores):
            return result  # type: ignore[no-any-return]
        points = tuple(a + b for a, b in zip(result.points, scores, strict=True))
        return attrs.evolve(result, points=points, play_points=scores)  # type: ignore[no-any-return]

    def legal_moves(self) -> tuple[Move, ...]:
        c = self._core
        if c[_RESULT] is not None or c[_LEFT] < 0:
            if c[_RESULT] is None and c[_OPEN] == _ANY_TILE:
                return _lead_moves(c[_CTX], c[_HANDS][c[_TURN]])
            return HandState.legal_moves(self)  # the lead is laid as in a line
        ctx: _Ctx = c[_CTX]
        opens = c[_OPENS]
        m = c[_HANDS][c[_TURN]] & opens[1]
        if m:
            # the plays of the tiles of m on the open arms, by tile index, then by arm,
            # from the filled plays of the open-arms entry (a memo of whole hands cost
            # more than it saved, most hands meeting a given set of open arms once)
            plays = opens[4] or _fill_plays(ctx, opens)
            if m & (m - 1):
                moves = ()
                while m:
                    low = m & -m
                    moves += plays[low.bit_length() - 1]
                    m ^= low
            else:
                moves = plays[m.bit_length() - 1]
            if ctx.voluntary and _can_draw(ctx, c):
                return (*moves, DRAW)
            return moves
        # `_can_draw`, inlined
        if ctx.draws and len(c[_BONE]) > ctx.floor and not (ctx.one_draw and c[_DREW]):
            return (DRAW,)
        return (PASS,)

    def apply(self, move: Move | str, *, seat: int | None = None) -> HandState:
        c = self._core
        t = c[_TURN]
        if seat is not None and (seat.__class__ is not int or seat != t):
            self._check_seat(move, seat)
        ctx: _Ctx = c[_CTX]
        cls = move.__class__
        if cls is Play and c[_LEFT] >= 0 and c[_RESULT] is None:
            # the hot path: a Play object laid on an open arm it matches
            tile: Tile = move.tile  # type: ignore[union-attr,assignment]
            i = tile.index
            hand = c[_HANDS][t]
            end = move.end  # type: ignore[union-attr]
            opens = c[_OPENS]
            if hand >> i & 1 and end is not None:
                key = opens[3]
                value = (key >> 5 * end & 31) - 1  # its 5 bits of the key: -1 if not open
                lo = tile.low
                hi = tile.high
                nv = hi if value == lo else lo if value == hi else -1
                if nv >= 0:
                    old = c[_ARMS]
                    n = len(old)
                    spins = lo == hi and ctx.spins_when in (0, n)
                    if ctx.fill is not _LONG_SIDES_FIRST and (
                        c[_SIDES] or (end > 1 and ctx.short_closes) or (spins and ctx.all_four)
                    ):
                        # an arm closes (SPIN-4), SPIN-3 sides are left or begin: the
                        # general way
                        new = _NEW(_ArmsHand)
                        _SET_CORE(new, _arms_play(ctx, c, t, move, c[_FAULTS]))  # type: ignore[arg-type]
                        return new
                    # the short way: the arm shows another value; a double laid there may
                    # spin (SPIN-1: two waiting arms more) and waiting arms may open
                    # (SPIN-2). It must give the core of _arms_play
                    # (tests/properties/test_arms_playout.py)
                    _v, chain, length, state, needs, origin = old[end]
                    arm = (nv, (ctx.pairs[value][nv], chain), length + 1, state, needs, origin)
                    if n == 2 and not spins:
                        new_arms: tuple[Any, ...] = (arm, old[1]) if end == 0 else (old[0], arm)
                        key += (nv - value) << 5 * end
                    elif n == 4 and not spins and len(opens[0]) == 4:
                        # one spinner, all four arms open: the arms built at once (the
                        # commonest play of All Fives; a list and its tuple cost more)
                        a0, a1, a2, a3 = old
                        if end == 0:
                            new_arms = (arm, a1, a2, a3)
                        elif end == 1:
                            new_arms = (a0, arm, a2, a3)
                        elif end == 2:
                            new_arms = (a0, a1, arm, a3)
                        else:
                            new_arms = (a0, a1, a2, arm)
                        key += (nv - value) << 5 * end
                    else:
                        arms = list(old)
                        arms[end] = arm
                        if spins:  # its sides wait for the arm to grow past it
                            side = (lo, None, 0, _ARM_WAITING, ((end, length + 2),), (end, length))
                            arms += (side, side)
                        woken: Sequence[int] = ()
                        if len(opens[0]) < n:  # an arm waits (or is closed)
                            if n == 4:  # one spinner: its sides wait, and open, together
                                sp = arms[2]
                                if sp[3] == _ARM_WAITING:
                                    for x, need in sp[4]:
                                        if arms[x][2] < need:
                                            break
                                    else:
                                        woken = (2, 3)
                            else:
                                woken = _woken(arms)
                        if woken:
                            for j in woken:
                                a = arms[j]
                                arms[j] = (a[0], a[1], a[2], _ARM_OPEN, a[4], a[5])
                            key = 0
                            for j, a in enumerate(arms):
                                if a[3] == _ARM_OPEN:
                                    key |= (a[0] + 1) << 5 * j
                        else:
                            key += (nv - value) << 5 * end
                        new_arms = tuple(arms)
                    found = ctx.arm_tables.get(key)
                    opens = _arm_table(ctx, key) if found is None else found
                    count = c[_COUNT]
                    if count >= 0:  # the end count, kept up to date: only this arm changed
                        w = 2 * nv if lo == hi else nv  # what the arm counts now
                        if length:  # and before, from its outer tile (which shows value)
                            w -= 2 * value if chain[0][0] == value else value
                        elif end < 2:  # an empty long side: its half (a double's both)
                            lead = c[_LEAD]
                            if lead[0] == lead[1]:
                                w -= 2 * value
                                if not old[1 - end][2]:
                                    w += 2 * value  # a double lead counted once until now
                            else:
                                w -= value
                        count += w
                        points = ctx.play_table[count]
                        if points:
                            scores = _credit(ctx, c[_POINTS], t, points)
                            step: tuple[Any, ...] = (c[_HIST], t, move, points)
                        else:
                            scores = c[_POINTS]
                            step = (c[_HIST], t, move)
                    else:
                        count, points, scores = _scored(ctx, c, t, c[_LEAD], new_arms)
                        step = (c[_HIST], t, move, points) if points else (c[_HIST], t, move)
                    hands = c[_HANDS]
                    h = hand ^ 1 << i
                    if len(hands) == 2:
                        new_hands: tuple[int, ...] = (h, hands[1]) if t == 0 else (hands[0], h)
                    elif len(hands) == 4:  # (four seats: the tuple built at once, too)
                        h0, h1, h2, h3 = hands
                        if t < 2:
                            new_hands = (h, h1, h2, h3) if t == 0 else (h0, h, h2, h3)
                        else:
                            new_hands = (h0, h1, h, h3) if t == 2 else (h0, h1, h2, h)
                    else:
                        changed = list(hands)
                        changed[t] = h
                        new_hands = tuple(changed)
                    # `_ending`, inlined (a call costs about 2% of a hand: a
                    # domino, both partners out under PART-3, DETECT-1)
                    result = None
                    nt = ctx.nxt[t]
                    if not h and not (ctx.both_out and _partner_holds(ctx, new_hands, t)):
                        nt = t
                        result = Ending.DOMINO
                    elif ctx.immediate and not (ctx.draws and len(c[_BONE]) > ctx.floor):
                        fits = opens[1]
                        if not any(x & fits for x in new_hands):
                            nt = t
                            result = Ending.BLOCKED
                    new = _NEW(_ArmsHand)
                    _SET_CORE(
                        new,
                        (
                            ctx, step, new_hands, c[_BONE], 0, new_arms, count, c[_LEAD], (),
                            scores, nt, -1, 0, result, 0, t, c[_FAULTS], False, c[_SHOWN], opens,
                        ),
                    )  # fmt: skip
                    return new
        elif cls is Draw and c[_LEFT] >= 0 and c[_RESULT] is None:
            # the hot path of a draw: the seat holds no tile for an open arm and may draw
            # (and the move names no tile, or the next one); as the draw below
            opens = c[_OPENS]
            bone = c[_BONE]
            wanted = move.tile  # type: ignore[union-attr]
            if (
                not c[_HANDS][t] & opens[1]
                and ctx.draws
                and len(bone) > ctx.floor
                and not (ctx.one_draw and c[_DREW])
                and (wanted is None or wanted.index == bone[0])
            ):
                i = bone[0]
                hands = c[_HANDS]
                shown = c[_SHOWN]
                # a forced draw shows the values open (see line), a voluntary one nothing
                seen = 0 if ctx.voluntary else opens[2]
                if len(hands) == 2:  # (two seats: the tuples built at once)
                    if t:
                        new_hands = (hands[0], hands[1] | 1 << i)
                        shown = (shown[0], seen)
                    else:
                        new_hands = (hands[0] | 1 << i, hands[1])
                        shown = (seen, shown[1])
                else:
                    changed = list(hands)
                    changed[t] |= 1 << i
                    new_hands = tuple(changed)
                    if shown[t] != seen:
                        listed = list(shown)
                        listed[t] = seen
                        shown = tuple(listed)
                bone = bone[1:]
                result = None
                if ctx.immediate and len(bone) <= ctx.floor:
                    fits = opens[1]
                    if not any(h & fits for h in new_hands):
                        result = Ending.BLOCKED
                core = (
                    ctx, (c[_HIST], t, ctx.draws_of[i]), new_hands, bone, c[_LEFT], c[_ARMS],
                    c[_OPEN], c[_LEAD], c[_SIDES], c[_POINTS], t, c[_RPROP], c[_RCOUNT], result,
                    c[_DREW] + 1 if ctx.one_draw else 0, c[_LAST], c[_FAULTS], c[_RFALSE], shown,
                    opens,
                )  # fmt: skip
                new = _NEW(_ArmsHand)
                _SET_CORE(new, core)
                return new
        elif cls is Play and c[_RESULT] is None:
            # the lead (c[_LEFT] < 0) the short way: a tile of the hand that the opening
            # rule allows, named without an end (anything else: _problem)
            led: Play = move  # type: ignore[assignment]
            i = led.tile.index
            if led.end is None and c[_HANDS][t] >> i & 1 and c[_OPEN] in (_ANY_TILE, i):
                return _make(_ArmsHand, _arms_lead(ctx, c, t, led, c[_FAULTS]))
        fault = None
        # the short way of a pass: legal when the seat holds no tile for an open arm and
        # may not draw (anything else: _problem)
        if not (
            cls is Pass
            and c[_LEFT] >= 0
            and c[_RESULT] is None
            and not c[_HANDS][t] & c[_OPENS][1]
            and not (ctx.draws and _can_draw(ctx, c))
        ):
            move = self._parsed(move)
            reason = self._problem(move)
            if reason is not None:
                fault = self._fault_kind(move, reason)
                if fault is None:
                    self._refuse(move, reason)
            cls = move.__class__
        faults = c[_FAULTS]
        if fault is not None:
            faults = (*faults, Fault(seat=t, kind=fault, move_number=self.move_count))
        if cls is Play:
            if c[_LEFT] < 0:  # the lead
                return _make(_ArmsHand, _arms_lead(ctx, c, t, move, faults))  # type: ignore[arg-type]
            # a play on an open arm given as a token (a Play object took the hot path)
            return _make(_ArmsHand, _arms_play(ctx, c, t, move, faults))  # type: ignore[arg-type]
        if c[_LEFT] < 0:  # drawing for a double (LEAD-5), as in a line
            return self._apply_slow(move)
        opens = c[_OPENS]
        if cls is Pass:
            core = _passed(c, ctx, t, faults, fault is not None, opens[2])
            return _make(_ArmsHand, (*core, opens))
        # a draw
        changed = list(c[_HANDS])
        bone = c[_BONE]
        i = bone[0]
        changed[t] |= 1 << i
        new_hands = tuple(changed)
        bone = bone[1:]
        result = None
        if fault is not None and ctx.forfeit:
            result = Ending.FORFEIT
        elif ctx.immediate and not (ctx.draws and len(bone) > ctx.floor):
            fits = opens[1]
            if not any(h & fits for h in new_hands):
                result = Ending.BLOCKED
        drew = c[_DREW] + 1 if ctx.one_draw else 0
        shown = c[_SHOWN]
        if ctx.voluntary or fault is not None:  # a draw that shows nothing (see line)
            if shown[t]:
                shown = (*shown[:t], 0, *shown[t + 1 :])
        else:
            shown = (*shown[:t], opens[2], *shown[t + 1 :])
        step = (c[_HIST], t, ctx.draws_of[i])
        core = (ctx, step, new_hands, bone, *c[_LEFT:_TURN], t, c[_RPROP], c[_RCOUNT], result)
        return _make(_ArmsHand, (*core, drew, c[_LAST], faults, c[_RFALSE], shown, opens))

    def _problem(self, move: object) -> IllegalMoveReason | None:
        c = self._core
        cls = move.__class__
        if (
            c[_LEFT] < 0
            or c[_RESULT] is not None
            or (cls is not Play and cls is not Draw and cls is not Pass)
        ):
            return HandState._problem(self, move)
        ctx: _Ctx = c[_CTX]
        hand = c[_HANDS][c[_TURN]]
        opens = c[_OPENS]
        ends = opens[0]
        fits = opens[1]
        playable = hand & fits
        if cls is Play:
            tile: Tile = move.tile  # type: ignore[attr-defined]
            if not hand >> tile.index & 1:
                return IllegalMoveReason.TILE_NOT_IN_HAND
            end = move.end  # type: ignore[attr-defined]
            if end is None:
                return IllegalMoveReason.NO_SUCH_END
            if end >= len(c[_ARMS]):
                return IllegalMoveReason.NO_SUCH_ARM
            for k, v in ends:
                if k == end:
                    if v in (tile.low, tile.high):
                        return None
                    return IllegalMoveReason.DOES_NOT_MATCH
            return IllegalMoveReason.END_NOT_OPEN
        if cls is Draw:
            if not ctx.draws:
                return IllegalMoveReason.CANNOT_DRAW
            if playable and not (ctx.voluntary and _can_draw(ctx, c)):
                return IllegalMoveReason.MUST_PLAY
            return self._draw_problem(move)
        if playable:
            return IllegalMoveReason.MUST_PLAY
        if ctx.draws and _can_draw(ctx, c):
            return IllegalMoveReason.MUST_DRAW
        return None

    def _table(
        self,
    ) -> tuple[tuple[tuple[int, int], ...], int, tuple[Arm, ...], tuple[int, ...]]:
        layout = self.layout
        c = self._core
        lead = 0 if c[_LEAD] is None else c[_ARMS][0][2]
        return layout.line, lead, layout.arms, c[_POINTS]

    def __repr__(self) -> str:
        hands = " ".join("/".join(str(t) for t in h) or "-" for h in self.hands)
        layout = " ".join(
            f"{arm.end.token}:{''.join(f'[{a}|{b}]' for a, b in arm.tiles) or '-'}"
            for arm in self.layout.arms
        )
        return (
            f"<HandState {self.phase.name} turn={self.turn} lead={self._core[_LEAD]} "
            f"arms={layout or '-'} hands={hands} boneyard={len(self._core[_BONE])}>"
        )


# ---------------------------------------------------------------- the muggins claim
# Rules CLAIM-1 to CLAIM-3 (docs/rules/spinner.md). A ruleset whose `Ruleset.claim_rule` is
# not AUTO is played by `_ClaimsHand`, an `_ArmsHand` whose core has one slot more, _CLAIM:
# None, or (_MUST_CLAIM, points) after a play that scored (the same seat is to move, the
# play's points not credited yet, and the hand not ended yet even if the play emptied a
# hand or blocked it: `_ending` decides that once the score is claimed), or
# (_MAY_MUGGINS, points) for the next seat after a score its player overlooked. The
# play's history node carries no points; the claim's, or the muggins', carries them.
_CLAIM: Final = _OPENS + 1
_MUST_CLAIM: Final = 0
_MAY_MUGGINS: Final = 1


def _ending(
    ctx: _Ctx, hands: Sequence[int], bone: Sequence[int], fits: int, t: int
) -> tuple[int, Ending | None]:
    """The seat to move and the ending after seat ``t``'s play in a layout with arms
    (``fits``: the tiles that fit the open arms): a domino (both partners out under
    PART-3), a position nobody can play from (DETECT-1), or the turn passes on.
    `_ArmsHand.apply`'s short way of a play inlines it (a call cost about 2% of an All
    Fives hand under callgrind); both are tested by the PART-3, DETECT-1 and CLAIM-1
    scenarios."""
    if not hands[t] and not (ctx.both_out and _partner_holds(ctx, hands, t)):
        return t, Ending.DOMINO
    stuck = ctx.immediate and not (ctx.draws and len(bone) > ctx.floor)
    if stuck and not any(h & fits for h in hands):
        return t, Ending.BLOCKED
    return ctx.nxt[t], None


def _credit(ctx: _Ctx, scores: tuple[int, ...], t: int, points: int) -> tuple[int, ...]:
    """``scores`` with ``points`` added for seat ``t``'s side (partners show their side's)."""
    changed = list(scores)
    for seat in ctx.side_of[t]:
        changed[seat] += points
    return tuple(changed)


def _claims_core(c: tuple[Any, ...], pending: Any) -> tuple[Any, ...]:
    """An engine core of layouts with arms (``c``, missing the _OPENS slot before the
    lead) with the _CLAIM slot ``pending``; a play that scored is held for its claim."""
    if len(c) <= _OPENS:
        c = (*c, None)
    node = c[_HIST]
    if node is not None and len(node) > 3 and node[2].__class__ is Play:
        # the play scored: nothing credited yet, the same seat claims, the hand goes on
        t = node[1]
        scores = _credit(c[_CTX], c[_POINTS], t, -node[3])
        core = (*c[:_HIST], node[:3], *c[_HANDS:_POINTS], scores, t, *c[_RPROP:_RESULT])
        return (*core, None, *c[_DREW:], (_MUST_CLAIM, node[3]))
    return (*c, pending)


def _claims_from_position(ctx: _Ctx, p: Position) -> HandState:
    """The state of a ruleset whose scores are called (or a position that says one is
    pending, refused under the others) that a position describes."""
    if not ctx.claims:
        raise NotationError(
            "bad position (claim): a pending claim or muggins needs a claim_rule other "
            f"than AUTO, but claim_rule is {ctx.rules.claim_rule.name}",
            text="",
            what="position claim",
        )
    if p.claim and p.muggins:
        raise NotationError(
            "bad position (claim): a claim and a muggins cannot both be pending",
            text="",
            what="position claim",
        )
    if (p.claim or p.muggins) and (p.ending is not None or p.opening is not None):
        raise NotationError(
            "bad position (claim): a claim or a muggins is pending only during play",
            text="",
            what="position claim",
        )
    if p.muggins and not ctx.muggins:
        raise NotationError(
            "bad position (muggins): muggins needs claim_rule MUGGINS, "
            f"but claim_rule is {ctx.rules.claim_rule.name}",
            text="",
            what="position muggins",
        )
    core = _core_from_position(ctx, p)
    if len(core) <= _OPENS:
        core = (*core, None)
    pending = None
    if p.claim:
        pending = (_MUST_CLAIM, p.claim)
    elif p.muggins:
        pending = (_MAY_MUGGINS, p.muggins)
    return _make(_ClaimsHand, (*core, pending))


class _ClaimsHand(_ArmsHand):
    """The engine where scores are called (rules CLAIM-1 to CLAIM-3); see the block above.
    Tile moves are the arms engine's; this adds the claim step and muggins."""

    __slots__ = ()

    @property
    def phase(self) -> Phase:
        if self._pending(_MUST_CLAIM):
            return Phase.CLAIM
        return HandState.phase.fget(self)  # type: ignore[attr-defined,no-any-return]

    @property
    def claim(self) -> int:
        return self._pending(_MUST_CLAIM)

    @property
    def muggins(self) -> int:
        return self._pending(_MAY_MUGGINS)

    def _pending(self, kind: int) -> int:
        """The points waiting for a claim (``_MUST_CLAIM``) or for muggins
        (``_MAY_MUGGINS``) while the hand goes on; else 0 (a pending score is never 0)."""
        pending = self._core[_CLAIM]
        if pending is None or pending[0] != kind or self._core[_RESULT] is not None:
            return 0
        return int(pending[1])

    def legal_moves(self) -> tuple[Move, ...]:
        c = self._core
        pending = c[_CLAIM]
        if pending is None or c[_RESULT] is not None:
            return _ArmsHand.legal_moves(self)
        if pending[0] == _MUST_CLAIM:
            return (Claim(points=pending[1]), _NO_CLAIM)
        return (MUGGINS, *_ArmsHand.legal_moves(self))

    def apply(self, move: Move | str, *, seat: int | None = None) -> HandState:
        c = self._core
        if seat is not None and (seat.__class__ is not int or seat != c[_TURN]):
            self._check_seat(move, seat)
        move = self._parsed(move)
        cls = move.__class__
        pending = c[_CLAIM]
        if cls is Claim or cls is Muggins or (pending is not None and pending[0] == _MUST_CLAIM):
            return self._apply_claim(move)
        new = _ArmsHand.apply(self, move)
        return _make(_ClaimsHand, _claims_core(new._core, None))

    def concede(self, seat: int) -> HandState:
        new = _ArmsHand.concede(self, seat)
        return _make(_ClaimsHand, (*new._core[:_CLAIM], None))

    def _apply_claim(self, move: Any) -> HandState:
        fault = self._fault_or_refuse(move)
        c = self._core
        ctx: _Ctx = c[_CTX]
        t = c[_TURN]
        points = c[_CLAIM][1]
        if move.__class__ is Muggins:  # CLAIM-2: the overlooked points go to the caller
            core = (*c[:_HIST], (c[_HIST], t, MUGGINS, points), *c[_HANDS:_POINTS])
            core += (_credit(ctx, c[_POINTS], t, points), *c[_TURN:_CLAIM], None)
            return _make(_ClaimsHand, core)
        faults = c[_FAULTS]
        scores = c[_POINTS]
        nt, result = _ending(ctx, c[_HANDS], c[_BONE], c[_OPENS][1], t)
        pending = None
        if fault is not None:  # CLAIM-3: nothing credited, the fault penalised
            faults = (*faults, Fault(seat=t, kind=fault, move_number=self.move_count))
            step: tuple[Any, ...] = (c[_HIST], t, move)
            if ctx.forfeit:
                nt, result = t, Ending.FORFEIT
        elif move.points:  # CLAIM-1: the points are credited
            step = (c[_HIST], t, move, points)
            scores = _credit(ctx, scores, t, points)
        else:  # overlooked: under MUGGINS the next seat may take them
            step = (c[_HIST], t, move)
            if ctx.muggins and result is None:
                pending = (_MAY_MUGGINS, points)
        core = (*c[:_HIST], step, *c[_HANDS:_POINTS], scores, nt, c[_RPROP], c[_RCOUNT], result)
        core += (*c[_DREW:_FAULTS], faults, *c[_RFALSE:_CLAIM], pending)
        return _make(_ClaimsHand, core)

    def _problem(self, move: object) -> IllegalMoveReason | None:
        c = self._core
        cls = move.__class__
        pending = c[_CLAIM]
        if cls is Claim or cls is Muggins:
            if c[_RESULT] is not None:
                return IllegalMoveReason.HAND_OVER
            if cls is Muggins:
                if pending is None or pending[0] != _MAY_MUGGINS:
                    return IllegalMoveReason.NO_MUGGINS
                return None
            if pending is None or pending[0] != _MUST_CLAIM:
                return IllegalMoveReason.NO_CLAIM
            if move.points not in (0, pending[1]):  # type: ignore[attr-defined]
                return IllegalMoveReason.WRONG_CLAIM
            return None
        if (
            pending is not None
            and pending[0] == _MUST_CLAIM
            and c[_RESULT] is None
            and (cls is Play or cls is Draw or cls is Pass)
        ):
            return IllegalMoveReason.MUST_CLAIM
        return _ArmsHand._problem(self, move)

    def _fault_kind(self, move: Any, reason: IllegalMoveReason) -> FaultKind | None:
        if reason is IllegalMoveReason.WRONG_CLAIM:
            return FaultKind.FALSE_CLAIM if self._core[_CTX].tolerant else None
        return _ArmsHand._fault_kind(self, move, reason)

    def _observations(self, seats: Iterable[int]) -> list[Observation]:
        out = _ArmsHand._observations(self, seats)
        claim, muggins = self.claim, self.muggins
        if claim or muggins:
            for obs in out:
                _SET_OBS_CLAIM(obs, claim)
                _SET_OBS_MUGGINS(obs, muggins)
        return out

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        theirs: HandState = other
        return bool(HandState.__eq__(self, other) and self._core[_CLAIM] == theirs._core[_CLAIM])

    def __hash__(self) -> int:
        return hash((HandState.__hash__(self), self._core[_CLAIM]))


_NO_CLAIM: Final = Claim(points=0)


# ---------------------------------------------------------------- the sampler's interface
# `dominoes.sampling` builds worlds consistent with an observation; these functions
# are all it reads of a state's insides (public to the package, not part of its API).
# `encoding_view`, after them, is what `dominoes.codec` reads to encode a seat's view of
# a state without building its Observation.


def world_of(obs: Observation, hands: list[list[Tile]], boneyard: list[Tile]) -> HandState:
    """The state with these hands and boneyard and the public facts of ``obs``, built
    and checked through a position (in a train game, from its parts with `train_core`);
    its history is empty.

    Raises:
        NotationError: the tiles do not fit the observation.
    """
    return obs._state_from(hands, boneyard)


def encoding_view(
    state: HandState, seat: int
) -> tuple[int, tuple[tuple[int, int], ...], tuple[int, ...], tuple[int, ...], int, int]:
    """What `dominoes.codec.ObservationEncoder` reads of ``seat``'s observation, without
    building it: the seat's hand as a bitmask over tile indices, the line of play, the
    shown voids as bitmasks over pip values, the hand sizes, the boneyard's size and the
    seat to move (``seat`` is checked by the caller)."""
    c = state._core
    masks = c[_HANDS]
    return (
        masks[seat],
        _line_of(c)[0],
        c[_SHOWN],
        tuple([m.bit_count() for m in masks]),
        len(c[_BONE]),
        c[_TURN],
    )


def arms_encoding_view(
    state: HandState, seat: int
) -> tuple[int, Layout, tuple[int, ...], tuple[int, ...], int, int, tuple[int, ...]]:
    """`encoding_view` of a layout with arms (docs/rules/spinner.md), whose core keeps no
    line: the layout (`HandState.layout`, with its arms) in place of the line, and the
    play points per seat (`HandState.play_points`) last."""
    c = state._core
    masks = c[_HANDS]
    hand: int = masks[seat]
    sizes = tuple([m.bit_count() for m in masks])
    return hand, state.layout, c[_SHOWN], sizes, len(c[_BONE]), c[_TURN], state.play_points


def tiles_of(state: HandState) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The hands of ``state`` as bitmasks over tile indices, and the boneyard's tile
    indices in draw order."""
    c = state._core
    return c[_HANDS], c[_BONE]


def with_tiles(state: HandState, hands: tuple[int, ...], bone: tuple[int, ...]) -> HandState:
    """A state like ``state`` with other hands (bitmasks) and boneyard (tile indices).

    For the sampler: ``state`` is a sampled world built (and checked) from a position,
    and the new hands and boneyard hold the same tiles in another arrangement.
    """
    c = state._core
    return _make(state.__class__, (c[_CTX], c[_HIST], hands, bone, *c[4:]))


def holds_false_pass(state: HandState) -> bool:
    """Whether the open verification round of ``state`` holds a false pass (FAULT-5)."""
    return bool(state._core[_RFALSE])


def open_values(rules: Ruleset, history: Sequence[Step]) -> tuple[int, ...]:
    """Per step of a public ``history`` of a layout with arms (docs/rules/spinner.md), the
    pip values of the arms open before it as a bitmask over pips (0 before the lead):
    what a pass or a forced draw there showed the mover lacks (rules SPIN-2 to SPIN-4
    decide which arms are open). The layout follows from the plays alone, so they are
    laid by the engine's own steps on a table where every seat holds every tile."""
    ctx = _ctx_for(rules)
    everything = (ctx.full,) * ctx.players
    c: tuple[Any, ...] = (ctx, None, everything, (), -1, -1, -1, None, None, ctx.no_shown)
    c += (0, -1, 0, None, 0, -1, (), False, ctx.no_shown)
    out = []
    for step in history:
        move = step.move
        led = c[_LEFT] >= 0
        out.append(c[_OPENS][2] if led else 0)
        if move.__class__ is Play:
            c = (_arms_play if led else _arms_lead)(ctx, c, step.seat, move, ())
    return tuple(out)


def train_shown(rules: Ruleset, history: Sequence[Step], boneyard: int) -> tuple[int, ...]:
    """Per step of a public ``history`` of a train game (docs/rules/trains.md), the tiles
    (a bitmask over tile indices) a pass or a forced draw there showed the mover lacks:
    those it could have laid then (a non-double on a train open to it, a double on a
    train open to a double: TRAIN-3 to TRAIN-5, TRAIN-7); 0 for the other steps and
    before the engine is laid. ``boneyard`` is the boneyard's size after the history.
    The trains follow from the moves alone, so they are laid by the engine's own steps
    on a table where every seat holds every tile."""
    ctx = _ctx_for(rules)
    tr: _TrainRules = ctx.train  # type: ignore[assignment]
    draws = sum(1 for step in history if step.move.__class__ is Draw)
    # (a placeholder boneyard of the right size: tile 0-1, never an engine)
    c = train_core(
        ctx,
        hands=(ctx.full,) * ctx.players,
        bone=(1,) * (boneyard + draws),
        trains=[()] * len(tr.ends),
        turn=rules.opening_seat,
        opening=-1 if tr.set_aside else tr.engine,
    )._core
    doubles = 0
    for i in tr.doubles:
        doubles |= 1 << i
    suit = ctx.suit
    out = []
    for step in history:
        move = step.move
        shown = 0
        if c[_HUB] >= 0 and (move.__class__ is Draw or move.__class__ is Pass):
            single, double = _train_targets(tr, c)
            for k, v in enumerate(c[_VALUES]):
                if single >> k & 1:
                    shown |= suit[v] & ~doubles
                if double >> k & 1:
                    shown |= suit[v] & doubles
        out.append(shown)
        # (the public history's seat moves: the placeholder boneyard finds no engine)
        c = _train_apply((*c[:_TURN], step.seat, *c[_TURN + 1 :]), move)
    return tuple(out)


_TILE_AT: dict[int, tuple[int, int, list[Play | None]]] = {}
"""By a tile's bit (1 << its index): its (low, high) and its plays by arm (`play_on`,
each ``None`` until `_play_at` fills it in), for `_arms_playout` (the tiles of the
largest set it has played)."""
_BIT_AT: dict[int, int] = {}
"""By a bit (1 << n): n, for the tiles and arms of `_arms_playout`."""


def _play_at(low: int, k: int) -> Play:
    """The play of the tile of bit ``low`` on arm ``k``, kept in `_TILE_AT`."""
    play = _TILE_AT[low][2][k] = play_on(_BIT_AT[low], _ENDS[k])
    return play


def _fill_tile_at(ctx: _Ctx) -> None:
    """`_TILE_AT` and `_BIT_AT` for the tiles of the set of ``ctx``, and 64 arms."""
    for i in range(len(_TILE_AT), ctx.size):
        tile = ctx.tiles[i]
        _TILE_AT[1 << i] = (tile.low, tile.high, [None] * len(_ENDS))
    for i in range(len(_BIT_AT), max(ctx.size, len(_ENDS))):
        _BIT_AT[1 << i] = i


def _below(bits: Callable[[int], int], n: int) -> int:
    """``randrange(n)`` of the generator whose ``getrandbits`` is ``bits`` (a
    `plain_getrandbits`), drawn as `random.Random` draws it."""
    kb = n.bit_length()
    r = bits(kb)
    while r >= n:
        r = bits(kb)
    return r


def _arms_gate(waiting: list[int], needs: list[Any], arms: int, one_tile: bool, adjust: int) -> int:
    """For `_arms_playout`, a bitmask over arms of those a play on which needs more than
    the common update: an arm some waiting arm waits on, a short side that closes after
    one tile (SPIN-4), and the long sides while a double lead counts both halves."""
    gate = 3 if adjust else 0
    for j in waiting:
        for x, _need in needs[j]:
            gate |= 1 << x
    if one_tile:
        gate |= (1 << arms) - 4
    return gate


def _roll_of(ctx: _Ctx) -> tuple[Any, ...]:
    """`_Ctx.roll`: what `_arms_playout` reads of the ruleset, in one tuple (a rollout
    from the middle of a hand is short, so its set-up counts): whether its loop plays the
    ruleset at all, then the fields and tables its loop reads."""
    spinner = ctx.spinner
    plays = not (
        ctx.one_draw
        or ctx.voluntary
        or ctx.both_out
        or ctx.claims
        or ctx.all_four  # (SPIN-3 and Chicken Foot's toes, which need a spinner)
        or not ctx.plain_count
    )
    if len(_TILE_AT) < ctx.size:
        _fill_tile_at(ctx)
    return (
        plays,
        ctx.floor,
        ctx.draws,
        ctx.immediate,
        ctx.nxt,
        ctx.players,
        ctx.play_table,
        ctx.side_of,
        ctx.tiles,
        ctx.draws_of,
        ctx.pairs,
        ctx.fill is SpinnerFill.ONE_TILE_EACH_SIDE,
        spinner is SpinnerRule.EVERY_DOUBLE,
        spinner is SpinnerRule.FIRST_DOUBLE,
        spinner is not SpinnerRule.NONE,
        ctx.arm_tables,
    )


def _arms_playout(state: HandState, rng: random.Random) -> HandState:
    """`random_playout` of a layout with arms: a tight loop over lists of the arms'
    fields for drawing until a tile fits or no drawing, any floor, either block
    detection, every spinner rule and fill but SPIN-3 and Chicken Foot's toes (FOOT-1 to
    FOOT-3: they take the general path, as do the counts of COUNT-4 to COUNT-6 and
    Bergen's headers, draw one then pass,
    voluntary drawing, drawing for a double before the lead, an open round that holds a
    false pass, both partners out (PART-3), scores that are called (CLAIM-1), and a
    generator whose ``randrange`` is not `random.Random`'s). The play is drawn as
    ``legal_moves()[randrange(n)]`` would draw it, without building the moves: they
    come by tile index, then by arm, so the loop counts each tile's open arms and walks
    to the chosen one."""
    ctx: _Ctx = state._core[_CTX]
    bits = plain_getrandbits(rng)
    roll = ctx.roll
    if roll is None:
        roll = ctx.roll = _roll_of(ctx)
    (
        plays, floor, draws, immediate, nxt, players, table, side_of, tiles, draws_of, pairs,
        one_tile, every, first, spins, tables,
    ) = roll  # fmt: skip
    if bits is None or not plays:
        return _general_playout(state, rng)
    c = state._core
    while c[_RESULT] is None and (
        c[_RFALSE] or c[_SIDES] or (c[_LEFT] < 0 and c[_OPEN] == _DRAW_FOR_DOUBLE)
    ):  # (rare: the general way, move by move)
        moves = state.legal_moves()
        state = state.apply(moves[rng.randrange(len(moves))])
        c = state._core
    if c[_RESULT] is not None:
        return state
    tile_at = _TILE_AT
    bit_at = _BIT_AT
    hands = list(c[_HANDS])
    bone = c[_BONE]
    left = len(bone)  # boneyard tiles left
    t = c[_TURN]
    prop = c[_RPROP]
    count = c[_RCOUNT]
    last = c[_LAST]
    hist = c[_HIST]
    shown = list(c[_SHOWN])
    scores = list(c[_POINTS])
    result = None
    # the arms, field by field (as in the _ARMS tuples): values, chains, lengths, states,
    # needs, origins; and what each counts now (COUNT-1 to COUNT-3): the end count is
    # ``total``, plus ``adjust`` (both halves of a double lead) in the weights' sum
    values: list[int]
    chains: list[Any]
    lengths: list[int]
    states: list[int]
    needs: list[Any]
    origins: list[Any]
    weights: list[int]
    if c[_LEFT] < 0:  # the lead: the opening tile, or any tile of the leader's hand
        h = hands[t]
        i = c[_OPEN]
        if i >= 0:
            while bits(1):  # (a forced move draws from the generator too)
                pass
        else:
            r = _below(bits, h.bit_count())
            m = h
            while r:
                m &= m - 1
                r -= 1
            i = (m & -m).bit_length() - 1
        move: Any = ctx.plays[i][2]
        tile = tiles[i]
        lo = tile.low
        hi = tile.high
        h ^= 1 << i
        hands[t] = h
        lead = (lo, hi)
        double_lead = lo == hi
        values = [lo, hi]
        chains = [None, None]
        lengths = [0, 0]
        states = [_ARM_OPEN, _ARM_OPEN]
        needs = [(), ()]
        origins = [None, None]
        if double_lead:
            weights = [2 * lo, 2 * lo]
            if spins:  # SPIN-1: a double lead spins
                values += [lo, lo]
                chains += [None, None]
                lengths += [0, 0]
                states += [_ARM_WAITING, _ARM_WAITING]
                needs += [((0, 1), (1, 1))] * 2
                origins += [None, None]
                weights += [0, 0]
        else:
            weights = [lo, hi]
        adjust = 2 * lo if double_lead else 0
        total = 2 * lo if double_lead else lo + hi
        points = table[total]
        if points:
            for seat in side_of[t]:
                scores[seat] += points
            hist = (hist, t, move, points)
        else:
            hist = (hist, t, move)
        last = t
        prop, count = -1, 0
        key = (lo + 1) | (hi + 1) << 5
        fits = (tables.get(key) or _arm_table(ctx, key))[1]
        waiting = [2, 3] if len(values) > 2 else []
        if not h:
            result = Ending.DOMINO
        elif immediate and not (draws and left > floor) and not any(x & fits for x in hands):
            result = Ending.BLOCKED
        if result is None:
            t = nxt[t]
    else:
        lead = c[_LEAD]
        double_lead = lead[0] == lead[1]
        values = []
        chains = []
        lengths = []
        states = []
        needs = []
        origins = []
        weights = []
        waiting = []
        for k, (v, chain, n, st, need, origin) in enumerate(c[_ARMS]):
            values.append(v)
            chains.append(chain)
            lengths.append(n)
            states.append(st)
            needs.append(need)
            origins.append(origin)
            if st == _ARM_WAITING:
                weights.append(0)
                waiting.append(k)
            elif n:
                a, b = chain[0]
                weights.append(2 * b if a == b else b)
            elif k < 2:
                weights.append(2 * v if double_lead else v)
            else:
                weights.append(0)
        adjust = 2 * lead[0] if double_lead and not lengths[0] and not lengths[1] else 0
        total = sum(weights) - adjust
        key = c[_OPENS][3]
    # a play of a double, or on an arm of ``gate`` (`_arms_gate`), takes the full update
    gate = 0
    if one_tile or adjust or waiting:
        gate = _arms_gate(waiting, needs, len(values), one_tile, adjust)
    fits, arms_of, two, more, shows = (tables.get(key) or _arm_table(ctx, key))[6]
    if result is None:
        while True:
            h = hands[t]
            m = h & fits
            if not m:
                if draws and left > floor:  # draw until a tile fits, or the floor
                    while True:
                        while bits(1):  # (a forced move draws from the generator too)
                            pass
                        i = bone[-left]
                        left -= 1
                        hist = (hist, t, draws_of[i])
                        m = 1 << i
                        h |= m
                        if m & fits:
                            break
                        m = 0
                        if left <= floor:
                            break
                    hands[t] = h
                    shown[t] = shows
                    if not m and immediate and not any(x & fits for x in hands):
                        result = Ending.BLOCKED
                        break
                if not m:  # a pass
                    while bits(1):
                        pass
                    hist = (hist, t, PASS)
                    shown[t] |= shows
                    if not count:
                        prop = t
                    count += 1
                    if count == players:
                        result = Ending.BLOCKED
                        break
                    t = nxt[t]
                    continue
            # the play: the r-th of legal_moves(), by tile index, then by arm
            if not m & (m - 1):  # one tile
                low = m
                lo, hi, row = tile_at[m]
                on = arms_of[lo] | arms_of[hi]
                if not on & (on - 1):  # one arm: the only play
                    while bits(1):
                        pass
                    k = bit_at[on]
                else:
                    n = on.bit_count()  # (_below, inline)
                    kb = n.bit_length()
                    r = bits(kb)
                    while r >= n:
                        r = bits(kb)
                    while r:
                        on &= on - 1
                        r -= 1
                    k = bit_at[on & -on]
            else:
                d = m & two
                n = m.bit_count()
                if d:
                    if not m & more:
                        n += d.bit_count()
                    else:  # some fit three arms or more: count each tile's arms
                        n = 0
                        x = m
                        while x:
                            low = x & -x
                            lo, hi, row = tile_at[low]
                            n += (arms_of[lo] | arms_of[hi]).bit_count()
                            x ^= low
                kb = n.bit_length()  # (_below, inline)
                r = bits(kb)
                while r >= n:
                    r = bits(kb)
                if not d:  # tiles that fit one arm each
                    while r:
                        m &= m - 1
                        r -= 1
                    low = m & -m
                    lo, hi, row = tile_at[low]
                    k = bit_at[arms_of[lo] | arms_of[hi]]
                else:  # walk the tiles' plays
                    while True:
                        low = m & -m
                        lo, hi, row = tile_at[low]
                        on = arms_of[lo] | arms_of[hi]
                        n = on.bit_count()
                        if r < n:
                            while r:
                                on &= on - 1
                                r -= 1
                            break
                        r -= n
                        m ^= low
                    k = bit_at[on & -on]
            move = row[k] or _play_at(low, k)
            v = values[k]
            nv = hi if lo == v else lo
            chains[k] = (pairs[v][nv], chains[k])
            lengths[k] += 1
            values[k] = nv
            if lo != hi and not gate >> k & 1:  # the common update
                total += nv - weights[k]
                weights[k] = nv
                key += (nv - v) << 5 * k
            else:
                w = 2 * nv if lo == hi else nv
                total += w - weights[k] + adjust
                weights[k] = w
                renew = adjust  # the double lead's long sides leave the gate
                adjust = 0
                reopen = False
                if k >= 2 and one_tile:  # SPIN-4: a short side takes one tile
                    states[k] = _ARM_CLOSED
                    reopen = True
                if lo == hi and (every or (first and len(values) == 2)):  # a new spinner
                    n = lengths[k]
                    values += [lo, lo]
                    chains += [None, None]
                    lengths += [0, 0]
                    states += [_ARM_WAITING, _ARM_WAITING]
                    needs += [((k, n + 1),)] * 2
                    origins += [(k, n - 1)] * 2
                    weights += [0, 0]
                    waiting += [len(values) - 2, len(values) - 1]
                    renew = 1
                if waiting and gate >> k & 1:
                    for j in waiting:
                        for x, need in needs[j]:
                            if lengths[x] < need:
                                break
                        else:
                            states[j] = _ARM_OPEN
                            reopen = True
                    if reopen:
                        waiting = [j for j in waiting if states[j] == _ARM_WAITING]
                if reopen:
                    key = 0
                    for j, st in enumerate(states):
                        if st == _ARM_OPEN:
                            key |= (values[j] + 1) << 5 * j
                    renew = 1
                else:
                    key += (nv - v) << 5 * k
                if renew:
                    gate = _arms_gate(waiting, needs, len(values), one_tile, adjust)
            try:  # (a plain dict, indexed: faster than a method call)
                fits, arms_of, two, more, shows = tables[key][6]
            except KeyError:
                fits, arms_of, two, more, shows = _arm_table(ctx, key)[6]
            points = table[total]
            if points:
                for seat in side_of[t]:
                    scores[seat] += points
                hist = (hist, t, move, points)
            else:
                hist = (hist, t, move)
            h ^= low
            hands[t] = h
            last = t
            count = 0
            if not h:
                result = Ending.DOMINO
                break
            if immediate and not (draws and left > floor) and not any(x & fits for x in hands):
                result = Ending.BLOCKED
                break
            t = nxt[t]
    if not count:
        prop = -1
    # (the lists grow together, so they are as long; zip's strict keyword would cost
    # some 0.3 us a call, 1% of a rollout)
    arms = tuple(zip(values, chains, lengths, states, needs, origins))  # noqa: B905
    opens = tables.get(key) or _arm_table(ctx, key)
    rest = bone[len(bone) - left :]
    core: tuple[Any, ...] = (
        ctx,
        hist,
        tuple(hands),
        rest,
        0,
        arms,
        total,  # the end count (the loop runs for the plain count only)
        lead,
        (),
        tuple(scores),
        t,
        prop,
        count,
    )
    core += (result, 0, last, c[_FAULTS], False, tuple(shown), opens)
    return _make(_ArmsHand, core)


def _general_playout(state: HandState, rng: random.Random) -> HandState:
    """Finish ``state`` with ``legal_moves()[rng.randrange(...)]``, move by move."""
    randrange = rng.randrange
    while not state.is_over:
        moves = state.legal_moves()
        state = state.apply(moves[randrange(len(moves))])
    return state


def random_playout(state: HandState, rng: random.Random) -> HandState:
    """Finish ``state`` with uniformly random legal moves; the final state.

    The same distribution as repeatedly applying a uniform choice of
    `HandState.legal_moves`, and the same final state (history included), but run
    in a tight loop over the internal representation for the common line rules: no
    drawing or drawing until a tile fits, any boneyard floor, either block
    detection. Other rules (draw one then pass, voluntary drawing, a lead not yet
    laid) take the general path, and so do train games (docs/rules/trains.md). Layouts
    with spinners or scoring on play have a loop of their own (`_arms_playout`).
    """
    ctx: _Ctx = state._core[_CTX]
    if ctx.arms:  # a layout with arms: a loop of its own
        return _arms_playout(state, rng)
    if ctx.train is not None:  # a train game: a loop of its own
        return _train_playout(state, rng)
    randrange = rng.randrange
    # the general path also finishes an open round that holds a false pass (FAULT-5): the
    # loop below makes only legal moves, so it never has to track one
    while not state.is_over and (
        state._core[_LEFT] < 0 or ctx.one_draw or ctx.voluntary or state._core[_RFALSE]
    ):
        moves = state.legal_moves()
        state = state.apply(moves[randrange(len(moves))])
    c = state._core
    if c[_RESULT] is not None:
        return state
    hands = list(c[_HANDS])
    bone = c[_BONE]
    drawn_count = 0
    floor = ctx.floor
    draws = ctx.draws
    immediate = ctx.immediate
    suit = ctx.suit
    memo = ctx.memo
    draws_of = ctx.draws_of
    nxt = ctx.nxt
    players = ctx.players
    left = c[_LEFT]
    right = c[_RIGHT]
    lch = c[_LCHAIN]
    rch = c[_RCHAIN]
    t = c[_TURN]
    prop = c[_RPROP]
    count = c[_RCOUNT]
    last = c[_LAST]
    hist = c[_HIST]
    shown = list(c[_SHOWN])  # what passes and (always forced) draws show, as in apply
    result = None
    while True:
        h = hands[t]
        sl = suit[left]
        sr = suit[right]
        m = h & (sl | sr)
        if m:
            key = (m << 12) | (left << 6) | right
            found = memo.get(key)
            moves = _plays_for(ctx, m, sl, sr, key) if found is None else found
            move: Any = moves[randrange(len(moves))]
            tile = move.tile
            h ^= 1 << tile.index
            hands[t] = h
            if move.end is _LEFT_END:
                nv = tile.high if tile.low == left else tile.low
                lch = ((nv, left), lch)
                left = nv
            else:
                nv = tile.high if tile.low == right else tile.low
                rch = ((right, nv), rch)
                right = nv
            hist = (hist, t, move)
            last = t
            prop, count = -1, 0
            if not h:
                result = Ending.DOMINO
                break
            if immediate and _stuck(ctx, hands, len(bone) - drawn_count, left, right):
                result = Ending.BLOCKED
                break
            t = nxt[t]
        elif draws and len(bone) - drawn_count > floor:
            randrange(1)  # a forced move draws from the generator too, as in the general loop
            i = bone[drawn_count]
            drawn_count += 1
            hands[t] = h | (1 << i)
            hist = (hist, t, draws_of[i])
            shown[t] = (1 << left) | (1 << right)
            if immediate and _stuck(ctx, hands, len(bone) - drawn_count, left, right):
                result = Ending.BLOCKED
                break
        else:
            randrange(1)
            hist = (hist, t, PASS)
            shown[t] |= (1 << left) | (1 << right)
            if prop < 0:
                prop, count = t, 0
            count += 1
            if count == players:
                result = Ending.BLOCKED
                break
            t = nxt[t]
    lead = c[_LEAD]
    core: tuple[Any, ...] = (ctx, hist, tuple(hands), bone[drawn_count:], left, right, -1)
    core += (lead, lch, rch, t)
    core += (prop, count, result, 0, last, c[_FAULTS], False, tuple(shown))
    return _make(HandState, core)


# ----------------------------------------------------------------- train games
# (docs/rules/trains.md: Mexican Train and Private Trains, rules TRAIN-1 to TRAIN-10)
#
# A train game's core keeps the positions of the line core where they mean the same
# (_CTX, _HIST, _HANDS, _BONE, _OPEN, _TURN, _RPROP, _RCOUNT, _RESULT, _DREW, _LAST,
# _FAULTS, _RFALSE, _SHOWN) and holds its own in the others. Trains are numbered k: the
# seats' own (k = seat), then the Mexican train (k = players) if there is one.
_HUB: Final = 4  # the engine's value once the hub is laid, else -1 (as _LEFT)
_FIRSTS: Final = 5  # a bitmask over seats: those that have ended a turn (TRAIN-7)
_VALUES: Final = 8  # per train, the value showing at its end
_MARKS: Final = 9  # a bitmask over trains: those that carry a marker (TRAIN-4)
_DOUBLES: Final = 19  # the open doubles, oldest first: (train, laid in a first-turn run)
_PEND: Final = 20  # what the seat to move owes: _FRESH, _EXTRA or _RUN
_PLACED: Final = 21  # the tiles on the trains, newest first: (train, (a, b), rest, started)
# (``started``: a bitmask over trains of those with a tile; one node per tile placed, so a
# play adds one node; `_train_lines` sorts them by train)

_POW2: Final = TILE_BITS  # ``_POW2[n] == 1 << n``, read from a table (quicker than a shift)
_FRESH: Final = 0  # a turn of its own
_EXTRA: Final = 1  # the play a double earns (TRAIN-5)
_RUN: Final = 2  # a first-turn run on its own train is under way (TRAIN-7)
_OWED: Final = (Owed.TURN, Owed.EXTRA_PLAY, Owed.RUN)  # by _PEND


class _TrainRules:
    """The per-ruleset constants of a train game (`_Ctx.train`)."""

    __slots__ = (
        "after_own",
        "all_seats",
        "any_play",
        "double_tiles",
        "doubles",
        "ends",
        "engine",
        "engine_value",
        "follow",
        "index",
        "layer_only",
        "members",
        "memos",
        "mexican",
        "own",
        "plays",
        "public",
        "run",
        "set_aside",
    )

    def __init__(self, rules: Ruleset, size: int) -> None:
        players = rules.players
        d = rules.engine_double
        self.engine_value = d
        self.engine = tile_index(d, d)
        self.set_aside = rules.engine_source is EngineSource.SET_ASIDE
        self.mexican = players if rules.mexican_train else -1
        self.ends = tuple(End.train(s) for s in range(players)) + (
            (End.MEXICAN,) if rules.mexican_train else ()
        )
        self.index: dict[End | None, int] = {end: k for k, end in enumerate(self.ends)}
        self.after_own = rules.mexican_open_from is MexicanOpen.AFTER_OWN_TRAIN
        self.any_play = rules.marker_removal is MarkerRemoval.ANY_PLAY
        self.follow = rules.double_follow
        self.layer_only = rules.double_duty is DoubleDuty.LAYER_ONLY
        self.run = rules.first_turn_run
        self.all_seats = (1 << players) - 1
        # a bitmask over trains of those always open to a seat besides its own: the
        # Mexican train (where it is open from the first turn)
        self.public = 1 << players if rules.mexican_train else 0
        # per seat, the trains open to it unmarked: its own and the public ones
        self.own = tuple(self.public | 1 << s for s in range(players))
        # the interned plays, by tile index and train
        self.plays = tuple(tuple(play_on(i, end) for end in self.ends) for i in range(size))
        # the indices of the doubles; the trains of a bitmask over trains (filled as met)
        self.doubles = frozenset(tile_index(v, v) for v in range(rules.max_pip + 1))
        self.double_tiles = sum(1 << i for i in self.doubles)
        self.members: dict[int, tuple[int, ...]] = {}
        # per train, the plays of a bitmask of tiles on it (`_train_part`), filled as met
        self.memos: tuple[dict[int, tuple[Move, ...]], ...] = tuple({} for _ in self.ends)


def _train_start(ctx: _Ctx, masks: tuple[int, ...], bone: tuple[int, ...]) -> HandState:
    """`HandState.start` of a train game (TRAIN-1), from a checked deal."""
    tr: _TrainRules = ctx.train  # type: ignore[assignment]
    rules = ctx.rules
    n = len(tr.ends)
    if tr.set_aside:
        hub, opening, turn = tr.engine_value, -1, rules.opening_seat
    else:
        hub = -1
        turn = next((s for s, m in enumerate(masks) if m >> tr.engine & 1), -1)
        if turn >= 0:
            opening = tr.engine
        else:  # (under HOLDER the deal check refused it)
            turn, opening = rules.opening_seat, _DRAW_FOR_DOUBLE
    lead = (tr.engine_value, tr.engine_value) if hub >= 0 else None
    core: tuple[Any, ...] = (
        ctx, None, masks, bone, hub, 0, opening, lead,
        (tr.engine_value,) * n, 0, turn, -1, 0, None, 0, -1, (), False, ctx.no_shown, (),
        _FRESH, None,
    )  # fmt: skip
    if hub >= 0 and ctx.immediate and _train_stuck(ctx, core):  # (DETECT-1 at the start)
        core = (*core[:_RESULT], Ending.BLOCKED, *core[_DREW:])
    return _train_hand(core)


def train_core(
    ctx: _Ctx,
    *,
    hands: Sequence[int],
    bone: Sequence[int],
    trains: Sequence[Sequence[tuple[int, int]]],
    marks: int = 0,
    doubles: Sequence[tuple[int, bool]] = (),
    firsts: int = 0,
    owed: Owed = Owed.TURN,
    turn: int = 0,
    opening: int = -1,
    round_: tuple[int, int] | None = None,
    drew: int = 0,
    last: int = -1,
    ending: Ending | None = None,
    shown: Sequence[int] | None = None,
) -> HandState:
    """The train-game state (`_TrainHand`) with these parts, for the readers that build a
    state from its public facts and hidden tiles (positions, sampled worlds), without a
    history. ``hands`` are bitmasks per seat, ``bone`` tile indices in draw order;
    ``trains`` the oriented pairs of each train outward (``()`` for every train and
    ``opening`` >= 0 or `_DRAW_FOR_DOUBLE` while the engine is still to be laid); ``marks``
    a bitmask over trains; ``doubles`` (train, left by a first-turn run) oldest first;
    ``firsts`` a bitmask over seats. Nothing is checked here: the caller checks."""
    tr: _TrainRules = ctx.train  # type: ignore[assignment]
    laid = opening == -1
    hub = tr.engine_value if laid else -1
    values = []
    placed: Any = None
    started = 0
    for k, pairs in enumerate(trains):
        for a, b in pairs:
            started |= 1 << k
            placed = (k, ctx.pairs[a][b], placed, started)
        values.append(pairs[-1][1] if pairs else tr.engine_value)
    prop, count = round_ if round_ is not None else (-1, 0)
    core = (
        ctx, _POSITION_ROOT, tuple(hands), tuple(bone), hub, firsts, opening,
        (hub, hub) if laid else None, tuple(values), marks, turn, prop, count, ending, drew,
        last, (), False, tuple(shown) if shown is not None else ctx.no_shown,
        tuple(doubles), _OWED.index(owed), placed,
    )  # fmt: skip
    return _train_hand(core)


def _train_turn(c: tuple[Any, ...]) -> TrainTurn:
    """`HandState.train_turn` of the train-game core ``c``."""
    tr: _TrainRules = c[_CTX].train
    firsts = c[_FIRSTS]
    return TrainTurn(
        doubles=tuple((tr.ends[k], dormant) for k, dormant in c[_DOUBLES]),
        firsts=tuple(s for s in range(c[_CTX].players) if firsts >> s & 1),
        owed=_OWED[c[_PEND]],
    )


def _train_from_position(ctx: _Ctx, p: Position) -> HandState:
    """`HandState.from_position` of a train game (rules TRAIN-1 to TRAIN-9): the state
    ``p`` describes, built by `train_core` once every field is checked against the rules
    (the hub, trains that chain from it, markers on seats' trains only, open doubles at
    the ends of trains, what the seat to move owes). The order in which the tiles were
    laid is not written, and is not checked further."""
    tr: _TrainRules = ctx.train  # type: ignore[assignment]
    rules = ctx.rules
    n = ctx.players
    bad = functools.partial(_position_error, p)
    masks, bone, seen = _position_hands(ctx, p, bad)
    for name, given in (
        ("arms", p.arms),
        ("points", p.play_points),
        ("claim", p.claim),
        ("muggins", p.muggins),
    ):
        if given:
            raise bad(name, "a train game has no such field")
    if p.faults or p.false_pass:
        raise bad("faults", "train games are played strictly: nobody commits a fault")
    e = tr.engine_value
    hub = bool(p.line)
    if hub and (p.line != ((e, e),) or p.lead):
        raise bad("line", f"in a train game the line field holds the hub alone, *{e}|{e}")
    if not hub and tr.set_aside:
        raise bad("line", f"the engine is set aside and lies in the hub from the start: *{e}|{e}")
    seen = _position_placed(ctx, p.line, seen, "line", bad)
    if tuple(train.end for train in p.trains) != tr.ends:
        raise bad(
            "trains",
            f"the ruleset's trains are {', '.join(end.token for end in tr.ends)}: "
            "each is listed once, in that order",
        )
    for train in p.trains:
        if train.tiles and not hub:
            raise bad("trains", "no train has tiles before the engine is laid in the hub")
        at = e
        for a, b in train.tiles:
            if a != at:
                raise bad("trains", f"{a}|{b} on train {train.end.token} does not match the {at}")
            at = b
        seen = _position_placed(ctx, train.tiles, seen, "trains", bad)
    _position_seats(ctx, p, seen, "hands, boneyard, hub and trains", bad)
    laid = any(train.tiles for train in p.trains) or (hub and not tr.set_aside)
    if laid != (p.last is not None):
        raise bad(
            "last",
            "it names the seat that laid the last tile"
            if laid
            else "no seat has laid a tile (the hub's engine was set aside)",
        )
    marks = 0
    for end in p.markers:
        k = tr.index.get(end, -1)
        if k < 0 or k == tr.mexican:
            raise bad("markers", f"{end.token} is not a seat's train: only those carry markers")
        marks |= 1 << k
    doubles = []
    for end, run in p.doubles:
        k = tr.index.get(end, -1)
        pairs = p.trains[k].tiles if k >= 0 else ()
        if not pairs or pairs[-1][0] != pairs[-1][1]:
            raise bad("doubles", f"train {end.token} does not end in a double")
        if run and (not tr.run or k == tr.mexican):
            raise bad("doubles", f"no first-turn run lays tiles on train {end.token}")
        doubles.append((k, run))
    for k, train in enumerate(p.trains):
        pairs = train.tiles
        open_ = not tr.layer_only and pairs and pairs[-1][0] == pairs[-1][1]
        if open_ and all(k != other for other, _run in doubles):
            raise bad(
                "doubles",
                f"the double {pairs[-1][0]}|{pairs[-1][1]} that ends train "
                f"{train.end.token} is open (double_duty EVERYONE) and is not listed",
            )
    firsts = 0
    for seat in p.firsts:
        if not 0 <= seat < n:
            raise bad("firsts", f"there is no seat {seat}")
        firsts |= 1 << seat
    playing = p.ending is None
    if p.owed is not Owed.TURN and p.ending is not Ending.CONCEDED:
        # (a hand blocked at once after a double, BlockDetection.IMMEDIATE, keeps it owed)
        if p.ending is Ending.DOMINO or p.last != p.turn:
            raise bad("owed", f"seat {p.turn} has not just laid a tile and owes a turn")
        if p.owed is Owed.RUN and (
            not tr.run or firsts >> p.turn & 1 or not p.trains[p.turn].tiles
        ):
            raise bad("owed", f"seat {p.turn} is not in its first turn's run")
        if p.owed is Owed.EXTRA_PLAY and not doubles:
            raise bad("owed", "an extra play is owed for a double, and no double is open")
        if p.round is not None:
            raise bad("round", f"seat {p.turn} has just laid a tile, which ends every round")
    holder = next((s for s, m in enumerate(masks) if m >> tr.engine & 1), -1)
    if hub:
        if p.opening is not None:
            raise bad("phase", "the hub is laid; the phase is play or over:<ending>")
        opening = -1
    else:
        if p.markers or p.doubles or p.firsts or p.drew or p.round or p.owed is not Owed.TURN:
            raise bad("phase", "nothing but drawing for the engine comes before it is laid")
        if not playing:
            if p.ending is not Ending.CONCEDED or p.opening is not None:
                raise bad("phase", "a hand ends before the engine is laid only conceded")
            opening = tr.engine if holder >= 0 else _DRAW_FOR_DOUBLE
        elif isinstance(p.opening, Tile) and p.opening.index == tr.engine:
            if holder != p.turn:
                raise bad("phase", f"the engine {p.opening} is not in seat {p.turn}'s hand")
            opening = tr.engine
        elif p.opening == "draw" and rules.engine_source is EngineSource.DRAW_UNTIL_FOUND:
            if holder >= 0:
                raise bad("phase", f"lead:draw but seat {holder} holds the engine {e}-{e}")
            if len(bone) <= ctx.floor:
                raise bad("phase", "lead:draw but the seat to move cannot draw")
            opening = _DRAW_FOR_DOUBLE
        else:
            raise bad(
                "phase",
                f"before the engine is laid the phase is lead:{e}-{e} (its holder lays it)"
                + (" or lead:draw" if rules.engine_source is EngineSource.DRAW_UNTIL_FOUND else ""),
            )
    round_ = _position_counts(ctx, p, masks, bad)
    return train_core(
        ctx,
        hands=masks,
        bone=bone,
        trains=[train.tiles for train in p.trains],
        marks=marks,
        doubles=doubles,
        firsts=firsts,
        owed=p.owed,
        turn=p.turn,
        opening=opening,
        round_=round_ if p.round is not None else None,
        drew=p.drew,
        last=-1 if p.last is None else p.last,
        ending=p.ending,
    )


def _train_lines(c: tuple[Any, ...]) -> list[list[tuple[int, int]]]:
    """Per train, the oriented pairs of its tiles outward from the hub."""
    lines: list[list[tuple[int, int]]] = [[] for _ in c[_VALUES]]
    node = c[_PLACED]
    while node is not None:
        lines[node[0]].append(node[1])
        node = node[2]
    for pairs in lines:
        pairs.reverse()
    return lines


def _train_started(c: tuple[Any, ...]) -> int:
    """A bitmask over trains of those with a tile."""
    placed = c[_PLACED]
    return placed[3] if placed is not None else 0


def _train_access(tr: _TrainRules, c: tuple[Any, ...], t: int) -> int:
    """A bitmask over trains of those seat ``t`` may play on, gates aside (TRAIN-3,
    TRAIN-4): its own, the Mexican, the marked ones."""
    marks: int = c[_MARKS]
    if tr.after_own and not _train_started(c) >> t & 1:
        return (marks | 1 << t) & ~tr.public
    return marks | tr.own[t]


def _train_gate(tr: _TrainRules, c: tuple[Any, ...]) -> int:
    """The train of the oldest open double in force (TRAIN-5, TRAIN-7), or -1."""
    doubles = c[_DOUBLES]
    if not tr.run or c[_FIRSTS] == tr.all_seats:  # every open double is in force
        return doubles[0][0] if doubles else -1
    k: int
    for k, dormant in doubles:
        if not dormant:
            return k
    return -1


def _train_targets(tr: _TrainRules, c: tuple[Any, ...]) -> tuple[int, int]:
    """Bitmasks over trains of those the seat to move may lay a non-double on, and a
    double on."""
    t = c[_TURN]
    pend = c[_PEND]
    if pend == _RUN:
        return 1 << t, 1 << t
    if c[_DOUBLES]:
        g = _train_gate(tr, c)
        if g >= 0:
            if pend == _EXTRA:
                if tr.follow is DoubleFollow.ANYWHERE:
                    open_ = _train_access(tr, c, t)
                    return open_, open_
                if tr.follow is DoubleFollow.MULTI_DOUBLES:
                    return 1 << g, _train_access(tr, c, t)
            b = _POW2[g]
            return b, b
    open_ = _train_access(tr, c, t)
    return open_, open_


_TRAIN_LAST: list[tuple[Any, ...]] = [((), (), ())]
"""The core `_train_plays` read last, its plays and the trains the seat to move may lay
any tile on (their numbers, for `_train_open_values`), as one triple (replaced whole):
``apply`` of a move just listed by ``legal_moves`` finds them without a second search."""


def _train_plays(ctx: _Ctx, c: tuple[Any, ...]) -> tuple[Move, ...]:
    """The legal plays of the seat to move, by train (the seats' own in seat order, then
    the Mexican train), then by tile index."""
    last = _TRAIN_LAST[0]
    if last[0] is c:
        return last[1]  # type: ignore[no-any-return]
    return _train_list(ctx, c)


def _train_list(ctx: _Ctx, c: tuple[Any, ...]) -> tuple[Move, ...]:
    """`_train_plays` found afresh (``legal_moves`` of a new state: it was not listed)."""
    tr: _TrainRules = ctx.train  # type: ignore[assignment]
    t = c[_TURN]
    if c[_DOUBLES] or c[_PEND]:
        single, double = _train_targets(tr, c)
        if single != double:
            return _train_list_apart(ctx, c, single, double)
    elif tr.after_own:
        single = _train_access(tr, c, t)
    else:
        single = c[_MARKS] | tr.own[t]
    ks = tr.members.get(single)
    if ks is None:
        ks = _train_members(tr, single)
    values = c[_VALUES]
    suit = ctx.suit
    hand = c[_HANDS][t]
    memos = tr.memos
    moves: tuple[Move, ...] = ()
    for k in ks:
        m = hand & suit[values[k]]
        if m:
            part = memos[k].get(m)
            if part is None:
                part = _train_part(tr, k, m)
            moves = moves + part if moves else part
    _TRAIN_LAST[0] = (c, moves, ks)
    return moves


def _train_list_apart(ctx: _Ctx, c: tuple[Any, ...], single: int, double: int) -> tuple[Move, ...]:
    """`_train_list` in the extra play of `DoubleFollow.MULTI_DOUBLES`, where a double may
    go on the trains ``double`` and a non-double on the trains ``single`` only."""
    tr: _TrainRules = ctx.train  # type: ignore[assignment]
    both = single | double
    values = c[_VALUES]
    suit = ctx.suit
    hand = c[_HANDS][c[_TURN]]
    moves: tuple[Move, ...] = ()
    for k in tr.members.get(both) or _train_members(tr, both):
        m = hand & suit[values[k]]
        if not single >> k & 1:
            m &= tr.double_tiles
        elif not double >> k & 1:
            m &= ~tr.double_tiles
        if m:
            part = tr.memos[k].get(m) or _train_part(tr, k, m)
            moves = moves + part if moves else part
    _TRAIN_LAST[0] = (c, moves, tr.members.get(single) or _train_members(tr, single))
    return moves


def _train_members(tr: _TrainRules, mask: int) -> tuple[int, ...]:
    """The numbers of the trains of ``mask`` (a bitmask over trains), memoised in
    ``tr.members``."""
    ks = tr.members[mask] = tuple(k for k in range(mask.bit_length()) if mask >> k & 1)
    return ks


def _train_part(tr: _TrainRules, k: int, m: int) -> tuple[Move, ...]:
    """The plays of the tiles ``m`` (a bitmask) on train ``k``, by tile index, memoised in
    ``tr.memos``."""
    plays = tr.plays
    part = []
    rest = m
    while rest:  # (from the highest bit down: no negation of a long bitmask)
        i = rest.bit_length() - 1
        part.append(plays[i][k])
        rest ^= _POW2[i]
    part.reverse()
    memo = tr.memos[k]
    if len(memo) >= _MEMO_LIMIT:
        memo.clear()
    found = memo[m] = tuple(part)
    return found


def _train_open_values(ctx: _Ctx, c: tuple[Any, ...]) -> int:
    """What the seat to move shows it lacks when it cannot play: the values of the
    trains it may lay any tile on now, as a bitmask over pip values (-1 when it can play).
    (In the extra play of `DoubleFollow.MULTI_DOUBLES` a double may go on trains a
    non-double may not: not holding that double shows no value absent, so those trains
    are left out.)"""
    last = _TRAIN_LAST[0]
    if last[0] is not c:
        _train_list(ctx, c)
        last = _TRAIN_LAST[0]
    if last[1]:
        return -1
    values = c[_VALUES]
    seen = 0
    for k in last[2]:
        seen |= _POW2[values[k]]
    return seen


def _train_stuck(ctx: _Ctx, c: tuple[Any, ...]) -> bool:
    """Rule TRAIN-9 with `BlockDetection.IMMEDIATE`: nobody can draw, and no seat holds a
    tile that fits a train it could use were every train marked (or, while an open
    double in force holds everyone up, that fits it)."""
    if ctx.draws and len(c[_BONE]) > ctx.floor:
        return False
    tr: _TrainRules = ctx.train  # type: ignore[assignment]
    values = c[_VALUES]
    suit = ctx.suit
    g = _train_gate(tr, c) if c[_DOUBLES] else -1
    if g >= 0 and not tr.layer_only:
        ends = suit[values[g]]
        return not any(h & ends for h in c[_HANDS])
    ends = 0
    for k, v in enumerate(values):
        if k != tr.mexican or not tr.after_own:
            ends |= suit[v]
    if not any(h & ends for h in c[_HANDS]):
        # (MexicanOpen.AFTER_OWN_TRAIN: the Mexican train, for the seats whose train is
        # started; a seat stuck now never starts it)
        mexican = suit[values[tr.mexican]] if tr.after_own and tr.mexican >= 0 else 0
        started = _train_started(c)
        return not any(h & mexican for s, h in enumerate(c[_HANDS]) if started >> s & 1)
    return False


class _TrainHand(HandState):
    """A hand of a train game (docs/rules/trains.md): the hub, a train per seat and the
    Mexican train, markers, open doubles and turns of several plays. A hand in play with
    its engine laid; one that has ended is a `_TrainOver`, one whose engine is still to be
    laid a `_TrainEngine` (`_train_hand` picks), so that ``is_over`` is a class attribute,
    read without a call, and the moves of the common case are found without asking."""

    __slots__ = ()
    is_over = False

    @property
    def layout(self) -> Layout:
        c = self._core
        if c[_HUB] < 0:
            return Layout(line=())
        tr: _TrainRules = c[_CTX].train
        marks = c[_MARKS]
        trains = []
        for k, pairs in enumerate(_train_lines(c)):
            owner = None if k == tr.mexican else k
            trains.append(
                Train(
                    end=tr.ends[k],
                    owner=owner,
                    tiles=tuple(pairs),
                    value=c[_VALUES][k],
                    marked=bool(marks >> k & 1),
                )
            )
        hub = c[_HUB]
        return Layout(line=(), hub=Tile(hub, hub), trains=tuple(trains))

    @property
    def lead(self) -> int | None:
        return None

    @property
    def open_doubles(self) -> tuple[End, ...]:
        tr: _TrainRules = self._core[_CTX].train
        return tuple(tr.ends[k] for k, _dormant in self._core[_DOUBLES])

    @property
    def markers(self) -> tuple[int, ...]:
        marks = self._core[_MARKS]
        return tuple(s for s in range(self._core[_CTX].players) if marks >> s & 1)

    @property
    def train_turn(self) -> TrainTurn | None:
        return _train_turn(self._core)

    def legal_moves(self) -> tuple[Move, ...]:
        # (the engine laid, the hand in play: `_TrainEngine` and `_TrainOver` have their own)
        c = self._core
        ctx: _Ctx = c[_CTX]
        plays = _train_list(ctx, c)
        if c[_PEND] == _RUN:
            return (*plays, STOP)
        if plays:
            return plays
        if ctx.draws and len(c[_BONE]) > ctx.floor and not (ctx.one_draw and c[_DREW]):
            return (DRAW,)  # (`_can_draw`, inline)
        return (PASS,)

    def apply(self, move: Move | str, *, seat: int | None = None) -> HandState:
        # (the engine laid, the hand in play: `_TrainEngine` and `_TrainOver` have their own)
        c = self._core
        t = c[_TURN]
        if seat is not None and (seat.__class__ is not int or seat != t):
            self._check_seat(move, seat)
        if move.__class__ is Play:
            # the short way of a play: a play known legal, here on a train open to the
            # mover with no double pending, or as one of the plays just listed
            tr: _TrainRules = c[_CTX].train
            k = tr.index.get(move.end)
            if k is not None:
                tile = move.tile
                i = tile.index
                lo = tile.low
                hi = tile.high
                if (
                    not c[_DOUBLES]
                    and not c[_PEND]
                    and not tr.after_own
                    and c[_HANDS][t] & TILE_BITS[i]
                    and (k == t or k == tr.mexican or c[_MARKS] & _POW2[k])  # noqa: PLR1714 (no tuple)
                    and c[_VALUES][k] in (lo, hi)
                ) or _train_listed(c, move):
                    core = _train_play(c, move, k, i, lo, hi)
                    new = (_TrainHand if core[_RESULT] is None else _TrainOver)()
                    _SET_CORE(new, core)
                    return new
        elif move is DRAW:
            # the short way of a forced draw: no play (a double's extra play included),
            # the turn's draw still open
            ctx = c[_CTX]
            bone = c[_BONE]
            if (
                c[_PEND] != _RUN
                and not c[_DREW]
                and ctx.draws
                and len(bone) > ctx.floor
                and (seen := _train_open_values(ctx, c)) >= 0
            ):
                i = bone[0]
                held = list(c[_HANDS])
                held[t] |= TILE_BITS[i]
                shown = list(c[_SHOWN])
                shown[t] = seen
                core = (
                    ctx, (c[_HIST], t, ctx.draws_of[i]), tuple(held), bone[1:], c[_HUB],
                    c[_FIRSTS], -1, c[_LEAD], c[_VALUES], c[_MARKS], t, -1, 0, None, 1, c[_LAST],
                    (), False, tuple(shown), c[_DOUBLES], c[_PEND], c[_PLACED],
                )  # fmt: skip
                if ctx.immediate and _train_stuck(ctx, core):
                    return _train_hand((*core[:_RESULT], Ending.BLOCKED, *core[_DREW:]))
                new = _TrainHand()  # (a call: cheaper than object.__new__)
                _SET_CORE(new, core)
                return new
        elif move is PASS:
            # the short way of a forced pass: no play, no draw; a marker (TRAIN-4)
            ctx = c[_CTX]
            tr = ctx.train
            bone = c[_BONE]
            stock = not ctx.draws or len(bone) <= ctx.floor
            if (
                c[_PEND] != _RUN
                and (stock or c[_DREW])
                and not (tr.layer_only and c[_DOUBLES])
                and (seen := _train_open_values(ctx, c)) >= 0
            ):
                bit = _POW2[t]
                marks = c[_MARKS]
                shown = list(c[_SHOWN])
                shown[t] |= seen
                prop = c[_RPROP]
                count = c[_RCOUNT]
                result = None
                nt = ctx.nxt[t]
                if stock:  # TRAIN-9: the round (a new marker starts it again)
                    if not marks & bit or prop < 0:
                        prop, count = t, 0
                    count += 1
                    if count == ctx.players:
                        result = Ending.BLOCKED
                        nt = t
                core = (
                    ctx, (c[_HIST], t, PASS), c[_HANDS], bone, c[_HUB], c[_FIRSTS] | bit,
                    -1, c[_LEAD], c[_VALUES], marks | bit, nt, prop, count, result, 0,
                    c[_LAST], (), False, tuple(shown), c[_DOUBLES], _FRESH, c[_PLACED],
                )  # fmt: skip
                if result is None and ctx.immediate and _train_stuck(ctx, core):
                    return _train_hand(
                        (*core[:_TURN], t, prop, count, Ending.BLOCKED, *core[_DREW:])
                    )
                new = (_TrainHand if result is None else _TrainOver)()
                _SET_CORE(new, core)
                return new
        return self._apply_general(move, None)

    def _apply_general(self, move: Move | str, seat: int | None) -> HandState:
        """`apply` the general way: the seat and the move checked, then `_train_apply`."""
        if seat is not None and (seat.__class__ is not int or seat != self._core[_TURN]):
            self._check_seat(move, seat)
        move = self._parsed(move)
        reason = self._problem(move)
        if reason is not None:
            self._refuse(move, reason)
        return _train_hand(_train_apply(self._core, move))

    def concede(self, seat: int) -> HandState:
        c = self._core
        if type(seat) is not int or not 0 <= seat < c[_CTX].players:
            self._refuse("concede", IllegalMoveReason.NO_SUCH_SEAT, seat)
        if c[_RESULT] is not None:
            self._refuse("concede", IllegalMoveReason.HAND_OVER, seat)
        core = (*c[:_OPEN], -1 if c[_HUB] >= 0 else c[_OPEN], *c[_OPEN + 1 : _TURN])
        core += (seat, -1, 0, Ending.CONCEDED, *c[_DREW:])
        return _train_hand(core)

    def _problem(self, move: object) -> IllegalMoveReason | None:
        c = self._core
        cls = move.__class__
        if cls is not Play and cls is not Draw and cls is not Pass and cls is not Stop:
            return IllegalMoveReason.NOT_A_MOVE
        if c[_RESULT] is not None:
            return IllegalMoveReason.HAND_OVER
        ctx: _Ctx = c[_CTX]
        tr: _TrainRules = ctx.train  # type: ignore[assignment]
        hand = c[_HANDS][c[_TURN]]
        if c[_HUB] < 0:  # the engine is still to be laid
            if c[_OPEN] == _DRAW_FOR_DOUBLE:
                return self._draw_problem(move) if cls is Draw else IllegalMoveReason.MUST_DRAW
            if cls is not Play or move.end is not None:  # type: ignore[attr-defined]
                return IllegalMoveReason.MUST_LEAD
            i = move.tile.index  # type: ignore[attr-defined]
            if not hand >> i & 1:
                return IllegalMoveReason.TILE_NOT_IN_HAND
            return None if i == c[_OPEN] else IllegalMoveReason.WRONG_LEAD
        if cls is Play:
            tile: Tile = move.tile  # type: ignore[attr-defined]
            if not hand >> tile.index & 1:
                return IllegalMoveReason.TILE_NOT_IN_HAND
            end = move.end  # type: ignore[attr-defined]
            if end is None:
                return IllegalMoveReason.NO_SUCH_END
            k = tr.index.get(end)
            if k is None:
                return IllegalMoveReason.NO_SUCH_ARM
            single, double = _train_targets(tr, c)
            if not (double if tile.low == tile.high else single) >> k & 1:
                if _train_access(tr, c, c[_TURN]) >> k & 1 or c[_PEND] == _RUN:
                    return IllegalMoveReason.MUST_SATISFY
                return IllegalMoveReason.TRAIN_NOT_OPEN
            if c[_VALUES][k] not in (tile.low, tile.high):
                return IllegalMoveReason.DOES_NOT_MATCH
            return None
        if cls is Stop:
            return None if c[_PEND] == _RUN else IllegalMoveReason.CANNOT_STOP
        if c[_PEND] == _RUN or _train_plays(ctx, c):
            return IllegalMoveReason.MUST_PLAY
        if cls is Draw:
            if not ctx.draws:
                return IllegalMoveReason.CANNOT_DRAW
            return self._draw_problem(move)
        if ctx.draws and _can_draw(ctx, c):
            return IllegalMoveReason.MUST_DRAW
        return None

    def _fault_kind(self, move: Any, reason: IllegalMoveReason) -> FaultKind | None:
        return None  # train games are played strictly (faults must be STRICT)

    def _written(
        self, hands: tuple[tuple[Tile, ...] | int, ...], boneyard: tuple[Tile, ...] | int
    ) -> Position:
        c = self._core
        tr: _TrainRules = c[_CTX].train
        hub = c[_HUB]
        turn = _train_turn(c)
        return attrs.evolve(
            super()._written(hands, boneyard),
            line=((hub, hub),) if hub >= 0 else (),
            trains=tuple(
                PositionTrain(end=train.end, tiles=train.tiles) for train in self.layout.trains
            )
            if hub >= 0
            else tuple(PositionTrain(end=end) for end in tr.ends),
            markers=tuple(tr.ends[k] for k in range(len(tr.ends)) if c[_MARKS] >> k & 1),
            doubles=turn.doubles,
            firsts=turn.firsts,
            owed=turn.owed,
        )

    def _observations(self, seats: Iterable[int]) -> list[Observation]:
        out = super()._observations(seats)
        layout = self.layout
        turn = self.train_turn
        for obs in out:
            _SET_OBS_HUB(obs, layout.hub)
            _SET_OBS_TRAINS(obs, layout.trains)
            _SET_OBS_TRAIN_TURN(obs, turn)
        return out

    def _table(
        self,
    ) -> tuple[tuple[tuple[int, int], ...], int, tuple[Arm, ...], tuple[int, ...]]:
        return (), 0, (), self._core[_CTX].no_shown

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        a = self._core
        b: tuple[Any, ...] = other._core
        return bool(
            a[_CTX].rules == b[_CTX].rules
            and a[_HANDS:_SHOWN] == b[_HANDS:_SHOWN]
            and a[_DOUBLES:_PLACED] == b[_DOUBLES:_PLACED]
            and _train_lines(a) == _train_lines(b)
        )

    def __hash__(self) -> int:
        c = self._core
        lines = tuple(tuple(pairs) for pairs in _train_lines(c))
        return hash((c[_CTX].rules, c[_HANDS:_SHOWN], c[_DOUBLES:_PLACED], lines))


class _TrainEngine(_TrainHand):
    """A hand of a train game whose engine is still to be laid (``_core[_HUB]`` < 0:
    `EngineSource.HOLDER`, `EngineSource.DRAW_UNTIL_FOUND`)."""

    __slots__ = ()

    def legal_moves(self) -> tuple[Move, ...]:
        c = self._core
        opening = c[_OPEN]
        return (c[_CTX].plays[opening][2],) if opening >= 0 else (DRAW,)

    def apply(self, move: Move | str, *, seat: int | None = None) -> HandState:
        return self._apply_general(move, seat)


class _TrainOver(_TrainHand):
    """A hand of a train game that has ended (``_core[_RESULT]`` is set)."""

    __slots__ = ()
    is_over = True

    def legal_moves(self) -> tuple[Move, ...]:
        return ()

    def apply(self, move: Move | str, *, seat: int | None = None) -> HandState:
        return self._apply_general(move, seat)  # (refused: the hand is over)


def _train_hand(core: tuple[Any, ...]) -> HandState:
    """The train-game state of ``core``: a `_TrainOver` once its hand has ended, a
    `_TrainEngine` while its engine is to be laid, else a `_TrainHand`."""
    if core[_RESULT] is not None:
        return _make(_TrainOver, core)
    return _make(_TrainHand if core[_HUB] >= 0 else _TrainEngine, core)


def _train_listed(c: tuple[Any, ...], move: Any) -> bool:
    """Whether ``move`` is one of the plays `_train_plays` listed last, for the core ``c``."""
    last = _TRAIN_LAST[0]
    if last[0] is c:
        for listed in last[1]:
            if listed is move:
                return True
    return False


def _train_play(
    c: tuple[Any, ...], move: Play, k: int, i: int, lo: int, hi: int
) -> tuple[Any, ...]:
    """The core after the legal ``move``, tile ``i`` (halves ``lo``, ``hi``) on train ``k``
    (TRAIN-4 to TRAIN-7)."""
    ctx: _Ctx = c[_CTX]
    tr: _TrainRules = ctx.train  # type: ignore[assignment]
    t = c[_TURN]
    bit = _POW2[t]
    values = list(c[_VALUES])
    v = values[k]
    nv = hi if lo == v else lo
    values[k] = nv
    placed = c[_PLACED]
    placed = (k, ctx.pairs[v][nv], placed, (placed[3] if placed else 0) | _POW2[k])
    hands = list(c[_HANDS])
    hand = hands[t] ^ TILE_BITS[i]
    hands[t] = hand
    doubles = c[_DOUBLES]
    pend = c[_PEND]
    firsts = c[_FIRSTS]
    marks = c[_MARKS]
    if marks & bit and (k == t or tr.any_play):
        marks ^= bit
    result = None
    if not (doubles or pend or lo == hi or not hand or (tr.run and k == t and not firsts & bit)):
        # a plain play (no double open or laid, no run, no more owed): the turn passes
        firsts |= bit
        nt = ctx.nxt[t]
    else:
        if doubles:  # the double on k, if any, is satisfied
            doubles = tuple([x for x in doubles if x[0] != k])
        run = pend == _RUN or (tr.run and not pend and k == t and not firsts & bit)
        if lo == hi:
            doubles = (*doubles, (k, run))
        nt = t
        if not hand:
            result = Ending.DOMINO  # TRAIN-6: out on a double too
            pend = _FRESH
        elif run or lo == hi:
            pend = _RUN if run else _EXTRA  # (the seat keeps the turn)
        else:
            pend = _FRESH
            firsts |= bit
            nt = ctx.nxt[t]
    core = (
        ctx, (c[_HIST], t, move), tuple(hands), c[_BONE], c[_HUB], firsts, -1, c[_LEAD],
        tuple(values), marks, nt, -1, 0, result, 0, t, (), False, c[_SHOWN], doubles, pend,
        placed,
    )  # fmt: skip
    if result is None and ctx.immediate and _train_stuck(ctx, core):
        core = (*core[:_TURN], t, -1, 0, Ending.BLOCKED, *core[_DREW:])
    return core


def _train_apply(c: tuple[Any, ...], move: Any) -> tuple[Any, ...]:
    """The core after the legal ``move`` (rules TRAIN-1 to TRAIN-9)."""
    ctx: _Ctx = c[_CTX]
    tr: _TrainRules = ctx.train  # type: ignore[assignment]
    t = c[_TURN]
    hands = c[_HANDS]
    bone = c[_BONE]
    hist = c[_HIST]
    cls = move.__class__
    firsts = c[_FIRSTS]
    marks = c[_MARKS]
    doubles = c[_DOUBLES]
    values = c[_VALUES]
    placed = c[_PLACED]
    shown = c[_SHOWN]
    prop = c[_RPROP]
    count = c[_RCOUNT]
    nxt = ctx.nxt
    if c[_HUB] < 0:  # laying the engine, or drawing for it (TRAIN-1)
        if cls is Play:  # (laying it is the holder's turn: TRAIN-1, TRAIN-7)
            new_hands = (*hands[:t], hands[t] ^ (1 << tr.engine), *hands[t + 1 :])
            v = tr.engine_value
            core: tuple[Any, ...] = (ctx, (hist, t, move), new_hands, bone, v, firsts | 1 << t)
            core += (-1, (v, v), values, marks, nxt[t], -1, 0, None, 0, t, (), False, shown)
            core += (doubles, _FRESH, placed)
            if ctx.immediate and _train_stuck(ctx, core):
                core = (*core[:_TURN], t, -1, 0, Ending.BLOCKED, *core[_DREW:])
            return core
        i = bone[0]
        new_hands = (*hands[:t], hands[t] | (1 << i), *hands[t + 1 :])
        found = i == tr.engine
        core = (ctx, (hist, t, ctx.draws_of[i]), new_hands, bone[1:], -1, firsts)
        core += (i if found else c[_OPEN], None, values, marks, t if found else nxt[t], -1, 0)
        return (*core, None, 0, -1, (), False, shown, doubles, _FRESH, placed)
    pend = c[_PEND]
    result = None
    drew = c[_DREW]
    last = c[_LAST]
    bit = 1 << t
    nt = t
    if cls is Play:
        tile: Tile = move.tile
        return _train_play(c, move, tr.index[move.end], tile.index, tile.low, tile.high)
    if cls is Stop:
        hist = (hist, t, move)
        pend = _FRESH
        firsts |= bit
        nt = nxt[t]
    elif cls is Draw:
        i = bone[0]
        seen = _train_open_values(ctx, c)
        hands = (*hands[:t], hands[t] | (1 << i), *hands[t + 1 :])
        bone = bone[1:]
        shown = (*shown[:t], seen, *shown[t + 1 :])
        hist = (hist, t, ctx.draws_of[i])
        drew = 1
        prop, count = -1, 0
    else:  # a pass: a marker on its own train (TRAIN-4), the duty passes on (TRAIN-5)
        seen = _train_open_values(ctx, c)
        if shown[t] | seen != shown[t]:
            shown = (*shown[:t], shown[t] | seen, *shown[t + 1 :])
        renewed = not marks & bit
        marks |= bit
        lifted = False
        if tr.layer_only and doubles:
            g = _train_gate(tr, c)
            if g >= 0:  # the seat that faced it could not satisfy it: it is lifted
                doubles = tuple([x for x in doubles if x[0] != g])
                lifted = True
        hist = (hist, t, PASS)
        if not ctx.draws or len(bone) <= ctx.floor:  # TRAIN-9: the round
            if lifted:  # (it faced the double alone: every seat confirms again)
                prop, count = -1, 0
            else:
                if renewed or prop < 0:
                    prop, count = t, 0
                count += 1
                if count == ctx.players:
                    result = Ending.BLOCKED
        pend = _FRESH
        drew = 0
        firsts |= bit
        if result is None:
            nt = nxt[t]
    core = (ctx, hist, hands, bone, c[_HUB], firsts, -1, c[_LEAD], values, marks, nt)
    core += (prop, count, result, drew, last, (), False, shown, doubles, pend, placed)
    if result is None and ctx.immediate and _train_stuck(ctx, core):
        core = (*core[:_TURN], t, prop, count, Ending.BLOCKED, *core[_DREW:])
    return core


def _train_playout(state: HandState, rng: random.Random) -> HandState:
    """`random_playout` of a train game: a tight loop over lists of the trains' fields,
    making the moves ``legal_moves()[randrange(n)]`` would make (the same draws from the
    generator, the same final state and history) without building the move tuples, for
    the default readings of doubles (`DoubleFollow.MUST_SATISFY`, `DoubleDuty.EVERYONE`)
    and of the Mexican train (`MexicanOpen.FIRST_TURN`); other rules, and a hand whose
    engine is still to be laid, take the general way."""
    c = state._core
    ctx: _Ctx = c[_CTX]
    tr: _TrainRules = ctx.train  # type: ignore[assignment]
    bits = plain_getrandbits(rng)
    if (
        bits is None
        or c[_HUB] < 0
        or tr.follow is not DoubleFollow.MUST_SATISFY
        or tr.layer_only
        or tr.after_own
    ):
        return _general_playout(state, rng)
    if c[_RESULT] is not None:
        return state
    hands = list(c[_HANDS])
    bone = c[_BONE]
    left = len(bone)
    values = list(c[_VALUES])
    placed = c[_PLACED]
    marks = c[_MARKS]
    doubles = list(c[_DOUBLES])
    firsts = c[_FIRSTS]
    pend = c[_PEND]
    t = c[_TURN]
    prop = c[_RPROP]
    count = c[_RCOUNT]
    drew = c[_DREW]
    last = c[_LAST]
    hist = c[_HIST]
    shown = list(c[_SHOWN])
    suit = ctx.suit
    plays = tr.plays
    public = tr.public
    runs = tr.run
    any_play = tr.any_play
    all_seats = tr.all_seats
    members = tr.members
    nxt = ctx.nxt
    players = ctx.players
    floor = ctx.floor
    draws = ctx.draws
    immediate = ctx.immediate
    draws_of = ctx.draws_of
    pairs = ctx.pairs
    tiles = ctx.tiles
    # with no more than ``stock`` tiles left nobody can draw (the floor, or no drawing)
    stock = floor if draws else len(bone)
    result = None
    while True:
        # the trains the seat may play on (TRAIN-3 to TRAIN-5, TRAIN-7)
        if pend == _RUN:
            allowed = 1 << t
        else:
            allowed = marks | public | 1 << t
            if doubles:
                done = firsts == all_seats or not runs
                for k, dormant in doubles:
                    if done or not dormant:
                        allowed = 1 << k
                        break
        ks = members.get(allowed)
        if ks is None:
            ks = _train_members(tr, allowed)
        h = hands[t]
        n = 0
        for k in ks:
            n += (h & suit[values[k]]).bit_count()
        stop = pend == _RUN
        if not n and not stop:
            seen = 0
            for k in ks:
                seen |= 1 << values[k]
            while bits(1):  # (a forced move draws from the generator too)
                pass
            if draws and left > floor and not drew:  # draw one (TRAIN-8)
                i = bone[-left]
                left -= 1
                hands[t] = h | 1 << i
                shown[t] = seen
                hist = (hist, t, draws_of[i])
                drew = 1
                prop, count = -1, 0
            else:  # a pass: a marker on its own train (TRAIN-4)
                shown[t] |= seen
                renewed = not marks >> t & 1
                marks |= 1 << t
                hist = (hist, t, PASS)
                if not draws or left <= floor:  # TRAIN-9: the round
                    if renewed or prop < 0:
                        prop, count = t, 0
                    count += 1
                    if count == players:
                        result = Ending.BLOCKED
                        break
                pend = _FRESH
                drew = 0
                firsts |= 1 << t
                t = nxt[t]
                done = firsts == all_seats or not runs
                if (
                    immediate
                    and left <= stock
                    and _train_held_up(suit, hands, values, doubles, done)
                ):
                    t = hist[1]
                    result = Ending.BLOCKED
                    break
                continue
            done = firsts == all_seats or not runs
            if immediate and left <= stock and _train_held_up(suit, hands, values, doubles, done):
                result = Ending.BLOCKED
                break
            continue
        total = n + 1 if stop else n
        if total == 1:
            while bits(1):
                pass
            r = 0
        else:
            kb = total.bit_length()  # (_below, inline)
            r = bits(kb)
            while r >= total:
                r = bits(kb)
        bit = 1 << t
        if r == n:  # Stop: the run ends (TRAIN-7)
            hist = (hist, t, STOP)
            pend = _FRESH
            firsts |= bit
            t = nxt[t]
            done = firsts == all_seats or not runs
            if immediate and left <= stock and _train_held_up(suit, hands, values, doubles, done):
                t = hist[1]
                result = Ending.BLOCKED
                break
            continue
        for k in ks:  # (the plays are listed by train, then by tile)
            m = h & suit[values[k]]
            here = m.bit_count()
            if r < here:
                break
            r -= here
        while r:
            m &= m - 1
            r -= 1
        i = (m & -m).bit_length() - 1
        tile = tiles[i]
        lo = tile.low
        hi = tile.high
        v = values[k]
        nv = hi if lo == v else lo
        values[k] = nv
        placed = (k, pairs[v][nv], placed, (placed[3] if placed else 0) | 1 << k)
        h ^= 1 << i
        hands[t] = h
        if doubles:  # the double on k, if any, is satisfied
            doubles = [x for x in doubles if x[0] != k]
        run = pend == _RUN or (runs and not pend and k == t and not firsts & bit)
        if lo == hi:
            doubles.append((k, run))
        if marks & bit and (k == t or any_play):
            marks ^= bit
        hist = (hist, t, plays[i][k])
        prop, count = -1, 0
        drew = 0
        last = t
        if not h:
            result = Ending.DOMINO  # TRAIN-6
            pend = _FRESH
            break
        if run:
            pend = _RUN
        elif lo == hi:
            pend = _EXTRA
        else:
            pend = _FRESH
            firsts |= bit
            t = nxt[t]
        done = firsts == all_seats or not runs
        if immediate and left <= stock and _train_held_up(suit, hands, values, doubles, done):
            t = last
            result = Ending.BLOCKED
            break
    core: tuple[Any, ...] = (ctx, hist, tuple(hands), bone[len(bone) - left :], c[_HUB], firsts, -1)
    core += (c[_LEAD], tuple(values), marks, t, prop, count, result, drew, last, (), False)
    core += (tuple(shown), tuple(doubles), pend, placed)
    return _train_hand(core)


def _train_held_up(
    suit: Sequence[int],
    hands: Sequence[int],
    values: Sequence[int],
    doubles: Sequence[tuple[int, bool]],
    done: bool,
) -> bool:
    """`_train_stuck` over the playout's lists (`DoubleDuty.EVERYONE`), the boneyard at
    its floor: no hand holds a tile for the oldest open double in force, or with none,
    for any train."""
    for k, dormant in doubles:
        if done or not dormant:
            ends = suit[values[k]]
            break
    else:
        ends = 0
        for v in values:
            ends |= suit[v]
    return not any(h & ends for h in hands)


# ------------------------------------------------- the observation of a train game
# `Observation` builds a train state from its public facts with `train_core` (never
# through a position): to list the seat's moves, and as the worlds of the sampler.


def _observed_train_state(obs: Observation, hands: Sequence[int], bone: Sequence[int]) -> HandState:
    """The train state with the public facts of ``obs`` (already checked), these hands
    (bitmasks per seat) and this boneyard (tile indices in draw order)."""
    ctx = _ctx_for(obs.rules)
    tr: _TrainRules = ctx.train  # type: ignore[assignment]
    marks = 0
    for k, train in enumerate(obs.trains):
        if train.marked:
            marks |= 1 << k
    turn_facts = obs.train_turn
    doubles: tuple[tuple[int, bool], ...] = ()
    firsts = 0
    owed = Owed.TURN
    if turn_facts is not None:
        doubles = tuple((tr.index[end], from_run) for end, from_run in turn_facts.doubles)
        for s in turn_facts.firsts:
            firsts |= 1 << s
        owed = turn_facts.owed
    opening = -1
    if obs.hub is None:  # the engine is still to be laid (its holder, or a draw for it)
        opening = obs.opening.index if isinstance(obs.opening, Tile) else _DRAW_FOR_DOUBLE
    return train_core(
        ctx,
        hands=hands,
        bone=bone,
        trains=[train.tiles for train in obs.trains] if obs.trains else [()] * len(tr.ends),
        marks=marks,
        doubles=doubles,
        firsts=firsts,
        owed=owed,
        turn=obs.turn,
        opening=opening,
        round_=obs.round,
        drew=obs.drew,
        last=obs.last if obs.last is not None else -1,
        ending=obs.ending,
    )


def _train_world(obs: Observation, hands: list[list[Tile]], boneyard: list[Tile]) -> HandState:
    """`Observation._state_from` of a train game: the state with these hands and
    boneyard and the public facts of ``obs``, checked (the table's shape, and every tile
    of the set once, on the table, in a hand or in the boneyard).

    Raises:
        NotationError: the facts are not a train table, or the tiles do not fit them.
    """
    problem = _train_table_problem(obs)
    rules = obs.rules
    if problem is None:
        table = [Tile(a, b) for train in obs.trains for a, b in train.tiles]
        if obs.hub is not None:
            table.append(obs.hub)
        every = [*table, *boneyard, *(t for h in hands for t in h)]
        sizes = tuple(len(h) for h in hands)
        if sizes != obs.hand_sizes or len(boneyard) != obs.boneyard_size:
            problem = "the hands and the boneyard must hold as many tiles as it says"
        elif len(every) != rules.tile_set.size or set(every) != set(rules.tile_set):
            problem = "every tile of the set must be once on the table, in a hand or the boneyard"
    if problem is not None:
        raise NotationError(f"bad train table: {problem}", text="", what="train observation")
    masks = []
    for h in hands:
        m = 0
        for t in h:
            m |= 1 << t.index
        masks.append(m)
    return _observed_train_state(obs, masks, [t.index for t in boneyard])


def _train_table_problem(obs: Observation) -> str | None:
    """What is wrong with the train table of ``obs`` (the hub, the trains, the turn's
    facts), as a phrase; ``None`` when it is one the rules allow."""
    rules = obs.rules
    tr: _TrainRules = _ctx_for(rules).train  # type: ignore[assignment]
    players = rules.players
    facts = obs.train_turn
    if facts is None:
        return "a train game's observation must give its train_turn"
    if obs.line or obs.arms:
        return "a train game has no line and no arms"
    engine = Tile(tr.engine_value, tr.engine_value)
    if obs.hub is not None and obs.hub != engine:
        return f"the hub must be the engine double {engine}"
    if obs.hub is None:
        if obs.trains or facts.doubles or facts.owed is not Owed.TURN:
            return "before the engine is laid, there are no trains and nothing is owed"
        if obs.opening not in ((engine, "draw") if obs.ending is None else (None,)):
            return f"before the engine is laid, the opening must be {engine} or 'draw'"
    elif obs.opening is not None:
        return "once the engine is laid, there is no opening"
    elif len(obs.trains) != len(tr.ends):
        return f"there must be {len(tr.ends)} trains"
    for k, train in enumerate(obs.trains):
        owner = None if k == tr.mexican else k
        if train.end is not tr.ends[k] or train.owner != owner:
            return f"train {k} must be {tr.ends[k].token}, owned by {owner}"
        if train.marked and owner is None:
            return "the Mexican train never carries a marker"
        v = tr.engine_value
        for a, b in train.tiles:
            if a != v or not 0 <= b <= rules.max_pip:
                return f"the tiles of {train.end.token} must chain from the engine"
            v = b
        if train.value != v:
            return f"{train.end.token} must show the value at its end"
    if not all(0 <= s < players for s in facts.firsts) or list(facts.firsts) != sorted(
        set(facts.firsts)
    ):
        return "train_turn's firsts must be seats at the table, ascending"
    ends = [end for end, _from_run in facts.doubles]
    if len(set(ends)) != len(ends) or not all(
        end in tr.index and obs.trains[tr.index[end]].open_double for end in ends
    ):
        return "train_turn's doubles must be distinct trains that end in a double"
    if facts.owed is Owed.RUN and (not rules.first_turn_run or obs.turn in facts.firsts):
        return "a first-turn run is owed only in a seat's first turn"
    return None
