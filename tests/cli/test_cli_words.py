"""`dominoes.words`: moves in words, as the command line says them, for any interface."""

from __future__ import annotations

import itertools
import random

import pytest

from dominoes import (
    DRAW,
    PASS,
    ArgumentTypeError,
    ArgumentValueError,
    Deal,
    Draw,
    End,
    HandState,
    Phase,
    Play,
    Ruleset,
    Step,
    Tile,
)
from dominoes.words import __all__ as public
from dominoes.words import describe_choice, describe_move, describe_step


def start(rules: Ruleset, seed: int) -> HandState:
    return HandState.start(rules, Deal.random(rules, seed=seed))


def blocked_draw_game() -> list[HandState]:
    """Every state of the demo's hand (Draw game, seed 25: it ends in a verification
    round), heaviest tile first."""
    from dominoes.cli import heaviest_first

    states = [start(Ruleset.draw(), 25)]
    while not states[-1].is_over:
        states.append(states[-1].apply(heaviest_first(states[-1])))
    return states


def test_the_public_names() -> None:
    assert sorted(public) == [
        "describe_choice",
        "describe_match",
        "describe_move",
        "describe_rules",
        "describe_step",
        "game_name",
    ]


def test_every_kind_of_move_in_words() -> None:
    states = blocked_draw_game()
    said = [
        describe_move(after.history[-1].move, before)
        for before, after in itertools.pairwise(states)
    ]
    assert said[0] == "leads 6-6"
    assert said[1] == "plays 0-6 on the left"
    assert said[8] == "draws 2-5 (13 left)"
    assert "passes: cannot play, proposes a block (verification round opens)" in said
    assert "plays 3-3 on the left: the round is void" in said
    assert said[-1] == "passes: confirms that they cannot play"


@pytest.mark.parametrize("preset", Ruleset.presets())
def test_a_seat_never_reads_another_seats_drawn_tile(preset: str) -> None:
    """From every seat's observation (and with ``viewer=``) the words are those of the
    full state, except that another seat's draw names no tile."""
    rules = Ruleset.preset(preset)
    for seed in range(6):
        state = start(rules, seed)
        rng = random.Random(seed)
        while not state.is_over:
            moves = state.legal_moves()
            after = state.apply(moves[rng.randrange(len(moves))])
            step = after.history[-1]
            full = describe_step(step, state)
            for seat in range(rules.players):
                view = after.observation(seat).history[-1]
                mine = describe_step(view, state.observation(seat))
                assert mine == describe_step(step, state, viewer=seat)
                assert mine == describe_step(step, state.observation(seat))  # the tile given
                if isinstance(step.move, Draw) and step.seat != seat:
                    assert mine == f"seat {step.seat} draws a tile ({len(after.boneyard)} left)"
                    assert str(step.move.tile) not in mine
                else:
                    assert mine == full
            state = after


def test_a_draw_without_a_tile_and_a_draw_as_chosen() -> None:
    states = blocked_draw_game()
    before = states[8]  # seat 0 draws 2-5
    assert describe_move(DRAW, before) == "draws a tile (13 left)"
    assert describe_move(DRAW, before.observation(0)) == "draws a tile (13 left)"
    assert describe_move(Draw(Tile(2, 5)), before.observation(0)) == "draws 2-5 (13 left)"
    assert describe_move(Draw(Tile(2, 5)), before.observation(1)) == "draws a tile (13 left)"


def test_describe_step_names_the_seat() -> None:
    state = start(Ruleset.block(), 3)
    after = state.apply(state.legal_moves()[0])
    step = after.history[-1]
    assert describe_step(step, state) == "seat 1 leads 6-6"
    assert describe_step(step, state.observation(0), names=["Ana", "Ben"]) == (
        "seat 1 (Ben) leads 6-6"
    )


def test_describe_choice() -> None:
    states = blocked_draw_game()
    first = states[0]
    assert describe_choice(first.legal_moves()[0], first) == "lead 6-6"
    second = states[1]
    assert describe_choice(second.legal_moves()[0], second.observation(1)) == (
        "play 0-6 on the left (the 6 end)"
    )
    assert describe_choice(Draw(Tile(2, 5)), states[8]) == "draw from the boneyard"
    assert describe_choice(PASS, first) == "pass"
    in_round = next(s for s in states if s.phase is Phase.VERIFICATION)
    assert describe_choice(PASS, in_round) == "pass: confirm that you cannot play"
    assert describe_choice(PASS, in_round.observation(0)) == "pass: confirm that you cannot play"


@pytest.mark.parametrize(
    ("call", "error", "argument"),
    [
        (lambda s: describe_move("6-6", s), ArgumentTypeError, "move"),  # type: ignore[arg-type]
        (lambda s: describe_move(PASS, "state"), ArgumentTypeError, "before"),  # type: ignore[arg-type]
        (lambda s: describe_move(PASS, s, viewer=2), ArgumentValueError, "viewer"),
        (lambda s: describe_move(PASS, s, viewer=True), ArgumentValueError, "viewer"),
        (lambda s: describe_move(PASS, s.observation(0), viewer=1), ArgumentValueError, "viewer"),
        (lambda s: describe_step(PASS, s), ArgumentTypeError, "step"),  # type: ignore[arg-type]
        (lambda s: describe_step(Step(seat=0, move=PASS), s), ArgumentValueError, "step"),
        (lambda s: describe_step(Step(seat=1, move=PASS), None), ArgumentTypeError, "before"),  # type: ignore[arg-type]
        (
            lambda s: describe_step(Step(seat=1, move=PASS), s, names=["Ana"]),
            ArgumentValueError,
            "names",
        ),
        (lambda s: describe_choice(None, s), ArgumentTypeError, "move"),  # type: ignore[arg-type]
        (
            lambda s: describe_choice(Play(tile=Tile(6, 6), end=End.LEFT), s),
            ArgumentValueError,
            "move",
        ),
    ],
)  # fmt: skip
def test_bad_arguments_name_the_argument(
    call: object, error: type[ArgumentTypeError | ArgumentValueError], argument: str
) -> None:
    state = start(Ruleset.block(), 3)  # seat 1 is to move, the layout is empty
    with pytest.raises(error) as info:
        call(state)  # type: ignore[operator]
    assert getattr(info.value, "argument", None) == argument
    assert str(info.value).startswith(argument)
