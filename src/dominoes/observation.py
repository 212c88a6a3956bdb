"""Hidden information: what one seat knows, what it can infer, and worlds consistent with it.

`HandState.observation(seat)` gives an `Observation`: the seat's own hand, the
layout, the public history (other seats' draws without their tiles), hand sizes,
the boneyard's size, the seat to move, the phase and the verification round.
It holds no reference to the full state.

Inference and sampling use one exact model. A *world* is a deal consistent with
everything the seat saw: every tile the seat cannot see is placed in a *slot* (a
place in another seat's hand as dealt, a tile another seat drew, or a place in the
boneyard), and the public history must replay legally: a seat that played a tile
held it, and a seat that passed (or had to draw) held nothing matching the open
ends at that moment; the opening rule tells too (under the highest-double rule no
hand held a higher double than the one led). `Observation.sample` draws a world
**uniformly** among all consistent deals, exactly (counting with dynamic
programming over slot classes, no rejection), and returns the `HandState` it leads
to; `Observation.holders` and `Observation.voids` read the same model.

Known limitations (the samples stay legal states, but are not exactly uniform): with
``Opening.HOLDER_OF_TILE`` *and* ``NoDoubleRule.DRAW_FOR_DOUBLE`` what the lead and
the draws before it reveal is not used; with ``BlockDetection.IMMEDIATE`` the fact
that a hand went on (so some seat could still play) is not used either, since it
binds several seats at once.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

import attrs

from dominoes.faults import Fault, FaultKind
from dominoes.layout import Layout
from dominoes.moves import Draw, Move, Pass, Play
from dominoes.rules import DrawRule, NoDoubleRule, Opening, Ruleset
from dominoes.scoring import Ending, HandResult
from dominoes.tiles import Tile, bit_indices, tile_from_index, tile_index
from dominoes.verification import VerificationRound

if TYPE_CHECKING:  # pragma: no cover
    from dominoes.state import HandState

__all__ = ["Observation"]

_BONEYARD = -1  # the "seat" of boneyard slots


@attrs.frozen(kw_only=True, eq=False)
class _Model:
    """The slot model of an observation (built once, cached)."""

    items: tuple[int, ...]  # tile indices to place: unseen tiles, then other seats' plays
    unseen: int  # mask of tiles not visible to the seat (in other hands or the boneyard)
    classes: tuple[tuple[int, int, bool], ...]  # (seat or _BONEYARD, capacity, ordered)
    allowed: tuple[tuple[int, ...], ...]  # per item, the classes it may go to
    counts: dict[int, int]  # memo: key (item, remaining capacities) -> completions
    radix: tuple[int, ...]
    start: int  # encoded capacities

    def completions(self, i: int, rem: int) -> int:
        """The number of ways to place items i.. into the remaining capacities."""
        key = rem * (len(self.items) + 1) + i
        found = self.counts.get(key)
        if found is not None:
            return found
        if i == len(self.items):
            total = 1 if rem == 0 else 0
        else:
            total = 0
            radix = self.radix
            for j in self.allowed[i]:
                if rem // radix[j] % (self.classes[j][1] + 1):
                    total += self.completions(i + 1, rem - radix[j])
        self.counts[key] = total
        return total


@attrs.frozen(kw_only=True)
class Observation:
    """What ``seat`` knows of a hand; nothing else is reachable from it.

    >>> from dominoes import Deal, HandState, Ruleset
    >>> rules = Ruleset.block()
    >>> state = HandState.start(rules, Deal.random(rules, seed=3))
    >>> obs = state.observation(0)
    >>> obs.hand_sizes, obs.boneyard_size, len(obs.hand)
    ((7, 7), 14, 7)
    """

    rules: Ruleset
    """The ruleset of the hand."""
    seat: int
    """The observing seat."""
    hand: tuple[Tile, ...]
    """The seat's own tiles, in canonical order."""
    line: tuple[tuple[int, int], ...]
    """The line of play as oriented pairs, left to right."""
    lead: int
    """The index in ``line`` of the lead tile."""
    history: tuple[tuple[int, Move], ...]
    """The public history as (seat, move): other seats' draws show no tile."""
    hand_sizes: tuple[int, ...]
    """How many tiles each seat holds."""
    boneyard_size: int
    """How many tiles are left in the boneyard."""
    turn: int
    """The seat to move."""
    opening: Tile | str | None
    """Before the lead: the forced opening tile, ``"any"`` or ``"draw"``."""
    round: tuple[int, int] | None
    """The verification round: (proposer, seats confirmed)."""
    drew: int
    """Draws made this turn by the seat to move (draw-one-then-pass only)."""
    last: int | None
    """The seat that laid the last tile."""
    false_pass: bool
    """Whether the open round holds a false pass (tolerant mode)."""
    faults: tuple[Fault, ...]
    """The faults committed so far (public)."""
    ending: Ending | None
    """How the hand ended, or ``None``."""
    result: HandResult | None
    """The result once the hand is over (every hand is shown at the end)."""
    full_history: bool
    """Whether ``history`` starts at the deal (False for a state built from a position)."""
    _cache: dict[str, Any] = attrs.field(factory=dict, eq=False, repr=False, alias="_cache")

    # ------------------------------------------------------------------ reading
    @property
    def layout(self) -> Layout:
        """The layout on the table."""
        return Layout(line=self.line)

    @property
    def verification(self) -> VerificationRound | None:
        """The verification round in progress (or the completed one)."""
        if self.round is None:
            return None
        proposer, count = self.round
        n = self.rules.players
        return VerificationRound(
            proposer=proposer,
            confirmed=tuple((proposer + k) % n for k in range(count)),
            players=n,
        )

    @property
    def is_over(self) -> bool:
        """Whether the hand has ended."""
        return self.ending is not None

    def legal_moves(self) -> tuple[Move, ...]:
        """The seat's legal moves when it is to move (else ``()``)."""
        if self.ending is not None or self.turn != self.seat:
            return ()
        moves = self._cache.get("legal")
        if moves is None:
            # the mover's legal moves depend only on its hand and public facts, so any
            # placement of the unseen tiles will do
            unseen = [t for t in self.rules.tile_set if t not in set(self.hand)]
            unseen = [t for t in unseen if (t.low, t.high) not in self._on_table()]
            hands: list[list[Tile]] = []
            k = 0
            for seat, count in enumerate(self.hand_sizes):
                if seat == self.seat:
                    hands.append(list(self.hand))
                else:
                    hands.append(unseen[k : k + count])
                    k += count
            moves = self._cache["legal"] = self._state_from(hands, unseen[k:]).legal_moves()
        assert isinstance(moves, tuple)
        return moves

    def _on_table(self) -> set[tuple[int, int]]:
        return {(min(a, b), max(a, b)) for a, b in self.line}

    # ------------------------------------------------------------------ inference
    def count_worlds(self) -> int:
        """The number of consistent worlds in the sampler's model.

        A world assigns every unseen tile (and every tile another seat has played) to a
        class of interchangeable slots (a seat's dealt tiles and draws that allow the
        same tiles form one class; so do the boneyard's places). Every world stands for
        the same number of deals, so drawing worlds uniformly draws deals uniformly.
        """
        model = self._model()
        return model.completions(0, model.start)

    def holders(self) -> dict[Tile, tuple[int, ...]]:
        """For every tile the seat cannot see, the seats that may hold it now.

        The boneyard is written ``-1``. A seat is listed exactly when some consistent
        world puts the tile in its hand.
        """
        model = self._model()
        out: dict[Tile, set[int]] = {}
        for i, item in enumerate(model.items):
            if not model.unseen >> item & 1:
                continue
            places = set()
            for j in model.allowed[i]:
                if self._possible(model, i, j):
                    places.add(model.classes[j][0])
            out[tile_from_index(item)] = places
        return {tile: tuple(sorted(p)) for tile, p in sorted(out.items())}

    def voids(self) -> tuple[frozenset[int], ...]:
        """Per seat, the pip values it is known to hold none of now.

        A pass (or a forced draw) shows the seat held nothing for the open ends then;
        later draws can bring those values back. The observing seat's own entry lists
        the values it truly lacks.
        """
        holders = self.holders()
        n = self.rules.players
        own = {v for t in self.hand for v in (t.low, t.high)}
        out = []
        for seat in range(n):
            if seat == self.seat:
                out.append(frozenset(v for v in range(self.rules.max_pip + 1) if v not in own))
                continue
            held = {
                v for tile, seats in holders.items() if seat in seats for v in (tile.low, tile.high)
            }
            out.append(frozenset(v for v in range(self.rules.max_pip + 1) if v not in held))
        return tuple(out)

    def sample(self, rng: random.Random) -> HandState:
        """A complete `HandState` drawn uniformly among the deals consistent with this
        observation (its history is empty; its position is the sampled world's).

        Raises:
            TypeError: ``rng`` is not a `random.Random`.
            ValueError: the hand is over (every hand has been shown: nothing is hidden).
        """
        if not isinstance(rng, random.Random):
            raise TypeError(f"expected a random.Random, got {rng!r}")
        if self.ending is not None:
            raise ValueError("the hand is over: there is nothing hidden to sample")
        return self._sample_state(rng)

    # ------------------------------------------------------------------ internals
    def _possible(self, model: _Model, i: int, j: int) -> bool:
        """Whether some consistent world puts item i into class j (a matching check)."""
        capacity = [c[1] for c in model.classes]
        capacity[j] -= 1
        return capacity[j] >= 0 and _perfect_matching(
            [model.allowed[k] for k in range(len(model.items)) if k != i], capacity
        )

    def _model(self) -> _Model:
        model = self._cache.get("model")
        if model is None:
            model = self._cache["model"] = _build_model(self)
        assert isinstance(model, _Model)
        return model

    def _sample_state(self, rng: random.Random) -> HandState:
        model = self._model()
        rem = model.start
        placed: list[list[int]] = [[] for _ in model.classes]
        for i, item in enumerate(model.items):
            total = model.completions(i, rem)
            r = rng.randrange(total)
            for j in model.allowed[i]:
                if not rem // model.radix[j] % (model.classes[j][1] + 1):
                    continue
                c = model.completions(i + 1, rem - model.radix[j])
                if r < c:
                    placed[j].append(item)
                    rem -= model.radix[j]
                    break
                r -= c
        hands: list[list[Tile]] = [[] for _ in range(self.rules.players)]
        hands[self.seat] = list(self.hand)
        boneyard: list[Tile] = []
        for (seat, _cap, _ordered), tiles in zip(model.classes, placed, strict=True):
            visible = [tile_from_index(t) for t in tiles if model.unseen >> t & 1]
            if seat == _BONEYARD:
                boneyard.extend(visible)
            else:
                hands[seat].extend(visible)
        rng.shuffle(boneyard)
        return self._state_from(hands, boneyard)

    def _state_from(self, hands: list[list[Tile]], boneyard: list[Tile]) -> HandState:
        """The state with these hands and boneyard and this observation's public facts."""
        from dominoes.notation import Position  # noqa: PLC0415
        from dominoes.state import HandState  # noqa: PLC0415 (state imports this module)

        position = Position(
            max_pip=self.rules.max_pip,
            hands=tuple(tuple(sorted(h)) for h in hands),
            boneyard=tuple(boneyard),
            line=self.line,
            lead=self.lead,
            turn=self.turn,
            opening=self.opening,
            ending=self.ending,
            round=self.round,
            drew=self.drew,
            last=self.last,
            false_pass=self.false_pass,
            faults=self.faults,
        )
        return HandState.from_position(position, self.rules)


def _perfect_matching(allowed: list[tuple[int, ...]], capacity: list[int]) -> bool:
    """Whether every item can be given a class it allows, within the capacities."""
    assigned: list[list[int]] = [[] for _ in capacity]  # class -> items in it

    def augment(item: int, seen: set[int]) -> bool:
        for j in allowed[item]:
            if j in seen:
                continue
            seen.add(j)
            if len(assigned[j]) < capacity[j]:
                assigned[j].append(item)
                return True
            for other in assigned[j]:
                if augment(other, seen):
                    assigned[j].remove(other)
                    assigned[j].append(item)
                    return True
        return False

    return all(augment(item, set()) for item in range(len(allowed)))


def _build_model(obs: Observation) -> _Model:
    """Replay the public history into slots with allowed-tile masks."""
    rules = obs.rules
    n = rules.players
    size = (rules.max_pip + 1) * (rules.max_pip + 2) // 2
    full = (1 << size) - 1
    suit = [0] * (rules.max_pip + 1)
    for i in range(size):
        t = tile_from_index(i)
        suit[t.low] |= 1 << i
        suit[t.high] |= 1 << i
    doubles = sum(1 << tile_index(d, d) for d in range(rules.max_pip + 1))
    own = sum(1 << t.index for t in obs.hand)
    on_table = sum(1 << tile_index(a, b) for a, b in obs.line)
    unseen = full & ~own & ~on_table

    # slots: [seat, birth step, forbidden mask, exact tile or -1]
    slots: list[list[int]] = []
    plays: dict[int, tuple[int, int]] = {}  # tile -> (seat, step) for other seats' plays
    voids: list[list[tuple[int, int]]] = [[] for _ in range(n)]  # per seat: (step, suit mask)
    faulty = {f.move_number for f in obs.faults if f.kind is FaultKind.FALSE_PASS}
    faulty_draws = {f.move_number for f in obs.faults if f.kind is FaultKind.FORBIDDEN_DRAW}

    if obs.full_history:
        for seat in range(n):
            if seat != obs.seat:
                slots.extend([seat, -1, 0, -1] for _ in range(rules.hand_size))
        left = right = -1
        lead_draws: list[int] = []  # indices into slots of draws made before the lead
        history = obs.history
        for step, (seat, move) in enumerate(history):
            if isinstance(move, Play):
                if seat != obs.seat:
                    plays[move.tile.index] = (seat, step)
                t = move.tile
                if left < 0:
                    left, right = t.low, t.high
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
        if left < 0 and isinstance(obs.opening, Tile):
            # the lead is forced and not yet laid: its holder is known
            leader = obs.turn
            _opening_constraints(obs, slots, lead_draws, obs.opening, leader, doubles)
            if leader != obs.seat and not any(sl[3] == obs.opening.index for sl in slots):
                for sl in slots:
                    if sl[0] == leader and sl[1] < 0:
                        sl[3] = obs.opening.index
                        break
        elif left < 0 and obs.opening == "draw":
            # nobody was dealt an opening tile, and no draw so far brought a double
            wanted = (
                1 << rules.opening_tile.index
                if rules.opening is Opening.HOLDER_OF_TILE and rules.opening_tile is not None
                else doubles
            )
            for sl in slots:
                if sl[0] != _BONEYARD:
                    sl[2] |= wanted if sl[1] < 0 else doubles
    else:
        for seat in range(n):
            if seat != obs.seat:
                slots.extend([seat, -1, 0, -1] for _ in range(obs.hand_sizes[seat]))
    slots.extend([_BONEYARD, -1, 0, -1] for _ in range(obs.boneyard_size))

    now = len(obs.history)
    items = [*bit_indices(unseen), *sorted(plays)]

    def allowed_mask(slot: list[int]) -> int:
        seat, birth, forbidden, exact = slot
        mask = 0
        for item in items:
            if exact >= 0 and item != exact:
                continue
            if forbidden >> item & 1:
                continue
            if seat == _BONEYARD:
                ok = bool(unseen >> item & 1)
            else:
                until = now
                if item in plays:
                    player, when = plays[item]
                    if player != seat or when <= birth:
                        continue
                    until = when
                ok = all(not m >> item & 1 for step, m in voids[seat] if birth < step < until)
            if ok:
                mask |= 1 << item
        return mask

    # group slots into classes: same seat, same allowed mask
    class_of: dict[tuple[int, int], int] = {}
    classes: list[list[Any]] = []
    masks: list[int] = []
    for slot in slots:
        mask = allowed_mask(slot)
        key = (slot[0], mask)
        j = class_of.get(key)
        if j is None:
            j = class_of[key] = len(classes)
            classes.append([slot[0], 0, slot[0] == _BONEYARD or slot[1] >= 0])
            masks.append(mask)
        classes[j][1] += 1
    radix = []
    r = 1
    for c in classes:
        radix.append(r)
        r *= c[1] + 1
    start = sum(c[1] * rd for c, rd in zip(classes, radix, strict=True))
    allowed = tuple(tuple(j for j, m in enumerate(masks) if m >> item & 1) for item in items)
    # most constrained items first keeps the memo small
    order = sorted(range(len(items)), key=lambda k: len(allowed[k]))
    return _Model(
        items=tuple(items[k] for k in order),
        unseen=unseen,
        classes=tuple((c[0], c[1], c[2]) for c in classes),
        allowed=tuple(allowed[k] for k in order),
        counts={},
        radix=tuple(radix),
        start=start,
    )


def _opening_constraints(
    obs: Observation,
    slots: list[list[int]],
    lead_draws: list[int],
    led: Tile,
    leader: int,
    doubles: int,
) -> None:
    """What the lead tells about the hands as dealt (and draws before the lead).

    With a named opening tile *and* drawing for a double, the draws are not modelled
    (a known limitation, see the module docs): no constraint is applied.
    """
    rules = obs.rules
    if rules.opening is Opening.SEAT_ANY_TILE:
        return
    if rules.opening is Opening.HOLDER_OF_TILE and rules.no_double is NoDoubleRule.DRAW_FOR_DOUBLE:
        return
    dealt = [s for s in slots if s[1] < 0 and s[0] != _BONEYARD]
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
    heavier = 0
    for i in range((rules.max_pip + 1) * (rules.max_pip + 2) // 2):
        t = tile_from_index(i)
        if (t.pips, t.high) > (led.pips, led.high):
            heavier |= 1 << i
    for s in dealt:
        s[2] |= fallback | heavier
    for k in lead_draws:
        slots[k][2] |= fallback | heavier
