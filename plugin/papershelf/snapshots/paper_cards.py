"""Reader for pages that list papers as cards whose heading links to the paper on arXiv or
Hugging Face (Hugging Face's daily papers and the sites that mirror them), saved as HTML.

A card is the largest element around one such heading that holds no other. In it, the
authors are the first short block after the heading that reads as a list of names
(`Ann Lee, Bo Wu et al.`); the abstract is its longest block. The page says its day once
(`Daily Papers — 2026-05-30` in its title or first heading): that is every paper's date, as
a listing's date is. Upvotes, submitters, link rows and menus are no part of an entry.
"""

from __future__ import annotations

import datetime as dt
import re
from collections import Counter

from bs4 import BeautifulSoup, Tag

from papershelf.library.identifiers import arxiv_ids
from papershelf.model import Entry, Listing, Problem, Sighting
from papershelf.snapshots.entries import RawEntry, build_entry, tag_text

__all__ = ["is_paper_cards", "read_paper_cards"]

_PAPER_LINK = re.compile(r"(?:arxiv\.org/abs/|huggingface\.co/papers/|^/papers/)\d{4}\.\d{4,5}")
_ISO_DAY = re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b")
_NAME = re.compile(r"^[^\W\d_][\w.'’-]*(?: [^\W\d_][\w.'’-]*){0,4}$")
_ET_AL = re.compile(r"\s+et al\.?$")
_MIN_CARDS = 2
TOPIC = "Hugging Face daily papers"


def is_paper_cards(soup: BeautifulSoup) -> bool:
    return len(_headings(soup)) >= _MIN_CARDS


def read_paper_cards(soup: BeautifulSoup, file: str) -> Listing:
    headings = _headings(soup)
    day = _page_day(soup)
    entries: list[Entry] = []
    problems: list[Problem] = []
    holding = Counter(id(parent) for heading, _ in headings for parent in heading.parents)
    for heading, link in headings:
        card = _card(heading, holding, soup)
        at = Sighting(file, getattr(heading, "sourceline", None) or 1)
        blocks = [tag_text(block) for block in _blocks(card) if not block.find_parent(heading.name)]
        blocks = [block for block in blocks if block and block != tag_text(heading)]
        authors = next((block for block in blocks if _reads_as_names(block)), None)
        raw = RawEntry(
            title=tag_text(link),
            title_at=at,
            authors=_ET_AL.sub(", et al.", authors) if authors else None,
            authors_at=at,
            date=day,
            abstract=max((b for b in blocks if b != authors), key=len, default=""),
            ids=arxiv_ids(str(link.get("href", ""))),
        )
        entry, found = build_entry(raw, TOPIC)
        entries.append(entry)
        problems += found
    return Listing(file, TOPIC, tuple(entries), tuple(problems), found=len(headings))


def _headings(soup: BeautifulSoup) -> list[tuple[Tag, Tag]]:
    """Each heading whose link leads to a paper, with that link."""
    found = []
    for heading in soup.find_all(["h2", "h3", "h4"]):
        link = heading.find("a", href=_PAPER_LINK)
        if isinstance(link, Tag) and tag_text(link):
            found.append((heading, link))
    return found


def _card(heading: Tag, holding: Counter[int], soup: BeautifulSoup) -> Tag:
    """The largest element around `heading` that holds no other paper heading; `holding`
    counts each element's paper headings, once for the page (asking each ancestor again for
    every card made large pages quadratic)."""
    card = heading
    while isinstance(card.parent, Tag) and card.parent is not soup and holding[id(card.parent)] == 1:
        card = card.parent
    return card


def _blocks(card: Tag) -> list[Tag]:
    """Elements of the card that hold text but no element that holds text of its own."""
    return [
        tag
        for tag in card.find_all(True)
        if tag.name not in ("a", "script", "style")
        and tag.find(string=True, recursive=False)
        and not any(child.name not in ("a", "b", "i", "em", "strong", "span") for child in tag.find_all(True))
    ]


def _reads_as_names(block: str) -> bool:
    parts = [part.strip() for part in _ET_AL.sub("", block).split(",")]
    return 0 < len(parts) <= 60 and all(_NAME.match(part) for part in parts) and len(block) < 2000


def _page_day(soup: BeautifulSoup) -> dt.date | None:
    for tag in (soup.find("title"), soup.find("h1")):
        match = _ISO_DAY.search(tag_text(tag)) if isinstance(tag, Tag) else None
        if match:
            try:
                return dt.date(int(match[1]), int(match[2]), int(match[3]))
            except ValueError:
                continue
    return None
