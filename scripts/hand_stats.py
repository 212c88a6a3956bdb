"""Simulate seeded hands and write the statistics page, docs/statistics.md, with its plots.

The page answers five questions with simulated hands, each with 95% confidence
intervals: how often a hand blocks (by preset and number of players, greedy and
random players), how much the seat that leads wins (by seat position relative to the
leader), how the hand size changes both (2-player Block game, double-6 and double-9
sets), for the games with arms (spinners, scoring on play), how often a hand
blocks, how many points a hand gives on play and at its end, and how often a match
ends in the middle of a hand (rule MATCH-7), and, for the train games (Mexican Train,
Private Trains, Chicken Foot) with 2 to 8 players, how often a hand blocks, the
markers out at its end, its length in moves and the final totals of a match.

    python scripts/hand_stats.py                      # the full run (a few minutes)
    python scripts/hand_stats.py --workers 2          # the same page, in 2 processes
    python scripts/hand_stats.py --scheduler tcp://10.0.0.1:8786   # on a Dask cluster
    python scripts/hand_stats.py --hands 200 --out-dir /tmp/stats   # a quick check
    python scripts/hand_stats.py --section trains --workers 2   # question 5 only

The page is written to ``OUT_DIR/statistics.md`` and the plots to
``OUT_DIR/assets/stats/*.svg`` (``OUT_DIR`` is the docs folder by default). Every
hand's deal and every agent's random generator are derived from the seed, the
configuration and the hand's index, so the same options give the same page and the
same plots whatever the number of worker processes, or on a Dask cluster
(``--scheduler``: the script ships itself to the scheduler and the workers, which
need the library and its ``dask`` extra installed). Only the options that change the
figures (``--hands``, ``--seed``) appear in the command printed on the page.

Both agents are played on the legal moves of the full state, which gives exactly the
moves `dominoes.agents.GreedyAgent` and `dominoes.agents.RandomAgent` choose from
their observations (the tests check it), 30 to 50 times faster; in a game that scores
on play the greedy player is `GreedyAgent` itself (it weighs what each play scores).
The games with arms are played on fewer hands (``--hands`` divided by `ARMS_SHARE`)
and their matches by the library's runner (`dominoes.simulation.play_match`). The
train games are played on ``--hands`` divided by `TRAIN_SHARE` hands, by the library's
agents through its runner (`dominoes.simulation.play_hand`), and on ``--hands``
divided by `TRAIN_MATCH_SHARE` matches; ``--section trains`` plays them alone and
writes question 5 into the page already in the output folder, keeping the others.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import contextlib
import enum
import functools
import importlib.util
import math
import random
import string
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import attrs

import dominoes
from dominoes import Deal, Ending, HandState, PlayScoring, Ruleset, Scoring
from dominoes.agents import GreedyAgent, RandomAgent, heaviest
from dominoes.simulation import play_hand, play_match, run_chunks
from dominoes.stats import Z95, Estimate, Rate

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUT_DIR = ROOT / "docs"
PAGE_NAME = "statistics.md"
ASSETS = Path("assets") / "stats"
SEED = 2026
"""The default seed of the run."""
HANDS = 30_000
"""The default number of hands per configuration (game and agent)."""
CHUNK = 500
"""Hands per task given to a worker (the results do not depend on it)."""
ARMS_SHARE = 10
"""The games with arms are played on ``hands // ARMS_SHARE`` hands (at least 2): their
engine and greedy player are slower, and the page keeps to a few minutes on one core."""
MATCH_SHARE = 100
"""... and on ``hands // MATCH_SHARE`` matches (at least 2) per agent."""
MATCH_CHUNK = 25
"""Matches per task given to a worker."""
TRAIN_SHARE = 15
"""The train games (question 5) are played on ``hands // TRAIN_SHARE`` hands (at least
2) per configuration: 42 configurations of long hands, played by the library's agents."""
TRAIN_MATCH_SHARE = 500
"""... and on ``hands // TRAIN_MATCH_SHARE`` matches (at least 1: a match is 10 or 13
hands long) per configuration."""
COMMAND = "python scripts/hand_stats.py"


# ---------------------------------------------------------------------- configurations


class Policy(enum.Enum):
    """The agent that sits at every seat of a hand."""

    GREEDY = "greedy"
    """`GreedyAgent`: the heaviest playable tile."""
    RANDOM = "random"
    """`RandomAgent`: a uniformly random legal move."""


@attrs.frozen
class Game:
    """A ruleset under study: a preset with some options."""

    preset: str
    """The preset's name (see `Ruleset.presets`)."""
    rules: Ruleset
    """The ruleset: ``Ruleset.preset(preset, **options)``."""

    @property
    def key(self) -> str:
        """A stable name, unique per ruleset of this study; the seeds derive from it."""
        r = self.rules
        seats = f"{r.players}{'-pairs' if r.partnership else ''}"
        return f"{self.preset}:{seats}:d{r.max_pip}:h{r.hand_size}"

    @property
    def seats(self) -> str:
        """``2 players``, or ``4 in pairs`` in partnership."""
        return "4 in pairs" if self.rules.partnership else f"{self.rules.players} players"

    @property
    def label(self) -> str:
        """The preset and the seats, for tables and plots."""
        return f"{self.preset}, {self.seats}"

    @property
    def undealt(self) -> int:
        """The tiles left out of the hands after the deal (the boneyard)."""
        r = self.rules
        return r.tile_set.size - r.players * r.hand_size


def game(preset: str, **options: Any) -> Game:
    """The `Game` of ``Ruleset.preset(preset, **options)``."""
    return Game(preset, Ruleset.preset(preset, **options))


@attrs.frozen
class Config:
    """One simulated configuration: a game, with the same agent at every seat."""

    game: Game
    """The game."""
    policy: Policy
    """The agent at every seat."""

    @property
    def key(self) -> str:
        """A stable name; the agents' generators derive from it."""
        return f"{self.game.key}/{self.policy.value}"


def _seat_variants(preset: str, counts: Iterable[int], pairs: bool) -> list[Game]:
    games = [game(preset, players=n) for n in counts]
    if pairs:
        games.append(game(preset, players=4, partnership=True))
    return games


PRESET_GAMES: tuple[Game, ...] = (
    *_seat_variants("block", (2, 3, 4), pairs=True),
    *_seat_variants("draw", (2, 3, 4), pairs=True),
    game("partnership"),
    *_seat_variants("pagat-draw", (2, 3, 4), pairs=False),
    game("openspiel-block"),
    game("openspiel-team"),
    game("abw333"),
)
"""Questions 1 and 2: every preset, with each number of players it is played with."""


@attrs.frozen
class Series:
    """A line of the hand-size study: one game and set, over hand sizes."""

    label: str
    """The legend entry."""
    games: tuple[Game, ...]
    """One game per hand size, smallest first."""


SIZE_SERIES: tuple[Series, ...] = (
    Series("block, double-6", tuple(game("block", hand_size=h) for h in range(3, 15))),
    Series("draw, double-6", tuple(game("draw", hand_size=h) for h in range(3, 15))),
    Series(
        "block, double-9",
        tuple(game("block", max_pip=9, hand_size=h) for h in range(3, 28, 2)),
    ),
)
"""Question 3: 2-player games by hand size (double-6 up to the whole set dealt)."""


PAIRS_TOO = frozenset({"all-fives", "fives-and-threes"})
"""The games with arms also played by 4 in pairs (as well as as their preset deals them)."""

TRAIN_PRESETS = ("mexican-train", "private-trains", "chicken-foot")
"""Question 5: the train games (and Chicken Foot, a penalty game on a schedule of root
doubles, whose layout has arms), each with every number of players it is dealt for."""
TRAIN_SEATS = range(2, 9)
"""The numbers of players of question 5 (the presets' default hand sizes)."""

ARMS_GAMES: tuple[Game, ...] = tuple(
    g
    for name in Ruleset.presets()
    if Ruleset.preset(name).has_arms and name not in TRAIN_PRESETS
    for g in (
        game(name),
        *([game(name, players=4, partnership=True)] if name in PAIRS_TOO else []),
    )
)
"""Question 4: every preset with arms (spinners, scoring on play) as it is dealt, from
the preset table, and those of `PAIRS_TOO` by 4 in pairs (Chicken Foot: question 5)."""

TRAIN_GAMES: tuple[Game, ...] = tuple(
    game(name, players=n) for name in TRAIN_PRESETS for n in TRAIN_SEATS
)
"""Question 5: the games of `TRAIN_PRESETS` with each number of `TRAIN_SEATS`."""


def arms_hands(hands: int) -> int:
    """The hands played per configuration of a game with arms, for ``--hands``."""
    return max(2, hands // ARMS_SHARE)


def arms_matches(hands: int) -> int:
    """The matches played per configuration of a game with arms, for ``--hands``."""
    return max(2, hands // MATCH_SHARE)


def train_hands(hands: int) -> int:
    """The hands played per configuration of a train game, for ``--hands``."""
    return max(2, hands // TRAIN_SHARE)


def train_matches(hands: int) -> int:
    """The matches played per configuration of a train game, for ``--hands``."""
    return max(1, hands // TRAIN_MATCH_SHARE)


def workload(config: Config, hands: int) -> tuple[int, int]:
    """The hands and the matches ``config`` is played on, for ``--hands hands``."""
    if config.game in TRAIN_GAMES:
        return train_hands(hands), train_matches(hands)
    if config.game in ARMS_GAMES:
        return arms_hands(hands), arms_matches(hands)
    return hands, 0


def configurations(section: str = "all") -> tuple[Config, ...]:
    """Every configuration the page needs, each once, in a fixed order; with ``section``
    ``trains``, those of question 5 only."""
    wanted = [Config(g, p) for g in TRAIN_GAMES for p in Policy]
    if section != "trains":
        wanted = [Config(g, p) for g in (*PRESET_GAMES, *ARMS_GAMES) for p in Policy]
        wanted += [Config(g, Policy.GREEDY) for s in SIZE_SERIES for g in s.games]
        wanted += [Config(g, p) for g in TRAIN_GAMES for p in Policy]
    unique: dict[str, Config] = {}
    for config in wanted:
        unique.setdefault(config.key, config)
    return tuple(unique.values())


# ---------------------------------------------------------------------- playing


def deal_for(game: Game, seed: int, index: int) -> Deal:
    """The deal of hand ``index`` of ``game`` (shared by the agents of the study)."""
    rng = random.Random(f"dominoes-stats:{seed}:deal:{game.key}:{index}")
    return Deal.random(game.rules, rng=rng)


def agent_rngs(config: Config, seed: int, index: int) -> list[random.Random]:
    """The generator of each seat's agent in hand ``index`` of ``config``."""
    return [
        random.Random(f"dominoes-stats:{seed}:agent:{config.key}:{index}:{seat}")
        for seat in range(config.game.rules.players)
    ]


def train_seed(config: Config, seed: int, index: int) -> str:
    """The seed of the agents of hand ``index`` of a train game's ``config``
    (`dominoes.simulation.play_hand`'s ``seed``: each seat's generator derives from it)."""
    return f"dominoes-stats:{seed}:agent:{config.key}:{index}"


def play(config: Config, seed: int, index: int) -> tuple[HandState, HandState]:
    """Play hand ``index`` of ``config``; the state before the first move, and the last.

    A train game's hand (question 5) is played by the library's runner,
    `dominoes.simulation.play_hand`, with the agents themselves on their observations."""
    deal = deal_for(config.game, seed, index)
    start = HandState.start(config.game.rules, deal)
    state = start
    if config.game in TRAIN_GAMES:
        rules = config.game.rules
        agent = GreedyAgent() if config.policy is Policy.GREEDY else RandomAgent()
        seats = [agent] * rules.players
        state = play_hand(rules, seats, seed=train_seed(config, seed, index), deal=deal)
    elif config.policy is Policy.GREEDY and start.rules.play_scoring is not PlayScoring.NONE:
        greedy, rngs = GreedyAgent(), agent_rngs(config, seed, index)
        while not state.is_over:
            state = state.apply(greedy.choose(state.observation(state.turn), rngs[state.turn]))
    elif config.policy is Policy.GREEDY:
        while not state.is_over:
            state = state.apply(heaviest(state.legal_moves()))
    else:
        rngs = agent_rngs(config, seed, index)
        while not state.is_over:
            moves = state.legal_moves()
            state = state.apply(moves[rngs[state.turn].randrange(len(moves))])
    return start, state


def _tuple_sum(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(x + y for x, y in zip(a, b, strict=True))


@attrs.frozen
class Tally:
    """Integer sums over the hands of one configuration (so merging is exact).

    Seats are counted by position relative to the leader: position 0 is the seat that
    made the first move, 1 the seat after it, and so on. The lead advantage of a hand
    is the leader's side's points minus the mean points of the other sides; it is
    kept multiplied by ``sides - 1`` so that it stays an integer.
    """

    players: int
    """Seats at the table."""
    sides: int
    """Sides at the table (2 in partnership, else ``players``)."""
    hands: int = 0
    """Hands played."""
    blocked: int = 0
    """Hands that ended blocked (`Ending.BLOCKED`)."""
    drawn: int = 0
    """Hands nobody won (a tie)."""
    wins: tuple[int, ...] = ()
    """Hands won, by position relative to the leader."""
    points: tuple[int, ...] = ()
    """Sum of the points scored, by position."""
    points_sq: tuple[int, ...] = ()
    """Sum of the squared points, by position."""
    advantage: int = 0
    """Sum of the lead advantage, times ``sides - 1``."""
    advantage_sq: int = 0
    """Sum of its squares (of the scaled values)."""
    play_total: int = 0
    """Sum of the points all sides scored on play in a hand (each side once)."""
    play_total_sq: int = 0
    """Sum of their squares."""
    end_total: int = 0
    """Sum of the points all sides scored at the end of a hand (each side once)."""
    end_total_sq: int = 0
    """Sum of their squares."""
    matches: int = 0
    """Matches played (the games with arms)."""
    mid_hand: int = 0
    """Matches that ended in the middle of a hand (rule MATCH-7)."""
    match_hands: int = 0
    """Sum of the hands dealt per match (the one a match ended in the middle of too)."""
    match_hands_sq: int = 0
    """Sum of their squares."""
    moves: int = 0
    """Sum of the moves of a hand (`HandState.move_count`: plays, draws, passes, stops)."""
    moves_sq: int = 0
    """Sum of their squares."""
    markers: int = 0
    """Sum of the markers out when a hand ended (`HandState.markers`; train games)."""
    markers_sq: int = 0
    """Sum of their squares."""
    match_points: int = 0
    """Sum over matches of the final totals of all seats (`Match.scores`)."""
    match_points_sq: int = 0
    """Sum of their squares."""
    match_best: int = 0
    """Sum over matches of the winning total: the lowest under `Scoring.PENALTY`, else the
    highest."""
    match_best_sq: int = 0
    """Sum of their squares."""

    @classmethod
    def empty(cls, rules: Ruleset) -> Tally:
        """No hands yet, for a table of ``rules``."""
        zeros = (0,) * rules.players
        return cls(rules.players, len(rules.teams), 0, 0, 0, zeros, zeros, zeros)

    def __add__(self, other: Tally) -> Tally:
        """The tally of both sets of hands."""
        if (self.players, self.sides) != (other.players, other.sides):
            raise ValueError("cannot add tallies of different tables")
        return Tally(
            self.players,
            self.sides,
            self.hands + other.hands,
            self.blocked + other.blocked,
            self.drawn + other.drawn,
            _tuple_sum(self.wins, other.wins),
            _tuple_sum(self.points, other.points),
            _tuple_sum(self.points_sq, other.points_sq),
            self.advantage + other.advantage,
            self.advantage_sq + other.advantage_sq,
            *(
                getattr(self, name) + getattr(other, name)
                for name in (
                    "play_total",
                    "play_total_sq",
                    "end_total",
                    "end_total_sq",
                    "matches",
                    "mid_hand",
                    "match_hands",
                    "match_hands_sq",
                    "moves",
                    "moves_sq",
                    "markers",
                    "markers_sq",
                    "match_points",
                    "match_points_sq",
                    "match_best",
                    "match_best_sq",
                )
            ),
        )

    @property
    def domino(self) -> int:
        """Hands won by a player laying their last tile."""
        return self.hands - self.blocked

    def block_rate(self) -> Rate:
        """The share of hands that blocked."""
        return Rate(successes=self.blocked, trials=self.hands)

    def drawn_rate(self) -> Rate:
        """The share of hands nobody won."""
        return Rate(successes=self.drawn, trials=self.hands)

    def win_rate(self, position: int) -> Rate:
        """The share of hands won by the seat at ``position`` after the leader."""
        return Rate(successes=self.wins[position], trials=self.hands)

    def mean_points(self, position: int) -> Estimate:
        """The points per hand of the seat at ``position`` after the leader."""
        return Estimate.from_sums(self.points[position], self.points_sq[position], self.hands)

    def play_points(self) -> Estimate:
        """The points all sides score on play per hand."""
        return Estimate.from_sums(self.play_total, self.play_total_sq, self.hands)

    def end_points(self) -> Estimate:
        """The points all sides score at the end of a hand, per hand."""
        return Estimate.from_sums(self.end_total, self.end_total_sq, self.hands)

    def mid_hand_rate(self) -> Rate:
        """The share of matches that ended in the middle of a hand (rule MATCH-7)."""
        return Rate(successes=self.mid_hand, trials=self.matches)

    def hands_per_match(self) -> Estimate:
        """The hands dealt per match."""
        return Estimate.from_sums(self.match_hands, self.match_hands_sq, self.matches)

    def hand_moves(self) -> Estimate:
        """The moves per hand."""
        return Estimate.from_sums(self.moves, self.moves_sq, self.hands)

    def markers_out(self) -> Estimate:
        """The markers out at the end of a hand, per hand (train games, rule TRAIN-4)."""
        return Estimate.from_sums(self.markers, self.markers_sq, self.hands)

    def match_total(self) -> Estimate:
        """A seat's final total of a match, averaged over the seats and the matches."""
        return Estimate.from_sums(
            self.match_points, self.match_points_sq, self.matches, scale=self.players
        )

    def winning_total(self) -> Estimate:
        """The winning total of a match (the lowest under `Scoring.PENALTY`)."""
        return Estimate.from_sums(self.match_best, self.match_best_sq, self.matches)

    def lead_advantage(self) -> Estimate:
        """The leader's side's points minus the other sides' mean, per hand."""
        return Estimate.from_sums(
            self.advantage, self.advantage_sq, self.hands, scale=self.sides - 1
        )


def run_chunk(config: Config, seed: int, start: int, stop: int) -> Tally:
    """Play hands ``start`` to ``stop - 1`` of ``config`` and count them."""
    rules = config.game.rules
    n = rules.players
    teams = rules.teams
    side_of = {seat: i for i, team in enumerate(teams) for seat in team}
    sides = len(teams)
    hands = blocked = drawn = advantage = advantage_sq = 0
    totals = [0, 0, 0, 0]  # play points, their squares, end points, their squares
    lengths = [0, 0, 0, 0]  # moves, their squares, markers out, their squares
    wins = [0] * n
    points = [0] * n
    points_sq = [0] * n
    for index in range(start, stop):
        first, final = play(config, seed, index)
        result = final.result
        assert result is not None
        leader = first.turn
        hands += 1
        blocked += result.ending is Ending.BLOCKED
        drawn += not result.winners
        for seat in range(n):
            position = (seat - leader) % n
            wins[position] += seat in result.winners
            p = result.points[seat]
            points[position] += p
            points_sq[position] += p * p
        side_points = [result.points[team[0]] for team in teams]
        if result.play_points:
            on_play = sum(result.play_points[team[0]] for team in teams)
            totals[0] += on_play
            totals[1] += on_play * on_play
        at_end = sum(result.end_points[team[0]] for team in teams)
        totals[2] += at_end
        totals[3] += at_end * at_end
        mine = side_points[side_of[leader]]
        scaled = (sides - 1) * mine - (sum(side_points) - mine)
        advantage += scaled
        advantage_sq += scaled * scaled
        moves, markers = final.move_count, len(final.markers)
        lengths[0] += moves
        lengths[1] += moves * moves
        lengths[2] += markers
        lengths[3] += markers * markers
    return Tally(
        n,
        sides,
        hands,
        blocked,
        drawn,
        tuple(wins),
        tuple(points),
        tuple(points_sq),
        advantage,
        advantage_sq,
        play_total=totals[0],
        play_total_sq=totals[1],
        end_total=totals[2],
        end_total_sq=totals[3],
        moves=lengths[0],
        moves_sq=lengths[1],
        markers=lengths[2],
        markers_sq=lengths[3],
    )


def match_seed(config: Config, seed: int, index: int) -> int:
    """The seed of match ``index`` of ``config`` (`Match.start` takes an integer)."""
    return random.Random(f"dominoes-stats:{seed}:match:{config.key}:{index}").getrandbits(62)


def run_matches(config: Config, seed: int, start: int, stop: int) -> Tally:
    """Play matches ``start`` to ``stop - 1`` of ``config`` with the library's agents and
    count them: how many ended in the middle of a hand, and their hands."""
    rules = config.game.rules
    agent = GreedyAgent() if config.policy is Policy.GREEDY else RandomAgent()
    mid_hand = dealt = dealt_sq = 0
    points = [0, 0, 0, 0]  # all seats' totals, their squares, the winning total, its square
    best = min if rules.scoring is Scoring.PENALTY else max
    for index in range(start, stop):
        final = play_match(
            rules,
            [agent] * rules.players,
            seed=match_seed(config, seed, index),
            agent_seed=f"dominoes-stats:{seed}:match-agent:{config.key}:{index}",
        )
        mid_hand += not final.state.is_over
        hands = len(final.hands) + 1
        dealt += hands
        dealt_sq += hands * hands
        total, won = sum(final.scores), best(final.scores)
        points[0] += total
        points[1] += total * total
        points[2] += won
        points[3] += won * won
    return attrs.evolve(
        Tally.empty(rules),
        matches=stop - start,
        mid_hand=mid_hand,
        match_hands=dealt,
        match_hands_sq=dealt_sq,
        match_points=points[0],
        match_points_sq=points[1],
        match_best=points[2],
        match_best_sq=points[3],
    )


def _tasks(config: Config, hands: int, seed: int) -> list[tuple[Config, Callable[[], Tally]]]:
    """The chunks of work of ``config`` for ``--hands hands``: its hands (fewer for a
    game with arms or a train game) and, for those, its matches (`workload`)."""
    count, matches = workload(config, hands)
    tasks: list[tuple[Config, Callable[[], Tally]]] = [
        (config, functools.partial(run_chunk, config, seed, a, min(count, a + CHUNK)))
        for a in range(0, count, CHUNK)
    ]
    tasks += [
        (config, functools.partial(run_matches, config, seed, a, min(matches, a + MATCH_CHUNK)))
        for a in range(0, matches, MATCH_CHUNK)
    ]
    return tasks


def simulate(
    configs: Sequence[Config],
    *,
    hands: int,
    seed: int,
    workers: int = 1,
    executor: concurrent.futures.Executor | None = None,
    log: Callable[[str], None] | None = None,
) -> dict[str, Tally]:
    """Play ``hands`` hands of every configuration (`arms_hands` and `arms_matches` of a
    game with arms); the tallies by configuration key.

    The chunks run on `dominoes.simulation.run_chunks`: in this process, in ``workers``
    processes, or on ``executor`` (any `concurrent.futures.Executor`, such as Dask's
    ``Client.get_executor()``). The result does not depend on where: every hand is
    seeded from ``(seed, configuration, index)`` and the tallies are integer sums.
    """
    tasks = [task for config in configs for task in _tasks(config, hands, seed)]

    def progress(done: int, total: int) -> None:
        if log is not None and done and done * 10 // total > (done - 1) * 10 // total:
            log(f"{done}/{total} tasks")  # every tenth of the run

    parts = run_chunks(
        [work for _, work in tasks], workers=workers, executor=executor, progress=progress
    )
    tallies = {c.key: Tally.empty(c.game.rules) for c in configs}
    for (config, _), tally in zip(tasks, parts, strict=True):
        tallies[config.key] += tally
    return tallies


# ---------------------------------------------------------------------- statistics


@attrs.frozen
class Difference:
    """The difference of two independent rates, with its 95% normal interval."""

    value: float
    """``first - second``."""
    half: float
    """The half-width of the interval."""

    @classmethod
    def of(cls, first: Rate, second: Rate) -> Difference:
        """``first - second``; the two rates come from independent samples."""
        return cls(first.rate - second.rate, Z95 * math.sqrt(first.variance + second.variance))

    @property
    def low(self) -> float:
        """The lower end of the interval."""
        return self.value - self.half

    @property
    def high(self) -> float:
        """The upper end of the interval."""
        return self.value + self.half

    def format(self) -> str:
        """``+21.3 ± 0.9`` percentage points."""
        return f"{100 * self.value:+.1f} ± {100 * self.half:.1f}"


# ---------------------------------------------------------------------- the page

POSITIONS = ("lead seat", "2nd", "3rd", "4th")
"""Column names of the seats by position relative to the leader."""
MUCH = 2.0
"""How many times as often the Block game must block for the claim to hold."""

HEAD = string.Template(
    """\
# Statistics

How often does a hand block, how much is leading worth, and how does the hand size
change both? This page answers with simulated hands, every figure with a 95%
confidence interval. It is generated by `scripts/hand_stats.py`; do not edit it by hand.
To regenerate it, with the same numbers and the same plots, run from the repository:

```bash
$command
```

## How the hands are played

- **Agents.** The same agent sits at every seat. `GreedyAgent()` lays its heaviest
  playable tile (a simple but sensible player, the baseline of the
  [arena results](arena-results.md)); `RandomAgent()` makes a uniformly random legal
  move. Questions 1, 4 and 5 are answered for both, questions 2 and 3 for greedy
  players.
- **Sample.** $hands hands per configuration (a game and an agent) for questions 1 to
  3, $arms_hands for question 4 (the games with arms, whose engine is slower), and
  $arms_matches matches per configuration of question 4; $configs configurations,
  $total hands in all (question 5, the train games, states its own sample). Seed
  $seed, `dominoes` $version.
- **Reproducibility.** The deal of hand *i* of a game is shuffled by
  `random.Random("dominoes-stats:<seed>:deal:<game>:<i>")`, and each agent's generator is
  seeded from the seed, the configuration, *i* and the seat in the same way. Greedy and
  random players of one game therefore play the same deals; different games play
  independent deals. The figures depend neither on the machine nor on `--workers`.
- **Intervals.** Rates are given as *rate [low, high]* with the Wilson score interval;
  means as *mean ± half-width* with the normal interval; a difference of two rates as
  *difference ± half-width* in percentage points, the two games being independent
  samples.
- **Positions.** Seats are counted from the seat that makes the first move of the hand
  (the *lead seat*: the holder of the highest double in the Block and Draw games, of
  6-6 in `partnership`, seat 0 in the presets that let a fixed seat lead), then in
  playing order. In partnership the lead seat's partner is the 3rd seat.

"""
)
"""The page's head: the questions and how the hands are played."""

BODY = string.Template(
    """\
## 1. How often does a hand block?

A hand *blocks* when it ends with nobody able to play (`Ending.BLOCKED`) instead of a
player laying their last tile. The share of blocked hands, by preset (see
[Presets](rules/presets.md)) and number of players:

$block_table

In the Draw game a hand can block only once the boneyard is empty (in `pagat-draw`, once
only its last 2 tiles are left, which are never drawn); with every tile dealt (4 in
pairs) there is nothing to draw and the Block and Draw games are the same game.
`pagat-draw` also lets a player draw when able to play: random players often do,
which empties the boneyard early, while greedy players never do.

![Share of blocked hands by preset, greedy and random players]($block_plot)

### Does the Block game block much more often than the Draw game?

Seed 002 says that the Block game "blocks much more often" than the Draw game (see
[Block game](rules/block.md)). Here *much more often* is read as at least $much times as
often, with the interval of the difference above zero:

$claim_table

$claim_verdict

## 2. How much does the lead seat win?

The share of hands won by each seat, counted from the lead seat, for greedy players
(a tie is a drawn hand, won by nobody; in partnership both partners win together).
The *lead advantage* is the lead seat's side's points minus the mean points of the
other sides, per hand: zero on average if leading were worth nothing.

$lead_table

![Win rate by seat position relative to the lead seat]($lead_plot)

$lead_verdict

Mean points per hand by seat position (greedy players):

$points_table

## 3. How does the hand size change this?

The 2-player Block game with every hand size from 3 tiles to the whole double-6 set
(14 tiles each), the same for the Draw game, and the Block game on a double-9 set
(55 tiles) with 3 to 27 tiles each; greedy players. With 14 tiles each the whole
double-6 set is dealt, so the two double-6 games are the same game there.

![Blocked hands and the lead seat's win rate by hand size]($size_plot)

$size_verdict

$size_tables

## 4. The games with arms

Every preset played on a layout with arms (see [Spinners](rules/spinner.md)), as it
deals and scores, and All Fives and Fives and Threes by 4 in pairs too. In the games
that score on play, the greedy player is `GreedyAgent()` itself: it lays the play that
scores most, then the heaviest. For each game: how often a hand blocks, and the points
a hand gives, all sides together, on play (rules PLAY-1 to PLAY-3) and at its end (the
points of the domino or the block); a game that scores nothing on play (Sebastopol)
shows "-".

$arms_table

A match is played to the preset's target. When the points scored on play reach it, the
match ends at once, in the middle of a hand (rule MATCH-7, [Matches](rules/match.md)):
the share of matches that end so, and the hands dealt per match (the unfinished one
too), over $arms_matches matches per agent, each played by the library's runner
(`dominoes.simulation.play_match`) from its own seed (a game that scores nothing on
play always ends a match at the end of a hand).

$arms_match_table

$arms_verdict

"""
)
"""Questions 1 to 4, with a placeholder for every table, plot and generated paragraph."""

TRAINS = string.Template(
    """\
## 5. The train games

Mexican Train (`mexican-train`), Private Trains (`private-trains`: no public train) and
Chicken Foot (`chicken-foot`), each with 2 to 8 players, as the preset deals them
(see [Train games](rules/trains.md) and [Chicken Foot](rules/chicken-foot.md)). A hand is
the first hand of a match: its engine is 12-12 (Chicken Foot: the root double 9-9). Both
agents play, through the library's runner (`dominoes.simulation.play_hand`) on their
observations: `GreedyAgent()` lays its heaviest playable tile (its own train first),
`RandomAgent()` a uniformly random legal move. $train_hands hands per configuration (a
game, its number of players and an agent), dealt as the other questions' hands are, so
that greedy and random players play the same deals.

For each game and number of players: how often a hand blocks (rules TRAIN-9 and
FOOT-4: nobody can play or draw, the round of passes made), how many markers are out
on the seats' trains when the hand ends (rule TRAIN-4; Chicken Foot has none, "-"), and
how long a hand is in moves (every play, draw, pass and `stop` counts).

$train_table

![Blocked hands and markers out by number of players]($train_plot)

$train_verdict

How many hands does a match take? None of these games plays to a target: under the
engine schedule (rule TRAIN-2) a match has one hand per double, 13 on double-12
(12-12 down to 0-0) and 10 for Chicken Foot on double-9, whatever is played, so hands
per match would only repeat the schedule. What a match's play changes is its score: the
mean final total of a seat (penalty points: the lowest total wins) and the winning
total, over $train_matches matches per configuration, each played by the library's
runner (`dominoes.simulation.play_match`, a `dominoes.Match`) from its own seed.

$train_match_table
"""
)
"""Question 5, the train games."""


def _table(header: Sequence[str], align: str, rows: Iterable[Sequence[str]]) -> str:
    """A Markdown table; ``align`` has one letter per column (``l`` or ``r``)."""
    marks = {"l": "---", "r": "---:"}
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join(marks[a] for a in align) + "|"]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)


def block_table(tallies: dict[str, Tally]) -> str:
    """Question 1: the share of blocked (and drawn) hands of every preset game."""
    rows = []
    for g in PRESET_GAMES:
        greedy = tallies[Config(g, Policy.GREEDY).key]
        rand = tallies[Config(g, Policy.RANDOM).key]
        rows.append(
            (
                f"`{g.preset}`",
                g.seats,
                str(g.rules.hand_size),
                str(g.undealt),
                greedy.block_rate().percent(),
                rand.block_rate().percent(),
                greedy.drawn_rate().percent(),
            )
        )
    header = (
        "preset",
        "seats",
        "tiles each",
        "undealt",
        "blocked, greedy",
        "blocked, random",
        "drawn, greedy",
    )
    return _table(header, "llrrrrr", rows)


@attrs.frozen
class ClaimRow:
    """The Block game against the Draw game, for one table and one agent."""

    block: Game
    """The Block game."""
    draw: Game
    """The Draw game with the same seats."""
    policy: Policy
    """The agents."""
    block_rate: Rate
    """How often the Block game blocked."""
    draw_rate: Rate
    """How often the Draw game blocked."""

    @property
    def difference(self) -> Difference:
        """Block minus Draw."""
        return Difference.of(self.block_rate, self.draw_rate)

    @property
    def same_game(self) -> bool:
        """Whether the two games are the same (no tile is left to draw)."""
        return self.block.undealt == 0 and self.draw.undealt == 0

    @property
    def ratio(self) -> float:
        """Block rate over Draw rate (infinite when the Draw game never blocked)."""
        if self.draw_rate.successes == 0:
            return math.inf
        return self.block_rate.rate / self.draw_rate.rate

    @property
    def holds(self) -> bool:
        """Whether the Block game blocked significantly, and ``MUCH`` times, more often."""
        return self.difference.low > 0 and self.ratio >= MUCH

    def verdict(self) -> str:
        """The claim for this row, in words."""
        if self.same_game:
            return "not applicable: every tile is dealt, so nobody can draw"
        if self.holds:
            return "**holds**"
        if self.difference.low > 0:
            return f"more often, but less than {MUCH:g} times"
        if self.difference.high < 0:
            return "**fails**: the Draw game blocks more often"
        return "no significant difference"


def claim_rows(tallies: dict[str, Tally]) -> list[ClaimRow]:
    """Block against Draw for every number of seats both presets are measured with."""
    draws = {(g.rules.players, g.rules.partnership): g for g in PRESET_GAMES if g.preset == "draw"}
    rows = []
    for policy in Policy:
        for g in PRESET_GAMES:
            if g.preset != "block":
                continue
            d = draws[(g.rules.players, g.rules.partnership)]
            rows.append(
                ClaimRow(
                    g,
                    d,
                    policy,
                    tallies[Config(g, policy).key].block_rate(),
                    tallies[Config(d, policy).key].block_rate(),
                )
            )
    return rows


def _ratio(value: float) -> str:
    return "∞" if math.isinf(value) else f"{value:.1f}"


def claim_table(rows: Sequence[ClaimRow]) -> str:
    """The Block game against the Draw game, row by row."""
    header = ("seats", "agents", "Block", "Draw", "ratio", "difference (points)", "claim")
    body = [
        (
            r.block.seats,
            r.policy.value,
            r.block_rate.percent(),
            r.draw_rate.percent(),
            _ratio(r.ratio),
            r.difference.format(),
            r.verdict(),
        )
        for r in rows
    ]
    return _table(header, "llrrrrl", body)


def claim_verdict(rows: Sequence[ClaimRow]) -> str:
    """One paragraph on the claim of seed 002, from the rows."""
    tested = [r for r in rows if not r.same_game]
    held = [r for r in tested if r.holds]
    greedy = [r for r in tested if r.policy is Policy.GREEDY]
    ratios = ", ".join(f"{_ratio(r.ratio)} times as often with {r.block.seats}" for r in greedy)
    if len(held) == len(tested):
        head = (
            f"**The claim holds.** In all {len(tested)} comparisons where the Draw game "
            "has a boneyard to draw from, the Block game blocks significantly and at "
            f"least {MUCH:g} times as often"
        )
    elif held:
        head = (
            f"**The claim holds only in part:** in {len(held)} of the {len(tested)} "
            "comparisons where the Draw game has a boneyard to draw from"
        )
    else:
        head = (
            f"**The claim does not hold** in any of the {len(tested)} comparisons where "
            "the Draw game has a boneyard to draw from"
        )
    same = [r for r in rows if r.same_game and r.policy is Policy.GREEDY]
    tail = ""
    if same:
        tail = (
            f" With {same[0].block.seats} the whole set is dealt, so the Draw game "
            "cannot draw and is the Block game; the two rates differ only by the luck "
            "of independent deals."
        )
    return f"{head} (greedy players: {ratios}).{tail}"


def lead_table(tallies: dict[str, Tally]) -> str:
    """Question 2: win rates by position, the drawn hands and the lead advantage."""
    rows = []
    for g in PRESET_GAMES:
        t = tallies[Config(g, Policy.GREEDY).key]
        wins = [t.win_rate(p).percent() if p < t.players else "" for p in range(4)]
        rows.append(
            (
                f"`{g.preset}`",
                g.seats,
                *wins,
                t.drawn_rate().percent(),
                t.lead_advantage().format("+.2f"),
            )
        )
    header = ("preset", "seats", *POSITIONS, "drawn", "lead advantage (points)")
    return _table(header, "llrrrrrr", rows)


def points_table(tallies: dict[str, Tally]) -> str:
    """Question 2: mean points per hand by position."""
    rows = []
    for g in PRESET_GAMES:
        t = tallies[Config(g, Policy.GREEDY).key]
        means = [t.mean_points(p).format() if p < t.players else "" for p in range(4)]
        rows.append((f"`{g.preset}`", g.seats, *means))
    return _table(("preset", "seats", *POSITIONS), "llrrrr", rows)


def lead_verdict(tallies: dict[str, Tally]) -> str:
    """A paragraph on the lead advantage, from the intervals."""

    def advantage(g: Game) -> Estimate:
        return tallies[Config(g, Policy.GREEDY).key].lead_advantage()

    def names(games: Sequence[Game]) -> str:
        return ", ".join(f"`{g.preset}` ({g.seats})" for g in games)

    ahead = [g for g in PRESET_GAMES if advantage(g).mean - (advantage(g).half or 0.0) > 0]
    behind = [g for g in PRESET_GAMES if advantage(g).mean + (advantage(g).half or 0.0) < 0]
    even = [g for g in PRESET_GAMES if g not in ahead and g not in behind]
    count = len(PRESET_GAMES)
    if len(ahead) == count:
        head = (
            "**Leading pays in every game measured:** the lead seat's side scores "
            f"significantly more than the other sides in all {count} games."
        )
    else:
        groups = (("Ahead", ahead), ("Behind", behind), ("Not significant", even))
        head = (
            "The lead seat's side scores significantly more than the other sides in "
            f"{len(ahead)} of the {count} games, significantly less in {len(behind)}, and "
            f"not significantly differently in {len(even)}. "
            + " ".join(f"{label}: {names(games)}." for label, games in groups if games)
        )
    ordered = sorted(PRESET_GAMES, key=lambda g: advantage(g).mean)
    low, high = ordered[0], ordered[-1]
    return (
        f"{head} The advantage ranges from {advantage(low).format('+.2f')} points per hand "
        f"(`{low.preset}`, {low.seats}) to {advantage(high).format('+.2f')} "
        f"(`{high.preset}`, {high.seats}). Where the highest double leads, the lead seat "
        "moves first and has already laid a double, often a heavy one that would count "
        "against it in a block; where a fixed seat leads with any tile, it only moves first."
    )


def size_tables(tallies: dict[str, Tally]) -> str:
    """Question 3: one table per series (the first open, the others folded)."""
    parts = []
    for n, series in enumerate(SIZE_SERIES):
        rows = []
        for g in series.games:
            t = tallies[Config(g, Policy.GREEDY).key]
            rows.append(
                (
                    str(g.rules.hand_size),
                    str(g.undealt),
                    t.block_rate().percent(),
                    t.win_rate(0).percent(),
                    t.win_rate(1).percent(),
                    t.drawn_rate().percent(),
                    t.lead_advantage().format("+.2f"),
                )
            )
        header = ("tiles each", "undealt", "blocked", "lead seat wins", "2nd wins", "drawn")
        table = _table((*header, "lead advantage (points)"), "rrrrrrr", rows)
        if n == 0:
            parts.append(f"**{series.label}** (2 players, greedy):\n\n{table}")
        else:
            indented = "\n".join(f"    {line}" for line in table.splitlines())
            parts.append(f'??? note "{series.label} (2 players, greedy)"\n\n{indented}')
    return "\n\n".join(parts)


def size_verdict(tallies: dict[str, Tally]) -> str:
    """A paragraph on the hand-size series: the extremes of each, from the data."""
    lines = []
    for series in SIZE_SERIES:
        tallied = [(g, tallies[Config(g, Policy.GREEDY).key]) for g in series.games]
        low_g, low_t = min(tallied, key=lambda gt: gt[1].block_rate().rate)
        high_g, high_t = max(tallied, key=lambda gt: gt[1].block_rate().rate)
        lead_g, lead_t = max(tallied, key=lambda gt: gt[1].win_rate(0).rate)
        least_g, least_t = min(tallied, key=lambda gt: gt[1].win_rate(0).rate)
        lines.append(
            f"- **{series.label}**: blocked hands range from "
            f"{100 * low_t.block_rate().rate:.1f}% ({low_g.rules.hand_size} tiles each) to "
            f"{100 * high_t.block_rate().rate:.1f}% ({high_g.rules.hand_size} tiles each); "
            f"the lead seat wins from {100 * least_t.win_rate(0).rate:.1f}% "
            f"({least_g.rules.hand_size} tiles) to {100 * lead_t.win_rate(0).rate:.1f}% "
            f"({lead_g.rules.hand_size} tiles)."
        )
    return "\n".join(lines)


def _game_rows(
    tallies: dict[str, Tally],
    games: Sequence[Game],
    header: Sequence[str],
    cells: Callable[[Game, Tally, Tally], Sequence[str]],
) -> str:
    """A table of questions 4 and 5: a row per game of ``games``, its preset and seats,
    then the ``cells`` of its greedy and random tallies (right-aligned under ``header``)."""
    rows = [
        (
            f"`{g.preset}`",
            g.seats,
            *cells(
                g,
                tallies[Config(g, Policy.GREEDY).key],
                tallies[Config(g, Policy.RANDOM).key],
            ),
        )
        for g in games
    ]
    return _table(("game", "seats", *header), "ll" + "r" * len(header), rows)


def _on_play(g: Game, text: str) -> str:
    """``text``, or ``-`` for a game that scores nothing on play."""
    return text if g.rules.play_scoring is not PlayScoring.NONE else "-"


def arms_table(tallies: dict[str, Tally]) -> str:
    """Question 4: blocked hands and the points of a hand on play and at its end, for
    every game with arms and both agents."""
    header = (
        "tiles each",
        "blocked, greedy",
        "blocked, random",
        "on play, greedy",
        "at the end, greedy",
        "on play, random",
        "at the end, random",
    )
    return _game_rows(
        tallies,
        ARMS_GAMES,
        header,
        lambda g, greedy, rand: (
            str(g.rules.hand_size),
            greedy.block_rate().percent(),
            rand.block_rate().percent(),
            _on_play(g, greedy.play_points().format()),
            greedy.end_points().format(),
            _on_play(g, rand.play_points().format()),
            rand.end_points().format(),
        ),
    )


def arms_match_table(tallies: dict[str, Tally]) -> str:
    """Question 4: how often a match ends in the middle of a hand (rule MATCH-7)."""
    header = (
        "target",
        "ended mid-hand, greedy",
        "ended mid-hand, random",
        "hands per match, greedy",
        "hands per match, random",
    )
    return _game_rows(
        tallies,
        ARMS_GAMES,
        header,
        lambda g, greedy, rand: (
            str(g.rules.match_target),
            _on_play(g, greedy.mid_hand_rate().percent()),
            _on_play(g, rand.mid_hand_rate().percent()),
            greedy.hands_per_match().format(),
            rand.hands_per_match().format(),
        ),
    )


def arms_verdict(tallies: dict[str, Tally]) -> str:
    """A paragraph on question 4: where the points come from, from the intervals."""
    scoring = [g for g in ARMS_GAMES if g.rules.play_scoring is not PlayScoring.NONE]

    def greedy(g: Game) -> Tally:
        return tallies[Config(g, Policy.GREEDY).key]

    more = [g for g in scoring if greedy(g).play_points().mean > greedy(g).end_points().mean]
    rates = [(g, greedy(g).mid_hand_rate()) for g in scoring]
    most, rate = max(rates, key=lambda gr: gr[1].rate)
    names = ", ".join(f"`{g.preset}` ({g.seats})" for g in more) or "none"
    return (
        f"With greedy players, the points scored on play outweigh those of the hand's end "
        f"in {len(more)} of the {len(scoring)} games that score on play ({names}). "
        f"A match ends in the middle of a hand most often in `{most.preset}` "
        f"({most.seats}): {rate.percent()} of the matches of greedy players."
    )


def _markers(g: Game, t: Tally) -> str:
    """The markers out at the end of a hand, or ``-`` in a game without markers."""
    return t.markers_out().format() if g.rules.trains else "-"


def train_table(tallies: dict[str, Tally]) -> str:
    """Question 5: blocked hands, markers out at the end and moves per hand, for every
    train game and number of players, both agents."""
    header = (
        "tiles each",
        "blocked, greedy",
        "blocked, random",
        "markers out, greedy",
        "markers out, random",
        "moves, greedy",
        "moves, random",
    )
    return _game_rows(
        tallies,
        TRAIN_GAMES,
        header,
        lambda g, greedy, rand: (
            str(g.rules.hand_size),
            greedy.block_rate().percent(),
            rand.block_rate().percent(),
            _markers(g, greedy),
            _markers(g, rand),
            greedy.hand_moves().format(".1f"),
            rand.hand_moves().format(".1f"),
        ),
    )


def train_match_table(tallies: dict[str, Tally]) -> str:
    """Question 5: the hands of a match (its schedule's) and its final totals."""
    header = (
        "hands",
        "total per seat, greedy",
        "winning total, greedy",
        "total per seat, random",
        "winning total, random",
    )
    return _game_rows(
        tallies,
        TRAIN_GAMES,
        header,
        lambda g, greedy, rand: (
            str(g.rules.schedule_hands),
            greedy.match_total().format(".1f"),
            greedy.winning_total().format(".1f"),
            rand.match_total().format(".1f"),
            rand.winning_total().format(".1f"),
        ),
    )


def train_verdict(tallies: dict[str, Tally]) -> str:
    """Question 5 in words: how the block rate and the markers change with the number
    of players (greedy players), and Private Trains against Mexican Train."""

    def greedy(g: Game) -> Tally:
        return tallies[Config(g, Policy.GREEDY).key]

    lines = []
    for name in TRAIN_PRESETS:
        games = [g for g in TRAIN_GAMES if g.preset == name]
        few, many = games[0], games[-1]
        line = (
            f"- **`{name}`**: a hand blocks in {greedy(few).block_rate().percent()} of "
            f"the hands with {few.seats} and {greedy(many).block_rate().percent()} with "
            f"{many.seats}"
        )
        if few.rules.trains:
            line += (
                f"; the markers out at the end go from {greedy(few).markers_out().format()} "
                f"({few.seats}) to {greedy(many).markers_out().format()} ({many.seats})"
            )
        lines.append(line + ".")
    pairs = [
        (g, m)
        for g in TRAIN_GAMES
        if g.preset == "private-trains"
        for m in TRAIN_GAMES
        if m.preset == "mexican-train" and m.rules.players == g.rules.players
    ]
    more = [
        g.seats.split()[0]
        for g, m in pairs
        if Difference.of(greedy(g).block_rate(), greedy(m).block_rate()).low > 0
    ]
    lines.append(
        "\nWithout the public train, Private Trains blocks significantly more often than "
        f"Mexican Train with greedy players at {len(more)} of the {len(pairs)} table sizes"
        + (f" ({', '.join(more)} players)." if more else ".")
    )
    lower = [g for g in TRAIN_GAMES if _below(tallies, g)]
    lines.append(
        f"Over a whole match, greedy players end with a lower mean total per seat than "
        f"random players, the two intervals apart, at {len(lower)} of the "
        f"{len(TRAIN_GAMES)} tables."
    )
    return "\n".join(lines)


def _below(tallies: dict[str, Tally], g: Game) -> bool:
    """Whether greedy players' mean total per seat at the end of a match of ``g`` is
    below random players', their 95% intervals apart."""
    greedy = tallies[Config(g, Policy.GREEDY).key].match_total()
    rand = tallies[Config(g, Policy.RANDOM).key].match_total()
    if greedy.half is None or rand.half is None:
        return False
    return greedy.mean + greedy.half < rand.mean - rand.half


def head(*, hands: int, seed: int, command: str) -> str:
    """The page's head: the command, the agents and the sample of questions 1 to 4 (the
    number of configurations and of hands, from ``--hands``, not from the tallies)."""
    configs = [c for c in configurations() if c.game not in TRAIN_GAMES]
    total = sum(workload(c, hands)[0] for c in configs)
    return HEAD.substitute(
        command=command,
        hands=f"{hands:,}",
        arms_hands=f"{arms_hands(hands):,}",
        arms_matches=f"{arms_matches(hands):,}",
        configs=len(configs),
        total=f"{total:,}",
        seed=seed,
        version=dominoes.__version__,
    )


def trains_section(tallies: dict[str, Tally], *, hands: int, plots: dict[str, str]) -> str:
    """Question 5, from the tallies of the train games."""
    return TRAINS.substitute(
        train_hands=f"{train_hands(hands):,}",
        train_matches=f"{train_matches(hands):,}",
        train_table=train_table(tallies),
        train_plot=plots["trains"],
        train_verdict=train_verdict(tallies),
        train_match_table=train_match_table(tallies),
    )


SECTION_1 = "## 1. "
"""How questions 1 to 4 begin on the page."""
SECTION_5 = "## 5. "
"""How question 5 begins on the page."""


def splice(old: str, new: str) -> str:
    """The page ``new`` (a head and question 5 only) with questions 1 to 4 of the page
    ``old``: what ``--section trains`` writes."""
    start = old.find(SECTION_1)
    if start < 0:
        raise ValueError("the page holds no question 1 to keep")
    stop = old.find("\n" + SECTION_5, start)
    body = old[start:] + "\n" if stop < 0 else old[start : stop + 1]
    at = new.index(SECTION_5)
    return new[:at] + body + new[at:]


def render(
    tallies: dict[str, Tally],
    *,
    hands: int,
    seed: int,
    command: str,
    plots: dict[str, str],
    section: str = "all",
) -> str:
    """The whole Markdown page; ``plots`` maps a plot's name to its path from the page.
    With ``section`` ``trains``, only its head and question 5 (see `splice`)."""
    top = head(hands=hands, seed=seed, command=command)
    trains = trains_section(tallies, hands=hands, plots=plots)
    if section == "trains":
        return top + trains
    rows = claim_rows(tallies)
    return (
        top
        + BODY.substitute(
            arms_matches=f"{arms_matches(hands):,}",
            much=f"{MUCH:g}",
            block_table=block_table(tallies),
            block_plot=plots["block_rate"],
            claim_table=claim_table(rows),
            claim_verdict=claim_verdict(rows),
            lead_table=lead_table(tallies),
            lead_plot=plots["lead_seat"],
            lead_verdict=lead_verdict(tallies),
            points_table=points_table(tallies),
            size_plot=plots["hand_size"],
            size_verdict=size_verdict(tallies),
            size_tables=size_tables(tallies),
            arms_table=arms_table(tallies),
            arms_match_table=arms_match_table(tallies),
            arms_verdict=arms_verdict(tallies),
        )
        + trains
    )


# ---------------------------------------------------------------------- the plots

STYLE: dict[str, Any] = {
    "svg.fonttype": "none",
    "svg.hashsalt": "dominoes-stats",
    "font.size": 9,
    "axes.grid": True,
    "grid.alpha": 0.3,
    "axes.spines.top": False,
    "axes.spines.right": False,
}
"""Matplotlib settings: text as text (small files) and fixed ids (identical files)."""


def _errors(rates: Sequence[Rate]) -> list[list[float]]:
    """Asymmetric error bars, in percent, for `Axes.errorbar`."""
    return [
        [100 * (r.rate - r.low) for r in rates],
        [100 * (r.high - r.rate) for r in rates],
    ]


def _pct(rates: Sequence[Rate]) -> list[float]:
    return [100 * r.rate for r in rates]


def plot_block_rate(figure: Figure, tallies: dict[str, Tally]) -> None:
    """Question 1: the block rate of every preset game, greedy and random players."""
    ax: Axes = figure.subplots()
    games = list(reversed(PRESET_GAMES))
    ys = list(range(len(games)))
    for policy, shift, marker in ((Policy.GREEDY, 0.15, "o"), (Policy.RANDOM, -0.15, "s")):
        rates = [tallies[Config(g, policy).key].block_rate() for g in games]
        ax.errorbar(
            _pct(rates),
            [y + shift for y in ys],
            xerr=_errors(rates),
            fmt=marker,
            markersize=4,
            capsize=2,
            label=f"{policy.value} players",
        )
    ax.set_yticks(ys, [g.label for g in games])
    ax.set_xlabel("hands that blocked (%), with 95% intervals")
    ax.set_xlim(0, 100)
    ax.legend(loc="lower right")


def plot_lead_seat(figure: Figure, tallies: dict[str, Tally]) -> None:
    """Question 2: win rate by position, one panel per table size."""
    tables = [("2 players", 2, False), ("3 players", 3, False), ("4 players", 4, False)]
    tables.append(("4 in pairs", 4, True))
    axes = figure.subplots(1, len(tables), sharey=True)
    for ax, (title, players, pairs) in zip(axes, tables, strict=True):
        for g in PRESET_GAMES:
            if (g.rules.players, g.rules.partnership) != (players, pairs):
                continue
            t = tallies[Config(g, Policy.GREEDY).key]
            rates = [t.win_rate(p) for p in range(players)]
            ax.errorbar(
                range(players),
                _pct(rates),
                yerr=_errors(rates),
                fmt="o-",
                markersize=3,
                capsize=2,
                label=g.preset,
            )
        sides = 2 if pairs else players
        ax.axhline(100 / sides, color="grey", linestyle=":", linewidth=1)
        ax.set_title(title)
        ax.set_xticks(range(players), [str(p + 1) for p in range(players)])
        ax.set_xlabel("seat (1: the lead seat)")
        ax.legend(fontsize=7)
    axes[0].set_ylabel("hands won (%), greedy players")
    axes[0].set_ylim(bottom=0)


def plot_hand_size(figure: Figure, tallies: dict[str, Tally]) -> None:
    """Question 3: block rate and the lead seat's win rate against the hand size."""
    left, right = figure.subplots(1, 2)
    for series in SIZE_SERIES:
        sizes = [g.rules.hand_size for g in series.games]
        tallied = [tallies[Config(g, Policy.GREEDY).key] for g in series.games]
        blocked = [t.block_rate() for t in tallied]
        lead = [t.win_rate(0) for t in tallied]
        left.errorbar(
            sizes, _pct(blocked), yerr=_errors(blocked), fmt="o-", markersize=3, capsize=2
        )
        right.errorbar(
            sizes,
            _pct(lead),
            yerr=_errors(lead),
            fmt="o-",
            markersize=3,
            capsize=2,
            label=series.label,
        )
    left.set_title("hands that blocked")
    right.set_title("hands won by the lead seat")
    right.axhline(50, color="grey", linestyle=":", linewidth=1)
    for ax in (left, right):
        ax.set_xlabel("tiles each (2 players, greedy)")
        ax.set_ylabel("%")
        ax.set_ylim(0, 100)
    right.legend()


def plot_trains(figure: Figure, tallies: dict[str, Tally]) -> None:
    """Question 5: block rate and markers out against the number of players, one line
    per train game and agent."""
    left, right = figure.subplots(1, 2)
    for colour, name in enumerate(TRAIN_PRESETS):
        games = [g for g in TRAIN_GAMES if g.preset == name]
        seats = [g.rules.players for g in games]
        for policy, style in ((Policy.GREEDY, "o-"), (Policy.RANDOM, "s--")):
            tallied = [tallies[Config(g, policy).key] for g in games]
            look: dict[str, Any] = {"fmt": style, "color": f"C{colour}", "markersize": 3}
            blocked = [t.block_rate() for t in tallied]
            left.errorbar(
                seats,
                _pct(blocked),
                yerr=_errors(blocked),
                capsize=2,
                label=f"{name}, {policy.value}",
                **look,
            )
            if not games[0].rules.trains:
                continue
            markers = [t.markers_out() for t in tallied]
            right.errorbar(
                seats,
                [m.mean for m in markers],
                yerr=[m.half or 0.0 for m in markers],
                capsize=2,
                **look,
            )
    left.set_title("hands that blocked")
    left.set_ylabel("%")
    left.set_ylim(0, 100)
    right.set_title("markers out at the end of a hand")
    right.set_ylim(bottom=0)
    for ax in (left, right):
        ax.set_xlabel("players")
        ax.set_xticks(list(TRAIN_SEATS))
    left.legend(fontsize=7)


PLOTS: dict[str, tuple[Callable[[Figure, dict[str, Tally]], None], tuple[float, float]]] = {
    "block_rate": (plot_block_rate, (7.0, 5.0)),
    "lead_seat": (plot_lead_seat, (9.0, 3.2)),
    "hand_size": (plot_hand_size, (9.0, 3.4)),
    "trains": (plot_trains, (9.0, 3.4)),
}
"""Each plot: how to draw it and its size in inches."""
TRAIN_PLOTS = ("trains",)
"""The plots of question 5 (all that ``--section trains`` draws)."""


def write_plots(
    tallies: dict[str, Tally], folder: Path, names: Sequence[str] = tuple(PLOTS)
) -> dict[str, Path]:
    """Draw the plots ``names`` (default: every plot) into ``folder`` as SVG; their
    paths by name."""
    import matplotlib  # noqa: PLC0415 (only the parent process draws)
    from matplotlib.figure import Figure  # noqa: PLC0415

    folder.mkdir(parents=True, exist_ok=True)
    paths = {}
    style: Any = STYLE  # the stubs want literal keys
    with matplotlib.rc_context(style):
        for name in names:
            draw, size = PLOTS[name]
            figure = Figure(figsize=size, layout="constrained")
            draw(figure, tallies)
            path = folder / f"{name}.svg"
            figure.savefig(path, format="svg", metadata={"Date": None, "Creator": None})
            paths[name] = path
    return paths


# ---------------------------------------------------------------------- command line


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="hand_stats.py", description=(__doc__ or "").splitlines()[0]
    )
    parser.add_argument(
        "--hands",
        type=int,
        default=HANDS,
        help=f"hands per configuration, at least 2 (default {HANDS:,})",
    )
    parser.add_argument("--seed", type=int, default=SEED, help=f"the seed (default {SEED})")
    parser.add_argument("--workers", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        default=None,
        help="play on the running Dask scheduler at ADDRESS (tcp://host:8786) instead of "
        "local processes (needs the dask extra); the page is the same",
    )
    parser.add_argument(
        "--section",
        choices=("all", "trains"),
        default="all",
        help="all: the whole page; trains: play question 5 only and write it, with the "
        "page's head and its plot, into the page already in OUT_DIR, keeping questions "
        "1 to 4 as they are (default all)",
    )
    parser.add_argument(
        "--out-dir",
        type=Path,
        default=DEFAULT_OUT_DIR,
        help="where to write statistics.md and assets/stats/ (default: the docs folder)",
    )
    return parser


def command_for(hands: int, seed: int) -> str:
    """The command that regenerates a page of ``hands`` hands from ``seed``."""
    options = "" if hands == HANDS else f" --hands {hands}"
    options += "" if seed == SEED else f" --seed {seed}"
    return COMMAND + options


@contextlib.contextmanager
def _where(
    parser: argparse.ArgumentParser, scheduler: str | None, workers: int
) -> Iterator[tuple[concurrent.futures.Executor | None, int]]:
    """Where the hands are played, as ``dominoes arena`` decides it
    (`dominoes.cli.cluster.executor_for`): no executor and ``workers`` local processes,
    or the executor of the Dask scheduler at ``scheduler`` and its number of workers, to
    which this file is shipped so that they can run its chunks. A problem (both options,
    no Dask, no scheduler) is a usage error of the script."""
    if scheduler is None:
        yield None, workers
        return
    try:
        import click  # noqa: PLC0415 - the cli extra, needed with --scheduler only

        from dominoes.cli.cluster import executor_for  # noqa: PLC0415 - the same
    except ImportError as missing:
        parser.error(f"--scheduler needs {missing.name}: pip install -e '.[cli,dask]'")
    if __name__ != "hand_stats":  # pragma: no cover - main() runs the module (see below)
        parser.error("--scheduler needs the script imported as the module hand_stats")
    try:
        with executor_for(scheduler, workers, upload=[__file__]) as found:
            yield found
    except click.UsageError as error:
        parser.error(error.message)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the simulations, then write the page and the plots; the exit status."""
    parser = _parser()
    args = parser.parse_args(argv)
    if args.hands < 2:
        parser.error(f"--hands must be at least 2, got {args.hands}")
    if args.workers < 1:
        parser.error(f"--workers must be at least 1, got {args.workers}")
    if importlib.util.find_spec("matplotlib") is None:
        parser.error("matplotlib is needed for the plots: pip install -e '.[stats]'")
    out_dir: Path = args.out_dir
    old = ""
    if args.section == "trains":
        try:
            old = (out_dir / PAGE_NAME).read_text(encoding="utf-8")
        except (OSError, UnicodeError) as error:
            parser.error(f"--section trains needs the page in {out_dir}: {error}")
        if SECTION_1 not in old:
            parser.error(f"--section trains needs the page's questions 1 to 4 in {out_dir}")
    configs = configurations(args.section)
    began = time.perf_counter()

    def log(message: str) -> None:
        print(f"hand_stats: {message} ({time.perf_counter() - began:.0f} s)", file=sys.stderr)

    with _where(parser, args.scheduler, args.workers) as (executor, count):
        where = f"{count} worker(s)"
        if executor is not None:
            where = f"{count} Dask worker(s) at {args.scheduler}"
        log(
            f"{len(configs)} configurations x {args.hands} hands (the games with arms: "
            f"{arms_hands(args.hands)} hands and {arms_matches(args.hands)} matches; the "
            f"train games: {train_hands(args.hands)} hands and {train_matches(args.hands)} "
            f"matches), {where}"
        )
        tallies = simulate(
            configs,
            hands=args.hands,
            seed=args.seed,
            workers=args.workers,
            executor=executor,
            log=log,
        )
    try:
        names = TRAIN_PLOTS if args.section == "trains" else tuple(PLOTS)
        paths = write_plots(tallies, out_dir / ASSETS, names)
        page = render(
            tallies,
            hands=args.hands,
            seed=args.seed,
            command=command_for(args.hands, args.seed),
            plots={name: (ASSETS / path.name).as_posix() for name, path in paths.items()},
            section=args.section,
        )
        if args.section == "trains":
            page = splice(old, page)
        (out_dir / PAGE_NAME).write_text(page, encoding="utf-8")
    except OSError as error:
        print(f"hand_stats: error: cannot write to {out_dir}: {error}", file=sys.stderr)
        return 1
    log(f"wrote {out_dir / PAGE_NAME} and {len(paths)} plots")
    return 0


if __name__ == "__main__":
    # run the script as the module hand_stats (its folder is sys.path[0]), not as
    # __main__: the chunks then refer to hand_stats.run_chunk, which the worker processes
    # and the Dask workers (to which --scheduler ships this file) import by that name
    import hand_stats

    sys.exit(hand_stats.main())
