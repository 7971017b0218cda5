"""Month pages: each month's papers (paged), and the timeline index with its chart of
papers per month (the recent months, then per year) and its months by year. How they look is
`papershelf/month.html`'s and `papershelf/timeline.html`'s."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import groupby
from functools import partial

from markupsafe import Markup

from papershelf.pages.charts import timeline_bars
from papershelf.model import YEAR
from papershelf.pages.generated import SiteFile
from papershelf.pages.context import PageContext
from papershelf.pages.markup import chart
from papershelf.pages.paper_lists import PagedList, paged
from papershelf.indexes.timeline import Month, Slot, chart_slots

__all__ = ["timeline_files"]


def timeline_files(ctx: PageContext) -> Iterator[SiteFile]:
    """Each month's pages, then the index."""
    months = ctx.analysis.months
    for index, month in enumerate(months):
        pattern = f"timeline/{month.slug}/page/{{}}.md"
        newer = months[index - 1] if index > 0 else None
        older = months[index + 1] if index + 1 < len(months) else None
        title, intro = ctx.month_name(month), partial(_intro, ctx, month, newer, older)
        yield from paged(ctx, PagedList(f"timeline/{month.slug}.md", pattern, month.papers, title, intro))
    undated = sum(1 for paper in ctx.library.papers if paper.date is None or paper.date_precision == YEAR)
    months = ctx.analysis.months
    slots = [_chart_slot(ctx, slot) for slot in chart_slots(months)]
    yield ctx.template_page(
        "timeline",
        "timeline/index.md",
        in_nav=True,
        years=[(year, _year_anchor(year), list(of)) for year, of in groupby(months, key=lambda m: m.year)],
        undated=undated,
        chart=chart(timeline_bars, slots, ctx.words),
    )


def _intro(
    ctx: PageContext,
    month: Month,
    newer: Month | None,
    older: Month | None,
    total: int,
    number: int,
    suffix: str,
    here: str,
) -> Markup:
    """The month's name and size, the months with papers before and after it (by name: a
    month without papers is skipped, not shown as a gap) and the way back to all months."""
    sections = ctx.sections("month")
    months = ctx.lists.neighbours(
        ctx.words.months_label,
        _neighbour(ctx, newer, here, older=False),
        sections.back(ctx.link("timeline/index.md", here)),
        _neighbour(ctx, older, here, older=True),
    )
    return sections.intro(ctx.month_name(month), suffix, ctx.words.count(total), months)


def _neighbour(ctx: PageContext, month: Month | None, here: str, older: bool) -> Markup:
    """A link to a neighbouring month, by name, or where there is none. No `rel`: on a
    month's later pages `rel` belongs to its own pages' pager."""
    if month is None:
        return ctx.lists.link(None, "")
    return ctx.sections("month").month(_month_link(ctx, month, here), ctx.month_name(month), older)


def _month_link(ctx: PageContext, month: Month, here: str) -> Markup:
    return ctx.link(f"timeline/{month.slug}.md", here)


def _chart_slot(ctx: PageContext, slot: Slot) -> tuple[str, str, int, str]:
    """A bar's label, short label (`Apr 2026`, `wording.Wording.short_month`; a year) and
    link: a month to its page, a year to its part of the list of months; a run of empty
    years (`…`) links nowhere."""
    if not slot.year:
        href = str(ctx.link(f"timeline/{slot.first:%Y-%m}.md", "timeline/index.md")) if slot.papers else ""
        short = ctx.month_name(slot.first, ctx.words.short_month)
        return ctx.month_name(slot.first), short, slot.papers, href
    year, whole = slot.first.year, slot.last.month == 12
    end = str(slot.last.year) if whole else ctx.month_name(slot.last)
    if slot.last.year != year:
        return f"{year} – {end}", "…", 0, ""
    label = str(year) if whole else f"{ctx.month_name(slot.first)} – {end}"
    return label, str(year), slot.papers, f"#{_year_anchor(year)}" if slot.papers else ""


def _year_anchor(year: int) -> str:
    """The id of a year's heading in the list of months."""
    return f"y{year}"
