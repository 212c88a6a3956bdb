"""The random playout of layouts with arms (`state.random_playout`, which
`agents.rollout` runs) against the general loop it stands for: from any state of any
ruleset of the arms engine, the same generator reaches the same final state, with the
same history, the same record of shown voids and the same derived slots of its core."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from dominoes import (
    Deal,
    DrawRule,
    FaultMode,
    HandState,
    Opening,
    PlayScoring,
    Ruleset,
    SpinnerFill,
    SpinnerRule,
)
from dominoes.agents import rollout
from dominoes.state import random_playout
from strategies import SEEDS, SETTINGS, spinner_rulesets


def _moved(state: HandState, moves: int, rng: random.Random) -> HandState:
    for _ in range(moves):
        if state.is_over:
            break
        legal = state.legal_moves()
        state = state.apply(legal[rng.randrange(len(legal))])
    return state


def _by_moves(state: HandState, rng: random.Random) -> HandState:
    while not state.is_over:
        legal = state.legal_moves()
        state = state.apply(legal[rng.randrange(len(legal))])
    return state


def _same(fast: HandState, slow: HandState) -> None:
    assert type(fast) is type(slow)
    assert fast == slow
    assert fast._core == slow._core  # the record of voids and the open arms too
    assert fast.history == slow.history
    assert fast.result == slow.result
    assert fast.layout == slow.layout


@settings(SETTINGS, max_examples=300)
@given(rules=spinner_rulesets(), seed=SEEDS, moves=st.integers(0, 30))
def test_the_playout_of_arms_makes_the_public_api_moves(
    rules: Ruleset, seed: int, moves: int
) -> None:
    try:
        deal = Deal.random(rules, seed=seed)
        state = HandState.start(rules, deal)
    except Exception:  # a redeal (LEAD-4): no hand to play
        return
    state = _moved(state, moves, random.Random(seed + 1))
    _same(random_playout(state, random.Random(seed)), _by_moves(state, random.Random(seed)))


ALL_FIVES = Ruleset.draw(
    players=4,
    hand_size=5,
    spinner=SpinnerRule.FIRST_DOUBLE,
    play_scoring=PlayScoring.FIVES,
    opening=Opening.SEAT_ANY_TILE,
    round_to=5,
)


def test_many_all_fives_hands_from_the_deal_and_mid_hand() -> None:
    for players in (2, 3, 4):
        for fill in SpinnerFill:
            for spinner in SpinnerRule:
                if spinner is SpinnerRule.NONE and fill is not SpinnerFill.LONG_SIDES_FIRST:
                    continue
                if fill is SpinnerFill.TOES_FIRST and spinner is not SpinnerRule.EVERY_DOUBLE:
                    continue  # (Chicken Foot's toes: every double a foot, FOOT-2)
                rules = Ruleset.draw(
                    players=players,
                    hand_size=7 if players == 2 else 5,
                    spinner=spinner,
                    spinner_fill=fill,
                    play_scoring=PlayScoring.FIVES,
                    opening=Opening.SEAT_ANY_TILE,
                    faults=FaultMode.TOLERANT,
                )
                for seed in range(40):
                    state = HandState.start(rules, Deal.random(rules, seed=seed))
                    state = _moved(state, seed % 9, random.Random(seed))
                    fast = rollout(state, random.Random(seed))
                    _same(fast, _by_moves(state, random.Random(seed)))


def test_block_games_and_a_floor() -> None:
    for drawing, floor in ((DrawRule.NONE, 0), (DrawRule.UNTIL_PLAYABLE, 2)):
        rules = Ruleset.block(
            players=4,
            partnership=True,
            spinner=SpinnerRule.EVERY_DOUBLE,
            play_scoring=PlayScoring.FIVES_AND_THREES,
        )
        if drawing is not DrawRule.NONE:
            rules = Ruleset.draw(
                players=2, spinner=SpinnerRule.EVERY_DOUBLE, boneyard_floor=floor,
                play_scoring=PlayScoring.FIVES,
            )  # fmt: skip
        for seed in range(60):
            state = HandState.start(rules, Deal.random(rules, seed=seed))
            _same(rollout(state, random.Random(seed)), _by_moves(state, random.Random(seed)))


class _Shifted(random.Random):
    """A generator whose ``random`` is its own: ``randrange`` does not use getrandbits."""

    def random(self) -> float:
        return (super().random() + 0.5) % 1.0


def test_a_generator_of_its_own_takes_the_general_path() -> None:
    for seed in range(20):
        state = HandState.start(ALL_FIVES, Deal.random(ALL_FIVES, seed=seed))
        _same(rollout(state, _Shifted(seed)), _by_moves(state, _Shifted(seed)))


def _by_tokens(state: HandState, moves: int, rng: random.Random) -> None:
    """Every legal move of every state on the way, applied as a move object (the hot
    paths of `_ArmsHand.apply`) and as its token (the general way: `_arms_play` and the
    checked draw): the same core."""
    for _ in range(moves):
        if state.is_over:
            return
        legal = state.legal_moves()
        for move in legal:
            fast = state.apply(move)
            slow = state.apply(str(move))
            assert type(fast) is type(slow)
            assert fast._core == slow._core  # the open arms and their tables too
            assert fast.history == slow.history
        state = state.apply(legal[rng.randrange(len(legal))])


@settings(SETTINGS, max_examples=150)
@given(rules=spinner_rulesets(), seed=SEEDS)
def test_apply_s_hot_paths_give_the_general_way_s_core(rules: Ruleset, seed: int) -> None:
    try:
        state = HandState.start(rules, Deal.random(rules, seed=seed))
    except Exception:  # a redeal (LEAD-4): no hand to play
        return
    _by_tokens(state, 60, random.Random(seed))


def test_apply_s_hot_paths_in_all_fives() -> None:
    for players in (2, 4):
        rules = Ruleset.draw(
            players=players,
            hand_size=7 if players == 2 else 5,
            spinner=SpinnerRule.FIRST_DOUBLE,
            play_scoring=PlayScoring.FIVES,
            opening=Opening.SEAT_ANY_TILE,
        )
        for seed in range(25):
            state = HandState.start(rules, Deal.random(rules, seed=seed))
            _by_tokens(state, 60, random.Random(seed))


def test_the_end_count_kept_by_each_play_is_the_count_of_its_position() -> None:
    """The core keeps the end count up to date play by play (COUNT-1 to COUNT-3, the
    arm that changed only); a state read back from its position counts its arms afresh,
    and equality compares the two, in every state of random All Fives hands, the hot
    paths of `apply`, the playout's last state, the muggins claim (CLAIM-1), Sniff's count
    (COUNT-4) and Bergen's headers (HEADER-1) alike."""
    presets = [Ruleset.preset(name) for name in ("all-fives", "muggins", "sniff", "bergen")]
    for rules in (ALL_FIVES, *presets):
        for seed in range(8):
            rng = random.Random(seed)
            start = HandState.start(rules, Deal.random(rules, seed=seed))
            state = start
            while not state.is_over:
                assert HandState.from_position(state.position(), rules) == state
                legal = state.legal_moves()
                state = state.apply(legal[rng.randrange(len(legal))])
            assert HandState.from_position(state.position(), rules) == state
            end = rollout(_moved(start, seed % 5, rng), rng)
            assert HandState.from_position(end.position(), rules) == end
