"""What a person sees and clicks, in real headless Chromium (Debian's /usr/bin/chromium driven by
Playwright; never `playwright install`), against the example site served on 127.0.0.1.

Set PAPERSHELF_SCREENSHOTS=docs/assets/screenshots to refresh the documentation's screenshots.
"""

from __future__ import annotations

import functools
import http.server
import os
import subprocess
import sys
import threading
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from conftest import REPO

pytestmark = pytest.mark.slow  # Chromium drives the built site

CHROMIUM = "/usr/bin/chromium"
playwright_api = pytest.importorskip(
    "playwright.sync_api", reason="playwright is not installed (.ci/run installs it)"
)
if not Path(CHROMIUM).exists():
    pytest.skip(f"{CHROMIUM} is not installed (.ci/run installs Debian's chromium)", allow_module_level=True)

FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):  # noqa: A002
        pass


@pytest.fixture(scope="module")
def base_url(tmp_path_factory):
    site = tmp_path_factory.mktemp("example") / "site"
    subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "-q", "-d", str(site)],
        cwd=REPO,
        check=True,
        capture_output=True,
    )
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def browser():
    with playwright_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield chromium
        chromium.close()


class Visit:
    """A browser context that records console errors and blocks (and lists) outside requests."""

    def __init__(self, browser, base_url: str) -> None:
        self.base = base_url
        self.context = browser.new_context(viewport={"width": 1280, "height": 900})
        self.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base_url.rstrip("/"))
        self.errors: list[str] = []
        self.sitemaps: list[str] = []
        """Sitemaps Material looked for beside a page's `<link rel="alternate">`, taking it for a
        language version of the site: a feed's folder has none (the fetch fails, harmlessly)."""
        self.outside: list[str] = []
        self.context.route("**/*", self._route)
        self.page = self.context.new_page()
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("response", self._sitemap)

    def _route(self, route) -> None:
        if route.request.url.startswith(self.base):
            route.continue_()
        else:
            self.outside.append(route.request.url)
            route.abort()

    def _sitemap(self, response) -> None:
        if response.status == 404 and response.url.endswith("/sitemap.xml"):
            self.sitemaps.append(response.url)

    def shot(self, name: str) -> None:
        folder = os.environ.get("PAPERSHELF_SCREENSHOTS")
        if folder:
            Path(folder).mkdir(parents=True, exist_ok=True)
            self.page.screenshot(path=str(Path(folder) / f"{name}.png"))


@pytest.fixture
def visit(browser, base_url):
    session = Visit(browser, base_url)
    yield session
    errors = list(session.errors)
    for _ in session.sitemaps:
        errors.remove("Failed to load resource: the server responded with a status of 404 (File not found)")
    assert errors == [], session.errors
    assert session.outside == [], session.outside
    session.context.close()


def test_walk_index_paper_author_topic_list(visit):
    page = visit.page
    page.goto(visit.base)
    page.get_by_role("link", name="Papers", exact=True).first.click()
    page.wait_for_url("**/papers/")
    visit.shot("papers")
    page.locator(".ps-papers .ps-title").first.click()
    page.wait_for_url("**/papers/*/")
    title = page.locator("h1").inner_text()
    visit.shot("paper")
    page.locator(".ps-authors a").first.click()
    assert title in page.inner_text("article") or page.locator("article").count() == 1
    page.go_back()
    page.locator(".ps-topics a").last.click()
    page.wait_for_url("**/topics/*/")
    assert title in page.inner_text(".ps-papers")
    page.goto(visit.base + "lists/")
    page.get_by_role("link", name="Taming the KV cache").first.click()
    page.wait_for_url("**/lists/kv-cache/")
    assert page.locator(".ps-card").count() >= 7
    visit.shot("reading-list")
    page.locator(".ps-card .ps-title").first.click()
    assert page.locator(".ps-holding").inner_text().startswith("Taming the KV cache")


def _link_colour(page, selector: str) -> str:
    return page.locator(selector).first.evaluate("element => getComputedStyle(element).color")


def test_a_paper_page_shows_its_section_as_the_current_one(visit):
    page = visit.page
    page.goto(visit.base + "papers/")
    page.locator(".ps-papers .ps-title").first.click()
    page.wait_for_url("**/papers/*/")
    active = ".md-nav--primary .md-nav__item--active > a.md-nav__link"
    assert page.locator(active).inner_text().strip() == "Papers"
    topics = ".md-nav--primary .md-nav__item:not(.md-nav__item--active) > .md-nav__link[href$='topics/']"
    assert _link_colour(page, active) != _link_colour(page, topics)
    page.goto(visit.base + "timeline/2026-08/")
    assert page.locator(active).inner_text().strip() == "Timeline"


def test_a_long_title_leaves_room_for_the_paper_on_a_phone(browser, base_url):
    """The example's longest title (139 characters) on a phone's width."""
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(base_url + "papers/kim2026operating/")
    height, line = page.locator(".ps-paper-title").evaluate(
        "e => [e.getBoundingClientRect().height, parseFloat(getComputedStyle(e).lineHeight)]"
    )
    assert round(height / line) <= 5
    assert page.locator(".ps-authors").evaluate("e => e.getBoundingClientRect().bottom") < 844 / 2
    context.close()


def test_copy_button_copies_exactly_the_bib_file(visit):
    page = visit.page
    page.goto(visit.base + "papers/kim2026operating/")
    block = page.locator(".ps-bibtex")
    copied = ""
    for _ in range(10):  # the theme's script may not have bound the button yet: click again
        block.hover()
        block.locator("button[data-md-type='copy']").click()
        copied = page.evaluate("navigator.clipboard.readText()")
        if copied:
            break
        page.wait_for_timeout(300)
    href = page.locator("a.ps-download").get_attribute("href")
    served = page.request.get(page.url + href).text()
    # Clipboard text loses the file's final newline (code blocks are copied without it).
    assert copied == served.removesuffix("\n") and copied.startswith("@misc{kim2026operating,")


def _search(page, words: str) -> None:
    """Type `words` into the theme's search box until results show."""
    box = page.locator("input.md-search__input")
    box.click()
    result = page.locator(".md-search-result__item").first
    for _ in range(12):  # the search worker may still be loading the index: type again until it answers
        box.fill("")
        box.type(words)
        try:
            result.wait_for(timeout=5000)
            break
        except playwright_api.TimeoutError:
            continue
    _wait_until_results_settle(page)


def _wait_until_results_settle(page) -> None:
    """Wait until the result list stops changing.

    The theme searches as each letter arrives, so the first results shown may be those of a prefix
    ("speculative" before "speculative decoding"); reading them then makes a test flaky.
    """
    shown = _result_paths(page)
    for _ in range(40):
        page.wait_for_timeout(250)
        now = _result_paths(page)
        if now == shown:
            return
        shown = now


def _result_paths(page) -> list[str]:
    """The site paths the search results link to, in their order (without `?h=` highlights)."""
    hrefs = page.locator(".md-search-result__item > a").evaluate_all("links => links.map(a => a.href)")
    return [urlsplit(href).path.strip("/") for href in hrefs]


def test_search_finds_a_word_only_in_an_abstract(visit):
    page = visit.page
    page.goto(visit.base)
    _search(page, "nanowhale")
    assert "MESH" in page.locator(".md-search-result").inner_text()
    visit.shot("search")


def test_a_key_typed_in_search_finds_its_paper_first_titled_once(visit):
    """The guide mentions `kim2026operating` in several sections; the paper comes first."""
    page = visit.page
    page.goto(visit.base)
    _search(page, "kim2026operating")
    assert _result_paths(page)[0] == "papers/kim2026operating"
    shown = page.locator(".md-search-result__item").first.inner_text()
    assert shown.count("Operating Multi-Node Full Fine-Tuning") == 1 and "Seon Ho Kim" in shown


def test_search_finds_author_and_topic_pages(visit):
    page = visit.page
    page.goto(visit.base)
    _search(page, "Xunliang Cai")
    assert "authors/xunliang-cai" in _result_paths(page)
    _search(page, "speculative decoding")
    assert "topics/speculative-decoding" in _result_paths(page)[:5], _result_paths(page)


def test_math_renders_in_titles_and_abstracts(visit):
    page = visit.page
    page.goto(visit.base + "papers/zan2026longcat/")
    math = page.locator(".ps-abstract math").first
    box = math.bounding_box()
    assert box is not None and box["width"] > 10 and box["height"] > 5
    assert "L" in math.evaluate("element => element.textContent")


_SMALLEST_TEXT = (
    "svg => Math.min(...[...svg.querySelectorAll('text')].map(t => t.getBoundingClientRect().height))"
)


@pytest.mark.parametrize("width", [390, 1280])
def test_charts_fill_their_column_and_stay_legible(browser, base_url, width):
    context = browser.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    for path in ("timeline/", "topics/"):
        page.goto(base_url + path)
        chart = page.locator("svg.ps-chart")
        column = page.locator("article").evaluate("e => e.clientWidth")
        box = chart.bounding_box()
        assert box is not None and box["width"] >= min(column, 300) * 0.95, path
        assert chart.evaluate(_SMALLEST_TEXT) >= 12 * 0.95, path  # a text box is about its font size
        if width == 390 and path == "topics/":  # the list of topics comes before the picture
            first = page.locator(".ps-topics-index").first.bounding_box()
            assert first is not None and first["y"] < box["y"] and first["y"] < 900
    context.close()


def test_charts_render_on_overview_pages(visit):
    page = visit.page
    for path, name in (("timeline/", "timeline"), ("topics/", "topics")):
        page.goto(visit.base + path)
        box = page.locator("svg.ps-chart").bounding_box()
        assert box is not None and box["width"] > 200
        visit.shot(name)


def test_no_serious_accessibility_violation_from_our_templates(visit):
    from axe_playwright_python.sync_playwright import Axe

    axe = Axe()
    ours = []
    for path in (
        "",
        "papers/",
        "new/",
        "papers/kim2026operating/",
        "topics/",
        "timeline/",
        "authors/",
        "lists/kv-cache/",
    ):
        visit.page.goto(visit.base + path)
        results = axe.run(visit.page)
        for violation in results.response["violations"]:
            if violation["impact"] not in ("serious", "critical"):
                continue
            nodes = [
                n for n in violation["nodes"] if "ps-" in n["html"] or any("ps-" in t for t in n["target"])
            ]
            ours += [(path, violation["id"], n["html"][:120]) for n in nodes]
    assert ours == []
