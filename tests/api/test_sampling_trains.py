"""Sampling worlds of train games (docs/rules/trains.md), proved exact on small sets.

The same checks as `test_sampling` makes of the line games, on train rulesets:

* **Exactness** (exhaustive, double-3 and double-4, 2 and 3 seats): observations of
  random seeded hands in which another seat passed or drew, every deal of the set (less
  a set-aside engine) replayed through the engine along the public history, and
  ``count_worlds``, the sampler's exact distribution, seeded samples (chi-square),
  ``holders`` and ``voids`` compared with the consistent deals
  (`test_sampling.check_exact`). What a pass or a draw shows depends on the trains open
  to that seat then: its own, the Mexican train (from the first turn or after its own
  train), the marked ones, or an open double holding up play; under
  `EngineSource.DRAW_UNTIL_FOUND` the draws before the engine show who lacked it.
* **Consistency**: a sample is a world the seat cannot tell apart, a sampled deal
  replays into the observation, and the real deal is one of the worlds.
"""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_sampling import SAMPLES, Pick, both, check_exact, few_draws, scenarios

from dominoes import Deal, Draw, HandState, Pass, Ruleset, Tile, sampling
from dominoes.moves import Play
from dominoes.rules import (
    BlockDetection,
    DoubleDuty,
    DoubleFollow,
    EngineSource,
    MexicanOpen,
)
from strategies import VARIANT_SETTINGS, random_hand


def train(max_pip: int, players: int, hand_size: int, **fields: Any) -> Ruleset:
    """A small Mexican Train ruleset (``fields`` change it)."""
    name = fields.pop("preset", "mexican-train-6")
    return Ruleset.preset(name, max_pip=max_pip, players=players, hand_size=hand_size, **fields)


def others_did(kind: type) -> Pick:
    """Another seat than the observer made a move of this kind."""
    return lambda state, seat: any(
        s.seat != seat and isinstance(s.move, kind) for s in state.history
    )


def searched(state: HandState, seat: int) -> bool:
    """The hand began with draws for the engine (nobody was dealt it), one of them by
    another seat than the observer."""
    h = state.history
    return (
        bool(h)
        and isinstance(h[0].move, Draw)
        and any(s.seat != seat and isinstance(s.move, Draw) for s in h[:2])
    )


PassOrDraw = others_did(Pass | Draw)  # type: ignore[arg-type]

CASES: dict[str, tuple[Ruleset, Pick, int]] = {
    # name: (rules, pick, scenarios)
    "mexican-d3-2p": (train(3, 2, 3), both(PassOrDraw, few_draws(3)), 4),
    "mexican-d3-3p": (train(3, 3, 2), both(PassOrDraw, few_draws(3)), 3),
    "mexican-d4-2p": (train(4, 2, 3), both(others_did(Pass), few_draws(2)), 2),
    "private-d3-2p": (train(3, 2, 3, preset="private-trains"), both(PassOrDraw, few_draws(3)), 3),
    "after-own-train-no-run-d3-2p": (
        train(3, 2, 3, mexican_open_from=MexicanOpen.AFTER_OWN_TRAIN, first_turn_run=False),
        both(PassOrDraw, few_draws(3)),
        3,
    ),
    "multi-doubles-d3-2p": (
        train(3, 2, 3, double_follow=DoubleFollow.MULTI_DOUBLES, first_turn_run=False),
        both(PassOrDraw, few_draws(3)),
        3,
    ),
    "anywhere-layer-only-d3-2p": (
        train(
            3,
            2,
            3,
            double_follow=DoubleFollow.ANYWHERE,
            double_duty=DoubleDuty.LAYER_ONLY,
            first_turn_run=False,
        ),
        both(PassOrDraw, few_draws(3)),
        3,
    ),
    "holder-d3-2p": (
        train(3, 2, 3, engine_source=EngineSource.HOLDER),
        both(PassOrDraw, few_draws(3)),
        3,
    ),
    "draw-until-found-d3-2p": (
        train(3, 2, 3, engine_source=EngineSource.DRAW_UNTIL_FOUND),
        both(searched, few_draws(3)),
        3,
    ),
    "immediate-block-d3-2p-replay": (
        train(3, 2, 3, block_detection=BlockDetection.IMMEDIATE),
        both(PassOrDraw, few_draws(3)),
        2,
    ),
}


@pytest.mark.parametrize("case", list(CASES))
def test_sampling_trains_is_exact(case: str) -> None:
    rules, pick, limit = CASES[case]
    for k, scenario in enumerate(scenarios(rules, pick, limit)):
        try:
            check_exact(scenario.obs, scenario.initial, samples=SAMPLES // 3, seed=k)
        except AssertionError as e:  # pragma: no cover - shows which scenario failed
            raise AssertionError(f"{case}, {scenario.label}: {e}") from e


def test_a_pass_shows_only_the_trains_open_to_the_seat() -> None:
    """Worked by hand (double-4, 2 seats, the engine 4-4 set aside): seat 0 holds 0-0,
    0-1, 1-1 and has no 4: it draws 0-2 and passes (a marker on T0). Seat 1 lays 3-4 on
    the Mexican train (a first play off its own train ends its turn); T1 stays empty and
    unmarked, closed to seat 0. Seat 0 draws 1-2 and passes: it showed no 3 and no 4,
    the values of T0 and M, and every tile it holds was in its hand at that pass. Seat
    1 sees its own 2-4 and 2-3 and the table (4-4, 3-4): of the 11 tiles it cannot see,
    six have no 3 and no 4 (0-0, 0-1, 1-1, 0-2, 1-2, 2-2), and seat 0's five are five
    of them: C(6, 5) = 6 worlds."""
    t = Tile.parse
    rules = train(4, 2, 3)
    deal = Deal(
        hands=((t("0-0"), t("0-1"), t("1-1")), (t("3-4"), t("2-4"), t("2-3"))),
        boneyard=tuple(t(x) for x in ["0-2", "1-2", "2-2", "0-3", "1-3", "3-3", "0-4", "1-4"]),
    )
    state = HandState.start(rules, deal).apply_all("draw pass 3-4:M draw pass")
    obs = state.observation(1)
    assert obs.shown_voids[0] == {3, 4}
    assert sampling.voids(obs)[0] >= {3, 4}
    assert sampling.count_worlds(obs) == 6
    for tile, places in sampling.holders(obs).items():
        assert (0 in places) == (3 not in (tile.low, tile.high) and 4 not in (tile.low, tile.high))
    world = sampling.sample(obs, random.Random(0))
    assert world.layout == state.layout
    assert world.observation(1).legal_moves() == obs.legal_moves()


def test_draws_for_the_engine_show_who_lacked_it() -> None:
    """DRAW_UNTIL_FOUND: nobody was dealt 3-3; seat 0 drew 0-1 and seat 1 drew 3-3 (the
    turn stays with the finder, who lays it). Seat 0 knows seat 1's drawn tile is the
    engine, and that nobody was dealt it: the sampler places it there, every time."""
    t = Tile.parse
    rules = train(3, 2, 3, engine_source=EngineSource.DRAW_UNTIL_FOUND)
    deal = Deal(
        hands=((t("0-0"), t("0-2"), t("1-1")), (t("1-2"), t("2-2"), t("0-3"))),
        boneyard=(t("0-1"), t("3-3"), t("1-3"), t("2-3")),
    )
    state = HandState.start(rules, deal).apply_all("draw draw")
    assert state.turn == 1
    assert state.legal_moves() == (Play(tile=t("3-3")),)
    obs = state.observation(0)
    assert sampling.holders(obs)[t("3-3")] == (1,)
    rng = random.Random(2)
    for _ in range(5):
        deal_back = sampling.sample_deal(obs, rng)
        assert t("3-3") not in deal_back.hands[1]
        assert deal_back.boneyard[1] == t("3-3")
    # seat 1's dealt three are any three of the five others seat 0 cannot see (1-2,
    # 2-2, 0-3, 1-3, 2-3), the boneyard the other two
    assert sampling.count_worlds(obs) == 10


FUZZ = settings(VARIANT_SETTINGS, max_examples=25)
"""Seeded (derandomized), as the every-option properties."""
RULESETS = (
    *tuple(rules for rules, _pick, _limit in CASES.values()),
    Ruleset.preset("mexican-train-6"),
    Ruleset.preset("mexican-train-6", players=4),
)


@FUZZ
@given(rules=st.sampled_from(RULESETS), seed=st.integers(0, 2**32 - 1), pick=st.integers(0))
def test_samples_of_train_hands_are_worlds_the_seat_cannot_tell_apart(
    rules: Ruleset, seed: int, pick: int
) -> None:
    states = random_hand(rules, seed)
    state = states[pick % (len(states) - 1)]  # (not the end: nothing is hidden there)
    seat = pick // len(states) % rules.players
    obs = state.observation(seat)
    rng = random.Random(seed)
    world = sampling.sample(obs, rng)
    again = world.observation(seat)
    assert (
        attrs.evolve(again, history=obs.history, full_history=True, shown_voids=obs.shown_voids)
        == obs
    )
    assert sorted(
        [*world.layout.tiles, *world.boneyard, *(t for h in world.hands for t in h)]
    ) == sorted(rules.tile_set)
    deal = sampling.sample_deal(obs, rng)
    replayed = sampling.sampler(obs).replay(deal)
    assert replayed is not None
    assert replayed.observation(seat) == obs
    # the real deal is one of the worlds
    holders = sampling.holders(obs)
    voids = sampling.voids(obs)
    for other in range(rules.players):
        for tile in state.hand(other):
            if other != seat:
                assert other in holders[tile]
            assert tile.low not in voids[other]
            assert tile.high not in voids[other]
    for tile in state.boneyard:
        assert -1 in holders[tile]
    # the engine's cheap record is part of the exact inference (but just after a forced
    # draw whose tile fits: the seat to move holds it)
    for other in range(rules.players):
        if not (obs.drew and other == obs.turn):
            assert obs.shown_voids[other] <= voids[other]


def test_the_holder_of_the_engine_is_known_before_it_is_laid() -> None:
    """EngineSource.HOLDER (double-3, 2 seats): seat 1 holds 3-3 and is to lay it. Seat
    0 sees its own three tiles: seat 1 holds 3-3 and two of the six others it cannot
    see, C(6, 2) = 15 worlds."""
    t = Tile.parse
    rules = train(3, 2, 3, engine_source=EngineSource.HOLDER)
    deal = Deal(
        hands=((t("0-0"), t("0-1"), t("1-1")), (t("3-3"), t("0-2"), t("1-2"))),
        boneyard=(t("2-2"), t("0-3"), t("1-3"), t("2-3")),
    )
    state = HandState.start(rules, deal)
    obs = state.observation(0)
    assert obs.opening == t("3-3")
    assert obs.turn == 1
    assert sampling.holders(obs)[t("3-3")] == (1,)
    assert sampling.count_worlds(obs) == 15
    world = sampling.sample(obs, random.Random(4))
    assert t("3-3") in world.hand(1)
    assert world.legal_moves() == state.legal_moves()
