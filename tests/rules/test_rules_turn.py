"""Rule TURN-1 (docs/rules/bonus.md#turn-1): counter-clockwise play."""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dominoes import Deal, Direction, HandState, Ruleset
from dominoes.rules import RULESET_FIELDS
from dominoes.verification import VerificationRound

CCW = Direction.COUNTER_CLOCKWISE


def test_turn_1_the_seat_after_is_the_previous_seat_counter_clockwise() -> None:
    cw = Ruleset.block(4, partnership=True)
    ccw = attrs.evolve(cw, direction=CCW)
    assert [cw.seat_after(s) for s in range(4)] == [1, 2, 3, 0]
    assert [ccw.seat_after(s) for s in range(4)] == [3, 0, 1, 2]
    assert ccw.seat_after(1, 2) == 3
    assert VerificationRound.after(1, 3, 4, step=ccw.step).confirmed == (1, 0, 3)


def test_turn_1_the_field_round_trips() -> None:
    rules = Ruleset.block(4, direction=CCW)
    assert Ruleset.from_dict(rules.to_dict()) == rules
    assert RULESET_FIELDS["direction"].from_text("counter_clockwise") is CCW


def test_turn_1_a_hand_passes_the_turn_to_the_previous_seat() -> None:
    rules = Ruleset.block(4, partnership=True, direction=CCW)
    state = HandState.start(rules, Deal.random(rules, seed=3))
    first = state.turn
    state = state.apply(state.legal_moves()[0])
    assert state.turn == (first - 1) % 4


def _relabelled(deal: Deal, players: int) -> Deal:
    """The deal with seat ``s``'s hand given to seat ``-s``."""
    hands = [deal.hands[(-s) % players] for s in range(players)]
    return Deal(hands=hands, boneyard=deal.boneyard)


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    players=st.sampled_from([2, 3, 4]),
    draw=st.booleans(),
)
def test_turn_1_a_counter_clockwise_hand_is_a_clockwise_hand_with_seats_relabelled(
    seed: int, players: int, draw: bool
) -> None:
    base = Ruleset.draw(players) if draw else Ruleset.block(players)
    ccw = attrs.evolve(base, direction=CCW)
    deal = Deal.random(ccw, seed=seed)
    a = HandState.start(ccw, deal)
    b = HandState.start(base, _relabelled(deal, players))
    rng = random.Random(seed)
    while not a.is_over:
        assert b.turn == (-a.turn) % players
        moves = a.legal_moves()
        assert moves == b.legal_moves()
        move = rng.choice(moves)
        a, b = a.apply(move), b.apply(move)
    assert b.is_over
    assert a.result is not None
    assert b.result is not None
    assert a.result.points == tuple(b.result.points[(-s) % players] for s in range(players))


def test_turn_1_a_conceded_hand_goes_to_the_first_opponent_counter_clockwise(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rules = Ruleset.draw(players=3, direction=CCW)
    state = HandState.start(rules, Deal.random(rules, seed=5))
    asked: list[tuple[int, int]] = []
    seat_after = Ruleset.seat_after

    def counted(self: Ruleset, seat: int, steps: int = 1) -> int:
        asked.append((seat, steps))
        return seat_after(self, seat, steps)

    monkeypatch.setattr(Ruleset, "seat_after", counted)
    result = state.concede(2).result
    assert result is not None
    assert result.winners == (1,)  # counter-clockwise, seat 1 comes after seat 2
    assert result.points == (0, state.pips(0) + state.pips(2), 0)
    assert asked.count((2, 1)) == 1  # each seat after the conceding one is found once


def test_turn_1_the_verification_round_waits_for_the_seats_counter_clockwise() -> None:
    rules = Ruleset.draw(players=3, direction=CCW)
    state = HandState.start(rules, Deal.random(rules, seed=5))  # a hand that blocks
    rng = random.Random(5)
    seen = 0
    while not state.is_over:
        round_ = state.verification
        if round_ is not None:
            assert round_.step == -1
            assert round_.waiting_for[0] == state.turn  # the next seat to confirm moves
            assert round_.waiting_for == tuple(
                rules.seat_after(round_.confirmed[-1], k)
                for k in range(1, 4 - len(round_.confirmed))
            )
            seen += 1
        state = state.apply(rng.choice(state.legal_moves()))
    assert seen
    result = state.result
    assert result is not None
    assert result.verification is not None
    assert result.verification.confirmed == (2, 1, 0)
    for seat in range(3):  # the result's round comes back from a seat's data as it was
        seen_by = state.observation(seat)
        assert type(seen_by).from_dict(seen_by.to_dict()) == seen_by
