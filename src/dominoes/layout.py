"""The layout: the tiles on the table, in arms, and their open ends (rule LAYOUT-1).

A line game's layout is its line: the lead and two arms, ``LEFT`` and ``RIGHT``. With
spinners (docs/rules/spinner.md) the layout is a tree: the line through the lead, and
the short sides of each spinner as further arms. `dominoes.render.diagram` draws a whole
hand as text.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence

import attrs

from dominoes.errors import ArgumentTypeError, ArgumentValueError, EmptyLayoutError
from dominoes.errors import shown as _shown
from dominoes.moves import End
from dominoes.picture import layout_picture, set_for
from dominoes.rules import PlayScoring, Ruleset, SpinnerCount
from dominoes.tiles import Tile

__all__ = ["Arm", "Layout", "Owed", "Train", "TrainTurn"]


def exposed_ends(
    lead: tuple[int, int],
    arms: Sequence[tuple[int, tuple[int, int] | None]],
    spinners: Sequence[tuple[int, int, int, int]],
    spinner_count: SpinnerCount = SpinnerCount.BOTH_UNTIL_LONG_COVERED,
    double_end_weight: int = 2,
) -> list[tuple[int, int]]:
    """What the ends of a layout with arms show (rules COUNT-1 to COUNT-6), as one
    (value, halves) pair per end that shows something: the end count adds up
    ``value * halves``, and Bergen's headers (HEADER-1) group the pairs by value. The one
    place these rules are written, shared by `Layout` and the engine (which calls it
    with its own tables, checked; no argument is validated here).

    ``lead`` is the lead as (low, high); ``arms[k]`` is (how many tiles arm ``k``
    carries, its outermost tile as an oriented pair, ``None`` while it is empty), in
    `End` order; ``spinners`` holds (value, arm, index, first short arm) per spinner,
    ``arm`` -1 for the lead. A tile at an end shows its outer half; a double that is not
    a spinner ``double_end_weight`` halves; a spinner what ``spinner_count`` says; an
    empty long side the lead's half on it (a double lead's ``double_end_weight``
    halves); an empty short side nothing; the lone lead one half at each end of the line
    (a lone spinner counted `SpinnerCount.ONCE`: one half in all).

    >>> exposed_ends((3, 4), [(0, None), (1, (4, 4))], [])
    [(3, 1), (4, 2)]
    >>> exposed_ends((6, 6), [(1, (6, 3)), (0, None), (0, None), (0, None)], [(6, -1, 0, 2)])
    [(6, 2), (3, 1)]
    """
    low, high = lead
    if not any(n for n, _ in arms):  # the lone lead
        if spinners and spinner_count is SpinnerCount.ONCE:
            return [(low, 1)]
        return [(low, 1), (high, 1)]
    out: list[tuple[int, int]] = []
    at_end: set[int] = set()  # the arms whose outermost tile is a spinner
    lead_spins = False
    for value, arm, index, short in spinners:
        if arm < 0:
            lead_spins = True
            covered = (arms[0][0] > 0) + (arms[1][0] > 0)
        else:
            covered = 1 + (arms[arm][0] > index + 1)
            if arms[arm][0] == index + 1:
                at_end.add(arm)
        if spinner_count is SpinnerCount.EXPOSED_HALVES:
            sides = covered + (arms[short][0] > 0) + (arms[short + 1][0] > 0)
            halves = max(0, min(2, 4 - sides))
        else:
            halves = 0 if covered == 2 else 1 if spinner_count is SpinnerCount.ONCE else 2
        if halves:
            out.append((value, halves))
    for k, (n, tile) in enumerate(arms):
        if n:
            if k not in at_end:
                a, b = tile  # type: ignore[misc]
                out.append((b, double_end_weight if a == b else 1))
        elif k < 2 and not lead_spins:
            out.append((high if k else low, double_end_weight if low == high else 1))
    return out


def header_points(ends: Sequence[tuple[int, int]]) -> int:
    """Rule HEADER-1: what the ends ``exposed_ends`` gives score under Bergen's headers:
    each value showing at two ends or more scores the halves showing it (a double
    header 2, a triple header 3).

    >>> header_points([(4, 1), (4, 2)]), header_points([(4, 2), (3, 1)])
    (3, 0)
    """
    ends_of: dict[int, int] = {}
    halves_of: dict[int, int] = {}
    for value, halves in ends:
        ends_of[value] = ends_of.get(value, 0) + 1
        halves_of[value] = halves_of.get(value, 0) + halves
    return sum(halves_of[v] for v, n in ends_of.items() if n >= 2)


@attrs.frozen(kw_only=True)
class Arm:
    """One arm of a layout with spinners: the tiles laid on it, outward, and its end.

    An arm grows from the lead (``origin`` is ``None``: ``LEFT`` and ``RIGHT``, and the
    short sides ``UP`` and ``DOWN`` when the lead is a spinner) or from a spinner laid on
    another arm (``origin`` names that arm and the spinner's index in its ``tiles``).
    """

    end: End
    """Its name (the `End` a play on it names)."""
    tiles: tuple[tuple[int, int], ...]
    """The tiles on it as oriented pairs, outward: the ``a`` of the first pair touches
    the tile it grows from, and the ``b`` of each pair the ``a`` of the next."""
    value: int
    """The number showing at its end (that of the tile it grows from while empty)."""
    is_open: bool
    """Whether a tile may be laid on it now (rules SPIN-2 to SPIN-4)."""
    origin: tuple[End, int] | None = None
    """The arm and index of the spinner it grows from; ``None`` when it grows from the
    lead."""


@attrs.frozen(kw_only=True)
class Train:
    """One train of a train game (rules TRAIN-3 to TRAIN-5, docs/rules/trains.md): the
    tiles laid on it from the hub, outward, and what its end shows.

    >>> train = Train(end=End.TRAIN_1, owner=1, tiles=((12, 5), (5, 5)), value=5)
    >>> train.open_double, str(train)
    (True, 'T1: [12|5][5|5]')
    """

    end: End
    """Its name: `End.train` of its owner, or `End.MEXICAN`."""
    owner: int | None
    """The seat whose train it is; ``None`` for the public Mexican train."""
    tiles: tuple[tuple[int, int], ...]
    """The tiles on it as oriented pairs, outward: the ``a`` of the first pair is the
    engine's value, and the ``b`` of each pair the ``a`` of the next."""
    value: int
    """The number showing at its end (the engine's while it is empty)."""
    marked: bool = False
    """Whether it carries its owner's marker (rule TRAIN-4): then every seat may play on
    it. The Mexican train is never marked (it is always public)."""

    @property
    def open_double(self) -> bool:
        """Whether its last tile is a double nobody has laid a tile on yet (rule
        TRAIN-5)."""
        return bool(self.tiles) and self.tiles[-1][0] == self.tiles[-1][1]

    def __str__(self) -> str:
        marker = " *" if self.marked else ""
        body = "".join(f"[{a}|{b}]" for a, b in self.tiles) or "-"
        return f"{self.end.token}: {body}{marker}"


class Owed(enum.Enum):
    """What the seat to move owes in a train game (rules TRAIN-5 and TRAIN-7)."""

    TURN = "turn"
    """A turn of its own."""
    EXTRA_PLAY = "extra_play"
    """The play its double just earned (TRAIN-5)."""
    RUN = "run"
    """More of its first-turn run on its own train, or `Stop` (TRAIN-7)."""


@attrs.frozen(kw_only=True)
class TrainTurn:
    """The public facts of a train game beyond its tiles (rules TRAIN-5 and TRAIN-7), as
    `HandState.train_turn` and `Observation.train_turn` give them.

    >>> from dominoes import End
    >>> TrainTurn(doubles=((End.TRAIN_1, False),), firsts=(0, 1), owed=Owed.EXTRA_PLAY).owed
    <Owed.EXTRA_PLAY: 'extra_play'>
    """

    doubles: tuple[tuple[End, bool], ...]
    """The open doubles, oldest first, each as (its train, whether it was left at the end
    of a first-turn run: such a double holds up play only once every seat has had its
    first turn)."""
    firsts: tuple[int, ...]
    """The seats that have ended a turn (their first turn is behind them), ascending."""
    owed: Owed
    """What the seat to move owes."""


@attrs.frozen(kw_only=True)
class Layout:
    """The line of play, left to right.

    ``line`` holds each tile as an oriented pair ``(a, b)`` read left to right, so
    that the ``b`` of one pair equals the ``a`` of the next. The lead tile is laid
    with its low half to the left. ``ends`` is ``()`` before the lead and
    ``(left, right)`` after it (a lone double shows the same value twice).

    >>> from dominoes import HandState, Ruleset, Deal
    >>> s = HandState.start(Ruleset.block(), Deal.random(Ruleset.block(), seed=1))
    >>> s.layout.is_empty
    True
    """

    line: tuple[tuple[int, int], ...]
    """The tiles on the table as oriented pairs, left to right (with spinners: the line
    through the lead, from the end of the ``LEFT`` arm to the end of the ``RIGHT``)."""
    arms: tuple[Arm, ...] = ()
    """With spinners (a ruleset whose `Ruleset.spinner` is not ``NONE``, or that scores
    on play), every arm in `End` order, ``LEFT`` and ``RIGHT`` first; ``()`` in a line
    game, whose arms are the two ends of `line`."""
    hub: Tile | None = None
    """In a train game (docs/rules/trains.md), the engine double in the hub (``None``
    before it is laid, and in other games); `line` is then ``()``."""
    trains: tuple[Train, ...] = ()
    """In a train game, every train: the seats' own in seat order, then the Mexican train
    if there is one; ``()`` in other games."""

    @property
    def ends(self) -> tuple[int, ...]:
        """The values of the open ends: ``()`` or ``(left, right)`` in a line; with
        `arms`, those of the arms open now, in `End` order; in a train game, those of the
        trains, in `trains` order."""
        if self.hub is not None:
            return tuple(train.value for train in self.trains)
        if self.arms:
            return tuple(arm.value for arm in self.arms if arm.is_open)
        if not self.line:
            return ()
        return (self.line[0][0], self.line[-1][1])

    @property
    def open_ends(self) -> tuple[tuple[End, int], ...]:
        """The open ends as (arm, value) pairs, in `End` order (in a train game, every
        train's end, whoever may play on it)."""
        if self.hub is not None:
            return tuple((train.end, train.value) for train in self.trains)
        if self.arms:
            return tuple((arm.end, arm.value) for arm in self.arms if arm.is_open)
        if not self.line:
            return ()
        return ((End.LEFT, self.line[0][0]), (End.RIGHT, self.line[-1][1]))

    @property
    def count(self) -> int:
        """The end count under the default counting rules (COUNT-1 to COUNT-3): the
        value at the end of each arm that carries a tile, both halves of a double there;
        an empty long side counts the lead's half on it, a double lead both halves, once
        while neither long side carries a tile; an empty short side counts nothing. In a
        line, the two ends (both halves of a double at an end; a lone tile counts its two
        halves). ``0`` before the lead. `end_count` counts under a ruleset's rules.

        >>> Layout(line=((6, 6), (6, 3))).count
        15
        """
        line = self.line
        if not line:
            return 0
        if not self.arms:
            if len(line) == 1:
                return line[0][0] + line[0][1]
            (a, b), (c, d) = line[0], line[-1]
            return (2 * a if a == b else a) + (2 * d if c == d else d)
        return sum(v * h for v, h in self._exposed(SpinnerCount.BOTH_UNTIL_LONG_COVERED, 2))

    def end_count(self, rules: Ruleset) -> int:
        """The end count under ``rules``: `count`, with what a spinner adds set by
        `Ruleset.spinner_count` (COUNT-2, COUNT-4, COUNT-5) and the halves of a double at
        an end by `Ruleset.double_end_weight` (COUNT-6).

        Raises:
            ArgumentTypeError: ``rules`` is not a `Ruleset`.
        """
        if not isinstance(rules, Ruleset):
            raise ArgumentTypeError(
                f"rules must be a Ruleset, got {_shown(rules)}", argument="rules"
            )
        if not self.arms:
            return self.count
        ends = self._exposed(rules.spinner_count, rules.double_end_weight)
        return sum(v * h for v, h in ends)

    def headers(self, rules: Ruleset) -> int:
        """What the ends score under Bergen's headers (rule HEADER-1) with ``rules``'s
        counting of doubles; ``0`` unless ``rules`` scores them (`PlayScoring.BERGEN`).

        Raises:
            ArgumentTypeError: ``rules`` is not a `Ruleset`.
        """
        if not isinstance(rules, Ruleset):
            raise ArgumentTypeError(
                f"rules must be a Ruleset, got {_shown(rules)}", argument="rules"
            )
        if not self.arms or rules.play_scoring is not PlayScoring.BERGEN:
            return 0
        return header_points(self._exposed(rules.spinner_count, rules.double_end_weight))

    def _exposed(self, spinner_count: SpinnerCount, weight: int) -> list[tuple[int, int]]:
        """`exposed_ends` of this layout (which has arms)."""
        arms = self.arms
        lead = self.line[len(arms[0].tiles)]
        spinners = []
        for p in range(2, len(arms), 2):
            origin = arms[p].origin
            if origin is None:
                if p == 2:  # (the root's further toes under FOOT-1's six grow from it too)
                    spinners.append((lead[0], -1, 0, p))
            else:
                on, index = origin
                spinners.append((arms[on].tiles[index][0], int(on), index, p))
        shown = [(len(a.tiles), a.tiles[-1] if a.tiles else None) for a in arms]
        return exposed_ends(lead, shown, spinners, spinner_count, weight)

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """The tiles on the table: the line left to right, then each further arm's
        outward; in a train game the hub, then each train's outward."""
        if self.hub is not None:
            return (self.hub, *(Tile(a, b) for t in self.trains for a, b in t.tiles))
        pairs = list(self.line)
        for arm in self.arms[2:]:
            pairs.extend(arm.tiles)
        return tuple(Tile(a, b) for a, b in pairs)

    @property
    def is_empty(self) -> bool:
        """Whether no tile has been laid yet."""
        return not self.line and self.hub is None

    def end(self, end: End) -> int:
        """The value showing on ``end``.

        Raises:
            EmptyLayoutError: the layout is empty (an `IndexError`).
            ArgumentTypeError: ``end`` is not an `End` (a `TypeError`).
            ArgumentValueError: the layout has no such arm.
        """
        if not isinstance(end, End):
            raise ArgumentTypeError(
                f"end must be an End (End.LEFT, End.RIGHT, ...), got {_shown(end)}",
                argument="end",
            )
        if self.hub is not None:
            for train in self.trains:
                if train.end is end:
                    return train.value
            raise ArgumentValueError(
                f"end must be a train of the layout, got End.{end.name}", argument="end"
            )
        if not self.line:
            raise EmptyLayoutError(f"the layout is empty: it has no {end.name.lower()} end")
        if self.arms:
            if end >= len(self.arms):
                raise ArgumentValueError(
                    f"end must be an arm of the layout, got End.{end.name}", argument="end"
                )
            return self.arms[end].value
        if end > End.RIGHT:
            raise ArgumentValueError(
                f"end must be End.LEFT or End.RIGHT in a line, got End.{end.name}",
                argument="end",
            )
        return self.line[0][0] if end is End.LEFT else self.line[-1][1]

    def _repr_svg_(self, width: int = 800) -> str:
        """The layout as an SVG picture, for notebooks: `dominoes.svg.layout` for the
        smallest usual set that holds its tiles (`dominoes.picture.set_for`)."""
        high = max((t.high for t in self.tiles), default=0)
        return layout_picture(self, max_pip=set_for(high), width=width)

    def __len__(self) -> int:
        if self.hub is not None:
            return 1 + sum(len(train.tiles) for train in self.trains)
        return len(self.line) + sum(len(arm.tiles) for arm in self.arms[2:])

    def __str__(self) -> str:
        if self.hub is not None:
            return " ".join([f"({self.hub})", *(str(train) for train in self.trains)])
        return "".join(f"[{a}|{b}]" for a, b in self.line) or "(empty)"
