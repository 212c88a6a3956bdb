"""Scenario tests for faults and penalties, FAULT-1 to FAULT-5 (docs/rules/faults.md).

Every test builds a hand-made deal, plays it move by move (a false pass or a forbidden draw
among the moves) and checks the result computed by hand in the comments. Moves are written
as the engine prints them: ``"3-3"`` for the lead, ``"2-3:R"`` for a play on the right end,
``"draw"``, ``"pass"``.
"""

from __future__ import annotations

import attrs
import pytest

from dominoes import (
    DRAW,
    PASS,
    Deal,
    Draw,
    DrawRule,
    End,
    Ending,
    Fault,
    FaultKind,
    FaultMode,
    FaultPenalty,
    HandState,
    IllegalMoveError,
    IllegalMoveReason,
    Match,
    Move,
    Phase,
    Play,
    Ruleset,
    Scoring,
    Step,
    Tile,
    VerificationRound,
)
from scenario import DEAL_V, OPENING_V, THREE, parse_move, play_moves, refusal

# The small Block game of the docs: double-3, two players, four tiles each. Seat 0 leads 3-3;
# seat 1 holds 1-3, which fits, so a pass by seat 1 after the lead is a false pass.
SMALL = Ruleset(max_pip=3, players=2, hand_size=4)
DEAL_F = Deal(
    hands=[["3-3", "2-3", "1-2", "0-0"], ["1-3", "1-1", "0-1", "2-2"]],
    boneyard=["0-2", "0-3"],
)
# After the false pass, seat 0's 2-3 voids the round; the hand ends blocked on [2|...|2].
MOVES_F = "3-3 pass 2-3:R 1-3:L 1-2:L 2-2:L pass pass"

# Seat 1 answers 3-3 with 1-3 and then holds only 0s and 2s; seat 0 still holds 2-3.
DEAL_G = Deal(
    hands=[["3-3", "2-3", "1-1", "0-1"], ["1-3", "0-0", "0-2", "2-2"]],
    boneyard=["1-2", "0-3"],
)


# A double-3 hand for four in partnership: seat 1 holds 1-3 and can answer the lead.
PAIRS = Ruleset(max_pip=3, players=4, hand_size=2, partnership=True)
DEAL_PAIRS = Deal(
    hands=[["3-3", "0-2"], ["1-1", "1-3"], ["2-2", "2-3"], ["0-1", "1-2"]],
    boneyard=["0-0", "0-3"],
)


def tolerant(rules: Ruleset, penalty: FaultPenalty = FaultPenalty.FORFEIT_HAND) -> Ruleset:
    """``rules`` in tolerant mode with this penalty."""
    return attrs.evolve(rules, faults=FaultMode.TOLERANT, fault_penalty=penalty)


def false_pass(seat: int, move_number: int) -> Fault:
    return Fault(seat=seat, kind=FaultKind.FALSE_PASS, move_number=move_number)


# ---------------------------------------------------------------- FAULT-1
def test_fault_1_strict_mode_refuses_false_pass_and_forbidden_draw() -> None:
    assert SMALL.faults is FaultMode.STRICT
    state = play_moves(HandState.start(SMALL, DEAL_F), "3-3")
    # seat 1 holds 1-3: a pass is refused
    assert refusal(state, PASS) == IllegalMoveReason.MUST_PLAY
    state = play_moves(HandState.start(THREE, DEAL_V), "3-3")
    # seat 1 (0-0, 0-1) cannot play but the boneyard has 4 tiles: it must draw
    assert refusal(state, PASS) == IllegalMoveReason.MUST_DRAW
    state = play_moves(state, "draw draw")
    # seat 1 drew 1-2, then 0-3, which fits: a third draw is refused
    assert refusal(state, DRAW) == IllegalMoveReason.MUST_PLAY
    assert state.faults == ()


def test_fault_1_false_pass_while_holding_a_playable_tile() -> None:
    state = play_moves(HandState.start(tolerant(SMALL, FaultPenalty.NONE), DEAL_F), "3-3")
    assert Tile(1, 3) in state.hand(1)
    state = state.apply(PASS)
    assert state.faults == (false_pass(1, 1),)
    assert state.history[1] == Step(seat=1, move=PASS)
    # the pass acts as a real one: the turn moves on and, with nothing to draw, a round opens
    assert state.turn == 0
    assert state.phase is Phase.VERIFICATION
    assert state.verification == VerificationRound(proposer=1, confirmed=(1,), players=2)
    assert state.hand(1) == (Tile(0, 1), Tile(1, 1), Tile(2, 2), Tile(1, 3))


def test_fault_1_false_pass_while_the_rules_say_draw() -> None:
    rules = tolerant(THREE, FaultPenalty.NONE)
    state = play_moves(HandState.start(rules, DEAL_V), "3-3 pass")
    # seat 1 could not play but had to draw: still a false pass (kind FALSE_PASS)
    assert state.faults == (false_pass(1, 1),)
    # the boneyard still holds tiles, so no verification round opens; seat 2 moves next
    assert state.phase is Phase.PLAY
    assert state.verification is None
    assert state.turn == 2
    assert len(state.boneyard) == 4


def test_fault_1_forbidden_draw_is_recorded_and_the_drawer_moves_again() -> None:
    rules = tolerant(THREE, FaultPenalty.NONE)
    state = play_moves(HandState.start(rules, DEAL_V), "3-3 draw draw")
    assert state.legal_moves() == (
        Play(tile=Tile(0, 3), end=End.LEFT),
        Play(tile=Tile(0, 3), end=End.RIGHT),
    )
    state = state.apply(DRAW)
    # move 3 of the hand: seat 1 takes the next tile, 0-2, and moves again
    assert state.faults == (Fault(seat=1, kind=FaultKind.FORBIDDEN_DRAW, move_number=3),)
    assert state.history[3] == Step(seat=1, move=Draw(Tile(0, 2)))
    assert state.turn == 1
    assert state.hand(1) == (Tile(0, 0), Tile(0, 1), Tile(0, 2), Tile(1, 2), Tile(0, 3))
    assert state.boneyard == (Tile(2, 3),)
    # a second forbidden draw is a second fault
    state = state.apply(DRAW)
    assert [f.move_number for f in state.faults] == [3, 4]
    assert state.boneyard == ()


def test_fault_1_voluntary_draw_is_no_fault() -> None:
    rules = attrs.evolve(tolerant(THREE), voluntary_draw=True)
    state = play_moves(HandState.start(rules, DEAL_V), "3-3 draw draw")
    assert DRAW in state.legal_moves()
    state = state.apply(DRAW)
    assert state.faults == ()
    assert not state.is_over


def test_fault_1_legal_moves_and_is_legal_ignore_faults() -> None:
    strict = play_moves(HandState.start(SMALL, DEAL_F), "3-3")
    state = play_moves(HandState.start(tolerant(SMALL), DEAL_F), "3-3")
    assert (
        state.legal_moves()
        == strict.legal_moves()
        == (
            Play(tile=Tile(1, 3), end=End.LEFT),
            Play(tile=Tile(1, 3), end=End.RIGHT),
        )
    )
    assert not state.is_legal(PASS)
    with pytest.raises(IllegalMoveError) as info:
        state.check(PASS)
    assert info.value.reason is IllegalMoveReason.MUST_PLAY
    drawing = play_moves(HandState.start(tolerant(THREE), DEAL_V), "3-3 draw draw")
    assert DRAW not in drawing.legal_moves()
    assert not drawing.is_legal(DRAW)
    assert drawing.faults == ()


def _other_illegal_moves() -> list[tuple[Ruleset, Deal, str, Move, IllegalMoveReason]]:
    block = tolerant(SMALL)
    draw = tolerant(THREE)
    one_draw = attrs.evolve(draw, drawing=DrawRule.ONE_THEN_PASS)
    l13 = Play(tile=Tile(1, 3), end=End.LEFT)
    return [
        # before the lead nothing is a fault
        (block, DEAL_F, "", PASS, IllegalMoveReason.MUST_LEAD),
        (draw, DEAL_V, "", DRAW, IllegalMoveReason.MUST_LEAD),
        # a tile that does not match, or that the player does not hold
        (
            block,
            DEAL_F,
            "3-3",
            Play(tile=Tile(1, 1), end=End.LEFT),
            IllegalMoveReason.DOES_NOT_MATCH,
        ),
        (
            block,
            DEAL_F,
            "3-3",
            Play(tile=Tile(2, 3), end=End.LEFT),
            IllegalMoveReason.TILE_NOT_IN_HAND,
        ),
        (block, DEAL_F, "3-3", Play(tile=Tile(1, 3)), IllegalMoveReason.NO_SUCH_END),
        # a draw in a game without drawing is refused whatever the hand (BLOCK-2)
        (block, DEAL_F, "3-3", DRAW, IllegalMoveReason.CANNOT_DRAW),
        (block, DEAL_F, "3-3 1-3:R 2-3:L 2-2:L 1-2:R", DRAW, IllegalMoveReason.CANNOT_DRAW),
        # a draw that names a tile other than the top of the boneyard (0-2 is next, not 2-3)
        (draw, DEAL_V, "3-3 draw draw", Draw(Tile(2, 3)), IllegalMoveReason.MUST_PLAY),
        # a draw from an empty boneyard while able to play (seat 1 holds 0-0, ends 3 and 0)
        (draw, DEAL_V, OPENING_V + " pass", DRAW, IllegalMoveReason.MUST_PLAY),
        # one draw then pass: the second draw is not a fault, it is refused
        (one_draw, DEAL_V, "3-3 draw pass 1-3:R draw", DRAW, IllegalMoveReason.MUST_PLAY),
        # out of turn, and after the end of the hand
        (block, DEAL_F, "3-3", l13, IllegalMoveReason.NOT_YOUR_TURN),
        (block, DEAL_F, "3-3 pass", PASS, IllegalMoveReason.HAND_OVER),
    ]


@pytest.mark.parametrize(("rules", "deal", "moves", "move", "reason"), _other_illegal_moves())
def test_fault_1_other_illegal_moves_are_still_refused(
    rules: Ruleset, deal: Deal, moves: str, move: Move, reason: IllegalMoveReason
) -> None:
    state = (
        play_moves(HandState.start(rules, deal), moves) if moves else HandState.start(rules, deal)
    )
    faults = state.faults
    seat = 0 if reason is IllegalMoveReason.NOT_YOUR_TURN else None
    assert refusal(state, move, seat=seat) == reason
    assert state.faults == faults


def test_fault_1_one_then_pass_drawn_tile_fits_pass_is_a_false_pass() -> None:
    # DRAWING-1: seat 1 draws one tile, 1-2, which does not fit 3-3: it passes legally;
    # seat 2 plays 1-3 and seat 0 draws 0-3, which fits: its pass is a false pass
    rules = attrs.evolve(tolerant(THREE, FaultPenalty.NONE), drawing=DrawRule.ONE_THEN_PASS)
    state = play_moves(HandState.start(rules, DEAL_V), "3-3 draw pass 1-3:R draw")
    assert state.faults == ()
    assert state.hand(0) == (Tile(2, 2), Tile(0, 3))
    state = state.apply(PASS)
    assert state.faults == (false_pass(0, 5),)


@pytest.mark.parametrize("voluntary", [False, True])
def test_fault_1_one_then_pass_a_second_draw_is_refused_not_a_fault(voluntary: bool) -> None:
    # DRAWING-1 allows one draw a turn, so a second one is refused in tolerant mode too
    # (a fault is a move the rules would allow a player who could not play), whether the
    # drawn tile fits (MUST_PLAY) or not (CANNOT_DRAW), and even with voluntary drawing
    rules = attrs.evolve(
        tolerant(THREE, FaultPenalty.NONE),
        drawing=DrawRule.ONE_THEN_PASS,
        voluntary_draw=voluntary,
    )
    # seat 1 draws 1-2, which does not fit 3-3
    state = play_moves(HandState.start(rules, DEAL_V), "3-3 draw")
    assert (state.turn, state.legal_moves()) == (1, (PASS,))
    assert refusal(state, DRAW) is IllegalMoveReason.CANNOT_DRAW
    assert refusal(state, Draw(Tile(0, 3))) is IllegalMoveReason.CANNOT_DRAW
    # seat 2 plays 1-3; seat 0 draws 0-3, which fits
    state = play_moves(state, "pass 1-3:R draw")
    assert state.turn == 0
    assert Tile(0, 3) in state.hand(0)
    assert refusal(state, DRAW) is IllegalMoveReason.MUST_PLAY
    assert state.faults == ()
    # after a forbidden draw (seat 2 holds 1-3, which fits), a second draw is refused too
    if not voluntary:
        state = play_moves(HandState.start(rules, DEAL_V), "3-3 draw pass draw")
        assert state.faults == (Fault(seat=2, kind=FaultKind.FORBIDDEN_DRAW, move_number=3),)
        assert state.turn == 2
        assert refusal(state, DRAW) is IllegalMoveReason.MUST_PLAY
        assert len(state.faults) == 1


def test_fault_1_faults_are_in_the_result() -> None:
    result = play_moves(HandState.start(tolerant(SMALL, FaultPenalty.NONE), DEAL_F), MOVES_F).result
    assert result is not None
    assert result.faults == (false_pass(1, 1),)


# ---------------------------------------------------------------- FAULT-2
def test_fault_2_forfeit_is_the_default_penalty() -> None:
    rules = Ruleset.block(faults=FaultMode.TOLERANT)
    assert rules.fault_penalty is FaultPenalty.FORFEIT_HAND
    assert rules.fault_points == 30


def test_fault_2_false_pass_forfeits_the_hand() -> None:
    state = play_moves(HandState.start(tolerant(SMALL), DEAL_F), "3-3 pass")
    assert state.is_over
    assert state.phase is Phase.OVER
    assert state.turn == 1  # the offender
    assert state.legal_moves() == ()
    result = state.result
    assert result is not None
    assert result.ending is Ending.FORFEIT
    assert result.winners == (0,)
    # seat 0 keeps 2-3, 1-2, 0-0 (8), seat 1 all four tiles (4 + 2 + 1 + 4 = 11): not counted
    assert result.pips == (8, 11)
    assert result.points == (30, 0)
    assert result.penalties == (30, 0)
    assert result.faults == (false_pass(1, 1),)
    assert result.verification is None
    assert result.blocked_by is None
    assert result.domino_seat is None


def test_fault_2_forbidden_draw_forfeits_the_hand() -> None:
    state = play_moves(HandState.start(tolerant(THREE), DEAL_V), "3-3 draw draw draw")
    result = state.result
    assert result is not None
    assert result.ending is Ending.FORFEIT
    assert result.faults == (Fault(seat=1, kind=FaultKind.FORBIDDEN_DRAW, move_number=3),)
    # the drawn tile is in seat 1's hand: 0-0, 0-1, 0-2, 1-2, 0-3 = 0 + 1 + 2 + 3 + 3
    assert result.pips == (4, 9, 6)
    assert result.winners == (0, 2)
    assert result.points == (30, 0, 30)


def test_fault_2_every_side_without_a_fault_scores() -> None:
    # seat 1 passes instead of drawing: seats 0 and 2 score 30 each
    result = play_moves(HandState.start(tolerant(THREE), DEAL_V), "3-3 pass").result
    assert result is not None
    assert result.ending is Ending.FORFEIT
    assert result.winners == (0, 2)
    assert result.points == (30, 0, 30)
    assert result.penalties == (30, 0, 30)


def test_fault_2_partnership_offenders_partner_scores_nothing() -> None:
    result = play_moves(HandState.start(tolerant(PAIRS), DEAL_PAIRS), "3-3 pass").result
    assert result is not None
    assert result.ending is Ending.FORFEIT
    assert result.winners == (0, 2)
    # the side (0, 2) scores 30 once, shown by both partners; seat 3 is seat 1's partner
    assert result.points == (30, 0, 30, 0)


def test_fault_2_fault_points_override() -> None:
    # [ROCOH]: 20 % of a target of 100
    rules = attrs.evolve(tolerant(SMALL), fault_points=20)
    result = play_moves(HandState.start(rules, DEAL_F), "3-3 pass").result
    assert result is not None
    assert result.points == (20, 0)


def test_fault_2_forfeit_in_a_match_adds_the_points() -> None:
    rules = attrs.evolve(tolerant(SMALL), target=50)
    match = Match.start(rules, seed=3)
    match = attrs.evolve(match, state=HandState.start(rules, DEAL_F))
    for text in ["3-3", "pass"]:
        match = match.apply(parse_move(text))
    assert match.state.is_over
    assert match.results[-1].ending is Ending.FORFEIT
    assert match.scores == (30, 0)
    assert not match.is_over
    assert match.next_hand().hand_number == 1


def test_fault_2_penalty_scoring_offender_takes_the_fault_points() -> None:
    rules = attrs.evolve(tolerant(SMALL), scoring=Scoring.PENALTY)
    result = play_moves(HandState.start(rules, DEAL_F), "3-3 pass").result
    assert result is not None
    assert result.ending is Ending.FORFEIT
    assert result.winners == (0,)
    # under PENALTY points count against a side: the offender (seat 1) takes the 30
    assert result.points == (0, 30)
    assert result.penalties == (0, 30)


# ---------------------------------------------------------------- FAULT-3
def test_fault_3_play_goes_on_and_penalty_is_added_at_the_end() -> None:
    rules = tolerant(SMALL, FaultPenalty.POINTS)
    state = play_moves(HandState.start(rules, DEAL_F), "3-3 pass")
    assert not state.is_over
    assert state.faults == (false_pass(1, 1),)
    state = play_moves(state, "2-3:R")
    # seat 0's play voids the round the false pass opened
    assert state.phase is Phase.PLAY
    assert state.verification is None
    state = play_moves(state, "1-3:L 1-2:L 2-2:L pass pass")
    assert str(state.layout) == "[2|2][2|1][1|3][3|3][3|2]"
    result = state.result
    assert result is not None
    assert result.ending is Ending.BLOCKED
    # seat 0 keeps 0-0 (0), seat 1 keeps 1-1 and 0-1 (3): seat 0 wins 3, plus 30 penalty
    assert result.pips == (0, 3)
    assert result.winners == (0,)
    assert result.penalties == (30, 0)
    assert result.points == (33, 0)
    assert result.faults == (false_pass(1, 1),)


def test_fault_3_every_other_side_scores_per_fault() -> None:
    rules = tolerant(THREE, FaultPenalty.POINTS)
    state = play_moves(HandState.start(rules, DEAL_V), "3-3 pass 1-3:R draw")
    # seat 0 drew 1-2, which fits the 1 on the right; its pass is a second fault
    assert state.hand(0) == (Tile(1, 2), Tile(2, 2))
    state = play_moves(state, "pass 0-1:R draw 0-3:L draw 0-2:L 0-0:R")
    assert str(state.layout) == "[2|0][0|3][3|3][3|1][1|0][0|0]"
    result = state.result
    assert result is not None
    assert result.faults == (false_pass(1, 1), false_pass(0, 4))
    assert result.ending is Ending.DOMINO
    assert result.winners == (1,)
    # seat 0 keeps 1-2, 2-2 (7), seat 2 keeps 1-1 (2): seat 1 scores 9
    assert result.pips == (7, 0, 2)
    # seat 1's fault: 30 to seats 0 and 2; seat 0's fault: 30 to seats 1 and 2
    assert result.penalties == (30, 30, 60)
    assert result.points == (30, 39, 60)


def test_fault_3_offender_can_still_win_the_hand() -> None:
    rules = tolerant(SMALL, FaultPenalty.POINTS)
    deal = Deal(
        hands=[["0-0", "0-1", "2-2", "0-3"], ["3-3", "1-2", "1-3", "1-1"]],
        boneyard=["2-3", "0-2"],
    )
    state = play_moves(HandState.start(rules, deal), "3-3 0-3:L")
    assert state.legal_moves() == (Play(tile=Tile(1, 3), end=End.RIGHT),)
    state = play_moves(state, "pass 0-1:L 1-3:R pass 1-1:L pass 1-2:R")
    result = state.result
    assert result is not None
    assert result.faults == (false_pass(1, 2),)
    assert result.ending is Ending.DOMINO
    assert result.winners == (1,)
    # seat 0 keeps 0-0 and 2-2 (4): seat 1 scores 4; seat 0 scores the 30 of the penalty
    assert result.pips == (4, 0)
    assert result.points == (30, 4)
    assert result.penalties == (30, 0)


def test_fault_3_penalty_scoring_offender_takes_the_fault_points() -> None:
    rules = attrs.evolve(tolerant(SMALL, FaultPenalty.POINTS), scoring=Scoring.PENALTY)
    result = play_moves(HandState.start(rules, DEAL_F), MOVES_F).result
    assert result is not None
    assert result.ending is Ending.BLOCKED
    # each seat keeps its own pips (0 and 3); the offender, seat 1, adds 30 for its fault
    assert result.pips == (0, 3)
    assert result.penalties == (0, 30)
    assert result.points == (0, 33)


# ---------------------------------------------------------------- FAULT-4
def test_fault_4_fault_is_recorded_and_nobody_scores_for_it() -> None:
    rules = tolerant(SMALL, FaultPenalty.NONE)
    result = play_moves(HandState.start(rules, DEAL_F), MOVES_F).result
    assert result is not None
    assert result.ending is Ending.BLOCKED
    assert result.faults == (false_pass(1, 1),)
    assert result.penalties == (0, 0)
    # only the block's 3 pips
    assert result.points == (3, 0)


# ---------------------------------------------------------------- FAULT-5
def test_fault_5_false_pass_inside_the_round_is_a_false_block() -> None:
    rules = tolerant(THREE, FaultPenalty.POINTS)
    state = play_moves(HandState.start(rules, DEAL_V), OPENING_V)
    assert state.boneyard == ()
    assert state.layout.ends == (3, 0)
    state = play_moves(state, "pass pass")
    # seat 1 confirmed although 0-0 fits the 0 on the right
    assert Tile(0, 0) in state.hand(1)
    assert state.faults == (false_pass(1, 11),)
    assert state.verification == VerificationRound(proposer=0, confirmed=(0, 1), players=3)
    state = play_moves(state, "pass")
    result = state.result
    assert result is not None
    assert result.ending is Ending.FALSE_BLOCK
    assert result.verification == VerificationRound(proposer=0, confirmed=(0, 1, 2), players=3)
    assert result.blocked_by is None
    # a clean block would go to seat 2 (2 pips); the sides without a fault win instead
    assert result.pips == (4, 3, 2)
    assert result.winners == (0, 2)
    assert result.points == (30, 0, 30)
    assert result.penalties == (30, 0, 30)


def test_fault_5_false_block_without_penalty_points() -> None:
    rules = tolerant(THREE, FaultPenalty.NONE)
    result = play_moves(HandState.start(rules, DEAL_V), OPENING_V + " pass pass pass").result
    assert result is not None
    assert result.ending is Ending.FALSE_BLOCK
    assert result.winners == (0, 2)
    assert result.points == (0, 0, 0)


def test_fault_5_proposer_false_pass_is_a_false_block() -> None:
    state = play_moves(HandState.start(tolerant(SMALL, FaultPenalty.POINTS), DEAL_G), "3-3 1-3:R")
    assert state.layout.ends == (3, 1)
    # seat 0 holds 2-3 but passes, and so proposes the block; seat 1 (0-0, 0-2, 2-2) confirms
    state = play_moves(state, "pass")
    assert state.verification == VerificationRound(proposer=0, confirmed=(0,), players=2)
    assert refusal(state, DRAW) == IllegalMoveReason.CANNOT_DRAW
    state = play_moves(state, "pass")
    result = state.result
    assert result is not None
    assert result.faults == (false_pass(0, 2),)
    assert result.ending is Ending.FALSE_BLOCK
    assert result.verification == VerificationRound(proposer=0, confirmed=(0, 1), players=2)
    # seat 1 holds 0 + 2 + 4 = 6 pips against seat 0's 2-3, 1-1, 0-1 (8): no matter
    assert result.pips == (8, 6)
    assert result.winners == (1,)
    assert result.points == (0, 30)


def test_fault_5_forfeit_takes_precedence_over_the_round() -> None:
    # the same false confirmation under FORFEIT_HAND: the hand stops at seat 1's pass
    state = play_moves(HandState.start(tolerant(THREE), DEAL_V), OPENING_V + " pass pass")
    result = state.result
    assert result is not None
    assert result.ending is Ending.FORFEIT
    assert result.verification is None
    assert result.points == (30, 0, 30)
    # even when the false pass is the confirmation that completes the round
    rules = tolerant(SMALL)
    deal = Deal(
        hands=[["3-3", "2-3", "0-0", "0-1"], ["1-1", "1-2", "2-2", "0-2"]],
        boneyard=["0-3", "1-3"],
    )
    state = play_moves(HandState.start(rules, deal), "3-3 pass")
    assert state.verification == VerificationRound(proposer=1, confirmed=(1,), players=2)
    state = state.apply(PASS)  # seat 0 holds 2-3
    result = state.result
    assert result is not None
    assert result.ending is Ending.FORFEIT
    assert result.faults == (false_pass(0, 2),)
    assert result.winners == (1,)
    assert result.points == (0, 30)


def test_fault_5_voided_round_leaves_a_later_block_clean() -> None:
    rules = tolerant(SMALL, FaultPenalty.POINTS)
    result = play_moves(HandState.start(rules, DEAL_F), MOVES_F).result
    assert result is not None
    assert result.faults == (false_pass(1, 1),)
    assert result.ending is Ending.BLOCKED
    assert result.verification == VerificationRound(proposer=0, confirmed=(0, 1), players=2)
    assert result.blocked_by == 1


def test_fault_5_every_side_at_fault_is_drawn() -> None:
    # seat 1 passes holding 1-3, then seat 0 passes holding 2-3: both confirmations are false
    state = play_moves(HandState.start(tolerant(SMALL, FaultPenalty.POINTS), DEAL_F), "3-3 pass")
    state = state.apply(PASS)
    result = state.result
    assert result is not None
    assert result.ending is Ending.FALSE_BLOCK
    assert result.faults == (false_pass(1, 1), false_pass(0, 2))
    assert result.winners == ()
    assert result.is_draw
    # each side scores 30 for the other side's fault
    assert result.points == (30, 30)
