"""Scenario tests for layouts with arms: LAYOUT-1, SPIN-1 to SPIN-4, COUNT-1 to COUNT-6,
PLAY-1 to PLAY-4 and HEADER-1 (docs/rules/spinner.md).

Every test builds a hand-made double-six deal (the tiles not named lie in the boneyard
in canonical order: 0-0, 0-1, 1-1, 0-2, ...), plays it move by move and checks what the
comments work out by hand. Moves are written as tokens that name the arm (``"6-6"`` for
the lead, ``"3-6:L"``, ``"5-6:U"``, ``"0-5:A4"``) and applied as `Play` values.

The end count shows in what a play scores, and `Layout.end_count` reads it. Under
`PlayScoring.FIVES` a play scores its count when that is a multiple of 5 and 0
otherwise, so the scenarios are built for counts that score, and a test that must tell
two counts apart plays the same moves under `PlayScoring.FIVES_AND_THREES` as well.
"""

from __future__ import annotations

import attrs
import pytest

from dominoes import (
    DRAW,
    PASS,
    Deal,
    End,
    Ending,
    HandState,
    IllegalMoveReason,
    Opening,
    Phase,
    Play,
    PlayScale,
    PlayScoring,
    Ruleset,
    RulesetError,
    SpinnerCount,
    SpinnerFill,
    SpinnerRule,
    Tile,
)
from dominoes.layout import header_points
from dominoes.scoring import play_points
from scenario import ALL_FIVES, dealt, refusal

MUGGINS = attrs.evolve(ALL_FIVES, spinner=SpinnerRule.NONE)
"""The same without a spinner: a line that scores on play."""


def move(text: str) -> Play:
    """The play a token names: ``6-6`` (the lead), ``3-6:L``, ``5-6:U``, ``0-5:A4``."""
    tile, _, end = text.partition(":")
    return Play(tile=Tile.parse(tile), end=End.from_token(end) if end else None)


def play(state: HandState, moves: str) -> HandState:
    """``state`` after the plays and passes of ``moves`` (tokens separated by spaces)."""
    for text in moves.split():
        state = state.apply(PASS if text == "pass" else DRAW if text == "draw" else move(text))
    return state


def scores(rules: Ruleset, deal: Deal, moves: str) -> list[int]:
    """What each move of ``moves`` scored, in order."""
    return [step.points for step in play(HandState.start(rules, deal), moves).history]


def arms(state: HandState) -> dict[str, tuple[str, bool]]:
    """Each arm of the layout by token: (its tiles as printed, whether it is open)."""
    return {
        arm.end.token: ("".join(f"[{a}|{b}]" for a, b in arm.tiles), arm.is_open)
        for arm in state.layout.arms
    }


# The worked deal of the page: seat 0 leads 6-6, seat 1 plays 3-6 on the left, seat 0
# 2-6 on the right (both long sides are covered: the short sides open), seat 1 5-6 up,
# seat 0 0-6 down; seat 0 goes out with 0-5 and seat 1 keeps 4-4.
DEAL_AF = dealt(["6-6", "2-6", "0-6", "0-5", "2-2"], ["3-6", "5-6", "3-3", "4-4", "1-5"])
MOVES_AF = "6-6 3-6:L 2-6:R 5-6:U 0-6:D 3-3:L 2-2:R 1-5:U 0-5:D"

# Seat 0 leads 6-4 (shown [4|6]); seat 1 plays 4-4 on the left, seat 0 2-4 beyond it,
# seat 1 6-6 on the right, seat 0 1-4 up, seat 1 3-6 beyond the 6-6.
DEAL_X = dealt(["4-6", "2-4", "1-4", "0-0", "0-1"], ["4-4", "6-6", "3-6", "1-1", "0-2"])
MOVES_X = "4-6 4-4:L 2-4:L 6-6:R"

# Sebastopol: four players, seven tiles each, no boneyard; seat 3 holds no six.
DEAL_SEB = Deal(
    hands=[
        ["6-6", "3-6", "0-6", "0-0", "0-1", "1-1", "0-2"],
        ["5-6", "2-6", "1-6", "1-2", "2-2", "0-3", "1-3"],
        ["4-6", "2-3", "3-3", "0-4", "1-4", "2-4", "3-4"],
        ["4-4", "0-5", "1-5", "2-5", "3-5", "4-5", "5-5"],
    ]
)
SEBASTOPOL = Ruleset.block(
    4, hand_size=7, spinner=SpinnerRule.LEAD_DOUBLE, spinner_fill=SpinnerFill.ALL_FOUR_FIRST
)

# Five Up: every double a spinner; 3-3 and then 5-5 are laid on the up arm.
DEAL_FIVE_UP = Deal(
    hands=[["6-6", "1-6", "3-3", "3-5", "0-0", "0-1"], ["2-6", "3-6", "0-6", "5-5", "0-5", "1-1"]],
    boneyard=[
        *("0-2", "1-2", "2-2", "0-3", "1-3", "2-3", "0-4", "1-4"),
        *("2-4", "3-4", "4-4", "1-5", "2-5", "4-5", "4-6", "5-6"),
    ],
)
FIVE_UP = Ruleset.draw(
    hand_size=6,
    opening=Opening.SEAT_ANY_TILE,
    spinner=SpinnerRule.EVERY_DOUBLE,
    play_scoring=PlayScoring.FIVES,
    play_scale=PlayScale.PER_FIVE,
)
MOVES_FIVE_UP = "6-6 2-6:L 1-6:R 3-6:U 3-3:U 0-6:D 3-5:U 5-5:U"

# Fives and Threes: a line, no drawing; the count after each play is 9, 12, 10, 9, 10, 15.
DEAL_53 = dealt(
    ["3-6", "4-6", "4-5", "0-0", "0-1", "1-1", "0-2"],
    ["3-3", "3-5", "5-5", "1-2", "2-2", "0-3", "1-3"],
)
FIVES_AND_THREES = Ruleset.block(
    opening=Opening.SEAT_ANY_TILE, play_scoring=PlayScoring.FIVES_AND_THREES
)
MOVES_53 = "3-6 3-3:L 4-6:R 3-5:L 4-5:R 5-5:L"


# ---------------------------------------------------------------- LAYOUT-1
def test_layout_1_the_arms_are_left_right_and_the_spinners_short_sides() -> None:
    state = play(HandState.start(ALL_FIVES, DEAL_AF), "6-6 3-6:L 2-6:R 5-6:U")
    layout = state.layout
    assert [arm.end for arm in layout.arms] == [End.LEFT, End.RIGHT, End.UP, End.DOWN]
    assert arms(state) == {
        "L": ("[6|3]", True),
        "R": ("[6|2]", True),
        "U": ("[6|5]", True),
        "D": ("", True),
    }
    # the line runs through the lead, from the end of the left arm to that of the right
    assert str(layout) == "[3|6][6|6][6|2]"
    assert layout.open_ends == ((End.LEFT, 3), (End.RIGHT, 2), (End.UP, 5), (End.DOWN, 6))
    assert layout.ends == (3, 2, 5, 6)
    assert [arm.origin for arm in layout.arms] == [None] * 4  # all grow from the lead
    assert [str(t) for t in layout.tiles] == ["3-6", "6-6", "2-6", "5-6"]
    assert len(layout) == 4


def test_layout_1_the_lead_shows_its_low_half_on_the_left() -> None:
    state = play(HandState.start(ALL_FIVES, DEAL_X), "4-6")
    assert str(state.layout) == "[4|6]"
    assert state.layout.open_ends == ((End.LEFT, 4), (End.RIGHT, 6))


def test_layout_1_a_move_names_its_arm() -> None:
    state = play(HandState.start(ALL_FIVES, DEAL_AF), "6-6 3-6:L 2-6:R")
    assert Play(tile=Tile(5, 6), end=End.UP) in state.legal_moves()
    assert str(Play(tile=Tile(5, 6), end=End.UP)) == "5-6:U"
    assert [End.from_token(t) for t in ("L", "R", "U", "D", "A4")] == [
        End.LEFT, End.RIGHT, End.UP, End.DOWN, End(4),
    ]  # fmt: skip
    # legal moves: by tile (in canonical order), then by arm
    assert [str(m) for m in state.legal_moves()] == ["3-3:L", "5-6:U", "5-6:D"]


def test_layout_1_later_spinners_short_sides_are_a4_a5_and_on_in_the_order_laid() -> None:
    state = play(HandState.start(FIVE_UP, DEAL_FIVE_UP), MOVES_FIVE_UP)
    layout = state.layout
    assert [arm.end.token for arm in layout.arms] == ["L", "R", "U", "D", "A4", "A5", "A6", "A7"]
    # 3-3 is the second tile of the up arm, 5-5 the fourth
    assert [arm.origin for arm in layout.arms[4:]] == [(End.UP, 1)] * 2 + [(End.UP, 3)] * 2
    assert arms(state)["U"] == ("[6|3][3|3][3|5][5|5]", True)
    assert str(layout) == "[2|6][6|6][6|1]"


def test_layout_1_a_move_token_is_applied_as_the_move_it_names() -> None:
    state = play(HandState.start(ALL_FIVES, DEAL_AF), "6-6")
    by_token = state.apply("3-6:L")
    by_value = state.apply(move("3-6:L"))
    assert by_value.layout.arms[0].tiles == ((6, 3),)
    assert by_token.layout == by_value.layout
    assert by_token.play_points == by_value.play_points == (0, 15)


def test_layout_1_the_lead_is_at_the_end_of_the_left_arm() -> None:
    state = play(HandState.start(ALL_FIVES, DEAL_AF), "6-6 3-6:L 2-6:R 5-6:U 0-6:D 3-3:L")
    assert str(state.layout) == "[3|3][3|6][6|6][6|2]"
    assert state.lead == 2 == len(state.layout.arms[0].tiles)


# ---------------------------------------------------------------- SPIN-1
def test_spin_1_without_a_spinner_the_layout_is_a_line() -> None:
    state = play(HandState.start(MUGGINS, DEAL_X), MOVES_X)
    assert list(arms(state)) == ["L", "R"]  # neither 4-4 nor 6-6 branches
    assert str(state.layout) == "[2|4][4|4][4|6][6|6]"
    assert refusal(state, move("1-4:U")) == IllegalMoveReason.NO_SUCH_ARM


def test_spin_1_the_first_double_laid_is_the_spinner_after_the_lead_too() -> None:
    state = play(HandState.start(ALL_FIVES, DEAL_X), MOVES_X)
    layout = state.layout
    assert list(arms(state)) == ["L", "R", "U", "D"]  # 4-4 branches, 6-6 does not
    assert [arm.origin for arm in layout.arms[2:]] == [(End.LEFT, 0)] * 2
    assert refusal(state, move("1-4:A4")) == IllegalMoveReason.NO_SUCH_ARM


def test_spin_1_first_double_a_double_lead_is_the_spinner() -> None:
    state = play(HandState.start(ALL_FIVES, DEAL_AF), "6-6")
    assert list(arms(state)) == ["L", "R", "U", "D"]
    assert [arm.origin for arm in state.layout.arms] == [None] * 4


def test_spin_1_lead_double_only_a_double_lead_spins() -> None:
    lead_double = attrs.evolve(ALL_FIVES, spinner=SpinnerRule.LEAD_DOUBLE)
    line = play(HandState.start(lead_double, DEAL_X), MOVES_X)
    assert list(arms(line)) == ["L", "R"]  # a 6-4 lead: no spinner at all
    state = play(HandState.start(lead_double, DEAL_AF), "6-6 3-6:L 2-6:R 5-6:U 0-6:D 3-3:L")
    assert list(arms(state)) == ["L", "R", "U", "D"]  # 3-3 lies crosswise, no branch


def test_spin_1_every_double_spins() -> None:
    every = attrs.evolve(ALL_FIVES, spinner=SpinnerRule.EVERY_DOUBLE)
    state = play(HandState.start(every, DEAL_X), MOVES_X)
    assert list(arms(state)) == ["L", "R", "U", "D", "A4", "A5"]
    assert [arm.origin for arm in state.layout.arms[2:]] == [(End.LEFT, 0)] * 2 + [
        (End.RIGHT, 0)
    ] * 2


# ---------------------------------------------------------------- SPIN-2
def test_spin_2_short_sides_open_after_both_long_sides() -> None:
    state = play(HandState.start(ALL_FIVES, DEAL_AF), "6-6")
    assert arms(state) == {"L": ("", True), "R": ("", True), "U": ("", False), "D": ("", False)}
    state = play(state, "3-6:L")  # one long side: the short sides still wait
    assert state.layout.open_ends == ((End.LEFT, 3), (End.RIGHT, 6))
    assert refusal(state, move("2-6:U")) == IllegalMoveReason.END_NOT_OPEN
    assert refusal(state, move("2-6:D")) == IllegalMoveReason.END_NOT_OPEN
    assert state.legal_moves() == (move("0-6:R"), move("2-6:R"))
    state = play(state, "2-6:R")  # both long sides carry a tile: up and down open
    assert state.layout.open_ends == ((End.LEFT, 3), (End.RIGHT, 2), (End.UP, 6), (End.DOWN, 6))
    assert [str(m) for m in state.legal_moves()] == ["3-3:L", "5-6:U", "5-6:D"]


def test_spin_2_a_spinner_laid_on_an_arm_opens_after_one_tile_beyond_it() -> None:
    state = play(HandState.start(ALL_FIVES, DEAL_X), "4-6 4-4:L")
    # 4-4 lies on the left arm: its inner long side touches the lead already
    assert arms(state)["U"] == arms(state)["D"] == ("", False)
    assert refusal(state, move("1-4:U")) == IllegalMoveReason.END_NOT_OPEN
    state = play(state, "2-4:L")  # one tile beyond it: its short sides open
    assert state.layout.open_ends == ((End.LEFT, 2), (End.RIGHT, 6), (End.UP, 4), (End.DOWN, 4))


def test_spin_2_a_play_on_an_arm_that_does_not_exist_is_refused() -> None:
    state = play(HandState.start(ALL_FIVES, DEAL_AF), "6-6 3-6:L 2-6:R")
    assert refusal(state, move("5-6:A4")) == IllegalMoveReason.NO_SUCH_ARM
    assert refusal(state, Play(tile=Tile(5, 6), end=End(63))) == IllegalMoveReason.NO_SUCH_ARM
    assert refusal(state, move("3-3:U")) == IllegalMoveReason.DOES_NOT_MATCH


def test_spin_2_every_spinner_has_its_own_gate() -> None:
    state = play(HandState.start(FIVE_UP, DEAL_FIVE_UP), "6-6 2-6:L 1-6:R 3-6:U 3-3:U")
    assert arms(state)["A4"] == arms(state)["A5"] == ("", False)  # 3-3 waits for a tile
    assert refusal(state, move("0-6:A4")) == IllegalMoveReason.END_NOT_OPEN
    state = play(state, "0-6:D 3-5:U")
    assert arms(state)["A4"] == arms(state)["A5"] == ("", True)
    state = play(state, "5-5:U")
    assert arms(state)["A6"] == arms(state)["A7"] == ("", False)


# ---------------------------------------------------------------- SPIN-3
def test_spin_3_all_four_sides_open_at_once() -> None:
    state = play(HandState.start(SEBASTOPOL, DEAL_SEB), "6-6")
    assert state.layout.open_ends == ((End.LEFT, 6), (End.RIGHT, 6), (End.UP, 6), (End.DOWN, 6))
    assert [str(m) for m in state.legal_moves()] == [
        "1-6:L", "1-6:R", "1-6:U", "1-6:D", "2-6:L", "2-6:R", "2-6:U", "2-6:D",
        "5-6:L", "5-6:R", "5-6:U", "5-6:D",
    ]  # fmt: skip


def test_spin_3_only_empty_sides_take_tiles_until_all_are_started() -> None:
    state = play(HandState.start(SEBASTOPOL, DEAL_SEB), "6-6 5-6:L")
    assert state.layout.open_ends == ((End.RIGHT, 6), (End.UP, 6), (End.DOWN, 6))
    state = play(state, "4-6:R")
    # seat 3 holds 0-5, 4-4 and 4-5, which match the left and right ends, but no six
    assert state.turn == 3
    assert refusal(state, move("4-5:L")) == IllegalMoveReason.END_NOT_OPEN
    assert state.legal_moves() == (PASS,)
    state = play(state, "pass 3-6:U 2-6:D")  # the fourth side: every arm is open
    assert state.phase is Phase.PLAY
    assert state.layout.open_ends == ((End.LEFT, 5), (End.RIGHT, 4), (End.UP, 3), (End.DOWN, 2))
    assert arms(state) == {
        "L": ("[6|5]", True), "R": ("[6|4]", True), "U": ("[6|3]", True), "D": ("[6|2]", True),
    }  # fmt: skip


def test_spin_3_a_later_spinner_holds_the_other_arms_back_too() -> None:
    every = attrs.evolve(
        ALL_FIVES, spinner=SpinnerRule.EVERY_DOUBLE, spinner_fill=SpinnerFill.ALL_FOUR_FIRST
    )
    state = play(HandState.start(every, DEAL_X), "4-6 4-4:L")
    # 4-4's far long side and its two short sides open at once; the right arm waits
    assert state.layout.open_ends == ((End.LEFT, 4), (End.UP, 4), (End.DOWN, 4))
    state = play(state, "2-4:L")
    assert state.layout.open_ends == ((End.UP, 4), (End.DOWN, 4))
    # seat 1 holds 6-6 and 3-6, which match the right end, but no four: it must draw
    assert refusal(state, move("6-6:R")) == IllegalMoveReason.END_NOT_OPEN
    assert state.legal_moves() == (DRAW,)


# ---------------------------------------------------------------- SPIN-4
SNIFF = attrs.evolve(ALL_FIVES, spinner_fill=SpinnerFill.ONE_TILE_EACH_SIDE)


def test_spin_4_each_short_side_takes_one_tile_and_closes() -> None:
    state = play(HandState.start(SNIFF, DEAL_AF), "6-6 3-6:L")
    assert refusal(state, move("2-6:U")) == IllegalMoveReason.END_NOT_OPEN  # as SPIN-2
    state = play(state, "2-6:R 5-6:U")
    assert arms(state)["U"] == ("[6|5]", False)
    assert refusal(state, move("0-5:U")) == IllegalMoveReason.END_NOT_OPEN
    assert state.layout.open_ends == ((End.LEFT, 3), (End.RIGHT, 2), (End.DOWN, 6))
    state = play(state, "0-6:D 3-3:L 2-2:R")
    assert state.layout.open_ends == ((End.LEFT, 3), (End.RIGHT, 2))
    # seat 1 holds 4-4 and 1-5: the 5 showing up is closed, so it must draw
    assert state.legal_moves() == (DRAW,)


def test_spin_4_a_closed_short_side_still_counts() -> None:
    # 5-6:U scores 3 + 2 + 5 = 10 and closes U; 0-6:D scores 3 + 2 + 5 + 0 = 10; 2-2:R
    # then scores 6 (3-3 at the left end) + 4 + 5 + 0 = 15: U's 5 still counts
    assert scores(SNIFF, DEAL_AF, "6-6 3-6:L 2-6:R 5-6:U 0-6:D 3-3:L 2-2:R") == [
        0, 15, 5, 10, 10, 0, 15,
    ]  # fmt: skip


# ---------------------------------------------------------------- COUNT-1
def test_count_1_the_count_sums_the_values_at_the_arm_ends() -> None:
    # All Fives: 5-6:U makes 3 (left) + 2 (right) + 5 (up) = 10, 0-6:D keeps 10
    assert scores(ALL_FIVES, DEAL_AF, "6-6 3-6:L 2-6:R 5-6:U 0-6:D") == [0, 15, 5, 10, 10]
    # the same count after 0-6:D in Fives and Threes: 10 scores 2
    threes = attrs.evolve(ALL_FIVES, play_scoring=PlayScoring.FIVES_AND_THREES)
    assert scores(threes, DEAL_AF, "6-6 3-6:L 2-6:R 5-6:U 0-6:D")[-1] == 2


def test_count_1_a_double_at_an_end_counts_both_halves() -> None:
    deal = dealt(["3-4", "2-3", "0-0", "0-1", "1-1"], ["4-4", "1-4", "0-2", "1-2", "2-2"])
    # 3-4 counts 7; 4-4 on the right makes 3 + 8 = 11; 2-3 on the left 2 + 8 = 10;
    # 1-4 covers the double: 2 + 1 = 3
    assert scores(MUGGINS, deal, "3-4 4-4:R 2-3:L 1-4:R") == [0, 0, 10, 0]
    threes = attrs.evolve(MUGGINS, play_scoring=PlayScoring.FIVES_AND_THREES)
    assert scores(threes, deal, "3-4 4-4:R 2-3:L 1-4:R") == [0, 0, 2, 1]
    # All Fives: 2-2 on the right with 3-3 on the left counts 6 + 4 + 5 + 0 = 15
    assert scores(ALL_FIVES, DEAL_AF, MOVES_AF)[6] == 15


# ---------------------------------------------------------------- COUNT-2
def test_count_2_the_spinner_counts_both_halves_until_both_long_sides_are_covered() -> None:
    threes = attrs.evolve(ALL_FIVES, play_scoring=PlayScoring.FIVES_AND_THREES)
    # 6-6 led counts 12; 3-6 on it makes 3 + 12 = 15; 2-6 covers the other long side:
    # 3 + 2 = 5 (the spinner no longer counts, the empty short sides count nothing)
    assert scores(ALL_FIVES, DEAL_AF, "6-6 3-6:L 2-6:R") == [0, 15, 5]
    assert scores(threes, DEAL_AF, "6-6 3-6:L 2-6:R") == [4, 8, 1]


def test_count_2_an_empty_short_side_counts_nothing() -> None:
    # after 2-6:R both short sides are open and empty; 5-6:U adds 5 to 3 + 2, and D adds 0
    state = play(HandState.start(ALL_FIVES, DEAL_AF), "6-6 3-6:L 2-6:R 5-6:U")
    assert state.layout.open_ends[-1] == (End.DOWN, 6)
    assert state.history[-1].points == 10  # not 16


def test_count_2_a_spinner_laid_on_an_arm_counts_both_halves_until_covered() -> None:
    every = attrs.evolve(ALL_FIVES, spinner=SpinnerRule.EVERY_DOUBLE)
    # 6-4 leads: 10; 4-4 on the left: 8 + 6 = 14; 2-4 beyond it: 2 + 6 = 8; 6-6 on the
    # right: 2 + 12 = 14; 1-4 up: 2 + 12 + 1 = 15; 3-6 beyond the 6-6: 2 + 3 + 1 = 6
    assert scores(every, DEAL_X, MOVES_X + " 1-4:U 3-6:R") == [10, 0, 0, 0, 15, 0]


# ---------------------------------------------------------------- COUNT-3
def test_count_3_a_lead_alone_counts_both_halves() -> None:
    # 6-4 led counts 10
    assert scores(ALL_FIVES, DEAL_X, "4-6") == [10]
    assert scores(MUGGINS, DEAL_X, "4-6") == [10]


def test_count_3_a_double_lead_counts_both_halves_once() -> None:
    deal = dealt(["5-5", "2-3", "0-0", "0-1", "1-1"], ["0-5", "1-4", "0-2", "1-2", "2-2"])
    for rules in (ALL_FIVES, MUGGINS):
        # 5-5 counts 10, not 20; 0-5 beside it: 0 + 10 (the double still shows two 5s)
        assert scores(rules, deal, "5-5 0-5:L") == [10, 10]
    # 6-6 led counts 12: 4 in Fives and Threes, nothing in All Fives
    threes = attrs.evolve(ALL_FIVES, play_scoring=PlayScoring.FIVES_AND_THREES)
    assert scores(threes, DEAL_AF, "6-6") == [4]
    assert scores(ALL_FIVES, DEAL_AF, "6-6") == [0]


# ---------------------------------------------------------------- PLAY-1
def test_play_1_a_count_that_is_a_multiple_of_5_scores_after_every_play() -> None:
    state = play(HandState.start(ALL_FIVES, DEAL_AF), MOVES_AF)
    # 12, 15, 5, 10, 10, 13, 15, 11, 16
    assert [step.points for step in state.history] == [0, 15, 5, 10, 10, 0, 15, 0, 0]
    assert state.play_points == (5 + 10 + 15, 15 + 10)


def test_play_1_the_lead_scores_too() -> None:
    assert scores(ALL_FIVES, DEAL_X, "4-6") == [10]
    assert play_points(ALL_FIVES, 0) == 0  # a count of 0 scores nothing
    assert [play_points(ALL_FIVES, n) for n in (5, 10, 35, 12)] == [5, 10, 35, 0]


def test_play_1_hand_points_are_the_end_points_plus_the_play_points() -> None:
    state = play(HandState.start(ALL_FIVES, DEAL_AF), MOVES_AF)
    result = state.result
    assert result is not None
    assert result.ending is Ending.DOMINO
    assert result.winners == (0,)
    assert result.pips == (0, 8)  # seat 1 keeps 4-4: 8 pips, rounded to 10
    assert result.play_points == (30, 25)
    assert result.end_points == (10, 0)
    assert result.points == (40, 25)


def test_play_1_a_play_scores_for_the_players_side() -> None:
    rules = attrs.evolve(ALL_FIVES, players=4, partnership=True)
    deal = dealt(
        ["5-5", "2-3", "0-0", "0-1", "1-1"],
        ["0-5", "1-4", "0-2", "1-2", "2-2"],
        ["5-6", "0-3", "1-3", "3-3", "0-4"],
        ["2-4", "3-4", "4-4", "1-5", "2-5"],
    )
    state = play(HandState.start(rules, deal), "5-5 0-5:L")
    # seat 0's 5-5 scores 10 for seats 0 and 2, seat 1's 0-5 (0 + 10) for 1 and 3
    assert state.play_points == (10, 10, 10, 10)
    state = play(state, "5-6:R")  # seat 2: 0 + 6 = 6, nothing
    assert state.play_points == (10, 10, 10, 10)


# ---------------------------------------------------------------- PLAY-2
def test_play_2_one_point_per_five() -> None:
    per_five = attrs.evolve(ALL_FIVES, play_scale=PlayScale.PER_FIVE)
    state = play(HandState.start(per_five, DEAL_AF), MOVES_AF)
    assert [step.points for step in state.history] == [0, 3, 1, 2, 2, 0, 3, 0, 0]
    result = state.result
    assert result is not None
    assert result.play_points == (6, 5)
    assert result.end_points == (10, 0)  # the end of the hand is not scaled


def test_play_2_needs_fives() -> None:
    with pytest.raises(RulesetError, match="play_scale PER_FIVE applies to play_scoring FIVES"):
        attrs.evolve(FIVES_AND_THREES, play_scale=PlayScale.PER_FIVE)


# ---------------------------------------------------------------- PLAY-4
def test_play_4_end_points_per_five() -> None:
    per_five = attrs.evolve(ALL_FIVES, play_scale=PlayScale.PER_FIVE, end_per_five=True)
    state = play(HandState.start(per_five, DEAL_AF), MOVES_AF)
    result = state.result
    assert result is not None
    assert result.play_points == (6, 5)
    assert result.end_points == (2, 0)  # 8 pips round to 10, one point per five
    assert result.points == (8, 5)


def test_play_4_needs_round_to_5() -> None:
    with pytest.raises(RulesetError, match="end_per_five needs round_to 5, but round_to is 1"):
        Ruleset.draw(end_per_five=True)


# ---------------------------------------------------------------- PLAY-3
def test_play_3_fives_and_threes_scores_thirds_and_fifths() -> None:
    state = play(HandState.start(FIVES_AND_THREES, DEAL_53), MOVES_53)
    # 9 -> 3, 12 -> 4, 10 -> 2, 9 -> 3, 10 -> 2, 15 -> 3 + 5 = 8
    assert [step.points for step in state.history] == [3, 4, 2, 3, 2, 8]
    assert state.play_points == (3 + 2 + 2, 4 + 3 + 8)
    assert list(state.layout.arms[0].tiles) == [(3, 3), (3, 5), (5, 5)]


def test_play_3_the_table() -> None:
    table = {3: 1, 5: 1, 6: 2, 9: 3, 10: 2, 12: 4, 15: 8, 18: 6, 20: 4}
    assert {n: play_points(FIVES_AND_THREES, n) for n in table} == table
    assert [play_points(FIVES_AND_THREES, n) for n in (0, 1, 2, 4, 7, 8, 11)] == [0] * 7


# ---------------------------------------------------------------- COUNT-4 to COUNT-6
US_SNIFF = attrs.evolve(ALL_FIVES, spinner_count=SpinnerCount.EXPOSED_HALVES)
"""All Fives with the US Sniff count (COUNT-4)."""
ONCE = attrs.evolve(ALL_FIVES, spinner_count=SpinnerCount.ONCE)
"""All Fives with a spinner that counts once (COUNT-5)."""


def counts(rules: Ruleset, deal: Deal, moves: str) -> list[int]:
    """The end count (`Layout.end_count` under ``rules``) after each move of ``moves``."""
    state = HandState.start(rules, deal)
    out = []
    for text in moves.split():
        state = play(state, text)
        out.append(state.layout.end_count(rules))
    return out


def test_count_4_a_spinner_counts_both_halves_while_two_sides_are_covered() -> None:
    # [PG-SNIFF]: 4-4 led counts 8, 6-4 on it makes 14; 1-4 on the other long side:
    # 6 + 1 + 8 = 15 (the spinner still counts: two sides covered), 7 under COUNT-2
    deal = dealt(["4-4", "1-4", "0-0", "0-1", "1-1"], ["4-6", "0-2", "1-2", "2-2", "0-3"])
    assert counts(US_SNIFF, deal, "4-4 4-6:L 1-4:R") == [8, 14, 15]
    assert scores(US_SNIFF, deal, "4-4 4-6:L 1-4:R") == [0, 0, 15]
    assert counts(ALL_FIVES, deal, "4-4 4-6:L 1-4:R") == [8, 14, 7]


def test_count_4_one_half_at_three_sides_nothing_at_four() -> None:
    # 6-6 12; 3-6:L 3 + 12; 2-6:R 3 + 2 + 12 = 17; 5-6:U (three sides) 3 + 2 + 5 + 6 = 16;
    # 0-6:D (four sides) 3 + 2 + 5 + 0 = 10
    moves = "6-6 3-6:L 2-6:R 5-6:U 0-6:D"
    assert counts(US_SNIFF, DEAL_AF, moves) == [12, 15, 17, 16, 10]
    assert scores(US_SNIFF, DEAL_AF, moves) == [0, 15, 0, 0, 10]
    state = play(HandState.start(US_SNIFF, DEAL_AF), moves)
    assert state.layout.count == 10  # the default count agrees once all four are covered


def test_count_4_a_spinner_laid_on_an_arm_has_one_side_covered() -> None:
    # 6-4 leads (10); 4-4 on the left, one side covered: 8 + 6 = 14; 2-4 beyond it, two:
    # 2 + 6 + 8 = 16; 6-6 on the right (a plain double): 2 + 12 + 8 = 22; 1-4 up, three
    # sides: 2 + 12 + 1 + 4 = 19
    moves = MOVES_X + " 1-4:U"
    assert counts(US_SNIFF, DEAL_X, moves) == [10, 14, 16, 22, 19]
    assert counts(ALL_FIVES, DEAL_X, moves) == [10, 14, 8, 14, 15]


def test_count_4_needs_a_spinner() -> None:
    with pytest.raises(RulesetError, match="spinner_count EXPOSED_HALVES needs a spinner") as e:
        attrs.evolve(MUGGINS, spinner_count=SpinnerCount.EXPOSED_HALVES)
    assert e.value.fields == ("spinner_count", "spinner")


def test_count_5_a_spinner_counts_one_half_until_its_long_sides_are_covered() -> None:
    # 6-6 led counts 6; 3-6 on it 3 + 6 = 9; 2-6 covers the other long side: 3 + 2 = 5
    assert counts(ONCE, DEAL_AF, "6-6 3-6:L 2-6:R") == [6, 9, 5]
    assert scores(ONCE, DEAL_AF, "6-6 3-6:L 2-6:R") == [0, 0, 5]
    threes = attrs.evolve(ONCE, play_scoring=PlayScoring.FIVES_AND_THREES)
    assert scores(threes, DEAL_AF, "6-6 3-6:L 2-6:R") == [2, 3, 1]
    # a spinner laid on an arm: 4-4 at the left end counts 4 (4 + 6 = 10)
    assert counts(ONCE, DEAL_X, "4-6 4-4:L 2-4:L") == [10, 10, 8]


def test_count_5_needs_a_spinner() -> None:
    with pytest.raises(RulesetError, match="spinner_count ONCE needs a spinner"):
        attrs.evolve(MUGGINS, spinner_count=SpinnerCount.ONCE)


def test_count_6_a_double_at_an_end_counts_one_half() -> None:
    halves = attrs.evolve(MUGGINS, double_end_weight=1)
    deal = dealt(["3-4", "2-3", "0-0", "0-1", "1-1"], ["4-4", "1-4", "0-2", "1-2", "2-2"])
    # 3-4 counts 7; 4-4 on the right 3 + 4 = 7; 2-3 on the left 2 + 4 = 6; 1-4: 2 + 1 = 3
    assert counts(halves, deal, "3-4 4-4:R 2-3:L 1-4:R") == [7, 7, 6, 3]
    assert scores(halves, deal, "3-4 4-4:R 2-3:L 1-4:R") == [0, 0, 0, 0]
    # All Fives: 2-2 on the right with 3-3 on the left: 3 + 2 + 5 + 0 = 10 (not 15); the
    # spinner 6-6 still counts both halves while a long side is uncovered (COUNT-2)
    spinner = attrs.evolve(ALL_FIVES, double_end_weight=1)
    assert counts(spinner, DEAL_AF, MOVES_AF)[:2] == [12, 15]
    assert counts(spinner, DEAL_AF, MOVES_AF)[6] == 10


def test_count_6_the_lead_alone_still_counts_both_halves() -> None:
    halves = attrs.evolve(MUGGINS, double_end_weight=1)
    deal = dealt(["5-5", "2-3", "0-0", "0-1", "1-1"], ["0-5", "1-4", "0-2", "1-2", "2-2"])
    # 5-5 alone: 5 at each end; 0-5 on the right leaves the double at the left end: 5 + 0
    assert counts(halves, deal, "5-5 0-5:R") == [10, 5]
    assert counts(MUGGINS, deal, "5-5 0-5:R") == [10, 10]


def test_count_6_needs_a_spinner_or_scoring_on_play() -> None:
    with pytest.raises(RulesetError, match="double_end_weight changes the end count") as e:
        Ruleset.draw(double_end_weight=1)
    assert e.value.fields == ("double_end_weight", "spinner", "play_scoring")
    with pytest.raises(RulesetError, match="double_end_weight must be from 1 to 2, got 3"):
        attrs.evolve(MUGGINS, double_end_weight=3)


# ---------------------------------------------------------------- HEADER-1
BERGEN = Ruleset.draw(hand_size=6, opening=Opening.SEAT_ANY_TILE, play_scoring=PlayScoring.BERGEN)
"""Bergen's headers on a line, two players, six tiles each, seat 0 leads any tile."""
DOUBLE_BERGEN = attrs.evolve(
    BERGEN, spinner=SpinnerRule.LEAD_DOUBLE, spinner_fill=SpinnerFill.ALL_FOUR_FIRST
)
"""The same with a double lead that spins, its four sides first (Double Bergen)."""
DEAL_HEADS = dealt(
    ["3-4", "1-3", "1-5", "0-0", "0-2", "2-2"], ["1-4", "1-1", "0-3", "2-3", "0-5", "3-3"]
)


def test_header_1_double_and_triple_headers() -> None:
    # 3-4: ends 3, 4; 1-4:R 3, 1; 1-3:L 1, 1 (a double header, 2); 1-1:L the double 1-1
    # and 1 (a triple header, 3); 1-5:R 1-1 and 5 (nothing)
    moves = "3-4 1-4:R 1-3:L 1-1:L 1-5:R"
    assert scores(BERGEN, DEAL_HEADS, moves) == [0, 0, 2, 3, 0]
    state = play(HandState.start(BERGEN, DEAL_HEADS), moves)
    assert state.play_points == (2, 3)
    assert play(HandState.start(BERGEN, DEAL_HEADS), "3-4 1-4:R 1-3:L").layout.headers(BERGEN) == 2


def test_header_1_a_double_led_alone_is_a_double_header() -> None:
    assert scores(BERGEN, DEAL_HEADS, "0-0") == [2]
    assert scores(BERGEN, DEAL_HEADS, "3-4") == [0]
    # a double lead that spins (Double Bergen) too
    assert scores(DOUBLE_BERGEN, DEAL_HEADS, "2-2") == [2]


def test_header_1_a_double_alone_at_an_end_scores_nothing() -> None:
    deal = dealt(
        ["3-4", "0-0", "0-1", "1-1", "0-2", "1-2"], ["4-4", "2-3", "0-3", "1-3", "0-5", "3-3"]
    )
    # 3-4, then 4-4 on the right: ends 3 and the double 4-4: no number at two ends
    assert scores(BERGEN, deal, "3-4 4-4:R") == [0, 0]
    # 0-0 led, 0-1 on one side: the double at the left end and 1 at the right: nothing
    assert scores(BERGEN, DEAL_HEADS, "0-0 0-3:R") == [2, 0]


def test_header_1_matching_arm_ends_with_a_spinner() -> None:
    deal = dealt(
        ["6-6", "2-6", "0-6", "2-2", "1-2", "0-1"], ["3-6", "5-6", "2-3", "2-5", "0-0", "1-1"]
    )
    # the lead alone 2; 3-6, 2-6, 5-6, 0-6 start the four sides (ends 3, 2, 5, 0); 2-3 on
    # the left a pair of 2s (2); 2-2 on the right a triplet (3); 2-5 up four 2s (4)
    moves = "6-6 3-6:L 2-6:R 5-6:U 0-6:D 2-3:L 2-2:R 2-5:U"
    assert scores(DOUBLE_BERGEN, deal, moves) == [2, 0, 0, 0, 0, 2, 3, 4]
    # two numbers at two ends each score both pairs
    assert header_points([(2, 1), (5, 1), (2, 1), (5, 1)]) == 4
    assert header_points([(2, 1), (5, 2), (3, 1)]) == 0


def test_header_1_needs_pips() -> None:
    with pytest.raises(RulesetError, match="play_scale PER_FIVE applies to play_scoring FIVES"):
        attrs.evolve(BERGEN, play_scale=PlayScale.PER_FIVE)
    assert play_points(BERGEN, 10) == 0  # no count scores under HEADER-1
