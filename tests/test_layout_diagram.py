"""Tests of `dominoes.render.diagram`, the text picture of a hand used by the rules pages."""

from __future__ import annotations

import random

import attrs
import pytest

from dominoes import (
    Deal,
    DrawRule,
    End,
    FaultMode,
    FaultPenalty,
    HandState,
    Ruleset,
    Tile,
)
from dominoes.errors import ArgumentTypeError, EmptyLayoutError
from dominoes.render import diagram
from scenario import play_moves

THREE = Ruleset(max_pip=3, players=3, hand_size=2, drawing=DrawRule.UNTIL_PLAYABLE)
THREE_DEAL = Deal(
    hands=[["2-2", "3-3"], ["0-0", "0-1"], ["1-1", "1-3"]],
    boneyard=["1-2", "0-3", "0-2", "2-3"],
)
UP_TO_THE_PASS = "3-3 draw draw 0-3:L 1-3:R draw 0-2:L 0-1:R draw 2-3:L"


def rows(text: str) -> dict[str, str]:
    """The diagram's lines by label (labels are unique except ``seat N``, which carry N)."""
    out: dict[str, str] = {}
    for line in text.split("\n"):
        label, text_part = line[:10].rstrip(), line[10:]
        assert label not in out
        out[label] = text_part
    return out


def test_before_the_lead_shows_hands_boneyard_and_the_leader() -> None:
    text = diagram(HandState.start(THREE, THREE_DEAL))
    assert text.split("\n") == [
        "line      (empty)",
        "seat 0    2-2 3-3  10 pips",
        "seat 1    0-0 0-1  1 pip",
        "seat 2    1-1 1-3  6 pips",
        "boneyard  1-2 0-3 0-2 2-3  (4 tiles)",
        "turn      seat 0 to lead",
    ]


def test_lead_marker_follows_the_lead_tile_as_the_line_grows_left() -> None:
    state = play_moves(HandState.start(THREE, THREE_DEAL), UP_TO_THE_PASS)
    assert str(state.layout) == "[3|2][2|0][0|3][3|3][3|1][1|0]"
    got = rows(diagram(state))
    # 3-3, the lead, is the fourth tile: 3 tiles of 5 characters lie to its left.
    assert got["lead"] == " " * 15 + "^^^^^"
    assert got["line"][15:20] == "[3|3]"
    assert got["ends"] == "left 3, right 0"
    assert got["boneyard"] == "-"
    assert got["seat 0"] == "2-2      4 pips"
    assert got["turn"] == "seat 0 to move"
    assert "round" not in got


def test_the_lead_is_found_for_a_state_built_from_a_position() -> None:
    state = play_moves(HandState.start(THREE, THREE_DEAL), UP_TO_THE_PASS)
    rebuilt = HandState.from_position(state.position(), THREE)
    assert rebuilt.history == ()
    assert diagram(rebuilt) == diagram(state)


def test_an_open_round_shows_the_proposer_the_confirmations_and_who_is_left() -> None:
    state = play_moves(HandState.start(THREE, THREE_DEAL), UP_TO_THE_PASS + " pass")
    got = rows(diagram(state))
    assert got["round"] == "proposed by seat 0; confirmed seat 0; waiting for seats 1 2"
    assert got["turn"] == "seat 1 to move"


def test_a_blocked_hand_shows_the_completed_round_and_the_result() -> None:
    state = play_moves(
        HandState.start(THREE, THREE_DEAL), UP_TO_THE_PASS + " pass 0-0:R pass pass pass"
    )
    got = rows(diagram(state))
    assert got["round"] == "proposed by seat 2; confirmed seats 2 0 1"
    assert got["turn"] == "over (blocked), won by seat 2; points 0 0 7"


def test_a_drawn_hand_has_no_winner() -> None:
    deal = Deal(
        hands=[
            ["6-6", "0-0", "0-1", "1-1", "2-2", "3-3", "4-4"],
            ["5-6", "0-2", "1-2", "0-3", "1-3", "2-3", "0-4"],
        ],
        boneyard=[
            *("1-4", "2-4", "3-4", "0-5", "1-5", "2-5", "3-5"),
            *("4-5", "5-5", "0-6", "1-6", "2-6", "3-6", "4-6"),
        ],
    )
    state = play_moves(HandState.start(Ruleset.block(), deal), "6-6 5-6:R pass pass")
    got = rows(diagram(state))
    assert got["turn"] == "over (blocked), no winner; points 0 0"
    assert got["boneyard"].endswith("(14 tiles)")


def test_a_domino_shows_an_empty_hand_as_a_dash() -> None:
    rules = Ruleset(max_pip=3, players=3, hand_size=2)
    deal = Deal(
        hands=[["3-3", "2-3"], ["1-1", "1-3"], ["0-1", "2-2"]],
        boneyard=["0-0", "0-2", "1-2", "0-3"],
    )
    state = play_moves(HandState.start(rules, deal), "3-3 1-3:R 0-1:R 2-3:L")
    got = rows(diagram(state))
    assert got["seat 0"] == "-    0 pips"
    assert got["turn"] == "over (domino), won by seat 0; points 6 0 0"


def test_partnership_adds_a_line_with_each_sides_pips() -> None:
    rules = Ruleset(max_pip=3, players=4, hand_size=2, partnership=True)
    deal = Deal(
        hands=[["3-3", "0-2"], ["1-1", "1-3"], ["2-2", "2-3"], ["0-1", "1-2"]],
        boneyard=["0-0", "0-3"],
    )
    state = play_moves(HandState.start(rules, deal), "3-3 1-3:R 2-3:L 1-2:R 0-2:L")
    got = rows(diagram(state))
    assert got["sides"] == "0+2 4 pips, 1+3 3 pips"
    assert got["turn"] == "over (domino), won by seats 0 2; points 3 0 3 0"
    assert "sides" not in rows(diagram(HandState.start(THREE, THREE_DEAL)))


def test_a_boneyard_floor_is_shown_with_the_boneyard() -> None:
    rules = Ruleset(
        max_pip=3, players=2, hand_size=3, drawing=DrawRule.UNTIL_PLAYABLE, boneyard_floor=2
    )
    deal = Deal(
        hands=[["3-3", "0-3", "1-3"], ["0-0", "0-1", "1-1"]],
        boneyard=["0-2", "1-2", "2-2", "2-3"],
    )
    got = rows(diagram(HandState.start(rules, deal)))
    assert got["boneyard"] == "0-2 1-2 2-2 2-3  (4 tiles; the last 2 are never drawn)"


def test_one_tile_in_the_boneyard_is_singular() -> None:
    state = play_moves(HandState.start(THREE, THREE_DEAL), "3-3 draw draw 0-3:L 1-3:R draw")
    assert rows(diagram(state))["boneyard"] == "2-3  (1 tile)"


def test_faults_are_listed_with_their_seat_kind_and_move() -> None:
    rules = Ruleset(
        max_pip=3, players=2, hand_size=4, faults=FaultMode.TOLERANT,
        fault_penalty=FaultPenalty.NONE,
    )  # fmt: skip
    deal = Deal(
        hands=[["3-3", "0-0", "1-2", "2-3"], ["0-1", "1-1", "2-2", "1-3"]],
        boneyard=["0-2", "0-3"],
    )
    state = play_moves(HandState.start(rules, deal), "3-3 pass")
    got = rows(diagram(state))
    assert got["faults"] == "seat 1 false pass (move 1)"
    forfeit = attrs.evolve(rules, fault_penalty=FaultPenalty.FORFEIT_HAND)
    ended = play_moves(HandState.start(forfeit, deal), "3-3 pass")
    assert rows(diagram(ended))["turn"].startswith("over (forfeit), won by seat 0")


def test_a_conceded_hand_names_the_seat_that_conceded() -> None:
    rules = Ruleset(max_pip=3, players=3, hand_size=2)
    deal = Deal(
        hands=[["3-3", "0-1"], ["0-2", "1-2"], ["1-1", "2-2"]],
        boneyard=["0-0", "0-3", "1-3", "2-3"],
    )
    state = play_moves(HandState.start(rules, deal), "3-3").concede(2)
    assert rows(diagram(state))["turn"] == "over (conceded by seat 2), won by seat 0; points 11 0 0"


def test_no_line_has_trailing_spaces_and_every_label_fits_its_column() -> None:
    rng = random.Random(11)
    for players, partnership in ((2, False), (3, False), (4, True)):
        rules = Ruleset.draw(players, partnership=partnership)
        state = HandState.start(rules, Deal.random(rules, seed=rng.randrange(1000)))
        while True:
            for line in diagram(state).split("\n"):
                assert line == line.rstrip()
                assert line[8:10] == "  " or line.startswith("boneyard  ")
            if state.is_over:
                break
            state = state.apply(rng.choice(state.legal_moves()))


def test_the_line_is_the_layout_and_the_seat_lines_are_the_hands() -> None:
    rng = random.Random(5)
    rules = Ruleset.block(4, partnership=True)
    state = HandState.start(rules, Deal.random(rules, seed=5))
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_moves()))
        got = rows(diagram(state))
        assert got["line"] == str(state.layout)
        for seat in range(4):
            tiles = got[f"seat {seat}"].split("  ")[0].split()
            assert tiles == ([str(t) for t in state.hand(seat)] or ["-"])
        lead = got["lead"].index("^") // 5
        assert state.layout.tiles[lead] == state.history[0].move.tile  # type: ignore[union-attr]


@pytest.mark.parametrize("bad", [None, "d6 - - - 0 play", Ruleset.block(), Tile(1, 2)])
def test_anything_but_a_hand_state_is_refused(bad: object) -> None:
    with pytest.raises(ArgumentTypeError, match="state must be a HandState") as info:
        diagram(bad)  # type: ignore[arg-type]
    assert isinstance(info.value, TypeError)
    assert info.value.argument == "state"


def test_an_empty_layout_has_no_ends_and_no_length() -> None:
    empty = HandState.start(THREE, THREE_DEAL).layout
    assert empty.ends == ()
    assert len(empty) == 0
    with pytest.raises(EmptyLayoutError, match="the layout is empty: it has no left end") as info:
        empty.end(End.LEFT)
    assert isinstance(info.value, IndexError)
    with pytest.raises(ArgumentTypeError, match=r"end must be End\.LEFT or End\.RIGHT"):
        empty.end(0)  # type: ignore[arg-type]
