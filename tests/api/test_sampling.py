"""Sampling worlds consistent with an observation, proved exact on small sets.

Two kinds of tests:

* **Consistency** (Hypothesis, random rulesets with every option): a sample is a
  complete `HandState` that the observing seat cannot tell from the real one (its
  observation is the same except for the history, which a sample does not have),
  holding every tile once, with the same legal moves for the seat, and whose
  position string round-trips. The real deal is always one of the worlds the
  inference allows (``holders``, ``voids``, ``count_worlds``).
* **Exactness** (exhaustive, double-2 and double-3): every deal of the set is tried
  (the observer's initial hand fixed, the other hands as sets, the boneyard in
  order), the public history of the observation replayed on it (each public move
  applied, other seats' hidden draws as ``DRAW``), and the deals whose replay is
  legal and ends on the same observation are the *consistent deals*. Then:

  - ``count_worlds()`` relates to their number exactly (see `deal_multiplicity`);
  - the worlds the sampler can return (every assignment of its model, each driven
    through the real ``sample`` with a scripted generator) are exactly the
    positions the consistent deals lead to, with exactly their probabilities
    (deal-weighted, as fractions);
  - seeded samples pass a chi-square test against that exact distribution;
  - ``holders()`` and ``voids()`` equal what the consistent deals show.

Under ``BlockDetection.IMMEDIATE``, and under ``Opening.HOLDER_OF_TILE`` with
``NoDoubleRule.DRAW_FOR_DOUBLE``, the slot model keeps only what is certain and the
sampler rejects proposals whose deal does not replay into the observation; there the
exactness check enumerates every proposal (``check_exact_replay``), and ``holders()``
is a superset of the truth.
"""

from __future__ import annotations

import itertools
import json
import math
import random
from collections import Counter
from collections.abc import Callable, Hashable, Iterator, Mapping, MutableSequence, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, TypeAlias, TypeVar

import attrs
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from dominoes import (
    DRAW,
    BlockDetection,
    BlockTie,
    Deal,
    DealError,
    Draw,
    DrawnLead,
    DrawRule,
    FaultMode,
    FaultPenalty,
    HandState,
    IllegalMoveError,
    NoDoubleRule,
    Opening,
    Pass,
    Phase,
    Play,
    Ruleset,
    Scoring,
    Tile,
    sampling,
)
from dominoes.deal import dealt_set
from dominoes.state import Observation
from dominoes.tiles import tile_from_index
from paths import DATA
from strategies import VARIANT_SETTINGS, VariantHand, variant_hands

World: TypeAlias = tuple[tuple[tuple[Tile, ...], ...], frozenset[Tile]]
"""A world as the seat could tell it apart: every hand (as a set) and the boneyard's
tiles. The order of the boneyard is not drawn from and is shuffled uniformly."""


def world_of(state: HandState) -> World:
    return state.hands, frozenset(state.boneyard)


def observation_fields(obs: Observation, *skip: str) -> dict[str, Any]:
    return {
        a.name: getattr(obs, a.name)
        for a in attrs.fields(Observation)
        if a.eq and a.name not in skip
    }


def opening_due_elsewhere(obs: Observation) -> bool:
    """Before the lead, a forced opening tile held by another seat (see the BUG test)."""
    return isinstance(obs.opening, Tile) and obs.turn != obs.seat


def hidden(obs: Observation) -> set[Tile]:
    on_table = set(obs.layout.tiles)
    return {t for t in obs.rules.tile_set.tiles if t not in on_table and t not in obs.hand}


# ====================================================================== consistency


@VARIANT_SETTINGS
@given(hand=variant_hands(), pick=st.integers(min_value=0), seed=st.integers(0, 2**32 - 1))
def test_a_sample_is_a_world_the_seat_cannot_tell_apart(
    hand: VariantHand, pick: int, seed: int
) -> None:
    check_sample(hand, pick, seed)


def check_sample(hand: VariantHand, pick: int, seed: int) -> None:
    """A sample of the observation ``pick`` chooses is a world the seat cannot tell from
    the real one (`test_a_sample_is_a_world_the_seat_cannot_tell_apart`)."""
    rules = hand.rules
    states = hand.states[:-1] if hand.final.is_over and len(hand.states) > 1 else hand.states
    state = states[pick % len(states)]
    seat = pick // len(states) % rules.players
    obs = state.observation(seat)
    assume(not opening_due_elsewhere(obs))  # BUG test: test_a_sample_before_the_lead_...
    sample = sampling.sample(obs, random.Random(seed))

    assert isinstance(sample, HandState)
    assert sample.history == ()
    again = sample.observation(seat)
    # (a world is built from a position: no history, and so no shown voids)
    skip = ("history", "full_history", "shown_voids")
    assert observation_fields(again, *skip) == observation_fields(obs, *skip)
    assert not again.full_history
    # every tile once: hands, boneyard and line hold the set
    tiles = [t for h in sample.hands for t in h] + list(sample.boneyard)
    tiles += sample.layout.tiles
    assert sorted(tiles) == sorted(rules.tile_set.tiles)
    assert sample.hand_sizes == state.hand_sizes
    assert len(sample.boneyard) == len(state.boneyard)
    assert sample.hand(seat) == state.hand(seat)
    assert sample.layout == state.layout
    assert sample.phase == state.phase
    if state.turn == seat and not state.is_over:
        assert sample.legal_moves() == state.legal_moves()
    # the position round-trips
    text = sample.position()
    back = HandState.from_position(text, rules)
    assert back == sample
    assert back.position() == text
    # the hidden tiles are where the model allows
    holders = sampling.holders(obs)
    for other in range(rules.players):
        if other != seat:
            for t in sample.hand(other):
                assert other in holders[t]
    for t in sample.boneyard:
        assert -1 in holders[t]


@VARIANT_SETTINGS
@given(hand=variant_hands(), pick=st.integers(min_value=0), seed=st.integers(0, 2**32 - 1))
def test_a_sampled_deal_replays_into_the_observation(
    hand: VariantHand, pick: int, seed: int
) -> None:
    """``sample_deal`` gives a whole deal: the public history replays from it (each
    draw taking the next boneyard tile) into a state the seat cannot tell apart."""
    check_sampled_deal(hand, pick, seed)


def check_sampled_deal(hand: VariantHand, pick: int, seed: int) -> None:
    """(`test_a_sampled_deal_replays_into_the_observation`)"""
    rules = hand.rules
    states = hand.states[:-1] if hand.final.is_over and len(hand.states) > 1 else hand.states
    state = states[pick % len(states)]
    seat = pick // len(states) % rules.players
    obs = state.observation(seat)
    deal = sampling.sample_deal(obs, random.Random(seed))
    replay = HandState.start(rules, deal)
    for mover, move in ((e.seat, e.move) for e in obs.history):
        replay = replay.apply(DRAW if isinstance(move, Draw) else move, seat=mover)
    assert replay.observation(seat) == obs
    assert replay.hand(seat) == state.hand(seat)


def test_sample_deal_refuses_what_it_cannot_do() -> None:
    rules = Ruleset.block(players=2)
    state = HandState.start(rules, Deal.random(rules, seed=3))
    with pytest.raises(TypeError, match=r"random\.Random"):
        sampling.sample_deal(state.observation(0), 3)  # type: ignore[arg-type]
    positioned = HandState.from_position(state.position(), rules).observation(0)
    with pytest.raises(ValueError, match="position"):
        sampling.sample_deal(positioned, random.Random(1))
    while not state.is_over:
        state = state.apply(state.legal_moves()[0])
    with pytest.raises(ValueError, match="over"):
        sampling.sample_deal(state.observation(0), random.Random(1))


@VARIANT_SETTINGS
@given(hand=variant_hands(), pick=st.integers(min_value=0))
def test_the_real_deal_is_a_consistent_world(hand: VariantHand, pick: int) -> None:
    """The true hands are always allowed by the inference: every hidden tile's true
    place is among its holders, no seat holds a value it is said to be void in, and
    there is at least one world."""
    check_real_deal(hand, pick)


def check_real_deal(hand: VariantHand, pick: int) -> None:
    """(`test_the_real_deal_is_a_consistent_world`)"""
    rules = hand.rules
    state = hand.states[pick % len(hand.states)]
    seat = pick // len(hand.states) % rules.players
    obs = state.observation(seat)
    assert sampling.count_worlds(obs) >= 1
    holders = sampling.holders(obs)
    assert set(holders) == hidden(obs)
    for other in range(rules.players):
        if other != seat:
            for t in state.hand(other):
                assert other in holders[t], (t, other, holders[t])
    for t in state.boneyard:
        assert -1 in holders[t]
    voids = sampling.voids(obs)
    assert len(voids) == rules.players
    for other in range(rules.players):
        for t in state.hand(other):
            assert t.low not in voids[other]
            assert t.high not in voids[other]
    own = {v for t in obs.hand for v in (t.low, t.high)}
    assert voids[seat] == frozenset(range(rules.max_pip + 1)) - own


def test_sample_needs_a_random_generator() -> None:
    rules = Ruleset.block(players=2)
    state = HandState.start(rules, Deal.random(rules, seed=3))
    state = state.apply(state.legal_moves()[0])
    obs = state.observation(0)
    with pytest.raises(TypeError, match=r"random\.Random"):
        sampling.sample(obs, 7)  # type: ignore[arg-type]
    assert sampling.sample(obs, random.Random(1)) == sampling.sample(obs, random.Random(1))


# ====================================================================== exactness

Deals: TypeAlias = tuple[int, Counter[World]]
"""The number of consistent deals, and for each world how many of them lead to it."""


DealKey: TypeAlias = tuple[tuple[tuple[Tile, ...], ...], tuple[Tile, ...]]
"""A deal as far as play can tell: the hands (as sets) and the drawn boneyard prefix."""


def replayed_deals(
    obs: Observation, initial: Sequence[Tile]
) -> Iterator[tuple[DealKey, HandState, int]]:
    """Every deal with the observer's initial hand ``initial`` whose replay of the
    public history is legal and ends on ``obs``: (its key, the state it reaches, the
    number of deals it stands for).

    Hands are sets. Only the first ``d`` boneyard tiles are ever drawn (``d`` = the
    draws in the history), so the deals are enumerated as: other hands, the ordered
    drawn prefix, and the rest of the boneyard, which is never drawn and stands for
    its ``r!`` orders (``r`` tiles).
    """
    rules = obs.rules
    h = rules.hand_size
    drawn = sum(1 for e in obs.history if isinstance(e.move, Draw))
    in_deal = dealt_set(rules)  # (a train game may set its engine aside: TRAIN-1)
    rest = [t for t in rules.tile_set.tiles if t not in initial and in_deal >> t.index & 1]
    others = [s for s in range(rules.players) if s != obs.seat]

    def hand_sets(
        pool: list[Tile], seats: list[int]
    ) -> Iterator[tuple[dict[int, tuple[Tile, ...]], list[Tile]]]:
        if not seats:
            yield {}, pool
            return
        for combo in itertools.combinations(pool, h):
            left = [t for t in pool if t not in combo]
            for more, bone in hand_sets(left, seats[1:]):
                yield {seats[0]: combo, **more}, bone

    for dealt, bone in hand_sets(rest, others):
        hands = [tuple(initial) if s == obs.seat else dealt[s] for s in range(rules.players)]
        orders = math.factorial(len(bone) - drawn)
        for prefix in itertools.permutations(bone, drawn):
            boneyard = [*prefix, *(t for t in bone if t not in prefix)]
            try:
                state = HandState.start(rules, Deal(hands=hands, boneyard=boneyard))
                for seat, move in ((e.seat, e.move) for e in obs.history):
                    state = state.apply(move, seat=seat)
            except (DealError, IllegalMoveError):
                continue
            if state.observation(obs.seat) != obs:
                continue
            key = (tuple(tuple(sorted(hand)) for hand in hands), prefix)
            yield key, state, orders


def consistent_deals(obs: Observation, initial: Sequence[Tile]) -> Deals:
    """The consistent deals (see `replayed_deals`): their number, and for each world
    how many of them lead to it."""
    total = 0
    worlds: Counter[World] = Counter()
    for _, state, orders in replayed_deals(obs, initial):
        total += orders
        worlds[world_of(state)] += orders
    return total, worlds


def deal_key(obs: Observation, deal: Deal) -> DealKey:
    drawn = sum(1 for e in obs.history if isinstance(e.move, Draw))
    return tuple(tuple(sorted(hand)) for hand in deal.hands), deal.boneyard[:drawn]


def check_sample_deal(obs: Observation, initial: Sequence[Tile], samples: int, seed: int) -> None:
    """``sample_deal`` draws uniformly among the consistent deals: its support is
    theirs and seeded samples pass a chi-square test against the uniform distribution
    (every key stands for the same number of deals)."""
    keys = {key for key, _, _ in replayed_deals(obs, initial)}
    uniform = {key: Fraction(1, len(keys)) for key in keys}
    rng = random.Random(seed)
    drawn = Counter(deal_key(obs, sampling.sample_deal(obs, rng)) for _ in range(samples))
    assert set(drawn) <= keys
    stat, threshold = chi_square(drawn, uniform, samples)
    assert stat < threshold, (stat, threshold)


def model_assignments(obs: Observation) -> Iterator[tuple[int, ...]]:
    """Every assignment of the sampler's model, by brute force: for each item of
    ``model.every``, the class it goes to (within the classes' capacities)."""
    model = sampling.sampler(obs).model
    caps = [c[1] for c in model.classes]
    chosen: list[int] = []

    def rec(i: int) -> Iterator[tuple[int, ...]]:
        if i == len(model.every):
            if not any(caps):
                yield tuple(chosen)
            return
        for j in model.every_allowed[i]:
            if caps[j]:
                caps[j] -= 1
                chosen.append(j)
                yield from rec(i + 1)
                chosen.pop()
                caps[j] += 1

    return rec(0)


def assignment_world(obs: Observation, assignment: tuple[int, ...]) -> World:
    model = sampling.sampler(obs).model
    hands: list[set[Tile]] = [set() for _ in range(obs.rules.players)]
    hands[obs.seat] = set(obs.hand)
    bone: set[Tile] = set()
    for item, j in zip(model.every, assignment, strict=True):
        if model.unseen >> item & 1:
            seat = model.classes[j][0]
            (bone if seat < 0 else hands[seat]).add(tile_from_index(item))
    return tuple(tuple(sorted(h)) for h in hands), frozenset(bone)


Script = list[tuple[int, int] | list[int]]


class Scripted(random.Random):
    """A generator that returns given numbers from ``randrange`` (checking the bound
    asked for), puts a list in a given order at a scripted ``shuffle``, and leaves
    any further ``shuffle`` alone."""

    def __init__(self, script: Script) -> None:
        super().__init__(0)
        self.script = list(script)

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:
        assert stop is None
        assert step == 1
        entry = self.script.pop(0)
        assert isinstance(entry, tuple), entry
        bound, value = entry
        assert start == bound, (start, bound)
        return value

    def shuffle(self, x: MutableSequence[Any]) -> None:
        if self.script and isinstance(self.script[0], list):
            order = self.script.pop(0)
            assert isinstance(order, list)
            assert sorted(x) == sorted(order)
            x[:] = order


def numbered(count: int, u: int) -> Script:
    """The script that makes the sampler draw the world numbered ``u`` of ``count``:
    it draws one number, ``randrange(count)``, and none when there is one world."""
    return [(count, u)] if count > 1 else []


def assignment_of(obs: Observation, placed: list[list[int]]) -> tuple[int, ...]:
    """For each item of ``model.every``, the class ``placed`` puts it in."""
    model = sampling.sampler(obs).model
    where = {item: j for j, items in enumerate(placed) for item in items}
    assert sorted(where) == sorted(model.every)
    assert [len(items) for items in placed] == [c[1] for c in model.classes]
    return tuple(where[item] for item in model.every)


def check_numbering(obs: Observation) -> int:
    """The sampler numbers the model's assignments: every number below
    ``count_worlds()``, given to the real ``place`` as its one draw, gives a different
    assignment, and together they are exactly the assignments found by brute force.
    So a uniform draw gives every assignment probability ``1 / count_worlds()``.
    Returns the count."""
    model = sampling.sampler(obs).model
    count = sampling.count_worlds(obs)
    brute = Counter(model_assignments(obs))
    assert all(n == 1 for n in brute.values())
    drawn: Counter[tuple[int, ...]] = Counter()
    for u in range(count):
        rng = Scripted(numbered(count, u))
        drawn[assignment_of(obs, sampling.place(model, rng))] += 1
        assert rng.script == []
    assert drawn == brute, "the numbering is not a one-to-one map onto the assignments"
    return count


def deal_multiplicity(obs: Observation) -> int:
    """How many consistent deals each world of the model stands for.

    A world puts each item in a *class*: slots of one seat (its dealt hand, or tiles
    it drew) or of the boneyard that allow the same tiles. Within a class the items
    can be arranged over its slots in ``cap! / dealt!`` ways: dealt slots form a
    set (hands are sets), while draw slots and boneyard slots are ordered positions
    of the boneyard. Every world thus stands for the same number of deals, so
    uniform over worlds is uniform over deals. When every other seat's draw is alone
    in its class this is ``b!`` (``b`` the tiles left in the boneyard).
    """
    model = sampling.sampler(obs).model
    out = 1
    for seat, cap, ordered in model.classes:
        dealt = 0 if ordered or seat < 0 else obs.rules.hand_size
        out *= math.factorial(cap) // math.factorial(dealt)
    return out


K = TypeVar("K", bound=Hashable)


def chi_square(
    observed: Mapping[K, int], expected: Mapping[K, Fraction], n: int
) -> tuple[float, float]:
    """(statistic, threshold) of a chi-square test; the threshold is generous (about
    eight standard deviations above the mean of the distribution)."""
    stat = 0.0
    for world, p in expected.items():
        e = float(p) * n
        stat += (observed.get(world, 0) - e) ** 2 / e
    df = max(1, len(expected) - 1)
    return stat, df + 8 * math.sqrt(2 * df) + 10


def check_exact(obs: Observation, initial: Sequence[Tile], samples: int = 0, seed: int = 0) -> int:
    """Every exactness check for one observation; the number of consistent deals.

    The sampler's exact distribution: each assignment of its model is driven through
    ``obs.sample`` with a scripted generator (so the real code path is shown to reach
    it), and its probability is the product of the branch probabilities it takes,
    which must be ``1 / count_worlds()``. Then the support and the probabilities of
    the worlds must equal those of the consistent deals, and ``samples`` seeded
    samples must pass a chi-square test against them."""
    total, worlds = consistent_deals(obs, initial)
    assert total > 0
    truth = {w: Fraction(c, total) for w, c in worlds.items()}
    if samples:
        check_sample_deal(obs, initial, samples, seed)
    if sampling.sampler(obs).model.replay:
        check_exact_replay(obs, truth, samples, seed)
        return total

    # the model's worlds, each driven through the real sampler
    count = check_numbering(obs)
    seen: Counter[World] = Counter()
    for assignment in model_assignments(obs):
        seen[assignment_world(obs, assignment)] += 1
    for u in range(count):
        placed = sampling.place(sampling.sampler(obs).model, Scripted(numbered(count, u)))
        rng = Scripted(numbered(count, u))
        assert world_of(sampling.sample(obs, rng)) == assignment_world(
            obs, assignment_of(obs, placed)
        )
        assert rng.script == []
    model = {w: Fraction(c, count) for w, c in seen.items()}
    assert set(model) == set(truth), "the sampler's support differs from the consistent deals"
    assert model == truth, "the sampler's probabilities differ from the deal-weighted ones"

    # the count: every world stands for the same number of deals
    assert total == count * deal_multiplicity(obs)
    model_classes = sampling.sampler(obs).model.classes
    draws_alone = all(cap == 1 for seat, cap, ordered in model_classes if ordered and seat >= 0)
    dealt_alone = all(
        cap == obs.rules.hand_size
        for seat, cap, ordered in model_classes
        if not ordered and seat >= 0
    )
    if draws_alone and dealt_alone:
        assert total == count * math.factorial(obs.boneyard_size)

    # holders and voids
    holders: dict[Tile, set[int]] = {t: set() for t in hidden(obs)}
    for hands, bone in truth:
        for seat, hand in enumerate(hands):
            if seat != obs.seat:
                for t in hand:
                    holders[t].add(seat)
        for t in bone:
            holders[t].add(-1)
    assert sampling.holders(obs) == {t: tuple(sorted(s)) for t, s in sorted(holders.items())}
    values = range(obs.rules.max_pip + 1)
    voids = []
    for seat in range(obs.rules.players):
        held = {v for hands, _ in truth for t in hands[seat] for v in (t.low, t.high)}
        voids.append(frozenset(v for v in values if v not in held))
    assert sampling.voids(obs) == tuple(voids)

    # seeded samples: all consistent, every world met, and a chi-square test
    if samples:
        seeded = random.Random(seed)
        drawn = Counter(world_of(sampling.sample(obs, seeded)) for _ in range(samples))
        assert set(drawn) <= set(truth)
        stat, threshold = chi_square(drawn, truth, samples)
        assert stat < threshold, (stat, threshold)
        if min(truth.values()) * samples > 20:
            assert set(drawn) == set(truth)
    return total


def check_exact_replay(
    obs: Observation, truth: dict[World, Fraction], samples: int, seed: int
) -> None:
    """The exactness checks for the rulesets whose samples are checked by a replay
    (``BlockDetection.IMMEDIATE``, and ``Opening.HOLDER_OF_TILE`` with
    ``NoDoubleRule.DRAW_FOR_DOUBLE``).

    There the sampler proposes a model world (each with probability
    ``1 / count_worlds()``, checked through the scripted generator as above), then an
    order of each class's items over its slots and an order of the boneyard, all
    uniformly; it keeps the proposal when its deal replays into ``obs``. So every
    proposal is equally likely, and the sampler's distribution over worlds is that of
    the accepted proposals: enumerated here, it must equal the deal-weighted one."""
    model = sampling.sampler(obs).model
    count = check_numbering(obs)
    accepted: Counter[World] = Counter()
    n = 0
    for assignment in model_assignments(obs):
        n += 1
        placed: list[list[int]] = [[] for _ in model.classes]
        for item, j in zip(model.every, assignment, strict=True):
            placed[j].append(item)
        orders = [
            list(itertools.permutations(items)) if model.classes[j][0] >= 0 else [tuple(items)]
            for j, items in enumerate(placed)
        ]
        bone_items = [t for j in model.bone_at for t in placed[j]]
        for arrangement in itertools.product(*orders):
            for bone in itertools.permutations(bone_items):
                deal = sampling.deal_of(obs, model, [list(a) for a in arrangement], list(bone))
                state = sampling.sampler(obs).replay(deal)
                if state is not None:
                    accepted[world_of(state)] += 1
    assert n == count
    kept = sum(accepted.values())
    assert {w: Fraction(c, kept) for w, c in accepted.items()} == truth

    # holders() and voids() read the model alone: a superset of the truth here
    for tile, places in sampling.holders(obs).items():
        for hands, pile in truth:
            where = -1 if tile in pile else next(s for s, h in enumerate(hands) if tile in h)
            if where != obs.seat:
                assert where in places, (tile, where, places)

    if samples:
        seeded = random.Random(seed)
        drawn = Counter(world_of(sampling.sample(obs, seeded)) for _ in range(samples))
        assert set(drawn) <= set(truth)
        stat, threshold = chi_square(drawn, truth, samples)
        assert stat < threshold, (stat, threshold)


# ---------------------------------------------------------------- scenarios


@dataclass(frozen=True)
class Scenario:
    """An observation of a hand played at random, with the observer's initial hand."""

    label: str
    obs: Observation
    initial: tuple[Tile, ...]


Pick: TypeAlias = Callable[[HandState, int], bool]


def scenarios(
    rules: Ruleset,
    pick: Pick,
    limit: int,
    seeds: range = range(400),
    past: Callable[[Sequence[HandState], int], bool] | None = None,
) -> list[Scenario]:
    """Observations of random hands that ``pick`` accepts, before the end of the hand:
    from each hand the one with the most worlds, until there are ``limit``. With
    ``past``, only states whose hand so far (every state up to it) it accepts too."""
    out: list[Scenario] = []
    for seed in seeds:
        deal = Deal.random(rules, seed=seed)
        rng = random.Random(seed)
        state = HandState.start(rules, deal)
        states = [state]
        while not state.is_over:
            moves = state.legal_moves()
            state = state.apply(moves[rng.randrange(len(moves))])
            states.append(state)
        found = [
            s.observation(seat)
            for k, s in enumerate(states[:-1])
            for seat in range(rules.players)
            if pick(s, seat)
            and not opening_due_elsewhere(s.observation(seat))
            and (past is None or past(states[: k + 1], seat))
        ]
        if found:
            obs = max(found, key=lambda o: (sampling.count_worlds(o), -len(o.history)))
            history = " ".join(str(e) for e in obs.history)
            label = f"seed {seed} seat {obs.seat}: {history}"
            out.append(Scenario(label, obs, deal.hands[obs.seat]))
            if len(out) == limit:
                break
    assert len(out) == limit, f"only {len(out)} scenarios found"
    return out


def others_did(kind: type, after_lead: bool = True) -> Pick:
    """Another seat than the observer made a move of this kind (after the lead)."""

    def pick(state: HandState, seat: int) -> bool:
        led = False
        for step in state.history:
            if isinstance(step.move, Play):
                led = True
            elif step.seat != seat and isinstance(step.move, kind) and (led or not after_lead):
                return True
        return False

    return pick


def both(*picks: Pick) -> Pick:
    return lambda state, seat: all(p(state, seat) for p in picks)


def led_tile(state: HandState) -> Tile | None:
    for step in state.history:
        if isinstance(step.move, Play):
            return step.move.tile
    return None


def heaviest_lead(state: HandState, seat: int) -> bool:
    tile = led_tile(state)
    return tile is not None and not tile.is_double


def drew_for_double(state: HandState, seat: int) -> bool:
    """The lead came after draws (LEAD-5), some by another seat than the observer."""
    h = state.history
    first = next((k for k, step in enumerate(h) if isinstance(step.move, Play)), 0)
    return any(step.seat != seat for step in h[:first]) and few_draws(4)(state, seat)


def one_then_pass(state: HandState, seat: int) -> bool:
    """Another seat drew one tile and then passed."""
    h = state.history
    return any(
        h[k].seat == h[k + 1].seat != seat
        and isinstance(h[k].move, Draw)
        and isinstance(h[k + 1].move, Pass)
        for k in range(len(h) - 1)
    )


def few_draws(limit: int) -> Pick:
    return lambda state, seat: sum(isinstance(s.move, Draw) for s in state.history) <= limit


D3_BLOCK_2 = Ruleset(max_pip=3, players=2, hand_size=3)
D3_BLOCK_2_SMALL = Ruleset(max_pip=3, players=2, hand_size=2)
D3_BLOCK_3 = Ruleset(max_pip=3, players=3, hand_size=3)
D2_BLOCK_3 = Ruleset(max_pip=2, players=3, hand_size=2)
D3_DRAW_2 = Ruleset(max_pip=3, players=2, hand_size=3, drawing=DrawRule.UNTIL_PLAYABLE)
D3_ONE_2 = Ruleset(max_pip=3, players=2, hand_size=3, drawing=DrawRule.ONE_THEN_PASS)
D3_DRAW_3 = Ruleset(max_pip=3, players=3, hand_size=2, drawing=DrawRule.UNTIL_PLAYABLE)
D3_ONE_3 = Ruleset(max_pip=3, players=3, hand_size=2, drawing=DrawRule.ONE_THEN_PASS)
D3_DRAW_FOR_DOUBLE = Ruleset(
    max_pip=3,
    players=2,
    hand_size=2,
    drawing=DrawRule.UNTIL_PLAYABLE,
    no_double=NoDoubleRule.DRAW_FOR_DOUBLE,
)
D2_DRAW_FOR_DOUBLE_3 = Ruleset(
    max_pip=2,
    players=3,
    hand_size=1,
    drawing=DrawRule.ONE_THEN_PASS,
    no_double=NoDoubleRule.DRAW_FOR_DOUBLE,
)
D3_ANY_TILE = Ruleset(
    max_pip=3,
    players=2,
    hand_size=3,
    drawing=DrawRule.UNTIL_PLAYABLE,
    opening=Opening.SEAT_ANY_TILE,
)
D3_HOLDER = Ruleset(
    max_pip=3,
    players=2,
    hand_size=2,
    drawing=DrawRule.UNTIL_PLAYABLE,
    opening=Opening.HOLDER_OF_TILE,
    opening_tile=Tile(2, 3),
)

D3_IMMEDIATE = Ruleset(
    max_pip=3,
    players=2,
    hand_size=3,
    block_detection=BlockDetection.IMMEDIATE,
)
HOLDER_33 = Ruleset(
    max_pip=3,
    players=2,
    hand_size=2,
    drawing=DrawRule.UNTIL_PLAYABLE,
    opening=Opening.HOLDER_OF_TILE,
    opening_tile=Tile(3, 3),
    no_double=NoDoubleRule.DRAW_FOR_DOUBLE,
)

CASES: dict[str, tuple[Ruleset, Pick, int]] = {
    "block-2p-pass": (D3_BLOCK_2, others_did(Pass), 5),
    "block-2p-heaviest-lead": (D3_BLOCK_2_SMALL, both(heaviest_lead, others_did(Pass)), 3),
    "block-3p-pass": (D3_BLOCK_3, others_did(Pass), 5),
    "block-3p-d2": (D2_BLOCK_3, others_did(Pass), 3),
    "draw-2p-draws": (D3_DRAW_2, both(others_did(Draw), others_did(Pass)), 4),
    "draw-2p-heaviest-lead": (
        Ruleset(max_pip=3, players=2, hand_size=2, drawing=DrawRule.UNTIL_PLAYABLE),
        both(heaviest_lead, others_did(Draw), few_draws(3)),
        3,
    ),
    "one-then-pass-2p": (D3_ONE_2, one_then_pass, 5),
    "draw-3p-draws": (D3_DRAW_3, both(others_did(Draw), few_draws(2)), 3),
    "one-then-pass-3p": (D3_ONE_3, both(one_then_pass, few_draws(2)), 3),
    "draw-for-double-2p": (D3_DRAW_FOR_DOUBLE, drew_for_double, 5),
    "draw-for-double-3p-d2": (D2_DRAW_FOR_DOUBLE_3, drew_for_double, 3),
    "seat-any-tile": (D3_ANY_TILE, others_did(Draw), 3),
    "holder-of-tile": (D3_HOLDER, both(others_did(Draw), few_draws(3)), 3),
    "immediate-block-2p": (D3_IMMEDIATE, others_did(Pass), 4),
    "holder-draw-for-double": (HOLDER_33, drew_for_double, 4),
}


SAMPLES = 3000
"""Seeded samples per scenario for the chi-square test."""


@pytest.mark.parametrize("case", list(CASES))
def test_sampling_is_exact(case: str) -> None:
    rules, pick, limit = CASES[case]
    for k, scenario in enumerate(scenarios(rules, pick, limit)):
        try:
            check_exact(scenario.obs, scenario.initial, samples=SAMPLES, seed=k)
        except AssertionError as e:  # pragma: no cover - shows which scenario failed
            raise AssertionError(f"{case}, {scenario.label}: {e}") from e


def test_every_boneyard_order_of_a_world_is_a_deal() -> None:
    """The shortcut of `consistent_deals` (undrawn tiles stand for all their orders)
    agrees with trying every full order of the boneyard, on a small Draw hand."""
    (scenario,) = scenarios(D3_DRAW_2, both(others_did(Draw), few_draws(2)), 1)
    obs = scenario.obs
    total, worlds = consistent_deals(obs, scenario.initial)
    rules = obs.rules
    rest = [t for t in rules.tile_set.tiles if t not in scenario.initial]
    full: Counter[World] = Counter()
    for dealt in itertools.combinations(rest, rules.hand_size):
        bone = [t for t in rest if t not in dealt]
        hands = [scenario.initial, dealt] if obs.seat == 0 else [dealt, scenario.initial]
        for order in itertools.permutations(bone):
            try:
                state = HandState.start(rules, Deal(hands=hands, boneyard=list(order)))
                for seat, move in ((e.seat, e.move) for e in obs.history):
                    state = state.apply(move, seat=seat)
            except IllegalMoveError:
                continue
            if state.observation(obs.seat) == obs:
                full[world_of(state)] += 1
    assert full == worlds
    assert sum(full.values()) == total


def test_the_scenarios_cover_what_they_claim() -> None:
    """The exhaustive cases include passes and draws by other seats, a one-then-pass,
    heaviest-tile leads and a draw-for-double lead, for 2 and 3 players."""
    kinds: set[str] = set()
    for rules, pick, limit in CASES.values():
        for scenario in scenarios(rules, pick, limit):
            obs = scenario.obs
            others = [(e.seat, e.move) for e in obs.history if e.seat != obs.seat]
            if any(isinstance(m, Pass) for _, m in others):
                kinds.add(f"pass-{rules.players}p")
            if any(isinstance(m, Draw) for _, m in others):
                kinds.add(f"draw-{rules.drawing.name}-{rules.players}p")
            h = [(e.seat, e.move) for e in obs.history]
            if any(
                h[k][0] == h[k + 1][0] != obs.seat
                and isinstance(h[k][1], Draw)
                and isinstance(h[k + 1][1], Pass)
                for k in range(len(h) - 1)
            ):
                kinds.add(f"draw-then-pass-{rules.drawing.name}")
            first = next((m for _, m in h if isinstance(m, Play)), None)
            if isinstance(first, Play) and not first.tile.is_double:
                kinds.add(f"heaviest-{rules.drawing.name}")
            if isinstance(obs.history[0].move, Draw):
                kinds.add(f"draw-for-double-{rules.players}p")
    assert {
        "pass-2p",
        "pass-3p",
        "draw-UNTIL_PLAYABLE-2p",
        "draw-UNTIL_PLAYABLE-3p",
        "draw-ONE_THEN_PASS-2p",
        "draw-ONE_THEN_PASS-3p",
        "heaviest-NONE",
        "heaviest-UNTIL_PLAYABLE",
        "draw-for-double-2p",
        "draw-for-double-3p",
        "draw-then-pass-ONE_THEN_PASS",
    } <= kinds, kinds


# ====================================================================== bugs


def deal_of(hands: Sequence[str], boneyard: str) -> Deal:
    """A deal written out: ``deal_of(["0-0 1-1", "0-2 2-2"], "1-2 0-1")``."""
    return Deal(hands=[h.split() for h in hands], boneyard=boneyard.split())


BLOCK_DEAL = deal_of(
    ["0-3 4-6 1-6 3-6 0-1 2-2 2-4", "0-4 3-3 4-4 6-6 2-6 3-4 0-2"],
    "1-5 2-3 0-6 0-0 1-1 5-6 5-5 0-5 4-5 1-4 1-2 2-5 3-5 1-3",
)
DFD_DEAL = deal_of(["2-3 0-2", "0-1 1-2"], "1-3 0-0 3-3 0-3 1-1 2-2")
IMMEDIATE_DEAL = deal_of(["0-0 1-1", "0-2 2-2"], "1-2 0-1")
HOLDER_33_DEAL = deal_of(["1-3 0-0", "1-2 0-1"], "0-2 3-3 2-2 2-3 0-3 1-1")
HOLDER_23_DEAL_A = deal_of(["1-1 0-3 0-0", "0-1 2-2 1-2"], "0-2 3-3 2-3 1-3")
HOLDER_23_DEAL_B = deal_of(["2-2 3-3 1-1", "1-2 1-3 0-3"], "0-1 2-3 0-0 0-2")


def _play(rules: Ruleset, deal: Deal, moves: Sequence[str]) -> HandState:
    """Apply moves written as 'draw', 'pass', '2-2' (lead) or '2-1:L'."""
    from dominoes.notation import parse_move

    state = HandState.start(rules, deal)
    for text in moves:
        move = parse_move(text)
        if isinstance(move, Draw):
            move = Draw()
        state = state.apply(move)
    return state


def test_a_sample_before_the_lead_gives_the_leader_the_opening_tile() -> None:
    state = HandState.start(Ruleset.block(), BLOCK_DEAL)
    assert state.turn == 1
    obs = state.observation(0)
    for k in range(20):
        sample = sampling.sample(obs, random.Random(k))
        assert Tile(6, 6) in sample.hand(1)


def test_a_sample_in_the_draw_for_double_phase_holds_no_double() -> None:
    rules = D3_DRAW_FOR_DOUBLE
    state = HandState.start(rules, DFD_DEAL)
    assert state.phase is Phase.LEAD
    assert state.observation(0).opening == "draw"
    assert not any(t.is_double for h in state.hands for t in h)
    obs = state.observation(0)
    for k in range(20):
        sample = sampling.sample(obs, random.Random(k))
        assert not any(t.is_double for h in sample.hands for t in h), sample.position()


IMMEDIATE = Ruleset(max_pip=2, players=2, hand_size=2, block_detection=BlockDetection.IMMEDIATE)


def test_immediate_block_detection_constrains_the_hands() -> None:
    rules = IMMEDIATE
    deal = IMMEDIATE_DEAL
    state = _play(rules, deal, ["2-2", "pass"])
    assert not state.is_over
    obs = state.observation(0)
    for k in range(20):
        sample = sampling.sample(obs, random.Random(k))
        assert any(2 in (t.low, t.high) for t in sample.hand(1)), sample.position()


def test_immediate_block_detection_is_exact() -> None:
    rules = IMMEDIATE
    deal = IMMEDIATE_DEAL
    state = _play(rules, deal, ["2-2", "pass"])
    check_exact(state.observation(0), deal.hands[0])


HOLDER_23_FLOOR = Ruleset(
    max_pip=3,
    players=2,
    hand_size=3,
    drawing=DrawRule.UNTIL_PLAYABLE,
    opening=Opening.HOLDER_OF_TILE,
    opening_tile=Tile(2, 3),
    no_double=NoDoubleRule.DRAW_FOR_DOUBLE,
    boneyard_floor=2,
)


def test_holder_of_tile_with_draw_for_double_drawn_opening_tile() -> None:
    deal = HOLDER_33_DEAL
    state = _play(HOLDER_33, deal, ["draw", "draw", "3-3"])
    check_exact(state.observation(1), deal.hands[1])


def test_holder_of_tile_with_draw_for_double_heaviest_after_drawing() -> None:
    deal = HOLDER_23_DEAL_A
    state = _play(HOLDER_23_FLOOR, deal, ["draw", "draw", "3-3"])
    check_exact(state.observation(0), deal.hands[0])


def test_holder_of_tile_with_draw_for_double_observer_drew_last() -> None:
    deal = HOLDER_23_DEAL_B
    state = _play(HOLDER_23_FLOOR, deal, ["draw", "draw", "3-3"])
    check_exact(state.observation(1), deal.hands[1])


HOLDER_23_DEAL_C = deal_of(["0-0 2-2 1-1", "3-3 0-2 0-1"], "1-3 2-3 1-2 0-3")


def test_holder_of_tile_with_draw_for_double_keeps_the_real_deal() -> None:
    rules = HOLDER_23_FLOOR
    deal = HOLDER_23_DEAL_C
    state = _play(rules, deal, ["draw", "draw", "3-3"])
    assert 1 in sampling.holders(state.observation(0))[Tile(2, 3)]
    state = _play(rules, deal, ["draw", "draw", "3-3", "1-3:L", "2-3:R"])
    obs = state.observation(0)
    assert sampling.count_worlds(obs) >= 1
    sampling.sample(obs, random.Random(0))


def test_a_finished_hand_has_nothing_to_sample() -> None:
    """Every hand is shown at the end (the result is scored from them): ``sample``
    refuses, since a sample could contradict the result."""
    rules = Ruleset.block(players=2)
    state = HandState.start(rules, Deal.random(rules, seed=0))
    rng = random.Random(0)
    while not state.is_over:
        moves = state.legal_moves()
        state = state.apply(moves[rng.randrange(len(moves))])
    obs = state.observation(0)
    assert obs.result == state.result
    with pytest.raises(ValueError, match="over"):
        sampling.sample(obs, random.Random(1))


def test_count_worlds_groups_dealt_tiles_and_draws_alike() -> None:
    """The documented count: worlds of the model, each standing for the same number of
    deals. DFD_DEAL, seat 1 after '0: draw, 1: draw 0-0, 1: 0-0': seat 0's two dealt
    tiles and its draw allow the same tiles (no double), so they form one class of 3
    and which of them was drawn is not told apart: 4 worlds, each standing for
    3!/2! x 4! = 72 of the 288 consistent deals (not 288 / 4! = 12 worlds)."""
    rules = D3_DRAW_FOR_DOUBLE
    deal = DFD_DEAL
    state = _play(rules, deal, ["draw", "draw", "0-0"])
    obs = state.observation(1)
    total, _ = consistent_deals(obs, deal.hands[1])
    assert total == 288
    assert sampling.count_worlds(obs) == 4
    assert deal_multiplicity(obs) == 72
    assert sampling.count_worlds(obs) * math.factorial(obs.boneyard_size) < total
    check_exact(obs, deal.hands[1], samples=2000)


def test_a_state_from_a_position_has_unconstrained_worlds() -> None:
    """Without a history only the counts are known: every split of the unseen tiles
    between the other hands and the boneyard is a world."""
    rules = Ruleset.draw(players=3)
    state = HandState.start(rules, Deal.random(rules, seed=4))
    for _ in range(6):
        state = state.apply(state.legal_moves()[-1])
    state = HandState.from_position(state.position(), rules)
    obs = state.observation(0)
    unseen = len(hidden(obs))
    sizes = [obs.hand_sizes[1], obs.hand_sizes[2], obs.boneyard_size]
    assert sum(sizes) == unseen
    expected = math.factorial(unseen) // math.prod(math.factorial(k) for k in sizes)
    assert sampling.count_worlds(obs) == expected
    assert all(set(seats) == {-1, 1, 2} for seats in sampling.holders(obs).values())
    sample = sampling.sample(obs, random.Random(0))
    assert sample.hand(0) == state.hand(0)
    assert sample.hand_sizes == state.hand_sizes


# ====================================================================== cost
#
# No timing: the work of a first sample is the size of the counting's memo (its states
# and nodes, `Plan.states`), which no machine changes.

_STRESS_CASE = json.loads((DATA / "stress-position.json").read_text(encoding="utf-8"))
STRESS = Ruleset.from_dict(_STRESS_CASE["rules"])
STRESS_SEED: int = _STRESS_CASE["seed"]
STRESS_MOVES: int = _STRESS_CASE["moves"]
"""The ruleset of the stress run's report (81 seconds for a first sample then), read
from ``tests/data/stress-position.json``, which `benchmarks/sample_worst.py` reads too."""

STRESS_WORLDS = (
    88236705890488320,
    1450490313884590080,
    30988230713100288,
    5220674680352256,
    22434458995630080,
    10829154456119808,
    23339746727474688,
)
"""Per observing seat, the worlds of the report's position, as the DP that went item
by item (over 11 million memo entries for seat 1) counted them."""

DRAW_D12 = Ruleset(
    max_pip=12,
    players=2,
    hand_size=7,
    drawing=DrawRule.UNTIL_PLAYABLE,
    voluntary_draw=True,
    opening=Opening.SEAT_ANY_TILE,
    no_double=NoDoubleRule.DRAW_FOR_DOUBLE,
    block_tie=BlockTie.NON_BLOCKER_WINS,
    scoring=Scoring.CASCADE,
    faults=FaultMode.TOLERANT,
    fault_penalty=FaultPenalty.NONE,
    fault_points=2,
    drawn_lead=DrawnLead.OPENING_RULE,
)
"""A ruleset of `benchmarks/sample_worst.py`'s sweep: late in a long 2-player hand
with voluntary drawing, the classes filled oldest first took minutes."""


def random_position(rules: Ruleset, deal_seed: int, move_seed: int, moves: int) -> HandState:
    """``moves`` uniformly random legal moves from ``Deal.random(rules, seed=deal_seed)``
    (the way `benchmarks/sample_worst.py` writes a position)."""
    state = HandState.start(rules, Deal.random(rules, seed=deal_seed))
    rng = random.Random(move_seed)
    for _ in range(moves):
        legal = state.legal_moves()
        state = state.apply(legal[rng.randrange(len(legal))])
    return state


@pytest.mark.parametrize("seat", range(STRESS.players))
def test_the_stress_report_position_is_counted_with_a_small_memo(seat: int) -> None:
    """Double-8, 7 players, draw one then pass with voluntary drawing, 58 random moves
    from ``Deal.random(rules, seed=930023371)``: the count agrees with the old DP and
    takes fewer than 10,000 memo entries (the old DP's 11 million took 81 seconds)."""
    state = random_position(STRESS, STRESS_SEED, STRESS_SEED, STRESS_MOVES)
    obs = state.observation(seat)
    plan = sampling.sampler(obs).model.plan
    assert sampling.count_worlds(obs) == STRESS_WORLDS[seat]
    assert plan.states < 10_000
    assert sampling.sample(obs, random.Random(seat)).hand(seat) == state.hand(seat)


@pytest.mark.parametrize("moves", [120, 159, 160])
def test_a_long_two_player_hand_is_counted_with_a_small_memo(moves: int) -> None:
    """Swept worst cases: a 2-player double-12 Draw hand late on (46 items, 16 classes
    of one seat, most of them tiles it played since). Filling its classes newest first
    merges the played tiles at once: under 1,000 memo entries, where oldest first
    reached hundreds of thousands."""
    state = random_position(DRAW_D12, 1141482034, 1174386269, moves)
    obs = state.observation(0)
    assert sampling.count_worlds(obs) >= 1
    assert sampling.sampler(obs).model.plan.states < 1_000
    sampling.sample_deal(obs, random.Random(0))


# ====================================================================== the budget
#
# ``budget`` bounds the states the first count may build; past it, SamplingError. Work is
# counted in memo entries (`Plan.effort`, `Plan.states`), never timed.


def _stress_observation(seat: int = 0) -> Observation:
    return random_position(STRESS, STRESS_SEED, STRESS_SEED, STRESS_MOVES).observation(seat)


def test_a_budget_too_small_gives_up_after_building_at_most_the_budget() -> None:
    from dominoes.errors import SamplingError

    needed = sampling.sampler(_stress_observation()).model.plan.states
    assert needed > 1_000  # the position needs more states than the budget below
    obs = _stress_observation()
    plan = sampling.sampler(obs).model.plan
    with pytest.raises(SamplingError, match="too large for the budget"):
        sampling.count_worlds(obs, budget=1_000)
    assert 0 < plan.effort[0] <= 1_000
    assert not plan.entries
    assert not plan.graph
    assert not plan.counts
    assert not plan.tally
    with pytest.raises(SamplingError, match="budget=500"):
        sampling.sample(obs, random.Random(0), budget=500)  # a smaller budget gives up at once
    with pytest.raises(SamplingError):
        sampling.sample_deal(obs, random.Random(0), budget=1_000)
    # nothing half-built was kept: unbounded, the count is exact
    assert sampling.count_worlds(obs) == STRESS_WORLDS[0]
    assert plan.effort[0] == plan.states == needed
    # once counted, any budget answers
    assert sampling.count_worlds(obs, budget=1) == STRESS_WORLDS[0]
    assert sampling.sample(obs, random.Random(1), budget=1).hand(0) == obs.hand


def test_a_larger_budget_after_giving_up_counts_exactly() -> None:
    from dominoes.errors import SamplingError

    obs = _stress_observation(1)
    with pytest.raises(SamplingError):
        sampling.sample(obs, random.Random(0), budget=100)
    needed = sampling.sampler(_stress_observation(1)).model.plan.states
    assert sampling.count_worlds(obs, budget=needed) == STRESS_WORLDS[1]  # exactly enough is enough
    assert sampling.sampler(obs).model.plan.states == needed
    assert sampling.sample_deal(obs, random.Random(0)) is not None


@pytest.mark.parametrize("case", list(CASES))
def test_a_budget_that_suffices_changes_nothing(case: str) -> None:
    """With room enough, a budgeted observation counts and samples as an unbounded one
    (same count, same draw from the same seed), and the states it counted as it went
    are the memo's size."""
    rules, pick, limit = CASES[case]
    for scenario in scenarios(rules, pick, limit):
        obs = Observation.from_dict(scenario.obs.to_dict())
        other = Observation.from_dict(scenario.obs.to_dict())
        total = sampling.count_worlds(other)
        states = sampling.sampler(other).model.plan.states
        assert sampling.count_worlds(obs, budget=max(1, states)) == total
        assert sampling.sampler(obs).model.plan.effort[0] == states
        # a replaying model spends the budget on replays too: room for every proposal
        room = max(1, states) if not sampling.sampler(obs).model.replay else 10**9
        a = sampling.sample(obs, random.Random(7), budget=room)
        b = sampling.sample(other, random.Random(7))
        assert a.hands == b.hands
        assert a.boneyard == b.boneyard


@pytest.mark.parametrize("budget", [1, 40, 1_000])
def test_a_budget_bounds_the_replays_of_a_replaying_model(budget: int) -> None:
    """Under immediate detection each proposal is replayed: one unit per move of the
    history and one more. With a budget a call tries at most ``budget // (moves + 1)``
    proposals (at least one) and then gives up, naming the budget."""
    from dominoes import sampling
    from dominoes.errors import SamplingError

    obs = _stress_observation()
    sampling.count_worlds(obs)  # counted: the budget goes to the replays alone
    model = sampling.sampler(obs).model
    assert model.replay
    tried = []

    def refuse(deal: Deal) -> None:
        tried.append(deal)

    with pytest.raises(SamplingError, match=f"within budget={budget}"):
        sampling.consistent_deal(obs, model, random.Random(0), refuse, budget)
    assert len(tried) == max(1, budget // (len(obs.history) + 1))


@pytest.mark.parametrize(
    ("budget", "error"),
    [
        (0, "ArgumentValueError"),
        (-3, "ArgumentValueError"),
        (True, "ArgumentTypeError"),
        (2.5, "ArgumentTypeError"),
        ("9", "ArgumentTypeError"),
    ],
)
def test_the_budget_must_be_a_positive_int_or_none(budget: Any, error: str) -> None:
    from dominoes import errors

    obs = _stress_observation()
    kind = getattr(errors, error)
    for call in (
        lambda: sampling.count_worlds(obs, budget=budget),
        lambda: sampling.sample(obs, random.Random(0), budget=budget),
        lambda: sampling.sample_deal(obs, random.Random(0), budget=budget),
    ):
        with pytest.raises(kind, match="budget") as caught:
            call()
        assert caught.value.argument == "budget"
    assert not sampling.sampler(obs).model.plan.counts  # nothing was counted
