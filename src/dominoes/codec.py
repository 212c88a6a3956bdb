"""Encodings for learning agents: a fixed-size action space and a flat observation vector.

`ActionCodec` numbers every move of a ruleset: for the tile with canonical index
``i``, action ``3*i`` lays it on the left end, ``3*i + 1`` on the right end and
``3*i + 2`` leads it; then come `Draw` (``3*n``) and `Pass` (``3*n + 1``), where
``n`` is the number of tiles in the set. `ObservationEncoder` turns an
`Observation` into a flat vector with the layout documented on the class.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import attrs

from dominoes import sampling
from dominoes.errors import ArgumentTypeError, ArgumentValueError
from dominoes.moves import DRAW, PASS, Draw, Move, Pass, Play, play_for
from dominoes.rules import Ruleset
from dominoes.state import HandState, Observation
from dominoes.tiles import tile_index

__all__ = ["ActionCodec", "ObservationEncoder"]


def _is_ruleset(_instance: object, _attribute: object, value: Any) -> None:
    if not isinstance(value, Ruleset):
        raise ArgumentTypeError(f"rules must be a Ruleset, got {value!r}", argument="rules")


@attrs.frozen
class ActionCodec:
    """The integer action space of a ruleset (see the module docs for the numbering).

    >>> from dominoes import Ruleset, Tile, Play, End
    >>> codec = ActionCodec(Ruleset.block())
    >>> codec.size
    86
    >>> codec.encode(Play(tile=Tile(6, 4), end=End.RIGHT))
    76
    >>> codec.decode(76)
    Play(tile=Tile(4, 6), end=End.RIGHT)
    """

    rules: Ruleset = attrs.field(validator=_is_ruleset)
    """The ruleset whose moves are numbered (a `Ruleset`, else `ArgumentTypeError`)."""

    @property
    def tiles(self) -> int:
        """The number of tiles in the set."""
        return self.rules.tile_set.size

    @property
    def size(self) -> int:
        """The number of actions: three per tile, then draw and pass."""
        return 3 * self.tiles + 2

    def encode(self, move: Move) -> int:
        """The action number of ``move``.

        A `Draw` encodes to the one draw action whatever tile it carries (a draw from a
        hand's history names its tile; the action never does).

        Raises:
            ArgumentTypeError: ``move`` is not a `Play`, `Draw` or `Pass`.
            ArgumentValueError: the move's tile is not in the set.
        """
        return self._encode(move, "move")

    def _encode(self, move: object, argument: str) -> int:
        """``encode``, naming ``argument`` (``move``, or ``moves`` for `mask`) in errors."""
        one = argument == "move"
        if isinstance(move, Play):
            i = move.tile.index
            if i >= self.tiles:
                what = "move lays" if one else f"{argument} holds a move that lays"
                raise ArgumentValueError(
                    f"{what} {move.tile}, which is not in the double-{self.rules.max_pip} set",
                    argument=argument,
                )
            slot = 2 if move.end is None else int(move.end)
            return 3 * i + slot
        if isinstance(move, Draw):
            return 3 * self.tiles
        if isinstance(move, Pass):
            return 3 * self.tiles + 1
        what = "move must be" if one else f"{argument} must hold only moves, each"
        raise ArgumentTypeError(f"{what} a Play, Draw or Pass, got {move!r}", argument=argument)

    def decode(self, action: int) -> Move:
        """The move with this action number (interned).

        The draw action decodes to ``Draw()``, which names no tile: the tile comes from
        the boneyard when the move is applied.

        Raises:
            ArgumentTypeError: ``action`` is not an ``int`` (``bool`` is refused).
            ArgumentValueError: ``action`` is outside the action space.
        """
        if type(action) is not int:
            raise ArgumentTypeError(
                f"action must be an int in 0..{self.size - 1}, got {action!r}", argument="action"
            )
        if not 0 <= action < self.size:
            raise ArgumentValueError(
                f"action {action} is outside the action space 0..{self.size - 1}",
                argument="action",
            )
        n = self.tiles
        if action == 3 * n:
            return DRAW
        if action == 3 * n + 1:
            return PASS
        return play_for(action // 3)[action % 3]

    def mask(self, moves: Iterable[Move]) -> list[bool]:
        """A legal-action mask: ``True`` at the number of each move in ``moves``.

        Raises:
            ArgumentTypeError: ``moves`` is not an iterable, or an entry is not a move.
            ArgumentValueError: a move's tile is not in the set.
        """
        if not isinstance(moves, Iterable):
            raise ArgumentTypeError(
                f"moves must be an iterable of moves, got {moves!r}", argument="moves"
            )
        out = [False] * self.size
        for move in moves:
            out[self._encode(move, "moves")] = True
        return out

    def legal_actions(self, state: HandState | Observation) -> list[int]:
        """The numbers of the legal moves of a state (or of the observing seat), ascending.

        Raises:
            ArgumentTypeError: ``state`` is neither a `HandState` nor an `Observation`.
        """
        if not isinstance(state, HandState | Observation):
            raise ArgumentTypeError(
                f"state must be a HandState or an Observation, got {state!r}", argument="state"
            )
        return sorted(self.encode(m) for m in state.legal_moves())


@attrs.frozen
class ObservationEncoder:
    """A flat feature vector of an `Observation`, in this order (``n`` tiles, ``P``
    seats, pip values ``0..M``):

    1. own hand: ``n`` values, 1 where the seat holds the tile;
    2. left end: ``M + 2`` values, one-hot of the value (last: no tile laid yet);
    3. right end: ``M + 2`` values, the same;
    4. known voids: ``P * (M + 1)`` values, 1 where a seat (in seat order, observer
       included) is known to hold no tile with that value;
    5. hand sizes: ``P`` values, tiles held;
    6. boneyard size: 1 value;
    7. played tiles: ``n`` values, 1 where the tile is on the table;
    8. seat: ``P`` values, one-hot of the observing seat;
    9. turn: ``P`` values, one-hot of the seat to move.
    """

    rules: Ruleset = attrs.field(validator=_is_ruleset)
    """The ruleset of the observations encoded (a `Ruleset`, else `ArgumentTypeError`)."""

    @property
    def size(self) -> int:
        """The length of the vector."""
        n = self.rules.tile_set.size
        m = self.rules.max_pip
        p = self.rules.players
        return n + 2 * (m + 2) + p * (m + 1) + p + 1 + n + p + p

    def encode(self, observation: Observation) -> list[float]:
        """The feature vector as a list of floats.

        Raises:
            ArgumentTypeError: ``observation`` is not an `Observation`.
            ArgumentValueError: the observation is of a game with another set or another
                number of seats than the encoder's ruleset.
        """
        rules = self.rules
        if not isinstance(observation, Observation):
            raise ArgumentTypeError(
                f"observation must be an Observation, got {observation!r}",
                argument="observation",
            )
        seen = observation.rules
        if seen is not rules and (seen.max_pip, seen.players) != (rules.max_pip, rules.players):
            raise ArgumentValueError(
                f"observation is of a double-{seen.max_pip} game for {seen.players} seats, "
                f"but the encoder is for double-{rules.max_pip} and {rules.players} seats",
                argument="observation",
            )
        n = rules.tile_set.size
        m = rules.max_pip
        p = rules.players
        out = [0.0] * self.size
        for t in observation.hand:
            out[t.index] = 1.0
        k = n
        ends = observation.layout.ends
        left, right = ends if ends else (m + 1, m + 1)
        out[k + left] = 1.0
        k += m + 2
        out[k + right] = 1.0
        k += m + 2
        for seat, void in enumerate(sampling.voids(observation)):
            for v in void:
                out[k + seat * (m + 1) + v] = 1.0
        k += p * (m + 1)
        for seat, count in enumerate(observation.hand_sizes):
            out[k + seat] = float(count)
        k += p
        out[k] = float(observation.boneyard_size)
        k += 1
        for a, b in observation.line:
            out[k + tile_index(a, b)] = 1.0
        k += n
        out[k + observation.seat] = 1.0
        k += p
        out[k + observation.turn] = 1.0
        return out

    def encode_array(self, observation: Observation) -> Any:
        """The feature vector as a ``numpy`` array (needs the ``numpy`` extra).

        Raises:
            ModuleNotFoundError: numpy is not installed.
            ArgumentTypeError, ArgumentValueError: as `encode`.
        """
        import numpy as np  # noqa: PLC0415 (optional dependency)

        return np.asarray(self.encode(observation), dtype=np.float32)
