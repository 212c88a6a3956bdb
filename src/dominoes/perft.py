"""Perft: the number of move sequences from a position, to compare rules engines.

A perft count (the name comes from chess programming) walks the game tree from a fixed
position and counts the paths: ``perft(state, depth)`` is the number of sequences of
exactly ``depth`` legal moves that start at ``state``. Every legal move counts as the
engine lists it (`HandState.legal_moves`): plays on each end (a tile that fits two
ends is two moves, even when both ends show the same number), draws, passes, claims,
stops. A draw takes the next tile of the boneyard in its order, so a deal fixes the
tree and two engines that agree on the rules must agree on every count. A hand that
ends before ``depth`` moves counts for nothing at that depth (as a checkmate does in
chess); `tree` counts the complete hands, with how each ended and what it scored.

There is no transposition table: two move orders that reach the same position are two
paths and both count. docs/perft.md publishes counts for every family, and
``scripts/perft.py`` computes them from the command line.

>>> from dominoes import Deal, HandState, Ruleset
>>> rules = Ruleset.block(max_pip=3, hand_size=3)
>>> hands = (("0-2", "0-0", "1-3"), ("2-3", "0-3", "0-1"))
>>> state = HandState.start(rules, Deal(hands=hands, boneyard=("2-2", "1-1", "3-3", "1-2")))
>>> [perft(state, depth) for depth in range(8)]
[1, 1, 4, 8, 16, 26, 8, 0]
>>> divide(state, 3)
(('0-0', 8),)
>>> tree(state).leaves, tree(state).longest
(28, 6)
"""

from __future__ import annotations

from collections import Counter

import attrs

from dominoes.errors import ArgumentTypeError, ArgumentValueError, shown
from dominoes.notation import format_move
from dominoes.scoring import Ending
from dominoes.state import HandState

__all__ = ["Tree", "divide", "perft", "tree"]


@attrs.frozen(kw_only=True)
class Tree:
    """Every complete hand from a position: how many, how they ended, what they scored.

    A complete hand is a path from the position to the end of the hand (a leaf of the
    game tree), counted once per path.
    """

    leaves: int
    """The complete hands (paths to the end of the hand)."""
    nodes: int
    """The positions on all those paths, the start and the leaves included, each counted
    once per path that reaches it (the sum of `perft` over every depth)."""
    longest: int
    """The moves of the longest complete hand."""
    endings: tuple[tuple[Ending, int], ...]
    """How many complete hands end each way, in the order of `Ending`, zero counts left out."""
    points: tuple[tuple[tuple[int, ...], int], ...]
    """How many complete hands score each vector of points per seat
    (`HandResult.points`), the vectors in increasing order."""
    totals: tuple[int, ...]
    """The points per seat, summed over every complete hand."""


def _check(state: object, depth: object) -> None:
    if not isinstance(state, HandState):
        raise ArgumentTypeError(f"state must be a HandState, got {shown(state)}", argument="state")
    if depth.__class__ is not int:
        raise ArgumentTypeError(f"depth must be an int, got {shown(depth)}", argument="depth")
    assert isinstance(depth, int)
    if depth < 0:
        raise ArgumentValueError(f"depth must be 0 or more, got {depth}", argument="depth")


def _count(state: HandState, depth: int) -> int:
    moves = state.legal_moves()
    if depth == 1:
        return len(moves)
    return sum(_count(state.apply(move), depth - 1) for move in moves)


def perft(state: HandState, depth: int) -> int:
    """The number of sequences of exactly ``depth`` legal moves from ``state``.

    ``perft(state, 0)`` is 1; a finished hand has no moves, so it counts 0 at any
    greater depth.

    Raises:
        ArgumentTypeError: ``state`` is not a `HandState` or ``depth`` not an int.
        ArgumentValueError: ``depth`` is negative.
    """
    _check(state, depth)
    return 1 if depth == 0 else _count(state, depth)


def divide(state: HandState, depth: int) -> tuple[tuple[str, int], ...]:
    """`perft` split by first move: for each legal move of ``state``, in the engine's
    order, its token (`format_move`) and the sequences of ``depth`` moves that start
    with it. The counts add up to ``perft(state, depth)``; where two engines disagree,
    the first move whose count differs is the branch to look into (apply it and divide
    again, one depth less).

    Raises:
        ArgumentTypeError: ``state`` is not a `HandState` or ``depth`` not an int.
        ArgumentValueError: ``depth`` is less than 1.
    """
    _check(state, depth)
    if depth < 1:
        raise ArgumentValueError(f"depth must be 1 or more, got {depth}", argument="depth")
    return tuple(
        (format_move(move), 1 if depth == 1 else _count(state.apply(move), depth - 1))
        for move in state.legal_moves()
    )


def tree(state: HandState) -> Tree:
    """Walk every complete hand from ``state`` to its end (the whole game tree: keep it
    to small sets and late positions, its size grows exponentially).

    Raises:
        ArgumentTypeError: ``state`` is not a `HandState`.
    """
    _check(state, 0)
    endings: Counter[Ending] = Counter()
    points: Counter[tuple[int, ...]] = Counter()
    nodes = 0
    longest = 0
    stack = [(state, 0)]
    while stack:
        node, moves_made = stack.pop()
        nodes += 1
        result = node.result
        if result is not None:
            endings[result.ending] += 1
            points[result.points] += 1
            longest = max(longest, moves_made)
            continue
        stack.extend((node.apply(move), moves_made + 1) for move in node.legal_moves())
    seats = state.rules.players
    return Tree(
        leaves=endings.total(),
        nodes=nodes,
        longest=longest,
        endings=tuple((ending, endings[ending]) for ending in Ending if endings[ending]),
        points=tuple(sorted(points.items())),
        totals=tuple(sum(p[seat] * n for p, n in points.items()) for seat in range(seats)),
    )
