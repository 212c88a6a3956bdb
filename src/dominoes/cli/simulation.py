"""The engine of ``dominoes simulate``: many seeded hands or matches, and their statistics.

This module uses neither click nor rich. `simulate` plays ``count`` hands (or
matches) with one agent per seat and returns a `SimulationReport`: how the hands
ended, the mean points per hand of each side, the share of hands each side won and
the hand length in moves, each with a 95% confidence interval: a Wilson score
interval for shares (`Rate`), the normal approximation for means (`Estimate`,
`dominoes.arena.mean_ci`). Hand ``i`` is played from the
string seed ``"dominoes-simulate:{seed}:{i}"`` and match ``i`` from an integer drawn
from ``"dominoes-simulate:match:{seed}:{i}"``, and results are collected in order,
so a report depends only on its arguments, never on the number of worker processes.

In match mode the per-hand figures are taken over every hand of every match, each
hand counted as one sample; the hands of a match share only who leads, so the
intervals are close to, but not exactly, those of independent hands. The match
figures (wins, hands per match) are over matches.
"""

from __future__ import annotations

import concurrent.futures
import enum
import multiprocessing
import pickle
import random
from collections.abc import Sequence
from typing import Any

import attrs

from dominoes.agents import Agent
from dominoes.arena import (
    ProgressCallback,
    _chunks,
    describe_rules,
    format_ci,
    mean_ci,
    play_hand,
    play_match,
    wilson_ci,
)
from dominoes.rules import Ruleset, Scoring
from dominoes.scoring import Ending

__all__ = [
    "Estimate",
    "HandSummary",
    "MatchSummary",
    "Mode",
    "Rate",
    "SimulationReport",
    "hand_seed",
    "match_seed",
    "side_label",
    "simulate",
]


class Mode(enum.Enum):
    """What one unit of a simulation is."""

    HANDS = "hands"
    """Independent hands, each from its own seed."""
    MATCHES = "matches"
    """Whole matches to the target score (`Ruleset.match_target`)."""


@attrs.frozen(kw_only=True)
class HandSummary:
    """What a simulation keeps of one finished hand."""

    ending: Ending
    """How the hand ended."""
    winners: tuple[int, ...]
    """The winning seats (empty for a drawn hand)."""
    points: tuple[int, ...]
    """The points of each seat."""
    moves: int
    """The number of moves of the hand."""


@attrs.frozen(kw_only=True)
class MatchSummary:
    """What a simulation keeps of one finished match."""

    hands: tuple[HandSummary, ...]
    """Its hands, in order."""
    winner: tuple[int, ...] | None
    """The winning side's seats, or ``None`` for a tie."""
    scores: tuple[int, ...]
    """The final scores per seat."""


@attrs.frozen(kw_only=True)
class Estimate:
    """A mean and the half-width of its 95% confidence interval (``None``: one sample)."""

    mean: float
    """The sample mean."""
    half: float | None
    """The half-width of the 95% interval."""

    @classmethod
    def of(cls, samples: Sequence[float]) -> Estimate:
        """The estimate of the mean of ``samples`` (at least one).

        >>> Estimate.of([1.0, 0.0, 1.0, 0.0]).mean
        0.5
        """
        mean, half = mean_ci(samples)
        return cls(mean=mean, half=half)

    def format(self, spec: str = ".2f") -> str:
        """``mean ± half`` with the format ``spec`` (``± ?`` without an interval).

        >>> Estimate(mean=2.0, half=0.5).format(".1f"), Estimate(mean=1.0, half=None).format()
        ('2.0 ± 0.5', '1.00 ± ?')
        """
        return format_ci(self.mean, self.half, spec)

    def to_dict(self) -> dict[str, float | None]:
        """``{"mean": ..., "ci95": ...}`` for JSON."""
        return {"mean": self.mean, "ci95": self.half}


@attrs.frozen(kw_only=True)
class Rate:
    """A share of ``trials`` and its 95% Wilson score interval (never wider than [0, 1],
    and not zero-width when nothing or everything happened)."""

    successes: int
    """How many trials counted."""
    trials: int
    """How many trials there were (at least one)."""

    @classmethod
    def of(cls, flags: Sequence[bool]) -> Rate:
        """The rate of the true ``flags`` (at least one).

        >>> Rate.of([True, False, True, True]).rate
        0.75
        """
        return cls(successes=sum(1 for f in flags if f), trials=len(flags))

    @property
    def rate(self) -> float:
        """The observed share."""
        return self.successes / self.trials

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% Wilson score interval (`dominoes.arena.wilson_ci`)."""
        return wilson_ci(self.successes, self.trials)

    def format(self, spec: str = ".3f") -> str:
        """``rate [low, high]`` with the format ``spec``.

        >>> Rate(successes=1, trials=2).format(".2f")
        '0.50 [0.09, 0.91]'
        """
        low, high = self.interval
        return f"{self.rate:{spec}} [{low:{spec}}, {high:{spec}}]"

    def to_dict(self) -> dict[str, float]:
        """``{"rate": ..., "low": ..., "high": ...}`` for JSON."""
        low, high = self.interval
        return {"rate": self.rate, "low": low, "high": high}


def side_label(team: Sequence[int]) -> str:
    """``"seat 1"`` or ``"seats 0+2"``.

    >>> side_label((1,)), side_label((0, 2))
    ('seat 1', 'seats 0+2')
    """
    if len(team) == 1:
        return f"seat {team[0]}"
    return "seats " + "+".join(str(s) for s in team)


@attrs.frozen(kw_only=True)
class SimulationReport:
    """The statistics of a simulation (95% intervals: Wilson for shares, normal for means)."""

    rules: Ruleset
    """The ruleset played."""
    preset: str
    """The preset name given (for the report's header; may be empty)."""
    agents: tuple[str, ...]
    """The agent's name at each seat."""
    seed: int
    """The seed of the run."""
    mode: Mode
    """Hands or matches."""
    count: int
    """Hands or matches played (as ``mode`` says)."""
    hands: int
    """Hands played in all."""
    endings: tuple[tuple[Ending, int], ...]
    """How many hands ended each way, for every `Ending`."""
    ending_shares: tuple[Rate, ...]
    """The share of hands of each ending, in the order of ``endings``."""
    drawn: int
    """Hands nobody won."""
    points: tuple[Estimate, ...]
    """Mean points per hand of each side (`Ruleset.teams` order); penalty points under
    `Scoring.PENALTY`."""
    wins: tuple[Rate, ...]
    """The share of hands each side won."""
    moves: Estimate
    """Moves per hand."""
    match_wins: tuple[Rate, ...] | None = None
    """In match mode, the share of matches each side won."""
    match_ties: int | None = None
    """In match mode, the matches that ended in a tie."""
    hands_per_match: Estimate | None = None
    """In match mode, hands per match."""

    @property
    def sides(self) -> tuple[str, ...]:
        """The sides' labels (``"seat 0"``, ``"seats 0+2"``)."""
        return tuple(side_label(team) for team in self.rules.teams)

    def to_dict(self) -> dict[str, Any]:
        """The report as a JSON-ready dict."""
        data: dict[str, Any] = {
            "preset": self.preset,
            "rules": describe_rules(self.rules),
            "agents": list(self.agents),
            "seed": self.seed,
            "mode": self.mode.value,
            "count": self.count,
            "hands": self.hands,
            "endings": {
                ending.value: {"hands": n, "share": share.to_dict()}
                for (ending, n), share in zip(self.endings, self.ending_shares, strict=True)
            },
            "drawn_hands": self.drawn,
            "penalty_points": self.rules.scoring is Scoring.PENALTY,
            "sides": [
                {
                    "side": label,
                    "seats": list(team),
                    "agents": [self.agents[s] for s in team],
                    "points_per_hand": points.to_dict(),
                    "hands_won": wins.to_dict(),
                }
                for label, team, points, wins in zip(
                    self.sides, self.rules.teams, self.points, self.wins, strict=True
                )
            ],
            "moves_per_hand": self.moves.to_dict(),
            "confidence": "95%: Wilson score intervals for shares, normal approximation for means",
        }
        if self.match_wins is not None:
            assert self.hands_per_match is not None
            data["matches"] = {
                "won": {
                    label: wins.to_dict()
                    for label, wins in zip(self.sides, self.match_wins, strict=True)
                },
                "ties": self.match_ties,
                "hands_per_match": self.hands_per_match.to_dict(),
            }
        return data


def hand_seed(seed: int, index: int) -> str:
    """The seed of hand ``index`` of a simulation (`dominoes.arena.play_hand`'s ``seed``)."""
    return f"dominoes-simulate:{seed}:{index}"


def match_seed(seed: int, index: int) -> int:
    """The seed of match ``index`` of a simulation (`Match.start` takes an integer).

    >>> match_seed(0, 1) == match_seed(0, 1) != match_seed(0, 2)
    True
    """
    return random.Random(f"dominoes-simulate:match:{seed}:{index}").getrandbits(62)


def _summary(moves: int, result: Any) -> HandSummary:
    return HandSummary(
        ending=result.ending, winners=result.winners, points=result.points, moves=moves
    )


def _play_match(rules: Ruleset, agents: Sequence[Agent], seed: int) -> MatchSummary:
    hands: list[HandSummary] = []
    match = play_match(
        rules,
        agents,
        seed=seed,
        on_hand=lambda state: hands.append(_summary(state.move_count, state.result)),
    )
    return MatchSummary(hands=tuple(hands), winner=match.winner, scores=match.scores)


def _play_chunk(
    rules: Ruleset, agents: tuple[Agent, ...], seed: int, mode: Mode, start: int, stop: int
) -> list[MatchSummary]:
    """Units ``start`` to ``stop - 1`` (top level, so worker processes can unpickle it).

    A hand is returned as a one-hand `MatchSummary` with no winner.
    """
    out = []
    for index in range(start, stop):
        if mode is Mode.MATCHES:
            out.append(_play_match(rules, agents, match_seed(seed, index)))
        else:
            final = play_hand(rules, agents, seed=hand_seed(seed, index))
            hand = _summary(final.move_count, final.result)
            out.append(MatchSummary(hands=(hand,), winner=None, scores=hand.points))
    return out


def _units(
    rules: Ruleset,
    agents: tuple[Agent, ...],
    seed: int,
    mode: Mode,
    count: int,
    workers: int,
    progress: ProgressCallback | None,
) -> list[MatchSummary]:
    chunks = _chunks(count, workers)
    results: dict[int, list[MatchSummary]] = {}
    done = 0
    if progress is not None:
        progress(0, count)
    if workers == 1:
        for n, (start, stop) in enumerate(chunks):
            results[n] = _play_chunk(rules, agents, seed, mode, start, stop)
            done += stop - start
            if progress is not None:
                progress(done, count)
    else:
        try:
            pickle.dumps(agents)
        except Exception as e:
            raise TypeError(f"agents must be picklable to run in worker processes: {e}") from e
        context = multiprocessing.get_context("spawn")
        with concurrent.futures.ProcessPoolExecutor(workers, mp_context=context) as pool:
            futures = {
                pool.submit(_play_chunk, rules, agents, seed, mode, start, stop): n
                for n, (start, stop) in enumerate(chunks)
            }
            try:
                for future in concurrent.futures.as_completed(futures):
                    n = futures[future]
                    results[n] = future.result()
                    done += chunks[n][1] - chunks[n][0]
                    if progress is not None:
                        progress(done, count)
            except BaseException:
                for future in futures:
                    future.cancel()
                raise
    return [unit for n in range(len(chunks)) for unit in results[n]]


def simulate(
    rules: Ruleset,
    agents: Sequence[Agent],
    *,
    count: int,
    seed: int,
    mode: Mode = Mode.HANDS,
    names: Sequence[str] | None = None,
    preset: str = "",
    workers: int = 1,
    progress: ProgressCallback | None = None,
) -> SimulationReport:
    """Play ``count`` hands (or matches) with one agent per seat and report the statistics.

    Args:
        rules: The ruleset of every hand.
        agents: One agent per seat.
        count: Hands (or matches) to play, at least 1.
        seed: The seed everything is derived from.
        mode: `Mode.HANDS` or `Mode.MATCHES`.
        names: The agents' names for the report (default: their class names).
        preset: The preset name, for the report.
        workers: Processes to play in (1: this process); the report does not depend on it.
        progress: A callback ``progress(done, total)`` in units of ``mode``.

    Returns:
        The `SimulationReport`.

    Raises:
        ValueError: not one agent (or name) per seat, or ``count`` or ``workers`` below 1.
        TypeError: ``seed`` is not an int, or agents cannot be pickled for workers.

    >>> from dominoes.agents import GreedyAgent, RandomAgent
    >>> report = simulate(Ruleset.block(), [GreedyAgent(), RandomAgent()], count=20, seed=1)
    >>> report.hands, sum(n for _, n in report.endings)
    (20, 20)
    """
    if type(seed) is not int:
        raise TypeError(f"seed must be an int, got {seed!r}")
    if len(agents) != rules.players:
        raise ValueError(f"expected one agent per seat ({rules.players}), got {len(agents)}")
    if names is None:
        names = [type(agent).__name__ for agent in agents]
    if len(names) != rules.players:
        raise ValueError(f"expected one name per seat ({rules.players}), got {len(names)}")
    if type(count) is not int or count < 1:
        raise ValueError(f"the number of {mode.value} must be at least 1, got {count!r}")
    if type(workers) is not int or workers < 1:
        raise ValueError(f"workers must be at least 1, got {workers!r}")
    units = _units(rules, tuple(agents), seed, mode, count, workers, progress)
    hands = [hand for unit in units for hand in unit.hands]
    teams = rules.teams
    played = [e for e in Ending if e is not Ending.CONCEDED]  # agents never concede
    endings = tuple((ending, sum(h.ending is ending for h in hands)) for ending in played)
    shares = tuple(Rate.of([h.ending is ending for h in hands]) for ending, _ in endings)
    report = SimulationReport(
        rules=rules,
        preset=preset,
        agents=tuple(names),
        seed=seed,
        mode=mode,
        count=count,
        hands=len(hands),
        endings=endings,
        ending_shares=shares,
        drawn=sum(not h.winners for h in hands),
        points=tuple(Estimate.of([float(h.points[team[0]]) for h in hands]) for team in teams),
        wins=tuple(Rate.of([team[0] in h.winners for h in hands]) for team in teams),
        moves=Estimate.of([float(h.moves) for h in hands]),
    )
    if mode is Mode.HANDS:
        return report
    return attrs.evolve(
        report,
        match_wins=tuple(
            Rate.of([u.winner is not None and team[0] in u.winner for u in units]) for team in teams
        ),
        match_ties=sum(u.winner is None for u in units),
        hands_per_match=Estimate.of([float(len(u.hands)) for u in units]),
    )
