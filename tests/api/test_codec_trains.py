"""The action space and the observation vector of train games (docs/rules/trains.md).

A train game numbers its trains as the arms of a layout: ``K`` slots per tile (the seats'
trains, then the Mexican train), one more that lays the tile with no end (the engine
under `EngineSource.HOLDER`), then draw, pass and stop. Every legal move of random train
hands encodes to a number that decodes back to it, and the mask is true exactly at the
legal moves; the vector has one length per ruleset and reads only the observation. The
numbers of line and spinner games are those they always were.
"""

from __future__ import annotations

import hashlib

import pytest

from dominoes import (
    DRAW,
    PASS,
    STOP,
    Deal,
    End,
    HandState,
    Play,
    Ruleset,
    Tile,
)
from dominoes.codec import ActionCodec, ObservationEncoder
from dominoes.errors import ArgumentValueError
from dominoes.rules import DoubleFollow, EngineSource, MarkerRemoval, MexicanOpen
from strategies import random_hand

SMALL = {"max_pip": 3, "players": 2, "hand_size": 3}
TRAIN_RULES = [
    Ruleset.preset("mexican-train-6"),
    Ruleset.preset("mexican-train-6", players=4),
    Ruleset.preset("mexican-train-6", **SMALL),
    Ruleset.preset("mexican-train-6", **SMALL, engine_source=EngineSource.HOLDER),
    Ruleset.preset("mexican-train-6", engine_source=EngineSource.DRAW_UNTIL_FOUND, players=3),
    Ruleset.preset(
        "mexican-train-6",
        players=3,
        mexican_open_from=MexicanOpen.AFTER_OWN_TRAIN,
        marker_removal=MarkerRemoval.ANY_PLAY,
        double_follow=DoubleFollow.MULTI_DOUBLES,
        first_turn_run=False,
    ),
    Ruleset.preset("private-trains", max_pip=6, players=3, hand_size=7),
]
IDS = ["mt6", "mt6-4p", "mt6-d3", "holder-d3", "draw-until-found", "options", "private"]


@pytest.mark.parametrize("rules", TRAIN_RULES, ids=IDS)
def test_the_slots_are_the_seats_trains_then_the_mexican_train(rules: Ruleset) -> None:
    codec = ActionCodec(rules)
    trains = rules.players + (1 if rules.mexican_train else 0)
    assert codec.arms == trains
    expected = [End.train(s) for s in range(rules.players)]
    assert list(codec.ends) == expected + ([End.MEXICAN] if rules.mexican_train else [])
    n = rules.tile_set.size
    assert codec.size == (trains + 1) * n + 3
    assert codec.draw_action == (trains + 1) * n
    assert codec.pass_action == codec.draw_action + 1
    assert codec.stop_action == codec.draw_action + 2 == codec.size - 1
    assert codec.decode(codec.draw_action) == DRAW
    assert codec.decode(codec.pass_action) == PASS
    assert codec.decode(codec.size - 1) == STOP
    assert codec.encode(STOP) == codec.size - 1
    # every action decodes to a move that encodes back to it
    for action in range(codec.size):
        assert codec.encode(codec.decode(action)) == action
    # tile i on train slot s, and the engine lay (no end) in the last slot
    tile = Tile(rules.max_pip, 1)
    i = tile.index
    for s, end in enumerate(codec.ends):
        assert codec.encode(Play(tile=tile, end=end)) == (trains + 1) * i + s
    assert codec.decode((trains + 1) * i + trains) == Play(tile=tile)


def test_a_mexican_train_game_of_three_numbers_its_trains() -> None:
    rules = Ruleset.preset("mexican-train", players=3)
    codec = ActionCodec(rules)
    assert [end.token for end in codec.ends] == ["T0", "T1", "T2", "M"]
    assert codec.size == 5 * 91 + 3
    # 12-5 has index 12 * 13 / 2 + 5 = 83: actions 415 (T0) to 419 (no end)
    assert codec.encode(Play(tile=Tile(12, 5), end=End.MEXICAN)) == 418
    assert codec.decode(416) == Play(tile=Tile(5, 12), end=End.train(1))
    assert codec.decode(419) == Play(tile=Tile(5, 12))


@pytest.mark.parametrize("rules", TRAIN_RULES, ids=IDS)
def test_moves_of_random_train_hands_round_trip(rules: Ruleset) -> None:
    codec = ActionCodec(rules)
    encoder = ObservationEncoder(rules)
    for seed in range(3):
        for state in random_hand(rules, seed):
            legal = state.legal_moves()
            actions = [codec.encode(move) for move in legal]
            assert [codec.decode(a) for a in actions] == list(legal)
            assert codec.legal_actions(state) == sorted(actions)
            mask = codec.mask(legal)
            assert [a for a, on in enumerate(mask) if on] == sorted(actions)
            for seat in range(rules.players):
                vector = encoder.encode(state.observation(seat))
                assert len(vector) == encoder.size
                assert encoder.encode_state(state, seat) == vector


def test_stop_and_the_ends_of_other_games_are_refused() -> None:
    with pytest.raises(ArgumentValueError, match="Stop, which only a train game has"):
        ActionCodec(Ruleset.block()).encode(STOP)
    with pytest.raises(ArgumentValueError, match="its trains are T0, T1, M"):
        ActionCodec(Ruleset.preset("mexican-train-6")).encode(Play(tile=Tile(6, 1), end=End.LEFT))
    with pytest.raises(ArgumentValueError, match="its trains are T0, T1, T2"):
        ActionCodec(Ruleset.preset("private-trains", players=3)).encode(
            Play(tile=Tile(6, 1), end=End.MEXICAN)
        )
    with pytest.raises(ArgumentValueError, match="of 3 trains, but the encoder is for a game"):
        ObservationEncoder(Ruleset.preset("block", max_pip=6)).encode_state(
            random_hand(Ruleset.preset("mexican-train-6"), 0)[0], 0
        )


# the decoded action tables of line and spinner games, as they were before train games
# (a digest of every action's move, in order): the numbering must never change
NUMBERINGS = [
    ("block", 86, "b1b869641bf7ed50", 93),
    ("partnership", 86, "b1b869641bf7ed50", 113),
    ("cuban", 167, "1deddfbcfe310b0a", 185),
    ("all-fives", 142, "38423f3b7965e57a", 151),
    ("five-up", 478, "c0e887c59f0d03d7", 295),
    ("sebastopol", 142, "38423f3b7965e57a", 173),
]


@pytest.mark.parametrize(("name", "size", "digest", "vector"), NUMBERINGS)
def test_line_and_spinner_numberings_are_unchanged(
    name: str, size: int, digest: str, vector: int
) -> None:
    rules = Ruleset.preset(name)
    codec = ActionCodec(rules)
    assert codec.size == size
    assert codec.stop_action is None
    assert codec.pass_action == size - 1
    text = "\n".join(str(codec.decode(a)) for a in range(size))
    assert hashlib.sha256(text.encode()).hexdigest()[:16] == digest
    assert ObservationEncoder(rules).size == vector


def _deal() -> Deal:
    """A double-3 deal for two seats, the 3-3 engine set aside."""
    return Deal(
        hands=[
            [Tile(3, 1), Tile(1, 1), Tile(0, 0)],
            [Tile(2, 3), Tile(0, 1), Tile(2, 2)],
        ],
        boneyard=[Tile(0, 2), Tile(0, 3), Tile(1, 2)],
    )


def _part(encoder: ObservationEncoder, vector: list[float], name: str) -> list[float]:
    (section,) = [s for s in encoder.sections() if s.name == name]
    return vector[section.span]


def test_the_train_features_of_a_hand_worked_by_hand() -> None:
    rules = Ruleset.preset("mexican-train-6", **SMALL)
    encoder = ObservationEncoder(rules)
    state = HandState.start(rules, _deal())
    # seat 0's first-turn run (TRAIN-7): 3-1 and the double 1-1 on its own train, stop
    state = state.apply_all("3-1:T0 1-1:T0")
    vector = encoder.encode_state(state, 0)
    assert _part(encoder, vector, "owed") == [0, 0, 1]  # more of the run, or stop
    assert _part(encoder, vector, "train_open") == [1, 0, 1]
    state = state.apply(STOP)
    vector = encoder.encode_state(state, 1)
    assert vector == encoder.encode(state.observation(1))
    assert _part(encoder, vector, "hub") == [0, 0, 0, 1, 0]
    assert _part(encoder, vector, "train_ends") == [0, 1, 0, 0] + [0, 0, 0, 1] * 2
    assert _part(encoder, vector, "train_open") == [0, 1, 1]  # its own, the Mexican
    assert _part(encoder, vector, "train_tiles") == [2, 0, 0]
    assert _part(encoder, vector, "open_doubles") == [1, 0, 0]
    assert _part(encoder, vector, "gate") == [0, 0, 0, 1]  # not in force: seat 1 is first
    assert _part(encoder, vector, "owed") == [1, 0, 0]
    assert _part(encoder, vector, "firsts") == [1, 0]
    assert _part(encoder, vector, "hand_sizes") == [1, 3]
    assert _part(encoder, vector, "boneyard") == [3]
    played = _part(encoder, vector, "played")
    assert [i for i, on in enumerate(played) if on] == sorted(
        t.index for t in (Tile(3, 3), Tile(1, 3), Tile(1, 1))
    )
    # seat 1's run: 3-2 and 2-2 on its train, stop: both doubles now hold up play,
    # the oldest (1-1 on seat 0's train) first
    state = state.apply_all("2-3:T1 2-2:T1 stop")
    vector = encoder.encode_state(state, 0)
    assert _part(encoder, vector, "open_doubles") == [1, 1, 0]
    assert _part(encoder, vector, "gate") == [1, 0, 0, 0]
    # seat 0 holds 0-0: it draws 0-2, cannot satisfy 1-1, passes and marks its train
    state = state.apply_all("draw pass")
    vector = encoder.encode_state(state, 1)
    assert _part(encoder, vector, "markers") == [1, 0]
    assert _part(encoder, vector, "train_open") == [1, 1, 1]
    assert _part(encoder, vector, "voids")[:4] == [0, 1, 0, 0]  # seat 0 showed no 1


def test_the_hub_is_empty_until_the_holder_lays_the_engine() -> None:
    rules = Ruleset.preset("mexican-train-6", **SMALL, engine_source=EngineSource.HOLDER)
    encoder = ObservationEncoder(rules)
    deal = Deal(
        hands=[[Tile(3, 1), Tile(1, 1), Tile(0, 0)], [Tile(3, 3), Tile(0, 1), Tile(2, 2)]],
        boneyard=[Tile(0, 2), Tile(0, 3), Tile(1, 2), Tile(2, 3)],
    )
    state = HandState.start(rules, deal)
    codec = ActionCodec(rules)
    assert codec.legal_actions(state) == [codec.encode(Play(tile=Tile(3, 3)))]
    vector = encoder.encode_state(state, 0)
    assert _part(encoder, vector, "hub") == [0, 0, 0, 0, 1]
    assert not any(_part(encoder, vector, "train_ends"))
    assert not any(_part(encoder, vector, "played"))
    state = state.apply(Play(tile=Tile(3, 3)))
    vector = encoder.encode_state(state, 0)
    assert _part(encoder, vector, "hub") == [0, 0, 0, 1, 0]
    assert _part(encoder, vector, "turn") == [1, 0]


def test_the_vector_reads_nothing_hidden() -> None:
    """Two deals that differ only in another seat's tiles and the boneyard give seat 0
    the same vector after the same public moves."""
    rules = Ruleset.preset("mexican-train-6", **SMALL)
    encoder = ObservationEncoder(rules)
    other = Deal(
        hands=[[Tile(3, 1), Tile(1, 1), Tile(0, 0)], [Tile(2, 3), Tile(1, 2), Tile(2, 2)]],
        boneyard=[Tile(0, 1), Tile(0, 3), Tile(0, 2)],
    )
    states = [HandState.start(rules, deal) for deal in (_deal(), other)]
    states = [s.apply_all("3-1:T0 1-1:T0 stop 2-3:T1 2-2:T1 stop") for s in states]
    first, second = (encoder.encode_state(s, 0) for s in states)
    assert first == second
    assert encoder.encode_state(states[0], 1) != encoder.encode_state(states[1], 1)


def test_the_one_hot_parts_of_random_train_hands_hold_one_value() -> None:
    rules = Ruleset.preset("mexican-train-6", players=3)
    encoder = ObservationEncoder(rules)
    seen_gate = seen_marker = False
    for seed in range(4):
        for state in random_hand(rules, seed):
            vector = encoder.encode_state(state, state.turn)
            assert sum(_part(encoder, vector, "owed")) == 1
            assert sum(_part(encoder, vector, "gate")) == 1
            seen_gate |= _part(encoder, vector, "gate")[-1] == 0
            seen_marker |= any(_part(encoder, vector, "markers"))
    assert seen_gate
    assert seen_marker
