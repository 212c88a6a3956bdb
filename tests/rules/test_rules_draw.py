"""Scenario tests for the Draw game rules DRAW-1 to DRAW-4 (docs/rules/draw.md).

Every test builds a hand-made deal with the boneyard in draw order
(``boneyard[0]`` is drawn first), plays it move by move and checks the result
computed by hand in the comments. Moves are written as the engine prints them:
``"6-6"`` for the lead, ``"5-6:R"`` for a play on the right end, ``"draw"``,
``"pass"``.
"""

from __future__ import annotations

import pytest

from dominoes import (
    DRAW,
    PASS,
    Deal,
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
from scenario import DEAL_DRAW, play_moves, refusal

# ---------------------------------------------------------------- DRAW-1
DRAW_SIZES = [
    # double-6: Hoyle per [DP-DRAW], [EHOW], [ODG-DRAW]
    (6, 2, 7),
    (6, 3, 5),
    (6, 4, 5),
    # double-9: 7 each for 2 to 7 players [EHOW9]; 6 for 8 players [GB-MT]
    *((9, players, 7) for players in range(2, 8)),
    (9, 8, 6),
    # double-12 and double-15: Celko's Mexican Train table [GB-MT]
    *((12, players, 15) for players in (2, 3, 4)),
    (12, 5, 12),
    (12, 6, 12),
    (12, 7, 11),
    (12, 8, 11),
    *((15, players, 15) for players in range(2, 7)),
    (15, 7, 13),
    (15, 8, 13),
    *((15, players, 11) for players in range(9, 13)),
]


@pytest.mark.parametrize(("max_pip", "players", "hand_size"), DRAW_SIZES)
def test_draw_1_default_hand_sizes(max_pip: int, players: int, hand_size: int) -> None:
    rules = Ruleset.draw(players, max_pip=max_pip)
    assert rules.hand_size == hand_size
    assert rules.drawing is DrawRule.UNTIL_PLAYABLE
    deal = Deal.random(rules, seed=0)
    assert len(deal.boneyard) == len(rules.tile_set) - players * hand_size


@pytest.mark.parametrize(
    ("max_pip", "players"),
    [(6, 5), (6, 8), (9, 9), (12, 9), (3, 2), (18, 4)],
)
def test_draw_1_no_default_names_hand_size(max_pip: int, players: int) -> None:
    with pytest.raises(RulesetError) as info:
        Ruleset.draw(players, max_pip=max_pip)
    assert info.value.fields == ("hand_size",)
    assert info.value.field == "hand_size"
    assert "hand_size" in str(info.value)


def test_draw_1_explicit_hand_size() -> None:
    rules = Ruleset.draw(5, hand_size=5)
    assert rules.hand_size == 5
    assert len(Deal.random(rules, seed=0).boneyard) == 3
    # an explicit size also overrides a documented default
    assert Ruleset.draw(2, hand_size=6).hand_size == 6


def test_draw_1_partnership_deals_seven_each() -> None:
    rules = Ruleset.draw(4, partnership=True)
    assert rules.hand_size == 7
    assert Deal.random(rules, seed=0).boneyard == ()


def test_draw_2_draw_until_a_tile_fits_then_play_it() -> None:
    state = play_moves(HandState.start(Ruleset.draw(), DEAL_DRAW), "6-6")
    assert state.turn == 1
    assert state.legal_moves() == (DRAW,)
    state = state.apply(DRAW)  # 3-4: no 6
    assert state.turn == 1
    assert state.legal_moves() == (DRAW,)
    state = state.apply(DRAW)  # 4-4: no 6
    assert state.turn == 1
    state = state.apply(DRAW)  # 5-6: fits
    assert state.turn == 1
    assert state.hand_sizes == (6, 10)
    assert len(state.boneyard) == 11
    assert state.legal_moves() == (
        Play(tile=Tile(5, 6), end=End.LEFT),
        Play(tile=Tile(5, 6), end=End.RIGHT),
    )
    assert refusal(state, DRAW) == IllegalMoveReason.MUST_PLAY
    assert refusal(state, PASS) == IllegalMoveReason.MUST_PLAY
    state = play_moves(state, "5-6:R")
    assert str(state.layout) == "[6|6][6|5]"
    assert state.turn == 0
    assert state.hand_sizes == (6, 9)
    assert [str(step) for step in state.history] == [
        "0: 6-6",
        "1: draw 3-4",
        "1: draw 4-4",
        "1: draw 5-6",
        "1: 5-6:R",
    ]
    # seat 0 has no 5 or 6: it draws 0-5, which fits at once
    state = play_moves(state, "draw")
    assert state.hand(0)[-1] == Tile(0, 5)
    state = play_moves(state, "0-5:R")
    assert str(state.layout) == "[6|6][6|5][5|0]"


def test_draw_2_drawing_while_able_to_play_is_refused() -> None:
    state = play_moves(HandState.start(Ruleset.draw(), DEAL_DRAW), "6-6 draw draw draw 5-6:R")
    # seat 0 has no 5 or 6 and draws 0-5, which fits: drawing again is refused
    state = play_moves(state, "draw")
    assert refusal(state, DRAW) == IllegalMoveReason.MUST_PLAY
    assert not state.is_legal(DRAW)


def test_draw_2_draws_come_from_the_top_of_the_boneyard() -> None:
    state = play_moves(HandState.start(Ruleset.draw(), DEAL_DRAW), "6-6")
    assert state.boneyard[0] == Tile(3, 4)
    assert refusal(state, Draw(Tile(5, 6))) == IllegalMoveReason.WRONG_DRAW_TILE
    state = state.apply(Draw(Tile(3, 4)))
    assert state.boneyard[0] == Tile(4, 4)
    assert Tile(3, 4) in state.hand(1)


# ---------------------------------------------------------------- DRAW-3
# Double-3 Draw game with 4 tiles each: seat 0 holds every 3, the boneyard none.
RULES_D3 = Ruleset(max_pip=3, players=2, hand_size=4, drawing=DrawRule.UNTIL_PLAYABLE)
DEAL_D3 = Deal(
    hands=[["3-3", "0-3", "1-3", "2-3"], ["0-0", "0-1", "1-1", "0-2"]],
    boneyard=["1-2", "2-2"],
)


def test_draw_3_pass_only_when_the_boneyard_is_empty() -> None:
    state = play_moves(HandState.start(RULES_D3, DEAL_D3), "3-3")
    assert state.turn == 1
    assert refusal(state, PASS) == IllegalMoveReason.MUST_DRAW
    state = play_moves(state, "draw")  # 1-2: no 3
    assert refusal(state, PASS) == IllegalMoveReason.MUST_DRAW
    state = play_moves(state, "draw")  # 2-2: no 3, and the boneyard is now empty
    assert state.boneyard == ()
    assert state.legal_moves() == (PASS,)
    assert refusal(state, DRAW) == IllegalMoveReason.CANNOT_DRAW
    state = state.apply(PASS)
    assert state.turn == 0
    assert state.phase is Phase.VERIFICATION
    assert state.hand_sizes == (3, 6)


def test_draw_3_after_the_pass_play_goes_on() -> None:
    state = play_moves(HandState.start(RULES_D3, DEAL_D3), "3-3 draw draw pass 0-3:R")
    assert str(state.layout) == "[3|3][3|0]"
    assert state.phase is Phase.PLAY
    assert state.verification is None
    state = play_moves(state, "0-1:R 1-3:R")
    assert state.layout.ends == (3, 3)
    # seat 1 has no 3 and nothing to draw: it passes again
    assert state.legal_moves() == (PASS,)


# ---------------------------------------------------------------- DRAW-4
def test_draw_4_highest_double_in_the_hands_leads() -> None:
    # 6-6 is the first tile of the boneyard: 5-5 (seat 1) is the highest double dealt
    deal = Deal(
        hands=[
            ["0-1", "0-2", "1-3", "2-4", "3-4", "4-4", "3-6"],
            ["1-2", "0-3", "1-4", "2-5", "3-5", "5-5", "0-6"],
        ],
        boneyard=[
            "6-6", "0-5", "0-0", "1-1", "2-2", "2-3", "3-3",
            "0-4", "1-5", "4-5", "1-6", "2-6", "4-6", "5-6",
        ],
    )  # fmt: skip
    state = HandState.start(Ruleset.draw(), deal)
    assert state.turn == 1
    assert state.legal_moves() == (Play(tile=Tile(5, 5)),)
    # seat 0 has no 5: it draws 6-6 (an ordinary tile now) and then 0-5
    state = play_moves(state, "5-5 draw draw 0-5:R")
    assert str(state.layout) == "[5|5][5|0]"
    assert Tile(6, 6) in state.hand(0)


def test_draw_4_first_to_empty_their_hand_wins() -> None:
    state = play_moves(HandState.start(RULES_D3, DEAL_D3), "3-3 draw draw pass 0-3:R 0-1:R 1-3:R")
    state = play_moves(state, "pass 2-3:L")
    assert str(state.layout) == "[2|3][3|3][3|0][0|1][1|3]"
    result = state.result
    assert result is not None
    assert result.ending is Ending.DOMINO
    assert result.winners == (0,)
    # seat 1 keeps 0-0, 1-1, 0-2, 1-2, 2-2: 0 + 2 + 2 + 3 + 4 = 11
    assert result.pips == (0, 11)
    assert result.points == (11, 0)


def test_draw_4_blocked_draw_game_with_equal_totals_is_drawn() -> None:
    # double-3 Draw game, 3 tiles each; 3-3 lies in the boneyard, so 2-2 leads
    rules = Ruleset(max_pip=3, players=2, hand_size=3, drawing=DrawRule.UNTIL_PLAYABLE)
    deal = Deal(
        hands=[["0-1", "1-1", "0-2"], ["1-2", "2-2", "2-3"]],
        boneyard=["3-3", "0-0", "0-3", "1-3"],
    )
    state = HandState.start(rules, deal)
    assert state.legal_moves() == (Play(tile=Tile(2, 2)),)
    state = play_moves(state, "2-2 0-2:R 1-2:L 0-1:L draw draw 0-0:L draw 0-3:R 2-3:R")
    assert str(state.layout) == "[0|0][0|1][1|2][2|2][2|0][0|3][3|2]"
    assert state.layout.ends == (0, 2)
    # seat 0 draws the last tile, 1-3, which does not fit, and passes
    state = play_moves(state, "draw")
    assert state.boneyard == ()
    state = play_moves(state, "pass pass")
    result = state.result
    assert result is not None
    assert result.ending is Ending.BLOCKED
    # seat 0 holds 1-1 and 1-3 (2 + 4), seat 1 holds 3-3 (6)
    assert result.pips == (6, 6)
    assert result.winners == ()
    assert result.points == (0, 0)
    assert result.verification == VerificationRound(proposer=0, confirmed=(0, 1), players=2)


def test_draw_4_partnership_side_totals() -> None:
    # the partnership hand of BLOCK-9 under the Draw game: no boneyard, same play, same result
    deal = Deal(
        hands=[
            ["0-0", "0-1", "1-4", "1-6", "2-6", "3-5", "5-6"],
            ["0-3", "1-2", "3-3", "1-5", "4-4", "5-5", "0-6"],
            ["2-2", "0-4", "2-4", "3-4", "0-5", "4-6", "6-6"],
            ["1-1", "0-2", "1-3", "2-3", "4-5", "2-5", "3-6"],
        ],
    )
    state = HandState.start(Ruleset.draw(4, partnership=True), deal)
    state = play_moves(state, "6-6 3-6:R 1-6:L 1-5:L 0-5:L 1-3:R 0-1:L 1-2:R 2-4:R 1-1:L 1-4:R")
    state = play_moves(state, "pass pass pass pass")
    result = state.result
    assert result is not None
    assert result.ending is Ending.BLOCKED
    assert result.pips == (27, 33, 25, 23)
    assert result.winners == (0, 2)
    assert result.points == (56, 0, 56, 0)
