"""The index of all papers, newest first and paged, with the whole library's exports; how
its intro looks is `papershelf/papers.html`'s."""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial

from markupsafe import Markup

from papershelf.export.formats import EXPORT_FORMATS
from papershelf.pages.generated import SiteFile
from papershelf.pages.context import PageContext
from papershelf.pages.new import NEW_PAGE
from papershelf.pages.paper_lists import PagedList, paged

__all__ = ["index_files"]


def index_files(ctx: PageContext) -> Iterator[SiteFile]:
    """`papers/`, `papers/page/2/`, ...; the first page is in the navigation."""
    keys = [paper.key for paper in ctx.library.papers]
    intro = partial(_intro, ctx)
    title = ctx.words.papers_title
    yield from paged(ctx, PagedList("papers/index.md", "papers/page/{}.md", keys, title, intro, True))


def _intro(ctx: PageContext, total: int, number: int, suffix: str, here: str) -> Markup:
    """The heading, the count, the library as each export, and the way to what is new:
    `new/` and the library's feed."""
    exports = [(ctx.link(form.file_name, here), form.summary) for form in EXPORT_FORMATS]
    total_line = ctx.say("newest_first", count=ctx.words.count(total))
    new, feed = ctx.link(NEW_PAGE, here), ctx.link("feed.xml", here)
    return ctx.sections("papers").intro(ctx.words.papers_title, suffix, total_line, exports, new, feed)
