"""Hypothesis strategies shared by the property tests.

Two families, by how much of `Ruleset` they cover:

* the Block and Draw games: :func:`rulesets`, the two presets for 2 to 4 seats (and in
  partnership for 4) and direct :class:`~dominoes.Ruleset` values on small sets with
  drawing or not; :func:`deals`, deals by seed or by a shrinkable permutation;
  :func:`play_hand` and :func:`hands`, a whole hand played with moves chosen by
  Hypothesis-drawn indices into ``legal_moves()``, kept as every state it went through
  (states are immutable, so tests can look at them afterwards); :data:`SETTINGS`;
* every option: :func:`variant_rulesets`, valid `Ruleset` values drawn field by field
  over every option (small sets, 2 to 4 seats, partnership, drawing, floor, opening,
  faults, scoring, match settings), each combination consistent by construction;
  :func:`play_variant_hand` and :func:`variant_hands`, a hand dealt with
  ``Deal.random(rules, seed=...)`` and played by Hypothesis-drawn indices into
  ``legal_moves()`` (in tolerant rulesets the policy sometimes attempts a false pass or
  a forbidden draw instead, and records whether it was accepted);
  :func:`play_variant_match` and :func:`variant_matches`, a whole `Match` played by the
  same policy, kept hand by hand; :data:`VARIANT_SETTINGS`.

Both use :data:`SEEDS` and :func:`set_size`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from dominoes import (
    DRAW,
    PASS,
    BlockDetection,
    BlockTie,
    BlockWinner,
    Deal,
    DominoWinner,
    DrawnLead,
    DrawRule,
    FaultMode,
    FaultPenalty,
    HandState,
    IllegalMoveError,
    Match,
    Move,
    NextLead,
    NoDoubleRule,
    Opening,
    PartnerPips,
    Phase,
    PlayScale,
    PlayScoring,
    Ruleset,
    Scoring,
    SpinnerCount,
    SpinnerFill,
    SpinnerRule,
    Tile,
    TileSet,
)

__all__ = [
    "ARMS_PRESETS",
    "LINE_PRESETS",
    "SEEDS",
    "SETTINGS",
    "SPINNERS",
    "VARIANT_SETTINGS",
    "Attempt",
    "MatchHand",
    "PlayedHand",
    "PlayedMatch",
    "VariantHand",
    "choose_move",
    "deals",
    "direct_rulesets",
    "hand_bound",
    "hands",
    "move_bound",
    "play_hand",
    "play_variant_hand",
    "play_variant_match",
    "preset_rulesets",
    "random_hand",
    "replay",
    "rulesets",
    "set_size",
    "spinner_hands",
    "spinner_rulesets",
    "variant_hands",
    "variant_matches",
    "variant_rulesets",
]

SETTINGS = settings(
    max_examples=150,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
"""Deterministic settings for the Block and Draw games' properties: the same examples on
every run, no example database."""

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
"""Seeds for :meth:`Deal.random <dominoes.Deal.random>` and ``Match.start``."""


def set_size(max_pip: int) -> int:
    """The number of tiles in the double-``max_pip`` set."""
    return (max_pip + 1) * (max_pip + 2) // 2


# ----------------------------------------------------------------- the Block and Draw games
def preset_rulesets() -> st.SearchStrategy[Ruleset]:
    """The Block and Draw presets (double-6) for 2 to 4 seats, and 4 seats in partnership."""
    players = st.integers(min_value=2, max_value=4)
    return st.one_of(
        players.map(lambda n: Ruleset.block(players=n)),
        players.map(lambda n: Ruleset.draw(players=n)),
        st.just(Ruleset.block(players=4, partnership=True)),
        st.just(Ruleset.draw(players=4, partnership=True)),
    )


@st.composite
def direct_rulesets(
    draw: st.DrawFn,
    *,
    max_pip: int = 6,
    min_players: int = 2,
    max_players: int = 4,
) -> Ruleset:
    """A ruleset built directly: a small set, 2 to 4 seats, any hand size that fits.

    The set is double-0 to double-``max_pip``, restricted to the sets with at least
    one tile per seat (double-0 holds a single tile, so it never fits two seats).
    """
    players = draw(st.integers(min_value=min_players, max_value=max_players))
    lowest = next(n for n in range(max_pip + 1) if set_size(n) >= players)
    pip = draw(st.integers(min_value=lowest, max_value=max_pip))
    hand_size = draw(st.integers(min_value=1, max_value=set_size(pip) // players))
    partnership = draw(st.booleans()) if players == 4 else False
    drawing = draw(st.sampled_from([DrawRule.NONE, DrawRule.UNTIL_PLAYABLE]))
    return Ruleset(
        max_pip=pip,
        players=players,
        hand_size=hand_size,
        partnership=partnership,
        drawing=drawing,
    )


def rulesets() -> st.SearchStrategy[Ruleset]:
    """Any ruleset of :func:`preset_rulesets` or :func:`direct_rulesets`."""
    return st.one_of(preset_rulesets(), direct_rulesets())


def _deal_from_order(rules: Ruleset, order: list[Tile]) -> Deal:
    h = rules.hand_size
    return Deal(
        hands=[order[seat * h : (seat + 1) * h] for seat in range(rules.players)],
        boneyard=order[rules.players * h :],
    )


def deals(rules: Ruleset) -> st.SearchStrategy[Deal]:
    """Deals for ``rules``: seeded shuffles, permutations of the set (these shrink well),
    and permutations that deal the doubles last (so that, when the hands are small
    enough, no double is dealt and the heaviest tile leads)."""
    tiles = rules.tile_set.tiles
    singles = st.permutations([t for t in tiles if not t.is_double])
    doubles = st.permutations([t for t in tiles if t.is_double])
    return st.one_of(
        SEEDS.map(lambda seed: Deal.random(rules, seed=seed)),
        st.permutations(tiles).map(lambda order: _deal_from_order(rules, order)),
        st.tuples(singles, doubles).map(lambda p: _deal_from_order(rules, [*p[0], *p[1]])),
    )


def move_bound(rules: Ruleset) -> int:
    """An upper bound on the moves of a hand of the Block and Draw games: set size x
    (players + 2) + boneyard size (:func:`hand_bound` is the bound for every option)."""
    size = set_size(rules.max_pip)
    return size * (rules.players + 2) + size - rules.players * rules.hand_size


@dataclass(frozen=True, repr=False)
class PlayedHand:
    """A hand played from ``deal``: ``states[i + 1] == states[i].apply(moves[i])``."""

    rules: Ruleset
    deal: Deal
    indices: tuple[int, ...]
    """The index into ``legal_moves()`` chosen at each step."""
    moves: tuple[Move, ...]
    states: tuple[HandState, ...]
    """Every state, from the start state to the last one (``len(moves) + 1`` states)."""

    @property
    def final(self) -> HandState:
        """The last state reached."""
        return self.states[-1]

    def __repr__(self) -> str:
        return f"PlayedHand(rules={self.rules!r}, deal={self.deal!r}, indices={self.indices!r})"


def play_hand(draw: st.DrawFn, rules: Ruleset, deal: Deal) -> PlayedHand:
    """Play a hand from ``deal``, each move chosen by a drawn index into ``legal_moves()``.

    Stops when the hand is over, when ``legal_moves()`` is empty, or after
    :func:`move_bound` moves (so a hand that never ends still returns; tests
    check that the last state is over).
    """
    state = HandState.start(rules, deal)
    states = [state]
    moves: list[Move] = []
    indices: list[int] = []
    limit = move_bound(rules)
    while not state.is_over and len(moves) < limit:
        legal = state.legal_moves()
        if not legal:
            break
        index = draw(st.integers(min_value=0, max_value=len(legal) - 1)) if len(legal) > 1 else 0
        move = legal[index]
        state = state.apply(move)
        indices.append(index)
        moves.append(move)
        states.append(state)
    return PlayedHand(
        rules=rules, deal=deal, indices=tuple(indices), moves=tuple(moves), states=tuple(states)
    )


@st.composite
def hands(draw: st.DrawFn, rules_strategy: st.SearchStrategy[Ruleset] | None = None) -> PlayedHand:
    """A ruleset, a deal for it and a hand played from that deal by drawn move indices."""
    rules = draw(rulesets() if rules_strategy is None else rules_strategy)
    deal = draw(deals(rules))
    return play_hand(draw, rules, deal)


def replay(rules: Ruleset, deal: Deal, indices: tuple[int, ...]) -> list[HandState]:
    """Every state of the hand that takes ``legal_moves()[i]`` for each ``i`` of ``indices``."""
    state = HandState.start(rules, deal)
    states = [state]
    for index in indices:
        state = state.apply(state.legal_moves()[index])
        states.append(state)
    return states


# --------------------------------------------------------------------------- every option
VARIANT_SETTINGS = settings(
    max_examples=120,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
"""Deterministic settings for the every-option properties: the same examples on every
run, no example database."""

MAX_CHEATS = 6
"""The most fault attempts (false passes, forbidden draws) the policy makes in a hand."""

CHEAT_NOW = st.sampled_from([True, False, False])
"""Whether the policy attempts a fault at this move (while it has attempts left)."""


@st.composite
def variant_rulesets(
    draw: st.DrawFn,
    *,
    faults: FaultMode | None = None,
    fault_penalty: FaultPenalty | None = None,
    partnership: bool | None = None,
    drawing: DrawRule | None = None,
    block_detection: BlockDetection | None = None,
    scoring: Scoring | None = None,
    opening: Opening | None = None,
    no_double: NoDoubleRule | None = None,
    drawn_lead: DrawnLead | None = None,
) -> Ruleset:
    """A valid ruleset with every field drawn: double-1 to double-6, 2 to 4 seats.

    The keyword arguments fix a field instead of drawing it (``partnership=True``
    also fixes 4 seats; the caller keeps fixed fields consistent, e.g.
    ``no_double=DRAW_FOR_DOUBLE`` with a fixed ``drawing``). The constraints are met
    by construction, no example is filtered out:

    * partnership only with 4 seats; ``partner_pips`` other than IGNORE and
      ``block_winner=LOWEST_INDIVIDUAL`` only in partnership;
    * ``voluntary_draw``, a nonzero ``boneyard_floor`` and ``DRAW_FOR_DOUBLE`` only
      with drawing; the floor at most the tiles left after the deal;
    * ``fixed_points`` (1 or 2) exactly with ``Scoring.FIXED`` or ``FIXED_DOMINO``, which
      count no pips: no ``partner_pips``, ``round_to`` or ``stock_pips`` with them;
    * ``opening_tile`` (a tile of the set) exactly with ``HOLDER_OF_TILE``; the
      ``opening_seat`` an existing seat;
    * ``REDEAL`` is allowed because every deal here comes from ``Deal.random``,
      which reshuffles until the opening tile is dealt.
    """
    players = 4 if partnership else draw(st.integers(min_value=2, max_value=4))
    # double-1 (3 tiles) fits 2 or 3 seats; 4 seats need double-2 (6 tiles)
    lowest = 1 if players <= 3 else 2
    max_pip = draw(st.sampled_from(range(lowest, 7)))
    size = set_size(max_pip)
    hand_size = draw(st.sampled_from(range(1, size // players + 1)))
    left = size - players * hand_size
    if partnership is None:
        partnership = draw(st.booleans()) if players == 4 else False

    if drawing is None:
        drawing = draw(st.sampled_from(DrawRule))
    draws = drawing is not DrawRule.NONE
    voluntary_draw = draw(st.booleans()) if draws else False
    boneyard_floor = draw(st.sampled_from([0, *range(left + 1)])) if draws else 0

    if opening is None:
        opening = draw(st.sampled_from(Opening))
    opening_tile: Tile | None = None
    if opening is Opening.HOLDER_OF_TILE:
        opening_tile = draw(st.sampled_from(TileSet.double(max_pip).tiles))
    opening_seat = draw(st.sampled_from(range(players)))
    no_doubles = [NoDoubleRule.HEAVIEST_TILE, NoDoubleRule.REDEAL]
    if draws:
        no_doubles.append(NoDoubleRule.DRAW_FOR_DOUBLE)
    if no_double is None:
        no_double = draw(st.sampled_from(no_doubles))

    if block_detection is None:
        block_detection = draw(st.sampled_from(BlockDetection))
    domino_winner = draw(st.sampled_from(DominoWinner))
    block_winner = draw(st.sampled_from(BlockWinner)) if partnership else BlockWinner.LOWEST_SIDE
    block_tie = draw(st.sampled_from(BlockTie))

    if scoring is None:
        scoring = draw(st.sampled_from(Scoring))
    partner_pips = draw(st.sampled_from(PartnerPips)) if partnership else PartnerPips.IGNORE
    round_to = draw(st.sampled_from([1, 5]))
    stock_pips = draw(st.booleans())
    fixed_points = 0
    if scoring in (Scoring.FIXED, Scoring.FIXED_DOMINO):  # POINTS-7: no pips counted
        fixed_points = draw(st.sampled_from([1, 2]))
        partner_pips, round_to, stock_pips = PartnerPips.IGNORE, 1, False

    if faults is None:
        faults = draw(st.sampled_from(FaultMode))
    if fault_penalty is None:
        fault_penalty = draw(st.sampled_from(FaultPenalty))
    fault_points = draw(st.sampled_from([0, 1, 7, 10, 30, 50]))

    target = draw(st.sampled_from([None, None, 1, 5, 20, 40, 61, 100, 150]))
    hands_limit = draw(st.sampled_from([None, None, None, 1, 2, 3, 6]))
    next_lead = draw(st.sampled_from(NextLead))
    if drawn_lead is None:
        drawn_lead = draw(st.sampled_from(DrawnLead))

    return Ruleset(
        max_pip=max_pip,
        players=players,
        hand_size=hand_size,
        partnership=partnership,
        drawing=drawing,
        voluntary_draw=voluntary_draw,
        boneyard_floor=boneyard_floor,
        opening=opening,
        opening_tile=opening_tile,
        opening_seat=opening_seat,
        no_double=no_double,
        domino_winner=domino_winner,
        block_detection=block_detection,
        block_winner=block_winner,
        block_tie=block_tie,
        scoring=scoring,
        partner_pips=partner_pips,
        round_to=round_to,
        stock_pips=stock_pips,
        faults=faults,
        fault_penalty=fault_penalty,
        fault_points=fault_points,
        target=target,
        hands_limit=hands_limit,
        next_lead=next_lead,
        drawn_lead=drawn_lead,
        fixed_points=fixed_points,
    )


def hand_bound(rules: Ruleset) -> int:
    """An upper bound on the legal moves of a hand.

    Every tile is laid at most once and drawn at most once; a pass either follows a
    draw in the same turn (ONE_THEN_PASS) or belongs to a verification round of at
    most ``players`` passes between two plays. Hence at most
    ``size + 2 * boneyard + players * (size + 1)`` moves; this returns a slightly
    larger, simpler figure.
    """
    size = set_size(rules.max_pip)
    boneyard = size - rules.players * rules.hand_size
    return size * (rules.players + 2) + 2 * boneyard


@dataclass(frozen=True)
class Attempt:
    """A fault the policy attempted: ``move`` by ``seat`` at move number ``step``."""

    step: int
    """The length of the history when it was attempted (its move number if accepted)."""
    seat: int
    """The seat to move."""
    move: Move
    """`PASS` or `DRAW`, a move not in ``legal_moves()``."""
    accepted: bool
    """Whether the engine accepted it (as a fault) instead of raising `IllegalMoveError`."""


def choose_move(draw: st.DrawFn, state: HandState, cheat: bool) -> Move:
    """The policy: a drawn index into ``legal_moves()``; when ``cheat`` (and a drawn
    boolean says so), after the lead, `PASS` or `DRAW`, whichever is drawn of the two
    that are not legal here (the caller then tries it: a fault, or refused)."""
    legal = state.legal_moves()
    if cheat and state.phase is not Phase.LEAD and draw(CHEAT_NOW):
        illegal = [m for m in (PASS, DRAW) if m not in legal]
        if illegal:
            return draw(st.sampled_from(illegal))
    if len(legal) == 1:
        return legal[0]
    return legal[draw(st.integers(min_value=0, max_value=len(legal) - 1))]


@dataclass(frozen=True, repr=False)
class VariantHand:
    """A hand played from a seeded deal: ``states[i + 1] == states[i].apply(moves[i])``."""

    rules: Ruleset
    seed: int
    deal: Deal
    moves: tuple[Move, ...]
    """Every move applied, in order (accepted faults included)."""
    states: tuple[HandState, ...]
    """Every state, from the start state to the last one (``len(moves) + 1`` states)."""
    attempts: tuple[Attempt, ...]
    """Every fault attempted, accepted or refused."""

    @property
    def final(self) -> HandState:
        """The last state reached."""
        return self.states[-1]

    @property
    def accepted(self) -> tuple[Attempt, ...]:
        """The attempts the engine accepted as faults."""
        return tuple(a for a in self.attempts if a.accepted)

    def __repr__(self) -> str:
        return (
            f"VariantHand(rules={self.rules!r}, seed={self.seed!r}, "
            f"moves={[str(m) for m in self.moves]!r}, attempts={self.attempts!r})"
        )


def play_variant_hand(draw: st.DrawFn, rules: Ruleset, seed: int) -> VariantHand:
    """Deal ``Deal.random(rules, seed=seed)`` and play it with :func:`choose_move`.

    In tolerant rulesets up to a drawn number (at most :data:`MAX_CHEATS`) of fault
    attempts are made; a refused attempt is replaced by a legal move. Stops when the
    hand is over, when ``legal_moves()`` is empty, or after :func:`hand_bound` plus
    the number of attempts moves (tests check that the last state is over).
    """
    deal = Deal.random(rules, seed=seed)
    state = HandState.start(rules, deal)
    states = [state]
    moves: list[Move] = []
    attempts: list[Attempt] = []
    cheats = 0
    if rules.faults is FaultMode.TOLERANT:
        cheats = draw(st.sampled_from(range(MAX_CHEATS + 1)))
    limit = hand_bound(rules) + cheats
    while not state.is_over and len(moves) < limit:
        legal = state.legal_moves()
        if not legal:
            break
        move = choose_move(draw, state, cheats > len(attempts))
        if move not in legal:
            try:
                after = state.apply(move)
            except IllegalMoveError:
                attempts.append(Attempt(len(moves), state.turn, move, accepted=False))
                move = choose_move(draw, state, cheat=False)
                after = state.apply(move)
            else:
                attempts.append(Attempt(len(moves), state.turn, move, accepted=True))
        else:
            after = state.apply(move)
        moves.append(move)
        states.append(after)
        state = after
    return VariantHand(
        rules=rules,
        seed=seed,
        deal=deal,
        moves=tuple(moves),
        states=tuple(states),
        attempts=tuple(attempts),
    )


@st.composite
def variant_hands(
    draw: st.DrawFn, rules_strategy: st.SearchStrategy[Ruleset] | None = None
) -> VariantHand:
    """A ruleset (from ``rules_strategy``, default :func:`variant_rulesets`), a seed
    and a hand played from ``Deal.random(rules, seed=seed)``."""
    rules = draw(variant_rulesets() if rules_strategy is None else rules_strategy)
    seed = draw(SEEDS)
    return play_variant_hand(draw, rules, seed)


@dataclass(frozen=True)
class MatchHand:
    """One hand of a match: the match when it was dealt, the moves, and when it ended."""

    before: Match
    """The match with this hand dealt and no move made."""
    moves: tuple[Move, ...]
    """The moves applied to it, in order."""
    after: Match
    """The match once this hand is over."""


@dataclass(frozen=True, repr=False)
class PlayedMatch:
    """A match played hand by hand from ``Match.start(rules, seed=seed)``."""

    rules: Ruleset
    seed: int
    hands: tuple[MatchHand, ...]
    """Every hand played (the last may leave the match unfinished after ``max_hands``)."""

    @property
    def final(self) -> Match:
        """The match after the last hand played."""
        return self.hands[-1].after

    def __repr__(self) -> str:
        moves = [[str(m) for m in hand.moves] for hand in self.hands]
        return f"PlayedMatch(rules={self.rules!r}, seed={self.seed!r}, moves={moves!r})"


def play_variant_match(draw: st.DrawFn, rules: Ruleset, seed: int, max_hands: int) -> PlayedMatch:
    """Play a match with :func:`choose_move` (fault attempts included in tolerant
    rulesets) until it is over or ``max_hands`` hands were played."""
    match = Match.start(rules, seed=seed)
    hands: list[MatchHand] = []
    while True:
        before = match
        moves: list[Move] = []
        cheats = 0
        if rules.faults is FaultMode.TOLERANT:
            cheats = draw(st.sampled_from(range(MAX_CHEATS + 1)))
        limit = hand_bound(rules) + cheats
        while not match.state.is_over and len(moves) < limit:
            state = match.state
            move = choose_move(draw, state, cheats > 0)
            if move not in state.legal_moves():
                cheats -= 1
                try:
                    match = match.apply(move)
                except IllegalMoveError:
                    move = choose_move(draw, state, cheat=False)
                    match = match.apply(move)
            else:
                match = match.apply(move)
            moves.append(move)
        hands.append(MatchHand(before=before, moves=tuple(moves), after=match))
        if not match.state.is_over or match.is_over or len(hands) >= max_hands:
            break
        match = match.next_hand()
    return PlayedMatch(rules=rules, seed=seed, hands=tuple(hands))


@st.composite
def variant_matches(
    draw: st.DrawFn,
    rules_strategy: st.SearchStrategy[Ruleset] | None = None,
    max_hands: int = 12,
) -> PlayedMatch:
    """A ruleset, a seed and a match played from ``Match.start(rules, seed=seed)``."""
    rules = draw(variant_rulesets() if rules_strategy is None else rules_strategy)
    seed = draw(SEEDS)
    return play_variant_match(draw, rules, seed, max_hands)


# ------------------------------------------------------------- layouts with arms
SPINNERS = (SpinnerRule.FIRST_DOUBLE, SpinnerRule.EVERY_DOUBLE, SpinnerRule.LEAD_DOUBLE)
"""The spinner rules; ``NONE`` (a line that scores on play) is drawn after them."""


@st.composite
def spinner_rulesets(draw: st.DrawFn) -> Ruleset:
    """A valid ruleset played by the engine of layouts with arms (a spinner rule other
    than NONE, or scoring on play), every combination consistent by construction."""
    players = draw(st.integers(min_value=2, max_value=4))
    max_pip = draw(st.integers(min_value=3, max_value=6))
    size = set_size(max_pip)
    # 2 tiles or more (a single tile is the lead and the domino), the largest first
    hand_size = draw(st.sampled_from(range(size // players, 1, -1)))
    left = size - players * hand_size
    partnership = draw(st.booleans()) if players == 4 else False

    spinner = draw(st.sampled_from([*SPINNERS, SpinnerRule.NONE]))
    counts = SpinnerCount.BOTH_UNTIL_LONG_COVERED
    if spinner is SpinnerRule.NONE:
        scoring = draw(st.sampled_from([s for s in PlayScoring if s is not PlayScoring.NONE]))
        fill = SpinnerFill.LONG_SIDES_FIRST
    else:
        scoring = draw(st.sampled_from(PlayScoring))
        fill = draw(st.sampled_from(SpinnerFill))
        if fill is SpinnerFill.TOES_FIRST:  # Chicken Foot: every double a foot (FOOT-2)
            spinner = SpinnerRule.EVERY_DOUBLE
        counts = draw(st.sampled_from([counts, counts, *SpinnerCount]))  # the default twice
    weight = draw(st.sampled_from([2, 2, 1]))
    scale = draw(st.sampled_from(PlayScale)) if scoring is PlayScoring.FIVES else PlayScale.PIPS

    drawing = draw(st.sampled_from(DrawRule))
    draws = drawing is not DrawRule.NONE
    voluntary = draw(st.booleans()) if draws else False
    floor = draw(st.sampled_from([0, 0, *range(min(left, 2) + 1)])) if draws else 0
    detection = draw(st.sampled_from(BlockDetection))

    opening = draw(st.sampled_from(Opening))
    opening_tile = None
    if opening is Opening.HOLDER_OF_TILE:
        opening_tile = draw(st.sampled_from(TileSet.double(max_pip).tiles))
    opening_seat = draw(st.sampled_from(range(players)))
    no_doubles = [NoDoubleRule.HEAVIEST_TILE, NoDoubleRule.REDEAL]
    if draws:
        no_doubles.append(NoDoubleRule.DRAW_FOR_DOUBLE)
    no_double = draw(st.sampled_from(no_doubles))
    toes = fill is SpinnerFill.TOES_FIRST
    root_toes = draw(st.sampled_from([4, 6])) if toes else 4
    toe_release = draw(st.booleans()) if toes else True
    return Ruleset(
        max_pip=max_pip,
        players=players,
        hand_size=hand_size,
        partnership=partnership,
        drawing=drawing,
        voluntary_draw=voluntary,
        boneyard_floor=floor,
        opening=opening,
        opening_tile=opening_tile,
        opening_seat=opening_seat,
        no_double=no_double,
        block_detection=detection,
        spinner=spinner,
        spinner_fill=fill,
        play_scoring=scoring,
        play_scale=scale,
        spinner_count=counts,
        double_end_weight=weight,
        root_toes=root_toes,
        toe_release=toe_release,
    )


@st.composite
def spinner_hands(draw: st.DrawFn) -> VariantHand:
    """A spinner ruleset, a seed and a hand played from ``Deal.random(rules, seed=seed)``."""
    rules = draw(spinner_rulesets())
    return play_variant_hand(draw, rules, draw(SEEDS))


LINE_PRESETS = tuple(name for name in Ruleset.presets() if not Ruleset.preset(name).has_arms)
"""The presets played on a line (what the adapters and the encoder serve today)."""
ARMS_PRESETS = tuple(name for name in Ruleset.presets() if Ruleset.preset(name).has_arms)
"""The presets played on a layout with arms (spinners, scoring on play)."""


def random_hand(rules: Ruleset, seed: int) -> list[HandState]:
    """Every state of a hand dealt and played by uniform random moves from ``seed``."""
    rng = random.Random(seed)
    state = HandState.start(rules, Deal.random(rules, rng=rng))
    states = [state]
    while not state.is_over:
        legal = state.legal_moves()
        state = state.apply(legal[rng.randrange(len(legal))])
        states.append(state)
    return states


def play_random(state: Any, rng: random.Random) -> Any:
    """Finish an OpenSpiel state (`dominoes.adapters.openspiel.DominoesState`) with chance
    outcomes by probability and random actions."""
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def tiles_reachable(root: object) -> set[Tile]:
    """Every `Tile` reachable from ``root`` through attributes and containers (the
    ruleset left out: it names tiles of the set, not of a hand)."""
    seen: set[int] = set()
    found: set[Tile] = set()
    stack = [root]
    while stack:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, Ruleset):
            continue
        seen.add(id(obj))
        if isinstance(obj, Tile):
            found.add(obj)
        elif isinstance(obj, tuple | list | frozenset | set):
            stack.extend(obj)
        elif hasattr(obj, "__attrs_attrs__"):
            stack.extend(getattr(obj, a.name) for a in obj.__attrs_attrs__)
    return found
