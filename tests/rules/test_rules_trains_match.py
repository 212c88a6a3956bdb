"""Scenario tests and properties for the match side of the train games: tile values
(TRAIN-10), the engine schedule of a match (TRAIN-2) and the deal of a train game
(TRAIN-1's set-aside and held engine).

See docs/rules/points.md (Tile values, TRAIN-10) and docs/rules/match.md (TRAIN-2).
"""

from __future__ import annotations

import random

import pytest

from dominoes import (
    Deal,
    DealError,
    DealProblem,
    EngineSource,
    HandState,
    Ruleset,
    RulesetError,
    Scoring,
    Tile,
    TileSet,
    TileValues,
)
from dominoes.deal import dealt_set, required_tiles
from dominoes.errors import ArgumentTypeError
from scenario import DEAL_POINTS_3 as DEAL_3
from scenario import MOVES_POINTS_3 as MOVES_3


def _random_hand(rules: Ruleset, seed: int) -> HandState:
    """A hand of ``rules`` played to its end by random legal moves."""
    rng = random.Random(seed)
    state = HandState.start(rules, Deal.random(rules, rng=rng))
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_moves()))
    return state


# ---------------------------------------------------------------- TRAIN-10


def test_train_10_the_value_of_every_tile() -> None:
    # PIPS: the pips; ZERO_ZERO_50: 0-0 is 50; BLANKS_25: 0-0 is 50, any other blank 25
    for tile in TileSet.double(12):
        assert TileValues.PIPS.of(tile) == tile.pips
        assert TileValues.ZERO_ZERO_50.of(tile) == (50 if tile == Tile(0, 0) else tile.pips)
        blank = 50 if tile == Tile(0, 0) else 25 if tile.low == 0 else tile.pips
        assert TileValues.BLANKS_25.of(tile) == blank
    with pytest.raises(ArgumentTypeError, match="tile must be a Tile"):
        TileValues.PIPS.of("0-0")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("values", "winners", "points"),
    [
        # seat 0 keeps 0-2, seat 1 0-0 and 2-2, seat 2 1-1 and 3-3
        (TileValues.PIPS, (0,), (2, 4, 8)),
        (TileValues.ZERO_ZERO_50, (0,), (2, 50 + 4, 8)),
        # the blanks cost 25, so seat 2's 8 is now the lowest total: it wins the block
        (TileValues.BLANKS_25, (2,), (25, 50 + 4, 8)),
    ],
)
def test_train_10_a_line_game_under_penalty_counts_the_values(
    values: TileValues, winners: tuple[int, ...], points: tuple[int, ...]
) -> None:
    rules = Ruleset(max_pip=4, players=3, hand_size=2, scoring=Scoring.PENALTY, tile_values=values)
    state = HandState.start(rules, DEAL_3).apply_all(MOVES_3)
    result = state.result
    assert result is not None
    assert result.winners == winners
    assert result.pips == points
    assert result.points == points
    assert tuple(state.pips(s) for s in range(3)) == points


def test_train_10_needs_penalty_scoring() -> None:
    with pytest.raises(RulesetError) as caught:
        Ruleset(max_pip=4, players=2, hand_size=5, tile_values=TileValues.BLANKS_25)
    assert caught.value.fields == ("tile_values", "scoring")


@pytest.mark.parametrize("values", list(TileValues))
@pytest.mark.parametrize("seed", range(6))
def test_train_10_the_arms_engine_counts_the_values(values: TileValues, seed: int) -> None:
    # Chicken Foot is played by the arms engine: every seat's penalty is the value of
    # the tiles it kept, whatever the table
    rules = Ruleset.preset("chicken-foot", players=3, tile_values=values)
    state = _random_hand(rules, seed)
    result = state.result
    assert result is not None
    kept = tuple(sum(map(values.of, state.hands[s])) for s in range(3))
    assert result.points == kept
    assert tuple(state.pips(s) for s in range(3)) == kept
    low = min(kept)
    assert result.winners == tuple(s for s in range(3) if kept[s] == low)


# ---------------------------------------------------------------- TRAIN-1: the deal


def _engine(rules: Ruleset) -> Tile:
    return Tile(rules.engine_double, rules.engine_double)


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("name", ["mexican-train", "mexican-train-6", "private-trains"])
def test_train_1_a_set_aside_engine_is_not_dealt(name: str, seed: int) -> None:
    rules = Ruleset.preset(name, players=3, engine=seed)
    deal = Deal.random(rules, seed=seed)
    engine = _engine(rules)
    dealt = [t for hand in deal.hands for t in hand] + list(deal.boneyard)
    # every other tile of the set, once
    assert sorted(dealt) == sorted(t for t in rules.tile_set if t != engine)
    assert deal.boneyard_mask == dealt_set(rules) ^ sum(deal.hand_masks)
    assert dealt_set(rules) == ((1 << rules.tile_set.size) - 1) ^ (1 << engine.index)
    HandState.start(rules, deal)  # the check wants exactly that
    assert required_tiles(rules) is None


def test_train_1_a_deal_holding_the_set_aside_engine_is_refused() -> None:
    rules = Ruleset.preset("mexican-train-6", players=2)  # 6-6 set aside, 9 tiles each
    deal = Deal.random(rules, seed=1)
    with_engine = Deal(hands=deal.hands, boneyard=(*deal.boneyard, Tile(6, 6)))
    with pytest.raises(DealError, match="6-6 is the engine double, set aside") as caught:
        HandState.start(rules, with_engine)
    assert caught.value.reason is DealProblem.TILE_NOT_IN_SET
    short = Deal(hands=deal.hands, boneyard=deal.boneyard[1:])
    with pytest.raises(DealError, match=f"but the engine double; missing {deal.boneyard[0]}"):
        HandState.start(rules, short)


@pytest.mark.parametrize("seed", range(4))
def test_train_1_a_held_engine_is_dealt_to_a_hand(seed: int) -> None:
    rules = Ruleset.preset("mexican-train-6", players=2, engine_source=EngineSource.HOLDER)
    assert required_tiles(rules) == 1 << Tile(6, 6).index
    assert dealt_set(rules) == (1 << 28) - 1  # the whole set is dealt
    deal = Deal.random(rules, seed=seed)
    assert any(Tile(6, 6) in hand for hand in deal.hands)
    HandState.start(rules, deal)
    # a deal where the engine lies in the boneyard is refused (Deal.random deals again)
    hands = [list(hand) for hand in deal.hands]
    bone = list(deal.boneyard)
    holder = next(s for s, hand in enumerate(hands) if Tile(6, 6) in hand)
    at = hands[holder].index(Tile(6, 6))
    hands[holder][at], bone[0] = bone[0], hands[holder][at]
    with pytest.raises(DealError, match="nobody holds the engine double 6-6") as caught:
        HandState.start(rules, Deal(hands=hands, boneyard=bone))
    assert caught.value.reason is DealProblem.NO_OPENING_TILE


def test_train_1_draw_until_found_deals_the_whole_set_and_any_deal_stands() -> None:
    rules = Ruleset.preset(
        "mexican-train-6", players=2, engine_source=EngineSource.DRAW_UNTIL_FOUND
    )
    assert required_tiles(rules) is None
    assert dealt_set(rules) == (1 << 28) - 1
