"""Unit tests of the ``dominoes`` command line (``dominoes.cli`` and ``python -m dominoes``)."""

from __future__ import annotations

import importlib
import runpy
import subprocess
import sys
from pathlib import Path

import pytest

import dominoes
from dominoes import DRAW, PASS, Deal, DrawRule, End, HandState, Play, Ruleset, Tile
from dominoes.cli import demo_lines, heaviest_first, main
from paths import DATA


@pytest.fixture(autouse=True)
def columns(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every command here prints for an 80-column terminal."""
    monkeypatch.setenv("COLUMNS", "80")


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
    assert lines[-6:] == [
        "",
        "Result: blocked.",
        "Verification round: proposed by seat 0, confirmed in turn by seats 0, 1, with",
        "    nothing left to draw.",
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
    assert lines[-5:] == [
        "Result: blocked.",
        "Verification round: proposed by seat 0, confirmed in turn by seats 0, 1, with",
        "    nothing left to draw.",
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
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert "--partnership needs --players 4" in err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        ([], "Usage: dominoes [OPTIONS] COMMAND"),
        (["frobnicate"], "No such command 'frobnicate'"),
        (["demo", "--game", "cuban"], "'cuban' is not one of 'draw', 'block'"),
        (["demo", "--players", "5"], "bad ruleset: no default hand size"),
        (["demo", "--players", "13"], "not in the range 2<=x<=12"),
        (["demo", "--seed", "x"], "'x' is not a valid integer"),
        (["demo", "--extra"], "No such option '--extra'"),
        (["demo", "--game", "block", "--preset", "draw"], "give --game or --preset, not both"),
        (["demo", "--preset", "kansas"], "no preset named 'kansas'"),
        (["demo", "--set", "colour=red"], "no ruleset field 'colour'"),
        (["demo", "--set", "scoring"], "expected FIELD=VALUE"),
    ],
)
def test_usage_errors(capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == "" or argv == []
    assert message in out + err
    assert "Traceback" not in err


def test_help(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--help"]) == 0
    out = capsys.readouterr().out
    assert "--partnership" in out
    assert "Examples:\n    dominoes demo\n" in out
    assert "Exit status: 0 ok, 1 a problem found, 2 a usage error" in out


def test_every_command_has_help_with_examples(capsys: pytest.CaptureFixture[str]) -> None:
    commands = ["play", "demo", "simulate", "rules", "replay", "validate", "arena"]
    assert main(["--help"]) == 0
    top = capsys.readouterr().out
    for command in commands:
        assert f"  {command} " in top
        for argv in ([command, "--help"], [command, "-h"]):
            assert main(argv) == 0
            out = capsys.readouterr().out
            assert out.startswith(f"Usage: dominoes {command} ")
            assert f"Examples:\n    dominoes {command}" in out
            assert "Exit status: 0 " in out
    assert main(["rules", "show", "--help"]) == 0
    assert "dominoes rules show block" in capsys.readouterr().out


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    for flag in ("--version", "-V"):
        assert main([flag]) == 0
        assert capsys.readouterr().out == f"dominoes {dominoes.__version__}\n"


def test_demo_preset_and_settings(capsys: pytest.CaptureFixture[str]) -> None:
    lines = run(capsys, "demo", "--preset", "partnership", "--seed", "3")
    assert lines[0] == "Block game, 4 players in partnership (seats 0+2 v 1+3), double-6, seed 3"
    assert lines == demo_lines(Ruleset.preset("partnership"), 3, 80)
    lines = run(capsys, "demo", "--set", "drawing=one_then_pass", "--seed", "4")
    assert lines == demo_lines(Ruleset.draw(drawing=DrawRule.ONE_THEN_PASS), 4, 80)
    lines = run(capsys, "demo", "--game", "block", "--set", "max_pip=9", "--set", "hand_size=7")
    assert lines[0] == "Block game, 2 players, double-9, seed 25"


def test_main_reads_sys_argv(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "argv", ["dominoes", "demo", "--seed", "3", "--game", "block"])
    assert main() == 0
    assert capsys.readouterr().out.splitlines()[0] == "Block game, 2 players, double-6, seed 3"


@pytest.mark.parametrize("missing", ["click", "rich"])
def test_without_the_cli_extra(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], missing: str
) -> None:
    monkeypatch.setitem(sys.modules, missing, None)  # import raises ImportError
    assert main(["demo"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert (
        err
        == 'dominoes: the command line needs click and rich: pip install "dominoes-rules[cli]"\n'
    )


def test_the_core_does_not_import_the_cli() -> None:
    code = (
        "import sys, dominoes, dominoes.cli, dominoes.arena, dominoes.records; "
        "print(sorted(m for m in ('click', 'rich', 'dominoes.cli.app', 'numpy', 'pyspiel', "
        "'open_spiel', 'pettingzoo', 'gymnasium', 'matplotlib', 'dominoes.adapters.openspiel', "
        "'dominoes.adapters.pettingzoo') if m in sys.modules))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert done.stdout == "[]\n"


def test_demo_through_clirunner() -> None:
    from click.testing import CliRunner

    from dominoes.cli.app import cli

    result = CliRunner().invoke(cli, ["demo", "--game", "block", "--seed", "78"])
    assert result.exit_code == 0
    assert result.output.splitlines() == demo_lines(Ruleset.block(), 78, 80)
    result = CliRunner().invoke(cli, ["demo", "--players", "3", "--partnership"])
    assert result.exit_code == 2
    assert "Error: --partnership needs --players 4" in result.output


def test_demo_lines_match_main(capsys: pytest.CaptureFixture[str]) -> None:
    rules = Ruleset.draw(players=3)
    assert demo_lines(rules, 5, 80) == run(capsys, "demo", "--players", "3", "--seed", "5")


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


def test_python_dash_m_help_and_version() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "dominoes", "--help"],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("Usage: dominoes [OPTIONS] COMMAND [ARGS]...")
    for command in ("play", "demo", "simulate", "rules", "replay", "validate", "arena"):
        assert f"  {command} " in proc.stdout


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


@pytest.mark.parametrize("preset", Ruleset.presets())
def test_demo_prints_every_ending_of_every_preset(preset: str) -> None:
    """Thirty seeded demo hands of every preset print without error, and the blocked
    ones say how the block was established: by a verification round, or under
    immediate detection (DETECT-1) by nobody being able to play."""
    from click.testing import CliRunner

    from dominoes.cli.app import cli

    rules = Ruleset.preset(preset)
    blocked = 0
    for seed in range(30):
        result = CliRunner().invoke(cli, ["demo", "--preset", preset, "--seed", str(seed)])
        assert result.exit_code == 0, result.output
        assert result.exception is None
        if "Result: blocked." in result.output:
            blocked += 1
            how = "Nobody can play" if rules.block_detection.name == "IMMEDIATE" else "round"
            assert how in result.output
    # (Five Up draws until a tile fits and every double opens two more ends: its hands
    # hardly ever block, so only the line games must show a block in thirty seeds)
    assert blocked > 0 or rules.has_arms


@pytest.mark.parametrize("path", sorted(DATA.glob("*.toml")), ids=lambda p: p.name)
def test_every_record_in_the_repository_replays(path: Path) -> None:
    from click.testing import CliRunner

    from dominoes.cli.app import cli

    result = CliRunner().invoke(cli, ["replay", str(path)])
    assert result.exit_code == 0, result.output
    assert result.exception is None
    assert "Result:" in result.output


def test_results_under_penalty_scoring_show_the_penalty_points(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """POINTS-6: under penalty scoring the winner is the seat with the fewest penalty
    points, and a drawn hand still leaves every seat its penalty points."""
    lines = run(capsys, "demo", "--players", "3", "--set", "scoring=penalty")
    assert lines[-2:] == [
        "Winner: seat 2 (fewest penalty points).",
        "Penalty points: seat 0: 2, seat 1: 28, seat 2: 0.",
    ]
    lines = run(
        capsys,
        "demo",
        "--game",
        "block",
        "--players",
        "3",
        "--seed",
        "23",
        "--set",
        "scoring=penalty",
    )
    assert lines[-2:] == [
        "Drawn hand: equal lowest totals.",
        "Penalty points: seat 0: 7, seat 1: 4, seat 2: 4.",
    ]


@pytest.mark.parametrize(
    ("seed", "last"),
    [
        (59, "Winner: seat 0, scoring 1 point."),
        (69, "Winner: seat 1, scoring 0 points."),
        (3, "Winner: seat 0, scoring 6 points."),
    ],
)
def test_one_point_is_singular(capsys: pytest.CaptureFixture[str], seed: int, last: str) -> None:
    assert run(capsys, "demo", "--game", "block", "--seed", str(seed))[-1] == last


@pytest.mark.parametrize(
    "argv",
    [
        [],
        ["--game", "block", "--players", "4", "--partnership", "--seed", "3"],
        ["--preset", "pagat-draw", "--seed", "1"],
        ["--players", "3", "--seed", "5"],
        ["--set", "max_pip=9", "--set", "hand_size=10", "--seed", "2"],
        ["--set", "max_pip=12", "--set", "hand_size=12", "--seed", "5"],
        ["--set", "max_pip=12", "--set", "hand_size=15", "--players", "4", "--seed", "6"],
    ],
)
def test_the_demo_fits_80_columns(argv: list[str]) -> None:
    """Every line fits the width (COLUMNS, 80 when the output is not a terminal): long
    lines are wrapped, and the line of play is shortened in the middle ("...")."""
    from click.testing import CliRunner

    from dominoes.cli.app import cli

    narrow = CliRunner().invoke(cli, ["demo", *argv], env={"COLUMNS": "80"})
    wide = CliRunner().invoke(cli, ["demo", *argv], env={"COLUMNS": "1000"})
    assert narrow.exit_code == wide.exit_code == 0
    lines = narrow.output.splitlines()
    assert max(len(line) for line in lines) <= 80
    assert max(len(line) for line in wide.output.splitlines()) > 80
    moves = [line for line in lines if line[:4].strip().rstrip(".").isdigit()]
    full = [line for line in wide.output.splitlines() if line[:4].strip().rstrip(".").isdigit()]
    assert len(moves) == len(full)  # one line per move, a long move on two
    for short, whole in zip(moves, full, strict=True):
        assert short.split()[:3] == whole.split()[:3]
        ends = whole.split()[-1]
        if "[" in short:  # the tiles at both ends of the line of play are always shown
            shown = short.split()[-1]
            assert shown.startswith(ends[: ends.index("]") + 1])
            assert shown.endswith(ends[ends.rindex("[") :])


def test_the_demo_is_unchanged_by_a_wide_terminal() -> None:
    rules = Ruleset.draw()
    assert demo_lines(rules, 25, 1000) == demo_lines(rules, 25)
    assert demo_lines(rules, 25, 80) != demo_lines(rules, 25)
