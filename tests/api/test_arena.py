"""Tests of the arena: single hands and matches, the seating schedule, determinism
across worker counts, the statistics, the ``dominoes arena`` command and the report
script."""

from __future__ import annotations

import json
import math
import pickle
import random
import re
import statistics
import subprocess
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import attrs
import pytest

from dominoes import (
    PASS,
    Deal,
    DominoesError,
    Ending,
    HandState,
    IllegalMoveError,
    Move,
    Ruleset,
    Scoring,
    Tile,
)
from dominoes.agents import Agent, GreedyAgent, RandomAgent, SearchAgent
from dominoes.arena import (
    Z95,
    AgentStats,
    Arena,
    ArenaError,
    ArenaReport,
    HandOutcome,
    MatchOutcome,
    Mode,
    agent_rng,
    deal_for,
    format_ci,
    make_agent,
    match_seed_for,
    mean_ci,
    play_hand,
    play_match,
    run_arena,
    seatings,
    summarize,
    summarize_matches,
)
from dominoes.errors import UnknownAgentError
from dominoes.state import Observation
from paths import SCRIPTS

BLOCK = Ruleset.block()
PAIRS = Ruleset.block(players=4, partnership=True)
CHEAP: dict[str, Agent] = {"greedy": GreedyAgent(), "random": RandomAgent()}


# ---------------------------------------------------------------------- play_hand, play_match


def test_play_hand_is_reproducible_from_the_seed() -> None:
    agents: list[Agent] = [GreedyAgent(), RandomAgent()]
    a = play_hand(BLOCK, agents, seed=5)
    b = play_hand(BLOCK, agents, seed=5)
    assert a.is_over
    assert a == b
    assert [s.move for s in a.history] == [s.move for s in b.history]
    assert a.history != play_hand(BLOCK, agents, seed=6).history
    assert play_hand(BLOCK, agents, seed="5").is_over  # string seeds too


def test_play_hand_plays_the_given_deal() -> None:
    deal = Deal.random(BLOCK, seed=3)
    final = play_hand(BLOCK, [GreedyAgent(), GreedyAgent()], seed=0, deal=deal)
    start = HandState.start(BLOCK, deal)
    replayed = start
    for step in final.history:
        replayed = replayed.apply(step.move)
    assert replayed == final
    assert play_hand(BLOCK, [GreedyAgent(), GreedyAgent()], seed=0).history != final.history


def test_play_hand_seeds_are_documented() -> None:
    assert deal_for(BLOCK, 4) == Deal.random(BLOCK, rng=random.Random("dominoes-arena:deal:4"))
    assert agent_rng(4, 1).random() == random.Random("dominoes-arena:agent:4:1").random()


@attrs.frozen
class Recorder:
    """Plays randomly and records the generator state it was given at each call."""

    calls: list[tuple[int, float]] = attrs.field(factory=list, eq=False)

    def choose(self, observation: Observation, rng: random.Random) -> Move:
        self.calls.append((observation.seat, rng.random()))
        moves = observation.legal_moves()
        return moves[rng.randrange(len(moves))]


def test_each_seat_has_its_own_generator() -> None:
    a, b = Recorder(), Recorder()
    play_hand(BLOCK, [a, b], seed=11)
    rng0, rng1 = agent_rng(11, 0), agent_rng(11, 1)
    assert a.calls
    assert b.calls
    assert {seat for seat, _ in a.calls} == {0}
    assert a.calls[0][1] == rng0.random()
    assert b.calls[0][1] == rng1.random()


def test_play_hand_refuses_bad_arguments() -> None:
    with pytest.raises(ValueError, match="one agent per seat"):
        play_hand(BLOCK, [GreedyAgent()], seed=0)
    with pytest.raises(TypeError, match="agents must hold agents"):
        play_hand(BLOCK, [GreedyAgent(), object()], seed=0)  # type: ignore[list-item]
    with pytest.raises(TypeError, match="seed"):
        play_hand(BLOCK, [GreedyAgent(), GreedyAgent()], seed=1.5)  # type: ignore[arg-type]


@attrs.frozen
class Passer:
    """Always passes (illegal whenever it holds a playable tile)."""

    def choose(self, observation: Observation, rng: random.Random) -> Move:
        return PASS


def test_an_illegal_move_names_the_agent() -> None:
    with pytest.raises(IllegalMoveError) as info:
        play_hand(BLOCK, [Passer(), Passer()], seed=0)
    assert any("Passer() at seat" in note for note in info.value.__notes__)


def test_a_failing_hand_of_the_arena_names_the_deal() -> None:
    for workers in (1, 2):
        with pytest.raises(ArenaError) as info:
            run_arena(
                BLOCK,
                {"passer": Passer(), "greedy": GreedyAgent()},
                hands=4,
                seed=0,
                workers=workers,
            )
        message = str(info.value)
        # (with workers, whichever failing deal finishes first is reported)
        assert re.match(
            r"deal \d+, seating \d+ \(seed 0\): IllegalMoveError: illegal move pass", message
        )
        assert "chosen by Passer() at seat 0" in message
    assert isinstance(info.value, DominoesError)


@pytest.mark.parametrize(
    "make",
    [
        lambda: HandState.start(BLOCK, Deal.random(BLOCK, seed=3)).apply(PASS),
        lambda: Tile.parse("x"),
        lambda: HandState.start(BLOCK, Deal(hands=[["0-0"], ["0-1"]])),
        lambda: Ruleset.block(players=3, partnership=True),
    ],
    ids=["IllegalMoveError", "NotationError", "DealError", "RulesetError"],
)
def test_errors_survive_pickling(make: Callable[[], object]) -> None:
    with pytest.raises(DominoesError) as info:
        make()
    copy = pickle.loads(pickle.dumps(info.value))
    assert type(copy) is type(info.value)
    assert str(copy) == str(info.value)


def test_play_match_plays_to_the_target() -> None:
    rules = Ruleset.block(target=40)
    agents: list[Agent] = [GreedyAgent(), RandomAgent()]
    match = play_match(rules, agents, seed=3)
    assert match.is_over
    assert max(match.scores) >= 40
    assert match.winner is not None
    again = play_match(rules, agents, seed=3)
    assert again.scores == match.scores
    assert again.results == match.results


def test_match_7_play_match_stops_when_plays_score_the_target_mid_hand() -> None:
    """MATCH-7 (issue 13): in All Fives the points scored on play can reach the target
    before the hand ends; the match is over there, and the agents stop (the arena's
    match mode used to ask for one more move and fail). A hand cut short is not passed
    to ``on_hand``."""
    rules = attrs.evolve(Ruleset.preset("all-fives"), target=15)
    agents: list[Agent] = [GreedyAgent(), GreedyAgent()]
    cut = []
    for seed in range(20):
        seen: list[HandState] = []
        match = play_match(rules, agents, seed=seed, on_hand=seen.append)
        assert match.is_over
        assert max(match.scores) >= 15
        assert all(state.is_over for state in seen)
        if not match.state.is_over:
            cut.append(seed)
            assert len(seen) == len(match.results)
    assert cut  # some match ended mid-hand
    report = run_arena(rules, {"greedy": GreedyAgent(), "random": RandomAgent()}, matches=8, seed=1)
    assert report.matches == 8


def test_play_match_stops_after_max_hands() -> None:
    match = play_match(
        Ruleset.block(target=1000), [GreedyAgent(), RandomAgent()], seed=1, max_hands=2
    )
    assert len(match.results) == 2
    assert not match.is_over
    with pytest.raises(ValueError, match="max_hands"):
        play_match(BLOCK, [GreedyAgent(), RandomAgent()], seed=1, max_hands=0)


# ---------------------------------------------------------------------- the schedule


@pytest.mark.parametrize(
    ("players", "agents", "expected"),
    [
        (2, 2, ((0, 1), (1, 0))),
        (4, 2, ((0, 1, 0, 1), (1, 0, 1, 0))),
        (3, 2, ((0, 1, 0), (1, 0, 1))),
        (3, 3, ((0, 1, 2), (1, 2, 0), (2, 0, 1))),
        (4, 3, ((0, 1, 2, 0), (1, 2, 0, 1), (2, 0, 1, 2))),
    ],
)
def test_seatings(players: int, agents: int, expected: tuple[tuple[int, ...], ...]) -> None:
    table = seatings(players, agents)
    assert table == expected
    for seat in range(players):
        assert sorted(row[seat] for row in table) == list(range(agents))


@pytest.mark.parametrize(
    ("rules", "agents"),
    [
        (BLOCK, CHEAP),
        (PAIRS, CHEAP),
        (Ruleset.block(players=3), CHEAP),
        (Ruleset.draw(players=3), {"a": GreedyAgent(), "b": RandomAgent(), "c": RandomAgent()}),
        (Ruleset.block(players=4), CHEAP),
    ],
    ids=["2p", "partnership", "3p-2-agents", "3p-3-agents", "4p-2-agents"],
)
def test_every_deal_is_played_under_every_seating(rules: Ruleset, agents: dict[str, Agent]) -> None:
    k = len(agents)
    report = run_arena(rules, agents, hands=4 * k, seed=2)
    assert report.deals == 4
    assert report.hands == len(report.records) == 4 * k
    per_deal = Counter(r.deal for r in report.records)
    assert per_deal == dict.fromkeys(range(4), k)
    seats = Counter((r.agents[s], s) for r in report.records for s in range(rules.players))
    assert set(seats.values()) == {4}  # each agent at each seat once per deal
    assert len(seats) == k * rules.players
    for n, record in enumerate(report.records):
        assert (record.deal, record.seating) == divmod(n, k)
        assert record.agents == seatings(rules.players, k)[record.seating]
    for stats in report.stats:
        assert stats.hands == 4 * k
        assert stats.draws == report.draws
    assert sum(s.wins for s in report.stats) + report.draws == report.hands


def test_partnership_seats_an_agent_on_both_seats_of_a_side() -> None:
    report = run_arena(PAIRS, CHEAP, hands=2, seed=0)
    assert [r.agents for r in report.records] == [(0, 1, 0, 1), (1, 0, 1, 0)]


def test_deals_are_mirrored() -> None:
    """Two copies of the same deterministic agent: swapping seats replays the same hand,
    so every deal's margins cancel exactly."""
    report = run_arena(PAIRS, {"a": GreedyAgent(), "b": GreedyAgent()}, hands=20, seed=4)
    records = report.records
    for d in range(report.deals):
        first, second = records[2 * d], records[2 * d + 1]
        assert first.points == second.points
        assert first.winners == second.winners
        assert first.moves == second.moves
    for stats in report.stats:
        assert stats.mean_margin == 0.0
        assert stats.mean_margin_ci == 0.0
    assert report["a"].wins == report["b"].wins


# ---------------------------------------------------------------------- determinism


def test_same_seed_same_report_other_seed_other_report() -> None:
    one = run_arena(BLOCK, CHEAP, hands=12, seed=9)
    assert one == run_arena(BLOCK, CHEAP, hands=12, seed=9)
    assert one.records != run_arena(BLOCK, CHEAP, hands=12, seed=10).records


def test_a_longer_run_extends_a_shorter_one() -> None:
    short = run_arena(BLOCK, CHEAP, hands=6, seed=1)
    long = run_arena(BLOCK, CHEAP, hands=12, seed=1)
    assert long.records[:6] == short.records


def test_workers_do_not_change_the_report() -> None:
    serial = run_arena(BLOCK, CHEAP, hands=12, seed=7, workers=1)
    parallel = run_arena(BLOCK, CHEAP, hands=12, seed=7, workers=2)
    assert parallel == serial
    assert parallel.records == serial.records


def test_workers_do_not_change_the_report_with_search() -> None:
    agents: dict[str, Agent] = {
        "search": SearchAgent(worlds=1, rollouts=1),
        "random": RandomAgent(),
    }
    serial = run_arena(PAIRS, agents, hands=6, seed=2)
    assert run_arena(PAIRS, agents, hands=6, seed=2, workers=2) == serial


def test_progress_callback() -> None:
    calls: list[tuple[int, int]] = []
    run_arena(
        BLOCK, CHEAP, hands=8, seed=0, progress=lambda done, total: calls.append((done, total))
    )
    assert calls[0] == (0, 8)
    assert calls[-1] == (8, 8)
    assert [d for d, _ in calls] == sorted(d for d, _ in calls)
    calls.clear()
    run_arena(BLOCK, CHEAP, hands=8, seed=0, workers=2, progress=lambda d, t: calls.append((d, t)))
    assert calls[-1] == (8, 8)


def test_the_arena_prints_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    run_arena(BLOCK, CHEAP, hands=4, seed=0, progress=lambda d, t: None)
    assert capsys.readouterr() == ("", "")
    with pytest.raises(TypeError, match="progress must be a callback"):
        run_arena(BLOCK, CHEAP, hands=4, seed=0, progress=True)  # type: ignore[arg-type]


# ---------------------------------------------------------------------- validation


@attrs.frozen
class NotPicklable:
    """An agent holding a lambda (which pickle refuses)."""

    fn: object = attrs.field(factory=lambda: lambda: None)

    def choose(self, observation: Observation, rng: random.Random) -> Move:
        return observation.legal_moves()[0]


def test_arena_refuses_bad_arguments() -> None:
    with pytest.raises(ValueError, match="multiple of 2"):
        run_arena(BLOCK, CHEAP, hands=5, seed=0)
    with pytest.raises(ValueError, match="multiple of 2"):
        run_arena(BLOCK, CHEAP, hands=0, seed=0)
    with pytest.raises(ValueError, match="agents must be 2 to 2 for 2 seats"):
        run_arena(
            BLOCK, {"a": GreedyAgent(), "b": GreedyAgent(), "c": GreedyAgent()}, hands=6, seed=0
        )
    with pytest.raises(ValueError, match="agents must be 2 to 2 for 2 seats"):
        run_arena(BLOCK, {"a": GreedyAgent()}, hands=6, seed=0)
    with pytest.raises(ValueError, match="partnership"):
        run_arena(
            PAIRS, {"a": GreedyAgent(), "b": GreedyAgent(), "c": GreedyAgent()}, hands=6, seed=0
        )
    with pytest.raises(ValueError, match="distinct"):
        run_arena(BLOCK, [("a", GreedyAgent()), ("a", RandomAgent())], hands=2, seed=0)
    with pytest.raises(ValueError, match="workers"):
        run_arena(BLOCK, CHEAP, hands=2, seed=0, workers=0)
    with pytest.raises(TypeError, match="seed"):
        run_arena(BLOCK, CHEAP, hands=2, seed="0")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="pairs"):
        run_arena(BLOCK, {"a": GreedyAgent(), "b": object()}, hands=2, seed=0)  # type: ignore[dict-item]
    with pytest.raises(TypeError, match="picklable"):
        run_arena(BLOCK, {"a": NotPicklable(), "b": GreedyAgent()}, hands=2, seed=0, workers=2)
    # one process needs no pickling
    assert run_arena(BLOCK, {"a": NotPicklable(), "b": GreedyAgent()}, hands=2, seed=0).hands == 2


def test_arena_object() -> None:
    arena = Arena(rules=BLOCK, agents=CHEAP, hands=6, seed=1)
    assert arena.names == ("greedy", "random")
    assert arena.deals == 3
    assert arena.run() == run_arena(BLOCK, CHEAP, hands=6, seed=1)


# ---------------------------------------------------------------------- statistics


def test_mean_ci() -> None:
    mean, half = mean_ci([1.0, 0.5, 0.0, 0.5])
    assert mean == 0.5
    # sample variance (0.25 + 0 + 0.25 + 0) / 3; n = 4
    assert half == pytest.approx(1.959963984540054 * math.sqrt(0.5 / 3) / 2)
    assert mean_ci([3.0]) == (3.0, None)
    assert mean_ci([2.0, 2.0]) == (2.0, 0.0)
    with pytest.raises(ValueError, match="samples must hold at least one value"):
        mean_ci([])
    assert round(Z95, 12) == 1.959963984540


def record(
    deal: int, seating: int, winners: tuple[int, ...], points: tuple[int, int]
) -> HandOutcome:
    return HandOutcome(
        deal=deal,
        seating=seating,
        agents=seatings(2, 2)[seating],
        ending=Ending.DOMINO if winners else Ending.BLOCKED,
        winners=winners,
        points=points,
        moves=10,
    )


def test_summary_of_a_hand_computed_sample() -> None:
    records = [
        record(0, 0, (0,), (10, 0)),  # seat 0 is agent 0: agent 0 wins, margin +10
        record(0, 1, (0,), (6, 0)),  # seat 0 is agent 1: agent 1 wins, agent 0 margin -6
        record(1, 0, (), (0, 0)),  # drawn
        record(1, 1, (), (0, 0)),  # drawn
        record(2, 0, (0,), (8, 0)),  # agent 0 wins, +8
        record(2, 1, (0,), (2, 0)),  # agent 1 wins, agent 0 margin -2
    ]
    report = summarize(BLOCK, ["a", "b"], 0, records)
    assert (report.deals, report.hands, report.draws) == (3, 6, 2)
    a, b = report.stats
    assert (a.wins, b.wins, a.draws) == (2, 2, 2)
    assert a.win_rate == b.win_rate == pytest.approx(1 / 3)
    # per-deal win samples of a: 1/2, 0, 1/2 -> mean 1/3, sample variance 1/12
    assert a.win_rate_ci == pytest.approx(Z95 * math.sqrt(1 / 12) / math.sqrt(3))
    # per-deal margins of a: (10 - 6) / 2 = 2, 0, (8 - 2) / 2 = 3 -> mean 5/3, variance 7/3
    assert a.mean_margin == pytest.approx(5 / 3)
    assert a.mean_margin_ci == pytest.approx(Z95 * math.sqrt(7 / 3) / math.sqrt(3))
    assert b.mean_margin == pytest.approx(-5 / 3)
    assert b.mean_margin_ci == pytest.approx(a.mean_margin_ci)
    assert report["b"] is b
    with pytest.raises(KeyError) as info:
        report["c"]
    assert isinstance(info.value, UnknownAgentError)
    assert str(info.value) == "no agent named 'c' in this report; agents: a, b"
    assert info.value.name == "c"
    with pytest.raises(ValueError, match="whole deals"):
        summarize(BLOCK, ["a", "b"], 0, records[:3])


def test_one_deal_has_no_interval() -> None:
    report = summarize(
        BLOCK, ["a", "b"], 0, [record(0, 0, (0,), (5, 0)), record(0, 1, (1,), (0, 5))]
    )
    assert report["a"].win_rate == 1.0
    assert report["a"].win_rate_ci is None
    assert report["a"].mean_margin == 5.0
    assert report["a"].mean_margin_ci is None
    assert "± ?" in report.format()


def test_scores_by_side_and_penalties() -> None:
    pairs = HandOutcome(
        deal=0, seating=1, agents=(1, 0, 1, 0), ending=Ending.DOMINO,
        winners=(1, 3), points=(0, 12, 0, 12), moves=20,
    )  # fmt: skip
    assert pairs.scores(PAIRS, 2) == [12, 0]  # one side's points, not one per partner
    assert pairs.margins(PAIRS, 2) == [12.0, -12.0]
    assert pairs.winning_agent() == 0
    penalty = Ruleset.block(scoring=Scoring.PENALTY)
    hand = HandOutcome(
        deal=0, seating=0, agents=(0, 1), ending=Ending.DOMINO,
        winners=(0,), points=(0, 20), moves=9,
    )  # fmt: skip
    assert hand.scores(penalty, 2) == [0, -20]
    assert hand.margins(penalty, 2) == [20.0, -20.0]
    split = attrs.evolve(hand, winners=(0, 1))
    assert split.winning_agent() is None
    three = HandOutcome(
        deal=0, seating=0, agents=(0, 1, 0), ending=Ending.DOMINO,
        winners=(1,), points=(0, 9, 0), moves=9,
    )  # fmt: skip
    assert three.margins(Ruleset.block(players=3), 2) == [-9.0, 9.0]


def test_penalty_four_seats_two_agents() -> None:
    # Mexican Train for four (scripts/arena_report.py): two agents at four seats that each
    # play for themselves, A on 0+2 and B on 1+3; penalty points, lower is better
    rules = Ruleset.preset("mexican-train", players=4)
    assert seatings(4, 2) == ((0, 1, 0, 1), (1, 0, 1, 0))
    hand = HandOutcome(
        deal=0, seating=0, agents=(0, 1, 0, 1), ending=Ending.DOMINO,
        winners=(0,), points=(0, 12, 30, 5), moves=80,
    )  # fmt: skip
    assert hand.winning_agent() == 0  # the lowest total is A's seat 0
    assert hand.scores(rules, 2) == [-30, -17]  # each agent's two seats summed, negated
    assert hand.margins(rules, 2) == [-13.0, 13.0]  # yet B's side has fewer penalties
    tied = attrs.evolve(hand, winners=(0, 1), points=(0, 0, 30, 5))
    assert tied.winning_agent() is None  # a tie between both agents' seats is a draw


def test_penalty_arena_margins_favour_fewer_penalties() -> None:
    rules = Ruleset.preset("mexican-train-6", players=4)
    report = run_arena(rules, {"greedy": GreedyAgent(), "random": RandomAgent()}, hands=6, seed=3)
    for hand in report.records:
        own = [sum(p for s, p in enumerate(hand.points) if hand.agents[s] == i) for i in (0, 1)]
        assert hand.margins(rules, 2) == [float(own[1] - own[0]), float(own[0] - own[1])]
        low = min(hand.points)
        if hand.ending is Ending.DOMINO:  # the seat that went out (another may score 0 too)
            assert len(hand.winners) == 1
            assert hand.points[hand.winners[0]] == low
        else:
            assert set(hand.winners) == {s for s, p in enumerate(hand.points) if p == low}


def test_report_text_and_dict() -> None:
    report = run_arena(BLOCK, CHEAP, hands=10, seed=0)
    text = report.format()
    lines = text.splitlines()
    assert lines[0] == "Block game, 2 players, double-6: 10 hands (5 deals x 2 seatings), seed 0"
    assert lines[2].split() == ["agent", "hands", "wins", "draws", "win", "rate", "mean", "margin"]
    assert lines[3].split()[:2] == ["greedy", "10"]
    assert lines[4].split()[:2] == ["random", "10"]
    data = report.to_dict()
    assert json.loads(json.dumps(data)) == data
    assert data["hands"] == 10
    assert data["mode"] == "hands"
    assert "matches" not in data
    assert [a["name"] for a in data["agents"]] == ["greedy", "random"]
    assert isinstance(report.stats[0], AgentStats)
    assert isinstance(report, ArenaReport)
    assert format_ci(0.5, 0.0312, ".3f") == "0.500 ± 0.031"


# ---------------------------------------------------------------------- match mode

SHORT = Ruleset.block(target=30)  # short matches keep these tests fast


def test_play_match_agent_seed() -> None:
    agents: list[Agent] = [RandomAgent(), RandomAgent()]
    default = play_match(SHORT, agents, seed=3)
    assert play_match(SHORT, agents, seed=3, agent_seed="match:3").results == default.results
    other = play_match(SHORT, agents, seed=3, agent_seed="elsewhere")
    assert other.results != default.results
    with pytest.raises(TypeError, match="seed"):
        play_match(SHORT, agents, seed=3, agent_seed=1.5)  # type: ignore[arg-type]
    with pytest.raises(IllegalMoveError) as info:
        play_match(SHORT, [Passer(), Passer()], seed=0)
    assert any("Passer() at seat" in note for note in info.value.__notes__)


@pytest.mark.parametrize(
    ("rules", "agents"),
    [
        (SHORT, CHEAP),
        (Ruleset.block(players=4, partnership=True, target=30), CHEAP),
        (Ruleset.draw(players=3, target=20), {**CHEAP, "other": RandomAgent()}),
    ],
    ids=["2p", "partnership", "3p-3-agents"],
)
def test_match_mode_plays_every_match_seed_under_every_seating(
    rules: Ruleset, agents: dict[str, Agent]
) -> None:
    k = len(agents)
    report = run_arena(rules, agents, matches=3 * k, seed=3)
    assert report.mode is Mode.MATCHES
    assert (report.deals, report.matches, report.records) == (3, 3 * k, ())
    records = report.match_records
    assert len(records) == 3 * k
    for n, record in enumerate(records):
        assert (record.match, record.seating) == divmod(n, k)
        assert record.agents == seatings(rules.players, k)[record.seating]
        assert record.seed == match_seed_for(3, record.match)
        assert len(record.hands) >= 1
        assert max(record.points) >= rules.match_target  # each match was played out
        if record.winners:
            assert record.winners in rules.teams
            assert record.winning_agent() == record.agents[record.winners[0]]
        # the record is the match play_match plays from the documented seeds
        replay = play_match(
            rules,
            [list(agents.values())[i] for i in record.agents],
            seed=record.seed,
            agent_seed=f"3:match:{record.match}:{record.seating}",
        )
        assert (len(replay.results), replay.scores) == (len(record.hands), record.points)
    assert report.hands == sum(len(r.hands) for r in records)
    assert sum(s.wins for s in report.stats) + report.draws == report.matches
    for stats in report.stats:
        assert (stats.matches, stats.hands, stats.draws) == (3 * k, report.hands, report.draws)
        assert stats.win_rate == stats.wins / (3 * k)
    assert report.hands_per_match == pytest.approx(report.hands / report.matches)


def test_matches_are_mirrored() -> None:
    """Two copies of a deterministic agent: the swapped seating replays the same match."""
    rules = Ruleset.block(players=4, partnership=True, target=50)
    report = run_arena(rules, {"a": GreedyAgent(), "b": GreedyAgent()}, matches=8, seed=4)
    records = report.match_records
    for d in range(report.deals):
        first, second = records[2 * d], records[2 * d + 1]
        assert first.seed == second.seed
        assert (first.agents, second.agents) == ((0, 1, 0, 1), (1, 0, 1, 0))
        assert (first.points, first.winners, len(first.hands)) == (
            second.points, second.winners, len(second.hands)
        )  # fmt: skip
    for stats in report.stats:
        assert (stats.mean_margin, stats.mean_margin_ci) == (0.0, 0.0)
        assert (stats.win_rate, stats.win_rate_ci) == (0.5, 0.0)
    assert len({r.seed for r in records}) == report.deals


def test_match_mode_is_deterministic_whatever_the_workers() -> None:
    serial = run_arena(SHORT, CHEAP, matches=8, seed=7)
    parallel = run_arena(SHORT, CHEAP, matches=8, seed=7, workers=2)
    assert parallel == serial
    assert parallel.match_records == serial.match_records
    assert run_arena(SHORT, CHEAP, matches=8, seed=8).match_records != serial.match_records
    longer = run_arena(SHORT, CHEAP, matches=12, seed=7)
    assert longer.match_records[:8] == serial.match_records


def test_a_failing_match_names_the_match() -> None:
    with pytest.raises(ArenaError) as info:
        run_arena(SHORT, {"passer": Passer(), "greedy": GreedyAgent()}, matches=2, seed=0)
    assert re.match(r"match 0, seating 0 \(seed 0\): IllegalMoveError", str(info.value))
    assert "chosen by Passer() at seat 0" in str(info.value)


def test_match_mode_refuses_bad_arguments() -> None:
    for bad in (0, -2, 3, 2.0, "4"):
        with pytest.raises(ValueError, match="matches must be a positive multiple of 2"):
            run_arena(SHORT, CHEAP, matches=bad, seed=0)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="give hands or matches, not both"):
        run_arena(SHORT, CHEAP, hands=2, matches=2, seed=0)
    with pytest.raises(ValueError, match="number of hands or of matches"):
        run_arena(SHORT, CHEAP, seed=0)
    with pytest.raises(ValueError, match=r"multiple of 3 .*every match"):
        Arena(
            rules=Ruleset.block(players=3),
            agents={"a": GreedyAgent(), "b": GreedyAgent(), "c": GreedyAgent()},
            matches=4,
            seed=0,
        )
    assert Arena(rules=SHORT, agents=CHEAP, hands=4, seed=0).mode is Mode.HANDS


def test_match_mode_progress(capsys: pytest.CaptureFixture[str]) -> None:
    calls: list[tuple[int, int]] = []
    run_arena(SHORT, CHEAP, matches=6, seed=0, progress=lambda d, t: calls.append((d, t)))
    assert (calls[0], calls[-1]) == ((0, 6), (6, 6))
    assert [d for d, _ in calls] == sorted(d for d, _ in calls)
    assert capsys.readouterr() == ("", "")


def match_record(
    match: int, seating: int, winners: tuple[int, ...], points: tuple[int, int], hands: int
) -> MatchOutcome:
    return MatchOutcome(
        match=match,
        seating=seating,
        agents=seatings(2, 2)[seating],
        seed=match,
        hands=tuple(record(n, seating, (), (0, 0)) for n in range(hands)),
        winners=winners,
        points=points,
    )


def test_summary_of_matches_computed_by_hand() -> None:
    records = [
        match_record(0, 0, (0,), (100, 60), 5),  # agent 0 wins by 40
        match_record(0, 1, (1,), (70, 101), 7),  # agent 0 (seat 1) wins by 31
        match_record(1, 0, (1,), (90, 100), 6),  # agent 1 wins, agent 0 margin -10
        match_record(1, 1, (), (100, 100), 4),  # a tie
    ]
    report = summarize_matches(BLOCK, ["a", "b"], 5, records)
    assert (report.deals, report.matches, report.hands, report.draws) == (2, 4, 22, 1)
    a, b = report.stats
    assert (a.wins, b.wins, a.draws, a.matches, a.hands) == (2, 1, 1, 4, 22)
    assert a.win_rate == 0.5
    # per-seed win samples of a: 1, 0 -> mean 1/2, sample variance 1/2
    assert a.win_rate_ci == pytest.approx(Z95 * math.sqrt(1 / 2) / math.sqrt(2))
    # per-seed margins of a: (40 + 31) / 2 = 35.5, (-10 + 0) / 2 = -5 -> mean 15.25
    assert a.mean_margin == pytest.approx(15.25)
    assert a.mean_margin_ci == pytest.approx(Z95 * statistics.stdev([35.5, -5.0]) / math.sqrt(2))
    assert b.mean_margin == pytest.approx(-15.25)
    # hands per match: per-seed means 6 and 5
    assert report.hands_per_match == 5.5
    assert report.hands_per_match_ci == pytest.approx(Z95 * statistics.stdev([6, 5]) / math.sqrt(2))
    penalty = summarize_matches(Ruleset.block(scoring=Scoring.PENALTY), ["a", "b"], 5, records)
    assert penalty["a"].mean_margin == pytest.approx(-15.25)  # penalties count against
    with pytest.raises(ValueError, match="whole match seeds"):
        summarize_matches(BLOCK, ["a", "b"], 0, records[:3])


def test_match_report_text_and_dict() -> None:
    report = run_arena(SHORT, CHEAP, matches=4, seed=0)
    lines = report.format().splitlines()
    assert lines[0] == (
        f"Block game, 2 players, double-6: 4 matches to 30 (2 match seeds x 2 seatings), "
        f"{report.hands} hands, seed 0"
    )
    assert lines[2].split() == [
        "agent",
        "matches",
        "wins",
        "draws",
        "win",
        "rate",
        "mean",
        "margin",
    ]
    assert lines[3].split()[:2] == ["greedy", "4"]
    assert lines[-2].startswith("Hands per match: ")
    assert lines[-1].startswith("95% intervals: normal approximation over the match seeds")
    data = report.to_dict()
    assert json.loads(json.dumps(data)) == data
    assert (data["mode"], data["matches"], data["target"], data["hands_limit"]) == (
        "matches", 4, 30, None
    )  # fmt: skip
    assert data["hands_per_match"]["mean"] == report.hands_per_match
    assert [a["matches"] for a in data["agents"]] == [4, 4]
    assert "over match seeds" in data["confidence"]


def test_match_mode_obeys_the_hand_limit() -> None:
    rules = Ruleset.block(target=1000, hands_limit=2)
    report = run_arena(rules, CHEAP, matches=4, seed=1)
    assert {len(r.hands) for r in report.match_records} == {2}
    assert (report.hands, report.hands_per_match, report.hands_per_match_ci) == (8, 2.0, 0.0)
    assert "4 matches to 1000 (or 2 hands)" in report.format().splitlines()[0]
    one = run_arena(rules, CHEAP, matches=2, seed=1)
    assert one.hands_per_match_ci is None
    assert "Hands per match: 2.00 ± ?" in one.format()


# ---------------------------------------------------------------------- agents by name


def test_make_agent() -> None:
    assert make_agent("random") == RandomAgent()
    assert make_agent("greedy") == GreedyAgent()
    assert make_agent("search", worlds=3, rollouts=4) == SearchAgent(worlds=3, rollouts=4)
    with pytest.raises(ValueError, match="unknown agent"):
        make_agent("oracle")


# ---------------------------------------------------------------------- the report script


def test_arena_report_script_quick(tmp_path: Path) -> None:
    output = tmp_path / "results.md"
    done = subprocess.run(
        [
            sys.executable,
            str(SCRIPTS / "arena_report.py"),
            "--quick",
            "--output",
            str(output),
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    text = output.read_text(encoding="utf-8")
    assert text.startswith("# Arena results")
    assert "| matchup |" in text
    for matchup in ("search v greedy", "greedy v random"):
        assert text.count(matchup) >= 2
    assert "python scripts/arena_report.py --quick" in text
