"""Perft counts (`dominoes.perft`, docs/perft.md) against independent brute forces.

The counts of the engine's walk (`perft`, `divide`, `tree`) are checked against game trees
walked by models of the rules that share no code with the engine, written from the rules
pages: the line games' brute force of ``test_golden.py`` (double-3 and double-4, Block and
Draw), the spinner brute force of ``test_spinner_golden.py`` (all-fives and
fives-and-threes rules) and the train reference model ``train_reference.py`` (Mexican
Train). From a brute force's complete sequences the count at depth *n* is the number of
distinct first *n* moves of the sequences that have *n* moves or more: every position of
the tree lies on a complete sequence, and each sequence of moves is one position.

Then the small tables of docs/perft.md are recomputed (``scripts/perft.py --check-docs
--quick``), so the page cannot drift from the code, and its whole trees of small sets are
walked again by those models: for Block, Draw and Mexican Train the whole table (hands,
positions, longest, endings, points), for all-fives, fives-and-threes and bergen the shape
of the tree (the spinner brute force scores hands only under the default scoring).
"""

from __future__ import annotations

import contextlib
import importlib
import sys
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

import pytest
import test_golden as line_golden
import test_spinner_golden as spinner_golden
import train_reference as ref

from dominoes import (
    ArgumentTypeError,
    ArgumentValueError,
    Deal,
    DrawRule,
    Ending,
    HandState,
    PlayScoring,
    Ruleset,
    SpinnerRule,
)
from dominoes.notation import format_move
from dominoes.perft import Tree, divide, perft, tree
from paths import DOCS, SCRIPTS


def depth_counts(paths: Iterable[Sequence[str]]) -> list[int]:
    """The perft counts at depths 0, 1, ... of a tree given by its complete sequences."""
    paths = list(paths)
    longest = max(len(p) for p in paths)
    return [len({tuple(p[:n]) for p in paths if len(p) >= n}) for n in range(longest + 2)]


def check_counts(state: HandState, paths: list[Sequence[str]], points: Counter[Any]) -> Tree:
    """The engine's counts from ``state`` equal the brute force's (``paths``: its complete
    sequences, ``points``: how many score each points per seat)."""
    expected = depth_counts(paths)
    assert expected[-1] == 0
    assert [perft(state, n) for n in range(len(expected))] == expected
    whole = tree(state)
    assert whole.leaves == len(paths) == sum(points.values())
    assert whole.nodes == sum(expected)
    assert whole.longest == len(expected) - 2
    assert dict(whole.points) == points
    assert whole.totals == tuple(
        sum(p[seat] * n for p, n in points.items()) for seat in range(state.rules.players)
    )
    assert sum(n for _, n in whole.endings) == whole.leaves
    return whole


# --------------------------------------------------------------------------- line games
LINE_CASES = [
    name
    for name, case in line_golden.CASES.items()
    if case.max_pip == 3 or name in ("d4-2p-h5-block", "d4-2p-h5-draw", "d4-4p-pairs-draw")
]


@pytest.mark.parametrize("name", LINE_CASES)
def test_perft_line_games_match_the_brute_force(name: str) -> None:
    case = line_golden.CASES[name]
    found = line_golden.BruteForce(case).run()
    state = HandState.start(
        line_golden.ruleset_of(case), Deal(hands=case.hands, boneyard=case.boneyard)
    )
    whole = check_counts(
        state, [path for path, _ in found], Counter(outcome[2] for path, outcome in found)
    )
    endings = Counter(outcome[0] for _, outcome in found)
    assert {e.name: n for e, n in whole.endings} == endings
    assert whole.leaves == case.sequences


# --------------------------------------------------------------------------- spinners
SPINNER_CASES = [
    ("d3-lead-3-3", PlayScoring.FIVES, DrawRule.UNTIL_PLAYABLE),
    ("d3-no-double", PlayScoring.FIVES, DrawRule.UNTIL_PLAYABLE),
    ("d3-lead-3-3-h4", PlayScoring.FIVES_AND_THREES, DrawRule.NONE),
    ("d4-later-spinners", PlayScoring.FIVES_AND_THREES, DrawRule.NONE),
]


@pytest.mark.parametrize(("name", "scoring", "drawing"), SPINNER_CASES)
def test_perft_spinner_games_match_the_brute_force(
    name: str, scoring: PlayScoring, drawing: DrawRule
) -> None:
    table = spinner_golden.TABLES[name]
    rules = spinner_golden.ruleset(table, scoring=scoring, drawing=drawing)
    walk = spinner_golden.BruteForce(rules, table).run()
    state = HandState.start(rules, table.deal)
    whole = check_counts(
        state, [path for path, _ in walk.leaves], Counter(o[2] for _, o in walk.leaves)
    )
    assert {e.name: n for e, n in whole.endings} == Counter(o[0] for _, o in walk.leaves)


# --------------------------------------------------------------------------- trains
TRAIN_DEALS = {
    # (max_pip, hand size, hands, boneyard in draw order): double-3 and double-4, two
    # seats, the engine (the highest double) set aside
    "d3": (3, 3, ["0-3 1-1 1-2", "1-3 0-0 2-2"], "0-1 0-2 2-3"),
    "d4": (4, 4, ["0-4 1-1 1-3 2-2", "2-4 3-3 0-1 1-2"], "0-0 0-2 0-3 1-4 2-3 3-4"),
}


def reference_paths(start: ref.State) -> tuple[list[tuple[str, ...]], Counter[Any]]:
    """The complete sequences of the reference model's tree and the points they score."""
    paths: list[tuple[str, ...]] = []
    points: Counter[Any] = Counter()
    stack: list[tuple[ref.State, tuple[str, ...]]] = [(start, ())]
    while stack:
        s, path = stack.pop()
        end = ref.over(s)
        if end is not None:
            paths.append(path)
            points[end["points"]] += 1
            continue
        stack.extend((ref.apply(s, token), (*path, token)) for token in ref.legal(s))
    return paths, points


@pytest.mark.parametrize("name", list(TRAIN_DEALS))
def test_perft_mexican_train_matches_the_reference(name: str) -> None:
    max_pip, size, hands, bone = TRAIN_DEALS[name]
    rules = Ruleset.preset("mexican-train", max_pip=max_pip, hand_size=size)
    deal = Deal(hands=[h.split() for h in hands], boneyard=bone.split())
    start = ref.start(
        ref.options(rules),
        [[ref.pair(t) for t in h.split()] for h in hands],
        [ref.pair(t) for t in bone.split()],
    )
    paths, penalties = reference_paths(start)
    state = HandState.start(rules, deal)
    expected = depth_counts(paths)
    assert [perft(state, n) for n in range(len(expected))] == expected
    whole = tree(state)
    assert whole.leaves == len(paths)
    # the reference gives each seat's penalty (what its tiles cost); the engine's points
    # are the same under the penalty scoring of Mexican Train
    assert dict(whole.points) == penalties


# --------------------------------------------------------------------------- the API
def small_state(moves: int = 0) -> HandState:
    rules = Ruleset.preset("all-fives", max_pip=4, hand_size=4)
    state = HandState.start(rules, Deal.random(rules, seed=5))
    for _ in range(moves):
        state = state.apply(state.legal_moves()[-1])
    return state


def test_perft_counts_from_a_position_string() -> None:
    for moves in (0, 3, 6):
        state = small_state(moves)
        again = HandState.from_position(state.position(), state.rules)
        assert [perft(again, n) for n in range(6)] == [perft(state, n) for n in range(6)]


def test_divide_splits_the_count_by_first_move() -> None:
    state = small_state(2)
    for depth in (1, 2, 4):
        split = divide(state, depth)
        assert [token for token, _ in split] == [format_move(m) for m in state.legal_moves()]
        assert sum(n for _, n in split) == perft(state, depth)
        assert [n for _, n in split] == [
            perft(state.apply(m), depth - 1) for m in state.legal_moves()
        ]


def test_a_finished_hand() -> None:
    state = small_state()
    while not state.is_over:
        state = state.apply(state.legal_moves()[0])
    assert (perft(state, 0), perft(state, 1), perft(state, 3)) == (1, 0, 0)
    whole = tree(state)
    result = state.result
    assert result is not None
    assert (whole.leaves, whole.nodes, whole.longest) == (1, 1, 0)
    assert whole.endings == ((result.ending, 1),)
    assert whole.points == ((result.points, 1),)
    assert divide(state, 1) == ()


def test_tree_endings_follow_the_enum_order() -> None:
    whole = tree(small_state(4))
    order = list(Ending)
    assert [order.index(e) for e, _ in whole.endings] == sorted(
        order.index(e) for e, _ in whole.endings
    )
    assert all(n > 0 for _, n in whole.endings)
    assert [p for p, _ in whole.points] == sorted(p for p, _ in whole.points)


@pytest.mark.parametrize(
    ("call", "error", "argument"),
    [
        (lambda: perft("d3 ...", 2), ArgumentTypeError, "state"),  # type: ignore[arg-type]
        (lambda: perft(small_state(), 2.0), ArgumentTypeError, "depth"),  # type: ignore[arg-type]
        (lambda: perft(small_state(), True), ArgumentTypeError, "depth"),
        (lambda: perft(small_state(), -1), ArgumentValueError, "depth"),
        (lambda: divide(small_state(), 0), ArgumentValueError, "depth"),
        (lambda: tree(None), ArgumentTypeError, "state"),  # type: ignore[arg-type]
    ],
)
def test_perft_refuses_bad_arguments(call: Any, error: type[Exception], argument: str) -> None:
    with pytest.raises(error, match=argument):
        call()


# --------------------------------------------------------------------------- the page
@contextlib.contextmanager
def perft_script() -> Iterator[Any]:
    """scripts/perft.py as a module."""
    sys.path.insert(0, str(SCRIPTS))
    try:
        yield importlib.import_module("perft")
    finally:
        sys.path.remove(str(SCRIPTS))


def test_the_page_small_counts_hold() -> None:
    with perft_script() as script:
        tables = script.read_page((DOCS / "perft.md").read_text())
        problems = [p for table in tables for p in script.check_table(table, quick=True)]
    assert problems == []
    # the set is the first field of the position string: d3, d4, d6...
    whole = {(t.args.preset, t.args.position.split()[0]) for t in tables if t.args.full}
    depth = {t.args.preset for t in tables if not t.args.full}
    families = {
        "block",
        "draw",
        "all-fives",
        "fives-and-threes",
        "sebastopol",
        "bergen",
        "dominican",
        "mexican-train",
        "chicken-foot",
    }
    assert families <= depth
    assert {(f, s) for f in families for s in ("d3", "d4")} <= whole
    assert all(t.counts for t in tables if not t.args.full)


def test_the_script_divides(capsys: pytest.CaptureFixture[str]) -> None:
    with perft_script() as script:
        argv = ["--preset", "block", "--set", "max_pip=3", "--set", "hand_size=3"]
        assert script.main([*argv, "--seed", "2", "--depth", "4", "--divide"]) == 0
        out = capsys.readouterr().out
        assert "| 3-3 | 8 |" in out
        assert "| total | 8 |" in out
        after = ["--moves", "3-3", "--depth", "3", "--divide"]
        assert script.main([*argv, "--seed", "2", *after]) == 0
        assert capsys.readouterr().out.endswith("| total | 8 |\n")
        assert script.main([*argv, "--position", "d3 nonsense", "--depth", "2"]) == 2


def brute_whole(state: HandState) -> tuple[list[Any], Counter[Any], Counter[str]]:
    """(complete sequences, hands by points per seat, hands by ending value) of the tree
    from the start of a deal, walked by the independent model of ``state``'s game."""
    rules = state.rules
    hands = tuple(tuple(str(t) for t in hand) for hand in state.hands)
    boneyard = tuple(str(t) for t in state.boneyard)
    if rules.trains:
        start = ref.start(
            ref.options(rules),
            [[ref.pair(t) for t in hand] for hand in hands],
            [ref.pair(t) for t in boneyard],
        )
        paths, points = reference_paths(start)
        return paths, points, reference_endings(start)
    if rules.spinner is not SpinnerRule.NONE or rules.play_scoring is not PlayScoring.NONE:
        table = spinner_golden.Table(rules.max_pip, hands, boneyard)
        leaves: list[tuple[Sequence[str], tuple[Any, ...]]] = list(
            spinner_golden.BruteForce(rules, table).run().leaves
        )
    else:
        case = line_golden.Golden(  # the golden numbers are not read
            rules.max_pip,
            rules.players,
            hands,
            boneyard,
            rules.drawing is DrawRule.UNTIL_PLAYABLE,
            rules.partnership,
            0,
            0,
            0,
            0,
        )
        leaves = list(line_golden.BruteForce(case).run())
    return (
        [path for path, _ in leaves],
        Counter(outcome[2] for _, outcome in leaves),
        Counter(str(outcome[0]).lower() for _, outcome in leaves),
    )


def reference_endings(start: ref.State) -> Counter[str]:
    endings: Counter[str] = Counter()
    stack = [start]
    while stack:
        s = stack.pop()
        end = ref.over(s)
        if end is None:
            stack.extend(ref.apply(s, token) for token in ref.legal(s))
        else:
            endings[end["ending"]] += 1
    return endings


MODELLED = {"block": True, "draw": True, "mexican-train": True}
"""The presets whose whole trees an independent model walks, and whether it scores them
too (the spinner brute force plays the moves of these presets but scores hands only under
the default scoring, not their rounding to fives)."""
MODELLED |= dict.fromkeys(("all-fives", "fives-and-threes", "bergen"), False)


def test_the_page_whole_trees_match_the_brute_forces() -> None:
    checked = set()
    with perft_script() as script:
        for table in script.read_page((DOCS / "perft.md").read_text()):
            scored = MODELLED.get(table.args.preset)
            if not table.args.full or scored is None:
                continue
            state = script.state_of(table.args)
            # the models walk from the start of a deal
            assert state == HandState.start(
                state.rules, Deal(hands=state.hands, boneyard=state.boneyard)
            )
            found = brute_whole(state)
            paths, points, endings = found
            counts = depth_counts(paths)
            summary = Tree(
                leaves=len(paths),
                nodes=sum(counts),
                longest=len(counts) - 2,
                endings=tuple((e, endings[e.value]) for e in Ending if endings[e.value]),
                points=tuple(sorted(points.items())),
                totals=tuple(
                    sum(p[seat] * n for p, n in points.items())
                    for seat in range(state.rules.players)
                ),
            )
            rows = (*script.tree_rows(summary), *script.points_rows(summary))
            if scored:
                assert rows == table.whole
            else:  # the shape of the tree: hands, positions, longest, endings
                assert rows[2].split("|")[:5] == table.whole[2].split("|")[:5]
            checked.add((table.args.preset, table.args.position.split()[0]))
    assert {(preset, s) for preset in MODELLED for s in ("d3", "d4")} <= checked
