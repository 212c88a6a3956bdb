"""Tests of the presets: PRESET-1, PRESET-2, COMPAT-1 to COMPAT-3 and the Latin presets
PRESET-11 to PRESET-13 (docs/rules/presets.md).

The compatibility scenarios replay the documented games of the engines the presets
reproduce: the two deterministic games of each OpenSpiel test file (deals rebuilt from the
tiles in the order the chance actions dealt them) and hand-built hands for the quirks the
research notes report. Moves are written as the engine prints them: ``"6-6"`` for the lead,
``"5-6:R"`` for a play on the right end, ``"pass"``.
"""

from __future__ import annotations

import warnings
from typing import Any

import attrs
import pytest

from dominoes import (
    PASS,
    AmbiguousPresetWarning,
    BlockDetection,
    BlockTie,
    BlockWinner,
    Deal,
    Direction,
    DominoWinner,
    DrawnLead,
    DrawRule,
    End,
    Ending,
    HandResult,
    HandState,
    Match,
    NextLead,
    Opening,
    PartnerPips,
    Phase,
    Play,
    Preset,
    Ruleset,
    RulesetError,
    Scoring,
    Tile,
    TileSet,
    find_preset,
)
from dominoes.errors import DominoesError, UnknownPresetError
from dominoes.presets import PRESETS, BaseGame
from dominoes.words import describe_rules
from scenario import DEAL_E, MOVES_E, dealt, parse_move, play_moves

NAMES = (
    "block",
    "draw",
    "partnership",
    "pagat-draw",
    "openspiel-block",
    "openspiel-team",
    "abw333",
    "all-fives",
    "muggins",
    "five-up",
    "fives-and-threes",
    "sebastopol",
    "sniff",
    "bergen",
    "double-bergen",
    "cuban",
    "dominican",
    "puerto-rican",
    "mexican-train",
    "mexican-train-9",
    "mexican-train-6",
    "private-trains",
    "chicken-foot",
)


def fields(rules: Ruleset) -> dict[str, Any]:
    return attrs.asdict(rules, recurse=False)


def changed(rules: Ruleset, base: Ruleset) -> dict[str, Any]:
    """The fields of ``rules`` that differ from ``base``."""
    new, old = fields(rules), fields(base)
    return {name: value for name, value in new.items() if old[name] != value}


def play_match(match: Match, moves: str) -> Match:
    for text in moves.split():
        match = match.apply(parse_move(text))
    return match


def openspiel_deal(dealt: str, players: int) -> Deal:
    """The deal made by OpenSpiel's chance actions, ``dealt`` listing the tiles in order.

    python_block_dominoes gives the first 7 tiles to player 0 and the next 7 to player 1;
    python_team_dominoes deals round the table, the k-th tile to player k % 4.
    """
    tiles = [Tile.parse(t) for t in dealt.split()]
    hands = [tiles[:7], tiles[7:14]] if players == 2 else [tiles[p::4] for p in range(4)]
    rest = [t for t in TileSet.double(6) if t not in tiles]
    return Deal(hands=hands, boneyard=rest)


def returns(result: HandResult) -> list[int]:
    """OpenSpiel's zero-sum returns: each seat's side points minus the other side's."""
    n = len(result.points)
    return [result.points[s] - result.points[(s + 1) % n] for s in range(n)]


def abw333_points(result: HandResult) -> int:
    """dominoes 6.1.0's Result.points: positive when seats 0 and 2 won."""
    return result.points[0] - result.points[1]


def hand_str(state: HandState, seat: int) -> str:
    return " ".join(str(t) for t in state.hand(seat))


# ---------------------------------------------------------------- the registry
def test_presets_names_in_documentation_order() -> None:
    assert Ruleset.presets() == NAMES
    for name in NAMES:
        preset = find_preset(name)
        assert isinstance(preset, Preset)
        assert preset.name == name
        assert preset.summary
        assert preset.build() == Ruleset.preset(name)


@pytest.mark.parametrize(
    ("alias", "name"),
    [
        ("block-game", "block"),
        ("BLOCKING", "block"),
        ("standard", "draw"),
        ("Draw Game", "draw"),
        ("International", "partnership"),
        ("pairs", "partnership"),
        ("pagat", "pagat-draw"),
        ("pagat_draw", "pagat-draw"),
        ("  Pagat Draw ", "pagat-draw"),
        ("python_block_dominoes", "openspiel-block"),
        ("Python-Block-Dominoes", "openspiel-block"),
        ("OPENSPIEL_BLOCK", "openspiel-block"),
        ("python team dominoes", "openspiel-team"),
        ("dominoes-6.1.0", "abw333"),
        ("Dominoes_6.1.0", "abw333"),
        ("dominoes package", "abw333"),
        ("ABW333", "abw333"),
        ("Cuban Dominoes", "cuban"),
        ("domino_cubano", "cuban"),
        ("dominican-dominoes", "dominican"),
        ("Puerto Rico 500", "puerto-rican"),
        ("quinientos", "puerto-rican"),
    ],
)
def test_presets_aliases_resolve(alias: str, name: str) -> None:
    assert find_preset(alias).name == name
    assert Ruleset.preset(alias) == Ruleset.preset(name)


@pytest.mark.parametrize(
    ("name", "closest"),
    [
        ("threes-and-fives", ""),
        ("", ""),
        ("block game extra", "; the closest names are block-game"),
        ("openspiel", "; the closest names are openspiel-team, openspiel-block"),
        ("Cubano", "; the closest names are cuban, domino-cubano, cuban-dominoes"),
    ],
)
def test_presets_unknown_name_raises_key_error_naming_the_closest(name: str, closest: str) -> None:
    with pytest.raises(KeyError) as info:
        Ruleset.preset(name)
    message = info.value.args[0]
    assert message == (
        f"no preset named {name!r}{closest} (Ruleset.presets() lists the {len(NAMES)} presets)"
    )
    # one error for an unknown preset, whose text is the plain sentence
    assert isinstance(info.value, UnknownPresetError)
    assert isinstance(info.value, DominoesError)
    assert info.value.name == name
    assert str(info.value) == message
    with pytest.raises(UnknownPresetError) as found:
        find_preset(name)
    assert str(found.value) == message


@pytest.mark.parametrize("name", [None, 5, b"block", ["block"]])
def test_presets_a_name_that_is_not_a_string_is_an_unknown_preset(name: object) -> None:
    with pytest.raises(UnknownPresetError, match="name must be a preset name") as info:
        find_preset(name)  # type: ignore[arg-type]
    assert isinstance(info.value, KeyError)
    assert info.value.name == name


def test_presets_overrides() -> None:
    assert Ruleset.preset("partnership", target=150).target == 150
    assert Ruleset.preset("draw", players=3).hand_size == 5
    assert Ruleset.preset("block", players=4) == Ruleset.block(4)
    pagat = Ruleset.preset("pagat-draw", max_pip=3, hand_size=3, boneyard_floor=1)
    assert (pagat.max_pip, pagat.hand_size, pagat.boneyard_floor) == (3, 3, 1)
    assert pagat.voluntary_draw
    assert find_preset("abw333").build(target=100).target == 100


def test_presets_unknown_field_raises_ruleset_error() -> None:
    with pytest.raises(RulesetError, match="no such ruleset field: spinners") as info:
        Ruleset.preset("block", spinners=True)
    assert info.value.fields == ("spinners",)
    with pytest.raises(RulesetError) as info:
        Ruleset.preset("openspiel-team", colour="red", spinners=1)
    assert info.value.fields == ("colour", "spinners")


def test_presets_inconsistent_override_raises_ruleset_error() -> None:
    with pytest.raises(RulesetError) as info:
        Ruleset.preset("partnership", opening=Opening.HIGHEST_DOUBLE)
    assert set(info.value.fields) == {"opening", "opening_tile"}
    fixed = Ruleset.preset("partnership", opening=Opening.HIGHEST_DOUBLE, opening_tile=None)
    assert fixed.opening is Opening.HIGHEST_DOUBLE
    with pytest.raises(RulesetError) as info:
        Ruleset.preset("partnership", players=2)
    assert "partnership" in info.value.fields
    with pytest.raises(RulesetError):
        Ruleset.preset("block", drawing=DrawRule.UNTIL_PLAYABLE)


def test_presets_block_and_draw_are_the_seed_games() -> None:
    for players in (2, 3, 4):
        assert Ruleset.preset("block", players=players) == Ruleset.block(players)
        assert Ruleset.preset("draw", players=players) == Ruleset.draw(players)
    assert Ruleset.preset("block") == Ruleset.block()
    assert Ruleset.preset("draw").drawing is DrawRule.UNTIL_PLAYABLE


# Seat 3 holds 6-6; after 3-6:L every 6 is down and the sides hold 32 + 13 = 21 + 24 = 45.
DEAL_TIE = Deal(
    hands=[
        ["5-5", "0-2", "2-4", "2-3", "3-3", "1-6", "1-4"],
        ["1-5", "2-6", "4-5", "2-5", "1-1", "0-3", "4-6"],
        ["0-0", "2-2", "3-6", "5-6", "0-5", "0-6", "0-4"],
        ["3-4", "1-3", "6-6", "1-2", "3-5", "0-1", "4-4"],
    ],
)
MOVES_TIE = "6-6 1-6:L 1-5:L 5-6:L pass pass 4-6:L 0-6:R 3-4:L 0-2:R 2-6:R 3-6:L"


def test_preset_1_partnership_fields() -> None:
    rules = Ruleset.preset("partnership")
    assert changed(rules, Ruleset.block()) == {
        "players": 4,
        "partnership": True,
        "opening": Opening.HOLDER_OF_TILE,
        "opening_tile": Tile(6, 6),
        "block_tie": BlockTie.NO_SCORE_NEXT_LEADS,
        "target": 100,
    }
    assert rules.hand_size == 7
    assert rules.teams == ((0, 2), (1, 3))
    assert rules.drawing is DrawRule.NONE
    assert rules.block_winner is BlockWinner.LOWEST_SIDE
    assert rules.scoring is Scoring.OPPONENTS
    assert rules.partner_pips is PartnerPips.IGNORE
    assert rules.next_lead is NextLead.ROTATE
    assert rules.match_target == 100


def test_preset_1_six_six_leads_and_team_totals_decide() -> None:
    rules = Ruleset.preset("partnership")
    state = HandState.start(rules, DEAL_E)
    assert state.turn == 2
    assert state.legal_moves() == (Play(tile=Tile(6, 6)),)
    result = play_moves(state, MOVES_E).result
    assert result is not None
    assert result.ending is Ending.BLOCKED
    # seat 3 holds the lowest hand (23), but 27 + 25 = 52 beats 33 + 23 = 56
    assert result.pips == (27, 33, 25, 23)
    assert result.winners == (0, 2)
    assert result.points == (56, 0, 56, 0)


def test_preset_1_tie_scores_nothing_and_the_next_player_leads() -> None:
    rules = Ruleset.preset("partnership")
    match = attrs.evolve(Match.start(rules, seed=4), state=HandState.start(rules, DEAL_TIE))
    assert match.state.turn == 3
    match = play_match(match, MOVES_TIE + " pass pass pass pass")
    result = match.results[-1]
    assert result.ending is Ending.BLOCKED
    # seat 0: 5-5 2-4 2-3 3-3 1-4 = 32; seat 2: 0-0 2-2 0-5 0-4 = 13; 45 in all
    # seat 1: 4-5 2-5 1-1 0-3 = 21; seat 3: 1-3 1-2 3-5 0-1 4-4 = 24; 45 in all
    assert result.pips == (32, 21, 13, 24)
    assert result.winners == ()
    assert match.scores == (0, 0, 0, 0)
    # seat 3 led: seat 0 leads the next hand, with any tile
    state = match.next_hand().state
    assert state.turn == 0
    assert state.legal_moves() == tuple(Play(tile=t) for t in state.hand(0))


def test_preset_1_lead_rotates_after_a_won_hand() -> None:
    rules = Ruleset.preset("partnership")
    match = attrs.evolve(Match.start(rules, seed=4), state=HandState.start(rules, DEAL_E))
    match = play_match(match, MOVES_E)
    assert match.scores == (56, 0, 56, 0)
    # seat 2 led the first hand: seat 3 leads the second, with any tile
    state = match.next_hand().state
    assert state.turn == 3
    assert len(state.legal_moves()) == 7


# ---------------------------------------------------------------- PRESET-2
PAGAT_SMALL = Deal(
    hands=[["0-2", "0-3", "1-3"], ["0-1", "1-1", "2-2"]],
    boneyard=["3-3", "0-0", "1-2", "2-3"],
)


def test_preset_2_pagat_draw_fields() -> None:
    rules = Ruleset.preset("pagat-draw")
    assert changed(rules, Ruleset.block()) == {
        "drawing": DrawRule.UNTIL_PLAYABLE,
        "voluntary_draw": True,
        "boneyard_floor": 2,
        "opening": Opening.SEAT_ANY_TILE,
        "scoring": Scoring.OPPONENTS_MINUS_OWN,
        "target": 100,
    }
    assert rules.opening_seat == 0
    assert rules.next_lead is NextLead.ROTATE
    assert Ruleset.preset("pagat-draw", players=4).hand_size == 5
    assert Ruleset.preset("pagat-draw", players=3).match_target == 100


def test_preset_2_seat_0_leads_any_tile() -> None:
    rules = Ruleset.preset("pagat-draw")
    deal = Deal.random(rules, seed=12)
    state = HandState.start(rules, deal)
    assert state.turn == 0
    assert state.legal_moves() == tuple(Play(tile=t) for t in state.hand(0))
    # the seat the lots chose
    state = HandState.start(Ruleset.preset("pagat-draw", opening_seat=1), deal)
    assert state.turn == 1
    assert len(state.legal_moves()) == 7


def test_preset_2_voluntary_draw_floor_and_block_scored_minus_own() -> None:
    rules = Ruleset.preset("pagat-draw", max_pip=3, hand_size=3)
    state = play_moves(HandState.start(rules, PAGAT_SMALL), "0-3 0-1:L")
    # seat 0 may play 1-3 on either end, or draw
    assert state.legal_moves() == (
        Play(tile=Tile(1, 3), end=End.LEFT),
        Play(tile=Tile(1, 3), end=End.RIGHT),
        parse_move("draw"),
    )
    state = play_moves(state, "1-3:L")
    # seat 1 (0-1 gone; 1-1, 2-2) cannot play on [3|...|3]: it draws 3-3, which fits
    state = play_moves(state, "draw 3-3:L draw")
    assert str(state.layout) == "[3|3][3|1][1|0][0|3]"
    # the last two tiles, 1-2 and 2-3, stay: 2-3 would fit but cannot be drawn
    assert state.boneyard == (Tile(1, 2), Tile(2, 3))
    assert state.legal_moves() == (PASS,)
    state = play_moves(state, "pass")
    assert state.phase is Phase.VERIFICATION
    result = play_moves(state, "pass").result
    assert result is not None
    assert result.ending is Ending.BLOCKED
    # seat 0: 0-2 + 0-0 = 2; seat 1: 1-1 + 2-2 = 6; seat 0 scores 6 - 2
    assert result.pips == (2, 6)
    assert result.winners == (0,)
    assert result.points == (4, 0)


def test_preset_2_domino_scores_the_opponents_pips() -> None:
    # seat 0 leads 0-3 and goes out; seat 1's own pips are not subtracted from anything
    rules = Ruleset.preset("pagat-draw", max_pip=3, hand_size=3)
    deal = Deal(
        hands=[["0-3", "1-3", "1-2"], ["0-0", "0-1", "2-2"]],
        boneyard=["3-3", "0-2", "1-1", "2-3"],
    )
    result = play_moves(HandState.start(rules, deal), "0-3 0-0:L 1-3:R 0-1:L 1-2:L").result
    assert result is not None
    assert result.ending is Ending.DOMINO
    # seat 1 keeps 2-2 (4)
    assert result.pips == (0, 4)
    assert result.points == (4, 0)


# ---------------------------------------------------------------- COMPAT-1
# block_dominoes_test.py, test_single_deterministic_game_1 and _2 (chance order)
OS_BLOCK_1 = "6-6 0-2 4-4 3-3 2-2 1-1 0-0  5-6 4-5 3-4 2-3 1-2 0-1 4-6"
OS_BLOCK_1_MOVES = (
    "6-6 5-6:R pass 4-5:R 4-4:R 3-4:R 3-3:R 2-3:R 2-2:R 1-2:R 1-1:R 0-1:R 0-0:R 4-6:L"
)
OS_BLOCK_2 = "6-6 0-5 1-5 2-5 3-5 4-5 5-5  0-4 1-4 2-4 3-4 4-4 0-3 1-3"


def test_compat_1_openspiel_block_fields() -> None:
    rules = Ruleset.preset("openspiel-block")
    assert changed(rules, Ruleset.block()) == {
        "opening": Opening.SEAT_ANY_TILE,
        "domino_winner": DominoWinner.LOWEST_TOTAL,
        "block_detection": BlockDetection.IMMEDIATE,
        "hands_limit": 1,
    }
    assert (rules.players, rules.hand_size, rules.opening_seat) == (2, 7, 0)
    assert rules.drawing is DrawRule.NONE
    assert rules.scoring is Scoring.OPPONENTS
    assert rules.block_tie is BlockTie.DRAWN


def test_compat_1_openspiel_test_1_domino() -> None:
    rules = Ruleset.preset("openspiel-block")
    deal = openspiel_deal(OS_BLOCK_1, 2)
    assert len(deal.boneyard) == 14
    state = HandState.start(rules, deal)
    # player 0 leads, with any tile
    assert state.turn == 0
    assert state.legal_moves() == tuple(Play(tile=t) for t in state.hand(0))
    state = play_moves(state, "6-6 5-6:R")
    # "player 0 don't hold any tile with 6 or 5, player 1 turn again": here a Pass
    assert state.legal_moves() == (PASS,)
    state = play_moves(state, OS_BLOCK_1_MOVES.split(" ", 2)[2])
    result = state.result
    assert result is not None
    assert result.ending is Ending.DOMINO
    assert result.domino_seat == 1
    # player 0 holds (0, 2): returns [-2, 2]
    assert result.pips == (2, 0)
    assert result.points == (0, 2)
    assert returns(result) == [-2, 2]


def test_compat_1_openspiel_test_2_blocked_at_once() -> None:
    rules = Ruleset.preset("openspiel-block")
    state = play_moves(HandState.start(rules, openspiel_deal(OS_BLOCK_2, 2)), "6-6")
    # nobody holds a 6: the game ends right after the lead, with no verification round
    result = state.result
    assert result is not None
    assert result.ending is Ending.BLOCKED
    assert result.verification is None
    # player 0: 5 + 6 + 7 + 8 + 9 + 10 = 45; player 1: 4 + 5 + 6 + 7 + 8 + 3 + 4 = 37
    assert result.pips == (45, 37)
    assert result.points == (0, 45)
    assert returns(result) == [-45, 45]


def test_compat_1_going_out_against_double_blank_is_a_tie() -> None:
    rules = Ruleset.preset("openspiel-block")
    deal = openspiel_deal("6-6 5-5 4-4 3-3 2-2 1-1 0-6  5-6 4-5 3-4 2-3 1-2 1-6 0-0", 2)
    moves = "6-6 5-6:R 5-5:R 4-5:R 4-4:R 3-4:R 3-3:R 2-3:R 2-2:R 1-2:R 1-1:R 1-6:R 0-6:L"
    result = play_moves(HandState.start(rules, deal), moves).result
    assert result is not None
    assert result.ending is Ending.DOMINO
    assert result.domino_seat == 0
    # player 1 keeps only 0-0: both totals are 0, a tie worth nothing
    assert result.pips == (0, 0)
    assert result.winners == ()
    assert result.points == (0, 0)
    assert returns(result) == [0, 0]
    # by the Block game's own rule the player who went out wins (with 0 points)
    own = play_moves(
        HandState.start(attrs.evolve(rules, domino_winner=DominoWinner.EMPTIER), deal), moves
    )
    assert own.result is not None
    assert own.result.winners == (0,)


def test_compat_1_same_value_ends_give_two_plays_with_the_same_ends() -> None:
    rules = Ruleset.preset("openspiel-block")
    state = play_moves(HandState.start(rules, openspiel_deal(OS_BLOCK_1, 2)), "6-6")
    # OpenSpiel: one action per tile on the pip 6 (4-6 and 5-6); here each tile on either end
    assert state.legal_moves() == (
        Play(tile=Tile(4, 6), end=End.LEFT),
        Play(tile=Tile(4, 6), end=End.RIGHT),
        Play(tile=Tile(5, 6), end=End.LEFT),
        Play(tile=Tile(5, 6), end=End.RIGHT),
    )
    left = play_moves(state, "5-6:L")
    right = play_moves(state, "5-6:R")
    assert str(left.layout) == "[5|6][6|6]"
    assert str(right.layout) == "[6|6][6|5]"
    assert sorted(left.layout.ends) == sorted(right.layout.ends) == [5, 6]
    # the covered pip of an OpenSpiel action is the value on the chosen end
    assert state.layout.end(End.LEFT) == state.layout.end(End.RIGHT) == 6


def test_compat_1_returns_are_zero_sum() -> None:
    rules = Ruleset.preset("openspiel-block")
    for order, moves in ((OS_BLOCK_1, OS_BLOCK_1_MOVES), (OS_BLOCK_2, "6-6")):
        result = play_moves(HandState.start(rules, openspiel_deal(order, 2)), moves).result
        assert result is not None
        assert min(result.points) == 0
        assert sum(returns(result)) == 0
    match = Match.start(rules, seed=3)
    while not match.state.is_over:
        match = match.apply(match.state.legal_moves()[0])
    assert match.is_over  # a single game


# ---------------------------------------------------------------- COMPAT-2
# team_dominoes_test.py: the tiles in the order the test's deal_hands feeds them
OS_TEAM_1 = (
    "1-3 0-5 1-1 2-3 4-5 3-5 0-1  2-5 3-4 2-2 0-4 3-3 2-6 1-6 "
    "5-6 6-6 1-4 2-4 4-4 0-0 1-5  4-6 0-2 0-3 3-6 5-5 1-2 0-6"
)
OS_TEAM_1_MOVES = (
    "3-4 2-4:R 1-2:R 0-3:L 1-3:R 3-5:R 0-2:L 2-5:L 1-5:L 0-5:R 1-1:L 0-6:R "
    "3-6:R 1-6:L 5-6:L 3-3:R 4-5:L 4-6:L pass 6-6:L 2-6:L 2-2:L pass 2-3:R"
)
OS_TEAM_2 = (
    "0-6 3-6 1-3 1-4 5-5 0-0 2-6  1-5 2-2 0-2 0-3 4-5 6-6 5-6 "
    "2-4 3-4 3-3 0-4 1-1 1-6 3-5  0-5 0-1 4-4 2-3 1-2 2-5 4-6"
)
OS_TEAM_2_MOVES = (
    "0-6 0-5:L 2-6:R 1-5:L 2-3:R 3-6:R 1-3:L 1-6:R 3-5:L 5-6:L 1-1:R 4-6:L pass "
    "0-4:L 0-1:R pass pass 0-0:L 0-3:L 3-4:L pass 0-2:R 2-4:R 1-4:L pass 1-2:L"
)
# Player 0 goes out while partner 2 holds 0-6, 1-6, 6-6 (25) and the opponents 0-1 and 0-0.
DEAL_OUT = Deal(
    hands=[
        ["1-2", "0-3", "1-3", "4-4", "0-5", "4-5", "4-6"],
        ["0-1", "0-2", "0-4", "3-4", "5-5", "2-6", "3-6"],
        ["1-4", "2-4", "1-5", "3-5", "0-6", "1-6", "6-6"],
        ["0-0", "1-1", "2-2", "2-3", "3-3", "2-5", "5-6"],
    ],
)
MOVES_OUT = (
    "1-2 2-6:R 1-5:L 5-6:L 4-6:R 3-6:L 3-5:L 2-5:L 4-4:R 0-2:L 2-4:R 2-2:R "
    "0-5:L 5-5:L pass 2-3:R 4-5:L 3-4:L pass 3-3:R 0-3:R 0-4:R 1-4:R 1-1:R 1-3:L"
)


def test_compat_2_openspiel_team_fields() -> None:
    rules = Ruleset.preset("openspiel-team")
    assert changed(rules, Ruleset.block(4, partnership=True)) == {
        "opening": Opening.SEAT_ANY_TILE,
        "domino_winner": DominoWinner.LOWEST_TOTAL,
        "block_detection": BlockDetection.IMMEDIATE,
        "hands_limit": 1,
    }
    assert (rules.hand_size, rules.teams, rules.opening_seat) == (7, ((0, 2), (1, 3)), 0)
    assert rules.block_winner is BlockWinner.LOWEST_SIDE
    assert rules.scoring is Scoring.OPPONENTS


def test_compat_2_openspiel_test_1_round_robin_deal_stuck() -> None:
    rules = Ruleset.preset("openspiel-team")
    state = HandState.start(rules, openspiel_deal(OS_TEAM_1, 4))
    # the k-th tile dealt goes to player k % 4: not the test's variable hand0
    assert hand_str(state, 0) == "1-3 1-4 3-4 1-5 4-5 2-6 3-6"
    assert state.turn == 0
    result = play_moves(state, OS_TEAM_1_MOVES).result
    assert result is not None
    assert result.ending is Ending.BLOCKED
    assert result.blocked_by == 3
    # p0 (1,4) = 5, p1 (5,5) = 10, p2 (0,1) (0,4) (4,4) = 13, p3 (0,0) = 0
    assert result.pips == (5, 10, 13, 0)
    # team 0 holds 18, team 1 holds 10: team 1 wins 18
    assert result.winners == (1, 3)
    assert result.points == (0, 18, 0, 18)
    assert returns(result) == [-18, 18, -18, 18]


def test_compat_2_openspiel_test_2_domino() -> None:
    rules = Ruleset.preset("openspiel-team")
    result = play_moves(
        HandState.start(rules, openspiel_deal(OS_TEAM_2, 4)), OS_TEAM_2_MOVES
    ).result
    assert result is not None
    assert result.ending is Ending.DOMINO
    assert result.domino_seat == 1
    # p0 5-5 2-2 6-6 3-3 = 32, p2 2-5 = 7: 39; p3 4-5 4-4 = 17
    assert result.pips == (32, 0, 7, 17)
    assert result.winners == (1, 3)
    assert returns(result) == [-39, 39, -39, 39]


def test_compat_2_going_out_can_lose() -> None:
    rules = Ruleset.preset("openspiel-team")
    result = play_moves(HandState.start(rules, DEAL_OUT), MOVES_OUT).result
    assert result is not None
    assert result.ending is Ending.DOMINO
    assert result.domino_seat == 0
    # partner 2 keeps 0-6 1-6 6-6 = 25; opponents keep 0-1 (1) and 0-0 (0)
    assert result.pips == (0, 1, 25, 0)
    # team 0 holds 25 against 1: the team that went out loses 25
    assert result.winners == (1, 3)
    assert result.points == (0, 25, 0, 25)
    assert returns(result) == [-25, 25, -25, 25]
    # under the plain partnership Block game the side that went out wins the opponents' 1
    plain_rules = Ruleset.block(4, partnership=True, opening=Opening.SEAT_ANY_TILE)
    plain = play_moves(HandState.start(plain_rules, DEAL_OUT), MOVES_OUT)
    assert plain.result is not None
    assert plain.result.winners == (0, 2)
    assert plain.result.points == (1, 0, 1, 0)


def test_compat_2_mover_plays_again_after_three_passes() -> None:
    rules = Ruleset.preset("openspiel-team")
    deal = Deal(
        hands=[
            ["0-2", "1-2", "1-3", "2-4", "2-5", "5-5", "2-6"],
            ["0-3", "2-3", "3-4", "3-5", "0-6", "1-6", "5-6"],
            ["0-0", "1-1", "0-4", "4-4", "1-5", "3-6", "4-6"],
            ["0-1", "2-2", "3-3", "1-4", "0-5", "4-5", "6-6"],
        ],
    )
    state = play_moves(
        HandState.start(rules, deal), "1-2 1-6:L 4-6:L 2-2:R 2-4:L 2-3:R 3-6:R 6-6:R 2-6:R"
    )
    assert state.layout.ends == (2, 2)
    # nobody else holds a 2: OpenSpiel lets player 0 play again; here three passes first
    for seat in (1, 2, 3):
        assert state.turn == seat
        assert state.legal_moves() == (PASS,)
        state = state.apply(PASS)
    assert not state.is_over
    assert state.turn == 0
    assert state.legal_moves() == (
        Play(tile=Tile(0, 2), end=End.LEFT),
        Play(tile=Tile(0, 2), end=End.RIGHT),
        Play(tile=Tile(2, 5), end=End.LEFT),
        Play(tile=Tile(2, 5), end=End.RIGHT),
    )


# ---------------------------------------------------------------- COMPAT-3
# Seat 0 leads 1-4; the game sticks with both ends on 5 and every 5 on the table.
DEAL_15_17 = Deal(
    hands=[
        ["0-0", "2-2", "1-4", "3-4", "1-6", "2-6", "3-6"],
        ["1-2", "0-3", "0-4", "3-5", "5-5", "0-6", "6-6"],
        ["1-1", "3-3", "2-4", "0-5", "1-5", "4-5", "5-6"],
        ["0-1", "0-2", "1-3", "2-3", "4-4", "2-5", "4-6"],
    ],
)
MOVES_15_17 = (
    "1-4 1-2:L 2-4:R 2-3:R 2-2:L 0-3:R 0-5:R 2-5:R 2-6:R 6-6:R 5-6:R 0-2:L 0-0:L 5-5:R "
    "4-5:R 4-6:R 1-6:R 0-6:L 1-5:R pass 3-6:L 3-5:L"
)


def test_compat_3_abw333_fields() -> None:
    rules = Ruleset.preset("abw333")
    assert changed(rules, Ruleset.block(4, partnership=True)) == {
        "opening": Opening.SEAT_ANY_TILE,
        "block_detection": BlockDetection.IMMEDIATE,
        "scoring": Scoring.ALL_PIPS,
        "target": 200,
        "next_lead": NextLead.WINNER,
        "drawn_lead": DrawnLead.SAME_LEADER,
    }
    assert rules.domino_winner is DominoWinner.EMPTIER
    assert rules.block_tie is BlockTie.DRAWN
    assert rules.opening_seat == 0
    assert rules.hands_limit is None


def test_compat_3_going_out_scores_all_three_other_hands() -> None:
    rules = Ruleset.preset("abw333")
    result = play_moves(HandState.start(rules, DEAL_OUT), MOVES_OUT).result
    assert result is not None
    assert result.ending is Ending.DOMINO
    # the team of the player who went out always wins: 1 + 25 + 0 = 26, partner included
    assert result.winners == (0, 2)
    assert result.points == (26, 0, 26, 0)
    assert abw333_points(result) == 26
    # player 1 goes out in OpenSpiel's second team game: 32 + 7 + 17 = 56, Result.points -56
    result = play_moves(
        HandState.start(rules, openspiel_deal(OS_TEAM_2, 4)), OS_TEAM_2_MOVES
    ).result
    assert result is not None
    assert result.points == (0, 56, 0, 56)
    assert abw333_points(result) == -56


def test_compat_3_stuck_15_v_17_scores_32_to_the_lower_side() -> None:
    rules = Ruleset.preset("abw333")
    state = play_moves(HandState.start(rules, DEAL_15_17), MOVES_15_17)
    assert state.layout.ends == (5, 5)
    result = state.result
    assert result is not None
    assert result.ending is Ending.BLOCKED
    assert result.blocked_by == 1
    # seat 0 keeps 3-4 (7), seat 2 keeps 1-1 3-3 (8): 15
    # seat 1 keeps 0-4 (4), seat 3 keeps 0-1 1-3 4-4 (13): 17
    assert result.pips == (7, 4, 8, 13)
    assert result.winners == (0, 2)
    # both teams' totals: 15 + 17 = 32 to the lower side; Result.points = +32
    assert result.points == (32, 0, 32, 0)
    assert abw333_points(result) == 32
    # OpenSpiel's first team game under this preset: 10 against 18, -28
    result = play_moves(
        HandState.start(rules, openspiel_deal(OS_TEAM_1, 4)), OS_TEAM_1_MOVES
    ).result
    assert result is not None
    assert result.points == (0, 28, 0, 28)
    assert abw333_points(result) == -28


def test_compat_3_stuck_tie_scores_nothing_and_the_leader_leads_again() -> None:
    rules = Ruleset.preset("abw333", opening=Opening.HOLDER_OF_TILE, opening_tile=Tile(6, 6))
    match = attrs.evolve(Match.start(rules, seed=6), state=HandState.start(rules, DEAL_TIE))
    assert match.state.turn == 3
    # stuck at once after 3-6:L: no verification round under IMMEDIATE
    match = play_match(match, MOVES_TIE)
    result = match.results[-1]
    assert result.ending is Ending.BLOCKED
    assert result.pips == (32, 21, 13, 24)
    assert result.winners == ()
    assert abw333_points(result) == 0
    assert match.scores == (0, 0, 0, 0)
    # the previous game's starting player (seat 3) starts again, with any tile
    state = match.next_hand().state
    assert state.turn == 3
    assert state.legal_moves() == tuple(Play(tile=t) for t in state.hand(3))


def test_compat_3_series_first_hand_is_led_by_six_six() -> None:
    series = Ruleset.preset("abw333", opening=Opening.HOLDER_OF_TILE, opening_tile=Tile(6, 6))
    state = HandState.start(series, openspiel_deal(OS_TEAM_1, 4))
    assert Tile(6, 6) in state.hand(3)
    assert state.turn == 3
    assert state.legal_moves() == (Play(tile=Tile(6, 6)),)
    match = Match.start(series, seed=42)
    holder = next(s for s in range(4) if Tile(6, 6) in match.state.hand(s))
    assert match.state.turn == holder
    assert match.state.legal_moves() == (Play(tile=Tile(6, 6)),)
    # Game.new() with no starting domino: the preset's default, seat 0 with any tile
    default = HandState.start(Ruleset.preset("abw333"), openspiel_deal(OS_TEAM_1, 4))
    assert default.turn == 0
    assert len(default.legal_moves()) == 7


def _next_leader(deal: Deal, moves: str) -> int:
    rules = Ruleset.preset("abw333")
    match = attrs.evolve(Match.start(rules, seed=6), state=HandState.start(rules, deal))
    match = play_match(match, moves)
    assert match.state.is_over
    return match.next_hand().state.turn


def test_compat_3_series_next_leader() -> None:
    # a player who went out leads: player 0
    assert _next_leader(DEAL_OUT, MOVES_OUT) == 0
    # ... player 1 in OpenSpiel's second team game
    assert _next_leader(openspiel_deal(OS_TEAM_2, 4), OS_TEAM_2_MOVES) == 1
    # stuck by player 3, whose team won: player 3
    assert _next_leader(openspiel_deal(OS_TEAM_1, 4), OS_TEAM_1_MOVES) == 3
    # stuck by player 1, whose team lost: the next player, 2
    assert _next_leader(DEAL_15_17, MOVES_15_17) == 2


def test_compat_3_series_to_200() -> None:
    rules = Ruleset.preset("abw333")
    assert rules.match_target == 200
    start = HandState.start(rules, DEAL_15_17)
    # 168 + 32 = 200: reaching the target is enough
    match = play_match(
        Match(rules=rules, seed=0, state=start, scores=(168, 150, 168, 150)), MOVES_15_17
    )
    assert match.scores == (200, 150, 200, 150)
    assert match.is_over
    assert match.winner == (0, 2)
    match = play_match(
        Match(rules=rules, seed=0, state=start, scores=(167, 150, 167, 150)), MOVES_15_17
    )
    assert match.scores == (199, 150, 199, 150)
    assert not match.is_over


# ---------------------------------------------------------------- ambiguous aliases
@pytest.mark.parametrize(("alias", "name"), [("latin", "partnership"), ("Capicua", "dominican")])
def test_presets_an_ambiguous_alias_says_which_game_it_picked(alias: str, name: str) -> None:
    with pytest.warns(AmbiguousPresetWarning) as caught:
        preset = find_preset(alias)
    assert preset.name == name
    (warning,) = caught
    text = str(warning.message)
    assert text.startswith(f"the preset name {alias!r} also names other games; it picked {name!r}")
    assert preset.summary in text
    assert warning.filename == __file__  # it points at the caller
    with pytest.warns(AmbiguousPresetWarning) as caught:
        assert Ruleset.preset(alias) == Ruleset.preset(name)
    assert caught[0].filename == __file__


def test_presets_names_and_plain_aliases_do_not_warn() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for preset in PRESETS.values():
            for name in (preset.name, *preset.aliases):
                if name not in preset.ambiguous:
                    assert find_preset(name) is preset
    with pytest.raises(ValueError, match="ambiguous must be a tuple of the preset's aliases"):
        Preset(name="x", aliases=("y",), ambiguous=("z",), summary="x", game=BaseGame.BLOCK)


# ---------------------------------------------------------------- PRESET-11 to PRESET-13
LATIN_BASE = Ruleset.preset("partnership")


def test_preset_11_cuban_fields() -> None:
    rules = Ruleset.preset("cuban")
    assert changed(rules, LATIN_BASE) == {
        "max_pip": 9,
        "hand_size": 10,
        "opening": Opening.HIGHEST_DOUBLE,
        "opening_tile": None,
        "next_lead": NextLead.WINNER,
        "direction": Direction.COUNTER_CLOCKWISE,
    }
    assert rules.match_target == 100
    assert not rules.has_bonuses
    assert rules.game_order_bonus == ()
    deal = Deal.random(rules, seed=1)
    assert [len(hand) for hand in deal.hands] == [10, 10, 10, 10]
    assert len(deal.boneyard) == 15  # never drawn: the Block game
    words = "Block game, 4 players in partnership, counter-clockwise, double-9"
    assert describe_rules(rules) == words


CUBAN_MOVES = "9-9 8-9:R 7-8:R 1-7:R 5-9:L 3-5:L 1-4:R 2-4:R 2-3:L"


def test_preset_11_cuban_the_highest_double_leads_and_play_goes_to_the_right() -> None:
    rules = Ruleset.preset("cuban", hand_size=3)
    held = (
        ["9-9", "5-9", "2-3"],
        ["1-7", "2-4", "6-6"],
        ["7-8", "1-4", "0-0"],
        ["8-9", "3-5", "4-4"],
    )
    deal = dealt(*held, max_pip=9)
    match = Match.start(rules, deal=deal)
    assert match.state.legal_moves() == (Play(tile=Tile(9, 9)),)
    turns = []
    for text in CUBAN_MOVES.split():
        turns.append(match.state.turn)
        match = match.apply(parse_move(text))
    assert turns == [0, 3, 2, 1, 0, 3, 2, 1, 0]
    result = match.results[-1]
    assert result.ending is Ending.DOMINO
    assert result.points == (20, 0, 20, 0)  # 6-6 and 4-4 left; no capicúa bonus
    assert result.bonuses == ()
    following = match.next_hand().state  # the winner leads, with any tile
    assert following.turn == 0
    assert following.legal_moves() == tuple(Play(tile=t) for t in following.hand(0))


DOMINICAN_HANDS = (
    ["6-6", "1-2", "0-3"],
    ["3-3", "1-3", "0-1"],
    ["5-6", "4-5", "0-0"],
    ["1-1", "0-2", "2-3"],
)


def test_preset_12_dominican_fields() -> None:
    rules = Ruleset.preset("dominican")
    assert changed(rules, LATIN_BASE) == {
        "target": 200,
        "capicua_bonus": 25,
        "pase_corrido_bonus": 25,
        "pase_de_salida_bonus": 50,
        "pase_de_salida_double_bonus": 25,
        "direction": Direction.COUNTER_CLOCKWISE,
    }
    assert rules.chuchazo_bonus == 0
    assert rules.game_order_bonus == ()


def test_preset_12_dominican_pase_de_salida_and_pase_corrido_counter_clockwise() -> None:
    rules = Ruleset.preset("dominican", hand_size=3)
    state = HandState.start(rules, dealt(*DOMINICAN_HANDS))
    # 6-6; seat 3 has no 6 (salida, after a double: 25); seat 2 lays 5-6, seats 1, 0, 3
    # pass and seat 2 plays again (corrido: 25); after 4-5 the hand is blocked
    state = play_moves(state, "6-6 pass 5-6:R pass pass pass 4-5:R pass pass pass pass")
    result = state.result
    assert result is not None
    assert [(b.kind.name, b.seat, b.points, b.move_number) for b in result.bonuses] == [
        ("PASE_DE_SALIDA", 0, 25, 1),
        ("PASE_CORRIDO", 2, 25, 6),
    ]
    assert [step.seat for step in state.history[:6]] == [0, 3, 2, 1, 0, 3]
    assert result.ending is Ending.BLOCKED
    assert result.pips == (6, 11, 0, 9)
    assert result.points == (70, 0, 70, 0)  # the 20 pips of seats 1 and 3, 25 and 25


PR_HANDS = (
    ["6-6", "1-4", "0-4"],
    ["3-5", "2-4", "2-2"],
    ["4-6", "0-1", "3-3"],
    ["5-6", "2-3", "1-1"],
)
PR_MOVES = "6-6 5-6:R 4-6:L 3-5:R 1-4:L 2-3:R 0-1:L 2-4:R 0-4:R"


def test_preset_13_puerto_rican_fields() -> None:
    rules = Ruleset.preset("puerto-rican")
    assert changed(rules, LATIN_BASE) == {
        "scoring": Scoring.ALL_PIPS,
        "target": 500,
        "capicua_bonus": 100,
        "chuchazo_bonus": 100,
        "direction": Direction.COUNTER_CLOCKWISE,
        "game_order_bonus": (100, 75, 50, 25),
    }
    assert rules.pase_corrido_bonus == rules.pase_de_salida_bonus == 0
    assert describe_rules(rules) == (
        "Block game, bonuses (capicúa 100, chuchazo 100, the first hands won 100/75/50/25), "
        "4 players in partnership, counter-clockwise, double-6"
    )


def test_preset_13_puerto_rican_capicu_every_pip_and_the_first_hand_won() -> None:
    rules = Ruleset.preset("puerto-rican", hand_size=3)
    match = play_match(Match.start(rules, deal=dealt(*PR_HANDS)), PR_MOVES)
    result = match.results[-1]
    assert result.ending is Ending.DOMINO
    assert result.pips == (0, 4, 6, 2)
    assert result.bonuses[0].kind.name == "CAPICUA"
    assert result.points == (112, 0, 112, 0)  # every pip left, the partner's too, and 100
    assert match.game_order_points == ((100, 0, 100, 0),)
    assert match.scores == (212, 0, 212, 0)
    assert match.next_hand().state.turn == 3  # the lead passes to the right


def test_preset_13_puerto_rican_a_chuchazo() -> None:
    rules = Ruleset.preset("puerto-rican", hand_size=3)
    hands = (
        ["6-6", "1-4", "0-0"],
        ["3-5", "0-2", "2-2"],
        ["4-6", "0-1", "3-3"],
        ["5-6", "2-3", "1-1"],
    )
    state = play_moves(
        HandState.start(rules, dealt(*hands)), "6-6 5-6:R 4-6:L 3-5:R 1-4:L 2-3:R 0-1:L 0-2:R 0-0:L"
    )
    result = state.result
    assert result is not None
    assert [(b.kind.name, b.points) for b in result.bonuses] == [("CHUCHAZO", 100)]
    assert result.points == (112, 0, 112, 0)  # 2-2, 3-3 and 1-1 left: 12, and 100
