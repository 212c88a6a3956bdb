"""The field codec (`dominoes.fields`) and presets as data (`dominoes.rules.Preset`).

Every field of random rulesets survives the JSON, TOML and text forms; a preset's
overrides are a plain difference of fields; a record of every preset reads back.
"""

from __future__ import annotations

import json
import tomllib
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dominoes import Ruleset, Scoring, Tile, records
from dominoes.errors import AmbiguousPresetWarning, FieldValueError, RulesetError
from dominoes.fields import FieldKind, FieldTable
from dominoes.presets import PRESETS, BaseGame, Preset, find_preset
from dominoes.rules import RULESET_FIELDS
from strategies import rulesets, variant_rulesets

ANY_RULES = st.one_of(rulesets(), variant_rulesets())


@settings(max_examples=200, deadline=None)
@given(rules=ANY_RULES)
def test_every_field_round_trips_through_json_toml_and_text(rules: Ruleset) -> None:
    data = {c.name: c.to_data(getattr(rules, c.name)) for c in RULESET_FIELDS.codecs}
    back = json.loads(json.dumps(data))
    assert {n: RULESET_FIELDS[n].from_data(v) for n, v in back.items()} == attrs.asdict(
        rules, recurse=False
    )
    toml = "\n".join(
        f"{c.name} = {json.dumps(c.to_toml(getattr(rules, c.name)))}" for c in RULESET_FIELDS.codecs
    )
    for name, value in tomllib.loads(toml).items():
        assert RULESET_FIELDS[name].from_data(value) == getattr(rules, name)
    for codec in RULESET_FIELDS.codecs:
        value = getattr(rules, codec.name)
        assert codec.from_text(codec.to_text(value)) == value
        assert RULESET_FIELDS.parse_setting(f"{codec.name}={codec.to_text(value)}") == (
            codec.name,
            value,
        )
    assert Ruleset.from_dict(rules.to_dict()) == rules


def test_the_table_knows_every_ruleset_field() -> None:
    assert RULESET_FIELDS.names == tuple(f.name for f in attrs.fields(Ruleset))
    assert list(RULESET_FIELDS) == list(RULESET_FIELDS.names)
    assert FieldTable.of(Ruleset) == RULESET_FIELDS
    kinds = {c.name: c.kind for c in RULESET_FIELDS.codecs}
    assert kinds["players"] is FieldKind.INT
    assert kinds["target"] is FieldKind.OPTIONAL_INT
    assert kinds["opening_tile"] is FieldKind.OPTIONAL_TILE
    assert kinds["stock_pips"] is FieldKind.BOOL
    assert RULESET_FIELDS["scoring"].choices is Scoring
    assert "colour" not in RULESET_FIELDS


@pytest.mark.parametrize(
    ("name", "text", "value"),
    [
        ("scoring", "CASCADE", Scoring.CASCADE),
        ("scoring", "all_pips", Scoring.ALL_PIPS),
        ("stock_pips", "yes", True),
        ("stock_pips", "Off", False),
        ("target", "NONE", None),
        ("opening_tile", "6-5", Tile(5, 6)),
        ("round_to", " 5 ", 5),
    ],
)
def test_text_is_read_leniently(name: str, text: str, value: Any) -> None:
    assert RULESET_FIELDS[name].from_text(text) == value


@pytest.mark.parametrize(
    ("name", "data", "problem"),
    [
        ("stock_pips", 1, "must be true or false"),
        ("players", True, "must be an integer"),
        ("target", "x", 'must be an integer or "none"'),
        ("opening_tile", 6, 'must be a tile such as "6-6", or "none"'),
        ("opening_tile", "6_6", 'must be a tile such as "6-6", or "none", not "6_6"'),
        ("scoring", 3, "not an integer"),
        ("scoring", "CASCADE", 'not "CASCADE"'),
    ],
)
def test_data_is_read_strictly(name: str, data: object, problem: str) -> None:
    with pytest.raises(FieldValueError) as info:
        RULESET_FIELDS[name].from_data(data)
    assert problem in info.value.problem
    assert info.value.fields == (name,)
    assert str(info.value) == f"{name} {info.value.problem}"


def test_an_unknown_field_is_a_ruleset_error() -> None:
    with pytest.raises(RulesetError, match=r"^no such ruleset field: 'colour'$"):
        RULESET_FIELDS["colour"]
    with pytest.raises(RulesetError, match=r"^no ruleset field 'colour'$"):
        RULESET_FIELDS.parse_setting("colour=red")


# ------------------------------------------------------------------ presets as data
def test_presets_are_data() -> None:
    for preset in PRESETS.values():
        assert isinstance(preset.game, BaseGame)
        assert preset.build() == preset.build(**preset.options)
        assert list(preset.options) == [n for n in RULESET_FIELDS.names if n in preset.options]
        with pytest.raises(TypeError):
            preset.options["target"] = 1  # type: ignore[index]
    with pytest.warns(AmbiguousPresetWarning, match="picked 'partnership'"):
        latin = find_preset("latin")
    assert latin.options["opening_tile"] == Tile(6, 6)
    assert hash(latin) == hash(find_preset("partnership"))
    made = Preset(name="mine", summary="A test preset.", game=BaseGame.DRAW, options={"target": 50})
    assert made.build(players=3) == Ruleset.draw(3, target=50)
    assert made.overrides(Ruleset.draw(3, target=50)) == {"players": 3}


def _plain_difference(preset: Preset, rules: Ruleset) -> dict[str, Any]:
    own = preset.build()
    out = {}
    for name in RULESET_FIELDS.names:
        if name == "hand_size":
            continue
        if getattr(rules, name) != getattr(own, name):
            out[name] = getattr(rules, name)
    return out


@settings(max_examples=200, deadline=None)
@given(rules=ANY_RULES, name=st.sampled_from(list(PRESETS)))
def test_every_presets_overrides_are_a_plain_difference(rules: Ruleset, name: str) -> None:
    preset = PRESETS[name]
    overrides = preset.overrides(rules)
    if overrides is None:
        assert preset.game is BaseGame.BLOCK
        assert rules.drawing.value != "none"
        return
    assert preset.build(**overrides) == rules
    rest = {k: v for k, v in overrides.items() if k != "hand_size"}
    assert rest == _plain_difference(preset, rules)
    if "hand_size" in overrides:  # only where the default hand size is not the ruleset's
        assert not _builds(preset, rest) or preset.build(**rest) != rules


def _builds(preset: Preset, options: dict[str, Any]) -> bool:
    try:
        preset.build(**options)
    except RulesetError:
        return False
    return True


@pytest.mark.parametrize("name", list(PRESETS))
def test_records_of_every_preset_round_trip(name: str) -> None:
    for rules in (PRESETS[name].build(), PRESETS[name].build(target=77)):
        record = records.HandRecord(rules=rules, seed=3, preset=name)
        assert record.overrides == PRESETS[name].overrides(rules)
        for form in ("toml", "json"):
            back = records.loads(records.dumps(record, format=form))
            assert back == record
            assert back.preset == name
