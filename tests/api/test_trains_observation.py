"""What a seat sees of a train game (docs/rules/trains.md): its `Observation` carries the
hub, the trains and the turn's public facts, lists the seat's legal moves as the state
does, round-trips through `to_dict`, and holds no tile hidden from the seat."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dominoes import Deal, HandState, Ruleset, Tile
from dominoes.errors import ArgumentValueError
from dominoes.layout import Owed, TrainTurn
from dominoes.moves import Draw, End
from dominoes.observation_data import train_data
from dominoes.rules import (
    BlockDetection,
    DoubleDuty,
    DoubleFollow,
    EngineSource,
    MarkerRemoval,
    MexicanOpen,
)
from dominoes.state import Observation
from strategies import VARIANT_SETTINGS, random_hand, tiles_reachable

FUZZ = settings(VARIANT_SETTINGS, max_examples=40)
"""Seeded (derandomized), as the every-option properties."""
SMALL = Ruleset.preset("mexican-train-6", max_pip=4, players=3, hand_size=4)
RULESETS = (
    Ruleset.preset("mexican-train-6"),
    Ruleset.preset("mexican-train-6", players=4),
    Ruleset.preset("private-trains", max_pip=6, players=3, hand_size=6),
    Ruleset.preset("mexican-train-6", engine_source=EngineSource.HOLDER),
    Ruleset.preset("mexican-train-6", engine_source=EngineSource.DRAW_UNTIL_FOUND),
    Ruleset.preset("mexican-train-6", double_follow=DoubleFollow.MULTI_DOUBLES),
    Ruleset.preset(
        "mexican-train-6", double_follow=DoubleFollow.ANYWHERE, double_duty=DoubleDuty.LAYER_ONLY
    ),
    Ruleset.preset("mexican-train-6", block_detection=BlockDetection.IMMEDIATE),
    Ruleset.preset(
        "mexican-train-6",
        first_turn_run=False,
        mexican_open_from=MexicanOpen.AFTER_OWN_TRAIN,
        marker_removal=MarkerRemoval.ANY_PLAY,
    ),
    SMALL,
)


def check_agrees(state: HandState) -> None:
    """Every seat's observation of ``state`` agrees with it and round-trips as data."""
    for seat, obs in enumerate(state.observations()):
        assert obs == state.observation(seat)
        assert obs.layout == state.layout
        assert obs.hub == state.layout.hub
        assert obs.trains == state.layout.trains
        assert obs.train_turn == state.train_turn
        assert obs.hand == state.hand(seat)
        assert obs.hand_sizes == state.hand_sizes
        assert obs.boneyard_size == len(state.boneyard)
        assert obs.turn == state.turn
        if seat == state.turn and not state.is_over:
            assert obs.legal_moves() == state.legal_moves()
            assert obs.scored_moves() == tuple((m, 0) for m in state.legal_moves())
        else:
            assert obs.legal_moves() == ()
        assert obs.result == state.result
        data = obs.to_dict()
        assert {"hub", "trains", "train_turn"} <= set(data)
        assert Observation.from_dict(json.loads(json.dumps(data))) == obs
        text = repr(obs)
        assert "trains=" in text
        assert "train_turn=" in text
        if not state.is_over:
            # nothing hidden leaks: another seat's tiles (drawn ones included) never appear
            drawn = {
                s.move.tile
                for s in state.history
                if s.seat == seat and isinstance(s.move, Draw) and s.move.tile is not None
            }
            allowed = set(state.layout.tiles) | set(state.hand(seat)) | drawn
            if isinstance(obs.opening, Tile):  # the engine's holder is to lay it: public
                allowed.add(obs.opening)
            assert tiles_reachable(obs) <= allowed


@pytest.mark.parametrize("rules", RULESETS, ids=lambda r: str(RULESETS.index(r)))
def test_observations_of_random_train_hands_agree_with_the_state(rules: Ruleset) -> None:
    for seed in range(2):
        for state in random_hand(rules, seed):
            check_agrees(state)


@FUZZ
@given(seed=st.integers(0, 2**32 - 1), rules=st.sampled_from(RULESETS))
def test_any_state_of_a_train_hand_is_seen_alike_by_state_and_observation(
    seed: int, rules: Ruleset
) -> None:
    states = random_hand(rules, seed)
    check_agrees(states[random.Random(seed).randrange(len(states))])


def test_line_games_write_no_train_keys() -> None:
    rules = Ruleset.draw()
    data = HandState.start(rules, Deal.random(rules, seed=3)).observation(0).to_dict()
    assert not {"hub", "trains", "train_turn"} & set(data)


def test_from_dict_refuses_a_train_table_the_rules_do_not_allow() -> None:
    rules = Ruleset.preset("mexican-train-6")
    state = HandState.start(rules, Deal.random(rules, seed=2))
    state = next(s for s in random_hand(rules, 2) if any(t.tiles for t in s.layout.trains))
    good = state.observation(0).to_dict()
    assert Observation.from_dict(good) == state.observation(0)
    k = next(k for k, t in enumerate(good["trains"]) if t["tiles"])
    broken = [
        {**good, "train_turn": None},
        {**good, "hub": "5-5"},
        {**good, "trains": good["trains"][:-1]},
        {
            **good,
            "trains": [
                {**t, "value": (t["value"] + 1) % 7} if j == k else t
                for j, t in enumerate(good["trains"])
            ],
        },
        {
            **good,
            "trains": [
                {**t, "tiles": [[5, 5]] + t["tiles"]} if j == k else t
                for j, t in enumerate(good["trains"])
            ],
        },
        {
            **good,
            "trains": [{**t, "marked": True} if t["owner"] is None else t for t in good["trains"]],
        },
        {**good, "train_turn": {**good["train_turn"], "doubles": [["T0", False], ["T0", False]]}},
        {**good, "train_turn": {**good["train_turn"], "firsts": [1, 0]}},
    ]
    for data in broken:
        with pytest.raises(ArgumentValueError, match="data"):
            Observation.from_dict(data)
    line = HandState.start(Ruleset.draw(), Deal.random(Ruleset.draw(), seed=3))
    with pytest.raises(ArgumentValueError, match="'train_turn'"):
        Observation.from_dict({**line.observation(0).to_dict(), "hub": None, "trains": []})
    turn = TrainTurn(doubles=(), firsts=(), owed=Owed.TURN)
    with pytest.raises(ArgumentValueError, match="impossible"):
        Observation.from_dict({**line.observation(0).to_dict(), **train_data(None, (), turn)})
    for key, value in (("trains", [{"end": "X"}]), ("train_turn", {"owed": "nap"})):
        with pytest.raises(ArgumentValueError, match=key):
            Observation.from_dict({**good, key: value})


def test_train_shown_voids_record_the_values_of_the_trains_open_to_the_seat() -> None:
    """A pass or a forced draw shows the values of the trains the seat could lay a tile
    on then: under MULTI_DOUBLES, in the extra play a double earns, only the oldest open
    double's (a double could go elsewhere, but lacking one double lacks no value)."""
    rules = Ruleset.preset(
        "mexican-train-6",
        max_pip=3,
        players=2,
        hand_size=3,
        first_turn_run=False,
        double_follow=DoubleFollow.MULTI_DOUBLES,
    )
    t = Tile.parse
    deal = Deal(
        hands=((t("1-3"), t("1-1"), t("0-2")), (t("2-3"), t("0-0"), t("2-2"))),
        boneyard=(t("0-3"), t("0-1"), t("1-2")),
    )
    state = HandState.start(rules, deal).apply_all("1-3:T0 2-3:T1 1-1:T0")
    # seat 0 owes the extra play: a non-double on T0 (1) or a double on T0 (1) or M (3)
    assert state.layout.trains[2].end is End.MEXICAN
    assert state.layout.trains[2].value == 3
    state = state.apply_all("draw pass")
    assert state.observation(1).shown_voids == (frozenset({1}), frozenset())
    # in a plain turn every train open to the seat counts: its own (4) and the Mexican
    plain = HandState.start(
        Ruleset.preset("mexican-train-6", max_pip=4, players=2, hand_size=3),
        Deal(
            hands=((t("0-0"), t("0-1"), t("1-1")), (t("3-4"), t("2-4"), t("2-3"))),
            boneyard=tuple(t(x) for x in ["0-2", "1-2", "2-2", "0-3", "1-3", "3-3", "0-4", "1-4"]),
        ),
    )
    plain = plain.apply_all("draw pass")
    assert plain.observation(1).shown_voids[0] == {4}
    assert plain.markers == (0,)
    plain = plain.apply_all("3-4:M draw")  # seat 1 ends its run on the Mexican train
    assert plain.layout.trains[2].value == 3
    assert plain.observation(1).shown_voids[0] == {3, 4}
