"""Hidden information: an `Observation` shows a seat what it may see and nothing else.

* Two states that differ only in tiles the seat cannot see give equal observations:
  the second state is built by moving hidden tiles (other hands, the boneyard) to
  other hidden places in the deal and replaying the public history on that deal
  (``HandState.start`` and ``apply`` of every public move; a replay that turns out
  illegal, or that ends on a different public table, e.g. another seat to lead, is
  discarded). Once the hand is over only the result may differ (it is scored from
  the hands, which are shown at the end).
* Nothing reachable from an observation is a `HandState` (or a `Deal`).
* Other seats' draws show no tile in the history; the seat's own draws do.
"""

from __future__ import annotations

import enum
import random
import types
from collections.abc import Iterator
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from dominoes import (
    DRAW,
    Deal,
    DealError,
    Draw,
    HandState,
    IllegalMoveError,
    Ruleset,
    Tile,
    sampling,
)
from dominoes.notation import parse_position
from dominoes.state import Observation
from strategies import SETTINGS, VARIANT_SETTINGS, PlayedHand, VariantHand, hands, variant_hands

# ---------------------------------------------------------------- helpers


def public_moves(obs: Observation) -> list[tuple[int, Any]]:
    """The observation's history as (seat, move) pairs to replay."""
    return [(e.seat, e.move) for e in obs.history]


def replay(rules: Ruleset, deal: Deal, moves: list[tuple[int, Any]]) -> HandState | None:
    """The state the public moves lead to from ``deal``, or ``None`` if illegal there."""
    try:
        state = HandState.start(rules, deal)
        for seat, move in moves:
            state = state.apply(move, seat=seat)
    except (DealError, IllegalMoveError):
        return None
    return state


def deal_slots(rules: Ruleset, deal: Deal) -> list[Tile]:
    """The deal as one sequence: hand 0, hand 1, ..., then the boneyard in order."""
    out: list[Tile] = []
    for hand in deal.hands:
        out.extend(hand)
    out.extend(deal.boneyard)
    return out


def deal_from_slots(rules: Ruleset, slots: list[Tile]) -> Deal:
    h = rules.hand_size
    n = rules.players
    return Deal(hands=[slots[s * h : (s + 1) * h] for s in range(n)], boneyard=slots[n * h :])


def hidden_tiles(state: HandState, seat: int) -> set[Tile]:
    """The tiles ``seat`` cannot see at ``state``: other hands and the boneyard."""
    out = set(state.boneyard)
    for other in range(state.rules.players):
        if other != seat:
            out.update(state.hand(other))
    return out


def alternatives(
    rules: Ruleset, deal: Deal, state: HandState, seat: int, rng: random.Random
) -> Iterator[Deal]:
    """Deals that differ from ``deal`` only in where the hidden tiles were placed.

    Tiles hidden from ``seat`` at ``state`` are exchanged among their own places in
    the deal: first whole random permutations, then single swaps of two hidden tiles
    in different places (each pair once, in random order).
    """
    slots = deal_slots(rules, deal)
    hidden = hidden_tiles(state, seat)
    positions = [i for i, t in enumerate(slots) if t in hidden]
    for _ in range(5):
        tiles = [slots[i] for i in positions]
        rng.shuffle(tiles)
        new = list(slots)
        for i, t in zip(positions, tiles, strict=True):
            new[i] = t
        yield deal_from_slots(rules, new)
    pairs = [(a, b) for k, a in enumerate(positions) for b in positions[k + 1 :]]
    rng.shuffle(pairs)
    for a, b in pairs[:60]:
        new = list(slots)
        new[a], new[b] = new[b], new[a]
        yield deal_from_slots(rules, new)


def public(state: HandState) -> tuple[Any, ...]:
    """What the rules make public about a state, read from the state itself (not
    from an observation): the table, the seat to move, the opening tile still due,
    the counts, and the faults (in tolerant mode a fault is called as it is made,
    FAULT-1: whether a pass was false is public from then on)."""
    p = parse_position(state.position())
    return (
        state.layout,
        state.turn,
        p.opening,
        state.hand_sizes,
        len(state.boneyard),
        state.faults,
        p.false_pass,
    )


def twin(rules: Ruleset, deal: Deal, state: HandState, seat: int, seed: int) -> HandState | None:
    """A state reached by the same public history from a deal that differs only in
    hidden tiles, and whose hidden tiles are placed differently; ``None`` if none of
    the tried deals replays legally."""
    moves = public_moves(state.observation(seat))
    for other in alternatives(rules, deal, state, seat, random.Random(seed)):
        if other == deal:
            continue
        alt = replay(rules, other, moves)
        if alt is not None and alt != state and public(alt) == public(state):
            return alt
    return None


def fields_except(obs: Observation, *names: str) -> dict[str, Any]:
    return {
        a.name: getattr(obs, a.name)
        for a in attrs.fields(Observation)
        if a.eq and a.name not in names
    }


def reachable(root: object) -> Iterator[object]:
    """Every object reachable from ``root`` through attributes and containers."""
    seen: set[int] = set()
    stack = [root]
    while stack:
        obj = stack.pop()
        if id(obj) in seen:
            continue
        seen.add(id(obj))
        yield obj
        if obj is None or isinstance(
            obj, int | float | str | bytes | enum.Enum | type | types.FunctionType
        ):
            continue
        if isinstance(obj, dict):
            stack.extend(obj.keys())
            stack.extend(obj.values())
        elif isinstance(obj, tuple | list | set | frozenset):
            stack.extend(obj)
        else:
            kind: Any = type(obj)
            if attrs.has(kind):
                stack.extend(getattr(obj, a.name) for a in attrs.fields(kind))
            if hasattr(obj, "__dict__"):
                stack.extend(vars(obj).values())
            for cls in type(obj).__mro__:
                for name in getattr(cls, "__slots__", ()):
                    if hasattr(obj, name):
                        stack.append(getattr(obj, name))


def check_twin(rules: Ruleset, deal: Deal, state: HandState, seat: int, seed: int) -> bool:
    """Check the twin property for one state and seat; whether a twin was found."""
    alt = twin(rules, deal, state, seat, seed)
    if alt is None:
        return False
    mine = state.observation(seat)
    theirs = alt.observation(seat)
    assert alt.hand(seat) == state.hand(seat)
    assert alt.layout == state.layout
    if state.is_over:
        # every hand is shown at the end: only the result may tell the worlds apart
        assert fields_except(theirs, "result", "hands") == fields_except(mine, "result", "hands")
        assert mine.hands == state.hands
        assert theirs.hands == alt.hands
    else:
        assert theirs == mine
        assert hash(theirs) == hash(mine)
    return True


# ---------------------------------------------------------------- no leak


@VARIANT_SETTINGS
@given(hand=variant_hands(), pick=st.integers(min_value=0), seed=st.integers(0, 2**16))
def test_hidden_tiles_do_not_change_the_observation(
    hand: VariantHand, pick: int, seed: int
) -> None:
    state = hand.states[pick % len(hand.states)]
    seat = pick // len(hand.states) % hand.rules.players
    check_twin(hand.rules, hand.deal, state, seat, seed)


@SETTINGS
@given(hand=hands(), pick=st.integers(min_value=0), seed=st.integers(0, 2**16))
def test_hidden_tiles_do_not_change_the_observation_presets(
    hand: PlayedHand, pick: int, seed: int
) -> None:
    state = hand.states[pick % len(hand.states)]
    seat = pick // len(hand.states) % hand.rules.players
    check_twin(hand.rules, hand.deal, state, seat, seed)


@pytest.mark.parametrize(
    "rules",
    [
        Ruleset.block(players=2),
        Ruleset.block(players=4, partnership=True),
        Ruleset.draw(players=2),
        Ruleset.draw(players=3),
    ],
    ids=["block-2", "block-4p", "draw-2", "draw-3"],
)
def test_twins_are_found_often(rules: Ruleset) -> None:
    """The twin construction is not vacuous: for most states of random hands a
    different deal replays to the same observation."""
    found = tried = 0
    for seed in range(12):
        deal = Deal.random(rules, seed=seed)
        rng = random.Random(seed)
        state = HandState.start(rules, deal)
        states = [state]
        while not state.is_over:
            moves = state.legal_moves()
            state = state.apply(moves[rng.randrange(len(moves))])
            states.append(state)
        for k in range(0, len(states), 3):
            seat = (seed + k) % rules.players
            tried += 1
            found += check_twin(rules, deal, states[k], seat, seed + k)
    assert found >= 0.8 * tried, (found, tried)


def test_a_hidden_swap_gives_equal_observations_exactly() -> None:
    """A hand-made pair: 2-player Block; the non-leader and the boneyard exchange a
    tile. The leader's observation after the lead is unchanged, the other's is not."""
    rules = Ruleset.block(players=2)
    deal = Deal.random(rules, seed=5)
    state = HandState.start(rules, deal)
    leader = state.turn
    other = 1 - leader
    give = next(t for t in deal.hands[other] if not t.is_double)
    take = next(t for t in deal.boneyard if not t.is_double)
    hands = [list(h) for h in deal.hands]
    hands[other] = [take if t == give else t for t in hands[other]]
    boneyard = [give if t == take else t for t in deal.boneyard]
    alt = HandState.start(rules, Deal(hands=hands, boneyard=boneyard))
    assert alt.turn == leader
    led = state.legal_moves()[0]
    a, b = state.apply(led), alt.apply(led)
    assert a != b
    assert a.observation(leader) == b.observation(leader)
    assert a.observation(other) != b.observation(other)


# ---------------------------------------------------------------- nothing reachable


@VARIANT_SETTINGS
@given(hand=variant_hands(), pick=st.integers(min_value=0))
def test_no_state_is_reachable_from_an_observation(hand: VariantHand, pick: int) -> None:
    state = hand.states[pick % len(hand.states)]
    seat = pick // len(hand.states) % hand.rules.players
    obs = state.observation(seat)
    sampler = sampling.Sampler(obs)
    sampler.holders()  # build the model and count: it must not hold a state either
    sampler.count_worlds()
    for obj in (*reachable(obs), *reachable(sampler.model)):
        assert not isinstance(obj, HandState | Deal), type(obj)


def test_reachable_walks_into_the_model() -> None:
    """The walk above does look inside the model (a sanity check of the walk)."""
    rules = Ruleset.draw(players=2)
    state = HandState.start(rules, Deal.random(rules, seed=1))
    state = state.apply(state.legal_moves()[0])
    sampler = sampling.Sampler(state.observation(0))
    sampler.count_worlds()
    kinds = {type(o).__name__ for o in reachable(sampler.model)}
    assert {"Model", "Plan"} <= kinds
    assert {"Observation", "Ruleset", "Tile"} <= {type(o).__name__ for o in reachable(sampler)}


# ---------------------------------------------------------------- draws in the history


@VARIANT_SETTINGS
@given(hand=variant_hands(), pick=st.integers(min_value=0))
def test_only_own_draws_show_their_tile(hand: VariantHand, pick: int) -> None:
    state = hand.final
    seat = pick % hand.rules.players
    obs = state.observation(seat)
    steps = state.history
    assert len(obs.history) == len(steps)
    for (who, move), step in zip(((e.seat, e.move) for e in obs.history), steps, strict=True):
        assert who == step.seat
        if isinstance(step.move, Draw):
            assert isinstance(move, Draw)
            if who == seat:
                assert move.tile is not None
                assert move == step.move
            else:
                assert move.tile is None
                assert move is DRAW
        else:
            assert move == step.move


def test_draws_in_a_draw_game_history() -> None:
    """A concrete Draw-game hand in which both seats draw."""
    rules = Ruleset.draw(players=2)
    for seed in range(50):
        state = HandState.start(rules, Deal.random(rules, seed=seed))
        rng = random.Random(seed)
        while not state.is_over:
            moves = state.legal_moves()
            state = state.apply(moves[rng.randrange(len(moves))])
        drawers = {s.seat for s in state.history if isinstance(s.move, Draw)}
        if drawers == {0, 1}:
            break
    else:  # pragma: no cover - seeds are fixed
        pytest.fail("no hand in which both seats draw")
    for seat in (0, 1):
        obs = state.observation(seat)
        own = [e.move for e in obs.history if e.seat == seat and isinstance(e.move, Draw)]
        others = [e.move for e in obs.history if e.seat != seat and isinstance(e.move, Draw)]
        assert own
        assert others
        assert all(m.tile is not None for m in own)
        assert all(m.tile is None for m in others)
        assert obs.full_history


# ---------------------------------------------------------------- the seat's own view


@VARIANT_SETTINGS
@given(hand=variant_hands(), pick=st.integers(min_value=0))
def test_the_observation_shows_the_public_fields(hand: VariantHand, pick: int) -> None:
    state = hand.states[pick % len(hand.states)]
    seat = pick // len(hand.states) % hand.rules.players
    obs = state.observation(seat)
    assert obs.rules == state.rules
    assert obs.seat == seat
    assert obs.hand == state.hand(seat)
    assert obs.layout == state.layout
    assert obs.hand_sizes == state.hand_sizes
    assert obs.boneyard_size == len(state.boneyard)
    assert obs.turn == state.turn
    assert obs.faults == state.faults
    assert obs.is_over == state.is_over
    assert obs.result == state.result
    assert obs.verification == state.verification or state.is_over
    assert obs.full_history
    if not state.is_over and state.turn == seat:
        assert obs.legal_moves() == state.legal_moves()
    else:
        assert obs.legal_moves() == ()


def test_a_state_from_a_position_has_no_full_history() -> None:
    rules = Ruleset.block(players=2)
    state = HandState.start(rules, Deal.random(rules, seed=3))
    state = state.apply(state.legal_moves()[0])
    again = HandState.from_position(state.position(), rules)
    obs = again.observation(0)
    assert not obs.full_history
    assert obs.history == ()
    assert fields_except(obs, "history", "full_history") == fields_except(
        state.observation(0), "history", "full_history"
    )
    assert sampling.count_worlds(obs) > 0


def test_observation_rejects_a_bad_seat() -> None:
    rules = Ruleset.block(players=2)
    state = HandState.start(rules, Deal.random(rules, seed=3))
    for seat in (-1, 2, "0"):
        with pytest.raises(ValueError, match="seat must be a seat at the table"):
            state.observation(seat)  # type: ignore[arg-type]
