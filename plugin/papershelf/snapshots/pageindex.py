"""A saved page indexed in one pass, so that questions about its structure are look-ups.

Saved pages can nest elements thousands deep (16,000 `<div>`s in 180 KB), so nothing may
search a subtree once per ancestor: one pass indexes the page (each node's position in
document order and the end of its subtree, text sizes, which nodes are titles, dates,
abstracts), after which "is this inside that", "the first heading in this element" and
"the longest block in this element" are look-ups.
"""

from __future__ import annotations

import datetime as dt
import re
from bisect import bisect_right

from bs4 import BeautifulSoup, CData, Tag
from bs4.element import NavigableString, PageElement

from papershelf.snapshots.dates import parse_date
from papershelf.snapshots.entries import clean_space

__all__ = ["PageIndex"]

_TITLE_NAMES = re.compile(r"title|headline", re.IGNORECASE)
_AUTHOR_NAMES = re.compile(r"author|byline|creator", re.IGNORECASE)
_ABSTRACT_NAMES = re.compile(r"abstract|summary|description|snippet|teaser", re.IGNORECASE)
_HEADINGS = ["h1", "h2", "h3", "h4", "h5", "h6"]
_BLOCKS = ["p", "div", "blockquote", "section", "span", "dd", "td"]
_TEXT_TYPES = (NavigableString, CData)  # what `get_text` reads: no comments, doctypes


class PageIndex:
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
        in_time = [False] * len(self.nodes)  # a <time>, or inside one
        kinds = ("time", "heading", "link", "title", "abstract", "author", "date text")
        lists: dict[str, list[int]] = {kind: [] for kind in kinds}
        for index, node in enumerate(self.nodes):
            parent = parents[index]
            in_time[index] = parent >= 0 and in_time[parent]
            if isinstance(node, Tag):
                in_time[index] = in_time[index] or node.name == "time"
                self._classify(index, node, lists)
            elif type(node) in _TEXT_TYPES:
                self._count(index, str(node))
                found = None if in_time[index] else _date_in(str(node))
                if found:
                    self.dates[index] = found
                    lists["date text"].append(index)
        for index in range(len(self.nodes) - 1, -1, -1):
            node = self.nodes[index]
            if isinstance(node, Tag) and node.name in _BLOCKS:
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
        found = self._first_position(positions, tag)
        return None if found is None else self.nodes[found]

    def first_element(self, positions: list[int], tag: Tag) -> Tag | None:
        """`first` of a list of elements' positions (every list but `date_strings`)."""
        found = self._first_position(positions, tag)
        return None if found is None else self.element(found)

    def _first_position(self, positions: list[int], tag: Tag) -> int | None:
        start = self.at[id(tag)]
        found = bisect_right(positions, start)
        if found < len(positions) and positions[found] <= self.end[start]:
            return positions[found]
        return None

    def element(self, index: int) -> Tag:
        """The node at `index` of a list of elements' positions, as the element it is."""
        node = self.nodes[index]
        if not isinstance(node, Tag):
            raise TypeError(f"node {index} of the page is text, not an element")
        return node

    def innermost(self, positions: list[int]) -> list[int]:
        """The nodes of sorted `positions` that hold none of the others."""
        last = len(positions) - 1
        return [i for at, i in enumerate(positions) if at == last or positions[at + 1] > self.end[i]]

    def has_text(self, node: PageElement | None) -> bool:
        return node is not None and self.chars[self.at[id(node)]] > 0


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


def _named(tag: Tag, pattern: re.Pattern[str]) -> bool:
    return bool(pattern.search(" ".join(tag.get("class") or [])))
