"""Random Mexican Train hands through the public API and ``agents.rollout``, against the
train family's speed-of-light reference loop.

Plays random hands of Mexican Train (double-12, the 12-12 engine set aside, 15 tiles each
for 4 players, a train each and the public Mexican train, markers, doubles satisfied
oldest first, one draw, seat 0 first; the first-turn run off, as the reference loop plays
none) with ``legal_moves()`` + ``apply()`` (every move checked by ``apply``), and with
``agents.rollout`` from ``HandState.start``, and, in the same run, the reference loop of
``shared/bench/speed_of_light_trains.py``, for 4 players (and 2 with ``--players 2``). The
loops take turns, ``--repeat`` rounds; it prints the best run of each, the ratio of the
bests and the median of the rounds' own ratios. The targets are those of issue 14: 0.30
for the public API, 0.60 for rollouts.

``--instructions`` counts under valgrind's callgrind instead, as ``benchmarks/spinner.py
--instructions`` does (a fresh interpreter per loop, ``--hands`` hands after a warm-up of
``--warmup``, less the same run with none).

usage: python benchmarks/trains.py [--hands N] [--repeat R] [--seed S] [--players P]
       [--reference PATH] [--instructions] [--warmup W]
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path
from types import ModuleType

sys.path.insert(0, str(Path(__file__).resolve().parent))

from family import Family, run  # the benchmarks folder

from dominoes import Ruleset


def mexican_train(players: int) -> Ruleset:
    """The reference loop's game: Mexican Train without first-turn runs."""
    return Ruleset.preset("mexican-train", players=players, first_turn_run=False)


def reference_hands(ref: ModuleType, players: int, hands: int, seed: int) -> float:
    """Hands per second for the reference loop (doubles satisfied, no checks)."""
    tiles, suit, engine = ref.build()
    per_hand = ref.DEAL[players]
    rng = random.Random(seed)
    t0 = time.perf_counter()
    for _ in range(hands):
        ref.play(rng, tiles, suit, engine, players, per_hand, False, False)
    return hands / (time.perf_counter() - t0)


TRAINS = Family(
    script=__file__,
    game="Mexican Train",
    reference_name="speed_of_light_trains.py",
    rules=mexican_train,
    reference_hands=reference_hands,
    seats=(4,),
    targets={"public API": 0.30, "rollout": 0.60},
    hands=500,
    warmup=50,
)


def main(argv: list[str] | None = None) -> int:
    return run(TRAINS, __doc__ or "", argv)


if __name__ == "__main__":
    raise SystemExit(main())
