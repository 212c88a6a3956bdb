"""The search agent through the batch (`BatchSearchAgent`) against the scalar search
(`SearchAgent`) at the same budget: how well each plays, and how fast each decides.

For 4-player partnership Block, 2-player Draw and 3-player All Fives (the spinner
family: a layout with arms, scoring on play) it prints:

(a) seconds per decision of each agent by budget (``worlds x rollouts``; random
    playouts for both), over the same positions: every position with more than one
    legal move in ``--positions`` random hands (the seat to move's observation), each
    decided once by each agent with the same seed; and the ratio (scalar / batch);
(b) the arena (`dominoes.arena.run_arena`, its own statistics: win rates and mean
    margins with 95% intervals over deals, every deal under every seating) of the
    batched search against the scalar one at the budget ``--worlds x --rollouts``, and
    of each against the greedy agent, ``--hands`` hands each, one process.

No figure is asserted: the script prints them (the machine's load moves the seconds;
the ratios of one run compare like with like).

usage: python benchmarks/batch_search.py [--hands N] [--worlds W] [--rollouts R]
       [--budgets 8x2,32x8,64x16] [--positions N] [--seed S] [--no-arena]
"""

from __future__ import annotations

import argparse
import random
import time

from dominoes import Deal, HandState, Ruleset
from dominoes.agents import Agent, GreedyAgent, SearchAgent
from dominoes.arena import run_arena
from dominoes.batch_search import BatchSearchAgent
from dominoes.state import Observation

CASES = [
    ("4-player partnership Block", Ruleset.block(players=4, partnership=True)),
    ("2-player Draw", Ruleset.draw(players=2)),
    ("3-player All Fives", Ruleset.preset("all-fives", players=3)),
]


def decisions(rules: Ruleset, hands: int, seed: int) -> list[Observation]:
    """The observations of the seat to move wherever it has a choice, in ``hands``
    random hands."""
    rng = random.Random(seed)
    out = []
    for _ in range(hands):
        state = HandState.start(rules, Deal.random(rules, rng=rng))
        while not state.is_over:
            moves = state.legal_moves()
            if len(moves) > 1:
                out.append(state.observation(state.turn))
            state = state.apply(moves[rng.randrange(len(moves))])
    return out


def seconds_per_decision(agent: Agent, positions: list[Observation], seed: int) -> float:
    """The mean seconds of ``agent.choose`` over ``positions`` (after one warm-up)."""
    agent.choose(positions[0], random.Random(seed))
    t0 = time.perf_counter()
    for k, obs in enumerate(positions):
        agent.choose(obs, random.Random(seed + k))
    return (time.perf_counter() - t0) / len(positions)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=400, help="hands per arena run")
    parser.add_argument("--worlds", type=int, default=8, help="the arena's worlds")
    parser.add_argument("--rollouts", type=int, default=2, help="the arena's rollouts")
    parser.add_argument("--budgets", default="8x2,32x8,64x16", help="timing budgets, WxR")
    parser.add_argument("--positions", type=int, default=4, help="hands of timing positions")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-arena", action="store_true", help="the timings alone")
    args = parser.parse_args()
    budgets = [tuple(int(x) for x in b.split("x")) for b in args.budgets.split(",")]
    for name, rules in CASES:
        positions = decisions(rules, args.positions, args.seed)
        print(f"== {name}: seconds per decision, {len(positions)} positions")
        print(f"{'worlds x rollouts':>18}  {'SearchAgent':>12}  {'BatchSearch':>12}  ratio")
        for worlds, rollouts in budgets:
            scalar = seconds_per_decision(
                SearchAgent(worlds=worlds, rollouts=rollouts), positions, args.seed
            )
            batched = seconds_per_decision(
                BatchSearchAgent(worlds=worlds, rollouts=rollouts), positions, args.seed
            )
            print(
                f"{f'{worlds} x {rollouts}':>18}  {scalar * 1e3:>9.2f} ms  "
                f"{batched * 1e3:>9.2f} ms  {scalar / batched:.2f}"
            )
        print()
        if args.no_arena:
            continue
        budget = {"worlds": args.worlds, "rollouts": args.rollouts}
        pairs: list[tuple[str, Agent, str, Agent]] = [
            ("batch-search", BatchSearchAgent(**budget), "search", SearchAgent(**budget)),
            ("batch-search", BatchSearchAgent(**budget), "greedy", GreedyAgent()),
            ("search", SearchAgent(**budget), "greedy", GreedyAgent()),
        ]
        for a_name, a, b_name, b in pairs:
            t0 = time.perf_counter()
            report = run_arena(rules, {a_name: a, b_name: b}, hands=args.hands, seed=args.seed)
            print(report.format())
            print(f"({time.perf_counter() - t0:.0f} s)\n")


if __name__ == "__main__":
    main()
