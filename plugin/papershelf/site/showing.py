"""A generated page's HTML, made while MkDocs renders the page and only then.

MkDocs keeps every page's HTML from `on_page_content` to the end of the build. A generated
page stays what Markdown made of its skeleton (headings and block markers) until it is
rendered: its blocks are made in `on_page_context`, where the search plugin is shown the
page with the blocks it indexes (or the page's search view) and the theme the whole page,
and once the page is written it goes back to its skeleton. Of a library's pages only the
one being rendered holds its blocks.

Each half has its switch (`speed` in `papershelf.site.config`). Without `late_blocks`, a
page's blocks are made as soon as its Markdown is converted and it keeps its whole HTML,
as MkDocs's own pages do; the search plugin is still shown only the blocks it indexes.
Without `search_views`, the search plugin reads that HTML instead of the page's text view.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from mkdocs.structure.pages import Page

from papershelf.pages.generated import SiteFile, fill_blocks

__all__ = ["Showing"]


@dataclass(frozen=True)
class _Shown:
    """The page being rendered: its made blocks, its HTML as Markdown left it (`skeleton`)
    and with the blocks the search index reads (`indexed`), and whether the search plugin
    was shown its search view instead."""

    src_uri: str
    made: SiteFile
    skeleton: str
    indexed: str
    viewed: bool


class Showing:
    """What each generated page (by source URI) shows, event by event."""

    def __init__(
        self, generated: Mapping[str, SiteFile], late_blocks: bool = True, search_views: bool = True
    ) -> None:
        self.generated = generated
        self.make: Callable[[str, SiteFile], SiteFile] = _made
        """Makes a page's blocks (`papershelf.site.kept_blocks` may have them already)."""
        self.late_blocks = late_blocks
        self.search_views = search_views
        self.shown: _Shown | None = None
        self.early: dict[str, tuple[str, SiteFile]] = {}
        """Without `late_blocks`: each converted page's HTML as Markdown left it, and its blocks."""

    def converted(self, src_uri: str, html: str) -> str:
        """The page's HTML once Markdown converted it: its skeleton, or without
        `late_blocks` the whole page."""
        generated = self.generated.get(src_uri)
        if self.late_blocks or generated is None:
            return html
        made = self.make(src_uri, generated)
        self.early[src_uri] = (html, made)
        return fill_blocks(html, made.blocks)

    def to_search(self, page: Page) -> None:
        """The blocks are made; the page shows the search plugin what it indexes."""
        src_uri = page.file.src_uri
        generated = self.generated.get(src_uri)
        if generated is None or page.content is None:
            return
        early = self.early.pop(src_uri, None)
        skeleton, made = early if early is not None else (page.content, self.make(src_uri, generated))
        indexed = fill_blocks(skeleton, made.blocks, set(range(len(made.blocks))) - made.unindexed)
        view = made.search_view if self.search_views else None
        self.shown = _Shown(src_uri, made, skeleton, indexed, viewed=view is not None)
        page.content = view() if view is not None else indexed

    def to_theme(self, page: Page) -> None:
        """The page's own HTML, with the blocks kept out of the search index too."""
        shown = self._of(page)
        if shown is not None and page.content is not None:
            # a search view is the search plugin's alone; other changes to the page stay
            html = shown.indexed if shown.viewed else page.content
            page.content = fill_blocks(html, shown.made.blocks)

    def written(self, page: Page) -> None:
        """The page goes back to its skeleton (its HTML is in the output MkDocs wrote), or
        without `late_blocks` keeps its whole HTML."""
        shown = self._of(page)
        if shown is not None:
            if self.late_blocks:
                page.content = shown.skeleton
            self.shown = None

    def _of(self, page: Page) -> _Shown | None:
        shown = self.shown
        return shown if shown is not None and shown.src_uri == page.file.src_uri else None


def _made(src_uri: str, page: SiteFile) -> SiteFile:
    return page.made()
