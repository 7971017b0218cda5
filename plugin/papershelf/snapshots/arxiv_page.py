"""Reader for arXiv's listing pages saved as HTML: the entries of the copied text
(`papershelf.snapshots.arxiv_listing`, which reads their fields) as `<dt>`/`<dd>` pairs of a
`<dl>`, the day in the page's text or in day headings (`<h3>`). Apart from the text reader,
so that reading copied text never imports BeautifulSoup."""

from __future__ import annotations

import datetime as dt

from bs4 import BeautifulSoup, Tag

from papershelf.model import Entry, Listing, Problem, Sighting
from papershelf.snapshots.arxiv_listing import DAY_HEADING, arxiv_entry, dated_listing, listing_day, short_day
from papershelf.snapshots.entries import gathered, tag_text

__all__ = ["is_arxiv_listing_page", "read_arxiv_listing_page"]


def is_arxiv_listing_page(soup: BeautifulSoup) -> bool:
    return (
        soup.select_one("dl dt a[href*='/abs/']") is not None
        and soup.select_one("dd .list-title") is not None
    )


def read_arxiv_listing_page(soup: BeautifulSoup, file: str) -> Listing:
    day = listing_day(" ".join(soup.get_text(" ").split()))
    terms = soup.select("dl > dt")
    days = _heading_days(soup, day)
    page_day = day or next(filter(None, days), None)
    read = (
        _page_entry(term, file, under, page_day is not None) for term, under in zip(terms, days, strict=True)
    )
    return dated_listing(file, page_day, *gathered(read), found=len(terms))


def _page_entry(term: Tag, file: str, day: dt.date | None, dated: bool) -> tuple[Entry | None, list[Problem]]:
    """One `<dt>` (number, id, links) and the `<dd>` after it (the fields)."""
    at = Sighting(file, getattr(term, "sourceline", None) or 1)
    link = term.select_one("a[href*='/abs/']")
    description = term.find_next_sibling("dd")
    if link is None or not isinstance(description, Tag):
        return None, [Problem(at, "listing entry without an arXiv id; skipped")]
    fields = {name: _field(description, f".list-{name}") for name in ("title", "authors", "subjects")}
    abstract = description.select_one("p")
    text = _text(abstract) if isinstance(abstract, Tag) else ""
    replaced = "(replaced)" in tag_text(term)
    return arxiv_entry(str(link.get("href", "")), fields, text, at, day, dated, replaced)


def _heading_days(soup: BeautifulSoup, day: dt.date | None) -> list[dt.date | None]:
    """Each entry's day, in one pass in page order: that of the day heading above it
    (`<h3>Fri, 6 Mar 2026 ...</h3>` on a `/recent` page), else the page's `day`."""
    days: list[dt.date | None] = []
    under = day
    for tag in soup.select("h3, dl > dt"):
        if tag.name == "dt":
            days.append(under)
        elif match := DAY_HEADING.match(_text(tag)):
            under = short_day(match[1]) or day
    return days


def _field(description: Tag, selector: str) -> str:
    """A field's text without its label (`Title:`)."""
    found = description.select_one(selector)
    if not isinstance(found, Tag):
        return ""
    for label in found.select(".descriptor"):
        label.extract()
    return _text(found)


def _text(tag: Tag) -> str:
    """`tag_text`, without the space before the commas between authors' links."""
    return tag_text(tag).replace(" ,", ",")
