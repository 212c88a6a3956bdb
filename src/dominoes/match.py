"""Match play: a series of hands to a target score (rules MATCH-1 to MATCH-10).

A `Match` is immutable like `HandState`. Moves go to the current hand through
`Match.apply`; when a hand ends its points are added to the scores at once, and
`Match.next_hand` deals the next one. Every hand's deal comes from one seed, so a
whole match is reproducible from ``(rules, seed)`` and the moves. `Match.concede`
ends the current hand conceded, or the whole match (rules CONCEDE-1 and CONCEDE-2).
The winners of the first hands won score `Ruleset.game_order_bonus` on top (rule
BONUS-5, `Match.game_order_points`). A match of a train game or of Chicken Foot plays
each hand with the double its schedule gives (rule TRAIN-2, `Ruleset.hand_double`) and
ends after the schedule's last hand.
"""

from __future__ import annotations

import random
from typing import Any

import attrs

from dominoes.deal import Deal
from dominoes.errors import ArgumentTypeError, IllegalMoveError, IllegalMoveReason, MatchError
from dominoes.errors import shown as _shown
from dominoes.moves import Move, Play
from dominoes.rules import BlockTie, DrawnLead, NextLead, Opening, PlayScoring, Ruleset, Scoring
from dominoes.scoring import Ending, HandResult, credit
from dominoes.state import HandState
from dominoes.tiles import Tile

__all__ = ["Match"]


def _no_credit(match: Match) -> tuple[tuple[int, ...], ...]:
    """Zeros for every hand of ``match`` (the default of `Match.credited`)."""
    return ((0,) * len(match.scores),) * (len(match.hands) + 1)


def hand_seed(seed: int, number: int) -> str:
    """The seed of hand ``number`` (0-based) of the match with ``seed``.

    A string, so that `random.Random` hashes it the same way on every platform.
    """
    return f"dominoes-match:{seed}:{number}"


@attrs.frozen(kw_only=True)
class Match:
    """A match: the hands played so far, the scores, and the hand in progress.

    ``hands`` keeps the final state of every finished hand before the current one, so a
    match is recorded whole by ``MatchRecord.from_match(match)`` and resumed from its
    record (``record.final``; see docs/recording.md).

    ``scores`` are per seat (both partners show their side's score). Under
    `Scoring.PENALTY` they are penalty points and the lowest total wins. They are the
    points credited (`dominoes.scoring.credit`, rules MATCH-8 to MATCH-10), which may be
    fewer than the hands' ``results`` gave.

    >>> from dominoes import Ruleset
    >>> m = Match.start(Ruleset.block(players=2, target=50), seed=1)
    >>> while not m.is_over:
    ...     if m.state.is_over:
    ...         m = m.next_hand()
    ...     m = m.apply(m.state.legal_moves()[0])
    >>> m.winner, max(m.scores) >= 50
    ((0,), True)
    """

    rules: Ruleset
    """The match's rules (the first hand is opened by ``rules.opening``)."""
    seed: int
    """The seed every hand's deal is drawn from."""
    state: HandState
    """The hand in progress (or the last one, once it is over)."""
    hands: tuple[HandState, ...] = ()
    """The final state of every hand before the current one, in order (`next_hand` adds
    the hand that just ended): with `state`, the whole match, each hand with its history.
    In a match played from `start`, ``len(hands) == hand_number``."""
    results: tuple[HandResult, ...] = ()
    """The results of the finished hands, in order (the current hand's once it ends)."""
    scores: tuple[int, ...]
    """Cumulative points per seat."""
    conceded_by: int | None = None
    """The seat that conceded the whole match (rule CONCEDE-2), or ``None``. A conceded
    match is over at once, and its `winner` is never the conceding side."""
    credited: tuple[tuple[int, ...], ...] = attrs.field(
        default=attrs.Factory(_no_credit, takes_self=True)
    )
    """The points the match credited for each hand, per seat: one entry per hand of
    ``(*hands, state)``, the current hand's so far last. They may be fewer than the
    points the hand gave (its `results` entry, its steps' ``points``) under rules
    MATCH-8 to MATCH-10 (`dominoes.scoring.credit`); a replay of the match credits the
    same. Left out, every hand's entry is zeros."""

    @classmethod
    def start(cls, rules: Ruleset, *, seed: int = 0, deal: Deal | None = None) -> Match:
        """A new match: scores at zero and the first hand dealt from ``seed``.

        Give ``deal`` to play the first hand with that deal instead (a real game).

        Raises:
            ArgumentTypeError: ``seed`` is not an ``int``, ``rules`` not a `Ruleset` or
                ``deal`` not a `Deal` (a `TypeError`).
            DealError: ``deal`` does not fit ``rules``.
        """
        if type(seed) is not int:
            raise ArgumentTypeError(f"seed must be an int, got {_shown(seed)}", argument="seed")
        if not isinstance(rules, Ruleset):
            raise ArgumentTypeError(
                f"rules must be a Ruleset, got {_shown(rules)}", argument="rules"
            )
        _check_deal(deal)
        state = _deal(rules, seed, 0, deal)
        return cls(rules=rules, seed=seed, state=state, scores=(0,) * rules.players)

    # ------------------------------------------------------------------ reading
    @property
    def hand_rules(self) -> Ruleset:
        """The rules of the current hand: `rules`, with the leader of a later hand set as
        `Ruleset.next_lead` says and, in a train game or Chicken Foot, the hand's engine
        (`Ruleset.engine`) or root double (`Ruleset.opening_tile`) set as the schedule
        says (rule TRAIN-2, `Ruleset.hand_double`).

        >>> from dominoes import Ruleset
        >>> m = Match.start(Ruleset.preset("chicken-foot"), seed=1)
        >>> m.hand_rules.opening_tile, m.hand_rules.schedule_hands
        (Tile(9, 9), 10)
        """
        return self.state.rules

    @property
    def hand_number(self) -> int:
        """The 0-based number of the current hand."""
        return len(self.results) - (1 if self.state.is_over else 0)

    @property
    def target(self) -> int:
        """The score that ends the match (rule MATCH-1). A match with a schedule (a train
        game or Chicken Foot, rule TRAIN-2) ends on a score only when `Ruleset.target` is
        set; without it no score ends it, and this is MATCH-1's default, unused."""
        return self.rules.match_target

    @property
    def is_over(self) -> bool:
        """Whether the match has ended: a side reached the target, or the hand limit, or
        the last hand of the schedule (rule TRAIN-2: a match with a schedule ends on a
        score only when `Ruleset.target` is set), or a seat conceded the match (rule
        CONCEDE-2)."""
        if self.conceded_by is not None:
            return True
        rules = self.rules
        if not self.state.is_over and rules.play_scoring is PlayScoring.NONE:
            return False
        if max(self.scores) >= self.target and (  # mid-hand too when plays score (MATCH-7)
            rules.target is not None or rules.schedule_double is None
        ):
            return True
        if not self.state.is_over:
            return False
        played = len(self.results)
        limit = rules.hands_limit
        if limit is not None and played >= limit:
            return True
        hands = rules.schedule_hands
        return hands is not None and played >= hands

    @property
    def game_order_points(self) -> tuple[tuple[int, ...], ...]:
        """Rule BONUS-5: for each finished hand (`results`), the points per seat of
        its game-order bonus, which `scores` include.

        The winners of the ``k``-th hand of the match that has winners (in `results`)
        score ``rules.game_order_bonus[k]``, however the hand ended; a hand without
        winners is not counted, and hands after the last number score none.

        >>> from dominoes import Ruleset
        >>> m = Match.start(Ruleset.block(game_order_bonus=(100, 75)), seed=3)
        >>> m = m.concede(1)  # seat 1 concedes the first hand: seat 0 wins it
        >>> m.game_order_points, m.results[-1].points, m.scores
        (((100, 0),), (39, 0), (139, 0))
        """
        return _order_points(self.rules, self.results)

    @property
    def winner(self) -> tuple[int, ...] | None:
        """The winning side's seats once the match is over; ``None`` before, or on a tie.

        The highest score wins (under `Scoring.PENALTY`, the lowest), so when both
        sides pass the target in the same hand the higher one wins (rule MATCH-1). In a
        match a seat conceded (rule CONCEDE-2) the conceding side never wins: with two
        sides the other one wins, whatever the scores; with more, the best score among
        the others (``None`` if several share it).
        """
        if not self.is_over:
            return None
        sides = self.rules.teams
        if self.conceded_by is not None:
            sides = tuple(team for team in sides if self.conceded_by not in team)
        totals = [self.scores[team[0]] for team in sides]
        best = min(totals) if self.rules.scoring is Scoring.PENALTY else max(totals)
        leaders = [team for team, total in zip(sides, totals, strict=True) if total == best]
        return leaders[0] if len(leaders) == 1 else None

    # ------------------------------------------------------------------ moves
    def apply(self, move: Move, *, seat: int | None = None) -> Match:
        """The match after ``move`` in the current hand (see `HandState.apply`).

        The points a play scores (rules PLAY-1 to PLAY-3) are added to the scores as it
        is made, and a side that reaches the target with them wins the match at once, in
        the middle of the hand (rule MATCH-7); when the move ends the hand, its end
        points are added (with the final play's points, as one score), and its game-order
        bonus (rule BONUS-5) with them. Every score is credited through
        `dominoes.scoring.credit` (rules MATCH-8 to MATCH-10): the hand keeps the points the
        table gave, the scores what the match credited.

        Raises:
            IllegalMoveError: the move is not legal in the current hand.
            MatchError: the match is over (a `ValueError`).
        """
        if self.is_over and not self.state.is_over:
            raise MatchError("the match is over")
        state = self.state.apply(move, seat=seat)
        before = self.state.play_points
        gained = state.play_points
        play = () if gained == before else tuple(p - q for p, q in zip(gained, before, strict=True))
        if not state.is_over:
            if not play:
                return attrs.evolve(self, state=state)
            return attrs.evolve(self, state=state, **_credited(self, play, ()))
        result = state.result
        assert result is not None
        credited = _credited(self, play, _end_and_order(self, result))
        return attrs.evolve(self, state=state, results=(*self.results, result), **credited)

    def concede(self, seat: int, *, match: bool = False) -> Match:
        """The match after ``seat`` concedes the current hand, or with ``match=True`` the
        whole match (rules CONCEDE-1 and CONCEDE-2): a player leaves, a clock runs out.

        Conceding the hand ends it with `Ending.CONCEDED` (`HandState.concede`): its
        points are added to the scores as for any hand, and the match goes on with
        `next_hand` unless that hand ended it (its game-order bonus, rule BONUS-5, goes
        to its winners as for any hand). Conceding the match first concedes the
        current hand if it is not over (its points are added), then ends the match at
        once, whatever the scores: `conceded_by` names the seat, and the `winner` is the
        other side (with three or more sides, the best score among the others). Any seat
        may concede, whoever is to move; between hands only the match can be conceded.

        >>> from dominoes import Ruleset
        >>> m = Match.start(Ruleset.block(), seed=3)
        >>> m = m.concede(1)  # seat 1, to lead, concedes the first hand
        >>> m.results[-1].ending.name, m.scores, m.is_over
        ('CONCEDED', (39, 0), False)
        >>> m = m.next_hand().concede(0, match=True)  # seat 0 leaves the match
        >>> m.conceded_by, m.is_over, m.winner, m.scores
        (0, True, (1,), (39, 39))

        Raises:
            IllegalMoveError: ``seat`` is not at the table (`IllegalMoveReason.NO_SUCH_SEAT`),
                or the hand is over and only the hand is conceded
                (`IllegalMoveReason.HAND_OVER`).
            MatchError: the match is over (a `ValueError`).
            ArgumentTypeError: ``match`` is not a ``bool`` (a `TypeError`).
        """
        if type(match) is not bool:
            raise ArgumentTypeError(
                f"match must be True or False, got {_shown(match)}", argument="match"
            )
        if type(seat) is not int or not 0 <= seat < self.rules.players:
            raise IllegalMoveError(
                f"illegal move concede by seat {seat!r}: "
                f"{IllegalMoveReason.NO_SUCH_SEAT.text} (seats are 0 to {self.rules.players - 1})",
                move="concede",
                state=self.state,
                reason=IllegalMoveReason.NO_SUCH_SEAT,
                seat=seat,
            )
        if self.is_over:
            raise MatchError("the match is over")
        done = self
        if not self.state.is_over or not match:
            state = self.state.concede(seat)  # refuses a hand that is over
            result = state.result
            assert result is not None
            credited = _credited(self, (), _end_and_order(self, result))
            done = attrs.evolve(self, state=state, results=(*self.results, result), **credited)
        return attrs.evolve(done, conceded_by=seat) if match else done

    def next_hand(self, deal: Deal | None = None) -> Match:
        """The match with the next hand dealt, led as `Ruleset.next_lead` says, with the
        double of the schedule in a train game or Chicken Foot (rule TRAIN-2,
        `hand_rules`).

        The deal comes from the match's seed, or is ``deal`` when given (a real game).

        Raises:
            MatchError: the current hand is not over, or the match is (a `ValueError`).
            ArgumentTypeError: ``deal`` is not a `Deal` (a `TypeError`).
            DealError: ``deal`` does not fit the rules.
        """
        _check_deal(deal)
        if not self.state.is_over:
            raise MatchError("the current hand is not over")
        if self.is_over:
            raise MatchError("the match is over")
        number = len(self.results)
        rules = _hand_rules(self.rules, number, _next_leader(self.rules, self.state))
        state = _deal(rules, self.seed, number, deal)
        credited = (*self.credited, (0,) * len(self.scores))
        return attrs.evolve(self, state=state, hands=(*self.hands, self.state), credited=credited)


def _credited(match: Match, play: tuple[int, ...], end: tuple[int, ...]) -> dict[str, Any]:
    """The fields ``scores`` and ``credited`` of ``match`` after its side's share of
    ``play`` (the points a play gave, per seat) and ``end`` (the end points of the hand,
    per seat; ``()``: none) are credited through `credit` (rules MATCH-8 to MATCH-10),
    side by side."""
    scores = list(match.scores)
    hand = list(match.credited[-1]) if match.credited else [0] * len(scores)
    for team in match.rules.teams:
        seat = team[0]
        p = play[seat] if play else 0
        e = end[seat] if end else 0
        if p or e:
            gained = credit(match.rules, scores[seat], play=p, end=e)
            for s in team:
                scores[s] += gained
                hand[s] += gained
    credited = (*match.credited[:-1], tuple(hand))
    return {"scores": tuple(scores), "credited": credited}


def _end_and_order(match: Match, result: HandResult) -> tuple[int, ...]:
    """The end points of the hand ``result`` ends, per seat, with its game-order bonus
    (rule BONUS-5), which the match credits with them as one score."""
    order = _order_points(match.rules, (*match.results, result))[-1]
    return tuple(e + b for e, b in zip(result.end_points, order, strict=True))


def _order_points(rules: Ruleset, results: tuple[HandResult, ...]) -> tuple[tuple[int, ...], ...]:
    """Rule BONUS-5: each hand's game-order bonus per seat (`Match.game_order_points`)."""
    bonus = rules.game_order_bonus
    out = []
    won = 0  # hands with winners before this one
    for result in results:
        points = bonus[won] if result.winners and won < len(bonus) else 0
        won += bool(result.winners)
        out.append(tuple(points if s in result.winners else 0 for s in range(rules.players)))
    return tuple(out)


def _hand_rules(rules: Ruleset, number: int, leader: int | None) -> Ruleset:
    """The rules of hand ``number`` (from 1) of a match under ``rules``: led by
    ``leader`` with any tile (``None``: by the opening rule), with the double of the
    schedule (rule TRAIN-2). In Chicken Foot the holder of the hand's root double leads
    it (the opening rule), whatever `Ruleset.next_lead` says."""
    first = rules.schedule_double
    if first is None:
        if leader is None:
            return rules
        return attrs.evolve(
            rules, opening=Opening.SEAT_ANY_TILE, opening_seat=leader, opening_tile=None
        )
    double = rules.hand_double(number)
    if rules.trains:  # (a train game opens with any tile: opening_seat moves first)
        changes: dict[str, Any] = {} if leader is None else {"opening_seat": leader}
        if double != first:
            changes["engine"] = double
    else:  # Chicken Foot: the root double is the opening tile
        changes = {} if double == first else {"opening_tile": Tile(double, double)}
    return attrs.evolve(rules, **changes) if changes else rules


def _check_deal(deal: object) -> None:
    if deal is not None and not isinstance(deal, Deal):
        raise ArgumentTypeError(f"deal must be a Deal or None, got {_shown(deal)}", argument="deal")


def _deal(rules: Ruleset, seed: int, number: int, deal: Deal | None) -> HandState:
    if deal is None:
        deal = Deal.random(rules, rng=random.Random(hand_seed(seed, number)))
    return HandState.start(rules, deal)


def _leader(state: HandState) -> int:
    """The seat that laid the first tile of a hand. A hand conceded before its lead
    (rule CONCEDE-1) has none: its leader is the seat that was first to move in it,
    the one its opening rule called on (the seat to lead, or under LEAD-5 the first to
    draw for a double). In a train game, the seat that moved first (TRAIN-2: the one who
    started the hand, which may draw before anyone lays a tile)."""
    if state.rules.trains and state.history:
        return state.history[0].seat
    for step in state.history:
        if isinstance(step.move, Play):
            return step.seat
    if state.history:  # LEAD-5: the draws for a double, and no lead yet
        return state.history[0].seat
    return HandState.start(state.rules, Deal(hands=state.hands, boneyard=state.boneyard)).turn


def _next_leader(rules: Ruleset, last: HandState) -> int | None:
    """The seat that leads the next hand with any tile, or ``None`` for the opening rule."""
    result = last.result
    assert result is not None
    n = rules.players
    led = _leader(last)
    if not result.winners:
        # TIE-2 (the next player leads) overrides drawn_lead (MATCH-4)
        if rules.block_tie is BlockTie.NO_SCORE_NEXT_LEADS or (
            rules.drawn_lead is DrawnLead.NEXT_PLAYER
        ):
            return rules.seat_after(led)
        if rules.drawn_lead is DrawnLead.SAME_LEADER:
            return led
        return None
    if rules.next_lead is NextLead.ROTATE:
        return rules.seat_after(led)
    if rules.next_lead is NextLead.OPENING_RULE:
        return None
    if result.ending is Ending.DOMINO and result.domino_seat in result.winners:
        return result.domino_seat
    start = result.blocked_by if result.blocked_by is not None else last.turn
    for k in range(n):
        seat = rules.seat_after(start, k)
        if seat in result.winners:
            return seat
    raise AssertionError("unreachable: a hand with winners has a winning seat")  # pragma: no cover
