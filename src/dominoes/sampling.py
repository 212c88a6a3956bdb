"""Sampling worlds consistent with an observation: the slot model and its algorithms.

The `Observation` methods ``sample``, ``sample_deal``, ``count_worlds``, ``holders``
and ``voids`` delegate here; this module is internal to the package (its names are
public to the package's other modules, not a stable API).

A *world* is a deal consistent with everything the seat saw: every tile the seat
cannot see is placed in a *slot* (a place in another seat's hand as dealt, a tile
another seat drew, or a place in the boneyard), and the public history must replay
legally: a seat that played a tile held it, and a seat that passed (or had to draw)
held nothing matching the open ends at that moment; the opening rule tells too
(under the highest-double rule no hand held a higher double than the one led).
`Observation.sample` draws a world **uniformly** among all consistent deals, exactly
(counting with dynamic programming over slot classes, no rejection), and returns the
`HandState` it leads to; `Observation.holders` and `Observation.voids` read the same
model.

Two rulesets bind the hands in ways the slot model cannot say: with
``BlockDetection.IMMEDIATE`` a hand that goes on shows that some seat could still
play (a fact about several seats at once), and with ``Opening.HOLDER_OF_TILE`` and
``NoDoubleRule.DRAW_FOR_DOUBLE`` the draws before the lead depend on which tiles
were dealt. There the model keeps only what is certain (so its worlds are a superset
of the consistent ones), every slot gets its own tile in a uniformly random order,
and a proposal is kept only when its deal replays into the observation: rejection
from a uniform proposal, so the samples are still exactly uniform, at the cost of a
replay per proposal. ``holders()`` and ``voids()`` read the model alone, so under
those two rulesets they may list a seat that cannot hold a tile. An observation of a
state built from a position has no history to replay: its samples are uniform over
the placements of the unseen tiles (under ``BlockDetection.IMMEDIATE`` that includes
placements in which nobody could move, which the position does not rule out).
"""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

import attrs

from dominoes.deal import Deal
from dominoes.faults import FaultKind
from dominoes.moves import Draw, Pass, Play
from dominoes.rules import BlockDetection, DrawRule, NoDoubleRule, Opening, Ruleset
from dominoes.tiles import Tile, bit_indices, tile_from_index, tile_index

if TYPE_CHECKING:  # pragma: no cover
    from dominoes.observation import Observation

__all__ = [
    "BONEYARD",
    "MAX_TRIES",
    "Model",
    "build_model",
    "consistent_deal",
    "count_worlds",
    "deal_of",
    "holders",
    "place",
    "sample_world",
    "voids",
]

BONEYARD = -1
"""The "seat" of boneyard slots (and of the boneyard in `holders`)."""

_S = TypeVar("_S")


@attrs.frozen
class _Tables:
    """Per-ruleset tile tables (the same as the engine's)."""

    full: int  # mask of every tile of the set
    suit: tuple[int, ...]  # per pip value, the mask of the tiles showing it
    doubles_desc: tuple[int, ...]  # the doubles' indices, highest first
    heavy_desc: tuple[int, ...]  # every tile's index, heaviest first (LEAD-1's order)


@functools.cache
def _tables(rules: Ruleset) -> _Tables:
    n = rules.max_pip
    size = (n + 1) * (n + 2) // 2
    tiles = [tile_from_index(i) for i in range(size)]
    suit = [0] * (n + 1)
    for t in tiles:
        suit[t.low] |= 1 << t.index
        suit[t.high] |= 1 << t.index
    return _Tables(
        full=(1 << size) - 1,
        suit=tuple(suit),
        doubles_desc=tuple(tile_index(d, d) for d in range(n, -1, -1)),
        heavy_desc=tuple(
            t.index for t in sorted(tiles, key=lambda t: (t.pips, t.high), reverse=True)
        ),
    )


@attrs.frozen(kw_only=True, eq=False)
class Model:
    """The slot model of an observation (built once, cached).

    Every item (a tile to place) goes to one class of slots. Items that only one
    class allows are ``fixed`` there; items that every class allows form the
    ``tail`` and are placed together by one shuffle (every arrangement of them over
    the capacities left is equally likely, and there are multinomially many); the
    other items are placed one by one, weighted by the number of completions.
    """

    every: tuple[int, ...]  # every item: unseen tiles, then other seats' plays
    every_allowed: tuple[tuple[int, ...], ...]  # per item of ``every``, the classes allowing it
    items: tuple[int, ...]  # the items placed one by one, most constrained first
    allowed: tuple[tuple[int, ...], ...]  # per item of ``items``, the classes allowing it
    tail: tuple[int, ...]  # the items every class allows
    fixed: tuple[tuple[int, int], ...]  # (item, class) for the items one class allows
    unseen: int  # mask of tiles not visible to the seat (in other hands or the boneyard)
    classes: tuple[tuple[int, int, bool], ...]  # (seat or BONEYARD, capacity, ordered)
    counts: dict[int, int]  # memo: key (item, remaining capacities) -> completions
    tables: dict[int, tuple[int, tuple[tuple[int, int, int], ...]]]  # memo: choices
    radix: tuple[int, ...]
    start: int  # encoded capacities left after the fixed items
    bone_at: tuple[int, ...]  # the boneyard's classes
    births: tuple[tuple[int, ...], ...]  # per class, its slots' birth steps (-1: dealt)
    replay: bool  # whether samples are checked by replaying the history

    bone_mixed: bool  # whether the boneyard can hold items placed before the tail

    def completions(self, i: int, rem: int) -> int:
        """The number of ways to place items i.. (and the tail) into the capacities left."""
        key = rem * (len(self.items) + 1) + i
        found = self.counts.get(key)
        if found is not None:
            return found
        if i == len(self.items):
            total = math.factorial(len(self.tail))
            for j, rd in enumerate(self.radix):
                total //= math.factorial(rem // rd % (self.classes[j][1] + 1))
        else:
            total = 0
            radix = self.radix
            for j in self.allowed[i]:
                if rem // radix[j] % (self.classes[j][1] + 1):
                    total += self.completions(i + 1, rem - radix[j])
        self.counts[key] = total
        return total

    def choices(self, i: int, rem: int) -> tuple[int, tuple[tuple[int, int, int], ...]]:
        """(total, ((completions, class, capacities after), ...)) for placing item i."""
        key = rem * (len(self.items) + 1) + i
        found = self.tables.get(key)
        if found is None:
            out = []
            for j in self.allowed[i]:
                if rem // self.radix[j] % (self.classes[j][1] + 1):
                    c = self.completions(i + 1, rem - self.radix[j])
                    if c:
                        out.append((c, j, rem - self.radix[j]))
            found = self.tables[key] = (self.completions(i, rem), tuple(out))
        return found


# ---------------------------------------------------------------- what Observation calls


def count_worlds(model: Model) -> int:
    """The number of worlds of ``model`` (see `Observation.count_worlds`)."""
    return model.completions(0, model.start)


def holders(model: Model) -> dict[Tile, tuple[int, ...]]:
    """For every tile the seat cannot see, the seats some world puts it with."""
    reach = _placements(model)
    out: dict[Tile, set[int]] = {}
    for item, places in zip(model.every, reach, strict=True):
        if model.unseen >> item & 1:
            out[tile_from_index(item)] = {model.classes[j][0] for j in places}
    return {tile: tuple(sorted(p)) for tile, p in sorted(out.items())}


def voids(obs: Observation, model: Model) -> tuple[frozenset[int], ...]:
    """Per seat, the pip values it is known to hold none of now (see `Observation.voids`)."""
    held_by = holders(model)
    n = obs.rules.players
    own = {v for t in obs.hand for v in (t.low, t.high)}
    out = []
    for seat in range(n):
        if seat == obs.seat:
            out.append(frozenset(v for v in range(obs.rules.max_pip + 1) if v not in own))
            continue
        held = {
            v for tile, seats in held_by.items() if seat in seats for v in (tile.low, tile.high)
        }
        out.append(frozenset(v for v in range(obs.rules.max_pip + 1) if v not in held))
    return tuple(out)


def consistent_deal(
    obs: Observation,
    model: Model,
    rng: random.Random,
    replay: Callable[[Deal], _S | None],
) -> tuple[Deal, _S | None]:
    """A uniform consistent deal, and where it leads when the model needs the check
    by replay (``replay`` gives the state a deal reaches, or ``None`` when the deal does
    not replay into ``obs``); else ``None``: every proposal of an exact model is
    consistent."""
    for _ in range(MAX_TRIES):
        deal = _propose(obs, model, place(model, rng), rng)
        if not model.replay:
            return deal, None
        state = replay(deal)
        if state is not None:
            return deal, state
    raise ValueError("no deal consistent with this observation was found")


def _propose(obs: Observation, model: Model, placed: list[list[int]], rng: random.Random) -> Deal:
    """The deal of a placement: each class's items spread over its slots in a
    uniformly random order, and the boneyard shuffled."""
    for items in placed:
        rng.shuffle(items)
    boneyard = [t for j in model.bone_at for t in placed[j]]
    rng.shuffle(boneyard)
    return deal_of(obs, model, placed, boneyard)


def sample_world(obs: Observation, model: Model, rng: random.Random) -> tuple[list[int], list[int]]:
    """A uniform world of an exact model (``not model.replay``): every seat's hand (a
    bitmask) and the boneyard (tile indices, in a uniformly random order)."""
    placed = place(model, rng)
    unseen = model.unseen
    masks = [0] * obs.rules.players
    masks[obs.seat] = sum(1 << t.index for t in obs.hand)
    boneyard: list[int] = []
    for (seat, _cap, _ordered), items in zip(model.classes, placed, strict=True):
        if seat == BONEYARD:
            boneyard += items
        else:
            m = 0
            for t in items:
                if unseen >> t & 1:
                    m |= 1 << t
            masks[seat] |= m
    # the boneyard's order must be uniform too: one shuffle does it unless the tail
    # alone filled a single boneyard class (then it is a slice of a shuffled list)
    if model.bone_mixed:
        rng.shuffle(boneyard)
    return masks, boneyard


def deal_of(obs: Observation, model: Model, placed: list[list[int]], boneyard: list[int]) -> Deal:
    """The deal that puts the items of each class on its slots in the order given,
    with ``boneyard`` (tile indices) as the boneyard left after the history."""
    n = obs.rules.players
    dealt: list[list[int]] = [[] for _ in range(n)]
    drawn: dict[int, int] = {}  # step -> tile drawn then
    for (seat, _cap, _ordered), items, births in zip(
        model.classes, placed, model.births, strict=True
    ):
        if seat == BONEYARD:
            continue
        for item, birth in zip(items, births, strict=True):
            if birth < 0:
                dealt[seat].append(item)
            else:
                drawn[birth] = item
    mine = {t.index for t in obs.hand}  # the seat's tiles as dealt: now, plus played,
    own_draws = set()  # less drawn
    draws: list[int] = []
    for step, entry in enumerate(obs.history):
        seat, move = entry.seat, entry.move
        if isinstance(move, Draw):
            if seat == obs.seat:
                assert move.tile is not None
                draws.append(move.tile.index)
                own_draws.add(move.tile.index)
            else:
                draws.append(drawn[step])
        elif seat == obs.seat and isinstance(move, Play):
            mine.add(move.tile.index)
    dealt[obs.seat] = sorted(mine - own_draws)
    return Deal(
        hands=tuple(tuple(tile_from_index(i) for i in h) for h in dealt),
        boneyard=tuple(tile_from_index(i) for i in draws + boneyard),
    )


# ---------------------------------------------------------------- the model


MAX_TRIES = 100_000
"""How many rejected proposals the replaying sampler tries before giving up."""


def place(model: Model, rng: random.Random) -> list[list[int]]:
    """A uniform assignment of the model's items to its classes: per class, its items."""
    rem = model.start
    classes = model.classes
    placed: list[list[int]] = [[] for _ in classes]
    for item, j in model.fixed:
        placed[j].append(item)
    tables = model.tables
    stride = len(model.items) + 1
    for i, item in enumerate(model.items):
        found = tables.get(rem * stride + i)
        total, options = model.choices(i, rem) if found is None else found
        if len(options) == 1:
            _, j, rem = options[0]
        else:
            r = rng.randrange(total)
            for c, j, after in options:  # noqa: B007 (j is used after the loop)
                if r < c:
                    break
                r -= c
            rem = after
        placed[j].append(item)
    tail = list(model.tail)
    if tail:
        rng.shuffle(tail)
        k = 0
        for j, rd in enumerate(model.radix):
            cap = rem // rd % (classes[j][1] + 1)
            placed[j] += tail[k : k + cap]
            k += cap
    return placed


def _matching(allowed: tuple[tuple[int, ...], ...], capacity: list[int]) -> list[int] | None:
    """A class for every item, each allowed and within the capacities; None if none."""
    assigned: list[list[int]] = [[] for _ in capacity]  # class -> items in it
    where = [-1] * len(allowed)

    def augment(item: int, seen: set[int]) -> bool:
        for j in allowed[item]:
            if j in seen:
                continue
            seen.add(j)
            if len(assigned[j]) < capacity[j]:
                assigned[j].append(item)
                where[item] = j
                return True
            for other in assigned[j]:
                if augment(other, seen):
                    assigned[j].remove(other)
                    assigned[j].append(item)
                    where[item] = j
                    return True
        return False

    if all(augment(item, set()) for item in range(len(allowed))):
        return where
    return None


def _placements(model: Model) -> list[set[int]]:
    """For every item of ``model.every``, the classes some world puts it in.

    One complete assignment is found; an item can move from its class ``c`` to another
    allowed class ``j`` exactly when a chain of moves leads from ``j`` back to ``c``: an
    item of ``j`` moves to a class it allows, an item of that class moves on, and so on
    until one lands in ``c``, where the first item left a place (capacities are full).
    """
    capacity = [c[1] for c in model.classes]
    where = _matching(model.every_allowed, capacity)
    if where is None:
        return [set() for _ in model.every]
    edges: list[set[int]] = [set() for _ in capacity]  # class -> classes its items allow
    for item, c in enumerate(where):
        edges[c].update(model.every_allowed[item])
    reach: list[set[int]] = []
    for start in range(len(capacity)):
        seen = {start}
        todo = [start]
        while todo:
            for b in edges[todo.pop()]:
                if b not in seen:
                    seen.add(b)
                    todo.append(b)
        reach.append(seen)
    return [{j for j in model.every_allowed[item] if c in reach[j]} for item, c in enumerate(where)]


def build_model(obs: Observation) -> Model:
    """Replay the public history into slots with allowed-tile masks."""
    rules = obs.rules
    n = rules.players
    ctx = _tables(rules)
    full = ctx.full
    suit = ctx.suit
    doubles = sum(1 << i for i in ctx.doubles_desc)
    own = sum(1 << t.index for t in obs.hand)
    on_table = sum(1 << tile_index(a, b) for a, b in obs.line)
    unseen = full & ~own & ~on_table

    # slots: [seat, birth step, forbidden mask, exact tile or -1]
    slots: list[list[int]] = []
    plays: dict[int, tuple[int, int]] = {}  # tile -> (seat, step) for other seats' plays
    voids: list[list[tuple[int, int]]] = [[] for _ in range(n)]  # per seat: (step, suit mask)
    faulty = {f.move_number for f in obs.faults if f.kind is FaultKind.FALSE_PASS}
    faulty_draws = {f.move_number for f in obs.faults if f.kind is FaultKind.FORBIDDEN_DRAW}
    # where the slot model cannot say everything the history tells, it keeps only
    # what is certain (a superset of the consistent deals) and the sampler rejects
    # the deals whose replay disagrees with the observation
    replay = obs.full_history and _needs_replay(rules)
    holder_draw = replay and _holder_draw(rules)

    if obs.full_history:
        for seat in range(n):
            if seat != obs.seat:
                slots.extend([seat, -1, 0, -1] for _ in range(rules.hand_size))
        left = right = -1
        lead_draws: list[int] = []  # indices into slots of draws made before the lead
        history = obs.history
        for step, entry in enumerate(history):
            seat, move = entry.seat, entry.move
            if isinstance(move, Play):
                if seat != obs.seat:
                    plays[move.tile.index] = (seat, step)
                t = move.tile
                if left < 0:
                    left, right = t.low, t.high
                    if not holder_draw:
                        _opening_constraints(obs, slots, lead_draws, t, seat, doubles)
                elif move.end is not None and move.end.value == 0:
                    left = t.other(left)
                else:
                    right = t.other(right)
            elif isinstance(move, Draw):
                if left >= 0 and not rules.voluntary_draw and step not in faulty_draws:
                    voids[seat].append((step, suit[left] | suit[right]))
                if seat != obs.seat:
                    slots.append([seat, step, 0, -1])
                    if left < 0:
                        lead_draws.append(len(slots) - 1)
            elif isinstance(move, Pass) and left >= 0 and step not in faulty:
                voids[seat].append((step, suit[left] | suit[right]))
        # (with a named tile and drawing for a double, the replay checks the opening)
        if not holder_draw and left < 0 and isinstance(obs.opening, Tile):
            # the lead is forced and not yet laid: its holder is known
            leader = obs.turn
            _opening_constraints(obs, slots, lead_draws, obs.opening, leader, doubles)
            if leader != obs.seat and not any(sl[3] == obs.opening.index for sl in slots):
                for sl in slots:
                    if sl[0] == leader and sl[1] < 0:
                        sl[3] = obs.opening.index
                        break
        elif not holder_draw and left < 0 and obs.opening == "draw":
            # nobody was dealt an opening tile, and no draw so far brought a double
            wanted = (
                1 << rules.opening_tile.index
                if rules.opening is Opening.HOLDER_OF_TILE and rules.opening_tile is not None
                else doubles
            )
            for sl in slots:
                if sl[0] != BONEYARD:
                    sl[2] |= wanted if sl[1] < 0 else doubles
    else:
        for seat in range(n):
            if seat != obs.seat:
                slots.extend([seat, -1, 0, -1] for _ in range(obs.hand_sizes[seat]))
    slots.extend([BONEYARD, -1, 0, -1] for _ in range(obs.boneyard_size))

    now = len(obs.history)
    items = [*bit_indices(unseen), *sorted(plays)]

    def void_between(seat: int, after: int, before: int) -> int:
        """The tiles ``seat`` showed it lacked at some step strictly between the two."""
        out = 0
        for step, m in voids[seat]:
            if after < step < before:
                out |= m
        return out

    def allowed_mask(slot: list[int]) -> int:
        seat, birth, forbidden, exact = slot
        if seat == BONEYARD:
            mask = unseen & ~forbidden
        else:
            # tiles still hidden: held from the slot's birth until now
            mask = unseen & ~forbidden & ~void_between(seat, birth, now)
            # tiles this seat played later than the slot's birth: held until then
            for item, (player, when) in plays.items():
                if player != seat or when <= birth or forbidden >> item & 1:
                    continue
                if not void_between(seat, birth, when) >> item & 1:
                    mask |= 1 << item
        if exact >= 0:
            mask &= 1 << exact
        return mask

    # group slots into classes: same seat, same allowed mask
    class_of: dict[tuple[int, int], int] = {}
    classes: list[list[Any]] = []
    masks: list[int] = []
    births: list[list[int]] = []  # per class, its slots' birth steps (-1: dealt)
    for slot in slots:
        mask = allowed_mask(slot)
        key = (slot[0], mask)
        j = class_of.get(key)
        if j is None:
            j = class_of[key] = len(classes)
            classes.append([slot[0], 0, slot[0] == BONEYARD or slot[1] >= 0])
            masks.append(mask)
            births.append([])
        classes[j][1] += 1
        births[j].append(slot[1])
    radix = []
    r = 1
    for c in classes:
        radix.append(r)
        r *= c[1] + 1
    start = sum(c[1] * rd for c, rd in zip(classes, radix, strict=True))
    allowed = [tuple(j for j, m in enumerate(masks) if m >> item & 1) for item in items]
    everywhere = tuple(range(len(classes)))
    fixed = []
    tail = []
    one_by_one = []
    rem = start
    for k, item in enumerate(items):
        if len(allowed[k]) == 1 and rem // radix[allowed[k][0]] % (classes[allowed[k][0]][1] + 1):
            fixed.append((item, allowed[k][0]))
            rem -= radix[allowed[k][0]]
        elif allowed[k] == everywhere:
            tail.append(item)
        else:
            one_by_one.append(k)
    bone_at = tuple(j for j, c in enumerate(classes) if c[0] == BONEYARD)
    # most constrained items first keeps the memo small
    one_by_one.sort(key=lambda k: len(allowed[k]))
    return Model(
        every=tuple(items),
        every_allowed=tuple(allowed),
        items=tuple(items[k] for k in one_by_one),
        allowed=tuple(allowed[k] for k in one_by_one),
        tail=tuple(tail),
        fixed=tuple(fixed),
        unseen=unseen,
        classes=tuple((c[0], c[1], c[2]) for c in classes),
        counts={},
        tables={},
        radix=tuple(radix),
        start=rem,
        bone_at=bone_at,
        births=tuple(tuple(b) for b in births),
        replay=replay,
        bone_mixed=len(bone_at) != 1
        or any(j in bone_at for _, j in fixed)
        or any(j in bone_at for k in one_by_one for j in allowed[k]),
    )


def _holder_draw(rules: Ruleset) -> bool:
    return rules.opening is Opening.HOLDER_OF_TILE and (
        rules.no_double is NoDoubleRule.DRAW_FOR_DOUBLE
    )


def _needs_replay(rules: Ruleset) -> bool:
    """Whether the slot model alone is not exact for ``rules`` (so samples are checked)."""
    return rules.block_detection is BlockDetection.IMMEDIATE or _holder_draw(rules)


def _opening_constraints(
    obs: Observation,
    slots: list[list[int]],
    lead_draws: list[int],
    led: Tile,
    leader: int,
    doubles: int,
) -> None:
    """What the lead tells about the hands as dealt (and draws before the lead).

    Not called with a named opening tile *and* drawing for a double: there the
    sampler checks the opening by replaying the history (see the module docs).
    """
    rules = obs.rules
    if rules.opening is Opening.SEAT_ANY_TILE:
        return
    dealt = [s for s in slots if s[1] < 0 and s[0] != BONEYARD]
    if rules.opening is Opening.HOLDER_OF_TILE:
        assert rules.opening_tile is not None
        if led == rules.opening_tile:
            return
        fallback = 1 << rules.opening_tile.index  # the named tile was not dealt
    else:
        higher = sum(1 << tile_index(d, d) for d in range(led.high + 1, rules.max_pip + 1))
        if led.is_double and not lead_draws:
            for s in dealt:
                s[2] |= higher
            return
        fallback = doubles
    if rules.no_double is NoDoubleRule.DRAW_FOR_DOUBLE and rules.drawing is not DrawRule.NONE:
        # nobody was dealt the opening tile; draws went on until a double came up
        for s in dealt:
            s[2] |= fallback
        for k in lead_draws:
            seat = slots[k][0]
            last = k == lead_draws[-1] and led.is_double and leader == seat
            if last:
                slots[k][3] = led.index
            else:
                slots[k][2] |= doubles
        if led.is_double:
            return
        fallback = doubles
    order = _tables(rules).heavy_desc  # LEAD-1's order, heaviest first
    heavier = sum(1 << i for i in order[: order.index(led.index)])
    for s in dealt:
        s[2] |= fallback | heavier
    for k in lead_draws:
        slots[k][2] |= fallback | heavier
