"""Helpers and shared deals for the hand-built scenario tests."""

from __future__ import annotations

import pytest

from dominoes import (
    DRAW,
    PASS,
    Deal,
    DrawRule,
    End,
    HandState,
    IllegalMoveError,
    IllegalMoveReason,
    Move,
    Opening,
    Play,
    PlayScoring,
    Ruleset,
    SpinnerRule,
    Tile,
    TileSet,
)

ALL_FIVES = Ruleset.draw(
    hand_size=5,
    opening=Opening.SEAT_ANY_TILE,
    spinner=SpinnerRule.FIRST_DOUBLE,
    play_scoring=PlayScoring.FIVES,
    round_to=5,
)
"""All Fives as docs/rules/spinner.md plays it: two players, five tiles each, seat 0 leads
any tile, the first double is the spinner (SPIN-1), long sides first (SPIN-2), fives
score the pips (PLAY-1) and the hand's end points are rounded to 5."""


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


def dealt(*hands: list[str], max_pip: int = 6) -> Deal:
    """A deal of ``hands`` from the double-``max_pip`` set; the other tiles lie in the
    boneyard (or face down, in the Block game) in canonical order."""
    held = {Tile.parse(t) for hand in hands for t in hand}
    rest = [t for t in TileSet.double(max_pip).tiles if t not in held]
    return Deal(hands=list(hands), boneyard=rest)


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


# Scenario deals shared by several test files (the worked examples of the rules pages).

# The three-player Draw game of docs/rules/verification.md (double-3, two tiles each), and
# its moves up to the moment the boneyard is empty and seat 0 cannot play (layout [3|...|0]).
THREE = Ruleset(max_pip=3, players=3, hand_size=2, drawing=DrawRule.UNTIL_PLAYABLE)
DEAL_V = Deal(
    hands=[["2-2", "3-3"], ["0-0", "0-1"], ["1-1", "1-3"]],
    boneyard=["1-2", "0-3", "0-2", "2-3"],
)
OPENING_V = "3-3 draw draw 0-3:L 1-3:R draw 0-2:L 0-1:R draw 2-3:L"

# Seat 0 holds the high tiles and goes out; seat 1 (nothing above a 3) passes throughout and
# keeps 0 + 1 + 2 + 2 + 3 + 4 + 3 = 15 pips.
DEAL_B = Deal(
    hands=[
        ["6-6", "5-6", "5-5", "4-6", "4-5", "4-4", "3-4"],
        ["0-0", "0-1", "1-1", "0-2", "1-2", "2-2", "0-3"],
    ],
    boneyard=[
        "1-3", "2-3", "3-3", "0-4", "1-4", "2-4", "0-5",
        "1-5", "2-5", "3-5", "0-6", "1-6", "2-6", "3-6",
    ],
)  # fmt: skip

MOVES_B = "6-6 pass 5-6:R pass 5-5:R pass 4-5:R pass 4-4:R pass 4-6:L pass 3-4:R"

# The deal of BLOCK-7: once 6-6 and 5-6 are down nobody can play; seat 0 keeps 12 pips,
# seat 1 keeps 27.
DEAL_C = Deal(
    hands=[
        ["6-6", "0-0", "0-1", "1-1", "0-2", "1-2", "2-2"],
        ["5-6", "0-3", "1-3", "2-3", "3-3", "0-4", "1-4"],
    ],
    boneyard=[
        "2-4", "3-4", "4-4", "0-5", "1-5", "2-5", "3-5",
        "4-5", "5-5", "0-6", "1-6", "2-6", "3-6", "4-6",
    ],
)  # fmt: skip

MOVES_C = "6-6 5-6:R pass pass"

# Seat 0 leads 6-6 and the hand is blocked at 21 pips each: a drawn hand.
DEAL_TIE = Deal(
    hands=[
        ["6-6", "0-0", "0-1", "1-1", "2-2", "3-3", "4-4"],
        ["5-6", "0-2", "1-2", "0-3", "1-3", "2-3", "0-4"],
    ],
    boneyard=[
        "1-4", "2-4", "3-4", "0-5", "1-5", "2-5", "3-5",
        "4-5", "5-5", "0-6", "1-6", "2-6", "3-6", "4-6",
    ],
)  # fmt: skip

# Partnership, all 28 tiles: seat 2 leads 6-6, seat 0 lays the last tile (1-4) and the hand
# is blocked; seats 0+2 hold 27+25 = 52 against 33+23 = 56 and score 56.
DEAL_E = Deal(
    hands=[
        ["0-0", "0-1", "1-4", "1-6", "2-6", "3-5", "5-6"],
        ["0-3", "1-2", "3-3", "1-5", "4-4", "5-5", "0-6"],
        ["2-2", "0-4", "2-4", "3-4", "0-5", "4-6", "6-6"],
        ["1-1", "0-2", "1-3", "2-3", "4-5", "2-5", "3-6"],
    ],
)

MOVES_E = "6-6 3-6:R 1-6:L 1-5:L 0-5:L 1-3:R 0-1:L 1-2:R 2-4:R 1-1:L 1-4:R pass pass pass pass"

# The deal of the BLOCK-4 and BLOCK-6 examples: both players play a tile on every turn.
DEAL_A = Deal(
    hands=[
        ["6-6", "0-0", "1-1", "2-2", "4-4", "3-5", "4-6"],
        ["0-2", "1-3", "0-4", "1-4", "2-4", "5-5", "5-6"],
    ],
    boneyard=[
        "0-1", "1-2", "0-3", "2-3", "3-3", "3-4", "0-5",
        "1-5", "2-5", "4-5", "0-6", "1-6", "2-6", "3-6",
    ],
)  # fmt: skip

MOVES_A = "6-6 5-6:R 3-5:R 1-3:R 1-1:R 1-4:R 4-4:R 2-4:R 2-2:R 0-2:R 0-0:R 0-4:R 4-6:L"

# Double-4, three players, two tiles each. Seat 0 leads 4-4 and nobody can follow:
# pips (2, 2, 7), and seat 0 laid the last tile.
DEAL_TIE_2 = Deal(
    hands=[["4-4", "0-2"], ["0-0", "1-1"], ["1-2", "2-2"]],
    boneyard=["0-1", "0-3", "1-3", "2-3", "3-3", "0-4", "1-4", "2-4", "3-4"],
)

# ---------------------------------------------------------------- DRAW-2
# Double-six Draw game: seat 1 holds no 6; the third tile of the boneyard is 5-6.
DEAL_DRAW = Deal(
    hands=[
        ["6-6", "0-0", "0-1", "1-1", "0-2", "1-2", "2-2"],
        ["0-3", "1-3", "2-3", "3-3", "0-4", "1-4", "2-4"],
    ],
    boneyard=[
        "3-4", "4-4", "5-6", "0-5", "1-5", "2-5", "3-5",
        "4-5", "5-5", "0-6", "1-6", "2-6", "3-6", "4-6",
    ],
)  # fmt: skip

DEAL_FLOOR = Deal(
    hands=[["3-3", "0-3", "1-3"], ["0-0", "0-1", "1-1"]],
    boneyard=["0-2", "1-2", "2-3", "2-2"],
)

# ---------------------------------------------------------------- POINTS, TRAIN-10
# Double-4, three players, two tiles each. Seat 0 leads 4-4 and nobody can follow:
# left in hand seat 0 0-2, seat 1 0-0 2-2, seat 2 1-1 3-3 (pips 2, 4, 8); seat 0 wins
# the block (the deal of docs/rules/points.md).
DEAL_POINTS_3 = Deal(
    hands=[["4-4", "0-2"], ["0-0", "2-2"], ["1-1", "3-3"]],
    boneyard=["0-1", "1-2", "0-3", "1-3", "2-3", "0-4", "1-4", "2-4", "3-4"],
)
MOVES_POINTS_3 = "4-4 pass pass pass"

# ---------------------------------------------------------------- LEAD-1
# Double-six Block game; all seven doubles, 5-6 and 4-6 are face down.
DEAL_NO_DOUBLE = Deal(
    hands=[
        ["0-1", "1-2", "2-3", "0-5", "4-5", "1-6", "2-6"],
        ["0-2", "1-3", "0-4", "1-4", "2-5", "3-5", "3-6"],
    ],
    boneyard=[
        "0-0", "1-1", "2-2", "0-3", "3-3", "2-4", "3-4",
        "4-4", "1-5", "5-5", "0-6", "4-6", "5-6", "6-6",
    ],
)  # fmt: skip
