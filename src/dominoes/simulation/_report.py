"""`simulate`: many seeded hands or matches with one agent per seat, and their statistics."""

from __future__ import annotations

import concurrent.futures
import functools
import random
from collections.abc import Sequence
from typing import Any

import attrs

from dominoes.agents import Agent
from dominoes.errors import ArgumentValueError, MatchError
from dominoes.rules import PlayScoring, Ruleset, Scoring
from dominoes.scoring import Ending
from dominoes.simulation._play import (
    HandOutcome,
    MatchOutcome,
    Mode,
    check_agents,
    check_int_seed,
    play_hand,
)
from dominoes.simulation._run import (
    ProgressCallback,
    check_executor,
    check_picklable,
    chunks,
    run_chunks,
)
from dominoes.stats import Estimate, Rate, check_count
from dominoes.words import describe_rules


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
    """In match mode, hands dealt per match (the hand a match ended in the middle of,
    rule MATCH-7, too)."""
    play_points: tuple[Estimate, ...] | None = None
    """In a game that scores on play (`Ruleset.play_scoring`), the part of ``points``
    scored by plays, per side; ``None`` otherwise."""
    end_points: tuple[Estimate, ...] | None = None
    """In a game that scores on play, the part of ``points`` scored when the hand ended,
    per side; ``None`` otherwise."""
    mid_hand: Rate | None = None
    """In match mode in a game that scores on play, the share of matches that ended in
    the middle of a hand (rule MATCH-7; that hand counts in no per-hand figure)."""
    markers: Estimate | None = None
    """In a train game (`Ruleset.trains`), the markers out at the end of a hand (rule
    TRAIN-4), per hand; ``None`` otherwise."""
    marked: Rate | None = None
    """In a train game, the share of hands that ended with a marker out; ``None``
    otherwise."""

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
            **self._play_dict(),
            **self._train_dict(),
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
            if self.mid_hand is not None:
                data["matches"]["ended_mid_hand"] = self.mid_hand.to_dict()
        return data

    def _train_dict(self) -> dict[str, Any]:
        """The markers at the end of a hand, in a train game."""
        if self.markers is None or self.marked is None:
            return {}
        return {
            "markers_at_end_per_hand": self.markers.to_dict(),
            "hands_ended_with_a_marker": self.marked.to_dict(),
        }

    def _play_dict(self) -> dict[str, Any]:
        """The play and end points per side, in a game that scores on play."""
        if self.play_points is None or self.end_points is None:
            return {}
        return {
            "play_points_per_hand": {
                label: p.to_dict() for label, p in zip(self.sides, self.play_points, strict=True)
            },
            "end_points_per_hand": {
                label: p.to_dict() for label, p in zip(self.sides, self.end_points, strict=True)
            },
        }


def hand_seed(seed: int, index: int) -> str:
    """The seed of hand ``index`` of a simulation (`play_hand`'s ``seed``)."""
    return f"dominoes-simulate:{seed}:{index}"


def match_seed(seed: int, index: int) -> int:
    """The seed of match ``index`` of a simulation (`Match.start` takes an integer).

    >>> match_seed(0, 1) == match_seed(0, 1) != match_seed(0, 2)
    True
    """
    return random.Random(f"dominoes-simulate:match:{seed}:{index}").getrandbits(62)


def _play_chunk(
    rules: Ruleset, agents: tuple[Agent, ...], seed: int, mode: Mode, start: int, stop: int
) -> list[HandOutcome] | list[MatchOutcome]:
    """Units ``start`` to ``stop - 1`` (top level, so worker processes can unpickle it)."""
    if mode is Mode.MATCHES:
        return [
            MatchOutcome.play(rules, agents, match=i, seed=match_seed(seed, i))
            for i in range(start, stop)
        ]
    seats = tuple(range(rules.players))
    return [
        HandOutcome.of(
            play_hand(rules, agents, seed=hand_seed(seed, i)), deal=i, seating=0, agents=seats
        )
        for i in range(start, stop)
    ]


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
    executor: concurrent.futures.Executor | None = None,
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
        workers: Processes to play in (1: this process); the report does not depend on
            it. With ``executor``, how many workers it has (the work is cut into about 8
            chunks per worker).
        executor: Where to play instead: any `concurrent.futures.Executor`, such as
            Dask's ``Client.get_executor()`` (see the "Running on a cluster" page); the
            report does not depend on it.
        progress: A callback ``progress(done, total)`` in units of ``mode``.

    Returns:
        The `SimulationReport`.

    Raises:
        ArgumentValueError: not one agent (or name) per seat, or ``count`` or ``workers``
            below 1 (a `ValueError`).
        ArgumentTypeError: ``seed`` is not an int, ``executor`` not an executor, or the
            agents cannot be pickled for worker processes (a `TypeError`).
        MatchError: in match mode, no hand was finished: every match ended in the middle
            of its first hand (rule MATCH-7; a `ValueError`).

    >>> from dominoes import Ruleset
    >>> from dominoes.agents import GreedyAgent, RandomAgent
    >>> report = simulate(Ruleset.block(), [GreedyAgent(), RandomAgent()], count=20, seed=1)
    >>> report.hands, sum(n for _, n in report.endings)
    (20, 20)
    """
    check_int_seed(seed)
    check_agents(rules, agents)
    if names is None:
        names = [type(agent).__name__ for agent in agents]
    if len(names) != rules.players:
        raise ArgumentValueError(
            f"names must hold one name per seat ({rules.players}), got {len(names)}",
            argument="names",
        )
    check_count(count, "count", 1)
    check_count(workers, "workers", 1)
    check_executor(executor)
    if executor is None and workers > 1:
        check_picklable(tuple(agents), "agents")
    ranges = chunks(count, workers)
    tasks = [
        functools.partial(_play_chunk, rules, tuple(agents), seed, mode, start, stop)
        for start, stop in ranges
    ]
    sizes = [stop - start for start, stop in ranges]
    done = run_chunks(tasks, sizes=sizes, workers=workers, executor=executor, progress=progress)
    units = [unit for part in done for unit in part]
    matches = [u for u in units if isinstance(u, MatchOutcome)]
    hands = [u for u in units if isinstance(u, HandOutcome)]
    hands += [hand for u in matches for hand in u.hands]
    if not hands:
        raise MatchError(
            f"no hand of the {count} matches was finished: each ended in the middle of its "
            "first hand, when play points reached the target (rule MATCH-7)"
        )
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
    scores_on_play = rules.play_scoring is not PlayScoring.NONE
    if scores_on_play:
        plays = [
            [float(h.play_points[team[0]] if h.play_points else 0) for h in hands] for team in teams
        ]
        ends = [
            [float(h.points[team[0]]) - p for h, p in zip(hands, side, strict=True)]
            for team, side in zip(teams, plays, strict=True)
        ]
        report = attrs.evolve(
            report,
            play_points=tuple(Estimate.of(side) for side in plays),
            end_points=tuple(Estimate.of(side) for side in ends),
        )
    if rules.trains:
        report = attrs.evolve(
            report,
            markers=Estimate.of([float(h.markers) for h in hands]),
            marked=Rate.of([h.markers > 0 for h in hands]),
        )
    if mode is Mode.HANDS:
        return report
    return attrs.evolve(
        report,
        match_wins=tuple(Rate.of([team[0] in u.winners for u in matches]) for team in teams),
        match_ties=sum(not u.winners for u in matches),
        hands_per_match=Estimate.of([float(len(u.hands) + u.mid_hand) for u in matches]),
        mid_hand=Rate.of([u.mid_hand for u in matches]) if scores_on_play else None,
    )
