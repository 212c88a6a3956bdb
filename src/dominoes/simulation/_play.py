"""Playing one hand or one match with agents, and what a run keeps of it."""

from __future__ import annotations

import enum
import random
from collections.abc import Callable, Sequence
from typing import TypeVar

import attrs

from dominoes.agents import Agent
from dominoes.deal import Deal
from dominoes.errors import ArgumentTypeError, ArgumentValueError, IllegalMoveError, shown
from dominoes.match import Match
from dominoes.rules import Ruleset, Scoring
from dominoes.scoring import Ending, HandResult
from dominoes.state import HandState
from dominoes.stats import check_count


class Mode(enum.Enum):
    """What one unit of a run is (of the arena or of a simulation)."""

    HANDS = "hands"
    """Single hands (in the arena, each deal played under every seating)."""
    MATCHES = "matches"
    """Whole matches to the target score (`Ruleset.match_target`)."""


def check_seed(seed: object, name: str = "seed") -> None:
    """Refuse ``seed`` unless it is an int or a str.

    Raises:
        ArgumentTypeError: it is neither (a `TypeError`).
    """
    if type(seed) is not int and not isinstance(seed, str):
        raise ArgumentTypeError(f"{name} must be an int or a str, got {shown(seed)}", argument=name)


def check_int_seed(seed: object) -> None:
    """Refuse ``seed`` unless it is an int (the seed of a whole run, or of a match).

    Raises:
        ArgumentTypeError: it is not (a `TypeError`).
    """
    if type(seed) is not int:
        raise ArgumentTypeError(f"seed must be an int, got {shown(seed)}", argument="seed")


def check_rules(rules: object) -> None:
    """Refuse ``rules`` unless it is a `Ruleset`.

    Raises:
        ArgumentTypeError: it is not (a `TypeError`).
    """
    if not isinstance(rules, Ruleset):
        raise ArgumentTypeError(f"rules must be a Ruleset, got {shown(rules)}", argument="rules")


def check_agents(rules: Ruleset, agents: Sequence[Agent]) -> None:
    """Refuse ``agents`` unless it holds one `Agent` per seat of ``rules``.

    Raises:
        ArgumentTypeError: ``rules`` is not a `Ruleset`, or ``agents`` is not a sequence
            of agents (a `TypeError`).
        ArgumentValueError: there is not one agent per seat (a `ValueError`).
    """
    check_rules(rules)
    if isinstance(agents, str | bytes) or not isinstance(agents, Sequence):
        raise ArgumentTypeError(
            f"agents must be a sequence of agents, one per seat, got {shown(agents)}",
            argument="agents",
        )
    if len(agents) != rules.players:
        raise ArgumentValueError(
            f"agents must hold one agent per seat ({rules.players}), got {len(agents)}",
            argument="agents",
        )
    for agent in agents:
        if not isinstance(agent, Agent):
            raise ArgumentTypeError(
                f"agents must hold agents (with a choose method), got {shown(agent)}",
                argument="agents",
            )


def agent_rng(seed: int | str, seat: int) -> random.Random:
    """The random generator of the agent at ``seat`` in the hand played from ``seed``.

    >>> agent_rng(7, 0).random() == agent_rng(7, 0).random() != agent_rng(7, 1).random()
    True

    Raises:
        ArgumentTypeError: ``seed`` is not an int or a str, or ``seat`` not an int.
        ArgumentValueError: ``seat`` is negative.
    """
    check_seed(seed)
    check_count(seat, "seat", 0)
    return random.Random(f"dominoes-arena:agent:{seed}:{seat}")


def deal_for(rules: Ruleset, seed: int | str) -> Deal:
    """The deal `play_hand` uses for ``seed`` when it is given none.

    Raises:
        ArgumentTypeError: ``rules`` is not a `Ruleset`, or ``seed`` not an int or a str.
    """
    check_rules(rules)
    check_seed(seed)
    return Deal.random(rules, rng=random.Random(f"dominoes-arena:deal:{seed}"))


_Position = TypeVar("_Position", HandState, Match)


def _finish(
    position: _Position, agents: Sequence[Agent], rngs: Sequence[random.Random]
) -> _Position:
    """Play the current hand of ``position`` (a hand, or a match) to its end, asking the
    agent of the seat to move each time: the one agent loop of the library."""
    state = position if isinstance(position, HandState) else position.state
    while not state.is_over:
        seat = state.turn
        agent = agents[seat]
        move = agent.choose(state.observation(seat), rngs[seat])
        try:
            position = position.apply(move, seat=seat)
        except IllegalMoveError as e:
            e.add_note(f"the move was chosen by {agent!r} at seat {seat}")
            raise
        if isinstance(position, HandState):
            state = position
        elif position.is_over:  # plays scored the match's target mid-hand (MATCH-7)
            break
        else:
            state = position.state
    return position


def play_hand(
    rules: Ruleset,
    agents: Sequence[Agent],
    *,
    seed: int | str,
    deal: Deal | None = None,
) -> HandState:
    """Play one hand with one agent per seat and return the final state.

    The agent at seat ``s`` is asked for a move whenever ``s`` is to move; it is given
    ``state.observation(s)`` (never the state) and its own generator,
    ``agent_rng(seed, s)``. The deal is ``deal``, or one shuffled from ``seed``.

    Args:
        rules: The ruleset of the hand.
        agents: One agent per seat, in seat order (the same agent may sit twice).
        seed: Where the deal (unless given) and the agents' generators come from.
        deal: The deal to play instead of a seeded one.

    Returns:
        The finished `HandState`; its ``result`` says who won.

    Raises:
        ArgumentValueError: there is not one agent per seat (a `ValueError`).
        ArgumentTypeError: an agent has no ``choose`` method, or ``seed`` is not an int
            or str (a `TypeError`).
        IllegalMoveError: an agent chose an illegal move (a note names the agent).

    >>> from dominoes import Ruleset
    >>> from dominoes.agents import GreedyAgent, RandomAgent
    >>> rules = Ruleset.block()
    >>> final = play_hand(rules, [GreedyAgent(), RandomAgent()], seed=1)
    >>> final.is_over, final == play_hand(rules, [GreedyAgent(), RandomAgent()], seed=1)
    (True, True)
    """
    check_seed(seed)
    check_agents(rules, agents)
    if deal is None:
        deal = deal_for(rules, seed)
    rngs = [agent_rng(seed, s) for s in range(rules.players)]
    return _finish(HandState.start(rules, deal), agents, rngs)


def play_match(
    rules: Ruleset,
    agents: Sequence[Agent],
    *,
    seed: int,
    max_hands: int | None = None,
    agent_seed: int | str | None = None,
    on_hand: Callable[[HandState], None] | None = None,
) -> Match:
    """Play a whole `Match` with one agent per seat and return it once it is over.

    The deals come from the match's seed (`Match.start`); the agent at seat ``s`` keeps
    one generator, ``agent_rng(agent_seed, s)``, for the whole match, where
    ``agent_seed`` defaults to ``f"match:{seed}"``.

    Args:
        rules: The match's rules (its target, hand limit and leads).
        agents: One agent per seat, in seat order.
        seed: The match's seed.
        max_hands: Stop after this many hands even if the match is not over.
        agent_seed: Where the agents' generators come from, if not from ``seed``
            (the arena gives each seating of a match its own).
        on_hand: Called with the final state of every hand as it ends (not with a hand
            cut short by plays that score the match's target, rule MATCH-7).

    Raises:
        ArgumentValueError: there is not one agent per seat, or ``max_hands`` is below 1
            (a `ValueError`).
        ArgumentTypeError: an agent has no ``choose`` method, or an argument has the
            wrong type (a `TypeError`).
        IllegalMoveError: an agent chose an illegal move (a note names the agent).

    >>> from dominoes import Ruleset
    >>> from dominoes.agents import GreedyAgent
    >>> m = play_match(Ruleset.block(target=30), [GreedyAgent(), GreedyAgent()], seed=2)
    >>> m.is_over, max(m.scores) >= 30
    (True, True)
    """
    check_agents(rules, agents)
    if max_hands is not None:
        check_count(max_hands, "max_hands", 1)
    if on_hand is not None and not callable(on_hand):
        raise ArgumentTypeError(
            f"on_hand must be callable or None, got {shown(on_hand)}", argument="on_hand"
        )
    check_int_seed(seed)
    if agent_seed is None:
        agent_seed = f"match:{seed}"
    check_seed(agent_seed, "agent_seed")
    rngs = [agent_rng(agent_seed, s) for s in range(rules.players)]
    match = Match.start(rules, seed=seed)
    played = 0
    while True:
        match = _finish(match, agents, rngs)
        played += 1
        if on_hand is not None and match.state.is_over:  # (not a hand cut short: MATCH-7)
            on_hand(match.state)
        if match.is_over or (max_hands is not None and played >= max_hands):
            return match
        match = match.next_hand()


# ---------------------------------------------------------------------- outcomes


@attrs.frozen(kw_only=True)
class Outcome:
    """What the outcomes of a hand and of a match share: who sat where, who won, the
    points; and the figures the arena reads from them."""

    seating: int
    """The index of the seating (the arena's `dominoes.arena.seatings`; 0 in a
    simulation, where each seat is its own agent)."""
    agents: tuple[int, ...]
    """The agent (its index in the run) at each seat."""
    winners: tuple[int, ...]
    """The winning seats (empty for a drawn hand or a tied match)."""
    points: tuple[int, ...]
    """The points of each seat: of the hand (`HandResult.points`), or the final score of
    the match (`Match.scores`)."""

    def winning_agent(self) -> int | None:
        """The agent whose seats won, or ``None`` (a draw, or a win shared by agents)."""
        won = {self.agents[s] for s in self.winners}
        return won.pop() if len(won) == 1 else None

    def scores(self, rules: Ruleset, count: int) -> list[int]:
        """Each of the ``count`` agents' points: the points of the sides it sat on, summed.

        Under `Scoring.PENALTY` the points are penalties, so they count negatively.
        """
        sign = -1 if rules.scoring is Scoring.PENALTY else 1
        out = [0] * count
        for team in rules.teams:
            out[self.agents[team[0]]] += sign * self.points[team[0]]
        return out

    def margins(self, rules: Ruleset, count: int) -> list[float]:
        """Each agent's margin: its score minus the best other agent's score."""
        scores = self.scores(rules, count)
        return [
            float(scores[i] - max(scores[j] for j in range(count) if j != i)) for i in range(count)
        ]


@attrs.frozen(kw_only=True)
class HandOutcome(Outcome):
    """One finished hand of a run: where it was played, how it ended, who won."""

    deal: int
    """The index of the deal (in the arena ``0 .. deals - 1``; in a simulation the hand's
    index; in a match the hand's number in the match, from 0)."""
    ending: Ending
    """How the hand ended."""
    moves: int
    """The number of moves of the hand."""
    play_points: tuple[int, ...] = ()
    """The part of ``points`` scored by plays during the hand (`HandResult.play_points`;
    empty in a game that scores nothing on play)."""
    markers: int = 0
    """In a train game, the markers out when the hand ended (`HandState.markers`, rule
    TRAIN-4); 0 in the other games."""

    @classmethod
    def of(
        cls, final: HandState, *, deal: int, seating: int, agents: tuple[int, ...]
    ) -> HandOutcome:
        """The outcome of the finished hand ``final``.

        Raises:
            ArgumentValueError: the hand is not over (a `ValueError`).
        """
        result = final.result
        if not isinstance(result, HandResult):
            raise ArgumentValueError("final must be a finished hand", argument="final")
        return cls(
            deal=deal,
            seating=seating,
            agents=agents,
            ending=result.ending,
            winners=result.winners,
            points=result.points,
            moves=final.move_count,
            play_points=result.play_points,
            markers=len(final.markers),
        )


@attrs.frozen(kw_only=True)
class MatchOutcome(Outcome):
    """One finished match of a run (match mode)."""

    match: int
    """The index of the match (in the arena, of the match seed, ``0 .. deals - 1``)."""
    seed: int
    """The match's seed (shared by every seating of the match in the arena)."""
    hands: tuple[HandOutcome, ...]
    """Its finished hands, in order."""
    mid_hand: bool = False
    """Whether the match ended in the middle of a hand, when play points reached the
    target (rule MATCH-7); that hand is not among ``hands``."""

    @classmethod
    def play(
        cls,
        rules: Ruleset,
        players: Sequence[Agent],
        *,
        match: int,
        seed: int,
        seating: int = 0,
        agents: tuple[int, ...] | None = None,
        agent_seed: int | str | None = None,
    ) -> MatchOutcome:
        """Play a whole match with `play_match` and keep its outcome and its hands'.

        Args:
            rules: The match's rules.
            players: One agent per seat, in seat order.
            match: The index of the match, for the outcome.
            seed: The match's seed.
            seating: The index of the seating, for the outcome.
            agents: The agent index at each seat (default: each seat its own agent).
            agent_seed: Where the agents' generators come from (see `play_match`).

        Raises:
            ArgumentValueError: there is not one agent per seat (a `ValueError`).
            ArgumentTypeError: an argument has the wrong type (a `TypeError`).
            IllegalMoveError: an agent chose an illegal move (a note names the agent).
        """
        seats = tuple(range(len(players))) if agents is None else agents
        hands: list[HandOutcome] = []

        def keep(state: HandState) -> None:
            hands.append(HandOutcome.of(state, deal=len(hands), seating=seating, agents=seats))

        final = play_match(rules, players, seed=seed, agent_seed=agent_seed, on_hand=keep)
        return cls(
            match=match,
            seating=seating,
            agents=seats,
            seed=seed,
            hands=tuple(hands),
            winners=final.winner or (),
            points=final.scores,
            mid_hand=not final.state.is_over,
        )
