"""Scenario tests for blocked hands and ties: DETECT-1, BLOCKWIN-1, TIE-1 to TIE-3.

See docs/rules/blocked.md. Every test builds a hand-made deal, plays it move by move
and checks the result computed by hand in the comments. Moves are written as the
engine prints them: ``"6-6"`` for the lead, ``"5-6:R"`` for a play on the right end,
``"draw"``, ``"pass"``.
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from dominoes import (
    DRAW,
    BlockDetection,
    BlockTie,
    BlockWinner,
    Deal,
    DrawnLead,
    DrawRule,
    Ending,
    HandState,
    Match,
    Phase,
    Ruleset,
    RulesetError,
    Scoring,
    Tile,
    VerificationRound,
)
from dominoes.scoring import score_hand
from scenario import DEAL_C, DEAL_E, parse_move, play_moves
from scenario import DEAL_TIE as DEAL_D
from scenario import DEAL_TIE_2 as DEAL_TIE

IMMEDIATE = BlockDetection.IMMEDIATE


PLAYS_E = "6-6 3-6:R 1-6:L 1-5:L 0-5:L 1-3:R 0-1:L 1-2:R 2-4:R 1-1:L 1-4:R"

# The same, but seat 2 holds 3-4 instead of 2-2 and lays it: pips (2, 2, 3), blocked by 2.
DEAL_TIE_2 = Deal(
    hands=[["4-4", "0-2"], ["0-0", "1-1"], ["3-4", "1-2"]],
    boneyard=["0-1", "2-2", "0-3", "1-3", "2-3", "3-3", "0-4", "1-4", "2-4"],
)


def _three(**options: Any) -> Ruleset:
    return Ruleset(max_pip=4, players=3, hand_size=2, **options)


# ---------------------------------------------------------------- DETECT-1
def test_detect_1_default_is_the_verification_round() -> None:
    assert Ruleset.block().block_detection is BlockDetection.VERIFICATION_ROUND
    assert Ruleset.draw().block_detection is BlockDetection.VERIFICATION_ROUND
    state = play_moves(HandState.start(Ruleset.block(), DEAL_C), "6-6 5-6:R")
    assert not state.is_over
    assert state.phase is Phase.PLAY


def test_detect_1_block_game_ends_on_the_blocking_tile() -> None:
    rules = Ruleset.block(block_detection=IMMEDIATE)
    state = play_moves(HandState.start(rules, DEAL_C), "6-6")
    assert not state.is_over  # seat 1 holds 5-6
    state = play_moves(state, "5-6:R")
    assert state.phase is Phase.OVER
    assert state.turn == 1
    assert state.legal_moves() == ()
    result = state.result
    assert result is not None
    assert result.ending is Ending.BLOCKED
    assert result.verification is None
    assert result.blocked_by == 1
    assert result.pips == (12, 27)
    assert result.winners == (0,)
    assert result.points == (27, 0)


def test_detect_1_same_result_as_the_verification_round() -> None:
    rules = Ruleset.block(4, partnership=True)
    at_once = attrs.evolve(rules, block_detection=IMMEDIATE)
    quick = play_moves(HandState.start(at_once, DEAL_E), PLAYS_E)
    # the last play, 1-4:R by seat 0, kills the layout: no passes are needed
    assert quick.is_over
    slow = play_moves(HandState.start(rules, DEAL_E), PLAYS_E + " pass pass pass pass")
    a, b = quick.result, slow.result
    assert a is not None
    assert b is not None
    assert (
        (a.ending, a.winners, a.pips, a.points, a.blocked_by)
        == (
            b.ending,
            b.winners,
            b.pips,
            b.points,
            b.blocked_by,
        )
        == (Ending.BLOCKED, (0, 2), (27, 33, 25, 23), (56, 0, 56, 0), 0)
    )
    assert a.verification is None
    assert b.verification == VerificationRound(proposer=1, confirmed=(1, 2, 3, 0), players=4)


def test_detect_1_not_blocked_while_someone_can_play() -> None:
    # deal B of BLOCK-2: seat 1 can never play, but seat 0 can, until it goes out
    deal_b = Deal(
        hands=[
            ["6-6", "5-6", "5-5", "4-6", "4-5", "4-4", "3-4"],
            ["0-0", "0-1", "1-1", "0-2", "1-2", "2-2", "0-3"],
        ],
        boneyard=[
            "1-3", "2-3", "3-3", "0-4", "1-4", "2-4", "0-5",
            "1-5", "2-5", "3-5", "0-6", "1-6", "2-6", "3-6",
        ],
    )  # fmt: skip
    rules = Ruleset.block(block_detection=IMMEDIATE)
    state = play_moves(HandState.start(rules, deal_b), "6-6 pass")
    assert not state.is_over
    assert state.phase is Phase.VERIFICATION  # the pass still proposes a block
    state = play_moves(state, "5-6:R pass 5-5:R pass 4-5:R pass 4-4:R pass 4-6:L pass 3-4:R")
    result = state.result
    assert result is not None
    assert result.ending is Ending.DOMINO
    assert result.points == (15, 0)


def test_detect_1_draw_game_waits_for_the_boneyard() -> None:
    # the hand of DRAW-4's example 3 (double-3, three tiles each)
    rules = Ruleset(
        max_pip=3,
        players=2,
        hand_size=3,
        drawing=DrawRule.UNTIL_PLAYABLE,
        block_detection=IMMEDIATE,
    )
    deal = Deal(
        hands=[["0-1", "1-1", "0-2"], ["1-2", "2-2", "2-3"]],
        boneyard=["3-3", "0-0", "0-3", "1-3"],
    )
    state = play_moves(
        HandState.start(rules, deal), "2-2 0-2:R 1-2:L 0-1:L draw draw 0-0:L draw 0-3:R 2-3:R"
    )
    assert state.layout.ends == (0, 2)
    # seat 0 holds 1-1, seat 1 holds 3-3: neither fits, but 1-3 is still to draw
    assert state.hand(0) == (Tile(1, 1),)
    assert state.hand(1) == (Tile(3, 3),)
    assert not state.is_over
    assert state.legal_moves() == (DRAW,)
    state = play_moves(state, "draw")  # 1-3: no fit, and the boneyard is empty
    result = state.result
    assert result is not None
    assert result.ending is Ending.BLOCKED
    assert result.verification is None
    assert result.blocked_by == 1  # seat 1 laid 2-3, the last tile
    # seat 0: 1-1 + 1-3 = 6; seat 1: 3-3 = 6: a drawn hand
    assert result.pips == (6, 6)
    assert result.winners == ()


def test_detect_1_boneyard_at_its_floor_counts_as_empty() -> None:
    # double-3, two tiles each, the last four tiles never drawn (they hold 0-3, 1-3, 2-3)
    rules = Ruleset(
        max_pip=3,
        players=2,
        hand_size=2,
        drawing=DrawRule.UNTIL_PLAYABLE,
        boneyard_floor=4,
        block_detection=IMMEDIATE,
    )
    deal = Deal(
        hands=[["3-3", "1-2"], ["0-0", "0-1"]],
        boneyard=["1-1", "0-2", "0-3", "1-3", "2-3", "2-2"],
    )
    state = play_moves(HandState.start(rules, deal), "3-3 draw")
    assert not state.is_over
    state = play_moves(state, "draw")  # 0-2; four tiles left: the floor
    assert state.turn == 1
    result = state.result
    assert result is not None
    assert result.ending is Ending.BLOCKED
    assert result.blocked_by == 0
    # seat 0: 1-2 (3); seat 1: 0-0, 0-1, 1-1, 0-2 (0 + 1 + 2 + 2 = 5)
    assert result.pips == (3, 5)
    assert result.points == (5, 0)


def test_detect_1_a_domino_is_not_a_block() -> None:
    # seat 0's last tile, 2-3, also leaves ends 2 and 3 that nobody can match
    rules = Ruleset(max_pip=3, players=2, hand_size=2, block_detection=IMMEDIATE)
    deal = Deal(
        hands=[["3-3", "2-3"], ["0-0", "0-1"]],
        boneyard=["1-1", "0-2", "1-2", "2-2", "0-3", "1-3"],
    )
    state = play_moves(HandState.start(rules, deal), "3-3 pass 2-3:R")
    result = state.result
    assert result is not None
    assert result.ending is Ending.DOMINO
    assert result.winners == (0,)
    assert result.blocked_by is None
    assert result.points == (1, 0)


# ---------------------------------------------------------------- BLOCKWIN-1
PARTNERS = Ruleset.block(4, partnership=True)
SINGLE = attrs.evolve(PARTNERS, block_winner=BlockWinner.LOWEST_INDIVIDUAL)


def test_blockwin_1_lowest_single_hand_wins() -> None:
    state = play_moves(HandState.start(SINGLE, DEAL_E), PLAYS_E + " pass pass pass pass")
    result = state.result
    assert result is not None
    assert result.ending is Ending.BLOCKED
    assert result.pips == (27, 33, 25, 23)
    # seat 3 holds the lowest single hand (23): seats 1 and 3 win and score 27 + 25
    assert result.winners == (1, 3)
    assert result.points == (0, 52, 0, 52)


def test_blockwin_1_side_totals_by_default() -> None:
    assert PARTNERS.block_winner is BlockWinner.LOWEST_SIDE
    state = play_moves(HandState.start(PARTNERS, DEAL_E), PLAYS_E + " pass pass pass pass")
    assert state.result is not None
    assert state.result.winners == (0, 2)
    assert state.result.points == (56, 0, 56, 0)


def test_blockwin_1_equal_single_hands_are_a_tie() -> None:
    # seat 0 and seat 1 both hold 10; sides 10 + 30 = 40 against 10 + 40 = 50
    tied = score_hand(SINGLE, [10, 10, 30, 40])
    assert tied.winners == ()
    assert tied.points == (0, 0, 0, 0)
    split = score_hand(attrs.evolve(SINGLE, block_tie=BlockTie.SPLIT), [10, 10, 30, 40])
    assert split.winners == (0, 1, 2, 3)
    # by side totals seats 0 and 2 win and score 50
    assert score_hand(PARTNERS, [10, 10, 30, 40]).points == (50, 0, 50, 0)


def test_blockwin_1_needs_partnership() -> None:
    with pytest.raises(RulesetError) as info:
        Ruleset.block(3, block_winner=BlockWinner.LOWEST_INDIVIDUAL)
    assert info.value.fields == ("block_winner", "partnership")


# ---------------------------------------------------------------- TIE-1
def test_tie_1_tied_sides_share_the_points_rounded_down() -> None:
    state = play_moves(HandState.start(_three(block_tie=BlockTie.SPLIT), DEAL_TIE), "4-4")
    state = play_moves(state, "pass pass pass")
    result = state.result
    assert result is not None
    assert result.ending is Ending.BLOCKED
    assert result.pips == (2, 2, 7)
    assert result.winners == (0, 1)
    assert not result.is_draw
    # seat 2's 7 pips shared: 7 // 2 = 3 each
    assert result.points == (3, 3, 0)
    # DEAL_TIE_2: seats 0 and 1 tie on 2 and share seat 2's 3 pips: 1 each
    state = play_moves(
        HandState.start(_three(block_tie=BlockTie.SPLIT), DEAL_TIE_2),
        "4-4 pass 3-4:R pass pass pass",
    )
    assert state.result is not None
    assert state.result.pips == (2, 2, 3)
    assert state.result.points == (1, 1, 0)


def test_tie_1_two_sides_split_nothing() -> None:
    rules = Ruleset.block(block_tie=BlockTie.SPLIT)
    result = play_moves(HandState.start(rules, DEAL_D), "6-6 5-6:R pass pass").result
    assert result is not None
    assert result.pips == (21, 21)
    assert result.winners == (0, 1)
    assert result.points == (0, 0)
    # under POINTS-2 the tied players share all 42 pips
    all_pips = attrs.evolve(rules, scoring=Scoring.ALL_PIPS)
    result = play_moves(HandState.start(all_pips, DEAL_D), "6-6 5-6:R pass pass").result
    assert result is not None
    assert result.points == (21, 21)


def test_tie_1_no_tie_no_split() -> None:
    rules = Ruleset.block(block_tie=BlockTie.SPLIT)
    result = play_moves(HandState.start(rules, DEAL_C), "6-6 5-6:R pass pass").result
    assert result is not None
    assert result.winners == (0,)
    assert result.points == (27, 0)


# ---------------------------------------------------------------- TIE-2
NEXT_LEADS = BlockTie.NO_SCORE_NEXT_LEADS


def test_tie_2_no_winner_no_points() -> None:
    state = play_moves(HandState.start(_three(block_tie=NEXT_LEADS), DEAL_TIE), "4-4")
    result = play_moves(state, "pass pass pass").result
    assert result is not None
    assert result.ending is Ending.BLOCKED
    assert result.pips == (2, 2, 7)
    assert result.winners == ()
    assert result.is_draw
    assert result.points == (0, 0, 0)


def _tied_match(rules: Ruleset, deal: Deal, moves: str) -> Match:
    """A match whose first hand is ``deal`` played with ``moves`` (to a tie)."""
    match = Match(
        rules=rules, seed=11, state=HandState.start(rules, deal), scores=(0,) * rules.players
    )
    for text in moves.split():
        match = match.apply(parse_move(text))
    assert match.state.is_over
    assert match.results[-1].winners == ()
    return match


def test_tie_2_next_player_leads_the_next_hand() -> None:
    rules = _three(block_tie=NEXT_LEADS)
    match = _tied_match(rules, DEAL_TIE, "4-4 pass pass pass")
    assert match.scores == (0, 0, 0)
    assert not match.is_over
    # seat 0 led the drawn hand: seat 1 leads the next, with any tile
    following = match.next_hand()
    assert following.hand_number == 1
    assert following.state.phase is Phase.LEAD
    assert following.state.turn == 1
    assert len(following.state.legal_moves()) == 2


def test_tie_2_overrides_drawn_lead() -> None:
    same = Ruleset.block(block_tie=NEXT_LEADS, drawn_lead=DrawnLead.SAME_LEADER)
    match = _tied_match(same, DEAL_D, "6-6 5-6:R pass pass")
    assert match.next_hand().state.turn == 1
    # BLOCK-8 with the same drawn_lead: seat 0, the drawn hand's leader, leads again
    drawn = attrs.evolve(same, block_tie=BlockTie.DRAWN)
    match = _tied_match(drawn, DEAL_D, "6-6 5-6:R pass pass")
    assert match.next_hand().state.turn == 0


def test_tie_2_no_score_under_cascade_scoring() -> None:
    rules = _three(block_tie=NEXT_LEADS, scoring=Scoring.CASCADE)
    result = play_moves(HandState.start(rules, DEAL_TIE), "4-4 pass pass pass").result
    assert result is not None
    assert result.winners == ()
    assert result.points == (0, 0, 0)


# ---------------------------------------------------------------- TIE-3
NON_BLOCKER = BlockTie.NON_BLOCKER_WINS


def test_tie_3_two_players_the_non_blocker_wins() -> None:
    rules = Ruleset.block(block_tie=NON_BLOCKER)
    result = play_moves(HandState.start(rules, DEAL_D), "6-6 5-6:R pass pass").result
    assert result is not None
    assert result.pips == (21, 21)
    assert result.blocked_by == 1  # seat 1 laid 5-6
    assert result.winners == (0,)
    assert result.points == (21, 0)


def test_tie_3_three_players_the_other_tied_seat_wins() -> None:
    rules = _three(block_tie=NON_BLOCKER)
    result = play_moves(HandState.start(rules, DEAL_TIE), "4-4 pass pass pass").result
    assert result is not None
    assert result.blocked_by == 0  # 4-4 is the only tile laid
    # seats 0 and 1 tie on 2; seat 1 wins and scores 2 + 7
    assert result.winners == (1,)
    assert result.points == (0, 9, 0)


def test_tie_3_blocker_not_tied_is_a_draw() -> None:
    rules = _three(block_tie=NON_BLOCKER)
    state = play_moves(HandState.start(rules, DEAL_TIE_2), "4-4 pass 3-4:R pass pass pass")
    result = state.result
    assert result is not None
    assert result.pips == (2, 2, 3)
    assert result.blocked_by == 2  # seat 2 laid 3-4 and is not among the tied
    assert result.winners == ()
    assert result.points == (0, 0, 0)


def test_tie_3_blocker_and_two_others_tied_is_a_draw() -> None:
    rules = Ruleset.block(4, block_tie=NON_BLOCKER)
    # seats 0, 1 and 2 tie on 5; seat 0 blocked; seats 1 and 2 are both left: drawn
    assert score_hand(rules, [5, 5, 5, 9], blocked_by=0).winners == ()
    # seats 0 and 1 tie; seat 0 blocked: seat 1 wins 5 + 9 + 9
    result = score_hand(rules, [5, 5, 9, 9], blocked_by=0)
    assert result.winners == (1,)
    assert result.points == (0, 23, 0, 0)
    # partnership: sides tie on 30; seat 3 blocked, so seats 0 and 2 win 30
    partners = Ruleset.block(4, partnership=True, block_tie=NON_BLOCKER)
    result = score_hand(partners, [10, 20, 20, 10], blocked_by=3)
    assert result.winners == (0, 2)
    assert result.points == (30, 0, 30, 0)


def test_tie_3_blocked_by_is_the_seat_that_laid_the_last_tile() -> None:
    # the eleventh play, 1-4:R, is seat 0's; the four passes that follow do not count
    state = play_moves(HandState.start(PARTNERS, DEAL_E), PLAYS_E + " pass pass pass pass")
    assert state.result is not None
    assert state.result.blocked_by == 0
    # a hand won by a domino records no blocker
    deal = Deal(
        hands=[["3-3", "2-3"], ["0-0", "0-1"]],
        boneyard=["1-1", "0-2", "1-2", "2-2", "0-3", "1-3"],
    )
    rules = Ruleset(max_pip=3, players=2, hand_size=2, block_tie=NON_BLOCKER)
    result = play_moves(HandState.start(rules, deal), "3-3 pass 2-3:R").result
    assert result is not None
    assert result.ending is Ending.DOMINO
    assert result.blocked_by is None
