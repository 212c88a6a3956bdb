"""Scenario tests for the drawing options DRAWING-1 to DRAWING-3 (docs/rules/drawing.md).

Every test builds a hand-made deal with the boneyard in draw order (``boneyard[0]`` is
drawn first), plays it move by move and checks the result computed by hand in the
comments. Moves are written as the engine prints them: ``"6-6"`` for the lead,
``"5-6:R"`` for a play on the right end, ``"draw"``, ``"pass"``.
"""

from __future__ import annotations

import attrs
import pytest

from dominoes import (
    DRAW,
    PASS,
    Deal,
    DrawRule,
    End,
    Ending,
    HandState,
    IllegalMoveReason,
    Phase,
    Play,
    Ruleset,
    RulesetError,
    Tile,
    VerificationRound,
)
from scenario import DEAL_DRAW, DEAL_FLOOR, play_moves, refusal

ONE_THEN_PASS = Ruleset.draw(drawing=DrawRule.ONE_THEN_PASS)


# The same with seat 1's 0-3 exchanged for 5-6: seat 1 can answer the lead at once.
DEAL_V = Deal(
    hands=[
        ["6-6", "0-0", "0-1", "1-1", "0-2", "1-2", "2-2"],
        ["5-6", "1-3", "2-3", "3-3", "0-4", "1-4", "2-4"],
    ],
    boneyard=[
        "3-4", "4-4", "0-3", "0-5", "1-5", "2-5", "3-5",
        "4-5", "5-5", "0-6", "1-6", "2-6", "3-6", "4-6",
    ],
)  # fmt: skip
PLAYS_5_6 = (Play(tile=Tile(5, 6), end=End.LEFT), Play(tile=Tile(5, 6), end=End.RIGHT))


# ---------------------------------------------------------------- DRAWING-1
def test_drawing_1_draw_one_then_pass() -> None:
    state = play_moves(HandState.start(ONE_THEN_PASS, DEAL_DRAW), "6-6")
    assert state.legal_moves() == (DRAW,)
    state = play_moves(state, "draw")  # 3-4: no 6
    assert state.turn == 1
    assert state.legal_moves() == (PASS,)
    assert refusal(state, DRAW) == IllegalMoveReason.CANNOT_DRAW
    state = play_moves(state, "pass")
    assert state.turn == 0
    assert Tile(3, 4) in state.hand(1)
    assert state.hand_sizes == (6, 8)
    assert len(state.boneyard) == 13
    # seat 0 has no 6 either: it draws 4-4 and passes
    state = play_moves(state, "draw")
    assert state.legal_moves() == (PASS,)
    state = play_moves(state, "pass")
    assert state.turn == 1
    assert state.hand_sizes == (7, 8)
    assert str(state.layout) == "[6|6]"


def test_drawing_1_a_drawn_tile_that_fits_must_be_played() -> None:
    state = play_moves(HandState.start(ONE_THEN_PASS, DEAL_DRAW), "6-6 draw pass draw pass draw")
    # seat 1 draws 5-6, which fits
    assert state.turn == 1
    assert state.legal_moves() == PLAYS_5_6
    assert refusal(state, PASS) == IllegalMoveReason.MUST_PLAY
    assert refusal(state, DRAW) == IllegalMoveReason.MUST_PLAY
    state = play_moves(state, "5-6:R draw 0-5:R")
    assert str(state.layout) == "[6|6][6|5][5|0]"
    assert state.hand_sizes == (7, 8)
    assert [str(step) for step in state.history] == [
        "0: 6-6",
        "1: draw 3-4",
        "1: pass",
        "0: draw 4-4",
        "0: pass",
        "1: draw 5-6",
        "1: 5-6:R",
        "0: draw 0-5",
        "0: 0-5:R",
    ]


def test_drawing_1_pass_with_tiles_left_opens_no_round() -> None:
    state = play_moves(HandState.start(ONE_THEN_PASS, DEAL_DRAW), "6-6 draw pass")
    assert state.phase is Phase.PLAY
    assert state.verification is None
    state = play_moves(state, "draw pass")
    # two passes in a row on a two-seat table, but 12 tiles are left to draw: no block
    assert state.phase is Phase.PLAY
    assert not state.is_over


def test_drawing_1_pass_at_an_empty_boneyard_opens_the_round() -> None:
    # double-3, three players; the only boneyard tile is 2-2
    rules = Ruleset(max_pip=3, players=3, hand_size=3, drawing=DrawRule.ONE_THEN_PASS)
    deal = Deal(
        hands=[["3-3", "0-3", "1-3"], ["0-0", "0-1", "1-1"], ["2-3", "0-2", "1-2"]],
        boneyard=["2-2"],
    )
    state = play_moves(HandState.start(rules, deal), "3-3 draw")
    # seat 1 drew the last tile, 2-2, which does not fit: its pass proposes a block
    assert state.boneyard == ()
    assert state.legal_moves() == (PASS,)
    state = play_moves(state, "pass")
    assert state.phase is Phase.VERIFICATION
    assert state.verification == VerificationRound(proposer=1, confirmed=(1,), players=3)
    state = play_moves(state, "2-3:R")
    assert state.phase is Phase.PLAY
    assert str(state.layout) == "[3|3][3|2]"


def test_drawing_1_draws_again_on_the_next_turn() -> None:
    state = play_moves(HandState.start(ONE_THEN_PASS, DEAL_DRAW), "6-6 draw pass draw pass")
    assert state.turn == 1
    assert state.legal_moves() == (DRAW,)
    assert refusal(state, PASS) == IllegalMoveReason.MUST_DRAW


# ---------------------------------------------------------------- DRAWING-2
VOLUNTARY = Ruleset.draw(voluntary_draw=True)


def test_drawing_2_plays_then_draw() -> None:
    state = play_moves(HandState.start(VOLUNTARY, DEAL_V), "6-6")
    assert state.turn == 1
    assert state.legal_moves() == (*PLAYS_5_6, DRAW)
    assert state.is_legal(DRAW)
    # a player who cannot play still has only the draw
    state = play_moves(state, "5-6:R")
    assert state.turn == 0
    assert state.legal_moves() == (DRAW,)


def test_drawing_2_may_keep_drawing() -> None:
    state = play_moves(HandState.start(VOLUNTARY, DEAL_V), "6-6 draw")  # 3-4
    assert state.turn == 1
    assert state.legal_moves() == (*PLAYS_5_6, DRAW)
    state = play_moves(state, "draw")  # 4-4
    assert state.hand_sizes == (6, 9)
    # 3-4 and 4-4 do not fit [6|6]: the plays are still 5-6 only
    assert state.legal_moves() == (*PLAYS_5_6, DRAW)
    state = play_moves(state, "5-6:R")
    assert str(state.layout) == "[6|6][6|5]"
    assert state.turn == 0
    assert state.hand_sizes == (6, 8)
    assert len(state.boneyard) == 12


def test_drawing_2_a_player_who_can_play_never_passes() -> None:
    state = play_moves(HandState.start(VOLUNTARY, DEAL_V), "6-6")
    assert PASS not in state.legal_moves()
    assert refusal(state, PASS) == IllegalMoveReason.MUST_PLAY
    state = play_moves(state, "draw draw")
    assert refusal(state, PASS) == IllegalMoveReason.MUST_PLAY


def test_drawing_2_not_at_the_floor() -> None:
    # 14 tiles in the boneyard, floor 12: two voluntary draws, then only plays
    rules = Ruleset.draw(voluntary_draw=True, boneyard_floor=12)
    state = play_moves(HandState.start(rules, DEAL_V), "6-6 draw draw")
    assert len(state.boneyard) == 12
    assert state.legal_moves() == PLAYS_5_6
    assert refusal(state, DRAW) == IllegalMoveReason.MUST_PLAY


def test_drawing_2_with_draw_one_then_pass() -> None:
    # a voluntary draw counts as the turn's one draw
    rules = Ruleset.draw(drawing=DrawRule.ONE_THEN_PASS, voluntary_draw=True)
    state = play_moves(HandState.start(rules, DEAL_V), "6-6")
    assert state.legal_moves() == (*PLAYS_5_6, DRAW)
    state = play_moves(state, "draw")
    assert state.legal_moves() == PLAYS_5_6
    assert refusal(state, DRAW) == IllegalMoveReason.MUST_PLAY


def test_drawing_2_off_by_default() -> None:
    assert Ruleset.draw().voluntary_draw is False
    state = play_moves(HandState.start(Ruleset.draw(), DEAL_V), "6-6")
    assert state.legal_moves() == PLAYS_5_6
    assert refusal(state, DRAW) == IllegalMoveReason.MUST_PLAY


def test_drawing_2_needs_drawing() -> None:
    with pytest.raises(RulesetError) as info:
        Ruleset.block(voluntary_draw=True)
    assert info.value.fields == ("voluntary_draw", "drawing")
    with pytest.raises(RulesetError) as info:
        Ruleset(players=2, hand_size=7, voluntary_draw=True)
    assert info.value.fields == ("voluntary_draw", "drawing")


# ---------------------------------------------------------------- DRAWING-3
# Double-3, three tiles each, floor 2: seat 1 draws 0-2 and 1-2, then 2-3 and 2-2 stay.
FLOOR_2 = Ruleset(
    max_pip=3, players=2, hand_size=3, drawing=DrawRule.UNTIL_PLAYABLE, boneyard_floor=2
)


def test_drawing_3_floor_tiles_are_never_drawn() -> None:
    state = play_moves(HandState.start(FLOOR_2, DEAL_FLOOR), "3-3 draw draw")
    assert state.boneyard == (Tile(2, 3), Tile(2, 2))
    # 2-3 would fit, but it is below the floor
    assert state.legal_moves() == (PASS,)
    assert refusal(state, DRAW) == IllegalMoveReason.CANNOT_DRAW
    state = play_moves(state, "pass 0-3:R 0-1:R 1-3:R")
    assert str(state.layout) == "[3|3][3|0][0|1][1|3]"
    assert state.boneyard == (Tile(2, 3), Tile(2, 2))
    result = state.result
    assert result is not None
    assert result.ending is Ending.DOMINO
    assert result.winners == (0,)
    # seat 1 keeps 0-0, 1-1, 0-2, 1-2: 0 + 2 + 2 + 3 = 7; the floor tiles count for nobody
    assert result.pips == (0, 7)
    assert result.points == (7, 0)


def test_drawing_3_pass_at_the_floor_opens_the_round() -> None:
    state = play_moves(HandState.start(FLOOR_2, DEAL_FLOOR), "3-3 draw draw pass")
    assert state.phase is Phase.VERIFICATION
    assert state.verification == VerificationRound(proposer=1, confirmed=(1,), players=2)


def test_drawing_3_blocked_with_tiles_left_in_the_boneyard() -> None:
    # double-3, two tiles each, floor 4: the four floor tiles hold the other three 3s
    rules = Ruleset(
        max_pip=3, players=2, hand_size=2, drawing=DrawRule.UNTIL_PLAYABLE, boneyard_floor=4
    )
    deal = Deal(
        hands=[["3-3", "1-2"], ["0-0", "0-1"]],
        boneyard=["1-1", "0-2", "0-3", "1-3", "2-3", "2-2"],
    )
    state = play_moves(HandState.start(rules, deal), "3-3 draw draw")
    assert len(state.boneyard) == 4
    state = play_moves(state, "pass")
    assert state.phase is Phase.VERIFICATION
    # seat 0 (1-2) cannot play on 3 and may not draw: it confirms, and the hand is blocked
    assert state.legal_moves() == (PASS,)
    state = play_moves(state, "pass")
    result = state.result
    assert result is not None
    assert result.ending is Ending.BLOCKED
    assert result.verification == VerificationRound(proposer=1, confirmed=(1, 0), players=2)
    assert state.boneyard == (Tile(0, 3), Tile(1, 3), Tile(2, 3), Tile(2, 2))
    # seat 0 keeps 1-2 (3); seat 1 keeps 0-0, 0-1, 1-1, 0-2 (0 + 1 + 2 + 2 = 5)
    assert result.pips == (3, 5)
    assert result.winners == (0,)
    assert result.points == (5, 0)


def test_drawing_3_needs_drawing() -> None:
    with pytest.raises(RulesetError) as info:
        Ruleset.block(boneyard_floor=2)
    assert info.value.fields == ("boneyard_floor", "drawing")
    assert Ruleset.draw().boneyard_floor == 0


def test_drawing_3_floor_must_fit_the_boneyard() -> None:
    # four players with 5 tiles each leave 8 tiles: a floor of 9 is impossible
    with pytest.raises(RulesetError) as info:
        Ruleset.draw(4, boneyard_floor=9)
    assert info.value.fields == ("boneyard_floor", "hand_size")
    assert Ruleset.draw(4, boneyard_floor=8).boneyard_floor == 8
    with pytest.raises(RulesetError) as info:
        Ruleset.draw(4, partnership=True, boneyard_floor=1)
    assert info.value.fields == ("boneyard_floor", "hand_size")


def test_drawing_3_floor_of_the_whole_boneyard_means_no_drawing() -> None:
    rules = attrs.evolve(FLOOR_2, boneyard_floor=4)
    state = play_moves(HandState.start(rules, DEAL_FLOOR), "3-3")
    assert state.legal_moves() == (PASS,)
    assert refusal(state, DRAW) == IllegalMoveReason.CANNOT_DRAW


def test_drawing_3_with_draw_one_then_pass() -> None:
    # seat 1 draws 0-2 and passes: with a floor of 2, three tiles are left and the pass
    # proposes nothing; with a floor of 3 the boneyard is now "empty" and it proposes a block
    rules = attrs.evolve(FLOOR_2, drawing=DrawRule.ONE_THEN_PASS)
    state = play_moves(HandState.start(rules, DEAL_FLOOR), "3-3 draw pass")
    assert state.phase is Phase.PLAY
    assert state.verification is None
    rules = attrs.evolve(rules, boneyard_floor=3)
    state = play_moves(HandState.start(rules, DEAL_FLOOR), "3-3 draw")
    assert state.boneyard == (Tile(1, 2), Tile(2, 3), Tile(2, 2))
    assert state.legal_moves() == (PASS,)
    state = play_moves(state, "pass")
    assert state.phase is Phase.VERIFICATION
    assert state.verification == VerificationRound(proposer=1, confirmed=(1,), players=2)
