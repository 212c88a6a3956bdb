"""Scenario tests for the verification round, VERIFY-1 to VERIFY-4 (docs/rules/verification.md).

The main scenario is the step-by-step example of the docs: a double-3 Draw game
for three players with two tiles each, in which a first proposal to block is
voided by a play and a second one is confirmed by every seat.
"""

from __future__ import annotations

from dominoes import (
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
    Tile,
    VerificationRound,
)
from scenario import DEAL_V, OPENING_V, THREE, play_moves, refusal

RULES = THREE
DEAL = DEAL_V
OPENING = OPENING_V


def _before_first_pass() -> HandState:
    state = play_moves(HandState.start(RULES, DEAL), OPENING)
    assert str(state.layout) == "[3|2][2|0][0|3][3|3][3|1][1|0]"
    assert state.layout.ends == (3, 0)
    assert state.boneyard == ()
    assert state.hands == ((Tile(2, 2),), (Tile(0, 0), Tile(1, 2)), (Tile(1, 1),))
    assert state.turn == 0
    return state


# ---------------------------------------------------------------- VERIFY-1
def test_verify_1_pass_with_empty_boneyard_opens_the_round() -> None:
    state = _before_first_pass()
    assert state.phase is Phase.PLAY
    assert state.verification is None
    assert state.legal_moves() == (PASS,)
    state = state.apply(PASS)
    assert state.phase is Phase.VERIFICATION
    assert state.verification == VerificationRound(proposer=0, confirmed=(0,), players=3)
    assert state.verification.waiting_for == (1, 2)
    assert not state.verification.complete
    assert state.turn == 1
    assert not state.is_over


def test_verify_1_no_round_while_the_boneyard_has_tiles() -> None:
    state = play_moves(HandState.start(RULES, DEAL), "3-3")
    # seat 1 cannot play on [3|3], but it can draw: a pass is refused, no round opens
    assert refusal(state, PASS) == IllegalMoveReason.MUST_DRAW
    assert state.verification is None


def test_verify_1_block_game_pass_opens_the_round() -> None:
    # double-3 Block game: seat 1 cannot match the 3s and passes at once
    rules = Ruleset(max_pip=3, players=3, hand_size=2)
    deal = Deal(
        hands=[["1-1", "3-3"], ["0-2", "2-2"], ["0-1", "1-2"]],
        boneyard=["0-0", "0-3", "1-3", "2-3"],
    )
    state = play_moves(HandState.start(rules, deal), "3-3 pass")
    assert state.phase is Phase.VERIFICATION
    assert state.verification == VerificationRound(proposer=1, confirmed=(1,), players=3)


# ---------------------------------------------------------------- VERIFY-2
def test_verify_2_next_player_who_can_play_must_play_and_voids_the_round() -> None:
    state = _before_first_pass().apply(PASS)
    assert state.turn == 1
    # seat 1 holds 0-0, which fits the 0 on the right: it may not confirm
    assert state.legal_moves() == (Play(tile=Tile(0, 0), end=End.RIGHT),)
    assert refusal(state, PASS) == IllegalMoveReason.MUST_PLAY
    state = play_moves(state, "0-0:R")
    assert str(state.layout) == "[3|2][2|0][0|3][3|3][3|1][1|0][0|0]"
    assert state.phase is Phase.PLAY
    assert state.verification is None


def test_verify_2_a_confirmation_passes_the_turn_on() -> None:
    state = play_moves(_before_first_pass(), "pass 0-0:R pass")
    # seat 2 (1-1) could not play: a new round opens with seat 2 as proposer
    assert state.verification == VerificationRound(proposer=2, confirmed=(2,), players=3)
    state = play_moves(state, "pass")
    assert state.verification == VerificationRound(proposer=2, confirmed=(2, 0), players=3)
    assert state.verification.waiting_for == (1,)
    assert state.turn == 1


# ---------------------------------------------------------------- VERIFY-3
def test_verify_3_block_only_when_every_seat_confirmed() -> None:
    state = play_moves(_before_first_pass(), "pass 0-0:R pass pass")
    # nobody can play on [3|...|0] any more, but seat 1 has not confirmed yet
    assert state.phase is Phase.VERIFICATION
    assert not state.is_over
    assert state.result is None
    state = state.apply(PASS)
    assert state.phase is Phase.OVER
    result = state.result
    assert result is not None
    assert result.ending is Ending.BLOCKED
    assert result.verification == VerificationRound(proposer=2, confirmed=(2, 0, 1), players=3)
    assert result.verification.complete
    assert result.verification.waiting_for == ()
    assert state.verification == result.verification
    # seat 0 keeps 2-2 (4), seat 1 keeps 1-2 (3), seat 2 keeps 1-1 (2)
    assert result.pips == (4, 3, 2)
    assert result.winners == (2,)
    assert result.points == (0, 0, 7)
    assert state.legal_moves() == ()


def test_verify_3_whole_hand_history() -> None:
    state = play_moves(_before_first_pass(), "pass 0-0:R pass pass pass")
    assert [str(step) for step in state.history] == [
        "0: 3-3",
        "1: draw 1-2",
        "1: draw 0-3",
        "1: 0-3:L",
        "2: 1-3:R",
        "0: draw 0-2",
        "0: 0-2:L",
        "1: 0-1:R",
        "2: draw 2-3",
        "2: 2-3:L",
        "0: pass",
        "1: 0-0:R",
        "2: pass",
        "0: pass",
        "1: pass",
    ]


# ---------------------------------------------------------------- VERIFY-4
def test_verify_4_domino_that_closes_the_layout_is_a_win() -> None:
    # double-3 Draw game with 4 tiles each; the last tile of seat 1 locks both ends
    rules = Ruleset(max_pip=3, players=2, hand_size=4, drawing=DrawRule.UNTIL_PLAYABLE)
    deal = Deal(
        hands=[["0-0", "0-1", "0-2", "2-2"], ["1-1", "1-2", "0-3", "3-3"]],
        boneyard=["2-3", "1-3"],
    )
    state = HandState.start(rules, deal)
    assert state.turn == 1
    state = play_moves(state, "3-3 draw 2-3:L 1-2:L 0-1:L 0-3:L draw 1-3:L")
    assert str(state.layout) == "[1|3][3|0][0|1][1|2][2|3][3|3]"
    assert state.hand(1) == (Tile(1, 1),)
    state = play_moves(state, "1-1:L")
    assert str(state.layout) == "[1|1][1|3][3|0][0|1][1|2][2|3][3|3]"
    # every 1 and every 3 is on the table and the boneyard is empty: nobody could play
    assert state.layout.ends == (1, 3)
    on_table = set(state.layout.tiles)
    assert {t for t in rules.tile_set if {1, 3} & {t.low, t.high}} <= on_table
    assert state.boneyard == ()
    result = state.result
    assert result is not None
    assert result.ending is Ending.DOMINO
    assert result.winners == (1,)
    assert result.verification is None
    # seat 0 keeps 0-0, 0-2 and 2-2: 0 + 2 + 4
    assert result.pips == (6, 0)
    assert result.points == (0, 6)
