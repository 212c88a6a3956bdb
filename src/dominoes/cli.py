"""The ``dominoes`` command line (standard library only, for now).

``dominoes demo`` plays one seeded hand with simple built-in players and prints
it move by move, ending with the result and, for a blocked hand, the
verification round that established the block.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from dominoes.deal import Deal
from dominoes.moves import Draw, Move, Play
from dominoes.rules import DrawRule, Ruleset
from dominoes.scoring import Ending, HandResult
from dominoes.state import HandState, Phase

__all__ = ["demo_lines", "heaviest_first", "main"]


def heaviest_first(state: HandState) -> Move:
    """A simple player: lay the heaviest playable tile (left end first), else the forced move."""
    moves = state.legal_moves()
    return max(
        moves,
        key=lambda m: (
            (m.tile.pips, m.tile.high, -int(m.end or 0)) if isinstance(m, Play) else (-1,)
        ),
    )


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


def _rules_from(args: argparse.Namespace) -> Ruleset:
    if args.game == "block":
        return Ruleset.block(players=args.players, partnership=args.partnership)
    return Ruleset.draw(players=args.players, partnership=args.partnership)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``dominoes`` command."""
    parser = argparse.ArgumentParser(prog="dominoes", description="A rules library for dominoes.")
    sub = parser.add_subparsers(dest="command", required=True)
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
    args = parser.parse_args(argv)
    if args.partnership and args.players != 4:
        parser.error("--partnership needs --players 4")
    for line in demo_lines(_rules_from(args), args.seed):
        print(line)
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
