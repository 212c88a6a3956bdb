"""Golden counts of layouts with arms: every complete move sequence of a few fixed small
deals under spinner rules and scoring on play (docs/rules/spinner.md).

Each deal's game tree is walked twice, as ``test_golden.py`` does for the line games:

* through the engine, by ``legal_moves()`` and ``apply()``;
* by an independent brute force written here from the rules alone (plain tuples, nothing
  from the library but the ruleset's option values): its own hands, arms (the tiles on
  each, outward, and the number each grows from), spinners (the arm and index each lies
  at, and its two short arms), boneyard, passes in a row and play points. Which arms take
  a tile is worked out afresh at every node from the spinners and the tiles on the arms
  (rules SPIN-1 to SPIN-4), and so are the end count (COUNT-1 to COUNT-6) and what it
  scores (PLAY-1 to PLAY-3, HEADER-1).

Both walks visit the moves in the documented order (tile index, then arm), depth first,
so they must produce the same list of nodes, each with the same open ends, and the same
list of complete sequences, each move with the same points, each sequence with the same
ending, result (points and play points per seat) and final arms (tiles and origins). A
few deals' totals are also hard-coded here, so that a change of behaviour shows up even
if both walks were to drift together.

A few hand-played examples follow (SPIN-2 to SPIN-4 and their refusals).

A sequence is written one token a move: ``"0:3-3"`` (the lead), ``"1:0-3:L+5"`` (a play
on the left arm that scored 5), ``"0:1-1:A4"``, ``"0:draw 2-2"``, ``"1:pass"``.
"""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass
from typing import Any

import pytest

from dominoes import (
    BlockDetection,
    Deal,
    Draw,
    DrawRule,
    End,
    HandState,
    IllegalMoveError,
    IllegalMoveReason,
    Opening,
    Pass,
    Play,
    PlayScale,
    PlayScoring,
    Ruleset,
    SpinnerCount,
    SpinnerFill,
    SpinnerRule,
    Step,
    Tile,
)

Pair = tuple[int, int]
"""A tile as (low, high), or a tile laid on an arm as (inner half, outer half)."""
Path = tuple[str, ...]
"""A move sequence, a token per move (see the module docstring)."""
Origin = tuple[int, int] | None
"""Where an arm grows from: ``None`` (the lead) or (arm, index of the spinner there)."""
Arms = tuple[tuple[tuple[Pair, ...], Origin], ...]
"""Every arm, in arm order: its tiles outward and its origin."""
Outcome = tuple[str, tuple[int, ...], tuple[int, ...], tuple[int, ...], Arms]
"""(ending, winning seats, points per seat, play points per seat, the final arms)."""
Leaf = tuple[Path, Outcome]
"""A complete sequence and how it ends."""
Inner = tuple[Path, tuple[tuple[int, int], ...]]
"""A node after the lead, before the end: its sequence so far and its open ends as
(arm, value) pairs."""


@dataclass
class Walk:
    """What a walk of a tree found, both lists in depth-first order."""

    inner: list[Inner]
    leaves: list[Leaf]


# --------------------------------------------------------------------------- the deals
@dataclass(frozen=True)
class Table:
    """A fixed deal: the set, the hands and the boneyard (in draw order)."""

    max_pip: int
    hands: tuple[tuple[str, ...], ...]
    boneyard: tuple[str, ...]

    @property
    def deal(self) -> Deal:
        return Deal(hands=self.hands, boneyard=self.boneyard)


TABLES: dict[str, Table] = {
    # double-3, the highest double (3-3) leads: a spinner under every rule
    "d3-lead-3-3": Table(
        3, (("3-3", "0-1", "1-2"), ("0-3", "2-3", "1-3")), ("0-0", "1-1", "0-2", "2-2")
    ),
    # double-3, no double dealt: the heaviest tile (2-3) leads; the doubles come from the
    # boneyard (a spinner laid on an arm, under FIRST_DOUBLE and EVERY_DOUBLE)
    "d3-no-double": Table(
        3, (("2-3", "0-1", "1-3"), ("0-3", "1-2", "0-2")), ("3-3", "1-1", "2-2", "0-0")
    ),
    # double-3, 2-2 leads with 3-3 in the boneyard
    "d3-lead-2-2": Table(
        3, (("2-2", "0-2", "1-3", "1-1"), ("2-3", "0-3", "1-2", "0-1")), ("3-3", "0-0")
    ),
    # double-3, 3-3 leads, 1-1 and 2-2 in hand (EVERY_DOUBLE: arms A4 and A5)
    "d3-lead-3-3-h4": Table(
        3, (("3-3", "1-1", "0-3", "1-2"), ("2-2", "1-3", "0-1", "2-3")), ("0-0", "0-2")
    ),
    # double-2, 2-2 leads: the smallest tree with a spinner
    "d2-lead-2-2": Table(2, (("2-2", "0-1"), ("1-2", "0-2")), ("1-1", "0-0")),
    # double-4, 3-3 leads, later doubles in hand and in the boneyard: under EVERY_DOUBLE
    # and ALL_FOUR_FIRST, later spinners hold the play to their own empty sides
    "d4-later-spinners": Table(
        4,
        (("1-1", "0-2", "1-2", "3-4"), ("3-3", "0-1", "0-3", "1-3")),
        ("0-0", "2-3", "0-4", "4-4", "2-4", "2-2", "1-4"),
    ),
}


# --------------------------------------------------------------------------- brute force
def parse_pair(text: str) -> Pair:
    a, b = (int(x) for x in text.split("-"))
    return (min(a, b), max(a, b))


def pair_text(tile: Pair) -> str:
    return f"{tile[0]}-{tile[1]}"


def tile_order(tile: Pair) -> int:
    """The canonical order of tiles: 0-0, 0-1, 1-1, 0-2, 1-2, 2-2, 0-3, ..."""
    low, high = tile
    return high * (high + 1) // 2 + low


def arm_token(k: int) -> str:
    return "LRUD"[k] if k < 4 else f"A{k}"


@dataclass(frozen=True)
class Spinner:
    """A spinner: the arm it lies in (``None``: it is the lead), its index there, and
    its two short arms."""

    host: int | None
    index: int
    short: tuple[int, int]


@dataclass(frozen=True)
class Node:
    """A position of the brute force, after the lead."""

    hands: tuple[tuple[Pair, ...], ...]
    boneyard: tuple[Pair, ...]
    lead: Pair
    arms: tuple[tuple[Pair, ...], ...]
    """The tiles of each arm, outward, as (inner, outer) pairs."""
    roots: tuple[int, ...]
    """The number each arm grows from (what it shows while empty)."""
    spinners: tuple[Spinner, ...]
    seat: int
    passes: int
    """Passes in a row made with nothing left to draw (the verification round)."""
    drew: bool
    """Whether the seat to move has drawn this turn (ONE_THEN_PASS)."""
    points: tuple[int, ...]
    """Play points so far, per seat."""
    path: Path

    def but(self, **changes: Any) -> Node:
        fields = {name: getattr(self, name) for name in self.__dataclass_fields__}
        fields.update(changes)
        return Node(**fields)


class BruteForce:
    """The game tree of one deal under one ruleset, from the rules alone."""

    def __init__(self, rules: Ruleset, table: Table) -> None:
        self.rules = rules
        self.table = table
        self.players = rules.players
        self.teams: list[tuple[int, ...]] = (
            [(0, 2), (1, 3)] if rules.partnership else [(s,) for s in range(rules.players)]
        )
        self.found = Walk([], [])

    # ---------------------------------------------------------------- the rules
    def side(self, seat: int) -> tuple[int, ...]:
        return next(team for team in self.teams if seat in team)

    def spins(self, is_lead: bool, spinners: int) -> bool:
        """SPIN-1: whether a double laid now is a spinner."""
        kind = self.rules.spinner
        if kind is SpinnerRule.EVERY_DOUBLE:
            return True
        if kind is SpinnerRule.FIRST_DOUBLE:
            return spinners == 0
        if kind is SpinnerRule.LEAD_DOUBLE:
            return is_lead
        return False

    @staticmethod
    def long_sides_carry(sp: Spinner, arms: tuple[tuple[Pair, ...], ...]) -> bool:
        """Whether both long sides of ``sp`` carry a tile (the gate of SPIN-2)."""
        if sp.host is None:
            return bool(arms[0]) and bool(arms[1])
        return len(arms[sp.host]) > sp.index + 1

    @staticmethod
    def empty_sides(node: Node) -> set[int]:
        """SPIN-3: the arms that are sides of a spinner and carry no tile yet."""
        arms = node.arms
        out: set[int] = set()
        for sp in node.spinners:
            if sp.host is None:
                out.update(k for k in (0, 1) if not arms[k])
            elif len(arms[sp.host]) == sp.index + 1:
                out.add(sp.host)
            out.update(k for k in sp.short if not arms[k])
        return out

    def open_arms(self, node: Node) -> list[int]:
        """The arms a tile may be laid on now, in arm order."""
        fill = self.rules.spinner_fill
        if fill is SpinnerFill.ALL_FOUR_FIRST:
            pending = self.empty_sides(node)
            return sorted(pending) if pending else list(range(len(node.arms)))
        out = [0, 1]
        for sp in node.spinners:
            if self.long_sides_carry(sp, node.arms):
                for k in sp.short:
                    if fill is SpinnerFill.ONE_TILE_EACH_SIDE and node.arms[k]:
                        continue  # SPIN-4: closed after one tile
                    out.append(k)
        return sorted(out)

    @staticmethod
    def value(node: Node, k: int) -> int:
        arm = node.arms[k]
        return arm[-1][1] if arm else node.roots[k]

    def faces(self, node: Node) -> list[tuple[int, int]]:
        """COUNT-1 to COUNT-6: (value, halves) per end that shows something. The lone
        lead shows a half at each end of the line (a lone spinner counted ONCE, one in
        all); a tile at an arm's end its outer half, a double that is no spinner
        ``double_end_weight`` halves; an empty long side of a lead that is no spinner the
        lead's half (``double_end_weight`` for a double lead); a spinner the halves
        ``spinner_count`` gives for its covered sides; an empty short side nothing."""
        rules = self.rules
        weight = rules.double_end_weight
        lo, hi = node.lead
        if not any(node.arms):
            once = rules.spinner_count is SpinnerCount.ONCE
            return [(lo, 1)] if node.spinners and once else [(lo, 1), (hi, 1)]
        at = {(sp.host, sp.index) for sp in node.spinners}
        out = []
        for k, arm in enumerate(node.arms):
            if arm and (k, len(arm) - 1) not in at:
                a, b = arm[-1]
                out.append((b, weight if a == b else 1))
            elif not arm and k < 2 and (None, -1) not in at:
                out.append((node.roots[k], weight if lo == hi else 1))
        for sp in node.spinners:
            if sp.host is None:
                value, long = lo, [bool(node.arms[0]), bool(node.arms[1])]
            else:
                value = node.arms[sp.host][sp.index][0]
                long = [True, len(node.arms[sp.host]) > sp.index + 1]
            covered = sum(long) + sum(1 for k in sp.short if node.arms[k])
            if rules.spinner_count is SpinnerCount.EXPOSED_HALVES:
                halves = (2, 2, 2, 1, 0)[covered]
            elif all(long):
                halves = 0
            else:
                halves = 1 if rules.spinner_count is SpinnerCount.ONCE else 2
            if halves:
                out.append((value, halves))
        return out

    def scored(self, node: Node) -> int:
        """PLAY-1 to PLAY-3: what a play scores from the end count after it (the sum of
        what the ends show); HEADER-1: from the numbers at two ends or more."""
        faces = self.faces(node)
        scoring = self.rules.play_scoring
        if scoring is PlayScoring.BERGEN:
            ends = Counter(v for v, _ in faces)
            return sum(halves for v, halves in faces if ends[v] > 1)
        count = sum(v * halves for v, halves in faces)
        if count <= 0 or scoring is PlayScoring.NONE:
            return 0
        if scoring is PlayScoring.FIVES:
            if count % 5:
                return 0
            return count // 5 if self.rules.play_scale is PlayScale.PER_FIVE else count
        return (count // 3 if count % 3 == 0 else 0) + (count // 5 if count % 5 == 0 else 0)

    def nobody_draws(self, boneyard: tuple[Pair, ...]) -> bool:
        rules = self.rules
        return rules.drawing is DrawRule.NONE or len(boneyard) <= rules.boneyard_floor

    def may_draw(self, node: Node) -> bool:
        if self.nobody_draws(node.boneyard):
            return False
        return not (self.rules.drawing is DrawRule.ONE_THEN_PASS and node.drew)

    def stuck(self, node: Node) -> bool:
        """DETECT-1: nobody can play on an open arm and nobody can draw."""
        if not self.nobody_draws(node.boneyard):
            return False
        values = {self.value(node, k) for k in self.open_arms(node)}
        return not any(v in t for hand in node.hands for t in hand for v in values)

    def outcome(self, node: Node, ending: str, domino_seat: int | None) -> Outcome:
        pips = [sum(a + b for a, b in hand) for hand in node.hands]
        if domino_seat is not None:
            side = self.side(domino_seat)
        else:
            totals = [sum(pips[s] for s in team) for team in self.teams]
            lowest = [t for t, n in zip(self.teams, totals, strict=True) if n == min(totals)]
            side = lowest[0] if len(lowest) == 1 else ()
        score = sum(p for seat, p in enumerate(pips) if seat not in side)
        end = [score if seat in side else 0 for seat in range(self.players)]
        total = tuple(e + p for e, p in zip(end, node.points, strict=True))
        origins: list[Origin] = [None] * len(node.arms)
        for sp in node.spinners:
            for k in sp.short:
                origins[k] = None if sp.host is None else (sp.host, sp.index)
        arms = tuple(zip(node.arms, origins, strict=True))
        return ending, tuple(side), total, node.points, arms

    def finish(self, node: Node, ending: str, domino_seat: int | None = None) -> None:
        self.found.leaves.append((node.path, self.outcome(node, ending, domino_seat)))

    # ---------------------------------------------------------------- the walk
    def run(self) -> Walk:
        hands = tuple(tuple(parse_pair(t) for t in hand) for hand in self.table.hands)
        boneyard = tuple(parse_pair(t) for t in self.table.boneyard)
        rules = self.rules
        if rules.opening is Opening.SEAT_ANY_TILE:
            seat = rules.opening_seat
            leads = sorted(hands[seat], key=tile_order)
        else:
            assert rules.opening in (Opening.HIGHEST_DOUBLE, Opening.LOWEST_DOUBLE)
            seat, tile = self.double_else_heaviest(hands)
            leads = [tile]
        for tile in leads:
            self.lead(hands, boneyard, seat, tile)
        return self.found

    def double_else_heaviest(self, hands: tuple[tuple[Pair, ...], ...]) -> tuple[int, Pair]:
        """BLOCK-3 (the highest double) or LEAD-6 (the lowest) leads; else LEAD-1."""
        doubles = range(self.table.max_pip, -1, -1)
        if self.rules.opening is Opening.LOWEST_DOUBLE:
            doubles = range(self.table.max_pip + 1)
        for d in doubles:
            for seat, hand in enumerate(hands):
                if (d, d) in hand:
                    return seat, (d, d)
        tiles = [t for hand in hands for t in hand]
        heaviest = max(tiles, key=lambda t: (t[0] + t[1], t[1]))
        return next(s for s, hand in enumerate(hands) if heaviest in hand), heaviest

    def lead(
        self,
        hands: tuple[tuple[Pair, ...], ...],
        boneyard: tuple[Pair, ...],
        seat: int,
        tile: Pair,
    ) -> None:
        lo, hi = tile
        arms: tuple[tuple[Pair, ...], ...] = ((), ())
        roots: tuple[int, ...] = (lo, hi)
        spinners: tuple[Spinner, ...] = ()
        if lo == hi and self.spins(True, 0):
            arms = ((), (), (), ())
            roots = (lo, hi, lo, lo)
            spinners = (Spinner(None, -1, (2, 3)),)
        new_hands = list(hands)
        new_hands[seat] = tuple(t for t in hands[seat] if t != tile)
        node = Node(
            hands=tuple(new_hands),
            boneyard=boneyard,
            lead=tile,
            arms=arms,
            roots=roots,
            spinners=spinners,
            seat=seat,
            passes=0,
            drew=False,
            points=(0,) * self.players,
            path=(),
        )
        self.after_play(node, seat, f"{seat}:{pair_text(tile)}")

    def after_play(self, node: Node, seat: int, token: str) -> None:
        """Score the play ``seat`` just made (``node`` holds its tile), then go on."""
        got = self.scored(node)
        points = node.points
        if got:
            side = self.side(seat)
            points = tuple(p + got if s in side else p for s, p in enumerate(points))
            token += f"+{got}"
        node = node.but(
            seat=(seat + 1) % self.players,
            passes=0,
            drew=False,
            points=points,
            path=(*node.path, token),
        )
        if not node.hands[seat]:
            self.finish(node, "DOMINO", seat)
        elif self.rules.block_detection is BlockDetection.IMMEDIATE and self.stuck(node):
            self.finish(node, "BLOCKED")
        else:
            self.turn(node)

    def turn(self, node: Node) -> None:
        seat = node.seat
        arms = self.open_arms(node)
        self.found.inner.append((node.path, tuple((k, self.value(node, k)) for k in arms)))
        plays = [
            (t, k)
            for t in sorted(node.hands[seat], key=tile_order)
            for k in arms
            if self.value(node, k) in t
        ]
        for tile, k in plays:
            self.play(node, tile, k)
        may_draw = self.may_draw(node)
        if may_draw and (not plays or self.rules.voluntary_draw):
            self.draw(node)
        elif not plays and not may_draw:
            self.pass_(node)

    def play(self, node: Node, tile: Pair, k: int) -> None:
        seat = node.seat
        v = self.value(node, k)
        other = tile[1] if tile[0] == v else tile[0]
        arms = list(node.arms)
        arms[k] = (*arms[k], (v, other))
        roots = node.roots
        spinners = node.spinners
        if tile[0] == tile[1] and self.spins(False, len(spinners)):
            n = len(arms)
            arms += [(), ()]
            roots = (*roots, tile[0], tile[0])
            spinners = (*spinners, Spinner(k, len(arms[k]) - 1, (n, n + 1)))
        hands = list(node.hands)
        hands[seat] = tuple(t for t in hands[seat] if t != tile)
        laid = node.but(hands=tuple(hands), arms=tuple(arms), roots=roots, spinners=spinners)
        self.after_play(laid, seat, f"{seat}:{pair_text(tile)}:{arm_token(k)}")

    def draw(self, node: Node) -> None:
        seat = node.seat
        tile = node.boneyard[0]
        hands = list(node.hands)
        hands[seat] = (*hands[seat], tile)
        drawn = node.but(
            hands=tuple(hands),
            boneyard=node.boneyard[1:],
            drew=True,
            path=(*node.path, f"{seat}:draw {pair_text(tile)}"),
        )
        if self.rules.block_detection is BlockDetection.IMMEDIATE and self.stuck(drawn):
            self.finish(drawn, "BLOCKED")
        else:
            self.turn(drawn)

    def pass_(self, node: Node) -> None:
        seat = node.seat
        passes = node.passes + 1 if self.nobody_draws(node.boneyard) else node.passes
        passed = node.but(
            seat=(seat + 1) % self.players,
            passes=passes,
            drew=False,
            path=(*node.path, f"{seat}:pass"),
        )
        if passes == self.players:
            self.finish(passed, "BLOCKED")
        else:
            self.turn(passed)


# --------------------------------------------------------------------------- engine walk
def token(step: Step) -> str:
    move = step.move
    if isinstance(move, Play):
        text = f"{step.seat}:{move.tile.low}-{move.tile.high}"
        if move.end is not None:
            text += f":{move.end.token}"
        return text + (f"+{step.points}" if step.points else "")
    assert step.points == 0, "only a play scores"
    if isinstance(move, Draw):
        assert move.tile is not None
        return f"{step.seat}:draw {move.tile.low}-{move.tile.high}"
    assert isinstance(move, Pass)
    return f"{step.seat}:pass"


def engine_walk(rules: Ruleset, table: Table) -> Walk:
    found = Walk([], [])
    zeros = (0,) * rules.players

    def visit(state: HandState) -> None:
        moves = state.legal_moves()
        path = tuple(token(step) for step in state.history)
        if not state.is_over:
            assert moves, "no legal move before the end of the hand"
            if not state.layout.is_empty:
                ends = tuple((int(end), v) for end, v in state.layout.open_ends)
                found.inner.append((path, ends))
            for move in moves:
                visit(state.apply(move))
            return
        assert moves == ()
        result = state.result
        assert result is not None
        play = result.play_points or zeros
        assert play == state.play_points
        assert result.points == tuple(e + p for e, p in zip(result.end_points, play, strict=True))
        arms = tuple(
            (arm.tiles, None if arm.origin is None else (int(arm.origin[0]), arm.origin[1]))
            for arm in state.layout.arms
        )
        found.leaves.append((path, (result.ending.name, result.winners, result.points, play, arms)))

    visit(HandState.start(rules, table.deal))
    return found


# --------------------------------------------------------------------------- the grid
DETECTIONS = {False: BlockDetection.VERIFICATION_ROUND, True: BlockDetection.IMMEDIATE}
"""The block detection, by whether it is immediate (DETECT-1)."""


def ruleset(
    table: Table,
    *,
    spinner: SpinnerRule = SpinnerRule.FIRST_DOUBLE,
    fill: SpinnerFill = SpinnerFill.LONG_SIDES_FIRST,
    scoring: PlayScoring = PlayScoring.FIVES,
    drawing: DrawRule = DrawRule.NONE,
    immediate: bool = False,
    **options: Any,
) -> Ruleset:
    return Ruleset(
        max_pip=table.max_pip,
        players=len(table.hands),
        hand_size=len(table.hands[0]),
        drawing=drawing,
        spinner=spinner,
        spinner_fill=fill,
        play_scoring=scoring,
        block_detection=DETECTIONS[immediate],
        **options,
    )


SPINNERS = (SpinnerRule.FIRST_DOUBLE, SpinnerRule.EVERY_DOUBLE, SpinnerRule.LEAD_DOUBLE)
SCORINGS = (PlayScoring.FIVES, PlayScoring.FIVES_AND_THREES, PlayScoring.NONE)
GAMES = (DrawRule.NONE, DrawRule.UNTIL_PLAYABLE)


def grid(fill: SpinnerFill) -> list[Any]:
    """Every deal x spinner rule x Block/Draw under ``fill``; the play scoring and the
    block detection rotate along the grid, so that each deal meets every pair of them."""
    out = []
    i_fill = list(SpinnerFill).index(fill)
    for name, (i_sp, spinner), (i_game, drawing) in itertools.product(
        TABLES, enumerate(SPINNERS), enumerate(GAMES)
    ):
        turn = i_sp + i_fill + 3 * i_game
        scoring = SCORINGS[turn % 3]
        immediate = turn % 2 == 1
        case_id = "/".join(
            (
                name,
                spinner.name,
                "draw" if drawing is DrawRule.UNTIL_PLAYABLE else "block",
                scoring.name,
                "immediate" if immediate else "round",
            )
        )
        options: dict[str, Any] = {"spinner": spinner, "fill": fill, "scoring": scoring}
        options |= {"drawing": drawing, "immediate": immediate}
        out.append(pytest.param(name, options, id=case_id))
    return out


def check_walks(name: str, options: dict[str, Any]) -> Walk:
    """Walk the tree of deal ``name`` under the ruleset ``options`` describe, both ways,
    and check that they agree; the engine's walk is returned."""
    table = TABLES[name]
    rules = ruleset(table, **options)
    engine = engine_walk(rules, table)
    brute = BruteForce(rules, table).run()
    assert engine.leaves, "no complete sequence"
    # the same nodes with the same open ends, in the same (documented) move order
    assert engine.inner == brute.inner
    # the same sequences, the same points per move, the same outcomes and final arms
    assert engine.leaves == brute.leaves
    assert len({path for path, _ in engine.leaves}) == len(engine.leaves)
    if rules.drawing is DrawRule.NONE:
        assert not any("draw" in tok for path, _ in engine.leaves for tok in path)
    if rules.play_scoring is PlayScoring.NONE:
        assert not any("+" in tok for path, _ in engine.leaves for tok in path)
    if rules.block_detection is BlockDetection.IMMEDIATE:
        assert not any(path[-1].endswith("pass") for path, _ in engine.leaves)
    return engine


@pytest.mark.parametrize(("name", "options"), grid(SpinnerFill.LONG_SIDES_FIRST))
def test_spin_2_golden_counts_long_sides_first(name: str, options: dict[str, Any]) -> None:
    check_walks(name, options)


@pytest.mark.parametrize(("name", "options"), grid(SpinnerFill.ALL_FOUR_FIRST))
def test_spin_3_golden_counts_all_four_first(name: str, options: dict[str, Any]) -> None:
    check_walks(name, options)


@pytest.mark.parametrize(("name", "options"), grid(SpinnerFill.ONE_TILE_EACH_SIDE))
def test_spin_4_golden_counts_one_tile_each_side(name: str, options: dict[str, Any]) -> None:
    check_walks(name, options)


VARIANTS: dict[str, tuple[str, dict[str, Any]]] = {
    # PLAY-2: one point per five
    "per-five": (
        "d3-lead-3-3-h4",
        {"spinner": SpinnerRule.EVERY_DOUBLE, "play_scale": PlayScale.PER_FIVE},
    ),
    "per-five-draw": (
        "d4-later-spinners",
        {"drawing": DrawRule.UNTIL_PLAYABLE, "play_scale": PlayScale.PER_FIVE},
    ),
    # a line that scores on play: no spinner, the arms engine all the same
    "no-spinner-fives": ("d3-lead-2-2", {"spinner": SpinnerRule.NONE}),
    "no-spinner-threes-draw": (
        "d3-no-double",
        {
            "spinner": SpinnerRule.NONE,
            "scoring": PlayScoring.FIVES_AND_THREES,
            "drawing": DrawRule.UNTIL_PLAYABLE,
        },
    ),
    # LEAD-3: seat 1 leads any tile, a double or not
    "any-tile-first-double": (
        "d3-lead-3-3",
        {"opening": Opening.SEAT_ANY_TILE, "opening_seat": 1, "drawing": DrawRule.UNTIL_PLAYABLE},
    ),
    "any-tile-every-double-all-four": (
        "d3-lead-2-2",
        {
            "opening": Opening.SEAT_ANY_TILE,
            "spinner": SpinnerRule.EVERY_DOUBLE,
            "fill": SpinnerFill.ALL_FOUR_FIRST,
            "scoring": PlayScoring.FIVES_AND_THREES,
            "immediate": True,
        },
    ),
    "any-tile-lead-double-one-tile": (
        "d3-lead-3-3-h4",
        {
            "opening": Opening.SEAT_ANY_TILE,
            "spinner": SpinnerRule.LEAD_DOUBLE,
            "fill": SpinnerFill.ONE_TILE_EACH_SIDE,
            "drawing": DrawRule.UNTIL_PLAYABLE,
        },
    ),
    # DRAWING-1 to DRAWING-3 with arms
    "one-then-pass": (
        "d3-no-double",
        {"spinner": SpinnerRule.EVERY_DOUBLE, "drawing": DrawRule.ONE_THEN_PASS},
    ),
    "one-then-pass-immediate": (
        "d3-lead-3-3",
        {
            "fill": SpinnerFill.ALL_FOUR_FIRST,
            "drawing": DrawRule.ONE_THEN_PASS,
            "immediate": True,
        },
    ),
    "voluntary-draw-above-a-floor": (
        "d3-no-double",
        {"drawing": DrawRule.UNTIL_PLAYABLE, "voluntary_draw": True, "boneyard_floor": 2},
    ),
    "boneyard-floor": (
        "d3-no-double",
        {
            "spinner": SpinnerRule.EVERY_DOUBLE,
            "fill": SpinnerFill.ONE_TILE_EACH_SIDE,
            "drawing": DrawRule.UNTIL_PLAYABLE,
            "boneyard_floor": 2,
            "scoring": PlayScoring.FIVES_AND_THREES,
        },
    ),
    # COUNT-4: US Sniff's count, a spinner led and spinners laid on the arms
    "exposed-halves": ("d3-lead-3-3-h4", {"spinner_count": SpinnerCount.EXPOSED_HALVES}),
    "exposed-halves-every-double-draw": (
        "d4-later-spinners",
        {
            "spinner": SpinnerRule.EVERY_DOUBLE,
            "spinner_count": SpinnerCount.EXPOSED_HALVES,
            "drawing": DrawRule.UNTIL_PLAYABLE,
            "scoring": PlayScoring.FIVES_AND_THREES,
        },
    ),
    "exposed-halves-all-four": (
        "d3-no-double",
        {
            "spinner": SpinnerRule.EVERY_DOUBLE,
            "fill": SpinnerFill.ALL_FOUR_FIRST,
            "spinner_count": SpinnerCount.EXPOSED_HALVES,
            "drawing": DrawRule.UNTIL_PLAYABLE,
        },
    ),
    # COUNT-5: a spinner counts once
    "once": (
        "d3-lead-3-3",
        {"spinner_count": SpinnerCount.ONCE, "scoring": PlayScoring.FIVES_AND_THREES},
    ),
    "once-every-double-one-tile": (
        "d3-lead-3-3-h4",
        {
            "spinner": SpinnerRule.EVERY_DOUBLE,
            "fill": SpinnerFill.ONE_TILE_EACH_SIDE,
            "spinner_count": SpinnerCount.ONCE,
        },
    ),
    # COUNT-6: a double at an end counts one half, on a line and with spinners
    "double-end-weight-1-line": (
        "d3-lead-2-2",
        {
            "spinner": SpinnerRule.NONE,
            "double_end_weight": 1,
            "scoring": PlayScoring.FIVES_AND_THREES,
            "drawing": DrawRule.UNTIL_PLAYABLE,
        },
    ),
    "double-end-weight-1-first-double": (
        "d4-later-spinners",
        {"double_end_weight": 1, "scoring": PlayScoring.FIVES_AND_THREES},
    ),
    # HEADER-1: Bergen on a line (LEAD-6: the lowest double leads), Double Bergen
    "bergen": (
        "d3-lead-3-3-h4",
        {
            "spinner": SpinnerRule.NONE,
            "scoring": PlayScoring.BERGEN,
            "opening": Opening.LOWEST_DOUBLE,
            "drawing": DrawRule.UNTIL_PLAYABLE,
        },
    ),
    "bergen-draw-floor": (
        "d4-later-spinners",
        {
            "spinner": SpinnerRule.NONE,
            "scoring": PlayScoring.BERGEN,
            "opening": Opening.LOWEST_DOUBLE,
            "drawing": DrawRule.UNTIL_PLAYABLE,
            "boneyard_floor": 2,
        },
    ),
    "double-bergen": (
        "d4-later-spinners",
        {
            "spinner": SpinnerRule.LEAD_DOUBLE,
            "fill": SpinnerFill.ALL_FOUR_FIRST,
            "scoring": PlayScoring.BERGEN,
            "drawing": DrawRule.UNTIL_PLAYABLE,
        },
    ),
    "bergen-every-double-exposed": (
        "d3-lead-3-3-h4",
        {
            "spinner": SpinnerRule.EVERY_DOUBLE,
            "scoring": PlayScoring.BERGEN,
            "spinner_count": SpinnerCount.EXPOSED_HALVES,
            "double_end_weight": 1,
        },
    ),
}


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_play_1_to_3_golden_counts_with_other_options(variant: str) -> None:
    name, options = VARIANTS[variant]
    check_walks(name, options)


# --------------------------------------------------------------------------- hard-coded
@dataclass(frozen=True)
class Golden:
    """A deal, a ruleset and its golden numbers."""

    table: str
    options: dict[str, Any]
    sequences: int
    domino: int
    blocked: int
    drawn: int
    """Blocked sequences with equal lowest totals (no winner)."""
    play_points: int
    """The play points of every sequence, summed over seats and sequences."""
    results: dict[tuple[str, tuple[int, ...]], int]
    """How many sequences end each way, with these points per seat."""


GOLDEN: dict[str, Golden] = {
    # 3-3 leads and spins (All Fives): every sequence ends in a domino
    "d3-lead-3-3/FIRST_DOUBLE/LONG_SIDES_FIRST/block/FIVES": Golden(
        "d3-lead-3-3",
        {},
        sequences=44,
        domino=44,
        blocked=0,
        drawn=0,
        play_points=20,
        results={
            ("DOMINO", (0, 1)): 12,
            ("DOMINO", (0, 3)): 8,
            ("DOMINO", (0, 8)): 4,
            ("DOMINO", (3, 0)): 6,
            ("DOMINO", (4, 0)): 8,
            ("DOMINO", (5, 0)): 6,
        },
    ),
    # SPIN-3: the four sides of 3-3 take the 3s, the last empty side blocks the hand at
    # once, with equal totals (drawn); 3-3 alone counts 6, two points of fives and threes
    "d3-lead-3-3-h4/FIRST_DOUBLE/ALL_FOUR_FIRST/block/FIVES_AND_THREES/immediate": Golden(
        "d3-lead-3-3-h4",
        {
            "fill": SpinnerFill.ALL_FOUR_FIRST,
            "scoring": PlayScoring.FIVES_AND_THREES,
            "immediate": True,
        },
        sequences=48,
        domino=0,
        blocked=48,
        drawn=48,
        play_points=192,
        results={("BLOCKED", (2, 1)): 24, ("BLOCKED", (2, 3)): 24},
    ),
    # no double dealt: 2-3 leads, the doubles drawn from the boneyard spin on the arms
    "d3-no-double/EVERY_DOUBLE/ALL_FOUR_FIRST/draw/FIVES_AND_THREES/immediate": Golden(
        "d3-no-double",
        {
            "spinner": SpinnerRule.EVERY_DOUBLE,
            "fill": SpinnerFill.ALL_FOUR_FIRST,
            "scoring": PlayScoring.FIVES_AND_THREES,
            "drawing": DrawRule.UNTIL_PLAYABLE,
            "immediate": True,
        },
        sequences=30,
        domino=30,
        blocked=0,
        drawn=0,
        play_points=100,
        results={
            ("DOMINO", (2, 16)): 6,
            ("DOMINO", (4, 0)): 2,
            ("DOMINO", (4, 2)): 2,
            ("DOMINO", (4, 12)): 2,
            ("DOMINO", (4, 14)): 4,
            ("DOMINO", (5, 1)): 5,
            ("DOMINO", (5, 2)): 1,
            ("DOMINO", (6, 0)): 1,
            ("DOMINO", (6, 1)): 1,
            ("DOMINO", (12, 1)): 2,
            ("DOMINO", (13, 1)): 4,
        },
    ),
    # double-4, 3-3 leads: dominoes and blocks through the verification round
    "d4-later-spinners/FIRST_DOUBLE/LONG_SIDES_FIRST/block/FIVES": Golden(
        "d4-later-spinners",
        {},
        sequences=40,
        domino=32,
        blocked=8,
        drawn=0,
        play_points=600,
        results={
            ("BLOCKED", (10, 2)): 4,
            ("BLOCKED", (10, 7)): 4,
            ("DOMINO", (10, 3)): 4,
            ("DOMINO", (10, 7)): 12,
            ("DOMINO", (10, 8)): 8,
            ("DOMINO", (10, 12)): 8,
        },
    ),
    # COUNT-4: the doubles drawn from the boneyard spin on the arms, all four sides first,
    # and go on counting their halves after their long sides are covered
    "d3-no-double/EVERY_DOUBLE/ALL_FOUR_FIRST/draw/FIVES/exposed_halves": Golden(
        "d3-no-double",
        {
            "spinner": SpinnerRule.EVERY_DOUBLE,
            "fill": SpinnerFill.ALL_FOUR_FIRST,
            "spinner_count": SpinnerCount.EXPOSED_HALVES,
            "drawing": DrawRule.UNTIL_PLAYABLE,
        },
        sequences=30,
        domino=30,
        blocked=0,
        drawn=0,
        play_points=160,
        results={
            ("DOMINO", (5, 12)): 6,
            ("DOMINO", (5, 16)): 6,
            ("DOMINO", (7, 0)): 6,
            ("DOMINO", (8, 0)): 4,
            ("DOMINO", (8, 5)): 2,
            ("DOMINO", (16, 0)): 6,
        },
    ),
    # HEADER-1 on a line, LEAD-6: 3-3 is the only double dealt, so it leads (2 points)
    "d3-lead-3-3/NONE/block/BERGEN/lowest_double": Golden(
        "d3-lead-3-3",
        {
            "spinner": SpinnerRule.NONE,
            "scoring": PlayScoring.BERGEN,
            "opening": Opening.LOWEST_DOUBLE,
        },
        sequences=40,
        domino=36,
        blocked=4,
        drawn=0,
        play_points=168,
        results={
            ("BLOCKED", (5, 2)): 2,
            ("BLOCKED", (7, 2)): 2,
            ("DOMINO", (2, 4)): 8,
            ("DOMINO", (2, 6)): 8,
            ("DOMINO", (5, 0)): 2,
            ("DOMINO", (5, 2)): 4,
            ("DOMINO", (7, 0)): 2,
            ("DOMINO", (7, 2)): 4,
            ("DOMINO", (8, 0)): 8,
        },
    ),
}


def summary(walk: Walk) -> tuple[int, int, int, int, int, dict[tuple[str, tuple[int, ...]], int]]:
    leaves = walk.leaves
    endings = Counter(outcome[0] for _, outcome in leaves)
    drawn = sum(1 for _, outcome in leaves if not outcome[1])
    play = sum(sum(outcome[3]) for _, outcome in leaves)
    results = Counter((outcome[0], outcome[2]) for _, outcome in leaves)
    return len(leaves), endings["DOMINO"], endings["BLOCKED"], drawn, play, dict(results)


@pytest.mark.parametrize("name", list(GOLDEN))
def test_golden_literals(name: str) -> None:
    case = GOLDEN[name]
    engine = check_walks(case.table, case.options)
    assert summary(engine) == (
        case.sequences,
        case.domino,
        case.blocked,
        case.drawn,
        case.play_points,
        case.results,
    )


# --------------------------------------------------------------------------- examples
DEAL_3_3 = Deal(
    hands=[["3-3", "0-1", "1-2"], ["0-3", "2-3", "1-3"]], boneyard=["0-0", "1-1", "0-2", "2-2"]
)


def play(tile: str, end: End | None = None) -> Play:
    return Play(tile=Tile.parse(tile), end=end)


def refused(state: HandState, move: Play) -> IllegalMoveReason:
    with pytest.raises(IllegalMoveError) as info:
        state.apply(move)
    assert not state.is_legal(move)
    return info.value.reason


def test_spin_2_short_sides_wait_for_both_long_sides() -> None:
    rules = Ruleset.block(players=2, max_pip=3, hand_size=3, spinner=SpinnerRule.FIRST_DOUBLE)
    state = HandState.start(rules, DEAL_3_3).apply(play("3-3"))
    assert [arm.end for arm in state.layout.arms] == [End.LEFT, End.RIGHT, End.UP, End.DOWN]
    assert state.layout.open_ends == ((End.LEFT, 3), (End.RIGHT, 3))
    assert refused(state, play("0-3", End.UP)) is IllegalMoveReason.END_NOT_OPEN
    assert refused(state, play("0-3", End(4))) is IllegalMoveReason.NO_SUCH_ARM
    assert refused(state, play("0-1", End.LEFT)) is IllegalMoveReason.TILE_NOT_IN_HAND
    assert refused(state, play("0-3")) is IllegalMoveReason.NO_SUCH_END
    state = state.apply(play("0-3", End.LEFT))
    assert refused(state, play("1-2", End.LEFT)) is IllegalMoveReason.DOES_NOT_MATCH
    assert state.legal_moves() == (play("0-1", End.LEFT),)


def test_spin_3_only_the_empty_sides_take_tiles() -> None:
    rules = Ruleset.block(
        players=2,
        max_pip=3,
        hand_size=3,
        spinner=SpinnerRule.FIRST_DOUBLE,
        spinner_fill=SpinnerFill.ALL_FOUR_FIRST,
    )
    state = HandState.start(rules, DEAL_3_3).apply(play("3-3"))
    assert [end for end, _ in state.layout.open_ends] == [End.LEFT, End.RIGHT, End.UP, End.DOWN]
    state = state.apply(play("0-3", End.LEFT))
    assert state.layout.open_ends == ((End.RIGHT, 3), (End.UP, 3), (End.DOWN, 3))
    # 0-1 fits LEFT, but LEFT has its tile while three sides are empty
    assert refused(state, play("0-1", End.LEFT)) is IllegalMoveReason.END_NOT_OPEN
    assert state.legal_moves() == (Pass(),)


def test_spin_4_a_short_side_closes_after_one_tile() -> None:
    rules = Ruleset.block(
        players=2,
        max_pip=4,
        hand_size=4,
        spinner=SpinnerRule.FIRST_DOUBLE,
        spinner_fill=SpinnerFill.ONE_TILE_EACH_SIDE,
        play_scoring=PlayScoring.FIVES,
    )
    deal = Deal(
        hands=[["3-3", "0-3", "1-3", "0-4"], ["2-3", "3-4", "1-4", "0-0"]],
        boneyard=["0-1", "0-2", "1-1", "1-2", "2-2", "2-4", "4-4"],
    )
    state = HandState.start(rules, deal)
    for move in (play("3-3"), play("2-3", End.LEFT), play("0-3", End.RIGHT)):
        state = state.apply(move)
    assert state.layout.open_ends == ((End.LEFT, 2), (End.RIGHT, 0), (End.UP, 3), (End.DOWN, 3))
    state = state.apply(play("3-4", End.UP))
    assert state.layout.open_ends == ((End.LEFT, 2), (End.RIGHT, 0), (End.DOWN, 3))
    assert refused(state, play("0-4", End.UP)) is IllegalMoveReason.END_NOT_OPEN
    state = state.apply(play("1-3", End.DOWN))
    assert state.layout.open_ends == ((End.LEFT, 2), (End.RIGHT, 0))
    assert refused(state, play("1-4", End.DOWN)) is IllegalMoveReason.END_NOT_OPEN
    assert state.legal_moves() == (play("0-0", End.RIGHT),)
    # the closed sides still count: 2 + 0 + 4 + 1 = 7, no multiple of 5
    assert state.play_points == (0, 0)
    state = state.apply(play("0-0", End.RIGHT))  # 2 + 0 + 4 + 1 = 7 again
    assert state.play_points == (0, 0)
    assert [len(arm.tiles) for arm in state.layout.arms] == [1, 2, 1, 1]


def test_a_play_given_as_a_token_applies_as_the_play() -> None:
    rules = Ruleset.block(players=2, max_pip=3, hand_size=3, spinner=SpinnerRule.FIRST_DOUBLE)
    state = HandState.start(rules, DEAL_3_3).apply(play("3-3"))
    by_move = state.apply(play("0-3", End.LEFT))
    assert len(by_move.layout) == 2
    by_token = state.apply("0-3:L")  # arms L:- R:-, the 0-3 gone from the table
    assert len(by_token.layout) == 2
    assert by_token == by_move
