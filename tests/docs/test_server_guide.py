"""The server guide's `Table` (docs/tutorials/server.md) holds up against random clients.

The `Table` under test is the guide's own: its examples are run to build it. Whole matches
are played through it on several presets and seeds, by clients that send random text
(legal moves, illegal ones, probes of the boneyard, junk, concessions) for random seats, on
a clock that sometimes runs out. After every request:

* every message a seat is sent holds no tile it has not seen: its own hand, its own draws,
  the tiles laid and the forced opening tile, and every hand once the hand is over; and the
  observation in it is the seat's observation;
* a refusal goes to the sender alone, changes nothing, and has the reason `check_as` gives
  on a twin state that has the same public position and the seat's hand, the hidden tiles
  dealt differently (`sampling.sample`);
* the table is saved, resumed from the saved text, and the resumed table gives every seat
  the same view; play goes on from the resumed table.
"""

from __future__ import annotations

import contextlib
import doctest
import io
import json
import random
import re
from collections.abc import Callable, Iterator
from typing import Any, Protocol, cast

import pytest

from dominoes import (
    ConcedeScoring,
    Draw,
    FaultMode,
    FaultPenalty,
    HandState,
    IllegalMoveError,
    Match,
    Observation,
    Ruleset,
    Tile,
    sampling,
)
from paths import DOCS

GUIDE = DOCS / "tutorials" / "server.md"
TILE = re.compile(r"(?<![0-9])([0-9]+)-([0-9]+)(?![0-9])")


class TableLike(Protocol):
    match: Match
    saved: str
    deadline: float

    def view(self, seat: object) -> str: ...

    def submit(self, seat: object, text: object) -> dict[int, str]: ...

    def tick(self) -> dict[int, str]: ...


class TableClass(Protocol):
    def create(self, rules: Ruleset, *, seed: int, clock: Callable[[], float]) -> TableLike: ...

    def resume(self, saved: str, *, clock: Callable[[], float]) -> TableLike: ...


def guide_table() -> TableClass:
    """The guide's `Table`, built by running the guide's examples that define it: the
    imports, the class, the functions and their assignment to the class."""
    namespace: dict[str, Any] = {}
    examples = doctest.DocTestParser().get_examples(GUIDE.read_text(encoding="utf-8"))
    defining = re.compile(r"(import |from |class |def |Table\.\w+(, Table\.\w+)* = )")
    with contextlib.redirect_stdout(io.StringIO()):
        for example in examples:
            if defining.match(example.source):
                exec(compile(example.source, str(GUIDE), "exec"), namespace)
    return cast(TableClass, namespace["Table"])


Table = guide_table()


class Clock:
    """The server's clock, moved on by hand."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


# ---------------------------------------------------------------- what a seat has seen


def seen(state: HandState, seat: int) -> set[Tile]:
    """Every tile ``seat`` has seen in the hand ``state`` is at."""
    tiles = set(state.hand(seat))
    tiles |= {Tile(min(a, b), max(a, b)) for a, b in state.layout.line}
    tiles |= {
        step.move.tile
        for step in state.history
        if step.seat == seat and isinstance(step.move, Draw) and step.move.tile is not None
    }
    if state.is_over:
        tiles |= {t for hand in state.hands for t in hand}
    return tiles


def strings(data: object) -> Iterator[str]:
    """Every string in JSON data, but for the ruleset (whose options may name a tile)."""
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        for key, value in data.items():
            if key != "rules":
                yield from strings(value)
    elif isinstance(data, list):
        for value in data:
            yield from strings(value)


def check_message(text: str, state: HandState, seat: int) -> dict[str, Any]:
    """A message sent to ``seat`` after a change: its view, with no tile it has not seen."""
    data = json.loads(text)
    assert isinstance(data, dict)
    observation = state.observation(seat)
    assert data["observation"] == observation.to_dict()
    assert Observation.from_dict(data["observation"]) == observation
    allowed = seen(state, seat)
    if isinstance(observation.opening, Tile):  # the rules force it: public
        allowed.add(observation.opening)
    shown = {
        Tile(min(int(a), int(b)), max(int(a), int(b)))
        for s in strings(data)
        for a, b in TILE.findall(s)
    }
    shown |= {Tile(min(a, b), max(a, b)) for a, b in data["observation"]["line"]}
    assert shown <= allowed, (seat, shown - allowed, text)
    return data


# ---------------------------------------------------------------- random clients


def seated(table: TableLike, seat: object) -> bool:
    return type(seat) is int and 0 <= seat < table.match.rules.players


def random_text(rng: random.Random, table: TableLike, seat: object) -> object:
    """What a client might send: often a legal move, else anything."""
    state = table.match.state
    top = state.boneyard[0] if state.boneyard else Tile(0, 0)
    tiles = list(state.rules.tile_set)
    tile = rng.choice(tiles)
    roll = rng.random()
    if roll < 0.002:
        return "concede"
    if roll < 0.0025:
        return "concede match"
    if roll < 0.55 and seated(table, seat):
        moves = json.loads(table.view(seat)).get("moves", [])
        if moves:
            return rng.choice(moves)["send"]
    return rng.choice(
        [
            str(tile),
            f"{tile}:L",
            f"{tile}:R",
            "draw",
            "pass",
            f"draw {top}",  # a probe that names the real next tile
            f"draw {tile}",
            "",
            "6-6 6-5",
            "Draw",
            None,
            7,
            {"move": "draw"},
            "x" * rng.randrange(1, 300),
        ]
    )


def random_seat(rng: random.Random, table: TableLike) -> object:
    players = table.match.rules.players
    if rng.random() < 0.7 and not table.match.state.is_over:
        return table.match.state.turn
    return rng.choice([*range(players), players, -1, "0", True, None, 0.0])


def outcome(state: HandState, seat: object, text: object) -> str | None:
    """What `check_as` says of ``text`` from ``seat``: ``None`` or the reason's value."""
    try:
        state.check_as(cast(Any, seat), cast(Any, text))
    except IllegalMoveError as error:
        return error.reason.value
    return None


def step(table: TableLike, clock: Clock, rng: random.Random, twins: random.Random) -> TableLike:
    """One request (or one tick of the clock), checked; the table, saved and resumed."""
    match = table.match
    before_saved = table.saved
    before_views = [table.view(k) for k in range(match.rules.players)]
    if match.state.is_over or rng.random() < 0.002:
        clock.now = table.deadline  # the pause after a hand, or a seat out of time
        sent = table.tick()
        assert sorted(sent) == list(range(match.rules.players))
    else:
        seat = random_seat(rng, table)
        text = random_text(rng, table, seat)
        sent = table.submit(seat, text)
        reply = json.loads(sent[seat]) if seat in sent else None
        if isinstance(reply, dict) and "refused" in reply:
            assert list(sent) == [seat], sent
            assert set(reply) == {"refused", "why"}
            assert table.saved == before_saved
            assert [table.view(k) for k in range(match.rules.players)] == before_views
            reason = reply["refused"]
            if not seated(table, seat):
                assert reason == "no_such_seat"
            elif text in ("concede", "concede match"):
                assert reason == "hand_over"
            else:
                assert reason == outcome(match.state, seat, text)
                if isinstance(text, str) and text.startswith("draw "):
                    assert reason in ("not_your_turn", "draw_names_tile", "not_a_move"), text
                if not match.state.is_over:
                    assert isinstance(seat, int)
                    twin = sampling.sample(match.state.observation(seat), twins)
                    assert outcome(twin, seat, text) == reason, (seat, text)
            return table
        assert sorted(sent) == list(range(match.rules.players))
        if text not in ("concede", "concede match"):
            assert isinstance(seat, int)
            assert outcome(match.state, seat, text) is None
            twin = sampling.sample(match.state.observation(seat), twins)
            assert outcome(twin, seat, text) is None
    state = table.match.state
    for k, text in sent.items():
        check_message(text, state, k)
    again = Table.resume(table.saved, clock=clock)
    assert again.match == table.match
    assert [again.view(k) for k in range(state.rules.players)] == [
        table.view(k) for k in range(state.rules.players)
    ]
    return again


RULES = {
    "draw": Ruleset.preset("draw", target=50),
    "block": Ruleset.preset("block", target=40),
    "partnership": Ruleset.preset("partnership", target=60),
    "pagat-draw": Ruleset.preset(
        "pagat-draw", target=30, concede_scoring=ConcedeScoring.POINTS, concede_points=20
    ),
    "abw333": Ruleset.preset("abw333", target=100),
    "draw, tolerant": Ruleset.preset(
        "draw", target=120, faults=FaultMode.TOLERANT, fault_penalty=FaultPenalty.POINTS
    ),
}


@pytest.mark.parametrize(("name", "seed"), [(name, seed) for name in RULES for seed in (1, 2)])
def test_whole_matches_through_the_guide_table(name: str, seed: int) -> None:
    rules = RULES[name]
    rng, twins, clock = random.Random(f"{name}:{seed}"), random.Random(-seed), Clock()
    table = Table.create(rules, seed=1000 + seed, clock=clock)
    for k in range(rules.players):
        check_message(table.view(k), table.match.state, k)
    requests = 0
    while not table.match.is_over:
        table = step(table, clock, rng, twins)
        requests += 1
        assert requests < 5000
    assert table.match.winner is None or table.match.winner in rules.teams
    # once the match is over, nothing is taken and the timer does nothing
    clock.now += 3600
    assert table.tick() == {}
    for k in range(rules.players):
        assert json.loads(table.submit(k, "draw")[k])["refused"] == "hand_over"
        assert json.loads(table.view(k))["match_over"] is True


def test_a_seat_concedes_the_match_between_hands_and_in_one() -> None:
    clock = Clock()
    table = Table.create(Ruleset.preset("block", players=3, target=200), seed=5, clock=clock)
    sent = table.submit(2, "concede")  # the first hand
    assert json.loads(sent[0])["said"] == "seat 2 concedes the hand"
    assert json.loads(table.submit(2, "concede")[2])["refused"] == "hand_over"
    table = Table.resume(table.saved, clock=clock)
    sent = table.submit(1, "concede match")  # between hands
    for k, text in sent.items():
        data = check_message(text, table.match.state, k)
        assert data["said"] == "seat 1 concedes the match"
        assert data["match_over"] is True
        assert data["deadline"] is None
    assert table.match.conceded_by == 1
    assert Table.resume(table.saved, clock=clock).match == table.match
    table = Table.create(Ruleset.preset("draw"), seed=5, clock=clock)
    table.submit(table.match.state.turn, str(table.match.state.legal_moves()[0]))
    sent = table.submit(0, "concede match")  # in a hand, whoever is to move
    result = table.match.results[-1]
    assert (result.conceded_by, table.match.winner) == (0, (1,))
    for k, text in sent.items():
        assert check_message(text, table.match.state, k)["winner"] == [1]
    again = Table.resume(table.saved, clock=clock)
    assert [again.view(k) for k in range(2)] == [table.view(k) for k in range(2)]


def test_a_probe_of_the_boneyard_is_refused_whatever_the_tile() -> None:
    clock = Clock()
    table = Table.create(Ruleset.preset("draw"), seed=2009, clock=clock)
    table.submit(table.match.state.turn, table.match.state.legal_moves()[0].__str__())
    state = table.match.state
    assert state.legal_moves() == (Draw(),)
    answers = {
        json.loads(table.submit(state.turn, f"draw {tile}")[state.turn])["refused"]
        for tile in state.rules.tile_set
    }
    assert answers == {"draw_names_tile"}
    assert table.match.state is state


def test_the_view_of_a_hand_conceded_before_the_lead_reads_back() -> None:
    table = Table.create(Ruleset.preset("block"), seed=3, clock=Clock())
    data = json.loads(table.submit(0, "concede")[1])
    assert data["observation"]["ending"] == "conceded"
    assert Observation.from_dict(data["observation"]) == table.match.state.observation(1)
