"""End-of-hand results and scoring (rules BLOCK-6 to BLOCK-9 and SCORE-1)."""

from __future__ import annotations

import enum
from collections.abc import Sequence

import attrs

from dominoes.rules import Ruleset
from dominoes.verification import VerificationRound

__all__ = ["Ending", "HandResult", "score_hand"]


class Ending(enum.Enum):
    """How a hand ended."""

    DOMINO = "domino"
    """A player laid their last tile (rule BLOCK-6)."""
    BLOCKED = "blocked"
    """A verification round confirmed that nobody can play (rules VERIFY-1 to VERIFY-3)."""


@attrs.frozen(kw_only=True)
class HandResult:
    """The outcome of a finished hand.

    ``points`` are the points scored this hand, per seat; in partnership both
    partners show their side's score. A drawn hand has no winners and scores 0.
    """

    ending: Ending
    """How the hand ended."""
    winners: tuple[int, ...]
    """The winning seats (both partners in partnership; empty when drawn)."""
    pips: tuple[int, ...]
    """The pips left in each seat's hand."""
    points: tuple[int, ...]
    """Points scored this hand, per seat."""
    domino_seat: int | None = None
    """For a hand won by a domino, the seat that laid its last tile."""
    verification: VerificationRound | None = None
    """For a blocked hand, the round that confirmed it."""

    @property
    def is_draw(self) -> bool:
        """Whether the hand was drawn (blocked with equal lowest totals)."""
        return not self.winners


def score_hand(
    rules: Ruleset,
    pips: Sequence[int],
    *,
    domino_seat: int | None,
    verification: VerificationRound | None = None,
) -> HandResult:
    """Score a finished hand from the pips left in each hand.

    ``domino_seat`` is the seat that emptied its hand, or ``None`` for a blocked
    hand (then ``verification`` is the completed round).

    Rules: BLOCK-6 (first to empty their hand wins), BLOCK-7 and BLOCK-8 (a blocked
    hand is won by the lowest total, the side's total in partnership; equal lowest
    totals draw the hand), SCORE-1 (the winning side scores the pips left in all its
    opponents' hands).
    """
    pips = tuple(pips)
    teams = rules.teams
    if domino_seat is not None:
        side = rules.team_of(domino_seat)
        ending = Ending.DOMINO
    else:
        totals = [sum(pips[s] for s in team) for team in teams]
        low = min(totals)
        lowest = [team for team, total in zip(teams, totals, strict=True) if total == low]
        side = lowest[0] if len(lowest) == 1 else ()
        ending = Ending.BLOCKED
    if side:
        score = sum(p for seat, p in enumerate(pips) if seat not in side)
        points = tuple(score if seat in side else 0 for seat in range(rules.players))
    else:
        points = (0,) * rules.players
    return HandResult(
        ending=ending,
        winners=side,
        pips=pips,
        points=points,
        domino_seat=domino_seat,
        verification=verification,
    )
