"""Timeline index: papers grouped by the month of their date, and the bars of its chart."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass

from papershelf.model import YEAR, Library

__all__ = ["RECENT_MONTHS", "Month", "Slot", "chart_slots", "index_months"]

RECENT_MONTHS = 24
"""Months the chart shows one by one, ending at the newest paper's month; the years before
them are a bar each."""


@dataclass(frozen=True)
class Month:
    """One month of the timeline: `2026-08` and its papers (newest first)."""

    year: int
    month: int
    papers: tuple[str, ...]

    @property
    def first_day(self) -> dt.date:
        return dt.date(self.year, self.month, 1)

    @property
    def slug(self) -> str:
        return f"{self.year:04d}-{self.month:02d}"


def index_months(library: Library) -> list[Month]:
    """Months newest first; undated papers are left out (they have no place in time), and so
    are papers whose source gave only the year."""
    members: dict[tuple[int, int], list[str]] = {}
    for paper in library.papers:
        if paper.date and paper.date_precision != YEAR:
            members.setdefault((paper.date.year, paper.date.month), []).append(paper.key)
    return [Month(year, month, tuple(keys)) for (year, month), keys in sorted(members.items(), reverse=True)]


@dataclass(frozen=True)
class Slot:
    """A bar of the timeline chart: the papers of `first`'s month to `last`'s, one month or
    (`year`) the part of a year before the recent months; a run of empty years is one."""

    first: dt.date
    last: dt.date
    papers: int
    year: bool = False


def chart_slots(months: Sequence[Month], recent: int = RECENT_MONTHS) -> list[Slot]:
    """The chart's bars, newest first: each of the `recent` months that end at the newest
    paper's month (from the oldest paper's month, if that is later), then each year before
    them. So the chart has at most `recent` bars and one a year, whatever the span of the
    dates, and what is newest is what a reader sees first."""
    if not months:
        return []
    count = {_number(month): len(month.papers) for month in months}
    newest, oldest = max(count), min(count)
    start = max(oldest, newest - recent + 1)
    slots = [Slot(_nth_month(n), _nth_month(n), count.get(n, 0)) for n in range(newest, start - 1, -1)]
    years: dict[int, int] = {}
    for number in range(start - 1, oldest - 1, -1):
        years[number // 12] = years.get(number // 12, 0) + count.get(number, 0)
    for year, papers in years.items():
        last = min(dt.date(year, 12, 1), _nth_month(start - 1))
        if slots[-1].year and not papers and not slots[-1].papers:  # a run of empty years: one gap
            slots[-1] = Slot(dt.date(year, 1, 1), slots[-1].last, 0, year=True)
        else:
            slots.append(Slot(dt.date(year, 1, 1), last, papers, year=True))
    return slots


def _number(month: Month) -> int:
    """The month counted from January of year 0."""
    return month.year * 12 + month.month - 1


def _nth_month(number: int) -> dt.date:
    """The first day of month `number`, counted from January of year 0."""
    return dt.date(number // 12, number % 12 + 1, 1)
