"""Scenario tests for match play, MATCH-1 to MATCH-6 (docs/rules/match.md), and for
conceding in a match, CONCEDE-1 and CONCEDE-2 (docs/rules/concede.md).

The hands whose outcome matters are built by hand: the current hand of a match is replaced
with ``attrs.evolve(match, state=HandState.start(rules, deal))`` (see `with_hand`), or a
match is built at given scores with ``Match(...)``. Hands dealt by ``next_hand`` come from
the match's seed; the tests check who leads them, not their content. Moves are written as
the engine prints them: ``"6-6"`` for the lead, ``"5-6:R"`` for a play on the right end,
``"pass"``.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import attrs
import pytest

from dominoes import (
    PASS,
    BlockTie,
    ConcedeScoring,
    Deal,
    DrawnLead,
    DrawRule,
    Ending,
    FaultMode,
    FaultPenalty,
    HandState,
    IllegalMoveError,
    IllegalMoveReason,
    Match,
    Move,
    NextLead,
    NoDoubleRule,
    Opening,
    Phase,
    Play,
    PlayScoring,
    Ruleset,
    Scoring,
    SpinnerRule,
)
from dominoes.errors import ArgumentTypeError, MatchError
from dominoes.match import hand_seed
from scenario import DEAL_B, DEAL_C, DEAL_E, DEAL_TIE, DEAL_V, MOVES_B, MOVES_C, MOVES_E, parse_move
from scenario import MOVES_C as MOVES_TIE


def play(match: Match, moves: str) -> Match:
    """Apply a space-separated string of moves to the current hand."""
    for text in moves.split():
        match = match.apply(parse_move(text))
    return match


def with_hand(match: Match, deal: Deal) -> Match:
    """``match`` with its current hand replaced by a hand dealt as ``deal``."""
    return attrs.evolve(match, state=HandState.start(match.state.rules, deal))


def lead_any_tile(state: HandState) -> bool:
    """Whether the seat to move may lead any tile it holds."""
    return state.phase is Phase.LEAD and state.legal_moves() == tuple(
        Play(tile=t) for t in state.hand(state.turn)
    )


def play_out(match: Match, pick: Callable[[tuple[Move, ...]], Move]) -> Match:
    """Play the whole match, choosing ``pick(legal_moves)`` every time."""
    while not match.is_over:
        if match.state.is_over:
            match = match.next_hand()
        match = match.apply(pick(match.state.legal_moves()))
    return match


# The same hands the other way round: seat 1 holds the high tiles.
DEAL_B_SWAPPED = Deal(hands=[DEAL_B.hands[1], DEAL_B.hands[0]], boneyard=DEAL_B.boneyard)


# Double-3 for three: seat 0 leads 3-3 and nobody can follow; pips left 1, 5 and 6.
THREE = Ruleset(max_pip=3, players=3, hand_size=2)
DEAL_3 = Deal(
    hands=[["3-3", "0-1"], ["0-2", "1-2"], ["1-1", "2-2"]],
    boneyard=["0-0", "0-3", "1-3", "2-3"],
)
MOVES_3 = "3-3 pass pass pass"


# ---------------------------------------------------------------- MATCH-1
@pytest.mark.parametrize(
    ("rules", "target"),
    [
        (Ruleset.block(2), 100),
        (Ruleset.block(3), 61),
        (Ruleset.block(4), 61),
        (Ruleset.block(4, partnership=True), 100),
        (Ruleset.draw(2), 100),
        (Ruleset.draw(3), 61),
    ],
    ids=["2", "3", "4", "pairs", "draw-2", "draw-3"],
)
def test_match_1_default_targets(rules: Ruleset, target: int) -> None:
    # [SEED-CZ]: to 100 for two players or pairs, to 61 for three or four
    assert rules.target is None
    assert rules.match_target == target
    assert Match.start(rules, seed=0).target == target


def test_match_1_target_override() -> None:
    rules = Ruleset.block(3, target=150)
    assert rules.match_target == 150
    assert Match.start(rules, seed=0).target == 150


def test_match_1_match_ends_when_a_side_reaches_the_target() -> None:
    rules = Ruleset.block()
    start = HandState.start(rules, DEAL_B)
    # 84 + 15 = 99: not yet
    match = play(Match(rules=rules, seed=1, state=start, scores=(84, 90)), MOVES_B)
    assert match.scores == (99, 90)
    assert not match.is_over
    assert match.winner is None
    assert match.next_hand().hand_number == 1
    # 90 + 15 = 105: over
    match = play(Match(rules=rules, seed=1, state=start, scores=(90, 95)), MOVES_B)
    assert match.scores == (105, 95)
    assert match.is_over
    assert match.winner == (0,)


def test_match_1_reaching_the_target_exactly_is_enough() -> None:
    rules = Ruleset.block()
    match = Match(rules=rules, seed=1, state=HandState.start(rules, DEAL_B), scores=(85, 0))
    match = play(match, MOVES_B)
    assert match.scores == (100, 0)
    assert match.is_over
    assert match.winner == (0,)


def test_match_1_not_over_in_the_middle_of_a_hand() -> None:
    rules = Ruleset.block()
    match = Match(rules=rules, seed=1, state=HandState.start(rules, DEAL_B), scores=(120, 0))
    assert not match.is_over
    assert match.winner is None
    with pytest.raises(ValueError, match="not over"):
        match.next_hand()


def test_match_1_several_sides_pass_the_target_highest_wins() -> None:
    rules = attrs.evolve(THREE, scoring=Scoring.CASCADE)
    match = Match(rules=rules, seed=0, state=HandState.start(rules, DEAL_3), scores=(55, 60, 20))
    match = play(match, MOVES_3)
    result = match.results[-1]
    # cascade: seat 0 scores (5 - 1) + (6 - 1) = 9, seat 1 scores 6 - 5 = 1
    assert result.pips == (1, 5, 6)
    assert result.points == (9, 1, 0)
    # both pass 61 in the same hand: 64 beats 61 [STAR]
    assert match.scores == (64, 61, 20)
    assert match.is_over
    assert match.winner == (0,)


def test_match_1_equal_highest_totals_have_no_winner() -> None:
    rules = attrs.evolve(THREE, scoring=Scoring.CASCADE)
    match = Match(rules=rules, seed=0, state=HandState.start(rules, DEAL_3), scores=(52, 60, 20))
    match = play(match, MOVES_3)
    assert match.scores == (61, 61, 20)
    assert match.is_over
    assert match.winner is None
    # a drawn single hand
    single = Ruleset.block(hands_limit=1)
    match = play(with_hand(Match.start(single, seed=0), DEAL_TIE), MOVES_TIE)
    assert match.results[-1].is_draw
    assert match.scores == (0, 0)
    assert match.is_over
    assert match.winner is None


def test_match_1_hands_limit() -> None:
    # a single hand decides
    single = Ruleset.block(hands_limit=1)
    match = play(with_hand(Match.start(single, seed=0), DEAL_B), MOVES_B)
    assert match.scores == (15, 0)
    assert match.is_over
    assert match.winner == (0,)
    with pytest.raises(ValueError, match="the match is over"):
        match.next_hand()
    # two hands: seat 0 wins 15, then seat 1 (leading by rotation) wins 15
    two = Ruleset.block(hands_limit=2)
    match = play(with_hand(Match.start(two, seed=0), DEAL_B), MOVES_B)
    assert not match.is_over
    match = match.next_hand()
    assert match.state.turn == 1
    match = play(with_hand(match, DEAL_B_SWAPPED), MOVES_B)
    assert match.results[-1].winners == (1,)
    assert match.scores == (15, 15)
    assert len(match.results) == 2
    assert match.is_over
    assert match.winner is None


def test_match_1_partners_show_the_side_total() -> None:
    rules = Ruleset.block(4, partnership=True, hands_limit=1)
    match = with_hand(Match.start(rules, seed=0), DEAL_E)
    assert match.state.turn == 2  # seat 2 holds 6-6
    match = play(match, MOVES_E)
    assert match.results[-1].points == (56, 0, 56, 0)
    assert match.scores == (56, 0, 56, 0)
    assert match.winner == (0, 2)


def test_match_1_api_errors() -> None:
    rules = Ruleset.block(hands_limit=1)
    match = Match.start(rules, seed=0)
    assert match.hand_number == 0
    assert match.results == ()
    with pytest.raises(MatchError, match="the current hand is not over") as not_over:
        match.next_hand()
    assert isinstance(not_over.value, ValueError)
    match = with_hand(match, DEAL_B)
    with pytest.raises(IllegalMoveError) as info:
        match.apply(PASS, seat=1)
    assert info.value.reason is IllegalMoveReason.NOT_YOUR_TURN
    match = play(match, MOVES_B)
    assert match.hand_number == 0
    with pytest.raises(IllegalMoveError) as info:
        match.apply(PASS)
    assert info.value.reason is IllegalMoveReason.HAND_OVER
    with pytest.raises(ArgumentTypeError, match="rules must be a Ruleset") as type_info:
        Match.start("block", seed=0)  # type: ignore[arg-type]
    assert type_info.value.argument == "rules"
    with pytest.raises(ArgumentTypeError, match="deal must be a Deal or None"):
        Match.start(rules, seed=0, deal=[["6-6"]])  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="deal must be a Deal or None"):
        match.next_hand(deal="6-6")  # type: ignore[arg-type]
    finished = play_out(Match.start(rules, seed=0), lambda moves: moves[0])
    with pytest.raises(MatchError, match="the match is over"):
        finished.next_hand()


# ---------------------------------------------------------------- MATCH-2
def test_match_2_rotate_is_the_default() -> None:
    rules = Ruleset.block()
    assert rules.next_lead is NextLead.ROTATE
    assert rules.drawn_lead is DrawnLead.NEXT_PLAYER


def test_match_2_seat_after_the_leader_leads_any_tile() -> None:
    rules = Ruleset.block()
    match = with_hand(Match.start(rules, seed=5), DEAL_B_SWAPPED)
    assert match.state.turn == 1  # 6-6
    match = play(match, MOVES_B)
    assert match.results[-1].winners == (1,)
    assert match.scores == (0, 15)
    match = match.next_hand()
    assert match.hand_number == 1
    assert match.state.turn == 0
    assert lead_any_tile(match.state)
    assert len(match.state.legal_moves()) == 7
    assert match.state.rules == attrs.evolve(rules, opening=Opening.SEAT_ANY_TILE, opening_seat=0)
    assert match.rules == rules


def test_match_2_rotation_ignores_the_winner() -> None:
    # seat 0 leads and wins (BLOCK-7, 12 against 27): seat 1 leads next
    match = play(with_hand(Match.start(Ruleset.block(), seed=5), DEAL_C), MOVES_C)
    assert match.results[-1].winners == (0,)
    assert match.next_hand().state.turn == 1
    # partnership: seat 2 led, side 0+2 won; seat 3 leads next
    pairs = Ruleset.block(4, partnership=True)
    match = play(with_hand(Match.start(pairs, seed=5), DEAL_E), MOVES_E)
    assert match.results[-1].winners == (0, 2)
    assert match.next_hand().state.turn == 3


def test_match_2_rotation_goes_round_the_table() -> None:
    rules = Ruleset.block(3, target=1000)
    match = Match.start(rules, seed=11)
    first = match.state.turn
    leaders = []
    for _ in range(5):
        leaders.append(match.state.turn)
        if match.hand_number > 0:
            assert lead_any_tile(match.state)
        while not match.state.is_over:
            match = match.apply(match.state.legal_moves()[0])
        assert match.state.history[0].seat == leaders[-1]
        match = match.next_hand()
    assert leaders == [(first + k) % 3 for k in range(5)]


def test_match_2_opening_rule_opens_every_hand_like_the_first() -> None:
    rules = Ruleset.block(next_lead=NextLead.OPENING_RULE)
    match = play(with_hand(Match.start(rules, seed=5), DEAL_B), MOVES_B)
    state = match.next_hand().state
    assert state.rules == rules
    doubles = [(t, seat) for seat in (0, 1) for t in state.hand(seat) if t.is_double]
    highest, holder = max(doubles)
    assert state.turn == holder
    assert state.legal_moves() == (Play(tile=highest),)


# ---------------------------------------------------------------- MATCH-3
def test_match_3_domino_seat_leads() -> None:
    # seat 0 leads 3-3, seat 2 goes out with 2-3 (seats 0 and 1 pass once)
    deal = Deal(
        hands=[["3-3", "0-0"], ["1-3", "1-1"], ["1-2", "2-3"]],
        boneyard=["0-1", "0-2", "2-2", "0-3"],
    )
    rules = attrs.evolve(THREE, next_lead=NextLead.WINNER)
    match = play(with_hand(Match.start(rules, seed=5), deal), "3-3 1-3:R 1-2:R pass pass 2-3:L")
    result = match.results[-1]
    assert result.ending is Ending.DOMINO
    assert result.domino_seat == 2
    # seat 0 keeps 0-0, seat 1 keeps 1-1: seat 2 scores 2
    assert result.points == (0, 0, 2)
    state = match.next_hand().state
    assert state.turn == 2
    assert lead_any_tile(state)
    # by rotation seat 1 would lead
    rotate = play(with_hand(Match.start(THREE, seed=5), deal), "3-3 1-3:R 1-2:R pass pass 2-3:L")
    assert rotate.next_hand().state.turn == 1
    # two players: seat 0 leads and goes out, and leads again
    two = Ruleset.block(next_lead=NextLead.WINNER)
    match = play(with_hand(Match.start(two, seed=5), DEAL_B), MOVES_B)
    assert match.next_hand().state.turn == 0


def test_match_3_block_winner_that_laid_the_last_tile_leads() -> None:
    # seat 0's lead 3-3 closes the game and seat 0 wins with 1 pip
    rules = attrs.evolve(THREE, next_lead=NextLead.WINNER)
    match = play(with_hand(Match.start(rules, seed=5), DEAL_3), MOVES_3)
    result = match.results[-1]
    assert result.ending is Ending.BLOCKED
    assert result.blocked_by == 0
    assert result.winners == (0,)
    assert match.next_hand().state.turn == 0


def test_match_3_block_lost_by_the_last_tile_next_winning_seat_leads() -> None:
    # two players: seat 1 closed with 5-6 and lost; seat 0 leads
    two = Ruleset.block(next_lead=NextLead.WINNER)
    match = play(with_hand(Match.start(two, seed=5), DEAL_C), MOVES_C)
    assert match.results[-1].blocked_by == 1
    assert match.results[-1].winners == (0,)
    assert match.next_hand().state.turn == 0
    # three players, double-4: seat 1 closes [4|4][4|3]; every other 4 and 3 is face down.
    # Seat 0 keeps 0-0 (0), seat 1 keeps 1-1 (2), seat 2 keeps 0-1 and 1-2 (4): seat 0 wins.
    # From seat 1: seat 1 lost, seat 2 lost, seat 0 won and leads.
    rules = Ruleset(max_pip=4, players=3, hand_size=2, next_lead=NextLead.WINNER)
    deal = Deal(
        hands=[["4-4", "0-0"], ["3-4", "1-1"], ["0-1", "1-2"]],
        boneyard=["0-2", "2-2", "0-3", "1-3", "2-3", "3-3", "0-4", "1-4", "2-4"],
    )
    match = play(with_hand(Match.start(rules, seed=5), deal), "4-4 3-4:R pass pass pass")
    result = match.results[-1]
    assert result.blocked_by == 1
    assert result.pips == (0, 2, 4)
    assert result.winners == (0,)
    assert match.next_hand().state.turn == 0


def test_match_3_partnership_block_partner_or_next_opponent_leads() -> None:
    # seat 0 laid the last tile and its side won: seat 0 leads (rotation would give seat 3)
    pairs = Ruleset.block(4, partnership=True, next_lead=NextLead.WINNER)
    match = play(with_hand(Match.start(pairs, seed=5), DEAL_E), MOVES_E)
    assert match.results[-1].blocked_by == 0
    assert match.results[-1].winners == (0, 2)
    assert match.next_hand().state.turn == 0
    # seat 1 laid the last tile (3-5) and its side lost 17 to 15: seat 2 leads
    deal = Deal(
        hands=[
            ["0-0", "2-2", "1-4", "3-4", "1-6", "2-6", "3-6"],
            ["1-2", "0-3", "0-4", "3-5", "5-5", "0-6", "6-6"],
            ["1-1", "3-3", "2-4", "0-5", "1-5", "4-5", "5-6"],
            ["0-1", "0-2", "1-3", "2-3", "4-4", "2-5", "4-6"],
        ],
        boneyard=[],
    )
    rules = attrs.evolve(pairs, opening=Opening.SEAT_ANY_TILE)
    match = play(with_hand(Match.start(rules, seed=5), deal), MOVES_15_17)
    result = match.results[-1]
    assert result.blocked_by == 1
    # seats 0 + 2 keep 3-4 (7) and 1-1, 3-3 (8); seats 1 + 3 keep 0-4 (4) and 0-1, 1-3, 4-4 (13)
    assert result.pips == (7, 4, 8, 13)
    assert result.winners == (0, 2)
    assert match.next_hand().state.turn == 2


# A tolerant three-player Draw game (double-3, two tiles each); seat 0 leads 3-3.
FAULTY = Ruleset(
    max_pip=3,
    players=3,
    hand_size=2,
    drawing=DrawRule.UNTIL_PLAYABLE,
    faults=FaultMode.TOLERANT,
    next_lead=NextLead.WINNER,
)
DEAL_FAULTY = DEAL_V


@pytest.mark.parametrize(
    ("moves", "offender", "winners", "leader"),
    [
        # seat 1 passes instead of drawing: seats 0 and 2 win, seat 2 is next after seat 1
        ("3-3 pass", 1, (0, 2), 2),
        # seat 1 draws 1-2 and 0-3 (which fits), then draws again: a forbidden draw
        ("3-3 draw draw draw", 1, (0, 2), 2),
        # seat 1 plays 1-3 at last; seat 2 then passes holding 1-1: seats 0 and 1 win,
        # and seat 0 is the first of them after seat 2
        ("3-3 draw draw 0-3:L pass", 2, (0, 1), 0),
    ],
)
def test_match_3_after_a_forfeit_the_first_winning_seat_after_the_offender_leads(
    moves: str, offender: int, winners: tuple[int, ...], leader: int
) -> None:
    match = play(Match.start(FAULTY, seed=5, deal=DEAL_FAULTY), moves)
    result = match.results[-1]
    assert result.ending is Ending.FORFEIT
    assert result.winners == winners
    assert result.blocked_by is None
    assert match.state.turn == offender
    state = match.next_hand().state
    assert state.turn == leader
    assert lead_any_tile(state)
    # in partnership: seat 1 passes holding 1-3, and seat 2 (the next winning seat) leads
    pairs = Ruleset(
        max_pip=3,
        players=4,
        hand_size=2,
        partnership=True,
        faults=FaultMode.TOLERANT,
        next_lead=NextLead.WINNER,
    )
    deal = Deal(
        hands=[["3-3", "0-2"], ["1-1", "1-3"], ["2-2", "2-3"], ["0-1", "1-2"]],
        boneyard=["0-0", "0-3"],
    )
    match = play(Match.start(pairs, seed=5, deal=deal), "3-3 pass")
    assert match.results[-1].winners == (0, 2)
    assert match.next_hand().state.turn == 2


def test_match_3_after_a_false_block_the_seat_that_completed_the_round_counts() -> None:
    # draw one then pass, penalty points: seat 1 (three tiles that fit 3-3) passes, seat 2
    # draws the last tile, 0-2, and passes, which opens the round; seat 0 confirms and seat 1
    # completes it with a second false pass. Seats 0 and 2 win; seat 0 laid the last (only)
    # tile, but the count starts at seat 1, so seat 2 leads.
    rules = attrs.evolve(
        FAULTY, hand_size=3, drawing=DrawRule.ONE_THEN_PASS, fault_penalty=FaultPenalty.POINTS
    )
    deal = Deal(
        hands=[["3-3", "0-0", "1-1"], ["0-3", "1-3", "2-3"], ["2-2", "1-2", "0-1"]],
        boneyard=["0-2"],
    )
    match = play(Match.start(rules, seed=5, deal=deal), "3-3 pass draw pass pass pass")
    result = match.results[-1]
    assert result.ending is Ending.FALSE_BLOCK
    assert result.winners == (0, 2)
    assert result.points == (60, 0, 60)
    assert result.blocked_by is None
    assert match.state.turn == 1
    assert match.next_hand().state.turn == 2
    # the false block of FAULT-5: seat 2's pass completes the round and seat 2 won, so it leads
    rules = attrs.evolve(FAULTY, fault_penalty=FaultPenalty.POINTS)
    moves = "3-3 draw draw 0-3:L 1-3:R draw 0-2:L 0-1:R draw 2-3:L pass pass pass"
    match = play(Match.start(rules, seed=5, deal=DEAL_FAULTY), moves)
    assert match.results[-1].ending is Ending.FALSE_BLOCK
    assert match.results[-1].winners == (0, 2)
    assert match.state.turn == 2
    assert match.next_hand().state.turn == 2


# Seat 0 leads 1-4; the hand ends with both ends on 5 and every 5 on the table.
MOVES_15_17 = (
    "1-4 1-2:L 2-4:R 2-3:R 2-2:L 0-3:R 0-5:R 2-5:R 2-6:R 6-6:R 5-6:R 0-2:L 0-0:L 5-5:R "
    "4-5:R 4-6:R 1-6:R 0-6:L 1-5:R pass 3-6:L 3-5:L pass pass pass pass"
)


# ---------------------------------------------------------------- MATCH-4
def _after_tie(rules: Ruleset) -> HandState:
    match = play(with_hand(Match.start(rules, seed=5), DEAL_TIE), MOVES_TIE)
    result = match.results[-1]
    assert result.is_draw
    assert result.pips == (21, 21)
    assert match.scores == (0, 0)
    return match.next_hand().state


def test_match_4_drawn_hand_next_player_leads_by_default() -> None:
    state = _after_tie(Ruleset.block())
    assert state.turn == 1
    assert lead_any_tile(state)


def test_match_4_same_leader() -> None:
    state = _after_tie(Ruleset.block(drawn_lead=DrawnLead.SAME_LEADER))
    assert state.turn == 0
    assert lead_any_tile(state)


def test_match_4_opening_rule() -> None:
    rules = Ruleset.block(drawn_lead=DrawnLead.OPENING_RULE)
    state = _after_tie(rules)
    assert state.rules == rules
    doubles = [(t, seat) for seat in (0, 1) for t in state.hand(seat) if t.is_double]
    highest, holder = max(doubles)
    assert state.turn == holder
    assert state.legal_moves() == (Play(tile=highest),)


def test_match_4_drawn_lead_applies_whatever_next_lead_says() -> None:
    rules = Ruleset.block(next_lead=NextLead.WINNER)
    assert _after_tie(rules).turn == 1
    rules = Ruleset.block(next_lead=NextLead.OPENING_RULE, drawn_lead=DrawnLead.SAME_LEADER)
    state = _after_tie(rules)
    assert state.turn == 0
    assert lead_any_tile(state)


@pytest.mark.parametrize("drawn_lead", list(DrawnLead))
def test_match_4_tie_2_forces_the_next_player(drawn_lead: DrawnLead) -> None:
    rules = Ruleset.block(block_tie=BlockTie.NO_SCORE_NEXT_LEADS, drawn_lead=drawn_lead)
    state = _after_tie(rules)
    assert state.turn == 1
    assert lead_any_tile(state)


# ---------------------------------------------------------------- the finished hands
def test_match_keeps_the_final_state_of_every_finished_hand() -> None:
    match = Match.start(Ruleset.block(target=50), seed=4)
    assert match.hands == ()
    seen: list[HandState] = []
    while not match.is_over:
        if match.state.is_over:
            before = match
            match = match.next_hand()
            seen.append(before.state)
            # the finished hand is kept as it was, and the tuple is extended, not copied
            assert match.hands[-1] is before.state
            assert all(a is b for a, b in zip(match.hands, before.hands, strict=False))
        match = match.apply(match.state.legal_moves()[0])
        assert len(match.hands) == match.hand_number
    assert list(match.hands) == seen
    assert [hand.result for hand in (*match.hands, match.state)] == list(match.results)
    assert all(hand.is_over and hand.history for hand in match.hands)
    # apply changes the current hand only
    assert match.hands == attrs.evolve(match, state=match.state).hands


# ---------------------------------------------------------------- MATCH-5
def test_match_5_same_seed_and_moves_same_match() -> None:
    rules = Ruleset.block(3, target=40)
    first = play_out(Match.start(rules, seed=99), lambda moves: moves[0])
    again = play_out(Match.start(rules, seed=99), lambda moves: moves[0])
    assert first == again
    assert first.results == again.results
    assert first.scores == again.scores
    assert first.state.history == again.state.history


def test_match_5_hand_k_is_dealt_from_hand_seed() -> None:
    assert hand_seed(2024, 3) == "dominoes-match:2024:3"
    rules = Ruleset.draw(2)
    match = Match.start(rules, seed=2024)
    for k in range(4):
        assert match.hand_number == k
        state = match.state
        deal = Deal.random(state.rules, rng=random.Random(hand_seed(2024, k)))
        assert state == HandState.start(state.rules, deal)
        assert state.boneyard == deal.boneyard
        while not match.state.is_over:
            match = match.apply(match.state.legal_moves()[-1])
        match = match.next_hand()


def test_match_5_deals_do_not_depend_on_the_play() -> None:
    rules = Ruleset.block()
    first = Match.start(rules, seed=7)
    last = first
    while not first.state.is_over:
        first = first.apply(first.state.legal_moves()[0])
    while not last.state.is_over:
        last = last.apply(last.state.legal_moves()[-1])
    assert first.state.history != last.state.history
    assert first.next_hand().state.hands == last.next_hand().state.hands
    assert Match.start(rules, seed=8).state.hands != Match.start(rules, seed=7).state.hands


@pytest.mark.parametrize("seed", ["1", 1.0, True, None])
def test_match_5_seed_must_be_an_int(seed: object) -> None:
    with pytest.raises(TypeError, match="seed must be an int"):
        Match.start(Ruleset.block(), seed=seed)  # type: ignore[arg-type]


# ---------------------------------------------------------------- MATCH-6
def test_match_6_lowest_total_wins() -> None:
    rules = Ruleset(max_pip=3, players=3, hand_size=2, scoring=Scoring.PENALTY, hands_limit=1)
    deal = Deal(
        hands=[["3-3", "2-3"], ["1-1", "1-3"], ["0-1", "2-2"]],
        boneyard=["0-0", "0-2", "1-2", "0-3"],
    )
    match = play(with_hand(Match.start(rules, seed=0), deal), "3-3 1-3:R 0-1:R 2-3:L")
    # seat 0 went out; seat 1 keeps 1-1 (2), seat 2 keeps 2-2 (4)
    assert match.results[-1].points == (0, 2, 4)
    assert match.scores == (0, 2, 4)
    assert match.is_over
    assert match.winner == (0,)


def test_match_6_target_ends_the_match_lowest_wins() -> None:
    rules = Ruleset.block(scoring=Scoring.PENALTY, target=20)
    match = Match(rules=rules, seed=0, state=HandState.start(rules, DEAL_B), scores=(8, 4))
    match = play(match, MOVES_B)
    # seat 1 keeps 15 penalty points: 4 + 15 = 19, not yet 20
    assert match.scores == (8, 19)
    assert not match.is_over
    match = Match(rules=rules, seed=0, state=HandState.start(rules, DEAL_B), scores=(8, 5))
    match = play(match, MOVES_B)
    assert match.scores == (8, 20)
    assert match.is_over
    assert match.winner == (0,)


def test_match_6_partnership_penalty_scores_are_side_totals() -> None:
    rules = Ruleset(
        max_pip=3, players=4, hand_size=2, partnership=True, scoring=Scoring.PENALTY, hands_limit=1
    )
    deal = Deal(
        hands=[["3-3", "0-2"], ["1-1", "1-3"], ["2-2", "2-3"], ["0-1", "1-2"]],
        boneyard=["0-0", "0-3"],
    )
    match = play(with_hand(Match.start(rules, seed=0), deal), "3-3 1-3:R 2-3:L 1-2:R 0-2:L")
    result = match.results[-1]
    # seat 0 went out; seat 2 keeps 2-2 (4): side 0+2 holds 4 penalty pips;
    # seat 1 keeps 1-1 (2) and seat 3 keeps 0-1 (1): side 1+3 holds 3 and wins
    assert result.pips == (0, 2, 4, 1)
    assert result.points == (4, 3, 4, 3)
    assert match.scores == (4, 3, 4, 3)
    assert match.winner == (1, 3)


# ---------------------------------------------------------------- conceding (CONCEDE-1, -2)
def test_concede_1_in_a_match_the_points_are_added_and_the_match_goes_on() -> None:
    match = play(with_hand(Match.start(Ruleset.block(), seed=5), DEAL_C), "6-6")
    conceded = match.concede(1)  # seat 1 gives up the hand while it is to move
    result = conceded.results[-1]
    assert result.ending is Ending.CONCEDED
    assert result.conceded_by == 1
    assert result == conceded.state.result
    assert conceded.scores == result.points == (27 + 11, 0)  # seat 1 still holds 5-6
    assert conceded.conceded_by is None
    assert not conceded.is_over
    assert conceded.winner is None
    assert conceded.next_hand().hand_number == 1
    assert conceded.hand_number == 0
    with pytest.raises(IllegalMoveError) as info:
        conceded.concede(0)  # the hand is over: only the match can be conceded now
    assert info.value.reason is IllegalMoveReason.HAND_OVER


def test_concede_1_a_conceded_hand_can_end_the_match() -> None:
    match = Match(
        rules=Ruleset.block(),
        seed=0,
        state=HandState.start(Ruleset.block(), DEAL_C),
        scores=(70, 90),
    )
    match = play(match, "6-6").concede(1)
    assert match.scores == (108, 90)
    assert match.is_over
    assert match.winner == (0,)
    assert match.conceded_by is None


def test_concede_2_the_match_is_over_at_once_and_the_other_side_wins() -> None:
    rules = Ruleset.block()
    match = Match(rules=rules, seed=0, state=HandState.start(rules, DEAL_C), scores=(20, 95))
    match = play(match, "6-6")
    # seat 1 leads on points but leaves: the unfinished hand ends conceded first
    done = match.concede(1, match=True)
    assert done.conceded_by == 1
    assert done.results[-1].ending is Ending.CONCEDED
    assert done.scores == (58, 95)
    assert done.is_over
    assert done.winner == (0,)
    with pytest.raises(MatchError, match="the match is over"):
        done.next_hand()
    with pytest.raises(MatchError, match="the match is over"):
        done.concede(0, match=True)
    with pytest.raises(MatchError, match="the match is over"):
        done.concede(0)
    with pytest.raises(IllegalMoveError) as info:
        done.apply(PASS)
    assert info.value.reason is IllegalMoveReason.HAND_OVER


def test_concede_2_between_hands_no_hand_is_conceded() -> None:
    match = play(with_hand(Match.start(Ruleset.block(), seed=5), DEAL_B), MOVES_B)
    assert match.state.is_over
    assert match.scores == (15, 0)
    done = match.concede(0, match=True)  # seat 0 is ahead, and leaves between hands
    assert done.results == match.results
    assert done.state is match.state
    assert done.scores == (15, 0)
    assert done.is_over
    assert done.winner == (1,)
    assert done == attrs.evolve(match, conceded_by=0)


def test_concede_2_partnership_the_opposing_side_wins() -> None:
    rules = Ruleset.block(4, partnership=True)
    match = with_hand(Match.start(rules, seed=0), DEAL_E)
    done = match.concede(3, match=True)
    result = done.results[-1]
    assert result.winners == (0, 2)
    assert done.winner == (0, 2)
    assert done.scores == result.points


@pytest.mark.parametrize(
    ("scores", "winner"),
    [
        ((10, 40, 30), (1,)),  # the best of the others, seat 1
        ((50, 20, 30), (2,)),  # the conceding seat's own score does not count
        ((50, 30, 30), None),  # the others are level: no winner, as in MATCH-1
    ],
)
def test_concede_2_three_sides_the_best_score_among_the_others(
    scores: tuple[int, int, int], winner: tuple[int, ...] | None
) -> None:
    rules = THREE
    state = play(Match.start(rules, seed=2, deal=DEAL_3), MOVES_3).state  # a finished hand
    match = Match(rules=rules, seed=2, state=state, scores=scores)
    assert not match.is_over
    done = match.concede(0, match=True)
    assert done.winner == winner
    penalty = attrs.evolve(rules, scoring=Scoring.PENALTY)
    lowest = Match(rules=penalty, seed=2, state=state, scores=scores).concede(0, match=True)
    others = {s: p for s, p in enumerate(scores) if s != 0}
    best = [s for s, p in others.items() if p == min(others.values())]
    assert lowest.winner == (tuple(best) if len(best) == 1 else None)


def test_concede_2_refusals() -> None:
    match = Match.start(Ruleset.block(), seed=0)
    for seat in (2, -1, "1", True):
        with pytest.raises(IllegalMoveError, match="there is no such seat") as info:
            match.concede(seat, match=True)  # type: ignore[arg-type]
        assert info.value.reason is IllegalMoveReason.NO_SUCH_SEAT
        assert info.value.seat == seat
        assert info.value.state is match.state
    with pytest.raises(ArgumentTypeError, match="match must be True or False") as bad:
        match.concede(0, match=1)  # type: ignore[arg-type]
    assert bad.value.argument == "match"


# -------------------------------------------- who leads after a conceded hand (MATCH-2..4)
def test_match_2_a_hand_conceded_before_its_lead_counts_the_seat_to_lead() -> None:
    rules = Ruleset.block()
    match = with_hand(Match.start(rules, seed=5), DEAL_C)
    assert match.state.turn == 0  # seat 0 holds 6-6 and is to lead
    # whoever concedes, seat 0 counts as the leader: seat 1 leads the next hand
    for seat in (0, 1):
        conceded = match.concede(seat)
        assert conceded.state.history == ()
        assert conceded.state.turn == seat
        assert conceded.next_hand().state.turn == 1
    # after the lead, the seat that laid it
    assert play(match, "6-6").concede(1).next_hand().state.turn == 1


def test_match_2_under_lead_5_the_first_seat_to_draw_counts() -> None:
    rules = Ruleset.draw(3, no_double=NoDoubleRule.DRAW_FOR_DOUBLE, opening_seat=1)
    deal = Deal(
        hands=[["0-1", "0-2"], ["0-3", "1-2"], ["1-3", "2-3"]],
        boneyard=["0-0", "1-1", "2-2", "3-3"],
    )
    three = attrs.evolve(rules, max_pip=3, hand_size=2)
    match = Match.start(three, seed=1, deal=deal)
    assert match.state.turn == 1  # nobody holds a double: seat 1 draws first
    for moves, conceder in (("", 0), ("draw", 2)):
        # seat 1 draws 0-0 (a double) with the first draw; concede before it is led
        conceded = play(match, moves).concede(conceder)
        assert not any(isinstance(step.move, Play) for step in conceded.state.history)
        assert conceded.next_hand().state.turn == 2


@pytest.mark.parametrize("scoring", list(ConcedeScoring))
def test_match_3_after_a_concession_the_first_winning_seat_after_the_conceder_leads(
    scoring: ConcedeScoring,
) -> None:
    rules = Ruleset.block(3, next_lead=NextLead.WINNER, concede_scoring=scoring, target=500)
    match = Match.start(rules, seed=4)
    for conceder in range(3):
        conceded = match.concede(conceder)
        winners = conceded.results[-1].winners
        first = next((conceder + k) % 3 for k in range(1, 3) if (conceder + k) % 3 in winners)
        assert conceded.next_hand().state.turn == first == (conceder + 1) % 3
        assert lead_any_tile(conceded.next_hand().state)
    # in partnership the next opponent of the conceding seat leads
    pairs = Ruleset.block(4, partnership=True, next_lead=NextLead.WINNER)
    match = with_hand(Match.start(pairs, seed=0), DEAL_E)
    assert match.concede(2).next_hand().state.turn == 3
    assert match.concede(3).next_hand().state.turn == 0


@pytest.mark.parametrize("drawn_lead", list(DrawnLead))
def test_match_4_a_conceded_hand_always_has_a_winner(drawn_lead: DrawnLead) -> None:
    rules = Ruleset.block(drawn_lead=drawn_lead, concede_scoring=ConcedeScoring.POINTS)
    match = with_hand(Match.start(rules, seed=5), DEAL_C)
    conceded = match.concede(1)
    assert conceded.results[-1].winners == (0,)
    assert conceded.results[-1].points == (0, 0)  # concede_points is 0: no points, a winner
    assert conceded.next_hand().state.turn == 1  # MATCH-2 rotation, not drawn_lead


# ---------------------------------------------------------------- MATCH-7: points on play
# A game that scores on play (rules PLAY-1 to PLAY-3) adds a play's points to the match
# scores as the play is made, and the match ends as soon as a side reaches the target,
# in the middle of a hand.

FIVES_TO_10 = Ruleset.block(
    spinner=SpinnerRule.FIRST_DOUBLE, play_scoring=PlayScoring.FIVES, target=10
)
# Seat 0 holds 5-5, the highest double dealt (6-6, 4-4 and 3-3 sleep): it leads it, and
# the lone double counts 10 (COUNT-3), a score of 10 (PLAY-1).
DEAL_FIVES = Deal(
    hands=[
        ["5-5", "0-1", "0-2", "0-3", "1-2", "1-3", "2-3"],
        ["0-4", "1-4", "2-4", "3-4", "0-0", "1-1", "2-2"],
    ],
    boneyard=[
        "6-6", "4-4", "3-3", "0-5", "1-5", "2-5", "3-5",
        "4-5", "0-6", "1-6", "2-6", "3-6", "4-6", "5-6",
    ],
)  # fmt: skip


def test_match_7_play_points_reach_the_target_in_the_middle_of_a_hand() -> None:
    match = Match.start(FIVES_TO_10, deal=DEAL_FIVES)
    assert not match.is_over
    match = match.apply(parse_move("5-5"))
    assert match.state.history[-1].points == 10
    assert not match.state.is_over  # the hand is not over, the match is
    assert match.scores == (10, 0)
    assert match.is_over
    assert match.winner == (0,)
    with pytest.raises(MatchError, match="the match is over"):
        match.apply(match.state.legal_moves()[0])
    with pytest.raises(MatchError):
        match.next_hand()


def test_match_7_play_points_count_as_they_are_made_and_the_hand_adds_its_end_points() -> None:
    rules = attrs.evolve(FIVES_TO_10, target=500)
    match = Match.start(rules, deal=DEAL_FIVES).apply(parse_move("5-5"))
    assert match.scores == (10, 0)
    assert not match.is_over
    rng = random.Random(5)
    while not match.state.is_over:
        legal = match.state.legal_moves()
        match = match.apply(legal[rng.randrange(len(legal))])
        assert match.scores == match.state.play_points or match.state.is_over
    result = match.results[-1]
    assert result.play_points == match.state.play_points
    assert match.scores == result.points
    assert result.points == tuple(
        e + p for e, p in zip(result.end_points, result.play_points, strict=True)
    )


def test_match_7_a_game_without_play_points_ends_only_between_hands() -> None:
    match = Match.start(Ruleset.block(target=1), deal=DEAL_FIVES).apply(parse_move("5-5"))
    assert match.scores == (0, 0)
    assert not match.is_over
    assert match.state.play_points == (0, 0)


def test_match_7_a_conceded_hand_adds_its_end_points_once() -> None:
    # the lead's 10 is credited as it is made; the concession adds the end points only
    # (it added the hand's points, play points included, a second time)
    rules = attrs.evolve(FIVES_TO_10, target=500)
    match = Match.start(rules, deal=DEAL_FIVES).apply(parse_move("5-5"))
    assert match.scores == (10, 0)
    conceded = match.concede(1)
    result = conceded.results[-1]
    assert result.play_points == (10, 0)
    assert result.end_points == (28, 0)  # seat 1's pips (CONCEDE-1: as a domino)
    assert conceded.scores == result.points == (38, 0)
