"""Sampling worlds of layouts with arms (docs/rules/spinner.md), proved exact on small sets.

The same checks as `test_sampling` makes of the line games, on spinner rulesets:

* **Exactness** (exhaustive, double-2 and double-3, 2 and 3 seats, with drawing and
  without, spinners FIRST_DOUBLE, EVERY_DOUBLE and LEAD_DOUBLE (and none: a line
  that scores on play), the fills
  LONG_SIDES_FIRST, ALL_FOUR_FIRST and ONE_TILE_EACH_SIDE, play scoring on; and
  Chicken Foot's toes, FOOT-1 to FOOT-3): observations
  of random seeded hands, every deal of the set replayed through the engine along the
  public history, and ``count_worlds``, the sampler's exact distribution, seeded samples
  (chi-square), ``holders`` and ``voids`` compared with the consistent deals
  (`test_sampling.check_exact`). Most scenarios are chosen where another seat passed or
  drew while an arm was not open (a spinner's short side waiting for its long sides, or
  one closed): what that pass shows depends on the gates.
* **Consistency** (Hypothesis, `strategies.spinner_hands`): a sample is a world the seat
  cannot tell apart, a sampled deal replays into the observation, and the real deal is
  one of the worlds.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from test_sampling import (
    SAMPLES,
    Pick,
    both,
    check_exact,
    check_real_deal,
    check_sample,
    check_sampled_deal,
    few_draws,
    others_did,
    scenarios,
)

from dominoes import (
    BlockDetection,
    Deal,
    Draw,
    DrawRule,
    HandState,
    Pass,
    PlayScoring,
    Ruleset,
    SpinnerFill,
    SpinnerRule,
    Tile,
    sampling,
)
from dominoes.moves import End, Play
from strategies import VARIANT_SETTINGS, VariantHand, random_hand, spinner_hands


def gated(states: Sequence[HandState], seat: int) -> bool:
    """Another seat than ``seat`` passed or drew while an arm showed a value that no open
    arm showed (so the pass said nothing about it)."""
    for before, after in itertools.pairwise(states):
        step = after.history[-1]
        if step.seat == seat or not isinstance(step.move, Pass | Draw):
            continue
        arms = before.layout.arms
        shown = {arm.value for arm in arms if arm.is_open}
        if any(not arm.is_open and arm.value not in shown for arm in arms):
            return True
    return False


def spinner(max_pip: int, players: int, hand_size: int, **fields: Any) -> Ruleset:
    """A small ruleset that scores fives on play (unless ``fields`` say otherwise)."""
    fields.setdefault("play_scoring", PlayScoring.FIVES)
    return Ruleset(max_pip=max_pip, players=players, hand_size=hand_size, **fields)


FIRST, EVERY, LEAD = SpinnerRule.FIRST_DOUBLE, SpinnerRule.EVERY_DOUBLE, SpinnerRule.LEAD_DOUBLE
UNTIL, ONE = DrawRule.UNTIL_PLAYABLE, DrawRule.ONE_THEN_PASS
ALL_FOUR, ONE_EACH = SpinnerFill.ALL_FOUR_FIRST, SpinnerFill.ONE_TILE_EACH_SIDE

FIRST_2P = spinner(3, 2, 3, spinner=FIRST)
FIRST_2P_DRAW = spinner(3, 2, 3, spinner=FIRST, drawing=UNTIL)
EVERY_3P_DRAW = spinner(3, 3, 2, spinner=EVERY, drawing=UNTIL)
ALL_FOUR_3P_D2 = spinner(
    2, 3, 2, spinner=FIRST, spinner_fill=ALL_FOUR, play_scoring=PlayScoring.FIVES_AND_THREES
)
ALL_FOUR_2P_ONE = spinner(3, 2, 3, spinner=EVERY, spinner_fill=ALL_FOUR, drawing=ONE)
ONE_EACH_2P = spinner(3, 2, 3, spinner=EVERY, spinner_fill=ONE_EACH)
LEAD_3P_DRAW = spinner(3, 3, 2, spinner=LEAD, drawing=UNTIL)
SCORING_LINE_DRAW = spinner(3, 2, 3, drawing=UNTIL)
IMMEDIATE_2P = spinner(3, 2, 3, spinner=FIRST, block_detection=BlockDetection.IMMEDIATE)

PassOrDraw = others_did(Pass | Draw)  # type: ignore[arg-type]

CASES: dict[str, tuple[Ruleset, Pick, int, bool]] = {
    # name: (rules, pick, scenarios, only where an arm was gated at a pass or a draw)
    "first-double-2p-pass": (FIRST_2P, others_did(Pass), 4, False),
    "first-double-2p-draw": (FIRST_2P_DRAW, both(PassOrDraw, few_draws(3)), 3, False),
    "every-double-3p-draw": (EVERY_3P_DRAW, both(others_did(Draw), few_draws(2)), 3, False),
    "all-four-first-3p-d2-gated": (ALL_FOUR_3P_D2, others_did(Pass), 3, True),
    "all-four-first-2p-one-then-pass-gated": (
        ALL_FOUR_2P_ONE,
        both(PassOrDraw, few_draws(2)),
        3,
        True,
    ),
    "one-tile-each-side-2p-gated": (ONE_EACH_2P, others_did(Pass), 3, True),
    "lead-double-3p-draw": (LEAD_3P_DRAW, both(PassOrDraw, few_draws(3)), 3, False),
    "scoring-line-2p-draw": (SCORING_LINE_DRAW, both(others_did(Draw), few_draws(3)), 3, False),
    "immediate-block-2p-replay": (IMMEDIATE_2P, others_did(Pass), 3, False),
}


@pytest.mark.parametrize("case", list(CASES))
def test_sampling_arms_is_exact(case: str) -> None:
    rules, pick, limit, gates = CASES[case]
    found = scenarios(rules, pick, limit, past=gated if gates else None)
    for k, scenario in enumerate(found):
        try:
            check_exact(scenario.obs, scenario.initial, samples=SAMPLES, seed=k)
        except AssertionError as e:  # pragma: no cover - shows which scenario failed
            raise AssertionError(f"{case}, {scenario.label}: {e}") from e


FOOT_CASES = {
    # Chicken Foot on double-3 (docs/rules/chicken-foot.md): a pass or a draw under a
    # toe gate shows only the foot's number; the release (FOOT-3) of a used-up number
    "chicken-foot-2p": Ruleset.preset(
        "chicken-foot", max_pip=3, hand_size=3, opening_tile=Tile(3, 3)
    ),
    "chicken-foot-2p-six-toes-no-release": Ruleset.preset(
        "chicken-foot",
        max_pip=3,
        hand_size=3,
        opening_tile=Tile(3, 3),
        root_toes=6,
        toe_release=False,
    ),
}


@pytest.mark.parametrize("case", list(FOOT_CASES))
def test_foot_1_to_4_sampling_is_exact(case: str) -> None:
    rules = FOOT_CASES[case]
    found = scenarios(rules, both(PassOrDraw, few_draws(2)), 3, past=gated)
    assert found
    for k, scenario in enumerate(found):
        try:
            check_exact(scenario.obs, scenario.initial, samples=SAMPLES, seed=k)
        except AssertionError as e:  # pragma: no cover - shows which scenario failed
            raise AssertionError(f"{case}, {scenario.label}: {e}") from e


def test_spin_3_a_pass_shows_nothing_of_the_arms_not_open() -> None:
    """SPIN-3 (ALL_FOUR_FIRST): 3-3 leads as the spinner, 1-3 goes on the left and 2-3
    on the right; until all four sides carry a tile only the short sides, both showing
    3, are open. Seat 1 passes: it showed it holds no 3, and nothing about the 1 and the 2
    at the long sides' ends. Worked by hand: seat 0 sees 0-3 in its hand and 3-3, 1-3 and
    2-3 on the table; the six tiles left (0-0, 0-1, 0-2, 1-1, 1-2, 2-2) have no 3, so seat
    1 holds any two of them: C(6, 2) = 15 worlds. (Read as a line, the pass would show no
    1 and no 2 as well, and leave 0-0 alone for a hand of two: no world.)"""
    rules = spinner(3, 2, 3, spinner=FIRST, spinner_fill=ALL_FOUR)
    deal = Deal(
        hands=(("3-3", "2-3", "0-3"), ("1-3", "1-1", "1-2")),
        boneyard=("0-0", "0-1", "0-2", "2-2"),
    )
    state = HandState.start(rules, deal).apply_all(
        [
            Play(tile=Tile(3, 3)),
            Play(tile=Tile(1, 3), end=End.LEFT),
            Play(tile=Tile(2, 3), end=End.RIGHT),
        ]
    )
    assert state.layout.open_ends == ((End.UP, 3), (End.DOWN, 3))
    assert state.legal_moves() == (Pass(),)
    state = state.apply(Pass())
    obs = state.observation(0)
    assert obs.shown_voids[1] == frozenset({3})
    assert sampling.count_worlds(obs) == 15
    assert sampling.voids(obs)[1] == frozenset({3})
    assert set(sampling.holders(obs).values()) == {(-1, 1)}
    world = sampling.sample(obs, random.Random(0))
    assert world.layout == state.layout
    assert len(world.hand(1)) == 2


@VARIANT_SETTINGS
@given(hand=spinner_hands(), pick=st.integers(min_value=0), seed=st.integers(0, 2**32 - 1))
def test_a_sample_of_a_layout_with_arms_is_a_world_the_seat_cannot_tell_apart(
    hand: VariantHand, pick: int, seed: int
) -> None:
    check_sample(hand, pick, seed)


@VARIANT_SETTINGS
@given(hand=spinner_hands(), pick=st.integers(min_value=0), seed=st.integers(0, 2**32 - 1))
def test_a_sampled_deal_of_a_layout_with_arms_replays_into_the_observation(
    hand: VariantHand, pick: int, seed: int
) -> None:
    check_sampled_deal(hand, pick, seed)


@VARIANT_SETTINGS
@given(hand=spinner_hands(), pick=st.integers(min_value=0))
def test_the_real_deal_of_a_layout_with_arms_is_a_consistent_world(
    hand: VariantHand, pick: int
) -> None:
    check_real_deal(hand, pick)


@pytest.mark.parametrize("name", [n for n in Ruleset.presets() if Ruleset.preset(n).has_arms])
def test_every_arms_preset_samples_worlds(name: str) -> None:
    rules = Ruleset.preset(name)
    rng = random.Random(0)
    state = HandState.start(rules, Deal.random(rules, seed=1))
    while not state.is_over:
        obs = state.observation(state.turn)
        world = sampling.sample(obs, rng)
        assert world.observation(state.turn).legal_moves() == obs.legal_moves()
        assert world.layout == state.layout
        assert world.play_points == state.play_points
        state = state.apply(rng.choice(state.legal_moves()))


def test_a_position_of_a_layout_with_arms_samples_its_unseen_tiles() -> None:
    """A state built from a position string (no history) samples the placements of its
    unseen tiles; its layout and the seat's hand are kept."""
    rules = Ruleset.preset("all-fives")
    for seed in range(3):
        for state in random_hand(rules, seed)[1:-1:3]:
            seat = state.turn
            positioned = HandState.from_position(state.position(), rules).observation(seat)
            world = sampling.sample(positioned, random.Random(seed))
            assert world.layout == state.layout
            assert world.hand(seat) == state.hand(seat)
            assert world.play_points == state.play_points
            unseen = sum(state.hand_sizes) - len(state.hand(seat)) + len(state.boneyard)
            assert sampling.count_worlds(positioned) >= 1
            assert len(sampling.holders(positioned)) == unseen
