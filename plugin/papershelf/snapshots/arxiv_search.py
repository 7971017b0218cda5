"""Reader for arXiv's search results saved as HTML (`arxiv.org/search/?query=...`).

Each result is an `li.arxiv-result`: the identifier's link (`p.list-title`), the categories
as tags (the first is the primary one, the paper's topic, as a listing's category is), the
title (`p.title`), the authors' links after an `Authors:` label (`p.authors`), the abstract
twice (`.abstract-full`, and `.abstract-short` cut with `…`, each with a `More`/`Less` link)
and `Submitted 28 November, 2025; v1 submitted 3 November, 2025; originally announced ...`,
of which the first version's day dates the paper. The page's heading ("Showing 1–50 of
77,800 results for ...") names a search, not a subject: it is no topic.
"""

from __future__ import annotations

import re

from bs4 import BeautifulSoup, Tag

from papershelf.library.identifiers import arxiv_ids
from papershelf.model import Entry, Listing, Problem, Sighting
from papershelf.snapshots.entries import RawEntry, build_entry, clean_space, gathered

__all__ = ["is_arxiv_search_page", "read_arxiv_search_page"]

_SUBMITTED = re.compile(r"(?:^|;)\s*(?:v1\s+)?submitted\s+([^;]+?)\s*(?=;|$)", re.IGNORECASE)


def is_arxiv_search_page(soup: BeautifulSoup) -> bool:
    return soup.select_one("li.arxiv-result p.list-title a[href*='/abs/']") is not None


def read_arxiv_search_page(soup: BeautifulSoup, file: str) -> Listing:
    results = soup.select("li.arxiv-result")
    entries, problems = gathered(_result(result, file) for result in results)
    return Listing(file, "", tuple(entries), tuple(problems), found=len(results))


def _result(result: Tag, file: str) -> tuple[Entry | None, list[Problem]]:
    at = Sighting(file, getattr(result, "sourceline", None) or 1)
    link = result.select_one("p.list-title a[href*='/abs/']")
    tags = [_text(tag) for tag in result.select(".tags .tag")]
    ids = arxiv_ids(str(link.get("href", "")), tags[0] if tags else "") if link is not None else None
    title = result.select_one("p.title")
    title_text = _text(title) if title is not None else ""
    if not ids or not title_text:
        return None, [Problem(at, "search result without an arXiv id or title; skipped")]
    authors = result.select("p.authors a")
    abstract, cut = _abstract(result)
    raw = RawEntry(
        title=title_text,
        title_at=at,
        authors=", ".join(_text(author) for author in authors) if authors else None,
        authors_at=at,
        date=_first_submitted(result),
        abstract=abstract + ("…" if cut else ""),
        ids=ids,
    )
    return build_entry(raw, tags[0] if tags else "arXiv")


def _first_submitted(result: Tag) -> str | None:
    """The day the first version was submitted (`v1 submitted 3 November, 2025`, shown
    when there are later ones), else the one shown: a paper is dated by its first version,
    as in every arXiv reader."""
    line = result.select_one("p.is-size-7")
    days = _SUBMITTED.findall(_text(line)) if isinstance(line, Tag) else []
    return days[-1] if days else None


def _abstract(result: Tag) -> tuple[str, bool]:
    """The whole abstract, or the short one (cut) where the page holds no other; without
    the `More`/`Less` links."""
    for selector, cut in ((".abstract-full", False), (".abstract-short", True)):
        found = result.select_one(selector)
        if isinstance(found, Tag):
            for toggle in found.find_all("a"):
                toggle.extract()
            return _text(found).removeprefix("…").strip(), cut
    return "", False


def _text(tag: Tag) -> str:
    """The element's text as one line. Not `tag_text`, which puts a space between
    elements: search hits are highlighted inside words' sentences (`systems</span>,`)."""
    return " ".join(clean_space(tag.get_text()).split())
