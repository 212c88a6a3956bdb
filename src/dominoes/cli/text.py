"""The text the commands print, built without click or rich (the core can import it).

`heaviest_first` is the player of ``dominoes demo``; `demo_lines` is the demo's
output and `replay_lines` the output of ``dominoes replay``. `result_lines`,
`outcome_lines`, `wrap` and `elide_layout` are shared with ``dominoes play``; the
words for a move come from the library (`dominoes.words`).
"""

from __future__ import annotations

import itertools
import json
import textwrap
from collections.abc import Iterable, Sequence

import attrs

from dominoes.agents import heaviest
from dominoes.deal import Deal
from dominoes.layout import Layout
from dominoes.match import Match
from dominoes.moves import Move
from dominoes.presets import find_preset
from dominoes.records import MAX_RECORD, HandRecord, Record
from dominoes.render import diagram
from dominoes.rules import RULESET_FIELDS, PlayScoring, Ruleset, Scoring
from dominoes.scoring import Ending, HandResult
from dominoes.state import HandState
from dominoes.words import describe_rules, describe_step

__all__ = [
    "INDENT",
    "MAX_READ",
    "ReplayedHand",
    "arms_picture",
    "demo_lines",
    "elide_layout",
    "ends_text",
    "hand_end_lines",
    "heaviest_first",
    "match_end_line",
    "move_table",
    "outcome_lines",
    "plural",
    "record_header",
    "replay_lines",
    "replayed_hands",
    "result_lines",
    "scores_line",
    "seat_name",
    "step_words",
    "wrap",
    "wrap_layout",
]

MAX_READ = MAX_RECORD + 1
"""The most bytes read from a file (a longer file is reported as too long)."""


def heaviest_first(state: HandState) -> Move:
    """A simple player: lay the heaviest playable tile (left end first), else the forced move.

    >>> from dominoes import Deal, HandState, Ruleset
    >>> rules = Ruleset.block()
    >>> str(heaviest_first(HandState.start(rules, Deal.random(rules, seed=7))))
    '6-6'
    """
    return heaviest(state.legal_moves())


def plural(count: int, word: str) -> str:
    """``count`` and ``word``, in the plural unless the count is one.

    >>> plural(1, "point"), plural(0, "point"), plural(2, "point")
    ('1 point', '0 points', '2 points')
    """
    return f"{count} {word}" if abs(count) == 1 else f"{count} {word}s"


INDENT = "  "
"""What the lines of the table's picture are indented by."""

GAP = "..."
"""What stands for the tiles `elide_layout` leaves out."""


def wrap(line: str, width: int | None, indent: str = "    ") -> list[str]:
    """``line`` broken between words into lines of at most ``width`` characters.

    A tile such as ``4-6`` is never split; continuation lines keep the line's own
    indentation plus ``indent``. Without a ``width`` (or when it fits), ``[line]``.

    >>> wrap("Pips left: seat 0: 2, seat 1: 10.", 20)
    ['Pips left: seat 0:', '    2, seat 1: 10.']
    """
    if width is None or len(line) <= width:
        return [line]
    lead = " " * (len(line) - len(line.lstrip(" ")))
    parts = textwrap.wrap(line, width, subsequent_indent=lead + indent, break_on_hyphens=False)
    return parts or [line]


def elide_layout(layout: Layout, room: int | None) -> str:
    """The line of play as printed (``[6|1][1|0]...``) in at most ``room`` characters.

    When it is longer, tiles in the middle are left out (``...``), as many tiles kept
    at both ends as fit; the tile at each end is always shown, whatever the room.

    >>> from dominoes import Layout
    >>> layout = Layout(line=((6, 1), (1, 0), (0, 5), (5, 3), (3, 1)))
    >>> elide_layout(layout, 30), elide_layout(layout, 20), elide_layout(layout, 5)
    ('[6|1][1|0][0|5][5|3][3|1]', '[6|1][1|0]...[3|1]', '[6|1]...[3|1]')
    """
    text = str(layout)
    if room is None or len(text) <= room or len(layout.line) < 3:
        return text
    tiles = [f"[{a}|{b}]" for a, b in layout.line]
    left, right = [tiles[0]], [tiles[-1]]
    used = len(tiles[0]) + len(GAP) + len(tiles[-1])
    i, j = 1, len(tiles) - 2
    while i <= j:
        if len(left) <= len(right):
            if used + len(tiles[i]) > room:
                break
            used += len(tiles[i])
            left.append(tiles[i])
            i += 1
        else:
            if used + len(tiles[j]) > room:
                break
            used += len(tiles[j])
            right.append(tiles[j])
            j -= 1
    if i > j:
        return text
    return "".join(left) + GAP + "".join(reversed(right))


def wrap_layout(prefix: str, layout: Layout, suffix: str, width: int | None) -> list[str]:
    """``prefix``, the whole line of play and ``suffix``, broken between tiles into lines
    of at most ``width`` characters (continuation lines indented under the first tile).

    >>> from dominoes import Layout
    >>> layout = Layout(line=((6, 1), (1, 0), (0, 5), (5, 3), (3, 1)))
    >>> for line in wrap_layout("Layout: ", layout, "  (open ends: 6 and 1)", 30):
    ...     print(line)
    Layout: [6|1][1|0][0|5][5|3]
            [3|1]
            (open ends: 6 and 1)
    """
    text = f"{prefix}{layout}{suffix}"
    if width is None or len(text) <= width:
        return [text]
    indent = " " * len(prefix) if len(prefix) < width // 2 else ""
    lines = []
    line = prefix
    for a, b in layout.line:
        tile = f"[{a}|{b}]"
        if len(line) + len(tile) > width and line.strip():
            lines.append(line)
            line = indent
        line += tile
    if len(line) + len(suffix) <= width:
        return [*lines, line + suffix]
    if not suffix.strip():
        return [*lines, line]
    return [*lines, line, *wrap(indent + suffix.strip(), width)]


MIN_LAYOUT = 26
"""The least room the line of play gets beside a move in a narrow `move_table`."""


def ends_text(layout: Layout) -> str:
    """A layout with arms in a few characters: its open arms, each with the value showing
    on it, and the end count (rules COUNT-1 to COUNT-3), for the moves of a spinner game.

    >>> from dominoes import End
    >>> from dominoes.layout import Arm
    >>> arms = (
    ...     Arm(end=End.LEFT, tiles=(), value=6, is_open=True),
    ...     Arm(end=End.RIGHT, tiles=((6, 3),), value=3, is_open=True),
    ... )
    >>> ends_text(Layout(line=((6, 6), (6, 3)), arms=arms))
    'L=6 R=3, count 15'

    In a train game, each train's token and the value showing at its end (its open
    double as the tile), ``*`` after a marked train (rules TRAIN-3 to TRAIN-5):

    >>> from dominoes import Tile
    >>> from dominoes.layout import Train
    >>> trains = (
    ...     Train(end=End.TRAIN_0, owner=0, tiles=((6, 3),), value=3, marked=True),
    ...     Train(end=End.TRAIN_1, owner=1, tiles=((6, 4), (4, 4)), value=4),
    ...     Train(end=End.MEXICAN, owner=None, tiles=(), value=6),
    ... )
    >>> ends_text(Layout(line=(), hub=Tile(6, 6), trains=trains))
    'T0=3* T1=[4|4] M=6'
    """
    if layout.hub is not None:
        return " ".join(
            f"{t.end.token}="
            + (f"[{t.value}|{t.value}]" if t.open_double else str(t.value))
            + ("*" if t.marked else "")
            for t in layout.trains
        )
    ends = layout.open_ends or tuple(  # a finished hand's: the arms that carry tiles
        (arm.end, arm.value) for k, arm in enumerate(layout.arms) if k < 2 or arm.tiles
    )
    return " ".join(f"{end.token}={value}" for end, value in ends) + f", count {layout.count}"


def move_table(rows: Sequence[tuple[str, Layout]], width: int | None = None) -> list[str]:
    """Moves in words, each with the line of play after it, in two columns (a layout with
    arms, that of a spinner game: its open arms and end count, `ends_text`).

    Without a ``width``, or when every row fits, the layout column starts after the
    longest move. Otherwise the move column is narrowed so that the layout has room
    (at least `MIN_LAYOUT` characters, and the longest `ends_text`), the layout is shortened to fit
    (`elide_layout`), and a move too long for its column is printed on lines of its
    own (wrapped to ``width``) with its layout under it, in the layout column.

    Args:
        rows: ``(move text, layout after the move)`` pairs.
        width: The most characters a line may hold, or ``None``.

    Returns:
        The lines, right-padded move text then the layout.
    """
    col = max((len(text) for text, _ in rows), default=0)
    cells = [ends_text(layout) if _compact(layout) else str(layout) for _, layout in rows]
    if width is None or all(col + 2 + len(cell) <= width for cell in cells):
        return [f"{text:{col}}  {cell}" for (text, _), cell in zip(rows, cells, strict=True)]
    widths = (len(c) for (_, layout), c in zip(rows, cells, strict=True) if _compact(layout))
    need = max((MIN_LAYOUT, *widths))
    col = max(min(col, width - 2 - need), 0)
    room = width - col - 2
    lines = []
    for (text, layout), cell in zip(rows, cells, strict=True):
        shown = cell if _compact(layout) else elide_layout(layout, room)
        if len(text) <= col:
            lines.append(f"{text:{col}}  {shown}")
        else:
            lines.extend(wrap(text, width, indent=" " * 6))
            lines.append(" " * (col + 2) + shown)
    return lines


def _compact(layout: Layout) -> bool:
    """Whether a move's layout is shown by its ends (`ends_text`): a layout with arms or
    trains, rather than a line of play."""
    return bool(layout.arms) or layout.hub is not None


def result_lines(rules: Ruleset, result: HandResult) -> list[str]:
    """The result of a hand that ended by a domino or a block, as printed by the demo.

    Args:
        rules: The hand's rules (for the side totals of partnership play).
        result: A result whose ending is `Ending.DOMINO` or `Ending.BLOCKED`.

    Returns:
        The lines: the ending, the verification round of a block, the pips and the winner.
    """
    lines = []
    pips = ", ".join(f"seat {s}: {p}" for s, p in enumerate(result.pips))
    if result.ending is Ending.DOMINO:
        lines.append(f"Result: domino! Seat {result.domino_seat} played their last tile.")
    else:
        rnd = result.verification
        lines.append("Result: blocked.")
        if rnd is None:  # immediate block detection (DETECT-1): no round is played
            by = "" if result.blocked_by is None else f" after seat {result.blocked_by}'s play"
            lines.append(f"Nobody can play{by}, and nobody may draw (rule DETECT-1).")
        else:
            lines.append(
                f"Verification round: proposed by seat {rnd.proposer}, confirmed in turn by "
                "seats " + ", ".join(str(s) for s in rnd.confirmed) + ", with nothing left to draw."
            )
    lines.append(f"Pips left: {pips}.")
    if rules.partnership:
        totals = ", ".join(
            f"seats {a}+{b}: {result.pips[a] + result.pips[b]}" for a, b in rules.teams
        )
        lines.append(f"Side totals: {totals}.")
    scored = any(result.points)
    drawn = "Drawn hand: equal lowest totals" + ("." if scored else ", nobody scores.")
    return lines + _verdict_lines(rules, result, drawn)


def _verdict_lines(rules: Ruleset, result: HandResult, no_winner: str) -> list[str]:
    """Who won and what they scored (``no_winner`` when nobody won); under penalty
    scoring (POINTS-6) every seat's penalty points, since those count against it."""
    who = " and ".join(f"seat {s}" for s in result.winners)
    if rules.scoring is Scoring.PENALTY:
        head = f"Winner: {who} (fewest penalty points)." if result.winners else no_winner
        points = ", ".join(f"seat {s}: {p}" for s, p in enumerate(result.points))
        return [head, f"Penalty points: {points}."]
    split = _play_lines(rules, result)
    if result.winners:
        first = result.winners[0]
        if split:
            end = plural(result.end_points[first], "point")
            return [f"Winner: {who}, scoring {end} at the end of the hand.", *split]
        return [f"Winner: {who}, scoring {plural(result.points[first], 'point')}."]
    return [no_winner, *split]


def _play_lines(rules: Ruleset, result: HandResult) -> list[str]:
    """In a game that scores on play, each seat's points of the hand: on play, at the end
    and in all (rules PLAY-1 to PLAY-3); nothing otherwise."""
    if rules.play_scoring is PlayScoring.NONE:
        return []
    play = result.play_points or (0,) * len(result.points)  # () when no play scored
    parts = zip(play, result.end_points, result.points, strict=True)
    shown = ", ".join(
        f"seat {s}: {p} on play + {e} at the end = {t}" for s, (p, e, t) in enumerate(parts)
    )
    return [f"Points this hand: {shown}."]


def demo_lines(rules: Ruleset, seed: int, width: int | None = None) -> list[str]:
    """The demo's output: one seeded hand played by `heaviest_first` players.

    Args:
        rules: The ruleset of the hand.
        seed: The seed of the deal (`Deal.random`).
        width: The most characters a line may hold (the terminal's width), or
            ``None`` for no limit: long lines are wrapped, and the line of play
            after each move is shortened to fit (`move_table`).

    Returns:
        The lines ``dominoes demo`` prints.
    """
    state = HandState.start(rules, Deal.random(rules, seed=seed))
    lines = [f"{describe_rules(rules, sides=True)}, seed {seed}"]
    for seat, hand in enumerate(state.hands):
        lines.append(f"  seat {seat}: {' '.join(str(t) for t in hand)}")
    lines.append(f"  boneyard: {plural(len(state.boneyard), 'tile')} face down")
    lines.append("")
    rows: list[tuple[str, Layout]] = []
    while not state.is_over:
        move = heaviest_first(state)
        before = state
        state = state.apply(move)
        text = describe_step(state.history[-1], before)
        rows.append((f"{len(rows) + 1:3}. {text}", state.layout))
    assert state.result is not None
    out = [part for line in lines for part in wrap(line, width)]
    out.extend(move_table(rows, width))
    out.append("")
    out.extend(part for line in result_lines(rules, state.result) for part in wrap(line, width))
    out.extend(arms_picture(state, width))
    return out


def arms_picture(final: HandState, width: int | None = None) -> list[str]:
    """The picture of a finished hand of a game with arms or trains
    (`dominoes.render.diagram`), after a blank line and indented, or nothing in a line
    game, whose moves show the line of play."""
    if not _compact(final.layout):
        return []
    room = None if width is None else width - len(INDENT)
    return ["", *(INDENT + line for line in diagram(final, width=room).split("\n"))]


def seat_name(seat: int, names: Sequence[str] = ()) -> str:
    """A seat as the replay names it: ``seat 1``, or ``seat 1 (Ben)`` with names."""
    return f"seat {seat} ({names[seat]})" if names else f"seat {seat}"


def _tiles(tiles: Iterable[object]) -> str:
    return " ".join(str(t) for t in tiles) or "-"


def outcome_lines(rules: Ruleset, result: HandResult, names: Sequence[str] = ()) -> list[str]:
    """The result of a hand, for every ending (forfeits, false blocks and concessions too),
    with its faults.

    Args:
        rules: The hand's rules.
        result: The hand's result.
        names: The players' names, one per seat, or none.

    Returns:
        The lines ``dominoes replay`` and ``dominoes play`` print.
    """
    if result.ending in (Ending.DOMINO, Ending.BLOCKED):
        lines = result_lines(rules, result)
    else:
        if result.ending is Ending.FORFEIT:
            lines = ["Result: forfeit: a fault ended the hand (rule FAULT-2)."]
        elif result.ending is Ending.CONCEDED:
            assert result.conceded_by is not None
            who = seat_name(result.conceded_by, names)
            lines = [f"Result: {who} conceded the hand (rule CONCEDE-1)."]
        else:
            rnd = result.verification
            assert rnd is not None
            lines = [
                "Result: false block: the verification round was completed through a false "
                "pass, so the hand is not blocked (rule FAULT-5).",
                f"Verification round: proposed by seat {rnd.proposer}, confirmed in turn by "
                "seats " + ", ".join(str(s) for s in rnd.confirmed) + ".",
            ]
        lines.append(
            "Pips left: " + ", ".join(f"seat {s}: {p}" for s, p in enumerate(result.pips)) + "."
        )
        lines += _verdict_lines(rules, result, "Nobody wins the hand.")
    for fault in result.faults:
        kind = fault.kind.value.replace("_", " ")
        lines.append(
            f"Fault: {seat_name(fault.seat, names)}, {kind} at move {fault.move_number + 1}."
        )
    if result.faults:
        lines.append(
            "Points: "
            + ", ".join(f"seat {s}: {p}" for s, p in enumerate(result.points))
            + " (penalties: "
            + ", ".join(str(p) for p in result.penalties)
            + ")."
        )
    return lines


def step_words(
    before: HandState, after: HandState, names: Sequence[str] = (), viewer: int | None = None
) -> str:
    """What happened between two states of a replayed hand, in words: the move (a fault
    named as such), or the concession that is not a move (rule CONCEDE-1).

    With a ``viewer`` the words never show a tile that seat may not see (another seat's
    draw is ``"draws a tile"``, `dominoes.words.describe_step`).
    """
    if after.history == before.history:  # not a move: the hand was conceded
        assert after.result is not None
        assert after.result.conceded_by is not None
        return f"{seat_name(after.result.conceded_by, names)} concedes"
    text = describe_step(after.history[-1], before, names=names, viewer=viewer)
    if len(after.faults) > len(before.faults):
        kind = after.faults[-1].kind.value.replace("_", " ")
        text = f"{text.split(':')[0]}: a fault ({kind})"
    return text


def hand_end_lines(
    final: HandState,
    names: Sequence[str] = (),
    match_over: bool = False,
    viewer: int | None = None,
) -> list[str]:
    """How a replayed hand ends: its result (`outcome_lines`), or that it is not over, or,
    with ``match_over``, that the match ended in its middle (rule MATCH-7).

    An unfinished hand read by a ``viewer`` other than the seat to move does not count
    that seat's legal moves (they depend on its hidden tiles).
    """
    if final.result is None and match_over:
        return [
            "The match ended in the middle of the hand, when play points reached the target "
            "(rule MATCH-7)."
        ]
    if final.result is None:
        if viewer is not None and viewer != final.turn:
            return [f"The hand is not over: {seat_name(final.turn, names)} is to move."]
        return [
            f"The hand is not over: {seat_name(final.turn, names)} is to move "
            f"({plural(len(final.legal_moves()), 'legal move')})."
        ]
    return outcome_lines(final.rules, final.result, names)


def _hand_lines(
    states: Sequence[HandState], names: Sequence[str], dealt: str, match_over: bool = False
) -> list[str]:
    """One hand: the deal, each move with the layout after it, and the result (or, with
    ``match_over``, that the match ended in its middle, rule MATCH-7)."""
    start = states[0]
    lines = [f"Deal ({dealt}):"]
    for seat, hand in enumerate(start.hands):
        lines.append(f"  {seat_name(seat, names)}: {_tiles(hand)}")
    if start.boneyard:
        lines.append(f"  boneyard, in draw order: {_tiles(start.boneyard)}")
    lines.append("")
    moves = []
    for n, (before, after) in enumerate(itertools.pairwise(states), 1):
        text = step_words(before, after, names)
        if after.history == before.history:  # the concession has no number
            moves.append((f"     {text}", after.layout))
        else:
            moves.append((f"{n:3}. {text}", after.layout))
    lines.extend(move_table(moves))
    final = states[-1]
    lines.append("")
    lines.extend(hand_end_lines(final, names, match_over))
    lines.extend(arms_picture(final))
    return lines


def record_header(record: Record) -> list[str]:
    """The header of a replayed record: its kind and rules, overrides, players, event."""
    preset = find_preset(record.preset)
    rules = record.rules
    kind = "Hand" if isinstance(record, HandRecord) else "Match"
    lines = [
        f"{kind} record: {describe_rules(rules, sides=True)}.",
        f"Ruleset: {preset.name} ({preset.summary})",
    ]
    if record.overrides:
        shown = ", ".join(
            f"{name} = {json.dumps(RULESET_FIELDS[name].to_toml(value))}"
            for name, value in record.overrides.items()
        )
        lines.append(f"Overrides: {shown}.")
    if record.names:
        lines.append(
            "Players: " + ", ".join(f"seat {s}: {n}" for s, n in enumerate(record.names)) + "."
        )
    for key, value in record.event:
        lines.append(f"Event {key}: {' / '.join(value.splitlines()) or '-'}")
    return lines


@attrs.frozen(kw_only=True)
class ReplayedHand:
    """One hand of a replayed record: its states and how it was dealt and ended."""

    number: int | None
    """The hand's number in its match, from 1 (``None`` in a hand record)."""
    states: tuple[HandState, ...]
    """The hand as dealt, after each move, and after its concession if it was conceded."""
    dealt: str
    """How it was dealt: ``"seed 3"``, ``"as recorded"``, ``"from the match seed 8"``."""
    match_over: bool = False
    """Whether the match ended in the middle of this hand (rule MATCH-7)."""
    scores: tuple[int, ...] | None = None
    """The match scores once this hand was over (``None`` in a hand record, or while
    the hand is unfinished)."""
    match: Match | None = None
    """The match after this hand's last state (``None`` in a hand record)."""


def replayed_hands(record: Record) -> list[ReplayedHand]:
    """A record's hands, each replayed through the engine (one for a hand record)."""
    if isinstance(record, HandRecord):
        dealt = f"seed {record.seed}" if record.deal is None else "as recorded"
        return [ReplayedHand(number=None, states=tuple(record.replay()), dealt=dealt)]
    matches = list(record.replay())
    hands = []
    first = 0
    for number, entry in enumerate(record.hands, 1):
        size = len(entry.moves) + 1 + (entry.conceded_by is not None)
        after = matches[first + size - 1]
        states = [m.state for m in matches[first : first + size]]
        first += size
        if number == len(record.hands) and record.conceded_by is not None:
            after = matches[-1]  # the match concession, which concedes an unfinished hand
            if after.state != states[-1]:
                states.append(after.state)
        if entry.deal is not None:
            dealt = "as recorded"
        elif entry.seed is not None:
            dealt = f"seed {entry.seed}"
        else:
            dealt = f"from the match seed {record.seed}"
        mid_hand = after.is_over and not after.state.is_over and after.conceded_by is None
        scores = after.scores if after.state.is_over or mid_hand else None
        hands.append(
            ReplayedHand(
                number=number,
                states=tuple(states),
                dealt=dealt,
                match_over=mid_hand,
                scores=scores,
                match=after,
            )
        )
    return hands


def scores_line(scores: Sequence[int]) -> str:
    """The match scores after a hand, as ``dominoes replay`` prints them."""
    return "Scores: " + ", ".join(f"seat {s}: {p}" for s, p in enumerate(scores)) + "."


def match_end_line(final: Match, names: Sequence[str] = ()) -> str:
    """How a replayed match ends: who won (or a tie, or a concession), or not over."""
    if not final.is_over:
        return "The match is not over."
    over = "Match over"
    if final.conceded_by is not None:
        over += f" ({seat_name(final.conceded_by, names)} conceded the match)"
    if final.winner is None:
        return f"{over}: a tie."
    who = " and ".join(seat_name(s, names) for s in final.winner)
    return f"{over}: {who} {'wins' if len(final.winner) == 1 else 'win'}."


def replay_lines(record: Record) -> list[str]:
    """The output of ``dominoes replay``: a record's hands move by move, and the results.

    Args:
        record: a `HandRecord` or `MatchRecord`.

    Returns:
        The lines to print.
    """
    lines = record_header(record)
    names = record.names
    if isinstance(record, HandRecord):
        (hand,) = replayed_hands(record)
        lines.append("")
        lines.extend(_hand_lines(hand.states, names, hand.dealt))
        return lines
    lines.append(f"Target: {plural(record.rules.match_target, 'point')}.")
    hands = replayed_hands(record)
    for hand in hands:
        lines.extend(("", f"Hand {hand.number}", ""))
        lines.extend(_hand_lines(hand.states, names, hand.dealt, hand.match_over))
        if hand.scores is not None:
            lines.append(scores_line(hand.scores))
    final = hands[-1].match
    assert final is not None
    lines.append("")
    lines.append(match_end_line(final, names))
    return lines
