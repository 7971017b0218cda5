"""Hostile snapshot text stays text: on every page, in the search index and in BibTeX."""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest

from conftest import FIXTURES, SiteBuilder

HOSTILE = (FIXTURES / "hostile" / "hostile.txt").read_text(encoding="utf-8")
EXPECTED_TEXT = [
    "<script>alert('x')</script> Attack | on *all* _the_ things {{ config.site_name }} {% raw %}",
    "Eve <img src=x onerror=alert(1)>",
]


@pytest.fixture(scope="module")
def hostile_site(tmp_path_factory):
    builder = SiteBuilder(tmp_path_factory.mktemp("hostile") / "project")
    builder.snapshot("hostile.txt", HOSTILE)
    return builder.build("author_pages_min: 1\n")  # every author a page: one more page kind


def _pages(site):
    return [path for path in site.site.rglob("*.html") if "assets" not in path.parts]


def test_no_injected_element_or_attribute_on_any_page(hostile_site):
    from bs4 import BeautifulSoup

    pages = _pages(hostile_site)
    assert len(pages) > 10
    for path in pages:
        soup = BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")
        article = soup.select_one("article") or soup
        assert article.find(["script", "iframe", "img", "b"]) is None, path
        for tag in soup.find_all(True):
            assert not any(name.lower().startswith("on") for name in tag.attrs), (path, tag.name)
            assert not str(tag.get("href", "")).lower().startswith("javascript:"), path
        assert "Fixture Attack" not in soup.get_text() and "49" not in (
            soup.title.get_text() if soup.title else ""
        )


def test_hostile_strings_are_shown_literally(hostile_site):
    from bs4 import BeautifulSoup

    paper_pages = [p for p in (hostile_site.site / "papers").glob("*/index.html") if p.parent.name != "page"]
    texts = [BeautifulSoup(p.read_text(encoding="utf-8"), "html.parser").get_text() for p in paper_pages]
    page = next(t for t in texts if "Attack" in t)
    for expected in EXPECTED_TEXT:
        assert expected in page
    assert "[click me](javascript:alert(4)) | a | b |" in page and "{% include 'x' %}" in page
    index = hostile_site.page("papers/")
    assert EXPECTED_TEXT[0] in index.get_text()
    assert any("very very very" in t for t in texts)


def test_search_index_holds_text_not_markup(hostile_site):
    index = json.loads(hostile_site.text("search/search_index.json"))
    blob = json.dumps(index)
    assert "<script>" not in blob and "<img" not in blob and "<iframe" not in blob
    assert any("Attack" in doc["title"] for doc in index["docs"])


def test_long_fields_make_short_urls(hostile_site):
    names = [p.name for p in hostile_site.site.rglob("*")]
    assert max(len(name) for name in names) <= 100


def test_hostile_bibtex_still_compiles(hostile_site, tmp_path):
    for tool in ("bibtex", "pdflatex"):
        if shutil.which(tool) is None:
            pytest.skip(f"{tool} is not installed (.ci/run installs it)")
    shutil.copy(hostile_site.site / "library.bib", tmp_path / "library.bib")
    (tmp_path / "doc.tex").write_text(
        "\\documentclass{article}\\begin{document}\\nocite{*}\\bibliographystyle{plain}"
        "\\bibliography{library}\\end{document}\n",
        encoding="utf-8",
    )
    run = ["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "doc.tex"]
    assert subprocess.run(run, cwd=tmp_path, capture_output=True).returncode == 0
    bibtex = subprocess.run(["bibtex", "doc"], cwd=tmp_path, capture_output=True, text=True)
    assert bibtex.returncode == 0 and "Warning--" not in bibtex.stdout, bibtex.stdout
    assert subprocess.run(run, cwd=tmp_path, capture_output=True).returncode == 0
    assert (tmp_path / "doc.bbl").read_text(encoding="utf-8").count("\\bibitem") == 2


def test_every_page_kind_shows_the_hostile_text_inert(hostile_site):
    """In the HTML source of every article the hostile paper, its authors or its topic are
    on, `{{ }}`, `{% %}`, `*`, `$` and tags are character references: nothing a Markdown or
    Jinja pass (another plugin's) or a browser could act on."""
    from bs4 import BeautifulSoup

    kinds = set()
    for path in _pages(hostile_site):
        source = path.read_text(encoding="utf-8")
        start = source.find('<article class="md-content__inner md-typeset">')
        article = source[start : source.index("</article>", start)] if start >= 0 else ""
        text = BeautifulSoup(article, "html.parser").get_text()
        if "Attack" not in text and "7*7" not in text and "Hostile" not in text:
            continue
        relative = path.relative_to(hostile_site.site).parts
        kinds.add(relative[0] if len(relative) < 4 else "/".join(relative[:2]))
        for raw in ("{{", "{%", "*all*", "<script", "<img", "7*7", "$x"):
            assert raw not in article, (path, raw)
        if "Attack" in text:
            assert EXPECTED_TEXT[0] in text, path
        if "7*7" in text:
            assert "Bob {{ 7*7 }}" in text, path
    assert {"papers", "topics", "timeline", "authors", "authors/letters"} <= kinds, kinds
