"""Unit tests of the public surface of ``dominoes.deal``: Deal, its converters and errors."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

from dominoes import (
    Deal,
    DealError,
    DealProblem,
    DominoesError,
    HandState,
    NotationError,
    Ruleset,
    Tile,
    TileSet,
)

# The double-two set has six tiles: 0-0 0-1 1-1 0-2 1-2 2-2.
TINY = Ruleset(max_pip=2, players=2, hand_size=2)


def tiny_deal(
    hands: Any = (("2-2", "0-1"), ("1-2", "0-0")), boneyard: Any = ("1-1", "0-2")
) -> Deal:
    return Deal(hands=hands, boneyard=boneyard)


# ------------------------------------------------------------------ construction


def test_strings_and_tiles_are_converted() -> None:
    d = Deal(hands=[["6-6", Tile(1, 2)], ["0-0", "[5|4]"]], boneyard=["3|3"])
    assert d.hands == ((Tile(6, 6), Tile(1, 2)), (Tile(0, 0), Tile(4, 5)))
    assert d.boneyard == (Tile(3, 3),)
    assert isinstance(d.hands, tuple)
    assert all(isinstance(h, tuple) for h in d.hands)


def test_order_is_kept_as_given() -> None:
    d = Deal(hands=[["2-2", "0-1"]], boneyard=["1-2", "0-0", "1-1"])
    assert d.hands[0] == (Tile(2, 2), Tile(0, 1))
    assert d.boneyard == (Tile(1, 2), Tile(0, 0), Tile(1, 1))


def test_iterables_are_accepted() -> None:
    d = Deal(hands=(iter(["1-1"]) for _ in range(1)), boneyard=iter(["0-0"]))
    assert d.hands == ((Tile(1, 1),),)
    assert d.boneyard == (Tile(0, 0),)


def test_boneyard_defaults_to_empty() -> None:
    assert Deal(hands=[["1-1"]]).boneyard == ()


def test_deal_is_keyword_only() -> None:
    with pytest.raises(TypeError):
        Deal([["1-1"]])  # type: ignore[call-arg]


def test_deal_equality_hash_and_frozen() -> None:
    a, b = tiny_deal(), tiny_deal(hands=[[Tile(2, 2), Tile(0, 1)], [Tile(1, 2), Tile(0, 0)]])
    assert a == b
    assert hash(a) == hash(b)
    assert a != tiny_deal(boneyard=("0-2", "1-1"))
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        a.boneyard = ()  # type: ignore[misc]


def _masks_of(deal: Deal) -> tuple[tuple[int, ...], int, tuple[int, ...]]:
    """The derived bitmasks, written out from the tiles."""
    hands = tuple(sum(1 << t.index for t in set(hand)) for hand in deal.hands)
    return (
        hands,
        sum(1 << t.index for t in set(deal.boneyard)),
        tuple(t.index for t in deal.boneyard),
    )


@pytest.mark.parametrize("seed", range(20))
def test_the_derived_masks_are_those_of_the_tiles(seed: int) -> None:
    rng = random.Random(seed)
    rules = rng.choice([Ruleset.block(), Ruleset.draw(players=3), Ruleset.block(players=4), TINY])
    dealt = Deal.random(rules, rng=rng)
    built = Deal(hands=[list(h) for h in dealt.hands], boneyard=list(dealt.boneyard))
    for deal in (dealt, built):
        assert (deal.hand_masks, deal.boneyard_mask, deal.boneyard_indices) == _masks_of(deal)
    assert dealt == built
    assert hash(dealt) == hash(built)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        dealt.hand_masks = ()  # type: ignore[misc]


def test_a_repeated_tile_shows_in_the_masks_and_is_refused_by_start() -> None:
    deal = tiny_deal(hands=(("2-2", "2-2"), ("1-2", "0-0")), boneyard=("1-1", "0-1"))
    assert deal.hand_masks[0].bit_count() == 1  # two tiles, one bit
    with pytest.raises(DealError) as e:
        HandState.start(TINY, deal)
    assert e.value.reason is DealProblem.DUPLICATE_TILE


@pytest.mark.parametrize(
    ("hands", "boneyard"),
    [
        ([[5]], ()),
        ([["1-1", None]], ()),
        ([[(1, 1)]], ()),
        ([[b"1-1"]], ()),
        ("6-6", ()),
        (b"6-6", ()),
        (5, ()),
        (["6-6"], ()),
        ([5], ()),
        ([["1-1"]], "0-0"),
        ([["1-1"]], 7),
        ([["1-1"]], [None]),
        ([["1-1"]], [Tile(0, 0), 0]),
    ],
)
def test_not_a_tile(hands: Any, boneyard: Any) -> None:
    with pytest.raises(DealError) as info:
        Deal(hands=hands, boneyard=boneyard)
    assert info.value.reason is DealProblem.NOT_A_TILE
    message = str(info.value)
    # the message names the argument (and where in it), and the seat of a bad hand is given
    if message.startswith("hands["):
        assert info.value.seat == int(message[6 : message.index("]")])
    else:
        assert message.startswith(("hands ", "boneyard"))
        assert info.value.seat is None
    assert isinstance(info.value, ValueError)


def test_a_bad_tile_string_is_a_notation_error() -> None:
    with pytest.raises(NotationError) as info:
        Deal(hands=[["6-6", "6 5"]])
    assert info.value.text == "6 5"


# ------------------------------------------------------------------ checked against a ruleset


def test_a_fitting_deal_starts_a_hand() -> None:
    state = HandState.start(TINY, tiny_deal())
    assert state.hands == ((Tile(0, 1), Tile(2, 2)), (Tile(0, 0), Tile(1, 2)))
    assert state.boneyard == (Tile(1, 1), Tile(0, 2))


@pytest.mark.parametrize(
    ("deal", "reason", "seat", "message"),
    [
        (
            tiny_deal(hands=[["2-2", "0-1"]], boneyard=["1-2", "0-0", "1-1", "0-2"]),
            DealProblem.WRONG_PLAYER_COUNT,
            None,
            "the deal has 1 hands but the ruleset has 2 seats",
        ),
        (
            tiny_deal(hands=[["2-2", "0-1"], ["1-2"], ["0-0"]], boneyard=["1-1", "0-2"]),
            DealProblem.WRONG_PLAYER_COUNT,
            None,
            "the deal has 3 hands",
        ),
        (
            tiny_deal(hands=[["2-2", "0-1"], ["1-2"]], boneyard=["0-0", "1-1", "0-2"]),
            DealProblem.WRONG_HAND_SIZE,
            1,
            "seat 1 holds 1 tiles but the ruleset deals 2",
        ),
        (
            tiny_deal(hands=[["2-2", "0-1", "0-0"], ["1-2", "1-1"]], boneyard=["0-2"]),
            DealProblem.WRONG_HAND_SIZE,
            0,
            "seat 0 holds 3 tiles",
        ),
        (
            tiny_deal(hands=[["2-2", "0-1"], ["1-2", "0-1"]]),
            DealProblem.DUPLICATE_TILE,
            1,
            "0-1 is dealt twice",
        ),
        (
            tiny_deal(hands=[["2-2", "2-2"], ["1-2", "0-1"]], boneyard=["1-1", "0-2", "0-0"]),
            DealProblem.DUPLICATE_TILE,
            0,
            "2-2 is dealt twice",
        ),
        (
            tiny_deal(boneyard=["1-1", "0-2", "1-1"]),
            DealProblem.DUPLICATE_TILE,
            None,
            "1-1 is dealt twice",
        ),
        (
            tiny_deal(boneyard=["1-1", "2-2"]),
            DealProblem.DUPLICATE_TILE,
            None,
            "2-2 is dealt twice",
        ),
        (
            tiny_deal(hands=[["2-2", "0-3"], ["1-2", "0-0"]], boneyard=["1-1", "0-2", "0-1"]),
            DealProblem.TILE_NOT_IN_SET,
            0,
            "0-3 is not in the double-2 set",
        ),
        (
            tiny_deal(boneyard=["1-1", "0-2", "6-6"]),
            DealProblem.TILE_NOT_IN_SET,
            None,
            "6-6 is not in the double-2 set",
        ),
        (
            tiny_deal(boneyard=["1-1"]),
            DealProblem.MISSING_TILES,
            None,
            "must hold the whole double-2 set; missing 0-2",
        ),
        (
            tiny_deal(boneyard=[]),
            DealProblem.MISSING_TILES,
            None,
            "missing 1-1, 0-2",
        ),
    ],
)
def test_deal_errors(deal: Deal, reason: DealProblem, seat: int | None, message: str) -> None:
    with pytest.raises(DealError) as info:
        HandState.start(TINY, deal)
    assert info.value.reason is reason
    assert info.value.seat == seat
    assert message in str(info.value)
    assert isinstance(info.value, DominoesError)
    assert isinstance(info.value, ValueError)


def test_start_refuses_other_types() -> None:
    with pytest.raises(TypeError, match="deal must be a Deal"):
        HandState.start(TINY, [["2-2", "0-1"], ["1-2", "0-0"]])  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="rules must be a Ruleset"):
        HandState.start("block", tiny_deal())  # type: ignore[arg-type]


# ------------------------------------------------------------------ random deals


PRESETS = [
    Ruleset.block(),
    Ruleset.block(3),
    Ruleset.block(4, partnership=True),
    Ruleset.draw(),
    Ruleset.draw(4),
    Ruleset.draw(3, max_pip=12),
    Ruleset.block(6, max_pip=9),
    Ruleset(max_pip=1, players=2, hand_size=1),
]


@pytest.mark.parametrize("rules", PRESETS, ids=repr)
def test_random_deal_fits_the_ruleset(rules: Ruleset) -> None:
    deal = Deal.random(rules, seed=11)
    assert len(deal.hands) == rules.players
    assert all(len(h) == rules.hand_size for h in deal.hands)
    every = [t for h in deal.hands for t in h] + list(deal.boneyard)
    assert sorted(every) == list(TileSet.double(rules.max_pip))
    assert len(deal.boneyard) == len(rules.tile_set) - rules.players * rules.hand_size
    assert HandState.start(rules, deal).hand_sizes == (rules.hand_size,) * rules.players


def test_random_deal_is_reproducible_with_a_seed() -> None:
    r = Ruleset.block()
    assert Deal.random(r, seed=7) == Deal.random(r, seed=7)
    assert Deal.random(r, seed=7) != Deal.random(r, seed=8)
    assert Deal.random(r, seed=0) == Deal.random(r, seed=0)


def test_random_deal_follows_the_documented_shuffle() -> None:
    r = Ruleset.draw(3)
    order = list(TileSet.double(6))
    random.Random(2024).shuffle(order)
    deal = Deal.random(r, seed=2024)
    assert deal.hands == (tuple(order[0:5]), tuple(order[5:10]), tuple(order[10:15]))
    assert deal.boneyard == tuple(order[15:])


def test_random_deal_equals_the_same_deal_built_explicitly() -> None:
    deal = Deal.random(Ruleset.block(), seed=3)
    again = Deal(hands=deal.hands, boneyard=deal.boneyard)
    assert again == deal
    assert hash(again) == hash(deal)


def test_random_deal_with_an_rng() -> None:
    r = Ruleset.block()
    assert Deal.random(r, rng=random.Random(5)) == Deal.random(r, seed=5)
    rng = random.Random(5)
    first, second = Deal.random(r, rng=rng), Deal.random(r, rng=rng)
    assert first == Deal.random(r, seed=5)
    assert second != first  # the generator advanced


class _OwnShuffle(random.Random):
    """A generator whose shuffle is its own: `Deal.random` must call it."""

    def shuffle(self, x: Any) -> None:
        x.reverse()


@pytest.mark.parametrize("rules", PRESETS, ids=repr)
def test_random_deal_makes_the_draws_of_random_shuffle(rules: Ruleset) -> None:
    # Deal.random inlines random.Random.shuffle for a plain generator: the same order
    # and the same generator state after it, deal after deal (redeals included)
    rng = random.Random(99)
    again = random.Random(99)
    full = list(TileSet.double(rules.max_pip))
    cut = rules.players * rules.hand_size
    for _ in range(40):
        deal = Deal.random(rules, rng=rng)
        order = full[:]
        again.shuffle(order)
        hands = tuple(
            tuple(order[p * rules.hand_size : (p + 1) * rules.hand_size])
            for p in range(rules.players)
        )
        assert (deal.hands, deal.boneyard) == (hands, tuple(order[cut:]))
        assert deal.boneyard_indices == tuple(t.index for t in order[cut:])
        explicit = Deal(hands=hands, boneyard=order[cut:])
        assert deal.hand_masks == explicit.hand_masks
        assert deal.boneyard_mask == explicit.boneyard_mask
        assert rng.getstate() == again.getstate()


class _OwnBits(random.Random):
    """A generator whose getrandbits is its own (a counter): `Deal.random` must draw
    through it one call a draw, as `random.Random.shuffle` does."""

    def __init__(self) -> None:
        super().__init__(0)
        self.calls = 0

    def getrandbits(self, k: int) -> int:
        self.calls += 1
        return (self.calls * 2654435761) % (1 << k)


@pytest.mark.parametrize("rules", [Ruleset.block(), Ruleset.draw(3)], ids=repr)
def test_random_deal_draws_through_a_generator_s_own_getrandbits(rules: Ruleset) -> None:
    rng, again = _OwnBits(), _OwnBits()
    for _ in range(5):
        deal = Deal.random(rules, rng=rng)
        order = list(TileSet.double(rules.max_pip))
        again.shuffle(order)
        cut = rules.players * rules.hand_size
        assert deal.boneyard == tuple(order[cut:])
        assert sum(deal.hands, ()) == tuple(order[:cut])
        assert rng.calls == again.calls


def test_random_deal_calls_a_generator_s_own_shuffle() -> None:
    r = Ruleset.block()
    deal = Deal.random(r, rng=_OwnShuffle(1))
    order = list(TileSet.double(6))[::-1]
    assert deal.hands == (tuple(order[0:7]), tuple(order[7:14]))


def test_seed_and_rng_together_are_refused() -> None:
    with pytest.raises(TypeError, match="not both"):
        Deal.random(Ruleset.block(), seed=1, rng=random.Random(1))


@pytest.mark.parametrize("seed", ["7", 7.0, True, b"7"])
def test_seed_must_be_an_int(seed: Any) -> None:
    with pytest.raises(TypeError, match="seed must be an int"):
        Deal.random(Ruleset.block(), seed=seed)


def test_random_deal_without_seed_is_valid() -> None:
    r = Ruleset.draw()
    deal = Deal.random(r)
    assert HandState.start(r, deal).hand_sizes == (7, 7)


@pytest.mark.parametrize("how", ["seed", "rng", "neither"])
def test_random_deal_never_touches_the_global_random_state(how: str) -> None:
    before = random.getstate()
    r = Ruleset.block()
    if how == "seed":
        Deal.random(r, seed=1)
    elif how == "rng":
        Deal.random(r, rng=random.Random(1))
    else:
        Deal.random(r)
    assert random.getstate() == before
