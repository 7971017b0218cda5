"""Every paper page leads to the paper: here, a labelled arXiv title search."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

from conftest import entry, listing


def test_a_paper_page_links_to_an_arxiv_title_search(site_builder):
    title = "Sparse & Fast: $O(L^2)$ Attention?"
    site_builder.snapshot("a.txt", listing(entry(title, "Seon Ho Kim")))
    built = site_builder.build()
    assert built.warnings == []
    link = built.page("papers/kim2026sparse/").select_one("a.ps-find")
    assert link is not None and "Search arXiv" in link.get_text()
    url = urlsplit(link["href"])
    assert (url.scheme, url.netloc, url.path) == ("https", "arxiv.org", "/search/")
    assert parse_qs(url.query) == {"query": ["Sparse & Fast: O(L^2) Attention?"], "searchtype": ["title"]}
