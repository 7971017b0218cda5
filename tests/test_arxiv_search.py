"""arXiv's search results saved as HTML: a fixture in the page's markup
(`tests/fixtures/arxiv-search/`), read field by field and built into a site."""

from __future__ import annotations

import datetime as dt

from conftest import FIXTURES
from papershelf.snapshots.reader import read_snapshot

PAGE = FIXTURES / "arxiv-search" / "search-results.html"


def test_every_result_is_its_paper_and_nothing_of_the_page():
    read = read_snapshot(PAGE)
    assert read.found == 3 and len(read.entries) == 2
    assert [str(problem) for problem in read.problems] == [
        f"{PAGE.name}:71: search result without an arXiv id or title; skipped"
    ]
    first, second = read.entries
    # a search hit inside the title is no word of its own; the labels are no author
    assert first.title == "Block-Sparse Attention in $O(n \\log n)$ Time"
    assert [p.name for p in first.authors] == ["José García", "Bo Wu"]
    assert (first.ids.arxiv, first.ids.primary_class, first.topic) == ("2512.01001", "cs.LG", "cs.LG")
    # the whole abstract, once, without its More/Less links
    assert (
        first.abstract == "Long contexts are costly. With block sparse attention, we make attention cheaper."
    )
    assert not first.truncated and first.date == dt.date(2025, 12, 2)
    # only the short abstract: cut short; dated by its first version
    assert second.truncated and second.abstract == "a kernel for decoding with sparse heads"
    assert second.date == dt.date(2025, 11, 3) and second.topic == "cs.AR"


def test_a_search_page_builds_a_site_without_the_search_as_a_topic(site_builder):
    site_builder.snapshot("search.html", PAGE.read_bytes())
    built = site_builder.build()
    assert built.warnings == [
        "papershelf: search.html:71: search result without an arXiv id or title; skipped"
    ]
    page = built.page("papers/garcia2025block/")
    assert page.select_one("h1.ps-paper-title").get_text(strip=True).startswith("Block-Sparse Attention")
    topics = {a.get_text(strip=True) for a in built.page("topics/").select("a")}
    assert not any("results for" in name for name in topics)
