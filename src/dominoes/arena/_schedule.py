"""The arena's schedule: deals and match seeds, each played under every seating."""

from __future__ import annotations

import random
from collections.abc import Sequence

from dominoes.agents import Agent
from dominoes.errors import ArgumentValueError, DominoesError
from dominoes.rules import Ruleset
from dominoes.simulation import (
    HandOutcome,
    MatchOutcome,
    check_int_seed,
    deal_for,
    play_hand,
)
from dominoes.stats import check_count


def seatings(players: int, agents: int) -> tuple[tuple[int, ...], ...]:
    """The seatings every deal is played under: ``seatings[r][s]`` is the agent at seat ``s``.

    Agent ``i`` sits at seat ``s`` in seating ``r`` when ``(s + r) % agents == i``, so each
    agent sits at each seat exactly once per deal.

    >>> seatings(2, 2)
    ((0, 1), (1, 0))
    >>> seatings(4, 2)
    ((0, 1, 0, 1), (1, 0, 1, 0))
    >>> seatings(3, 3)
    ((0, 1, 2), (1, 2, 0), (2, 0, 1))

    Raises:
        ArgumentTypeError: an argument is not an int (a `TypeError`).
        ArgumentValueError: ``players`` is below 2, or ``agents`` is not from 1 to
            ``players`` (a `ValueError`).
    """
    check_count(players, "players", 2)
    check_count(agents, "agents", 1)
    if agents > players:
        raise ArgumentValueError(
            f"agents must be at most players ({players}), got {agents}", argument="agents"
        )
    return tuple(tuple((s + r) % agents for s in range(players)) for r in range(agents))


class ArenaError(DominoesError):
    """A hand or match of an arena run failed (an agent raised, or chose an illegal move).

    The message names the deal (or match) and the seating and carries the original
    error's type, message and notes; in the same process the original error is also the
    ``__cause__``. It can be pickled, so it reaches the caller from worker processes too.
    """


def _failure(what: str, seating: int, seed: int, error: Exception) -> ArenaError:
    notes = "".join(f"; {note}" for note in getattr(error, "__notes__", ()))
    return ArenaError(
        f"{what}, seating {seating} (seed {seed}): {type(error).__name__}: {error}{notes}"
    )


def match_seed_for(seed: int, index: int) -> int:
    """The seed of match ``index`` of the match-mode arena run with ``seed``.

    An integer (as `Match.start` wants) drawn from the string seed
    ``"dominoes-arena:match:{seed}:{index}"``; every seating of the match uses it.

    >>> match_seed_for(0, 1) == match_seed_for(0, 1) != match_seed_for(0, 2)
    True

    Raises:
        ArgumentTypeError: ``seed`` or ``index`` is not an int (a `TypeError`).
        ArgumentValueError: ``index`` is negative (a `ValueError`).
    """
    check_int_seed(seed)
    check_count(index, "index", 0)
    return random.Random(f"dominoes-arena:match:{seed}:{index}").getrandbits(62)


def _play_deal(rules: Ruleset, agents: Sequence[Agent], seed: int, index: int) -> list[HandOutcome]:
    """Every seating of deal ``index``: the outcomes, in seating order."""
    deal = deal_for(rules, f"{seed}:{index}")
    out = []
    for r, seating in enumerate(seatings(rules.players, len(agents))):
        try:
            final = play_hand(
                rules, [agents[i] for i in seating], seed=f"{seed}:{index}:{r}", deal=deal
            )
        except Exception as e:
            raise _failure(f"deal {index}", r, seed, e) from e
        out.append(HandOutcome.of(final, deal=index, seating=r, agents=seating))
    return out


def _play_matches(
    rules: Ruleset, agents: Sequence[Agent], seed: int, index: int
) -> list[MatchOutcome]:
    """Every seating of match ``index``: the outcomes, in seating order.

    Each seating plays the same match seed; the agents' generators come from
    ``f"{seed}:match:{index}:{seating}"`` (see `play_match`).
    """
    match_seed = match_seed_for(seed, index)
    out = []
    for r, seating in enumerate(seatings(rules.players, len(agents))):
        try:
            outcome = MatchOutcome.play(
                rules,
                [agents[i] for i in seating],
                match=index,
                seed=match_seed,
                seating=r,
                agents=seating,
                agent_seed=f"{seed}:match:{index}:{r}",
            )
        except Exception as e:
            raise _failure(f"match {index}", r, seed, e) from e
        out.append(outcome)
    return out


def play_deals(
    rules: Ruleset, agents: tuple[Agent, ...], seed: int, start: int, stop: int
) -> list[HandOutcome]:
    """Deals ``start`` to ``stop - 1`` of the arena run with ``seed``, every seating of
    each: one chunk of work (a top-level function, so that worker processes unpickle it)."""
    out: list[HandOutcome] = []
    for index in range(start, stop):
        out.extend(_play_deal(rules, agents, seed, index))
    return out


def play_match_seeds(
    rules: Ruleset, agents: tuple[Agent, ...], seed: int, start: int, stop: int
) -> list[MatchOutcome]:
    """Match seeds ``start`` to ``stop - 1`` of the match-mode arena run with ``seed``,
    every seating of each: one chunk of work (top level, so that workers unpickle it)."""
    out: list[MatchOutcome] = []
    for index in range(start, stop):
        out.extend(_play_matches(rules, agents, seed, index))
    return out
