"""Month pages: each month's papers (paged), and the timeline index with its chart of
papers per month (the recent months, then per year) and its months by year."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import groupby
from functools import partial

from markupsafe import Markup

from papershelf.pages.charts import timeline_bars
from papershelf.model import YEAR
from papershelf.pages.generated import SiteFile
from papershelf.pages.context import PageContext
from papershelf.pages.markup import chart, html
from papershelf.pages.paper_lists import NOWHERE, PagedList, neighbours, paged
from papershelf.indexes.timeline import Month, Slot, chart_slots

__all__ = ["timeline_files"]

_HEAD = html('<h1>{name}{suffix}</h1>\n<p class="ps-summary">{total}.</p>\n{months}')
# No `rel`: on a month's later pages `rel` belongs to its own pages' pager.
_NEWER = html('<a href="{href}">← {name}</a>')
_OLDER = html('<a href="{href}">{name} →</a>')
_BACK = html('<a href="{href}">{label}</a>')


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
        "timeline.md.j2",
        "timeline/index.md",
        in_nav=True,
        years=[(year, _year_anchor(year), list(of)) for year, of in groupby(months, key=lambda m: m.year)],
        undated=undated,
        chart=chart(timeline_bars, slots),
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
    months = neighbours(
        ctx.words.months_label,
        _NEWER(href=_month_link(ctx, newer, here), name=ctx.month_name(newer)) if newer else NOWHERE,
        _BACK(href=ctx.link("timeline/index.md", here), label=ctx.words.all_months),
        _OLDER(href=_month_link(ctx, older, here), name=ctx.month_name(older)) if older else NOWHERE,
    )
    return _HEAD(name=ctx.month_name(month), suffix=suffix, total=ctx.words.count(total), months=months)


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
