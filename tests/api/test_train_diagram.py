"""Tests of `dominoes.render.diagram` for the train games (docs/rules/trains.md): the hub,
a row per train, the open doubles and what the seat to move owes; no view names a tile its
reader cannot see."""

from __future__ import annotations

import attrs
from test_layout_diagram import rows, tiles_named

from dominoes import Deal, EngineSource, HandState, Ruleset
from dominoes.render import diagram

THREE = Ruleset.preset("mexican-train-6", players=3, hand_size=5, first_turn_run=False)
"""The rules of the trains page's diagrams section: 6-6 set aside, one play a turn."""

DEAL = Deal(
    hands=[
        ["2-2", "1-3", "4-4", "0-5", "3-6"],
        ["0-0", "1-2", "3-3", "2-4", "5-6"],
        ["1-1", "1-5", "2-5", "0-6", "4-6"],
    ],
    boneyard=["0-1", "0-2", "0-3", "2-3", "0-4", "1-4", "3-4", "3-5", "4-5", "5-5", "1-6", "2-6"],
)
"""The deal of the trains page's diagrams section."""


def test_a_train_table_shows_the_hub_each_train_by_owner_and_the_seat_to_move() -> None:
    state = HandState.start(THREE, DEAL).apply_all(["3-6:T0", "5-6:M", "0-6:T2"])
    assert diagram(state) == "\n".join(
        [
            "hub       [6|6]  set aside",
            "train T0  [6|3]  seat 0",
            "train T1  -  seat 1",
            "train T2  [6|0]  seat 2",
            "train M   [6|5]  Mexican",
            "doubles   -",
            "seat 0    2-2 1-3 4-4 0-5  21 pips",
            "seat 1    0-0 1-2 3-3 2-4  15 pips",
            "seat 2    1-1 1-5 2-5 4-6  25 pips",
            "boneyard  0-1 0-2 0-3 2-3 0-4 1-4 3-4 3-5 4-5 5-5 1-6 2-6  (12 tiles)",
            "turn      seat 0 to move",
        ]
    )


def test_a_marker_and_an_open_double_show_on_their_train_and_the_double_is_owed() -> None:
    """TRAIN-4, TRAIN-5: seat 1 passed (its train is marked); seat 0 laid 4-4 on it and
    owes the play its double earned."""
    moves = ["3-6:T0", "5-6:M", "0-6:T2", "1-3:T0", "draw", "pass", "4-6:T1", "4-4:T1"]
    state = HandState.start(THREE, DEAL).apply_all(moves)
    picture = rows(diagram(state))
    assert picture["train T1"] == "[6|4][4|4]  seat 1, marked, open double"
    assert picture["doubles"] == "T1 4-4 (in force)"
    assert picture["turn"] == "seat 0 to move again: the play its double earned"
    after = rows(diagram(state.apply_all(["draw", "pass", "2-4:T1"])))
    assert after["train T0"] == "[6|3][3|1]  seat 0, marked"
    assert after["train T1"] == "[6|4][4|4][4|2]  seat 1"
    assert after["doubles"] == "-"


def test_doubles_left_by_first_turn_runs_are_in_force_once_every_seat_has_had_its_turn() -> None:
    """TRAIN-7: the 3-3 and 5-5 left open at the end of runs restrict nobody until seat 2
    has ended its first turn; then both are in force, the oldest first."""
    rules = Ruleset.preset("mexican-train-6", players=3, hand_size=5)
    deal = Deal(
        hands=[
            ["0-0", "1-3", "3-3", "2-4", "3-6"],
            ["1-1", "0-2", "0-5", "5-5", "5-6"],
            ["1-2", "0-4", "3-4", "4-4", "2-6"],
        ],
        boneyard=[
            "0-1",
            "2-2",
            "0-3",
            "2-3",
            "1-4",
            "1-5",
            "2-5",
            "3-5",
            "4-5",
            "0-6",
            "1-6",
            "4-6",
        ],
    )
    state = HandState.start(rules, deal).apply("3-6:T0")
    assert rows(diagram(state))["turn"] == (
        "seat 0 to move again: its first-turn run goes on (T0), or stops"
    )
    state = state.apply_all(["3-3:T0", "stop", "5-6:T1", "5-5:T1", "stop", "2-6:T2"])
    waiting = "not in force until every seat has had its first turn"
    assert rows(diagram(state))["doubles"] == f"T0 3-3, T1 5-5 ({waiting})"
    state = state.apply("stop")
    assert rows(diagram(state))["doubles"] == "T0 3-3, T1 5-5 (in force)"
    assert [str(m) for m in state.legal_moves()] == ["1-3:T0"]
    assert rows(diagram(state.apply("1-3:T0")))["doubles"] == "T1 5-5 (in force)"


def test_before_its_holder_lays_the_engine_the_hub_is_empty_and_names_no_tile() -> None:
    """TRAIN-1 (HOLDER): the engine's holder is not told to anyone else."""
    rules = attrs.evolve(THREE, engine_source=EngineSource.HOLDER)
    hands = [list(map(str, hand)) for hand in DEAL.hands]
    hands[1][2] = "6-6"
    state = HandState.start(rules, Deal(hands=hands, boneyard=[*DEAL.boneyard, "3-3"]))
    table = diagram(state, public=True)
    assert rows(table)["hub"] == "-  the engine, double 6, is still to be laid"
    assert "train" not in table
    assert tiles_named(table) == set()
    assert rows(diagram(state))["turn"] == "seat 1 to move"
    laid = rows(diagram(state.apply("6-6")))
    assert laid["hub"] == "[6|6]"
    assert laid["turn"] == "seat 2 to move"


def test_a_finished_hand_shows_every_hand_and_the_penalty_points() -> None:
    """TRAIN-6, TRAIN-10: seat 0 goes out on a double; seat 1's 1-2 costs it 3."""
    rules = Ruleset.preset("mexican-train-6", players=2, hand_size=2, first_turn_run=False)
    rest = [t for t in rules.tile_set.tiles if str(t) not in {"3-6", "3-3", "5-6", "1-2", "6-6"}]
    deal = Deal(hands=[["3-6", "3-3"], ["5-6", "1-2"]], boneyard=rest)
    state = HandState.start(rules, deal).apply_all(["3-6:T0", "5-6:T1", "3-3:T0"])
    for picture in (diagram(state), diagram(state.observation(1)), diagram(state, public=True)):
        shown = rows(picture)
        assert shown["train T0"] == "[6|3][3|3]  seat 0, open double"
        assert shown["doubles"] == "T0 3-3 (unsatisfied at the end)"
        assert shown["seat 0"] == "-    0 pips"
        assert shown["seat 1"] == "1-2  3 pips"
        assert shown["turn"] == "over (domino), won by seat 0; points 0 3"


def test_a_width_breaks_a_long_train_between_tiles_and_keeps_its_words_together() -> None:
    moves = ["3-6:T0", "5-6:M", "0-6:T2", "1-3:T0", "draw", "pass", "4-6:T1", "4-4:T1"]
    state = HandState.start(THREE, DEAL).apply_all(moves)
    lines = diagram(state, width=30).split("\n")
    assert all(len(line) <= 30 for line in lines)
    at = lines.index("train T1  [6|4][4|4]")
    assert lines[at + 1 : at + 3] == ["          seat 1, marked,", "          open double"]
