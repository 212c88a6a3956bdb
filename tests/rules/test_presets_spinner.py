"""Tests of the presets of the fives family, Sebastopol and Bergen: PRESET-3 to PRESET-10
(docs/rules/presets/all-fives.md, muggins.md, five-up.md, fives-and-threes.md,
sebastopol.md, sniff.md, bergen.md and double-bergen.md).

Each test plays a short worked hand under the preset. Moves are written as the engine
prints them: ``"6-6"`` for the lead, ``"3-6:L"`` for a play on the left arm, ``"5-6:U"``
on the up arm, ``"draw"``, ``"pass"``.
"""

from __future__ import annotations

import pytest

from dominoes import (
    Deal,
    DrawRule,
    End,
    Ending,
    HandState,
    IllegalMoveError,
    Match,
    NearTargetCap,
    NextLead,
    NoDoubleRule,
    Opening,
    PartnershipOut,
    PlayScale,
    PlayScoring,
    Ruleset,
    Scoring,
    SpinnerCount,
    SpinnerFill,
    SpinnerRule,
    TargetExact,
    Tile,
    TileSet,
    find_preset,
)
from dominoes.errors import ArgumentTypeError, IllegalMoveReason, MatchError
from dominoes.notation import format_move, parse_move
from dominoes.presets import PRESETS, BaseGame, Preset
from dominoes.rules import default_hand_size
from dominoes.scoring import score_hand

NEW: tuple[str, ...] = ("all-fives", "muggins", "five-up", "fives-and-threes", "sebastopol")
NEW += ("sniff", "bergen", "double-bergen")


def deal(*hands: list[str]) -> Deal:
    """The hands given; the other tiles of the double-six set in the boneyard, in order."""
    held = {Tile.parse(t) for hand in hands for t in hand}
    rest = [t for t in TileSet.double(6).tiles if t not in held]
    return Deal(hands=list(hands), boneyard=rest)


def tokens(state: HandState) -> list[str]:
    """The legal moves, written as the engine prints them."""
    return [format_move(move) for move in state.legal_moves()]


def points(state: HandState) -> list[int]:
    return [step.points for step in state.history]


# The All Fives hand of docs/rules/spinner.md, with two more tiles in each hand.
SPINNER_HANDS = (
    ["6-6", "2-6", "0-6", "0-5", "2-2", "1-1", "0-1"],
    ["3-6", "5-6", "3-3", "4-4", "1-5", "1-2", "0-0"],
)
ALL_FIVES_MOVES = (
    "6-6 3-6:L 2-6:R 5-6:U 0-6:D 0-0:D 0-5:D 1-2:R 1-1:R 3-3:L 0-1:R 1-5:U "
    "draw 0-2:R draw 0-3:L 2-2:R"
)


# ---------------------------------------------------------------- the registry
def test_presets_spinner_are_listed_after_the_line_presets_in_page_order() -> None:
    names = Ruleset.presets()
    first = names.index(NEW[0])
    assert names[first : first + len(NEW)] == NEW  # the Latin presets come after them
    assert not any(Ruleset.preset(name).has_arms for name in names[:first])
    for name in NEW:
        preset = find_preset(name)
        assert preset.name == name
        assert preset.summary
        assert preset.build() == Ruleset.preset(name)


@pytest.mark.parametrize(
    ("alias", "name"),
    [
        ("all_fives", "all-fives"),
        ("All Fives", "all-fives"),
        ("single-spinner", "all-fives"),
        ("Single Spinner", "all-fives"),
        ("MUGGINS", "muggins"),
        ("five_up", "five-up"),
        ("Five Up", "five-up"),
        ("west coast dominoes", "five-up"),
        ("fives_and_threes", "fives-and-threes"),
        ("5s and 3s", "fives-and-threes"),
        ("Sebastopol", "sebastopol"),
        ("SNIFF", "sniff"),
        ("East Coast Dominoes", "sniff"),
        ("east_coast_dominoes", "sniff"),
        ("Bergen", "bergen"),
        ("double_bergen", "double-bergen"),
        ("Double Bergen", "double-bergen"),
    ],
)
def test_presets_spinner_aliases_resolve(alias: str, name: str) -> None:
    assert find_preset(alias).name == name


def test_presets_spinner_no_name_or_alias_is_taken_twice() -> None:
    names = [n for p in PRESETS.values() for n in (p.name, *p.aliases)]
    assert len(names) == len(set(names))
    # "threes and fives" is another game ([DR-35]), so it is no alias
    with pytest.raises(KeyError):
        find_preset("threes-and-fives")


# ---------------------------------------------------------------- PRESET-3
def test_preset_3_all_fives_fields() -> None:
    rules = Ruleset.preset("all-fives")
    assert rules == Ruleset.draw(
        opening=Opening.SEAT_ANY_TILE,
        round_to=5,
        target=100,
        next_lead=NextLead.WINNER,
        spinner=SpinnerRule.FIRST_DOUBLE,
        play_scoring=PlayScoring.FIVES,
    )
    assert (rules.players, rules.hand_size, rules.drawing) == (2, 7, DrawRule.UNTIL_PLAYABLE)
    assert rules.spinner_fill is SpinnerFill.LONG_SIDES_FIRST
    assert rules.play_scale is PlayScale.PIPS
    assert (rules.voluntary_draw, rules.boneyard_floor) == (False, 0)
    assert Ruleset.preset("all-fives", players=3).hand_size == 5
    assert Ruleset.preset("all-fives", players=4).hand_size == 5
    assert rules.match_target == 100


def test_preset_3_all_fives_the_first_double_spins_and_fives_score() -> None:
    rules = Ruleset.preset("all-fives")
    state = HandState.start(rules, deal(*SPINNER_HANDS))
    assert state.turn == 0
    state = state.apply_all("6-6 3-6:L 2-6:R 5-6:U 0-6:D")
    assert points(state) == [0, 15, 5, 10, 10]
    assert state.play_points == (15, 25)
    assert [arm.end for arm in state.layout.arms] == [End.LEFT, End.RIGHT, End.UP, End.DOWN]
    assert state.layout.count == 10


def test_preset_3_all_fives_a_whole_hand_with_draws_and_rounded_end_points() -> None:
    state = HandState.start(Ruleset.preset("all-fives"), deal(*SPINNER_HANDS))
    state = state.apply_all(ALL_FIVES_MOVES)
    assert points(state) == [0, 15, 5, 10, 10, 10, 15, 0, 15, 0, 0, 0, 0, 0, 0, 0, 10]
    result = state.result
    assert result is not None
    assert result.ending is Ending.DOMINO
    assert result.pips == (0, 8)
    # seat 1's 8 pips round to 10 (POINTS-4)
    assert (result.play_points, result.end_points, result.points) == ((55, 35), (10, 0), (65, 35))


def test_preset_3_all_fives_a_match_ends_when_a_play_reaches_the_target() -> None:
    assert Match.start(Ruleset.preset("all-fives"), seed=0).target == 100
    match = Match.start(Ruleset.preset("all-fives", target=30), deal=deal(*SPINNER_HANDS))
    for token in ["6-6", "3-6:L", "2-6:R", "5-6:U", "0-6:D"]:
        match = match.apply(parse_move(token))
    assert (match.scores, match.is_over) == ((15, 25), False)
    match = match.apply(parse_move("0-0:D"))  # 10 more: seat 1 reaches 35
    assert (match.scores, match.is_over, match.winner) == ((15, 35), True, (1,))
    assert not match.state.is_over  # in the middle of the hand
    with pytest.raises(MatchError):
        match.apply(parse_move("0-5:D"))


# ---------------------------------------------------------------- PRESET-4
def test_preset_4_muggins_fields() -> None:
    rules = Ruleset.preset("muggins")
    assert rules == Ruleset.draw(
        opening=Opening.SEAT_ANY_TILE,
        round_to=5,
        target=100,
        next_lead=NextLead.WINNER,
        play_scoring=PlayScoring.FIVES,
    )
    assert rules.spinner is SpinnerRule.NONE
    assert rules.hand_size == 7
    # the same game as all-fives, less the spinner
    assert rules == Ruleset.preset("all-fives", spinner=SpinnerRule.NONE)


def test_preset_4_muggins_no_double_spins() -> None:
    state = HandState.start(Ruleset.preset("muggins"), deal(*SPINNER_HANDS))
    state = state.apply_all("6-6 3-6:L 2-6:R")
    assert points(state) == [0, 15, 5]
    assert [arm.end for arm in state.layout.arms] == [End.LEFT, End.RIGHT]
    with pytest.raises(IllegalMoveError) as info:
        state.apply("5-6:U")
    assert info.value.reason is IllegalMoveReason.NO_SUCH_ARM
    state = state.apply_all("1-2:R 1-1:R")
    assert points(state)[-2:] == [0, 5]  # 3 + 1 + 1: the double at the end counts twice
    assert state.play_points == (10, 15)


# ---------------------------------------------------------------- PRESET-5
def test_preset_5_five_up_fields() -> None:
    rules = Ruleset.preset("five-up")
    assert rules.spinner is SpinnerRule.EVERY_DOUBLE
    assert rules.spinner_fill is SpinnerFill.LONG_SIDES_FIRST
    assert (rules.play_scoring, rules.play_scale) == (PlayScoring.FIVES, PlayScale.PER_FIVE)
    assert (rules.hand_size, rules.drawing) == (5, DrawRule.UNTIL_PLAYABLE)
    assert (rules.opening, rules.next_lead, rules.round_to) == (
        Opening.SEAT_ANY_TILE,
        NextLead.WINNER,
        5,
    )
    assert rules.match_target == 61
    pairs = Ruleset.preset("five-up", players=4, partnership=True)
    assert (pairs.hand_size, pairs.teams) == (5, ((0, 2), (1, 3)))


def test_preset_5_five_up_every_double_spins_and_scores_a_point_per_five() -> None:
    hands = deal(["4-6", "2-4", "1-4", "0-0", "0-1"], ["4-4", "6-6", "3-6", "1-1", "0-2"])
    state = HandState.start(Ruleset.preset("five-up"), hands)
    state = state.apply_all("4-6 4-4:L 2-4:L 6-6:R")
    assert [arm.end.token for arm in state.layout.arms] == ["L", "R", "U", "D", "A4", "A5"]
    state = state.apply_all("1-4:U 1-1:U 0-1:U 3-6:R 0-0:U")
    assert points(state) == [2, 0, 0, 0, 3, 0, 0, 1, 1]
    result = state.result
    assert result is not None
    assert result.ending is Ending.DOMINO
    assert (result.play_points, result.end_points) == ((6, 1), (0, 0))


# ---------------------------------------------------------------- PRESET-6
THREES_HANDS = (
    ["3-6", "4-6", "4-5", "0-0", "0-1", "1-1", "0-2"],
    ["3-3", "3-5", "5-5", "1-2", "2-2", "0-3", "1-3"],
)


def test_preset_6_fives_and_threes_fields() -> None:
    rules = Ruleset.preset("fives-and-threes")
    assert rules == Ruleset.block(
        opening=Opening.SEAT_ANY_TILE,
        scoring=Scoring.FIXED_DOMINO,
        target=61,
        play_scoring=PlayScoring.FIVES_AND_THREES,
        fixed_points=1,
        partnership_out=PartnershipOut.BOTH_PARTNERS,
        target_exact=TargetExact.DISCARD_OVERSHOOT,
    )
    assert (rules.drawing, rules.hand_size, rules.spinner) == (
        DrawRule.NONE,
        7,
        SpinnerRule.NONE,
    )
    assert rules.next_lead is NextLead.ROTATE
    assert Ruleset.preset("fives-and-threes", players=3).hand_size == 5
    assert Ruleset.preset("fives-and-threes", players=4, partnership=True, hand_size=5)
    assert rules.match_target == 61


def test_preset_6_fives_and_threes_thirds_and_fifths_score_and_nobody_draws() -> None:
    state = HandState.start(Ruleset.preset("fives-and-threes"), deal(*THREES_HANDS))
    state = state.apply_all("3-6 3-3:L 4-6:R 3-5:L 4-5:R 5-5:L")
    assert points(state) == [3, 4, 2, 3, 2, 8]
    assert state.play_points == (7, 15)
    # nobody can play and nobody draws: the hand blocks with 14 tiles undealt
    assert tokens(state) == ["pass"]
    state = state.apply_all("pass pass")
    result = state.result
    assert result is not None
    assert result.ending is Ending.BLOCKED
    assert len(state.boneyard) == 14
    # a blocked hand gives no chip-out point (POINTS-7), whatever the pips
    assert result.winners == (0,)
    assert (result.end_points, result.points) == ((0, 0), (7, 15))


# ---------------------------------------------------------------- PRESET-7
SEBASTOPOL_DEAL = Deal(
    hands=[
        ["6-6", "3-6", "0-6", "0-0", "0-1", "1-1", "0-2"],
        ["5-6", "2-6", "1-6", "1-2", "2-2", "0-3", "1-3"],
        ["4-6", "2-3", "3-3", "0-4", "1-4", "2-4", "3-4"],
        ["4-4", "0-5", "1-5", "2-5", "3-5", "4-5", "5-5"],
    ]
)
SEBASTOPOL_MOVES = (
    "6-6 5-6:L 4-6:R pass 3-6:U 2-6:D 2-3:U 4-4:R 0-2:U 1-2:D 0-4:R 0-5:L 0-0:L "
    "0-3:L 3-3:L 1-5:D 0-1:R 1-3:L 1-4:L 2-5:D 1-1:R 2-2:D 2-4:L pass 0-6:U"
)


def test_preset_7_sebastopol_fields() -> None:
    rules = Ruleset.preset("sebastopol")
    assert (rules.players, rules.hand_size, rules.partnership) == (4, 7, False)
    assert rules.drawing is DrawRule.NONE
    assert (rules.opening, rules.opening_tile) == (Opening.HOLDER_OF_TILE, Tile(6, 6))
    assert (rules.spinner, rules.spinner_fill) == (
        SpinnerRule.LEAD_DOUBLE,
        SpinnerFill.ALL_FOUR_FIRST,
    )
    assert rules.play_scoring is PlayScoring.NONE
    assert rules.scoring is Scoring.OPPONENTS_MINUS_OWN
    assert rules.next_lead is NextLead.OPENING_RULE
    assert rules.match_target == 60


def test_preset_7_sebastopol_six_six_leads_and_its_four_sides_come_first() -> None:
    state = HandState.start(Ruleset.preset("sebastopol"), SEBASTOPOL_DEAL)
    assert state.turn == 0
    assert tokens(state) == ["6-6"]
    state = state.apply_all("6-6 5-6:L 4-6:R")
    # seat 3 holds 4-5 for the left end, but up and down are still empty
    assert tokens(state) == ["pass"]
    with pytest.raises(IllegalMoveError) as info:
        state.apply("4-5:L")
    assert info.value.reason is IllegalMoveReason.END_NOT_OPEN
    state = state.apply_all("pass 3-6:U 2-6:D")
    assert state.layout.open_ends == ((End.LEFT, 5), (End.RIGHT, 4), (End.UP, 3), (End.DOWN, 2))


def test_preset_7_sebastopol_a_domino_takes_the_others_pips() -> None:
    state = HandState.start(Ruleset.preset("sebastopol"), SEBASTOPOL_DEAL)
    state = state.apply_all(SEBASTOPOL_MOVES)
    result = state.result
    assert result is not None
    assert (result.ending, result.domino_seat) == (Ending.DOMINO, 0)
    assert result.pips == (0, 7, 7, 27)
    assert result.points == (41, 0, 0, 0)
    assert state.play_points == (0, 0, 0, 0)


def test_preset_7_sebastopol_a_block_scores_the_others_pips_minus_the_winners() -> None:
    rules = Ruleset.preset("sebastopol")
    result = score_hand(rules, (5, 12, 9, 20), ending=Ending.BLOCKED)
    assert result.winners == (0,)
    assert result.points == (12 + 9 + 20 - 5, 0, 0, 0)
    tie = score_hand(rules, (5, 5, 9, 20), ending=Ending.BLOCKED)
    assert tie.points == (0, 0, 0, 0)


# ---------------------------------------------------------------- PRESET-8
def test_preset_8_sniff_fields() -> None:
    rules = Ruleset.preset("sniff")
    assert rules == Ruleset.preset("all-fives", spinner_count=SpinnerCount.EXPOSED_HALVES)
    assert (rules.spinner, rules.spinner_fill) == (
        SpinnerRule.FIRST_DOUBLE,
        SpinnerFill.LONG_SIDES_FIRST,
    )
    assert (rules.play_scoring, rules.play_scale, rules.round_to) == (
        PlayScoring.FIVES,
        PlayScale.PIPS,
        5,
    )
    assert (rules.hand_size, rules.match_target, rules.next_lead) == (7, 100, NextLead.WINNER)
    assert Ruleset.preset("sniff", players=3, hand_size=6).hand_size == 6


def test_preset_8_sniff_the_sniff_counts_after_its_long_sides_are_covered() -> None:
    # [PG-SNIFF]: 4-4 led counts 8, 6-4 on it 14; 1-4 on the other long side 6 + 1 + 8 = 15
    small = deal(
        ["4-4", "1-4", "0-0", "0-1", "1-1", "0-2", "1-2"],
        ["4-6", "2-2", "0-3", "1-3", "2-3", "3-3", "0-5"],
    )
    state = HandState.start(Ruleset.preset("sniff"), small).apply_all("4-4 4-6:L 1-4:R")
    assert points(state) == [0, 0, 15]
    state = HandState.start(Ruleset.preset("all-fives"), small).apply_all("4-4 4-6:L 1-4:R")
    assert points(state) == [0, 0, 0]  # 6 + 1 = 7 in All Fives


def test_preset_8_sniff_a_whole_hand() -> None:
    state = HandState.start(Ruleset.preset("sniff"), deal(*SPINNER_HANDS))
    state = state.apply_all(ALL_FIVES_MOVES)
    # 2-6:R 17 and 5-6:U 16 score nothing (5 and 10 in All Fives); 0-6:D 10 as before
    assert points(state) == [0, 15, 0, 0, 10, 10, 15, 0, 15, 0, 0, 0, 0, 0, 0, 0, 10]
    result = state.result
    assert result is not None
    assert (result.play_points, result.end_points, result.points) == ((50, 25), (10, 0), (60, 25))


# ---------------------------------------------------------------- PRESET-9
BERGEN_HANDS = (
    ["3-3", "1-3", "1-6", "4-6", "2-5", "5-6"],
    ["1-1", "3-6", "1-4", "4-4", "2-4", "6-6"],
)
BERGEN_MOVES = "1-1 1-3:R 3-6:R 1-6:L 6-6:R 4-6:L 4-4:L 5-6:R 2-4:L 2-5:L"


def test_preset_9_bergen_fields() -> None:
    rules = Ruleset.preset("bergen")
    assert rules == Ruleset.draw(
        hand_size=6,
        boneyard_floor=2,
        opening=Opening.LOWEST_DOUBLE,
        target=15,
        next_lead=NextLead.OPENING_RULE,
        play_scoring=PlayScoring.BERGEN,
        scoring=Scoring.FIXED,
        fixed_points=2,
        near_target_cap=NearTargetCap.BERGEN,
    )
    assert rules.spinner is SpinnerRule.NONE
    assert (rules.drawing, rules.voluntary_draw) == (DrawRule.UNTIL_PLAYABLE, False)
    assert Ruleset.preset("bergen", players=3).hand_size == 6
    assert Ruleset.preset("bergen", players=4, hand_size=5, target=10).match_target == 10


def test_preset_9_bergen_the_lowest_double_leads_and_headers_score() -> None:
    state = HandState.start(Ruleset.preset("bergen"), deal(*BERGEN_HANDS))
    assert (state.turn, tokens(state)) == (1, ["1-1"])  # 1-1 is lower than 3-3 and 4-4
    state = state.apply_all(BERGEN_MOVES)
    # the double led alone 2; 1-6:L makes 6 and 6 (2); 6-6:R the double and a 6 (3);
    # 4-4:L puts doubles at both ends, 4-4 and 6-6 (nothing); 2-5:L makes 5 and 5 (2)
    assert points(state) == [2, 0, 0, 2, 3, 0, 0, 0, 0, 2]
    assert state.play_points == (4, 5)
    match = Match.start(Ruleset.preset("bergen"), deal=deal(*BERGEN_HANDS))
    for token in BERGEN_MOVES.split():
        match = match.apply(parse_move(token))
    assert (match.scores, match.is_over) == ((4, 5), False)


def test_preset_9_bergen_the_last_two_tiles_are_never_drawn() -> None:
    # double-three, three tiles each: seat 0 leads 0-0 (the lowest double, 2 points);
    # seat 1 has no 0, draws 1-1 and 2-2, and must pass with 0-1 and 0-2 left
    rules = Ruleset.preset("bergen", max_pip=3, hand_size=3)
    small = Deal(
        hands=[["0-0", "3-3", "0-3"], ["1-2", "2-3", "1-3"]],
        boneyard=["1-1", "2-2", "0-1", "0-2"],
    )
    state = HandState.start(rules, small).apply_all("0-0 draw draw")
    assert points(state) == [2, 0, 0]
    assert (tokens(state), state.boneyard) == (["pass"], (Tile(0, 1), Tile(0, 2)))


# ---------------------------------------------------------------- PRESET-10
def test_preset_10_double_bergen_fields() -> None:
    rules = Ruleset.preset("double-bergen")
    assert (rules.spinner, rules.spinner_fill) == (
        SpinnerRule.LEAD_DOUBLE,
        SpinnerFill.ALL_FOUR_FIRST,
    )
    assert rules.play_scoring is PlayScoring.BERGEN
    assert (rules.opening, rules.no_double, rules.next_lead) == (
        Opening.HIGHEST_DOUBLE,
        NoDoubleRule.DRAW_FOR_DOUBLE,
        NextLead.OPENING_RULE,
    )
    assert (rules.hand_size, rules.boneyard_floor, rules.match_target) == (6, 0, 15)


def test_preset_10_double_bergen_four_sides_first_and_matching_arm_ends_score() -> None:
    hands = deal(
        ["6-6", "2-6", "0-6", "2-2", "1-2", "0-1"], ["3-6", "5-6", "2-3", "2-5", "0-0", "1-1"]
    )
    state = HandState.start(Ruleset.preset("double-bergen"), hands)
    state = state.apply_all("6-6 3-6:L 2-6:R")
    assert tokens(state) == ["5-6:U", "5-6:D"]  # the empty short sides first (SPIN-3)
    state = state.apply_all("5-6:U 0-6:D 2-3:L 2-2:R 2-5:U")
    # the lead 2; a pair of 2s 2; a triplet (2-2 and a 2) 3; four 2s 4
    assert points(state) == [2, 0, 0, 0, 0, 2, 3, 4]


def test_preset_10_double_bergen_nobody_holds_a_double() -> None:
    hands = deal(
        ["0-1", "0-2", "1-3", "2-4", "3-5", "4-6"], ["0-3", "1-2", "1-4", "2-5", "3-6", "0-6"]
    )
    state = HandState.start(Ruleset.preset("double-bergen"), hands)
    assert tokens(state) == ["draw"]  # LEAD-5: seat 0 draws 0-0, the first tile
    state = state.apply_all("draw 0-0")
    assert state.play_points == (2, 0)
    assert [arm.end for arm in state.layout.arms] == [End.LEFT, End.RIGHT, End.UP, End.DOWN]


# ------------------------------------------------------- the presets' own deals
@pytest.mark.parametrize(
    ("name", "deal"),
    [
        ("all-fives", {2: 7, 3: 5, 4: 5}),
        ("muggins", {2: 7, 3: 5, 4: 5}),
        ("fives-and-threes", {2: 7, 3: 5, 4: 5}),
        ("sniff", {2: 7, 3: 6, 4: 5}),
        ("bergen", {2: 6, 3: 6, 4: 5}),
        ("double-bergen", {2: 6, 3: 6, 4: 5}),
    ],
)
def test_presets_deal_as_their_sources_by_players(name: str, deal: dict[int, int]) -> None:
    # 7 / 5 / 5 [PG-AF], [GB-53] (partners too), 7 / 6 / 5 [PG-SNIFF], 6 / 6 / 5 [PG-BERG]
    preset = find_preset(name)
    assert dict(preset.hand_sizes) == deal
    for players, tiles in deal.items():
        assert Ruleset.preset(name, players=players).hand_size == tiles
    assert Ruleset.preset(name, players=4, partnership=True).hand_size == deal[4]
    # an explicit hand size, or another set, leaves the preset's deal
    assert Ruleset.preset(name, players=3, hand_size=4).hand_size == 4
    nine = Ruleset.preset(name, max_pip=9, players=5)
    assert nine.hand_size == default_hand_size(nine.drawing, 9, 5, False) == 7
    # overrides() gives back what build() needs, leaving the implied deal out
    rules = Ruleset.preset(name, players=4, partnership=True)
    assert preset.overrides(rules) == {"players": 4, "partnership": True}
    assert preset.build(**(preset.overrides(rules) or {})) == rules


def test_preset_hand_sizes_are_checked() -> None:
    with pytest.raises(ArgumentTypeError, match="hand_sizes must map numbers of players"):
        Preset(name="x", summary="x", game=BaseGame.DRAW, hand_sizes={1: 7})
    with pytest.raises(ArgumentTypeError, match="hand_sizes"):
        Preset(name="x", summary="x", game=BaseGame.DRAW, hand_sizes=[(2, 7)])
