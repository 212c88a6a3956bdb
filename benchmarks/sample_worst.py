"""The worst first sample: ``Sampler.sample`` over random rulesets and positions.

Sweeps random valid rulesets (every rule option drawn at random, seeded) and, under
each, random positions of random hands (random legal moves from a seeded deal, a
random seat observing), and times the first sample of an observation (building the
observation, then its first ``sample``, which builds and counts the model; the seat to
move and the others alike) against one random playout of the same hand from its deal
(``agents.rollout``), measured in the same run on the same machine. Prints:

(a) the sweep: how many positions, the median, 90th and 99th percentile and worst
    ratios, how many positions are within 50, 200 and 1000 playouts, how many ran past
    ``--limit`` seconds (and were given up);
(b) the worst positions found, measured again (best of ``--repeat`` first samples;
    the playout a mean over ``--playouts`` runs) with the size of the counting's memo
    (states and nodes: a count of work no machine changes) and the number of worlds,
    each with what reproduces it: the deal seed, the move seed and the number of moves
    (and, for the worst, the ruleset);
(c) the position of the stress run's report (double-8, 7 players, draw one then pass,
    voluntary drawing, 58 moves from ``Deal.random(rules, seed=930023371)``), every
    seat observing.

A position is reproduced by::

    state = HandState.start(rules, Deal.random(rules, seed=deal_seed))
    rng = random.Random(move_seed)
    for _ in range(moves):
        legal = state.legal_moves()
        state = state.apply(legal[rng.randrange(len(legal))])
    sampling.sample(state.observation(seat), random.Random(0))

No figure is asserted: the script prints them.

usage: python benchmarks/sample_worst.py [--rulesets N] [--hands H] [--positions P]
       [--seed S] [--top K] [--repeat R] [--playouts N] [--limit SECONDS]
       [--budget N] [--quick]
"""

from __future__ import annotations

import argparse
import enum
import json
import random
import signal
import sys
import time
from pathlib import Path
from types import FrameType

import attrs

from dominoes import Deal, HandState, Ruleset, Tile, TileSet, sampling
from dominoes import rules as rules_module
from dominoes.agents import rollout
from dominoes.errors import RulesetError, SamplingError
from dominoes.rules import (
    MAX_PLAYERS,
    BlockDetection,
    BlockTie,
    BlockWinner,
    DominoWinner,
    DrawnLead,
    DrawRule,
    FaultMode,
    FaultPenalty,
    NextLead,
    NoDoubleRule,
    Opening,
    PartnerPips,
    Scoring,
)
from dominoes.sampling import build_model

_ISSUE = json.loads(
    (Path(__file__).resolve().parent.parent / "tests" / "data" / "stress-position.json").read_text(
        encoding="utf-8"
    )
)
ISSUE_RULES = Ruleset.from_dict(_ISSUE["rules"])
"""The ruleset of the stress run's report (81 seconds for a first sample), shared with
the tests through ``tests/data/stress-position.json``."""
ISSUE_SEED: int = _ISSUE["seed"]
ISSUE_MOVES: int = _ISSUE["moves"]


@attrs.frozen
class Position:
    """A position of a random hand, and what reproduces it (see the module docs)."""

    rules: Ruleset
    deal_seed: int
    move_seed: int
    moves: int
    seat: int

    def state(self) -> HandState:
        state = HandState.start(self.rules, Deal.random(self.rules, seed=self.deal_seed))
        rng = random.Random(self.move_seed)
        for _ in range(self.moves):
            legal = state.legal_moves()
            state = state.apply(legal[rng.randrange(len(legal))])
        return state


@attrs.frozen
class Cost:
    """A first sample measured against a playout of the same hand."""

    position: Position
    first: float  # seconds: the observation and its first sample
    playout: float  # seconds: one random playout of the hand from its deal
    build: float  # seconds: building the model alone (`build_model`), not budgeted
    memo: int  # entries of the counting's memo (states and nodes)
    worlds: int  # the number of worlds of the model
    gave_up: bool  # the first sample raised SamplingError (the budget was hit)

    @property
    def ratio(self) -> float:
        return self.first / self.playout


class TooSlow(Exception):
    """A first sample ran past ``--limit`` seconds."""


def _alarm(signum: int, frame: FrameType | None) -> None:
    raise TooSlow


def random_rules(rng: random.Random, max_pip: int) -> Ruleset:
    """A valid ruleset with every option drawn at random."""

    def pick(kind: type[enum.Enum]) -> enum.Enum:
        return rng.choice(list(kind))

    while True:
        pips = rng.randint(2, max_pip)
        size = TileSet(max_pip=pips).size
        players = rng.randint(2, min(MAX_PLAYERS, size))
        drawing = pick(DrawRule)
        draws = drawing is not DrawRule.NONE
        hand_size = rng.randint(1, size // players)
        opening = pick(Opening)
        partnership = players == 4 and rng.random() < 0.5
        fields: dict[str, object] = {
            "max_pip": pips,
            "players": players,
            "hand_size": hand_size,
            "partnership": partnership,
            "drawing": drawing,
            "voluntary_draw": draws and rng.random() < 0.5,
            "boneyard_floor": rng.randint(0, 2) if draws and rng.random() < 0.3 else 0,
            "opening": opening,
            "opening_tile": Tile(*sorted((rng.randint(0, pips), rng.randint(0, pips))))
            if opening is Opening.HOLDER_OF_TILE
            else None,
            "opening_seat": rng.randrange(players),
            "no_double": pick(NoDoubleRule),
            "domino_winner": pick(DominoWinner),
            "block_detection": pick(BlockDetection),
            "block_winner": pick(BlockWinner),
            "block_tie": pick(BlockTie),
            "scoring": pick(Scoring),
            "partner_pips": pick(PartnerPips) if partnership else PartnerPips.IGNORE,
            "faults": pick(FaultMode),
            "fault_penalty": pick(FaultPenalty),
            "fault_points": rng.randint(0, 50),
        }
        concede = getattr(rules_module, "ConcedeScoring", None)  # (newer rulesets)
        if concede is not None:
            fields["concede_scoring"] = pick(concede)
        fields["next_lead"] = pick(NextLead)
        fields["drawn_lead"] = pick(DrawnLead)
        if fields["no_double"] is NoDoubleRule.DRAW_FOR_DOUBLE and not draws:
            continue
        try:
            return Ruleset(**fields)  # type: ignore[arg-type]
        except RulesetError:
            continue


def rules_code(rules: Ruleset) -> str:
    """``rules`` as the constructor call that builds it (fields left at their default
    are left out)."""
    default = {a.name: a.default for a in attrs.fields(Ruleset)}
    parts = []
    for a in attrs.fields(Ruleset):
        value = getattr(rules, a.name)
        if a.name in ("players", "hand_size") or value != default[a.name]:
            if isinstance(value, enum.Enum):
                shown = f"{type(value).__name__}.{value.name}"
            elif isinstance(value, Tile):
                shown = f"Tile({value.low}, {value.high})"
            else:
                shown = repr(value)
            parts.append(f"{a.name}={shown}")
    return f"Ruleset({', '.join(parts)})"


def playout_seconds(rules: Ruleset, deal_seed: int, runs: int) -> float:
    """The mean seconds of one random playout of the hand from its deal."""
    start = HandState.start(rules, Deal.random(rules, seed=deal_seed))
    rng = random.Random(deal_seed)
    t0 = time.perf_counter()
    for _ in range(runs):
        rollout(start, rng)
    return (time.perf_counter() - t0) / runs


def first_sample_seconds(
    state: HandState, seat: int, limit: float, budget: int | None = None
) -> tuple[float, bool]:
    """The seconds of ``state.observation(seat)`` and its first ``sample`` with
    ``budget`` (giving up with `SamplingError` counts as done: that is what a bot
    waits for) and whether it gave up; or ``limit`` and more: `TooSlow`."""
    signal.setitimer(signal.ITIMER_REAL, limit)
    try:
        t0 = time.perf_counter()
        try:
            sampling.sample(state.observation(seat), random.Random(0), budget=budget)
        except SamplingError:
            return time.perf_counter() - t0, True
        return time.perf_counter() - t0, False
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)


def measure(
    position: Position,
    repeat: int,
    playouts: int,
    limit: float,
    budget: int | None,
    *,
    memo: bool = True,
) -> Cost:
    """The first sample of ``position`` with ``budget`` (best of ``repeat``) against a
    playout of its hand; with ``memo``, the size of the counting's memo too (counted
    again; not when the sample gave up)."""
    state = position.state()
    gave_up = False
    try:
        runs = [first_sample_seconds(state, position.seat, limit, budget) for _ in range(repeat)]
        first, gave_up = min(runs)
    except TooSlow:
        first = float("inf")
    playout = playout_seconds(position.rules, position.deal_seed, playouts)
    obs = state.observation(position.seat)
    t0 = time.perf_counter()
    build_model(obs)
    build = time.perf_counter() - t0
    entries = worlds = -1
    if memo and first != float("inf") and not gave_up:
        plan = build_model(state.observation(position.seat)).plan
        worlds = plan.count()
        entries = plan.states
    return Cost(
        position=position,
        first=first,
        playout=playout,
        build=build,
        memo=entries,
        worlds=worlds,
        gave_up=gave_up,
    )


def sweep(
    rulesets: int,
    hands: int,
    positions: int,
    seed: int,
    max_pip: int,
    limit: float,
    budget: int | None,
) -> list[Cost]:
    """Every position of the sweep, measured once (the playout over 5 runs)."""
    rng = random.Random(seed)
    out: list[Cost] = []
    for _ in range(rulesets):
        rules = random_rules(rng, max_pip)
        for _ in range(hands):
            deal_seed = rng.randrange(2**31)
            move_seed = rng.randrange(2**31)
            total = _hand_length(Position(rules, deal_seed, move_seed, 0, 0))
            for _ in range(positions):
                moves = rng.randrange(total)  # before the end: something is hidden
                seat = rng.randrange(rules.players)
                position = Position(rules, deal_seed, move_seed, moves, seat)
                out.append(measure(position, 1, 5, limit, budget, memo=False))
    return out


def _hand_length(position: Position) -> int:
    """How many moves the random hand of ``position`` lasts."""
    state = HandState.start(position.rules, Deal.random(position.rules, seed=position.deal_seed))
    rng = random.Random(position.move_seed)
    moves = 0
    while not state.is_over:
        legal = state.legal_moves()
        state = state.apply(legal[rng.randrange(len(legal))])
        moves += 1
    return moves


def show(cost: Cost) -> str:
    p = cost.position
    first = ">limit" if cost.first == float("inf") else f"{cost.first * 1e3:9.2f}"
    return (
        f"    {cost.ratio:7.2f} {first:>9} {cost.playout * 1e3:8.3f} {cost.memo:7d} "
        f"{cost.worlds:10.2e}  {p.rules.max_pip:>2}/{p.rules.players:<2} "
        f"{p.rules.drawing.name:15} deal {p.deal_seed} moves {p.move_seed}x{p.moves} "
        f"seat {p.seat}{' (gave up)' if cost.gave_up else ''}"
    )


HEADER = (
    f"    {'ratio':>7} {'1st ms':>9} {'play ms':>8} {'memo':>7} {'worlds':>10}  set/p  "
    f"{'drawing':15} position"
)


def main(argv: list[str] | None = None) -> int:
    doc = __doc__ or ""
    ap = argparse.ArgumentParser(description=doc.splitlines()[0])
    ap.add_argument("--rulesets", type=int, default=300, help="random rulesets to sweep")
    ap.add_argument("--hands", type=int, default=2, help="random hands per ruleset")
    ap.add_argument("--positions", type=int, default=3, help="positions per hand")
    ap.add_argument("--max-pip", type=int, default=12, help="the largest set swept")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--top", type=int, default=8, help="worst positions measured again")
    ap.add_argument("--repeat", type=int, default=5, help="best of R first samples")
    ap.add_argument("--playouts", type=int, default=50, help="playouts averaged")
    ap.add_argument("--limit", type=float, default=5.0, help="seconds before giving up")
    ap.add_argument("--budget", type=int, default=None, help="the sample's budget (default: none)")
    ap.add_argument("--quick", action="store_true", help="a small sweep: a smoke test")
    a = ap.parse_args(argv)
    if a.quick:
        a.rulesets, a.top, a.repeat, a.playouts = min(a.rulesets, 20), 3, 2, 10
    signal.signal(signal.SIGALRM, _alarm)
    print(f"python {sys.version.split()[0]}, seed {a.seed}")

    costs = sweep(a.rulesets, a.hands, a.positions, a.seed, a.max_pip, a.limit, a.budget)
    ratios = sorted(c.ratio for c in costs)
    n = len(ratios)
    print(
        f"\n(a) {n} positions of {a.rulesets} random rulesets (up to double-"
        f"{a.max_pip}), {a.hands} hands each: first sample / one playout of the hand"
    )
    print(
        f"    median {ratios[n // 2]:.1f}, 90% {ratios[n * 9 // 10]:.1f}, "
        f"99% {ratios[n * 99 // 100]:.1f}, worst {ratios[-1]:.1f}"
    )
    for bound in (50, 200, 1000):
        within = sum(r <= bound for r in ratios)
        print(f"    within {bound:4d} playouts: {within}/{n} ({100 * within / n:.1f}%)")
    firsts = sorted(c.first for c in costs)
    print(
        f"    first sample in ms: median {firsts[n // 2] * 1e3:.2f}, "
        f"99% {firsts[n * 99 // 100] * 1e3:.2f}, worst {firsts[-1] * 1e3:.2f}"
    )
    slow = sum(c.first == float("inf") for c in costs)
    print(f"    past the {a.limit:g} s limit: {slow}")
    builds = sorted(c.build / c.playout for c in costs)
    print(
        f"    the model's construction alone (not budgeted) / one playout: median "
        f"{builds[n // 2]:.1f}, 99% {builds[n * 99 // 100]:.1f}, worst {builds[-1]:.1f}; "
        f"worst {max(c.build for c in costs) * 1e3:.2f} ms"
    )
    if a.budget is not None:
        gave_up = sum(c.gave_up for c in costs)
        print(f"    gave up at budget={a.budget} (SamplingError): {gave_up}/{n}")

    print(f"\n(b) the {a.top} worst, measured again (best of {a.repeat}; {a.playouts} playouts)")
    print(HEADER)
    worst = sorted(costs, key=lambda c: c.ratio, reverse=True)[: a.top]
    again = [measure(c.position, a.repeat, a.playouts, a.limit, a.budget) for c in worst]
    again.sort(key=lambda c: c.ratio, reverse=True)
    for cost in again:
        print(show(cost))
        print(f"             {rules_code(cost.position.rules)}")
    top = again[0]
    print("    the worst position:")
    print(f"      rules = {rules_code(top.position.rules)}")
    print(
        f"      deal seed {top.position.deal_seed}, move seed {top.position.move_seed}, "
        f"{top.position.moves} moves, seat {top.position.seat}"
    )

    print("\n(c) the stress run's report, every seat observing")
    print(HEADER)
    for seat in range(ISSUE_RULES.players):
        position = Position(ISSUE_RULES, ISSUE_SEED, ISSUE_SEED, ISSUE_MOVES, seat)
        print(show(measure(position, a.repeat, a.playouts, a.limit, a.budget)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
