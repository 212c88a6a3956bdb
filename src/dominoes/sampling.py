"""What a seat can infer: worlds drawn exactly uniformly among those consistent with its
`Observation`, the seats that may hold each unseen tile, and the known voids.

`Sampler` is the public tool (one per observation; it keeps its model and its count),
with the module functions `sample`, `sample_deal`, `count_worlds`, `holders` and
`voids` as shorthands that reuse the sampler of an observation they have just seen.
The other names of the module (the model and its algorithms) are public to the
package's other modules and its tests, not a stable API. This module reads the engine
through the functions of its interface in `dominoes.state` (`tiles_of`, `with_tiles`,
`holds_false_pass`, `world_of`, `open_values`, `train_shown`), never through its
internal tuple.

A *world* is a deal consistent with everything the seat saw: every tile the seat
cannot see is placed in a *slot* (a place in another seat's hand as dealt, a tile
another seat drew, or a place in the boneyard), and the public history must replay
legally: a seat that played a tile held it, and a seat that passed (or had to draw)
held nothing matching the open ends at that moment (in a layout with arms, those of
the arms open then: docs/rules/spinner.md; in a train game, no tile it could lay on a
train open to it then, or on the open double holding up play: docs/rules/trains.md,
and under `EngineSource.DRAW_UNTIL_FOUND` the draws before the engine show that nobody
was dealt it and which draw found it); the opening rule tells too
(under the highest-double rule no hand held a higher double than the one led, under
LEAD-6 no lower one).
`sampling.sample` draws a world **uniformly** among all consistent deals, exactly
(counting with dynamic programming over slot classes, below, no rejection), and returns
the `HandState` it leads to; `sampling.holders` and `sampling.voids` read the same
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

Counting (`Plan`). A tile only one class allows is placed when the model is built. The
other items are counted by filling the classes one after another: a seat's classes
together, oldest first or newest first, seats in the order an estimate of the states
prefers, the boneyard last. Before each class the items left fall into *groups*, the
items that the classes still to fill allow alike, and a *state* is how many items of each
group are left; a class takes ``k`` of the ``r`` items of a group it allows in
``comb(r, k)`` ways, so the completions of a state are a sum of binomials times the
completions of the next states, counted once for every state reachable from the start
(the memo, `Plan.states`) and kept. `place` draws one number below the count and decodes
the assignment it numbers: every number gives a different assignment, so the draw is
uniform over them, and exact.

What is guaranteed, and what is not:

* Exactness, always: every consistent deal is equally likely (the tests check the
  numbering one-to-one against brute force, and the distribution against enumerated
  deals, on small sets).
* Later samples of an observation cost one walk through the classes (less than a random
  playout of the hand for the presets' games); the first pays for the count, whose work
  is the memo.
* The memo has no bound for every position. Counting the worlds is counting the perfect
  matchings of a bipartite graph (items to slots), #P-hard in general; the memo grows
  with the number of groups, the tiles that different seats' pasts tell apart, and with
  seven to twelve seats in the middle of a hand it can reach millions of entries
  (seconds). ``benchmarks/sample_worst.py`` sweeps random rulesets and positions for
  such cases; docs/performance.md gives the figures. Nothing falls back on an
  approximation.
* A budget bounds the count instead: ``budget`` (of `sampling.sample`, ``sample_deal``
  and ``count_worlds``; `Plan.count`) is the most memo entries (states and nodes, as
  `Plan.states` counts them) the first count may build. The count tallies them as it
  builds, stops when one more would pass the budget (so its work stays proportional to
  the budget) and raises `SamplingError`, keeping nothing of its memo: a later call with
  a larger budget, or ``None`` (no bound, the default), counts afresh and exactly, and
  one with the same budget or a smaller one gives up at once (`Plan.effort`). Exact and
  bounded at once is impossible in general, so a budget trades the sample away, never
  its uniformity. Building the model before the count is polynomial and not budgeted.
* The replaying sampler's acceptance rate has no bound either: it gives up with an
  error after `MAX_TRIES` proposals, and with a budget after ``budget // (moves + 1)``
  (at least one; a replay costs one unit per move of the history and one more).
"""

from __future__ import annotations

import functools
import math
import operator
import random
import sys
from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

import attrs

from dominoes.deal import Deal
from dominoes.errors import (
    ArgumentTypeError,
    ArgumentValueError,
    DealError,
    IllegalMoveError,
    SamplingError,
)
from dominoes.faults import FaultKind
from dominoes.moves import DRAW, Draw, Pass, Play
from dominoes.rules import (
    BlockDetection,
    DrawRule,
    EngineSource,
    NoDoubleRule,
    Opening,
    Ruleset,
)
from dominoes.state import (
    HandState,
    Observation,
    holds_false_pass,
    open_values,
    tiles_of,
    train_shown,
    with_tiles,
    world_of,
)
from dominoes.tiles import Tile, bit_indices, tile_from_index, tile_index

__all__ = [
    "BONEYARD",
    "MAX_TRIES",
    "Model",
    "Sampler",
    "count_worlds",
    "holders",
    "sample",
    "sample_deal",
    "sampler",
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
    size = rules.tile_set.size
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
    class allows are ``fixed`` there; the others are counted and drawn by the `Plan`.
    """

    every: tuple[int, ...]  # every item: unseen tiles, then other seats' plays
    every_allowed: tuple[tuple[int, ...], ...]  # per item of ``every``, the classes allowing it
    fixed: tuple[tuple[int, int], ...]  # (item, class) for the items one class allows
    unseen: int  # mask of tiles not visible to the seat (in other hands or the boneyard)
    classes: tuple[tuple[int, int, bool], ...]  # (seat or BONEYARD, capacity, ordered)
    plan: Plan  # how the other items are counted and drawn
    bone_at: tuple[int, ...]  # the boneyard's classes
    births: tuple[tuple[int, ...], ...]  # per class, its slots' birth steps (-1: dealt)
    replay: bool  # whether samples are checked by replaying the history


@attrs.frozen(kw_only=True, eq=False)
class Plan:
    """How the worlds of a model are counted and drawn (see the module docs).

    The classes with room are filled one after another (``order``). Before step ``i``
    the items not yet placed fall into *groups*: the items that the classes still to
    fill (step ``i`` on) allow alike, which those classes cannot tell apart. A *state*
    is how many items of each group are left, written in mixed radix (``radix``,
    ``span``). Step ``i`` takes from each group its class allows some number of items,
    one group after another (the *sub-levels* of the step, whose states also hold the
    room left in the class); the items of a group left after the step go on to the
    group of the next step that holds them (``onto``), and a group that no later class
    allows must be empty by then. Choosing ``k`` of the ``r`` items of a group can be
    done in ``comb(r, k)`` ways, so the number of completions of a state is a sum of
    products of binomials and completions of later states: a dynamic programme over
    the states reachable from the start, counted once (``count``) and kept, which
    `place` walks to draw an assignment.
    """

    order: tuple[int, ...]  # the classes with room, in the order they are filled
    caps: tuple[int, ...]  # per step, the room of its class
    sizes: tuple[tuple[int, ...], ...]  # per step, per group, how many items it has
    radix: tuple[tuple[int, ...], ...]  # per step, per group, its place value in a state
    span: tuple[int, ...]  # per step, one more than the largest state
    choose: tuple[tuple[int, ...], ...]  # per step, the groups its class allows
    onto: tuple[tuple[int, ...], ...]  # per step, per group, the place value its items
    #   take in the next step's state (``span`` of the next step: no later class allows it)
    merge: tuple[tuple[tuple[int, ...], ...], ...]  # per step, per next group, its sources
    room: tuple[tuple[int, ...], ...]  # per step, per group, the room of the classes
    #   still to fill that allow it
    members: tuple[tuple[int, ...], ...]  # per group of step 0, its items
    start: int  # the state before step 0: every item left
    feasible: bool  # whether every item has a class with room
    entries: list[dict[int, int]] = attrs.field(factory=list)
    #   per step, the states reached: state -> the key of its node (at sub-level 0)
    graph: list[list[dict[int, list[_Edge]]]] = attrs.field(factory=list)
    #   per step, per sub-level, node key (state + room left * span) -> its choices
    tally: list[list[dict[int, int]]] = attrs.field(factory=list)
    #   per step, per sub-level, node key -> completions
    counts: list[dict[int, int]] = attrs.field(factory=list)  # per step, state -> completions
    effort: list[int] = attrs.field(factory=lambda: [0, 0])
    #   the memo entries the last counting built (also one that gave up), and the largest
    #   budget a counting gave up at (0: none did)

    @property
    def states(self) -> int:
        """How many states and nodes the counting reached (the size of its memo)."""
        self.count()
        return sum(len(e) for e in self.entries) + sum(len(d) for v in self.graph for d in v)

    def count(self, budget: int | None = None) -> int:
        """The number of assignments (counted once, then kept).

        ``budget`` is the most memo entries (states and nodes, `states`) the counting
        may build; None: no bound. Once the model is counted, any budget will do.

        Raises:
            SamplingError: counting needs more than ``budget`` entries. It stops as the
                memo passes the budget (its work is proportional to the budget) and
                keeps nothing of it, so a later call with a larger budget, or none,
                counts afresh; a later call with this budget or a smaller one gives up
                at once.
        """
        if not self.counts:
            if budget is not None and budget <= self.effort[1]:
                raise _too_large(budget)
            try:
                self._fill(budget)
            except _OverBudget:
                self.entries.clear()
                self.graph.clear()
                self.tally.clear()
                self.counts.clear()
                assert budget is not None
                self.effort[1] = max(self.effort[1], budget)
                raise _too_large(budget) from None
        return self.counts[0].get(self.start, 0)

    def _fill(self, budget: int | None) -> None:
        m = len(self.order)
        self.effort[0] = 0
        if not self.feasible:
            self.counts.append({})
            return
        # memo entries built so far, and how many may be: one more raises _OverBudget
        built, most = 0, sys.maxsize if budget is None else budget
        mul = operator.mul
        layer: dict[int, list[int]] = {self.start: list(self.sizes[0])}  # state -> its counts
        for i in range(m):
            choose, radix, sizes, onto = self.choose[i], self.radix[i], self.sizes[i], self.onto[i]
            span, cap, q = self.span[i], self.caps[i], len(choose)
            entry: dict[int, int] = {}
            fronts: list[dict[int, tuple[int, int, tuple[int, ...]]]] = [{} for _ in choose]
            graph: list[dict[int, list[_Edge]]] = [{} for _ in choose]
            ends: set[int] = set()
            for s, digits in layer.items():
                proj = sum(map(mul, digits, onto))
                counts = [digits[g] for g in choose]
                rest = sum(counts)
                if cap > rest:
                    continue
                built += 2  # its entry, and its node at sub-level 0
                if built > most:
                    self.effort[0] = built - 2
                    raise _OverBudget
                key = entry[s] = s + cap * span
                if cap == rest:  # the class takes every item it allows
                    to = proj - sum(r * onto[g] for r, g in zip(counts, choose, strict=True))
                    picks = tuple((level, r) for level, r in enumerate(counts) if r)
                    graph[0][key] = [(picks, 1, -1, to)]
                    ends.add(to)
                elif cap == 1:  # one item, from any group the class allows
                    edges: list[_Edge] = []
                    for level, r in enumerate(counts):
                        if r:
                            to = proj - onto[choose[level]]
                            edges.append((((level, 1),), r, -1, to))
                            ends.add(to)
                    graph[0][key] = edges
                elif cap <= _DIRECT:
                    edges = []
                    _compose(counts, choose, onto, cap, proj, 0, (), 1, edges)
                    graph[0][key] = edges
                    ends.update(e[3] for e in edges)
                else:
                    tail = [0] * (q + 1)  # per sub-level, what the groups from there project to
                    for level in range(q - 1, -1, -1):
                        tail[level] = tail[level + 1] + counts[level] * onto[choose[level]]
                    fronts[0][key] = (proj, rest, tuple(tail))
            for level in range(q):  # the room left is shared out one group at a time
                if level:  # (the nodes of sub-level 0 are counted with their states)
                    built += len(fronts[level])
                    if built > most:
                        self.effort[0] = built - len(fronts[level])
                        raise _OverBudget
                for key, (proj, rest, ahead) in fronts[level].items():
                    left, code = divmod(key, span)
                    at = level
                    while not code // radix[choose[at]] % (sizes[choose[at]] + 1):
                        at += 1  # (a group with nothing left has no choice to make)
                    g = choose[at]
                    step, mult = radix[g], onto[g]
                    r = code // step % (sizes[g] + 1)
                    after = rest - r
                    edges = []
                    for k in range(max(0, left - after), min(r, left) + 1):
                        to, still = proj - k * mult, left - k
                        pick: tuple[tuple[int, int], ...] = ((at, k),) if k else ()
                        if still == 0:
                            edges.append((pick, math.comb(r, k), -1, to))
                            ends.add(to)
                        elif still == after:  # then every item the class allows from here
                            for later in range(at + 1, q):
                                h = choose[later]
                                n = code // radix[h] % (sizes[h] + 1)
                                if n:
                                    pick += ((later, n),)
                            to -= ahead[at + 1]
                            edges.append((pick, math.comb(r, k), -1, to))
                            ends.add(to)
                        else:
                            child = code - k * step + still * span
                            edges.append((pick, math.comb(r, k), at + 1, child))
                            fronts[at + 1].setdefault(child, (to, after, ahead))
                    graph[level][key] = edges
            # the next states: none with items that no later class allows, and none
            # with more items in a group than the classes still to fill can take
            layer = {}
            span_next = self.span[i + 1]
            bases, room = [n + 1 for n in self.sizes[i + 1]], self.room[i + 1]
            le = operator.le
            for s in ends:
                if s < span_next:
                    digits = []
                    x = s
                    for base in bases:
                        x, d = divmod(x, base)
                        digits.append(d)
                    if all(map(le, digits, room)):
                        layer[s] = digits
            self.entries.append(entry)
            self.graph.append(graph)
        self.effort[0] = built
        counts_at: list[dict[int, int]] = [{} for _ in range(m + 1)]
        counts_at[m] = dict.fromkeys(layer, 1)  # the only state of the end is 0: nothing left
        tally: list[list[dict[int, int]]] = [[] for _ in range(m)]
        for i in range(m - 1, -1, -1):
            later_counts = counts_at[i + 1]
            sums: list[dict[int, int]] = [{} for _ in self.graph[i]]
            for level in range(len(sums) - 1, -1, -1):
                here = sums[level]
                for key, edges in self.graph[i][level].items():
                    total = 0
                    for _, w, where, child in edges:
                        c = later_counts.get(child, 0) if where < 0 else sums[where].get(child, 0)
                        if c:
                            total += w * c
                    here[key] = total
            first = sums[0] if sums else {}
            counts_at[i] = {s: first.get(key, 0) for s, key in self.entries[i].items()}
            tally[i] = sums
        self.counts.extend(counts_at)
        self.tally.extend(tally)

    def place(self, u: int, placed: list[list[int]]) -> None:
        """Add to ``placed`` (per class, its items) the assignment numbered ``u``: every
        number below `count` gives a different one, so a uniform ``u`` gives a uniform
        assignment."""
        s = self.start
        lists = [list(g) for g in self.members]
        comb = math.comb
        for i, c in enumerate(self.order):
            choose, later, out = self.choose[i], self.counts[i + 1], placed[c]
            graph, tally = self.graph[i], self.tally[i]
            where, key = 0, self.entries[i][s]
            while where >= 0:
                for picks, w, to, child in graph[where][key]:  # noqa: B007 (used below)
                    below = later.get(child, 0) if to < 0 else tally[to].get(child, 0)
                    if u < w * below:
                        break
                    u -= w * below
                where, key = to, child
                rank, u = divmod(u, below)
                for level, k in picks:
                    g = choose[level]
                    items = lists[g]
                    if k == len(items):
                        out += items
                        lists[g] = []
                    else:
                        rank, which = divmod(rank, comb(len(items), k))
                        lists[g] = _unrank(items, k, which, out)
            s = key
            lists = [
                lists[src[0]] if len(src) == 1 else [t for h in src for t in lists[h]]
                for src in self.merge[i]
            ]


class _OverBudget(Exception):
    """The counting's memo would pass its budget (`Plan.count` turns it into a
    `SamplingError`)."""


def _too_large(budget: int) -> SamplingError:
    return SamplingError(
        f"the exact model of this observation is too large for the budget: counting its "
        f"worlds needs more than budget={budget} states"
    )


_Edge = tuple[tuple[tuple[int, int], ...], int, int, int]
"""A choice at a node of a `Plan`: (the groups it takes from, as (sub-level, how many);
the number of ways, a product of binomials; the sub-level of the node it leads to, or
-1 for the next step's state; that node's key or that state)."""

_DIRECT = 1
"""Classes with at most this much room choose all their items at once."""


def _compose(
    counts: list[int],
    choose: tuple[int, ...],
    onto: tuple[int, ...],
    left: int,
    proj: int,
    level: int,
    picks: tuple[tuple[int, int], ...],
    ways: int,
    out: list[_Edge],
) -> None:
    """Every way to take ``left`` items from the groups from sub-level ``level`` on."""
    if left == 0:
        out.append((picks, ways, -1, proj))
        return
    for at in range(level, len(counts)):
        r = counts[at]
        if not r:
            continue
        mult = onto[choose[at]]
        for k in range(1, min(r, left) + 1):
            _compose(
                counts,
                choose,
                onto,
                left - k,
                proj - k * mult,
                at + 1,
                (*picks, (at, k)),
                ways * math.comb(r, k),
                out,
            )


def _unrank(items: list[int], k: int, rank: int, out: list[int]) -> list[int]:
    """Put the ``k``-subset of ``items`` numbered ``rank`` (below ``comb(len(items),
    k)``, in the combinatorial number system) into ``out``; return the items left."""
    keep: list[int] = []
    n = len(items)
    for j, item in enumerate(items):
        if k == 0:
            keep += items[j:]
            break
        c = math.comb(n - j - 1, k - 1)
        if rank < c:
            out.append(item)
            k -= 1
        else:
            rank -= c
            keep.append(item)
    return keep


def _plan(
    caps: list[int],
    allowed: list[tuple[int, ...]],
    items: list[int],
    seat_of: list[int],
    birth_of: list[int],
) -> Plan:
    """The plan of counting for these classes (room left in each) and items (each
    with its classes)."""
    order = _order(caps, allowed, seat_of, birth_of)
    at = {c: i for i, c in enumerate(order)}
    m = len(order)
    masks = [sum(1 << at[c] for c in a if c in at) for a in allowed]
    caps_in_order = tuple(caps[c] for c in order)
    sizes: list[tuple[int, ...]] = []
    keys: list[list[int]] = []
    for i in range(m + 1):
        done = (1 << i) - 1
        found: dict[int, int] = {}
        for mask in masks:
            f = mask & ~done
            if f:
                found[f] = found.get(f, 0) + 1
        keys.append(sorted(found))
        sizes.append(tuple(found[f] for f in keys[-1]))
    radix: list[tuple[int, ...]] = []
    span: list[int] = []
    for i in range(m + 1):
        place = 1
        values = []
        for n in sizes[i]:
            values.append(place)
            place *= n + 1
        radix.append(tuple(values))
        span.append(place)
    index = [{f: g for g, f in enumerate(k)} for k in keys]
    choose, onto, merge, room = [], [], [], []
    for i in range(m + 1):
        room.append(tuple(sum(caps_in_order[j] for j in bit_indices(f)) for f in keys[i]))
    for i in range(m):
        bit = 1 << i
        choose.append(tuple(g for g, f in enumerate(keys[i]) if f & bit))
        targets = [index[i + 1].get(f & ~bit, -1) for f in keys[i]]
        onto.append(tuple(radix[i + 1][h] if h >= 0 else span[i + 1] for h in targets))
        merge.append(
            tuple(
                tuple(g for g, h in enumerate(targets) if h == target)
                for target in range(len(keys[i + 1]))
            )
        )
    members: dict[int, list[int]] = {}
    for item, mask in zip(items, masks, strict=True):
        members.setdefault(mask, []).append(item)
    return Plan(
        order=tuple(order),
        caps=caps_in_order,
        sizes=tuple(sizes),
        radix=tuple(radix),
        span=tuple(span),
        choose=tuple(choose),
        onto=tuple(onto),
        merge=tuple(merge),
        room=tuple(room),
        members=tuple(tuple(members.get(f, ())) for f in keys[0]),
        start=sum(n * r for n, r in zip(sizes[0], radix[0], strict=True)),
        feasible=all(masks),
    )


def _order(
    caps: list[int], allowed: list[tuple[int, ...]], seat_of: list[int], birth_of: list[int]
) -> list[int]:
    """The order in which the classes with room are filled.

    A seat's classes go together, dealt first, then draws by when they were drawn; the
    boneyard last (it allows every unseen tile, so it takes what is left). Seats go in
    the order that keeps an estimate of the states small: the product over the groups
    of one more than how many of its items the classes filled so far could have taken.
    """
    blocks: dict[int, list[int]] = {}
    for c, cap in enumerate(caps):
        if cap:
            blocks.setdefault(seat_of[c], []).append(c)
    for block in blocks.values():
        block.sort(key=lambda c: (birth_of[c], c))
    kinds = Counter(sum(1 << c for c in a if caps[c]) for a in allowed)
    room: dict[int, int] = {}
    last = blocks.pop(BONEYARD, [])
    if len(kinds) <= _FEW:  # few groups at every step: any order keeps the states few
        return [c for seat in sorted(blocks) for c in blocks[seat]] + last
    order: list[int] = []
    done = 0
    rest = sorted(blocks)
    while rest:
        best: tuple[int, int, int] | None = None
        for seat in rest:
            after = done | sum(1 << c for c in blocks[seat])
            cost = _estimate(caps, kinds, after, room) if len(rest) > 1 else 0
            if best is None or cost < best[0]:
                best = (cost, seat, after)
        assert best is not None
        _, seat, after = best
        order += _inside(caps, kinds, done, blocks[seat], room)
        done = after
        rest.remove(seat)
    return order + last


_FEW = 6
"""With at most this many kinds of items (classes allowing them), `_order` does not
estimate: there are at most that many groups at any step."""


def _inside(
    caps: list[int], kinds: Mapping[int, int], done: int, block: list[int], room: dict[int, int]
) -> list[int]:
    """The order of one seat's classes (``block``, oldest first): oldest first or
    newest first, whichever keeps the estimate of the states summed over its steps
    smaller. (Unseen tiles are allowed in a seat's classes from some birth on, so
    they merge early when the oldest class goes first; a tile the seat played later
    is allowed up to its play, and merges early the other way.)"""
    if len(block) == 1:
        return block
    best: tuple[int, list[int]] | None = None
    for order in (block, block[::-1]):
        cost = 0
        filled = done
        for c in order:
            filled |= 1 << c
            cost += _estimate(caps, kinds, filled, room)
        if best is None or cost < best[0]:
            best = (cost, order)
    assert best is not None
    return best[1]


def _estimate(caps: list[int], kinds: Mapping[int, int], done: int, room: dict[int, int]) -> int:
    """A bound on the states once the classes in ``done`` are filled: the product over
    the groups of how many counts each can have left. ``kinds`` maps each items' mask
    of classes to how many items have it; ``room`` caches the summed capacities of a
    mask of classes."""
    groups: dict[int, list[int]] = {}
    for mask, n in kinds.items():
        f = mask & ~done
        if f:
            g = groups.get(f)
            if g is None:
                groups[f] = [n, mask & done]
            else:
                g[0] += n
                g[1] |= mask & done
    out = 1
    for f, (n, touched) in groups.items():
        # between the items the classes filled could have taken and the room left
        taken = _room(caps, touched, room)
        left = _room(caps, f, room)
        out *= max(1, min(n, left) - max(0, n - taken) + 1)
    return out


def _room(caps: list[int], mask: int, cache: dict[int, int]) -> int:
    """The summed capacities of the classes in ``mask`` (cached in ``cache``)."""
    out = cache.get(mask)
    if out is None:
        out, rest = 0, mask
        while rest:
            low = rest & -rest
            out += caps[low.bit_length() - 1]
            rest ^= low
        cache[mask] = out
    return out


# ---------------------------------------------------------------- the public tools


class Sampler:
    """The exact uniform sampler of one observation, keeping what it has counted.

    Build one per observation and ask it as often as needed: the first question pays
    for the model (and the first sample or count for the count), later ones reuse it.
    The module's functions (`sample`, `sample_deal`, `count_worlds`, `holders`,
    `voids`) ask the sampler of their observation, kept for the last observations
    they were given.

    >>> import random
    >>> from dominoes import Deal, HandState, Ruleset
    >>> rules = Ruleset.draw()
    >>> state = HandState.start(rules, Deal.random(rules, seed=3)).apply_all("6-6")
    >>> sampler = Sampler(state.observation(0))
    >>> from math import comb  # seat 1 holds 6 of the 20 tiles seat 0 cannot see
    >>> sampler.count_worlds() == comb(20, 6)
    True
    >>> world = sampler.sample(random.Random(1))
    >>> world.hand(0) == state.hand(0), world.hand_sizes == state.hand_sizes
    (True, True)

    Raises:
        ArgumentTypeError: ``observation`` is not an `Observation`.
    """

    __slots__ = ("_model", "_observation", "_template")

    def __init__(self, observation: Observation) -> None:
        if not isinstance(observation, Observation):
            raise ArgumentTypeError(
                f"observation must be an Observation, got {type(observation).__name__}",
                argument="observation",
            )
        self._observation = observation
        self._model: Model | None = None
        self._template: HandState | None = None

    @property
    def observation(self) -> Observation:
        """The observation this sampler draws worlds for."""
        return self._observation

    @property
    def model(self) -> Model:
        """The slot model of the observation (built on first use)."""
        model = self._model
        if model is None:
            model = self._model = build_model(self._observation)
        return model

    def count_worlds(self, *, budget: int | None = None) -> int:
        """The number of consistent worlds in the sampler's model.

        A world assigns every unseen tile (and every tile another seat has played) to a
        class of interchangeable slots (a seat's dealt tiles and draws that allow the
        same tiles form one class; so do the boneyard's places). Every world stands for
        the same number of deals, so drawing worlds uniformly draws deals uniformly.

        ``budget`` bounds the work of the first count (the one `sample` and
        `sample_deal` share): the most states of the counting's memo it may build
        (None: no bound). Once counted, the sampler answers at once, whatever the
        budget.

        Raises:
            ArgumentTypeError: ``budget`` is not an int or None.
            ArgumentValueError: ``budget`` is below 1.
            SamplingError: counting needs more states than ``budget``; nothing of it is
                kept, so a later call with a larger budget (or none) counts exactly.
        """
        budget = check_budget(budget)
        return self.model.plan.count(budget)

    def holders(self) -> dict[Tile, tuple[int, ...]]:
        """For every tile the seat cannot see, the seats that may hold it now.

        The boneyard is written ``-1`` (`BONEYARD`). A seat is listed exactly when some
        consistent world puts the tile in its hand.
        """
        return _holders(self.model)

    def voids(self) -> tuple[frozenset[int], ...]:
        """Per seat, the pip values it is known to hold none of now (exact inference).

        A pass (or a forced draw) shows the seat held nothing for the open ends then;
        later draws can bring those values back, and what other seats were seen to hold
        narrows it further. The observing seat's own entry lists the values it truly
        lacks. This builds the whole model: `Observation.shown_voids` is the cheap,
        public record of what passes and forced draws showed.
        """
        return _voids(self._observation, self.model)

    def sample(self, rng: random.Random, *, budget: int | None = None) -> HandState:
        """A complete `HandState` drawn uniformly among the deals consistent with the
        observation (its history is empty; its position is the sampled world's).

        The first sample counts the worlds (see `count_worlds`); ``budget`` is the most
        states of the counting's memo it may build, and where proposals are replayed
        (immediate block detection; a named opening tile with drawing for a double)
        the most units their replays may cost in one call (a move of the history each,
        and one more). Past it, sampling gives up with a `SamplingError` rather than
        return a sample that is not uniform; None (the default) means no bound, and the
        first sample of some positions with many seats then takes seconds.

        Raises:
            ArgumentTypeError: ``rng`` is not a `random.Random`, or ``budget`` not an
                int or None.
            ArgumentValueError: ``budget`` is below 1.
            SamplingError: the hand is over (every hand has been shown: nothing is
                hidden), or counting the worlds needs more states than ``budget``, or
                the replays of the proposals would pass it.
        """
        budget = self._check(rng, budget)
        obs = self._observation
        model = self.model
        if model.replay:
            _, state = consistent_deal(obs, model, rng, self.replay, budget)
            assert state is not None
            hands, bone = tiles_of(state)
            return self._world(list(hands), list(bone))
        masks, boneyard = sample_world(obs, model, rng, budget)
        return self._world(masks, boneyard)

    def sample_deal(self, rng: random.Random, *, budget: int | None = None) -> Deal:
        """A deal drawn uniformly among those consistent with the observation.

        The hands as dealt and the boneyard in draw order: replaying the public
        history from it (each draw taking the next boneyard tile) reaches a state this
        seat cannot tell from the real one. This is what a search that needs whole
        histories (OpenSpiel's information-set MCTS, say) resamples; `sample` gives the
        current position alone. ``budget`` bounds the first count and the replays as
        in `sample`.

        Raises:
            ArgumentTypeError: ``rng`` is not a `random.Random`, or ``budget`` not an
                int or None.
            ArgumentValueError: ``budget`` is below 1.
            SamplingError: the hand is over, the observation has no history to go by
                (its state was built from a position), or counting the worlds needs
                more states than ``budget``, or the replays would pass it.
        """
        budget = self._check(rng, budget)
        if not self._observation.full_history:
            raise SamplingError("the state was built from a position: its deal is unknown")
        return consistent_deal(self._observation, self.model, rng, self.replay, budget)[0]

    def replay(self, deal: Deal) -> HandState | None:
        """The state ``deal`` reaches through the public history, if it is one the
        observation describes; else ``None``."""
        obs = self._observation
        try:
            state = HandState.start(obs.rules, deal)
            for entry in obs.history:
                if state.turn != entry.seat or state.is_over:
                    return None
                state = state.apply(DRAW if isinstance(entry.move, Draw) else entry.move)
        except (DealError, IllegalMoveError):
            return None
        if state.is_over or state.turn != obs.turn or state.faults != obs.faults:
            return None
        if holds_false_pass(state) != obs.false_pass:
            return None
        # once the moves replay legally, seat by seat, with the same faults, the public
        # facts agree but for the opening, which depends on the hands
        if not obs.line and state.observation(obs.seat) != obs:
            return None
        return state

    def _check(self, rng: object, budget: object) -> int | None:
        if not isinstance(rng, random.Random):
            raise ArgumentTypeError(
                f"rng must be a random.Random, got {type(rng).__name__}", argument="rng"
            )
        checked = check_budget(budget)
        if self._observation.ending is not None:
            raise SamplingError("the hand is over: there is nothing hidden to sample")
        return checked

    def _world(self, masks: list[int], boneyard: list[int]) -> HandState:
        """The state with these hands (bitmasks) and boneyard (tile indices)."""
        template = self._template
        if template is None:
            # the first world is built and checked through a position; later ones reuse
            # its public part
            hands = [[tile_from_index(i) for i in bit_indices(m)] for m in masks]
            state = world_of(self._observation, hands, [tile_from_index(i) for i in boneyard])
            self._template = state
            return state
        return with_tiles(template, tuple(masks), tuple(boneyard))


_RECENT_LIMIT = 64
_recent: dict[int, Sampler] = {}


def sampler(observation: Observation) -> Sampler:
    """The `Sampler` of ``observation``, the same one for the same object while it is
    among the last observations asked about (so that repeated calls of the functions
    below count once).

    Raises:
        ArgumentTypeError: ``observation`` is not an `Observation`.
    """
    found = _recent.get(id(observation))
    if found is not None and found.observation is observation:
        return found
    made = Sampler(observation)
    if len(_recent) >= _RECENT_LIMIT:
        _recent.clear()
    _recent[id(observation)] = made
    return made


def sample(observation: Observation, rng: random.Random, *, budget: int | None = None) -> HandState:
    """A uniform consistent world of ``observation`` (`Sampler.sample`)."""
    return sampler(observation).sample(rng, budget=budget)


def sample_deal(observation: Observation, rng: random.Random, *, budget: int | None = None) -> Deal:
    """A uniform consistent deal of ``observation`` (`Sampler.sample_deal`)."""
    return sampler(observation).sample_deal(rng, budget=budget)


def count_worlds(observation: Observation, *, budget: int | None = None) -> int:
    """The number of consistent worlds of ``observation`` (`Sampler.count_worlds`)."""
    return sampler(observation).count_worlds(budget=budget)


def holders(observation: Observation) -> dict[Tile, tuple[int, ...]]:
    """The seats that may hold each unseen tile (`Sampler.holders`)."""
    return sampler(observation).holders()


def voids(observation: Observation) -> tuple[frozenset[int], ...]:
    """Per seat, the pips it is known to lack, by exact inference (`Sampler.voids`)."""
    return sampler(observation).voids()


# ---------------------------------------------------------------- the model's parts


def check_budget(budget: object) -> int | None:
    """``budget`` as `Sampler.sample` takes it: a positive int, or None (no bound).

    Raises:
        ArgumentTypeError: ``budget`` is not an int (``bool`` is refused) or None.
        ArgumentValueError: ``budget`` is below 1.
    """
    if budget is None:
        return None
    if type(budget) is not int:
        raise ArgumentTypeError(
            f"budget must be an int or None, got {type(budget).__name__}", argument="budget"
        )
    if budget < 1:
        raise ArgumentValueError(f"budget must be 1 or more, got {budget}", argument="budget")
    return budget


def _holders(model: Model) -> dict[Tile, tuple[int, ...]]:
    """For every tile the seat cannot see, the seats some world puts it with."""
    reach = _placements(model)
    out: dict[Tile, set[int]] = {}
    for item, places in zip(model.every, reach, strict=True):
        if model.unseen >> item & 1:
            out[tile_from_index(item)] = {model.classes[j][0] for j in places}
    return {tile: tuple(sorted(p)) for tile, p in sorted(out.items())}


def _voids(obs: Observation, model: Model) -> tuple[frozenset[int], ...]:
    """Per seat, the pip values it is known to hold none of now (see `Sampler.voids`)."""
    held_by = _holders(model)
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
    budget: int | None = None,
) -> tuple[Deal, _S | None]:
    """A uniform consistent deal, and where it leads when the model needs the check
    by replay (``replay`` gives the state a deal reaches, or ``None`` when the deal does
    not replay into ``obs``); else ``None``: every proposal of an exact model is
    consistent.

    With a ``budget``, the replays of one call are bounded too: a proposal replayed
    costs one unit per move of the history (and one more), and the search gives up
    with `SamplingError` once the next would pass ``budget`` units (one proposal is
    always tried: a call costs at most one replay more than its budget).
    """
    tries = MAX_TRIES
    if budget is not None and model.replay:
        tries = min(MAX_TRIES, max(1, budget // (len(obs.history) + 1)))
    for _ in range(tries):
        deal = _propose(obs, model, place(model, rng, budget), rng)
        if not model.replay:
            return deal, None
        state = replay(deal)
        if state is not None:
            return deal, state
    if tries < MAX_TRIES:
        assert budget is not None
        raise SamplingError(
            f"no deal consistent with this observation was found within budget={budget} "
            f"(each proposal replays {len(obs.history)} moves)"
        )
    raise SamplingError("no deal consistent with this observation was found")


def _propose(obs: Observation, model: Model, placed: list[list[int]], rng: random.Random) -> Deal:
    """The deal of a placement: each class's items spread over its slots in a
    uniformly random order, and the boneyard shuffled."""
    for items in placed:
        rng.shuffle(items)
    boneyard = [t for j in model.bone_at for t in placed[j]]
    rng.shuffle(boneyard)
    return deal_of(obs, model, placed, boneyard)


def sample_world(
    obs: Observation, model: Model, rng: random.Random, budget: int | None = None
) -> tuple[list[int], list[int]]:
    """A uniform world of an exact model (``not model.replay``): every seat's hand (a
    bitmask) and the boneyard (tile indices, in a uniformly random order)."""
    placed = place(model, rng, budget)
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
    rng.shuffle(boneyard)  # the boneyard's order is uniform too
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


def place(model: Model, rng: random.Random, budget: int | None = None) -> list[list[int]]:
    """A uniform assignment of the model's items to its classes: per class, its items.

    It draws one number, ``rng.randrange(count_worlds(model))`` (none when there is a
    single world), and takes the assignment that number stands for.

    Raises:
        SamplingError: no world is consistent with the observation, or counting them
            needs more than ``budget`` memo entries (`Plan.count`).
    """
    placed: list[list[int]] = [[] for _ in model.classes]
    for item, j in model.fixed:
        placed[j].append(item)
    total = model.plan.count(budget)
    if not total:
        raise SamplingError("no deal consistent with this observation was found")
    model.plan.place(rng.randrange(total) if total > 1 else 0, placed)
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
    """Replay the public history into slots with allowed-tile masks.

    In a layout with arms (docs/rules/spinner.md) a pass or a forced draw shows the
    values of the arms open then (`open_values`, the engine's own steps): a spinner's
    short side still waiting for its long sides shows nothing.
    """
    rules = obs.rules
    n = rules.players
    ctx = _tables(rules)
    full = ctx.full
    suit = ctx.suit
    doubles = sum(1 << i for i in ctx.doubles_desc)
    own = sum(1 << t.index for t in obs.hand)
    on_table = sum(1 << tile_index(a, b) for a, b in obs.line)
    arms = rules.has_arms
    if arms:
        on_table |= sum(1 << tile_index(a, b) for arm in obs.arms[2:] for a, b in arm.tiles)
    if obs.hub is not None:  # a train game
        on_table |= 1 << obs.hub.index
        on_table |= sum(1 << tile_index(a, b) for train in obs.trains for a, b in train.tiles)
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

    if obs.full_history and rules.trains:
        _train_history(obs, slots, plays, voids)
    elif obs.full_history:
        for seat in range(n):
            if seat != obs.seat:
                slots.extend([seat, -1, 0, -1] for _ in range(rules.hand_size))
        left = right = -1
        lead_draws: list[int] = []  # indices into slots of draws made before the lead
        history = obs.history
        # with arms, per step the values open then (the line's are its two ends)
        values = open_values(rules, history) if arms else ()
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
                elif arms:
                    pass
                elif move.end is not None and move.end.value == 0:
                    left = t.other(left)
                else:
                    right = t.other(right)
            elif isinstance(move, Draw):
                if left >= 0 and not rules.voluntary_draw and step not in faulty_draws:
                    shown = _suits(suit, values[step]) if arms else suit[left] | suit[right]
                    voids[seat].append((step, shown))
                if seat != obs.seat:
                    slots.append([seat, step, 0, -1])
                    if left < 0:
                        lead_draws.append(len(slots) - 1)
            elif isinstance(move, Pass) and left >= 0 and step not in faulty:
                shown = _suits(suit, values[step]) if arms else suit[left] | suit[right]
                voids[seat].append((step, shown))
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
    allowed = [tuple(j for j, m in enumerate(masks) if m >> item & 1) for item in items]
    room = [c[1] for c in classes]
    fixed = []
    rest: list[int] = []
    rest_allowed: list[tuple[int, ...]] = []
    for item, where in zip(items, allowed, strict=True):
        if len(where) == 1 and room[where[0]]:
            fixed.append((item, where[0]))
            room[where[0]] -= 1
        else:
            rest.append(item)
            rest_allowed.append(where)
    plan = _plan(room, rest_allowed, rest, [c[0] for c in classes], [min(b) for b in births])
    return Model(
        every=tuple(items),
        every_allowed=tuple(allowed),
        fixed=tuple(fixed),
        unseen=unseen,
        classes=tuple((c[0], c[1], c[2]) for c in classes),
        plan=plan,
        bone_at=tuple(j for j, c in enumerate(classes) if c[0] == BONEYARD),
        births=tuple(tuple(b) for b in births),
        replay=replay,
    )


def _train_history(
    obs: Observation,
    slots: list[list[int]],
    plays: dict[int, tuple[int, int]],
    voids: list[list[tuple[int, int]]],
) -> None:
    """The slots, other seats' plays and shown voids of a train game's public history
    (docs/rules/trains.md).

    A pass or a forced draw shows the mover held no tile it could lay then
    (`train_shown`: the trains open to it, or the open double holding up play; in a
    first-turn run it never passes). Under `EngineSource.DRAW_UNTIL_FOUND`, a hand that
    starts with a draw shows nobody was dealt the engine: every draw until the one that
    found it (whose tile is the engine) drew another tile.
    """
    rules = obs.rules
    engine = tile_index(rules.engine_double, rules.engine_double)
    for seat in range(rules.players):
        if seat != obs.seat:
            slots.extend([seat, -1, 0, -1] for _ in range(rules.hand_size))
    history = obs.history
    shown = train_shown(rules, history, obs.boneyard_size)
    search = rules.engine_source is EngineSource.DRAW_UNTIL_FOUND and (
        isinstance(history[0].move, Draw) if history else obs.opening == "draw"
    )
    if search:  # nobody was dealt the engine
        for sl in slots:
            sl[2] |= 1 << engine
    laid = next(
        (k for k, e in enumerate(history) if isinstance(e.move, Play) and e.move.end is None),
        None,
    )
    finder = -1  # the step of the draw that found the engine, if any
    if search and (laid is not None or isinstance(obs.opening, Tile)):
        finder = (len(history) if laid is None else laid) - 1
    for step, entry in enumerate(history):
        seat, move = entry.seat, entry.move
        if isinstance(move, Play):
            if seat != obs.seat:
                plays[move.tile.index] = (seat, step)
        elif isinstance(move, Draw):
            if shown[step]:
                voids[seat].append((step, shown[step]))
            if seat != obs.seat:
                before = laid is None or step < laid
                if step == finder:
                    slots.append([seat, step, 0, engine])
                else:
                    slots.append([seat, step, 1 << engine if search and before else 0, -1])
        elif isinstance(move, Pass):
            voids[seat].append((step, shown[step]))
    if laid is None and isinstance(obs.opening, Tile) and not search and obs.turn != obs.seat:
        # the engine's holder is to lay it (EngineSource.HOLDER): it was dealt to it
        for sl in slots:
            if sl[0] == obs.turn and sl[1] < 0:
                sl[3] = engine
                break


def _suits(suit: tuple[int, ...], values: int) -> int:
    """The tiles showing any of ``values`` (a bitmask over pips)."""
    out = 0
    for v in bit_indices(values):
        out |= suit[v]
    return out


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
        if rules.opening is Opening.LOWEST_DOUBLE:  # LEAD-6: no lower double was dealt
            ahead = range(led.high)
        else:  # no higher double was dealt
            ahead = range(led.high + 1, rules.max_pip + 1)
        if led.is_double and not lead_draws:
            for s in dealt:
                s[2] |= sum(1 << tile_index(d, d) for d in ahead)
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
