"""A PettingZoo AEC environment for any `Ruleset`.

Needs the ``pettingzoo`` extra (``pip install "dominoes-rules[pettingzoo]"``), which
brings PettingZoo, Gymnasium and NumPy. One episode is one hand.

- **Agents** are named ``"seat_0"`` to ``"seat_{n-1}"``; ``agent_selection`` is always
  the seat the engine says is to move, so draws, passes and the confirmations of a
  verification round are ordinary turns (a seat that draws several times in a row is
  selected several times in a row).
- **Actions** are the numbers of `ActionCodec`: ``Discrete(codec.size)``, one action
  per tile and end (each arm of a layout with spinners, each train of a train game),
  then draw and pass (and stop in a train game). A turn of several plays (a train
  game's double or first-turn run, docs/rules/trains.md) keeps its seat selected until
  it ends.
- **Observations** are dicts: ``"observation"`` is the float32 vector of
  `ObservationEncoder` for the observing seat (only what that seat knows) and
  ``"action_mask"`` an int8 vector, 1 at the legal actions of the seat when it is to
  move and all 0 otherwise.
- **Infos** hold each agent's `Observation` (``infos[agent]["observation"]``, exactly
  ``state.observation(seat)``), so a bot written for the library (``choose(observation,
  rng)``) plays in the environment without seeing the full state.
- **Rewards** are 0 until the hand ends; then every seat receives its reward at once
  (see `Reward` and `hand_rewards`; the default is the zero-sum margin). In a game that
  scores on play (docs/rules/spinner.md), a play that scores rewards at once what it
  scored (under `Reward.MARGIN`, its side ``+x`` and the other sides ``-x`` between
  them), and the step that ends the hand pays the rest of `hand_rewards`: the rewards
  of a hand add up to it.
- **Terminations** are set for every agent when the hand ends; **truncations** never
  (a hand always ends: every move either lays or draws a tile, or passes towards a
  verification round that ends it).
- **Concession**: `DominoesEnv.concede` ends the hand conceded by an agent's seat (not an
  action: the action space is the same).

An action is taken as the seat knows it (`HandState.apply_as`): the draw action names
no tile, and what is refused never depends on a tile the seat cannot see. An illegal
action raises `IllegalMoveError` and leaves the environment as it was, unless `env` was
asked to wrap it in PettingZoo's ``TerminateIllegalWrapper``.
"""

from __future__ import annotations

import enum
import operator
import random
from collections.abc import ItemsView, Iterable, Iterator, KeysView, Mapping, ValuesView
from typing import Any, ClassVar, SupportsIndex

try:
    import gymnasium
    import numpy as np
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
except ModuleNotFoundError as missing:
    raise ModuleNotFoundError(
        f"dominoes.adapters.pettingzoo needs {missing.name}: "
        'pip install "dominoes-rules[pettingzoo]"',
        name=missing.name,
    ) from missing

import attrs

from dominoes.adapters._points import observation_high, shares
from dominoes.codec import ActionCodec, ObservationEncoder
from dominoes.deal import Deal
from dominoes.errors import (
    ArgumentTypeError,
    ArgumentValueError,
    DominoesError,
    IllegalMoveError,
    IllegalMoveReason,
    RulesetError,
)
from dominoes.render import diagram
from dominoes.rules import PlayScoring, Ruleset
from dominoes.scoring import HandResult, check_result, zero_sum_returns
from dominoes.state import HandState

__all__ = [
    "DominoesEnv",
    "EnvironmentStateError",
    "Reward",
    "agent_name",
    "env",
    "hand_rewards",
    "raw_env",
]

RENDER_MODES = ("ansi",)
"""The render modes the environment supports."""

_MASKS_KEPT = 4096
"""The most action masks an environment keeps (by legal actions) before it starts afresh."""


class EnvironmentStateError(DominoesError, RuntimeError):
    """The environment was asked for something before `DominoesEnv.reset` dealt a
    hand, or after every agent of a finished hand left (call ``reset()``).

    It derives from `RuntimeError` too, which the environment raised before.
    """


class Reward(enum.Enum):
    """What an agent is paid when the hand ends."""

    MARGIN = "margin"
    """The zero-sum margin: the points of the agent's side minus the mean points of
    the other sides (with two sides, own points minus the opponents'). Under
    `Scoring.PENALTY` the sign is turned round, since penalty points count against a
    side. Partners receive the same reward. The rewards of all seats sum to zero,
    which suits self-play; a drawn hand gives every seat 0."""
    POINTS = "points"
    """`HandResult.points` as the engine scores them, per seat: what the hand adds to a
    match score (under `Scoring.PENALTY` these are penalty points: higher is worse)."""


def agent_name(seat: int) -> str:
    """The agent name of a seat: ``"seat_0"`` for seat 0.

    Raises:
        ArgumentTypeError: ``seat`` is not an ``int`` (``bool`` is refused).
        ArgumentValueError: ``seat`` is negative.
    """
    if type(seat) is not int:
        raise ArgumentTypeError(f"seat must be an int, got {seat!r}", argument="seat")
    if seat < 0:
        raise ArgumentValueError(f"seat must be 0 or more, got {seat}", argument="seat")
    return f"seat_{seat}"


def hand_rewards(
    rules: Ruleset, result: HandResult, mode: Reward = Reward.MARGIN
) -> tuple[float, ...]:
    """The reward of every seat for a finished hand, in seat order.

    Args:
        rules: the ruleset the hand was played under.
        result: the hand's result (`HandState.result`).
        mode: the reward convention (see `Reward`).

    Raises:
        ArgumentTypeError: an argument has the wrong type.
        ArgumentValueError: ``result`` does not have one entry per seat of ``rules``.

    >>> from dominoes import Ruleset
    >>> from dominoes.scoring import score_hand
    >>> rules = Ruleset.block()
    >>> result = score_hand(rules, [0, 12], domino_seat=0)
    >>> result.points
    (12, 0)
    >>> hand_rewards(rules, result)
    (12.0, -12.0)
    >>> hand_rewards(rules, result, Reward.POINTS)
    (12.0, 0.0)
    """
    check_result(rules, result)
    if not isinstance(mode, Reward):
        raise ArgumentTypeError(f"mode must be a Reward, got {mode!r}", argument="mode")
    if mode is Reward.POINTS:
        return tuple(float(p) for p in result.points)
    return zero_sum_returns(rules, result)


class _Info(dict[str, Any]):
    """An agent's ``infos`` entry, ``{"observation": state.observation(seat)}``, with the
    `Observation` built when the dict is first used.

    Every step gives every agent a new entry, and most loops read at most the selected
    agent's: building every seat's view at every step was a third of the loop. Any use
    of the dict (reading, writing, iterating, comparing, copying, pickling, printing)
    first builds the observation and stores it as an ordinary item, so the entry behaves
    as the plain dict it stands for: it equals ``{"observation": observation}``, and a
    copy or an unpickled entry is that plain dict. Until then it keeps the state it
    stands for (which no copy, pickle or printout carries).
    """

    __slots__ = ("_seat", "_state")

    def __init__(self, state: HandState, seat: int) -> None:  # no items until used
        self._state: HandState | None = state
        self._seat = seat

    def _load(self) -> _Info:
        """Build the observation if it is not built yet; ``self``."""
        state = self._state
        if state is not None:
            self._state = None
            dict.__setitem__(self, "observation", state.observation(self._seat))
        return self

    # reading
    def __getitem__(self, key: str) -> Any:
        return dict.__getitem__(self._load(), key)

    def get(self, key: str, default: Any = None) -> Any:
        return dict.get(self._load(), key, default)

    def __contains__(self, key: object) -> bool:
        return dict.__contains__(self._load(), key)

    def __iter__(self) -> Iterator[str]:
        return dict.__iter__(self._load())

    def __reversed__(self) -> Iterator[str]:
        return dict.__reversed__(self._load())

    def __len__(self) -> int:
        return dict.__len__(self._load())

    def keys(self) -> KeysView[str]:  # type: ignore[override]
        return dict.keys(self._load())

    def values(self) -> ValuesView[Any]:  # type: ignore[override]
        return dict.values(self._load())

    def items(self) -> ItemsView[str, Any]:  # type: ignore[override]
        return dict.items(self._load())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, _Info):
            other._load()
        return dict.__eq__(self._load(), other)

    def __ne__(self, other: object) -> bool:
        if isinstance(other, _Info):
            other._load()
        return dict.__ne__(self._load(), other)

    __hash__ = None  # as dict's

    def __repr__(self) -> str:
        return dict.__repr__(self._load())

    def __or__(self, other: Any) -> Any:
        return dict.__or__(self._load(), other)

    def __ror__(self, other: Any) -> Any:
        return dict.__ror__(self._load(), other)

    def copy(self) -> dict[str, Any]:
        return dict(self._load())

    def __reduce_ex__(self, protocol: SupportsIndex) -> tuple[Any, ...]:
        # copy, deepcopy and pickle see the plain dict
        return (dict, (dict(self._load()),))

    @classmethod
    def fromkeys(cls, keys: Iterable[Any], value: Any = None) -> dict[Any, Any]:
        return dict.fromkeys(keys, value)

    # writing (the observation is built first, so that it is never lost or overwritten)
    def __setitem__(self, key: str, value: Any) -> None:
        dict.__setitem__(self._load(), key, value)

    def __delitem__(self, key: str) -> None:
        dict.__delitem__(self._load(), key)

    def __ior__(self, other: Any) -> _Info:  # type: ignore[override]
        dict.update(self._load(), other)
        return self

    def pop(self, key: str, *default: Any) -> Any:
        return dict.pop(self._load(), key, *default)

    def popitem(self) -> tuple[str, Any]:
        return dict.popitem(self._load())

    def setdefault(self, key: str, default: Any = None) -> Any:
        return dict.setdefault(self._load(), key, default)

    def update(self, *args: Any, **kwargs: Any) -> None:
        dict.update(self._load(), *args, **kwargs)

    def clear(self) -> None:
        dict.clear(self._load())


class DominoesEnv(AECEnv):  # type: ignore[misc]  # pettingzoo ships no type hints
    """One hand of dominoes as a PettingZoo AEC environment.

    Args:
        rules: a `Ruleset`, or the name of a preset (see `Ruleset.presets`).
        render_mode: ``None`` or ``"ansi"`` (`render` returns a text picture).
        reward: the reward convention (see `Reward`).
        **overrides: `Ruleset` fields to change (``players=4``, ``max_pip=9``, ...),
            applied to the preset or to the given ruleset.

    Raises:
        ArgumentTypeError: ``rules`` is neither a `Ruleset` nor a string, or ``reward``
            is not a `Reward`.
        UnknownPresetError: no preset has that name (a `KeyError`).
        RulesetError: an override names no `Ruleset` field, or the overrides make an
            impossible ruleset (``fields`` names them).
        ArgumentValueError: ``render_mode`` is not supported.

    >>> e = DominoesEnv("draw", players=3)
    >>> e.possible_agents
    ['seat_0', 'seat_1', 'seat_2']
    >>> e.action_space("seat_0")
    Discrete(86)
    >>> e.reset(seed=1)
    >>> e.agent_selection, e.hand_seed
    ('seat_1', 1)
    """

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": list(RENDER_MODES),
        "name": "dominoes_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        rules: Ruleset | str = "block",
        *,
        render_mode: str | None = None,
        reward: Reward = Reward.MARGIN,
        **overrides: Any,
    ) -> None:
        super().__init__()
        self._rules = _ruleset(rules, overrides)
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ArgumentValueError(
                f"render_mode must be None or one of {', '.join(RENDER_MODES)}, "
                f"got {render_mode!r}",
                argument="render_mode",
            )
        if not isinstance(reward, Reward):
            raise ArgumentTypeError(f"reward must be a Reward, got {reward!r}", argument="reward")
        self.render_mode = render_mode
        """``None`` or ``"ansi"``."""
        self.reward_mode = reward
        """The reward convention (see `Reward`)."""
        self.codec = ActionCodec(self._rules)
        """The action numbering (`ActionCodec`)."""
        self.encoder = ObservationEncoder(self._rules)
        """The observation encoding (`ObservationEncoder`)."""
        self.possible_agents: list[str] = [agent_name(s) for s in range(self._rules.players)]
        """``"seat_0"`` to ``"seat_{n-1}"``, in seat order."""
        self._seat_of = {name: seat for seat, name in enumerate(self.possible_agents)}
        high = np.array(observation_high(self._rules, self.encoder), dtype=np.float32)
        self.observation_spaces = {
            name: gymnasium.spaces.Dict(
                {
                    "observation": gymnasium.spaces.Box(
                        low=0.0, high=high, shape=(self.encoder.size,), dtype=np.float32
                    ),
                    "action_mask": gymnasium.spaces.Box(
                        low=0, high=1, shape=(self.codec.size,), dtype=np.int8
                    ),
                }
            )
            for name in self.possible_agents
        }
        self.action_spaces = {
            name: gymnasium.spaces.Discrete(self.codec.size) for name in self.possible_agents
        }
        self.agents: list[str] = []
        self.rewards: dict[str, float] = {}
        self._cumulative_rewards: dict[str, float] = {}
        self.terminations: dict[str, bool] = {}
        self.truncations: dict[str, bool] = {}
        self.infos: dict[str, dict[str, Any]] = {}
        """Per agent still in the episode: ``{"observation": Observation}``, what its seat
        knows (``state.observation(seat)``), updated at every step."""
        self.agent_selection: str = ""
        self.hand_seed: int | None = None
        """The seed of the current deal (``None`` for a deal given to `reset`)."""
        self._rng = random.Random()  # seeded from the OS; reseeded by reset(seed=...)
        self._state: HandState | None = None
        # per agent, its observation vector, action mask and legal actions for the current
        # state (observe hands out copies); the masks by legal actions, shared between states
        self._seen: dict[str, tuple[Any, Any, tuple[int, ...]]] = {}
        self._masks: dict[tuple[int, ...], Any] = {}

    # ----------------------------------------------------------------- reading
    @property
    def rules(self) -> Ruleset:
        """The ruleset of the hands played."""
        return self._rules

    @property
    def hand_state(self) -> HandState:
        """The full state of the hand in progress (every hand visible: for onlookers,
        tests and debugging, not for agents).

        Raises:
            EnvironmentStateError: `reset` has not been called yet.
        """
        return self._require_state()

    def observation_space(self, agent: str) -> gymnasium.spaces.Dict:
        """The observation space of ``agent`` (the same object on every call).

        Raises:
            ArgumentValueError: there is no such agent.
        """
        return self.observation_spaces[self._name(agent)]

    def action_space(self, agent: str) -> gymnasium.spaces.Discrete:
        """The action space of ``agent``: ``Discrete(codec.size)``.

        Raises:
            ArgumentValueError: there is no such agent.
        """
        return self.action_spaces[self._name(agent)]

    def observe(self, agent: str) -> dict[str, Any]:
        """What ``agent`` sees now: ``{"observation": float32 vector, "action_mask":
        int8 vector}`` (fresh arrays on every call). Both are those of the agent's
        `Observation`, which ``infos[agent]["observation"]`` holds.

        Raises:
            ArgumentValueError: there is no such agent.
            EnvironmentStateError: `reset` has not been called yet.
        """
        name = self._name(agent)
        state = self._require_state()
        seen = self._seen.get(name)
        if seen is None:
            seat = self._seat_of[name]
            # the seat's legal moves are the state's when it is to move (the observation's
            # legal_moves is their twin), else none
            actions: tuple[int, ...] = ()
            if seat == state.turn and not state.is_over:
                actions = tuple(self.codec.legal_actions(state))
            mask = self._masks.get(actions)
            if mask is None:
                if len(self._masks) >= _MASKS_KEPT:
                    self._masks.clear()
                mask = self._masks[actions] = np.zeros(self.codec.size, dtype=np.int8)
                mask[list(actions)] = 1
            vector = np.zeros(self.encoder.size, dtype=np.float32)
            self.encoder.write_state(vector, state, seat)
            seen = self._seen[name] = (vector, mask, actions)
        return {"observation": seen[0].copy(), "action_mask": seen[1].copy()}

    # ----------------------------------------------------------------- acting
    def reset(
        self, seed: SupportsIndex | None = None, options: Mapping[str, Any] | None = None
    ) -> None:
        """Deal a new hand.

        With ``seed``, the deal is ``Deal.random(rules, seed=seed)`` and the
        environment's own generator is reseeded with it, so that later unseeded resets
        repeat too. Without, a seed is drawn from that generator (never from the global
        `random` state); `hand_seed` tells which.

        Args:
            seed: an ``int`` (NumPy integers are accepted), or ``None``.
            options: ``{"deal": Deal}`` plays that deal instead of a random one; other
                keys are ignored (PettingZoo's API test passes arbitrary options).

        Raises:
            ArgumentTypeError: ``seed`` is not an integer, ``options`` is not a
                mapping, or ``options["deal"]`` is not a `Deal`.
            DealError: the deal given does not fit the ruleset.
        """
        number: int | None = None
        if seed is not None:
            if isinstance(seed, bool):
                raise ArgumentTypeError(f"seed must be an int, got {seed!r}", argument="seed")
            try:
                number = operator.index(seed)
            except TypeError:
                raise ArgumentTypeError(
                    f"seed must be an int, got {seed!r}", argument="seed"
                ) from None
            self._rng = random.Random(number)
        if options is not None and not isinstance(options, Mapping):
            raise ArgumentTypeError(
                f"options must be a mapping, got {options!r}", argument="options"
            )
        deal = (options or {}).get("deal")
        if deal is not None:
            if not isinstance(deal, Deal):
                raise ArgumentTypeError(
                    f'options["deal"] must be a Deal, got {deal!r}', argument="options"
                )
            self.hand_seed = None
        else:
            self.hand_seed = number if number is not None else self._rng.getrandbits(63)
            deal = Deal.random(self._rules, seed=self.hand_seed)
        state = HandState.start(self._rules, deal)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {name: {} for name in self.agents}
        self._moved_to(state)
        self.agent_selection = self.possible_agents[state.turn]

    def step(self, action: Any) -> None:
        """Play ``action`` (an action number) for `agent_selection`.

        For an agent whose hand is over (terminated), the action must be ``None``: the
        agent is removed and the next one selected, as PettingZoo prescribes. When the
        hand ends, every agent is terminated and receives its reward.

        The move is taken as the agent's seat knows it (`HandState.apply_as`): the draw
        action is ``Draw()``, which names no tile, and what is refused, and why, never
        depends on a tile the seat cannot see.

        Raises:
            IllegalMoveError: the action is not an integer in the action space
                (reason ``NOT_A_MOVE``) or the engine refuses the move (its reason);
                the environment is unchanged.
            ValueError: an action other than ``None`` for a terminated agent.
            EnvironmentStateError: `reset` has not been called, or every agent has left.
        """
        state = self._require_state()
        if not self.agents:
            raise EnvironmentStateError("every agent has left the finished hand: call reset()")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        number = self._action_number(action, state)
        move = self.codec.decode(number)
        seat = self._seat_of[agent]
        seen = self._seen.get(agent)
        try:
            if seen is not None and number in seen[2]:
                after = state.apply(move)  # a legal move: what apply_as would do, unchecked
            else:
                after = state.apply_as(seat, move)
        except IllegalMoveError as refused:
            raise IllegalMoveError(
                f"action {number} is illegal for {agent}: {refused}",
                move=move,
                state=state,
                reason=refused.reason,
                seat=refused.seat,
            ) from refused
        self._cumulative_rewards[agent] = 0.0
        self._finish_step(after, seat)

    def concede(self, agent: str) -> None:
        """End the hand: ``agent``'s seat concedes it (rule CONCEDE-1; a player leaves,
        a clock runs out).

        Any agent still in the hand may concede, whoever is selected; it is not an
        action, so the action space is unchanged. The hand ends with
        `Ending.CONCEDED` (`HandResult.conceded_by` names the seat, and
        `Ruleset.concede_scoring` scores it); every agent is terminated and receives its
        reward from that result, as when a move ends the hand, and steps out with
        ``None``. The agent selected next is the one after the conceding seat.

        Raises:
            ArgumentValueError: there is no such agent.
            EnvironmentStateError: `reset` has not been called yet.
            IllegalMoveError: the hand is already over (reason ``HAND_OVER``); the
                environment is unchanged.
        """
        name = self._name(agent)
        state = self._require_state()
        seat = self._seat_of[name]
        try:
            after = state.concede(seat)
        except IllegalMoveError as refused:
            raise IllegalMoveError(
                f"{name} cannot concede: {refused}",
                move=refused.move,
                state=state,
                reason=refused.reason,
                seat=refused.seat,
            ) from refused
        self._finish_step(after, seat)

    def _finish_step(self, after: HandState, seat: int) -> None:
        """Move to ``after`` (reached by ``seat``'s move or concession): observations,
        rewards, terminations and the next agent."""
        before = self._require_state()
        self._moved_to(after)
        self._clear_rewards()
        result = after.result
        rules = self._rules
        on_play = rules.play_scoring is not PlayScoring.NONE
        if result is None:
            self.agent_selection = self.possible_agents[after.turn]
            if on_play and after.play_points != before.play_points:
                self._pay(before.play_points, after.play_points)
        else:
            if on_play:  # what the plays paid already is not paid twice
                self._pay(before.play_points, result.points)
            else:
                values = hand_rewards(rules, result, self.reward_mode)
                for s, name in enumerate(self.possible_agents):
                    self.rewards[name] = values[s]
            for name in self.possible_agents:
                self.terminations[name] = True
            self.agent_selection = self.possible_agents[rules.seat_after(seat)]
        self._accumulate_rewards()

    def _pay(self, paid: tuple[int, ...], points: tuple[int, ...]) -> None:
        """Set the step rewards of a game that scores on play: what ``points`` (per seat)
        pay beyond what ``paid`` paid, under the reward convention."""
        zero_sum = self.reward_mode is Reward.MARGIN
        old = shares(self._rules, paid, zero_sum)
        new = shares(self._rules, points, zero_sum)
        for s, name in enumerate(self.possible_agents):
            self.rewards[name] = float(new[s] - old[s])

    def render(self) -> str | None:
        """A text picture of the table (with ``render_mode="ansi"``).

        It is `dominoes.render.diagram` for the table (``public=True``), showing what
        every seat may know: the line of play, its lead and open ends, how many tiles
        each seat holds, the boneyard's size, the verification round, the faults and
        whose turn it is, or the result. No hidden tile is shown; once the hand is over
        every hand is shown with its pips, which the end of a hand makes public (the
        boneyard stays face down). Seat ``N`` in the picture is agent ``seat_N``.

        Returns:
            The picture, or ``None`` (with a warning) when ``render_mode`` is ``None``.

        Raises:
            EnvironmentStateError: `reset` has not been called yet.
        """
        state = self._require_state()
        if self.render_mode is None:
            gymnasium.logger.warn(
                "render() was called with render_mode None; "
                'create the environment with render_mode="ansi"'
            )
            return None
        return diagram(state, public=True)

    def close(self) -> None:
        """Release resources (there are none to release)."""

    # ----------------------------------------------------------------- internals
    def _clear_rewards(self) -> None:
        """Set every agent's step reward to 0.0 (a float, like the final rewards)."""
        for name in self.rewards:
            self.rewards[name] = 0.0

    def _moved_to(self, state: HandState) -> None:
        """Make ``state`` the hand in progress: the ``infos`` of the agents still in the
        episode stand for their seats' `Observation` of it (built when read)."""
        self._state = state
        self._seen = {}
        infos = self.infos
        seat_of = self._seat_of
        for name in self.agents:
            infos[name] = _Info(state, seat_of[name])

    def _require_state(self) -> HandState:
        if self._state is None:
            raise EnvironmentStateError("the environment has no hand yet: call reset() first")
        return self._state

    def _name(self, agent: object) -> str:
        if not isinstance(agent, str) or agent not in self._seat_of:
            raise ArgumentValueError(
                f"agent must be one of {', '.join(self.possible_agents)}, got {agent!r}",
                argument="agent",
            )
        return agent

    def _action_number(self, action: object, state: HandState) -> int:
        """The action as a plain int, or `IllegalMoveError` (``NOT_A_MOVE``)."""
        number: int | None = None
        if not isinstance(action, bool):
            try:
                number = operator.index(action)  # type: ignore[arg-type]
            except TypeError:
                number = None
        if number is None or not 0 <= number < self.codec.size:
            raise IllegalMoveError(
                f"action {action!r} for {self.agent_selection} is not an integer in "
                f"0..{self.codec.size - 1}",
                move=action,
                state=state,
                reason=IllegalMoveReason.NOT_A_MOVE,
                seat=self._seat_of[self.agent_selection],
            )
        return number


def _ruleset(rules: object, overrides: dict[str, Any]) -> Ruleset:
    """The ruleset from a `Ruleset` or a preset name, with field overrides."""
    if not isinstance(rules, str | Ruleset):
        raise ArgumentTypeError(
            f"rules must be a Ruleset or a preset name, got {rules!r}", argument="rules"
        )
    unknown = sorted(set(overrides) - set(attrs.fields_dict(Ruleset)))
    if unknown:
        verb = "is not a Ruleset field" if len(unknown) == 1 else "are not Ruleset fields"
        raise RulesetError(f"{', '.join(unknown)} {verb}", fields=tuple(unknown))
    if isinstance(rules, str):
        return Ruleset.preset(rules, **overrides)
    return attrs.evolve(rules, **overrides) if overrides else rules


def raw_env(
    rules: Ruleset | str = "block",
    *,
    render_mode: str | None = None,
    reward: Reward = Reward.MARGIN,
    **overrides: Any,
) -> DominoesEnv:
    """The environment without wrappers (the arguments of `DominoesEnv`).

    Raises:
        ArgumentTypeError, UnknownPresetError, RulesetError, ArgumentValueError: as
            `DominoesEnv`.
    """
    return DominoesEnv(rules, render_mode=render_mode, reward=reward, **overrides)


def env(
    rules: Ruleset | str = "block",
    *,
    render_mode: str | None = None,
    reward: Reward = Reward.MARGIN,
    illegal_reward: float | None = None,
    **overrides: Any,
) -> AECEnv:
    """The environment in PettingZoo's standard wrappers.

    It is always wrapped in ``OrderEnforcingWrapper`` (errors for calls before
    `reset`, a warning for a step after every agent has left). With
    ``illegal_reward``, it is first wrapped in ``TerminateIllegalWrapper``: an action
    outside the mask then ends the hand, the offender receiving ``illegal_reward``
    and the others 0, instead of raising `IllegalMoveError`. Pick a value below any
    hand's loss (for the margin reward of a double-six game, ``-200.0`` will do).
    ``AssertOutOfBoundsWrapper`` is not used: the environment checks actions itself
    and names the problem.

    Args:
        rules: a `Ruleset` or a preset name.
        render_mode: ``None`` or ``"ansi"``.
        reward: the reward convention (see `Reward`).
        illegal_reward: the reward for an illegal action, or ``None`` to raise.
        **overrides: `Ruleset` fields to change.

    Raises:
        ArgumentTypeError, UnknownPresetError, RulesetError, ArgumentValueError: as
            `DominoesEnv`.
    """
    wrapped: Any = raw_env(rules, render_mode=render_mode, reward=reward, **overrides)
    if illegal_reward is not None:
        wrapped = wrappers.TerminateIllegalWrapper(wrapped, illegal_reward=float(illegal_reward))
    return _OrderEnforcing(wrapped)


class _OrderEnforcing(wrappers.OrderEnforcingWrapper):  # type: ignore[misc]
    """PettingZoo's ``OrderEnforcingWrapper`` that asks the environment directly.

    The base class's `last` reads the agent selected, its reward, termination,
    truncation and info one by one through the wrapper's attribute forwarding, a
    third of what a step of a training loop costs, and every turn of ``agent_iter``
    and every `step` read ``agents`` and ``agent_selection`` through it too. Once
    `reset` has been called this class asks the wrapped environment: its own `last`,
    `step` and `observe`, and ``agents`` and ``agent_selection`` as properties (which
    set the wrapped environment's attribute when assigned, where the base class would
    shadow it on the wrapper). Before `reset`, and after the last agent has left, the
    base class raises and warns as it does; its text is the same.
    """

    @property
    def agents(self) -> list[str]:
        if not self._has_reset:
            raise AttributeError("agents cannot be accessed before reset")
        return self.env.agents  # type: ignore[no-any-return]

    @agents.setter
    def agents(self, value: list[str]) -> None:
        self.env.agents = value

    @property
    def agent_selection(self) -> str:
        if not self._has_reset:
            raise AttributeError("agent_selection cannot be accessed before reset")
        return self.env.agent_selection  # type: ignore[no-any-return]

    @agent_selection.setter
    def agent_selection(self, value: str) -> None:
        self.env.agent_selection = value

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        if not self._has_reset:
            return super().last(observe)  # type: ignore[no-any-return]
        return self.env.last(observe)  # type: ignore[no-any-return]

    def step(self, action: Any) -> None:
        if self._has_reset and self.env.agents:
            self._has_updated = True
            self.env.step(action)
        else:  # the base class's error or warning
            super().step(action)

    def observe(self, agent: str) -> Any:
        if not self._has_reset:
            return super().observe(agent)
        return self.env.observe(agent)

    def __str__(self) -> str:
        # the base class's text when it is not subclassed: the wrapped environment's
        return str(self.env) if hasattr(self, "metadata") else repr(self)
