"""The observation vector of layouts with arms (`ObservationEncoder` with spinners or
scoring on play, docs/rules/spinner.md).

Its parts are the nine of a line game, then the arms' ends, states and doubles, the
spinners, the end count and the play points; the three ways to encode (from the
observation, from the state, into a numpy vector) agree; a seat's vector never depends
on a tile hidden from it; a worked layout gives the values the rules page gives.
"""

from __future__ import annotations

import itertools
import random

import attrs
import pytest
from hypothesis import given

from dominoes import (
    Deal,
    HandState,
    IllegalMoveError,
    Ruleset,
    SpinnerFill,
    SpinnerRule,
    Tile,
    TileSet,
)
from dominoes.codec import ActionCodec, ObservationEncoder
from dominoes.errors import ArgumentValueError
from dominoes.notation import parse_move
from strategies import ARMS_PRESETS, VARIANT_SETTINGS, VariantHand, random_hand, spinner_hands

np = pytest.importorskip("numpy")

LINE_PARTS = ["hand", "left", "right", "voids", "hand_sizes", "boneyard", "played", "seat"]
LINE_PARTS.append("turn")
ARMS_PARTS = ["arm_ends", "arm_states", "arm_doubles", "spinners", "end_count", "play_points"]

ALL_FIVES = attrs.evolve(Ruleset.preset("all-fives"), hand_size=5)
"""All Fives for two, five tiles each: the game of the worked examples of the rules
page (docs/rules/spinner.md)."""


def deal(*hands: list[str]) -> Deal:
    """The hands given; the other tiles of the double-six set in the boneyard, in order."""
    held = {Tile.parse(t) for hand in hands for t in hand}
    rest = [t for t in TileSet.double(6).tiles if t not in held]
    return Deal(hands=list(hands), boneyard=rest)


def play(state: HandState, moves: str) -> HandState:
    return state.apply_all([parse_move(m) for m in moves.split()])


def parts(encoder: ObservationEncoder, vector: list[float]) -> dict[str, list[float]]:
    return {s.name: vector[s.span] for s in encoder.sections()}


def vectors(encoder: ObservationEncoder, state: HandState, seat: int) -> list[float]:
    """The vector of ``seat`` three ways (observation, state, numpy), checked equal."""
    by_obs = encoder.encode(state.observation(seat))
    assert encoder.encode_state(state, seat) == by_obs
    out = np.zeros(encoder.size, dtype=np.float32)
    encoder.write_state(out, state, seat)
    assert out.tolist() == by_obs
    return by_obs


# ---------------------------------------------------------------------------- sizes
@pytest.mark.parametrize("name", ARMS_PRESETS)
def test_arms_parts_follow_the_line_parts_with_their_sizes(name: str) -> None:
    rules = Ruleset.preset(name)
    encoder = ObservationEncoder(rules)
    sections = encoder.sections()
    assert [s.name for s in sections] == LINE_PARTS + ARMS_PARTS
    line = ObservationEncoder(
        Ruleset(max_pip=rules.max_pip, players=rules.players, hand_size=rules.hand_size)
    )
    assert sections[:9] == line.sections()  # the line parts where a line game has them
    k, m, p = ActionCodec(rules).arms, rules.max_pip, rules.players
    sizes = [k * (m + 2), 3 * k, k, m + 1, 1, p]
    assert [s.size for s in sections[9:]] == sizes
    assert all(a.stop == b.offset for a, b in itertools.pairwise(sections))
    assert encoder.size == sections[-1].stop == line.size + sum(sizes)


def test_a_line_game_that_scores_on_play_has_two_arms() -> None:
    encoder = ObservationEncoder(Ruleset.preset("muggins"))
    assert [s.size for s in encoder.sections()[9:12]] == [2 * 8, 2 * 3, 2]


def test_an_observation_of_a_line_game_is_refused_by_an_encoder_with_arms() -> None:
    encoder = ObservationEncoder(ALL_FIVES)
    line = HandState.start(Ruleset.draw(), Deal.random(Ruleset.draw(), seed=1))
    with pytest.raises(ArgumentValueError, match="played on a line") as info:
        encoder.encode(line.observation(0))
    assert info.value.argument == "observation"
    every = Ruleset.draw(spinner=SpinnerRule.EVERY_DOUBLE)
    with pytest.raises(ArgumentValueError, match="up to 16 arms"):
        encoder.encode_state(HandState.start(every, Deal.random(every, seed=1)), 0)


# ------------------------------------------------------------------ worked layout
def test_the_worked_spinner_layout_of_the_rules_page() -> None:
    """docs/rules/spinner.md, SPIN-2: after the lead 6-6 and 3-6 on its left the short
    sides wait; 2-6 on the right opens them. All Fives, 2 players."""
    encoder = ObservationEncoder(ALL_FIVES)
    hands = deal(["6-6", "2-6", "0-6", "0-5", "2-2"], ["3-6", "5-6", "3-3", "4-4", "1-5"])
    start = HandState.start(ALL_FIVES, hands)
    v = parts(encoder, vectors(encoder, start, 1))
    assert v["arm_ends"] == [0.0] * 7 + [1.0] + [0.0] * 7 + [1.0] + ([0.0] * 7 + [1.0]) * 2
    assert v["arm_states"] == [0.0] * 12
    assert v["spinners"] == [0.0] * 7
    assert v["end_count"] == [0.0]
    assert v["play_points"] == [0.0, 0.0]

    state = play(start, "6-6 3-6:L")
    v = parts(encoder, vectors(encoder, state, 1))
    one_hot = [[float(i == j) for i in range(8)] for j in range(8)]
    assert v["arm_ends"] == one_hot[3] + one_hot[6] + one_hot[6] + one_hot[6]
    assert v["arm_states"] == [1, 0, 0, 1, 0, 0, 0, 1, 0, 0, 1, 0]  # U, D wait (SPIN-2)
    assert v["arm_doubles"] == [0.0, 1.0, 0.0, 0.0]  # an empty long side shows the lead
    assert v["spinners"] == [0.0] * 6 + [1.0]
    assert v["end_count"] == [15.0]  # 3 + both halves of 6-6 (COUNT-1)
    assert v["play_points"] == [0.0, 15.0]  # seat 1 scored 15 (PLAY-1)
    assert state.layout.count == 15

    state = play(state, "2-6:R")
    v = parts(encoder, vectors(encoder, state, 0))
    assert v["arm_ends"] == one_hot[3] + one_hot[2] + one_hot[6] + one_hot[6]
    assert v["arm_states"] == [1, 0, 0] * 4  # SPIN-2: both long sides carry a tile
    assert v["arm_doubles"] == [0.0] * 4  # the short sides count nothing while empty
    assert v["end_count"] == [5.0]
    assert v["play_points"] == [5.0, 15.0]


def test_a_short_side_that_took_its_tile_is_closed() -> None:
    """SPIN-4 (one tile each side): the up arm, once it has its tile, is closed."""
    sniff = attrs.evolve(ALL_FIVES, spinner_fill=SpinnerFill.ONE_TILE_EACH_SIDE)
    encoder = ObservationEncoder(sniff)
    hands = deal(["6-6", "2-6", "0-6", "0-5", "2-2"], ["3-6", "5-6", "3-3", "4-4", "1-5"])
    state = play(HandState.start(sniff, hands), "6-6 3-6:L 2-6:R 5-6:U")
    v = parts(encoder, vectors(encoder, state, 0))
    assert v["arm_states"] == [1, 0, 0, 1, 0, 0, 0, 0, 1, 1, 0, 0]  # U closed
    assert v["arm_ends"][2 * 8 : 3 * 8] == [float(i == 5) for i in range(8)]


# ---------------------------------------------------------------- every hand, every seat
@pytest.mark.parametrize("name", ARMS_PRESETS)
def test_every_state_of_preset_hands_encodes_the_same_three_ways(name: str) -> None:
    rules = Ruleset.preset(name)
    encoder = ObservationEncoder(rules)
    for seed in range(2):
        for state in random_hand(rules, seed):
            for seat in range(rules.players):
                vector = vectors(encoder, state, seat)
                assert len(vector) == encoder.size
                v = parts(encoder, vector)
                assert v["end_count"] == [float(state.layout.count)]
                assert v["play_points"] == [float(p) for p in state.play_points]
                played = {i for i, x in enumerate(v["played"]) if x}
                on_table = {Tile(*pair).index for arm in state.layout.arms for pair in arm.tiles}
                if state.layout.line:
                    on_table.add(Tile(*state.layout.line[state.lead or 0]).index)
                assert played == on_table
                for k in range(ActionCodec(rules).arms):  # at most one state per arm
                    assert sum(v["arm_states"][3 * k : 3 * k + 3]) <= 1


@VARIANT_SETTINGS
@given(spinner_hands())
def test_random_spinner_hands_encode_the_same_three_ways(hand: VariantHand) -> None:
    encoder = ObservationEncoder(hand.rules)
    arms = ActionCodec(hand.rules).arms
    for state in hand.states[:: max(1, len(hand.states) // 6)]:
        seat = state.turn
        v = parts(encoder, vectors(encoder, state, seat))
        layout = state.layout
        # one value per arm on the table, the "no arm" slot for every other
        m2 = hand.rules.max_pip + 2
        assert sum(v["arm_ends"]) == arms
        absent = [v["arm_ends"][k * m2 + m2 - 1] for k in range(arms)]
        assert absent == [0.0] * len(layout.arms) + [1.0] * (arms - len(layout.arms))
        assert sum(v["arm_states"]) == len(layout.arms)
        assert [v["arm_states"][3 * k] for k in range(len(layout.arms))] == [
            float(arm.is_open) for arm in layout.arms
        ]


# ------------------------------------------------------------------ hidden information
def _swapped(deal_: Deal, seat: int, rng: random.Random) -> Deal | None:
    """The deal with two tiles of seats other than ``seat`` (or of one and the
    boneyard) exchanged; ``None`` when there are not two such places."""
    places = [list(h) for h in deal_.hands] + [list(deal_.boneyard)]
    others = [i for i in range(len(places)) if i != seat and places[i]]
    if len(others) < 2:
        return None
    a, b = rng.sample(others, 2)
    i, j = rng.randrange(len(places[a])), rng.randrange(len(places[b]))
    places[a][i], places[b][j] = places[b][j], places[a][i]
    return Deal(hands=places[:-1], boneyard=places[-1])


@pytest.mark.parametrize("name", ARMS_PRESETS)
def test_a_hidden_tile_never_changes_a_seats_vector(name: str) -> None:
    """Two worlds that differ only in tiles hidden from the seat (another seat's, or
    the boneyard's) give the seat the same vector at every step they share."""
    rules = Ruleset.preset(name)
    encoder = ObservationEncoder(rules)
    rng = random.Random(name)
    compared = 0
    for seed in range(12):
        first = HandState.start(rules, Deal.random(rules, seed=seed))
        seat = rng.randrange(rules.players)
        other_deal = _swapped(Deal.random(rules, seed=seed), seat, rng)
        if other_deal is None:
            continue
        other = HandState.start(rules, other_deal)
        # the same moves while the seat cannot tell the worlds apart
        while not first.is_over and not other.is_over:
            if first.observation(seat) != other.observation(seat):
                break
            assert vectors(encoder, first, seat) == vectors(encoder, other, seat)
            compared += 1
            move = rng.choice(first.legal_moves())
            try:
                other = other.apply(move)
            except IllegalMoveError:
                break  # a hidden tile made the worlds part: the move is not the same
            first = first.apply(move)
    assert compared > 20
