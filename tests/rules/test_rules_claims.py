"""Scenario tests for the muggins claim: CLAIM-1 to CLAIM-3 (docs/rules/spinner.md).

The deal is hand-made in double-six (the tiles not named lie in the boneyard in canonical
order). Seat 0 leads the 5-5, the first double and so the spinner: its end count is 10,
which scores 10 under `PlayScoring.FIVES` (PLAY-1). Where scores are called, that 10 is
credited only when seat 0 claims it.
"""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dominoes import (
    DRAW,
    MUGGINS,
    ActionCodec,
    Claim,
    ClaimRule,
    Deal,
    Draw,
    FaultKind,
    FaultMode,
    FaultPenalty,
    GreedyAgent,
    HandState,
    IllegalMoveReason,
    Muggins,
    Observation,
    ObservationEncoder,
    Phase,
    RandomAgent,
    Ruleset,
    RulesetError,
    SearchAgent,
    TileSet,
)
from dominoes.agents import rollout
from dominoes.notation import parse_move
from dominoes.records import HandRecord, dumps, loads
from dominoes.sampling import sample, sample_deal
from dominoes.simulation import play_match
from dominoes.words import describe_choice, describe_step
from scenario import ALL_FIVES, dealt, refusal

AUTO = ALL_FIVES
"""All Fives as docs/rules/spinner.md plays it: the table credits every score."""
CLAIM = attrs.evolve(AUTO, claim_rule=ClaimRule.CLAIM)
MUGGINS_RULES = attrs.evolve(AUTO, claim_rule=ClaimRule.MUGGINS)
DEAL = dealt(["5-5", "6-6", "4-6", "1-2", "0-3"], ["0-5", "2-3", "1-1", "0-1", "2-2"])


def led(rules: Ruleset) -> HandState:
    """Seat 0 has led the 5-5 (count 10)."""
    return HandState.start(rules, DEAL).apply("5-5")


def test_claim_1_a_score_waits_for_its_claim() -> None:
    state = led(CLAIM)
    # the play itself carries nothing; the same seat is to claim
    assert state.phase is Phase.CLAIM
    assert state.turn == 0
    assert state.claim == 10
    assert state.history[-1].points == 0
    assert state.play_points == (0, 0)
    assert state.legal_moves() == (Claim(points=10), Claim(points=0))
    assert refusal(state, parse_move("2-3:L")) is IllegalMoveReason.MUST_CLAIM
    claimed = state.apply("claim 10")
    assert claimed.phase is Phase.PLAY
    assert claimed.turn == 1
    assert claimed.history[-1].points == 10
    assert claimed.play_points == (10, 0)
    # overlooked: nothing credited, and under CLAIM nobody may take it
    overlooked = state.apply(Claim(points=0))
    assert overlooked.play_points == (0, 0)
    assert overlooked.turn == 1
    assert overlooked.muggins == 0
    assert MUGGINS not in overlooked.legal_moves()
    assert refusal(overlooked, MUGGINS) is IllegalMoveReason.NO_MUGGINS
    assert refusal(claimed, Claim(points=5)) is IllegalMoveReason.NO_CLAIM


def test_claim_1_no_claim_step_after_a_play_that_scores_nothing() -> None:
    state = led(CLAIM).apply("claim 10").apply("0-5:L")  # ends 0 and 10: count 10
    assert state.phase is Phase.CLAIM
    assert state.turn == 1
    assert state.claim == 10
    state = state.apply("claim 10").apply("0-3:L")  # 3 and the open 5-5 (10): 13
    assert state.phase is Phase.PLAY
    assert state.turn == 1
    assert state.play_points == (10, 10)
    assert state.history[-1].points == 0


def test_claim_1_needs_scoring_on_play() -> None:
    with pytest.raises(RulesetError) as info:
        Ruleset.draw(claim_rule=ClaimRule.CLAIM)
    assert info.value.fields == ("claim_rule", "play_scoring")


def test_claim_2_muggins_takes_overlooked_points() -> None:
    state = led(MUGGINS_RULES).apply("claim 0")
    assert state.turn == 1
    assert state.muggins == 10
    assert state.phase is Phase.PLAY
    assert state.legal_moves()[0] == MUGGINS
    taken = state.apply("muggins")
    assert taken.history[-1].points == 10
    assert taken.play_points == (0, 10)
    assert taken.turn == 1
    assert taken.muggins == 0
    assert MUGGINS not in taken.legal_moves()
    # any other move forfeits the points
    played = state.apply("0-5:L")
    assert played.phase is Phase.CLAIM
    assert played.turn == 1
    played = played.apply("claim 10")
    assert played.play_points == (0, 10)
    assert refusal(played, Muggins()) is IllegalMoveReason.NO_MUGGINS


def test_claim_3_a_false_claim_is_refused_in_strict_mode() -> None:
    state = led(MUGGINS_RULES)
    assert refusal(state, Claim(points=15)) is IllegalMoveReason.WRONG_CLAIM
    assert refusal(state, Claim(points=5)) is IllegalMoveReason.WRONG_CLAIM


def test_claim_3_a_false_claim_is_a_fault_in_tolerant_mode() -> None:
    rules = attrs.evolve(
        MUGGINS_RULES,
        faults=FaultMode.TOLERANT,
        fault_penalty=FaultPenalty.POINTS,
        fault_points=10,
    )
    state = led(rules).apply("claim 20")
    assert state.play_points == (0, 0)
    assert state.turn == 1
    assert state.muggins == 0
    assert [(f.seat, f.kind, f.move_number) for f in state.faults] == [
        (0, FaultKind.FALSE_CLAIM, 1)
    ]
    forfeit = attrs.evolve(rules, fault_penalty=FaultPenalty.FORFEIT_HAND)
    over = led(forfeit).apply("claim 20")
    assert over.is_over
    assert over.result is not None
    assert over.result.points[1] > 0


def test_claim_positions_round_trip_a_pending_claim_and_muggins() -> None:
    claim = led(MUGGINS_RULES)
    muggins = claim.apply("claim 0")
    assert "claim=10" in claim.position()
    assert "muggins=10" in muggins.position()
    for state in (claim, muggins):
        assert HandState.from_position(state.position(), MUGGINS_RULES) == state
        for seat in (0, 1):
            obs = state.observation(seat)
            back = Observation.from_position(state.position(seat), MUGGINS_RULES, seat=seat)
            assert back.claim == obs.claim
            assert back.muggins == obs.muggins
            assert Observation.from_dict(obs.to_dict()) == obs
        assert state.observation(state.turn).legal_moves() == state.legal_moves()


def _random_hand(rules: Ruleset, seed: int, claim_all: bool) -> HandState:
    rng = random.Random(seed)
    state = HandState.start(rules, Deal.random(rules, seed=seed))
    while not state.is_over:
        moves = state.legal_moves()
        move = moves[0] if claim_all and state.phase is Phase.CLAIM else rng.choice(moves)
        state = state.apply(move)
    return state


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), muggins=st.booleans())
def test_claim_1_exact_claims_score_as_the_auto_game(seed: int, muggins: bool) -> None:
    # every claim exact: the same tile moves under AUTO score the same
    rules = MUGGINS_RULES if muggins else CLAIM
    state = _random_hand(rules, seed, claim_all=True)
    auto = HandState.start(AUTO, Deal.random(AUTO, seed=seed))
    for step in state.history:
        if step.move.__class__ is not Claim:
            auto = auto.apply(step.move)
    assert auto.is_over
    assert auto.play_points == state.play_points
    assert auto.result == state.result
    claims = [s for s in state.history if s.move.__class__ is Claim]
    scored = [s for s in auto.history if s.points]
    assert [(s.seat, s.points) for s in claims] == [(s.seat, s.points) for s in scored]


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_claim_2_random_muggins_hands_replay_from_positions(seed: int) -> None:
    state = HandState.start(MUGGINS_RULES, Deal.random(MUGGINS_RULES, seed=seed))
    rng = random.Random(seed)
    while not state.is_over:
        assert HandState.from_position(state.position(), MUGGINS_RULES) == state
        obs = state.observation(state.turn)
        assert obs.legal_moves() == state.legal_moves()
        state = state.apply(rng.choice(state.legal_moves()))
    result = state.result
    assert result is not None
    credited = [0, 0]
    for step in state.history:
        credited[step.seat] += step.points
    assert tuple(credited) == state.play_points


def test_claim_2_steps_in_words() -> None:
    state = led(MUGGINS_RULES)
    overlooked = state.apply("claim 0")
    taken = overlooked.apply("muggins")
    assert describe_step(state.apply("claim 10").history[-1], state) == "seat 0 claims 10"
    assert describe_step(overlooked.history[-1], state) == "seat 0 overlooks 10"
    assert describe_step(taken.history[-1], overlooked) == "seat 1 calls muggins and takes 10"
    assert describe_choice(MUGGINS, overlooked.observation(1)) == "call muggins: take 10"
    assert describe_choice(Claim(points=0), state) == "claim nothing (overlook 10)"


@pytest.mark.parametrize("form", ["toml", "json"])
def test_claim_records_round_trip(form: str) -> None:
    state = _random_hand(MUGGINS_RULES, 1, claim_all=False)
    assert any(s.move.__class__ is not Claim for s in state.history)
    record = HandRecord.from_state(state)
    back = loads(dumps(record, format=form))  # type: ignore[arg-type]
    assert back == record
    *_, last = back.replay()
    assert last == state
    assert last.history == state.history


@pytest.mark.parametrize("rules", [CLAIM, MUGGINS_RULES], ids=["claim", "muggins"])
def test_claim_hands_sample_worlds_the_seat_cannot_tell_apart(rules: Ruleset) -> None:
    # claims show nothing of the tiles: the sampler replays the history past them
    rng = random.Random(2)
    state = HandState.start(rules, Deal.random(rules, seed=2))
    pending = 0
    while not state.is_over:
        if state.claim or state.muggins:
            pending += 1
            for seat in range(rules.players):
                obs = state.observation(seat)
                assert sample(obs, rng).observation(seat).claim == obs.claim
                world = HandState.start(rules, sample_deal(obs, rng))
                for step in obs.history:
                    world = world.apply(DRAW if step.move.__class__ is Draw else step.move)
                assert world.observation(seat) == obs
        state = state.apply(rng.choice(state.legal_moves()))
    assert pending > 0


def test_claim_agents_claim_exactly_and_call_muggins() -> None:
    state = led(MUGGINS_RULES)
    overlooked = state.apply("claim 0")
    rng = random.Random(0)
    for agent in (GreedyAgent(), SearchAgent(worlds=2, rollouts=1)):
        assert agent.choose(state.observation(0), rng) == Claim(points=10)
        assert agent.choose(overlooked.observation(1), rng) == MUGGINS
    # scored_moves sees a play's score though it waits for its claim
    scored = dict(overlooked.apply("muggins").observation(1).scored_moves())
    assert scored[parse_move("0-5:L")] == 10
    for _ in range(5):  # the random agent picks among what the rules allow
        assert RandomAgent().choose(state.observation(0), rng) in state.legal_moves()


@pytest.mark.parametrize("seed", [0, 1])
def test_claim_agents_finish_muggins_hands(seed: int) -> None:
    state = HandState.start(MUGGINS_RULES, Deal.random(MUGGINS_RULES, seed=seed))
    agents = (GreedyAgent(), SearchAgent(worlds=2, rollouts=1))
    rng = random.Random(seed)
    while not state.is_over:
        move = agents[state.turn].choose(state.observation(state.turn), rng)
        assert move != Claim(points=0)
        state = state.apply(move)
    assert state.result is not None


def test_claim_learning_interfaces_refuse_called_scores() -> None:
    for make in (ActionCodec, ObservationEncoder):
        with pytest.raises(RulesetError) as info:
            make(CLAIM)
        assert info.value.fields == ("claim_rule",)
        assert "claim_rule" in str(info.value)
    pettingzoo = pytest.importorskip("dominoes.adapters.pettingzoo")
    with pytest.raises(RulesetError) as info:
        pettingzoo.env(rules=MUGGINS_RULES)
    assert info.value.fields == ("claim_rule",)


def test_claim_openspiel_refuses_called_scores() -> None:
    pytest.importorskip("pyspiel")
    openspiel = pytest.importorskip("dominoes.adapters.openspiel")
    with pytest.raises(RulesetError) as info:
        openspiel.load_game(CLAIM)
    assert info.value.fields == ("claim_rule",)


@pytest.mark.parametrize("seed", [0, 3])
def test_claim_1_greedy_matches_score_as_in_the_auto_game(seed: int) -> None:
    # greedy agents claim every score exactly: the match goes as in the auto game
    auto_rules = attrs.evolve(AUTO, target=150)
    claim_rules = attrs.evolve(auto_rules, claim_rule=ClaimRule.MUGGINS)
    agents = (GreedyAgent(), GreedyAgent())
    auto = play_match(auto_rules, agents, seed=seed)
    claims = play_match(claim_rules, agents, seed=seed)
    assert claims.scores == auto.scores
    assert claims.credited == auto.credited
    assert [r.points for r in claims.results] == [r.points for r in auto.results]


def test_claim_2_a_score_overlooked_by_the_last_play_is_lost() -> None:
    # seat 0 goes out with 0-5 on the 5-5 lead (0 + 10 = 10): the hand ends once the 10
    # is claimed or overlooked, and nobody moves after it to call muggins
    rest = [str(t) for t in TileSet.double(6).tiles if str(t) not in ("5-5", "0-5", "1-2", "3-4")]
    position = f"d6 0-5/1-2,3-4 {','.join(rest)} *5|5 0 play arms=U@*:-;D@*:- last=1"
    state = HandState.from_position(position, MUGGINS_RULES).apply("0-5:L")
    assert state.phase is Phase.CLAIM
    assert not state.is_over
    claimed = state.apply("claim 10")
    assert claimed.result is not None
    assert claimed.result.points == (20, 0)  # 10 claimed, 10 in seat 1's hand (3 + 7)
    overlooked = state.apply("claim 0")
    assert overlooked.result is not None
    assert overlooked.result.points == (10, 0)
    assert overlooked.muggins == 0


@pytest.mark.parametrize("seed", [0, 1, 3])  # seeds whose random hands call muggins
def test_claim_2_in_partnership_the_caller_is_an_opponent_and_its_side_scores(seed: int) -> None:
    rules = Ruleset.preset("all-fives", players=4, partnership=True, claim_rule=ClaimRule.MUGGINS)
    rng = random.Random(seed)
    state = HandState.start(rules, Deal.random(rules, seed=seed))
    called = 0
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_moves()))
        last = state.history[-1]
        if last.move.__class__ is Muggins:
            called += 1
            overlooked = state.history[-2]
            assert overlooked.move == Claim(points=0)
            assert rules.team_of(last.seat) != rules.team_of(overlooked.seat)
        points = state.play_points
        assert points[0] == points[2]
        assert points[1] == points[3]
    assert called > 0


@pytest.mark.parametrize("greedy", [False, True])
def test_claim_rollouts_claim_every_score(greedy: bool) -> None:
    # the search's playouts play the agents' claims: exact, and muggins when open
    claims = []
    for seed in range(4):
        start = HandState.start(MUGGINS_RULES, Deal.random(MUGGINS_RULES, seed=seed))
        final = rollout(start, random.Random(seed), greedy=greedy)
        assert final.is_over
        claims += [s for s in final.history if s.move.__class__ is Claim]
    assert claims
    assert all(s.move == Claim(points=s.points) and s.points > 0 for s in claims)


def test_claim_a_hand_conceded_while_a_claim_waits_reads_back() -> None:
    over = led(MUGGINS_RULES).concede(1)
    assert over.is_over
    assert over.phase is Phase.OVER
    assert over.claim == 0
    assert HandState.from_position(over.position(), MUGGINS_RULES) == over
