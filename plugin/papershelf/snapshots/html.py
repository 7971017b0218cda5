"""Reader for listing pages saved from the browser ("Save page as").

No template is assumed. Entries are found by structure: every date on the page (a `<time>`
element, or text that reads as a date in any locale) is an anchor; climbing from it, the
smallest element that holds a title and an abstract-like block, without holding another
anchor, is the entry. The most common kind of such element (tag and classes) is the list;
page chrome (navigation, banners, cookie notices, scripts, footers) is removed first.

Saved pages can nest elements thousands deep (16,000 `<div>`s in 180 KB), so nothing here
searches a subtree once per ancestor: one pass indexes the page (each node's position in
document order and the end of its subtree, text sizes, which nodes are titles, dates,
abstracts), after which "is this inside that", "the first heading in this element" and
"the longest block in this element" are look-ups. An entry lies at most `_MAX_CLIMB`
levels above its date, and an element holding another entry is a wrapper, not an entry.
"""

from __future__ import annotations

import datetime as dt
import re
from bisect import bisect_left, bisect_right
from collections import Counter

from bs4 import BeautifulSoup, CData, NavigableString, PageElement, Tag

from papershelf.model import Entry, Listing, Problem, Sighting
from papershelf.snapshots.dates import parse_date
from papershelf.snapshots.entries import RawEntry, build_entry, clean_space

__all__ = ["parse_html_listing"]

_CHROME_TAGS = [
    "script",
    "style",
    "noscript",
    "iframe",
    "svg",
    "template",
    "form",
    "button",
    "select",
    "input",
    "dialog",
    "link",
    "meta",
    "object",
    "embed",
    "canvas",
]
_PAGE_CHROME_TAGS = ["nav", "header", "footer", "aside"]  # chrome unless inside an entry
_CHROME_ROLES = {"navigation", "banner", "contentinfo", "dialog", "search", "complementary", "alert"}
_CHROME_NAMES = re.compile(
    r"cookie|consent|gdpr|newsletter|navbar|breadcrumb|sidebar|modal|popup|toolbar|site-header|site-footer|"
    r"masthead|advert|promo",
    re.IGNORECASE,
)
_TITLE_NAMES = re.compile(r"title|headline", re.IGNORECASE)
_AUTHOR_NAMES = re.compile(r"author|byline|creator", re.IGNORECASE)
_ABSTRACT_NAMES = re.compile(r"abstract|summary|description|snippet|teaser", re.IGNORECASE)
_HEADINGS = ["h1", "h2", "h3", "h4", "h5", "h6"]
_BLOCKS = ["p", "div", "blockquote", "section", "span", "dd", "td"]
_BULLETS = "•◦▪‣●■►▸ "
_TEXT_TYPES = (NavigableString, CData)  # what `get_text` reads: no comments, doctypes
_MAX_CLIMB = 32
_ABSTRACT_LENGTH = 60
_Anchor = tuple[PageElement, dt.date | str]


def parse_html_listing(html: str, file: str) -> Listing:
    """Read every entry of a saved listing page; never raises on any markup."""
    soup = BeautifulSoup(html, "html.parser")
    _remove_chrome(soup)
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
        entry, entry_problems = build_entry(raw, topic)
        entries.append(entry)
        problems += entry_problems
    if not items:
        problems.append(Problem(Sighting(file, 1), "no entries found"))
    return Listing(file, topic, tuple(entries), tuple(problems), found=len(items))


def _remove_chrome(soup: BeautifulSoup) -> None:
    """Remove page chrome in one pass over the tags, outermost chrome elements only.

    (`Tag.decomposed` is not used: on a live tag it searches the subtree for a child tag
    named `_decomposed`.)"""
    removed: set[int] = set()  # tags removed, or inside one
    in_entry: set[int] = set()  # tags inside an <article> or <li>
    chrome: list[Tag] = []
    for tag in soup.find_all(True):
        parent = tag.parent
        if id(parent) in removed:
            removed.add(id(tag))
            continue
        if id(parent) in in_entry or (parent is not None and parent.name in ("article", "li")):
            in_entry.add(id(tag))
        if _is_chrome(tag, id(tag) in in_entry):
            removed.add(id(tag))
            chrome.append(tag)
    for tag in chrome:
        tag.decompose()


def _is_chrome(tag: Tag, in_entry: bool) -> bool:
    if tag.name in _CHROME_TAGS or (tag.name in _PAGE_CHROME_TAGS and not in_entry):
        return True
    names = " ".join([str(tag.get("id") or ""), *(tag.get("class") or [])])
    return tag.get("role") in _CHROME_ROLES or bool(names.strip() and _CHROME_NAMES.search(names))


def _time_value(time: Tag) -> dt.date | str:
    stamp = str(time.get("datetime") or "")[:10]
    try:
        return dt.date.fromisoformat(stamp)
    except ValueError:
        return clean_space(time.get_text(" ", strip=True))


def _date_in(text: str) -> str | None:
    """The date written in a text node, alone or after `·`, `|` or `—` (`Authors · 7 August 2026`)."""
    for part in reversed(re.split(r"\s[·|—–]\s", clean_space(text))):
        part = part.strip(" ,;()[]")
        if part and len(part) < 40 and any(char.isdigit() for char in part) and parse_date(part):
            return part
    return None


def _kind(tag: Tag) -> tuple[str, tuple[str, ...]]:
    return tag.name, tuple(sorted(tag.get("class") or []))


def _named(tag: Tag, pattern: re.Pattern[str]) -> bool:
    return bool(pattern.search(" ".join(tag.get("class") or [])))


def _text(tag: Tag) -> str:
    return " ".join(clean_space(tag.get_text(" ", strip=True)).split())


def _line(tag: Tag) -> int:
    return getattr(tag, "sourceline", None) or 1


class _Page:
    """A page indexed in one pass: every node's position in document order, where its
    subtree ends, how long its text is, and the sorted positions of the nodes each question
    asks for (dates, headings, named titles, abstracts and authors, long links)."""

    def __init__(self, soup: BeautifulSoup) -> None:
        self.soup = soup
        self.nodes: list[PageElement] = list(soup.descendants)
        self.at = {id(node): index for index, node in enumerate(self.nodes)}
        self.end = list(range(len(self.nodes)))
        self.chars = [0] * len(self.nodes)  # length of the text, strings stripped
        self.pieces = [0] * len(self.nodes)  # non-empty strings in it
        self.words = [0] * len(self.nodes)
        self.longest: list[tuple[int, int]] = [(-1, 0)] * len(self.nodes)  # (text length, -position)
        self.dates: dict[int, dt.date | str] = {}  # position of a <time> or a string -> its date
        self._index()

    def _index(self) -> None:
        parents = [self.at.get(id(node.parent), -1) for node in self.nodes]
        in_time = [False] * len(self.nodes)
        kinds = ("time", "heading", "link", "title", "abstract", "author", "date text")
        lists: dict[str, list[int]] = {kind: [] for kind in kinds}
        for index, node in enumerate(self.nodes):
            parent = parents[index]
            in_time[index] = parent >= 0 and (in_time[parent] or self.nodes[parent].name == "time")
            if isinstance(node, Tag):
                self._classify(index, node, lists)
            elif type(node) in _TEXT_TYPES:
                self._count(index, str(node))
                found = None if in_time[index] else _date_in(str(node))
                if found:
                    self.dates[index] = found
                    lists["date text"].append(index)
        for index in range(len(self.nodes) - 1, -1, -1):
            if self.nodes[index].name in _BLOCKS:
                self.longest[index] = max(self.longest[index], (self.length(index), -index))
            parent = parents[index]
            if parent >= 0:
                self.end[parent] = max(self.end[parent], self.end[index])
                self.chars[parent] += self.chars[index]
                self.pieces[parent] += self.pieces[index]
                self.words[parent] += self.words[index]
                self.longest[parent] = max(self.longest[parent], self.longest[index])
        self.times = lists["time"]
        self.headings, self.titles = lists["heading"], lists["title"]
        self.abstracts, self.authors = lists["abstract"], lists["author"]
        self.links = [index for index in lists["link"] if self.words[index] >= 3]
        self.date_strings = lists["date text"]
        # Dates on the page: <time> elements first, then text (which decides between kinds
        # of elements found equally often), and sorted, for counting.
        short = (index for index in self.date_strings if len(str(self.nodes[index])) < 400)
        self.anchor_order = [*self.times, *short]
        self.anchors = sorted(self.anchor_order)

    def _classify(self, index: int, tag: Tag, lists: dict[str, list[int]]) -> None:
        if tag.name == "time":
            lists["time"].append(index)
            self.dates[index] = _time_value(tag)
        if tag.name in _HEADINGS:
            lists["heading"].append(index)
        if tag.name == "a":
            lists["link"].append(index)
        itemprop = tag.get("itemprop")
        if _named(tag, _TITLE_NAMES) or itemprop in ("name", "headline"):
            lists["title"].append(index)
        if _named(tag, _ABSTRACT_NAMES) or itemprop in ("description", "abstract"):
            lists["abstract"].append(index)
        if _named(tag, _AUTHOR_NAMES) or itemprop == "author":
            lists["author"].append(index)

    def _count(self, index: int, text: str) -> None:
        stripped = text.strip()
        if stripped:
            self.chars[index], self.pieces[index], self.words[index] = len(stripped), 1, len(stripped.split())

    def length(self, index: int) -> int:
        """`len(tag.get_text(" ", strip=True))` of the node at `index`."""
        return self.chars[index] + max(self.pieces[index] - 1, 0)

    def inside(self, node: PageElement, ancestor: PageElement) -> bool:
        """Whether `node` lies strictly inside `ancestor`."""
        start = self.at[id(ancestor)]
        return start < self.at[id(node)] <= self.end[start]

    def within(self, positions: list[int], tag: Tag) -> list[int]:
        """The positions in sorted `positions` strictly inside `tag`."""
        start = self.at[id(tag)]
        return positions[bisect_right(positions, start) : bisect_right(positions, self.end[start])]

    def count(self, positions: list[int], tag: Tag) -> int:
        """How many of sorted `positions` lie strictly inside `tag`."""
        start = self.at[id(tag)]
        return bisect_right(positions, self.end[start]) - bisect_right(positions, start)

    def first(self, positions: list[int], tag: Tag) -> PageElement | None:
        """The first node of sorted `positions` strictly inside `tag`, in document order."""
        start = self.at[id(tag)]
        found = bisect_right(positions, start)
        if found < len(positions) and positions[found] <= self.end[start]:
            return self.nodes[positions[found]]
        return None

    def innermost(self, positions: list[int]) -> list[int]:
        """The nodes of sorted `positions` that hold none of the others."""
        last = len(positions) - 1
        return [i for at, i in enumerate(positions) if at == last or positions[at + 1] > self.end[i]]

    def has_text(self, node: PageElement | None) -> bool:
        return node is not None and self.chars[self.at[id(node)]] > 0

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
        return [self.nodes[index] for index in self.innermost(kin)]

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
        heading = self.first(self.headings, item)
        if heading is not None and self.has_text(heading):
            return heading
        named = self.first(self.titles, item)
        if named is not None and self.has_text(named):
            return named
        return self.first(self.links, item)

    def abstract_element(self, item: Tag, anchor: PageElement) -> Tag | None:
        """A block named as an abstract, else the longest block of 60+ characters that holds
        neither the date nor the title."""
        named = self.first(self.abstracts, item)
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
        return self.nodes[-position] if length >= _ABSTRACT_LENGTH else None

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
        title = _text(title_element).lstrip(_BULLETS)
        anchor = self._anchor_in(item) or self._meta_line(item, title_element)
        authors, authors_line = self._authors(item, anchor)
        abstract = self.abstract_element(item, anchor[0] if anchor else title_element)
        return RawEntry(
            title=title,
            title_at=Sighting(file, _line(title_element)),
            authors=authors,
            authors_at=Sighting(file, authors_line or _line(item)),
            date=anchor[1] if anchor else None,
            abstract=_text(abstract) if abstract is not None else "",
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
        """Author elements (one per person, or one for all), else the text before `· date`."""
        innermost = [self.nodes[index] for index in self.innermost(self.within(self.authors, item))]
        if innermost:
            text = ", ".join(name for name in map(_text, innermost) if name)
            if anchor and isinstance(anchor[1], str):
                text = text.replace(anchor[1], "").strip(" ·|,")
            return text, _line(innermost[0])
        holder = anchor[0].parent if anchor else None
        if holder is None:
            return None, None
        before, separator, _ = _text(holder).rpartition(" · ")
        if separator:
            return before.strip(), _line(holder)
        return None, None

    def topic(self, items: list[Tag]) -> str:
        """The page's main heading outside the entries, else its <title>."""
        starts = [self.at[id(item)] for item in items]
        for heading in self.soup.find_all(["h1", "h2"]):
            position = self.at[id(heading)]
            holder = bisect_left(starts, position) - 1
            if (holder < 0 or self.end[starts[holder]] < position) and _text(heading):
                return _text(heading)
        title = self.soup.title
        return _text(title) if title else ""
