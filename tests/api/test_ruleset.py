"""Unit tests of the public surface of ``dominoes.rules``: Ruleset, its enums and presets."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from dominoes import (
    DominoesError,
    DrawRule,
    NoDoubleRule,
    Opening,
    Ruleset,
    RulesetError,
    TileSet,
)
from dominoes.rules import MAX_PLAYERS, default_hand_size

# ------------------------------------------------------------------ presets


def test_block_preset_defaults() -> None:
    r = Ruleset.block()
    assert r.max_pip == 6
    assert r.players == 2
    assert r.hand_size == 7
    assert r.partnership is False
    assert r.drawing is DrawRule.NONE
    assert r.opening is Opening.HIGHEST_DOUBLE
    assert r.no_double is NoDoubleRule.HEAVIEST_TILE


def test_draw_preset_defaults() -> None:
    r = Ruleset.draw()
    assert (r.max_pip, r.players, r.hand_size, r.partnership) == (6, 2, 7, False)
    assert r.drawing is DrawRule.UNTIL_PLAYABLE
    assert r.opening is Opening.HIGHEST_DOUBLE
    assert r.no_double is NoDoubleRule.HEAVIEST_TILE


@pytest.mark.parametrize(
    ("players", "partnership", "size"), [(2, False, 7), (3, False, 5), (4, False, 5), (4, True, 7)]
)
def test_double_six_hand_sizes(players: int, partnership: bool, size: int) -> None:
    assert Ruleset.block(players, partnership=partnership).hand_size == size
    assert Ruleset.draw(players, partnership=partnership).hand_size == size


def test_preset_equals_the_explicit_ruleset() -> None:
    assert Ruleset.block() == Ruleset(players=2, hand_size=7)
    assert Ruleset.draw(3) == Ruleset(players=3, hand_size=5, drawing=DrawRule.UNTIL_PLAYABLE)
    assert Ruleset.block(4, partnership=True) == Ruleset(players=4, hand_size=7, partnership=True)


@pytest.mark.parametrize(
    ("max_pip", "players", "size"),
    [(9, 5, 7), (9, 6, 7), (9, 7, 7), (12, 8, 7), (12, 9, 7), (12, 10, 7)],
)
def test_block_hand_sizes_for_larger_sets(max_pip: int, players: int, size: int) -> None:
    r = Ruleset.block(players, max_pip=max_pip)
    assert r.hand_size == size
    assert r.max_pip == max_pip


@pytest.mark.parametrize(
    ("max_pip", "players", "size"),
    [
        (9, 2, 7),
        (9, 8, 6),
        (12, 2, 15),
        (12, 4, 15),
        (12, 5, 12),
        (12, 8, 11),
        (15, 4, 15),
        (15, 7, 13),
        (15, 12, 11),
    ],
)
def test_draw_hand_sizes_for_larger_sets(max_pip: int, players: int, size: int) -> None:
    r = Ruleset.draw(players, max_pip=max_pip)
    assert r.hand_size == size
    assert r.players * r.hand_size <= len(r.tile_set)


@pytest.mark.parametrize(
    "make",
    [
        lambda: Ruleset.block(5),
        lambda: Ruleset.block(max_pip=9),
        lambda: Ruleset.block(2, max_pip=12),
        lambda: Ruleset.block(3, max_pip=5),
        lambda: Ruleset.draw(5),
        lambda: Ruleset.draw(9, max_pip=12),
        lambda: Ruleset.draw(2, max_pip=7),
        lambda: Ruleset.block(4, partnership=True, max_pip=9),
    ],
)
def test_no_default_hand_size_is_an_error_naming_hand_size(make: Any) -> None:
    with pytest.raises(RulesetError, match="pass hand_size explicitly") as info:
        make()
    assert info.value.fields == ("hand_size",)
    assert info.value.field == "hand_size"


def test_explicit_hand_size_overrides_the_default() -> None:
    assert Ruleset.block(5, hand_size=5).hand_size == 5
    assert Ruleset.block(hand_size=3).hand_size == 3
    assert Ruleset.draw(2, max_pip=7, hand_size=9).hand_size == 9
    assert Ruleset.block(max_pip=9, hand_size=10).max_pip == 9


def test_default_hand_size_function() -> None:
    assert default_hand_size(DrawRule.NONE, 6, 2, False) == 7
    assert default_hand_size(DrawRule.NONE, 6, 4, True) == 7
    assert default_hand_size(DrawRule.UNTIL_PLAYABLE, 12, 5, False) == 12
    with pytest.raises(RulesetError, match="Block game with double-6 and 5 players"):
        default_hand_size(DrawRule.NONE, 6, 5, False)
    with pytest.raises(RulesetError, match="Draw game with double-7 and 2 players"):
        default_hand_size(DrawRule.UNTIL_PLAYABLE, 7, 2, False)


@pytest.mark.parametrize("players", [1, 0, -2, MAX_PLAYERS + 1, True, 2.0, "2", None])
def test_presets_check_players(players: Any) -> None:
    for preset in (Ruleset.block, Ruleset.draw):
        with pytest.raises(RulesetError, match="players must be an int from 2 to 12") as info:
            preset(players)
        assert info.value.fields == ("players",)


def test_presets_refuse_partnership_without_four_players() -> None:
    with pytest.raises(RulesetError) as info:
        Ruleset.block(3, partnership=True)
    assert info.value.fields == ("partnership", "players")
    with pytest.raises(RulesetError) as info:
        Ruleset.draw(2, partnership=True)
    assert info.value.field == "partnership"


# ------------------------------------------------------------------ validation


@pytest.mark.parametrize(
    ("overrides", "field"),
    [
        ({"players": 1}, "players"),
        ({"players": 13}, "players"),
        ({"players": 0}, "players"),
        ({"players": True}, "players"),
        ({"players": 2.0}, "players"),
        ({"players": "2"}, "players"),
        ({"hand_size": 0}, "hand_size"),
        ({"hand_size": -1}, "hand_size"),
        ({"hand_size": 1001}, "hand_size"),
        ({"hand_size": 7.0}, "hand_size"),
        ({"hand_size": True}, "hand_size"),
        ({"hand_size": None}, "hand_size"),
        ({"max_pip": -1}, "max_pip"),
        ({"max_pip": 31}, "max_pip"),
        ({"max_pip": 6.0}, "max_pip"),
        ({"max_pip": True}, "max_pip"),
        ({"partnership": 1}, "partnership"),
        ({"partnership": 0}, "partnership"),
        ({"partnership": "yes"}, "partnership"),
        ({"partnership": None}, "partnership"),
        ({"drawing": "none"}, "drawing"),
        ({"drawing": None}, "drawing"),
        ({"drawing": Opening.HIGHEST_DOUBLE}, "drawing"),
        ({"opening": "highest_double"}, "opening"),
        ({"opening": DrawRule.NONE}, "opening"),
        ({"no_double": None}, "no_double"),
        ({"no_double": "heaviest_tile"}, "no_double"),
    ],
)
def test_each_bad_field_is_named(overrides: dict[str, Any], field: str) -> None:
    kwargs: dict[str, Any] = {"players": 2, "hand_size": 7, **overrides}
    with pytest.raises(RulesetError) as info:
        Ruleset(**kwargs)
    assert info.value.fields == (field,)
    assert info.value.field == field
    assert field in str(info.value)


def test_int_field_messages() -> None:
    with pytest.raises(RulesetError, match=r"players must be an int, got 2\.0"):
        Ruleset(players=2.0, hand_size=1)  # type: ignore[arg-type]
    with pytest.raises(RulesetError, match="players must be from 2 to 12, got 13"):
        Ruleset(players=13, hand_size=1)
    with pytest.raises(RulesetError, match="partnership must be a bool, got 1"):
        Ruleset(players=4, hand_size=1, partnership=1)  # type: ignore[arg-type]
    with pytest.raises(RulesetError, match="drawing must be a DrawRule, got 'none'"):
        Ruleset(players=4, hand_size=1, drawing="none")  # type: ignore[arg-type]


def test_hand_size_too_big_for_the_set() -> None:
    with pytest.raises(RulesetError, match="30 tiles dealt, but double-6 has only 28") as info:
        Ruleset(players=2, hand_size=15)
    assert info.value.fields == ("hand_size", "players", "max_pip")
    assert info.value.field == "hand_size"
    with pytest.raises(RulesetError) as info:
        Ruleset(max_pip=0, players=2, hand_size=1)
    assert info.value.field == "hand_size"


def test_the_whole_set_may_be_dealt() -> None:
    assert Ruleset(players=4, hand_size=7).hand_size == 7
    assert Ruleset(players=2, hand_size=14).hand_size == 14
    assert Ruleset(max_pip=1, players=3, hand_size=1).max_pip == 1


@pytest.mark.parametrize("players", [2, 3, 5])
def test_partnership_needs_four_players(players: int) -> None:
    with pytest.raises(RulesetError, match="needs exactly 4 players") as info:
        Ruleset(players=players, hand_size=5, partnership=True)
    assert info.value.fields == ("partnership", "players")


def test_fields_are_keyword_only_and_players_hand_size_are_required() -> None:
    with pytest.raises(TypeError):
        Ruleset(6, 2, 7)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Ruleset(players=2)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Ruleset(hand_size=7)  # type: ignore[call-arg]


def test_ruleset_error_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="players"):
        Ruleset(players=1, hand_size=1)
    assert issubclass(RulesetError, DominoesError)


# ------------------------------------------------------------------ derived values


def test_teams_without_partnership() -> None:
    assert Ruleset.block().teams == ((0,), (1,))
    r = Ruleset.block(3)
    assert r.teams == ((0,), (1,), (2,))
    assert [r.team_of(s) for s in range(3)] == [(0,), (1,), (2,)]
    assert Ruleset.block(4).teams == ((0,), (1,), (2,), (3,))


def test_teams_in_partnership() -> None:
    r = Ruleset.block(4, partnership=True)
    assert r.teams == ((0, 2), (1, 3))
    assert [r.team_of(s) for s in range(4)] == [(0, 2), (1, 3), (0, 2), (1, 3)]
    assert Ruleset.draw(4, partnership=True).teams == ((0, 2), (1, 3))


def test_tile_set() -> None:
    assert Ruleset.block().tile_set == TileSet.double(6)
    assert Ruleset.draw(4, max_pip=12).tile_set == TileSet.double(12)


def test_ruleset_is_hashable_and_frozen() -> None:
    a, b = Ruleset.block(), Ruleset(players=2, hand_size=7)
    assert a == b
    assert hash(a) == hash(b)
    assert {a: 1}[b] == 1
    assert a != Ruleset.draw()
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        a.players = 3  # type: ignore[misc]
    assert a.players == 2


def test_evolve_revalidates() -> None:
    r = Ruleset.block()
    assert attrs.evolve(r, drawing=DrawRule.UNTIL_PLAYABLE) == Ruleset.draw()
    with pytest.raises(RulesetError) as info:
        attrs.evolve(r, players=13)
    assert info.value.field == "players"
    with pytest.raises(RulesetError) as info:
        attrs.evolve(r, partnership=True)
    assert info.value.field == "partnership"


def test_enum_values() -> None:
    assert DrawRule("none") is DrawRule.NONE
    assert DrawRule("until_playable") is DrawRule.UNTIL_PLAYABLE
    assert Opening("highest_double") is Opening.HIGHEST_DOUBLE
    assert NoDoubleRule("heaviest_tile") is NoDoubleRule.HEAVIEST_TILE
