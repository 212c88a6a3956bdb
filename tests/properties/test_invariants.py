"""Property tests: invariants of whole hands and matches over random rulesets, deals and moves.

Two families of hands, from the two families of strategies in :mod:`strategies`:

* the Block and Draw games (:func:`strategies.hands`): the presets and small direct
  rulesets, deals by seed or by a shrinkable permutation, moves chosen by
  Hypothesis-drawn indices into ``legal_moves()``;
* every option (:func:`strategies.variant_hands`, :func:`strategies.variant_matches`):
  random valid rulesets with every option, hands dealt by ``Deal.random(rules,
  seed=...)`` and played by Hypothesis-drawn indices into ``legal_moves()``; in tolerant
  rulesets the policy also attempts false passes and forbidden draws.

What the rules say (legal moves, refusals and their reasons, faults, the lead, the
verification round, blocks, winners and points, the next leader of a match) is
recomputed here from the ruleset and the position, independently of the engine. A
property checked in both families is two tests, named after the family
(``..._in_block_and_draw_games``, ``..._with_every_option``).

Tests marked ``xfail(strict=True, reason="BUG: ...")`` show engine bugs found by
these properties; each has a minimal reproduction.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from dominoes import (
    DRAW,
    PASS,
    BlockDetection,
    BlockTie,
    BlockWinner,
    Deal,
    DominoesError,
    DominoWinner,
    Draw,
    DrawnLead,
    DrawRule,
    End,
    Ending,
    Fault,
    FaultKind,
    FaultMode,
    FaultPenalty,
    HandResult,
    HandState,
    IllegalMoveError,
    IllegalMoveReason,
    Match,
    Move,
    NextLead,
    NoDoubleRule,
    Opening,
    PartnerPips,
    Pass,
    Phase,
    Play,
    Ruleset,
    RulesetError,
    Scoring,
    Tile,
    VerificationRound,
)
from strategies import (
    SEEDS,
    SETTINGS,
    VARIANT_SETTINGS,
    PlayedHand,
    PlayedMatch,
    VariantHand,
    deals,
    direct_rulesets,
    hand_bound,
    hands,
    move_bound,
    replay,
    rulesets,
    set_size,
    variant_hands,
    variant_matches,
    variant_rulesets,
)

R = IllegalMoveReason
JUNK: tuple[object, ...] = (
    None,
    0,
    "passes",  # a string is read as a move token: these two are not tokens
    "0-0:X",
    Tile(0, 0),
    (),
    [],
    End.LEFT,
    Draw,
    Pass,
    object(),
)
"""Objects that are not moves."""


# --------------------------------------------------------------------------- helpers


def shows(tile: Tile, value: int) -> bool:
    """Whether ``tile`` shows ``value`` on one of its halves."""
    return value in (tile.low, tile.high)


def expected_lead(hands: tuple[tuple[Tile, ...], ...], max_pip: int) -> tuple[int, Tile]:
    """(seat, tile) of the lead: the highest double dealt, else the heaviest tile
    (more pips, then the higher end)."""
    for d in range(max_pip, -1, -1):
        for seat, hand in enumerate(hands):
            if Tile(d, d) in hand:
                return seat, Tile(d, d)
    dealt = [(t, seat) for seat, hand in enumerate(hands) for t in hand]
    tile, seat = max(dealt, key=lambda ts: (ts[0].pips, ts[0].high))
    return seat, tile


def drew_this_turn(state: HandState) -> bool:
    """Whether the seat to move has already drawn this turn (after the lead: the last
    move was its draw, since a draw keeps the turn)."""
    history = state.history
    return bool(history) and history[-1].seat == state.turn and isinstance(history[-1].move, Draw)


def may_draw(state: HandState) -> bool:
    """Whether the rules let the seat to move draw now (after the lead): a drawing
    game, a tile above the floor, and under ONE_THEN_PASS no draw yet this turn."""
    rules = state.rules
    if rules.drawing is DrawRule.NONE or len(state.boneyard) <= rules.boneyard_floor:
        return False
    return not (rules.drawing is DrawRule.ONE_THEN_PASS and drew_this_turn(state))


def plays_of(state: HandState, seat: int) -> set[Move]:
    """Every play of ``seat`` on the open ends (after the lead)."""
    left, right = state.layout.ends
    return {
        Play(tile=t, end=end)
        for t in state.hand(seat)
        for end, value in ((End.LEFT, left), (End.RIGHT, right))
        if shows(t, value)
    }


def expected_legal(state: HandState) -> set[Move]:
    """The legal moves of ``state``, derived from the rules: none once the hand is over;
    at the lead, the highest double dealt, else the heaviest tile (the opening of the
    Block and Draw games: the every-option tests check the lead on their own); after the
    lead, the plays, plus a draw under DRAWING-2 (voluntary); else a draw if allowed;
    else a pass."""
    if state.is_over:
        return set()
    if state.layout.is_empty:
        rules = state.rules
        assert rules.opening is Opening.HIGHEST_DOUBLE, "the lead of another opening rule"
        assert rules.no_double is NoDoubleRule.HEAVIEST_TILE, "the lead of another opening rule"
        _, tile = expected_lead(state.hands, rules.max_pip)
        return {Play(tile=tile)}
    plays = plays_of(state, state.turn)
    if plays:
        if state.rules.voluntary_draw and may_draw(state):
            return plays | {DRAW}
        return plays
    return {DRAW} if may_draw(state) else {PASS}


def stuck(state: HandState) -> bool:
    """No seat can play and nobody can draw (rule DETECT-1), after the lead."""
    rules = state.rules
    if rules.drawing is not DrawRule.NONE and len(state.boneyard) > rules.boneyard_floor:
        return False
    return not any(plays_of(state, seat) for seat in range(rules.players))


def expected_fault(state: HandState, move: object) -> FaultKind | None:
    """The fault a tolerant engine must accept ``move`` as, or ``None`` (legal or refused).

    After the lead, a pass that is not legal is a false pass; a draw (of the next
    tile) while the player can play, may draw and voluntary drawing is off is a
    forbidden draw. At the lead and in strict mode nothing is a fault.
    """
    rules = state.rules
    if rules.faults is FaultMode.STRICT or state.is_over or state.layout.is_empty:
        return None
    legal = expected_legal(state)
    if isinstance(move, Pass):
        return None if PASS in legal else FaultKind.FALSE_PASS
    if isinstance(move, Draw):
        if DRAW in legal or not may_draw(state) or not plays_of(state, state.turn):
            return None
        if move.tile is not None and move.tile != state.boneyard[0]:
            return None
        return FaultKind.FORBIDDEN_DRAW
    return None


def truthful_reasons(state: HandState, move: object) -> set[IllegalMoveReason]:
    """Every reason that is true of ``move`` in ``state`` (empty: the move is legal), in
    the Block and Draw games."""
    out: set[IllegalMoveReason] = set()
    if type(move) not in (Play, Draw, Pass):
        out.add(R.NOT_A_MOVE)
    if state.is_over:
        out.add(R.HAND_OVER)
    if out:
        return out
    legal = expected_legal(state)
    hand = state.hand(state.turn)
    lead = state.layout.is_empty
    if isinstance(move, Play):
        if move.tile not in hand:
            out.add(R.TILE_NOT_IN_HAND)
        if lead:
            if move.end is not None:
                out.add(R.MUST_LEAD)
            if Play(tile=move.tile) not in legal:
                out.add(R.WRONG_LEAD)
        elif move.end is None:
            out.add(R.NO_SUCH_END)
        elif not shows(move.tile, state.layout.end(move.end)):
            out.add(R.DOES_NOT_MATCH)
        return out
    if lead:
        out.add(R.MUST_LEAD)
    if any(isinstance(m, Play) for m in legal):
        out.add(R.MUST_PLAY)
    if isinstance(move, Draw):
        if state.rules.drawing is DrawRule.NONE or not state.boneyard:
            out.add(R.CANNOT_DRAW)
        if move.tile is not None and state.boneyard and move.tile != state.boneyard[0]:
            out.add(R.WRONG_DRAW_TILE)
    elif Draw() in legal:
        out.add(R.MUST_DRAW)
    return out


def tile_count(state: HandState) -> Counter[Tile]:
    """Every tile of the hands, the layout and the boneyard, with multiplicity."""
    count: Counter[Tile] = Counter()
    for hand in state.hands:
        count.update(hand)
    count.update(state.layout.tiles)
    count.update(state.boneyard)
    return count


def trailing_passes(state: HandState) -> int:
    """How many passes end the history."""
    n = 0
    for step in reversed(state.history):
        if not isinstance(step.move, Pass):
            break
        n += 1
    return n


def last_play_seat(state: HandState) -> int | None:
    """The seat that laid the last tile, or ``None`` before the lead."""
    for step in reversed(state.history):
        if isinstance(step.move, Play):
            return step.seat
    return None


def leader_of(state: HandState) -> int:
    """The seat that laid the first tile of the hand."""
    for step in state.history:
        if isinstance(step.move, Play):
            return step.seat
    raise AssertionError("no tile laid")


def round_completed(state: HandState) -> bool:
    """Whether the history ends with a complete verification round: ``players``
    passes in a row made with nothing left to draw (rules VERIFY-1 to VERIFY-3)."""
    rules = state.rules
    n = rules.players
    tail = state.history[-n:]
    if len(tail) < n or not all(isinstance(step.move, Pass) for step in tail):
        return False
    return rules.drawing is DrawRule.NONE or len(state.boneyard) <= rules.boneyard_floor


def side_of(rules: Ruleset, seat: int) -> int:
    """The index in ``rules.teams`` of ``seat``'s side."""
    return next(i for i, team in enumerate(rules.teams) if seat in team)


def check_conservation(state: HandState) -> None:
    """Tiles and pips are conserved; the layout is a well-formed line; the floor is never
    crossed."""
    rules = state.rules
    assert tile_count(state) == Counter(rules.tile_set.tiles)
    held = sum(state.pips(seat) for seat in range(rules.players))
    assert held == sum(t.pips for hand in state.hands for t in hand)
    laid = sum(t.pips for t in state.layout.tiles)
    assert held + laid + sum(t.pips for t in state.boneyard) == rules.tile_set.total_pips
    assert state.hand_sizes == tuple(len(hand) for hand in state.hands)
    line = state.layout.line
    assert all(line[i][1] == line[i + 1][0] for i in range(len(line) - 1))
    assert state.layout.ends == ((line[0][0], line[-1][1]) if line else ())
    assert len(state.boneyard) >= rules.boneyard_floor


def candidate_moves(state: HandState) -> Iterator[object]:
    """Every play of every tile of the set (and of two outside it) on every end and as a
    lead, draws, passes, draws naming tiles (the next one, the last one, one outside the
    set) and objects that are not moves (:data:`JUNK`)."""
    outside = state.rules.max_pip + 1
    for tile in (*state.rules.tile_set.tiles, Tile(outside, outside), Tile(0, outside)):
        for end in (None, End.LEFT, End.RIGHT):
            yield Play(tile=tile, end=end)
    yield Draw()
    yield Pass()
    if state.boneyard:
        yield Draw(state.boneyard[0])
        yield Draw(state.boneyard[-1])
    yield Draw(Tile(outside, outside))
    yield from JUNK


def is_legal_here(state: HandState, move: object) -> bool:
    """Whether ``move`` is legal according to ``legal_moves()`` (``Draw(tile)`` is
    legal when ``Draw()`` is and ``tile`` is the next one)."""
    legal = state.legal_moves()
    if isinstance(move, Draw) and move.tile is not None:
        return DRAW in legal and move.tile == state.boneyard[0]
    return move in legal


# --------------------------------------------------------------------------- conservation


@SETTINGS
@given(hand=hands())
def test_tiles_and_pips_are_conserved_at_every_step(hand: PlayedHand) -> None:
    for state in hand.states:
        check_conservation(state)


@VARIANT_SETTINGS
@given(hand=variant_hands())
def test_tiles_and_pips_are_conserved_and_the_floor_holds(hand: VariantHand) -> None:
    rules = hand.rules
    assert len(hand.states[0].boneyard) == len(rules.tile_set) - rules.players * rules.hand_size
    for before, after in zip(hand.states, hand.states[1:], strict=False):
        check_conservation(after)
        if len(after.boneyard) < len(before.boneyard):
            # a draw takes exactly the next tile and never goes below the floor
            assert after.boneyard == before.boneyard[1:]
            assert len(after.boneyard) >= rules.boneyard_floor
            assert rules.drawing is not DrawRule.NONE
    check_conservation(hand.states[0])


# --------------------------------------------------------------------------- legal moves


@SETTINGS
@given(hand=hands())
def test_legal_moves_follow_the_rules_and_all_apply_in_block_and_draw_games(
    hand: PlayedHand,
) -> None:
    """Every state, the lead included: exactly the expected moves, in the documented
    order, each leading to a distinct position."""
    for state in hand.states:
        legal = state.legal_moves()
        assert len(set(legal)) == len(legal), "legal_moves() lists a move twice"
        assert set(legal) == expected_legal(state)
        # documented order: plays by canonical tile index, left end before right end
        plays = [(m.tile.index, m.end) for m in legal if isinstance(m, Play) and m.end is not None]
        assert plays == sorted(plays)
        assert bool(legal) != state.is_over
        children = [state.apply(move) for move in legal]
        # distinct moves lead to distinct positions
        assert len(set(children)) == len(children)
        for move, child in zip(legal, children, strict=True):
            assert state.is_legal(move)
            assert len(child.history) == len(state.history) + 1
            assert child.history[-1].seat == state.turn


@VARIANT_SETTINGS
@given(hand=variant_hands())
def test_legal_moves_follow_the_rules_and_all_apply_with_every_option(hand: VariantHand) -> None:
    """Every state: only the moves the options allow (a draw beside plays only when
    voluntary, a pass alone), exactly the expected ones after the lead."""
    rules = hand.rules
    for state in hand.states:
        legal = state.legal_moves()
        assert bool(legal) != state.is_over, "legal_moves() empty before the end"
        assert len(set(legal)) == len(legal)
        plays = [m for m in legal if isinstance(m, Play)]
        if DRAW in legal:
            assert rules.drawing is not DrawRule.NONE
            assert len(state.boneyard) > rules.boneyard_floor
            if plays:
                assert rules.voluntary_draw, "a draw offered alongside plays"
        if PASS in legal:
            assert legal == (PASS,), "a pass offered alongside other moves"
        assert all(isinstance(m, Play | Draw | Pass) for m in legal)
        if not state.layout.is_empty and not state.is_over:
            assert set(legal) == expected_legal(state)
        for move in legal:
            assert state.is_legal(move), f"{move!r} listed but is_legal says no"
            child = state.apply(move)
            assert child.history[:-1] == state.history
            assert child.history[-1].seat == state.turn
            assert child.faults == state.faults


@VARIANT_SETTINGS
@given(hand=variant_hands(variant_rulesets(drawing=DrawRule.ONE_THEN_PASS)))
def test_one_then_pass_draws_at_most_one_tile_per_turn(hand: VariantHand) -> None:
    history = hand.final.history
    # a turn is a run of consecutive moves by one seat
    run_seat, run_draws = -1, 0
    for step in history:
        if step.seat != run_seat:
            run_seat, run_draws = step.seat, 0
        if isinstance(step.move, Draw):
            run_draws += 1
            assert run_draws <= 1, f"seat {step.seat} drew twice in one turn: {history}"
    # a pass after a draw in the same turn is how a turn with an unplayable draw ends
    for state in hand.states:
        if not state.is_over and drew_this_turn(state) and not state.layout.is_empty:
            assert DRAW not in state.legal_moves()


@VARIANT_SETTINGS
@given(hand=variant_hands(variant_rulesets(drawing=DrawRule.UNTIL_PLAYABLE)))
def test_until_playable_draws_until_a_tile_fits(hand: VariantHand) -> None:
    rules = hand.rules
    for state, move, after in zip(hand.states, hand.moves, hand.states[1:], strict=False):
        if state.layout.is_empty or not isinstance(move, Pass) or after.faults != state.faults:
            continue
        # a legal pass: nothing to play and nothing left above the floor
        assert not plays_of(state, state.turn)
        assert len(state.boneyard) <= rules.boneyard_floor


# --------------------------------------------------------------------------- illegal moves


@settings(SETTINGS, max_examples=100)
@given(hand=hands())
def test_is_legal_agrees_with_legal_moves_and_illegal_moves_are_refused(
    hand: PlayedHand,
) -> None:
    twins = replay(hand.rules, hand.deal, hand.indices)
    for state, twin in zip(hand.states, twins, strict=True):
        legal = state.legal_moves()
        for move in candidate_moves(state):
            reasons = truthful_reasons(state, move)
            if isinstance(move, Draw) and move.tile is not None:
                # Draw(tile) is legal exactly when Draw() is and tile is the next one
                assert state.is_legal(move) == (Draw() in legal and not reasons)
            else:
                assert state.is_legal(move) == (move in legal)
            if state.is_legal(move):
                assert not reasons
                # an equal, freshly built move does what the listed one does
                listed = legal[legal.index(Draw() if isinstance(move, Draw) else move)]
                assert state.apply(move) == state.apply(listed)  # type: ignore[arg-type]
                continue
            assert reasons, f"{move!r} refused although no rule forbids it"
            for attempt in (state.apply, state.check):
                with pytest.raises(IllegalMoveError) as info:
                    attempt(move)  # type: ignore[arg-type]
                err = info.value
                assert isinstance(err, ValueError)
                assert isinstance(err, DominoesError)
                assert isinstance(err.reason, IllegalMoveReason)
                assert err.reason in reasons, (move, err.reason, reasons)
                assert err.move is move
                assert err.state is state
        # nothing was changed by the refused moves
        assert state == twin
        assert hash(state) == hash(twin)
        assert state.legal_moves() == twin.legal_moves()
        assert state.history == twin.history


@SETTINGS
@given(hand=hands(), data=st.data())
def test_seat_guard(hand: PlayedHand, data: st.DataObject) -> None:
    n = hand.rules.players
    for state, move, after in zip(hand.states, hand.moves, hand.states[1:], strict=False):
        assert state.apply(move, seat=state.turn) == after
        other = (state.turn + data.draw(st.integers(min_value=1, max_value=n - 1))) % n
        with pytest.raises(IllegalMoveError) as info:
            state.apply(move, seat=other)
        assert info.value.reason is R.NOT_YOUR_TURN
        with pytest.raises(IllegalMoveError):
            state.check(move, seat=other)
    final = hand.final
    for seat in range(n):
        with pytest.raises(IllegalMoveError) as info:
            final.apply(Pass(), seat=seat)
        assert info.value.reason is R.HAND_OVER


@settings(VARIANT_SETTINGS, max_examples=60)
@given(hand=variant_hands())
def test_illegal_moves_are_refused_unless_accepted_as_faults(hand: VariantHand) -> None:
    twins = [HandState.start(hand.rules, hand.deal)]
    for move in hand.moves:
        twins.append(twins[-1].apply(move))
    for state, twin in zip(hand.states, twins, strict=True):
        for candidate in candidate_moves(state):
            if is_legal_here(state, candidate):
                assert state.is_legal(candidate)
                state.apply(candidate)  # type: ignore[arg-type]
                continue
            assert not state.is_legal(candidate)
            fault = expected_fault(state, candidate)
            if fault is not None:
                after = state.apply(candidate)  # type: ignore[arg-type]
                assert after.faults == (
                    *state.faults,
                    Fault(seat=state.turn, kind=fault, move_number=len(state.history)),
                )
                assert after.history[:-1] == state.history
                continue
            with pytest.raises(IllegalMoveError) as info:
                state.apply(candidate)  # type: ignore[arg-type]
            assert info.value.state is state
            assert info.value.move is candidate
            assert isinstance(info.value.reason, IllegalMoveReason)
            with pytest.raises(IllegalMoveError):
                state.check(candidate)
        # nothing was changed by the refused (or accepted) moves
        assert state == twin
        assert hash(state) == hash(twin)
        assert state.history == twin.history
        assert state.faults == twin.faults
        assert state.legal_moves() == twin.legal_moves()


# --------------------------------------------------------------------------- termination


@SETTINGS
@given(hand=hands())
def test_every_hand_terminates(hand: PlayedHand) -> None:
    final = hand.final
    assert final.is_over, f"not over after {len(hand.moves)} moves"
    assert len(hand.moves) <= move_bound(hand.rules)
    assert final.legal_moves() == ()
    assert final.phase is Phase.OVER
    assert final.turn == final.history[-1].seat
    for state in hand.states[:-1]:
        assert not state.is_over
        assert state.result is None


@VARIANT_SETTINGS
@given(hand=variant_hands())
def test_every_hand_terminates_within_the_bound(hand: VariantHand) -> None:
    final = hand.final
    assert final.is_over, f"not over after {len(hand.moves)} moves"
    faults = len(hand.accepted)
    legal_moves_made = len(hand.moves) - faults
    assert legal_moves_made <= hand_bound(hand.rules)
    assert final.phase is Phase.OVER
    assert final.legal_moves() == ()
    assert final.result is not None
    for state in hand.states[:-1]:
        assert not state.is_over
        assert state.result is None


# --------------------------------------------------------------------------- determinism


@SETTINGS
@given(rules=rulesets(), seed=SEEDS)
def test_same_seed_same_deal(rules: Ruleset, seed: int) -> None:
    deal = Deal.random(rules, seed=seed)
    assert deal == Deal.random(rules, seed=seed)
    assert HandState.start(rules, deal) == HandState.start(rules, Deal.random(rules, seed=seed))
    assert len(deal.hands) == rules.players
    assert all(len(h) == rules.hand_size for h in deal.hands)


@SETTINGS
@given(hand=hands())
def test_same_deal_and_move_indices_give_equal_states(hand: PlayedHand) -> None:
    again = replay(
        hand.rules, Deal(hands=hand.deal.hands, boneyard=hand.deal.boneyard), hand.indices
    )
    assert len(again) == len(hand.states)
    for state, twin in zip(hand.states, again, strict=True):
        assert state == twin
        assert hash(state) == hash(twin)
        assert state.history == twin.history
        assert state.result == twin.result
        assert state.layout == twin.layout


@VARIANT_SETTINGS
@given(hand=variant_hands())
def test_same_seed_and_moves_give_the_same_hand(hand: VariantHand) -> None:
    deal = Deal.random(hand.rules, seed=hand.seed)
    assert deal == hand.deal
    state = HandState.start(hand.rules, deal)
    for move, expected in zip(hand.moves, hand.states[1:], strict=True):
        state = state.apply(move)
        assert state == expected
        assert hash(state) == hash(expected)
        assert state.history == expected.history
        assert state.faults == expected.faults
    assert state.result == hand.final.result
    assert state.verification == hand.final.verification


# --------------------------------------------------------------------------- history


@SETTINGS
@given(hand=hands())
def test_history_records_every_move(hand: PlayedHand) -> None:
    n = hand.rules.players
    assert hand.states[0].history == ()
    for i, (before, move, after) in enumerate(
        zip(hand.states, hand.moves, hand.states[1:], strict=False)
    ):
        history = after.history
        assert len(history) == i + 1
        assert history[:-1] == before.history
        step = history[-1]
        assert step.seat == before.turn
        seat = step.seat
        if isinstance(move, Draw):
            assert step.move == Draw(before.boneyard[0])
            assert after.boneyard == before.boneyard[1:]
            assert Counter(after.hand(seat)) == Counter(before.hand(seat)) + Counter(
                [before.boneyard[0]]
            )
            assert after.layout == before.layout
            assert after.turn == seat
            continue
        assert step.move == move
        assert after.boneyard == before.boneyard
        if isinstance(move, Pass):
            assert after.hands == before.hands
            assert after.layout == before.layout
        else:
            assert isinstance(move, Play)
            assert move.tile in before.hand(seat)
            assert move.tile not in after.hand(seat)
            line, old = after.layout.line, before.layout.line
            if move.end is None:
                assert old == ()
                assert line == ((move.tile.low, move.tile.high),)
            elif move.end is End.LEFT:
                assert line[1:] == old
                assert line[0] == (move.tile.other(old[0][0]), old[0][0])
            else:
                assert line[:-1] == old
                assert line[-1] == (old[-1][1], move.tile.other(old[-1][1]))
        expected_turn = seat if after.is_over else (seat + 1) % n
        assert after.turn == expected_turn


@SETTINGS
@given(hand=hands())
def test_phase_and_verification_round_follow_the_passes(hand: PlayedHand) -> None:
    n = hand.rules.players
    for state in hand.states:
        history = state.history
        if state.is_over:
            assert state.phase is Phase.OVER
            continue
        if not history:
            assert state.phase is Phase.LEAD
            assert state.layout.is_empty
            assert state.verification is None
            continue
        assert not state.layout.is_empty
        passes = trailing_passes(state)
        assert passes < n
        if passes == 0:
            assert state.phase is Phase.PLAY
            assert state.verification is None
            continue
        assert state.phase is Phase.VERIFICATION
        proposer = history[-passes].seat
        rnd = state.verification
        assert rnd == VerificationRound(
            proposer=proposer,
            confirmed=tuple((proposer + k) % n for k in range(passes)),
            players=n,
        )
        assert not rnd.complete
        assert rnd.waiting_for == tuple((proposer + k) % n for k in range(passes, n))
        assert state.turn == rnd.waiting_for[0]
        # a round is only opened by a player who can neither play nor draw
        assert not state.boneyard or hand.rules.drawing is DrawRule.NONE


# --------------------------------------------------------------------------- the lead


@SETTINGS
@given(hand=hands())
def test_the_lead_is_the_highest_double_else_the_heaviest_tile(hand: PlayedHand) -> None:
    start = hand.states[0]
    seat, tile = expected_lead(start.hands, hand.rules.max_pip)
    assert start.phase is Phase.LEAD
    assert start.turn == seat
    assert start.legal_moves() == (Play(tile=tile),)
    assert hand.states[1].layout.line == ((tile.low, tile.high),)
    assert hand.states[1].history[0].seat == seat


def heaviest(state: HandState) -> tuple[int, Tile]:
    """(holder, tile) of the heaviest tile held: more pips, then the higher end (LEAD-1)."""
    held = [(t, seat) for seat in range(state.rules.players) for t in state.hand(seat)]
    tile, seat = max(held, key=lambda ts: (ts[0].pips, ts[0].high))
    return seat, tile


def holder(state: HandState, tile: Tile) -> int | None:
    """The seat holding ``tile``, if any."""
    return next((s for s in range(state.rules.players) if tile in state.hand(s)), None)


@pytest.mark.parametrize(
    ("drawing", "no_double"),
    [
        (None, None),
        (DrawRule.UNTIL_PLAYABLE, NoDoubleRule.DRAW_FOR_DOUBLE),
        (DrawRule.ONE_THEN_PASS, NoDoubleRule.DRAW_FOR_DOUBLE),
    ],
)
@pytest.mark.parametrize("opening", Opening)
@settings(VARIANT_SETTINGS, max_examples=60)
@given(data=st.data())
def test_the_lead_follows_the_opening_rule(
    opening: Opening, drawing: DrawRule | None, no_double: NoDoubleRule | None, data: st.DataObject
) -> None:
    strategy = variant_rulesets(opening=opening, drawing=drawing, no_double=no_double)
    hand = data.draw(variant_hands(strategy))
    rules = hand.rules
    start = hand.states[0]
    assert start.phase is Phase.LEAD
    if rules.opening is Opening.SEAT_ANY_TILE:
        assert start.turn == rules.opening_seat
        assert set(start.legal_moves()) == {Play(tile=t) for t in start.hand(start.turn)}
        return
    if rules.opening is Opening.HOLDER_OF_TILE:
        assert rules.opening_tile is not None
        wanted = [rules.opening_tile]
    else:
        wanted = [Tile(d, d) for d in range(rules.max_pip, -1, -1)]
    found = [(holder(start, t), t) for t in wanted if holder(start, t) is not None]
    if found:
        seat, tile = found[0]
        assert start.turn == seat
        assert start.legal_moves() == (Play(tile=tile),)
        assert hand.states[1].layout.line == ((tile.low, tile.high),)
        return
    # LEAD-4: Deal.random reshuffles until the opening tile is dealt
    assert rules.no_double is not NoDoubleRule.REDEAL
    state = start
    if rules.no_double is NoDoubleRule.DRAW_FOR_DOUBLE and len(start.boneyard) > (
        rules.boneyard_floor
    ):
        # LEAD-5: from opening_seat on, each draws one tile until a double appears
        seat = rules.opening_seat
        for after in hand.states[1:]:
            assert state.turn == seat
            assert state.legal_moves() == (DRAW,)
            tile = state.boneyard[0]
            assert after.history[-1].move == Draw(tile)
            assert tile in after.hand(seat)
            state = after
            if tile.is_double:
                assert state.turn == seat
                assert state.legal_moves() == (Play(tile=tile),)
                return
            if len(state.boneyard) <= rules.boneyard_floor:
                break
            seat = (seat + 1) % rules.players
    seat, tile = heaviest(state)
    assert state.phase is Phase.LEAD
    assert state.turn == seat
    assert state.legal_moves() == (Play(tile=tile),)


# --------------------------------------------------------------------------- faults


@VARIANT_SETTINGS
@given(hand=variant_hands())
def test_faults_are_always_recorded(hand: VariantHand) -> None:
    check_faults(hand)


@pytest.mark.parametrize("drawing", [DrawRule.UNTIL_PLAYABLE, DrawRule.ONE_THEN_PASS])
@settings(VARIANT_SETTINGS, max_examples=80)
@given(data=st.data())
def test_faults_are_always_recorded_in_tolerant_drawing_games(
    drawing: DrawRule, data: st.DataObject
) -> None:
    rules = variant_rulesets(faults=FaultMode.TOLERANT, drawing=drawing)
    check_faults(data.draw(variant_hands(rules)))


def check_faults(hand: VariantHand) -> None:
    """Faults are recorded exactly as the policy's accepted attempts, and accepted
    exactly when the rules make them faults; strict hands never have faults."""
    rules = hand.rules
    if rules.faults is FaultMode.STRICT:
        assert hand.attempts == ()
        assert all(state.faults == () for state in hand.states)
        result = hand.final.result
        assert result is not None
        assert result.faults == ()
        assert result.penalties == ()
        assert result.ending in (Ending.DOMINO, Ending.BLOCKED)
        return
    # every attempt is accepted exactly when the rules make it a fault
    for attempt in hand.attempts:
        state = hand.states[attempt.step]
        assert state.turn == attempt.seat
        assert attempt.accepted == (expected_fault(state, attempt.move) is not None), attempt
    expected = tuple(
        Fault(
            seat=a.seat,
            kind=FaultKind.FALSE_PASS if isinstance(a.move, Pass) else FaultKind.FORBIDDEN_DRAW,
            move_number=a.step,
        )
        for a in hand.accepted
    )
    for state in hand.states:
        made = len(state.history)
        assert state.faults == tuple(f for f in expected if f.move_number < made)
    final = hand.final
    result = final.result
    assert result is not None
    assert result.faults == expected == final.faults
    for fault in expected:
        step = final.history[fault.move_number]
        assert step.seat == fault.seat
        kind = Pass if fault.kind is FaultKind.FALSE_PASS else Draw
        assert isinstance(step.move, kind)
    # a fault is never a legal move, and a legal move is never a fault
    for state, after in zip(hand.states, hand.states[1:], strict=False):
        move = after.history[-1].move
        legal = is_legal_here(state, move)
        assert legal == (after.faults == state.faults)


@VARIANT_SETTINGS
@given(
    hand=variant_hands(
        variant_rulesets(faults=FaultMode.TOLERANT, fault_penalty=FaultPenalty.FORFEIT_HAND)
    )
)
def test_forfeit_hand_ends_at_the_first_fault(hand: VariantHand) -> None:
    final = hand.final
    result = final.result
    assert result is not None
    if not hand.accepted:
        assert result.ending in (Ending.DOMINO, Ending.BLOCKED)
        return
    assert len(result.faults) == 1
    fault = result.faults[0]
    assert result.ending is Ending.FORFEIT
    assert fault.move_number == len(final.history) - 1
    assert hand.accepted[-1].step == len(hand.moves) - 1
    assert result.verification is None
    assert final.verification is None
    # FAULT-2: every side without a fault wins and scores fault_points (under penalty
    # scoring the offender's side takes them as penalty points instead)
    rules = hand.rules
    offenders = rules.team_of(fault.seat)
    assert result.winners == tuple(s for s in range(rules.players) if s not in offenders)
    penalised = rules.scoring is Scoring.PENALTY
    for seat in range(rules.players):
        assert result.points[seat] == (
            rules.fault_points if (seat in offenders) == penalised else 0
        )


@pytest.mark.parametrize("penalty", FaultPenalty)
@VARIANT_SETTINGS
@given(data=st.data())
def test_false_block_exactly_when_the_completed_round_holds_a_false_pass(
    penalty: FaultPenalty, data: st.DataObject
) -> None:
    rules = variant_rulesets(faults=FaultMode.TOLERANT, fault_penalty=penalty)
    hand = data.draw(variant_hands(rules))
    final = hand.final
    result = final.result
    assert result is not None
    n = hand.rules.players
    first_of_round = len(final.history) - n
    false_in_round = any(
        f.kind is FaultKind.FALSE_PASS and f.move_number >= first_of_round for f in final.faults
    )
    forfeit = hand.rules.fault_penalty is FaultPenalty.FORFEIT_HAND
    completed = round_completed(final)
    assert (result.ending is Ending.FALSE_BLOCK) == (completed and false_in_round and not forfeit)
    if result.ending is Ending.FALSE_BLOCK:
        assert result.verification is not None
        assert result.verification.complete
        assert result.blocked_by is None
        offenders = {side_of(hand.rules, f.seat) for f in final.faults}
        assert all(side_of(hand.rules, s) not in offenders for s in result.winners)
    if result.ending is Ending.BLOCKED:
        # a real block: stuck; through a round, a round of true passes only
        assert stuck(final)
        if hand.rules.block_detection is BlockDetection.VERIFICATION_ROUND:
            assert completed
            assert not false_in_round, "a clean block with a false pass in its round"


# --------------------------------------------------------------------------- results


@SETTINGS
@given(hand=hands())
def test_result_is_consistent_with_the_final_position_in_block_and_draw_games(
    hand: PlayedHand,
) -> None:
    """The ending, the verification round, the winners and the points, recomputed
    under the scoring of the Block and Draw games."""
    final = hand.final
    result = final.result
    assert result is not None
    rules = hand.rules
    n = rules.players
    pips = tuple(sum(t.pips for t in h) for h in final.hands)
    assert result.pips == pips
    assert final.verification == result.verification
    emptied = [seat for seat, h in enumerate(final.hands) if not h]
    last = final.history[-1]
    assert (result.ending is Ending.DOMINO) == bool(emptied)
    if result.ending is Ending.DOMINO:
        assert emptied == [last.seat]
        assert isinstance(last.move, Play)
        assert result.winners == rules.team_of(last.seat)
        assert last.seat in result.winners
        assert result.verification is None
    else:
        assert result.ending is Ending.BLOCKED
        ends = final.layout.ends
        assert ends
        assert not any(shows(t, v) for h in final.hands for t in h for v in ends)
        assert not final.boneyard or rules.drawing is DrawRule.NONE
        rnd = result.verification
        assert rnd is not None
        assert rnd.complete
        assert rnd.players == n
        assert rnd.confirmed == tuple((rnd.proposer + k) % n for k in range(n))
        tail = final.history[-n:]
        assert [step.seat for step in tail] == list(rnd.confirmed)
        assert all(isinstance(step.move, Pass) for step in tail)
        assert len(final.history) == n or not isinstance(final.history[-n - 1].move, Pass)
        totals = {team: sum(pips[s] for s in team) for team in rules.teams}
        low = min(totals.values())
        lowest = [team for team, total in totals.items() if total == low]
        assert result.winners == (lowest[0] if len(lowest) == 1 else ())
    if result.winners:
        assert not result.is_draw
        score = sum(pips[s] for s in range(n) if s not in result.winners)
        assert result.points == tuple(score if s in result.winners else 0 for s in range(n))
    else:
        assert result.is_draw
        assert result.ending is Ending.BLOCKED
        assert result.points == (0,) * n


@SETTINGS
@given(
    hand=hands(
        st.sampled_from([Ruleset.block(4, partnership=True), Ruleset.draw(4, partnership=True)])
    )
)
def test_partnership_sides_share_the_result(hand: PlayedHand) -> None:
    result = hand.final.result
    assert result is not None
    assert result.winners in ((0, 2), (1, 3), ())
    assert result.points[0] == result.points[2]
    assert result.points[1] == result.points[3]
    if result.ending is Ending.BLOCKED and result.winners:
        side = result.winners
        other = (1, 3) if side == (0, 2) else (0, 2)
        assert sum(result.pips[s] for s in side) < sum(result.pips[s] for s in other)
        assert result.points[side[0]] == sum(result.pips[s] for s in other)


@VARIANT_SETTINGS
@given(hand=variant_hands())
def test_result_is_consistent_with_the_final_position_with_every_option(hand: VariantHand) -> None:
    """The pips, the ending, the domino and blocking seats and the verification round
    under every option (the points: test_points_follow_the_scoring_rules)."""
    rules = hand.rules
    final = hand.final
    result = final.result
    assert result is not None
    n = rules.players
    assert result.pips == tuple(final.pips(s) for s in range(n))
    assert final.verification == result.verification
    emptied = [seat for seat in range(n) if not final.hand(seat)]
    last = final.history[-1]
    if result.ending is Ending.DOMINO:
        assert emptied == [last.seat]
        assert isinstance(last.move, Play)
        assert result.domino_seat == last.seat
        assert result.verification is None
        assert result.blocked_by is None
    else:
        assert result.domino_seat is None
        assert emptied == [] or result.ending in (Ending.FORFEIT, Ending.FALSE_BLOCK)
    if result.ending is Ending.BLOCKED:
        assert not emptied
        assert stuck(final), "blocked although a seat can play or draw"
        assert result.blocked_by == last_play_seat(final)
        if rules.block_detection is BlockDetection.VERIFICATION_ROUND:
            rnd = result.verification
            assert rnd is not None
            assert rnd.complete
            assert rnd.players == n
            assert rnd.confirmed == tuple((rnd.proposer + k) % n for k in range(n))
            assert [step.seat for step in final.history[-n:]] == list(rnd.confirmed)
            assert round_completed(final)
        else:
            # DETECT-1: no round, and the hand ended as soon as the position was stuck
            assert result.verification is None
            assert not isinstance(last.move, Pass)
            for state in hand.states[:-1]:
                if not state.layout.is_empty:
                    assert not stuck(state), f"stuck but not ended: {state!r}"
    if result.verification is not None:
        assert result.ending in (Ending.BLOCKED, Ending.FALSE_BLOCK)
    if result.ending is Ending.FORFEIT:
        assert rules.faults is FaultMode.TOLERANT
        assert rules.fault_penalty is FaultPenalty.FORFEIT_HAND


def expected_winning_sides(rules: Ruleset, final: HandState, result: HandResult) -> list[int]:
    """The winning sides, from the rules (BLOCK-6/7/8, BLOCKWIN-1, TIE-1/3, COMPAT-1,
    FAULT-2/5)."""
    teams = rules.teams
    pips = result.pips
    if result.ending in (Ending.FORFEIT, Ending.FALSE_BLOCK):
        offenders = {side_of(rules, f.seat) for f in final.faults}
        return [i for i in range(len(teams)) if i not in offenders]
    if result.ending is Ending.DOMINO and rules.domino_winner is DominoWinner.EMPTIER:
        assert result.domino_seat is not None
        return [side_of(rules, result.domino_seat)]
    if rules.block_winner is BlockWinner.LOWEST_INDIVIDUAL:
        keys = [min(pips[s] for s in team) for team in teams]
    else:
        keys = [sum(pips[s] for s in team) for team in teams]
    tied = [i for i, k in enumerate(keys) if k == min(keys)]
    if len(tied) == 1 or rules.block_tie is BlockTie.SPLIT:
        return tied
    blocker = last_play_seat(final)
    if rules.block_tie is BlockTie.NON_BLOCKER_WINS and blocker is not None:
        rest = [i for i in tied if i != side_of(rules, blocker)]
        if len(rest) == 1:
            return rest
    return []


def expected_points(
    rules: Ruleset, final: HandState, result: HandResult, win: list[int]
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(points, penalties) per seat from the rules (SCORE-1, POINTS-1 to POINTS-6,
    PART-1/2, TIE-1, FAULT-2/3/4)."""
    teams = rules.teams
    n_sides = len(teams)
    totals = [sum(result.pips[s] for s in team) for team in teams]
    base = [0] * n_sides
    domino = result.ending is Ending.DOMINO
    # the partner's pips (PART-1, PART-2) count when the winning side went out
    went_out = domino and result.domino_seat is not None
    went_out = went_out and side_of(rules, result.domino_seat or 0) in win
    if result.ending in (Ending.DOMINO, Ending.BLOCKED) and win:  # a drawn hand: nothing
        if rules.scoring is Scoring.CASCADE and not domino:
            # POINTS-3: against every side with a higher total, the difference
            base = [sum(t - mine for t in totals if t > mine) for mine in totals]
        else:
            opp = sum(t for i, t in enumerate(totals) if i not in win)
            own = sum(totals[i] for i in win)
            if rules.scoring is Scoring.ALL_PIPS:
                pool = opp + own
            elif rules.scoring is Scoring.OPPONENTS_MINUS_OWN and not domino:
                pool = max(opp - own, 0)
            else:
                pool = opp
            for i in win:
                base[i] = pool // len(win)
            if went_out and rules.partnership and rules.scoring is not Scoring.ALL_PIPS:
                # after the split (TIE-1), to the side that went out only: its partner's pips
                out = side_of(rules, result.domino_seat or 0)
                if rules.partner_pips is PartnerPips.ADD:
                    base[out] += totals[out]
                elif rules.partner_pips is PartnerPips.SUBTRACT:
                    base[out] = max(base[out] - totals[out], 0)
        if rules.stock_pips and rules.scoring is not Scoring.PENALTY:
            stock = sum(t.pips for t in final.boneyard)
            for i in win:
                base[i] += stock // len(win)
        if rules.round_to > 1:
            r = rules.round_to
            base = [(p + r // 2) // r * r if p > 0 else p for p in base]
    penalty = [0] * n_sides
    if rules.fault_penalty is not FaultPenalty.NONE:
        for fault in final.faults:
            for i in range(n_sides):
                # to the other sides; under PENALTY scoring, to the offender's side
                offender = i == side_of(rules, fault.seat)
                if offender == (rules.scoring is Scoring.PENALTY):
                    penalty[i] += rules.fault_points
    seats = range(rules.players)
    penalties = tuple(penalty[side_of(rules, s)] for s in seats) if final.faults else ()
    if rules.scoring is Scoring.PENALTY and result.ending in (Ending.DOMINO, Ending.BLOCKED):
        # POINTS-6: each side keeps its own pips (both partners show the side's total)
        base = list(totals)
    return tuple(base[side_of(rules, s)] + penalty[side_of(rules, s)] for s in seats), penalties


@pytest.mark.parametrize("partnership", [True, None])
@pytest.mark.parametrize("scoring", Scoring)
@settings(VARIANT_SETTINGS, max_examples=60)
@given(data=st.data())
def test_points_follow_the_scoring_rules(
    scoring: Scoring, partnership: bool | None, data: st.DataObject
) -> None:
    hand = data.draw(variant_hands(variant_rulesets(scoring=scoring, partnership=partnership)))
    rules = hand.rules
    final = hand.final
    result = final.result
    assert result is not None
    n = rules.players
    # general properties
    assert all(p >= 0 for p in result.points)
    winners = set(result.winners)
    for team in rules.teams:
        assert set(team) <= winners or not set(team) & winners, "half a side won"
    assert result.winners == tuple(sorted(winners))
    assert result.is_draw == (not result.winners)
    if rules.partnership:
        assert result.points[0] == result.points[2]
        assert result.points[1] == result.points[3]
    penalties = result.penalties or (0,) * n
    if rules.round_to == 5 and rules.scoring is not Scoring.PENALTY:
        assert all((p - q) % 5 == 0 for p, q in zip(result.points, penalties, strict=True))
    penalty_scoring = rules.scoring is Scoring.PENALTY
    if penalty_scoring and result.ending in (Ending.DOMINO, Ending.BLOCKED):
        sides = [sum(result.pips[s] for s in rules.team_of(seat)) for seat in range(n)]
        assert [p - q for p, q in zip(result.points, penalties, strict=True)] == sides
    if not winners and not penalty_scoring:
        assert result.points == penalties, "a drawn hand scored"
    # the winners and the points, recomputed
    win = expected_winning_sides(rules, final, result)
    assert result.winners == tuple(sorted(s for i in win for s in rules.teams[i]))
    points, expected_penalties = expected_points(rules, final, result, win)
    assert result.penalties == expected_penalties
    assert result.points == points


# --------------------------------------------------------------------------- matches


def expected_leaders(rules: Ruleset, last: HandState) -> set[int] | None:
    """The seats that may lead the hand after ``last`` with any tile, or ``None`` when
    it is opened by the opening rule (MATCH-2 to MATCH-4, TIE-2, NextLead.WINNER)."""
    result = last.result
    assert result is not None
    n = rules.players
    led = leader_of(last)
    if not result.winners:
        if rules.block_tie is BlockTie.NO_SCORE_NEXT_LEADS:
            return {(led + 1) % n}
        if rules.drawn_lead is DrawnLead.NEXT_PLAYER:
            return {(led + 1) % n}
        if rules.drawn_lead is DrawnLead.SAME_LEADER:
            return {led}
        return None
    if rules.next_lead is NextLead.ROTATE:
        return {(led + 1) % n}
    if rules.next_lead is NextLead.OPENING_RULE:
        return None
    if result.ending is Ending.DOMINO and result.domino_seat in result.winners:
        return {result.domino_seat}
    if result.ending in (Ending.DOMINO, Ending.BLOCKED):
        start = last_play_seat(last)
        assert start is not None
        return {next(s % n for s in range(start, start + n) if s % n in result.winners)}
    return set(result.winners)  # after a fault: some winner (the documentation says no more)


@VARIANT_SETTINGS
@given(played=variant_matches())
def test_match_scores_grow_by_each_hands_points(played: PlayedMatch) -> None:
    rules = played.rules
    scores = (0,) * rules.players
    results: tuple[HandResult, ...] = ()
    for number, hand in enumerate(played.hands):
        before = hand.before
        assert before.scores == scores
        assert before.results == results
        assert before.hand_number == number
        assert not before.state.is_over
        assert not before.is_over
        assert before.winner is None
        match = before
        for move in hand.moves:
            assert match.scores == scores, "scores changed during a hand"
            match = match.apply(move)
        assert match == hand.after
        after = hand.after
        if not after.state.is_over:
            return  # stopped by the move bound (checked by the hand properties)
        result = after.state.result
        assert result is not None
        assert after.results == (*results, result)
        scores = tuple(s + p for s, p in zip(scores, result.points, strict=True))
        assert after.scores == scores
        assert all(a >= b for a, b in zip(after.scores, before.scores, strict=True))
        results = after.results


@VARIANT_SETTINGS
@given(played=variant_matches())
def test_match_ends_exactly_at_the_target_or_the_hand_limit(played: PlayedMatch) -> None:
    rules = played.rules
    for number, hand in enumerate(played.hands):
        after = hand.after
        if not after.state.is_over:
            assert not after.is_over
            return
        reached = max(after.scores) >= rules.match_target
        limit = rules.hands_limit is not None and number + 1 >= rules.hands_limit
        assert after.is_over == (reached or limit), (after.scores, number)
        if after.is_over:
            assert hand is played.hands[-1]
            with pytest.raises(ValueError, match="the match is over"):
                after.next_hand()
        with pytest.raises(ValueError, match="not over"):
            hand.before.next_hand()
        # the winner: the best side total (lowest under PENALTY), None on a tie
        if not after.is_over:
            assert after.winner is None
            continue
        totals = [after.scores[team[0]] for team in rules.teams]
        best = min(totals) if rules.scoring is Scoring.PENALTY else max(totals)
        leaders = [team for team, total in zip(rules.teams, totals, strict=True) if total == best]
        assert after.winner == (leaders[0] if len(leaders) == 1 else None)


@pytest.mark.parametrize("drawn_lead", DrawnLead)
@VARIANT_SETTINGS
@given(data=st.data())
def test_each_later_hand_is_led_as_the_rules_say(
    drawn_lead: DrawnLead, data: st.DataObject
) -> None:
    played = data.draw(variant_matches(variant_rulesets(drawn_lead=drawn_lead)))
    rules = played.rules
    first = played.hands[0].before.state
    assert first.rules == rules
    for previous, hand in zip(played.hands, played.hands[1:], strict=False):
        last = previous.after.state
        start = hand.before.state
        leaders = expected_leaders(rules, last)
        if leaders is None:
            assert start.rules == rules
            continue
        assert start.phase is Phase.LEAD
        assert start.turn in leaders, (start.turn, leaders, last.result)
        assert start.rules == attrs.evolve(
            rules, opening=Opening.SEAT_ANY_TILE, opening_seat=start.turn, opening_tile=None
        )
        assert set(start.legal_moves()) == {Play(tile=t) for t in start.hand(start.turn)}
        if hand.moves:
            assert leader_of(hand.after.state) == start.turn


@VARIANT_SETTINGS
@given(played=variant_matches())
def test_same_seed_and_moves_give_the_same_match(played: PlayedMatch) -> None:
    match = Match.start(played.rules, seed=played.seed)
    for number, hand in enumerate(played.hands):
        if number:
            match = match.next_hand()
        assert match == hand.before
        assert match.state.history == ()
        for move in hand.moves:
            match = match.apply(move)
        assert match == hand.after
        assert match.state.history == hand.after.state.history
        assert match.state.faults == hand.after.state.faults


# --------------------------------------------------------------------------- equality


def observable(state: HandState) -> tuple[object, ...]:
    """Everything the documentation puts in a position (history excluded)."""
    return (
        state.rules,
        state.hands,
        state.boneyard,
        state.layout.line,
        state.turn,
        state.phase,
        state.verification,
        state.result,
    )


def walk_positions(start: HandState, limit: int) -> tuple[int, dict[HandState, HandState]]:
    """(number of nodes, distinct positions) of the whole game tree under ``start``."""
    seen: dict[HandState, HandState] = {}
    by_view: dict[tuple[object, ...], HandState] = {}
    nodes = 0
    stack = [start]
    while stack and nodes < limit:
        state = stack.pop()
        nodes += 1
        view = observable(state)
        first = by_view.setdefault(view, state)
        # the same position is an equal state with an equal hash ...
        assert first == state
        assert hash(first) == hash(state)
        # ... and equal states are the same position
        twin = seen.setdefault(state, state)
        assert observable(twin) == view
        stack.extend(state.apply(m) for m in state.legal_moves())
    assert not stack, "tree larger than expected"
    return nodes, seen


@settings(SETTINGS, max_examples=60)
@given(data=st.data(), rules=direct_rulesets(max_pip=3))
def test_equality_and_hash_cover_exactly_the_position(data: st.DataObject, rules: Ruleset) -> None:
    deal = data.draw(deals(rules))
    nodes, positions = walk_positions(HandState.start(rules, deal), limit=50_000)
    assert 1 <= len(positions) <= nodes


def test_two_move_orders_reach_an_equal_position() -> None:
    rules = Ruleset(max_pip=3, players=2, hand_size=4)
    deal = Deal(
        hands=[["1-3", "2-3", "0-1", "2-2"], ["0-2", "1-2", "1-1", "0-0"]],
        boneyard=["3-3", "0-3"],
    )
    start = HandState.start(rules, deal)

    def play(*moves: str) -> HandState:
        state = start
        for text in moves:
            tile, _, end = text.partition(":")
            side = {"": None, "L": End.LEFT, "R": End.RIGHT}[end]
            state = state.apply(Play(tile=Tile.parse(tile), end=side))
        return state

    one = play("2-2", "1-2:L", "1-3:L", "0-2:R", "0-1:R")
    two = play("2-2", "0-2:R", "0-1:R", "1-2:L", "1-3:L")
    assert one.history != two.history
    assert one == two
    assert hash(one) == hash(two)
    assert one.layout.line == ((3, 1), (1, 2), (2, 2), (2, 0), (0, 1))
    assert observable(one) == observable(two)
    # one step earlier the two orders are in different positions
    assert play("2-2", "1-2:L", "1-3:L", "0-2:R") != play("2-2", "0-2:R", "0-1:R", "1-2:L")


# --------------------------------------------------------------------------- rulesets


@SETTINGS
@given(
    max_pip=st.integers(min_value=0, max_value=6),
    players=st.integers(min_value=2, max_value=4),
    hand_size=st.integers(min_value=1, max_value=30),
    partnership=st.booleans(),
    drawing=st.sampled_from(DrawRule),
)
def test_rulesets_accept_exactly_the_deals_that_fit(
    max_pip: int, players: int, hand_size: int, partnership: bool, drawing: DrawRule
) -> None:
    fits = players * hand_size <= set_size(max_pip) and (players == 4 or not partnership)
    if not fits:
        with pytest.raises(RulesetError):
            Ruleset(
                max_pip=max_pip,
                players=players,
                hand_size=hand_size,
                partnership=partnership,
                drawing=drawing,
            )
        return
    rules = Ruleset(
        max_pip=max_pip,
        players=players,
        hand_size=hand_size,
        partnership=partnership,
        drawing=drawing,
    )
    state = HandState.start(rules, Deal.random(rules, seed=0))
    assert len(state.boneyard) == set_size(max_pip) - players * hand_size
    assert state.phase is Phase.LEAD
    assert state.legal_moves() == (Play(tile=expected_lead(state.hands, max_pip)[1]),)
    assert state.turn == expected_lead(state.hands, max_pip)[0]


# --------------------------------------------------------------------------- state machine


def any_tile() -> st.SearchStrategy[Tile]:
    """Tiles of the sets the machine uses and a little beyond."""
    pips = st.integers(min_value=0, max_value=7)
    return st.builds(Tile, pips, pips)


CANDIDATES: st.SearchStrategy[object] = st.one_of(
    st.builds(
        lambda tile, end: Play(tile=tile, end=end),
        any_tile(),
        st.sampled_from([None, End.LEFT, End.RIGHT]),
    ),
    st.just(Draw()),
    st.just(Pass()),
    st.builds(Draw, any_tile()),
    st.sampled_from(JUNK),
)


@settings(
    SETTINGS,
    max_examples=80,
    stateful_step_count=80,
)
class HandMachine(RuleBasedStateMachine):
    """Drives whole hands: legal moves, refused illegal ones, and new hands."""

    ruleset: Ruleset
    state: HandState
    moves: int
    hands_played: int

    @initialize(rules=rulesets(), seed=SEEDS)
    def first_hand(self, rules: Ruleset, seed: int) -> None:
        self.ruleset = rules
        self.hands_played = 0
        self.new_hand(seed)

    def new_hand(self, seed: int) -> None:
        self.state = HandState.start(self.ruleset, Deal.random(self.ruleset, seed=seed))
        self.moves = 0
        self.hands_played += 1

    @precondition(lambda self: not self.state.is_over)
    @rule(choice=st.integers(min_value=0, max_value=2**16))
    def play_a_legal_move(self, choice: int) -> None:
        legal = self.state.legal_moves()
        assert legal
        move = legal[choice % len(legal)]
        assert self.state.is_legal(move)
        after = self.state.apply(move)
        assert after != self.state
        assert after.history[:-1] == self.state.history
        self.state = after
        self.moves += 1

    @rule(move=CANDIDATES)
    def try_a_move(self, move: object) -> None:
        state = self.state
        if state.is_legal(move):
            assert move in state.legal_moves() or (
                isinstance(move, Draw) and Draw() in state.legal_moves()
            )
            return
        before = (hash(state), state.hands, state.boneyard, state.layout, state.history)
        with pytest.raises(IllegalMoveError) as info:
            state.apply(move)  # type: ignore[arg-type]
        assert info.value.reason in truthful_reasons(state, move)
        assert info.value.state is state
        assert (hash(state), state.hands, state.boneyard, state.layout, state.history) == before

    @precondition(lambda self: self.state.is_over)
    @rule(seed=SEEDS)
    def next_hand(self, seed: int) -> None:
        result = self.state.result
        assert result is not None
        assert sum(result.points) >= 0
        self.new_hand(seed)

    @invariant()
    def conserved(self) -> None:
        check_conservation(self.state)

    @invariant()
    def moves_exist_until_the_end(self) -> None:
        assert bool(self.state.legal_moves()) != self.state.is_over
        assert self.moves <= move_bound(self.ruleset)
        assert len(self.state.history) == self.moves


TestHandMachine = HandMachine.TestCase


# --------------------------------------------------------------------------- bugs found


def test_one_then_pass_draw_for_double_setup() -> None:
    """The scenario below is a real lead-phase draw offered by legal_moves()."""
    rules = Ruleset(
        max_pip=6,
        players=2,
        hand_size=1,
        drawing=DrawRule.ONE_THEN_PASS,
        no_double=NoDoubleRule.DRAW_FOR_DOUBLE,
    )
    state = HandState.start(rules, Deal.random(rules, seed=1))
    assert state.phase is Phase.LEAD
    assert state.legal_moves() == (DRAW,)
    state = state.apply(DRAW)  # seat 0 draws a non-double: seat 1 draws next
    assert state.phase is Phase.LEAD
    assert state.turn == 1
    assert state.legal_moves() == (DRAW,)


def test_one_then_pass_draw_for_double_second_drawer_can_draw() -> None:
    # regression: the first drawer's draw count was carried to the next seat during
    # the lead, so the listed Draw was refused (CANNOT_DRAW)
    rules = Ruleset(
        max_pip=6,
        players=2,
        hand_size=1,
        drawing=DrawRule.ONE_THEN_PASS,
        no_double=NoDoubleRule.DRAW_FOR_DOUBLE,
    )
    state = HandState.start(rules, Deal.random(rules, seed=1)).apply(DRAW)
    assert state.is_legal(DRAW)
    state.apply(DRAW)


@dataclass(frozen=True)
class Scenario:
    """A finished one-hand match for a bug reproduction."""

    match: Match
    result: HandResult


def play_first_hand(rules: Ruleset, seed: int, *, false_pass: bool = False) -> Scenario:
    """Match ``seed`` under ``rules``, every move ``legal_moves()[0]``; with
    ``false_pass`` the move right after the lead is a pass instead."""
    match = Match.start(rules, seed=seed)
    match = match.apply(match.state.legal_moves()[0])
    if false_pass:
        assert PASS not in match.state.legal_moves()
        match = match.apply(PASS)
    while not match.state.is_over:
        match = match.apply(match.state.legal_moves()[0])
    result = match.state.result
    assert result is not None
    return Scenario(match=match, result=result)


def penalty_partnership() -> Scenario:
    """PENALTY scoring in partnership, one hand: seats 1+3 hold 23 pips, seats 0+2 hold 41."""
    rules = Ruleset(
        players=4, hand_size=7, partnership=True, scoring=Scoring.PENALTY, hands_limit=1
    )
    return play_first_hand(rules, 2)


def test_penalty_partnership_scenario() -> None:
    scenario = penalty_partnership()
    result = scenario.result
    assert result.ending is Ending.BLOCKED
    assert result.pips == (11, 16, 30, 7)
    assert result.winners == (1, 3)  # the hand is won by the side with fewer pips
    assert scenario.match.is_over


def test_penalty_partnership_match_winner_counts_both_partners() -> None:
    # regression: each seat kept its own pips and Match.winner compared seats 0 and 1
    scenario = penalty_partnership()
    assert scenario.match.winner == (1, 3)  # 23 penalty pips against 41


def test_penalty_partnership_partners_show_the_side_score() -> None:
    points = penalty_partnership().result.points
    assert points == (41, 23, 41, 23)


def penalty_with_fault(penalty: FaultPenalty) -> Scenario:
    """PENALTY scoring, one hand of 2 players: after the lead, seat 1 passes although it
    holds playable tiles (a false pass), then everybody plays legal_moves()[0]."""
    rules = Ruleset(
        players=2,
        hand_size=7,
        scoring=Scoring.PENALTY,
        faults=FaultMode.TOLERANT,
        fault_penalty=penalty,
        fault_points=10,
        hands_limit=1,
    )
    return play_first_hand(rules, 5, false_pass=True)


def test_penalty_with_fault_scenarios() -> None:
    forfeit = penalty_with_fault(FaultPenalty.FORFEIT_HAND).result
    assert forfeit.ending is Ending.FORFEIT
    assert forfeit.faults == (Fault(seat=1, kind=FaultKind.FALSE_PASS, move_number=1),)
    assert forfeit.winners == (0,)  # FAULT-2: the side without a fault wins the hand
    points = penalty_with_fault(FaultPenalty.POINTS).result
    assert points.ending is Ending.DOMINO
    assert points.faults == forfeit.faults
    assert points.pips == (0, 13)
    assert points.penalties == (0, 10)  # under PENALTY scoring the offender takes them


def test_penalty_scoring_forfeit_does_not_reward_the_offender() -> None:
    scenario = penalty_with_fault(FaultPenalty.FORFEIT_HAND)
    assert scenario.match.is_over
    assert scenario.match.winner == (0,)  # not seat 1, which made the false pass


def test_penalty_scoring_includes_fault_penalties_in_points() -> None:
    result = penalty_with_fault(FaultPenalty.POINTS).result
    assert tuple(p - q for p, q in zip(result.points, result.penalties, strict=True)) == (
        result.pips
    )


def cascade_tie() -> Scenario:
    """CASCADE scoring, 3 players, blocked with 16, 8 and 8 pips: a tie for lowest."""
    return play_first_hand(Ruleset(players=3, hand_size=5, scoring=Scoring.CASCADE), 10)


def test_cascade_tie_scenario() -> None:
    result = cascade_tie().result
    assert result.ending is Ending.BLOCKED
    assert result.pips == (16, 8, 8)
    assert result.winners == ()
    assert result.is_draw


def test_cascade_drawn_block_scores_nothing() -> None:
    # regression: the drawn block scored (0, 8, 8) although BlockTie.DRAWN says nobody scores
    assert cascade_tie().result.points == (0, 0, 0)
