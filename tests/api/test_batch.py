"""The batched engine (`dominoes.batch.Batch`) against the scalar engine.

A Hypothesis property draws supported line-game rulesets (seats, partnership, drawing,
floor, opening, detection, scoring...) and plays a batch of hands by random legal
actions while the scalar `HandState` plays the same deals and the same actions: at every
step both give the same legal actions, the same observation vectors and the same
endings and points, and `Batch.state` rebuilds the scalar state. Then bad input.
"""

from __future__ import annotations

import pickle

import attrs
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dominoes import (
    BlockDetection,
    ClaimRule,
    Deal,
    Direction,
    DrawRule,
    End,
    FaultMode,
    HandState,
    IllegalMoveError,
    IllegalMoveReason,
    NoDoubleRule,
    Opening,
    PartnerPips,
    Play,
    PlayScale,
    PlayScoring,
    Ruleset,
    RulesetError,
    Scoring,
    SpinnerCount,
    SpinnerFill,
    SpinnerRule,
)
from dominoes.batch import Batch, HandRandom
from dominoes.errors import ArgumentTypeError, ArgumentValueError
from strategies import SETTINGS, spinner_rulesets, variant_rulesets

SUPPORTED_SCORING = [s for s in Scoring if s is not Scoring.CASCADE]


@st.composite
def batch_rulesets(draw: st.DrawFn) -> Ruleset:
    """A line-game ruleset the batch plays: every field drawn as `variant_rulesets`
    draws it, faults strict, scoring not cascade, sometimes counter-clockwise."""
    rules = draw(
        variant_rulesets(faults=FaultMode.STRICT, scoring=draw(st.sampled_from(SUPPORTED_SCORING)))
    )
    if draw(st.booleans()):
        rules = attrs.evolve(rules, direction=Direction.COUNTER_CLOCKWISE)
    return rules


def _check_hand(
    batch: Batch, i: int, state: HandState, mask: np.ndarray, obs: list[np.ndarray]
) -> None:
    """Row ``i`` of the batch's mask and observations against the scalar ``state``."""
    encoder = batch.encoder
    legal = [] if state.is_over else batch.codec.legal_actions(state)
    assert np.flatnonzero(mask[i]).tolist() == legal
    assert batch.turn[i] == state.turn
    for seat, vectors in enumerate(obs):
        assert vectors[i].tolist() == encoder.encode_state(state, seat)


def expected_rewards(before: HandState, after: HandState) -> list[int]:
    """The rewards of the step from ``before`` to ``after``: the points it scored on
    play (PLAY-1; none in a line game) and, if the hand ended, its end-of-hand points
    (`HandResult.end_points`), so that a hand's rewards add up to its `result.points`."""
    scored = [b - a for a, b in zip(before.play_points, after.play_points, strict=True)]
    result = after.result
    if result is None:
        return scored
    return [a + b for a, b in zip(scored, result.end_points, strict=True)]


def play_alongside(rules: Ruleset, seed: int, autoreset: bool, size: int = 6) -> None:
    """Play a batch by random legal actions and the scalar engine alongside, checking
    at every step that they agree (see the module docs); the batch steps by
    `Batch.step_random` and by `Batch.step` of `Batch.sample_legal` in turn."""
    batch = Batch(rules, size=size, autoreset=autoreset)
    batch.reset(seed)
    states = [
        HandState.start(rules, Deal.random(rules, rng=Batch.hand_random(seed, i)))
        for i in range(size)
    ]
    rng = np.random.default_rng(seed)
    decode = batch.codec.decode
    ended = 0
    for step in range(120):
        mask = batch.legal_mask()
        obs = [batch.observe(seat) for seat in range(rules.players)]
        for i, state in enumerate(states):
            _check_hand(batch, i, state, mask, obs)
        if step % 10 == 0:
            assert [batch.state(i) for i in range(size)] == states
        if batch.over.all():
            break
        was_over = batch.over.copy()
        if step % 2:
            actions = batch.sample_legal(rng)
            rewards, done = batch.step(actions)
        else:  # the fused path
            actions, rewards, done = batch.step_random(rng)
        assert all(mask[i, a] for i, a in enumerate(actions) if not was_over[i])
        for i, state in enumerate(states):
            if state.is_over:
                assert not done[i]
                assert not rewards[i].any()
                continue
            after = state.apply(decode(int(actions[i])))
            assert done[i] == after.is_over
            assert rewards[i].tolist() == expected_rewards(state, after)
            if after.is_over:
                ended += 1
                if autoreset:
                    after = HandState.start(rules, Deal.random(rules, rng=batch.random_of(i)))
            states[i] = after
    assert [batch.state(i) for i in range(size)] == states
    assert ended > 0


@settings(SETTINGS, max_examples=40)
@given(rules=batch_rulesets(), seed=st.integers(0, 2**20), autoreset=st.booleans())
def test_batch_plays_as_the_scalar_engine(rules: Ruleset, seed: int, autoreset: bool) -> None:
    play_alongside(rules, seed, autoreset)


@pytest.mark.parametrize(
    "rules",
    [
        # partnership: the partner's pips added or subtracted (PART-1, PART-2)
        Ruleset.block(players=4, partnership=True, partner_pips=PartnerPips.ADD),
        Ruleset.draw(players=4, partnership=True, partner_pips=PartnerPips.SUBTRACT),
        # nobody dealt a double: drawing for one (LEAD-5), down to the floor, where the
        # heaviest tile leads (LEAD-1)
        Ruleset.draw(
            players=2, hand_size=1, no_double=NoDoubleRule.DRAW_FOR_DOUBLE, boneyard_floor=20
        ),
        Ruleset.draw(players=3, drawing=DrawRule.ONE_THEN_PASS, voluntary_draw=True),
        Ruleset.block(players=3, block_detection=BlockDetection.IMMEDIATE, stock_pips=True),
        # double-9 (55 tiles: the high bytes of the masks) at larger tables
        Ruleset.draw(players=6, max_pip=9, hand_size=7),
        Ruleset.block(players=10, max_pip=9, hand_size=5, opening=Opening.LOWEST_DOUBLE),
    ],
    ids=[
        "add",
        "subtract",
        "draw-for-double",
        "one-then-pass",
        "immediate",
        "double-9-draw-6",
        "double-9-block-10",
    ],
)
def test_batch_plays_chosen_rulesets_as_the_scalar_engine(rules: Ruleset) -> None:
    play_alongside(rules, 3, autoreset=True, size=32)


def test_reset_deals_each_hand_from_its_documented_generator() -> None:
    rules = Ruleset.draw(players=3)
    batch = Batch(rules, size=4)
    batch.reset(11)
    for i in range(4):
        deal = Deal.random(rules, rng=HandRandom(11, i, 0))
        assert batch.deal_of(i) == deal == Deal.random(rules, rng=Batch.hand_random(11, i))
        assert batch.state(i) == HandState.start(rules, deal)


# one ruleset of each kind of deal and opening the batch plays: every tile dealt or a
# boneyard, the lead order of each opening rule, a redeal for a double (LEAD-4), which
# shuffles again, drawing for a double (LEAD-5), the heaviest tile (LEAD-1), double-9
DEAL_FAMILIES = [
    Ruleset.block(players=4, partnership=True),
    Ruleset.block(players=2),
    Ruleset.draw(players=3),
    Ruleset.block(players=3, opening=Opening.LOWEST_DOUBLE),
    Ruleset.block(players=2, opening=Opening.SEAT_ANY_TILE),
    Ruleset.draw(players=2, hand_size=2, no_double=NoDoubleRule.REDEAL),
    Ruleset.draw(players=2, hand_size=1, no_double=NoDoubleRule.DRAW_FOR_DOUBLE),
    Ruleset.draw(players=2, hand_size=1, no_double=NoDoubleRule.HEAVIEST_TILE),
    Ruleset.draw(players=6, max_pip=9, hand_size=7),
]


@pytest.mark.parametrize(
    "rules",
    DEAL_FAMILIES,
    ids=["4p", "2p", "draw-3p", "lowest", "any", "redeal", "draw-for", "heaviest", "d9"],
)
def test_the_batch_deals_what_deal_random_deals_with_the_hands_generator(rules: Ruleset) -> None:
    size = 200
    batch = Batch(rules, size=size, autoreset=True)
    batch.reset(2**70 + 5)  # a seed of more than one 64-bit word
    for i in range(size):
        deal = Deal.random(rules, rng=HandRandom(2**70 + 5, i))
        assert batch.deal_of(i) == deal
        assert tuple(batch._hands[i].tolist()) == deal.hand_masks
        n = len(deal.boneyard)
        assert batch._bone[i, :n].tolist() == list(deal.boneyard_indices)
        assert batch.state(i) == HandState.start(rules, deal)
    # the next deals, dealt ahead in bulk when hands end
    rng = np.random.default_rng(3)
    while (batch._deals < 2).any():
        batch.step(batch.sample_legal(rng))
    observed = [batch.observe(seat) for seat in range(rules.players)]
    for i in range(0, size, 7):
        d = int(batch._deals[i])
        assert batch.deal_of(i) == Deal.random(rules, rng=HandRandom(2**70 + 5, i, d))
        state = batch.state(i)  # its actions replayed on that deal
        for seat, vectors in enumerate(observed):
            assert vectors[i].tolist() == batch.encoder.encode_state(state, seat)


def test_hand_random_is_a_consistent_random_generator() -> None:
    rng = HandRandom(3, 1, 2)
    state = rng.getstate()
    words = [rng.getrandbits(64) for _ in range(3)]
    rng.setstate(state)
    assert rng.getrandbits(192) == words[0] | words[1] << 64 | words[2] << 128
    rng.setstate(state)
    assert rng.getrandbits(10) == words[0] >> 54
    rng.setstate(state)
    assert rng.random() == (words[0] >> 11) / 2**53
    # shuffle: one word a position, the positions sorted by the words' top 58 bits
    rng.setstate(state)
    items = list("abc")
    rng.shuffle(items)
    order = sorted(range(3), key=lambda k: words[k] >> 6)
    assert items == [list("abc")[k] for k in order]
    # the random.Random methods built on them draw from the stream; seed starts it again
    rng.seed((3, 1, 2))
    assert rng.getstate() == state
    assert 0 <= rng.randrange(10) < 10
    assert rng.getstate() != state
    rng.seed(3)
    assert rng.getstate() == HandRandom(3).getstate()
    assert HandRandom(3, 1).getstate() != HandRandom(3, 0, 1).getstate()
    assert HandRandom(2**64).getstate() != HandRandom(0).getstate()
    assert pickle.loads(pickle.dumps(rng)).getstate() == rng.getstate()
    rng.seed()  # from the operating system
    assert rng.getstate() != state
    copy = HandRandom()
    copy.setstate(rng.getstate())
    assert copy.random() == rng.random()
    assert rng.getrandbits(0) == 0
    # uniform enough: each of 4 positions ends first about a quarter of the time
    firsts = [0] * 4
    for hand in range(2000):
        order4 = [0, 1, 2, 3]
        HandRandom(9, hand).shuffle(order4)
        firsts[order4[0]] += 1
    assert all(400 <= c <= 600 for c in firsts)


def test_hand_random_refuses_bad_arguments() -> None:
    with pytest.raises(ArgumentValueError, match="seed"):
        HandRandom(-1)
    with pytest.raises(ArgumentValueError, match="hand"):
        HandRandom(0, 2**32)
    with pytest.raises(ArgumentTypeError, match="deal"):
        HandRandom(0, 0, "1")  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="a"):
        HandRandom().seed(1.5)
    with pytest.raises(ArgumentTypeError, match="k"):
        HandRandom().getrandbits(1.0)  # type: ignore[arg-type]
    with pytest.raises(ArgumentValueError, match="k"):
        HandRandom().getrandbits(-1)
    with pytest.raises(ArgumentValueError, match="state"):
        HandRandom().setstate((3,))


def test_autoreset_deals_the_next_deal_of_a_hand() -> None:
    rules = Ruleset.block(players=2)
    batch = Batch(rules, size=3, autoreset=True)
    batch.reset(5)
    rng = np.random.default_rng(1)
    done_any = np.zeros(3, dtype=bool)
    first = [batch.deal_of(i) for i in range(3)]
    while not done_any.all():
        _, done = batch.step(batch.sample_legal(rng))
        done_any |= done
        assert not batch.over.any()
    for i in range(3):
        assert batch.deal_of(i) != first[i]
        assert batch.deal_of(i) == Deal.random(
            rules, rng=Batch.hand_random(5, i, int(batch._deals[i]))
        )
        assert batch._deals[i] >= 1


@pytest.mark.parametrize(
    ("options", "field"),
    [
        ({"max_pip": 10, "hand_size": 7}, "max_pip"),
        ({"play_scoring": PlayScoring.FIVES, "claim_rule": ClaimRule.MUGGINS}, "claim_rule"),
        ({"faults": FaultMode.TOLERANT}, "faults"),
        ({"scoring": Scoring.CASCADE}, "scoring"),
        ({"capicua_bonus": 25}, "capicua_bonus"),
        ({"pase_corrido_bonus": 25}, "pase_corrido_bonus"),
    ],
)
def test_unsupported_rulesets_are_refused_naming_the_field(
    options: dict[str, object], field: str
) -> None:
    rules = Ruleset.draw(**{"players": 2, **options})  # type: ignore[arg-type]
    with pytest.raises(RulesetError, match=field) as error:
        Batch(rules, size=2)
    assert error.value.fields == (field,)
    assert str(error.value).count(". ") == 0


def test_train_games_are_refused() -> None:
    with pytest.raises(RulesetError) as error:
        Batch(Ruleset.preset("mexican-train", players=3), size=2)
    assert error.value.field == "trains"


def test_bad_arguments() -> None:
    rules = Ruleset.block()
    with pytest.raises(ArgumentTypeError, match="rules"):
        Batch("block", size=2)  # type: ignore[arg-type]
    for size in (0, -1, 2**32 + 1):
        with pytest.raises(ArgumentValueError, match="size"):
            Batch(rules, size=size)
    with pytest.raises(ArgumentTypeError, match="size"):
        Batch(rules, size=2.0)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="autoreset"):
        Batch(rules, size=2, autoreset=1)  # type: ignore[arg-type]
    batch = Batch(rules, size=2)
    for call in (batch.legal_mask, lambda: batch.step([0, 0]), lambda: batch.state(0)):
        with pytest.raises(ArgumentValueError, match="reset"):
            call()
    with pytest.raises(ArgumentTypeError, match="seed"):
        batch.reset("1")  # type: ignore[arg-type]
    with pytest.raises(ArgumentValueError, match="seed"):
        batch.reset(-1)
    batch.reset(3)
    with pytest.raises(ArgumentValueError, match="actions"):
        batch.step([0])
    with pytest.raises(ArgumentTypeError, match="actions"):
        batch.step([0.5, 1.5])
    with pytest.raises(ArgumentValueError, match=r"actions\[1\]"):
        batch.step([0, batch.codec.size])
    for seat in (-1, 2):
        with pytest.raises(ArgumentValueError, match="seat"):
            batch.observe(seat)
    with pytest.raises(ArgumentTypeError, match="seat"):
        batch.observe("0")  # type: ignore[arg-type]
    with pytest.raises(ArgumentValueError, match="hand"):
        batch.state(2)
    with pytest.raises(ArgumentTypeError, match="hand"):
        batch.state(True)
    with pytest.raises(ArgumentTypeError, match="rng"):
        batch.sample_legal(3)  # type: ignore[arg-type]
    with pytest.raises(ArgumentValueError, match="seed"):
        Batch.hand_random(-1, 0)
    with pytest.raises(ArgumentValueError, match="deal"):
        Batch.hand_random(0, 0, 2**32)


@pytest.mark.parametrize(
    "rules", [Ruleset.draw(players=2), Ruleset.preset("all-fives")], ids=["line", "all-fives"]
)
def test_an_illegal_action_names_the_hand_and_changes_nothing(rules: Ruleset) -> None:
    batch = Batch(rules, size=3)
    batch.reset(9)
    before = [batch.state(i) for i in range(3)]
    mask = batch.legal_mask()
    actions = batch.sample_legal(np.random.default_rng(0))
    actions[1] = batch.codec.pass_action  # the lead: a pass is never legal
    with pytest.raises(IllegalMoveError, match="hand 1") as error:
        batch.step(actions)
    assert error.value.reason is IllegalMoveReason.MUST_LEAD
    assert error.value.state == before[1]
    assert [batch.state(i) for i in range(3)] == before
    assert (batch.legal_mask() == mask).all()


def test_the_action_of_an_ended_hand_is_ignored() -> None:
    rules = Ruleset.block(players=2)
    batch = Batch(rules, size=2)
    batch.reset(2)
    rng = np.random.default_rng(4)
    while not batch.over[0]:
        batch.step(batch.sample_legal(rng))
    final = batch.state(0)
    while not batch.over.all():
        actions = batch.sample_legal(rng)
        actions[0] = 12345  # out of range: not looked at
        rewards, done = batch.step(actions)
        assert not done[0]
        assert not rewards[0].any()
    assert batch.state(0) == final
    assert not batch.legal_mask()[0].any()


@pytest.mark.parametrize(
    "rules",
    [Ruleset.draw(players=2, drawing=DrawRule.ONE_THEN_PASS), Ruleset.preset("all-fives")],
    ids=["line", "all-fives"],
)
def test_step_where_moves_only_those_hands(rules: Ruleset) -> None:
    batch = Batch(rules, size=4)
    batch.reset(5)
    rng = np.random.default_rng(1)
    scalar = [batch.state(i) for i in range(4)]
    for n in range(60):
        if batch.over.all():
            break
        where = np.array([n % 2 == 0, True, n % 3 == 0, False])
        actions = batch.sample_legal(rng)
        actions[3] = 12345  # a held hand's action is not read
        was_over = [state.is_over for state in scalar]
        rewards, done = batch.step(actions, where=where)
        for i in range(4):
            moved = bool(where[i]) and not was_over[i]
            before = scalar[i]
            if moved:
                scalar[i] = scalar[i].apply(batch.codec.decode(int(actions[i])))
                assert rewards[i].tolist() == expected_rewards(before, scalar[i])
            else:
                assert not rewards[i].any()
            assert bool(done[i]) == (moved and scalar[i].is_over)
            assert batch.state(i) == scalar[i]
    assert batch.state(3) == scalar[3]
    assert not batch.state(3).history  # never moved
    with pytest.raises(ArgumentValueError, match="where"):
        batch.step(batch.sample_legal(rng), where=np.ones(3, dtype=bool))
    with pytest.raises(ArgumentValueError, match="where"):
        batch.step(batch.sample_legal(rng), where=[1, 0, 1, 0])


@pytest.mark.parametrize(
    "rules",
    [
        *DEAL_FAMILIES[:3],
        Ruleset.draw(players=3, voluntary_draw=True),
        Ruleset.preset("all-fives"),
        Ruleset.preset("bergen", players=4),
        Ruleset.preset("sebastopol"),
    ],
)
def test_step_random_is_step_of_sample_legal(rules: Ruleset) -> None:
    """From the same generator state, `step_random` takes the actions `sample_legal`
    picks and leaves the batch as `step` of them does (the line and the spinner
    family)."""
    fused, plain = (Batch(rules, size=64, autoreset=True) for _ in range(2))
    fused.reset(8)
    plain.reset(8)
    rng_fused, rng_plain = np.random.default_rng(2), np.random.default_rng(2)
    ended = 0
    for _ in range(80):
        actions = plain.sample_legal(rng_plain)
        rewards, done = plain.step(actions)
        taken, fused_rewards, fused_done = fused.step_random(rng_fused)
        assert (taken == actions).all()
        assert (fused_rewards == rewards).all()
        assert (fused_done == done).all()
        assert (fused.legal_mask() == plain.legal_mask()).all()
        ended += int(done.sum())
    assert ended > 64
    assert [fused.state(i) for i in range(0, 64, 9)] == [plain.state(i) for i in range(0, 64, 9)]
    for name in Batch.__slots__:
        value = getattr(plain, name)
        if isinstance(value, np.ndarray):
            assert (getattr(fused, name) == value).all(), name


def test_sample_legal_is_uniform_over_the_legal_actions() -> None:
    # seat 0 leads any of its 7 tiles: each lead is drawn about 1/7 of the time
    rules = Ruleset.block(opening=Opening.SEAT_ANY_TILE)
    batch = Batch(rules, size=1)
    batch.reset(4)
    rng = np.random.default_rng(8)
    picks = [int(batch.sample_legal(rng)[0]) for _ in range(1400)]
    legal = np.flatnonzero(batch.legal_mask()[0]).tolist()
    assert len(legal) == 7
    assert sorted(set(picks)) == legal
    assert all(140 <= picks.count(a) <= 260 for a in legal)


# ------------------------------------------------------- the spinner family (arms)
ARMS_SCORING = [
    Scoring.OPPONENTS,
    Scoring.OPPONENTS_MINUS_OWN,
    Scoring.ALL_PIPS,
    Scoring.PENALTY,
    Scoring.FIXED,
    Scoring.FIXED_DOMINO,
]


@st.composite
def batch_spinner_rulesets(draw: st.DrawFn) -> Ruleset:
    """A ruleset of the spinner family the batch plays: `spinner_rulesets` (every
    spinner rule, fill (Chicken Foot's toes, a root of four or six, released or not,
    included), count, double weight, play scoring and scale, drawing, floor, detection,
    opening), with the end-of-hand scoring, rounding and direction drawn too."""
    rules = draw(spinner_rulesets())
    scoring = draw(st.sampled_from(ARMS_SCORING))
    fields: dict[str, object] = {"scoring": scoring}
    if scoring in (Scoring.FIXED, Scoring.FIXED_DOMINO):
        fields["fixed_points"] = draw(st.sampled_from([1, 2]))
    elif scoring is not Scoring.PENALTY and draw(st.booleans()):
        fields["round_to"] = 5
        fields["end_per_five"] = draw(st.booleans())
    if draw(st.booleans()):
        fields["direction"] = Direction.COUNTER_CLOCKWISE
    return attrs.evolve(rules, **fields)  # type: ignore[arg-type]


@settings(SETTINGS, max_examples=30)
@given(rules=batch_spinner_rulesets(), seed=st.integers(0, 2**20), autoreset=st.booleans())
def test_batch_plays_spinner_rulesets_as_the_scalar_engine(
    rules: Ruleset, seed: int, autoreset: bool
) -> None:
    play_alongside(rules, seed, autoreset)


SPINNER_PRESETS: list[tuple[str, dict[str, object]]] = [
    ("all-fives", {}),
    ("all-fives", {"players": 4, "partnership": True}),
    ("all-fives", {"play_scale": PlayScale.PER_FIVE, "end_per_five": True}),
    ("muggins", {"players": 3}),
    ("five-up", {"players": 4}),
    ("fives-and-threes", {}),
    ("fives-and-threes", {"players": 4, "partnership": True}),
    ("sebastopol", {}),
    ("sniff", {}),
    ("sniff", {"spinner_fill": SpinnerFill.ONE_TILE_EACH_SIDE, "players": 3}),
    ("bergen", {"players": 3}),
    ("double-bergen", {"players": 4}),
    ("all-fives", {"spinner_count": SpinnerCount.ONCE, "double_end_weight": 1}),
    ("all-fives", {"block_detection": BlockDetection.IMMEDIATE, "players": 3}),
]


@pytest.mark.parametrize(
    ("name", "options"),
    SPINNER_PRESETS,
    ids=[
        f"{name}-{'-'.join(map(str, options.values())) or 'default'}"
        for name, options in SPINNER_PRESETS
    ],
)
def test_batch_plays_spinner_presets_as_the_scalar_engine(
    name: str, options: dict[str, object]
) -> None:
    # legal sets, successor states, every seat's observation vector, endings, and
    # rewards (the points of each play, the end points at the end) over hundreds of
    # hand-steps per preset
    play_alongside(Ruleset.preset(name, **options), 5, autoreset=True, size=8)


@pytest.mark.parametrize(
    "options",
    [{}, {"players": 4, "root_toes": 6}, {"players": 3, "root_toes": 6, "toe_release": False}],
    ids=["default", "six-toes", "six-toes-held"],
)
def test_batch_plays_chicken_foot_as_the_scalar_engine(options: dict[str, object]) -> None:
    # Chicken Foot's toes (FOOT-1 to FOOT-3): every double a foot of three toes, the
    # root of four or six, toes let go once their number is exhausted (or not)
    play_alongside(Ruleset.preset("chicken-foot", **options), 2, autoreset=True, size=8)


def test_a_hands_rewards_add_up_to_its_points() -> None:
    # All Fives scores on play: each step's rewards are what it scored, and the step that
    # ends the hand adds the end points; summed over a hand they are result.points
    rules = Ruleset.preset("all-fives", players=3)
    batch = Batch(rules, size=16)
    batch.reset(2)
    rng = np.random.default_rng(3)
    total = np.zeros((16, 3), dtype=np.int64)
    scored_on_play = False
    while not batch.over.all():
        rewards, done = batch.step(batch.sample_legal(rng))
        scored_on_play |= bool(rewards[~done].any())
        total += rewards
    assert scored_on_play
    for i in range(16):
        result = batch.state(i).result
        assert result is not None
        assert total[i].tolist() == list(result.points)


DOUBLE_9_SPINNERS = [
    # double-9 (the high bytes of the masks) with every double a spinner: 22 arms
    Ruleset.preset("five-up", players=6, max_pip=9, hand_size=7),
    Ruleset.draw(
        players=5,
        max_pip=9,
        hand_size=8,
        spinner=SpinnerRule.EVERY_DOUBLE,
        spinner_fill=SpinnerFill.ALL_FOUR_FIRST,
        play_scoring=PlayScoring.BERGEN,
        spinner_count=SpinnerCount.EXPOSED_HALVES,
    ),
    Ruleset.block(
        players=10,
        max_pip=9,
        hand_size=5,
        spinner=SpinnerRule.FIRST_DOUBLE,
        spinner_fill=SpinnerFill.ONE_TILE_EACH_SIDE,
        play_scoring=PlayScoring.FIVES_AND_THREES,
        block_detection=BlockDetection.IMMEDIATE,
    ),
]
"""Double-9 rulesets of the spinner family (the high bytes of the masks, many arms)."""


@pytest.mark.parametrize(
    "rules",
    DOUBLE_9_SPINNERS,
    ids=["five-up-double-9-6", "every-double-all-four-bergen-5", "sniff-block-10"],
)
def test_batch_plays_double_9_spinner_rulesets_as_the_scalar_engine(rules: Ruleset) -> None:
    play_alongside(rules, 3, autoreset=True, size=6)


def test_a_play_on_a_waiting_arm_is_refused_as_the_scalar_engine_refuses_it() -> None:
    # All Fives: a double led spins, and its short sides wait for both long sides (SPIN-2)
    rules = Ruleset.preset("all-fives")
    batch = Batch(rules, size=64)
    batch.reset(1)
    codec = batch.codec
    # the first hand whose leader holds a double (seat 0 leads any tile)
    i = next(i for i in range(64) if any(t.is_double for t in batch.state(i).hand(0)))
    state = batch.state(i)
    double = next(t for t in state.hand(state.turn) if t.is_double)
    actions = batch.sample_legal(np.random.default_rng(0))
    actions[i] = codec.encode(Play(tile=double))
    batch.step(actions)
    state = batch.state(i)
    # the next seat holds a tile of the spinner's number (the deal is fixed by its seed)
    tile = next(t for t in state.hand(state.turn) if double.high in (t.low, t.high))
    actions = batch.sample_legal(np.random.default_rng(0))
    actions[i] = codec.encode(Play(tile=tile, end=End.UP))
    with pytest.raises(IllegalMoveError, match=f"hand {i}") as error:
        batch.step(actions)
    assert error.value.reason is IllegalMoveReason.END_NOT_OPEN
    assert batch.state(i) == state


@pytest.mark.parametrize("floor", [0, 20], ids=["double-found", "heaviest-at-the-floor"])
def test_batch_draws_for_a_double_before_a_spinner_lead(floor: int) -> None:
    # LEAD-5 in a game with arms: nobody dealt a double draws for one (down to the floor,
    # where the heaviest tile leads, LEAD-1), then the double found spins (SPIN-1)
    rules = Ruleset.draw(
        players=2,
        hand_size=2,
        no_double=NoDoubleRule.DRAW_FOR_DOUBLE,
        boneyard_floor=floor,
        spinner=SpinnerRule.FIRST_DOUBLE,
        play_scoring=PlayScoring.FIVES,
    )
    play_alongside(rules, 1, autoreset=True, size=16)


@pytest.mark.parametrize(
    ("drawing", "voluntary", "detection", "floor"),
    [
        (DrawRule.ONE_THEN_PASS, False, BlockDetection.VERIFICATION_ROUND, 0),
        (DrawRule.ONE_THEN_PASS, True, BlockDetection.IMMEDIATE, 2),
        (DrawRule.UNTIL_PLAYABLE, True, BlockDetection.VERIFICATION_ROUND, 2),
        (DrawRule.UNTIL_PLAYABLE, False, BlockDetection.IMMEDIATE, 0),
        (DrawRule.NONE, False, BlockDetection.VERIFICATION_ROUND, 0),
        (DrawRule.NONE, False, BlockDetection.IMMEDIATE, 0),
    ],
)
def test_spinner_draws_and_passes_as_the_scalar_engine(
    drawing: DrawRule, voluntary: bool, detection: BlockDetection, floor: int
) -> None:
    """The draws and passes of a layout with arms (the line's code, showing the open
    arms' values) under every drawing rule, voluntary drawing, a floor and both ways of
    detecting a block, against the scalar engine."""
    rules = attrs.evolve(
        Ruleset.preset("all-fives", players=3),
        drawing=drawing,
        voluntary_draw=voluntary,
        block_detection=detection,
        boneyard_floor=floor,
    )
    play_alongside(rules, 4, autoreset=True, size=8)
