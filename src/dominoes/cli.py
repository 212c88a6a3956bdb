"""The ``dominoes`` command line (standard library only, for now).

``dominoes demo`` plays one seeded hand with simple built-in players and prints
it move by move, ending with the result and, for a blocked hand, the
verification round that established the block.

``dominoes replay FILE`` prints a recorded hand (or every hand of a recorded
match) move by move with the layout, and the result. ``dominoes validate FILE...``
checks records: exit status 0 when all are valid, 1 with one ``FILE:LINE: message``
line per problem otherwise, 2 when a file cannot be read.
"""

from __future__ import annotations

import argparse
import enum
import itertools
import json
import sys
from collections.abc import Iterable, Sequence

from dominoes.agents import heaviest
from dominoes.deal import Deal
from dominoes.errors import RecordError
from dominoes.moves import Draw, Move, Play
from dominoes.presets import find_preset
from dominoes.records import MAX_RECORD, HandRecord, Record, load, validate
from dominoes.rules import DrawRule, Ruleset
from dominoes.scoring import Ending, HandResult
from dominoes.state import HandState, Phase

__all__ = ["demo_lines", "heaviest_first", "main", "replay_lines"]

MAX_READ = MAX_RECORD + 1
"""The most bytes read from a file (a longer file is reported as too long)."""


def heaviest_first(state: HandState) -> Move:
    """A simple player: lay the heaviest playable tile (left end first), else the forced move."""
    return heaviest(state.legal_moves())


def _describe(move: Move, before: HandState) -> str:
    if isinstance(move, Play):
        if move.end is None:
            return f"leads {move.tile}"
        void = ": the round is void" if before.phase is Phase.VERIFICATION else ""
        return f"plays {move.tile} on the {move.end.name.lower()}{void}"
    if isinstance(move, Draw):
        return f"draws {move.tile} ({len(before.boneyard) - 1} left)"
    if before.phase is Phase.VERIFICATION:
        return "passes: confirms that they cannot play"
    return "passes: cannot play, proposes a block (verification round opens)"


def _result_lines(rules: Ruleset, result: HandResult) -> list[str]:
    lines = []
    pips = ", ".join(f"seat {s}: {p}" for s, p in enumerate(result.pips))
    if result.ending is Ending.DOMINO:
        lines.append(f"Result: domino! Seat {result.domino_seat} played their last tile.")
    else:
        rnd = result.verification
        assert rnd is not None
        lines.append("Result: blocked.")
        lines.append(
            f"Verification round: proposed by seat {rnd.proposer}, confirmed in turn by seats "
            + ", ".join(str(s) for s in rnd.confirmed)
            + ", with nothing left to draw."
        )
    lines.append(f"Pips left: {pips}.")
    if rules.partnership:
        totals = ", ".join(
            f"seats {a}+{b}: {result.pips[a] + result.pips[b]}" for a, b in rules.teams
        )
        lines.append(f"Side totals: {totals}.")
    if result.winners:
        who = " and ".join(f"seat {s}" for s in result.winners)
        lines.append(f"Winner: {who}, scoring {max(result.points)} points.")
    else:
        lines.append("Drawn hand: equal lowest totals, nobody scores.")
    return lines


def demo_lines(rules: Ruleset, seed: int) -> list[str]:
    """The demo's output: one seeded hand played by `heaviest_first` players."""
    game = "Block" if rules.drawing is DrawRule.NONE else "Draw"
    mode = " in partnership (seats 0+2 v 1+3)" if rules.partnership else ""
    state = HandState.start(rules, Deal.random(rules, seed=seed))
    lines = [f"{game} game, {rules.players} players{mode}, double-{rules.max_pip}, seed {seed}"]
    for seat, hand in enumerate(state.hands):
        lines.append(f"  seat {seat}: {' '.join(str(t) for t in hand)}")
    lines.append(f"  boneyard: {len(state.boneyard)} tiles face down")
    lines.append("")
    n = 0
    while not state.is_over:
        seat = state.turn
        move = heaviest_first(state)
        before = state
        state = state.apply(move)
        shown = state.history[-1].move
        n += 1
        text = _describe(shown, before)
        lines.append(f"{n:3}. seat {seat} {text:58} {state.layout}")
    lines.append("")
    assert state.result is not None
    lines.extend(_result_lines(rules, state.result))
    return lines


def _seat(seat: int, names: Sequence[str]) -> str:
    return f"seat {seat} ({names[seat]})" if names else f"seat {seat}"


def _tiles(tiles: Iterable[object]) -> str:
    return " ".join(str(t) for t in tiles) or "-"


def _outcome_lines(rules: Ruleset, result: HandResult, names: Sequence[str]) -> list[str]:
    """The result of a recorded hand, for every ending, with its faults."""
    if result.ending in (Ending.DOMINO, Ending.BLOCKED):
        lines = _result_lines(rules, result)
    else:
        if result.ending is Ending.FORFEIT:
            lines = ["Result: forfeit: a fault ended the hand (rule FAULT-2)."]
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
        if result.winners:
            who = " and ".join(f"seat {s}" for s in result.winners)
            lines.append(f"Winner: {who}, scoring {max(result.points)} points.")
        else:
            lines.append("Nobody wins the hand.")
    for fault in result.faults:
        kind = fault.kind.value.replace("_", " ")
        lines.append(f"Fault: {_seat(fault.seat, names)}, {kind} at move {fault.move_number + 1}.")
    if result.faults:
        lines.append(
            "Points: "
            + ", ".join(f"seat {s}: {p}" for s, p in enumerate(result.points))
            + " (penalties: "
            + ", ".join(str(p) for p in result.penalties)
            + ")."
        )
    return lines


def _hand_lines(states: Sequence[HandState], names: Sequence[str], dealt: str) -> list[str]:
    """One hand: the deal, each move with the layout after it, and the result."""
    start = states[0]
    rules = start.rules
    lines = [f"Deal ({dealt}):"]
    for seat, hand in enumerate(start.hands):
        lines.append(f"  {_seat(seat, names)}: {_tiles(hand)}")
    if start.boneyard:
        lines.append(f"  boneyard, in draw order: {_tiles(start.boneyard)}")
    lines.append("")
    moves = []
    for n, (before, after) in enumerate(itertools.pairwise(states), 1):
        step = after.history[-1]
        text = _describe(step.move, before)
        if len(after.faults) > len(before.faults):
            kind = after.faults[-1].kind.value.replace("_", " ")
            text = f"{text.split(':')[0]}: a fault ({kind})"
        moves.append((f"{n:3}. {_seat(step.seat, names)} {text}", str(after.layout)))
    width = max((len(move) for move, _ in moves), default=0)
    lines.extend(f"{move:{width}}  {layout}" for move, layout in moves)
    final = states[-1]
    lines.append("")
    if final.result is None:
        lines.append(
            f"The hand is not over: {_seat(final.turn, names)} is to move "
            f"({len(final.legal_moves())} legal moves)."
        )
    else:
        lines.extend(_outcome_lines(rules, final.result, names))
    return lines


def _field_text(value: object) -> str:
    """A ruleset field value as the record writes it under ``[rules]``."""
    if isinstance(value, enum.Enum):
        value = value.value
    elif value is None or not isinstance(value, int):
        value = "none" if value is None else str(value)
    return json.dumps(value)


def _record_header(record: Record) -> list[str]:
    preset = find_preset(record.preset)
    rules = record.rules
    kind = "Hand" if isinstance(record, HandRecord) else "Match"
    game = "Block" if rules.drawing is DrawRule.NONE else "Draw"
    mode = " in partnership (seats 0+2 v 1+3)" if rules.partnership else ""
    lines = [
        f"{kind} record: {game} game, {rules.players} players{mode}, double-{rules.max_pip}.",
        f"Ruleset: {preset.name} ({preset.summary})",
    ]
    if record.overrides:
        shown = ", ".join(
            f"{name} = {_field_text(value)}" for name, value in record.overrides.items()
        )
        lines.append(f"Overrides: {shown}.")
    if record.names:
        lines.append(
            "Players: " + ", ".join(f"seat {s}: {n}" for s, n in enumerate(record.names)) + "."
        )
    for key, value in record.event:
        lines.append(f"Event {key}: {' / '.join(value.splitlines()) or '-'}")
    return lines


def replay_lines(record: Record) -> list[str]:
    """The output of ``dominoes replay``: a record's hands move by move, and the results.

    Args:
        record: a `HandRecord` or `MatchRecord`.

    Returns:
        The lines to print.
    """
    lines = _record_header(record)
    names = record.names
    if isinstance(record, HandRecord):
        dealt = f"seed {record.seed}" if record.deal is None else "as recorded"
        lines.append("")
        lines.extend(_hand_lines(list(record.replay()), names, dealt))
        return lines
    rules = record.rules
    lines.append(f"Target: {rules.match_target} points.")
    matches = list(record.replay())
    hand_starts = [i for i, m in enumerate(matches) if not m.state.history]
    for number, (entry, first) in enumerate(zip(record.hands, hand_starts, strict=True), 1):
        states = [m.state for m in matches[first : first + len(entry.moves) + 1]]
        if entry.deal is not None:
            dealt = "as recorded"
        elif entry.seed is not None:
            dealt = f"seed {entry.seed}"
        else:
            dealt = f"from the match seed {record.seed}"
        lines.extend(("", f"Hand {number}", ""))
        lines.extend(_hand_lines(states, names, dealt))
        after = matches[first + len(entry.moves)]
        if after.state.is_over:
            lines.append(
                "Scores: " + ", ".join(f"seat {s}: {p}" for s, p in enumerate(after.scores)) + "."
            )
    final = matches[-1]
    lines.append("")
    if final.is_over:
        if final.winner is None:
            lines.append("Match over: a tie.")
        else:
            who = " and ".join(_seat(s, names) for s in final.winner)
            lines.append(f"Match over: {who} {'wins' if len(final.winner) == 1 else 'win'}.")
    else:
        lines.append("The match is not over.")
    return lines


def _replay(path: str) -> int:
    try:
        with open(path, "rb") as fp:
            record = load(fp)
    except OSError as error:
        print(f"dominoes replay: cannot read {path}: {error.strerror or error}", file=sys.stderr)
        return 2
    except RecordError as error:
        where = f"{path}:{error.line}" if error.line is not None else path
        message = str(error).removeprefix(f"line {error.line}: ")
        print(f"{where}: {message}", file=sys.stderr)
        return 1
    for line in replay_lines(record):
        print(line)
    return 0


def _validate(paths: Sequence[str]) -> int:
    status = 0
    for path in paths:
        try:
            with open(path, "rb") as fp:
                text = fp.read(MAX_READ)
        except OSError as error:
            print(
                f"dominoes validate: cannot read {path}: {error.strerror or error}", file=sys.stderr
            )
            status = 2
            continue
        problems = validate(text)
        for problem in problems:
            where = f"{path}:{problem.line}" if problem.line is not None else path
            print(f"{where}: {problem.message}")
        if problems:
            status = max(status, 1)
        else:
            print(f"{path}: ok")
    return status


def _rules_from(args: argparse.Namespace) -> Ruleset:
    if args.game == "block":
        return Ruleset.block(players=args.players, partnership=args.partnership)
    return Ruleset.draw(players=args.players, partnership=args.partnership)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``dominoes`` command."""
    args_in = list(sys.argv[1:] if argv is None else argv)
    if args_in[:1] == ["arena"]:
        from dominoes.arena import arena_main  # noqa: PLC0415 (only the arena needs it)

        return arena_main(args_in[1:])
    argv = args_in
    parser = argparse.ArgumentParser(prog="dominoes", description="A rules library for dominoes.")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser(
        "arena",
        add_help=False,
        help="play two agents against each other (dominoes arena --help)",
    )
    demo = sub.add_parser(
        "demo",
        help="play one seeded hand with simple players, move by move",
        description="Play one seeded hand with simple built-in players and print it move by "
        "move. Example: dominoes demo --game block --players 4 --partnership --seed 3",
    )
    demo.add_argument("--game", choices=["draw", "block"], default="draw")
    demo.add_argument("--players", type=int, default=2, choices=[2, 3, 4])
    demo.add_argument("--partnership", action="store_true", help="4 players, 0+2 v 1+3")
    demo.add_argument("--seed", type=int, default=25)
    replay = sub.add_parser(
        "replay",
        help="print a recorded hand or match move by move",
        description="Print a hand or match record (TOML or JSON) move by move, with the "
        "layout after each move and the result. Example: dominoes replay hand.toml",
    )
    replay.add_argument("file", help="the record to replay")
    check = sub.add_parser(
        "validate",
        help="check hand and match records",
        description="Check hand and match records. Exit status 0 when all are valid, 1 with "
        "one FILE:LINE: message line per problem otherwise, 2 when a file cannot be read.",
    )
    check.add_argument("files", nargs="+", metavar="FILE", help="the records to check")
    args = parser.parse_args(argv)
    if args.command == "replay":
        return _replay(args.file)
    if args.command == "validate":
        return _validate(args.files)
    if args.partnership and args.players != 4:
        parser.error("--partnership needs --players 4")
    for line in demo_lines(_rules_from(args), args.seed):
        print(line)
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
