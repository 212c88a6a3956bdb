"""Position strings of train games (docs/notation.md, "Train games"): round trips of
random train states, the seat views, and every kind of bad input refused with a
NotationError that names the field."""

from __future__ import annotations

import contextlib
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dominoes import (
    BlockDetection,
    Deal,
    DoubleDuty,
    DoubleFollow,
    DrawRule,
    End,
    EngineSource,
    HandRecord,
    HandState,
    IllegalMoveReason,
    MarkerRemoval,
    MexicanOpen,
    NotationError,
    Observation,
    Owed,
    Ruleset,
    records,
)
from dominoes.notation import PositionTrain, format_position, parse_position


@st.composite
def train_rulesets(draw: st.DrawFn) -> Ruleset:
    """Small train rulesets over every option the position writes."""
    max_pip = draw(st.integers(3, 6))
    players = draw(st.integers(2, 4))
    size = (max_pip + 1) * (max_pip + 2) // 2 - 1
    hand_size = draw(st.integers(1, min(5, size // players)))
    source = draw(st.sampled_from(EngineSource))
    drawing = [DrawRule.ONE_THEN_PASS]
    if source is not EngineSource.DRAW_UNTIL_FOUND:
        drawing.append(DrawRule.NONE)
    return Ruleset.preset(
        draw(st.sampled_from(["mexican-train-6", "private-trains"])),
        max_pip=max_pip,
        players=players,
        hand_size=hand_size,
        engine=draw(st.none() | st.integers(0, max_pip)),
        engine_source=source,
        mexican_open_from=draw(st.sampled_from(MexicanOpen)),
        first_turn_run=draw(st.booleans()),
        marker_removal=draw(st.sampled_from(MarkerRemoval)),
        double_follow=draw(st.sampled_from(DoubleFollow)),
        double_duty=draw(st.sampled_from(DoubleDuty)),
        drawing=draw(st.sampled_from(drawing)),
        block_detection=draw(st.sampled_from(BlockDetection)),
    )


def train_hand(rules: Ruleset, seed: int, concede: bool = False) -> list[HandState]:
    """Every state of a random hand of ``rules`` dealt from ``seed`` (conceded part way
    through when ``concede``)."""
    rng = random.Random(seed)
    state = HandState.start(rules, Deal.random(rules, seed=seed))
    states = [state]
    stop = rng.randrange(40) if concede else -1
    while not state.is_over:
        if len(states) == stop:
            state = state.concede(rng.randrange(rules.players))
        else:
            state = state.apply(rng.choice(state.legal_moves()))
        states.append(state)
    return states


@settings(max_examples=60, deadline=None)
@given(rules=train_rulesets(), seed=st.integers(0, 2**16), concede=st.booleans())
def test_positions_of_random_train_hands_round_trip(
    rules: Ruleset, seed: int, concede: bool
) -> None:
    for state in train_hand(rules, seed, concede):
        text = state.position()
        back = HandState.from_position(text, rules)
        assert back == state, text
        assert back.position() == text
        assert format_position(parse_position(text)) == text
        assert back.layout == state.layout
        assert back.train_turn == state.train_turn
        assert back.legal_moves() == state.legal_moves()


@pytest.mark.parametrize(
    "name", ["mexican-train", "mexican-train-9", "mexican-train-6", "private-trains"]
)
def test_positions_of_the_train_presets_round_trip(name: str) -> None:
    rules = Ruleset.preset(name, players=4)
    for state in train_hand(rules, seed=7):
        assert HandState.from_position(state.position(), rules) == state
        seat = state.turn
        obs = Observation.from_position(state.position(seat=seat), rules, seat=seat)
        assert obs.trains == state.layout.trains


@settings(max_examples=40, deadline=None)
@given(rules=train_rulesets(), seed=st.integers(0, 2**16))
def test_a_seat_s_position_of_a_train_hand_shows_no_hidden_tile(rules: Ruleset, seed: int) -> None:
    for state in train_hand(rules, seed):
        for seat in range(rules.players):
            p = parse_position(state.position(seat=seat))
            if state.is_over:
                assert p.hands == state.hands
                continue
            assert p.hands[seat] == state.hand(seat)
            assert p.boneyard == len(state.boneyard)
            assert all(h == len(state.hand(k)) for k, h in enumerate(p.hands) if k != seat)
            # what is left once the hidden groups are gone is the same for every seat
            # but its own hand: the table
            public = parse_position(state.position(seat=(seat + 1) % rules.players))
            assert p.trains == public.trains
            assert p.line == public.line


@settings(max_examples=15, deadline=None)
@given(rules=train_rulesets(), seed=st.integers(0, 2**16))
def test_observation_from_a_seat_s_train_position(rules: Ruleset, seed: int) -> None:
    for state in train_hand(rules, seed)[::3]:
        full = HandState.from_position(state.position(), rules)
        for seat in range(rules.players):
            obs = Observation.from_position(state.position(seat=seat), rules, seat=seat)
            assert obs == full.observation(seat)


def test_the_position_of_a_mexican_train_hand_by_hand() -> None:
    rules = Ruleset.preset("mexican-train-6", max_pip=3, players=2, hand_size=3)
    deal = Deal(hands=[["3-2", "2-2", "0-1"], ["3-0", "1-1", "1-2"]], boneyard=[
        "0-0", "0-2", "1-3",
    ])  # fmt: skip
    state = HandState.start(rules, deal)
    assert state.position() == (
        "d3 0-1,2-2,2-3/1-1,1-2,0-3 0-0,0-2,1-3 *3|3 0 play trains=T0:-;T1:-;M:-"
    )
    state = state.apply_all("2-3:T0 2-2:T0")
    text = state.position()
    assert text == (
        "d3 0-1/1-1,1-2,0-3 0-0,0-2,1-3 *3|3 0 play trains=T0:3|2,2|2;T1:-;M:- "
        "doubles=T0:run owed=run last=0"
    )
    state = state.apply_all("stop 0-3:M")
    assert state.position().split(" ", 5)[5] == (
        "play trains=T0:3|2,2|2;T1:-;M:3|0 doubles=T0:run firsts=0,1 last=1"
    )
    assert HandState.from_position(text, rules).apply_all("stop 0-3:M") == state


def test_holder_positions_before_the_engine_is_laid() -> None:
    rules = Ruleset.preset(
        "mexican-train-6", max_pip=2, players=2, hand_size=2, engine_source=EngineSource.HOLDER
    )
    deal = Deal(hands=[["0-1", "1-1"], ["2-2", "0-2"]], boneyard=["0-0", "1-2"])
    state = HandState.start(rules, deal)
    text = state.position()
    assert text == "d2 0-1,1-1/0-2,2-2 0-0,1-2 - 1 lead:2-2 trains=T0:-;T1:-;M:-"
    assert HandState.from_position(text, rules) == state
    assert state.position(seat=0) == "d2 0-1,1-1/#2 #2 - 1 lead:2-2 trains=T0:-;T1:-;M:-"
    laid = state.apply("2-2")  # (laying the engine is its holder's first turn, TRAIN-7)
    assert laid.position().split(" ", 3)[3] == "*2|2 0 play trains=T0:-;T1:-;M:- firsts=1 last=1"
    assert HandState.from_position(laid.position(), rules) == laid
    # the engine must be in the hand of the seat to move
    with pytest.raises(NotationError, match=r"\(phase\): the engine 2-2 is not in seat 0"):
        HandState.from_position(text.replace(" 1 lead", " 0 lead"), rules)


BASE = "d3 0-1/1-1,1-2,0-3 0-0,0-2,1-3 *3|3 0 play trains=T0:3|2,2|2;T1:-;M:- doubles=T0:run "
BASE_RULES = Ruleset.preset("mexican-train-6", max_pip=3, players=2, hand_size=3)


@pytest.mark.parametrize(
    ("text", "field", "problem"),
    [
        (BASE + "owed=run last=1", "owed", "has not just laid a tile"),
        ((BASE + "owed=run last=0").replace("*3|3", "*3|3,3|1"), "line", "the hub alone, *3|3"),
        (BASE.replace("*3|3", "-") + "owed=run last=0", "line", "set aside"),
        (BASE.replace("T0:3|2,2|2", "T0:2|2,2|3") + "last=0", "trains", "does not match the 3"),
        (BASE.replace("T0:3|2,2|2;T1:-;M:-", "T0:3|2,2|2;M:-") + "last=0", "trains", "T0, T1, M"),
        (BASE.replace("doubles=T0:run ", "") + "last=0", "doubles", "is not listed"),
        (BASE.replace("doubles=T0:run", "markers=M doubles=T0:run") + "last=0", "markers", "M"),
        (BASE.replace("doubles=T0:run", "doubles=T1") + "last=0", "doubles", "T1 does not end"),
        (BASE + "owed=run", "last", "names the seat"),
        (BASE + "firsts=0 owed=run last=0", "owed", "not in its first turn's run"),
        (BASE + "firsts=5 last=0", "firsts", "there is no seat 5"),
        (BASE.replace("0-0,0-2,1-3", "0-0,0-2") + "last=0", "tiles", "miss 1-3"),
        (BASE.replace("0-0,0-2,1-3", "0-0,0-2,1-3,2-2") + "last=0", "trains", "2|2 appears twice"),
        (BASE + "owed=run last=0 faults=0:false_pass:1", "faults", "strictly"),
        (BASE + "owed=run round=0+1 last=0", "round", "which ends every round"),
    ],
)
def test_impossible_train_positions_name_the_field(text: str, field: str, problem: str) -> None:
    with pytest.raises(NotationError, match=rf"^bad position \({field}\): .*{problem}"):
        HandState.from_position(text, BASE_RULES)


def test_the_base_of_the_bad_positions_is_good() -> None:
    state = HandState.from_position(BASE + "owed=run last=0", BASE_RULES)
    assert state.train_turn is not None
    assert state.train_turn.owed is Owed.RUN
    assert state.open_doubles == (End.train(0),)


@pytest.mark.parametrize(
    ("option", "field"),
    [
        ("trains=T0:-;T0:-", "trains"),
        ("trains=M:-;T0:-", "trains"),
        ("trains=T12:-", "trains"),
        ("trains=T0:3-2", "trains"),
        ("trains=T0", "trains"),
        ("markers=T1,T0", "markers"),
        ("markers=X", "markers"),
        ("doubles=T0,T0", "doubles"),
        ("doubles=T0:walk", "doubles"),
        ("firsts=1,0", "firsts"),
        ("firsts=a", "firsts"),
        ("owed=turn", "owed"),
        ("owed=", "owed"),
    ],
)
def test_malformed_train_fields_name_the_field(option: str, field: str) -> None:
    with pytest.raises(NotationError, match=rf"^bad position \({field}\)"):
        parse_position(f"d3 -/- - *3|3 0 play {option}")


def test_a_line_game_refuses_train_fields() -> None:
    with pytest.raises(NotationError, match=r"\(trains\): the ruleset is not a train game"):
        HandState.from_position(
            "d1 0-0/0-1 - *1|1 0 play trains=T0:-;T1:-", Ruleset(max_pip=1, players=2, hand_size=1)
        )


def test_position_train_round_trips_through_format_position() -> None:
    p = parse_position("d3 #1/#3 #3 *3|3 0 play trains=T0:3|2,2|2;T1:-;M:- doubles=T0:run")
    assert p.trains[0] == PositionTrain(end=End.train(0), tiles=((3, 2), (2, 2)))
    assert p.doubles == ((End.train(0), True),)


def _mutations(text: str, rng: random.Random) -> str:
    chars = list(text)
    for _ in range(rng.randrange(1, 4)):
        i = rng.randrange(len(chars))
        kind = rng.randrange(3)
        if kind == 0:
            del chars[i]
        elif kind == 1:
            chars.insert(i, rng.choice("0123456789|,;:-*TM= abdrun#/"))
        else:
            chars[i] = rng.choice("0123456789|,;:-*TM= abdrun#/")
    return "".join(chars)


@settings(max_examples=25, deadline=None)
@given(rules=train_rulesets(), seed=st.integers(0, 2**16))
def test_mutated_train_positions_raise_only_notation_errors(rules: Ruleset, seed: int) -> None:
    rng = random.Random(seed)
    for state in train_hand(rules, seed)[::2]:
        for _ in range(4):
            text = _mutations(state.position(), rng)
            try:
                back = HandState.from_position(text, rules)
            except NotationError:
                continue
            assert HandState.from_position(back.position(), rules) == back


@settings(max_examples=100, deadline=None)
@given(text=st.text(alphabet="0123456789|,;:-*TMd= abdrunplayovertrainsmkesfi#/", max_size=80))
def test_random_text_raises_only_notation_errors(text: str) -> None:
    with contextlib.suppress(NotationError):
        HandState.from_position(text, BASE_RULES)


# ---------------------------------------------------------------- records of train hands


@settings(max_examples=20, deadline=None)
@given(rules=train_rulesets(), seed=st.integers(0, 2**16), concede=st.booleans())
def test_records_of_random_train_hands_round_trip_and_replay(
    rules: Ruleset, seed: int, concede: bool
) -> None:
    states = train_hand(rules, seed, concede)
    final = states[-1]
    record = HandRecord.from_state(final, seed=seed)
    assert record.final == final
    for form in ("toml", "json"):
        text = records.dumps(record, format=form)
        back = records.loads(text)
        assert back == record
        assert back.final == final
        assert list(back.replay()) == states
        assert records.validate(text) == []
    # the deal written out replays the same
    dealt = HandRecord(
        rules=rules,
        deal=Deal.random(rules, seed=seed),
        moves=record.moves,
        conceded_by=record.conceded_by,
    )
    assert records.loads(records.dumps(dealt)).final == final


def test_a_train_hand_record_reads_train_tokens() -> None:
    rules = Ruleset.preset("mexican-train-6", max_pip=3, players=2, hand_size=3)
    deal = Deal(hands=[["3-2", "2-2", "0-1"], ["3-0", "1-1", "1-2"]], boneyard=[
        "0-0", "0-2", "1-3",
    ])  # fmt: skip
    record = HandRecord(rules=rules, deal=deal, moves=["0 2-3:T0", "0 2-2:T0", "0 stop", "1 0-3:M"])
    text = records.dumps(record)
    assert '"0 2-2:T0"' in text
    assert '"0 stop"' in text
    final = records.loads(text).final
    assert isinstance(final, HandState)
    assert final.open_doubles == (End.train(0),)
    bad = text.replace('"1 0-3:M"', '"1 1-2:T0"')
    problems = records.validate(bad)
    assert len(problems) == 1
    assert problems[0].move_number == 4
    assert problems[0].reason is IllegalMoveReason.TRAIN_NOT_OPEN
