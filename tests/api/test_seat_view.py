"""What a game server needs from the engine: moves taken as a seat knows them, a
seat's view as data and as a position string, and concession (rule CONCEDE-1).

* `HandState.apply_as`: what is refused, and why, never depends on tiles hidden from
  the seat (checked on twin states that differ only in those tiles);
* `Observation.to_dict` / `Observation.from_dict` round-trip through JSON, and any
  damaged data is refused with a `DominoesError`, never a traceback;
* `HandState.position(seat=k)` reads back into seat k's observation;
* a finished hand's observation shows every hand.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from dominoes import (
    ArgumentTypeError,
    ArgumentValueError,
    ConcedeScoring,
    Deal,
    DominoesError,
    Draw,
    Ending,
    FaultMode,
    FaultPenalty,
    HandState,
    IllegalMoveError,
    IllegalMoveReason,
    NotationError,
    Observation,
    Ruleset,
    Scoring,
    Tile,
)
from dominoes.errors import RulesetError
from dominoes.notation import parse_position
from strategies import VARIANT_SETTINGS, VariantHand, variant_hands

# ---------------------------------------------------------------- helpers


def twins(state: HandState, seat: int, rng: random.Random, count: int) -> list[HandState]:
    """States with the same public position as ``state`` and the same hand for ``seat``,
    the tiles hidden from ``seat`` (other hands, the boneyard) dealt out differently."""
    hidden = [t for k, h in enumerate(state.hands) if k != seat for t in h]
    hidden += state.boneyard
    out = []
    for _ in range(count * 3):
        rng.shuffle(hidden)
        it = iter(hidden)
        hands = [list(h) if k == seat else [next(it) for _ in h] for k, h in enumerate(state.hands)]
        boneyard = list(it)
        p = parse_position(state.position())
        text = attrs.evolve(
            p, hands=tuple(tuple(sorted(h)) for h in hands), boneyard=tuple(boneyard)
        )
        try:
            out.append(HandState.from_position(text, state.rules))
        except NotationError:  # e.g. the forced opening tile moved away from the leader
            continue
        if len(out) == count:
            break
    return out


def candidates(state: HandState) -> list[object]:
    """Moves a client might send: every play of every tile, draws, passes, junk."""
    tiles = list(state.rules.tile_set)
    out: list[object] = ["draw", "pass", "draw 0-0", "junk", "6-6:X", Draw(tiles[-1])]
    for t in tiles:
        out += [str(t), f"{t}:L", f"{t}:R"]
    return out


def outcome(state: HandState, seat: int, move: object) -> str:
    """What ``apply_as`` does with ``move``: the reason it is refused (and the seat the
    error names), or ``ok`` and the faults it records."""
    try:
        after = state.apply_as(seat, move)  # type: ignore[arg-type]
    except IllegalMoveError as error:
        return f"{error.reason.name} by {error.seat}"
    return "ok" + ",".join(f.kind.name for f in after.faults[len(state.faults) :])


# ---------------------------------------------------------------- apply_as


@VARIANT_SETTINGS
@given(variant_hands(), st.integers(min_value=0, max_value=2**16))
def test_what_apply_as_refuses_never_depends_on_hidden_tiles(hand: VariantHand, seed: int) -> None:
    rng = random.Random(seed)
    states = list(hand.states)
    for state in rng.sample(states, min(4, len(states))):
        for seat in range(state.rules.players):
            mine = [outcome(state, seat, m) for m in candidates(state)]
            for twin in twins(state, seat, rng, 2):
                assert [outcome(twin, seat, m) for m in candidates(twin)] == mine


def test_apply_as_refuses_a_draw_that_names_a_tile_whatever_the_tile() -> None:
    rules = Ruleset.draw(voluntary_draw=True)
    state = HandState.start(rules, Deal.random(rules, seed=3)).apply_all("6-6")
    nxt = state.boneyard[0]
    for move in (Draw(nxt), f"draw {nxt}", Draw(Tile(0, 0))):
        with pytest.raises(IllegalMoveError) as info:
            state.apply_as(state.turn, move)
        assert info.value.reason is IllegalMoveReason.DRAW_NAMES_TILE
    after = state.apply_as(state.turn, "draw")
    assert after.hand(state.turn) == tuple(sorted((*state.hand(state.turn), nxt)))


@pytest.mark.parametrize("seat", [5, -1, True, "0", None, 1.0])
def test_a_seat_outside_the_table_is_refused_with_its_own_reason(seat: object) -> None:
    rules = Ruleset.block()
    state = HandState.start(rules, Deal.random(rules, seed=3))
    for call in (state.apply_as, state.check_as):
        with pytest.raises(IllegalMoveError) as info:
            call(seat, "6-6")  # type: ignore[arg-type]
        assert info.value.reason is IllegalMoveReason.NO_SUCH_SEAT
        assert info.value.seat == seat
        assert "there is no such seat at the table (seats are 0 to 1)" in str(info.value)
    if seat is not None:  # apply(seat=None) means "no seat given"
        with pytest.raises(IllegalMoveError) as info:
            state.apply("6-6", seat=seat)  # type: ignore[arg-type]
        assert info.value.reason is IllegalMoveReason.NO_SUCH_SEAT


def test_the_wrong_seat_is_named_as_the_seat_that_tried() -> None:
    rules = Ruleset.block()
    state = HandState.start(rules, Deal.random(rules, seed=3))
    assert state.turn == 1
    with pytest.raises(IllegalMoveError) as info:
        state.apply_as(0, "6-6")
    assert info.value.seat == 0
    assert str(info.value) == (
        "illegal move 6-6 by seat 0: it is not that seat's turn; seat 1 is to move"
    )
    with pytest.raises(IllegalMoveError) as info:
        state.apply("6-6", seat=0)
    assert info.value.seat == 0
    with pytest.raises(IllegalMoveError) as info:
        state.apply("0-1")
    assert info.value.seat == 1  # without a seat: the seat to move tried it


def test_apply_takes_move_tokens_and_apply_all_a_line_of_them() -> None:
    rules = Ruleset.block()
    start = HandState.start(rules, Deal.random(rules, seed=3))
    by_token = start.apply("6-6").apply("4-6:L")
    assert start.apply_all("6-6 4-6:L") == by_token
    assert start.apply_all(["6-6", "4-6:L"]).history == by_token.history
    with pytest.raises(IllegalMoveError) as info:
        start.apply_all("6-6 6-6:L")
    assert info.value.reason is IllegalMoveReason.TILE_NOT_IN_HAND


# ---------------------------------------------------------------- CONCEDE-1


def concede_state(rules: Ruleset, seed: int = 3) -> HandState:
    return HandState.start(rules, Deal.random(rules, seed=seed)).apply_all("6-6")


def test_concede_1_the_other_side_scores_as_if_it_had_dominoed() -> None:
    rules = Ruleset.block()
    state = concede_state(rules)
    result = state.concede(1).result
    assert result is not None
    assert result.ending is Ending.CONCEDED
    assert result.conceded_by == 1
    assert result.winners == (0,)
    # seat 0's own tiles count as gone out: it scores seat 1's pips, as a domino would
    assert result.points == (state.pips(1), 0)
    assert result.pips == (state.pips(0), state.pips(1))


def test_concede_1_any_seat_may_concede_at_any_time() -> None:
    rules = Ruleset.block()
    state = concede_state(rules)
    assert state.turn == 0
    done = state.concede(1)  # seat 1 is not to move
    assert done.is_over
    assert done.turn == 1
    assert done.history == state.history
    lead = HandState.start(rules, Deal.random(rules, seed=3))
    assert lead.concede(0).result.winners == (1,)  # type: ignore[union-attr]


def test_concede_1_partnership_the_opposing_side_wins() -> None:
    rules = Ruleset.block(players=4, partnership=True)
    state = HandState.start(rules, Deal.random(rules, seed=3))
    result = state.concede(2).result
    assert result is not None
    assert result.winners == (1, 3)
    side = state.pips(0) + state.pips(2)
    assert result.points == (0, side, 0, side)


def test_concede_1_with_three_sides_the_next_seat_wins() -> None:
    rules = Ruleset.draw(players=3)
    state = HandState.start(rules, Deal.random(rules, seed=5))
    result = state.concede(2).result
    assert result is not None
    assert result.winners == (0,)
    assert result.points == (state.pips(1) + state.pips(2), 0, 0)


def test_concede_1_with_three_sides_and_points_every_other_side_scores() -> None:
    rules = Ruleset(
        max_pip=3,
        players=3,
        hand_size=2,
        concede_scoring=ConcedeScoring.POINTS,
        concede_points=25,
    )
    deal = Deal(
        hands=[["3-3", "0-1"], ["0-2", "1-2"], ["1-1", "2-2"]],
        boneyard=["0-0", "0-3", "1-3", "2-3"],
    )
    for seat in range(3):
        result = HandState.start(rules, deal).apply_all("3-3").concede(seat).result
        assert result is not None
        assert result.winners == tuple(s for s in range(3) if s != seat)
        assert result.points == tuple(0 if s == seat else 25 for s in range(3))
    penalty = attrs.evolve(rules, scoring=Scoring.PENALTY)
    result = HandState.start(penalty, deal).concede(1).result  # before the lead
    assert result is not None
    assert result.points == (0, 25, 0)


def test_concede_1_as_a_domino_under_the_other_scoring_options() -> None:
    state = concede_state(Ruleset.block())
    assert (state.pips(0), state.pips(1), sum(t.pips for t in state.boneyard)) == (40, 35, 81)
    # POINTS-4: rounded to 5, as a domino would be
    rounded = concede_state(Ruleset.block(round_to=5)).concede(1).result
    assert rounded is not None
    assert rounded.points == (35, 0)
    rounded = concede_state(Ruleset.block(round_to=10)).concede(0).result
    assert rounded is not None
    assert rounded.points == (0, 40)
    # POINTS-5: the boneyard's pips go to the winners
    stock = concede_state(Ruleset.block(stock_pips=True)).concede(1).result
    assert stock is not None
    assert stock.points == (35 + 81, 0)
    # POINTS-1 and POINTS-2 count the winners' own pips: their tiles count as gone out
    for scoring in (Scoring.OPPONENTS_MINUS_OWN, Scoring.ALL_PIPS):
        result = concede_state(Ruleset.block(scoring=scoring)).concede(1).result
        assert result is not None
        assert result.points == (35, 0)


def test_concede_1_fault_penalties_are_still_added() -> None:
    rules = Ruleset(
        max_pip=3,
        players=2,
        hand_size=4,
        faults=FaultMode.TOLERANT,
        fault_penalty=FaultPenalty.POINTS,
        fault_points=30,
    )
    deal = Deal(
        hands=[["3-3", "0-0", "1-2", "2-3"], ["0-1", "1-1", "2-2", "1-3"]],
        boneyard=["0-2", "0-3"],
    )
    state = HandState.start(rules, deal).apply_all("3-3 pass")  # seat 1's false pass
    assert len(state.faults) == 1
    result = state.concede(1).result
    assert result is not None
    assert result.winners == (0,)
    assert result.points == (state.pips(1) + 30, 0)
    assert result.penalties == (30, 0)
    assert result.faults == state.faults


def test_concede_1_a_fixed_number_of_points() -> None:
    rules = Ruleset.block(concede_scoring=ConcedeScoring.POINTS, concede_points=50)
    result = concede_state(rules).concede(0).result
    assert result is not None
    assert result.winners == (1,)
    assert result.points == (0, 50)
    penalty = attrs.evolve(rules, scoring=Scoring.PENALTY)
    result = concede_state(penalty).concede(0).result
    assert result is not None
    assert result.points == (50, 0)  # the conceding side takes the penalty


def test_concede_1_under_penalty_scoring_as_a_domino() -> None:
    rules = Ruleset.block(scoring=Scoring.PENALTY)
    state = concede_state(rules)
    result = state.concede(1).result
    assert result is not None
    assert result.winners == (0,)
    assert result.points == (0, state.pips(1))


def test_concede_1_refusals_and_the_position() -> None:
    rules = Ruleset.block()
    state = concede_state(rules)
    done = state.concede(0)
    with pytest.raises(IllegalMoveError) as info:
        done.concede(1)
    assert info.value.reason is IllegalMoveReason.HAND_OVER
    with pytest.raises(IllegalMoveError) as info:
        state.concede(2)
    assert info.value.reason is IllegalMoveReason.NO_SUCH_SEAT
    assert "over:conceded" in done.position()
    assert HandState.from_position(done.position(), rules) == done
    assert HandState.from_position(done.position(), rules).result == done.result


# ---------------------------------------------------------------- views as data


def views(hand: VariantHand) -> list[Observation]:
    return [s.observation(k) for s in hand.states for k in range(s.rules.players)]


@VARIANT_SETTINGS
@given(variant_hands())
def test_observations_round_trip_through_json(hand: VariantHand) -> None:
    for obs in views(hand):
        data = json.loads(json.dumps(obs.to_dict()))
        back = Observation.from_dict(data)
        assert back == obs
        assert back.to_dict() == data


@pytest.mark.parametrize("name", Ruleset.presets())
def test_observations_round_trip_under_every_preset(name: str) -> None:
    rules = Ruleset.preset(name)
    for seed in range(6):
        try:
            state = HandState.start(rules, Deal.random(rules, seed=seed))
        except DominoesError:
            continue
        rng = random.Random(seed)
        while True:
            for seat in range(rules.players):
                obs = state.observation(seat)
                assert Observation.from_dict(json.loads(json.dumps(obs.to_dict()))) == obs
            if state.is_over:
                break
            moves = state.legal_moves()
            state = state.apply(moves[rng.randrange(len(moves))])


def test_to_dict_documents_its_keys() -> None:
    rules = Ruleset.draw()
    data = concede_state(rules).observation(0).to_dict()
    assert list(data) == [
        "format",
        "version",
        "rules",
        "seat",
        "hand",
        "line",
        "lead",
        "history",
        "hand_sizes",
        "boneyard_size",
        "turn",
        "opening",
        "round",
        "drew",
        "last",
        "false_pass",
        "faults",
        "ending",
        "result",
        "hands",
        "full_history",
        "shown_voids",
    ]
    assert data["format"] == "dominoes.observation"
    assert data["version"] == 1


def shown_state() -> HandState:
    """2-player Block, seed 15: seat 1 leads 6-6 and seat 0 passes (it has no 6)."""
    rules = Ruleset.block()
    return HandState.start(rules, Deal.random(rules, seed=15)).apply_all("6-6 pass")


def test_shown_voids_are_written_and_read_back() -> None:
    obs = shown_state().observation(1)
    assert obs.shown_voids == (frozenset({6}), frozenset())
    data = obs.to_dict()
    assert data["shown_voids"] == [[6], []]
    assert Observation.from_dict(json.loads(json.dumps(data))) == obs


def test_data_without_shown_voids_still_reads_with_every_entry_empty() -> None:
    """Data written before the key existed (the format's version is still 1)."""
    obs = shown_state().observation(1)
    data = obs.to_dict()
    del data["shown_voids"]
    assert data["version"] == 1
    back = Observation.from_dict(data)
    assert back.shown_voids == (frozenset(), frozenset())
    assert back == attrs.evolve(obs, shown_voids=(frozenset(), frozenset()))


@pytest.mark.parametrize(
    "value",
    [None, 5, "6", [[6]], [[6], [], []], [[7], []], [[-1], []], [["6"], []], [[True], []], [6, []]],
)
def test_bad_shown_voids_are_refused_naming_the_key(value: object) -> None:
    data = shown_state().observation(1).to_dict()
    data["shown_voids"] = value
    with pytest.raises(ArgumentValueError, match=r"^data\['shown_voids'\] must be ") as error:
        Observation.from_dict(data)
    assert error.value.argument == "data"


def mutations(data: dict[str, Any], rng: random.Random) -> list[dict[str, Any]]:
    junk: list[Any] = [None, -1, 7, 10**9, "x", "6-6", [], [1, 2], {}, {"a": 1}, True, 1.5]
    out = []
    for key in data:
        for value in rng.sample(junk, 4):
            changed = copy.deepcopy(data)
            changed[key] = value
            out.append(changed)
        removed = copy.deepcopy(data)
        del removed[key]
        out.append(removed)
    for key in ("hand", "history", "line", "faults", "hand_sizes"):
        if data[key]:
            changed = copy.deepcopy(data)
            changed[key][0] = rng.choice(junk)
            out.append(changed)
    changed = copy.deepcopy(data)
    changed["rules"]["players"] = 3
    out.append(changed)
    return out


@pytest.mark.parametrize("seed", range(4))
def test_damaged_observation_data_is_refused_with_a_dominoes_error(seed: int) -> None:
    rules = Ruleset.draw()
    rng = random.Random(seed)
    state = HandState.start(rules, Deal.random(rules, seed=seed))
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_moves()))
        if rng.random() < 0.2:
            obs = state.observation(rng.randrange(2))
            for data in mutations(obs.to_dict(), rng):
                try:
                    back = Observation.from_dict(data)
                except DominoesError as error:
                    message = str(error)
                else:  # a change the position allows (a value equal to the old one)
                    # shown_voids is optional: without it, every entry reads empty
                    assert back.to_dict() == {"shown_voids": [[], []], **data}
                    continue
                assert "\n" not in message
                assert "data" in message
    with pytest.raises(ArgumentTypeError):
        Observation.from_dict([])  # type: ignore[arg-type]
    with pytest.raises(RulesetError):
        Observation.from_dict({**state.observation(0).to_dict(), "rules": {"players": 2}})


# ---------------------------------------------------------------- a seat's position


@VARIANT_SETTINGS
@given(variant_hands())
def test_a_seats_position_reads_back_into_its_observation(hand: VariantHand) -> None:
    for state in hand.states:
        rules = state.rules
        for seat in range(rules.players):
            text = state.position(seat=seat)
            obs = Observation.from_position(text, rules, seat=seat)
            assert obs == HandState.from_position(state.position(), rules).observation(seat)
            if not state.is_over:
                for k, hand_ in enumerate(state.hands):
                    if k != seat and hand_:
                        assert not any(str(t) in text.split()[1].split("/")[k] for t in hand_)


def test_a_seats_position_hides_the_other_hands_and_the_boneyard() -> None:
    rules = Ruleset.draw()
    state = concede_state(rules)
    fields = state.position(seat=0).split()
    assert fields[1].split("/")[1] == "#6"
    assert fields[2] == "#14"
    with pytest.raises(NotationError, match="own hand is hidden"):
        Observation.from_position(state.position(seat=0), rules, seat=1)
    with pytest.raises(ArgumentValueError):
        state.position(seat=2)
    with pytest.raises(ArgumentValueError):
        Observation.from_position(state.position(seat=0), rules, seat=2)


def test_a_finished_hand_shows_every_hand() -> None:
    rules = Ruleset.block()
    done = concede_state(rules).concede(0)
    for seat in range(2):
        assert done.observation(seat).hands == done.hands
        assert done.position(seat=seat) == done.position()
    assert concede_state(rules).observation(0).hands is None
    text = done.position().replace(done.position().split()[2], "#14")
    with pytest.raises(NotationError, match="a finished hand shows every hand"):
        Observation.from_position(text, rules, seat=0)


def test_concede_1_a_hand_conceded_before_the_lead_reads_back() -> None:
    rules = Ruleset.block()
    done = HandState.start(rules, Deal.random(rules, seed=3)).concede(0)
    assert done.position().split()[3:] == ["-", "0", "over:conceded"]
    back = HandState.from_position(done.position(), rules)
    assert back == done
    assert back.result == done.result
    for seat in range(2):
        obs = done.observation(seat)
        assert obs.opening is None
        assert Observation.from_dict(obs.to_dict()) == obs


def test_a_long_client_text_is_not_echoed_at_length() -> None:
    rules = Ruleset.block()
    state = HandState.start(rules, Deal.random(rules, seed=3))
    with pytest.raises(IllegalMoveError) as info:
        state.apply_as(1, "x" * 5000)
    assert info.value.reason is IllegalMoveReason.NOT_A_MOVE
    assert len(str(info.value)) < 200
