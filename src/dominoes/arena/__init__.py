"""The arena: agents play seeded hands against each other, and a report says who is better.

`play_hand` and `play_match` (from `dominoes.simulation`, the runner the arena plays
on) seat one `Agent` per seat and play a hand (or a match) to the end. Each agent sees
only its seat's `Observation` and draws its random numbers from its own
`random.Random`, derived from the seed and the seat, so a hand is reproducible from
``(rules, agents, seed)``.

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
the same report whatever the number of worker processes, or the executor it runs on
(``executor=``: any `concurrent.futures.Executor`, such as Dask's
``Client.get_executor()`` for a cluster).

In match mode (``matches=N`` instead of ``hands=N``, `Mode.MATCHES`) the unit is a
whole match to the ruleset's target (`Ruleset.match_target`): match ``i`` gets the seed
`match_seed_for` ``(seed, i)``, which fixes the deals of all its hands, and is played
under every seating as a deal is; the matches of one seed are averaged into one sample.

The ``dominoes arena`` command (``dominoes.cli``) runs an `Arena` from the command line.
"""

from __future__ import annotations

from dominoes.agents import AGENT_NAMES, make_agent
from dominoes.arena._arena import Arena, run_arena
from dominoes.arena._report import AgentStats, ArenaReport, summarize, summarize_matches
from dominoes.arena._schedule import ArenaError, match_seed_for, seatings
from dominoes.exports import claim_public_names
from dominoes.simulation import (
    HandOutcome,
    MatchOutcome,
    Mode,
    ProgressCallback,
    agent_rng,
    deal_for,
    play_hand,
    play_match,
)
from dominoes.stats import Z95, format_ci, mean_ci, wilson_ci
from dominoes.words import describe_rules

__all__ = [
    "AGENT_NAMES",
    "Z95",
    "AgentStats",
    "Arena",
    "ArenaError",
    "ArenaReport",
    "HandOutcome",
    "MatchOutcome",
    "Mode",
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

# the public names read as this package's (reprs, pickles, the docs and the error sweep)
claim_public_names(globals())
