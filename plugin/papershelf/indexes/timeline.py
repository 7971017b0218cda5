"""Timeline index: papers grouped by the month of their date, and the bars of its chart."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass

from papershelf.model import YEAR, Library

__all__ = ["Month", "chart_slots", "index_months"]

_MAX_GAP = 3
"""Empty months the chart draws one by one between two months with papers; a longer gap
is a single empty slot."""


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


def chart_slots(months: Iterable[Month]) -> list[tuple[dt.date, dt.date, int]]:
    """The chart's slots, oldest first: (first month, last month, papers). A month with papers
    is a slot; a gap of up to `_MAX_GAP` empty months is an empty slot per month, a longer gap
    one empty slot that spans it. So the chart grows with the months that have papers (at
    most `_MAX_GAP + 1` slots each), never with the span of the dates (1995 beside 2026)."""
    slots: list[tuple[dt.date, dt.date, int]] = []
    previous: int | None = None
    for month in sorted(months, key=lambda m: (m.year, m.month)):
        number = month.year * 12 + month.month - 1
        if previous is not None and number - previous - 1 > _MAX_GAP:
            slots.append((_nth_month(previous + 1), _nth_month(number - 1), 0))
        elif previous is not None:
            slots += [(_nth_month(n), _nth_month(n), 0) for n in range(previous + 1, number)]
        slots.append((month.first_day, month.first_day, len(month.papers)))
        previous = number
    return slots


def _nth_month(number: int) -> dt.date:
    """The first day of month `number`, counted from January of year 0."""
    return dt.date(number // 12, number % 12 + 1, 1)
