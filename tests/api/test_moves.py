"""Unit tests of the public surface of ``dominoes.moves``: Play, Draw, Pass and End."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from dominoes import DRAW, PASS, Draw, End, Move, Pass, Play, Tile

NAMESPACE = {"Play": Play, "Draw": Draw, "Pass": Pass, "Tile": Tile, "End": End}


def test_end_values() -> None:
    assert End.LEFT.value == 0
    assert End.RIGHT.value == 1
    assert int(End.RIGHT) == 1
    assert list(End)[:4] == [End.LEFT, End.RIGHT, End.UP, End.DOWN]
    assert [end.token for end in End][:6] == ["L", "R", "U", "D", "A4", "A5"]
    # 64 arms of layouts with spinners, then the trains of a train game (TRAIN-3)
    assert len(End) == 64 + 12 + 1
    assert [end.token for end in End][64:] == [*(f"T{k}" for k in range(12)), "M"]
    assert all(End.from_token(end.token) is end for end in End)


def test_play_str() -> None:
    assert str(Play(tile=Tile(6, 6))) == "6-6"
    assert str(Play(tile=Tile(6, 4), end=End.LEFT)) == "4-6:L"
    assert str(Play(tile=Tile(6, 4), end=End.RIGHT)) == "4-6:R"


def test_play_repr() -> None:
    assert repr(Play(tile=Tile(6, 6))) == "Play(tile=Tile(6, 6))"
    assert repr(Play(tile=Tile(6, 4), end=End.LEFT)) == "Play(tile=Tile(4, 6), end=End.LEFT)"
    assert repr(Play(tile=Tile(0, 1), end=End.RIGHT)) == "Play(tile=Tile(0, 1), end=End.RIGHT)"


def test_draw_and_pass_str_and_repr() -> None:
    assert str(Draw()) == "draw"
    assert repr(Draw()) == "Draw()"
    assert str(Draw(Tile(5, 2))) == "draw 2-5"
    assert repr(Draw(Tile(5, 2))) == "Draw(Tile(2, 5))"
    assert str(Pass()) == "pass"
    assert repr(Pass()) == "Pass()"


@pytest.mark.parametrize(
    "move",
    [
        Play(tile=Tile(6, 6)),
        Play(tile=Tile(3, 5), end=End.LEFT),
        Play(tile=Tile(3, 5), end=End.RIGHT),
        Draw(),
        Draw(Tile(0, 4)),
        Pass(),
    ],
    ids=str,
)
def test_repr_round_trips_through_eval(move: Move) -> None:
    again = eval(repr(move), dict(NAMESPACE))
    assert again == move
    assert type(again) is type(move)


def test_play_equality_and_hash() -> None:
    a = Play(tile=Tile(6, 4), end=End.LEFT)
    b = Play(tile=Tile(4, 6), end=End.LEFT)
    assert a == b
    assert hash(a) == hash(b)
    assert a != Play(tile=Tile(4, 6), end=End.RIGHT)
    assert a != Play(tile=Tile(4, 6))
    assert a != Play(tile=Tile(4, 5), end=End.LEFT)
    assert Play(tile=Tile(4, 6)).end is None


def test_draw_equality() -> None:
    assert Draw() == Draw(None)
    assert Draw(Tile(1, 2)) == Draw(Tile(2, 1))
    assert Draw(Tile(1, 2)) != Draw()
    pass_: object = Pass()
    assert Draw() != pass_


def test_draw_and_pass_constants() -> None:
    assert Draw() == DRAW
    assert hash(Draw()) == hash(DRAW)
    assert DRAW.tile is None
    assert Pass() == PASS
    assert hash(Pass()) == hash(PASS)
    assert isinstance(DRAW, Draw)
    assert isinstance(PASS, Pass)


def test_move_is_the_union_of_the_three_kinds() -> None:
    for move in (Play(tile=Tile(1, 1)), DRAW, PASS):
        assert isinstance(move, Move)
    assert not isinstance(Tile(1, 1), Move)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"tile": "6-6"},
        {"tile": (6, 6)},
        {"tile": None},
        {"tile": Tile(6, 6), "end": 0},
        {"tile": Tile(6, 6), "end": 1},
        {"tile": Tile(6, 6), "end": "L"},
        {"tile": Tile(6, 6), "end": "left"},
    ],
)
def test_play_validates_its_fields(kwargs: dict[str, Any]) -> None:
    with pytest.raises(TypeError):
        Play(**kwargs)


def test_play_is_keyword_only() -> None:
    with pytest.raises(TypeError):
        Play(Tile(1, 1))  # type: ignore[call-arg]


@pytest.mark.parametrize("tile", ["1-1", 5, (1, 1)])
def test_draw_validates_its_tile(tile: Any) -> None:
    with pytest.raises(TypeError):
        Draw(tile)
    with pytest.raises(TypeError):
        Draw(tile=tile)


def test_moves_are_frozen() -> None:
    play = Play(tile=Tile(1, 1))
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        play.end = End.LEFT  # type: ignore[misc]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        DRAW.tile = Tile(1, 1)  # type: ignore[misc]
    assert play.end is None
    assert DRAW.tile is None
