"""The pictures of the docs' worked examples (scripts/docs_pictures.py, the mkdocs hook).

Every picture marker in docs/ is drawn by the hook's own function, as the site build draws
it: each becomes one figure holding an SVG picture that parses as XML, no marker is left,
and the pages that must show a picture have one. The built site itself is checked in
test_docs_site.py (the pages hold the ``<svg``, and a browser shows one).
"""

from __future__ import annotations

import contextlib
import doctest
import io
import re
import xml.etree.ElementTree as ET

import pytest

from dominoes import HandState, svg
from dominoes.errors import NotationError
from paths import DOCS, ROOT, script

NS = "{http://www.w3.org/2000/svg}"
FIGURE = re.compile(r'<figure class="dominoes-picture">\n(<svg .*?</svg>)', re.DOTALL)

SHOWN = (
    "index.md",
    "tour.md",
    "rules/index.md",
    "rules/block.md",
    "rules/spinner.md",
    "rules/trains.md",
    "rules/chicken-foot.md",
)
"""The pages that show at least one picture."""


hook = script("docs_pictures")

_BONEYARD = "0-0,1-1,0-2,1-2,2-2,0-3,1-3,3-3,0-4,1-4,2-4,3-4,4-4,0-5,1-5,2-5,3-5,5-5,0-6,1-6"
POSITION = f"d6 0-1,2-3/4-5 {_BONEYARD},2-6,3-6,4-6,6-6 *5|6 0 play last=1"
"""A Block hand of two tiles each after the lead 5-6."""

MARKED = sorted(
    str(page.relative_to(DOCS))
    for page in DOCS.rglob("*.md")
    if hook.MARKER.search(page.read_text(encoding="utf-8"))
)


def test_the_hook_is_in_mkdocs_yml() -> None:
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    assert "hooks:\n  - scripts/docs_pictures.py\n" in config


def test_the_pages_that_must_show_a_picture_have_a_marker() -> None:
    assert set(SHOWN) <= set(MARKED)


@pytest.mark.parametrize("name", MARKED)
def test_every_marker_renders_as_an_svg_figure(name: str) -> None:
    text = (DOCS / name).read_text(encoding="utf-8")
    markers = len(hook.MARKER.findall(text))
    out = hook.render_pictures(text, name)
    assert not hook.MARKER.search(out)
    pictures = FIGURE.findall(out)
    assert len(pictures) == markers
    for match, picture in zip(hook.MARKER.finditer(text), pictures, strict=True):
        # drawn as the engine draws it at the marker's width, only narrower
        fields = hook.marker_fields(match["fields"])
        state = HandState.from_position(fields["position"], hook.marker_rules(fields))
        width = int(fields.get("width", hook.WIDTH))
        if fields.get("show") == "layout":
            wide = svg.layout(state.layout, max_pip=state.rules.max_pip, width=width)
        else:
            seat = None if fields.get("seat") is None else int(fields["seat"])
            wide = svg.table(state, seat=seat, width=width)
        assert drawn(picture) == drawn(wide)
        assert width_of(picture) <= width
        root = ET.fromstring(picture)
        assert root.tag == f"{NS}svg"
        assert float(root.get("width", "0")) > 0
        assert float(root.get("height", "0")) > 0
        assert root.iter(f"{NS}g")
        # raw HTML for Markdown: no blank line inside the block
        assert "\n\n" not in picture


def states_before(text: str, line: int) -> list[HandState]:
    """The states bound to a name once the page's examples above ``line`` have run."""
    namespace: dict[str, object] = {}
    for example in doctest.DocTestParser().get_examples(text):
        if example.lineno >= line:
            break
        with contextlib.redirect_stdout(io.StringIO()), contextlib.suppress(Exception):
            exec(compile(example.source, "<page>", "exec"), namespace)
    return [value for value in namespace.values() if isinstance(value, HandState)]


@pytest.mark.parametrize("name", MARKED)
def test_every_marker_is_a_position_its_page_s_example_reaches(name: str) -> None:
    """A marker's position is that of a state the examples above it hold, under the same
    rules: the picture shows what the text diagram shows."""
    text = (DOCS / name).read_text(encoding="utf-8")
    for match in hook.MARKER.finditer(text):
        line = text.count("\n", 0, match.start())
        fields = hook.marker_fields(match["fields"])
        rules = hook.marker_rules(fields)
        reached = {(s.position(), s.rules) for s in states_before(text, line)}
        assert (fields["position"], rules) in reached, f"{name}, line {line + 1}: stale marker"


def drawn(picture: str) -> list[tuple[str | None, ...]]:
    """What a picture draws where: each tile's name and rectangle, each label's text and
    place."""
    keys = ("data-tile", "data-x", "data-y", "data-w", "data-h", "x", "y")
    return [
        (element.text if element.tag == f"{NS}text" else None, *map(element.get, keys))
        for element in ET.fromstring(picture).iter()
        if element.get("data-x") is not None or element.get("class") == "label"
    ]


def width_of(picture: str) -> int:
    return int(ET.fromstring(picture).get("width", "0"))


def test_a_marker_draws_the_engine_s_picture_as_wide_as_it_needs() -> None:
    position = POSITION
    text = f'Before.\n\n<!-- picture: preset=block hand_size=2 position="{position}" -->\n\nAfter.'
    out = hook.render_pictures(text)
    state = HandState.from_position(position, hook.Ruleset.block(hand_size=2))
    (table,) = FIGURE.findall(out)
    assert svg.MIN_WIDTH <= width_of(table) < hook.WIDTH
    assert table == svg.table(state, width=width_of(table))
    assert drawn(table) == drawn(svg.table(state, width=hook.WIDTH))
    assert out.startswith("Before.\n\n\n<figure")
    assert out.endswith("</figure>\n\n\nAfter.")
    seat = hook.render_pictures(
        f'<!-- picture: preset=block hand_size=2 position="{position}" seat=1 width=300 -->'
    )
    (table,) = FIGURE.findall(seat)
    assert width_of(table) <= 300
    assert table == svg.table(state, seat=1, width=width_of(table))
    layout = hook.render_pictures(
        f'<!-- picture: preset=block hand_size=2 position="{position}" show=layout '
        'caption="The line & its lead" -->'
    )
    # a layout's picture is as wide as what it shows at any width
    assert FIGURE.findall(layout) == [svg.layout(state.layout, width=hook.WIDTH)]
    assert "<figcaption>The line &amp; its lead</figcaption>" in layout


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ('preset=block position="d6"', "line 3: picture marker: "),
        ('position="x"', "the field preset is missing"),
        ("preset=block", "the field position is missing"),
        ('preset=block position="x" position="y"', "the field position is given twice"),
        ('preset=block sides position="x"', "name=value"),
        ('preset=block colour=red position="x"', "colour is not a ruleset field"),
        (f'preset=block hand_size=2 show=hand position="{POSITION}"', "show must be table or"),
    ],
)
def test_a_bad_marker_stops_the_build_naming_its_line(fields: str, message: str) -> None:
    text = f"# Page\n\n<!-- picture: {fields} -->\n"
    with pytest.raises(hook.PictureError, match=re.escape(message)) as error:
        hook.render_pictures(text, "rules/x.md")
    assert str(error.value).startswith("rules/x.md, line 3: picture marker: ")


def test_a_position_that_does_not_fit_its_rules_names_the_notation_error() -> None:
    text = '<!-- picture: preset=block position="d9 0-1/1-2 - - 0 lead" -->'
    with pytest.raises(hook.PictureError) as error:
        hook.render_pictures(text)
    assert isinstance(error.value.__cause__, NotationError)


def test_text_without_markers_is_unchanged() -> None:
    text = "# Title\n\n<!-- a comment -->\n\n`<!-- picture: in code -->`\n"
    assert hook.render_pictures(text) == text
