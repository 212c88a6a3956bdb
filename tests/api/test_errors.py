"""Unit tests of ``dominoes.errors``: the hierarchy, attributes and reason enums."""

from __future__ import annotations

import enum

import pytest

import dominoes
from dominoes import (
    PASS,
    Deal,
    DealError,
    DealProblem,
    DominoesError,
    HandState,
    IllegalMoveError,
    IllegalMoveReason,
    InvalidTileError,
    NotationError,
    Ruleset,
    RulesetError,
    Tile,
)

VALUE_ERRORS = [InvalidTileError, NotationError, RulesetError, DealError, IllegalMoveError]


def test_base_class() -> None:
    assert issubclass(DominoesError, Exception)
    assert not issubclass(DominoesError, ValueError)


@pytest.mark.parametrize("cls", VALUE_ERRORS, ids=lambda c: c.__name__)
def test_value_errors_derive_from_both_bases(cls: type[Exception]) -> None:
    assert issubclass(cls, DominoesError)
    assert issubclass(cls, ValueError)


def test_every_error_is_exported() -> None:
    for cls in [DominoesError, *VALUE_ERRORS]:
        assert getattr(dominoes, cls.__name__) is cls
        assert cls.__name__ in dominoes.__all__
        assert cls.__module__ == "dominoes.errors"


def test_notation_error_attributes() -> None:
    err = NotationError("bad", text="5 5", what="tile")
    assert (str(err), err.text, err.what) == ("bad", "5 5", "tile")
    with pytest.raises(NotationError) as info:
        Tile.parse("5_5")
    assert (info.value.text, info.value.what) == ("5_5", "tile")


def test_ruleset_error_attributes() -> None:
    err = RulesetError("bad", fields=("hand_size", "players"))
    assert err.fields == ("hand_size", "players")
    assert err.field == "hand_size"
    assert str(err) == "bad"
    with pytest.raises(RulesetError) as info:
        Ruleset(players=13, hand_size=1)
    assert info.value.fields == ("players",)


def test_deal_error_attributes() -> None:
    err = DealError("bad", reason=DealProblem.MISSING_TILES)
    assert err.reason is DealProblem.MISSING_TILES
    assert err.seat is None
    assert DealError("bad", reason=DealProblem.WRONG_HAND_SIZE, seat=2).seat == 2
    with pytest.raises(DealError) as info:
        HandState.start(Ruleset.block(), Deal(hands=[[]]))
    assert info.value.reason is DealProblem.WRONG_PLAYER_COUNT


def test_illegal_move_error_attributes() -> None:
    rules = Ruleset.block()
    state = HandState.start(rules, Deal.random(rules, seed=7))
    with pytest.raises(IllegalMoveError) as info:
        state.apply(PASS)
    err = info.value
    assert err.move is PASS
    assert err.state is state
    assert err.reason is IllegalMoveReason.MUST_LEAD
    assert str(err) == (
        "illegal move pass by seat 1: the layout is empty; the move must lay the opening tile"
    )


def test_errors_can_be_caught_as_dominoes_error() -> None:
    with pytest.raises(DominoesError):
        Tile(-1, 0)
    with pytest.raises(DominoesError):
        Tile.parse("x")
    with pytest.raises(DominoesError):
        Ruleset.block(1)
    with pytest.raises(DominoesError):
        Deal(hands=[[1]])


@pytest.mark.parametrize("kind", [DealProblem, IllegalMoveReason], ids=lambda k: k.__name__)
def test_reason_values_are_lowercase_names(kind: type[enum.Enum]) -> None:
    for member in kind:
        assert member.value == member.name.lower()
        assert kind(member.value) is member


def test_reason_members() -> None:
    assert {m.name for m in DealProblem} == {
        "WRONG_PLAYER_COUNT",
        "WRONG_HAND_SIZE",
        "DUPLICATE_TILE",
        "TILE_NOT_IN_SET",
        "MISSING_TILES",
        "NOT_A_TILE",
        "NO_OPENING_TILE",
    }
    assert {m.name for m in IllegalMoveReason} == {
        "NOT_A_MOVE",
        "HAND_OVER",
        "NOT_YOUR_TURN",
        "TILE_NOT_IN_HAND",
        "MUST_LEAD",
        "WRONG_LEAD",
        "NO_SUCH_END",
        "DOES_NOT_MATCH",
        "NO_SUCH_ARM",
        "END_NOT_OPEN",
        "TRAIN_NOT_OPEN",
        "MUST_SATISFY",
        "CANNOT_STOP",
        "MUST_PLAY",
        "MUST_DRAW",
        "CANNOT_DRAW",
        "WRONG_DRAW_TILE",
        "NO_SUCH_SEAT",
        "DRAW_NAMES_TILE",
        "MUST_CLAIM",
        "WRONG_CLAIM",
        "NO_CLAIM",
        "NO_MUGGINS",
    }


def test_public_names_resolve() -> None:
    for name in dominoes.__all__:
        assert hasattr(dominoes, name), name
    assert isinstance(dominoes.__version__, str)
