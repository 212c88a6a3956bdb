"""The arena's report: the figures per agent, over deals (or match seeds)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from dominoes.errors import ArgumentTypeError, ArgumentValueError, UnknownAgentError, shown
from dominoes.rules import Ruleset
from dominoes.simulation import HandOutcome, MatchOutcome, Mode, Outcome, check_rules
from dominoes.stats import format_ci, mean_ci
from dominoes.words import describe_match, describe_rules


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
    records: tuple[HandOutcome, ...] = attrs.field(repr=False)
    """Every hand, in deal order then seating order (empty in match mode)."""
    mode: Mode = Mode.HANDS
    """Hands or matches."""
    matches: int = 0
    """Matches played: ``deals * len(names)`` in match mode, else 0."""
    hands_per_match: float | None = None
    """Match mode: the mean number of hands a match lasted."""
    hands_per_match_ci: float | None = None
    """Match mode: the half-width of the 95% interval of ``hands_per_match``."""
    match_records: tuple[MatchOutcome, ...] = attrs.field(default=(), repr=False)
    """Match mode: every match, in seed order then seating order."""

    def __getitem__(self, name: str) -> AgentStats:
        """The figures of the agent called ``name``."""
        for stats in self.stats:
            if stats.name == name:
                return stats
        raise UnknownAgentError(
            f"no agent named {shown(name)} in this report; agents: {', '.join(self.names)}",
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
        if self.mode is Mode.MATCHES:
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
        if self.mode is Mode.MATCHES:
            limit = self.rules.hands_limit
            to = f"to {self.rules.match_target}" + ("" if limit is None else f" (or {limit} hands)")
            if self.rules.schedule_double is not None:  # a schedule of engines (TRAIN-2)
                to = describe_match(self.rules)
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
            played = s.matches if self.mode is Mode.MATCHES else s.hands
            lines.append(
                f"{s.name:<{width}}  {played:>{w}}  {s.wins:>6}  {s.draws:>6}  "
                f"{format_ci(s.win_rate, s.win_rate_ci, '.3f'):<15}  "
                f"{format_ci(s.mean_margin, s.mean_margin_ci, '+.2f')}"
            )
        lines.append("")
        if self.mode is Mode.MATCHES:
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


def _figures(rules: Ruleset, k: int, records: Sequence[Outcome], unit: str) -> _Figures:
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
    check_rules(rules)
    if (
        isinstance(names, str | bytes)
        or not isinstance(names, Sequence)
        or not names
        or not all(isinstance(name, str) for name in names)
    ):
        raise ArgumentTypeError(
            f"names must be a sequence of agent names, got {shown(names)}", argument="names"
        )
    if type(seed) is not int:
        raise ArgumentTypeError(f"seed must be an int, got {shown(seed)}", argument="seed")
    if not isinstance(records, Sequence) or not all(isinstance(r, kind) for r in records):
        raise ArgumentTypeError(
            f"records must be a sequence of {kind.__name__} values, got {shown(records)}",
            argument="records",
        )


def summarize(
    rules: Ruleset, names: Sequence[str], seed: int, records: Sequence[HandOutcome]
) -> ArenaReport:
    """The report of ``records`` (hands of consecutive deals, every seating of each).

    Each deal gives one sample per agent and figure (the mean over its seatings); the
    intervals come from `mean_ci` over those samples.

    Raises:
        ArgumentValueError: the records are not whole deals (one hand per seating).
        ArgumentTypeError: an argument has the wrong type.
    """
    _check_summary(rules, names, seed, records, HandOutcome)
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
    rules: Ruleset, names: Sequence[str], seed: int, records: Sequence[MatchOutcome]
) -> ArenaReport:
    """The match-mode report of ``records`` (consecutive match seeds, every seating of each).

    Each match seed gives one sample per agent and figure (the mean over its seatings):
    the match win rate, the final match-score margin and the hands per match, each with
    its 95% interval from `mean_ci` over those samples.

    Raises:
        ArgumentValueError: the records are not whole match seeds (one match per seating).
        ArgumentTypeError: an argument has the wrong type.
    """
    _check_summary(rules, names, seed, records, MatchOutcome)
    k = len(names)
    figures = _figures(rules, k, records, "match seeds")
    hands = sum(len(r.hands) for r in records)
    lengths = [
        sum(len(r.hands) for r in records[d * k : (d + 1) * k]) / k for d in range(figures.groups)
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
        mode=Mode.MATCHES,
        matches=len(records),
        hands_per_match=hands_per_match,
        hands_per_match_ci=hands_ci,
        match_records=tuple(records),
    )
