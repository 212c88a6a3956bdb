"""Scenario tests for the partnership bonuses: BONUS-1 to BONUS-5 (docs/rules/bonus.md).

Every test builds a hand-made double-six deal (the tiles not named lie in the boneyard in
canonical order; nobody draws in the Block game), plays it move by move and checks what
the comments work out by hand: each bonus's kind, seat, points and move number (its index
in the history), and the hand's points for both sides. The values are the Dominican ones
(capicúa 25, pase corrido 25, pase de salida 25 after a double and 50 otherwise) and the
Puerto Rican chuchazo (100).
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dominoes import (
    PASS,
    Bonus,
    BonusKind,
    Deal,
    Draw,
    DrawnLead,
    End,
    Ending,
    HandState,
    Match,
    NextLead,
    Opening,
    Play,
    PlayScoring,
    Ruleset,
    RulesetError,
    Scoring,
    SpinnerRule,
    Step,
    Tile,
    TileSet,
)
from dominoes.errors import FieldValueError
from dominoes.records import MatchRecord, dumps, loads
from dominoes.rules import RULESET_FIELDS
from dominoes.scoring import hand_bonuses
from scenario import DEAL_B, DEAL_C, DEAL_TIE, MOVES_B, MOVES_C, dealt, parse_move
from scenario import MOVES_C as MOVES_TIE
from strategies import PlayedMatch, variant_matches, variant_rulesets

VALUES: dict[str, Any] = {
    "capicua_bonus": 25,
    "chuchazo_bonus": 100,
    "pase_corrido_bonus": 25,
    "pase_de_salida_bonus": 50,
    "pase_de_salida_double_bonus": 25,
}
LATIN = Ruleset.block(4, partnership=True, hand_size=3, **VALUES)
"""The page's partnership Block game for four, three tiles each, every bonus on."""
TWO = Ruleset.block(2, hand_size=4, **VALUES)
"""A two-player Block game, four tiles each, every bonus on."""


def played(rules: Ruleset, deal: Deal, moves: str) -> HandState:
    """The hand after ``moves``, which end it."""
    state = HandState.start(rules, deal).apply_all(moves)
    assert state.is_over
    return state


def bonuses(state: HandState) -> list[tuple[BonusKind, int, int, int]]:
    """The hand's bonuses as (kind, seat, points, move number)."""
    assert state.result is not None
    return [(b.kind, b.seat, b.points, b.move_number) for b in state.result.bonuses]


def points(state: HandState) -> tuple[int, ...]:
    assert state.result is not None
    return state.result.points


# The capicúa hand of the page: 6-6 | 6-5 R (6,5) | 4-6 L (4,5) | 5-3 R (4,3) | 1-4 L (1,3)
# | 2-3 R (1,2) | 0-1 L (0,2) | then seat 3 lays 2-4 R (0,4) and seat 0 goes out.
CAPICUA_HANDS = (
    ["6-6", "1-4", "0-4"],
    ["5-6", "2-3", "1-1"],
    ["4-6", "0-1", "3-3"],
    ["3-5", "2-4", "2-2"],
)
CAPICUA_MOVES = "6-6 5-6:R 4-6:L 3-5:R 1-4:L 2-3:R 0-1:L 2-4:R 0-4:R"


def test_bonus_1_capicua_the_last_tile_fits_both_ends() -> None:
    # ends 0 and 4 before the last play; 0-4 fits both. Seats 0+2 score seat 1's 1-1 (2)
    # and seat 3's 2-2 (4) = 6, plus 25
    state = played(LATIN, dealt(*CAPICUA_HANDS), CAPICUA_MOVES)
    assert state.result is not None
    assert state.result.ending is Ending.DOMINO
    assert bonuses(state) == [(BonusKind.CAPICUA, 0, 25, 8)]
    assert points(state) == (31, 0, 31, 0)


def test_bonus_1_capicua_in_a_two_player_hand() -> None:
    # 6-6 | 5-6 R (6,5) | 4-5 R (6,4) | seat 1 passes | 3-4 R (6,3): a pase corrido at move
    # 4 | pass | 3-6 L, seat 0's last tile, fits 6 and 3: a pase corrido at move 6 and a
    # capicúa. Seat 0 scores seat 1's 1-1, 1-2, 2-2 (9) + 25 + 25 + 25
    deal = dealt(["6-6", "4-5", "3-4", "3-6"], ["5-6", "1-1", "1-2", "2-2"])
    state = played(TWO, deal, "6-6 5-6:R 4-5:R pass 3-4:R pass 3-6:L")
    assert bonuses(state) == [
        (BonusKind.PASE_CORRIDO, 0, 25, 4),
        (BonusKind.PASE_CORRIDO, 0, 25, 6),
        (BonusKind.CAPICUA, 0, 25, 6),
    ]
    assert points(state) == (84, 0)


def test_bonus_1_a_double_last_tile_is_no_capicua() -> None:
    # 6-6 | 5-6 R (6,5) | 4-6 L (4,5) | 4-5 R (4,4) | seat 0 goes out with 4-4, which fits
    # either end, but a double is no capicúa. Seat 0 scores seat 1's 1-1 (2)
    rules = attrs.evolve(TWO, hand_size=3)
    deal = dealt(["6-6", "4-6", "4-4"], ["5-6", "4-5", "1-1"])
    state = played(rules, deal, "6-6 5-6:R 4-6:L 4-5:R 4-4:L")
    assert state.layout.end(End.LEFT) == 4
    assert state.result is not None
    assert state.result.ending is Ending.DOMINO
    assert bonuses(state) == []
    assert points(state) == (2, 0)


def test_bonus_1_a_blocked_hand_scores_pase_corrido_but_no_capicua() -> None:
    # the two-player hand of the capicúa test, with seat 0 keeping a fifth tile (0-0): its
    # 3-6 fits both ends but is not its last tile; seat 1 (0-1 1-1 1-2 2-2) and seat 0 pass
    # and the hand is blocked. Seat 0 (0 pips) wins: seat 1's 10 pips + 25 + 25
    rules = attrs.evolve(TWO, hand_size=5)
    deal = dealt(["6-6", "4-5", "3-4", "3-6", "0-0"], ["5-6", "1-1", "1-2", "0-1", "2-2"])
    state = played(rules, deal, "6-6 5-6:R 4-5:R pass 3-4:R pass 3-6:L pass pass")
    assert state.result is not None
    assert state.result.ending is Ending.BLOCKED
    assert bonuses(state) == [
        (BonusKind.PASE_CORRIDO, 0, 25, 4),
        (BonusKind.PASE_CORRIDO, 0, 25, 6),
    ]
    assert points(state) == (60, 0)


def test_bonus_2_chuchazo_going_out_with_the_double_blank() -> None:
    # the capicúa hand with seat 3 laying 2-4 R (0,4) and seat 0 going out with 0-0 L
    hands = (["6-6", "1-4", "0-0"], *CAPICUA_HANDS[1:])
    state = played(LATIN, dealt(*hands), "6-6 5-6:R 4-6:L 3-5:R 1-4:L 2-3:R 0-1:L 2-4:R 0-0:L")
    assert bonuses(state) == [(BonusKind.CHUCHAZO, 0, 100, 8)]
    assert points(state) == (106, 0, 106, 0)  # 2 + 4 pips, plus 100


def test_bonus_2_chuchazo_on_two_blank_ends() -> None:
    # the page's example: seat 3 lays 0-2 R, both ends blank; the 0-0 fits either end but
    # is a double: a chuchazo, no capicúa (the [YOF] exception is not modelled)
    hands = (["6-6", "1-4", "0-0"], CAPICUA_HANDS[1], CAPICUA_HANDS[2], ["3-5", "0-2", "2-2"])
    state = played(LATIN, dealt(*hands), "6-6 5-6:R 4-6:L 3-5:R 1-4:L 2-3:R 0-1:L 0-2:R 0-0:L")
    assert bonuses(state) == [(BonusKind.CHUCHAZO, 0, 100, 8)]
    assert points(state) == (106, 0, 106, 0)
    # off, it scores nothing
    moves = "6-6 5-6:R 4-6:L 3-5:R 1-4:L 2-3:R 0-1:L 0-2:R 0-0:L"
    state = played(attrs.evolve(LATIN, chuchazo_bonus=0), dealt(*hands), moves)
    assert bonuses(state) == []
    assert points(state) == (6, 0, 6, 0)


# The blocked hand of the page: 6-6, seat 1 passes (pase de salida), seat 2 lays 5-6,
# seats 3, 0, 1 pass and seat 2 lays 4-5 (pase corrido); then everyone passes.
CORRIDO_HANDS = (
    ["6-6", "1-2", "0-3"],
    ["1-1", "0-2", "2-3"],
    ["5-6", "4-5", "0-0"],
    ["3-3", "1-3", "0-1"],
)
CORRIDO_MOVES = "6-6 pass 5-6:R pass pass pass 4-5:R pass pass pass pass"


def test_bonus_3_pase_corrido_in_partnership() -> None:
    # seats 0+2 hold 6 + 0 pips, seats 1+3 hold 9 + 11 = 20: 0+2 win the block and score
    # 20, plus 25 (pase de salida after a double) and 25 (pase corrido)
    state = played(LATIN, dealt(*CORRIDO_HANDS), CORRIDO_MOVES)
    assert state.result is not None
    assert state.result.ending is Ending.BLOCKED
    assert bonuses(state) == [
        (BonusKind.PASE_DE_SALIDA, 0, 25, 1),
        (BonusKind.PASE_CORRIDO, 2, 25, 6),
    ]
    assert points(state) == (70, 0, 70, 0)


def test_bonus_3_pase_corrido_each_time_in_a_two_player_hand() -> None:
    # 6-6 | 6-5 R | 4-5 R (6,4) | pass | 3-4 R: pase corrido at 4 | pass | 3-6 L: at 6 |
    # pass | pass: blocked. Only pase corrido is on: seat 0 scores seat 1's 10 + 2 x 25
    rules = Ruleset.block(2, hand_size=5, pase_corrido_bonus=25)
    deal = dealt(["6-6", "4-5", "3-4", "3-6", "0-0"], ["5-6", "1-1", "1-2", "0-1", "2-2"])
    state = played(rules, deal, "6-6 5-6:R 4-5:R pass 3-4:R pass 3-6:L pass pass")
    assert bonuses(state) == [
        (BonusKind.PASE_CORRIDO, 0, 25, 4),
        (BonusKind.PASE_CORRIDO, 0, 25, 6),
    ]
    assert points(state) == (60, 0)


def test_bonus_3_draws_are_not_turns() -> None:
    # a Draw game history: seat 1 draws twice and passes, so seat 0 plays again
    history = [
        Step(seat=0, move=Play(tile=Tile(6, 6))),
        Step(seat=1, move=Draw(Tile(1, 1))),
        Step(seat=1, move=Draw(Tile(0, 2))),
        Step(seat=1, move=PASS),
        Step(seat=0, move=Play(tile=Tile(5, 6), end=End.RIGHT)),
        Step(seat=1, move=Draw(Tile(0, 5))),
        Step(seat=1, move=Play(tile=Tile(0, 5), end=End.RIGHT)),
    ]
    rules = Ruleset.draw(2, **VALUES)
    found = hand_bonuses(rules, history, domino=False)
    assert found == (
        Bonus(kind=BonusKind.PASE_DE_SALIDA, seat=0, points=25, move_number=3),
        Bonus(kind=BonusKind.PASE_CORRIDO, seat=0, points=25, move_number=4),
    )


def test_bonus_3_no_bonus_when_the_seat_cannot_play_again() -> None:
    # the blocked hand's four passes after 4-5: seat 2 passes too, so no second bonus
    state = played(
        attrs.evolve(LATIN, pase_de_salida_double_bonus=0), dealt(*CORRIDO_HANDS), CORRIDO_MOVES
    )
    assert bonuses(state) == [(BonusKind.PASE_CORRIDO, 2, 25, 6)]
    assert points(state) == (45, 0, 45, 0)


def test_bonus_4_pase_de_salida_after_a_double_lead() -> None:
    # only the double's value is on: 25 for seat 0's side, at seat 1's pass (move 1)
    rules = Ruleset.block(4, partnership=True, hand_size=3, pase_de_salida_double_bonus=25)
    state = played(rules, dealt(*CORRIDO_HANDS), CORRIDO_MOVES)
    assert bonuses(state) == [(BonusKind.PASE_DE_SALIDA, 0, 25, 1)]
    assert points(state) == (45, 0, 45, 0)
    # the value after a lead that is not a double does not apply
    rules = Ruleset.block(4, partnership=True, hand_size=3, pase_de_salida_bonus=50)
    state = played(rules, dealt(*CORRIDO_HANDS), CORRIDO_MOVES)
    assert bonuses(state) == []
    assert points(state) == (20, 0, 20, 0)


def test_bonus_4_pase_de_salida_after_a_lead_that_is_not_a_double() -> None:
    # seat 0 leads 5-6, seat 1 (1-2 1-1 1-3) passes: 50. Seat 0 goes out with 2-2 (no
    # capicúa: a double); seats 0+2 score seat 1's 1-1 1-3 (6) and seat 3's 0-0 (0) + 50
    rules = attrs.evolve(LATIN, opening=Opening.SEAT_ANY_TILE)
    deal = dealt(
        ["5-6", "2-5", "2-2"], ["1-2", "1-1", "1-3"], ["4-6", "0-3", "0-4"], ["3-4", "0-2", "0-0"]
    )
    state = played(rules, deal, "5-6 pass 4-6:R 3-4:R 2-5:L 1-2:L 0-3:R 0-2:R 2-2:R")
    assert bonuses(state) == [(BonusKind.PASE_DE_SALIDA, 0, 50, 1)]
    assert points(state) == (56, 0, 56, 0)


def test_bonus_4_the_side_that_earns_a_bonus_scores_it_win_or_lose() -> None:
    # two players, three tiles each: 6-6 | seat 1 passes (salida, 25) | 6-5 R: a pase
    # corrido for seat 0 (25) | 5-4 R (6,4) | seat 0 (0-0) passes | 4-3 R: a pase corrido
    # for seat 1 (25) | pass | 1-3 R: another for seat 1 (25), which goes out and scores
    # seat 0's 0 pips + 50; seat 0, which lost, scores its 50 too
    rules = attrs.evolve(TWO, hand_size=3)
    deal = dealt(["6-6", "5-6", "0-0"], ["4-5", "3-4", "1-3"])
    state = played(rules, deal, "6-6 pass 5-6:R 4-5:R pass 3-4:R pass 1-3:R")
    assert state.result is not None
    assert state.result.winners == (1,)
    assert bonuses(state) == [
        (BonusKind.PASE_DE_SALIDA, 0, 25, 1),
        (BonusKind.PASE_CORRIDO, 0, 25, 2),
        (BonusKind.PASE_CORRIDO, 1, 25, 5),
        (BonusKind.PASE_CORRIDO, 1, 25, 7),
    ]
    assert points(state) == (50, 50)


def test_bonus_4_no_bonuses_in_a_conceded_hand() -> None:
    # the pase de salida is made, then seat 3 concedes: no bonus is scored
    state = HandState.start(LATIN, dealt(*CORRIDO_HANDS)).apply_all("6-6 pass 5-6:R")
    state = state.concede(3)
    assert state.result is not None
    assert state.result.ending is Ending.CONCEDED
    assert state.result.bonuses == ()


def test_bonuses_are_off_by_default() -> None:
    rules = Ruleset.block()
    assert rules.has_bonuses is False
    assert Ruleset.block(4, partnership=True).has_bonuses is False
    assert attrs.evolve(rules, pase_de_salida_double_bonus=25).has_bonuses is True
    plain = Ruleset.block(4, partnership=True, hand_size=3)
    for hands, moves in ((CAPICUA_HANDS, CAPICUA_MOVES), (CORRIDO_HANDS, CORRIDO_MOVES)):
        state = played(plain, dealt(*hands), moves)
        assert state.result is not None
        assert state.result.bonuses == ()
    assert points(played(plain, dealt(*CAPICUA_HANDS), CAPICUA_MOVES)) == (6, 0, 6, 0)
    assert points(played(plain, dealt(*CORRIDO_HANDS), CORRIDO_MOVES)) == (20, 0, 20, 0)


@pytest.mark.parametrize(
    ("option", "fields"),
    [
        ({"spinner": SpinnerRule.FIRST_DOUBLE}, ("spinner", "play_scoring")),
        ({"spinner": SpinnerRule.LEAD_DOUBLE}, ("spinner", "play_scoring")),
        ({"play_scoring": PlayScoring.FIVES}, ("spinner", "play_scoring")),
        ({"scoring": Scoring.PENALTY}, ("scoring",)),
    ],
)
@pytest.mark.parametrize("bonus", sorted(VALUES))
def test_bonuses_are_for_line_games_only(
    option: dict[str, Any], fields: tuple[str, ...], bonus: str
) -> None:
    with pytest.raises(RulesetError) as info:
        Ruleset.block(4, partnership=True, **{bonus: 25}, **option)
    assert info.value.fields == (bonus, *fields)
    assert bonus in str(info.value)
    # with every bonus off the same option is fine
    assert not Ruleset.block(4, partnership=True, **option).has_bonuses


def test_bonus_hand_bonuses_on_a_history_built_by_hand() -> None:
    # 5-5 | seat 1 passes (salida after a double) | seat 0 lays 3-5 R, fitting the two 5s:
    # a pase corrido and, as the last tile of a domino, a capicúa
    history = [
        Step(seat=0, move=Play(tile=Tile(5, 5))),
        Step(seat=1, move=PASS),
        Step(seat=0, move=Play(tile=Tile(3, 5), end=End.RIGHT)),
    ]
    rules = Ruleset.block(**VALUES)
    assert hand_bonuses(rules, history, domino=True) == (
        Bonus(kind=BonusKind.PASE_DE_SALIDA, seat=0, points=25, move_number=1),
        Bonus(kind=BonusKind.PASE_CORRIDO, seat=0, points=25, move_number=2),
        Bonus(kind=BonusKind.CAPICUA, seat=0, points=25, move_number=2),
    )
    # not a domino: no capicúa; no history: nothing
    assert [b.kind for b in hand_bonuses(rules, history, domino=False)] == [
        BonusKind.PASE_DE_SALIDA,
        BonusKind.PASE_CORRIDO,
    ]
    assert hand_bonuses(rules, [], domino=True) == ()
    # a bonus whose value is 0 is not listed
    off = attrs.evolve(rules, pase_corrido_bonus=0, pase_de_salida_double_bonus=0)
    assert hand_bonuses(off, history, domino=True) == (
        Bonus(kind=BonusKind.CAPICUA, seat=0, points=25, move_number=2),
    )


def test_bonus_a_hand_resumed_from_a_position_scores_what_its_moves_show() -> None:
    """A state read from a position string has no lead in its history: no pase de salida
    is made up from its first recorded play, and a capicúa still reads the line."""
    rules = Ruleset.block(4, partnership=True, hand_size=2, pase_de_salida_bonus=50)
    held = ["6-6", "2-4", "5-6", "1-1", "4-6", "0-3", "3-3", "0-0"]
    deal = Deal(
        hands=[["6-6", "2-4"], ["5-6", "1-1"], ["4-6", "0-3"], ["3-3", "0-0"]],
        boneyard=[t for t in TileSet.double(6).tiles if str(t) not in held],
    )
    start = HandState.start(rules, deal).apply_all("6-6 5-6:R")
    full = start.apply_all("4-6:L pass 2-4:L")
    resumed = HandState.from_position(start.position(), rules).apply_all("4-6:L pass 2-4:L")
    assert full.result is not None
    assert resumed.result is not None
    assert full.result.bonuses == resumed.result.bonuses == ()
    assert full.result.points == resumed.result.points == (8, 0, 8, 0)

    rules = Ruleset.block(4, partnership=True, hand_size=2, capicua_bonus=25)
    held = ["6-6", "2-4", "5-6", "1-1", "4-6", "0-3", "2-5", "3-3"]
    deal = Deal(
        hands=[["6-6", "2-4"], ["5-6", "1-1"], ["4-6", "0-3"], ["2-5", "3-3"]],
        boneyard=[t for t in TileSet.double(6).tiles if str(t) not in held],
    )
    start = HandState.start(rules, deal).apply_all("6-6 5-6:R 4-6:L")
    full = start.apply_all("2-5:R 2-4:R")
    resumed = HandState.from_position(start.position(), rules).apply_all("2-5:R 2-4:R")
    assert full.result is not None
    assert resumed.result is not None
    assert [b.kind for b in full.result.bonuses] == [BonusKind.CAPICUA]
    # the same bonus, numbered in the resumed state's own (shorter) history
    assert [(b.kind, b.seat, b.points) for b in resumed.result.bonuses] == [
        (b.kind, b.seat, b.points) for b in full.result.bonuses
    ]
    assert resumed.result.bonuses[0].move_number == len(resumed.history) - 1
    assert resumed.result.points == full.result.points


# ---------------------------------------------------------------- BONUS-5
ORDER = (100, 75, 50, 25)
"""The game-order bonus of the Puerto Rican 500 [SACI], [DRAMOS], [PR-R]."""
ORDER_RULES = Ruleset.block(
    game_order_bonus=ORDER,
    target=1000,
    next_lead=NextLead.OPENING_RULE,  # every hand led by its highest double (seat 0 here)
    drawn_lead=DrawnLead.OPENING_RULE,
)


def order_match() -> Match:
    """Six hands of a two-player match, worked by hand (the deals of tests/scenario.py).

    1. DEAL_B: seat 0 dominoes with seat 1's 15 pips left, and wins the first hand won.
    2. DEAL_TIE: a block at 21 pips each, a drawn hand: no winner, not counted.
    3. DEAL_C: a block, seat 0 keeps 12 pips to 27, and wins the second hand won.
    4. DEAL_B: seat 0 concedes at once; seat 1 scores seat 0's 67 pips, third hand won.
    5. and 6. DEAL_B again: seat 0 wins the fourth hand won, then a fifth.
    """
    match = play_match(Match.start(ORDER_RULES, deal=DEAL_B), MOVES_B)
    match = play_match(match.next_hand(DEAL_TIE), MOVES_TIE)
    match = play_match(match.next_hand(DEAL_C), MOVES_C)
    match = match.next_hand(DEAL_B).concede(0)
    match = play_match(match.next_hand(DEAL_B), MOVES_B)
    return play_match(match.next_hand(DEAL_B), MOVES_B)


def play_match(match: Match, moves: str) -> Match:
    """``match`` after ``moves`` in its current hand."""
    for text in moves.split():
        match = match.apply(parse_move(text))
    return match


def test_bonus_5_the_first_four_hands_won_score_100_75_50_25() -> None:
    match = order_match()
    hand_points = [r.points for r in match.results]
    assert hand_points == [(15, 0), (0, 0), (27, 0), (0, 67), (15, 0), (15, 0)]
    assert match.results[1].winners == ()
    assert match.game_order_points == ((100, 0), (0, 0), (75, 0), (0, 50), (25, 0), (0, 0))
    assert match.scores == (15 + 100 + 27 + 75 + 15 + 25 + 15, 67 + 50)
    assert not match.is_over


def test_bonus_5_is_off_by_default_and_adds_nothing() -> None:
    assert Ruleset.block().game_order_bonus == ()
    plain = attrs.evolve(ORDER_RULES, game_order_bonus=())
    match = play_match(Match.start(plain, deal=DEAL_B), MOVES_B)
    assert match.game_order_points == ((0, 0),)
    assert match.scores == (15, 0)


def test_bonus_5_the_bonus_can_end_the_match() -> None:
    rules = attrs.evolve(ORDER_RULES, target=100)
    match = play_match(Match.start(rules, deal=DEAL_B), MOVES_B)  # 15 + 100
    assert match.is_over
    assert match.winner == (0,)


def test_bonus_5_in_partnership_both_partners_score_it() -> None:
    rules = attrs.evolve(LATIN, game_order_bonus=ORDER, target=500)
    match = Match.start(rules, deal=dealt(*CAPICUA_HANDS))
    match = play_match(match, CAPICUA_MOVES)
    assert match.game_order_points == ((100, 0, 100, 0),)
    assert match.scores == (131, 0, 131, 0)  # 6 pips, capicúa 25, first hand 100


def test_bonus_5_the_field_is_read_and_written_by_the_codec() -> None:
    codec = RULESET_FIELDS["game_order_bonus"]
    assert codec.to_data(ORDER) == [100, 75, 50, 25]
    assert codec.to_text(ORDER) == "100,75,50,25"
    assert codec.to_text(()) == "none"
    assert codec.from_text(" 100, 75,50 ,25 ") == ORDER
    assert codec.from_text("none") == codec.from_text("") == ()
    assert codec.from_data([100, 75, 50, 25]) == ORDER
    assert RULESET_FIELDS.parse_setting("game-order-bonus=100,75") == (
        "game_order_bonus",
        (100, 75),
    )
    assert Ruleset.block(game_order_bonus=[50]).game_order_bonus == (50,)  # a list is taken
    for bad in ([True], ["100"], 100, [1.5]):
        with pytest.raises(FieldValueError, match=r"^game_order_bonus must be an array"):
            codec.from_data(bad)
    with pytest.raises(FieldValueError, match=r"^game_order_bonus must be integers joined"):
        codec.from_text("100;75")


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ((100, "75"), "must be a tuple of ints"),
        ((100, True), "must be a tuple of ints"),
        ("100", "must be a tuple of ints"),
        ((100, -1), "must hold numbers from 0 to 10000, got -1"),
        ((1,) * 101, "must hold at most 100 numbers, got 101"),
    ],
)
def test_bonus_5_refuses_what_is_not_a_tuple_of_points(value: object, message: str) -> None:
    with pytest.raises(RulesetError, match=message) as info:
        Ruleset.block(game_order_bonus=value)
    assert info.value.fields == ("game_order_bonus",)


def test_bonus_5_is_refused_under_penalty_scoring() -> None:
    with pytest.raises(RulesetError) as info:
        Ruleset.block(game_order_bonus=ORDER, scoring=Scoring.PENALTY)
    assert info.value.fields == ("game_order_bonus", "scoring")


@st.composite
def ordered_rulesets(draw: st.DrawFn) -> Ruleset:
    """A random ruleset (any scoring but PENALTY) with a game-order bonus."""
    scoring = draw(st.sampled_from([s for s in Scoring if s is not Scoring.PENALTY]))
    rules = draw(variant_rulesets(scoring=scoring))
    order = draw(st.sampled_from([ORDER, (5,), (7, 0, 3)]))
    return attrs.evolve(rules, game_order_bonus=order)


@settings(max_examples=40, deadline=None, derandomize=True)
@given(played=variant_matches(ordered_rulesets(), max_hands=6))
def test_bonus_5_each_hand_adds_its_points_and_its_game_order_bonus(played: PlayedMatch) -> None:
    rules = played.rules
    won = 0  # hands with winners so far, counted here apart from the engine
    for hand in played.hands:
        before, after = hand.before, hand.after
        if not after.state.is_over:
            return  # stopped by the move bound
        result = after.results[-1]
        order = rules.game_order_bonus
        bonus = order[won] if result.winners and won < len(order) else 0
        won += bool(result.winners)
        expected = tuple(bonus if s in result.winners else 0 for s in range(rules.players))
        assert after.game_order_points == (*before.game_order_points, expected)
        assert after.scores == tuple(
            s + p + b for s, p, b in zip(before.scores, result.points, expected, strict=True)
        )


@pytest.mark.parametrize("form", ["toml", "json"])
def test_bonus_5_a_match_record_round_trips_with_its_bonuses(form: str) -> None:
    match = order_match()
    record = MatchRecord.from_match(match)
    text = dumps(record, format=form)  # type: ignore[arg-type]
    if form == "toml":
        assert "game_order_bonus = [100, 75, 50, 25]" in text
    again = loads(text)
    assert again == record
    assert isinstance(again, MatchRecord)
    assert again.final == match
    assert again.final.game_order_points == match.game_order_points
