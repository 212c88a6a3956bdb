"""The documentation site as a reader sees it.

The site is built once for the module (``mkdocs build --strict`` into a temporary folder).
Its HTML is checked first: no docstring example outside a code block, no attrs internals in
the API reference, and the rules pages link the seed documents they cite. Then every page
is opened in a real browser, headless Chromium at 1280 x 900 pixels (a common laptop
screen), and nothing in the content column may need sideways scrolling: not the page, not
a table, not a code block whose lines have at most 100 characters, and not the
verification page's step-by-step table.

The browser is the system's Chromium (Debian's ``chromium`` package, which .ci/run
installs), driven by Playwright; that part is skipped only where no such browser is
installed. The site is served from 127.0.0.1, and the page may load nothing from anywhere
else (the theme's web fonts are refused, so the system's fonts are used).
"""

from __future__ import annotations

import functools
import http.server
import os
import re
import subprocess
import sys
import threading
import urllib.request
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

import pytest

from browser import CHROMIUM_FLAGS, chromium
from paths import DOCS, ROOT, script

if TYPE_CHECKING:
    from playwright.sync_api import Page, Route

WIDTH, HEIGHT = 1280, 900
CODE_COLUMNS = 100
"""Code lines up to this many characters fit the content column at ``WIDTH`` pixels."""
STEP_TABLE = "proposer 2, confirmed 2 0 1"
"""Text of the last row of the verification page's step-by-step table."""


def url_path(page: Path) -> str:
    """The site path of a docs page (``rules/index.md`` -> ``rules/``, ``tour.md`` -> ``tour/``)."""
    rel = page.relative_to(DOCS).with_suffix("")
    parts = rel.parts[:-1] if rel.name == "index" else rel.parts
    return "".join(f"{part}/" for part in parts)


PAGES = sorted(url_path(page) for page in DOCS.rglob("*.md"))


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site, built once with ``mkdocs build --strict``."""
    pytest.importorskip("mkdocs")
    out = tmp_path_factory.mktemp("site")
    build = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(out)],
        cwd=ROOT,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
        capture_output=True,
        text=True,
        check=False,
    )
    assert build.returncode == 0, build.stderr[-4000:]
    return out


def html_of(site: Path, path: str) -> str:
    return (site / path / "index.html").read_text(encoding="utf-8")


def article_of(site: Path, path: str) -> str:
    """The page's own content, without the navigation around it."""
    html = html_of(site, path)
    start = html.index('<article class="md-content__inner')
    return html[start : html.index("</article>", start)]


# ------------------------------------------------- the griffe extension (scripts/griffe_docs.py)


@pytest.fixture(scope="module")
def griffe_docs() -> ModuleType:
    """scripts/griffe_docs.py, the extension mkdocs.yml gives mkdocstrings."""
    pytest.importorskip("griffe")
    return script("griffe_docs")


def test_running_text_doctests_are_fenced(griffe_docs: ModuleType) -> None:
    text = "\n".join(
        [
            "Summary.",
            ">>> x = 1  # doctest: +SKIP",
            ">>> print(x)",
            "1",
            "<BLANKLINE>",
            "",
            "More text.",
            "```python",
            ">>> inside_a_fence",
            "```",
            "Examples:",
            "    >>> indented",
            ">>> last",
        ]
    )
    assert griffe_docs.fence_doctests(text).split("\n") == [
        "Summary.",
        "",
        "```pycon",
        ">>> x = 1",
        ">>> print(x)",
        "1",
        "",
        "```",
        "",
        "More text.",
        "```python",
        ">>> inside_a_fence",
        "```",
        "Examples:",
        "    >>> indented",
        "",
        "```pycon",
        ">>> last",
        "```",
    ]
    assert griffe_docs.fence_doctests("No examples.") == "No examples."


def test_attrs_fields_show_their_defaults(griffe_docs: ModuleType) -> None:
    import griffe

    def value_of(source: str) -> str | None:
        module = griffe.visit(
            "m", Path("m.py"), code=f"import attrs\nclass C:\n    x: int = {source}\n"
        )
        shown = griffe_docs.attrs_default(module["C.x"].value)
        return None if shown is None else str(shown)

    assert value_of("attrs.field(default=6, validator=check)") == "6"
    assert value_of("attrs.field(validator=check)") is None
    assert value_of("attrs.field(factory=dict)") is None
    assert value_of("7") == "7"
    assert value_of("other.field(default=1)") == "other.field(default=1)"


# ------------------------------------------------------------------------ the HTML


class _Examples(HTMLParser):
    """Where a page's ``>>>`` text and block quotes are."""

    def __init__(self) -> None:
        super().__init__()
        self.code = 0
        self.quotes = 0
        self.loose: list[str] = []
        """Text holding ``>>>`` outside ``pre`` and ``code``."""
        self.nested_quotes = 0
        """Block quotes inside block quotes: Markdown's reading of a bare ``>>>`` line."""
        self.quoted_prompts: list[str] = []
        """Text holding ``>>>`` inside a block quote."""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("pre", "code"):
            self.code += 1
        elif tag == "blockquote":
            self.quotes += 1
            if self.quotes > 1:
                self.nested_quotes += 1

    def handle_endtag(self, tag: str) -> None:
        if tag in ("pre", "code"):
            self.code -= 1
        elif tag == "blockquote":
            self.quotes -= 1

    def handle_data(self, data: str) -> None:
        if ">>>" not in data:
            return
        if not self.code:
            self.loose.append(data.strip()[:80])
        if self.quotes:
            self.quoted_prompts.append(data.strip()[:80])


@pytest.mark.parametrize("path", PAGES)
def test_docstring_examples_are_code_blocks(site: Path, path: str) -> None:
    examples = _Examples()
    examples.feed(html_of(site, path))
    examples.close()
    assert not examples.loose, f"'>>>' outside a code block: {examples.loose[:3]}"
    assert not examples.quoted_prompts, f"'>>>' in a block quote: {examples.quoted_prompts[:3]}"
    assert not examples.nested_quotes, "nested block quotes (a '>>>' line read as quotes)"


def test_the_api_reference_shows_its_examples_as_pycon_blocks(site: Path) -> None:
    html = html_of(site, "reference/api/")
    blocks = html.count('<pre><span></span><code><span class="gp">&gt;&gt;&gt; </span>')
    assert blocks >= 25, f"only {blocks} example blocks on the API page"


def test_the_api_reference_hides_attrs_internals(site: Path) -> None:
    html = html_of(site, "reference/api/")
    assert "doc-label" not in html  # no class-attribute / instance-attribute labels
    for call in ("attrs.field(", "attr.ib(", "attrs.Factory("):
        assert call not in html, f"{call} shown in the API reference"
    # a field with a default shows the default, one without shows no value
    assert 'id="dominoes.rules.Ruleset.max_pip"' in html
    heading = html.split('id="dominoes.rules.Ruleset.max_pip"', 1)[1].split("</h", 1)[0]
    assert "max_pip" in heading
    assert ">6<" in heading


@pytest.mark.parametrize(
    ("mention", "source"),
    [("seed 000", "sources/seed-000-croatian/"), ("seed 002", "sources/seed-002-czech/")],
)
def test_rules_pages_that_cite_a_seed_link_it(site: Path, mention: str, source: str) -> None:
    citing = [path for path in PAGES if path.startswith("rules/")]
    cited = 0
    for path in citing:
        html = article_of(site, path)
        if mention not in html.lower():
            continue
        cited += 1
        depth = path.count("/")
        assert f'href="{"../" * depth}{source}"' in html, f"{path} cites {mention} unlinked"
    assert cited >= 3


PICTURES = re.compile(r"^<!-- picture: ", re.MULTILINE)
"""A picture marker (scripts/docs_pictures.py, the mkdocs hook, draws it at build time)."""


@pytest.mark.parametrize(
    "page", sorted(p for p in DOCS.rglob("*.md") if PICTURES.search(p.read_text(encoding="utf-8")))
)
def test_the_pictures_of_the_worked_examples_are_in_the_pages(site: Path, page: Path) -> None:
    markers = len(PICTURES.findall(page.read_text(encoding="utf-8")))
    html = article_of(site, url_path(page))
    assert "<!-- picture:" not in html
    figures = html.split('<figure class="dominoes-picture">')[1:]
    assert len(figures) == markers
    assert all(
        figure.lstrip().startswith('<svg xmlns="http://www.w3.org/2000/svg"') for figure in figures
    )


def test_the_sources_pages_are_in_the_navigation(site: Path) -> None:
    home = html_of(site, "")
    for page in ("seed-000-croatian", "seed-002-czech", "seeds-english"):
        assert f'href="sources/{page}/"' in home, page


# ----------------------------------------------------------------- the browser


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        """No request log on stderr."""


@pytest.fixture(scope="module")
def served(site: Path) -> Iterator[str]:
    """The base address of the built site, served from 127.0.0.1 on a free port."""
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(_QuietHandler, directory=str(site))
    )
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    try:
        # ready: the home page is served (the socket listens from the constructor on)
        with urllib.request.urlopen(f"{base}/", timeout=30) as answer:
            assert answer.status == 200
        yield base
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


@pytest.fixture(scope="module")
def page(served: str) -> Iterator[Page]:
    """One browser tab, 1280 x 900 pixels, that loads only from the local server."""
    sync_api = pytest.importorskip("playwright.sync_api")
    executable = chromium()
    if executable is None:
        pytest.skip("no Chromium installed (Debian: apt-get install chromium)")

    def local_only(route: Route) -> None:
        if route.request.url.startswith(f"{served}/"):
            route.continue_()
        else:
            route.abort()

    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_FLAGS)
        try:
            context = browser.new_context(viewport={"width": WIDTH, "height": HEIGHT})
            context.route("**/*", local_only)
            yield context.new_page()
        finally:
            browser.close()


OVERFLOW = """(columns) => {
  const problems = [];
  const fits = (el) => el.scrollWidth <= el.clientWidth + 1;
  const doc = document.documentElement;
  if (!fits(doc)) {
    problems.push(`the page scrolls sideways: ${doc.scrollWidth} > ${doc.clientWidth} px`);
  }
  // the content column: the theme lets tables bleed into its side margins, so the column
  // is measured with them
  const content = document.querySelector('.md-content');
  const column = document.querySelector('.md-content__inner');
  if (content === null || column === null) {
    return ['no content column'];
  }
  if (!fits(content)) {
    problems.push(`the content column overflows: `
      + `${content.scrollWidth} > ${content.clientWidth} px`);
  }
  for (const code of column.querySelectorAll('pre > code')) {
    const longest = Math.max(...code.textContent.split('\\n').map((line) => line.length));
    if (longest <= columns && !fits(code)) {
      problems.push(`code block (lines up to ${longest} characters) scrolls: `
        + `${code.scrollWidth} > ${code.clientWidth} px: ${code.textContent.slice(0, 60)}`);
    }
  }
  for (const table of column.querySelectorAll('table')) {
    if (!fits(table)) {
      problems.push(`table scrolls: ${table.scrollWidth} > ${table.clientWidth} px: `
        + table.textContent.trim().slice(0, 60));
    }
  }
  // a code line of exactly `columns` characters, in a block styled like the page's own
  const probe = document.createElement('div');
  probe.className = 'highlight';
  probe.innerHTML = '<pre><code></code></pre>';
  probe.querySelector('code').textContent = '>>> ' + '0123456789'.repeat(columns).slice(4, columns);
  column.appendChild(probe);
  const code = probe.querySelector('code');
  if (!fits(code)) {
    problems.push(`a ${columns}-character code line scrolls: `
      + `${code.scrollWidth} > ${code.clientWidth} px`);
  }
  probe.remove();
  return problems;
}"""


def open_page(page: Page, served: str, path: str) -> None:
    answer = page.goto(f"{served}/{path}", wait_until="load")
    assert answer is not None
    assert answer.ok, f"{path}: HTTP {answer.status}"


@pytest.mark.parametrize("path", PAGES)
def test_nothing_scrolls_sideways_at_1280_pixels(
    page: Page, served: str, path: str, tmp_path: Path
) -> None:
    open_page(page, served, path)
    problems: list[str] = page.evaluate(OVERFLOW, CODE_COLUMNS)
    if problems:
        shot = tmp_path / "page.png"
        page.screenshot(path=str(shot), full_page=True)
        pytest.fail(f"{path} at {WIDTH} px (screenshot {shot}):\n" + "\n".join(problems))


def test_the_verification_step_table_shows_its_round_column(page: Page, served: str) -> None:
    open_page(page, served, "rules/verification/")
    table = page.locator("pre > code", has_text=STEP_TABLE)
    assert table.count() == 1
    table.scroll_into_view_if_needed()
    sizes: dict[str, Any] = table.evaluate(
        """(code, last) => {
          const walker = document.createTreeWalker(code, NodeFilter.SHOW_TEXT);
          let right = null;
          for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
            const at = node.data.indexOf(last);
            if (at >= 0) {
              const range = document.createRange();
              range.setStart(node, at);
              range.setEnd(node, at + last.length);
              right = range.getBoundingClientRect().right;
            }
          }
          const box = code.getBoundingClientRect();
          return {
            scroll: code.scrollWidth,
            client: code.clientWidth,
            longest: Math.max(...code.textContent.split('\\n').map((line) => line.length)),
            lastRowRight: right,
            codeRight: box.left + code.clientLeft + code.clientWidth,
          };
        }""",
        STEP_TABLE,
    )
    assert sizes["longest"] > CODE_COLUMNS, sizes  # the round column makes it that wide
    assert sizes["scroll"] <= sizes["client"] + 1, sizes
    # the end of the last row, in the round column, is inside the block's visible box
    assert sizes["lastRowRight"] is not None, sizes
    assert sizes["lastRowRight"] <= sizes["codeRight"] + 1, sizes


PICTURE_SIZE = """() => [...document.querySelectorAll('.md-content figure.dominoes-picture svg')]
  .map((svg) => {
    const box = svg.getBoundingClientRect();
    const column = document.querySelector('.md-content__inner').getBoundingClientRect();
    return {width: box.width, height: box.height, ratio: box.width / box.height,
            wanted: svg.viewBox.baseVal.width / svg.viewBox.baseVal.height,
            inside: box.left >= column.left - 1 && box.right <= column.right + 1};
  })"""


@pytest.mark.parametrize("width", [WIDTH, 390])
def test_a_rules_page_shows_its_pictures_within_the_column(
    page: Page, served: str, width: int
) -> None:
    """At 1280 pixels and on a phone (390 pixels), the pictures of the spinner page are
    drawn, at a size above zero, inside the content column, not stretched."""
    page.set_viewport_size({"width": width, "height": HEIGHT})
    try:
        open_page(page, served, "rules/spinner/")
        sizes: list[dict[str, Any]] = page.evaluate(PICTURE_SIZE)
    finally:
        page.set_viewport_size({"width": WIDTH, "height": HEIGHT})
    assert len(sizes) >= 2, sizes
    for size in sizes:
        assert size["width"] > 50, size
        assert size["height"] > 50, size
        assert size["inside"], size
        assert abs(size["ratio"] - size["wanted"]) < 0.02, size
