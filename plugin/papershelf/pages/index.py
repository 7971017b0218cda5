"""The index of all papers, newest first and paged, with the whole library's exports."""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial

from markupsafe import Markup

from papershelf.export.formats import EXPORT_FORMATS
from papershelf.pages.generated import SiteFile
from papershelf.pages.context import PageContext
from papershelf.pages.markup import html, joined
from papershelf.pages.new import NEW_PAGE
from papershelf.pages.paper_lists import PagedList, paged

__all__ = ["index_files"]

_HEAD = html(
    '<h1>{title}{suffix}</h1>\n<p class="ps-summary">{total} The whole library as {exports}.</p>\n'
    '<p class="ps-summary"><a href="{new}">{new_title}</a> · '
    '<a href="{feed}" type="application/atom+xml">{feed_label}</a></p>'
)
_EXPORT = html('<a href="{href}" download>{summary}</a>')


def index_files(ctx: PageContext) -> Iterator[SiteFile]:
    """`papers/`, `papers/page/2/`, ...; the first page is in the navigation."""
    keys = [paper.key for paper in ctx.library.papers]
    intro = partial(_intro, ctx)
    title = ctx.words.papers_title
    yield from paged(ctx, PagedList("papers/index.md", "papers/page/{}.md", keys, title, intro, True))


def _intro(ctx: PageContext, total: int, number: int, suffix: str, here: str) -> Markup:
    """The heading, the count, and the library as each export."""
    exports = joined(
        ", ", (_EXPORT(href=ctx.link(form.file_name, here), summary=form.summary) for form in EXPORT_FORMATS)
    )
    total_line = ctx.words.newest_first.format(count=ctx.words.count(total))
    words = ctx.words
    return _HEAD(
        title=words.papers_title,
        suffix=suffix,
        total=total_line,
        exports=exports,
        new=ctx.link(NEW_PAGE, here),
        new_title=words.new_title,
        feed=ctx.link("feed.xml", here),
        feed_label=words.feed_label,
    )
