"""Scenario tests for the general rules TILE-1, TILE-2, LEAD-1 and SCORE-1 (docs/rules/index.md).

Every test builds a hand-made deal and checks the result computed by hand in the
comments. Moves are written as the engine prints them: ``"3-3"`` for the lead,
``"1-3:R"`` for a play on the right end, ``"pass"``.
"""

from __future__ import annotations

import pytest

from dominoes import (
    Deal,
    DrawRule,
    Ending,
    HandState,
    IllegalMoveError,
    IllegalMoveReason,
    NoDoubleRule,
    Play,
    Ruleset,
    Tile,
    TileSet,
)
from scenario import DEAL_NO_DOUBLE, play_moves


# ---------------------------------------------------------------- TILE-1
@pytest.mark.parametrize(
    ("n", "tiles", "total"),
    [(6, 28, 168), (9, 55, 495), (12, 91, 1092), (15, 136, 2040), (18, 190, 3420)],
)
def test_tile_1_set_sizes_and_pip_totals(n: int, tiles: int, total: int) -> None:
    tile_set = TileSet.double(n)
    assert len(tile_set) == tiles == (n + 1) * (n + 2) // 2
    assert tile_set.total_pips == total == n * (n + 1) * (n + 2) // 2
    assert sum(t.pips for t in tile_set) == total
    assert sum(t.is_double for t in tile_set) == n + 1


@pytest.mark.parametrize("n", range(31))
def test_tile_1_every_tile_once(n: int) -> None:
    tile_set = TileSet.double(n)
    expected = {(a, b) for b in range(n + 1) for a in range(b + 1)}
    seen = [(t.low, t.high) for t in tile_set]
    assert len(seen) == len(set(seen)) == len(expected)
    assert set(seen) == expected
    # each number shows on n + 2 tile halves (the double counts twice)
    for k in range(n + 1):
        assert sum((t.low == k) + (t.high == k) for t in tile_set) == n + 2


def test_tile_1_canonical_order() -> None:
    order = [str(t) for t in TileSet.double(3)]
    assert order == ["0-0", "0-1", "1-1", "0-2", "1-2", "2-2", "0-3", "1-3", "2-3", "3-3"]
    # the double-n set is the start of the double-(n + 1) order
    assert TileSet.double(12).tiles[:28] == TileSet.double(6).tiles
    assert [t.index for t in TileSet.double(6)] == list(range(28))


def test_tile_1_a_tile_is_unordered() -> None:
    assert Tile(10, 5) == Tile(5, 10) == Tile.parse("10-5") == Tile.parse("[5|10]")
    assert str(Tile(10, 5)) == "5-10"
    assert Tile(6, 6) in TileSet.double(6)
    assert Tile(6, 7) not in TileSet.double(6)


# ---------------------------------------------------------------- TILE-2
def test_tile_2_value_is_the_sum_of_both_ends() -> None:
    # seed 000: "5-10" counts 15, the double "12-12" counts 24
    assert Tile.parse("5-10").pips == 15
    assert Tile.parse("12-12").pips == 24
    assert Tile(0, 0).pips == 0
    assert Tile(0, 6).pips == 6


def test_tile_2_hand_value_is_the_sum_of_its_tiles() -> None:
    rules = Ruleset(max_pip=12, players=2, hand_size=2, drawing=DrawRule.UNTIL_PLAYABLE)
    hands = [["5-10", "12-12"], ["0-0", "0-1"]]
    dealt = {Tile.parse(t) for hand in hands for t in hand}
    deal = Deal(hands=hands, boneyard=[t for t in rules.tile_set if t not in dealt])
    state = HandState.start(rules, deal)
    assert len(state.boneyard) == 87
    assert state.pips(0) == 15 + 24
    assert state.pips(1) == 1


def _swap(deal: Deal, seat: int, held: str, sleeping: str) -> Deal:
    """``deal`` with ``seat``'s tile ``held`` exchanged for the boneyard tile ``sleeping``."""
    out, into = Tile.parse(held), Tile.parse(sleeping)
    hands = [
        [into if s == seat and t == out else t for t in hand] for s, hand in enumerate(deal.hands)
    ]
    boneyard = [out if t == into else t for t in deal.boneyard]
    return Deal(hands=hands, boneyard=boneyard)


def test_lead_1_default_is_heaviest_tile() -> None:
    assert Ruleset.block().no_double is NoDoubleRule.HEAVIEST_TILE
    assert Ruleset.draw().no_double is NoDoubleRule.HEAVIEST_TILE


def test_lead_1_no_double_heaviest_tile_leads_higher_end_breaks_tie() -> None:
    state = HandState.start(Ruleset.block(), DEAL_NO_DOUBLE)
    # 4-5 (seat 0) and 3-6 (seat 1) both count 9; 3-6 has the higher end
    assert state.turn == 1
    assert state.legal_moves() == (Play(tile=Tile(3, 6)),)
    with pytest.raises(IllegalMoveError) as info:
        state.apply(Play(tile=Tile(3, 5)))
    assert info.value.reason is IllegalMoveReason.WRONG_LEAD
    state = state.apply(Play(tile=Tile(3, 6)))
    assert str(state.layout) == "[3|6]"  # low half on the left
    assert state.turn == 0


def test_lead_1_heaviest_tile_leads() -> None:
    # swap seat 0's 0-1 for the face-down 5-6: at 11 pips it is the heaviest tile dealt
    state = HandState.start(Ruleset.block(), _swap(DEAL_NO_DOUBLE, 0, "0-1", "5-6"))
    assert state.turn == 0
    assert state.legal_moves() == (Play(tile=Tile(5, 6)),)


def test_lead_1_applies_to_the_draw_game() -> None:
    state = HandState.start(Ruleset.draw(), DEAL_NO_DOUBLE)
    assert state.turn == 1
    assert state.legal_moves() == (Play(tile=Tile(3, 6)),)


def test_lead_1_not_used_when_a_double_was_dealt() -> None:
    # swap seat 0's 0-1 for the face-down 0-0: even the lowest double beats 3-6
    state = HandState.start(Ruleset.block(), _swap(DEAL_NO_DOUBLE, 0, "0-1", "0-0"))
    assert state.turn == 0
    assert state.legal_moves() == (Play(tile=Tile(0, 0)),)


# ---------------------------------------------------------------- SCORE-1
def test_score_1_domino_scores_all_other_players_pips() -> None:
    # double-3 Block game, three players with 2 tiles each
    rules = Ruleset(max_pip=3, players=3, hand_size=2)
    deal = Deal(
        hands=[["3-3", "2-3"], ["1-1", "1-3"], ["0-1", "2-2"]],
        boneyard=["0-0", "0-2", "1-2", "0-3"],
    )
    state = play_moves(HandState.start(rules, deal), "3-3 1-3:R 0-1:R 2-3:L")
    assert str(state.layout) == "[2|3][3|3][3|1][1|0]"
    result = state.result
    assert result is not None
    assert result.ending is Ending.DOMINO
    assert result.winners == (0,)
    # seat 1 keeps 1-1 (2), seat 2 keeps 2-2 (4)
    assert result.pips == (0, 2, 4)
    assert result.points == (6, 0, 0)


def test_score_1_partner_pips_are_ignored() -> None:
    # double-3 Block game in partnership, 2 tiles each
    rules = Ruleset(max_pip=3, players=4, hand_size=2, partnership=True)
    deal = Deal(
        hands=[["3-3", "0-2"], ["1-1", "1-3"], ["2-2", "2-3"], ["0-1", "1-2"]],
        boneyard=["0-0", "0-3"],
    )
    state = play_moves(HandState.start(rules, deal), "3-3 1-3:R 2-3:L 1-2:R 0-2:L")
    assert str(state.layout) == "[0|2][2|3][3|3][3|1][1|2]"
    result = state.result
    assert result is not None
    assert result.ending is Ending.DOMINO
    assert result.winners == (0, 2)
    # opponents keep 1-1 (2) and 0-1 (1); partner's 2-2 (4) does not count
    assert result.pips == (0, 2, 4, 1)
    assert result.points == (3, 0, 3, 0)


def test_score_1_blocked_winner_scores_opponents_pips_without_own() -> None:
    # double-3 Block game, three players; after 3-3 nobody holds a 3
    rules = Ruleset(max_pip=3, players=3, hand_size=2)
    deal = Deal(
        hands=[["1-1", "3-3"], ["0-2", "2-2"], ["0-1", "1-2"]],
        boneyard=["0-0", "0-3", "1-3", "2-3"],
    )
    state = play_moves(HandState.start(rules, deal), "3-3 pass pass pass")
    result = state.result
    assert result is not None
    assert result.ending is Ending.BLOCKED
    assert result.pips == (2, 6, 4)
    assert result.winners == (0,)
    # 6 + 4; the winner's own 2 is not subtracted
    assert result.points == (10, 0, 0)
