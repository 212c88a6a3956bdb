"""Validation of the variant options of `Ruleset`, and its presets registry.

Every inconsistent combination must raise `RulesetError` whose ``fields`` name the
fields at fault; every consistent one must build; rulesets are values (hashable,
equal by value); presets are found by name and alias and take overrides.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from dominoes import (
    AmbiguousPresetWarning,
    BlockDetection,
    BlockTie,
    BlockWinner,
    Deal,
    DominoesError,
    DominoWinner,
    DrawnLead,
    DrawRule,
    FaultMode,
    FaultPenalty,
    HandState,
    NextLead,
    NoDoubleRule,
    Opening,
    PartnerPips,
    Preset,
    Ruleset,
    RulesetError,
    Scoring,
    Tile,
    find_preset,
)
from strategies import VARIANT_SETTINGS, set_size, variant_rulesets

DRAW_GAME: dict[str, Any] = {"players": 2, "hand_size": 7, "drawing": DrawRule.UNTIL_PLAYABLE}
"""A valid base: 2 players, 7 tiles each of double-6 (14 left), drawing."""


def fields_of_error(**kwargs: Any) -> tuple[str, ...]:
    """The ``fields`` of the `RulesetError` that ``Ruleset(**kwargs)`` raises."""
    with pytest.raises(RulesetError) as info:
        Ruleset(**kwargs)
    assert isinstance(info.value, ValueError)
    assert isinstance(info.value, DominoesError)
    assert info.value.field == info.value.fields[0]
    return info.value.fields


# --------------------------------------------------------------------------- cross-field rules


@pytest.mark.parametrize(
    ("overrides", "fields"),
    [
        ({"voluntary_draw": True}, ("voluntary_draw", "drawing")),
        ({"boneyard_floor": 1}, ("boneyard_floor", "drawing")),
        ({"boneyard_floor": 14}, ("boneyard_floor", "drawing")),
        ({"no_double": NoDoubleRule.DRAW_FOR_DOUBLE}, ("no_double", "drawing")),
    ],
)
def test_drawing_options_need_a_drawing_game(
    overrides: dict[str, Any], fields: tuple[str, ...]
) -> None:
    assert fields_of_error(players=2, hand_size=7, **overrides) == fields
    # the same option with drawing is fine
    for drawing in (DrawRule.UNTIL_PLAYABLE, DrawRule.ONE_THEN_PASS):
        rules = Ruleset(players=2, hand_size=7, drawing=drawing, **overrides)
        assert all(getattr(rules, name) == value for name, value in overrides.items())


@pytest.mark.parametrize(
    ("max_pip", "players", "hand_size"), [(6, 2, 7), (6, 4, 7), (6, 3, 9), (2, 2, 1), (6, 2, 1)]
)
def test_boneyard_floor_is_at_most_the_tiles_left_after_the_deal(
    max_pip: int, players: int, hand_size: int
) -> None:
    left = set_size(max_pip) - players * hand_size
    base: dict[str, Any] = {
        "max_pip": max_pip,
        "players": players,
        "hand_size": hand_size,
        "drawing": DrawRule.UNTIL_PLAYABLE,
    }
    assert Ruleset(**base, boneyard_floor=left).boneyard_floor == left
    assert fields_of_error(**base, boneyard_floor=left + 1) == ("boneyard_floor", "hand_size")
    assert fields_of_error(**base, boneyard_floor=left + 100) == ("boneyard_floor", "hand_size")


def test_opening_tile_is_given_exactly_with_holder_of_tile() -> None:
    for opening in (Opening.HIGHEST_DOUBLE, Opening.SEAT_ANY_TILE):
        assert fields_of_error(
            players=2, hand_size=7, opening=opening, opening_tile=Tile(6, 6)
        ) == ("opening_tile", "opening")
        assert fields_of_error(players=2, hand_size=7, opening=opening, opening_tile="5-5") == (
            "opening_tile",
            "opening",
        )
    assert fields_of_error(players=2, hand_size=7, opening=Opening.HOLDER_OF_TILE) == (
        "opening_tile",
        "opening",
    )
    rules = Ruleset(players=2, hand_size=7, opening=Opening.HOLDER_OF_TILE, opening_tile="3-5")
    assert rules.opening_tile == Tile(3, 5)
    assert isinstance(rules.opening_tile, Tile)


@pytest.mark.parametrize(("max_pip", "tile"), [(6, Tile(6, 7)), (6, Tile(7, 7)), (2, "3-3")])
def test_opening_tile_must_be_in_the_set(max_pip: int, tile: Tile | str) -> None:
    assert fields_of_error(
        max_pip=max_pip, players=2, hand_size=1, opening=Opening.HOLDER_OF_TILE, opening_tile=tile
    ) == ("opening_tile", "max_pip")


@pytest.mark.parametrize("text", ["6-", "x", "", "6 6", "6-6-6", "-1-2", "6-6 ", "a-b"])
def test_opening_tile_as_a_bad_string(text: str) -> None:
    assert fields_of_error(
        players=2, hand_size=7, opening=Opening.HOLDER_OF_TILE, opening_tile=text
    ) == ("opening_tile",)


@pytest.mark.parametrize("value", [6, 6.6, (6, 6), b"6-6", ["6-6"], True])
def test_opening_tile_of_a_bad_type(value: object) -> None:
    assert fields_of_error(
        players=2, hand_size=7, opening=Opening.HOLDER_OF_TILE, opening_tile=value
    ) == ("opening_tile",)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_opening_seat_must_exist(players: int) -> None:
    base: dict[str, Any] = {"players": players, "hand_size": 5, "opening": Opening.SEAT_ANY_TILE}
    assert Ruleset(**base, opening_seat=players - 1).opening_seat == players - 1
    assert fields_of_error(**base, opening_seat=players) == ("opening_seat", "players")
    # the seat is checked whatever the opening (it also starts DRAW_FOR_DOUBLE)
    assert fields_of_error(players=players, hand_size=5, opening_seat=players) == (
        "opening_seat",
        "players",
    )


@pytest.mark.parametrize("pips", [PartnerPips.ADD, PartnerPips.SUBTRACT])
def test_partner_pips_needs_partnership(pips: PartnerPips) -> None:
    for players in (2, 3, 4):
        assert fields_of_error(players=players, hand_size=5, partner_pips=pips) == (
            "partner_pips",
            "partnership",
        )
    rules = Ruleset(players=4, hand_size=7, partnership=True, partner_pips=pips)
    assert rules.partner_pips is pips
    assert Ruleset(players=2, hand_size=7, partner_pips=PartnerPips.IGNORE).partner_pips is (
        PartnerPips.IGNORE
    )


def test_lowest_individual_needs_partnership() -> None:
    for players in (2, 3, 4):
        assert fields_of_error(
            players=players, hand_size=5, block_winner=BlockWinner.LOWEST_INDIVIDUAL
        ) == ("block_winner", "partnership")
    rules = Ruleset(
        players=4, hand_size=7, partnership=True, block_winner=BlockWinner.LOWEST_INDIVIDUAL
    )
    assert rules.block_winner is BlockWinner.LOWEST_INDIVIDUAL


# --------------------------------------------------------------------------- single fields

BAD_VALUES: list[tuple[str, object]] = [
    ("voluntary_draw", 1),
    ("voluntary_draw", "yes"),
    ("voluntary_draw", None),
    ("boneyard_floor", -1),
    ("boneyard_floor", 1.0),
    ("boneyard_floor", True),
    ("boneyard_floor", None),
    ("boneyard_floor", 1001),
    ("opening", "seat_any_tile"),
    ("opening", None),
    ("opening", DrawRule.NONE),
    ("opening_seat", -1),
    ("opening_seat", 12),
    ("opening_seat", 1.0),
    ("opening_seat", True),
    ("opening_seat", None),
    ("no_double", "redeal"),
    ("no_double", Opening.HIGHEST_DOUBLE),
    ("domino_winner", "emptier"),
    ("domino_winner", None),
    ("domino_winner", BlockWinner.LOWEST_SIDE),
    ("block_detection", "immediate"),
    ("block_detection", None),
    ("block_detection", True),
    ("block_winner", "lowest_side"),
    ("block_winner", DominoWinner.EMPTIER),
    ("block_winner", None),
    ("block_tie", "drawn"),
    ("block_tie", None),
    ("block_tie", DrawnLead.NEXT_PLAYER),
    ("scoring", "penalty"),
    ("scoring", None),
    ("scoring", 0),
    ("partner_pips", "ignore"),
    ("partner_pips", None),
    ("round_to", 0),
    ("round_to", -5),
    ("round_to", 101),
    ("round_to", 5.0),
    ("round_to", True),
    ("round_to", None),
    ("stock_pips", 0),
    ("stock_pips", "no"),
    ("stock_pips", None),
    ("faults", "tolerant"),
    ("faults", None),
    ("faults", FaultPenalty.POINTS),
    ("fault_penalty", "points"),
    ("fault_penalty", None),
    ("fault_penalty", FaultMode.STRICT),
    ("fault_points", -1),
    ("fault_points", 10_001),
    ("fault_points", 30.0),
    ("fault_points", False),
    ("fault_points", None),
    ("target", 0),
    ("target", -100),
    ("target", 1_000_001),
    ("target", 100.0),
    ("target", True),
    ("target", "100"),
    ("hands_limit", 0),
    ("hands_limit", -1),
    ("hands_limit", 100_001),
    ("hands_limit", 1.0),
    ("hands_limit", True),
    ("hands_limit", "3"),
    ("next_lead", "rotate"),
    ("next_lead", None),
    ("next_lead", DrawnLead.SAME_LEADER),
    ("drawn_lead", "same_leader"),
    ("drawn_lead", None),
    ("drawn_lead", NextLead.WINNER),
]


@pytest.mark.parametrize(("field", "value"), BAD_VALUES)
def test_each_bad_value_of_a_new_field_is_named(field: str, value: object) -> None:
    # a drawing game in partnership, so that only the bad value is at fault
    kwargs: dict[str, Any] = {
        "players": 4,
        "hand_size": 5,
        "partnership": True,
        "drawing": DrawRule.UNTIL_PLAYABLE,
        field: value,
    }
    with pytest.raises(RulesetError) as info:
        Ruleset(**kwargs)
    assert info.value.fields == (field,)
    assert field in str(info.value)


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("round_to", 1),
        ("round_to", 5),
        ("round_to", 100),
        ("fault_points", 0),
        ("fault_points", 10_000),
        ("target", None),
        ("target", 1),
        ("target", 1_000_000),
        ("hands_limit", None),
        ("hands_limit", 1),
        ("hands_limit", 100_000),
        ("opening_seat", 0),
        ("boneyard_floor", 0),
        ("stock_pips", True),
        ("voluntary_draw", True),
    ],
)
def test_boundary_values_build(field: str, value: object) -> None:
    kwargs: dict[str, Any] = {"players": 4, "hand_size": 5, "drawing": DrawRule.ONE_THEN_PASS}
    kwargs[field] = value
    rules = Ruleset(**kwargs)
    assert getattr(rules, field) == value


def test_target_and_its_default() -> None:
    assert Ruleset(players=2, hand_size=7).match_target == 100
    assert Ruleset(players=4, hand_size=7, partnership=True).match_target == 100
    assert Ruleset(players=3, hand_size=5).match_target == 61
    assert Ruleset(players=4, hand_size=5).match_target == 61
    assert Ruleset(players=3, hand_size=5, target=7).match_target == 7


def test_every_enum_value_builds_where_it_applies() -> None:
    base: dict[str, Any] = {
        "players": 4,
        "hand_size": 5,
        "partnership": True,
        "drawing": DrawRule.UNTIL_PLAYABLE,
    }
    for field, kind in [
        ("drawing", DrawRule),
        ("no_double", NoDoubleRule),
        ("domino_winner", DominoWinner),
        ("block_detection", BlockDetection),
        ("block_winner", BlockWinner),
        ("block_tie", BlockTie),
        ("scoring", Scoring),
        ("partner_pips", PartnerPips),
        ("faults", FaultMode),
        ("fault_penalty", FaultPenalty),
        ("next_lead", NextLead),
        ("drawn_lead", DrawnLead),
    ]:
        for value in kind:
            fixed = value in (Scoring.FIXED, Scoring.FIXED_DOMINO)  # POINTS-7
            rules = Ruleset(**{**base, field: value, "fixed_points": 2 if fixed else 0})
            assert getattr(rules, field) is value


# --------------------------------------------------------------------------- all combinations


@st.composite
def raw_fields(draw: st.DrawFn) -> dict[str, Any]:
    """Ruleset keywords drawn independently, so many combinations are inconsistent."""
    pips = st.integers(min_value=0, max_value=7)
    return {
        "max_pip": draw(st.integers(min_value=0, max_value=6)),
        "players": draw(st.integers(min_value=2, max_value=5)),
        "hand_size": draw(st.integers(min_value=1, max_value=12)),
        "partnership": draw(st.booleans()),
        "drawing": draw(st.sampled_from(DrawRule)),
        "voluntary_draw": draw(st.booleans()),
        "boneyard_floor": draw(st.integers(min_value=0, max_value=20)),
        "opening": draw(st.sampled_from(Opening)),
        "opening_tile": draw(st.none() | st.builds(Tile, pips, pips)),
        "opening_seat": draw(st.integers(min_value=0, max_value=5)),
        "no_double": draw(st.sampled_from(NoDoubleRule)),
        "block_winner": draw(st.sampled_from(BlockWinner)),
        "partner_pips": draw(st.sampled_from(PartnerPips)),
        "scoring": draw(st.sampled_from(Scoring)),
        "round_to": draw(st.sampled_from([1, 5])),
        "target": draw(st.none() | st.integers(min_value=1, max_value=500)),
        "hands_limit": draw(st.none() | st.integers(min_value=1, max_value=10)),
    }


def expected_problems(raw: dict[str, Any]) -> list[tuple[str, ...]]:
    """The fields tuples of every consistency rule ``raw`` breaks."""
    size = set_size(raw["max_pip"])
    dealt = raw["players"] * raw["hand_size"]
    draws = raw["drawing"] is not DrawRule.NONE
    tile: Tile | None = raw["opening_tile"]
    problems: list[tuple[str, ...]] = []
    if dealt > size:
        problems.append(("hand_size", "players", "max_pip"))
    if raw["partnership"] and raw["players"] != 4:
        problems.append(("partnership", "players"))
    if raw["voluntary_draw"] and not draws:
        problems.append(("voluntary_draw", "drawing"))
    if raw["boneyard_floor"] and not draws:
        problems.append(("boneyard_floor", "drawing"))
    if raw["no_double"] is NoDoubleRule.DRAW_FOR_DOUBLE and not draws:
        problems.append(("no_double", "drawing"))
    if dealt + raw["boneyard_floor"] > size:
        problems.append(("boneyard_floor", "hand_size"))
    if (raw["opening"] is Opening.HOLDER_OF_TILE) != (tile is not None):
        problems.append(("opening_tile", "opening"))
    if tile is not None and tile.high > raw["max_pip"]:
        problems.append(("opening_tile", "max_pip"))
    if raw["opening_seat"] >= raw["players"]:
        problems.append(("opening_seat", "players"))
    if raw["partner_pips"] is not PartnerPips.IGNORE and not raw["partnership"]:
        problems.append(("partner_pips", "partnership"))
    if raw["block_winner"] is BlockWinner.LOWEST_INDIVIDUAL and not raw["partnership"]:
        problems.append(("block_winner", "partnership"))
    return problems


@VARIANT_SETTINGS
@given(raw=raw_fields())
def test_a_ruleset_builds_exactly_when_its_fields_are_consistent(raw: dict[str, Any]) -> None:
    problems = expected_problems(raw)
    if not problems:
        rules = Ruleset(**raw)
        assert all(getattr(rules, name) == value for name, value in raw.items())
        return
    with pytest.raises(RulesetError) as info:
        Ruleset(**raw)
    assert info.value.fields in problems, (info.value.fields, problems)


@VARIANT_SETTINGS
@given(rules=variant_rulesets())
def test_generated_rulesets_are_values(rules: Ruleset) -> None:
    # rebuilding from the fields gives an equal ruleset with an equal hash
    twin = Ruleset(**attrs.asdict(rules, recurse=False))
    assert twin == rules
    assert hash(twin) == hash(rules)
    assert {rules: 1}[twin] == 1
    assert attrs.evolve(rules) == rules
    # a changed option makes a different ruleset
    other = attrs.evolve(rules, fault_points=rules.fault_points + 1)
    assert other != rules
    assert expected_problems({**attrs.asdict(rules, recurse=False)}) == []
    # and it deals
    state = HandState.start(rules, Deal.random(rules, seed=0))
    assert len(state.boneyard) >= rules.boneyard_floor


def test_ruleset_hash_and_equality_by_value() -> None:
    a = Ruleset(players=2, hand_size=7, opening=Opening.HOLDER_OF_TILE, opening_tile="6-6")
    b = Ruleset(players=2, hand_size=7, opening=Opening.HOLDER_OF_TILE, opening_tile=Tile(6, 6))
    assert a == b
    assert hash(a) == hash(b)
    assert len({a, b}) == 1
    c = attrs.evolve(a, opening_tile=Tile(5, 5))
    assert c != a
    assert len({a, b, c}) == 2
    d = Ruleset(players=2, hand_size=7, round_to=5)
    assert d != Ruleset(players=2, hand_size=7)
    assert d == Ruleset(players=2, hand_size=7, round_to=5)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        d.round_to = 1  # type: ignore[misc]


# --------------------------------------------------------------------------- presets


def test_unknown_keyword_in_a_preset() -> None:
    makers: tuple[Callable[[], Ruleset], ...] = (
        lambda: Ruleset.block(colour=1),
        lambda: Ruleset.draw(colour=1),
        lambda: Ruleset.preset("block", colour=1),
        lambda: Ruleset.preset("partnership", colour=1),
        lambda: find_preset("abw333").build(colour=1),
    )
    for make in makers:
        with pytest.raises(RulesetError, match="no such ruleset field: colour") as info:
            make()
        assert info.value.fields == ("colour",)
    with pytest.raises(RulesetError) as info:
        Ruleset.preset("pagat-draw", zeta=1, alpha=2)
    assert set(info.value.fields) == {"alpha", "zeta"}


def test_drawing_given_to_the_block_preset() -> None:
    for drawing in DrawRule:
        with pytest.raises(RulesetError, match="no drawing") as info:
            Ruleset.block(drawing=drawing)
        assert info.value.fields == ("drawing",)
        with pytest.raises(RulesetError) as info:
            Ruleset.preset("block", drawing=drawing)
        assert info.value.fields == ("drawing",)
    assert Ruleset.draw(drawing=DrawRule.ONE_THEN_PASS).drawing is DrawRule.ONE_THEN_PASS
    with pytest.raises(RulesetError) as info:
        Ruleset.draw(drawing="one_then_pass")
    assert info.value.fields == ("drawing",)


def test_presets_list_and_build() -> None:
    names = Ruleset.presets()
    assert names == (
        "block",
        "draw",
        "partnership",
        "pagat-draw",
        "openspiel-block",
        "openspiel-team",
        "abw333",
        "all-fives",
        "muggins",
        "five-up",
        "fives-and-threes",
        "sebastopol",
        "sniff",
        "bergen",
        "double-bergen",
        "cuban",
        "dominican",
        "puerto-rican",
        "mexican-train",
        "mexican-train-9",
        "mexican-train-6",
        "private-trains",
        "chicken-foot",
    )
    for name in names:
        preset = find_preset(name)
        assert isinstance(preset, Preset)
        assert preset.name == name
        rules = Ruleset.preset(name)
        assert rules == preset.build()
        for alias in preset.aliases:
            with warnings.catch_warnings():
                # an ambiguous alias warns (tested in tests/rules/test_presets.py)
                warnings.simplefilter("ignore", AmbiguousPresetWarning)
                assert Ruleset.preset(alias) == rules
                assert find_preset(alias.upper().replace("-", "_")) is preset
        # each preset plays a whole hand
        state = HandState.start(rules, Deal.random(rules, seed=1))
        while not state.is_over:
            state = state.apply(state.legal_moves()[0])
        assert state.result is not None


def test_preset_values() -> None:
    assert Ruleset.preset("block") == Ruleset.block()
    assert Ruleset.preset("draw") == Ruleset.draw()
    with pytest.warns(AmbiguousPresetWarning, match="picked 'partnership'"):
        pairs = Ruleset.preset("latin")
    assert (pairs.players, pairs.partnership, pairs.hand_size) == (4, True, 7)
    assert pairs.opening is Opening.HOLDER_OF_TILE
    assert pairs.opening_tile == Tile(6, 6)
    assert pairs.block_tie is BlockTie.NO_SCORE_NEXT_LEADS
    pagat = Ruleset.preset("pagat")
    assert (pagat.boneyard_floor, pagat.voluntary_draw) == (2, True)
    assert pagat.scoring is Scoring.OPPONENTS_MINUS_OWN
    spiel = Ruleset.preset("python_block_dominoes")
    assert spiel.domino_winner is DominoWinner.LOWEST_TOTAL
    assert spiel.block_detection is BlockDetection.IMMEDIATE
    assert spiel.hands_limit == 1
    team = Ruleset.preset("openspiel-team")
    assert team.partnership
    abw = Ruleset.preset("dominoes-6.1.0")
    assert (abw.scoring, abw.target, abw.next_lead) == (Scoring.ALL_PIPS, 200, NextLead.WINNER)
    assert abw.drawn_lead is DrawnLead.SAME_LEADER


def test_preset_overrides() -> None:
    rules = Ruleset.preset("pagat-draw", boneyard_floor=0, players=3, target=50)
    assert (rules.boneyard_floor, rules.players, rules.target) == (0, 3, 50)
    assert rules.voluntary_draw
    rules = Ruleset.preset("partnership", opening=Opening.SEAT_ANY_TILE, opening_tile=None)
    assert rules.opening is Opening.SEAT_ANY_TILE
    assert rules.opening_tile is None
    # overrides are validated like any field
    with pytest.raises(RulesetError) as info:
        Ruleset.preset("partnership", players=2)
    assert info.value.fields == ("partnership", "players")
    with pytest.raises(RulesetError) as info:
        Ruleset.preset("pagat-draw", boneyard_floor=15)
    assert info.value.fields == ("boneyard_floor", "hand_size")
    with pytest.raises(RulesetError) as info:
        Ruleset.preset("openspiel-block", hands_limit=0)
    assert info.value.fields == ("hands_limit",)


@pytest.mark.parametrize("name", ["", "nope", "block game!", "blocks"])
def test_unknown_preset_name(name: str) -> None:
    with pytest.raises(KeyError, match="no preset named"):
        Ruleset.preset(name)
    with pytest.raises(KeyError):
        find_preset(name)
