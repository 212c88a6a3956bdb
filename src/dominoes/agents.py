"""Agents: players that choose a move from an `Observation` (never the full state).

Built in: `RandomAgent`, `GreedyAgent` (heaviest playable tile first) and
`SearchAgent` (perfect-information Monte Carlo: it samples worlds consistent with
what it saw, tries each legal move in each, finishes the hand with random play,
and keeps the move with the best mean score).
"""

from __future__ import annotations

import random
from typing import Protocol, runtime_checkable

import attrs

from dominoes.moves import Move, Play
from dominoes.observation import Observation
from dominoes.rules import Scoring
from dominoes.scoring import HandResult
from dominoes.state import HandState, random_playout

__all__ = ["Agent", "GreedyAgent", "RandomAgent", "SearchAgent", "rollout", "side_margin"]


@runtime_checkable
class Agent(Protocol):
    """Anything with ``choose(observation, rng) -> Move``; it must return a legal move."""

    def choose(self, observation: Observation, rng: random.Random) -> Move:
        """The move to make, chosen from what the seat knows."""
        ...  # pragma: no cover


@attrs.frozen
class RandomAgent:
    """Plays a uniformly random legal move."""

    def choose(self, observation: Observation, rng: random.Random) -> Move:
        """A random legal move."""
        moves = observation.legal_moves()
        return moves[rng.randrange(len(moves))]


@attrs.frozen
class GreedyAgent:
    """Lays the heaviest playable tile (ties: the higher end, then the left end first);
    draws or passes when it must."""

    def choose(self, observation: Observation, rng: random.Random) -> Move:
        """The heaviest play, else the forced move."""
        return heaviest(observation.legal_moves())


def heaviest(moves: tuple[Move, ...]) -> Move:
    """The heaviest play among ``moves`` (a forced draw or pass if there is none)."""
    best = moves[0]
    best_key = (-1, -1, 0)
    for move in moves:
        if isinstance(move, Play):
            key = (move.tile.pips, move.tile.high, -int(move.end or 0))
            if key > best_key:
                best, best_key = move, key
    return best


def side_margin(
    result: HandResult, seat: int, players: int, partnership: bool, *, penalty: bool = False
) -> float:
    """The points of ``seat``'s side minus the best other side's, for one hand.

    Under `Scoring.PENALTY` (points count against a side) the sign is turned, so a
    larger margin is always better.
    """
    mine = result.points[seat]
    others = [
        result.points[s]
        for s in range(players)
        if s != seat and not (partnership and s % 2 == seat % 2)
    ]
    if penalty:
        return float(min(others) - mine)
    return float(mine - max(others))


def rollout(state: HandState, rng: random.Random, *, greedy: bool = False) -> HandState:
    """Finish a hand and return the final state: uniformly random legal moves, or with
    ``greedy`` the heaviest playable tile every time."""
    if not greedy:
        return random_playout(state, rng)
    while not state.is_over:
        state = state.apply(heaviest(state.legal_moves()))
    return state


@attrs.frozen(kw_only=True)
class SearchAgent:
    """Perfect-information Monte Carlo search over sampled worlds.

    For each of ``worlds`` worlds drawn uniformly from the observation, every legal
    move is played and the hand finished by playouts (``rollouts`` per move and
    world; random moves by default, or greedy ones); the move with the best mean
    margin (``side_margin``) wins. The
    budget is ``worlds * rollouts * (number of legal moves)`` playouts.
    """

    worlds: int = attrs.field(default=8, validator=attrs.validators.ge(1))
    """Worlds sampled per decision."""
    rollouts: int = attrs.field(default=2, validator=attrs.validators.ge(1))
    """Playouts per move and world."""
    greedy_rollouts: bool = False
    """Finish the playouts with the greedy policy instead of uniformly random moves."""

    def choose(self, observation: Observation, rng: random.Random) -> Move:
        """The move with the best mean margin over the sampled worlds."""
        moves = observation.legal_moves()
        if len(moves) == 1:
            return moves[0]
        rules = observation.rules
        seat = observation.seat
        totals = [0.0] * len(moves)
        for _ in range(self.worlds):
            world = observation.sample(rng)
            for k, move in enumerate(moves):
                after = world.apply(move)
                for _ in range(self.rollouts):
                    final = rollout(after, rng, greedy=self.greedy_rollouts)
                    result = final.result
                    assert result is not None
                    totals[k] += side_margin(
                        result,
                        seat,
                        rules.players,
                        rules.partnership,
                        penalty=rules.scoring is Scoring.PENALTY,
                    )
        best = max(range(len(moves)), key=lambda k: totals[k])
        return moves[best]
