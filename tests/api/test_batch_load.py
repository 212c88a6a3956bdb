"""`Batch.load` and `Batch.from_states`: a batch filled from `HandState` positions.

A Hypothesis property draws supported line-game rulesets, plays random hands of them
to random points (before the lead, while drawing for a double, in play with draws made
this turn, during a verification round, or to the end), loads those positions into a
batch, and then plays the batch by random legal actions while the scalar engine plays
the same actions from the same positions: at every step both give the same legal
actions and observation vectors, `Batch.state` rebuilds the scalar state, and the hands
end with the same points (`Batch.play_out` too). Then the positions each kind of
ruleset reaches on purpose, and bad input.
"""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_batch import (
    DOUBLE_9_SPINNERS,
    SPINNER_PRESETS,
    batch_rulesets,
    batch_spinner_rulesets,
    expected_rewards,
)

from dominoes import (
    BlockDetection,
    Deal,
    Draw,
    DrawRule,
    HandState,
    NoDoubleRule,
    Phase,
    Ruleset,
    RulesetError,
    sampling,
)
from dominoes.batch import Batch
from dominoes.errors import ArgumentTypeError, ArgumentValueError
from strategies import SETTINGS, random_hand


def random_position(rules: Ruleset, rng: random.Random, moves: int) -> HandState:
    """A random deal of ``rules`` after up to ``moves`` random legal moves."""
    states = random_hand(rules, rng.randrange(2**32))
    return states[min(moves, len(states) - 1)]


def play_loaded(states: list[HandState], seed: int) -> None:
    """Load ``states`` and play the batch by random legal actions while the scalar
    engine plays the same actions, checking that they agree (see the module docs)."""
    batch = Batch.from_states(states)
    assert [batch.state(i) for i in range(batch.size)] == states
    rules = batch.rules
    rng = np.random.default_rng(seed)
    decode = batch.codec.decode
    states = list(states)
    while True:
        mask = batch.legal_mask()
        obs = [batch.observe(seat) for seat in range(rules.players)]
        for i, state in enumerate(states):
            legal = [] if state.is_over else batch.codec.legal_actions(state)
            assert np.flatnonzero(mask[i]).tolist() == legal
            assert batch.turn[i] == state.turn
            for seat, vectors in enumerate(obs):
                assert vectors[i].tolist() == batch.encoder.encode_state(state, seat)
        if batch.over.all():
            break
        actions = batch.sample_legal(rng)
        rewards, done = batch.step(actions)
        for i, state in enumerate(states):
            if state.is_over:
                assert not done[i]
                continue
            states[i] = after = state.apply(decode(int(actions[i])))
            assert done[i] == after.is_over
            assert rewards[i].tolist() == expected_rewards(state, after)
    assert [batch.state(i) for i in range(batch.size)] == states
    # the points of every hand, those over before the play too
    again = Batch.from_states(states)
    points = again.play_out(np.random.default_rng(0))
    assert [tuple(row) for row in points.tolist()] == [
        state.result.points for state in states if state.result is not None
    ]


@settings(SETTINGS, max_examples=40)
@given(rules=batch_rulesets(), seed=st.integers(0, 2**20))
def test_loaded_positions_play_as_the_scalar_engine(rules: Ruleset, seed: int) -> None:
    rng = random.Random(seed)
    n = rules.tile_set.size
    states = [random_position(rules, rng, rng.randrange(2 * n + 2)) for _ in range(6)]
    play_loaded(states, seed)


def _positions(rules: Ruleset, want: object, tries: int = 400) -> list[HandState]:
    """Positions of random hands of ``rules`` at each point where ``want(state)``."""
    found: list[HandState] = []
    for seed in range(tries):
        found += [s for s in random_hand(rules, seed) if callable(want) and want(s)]
        if len(found) >= 12:
            break
    return found[:12]


def _drew_this_turn(state: HandState) -> bool:
    history = state.history
    return (
        state.phase is Phase.PLAY
        and bool(history)
        and isinstance(history[-1].move, Draw)
        and history[-1].seat == state.turn
    )


@pytest.mark.parametrize(
    ("rules", "want"),
    [
        # before the lead, drawing for a double (LEAD-5), with draws already made
        (
            Ruleset.draw(players=2, hand_size=1, no_double=NoDoubleRule.DRAW_FOR_DOUBLE),
            lambda s: s.phase is Phase.LEAD and bool(s.history),
        ),
        # a draw made this turn under draw-one-then-pass: the seat may only pass now
        (Ruleset.draw(players=3, drawing=DrawRule.ONE_THEN_PASS), _drew_this_turn),
        (Ruleset.draw(players=2, voluntary_draw=True), _drew_this_turn),
        # a verification round under way (VERIFY-1 to VERIFY-3)
        (Ruleset.block(players=4, partnership=True), lambda s: s.phase is Phase.VERIFICATION),
        (Ruleset.draw(players=3), lambda s: s.phase is Phase.VERIFICATION),
        # immediate detection, stock pips: positions late in the hand
        (
            Ruleset.block(players=3, block_detection=BlockDetection.IMMEDIATE, stock_pips=True),
            lambda s: len(s.history) > 10,
        ),
        # double-9 at a large table (the high bytes of the masks)
        (Ruleset.draw(players=6, max_pip=9, hand_size=7), lambda s: len(s.history) > 20),
    ],
    ids=[
        "draw-for-double",
        "one-then-pass",
        "voluntary",
        "round-4",
        "round-draw",
        "immediate",
        "d9",
    ],
)
def test_each_kind_of_position_loads(rules: Ruleset, want: object) -> None:
    states = _positions(rules, want)
    assert len(states) >= 4
    play_loaded(states, 1)


def test_a_batch_played_out_loads_again_as_a_new_one() -> None:
    rules = Ruleset.draw(players=3, drawing=DrawRule.ONE_THEN_PASS)
    rng = random.Random(6)
    first = [random_position(rules, rng, rng.randrange(30)) for _ in range(5)]
    second = [random_position(rules, rng, rng.randrange(30)) for _ in range(5)]
    batch = Batch.from_states(first)
    batch.play_out(np.random.default_rng(0))
    batch.load(second)
    fresh = Batch.from_states(second)
    assert [batch.state(i) for i in range(5)] == second
    assert (batch.legal_mask() == fresh.legal_mask()).all()
    assert (batch.observe(1) == fresh.observe(1)).all()
    assert (
        batch.play_out(np.random.default_rng(1)) == fresh.play_out(np.random.default_rng(1))
    ).all()
    assert [batch.state(i) for i in range(5)] == [fresh.state(i) for i in range(5)]


def test_finished_hands_load_with_their_points() -> None:
    rules = Ruleset.block(players=4, partnership=True)
    rng = random.Random(2)
    states = [random_position(rules, rng, 200) for _ in range(8)]
    assert all(state.is_over for state in states)
    batch = Batch.from_states(states)
    assert batch.over.all()
    assert not batch.legal_mask().any()
    points = batch.play_out(np.random.default_rng(0))
    assert [tuple(row) for row in points.tolist()] == [
        s.result.points for s in states if s.result is not None
    ]


def test_a_repeated_state_is_one_position_in_many_hands() -> None:
    rules = Ruleset.draw(players=2)
    state = random_position(rules, random.Random(3), 5)
    batch = Batch.from_states([state] * 50)
    points = batch.play_out(np.random.default_rng(3))
    finals = {batch.state(i) for i in range(50)}
    assert len(finals) > 1  # the random playouts went different ways
    assert all(f.history[: len(state.history)] == state.history for f in finals)
    assert [tuple(row) for row in points.tolist()] == [
        batch.state(i).result.points  # type: ignore[union-attr]
        for i in range(50)
    ]


def test_load_refills_a_batch_and_autoreset_deals_the_seeded_deals() -> None:
    rules = Ruleset.block(players=2)
    batch = Batch(rules, size=3, autoreset=True)
    batch.reset(1)
    states = [random_position(rules, random.Random(k), 6) for k in range(3)]
    assert not any(state.is_over for state in states)
    over = random_position(rules, random.Random(0), 100)
    with pytest.raises(ArgumentValueError, match=r"states\[2\] is over"):
        batch.load([*states[:2], over])
    batch.load(states, seed=9)
    assert [batch.state(i) for i in range(3)] == states
    for call in (batch.random_of, batch.deal_of):
        with pytest.raises(ArgumentValueError, match="loaded"):
            call(0)
    rng = np.random.default_rng(0)
    dealt = np.zeros(3, dtype=bool)
    while not dealt.all():
        _, done = batch.step(batch.sample_legal(rng))
        for i in np.flatnonzero(done & ~dealt).tolist():
            # the first deal after the loaded hand is the one reset(9) gives hand i
            dealt_again = Deal.random(rules, rng=Batch.hand_random(9, i, 0))
            assert batch.deal_of(i) == dealt_again
            assert batch.state(i) == HandState.start(rules, dealt_again)
        dealt |= done
    batch.reset(4)  # a reset forgets the loaded states
    assert batch.deal_of(0) == Deal.random(rules, rng=Batch.hand_random(4, 0))


# ------------------------------------------------------- the spinner family (arms)
@settings(SETTINGS, max_examples=25)
@given(rules=batch_spinner_rulesets(), seed=st.integers(0, 2**20))
def test_loaded_spinner_positions_play_as_the_scalar_engine(rules: Ruleset, seed: int) -> None:
    """Layouts with arms read from states (`Batch.load` lays the state's plays again):
    every spinner rule, fill, count and play scoring the batch plays, at random points
    of random hands; the play points so far are the state's, and `play_out` adds them to
    the end points."""
    rng = random.Random(seed)
    n = rules.tile_set.size
    states = [random_position(rules, rng, rng.randrange(2 * n + 2)) for _ in range(4)]
    play_loaded(states, seed)


@pytest.mark.parametrize(
    ("name", "fields"),
    SPINNER_PRESETS,
    ids=[f"{name}-{k}" for k, (name, _) in enumerate(SPINNER_PRESETS)],
)
def test_loaded_spinner_presets_play_as_the_scalar_engine(
    name: str, fields: dict[str, object]
) -> None:
    rules = Ruleset.preset(name, **fields)
    rng = random.Random(7)
    n = rules.tile_set.size
    states = [random_position(rules, rng, moves) for moves in (0, 1, 4, n // 2, n, 2 * n)]
    play_loaded(states, 7)


@pytest.mark.parametrize(
    "rules",
    [
        Ruleset.preset("all-fives", players=3),
        DOUBLE_9_SPINNERS[1],  # double-9, every double a spinner, SPIN-3's sides first
        Ruleset.preset("chicken-foot", players=4),
    ],
    ids=["all-fives", "every-double-9", "chicken-foot"],
)
def test_sampled_worlds_with_arms_play_as_the_scalar_engine(rules: Ruleset) -> None:
    """Worlds drawn by `sampling` (what the search loads) have a layout but no history:
    the batch reads the arms from the layout (its spinners in the order of the arms they
    open), not from the moves."""
    rng = random.Random(2)
    worlds = []
    for seed in range(2):
        hand = random_hand(rules, seed)
        for state in hand[:: max(1, len(hand) // 5)]:
            if not state.is_over:
                worlds.append(sampling.sampler(state.observation(state.turn)).sample(rng))
    assert any(not world.history and world.lead is not None for world in worlds)
    play_loaded(worlds, 2)


def test_a_loaded_layout_with_arms_is_the_one_play_makes() -> None:
    """A batch dealt and played, then loaded from its own states, holds the same arms
    (values, lengths, states, sides...) and plays out alike from the same generator."""
    rules = Ruleset.preset("all-fives", players=3)
    batch = Batch(rules, size=6)
    batch.reset(3)
    rng = np.random.default_rng(1)
    for _ in range(9):
        batch.step_random(rng)
    states = [batch.state(i) for i in range(batch.size)]
    again = Batch.from_states(states)
    for name in ("_arms_val", "_arms_len", "_arms_state", "_arms_sides", "_arms_suits"):
        played, loaded = getattr(batch, name), getattr(again, name)
        on = batch._arms_state != 0
        assert (np.where(on, played, 0) == np.where(on, loaded, 0)).all(), name
    assert (again._arms_points == batch._arms_points).all()
    assert (
        again.play_out(np.random.default_rng(5)) == batch.play_out(np.random.default_rng(5))
    ).all()


def test_supports_says_what_the_constructor_refuses() -> None:
    assert Batch.supports(Ruleset.draw(players=3))
    trains = Ruleset.preset("mexican-train", players=3)
    assert not Batch.supports(trains)
    with pytest.raises(RulesetError):
        Batch(trains, size=1)
    with pytest.raises(ArgumentTypeError, match="rules"):
        Batch.supports("block")  # type: ignore[arg-type]


def test_bad_states_are_refused_naming_the_argument() -> None:
    rules = Ruleset.block(players=2)
    state = random_position(rules, random.Random(1), 3)
    bad: list[HandState] | tuple[()]
    for bad in ((), []):
        with pytest.raises(ArgumentValueError, match="states"):
            Batch.from_states(bad)
    for bad_type in ("state", state, {state}):
        with pytest.raises(ArgumentTypeError, match="states"):
            Batch.from_states(bad_type)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match=r"states\[0\]"):
        Batch.from_states(["x"])  # type: ignore[list-item]
    with pytest.raises(ArgumentTypeError, match=r"states\[1\]"):
        Batch.from_states([state, "x"])  # type: ignore[list-item]
    other = random_position(Ruleset.draw(players=2), random.Random(1), 3)
    with pytest.raises(ArgumentValueError, match=r"states\[1\].*ruleset"):
        Batch.from_states([state, other])
    with pytest.raises(ArgumentValueError, match="conceded"):
        Batch.from_states([state.concede(0)])
    short = HandState.from_position(  # a hand of 6 tiles, 15 in the boneyard
        "d6 0-1,2-2,0-4,1-4,1-6,2-6/0-0,3-3,3-4,1-5,2-5,4-5,6-6 "
        "5-6,1-3,0-6,0-3,2-4,5-5,4-4,0-5,0-2,2-3,1-1,3-6,4-6,3-5,1-2 - 1 lead:6-6",
        rules,
    )
    with pytest.raises(ArgumentValueError, match=r"states\[0\] has 15 tiles in the boneyard"):
        Batch.from_states([short])
    batch = Batch(rules, size=2)
    with pytest.raises(ArgumentValueError, match="states"):
        batch.load([state])
    with pytest.raises(ArgumentTypeError, match="states"):
        batch.load(iter([state, state]))  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="seed"):
        batch.load([state, state], seed="1")  # type: ignore[arg-type]
    with pytest.raises(ArgumentValueError, match="seed"):
        batch.load([state, state], seed=-1)
    with pytest.raises(ArgumentTypeError, match="autoreset"):
        Batch.from_states([state], autoreset=1)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="rng"):
        Batch.from_states([state]).play_out(random.Random(0))  # type: ignore[arg-type]
    with pytest.raises(ArgumentValueError, match="autoreset"):
        Batch.from_states([state], autoreset=True).play_out(np.random.default_rng(0))
    with pytest.raises(ArgumentValueError, match="reset"):
        Batch(rules, size=1).play_out(np.random.default_rng(0))
