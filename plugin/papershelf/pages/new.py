"""`new/`: the papers the newest snapshots brought, by the day each was first seen
(`papershelf.indexes.arrivals`), newest day first."""

from __future__ import annotations

import datetime as dt
from functools import partial

from papershelf.pages.context import PageContext
from papershelf.pages.generated import SiteFile
from papershelf.pages.paper_lists import paper_list

__all__ = ["NEW_PAGE", "WINDOW", "new_page"]

NEW_PAGE = "new/index.md"
WINDOW = dt.timedelta(days=30)
"""How far back from the newest snapshot's day `new/` goes (it also stops before a day
whose papers would take it past `per_page` papers; the newest day is always shown whole)."""


def new_page(ctx: PageContext) -> SiteFile:
    """The page, in the navigation beside the other indexes."""
    days = ctx.arrivals.recent(WINDOW, max(1, ctx.options.per_page))
    groups = [(ctx.long_date(day), keys) for day, keys in days]
    listed = partial(paper_list, ctx, here=NEW_PAGE)
    return ctx.template_page("new", NEW_PAGE, in_nav=True, groups=groups, paper_list=listed)
