"""Scenario tests for the Block game rules BLOCK-1 to BLOCK-9 (docs/rules/block.md).

Every test builds a hand-made deal, plays it move by move and checks the result
computed by hand in the comments. Moves are written as the engine prints them:
``"6-6"`` for the lead, ``"5-6:R"`` for a play on the right end, ``"pass"``.
"""

from __future__ import annotations

import pytest

from dominoes import (
    DRAW,
    PASS,
    Deal,
    DealError,
    DealProblem,
    Draw,
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
from scenario import (
    DEAL_A,
    DEAL_B,
    DEAL_C,
    DEAL_E,
    MOVES_A,
    MOVES_B,
    MOVES_E,
    parse_move,
    play_moves,
    refusal,
)


# ---------------------------------------------------------------- BLOCK-1
@pytest.mark.parametrize(
    ("players", "hand_size", "out_of_play"), [(2, 7, 14), (3, 5, 13), (4, 5, 8)]
)
def test_block_1_double_six_hand_sizes(players: int, hand_size: int, out_of_play: int) -> None:
    rules = Ruleset.block(players)
    assert rules.max_pip == 6
    assert len(rules.tile_set) == 28
    assert rules.hand_size == hand_size
    assert rules.drawing is DrawRule.NONE
    deal = Deal.random(rules, seed=1)
    assert [len(hand) for hand in deal.hands] == [hand_size] * players
    # seed 002: 14 / 13 / 8 tiles stay out of play
    assert len(deal.boneyard) == out_of_play


def test_block_1_deal_must_match_hand_size() -> None:
    rules = Ruleset.block()
    short = Deal(
        hands=[DEAL_A.hands[0][:6], DEAL_A.hands[1]],
        boneyard=(DEAL_A.hands[0][6], *DEAL_A.boneyard),
    )
    with pytest.raises(DealError) as info:
        HandState.start(rules, short)
    assert info.value.reason is DealProblem.WRONG_HAND_SIZE
    assert info.value.seat == 0


@pytest.mark.parametrize(
    ("max_pip", "players"),
    [(9, 5), (9, 6), (9, 7), (12, 8), (12, 9), (12, 10)],
)
def test_block_1_larger_sets_deal_seven_each(max_pip: int, players: int) -> None:
    # [DIGI]: double-9 for 5 to 7 players, double-12 for 8 to 10, 7 tiles each
    assert Ruleset.block(players, max_pip=max_pip).hand_size == 7


# ---------------------------------------------------------------- BLOCK-2
def test_block_2_nobody_draws_the_sleeping_tiles() -> None:
    state = HandState.start(Ruleset.block(), DEAL_B)
    state = play_moves(state, "6-6")
    # seat 1 cannot match a 6 and 14 tiles are face down: it still may not draw
    assert state.turn == 1
    assert len(state.boneyard) == 14
    assert state.legal_moves() == (PASS,)
    assert refusal(state, DRAW) == IllegalMoveReason.CANNOT_DRAW
    after = state.apply(PASS)
    assert after.boneyard == state.boneyard
    assert after.hand(1) == state.hand(1)


def test_block_2_a_draw_is_refused_as_cannot_draw_even_when_the_seat_can_play() -> None:
    state = play_moves(HandState.start(Ruleset.block(), DEAL_B), "6-6 pass")
    assert state.turn == 0
    assert any(isinstance(m, Play) for m in state.legal_moves())
    # not MUST_PLAY: in the Block game nobody ever draws, whatever the hand holds
    assert refusal(state, DRAW) == IllegalMoveReason.CANNOT_DRAW


def test_block_2_boneyard_untouched_for_the_whole_hand() -> None:
    start = HandState.start(Ruleset.block(), DEAL_B)
    state = start
    for text in MOVES_B.split():
        assert DRAW not in state.legal_moves()
        state = state.apply(parse_move(text))
    assert state.is_over
    assert state.boneyard == DEAL_B.boneyard
    assert not any(isinstance(step.move, Draw) for step in state.history)


# ---------------------------------------------------------------- BLOCK-3
def test_block_3_highest_double_leads() -> None:
    # 6-6 is face down, so 5-5 (seat 1) is the highest double dealt
    deal = Deal(
        hands=[
            ["0-1", "0-2", "1-3", "4-4", "2-4", "3-6", "4-5"],
            ["1-2", "0-3", "1-4", "2-5", "3-5", "5-5", "0-6"],
        ],
        boneyard=[
            "0-0", "1-1", "2-2", "2-3", "3-3", "0-4", "3-4",
            "0-5", "1-5", "1-6", "2-6", "4-6", "5-6", "6-6",
        ],
    )  # fmt: skip
    state = HandState.start(Ruleset.block(), deal)
    assert state.phase is Phase.LEAD
    assert state.turn == 1
    assert state.legal_moves() == (Play(tile=Tile(5, 5)),)
    assert refusal(state, Play(tile=Tile(3, 5))) == IllegalMoveReason.WRONG_LEAD
    assert refusal(state, PASS) == IllegalMoveReason.MUST_LEAD
    assert refusal(state, Play(tile=Tile(4, 4)), seat=0) == IllegalMoveReason.NOT_YOUR_TURN
    state = state.apply(Play(tile=Tile(5, 5)))
    assert str(state.layout) == "[5|5]"
    assert state.phase is Phase.PLAY
    assert state.turn == 0


def test_block_3_holder_of_six_six_leads_even_from_seat_one() -> None:
    swapped = Deal(hands=[DEAL_A.hands[1], DEAL_A.hands[0]], boneyard=DEAL_A.boneyard)
    state = HandState.start(Ruleset.block(), swapped)
    assert state.turn == 1
    assert state.legal_moves() == (Play(tile=Tile(6, 6)),)


# ---------------------------------------------------------------- BLOCK-4
def test_block_4_tile_matches_an_end_and_its_other_half_becomes_the_end() -> None:
    state = play_moves(HandState.start(Ruleset.block(), DEAL_A), "6-6")
    assert state.turn == 1
    # seat 1's only 6 is 5-6; it fits either end of the double
    assert state.legal_moves() == (
        Play(tile=Tile(5, 6), end=End.LEFT),
        Play(tile=Tile(5, 6), end=End.RIGHT),
    )
    state = play_moves(state, "5-6:R")
    assert str(state.layout) == "[6|6][6|5]"
    assert state.layout.ends == (6, 5)
    assert state.turn == 0
    # seat 0 may put 3-5 on the 5 or 4-6 on the 6 (canonical tile order, left before right)
    assert state.legal_moves() == (
        Play(tile=Tile(3, 5), end=End.RIGHT),
        Play(tile=Tile(4, 6), end=End.LEFT),
    )
    assert refusal(state, Play(tile=Tile(1, 1), end=End.RIGHT)) == (
        IllegalMoveReason.DOES_NOT_MATCH
    )
    assert refusal(state, Play(tile=Tile(3, 5), end=End.LEFT)) == (IllegalMoveReason.DOES_NOT_MATCH)
    assert refusal(state, Play(tile=Tile(1, 3), end=End.RIGHT)) == (
        IllegalMoveReason.TILE_NOT_IN_HAND
    )
    assert refusal(state, Play(tile=Tile(3, 5))) == IllegalMoveReason.NO_SUCH_END
    state = play_moves(state, "3-5:R")
    assert str(state.layout) == "[6|6][6|5][5|3]"
    assert state.layout.ends == (6, 3)
    assert state.turn == 1
    state = play_moves(state, "1-3:R 1-1:R 1-4:R 4-4:R")
    assert str(state.layout) == "[6|6][6|5][5|3][3|1][1|1][1|4][4|4]"
    assert state.layout.ends == (6, 4)
    assert [step.seat for step in state.history] == [0, 1, 0, 1, 0, 1, 0]


def test_block_4_play_on_the_left_end() -> None:
    state = play_moves(HandState.start(Ruleset.block(), DEAL_A), "6-6 5-6:R 4-6:L")
    assert str(state.layout) == "[4|6][6|6][6|5]"
    assert state.layout.ends == (4, 5)


# ---------------------------------------------------------------- BLOCK-5
def test_block_5_player_who_cannot_play_passes() -> None:
    state = play_moves(HandState.start(Ruleset.block(), DEAL_B), "6-6")
    assert state.legal_moves() == (PASS,)
    state = state.apply(PASS)
    assert state.turn == 0
    assert state.hand_sizes == (6, 7)
    assert str(state.layout) == "[6|6]"


def test_block_5_player_who_can_play_must_play() -> None:
    state = play_moves(HandState.start(Ruleset.block(), DEAL_B), "6-6 pass")
    assert state.turn == 0
    assert PASS not in state.legal_moves()
    assert refusal(state, PASS) == IllegalMoveReason.MUST_PLAY
    assert not state.is_legal(PASS)


# ---------------------------------------------------------------- BLOCK-6
def test_block_6_first_to_play_last_tile_wins() -> None:
    state = play_moves(HandState.start(Ruleset.block(), DEAL_A), MOVES_A)
    assert str(state.layout) == (
        "[4|6][6|6][6|5][5|3][3|1][1|1][1|4][4|4][4|2][2|2][2|0][0|0][0|4]"
    )
    assert state.phase is Phase.OVER
    assert state.legal_moves() == ()
    result = state.result
    assert result is not None
    assert result.ending is Ending.DOMINO
    assert result.winners == (0,)
    assert state.hand(1) == (Tile(5, 5),)
    assert result.pips == (0, 10)
    assert result.points == (10, 0)
    assert result.verification is None
    assert refusal(state, PASS) == IllegalMoveReason.HAND_OVER


def test_block_6_domino_after_the_opponent_passed_throughout() -> None:
    state = play_moves(HandState.start(Ruleset.block(), DEAL_B), MOVES_B)
    assert str(state.layout) == "[4|6][6|6][6|5][5|5][5|4][4|4][4|3]"
    result = state.result
    assert result is not None
    assert result.ending is Ending.DOMINO
    assert result.winners == (0,)
    # seat 1 kept all seven tiles: 0 + 1 + 2 + 2 + 3 + 4 + 3 = 15
    assert result.pips == (0, 15)
    assert result.points == (15, 0)


def test_block_7_blocked_hand_lowest_total_wins() -> None:
    state = play_moves(HandState.start(Ruleset.block(), DEAL_C), "6-6 5-6:R")
    # every other 5 and 6 is face down: nobody can play on [6|6][6|5]
    assert str(state.layout) == "[6|6][6|5]"
    state = play_moves(state, "pass")
    assert state.phase is Phase.VERIFICATION
    state = play_moves(state, "pass")
    result = state.result
    assert result is not None
    assert result.ending is Ending.BLOCKED
    # seat 0: 0+1+2+2+3+4 = 12; seat 1: 3+4+5+6+4+5 = 27
    assert result.pips == (12, 27)
    assert result.winners == (0,)
    assert result.points == (27, 0)
    assert result.verification == VerificationRound(proposer=0, confirmed=(0, 1), players=2)


def test_block_7_partnership_compares_side_totals() -> None:
    state = play_moves(HandState.start(Ruleset.block(4, partnership=True), DEAL_E), MOVES_E)
    assert str(state.layout) == "[1|1][1|0][0|5][5|1][1|6][6|6][6|3][3|1][1|2][2|4][4|1]"
    result = state.result
    assert result is not None
    assert result.ending is Ending.BLOCKED
    # seat 3 has the lowest hand (23), but seats 0+2 hold 27+25 = 52 against 33+23 = 56
    assert result.pips == (27, 33, 25, 23)
    assert result.winners == (0, 2)
    assert result.points == (56, 0, 56, 0)


# ---------------------------------------------------------------- BLOCK-8
def test_block_8_equal_lowest_totals_draw_the_hand() -> None:
    deal = Deal(
        hands=[
            ["6-6", "0-0", "0-1", "1-1", "2-2", "3-3", "4-4"],
            ["5-6", "0-2", "1-2", "0-3", "1-3", "2-3", "0-4"],
        ],
        boneyard=[
            "1-4", "2-4", "3-4", "0-5", "1-5", "2-5", "3-5",
            "4-5", "5-5", "0-6", "1-6", "2-6", "3-6", "4-6",
        ],
    )  # fmt: skip
    state = play_moves(HandState.start(Ruleset.block(), deal), "6-6 5-6:R pass pass")
    result = state.result
    assert result is not None
    assert result.ending is Ending.BLOCKED
    # seat 0: 0+1+2+4+6+8 = 21; seat 1: 2+3+3+4+5+4 = 21
    assert result.pips == (21, 21)
    assert result.winners == ()
    assert result.is_draw
    assert result.points == (0, 0)


def test_block_8_tie_for_lowest_among_three_players() -> None:
    # double-3, three players with 2 tiles each; 3-3 leads and nobody else holds a 3
    rules = Ruleset(max_pip=3, players=3, hand_size=2)
    deal = Deal(
        hands=[["3-3", "1-2"], ["0-1", "0-2"], ["1-1", "2-2"]],
        boneyard=["0-0", "0-3", "1-3", "2-3"],
    )
    state = play_moves(HandState.start(rules, deal), "3-3 pass pass pass")
    result = state.result
    assert result is not None
    assert result.ending is Ending.BLOCKED
    # seats 0 and 1 tie on 3 pips; seat 2 holds 6
    assert result.pips == (3, 3, 6)
    assert result.winners == ()
    assert result.points == (0, 0, 0)


# ---------------------------------------------------------------- BLOCK-9
def test_block_9_partnership_deals_all_28_tiles() -> None:
    rules = Ruleset.block(4, partnership=True)
    assert rules.hand_size == 7
    assert rules.teams == ((0, 2), (1, 3))
    assert rules.team_of(2) == (0, 2)
    assert rules.team_of(3) == (1, 3)
    deal = Deal.random(rules, seed=9)
    assert [len(hand) for hand in deal.hands] == [7, 7, 7, 7]
    assert deal.boneyard == ()


def test_block_9_both_partners_win_and_show_the_side_points() -> None:
    rules = Ruleset.block(4, partnership=True)
    state = HandState.start(rules, DEAL_E)
    assert state.turn == 2  # seat 2 holds 6-6
    state = play_moves(state, MOVES_E)
    result = state.result
    assert result is not None
    assert result.verification == VerificationRound(proposer=1, confirmed=(1, 2, 3, 0), players=4)
    assert result.winners == (0, 2)
    # the side scores the opponents' pips: 33 + 23
    assert result.points[0] == result.points[2] == 56
    assert result.points[1] == result.points[3] == 0


def test_block_9_partnership_needs_four_seats() -> None:
    with pytest.raises(RulesetError) as info:
        Ruleset.block(3, partnership=True)
    assert "partnership" in info.value.fields
