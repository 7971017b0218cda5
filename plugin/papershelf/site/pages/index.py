"""The index of all papers, newest first and paged, with the whole library's exports."""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial

from markupsafe import Markup

from papershelf.site.generated import SiteFile
from papershelf.site.pages.context import PageContext
from papershelf.site.pages.markup import html
from papershelf.site.pages.paper_lists import PagedList, paged

__all__ = ["index_files"]

_EXPORTS = {"bibtex": "library.bib", "biblatex": "library-biblatex.bib", "csl": "library.json"}
_HEAD = html(
    "<h1>{title}{suffix}</h1>\n"
    '<p class="ps-summary">{total} The whole library as '
    '<a href="{bibtex}" download>BibTeX</a> (ASCII, for bibtex, biber and pandoc), '
    '<a href="{biblatex}" download>biblatex</a> (UTF-8, for biber) or '
    '<a href="{csl}" download>CSL-JSON</a> (Zotero, pandoc).</p>'
)


def index_files(ctx: PageContext) -> Iterator[SiteFile]:
    """`papers/`, `papers/page/2/`, ...; the first page is in the navigation."""
    keys = [paper.key for paper in ctx.library.papers]
    intro = partial(_intro, ctx)
    title = ctx.words.papers_title
    yield from paged(ctx, PagedList("papers/index.md", "papers/page/{}.md", keys, title, intro, True))


def _intro(ctx: PageContext, total: int, number: int, suffix: str, here: str) -> Markup:
    """The heading, the count, and the library as each export."""
    links = {name: ctx.link(src, here) for name, src in _EXPORTS.items()}
    total_line = ctx.words.newest_first.format(count=ctx.words.count(total))
    return _HEAD(title=ctx.words.papers_title, suffix=suffix, total=total_line, **links)
