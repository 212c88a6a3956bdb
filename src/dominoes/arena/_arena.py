"""The `Arena`: named agents, a ruleset, a seed and a count, run on the runner."""

from __future__ import annotations

import concurrent.futures
import functools
from collections.abc import Iterable, Mapping, Sequence

import attrs

from dominoes.agents import Agent
from dominoes.arena._report import ArenaReport, summarize, summarize_matches
from dominoes.arena._schedule import play_deals, play_match_seeds
from dominoes.errors import ArgumentTypeError, ArgumentValueError, shown
from dominoes.rules import Ruleset
from dominoes.simulation import (
    Mode,
    ProgressCallback,
    check_executor,
    check_picklable,
    check_rules,
    chunks,
    run_chunks,
)


def _pairs(
    agents: Mapping[str, Agent] | Iterable[tuple[str, Agent]],
) -> tuple[tuple[str, Agent], ...]:
    """``{name: agent}`` or ``(name, agent)`` pairs, as a tuple of pairs."""
    items = agents.items() if isinstance(agents, Mapping) else agents
    if isinstance(items, str | bytes) or not isinstance(items, Iterable):
        raise ArgumentTypeError(
            f"agents must be a mapping or (name, agent) pairs, got {shown(agents)}",
            argument="agents",
        )
    out = []
    for item in items:
        if not (isinstance(item, tuple) and len(item) == 2):
            raise ArgumentTypeError(
                f"agents must hold (name, agent) pairs, got {shown(item)}", argument="agents"
            )
        out.append(item)
    return tuple(out)


@attrs.frozen(kw_only=True)
class Arena:
    """A reproducible comparison of agents on one ruleset (see the module docs).

    Build it with named agents and either ``hands`` (single hands) or ``matches``
    (whole matches to `Ruleset.match_target`), and call `run`. Agents must be
    picklable for ``workers > 1`` or an executor (instances of top-level classes, such as the attrs
    classes of `dominoes.agents`), and their choices must depend only on the
    observation and the generator they are given (no state kept between calls), or
    runs with different worker counts would differ.

    >>> from dominoes import Ruleset
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
    >>> import attrs
    >>> arena = attrs.evolve(arena, rules=Ruleset.block(target=30), hands=None, matches=4)
    >>> arena.mode, arena.deals
    (<Mode.MATCHES: 'matches'>, 2)
    >>> report = arena.run()
    >>> report.matches, [s.matches for s in report.stats], report.hands >= 4
    (4, [4, 4], True)
    """

    rules: Ruleset = attrs.field(validator=lambda _inst, _attr, value: check_rules(value))
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
            raise ArgumentTypeError(f"seed must be an int, got {shown(self.seed)}", argument="seed")
        k = len(self.agents)
        for name, agent in self.agents:
            if not isinstance(name, str) or not isinstance(agent, Agent):
                raise ArgumentTypeError(
                    f"agents must be (name, agent) pairs, got {shown((name, agent))}",
                    argument="agents",
                )
        names = [name for name, _ in self.agents]
        if len(set(names)) != k:
            raise ArgumentValueError(
                f"agents must have distinct names, got {shown(names)}", argument="agents"
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
                f"per seating), got {shown(count)}",
                argument=unit,
            )
        if type(self.workers) is not int or self.workers < 1:
            raise ArgumentValueError(
                f"workers must be at least 1, got {shown(self.workers)}", argument="workers"
            )

    @property
    def mode(self) -> Mode:
        """`Mode.MATCHES` when ``matches`` is given, else `Mode.HANDS`."""
        return Mode.HANDS if self.matches is None else Mode.MATCHES

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

    def run(
        self,
        *,
        progress: ProgressCallback | None = None,
        executor: concurrent.futures.Executor | None = None,
    ) -> ArenaReport:
        """Play every deal (or match seed) under every seating and return the report.

        Args:
            progress: A callback ``callback(done, total)`` called as chunks finish,
                counting hands (in match mode, matches); the arena prints nothing.
            executor: Where to play instead of ``workers`` processes: any
                `concurrent.futures.Executor`, such as Dask's ``Client.get_executor()``
                (see the "Running on a cluster" page). ``workers`` then says how many
                workers it has, to cut the work into about 8 chunks per worker. The
                report does not depend on it.

        Raises:
            ArgumentTypeError: ``workers > 1`` (without an executor) and an agent cannot
                be pickled, ``progress`` is not callable, or ``executor`` is not an
                executor (a `TypeError`).
            ArenaError: a hand failed (an agent raised or chose an illegal move).
        """
        if progress is not None and not callable(progress):
            raise ArgumentTypeError(
                f"progress must be a callback or None, got {shown(progress)}",
                argument="progress",
            )
        check_executor(executor)
        agents = tuple(agent for _, agent in self.agents)
        if executor is None and self.workers > 1:
            check_picklable(agents, "agents")
        k = len(agents)
        ranges = chunks(self.deals, self.workers)
        sizes = [(b - a) * k for a, b in ranges]
        run = functools.partial(
            run_chunks, sizes=sizes, workers=self.workers, executor=executor, progress=progress
        )
        if self.mode is Mode.MATCHES:
            seeds = [
                functools.partial(play_match_seeds, self.rules, agents, self.seed, a, b)
                for a, b in ranges
            ]
            matches = [m for part in run(seeds) for m in part]
            return summarize_matches(self.rules, self.names, self.seed, matches)
        deals = [
            functools.partial(play_deals, self.rules, agents, self.seed, a, b) for a, b in ranges
        ]
        hands = [h for part in run(deals) for h in part]
        return summarize(self.rules, self.names, self.seed, hands)


def run_arena(
    rules: Ruleset,
    agents: Mapping[str, Agent] | Sequence[tuple[str, Agent]],
    *,
    seed: int,
    hands: int | None = None,
    matches: int | None = None,
    workers: int = 1,
    executor: concurrent.futures.Executor | None = None,
    progress: ProgressCallback | None = None,
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
        workers: Processes to play in; the report does not depend on it. With
            ``executor``, how many workers it has (see `Arena.run`).
        executor: Where to play instead: any `concurrent.futures.Executor`, such as
            Dask's ``Client.get_executor()``; the report does not depend on it.
        progress: A callback ``callback(done, total)``, in hands (match mode: matches).

    Returns:
        The `ArenaReport`.

    Raises:
        ValueError: a bad number of agents, hands, matches or workers, both or neither
            of ``hands`` and ``matches``, or repeated names.
        TypeError: an agent has no ``choose`` method, or cannot be pickled for workers,
            or ``executor`` is not an executor.
        ArenaError: a hand failed (an agent raised or chose an illegal move).

    >>> from dominoes import Ruleset
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
    return arena.run(progress=progress, executor=executor)
