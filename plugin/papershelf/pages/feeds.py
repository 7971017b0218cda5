"""Atom feeds (RFC 4287): the library's `feed.xml`, each topic's `topics/<slug>/feed.xml`,
each reading list's `lists/<name>/feed.xml`, and the `<link rel="alternate">` that names a
feed in its page's head.

An entry is a paper: its title, authors, abstract as the summary, a link to its page, and
as `updated` the day it was first seen (`papershelf.indexes.arrivals`), which no later
snapshot changes, so a feed reader shows each paper once. A feed holds its `per_page`
papers first seen last, newest first. Each entry's id is the URL of the paper's page,
which never changes (`site_url` + where the page is served); without a `site_url` no URL
is known, so the id is `urn:papershelf:paper:<key>` and links are relative to the feed.
The XML is written by ElementTree, which escapes the snapshot text (`<`, `&`, `]]>`);
characters XML 1.0 cannot hold at all (control characters, lone surrogates) are dropped.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import partial
from urllib.parse import quote
from xml.etree.ElementTree import Element, SubElement, indent, tostring

from markupsafe import Markup

from papershelf.curation.collect import Curation
from papershelf.pages.context import PageContext
from papershelf.pages.generated import SiteFile, data_file
from papershelf.pages.new import NEW_PAGE

__all__ = ["Feed", "feed_link", "feed_xml", "feeds"]

ATOM = "http://www.w3.org/2005/Atom"
_NOT_IN_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
_EPOCH = dt.date(1970, 1, 1)
"""An entry's `updated` when nothing dates its paper (Atom requires one)."""


@dataclass(frozen=True)
class Feed:
    """A feed at `src_uri` of the papers `keys`, named `title`, for the pages `pages` (the
    first of which is the page it is the feed of)."""

    src_uri: str
    pages: tuple[str, ...]
    title: str
    keys: Sequence[str]


def feeds(ctx: PageContext, curation: Curation) -> list[Feed]:
    """The library's feed, each topic's and each reading list's."""
    library = Feed(
        "feed.xml",
        ("papers/index.md", NEW_PAGE),
        ctx.options.site_name or ctx.words.papers_title,
        [paper.key for paper in ctx.library.papers],
    )
    topics = [
        Feed(f"topics/{topic.slug}/feed.xml", (f"topics/{topic.slug}.md",), topic.name, topic.papers)
        for topic in ctx.analysis.topic_index.topics
    ]
    lists = [
        Feed(f"lists/{reading_list.name}/feed.xml", (src,), reading_list.title, reading_list.keys)
        for src, reading_list in curation.lists.items()
    ]
    return [library, *topics, *lists]


def feed_files(ctx: PageContext, planned: Sequence[Feed]) -> Iterator[SiteFile]:
    """Each feed's file, written when MkDocs writes it (by then every page is where it is
    served)."""
    entries = _Entries(len(planned))
    for feed in planned:
        yield data_file(feed.src_uri, partial(feed_xml, ctx, feed, entries))


def feed_link(ctx: PageContext, feed: Feed, here: str) -> Markup:
    """The head tag of the page at `here` that names the feed (`papershelf/feed.html`)."""
    return ctx.sections("feed").link(_text(feed.title), ctx.link(feed.src_uri, here))


class _Entries:
    """Each paper's entry as XML, made once for each link to its page however many feeds
    hold it (a paper is in the library's feed, its topics' and its reading lists'); a link
    differs only with the depth of the feed's folder. The entries go once each of the
    `feeds` was written (a feed written again makes its entries again)."""

    def __init__(self, feeds: int) -> None:
        self.unwritten = feeds
        self.made: dict[tuple[str, str], str] = {}

    def entry(self, ctx: PageContext, feed: Feed, key: str, updated: dt.date) -> str:
        """The entry's element, indented as it is under the feed's root, without its tail."""
        href = _href(ctx, f"papers/{key}.md", feed)
        if (key, href) not in self.made:
            entry = _entry(ctx, key, href, updated)
            indent(entry, level=1)
            self.made[key, href] = tostring(entry, encoding="unicode")
        return self.made[key, href]

    def written(self) -> None:
        self.unwritten -= 1
        if self.unwritten <= 0:
            self.made.clear()


def feed_xml(ctx: PageContext, feed: Feed, entries: _Entries) -> str:
    """The feed as an Atom document: its head written by ElementTree, then its entries as
    `entries` made them, indented alike."""
    arrivals = ctx.arrivals
    keys = arrivals.newest_first(feed.keys)[: max(1, ctx.options.per_page)]
    updated = {key: _updated(ctx, key) for key in keys}
    root = Element("feed", xmlns=ATOM)
    SubElement(root, "id").text = _id(ctx, feed.src_uri, f"feed:{feed.src_uri}")
    SubElement(root, "title").text = _text(feed.title)
    SubElement(root, "subtitle").text = ctx.words.feed_subtitle
    SubElement(root, "updated").text = _stamp(max(updated.values(), default=arrivals.newest or _EPOCH))
    SubElement(SubElement(root, "author"), "name").text = _text(ctx.options.site_name) or "papershelf"
    SubElement(root, "link", rel="self", type="application/atom+xml", href=_href(ctx, feed.src_uri, feed))
    SubElement(root, "link", rel="alternate", type="text/html", href=_href(ctx, feed.pages[0], feed))
    SubElement(root, "generator").text = "papershelf"
    indent(root)
    head = tostring(root, encoding="utf-8", xml_declaration=True).decode("utf-8").removesuffix(_END)
    body = "".join(f"\n  {entries.entry(ctx, feed, key, updated[key])}" for key in keys)
    entries.written()
    return f"{head}{body}{_END}\n"


_END = "\n</feed>"
"""How the root's element ends, indented (it has children)."""


def _entry(ctx: PageContext, key: str, href: str, updated: dt.date) -> Element:
    paper = ctx.library.by_key[key]
    entry = Element("entry")
    SubElement(entry, "id").text = _id(ctx, f"papers/{key}.md", f"paper:{key}")
    SubElement(entry, "title").text = _text(paper.title)
    SubElement(entry, "updated").text = _stamp(updated)
    for person in paper.authors:
        SubElement(SubElement(entry, "author"), "name").text = _text(person.name)
    SubElement(entry, "link", rel="alternate", type="text/html", href=href)
    if paper.abstract:
        summary = paper.abstract + (" …" if paper.truncated else "")
        SubElement(entry, "summary").text = _text(summary)
    return entry


def _updated(ctx: PageContext, key: str) -> dt.date:
    """The day the paper was first seen; else its own date (a paper seen only in files
    without a day of their own); else none known."""
    return ctx.arrivals.first_seen.get(key) or ctx.library.by_key[key].date or _EPOCH


def _id(ctx: PageContext, target: str, name: str) -> str:
    """The absolute URL of `target` on the published site, or a name of our own without one."""
    site = ctx.options.site_url
    if not site:
        return f"urn:papershelf:{quote(name, safe='/:')}"
    return site.rstrip("/") + "/" + quote(ctx.url(target))


def _href(ctx: PageContext, target: str, feed: Feed) -> str:
    """A link to `target`: absolute on the published site, else relative to the feed."""
    return _id(ctx, target, "") if ctx.options.site_url else str(ctx.link(target, feed.src_uri))


def _stamp(day: dt.date) -> str:
    return f"{day.isoformat()}T00:00:00Z"


def _text(value: str) -> str:
    """Text XML can hold (ElementTree escapes the rest as it writes)."""
    return _NOT_IN_XML.sub("", value)
