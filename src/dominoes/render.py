"""Text pictures of the table: `diagram` draws a hand (the line of play with the lead
tile marked, the open ends, the hands and the boneyard), as the rules pages show it. A
layout with arms (spinners, docs/rules/spinner.md) adds a row per further arm, the end
count and the points scored on play.

It draws what its reader may know: a `HandState` as an onlooker sees it (every hand
and the boneyard), an `Observation` as its seat sees it (its own hand; the other hands
and the boneyard as counts), and either with ``public=True`` as anyone at the table
sees it (no hand until the hand is over). The PettingZoo adapter's ``ansi`` mode and
``dominoes play`` print these pictures.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import Protocol, runtime_checkable

import attrs

from dominoes.errors import ArgumentTypeError, ArgumentValueError
from dominoes.errors import shown as _shown
from dominoes.faults import Fault
from dominoes.layout import Arm, Layout, Owed, TrainTurn
from dominoes.moves import End
from dominoes.rules import EngineSource, PlayScoring, Ruleset, SpinnerFill
from dominoes.scoring import HandResult
from dominoes.state import HandState, Phase
from dominoes.tiles import Tile
from dominoes.verification import VerificationRound

__all__ = ["MIN_WIDTH", "diagram"]

MIN_WIDTH = 20
"""The narrowest ``width`` `diagram` takes: the label column and a tile."""

_LABEL = 10
"""The width of the label column."""

_NBSP = "\N{NO-BREAK SPACE}"
"""Joins two words that a row broken to a width keeps on one line (printed as a space)."""


@runtime_checkable
class _SeatView(Protocol):
    """What `diagram` reads of a seat's `Observation`: its public attributes only (a
    protocol, so that drawing a seat's view needs nothing but what the seat was given)."""

    @property
    def rules(self) -> Ruleset: ...
    @property
    def seat(self) -> int: ...
    @property
    def hand(self) -> tuple[Tile, ...]: ...
    @property
    def line(self) -> tuple[tuple[int, int], ...]: ...
    @property
    def lead(self) -> int: ...
    @property
    def hand_sizes(self) -> tuple[int, ...]: ...
    @property
    def boneyard_size(self) -> int: ...
    @property
    def turn(self) -> int: ...
    @property
    def faults(self) -> tuple[Fault, ...]: ...
    @property
    def play_points(self) -> tuple[int, ...]: ...
    @property
    def result(self) -> HandResult | None: ...
    @property
    def hands(self) -> tuple[tuple[Tile, ...], ...] | None: ...
    @property
    def layout(self) -> Layout: ...
    @property
    def verification(self) -> VerificationRound | None: ...
    @property
    def claim(self) -> int: ...
    @property
    def muggins(self) -> int: ...
    @property
    def train_turn(self) -> TrainTurn | None: ...


@attrs.frozen
class _Table:
    """What a picture shows, whoever looks: a hand is ``None`` when it is hidden, and so
    is the boneyard (only its size is shown)."""

    rules: Ruleset
    layout: Layout
    lead: int
    hands: tuple[tuple[Tile, ...] | None, ...]
    sizes: tuple[int, ...]
    boneyard: tuple[Tile, ...] | None
    boneyard_size: int
    verification: VerificationRound | None
    faults: tuple[Fault, ...]
    result: HandResult | None
    turn: int
    leading: bool
    play_points: tuple[int, ...] | None = None
    """The points scored on play so far, per seat (``None``: the game scores nothing on
    play)."""
    claim: int = 0
    """A score the seat to move is to claim (rule CLAIM-1), else 0."""
    muggins: int = 0
    """A score the seat to move may take by muggins (rule CLAIM-2), else 0."""
    train_turn: TrainTurn | None = None
    """In a train game, its open doubles, the seats past their first turn and what the
    seat to move owes (rules TRAIN-5, TRAIN-7)."""


def diagram(state: HandState | _SeatView, *, public: bool = False, width: int | None = None) -> str:
    """A text picture of a hand: the line of play, its lead and ends, hands and boneyard.

    The lines, each headed by a label in a column of its own:

    - ``line``: the layout as `Layout` prints it (``(empty)`` before the lead); with
      spinners, the line through the lead;
    - ``lead``: carets under the lead tile, the first tile laid (after the lead);
    - ``arm U``, ``arm D``, ``arm A4``, ...: with spinners (docs/rules/spinner.md), one
      row per arm that grows from a spinner's short side, named by its move token: its
      tiles outward from the spinner (``-`` while empty); while the hand is played,
      whether it is ``open``, ``waiting`` (not open yet: rules SPIN-2, SPIN-3) or
      ``closed`` (SPIN-4); and the spinner it grows from, ``spinner 6-6 (lead)`` or
      ``spinner 3-3 on R`` (the arm the spinner lies on);
    - ``ends``: the values on the left and right ends (after the lead); in a layout with
      arms (a ruleset with a spinner or that scores on play), each open arm's token and
      value (once the hand is over, those of ``L``, ``R`` and every arm with a tile) and
      the end count (rules COUNT-1 to COUNT-3): ``L 5, R 0, U 5, D 6; count 10``;
    - ``points``: in a game that scores on play, the points the plays have scored so far,
      per seat (rules PLAY-1 to PLAY-3; after the lead);
    - ``seat N``: each seat's tiles in canonical order (``-`` when empty) and their
      pips, or, for a hand the reader cannot see, how many tiles it holds;
    - ``sides``: each side's pips (partnership only, once every hand is seen);
    - ``boneyard``: the tiles not in a hand, in draw order, how many there are and, with
      a ``boneyard_floor``, how many of them are never drawn; for a reader who cannot
      see them, how many there are (``-`` when there are none);
    - ``round``: the verification round, while one is open or once it ended the hand;
    - ``faults``: each fault, its seat and the index of its move in the history
      (tolerant mode only);
    - ``turn``: the seat to move, or how the hand ended and who won.

    In a train game (docs/rules/trains.md) the rows ``line`` to ``points`` give way to:

    - ``hub``: the engine double, and ``set aside`` when it was (rule TRAIN-1); ``-``
      while it is still to be laid;
    - ``train T0``, ..., ``train M``: one row per train, the personal trains in seat
      order, then the Mexican train: its tiles outward from the hub (``-`` while it is
      empty), its owner (``seat 0`` or ``Mexican``), ``marked`` when it carries a marker
      (TRAIN-4) and ``open double`` when its last tile is a double nobody has satisfied
      (TRAIN-5);
    - ``doubles``: the open doubles that hold up play, oldest first, as their train and
      tile, and whether they are in force (a double left by a first-turn run is not,
      until every seat has had its first turn: TRAIN-7), or, once the hand is over,
      ``unsatisfied at the end``; ``-`` when there are none;

    and the ``turn`` row says what the seat to move owes: ``to move again: the play its
    double earned`` (TRAIN-5), ``to move again: its first-turn run goes on (T0), or
    stops`` (TRAIN-7).

    Who looks:

    - a `HandState` is drawn for an onlooker: every hand and the boneyard;
    - an `Observation` is drawn for its seat: the seat's own hand, the other hands as
      counts, the boneyard as a count; once the hand is over every hand is shown (the
      end of a hand shows them to every seat), never the boneyard;
    - with ``public=True`` either is drawn for anyone at the table: no hand is shown
      until the hand is over (an `Observation` then hides its own hand too).

    A picture for a seat or for the table never shows a tile its reader cannot see.

    Args:
        state: the hand to draw, as a `HandState` or as a seat's `Observation`.
        public: draw only what every seat knows.
        width: the most characters a line may hold (at least `MIN_WIDTH`), or ``None``
            for no limit. A longer line is broken between tiles or words, and goes on
            under the text column; a long line of play is broken between tiles, with
            the lead carets under the part that holds the lead tile, and so is a long
            arm.

    Returns:
        The picture, one line per item, without a trailing newline.

    Raises:
        ArgumentTypeError: ``state`` is neither a `HandState` nor an `Observation`,
            ``public`` is not a bool, or ``width`` not an int (each a `TypeError`).
        ArgumentValueError: ``width`` is less than `MIN_WIDTH` (a `ValueError`).

    Examples:
        >>> from dominoes import Deal, HandState, Ruleset, Tile
        >>> from dominoes.moves import End, Play
        >>> deal = Deal(hands=[["1-1", "1-2"], ["2-2", "0-2"]], boneyard=["0-0", "0-1"])
        >>> state = HandState.start(Ruleset(max_pip=2, players=2, hand_size=2), deal)
        >>> state = state.apply(Play(tile=Tile(2, 2)))
        >>> state = state.apply(Play(tile=Tile(1, 2), end=End.LEFT))
        >>> print(diagram(state))
        line      [1|2][2|2]
        lead           ^^^^^
        ends      left 1, right 2
        seat 0    1-1  2 pips
        seat 1    0-2  2 pips
        boneyard  0-0 0-1  (2 tiles)
        turn      seat 1 to move

        Seat 0's view, and the table's:

        >>> print(diagram(state.observation(0)))
        line      [1|2][2|2]
        lead           ^^^^^
        ends      left 1, right 2
        seat 0    1-1  2 pips
        seat 1    1 tile
        boneyard  2 tiles
        turn      seat 1 to move
        >>> print(diagram(state, public=True).split("\\n")[3:5])
        ['seat 0    1 tile', 'seat 1    1 tile']
    """
    if not isinstance(state, HandState | _SeatView):
        raise ArgumentTypeError(
            f"state must be a HandState or an Observation, got {_shown(state)} "
            f"({type(state).__name__})",
            argument="state",
        )
    if not isinstance(public, bool):
        raise ArgumentTypeError(
            f"public must be True or False, got {_shown(public)} ({type(public).__name__})",
            argument="public",
        )
    if width is not None:
        if isinstance(width, bool) or not isinstance(width, int):
            raise ArgumentTypeError(
                f"width must be an int or None, got {_shown(width)} ({type(width).__name__})",
                argument="width",
            )
        if width < MIN_WIDTH:
            raise ArgumentValueError(
                f"width must be at least {MIN_WIDTH}, got {width}", argument="width"
            )
    table = _from_state(state, public) if isinstance(state, HandState) else _seen(state, public)
    return "\n".join(_lines(_rows(table), table, width))


def _from_state(state: HandState, public: bool) -> _Table:
    """What an onlooker sees of ``state`` (``public``: what every seat sees)."""
    hands: tuple[tuple[Tile, ...] | None, ...] = state.hands
    if public and not state.is_over:
        hands = (None,) * len(hands)
    layout = state.layout
    lead = state.lead or 0
    return _Table(
        rules=state.rules,
        layout=layout,
        lead=lead,
        hands=hands,
        sizes=state.hand_sizes,
        boneyard=None if public else state.boneyard,
        boneyard_size=len(state.boneyard),
        verification=state.verification,
        faults=state.faults,
        result=state.result,
        turn=state.turn,
        leading=state.phase is Phase.LEAD,
        play_points=_play_points(state.rules, state.play_points),
        claim=state.claim,
        muggins=state.muggins,
        train_turn=state.train_turn,
    )


def _play_points(rules: Ruleset, points: tuple[int, ...]) -> tuple[int, ...] | None:
    """The points row's figures: ``None`` in a game that scores nothing on play."""
    return None if rules.play_scoring is PlayScoring.NONE else points


def _seen(view: _SeatView, public: bool) -> _Table:
    """What the seat of ``view`` sees (``public``: what every seat sees)."""
    hands: tuple[tuple[Tile, ...] | None, ...]
    if view.hands is not None:  # the hand is over: every hand is shown
        hands = view.hands
    else:
        hands = tuple(
            view.hand if seat == view.seat and not public else None
            for seat in range(view.rules.players)
        )
    return _Table(
        rules=view.rules,
        layout=view.layout,
        lead=view.lead,
        hands=hands,
        sizes=view.hand_sizes,
        boneyard=None,
        boneyard_size=view.boneyard_size,
        verification=view.verification,
        faults=view.faults,
        result=view.result,
        turn=view.turn,
        leading=not view.line and view.result is None,
        play_points=_play_points(view.rules, view.play_points),
        claim=view.claim,
        muggins=view.muggins,
        train_turn=view.train_turn,
    )


def _rows(table: _Table) -> list[tuple[str, str]]:
    """The picture's rows, (label, text), before any wrapping."""
    layout = table.layout
    rows: list[tuple[str, str]] = []
    if table.rules.trains:
        rows.extend(_train_rows(table))
    else:
        rows.append(("line", str(layout)))
    if layout.line:
        rows.append(("lead", _carets(_tile_texts(layout), table.lead)))
        if layout.arms:
            rows.extend(_arm_rows(table))
        else:
            rows.append(("ends", f"left {layout.ends[0]}, right {layout.ends[1]}"))
        if table.play_points is not None:
            rows.append(("points", " ".join(map(str, table.play_points)) + " scored on play"))
    column = max((len(_tiles(hand)) for hand in table.hands if hand is not None), default=0)
    for seat, hand in enumerate(table.hands):
        if hand is None:
            rows.append((f"seat {seat}", _count(table.sizes[seat], "tile")))
        else:
            rows.append((f"seat {seat}", f"{_tiles(hand).ljust(column)}  {_pips(_sum(hand))}"))
    rules = table.rules
    if rules.partnership and all(hand is not None for hand in table.hands):
        sides = ", ".join(
            f"{'+'.join(map(str, side))} {_pips(sum(_sum(table.hands[s] or ()) for s in side))}"
            for side in rules.teams
        )
        rows.append(("sides", sides))
    floor = f"; the last {rules.boneyard_floor} are never drawn" if rules.boneyard_floor else ""
    size = table.boneyard_size
    if not size:
        rows.append(("boneyard", "-"))
    elif table.boneyard is None:
        rows.append(("boneyard", _count(size, "tile") + floor))
    else:
        rows.append(("boneyard", f"{_tiles(table.boneyard)}  ({_count(size, 'tile')}{floor})"))
    round_ = table.verification
    if round_ is not None:
        text = f"proposed by seat {round_.proposer}; confirmed {_seats(round_.confirmed)}"
        if round_.waiting_for:
            text += f"; waiting for {_seats(round_.waiting_for)}"
        rows.append(("round", text))
    if table.faults:
        faults = "; ".join(
            f"seat {f.seat} {f.kind.value.replace('_', ' ')} (move {f.move_number})"
            for f in table.faults
        )
        rows.append(("faults", faults))
    result = table.result
    if result is None and table.rules.trains:
        rows.append(("turn", _train_turn(table)))
    elif result is None:
        verb = "to lead" if table.leading else "to move"
        if table.claim:
            verb = f"to claim {table.claim} (or 0)"
        elif table.muggins:
            verb += f"; may call muggins for {table.muggins}"
        rows.append(("turn", f"seat {table.turn} {verb}"))
    else:
        won = f"won by {_seats(result.winners)}" if result.winners else "no winner"
        points = " ".join(map(str, result.points))
        ending = result.ending.value.replace("_", " ")
        if result.conceded_by is not None:
            ending += f" by seat {result.conceded_by}"
        rows.append(("turn", f"over ({ending}), {won}; points {points}"))
    return rows


def _arm_rows(table: _Table) -> list[tuple[str, str]]:
    """The rows of a layout with arms after the lead carets: one per further arm (its
    tiles, state and spinner), and the open ends with the end count."""
    layout = table.layout
    arms = layout.arms
    over = table.result is not None
    rules = table.rules
    # Chicken Foot (FOOT-1, FOOT-2): the doubles are the root and the feet, an arm
    # held back by a foot's empty toes is "held", a root's U and D with six toes "unused"
    toes = rules.spinner_fill is SpinnerFill.TOES_FIRST
    lead = layout.line[table.lead]
    six = toes and rules.root_toes == 6 and lead[0] == lead[1]
    rows: list[tuple[str, str]] = []
    for arm in arms[2:]:
        if arm.origin is None:
            spinner = f"root {_pair(lead)}" if toes else f"spinner {_pair(lead)} (lead)"
        else:
            on, index = arm.origin
            kind = "foot" if toes else "spinner"
            spinner = f"{kind} {_pair(arms[on].tiles[index])} on {on.token}"
        if over:
            note = spinner
        elif arm.is_open:
            note = f"open, {spinner}"
        elif six and arm.end <= End.DOWN:
            note = f"unused, {spinner}"
        elif arm.tiles and rules.spinner_fill is SpinnerFill.ONE_TILE_EACH_SIDE:
            note = f"closed, {spinner}"
        else:
            note = f"{'held' if toes else 'waiting'}, {spinner}"
        rows.append((f"arm {arm.end.token}", f"{_arm_tiles(arm) or '-'}  {note}"))
    shown = [a for k, a in enumerate(arms) if (k < 2 or bool(a.tiles) if over else a.is_open)]
    # (a no-break space holds each arm's token to its value, and the count to its word,
    # when the row is broken to a width)
    ends = ", ".join(f"{arm.end.token}{_NBSP}{arm.value}" for arm in shown) or "none open"
    if toes and rules.play_scoring is PlayScoring.NONE:  # (no count: nothing scores on it)
        rows.append(("ends", ends))
    else:
        rows.append(("ends", f"{ends}; count{_NBSP}{layout.end_count(rules)}"))
    return rows


def _train_rows(table: _Table) -> list[tuple[str, str]]:
    """The rows of a train game (docs/rules/trains.md) before the hands: the hub, a row per
    train (its tiles outward from the hub, its owner, whether it is marked and ends in an
    open double), and the open doubles, oldest first, with whether they are in force."""
    layout = table.layout
    rules = table.rules
    engine = rules.engine_double
    if layout.hub is None:
        return [("hub", f"-  the engine, double {engine}, is still to be laid")]
    aside = rules.engine_source is EngineSource.SET_ASIDE
    rows = [("hub", f"[{engine}|{engine}]" + ("  set aside" if aside else ""))]
    for train in layout.trains:
        notes = ["Mexican" if train.owner is None else f"seat{_NBSP}{train.owner}"]
        if train.marked:
            notes.append("marked")
        if train.open_double:
            notes.append(f"open{_NBSP}double")
        tiles = _pair_tiles(train.tiles) or "-"
        rows.append((f"train {train.end.token}", f"{tiles}  {', '.join(notes)}"))
    turn = table.train_turn
    doubles = turn.doubles if turn is not None else ()
    if not doubles:
        rows.append(("doubles", "-"))
        return rows
    assert turn is not None
    values = {train.end: train.value for train in layout.trains}
    # a double left by a first-turn run is in force once every seat has had its first
    # turn (TRAIN-7)
    done = not rules.first_turn_run or len(turn.firsts) == rules.players
    force = [done or not from_run for _end, from_run in doubles]
    names = [f"{end.token}{_NBSP}{values[end]}-{values[end]}" for end, _ in doubles]
    waiting = "not in force until every seat has had its first turn"
    if table.result is not None:  # the hand is over: nothing is in force any more
        text = ", ".join(names) + " (unsatisfied at the end)"
    elif all(force) or not any(force):
        text = ", ".join(names) + (" (in force)" if force[0] else f" ({waiting})")
    else:
        text = ", ".join(
            f"{name} ({'in force' if live else 'not in force yet'})"
            for name, live in zip(names, force, strict=True)
        )
    rows.append(("doubles", text))
    return rows


def _train_turn(table: _Table) -> str:
    """The turn row of a train game while the hand is played: the seat to move and what
    it owes (rules TRAIN-1, TRAIN-5, TRAIN-7)."""
    seat = table.turn
    if table.layout.hub is None:
        return f"seat {seat} to move"
    owed = table.train_turn.owed if table.train_turn is not None else Owed.TURN
    if owed is Owed.RUN:
        return f"seat {seat} to move again: its first-turn run goes on (T{seat}), or stops"
    if owed is Owed.EXTRA_PLAY:
        return f"seat {seat} to move again: the play its double earned"
    return f"seat {seat} to move"


def _lines(rows: Sequence[tuple[str, str]], table: _Table, width: int | None) -> list[str]:
    """The rows as lines, each broken to ``width`` (the line of play between tiles, the
    lead carets under the part that holds the lead tile; an arm between tiles, then its
    note between words)."""
    if width is None:
        return [f"{label:<{_LABEL}}{text}".replace(_NBSP, " ").rstrip() for label, text in rows]
    room = width - _LABEL
    out: list[tuple[str, str]] = []
    arms = {f"arm {arm.end.token}": arm.tiles for arm in table.layout.arms[2:]}
    arms.update((f"train {train.end.token}", train.tiles) for train in table.layout.trains)
    for label, text in rows:
        if label == "line" and len(text) > room and table.layout.line:
            out.extend(_line_parts(_tile_texts(table.layout), table.lead, room))
        elif label == "lead" and len(rows[0][1]) > room:
            continue  # drawn with the parts of the line of play
        elif label in arms and len(text) > room and arms[label]:
            out.extend(_arm_parts(label, text, arms[label], room))
        else:
            parts = textwrap.wrap(text, room, break_on_hyphens=False, break_long_words=False)
            out.extend((label if i == 0 else "", part) for i, part in enumerate(parts or [""]))
    return [f"{label:<{_LABEL}}{text}".replace(_NBSP, " ").rstrip() for label, text in out]


def _line_parts(tiles: Sequence[str], lead: int, room: int) -> list[tuple[str, str]]:
    """The line of play broken between tiles into parts of at most ``room`` characters
    (a part holds one tile at least), the lead carets under the part that holds it."""
    out: list[tuple[str, str]] = []
    for first, last in _runs(tiles, room):
        out.append(("" if out else "line", "".join(tiles[first:last])))
        if first <= lead < last:
            out.append(("lead", _carets(tiles[first:last], lead - first)))
    return out


def _runs(tiles: Sequence[str], room: int) -> list[tuple[int, int]]:
    """The (first, last) slices that break ``tiles`` into runs of at most ``room``
    characters, each run one tile at least."""
    runs: list[tuple[int, int]] = []
    first = 0
    while first < len(tiles):
        last, used = first + 1, len(tiles[first])
        while last < len(tiles) and used + len(tiles[last]) <= room:
            used += len(tiles[last])
            last += 1
        runs.append((first, last))
        first = last
    return runs


def _arm_parts(
    label: str, text: str, pairs: Sequence[tuple[int, int]], room: int
) -> list[tuple[str, str]]:
    """An arm's (or a train's) row broken into parts of at most ``room`` characters: its
    tiles ``pairs`` between tiles (a part holds one tile at least), then its note between
    words, on the last part of the tiles when it fits there."""
    tiles = [f"[{a}|{b}]" for a, b in pairs]
    note = text[len("".join(tiles)) + 2 :]
    parts = ["".join(tiles[first:last]) for first, last in _runs(tiles, room)]
    if len(parts[-1]) + 2 + len(note) <= room:
        parts[-1] += "  " + note
    else:
        parts.extend(textwrap.wrap(note, room, break_on_hyphens=False, break_long_words=False))
    return [(label if i == 0 else "", part) for i, part in enumerate(parts)]


def _arm_tiles(arm: Arm) -> str:
    """The tiles of an arm as printed, outward: ``[6|3][3|1]``."""
    return _pair_tiles(arm.tiles)


def _pair_tiles(pairs: Sequence[tuple[int, int]]) -> str:
    """The tiles of an arm or a train as printed, outward: ``[6|3][3|1]``."""
    return "".join(f"[{a}|{b}]" for a, b in pairs)


def _pair(pair: tuple[int, int]) -> str:
    """A laid tile as in a hand: ``6-6``."""
    return str(Tile(*pair))


def _tile_texts(layout: Layout) -> list[str]:
    """The tiles of the line of play as printed, left to right: ``[6|6]``."""
    return [f"[{a}|{b}]" for a, b in layout.line]


def _carets(tiles: Sequence[str], lead: int) -> str:
    """Carets under ``tiles[lead]``, the lead tile, in a row under ``tiles``."""
    return " " * sum(len(t) for t in tiles[:lead]) + "^" * len(tiles[lead])


def _tiles(tiles: Sequence[Tile]) -> str:
    """Tiles as printed in a hand: ``1-1 1-2``, or ``-`` for none."""
    return " ".join(str(t) for t in tiles) or "-"


def _sum(hand: Sequence[Tile]) -> int:
    return sum(t.pips for t in hand)


def _count(count: int, word: str) -> str:
    """A count and its word: ``1 tile``, ``12 tiles``."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def _pips(count: int) -> str:
    """A number of pips in words: ``1 pip``, ``12 pips``."""
    return _count(count, "pip")


def _seats(seats: tuple[int, ...]) -> str:
    """Seats as words: ``seat 2``, ``seats 2 0 1``."""
    return ("seat " if len(seats) == 1 else "seats ") + " ".join(map(str, seats))
