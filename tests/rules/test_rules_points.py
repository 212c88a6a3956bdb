"""Scenario tests for the points options POINTS-1 to POINTS-6, PART-1 and PART-2.

See docs/rules/points.md. Every test builds a hand-made deal, plays it move by move
and checks the points computed by hand in the comments. Moves are written as the
engine prints them: ``"6-6"`` for the lead, ``"5-6:R"`` for a play on the right end,
``"draw"``, ``"pass"``. A few tests call `score_hand` directly with pip counts.
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from dominoes import (
    BlockTie,
    BlockWinner,
    Deal,
    DominoWinner,
    DrawRule,
    Ending,
    Fault,
    FaultKind,
    FaultMode,
    FaultPenalty,
    HandResult,
    HandState,
    Match,
    Opening,
    PartnerPips,
    Ruleset,
    RulesetError,
    Scoring,
)
from dominoes.scoring import score_hand
from scenario import (
    DEAL_A,
    DEAL_C,
    DEAL_E,
    DEAL_FLOOR,
    MOVES_A,
    MOVES_C,
    MOVES_E,
    parse_move,
    play_moves,
)
from scenario import DEAL_POINTS_3 as DEAL_3
from scenario import DEAL_TIE_2 as DEAL_TIE
from scenario import MOVES_POINTS_3 as MOVES_3

# Double-3 partnership, two tiles each. Seat 0 goes out with 0-2; the opponents keep
# 1-1 (2) and 0-0 (0); the partner keeps 0-1 (1). The boneyard holds 2-2 and 0-3 (7).
PAIRS = Ruleset(max_pip=3, players=4, hand_size=2, partnership=True)
DEAL_P = Deal(
    hands=[["3-3", "0-2"], ["1-1", "1-3"], ["0-1", "2-3"], ["0-0", "1-2"]],
    boneyard=["2-2", "0-3"],
)
MOVES_P = "3-3 1-3:R 2-3:L 1-2:R 0-2:L"

# The hand of DRAWING-3: double-3, floor 2; seat 0 goes out, seat 1 keeps 7 pips and
# 2-3 and 2-2 (9 pips) are never drawn.
FLOOR_2 = Ruleset(
    max_pip=3, players=2, hand_size=3, drawing=DrawRule.UNTIL_PLAYABLE, boneyard_floor=2
)
MOVES_FLOOR = "3-3 draw draw pass 0-3:R 0-1:R 1-3:R"


def _three(**options: Any) -> Ruleset:
    return Ruleset(max_pip=4, players=3, hand_size=2, **options)


def _result(rules: Ruleset, deal: Deal, moves: str) -> HandResult:
    result = play_moves(HandState.start(rules, deal), moves).result
    assert result is not None
    return result


# ---------------------------------------------------------------- POINTS-1
MINUS_OWN = Scoring.OPPONENTS_MINUS_OWN


def test_points_1_block_subtracts_the_winners_own_pips() -> None:
    result = _result(Ruleset.block(scoring=MINUS_OWN), DEAL_C, MOVES_C)
    assert result.ending is Ending.BLOCKED
    assert result.pips == (12, 27)
    assert result.points == (15, 0)  # 27 - 12; SCORE-1 gives 27
    # three players: 4 + 8 - 2
    assert _result(_three(scoring=MINUS_OWN), DEAL_3, MOVES_3).points == (10, 0, 0)
    # partnership: sides 52 against 56; seats 0 and 2 win 56 - 52
    rules = Ruleset.block(4, partnership=True, scoring=MINUS_OWN)
    assert _result(rules, DEAL_E, MOVES_E).points == (4, 0, 4, 0)


def test_points_1_domino_scores_as_score_1() -> None:
    result = _result(Ruleset.block(scoring=MINUS_OWN), DEAL_A, MOVES_A)
    assert result.ending is Ending.DOMINO
    assert result.points == (10, 0)
    # in partnership the partner's 1 pip is not subtracted (partner_pips is IGNORE)
    rules = attrs.evolve(PAIRS, scoring=MINUS_OWN)
    assert _result(rules, DEAL_P, MOVES_P).points == (2, 0, 2, 0)


def test_points_1_never_below_zero() -> None:
    # BLOCKWIN-1: seats 1 and 3 win with 33 + 23 = 56 against 27 + 25 = 52: 52 - 56 < 0
    rules = Ruleset.block(
        4,
        partnership=True,
        scoring=MINUS_OWN,
        block_winner=BlockWinner.LOWEST_INDIVIDUAL,
    )
    result = _result(rules, DEAL_E, MOVES_E)
    assert result.winners == (1, 3)
    assert result.points == (0, 0, 0, 0)
    # a three-way tie split: the tied 3 + 3 outweigh the loser's 4
    split = Ruleset.block(3, scoring=MINUS_OWN, block_tie=BlockTie.SPLIT)
    assert score_hand(split, [3, 3, 4]).points == (0, 0, 0)


# ---------------------------------------------------------------- POINTS-2
def test_points_2_block_scores_all_pips() -> None:
    assert _result(_three(scoring=Scoring.ALL_PIPS), DEAL_3, MOVES_3).points == (14, 0, 0)
    # 12 + 27
    assert _result(Ruleset.block(scoring=Scoring.ALL_PIPS), DEAL_C, MOVES_C).points == (39, 0)
    # partnership: 27 + 33 + 25 + 23
    rules = Ruleset.block(4, partnership=True, scoring=Scoring.ALL_PIPS)
    assert _result(rules, DEAL_E, MOVES_E).points == (108, 0, 108, 0)


def test_points_2_partner_pips_count_when_a_player_dominoes() -> None:
    result = _result(attrs.evolve(PAIRS, scoring=Scoring.ALL_PIPS), DEAL_P, MOVES_P)
    assert result.ending is Ending.DOMINO
    assert result.pips == (0, 2, 1, 0)
    assert result.points == (3, 0, 3, 0)  # 2 + 0 + the partner's 1
    # two players: the same as SCORE-1, since the winner holds nothing
    assert _result(Ruleset.block(scoring=Scoring.ALL_PIPS), DEAL_A, MOVES_A).points == (10, 0)


@pytest.mark.parametrize("partner_pips", list(PartnerPips))
def test_points_2_partner_pips_option_has_no_effect(partner_pips: PartnerPips) -> None:
    rules = attrs.evolve(PAIRS, scoring=Scoring.ALL_PIPS, partner_pips=partner_pips)
    assert _result(rules, DEAL_P, MOVES_P).points == (3, 0, 3, 0)


# ---------------------------------------------------------------- POINTS-3
def test_points_3_each_side_scores_against_every_higher_total() -> None:
    result = _result(_three(scoring=Scoring.CASCADE), DEAL_3, MOVES_3)
    assert result.winners == (0,)
    # seat 0: (4 - 2) + (8 - 2) = 8; seat 1: 8 - 4 = 4; seat 2: nothing
    assert result.points == (8, 4, 0)
    rules = Ruleset.block(4, scoring=Scoring.CASCADE)
    # 1: (5-1) + (5-1) + (9-1) = 16; the two 5s score 9 - 5 each, nothing between them
    assert score_hand(rules, [1, 5, 5, 9]).points == (16, 4, 4, 0)


def test_points_3_two_players_score_the_difference() -> None:
    assert _result(Ruleset.block(scoring=Scoring.CASCADE), DEAL_C, MOVES_C).points == (15, 0)


def test_points_3_domino_scores_as_score_1() -> None:
    result = _result(Ruleset.block(scoring=Scoring.CASCADE), DEAL_A, MOVES_A)
    assert result.ending is Ending.DOMINO
    assert result.points == (10, 0)
    # three players: seat 0 goes out with 2-3; seats 1 and 2 keep 2 and 4
    rules = Ruleset(max_pip=3, players=3, hand_size=2, scoring=Scoring.CASCADE)
    deal = Deal(
        hands=[["3-3", "2-3"], ["1-1", "1-3"], ["0-1", "2-2"]],
        boneyard=["0-0", "0-2", "1-2", "0-3"],
    )
    assert _result(rules, deal, "3-3 1-3:R 0-1:R 2-3:L").points == (6, 0, 0)


def test_points_3_partnership_compares_side_totals() -> None:
    rules = Ruleset.block(4, partnership=True, scoring=Scoring.CASCADE)
    # sides 52 and 56: seats 0 and 2 score 4
    assert _result(rules, DEAL_E, MOVES_E).points == (4, 0, 4, 0)


# ---------------------------------------------------------------- POINTS-4
@pytest.mark.parametrize(
    ("raw", "rounded"),
    [
        (0, 0), (1, 0), (2, 0), (3, 5), (4, 5), (5, 5), (6, 5), (7, 5),
        (8, 10), (10, 10), (12, 10), (13, 15), (17, 15), (18, 20), (27, 25), (103, 105),
    ],
)  # fmt: skip
def test_points_4_rounds_to_the_nearest_multiple_of_five(raw: int, rounded: int) -> None:
    # two players: the loser's pips are the winner's points
    rules = Ruleset.block(round_to=5)
    assert score_hand(rules, [0, raw], domino_seat=0).points == (rounded, 0)


def test_points_4_rounding_applies_to_every_side() -> None:
    rules = _three(scoring=Scoring.CASCADE, round_to=5)
    assert _result(rules, DEAL_3, MOVES_3).points == (10, 5, 0)  # 8 and 4
    assert _result(Ruleset.block(round_to=5), DEAL_C, MOVES_C).points == (25, 0)  # 27
    assert _result(Ruleset.block(round_to=10), DEAL_C, MOVES_C).points == (30, 0)  # 27
    assert _result(Ruleset.block(round_to=1), DEAL_C, MOVES_C).points == (27, 0)


def test_points_4_rounding_comes_after_stock_pips_and_before_fault_points() -> None:
    # 7 + the 9 stock pips = 16, rounded to 15 (rounding the 7 first would give 14)
    rules = attrs.evolve(FLOOR_2, stock_pips=True, round_to=5)
    assert _result(rules, DEAL_FLOOR, MOVES_FLOOR).points == (15, 0)
    # partnership domino: opponents 2, partner +1, stock +7 = 10, rounded 10; then a fault
    # by seat 1 gives seats 0 and 2 another 7 points (not rounded): 17
    rules = attrs.evolve(
        PAIRS,
        partner_pips=PartnerPips.ADD,
        stock_pips=True,
        round_to=5,
        faults=FaultMode.TOLERANT,
        fault_penalty=FaultPenalty.POINTS,
        fault_points=7,
    )
    fault = Fault(seat=1, kind=FaultKind.FALSE_PASS, move_number=1)
    result = score_hand(rules, [0, 2, 1, 0], domino_seat=0, faults=[fault], stock=7)
    assert result.points == (17, 0, 17, 0)
    assert result.penalties == (7, 0, 7, 0)
    # with SUBTRACT: 2 - 1 + 7 = 8, rounded 10, + 7
    rules = attrs.evolve(rules, partner_pips=PartnerPips.SUBTRACT)
    result = score_hand(rules, [0, 2, 1, 0], domino_seat=0, faults=[fault], stock=7)
    assert result.points == (17, 0, 17, 0)
    # stock 2: 2 + 1 + 2 = 5 stays 5; + 7 = 12 (rounding after the fault would give 10)
    rules = attrs.evolve(rules, partner_pips=PartnerPips.ADD)
    result = score_hand(rules, [0, 2, 1, 0], domino_seat=0, faults=[fault], stock=2)
    assert result.points == (12, 0, 12, 0)


def test_points_4_round_to_is_validated() -> None:
    assert Ruleset.block().round_to == 1
    for bad in (0, 101, 2.5, True):
        with pytest.raises(RulesetError) as info:
            Ruleset.block(round_to=bad)
        assert info.value.fields == ("round_to",)


# ---------------------------------------------------------------- POINTS-5
def test_points_5_stock_pips_go_to_the_winner() -> None:
    rules = attrs.evolve(FLOOR_2, stock_pips=True)
    state = play_moves(HandState.start(rules, DEAL_FLOOR), MOVES_FLOOR)
    # 2-3 and 2-2 are left: 5 + 4 = 9
    assert sum(tile.pips for tile in state.boneyard) == 9
    result = state.result
    assert result is not None
    assert result.points == (16, 0)  # 7 + 9
    assert _result(FLOOR_2, DEAL_FLOOR, MOVES_FLOOR).points == (7, 0)


def test_points_5_block_game_face_down_tiles_count() -> None:
    # the 14 face-down tiles of BLOCK-7 hold 168 - 24 - 38 = 106 pips
    result = _result(Ruleset.block(stock_pips=True), DEAL_C, MOVES_C)
    assert result.points == (27 + 106, 0)


def test_points_5_split_among_tied_winners() -> None:
    rules = _three(block_tie=BlockTie.SPLIT, stock_pips=True)
    result = _result(rules, DEAL_TIE, MOVES_3)
    assert result.pips == (2, 2, 7)
    assert result.winners == (0, 1)
    # 7 // 2 = 3 and 41 // 2 = 20 each
    assert result.points == (23, 23, 0)


def test_points_5_drawn_hand_scores_nothing() -> None:
    result = _result(_three(stock_pips=True), DEAL_TIE, MOVES_3)
    assert result.winners == ()
    assert result.points == (0, 0, 0)


def test_points_5_no_effect_on_penalty_points() -> None:
    rules = _three(scoring=Scoring.PENALTY, stock_pips=True)
    assert _result(rules, DEAL_3, MOVES_3).points == (2, 4, 8)


# ---------------------------------------------------------------- POINTS-6
def test_points_6_every_seat_keeps_its_own_pips() -> None:
    result = _result(_three(scoring=Scoring.PENALTY), DEAL_3, MOVES_3)
    assert result.winners == (0,)
    assert result.points == result.pips == (2, 4, 8)
    # not rounded either
    rounded = _three(scoring=Scoring.PENALTY, round_to=5)
    assert _result(rounded, DEAL_3, MOVES_3).points == (2, 4, 8)


def test_points_6_domino_gives_the_emptier_zero() -> None:
    result = _result(Ruleset.block(scoring=Scoring.PENALTY), DEAL_A, MOVES_A)
    assert result.ending is Ending.DOMINO
    assert result.winners == (0,)
    assert result.points == (0, 10)


def _one_hand_match(rules: Ruleset, deal: Deal, moves: str) -> Match:
    match = Match(
        rules=rules, seed=3, state=HandState.start(rules, deal), scores=(0,) * rules.players
    )
    for text in moves.split():
        match = match.apply(parse_move(text))
    return match


def test_points_6_the_lowest_total_wins_the_match() -> None:
    rules = _three(scoring=Scoring.PENALTY, hands_limit=1)
    match = _one_hand_match(rules, DEAL_3, MOVES_3)
    assert match.scores == (2, 4, 8)
    assert match.is_over
    assert match.winner == (0,)


def test_points_6_partnership_match_counts_both_partners() -> None:
    # double-3 partnership: seat 3 leads 3-3, seat 0 (0-0, 0-2) passes, seats 1 and 2 lay
    # 0-3 and 0-1, and seat 3 goes out with 1-1. Seat 0 keeps 0-0 and 0-2 (2), seat 1
    # keeps 1-2 (3), seat 2 keeps 1-3 (4)
    rules = Ruleset(
        max_pip=3,
        players=4,
        hand_size=2,
        partnership=True,
        scoring=Scoring.PENALTY,
        hands_limit=1,
    )
    deal = Deal(
        hands=[["0-0", "0-2"], ["1-2", "0-3"], ["0-1", "1-3"], ["3-3", "1-1"]],
        boneyard=["2-2", "2-3"],
    )
    match = _one_hand_match(rules, deal, "3-3 pass 0-3:R 0-1:R 1-1:R")
    assert match.results[0].pips == (2, 3, 4, 0)
    assert match.is_over
    # side (0, 2) holds 2 + 4 = 6 penalty points, side (1, 3) 3 + 0 = 3: seats 1 and 3 win
    assert match.winner == (1, 3)


# ---------------------------------------------------------------- PART-1
def test_part_1_partner_pips_are_added() -> None:
    assert PAIRS.partner_pips is PartnerPips.IGNORE
    assert _result(PAIRS, DEAL_P, MOVES_P).points == (2, 0, 2, 0)
    result = _result(attrs.evolve(PAIRS, partner_pips=PartnerPips.ADD), DEAL_P, MOVES_P)
    assert result.pips == (0, 2, 1, 0)
    assert result.points == (3, 0, 3, 0)  # 2 + the partner's 1
    # on top of POINTS-1 (a domino scores as SCORE-1) and of POINTS-3
    for scoring in (Scoring.OPPONENTS_MINUS_OWN, Scoring.CASCADE):
        rules = attrs.evolve(PAIRS, partner_pips=PartnerPips.ADD, scoring=scoring)
        assert _result(rules, DEAL_P, MOVES_P).points == (3, 0, 3, 0)


@pytest.mark.parametrize("partner_pips", [PartnerPips.ADD, PartnerPips.SUBTRACT])
def test_part_1_not_for_a_blocked_hand(partner_pips: PartnerPips) -> None:
    rules = Ruleset.block(4, partnership=True, partner_pips=partner_pips)
    assert _result(rules, DEAL_E, MOVES_E).points == (56, 0, 56, 0)


@pytest.mark.parametrize("partner_pips", [PartnerPips.ADD, PartnerPips.SUBTRACT])
def test_part_1_only_for_the_side_that_went_out(partner_pips: PartnerPips) -> None:
    # seat 0 goes out, but its side holds 0 + 30 against 1 + 2: seats 1 and 3 win (COMPAT-1
    # and COMPAT-2 decide a domino by totals). Neither of them went out, so no partner's
    # pips apply: they score the opponents' 30.
    rules = Ruleset.block(
        4,
        partnership=True,
        domino_winner=DominoWinner.LOWEST_TOTAL,
        partner_pips=partner_pips,
    )
    result = score_hand(rules, [0, 1, 30, 2], domino_seat=0)
    assert result.winners == (1, 3)
    assert result.points == (0, 30, 0, 30)


@pytest.mark.parametrize(
    ("partner_pips", "points"),
    [
        (PartnerPips.IGNORE, (0, 0, 0, 0)),
        (PartnerPips.ADD, (0, 4, 0, 4)),
        (PartnerPips.SUBTRACT, (0, 0, 0, 0)),
    ],
)
def test_part_1_after_a_split_only_the_side_that_went_out_adds(
    partner_pips: PartnerPips, points: tuple[int, ...]
) -> None:
    # seat 1 leads 0-0 and goes out at once; the sides tie at 3 + 1 = 4 and 0 + 4 = 4, so
    # under COMPAT-1 and TIE-1 both win and split the opponents' pips: none, 0 each. Then
    # seat 1's side adds its partner's 4 (seat 3's 2-2); the pips of the other tied side
    # are nobody's partner's pips and are not pooled (the engine once gave 4 4 4 4).
    rules = Ruleset(
        max_pip=2,
        players=4,
        hand_size=1,
        partnership=True,
        drawing=DrawRule.UNTIL_PLAYABLE,
        opening=Opening.SEAT_ANY_TILE,
        opening_seat=1,
        domino_winner=DominoWinner.LOWEST_TOTAL,
        block_tie=BlockTie.SPLIT,
        partner_pips=partner_pips,
    )
    deal = Deal(hands=[["1-2"], ["0-0"], ["0-1"], ["2-2"]], boneyard=["1-1", "0-2"])
    result = _result(rules, deal, "0-0")
    assert (result.ending, result.domino_seat) == (Ending.DOMINO, 1)
    assert result.pips == (3, 0, 1, 4)
    assert result.winners == (0, 1, 2, 3)
    assert result.points == points
    # with the stock pips (POINTS-5, 1-1 and 0-2: 4) each tied side gets half on top
    with_stock = score_hand(
        attrs.evolve(rules, stock_pips=True), result.pips, domino_seat=1, stock=4
    )
    assert with_stock.points == tuple(p + 2 for p in points)


def test_part_1_needs_partnership() -> None:
    for partner_pips in (PartnerPips.ADD, PartnerPips.SUBTRACT):
        with pytest.raises(RulesetError) as info:
            Ruleset.block(3, partner_pips=partner_pips)
        assert info.value.fields == ("partner_pips", "partnership")


# ---------------------------------------------------------------- PART-2
def test_part_2_partner_pips_are_subtracted() -> None:
    rules = attrs.evolve(PAIRS, partner_pips=PartnerPips.SUBTRACT)
    assert _result(rules, DEAL_P, MOVES_P).points == (1, 0, 1, 0)  # 2 - 1


def test_part_2_never_below_zero() -> None:
    # the SCORE-1 partnership hand: opponents 2 + 1 = 3, partner 4
    rules = attrs.evolve(PAIRS, partner_pips=PartnerPips.SUBTRACT)
    deal = Deal(
        hands=[["3-3", "0-2"], ["1-1", "1-3"], ["2-2", "2-3"], ["0-1", "1-2"]],
        boneyard=["0-0", "0-3"],
    )
    result = _result(rules, deal, MOVES_P)
    assert result.pips == (0, 2, 4, 1)
    assert result.winners == (0, 2)
    assert result.points == (0, 0, 0, 0)


def test_part_2_not_for_a_blocked_hand() -> None:
    # a blocked partnership hand: no player went out, so nothing is subtracted
    rules = Ruleset.block(4, partnership=True, partner_pips=PartnerPips.SUBTRACT)
    assert score_hand(rules, [5, 20, 10, 30]).points == (50, 0, 50, 0)
