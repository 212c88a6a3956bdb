"""Property tests of layouts with arms: invariants of whole hands under random spinner
rulesets and random play (docs/rules/spinner.md).

The rulesets (:func:`spinner_rulesets`) are those played by the engine of layouts with
arms: any spinner rule, or none with scoring on play; any fill, play scoring and scale;
double-3 to double-6, 2 to 4 seats (partnership too), Block or Draw (either drawing
rule, voluntary draws, a floor), every opening rule, immediate block detection or the
verification round. Hands are dealt by ``Deal.random(rules, seed=...)`` and played by
Hypothesis-drawn indices into ``legal_moves()`` (:func:`strategies.play_variant_hand`,
strict mode: no fault is attempted).

What the rules say (the tiles on the table, which arms are open, what a play scores,
how the hand ends and scores) is recomputed here from the public layout and the
ruleset, independently of the engine.
"""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from hypothesis import given, settings

from dominoes import (
    DRAW,
    PASS,
    BlockDetection,
    Draw,
    DrawRule,
    End,
    Ending,
    HandState,
    IllegalMoveError,
    IllegalMoveReason,
    Pass,
    Play,
    PlayScale,
    PlayScoring,
    Ruleset,
    SpinnerCount,
    SpinnerFill,
    SpinnerRule,
    Tile,
)
from dominoes.layout import Arm, Layout
from dominoes.scoring import play_points
from strategies import SETTINGS, VariantHand, hand_bound, spinner_hands

R = IllegalMoveReason

SPINNER_SETTINGS = settings(SETTINGS, max_examples=80)
"""Deterministic and modest: every test plays whole hands and looks at every state."""


# --------------------------------------------------------------------------- helpers
def shows(tile: Tile, value: int) -> bool:
    return value in (tile.low, tile.high)


def lead_of(layout: Layout) -> tuple[int, int]:
    """The lead tile as laid (low half left): the tile of the line between the arms."""
    return layout.line[len(layout.arms[0].tiles)]


def root_of(layout: Layout, k: int) -> int:
    """The number arm ``k`` grows from: the lead's half for LEFT and RIGHT, the double
    of the spinner it grows from for a short side."""
    arm = layout.arms[k]
    lo, hi = lead_of(layout)
    if k < 2:
        return (lo, hi)[k]
    if arm.origin is None:
        assert lo == hi, f"arm {arm.end.name} grows from a lead that is no double"
        return lo
    host, index = arm.origin
    a, b = layout.arms[host].tiles[index]
    assert a == b, f"arm {arm.end.name} grows from a tile that is no double"
    return a


def spinners_of(layout: Layout) -> list[tuple[tuple[End, int] | None, tuple[int, int]]]:
    """Every spinner: (its origin, as its short sides name it; its two short arms). (A
    Chicken Foot root with six toes, FOOT-1, has four arms more, A4 to A7, that grow
    from the lead too: the lead is one spinner still.)"""
    arms = layout.arms
    return [
        (arms[k].origin, (k, k + 1))
        for k in range(2, len(arms), 2)
        if k == 2 or arms[k].origin is not None
    ]


def long_sides_carry(layout: Layout, origin: tuple[End, int] | None) -> bool:
    """Whether both long sides of the spinner at ``origin`` carry a tile (SPIN-2)."""
    arms = layout.arms
    if origin is None:
        return bool(arms[0].tiles) and bool(arms[1].tiles)
    host, index = origin
    return len(arms[host].tiles) > index + 1


def expected_open(rules: Ruleset, layout: Layout) -> list[int]:
    """The arms open now, from SPIN-2 to SPIN-4 and the tiles on the layout."""
    arms = layout.arms
    fill = rules.spinner_fill
    if fill in (SpinnerFill.ALL_FOUR_FIRST, SpinnerFill.TOES_FIRST):
        # SPIN-3 and Chicken Foot's toes (FOOT-1, FOOT-2): the empty sides first
        six = fill is SpinnerFill.TOES_FIRST and rules.root_toes == 6
        empty: set[int] = set()
        unused: set[int] = set()
        for origin, short in spinners_of(layout):
            toes: tuple[int, ...] = short
            if origin is None:
                empty.update(k for k in (0, 1) if not arms[k].tiles)
                if six:  # FOOT-1: the toes A4 to A7 beside the long sides; U, D unused
                    toes = (4, 5, 6, 7)
                    unused = {2, 3}
            elif len(arms[origin[0]].tiles) == origin[1] + 1:
                empty.add(origin[0])
            empty.update(k for k in toes if not arms[k].tiles)
        if fill is SpinnerFill.TOES_FIRST and rules.toe_release:
            # FOOT-3: a toe whose number has every tile on the table no longer holds
            on_table = Counter(v for t in layout.tiles for v in {t.low, t.high})
            empty = {k for k in empty if on_table[arms[k].value] <= rules.max_pip}
        return sorted(empty) if empty else [k for k in range(len(arms)) if k not in unused]
    out = [0, 1]
    for origin, short in spinners_of(layout):
        if long_sides_carry(layout, origin):
            out.extend(
                k for k in short if not (fill is SpinnerFill.ONE_TILE_EACH_SIDE and arms[k].tiles)
            )
    return sorted(out)


def end_count(layout: Layout) -> int:
    """The end count (COUNT-1 to COUNT-3), from the tiles on the layout: every arm with a
    tile counts its end (a double both halves); an empty LEFT or RIGHT the lead's half
    (both halves of a double), a double lead alone once; an empty short side nothing.
    (A short side behind its gate is empty, so it counts nothing either.)"""
    lo, hi = lead_of(layout)
    double = lo == hi
    arms = layout.arms
    if double and not arms[0].tiles and not arms[1].tiles:
        total = 2 * lo
    else:
        total = sum((2 if double else 1) * (lo, hi)[k] for k in (0, 1) if not arms[k].tiles)
    for arm in arms:
        if arm.tiles:
            a, b = arm.tiles[-1]
            total += 2 * b if a == b else b
    return total


def shown_halves(layout: Layout, rules: Ruleset) -> list[tuple[int, int]]:
    """Per end that shows something, (value, halves), read from the rules' text:
    COUNT-1 (a tile's outer half; a double that is no spinner `double_end_weight`
    halves, COUNT-6), COUNT-2/4/5 (a spinner by its covered sides), COUNT-3 (the lone
    lead one half at each end; a lone spinner counted ONCE one half in all)."""
    arms = layout.arms
    lo, hi = lead_of(layout)
    weight = rules.double_end_weight
    spinners = spinners_of(layout)
    if not any(arm.tiles for arm in arms):
        if spinners and rules.spinner_count is SpinnerCount.ONCE:
            return [(lo, 1)]
        return [(lo, 1), (hi, 1)]
    out: list[tuple[int, int]] = []
    spinner_ends: set[int] = set()
    for origin, (u, d) in spinners:
        if origin is None:
            value = lo
            sides = [bool(arms[0].tiles), bool(arms[1].tiles)]
        else:
            host, index = origin
            value = arms[host].tiles[index][0]
            sides = [True, len(arms[host].tiles) > index + 1]
            if len(arms[host].tiles) == index + 1:
                spinner_ends.add(host)
        long_covered = all(sides)
        sides += [bool(arms[u].tiles), bool(arms[d].tiles)]
        covered = sum(sides)
        if rules.spinner_count is SpinnerCount.EXPOSED_HALVES:
            halves = {0: 2, 1: 2, 2: 2, 3: 1, 4: 0}[covered]
        elif rules.spinner_count is SpinnerCount.ONCE:
            halves = 0 if long_covered else 1
        else:
            halves = 0 if long_covered else 2
        if halves:
            out.append((value, halves))
    lead_spins = any(origin is None for origin, _ in spinners)
    for k, arm in enumerate(arms):
        if arm.tiles and k not in spinner_ends:
            a, b = arm.tiles[-1]
            out.append((b, weight if a == b else 1))
        elif not arm.tiles and k < 2 and not lead_spins:
            out.append(((lo, hi)[k], weight if lo == hi else 1))
    return out


def expected_play_points(layout: Layout, rules: Ruleset) -> int:
    """PLAY-1 to PLAY-3 from the count of `shown_halves`, or HEADER-1: every number at
    two ends or more scores its halves."""
    shown = shown_halves(layout, rules)
    if rules.play_scoring is PlayScoring.BERGEN:
        ends = Counter(v for v, _ in shown)
        return sum(h for v, h in shown if ends[v] >= 2)
    return play_points(rules, sum(v * h for v, h in shown))


def drew_this_turn(state: HandState) -> bool:
    history = state.history
    return bool(history) and history[-1].seat == state.turn and isinstance(history[-1].move, Draw)


def may_draw(state: HandState) -> bool:
    rules = state.rules
    if rules.drawing is DrawRule.NONE or len(state.boneyard) <= rules.boneyard_floor:
        return False
    return not (rules.drawing is DrawRule.ONE_THEN_PASS and drew_this_turn(state))


def plays_of(state: HandState, seat: int) -> list[Play]:
    """Every play of ``seat`` on the open arms, by tile index then arm."""
    ends = state.layout.open_ends
    return [
        Play(tile=t, end=end)
        for t in sorted(state.hand(seat), key=lambda t: t.index)
        for end, value in ends
        if shows(t, value)
    ]


def stuck(state: HandState) -> bool:
    """DETECT-1: no seat can play on an open arm and nobody can draw."""
    rules = state.rules
    if rules.drawing is not DrawRule.NONE and len(state.boneyard) > rules.boneyard_floor:
        return False
    return not any(plays_of(state, seat) for seat in range(rules.players))


def check_unchanged(state: HandState, twin: HandState) -> None:
    assert state == twin
    assert hash(state) == hash(twin)
    assert state.history == twin.history
    assert state.legal_moves() == twin.legal_moves()
    assert state.layout == twin.layout
    assert state.play_points == twin.play_points


def replayed(hand: VariantHand) -> list[HandState]:
    """Every state of the hand again, from a fresh start."""
    twins = [HandState.start(hand.rules, hand.deal)]
    for move in hand.moves:
        twins.append(twins[-1].apply(move))
    return twins


# --------------------------------------------------------------------------- conservation
@SPINNER_SETTINGS
@given(hand=spinner_hands())
def test_tiles_are_conserved_after_every_move(hand: VariantHand) -> None:
    rules = hand.rules
    whole = Counter(rules.tile_set.tiles)
    for state in hand.states:
        layout = state.layout
        count: Counter[Tile] = Counter()
        for h in state.hands:
            count.update(h)
        count.update(state.boneyard)
        count.update(layout.tiles)
        assert count == whole, "a tile is lost or held twice"
        held = sum(len(h) for h in state.hands)
        assert len(layout) == len(layout.tiles) == len(whole) - held - len(state.boneyard)
        laid = sum(1 for step in state.history if isinstance(step.move, Play))
        assert len(layout) == laid
        assert len(state.boneyard) >= rules.boneyard_floor


# --------------------------------------------------------------------------- legal moves
@SPINNER_SETTINGS
@given(hand=spinner_hands())
def test_legal_moves_follow_the_open_arms_and_all_apply(hand: VariantHand) -> None:
    """After the lead: exactly the plays of the mover's tiles on the open arms (by tile
    index, then arm), a draw beside them only when voluntary, else a draw or a pass;
    every listed move is legal, applies, and applies the same from its token."""
    rules = hand.rules
    for state in hand.states:
        legal = state.legal_moves()
        assert bool(legal) != state.is_over
        assert len(set(legal)) == len(legal)
        if not state.layout.is_empty and not state.is_over:
            plays = plays_of(state, state.turn)
            if plays:
                extra = [DRAW] if rules.voluntary_draw and may_draw(state) else []
                assert list(legal) == plays + extra
            else:
                assert legal == ((DRAW,) if may_draw(state) else (PASS,))
        for move in legal:
            assert state.is_legal(move), f"{move!r} listed but is_legal says no"
            state.check(move)
            child = state.apply(move)
            assert child.history[:-1] == state.history
            assert child.history[-1].seat == state.turn
            assert child.history[-1].move == move or isinstance(move, Draw)


# --------------------------------------------------------------------------- illegal moves
def illegal_plays(state: HandState) -> list[tuple[Play, set[IllegalMoveReason]]]:
    """Plays that break a rule after the lead, with the reasons they may be refused for:
    a tile of the hand on an open arm it does not fit, on an arm that is not open
    (waiting behind its gate, closed, or held back by SPIN-3), on an arm the layout does
    not have, or with no arm; a tile the mover does not hold on an open arm it fits."""
    layout = state.layout
    hand = state.hand(state.turn)
    out: list[tuple[Play, set[IllegalMoveReason]]] = []
    for tile in hand[:3]:
        for end, value in layout.open_ends:
            if not shows(tile, value):
                out.append((Play(tile=tile, end=end), {R.DOES_NOT_MATCH}))
                break
        for arm in layout.arms:
            if not arm.is_open:
                out.append((Play(tile=tile, end=arm.end), {R.END_NOT_OPEN}))
        out.append((Play(tile=tile, end=End(len(layout.arms))), {R.NO_SUCH_ARM}))
        out.append((Play(tile=tile), {R.NO_SUCH_END}))
    others = [t for t in state.rules.tile_set.tiles if t not in hand]
    for tile in others[:4]:
        for end, value in layout.open_ends:
            if shows(tile, value):
                out.append((Play(tile=tile, end=end), {R.TILE_NOT_IN_HAND}))
                break
    return out


@SPINNER_SETTINGS
@given(hand=spinner_hands())
def test_illegal_plays_are_refused_and_change_nothing(hand: VariantHand) -> None:
    twins = replayed(hand)
    tried = 0
    for state, twin in zip(hand.states, twins, strict=True):
        if state.layout.is_empty or state.is_over:
            continue
        for move, reasons in illegal_plays(state):
            assert not state.is_legal(move)
            assert not state.is_legal(str(move)) or move.end is None
            for attempt in (state.apply, state.check):
                with pytest.raises(IllegalMoveError) as info:
                    attempt(move)
                assert info.value.reason in reasons, (move, info.value.reason, reasons)
                assert info.value.state is state
            tried += 1
        check_unchanged(state, twin)
    if len(hand.states) > 2:
        assert tried, "no illegal play was tried"


# --------------------------------------------------------------------------- the layout
@SPINNER_SETTINGS
@given(hand=spinner_hands())
def test_the_arms_chain_from_what_they_grow_on(hand: VariantHand) -> None:
    """Each arm's pairs connect: the first pair's ``a`` is the number it grows from, each
    ``b`` the next ``a``; its value is its last ``b``, or that number while it is empty;
    the line runs from the end of LEFT through the lead to the end of RIGHT."""
    for state in hand.states:
        layout = state.layout
        if layout.is_empty:
            assert layout.arms == ()
            continue
        arms = layout.arms
        assert len(arms) >= 2
        assert len(arms) % 2 == 0, "short sides come in pairs"
        for k, arm in enumerate(arms):
            assert isinstance(arm, Arm)
            assert arm.end == End(k)
            root = root_of(layout, k)
            pairs = arm.tiles
            if pairs:
                assert pairs[0][0] == root, f"arm {arm.end.name} does not touch its root"
                for (_, b), (a, _) in itertools.pairwise(pairs):
                    assert b == a, f"arm {arm.end.name} breaks: {pairs}"
            assert arm.value == (pairs[-1][1] if pairs else root)
            assert layout.end(arm.end) == arm.value
            if k >= 2:
                twin = arms[k ^ 1]
                assert arm.origin == twin.origin, "the two short sides of a spinner"
                if arm.origin is not None:
                    assert arm.origin[0] < k
        lead = lead_of(layout)
        assert lead[0] <= lead[1]
        left = tuple((b, a) for a, b in reversed(arms[0].tiles))
        assert layout.line == (*left, lead, *arms[1].tiles)
        line = layout.line
        assert all(line[i][1] == line[i + 1][0] for i in range(len(line) - 1))
        assert len(layout) == len(line) + sum(len(arm.tiles) for arm in arms[2:])
        assert layout.open_ends == tuple((arm.end, arm.value) for arm in arms if arm.is_open)
        assert layout.ends == tuple(v for _, v in layout.open_ends)


@SPINNER_SETTINGS
@given(hand=spinner_hands())
def test_spin_1_to_4_spinners_and_open_arms(hand: VariantHand) -> None:
    """Which doubles spin (SPIN-1) and which arms are open (SPIN-2 to SPIN-4), read from
    the layout; once the hand is over no arm is open."""
    rules = hand.rules
    for state in hand.states:
        layout = state.layout
        if layout.is_empty:
            continue
        arms = layout.arms
        lo, hi = lead_of(layout)
        doubles = sum(1 for t in layout.tiles if t.is_double)
        spinners = len(spinners_of(layout))
        kind = rules.spinner
        if kind is SpinnerRule.NONE:
            assert spinners == 0
        elif kind is SpinnerRule.LEAD_DOUBLE:
            assert spinners == (1 if lo == hi else 0)
        elif kind is SpinnerRule.FIRST_DOUBLE:
            assert spinners == min(doubles, 1)
        else:
            assert spinners == doubles
        if spinners and lo == hi:
            assert arms[2].origin is None, "a double lead that spins is the first spinner"
        if rules.spinner_fill is SpinnerFill.ONE_TILE_EACH_SIDE:
            assert all(len(arm.tiles) <= 1 for arm in arms[2:])
        if state.is_over:
            assert not any(arm.is_open for arm in arms)
        else:
            is_open = [k for k, arm in enumerate(arms) if arm.is_open]
            assert is_open == expected_open(rules, layout)


# --------------------------------------------------------------------------- play points
@SPINNER_SETTINGS
@given(hand=spinner_hands())
def test_play_points_follow_the_end_count(hand: VariantHand) -> None:
    """PLAY-1 to PLAY-3 and HEADER-1: each play scores ``play_points(rules, count)`` for
    the end count after it under COUNT-1 to COUNT-6 (which `Layout.end_count` gives;
    `Layout.count` the default count), or its headers, for the mover's side; nothing
    else scores;
    the steps add up to ``play_points`` per seat at every state."""
    rules = hand.rules
    for state, move, after in zip(hand.states, hand.moves, hand.states[1:], strict=False):
        step = after.history[-1]
        assert step.seat == state.turn
        assert step.points >= 0
        if not after.layout.is_empty:
            assert after.layout.count == end_count(after.layout)
            count = sum(v * h for v, h in shown_halves(after.layout, rules))
            assert after.layout.end_count(rules) == count
        if isinstance(move, Play):
            assert step.points == expected_play_points(after.layout, rules)
            if rules.play_scoring is PlayScoring.FIVES and rules.play_scale is PlayScale.PIPS:
                assert step.points % 5 == 0
        else:
            assert step.points == 0
        if rules.play_scoring is PlayScoring.NONE:
            assert step.points == 0
    for state in hand.states:
        history = state.history
        assert state.play_points == tuple(
            sum(s.points for s in history if s.seat in rules.team_of(seat))
            for seat in range(rules.players)
        )
        assert all(p >= 0 for p in state.play_points)


# --------------------------------------------------------------------------- the end
def expected_end_points(state: HandState) -> tuple[int, ...]:
    """The end-of-hand points under the default scoring (SCORE-1, BLOCK-6, BLOCK-7, a
    tie drawn): the winning side scores its opponents' pips."""
    rules = state.rules
    result = state.result
    assert result is not None
    teams = rules.teams
    totals = [sum(state.pips(s) for s in team) for team in teams]
    if result.ending is Ending.DOMINO:
        assert result.domino_seat is not None
        win = [next(i for i, team in enumerate(teams) if result.domino_seat in team)]
    else:
        win = [i for i, t in enumerate(totals) if t == min(totals)]
        if len(win) > 1:
            win = []
    pool = sum(t for i, t in enumerate(totals) if i not in win)
    return tuple(pool if any(seat in teams[i] for i in win) else 0 for seat in range(rules.players))


@SPINNER_SETTINGS
@given(hand=spinner_hands())
def test_result_points_are_end_points_plus_play_points(hand: VariantHand) -> None:
    """Every hand ends (a domino, or a block through the verification round or at once
    under DETECT-1) within the bound; its points are the end points plus the play
    points, seat by seat."""
    rules = hand.rules
    final = hand.final
    assert final.is_over, "the hand did not end"
    assert len(hand.moves) <= hand_bound(rules)
    result = final.result
    assert result is not None
    n = rules.players
    play = result.play_points or (0,) * n
    assert play == final.play_points
    assert result.points == tuple(e + p for e, p in zip(result.end_points, play, strict=True))
    assert result.end_points == expected_end_points(final)
    assert result.pips == tuple(final.pips(s) for s in range(n))
    last = final.history[-1]
    if result.ending is Ending.DOMINO:
        assert isinstance(last.move, Play)
        assert not final.hand(last.seat)
    else:
        assert result.ending is Ending.BLOCKED
        assert all(final.hand(s) for s in range(n))
        assert stuck(final), "blocked although a seat can play or draw"
        if rules.block_detection is BlockDetection.VERIFICATION_ROUND:
            assert all(isinstance(step.move, Pass) for step in final.history[-n:])
        else:
            assert not isinstance(last.move, Pass)
            for state in hand.states[:-1]:
                if not state.layout.is_empty:
                    assert not stuck(state), f"stuck but not ended: {state!r}"


@SPINNER_SETTINGS
@given(hand=spinner_hands())
def test_move_tokens_apply_as_the_moves(hand: VariantHand) -> None:
    """Every listed move, given as its token (``"1-3:U"``), applies as the move does."""
    for state in hand.states:
        for move in state.legal_moves():
            assert state.apply(str(move)) == state.apply(move), f"{move} as a token differs"
