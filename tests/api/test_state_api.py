"""Unit tests of the public surface of HandState, Layout, Step, VerificationRound and HandResult.

The rule scenarios live in ``tests/rules/``; this file checks the API: what each
accessor returns, which reason each refused move carries, immutability, equality and repr.
"""

from __future__ import annotations

from collections.abc import Callable

import attrs
import pytest

from dominoes import (
    DRAW,
    MUGGINS,
    PASS,
    STOP,
    ArgumentValueError,
    Claim,
    ClaimRule,
    Deal,
    Draw,
    DrawRule,
    End,
    Ending,
    HandResult,
    HandState,
    IllegalMoveError,
    IllegalMoveReason,
    Layout,
    Move,
    Opening,
    Pass,
    Phase,
    Play,
    PlayScoring,
    Ruleset,
    SpinnerRule,
    Step,
    Tile,
    TileSet,
    VerificationRound,
)
from dominoes.cli import heaviest_first
from dominoes.scoring import score_hand

Policy = Callable[[HandState], Move]

# The double-two set has six tiles: 0-0 0-1 1-1 0-2 1-2 2-2.
TINY = Ruleset(max_pip=2, players=2, hand_size=2)
TINY_DRAW = attrs.evolve(TINY, drawing=DrawRule.UNTIL_PLAYABLE)


def start(rules: Ruleset, hands: list[list[str]], boneyard: list[str]) -> HandState:
    return HandState.start(rules, Deal(hands=hands, boneyard=boneyard))


def first_legal(state: HandState) -> Move:
    return state.legal_moves()[0]


def advance(
    state: HandState, until: Callable[[HandState], bool], policy: Policy = first_legal
) -> HandState:
    while not until(state):
        assert not state.is_over, "the hand ended before the wanted position"
        state = state.apply(policy(state))
    return state


def play_out(state: HandState, policy: Policy = first_legal) -> HandState:
    return advance(state, lambda s: s.is_over, policy)


# Block game, seed 7: seat 1 holds 3-4 0-5 4-5 0-6 3-6 4-6 6-6 and leads the 6-6;
# seat 0 holds 2-2 1-3 2-3 3-3 4-4 1-6 5-6.
LEAD7 = HandState.start(Ruleset.block(), Deal.random(Ruleset.block(), seed=7))
# After the lead: seat 0 to move, ends (6, 6); 1-6 and 5-6 fit.
PLAY7 = LEAD7.apply(Play(tile=Tile(6, 6)))
# After 5-6 on the right: seat 1 to move, ends (6, 5).
PLAY7B = PLAY7.apply(Play(tile=Tile(5, 6), end=End.RIGHT))
# The same deal with the first double a spinner: 6-6 leads, its short sides wait (SPIN-2).
# Where scores are called (CLAIM-1, CLAIM-2): seat 0 leads the 5-5, which scores 10
CLAIMING = HandState.start(
    Ruleset.draw(
        hand_size=2,
        opening=Opening.SEAT_ANY_TILE,
        spinner=SpinnerRule.FIRST_DOUBLE,
        play_scoring=PlayScoring.FIVES,
        claim_rule=ClaimRule.MUGGINS,
    ),
    Deal(
        hands=[[Tile(5, 5), Tile(6, 6)], [Tile(0, 5), Tile(1, 2)]],
        boneyard=[
            t
            for t in TileSet.double(6).tiles
            if t not in (Tile(5, 5), Tile(6, 6), Tile(0, 5), Tile(1, 2))
        ],
    ),
).apply(Play(tile=Tile(5, 5)))
OVERLOOKED = CLAIMING.apply(Claim(points=0))
SPIN7 = HandState.start(
    Ruleset.block(spinner=SpinnerRule.FIRST_DOUBLE), Deal.random(Ruleset.block(), seed=7)
).apply(Play(tile=Tile(6, 6)))

# A double-6 Mexican Train for two, 4 tiles each (docs/rules/trains.md): seat 0 starts its
# train with 3-6 and stops (TRAIN-7), seat 1 starts its own with 5-6 and stops; seat 0 lays
# 3-3 on its train and owes the play that satisfies it (TRAIN-5).
TRAINS = Ruleset.preset("mexican-train-6", players=2, hand_size=4)
_TRAIN_HANDS = [["3-6", "3-3", "1-2", "0-0"], ["5-6", "4-6", "0-1", "2-2"]]
TRAIN_SEAT_1 = start(
    TRAINS,
    _TRAIN_HANDS,
    [
        str(t)
        for t in TRAINS.tile_set
        if str(t) != "6-6" and all(str(t) not in hand for hand in _TRAIN_HANDS)
    ],
).apply_all("3-6:T0 stop")
TRAIN_DOUBLE = TRAIN_SEAT_1.apply_all("5-6:T1 stop 3-3:T0")

# Tiny Block game: seat 0 leads 2-2; seat 1 (1-1 0-1) cannot play and passes, seat 0
# (0-0) confirms: the hand is blocked.
BLOCK_LEAD = start(TINY, [["2-2", "0-0"], ["1-1", "0-1"]], ["1-2", "0-2"])
BLOCK_STUCK = BLOCK_LEAD.apply(Play(tile=Tile(2, 2)))
BLOCK_ROUND = BLOCK_STUCK.apply(PASS)
BLOCKED = BLOCK_ROUND.apply(PASS)

# Tiny Draw game: seat 0 leads 2-2, seat 1 plays 1-2 on the right, seat 0 (0-0) must draw
# the 1-1, then plays it; seat 1 dominoes with 0-1.
DRAW_LEAD = start(TINY_DRAW, [["2-2", "0-0"], ["1-2", "0-1"]], ["1-1", "0-2"])
MUST_DRAW = DRAW_LEAD.apply(Play(tile=Tile(2, 2))).apply(Play(tile=Tile(1, 2), end=End.RIGHT))
HAS_DRAWN = MUST_DRAW.apply(DRAW)
DOMINO = play_out(HAS_DRAWN)

# Draw game, seed 25, both seats laying their heaviest tile: the boneyard runs out and
# seat 0 must pass, proposing a block (the hand of `dominoes demo`).
DRAW25 = HandState.start(Ruleset.draw(), Deal.random(Ruleset.draw(), seed=25))
DRAW_STUCK = advance(DRAW25, lambda s: s.legal_moves() == (PASS,), heaviest_first)


# ------------------------------------------------------------------ reading a state


def test_start_state() -> None:
    state = start(TINY, [["2-2", "0-1"], ["1-2", "0-0"]], ["1-1", "0-2"])
    assert state.rules is TINY
    assert state.phase is Phase.LEAD
    assert state.turn == 0
    assert state.hands == ((Tile(0, 1), Tile(2, 2)), (Tile(0, 0), Tile(1, 2)))
    assert state.hand(0) == (Tile(0, 1), Tile(2, 2))
    assert state.hand(1) == (Tile(0, 0), Tile(1, 2))
    assert state.hand_sizes == (2, 2)
    assert (state.pips(0), state.pips(1)) == (5, 3)
    assert state.boneyard == (Tile(1, 1), Tile(0, 2))
    assert state.layout == Layout(line=())
    assert state.history == ()
    assert state.verification is None
    assert state.is_over is False
    assert state.result is None
    assert state.legal_moves() == (Play(tile=Tile(2, 2)),)


def test_hands_are_in_canonical_order() -> None:
    for hand in LEAD7.hands:
        assert list(hand) == sorted(hand)
    assert LEAD7.hand(1) == (
        Tile(3, 4),
        Tile(0, 5),
        Tile(4, 5),
        Tile(0, 6),
        Tile(3, 6),
        Tile(4, 6),
        Tile(6, 6),
    )
    assert LEAD7.pips(1) == 58
    assert LEAD7.pips(0) == 45


def test_boneyard_keeps_the_deal_order() -> None:
    deal = Deal.random(Ruleset.draw(), seed=4)
    assert HandState.start(Ruleset.draw(), deal).boneyard == deal.boneyard


@pytest.mark.parametrize("seat", [-1, 2, True, "0", 0.0, None])
def test_seat_accessors_refuse_bad_seats(seat: object) -> None:
    with pytest.raises(ArgumentValueError, match="seat must be a seat at the table, 0 to 1"):
        LEAD7.hand(seat)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="seat must be"):
        LEAD7.pips(seat)  # type: ignore[arg-type]


def test_the_holder_of_the_highest_double_leads_it() -> None:
    assert LEAD7.phase is Phase.LEAD
    assert LEAD7.turn == 1
    assert LEAD7.legal_moves() == (Play(tile=Tile(6, 6)),)


def test_without_a_double_the_heaviest_tile_leads() -> None:
    rules = Ruleset(max_pip=2, players=2, hand_size=1)
    state = start(rules, [["0-1"], ["1-2"]], ["0-0", "1-1", "0-2", "2-2"])
    assert state.turn == 1
    assert state.legal_moves() == (Play(tile=Tile(1, 2)),)


# ------------------------------------------------------------------ moving


def test_apply_returns_a_new_state_and_leaves_the_old_one() -> None:
    before = LEAD7
    after = before.apply(Play(tile=Tile(6, 6)))
    assert after is not before
    assert before.phase is Phase.LEAD
    assert before.turn == 1
    assert before.hand_sizes == (7, 7)
    assert before.layout.is_empty
    assert before.history == ()
    assert after.phase is Phase.PLAY
    assert after.turn == 0
    assert after.hand_sizes == (7, 6)
    assert Tile(6, 6) not in after.hand(1)
    assert after.layout.ends == (6, 6)
    assert after.history == (Step(seat=1, move=Play(tile=Tile(6, 6))),)


def test_legal_moves_order_and_every_legal_move_applies() -> None:
    assert PLAY7.legal_moves() == (
        Play(tile=Tile(1, 6), end=End.LEFT),
        Play(tile=Tile(1, 6), end=End.RIGHT),
        Play(tile=Tile(5, 6), end=End.LEFT),
        Play(tile=Tile(5, 6), end=End.RIGHT),
    )
    for move in PLAY7.legal_moves():
        assert PLAY7.is_legal(move)
        PLAY7.check(move)
        PLAY7.check(move, seat=0)
        after = PLAY7.apply(move, seat=0)
        assert after.history[-1] == Step(seat=0, move=move)
        assert after.turn == 1


def test_plays_record_orientation_on_both_ends() -> None:
    left = PLAY7.apply(Play(tile=Tile(1, 6), end=End.LEFT))
    assert left.layout.line == ((1, 6), (6, 6))
    assert left.layout.ends == (1, 6)
    right = PLAY7.apply(Play(tile=Tile(1, 6), end=End.RIGHT))
    assert right.layout.line == ((6, 6), (6, 1))
    assert right.layout.ends == (6, 1)
    # seat 1 answers with 0-5 on the 5 of the right end
    after = PLAY7B.apply(Play(tile=Tile(0, 5), end=End.RIGHT))
    assert after.layout.line == ((6, 6), (6, 5), (5, 0))
    assert str(after.layout) == "[6|6][6|5][5|0]"


def test_an_equal_move_instance_is_accepted() -> None:
    tile = Tile.parse("6-6")
    assert LEAD7.apply(Play(tile=tile)) == PLAY7


def test_after_the_lead_turns_pass_clockwise() -> None:
    rules = Ruleset.block(3)
    state = HandState.start(rules, Deal.random(rules, seed=1))
    while not state.is_over:
        seat = state.turn
        state = state.apply(first_legal(state))
        if not state.is_over:
            assert state.turn == (seat + 1) % 3


# ------------------------------------------------------------------ refused moves


REFUSALS: list[tuple[str, HandState, object, IllegalMoveReason]] = [
    ("str", LEAD7, "six-six", IllegalMoveReason.NOT_A_MOVE),
    ("none", LEAD7, None, IllegalMoveReason.NOT_A_MOVE),
    ("tile", LEAD7, Tile(6, 6), IllegalMoveReason.NOT_A_MOVE),
    ("str-in-play", PLAY7, "1-6:Q", IllegalMoveReason.NOT_A_MOVE),
    ("end-in-play", PLAY7, End.LEFT, IllegalMoveReason.NOT_A_MOVE),
    ("over-not-a-move", BLOCKED, "passes", IllegalMoveReason.NOT_A_MOVE),
    ("over-pass", BLOCKED, PASS, IllegalMoveReason.HAND_OVER),
    ("over-play", DOMINO, Play(tile=Tile(0, 0), end=End.LEFT), IllegalMoveReason.HAND_OVER),
    ("over-draw", DOMINO, DRAW, IllegalMoveReason.HAND_OVER),
    ("lead-other-seat", LEAD7, Play(tile=Tile(3, 3)), IllegalMoveReason.TILE_NOT_IN_HAND),
    ("lead-outside-set", LEAD7, Play(tile=Tile(7, 7)), IllegalMoveReason.TILE_NOT_IN_HAND),
    (
        "play-other-seat",
        PLAY7,
        Play(tile=Tile(0, 6), end=End.LEFT),
        IllegalMoveReason.TILE_NOT_IN_HAND,
    ),
    (
        "play-outside-set",
        PLAY7,
        Play(tile=Tile(6, 9), end=End.RIGHT),
        IllegalMoveReason.TILE_NOT_IN_HAND,
    ),
    ("lead-pass", LEAD7, PASS, IllegalMoveReason.MUST_LEAD),
    ("lead-draw", LEAD7, DRAW, IllegalMoveReason.MUST_LEAD),
    ("lead-with-end", LEAD7, Play(tile=Tile(6, 6), end=End.LEFT), IllegalMoveReason.MUST_LEAD),
    ("lead-wrong-tile", LEAD7, Play(tile=Tile(0, 5)), IllegalMoveReason.WRONG_LEAD),
    ("no-end", PLAY7, Play(tile=Tile(1, 6)), IllegalMoveReason.NO_SUCH_END),
    ("no-end-no-match", PLAY7, Play(tile=Tile(2, 2)), IllegalMoveReason.NO_SUCH_END),
    ("up-in-a-line", PLAY7, Play(tile=Tile(1, 6), end=End.UP), IllegalMoveReason.NO_SUCH_ARM),
    ("arm-4-unlaid", SPIN7, Play(tile=Tile(1, 6), end=End(4)), IllegalMoveReason.NO_SUCH_ARM),
    ("up-waiting", SPIN7, Play(tile=Tile(1, 6), end=End.UP), IllegalMoveReason.END_NOT_OPEN),
    ("left", PLAY7, Play(tile=Tile(2, 2), end=End.LEFT), IllegalMoveReason.DOES_NOT_MATCH),
    ("right", PLAY7, Play(tile=Tile(2, 2), end=End.RIGHT), IllegalMoveReason.DOES_NOT_MATCH),
    ("left-b", PLAY7B, Play(tile=Tile(0, 5), end=End.LEFT), IllegalMoveReason.DOES_NOT_MATCH),
    ("right-b", PLAY7B, Play(tile=Tile(0, 6), end=End.RIGHT), IllegalMoveReason.DOES_NOT_MATCH),
    ("pass-can-play", PLAY7, PASS, IllegalMoveReason.MUST_PLAY),
    ("draw-in-block-game", PLAY7, DRAW, IllegalMoveReason.CANNOT_DRAW),
    ("draw-after-drawing", HAS_DRAWN, DRAW, IllegalMoveReason.MUST_PLAY),
    ("round-pass-can-play", DRAW_STUCK.apply(PASS), PASS, IllegalMoveReason.MUST_PLAY),
    ("pass-must-draw", MUST_DRAW, PASS, IllegalMoveReason.MUST_DRAW),
    ("draw-block-game", BLOCK_STUCK, DRAW, IllegalMoveReason.CANNOT_DRAW),
    ("draw-tile-block", BLOCK_STUCK, Draw(Tile(1, 2)), IllegalMoveReason.CANNOT_DRAW),
    ("draw-empty-boneyard", DRAW_STUCK, DRAW, IllegalMoveReason.CANNOT_DRAW),
    ("wrong-draw-tile", MUST_DRAW, Draw(Tile(0, 2)), IllegalMoveReason.WRONG_DRAW_TILE),
    ("play-before-claim", CLAIMING, DRAW, IllegalMoveReason.MUST_CLAIM),
    ("wrong-claim", CLAIMING, Claim(points=5), IllegalMoveReason.WRONG_CLAIM),
    ("no-claim", OVERLOOKED, Claim(points=10), IllegalMoveReason.NO_CLAIM),
    ("no-muggins", CLAIMING, MUGGINS, IllegalMoveReason.NO_MUGGINS),
    (
        "train-not-open",
        TRAIN_SEAT_1,
        Play(tile=Tile(0, 1), end=End.TRAIN_0),
        IllegalMoveReason.TRAIN_NOT_OPEN,
    ),
    (
        "must-satisfy",
        TRAIN_DOUBLE,
        Play(tile=Tile(0, 0), end=End.MEXICAN),
        IllegalMoveReason.MUST_SATISFY,
    ),
    ("cannot-stop", TRAIN_SEAT_1, STOP, IllegalMoveReason.CANNOT_STOP),
]


@pytest.mark.parametrize(
    ("state", "move", "reason"), [r[1:] for r in REFUSALS], ids=[r[0] for r in REFUSALS]
)
def test_refused_moves_carry_their_reason(
    state: HandState, move: object, reason: IllegalMoveReason
) -> None:
    assert state.is_legal(move) is False
    with pytest.raises(IllegalMoveError) as info:
        state.check(move)
    assert info.value.reason is reason
    assert info.value.move is move
    assert info.value.state is state
    assert str(info.value).startswith(f"illegal move {move!s} by seat {state.turn}: ")
    with pytest.raises(IllegalMoveError) as info:
        state.apply(move)
    assert info.value.reason is reason
    assert info.value.state is state


def test_every_reason_but_the_seat_reasons_is_exercised() -> None:
    # NOT_YOUR_TURN, NO_SUCH_SEAT and DRAW_NAMES_TILE need a seat: test_not_your_turn and
    # tests/api/test_seat_view.py (apply_as)
    seat_reasons = {
        IllegalMoveReason.NOT_YOUR_TURN,
        IllegalMoveReason.NO_SUCH_SEAT,
        IllegalMoveReason.DRAW_NAMES_TILE,
    }
    exercised = {r[3] for r in REFUSALS} | seat_reasons
    assert exercised == set(IllegalMoveReason)


def test_a_refused_move_changes_nothing() -> None:
    before = (PLAY7.phase, PLAY7.turn, PLAY7.hands, PLAY7.layout, PLAY7.history)
    with pytest.raises(IllegalMoveError):
        PLAY7.apply(Play(tile=Tile(2, 2), end=End.LEFT))
    assert (PLAY7.phase, PLAY7.turn, PLAY7.hands, PLAY7.layout, PLAY7.history) == before


@pytest.mark.parametrize(
    ("state", "move"),
    [
        (LEAD7, Play(tile=Tile(6, 6))),
        (PLAY7, Play(tile=Tile(1, 6), end=End.LEFT)),
        (PLAY7, Play(tile=Tile(2, 2), end=End.LEFT)),  # illegal too: the seat is checked first
        (PLAY7, "not a move"),
        (MUST_DRAW, DRAW),
        (BLOCK_STUCK, PASS),
    ],
)
def test_not_your_turn(state: HandState, move: Move) -> None:
    other = 1 - state.turn
    with pytest.raises(IllegalMoveError) as info:
        state.apply(move, seat=other)
    assert info.value.reason is IllegalMoveReason.NOT_YOUR_TURN
    assert "not that seat's turn" in str(info.value)
    with pytest.raises(IllegalMoveError) as info:
        state.check(move, seat=other)
    assert info.value.reason is IllegalMoveReason.NOT_YOUR_TURN


def test_the_right_seat_is_accepted() -> None:
    assert LEAD7.apply(Play(tile=Tile(6, 6)), seat=1) == PLAY7
    LEAD7.check(Play(tile=Tile(6, 6)), seat=1)


def test_after_the_end_a_seat_gets_hand_over_not_not_your_turn() -> None:
    for seat in (0, 1):
        with pytest.raises(IllegalMoveError) as info:
            BLOCKED.apply(PASS, seat=seat)
        assert info.value.reason is IllegalMoveReason.HAND_OVER
        with pytest.raises(IllegalMoveError) as info:
            BLOCKED.check(PASS, seat=seat)
        assert info.value.reason is IllegalMoveReason.HAND_OVER


@pytest.mark.parametrize("thing", [None, 5, "pass", Tile(1, 1), End.RIGHT, (PASS,)])
def test_is_legal_never_raises(thing: object) -> None:
    assert LEAD7.is_legal(thing) is False
    assert BLOCKED.is_legal(thing) is False


# ------------------------------------------------------------------ drawing


def test_a_forced_draw_is_the_only_legal_move() -> None:
    assert MUST_DRAW.phase is Phase.PLAY
    assert MUST_DRAW.turn == 0
    assert MUST_DRAW.legal_moves() == (DRAW,)
    assert MUST_DRAW.legal_moves()[0] is DRAW
    assert MUST_DRAW.boneyard == (Tile(1, 1), Tile(0, 2))


def test_drawing_takes_the_next_tile_and_records_it() -> None:
    after = MUST_DRAW.apply(DRAW)
    assert after.turn == 0  # the drawer keeps the turn
    assert after.hand(0) == (Tile(0, 0), Tile(1, 1))
    assert after.boneyard == (Tile(0, 2),)
    assert after.layout == MUST_DRAW.layout
    assert after.history[-1] == Step(seat=0, move=Draw(Tile(1, 1)))
    assert after.legal_moves() == (Play(tile=Tile(1, 1), end=End.RIGHT),)
    assert MUST_DRAW.apply(Draw(Tile(1, 1))) == after


def test_a_forced_pass_is_the_only_legal_move() -> None:
    assert BLOCK_STUCK.legal_moves() == (PASS,)
    assert BLOCK_STUCK.legal_moves()[0] is PASS
    assert DRAW_STUCK.boneyard == ()
    assert DRAW_STUCK.legal_moves() == (PASS,)
    assert DRAW_STUCK.is_legal(Pass())


# ------------------------------------------------------------------ verification round


def test_a_pass_opens_a_verification_round() -> None:
    state = BLOCK_ROUND
    assert state.phase is Phase.VERIFICATION
    assert state.turn == 0
    assert state.history[-1] == Step(seat=1, move=PASS)
    rnd = state.verification
    assert rnd == VerificationRound(proposer=1, confirmed=(1,), players=2)
    assert rnd is not None
    assert rnd.complete is False
    assert rnd.waiting_for == (0,)
    assert state.result is None


def test_a_complete_round_blocks_the_hand() -> None:
    state = BLOCKED
    assert state.phase is Phase.OVER
    assert state.is_over
    assert state.turn == 0  # the seat that made the last move
    assert state.legal_moves() == ()
    result = state.result
    assert result is not None
    assert result.ending is Ending.BLOCKED
    assert result.pips == (0, 3)
    assert result.winners == (0,)
    assert result.points == (3, 0)
    assert result.is_draw is False
    assert result.verification == VerificationRound(proposer=1, confirmed=(1, 0), players=2)
    assert result.verification.complete
    assert result.verification.waiting_for == ()
    assert state.verification == result.verification


def test_a_play_voids_the_round() -> None:
    in_round = DRAW_STUCK.apply(PASS)
    assert in_round.phase is Phase.VERIFICATION
    assert in_round.verification == VerificationRound(proposer=0, confirmed=(0,), players=2)
    after = in_round.apply(heaviest_first(in_round))
    assert isinstance(after.history[-1].move, Play)
    assert after.phase is Phase.PLAY
    assert after.verification is None


def test_verification_round_values() -> None:
    rnd = VerificationRound(proposer=2, confirmed=(2,), players=4)
    assert rnd.waiting_for == (3, 0, 1)
    assert not rnd.complete
    rnd = VerificationRound(proposer=2, confirmed=(2, 3, 0), players=4)
    assert rnd.waiting_for == (1,)
    assert not rnd.complete
    rnd = VerificationRound(proposer=2, confirmed=(2, 3, 0, 1), players=4)
    assert rnd.waiting_for == ()
    assert rnd.complete
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        rnd.proposer = 0  # type: ignore[misc]


# ------------------------------------------------------------------ results


def test_domino_ends_the_hand() -> None:
    state = DOMINO
    assert state.phase is Phase.OVER
    assert state.turn == 1
    assert state.hand(1) == ()
    assert state.hand_sizes == (1, 0)
    assert state.verification is None
    assert state.legal_moves() == ()
    assert state.result == HandResult(
        ending=Ending.DOMINO,
        winners=(1,),
        pips=(0, 0),
        points=(0, 0),
        domino_seat=1,
        verification=None,
    )
    assert [str(step) for step in state.history] == [
        "0: 2-2",
        "1: 1-2:R",
        "0: draw 1-1",
        "0: 1-1:R",
        "1: 0-1:R",
    ]


def test_hand_result_is_draw() -> None:
    drawn = HandResult(ending=Ending.BLOCKED, winners=(), pips=(5, 5), points=(0, 0))
    assert drawn.is_draw
    assert drawn.verification is None
    won = HandResult(ending=Ending.BLOCKED, winners=(1,), pips=(5, 4), points=(0, 5))
    assert not won.is_draw


def test_score_hand() -> None:
    rnd = VerificationRound(proposer=0, confirmed=(0, 1), players=2)
    result = score_hand(Ruleset.block(), [5, 5], domino_seat=None, verification=rnd)
    assert result.is_draw
    assert result.points == (0, 0)
    assert result.verification is rnd
    pairs = Ruleset.block(4, partnership=True)
    blocked = score_hand(pairs, [3, 4, 5, 6], domino_seat=None)
    assert (blocked.ending, blocked.winners, blocked.points) == (
        Ending.BLOCKED,
        (0, 2),
        (10, 0, 10, 0),
    )
    domino = score_hand(pairs, [3, 4, 5, 0], domino_seat=3)
    assert (domino.ending, domino.winners, domino.points) == (Ending.DOMINO, (1, 3), (0, 8, 0, 8))


def test_played_out_hands_keep_every_tile() -> None:
    for rules in (
        Ruleset.block(),
        Ruleset.draw(),
        Ruleset.block(4, partnership=True),
        Ruleset.draw(3),
    ):
        for seed in range(8):
            for policy in (first_legal, heaviest_first):
                state = HandState.start(rules, Deal.random(rules, seed=seed))
                moves = 0
                while not state.is_over:
                    seat = state.turn
                    state = state.apply(policy(state), seat=seat)
                    moves += 1
                    assert state.history[-1].seat == seat
                    tiles = sum(state.hand_sizes) + len(state.layout) + len(state.boneyard)
                    assert tiles == len(rules.tile_set)
                assert len(state.history) == moves
                assert state.result is not None
                assert state.result.pips == tuple(state.pips(s) for s in range(rules.players))


# ------------------------------------------------------------------ Layout


def test_empty_layout() -> None:
    layout = Layout(line=())
    assert layout.ends == ()
    assert layout.tiles == ()
    assert layout.is_empty
    assert len(layout) == 0
    assert str(layout) == "(empty)"
    with pytest.raises(IndexError, match="empty"):
        layout.end(End.LEFT)
    with pytest.raises(IndexError):
        layout.end(End.RIGHT)


def test_layout_with_tiles() -> None:
    layout = Layout(line=((1, 2), (2, 2), (2, 5)))
    assert layout.ends == (1, 5)
    assert layout.tiles == (Tile(1, 2), Tile(2, 2), Tile(2, 5))
    assert not layout.is_empty
    assert len(layout) == 3
    assert str(layout) == "[1|2][2|2][2|5]"
    assert layout.end(End.LEFT) == 1
    assert layout.end(End.RIGHT) == 5


def test_layout_of_a_lone_double() -> None:
    layout = PLAY7.layout
    assert layout == Layout(line=((6, 6),))
    assert layout.ends == (6, 6)
    assert layout.end(End.LEFT) == layout.end(End.RIGHT) == 6
    assert len(layout) == 1


def test_layout_from_a_state() -> None:
    layout = DOMINO.layout
    assert layout.line == ((2, 2), (2, 1), (1, 1), (1, 0))
    assert layout.tiles == (Tile(2, 2), Tile(1, 2), Tile(1, 1), Tile(0, 1))
    assert layout.ends == (2, 0)


# ------------------------------------------------------------------ Step


def test_step() -> None:
    step = PLAY7B.history[-1]
    assert step == Step(seat=0, move=Play(tile=Tile(5, 6), end=End.RIGHT))
    assert str(step) == "0: 5-6:R"
    assert repr(step) == "Step(seat=0, move=Play(tile=Tile(5, 6), end=End.RIGHT))"
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        step.seat = 1  # type: ignore[misc]


# ------------------------------------------------------------------ equality, hash, repr


def test_equal_starts_are_equal() -> None:
    deal = Deal.random(Ruleset.block(), seed=7)
    again = HandState.start(Ruleset(players=2, hand_size=7), deal)
    assert again == LEAD7
    assert hash(again) == hash(LEAD7)
    assert LEAD7 != PLAY7


def test_history_is_not_part_of_the_position() -> None:
    rules = Ruleset.block()
    state = HandState.start(rules, Deal.random(rules, seed=154)).apply(Play(tile=Tile(5, 5)))
    one = state.apply(Play(tile=Tile(3, 5), end=End.RIGHT)).apply(PASS)
    one = one.apply(Play(tile=Tile(4, 5), end=End.LEFT))
    two = state.apply(Play(tile=Tile(4, 5), end=End.LEFT)).apply(PASS)
    two = two.apply(Play(tile=Tile(3, 5), end=End.RIGHT))
    assert one.history != two.history
    assert one == two
    assert hash(one) == hash(two)
    assert len({one, two}) == 1


def test_the_open_round_is_part_of_the_position() -> None:
    assert BLOCK_ROUND != BLOCK_STUCK
    assert BLOCK_ROUND.hands == BLOCK_STUCK.hands
    assert BLOCK_ROUND.layout == BLOCK_STUCK.layout


def test_the_ruleset_is_part_of_the_position() -> None:
    deal = Deal.random(Ruleset.block(), seed=7)
    block = HandState.start(Ruleset.block(), deal)
    draw = HandState.start(Ruleset.draw(), deal)
    assert block.hands == draw.hands
    assert block.boneyard == draw.boneyard
    assert block != draw


def test_a_state_is_not_equal_to_other_things() -> None:
    state = LEAD7
    others: list[object] = ["state", state.hands, state.layout, None]
    for other in others:
        assert state != other
    assert state.__eq__(5) is NotImplemented


def test_repr() -> None:
    state = start(TINY, [["2-2", "0-1"], ["1-2", "0-0"]], ["1-1", "0-2"])
    assert repr(state) == "<HandState LEAD turn=0 layout=(empty) hands=0-1/2-2 0-0/1-2 boneyard=2>"
    assert repr(DOMINO) == (
        "<HandState OVER turn=1 layout=[2|2][2|1][1|1][1|0] hands=0-0 - boneyard=1>"
    )
    assert repr(BLOCK_ROUND).startswith("<HandState VERIFICATION turn=0 layout=[2|2] ")


@pytest.mark.parametrize("name", ["turn", "phase", "rules", "_core", "_hist", "anything"])
def test_states_are_frozen(name: str) -> None:
    before = (LEAD7.turn, LEAD7.hands)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        setattr(LEAD7, name, 0)
    assert (LEAD7.turn, LEAD7.hands) == before


def test_legal_move_memo_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    import dominoes.state as state_module

    monkeypatch.setattr(state_module, "_MEMO_LIMIT", 2)
    rules = Ruleset.block(players=4, partnership=True)
    state = HandState.start(rules, Deal.random(rules, seed=11))
    ctx = state_module._ctx_for(rules)
    ctx.memo.clear()
    while not state.is_over:
        moves = state.legal_moves()
        assert len(ctx.memo) <= 2
        assert all(state.is_legal(m) for m in moves)
        state = state.apply(moves[-1])
    assert state.result is not None


def test_equality_covers_the_seat_that_laid_the_last_tile() -> None:
    """The docstring's list: two tables alike but for who laid the last tile differ
    (the blocker decides a tie under NON_BLOCKER_WINS); a state rebuilt from its
    position (no history) is equal and hashes alike."""
    rules = Ruleset(max_pip=2, players=2, hand_size=3)
    deal = Deal(hands=[["0-0", "1-1", "0-1"], ["2-2", "1-2", "0-2"]], boneyard=[])
    state = HandState.start(rules, deal).apply_all("2-2")
    text = state.position()
    assert text.endswith("last=1")
    rebuilt = HandState.from_position(text, rules)
    assert rebuilt == state
    assert hash(rebuilt) == hash(state)
    assert rebuilt.history != state.history
    other = HandState.from_position(text.replace("last=1", "last=0"), rules)
    assert (other.hands, other.boneyard, other.layout, other.turn) == (
        state.hands,
        state.boneyard,
        state.layout,
        state.turn,
    )
    assert other != state


def test_the_table_cache_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    import dominoes.state as state_module

    monkeypatch.setattr(state_module, "_CTX_CACHE", {})
    monkeypatch.setattr(state_module, "_CTX_CACHE_SIZE", 3)
    for target in range(50, 60):
        rules = Ruleset.block(players=2, target=target)
        HandState.start(rules, Deal.random(rules, seed=1))
        assert len(state_module._CTX_CACHE) <= 3
    assert rules in state_module._CTX_CACHE  # the newest stays
