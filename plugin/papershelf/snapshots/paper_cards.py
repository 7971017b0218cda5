"""Reader for pages that list papers as cards whose heading links to the paper on arXiv or
Hugging Face (Hugging Face's daily papers and the sites that mirror them), saved as HTML.

A card is the largest element around one such heading that holds no other. In it, the
authors are the first short block after the heading that reads as a list of names
(`Ann Lee, Bo Wu et al.`); the abstract is its longest block. The page says its day once
(`Daily Papers — 2026-05-30` in its title or first heading): that is every paper's date, as
a listing's date is. Upvotes, submitters, link rows and menus are no part of an entry.
A page may cut every summary at one length with no ellipsis (a mirror of the daily papers
cuts at 500 characters, mid-word): those are marked cut short (`_cut_at_one_length`).
"""

from __future__ import annotations

import datetime as dt
import re
from collections import Counter
from dataclasses import replace

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
_AT_THE_CAP = 3
_SHORTEST_CAP = 200
"""Below this many characters a page shows a line, not an abstract it cut (`Submitted by
akhaliq` on four cards)."""
_CAP_SLACK = 5
"""Characters a cut summary may lose to white space collapsed after it was cut."""
_SENTENCE_ENDS = (".", "!", "?", ")", '"', "”", "’", "…")
TOPIC = "Hugging Face daily papers"


def is_paper_cards(soup: BeautifulSoup) -> bool:
    return len(_headings(soup)) >= _MIN_CARDS


def read_paper_cards(soup: BeautifulSoup, file: str) -> Listing:
    headings = _headings(soup)
    day = _page_day(soup)
    holding = Counter(id(parent) for heading, _ in headings for parent in heading.parents)
    raws = [_raw_entry(heading, link, _card(heading, holding, soup), file, day) for heading, link in headings]
    cut = _cut_at_one_length([raw.abstract for raw in raws])
    entries: list[Entry] = []
    problems: list[Problem] = []
    for raw, was_cut in zip(raws, cut, strict=True):
        entry, found = build_entry(replace(raw, abstract_cut=was_cut), TOPIC)
        entries.append(entry)
        problems += found
    return Listing(file, TOPIC, tuple(entries), tuple(problems), found=len(headings))


def _raw_entry(heading: Tag, link: Tag, card: Tag, file: str, day: dt.date | None) -> RawEntry:
    at = Sighting(file, getattr(heading, "sourceline", None) or 1)
    blocks = [tag_text(block) for block in _blocks(card) if not block.find_parent(heading.name)]
    blocks = [block for block in blocks if block and block != tag_text(heading)]
    authors = next((block for block in blocks if _reads_as_names(block)), None)
    return RawEntry(
        title=tag_text(link),
        title_at=at,
        authors=_ET_AL.sub(", et al.", authors) if authors else None,
        authors_at=at,
        date=day,
        abstract=max((b for b in blocks if b != authors), key=len, default=""),
        ids=arxiv_ids(str(link.get("href", ""))),
    )


def _cut_at_one_length(abstracts: list[str]) -> list[bool]:
    """Whether each abstract was cut by a page that cuts every summary at one length: when
    `_AT_THE_CAP` or more come within `_CAP_SLACK` characters of the longest (abstracts as
    written vary by hundreds), those of them that stop mid-sentence were cut. On the mirror
    of the daily papers, 50 of 50 are 498 to 500 characters long."""
    lengths = [len(abstract) for abstract in abstracts]  # `tag_text`: white space collapsed
    cap = max(lengths, default=0) - _CAP_SLACK
    if cap < _SHORTEST_CAP or sum(length >= cap for length in lengths) < _AT_THE_CAP:
        return [False] * len(abstracts)
    return [
        length >= cap and not abstract.endswith(_SENTENCE_ENDS)
        for abstract, length in zip(abstracts, lengths, strict=True)
    ]


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
