"""End-of-hand and match-target rules of the fives family: POINTS-7 (fixed end points),
PART-3 (both partners out), MATCH-8 (a first score's minimum), MATCH-9 (an exact target,
overshoot discarded) and MATCH-10 (Bergen's caps near the target); docs/rules/points.md
and docs/rules/match.md.

The four-seat hand below is worked by hand under the fives-and-threes preset (no
drawing, fives and threes score on play, chip-out point 1, both partners out):

    4-5        seat 0 leads: count 9, scores 3
    pass       seat 1 (0-0, 6-6) has no 4 or 5
    5-6:R      seat 2: 4 + 6 = 10, scores 2
    3-4:L      seat 3: 3 + 6 = 9, scores 3
    3-6:L      seat 0: 6 + 6 = 12, scores 4; seat 0 is out, seat 2 still holds 1-2
    6-6:L      seat 1: 12 + 6 = 18, scores 6
    pass       seat 2 (1-2) has no 6
    1-6:R      seat 3: 12 + 1 = 13, scores nothing; seat 3 is out, seat 1 holds 0-0
    pass       seat 0 is out: it passes
    pass       seat 1 (0-0) has no 6 or 1
    1-2:R      seat 2: 12 + 2 = 14, nothing; both of 0+2 are out: 1 chip-out point
"""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dominoes import (
    BlockDetection,
    Deal,
    DrawRule,
    Ending,
    HandState,
    Match,
    NearTargetCap,
    PartnershipOut,
    Phase,
    PlayScoring,
    Ruleset,
    RulesetError,
    Scoring,
    TargetExact,
    Tile,
    TileSet,
)
from dominoes.errors import ArgumentTypeError, ArgumentValueError
from dominoes.notation import parse_move
from dominoes.records import HandRecord, MatchRecord, dumps, loads
from dominoes.rules import BlockTie
from dominoes.scoring import credit, score_hand
from strategies import SEEDS, SETTINGS


def deal(*hands: list[str]) -> Deal:
    """The hands given; the other tiles of the double-six set aside, in order."""
    held = {Tile.parse(t) for hand in hands for t in hand}
    rest = [t for t in TileSet.double(6).tiles if t not in held]
    return Deal(hands=list(hands), boneyard=rest)


def play(match: Match, moves: str) -> Match:
    """``match`` after ``moves``, written as the engine prints them."""
    for text in moves.split():
        match = match.apply(parse_move(text))
    return match


PUB = Ruleset.preset("fives-and-threes", players=4, partnership=True, hand_size=2)
PUB_DEAL = deal(["4-5", "3-6"], ["0-0", "6-6"], ["5-6", "1-2"], ["3-4", "1-6"])
PUB_MOVES = "4-5 pass 5-6:R 3-4:L 3-6:L 6-6:L pass 1-6:R"  # then: pass pass 1-2:R
# seat 2 holds 0-2 instead of 1-2: nobody can play after 1-6:R, and the hand blocks
STUCK_DEAL = deal(["4-5", "3-6"], ["0-0", "6-6"], ["5-6", "0-2"], ["3-4", "1-6"])


# ---------------------------------------------------------------- POINTS-7
def test_points_7_fixed_points_for_a_domino_or_a_block() -> None:
    bergen = Ruleset.block(scoring=Scoring.FIXED, fixed_points=2)
    domino = score_hand(bergen, [0, 9], domino_seat=0)
    assert (domino.winners, domino.points) == ((0,), (2, 0))
    blocked = score_hand(bergen, [12, 3])  # the lighter hand wins the block, and 2
    assert (blocked.ending, blocked.winners, blocked.points) == (Ending.BLOCKED, (1,), (0, 2))
    split = attrs.evolve(bergen, block_tie=BlockTie.SPLIT)
    assert score_hand(split, [4, 4]).points == (1, 1)  # the 2 shared
    assert score_hand(bergen, [4, 4]).points == (0, 0)  # a drawn hand: nobody scores


def test_points_7_fixed_domino_chip_out_point_and_nothing_for_a_block() -> None:
    threes = Ruleset.block(scoring=Scoring.FIXED_DOMINO, fixed_points=1)
    assert score_hand(threes, [0, 30], domino_seat=0).points == (1, 0)
    blocked = score_hand(threes, [2, 30])
    assert (blocked.winners, blocked.points) == ((0,), (0, 0))


def test_points_7_fixed_points_are_given_exactly_with_fixed_scoring() -> None:
    with pytest.raises(RulesetError, match="fixed_points") as caught:
        Ruleset.block(scoring=Scoring.FIXED)
    assert caught.value.fields == ("fixed_points", "scoring")
    with pytest.raises(RulesetError, match="fixed_points"):
        Ruleset.block(fixed_points=2)
    pips: list[tuple[str, Any]] = [("round_to", 5), ("stock_pips", True)]
    for name, value in pips:
        with pytest.raises(RulesetError, match=f"{name} counts pips") as caught:
            Ruleset.draw(scoring=Scoring.FIXED, fixed_points=2, **{name: value})
        assert caught.value.fields == (name, "scoring")


# ---------------------------------------------------------------- PART-3
def test_part_3_play_goes_on_until_both_partners_are_out() -> None:
    state = HandState.start(PUB, PUB_DEAL).apply_all(PUB_MOVES)
    assert [step.points for step in state.history] == [3, 0, 2, 3, 4, 6, 0, 0]
    assert state.hand_sizes == (0, 1, 1, 0)  # one of each side out, and play goes on
    assert not state.is_over
    assert state.turn == 0
    assert [str(move) for move in state.legal_moves()] == ["pass"]  # seat 0 is out
    state = state.apply_all("pass pass 1-2:R")
    result = state.result
    assert result is not None
    assert (result.ending, result.domino_seat, result.winners) == (Ending.DOMINO, 2, (0, 2))
    assert result.play_points == (9, 9, 9, 9)
    assert result.end_points == (1, 0, 1, 0)  # the chip-out point, to the side out


def test_part_3_the_hand_can_block_with_two_players_holding_tiles() -> None:
    state = HandState.start(PUB, STUCK_DEAL).apply_all(PUB_MOVES)
    state = state.apply_all("pass pass pass pass")  # the two out seats pass in the round
    result = state.result
    assert result is not None
    assert result.ending is Ending.BLOCKED
    assert result.verification is not None
    assert result.verification.confirmed == (0, 1, 2, 3)
    assert result.winners == (1, 3)  # 0 pips against 2
    assert result.end_points == (0, 0, 0, 0)  # a blocked hand gives no chip-out point
    # DETECT-1 sees it at once: the seats that are out hold nothing that fits
    at_once = attrs.evolve(PUB, block_detection=BlockDetection.IMMEDIATE)
    stuck = HandState.start(at_once, STUCK_DEAL).apply_all(PUB_MOVES)
    assert stuck.result is not None
    assert (stuck.result.ending, stuck.result.winners) == (Ending.BLOCKED, (1, 3))
    # one move earlier seat 3 still held 1-6, which fits
    before = HandState.start(at_once, STUCK_DEAL).apply_all(PUB_MOVES.rsplit(" ", 1)[0])
    assert not before.is_over


def test_part_3_the_first_player_out_ends_the_hand_by_default() -> None:
    first = attrs.evolve(PUB, partnership_out=PartnershipOut.FIRST_PLAYER)
    state = HandState.start(first, PUB_DEAL).apply_all("4-5 pass 5-6:R 3-4:L 3-6:L")
    result = state.result
    assert result is not None
    assert (result.ending, result.domino_seat, result.end_points) == (
        Ending.DOMINO,
        0,
        (1, 0, 1, 0),
    )


def test_part_3_random_hands_end_only_when_a_side_is_out_or_blocked() -> None:
    rules = Ruleset.preset("fives-and-threes", players=4, partnership=True, hand_size=5)
    for seed in range(30):
        state = HandState.start(rules, Deal.random(rules, seed=seed))
        while not state.is_over:
            moves = state.legal_moves()
            if not state.hand(state.turn):
                assert [str(m) for m in moves] == ["pass"]
            state = state.apply(moves[seed % len(moves)])
        result = state.result
        assert result is not None
        out = [not state.hand(seat) for seat in range(4)]
        if result.ending is Ending.DOMINO:
            assert result.domino_seat is not None
            assert all(out[s] for s in rules.team_of(result.domino_seat))
            assert not all(out[s] for s in rules.team_of((result.domino_seat + 1) % 4))
        else:
            assert not any(all(out[s] for s in team) for team in rules.teams)


def test_part_3_positions_and_records_round_trip_with_a_seat_out() -> None:
    state = HandState.start(PUB, PUB_DEAL).apply_all(PUB_MOVES)
    again = HandState.from_position(state.position(), PUB)
    assert again == state
    assert again.apply_all("pass pass 1-2:R").result == state.apply_all("pass pass 1-2:R").result
    done = state.apply_all("pass pass 1-2:R")
    record = loads(dumps(HandRecord.from_state(done)))
    assert isinstance(record, HandRecord)
    assert record.final == done


def test_part_3_both_partners_out_is_refused_where_it_cannot_apply() -> None:
    with pytest.raises(RulesetError, match="partnership_out BOTH_PARTNERS needs a layout"):
        Ruleset.block(4, partnership=True, partnership_out=PartnershipOut.BOTH_PARTNERS)
    with pytest.raises(RulesetError, match="without drawing") as caught:
        Ruleset.draw(
            4,
            partnership=True,
            hand_size=5,
            play_scoring=PlayScoring.FIVES,
            partnership_out=PartnershipOut.BOTH_PARTNERS,
        )
    assert caught.value.fields == ("partnership_out", "drawing")
    # without partnerships each side is one player: the option changes nothing
    solo = Ruleset.preset("fives-and-threes")
    assert solo.partnership_out is PartnershipOut.BOTH_PARTNERS
    assert solo.drawing is DrawRule.NONE


# ---------------------------------------------------------------- MATCH-8
def test_match_8_a_first_score_below_the_minimum_counts_nothing() -> None:
    rules = Ruleset.preset("all-fives", first_score_min=10)
    hands = (
        ["0-5", "1-1", "2-2", "3-3", "4-4", "6-6", "0-0"],
        ["5-5", "1-2", "1-3", "1-4", "2-3", "2-4", "3-4"],
    )
    match = Match.start(rules, deal=deal(*hands))
    match = play(match, "0-5")  # count 5: the table gives 5, a first score below 10
    assert match.state.history[-1].points == 5
    assert match.scores == (0, 0)
    match = play(match, "5-5:R")  # the spinner: 0 + 10
    assert match.scores == (0, 10)
    match = play(match, "0-0:L")  # 0 + 10: seat 0's first score that counts
    assert match.scores == (10, 10)
    assert match.state.play_points == (15, 10)  # the hand keeps what the table gave


def test_match_8_the_minimum_applies_to_the_first_score_only() -> None:
    rules = Ruleset.preset("all-fives", first_score_min=10)
    assert [credit(rules, 0, play=p) for p in (5, 10, 15)] == [0, 10, 15]
    assert credit(rules, 10, play=5) == 5
    assert credit(rules, 0, play=5, end=5) == 10  # a play that ends the hand: one score
    assert credit(Ruleset.preset("all-fives"), 0, play=5) == 5


# ---------------------------------------------------------------- MATCH-9
def test_match_9_a_score_past_the_target_counts_nothing() -> None:
    start = HandState.start(PUB, PUB_DEAL)
    match = Match(rules=PUB, seed=0, state=start, scores=(57, 50, 57, 50))
    match = play(match, "4-5")  # 3: 60
    assert match.scores == (60, 50, 60, 50)
    match = play(match, "pass 5-6:R")  # 2 would make 62: discarded
    assert match.scores == (60, 50, 60, 50)
    match = play(match, "3-4:L 3-6:L 6-6:L pass 1-6:R pass pass")
    assert match.scores == (60, 59, 60, 59)  # 3 and 6 for seats 1 and 3
    assert not match.is_over
    match = play(match, "1-2:R")  # nothing on play, and the chip-out point: 61 exactly
    assert match.scores == (61, 59, 61, 59)
    assert match.credited == ((4, 9, 4, 9),)  # of the table's 10 and 9
    assert match.is_over
    assert match.winner == (0, 2)


def test_match_9_the_chip_out_point_counts_with_the_final_play() -> None:
    exact = Ruleset.block(
        target=61, play_scoring=PlayScoring.FIVES, target_exact=TargetExact.DISCARD_OVERSHOOT
    )
    assert credit(exact, 58, play=3) == 3
    assert credit(exact, 58, play=2, end=1) == 3
    assert credit(exact, 58, play=3, end=1) == 0  # 62: the play's 3 is lost as well
    assert credit(exact, 60, end=1) == 1
    assert credit(exact, 61, play=0) == 0
    plain = attrs.evolve(exact, target_exact=TargetExact.NONE)
    assert credit(plain, 58, play=3, end=1) == 4


# ---------------------------------------------------------------- MATCH-10
def test_match_10_near_the_target_a_play_scores_at_most_2_then_1() -> None:
    capped = attrs.evolve(
        PUB, target=15, near_target_cap=NearTargetCap.BERGEN, target_exact=TargetExact.NONE
    )
    match = Match(
        rules=capped, seed=0, state=HandState.start(capped, PUB_DEAL), scores=(12, 0, 12, 0)
    )
    match = play(match, "4-5")  # 3, but 12 is within 3 of 15: 2
    assert match.state.history[-1].points == 3
    assert match.scores == (14, 0, 14, 0)
    match = play(match, "pass 5-6:R")  # 2, but 14 is within 2: 1
    assert match.scores == (15, 0, 15, 0)
    assert match.is_over
    assert match.winner == (0, 2)


def test_match_10_the_caps_by_distance_and_not_on_end_points() -> None:
    rules = attrs.evolve(PUB, target=15, near_target_cap=NearTargetCap.BERGEN)
    assert [credit(rules, score, play=3) for score in (11, 12, 13, 14)] == [3, 2, 1, 1]
    assert credit(rules, 13, end=2) == 2  # the end of a hand is not a header


def test_match_8_to_10_are_refused_where_they_cannot_apply() -> None:
    options: list[dict[str, Any]] = [
        {"first_score_min": 10},
        {"target_exact": TargetExact.DISCARD_OVERSHOOT},
    ]
    for option in options:
        (name,) = option
        with pytest.raises(RulesetError, match=name) as caught:
            Ruleset.block(scoring=Scoring.PENALTY, **option)
        assert caught.value.fields == (name, "scoring")
    with pytest.raises(RulesetError, match="near_target_cap BERGEN") as caught:
        Ruleset.block(near_target_cap=NearTargetCap.BERGEN)
    assert caught.value.fields == ("near_target_cap", "play_scoring")


def test_match_8_to_10_credit_validates_its_arguments() -> None:
    rules = Ruleset.block()
    with pytest.raises(ArgumentTypeError, match="rules must be a Ruleset"):
        credit("block", 0, play=1)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="play must be an int"):
        credit(rules, 0, play=1.5)  # type: ignore[arg-type]
    with pytest.raises(ArgumentValueError, match="end must be from 0"):
        credit(rules, 0, end=-1)


def test_match_8_to_10_a_hand_alone_keeps_what_the_table_gives() -> None:
    rules = attrs.evolve(PUB, first_score_min=10, target=5)
    state = HandState.start(rules, PUB_DEAL).apply_all(PUB_MOVES + " pass pass 1-2:R")
    result = state.result
    assert result is not None
    assert result.points == (10, 9, 10, 9)  # past the target, below the minimum: as given
    assert state.phase is Phase.OVER


def test_match_8_a_match_record_replays_to_the_credited_scores() -> None:
    rules = attrs.evolve(PUB, first_score_min=4)
    match = Match.start(rules, deal=PUB_DEAL)
    match = play(match, PUB_MOVES + " pass pass 1-2:R")
    # side 0: 3 and 2 are below 4 and lost, then 4, then the chip-out point; side 1: 3
    # is lost, then 6
    assert match.scores == (5, 6, 5, 6)
    assert match.results[-1].points == (10, 9, 10, 9)  # what the table gave
    assert match.credited == ((5, 6, 5, 6),)  # what the match credited, hand by hand
    record = loads(dumps(MatchRecord.from_match(match), format="json"))
    assert isinstance(record, MatchRecord)
    again = record.final
    assert again.scores == match.scores
    assert again.results == match.results
    assert again.credited == match.credited
    assert again == match


# ---------------------------------------------------------------- properties
POINTS = st.integers(min_value=0, max_value=40)
CREDIT_RULES = st.builds(
    lambda target, minimum, exact, cap: Ruleset.block(
        target=target,
        play_scoring=PlayScoring.FIVES_AND_THREES,
        first_score_min=minimum,
        target_exact=exact,
        near_target_cap=cap,
    ),
    st.sampled_from([10, 15, 61, 100]),
    st.sampled_from([0, 10]),
    st.sampled_from(TargetExact),
    st.sampled_from(NearTargetCap),
)


@settings(SETTINGS)
@given(rules=CREDIT_RULES, score=st.integers(min_value=0, max_value=100), play=POINTS, end=POINTS)
def test_match_8_to_10_credit_never_gives_more_and_never_passes_an_exact_target(
    rules: Ruleset, score: int, play: int, end: int
) -> None:
    got = credit(rules, score, play=play, end=end)
    assert 0 <= got <= play + end
    target = rules.match_target
    if rules.target_exact is TargetExact.DISCARD_OVERSHOOT and score <= target:
        assert score + got <= target
    if rules.near_target_cap is NearTargetCap.BERGEN and target - score <= 3:
        cap = 1 if target - score <= 2 else 2
        assert got == 0 or got - end <= cap  # the play's part, capped
    plain = attrs.evolve(
        rules,
        first_score_min=0,
        target_exact=TargetExact.NONE,
        near_target_cap=NearTargetCap.NONE,
    )
    assert credit(plain, score, play=play, end=end) == play + end


@settings(SETTINGS, max_examples=20)
@given(seed=SEEDS, partnership=st.booleans())
def test_match_9_a_fives_and_threes_match_ends_on_61_exactly(seed: int, partnership: bool) -> None:
    options: dict[str, Any] = {"players": 4, "partnership": True, "hand_size": 5}
    rules = Ruleset.preset("fives-and-threes", **(options if partnership else {}))
    rng = random.Random(seed)
    match = Match.start(rules, seed=seed)
    while not match.is_over:
        if match.state.is_over:
            match = match.next_hand()
        moves = match.state.legal_moves()
        match = match.apply(moves[rng.randrange(len(moves))])
        assert max(match.scores) <= 61
    assert max(match.scores) == 61
    assert match.winner is not None
    assert all(match.scores[s] == 61 for s in match.winner)


def test_match_8_to_10_the_new_fields_round_trip_through_records() -> None:
    rules = Ruleset.preset(
        "fives-and-threes",
        players=4,
        partnership=True,
        hand_size=5,
        scoring=Scoring.FIXED,
        fixed_points=2,
        first_score_min=10,
        target=15,
        target_exact=TargetExact.NONE,
        near_target_cap=NearTargetCap.BERGEN,
    )
    assert Ruleset.from_dict(rules.to_dict()) == rules
    record = HandRecord(rules=rules, seed=3, moves=[])
    text = dumps(record)
    assert 'near_target_cap = "bergen"' in text
    assert 'target_exact = "none"' in text  # differs from the preset's
    assert loads(text) == record
    assert loads(dumps(record, format="json")) == record


def test_match_8_to_10_credited_has_an_entry_per_hand() -> None:
    rules = Ruleset.preset("fives-and-threes", first_score_min=5)
    match = Match.start(rules, seed=1)
    assert match.credited == ((0, 0),)
    rng = random.Random(1)
    while len(match.results) < 3:
        if match.state.is_over:
            match = match.next_hand()
        moves = match.state.legal_moves()
        match = match.apply(moves[rng.randrange(len(moves))])
        assert len(match.credited) == len(match.hands) + 1
        assert tuple(map(sum, zip(*match.credited, strict=True))) == match.scores
    plain = Match(rules=rules, seed=0, state=match.state, hands=match.hands, scores=(3, 4))
    assert plain.credited == ((0, 0),) * 3  # left out: zeros for every hand
