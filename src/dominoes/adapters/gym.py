"""Gymnasium environments for the line games, on the batched engine (`dominoes.batch`).

Needs Gymnasium (1.1 or later) and NumPy: the ``gymnasium`` extra (``pip install
"dominoes-rules[gymnasium]"``). Importing the
module registers three environment ids (`ENV_IDS`):

- ``dominoes/Block-v0``: the ``block`` preset (`Ruleset.block`, 2 players);
- ``dominoes/Draw-v0``: the ``draw`` preset (`Ruleset.draw`, 2 players);
- ``dominoes/BlockPartnership-v0``: the ``partnership`` preset (4 players in
  partnership, the holder of 6-6 leads).

``gymnasium.make(id)`` gives a `DominoesGymEnv` (one hand at a time) and
``gymnasium.make_vec(id, num_envs=n, vectorization_mode="vector_entry_point")`` a
`DominoesVectorEnv` (``n`` hands stepped together by one `Batch`). Both take the same
keyword arguments: ``rules`` (a `Ruleset` or a preset name), ``players`` (with a preset
name), ``seat`` (the learner's seat, or `SELF_PLAY` for every seat) and ``opponents``
(`Opponent`: how the other seats move).

- **Actions** are the numbers of `ActionCodec` (``Discrete(codec.size)``); the legal
  ones are ``info["action_mask"]`` (bool, ``(codec.size,)`` or ``(n, codec.size)``).
- **Observations** are the float32 vectors of `ObservationEncoder` for the learner's
  seat (only what that seat knows); in self-play, for the seat to move.
- **Opponents** move inside `step` until the learner's seat is to move again (or the
  hand ends): `Opponent.RANDOM` uniformly among the legal actions, `Opponent.GREEDY`
  the heaviest legal tile (`greedy_actions`, as `GreedyAgent`).
- **Rewards** are 0 until the hand ends, then the learner's points for the hand,
  ``HandState.result.points[seat]``: 0 or more, the points the learner's side scores
  (under `Scoring.PENALTY` the penalty points it takes: higher is worse). In
  self-play, the points of the seat that made the last move; every seat's points are
  ``info["points"]``.
- **Terminations** at the end of a hand; **truncations** never.

An illegal action in the vector environment raises `IllegalMoveError` naming the hand,
and nothing moves; the single environment ends the episode with `ILLEGAL_REWARD` by
default (Gymnasium's checker steps it with any action) or raises (`IllegalAction`).
"""

from __future__ import annotations

import enum
from typing import Any, Final, TypeVar

try:
    import gymnasium
    import numpy as np
    import numpy.typing as npt
    from gymnasium.vector import AutoresetMode, VectorEnv
    from gymnasium.vector.utils import batch_space
except ModuleNotFoundError as missing:
    raise ModuleNotFoundError(
        f'dominoes.adapters.gym needs {missing.name}: pip install "dominoes-rules[gymnasium]"',
        name=missing.name,
    ) from missing

from dominoes.adapters._points import observation_high
from dominoes.batch import Batch
from dominoes.codec import ActionCodec, ObservationEncoder
from dominoes.errors import ArgumentTypeError, ArgumentValueError, RulesetError
from dominoes.errors import shown as _shown
from dominoes.moves import Play
from dominoes.rules import Ruleset, SpinnerRule

__all__ = [
    "ENV_IDS",
    "ILLEGAL_REWARD",
    "SELF_PLAY",
    "DominoesGymEnv",
    "DominoesVectorEnv",
    "IllegalAction",
    "Opponent",
    "greedy_actions",
    "greedy_table",
    "make_rules",
    "register_envs",
]

SELF_PLAY: Final = "all"
"""The ``seat`` that makes the learner play every seat (self-play)."""

ENV_IDS: Final = {
    "dominoes/Block-v0": {"rules": "block"},
    "dominoes/Draw-v0": {"rules": "draw"},
    "dominoes/BlockPartnership-v0": {"rules": "partnership"},
}
"""The registered ids and the keyword arguments each one passes (the presets' own seat
counts: 2, 2 and 4); ``gymnasium.make`` and ``gymnasium.make_vec`` can override them,
``rules=`` with any `Ruleset` too."""

_SEED_BOUND = 1 << 63
"""A seed drawn for a `Batch` when `reset` is given none is below this."""

_E = TypeVar("_E", bound=enum.Enum)

_MOVELESS_DEALS = 1000
"""How many deals in a row a hand may end before the learner moves in it (then the
ruleset is refused: the learner would never move)."""

BoolArray = npt.NDArray[np.bool_]
Int64Array = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float32]


class Opponent(enum.Enum):
    """How the seats the learner does not play choose their moves."""

    RANDOM = "random"
    """Uniformly among the legal actions (`Batch.sample_legal`)."""
    GREEDY = "greedy"
    """The heaviest legal tile, as `GreedyAgent` (`greedy_actions`); a draw or a pass
    when no tile can be laid."""


class IllegalAction(enum.Enum):
    """What `DominoesGymEnv.step` does with an action that is not legal."""

    TERMINATE = "terminate"
    """End the episode: reward `ILLEGAL_REWARD`, ``terminated`` True,
    ``info["illegal"]`` True (call `reset` next). Gymnasium's checker steps with any
    action of the action space, which this accepts."""
    RAISE = "raise"
    """Raise `IllegalMoveError` (with its reason) and change nothing, as the engine."""


ILLEGAL_REWARD: Final = -1.0
"""The reward of an illegal action under `IllegalAction.TERMINATE`."""


def make_rules(rules: Ruleset | str, players: int | None = None) -> Ruleset:
    """The ruleset an environment plays: ``rules`` itself, or the preset of that name
    (`Ruleset.preset`) with ``players`` seats if given.

    Raises:
        ArgumentTypeError: ``rules`` is neither a `Ruleset` nor a preset name, or
            ``players`` is not an ``int``.
        ArgumentValueError: ``players`` is given with a `Ruleset` and differs from it.
        UnknownPresetError: no preset has that name.
    """
    if players is not None and type(players) is not int:
        raise ArgumentTypeError(
            f"players must be an int or None, got {_shown(players)}", argument="players"
        )
    if isinstance(rules, Ruleset):
        if players is not None and players != rules.players:
            raise ArgumentValueError(
                f"players must be None or the ruleset's {rules.players} seats, got {players}",
                argument="players",
            )
        return rules
    if not isinstance(rules, str):
        raise ArgumentTypeError(
            f"rules must be a Ruleset or a preset name, got {_shown(rules)}", argument="rules"
        )
    return Ruleset.preset(rules) if players is None else Ruleset.preset(rules, players=players)


def greedy_table(codec: ActionCodec) -> Int64Array:
    """Per action of ``codec``, how much `Opponent.GREEDY` wants it: a play of a tile
    ranks by the tile's pips, then its high end (as `GreedyAgent`), above a draw or a
    pass (0). Of two plays of one tile, the lower action (the left end) comes first in
    `greedy_actions`, as `GreedyAgent` prefers the first end in `End` order (in a line
    game; with scoring on play, `GreedyAgent` first seeks points, which this ignores).

    Raises:
        ArgumentTypeError: ``codec`` is not an `ActionCodec`.
    """
    if not isinstance(codec, ActionCodec):
        raise ArgumentTypeError(
            f"codec must be an ActionCodec, got {_shown(codec)}", argument="codec"
        )
    rules = codec.rules
    table = np.zeros(codec.size, dtype=np.int64)
    for action in range(codec.size):
        move = codec.decode(action)
        if isinstance(move, Play):
            table[action] = 1 + move.tile.pips * (rules.max_pip + 1) + move.tile.high
    return table


def greedy_actions(mask: npt.ArrayLike, table: npt.ArrayLike) -> Int64Array:
    """The action of `Opponent.GREEDY` in every row of ``mask`` (``(n, codec.size)``
    legal actions), ranked by ``table`` (`greedy_table`): ``(n,)`` (0 in a row with no
    legal action).

    Raises:
        ArgumentTypeError: ``mask`` is not a 2-D bool array.
        ArgumentValueError: ``table`` has not one entry per column of ``mask``.
    """
    mask = np.asarray(mask)
    if mask.dtype != np.bool_ or mask.ndim != 2:
        raise ArgumentTypeError(
            f"mask must be a 2-D bool array, got {_shown(mask)}", argument="mask"
        )
    table = np.asarray(table)
    if table.shape != (mask.shape[1],):
        raise ArgumentValueError(
            f"table must hold one entry per action, shape ({mask.shape[1]},), got shape "
            f"{table.shape}",
            argument="table",
        )
    keys = np.where(mask, table, -1)
    chosen: Int64Array = np.argmax(keys, axis=1).astype(np.int64)
    return chosen


def _check_seat(seat: object, rules: Ruleset) -> int | None:
    """``seat`` as a seat number, or ``None`` for `SELF_PLAY`."""
    if seat == SELF_PLAY and isinstance(seat, str):
        return None
    if type(seat) is not int:
        raise ArgumentTypeError(
            f"seat must be an int or {SELF_PLAY!r}, got {_shown(seat)}", argument="seat"
        )
    if not 0 <= seat < rules.players:
        raise ArgumentValueError(
            f"seat must be a seat at the table, 0 to {rules.players - 1}, or {SELF_PLAY!r}; "
            f"got {seat}",
            argument="seat",
        )
    return seat


def _choice(kind: type[_E], value: object, argument: str) -> _E:
    """``value`` as a member of ``kind``, given as one or as its value."""
    if isinstance(value, kind):
        return value
    names = [member.value for member in kind]
    if isinstance(value, str) and value in names:
        return kind(value)
    raise ArgumentValueError(
        f"{argument} must be one of {names}, got {_shown(value)}", argument=argument
    )


class _Table:
    """The learner's table: a batch of hands where every seat but the learner's is
    played by the opponents' policy (the common part of both environments).

    A hand that ends before the learner's seat has moved in it (only in tiny deals: an
    opponent leads its one tile) is no episode of the learner's: its points are paid to
    nobody, and with autoreset it is dealt again at once.
    """

    def __init__(
        self, rules: Ruleset, size: int, autoreset: bool, seat: int | None, opponents: Opponent
    ) -> None:
        self.rules = rules
        if rules.has_arms:  # (Batch plays them, paying points on play: not these rewards)
            field = "spinner" if rules.spinner is not SpinnerRule.NONE else "play_scoring"
            raise RulesetError(
                f"{field} is not supported by the Gymnasium environments, which play line games",
                fields=(field,),
            )
        self.batch = Batch(rules, size=size, autoreset=autoreset)
        self.seat = seat
        self.opponents = opponents
        self.greedy = greedy_table(self.batch.codec)
        self.rng = np.random.default_rng(0)
        self.moved = np.zeros(size, dtype=bool)  # the learner moved in the hand

    def reset(self, seed: int, rng: np.random.Generator) -> None:
        self.rng = rng
        self.batch.reset(seed)
        self.moved[:] = False
        size, players = self.batch.size, self.rules.players
        self._advance(
            np.zeros(size, dtype=np.int64),
            np.zeros(size, dtype=bool),
            np.zeros((size, players), dtype=np.int64),
        )

    def observe(self) -> FloatArray:
        batch = self.batch
        if self.seat is not None:
            return batch.observe(self.seat)
        every = np.stack([batch.observe(s) for s in range(self.rules.players)])
        chosen: FloatArray = every[batch.turn, np.arange(batch.size)]
        return chosen

    def step(self, actions: Int64Array) -> tuple[Int64Array, BoolArray, Int64Array]:
        """(the learner's reward, which hands ended, every seat's points) of one
        learner action per hand, after the opponents' moves."""
        batch = self.batch
        mover = batch.turn
        points, done = batch.step(actions)
        if self.seat is None:
            return points[np.arange(batch.size), mover], done, points
        self.moved = ~done  # a hand dealt again has no move of the learner yet
        reward = points[:, self.seat].copy()
        self._advance(reward, done, points)
        return reward, done, points

    def _advance(self, reward: Int64Array, done: BoolArray, points: Int64Array) -> None:
        """Let the opponents move until the learner is to move in every hand (or it
        ended), adding the hands the learner moved in to ``reward``, ``done`` and
        ``points`` in place.

        Raises:
            ArgumentValueError: a hand was dealt again ``_MOVELESS_DEALS`` times in a
                row without a move of the learner's seat (its ``rules`` give it none).
        """
        if self.seat is None:
            return
        batch = self.batch
        moveless = np.zeros(batch.size, dtype=np.int64)
        while True:
            waiting = (batch.turn != self.seat) & ~batch.over
            if not waiting.any():
                return
            if self.opponents is Opponent.RANDOM:
                actions = batch.sample_legal(self.rng)
            else:
                actions = greedy_actions(batch.legal_mask(), self.greedy)
            more, ended = batch.step(actions, where=waiting)
            paid = ended & self.moved
            reward += np.where(paid, more[:, self.seat], 0)
            points += np.where(paid[:, None], more, 0)
            done |= paid
            moveless += ended & ~self.moved
            self.moved &= ~ended
            if (moveless >= _MOVELESS_DEALS).any():
                raise _moveless(self.seat, int(np.argmax(moveless)))


def _moveless(seat: int, hand: int) -> ArgumentValueError:
    """The error of a ruleset that gives the learner's seat no move, deal after deal."""
    return ArgumentValueError(
        f"rules give seat {seat} no move in {_MOVELESS_DEALS} deals in a row of hand {hand}: "
        "the learner must move in a hand",
        argument="rules",
    )


def _check_actions(actions: object, size: int) -> Int64Array:
    a = np.asarray(actions)
    if a.dtype.kind not in "iu":
        raise ArgumentTypeError(
            f"actions must be integers, got {_shown(actions)}", argument="actions"
        )
    if a.shape != (size,):
        raise ArgumentValueError(
            f"actions must hold one action per environment, shape ({size},), got shape {a.shape}",
            argument="actions",
        )
    return a.astype(np.int64)


class _Settings:
    """The checked keyword arguments of an environment."""

    def __init__(
        self, rules: Ruleset | str, players: int | None, seat: object, opponents: object
    ) -> None:
        self.rules = make_rules(rules, players)
        self.seat = _check_seat(seat, self.rules)
        self.opponents = _choice(Opponent, opponents, "opponents")
        self.codec = ActionCodec(self.rules)
        self.encoder = ObservationEncoder(self.rules)
        high = np.array(observation_high(self.rules, self.encoder), dtype=np.float32)
        self.observation_space = gymnasium.spaces.Box(
            low=0.0, high=high, shape=(self.encoder.size,), dtype=np.float32
        )
        self.action_space = gymnasium.spaces.Discrete(self.codec.size)


def _check_reset(seed: object, options: object) -> None:
    """Refuse a ``reset`` seed that is not ``None`` nor an ``int`` from 0, and options
    that are not ``None`` nor a dict (no option is read)."""
    if seed is not None and type(seed) is not int:
        raise ArgumentTypeError(f"seed must be an int or None, got {_shown(seed)}", argument="seed")
    if seed is not None and seed < 0:
        raise ArgumentValueError(f"seed must be 0 or more, got {seed}", argument="seed")
    if options is not None and not isinstance(options, dict):
        raise ArgumentTypeError(
            f"options must be a dict or None, got {_shown(options)}", argument="options"
        )


def _seed_for(seed: int | None, rng: np.random.Generator) -> int:
    """The `Batch.reset` seed: ``seed`` if given, else one drawn from ``rng``."""
    return int(rng.integers(_SEED_BOUND)) if seed is None else seed


class DominoesVectorEnv(VectorEnv):
    """``num_envs`` hands of a line game, stepped together by one `Batch` (with
    autoreset: a hand that ends is dealt again within the same `step`, Gymnasium's
    ``AutoresetMode.SAME_STEP``; the observation returned for it is the new hand's).

    ``reset(seed=s)`` deals hand ``i`` as ``Deal.random(rules, rng=Batch.hand_random(s,
    i))`` and seeds the opponents' random choices with ``s``: the same seed and the same
    actions give the same hands, rewards and observations. Without a seed, one is drawn
    from the environment's generator.

    ``info`` holds ``"action_mask"`` (``(num_envs, codec.size)`` bool), ``"points"``
    (``(num_envs, players)``, every seat's points of the hands that ended in this step,
    else 0) and, in self-play, ``"seat"`` (the seat to move in each hand). The final
    observation of an ended hand is not given (``info`` has no ``"final_obs"``). A hand
    that ends before the learner has moved in it (only in tiny deals) is no episode: it
    pays nobody and is dealt again.

    Raises (at construction):
        ArgumentTypeError: ``num_envs``, ``rules``, ``players`` or ``seat`` has the
            wrong type.
        ArgumentValueError: ``num_envs`` is below 1, ``seat`` is not a seat of the
            table nor `SELF_PLAY`, ``opponents`` is not an `Opponent` or its name, or
            ``players`` contradicts ``rules``.
        UnknownPresetError: ``rules`` names no preset.
        RulesetError: `Batch` does not play the ruleset (naming the field).
    """

    def __init__(
        self,
        num_envs: int = 1,
        *,
        rules: Ruleset | str = "block",
        players: int | None = None,
        seat: int | str = 0,
        opponents: Opponent | str = Opponent.RANDOM,
    ) -> None:
        if type(num_envs) is not int:
            raise ArgumentTypeError(
                f"num_envs must be an int, got {_shown(num_envs)}", argument="num_envs"
            )
        if num_envs < 1:
            raise ArgumentValueError(
                f"num_envs must be 1 or more, got {num_envs}", argument="num_envs"
            )
        settings = _Settings(rules, players, seat, opponents)
        self.rules: Ruleset = settings.rules
        """The ruleset of every hand."""
        self.seat: int | None = settings.seat
        """The learner's seat (``None`` in self-play)."""
        self.codec: ActionCodec = settings.codec
        """The action numbering."""
        self.encoder: ObservationEncoder = settings.encoder
        """The observation encoding."""
        self.metadata = {"autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": []}
        self.num_envs = num_envs
        self.single_observation_space = settings.observation_space
        self.single_action_space = settings.action_space
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._table = _Table(self.rules, num_envs, True, settings.seat, settings.opponents)
        self._dealt = False

    @property
    def batch(self) -> Batch:
        """The `Batch` holding the hands (read it; stepping it directly would bypass
        the opponents)."""
        return self._table.batch

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[FloatArray, dict[str, Any]]:
        """Deal every hand again; the opponents move until the learner is to move.
        ``options`` are accepted and not read.

        Raises:
            ArgumentTypeError: ``seed`` is not an ``int`` or ``None``, or ``options``
                not a dict or ``None``.
            ArgumentValueError: ``seed`` is negative, or the ruleset gave the learner's
                seat no move in a hand 1000 deals in a row (naming ``rules``).
        """
        _check_reset(seed, options)
        super().reset(seed=seed)
        deal = _seed_for(seed, self.np_random)
        self._table.reset(deal, np.random.default_rng(deal))
        self._dealt = True
        return self._table.observe(), self._info(
            np.zeros((self.num_envs, self.rules.players), dtype=np.int64)
        )

    def step(
        self, actions: npt.ArrayLike
    ) -> tuple[FloatArray, FloatArray, BoolArray, BoolArray, dict[str, Any]]:
        """One learner action per hand; then the opponents move. Returns
        ``(observations, rewards, terminations, truncations, info)``.

        Raises:
            ArgumentTypeError: ``actions`` are not integers.
            ArgumentValueError: ``actions`` has not one action per hand, an action is
                outside the action space, or `reset` was never called; or the ruleset
                gave the learner's seat no move 1000 deals in a row (naming ``rules``).
            IllegalMoveError: an action is not legal in its hand (named); nothing moves.
        """
        if not self._dealt:
            raise ArgumentValueError(
                "actions cannot be taken before reset() deals the hands", argument="actions"
            )
        a = _check_actions(actions, self.num_envs)
        reward, done, points = self._table.step(a)
        truncated = np.zeros(self.num_envs, dtype=bool)
        return (
            self._table.observe(),
            reward.astype(np.float32),
            done,
            truncated,
            self._info(points),
        )

    def _info(self, points: Any) -> dict[str, Any]:
        info: dict[str, Any] = {"action_mask": self.batch.legal_mask(), "points": points}
        if self.seat is None:
            info["seat"] = self.batch.turn
        return info


class DominoesGymEnv(gymnasium.Env):
    """One hand of a line game at a time (on a `Batch` of one hand, without autoreset:
    call `reset` when a hand ends). The keyword arguments, observations, actions and
    rewards are `DominoesVectorEnv`'s for one hand; ``info`` holds ``"action_mask"``
    (``(codec.size,)`` bool, all False once the hand is over), ``"points"`` (every
    seat's points once the hand is over) and, in self-play, ``"seat"``.

    An illegal action ends the episode with reward `ILLEGAL_REWARD` (the default,
    ``illegal=IllegalAction.TERMINATE``) or raises `IllegalMoveError`
    (``illegal=IllegalAction.RAISE``).

    Raises (at construction): as `DominoesVectorEnv`; and `ArgumentValueError` if
    ``illegal`` is not an `IllegalAction` or its name.
    """

    def __init__(
        self,
        *,
        rules: Ruleset | str = "block",
        players: int | None = None,
        seat: int | str = 0,
        opponents: Opponent | str = Opponent.RANDOM,
        illegal: IllegalAction | str = IllegalAction.TERMINATE,
    ) -> None:
        settings = _Settings(rules, players, seat, opponents)
        self.illegal: IllegalAction = _choice(IllegalAction, illegal, "illegal")
        """What an illegal action does (`IllegalAction`)."""
        self.rules: Ruleset = settings.rules
        """The ruleset of the hand."""
        self.seat: int | None = settings.seat
        """The learner's seat (``None`` in self-play)."""
        self.codec: ActionCodec = settings.codec
        """The action numbering."""
        self.encoder: ObservationEncoder = settings.encoder
        """The observation encoding."""
        self.metadata = {"render_modes": []}
        self.observation_space = settings.observation_space
        self.action_space = settings.action_space
        self._table = _Table(self.rules, 1, False, settings.seat, settings.opponents)
        self._playing = False

    @property
    def batch(self) -> Batch:
        """The `Batch` of one hand (``batch.state(0)`` is the hand as a `HandState`)."""
        return self._table.batch

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[FloatArray, dict[str, Any]]:
        """Deal a hand (``Deal.random(rules, rng=Batch.hand_random(seed, 0))``); the
        opponents move until the learner is to move. If the hand ends before that (only
        in tiny deals), the next is dealt from a seed drawn from the environment's
        generator. ``options`` are accepted and not
        read.

        Raises: as `DominoesVectorEnv.reset`.
        """
        _check_reset(seed, options)
        super().reset(seed=seed)
        deal = _seed_for(seed, self.np_random)
        rng = np.random.default_rng(deal)
        for _ in range(_MOVELESS_DEALS):
            self._table.reset(deal, rng)
            if not self.batch.over[0]:
                break
            deal = int(self.np_random.integers(_SEED_BOUND))  # no move of the learner's
        else:
            assert self.seat is not None  # in self-play the first seat to move moves
            raise _moveless(self.seat, 0)
        self._playing = True
        return self._table.observe()[0], self._info(np.zeros(self.rules.players, dtype=np.int64))

    def step(self, action: Any) -> tuple[FloatArray, float, bool, bool, dict[str, Any]]:
        """The learner's action; then the opponents move. Returns ``(observation,
        reward, terminated, truncated, info)``.

        Raises:
            ArgumentTypeError: ``action`` is not one integer.
            ArgumentValueError: ``action`` is outside the action space, `reset` was
                never called, or the hand is over (call `reset`).
            IllegalMoveError: ``action`` is not legal and ``illegal`` is
                `IllegalAction.RAISE`; nothing moves.
        """
        if not self._playing:
            raise ArgumentValueError(
                "action cannot be taken: no hand is being played, call reset() first",
                argument="action",
            )
        a = np.asarray(action)
        if a.dtype.kind not in "iu" or a.ndim != 0:
            raise ArgumentTypeError(
                f"action must be one integer, got {_shown(action)}", argument="action"
            )
        if not 0 <= int(a) < self.codec.size:
            raise ArgumentValueError(
                f"action must be from 0 to {self.codec.size - 1}, got {int(a)}",
                argument="action",
            )
        if not self.batch.legal_mask()[0, int(a)] and self.illegal is IllegalAction.TERMINATE:
            self._playing = False
            info = self._info(np.zeros(self.rules.players, dtype=np.int64))
            info["illegal"] = True
            return self._table.observe()[0], ILLEGAL_REWARD, True, False, info
        reward, done, points = self._table.step(a.astype(np.int64).reshape(1))
        self._playing = not bool(done[0])
        observation = self._table.observe()[0]
        return observation, float(reward[0]), bool(done[0]), False, self._info(points[0])

    def _info(self, points: Any) -> dict[str, Any]:
        info: dict[str, Any] = {"action_mask": self.batch.legal_mask()[0], "points": points}
        if self.seat is None:
            info["seat"] = int(self.batch.turn[0])
        return info


def register_envs() -> None:
    """Register the ids of `ENV_IDS` with Gymnasium (done on import; again is a no-op)."""
    for env_id, kwargs in ENV_IDS.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(
                id=env_id,
                entry_point=f"{__name__}:DominoesGymEnv",
                vector_entry_point=f"{__name__}:DominoesVectorEnv",
                kwargs=dict(kwargs),
            )


register_envs()
