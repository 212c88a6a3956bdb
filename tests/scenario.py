"""Helpers for the hand-built scenario tests: moves written as the engine prints them."""

from __future__ import annotations

import pytest

from dominoes import (
    DRAW,
    PASS,
    End,
    HandState,
    IllegalMoveError,
    IllegalMoveReason,
    Move,
    Play,
    Tile,
)


def parse_move(text: str) -> Move:
    """Parse a move written as the engine prints it: '6-6', '5-6:R', 'draw', 'pass'."""
    if text == "pass":
        return PASS
    if text == "draw":
        return DRAW
    tile, _, end = text.partition(":")
    if not end:
        return Play(tile=Tile.parse(tile))
    return Play(tile=Tile.parse(tile), end=End.LEFT if end == "L" else End.RIGHT)


def play_moves(state: HandState, moves: str) -> HandState:
    """Apply a space-separated string of moves."""
    for text in moves.split():
        state = state.apply(parse_move(text))
    return state


def refusal(state: HandState, move: Move, *, seat: int | None = None) -> IllegalMoveReason:
    """The reason ``state`` refuses ``move``; fails the test if the move is accepted."""
    with pytest.raises(IllegalMoveError) as info:
        state.apply(move, seat=seat)
    assert info.value.state is state
    return info.value.reason
