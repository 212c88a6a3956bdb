"""Unit tests of the ``dominoes`` command line (``dominoes.cli`` and ``python -m dominoes``)."""

from __future__ import annotations

import importlib
import runpy
import subprocess
import sys
from pathlib import Path

import pytest

import dominoes
from dominoes import DRAW, PASS, Deal, End, HandState, Play, Ruleset, Tile
from dominoes.cli import demo_lines, heaviest_first, main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> list[str]:
    assert main(list(argv)) == 0
    out, err = capsys.readouterr()
    assert err == ""
    return out.splitlines()


def test_demo_default_is_the_seeded_blocked_draw_game(capsys: pytest.CaptureFixture[str]) -> None:
    lines = run(capsys, "demo")
    assert lines[0] == "Draw game, 2 players, double-6, seed 25"
    assert lines[1] == "  seat 0: 1-1 1-2 1-3 1-4 4-6 5-6 6-6"
    assert lines[2] == "  seat 1: 2-2 0-4 4-4 1-5 3-5 4-5 0-6"
    assert lines[3] == "  boneyard: 14 tiles face down"
    assert lines[5].split() == ["1.", "seat", "0", "leads", "6-6", "[6|6]"]
    assert "  9. seat 0 draws 2-5 (13 left)" in lines[13]
    assert any("passes: cannot play, proposes a block" in line for line in lines)
    assert any("plays 3-3 on the left: the round is void" in line for line in lines)
    assert lines[-5:] == [
        "",
        "Result: blocked.",
        "Verification round: proposed by seat 0, confirmed in turn by seats 0, 1, "
        "with nothing left to draw.",
        "Pips left: seat 0: 2, seat 1: 10.",
        "Winner: seat 0, scoring 10 points.",
    ]


def test_demo_is_deterministic(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "demo") == run(capsys, "demo", "--seed", "25", "--game", "draw")
    assert run(capsys, "demo", "--seed", "1") != run(capsys, "demo", "--seed", "2")


def test_demo_block_partnership(capsys: pytest.CaptureFixture[str]) -> None:
    lines = run(capsys, "demo", "--game", "block", "--players", "4", "--partnership", "--seed", "3")
    assert lines[0] == "Block game, 4 players in partnership (seats 0+2 v 1+3), double-6, seed 3"
    assert lines[5] == "  boneyard: 0 tiles face down"
    assert lines[-3:] == [
        "Pips left: seat 0: 10, seat 1: 6, seat 2: 0, seat 3: 0.",
        "Side totals: seats 0+2: 10, seats 1+3: 6.",
        "Winner: seat 1 and seat 3, scoring 10 points.",
    ]
    assert lines[-4].startswith("Result: domino! Seat ")


def test_demo_partnership_names_the_seat_that_dominoed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    lines = run(capsys, "demo", "--game", "block", "--players", "4", "--partnership", "--seed", "3")
    last_move = lines[-6]
    assert " seat 3 plays " in last_move
    assert lines[-4] == "Result: domino! Seat 3 played their last tile."


def test_demo_three_players(capsys: pytest.CaptureFixture[str]) -> None:
    lines = run(capsys, "demo", "--game", "block", "--players", "3", "--seed", "23")
    assert lines[0] == "Block game, 3 players, double-6, seed 23"
    assert lines[4] == "  boneyard: 13 tiles face down"
    assert lines[-1] == "Drawn hand: equal lowest totals, nobody scores."


def test_demo_drawn_hand(capsys: pytest.CaptureFixture[str]) -> None:
    lines = run(capsys, "demo", "--game", "block", "--seed", "78")
    assert lines[-4:] == [
        "Result: blocked.",
        "Verification round: proposed by seat 0, confirmed in turn by seats 0, 1, "
        "with nothing left to draw.",
        "Pips left: seat 0: 6, seat 1: 6.",
        "Drawn hand: equal lowest totals, nobody scores.",
    ]


def test_demo_domino_two_players(capsys: pytest.CaptureFixture[str]) -> None:
    lines = run(capsys, "demo", "--game", "block", "--seed", "3")
    assert lines[-3].startswith("Result: domino! Seat ")
    winner = lines[-3].split()[3]
    assert lines[-1].startswith(f"Winner: seat {winner}, scoring ")


@pytest.mark.parametrize(
    "argv",
    [
        ["demo", "--partnership"],
        ["demo", "--players", "2", "--partnership"],
        ["demo", "--players", "3", "--partnership"],
    ],
)
def test_partnership_needs_four_players(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    with pytest.raises(SystemExit) as info:
        main(argv)
    assert info.value.code == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert "--partnership needs --players 4" in err


@pytest.mark.parametrize(
    "argv",
    [
        [],
        ["play"],
        ["demo", "--game", "cuban"],
        ["demo", "--players", "5"],
        ["demo", "--seed", "x"],
        ["demo", "--extra"],
    ],
)
def test_usage_errors(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(argv)
    assert info.value.code == 2
    assert "usage: dominoes" in capsys.readouterr().err


def test_help(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["demo", "--help"])
    assert info.value.code == 0
    assert "--partnership" in capsys.readouterr().out


def test_demo_lines_match_main(capsys: pytest.CaptureFixture[str]) -> None:
    rules = Ruleset.draw(players=3)
    assert demo_lines(rules, 5) == run(capsys, "demo", "--players", "3", "--seed", "5")


def test_heaviest_first() -> None:
    rules = Ruleset.block()
    state = HandState.start(rules, Deal.random(rules, seed=7))
    assert heaviest_first(state) == Play(tile=Tile(6, 6))
    state = state.apply(heaviest_first(state))
    # 1-6 and 5-6 fit the 6-6: the heavier tile, on the left end
    assert heaviest_first(state) == Play(tile=Tile(5, 6), end=End.LEFT)


def test_heaviest_first_takes_the_forced_move() -> None:
    rules = Ruleset.draw()
    state = HandState.start(rules, Deal.random(rules, seed=25))
    seen = set()
    while not state.is_over:
        move = heaviest_first(state)
        legal = state.legal_moves()
        assert move in legal
        if not isinstance(move, Play):
            assert legal == (move,)
            seen.add(move)
        state = state.apply(move)
    assert seen == {DRAW, PASS}


def test_importing_dunder_main_does_not_run_the_cli(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delitem(sys.modules, "dominoes.__main__", raising=False)
    module = importlib.import_module("dominoes.__main__")
    assert module.main is main
    assert capsys.readouterr() == ("", "")


def test_python_dash_m_in_process(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "argv", ["dominoes", "demo", "--seed", "3"])
    main_py = Path(dominoes.__file__).with_name("__main__.py")
    with pytest.raises(SystemExit) as info:
        runpy.run_path(str(main_py), run_name="__main__")
    assert info.value.code == 0


def test_python_dash_m_subprocess() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "dominoes", "demo"],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0] == "Draw game, 2 players, double-6, seed 25"
    assert lines[-1] == "Winner: seat 0, scoring 10 points."


def test_python_dash_m_usage_error() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "dominoes", "demo", "--partnership"],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert proc.returncode == 2
    assert "--partnership needs --players 4" in proc.stderr
