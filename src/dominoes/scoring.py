"""End-of-hand results and scoring.

Rules BLOCK-6 to BLOCK-9 and SCORE-1 are the defaults; the options of
`Ruleset` select the variants (BLOCKWIN-1, TIE-1 to TIE-3, POINTS-1 to POINTS-6,
PART-1, PART-2, FAULT-2 to FAULT-5, COMPAT-1), and the partnership bonuses BONUS-1 to
BONUS-4 (`Bonus`) are read from the hand's history.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Sequence
from fractions import Fraction

import attrs

from dominoes.errors import ArgumentTypeError, ArgumentValueError
from dominoes.errors import shown as _shown
from dominoes.faults import Fault
from dominoes.moves import Pass, Play, Step
from dominoes.rules import (
    BlockTie,
    BlockWinner,
    ConcedeScoring,
    DominoWinner,
    FaultPenalty,
    NearTargetCap,
    PartnerPips,
    PlayScale,
    PlayScoring,
    Ruleset,
    Scoring,
    TargetExact,
)
from dominoes.verification import VerificationRound

__all__ = [
    "Bonus",
    "BonusKind",
    "Ending",
    "HandResult",
    "check_result",
    "credit",
    "hand_bonuses",
    "play_points",
    "score_hand",
    "zero_sum_returns",
]


class Ending(enum.Enum):
    """How a hand ended."""

    DOMINO = "domino"
    """A player laid their last tile (rule BLOCK-6)."""
    BLOCKED = "blocked"
    """Nobody can play: a verification round confirmed it (rules VERIFY-1 to VERIFY-3), or
    the engine saw it at once (rule DETECT-1)."""
    FORFEIT = "forfeit"
    """A fault ended the hand at once (rule FAULT-2)."""
    FALSE_BLOCK = "false_block"
    """A verification round was completed through a false pass: the block is not real
    and the hand ends as a fault (rule FAULT-5)."""
    CONCEDED = "conceded"
    """A seat conceded the hand (rule CONCEDE-1); `HandResult.conceded_by` says which."""


class BonusKind(enum.Enum):
    """The partnership bonuses of the Latin games (docs/rules/bonus.md)."""

    CAPICUA = "capicua"
    """Rule BONUS-1: the last tile, not a double, fitted either end."""
    CHUCHAZO = "chuchazo"
    """Rule BONUS-2: the last tile was the 0-0."""
    PASE_CORRIDO = "pase_corrido"
    """Rule BONUS-3: after a seat's tile every other seat passed, and it played again."""
    PASE_DE_SALIDA = "pase_de_salida"
    """Rule BONUS-4: the seat after the leader passed on its first turn."""


@attrs.frozen(kw_only=True)
class Bonus:
    """A bonus scored in a hand: its kind, the seat whose side scores it, its points and
    the number (index in the history) of the move that completed it."""

    kind: BonusKind
    """Which bonus."""
    seat: int
    """The seat that earned it (its side scores ``points``)."""
    points: int
    """Its points (from the ruleset)."""
    move_number: int
    """The index in the hand's history of the move that completed it."""


@attrs.frozen(kw_only=True)
class HandResult:
    """The outcome of a finished hand.

    ``points`` are the points scored this hand, per seat, penalties included; in
    partnership both partners show their side's score. A drawn hand has no winners.
    """

    ending: Ending
    """How the hand ended."""
    winners: tuple[int, ...]
    """The winning seats (both partners in partnership; empty when drawn)."""
    pips: tuple[int, ...]
    """The pips left in each seat's hand: under a `Ruleset.tile_values` other than
    `TileValues.PIPS` (rule TRAIN-10, `Scoring.PENALTY`), what those tiles cost (the
    double-blank 50, ...), from which the winners and the points follow."""
    points: tuple[int, ...]
    """Points scored this hand, per seat (under `Scoring.PENALTY`: penalty points)."""
    domino_seat: int | None = None
    """For a hand won by a domino, the seat that laid its last tile."""
    blocked_by: int | None = None
    """For a blocked hand, the seat that laid the last tile (rule TIE-3)."""
    verification: VerificationRound | None = None
    """For a hand blocked through a verification round, the round."""
    faults: tuple[Fault, ...] = ()
    """Every fault committed in the hand (tolerant mode)."""
    conceded_by: int | None = None
    """For a conceded hand, the seat that conceded (rule CONCEDE-1)."""
    penalties: tuple[int, ...] = ()
    """The part of ``points`` that comes from other seats' faults, per seat."""
    play_points: tuple[int, ...] = ()
    """The part of ``points`` scored by plays during the hand, per seat (rules PLAY-1 to
    PLAY-3; in partnership both partners show their side's); empty in a game that
    scores nothing on play."""
    bonuses: tuple[Bonus, ...] = ()
    """The partnership bonuses scored in the hand, in the order made (rules BONUS-1 to
    BONUS-4); their points are part of ``points``, for every seat of the side that
    earned them."""

    @property
    def end_points(self) -> tuple[int, ...]:
        """The part of ``points`` scored when the hand ended, per seat (``points`` less
        ``play_points``)."""
        if not self.play_points:
            return self.points
        return tuple(p - q for p, q in zip(self.points, self.play_points, strict=True))

    @property
    def is_draw(self) -> bool:
        """Whether the hand was drawn (nobody won)."""
        return not self.winners


def play_points(rules: Ruleset, count: int) -> int:
    """The points a play scores when the end count after it is ``count`` (rules PLAY-1
    to PLAY-3).

    >>> from dominoes import Ruleset
    >>> from dominoes.rules import PlayScale, PlayScoring
    >>> fives = Ruleset.draw(play_scoring=PlayScoring.FIVES)
    >>> [play_points(fives, n) for n in (0, 5, 12, 15)]
    [0, 5, 0, 15]
    >>> per_five = Ruleset.draw(play_scoring=PlayScoring.FIVES, play_scale=PlayScale.PER_FIVE)
    >>> play_points(per_five, 15)
    3
    >>> threes = Ruleset.block(play_scoring=PlayScoring.FIVES_AND_THREES)
    >>> [play_points(threes, n) for n in (3, 5, 6, 9, 10, 12, 15, 18, 20, 7)]
    [1, 1, 2, 3, 2, 4, 8, 6, 4, 0]

    Raises:
        ArgumentTypeError: ``rules`` is not a `Ruleset`, or ``count`` not an int.
        ArgumentValueError: ``count`` is negative.
    """
    if not isinstance(rules, Ruleset):
        raise ArgumentTypeError(f"rules must be a Ruleset, got {_shown(rules)}", argument="rules")
    if type(count) is not int:
        raise ArgumentTypeError(f"count must be an int, got {_shown(count)}", argument="count")
    if count < 0:
        raise ArgumentValueError(f"count must be from 0, got {count}", argument="count")
    return _play_points(rules.play_scoring, rules.play_scale, count)


def credit(rules: Ruleset, score: int, *, play: int = 0, end: int = 0) -> int:
    """The points a match credits to a side whose score is ``score`` when the table
    gives it ``play`` points for a play and ``end`` points at the end of a hand (rules
    MATCH-8 to MATCH-10). A play that ends the hand gives both: they are one score.

    In order: a play's points are capped near the target (MATCH-10, Bergen: at most 2
    within 3 points of it, at most 1 within 2); a side that has not scored yet counts
    nothing below `Ruleset.first_score_min` (MATCH-8); a score that would take the side
    past the target counts nothing under `TargetExact.DISCARD_OVERSHOOT` (MATCH-9).
    Without these options the points are credited as they are.

    >>> from dominoes.rules import TargetExact
    >>> exact = Ruleset.block(target=61, target_exact=TargetExact.DISCARD_OVERSHOOT)
    >>> credit(exact, 58, play=3), credit(exact, 58, play=4), credit(exact, 58, play=2, end=1)
    (3, 0, 3)

    Raises:
        ArgumentTypeError: ``rules`` is not a `Ruleset`, or a number not an int.
        ArgumentValueError: ``play`` or ``end`` is negative.
    """
    if not isinstance(rules, Ruleset):
        raise ArgumentTypeError(f"rules must be a Ruleset, got {_shown(rules)}", argument="rules")
    for name, value in (("score", score), ("play", play), ("end", end)):
        if type(value) is not int:
            raise ArgumentTypeError(f"{name} must be an int, got {_shown(value)}", argument=name)
        if value < 0 and name != "score":
            raise ArgumentValueError(f"{name} must be from 0, got {value}", argument=name)
    target = rules.match_target
    if play and rules.near_target_cap is NearTargetCap.BERGEN:  # MATCH-10
        gap = target - score
        if gap <= 2:
            play = min(play, 1)
        elif gap <= 3:
            play = min(play, 2)
    total = play + end
    if score == 0 and total < rules.first_score_min:  # MATCH-8
        return 0
    if rules.target_exact is TargetExact.DISCARD_OVERSHOOT and score + total > target:
        return 0  # MATCH-9
    return total


def _play_points(scoring: PlayScoring, scale: PlayScale, count: int) -> int:
    if count <= 0 or scoring is PlayScoring.NONE or scoring is PlayScoring.BERGEN:
        return 0  # (Bergen's headers do not come from the count: HEADER-1)
    if scoring is PlayScoring.FIVES:
        if count % 5:
            return 0
        return count if scale is PlayScale.PIPS else count // 5
    points = count // 3 if count % 3 == 0 else 0  # FIVES_AND_THREES
    return points + (count // 5 if count % 5 == 0 else 0)


def score_hand(
    rules: Ruleset,
    pips: Sequence[int],
    *,
    ending: Ending | None = None,
    domino_seat: int | None = None,
    blocked_by: int | None = None,
    verification: VerificationRound | None = None,
    faults: Sequence[Fault] = (),
    stock: int = 0,
    conceded_by: int | None = None,
    history: Sequence[Step] = (),
    line: Sequence[tuple[int, int]] = (),
) -> HandResult:
    """Score a finished hand from the pips left in each hand (under rule TRAIN-10,
    their values: `TileValues.of`).

    ``ending`` defaults to `Ending.DOMINO` when ``domino_seat`` is given and to
    `Ending.BLOCKED` otherwise. ``stock`` is the pips left in the boneyard (rule
    POINTS-5). ``conceded_by`` is the seat that conceded, for `Ending.CONCEDED` (rule
    CONCEDE-1). ``history`` is the hand's moves and ``line`` its final line of play, from
    which a ruleset with partnership bonuses (rules BONUS-1 to BONUS-4) scores them (see
    `hand_bonuses`), in a hand that ended in a domino or a block. The rules applied are
    those selected by ``rules``.

    Raises:
        ArgumentTypeError: ``rules`` is not a `Ruleset` or ``ending`` not an `Ending`.
        ArgumentValueError: ``pips`` does not hold one pip count per seat, a seat is not
            at the table, ``stock`` is negative, or a domino names no ``domino_seat``.
    """
    pips = tuple(pips)
    faults = tuple(faults)
    _check_hand(rules, pips, ending, domino_seat, blocked_by, faults, stock)
    if ending is Ending.CONCEDED:
        assert conceded_by is not None
        return _score_concession(rules, pips, conceded_by, faults, stock)
    if ending is None:
        ending = Ending.DOMINO if domino_seat is not None else Ending.BLOCKED
    teams, side_of = _sides(rules)
    totals = [sum(pips[s] for s in team) for team in teams]
    n_sides = len(teams)

    if ending is Ending.DOMINO and rules.domino_winner is DominoWinner.EMPTIER:
        assert domino_seat is not None
        win = [side_of[domino_seat]]
    elif ending in (Ending.DOMINO, Ending.BLOCKED):
        win = _block_winners(rules, teams, pips, totals, side_of, blocked_by)
    else:
        offenders = {side_of[f.seat] for f in faults}
        win = [i for i in range(n_sides) if i not in offenders]

    side_points = [0] * n_sides
    if ending in (Ending.DOMINO, Ending.BLOCKED) and rules.scoring is Scoring.PENALTY:
        side_points = totals  # POINTS-6: every side keeps its own pips as penalty points
    elif ending in (Ending.DOMINO, Ending.BLOCKED):
        out = side_of[domino_seat] if domino_seat is not None else None
        side_points = _base_points(
            rules, win, totals, domino_seat is not None, out if out in win else None
        )
        if rules.stock_pips and win:
            for i in win:
                side_points[i] += stock // len(win)
        if rules.round_to > 1:
            step = rules.round_to
            side_points = [(p + step // 2) // step * step if p > 0 else p for p in side_points]
            if rules.end_per_five:  # PLAY-4: one point per five
                side_points = [p // 5 for p in side_points]

    # fault penalties (FAULT-2, FAULT-3): points to every other side, or, under penalty
    # scoring where points count against a side, penalty points to the offender's side
    penalty = [0] * n_sides
    if faults and rules.fault_penalty is not FaultPenalty.NONE:
        for fault in faults:
            offender = side_of[fault.seat]
            for i in range(n_sides):
                if (i == offender) == (rules.scoring is Scoring.PENALTY):
                    penalty[i] += rules.fault_points

    bonuses: tuple[Bonus, ...] = ()
    if rules.has_bonuses and ending in (Ending.DOMINO, Ending.BLOCKED):
        bonuses = hand_bonuses(rules, history, domino=ending is Ending.DOMINO, line=line)
        for bonus in bonuses:
            side_points[side_of[bonus.seat]] += bonus.points
    points = tuple(side_points[side_of[s]] + penalty[side_of[s]] for s in range(len(pips)))
    return HandResult(
        bonuses=bonuses,
        ending=ending,
        winners=tuple(sorted(s for i in win for s in teams[i])),
        pips=pips,
        points=points,
        domino_seat=domino_seat if ending is Ending.DOMINO else None,
        blocked_by=blocked_by if ending is Ending.BLOCKED else None,
        verification=verification,
        faults=faults,
        penalties=tuple(penalty[side_of[s]] for s in range(len(pips))) if faults else (),
    )


def hand_bonuses(
    rules: Ruleset,
    history: Sequence[Step],
    *,
    domino: bool,
    line: Sequence[tuple[int, int]] = (),
) -> tuple[Bonus, ...]:
    """The partnership bonuses (rules BONUS-1 to BONUS-4) that a line game's ``history``
    earns under ``rules``, in the order made; ``domino`` says whether the last play went
    out, ``line`` is the final line of play (left to right; without it, the ends are
    followed from the lead in ``history``). Draws are not turns here: a seat that drew
    and then passed passed. A history that does not start with the lead (a hand
    resumed from a position string) earns what its own moves show: no pase de salida,
    and only the pases corridos within it.

    >>> from dominoes import PASS, End, Play, Step, Tile
    >>> rules = Ruleset.block(capicua_bonus=25, pase_de_salida_double_bonus=25)
    >>> history = [
    ...     Step(seat=0, move=Play(tile=Tile(5, 5))),
    ...     Step(seat=1, move=PASS),
    ...     Step(seat=0, move=Play(tile=Tile(3, 5), end=End.RIGHT)),
    ... ]
    >>> [(b.kind.name, b.seat, b.points) for b in hand_bonuses(rules, history, domino=True)]
    [('PASE_DE_SALIDA', 0, 25), ('CAPICUA', 0, 25)]

    Raises:
        ArgumentTypeError: ``rules`` is not a `Ruleset`.
        ArgumentValueError: ``history`` holds something other than `Step` values.
    """
    if not isinstance(rules, Ruleset):
        raise ArgumentTypeError(f"rules must be a Ruleset, got {_shown(rules)}", argument="rules")
    turns: list[tuple[int, int, Play | None]] = []  # (move number, seat, the play or None)
    for k, step in enumerate(history):
        if not isinstance(step, Step):
            raise ArgumentValueError(
                f"history must hold Step values, got {_shown(step)}", argument="history"
            )
        move = step.move
        if isinstance(move, Play):
            turns.append((k, step.seat, move))
        elif isinstance(move, Pass):
            turns.append((k, step.seat, None))
    plays = [(k, seat, move) for k, seat, move in turns if move is not None]
    if not plays:
        return ()
    n = rules.players
    out: list[Bonus] = []

    def add(kind: BonusKind, seat: int, points: int, k: int) -> None:
        if points:
            out.append(Bonus(kind=kind, seat=seat, points=points, move_number=k))

    lead_k, leader, lead = plays[0]
    has_lead = lead.end is None  # (a hand resumed from a position lacks its start)
    after = [t for t in turns if t[0] > lead_k]
    if has_lead and after and after[0][2] is None:  # BONUS-4
        double = lead.tile.is_double
        value = rules.pase_de_salida_double_bonus if double else rules.pase_de_salida_bonus
        add(BonusKind.PASE_DE_SALIDA, leader, value, after[0][0])
    if rules.pase_corrido_bonus:  # BONUS-3
        for i, (_k, seat, laid) in enumerate(turns[: len(turns) - n]):
            k_again, again, replay = turns[i + n]
            if (
                laid is not None
                and again == seat
                and replay is not None
                and all(m is None and s != seat for _, s, m in turns[i + 1 : i + n])
            ):
                add(BonusKind.PASE_CORRIDO, seat, rules.pase_corrido_bonus, k_again)
    k_last, last_seat, last = plays[-1]
    if domino and last.end is not None:  # BONUS-1, BONUS-2
        tile = last.tile
        halves = (tile.low, tile.high)
        if line:  # the end not played on, as the line shows it
            other: int | None = line[-1][1] if last.end == 0 else line[0][0]
        elif has_lead:  # the line's ends from the lead, play by play
            ends = [lead.tile.low, lead.tile.high]
            for _k, _seat, move in plays[1:-1]:
                side = 0 if move.end == 0 else 1
                t = move.tile
                ends[side] = t.high if t.low == ends[side] else t.low
            other = ends[1] if last.end == 0 else ends[0]
        else:
            other = None
        if not tile.is_double and other in halves:  # it fits its own end, and the other
            add(BonusKind.CAPICUA, last_seat, rules.capicua_bonus, k_last)
        if tile.low == tile.high == 0:
            add(BonusKind.CHUCHAZO, last_seat, rules.chuchazo_bonus, k_last)
    out.sort(key=lambda b: b.move_number)
    return tuple(out)


def _score_concession(
    rules: Ruleset, pips: tuple[int, ...], seat: int, faults: tuple[Fault, ...], stock: int
) -> HandResult:
    """Score a hand that ``seat`` conceded (rule CONCEDE-1)."""
    teams, side_of = _sides(rules)
    loser = side_of[seat]
    if rules.concede_scoring is ConcedeScoring.AS_DOMINO:
        after = (rules.seat_after(seat, k) for k in range(1, rules.players))
        winner = next(s for s in after if side_of[s] != loser)
        out = [0 if side_of[s] == side_of[winner] else p for s, p in enumerate(pips)]
        domino = score_hand(rules, out, domino_seat=winner, faults=faults, stock=stock)
        winners = tuple(teams[side_of[winner]])
        points = domino.points
        penalties = domino.penalties
    else:
        winners = tuple(sorted(s for s in range(rules.players) if side_of[s] != loser))
        extra = score_hand(rules, [0] * rules.players, ending=Ending.FORFEIT, faults=faults)
        penalty = rules.scoring is Scoring.PENALTY
        points = tuple(
            p + (rules.concede_points if (side_of[s] == loser) == penalty else 0)
            for s, p in enumerate(extra.points)
        )
        penalties = extra.penalties
    return HandResult(
        ending=Ending.CONCEDED,
        winners=winners,
        pips=pips,
        points=points,
        faults=faults,
        penalties=penalties,
        conceded_by=seat,
    )


@functools.lru_cache(maxsize=256)
def _sides(rules: Ruleset) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """The sides, and the side of each seat."""
    teams = rules.teams
    side_of = [0] * rules.players
    for i, team in enumerate(teams):
        for seat in team:
            side_of[seat] = i
    return teams, tuple(side_of)


def _block_winners(
    rules: Ruleset,
    teams: tuple[tuple[int, ...], ...],
    pips: tuple[int, ...],
    totals: list[int],
    side_of: tuple[int, ...],
    blocked_by: int | None,
) -> list[int]:
    """The winning sides of a hand decided by comparing pips (BLOCK-7, BLOCK-8, TIE-*)."""
    if rules.block_winner is BlockWinner.LOWEST_INDIVIDUAL:
        keys = [min(pips[s] for s in team) for team in teams]
    else:
        keys = totals
    low = min(keys)
    tied = [i for i, k in enumerate(keys) if k == low]
    if len(tied) == 1:
        return tied
    tie = rules.block_tie
    if tie is BlockTie.SPLIT:
        return tied
    if tie is BlockTie.NON_BLOCKER_WINS and blocked_by is not None:
        rest = [i for i in tied if i != side_of[blocked_by]]
        if len(rest) == 1:
            return rest
    return []


def _base_points(
    rules: Ruleset, win: list[int], totals: list[int], domino: bool, went_out: int | None
) -> list[int]:
    """Points per side before stock pips, rounding and penalties.

    ``domino``: a hand emptied; ``went_out``: the side of the player who emptied it when
    that side is among the winners, else ``None``.
    """
    n = len(totals)
    points = [0] * n
    scoring = rules.scoring
    if not win:
        return points
    if scoring is Scoring.CASCADE and not domino:
        for i in range(n):
            points[i] = sum(t - totals[i] for t in totals if t > totals[i])
        return points
    if scoring is Scoring.FIXED or scoring is Scoring.FIXED_DOMINO:  # POINTS-7
        pool = rules.fixed_points if domino or scoring is Scoring.FIXED else 0
        for i in win:
            points[i] = pool // len(win)
        return points
    opp = sum(t for i, t in enumerate(totals) if i not in win)
    own = sum(totals[i] for i in win)
    if scoring is Scoring.ALL_PIPS:
        pool = opp + own
    elif scoring is Scoring.OPPONENTS_MINUS_OWN and not domino:
        pool = max(opp - own, 0)
    else:
        pool = opp
    for i in win:
        points[i] = pool // len(win)
    if went_out is not None and rules.partnership and scoring is not Scoring.ALL_PIPS:
        # PART-1, PART-2: after a split (TIE-1), only the side that went out, and only its
        # own partner's pips (the emptier holds none, so they are the side's total)
        partner = totals[went_out]
        if rules.partner_pips is PartnerPips.ADD:
            points[went_out] += partner
        elif rules.partner_pips is PartnerPips.SUBTRACT:
            points[went_out] = max(points[went_out] - partner, 0)
    return points


def _check_hand(
    rules: object,
    pips: tuple[object, ...],
    ending: object,
    domino_seat: object,
    blocked_by: object,
    faults: tuple[object, ...],
    stock: object,
) -> None:
    """Raise `ArgumentTypeError` or `ArgumentValueError` for an argument of `score_hand`
    that cannot describe a finished hand under ``rules``."""
    if not isinstance(rules, Ruleset):
        raise ArgumentTypeError(f"rules must be a Ruleset, got {_shown(rules)}", argument="rules")
    n = rules.players
    if len(pips) != n:
        raise ArgumentValueError(
            f"pips must hold one count per seat ({n}), got {len(pips)}", argument="pips"
        )
    for count in pips:
        if type(count) is not int or count < 0:
            raise ArgumentValueError(
                f"pips must hold pip counts (ints from 0), got {_shown(count)}", argument="pips"
            )
    if ending is not None and not isinstance(ending, Ending):
        raise ArgumentTypeError(
            f"ending must be an Ending or None, got {_shown(ending)}", argument="ending"
        )
    for name, seat in (("domino_seat", domino_seat), ("blocked_by", blocked_by)):
        if seat is not None and (type(seat) is not int or not 0 <= seat < n):
            raise ArgumentValueError(
                f"{name} must be a seat from 0 to {n - 1} or None, got {_shown(seat)}",
                argument=name,
            )
    if ending is Ending.DOMINO and domino_seat is None:
        raise ArgumentValueError(
            "domino_seat must be given for a hand that ended in a domino", argument="domino_seat"
        )
    for fault in faults:
        if not isinstance(fault, Fault) or not 0 <= fault.seat < n:
            raise ArgumentValueError(
                f"faults must hold Fault values of seats 0 to {n - 1}, got {_shown(fault)}",
                argument="faults",
            )
    if type(stock) is not int or stock < 0:
        raise ArgumentValueError(
            f"stock must be a pip count from 0, got {_shown(stock)}", argument="stock"
        )


def check_result(rules: Ruleset, result: HandResult) -> None:
    """Refuse anything but a `HandResult` that scores every seat of ``rules``.

    Raises:
        ArgumentTypeError: ``rules`` is not a `Ruleset` or ``result`` not a `HandResult`.
        ArgumentValueError: ``result`` does not score one entry per seat of ``rules``.
    """
    if not isinstance(rules, Ruleset):
        raise ArgumentTypeError(f"rules must be a Ruleset, got {_shown(rules)}", argument="rules")
    if not isinstance(result, HandResult):
        raise ArgumentTypeError(
            f"result must be a HandResult, got {_shown(result)}", argument="result"
        )
    if len(result.points) != rules.players:
        raise ArgumentValueError(
            f"result must score the {rules.players} seats of the ruleset, "
            f"but it scores {len(result.points)}",
            argument="result",
        )


def zero_sum_returns(rules: Ruleset, result: HandResult) -> tuple[float, ...]:
    """Per seat, its side's points minus the mean of the other sides' points, negated
    under `Scoring.PENALTY` (where points count against a side): the zero-sum reward
    of a hand for learning agents, the same for partners. Computed exactly, then
    rounded once.

    >>> rules = Ruleset.block(players=3)
    >>> result = score_hand(rules, [0, 4, 9], domino_seat=0)
    >>> result.points, zero_sum_returns(rules, result)
    ((13, 0, 0), (13.0, -6.5, -6.5))
    """
    check_result(rules, result)
    sign = -1 if rules.scoring is Scoring.PENALTY else 1
    teams = rules.teams
    side_points = [result.points[team[0]] for team in teams]
    total = sum(side_points)
    others = len(teams) - 1
    out = [0.0] * rules.players
    for team, p in zip(teams, side_points, strict=True):
        for seat in team:
            out[seat] = float(sign * (p - Fraction(total - p, others)))
    return tuple(out)
