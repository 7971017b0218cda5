"""Lists of papers: the linked titles with bylines that every index shows, split into pages.

All papers, each topic and each month list their papers this way, author pages without
the paging. No generated page grows with the library: a long list is paged by `per_page`,
with a pager under it. How they look is `papershelf/paper-list.html`'s (`PageContext.lists`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from markupsafe import Markup

from papershelf.pages.generated import Section, SiteFile, assembled
from papershelf.pages.context import PageContext

__all__ = ["Intro", "PagedList", "paged", "paper_list"]

Intro = Callable[[int, int, str, str], Markup]
"""`intro(total, number, suffix, here)`: the HTML above page `number` of a list of `total`
papers, whose title ends in `suffix` (` (page 2 of 5)`, empty on page 1)."""


@dataclass(frozen=True)
class PagedList:
    """A list of papers and where its pages go: `first` is page 1's source path, `pattern`
    the others' (`{}` for the number)."""

    first: str
    pattern: str
    keys: Sequence[str]
    title: str
    intro: Intro
    in_nav: bool = False
    search_view: Callable[[], Markup] | None = None
    """What search reads of the first page, which is then in the index (the papers' titles
    are left to their own pages); without it, no page of the list is."""

    def src(self, number: int) -> str:
        return self.first if number == 1 else self.pattern.format(number)


def paper_list(ctx: PageContext, keys: Sequence[str], here: str) -> Markup:
    """Linked titles with authors and date."""
    return ctx.lists.list([ctx.entry(key, here) for key in keys])


def paged(ctx: PageContext, papers: PagedList) -> Iterator[SiteFile]:
    """The list's pages of `per_page` papers each (one, empty, for no papers)."""
    per_page = max(1, ctx.options.per_page)
    count = max(1, math.ceil(len(papers.keys) / per_page))
    for number in range(1, count + 1):
        chunk = papers.keys[(number - 1) * per_page : number * per_page]
        yield _page(ctx, papers, number, count, chunk)


def _page(ctx: PageContext, papers: PagedList, number: int, count: int, keys: Sequence[str]) -> SiteFile:
    """Page `number` of `count`: the intro, its papers, the pager."""
    src_uri = papers.src(number)
    here = src_uri
    suffix = ctx.words.suffix(number, count)

    def body() -> Markup:
        intro = papers.intro(len(papers.keys), number, suffix, here)
        entries = [ctx.entry(key, here) for key in keys]
        return ctx.lists.page(intro, entries, _pager(ctx, papers, number, count, here))

    view = papers.search_view if number == 1 else None
    front_matter = ctx.front_matter(papers.title + suffix, indexed=view is not None)
    in_nav = papers.in_nav and number == 1
    return assembled(src_uri, front_matter, lambda: [Section(None, body)], in_nav, view)


def _pager(ctx: PageContext, papers: PagedList, number: int, count: int, here: str) -> Markup | str:
    """Where this page is in the list (`Page 2 of 5`) and the way to its newer and older
    neighbours, in words (lists go newest first); nothing for a list of one page."""
    if count == 1:
        return ""
    newer = ctx.link(papers.src(number - 1), here) if number > 1 else None
    older = ctx.link(papers.src(number + 1), here) if number < count else None
    return ctx.lists.pager(number, count, newer, older)
