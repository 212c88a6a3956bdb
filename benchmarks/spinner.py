"""Random All Fives hands through the public API and ``agents.rollout``, against the
spinner family's speed-of-light reference loop.

Plays random hands of All Fives (double-six, the first double a spinner whose short
sides open after its long sides, fives scored on every play, drawing until a tile fits,
the seat 0 leading any tile) with ``legal_moves()`` + ``apply()`` (every move checked
by ``apply``), and with ``agents.rollout`` from ``HandState.start``, and, in the same
run, the reference loop of ``shared/bench/speed_of_light_spinner.py``, for 2 players
(7 tiles each) and 4 (5 each). The loops take turns, ``--repeat`` rounds; it prints the
best run of each, the ratio of the bests and the median of the rounds' own ratios. The
targets are those of issue 13: 0.30 for the public API, 0.60 for rollouts.

On a shared machine the seconds move from run to run; ``--instructions`` counts instead,
under valgrind's callgrind, as ``benchmarks/playout.py --instructions`` does: each loop
runs in a fresh interpreter with ``--hands`` hands after a warm-up of ``--warmup`` hands
(200), and once with none, and the difference per hand is printed, with the ratio of the
reference's count to the library's (an estimate of the time ratio, not the same figure).
The engine fills its tables of open arms as it meets them, so a short warm-up counts part
of that filling; ``--warmup 5000`` counts a long run's hands.

usage: python benchmarks/spinner.py [--hands N] [--repeat R] [--seed S] [--players P]
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

from dominoes import Opening, PlayScoring, Ruleset, SpinnerRule


def all_fives(players: int) -> Ruleset:
    """The reference loop's game: All Fives, seat 0 leading any tile."""
    return Ruleset.draw(
        players,
        hand_size=7 if players == 2 else 5,
        spinner=SpinnerRule.FIRST_DOUBLE,
        play_scoring=PlayScoring.FIVES,
        opening=Opening.SEAT_ANY_TILE,
        round_to=5,
    )


def reference_hands(ref: ModuleType, players: int, hands: int, seed: int) -> float:
    """Hands per second for the reference loop (drawing, no floor, no checks)."""
    tiles, suit = ref.build()
    per_hand = 7 if players == 2 else 5
    rng = random.Random(seed)
    t0 = time.perf_counter()
    for _ in range(hands):
        ref.play(rng, tiles, suit, players, per_hand, True, 0, False)
    return hands / (time.perf_counter() - t0)


SPINNER = Family(
    script=__file__,
    game="All Fives",
    reference_name="speed_of_light_spinner.py",
    rules=all_fives,
    reference_hands=reference_hands,
    seats=(2, 4),
    targets={"public API": 0.30, "rollout": 0.60},
    hands=5000,
    warmup=200,
)


def main(argv: list[str] | None = None) -> int:
    return run(SPINNER, __doc__ or "", argv)


if __name__ == "__main__":
    raise SystemExit(main())
