"""The engine's record of the pip values each seat showed it lacks (`Observation.shown_voids`).

* The rules of the record, move by move: a pass adds both open ends, a forced draw
  replaces the entry by them, a draw that shows nothing (before the lead, under
  voluntary drawing, a forbidden draw) empties it, a play changes nothing, a state
  built from a position starts empty; equality and hashing ignore it.
* It is true: under strict fault handling every value listed for a seat is absent from
  that seat's hand (but for the tile it has just drawn and must play).
* It is part of the exact inference: where `sampling.voids` is exact, it lists every
  value of the record.
* It is public: every seat's observation holds the same record, and twin states
  (other hidden tiles) hold the same one.
* `random_playout`'s fast loop keeps it as `apply` does.
"""

from __future__ import annotations

import random

import attrs
from hypothesis import given
from hypothesis import strategies as st

from dominoes import (
    DRAW,
    PASS,
    BlockDetection,
    Deal,
    Draw,
    DrawRule,
    FaultKind,
    FaultMode,
    HandState,
    NoDoubleRule,
    Opening,
    Play,
    Ruleset,
    sampling,
)
from dominoes.agents import GreedyAgent
from dominoes.state import OBSERVATION_FIELDS, Observation, random_playout
from strategies import (
    SEEDS,
    VARIANT_SETTINGS,
    VariantHand,
    variant_hands,
    variant_rulesets,
)


def shown(state: HandState) -> tuple[frozenset[int], ...]:
    return state.observation(0).shown_voids


def ends_of(state: HandState) -> frozenset[int]:
    ends = state.layout.ends
    assert ends is not None
    return frozenset(ends)


# ---------------------------------------------------------------- the rules of the record


def test_a_pass_adds_the_open_ends() -> None:
    rules = Ruleset.block()
    state = HandState.start(rules, Deal.random(rules, seed=15))
    assert shown(state) == (frozenset(), frozenset())
    state = state.apply_all("6-6")
    assert shown(state) == (frozenset(), frozenset())  # plays change nothing
    state = state.apply(PASS)
    assert shown(state) == (frozenset({6}), frozenset())


def test_passes_accumulate_and_plays_keep_the_record() -> None:
    rules = Ruleset.block()
    for seed in range(200):
        state = HandState.start(rules, Deal.random(rules, seed=seed))
        before = shown(state)
        while not state.is_over:
            move = state.legal_moves()[0]
            ends = None if state.layout.ends is None else ends_of(state)
            seat = state.turn
            state = state.apply(move)
            after = shown(state)
            if move is PASS:
                assert ends is not None
                assert after[seat] == before[seat] | ends
                assert after[:seat] + after[seat + 1 :] == before[:seat] + before[seat + 1 :]
            else:
                assert after == before
            before = after


def test_a_forced_draw_replaces_the_entry_by_the_open_ends() -> None:
    """The Draw-game hand of the bots guide: seat 0 cannot play and draws 2-5, which fits;
    the record holds the ends, though seat 0 holds 2-5 until it plays it."""
    rules = Ruleset.draw()
    state = HandState.start(rules, Deal.random(rules, seed=25))
    while state.legal_moves() != (DRAW,):
        state = state.apply(GreedyAgent().choose(state.observation(state.turn), random.Random(0)))
    seat = state.turn
    ends = ends_of(state)
    state = state.apply(DRAW)
    assert shown(state)[seat] == ends
    drawn = state.history[-1].move
    assert isinstance(drawn, Draw)
    assert drawn.tile is not None
    assert {m.tile for m in state.legal_moves() if isinstance(m, Play)} == {drawn.tile}
    state = state.apply(state.legal_moves()[0])
    assert shown(state)[seat] == ends
    assert not any(v in (t.low, t.high) for t in state.hand(seat) for v in ends)


def test_a_forced_draw_drops_what_the_seat_showed_before() -> None:
    rules = Ruleset.draw(players=3)
    for seed in range(300):
        state = HandState.start(rules, Deal.random(rules, seed=seed))
        rng = random.Random(seed)
        while not state.is_over:
            moves = state.legal_moves()
            seat = state.turn
            if moves == (DRAW,) and shown(state)[seat] - ends_of(state):
                ends = ends_of(state)
                after = state.apply(DRAW)
                assert shown(after)[seat] == ends
                return
            state = state.apply(moves[rng.randrange(len(moves))])
    raise AssertionError("no forced draw after a pass at other ends in 300 hands")


def test_draws_that_show_nothing_empty_the_entry() -> None:
    # voluntary drawing: a draw, forced or chosen, shows nothing to the other seats
    rules = Ruleset.draw(voluntary_draw=True)
    kinds = set()
    for seed in range(100):
        state = HandState.start(rules, Deal.random(rules, seed=seed))
        rng = random.Random(seed)
        while not state.is_over:
            moves = state.legal_moves()
            if DRAW in moves:
                after = state.apply(DRAW)
                assert shown(after)[state.turn] == frozenset()
                kinds.add(len(moves) > 1)
            state = state.apply(moves[rng.randrange(len(moves))])
    assert kinds == {True, False}
    # a draw before the lead (drawing for a double)
    rules = Ruleset.draw(no_double=NoDoubleRule.DRAW_FOR_DOUBLE, hand_size=3)
    for seed in range(500):
        state = HandState.start(rules, Deal.random(rules, seed=seed))
        if state.legal_moves() == (DRAW,):
            assert shown(state.apply(DRAW)) == shown(state) == (frozenset(), frozenset())
            break
    else:
        raise AssertionError("no draw for a double in 500 deals")


def test_a_forbidden_draw_empties_the_entry_and_a_false_pass_adds_the_ends() -> None:
    rules = Ruleset.draw(faults=FaultMode.TOLERANT)
    state = HandState.start(rules, Deal.random(rules, seed=3)).apply_all("6-6")
    seat = state.turn
    assert state.legal_moves() != (DRAW,)  # seat 0 can play: a pass is false
    false_pass = state.apply(PASS)
    assert false_pass.faults[-1].kind is FaultKind.FALSE_PASS
    assert shown(false_pass)[seat] == frozenset({6})
    forbidden = state.apply(DRAW)
    assert forbidden.faults[-1].kind is FaultKind.FORBIDDEN_DRAW
    assert shown(forbidden)[seat] == frozenset()


def test_a_state_from_a_position_starts_empty_and_equality_ignores_the_record() -> None:
    rules = Ruleset.block()
    state = HandState.start(rules, Deal.random(rules, seed=15)).apply_all("6-6 pass")
    assert shown(state) == (frozenset({6}), frozenset())
    back = HandState.from_position(state.position(), rules)
    assert shown(back) == (frozenset(), frozenset())
    assert back == state
    assert hash(back) == hash(state)
    assert state.concede(0).observation(1).shown_voids == shown(state)


def test_observations_build_every_seat_as_observation_does() -> None:
    """`HandState.observations` (which the adapters call at every step) builds its values
    without the constructor: its field list must be the class's."""
    assert tuple(f.name for f in attrs.fields(Observation)) == OBSERVATION_FIELDS
    for rules in (Ruleset.draw(players=3), Ruleset.block()):
        state = HandState.start(rules, Deal.random(rules, seed=4))
        rng = random.Random(4)
        while True:
            every = state.observations()
            assert len(every) == rules.players
            for seat, obs in enumerate(every):
                again = Observation(**{f.name: getattr(obs, f.name) for f in attrs.fields(obs)})
                assert again == obs == state.observation(seat)
            if state.is_over:
                break
            moves = state.legal_moves()
            state = state.apply(moves[rng.randrange(len(moves))])


# ---------------------------------------------------------------- properties


def drawn_last(state: HandState, seat: int) -> Draw | None:
    """The draw of ``seat`` if it is the last move of the hand."""
    history = state.history
    if history and history[-1].seat == seat and isinstance(history[-1].move, Draw):
        return history[-1].move
    return None


@VARIANT_SETTINGS
@given(hand=variant_hands(variant_rulesets(faults=FaultMode.STRICT)))
def test_every_value_shown_is_truly_absent_from_the_hand(hand: VariantHand) -> None:
    for state in hand.states:
        record = shown(state)
        for seat in range(hand.rules.players):
            assert state.observation(seat).shown_voids == record  # public: one record
            hold = [t for t in state.hand(seat) if record[seat] & {t.low, t.high}]
            if not hold:
                continue
            # only the tile the seat has just drawn, which it must now play
            draw = drawn_last(state, seat)
            assert draw is not None, (state, seat, record)
            assert hold == [draw.tile], (state, seat, record)
            assert state.turn == seat
            assert not state.is_over
            assert {m.tile for m in state.legal_moves() if isinstance(m, Play)} == {draw.tile}


def exact_model(rules: Ruleset) -> bool:
    """Whether `sampling.voids` reads an exact model (see the `dominoes.sampling` docs)."""
    return rules.block_detection is not BlockDetection.IMMEDIATE and not (
        rules.opening is Opening.HOLDER_OF_TILE and rules.no_double is NoDoubleRule.DRAW_FOR_DOUBLE
    )


@VARIANT_SETTINGS
@given(
    hand=variant_hands(variant_rulesets(faults=FaultMode.STRICT)),
    picks=st.lists(st.integers(min_value=0), min_size=1, max_size=4),
)
def test_the_record_is_part_of_the_exact_inference(hand: VariantHand, picks: list[int]) -> None:
    rules = hand.rules
    if not exact_model(rules):
        return
    for pick in picks:
        state = hand.states[pick % len(hand.states)]
        observer = pick // len(hand.states) % rules.players
        obs = state.observation(observer)
        exact = sampling.voids(obs)
        for seat in range(rules.players):
            if seat == observer:
                continue
            if drawn_last(state, seat) is not None and not state.is_over:
                # the tile it has just drawn may hold an end: the model cannot say yet
                continue
            assert obs.shown_voids[seat] <= exact[seat], (state, observer, seat)


@VARIANT_SETTINGS
@given(rules=variant_rulesets(), seed=SEEDS, data=st.data())
def test_random_playout_keeps_the_record_as_apply_does(
    rules: Ruleset, seed: int, data: st.DataObject
) -> None:
    state = HandState.start(rules, Deal.random(rules, seed=seed))
    for _ in range(data.draw(st.integers(0, 12))):
        if state.is_over:
            break
        moves = state.legal_moves()
        state = state.apply(moves[data.draw(st.integers(0, len(moves) - 1))])
    rng = random.Random(seed)
    slow = state
    while not slow.is_over:
        moves = slow.legal_moves()
        slow = slow.apply(moves[rng.randrange(len(moves))])
    fast = random_playout(state, random.Random(seed))
    assert fast == slow
    assert fast.history == slow.history
    assert shown(fast) == shown(slow)
    for seat in range(rules.players):
        assert fast.observation(seat) == slow.observation(seat)


def test_random_playout_keeps_the_record_in_the_draw_game() -> None:
    """The fast loop's own draws and passes: from the lead on, the Draw game and the
    Block game take the fast loop."""
    records = set()
    for rules in (Ruleset.draw(), Ruleset.draw(players=4), Ruleset.block(players=3)):
        assert rules.drawing in (DrawRule.UNTIL_PLAYABLE, DrawRule.NONE)
        for seed in range(150):
            start = HandState.start(rules, Deal.random(rules, seed=seed))
            start = start.apply(start.legal_moves()[0])
            rng = random.Random(seed)
            slow = start
            while not slow.is_over:
                moves = slow.legal_moves()
                slow = slow.apply(moves[rng.randrange(len(moves))])
            fast = random_playout(start, random.Random(seed))
            assert fast == slow
            assert shown(fast) == shown(slow)
            records.add(shown(fast))
    assert len(records) > 30
