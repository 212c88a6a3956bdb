"""The action space of layouts with arms (`ActionCodec` with spinners, LAYOUT-1).

A ruleset whose layout can have ``K`` arms numbers ``K + 1`` actions per tile (one per
arm, then the lead), then draw and pass; every ruleset with two arms keeps the line
numbering. Every action decodes to a move that encodes back to it; every legal move of
random spinner hands encodes to a number that decodes back to it; the mask is true
exactly at the legal moves.
"""

from __future__ import annotations

import pytest
from hypothesis import given

from dominoes import (
    DRAW,
    PASS,
    Draw,
    End,
    PlayScoring,
    Ruleset,
    SpinnerRule,
    Tile,
)
from dominoes.codec import ActionCodec
from dominoes.errors import ArgumentValueError
from dominoes.moves import Play
from dominoes.tiles import tile_from_index
from strategies import VARIANT_SETTINGS, VariantHand, spinner_hands

ARMED = [
    Ruleset.draw(spinner=SpinnerRule.FIRST_DOUBLE),
    Ruleset.block(spinner=SpinnerRule.LEAD_DOUBLE, players=4, partnership=True),
    Ruleset.draw(spinner=SpinnerRule.EVERY_DOUBLE, max_pip=3, hand_size=3),
    Ruleset.draw(spinner=SpinnerRule.EVERY_DOUBLE),
    Ruleset.draw(play_scoring=PlayScoring.FIVES),
]
IDS = ["first", "lead-4p", "every-d3", "every-d6", "line-fives"]


@pytest.mark.parametrize(
    ("rules", "arms"),
    [
        (Ruleset.block(), 2),
        (Ruleset.draw(play_scoring=PlayScoring.FIVES), 2),
        (Ruleset.draw(spinner=SpinnerRule.FIRST_DOUBLE), 4),
        (Ruleset.draw(spinner=SpinnerRule.LEAD_DOUBLE), 4),
        (Ruleset.draw(spinner=SpinnerRule.EVERY_DOUBLE), 16),
        (Ruleset.draw(spinner=SpinnerRule.EVERY_DOUBLE, max_pip=30, players=2, hand_size=7), 64),
    ],
)
def test_arms_counts_the_most_arms_a_layout_can_have(rules: Ruleset, arms: int) -> None:
    codec = ActionCodec(rules)
    assert codec.arms == arms
    assert codec.size == (arms + 1) * rules.tile_set.size + 2


@pytest.mark.parametrize("rules", ARMED, ids=IDS)
def test_every_action_number_round_trips(rules: Ruleset) -> None:
    codec = ActionCodec(rules)
    decoded = [codec.decode(a) for a in range(codec.size)]
    assert [codec.encode(m) for m in decoded] == list(range(codec.size))
    assert len(set(decoded)) == codec.size


@pytest.mark.parametrize("rules", ARMED, ids=IDS)
def test_the_numbering_is_as_documented(rules: Ruleset) -> None:
    codec = ActionCodec(rules)
    k, n = codec.arms, codec.tiles
    for i in range(n):
        tile = tile_from_index(i)
        for arm in range(k):
            assert codec.decode((k + 1) * i + arm) == Play(tile=tile, end=End(arm))
        assert codec.decode((k + 1) * i + k) == Play(tile=tile)
    assert codec.decode((k + 1) * n) is DRAW
    assert codec.decode((k + 1) * n + 1) is PASS


def test_two_armed_rulesets_keep_the_line_numbers() -> None:
    line = ActionCodec(Ruleset.draw())
    fives = ActionCodec(Ruleset.draw(play_scoring=PlayScoring.FIVES))
    assert [line.decode(a) for a in range(line.size)] == [
        fives.decode(a) for a in range(fives.size)
    ]
    assert line.encode(Play(tile=Tile(6, 4), end=End.RIGHT)) == 76


def test_a_worked_example_with_one_spinner() -> None:
    codec = ActionCodec(Ruleset.draw(spinner=SpinnerRule.FIRST_DOUBLE))
    # 6-4 has index 25: five actions per tile, UP is slot 2, the lead slot 4
    assert codec.encode(Play(tile=Tile(6, 4), end=End.UP)) == 5 * 25 + 2 == 127
    assert codec.encode(Play(tile=Tile(6, 4))) == 129
    assert codec.encode(DRAW) == 140
    assert codec.encode(PASS) == 141


def test_an_arm_the_ruleset_cannot_have_is_refused() -> None:
    codec = ActionCodec(Ruleset.draw(spinner=SpinnerRule.FIRST_DOUBLE))
    with pytest.raises(ArgumentValueError, match=r"End\.ARM_4") as info:
        codec.encode(Play(tile=Tile(6, 4), end=End(4)))
    assert info.value.argument == "move"
    with pytest.raises(ArgumentValueError) as info:
        codec.mask([Play(tile=Tile(6, 4), end=End.UP), Play(tile=Tile(1, 2), end=End(5))])
    assert info.value.argument == "moves"
    line = ActionCodec(Ruleset.block())
    with pytest.raises(ArgumentValueError, match="at most 2"):
        line.encode(Play(tile=Tile(6, 4), end=End.UP))


@VARIANT_SETTINGS
@given(hand=spinner_hands())
def test_moves_of_random_spinner_hands_round_trip(hand: VariantHand) -> None:
    codec = ActionCodec(hand.rules)
    for state in hand.states:
        legal = state.legal_moves()
        actions = [codec.encode(m) for m in legal]
        assert len(set(actions)) == len(legal)
        for move, action in zip(legal, actions, strict=True):
            assert 0 <= action < codec.size
            assert codec.decode(action) == move
        assert codec.legal_actions(state) == sorted(actions)
        mask = codec.mask(legal)
        assert [a for a, ok in enumerate(mask) if ok] == sorted(actions)
    for step in hand.final.history:
        back = codec.decode(codec.encode(step.move))
        assert back is DRAW if isinstance(step.move, Draw) else back == step.move
