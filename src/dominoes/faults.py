"""Faults: moves a real table would let happen and then penalise (seed 000).

"A player who conceals a playable tile or falsely announces that they cannot play
commits a fault, which can lead to penalties." In the default strict mode such a
move is refused. With ``Ruleset(faults=FaultMode.TOLERANT)`` it is accepted,
recorded as a `Fault` on the state and in the result, and penalised as
`Ruleset.fault_penalty` says (rules FAULT-1 to FAULT-5).
"""

from __future__ import annotations

import enum

import attrs

__all__ = ["Fault", "FaultKind"]


class FaultKind(enum.Enum):
    """What the fault was."""

    FALSE_PASS = "false_pass"
    """A pass while holding a playable tile, or while the rules say to draw."""
    FORBIDDEN_DRAW = "forbidden_draw"
    """A draw while able to play, where the rules do not allow voluntary drawing."""
    FALSE_CLAIM = "false_claim"
    """Rule CLAIM-3: a claim of another number than the score just made (an over-claim
    or an under-claim); nothing is credited."""


@attrs.frozen(kw_only=True)
class Fault:
    """A fault: who committed it, what it was, and at which move of the hand."""

    seat: int
    """The seat at fault."""
    kind: FaultKind
    """What the fault was."""
    move_number: int
    """The index in `HandState.history` of the faulty move (0 is the lead)."""
