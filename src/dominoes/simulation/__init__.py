"""Running many hands or matches with agents: the one runner of the arena, of
``dominoes simulate`` and of the statistics page.

* **Playing.** `play_hand` and `play_match` seat one `Agent` per seat and play a hand
  (or a match) to the end. Each agent sees only its seat's `Observation` and draws its
  random numbers from its own `random.Random` (`agent_rng`), so a hand is reproducible
  from ``(rules, agents, seed)``. A run keeps a `HandOutcome` of each hand and a
  `MatchOutcome` of each match; `Mode` says which a run plays.
* **Running.** `run_chunks` runs chunks of work (`chunks` cuts a run into contiguous
  ranges) in this process, in the standard library's process pool (``workers=N``), or
  on any `concurrent.futures.Executor` given as ``executor=``, such as Dask's
  ``Client.get_executor()`` for a cluster (see "Running on a cluster" in the docs). The
  results are collected in chunk order and every unit of work is seeded from the run's
  seed and its index, so a run gives the same results however it is spread. Progress is
  a callback (`ProgressCallback`): the library prints nothing.
* **Simulating.** `simulate` plays ``count`` hands (or matches) and returns a
  `SimulationReport`: how the hands ended, the mean points per hand of each side, the
  share of hands each side won and the hand length in moves, each with a 95%
  confidence interval (`dominoes.stats`). Hand ``i`` is played from the string seed
  ``"dominoes-simulate:{seed}:{i}"`` (`hand_seed`) and match ``i`` from an integer drawn
  from ``"dominoes-simulate:match:{seed}:{i}"`` (`match_seed`).

In match mode the per-hand figures of `simulate` are taken over every hand of every
match, each hand counted as one sample; the hands of a match share only who leads, so
the intervals are close to, but not exactly, those of independent hands. The match
figures (wins, hands per match) are over matches.

The arena (`dominoes.arena`) plays on this runner too, with its own schedule of deals
and seatings.
"""

from __future__ import annotations

from dominoes.exports import claim_public_names
from dominoes.simulation._play import (
    HandOutcome,
    MatchOutcome,
    Mode,
    Outcome,
    agent_rng,
    deal_for,
    play_hand,
    play_match,
)
from dominoes.simulation._play import (
    check_agents as check_agents,
)
from dominoes.simulation._play import (
    check_int_seed as check_int_seed,
)
from dominoes.simulation._play import (
    check_rules as check_rules,
)
from dominoes.simulation._play import (
    check_seed as check_seed,
)
from dominoes.simulation._report import (
    SimulationReport,
    hand_seed,
    match_seed,
    side_label,
    simulate,
)
from dominoes.simulation._run import (
    ProgressCallback,
    chunks,
    run_chunks,
)
from dominoes.simulation._run import (
    check_executor as check_executor,
)
from dominoes.simulation._run import (
    check_picklable as check_picklable,
)

# the checks above (``x as x``) are shared with the arena, and not documented

__all__ = [
    "HandOutcome",
    "MatchOutcome",
    "Mode",
    "Outcome",
    "ProgressCallback",
    "SimulationReport",
    "agent_rng",
    "chunks",
    "deal_for",
    "hand_seed",
    "match_seed",
    "play_hand",
    "play_match",
    "run_chunks",
    "side_label",
    "simulate",
]

# the public names read as this package's (reprs, pickles, the docs and the error sweep)
claim_public_names(globals())
