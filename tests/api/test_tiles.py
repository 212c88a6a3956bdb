"""Unit tests of the public surface of ``dominoes.tiles``: Tile and TileSet."""

from __future__ import annotations

import attrs
import pytest

from dominoes import DominoesError, InvalidTileError, NotationError, Tile, TileSet
from dominoes.tiles import MAX_SET, TILE_BITS, bit_indices, tile_from_index, tile_index

# ------------------------------------------------------------------ Tile


def test_tile_is_normalised_low_then_high() -> None:
    t = Tile(10, 5)
    assert (t.low, t.high) == (5, 10)
    assert Tile(5, 10).low == 5
    assert Tile(3, 3).low == Tile(3, 3).high == 3


@pytest.mark.parametrize(("a", "b"), [(0, 0), (0, 1), (6, 4), (12, 12), (5, 10), (30, 0)])
def test_tile_equality_and_hash_ignore_the_order_of_the_ends(a: int, b: int) -> None:
    assert Tile(a, b) == Tile(b, a)
    assert hash(Tile(a, b)) == hash(Tile(b, a))
    assert len({Tile(a, b), Tile(b, a)}) == 1


def test_tiles_with_different_ends_differ() -> None:
    assert Tile(1, 2) != Tile(1, 3)
    assert Tile(1, 2) != Tile(2, 2)
    assert len({Tile(1, 2), Tile(1, 3), Tile(2, 1)}) == 2


def test_tile_is_not_equal_to_other_types() -> None:
    others: list[object] = [(1, 2), "1-2", 3, None]
    for other in others:
        assert Tile(1, 2) != other
    assert Tile(1, 2).__eq__((1, 2)) is NotImplemented


def test_tile_index_is_canonical() -> None:
    assert [Tile(0, 0).index, Tile(0, 1).index, Tile(1, 1).index, Tile(0, 2).index] == [0, 1, 2, 3]
    assert Tile(6, 6).index == 27
    assert Tile(10, 5).index == Tile(5, 10).index == 10 * 11 // 2 + 5


def test_tile_pips_and_is_double() -> None:
    assert Tile(5, 10).pips == 15
    assert Tile(12, 12).pips == 24
    assert Tile(0, 0).pips == 0
    assert Tile(4, 4).is_double
    assert not Tile(4, 5).is_double


def test_tile_other_end() -> None:
    assert Tile(2, 5).other(2) == 5
    assert Tile(2, 5).other(5) == 2
    assert Tile(3, 3).other(3) == 3
    with pytest.raises(ValueError, match=r"value must be an end of 2-5 \(2 or 5\), got 4"):
        Tile(2, 5).other(4)


def test_tile_str_and_repr() -> None:
    assert str(Tile(10, 5)) == "5-10"
    assert repr(Tile(10, 5)) == "Tile(5, 10)"
    assert str(Tile(0, 0)) == "0-0"


def test_tile_repr_round_trips_through_eval() -> None:
    for t in TileSet.double(12):
        again = eval(repr(t), {"Tile": Tile})
        assert again == t
        assert again.index == t.index


def test_tiles_sort_in_canonical_order() -> None:
    shuffled = [Tile(6, 6), Tile(0, 3), Tile(2, 2), Tile(1, 2), Tile(0, 0)]
    assert sorted(shuffled) == [Tile(0, 0), Tile(1, 2), Tile(2, 2), Tile(0, 3), Tile(6, 6)]
    assert Tile(2, 2) < Tile(0, 3)  # the higher end decides first
    assert Tile(0, 3) > Tile(2, 2)
    assert not Tile(1, 1) < Tile(1, 1)
    assert min(TileSet.double(6)) == Tile(0, 0)
    assert max(TileSet.double(6)) == Tile(6, 6)


def test_tile_ordering_against_other_types_is_refused() -> None:
    assert Tile(1, 1).__lt__(3) is NotImplemented
    with pytest.raises(TypeError):
        _ = Tile(1, 1) < 3


def test_tile_supports_le_and_ge() -> None:
    assert Tile(0, 0) <= Tile(0, 1)
    assert Tile(0, 1) >= Tile(0, 0)
    assert Tile(3, 3) <= Tile(3, 3)


def test_tile_is_frozen() -> None:
    t = Tile(1, 2)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        t.low = 0  # type: ignore[misc]
    assert t == Tile(1, 2)


@pytest.mark.parametrize(("a", "b"), [(-1, 2), (2, -1), (-3, -3)])
def test_negative_pips_are_refused(a: int, b: int) -> None:
    with pytest.raises(InvalidTileError, match="must be a pip count from 0"):
        Tile(a, b)


@pytest.mark.parametrize(
    ("a", "b"),
    [(1.0, 2), (2, 1.0), ("1", 2), (None, 1), (True, 1), (1, False), (1, 2.5), ([1], 2)],
)
def test_non_int_and_bool_pips_are_refused(a: object, b: object) -> None:
    with pytest.raises(InvalidTileError, match="must be an int") as info:
        Tile(a, b)  # type: ignore[arg-type]
    assert str(info.value).startswith("a " if type(a) is not int else "b ")


def test_invalid_tile_error_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="a must be an int"):
        Tile(True, 1)
    assert issubclass(InvalidTileError, DominoesError)


# ------------------------------------------------------------------ parsing


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("5-10", Tile(5, 10)),
        ("10-5", Tile(5, 10)),
        ("5|10", Tile(5, 10)),
        ("10|5", Tile(5, 10)),
        ("[5|10]", Tile(5, 10)),
        ("[10|5]", Tile(5, 10)),
        ("0-0", Tile(0, 0)),
        ("[12|12]", Tile(12, 12)),
        ("6-4", Tile(4, 6)),
        ("99-99", Tile(99, 99)),
        ("0|123", Tile(0, 123)),
    ],
)
def test_parse_accepts_every_documented_form(text: str, expected: Tile) -> None:
    t = Tile.parse(text)
    assert t == expected
    assert t.index == expected.index


def test_parse_round_trips_str() -> None:
    for t in TileSet.double(15):
        assert Tile.parse(str(t)) == t
        assert Tile.parse(f"[{t.high}|{t.low}]") == t


def test_parse_returns_the_interned_tile() -> None:
    assert Tile.parse("4-6") is Tile.parse("[6|4]")


@pytest.mark.parametrize(
    "text",
    [
        "",
        "5",
        "5-",
        "-5",
        "5--10",
        "5 - 10",
        "5 10",
        " 5-10",
        "5-10 ",
        "5-10\n",
        "+5-10",
        "5-+10",
        "-5-10",
        "5,10",
        "5/10",
        "5:10",
        "5_10",
        "[5-10]",
        "[5|10",
        "5|10]",
        "(5|10)",
        "[[5|10]]",
        "a-b",
        "5.0-1",
        "1000-1",
        "1-1000",
        "5-10-2",
        "0x5-1",
        "five-six",
    ],
)
def test_parse_rejects_bad_strings(text: str) -> None:
    with pytest.raises(NotationError) as info:
        Tile.parse(text)
    assert info.value.text == text
    assert info.value.what == "tile"
    assert "not a tile" in str(info.value)
    assert isinstance(info.value, ValueError)


def test_parse_error_shortens_a_long_input_in_the_message_only() -> None:
    text = "x" * 100
    with pytest.raises(NotationError) as info:
        Tile.parse(text)
    assert info.value.text == text
    assert "x" * 40 + "..." in str(info.value)
    assert "x" * 41 not in str(info.value)


@pytest.mark.parametrize("value", [5, None, b"5-10", Tile(5, 10), ["5", "10"], (5, 10), 5.5])
def test_parse_rejects_non_strings(value: object) -> None:
    with pytest.raises(NotationError, match="text must be a str") as info:
        Tile.parse(value)  # type: ignore[arg-type]
    assert info.value.text == repr(value)
    assert info.value.what == "tile"


@pytest.mark.parametrize("text", ["\u0665-\u0666", "\uff15-\uff16", "[\u0967|\u0968]"])
def test_parse_rejects_non_ascii_digits(text: str) -> None:
    with pytest.raises(NotationError):
        Tile.parse(text)


# ------------------------------------------------------------------ index helpers


def test_tile_index_ignores_order_and_matches_tile() -> None:
    for a in range(10):
        for b in range(10):
            assert tile_index(a, b) == tile_index(b, a) == Tile(a, b).index


def test_tile_from_index_inverts_the_index_and_interns() -> None:
    for i in range(300):
        t = tile_from_index(i)
        assert t.index == i
        assert tile_from_index(i) is t
        assert t == Tile(t.low, t.high)


# ------------------------------------------------------------------ TileSet


@pytest.mark.parametrize("n", range(19))
def test_tile_set_sizes(n: int) -> None:
    s = TileSet.double(n)
    expected = (n + 1) * (n + 2) // 2
    assert len(s) == s.size == expected
    assert len(s.tiles) == expected
    assert len(set(s.tiles)) == expected
    assert all(0 <= t.low <= t.high <= n for t in s)
    assert sum(t.is_double for t in s) == n + 1
    assert s.total_pips == sum(t.pips for t in s) == n * (n + 1) * (n + 2) // 2
    assert s.mask == (1 << expected) - 1


def test_double_eighteen_has_190_tiles() -> None:
    assert len(TileSet.double(18)) == 190
    assert TileSet.double(18).total_pips == 3420


def test_total_pips_of_the_common_sets() -> None:
    assert TileSet.double(6).total_pips == 168
    assert TileSet.double(12).total_pips == 1092
    assert TileSet.double(9).total_pips == 495
    assert len(TileSet.double(6)) == 28
    assert len(TileSet.double(12)) == 91


def test_tile_set_canonical_order() -> None:
    s = TileSet.double(6)
    assert s.tiles[:7] == (
        Tile(0, 0),
        Tile(0, 1),
        Tile(1, 1),
        Tile(0, 2),
        Tile(1, 2),
        Tile(2, 2),
        Tile(0, 3),
    )
    assert s.tiles[-1] == Tile(6, 6)
    assert [t.index for t in s] == list(range(28))
    assert list(s) == sorted(s.tiles) == list(s.tiles)


def test_each_set_is_a_prefix_of_the_next() -> None:
    for n in range(12):
        small, big = TileSet.double(n).tiles, TileSet.double(n + 1).tiles
        assert big[: len(small)] == small


def test_tile_set_contains() -> None:
    s = TileSet.double(6)
    assert Tile(6, 6) in s
    assert Tile(0, 0) in s
    assert Tile(6, 0) in s
    assert Tile(0, 7) not in s
    assert Tile(7, 7) not in s
    assert "6-6" not in s
    assert (6, 6) not in s
    assert Tile(12, 12) in TileSet.double(12)


def test_tile_set_str_repr_and_equality() -> None:
    s = TileSet.double(6)
    assert str(s) == "double-6"
    assert repr(s) == "TileSet.double(6)"
    assert eval(repr(s), {"TileSet": TileSet}) == s
    assert TileSet(6) == s
    assert hash(TileSet(6)) == hash(s)
    assert TileSet.double(9) != s


def test_tile_set_is_frozen() -> None:
    s = TileSet.double(6)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        s.max_pip = 9  # type: ignore[misc]


def test_largest_tile_set() -> None:
    assert MAX_SET == 30
    assert len(TileSet.double(MAX_SET)) == 496


@pytest.mark.parametrize("n", [-1, MAX_SET + 1, 6.0, True, "6", None])
def test_bad_tile_sets_are_refused(n: object) -> None:
    with pytest.raises(
        InvalidTileError, match=r"n must be an int from 0 to 30 \(double-0 to double-30\)"
    ):
        TileSet.double(n)  # type: ignore[arg-type]
    with pytest.raises(InvalidTileError, match="max_pip must be an int from 0 to 30"):
        TileSet(n)  # type: ignore[arg-type]


def test_parse_large_tile_is_not_interned() -> None:
    from dominoes.tiles import _ALL_TILES

    before = len(_ALL_TILES)
    assert Tile.parse("999-998") == Tile(998, 999)
    assert len(_ALL_TILES) == before


def test_tile_bits_cover_every_tile_of_the_largest_set() -> None:
    size = TileSet.double(MAX_SET).size
    assert len(TILE_BITS) == size
    assert all(TILE_BITS[i] == 1 << i for i in range(size))
    picked = [3, 0, size - 1]
    assert bit_indices(sum(map(TILE_BITS.__getitem__, picked))) == sorted(picked)
