"""Reader for listing pages saved from the browser ("Save page as").

No template is assumed. Entries are found by structure: every date on the page (a `<time>`
element, or text that reads as a date in any locale) is an anchor; climbing from it, the
smallest element that holds a title and an abstract-like block, without holding another
anchor, is the entry. The most common kind of such element (tag and classes) is the list;
page chrome (navigation, banners, cookie notices, scripts, footers) is removed first.
"""

from __future__ import annotations

import datetime as dt
import re
from collections import Counter
from collections.abc import Iterator

from bs4 import BeautifulSoup, NavigableString, Tag

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


def parse_html_listing(html: str, file: str) -> Listing:
    """Read every entry of a saved listing page; never raises on any markup."""
    soup = BeautifulSoup(html, "html.parser")
    _remove_chrome(soup)
    items = _items(soup)
    topic = _topic(soup, items)
    entries: list[Entry] = []
    problems: list[Problem] = []
    for item in items:
        raw = _fields(item, file)
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
    for tag in soup.find_all(_CHROME_TAGS):
        tag.decompose()
    for tag in soup.find_all(_PAGE_CHROME_TAGS):
        if not tag.decomposed and tag.find_parent(["article", "li"]) is None:
            tag.decompose()
    for tag in soup.find_all(True):
        if tag.decomposed or tag.attrs is None:
            continue
        names = " ".join([str(tag.get("id") or ""), *(tag.get("class") or [])])
        if tag.get("role") in _CHROME_ROLES or (names.strip() and _CHROME_NAMES.search(names)):
            tag.decompose()


def _anchors(soup: BeautifulSoup) -> Iterator[tuple[Tag | NavigableString, dt.date | str]]:
    """Every date on the page: `<time>` elements, and text nodes that read as a date."""
    for time in soup.find_all("time"):
        yield time, _time_value(time)
    for text in soup.find_all(string=True):
        if text.find_parent("time") is None and len(text) < 400:
            found = _date_in(str(text))
            if found:
                yield text, found


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


def _items(soup: BeautifulSoup) -> list[Tag]:
    """The entry elements of the dominant kind, in page order."""
    anchors = list(_anchors(soup))
    anchor_nodes = [node for node, _ in anchors]
    found: dict[int, Tag] = {}
    for node in anchor_nodes:
        item = _item_around(node, anchor_nodes)
        if item is not None:
            found.setdefault(id(item), item)
    if not found:
        return []
    kinds = Counter(_kind(item) for item in found.values())
    dominant = kinds.most_common(1)[0][0]
    parents = {id(item.parent) for item in found.values() if _kind(item) == dominant}
    # Siblings of the same kind belong to the list even if their date was lost: they are
    # read (and their problems reported) rather than silently dropped.
    return [tag for tag in soup.find_all(dominant[0]) if _kind(tag) == dominant and id(tag.parent) in parents]


def _item_around(node: Tag | NavigableString, anchors: list[Tag | NavigableString]) -> Tag | None:
    """The smallest ancestor with a title and an abstract; never one holding two dates."""
    best = None
    for ancestor in node.parents:
        if ancestor.name in ("body", "html", "[document]"):
            break
        if sum(1 for other in anchors if other is not node and _inside(other, ancestor)) > 0:
            break
        best = ancestor if _title_element(ancestor) is not None else best
        if best is ancestor and _abstract_element(ancestor, node) is not None:
            return ancestor
    return best


def _inside(node: Tag | NavigableString, ancestor: Tag) -> bool:
    return any(parent is ancestor for parent in node.parents)


def _kind(tag: Tag) -> tuple[str, tuple[str, ...]]:
    return tag.name, tuple(sorted(tag.get("class") or []))


def _title_element(item: Tag) -> Tag | None:
    heading = item.find(_HEADINGS)
    if heading is not None and heading.get_text(strip=True):
        return heading
    named = item.find(lambda t: _named(t, _TITLE_NAMES) or t.get("itemprop") in ("name", "headline"))
    if named is not None and named.get_text(strip=True):
        return named
    return next((a for a in item.find_all("a") if len(a.get_text(" ", strip=True).split()) >= 3), None)


def _named(tag: Tag, pattern: re.Pattern[str]) -> bool:
    return bool(pattern.search(" ".join(tag.get("class") or [])))


def _abstract_element(item: Tag, anchor: Tag | NavigableString) -> Tag | None:
    named = item.find(
        lambda t: _named(t, _ABSTRACT_NAMES) or t.get("itemprop") in ("description", "abstract")
    )
    if named is not None:
        return named
    title = _title_element(item)
    blocks = [
        block
        for block in item.find_all(_BLOCKS)
        if len(block.get_text(" ", strip=True)) >= 60
        and not _inside(anchor, block)
        and (title is None or (not _inside(title, block) and title is not block))
    ]
    return max(blocks, key=lambda b: len(b.get_text(" ", strip=True)), default=None)


def _fields(item: Tag, file: str) -> RawEntry | None:
    title_element = _title_element(item)
    if title_element is None:
        return None
    title = _text(title_element).lstrip(_BULLETS)
    anchor = next(((n, v) for n, v in _anchors_in(item)), None) or _meta_line(item, title_element)
    authors, authors_line = _authors(item, anchor)
    abstract = _abstract_element(item, anchor[0] if anchor else title_element)
    return RawEntry(
        title=title,
        title_at=Sighting(file, _line(title_element)),
        authors=authors,
        authors_at=Sighting(file, authors_line or _line(item)),
        date=anchor[1] if anchor else None,
        abstract=_text(abstract) if abstract is not None else "",
    )


def _meta_line(item: Tag, title: Tag) -> tuple[NavigableString, str] | None:
    """Without a readable date: the `Authors · something` text, its tail as the date text."""
    for text in item.find_all(string=True):
        if " · " in text and not _inside(text, title):
            return text, clean_space(str(text)).rpartition(" · ")[2].strip()
    return None


def _anchors_in(item: Tag) -> Iterator[tuple[Tag | NavigableString, dt.date | str]]:
    for time in item.find_all("time"):
        yield time, _time_value(time)
    for text in item.find_all(string=True):
        found = _date_in(str(text)) if text.find_parent("time") is None else None
        if found:
            yield text, found


def _authors(
    item: Tag, anchor: tuple[Tag | NavigableString, dt.date | str] | None
) -> tuple[str | None, int | None]:
    """Author elements (one per person, or one for all), else the text before `· date`."""
    named = [t for t in item.find_all(True) if _named(t, _AUTHOR_NAMES) or t.get("itemprop") == "author"]
    innermost = [t for t in named if not any(_inside(other, t) for other in named if other is not t)]
    if innermost:
        names = [_text(t) for t in innermost]
        text = ", ".join(name for name in names if name)
        if anchor and isinstance(anchor[1], str):
            text = text.replace(anchor[1], "").strip(" ·|,")
        return text, _line(innermost[0])
    if anchor is None:
        return None, None
    holder = anchor[0].parent
    if holder is None:
        return None, None
    line = _text(holder)
    before, separator, _ = line.rpartition(" · ")
    if separator:
        return before.strip(), _line(holder)
    return None, None


def _text(tag: Tag) -> str:
    return " ".join(clean_space(tag.get_text(" ", strip=True)).split())


def _line(tag: Tag) -> int:
    return getattr(tag, "sourceline", None) or 1


def _topic(soup: BeautifulSoup, items: list[Tag]) -> str:
    """The page's main heading outside the entries, else its <title>."""
    for heading in soup.find_all(["h1", "h2"]):
        if not any(_inside(heading, item) for item in items) and _text(heading):
            return _text(heading)
    return _text(soup.title) if soup.title else ""
