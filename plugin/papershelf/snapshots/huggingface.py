"""Reader for a Hugging Face paper page (`huggingface.co/papers/<arXiv id>`), saved as HTML.

The page is one paper: its title is the `<h1>`, each author a `span.author`, its abstract
the paragraph under "Abstract" that is not the page's generated one-line summary, its arXiv
id the page's own address (`og:url`). "Published on Sep 28" has no year; the arXiv id does
(`2509.24002` was sent in September 2025), and a month before the id's is the next year's
(sent in December, published in January). Comments, the submitter, upvotes and related
papers are page chrome and never an entry.
"""

from __future__ import annotations

import datetime as dt
import re

from bs4 import BeautifulSoup, Tag

from papershelf.library.identifiers import arxiv_ids
from papershelf.model import Listing, Problem, Sighting
from papershelf.snapshots.entries import RawEntry, build_entry, tag_text

__all__ = ["is_huggingface_paper", "read_huggingface_paper"]

_PAGE = re.compile(r"^https://huggingface\.co/papers/(\d{4}\.\d{4,5})")
_PUBLISHED = re.compile(r"Published on (\w+ \d{1,2})(?:, (\d{4}))?")
_SPACE_BEFORE_MARK = re.compile(r" ([.,;:!?)])")
TOPIC = "Hugging Face papers"


def is_huggingface_paper(soup: BeautifulSoup) -> bool:
    return _PAGE.match(_page_url(soup)) is not None


def read_huggingface_paper(soup: BeautifulSoup, file: str) -> Listing:
    match = _PAGE.match(_page_url(soup))
    assert match is not None
    ids = arxiv_ids(match[1])
    heading = soup.find("h1")
    at = Sighting(file, _line(heading))
    if not isinstance(heading, Tag) or not _text(heading):
        return Listing(file, TOPIC, (), (Problem(at, "Hugging Face paper page without a title"),), found=1)
    authors = [_text(author).rstrip(" ,") for author in soup.select("span.author")]
    raw = RawEntry(
        title=_text(heading),
        title_at=at,
        authors=", ".join(name for name in authors if name),
        authors_at=at,
        date=_published(soup, ids.arxiv),
        abstract=_abstract(soup),
        ids=ids,
    )
    entry, problems = build_entry(raw, TOPIC)
    return Listing(file, TOPIC, (entry,), tuple(problems), found=1)


def _page_url(soup: BeautifulSoup) -> str:
    meta = soup.find("meta", attrs={"property": "og:url"})
    return str(meta.get("content", "")) if isinstance(meta, Tag) else ""


def _abstract(soup: BeautifulSoup) -> str:
    """The paragraphs under the "Abstract" heading but the generated summary (blue)."""
    label = soup.find(lambda tag: tag.name in ("h2", "h3") and _text(tag) == "Abstract")
    if not isinstance(label, Tag) or label.parent is None:
        return ""
    paragraphs = [p for p in label.parent.find_all("p") if not any("blue" in c for c in p.get("class") or [])]
    return " ".join(_text(p) for p in paragraphs)


def _published(soup: BeautifulSoup, arxiv: str) -> dt.date | str | None:
    """`Published on Sep 28` dated by the arXiv id's year (a month before the id's is the
    next year's: a paper sent in December, published in January)."""
    found = soup.find(string=_PUBLISHED)
    match = _PUBLISHED.search(str(found)) if found else None
    if match is None:
        return None
    year = int(match[2]) if match[2] else 2000 + int(arxiv[:2])
    try:
        day = dt.datetime.strptime(f"{match[1]} {year}", "%b %d %Y").date()
    except ValueError:
        return f"{match[1]} {year}"
    if not match[2] and day.month < int(arxiv[2:4]):
        day = day.replace(year=year + 1)
    return day


def _text(tag: Tag) -> str:
    """The tag's text on one line, without the space `get_text` puts before punctuation
    that closes an inline element (`agents .`)."""
    return _SPACE_BEFORE_MARK.sub(r"\1", tag_text(tag))


def _line(tag: object) -> int:
    return getattr(tag, "sourceline", None) or 1
