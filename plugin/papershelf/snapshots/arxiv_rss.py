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
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import replace

from papershelf.library.identifiers import arxiv_ids, find_doi
from papershelf.model import Entry, Listing, Problem, Sighting
from papershelf.snapshots.dates import parse_mail_date
from papershelf.snapshots.entries import RawEntry, as_later_version, build_entry, gathered
from papershelf.snapshots.xmltree import Element

__all__ = ["ARXIV", "DC", "is_arxiv_rss", "read_arxiv_rss"]

ARXIV = "{http://arxiv.org/schemas/atom}"
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
    at = Sighting(file, item.line)
    title = " ".join(item.findtext("title").split())
    if not title:
        return None, [Problem(at, "feed item without a title skipped")]
    description = item.findtext("description")
    classes = [category.text.strip() for category in item.findall("category")]
    ids = arxiv_ids(description or item.findtext("link"), classes[0] if classes else "")
    if not ids:
        return None, [Problem(at, f"feed item {title[:60]!r} names no arXiv paper; skipped")]
    doi = find_doi(item.findtext(f"{ARXIV}DOI"))
    raw = RawEntry(
        title=title,
        title_at=at,
        authors=item.findtext(f"{DC}creator"),
        authors_at=at,
        date=_day(item.findtext("pubDate")),
        abstract=_ABSTRACT.sub("", description, count=1) if "Abstract:" in description else "",
        ids=replace(ids, doi=doi) if doi else ids,
    )
    later = _LATER.search(description) is not None
    return build_entry(as_later_version(raw) if later else raw, classes[0] if classes else "arXiv")


def _day(text: str) -> dt.date | str | None:
    """The announcement day of an RFC 822 date (`Thu, 28 Nov 2024 00:00:00 -0500`)."""
    return parse_mail_date(text) or text or None
