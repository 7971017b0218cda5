"""Generated pages in their theme's frame, with the frame rendered once per page shape.

The theme's page template (header, navigation, search, footer) costs a generated page more
than everything else about it, yet a thousand paper pages differ only in their title, their
content and their URL: the navigation, the table of contents (the same headings), the assets'
relative paths are the same for every page of one folder. So pages out of the navigation
render through `PAGE_TEMPLATE`, whose `Frames.render`:

* gives a page the theme's own output (`main.html`, with the user's overrides) while its
  shape (what, besides title, content and URL, the theme could show) is new;
* on the second page of a shape, renders the shape once more with marked stand-ins for the
  page's own values, and keeps the output as a frame of text and holes, each hole noting
  how the theme showed its value (as is, escaped, or with tags stripped);
* fills that frame for the later pages of the shape, once it gave both earlier pages
  exactly the theme's output.

Whatever the frame cannot stand for (another plugin's per-page context, a filter it does
not know) fails that check or makes a new shape, and the page is rendered by the theme.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass, field
from typing import Any

from jinja2 import ChoiceLoader, DictLoader, Environment, pass_context
from jinja2.runtime import Context
from markupsafe import Markup, escape
from mkdocs.structure.pages import Page
from mkdocs.structure.toc import AnchorLink

from papershelf.pages.generated import PAGE_TEMPLATE

__all__ = ["Frames"]

_THEME_TEMPLATE = "main.html"
_OPEN, _CLOSE = "\ue000", "\ue001"  # private-use characters: no theme writes them
_STAND_IN = _OPEN + "{}<i>&amp;\"'</i>  x" + _CLOSE
"""A hole's stand-in; what the theme makes of its tag, entity, quotes and spaces tells
which of `_SHOWN` it applied."""
_HOLE = re.compile(f"{_OPEN}([a-z_]+)[^{_OPEN}{_CLOSE}]*{_CLOSE}")
_SHOWN: dict[str, Callable[[str], str]] = {
    "as is": str,
    "escaped": lambda value: str(escape(value)),
    "stripped": lambda value: Markup(value).striptags(),
}
_DATED = ("build_date_utc",)
"""Context values that change from page to page but not within a build's meaning."""
_PER_PAGE = ("extra_css", "extra_javascript")
"""Context values MkDocs makes anew for each page: lists of URLs relative to the page."""


@dataclass(frozen=True)
class _Hole:
    name: str
    shown: str


@dataclass(frozen=True)
class _Frame:
    parts: tuple[str | _Hole, ...]

    def filled(self, values: dict[str, str]) -> str:
        return "".join(
            part if isinstance(part, str) else _SHOWN[part.shown](values[part.name]) for part in self.parts
        )


@dataclass
class _Shape:
    """What one shape has seen: the first page's values and output until the second page
    makes its frame, then the frame (`None` if it failed: the shape's pages are rendered by
    the theme). The first page is let go then: a build has hundreds of shapes, each of
    whose first pages would stay to the end (18 MB at 10,000 papers)."""

    first: tuple[dict[str, str], str] | None
    frame: _Frame | None = None


@dataclass
class Frames:
    """The frames of one build's pages (a new build, a new `Environment`)."""

    env: Environment
    enabled: bool = True
    shapes: dict[Hashable, _Shape] = field(default_factory=dict)
    counts: dict[str, int] = field(default_factory=lambda: {"filled": 0, "rendered": 0})

    def install(self) -> None:
        """Lets pages name `PAGE_TEMPLATE`, which calls `render`."""
        loader = DictLoader({PAGE_TEMPLATE: "{{ papershelf_page() }}"})
        self.env.loader = ChoiceLoader([loader, self.env.loader] if self.env.loader else [loader])

        @pass_context
        def papershelf_page(context: Context) -> Markup:
            return Markup(self.render(context.get_all()))

        self.env.globals["papershelf_page"] = papershelf_page

    def render(self, context: dict[str, object]) -> str:
        """The page of `context` as the theme renders it."""
        page = context["page"]
        assert isinstance(page, Page)
        key = _shape(page, context) if self.enabled else None
        shape = self.shapes.get(key) if key is not None else None
        values = _values(page)
        if shape is not None and shape.frame is not None:
            self.counts["filled"] += 1
            return shape.frame.filled(values)
        output = self._theme(context)
        self.counts["rendered"] += 1
        if key is None:
            return output
        if shape is None:
            self.shapes[key] = _Shape((values, output))
        elif shape.first is not None:
            shape.frame = self._frame(context, page, values, [shape.first, (values, output)])
            shape.first = None
        return output

    def _theme(self, context: dict[str, object]) -> str:
        return self.env.get_template(_THEME_TEMPLATE).render(context)

    def _frame(
        self,
        context: dict[str, object],
        page: Page,
        kept: dict[str, str],
        seen: list[tuple[dict[str, str], str]],
    ) -> _Frame | None:
        """The frame of the page's shape (whose own values are `kept`), if it gives the pages
        seen their exact output."""
        stand_ins = {name: _stand_in(name, value) for name, value in kept.items()}
        try:
            _set_values(page, stand_ins)
            frame = _parsed(self._theme(context), stand_ins)
        finally:
            _set_values(page, kept)
        if frame is None or any(frame.filled(values) != output for values, output in seen):
            return None
        return frame


def _stand_in(name: str, value: str) -> str:
    """The stand-in for a page's value; content keeps the `<h1` that themes look for."""
    return _STAND_IN.format(name + ("<h1>" if name == "content" and "<h1" in value else ""))


def _values(page: Page) -> dict[str, str]:
    """A page's own values, which the frame leaves holes for."""
    values = {"title": str(page.meta.get("title", "")), "content": page.content or ""}
    if page.canonical_url is not None:
        values["canonical_url"] = page.canonical_url
        values["abs_url"] = page.abs_url or ""
    return values


def _set_values(page: Page, values: dict[str, str]) -> None:
    page.meta["title"] = values["title"]
    page.content = values["content"]
    if "canonical_url" in values:
        page.canonical_url = values["canonical_url"]
        page.abs_url = values["abs_url"]


def _parsed(output: str, stand_ins: dict[str, str]) -> _Frame | None:
    """`output` cut at each stand-in; `None` if one was shown in a way `_SHOWN` does not know."""
    parts: list[str | _Hole] = []
    start = 0
    for match in _HOLE.finditer(output):
        name = match[1]
        if name not in stand_ins:
            return None
        shown = next((how for how, show in _SHOWN.items() if show(stand_ins[name]) == match[0]), None)
        if shown is None:
            return None
        parts += [output[start : match.start()], _Hole(name, shown)]
        start = match.end()
    parts.append(output[start:])
    if any(_OPEN in part or _CLOSE in part for part in parts if isinstance(part, str)):
        return None  # a stand-in the theme cut or changed
    return _Frame(tuple(parts))


def _shape(page: Page, context: dict[str, object]) -> Hashable | None:
    """What of the page and its context the theme could show, besides the page's own values;
    `None` for a page in the navigation (its neighbours and place are its own)."""
    if page.parent is not None or page.previous_page is not None or page.next_page is not None:
        return None
    if "title" not in page.meta:
        return None
    folder = page.url.rsplit("/", 2)[0] if page.url.endswith("/") else page.url.rsplit("/", 1)[0]
    meta = tuple(sorted((name, repr(value)) for name, value in page.meta.items() if name != "title"))
    rest = tuple(
        (name, tuple(value) if name in _PER_PAGE and isinstance(value, list) else _identity(value))
        for name, value in sorted(context.items())
        if name != "page" and name not in _DATED
    )
    toc = tuple(_toc(item) for item in page.toc)
    active = tuple(id(item) for item in _walk(context.get("nav")) if item.active)
    return (folder, meta, toc, "<h1" in (page.content or ""), page.edit_url, page.is_homepage, active, rest)


def _walk(nav: object) -> Iterator[Any]:
    """The navigation's items, sections' children included (their `active` marks the
    reader's place, which plugins set for a page: ours for a paper's section)."""
    items = list(getattr(nav, "items", ()))
    while items:
        item = items.pop()
        yield item
        items += getattr(item, "children", None) or ()


def _toc(item: AnchorLink) -> Hashable:
    return (item.id, item.title, item.level, tuple(_toc(child) for child in item.children))


def _identity(value: object) -> Hashable:
    """Equal for equal plain values, else the object itself: MkDocs gives every page the same
    objects (`config`, `nav`, `pages`), so a plugin that makes one anew for a page makes its
    own shape."""
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    return id(value)
