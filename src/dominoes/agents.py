"""Agents: players that choose a move from an `Observation` (never the full state).

Built in: `RandomAgent`, `GreedyAgent` (heaviest playable tile first) and
`SearchAgent` (perfect-information Monte Carlo: it samples worlds consistent with
what it saw, tries each legal move in each, finishes the hand with random play,
and keeps the move with the best mean score).

`load_agent` builds a user's own agent from a specification, ``module:Class`` or
``path/to/file.py:Class`` (or ``:factory``), as the command line takes it.
"""

from __future__ import annotations

import functools
import hashlib
import importlib
import importlib.machinery
import importlib.util
import os
import random
import sys
from pathlib import Path
from types import ModuleType
from typing import Any, Final, Protocol, runtime_checkable

import attrs

from dominoes import errors as _errors
from dominoes import sampling
from dominoes.errors import AgentError, ArgumentTypeError, IllegalMoveError, SamplingError
from dominoes.errors import shown as _shown_value
from dominoes.moves import MUGGINS, Claim, Draw, End, Move, Muggins, Pass, Play
from dominoes.notation import parse_move
from dominoes.rules import ClaimRule, PlayScoring, Ruleset, Scoring
from dominoes.scoring import HandResult
from dominoes.state import HandState, Observation, random_playout

__all__ = [
    "AGENT_NAMES",
    "SEARCH_SAMPLE_BUDGET",
    "Agent",
    "GreedyAgent",
    "LoadedAgent",
    "RandomAgent",
    "SearchAgent",
    "check_choose",
    "load_agent",
    "make_agent",
    "rollout",
    "side_margin",
]


@runtime_checkable
class Agent(Protocol):
    """Anything with ``choose(observation, rng) -> Move``; it must return a legal move."""

    def choose(self, observation: Observation, rng: random.Random) -> Move:
        """The move to make, chosen from what the seat knows."""
        ...  # pragma: no cover


@attrs.frozen
class RandomAgent:
    """Plays a uniformly random legal move."""

    def choose(self, observation: Observation, rng: random.Random) -> Move:
        """A random legal move.

        Raises:
            ArgumentTypeError: ``observation`` is not an `Observation` or ``rng`` not a
                `random.Random` (a `TypeError`).
        """
        # a twin of SearchAgent.choose's start on purpose: each public choose documents
        # its own errors; the check itself is check_choose
        check_choose(observation, rng)
        moves = observation.legal_moves()
        return moves[rng.randrange(len(moves))]


@attrs.frozen
class GreedyAgent:
    """Lays the heaviest playable tile (ties: the higher end, then the left end first);
    draws or passes when it must. In a game that scores on play (rules PLAY-1 to
    PLAY-3) it first prefers the play that scores most (`Observation.scored_moves`).
    Where scores are called it claims the exact score and calls muggins whenever it
    may (rules CLAIM-1 and CLAIM-2).

    In a train game (docs/rules/trains.md) too it lays the heaviest tile: the tiles
    left in hand are penalty points (TRAIN-10), so the heaviest is the one that costs
    most if the hand ends now (a double's extra play is not sought first: it follows
    when the heaviest tile happens to be one). A tile that fits several trains goes on
    the seat's own train first (that lifts its marker), then on the first in `End`
    order. In a first-turn run it keeps laying tiles while it can, and stops when only
    `Stop` is left."""

    def choose(self, observation: Observation, rng: random.Random) -> Move:
        """The play that scores most, then the heaviest, else the forced move.

        Raises:
            ArgumentTypeError: ``observation`` is not an `Observation` or ``rng`` not a
                `random.Random` (a `TypeError`).
        """
        check_choose(observation, rng)
        claimed = _claim_choice(observation)
        if claimed is not None:
            return claimed
        rules = observation.rules
        if rules.play_scoring is PlayScoring.NONE:
            return heaviest(observation.legal_moves(), _own_train(rules, observation.seat))
        scored = observation.scored_moves()
        top = max(points for _move, points in scored)
        return heaviest(tuple(move for move, points in scored if points == top))


def _claim_choice(observation: Observation) -> Move | None:
    """Where scores are called (rules CLAIM-1 and CLAIM-2), the move the greedy and
    search agents make without thinking: claim the exact score, call muggins whenever
    they may; else ``None``."""
    if observation.turn != observation.seat or observation.ending is not None:
        return None
    if observation.claim:
        return Claim(points=observation.claim)
    if observation.muggins:
        return MUGGINS
    return None


def check_choose(observation: object, rng: object) -> None:
    """Check the arguments of an agent's ``choose``: an `Observation` and a
    `random.Random` (what the built-in agents check first).

    Raises:
        ArgumentTypeError: ``observation`` is not an `Observation` or ``rng`` not a
            `random.Random` (a `TypeError`).
    """
    if not isinstance(observation, Observation):
        raise _errors.ArgumentTypeError(
            f"observation must be an Observation, got {_shown_value(observation)}",
            argument="observation",
        )
    if not isinstance(rng, random.Random):
        raise _errors.ArgumentTypeError(
            f"rng must be a random.Random, got {_shown_value(rng)}", argument="rng"
        )


def heaviest(moves: tuple[Move, ...], own: End | None = None) -> Move:
    """The heaviest play among ``moves`` (a forced draw or pass if there is none); of
    the plays of that tile, the one on ``own`` (a seat's own train), else the first
    end in `End` order."""
    best = moves[0]
    best_key = (-1, -1, False, 0)
    for move in moves:
        if isinstance(move, Play):
            end = move.end
            key = (move.tile.pips, move.tile.high, own is not None and end is own, -int(end or 0))
            if key > best_key:
                best, best_key = move, key
    return best


def _own_train(rules: Ruleset, seat: int) -> End | None:
    """In a train game, ``seat``'s own train (which `heaviest` prefers); else ``None``."""
    return End.train(seat) if rules.trains else None


def side_margin(
    result: HandResult, seat: int, players: int, partnership: bool, *, penalty: bool = False
) -> float:
    """The points of ``seat``'s side minus the best other side's, for one hand.

    Under `Scoring.PENALTY` (points count against a side) the sign is turned, so a
    larger margin is always better.

    Raises:
        ArgumentTypeError: ``result`` is not a `HandResult`, or ``seat`` or ``players``
            not an ``int`` (a `TypeError`).
        ArgumentValueError: ``players`` is not the number of seats of ``result``, or
            ``seat`` is not one of them (a `ValueError`).
        RulesetError: ``partnership`` with other than four players (a `ValueError`).
    """
    if not isinstance(result, HandResult):
        raise _errors.ArgumentTypeError(
            f"result must be a HandResult, got {_shown_value(result)}", argument="result"
        )
    for name, value in (("seat", seat), ("players", players)):
        if type(value) is not int:
            raise _errors.ArgumentTypeError(
                f"{name} must be an int, got {_shown_value(value)}", argument=name
            )
    if players != len(result.points) or players < 2:
        raise _errors.ArgumentValueError(
            f"players must be the result's number of seats ({len(result.points)}), got {players}",
            argument="players",
        )
    if not 0 <= seat < players:
        raise _errors.ArgumentValueError(
            f"seat must be a seat from 0 to {players - 1}, got {seat}", argument="seat"
        )
    return _margin(result, seat, _side(players, partnership, seat), penalty)


@functools.lru_cache(maxsize=256)
def _side(players: int, partnership: bool, seat: int) -> tuple[int, ...]:
    """``seat``'s side at a table of ``players`` (`Ruleset.team_of`; the sides depend on
    the number of players and on partnership only, so the hand size is one, which any
    number of seats can be dealt).

    Raises:
        RulesetError: ``partnership`` without four players (a `ValueError`).
    """
    return Ruleset(players=players, partnership=partnership, hand_size=1).team_of(seat)


def _margin(result: HandResult, seat: int, side: tuple[int, ...], penalty: bool) -> float:
    """`side_margin` of ``seat``, whose side (``Ruleset.team_of(seat)``) is ``side``."""
    mine = result.points[seat]
    others = [p for s, p in enumerate(result.points) if s not in side]
    if penalty:
        return float(min(others) - mine)
    return float(mine - max(others))


def rollout(state: HandState, rng: random.Random, *, greedy: bool = False) -> HandState:
    """Finish a hand and return the final state: uniformly random legal moves, or with
    ``greedy`` the moves `GreedyAgent` makes (in a game that scores on play the play
    that scores most, then the heaviest; else the heaviest). Where scores are called (rules
    CLAIM-1 and CLAIM-2) every score is claimed exactly and muggins called whenever it
    may be, as `GreedyAgent` and `SearchAgent` do.

    Raises:
        ArgumentTypeError: ``state`` is not a `HandState` or ``rng`` not a
            `random.Random` (a `TypeError`).
    """
    if not isinstance(state, HandState):
        raise _errors.ArgumentTypeError(
            f"state must be a HandState, got {_shown_value(state)}", argument="state"
        )
    if not isinstance(rng, random.Random):
        raise _errors.ArgumentTypeError(
            f"rng must be a random.Random, got {_shown_value(rng)}", argument="rng"
        )
    return _rollout(state, rng, greedy)


_AUTO_CLAIMS: Final = ClaimRule.AUTO  # (a module constant: an enum member costs a look-up)


def _rollout(state: HandState, rng: random.Random, greedy: bool) -> HandState:
    if state.rules.claim_rule is not _AUTO_CLAIMS:
        return _claiming_rollout(state, rng, greedy)
    if not greedy:
        return random_playout(state, rng)
    while not state.is_over:
        state = _greedy_step(state)
    return state


def _greedy_step(state: HandState) -> HandState:
    """The state after the move `GreedyAgent` would make (it knows only what the mover
    may: the points a play scores follow from the layout)."""
    moves = state.legal_moves()
    if state.rules.play_scoring is PlayScoring.NONE or len(moves) == 1:
        return state.apply(heaviest(moves, _own_train(state.rules, state.turn)))
    seat = state.turn
    before = state.play_points[seat]
    after = {move: state.apply(move) for move in moves}
    # where scores are called a play's score waits for its claim (CLAIM-1)
    gained = {move: after[move].play_points[seat] + after[move].claim - before for move in moves}
    top = max(gained.values())
    return after[heaviest(tuple(move for move in moves if gained[move] == top))]


def _claiming_rollout(state: HandState, rng: random.Random, greedy: bool) -> HandState:
    """`rollout` where scores are called (rules CLAIM-1 and CLAIM-2): every score is
    claimed exactly and muggins called whenever it may be, as the agents do."""
    randrange = rng.randrange
    while not state.is_over:
        if state.claim:
            move: Move = Claim(points=state.claim)
        elif state.muggins:
            move = MUGGINS
        elif greedy:
            state = _greedy_step(state)
            continue
        else:
            moves = state.legal_moves()
            move = moves[randrange(len(moves))]
        state = state.apply(move)
    return state


def _at_least_one(_inst: object, attribute: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int:
        raise _errors.ArgumentTypeError(
            f"{attribute.name} must be an int, got {_shown_value(value)}", argument=attribute.name
        )
    if value < 1:
        raise _errors.ArgumentValueError(
            f"{attribute.name} must be 1 or more, got {value}", argument=attribute.name
        )


def _a_bool(_inst: object, attribute: attrs.Attribute[bool], value: bool) -> None:
    if type(value) is not bool:
        raise _errors.ArgumentTypeError(
            f"{attribute.name} must be a bool, got {_shown_value(value)}", argument=attribute.name
        )


SEARCH_SAMPLE_BUDGET = 1000
"""`SearchAgent`'s default ``sample_budget``: the most states the first sample's count
may build. Measured (docs/bots.md, the built-in agents): no position measured in random
hands of the 2-4 player presets needed more than 866, and within it the first sample of
99% of 2-4 player positions costs at most 33 random playouts of the hand (the worst,
about 95, is the model's construction, which no budget bounds)."""


def _a_budget(_inst: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if value is None:
        return
    if type(value) is not int:
        raise _errors.ArgumentTypeError(
            f"{attribute.name} must be an int or None, got {_shown_value(value)}",
            argument=attribute.name,
        )
    if value < 1:
        raise _errors.ArgumentValueError(
            f"{attribute.name} must be 1 or more, got {value}", argument=attribute.name
        )


@attrs.frozen(kw_only=True)
class SearchAgent:
    """Perfect-information Monte Carlo search over sampled worlds.

    For each of ``worlds`` worlds drawn uniformly from the observation, every legal
    move is played and the hand finished by playouts (``rollouts`` per move and
    world; random moves by default, or greedy ones); the move with the best mean
    margin (``side_margin``) wins. The
    budget is ``worlds * rollouts * (number of legal moves)`` playouts.

    Worlds are drawn exactly uniformly (`sampling.sample`), with a bound on the work:
    the first sample may build at most ``sample_budget`` states of the sampler's count
    (`SEARCH_SAMPLE_BUDGET` by default, about the time of 50 random playouts or less on
    2-4 player games). Where the exact count would need more (positions with many
    seats, deep in a hand), sampling gives up with a `SamplingError` and the agent
    falls back on the greedy choice (`GreedyAgent`: the heaviest playable tile, else
    the forced move), so a decision never stalls on the sampler. It falls back the same
    way on any other `SamplingError` (a replaying model that found no consistent deal).
    ``sample_budget=None`` lifts the bound: exact worlds always, at any cost.

    Where scores are called it claims the exact score and calls muggins whenever it
    may, without searching (rules CLAIM-1 and CLAIM-2).
    """

    worlds: int = attrs.field(default=8, validator=_at_least_one)
    """Worlds sampled per decision."""
    rollouts: int = attrs.field(default=2, validator=_at_least_one)
    """Playouts per move and world."""
    greedy_rollouts: bool = attrs.field(default=False, validator=_a_bool)
    """Finish the playouts with the greedy policy instead of uniformly random moves."""
    sample_budget: int | None = attrs.field(default=SEARCH_SAMPLE_BUDGET, validator=_a_budget)
    """The most states the first sample's count may build (None: no bound)."""

    def choose(self, observation: Observation, rng: random.Random) -> Move:
        """The move with the best mean margin over the sampled worlds.

        Raises:
            ArgumentTypeError: ``observation`` is not an `Observation` or ``rng`` not a
                `random.Random` (a `TypeError`).
        """
        # a twin of RandomAgent.choose's start on purpose (see there)
        check_choose(observation, rng)
        claimed = _claim_choice(observation)
        if claimed is not None:
            return claimed
        moves = observation.legal_moves()
        if len(moves) == 1:
            return moves[0]
        rules = observation.rules
        seat = observation.seat
        side = rules.team_of(seat)
        penalty = rules.scoring is Scoring.PENALTY
        totals = [0.0] * len(moves)
        sampler = sampling.sampler(observation)
        for _ in range(self.worlds):
            try:
                world = sampler.sample(rng, budget=self.sample_budget)
            except SamplingError:
                return heaviest(moves, _own_train(rules, seat))  # the fallback (class docs)
            for k, move in enumerate(moves):
                after = world.apply(move)
                for _ in range(self.rollouts):
                    final = _rollout(after, rng, self.greedy_rollouts)
                    result = final.result
                    assert result is not None
                    totals[k] += _margin(result, seat, side, penalty)
        best = max(range(len(moves)), key=lambda k: totals[k])
        return moves[best]


# ---------------------------------------------------------------------- a user's agent


def _shown(value: object) -> str:
    """A value as a message shows it: a move as its token, anything else short."""
    text = str(value) if isinstance(value, Play | Draw | Pass | Claim | Muggins) else repr(value)
    text = " ".join(text.split())
    return text if len(text) <= 60 else text[:57] + "..."


def _why(error: BaseException) -> str:
    """An exception as one line: its type and its message."""
    message = " ".join(str(error).split())
    return f"{type(error).__name__}: {message}" if message else type(error).__name__


@attrs.frozen(kw_only=True)
class LoadedAgent:
    """A user's agent, built by `load_agent` from its specification.

    It plays as the agent it wraps, and treats it as untrusted code: a move is taken
    as the seat knows it (`HandState.check_as`, so a draw that names a tile is
    refused whatever the tile), and an illegal move, or an exception raised by the
    agent, becomes an `AgentError` that names the specification and the seat (chained
    from the `IllegalMoveError` or the exception). Pickled, it is the specification
    alone: a worker process builds the agent again from it, so an agent loaded from
    a file plays in worker processes too.
    """

    spec: str
    """The specification, as given to `load_agent`."""
    agent: Any = attrs.field(eq=False, repr=False)
    """The agent built from it (anything with a ``choose`` method)."""
    source: str = attrs.field(eq=False, repr=False)
    """The specification it is rebuilt from (a file's path made absolute)."""

    def choose(self, observation: Observation, rng: random.Random) -> Move:
        """The wrapped agent's move, checked as the seat knows it.

        Raises:
            AgentError: the agent raised, or chose a move the seat may not make.
        """
        seat = observation.seat
        try:
            move: Move = self.agent.choose(observation, rng)
        except Exception as error:
            raise AgentError(
                f"agent {self.spec!r} at seat {seat} raised {_why(error)}", spec=self.spec
            ) from error
        if move in observation.legal_moves():
            return move
        # not one of the legal moves: ask the engine why, in a world the seat cannot tell
        # from the real one (what check_as refuses never depends on hidden tiles); a
        # false pass that tolerant rules take as a fault goes through
        world = sampling.sample(observation, random.Random(0))
        try:
            world.check_as(seat, move)
        except IllegalMoveError as error:
            raise AgentError(
                f"agent {self.spec!r} at seat {seat} chose an illegal move, {_shown(move)}: "
                f"{error.reason.text}",
                spec=self.spec,
            ) from error
        return parse_move(move) if isinstance(move, str) else move  # a token, as a move

    def __reduce__(self) -> tuple[Any, ...]:
        return (_load, (self.spec, self.source))


def load_agent(spec: str) -> LoadedAgent:
    """A user's agent from its specification: ``module:Class``, ``path/to/file.py:Class``.

    The name after the colon (dotted for a nested name) is looked up in the module,
    which is imported (it must be on `sys.path`), or in the Python file, which is
    run as a module of its own (a path ending in ``.py`` or holding a ``/``). A class
    is built with no arguments, any other callable without a ``choose`` method is
    called as a factory with none, and the result must have a ``choose`` method; an
    object that already has one is the agent itself.

    >>> agent = load_agent("dominoes.agents:GreedyAgent")
    >>> agent.spec, type(agent.agent).__name__
    ('dominoes.agents:GreedyAgent', 'GreedyAgent')

    Raises:
        ArgumentTypeError: ``spec`` is not a string.
        AgentError: the agent cannot be loaded (no colon, no such module or file, no
            such name, building it raised, or what it gives has no ``choose``
            method); ``spec`` on the error is the specification.
    """
    if not isinstance(spec, str):
        raise ArgumentTypeError(f"spec must be a string, got {spec!r}", argument="spec")
    where, _, name = spec.strip().rpartition(":")
    if _is_file(where):
        where = str(Path(where).expanduser().resolve())
    return _load(spec, f"{where}:{name}")


def _is_file(where: str) -> bool:
    """Whether the part before the colon names a file (else a module)."""
    return where.endswith(".py") or "/" in where or os.sep in where


def _load(spec: str, source: str) -> LoadedAgent:
    """The agent of ``source`` (a resolved ``spec``); errors name ``spec``."""

    def fail(problem: str) -> AgentError:
        return AgentError(f"cannot load agent {spec!r}: {problem}", spec=spec)

    where, _, name = source.rpartition(":")
    if not where or not name or any(not part.isidentifier() for part in name.split(".")):
        raise fail("expected module:Class or path/to/file.py:Class")
    module = _import_file(spec, where) if _is_file(where) else _import(spec, where)
    target: Any = module
    for part in name.split("."):
        try:
            target = getattr(target, part)
        except AttributeError:
            raise fail(f"{where} has no attribute {name!r}") from None
    has_choose = callable(getattr(target, "choose", None))
    if isinstance(target, type) or (callable(target) and not has_choose):
        try:
            agent = target()
        except Exception as error:
            raise fail(f"building it raised {_why(error)}") from error
    else:
        agent = target
    if isinstance(agent, type) or not callable(getattr(agent, "choose", None)):
        raise fail(f"what it gives, {_shown(agent)}, has no choose method")
    return LoadedAgent(spec=spec, agent=agent, source=source)


def _import(spec: str, name: str) -> ModuleType:
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as error:
        missing = error.name or ""
        if missing == name or name.startswith(missing + "."):
            raise AgentError(
                f"cannot load agent {spec!r}: there is no module named {name!r}", spec=spec
            ) from None
        raise AgentError(
            f"cannot load agent {spec!r}: importing {name} raised {_why(error)}", spec=spec
        ) from error
    except Exception as error:
        raise AgentError(
            f"cannot load agent {spec!r}: importing {name} raised {_why(error)}", spec=spec
        ) from error


def _import_file(spec: str, path: str) -> ModuleType:
    """The module run from the file at ``path`` (an absolute path), once per process."""
    if not Path(path).is_file():
        raise AgentError(f"cannot load agent {spec!r}: there is no file {path}", spec=spec)
    name = "_dominoes_agent_" + hashlib.sha256(path.encode()).hexdigest()[:16]
    module = sys.modules.get(name)
    if module is not None:
        return module
    loader = importlib.machinery.SourceFileLoader(name, path)  # whatever the file's suffix
    found = importlib.util.spec_from_file_location(name, path, loader=loader)
    assert found is not None
    module = importlib.util.module_from_spec(found)
    sys.modules[name] = module  # classes defined there find their module (pickle, attrs)
    try:
        loader.exec_module(module)
    except BaseException as error:
        del sys.modules[name]
        if not isinstance(error, Exception):
            raise
        raise AgentError(
            f"cannot load agent {spec!r}: running {path} raised {_why(error)}", spec=spec
        ) from error
    return module


AGENT_NAMES = ("random", "greedy", "search")
"""The built-in agents by name (`make_agent`), as the command line names them."""


def make_agent(name: str, *, worlds: int = 8, rollouts: int = 2) -> Agent:
    """A built-in agent by name: ``random``, ``greedy`` or ``search``; or a user's
    agent, ``module:Class`` or ``path/to/file.py:Class`` (any name with a colon:
    `dominoes.agents.load_agent`).

    Raises:
        ArgumentValueError: no agent has that name (a `ValueError`).
        ArgumentTypeError: ``name`` is not a str (a `TypeError`).
        AgentError: a user's agent cannot be loaded.
    """
    if not isinstance(name, str):
        raise ArgumentTypeError(
            f"name must be an agent name (a str), got {_shown_value(name)}", argument="name"
        )
    if ":" in name:
        return load_agent(name)
    if name == "random":
        return RandomAgent()
    if name == "greedy":
        return GreedyAgent()
    if name == "search":
        return SearchAgent(worlds=worlds, rollouts=rollouts)
    raise _errors.ArgumentValueError(
        f"unknown agent {_shown_value(name)}: name must be one of {', '.join(AGENT_NAMES)}",
        argument="name",
    )
