"""A generated page's HTML, made while MkDocs renders the page and only then.

MkDocs keeps every page's HTML from `on_page_content` to the end of the build. A generated
page stays what Markdown made of its skeleton (headings and block markers) until it is
rendered: its blocks are made in `on_page_context`, where the search plugin is shown the
page with the blocks it indexes (or the page's search view) and the theme the whole page,
and once the page is written it goes back to its skeleton. Of a library's pages only the
one being rendered holds its blocks.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from mkdocs.structure.pages import Page

from papershelf.site.generated import SiteFile, fill_blocks

__all__ = ["Showing"]


@dataclass(frozen=True)
class _Shown:
    """The page being rendered: its made blocks, its HTML as Markdown left it (`skeleton`)
    and with the blocks the search index reads (`indexed`)."""

    src_uri: str
    made: SiteFile
    skeleton: str
    indexed: str


class Showing:
    """What each generated page (by source URI) shows, event by event."""

    def __init__(self, generated: Mapping[str, SiteFile]) -> None:
        self.generated = generated
        self.shown: _Shown | None = None

    def to_search(self, page: Page) -> None:
        """The blocks are made; the page shows the search plugin what it indexes."""
        generated = self.generated.get(page.file.src_uri)
        if generated is None or page.content is None:
            return
        made = generated.made()
        indexed = fill_blocks(page.content, made.blocks, set(range(len(made.blocks))) - made.unindexed)
        self.shown = _Shown(page.file.src_uri, made, page.content, indexed)
        page.content = made.search_view() if made.search_view is not None else indexed

    def to_theme(self, page: Page) -> None:
        """The page's own HTML, with the blocks kept out of the search index too."""
        shown = self._of(page)
        if shown is not None and page.content is not None:
            # a search view is the search plugin's alone; other changes to the page stay
            html = shown.indexed if shown.made.search_view is not None else page.content
            page.content = fill_blocks(html, shown.made.blocks)

    def written(self, page: Page) -> None:
        """The page goes back to its skeleton: its HTML is in the output MkDocs writes."""
        shown = self._of(page)
        if shown is not None:
            page.content = shown.skeleton
            self.shown = None

    def _of(self, page: Page) -> _Shown | None:
        shown = self.shown
        return shown if shown is not None and shown.src_uri == page.file.src_uri else None
