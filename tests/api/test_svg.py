"""Tests of `dominoes.svg` (the SVG pictures of tiles, hands, layouts and tables) and of the
``_repr_svg_`` of `Tile`, `Layout`, `HandState` and `Observation`.

The golden pictures are in ``tests/data/svg/``, the pictures of docs/svg.md and of the
README in ``docs/assets/svg/``; ``DOMINOES_REGENERATE_SVG=1`` rewrites both (then read the
diff).
"""

from __future__ import annotations

import contextlib
import functools
import io
import os
import random
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

import pytest

from dominoes import Deal, HandState, Observation, Ruleset, Tile, TileSet, svg
from dominoes.errors import ArgumentTypeError, ArgumentValueError
from dominoes.layout import Layout, Train
from dominoes.moves import End
from dominoes.picture import MIN_WIDTH, set_for
from paths import DATA, DOCS, ROOT

NS = "{http://www.w3.org/2000/svg}"
GOLDEN = DATA / "svg"
ASSETS = DOCS / "assets" / "svg"
REGENERATE = os.environ.get("DOMINOES_REGENERATE_SVG") == "1"
README = (ROOT / "README.md").read_text(encoding="utf-8")


def parsed(text: str) -> ET.Element:
    root = ET.fromstring(text)
    assert root.tag == f"{NS}svg"
    assert root.find(f"{NS}title") is not None
    return root


def tiles(root: ET.Element) -> list[ET.Element]:
    return [g for g in root.iter(f"{NS}g") if "tile" in g.get("class", "").split()]


def box(g: ET.Element) -> tuple[float, float, float, float]:
    return tuple(float(g.get(k, "nan")) for k in ("data-x", "data-y", "data-w", "data-h"))  # type: ignore[return-value]


def check_geometry(text: str, width: int) -> list[ET.Element]:
    """Parse ``text``, check that no two tiles overlap and that every tile lies inside
    the picture and within ``width``; return the tile groups."""
    root = parsed(text)
    full = float(root.get("width", "0"))
    height = float(root.get("height", "0"))
    assert full <= width
    assert root.get("viewBox") == f"0 0 {root.get('width')} {root.get('height')}"
    groups = tiles(root)
    boxes = [box(g) for g in groups]
    for x, y, w, h in boxes:
        assert min(x, y) >= 0, (x, y)
        assert x + w <= full, (x, w, full)
        assert y + h <= height, (y, h, height)
    order = sorted(range(len(boxes)), key=lambda i: boxes[i][0])
    for n, i in enumerate(order):
        x, y, w, h = boxes[i]
        for j in order[n + 1 :]:
            x2, y2, _w2, h2 = boxes[j]
            if x2 >= x + w:
                break
            assert y2 >= y + h or y >= y2 + h2, f"tiles overlap: {boxes[i]} {boxes[j]}"
    return groups


def shown_tiles(groups: list[ET.Element]) -> list[Tile]:
    return [Tile.parse(g.get("data-tile", "")) for g in groups if g.get("data-tile")]


def states(name: str, seed: int, count: int = 3) -> Iterator[HandState]:
    """A few states of a seeded random hand of preset ``name``: after the deal, midway, at
    the end."""
    rules = Ruleset.preset(name)
    state = HandState.start(rules, Deal.random(rules, seed=seed))
    rng = random.Random(seed)
    seen = [state]
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_moves()))
        seen.append(state)
    picks = sorted({len(seen) * k // count for k in range(1, count)} | {len(seen) - 1})
    yield from (seen[i] for i in picks)


# ----------------------------------------------------------------------------- tiles


def test_every_tile_to_double_18_parses_and_names_itself() -> None:
    for t in TileSet.double(18):
        for vertical in (False, True):
            root = parsed(svg.tile(t, max_pip=18, vertical=vertical))
            (g,) = tiles(root)
            assert g.get("data-tile") == str(t)
            w, h = float(g.get("data-w", "0")), float(g.get("data-h", "0"))
            assert (w < h) == vertical


def test_dots_up_to_double_12_then_numerals() -> None:
    dots = parsed(svg.tile(Tile(9, 12), max_pip=12)).iter(f"{NS}circle")
    assert len(list(dots)) == 21
    root = parsed(svg.tile(Tile(0, 15), max_pip=15))
    assert [t.text for t in root.iter(f"{NS}text")] == ["15"]
    assert not list(root.iter(f"{NS}circle"))


def test_a_tile_of_a_larger_set_is_refused_and_bad_arguments_name_themselves() -> None:
    with pytest.raises(ArgumentValueError, match="max_pip 6") as err:
        svg.tile(Tile(3, 7))
    assert err.value.argument == "tile"
    with pytest.raises(ArgumentTypeError, match="tile must be a Tile"):
        svg.tile("3-5")  # type: ignore[arg-type]
    with pytest.raises(ArgumentValueError, match="size must be at least"):
        svg.tile(Tile(1, 2), size=2)
    with pytest.raises(ArgumentTypeError, match="vertical"):
        svg.tile(Tile(1, 2), vertical=1)  # type: ignore[arg-type]


# ----------------------------------------------------------------------------- hands


def test_a_hand_wraps_to_its_width() -> None:
    hand = list(TileSet.double(6))
    groups = check_geometry(svg.hand(hand, width=MIN_WIDTH), MIN_WIDTH)
    assert shown_tiles(groups) == hand
    assert len({box(g)[1] for g in groups}) > 1
    with pytest.raises(ArgumentValueError, match=f"width must be at least {MIN_WIDTH}"):
        svg.hand(hand, width=MIN_WIDTH - 1)
    with pytest.raises(
        ArgumentTypeError, match=r"tiles must be a sequence of Tile values, got .1-2."
    ):
        svg.hand(["1-2"])  # type: ignore[list-item]
    with pytest.raises(ArgumentTypeError, match="width must be an int"):
        svg.hand(hand, width=300.0)  # type: ignore[arg-type]


# ----------------------------------------------------------------------------- layouts

PRESETS = Ruleset.presets()


@pytest.mark.parametrize("name", PRESETS)
@pytest.mark.parametrize("width", [800, 300])
def test_random_positions_of_every_preset_fit_without_overlap(name: str, width: int) -> None:
    for seed in (1, 2):
        for state in states(name, seed):
            rules = state.rules
            groups = check_geometry(
                svg.layout(state.layout, max_pip=rules.max_pip, width=width), width
            )
            assert sorted(shown_tiles(groups)) == sorted(state.layout.tiles)
            table = svg.table(state, width=width)
            groups = check_geometry(table, width)
            assert len(groups) == len(state.layout) + sum(state.hand_sizes)
            # an onlooker sees every hand
            assert sorted(shown_tiles(groups)) == sorted(
                [*state.layout.tiles, *(t for hand in state.hands for t in hand)]
            )


@pytest.mark.parametrize("name", PRESETS)
def test_a_seat_never_sees_a_hidden_tile(name: str) -> None:
    for state in states(name, 5):
        for seat in range(state.rules.players):
            text = svg.table(state, seat=seat, width=500)
            assert text == svg.table(state.observation(seat), width=500)
            groups = check_geometry(text, 500)
            seen = shown_tiles(groups)
            allowed = set(state.layout.tiles) | set(state.hand(seat))
            if state.is_over:
                obs = state.observation(seat)
                allowed |= {t for h in obs.hands or () for t in h}
            assert set(seen) <= allowed
            hidden = set(state.boneyard) | {
                t for s, h in enumerate(state.hands) if s != seat for t in h
            }
            if not state.is_over:
                for t in hidden:
                    assert f'"{t}"' not in text
                    assert f">{t.low}-{t.high}<" not in text
            backs = [g for g in groups if "back" in g.get("class", "")]
            assert all(
                g.get("data-tile") is None and g.find(f"{NS}title") is not None for g in backs
            )
            assert len(seen) + len(backs) == len(state.layout) + sum(state.hand_sizes)


def centres(text: str) -> dict[Tile, tuple[float, float]]:
    """The centre of each face-up tile of a picture."""
    out = {}
    for g in tiles(parsed(text)):
        x, y, w, h = box(g)
        out[Tile.parse(g.get("data-tile", ""))] = (x + w / 2, y + h / 2)
    return out


def test_a_spinner_s_short_sides_run_at_right_angles_to_its_arm() -> None:
    # Sebastopol: the 6-6 lead, its up arm above it and its down arm below, on its axis
    state = played("sebastopol", 1, 14)
    arms = state.layout.arms
    at = centres(svg.layout(state.layout))
    lead_x, lead_y = at[Tile(6, 6)]
    for k, above in ((2, True), (3, False)):
        assert arms[k].tiles
        for pair in arms[k].tiles:
            x, y = at[Tile(*pair)]
            assert x == lead_x
            assert (y < lead_y) == above
    # Chicken Foot: the foot 7-7 lies on the down arm, its toes run left and right of it
    state = played("chicken-foot", 1, 33)
    arms = state.layout.arms
    assert arms[4].origin == (End.DOWN, 2)
    at = centres(svg.layout(state.layout, max_pip=9))
    foot_x, foot_y = at[Tile(7, 7)]
    for k, left in ((4, True), (5, False)):
        for pair in arms[k].tiles:
            x, y = at[Tile(*pair)]
            assert y == foot_y
            assert (x < foot_x) == left


def test_an_open_double_and_a_marker_are_drawn() -> None:
    layout = Layout(
        line=(),
        hub=Tile(12, 12),
        trains=(
            Train(end=End.TRAIN_0, owner=0, tiles=((12, 5), (5, 5)), value=5, marked=True),
            Train(end=End.TRAIN_1, owner=1, tiles=(), value=12),
            Train(end=End.MEXICAN, owner=None, tiles=((12, 3),), value=3),
        ),
    )
    root = parsed(svg.layout(layout, max_pip=12))
    opened = [g for g in tiles(root) if "open-double" in g.get("class", "")]
    assert [g.get("data-tile") for g in opened] == ["5-5"]
    assert "open double" in (opened[0].findtext(f"{NS}title") or "")
    assert len([c for c in root.iter(f"{NS}circle") if c.get("class") == "marker"]) == 1
    labels = [t.text for t in root.iter(f"{NS}text")]
    assert "Mexican train" in labels
    assert "train of seat 1: empty" in labels


def leads(text: str) -> list[str | None]:
    """The names of the tiles a picture outlines as the lead."""
    return [g.get("data-tile") for g in tiles(parsed(text)) if "lead" in g.get("class", "")]


def test_the_lead_is_outlined() -> None:
    # a line game: the table knows the lead (6-6, fourth from the left), the line alone not
    state = played("block", 1, 15)
    assert state.lead == 3
    assert leads(svg.table(state)) == ["6-6"]
    assert leads(svg.table(state, seat=1)) == ["6-6"]
    assert leads(svg.layout(state.layout)) == []
    assert "6-6 (lead)" in svg.table(state)
    # spinners and feet: the layout says it, also when the line is drawn as a snake
    for name, seed, moves, lead in (("sebastopol", 1, 14, "6-6"), ("chicken-foot", 1, 33, "9-9")):
        state = played(name, seed, moves)
        for width in (800, MIN_WIDTH):
            assert leads(svg.layout(state.layout, max_pip=state.rules.max_pip, width=width)) == [
                lead
            ]
    # trains have a hub, no lead
    state = played("mexican-train", 1, 27)
    assert leads(svg.table(state)) == []


def test_bad_layouts_and_tables_are_refused() -> None:
    with pytest.raises(ArgumentTypeError, match="layout must be a Layout"):
        svg.layout("[1|2]")  # type: ignore[arg-type]
    rules = Ruleset.preset("mexican-train")
    state = HandState.start(rules, Deal.random(rules, seed=1))
    with pytest.raises(ArgumentTypeError, match="view must be a HandState or an Observation"):
        svg.table(state.layout)  # type: ignore[arg-type]
    with pytest.raises(ArgumentValueError, match="seat must be a seat at the table"):
        svg.table(state, seat=rules.players)
    with pytest.raises(ArgumentValueError, match="own seat 1"):
        svg.table(state.observation(1), seat=0)
    with pytest.raises(ArgumentValueError, match="width must be at least"):
        svg.table(state, width=100)


# ----------------------------------------------------------------------------- notebooks


def test_repr_svg_is_the_facade() -> None:
    rules = Ruleset.preset("all-fives")
    (state, *_) = states("all-fives", 3, 2)
    t = Tile(4, 11)
    assert t._repr_svg_() == svg.tile(t, max_pip=set_for(11))
    assert state.layout._repr_svg_() == svg.layout(state.layout, max_pip=rules.max_pip)
    assert state._repr_svg_() == svg.table(state)
    obs = state.observation(1)
    assert isinstance(obs, Observation)
    assert obs._repr_svg_() == svg.table(obs) == svg.table(state, seat=1)


# ----------------------------------------------------------------------------- golden


def played(name: str, seed: int, moves: int, **options: int) -> HandState:
    """The hand of preset ``name`` (with ``options``) dealt from ``seed`` after ``moves``
    random moves seeded by ``seed`` (fewer if it ends before)."""
    rules = Ruleset.preset(name, **options)
    state = HandState.start(rules, Deal.random(rules, seed=seed))
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_over:
            break
        state = state.apply(rng.choice(state.legal_moves()))
    return state


@functools.cache
def doc_pictures() -> dict[str, str]:
    """The pictures of docs/svg.md: name -> SVG text (the page shows the code of each)."""
    out = {
        "hand-6": svg.hand([Tile.parse(t) for t in ("0-0", "1-2", "3-3", "2-4", "5-6", "6-6")]),
        "hand-12": svg.hand([Tile(7, 8), Tile(9, 10), Tile(11, 12)], max_pip=12),
        "hand-18": svg.hand([Tile(0, 13), Tile(9, 15), Tile(18, 18)], max_pip=18),
    }
    state = played("sebastopol", 1, 14)
    out["sebastopol-seat-0"] = svg.table(state, seat=0, width=640)
    out["block-line"] = svg.layout(played("block", 1, 15).layout, width=400)
    state = played("mexican-train", 1, 27)
    out["mexican-train"] = svg.layout(state.layout, max_pip=12, width=640)
    # the README's pictures: an All Fives table (the 5-5 spinner with four arms) and the
    # end of the hand the README's code plays
    out["readme-all-fives"] = svg.table(played("all-fives", 8, 13), width=640)
    out["readme-code"] = svg.table(readme_state(), width=640)
    return out


def readme_state() -> HandState:
    """The state the README's Python example ends with (its ``state``)."""
    (code,) = re.findall(r"```python\n(.*?)```", README, flags=re.DOTALL)
    namespace: dict[str, object] = {}
    with contextlib.redirect_stdout(io.StringIO()):
        exec(compile(code, "README.md", "exec"), namespace)
    state = namespace["state"]
    assert isinstance(state, HandState)
    return state


def test_the_readme_shows_its_pictures() -> None:
    linked = re.findall(r"!\[[^\]]+\]\((docs/assets/svg/[^)]+\.svg)\)", README)
    names = {f"docs/assets/svg/{name}.svg" for name in doc_pictures() if name.startswith("readme-")}
    assert set(linked) == names


def check_file(folder: Path, name: str, picture: str) -> None:
    """``picture`` is ``folder/name.svg`` (which ``DOMINOES_REGENERATE_SVG=1`` rewrites)."""
    text = picture + "\n"
    path = folder / f"{name}.svg"
    if REGENERATE:
        folder.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert path.read_text(encoding="utf-8") == text, f"{path} is stale: DOMINOES_REGENERATE_SVG=1"


@pytest.mark.parametrize("name", sorted(doc_pictures()))
def test_the_pictures_of_the_docs_are_up_to_date(name: str) -> None:
    check_file(ASSETS, name, doc_pictures()[name])


@functools.cache
def golden_cases() -> dict[str, str]:
    """Fixed positions of each family, drawn: name -> SVG text."""
    out: dict[str, str] = {}
    for name, seed, moves, width in (
        ("block", 1, 15, 400),  # a line that turns twice
        ("all-fives", 8, 13, 800),  # a spinner (5-5) with four arms
        ("sebastopol", 1, 14, 800),  # the 6-6 lead with four arms
        ("mexican-train", 1, 27, 400),  # a marker, an open double (3-3), the Mexican train
        ("chicken-foot", 1, 33, 800),  # the root and a foot with its toes
    ):
        state = played(name, seed, moves)
        rules = state.rules
        out[f"{name}-layout"] = svg.layout(state.layout, max_pip=rules.max_pip, width=width)
        out[f"{name}-table-seat-0"] = svg.table(state, seat=0, width=width)
    return out


@pytest.mark.parametrize("name", sorted(golden_cases()))
def test_golden_pictures(name: str) -> None:
    check_file(GOLDEN, name, golden_cases()[name])
