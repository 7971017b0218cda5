"""Reader for listing pages saved from the browser ("Save page as").

No template is assumed. Entries are found by structure: every date on the page (a `<time>`
element, or text that reads as a date in any locale) is an anchor; climbing from it, the
smallest element that holds a title and an abstract-like block, without holding another
anchor, is the entry. The most common kind of such element (tag and classes) is the list;
page chrome (navigation, banners, cookie notices, scripts, footers) is removed first
(`papershelf.snapshots.chrome`).

Every question about the page's structure is a look-up in its index
(`papershelf.snapshots.pageindex`), so the time to read a page grows with its size, however
deep it nests. An entry lies at most `_MAX_CLIMB` levels above its date, and an element
holding another entry is a wrapper, not an entry.
"""

from __future__ import annotations

import datetime as dt
import re
import warnings
from bisect import bisect_left
from collections import Counter

from bs4 import BeautifulSoup, MarkupResemblesLocatorWarning, Tag
from bs4.element import PageElement

from papershelf.model import Entry, Listing, Problem, Sighting
from papershelf.snapshots.chrome import remove_chrome
from papershelf.snapshots.arxiv_page import is_arxiv_listing_page, read_arxiv_listing_page
from papershelf.snapshots.arxiv_search import is_arxiv_search_page, read_arxiv_search_page
from papershelf.snapshots.entries import NO_AUTHOR_LINE, RawEntry, build_entry, clean_space, tag_text
from papershelf.snapshots.names import reads_as_names
from papershelf.snapshots.huggingface import is_huggingface_paper, read_huggingface_paper
from papershelf.snapshots.pageindex import PageIndex
from papershelf.snapshots.paper_cards import is_paper_cards, read_paper_cards
from papershelf.snapshots.paper_page import is_paper_page, read_paper_page
from papershelf.snapshots.scholar import is_scholar_alert, read_scholar_alert

__all__ = ["page_soup", "parse_html_listing"]

_BULLETS = "•◦▪‣●■►▸ "
_UNKNOWN_SECTION = re.compile(
    r"<!\[(?!(?:temp|cdata|ignore|include|rcdata|if|else|endif)(?![-_.a-z0-9]))", re.IGNORECASE
)
"""`<![` but for the marked sections `html.parser` reads (`_markupbase.parse_marked_section`)."""
_MAX_CLIMB = 32
_ABSTRACT_LENGTH = 60
_Anchor = tuple[PageElement, dt.date | str]


_PAGE_READERS = (
    (is_arxiv_listing_page, read_arxiv_listing_page),
    (is_arxiv_search_page, read_arxiv_search_page),
    (is_scholar_alert, read_scholar_alert),
    (is_huggingface_paper, read_huggingface_paper),
    (is_paper_page, read_paper_page),
    (is_paper_cards, read_paper_cards),
)
"""Pages of a known site, read by their own module; any other page is read by structure."""


def page_soup(html: str) -> BeautifulSoup:
    """The parsed markup of a saved page or an e-mail's HTML part. It is a file's content,
    never a file name or a URL, whatever it looks like (`.TXT`, `http://...`), so
    BeautifulSoup's warning that it might be one is not given.

    A `<![` that opens no marked section `html.parser` knows (`<![ x`) made it refuse the
    whole page; a browser reads it as a bogus comment up to the next `>`, and so does
    `html.parser` once it is written `<!-[` (a `<!` that opens no comment, doctype or
    section)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", MarkupResemblesLocatorWarning)
        return BeautifulSoup(_UNKNOWN_SECTION.sub("<!-[", html), "html.parser")


def parse_html_listing(html: str, file: str) -> Listing:
    """Read every entry of a saved listing page; never raises on any markup."""
    soup = page_soup(html)
    for recognises, read in _PAGE_READERS:
        if recognises(soup):
            return read(soup, file)
    remove_chrome(soup)
    page = _Page(soup)
    items = page.items()
    topic = page.topic(items)
    entries: list[Entry] = []
    problems: list[Problem] = []
    for item in items:
        raw = page.fields(item, file)
        if raw is None:
            problems.append(Problem(Sighting(file, _line(item)), "entry without a title skipped"))
            continue
        if raw.authors is None:
            problems.append(Problem(raw.title_at, NO_AUTHOR_LINE))
            continue
        entry, entry_problems = build_entry(raw, topic)
        entries.append(entry)
        problems += entry_problems
    if not items:
        problems.append(Problem(Sighting(file, 1), "no entries found"))
    return Listing(file, topic, tuple(entries), tuple(problems), found=len(items))


def _kind(tag: Tag) -> tuple[str, tuple[str, ...]]:
    return tag.name, tuple(sorted(tag.get("class") or []))


def _line(tag: Tag) -> int:
    return getattr(tag, "sourceline", None) or 1


class _Page(PageIndex):
    """An indexed listing page, and what makes an entry of it."""

    def items(self) -> list[Tag]:
        """The entry elements of the dominant kind, in page order."""
        found: dict[int, Tag] = {}
        for position in self.anchor_order:
            item = self._item_around(self.nodes[position])
            if item is not None:
                found.setdefault(id(item), item)
        if not found:
            return []
        kinds = Counter(_kind(item) for item in found.values())
        dominant = kinds.most_common(1)[0][0]
        parents = {id(item.parent) for item in found.values() if _kind(item) == dominant}
        # Siblings of the same kind belong to the list even if their date was lost: they are
        # read (and their problems reported) rather than silently dropped.
        kin = [
            self.at[id(tag)]
            for tag in self.soup.find_all(dominant[0])
            if _kind(tag) == dominant and id(tag.parent) in parents
        ]
        return [self.element(index) for index in self.innermost(kin)]

    def _item_around(self, node: PageElement) -> Tag | None:
        """The smallest ancestor with a title and an abstract; never one holding two dates."""
        best = None
        for climbed, ancestor in enumerate(node.parents):
            if ancestor.name in ("body", "html", "[document]") or climbed == _MAX_CLIMB:
                break
            if self.count(self.anchors, ancestor) > 1:
                break
            best = ancestor if self.title_element(ancestor) is not None else best
            if best is ancestor and self.abstract_element(ancestor, node) is not None:
                return ancestor
        return best

    def title_element(self, item: Tag) -> Tag | None:
        heading = self.first_element(self.headings, item)
        if heading is not None and self.has_text(heading):
            return heading
        named = self.first_element(self.titles, item)
        if named is not None and self.has_text(named):
            return named
        return self.first_element(self.links, item)

    def abstract_element(self, item: Tag, anchor: PageElement) -> Tag | None:
        """A block named as an abstract, else the longest block of 60+ characters that holds
        neither the date nor the title."""
        named = self.first_element(self.abstracts, item)
        if named is not None:
            return named
        title = self.title_element(item)
        excluded = {self.at[id(item)], *self._path(anchor, item)}
        if title is not None:
            excluded |= {self.at[id(title)], *self._path(title, item)}
        best = (-1, 0)
        pending = [self.at[id(item)]]
        while pending:
            index = pending.pop()
            if index not in excluded:
                best = max(best, self.longest[index])
                continue
            node = self.nodes[index]
            if isinstance(node, Tag):
                pending += [self.at[id(child)] for child in node.contents if isinstance(child, Tag)]
        length, position = best
        return self.element(-position) if length >= _ABSTRACT_LENGTH else None

    def _path(self, node: PageElement, item: Tag) -> list[int]:
        """Positions of the ancestors of `node` below `item`."""
        path = []
        for parent in node.parents:
            if parent is item:
                break
            path.append(self.at[id(parent)])
        return path

    def fields(self, item: Tag, file: str) -> RawEntry | None:
        title_element = self.title_element(item)
        if title_element is None:
            return None
        title = tag_text(title_element).lstrip(_BULLETS)
        anchor = self._anchor_in(item) or self._meta_line(item, title_element)
        authors, authors_line = self._authors(item, anchor)
        abstract = self.abstract_element(item, anchor[0] if anchor else title_element)
        return RawEntry(
            title=title,
            title_at=Sighting(file, _line(title_element)),
            authors=authors,
            authors_at=Sighting(file, authors_line or _line(item)),
            date=anchor[1] if anchor else None,
            abstract=tag_text(abstract) if abstract is not None else "",
        )

    def _anchor_in(self, item: Tag) -> _Anchor | None:
        """The item's first `<time>`, else its first text that reads as a date."""
        node = self.first(self.times, item)
        if node is None:
            node = self.first(self.date_strings, item)
        return (node, self.dates[self.at[id(node)]]) if node is not None else None

    def _meta_line(self, item: Tag, title: Tag) -> _Anchor | None:
        """Without a readable date: the `Authors · something` text, its tail as the date text."""
        for text in item.find_all(string=True):
            if " · " in text and not self.inside(text, title):
                return text, clean_space(str(text)).rpartition(" · ")[2].strip()
        return None

    def _authors(self, item: Tag, anchor: _Anchor | None) -> tuple[str | None, int | None]:
        """Author elements (one per person, or one for all), else the text before `· date`
        when it reads as names: in an entry with no author line that text is the abstract's
        or a label's, which must never become an author (as in the text reader)."""
        innermost = [self.element(index) for index in self.innermost(self.within(self.authors, item))]
        if innermost:
            text = ", ".join(name for name in map(tag_text, innermost) if name)
            if anchor and isinstance(anchor[1], str):
                text = text.replace(anchor[1], "").strip(" ·|,")
            return text, _line(innermost[0])
        holder = anchor[0].parent if anchor else None
        if holder is None:
            return None, None
        before, separator, _ = tag_text(holder).rpartition(" · ")
        if separator and reads_as_names(before):
            return before.strip(), _line(holder)
        return None, None

    def topic(self, items: list[Tag]) -> str:
        """The page's main heading outside the entries, else its <title>."""
        starts = [self.at[id(item)] for item in items]
        for heading in self.soup.find_all(["h1", "h2"]):
            position = self.at[id(heading)]
            holder = bisect_left(starts, position) - 1
            if (holder < 0 or self.end[starts[holder]] < position) and tag_text(heading):
                return tag_text(heading)
        title = self.soup.title
        return tag_text(title) if title else ""
