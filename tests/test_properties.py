"""Property tests: invariants of whole hands over random rulesets, deals and move sequences.

Every property looks at every state of a hand played by :func:`strategies.hands`
(moves chosen by Hypothesis-drawn indices into ``legal_moves()``). The expected
legal moves, opening tile, verification round and scores are recomputed here from
the rules, independently of the engine.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from dominoes import (
    Deal,
    DominoesError,
    Draw,
    DrawRule,
    End,
    Ending,
    HandState,
    IllegalMoveError,
    IllegalMoveReason,
    Move,
    Pass,
    Phase,
    Play,
    Ruleset,
    RulesetError,
    Tile,
    VerificationRound,
)
from strategies import (
    SEEDS,
    SETTINGS,
    PlayedHand,
    deals,
    direct_rulesets,
    hands,
    move_bound,
    replay,
    rulesets,
    set_size,
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


def expected_legal(state: HandState) -> set[Move]:
    """The legal moves of ``state``, derived from the rules."""
    if state.is_over:
        return set()
    hand = state.hand(state.turn)
    if state.layout.is_empty:
        _, tile = expected_lead(state.hands, state.rules.max_pip)
        return {Play(tile=tile)}
    plays: set[Move] = {
        Play(tile=t, end=e) for t in hand for e in End if shows(t, state.layout.end(e))
    }
    if plays:
        return plays
    if state.rules.drawing is DrawRule.UNTIL_PLAYABLE and state.boneyard:
        return {Draw()}
    return {Pass()}


def truthful_reasons(state: HandState, move: object) -> set[IllegalMoveReason]:
    """Every reason that is true of ``move`` in ``state`` (empty: the move is legal)."""
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


def candidate_moves(state: HandState) -> Iterator[object]:
    """Every play of every tile of the set (and one outside it) on every end, draws,
    passes and junk."""
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


def check_conservation(state: HandState) -> None:
    """Tiles and pips are conserved; the layout is a well-formed line."""
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


# --------------------------------------------------------------------------- conservation
@SETTINGS
@given(hand=hands())
def test_tiles_and_pips_are_conserved_at_every_step(hand: PlayedHand) -> None:
    for state in hand.states:
        check_conservation(state)


# --------------------------------------------------------------------------- legal moves
@SETTINGS
@given(hand=hands())
def test_legal_moves_follow_the_rules_and_all_apply(hand: PlayedHand) -> None:
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


# --------------------------------------------------------------------------- results
@SETTINGS
@given(hand=hands())
def test_result_is_consistent_with_the_final_position(hand: PlayedHand) -> None:
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
