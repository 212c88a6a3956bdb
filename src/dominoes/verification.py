"""The verification round that establishes a blocked hand (rules VERIFY-1 to VERIFY-4).

Seed 000 does not let a hand be called blocked by looking at every hand. A player
who can neither play nor draw passes, and so *proposes* the block; then, in
playing order, each next player either plays (and the round is void) or confirms
with a pass. The hand is blocked only when every seat, starting with the
proposer, has confirmed in one unbroken round.
"""

from __future__ import annotations

import attrs

from dominoes.errors import ArgumentTypeError, ArgumentValueError
from dominoes.errors import shown as _shown

__all__ = ["VerificationRound"]


@attrs.frozen(kw_only=True, repr=False)
class VerificationRound:
    """A verification round: who proposed the block and who has confirmed it so far.

    ``confirmed`` always starts with the proposer (whose pass opened the round)
    and lists the seats that passed after it, in order.

    >>> VerificationRound.after(2, 1, 4, step=-1)
    VerificationRound(proposer=2, confirmed=(2,), players=4, step=-1)
    """

    proposer: int
    """The seat whose pass opened the round."""
    confirmed: tuple[int, ...]
    """The seats that have passed in this round, proposer first."""
    players: int
    """The number of seats; the round is complete when all of them confirmed."""
    step: int = 1
    """``1`` when the turn passes clockwise, ``-1`` counter-clockwise (rule TURN-1); the
    repr shows it only when it is ``-1``."""

    def __repr__(self) -> str:
        step = "" if self.step == 1 else f", step={self.step}"
        return (
            f"VerificationRound(proposer={self.proposer}, confirmed={self.confirmed}, "
            f"players={self.players}{step})"
        )

    @classmethod
    def after(cls, proposer: int, count: int, players: int, *, step: int = 1) -> VerificationRound:
        """The round opened by ``proposer`` once ``count`` seats (proposer first, in
        playing order) have confirmed; ``step`` is ``-1`` when the turn passes
        counter-clockwise (rule TURN-1).

        >>> VerificationRound.after(2, 2, 3).confirmed
        (2, 0)
        >>> VerificationRound.after(2, 2, 3, step=-1).confirmed
        (2, 1)

        Raises:
            ArgumentTypeError: an argument is not an ``int`` (a `TypeError`).
            ArgumentValueError: ``players`` is below 2, ``proposer`` is not a seat, or
                ``count`` is not from 1 to ``players`` (a `ValueError`).
        """
        for name, value in (
            ("proposer", proposer),
            ("count", count),
            ("players", players),
            ("step", step),
        ):
            if type(value) is not int:
                raise ArgumentTypeError(
                    f"{name} must be an int, got {_shown(value)}", argument=name
                )
        if step not in (1, -1):
            raise ArgumentValueError(f"step must be 1 or -1, got {step}", argument="step")
        if players < 2:
            raise ArgumentValueError(
                f"players must be 2 or more, got {players}", argument="players"
            )
        if not 0 <= proposer < players:
            raise ArgumentValueError(
                f"proposer must be a seat from 0 to {players - 1}, got {proposer}",
                argument="proposer",
            )
        if not 1 <= count <= players:
            raise ArgumentValueError(
                f"count must be from 1 to {players} (the proposer confirms first), got {count}",
                argument="count",
            )
        return cls(
            proposer=proposer,
            confirmed=tuple((proposer + step * k) % players for k in range(count)),
            players=players,
            step=step,
        )

    @property
    def complete(self) -> bool:
        """Whether every seat has confirmed: the hand is blocked."""
        return len(self.confirmed) == self.players

    @property
    def waiting_for(self) -> tuple[int, ...]:
        """The seats still to confirm, in playing order.

        >>> VerificationRound.after(2, 2, 4).waiting_for
        (0, 1)
        >>> VerificationRound.after(2, 2, 4, step=-1).waiting_for
        (0, 3)
        """
        n = self.players
        k = len(self.confirmed)
        return tuple((self.proposer + self.step * i) % n for i in range(k, n))
