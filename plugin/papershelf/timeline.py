"""Timeline index: papers grouped by the month of their date."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from papershelf.model import Library

__all__ = ["Month", "index_months"]


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
    """Months newest first; undated papers are left out (they have no place in time)."""
    members: dict[tuple[int, int], list[str]] = {}
    for paper in library.papers:
        if paper.date:
            members.setdefault((paper.date.year, paper.date.month), []).append(paper.key)
    return [Month(year, month, tuple(keys)) for (year, month), keys in sorted(members.items(), reverse=True)]
