"""A user's own agent (``module:Class``, ``path/to/file.py:Class``, ``:factory``) in
``dominoes arena``, ``simulate`` and ``play``, and `dominoes.agents.load_agent`."""

from __future__ import annotations

import json
import pickle
import random
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from dominoes import (
    AgentError,
    Deal,
    Draw,
    FaultKind,
    FaultMode,
    HandState,
    IllegalMoveError,
    Ruleset,
)
from dominoes.agents import GreedyAgent, LoadedAgent, load_agent
from dominoes.arena import Arena, ArenaError, make_agent, play_hand
from dominoes.cli.app import cli
from dominoes.errors import ArgumentTypeError, IllegalMoveReason
from dominoes.moves import PASS, Move
from dominoes.state import Observation

AGENTS = '''
from dominoes import PASS
from dominoes.agents import GreedyAgent


class Good:
    """Plays as the greedy agent does."""

    def choose(self, observation, rng):
        return GreedyAgent().choose(observation, rng)


def make_good():
    return Good()


class Tokens:
    """Plays as the greedy agent does, answering with move tokens ("4-6:L", "draw")."""

    def choose(self, observation, rng):
        return str(GreedyAgent().choose(observation, rng))


class Passer:
    def choose(self, observation, rng):
        return PASS


class Raises:
    def choose(self, observation, rng):
        raise ZeroDivisionError("boom\\nsecond line")


class Broken:
    def __init__(self):
        raise RuntimeError("no configuration file")


class NoChoose:
    pass


INSTANCE = Good()
NUMBER = 42


class Outer:
    class Inner(Good):
        pass
'''


@pytest.fixture
def bots(tmp_path: Path) -> Path:
    """A file of agents, in a directory of its own."""
    path = tmp_path / "bots" / "my_bots.py"
    path.parent.mkdir()
    path.write_text(AGENTS, encoding="utf-8")
    return path


@pytest.fixture
def module(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A module of agents in the current directory, named after the test (restored after)."""
    name = f"user_bots_{abs(hash(tmp_path)) % 10**8}"
    (tmp_path / f"{name}.py").write_text(AGENTS, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", list(sys.path))
    monkeypatch.delitem(sys.modules, name, raising=False)
    yield name
    sys.modules.pop(name, None)


def invoke(*argv: str) -> Result:
    return CliRunner().invoke(cli, list(argv))


def stats(result: Result) -> list[dict[str, object]]:
    """The arena's figures per agent, without the names."""
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    return [{k: v for k, v in agent.items() if k != "name"} for agent in data["agents"]]


# ---------------------------------------------------------------------- loading


def test_load_agent_from_a_file(bots: Path) -> None:
    agent = load_agent(f"{bots}:Good")
    assert isinstance(agent, LoadedAgent)
    assert agent.spec == f"{bots}:Good"
    assert type(agent.agent).__name__ == "Good"
    rules = Ruleset.draw()
    assert play_hand(rules, [agent, GreedyAgent()], seed=3) == play_hand(
        rules, [GreedyAgent(), GreedyAgent()], seed=3
    )


def test_an_agent_may_answer_with_move_tokens(bots: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(bots.parent.parent)
    rules = Ruleset.draw()
    for seed in range(3):
        final = play_hand(rules, [load_agent(f"{bots}:Tokens"), GreedyAgent()], seed=seed)
        greedy = play_hand(rules, [GreedyAgent(), GreedyAgent()], seed=seed)
        assert final == greedy
        assert final.history == greedy.history
    mine = CliRunner().invoke(
        cli, ["play", "--seed", "10", "--opponents", "bots/my_bots.py:Tokens"], input="1\n" * 40
    )
    builtin = CliRunner().invoke(cli, ["play", "--seed", "10"], input="1\n" * 40)
    assert mine.exit_code == builtin.exit_code == 0
    assert mine.output.replace("bots/my_bots.py:Tokens", "greedy") == builtin.output


@pytest.mark.parametrize("name", ["Good", "make_good", "INSTANCE", "Outer.Inner"])
def test_a_class_a_factory_an_instance_or_a_nested_class(bots: Path, name: str) -> None:
    agent = load_agent(f"{bots}:{name}")
    assert callable(agent.agent.choose)
    assert load_agent(f"{bots}:{name}").agent is not None


def test_a_relative_path_is_rebuilt_from_its_absolute_path(
    bots: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(bots.parent.parent)
    agent = load_agent("bots/my_bots.py:Good")
    assert agent.spec == "bots/my_bots.py:Good"
    monkeypatch.chdir(bots.parent.parent.parent)  # elsewhere: the pickle still loads
    again = pickle.loads(pickle.dumps(agent))
    assert isinstance(again, LoadedAgent)
    assert again.spec == agent.spec
    assert type(again.agent).__name__ == "Good"


def test_load_agent_from_a_module(module: str) -> None:
    sys.path.append(".")
    agent = load_agent(f"{module}:Good")
    assert type(agent.agent).__name__ == "Good"
    assert load_agent("dominoes.agents:RandomAgent").agent == make_agent("random")


def test_make_agent_takes_a_spec(bots: Path) -> None:
    agent = make_agent(f"{bots}:Good")
    assert isinstance(agent, LoadedAgent)
    with pytest.raises(ValueError, match="unknown agent 'wizard'"):
        make_agent("wizard")


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("{bots}", "expected module:Class or path/to/file.py:Class"),
        ("{bots}:", "expected module:Class or path/to/file.py:Class"),
        ("{bots}:not-a-name", "expected module:Class or path/to/file.py:Class"),
        ("{missing}:Good", "there is no file {missing}"),
        ("no_such_module_xyz:Good", "there is no module named 'no_such_module_xyz'"),
        ("dominoes.no_such_module:Good", "there is no module named 'dominoes.no_such_module'"),
        ("{bots}:Nope", "{bots} has no attribute 'Nope'"),
        ("{bots}:Outer.Nope", "{bots} has no attribute 'Outer.Nope'"),
        ("{bots}:Broken", "building it raised RuntimeError: no configuration file"),
        ("{bots}:NoChoose", "what it gives, <"),
        ("{bots}:NUMBER", "what it gives, 42, has no choose method"),
        ("{syntax}:Good", "running {syntax} raised SyntaxError: "),
        ("{imports}:Good", "running {imports} raised ModuleNotFoundError: No module named"),
    ],
)  # fmt: skip
def test_an_agent_that_cannot_be_loaded(bots: Path, spec: str, message: str) -> None:
    syntax = bots.with_name("syntax.py")
    syntax.write_text("def broken(:\n", encoding="utf-8")
    imports = bots.with_name("imports.py")
    imports.write_text("import no_such_dependency_for_dominoes\n", encoding="utf-8")
    missing = bots.with_name("missing.py")
    where = {"bots": bots, "missing": missing, "syntax": syntax, "imports": imports}
    spec = spec.format(**where)
    with pytest.raises(AgentError) as info:
        load_agent(spec)
    error = info.value
    assert error.spec == spec
    assert str(error).startswith(f"cannot load agent {spec!r}: ")
    assert message.format(**where) in str(error)
    assert "\n" not in str(error)


def test_a_module_that_fails_to_import(module: str, tmp_path: Path) -> None:
    sys.path.append(str(tmp_path))
    (tmp_path / f"{module}_bad.py").write_text("import no_such_dependency_xyz\n", encoding="utf-8")
    with pytest.raises(AgentError, match=r"importing \w+_bad raised ModuleNotFoundError: "):
        load_agent(f"{module}_bad:Good")
    (tmp_path / f"{module}_worse.py").write_text("1 / 0\n", encoding="utf-8")
    with pytest.raises(AgentError, match=r"importing \w+_worse raised ZeroDivisionError: "):
        load_agent(f"{module}_worse:Good")
    sys.modules.pop(f"{module}_bad", None)
    sys.modules.pop(f"{module}_worse", None)


def test_the_spec_must_be_a_string() -> None:
    with pytest.raises(ArgumentTypeError) as info:
        load_agent(42)  # type: ignore[arg-type]
    assert info.value.argument == "spec"


# ---------------------------------------------------------------------- illegal moves


def test_an_illegal_move_is_an_agent_error_chained_from_the_illegal_move(bots: Path) -> None:
    spec = f"{bots}:Passer"
    with pytest.raises(AgentError) as info:
        play_hand(Ruleset.draw(), [GreedyAgent(), load_agent(spec)], seed=3)
    error = info.value
    assert error.spec == spec
    cause = error.__cause__
    assert isinstance(cause, IllegalMoveError)
    assert cause.seat == 1
    assert cause.reason in (IllegalMoveReason.MUST_LEAD, IllegalMoveReason.MUST_PLAY)
    assert str(error) == f"agent {spec!r} at seat 1 chose an illegal move, pass: " + (
        cause.reason.text
    )


def test_an_agent_that_raises(bots: Path) -> None:
    spec = f"{bots}:Raises"
    with pytest.raises(AgentError) as info:
        play_hand(Ruleset.block(), [load_agent(spec), GreedyAgent()], seed=1)
    assert str(info.value).endswith("raised ZeroDivisionError: boom second line")
    assert isinstance(info.value.__cause__, ZeroDivisionError)


class _Cheat:
    """Draws by naming the very tile it will get (it was given the deal)."""

    def __init__(self, state: HandState) -> None:
        self.state = state

    def choose(self, observation: Observation, rng: random.Random) -> Draw:
        return Draw(self.state.boneyard[0])


def test_a_draw_that_names_the_right_tile_is_refused() -> None:
    rules = Ruleset.draw()
    state = HandState.start(rules, Deal.random(rules, seed=25))
    state = state.apply_all([state.legal_moves()[0]])  # seat 0 leads 6-6: seat 1 may play
    seat = state.turn
    cheat = LoadedAgent(spec="cheat:Cheat", agent=_Cheat(state), source="cheat:Cheat")
    with pytest.raises(AgentError) as info:
        cheat.choose(state.observation(seat), random.Random(0))
    cause = info.value.__cause__
    assert isinstance(cause, IllegalMoveError)
    assert cause.reason is IllegalMoveReason.DRAW_NAMES_TILE
    assert str(state.boneyard[0]) in str(info.value)  # its own words, nothing more


def test_a_false_pass_goes_through_under_tolerant_rules(bots: Path) -> None:
    """In tolerant mode the engine takes a false pass as a fault: so does the check."""
    rules = Ruleset.draw(faults=FaultMode.TOLERANT)
    final = play_hand(rules, [GreedyAgent(), load_agent(f"{bots}:Passer")], seed=0)
    assert final.faults[0].seat == 1
    assert final.faults[0].kind is FaultKind.FALSE_PASS


# ---------------------------------------------------------------------- the commands


@pytest.mark.parametrize("workers", ["1", "2"])
def test_arena_with_an_agent_from_a_file(bots: Path, workers: str) -> None:
    argv = ["arena", "--hands", "20", "--json", "--workers", workers]
    mine = invoke(*argv, "--agents", f"{bots}:Good,random")
    builtin = invoke(*argv, "--agents", "greedy,random")
    assert stats(mine) == stats(builtin)
    assert json.loads(mine.output)["agents"][0]["name"] == f"{bots}:Good"


@pytest.mark.parametrize("workers", ["1", "2"])
def test_simulate_with_an_agent_from_a_file(bots: Path, workers: str) -> None:
    argv = ["simulate", "--hands", "12", "--json", "--workers", workers]
    mine = invoke(*argv, "--agents", f"{bots}:make_good,random")
    builtin = invoke(*argv, "--agents", "greedy,random")
    assert mine.exit_code == builtin.exit_code == 0, mine.output
    data, expected = json.loads(mine.output), json.loads(builtin.output)
    assert data["agents"] == [f"{bots}:make_good", "random"]
    assert data["sides"][0]["points_per_hand"] == expected["sides"][0]["points_per_hand"]


def test_a_module_in_the_current_directory(module: str) -> None:
    result = invoke("arena", "--hands", "10", "--json", "--agents", f"{module}:Good,greedy")
    assert result.exit_code == 0, result.output
    result = invoke("play", "--seed", "3", "--opponents", f"{module}:Good")
    assert "seat 1 (" + module + ":Good) leads 6-6" in result.output


@pytest.mark.parametrize(
    "argv",
    [
        ["arena", "--hands", "10", "--workers", "1"],
        ["arena", "--hands", "10", "--workers", "2"],
        ["simulate", "--hands", "10", "--workers", "1"],
        ["simulate", "--hands", "10", "--workers", "2"],
    ],
)
def test_an_illegal_move_in_a_run_is_one_line_and_status_2(bots: Path, argv: list[str]) -> None:
    spec = f"{bots}:Passer"
    command = argv[0]
    result = invoke(*argv, "--agents", f"{spec},greedy")
    assert result.exit_code == 2
    assert result.stdout == ""
    err = result.stderr.splitlines()
    assert len(err) == 1
    assert err[0].startswith(f"dominoes {command}: ")
    assert f"agent {spec!r} at seat " in err[0]
    assert "chose an illegal move, pass: " in err[0]
    assert "Traceback" not in result.output


def test_an_agent_that_raises_in_a_run(bots: Path) -> None:
    result = invoke("arena", "--hands", "10", "--agents", f"{bots}:Raises,greedy")
    assert result.exit_code == 2
    assert result.stderr.count("\n") == 1
    assert "raised ZeroDivisionError: boom second line" in result.stderr


def test_play_against_an_agent_from_a_file(bots: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(bots.parent.parent)
    result = invoke("play", "--seed", "3", "--opponents", "bots/my_bots.py:Good")
    assert result.exit_code == 1  # no answers
    assert "You are seat 0; seat 1 (bots/my_bots.py:Good).\n" in result.output
    assert "seat 1 (bots/my_bots.py:Good) leads 6-6\n" in result.output


def test_play_against_an_illegal_agent(bots: Path) -> None:
    spec = f"{bots}:Passer"
    result = invoke("play", "--seed", "3", "--opponents", spec)
    assert result.exit_code == 2
    assert result.stderr == (
        f"dominoes play: agent {spec!r} at seat 1 chose an illegal move, pass: the layout is "
        "empty; the move must lay the opening tile\n"
    )
    assert "Traceback" not in result.output


class _Passer:
    def choose(self, observation: Observation, rng: random.Random) -> Move:
        return PASS


def test_play_checks_every_agent_as_its_seat_knows_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """An agent that is not wrapped (no spec) is checked by ``play`` itself."""
    import dominoes.cli.common

    monkeypatch.setattr(dominoes.cli.common, "make_agent", lambda name, **_: _Passer())
    result = invoke("play", "--seed", "3")
    assert result.exit_code == 2
    assert result.stderr == (
        "dominoes play: agent 'greedy' at seat 1 chose an illegal move, pass: the layout is "
        "empty; the move must lay the opening tile\n"
    )


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["arena", "--agents", "{bots}:Nope,greedy"], "{bots} has no attribute 'Nope'"),
        (["simulate", "--agents", "{missing}:Good"], "there is no file {missing}"),
        (["play", "--opponents", "{bots}:Broken"], "building it raised RuntimeError"),
        (["play", "--opponents", "wizard"], "or a user's agent as module:Class"),
    ],
)
def test_an_agent_that_cannot_be_loaded_is_a_usage_error(
    bots: Path, argv: list[str], message: str
) -> None:
    where = {"bots": bots, "missing": bots.with_name("missing.py")}
    result = invoke(*(arg.format(**where) for arg in argv))
    assert result.exit_code == 2
    assert message.format(**where) in " ".join(result.stderr.split())
    assert "Traceback" not in result.output


def test_the_same_spec_twice_is_loaded_once(bots: Path) -> None:
    from dominoes.cli.common import make_agents

    names, agents = make_agents(f"{bots}:Good", 3)
    assert names == (f"{bots}:Good",) * 3
    assert agents[0] is agents[1] is agents[2]
    names, agents = make_agents("GREEDY, random", 2)
    assert names == ("greedy", "random")


def test_an_arena_error_still_wraps_an_unwrapped_agent() -> None:
    """Without a spec the arena's own error names the failing hand (unchanged)."""
    arena = Arena(
        rules=Ruleset.block(), agents=(("passer", _Passer()), ("greedy", GreedyAgent())), hands=2,
        seed=0,
    )  # fmt: skip
    with pytest.raises(ArenaError, match="IllegalMoveError"):
        arena.run()
