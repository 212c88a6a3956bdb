"""``dominoes replay FILE --html PAGE.html``: the step-through page (`dominoes.cli.page`).

The page is checked as text first: well-formed HTML that loads nothing, one step per state
of each hand (a hand of ``m`` moves has ``m + 1``), and, from a seat's view, no tile
hidden from that seat at a step in that step, and never a tile the seat never sees.
Then it is opened in a real browser, the system's Chromium driven by Playwright (one
launch for the module; skipped only where no Chromium is installed): it loads without a
console error, the arrow keys and the buttons step forward and back, changing and
restoring the picture and the move shown, and the last step shows the result.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from browser import CHROMIUM_FLAGS, chromium
from dominoes import Deal, Draw, HandState, Ruleset, Tile
from dominoes.cli import main
from dominoes.cli.page import picture, replay_page
from dominoes.cli.text import replayed_hands
from dominoes.errors import ArgumentTypeError, ArgumentValueError
from dominoes.records import HandRecord, MatchRecord, Record, load
from paths import DATA
from strategies import SEEDS, SETTINGS

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

STEP = '<template class="step">'
"""How each step starts."""
VOID = {"meta", "br", "img", "input", "link", "hr"}
"""HTML elements that have no end tag."""

RECORDS = sorted(p.name for p in DATA.glob("*.toml"))
"""Every record in tests/data: hands and matches, line, partnership, faults, concessions."""


def record_of(name: str) -> Record:
    with (DATA / name).open("rb") as fp:
        return load(fp)


def states_of(record: Record) -> list[HandState]:
    """The state at each step of the page, in order, with whether it ends its hand."""
    return [state for hand in replayed_hands(record) for state in hand.states]


class Steps(HTMLParser):
    """Reads a page: checks that every element is closed in order and collects each
    step's (``<template class="step">``) text and markup as written, and the page's
    attributes and ids."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.open: list[str] = []
        self.steps: list[str] = []
        self.texts: list[list[str]] = []
        self.attributes: list[tuple[str, str, str | None]] = []
        self.ids: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.attributes.extend((tag, name, value) for name, value in attrs)
        self.ids.extend(value for name, value in attrs if name == "id" and value)
        if tag == "template" and ("class", "step") in attrs:
            self.texts.append([])
        if tag not in VOID:
            self.open.append(tag)

    def handle_endtag(self, tag: str) -> None:
        assert self.open, f"</{tag}> closes nothing"
        assert self.open[-1] == tag, f"</{tag}> closes <{self.open[-1]}>"
        self.open.pop()

    def handle_data(self, data: str) -> None:
        if "template" in self.open:
            self.texts[-1].append(data)


def parsed(page: str) -> Steps:
    parser = Steps()
    parser.feed(page)
    parser.close()
    assert parser.open == [], f"unclosed elements: {parser.open}"
    parser.steps = [part.split("</template>")[0] for part in page.split(STEP)[1:]]
    assert len(parser.steps) == len(parser.texts)
    return parser


TILE_NAME = re.compile(r"(?<!\d)(\d+)[-|](\d+)(?!\d)")
"""A tile's name as the page may write it, in either order: ``3-5``, ``[5|3]``..."""


def named(text: str) -> set[Tile]:
    """The tiles whose names ``text`` holds (a pair of numbers no set has is left out)."""
    pairs = {tuple(sorted(map(int, m.groups()))) for m in TILE_NAME.finditer(text)}
    return {Tile(a, b) for a, b in pairs if b <= 30}


def hidden_from(state: HandState, seat: int) -> set[Tile]:
    """The tiles ``seat`` may not see at ``state``: the other hands and the boneyard
    while the hand is played; the boneyard alone once it is over."""
    tiles = set(state.boneyard)
    if not state.is_over:
        for other, hand in enumerate(state.hands):
            if other != seat:
                tiles.update(hand)
    return tiles


# ------------------------------------------------------------------ the page as text
@pytest.mark.parametrize("name", RECORDS)
def test_one_step_per_state_and_well_formed(name: str) -> None:
    record = record_of(name)
    page = replay_page(record)
    html = parsed(page)
    assert page.startswith("<!DOCTYPE html>\n")
    assert len(html.steps) == len(states_of(record))
    assert {"first", "prev", "next", "last", "counter", "view"} <= set(html.ids)
    assert len(html.ids) == len(set(html.ids))  # outside the pictures, which templates hold
    # self-contained: nothing is loaded from anywhere
    assert not [a for a in html.attributes if a[1] in {"src", "href"}]
    assert "<link" not in page
    assert "http://" not in page.replace('xmlns="http://www.w3.org/2000/svg"', "")
    assert "https://" not in page
    assert all("<svg" in step for step in html.steps)
    assert "Result" in " ".join(html.texts[-1]) or "not over" in " ".join(html.texts[-1])


def test_a_hand_of_m_moves_has_m_plus_1_steps() -> None:
    record = record_of("block.toml")
    assert isinstance(record, HandRecord)
    html = parsed(replay_page(record))
    assert len(html.steps) == len(record.moves) + 1
    assert "".join(html.texts[1]).count("seat 0 (Ana) leads 6-6") == 1
    conceded = record_of("conceded.toml")
    assert isinstance(conceded, HandRecord)
    texts = parsed(replay_page(conceded)).texts
    assert len(texts) == len(conceded.moves) + 2  # the concession is a step, not a move
    assert "Seat 1 (Ben) concedes." in texts[-1]


def test_a_match_shows_every_hand_its_scores_and_the_winner() -> None:
    record = record_of("match.toml")
    assert isinstance(record, MatchRecord)
    texts = [" ".join(t) for t in parsed(replay_page(record)).texts]
    assert len(texts) == sum(len(hand.moves) + 1 for hand in record.hands)
    first = len(record.hands[0].moves)
    assert "Hand 1, step 1 of 14" in texts[0]
    assert "Scores: seat 0: 12, seat 1: 0." in texts[first]
    assert "Hand 2, step 1 of" in texts[first + 1]
    assert "Scores: seat 0: 12, seat 1: 25." in texts[-1]
    assert "Match over: seat 1 (Ben) wins." in texts[-1]
    assert sum("Result:" in text for text in texts) == len(record.hands)


def played(preset: str, seed: int, moves: int | None = None, **options: Any) -> HandRecord:
    """A hand of ``preset`` dealt from ``seed`` and played by random players, to its end
    or for ``moves`` moves, as a record (its seed: the test checks the page hides it)."""
    rules = Ruleset.preset(preset, **options)
    state = HandState.start(rules, Deal.random(rules, seed=seed))
    rng = random.Random(seed)
    while not state.is_over and (moves is None or len(state.history) < moves):
        state = state.apply(rng.choice(state.legal_moves()))
    return HandRecord.from_state(
        state, seed=seed, names=[f"<p{n}> & co" for n in range(rules.players)]
    )


PLAYED = {
    "all-fives": lambda: played("all-fives", 5),
    "mexican-train": lambda: played("mexican-train", 6),
    "draw, 4 players": lambda: played("draw", 7, players=4),
    "draw, unfinished": lambda: played("draw", 8, moves=9),
}
"""Hands the data folder has none of: a spinner game, a train game, four seats drawing,
a hand left unfinished."""


def record_named(name: str) -> Record:
    return PLAYED[name]() if name in PLAYED else record_of(name)


@pytest.mark.parametrize("name", [*RECORDS, *PLAYED])
def test_a_seat_sees_no_hidden_tile(name: str) -> None:
    record = record_named(name)
    states = states_of(record)
    for seat in range(record.rules.players):
        page = replay_page(record, seat)
        html = parsed(page)
        seen: set[Tile] = set()
        for state, step in zip(states, html.steps, strict=True):
            assert picture(state, seat) in step  # the seat's own view of the table
            shown_tiles = named(step)
            assert not shown_tiles & hidden_from(state, seat), (name, seat, state.history)
            seen |= shown_tiles
        assert named(page) == seen  # and none outside the steps
        if record.seed is not None:
            assert f"seed {record.seed}" not in page
    if name in PLAYED:
        assert f"seed {record.seed}" in replay_page(record)


@settings(SETTINGS, max_examples=15)
@given(
    preset=st.sampled_from(Ruleset.presets()),
    seed=SEEDS,
    moves=st.integers(min_value=0, max_value=40),
    data=st.data(),
)
def test_no_preset_shows_a_seat_a_hidden_tile(
    preset: str, seed: int, moves: int, data: st.DataObject
) -> None:
    record = played(preset, seed, moves)
    seat = data.draw(st.integers(min_value=0, max_value=record.rules.players - 1))
    html = parsed(replay_page(record, seat))
    states = states_of(record)
    assert len(html.steps) == len(record.moves) + 1 == len(states)
    for state, step in zip(states, html.steps, strict=True):
        assert not named(step) & hidden_from(state, seat)


def test_the_page_escapes_what_it_quotes() -> None:
    record = played("draw", 8, moves=9)
    page = replay_page(record, 1)
    assert "<p0>" not in page
    assert "seat 0 (&lt;p0&gt; &amp; co)" in page
    assert "The view of seat 1 (&lt;p1&gt; &amp; co)" in page
    last = " ".join(parsed(page).texts[-1])
    assert last.endswith("The hand is not over: seat 0 (<p0> & co) is to move.")  # no count
    last = " ".join(parsed(replay_page(record, 0)).texts[-1])
    assert last.endswith("The hand is not over: seat 0 (<p0> & co) is to move (2 legal moves).")


def test_an_onlooker_sees_every_picture_face_up() -> None:
    record = record_of("draw-blocked.toml")
    states = states_of(record)
    onlooker = parsed(replay_page(record)).steps
    seat = parsed(replay_page(record, 0)).steps
    for state, step, seat_step in zip(states, onlooker, seat, strict=True):
        assert picture(state, None) in step
        assert picture(state, None) not in seat_step  # (a seat's picture is its own)
        if state.is_over:  # the hands are shown: the seat sees every tile left in them
            assert {t for hand in state.hands for t in hand} <= named(seat_step)


def test_another_seats_draw_is_a_tile_in_words() -> None:
    record = record_of("draw-blocked.toml")
    states = states_of(record)
    drawn = [n for n, s in enumerate(states) if s.history and isinstance(s.history[-1].move, Draw)]
    assert drawn
    for n in drawn:
        drawer = states[n].history[-1].seat
        other = 1 - drawer
        words = " ".join(parsed(replay_page(record, other)).texts[n])
        assert "draws a tile" in words


def test_bad_arguments() -> None:
    record = record_of("block.toml")
    with pytest.raises(ArgumentValueError, match="seat must be from 0 to 1"):
        replay_page(record, 2)
    with pytest.raises(ArgumentTypeError, match="seat must be an int"):
        replay_page(record, "1")  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="record must be"):
        replay_page("block.toml")  # type: ignore[arg-type]


# ------------------------------------------------------------------ the command
def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, list[str]]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err.splitlines()


def test_the_command_writes_the_page(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "match.html"
    status, text, err = run(capsys, "replay", str(DATA / "match.toml"), "--html", str(out))
    assert (status, text, err) == (0, "", [])
    assert out.read_text(encoding="utf-8") == replay_page(record_of("match.toml"))
    status, text, err = run(
        capsys, "replay", str(DATA / "match.toml"), "--html", "-", "--seat", "1"
    )
    assert (status, err) == (0, [])
    assert text == replay_page(record_of("match.toml"), 1)


def test_the_command_refuses_bad_input(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    page = str(tmp_path / "page.html")
    missing = str(tmp_path / "nope.toml")
    status, out, err = run(capsys, "replay", missing, "--html", page)
    assert (status, out) == (2, "")
    assert err == [f"dominoes replay: cannot read {missing}: No such file or directory"]
    bad = tmp_path / "bad.toml"
    bad.write_text("", encoding="utf-8")
    status, out, err = run(capsys, "replay", str(bad), "--html", page)
    assert (status, out) == (1, "")
    assert err == [
        f'{bad}: the key "format" is missing (format = "dominoes-hand" or "dominoes-match")'
    ]
    folder = str(tmp_path)
    status, out, err = run(capsys, "replay", str(DATA / "block.toml"), "--html", folder)
    assert (status, out) == (2, "")
    assert err == [f"dominoes replay: cannot write {folder}: Is a directory"]
    for seat in ("2", "-1"):
        status, out, err = run(
            capsys, "replay", str(DATA / "block.toml"), "--html", page, "--seat", seat
        )
        assert (status, out) == (2, "")
        assert err[-1] == (
            "Error: Invalid value for '--seat': seat must be from 0 to 1 (the record has 2 "
            f"players), got {seat}"
        )
    status, out, err = run(capsys, "replay", str(DATA / "block.toml"), "--seat", "1")
    assert (status, out) == (2, "")
    assert err[-1] == "Error: --seat applies to the --html page only."
    assert not any("Traceback" in line for line in err)
    assert not Path(page).exists()


# ------------------------------------------------------------------ in a browser
@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """The system's Chromium, launched once for the module."""
    sync_api = pytest.importorskip("playwright.sync_api")
    executable = chromium()
    if executable is None:
        pytest.skip("no Chromium installed (Debian: apt-get install chromium)")
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_FLAGS)
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture
def opened(browser: Browser) -> Iterator[tuple[Page, list[str]]]:
    """A fresh tab that may load only ``file:`` URLs, and the errors it reports."""
    context = browser.new_context(viewport={"width": 1000, "height": 800})
    context.route(
        "**/*",
        lambda route: route.continue_() if route.request.url.startswith("file:") else route.abort(),
    )
    tab = context.new_page()
    errors: list[str] = []
    tab.on(
        "console", lambda message: errors.append(message.text) if message.type == "error" else None
    )
    tab.on("pageerror", lambda error: errors.append(str(error)))
    try:
        yield tab, errors
    finally:
        context.close()


def shown(tab: Page) -> tuple[str, str, str]:
    """The counter, the move and the picture the page shows."""
    return (
        tab.inner_text("#counter"),
        tab.inner_text("#view .move"),
        tab.inner_html("#view .picture"),
    )


def test_stepping_through_a_hand_in_a_browser(
    opened: tuple[Page, list[str]], tmp_path: Path
) -> None:
    tab, errors = opened
    record = record_of("draw-blocked.toml")
    path = tmp_path / "hand.html"
    path.write_text(replay_page(record), encoding="utf-8")
    tab.goto(path.as_uri())
    steps = len(states_of(record))
    start = shown(tab)
    assert start[0] == f"Step 1 of {steps}"
    assert start[1].startswith("The deal (as recorded); seat ")
    assert tab.is_disabled("#prev")
    assert not tab.is_disabled("#next")
    tab.keyboard.press("ArrowRight")
    second = shown(tab)
    assert second[0] == f"Step 2 of {steps}"
    assert second[1].startswith("Move 1: seat ")
    assert second[2] != start[2]
    tab.click("#next")
    third = shown(tab)
    assert third[0] == f"Step 3 of {steps}"
    assert third[1:] != second[1:]
    tab.keyboard.press("ArrowLeft")
    assert shown(tab) == second
    tab.click("#prev")
    assert shown(tab) == start
    tab.keyboard.press("ArrowLeft")  # nothing before the first step
    assert shown(tab) == start
    assert tab.locator("#view .result").count() == 0
    tab.click("#last")
    last = shown(tab)
    assert last[0] == f"Step {steps} of {steps}"
    assert "Result: blocked." in tab.inner_text("#view .result")
    assert tab.is_disabled("#next")
    tab.keyboard.press("Home")
    assert shown(tab) == start
    tab.keyboard.press("End")
    assert shown(tab) == last
    assert errors == []


def test_a_match_from_a_seat_in_a_browser(opened: tuple[Page, list[str]], tmp_path: Path) -> None:
    tab, errors = opened
    record = record_of("match.toml")
    path = tmp_path / "match.html"
    path.write_text(replay_page(record, 1), encoding="utf-8")
    tab.goto(path.as_uri())
    assert tab.locator("#view .picture svg").count() == 1
    tab.click("#last")
    result = tab.inner_text("#view .result")
    assert "Scores: seat 0: 12, seat 1: 25." in result
    assert "Match over: seat 1 (Ben) wins." in result
    tab.click("#first")
    assert tab.inner_text("#counter").startswith("Step 1 of ")
    assert errors == []
