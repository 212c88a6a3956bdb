"""Tests of the train games' rulesets and presets: the fields and checks of TRAIN-1 to
TRAIN-10 (docs/rules/trains.md) and the presets PRESET-14 to PRESET-17
(docs/rules/presets/mexican-train.md, mexican-train-9.md, mexican-train-6.md and
private-trains.md).

These tests need no engine: they check what a `Ruleset` of a train game holds and
refuses, the names of the train ends and the `Stop` move. The scenarios of the rules,
played hand by hand, are in tests/rules/test_trains.py.
"""

from __future__ import annotations

import attrs
import pytest

from dominoes import (
    STOP,
    DoubleDuty,
    DoubleFollow,
    DrawRule,
    End,
    EngineSchedule,
    EngineSource,
    MarkerRemoval,
    MexicanOpen,
    Opening,
    Play,
    Ruleset,
    RulesetError,
    Scoring,
    Tile,
    TileValues,
    find_preset,
)
from dominoes.notation import format_move, parse_move

TRAIN_PRESETS = ("mexican-train", "mexican-train-9", "mexican-train-6", "private-trains")


def refused_fields(name: str, **fields: object) -> tuple[str, ...]:
    """The fields a `RulesetError` names when preset ``name`` is built with ``fields``."""
    with pytest.raises(RulesetError) as caught:
        Ruleset.preset(name, **fields)
    return caught.value.fields


def test_train_1_the_engine_is_the_top_double_unless_engine_is_set() -> None:
    assert Ruleset.preset("mexican-train").engine_double == 12
    assert Ruleset.preset("mexican-train-9").engine_double == 9
    assert Ruleset.preset("mexican-train", engine=5).engine_double == 5
    assert Ruleset.preset("mexican-train").engine_source is EngineSource.SET_ASIDE
    holder = Ruleset.preset("mexican-train", engine_source=EngineSource.HOLDER)
    assert holder.engine_source is EngineSource.HOLDER


def test_train_1_an_engine_above_the_set_is_refused() -> None:
    assert refused_fields("mexican-train-6", engine=9) == ("engine", "max_pip")
    assert refused_fields("draw", engine_source=EngineSource.HOLDER) == (
        "engine_source",
        "trains",
    )


def test_train_2_the_schedule_is_descending_by_default() -> None:
    for name in TRAIN_PRESETS:
        assert Ruleset.preset(name).engine_schedule is EngineSchedule.DESCENDING
    up = Ruleset.preset("mexican-train", engine=0, engine_schedule=EngineSchedule.ASCENDING)
    assert (up.engine_double, up.engine_schedule) == (0, EngineSchedule.ASCENDING)


def test_train_2_a_schedule_needs_a_train_game_or_chicken_foot() -> None:
    assert refused_fields("draw", engine_schedule=EngineSchedule.FIXED) == (
        "engine_schedule",
        "trains",
        "spinner_fill",
    )


def test_train_3_private_trains_has_no_mexican_train() -> None:
    assert Ruleset.preset("mexican-train").mexican_train
    assert not Ruleset.preset("private-trains").mexican_train
    assert Ruleset.preset("domino-trains") == Ruleset.preset("private-trains")
    after = Ruleset.preset("mexican-train", mexican_open_from=MexicanOpen.AFTER_OWN_TRAIN)
    assert after.mexican_open_from is MexicanOpen.AFTER_OWN_TRAIN
    assert refused_fields("block", mexican_train=False) == ("mexican_train", "trains")


def test_train_3_train_ends_are_named_by_owner() -> None:
    assert [End.train(seat).token for seat in range(3)] == ["T0", "T1", "T2"]
    assert [End.train(seat).train_owner for seat in range(12)] == list(range(12))
    assert End.MEXICAN.token == "M"
    assert End.MEXICAN.train_owner is None
    assert End.LEFT.train_owner is None
    play = parse_move("3-6:T0")
    assert play == Play(tile=Tile(3, 6), end=End.train(0))
    assert format_move(parse_move("5-6:M")) == "5-6:M"


def test_train_4_marker_removal_defaults_to_the_own_train_rule() -> None:
    assert Ruleset.preset("mexican-train").marker_removal is MarkerRemoval.OWN_TRAIN_PLAY
    rules = Ruleset.preset("mexican-train", marker_removal=MarkerRemoval.ANY_PLAY)
    assert rules.marker_removal is MarkerRemoval.ANY_PLAY
    assert refused_fields("draw", marker_removal=MarkerRemoval.ANY_PLAY) == (
        "marker_removal",
        "trains",
    )


def test_train_5_the_defaults_are_must_satisfy_and_everyone() -> None:
    rules = Ruleset.preset("mexican-train")
    assert (rules.double_follow, rules.double_duty) == (
        DoubleFollow.MUST_SATISFY,
        DoubleDuty.EVERYONE,
    )
    for follow in DoubleFollow:
        for duty in DoubleDuty:
            changed = attrs.evolve(rules, double_follow=follow, double_duty=duty)
            assert (changed.double_follow, changed.double_duty) == (follow, duty)
    assert refused_fields("block", double_duty=DoubleDuty.LAYER_ONLY) == (
        "double_duty",
        "trains",
    )


def test_train_7_runs_are_on_by_default_and_stop_is_a_move() -> None:
    assert Ruleset.preset("mexican-train").first_turn_run
    assert not Ruleset.preset("mexican-train", first_turn_run=False).first_turn_run
    assert parse_move("stop") == STOP
    assert format_move(STOP) == "stop"
    assert refused_fields("draw", first_turn_run=False) == ("first_turn_run", "trains")


def test_train_8_the_presets_draw_one_then_pass() -> None:
    for name in TRAIN_PRESETS:
        assert Ruleset.preset(name).drawing is DrawRule.ONE_THEN_PASS
    assert Ruleset.preset("mexican-train", drawing=DrawRule.NONE).drawing is DrawRule.NONE
    assert refused_fields("mexican-train", drawing=DrawRule.UNTIL_PLAYABLE) == (
        "drawing",
        "trains",
    )
    assert refused_fields("mexican-train", voluntary_draw=True) == ("voluntary_draw", "trains")


def test_train_10_tile_values_need_penalty_scoring() -> None:
    rules = Ruleset.preset("mexican-train", tile_values=TileValues.BLANKS_25)
    assert (rules.scoring, rules.tile_values) == (Scoring.PENALTY, TileValues.BLANKS_25)
    assert Ruleset.preset("mexican-train").tile_values is TileValues.PIPS
    assert refused_fields("draw", tile_values=TileValues.ZERO_ZERO_50) == (
        "tile_values",
        "scoring",
    )


def check_train_preset(name: str, max_pip: int, sizes: dict[int, int], mexican: bool) -> None:
    """The fields every train preset shares, and its own set, deal and Mexican train."""
    preset = find_preset(name)
    assert dict(preset.hand_sizes) == sizes
    rules = Ruleset.preset(name)
    assert rules.trains
    assert (rules.max_pip, rules.engine, rules.engine_double) == (max_pip, None, max_pip)
    assert rules.drawing is DrawRule.ONE_THEN_PASS
    assert rules.scoring is Scoring.PENALTY
    assert rules.opening is Opening.SEAT_ANY_TILE
    assert rules.mexican_train is mexican
    assert rules.engine_source is EngineSource.SET_ASIDE
    assert rules.first_turn_run
    assert rules.tile_values is TileValues.PIPS
    for players, size in sizes.items():
        assert Ruleset.preset(name, players=players).hand_size == size


def test_preset_14_mexican_train_fields() -> None:
    check_train_preset("mexican-train", 12, {2: 15, 3: 15, 4: 15, 5: 12, 6: 12, 7: 10, 8: 10}, True)
    assert Ruleset.preset("mexican-trains") == Ruleset.preset("mexican-train")


def test_preset_15_mexican_train_9_fields() -> None:
    check_train_preset("mexican-train-9", 9, {2: 9, 3: 9, 4: 9, 5: 7, 6: 7, 7: 7, 8: 6}, True)


def test_preset_16_mexican_train_6_fields() -> None:
    check_train_preset("mexican-train-6", 6, {2: 9, 3: 8, 4: 6}, True)


def test_preset_17_private_trains_fields() -> None:
    check_train_preset(
        "private-trains", 12, {2: 15, 3: 15, 4: 15, 5: 12, 6: 12, 7: 10, 8: 10}, False
    )


def test_train_1_drawing_for_the_engine_needs_a_game_with_drawing() -> None:
    # DRAW_UNTIL_FOUND draws for the engine; without drawing the engine listed a draw it
    # then refused (found by the random train positions of tests/api/test_trains_notation.py)
    assert refused_fields(
        "mexican-train", engine_source=EngineSource.DRAW_UNTIL_FOUND, drawing=DrawRule.NONE
    ) == ("engine_source", "drawing")
    holder = Ruleset.preset(
        "mexican-train", engine_source=EngineSource.HOLDER, drawing=DrawRule.NONE
    )
    assert holder.drawing is DrawRule.NONE
