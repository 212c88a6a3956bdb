"""The ``dominoes replay`` and ``dominoes validate`` commands, end to end through ``main``."""

from __future__ import annotations

import re
from pathlib import Path

import attrs
import pytest

from dominoes import (
    ConcedeScoring,
    Deal,
    FaultMode,
    FaultPenalty,
    HandEntry,
    HandRecord,
    HandState,
    Match,
    MatchRecord,
    Ruleset,
    Scoring,
    Step,
    Tile,
)
from dominoes.cli import heaviest_first, main, replay_lines
from dominoes.records import MAX_RECORD, dumps, loads
from paths import DATA, DOCS


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, list[str], list[str]]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out.splitlines(), err.splitlines()


def write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


# --------------------------------------------------------------------------- replay
def test_replay_block_hand(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(DATA / "block.toml")
    status, out, err = run(capsys, "replay", path)
    assert (status, err) == (0, [])
    assert out[:8] == [
        "Hand record: Block game, 2 players, double-6.",
        "Ruleset: block (The Block game of seed 002: no drawing, highest double leads.)",
        "Players: seat 0: Ana, seat 1: Ben.",
        "Event name: Tuesday club night",
        "Event date: 2026-03-03",
        "Event note: Table 2, first hand.",
        "",
        "Deal (as recorded):",
    ]
    assert out[8] == "  seat 0 (Ana): 1-1 1-2 3-3 0-4 3-4 3-6 6-6"
    assert out[10].startswith("  boneyard, in draw order: 0-6 0-2 2-2")
    assert out[12].split() == ["1.", "seat", "0", "(Ana)", "leads", "6-6", "[6|6]"]
    assert "proposes a block (verification round opens)" in out[23]
    assert out[24].startswith(" 13. seat 0 (Ana) plays 1-1 on the right: the round is void")
    assert out[-4:] == [
        "",
        "Result: domino! Seat 0 played their last tile.",
        "Pips left: seat 0: 0, seat 1: 12.",
        "Winner: seat 0, scoring 12 points.",
    ]
    assert out == replay_lines(loads((DATA / "block.toml").read_text(encoding="utf-8")))


def test_replay_blocked_draw_game(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "replay", str(DATA / "draw-blocked.toml"))
    assert status == 0
    assert " 14. seat 0 draws 5-6 (10 left)" in "\n".join(out)
    assert out[-4:] == [
        "Result: blocked.",
        "Verification round: proposed by seat 0, confirmed in turn by seats 0, 1, with nothing "
        "left to draw.",
        "Pips left: seat 0: 100, seat 1: 8.",
        "Winner: seat 1, scoring 100 points.",
    ]


def test_replay_partnership_shows_side_totals(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "replay", str(DATA / "partnership.toml"))
    assert status == 0
    assert (
        out[0] == "Hand record: Block game, 4 players in partnership (seats 0+2 v 1+3), double-6."
    )
    assert "Side totals: seats 0+2: 19, seats 1+3: 2." in out
    assert out[-1] == "Winner: seat 1 and seat 3, scoring 19 points."


def test_replay_faults(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "replay", str(DATA / "false-pass.toml"))
    assert status == 0
    assert 'Overrides: faults = "tolerant".' in out
    assert out[-7].startswith("  6. seat 1 passes: a fault (false pass)")
    assert out[-5:] == [
        "Result: forfeit: a fault ended the hand (rule FAULT-2).",
        "Pips left: seat 0: 22, seat 1: 19.",
        "Winner: seat 0, scoring 30 points.",
        "Fault: seat 1, false pass at move 6.",
        "Points: seat 0: 30, seat 1: 0 (penalties: 30, 0).",
    ]
    status, out, _ = run(capsys, "replay", str(DATA / "false-pass-points.toml"))
    assert status == 0
    assert 'Overrides: faults = "tolerant", fault_penalty = "points".' in out
    assert out[-3:] == [
        "Winner: seat 0, scoring 38 points.",
        "Fault: seat 1, false pass at move 6.",
        "Points: seat 0: 38, seat 1: 0 (penalties: 30, 0).",
    ]


def test_replay_a_false_block_with_no_winner() -> None:
    """Both seats pass falsely in one round: a false block (FAULT-5) that nobody wins."""
    block = loads((DATA / "block.toml").read_text(encoding="utf-8"))
    assert isinstance(block, HandRecord)
    rules = Ruleset.block(faults=FaultMode.TOLERANT, fault_penalty=FaultPenalty.NONE)
    record = HandRecord(
        rules=rules, deal=block.deal, moves=["0 6-6", "1 pass", "0 pass"], names=["Ana", "Ben"]
    )
    assert replay_lines(record)[-7:] == [
        "Result: false block: the verification round was completed through a false pass, so "
        "the hand is not blocked (rule FAULT-5).",
        "Verification round: proposed by seat 1, confirmed in turn by seats 1, 0.",
        "Pips left: seat 0: 31, seat 1: 50.",
        "Nobody wins the hand.",
        "Fault: seat 1 (Ben), false pass at move 2.",
        "Fault: seat 0 (Ana), false pass at move 3.",
        "Points: seat 0: 0, seat 1: 0 (penalties: 0, 0).",
    ]


def test_replay_an_unfinished_hand_from_a_seed() -> None:
    record = HandRecord(rules=Ruleset.draw(), seed=25, event={"note": "two\nlines"})
    out = replay_lines(record)
    assert "Event note: two / lines" in out
    assert "Deal (seed 25):" in out
    assert out[-1] == "The hand is not over: seat 0 is to move (1 legal move)."


def test_replay_match(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "replay", str(DATA / "match.toml"))
    assert (status, err) == (0, [])
    text = "\n".join(out)
    assert out[0] == "Match record: Block game, 2 players, double-6."
    assert "Overrides: target = 20." in out
    assert "Target: 20 points." in out
    assert "Hand 1\n\nDeal (as recorded):" in text
    assert "Hand 2\n\nDeal (from the match seed 8):" in text
    assert "  1. seat 1 (Ben) leads 3-5" in text
    assert out.count("Scores: seat 0: 12, seat 1: 0.") == 1
    assert out[-3:] == ["Scores: seat 0: 12, seat 1: 25.", "", "Match over: seat 1 (Ben) wins."]


def test_replay_match_variants() -> None:
    """A match in progress with a hand dealt from its own seed, and a match that ends tied."""
    rules = Ruleset.block()
    out = replay_lines(MatchRecord(rules=rules, hands=[HandEntry(seed=4)]))
    assert "Deal (seed 4):" in out
    assert out[-1] == "The match is not over."
    tie = MatchRecord(
        rules=Ruleset.block(hands_limit=1),
        hands=[HandEntry(deal=Deal.random(rules, seed=78), moves=_drawn_hand())],
    )
    assert tie.final.is_over
    assert replay_lines(tie)[-3:] == [
        "Scores: seat 0: 0, seat 1: 0.",
        "",
        "Match over: a tie.",
    ]


def _drawn_hand() -> tuple[Step, ...]:
    """The demo's drawn Block hand (seed 78): both seats keep 6 pips."""
    rules = Ruleset.block()
    state = HandState.start(rules, Deal.random(rules, seed=78))
    while not state.is_over:
        state = state.apply(heaviest_first(state))
    assert state.result is not None
    assert state.result.winners == ()
    return state.history


def test_replay_partnership_match_winners() -> None:
    record = loads((DATA / "partnership.toml").read_text(encoding="utf-8"))
    assert isinstance(record, HandRecord)
    match = MatchRecord(
        rules=Ruleset.preset("partnership", hands_limit=1),
        hands=[HandEntry(deal=record.deal, moves=record.moves)],
        names=record.names,
    )
    assert replay_lines(match)[-1] == "Match over: seat 1 (East) and seat 3 (West) win."


def test_replay_a_conceded_hand(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "replay", str(DATA / "conceded.toml"))
    assert (status, err) == (0, [])
    assert out[-6:] == [
        "  4. seat 1 (Ben) plays 3-5 on the left   [3|5][5|6][6|6][6|3]",
        "     seat 1 (Ben) concedes                [3|5][5|6][6|6][6|3]",
        "",
        "Result: seat 1 (Ben) conceded the hand (rule CONCEDE-1).",
        "Pips left: seat 0: 22, seat 1: 31.",
        "Winner: seat 0, scoring 31 points.",
    ]
    # conceded before the first move, and under penalty points
    rules = Ruleset.block(concede_scoring=ConcedeScoring.POINTS, concede_points=50)
    penalty = attrs.evolve(rules, scoring=Scoring.PENALTY)
    for ruleset, verdict in (
        (rules, ["Winner: seat 0, scoring 50 points."]),
        (
            penalty,
            ["Winner: seat 0 (fewest penalty points).", "Penalty points: seat 0: 0, seat 1: 50."],
        ),
    ):
        lines = replay_lines(HandRecord(rules=ruleset, seed=3, conceded_by=1))
        at = lines.index("     seat 1 concedes  (empty)")
        assert lines[at + 1 : at + 4] == [
            "",
            "Result: seat 1 conceded the hand (rule CONCEDE-1).",
            "Pips left: seat 0: 40, seat 1: 47.",
        ]
        assert lines[at + 4 :] == verdict


def test_replay_a_conceded_match(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Hand 1 conceded before its first move, hand 2 in its middle with the match."""
    rules = Ruleset.block()
    match = Match.start(rules, seed=4).concede(1).next_hand()
    match = match.apply(match.state.legal_moves()[0]).concede(0, match=True)
    record = MatchRecord.from_match(match, names=["Ana", "Ben"])
    path = write(tmp_path, "conceded.toml", dumps(record))
    status, out, err = run(capsys, "replay", path)
    assert (status, err) == (0, [])
    assert out == replay_lines(record)
    text = "\n".join(out)
    assert text.count("concedes") == 2
    assert "Hand 1\n\nDeal (from the match seed 4):" in text
    assert "Result: seat 1 (Ben) conceded the hand (rule CONCEDE-1)." in out
    assert "Result: seat 0 (Ana) conceded the hand (rule CONCEDE-1)." in out
    scores = ", ".join(f"seat {s}: {p}" for s, p in enumerate(match.scores))
    assert out[-3:] == [
        f"Scores: {scores}.",
        "",
        "Match over (seat 0 (Ana) conceded the match): seat 1 (Ben) wins.",
    ]
    # conceded between hands, by the other seat: the last hand is shown as it ended
    between = Match.start(rules, seed=4).concede(1).concede(0, match=True)
    lines = replay_lines(MatchRecord.from_match(between))
    assert "\n".join(lines).count("concedes") == 1
    assert lines[-1] == "Match over (seat 0 conceded the match): seat 1 wins."
    status, out, err = run(capsys, "validate", path)
    assert (status, out, err) == (0, [f"{path}: ok"], [])


def test_replay_json(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    record = loads((DATA / "block.toml").read_text(encoding="utf-8"))
    path = write(tmp_path, "hand.json", dumps(record, format="json"))
    status, out, _ = run(capsys, "replay", path)
    assert status == 0
    assert out == replay_lines(record)


def test_replay_invalid_record(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    text = (DATA / "block.toml").read_text(encoding="utf-8").replace('"1 5-6:L"', '"1 2-5:L"')
    path = write(tmp_path, "bad.toml", text)
    status, out, err = run(capsys, "replay", path)
    assert (status, out) == (1, [])
    line = next(n for n, t in enumerate(text.splitlines(), 1) if "1 2-5:L" in t)
    assert err == [
        f"{path}:{line}: move 2 (1 2-5:L) is illegal: 2-5 does not match the left end, which "
        "shows 6"
    ]
    empty = write(tmp_path, "empty.toml", "")
    status, out, err = run(capsys, "replay", empty)
    assert status == 1
    assert err == [
        f'{empty}: the key "format" is missing (format = "dominoes-hand" or "dominoes-match")'
    ]


def test_replay_missing_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = str(tmp_path / "nope.toml")
    status, out, err = run(capsys, "replay", path)
    assert (status, out) == (2, [])
    assert err == [f"dominoes replay: cannot read {path}: No such file or directory"]


# --------------------------------------------------------------------------- validate
def test_validate_all_data_files(capsys: pytest.CaptureFixture[str]) -> None:
    paths = sorted(str(p) for p in DATA.glob("*.toml"))
    status, out, err = run(capsys, "validate", *paths)
    assert (status, err) == (0, [])
    assert out == [f"{p}: ok" for p in paths]


def test_validate_reports_every_problem(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    good = str(DATA / "block.toml")
    text = (DATA / "block.toml").read_text(encoding="utf-8")
    text = text.replace('ruleset = "block"', 'ruleset = "block"\ncolour = "red"')
    text = text.replace('"0 3-3:R",', '"0 3-3:L",')
    bad = write(tmp_path, "bad.toml", text)
    nothing = write(tmp_path, "nothing.toml", "")
    status, out, err = run(capsys, "validate", good, bad, nothing)
    assert (status, err) == (1, [])
    lines = text.splitlines()
    colour = next(n for n, t in enumerate(lines, 1) if "colour" in t)
    move7 = next(n for n, t in enumerate(lines, 1) if "0 3-3:L" in t)
    assert out[0] == f"{good}: ok"
    assert out[1].startswith(f'{bad}:{colour}: unknown key "colour"')
    assert out[2] == (
        f"{bad}:{move7}: move 7 (0 3-3:L) is illegal: 3-3 does not match the left end, "
        "which shows 6"
    )
    assert out[3] == (
        f"{bad}:{move7 + 1}: moves 8 to 13 were not checked: replay cannot go on after an "
        "illegal move (move 7)"
    )
    assert out[4:] == [
        f'{nothing}: the key "format" is missing (format = "dominoes-hand" or "dominoes-match")',
        f'{nothing}: the key "version" is missing (version = 1)',
        f'{nothing}: the key "ruleset" is missing (a preset name: {", ".join(Ruleset.presets())})',
        f"{nothing}: a hand record needs a seed or a deal ([deal])",
    ]


def test_validate_unreadable_files(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    missing = str(tmp_path / "missing.toml")
    status, out, err = run(capsys, "validate", str(DATA / "block.toml"), missing, str(tmp_path))
    assert status == 2
    assert out == [f"{DATA / 'block.toml'}: ok"]
    assert err[0] == f"dominoes validate: cannot read {missing}: No such file or directory"
    assert err[1].startswith(f"dominoes validate: cannot read {tmp_path}: Is a directory")


def test_validate_refuses_oversize_and_binary(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    big = tmp_path / "big.toml"
    big.write_bytes(b"#" * (MAX_RECORD + 10))
    binary = tmp_path / "binary.toml"
    binary.write_bytes(b"format = '\xff\xfe'")
    status, out, _ = run(capsys, "validate", str(big), str(binary))
    assert status == 1
    assert out == [
        f"{big}: the record is longer than {MAX_RECORD} bytes",
        f"{binary}: the record is not UTF-8 text (byte 11)",
    ]


def test_validate_escapes_what_it_quotes(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A hostile key cannot send terminal escapes through the report."""
    path = write(tmp_path, "evil.toml", '"\\u001b[2J\\u009b" = 1\n')
    status, out, _ = run(capsys, "validate", path)
    assert status == 1
    assert '"\\u001b[2J\\u009b"' in out[1]
    assert all(ch.isprintable() for line in out for ch in line)


@pytest.mark.parametrize("argv", [["validate"], ["replay"], ["replay", "a", "b"]])
def test_usage_errors(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert f"Usage: dominoes {argv[0]}" in err
    assert "Traceback" not in err


def test_help_mentions_the_commands(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    assert "replay" in out
    assert "validate" in out


def test_replay_of_a_recorded_state(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Record a hand in code, write it, and replay the file."""
    rules = Ruleset.draw(players=3)
    state = HandState.start(rules, Deal.random(rules, seed=5))
    while not state.is_over:
        state = state.apply(state.legal_moves()[0])
    record = HandRecord.from_state(state, seed=5)
    path = write(tmp_path, "three.toml", dumps(record))
    status, out, _ = run(capsys, "replay", path)
    assert status == 0
    assert out[0] == "Hand record: Draw game, 3 players, double-6."
    assert "Overrides: players = 3." in out
    assert "Deal (seed 5):" in out
    assert attrs.evolve(record, seed=None, deal=record.dealt).final == state


def test_replay_shows_tile_and_none_overrides() -> None:
    rules = Ruleset.preset("partnership", opening_tile=Tile(5, 5), target=None)
    record = HandRecord(rules=rules, seed=1)
    assert 'Overrides: opening_tile = "5-5", target = "none".' in replay_lines(record)


def test_the_tutorial_console_sessions(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each ```console block of docs/recording.md is the output for the file at that point."""
    page = (DOCS / "recording.md").read_text(encoding="utf-8")
    start, partial, final = re.findall(r"```toml\n(.*?)```", page, re.DOTALL)
    sessions = re.findall(r"```console\n(.*?)```", page, re.DOTALL)
    during = start.replace("moves = [\n]\n", partial)
    assert during != start
    monkeypatch.chdir(tmp_path)
    statuses = []
    for text, session in zip([start, during, final, final], sessions, strict=True):
        command, *expected = session.rstrip("\n").split("\n")
        Path("hand.toml").write_text(text, encoding="utf-8")
        statuses.append(main(command.removeprefix("$ dominoes ").split()))
        assert capsys.readouterr().out.splitlines() == expected
    assert statuses == [0, 1, 0, 0]


def test_replay_and_validate_through_clirunner(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from dominoes.cli.app import cli

    runner = CliRunner()
    result = runner.invoke(cli, ["replay", str(DATA / "match.toml")])
    assert result.exit_code == 0
    assert result.output.splitlines()[0].startswith("Match record: ")
    bad = write(tmp_path, "bad.toml", "format = 1\n")
    result = runner.invoke(cli, ["validate", str(DATA / "block.toml"), bad])
    assert result.exit_code == 1
    assert result.stdout.splitlines()[0] == f"{DATA / 'block.toml'}: ok"
    result = runner.invoke(cli, ["replay", bad])
    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr.startswith(f"{bad}:1: ")


# --------------------------------------------------------------------------- standard input
def stdin(*argv: str, data: bytes) -> tuple[int, str, str]:
    from click.testing import CliRunner

    from dominoes.cli.app import cli

    result = CliRunner().invoke(cli, list(argv), input=data)
    return result.exit_code, result.stdout, result.stderr


def test_validate_reads_standard_input() -> None:
    data = (DATA / "block.toml").read_bytes()
    assert stdin("validate", "-", data=data) == (0, "<stdin>: ok\n", "")
    code, out, _ = stdin("validate", str(DATA / "match.toml"), "-", data=b"x = \n")
    assert code == 1
    assert out.splitlines()[0] == f"{DATA / 'match.toml'}: ok"
    assert out.splitlines()[1].startswith("<stdin>:1: not valid TOML")
    code, out, _ = stdin("validate", "-", data=b"")
    assert code == 1
    assert out.startswith("<stdin>")


def test_replay_reads_standard_input() -> None:
    for name in ("block.toml", "match.toml", "pagat-draw.toml"):
        path = DATA / name
        code, out, err = stdin("replay", "-", data=path.read_bytes())
        assert (code, err) == (0, "")
        assert out.splitlines() == replay_lines(loads(path.read_text(encoding="utf-8")))
    code, out, err = stdin("replay", "-", data=b'{"format": 1}')
    assert (code, out) == (1, "")
    assert err.startswith("<stdin>")
    assert err.count("\n") == 1


def test_standard_input_through_a_pipe() -> None:
    """The real command, standard input a pipe."""
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-m", "dominoes", "validate", "-"],
        input=(DATA / "partnership.toml").read_bytes(),
        capture_output=True,
        timeout=120,
        check=False,
    )
    assert (done.returncode, done.stdout, done.stderr) == (0, b"<stdin>: ok\n", b"")
