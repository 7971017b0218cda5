"""Page chrome in a saved listing page: what is there for the site, not for the listing.

Navigation, banners, cookie notices, scripts, forms and footers are removed before entries
are looked for, so that none of their dates, headings or links passes for an entry. A
`<nav>`, `<header>`, `<footer>` or `<aside>` inside an `<article>` or `<li>` is part of that
entry (a paper's own header) and stays.
"""

from __future__ import annotations

import re

from bs4 import BeautifulSoup, Tag

__all__ = ["remove_chrome"]

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


def remove_chrome(soup: BeautifulSoup) -> None:
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
