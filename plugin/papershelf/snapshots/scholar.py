"""Reader for Google Scholar alert e-mails, saved as `.eml` or as the message's HTML.

Each paper of an alert is an `<h3>` whose link (`a.gse_alrt_title`) goes through Scholar's
redirect to the paper (`scholar_url?url=https://arxiv.org/pdf/1912.02972&...`), then a green
line `S Liu, C Gao - arXiv preprint arXiv:1912.02972, 2019` (initials and surnames, a venue
cut with `…`, a year; either may be missing) and a snippet (`div.gse_alrt_sni`) cut with `…`.
An alert says no day of its own but in its e-mail's `Date:` header: saved as `.eml`, that
is the papers' date, as a listing's day is; saved as bare HTML, the file says so in one
warning, and each paper is dated by the year its green line ends with (`..., 2019`), as a
`.bib` entry that gives only a year is; a paper whose line shows none is undated (its key
waits for a dated sighting).
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import replace
from urllib.parse import parse_qs, urlsplit

from bs4 import BeautifulSoup, Tag

from papershelf.library.identifiers import arxiv_ids, find_doi
from papershelf.model import DAY, YEAR, Entry, Identifiers, Listing, Problem, Sighting
from papershelf.snapshots.decoding import shown
from papershelf.snapshots.entries import RawEntry, build_entry, tag_text

__all__ = ["is_scholar_alert", "read_scholar_alert"]

TOPIC = "Google Scholar alerts"
_BYLINE = re.compile(r"^(?P<authors>.*?)(?:\s+-\s+(?P<venue>.*))?$")
_YEAR_LAST = re.compile(r"(?:^|[\s,])((?:19|20)\d\d)$")


def is_scholar_alert(soup: BeautifulSoup) -> bool:
    return soup.find("a", class_="gse_alrt_title") is not None


def read_scholar_alert(soup: BeautifulSoup, file: str, day: dt.date | None = None) -> Listing:
    links = soup.find_all("a", class_="gse_alrt_title")
    entries: list[Entry] = []
    problems: list[Problem] = []
    for link in links:
        entry, found = _entry(link, file, day)
        entries.append(entry)
        problems += found
    if day is None and entries:
        why = "a Scholar alert saved without its e-mail headers has no date; save it as .eml"
        problems.insert(0, Problem(Sighting(file, 1), why))
    return Listing(file, TOPIC, tuple(entries), tuple(problems), found=len(links))


def _entry(link: Tag, file: str, day: dt.date | None) -> tuple[Entry, list[Problem]]:
    heading = link.find_parent("h3") or link
    byline = heading.find_next_sibling("div")
    snippet = byline.find_next_sibling("div") if isinstance(byline, Tag) else None
    at = Sighting(file, getattr(link, "sourceline", None) or 1)
    match = _BYLINE.match(tag_text(byline)) if isinstance(byline, Tag) else None
    venue = (match["venue"] or "") if match else ""
    href = str(link.get("href", ""))
    target, refused = _target(href)
    raw = RawEntry(
        title=tag_text(link),
        title_at=at,
        authors=match["authors"].rstrip(" …") if match else None,
        authors_at=at,
        date=day or _year(venue),
        abstract=_snippet(snippet),
        ids=_ids(target, venue),
        date_precision=DAY if day else YEAR,
        any_age=day is None,  # Scholar's own year of a paper: an old one is no typo
        date_expected=day is not None,  # else the file says once that it has no date
    )
    entry, problems = build_entry(raw, TOPIC)
    if refused:
        problems.insert(0, Problem(at, f"link {shown(href)!r} is no URL ({refused}); not linked"))
    if match and match["authors"].endswith("…"):
        entry = replace(entry, authors_truncated=True)
    return entry, problems


def _year(venue: str) -> dt.date | None:
    """The year a green line ends with, as the first day of that year."""
    match = _YEAR_LAST.search(venue.strip())
    return dt.date(int(match[1]), 1, 1) if match else None


def _snippet(block: object) -> str:
    if isinstance(block, Tag) and "gse_alrt_sni" in block.get_attribute_list("class"):
        return tag_text(block)
    return ""


def _target(href: str) -> tuple[str, str]:
    """The paper's address behind Scholar's redirect, and why there is none when urllib
    refuses `href` (`http://[x`: an IPv6 host that is none)."""
    try:
        query = parse_qs(urlsplit(href).query)
    except ValueError as error:
        return "", str(error)
    return query.get("url", [href])[0], ""


def _ids(url: str, venue: str) -> Identifiers:
    """arXiv's identifiers where the address or the venue names an arXiv paper; else the
    address, and a DOI in it."""
    found = arxiv_ids(url if "arxiv.org" in url else venue if "arXiv:" in venue else "")
    if found:
        return found
    return Identifiers(doi=find_doi(url), url=url, pdf_url=url if url.lower().endswith(".pdf") else "")
