"""The commands on the train games (Mexican Train, Private Trains): play, demo, simulate,
arena, rules, replay and validate."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from dominoes import Deal, HandRecord, HandState, Ruleset
from dominoes.cli.app import cli
from dominoes.cli.text import heaviest_first
from dominoes.records import dumps


def observations_list_train_moves() -> bool:
    """Whether a seat's `Observation` lists its legal moves in a train game, as the agents
    need (the observation layer's part of issue 14)."""
    rules = Ruleset.preset("mexican-train-6")
    state = HandState.start(rules, Deal.random(rules, seed=0))
    try:
        return state.observation(state.turn).legal_moves() == state.legal_moves()
    except Exception:  # (not there yet: any failure)
        return False


AGENTS = pytest.mark.skipif(
    not observations_list_train_moves(),
    reason="the agents need Observation.legal_moves of the train games",
)


def invoke(*argv: str, answers: str | None = None) -> Result:
    return CliRunner().invoke(cli, list(argv), input=answers, env={"COLUMNS": "80"})


@AGENTS
def test_play_a_train_game_naming_the_trains() -> None:
    """Seed 2: seat 0 holds 3-6 and 4-6, each fitting its own train and the Mexican;
    a tile alone is taken only where it fits one train; a run goes on on seat 0's own
    train until it stops; a train is named by its owner's seat."""
    answers = "3-6\n3-6 T0\n0-3\nstop\n1-4 on 1\n" + "1\n" * 60
    result = invoke("play", "--preset", "mexican-train-6", "--seed", "2", answers=answers)
    out = result.output
    assert result.exit_code == 0, out
    assert out.startswith(
        "Mexican Train game (mexican-train-6), engine 6-6, 2 players, double-6, seed 2.\n"
    )
    assert (
        "Trains: T0 (yours) 6, T1 6, M 6; type a number, or a tile and its train (such as\n"
        "    4-6 m).\n"
        "  1. play 3-6 on your train (the 6 end)\n"
        "  2. play 4-6 on your train (the 6 end)\n"
        "  3. play 3-6 on the Mexican train (the 6 end)\n" in out
    )
    assert "Your move [1-4, q to quit]: 3-6\n3-6 fits T0 or M: type the tile and the train" in out
    assert "seat 0 (you) plays 3-6 on seat 0's train\n" in out
    assert "  turn      seat 0 to move again: its first-turn run goes on (T0), or stops\n" in out
    assert "  3. stop (end your first-turn run)\n" in out
    assert "seat 0 (you) plays 0-3 on seat 0's train\n" in out
    assert "seat 0 (you) stops its first-turn run\n" in out
    assert "  train T1  [6|1][1|1]  seat 1, open double\n" in out
    assert "  doubles   T1 1-1 (in force)\n" in out
    assert "seat 0 (you) plays 1-4 on seat 1's train\n" in out
    assert "Result: " in out
    assert "  hub       [6|6]  set aside\n" in out.split("Result: ")[1]  # the final table


@AGENTS
def test_play_refuses_a_train_the_seat_may_not_use() -> None:
    """Seat 1's train carries no marker: a play on it is refused with the engine's reason."""
    answers = "3-6 on 1\n3-6 mexican\n"
    result = invoke("play", "--preset", "mexican-train-6", "--seed", "2", answers=answers)
    assert "You cannot play 3-6:T1: " in result.output
    assert "seat 0 (you) plays 3-6 on the Mexican train\n" in result.output


@AGENTS
def test_a_train_match_is_played_for_its_schedule() -> None:
    result = invoke(
        "play", "--preset", "mexican-train-6", "--match", "--seed", "3", answers="1\n" * 400
    )
    out = result.output
    assert result.exit_code == 0, out
    words = " ".join(out.split())
    assert "The match is played for 7 hands, one for each double from 6-6 to 0-0." in words
    assert "\nHand 1: the engine 6-6\n" in out
    assert "\nHand 7: the engine 0-0\n" in out
    assert "(hand 1 of 7)." in out
    assert "(hand 7 of 7)." in out
    assert "Hand 8" not in out


def test_demo_of_a_train_game_shows_each_trains_end_and_the_final_table() -> None:
    result = invoke("demo", "--preset", "mexican-train-6", "--players", "3", "--seed", "1")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "Mexican Train game, engine 6-6, 3 players, double-6, seed 1"
    assert "  1. seat 0 plays 5-6 on seat 0's train     T0=5 T1=6 T2=6 M=6" in lines
    assert "  2. seat 0 stops its first-turn run        T0=5 T1=6 T2=6 M=6" in lines
    assert " 24. seat 0 passes and marks its train      T0=5* T1=3 T2=5 M=5" in lines
    assert " 28. seat 1 plays 3-3 on seat 1's train     T0=1 T1=[3|3] T2=5 M=5" in lines
    assert lines[-11:] == [
        "  hub       [6|6]  set aside",
        "  train T0  [6|5][5|2][2|0][0|1]  seat 0",
        "  train T1  [6|0][0|0][0|4][4|3][3|3][3|1]  seat 1",
        "  train T2  [6|3][3|2][2|4][4|4][4|5][5|5][5|0][0|3][3|5]  seat 2",
        "  train M   [6|4][4|1][1|5]  Mexican",
        "  doubles   -",
        "  seat 0    1-2 2-2 1-6 2-6  22 pips",
        "  seat 1    -                0 pips",
        "  seat 2    1-1              2 pips",
        "  boneyard  -",
        "  turn      over (domino), won by seat 1; points 22 0 2",
    ]


@AGENTS
def test_simulate_reports_the_markers_out_at_the_end_of_train_hands() -> None:
    argv = ["simulate", "--preset", "mexican-train-6", "--players", "3", "--hands", "30"]
    result = invoke(*argv)
    assert result.exit_code == 0, result.output
    assert "Markers out at the end of a hand (rule TRAIN-4): " in result.output
    data = json.loads(invoke(*argv, "--json").output)
    assert data["hands"] == 30
    markers = data["markers_at_end_per_hand"]["mean"]
    assert 0 <= markers <= 3
    assert 0 <= data["hands_ended_with_a_marker"]["rate"] <= 1
    ended = sum(e["hands"] for e in data["endings"].values())
    assert ended == 30


def test_simulate_reports_no_markers_outside_the_train_games() -> None:
    data = json.loads(invoke("simulate", "--hands", "5", "--json").output)
    assert "markers_at_end_per_hand" not in data
    assert "Markers" not in invoke("simulate", "--hands", "5").output


@AGENTS
def test_arena_plays_train_hands_and_matches() -> None:
    hands = invoke("arena", "--preset", "private-trains", "--set", "max_pip=6", "--hands", "2")
    assert hands.exit_code == 0, hands.output
    assert "Private Trains game, engine 6-6, 2 players, double-6" in hands.output
    matches = invoke("arena", "--preset", "mexican-train-6", "--matches", "2")
    assert matches.exit_code == 0, matches.output
    words = " ".join(matches.output.split())
    assert "2 matches for 7 hands, one for each double from 6-6 to 0-0" in words
    assert "Hands per match: 7.00" in matches.output


def test_rules_lists_the_train_presets_and_shows_their_fields() -> None:
    listed = invoke("rules", "--json")
    names = [row["name"] for row in json.loads(listed.output)]
    assert {"mexican-train", "mexican-train-9", "mexican-train-6", "private-trains"} <= set(names)
    shown = json.loads(invoke("rules", "show", "private-trains", "--json").output)
    fields = {row["field"]: row["value"] for row in shown["fields"]}
    assert fields["trains"] is True
    assert fields["mexican_train"] is False
    assert fields["engine_source"] == "set_aside"
    assert fields["double_follow"] == "must_satisfy"
    text = invoke("rules", "show", "mexican-train-6").output
    assert "A match is played for 7 hands, one for each double from 6-6 to 0-0." in text


def train_record(tmp_path: Path) -> Path:
    """A finished `mexican-train-6` hand for three, without first-turn runs, as a record."""
    rules = Ruleset.preset("mexican-train-6", players=3, first_turn_run=False)
    state = HandState.start(rules, Deal.random(rules, seed=3))
    while not state.is_over:
        state = state.apply(heaviest_first(state))
    path = tmp_path / "train.toml"
    path.write_text(dumps(HandRecord.from_state(state, preset="mexican-train-6")), "utf-8")
    return path


def test_replay_and_validate_a_train_record(tmp_path: Path) -> None:
    path = train_record(tmp_path)
    assert invoke("validate", str(path)).output == f"{path}: ok\n"
    result = invoke("replay", str(path))
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert " 16. seat 2 passes and marks its train      T0=0 T1=6 T2=[0|0]* M=3" in lines
    assert " 17. seat 0 plays 0-6 on seat 2's train     T0=0 T1=6 T2=6* M=3" in lines
    assert "Result: domino! Seat 1 played their last tile." in lines
    assert "  train T2  [6|4][4|5][5|5][5|0][0|0][0|6]  seat 2, marked" in lines


def test_validate_names_an_illegal_train_move(tmp_path: Path) -> None:
    path = train_record(tmp_path)
    text = path.read_text("utf-8").replace('"0 0-6:T2",', '"0 0-6:T1",')
    path.write_text(text, "utf-8")
    result = invoke("validate", str(path))
    assert result.exit_code == 1
    assert "move 17 (0 0-6:T1) is illegal" in result.output
