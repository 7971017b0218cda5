"""Reader for arXiv's RSS 2.0 feeds (`rss.arxiv.org/rss/<archive>`), saved as a file.

Each `<item>` is one announcement: the title, `<link>` to the abstract, a `<description>` that
reads `arXiv:ID Announce Type: new` then `Abstract: ...`, every author in one `<dc:creator>`
(comma-separated, TeX accents, affiliations in parentheses), one `<category>` per subject
class (the first is the primary one) and the announcement day in `<pubDate>`, which is the
paper's date here as in the listings. New papers, cross-lists and replacements all name a
paper (a replacement, `Announce Type: replace` or `replace-cross`, is a later version of it:
dated by its identifier's month, see `entries.as_later_version`); the feed's channel is not
one. A feed whose channel says "Feed error" (a misspelt archive) or that has no item says so
in a warning, and gives no paper.

The same service gives each feed as Atom too (`rss.arxiv.org/atom/<archive>`): an `<entry>`
per announcement with the same title, `<summary>` (the description's text), `<dc:creator>`,
`<arxiv:DOI>` and `<category term>`s, and the day in `<published>`; it is read the same
way, and told from an API response (`papershelf.snapshots.arxiv_atom`) by its
`<arxiv:announce_type>`s and the service's address. An announcement of a paper's version
after the first (`2205.06398v2`, announced as a cross-list years later) is a later version
too.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, replace

from papershelf.library.identifiers import arxiv_ids, find_doi
from papershelf.model import Entry, Listing, Problem, Sighting
from papershelf.snapshots.dates import parse_mail_date
from papershelf.snapshots.entries import RawEntry, as_later_version, build_entry, gathered
from papershelf.snapshots.xmltree import Element

__all__ = [
    "ARXIV",
    "ATOM",
    "DC",
    "is_arxiv_rss",
    "is_arxiv_rss_atom",
    "iso_day",
    "read_arxiv_rss",
    "read_arxiv_rss_atom",
]

ARXIV = "{http://arxiv.org/schemas/atom}"
ATOM = "{http://www.w3.org/2005/Atom}"
DC = "{http://purl.org/dc/elements/1.1/}"
_ABSTRACT = re.compile(r"^.*?\bAbstract:\s*", re.DOTALL)
_LATER = re.compile(r"\bAnnounce Type:\s*replace\b")


def is_arxiv_rss(root: Element) -> bool:
    channel = root.find("channel")
    return root.tag == "rss" and channel is not None and "arxiv.org" in channel.findtext("link")


def read_arxiv_rss(root: Element, file: str) -> Listing:
    channel = root.find("channel")
    assert channel is not None
    items = channel.findall("item")
    entries, problems = gathered(_entry(item, file) for item in items)
    if not items:
        problems.append(Problem(Sighting(file, channel.line), _empty(channel)))
    topic = entries[0].topic if entries else ""
    return Listing(file, topic, tuple(entries), tuple(problems), found=len(items))


def _empty(channel: Element) -> str:
    title, description = channel.findtext("title"), channel.findtext("description")
    if title.lower().startswith("feed error"):
        return f"arXiv feed error: {description or title}; no papers"
    return f"arXiv feed with no items ({title}): nothing announced that day"


def _entry(item: Element, file: str) -> tuple[Entry | None, list[Problem]]:
    classes = [category.text.strip() for category in item.findall("category")]
    return _announcement(
        Sighting(file, item.line),
        _Fields(item.findtext("title"), item.findtext("description"), item.findtext("link"), classes),
        item,
        _day(item.findtext("pubDate")),
    )


def is_arxiv_rss_atom(root: Element) -> bool:
    """The Atom form of an announcement feed, not an API response: the service's address,
    or entries that say how they were announced."""
    if root.tag != f"{ATOM}feed":
        return False
    if "rss.arxiv.org" in root.findtext(f"{ATOM}id"):
        return True
    first = root.find(f"{ATOM}entry")
    return first is not None and first.find(f"{ARXIV}announce_type") is not None


def read_arxiv_rss_atom(root: Element, file: str) -> Listing:
    items = root.findall(f"{ATOM}entry")
    entries, problems = gathered(_atom_entry(item, file) for item in items)
    if not items:
        title = root.findtext(f"{ATOM}title")
        problems.append(
            Problem(Sighting(file, root.line), f"arXiv feed with no entries ({title}): nothing announced")
        )
    topic = entries[0].topic if entries else ""
    return Listing(file, topic, tuple(entries), tuple(problems), found=len(items))


def _atom_entry(item: Element, file: str) -> tuple[Entry | None, list[Problem]]:
    classes = [
        term for category in item.findall(f"{ATOM}category") if (term := category.attrs.get("term", ""))
    ]
    link = next((element.attrs.get("href", "") for element in item.findall(f"{ATOM}link")), "")
    published = item.findtext(f"{ATOM}published")
    fields = _Fields(item.findtext(f"{ATOM}title"), item.findtext(f"{ATOM}summary"), link, classes)
    return _announcement(Sighting(file, item.line), fields, item, iso_day(published))


@dataclass(frozen=True)
class _Fields:
    """What both forms of the feed give an announcement, read from their own elements."""

    title: str
    description: str
    link: str
    classes: list[str]


def _announcement(
    at: Sighting, fields: _Fields, item: Element, day: dt.date | str | None
) -> tuple[Entry | None, list[Problem]]:
    title = " ".join(fields.title.split())
    if not title:
        return None, [Problem(at, "feed item without a title skipped")]
    description, classes = fields.description, fields.classes
    ids = arxiv_ids(description or fields.link, classes[0] if classes else "")
    if not ids:
        return None, [Problem(at, f"feed item {title[:60]!r} names no arXiv paper; skipped")]
    doi = find_doi(item.findtext(f"{ARXIV}DOI"))
    raw = RawEntry(
        title=title,
        title_at=at,
        authors=item.findtext(f"{DC}creator"),
        authors_at=at,
        date=day,
        abstract=_ABSTRACT.sub("", description, count=1) if "Abstract:" in description else "",
        ids=replace(ids, doi=doi) if doi else ids,
    )
    later = _LATER.search(description) is not None or ids.arxiv_version > 1
    return build_entry(as_later_version(raw) if later else raw, classes[0] if classes else "arXiv")


def _day(text: str) -> dt.date | str | None:
    """The announcement day of an RFC 822 date (`Thu, 28 Nov 2024 00:00:00 -0500`)."""
    return parse_mail_date(text) or text or None


def iso_day(text: str) -> dt.date | str | None:
    """The announcement day of an ISO 8601 time (`2026-09-25T00:00:00-04:00`), as written."""
    try:
        return dt.datetime.fromisoformat(text.strip().replace("Z", "+00:00")).date()
    except ValueError:
        return text or None
