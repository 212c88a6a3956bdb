"""Notation: tiles, moves and one-line positions as text (specification: docs/notation.md).

* A tile is ``5-10`` (also read: ``10-5``, ``5|10``, ``[5|10]``).
* A move is position-independent: ``6-6`` (the lead), ``6-4:L`` / ``6-4:R`` (a play on
  the left / right end), ``draw`` (a draw, tile unknown), ``draw 2-3`` (a draw of 2-3),
  ``pass``; where scores are called (docs/rules/spinner.md, CLAIM-1 and CLAIM-2),
  ``claim 10`` / ``claim 0`` and ``muggins``; in a train game (docs/rules/trains.md),
  ``6-4:T2`` / ``6-4:M`` (a play on seat 2's train / the Mexican train) and ``stop``.
* Seats are numbered from 0, everywhere.
* A position is one line of space-separated fields, like chess's FEN; see
  `parse_position`. A layout with arms (docs/rules/spinner.md) adds the fields
  ``arms=`` (the arms of spinners' short sides) and ``points=`` (the play points); a
  train game the fields ``trains=``, ``markers=``, ``doubles=``, ``firsts=`` and
  ``owed=``.

Parsing is strict: nothing is guessed, and malformed input raises `NotationError`
naming what was wrong and where. Every parser refuses input longer than
`MAX_TEXT` characters.
"""

from __future__ import annotations

import re

import attrs

from dominoes.errors import ArgumentTypeError, ArgumentValueError, NotationError
from dominoes.errors import shown as _shown_value
from dominoes.faults import Fault, FaultKind
from dominoes.layout import Owed
from dominoes.moves import (
    DRAW,
    MUGGINS,
    PASS,
    STOP,
    Claim,
    Draw,
    End,
    Move,
    Muggins,
    Pass,
    Play,
    Stop,
)
from dominoes.scoring import Ending
from dominoes.tiles import MAX_SET, Tile

__all__ = [
    "MAX_TEXT",
    "Position",
    "format_move",
    "format_position",
    "parse_move",
    "parse_position",
    "parse_tile",
]

MAX_TEXT = 100_000
"""The longest text any parser accepts, in characters."""

_INT = r"(?:0|[1-9][0-9]{0,5})"
_PIP = r"(?:0|[1-9][0-9]{0,2})"
_DASHED = rf"{_PIP}-{_PIP}"
_MOVE_RE = re.compile(
    rf"({_DASHED})(?::([LRUDM]|A[1-9][0-9]?|T[0-9][0-9]?))?|draw(?: ({_DASHED}))?|pass|"
    rf"claim ({_INT})|muggins|stop"
)
_PLACED_RE = re.compile(rf"(\*?)({_PIP})\|({_PIP})")
_DASHED_RE = re.compile(_DASHED)
_INT_RE = re.compile(_INT)
_ROUND_RE = re.compile(rf"({_INT})\+({_INT})")
_ARM_TOKEN = r"(?:[LRUD]|A(?:[4-9]|[1-5][0-9]|6[0-3]))"
_ARM_RE = re.compile(rf"({_ARM_TOKEN})@(?:(\*)|({_ARM_TOKEN})\.({_INT})):(.*)", re.DOTALL)
_PAIR_RE = re.compile(rf"({_PIP})\|({_PIP})")
_FAULT_RE = re.compile(rf"({_INT}):([a-z_]+):({_INT})")
_TRAIN_TOKEN = r"(?:T(?:[0-9]|1[01])|M)"
_TRAIN_RE = re.compile(rf"({_TRAIN_TOKEN}):(.*)", re.DOTALL)
_DOUBLE_RE = re.compile(rf"({_TRAIN_TOKEN})(:run)?")
_TRAIN_TOKEN_RE = re.compile(_TRAIN_TOKEN)


def _check_text(text: object, what: str) -> str:
    if not isinstance(text, str):
        raise NotationError(
            f"a {what} must be given as text, got {type(text).__name__}",
            text=repr(text)[:80],
            what=what,
        )
    if len(text) > MAX_TEXT:
        raise NotationError(
            f"{what} text is {len(text)} characters long; the limit is {MAX_TEXT}",
            text=text[:80],
            what=what,
        )
    return text


def _shown(text: str) -> str:
    return repr(text if len(text) <= 60 else text[:60] + "...")


def parse_tile(text: str) -> Tile:
    """Parse a tile: ``5-10``, ``10-5``, ``5|10`` or ``[5|10]`` (see `Tile.parse`).

    Raises:
        NotationError: the text is not a tile.
    """
    return Tile.parse(_check_text(text, "tile"))


def format_move(move: Move) -> str:
    """The token of a move: ``6-6``, ``6-4:L``, ``6-4:R``, ``draw``, ``draw 2-3``, ``pass``,
    ``claim 10`` or ``muggins``.

    >>> format_move(Play(tile=Tile(6, 4), end=End.RIGHT))
    '4-6:R'

    Raises:
        ArgumentTypeError: ``move`` is not a move (a `TypeError`).
    """
    if not isinstance(move, Play | Draw | Pass | Claim | Muggins | Stop):
        raise ArgumentTypeError(
            f"move must be a Play, Draw, Pass, Claim, Muggins or Stop, got {_shown_value(move)}",
            argument="move",
        )
    return str(move)


def parse_move(text: str) -> Move:
    """Parse a move token (the inverse of `format_move`).

    >>> parse_move("6-4:L")
    Play(tile=Tile(4, 6), end=End.LEFT)
    >>> parse_move("draw 2-3"), parse_move("pass")
    (Draw(Tile(2, 3)), Pass())
    >>> parse_move("claim 10"), parse_move("muggins")
    (Claim(points=10), Muggins())

    Raises:
        NotationError: the text is not a move token.
    """
    text = _check_text(text, "move")
    # a twin in shape only of dominoes.records' parse_entry (a move entry, "SEAT TOKEN"):
    # another grammar, and its own message
    m = _MOVE_RE.fullmatch(text)
    if m is None:
        raise NotationError(
            f"not a move: {_shown(text)} (expected e.g. '6-6', '6-4:L', '6-4:R', '6-4:T2', "
            "'draw', 'draw 2-3', 'pass', 'claim 10', 'muggins' or 'stop')",
            text=text,
            what="move",
        )
    if m.group(1) is not None:
        tile = Tile.parse(m.group(1))
        end = m.group(2)
        if not end:
            return Play(tile=tile)
        try:
            return Play(tile=tile, end=End.from_token(end))
        except ArgumentValueError:
            raise NotationError(
                f"not a move: {_shown(text)} (no arm is named {end}: L, R, U, D, A4 to A63, "
                "T0 to T11 or M)",
                text=text,
                what="move",
            ) from None
    if text == "pass":
        return PASS
    if text == "muggins":
        return MUGGINS
    if text == "stop":
        return STOP
    if m.group(4) is not None:
        return Claim(points=int(m.group(4)))
    if m.group(3) is not None:
        return Draw(Tile.parse(m.group(3)))
    return DRAW


Hidden = int
"""A hidden group of tiles, written ``#N``: only its size is known."""


@attrs.frozen(kw_only=True)
class PositionArm:
    """An arm of a layout with spinners beyond the line (``UP``, ``DOWN``, ``ARM_4``,
    ...) as a position writes it: ``U@*:6|5,5|1`` (see `Position.arms`)."""

    end: End
    """The arm (never ``LEFT`` or ``RIGHT``, which the line holds)."""
    origin: tuple[End, int] | None
    """The arm and the index in its tiles of the spinner it grows from; ``None`` when it
    grows from the lead."""
    tiles: tuple[tuple[int, int], ...] = ()
    """Its tiles as oriented pairs, outward from the spinner (as `Arm.tiles`)."""


@attrs.frozen(kw_only=True)
class PositionTrain:
    """A train of a train game as a position writes it: ``T2:12|5,5|5`` (see
    `Position.trains`)."""

    end: End
    """The train: `End.train` of its owner, or `End.MEXICAN`."""
    tiles: tuple[tuple[int, int], ...] = ()
    """Its tiles as oriented pairs, outward from the hub (as `Train.tiles`)."""


@attrs.frozen(kw_only=True)
class Position:
    """A position as written in one line: the parsed fields of a position string.

    Hands and the boneyard may be hidden (an ``int``: how many tiles, unknown); such a
    position can be read and written but cannot become a `HandState`.
    """

    max_pip: int
    """The set is double-``max_pip``."""
    hands: tuple[tuple[Tile, ...] | Hidden, ...]
    """Each seat's tiles in canonical order, or the number of tiles when hidden."""
    boneyard: tuple[Tile, ...] | Hidden
    """The boneyard in draw order, or its size when hidden."""
    line: tuple[tuple[int, int], ...]
    """The line of play, left to right, as oriented pairs."""
    lead: int
    """The index in ``line`` of the lead tile (0 when the line is empty)."""
    turn: int
    """The seat to move (after the end, the seat that made the last move)."""
    opening: Tile | str | None = None
    """Before the lead: the forced opening tile, ``"any"`` or ``"draw"``; else ``None``."""
    ending: Ending | None = None
    """How the hand ended, or ``None`` while it goes on."""
    round: tuple[int, int] | None = None
    """The verification round: (proposer, seats confirmed), or ``None``."""
    drew: int = 0
    """Draws made this turn by the seat to move (kept only under draw-one-then-pass)."""
    last: int | None = None
    """The seat that laid the last tile, if any."""
    false_pass: bool = False
    """Whether the open (or completed) verification round holds a false pass."""
    faults: tuple[Fault, ...] = ()
    """The faults committed so far."""
    arms: tuple[PositionArm, ...] = ()
    """With spinners (docs/rules/spinner.md): the arms beyond the line, in `End` order
    from ``UP`` (the ``LEFT`` and ``RIGHT`` arms are ``line`` left and right of the lead);
    ``()`` in a line and while no spinner is down."""
    play_points: tuple[int, ...] = ()
    """The points plays have scored so far, per seat; ``()`` when none has scored (and
    in every line game)."""
    claim: int = 0
    """Where scores are called (rule CLAIM-1): the score of the play just made, which
    the seat to move is to claim or overlook (`Phase.CLAIM`); 0 when none is pending."""
    muggins: int = 0
    """Rule CLAIM-2: the points the previous player overlooked, which the seat to move
    may take with ``muggins``; 0 when none."""
    trains: tuple[PositionTrain, ...] = ()
    """In a train game (docs/rules/trains.md): every train, the seats' own in seat order,
    then the Mexican train if there is one; ``()`` in other games. ``line`` then holds
    the hub alone (``((12, 12),)``), or nothing before the engine is laid."""
    markers: tuple[End, ...] = ()
    """In a train game, the trains that carry a marker (rule TRAIN-4), in order."""
    doubles: tuple[tuple[End, bool], ...] = ()
    """In a train game, the open doubles oldest first, each as (its train, whether a
    first-turn run left it), as `TrainTurn.doubles` (rules TRAIN-5, TRAIN-7)."""
    firsts: tuple[int, ...] = ()
    """In a train game, the seats past their first turn, ascending (rule TRAIN-7)."""
    owed: Owed = Owed.TURN
    """In a train game, what the seat to move owes (rules TRAIN-5, TRAIN-7)."""


def format_position(position: Position) -> str:
    """Write a `Position` as one line (the inverse of `parse_position`).

    Raises:
        ArgumentTypeError: ``position`` is not a `Position`.
    """
    if not isinstance(position, Position):
        raise ArgumentTypeError(
            f"position must be a Position, got {type(position).__name__}", argument="position"
        )
    p = position
    fields = [
        f"d{p.max_pip}",
        "/".join(_group(h) for h in p.hands),
        _group(p.boneyard),
        ",".join(("*" if i == p.lead else "") + f"{a}|{b}" for i, (a, b) in enumerate(p.line))
        or "-",
        str(p.turn),
    ]
    if p.ending is not None:
        fields.append(f"over:{p.ending.value}")
    elif p.opening is None:
        fields.append("play")
    else:
        fields.append(f"lead:{p.opening}")
    if p.arms:
        fields.append("arms=" + ";".join(_arm_text(arm) for arm in p.arms))
    if any(p.play_points):
        fields.append("points=" + ",".join(str(v) for v in p.play_points))
    if p.claim:
        fields.append(f"claim={p.claim}")
    if p.muggins:
        fields.append(f"muggins={p.muggins}")
    if p.trains:
        fields.append("trains=" + ";".join(_train_text(train) for train in p.trains))
    if p.markers:
        fields.append("markers=" + ",".join(end.token for end in p.markers))
    if p.doubles:
        fields.append(
            "doubles=" + ",".join(end.token + (":run" if run else "") for end, run in p.doubles)
        )
    if p.firsts:
        fields.append("firsts=" + ",".join(str(seat) for seat in p.firsts))
    if p.owed is not Owed.TURN:
        fields.append(f"owed={p.owed.value}")
    if p.round is not None:
        fields.append(f"round={p.round[0]}+{p.round[1]}")
    if p.drew:
        fields.append(f"drew={p.drew}")
    if p.last is not None:
        fields.append(f"last={p.last}")
    if p.false_pass:
        fields.append("false-pass")
    if p.faults:
        fields.append(
            "faults=" + ";".join(f"{f.seat}:{f.kind.value}:{f.move_number}" for f in p.faults)
        )
    return " ".join(fields)


def _arm_text(arm: PositionArm) -> str:
    origin = "*" if arm.origin is None else f"{arm.origin[0].token}.{arm.origin[1]}"
    tiles = ",".join(f"{a}|{b}" for a, b in arm.tiles) or "-"
    return f"{arm.end.token}@{origin}:{tiles}"


def _train_text(train: PositionTrain) -> str:
    return f"{train.end.token}:" + (",".join(f"{a}|{b}" for a, b in train.tiles) or "-")


def _group(group: tuple[Tile, ...] | Hidden) -> str:
    if isinstance(group, int):
        return f"#{group}"
    return ",".join(str(t) for t in group) or "-"


_FIELDS = ("set", "hands", "boneyard", "line", "turn", "phase")
_OPTIONS = (
    "arms",
    "points",
    "claim",
    "muggins",
    "trains",
    "markers",
    "doubles",
    "firsts",
    "owed",
    "round",
    "drew",
    "last",
    "false-pass",
    "faults",
)


def parse_position(text: str) -> Position:
    """Parse a one-line position string.

    The fields, separated by single spaces (see docs/notation.md for the grammar):
    the set (``d6``), the hands (seat 0 first, separated by ``/``; each a
    ``,``-separated list of tiles, ``-`` when empty, ``#N`` when hidden), the
    boneyard in draw order (same form), the line left to right (``a|b`` pairs
    separated by ``,``, the lead marked ``*``; ``-`` when empty), the seat to move,
    the phase (``lead:6-6``, ``lead:any``, ``lead:draw``, ``play`` or
    ``over:<ending>``), then optional fields in this order: ``arms=...`` and
    ``points=...`` (layouts with arms only, below), ``claim=N`` and ``muggins=N`` (a
    score pending a claim, or open to muggins: rules CLAIM-1 and CLAIM-2),
    ``trains=...``, ``markers=...``, ``doubles=...``, ``firsts=...`` and ``owed=...``
    (train games only, below), ``round=P+K``, ``drew=N``, ``last=S``, ``false-pass``,
    ``faults=S:kind:N;...``.

    With spinners the line is the line through the lead, and ``arms=`` lists the other
    arms in order from ``U``, separated by ``;``: each is its token, ``@`` and the tile
    it grows from (``*`` for the lead, else an arm's token, ``.`` and the index of the
    spinner in that arm's tiles, counted outward from 0), ``:`` and its tiles outward
    as ``a|b`` pairs (``-`` when empty). ``points=`` gives the play points per seat.

    >>> p = parse_position("d6 -/- - 3|6,*6|6 0 play arms=U@*:6|5;D@*:- points=5,0")
    >>> p.arms[0]
    PositionArm(end=<End.UP: 2>, origin=None, tiles=((6, 5),))
    >>> p.play_points
    (5, 0)

    In a train game the line field holds the hub (``*6|6``, or ``-`` before the engine
    is laid) and ``trains=`` lists every train, ``;``-separated: its token (``T0``,
    ``T1``, ..., ``M``), ``:`` and its tiles outward from the hub (``-`` when empty).
    ``markers=`` lists the marked trains, ``doubles=`` the open doubles oldest first
    (``:run`` after one a first-turn run left), ``firsts=`` the seats past their first
    turn and ``owed=`` what the seat to move owes (``extra_play`` or ``run``).

    >>> p = parse_position(
    ...     "d3 0-1/1-2 - *3|3 1 play trains=T0:3|3;T1:3|0;M:- markers=T1 doubles=T0 "
    ...     "firsts=0 last=0"
    ... )
    >>> p.trains[0], p.markers, p.doubles, p.owed
    (PositionTrain(end=<End.TRAIN_0: 64>, tiles=((3, 3),)), (<End.TRAIN_1: 65>,), \
((<End.TRAIN_0: 64>, False),), <Owed.TURN: 'turn'>)

    >>> p = parse_position("d2 0-0,1-2/0-1 0-2,1-1 *2|2 1 play last=0")
    >>> p.hands, p.line, p.turn
    (((Tile(0, 0), Tile(1, 2)), (Tile(0, 1),)), ((2, 2),), 1)

    Raises:
        NotationError: the text is not a well-formed position; the message names the
            field and what is wrong. Consistency with a ruleset is checked by
            `HandState.from_position`.
    """
    text = _check_text(text, "position")
    parts = text.split(" ")
    if len(parts) < len(_FIELDS) or any(not part for part in parts):
        raise _bad(
            text,
            "position",
            f"expected at least {len(_FIELDS)} fields separated "
            "by single spaces: set, hands, boneyard, line, turn, phase",
        )
    set_, hands, boneyard, line, turn, phase = parts[: len(_FIELDS)]
    max_pip = _parse_set(text, set_)
    seats = hands.split("/")
    if len(seats) < 2:
        raise _bad(text, "hands", f"{_shown(hands)} lists fewer than two seats")
    parsed_hands = tuple(_parse_group(text, "hands", h) for h in seats)
    lead, pairs = _parse_line(text, line)
    position: dict[str, object] = {
        "max_pip": max_pip,
        "hands": parsed_hands,
        "boneyard": _parse_group(text, "boneyard", boneyard),
        "line": pairs,
        "lead": lead,
        "turn": _parse_int(text, "turn", turn),
    }
    if phase == "play":
        pass
    elif phase.startswith("over:"):
        try:
            position["ending"] = Ending(phase[5:])
        except ValueError:
            raise _bad(text, "phase", f"unknown ending {_shown(phase[5:])}") from None
    elif phase in ("lead:any", "lead:draw"):
        position["opening"] = phase[5:]
    elif phase.startswith("lead:"):
        position["opening"] = _parse_tile_in(text, "phase", phase[5:])
    else:
        raise _bad(
            text,
            "phase",
            f"{_shown(phase)} is not lead:<tile>, lead:any, lead:draw, play or over:<ending>",
        )
    seen = -1
    for option in parts[len(_FIELDS) :]:
        name = option.split("=", 1)[0]
        if name not in _OPTIONS:
            raise _bad(text, "options", f"unknown field {_shown(option)}")
        index = _OPTIONS.index(name)
        if index <= seen:
            raise _bad(
                text,
                "options",
                f"{_shown(name)} is repeated or out of order (the order is {', '.join(_OPTIONS)})",
            )
        seen = index
        value = option[len(name) + 1 :]
        if name == "false-pass":
            if option != "false-pass":
                raise _bad(text, "false-pass", "takes no value")
            position["false_pass"] = True
        elif "=" not in option:
            raise _bad(text, name, f"expected {name}=<value>")
        elif name == "round":
            m = _ROUND_RE.fullmatch(value)
            if m is None:
                raise _bad(text, "round", f"{_shown(value)} is not <proposer>+<confirmed>")
            position["round"] = (int(m.group(1)), int(m.group(2)))
        elif name == "drew":
            position["drew"] = _parse_int(text, "drew", value)
        elif name == "last":
            position["last"] = _parse_int(text, "last", value)
        elif name == "arms":
            position["arms"] = _parse_arms(text, value)
        elif name == "points":
            position["play_points"] = tuple(_parse_int(text, "points", v) for v in value.split(","))
        elif name == "trains":
            position["trains"] = _parse_trains(text, value)
        elif name == "markers":
            position["markers"] = _parse_tokens(text, "markers", value)
        elif name == "doubles":
            position["doubles"] = _parse_doubles(text, value)
        elif name == "firsts":
            position["firsts"] = _parse_seats(text, "firsts", value)
        elif name == "owed":
            if value not in (Owed.EXTRA_PLAY.value, Owed.RUN.value):
                raise _bad(
                    text, "owed", f"{_shown(value)} is not extra_play or run (omit it for turn)"
                )
            position["owed"] = Owed(value)
        elif name in ("claim", "muggins"):
            position[name] = _parse_int(text, name, value)
            if not position[name]:
                raise _bad(text, name, "a pending score is at least 1 (omit the field if none)")
        else:
            position["faults"] = tuple(_parse_fault(text, f) for f in value.split(";"))
    return Position(**position)  # type: ignore[arg-type]


def _bad(text: str, field: str, problem: str) -> NotationError:
    return NotationError(f"bad position ({field}): {problem}", text=text, what=f"position {field}")


def _parse_set(text: str, field: str) -> int:
    if not field.startswith("d"):
        raise _bad(text, "set", f"{_shown(field)} is not d<max pip>, e.g. d6")
    n = _parse_int(text, "set", field[1:])
    if n > MAX_SET:
        raise _bad(text, "set", f"double-{n} is larger than double-{MAX_SET}")
    return n


def _parse_int(text: str, field: str, value: str) -> int:
    if _INT_RE.fullmatch(value) is None:
        raise _bad(text, field, f"{_shown(value)} is not a whole number")
    return int(value)


def _parse_tile_in(text: str, field: str, value: str) -> Tile:
    if _DASHED_RE.fullmatch(value) is None:
        raise _bad(text, field, f"{_shown(value)} is not a tile written like 6-4")
    return Tile.parse(value)


def _parse_group(text: str, field: str, value: str) -> tuple[Tile, ...] | Hidden:
    if value == "-":
        return ()
    if value.startswith("#"):
        return _parse_int(text, field, value[1:])
    return tuple(_parse_tile_in(text, field, t) for t in value.split(","))


def _parse_line(text: str, value: str) -> tuple[int, tuple[tuple[int, int], ...]]:
    if value == "-":
        return 0, ()
    lead = None
    pairs = []
    for i, item in enumerate(value.split(",")):
        m = _PLACED_RE.fullmatch(item)
        if m is None:
            raise _bad(text, "line", f"{_shown(item)} is not a placed tile like 6|4 or *6|6")
        if m.group(1):
            if lead is not None:
                raise _bad(text, "line", "more than one tile is marked * as the lead")
            lead = i
        pairs.append((int(m.group(2)), int(m.group(3))))
    if lead is None:
        raise _bad(text, "line", "no tile is marked * as the lead")
    return lead, tuple(pairs)


def _parse_arms(text: str, value: str) -> tuple[PositionArm, ...]:
    arms = []
    for k, item in enumerate(value.split(";")):
        m = _ARM_RE.fullmatch(item)
        if m is None:
            raise _bad(
                text,
                "arms",
                f"{_shown(item)} is not an arm like U@*:6|5 or A4@U.0:- (token@origin:tiles)",
            )
        end = End.from_token(m.group(1))
        if end != k + 2:
            raise _bad(
                text,
                "arms",
                f"arm {m.group(1)} is out of place: the arms are listed U, D, A4, ... "
                "each once, in order",
            )
        origin = None if m.group(2) else (End.from_token(m.group(3)), int(m.group(4)))
        tiles = (
            ()
            if m.group(5) == "-"
            else _parse_pairs(text, "arms", m.group(5), f" in arm {m.group(1)}")
        )
        arms.append(PositionArm(end=end, origin=origin, tiles=tiles))
    if len(arms) % 2:
        raise _bad(text, "arms", "a spinner has two short sides, so the arms come in pairs")
    for first, second in zip(arms[::2], arms[1::2], strict=True):
        if first.origin != second.origin:
            raise _bad(
                text,
                "arms",
                f"arms {first.end.token} and {second.end.token} are the two sides of one "
                "spinner and must name the same origin",
            )
    return tuple(arms)


def _parse_trains(text: str, value: str) -> tuple[PositionTrain, ...]:
    trains: list[PositionTrain] = []
    for item in value.split(";"):
        m = _TRAIN_RE.fullmatch(item)
        if m is None:
            raise _bad(text, "trains", f"{_shown(item)} is not a train like T0:6|5,5|1 or M:-")
        end = End.from_token(m.group(1))
        if trains and end <= trains[-1].end:
            raise _bad(
                text, "trains", f"train {m.group(1)} is out of place: T0, T1, ... then M, each once"
            )
        tiles = (
            ()
            if m.group(2) == "-"
            else _parse_pairs(text, "trains", m.group(2), f" in train {m.group(1)}")
        )
        trains.append(PositionTrain(end=end, tiles=tiles))
    return tuple(trains)


def _parse_pairs(text: str, field: str, value: str, where: str) -> tuple[tuple[int, int], ...]:
    pairs = []
    for pair in value.split(","):
        found = _PAIR_RE.fullmatch(pair)
        if found is None:
            raise _bad(text, field, f"{_shown(pair)}{where} is not a tile like 6|4")
        pairs.append((int(found.group(1)), int(found.group(2))))
    return tuple(pairs)


def _parse_tokens(text: str, field: str, value: str) -> tuple[End, ...]:
    ends: list[End] = []
    for item in value.split(","):
        if _TRAIN_TOKEN_RE.fullmatch(item) is None:
            raise _bad(text, field, f"{_shown(item)} is not a train (T0 to T11 or M)")
        end = End.from_token(item)
        if ends and end <= ends[-1]:
            raise _bad(text, field, f"{item} is repeated or out of order (T0, T1, ... then M)")
        ends.append(end)
    return tuple(ends)


def _parse_doubles(text: str, value: str) -> tuple[tuple[End, bool], ...]:
    doubles: list[tuple[End, bool]] = []
    for item in value.split(","):
        m = _DOUBLE_RE.fullmatch(item)
        if m is None:
            raise _bad(text, "doubles", f"{_shown(item)} is not a train like T2 or T2:run")
        end = End.from_token(m.group(1))
        if any(end == other for other, _run in doubles):
            raise _bad(text, "doubles", f"train {m.group(1)} is listed twice")
        doubles.append((end, m.group(2) is not None))
    return tuple(doubles)


def _parse_seats(text: str, field: str, value: str) -> tuple[int, ...]:
    seats: list[int] = []
    for item in value.split(","):
        seat = _parse_int(text, field, item)
        if seats and seat <= seats[-1]:
            raise _bad(text, field, f"seat {seat} is repeated or out of order (ascending)")
        seats.append(seat)
    return tuple(seats)


def _parse_fault(text: str, value: str) -> Fault:
    m = _FAULT_RE.fullmatch(value)
    if m is None:
        raise _bad(text, "faults", f"{_shown(value)} is not <seat>:<kind>:<move number>")
    try:
        kind = FaultKind(m.group(2))
    except ValueError:
        raise _bad(text, "faults", f"unknown fault kind {_shown(m.group(2))}") from None
    return Fault(seat=int(m.group(1)), kind=kind, move_number=int(m.group(3)))
