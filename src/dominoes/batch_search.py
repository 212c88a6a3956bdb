"""A search agent whose playouts run in the batched engine (`dominoes.batch`).

`BatchSearchAgent` searches as `SearchAgent` does, with random playouts: it samples
``worlds`` worlds consistent with its observation, tries each legal move in each, and
keeps the move with the best mean `side_margin` over ``rollouts`` playouts per world and
move. The playouts are not played one after the other: each world is loaded into one
`Batch` once per move and playout (`Batch.from_states`), one `Batch.step` makes each
row's move, and the batch is finished by uniformly random legal actions
(`Batch.play_out`), one array step for every playout at once.

This module needs numpy (the ``numpy`` extra); the core never imports it.
"""

from __future__ import annotations

import random
import threading

import attrs
import numpy as np
import numpy.typing as npt

from dominoes import sampling
from dominoes.agents import SEARCH_SAMPLE_BUDGET, SearchAgent, check_choose, heaviest
from dominoes.batch import Batch
from dominoes.errors import SamplingError
from dominoes.moves import Move
from dominoes.rules import Ruleset, Scoring
from dominoes.state import HandState, Observation

__all__ = ["BatchSearchAgent"]

_BATCHES = threading.local()
"""Each thread's batches by (ruleset, size): `Batch.load` refills every hand of one, so
a decision reuses the batch of an earlier one of the same shape instead of building the
batch's tables again (a few milliseconds, as much as a small search's playouts)."""

_MAX_BATCHES = 16
"""The most batches a thread keeps (the shapes of one game are few: a size per number
of legal moves)."""


def _batch_for(states: list[HandState]) -> Batch:
    """A batch holding ``states`` (all of one supported ruleset): this thread's batch of
    that ruleset and size, loaded with them."""
    cache: dict[tuple[Ruleset, int], Batch] = _BATCHES.__dict__.setdefault("cache", {})
    key = (states[0].rules, len(states))
    batch = cache.get(key)
    if batch is None:
        if len(cache) >= _MAX_BATCHES:
            cache.clear()
        batch = cache[key] = Batch(key[0], size=key[1])
    batch.load(states)
    return batch


def _margins(points: npt.NDArray[np.int64], seat: int, rules: Ruleset) -> npt.NDArray[np.int64]:
    """`side_margin` of ``seat`` for each row of ``points`` (``(B, players)``, a hand's
    `HandResult.points` per row): its side's points minus the best other side's, the
    sign turned under `Scoring.PENALTY`."""
    side = rules.team_of(seat)
    others = [s for s in range(rules.players) if s not in side]
    mine = points[:, seat]
    if rules.scoring is Scoring.PENALTY:
        out: npt.NDArray[np.int64] = points[:, others].min(axis=1) - mine
    else:
        out = mine - points[:, others].max(axis=1)
    return out


@attrs.frozen(kw_only=True)
class BatchSearchAgent:
    """`SearchAgent` (perfect-information Monte Carlo over sampled worlds, random
    playouts) with its playouts run together in one `Batch` per decision.

    The fields mean what they mean on `SearchAgent`, and are checked the same way: the
    budget is ``worlds * rollouts * (number of legal moves)`` playouts, worlds are drawn
    exactly uniformly (`sampling.sample`) within ``sample_budget``, and where sampling
    gives up (`SamplingError`) the agent falls back on the greedy choice (the heaviest
    playable tile, else the forced move). With one legal move it makes it without
    searching.

    For a ruleset the batch does not play (`Batch.supports`: train games, called scores
    and muggins, tolerant faults, cascade scoring, partnership bonuses, sets above
    double-9...) it is the scalar `SearchAgent` with the same fields (`fallback`), which
    also claims scores and calls muggins. The spinner family (All Fives, Sniff,
    Bergen...) is searched through the batch, its playouts scoring on play.

    Its choices are not those of `SearchAgent` for the same generator (the playouts draw
    their random numbers from a numpy generator seeded from it), but it decides by the
    same rule over the same number of playouts; the arena compares the two
    (`benchmarks/batch_search.py`, docs/batch.md).
    """

    worlds: int = 8
    """Worlds sampled per decision."""
    rollouts: int = 2
    """Playouts per move and world."""
    sample_budget: int | None = SEARCH_SAMPLE_BUDGET
    """The most states the first sample's count may build (None: no bound)."""

    def __attrs_post_init__(self) -> None:
        _ = self.fallback  # builds it: the fields are checked as SearchAgent checks them

    @property
    def fallback(self) -> SearchAgent:
        """The scalar `SearchAgent` with the same fields, which plays the rulesets the
        batch does not."""
        return SearchAgent(
            worlds=self.worlds, rollouts=self.rollouts, sample_budget=self.sample_budget
        )

    def choose(self, observation: Observation, rng: random.Random) -> Move:
        """The move with the best mean margin over the sampled worlds.

        Raises:
            ArgumentTypeError: ``observation`` is not an `Observation` or ``rng`` not a
                `random.Random` (a `TypeError`).
        """
        check_choose(observation, rng)
        rules = observation.rules
        if not Batch.supports(rules):
            return self.fallback.choose(observation, rng)
        moves = observation.legal_moves()
        if len(moves) == 1:
            return moves[0]
        sampler = sampling.sampler(observation)
        worlds = []
        for _ in range(self.worlds):
            try:
                worlds.append(sampler.sample(rng, budget=self.sample_budget))
            except SamplingError:
                return heaviest(moves)  # the fallback (class docs)
        # row (w * moves + m) * rollouts + r: world w, move m, playout r; each world is
        # read once (`Batch.load` reads a repeated state once), then every row makes
        # its move in one step and the batch plays out
        per_world = len(moves) * self.rollouts
        batch = _batch_for([world for world in worlds for _ in range(per_world)])
        codes = np.array([batch.codec.encode(move) for move in moves], dtype=np.int64)
        batch.step(np.tile(np.repeat(codes, self.rollouts), self.worlds))
        points = batch.play_out(np.random.default_rng(rng.getrandbits(64)))
        margins = _margins(points, observation.seat, rules)
        totals = margins.reshape(self.worlds, len(moves), self.rollouts).sum(axis=(0, 2))
        return moves[int(np.argmax(totals))]
