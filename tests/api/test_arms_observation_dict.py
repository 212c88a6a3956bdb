"""`Observation.to_dict`/`from_dict` of layouts with arms and of hands with partnership
bonuses: every observation of random hands round-trips through JSON; the keys added
for them (``arms``, ``play_points``, a history entry's ``points``, a result's
``play_points`` and ``bonuses``) are written only where they apply, so a line game's
data is as before; malformed arms are refused naming the key."""

from __future__ import annotations

import json

import pytest
from hypothesis import given

from dominoes import (
    ArgumentValueError,
    HandState,
    PlayScoring,
    Ruleset,
    SpinnerRule,
)
from dominoes.state import Observation
from strategies import VARIANT_SETTINGS, VariantHand, random_hand, spinner_hands

LATIN = Ruleset.block(
    players=4,
    partnership=True,
    capicua_bonus=25,
    chuchazo_bonus=100,
    pase_corrido_bonus=25,
    pase_de_salida_bonus=50,
    pase_de_salida_double_bonus=25,
)


def round_trips(state: HandState) -> None:
    for seat in range(state.rules.players):
        obs = state.observation(seat)
        data = json.loads(json.dumps(obs.to_dict()))
        assert Observation.from_dict(data) == obs


@VARIANT_SETTINGS
@given(hand=spinner_hands())
def test_observations_of_spinner_hands_round_trip(hand: VariantHand) -> None:
    for state in hand.states:
        round_trips(state)


@pytest.mark.parametrize("seed", range(12))
def test_observations_of_bonus_hands_round_trip(seed: int) -> None:
    for state in random_hand(LATIN, seed):
        round_trips(state)


def test_the_bonuses_and_play_points_are_in_the_result_data() -> None:
    scored = [s for seed in range(60) for s in random_hand(LATIN, seed)[-1:] if s.result.bonuses]  # type: ignore[union-attr]
    assert scored
    data = scored[0].observation(0).to_dict()
    assert data["result"]["bonuses"]
    assert {"kind", "seat", "points", "move_number"} == set(data["result"]["bonuses"][0])
    fives = Ruleset.draw(spinner=SpinnerRule.FIRST_DOUBLE, play_scoring=PlayScoring.FIVES)
    final = next(
        s for seed in range(60) for s in random_hand(fives, seed)[-1:] if any(s.play_points)
    )
    data = final.observation(1).to_dict()
    assert data["play_points"] == list(final.play_points)
    assert data["result"]["play_points"] == list(final.play_points)
    assert any("points" in step for step in data["history"])
    assert [arm["end"] for arm in data["arms"]][:2] == ["L", "R"]


def test_a_line_game_writes_no_new_key() -> None:
    for state in random_hand(Ruleset.block(), 3):
        data = state.observation(0).to_dict()
        assert "arms" not in data
        assert "play_points" not in data
        assert all(set(step) == {"seat", "move"} for step in data["history"])
        if data["result"] is not None:
            assert "bonuses" not in data["result"]
            assert "play_points" not in data["result"]


@pytest.mark.parametrize(
    ("change", "key"),
    [
        (lambda arm: arm.update(end="X"), "end"),
        (lambda arm: arm.update(origin=["U"]), "origin"),
        (lambda arm: arm.update(origin=["Q", 0]), "origin"),
        (lambda arm: arm.update(tiles=[[9, 9]]), "tiles"),
        (lambda arm: arm.update(is_open="yes"), "is_open"),
        (lambda arm: arm.pop("value"), "value"),
    ],
)
def test_malformed_arms_are_refused_naming_the_key(change: object, key: str) -> None:
    fives = Ruleset.draw(spinner=SpinnerRule.FIRST_DOUBLE, play_scoring=PlayScoring.FIVES)
    state = random_hand(fives, 1)[2]
    data = json.loads(json.dumps(state.observation(0).to_dict()))
    change(data["arms"][0])  # type: ignore[operator]
    with pytest.raises(ArgumentValueError, match=key) as info:
        Observation.from_dict(data)
    assert info.value.argument == "data"
