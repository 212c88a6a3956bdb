"""The arena: agents play seeded hands against each other, and a report says who is better.

`play_hand` and `play_match` seat one `Agent` per seat and play a hand (or a match)
to the end. Each agent sees only its seat's `Observation` and draws its random
numbers from its own `random.Random`, derived from the seed and the seat, so a hand
is reproducible from ``(rules, agents, seed)``.

`run_arena` (or `Arena.run`) compares agents over many deals with two variance cuts:

* **every deal is replayed under every seating**: agent ``i`` of ``k`` sits at seat
  ``s`` in seating ``r`` when ``(s + r) % k == i``. With two agents A and B that is
  A on the even seats and B on the odd ones, then the same deal with the two swapped
  (2 players: A on seat 0, then on seat 1; partnership: A on seats 0+2, then on
  1+3; 3 seats: A B A, then B A B). Each agent sits at each seat exactly once per
  deal, so neither the cards nor the seat favour anyone;
* **the confidence intervals are over deals, not hands**: the hands of one deal are
  averaged into one sample (a paired design), which removes most of the luck of the
  deal from the variance.

Everything is derived from one integer seed: deal ``i`` comes from
``random.Random(f"dominoes-arena:deal:{seed}:{i}")`` (a string seed, hashed the same
way on every platform), and the results are collected in deal order, so a run gives
the same report whatever the number of worker processes.

In match mode (``matches=N`` instead of ``hands=N``, `ArenaMode.MATCHES`) the unit is a
whole match to the ruleset's target (`Ruleset.match_target`): match ``i`` gets the seed
`match_seed_for` ``(seed, i)``, which fixes the deals of all its hands, and is played
under every seating as a deal is; the matches of one seed are averaged into one sample.

The ``dominoes arena`` command (``dominoes.cli``) runs an `Arena` from the command line.
"""

from __future__ import annotations

import concurrent.futures
import enum
import math
import multiprocessing
import pickle
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any, Protocol, TextIO, TypeVar

import attrs

from dominoes.agents import Agent, GreedyAgent, RandomAgent, SearchAgent, load_agent
from dominoes.deal import Deal
from dominoes.errors import (
    ArgumentTypeError,
    ArgumentValueError,
    DominoesError,
    IllegalMoveError,
    UnknownAgentError,
)
from dominoes.errors import shown as _shown
from dominoes.match import Match
from dominoes.rules import DrawRule, Ruleset, Scoring
from dominoes.scoring import Ending, HandResult
from dominoes.state import HandState

__all__ = [
    "AGENT_NAMES",
    "Z95",
    "AgentStats",
    "Arena",
    "ArenaError",
    "ArenaMode",
    "ArenaReport",
    "HandRecord",
    "MatchRecord",
    "ProgressCallback",
    "agent_rng",
    "deal_for",
    "describe_rules",
    "format_ci",
    "make_agent",
    "match_seed_for",
    "mean_ci",
    "play_hand",
    "play_match",
    "run_arena",
    "seatings",
    "summarize",
    "summarize_matches",
    "wilson_ci",
]

Z95 = statistics.NormalDist().inv_cdf(0.975)
"""The two-sided 95% quantile of the standard normal distribution (1.959963...)."""

ProgressCallback = Callable[[int, int], None]
"""A progress callback: ``callback(done, total)``, in hands (in match mode: matches)."""


class ArenaMode(enum.Enum):
    """What one unit of an arena run is."""

    HANDS = "hands"
    """Single hands, each deal played under every seating."""
    MATCHES = "matches"
    """Whole matches to the target score, each match seed played under every seating."""


# ---------------------------------------------------------------------- one hand


def agent_rng(seed: int | str, seat: int) -> random.Random:
    """The random generator of the agent at ``seat`` in the hand played from ``seed``.

    >>> agent_rng(7, 0).random() == agent_rng(7, 0).random() != agent_rng(7, 1).random()
    True

    Raises:
        ArgumentTypeError: ``seed`` is not an int or a str, or ``seat`` not an int.
        ArgumentValueError: ``seat`` is negative.
    """
    _check_seed(seed)
    _check_count(seat, "seat", 0)
    return random.Random(f"dominoes-arena:agent:{seed}:{seat}")


def deal_for(rules: Ruleset, seed: int | str) -> Deal:
    """The deal `play_hand` uses for ``seed`` when it is given none.

    Raises:
        ArgumentTypeError: ``rules`` is not a `Ruleset`, or ``seed`` not an int or a str.
    """
    _check_rules(rules)
    _check_seed(seed)
    return Deal.random(rules, rng=random.Random(f"dominoes-arena:deal:{seed}"))


def _check_seed(seed: object, name: str = "seed") -> None:
    if type(seed) is not int and not isinstance(seed, str):
        raise ArgumentTypeError(
            f"{name} must be an int or a str, got {_shown(seed)}", argument=name
        )


def _check_rules(rules: object) -> None:
    if not isinstance(rules, Ruleset):
        raise ArgumentTypeError(f"rules must be a Ruleset, got {_shown(rules)}", argument="rules")


def _check_count(value: object, name: str, low: int) -> None:
    """Refuse ``value`` unless it is an ``int`` of at least ``low``."""
    if type(value) is not int:
        raise ArgumentTypeError(f"{name} must be an int, got {_shown(value)}", argument=name)
    if value < low:
        raise ArgumentValueError(f"{name} must be at least {low}, got {value}", argument=name)


def _check_agents(rules: Ruleset, agents: Sequence[Agent]) -> None:
    _check_rules(rules)
    if isinstance(agents, str | bytes) or not isinstance(agents, Sequence):
        raise ArgumentTypeError(
            f"agents must be a sequence of agents, one per seat, got {_shown(agents)}",
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
                f"agents must hold agents (with a choose method), got {_shown(agent)}",
                argument="agents",
            )


def _finish(state: HandState, agents: Sequence[Agent], rngs: Sequence[random.Random]) -> HandState:
    """Play ``state`` to the end, asking the agent of the seat to move each time."""
    while not state.is_over:
        seat = state.turn
        agent = agents[seat]
        move = agent.choose(state.observation(seat), rngs[seat])
        try:
            state = state.apply(move, seat=seat)
        except IllegalMoveError as e:
            e.add_note(f"the move was chosen by {agent!r} at seat {seat}")
            raise
    return state


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

    >>> from dominoes.agents import GreedyAgent, RandomAgent
    >>> rules = Ruleset.block()
    >>> final = play_hand(rules, [GreedyAgent(), RandomAgent()], seed=1)
    >>> final.is_over, final == play_hand(rules, [GreedyAgent(), RandomAgent()], seed=1)
    (True, True)
    """
    _check_seed(seed)
    _check_agents(rules, agents)
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
        on_hand: Called with the final state of every hand as it ends.

    Raises:
        ArgumentValueError: there is not one agent per seat, or ``max_hands`` is below 1
            (a `ValueError`).
        ArgumentTypeError: an agent has no ``choose`` method, or an argument has the
            wrong type (a `TypeError`).
        IllegalMoveError: an agent chose an illegal move (a note names the agent).

    >>> from dominoes.agents import GreedyAgent
    >>> m = play_match(Ruleset.block(target=30), [GreedyAgent(), GreedyAgent()], seed=2)
    >>> m.is_over, max(m.scores) >= 30
    (True, True)
    """
    _check_agents(rules, agents)
    if max_hands is not None:
        _check_count(max_hands, "max_hands", 1)
    if on_hand is not None and not callable(on_hand):
        raise ArgumentTypeError(
            f"on_hand must be callable or None, got {_shown(on_hand)}", argument="on_hand"
        )
    if type(seed) is not int:
        raise ArgumentTypeError(f"seed must be an int, got {_shown(seed)}", argument="seed")
    if agent_seed is None:
        agent_seed = f"match:{seed}"
    _check_seed(agent_seed, "agent_seed")
    rngs = [agent_rng(agent_seed, s) for s in range(rules.players)]
    match = Match.start(rules, seed=seed)
    played = 0
    while True:
        while not match.state.is_over:
            seat = match.state.turn
            move = agents[seat].choose(match.state.observation(seat), rngs[seat])
            try:
                match = match.apply(move, seat=seat)
            except IllegalMoveError as e:
                e.add_note(f"the move was chosen by {agents[seat]!r} at seat {seat}")
                raise
        played += 1
        if on_hand is not None:
            on_hand(match.state)
        if match.is_over or (max_hands is not None and played >= max_hands):
            return match
        match = match.next_hand()


# ---------------------------------------------------------------------- the schedule


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
    _check_count(players, "players", 2)
    _check_count(agents, "agents", 1)
    if agents > players:
        raise ArgumentValueError(
            f"agents must be at most players ({players}), got {agents}", argument="agents"
        )
    return tuple(tuple((s + r) % agents for s in range(players)) for r in range(agents))


# ---------------------------------------------------------------------- records and stats


def _winning_agent(agents: tuple[int, ...], winners: tuple[int, ...]) -> int | None:
    won = {agents[s] for s in winners}
    return won.pop() if len(won) == 1 else None


def _agent_scores(
    rules: Ruleset, agents: tuple[int, ...], points: tuple[int, ...], count: int
) -> list[int]:
    sign = -1 if rules.scoring is Scoring.PENALTY else 1
    out = [0] * count
    for team in rules.teams:
        out[agents[team[0]]] += sign * points[team[0]]
    return out


def _margins(scores: Sequence[int]) -> list[float]:
    count = len(scores)
    return [float(scores[i] - max(scores[j] for j in range(count) if j != i)) for i in range(count)]


@attrs.frozen(kw_only=True)
class HandRecord:
    """One hand played in the arena."""

    deal: int
    """The index of the deal (``0 .. deals - 1``)."""
    seating: int
    """The index of the seating (see `seatings`)."""
    agents: tuple[int, ...]
    """The agent (its index in the arena) at each seat."""
    ending: Ending
    """How the hand ended."""
    winners: tuple[int, ...]
    """The winning seats (empty for a drawn hand)."""
    points: tuple[int, ...]
    """The points of each seat (`HandResult.points`)."""
    moves: int
    """The number of moves of the hand."""

    def winning_agent(self) -> int | None:
        """The agent whose seats won, or ``None`` (a drawn hand, or one shared by agents)."""
        return _winning_agent(self.agents, self.winners)

    def scores(self, rules: Ruleset, count: int) -> list[int]:
        """Each agent's points this hand: the points of the sides it sat on, summed.

        Under `Scoring.PENALTY` the points are penalties, so they count negatively.
        """
        return _agent_scores(rules, self.agents, self.points, count)

    def margins(self, rules: Ruleset, count: int) -> list[float]:
        """Each agent's margin: its score minus the best other agent's score."""
        return _margins(self.scores(rules, count))


@attrs.frozen(kw_only=True)
class MatchRecord:
    """One match played in the arena (match mode)."""

    match: int
    """The index of the match seed (``0 .. deals - 1``)."""
    seating: int
    """The index of the seating (see `seatings`)."""
    agents: tuple[int, ...]
    """The agent (its index in the arena) at each seat."""
    seed: int
    """The match's seed (`match_seed_for`), shared by every seating of the match."""
    hands: int
    """The number of hands the match lasted."""
    winners: tuple[int, ...]
    """The winning side's seats (`Match.winner`; empty for a tied match)."""
    points: tuple[int, ...]
    """The final score of each seat (`Match.scores`)."""

    def winning_agent(self) -> int | None:
        """The agent whose side won the match, or ``None`` (a tie)."""
        return _winning_agent(self.agents, self.winners)

    def scores(self, rules: Ruleset, count: int) -> list[int]:
        """Each agent's final score: the scores of the sides it sat on, summed.

        Under `Scoring.PENALTY` the scores are penalties, so they count negatively.
        """
        return _agent_scores(rules, self.agents, self.points, count)

    def margins(self, rules: Ruleset, count: int) -> list[float]:
        """Each agent's match-score margin: its score minus the best other agent's."""
        return _margins(self.scores(rules, count))


def mean_ci(samples: Sequence[float]) -> tuple[float, float | None]:
    """The mean of ``samples`` and the half-width of its 95% confidence interval.

    The normal approximation: ``Z95 * stdev / sqrt(n)``, with the sample standard
    deviation (``n - 1`` in the denominator). The half-width is ``None`` for fewer than
    two samples.

    >>> mean, half = mean_ci([1.0, 0.5, 0.0, 0.5])
    >>> mean, round(half, 6)
    (0.5, 0.400076)

    Raises:
        ArgumentValueError: ``samples`` is empty (a `ValueError`).
        ArgumentTypeError: ``samples`` is not a sequence of numbers (a `TypeError`).
    """
    if isinstance(samples, str | bytes) or not isinstance(samples, Sequence):
        raise ArgumentTypeError(
            f"samples must be a sequence of numbers, got {_shown(samples)}", argument="samples"
        )
    if not samples:
        raise ArgumentValueError("samples must hold at least one value", argument="samples")
    for sample in samples:
        if isinstance(sample, bool) or not isinstance(sample, int | float):
            raise ArgumentTypeError(
                f"samples must hold numbers, got {_shown(sample)}", argument="samples"
            )
    mean = math.fsum(samples) / len(samples)
    if len(samples) < 2:
        return mean, None
    return mean, Z95 * statistics.stdev(samples) / math.sqrt(len(samples))


def wilson_ci(successes: int, trials: int) -> tuple[float, float]:
    """The 95% Wilson score interval of ``successes`` in ``trials`` (within [0, 1], and
    never of zero width, unlike the normal approximation at a rate of 0 or 1).

    >>> low, high = wilson_ci(0, 100)
    >>> low, round(high, 4)
    (0.0, 0.037)

    Raises:
        ArgumentValueError: ``trials`` is not positive or ``successes`` is outside
            ``0..trials`` (a `ValueError`).
        ArgumentTypeError: an argument is not an int (a `TypeError`).
    """
    _check_count(trials, "trials", 1)
    _check_count(successes, "successes", 0)
    if successes > trials:
        raise ArgumentValueError(
            f"successes must be at most trials ({trials}), got {successes}", argument="successes"
        )
    p = successes / trials
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = Z95 * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    return max(0.0, centre - half), min(1.0, centre + half)


@attrs.frozen(kw_only=True)
class AgentStats:
    """One agent's figures over an arena run (intervals are 95%, over deals).

    In match mode the unit is a match: ``wins``, ``draws``, ``win_rate`` and
    ``mean_margin`` count matches and final match scores, and the intervals are over
    match seeds.
    """

    name: str
    """The agent's name."""
    hands: int
    """Hands played (in match mode, in all its matches)."""
    wins: int
    """Hands (match mode: matches) its seats won alone."""
    draws: int
    """Hands (match mode: matches) nobody won, or won by seats of several agents together."""
    win_rate: float
    """``wins / hands`` (match mode: ``wins / matches``)."""
    win_rate_ci: float | None
    """Half-width of the 95% interval of ``win_rate`` (``None`` with one deal)."""
    mean_margin: float
    """Mean points per hand (match mode: final score per match): its sides' points minus
    the best other agent's."""
    mean_margin_ci: float | None
    """Half-width of the 95% interval of ``mean_margin`` (``None`` with one deal)."""
    matches: int = 0
    """Matches played (0 in hands mode)."""

    def to_dict(self) -> dict[str, Any]:
        """The figures as a JSON-ready dict."""
        return attrs.asdict(self)


@attrs.frozen(kw_only=True)
class ArenaReport:
    """The outcome of an arena run: the figures per agent and every hand (or match) played."""

    rules: Ruleset
    """The ruleset played."""
    names: tuple[str, ...]
    """The agents' names, in arena order."""
    seed: int
    """The run's seed."""
    deals: int
    """Deals played (each under every seating); in match mode, the match seeds (each
    match played under every seating). The intervals are over these."""
    hands: int
    """Hands played: ``deals * len(names)`` (match mode: in all the matches)."""
    draws: int
    """Hands (match mode: matches) with no single winning agent."""
    stats: tuple[AgentStats, ...]
    """The figures per agent, in arena order."""
    records: tuple[HandRecord, ...] = attrs.field(repr=False)
    """Every hand, in deal order then seating order (empty in match mode)."""
    mode: ArenaMode = ArenaMode.HANDS
    """Hands or matches."""
    matches: int = 0
    """Matches played: ``deals * len(names)`` in match mode, else 0."""
    hands_per_match: float | None = None
    """Match mode: the mean number of hands a match lasted."""
    hands_per_match_ci: float | None = None
    """Match mode: the half-width of the 95% interval of ``hands_per_match``."""
    match_records: tuple[MatchRecord, ...] = attrs.field(default=(), repr=False)
    """Match mode: every match, in seed order then seating order."""

    def __getitem__(self, name: str) -> AgentStats:
        """The figures of the agent called ``name``."""
        for stats in self.stats:
            if stats.name == name:
                return stats
        raise UnknownAgentError(
            f"no agent named {_shown(name)} in this report; agents: {', '.join(self.names)}",
            name=name,
        )

    def to_dict(self) -> dict[str, Any]:
        """The report (without the hand or match records) as a JSON-ready dict."""
        data: dict[str, Any] = {
            "rules": describe_rules(self.rules),
            "mode": self.mode.value,
            "seed": self.seed,
            "deals": self.deals,
            "hands": self.hands,
        }
        if self.mode is ArenaMode.MATCHES:
            data["matches"] = self.matches
            data["target"] = self.rules.match_target
            data["hands_limit"] = self.rules.hands_limit
            data["hands_per_match"] = {
                "mean": self.hands_per_match,
                "ci95": self.hands_per_match_ci,
            }
            confidence = "95%, normal approximation over match seeds (each seed's seatings "
        else:
            confidence = "95%, normal approximation over deals (each deal's seatings "
        data["draws"] = self.draws
        data["agents"] = [s.to_dict() for s in self.stats]
        data["confidence"] = confidence + "averaged into one sample)"
        return data

    def format(self) -> str:
        """The report as a text table."""
        k = len(self.names)
        if self.mode is ArenaMode.MATCHES:
            limit = self.rules.hands_limit
            to = f"to {self.rules.match_target}" + ("" if limit is None else f" (or {limit} hands)")
            head = (
                f"{self.matches} matches {to} ({self.deals} match seeds x {k} seatings), "
                f"{self.hands} hands"
            )
            unit = "matches"
        else:
            head = f"{self.hands} hands ({self.deals} deals x {k} seatings)"
            unit = "hands"
        lines = [f"{describe_rules(self.rules)}: {head}, seed {self.seed}", ""]
        width = max(5, *(len(n) for n in self.names))
        w = max(6, len(unit))
        lines.append(
            f"{'agent':<{width}}  {unit:>{w}}  {'wins':>6}  {'draws':>6}  "
            f"{'win rate':<15}  mean margin"
        )
        for s in self.stats:
            played = s.matches if self.mode is ArenaMode.MATCHES else s.hands
            lines.append(
                f"{s.name:<{width}}  {played:>{w}}  {s.wins:>6}  {s.draws:>6}  "
                f"{format_ci(s.win_rate, s.win_rate_ci, '.3f'):<15}  "
                f"{format_ci(s.mean_margin, s.mean_margin_ci, '+.2f')}"
            )
        lines.append("")
        if self.mode is ArenaMode.MATCHES:
            assert self.hands_per_match is not None
            length = format_ci(self.hands_per_match, self.hands_per_match_ci, ".2f")
            lines.append(f"Hands per match: {length}")
            lines.append(
                "95% intervals: normal approximation over the match seeds "
                "(the matches of each seed averaged into one sample)."
            )
        else:
            lines.append(
                "95% intervals: normal approximation over the deals "
                "(the hands of each deal averaged into one sample)."
            )
        return "\n".join(lines)


def format_ci(value: float, half: float | None, spec: str) -> str:
    """``value ± half`` with the format ``spec`` (``± ?`` when there is no interval).

    >>> format_ci(0.5, 0.0312, ".3f"), format_ci(-1.0, None, "+.2f")
    ('0.500 ± 0.031', '-1.00 ± ?')

    Raises:
        ArgumentTypeError: ``value`` or ``half`` is not a number, or ``spec`` not a str.
        ArgumentValueError: ``spec`` is not a format for numbers.
    """
    for name, number in (("value", value), ("half", half)):
        if isinstance(number, bool) or not isinstance(number, int | float | None):
            raise ArgumentTypeError(f"{name} must be a number, got {_shown(number)}", argument=name)
    if value is None:
        raise ArgumentTypeError("value must be a number, got None", argument="value")
    if not isinstance(spec, str):
        raise ArgumentTypeError(
            f"spec must be a format string, got {_shown(spec)}", argument="spec"
        )
    try:
        shown = "?" if half is None else format(half, spec.lstrip("+"))
        return f"{value:{spec}} ± {shown}"
    except ValueError:
        raise ArgumentValueError(
            f"spec must be a format for numbers such as '.3f', got {_shown(spec)}",
            argument="spec",
        ) from None


def describe_rules(rules: Ruleset) -> str:
    """A short description: the game, the seats and the set.

    >>> describe_rules(Ruleset.block(players=4, partnership=True))
    'Block game, 4 players in partnership, double-6'

    Raises:
        ArgumentTypeError: ``rules`` is not a `Ruleset` (a `TypeError`).
    """
    _check_rules(rules)
    game = "Block" if rules.drawing is DrawRule.NONE else "Draw"
    mode = " in partnership" if rules.partnership else ""
    return f"{game} game, {rules.players} players{mode}, double-{rules.max_pip}"


class _Outcome(Protocol):
    """A hand or a match record, as the statistics read it."""

    def winning_agent(self) -> int | None: ...  # pragma: no cover

    def margins(self, rules: Ruleset, count: int) -> list[float]: ...  # pragma: no cover


@attrs.frozen(kw_only=True)
class _Figures:
    """The per-agent figures of whole groups of records (one group per deal or match seed)."""

    groups: int
    wins: list[int]
    draws: int
    win_samples: list[list[float]]
    margin_samples: list[list[float]]

    def stats(self, names: Sequence[str], hands: int, units: int, matches: int) -> list[AgentStats]:
        out = []
        for i, name in enumerate(names):
            _, win_ci = mean_ci(self.win_samples[i])
            mean_margin, margin_ci = mean_ci(self.margin_samples[i])
            out.append(
                AgentStats(
                    name=name,
                    hands=hands,
                    wins=self.wins[i],
                    draws=self.draws,
                    win_rate=self.wins[i] / units,
                    win_rate_ci=win_ci,
                    mean_margin=mean_margin,
                    mean_margin_ci=margin_ci,
                    matches=matches,
                )
            )
        return out


def _figures(rules: Ruleset, k: int, records: Sequence[_Outcome], unit: str) -> _Figures:
    if not records or len(records) % k:
        raise ArgumentValueError(
            f"records must be whole {unit} of {k} records each, got {len(records)} records",
            argument="records",
        )
    groups = len(records) // k
    win_samples: list[list[float]] = [[] for _ in range(k)]
    margin_samples: list[list[float]] = [[] for _ in range(k)]
    wins = [0] * k
    draws = 0
    for d in range(groups):
        won = [0] * k
        margin = [0.0] * k
        for record in records[d * k : (d + 1) * k]:
            winner = record.winning_agent()
            if winner is None:
                draws += 1
            else:
                won[winner] += 1
            for i, m in enumerate(record.margins(rules, k)):
                margin[i] += m
        for i in range(k):
            wins[i] += won[i]
            win_samples[i].append(won[i] / k)
            margin_samples[i].append(margin[i] / k)
    return _Figures(
        groups=groups,
        wins=wins,
        draws=draws,
        win_samples=win_samples,
        margin_samples=margin_samples,
    )


def _check_summary(
    rules: object, names: object, seed: object, records: object, kind: type[object]
) -> None:
    _check_rules(rules)
    if (
        isinstance(names, str | bytes)
        or not isinstance(names, Sequence)
        or not names
        or not all(isinstance(name, str) for name in names)
    ):
        raise ArgumentTypeError(
            f"names must be a sequence of agent names, got {_shown(names)}", argument="names"
        )
    if type(seed) is not int:
        raise ArgumentTypeError(f"seed must be an int, got {_shown(seed)}", argument="seed")
    if not isinstance(records, Sequence) or not all(isinstance(r, kind) for r in records):
        raise ArgumentTypeError(
            f"records must be a sequence of {kind.__name__} values, got {_shown(records)}",
            argument="records",
        )


def summarize(
    rules: Ruleset, names: Sequence[str], seed: int, records: Sequence[HandRecord]
) -> ArenaReport:
    """The report of ``records`` (hands of consecutive deals, every seating of each).

    Each deal gives one sample per agent and figure (the mean over its seatings); the
    intervals come from `mean_ci` over those samples.

    Raises:
        ArgumentValueError: the records are not whole deals (one hand per seating).
        ArgumentTypeError: an argument has the wrong type.
    """
    _check_summary(rules, names, seed, records, HandRecord)
    figures = _figures(rules, len(names), records, "deals")
    return ArenaReport(
        rules=rules,
        names=tuple(names),
        seed=seed,
        deals=figures.groups,
        hands=len(records),
        draws=figures.draws,
        stats=tuple(figures.stats(names, len(records), len(records), 0)),
        records=tuple(records),
    )


def summarize_matches(
    rules: Ruleset, names: Sequence[str], seed: int, records: Sequence[MatchRecord]
) -> ArenaReport:
    """The match-mode report of ``records`` (consecutive match seeds, every seating of each).

    Each match seed gives one sample per agent and figure (the mean over its seatings):
    the match win rate, the final match-score margin and the hands per match, each with
    its 95% interval from `mean_ci` over those samples.

    Raises:
        ArgumentValueError: the records are not whole match seeds (one match per seating).
        ArgumentTypeError: an argument has the wrong type.
    """
    _check_summary(rules, names, seed, records, MatchRecord)
    k = len(names)
    figures = _figures(rules, k, records, "match seeds")
    hands = sum(r.hands for r in records)
    lengths = [
        sum(r.hands for r in records[d * k : (d + 1) * k]) / k for d in range(figures.groups)
    ]
    hands_per_match, hands_ci = mean_ci(lengths)
    return ArenaReport(
        rules=rules,
        names=tuple(names),
        seed=seed,
        deals=figures.groups,
        hands=hands,
        draws=figures.draws,
        stats=tuple(figures.stats(names, hands, len(records), len(records))),
        records=(),
        mode=ArenaMode.MATCHES,
        matches=len(records),
        hands_per_match=hands_per_match,
        hands_per_match_ci=hands_ci,
        match_records=tuple(records),
    )


# ---------------------------------------------------------------------- running


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
    if type(seed) is not int:
        raise ArgumentTypeError(f"seed must be an int, got {_shown(seed)}", argument="seed")
    _check_count(index, "index", 0)
    return random.Random(f"dominoes-arena:match:{seed}:{index}").getrandbits(62)


def _play_deal(rules: Ruleset, agents: Sequence[Agent], seed: int, index: int) -> list[HandRecord]:
    """Every seating of deal ``index``: the records, in seating order."""
    deal = deal_for(rules, f"{seed}:{index}")
    out = []
    for r, seating in enumerate(seatings(rules.players, len(agents))):
        try:
            final = play_hand(
                rules, [agents[i] for i in seating], seed=f"{seed}:{index}:{r}", deal=deal
            )
        except Exception as e:
            raise _failure(f"deal {index}", r, seed, e) from e
        result = final.result
        assert isinstance(result, HandResult)
        out.append(
            HandRecord(
                deal=index,
                seating=r,
                agents=seating,
                ending=result.ending,
                winners=result.winners,
                points=result.points,
                moves=final.move_count,
            )
        )
    return out


def _play_matches(
    rules: Ruleset, agents: Sequence[Agent], seed: int, index: int
) -> list[MatchRecord]:
    """Every seating of match ``index``: the records, in seating order.

    Each seating plays the same match seed; the agents' generators come from
    ``f"{seed}:match:{index}:{seating}"`` (see `play_match`).
    """
    match_seed = match_seed_for(seed, index)
    out = []
    for r, seating in enumerate(seatings(rules.players, len(agents))):
        try:
            match = play_match(
                rules,
                [agents[i] for i in seating],
                seed=match_seed,
                agent_seed=f"{seed}:match:{index}:{r}",
            )
        except Exception as e:
            raise _failure(f"match {index}", r, seed, e) from e
        out.append(
            MatchRecord(
                match=index,
                seating=r,
                agents=seating,
                seed=match_seed,
                hands=len(match.results),
                winners=match.winner or (),
                points=match.scores,
            )
        )
    return out


def _play_chunk(
    rules: Ruleset, agents: tuple[Agent, ...], seed: int, start: int, stop: int
) -> list[HandRecord]:
    """Deals ``start`` to ``stop - 1`` (a top-level function, so workers can unpickle it)."""
    out: list[HandRecord] = []
    for index in range(start, stop):
        out.extend(_play_deal(rules, agents, seed, index))
    return out


def _play_match_chunk(
    rules: Ruleset, agents: tuple[Agent, ...], seed: int, start: int, stop: int
) -> list[MatchRecord]:
    """Match seeds ``start`` to ``stop - 1`` (top level, so workers can unpickle it)."""
    out: list[MatchRecord] = []
    for index in range(start, stop):
        out.extend(_play_matches(rules, agents, seed, index))
    return out


def _chunks(deals: int, workers: int) -> list[tuple[int, int]]:
    """Contiguous ranges of deals: about 8 per worker, at most 50 deals each."""
    size = max(1, min(50, math.ceil(deals / (workers * 8))))
    return [(start, min(deals, start + size)) for start in range(0, deals, size)]


class _StderrProgress:
    """A one-line progress display on a text stream (standard error by default)."""

    def __init__(self, stream: TextIO | None = None, unit: str = "hands") -> None:
        self.stream = stream if stream is not None else sys.stderr
        self.unit = unit
        self.start = time.perf_counter()

    def __call__(self, done: int, total: int) -> None:
        elapsed = time.perf_counter() - self.start
        eta = elapsed / done * (total - done) if done else 0.0
        end = "\n" if done >= total else ""
        self.stream.write(
            f"\rarena: {done}/{total} {self.unit} ({100 * done // max(total, 1)}%), "
            f"{elapsed:.0f} s elapsed, about {eta:.0f} s left   {end}"
        )
        self.stream.flush()


def _pairs(
    agents: Mapping[str, Agent] | Iterable[tuple[str, Agent]],
) -> tuple[tuple[str, Agent], ...]:
    """``{name: agent}`` or ``(name, agent)`` pairs, as a tuple of pairs."""
    items = agents.items() if isinstance(agents, Mapping) else agents
    if isinstance(items, str | bytes) or not isinstance(items, Iterable):
        raise ArgumentTypeError(
            f"agents must be a mapping or (name, agent) pairs, got {_shown(agents)}",
            argument="agents",
        )
    out = []
    for item in items:
        if not (isinstance(item, tuple) and len(item) == 2):
            raise ArgumentTypeError(
                f"agents must hold (name, agent) pairs, got {_shown(item)}", argument="agents"
            )
        out.append(item)
    return tuple(out)


_R = TypeVar("_R")
_Chunk = Callable[[Ruleset, tuple[Agent, ...], int, int, int], list[_R]]


def _run_chunks(
    play: _Chunk[_R],
    rules: Ruleset,
    agents: tuple[Agent, ...],
    seed: int,
    groups: int,
    workers: int,
    report: ProgressCallback | None,
) -> Iterator[_R]:
    """Play ``groups`` deals (or match seeds) in chunks, in order, in ``workers`` processes."""
    k = len(agents)
    total = groups * k
    chunks = _chunks(groups, workers)
    done = 0
    if report is not None:
        report(0, total)
    if workers == 1:
        for start, stop in chunks:
            records = play(rules, agents, seed, start, stop)
            done += (stop - start) * k
            if report is not None:
                report(done, total)
            yield from records
        return
    try:
        pickle.dumps(agents)
    except Exception as e:
        raise ArgumentTypeError(
            f"agents must be picklable to run in worker processes ({type(e).__name__})",
            argument="agents",
        ) from e
    results: dict[int, list[_R]] = {}
    context = multiprocessing.get_context("spawn")
    with concurrent.futures.ProcessPoolExecutor(workers, mp_context=context) as pool:
        futures = {
            pool.submit(play, rules, agents, seed, start, stop): n
            for n, (start, stop) in enumerate(chunks)
        }
        try:
            for future in concurrent.futures.as_completed(futures):
                n = futures[future]
                results[n] = future.result()
                done += (chunks[n][1] - chunks[n][0]) * k
                if report is not None:
                    report(done, total)
        except BaseException:
            for future in futures:  # an agent failed, or an interrupt: stop early
                future.cancel()
            raise
    for n in range(len(chunks)):
        yield from results[n]


@attrs.frozen(kw_only=True)
class Arena:
    """A reproducible comparison of agents on one ruleset (see the module docs).

    Build it with named agents and either ``hands`` (single hands) or ``matches``
    (whole matches to `Ruleset.match_target`), and call `run`. Agents must be
    picklable for ``workers > 1`` (instances of top-level classes, such as the attrs
    classes of `dominoes.agents`), and their choices must depend only on the
    observation and the generator they are given (no state kept between calls), or
    runs with different worker counts would differ.

    >>> from dominoes.agents import GreedyAgent, RandomAgent
    >>> arena = Arena(
    ...     rules=Ruleset.block(),
    ...     agents=(("greedy", GreedyAgent()), ("random", RandomAgent())),
    ...     hands=8,
    ...     seed=1,
    ... )
    >>> report = arena.run()
    >>> report.deals, report.hands, [s.hands for s in report.stats]
    (4, 8, [8, 8])
    >>> arena = attrs.evolve(arena, rules=Ruleset.block(target=30), hands=None, matches=4)
    >>> arena.mode, arena.deals
    (<ArenaMode.MATCHES: 'matches'>, 2)
    >>> report = arena.run()
    >>> report.matches, [s.matches for s in report.stats], report.hands >= 4
    (4, [4, 4], True)
    """

    rules: Ruleset = attrs.field(validator=lambda _inst, _attr, value: _check_rules(value))
    """The ruleset every hand is played under (in match mode, its target and hand limit
    end each match)."""
    agents: tuple[tuple[str, Agent], ...] = attrs.field(converter=_pairs)
    """The named agents: ``(name, agent)`` pairs, names distinct."""
    seed: int
    """The seed every deal and every agent generator is derived from."""
    hands: int | None = None
    """Hands to play: a positive multiple of the number of agents (one hand per seating).
    Give this or ``matches``."""
    matches: int | None = None
    """Matches to play instead of hands: a positive multiple of the number of agents (one
    match per seating of each match seed)."""
    workers: int = 1
    """Processes to play in (1: in this process)."""

    def __attrs_post_init__(self) -> None:
        if type(self.seed) is not int:
            raise ArgumentTypeError(
                f"seed must be an int, got {_shown(self.seed)}", argument="seed"
            )
        k = len(self.agents)
        for name, agent in self.agents:
            if not isinstance(name, str) or not isinstance(agent, Agent):
                raise ArgumentTypeError(
                    f"agents must be (name, agent) pairs, got {_shown((name, agent))}",
                    argument="agents",
                )
        names = [name for name, _ in self.agents]
        if len(set(names)) != k:
            raise ArgumentValueError(
                f"agents must have distinct names, got {_shown(names)}", argument="agents"
            )
        players = self.rules.players
        if self.rules.partnership and k != 2:
            raise ArgumentValueError(
                f"agents must be exactly 2 for partnership play, got {k}", argument="agents"
            )
        if not 2 <= k <= players:
            raise ArgumentValueError(
                f"agents must be 2 to {players} for {players} seats, got {k}", argument="agents"
            )
        if self.hands is not None and self.matches is not None:
            raise ArgumentValueError("give hands or matches, not both", argument="matches")
        if self.hands is None and self.matches is None:
            raise ArgumentValueError(
                "give the number of hands or of matches to play", argument="hands"
            )
        count = self.hands if self.matches is None else self.matches
        if type(count) is not int or count < k or count % k:
            unit, group = ("hands", "deal") if self.matches is None else ("matches", "match")
            raise ArgumentValueError(
                f"{unit} must be a positive multiple of {k} (every {group} is played once "
                f"per seating), got {_shown(count)}",
                argument=unit,
            )
        if type(self.workers) is not int or self.workers < 1:
            raise ArgumentValueError(
                f"workers must be at least 1, got {_shown(self.workers)}", argument="workers"
            )

    @property
    def mode(self) -> ArenaMode:
        """`ArenaMode.MATCHES` when ``matches`` is given, else `ArenaMode.HANDS`."""
        return ArenaMode.HANDS if self.matches is None else ArenaMode.MATCHES

    @property
    def names(self) -> tuple[str, ...]:
        """The agents' names, in order."""
        return tuple(name for name, _ in self.agents)

    @property
    def deals(self) -> int:
        """The number of deals (``hands / len(agents)``), or of match seeds in match mode."""
        count = self.hands if self.matches is None else self.matches
        assert count is not None
        return count // len(self.agents)

    def run(self, *, progress: bool | ProgressCallback = False) -> ArenaReport:
        """Play every deal (or match seed) under every seating and return the report.

        Args:
            progress: ``True`` for a progress line on standard error, or a callback
                ``callback(done, total)`` called as chunks finish, counting hands (in
                match mode, matches).

        Raises:
            ArgumentTypeError: ``workers > 1`` and an agent cannot be pickled, or
                ``progress`` is neither a bool nor callable (a `TypeError`).
            ArenaError: a hand failed (an agent raised or chose an illegal move).
        """
        if not isinstance(progress, bool) and not callable(progress):
            raise ArgumentTypeError(
                f"progress must be True, False or a callback, got {_shown(progress)}",
                argument="progress",
            )
        report: ProgressCallback | None
        if progress is True:
            report = _StderrProgress(unit=self.mode.value)
        elif progress is False:
            report = None
        else:
            report = progress
        agents = tuple(agent for _, agent in self.agents)
        if self.mode is ArenaMode.MATCHES:
            matches = list(
                _run_chunks(
                    _play_match_chunk,
                    self.rules,
                    agents,
                    self.seed,
                    self.deals,
                    self.workers,
                    report,
                )
            )
            return summarize_matches(self.rules, self.names, self.seed, matches)
        hands = list(
            _run_chunks(
                _play_chunk, self.rules, agents, self.seed, self.deals, self.workers, report
            )
        )
        return summarize(self.rules, self.names, self.seed, hands)


def run_arena(
    rules: Ruleset,
    agents: Mapping[str, Agent] | Sequence[tuple[str, Agent]],
    *,
    seed: int,
    hands: int | None = None,
    matches: int | None = None,
    workers: int = 1,
    progress: bool | ProgressCallback = False,
) -> ArenaReport:
    """Compare named agents over ``hands`` hands or ``matches`` matches (see `Arena`).

    Args:
        rules: The ruleset every hand is played under; in match mode its target
            (`Ruleset.match_target`) and hand limit end each match.
        agents: ``{name: agent}`` or a sequence of ``(name, agent)`` pairs: 2 agents, or
            up to one per seat when seats are not partners.
        seed: The seed of the whole run.
        hands: Hands to play, a positive multiple of the number of agents.
        matches: Matches to play instead, a positive multiple of the number of agents.
        workers: Processes to play in; the report does not depend on it.
        progress: ``True`` for a progress line on standard error, or a callback.

    Returns:
        The `ArenaReport`.

    Raises:
        ValueError: a bad number of agents, hands, matches or workers, both or neither
            of ``hands`` and ``matches``, or repeated names.
        TypeError: an agent has no ``choose`` method, or cannot be pickled for workers.
        ArenaError: a hand failed (an agent raised or chose an illegal move).

    >>> from dominoes.agents import GreedyAgent, RandomAgent
    >>> report = run_arena(
    ...     Ruleset.block(), {"greedy": GreedyAgent(), "random": RandomAgent()}, hands=20, seed=0
    ... )
    >>> report["greedy"].wins + report["random"].wins + report.draws
    20
    >>> report = run_arena(
    ...     Ruleset.block(target=50), {"greedy": GreedyAgent(), "random": RandomAgent()},
    ...     matches=6, seed=0,
    ... )
    >>> report.mode.value, report["greedy"].wins + report["random"].wins + report.draws
    ('matches', 6)
    """
    arena = Arena(
        rules=rules,
        agents=_pairs(agents),
        hands=hands,
        matches=matches,
        seed=seed,
        workers=workers,
    )
    return arena.run(progress=progress)


# ---------------------------------------------------------------------- agents by name

AGENT_NAMES = ("random", "greedy", "search")
"""The built-in agents by name (`make_agent`), as the command line names them."""


def make_agent(name: str, *, worlds: int = 8, rollouts: int = 2) -> Agent:
    """A built-in agent by name: ``random``, ``greedy`` or ``search``; or a user's
    agent, ``module:Class`` or ``path/to/file.py:Class`` (any name with a colon:
    `dominoes.agents.load_agent`).

    Raises:
        ArgumentValueError: no agent has that name (a `ValueError`).
        ArgumentTypeError: ``name`` is not a str (a `TypeError`).
        AgentError: a user's agent cannot be loaded.
    """
    if not isinstance(name, str):
        raise ArgumentTypeError(
            f"name must be an agent name (a str), got {_shown(name)}", argument="name"
        )
    if ":" in name:
        return load_agent(name)
    if name == "random":
        return RandomAgent()
    if name == "greedy":
        return GreedyAgent()
    if name == "search":
        return SearchAgent(worlds=worlds, rollouts=rollouts)
    raise ArgumentValueError(
        f"unknown agent {_shown(name)}: name must be one of {', '.join(AGENT_NAMES)}",
        argument="name",
    )
