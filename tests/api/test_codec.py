"""The integer action space (`ActionCodec`) and the observation vector (`ObservationEncoder`).

Every action number decodes to a move that encodes back to it; every move of random
states encodes to a number that decodes back to it; the legal-action mask is true
exactly at the legal moves; the observation vector has the documented layout,
rebuilt here block by block from the observation, with either source of the known
voids, and `ObservationEncoder.sections` names those blocks.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from dominoes import (
    DRAW,
    PASS,
    Deal,
    Draw,
    End,
    HandState,
    Pass,
    Play,
    Ruleset,
    Tile,
    sampling,
)
from dominoes.codec import ActionCodec, ObservationEncoder, Section, VoidSource
from dominoes.errors import ArgumentTypeError, ArgumentValueError, DominoesError
from dominoes.state import Observation
from dominoes.tiles import tile_from_index, tile_index
from strategies import VARIANT_SETTINGS, VariantHand, variant_hands

RULESETS = [
    Ruleset.block(players=2),
    Ruleset.block(players=4, partnership=True),
    Ruleset.draw(players=3),
    Ruleset(max_pip=1, players=2, hand_size=1),
    Ruleset.draw(players=4, max_pip=9),
    Ruleset.draw(players=8, max_pip=18, hand_size=15),
]
IDS = ["block-2", "block-4p", "draw-3", "d1", "draw-d9", "draw-d18"]


def n_tiles(rules: Ruleset) -> int:
    return (rules.max_pip + 1) * (rules.max_pip + 2) // 2


# ====================================================================== actions


@pytest.mark.parametrize("rules", RULESETS, ids=IDS)
def test_every_action_number_round_trips(rules: Ruleset) -> None:
    codec = ActionCodec(rules)
    n = n_tiles(rules)
    assert codec.tiles == n
    assert codec.size == 3 * n + 2
    for action in range(codec.size):
        move = codec.decode(action)
        assert codec.encode(move) == action
        assert codec.decode(action) is move  # interned
    assert codec.decode(3 * n) is DRAW
    assert codec.decode(3 * n + 1) is PASS


@pytest.mark.parametrize("rules", RULESETS, ids=IDS)
def test_the_numbering_is_as_documented(rules: Ruleset) -> None:
    codec = ActionCodec(rules)
    n = n_tiles(rules)
    for i in range(n):
        tile = tile_from_index(i)
        assert codec.decode(3 * i) == Play(tile=tile, end=End.LEFT)
        assert codec.decode(3 * i + 1) == Play(tile=tile, end=End.RIGHT)
        assert codec.decode(3 * i + 2) == Play(tile=tile)
    assert isinstance(codec.decode(3 * n), Draw)
    assert isinstance(codec.decode(3 * n + 1), Pass)


def test_the_docstring_example() -> None:
    codec = ActionCodec(Ruleset.block())
    assert codec.size == 86
    assert codec.encode(Play(tile=Tile(6, 4), end=End.RIGHT)) == 76
    assert codec.encode(Play(tile=Tile(4, 6), end=End.RIGHT)) == 76
    assert codec.encode(Play(tile=Tile(0, 0), end=End.LEFT)) == 0
    assert codec.encode(Play(tile=Tile(6, 6))) == 3 * tile_index(6, 6) + 2 == 83
    assert codec.encode(DRAW) == 84
    assert codec.encode(Draw(Tile(3, 5))) == 84  # a draw from the history: no tile in the number
    assert codec.encode(PASS) == 85


@VARIANT_SETTINGS
@given(hand=variant_hands())
def test_moves_of_random_states_round_trip(hand: VariantHand) -> None:
    codec = ActionCodec(hand.rules)
    for state in hand.states:
        legal = state.legal_moves()
        actions = [codec.encode(m) for m in legal]
        assert len(set(actions)) == len(legal)
        for move, action in zip(legal, actions, strict=True):
            assert 0 <= action < codec.size
            assert codec.decode(action) == move
        mask = codec.mask(legal)
        assert len(mask) == codec.size
        assert [a for a, ok in enumerate(mask) if ok] == sorted(actions)
        assert codec.legal_actions(state) == sorted(actions)
        # the mask says exactly which numbers are legal in this state
        for action, ok in enumerate(mask):
            assert state.is_legal(codec.decode(action)) == ok
    # the moves of the history (draws carry their tile) encode too
    for step in hand.final.history:
        action = codec.encode(step.move)
        back = codec.decode(action)
        if isinstance(step.move, Draw):
            assert back is DRAW
        else:
            assert back == step.move


@VARIANT_SETTINGS
@given(hand=variant_hands(), pick=st.integers(min_value=0))
def test_legal_actions_of_an_observation(hand: VariantHand, pick: int) -> None:
    state = hand.states[pick % len(hand.states)]
    codec = ActionCodec(hand.rules)
    seat = state.turn
    obs = state.observation(seat)
    assert codec.legal_actions(obs) == codec.legal_actions(state)
    other = (seat + 1) % hand.rules.players
    assert codec.legal_actions(state.observation(other)) == []


def test_bad_actions_and_moves_are_refused() -> None:
    rules = Ruleset.block()
    codec = ActionCodec(rules)
    for bad in (-1, codec.size, codec.size + 5):
        with pytest.raises(
            ArgumentValueError, match=r"^action -?\d+ is outside the action space 0\.\.85$"
        ) as e:
            codec.decode(bad)
        assert e.value.argument == "action"
    for wrong in (True, False, 1.0, "3", None):
        with pytest.raises(
            ArgumentTypeError, match=r"^action must be an int in 0\.\.85, got "
        ) as t:
            codec.decode(wrong)  # type: ignore[arg-type]
        assert t.value.argument == "action"
    for off_set in (Play(tile=Tile(7, 7), end=End.LEFT), Play(tile=Tile(0, 7))):
        with pytest.raises(
            ArgumentValueError, match=r"^move lays .*, which is not in the double-6 set$"
        ) as e:
            codec.encode(off_set)
        assert e.value.argument == "move"
    for bad_move in ("draw", 3, None, object(), Tile(1, 2)):
        with pytest.raises(
            ArgumentTypeError, match=r"^move must be a Play, Draw, Pass or Stop, got "
        ) as t:
            codec.encode(bad_move)  # type: ignore[arg-type]
        assert t.value.argument == "move"
    with pytest.raises(
        ArgumentValueError,
        match=r"^moves holds a move that lays 6-8, which is not in the double-6 set$",
    ) as e:
        codec.mask([DRAW, Play(tile=Tile(6, 8))])
    assert e.value.argument == "moves"
    with pytest.raises(
        ArgumentTypeError,
        match=r"^moves must hold only moves, each a Play, Draw, Pass or Stop, got 'pass'$",
    ) as t:
        codec.mask([DRAW, "pass"])  # type: ignore[list-item]
    assert t.value.argument == "moves"
    # a smaller set refuses tiles of a larger one
    small = ActionCodec(Ruleset(max_pip=2, players=2, hand_size=2))
    with pytest.raises(ArgumentValueError, match="double-2"):
        small.encode(Play(tile=Tile(3, 3)))
    with pytest.raises(ArgumentValueError, match=r"outside the action space 0\.\.19"):
        small.decode(20)


def test_codec_errors_are_dominoes_errors_and_keep_their_builtin_bases() -> None:
    codec = ActionCodec(Ruleset.block())
    wrong: Any = "84"
    calls: list[tuple[Callable[[], object], type[Exception]]] = [
        (lambda: codec.decode(99), ValueError),
        (lambda: codec.decode(wrong), TypeError),
        (lambda: codec.encode(Play(tile=Tile(9, 9))), ValueError),
        (lambda: codec.encode(wrong), TypeError),
    ]
    for call, builtin in calls:
        with pytest.raises(DominoesError) as e:
            call()
        assert isinstance(e.value, builtin)
        message = str(e.value)
        assert message.startswith(("action", "move")), message
        assert "\n" not in message
        assert message.count(". ") == 0  # one sentence


def test_codec_and_encoder_check_their_arguments() -> None:
    rules = Ruleset.block()
    wrong: Any = "block"
    for build in (ActionCodec, ObservationEncoder):
        with pytest.raises(ArgumentTypeError, match=r"^rules must be a Ruleset, got 'block'$") as e:
            build(wrong)
        assert e.value.argument == "rules"
    codec = ActionCodec(rules)
    with pytest.raises(ArgumentTypeError, match=r"^moves must be an iterable of moves, got 5$"):
        codec.mask(_any(5))
    with pytest.raises(
        ArgumentTypeError, match=r"^state must be a HandState or an Observation, got 'x'$"
    ) as e:
        codec.legal_actions(_any("x"))
    assert e.value.argument == "state"
    encoder = ObservationEncoder(rules)
    for encode in (encoder.encode, encoder.encode_array):
        with pytest.raises(ArgumentTypeError, match=r"^observation must be an Observation") as e:
            encode(_any("x"))
        assert e.value.argument == "observation"
    other = Ruleset.draw(players=3)
    state = HandState.start(other, Deal.random(other, seed=1))
    with pytest.raises(
        ArgumentValueError,
        match=r"^observation is of a double-6 game for 3 seats, but the encoder is for "
        r"double-6 and 2 seats$",
    ) as v:
        encoder.encode(state.observation(0))
    assert v.value.argument == "observation"
    # a ruleset that differs in another field encodes the same way
    draw = Ruleset.draw()
    state = HandState.start(draw, Deal.random(draw, seed=1))
    assert encoder.encode(state.observation(0)) == ObservationEncoder(draw).encode(
        state.observation(0)
    )


def _any(value: object) -> Any:
    return value


def test_the_draw_action_names_no_tile() -> None:
    """The draw action decodes to ``Draw()``: whoever submits it cannot name (and so
    probe) the next tile of the boneyard."""
    for rules in RULESETS:
        codec = ActionCodec(rules)
        move = codec.decode(3 * n_tiles(rules))
        assert move == Draw()
        assert isinstance(move, Draw)
        assert move.tile is None


def test_mask_of_no_moves_is_all_false() -> None:
    codec = ActionCodec(Ruleset.block())
    assert codec.mask([]) == [False] * 86
    rules = Ruleset.block()
    state = HandState.start(rules, Deal.random(rules, seed=1))
    while not state.is_over:
        state = state.apply(state.legal_moves()[0])
    assert codec.legal_actions(state) == []
    assert codec.mask(state.legal_moves()) == [False] * 86


# ====================================================================== observations


def expected_vector(obs: Observation, source: VoidSource = VoidSource.SHOWN) -> list[float]:
    """The documented layout, block by block."""
    rules = obs.rules
    n = n_tiles(rules)
    m = rules.max_pip
    p = rules.players
    own = [0.0] * n
    for t in obs.hand:
        own[t.index] = 1.0
    ends = obs.layout.ends
    left = [0.0] * (m + 2)
    right = [0.0] * (m + 2)
    if ends:
        left[ends[0]] = 1.0
        right[ends[1]] = 1.0
    else:
        left[m + 1] = right[m + 1] = 1.0
    voids = [0.0] * (p * (m + 1))
    known = obs.shown_voids if source is VoidSource.SHOWN else sampling.voids(obs)
    for seat, values in enumerate(known):
        for v in values:
            voids[seat * (m + 1) + v] = 1.0
    sizes = [float(k) for k in obs.hand_sizes]
    bone = [float(obs.boneyard_size)]
    played = [0.0] * n
    for a, b in obs.line:
        played[tile_index(a, b)] = 1.0
    seat_hot = [1.0 if s == obs.seat else 0.0 for s in range(p)]
    turn_hot = [1.0 if s == obs.turn else 0.0 for s in range(p)]
    return own + left + right + voids + sizes + bone + played + seat_hot + turn_hot


def blocks(rules: Ruleset) -> dict[str, slice]:
    n = n_tiles(rules)
    m = rules.max_pip
    p = rules.players
    out: dict[str, slice] = {}
    k = 0
    for name, width in (
        ("hand", n),
        ("left", m + 2),
        ("right", m + 2),
        ("voids", p * (m + 1)),
        ("hand_sizes", p),
        ("boneyard", 1),
        ("played", n),
        ("seat", p),
        ("turn", p),
    ):
        out[name] = slice(k, k + width)
        k += width
    return out


@VARIANT_SETTINGS
@given(hand=variant_hands(), pick=st.integers(min_value=0))
def test_the_vector_has_the_documented_layout(hand: VariantHand, pick: int) -> None:
    rules = hand.rules
    state = hand.states[pick % len(hand.states)]
    seat = pick // len(hand.states) % rules.players
    obs = state.observation(seat)
    enc = ObservationEncoder(rules)
    vec = enc.encode(obs)
    assert len(vec) == enc.size
    assert all(isinstance(x, float) for x in vec)
    assert vec == expected_vector(obs)
    exact = ObservationEncoder(rules, voids=VoidSource.EXACT).encode(obs)
    assert exact == expected_vector(obs, VoidSource.EXACT)
    b = blocks(rules)
    # the sources differ in the voids only
    assert exact[: b["voids"].start] == vec[: b["voids"].start]
    assert exact[b["voids"].stop :] == vec[b["voids"].stop :]
    assert {s.name: s.span for s in enc.sections()} == b
    assert b["turn"].stop == enc.size
    # read back from the blocks
    hand_bits = vec[b["hand"]]
    assert [tile_from_index(i) for i, x in enumerate(hand_bits) if x] == list(obs.hand)
    assert sum(vec[b["left"]]) == 1.0
    assert sum(vec[b["right"]]) == 1.0
    assert vec[b["hand_sizes"]] == [float(k) for k in state.hand_sizes]
    assert vec[b["boneyard"]] == [float(len(state.boneyard))]
    played = {tile_from_index(i) for i, x in enumerate(vec[b["played"]]) if x}
    assert played == {Tile(a, c) for a, c in state.layout.line}
    assert vec[b["seat"]].index(1.0) == seat
    assert sum(vec[b["seat"]]) == 1.0
    assert vec[b["turn"]].index(1.0) == state.turn
    assert sum(vec[b["turn"]]) == 1.0
    array = enc.encode_array(obs)
    assert isinstance(array, np.ndarray)
    assert array.dtype == np.float32
    assert array.shape == (enc.size,)
    assert array.tolist() == vec


@VARIANT_SETTINGS
@given(hand=variant_hands())
def test_encode_state_is_the_vector_of_the_observation(hand: VariantHand) -> None:
    rules = hand.rules
    shown = ObservationEncoder(rules)
    exact = ObservationEncoder(rules, voids=VoidSource.EXACT)
    for k, state in enumerate(hand.states):
        for seat in range(rules.players):
            obs = state.observation(seat)
            assert shown.encode_state(state, seat) == shown.encode(obs)
            written = np.zeros(shown.size, dtype=np.float32)
            shown.write_state(written, state, seat)
            assert np.array_equal(written, np.asarray(shown.encode(obs), np.float32))
            if k % 4 == 0:  # the exact inference is costly
                assert exact.encode_state(state, seat) == exact.encode(obs)


def test_encode_state_checks_its_arguments() -> None:
    rules = Ruleset.block()
    encoder = ObservationEncoder(rules)
    state = HandState.start(rules, Deal.random(rules, seed=1))
    with pytest.raises(ArgumentTypeError, match=r"^state must be a HandState, got 'x'$") as t:
        encoder.encode_state(_any("x"), 0)
    assert t.value.argument == "state"
    for seat in (2, -1, True, "0"):
        with pytest.raises(
            ArgumentValueError, match=r"^seat must be a seat at the table, 0 to 1; got "
        ) as v:
            encoder.encode_state(state, _any(seat))
        assert v.value.argument == "seat"
    other = Ruleset.draw(players=3)
    with pytest.raises(ArgumentValueError, match=r"^state is of a double-6 game for 3 seats") as v:
        encoder.encode_state(HandState.start(other, Deal.random(other, seed=1)), 0)
    assert v.value.argument == "state"


@pytest.mark.parametrize("rules", RULESETS, ids=IDS)
def test_the_sections_tile_the_vector(rules: Ruleset) -> None:
    enc = ObservationEncoder(rules)
    sections = enc.sections()
    assert all(isinstance(s, Section) for s in sections)
    assert [s.name for s in sections] == list(blocks(rules))
    assert sections[0].offset == 0
    for before, after in itertools.pairwise(sections):
        assert before.stop == after.offset
        assert before.span == slice(before.offset, before.offset + before.size)
    assert sections[-1].stop == enc.size
    assert ObservationEncoder(rules, voids=VoidSource.EXACT).sections() == sections


def test_the_encoder_version_and_its_voids_option() -> None:
    rules = Ruleset.block()
    assert ObservationEncoder.VERSION == 2
    assert ObservationEncoder(rules).voids is VoidSource.SHOWN
    assert ObservationEncoder(rules) != ObservationEncoder(rules, voids=VoidSource.EXACT)
    wrong: Any = "exact"
    with pytest.raises(ArgumentTypeError, match=r"^voids must be a VoidSource, got 'exact'$") as e:
        ObservationEncoder(rules, voids=wrong)
    assert e.value.argument == "voids"


def test_the_default_voids_are_what_the_passes_showed() -> None:
    """2-player Block, seed 15: seat 1 leads 6-6, seat 0 passes. Seat 0 showed it has no
    6; the exact inference also lists, as the observer's own entry, the value seat 1
    truly lacks (1), which it showed nobody."""
    rules = Ruleset.block(players=2)
    state = HandState.start(rules, Deal.random(rules, seed=15)).apply_all("6-6 pass")
    obs = state.observation(1)
    voids = blocks(rules)["voids"]
    shown = ObservationEncoder(rules).encode(obs)[voids]
    exact = ObservationEncoder(rules, voids=VoidSource.EXACT).encode(obs)[voids]
    six = [0.0] * 6 + [1.0]
    one = [0.0, 1.0] + [0.0] * 5
    assert shown == six + [0.0] * 7
    assert exact == six + one


@pytest.mark.parametrize("rules", RULESETS, ids=IDS)
def test_vector_size_formula(rules: Ruleset) -> None:
    enc = ObservationEncoder(rules)
    n = n_tiles(rules)
    m = rules.max_pip
    p = rules.players
    assert enc.size == 2 * n + 2 * (m + 2) + p * (m + 1) + 3 * p + 1
    assert blocks(rules)["turn"].stop == enc.size


def test_the_vector_of_a_concrete_position() -> None:
    """2-player Block, seed 3: seat 1 leads 6-6; seat 0 looks."""
    rules = Ruleset.block(players=2)
    state = HandState.start(rules, Deal.random(rules, seed=3))
    enc = ObservationEncoder(rules)
    before = enc.encode(state.observation(0))
    b = blocks(rules)
    assert before[b["left"]] == [0.0] * 7 + [1.0]  # no tile laid yet
    assert before[b["right"]] == [0.0] * 7 + [1.0]
    assert before[b["hand_sizes"]] == [7.0, 7.0]
    assert before[b["boneyard"]] == [14.0]
    assert before[b["seat"]] == [1.0, 0.0]
    assert before[b["turn"]] == [0.0, 1.0]
    assert sum(before[b["played"]]) == 0.0
    state = state.apply(state.legal_moves()[0])
    after = enc.encode(state.observation(0))
    assert after[b["left"]] == [0.0] * 6 + [1.0, 0.0]  # one-hot of 6
    assert after[b["right"]] == [0.0] * 6 + [1.0, 0.0]
    assert after[b["hand_sizes"]] == [7.0, 6.0]
    assert after[b["played"]][tile_index(6, 6)] == 1.0
    assert after[b["turn"]] == [1.0, 0.0]
    assert after[b["hand"]] == before[b["hand"]]
    assert sum(after[b["hand"]]) == 7.0


def test_encode_array_equals_encode_on_random_observations() -> None:
    rules = Ruleset.draw(players=3)
    enc = ObservationEncoder(rules)
    rng = random.Random(5)
    state = HandState.start(rules, Deal.random(rules, seed=5))
    while not state.is_over:
        for seat in range(3):
            obs = state.observation(seat)
            assert np.array_equal(enc.encode_array(obs), np.asarray(enc.encode(obs), np.float32))
        moves = state.legal_moves()
        state = state.apply(moves[rng.randrange(len(moves))])
