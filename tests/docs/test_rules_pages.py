"""Consistency tests of the rules reference in docs/rules/ (its doctests run on their own).

Every rule ID in the overview's table has a full entry (rule, sources, worked example,
tests) on the page the table links to; every entry's worked example draws its layout with
`dominoes.render.diagram`; every source key is defined; every test an entry names exists;
every preset has a page; and the hand-written layouts of the verification page's step list
are the ones the engine produces.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from dominoes import Deal, DrawRule, HandState, Ruleset
from paths import DOCS, TESTS
from scenario import play_moves

RULES = DOCS / "rules"
PAGES = sorted(RULES.rglob("*.md"))

# Entries whose worked example has no layout to draw: TILE-1 is about tile sets.
NO_LAYOUT = {"tile-1"}
# Entries written before their engine (issue 14, the train games): their tables are drawn by
# hand (```text blocks marked <!-- example: train-5 -->) and their scenario tests come with
# the engine; until then they need no diagram drawn by `diagram`, and may name no test.
# Remove an ID from here once its example runs against the engine.
ENGINE_PENDING: set[str] = set()  # (entries whose examples wait for an engine)

HEADING = re.compile(r"^(#{2,3}) (.*)\{ #([a-z]+-\d+) \}$", re.MULTILINE)
TABLE_ROW = re.compile(
    r"^\| ([A-Z]+-\d+) \| .* \| \[\1\]\(([^)#]*)#([a-z]+-\d+)\) \|$", re.MULTILINE
)
LINK = re.compile(r"\]\(((?!https?:)[^)#\s]*\.md)(?:#([^)\s]+))?\)")
KEY = re.compile(r"(?<![\]\w`])\[([A-Z][A-Z0-9]*(?:-[A-Za-z0-9]+)*)\](?![(\[])")


def read(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def entries(path: Path) -> dict[str, str]:
    """The rule entries of a page: anchor -> the text of its section."""
    text = read(path)
    marks = list(HEADING.finditer(text))
    out = {}
    for i, mark in enumerate(marks):
        end = marks[i + 1].start() if i + 1 < len(marks) else len(text)
        level = len(mark.group(1))
        body = text[mark.end() : end]
        # a section ends at the next heading of the same or a higher level
        stop = re.search(rf"^#{{2,{level}}} ", body, re.MULTILINE)
        out[mark.group(3)] = body[: stop.start()] if stop else body
    return out


def full_entries() -> dict[str, tuple[Path, str]]:
    """Every full rule entry (one with a **Rule.** statement): anchor -> (page, text)."""
    out: dict[str, tuple[Path, str]] = {}
    for page in PAGES:
        for anchor, body in entries(page).items():
            if "**Rule.**" in body:
                assert anchor not in out, f"{anchor} has two full entries"
                out[anchor] = (page, body)
    return out


def index_table() -> list[tuple[str, str, str]]:
    """The rows of the overview's rule table: (ID, linked page, anchor)."""
    return TABLE_ROW.findall(read(RULES / "index.md"))


def test_every_rule_in_the_table_has_its_full_entry_on_the_linked_page() -> None:
    rows = index_table()
    assert len(rows) > 50
    full = full_entries()
    for rule_id, page, anchor in rows:
        assert anchor == rule_id.lower()
        target = (RULES / page) if page else RULES / "index.md"
        assert target.exists(), f"{rule_id}: {page} does not exist"
        assert anchor in entries(target), f"{rule_id}: no heading {{ #{anchor} }} in {page}"
        if anchor != "lead-1" or page:  # LEAD-1 is summed up on the overview page
            assert anchor in full, f"{rule_id} has no full entry"
            assert full[anchor][0] == target.resolve(), f"{rule_id} is not on {page}"


def test_every_full_entry_is_in_the_table() -> None:
    in_table = {anchor for _, _, anchor in index_table()}
    assert set(full_entries()) <= in_table


@pytest.mark.parametrize("anchor", sorted(full_entries()))
def test_every_entry_has_sources_an_example_and_tests(anchor: str) -> None:
    _, body = full_entries()[anchor]
    assert re.search(r"\*\*Sources|\| Source \|", body), f"{anchor} gives no sources"
    assert "**Example" in body
    assert "```pycon" in body
    assert re.search(r"^Tests( \([^)]*\))?: ", body, re.MULTILINE)


@pytest.mark.parametrize("anchor", sorted(set(full_entries()) - NO_LAYOUT - ENGINE_PENDING))
def test_every_worked_example_draws_its_layout(anchor: str) -> None:
    _, body = full_entries()[anchor]
    assert "print(diagram(" in body or "replay(" in body, f"{anchor}: no layout diagram"


def test_the_named_tests_exist() -> None:
    defined = set()
    for path in TESTS.rglob("test_*.py"):
        defined |= set(re.findall(r"^def (test_\w+)", read(path), re.MULTILINE))
    for anchor, (_, body) in full_entries().items():
        tests = body[body.rindex("Tests") :]
        named = re.findall(r"`(test_\w+)`", tests)
        assert named or anchor in ENGINE_PENDING, f"{anchor} names no test"
        missing = [name for name in named if name not in defined]
        assert not missing, f"{anchor}: no such tests {missing}"


def source_keys(text: str) -> set[str]:
    """The keys defined by a page's Sources table."""
    return set(re.findall(r"^\| \[([A-Z][A-Za-z0-9-]*)\] \|", text, re.MULTILINE))


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(RULES)))
def test_every_source_key_is_defined(page: Path) -> None:
    defined = source_keys(read(RULES / "index.md")) | source_keys(read(page))
    text = re.sub(r"```.*?```", "", read(page), flags=re.DOTALL)  # not inside examples
    used = set(KEY.findall(text))
    assert not used - defined, f"undefined source keys: {sorted(used - defined)}"


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(RULES)))
def test_links_to_rule_anchors_resolve(page: Path) -> None:
    for target, anchor in LINK.findall(read(page)):
        path = (page.parent / target).resolve()
        assert path.exists(), f"{page.name}: broken link {target}"
        if anchor and re.fullmatch(r"[a-z]+-\d+", anchor):
            assert anchor in entries(path), f"{page.name}: no #{anchor} in {target}"


def test_every_preset_is_in_the_overview_table_and_has_a_page() -> None:
    text = read(RULES / "presets.md")
    for name in Ruleset.presets():
        row = re.search(rf"^\| `{re.escape(name)}` \|.*$", text, re.MULTILINE)
        assert row, f"preset {name} missing from the overview table"
        link = re.search(r"\]\(([^)#]+)(#[^)]*)?\)", row.group(0))
        assert link, f"preset {name} links no page"
        assert (RULES / link.group(1)).exists()
    pages = {p.stem for p in (RULES / "presets").glob("*.md")}
    assert pages == set(Ruleset.presets()) - {"block", "draw"}


def test_the_verification_step_list_matches_the_engine() -> None:
    """Each step of the prose walk-through that quotes a layout quotes the engine's."""
    text = read(RULES / "verification.md")
    steps = dict(re.findall(r"^ ?(\d+)\. (.*?)(?=^ ?\d+\. |^\n)", text, re.M | re.S))
    # the moves of each step, as the page's code plays them
    turns = "3-3|draw draw 0-3:L|1-3:R|draw 0-2:L|0-1:R|draw 2-3:L|pass|0-0:R|pass|pass|pass"
    rules = Ruleset(max_pip=3, players=3, hand_size=2, drawing=DrawRule.UNTIL_PLAYABLE)
    state = HandState.start(
        rules,
        Deal(
            hands=[["2-2", "3-3"], ["0-0", "0-1"], ["1-1", "1-3"]],
            boneyard=["1-2", "0-3", "0-2", "2-3"],
        ),
    )
    quoted = 0
    for number, moves in enumerate(turns.split("|"), start=1):
        state = play_moves(state, moves)
        for layout in re.findall(r"`((?:\[\d\|\d\])+)`", steps[str(number)]):
            assert layout == str(state.layout), f"step {number}"
            quoted += 1
    assert quoted == 7
    assert state.is_over
