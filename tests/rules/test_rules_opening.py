"""Scenario tests for the opening options LEAD-2 to LEAD-6 (docs/rules/opening.md).

LEAD-1 is tested in tests/rules/test_rules_general.py. Every test builds a hand-made deal,
plays it move by move and checks the result computed by hand in the comments. Moves
are written as the engine prints them: ``"6-6"`` for the lead, ``"5-6:R"`` for a play
on the right end, ``"draw"``, ``"pass"``.
"""

from __future__ import annotations

import random

import attrs
import pytest

from dominoes import (
    DRAW,
    PASS,
    Deal,
    DealError,
    DealProblem,
    DrawRule,
    End,
    HandState,
    IllegalMoveReason,
    NoDoubleRule,
    Opening,
    Phase,
    Play,
    Ruleset,
    RulesetError,
    Tile,
    sampling,
)
from scenario import DEAL_E, DEAL_NO_DOUBLE, play_moves, refusal

SIX_SIX = Ruleset.block(opening=Opening.HOLDER_OF_TILE, opening_tile="6-6")


# Deal F: 6-6 lies face down; seat 1 holds 5-5 (the highest double dealt), seat 0 holds
# 4-4 and 5-6 (at 11 pips the heaviest tile dealt).
DEAL_F = Deal(
    hands=[
        ["5-6", "0-1", "0-2", "1-3", "2-4", "3-4", "4-4"],
        ["5-5", "1-2", "0-3", "1-4", "2-5", "3-5", "0-6"],
    ],
    boneyard=[
        "0-0", "1-1", "2-2", "2-3", "3-3", "0-4", "0-5",
        "1-5", "4-5", "1-6", "2-6", "3-6", "4-6", "6-6",
    ],
)  # fmt: skip

# Deal G: nobody holds a double; the boneyard starts 2-6, 0-4, 3-3.
DEAL_G = Deal(
    hands=[
        ["0-1", "0-2", "1-3", "2-4", "3-5", "4-6", "1-6"],
        ["0-3", "1-2", "1-4", "2-5", "3-6", "0-6", "4-5"],
    ],
    boneyard=[
        "2-6", "0-4", "3-3", "0-0", "1-1", "2-2", "2-3",
        "3-4", "4-4", "0-5", "1-5", "5-5", "5-6", "6-6",
    ],
)  # fmt: skip


def _holds_a_double(deal: Deal) -> bool:
    return any(tile.is_double for hand in deal.hands for tile in hand)


# ---------------------------------------------------------------- LEAD-2
def test_lead_2_holder_of_six_six_leads() -> None:
    rules = Ruleset.block(
        4, partnership=True, opening=Opening.HOLDER_OF_TILE, opening_tile=Tile(6, 6)
    )
    state = HandState.start(rules, DEAL_E)
    assert state.phase is Phase.LEAD
    assert state.turn == 2
    assert state.legal_moves() == (Play(tile=Tile(6, 6)),)
    assert refusal(state, Play(tile=Tile(4, 6))) == IllegalMoveReason.WRONG_LEAD
    # the partnership preset uses this rule
    preset = Ruleset.preset("partnership")
    assert (preset.opening, preset.opening_tile) == (Opening.HOLDER_OF_TILE, Tile(6, 6))
    assert HandState.start(preset, DEAL_E).turn == 2


def test_lead_2_named_tile_leads_before_a_higher_double() -> None:
    # seat 0 holds 4-4, seat 1 the higher 5-5; the named 4-4 leads
    rules = attrs.evolve(SIX_SIX, opening_tile=Tile(4, 4))
    state = HandState.start(rules, DEAL_F)
    assert state.turn == 0
    assert state.legal_moves() == (Play(tile=Tile(4, 4)),)
    # under the seeds' rule 5-5 would lead
    assert HandState.start(Ruleset.block(), DEAL_F).legal_moves() == (Play(tile=Tile(5, 5)),)


def test_lead_2_any_tile_can_be_named() -> None:
    rules = attrs.evolve(SIX_SIX, opening_tile="0-1")
    state = HandState.start(rules, DEAL_F)
    assert state.turn == 0
    assert state.legal_moves() == (Play(tile=Tile(0, 1)),)
    assert refusal(state, Play(tile=Tile(5, 6))) == IllegalMoveReason.WRONG_LEAD
    state = play_moves(state, "0-1")
    assert str(state.layout) == "[0|1]"
    assert state.turn == 1


def test_lead_2_undealt_tile_falls_back_on_the_heaviest_tile() -> None:
    # 6-6 is face down: LEAD-1 picks the heaviest tile, 5-6 (11), not the double 5-5 (10)
    assert SIX_SIX.no_double is NoDoubleRule.HEAVIEST_TILE
    state = HandState.start(SIX_SIX, DEAL_F)
    assert state.turn == 0
    assert state.legal_moves() == (Play(tile=Tile(5, 6)),)
    state = play_moves(state, "5-6")
    assert str(state.layout) == "[5|6]"


def test_lead_2_undealt_tile_with_redeal_refuses_the_deal() -> None:
    rules = attrs.evolve(SIX_SIX, no_double=NoDoubleRule.REDEAL)
    with pytest.raises(DealError) as info:
        HandState.start(rules, DEAL_F)
    assert info.value.reason is DealProblem.NO_OPENING_TILE


def test_lead_2_undealt_tile_with_draw_for_double() -> None:
    # a Draw game with 6-6 in the boneyard: drawing stops at the first double, 1-1
    deal = Deal(
        hands=DEAL_F.hands,
        boneyard=[
            "2-3", "1-1", "0-0", "2-2", "3-3", "0-4", "0-5",
            "1-5", "4-5", "1-6", "2-6", "3-6", "4-6", "6-6",
        ],
    )  # fmt: skip
    rules = Ruleset.draw(
        opening=Opening.HOLDER_OF_TILE,
        opening_tile="6-6",
        no_double=NoDoubleRule.DRAW_FOR_DOUBLE,
    )
    state = HandState.start(rules, deal)
    assert state.turn == 0
    assert state.legal_moves() == (DRAW,)
    state = play_moves(state, "draw draw")  # seat 0 draws 2-3, seat 1 draws 1-1
    assert state.turn == 1
    assert state.legal_moves() == (Play(tile=Tile(1, 1)),)
    assert state.hand_sizes == (8, 8)


def test_lead_2_opening_tile_is_validated() -> None:
    with pytest.raises(RulesetError) as info:
        Ruleset.block(opening=Opening.HOLDER_OF_TILE)
    assert info.value.fields == ("opening_tile", "opening")
    with pytest.raises(RulesetError) as info:
        Ruleset.block(opening_tile="6-6")  # HIGHEST_DOUBLE takes no tile
    assert info.value.fields == ("opening_tile", "opening")
    with pytest.raises(RulesetError) as info:
        Ruleset.block(opening=Opening.HOLDER_OF_TILE, opening_tile="6-7")
    assert info.value.fields == ("opening_tile", "max_pip")
    with pytest.raises(RulesetError) as info:
        Ruleset.block(opening=Opening.HOLDER_OF_TILE, opening_tile="six")
    assert info.value.fields == ("opening_tile",)
    assert SIX_SIX.opening_tile == Tile(6, 6)


# ---------------------------------------------------------------- LEAD-3
def test_lead_3_chosen_seat_leads_any_tile() -> None:
    rules = Ruleset.block(opening=Opening.SEAT_ANY_TILE, opening_seat=1)
    state = HandState.start(rules, DEAL_F)
    assert state.phase is Phase.LEAD
    assert state.turn == 1
    # every tile of seat 1's hand, in canonical order, with no end
    assert state.legal_moves() == tuple(Play(tile=t) for t in state.hand(1))
    assert len(state.legal_moves()) == 7
    assert refusal(state, Play(tile=Tile(5, 6))) == IllegalMoveReason.TILE_NOT_IN_HAND
    assert refusal(state, PASS) == IllegalMoveReason.MUST_LEAD
    state = play_moves(state, "2-5")
    assert str(state.layout) == "[2|5]"
    assert state.turn == 0
    assert state.legal_moves() == (
        Play(tile=Tile(0, 2), end=End.LEFT),
        Play(tile=Tile(2, 4), end=End.LEFT),
        Play(tile=Tile(5, 6), end=End.RIGHT),
    )


def test_lead_3_doubles_play_no_part() -> None:
    # seat 0 (the default opening seat) leads 0-1 although seat 1 holds 5-5
    rules = Ruleset.block(opening=Opening.SEAT_ANY_TILE)
    assert rules.opening_seat == 0
    state = HandState.start(rules, DEAL_F)
    assert state.turn == 0
    assert Play(tile=Tile(4, 4)) in state.legal_moves()
    state = play_moves(state, "0-1")
    assert str(state.layout) == "[0|1]"
    assert state.turn == 1


def test_lead_3_no_double_rule_is_not_consulted() -> None:
    # no double dealt: neither REDEAL nor DRAW_FOR_DOUBLE applies
    redeal = Ruleset.block(opening=Opening.SEAT_ANY_TILE, no_double=NoDoubleRule.REDEAL)
    state = HandState.start(redeal, DEAL_NO_DOUBLE)
    assert state.turn == 0
    assert len(state.legal_moves()) == 7
    draw_for_double = Ruleset.draw(
        opening=Opening.SEAT_ANY_TILE, no_double=NoDoubleRule.DRAW_FOR_DOUBLE
    )
    state = HandState.start(draw_for_double, DEAL_G)
    assert state.legal_moves() == tuple(Play(tile=t) for t in state.hand(0))
    assert refusal(state, DRAW) == IllegalMoveReason.MUST_LEAD


def test_lead_3_opening_seat_must_exist() -> None:
    with pytest.raises(RulesetError) as info:
        Ruleset.block(opening=Opening.SEAT_ANY_TILE, opening_seat=2)
    assert info.value.fields == ("opening_seat", "players")
    rules = Ruleset.block(3, opening=Opening.SEAT_ANY_TILE, opening_seat=2)
    assert HandState.start(rules, Deal.random(rules, seed=1)).turn == 2


# ---------------------------------------------------------------- LEAD-4
REDEAL = Ruleset.block(no_double=NoDoubleRule.REDEAL)


def test_lead_4_start_refuses_a_deal_without_a_double() -> None:
    with pytest.raises(DealError) as info:
        HandState.start(REDEAL, DEAL_NO_DOUBLE)
    assert info.value.reason is DealProblem.NO_OPENING_TILE
    assert info.value.seat is None
    draw_game = Ruleset.draw(no_double=NoDoubleRule.REDEAL)
    with pytest.raises(DealError) as info:
        HandState.start(draw_game, DEAL_G)
    assert info.value.reason is DealProblem.NO_OPENING_TILE


def test_lead_4_random_deal_shuffles_again() -> None:
    # seed 592 deals no double under the default rules; REDEAL shuffles again
    first = Deal.random(Ruleset.block(), seed=592)
    assert not _holds_a_double(first)
    again = Deal.random(REDEAL, seed=592)
    assert again != first
    assert _holds_a_double(again)
    assert again == Deal.random(REDEAL, seed=592)  # still reproducible
    state = HandState.start(REDEAL, again)
    assert state.legal_moves() == (Play(tile=Tile(6, 6)),)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_lead_4_random_deals_always_hold_a_double(players: int) -> None:
    rules = Ruleset.block(players, no_double=NoDoubleRule.REDEAL)
    for seed in range(700):
        deal = Deal.random(rules, seed=seed)
        assert _holds_a_double(deal), seed
        HandState.start(rules, deal)


def test_lead_4_random_deal_holds_the_named_tile() -> None:
    rules = attrs.evolve(SIX_SIX, no_double=NoDoubleRule.REDEAL)
    # seed 0 leaves 6-6 face down under LEAD-2 alone
    assert not any(Tile(6, 6) in hand for hand in Deal.random(SIX_SIX, seed=0).hands)
    for seed in range(200):
        deal = Deal.random(rules, seed=seed)
        assert any(Tile(6, 6) in hand for hand in deal.hands), seed
        assert HandState.start(rules, deal).legal_moves() == (Play(tile=Tile(6, 6)),)


def test_lead_4_not_used_when_a_double_was_dealt() -> None:
    state = HandState.start(REDEAL, DEAL_F)
    assert state.turn == 1
    assert state.legal_moves() == (Play(tile=Tile(5, 5)),)
    # a deal that holds a double is never reshuffled: the same deal as without REDEAL
    for seed in range(50):
        plain = Deal.random(Ruleset.block(), seed=seed)
        if _holds_a_double(plain):
            assert Deal.random(REDEAL, seed=seed) == plain


def test_lead_4_any_tile_opening_never_redeals() -> None:
    rules = Ruleset.block(opening=Opening.SEAT_ANY_TILE, no_double=NoDoubleRule.REDEAL)
    assert Deal.random(rules, seed=592) == Deal.random(Ruleset.block(), seed=592)


# ---------------------------------------------------------------- LEAD-5
DRAW_FOR_DOUBLE = Ruleset.draw(no_double=NoDoubleRule.DRAW_FOR_DOUBLE)


def test_lead_5_draw_in_turn_until_a_double() -> None:
    state = HandState.start(DRAW_FOR_DOUBLE, DEAL_G)
    assert state.phase is Phase.LEAD
    assert state.turn == 0
    state = play_moves(state, "draw")  # seat 0: 2-6
    assert state.phase is Phase.LEAD
    assert state.turn == 1
    state = play_moves(state, "draw")  # seat 1: 0-4
    assert state.turn == 0
    state = play_moves(state, "draw")  # seat 0: 3-3, a double
    assert state.turn == 0
    assert state.phase is Phase.LEAD
    assert state.legal_moves() == (Play(tile=Tile(3, 3)),)
    assert state.hand_sizes == (9, 8)
    assert len(state.boneyard) == 11
    assert refusal(state, DRAW) == IllegalMoveReason.MUST_LEAD
    state = play_moves(state, "3-3")
    assert str(state.layout) == "[3|3]"
    assert state.phase is Phase.PLAY
    assert [str(step) for step in state.history] == [
        "0: draw 2-6",
        "1: draw 0-4",
        "0: draw 3-3",
        "0: 3-3",
    ]
    # seat 1 answers with 0-3 or 3-6; the drawn 0-4 stays in its hand
    assert state.turn == 1
    assert Tile(0, 4) in state.hand(1)
    assert state.legal_moves() == (
        Play(tile=Tile(0, 3), end=End.LEFT),
        Play(tile=Tile(0, 3), end=End.RIGHT),
        Play(tile=Tile(3, 6), end=End.LEFT),
        Play(tile=Tile(3, 6), end=End.RIGHT),
    )


def test_lead_5_only_a_draw_is_legal() -> None:
    state = HandState.start(DRAW_FOR_DOUBLE, DEAL_G)
    assert state.legal_moves() == (DRAW,)
    assert refusal(state, Play(tile=Tile(4, 6))) == IllegalMoveReason.MUST_DRAW
    assert refusal(state, PASS) == IllegalMoveReason.MUST_DRAW
    assert refusal(state, DRAW, seat=1) == IllegalMoveReason.NOT_YOUR_TURN
    state = play_moves(state, "draw")
    assert state.legal_moves() == (DRAW,)
    assert refusal(state, Play(tile=Tile(0, 3))) == IllegalMoveReason.MUST_DRAW


def test_lead_5_opening_seat_draws_first() -> None:
    rules = attrs.evolve(DRAW_FOR_DOUBLE, opening_seat=1)
    state = HandState.start(rules, DEAL_G)
    assert state.turn == 1
    # seat 1 draws 2-6, seat 0 draws 0-4, seat 1 draws 3-3
    state = play_moves(state, "draw draw draw")
    assert state.turn == 1
    assert state.legal_moves() == (Play(tile=Tile(3, 3)),)
    assert state.hand_sizes == (8, 9)


def test_lead_5_floor_reached_falls_back_on_the_heaviest_tile() -> None:
    # double-3, two tiles each; the four doubles are the four tiles of the floor
    rules = Ruleset(
        max_pip=3,
        players=2,
        hand_size=2,
        drawing=DrawRule.UNTIL_PLAYABLE,
        boneyard_floor=4,
        no_double=NoDoubleRule.DRAW_FOR_DOUBLE,
    )
    deal = Deal(
        hands=[["0-1", "0-2"], ["1-2", "0-3"]],
        boneyard=["1-3", "2-3", "0-0", "1-1", "2-2", "3-3"],
    )
    state = play_moves(HandState.start(rules, deal), "draw")  # seat 0: 1-3
    assert state.turn == 1
    assert state.legal_moves() == (DRAW,)
    state = play_moves(state, "draw")  # seat 1: 2-3; the boneyard is at its floor
    # heaviest tile in the hands: 2-3 (5 pips, seat 1) beats 1-3 (4) and 0-3 (3)
    assert len(state.boneyard) == 4
    assert state.turn == 1
    assert state.legal_moves() == (Play(tile=Tile(2, 3)),)
    state = play_moves(state, "2-3")
    assert str(state.layout) == "[2|3]"


def test_lead_5_floor_reached_at_the_start() -> None:
    # a floor of 6 leaves nothing to draw: LEAD-1 applies at once (0-3 and 1-2 weigh 3;
    # 0-3 has the higher end)
    rules = Ruleset(
        max_pip=3,
        players=2,
        hand_size=2,
        drawing=DrawRule.UNTIL_PLAYABLE,
        boneyard_floor=6,
        no_double=NoDoubleRule.DRAW_FOR_DOUBLE,
    )
    deal = Deal(
        hands=[["0-1", "0-2"], ["1-2", "0-3"]],
        boneyard=["1-3", "2-3", "0-0", "1-1", "2-2", "3-3"],
    )
    state = HandState.start(rules, deal)
    assert state.turn == 1
    assert state.legal_moves() == (Play(tile=Tile(0, 3)),)


def test_lead_5_not_used_when_a_double_was_dealt() -> None:
    state = HandState.start(DRAW_FOR_DOUBLE, DEAL_F)
    assert state.turn == 1
    assert state.legal_moves() == (Play(tile=Tile(5, 5)),)


def test_lead_5_needs_drawing() -> None:
    with pytest.raises(RulesetError) as info:
        Ruleset.block(no_double=NoDoubleRule.DRAW_FOR_DOUBLE)
    assert info.value.fields == ("no_double", "drawing")


def test_lead_5_with_draw_one_then_pass() -> None:
    rules = Ruleset.draw(drawing=DrawRule.ONE_THEN_PASS, no_double=NoDoubleRule.DRAW_FOR_DOUBLE)
    state = play_moves(HandState.start(rules, DEAL_G), "draw")  # seat 0: 2-6
    assert state.turn == 1
    assert state.legal_moves() == (DRAW,)
    state = play_moves(state, "draw draw")  # seat 1: 0-4; seat 0: 3-3
    assert state.turn == 0
    assert state.legal_moves() == (Play(tile=Tile(3, 3)),)


# --------------------------------------------------------------------------- LEAD-6
LOWEST = Ruleset.block(opening=Opening.LOWEST_DOUBLE)


def test_lead_6_the_lowest_double_leads() -> None:
    # Deal F: seat 1 holds 5-5, the highest double dealt; seat 0 holds 4-4, the lowest
    assert HandState.start(Ruleset.block(), DEAL_F).legal_moves() == (Play(tile=Tile(5, 5)),)
    state = HandState.start(LOWEST, DEAL_F)
    assert (state.turn, state.legal_moves()) == (0, (Play(tile=Tile(4, 4)),))
    state = play_moves(state, "4-4")
    assert state.layout.line == ((4, 4),)
    assert refusal(HandState.start(LOWEST, DEAL_F), Play(tile=Tile(5, 6))) is (
        IllegalMoveReason.WRONG_LEAD
    )


def test_lead_6_no_double_dealt_falls_back_on_the_no_double_rule() -> None:
    # nobody holds a double: LEAD-1, the heaviest tile leads, as under the default
    heaviest = HandState.start(Ruleset.block(), DEAL_NO_DOUBLE).legal_moves()
    assert HandState.start(LOWEST, DEAL_NO_DOUBLE).legal_moves() == heaviest
    # LEAD-4 refuses the deal; LEAD-5 draws until a double turns up (0-0 first here)
    with pytest.raises(DealError):
        HandState.start(attrs.evolve(LOWEST, no_double=NoDoubleRule.REDEAL), DEAL_NO_DOUBLE)
    drawing = Ruleset.draw(opening=Opening.LOWEST_DOUBLE, no_double=NoDoubleRule.DRAW_FOR_DOUBLE)
    state = HandState.start(drawing, DEAL_NO_DOUBLE)
    assert state.legal_moves() == (DRAW,)
    state = play_moves(state, "draw")
    assert (state.turn, state.legal_moves()) == (0, (Play(tile=Tile(0, 0)),))


def test_lead_6_a_sample_holds_no_lower_double_elsewhere() -> None:
    # seat 0 led 4-4 under LEAD-6: nobody held 0-0 to 3-3 in hand, so the sampler deals
    # them only to the boneyard (seat 1's hand is hidden from seat 0)
    state = play_moves(HandState.start(LOWEST, DEAL_F), "4-4")
    lower = {Tile(d, d) for d in range(4)}
    for seed in range(20):
        world = sampling.sample(state.observation(0), random.Random(seed))
        assert not lower & set(world.hand(1))
        assert world.hand(0) == state.hand(0)
