"""Golden counts: every complete move sequence of a few fixed small deals.

Each deal's game tree is walked twice:

* through the engine, by ``legal_moves()`` and ``apply()``;
* by an independent brute force written here from the rules alone (plain tuples
  and lists, nothing from the library): its own hands, line of play and open
  ends, boneyard and count of consecutive passes (the verification round), the
  drawing rule, the highest-double lead with the heaviest-tile fallback, the
  domino ending, the block after one pass by every seat in a row, and the scores.

Both walks must produce the same sequences with the same outcomes, and the
totals must equal the hard-coded golden numbers, so a change of behaviour shows
up here even if both walks were to drift together.

Conventions shared with the engine: the lead is a play with no end, and its tile
is laid low half left; a tile that matches both open ends can be played on
either, and these are two moves even when both ends show the same value.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

import pytest

from dominoes import Deal, Draw, DrawRule, HandState, Pass, Play, Ruleset, Step

Pair = tuple[int, int]
"""A tile as (low, high)."""
Outcome = tuple[str, tuple[int, ...], tuple[int, ...], str]
"""(ending, winning seats, points per seat, final line of play as ``[a|b][b|c]...``)."""
Path = tuple[str, ...]
"""One complete move sequence, a token per move: ``"0:2-2"`` (the lead),
``"1:1-2:L"`` (a play on the left end), ``"0:draw 0-1"``, ``"1:pass"``."""


@dataclass(frozen=True)
class Golden:
    """A fixed deal and its golden numbers."""

    max_pip: int
    players: int
    hands: tuple[tuple[str, ...], ...]
    boneyard: tuple[str, ...]
    drawing: bool
    partnership: bool
    sequences: int
    """Complete move sequences from the start to the end of the hand."""
    domino: int
    """Sequences that end with a seat playing its last tile."""
    blocked: int
    """Sequences that end with a completed verification round."""
    drawn: int
    """Blocked sequences with equal lowest totals (no winner)."""


D2_H2 = (("2-2", "0-0"), ("0-1", "1-1"))
D2_H2_BONE = ("1-2", "0-2")
D2_H3 = (("1-1", "2-2", "0-1"), ("0-2", "0-0", "1-2"))
D3_H3 = (("0-2", "0-0", "1-3"), ("2-3", "0-3", "0-1"))
D3_H3_BONE = ("2-2", "1-1", "3-3", "1-2")
D3_NO_DOUBLE = (("0-1", "1-2", "2-3"), ("0-2", "0-3", "1-3"))
D3_NO_DOUBLE_BONE = ("0-0", "1-1", "2-2", "3-3")
D3_H4 = (("2-2", "3-3", "1-1", "1-2"), ("1-3", "0-3", "0-1", "2-3"))
D3_H4_BONE = ("0-0", "0-2")
D3_3P = (("2-2", "3-3", "0-2"), ("1-2", "0-3", "1-3"), ("1-1", "2-3", "0-1"))
D3_3P_BONE = ("0-0",)
D4_4P = (("1-3", "0-3", "4-4"), ("3-4", "0-0", "2-2"), ("1-1", "2-4", "1-2"), ("0-2", "2-3", "0-4"))
D4_4P_BONE = ("1-4", "3-3", "0-1")
D4_TIE = (("2-3", "0-1", "0-2", "1-3"), ("1-4", "0-3", "0-4", "1-2"))
D4_TIE_BONE = ("0-0", "1-1", "2-2", "3-3", "4-4", "2-4", "3-4")
D4_2P = (("0-1", "0-4", "3-3", "2-2", "1-4"), ("1-1", "0-2", "1-3", "2-3", "1-2"))
D4_2P_BONE = ("0-0", "4-4", "2-4", "0-3", "3-4")

CASES: dict[str, Golden] = {
    # double-2: blocked at once without drawing; drawing lets seat 1 out
    "d2-2p-h2-block": Golden(2, 2, D2_H2, D2_H2_BONE, False, False, 1, 0, 1, 0),
    "d2-2p-h2-draw": Golden(2, 2, D2_H2, D2_H2_BONE, True, False, 10, 10, 0, 0),
    # double-2, no boneyard: the drawing rule changes nothing
    "d2-2p-h3-block": Golden(2, 2, D2_H3, (), False, False, 20, 16, 4, 0),
    "d2-2p-h3-draw": Golden(2, 2, D2_H3, (), True, False, 20, 16, 4, 0),
    "d3-2p-h3-block": Golden(3, 2, D3_H3, D3_H3_BONE, False, False, 28, 24, 4, 0),
    "d3-2p-h3-draw": Golden(3, 2, D3_H3, D3_H3_BONE, True, False, 52, 44, 8, 0),
    # no double dealt: the heaviest tile (2-3) leads
    "d3-2p-no-double-block": Golden(
        3, 2, D3_NO_DOUBLE, D3_NO_DOUBLE_BONE, False, False, 18, 18, 0, 0
    ),
    "d3-2p-no-double-draw": Golden(
        3, 2, D3_NO_DOUBLE, D3_NO_DOUBLE_BONE, True, False, 24, 24, 0, 0
    ),
    # no double dealt, 1-4 and 2-3 both weigh 5: the higher end (1-4) leads
    "d4-2p-no-double-tie-block": Golden(4, 2, D4_TIE, D4_TIE_BONE, False, False, 55, 52, 3, 0),
    "d4-2p-no-double-tie-draw": Golden(4, 2, D4_TIE, D4_TIE_BONE, True, False, 138, 126, 12, 0),
    "d3-2p-h4-block": Golden(3, 2, D3_H4, D3_H4_BONE, False, False, 142, 118, 24, 2),
    "d3-2p-h4-draw": Golden(3, 2, D3_H4, D3_H4_BONE, True, False, 218, 154, 64, 0),
    "d3-3p-h3-block": Golden(3, 3, D3_3P, D3_3P_BONE, False, False, 110, 98, 12, 0),
    "d3-3p-h3-draw": Golden(3, 3, D3_3P, D3_3P_BONE, True, False, 130, 114, 16, 0),
    # the same deal for four seats, alone and in partnership: same tree, other scores
    "d4-4p-h3-block": Golden(4, 4, D4_4P, D4_4P_BONE, False, False, 56, 48, 8, 8),
    "d4-4p-h3-draw": Golden(4, 4, D4_4P, D4_4P_BONE, True, False, 100, 98, 2, 2),
    "d4-4p-pairs-block": Golden(4, 4, D4_4P, D4_4P_BONE, False, True, 56, 48, 8, 8),
    "d4-4p-pairs-draw": Golden(4, 4, D4_4P, D4_4P_BONE, True, True, 100, 98, 2, 0),
    "d4-2p-h5-block": Golden(4, 2, D4_2P, D4_2P_BONE, False, False, 152, 132, 20, 2),
    "d4-2p-h5-draw": Golden(4, 2, D4_2P, D4_2P_BONE, True, False, 2420, 1732, 688, 0),
}


# --------------------------------------------------------------------------- brute force
def parse_pair(text: str) -> Pair:
    a, b = (int(x) for x in text.split("-"))
    return (min(a, b), max(a, b))


def pair_text(tile: Pair) -> str:
    return f"{tile[0]}-{tile[1]}"


def other_half(tile: Pair, value: int) -> int:
    return tile[1] if tile[0] == value else tile[0]


class BruteForce:
    """The game tree of one deal, from the rules alone.

    A node is (hands, boneyard, line, seat to move, passes in a row). The line
    holds oriented pairs left to right; its open ends are ``line[0][0]`` and
    ``line[-1][1]``. ``passes`` is the verification round: the first pass
    proposes the block, each next pass confirms it, a play voids it, and the
    hand is blocked when every seat has passed in a row.
    """

    def __init__(self, case: Golden) -> None:
        self.case = case
        self.players = case.players
        self.teams: list[tuple[int, ...]] = (
            [(0, 2), (1, 3)] if case.partnership else [(s,) for s in range(case.players)]
        )
        self.found: Counter[tuple[Path, Outcome]] = Counter()

    def side(self, seat: int) -> tuple[int, ...]:
        return next(team for team in self.teams if seat in team)

    def outcome(
        self, hands: list[list[Pair]], domino_seat: int | None, line: tuple[Pair, ...]
    ) -> Outcome:
        pips = [sum(a + b for a, b in hand) for hand in hands]
        if domino_seat is not None:
            ending, side = "DOMINO", self.side(domino_seat)
        else:
            ending = "BLOCKED"
            totals = [sum(pips[s] for s in team) for team in self.teams]
            lowest = [
                team for team, total in zip(self.teams, totals, strict=True) if total == min(totals)
            ]
            side = lowest[0] if len(lowest) == 1 else ()
        score = sum(p for seat, p in enumerate(pips) if seat not in side)
        points = tuple(score if seat in side else 0 for seat in range(self.players))
        return ending, side, points, "".join(f"[{a}|{b}]" for a, b in line)

    def lead(self, hands: list[list[Pair]]) -> tuple[int, Pair]:
        for d in range(self.case.max_pip, -1, -1):
            for seat, hand in enumerate(hands):
                if (d, d) in hand:
                    return seat, (d, d)
        heaviest = max((t for hand in hands for t in hand), key=lambda t: (t[0] + t[1], t[1]))
        return next(s for s, hand in enumerate(hands) if heaviest in hand), heaviest

    def run(self) -> Counter[tuple[Path, Outcome]]:
        hands = [[parse_pair(t) for t in hand] for hand in self.case.hands]
        boneyard = [parse_pair(t) for t in self.case.boneyard]
        seat, tile = self.lead(hands)
        hands[seat].remove(tile)
        path = (f"{seat}:{pair_text(tile)}",)
        line = (tile,)  # low half on the left
        if not hands[seat]:
            self.found[(path, self.outcome(hands, seat, line))] += 1
        else:
            self.turn(
                hands, boneyard, line=line, seat=(seat + 1) % self.players, passes=0, path=path
            )
        return self.found

    def turn(
        self,
        hands: list[list[Pair]],
        boneyard: list[Pair],
        *,
        line: tuple[Pair, ...],
        seat: int,
        passes: int,
        path: Path,
    ) -> None:
        ends = (line[0][0], line[-1][1])
        plays = [(t, side) for t in hands[seat] for side in (0, 1) if ends[side] in t]
        if plays:
            for tile, side in plays:
                new_hands = [list(h) for h in hands]
                new_hands[seat].remove(tile)
                if side == 0:
                    new_line = ((other_half(tile, ends[0]), ends[0]), *line)
                else:
                    new_line = (*line, (ends[1], other_half(tile, ends[1])))
                step = (*path, f"{seat}:{pair_text(tile)}:{'LR'[side]}")
                if not new_hands[seat]:
                    self.found[(step, self.outcome(new_hands, seat, new_line))] += 1
                else:
                    nxt = (seat + 1) % self.players
                    self.turn(new_hands, boneyard, line=new_line, seat=nxt, passes=0, path=step)
        elif self.case.drawing and boneyard:
            new_hands = [list(h) for h in hands]
            new_hands[seat].append(boneyard[0])
            step = (*path, f"{seat}:draw {pair_text(boneyard[0])}")
            self.turn(new_hands, boneyard[1:], line=line, seat=seat, passes=passes, path=step)
        else:
            # a pass opens the verification round or confirms it; all seats: blocked
            step = (*path, f"{seat}:pass")
            if passes + 1 == self.players:
                self.found[(step, self.outcome(hands, None, line))] += 1
            else:
                nxt = (seat + 1) % self.players
                self.turn(hands, boneyard, line=line, seat=nxt, passes=passes + 1, path=step)


# --------------------------------------------------------------------------- engine walk
def ruleset_of(case: Golden) -> Ruleset:
    return Ruleset(
        max_pip=case.max_pip,
        players=case.players,
        hand_size=len(case.hands[0]),
        partnership=case.partnership,
        drawing=DrawRule.UNTIL_PLAYABLE if case.drawing else DrawRule.NONE,
    )


def token(step: Step) -> str:
    move = step.move
    if isinstance(move, Play):
        tile = f"{move.tile.low}-{move.tile.high}"
        if move.end is None:
            return f"{step.seat}:{tile}"
        return f"{step.seat}:{tile}:{'LR'[move.end.value]}"
    if isinstance(move, Draw):
        assert move.tile is not None
        return f"{step.seat}:draw {move.tile.low}-{move.tile.high}"
    assert isinstance(move, Pass)
    return f"{step.seat}:pass"


def engine_walk(case: Golden) -> Counter[tuple[Path, Outcome]]:
    rules = ruleset_of(case)
    start = HandState.start(rules, Deal(hands=case.hands, boneyard=case.boneyard))
    found: Counter[tuple[Path, Outcome]] = Counter()
    stack = [start]
    while stack:
        state = stack.pop()
        moves = state.legal_moves()
        if state.is_over:
            assert moves == ()
            result = state.result
            assert result is not None
            path = tuple(token(step) for step in state.history)
            line = "".join(f"[{a}|{b}]" for a, b in state.layout.line)
            found[(path, (result.ending.name, result.winners, result.points, line))] += 1
            continue
        assert moves, "no legal move before the end of the hand"
        stack.extend(state.apply(move) for move in moves)
    return found


@pytest.mark.parametrize("name", list(CASES))
def test_golden_counts(name: str) -> None:
    case = CASES[name]
    engine = engine_walk(case)
    brute = BruteForce(case).run()
    # every sequence once, in both walks
    assert set(engine.values()) == {1}
    assert set(brute.values()) == {1}
    # the same sequences, with the same outcomes
    assert sorted(engine) == sorted(brute)
    endings = Counter(outcome[0] for _, outcome in engine)
    drawn = sum(1 for _, outcome in engine if not outcome[1])
    assert (engine.total(), endings["DOMINO"], endings["BLOCKED"], drawn) == (
        case.sequences,
        case.domino,
        case.blocked,
        case.drawn,
    )
    assert brute.total() == case.sequences
    assert Counter(outcome[0] for _, outcome in brute) == endings
    if not case.drawing or not case.boneyard:
        assert not any("draw" in tok for path, _ in engine for tok in path)


def test_golden_leads() -> None:
    leads = {name: {path[0] for path, _ in engine_walk(case)} for name, case in CASES.items()}
    assert leads["d3-2p-no-double-block"] == {"0:2-3"}
    assert leads["d4-2p-no-double-tie-block"] == {"1:1-4"}
    assert leads["d3-2p-h4-block"] == {"0:3-3"}
    assert leads["d4-4p-pairs-draw"] == {"0:4-4"}


def test_partnership_changes_only_the_scores() -> None:
    for game in ("block", "draw"):
        alone = engine_walk(CASES[f"d4-4p-h3-{game}"])
        pairs = engine_walk(CASES[f"d4-4p-pairs-{game}"])
        assert sorted(path for path, _ in alone) == sorted(path for path, _ in pairs)
        assert Counter(o[0] for _, o in alone) == Counter(o[0] for _, o in pairs)
        assert all(o[1] in ((0, 2), (1, 3), ()) for _, o in pairs)
