"""Encodings for learning agents: a fixed-size action space and a flat observation vector.

`ActionCodec` numbers every move of a ruleset. In a line game, for the tile with
canonical index ``i``, action ``3*i`` lays it on the left end, ``3*i + 1`` on the right
end and ``3*i + 2`` leads it; then come `Draw` (``3*n``) and `Pass` (``3*n + 1``), where
``n`` is the number of tiles in the set. A ruleset whose layout can have ``K`` arms
(`ActionCodec.arms`: 4 with one spinner, ``2 + 2*(max_pip + 1)`` when every double
spins, 4 more for Chicken Foot's root of six toes; docs/rules/spinner.md,
docs/rules/chicken-foot.md) numbers ``K + 1`` actions per tile: ``(K+1)*i + k`` lays
it on the arm ``End(k)``, ``(K+1)*i + K`` leads it, then `Draw` (``(K+1)*n``) and
`Pass` (``(K+1)*n + 1``). Every ruleset with two arms (every line game) keeps the
numbering of three actions per tile. A train game (docs/rules/trains.md) numbers its
trains as arms, ``K = players`` plus one for the Mexican train if there is one: slot
``s < players`` is the train of seat ``s`` (`End.train`), slot ``players`` the Mexican
train, slot ``K`` lays the tile with no end (the engine, under `EngineSource.HOLDER`),
and `Stop` follows `Pass` (``(K+1)*n + 2``); `ActionCodec.ends` lists the slots' ends.
`ObservationEncoder` turns an
`Observation` into a flat vector with the layout documented on the class, whose parts
`ObservationEncoder.sections` names.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Iterable
from typing import Any, ClassVar

import attrs

from dominoes import sampling
from dominoes.errors import ArgumentTypeError, ArgumentValueError, RulesetError
from dominoes.errors import shown as _shown
from dominoes.layout import Layout, Owed, Train, TrainTurn
from dominoes.moves import DRAW, PASS, STOP, Draw, End, Move, Pass, Play, Stop, play_for, play_on
from dominoes.rules import ClaimRule, MexicanOpen, Ruleset, SpinnerFill, SpinnerRule
from dominoes.state import HandState, Observation, arms_encoding_view, encoding_view
from dominoes.tiles import Tile, bit_indices, tile_index

__all__ = ["ActionCodec", "ObservationEncoder", "Section", "VoidSource"]


def _is_ruleset(_instance: object, _attribute: object, value: Any) -> None:
    if not isinstance(value, Ruleset):
        raise ArgumentTypeError(f"rules must be a Ruleset, got {value!r}", argument="rules")
    if value.claim_rule is not ClaimRule.AUTO:
        # rules CLAIM-1 to CLAIM-3: no action numbers for claims and muggins
        raise RulesetError(
            f"claim_rule {value.claim_rule.name} is not encoded: learning agents play the "
            "auto game (claim_rule AUTO), since claiming is always right for them",
            fields=("claim_rule",),
        )


def _arm_count(rules: Ruleset) -> int:
    """The most arms a layout of ``rules`` can have (rules LAYOUT-1, SPIN-1); in a train
    game, its trains (rule TRAIN-3)."""
    if rules.trains:
        return rules.players + (1 if rules.mexican_train else 0)
    if rules.spinner is SpinnerRule.NONE:
        return 2
    if rules.spinner is SpinnerRule.EVERY_DOUBLE:
        # (FOOT-1: a root double with six toes has four arms more, U and D unused)
        return 2 + 2 * (rules.max_pip + 1) + (4 if rules.root_toes == 6 else 0)
    return 4


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
    """The ruleset whose moves are numbered (a `Ruleset`, else `ArgumentTypeError`;
    one whose scores are called, `Ruleset.claim_rule` not AUTO, is refused with
    `RulesetError`: learning agents play the auto game)."""
    _tiles: int = attrs.field(init=False, repr=False, eq=False)
    _arms: int = attrs.field(init=False, repr=False, eq=False)
    _ends: tuple[End, ...] = attrs.field(init=False, repr=False, eq=False)
    # in a train game, the slot of each train's end (else None: the slot is the End)
    _slots: dict[End, int] | None = attrs.field(init=False, repr=False, eq=False)

    def __attrs_post_init__(self) -> None:
        rules = self.rules
        k = _arm_count(rules)
        object.__setattr__(self, "_tiles", rules.tile_set.size)
        object.__setattr__(self, "_arms", k)
        if rules.trains:
            ends = (*(End.train(s) for s in range(rules.players)), End.MEXICAN)[:k]
            object.__setattr__(self, "_slots", {end: s for s, end in enumerate(ends)})
        else:
            ends = tuple(End(s) for s in range(k))
            object.__setattr__(self, "_slots", None)
        object.__setattr__(self, "_ends", ends)

    @property
    def tiles(self) -> int:
        """The number of tiles in the set."""
        return self._tiles

    @property
    def arms(self) -> int:
        """The most arms a layout of the ruleset can have (rules LAYOUT-1, SPIN-1): 2 in
        a line; 4 with one spinner (the first double, or a double lead); with every
        double a spinner, two more per double of the set.

        >>> from dominoes import Ruleset, SpinnerRule
        >>> ActionCodec(Ruleset.draw(spinner=SpinnerRule.EVERY_DOUBLE)).arms
        16
        """
        return self._arms

    @property
    def ends(self) -> tuple[End, ...]:
        """The end each slot of a tile lays it on, slot by slot (``arms`` of them; the
        slot after them leads the tile, with no end): ``LEFT`` and ``RIGHT`` in a line,
        ``End(0)`` to ``End(K - 1)`` with spinners, and in a train game the seats' trains
        then the Mexican train (rule TRAIN-3).

        >>> from dominoes import Ruleset
        >>> [end.token for end in ActionCodec(Ruleset.preset("mexican-train", players=3)).ends]
        ['T0', 'T1', 'T2', 'M']
        """
        return self._ends

    @property
    def size(self) -> int:
        """The number of actions: ``arms + 1`` per tile (three in a line), then draw and
        pass, and in a train game stop."""
        return (self._arms + 1) * self._tiles + 2 + (self._slots is not None)

    @property
    def draw_action(self) -> int:
        """The number of `Draw` (``(arms + 1) * tiles``)."""
        return (self._arms + 1) * self._tiles

    @property
    def pass_action(self) -> int:
        """The number of `Pass` (`draw_action` + 1)."""
        return (self._arms + 1) * self._tiles + 1

    @property
    def stop_action(self) -> int | None:
        """The number of `Stop` in a train game (`draw_action` + 2, the last action:
        rule TRAIN-7); ``None`` in other games, which have no turns of several plays."""
        return (self._arms + 1) * self._tiles + 2 if self._slots is not None else None

    def encode(self, move: Move) -> int:
        """The action number of ``move``.

        A `Draw` encodes to the one draw action whatever tile it carries (a draw from a
        hand's history names its tile; the action never does).

        Raises:
            ArgumentTypeError: ``move`` is not a `Play`, `Draw`, `Pass` or `Stop`.
            ArgumentValueError: the move's tile is not in the set, its end is one no
                layout of the ruleset has, or it is a `Stop` in a game other than a
                train game.
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
            k = self._arms
            slots = self._slots
            end = move.end
            if end is None:
                slot = k
            elif slots is not None and end in slots:
                slot = slots[end]
            elif slots is None and end < k:
                slot = int(end)
            else:
                what = "move lays" if one else f"{argument} holds a move that lays"
                has = (
                    f"its trains are {', '.join(e.token for e in self._ends)}"
                    if slots is not None
                    else f"it has at most {k}"
                )
                raise ArgumentValueError(
                    f"{what} {move.tile} on End.{end.name}, an arm no layout of "
                    f"this ruleset has ({has})",
                    argument=argument,
                )
            return (k + 1) * i + slot
        if isinstance(move, Draw):
            return (self._arms + 1) * self.tiles
        if isinstance(move, Pass):
            return (self._arms + 1) * self.tiles + 1
        if isinstance(move, Stop):
            if self._slots is None:
                what = "move is" if one else f"{argument} holds"
                raise ArgumentValueError(
                    f"{what} Stop, which only a train game has (its first-turn runs, "
                    "rule TRAIN-7): this ruleset has no action for it",
                    argument=argument,
                )
            return (self._arms + 1) * self.tiles + 2
        what = "move must be" if one else f"{argument} must hold only moves, each"
        raise ArgumentTypeError(
            f"{what} a Play, Draw, Pass or Stop, got {move!r}", argument=argument
        )

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
        k = self._arms
        after = action - (k + 1) * self._tiles  # 0: draw, 1: pass, 2: stop
        if after >= 0:
            return DRAW if after == 0 else PASS if after == 1 else STOP
        if k == 2 and self._slots is None:
            return play_for(action // 3)[action % 3]
        i, slot = divmod(action, k + 1)
        if slot == k:
            return play_for(i)[2]
        return play_on(i, self._ends[slot])

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
        k = self._arms
        draw = (k + 1) * self._tiles
        slots = self._slots
        if slots is not None:
            return sorted(self._encode(move, "moves") for move in state.legal_moves())
        out = []
        for move in state.legal_moves():  # the moves of the state: all in the set
            cls = move.__class__
            if cls is Play:
                end = move.end  # type: ignore[union-attr]
                out.append((k + 1) * move.tile.index + (k if end is None else int(end)))  # type: ignore[union-attr]
            else:
                out.append(draw if cls is Draw else draw + 1)
        out.sort()
        return out


class VoidSource(enum.Enum):
    """Where the *known voids* part of the `ObservationEncoder` vector comes from."""

    SHOWN = "shown"
    """`Observation.shown_voids`: the pip values each seat showed it lacks by its passes
    and forced draws, a record the engine keeps move by move (reading it costs nothing
    to speak of). The default."""
    EXACT = "exact"
    """`dominoes.sampling.voids`: every value a seat holds in no world consistent with
    the observation (the pass and draw record, and what the plays, the opening rule and
    the observer's own tiles tell). Exact, but costly: it builds the sampling model on
    every call, about a hundred microseconds or more for a double-six game and
    milliseconds for large sets, many times the cost of the rest of the vector. This was
    the only source of version 1 of the vector."""


@attrs.frozen
class Section:
    """One named part of the `ObservationEncoder` vector (`ObservationEncoder.sections`)."""

    name: str
    """The part's name: ``"hand"``, ``"left"``, ``"right"``, ``"voids"``,
    ``"hand_sizes"``, ``"boneyard"``, ``"played"``, ``"seat"`` or ``"turn"``; in a
    layout with arms also ``"arm_ends"``, ``"arm_states"``, ``"arm_doubles"``,
    ``"spinners"``, ``"end_count"`` or ``"play_points"``; in a train game ``"hub"`` in
    place of ``"left"`` and ``"right"``, and ``"train_ends"``, ``"train_open"``,
    ``"train_tiles"``, ``"markers"``, ``"open_doubles"``, ``"gate"``, ``"owed"`` or
    ``"firsts"``."""
    offset: int
    """The index of its first value in the vector."""
    size: int
    """How many values it has."""

    @property
    def stop(self) -> int:
        """The index just past its last value (``offset + size``)."""
        return self.offset + self.size

    @property
    def span(self) -> slice:
        """``slice(offset, stop)``: ``vector[section.span]`` is the part."""
        return slice(self.offset, self.offset + self.size)


@functools.lru_cache(maxsize=256)
def _sections(
    tiles: int, max_pip: int, players: int, arms: int, trains: int = 0
) -> tuple[Section, ...]:
    """The parts of the vector; ``arms`` is 0 for a line game (no parts of arms), else the
    most arms a layout can have; ``trains`` the trains of a train game (0 in others)."""
    ends = [("hub", max_pip + 2)] if trains else [("left", max_pip + 2), ("right", max_pip + 2)]
    parts = [
        ("hand", tiles),
        *ends,
        ("voids", players * (max_pip + 1)),
        ("hand_sizes", players),
        ("boneyard", 1),
        ("played", tiles),
        ("seat", players),
        ("turn", players),
    ]
    if trains:
        parts += [
            ("train_ends", trains * (max_pip + 1)),
            ("train_open", trains),
            ("train_tiles", trains),
            ("markers", players),
            ("open_doubles", trains),
            ("gate", trains + 1),
            ("owed", len(Owed)),
            ("firsts", players),
        ]
    elif arms:
        parts += [
            ("arm_ends", arms * (max_pip + 2)),
            ("arm_states", arms * 3),
            ("arm_doubles", arms),
            ("spinners", max_pip + 1),
            ("end_count", 1),
            ("play_points", players),
        ]
    out = []
    k = 0
    for name, size in parts:
        out.append(Section(name, k, size))
        k += size
    return tuple(out)


def _is_void_source(_instance: object, _attribute: object, value: Any) -> None:
    if not isinstance(value, VoidSource):
        raise ArgumentTypeError(f"voids must be a VoidSource, got {value!r}", argument="voids")


@attrs.frozen
class ObservationEncoder:
    """A flat feature vector of an `Observation`, in this order (``n`` tiles, ``P``
    seats, pip values ``0..M``; `sections` gives each part's offset and size):

    1. ``hand``: ``n`` values, 1 where the seat holds the tile;
    2. ``left`` end: ``M + 2`` values, one-hot of the value (last: no tile laid yet);
    3. ``right`` end: ``M + 2`` values, the same;
    4. known ``voids``: ``P * (M + 1)`` values, 1 where a seat (in seat order, observer
       included) is known to hold no tile with that value: by default
       (`VoidSource.SHOWN`) the values it showed it lacks (`Observation.shown_voids`),
       with ``voids=VoidSource.EXACT`` the exact inference of `dominoes.sampling.voids`
       (costly);
    5. ``hand_sizes``: ``P`` values, tiles held;
    6. ``boneyard`` size: 1 value;
    7. ``played`` tiles: ``n`` values, 1 where the tile is on the table;
    8. ``seat``: ``P`` values, one-hot of the observing seat;
    9. ``turn``: ``P`` values, one-hot of the seat to move.

    A ruleset played on a layout with arms (`Ruleset.has_arms`: a spinner, or scoring
    on play; docs/rules/spinner.md) has these nine parts, with ``left`` and ``right`` the
    ends of the ``LEFT`` and ``RIGHT`` arms and ``played`` every tile on any arm, then
    six more (``K`` arms at most, `ActionCodec.arms`: 2 without a spinner, 4 with one,
    ``2 + 2 * (M + 1)`` when every double spins, 4 more for a Chicken Foot root of six
    toes, FOOT-1; arms in `End` order):

    10. ``arm_ends``: ``K * (M + 2)`` values, per arm a one-hot of the value showing at
        its end (`Arm.value`: an empty arm shows the tile it grows from); the last of
        the ``M + 2``: the arm is not on the table (before the lead, or a short side of
        a spinner not laid yet);
    11. ``arm_states``: ``K * 3`` values, per arm a one-hot of *open* (a tile may be laid
        on it now), *waiting* (on the table, but takes no tile now: a short side before
        both long sides carry a tile, SPIN-2, an arm held back while a spinner has an
        empty side, SPIN-3, or a Chicken Foot toe, FOOT-1 and FOOT-2, and every arm once
        the hand is over) and *closed* (a short side that took its one tile, SPIN-4, and
        the unused ``UP`` and ``DOWN`` of a root of six toes); all 0 for an arm not on
        the table;
    12. ``arm_doubles``: ``K`` values, 1 where the tile showing at the arm's end is a
        double, whose both halves count in the end count (COUNT-1, COUNT-2): the last
        tile of the arm, or for an empty ``LEFT`` or ``RIGHT`` arm the lead (an empty
        short side counts nothing, and has 0);
    13. ``spinners``: ``M + 1`` values, 1 at ``v`` where the double ``v-v`` is a spinner
        on the table (SPIN-1);
    14. ``end_count``: 1 value, the end count (`Layout.count`, COUNT-1 to COUNT-3);
    15. ``play_points``: ``P`` values, the points plays have scored so far in the hand,
        per seat (`Observation.play_points`: partners show their side's; PLAY-1 to
        PLAY-4).

    Counts are given as they are, not scaled, like ``hand_sizes`` and ``boneyard``: the
    end count is at most ``2 * M`` per arm, and the play points are what the hand has
    added to the match score so far (the PettingZoo adapter's observation space gives
    a bound of each value). A line game's vector has the nine parts only, unchanged.

    A train game (docs/rules/trains.md; ``T`` trains: the seats' own, then the Mexican
    train if there is one, as `ActionCodec.ends` lists them) has ``hand``, then
    ``hub``: ``M + 2`` values, a one-hot of the engine's value (last: the engine is not
    laid yet, TRAIN-1), then the parts 4 to 9 above (``played`` holds the engine and
    every tile on a train; the voids are the values of the trains the seat could use
    when it passed or drew), then:

    10. ``train_ends``: ``T * (M + 1)`` values, per train a one-hot of the value
        showing at its end (`Train.value`: the engine's while it is empty); all 0
        before the engine is laid;
    11. ``train_open``: ``T`` values, 1 where the observer may play on the train, gates
        aside (TRAIN-3, TRAIN-4): its own, the Mexican train (under
        `MexicanOpen.AFTER_OWN_TRAIN` once its own train has a tile), a marked train;
    12. ``train_tiles``: ``T`` values, how many tiles each train carries;
    13. ``markers``: ``P`` values, 1 where the seat's train carries a marker (TRAIN-4);
    14. ``open_doubles``: ``T`` values, 1 where the train ends in an open double still
        to be satisfied (`TrainTurn.doubles`, TRAIN-5);
    15. ``gate``: ``T + 1`` values, a one-hot of the train of the oldest open double in
        force, which every play must satisfy (TRAIN-5, TRAIN-7; last: none);
    16. ``owed``: 3 values, a one-hot of what the seat to move owes (`Owed`, in its
        order: a turn, the play a double earned, more of a first-turn run);
    17. ``firsts``: ``P`` values, 1 where the seat has had its first turn (TRAIN-7).

    `VERSION` numbers the vector's meaning: version 2, this one, has the layout of
    version 1, and by default a different voids part (version 1 computed it as
    `VoidSource.EXACT` does; ``voids=VoidSource.EXACT`` gives the vectors of version 1).
    The parts of layouts with arms are new: a line game's vector is the same.

    >>> from dominoes import Ruleset
    >>> encoder = ObservationEncoder(Ruleset.block())
    >>> encoder.size, [(s.name, s.offset, s.size) for s in encoder.sections()][3]
    (93, ('voids', 44, 14))
    >>> fives = ObservationEncoder(Ruleset.preset("all-fives"))
    >>> fives.size, [(s.name, s.offset, s.size) for s in fives.sections()][9:]
    ... # doctest: +NORMALIZE_WHITESPACE
    (151, [('arm_ends', 93, 32), ('arm_states', 125, 12), ('arm_doubles', 137, 4),
           ('spinners', 141, 7), ('end_count', 148, 1), ('play_points', 149, 2)])
    >>> trains = ObservationEncoder(Ruleset.preset("mexican-train-6"))
    >>> trains.size, [(s.name, s.size) for s in trains.sections()][8:]
    ... # doctest: +NORMALIZE_WHITESPACE
    (126, [('train_ends', 21), ('train_open', 3), ('train_tiles', 3), ('markers', 2),
           ('open_doubles', 3), ('gate', 4), ('owed', 3), ('firsts', 2)])
    """

    VERSION: ClassVar[int] = 2
    """The version of the vector's meaning (see the class docs)."""

    rules: Ruleset = attrs.field(validator=_is_ruleset)
    """The ruleset of the observations encoded (a `Ruleset`, else `ArgumentTypeError`;
    `RulesetError` where scores are called, as for `ActionCodec`)."""
    voids: VoidSource = attrs.field(
        default=VoidSource.SHOWN, kw_only=True, validator=_is_void_source
    )
    """Where the known voids come from (a `VoidSource`, else `ArgumentTypeError`)."""
    _sections: tuple[Section, ...] = attrs.field(init=False, repr=False, eq=False)
    _line: tuple[Section, ...] = attrs.field(init=False, repr=False, eq=False)
    _has_arms: bool = attrs.field(init=False, repr=False, eq=False)
    _trains: bool = attrs.field(init=False, repr=False, eq=False)

    def __attrs_post_init__(self) -> None:
        rules = self.rules
        arms = _arm_count(rules) if rules.has_arms else 0
        trains = _arm_count(rules) if rules.trains else 0
        sections = _sections(rules.tile_set.size, rules.max_pip, rules.players, arms, trains)
        object.__setattr__(self, "_sections", sections)
        # the parts a line game's vector has (`_vector` writes them); in a train game the
        # hub stands for both ends, where `_vector` marks "nothing laid yet"
        line = (sections[0], sections[1], *sections[1:8]) if trains else sections[:9]
        object.__setattr__(self, "_line", line)
        object.__setattr__(self, "_has_arms", bool(arms))
        object.__setattr__(self, "_trains", bool(trains))

    @property
    def size(self) -> int:
        """The length of the vector."""
        return self._sections[-1].stop

    def sections(self) -> tuple[Section, ...]:
        """The parts of the vector, in order, each with its name, offset and size."""
        return self._sections

    def encode(self, observation: Observation) -> list[float]:
        """The feature vector as a list of floats.

        Raises:
            ArgumentTypeError: ``observation`` is not an `Observation`.
            ArgumentValueError: the observation is of a game with another set, another
                number of seats or another kind of layout (a line, or up to how many
                arms) than the encoder's ruleset.
        """
        rules = self.rules
        if not isinstance(observation, Observation):
            raise ArgumentTypeError(
                f"observation must be an Observation, got {observation!r}",
                argument="observation",
            )
        _check_game(observation.rules, rules, "observation")
        voids: Iterable[Iterable[int]] = (
            observation.shown_voids
            if self.voids is VoidSource.SHOWN
            else sampling.voids(observation)
        )
        if self._trains:
            return self._train_vector(
                [t.index for t in observation.hand],
                observation.hub,
                observation.trains,
                observation.train_turn,
                voids,
                observation.hand_sizes,
                observation.boneyard_size,
                observation.seat,
                observation.turn,
            )
        out = self._vector(
            [t.index for t in observation.hand],
            observation.line,
            voids,
            observation.hand_sizes,
            observation.boneyard_size,
            observation.seat,
            observation.turn,
        )
        if self._has_arms:
            self._add_arms(out, observation.layout, observation.play_points)
        return out

    def _check_state(self, state: object, seat: object) -> None:
        if not isinstance(state, HandState):
            raise ArgumentTypeError(f"state must be a HandState, got {state!r}", argument="state")
        rules = self.rules
        _check_game(state.rules, rules, "state")
        if type(seat) is not int or not 0 <= seat < rules.players:
            raise ArgumentValueError(
                f"seat must be a seat at the table, 0 to {rules.players - 1}; got {seat!r}",
                argument="seat",
            )

    def encode_state(self, state: HandState, seat: int) -> list[float]:
        """The vector of ``state.observation(seat)``, read from the state without building
        the observation (what the adapters do at every step).

        Raises:
            ArgumentTypeError: ``state`` is not a `HandState`.
            ArgumentValueError: there is no such seat, or the state is of a game with
                another set, another number of seats or another kind of layout than the
                encoder's ruleset.
        """
        self._check_state(state, seat)
        if self.voids is not VoidSource.SHOWN:
            return self.encode(state.observation(seat))
        if self._has_arms:
            return self._arms_state(state, seat)
        if self._trains:
            return self._train_state(state, seat)
        hand, line, shown, sizes, bone, turn = encoding_view(state, seat)
        return self._vector(
            bit_indices(hand), line, [bit_indices(m) for m in shown], sizes, bone, seat, turn
        )

    def write_state(self, out: Any, state: HandState, seat: int) -> None:
        """Write the vector of `encode_state` (``state``, ``seat``) into ``out``, a numpy
        vector of `size` values that holds zeros, with three numpy writes (the 1 values,
        the hand sizes, the boneyard): what the adapters do at every step.

        Raises:
            ArgumentTypeError: ``state`` is not a `HandState`.
            ArgumentValueError: ``out`` is not a vector of `size` values, there is no
                such seat, or the state is of another game than the encoder's.
        """
        self._check_state(state, seat)
        if getattr(out, "shape", None) != (self.size,):
            raise ArgumentValueError(
                f"out must be a numpy vector of {self.size} values, got {_shown(out)}",
                argument="out",
            )
        if self.voids is not VoidSource.SHOWN:
            out[:] = self.encode(state.observation(seat))
            return
        if self._has_arms:
            out[:] = self._arms_state(state, seat)
            return
        if self._trains:
            out[:] = self._train_state(state, seat)
            return
        hand, line, shown, sizes, bone, turn = encoding_view(state, seat)
        _hand, left_, right_, voids_, sizes_, bone_, played_, seat_, turn_ = self._line
        m1 = self.rules.max_pip + 1
        ones = bit_indices(hand)
        if line:
            ones.append(left_.offset + line[0][0])
            ones.append(right_.offset + line[-1][1])
            k = played_.offset
            for a, b in line:  # the tile's canonical index, as tile_index gives it
                ones.append(k + (b * (b + 1) // 2 + a if a <= b else a * (a + 1) // 2 + b))
        else:
            ones.append(left_.offset + m1)
            ones.append(right_.offset + m1)
        k = voids_.offset
        for values in shown:
            m = values
            while m:
                low = m & -m
                ones.append(k + low.bit_length() - 1)
                m ^= low
            k += m1
        ones.append(seat_.offset + seat)
        ones.append(turn_.offset + turn)
        out.put(ones, 1.0)  # (cheaper than out[ones] = 1.0)
        out[sizes_.offset : sizes_.stop] = sizes
        out[bone_.offset] = bone

    def _vector(
        self,
        hand: Iterable[int],
        line: tuple[tuple[int, int], ...],
        voids: Iterable[Iterable[int]],
        sizes: Iterable[int],
        boneyard: int,
        seat: int,
        turn: int,
    ) -> list[float]:
        """The vector of these parts (the hand as tile indices, the voids as pips)."""
        _hand, left_, right_, voids_, sizes_, bone_, played_, seat_, turn_ = self._line
        m1 = self.rules.max_pip + 1
        out = [0.0] * turn_.stop
        for i in hand:
            out[i] = 1.0
        if line:
            out[left_.offset + line[0][0]] = 1.0
            out[right_.offset + line[-1][1]] = 1.0
            k = played_.offset
            for a, b in line:  # the tile's canonical index, as tile_index gives it
                out[k + (b * (b + 1) // 2 + a if a <= b else a * (a + 1) // 2 + b)] = 1.0
        else:
            out[left_.offset + m1] = 1.0
            out[right_.offset + m1] = 1.0
        k = voids_.offset
        for void in voids:
            for v in void:
                out[k + v] = 1.0
            k += m1
        k = sizes_.offset
        for count in sizes:
            out[k] = float(count)
            k += 1
        out[bone_.offset] = float(boneyard)
        out[seat_.offset + seat] = 1.0
        out[turn_.offset + turn] = 1.0
        return out

    def _arms_state(self, state: HandState, seat: int) -> list[float]:
        """`encode_state` of a layout with arms (shown voids)."""
        hand, layout, shown, sizes, bone, turn, points = arms_encoding_view(state, seat)
        voids = [bit_indices(m) for m in shown]
        out = self._vector(bit_indices(hand), layout.line, voids, sizes, bone, seat, turn)
        self._add_arms(out, layout, points)
        return out

    def _add_arms(self, out: list[float], layout: Layout, points: Iterable[int]) -> None:
        """Extend ``out``, the nine parts of a line game's vector for the line through
        the lead, with the tiles of the other arms (in ``played``) and the parts of the
        arms."""
        sections = self._sections
        played_, arm_ends, arm_states, arm_doubles, spinners, count_, points_ = (
            sections[6],
            *sections[9:],
        )
        out += [0.0] * (points_.stop - len(out))
        m2 = self.rules.max_pip + 2
        closing = self.rules.spinner_fill is SpinnerFill.ONE_TILE_EACH_SIDE
        arms = layout.arms
        lead = layout.line[len(arms[0].tiles)] if arms else (0, 1)
        six = self.rules.root_toes == 6 and lead[0] == lead[1]  # the root's U, D unused
        for k, arm in enumerate(arms):
            tiles = arm.tiles
            if k > 1:  # (the tiles of the line through the lead are in already)
                for a, b in tiles:
                    out[played_.offset + tile_index(a, b)] = 1.0
            out[arm_ends.offset + k * m2 + arm.value] = 1.0
            closed = (closing and k > 1 and tiles) or (six and k in (2, 3))  # (FOOT-1)
            state = 0 if arm.is_open else 2 if closed else 1
            out[arm_states.offset + 3 * k + state] = 1.0
            end = tiles[-1] if tiles else lead if k < 2 else (0, 1)
            if end[0] == end[1]:
                out[arm_doubles.offset + k] = 1.0
            if k > 1:
                out[spinners.offset + (tiles[0][0] if tiles else arm.value)] = 1.0
        for k in range(len(arms), arm_doubles.size):
            out[arm_ends.offset + k * m2 + m2 - 1] = 1.0
        out[count_.offset] = float(layout.count)
        k = points_.offset
        for p in points:
            out[k] = float(p)
            k += 1

    def _train_state(self, state: HandState, seat: int) -> list[float]:
        """`encode_state` of a train game (shown voids)."""
        hand, layout, shown, sizes, bone, turn, _points = arms_encoding_view(state, seat)
        voids = [bit_indices(m) for m in shown]
        return self._train_vector(
            bit_indices(hand),
            layout.hub,
            layout.trains,
            state.train_turn,
            voids,
            sizes,
            bone,
            seat,
            turn,
        )

    def _train_vector(
        self,
        hand: Iterable[int],
        hub: Tile | None,
        trains: tuple[Train, ...],
        train_turn: TrainTurn | None,
        voids: Iterable[Iterable[int]],
        sizes: Iterable[int],
        boneyard: int,
        seat: int,
        turn: int,
    ) -> list[float]:
        """The vector of a train game (see the class docs)."""
        rules = self.rules
        hub_, played_ = self._sections[1], self._sections[5]
        ends_, open_, tiles_, markers_, doubles_, gate_, owed_, firsts_ = self._sections[8:]
        m1 = rules.max_pip + 1
        # the common parts, the hub marked "not laid yet"
        out = self._vector(hand, (), voids, sizes, boneyard, seat, turn)
        out += [0.0] * (firsts_.stop - len(out))
        if hub is not None:
            out[hub_.stop - 1] = 0.0
            out[hub_.offset + hub.high] = 1.0
            out[played_.offset + hub.index] = 1.0
        mexican_now = rules.mexican_open_from is not MexicanOpen.AFTER_OWN_TRAIN or bool(
            trains and trains[seat].tiles
        )
        for k, train in enumerate(trains):
            for a, b in train.tiles:
                out[played_.offset + tile_index(a, b)] = 1.0
            out[ends_.offset + k * m1 + train.value] = 1.0
            owner = train.owner
            if owner == seat or train.marked or (owner is None and mexican_now):
                out[open_.offset + k] = 1.0
            out[tiles_.offset + k] = float(len(train.tiles))
            if train.marked and owner is not None:
                out[markers_.offset + owner] = 1.0
        gate = open_.size  # (none)
        if train_turn is not None:
            done = len(train_turn.firsts) == rules.players or not rules.first_turn_run
            for end, from_run in train_turn.doubles:
                slot = _train_slot(end, rules.players)
                out[doubles_.offset + slot] = 1.0
                if gate == open_.size and (done or not from_run):
                    gate = slot
            out[owed_.offset + _OWED_ORDER[train_turn.owed]] = 1.0
            for s in train_turn.firsts:
                out[firsts_.offset + s] = 1.0
        else:
            out[owed_.offset] = 1.0
        out[gate_.offset + gate] = 1.0
        return out

    def encode_array(self, observation: Observation) -> Any:
        """The feature vector as a ``numpy`` array (needs the ``numpy`` extra).

        Raises:
            ModuleNotFoundError: numpy is not installed.
            ArgumentTypeError, ArgumentValueError: as `encode`.
        """
        import numpy as np  # noqa: PLC0415 (optional dependency)

        return np.asarray(self.encode(observation), dtype=np.float32)


_OWED_ORDER: dict[Owed, int] = {owed: k for k, owed in enumerate(Owed)}


def _train_slot(end: End, players: int) -> int:
    """The number of a train of a train game: its owner's seat, ``players`` for the
    Mexican train (as `ActionCodec.ends` orders them)."""
    owner = end.train_owner
    return players if owner is None else owner


def _check_game(seen: Ruleset, rules: Ruleset, argument: str) -> None:
    """Refuse ``argument`` (an observation or a state) of a game with another set,
    another number of seats, or another kind of layout than the encoder's ``rules``."""
    if seen is rules:
        return
    if (seen.max_pip, seen.players) != (rules.max_pip, rules.players):
        raise ArgumentValueError(
            f"{argument} is of a double-{seen.max_pip} game for {seen.players} seats, "
            f"but the encoder is for double-{rules.max_pip} and {rules.players} seats",
            argument=argument,
        )
    if (
        seen.has_arms != rules.has_arms
        or seen.trains != rules.trains
        or _arm_count(seen) != _arm_count(rules)
    ):
        raise ArgumentValueError(
            f"{argument} is of a game {_layout_words(seen)}, but the encoder is for a "
            f"game {_layout_words(rules)}",
            argument=argument,
        )


def _layout_words(rules: Ruleset) -> str:
    """How a ruleset's layout reads in an error: on a line, or with up to K arms."""
    if rules.trains:
        return f"of {_arm_count(rules)} trains"
    if not rules.has_arms:
        return "played on a line"
    return f"played on a layout of up to {_arm_count(rules)} arms"
