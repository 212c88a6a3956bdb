"""Text pictures of the table: `diagram` draws a hand (the line of play with the lead
tile marked, the open ends, every hand and the boneyard), as the rules pages show it.
"""

from __future__ import annotations

from dominoes.errors import ArgumentTypeError
from dominoes.errors import shown as _shown
from dominoes.state import HandState, Phase

__all__ = ["diagram"]


def diagram(state: HandState) -> str:
    """A text picture of a hand: the line of play, its lead and ends, hands and boneyard.

    The lines, each headed by a label in a column of its own:

    - ``line``: the layout as `Layout` prints it (``(empty)`` before the lead);
    - ``lead``: carets under the lead tile, the first tile laid (after the lead);
    - ``ends``: the values on the left and right ends (after the lead);
    - ``seat N``: each seat's tiles in canonical order (``-`` when empty) and their pips;
    - ``sides``: each side's pips (partnership only);
    - ``boneyard``: the tiles not in a hand, in draw order, how many there are and, with
      a ``boneyard_floor``, how many of them are never drawn;
    - ``round``: the verification round, while one is open or once it ended the hand;
    - ``faults``: each fault, its seat and the index of its move in the history
      (tolerant mode only);
    - ``turn``: the seat to move, or how the hand ended and who won.

    The picture shows every hand, so it is the view of an onlooker, not of a player.

    Args:
        state: the hand to draw.

    Returns:
        The picture, one line per item, without a trailing newline.

    Raises:
        ArgumentTypeError: ``state`` is not a `HandState` (a `TypeError`).

    Examples:
        >>> from dominoes import Deal, HandState, Ruleset, Tile
        >>> from dominoes.moves import End, Play
        >>> deal = Deal(hands=[["1-1", "1-2"], ["2-2", "0-2"]], boneyard=["0-0", "0-1"])
        >>> state = HandState.start(Ruleset(max_pip=2, players=2, hand_size=2), deal)
        >>> state = state.apply(Play(tile=Tile(2, 2)))
        >>> print(diagram(state.apply(Play(tile=Tile(1, 2), end=End.LEFT))))
        line      [1|2][2|2]
        lead           ^^^^^
        ends      left 1, right 2
        seat 0    1-1  2 pips
        seat 1    0-2  2 pips
        boneyard  0-0 0-1  (2 tiles)
        turn      seat 1 to move
    """
    if not isinstance(state, HandState):
        raise ArgumentTypeError(
            f"state must be a HandState, got {_shown(state)} ({type(state).__name__})",
            argument="state",
        )
    layout = state.layout
    rows: list[tuple[str, str]] = [("line", str(layout))]
    if layout.line:
        lead = state.lead or 0
        rows.append(("lead", " " * (5 * lead) + "^^^^^"))
        rows.append(("ends", f"left {layout.ends[0]}, right {layout.ends[1]}"))
    hands = [" ".join(str(t) for t in hand) or "-" for hand in state.hands]
    width = max(len(h) for h in hands)
    for seat, hand in enumerate(hands):
        rows.append((f"seat {seat}", f"{hand.ljust(width)}  {_pips(state.pips(seat))}"))
    rules = state.rules
    if rules.partnership:
        sides = ", ".join(
            f"{'+'.join(map(str, side))} {_pips(sum(state.pips(s) for s in side))}"
            for side in rules.teams
        )
        rows.append(("sides", sides))
    bone = state.boneyard
    count = f"({len(bone)} tile{'' if len(bone) == 1 else 's'}"
    if rules.boneyard_floor:
        count += f"; the last {rules.boneyard_floor} are never drawn"
    count += ")"
    rows.append(("boneyard", f"{' '.join(str(t) for t in bone)}  {count}" if bone else "-"))
    round_ = state.verification
    if round_ is not None:
        text = f"proposed by seat {round_.proposer}; confirmed {_seats(round_.confirmed)}"
        if round_.waiting_for:
            text += f"; waiting for {_seats(round_.waiting_for)}"
        rows.append(("round", text))
    if state.faults:
        faults = "; ".join(
            f"seat {f.seat} {f.kind.value.replace('_', ' ')} (move {f.move_number})"
            for f in state.faults
        )
        rows.append(("faults", faults))
    result = state.result
    if result is None:
        verb = "to lead" if state.phase is Phase.LEAD else "to move"
        rows.append(("turn", f"seat {state.turn} {verb}"))
    else:
        won = f"won by {_seats(result.winners)}" if result.winners else "no winner"
        points = " ".join(map(str, result.points))
        ending = result.ending.value.replace("_", " ")
        if result.conceded_by is not None:
            ending += f" by seat {result.conceded_by}"
        rows.append(("turn", f"over ({ending}), {won}; points {points}"))
    return "\n".join(f"{label:<10}{text}".rstrip() for label, text in rows)


def _pips(count: int) -> str:
    """A number of pips in words: ``1 pip``, ``12 pips``."""
    return f"{count} pip" if count == 1 else f"{count} pips"


def _seats(seats: tuple[int, ...]) -> str:
    """Seats as words: ``seat 2``, ``seats 2 0 1``."""
    return ("seat " if len(seats) == 1 else "seats ") + " ".join(map(str, seats))
