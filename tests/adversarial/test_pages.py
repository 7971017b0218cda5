"""Listing text and file names as an attacker writes them: every page that shows them holds
only the markup our templates wrote (judged by an HTML parser, and by Chromium)."""

from __future__ import annotations

import functools
import http.server
import threading
from pathlib import Path
from urllib.parse import unquote, urljoin

import pytest
from bs4 import BeautifulSoup, Tag

from conftest import SiteBuilder, entry, listing

SCRIPT = r"$\text{<script>alert(1)</script>}$"
SVG = r"$\text{<svg/onload=alert(1)>}$"
# Allowed markup at sizes that draw a black square 18,900 px wide, or a page millions wide.
SQUARE = r"$\rule{500cm}{500cm}$"
WIDE = r"$\hspace{99999cm}$"
HUGE = r"$\Huge{\Huge{\Huge{x}}}$"
HOSTILE_LIST = 'x" onmouseover="alert(11)" y='
UNTITLED_LIST = "<svg onload=alert(1)>"  # no heading: MkDocs titles the page by its file name
# MathML presentation elements; the token elements among them hold text only.
MATHML = {
    *"math mrow mspace mfrac msqrt mroot msub msup msubsup munder mover munderover".split(),
    *"mtable mtr mtd mstyle mpadded mphantom menclose".split(),
}
TOKENS = {"mi", "mn", "mo", "ms", "mtext"}


def _html_pages(site: Path) -> list[Path]:
    return [path for path in site.rglob("*.html") if "assets" not in path.parts]


def _soup(path: Path) -> BeautifulSoup:
    return BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")


def _assert_only_our_markup(soup: BeautifulSoup, where: object) -> None:
    """No element or attribute that neither our templates nor the theme writes."""
    for tag in soup.find_all(True):
        assert not any(name.lower().startswith("on") for name in tag.attrs), (where, tag)
        for name in ("href", "src", "action", "formaction"):
            assert not str(tag.get(name, "")).strip().lower().startswith("javascript:"), (where, tag)
    article = soup.select_one("article")
    if article is None:
        return
    assert article.find(["script", "iframe", "img", "object", "embed", "style"]) is None, where
    assert all("ps-chart" in svg.get("class", []) for svg in article.find_all("svg")), where
    for math in article.find_all("math"):
        for element in math.find_all(True):
            assert element.name in MATHML | TOKENS, (where, element.name)
            assert element.name not in TOKENS or element.find(True) is None, (where, element)


@pytest.fixture(scope="module")
def math_site(tmp_path_factory):
    builder = SiteBuilder(tmp_path_factory.mktemp("math") / "project")
    builder.snapshot(
        "a.txt",
        listing(
            entry(f"Fast {SCRIPT} decoding", "Ann Author, Bob Builder", abstract=f"Has {SVG} and $O(L^2)$."),
            entry(
                f"Slow {SVG} training",
                "Ann Author, Carl Coder",
                "3 March 2026",
                r"Uses $\alpha$, $\href{javascript:alert(1)}{x}$ and $\text{<mi>x</mi>}$ here.",
            ),
            entry(
                f"Wide {SQUARE} drawing",
                "Dan Drawer",
                "4 March 2026",
                rf"Spaces {WIDE}, {HUGE}, but $a \qquad b$ and $\Bigg( x \Bigg)$ as TeX sizes them.",
            ),
        ),
    )
    docs = builder.root / "docs"
    (docs / "lists").mkdir()
    (docs / "lists" / "reading.md").write_text('# Reading\n\n- [ ] "Fast"\n- [x] "Slow"\n', encoding="utf-8")
    (docs / "notes.md").write_text(
        "# Notes\n\nSee [@author2026fast].\n\n<!-- papershelf:references -->\n", encoding="utf-8"
    )
    built = builder.build()
    assert built.warnings == []
    return built


def _mtext(soup: BeautifulSoup) -> list[str]:
    return [mtext.get_text() for mtext in soup.select("article mtext")]


@pytest.mark.parametrize(
    "url",
    [
        "papers/author2026fast/",
        "papers/",
        "topics/test-topic/",
        "timeline/2026-08/",
        "authors/ann-author/",
        "authors/letters/b/",
        "lists/reading/",
        "notes/",
    ],
)
def test_script_in_a_formula_is_text_on_every_page_that_lists_the_paper(math_site, url):
    soup = math_site.page(url)
    _assert_only_our_markup(soup, url)
    assert "<script>alert(1)</script>" in _mtext(soup), url


def test_svg_in_a_formula_is_text_on_every_page(math_site):
    pages = _html_pages(math_site.site)
    assert len(pages) > 10
    for path in pages:
        _assert_only_our_markup(_soup(path), path)
    abstract = math_site.page("papers/author2026fast/").select_one(".ps-abstract")
    assert "<svg/onload=alert(1)>" in _mtext(abstract)
    assert "<svg/onload=alert(1)>" in _mtext(math_site.page("papers/author2026slow/"))


def test_ordinary_formulas_still_render_as_mathml(math_site):
    fast = math_site.page("papers/author2026fast/").select_one(".ps-abstract")
    power = fast.select_one("math msup")
    assert [child.name for child in power.find_all(True)] == ["mi", "mn"]
    assert power.find_parent("math").get_text() == "O(L2)"
    slow = math_site.page("papers/author2026slow/").select_one(".ps-abstract")
    assert slow.select_one("math mi").get_text() == "α"


def test_formula_that_needs_foreign_markup_is_shown_as_its_source(math_site):
    abstract = math_site.page("papers/author2026slow/").select_one(".ps-abstract")
    assert r"$\href{javascript:alert(1)}{x}$" in abstract.get_text()
    assert all(not math.find(href=True) for math in abstract.find_all("math"))


def test_formulas_larger_than_a_few_em_are_shown_as_their_source(math_site):
    page = math_site.page("papers/drawer2026wide/")
    title, abstract = page.select_one("article h1").get_text(), page.select_one(".ps-abstract")
    assert SQUARE in title
    assert WIDE in abstract.get_text() and HUGE in abstract.get_text()
    spaces = abstract.select("math mspace")
    assert [space["width"] for space in spaces] == ["2em"]
    assert {mo.get("minsize") for mo in abstract.select("math mo[minsize]")} == {"2.470em"}


def test_markup_in_the_text_of_a_formula_is_no_element(math_site):
    abstract = math_site.page("papers/author2026slow/").select_one(".ps-abstract")
    mtext = next(m for m in abstract.select("mtext") if "mi" in m.get_text())
    assert mtext.get_text() == "<mi>x</mi>" and mtext.find(True) is None


@pytest.fixture(scope="module")
def list_site(tmp_path_factory):
    builder = SiteBuilder(tmp_path_factory.mktemp("names") / "project")
    builder.snapshot("a.txt", listing(entry("Paging Attention", "Ann Author, Bob Builder")))
    (builder.root / "docs" / "lists").mkdir()
    (builder.root / "docs" / "lists" / f"{HOSTILE_LIST}.md").write_text(
        '# Evil\n\n- [x] "Paging"\n', encoding="utf-8"
    )
    (builder.root / "docs" / "lists" / f"{UNTITLED_LIST}.md").write_text('- [ ] "Paging"\n', encoding="utf-8")
    (builder.root / "docs" / "lists" / ".hidden.md").write_text(
        '# Hidden\n\n- [ ] "Paging"\n', encoding="utf-8"
    )
    built = builder.build()
    assert built.warnings == []
    return built


def _our_links(soup: BeautifulSoup) -> list[Tag]:
    return soup.select(".ps-lists a, .ps-holding a, .ps-progress a, .ps-card a")


@pytest.mark.parametrize("url", ["lists/", "papers/author2026paging/", f"lists/{HOSTILE_LIST}/"])
def test_a_file_name_adds_no_attribute(list_site, url):
    soup = list_site.page(url)
    _assert_only_our_markup(soup, url)
    links = _our_links(soup)
    assert links
    for link in links:
        assert set(link.attrs) <= {"href", "class", "download"}, link


@pytest.mark.parametrize("url", ["lists/", "papers/author2026paging/", f"lists/{HOSTILE_LIST}/"])
def test_links_made_from_a_hostile_file_name_lead_to_its_files(list_site, url):
    for link in _our_links(list_site.page(url)):
        href = link["href"]
        assert '"' not in href and " " not in href, href
        target = list_site.site / unquote(urljoin(url, href))
        assert (target / "index.html" if href.endswith("/") else target).is_file(), href


@pytest.mark.parametrize("url", ["lists/", "papers/author2026paging/", "404.html"])
def test_a_list_titled_by_its_file_name_is_text_in_the_navigation(list_site, url):
    soup = list_site.page(url)
    assert soup.find("svg", onload=True) is None
    nav = [link.get_text(" ", strip=True) for link in soup.select("nav.md-nav--primary a")]
    assert UNTITLED_LIST.capitalize() in nav


def test_a_list_mkdocs_does_not_build_is_not_linked(list_site):
    """MkDocs leaves out `.hidden.md` (`exclude_docs`): no link may lead to its page."""
    lists = list_site.page("lists/")
    assert [a.get_text() for a in lists.select(".ps-lists a") if "hidden" in a.get("href", "").lower()] == []
    assert not (list_site.site / "lists" / ".hidden").exists()
    assert "Hidden" not in lists.select_one("article").get_text()


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):  # noqa: A002
        pass


@pytest.mark.slow  # Chromium
def test_no_dialog_fires_in_chromium(math_site, list_site):
    playwright_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
    chromium = "/usr/bin/chromium"
    if not Path(chromium).exists():
        pytest.skip(f"{chromium} is not installed (.ci/run installs Debian's chromium)")
    servers = []
    for built in (math_site, list_site):
        handler = functools.partial(_Quiet, directory=str(built.site))
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)
    math_base, list_base = (f"http://127.0.0.1:{s.server_address[1]}/" for s in servers)
    urls = [math_base + path for path in ("papers/author2026fast/", "papers/author2026slow/", "papers/")]
    urls += [list_base + "lists/", list_base + "papers/author2026paging/"]
    try:
        with playwright_api.sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
            page = browser.new_page()
            dialogs: list[str] = []
            page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
            page.set_content("<img src=x onerror=alert(0)>")  # the listener hears a dialog
            page.wait_for_timeout(200)
            assert dialogs == ["0"]
            for url in urls:
                page.goto(url)
                for link in page.locator("article a").all():
                    link.hover()
            page.wait_for_timeout(200)
            for path in ("papers/drawer2026wide/", "papers/", "timeline/2026-03/"):
                page.goto(math_base + path)
                size = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
                assert size[0] <= size[1], (path, size)
                tallest = page.evaluate(
                    "Math.max(...[...document.querySelectorAll('math')]"
                    ".map(m => m.getBoundingClientRect().height))"
                )
                assert tallest < 100, (path, tallest)
            browser.close()
    finally:
        for server in servers:
            server.shutdown()
            server.server_close()
    assert dialogs == ["0"]


def test_a_title_spelling_the_link_placeholder_stays_text_in_every_list(tmp_path):
    """List entries are made once with a placeholder for the way up to the site's root
    (`papershelf.pages.markup.rooted`); a title that spells it is shown as written."""
    title = "Tables {papershelf-root} and {PAPERSHELF-ROOT}"
    listed = title.replace("{", "\\{").replace("}", "\\}")  # braces that are text in TeX
    builder = SiteBuilder(tmp_path / "project")
    builder.snapshot("a.txt", listing(entry(listed, "Ann Author"), entry("Paging Attention", "Ann Author")))
    built = builder.build()
    assert built.warnings == []
    for url in ("papers/", "topics/test-topic/", "authors/ann-author/"):
        links = built.page(url).select("a.ps-title")
        assert title in [link.get_text() for link in links], url
        assert not [link["href"] for link in links if "papershelf-root" in link["href"]]
