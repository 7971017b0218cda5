"""When each paper arrived: the day of each snapshot, from its own content, and the day each
paper was first seen.

A snapshot's day is the newest day its entries were dated to: a "Latest papers" listing,
an arXiv listing, feed or mailing shows the papers of the day it was saved last, so that is
the day it reached, whoever copies the file and whatever its modification time says. Only
a day counts: a file whose entries give no day (undated entries, a `.bib` file with years
only) has no day of its own and cannot be placed among the others; a paper seen only in
such files has no first-seen day, and is never "new". A paper is first seen on the earliest
day among the snapshots it was seen in.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property

from papershelf.model import DAY, Entry, Library

__all__ = ["Arrivals", "arrivals", "snapshot_day"]


def snapshot_day(entries: Iterable[Entry]) -> dt.date | None:
    """The newest day the entries of a snapshot were dated to (None: no entry gave a day)."""
    return max((entry.date for entry in entries if entry.date and entry.date_precision == DAY), default=None)


@dataclass(frozen=True)
class Arrivals:
    """Each paper's first-seen day by key (papers without one left out), and the papers in
    library order (newest paper first)."""

    first_seen: dict[str, dt.date]
    order: tuple[str, ...]

    @cached_property
    def newest(self) -> dt.date | None:
        """The newest snapshot's day, if any snapshot has one."""
        return max(self.first_seen.values(), default=None)

    def is_new(self, key: str) -> bool:
        """Whether the paper was first seen in the newest snapshot, and others before it: in
        a library of one day's snapshots every paper would be, which tells nothing."""
        return len(self.by_day) > 1 and self.first_seen.get(key) == self.newest

    @cached_property
    def by_day(self) -> list[tuple[dt.date, tuple[str, ...]]]:
        """The papers first seen on each day, newest day first, each in library order."""
        days: dict[dt.date, list[str]] = {}
        for key in self.order:
            if key in self.first_seen:
                days.setdefault(self.first_seen[key], []).append(key)
        return [(day, tuple(days[day])) for day in sorted(days, reverse=True)]

    def recent(self, window: dt.timedelta, most: int) -> list[tuple[dt.date, tuple[str, ...]]]:
        """The newest days' papers: the newest day's all, then older days' within `window`
        of it while all of a day's papers fit under `most` papers in all."""
        shown: list[tuple[dt.date, tuple[str, ...]]] = []
        count = 0
        for day, keys in self.by_day:
            if shown and (day < shown[0][0] - window or count + len(keys) > most):
                break
            shown.append((day, keys))
            count += len(keys)
        return shown

    def newest_first(self, keys: Sequence[str]) -> list[str]:
        """`keys` by first-seen day, newest first; papers with none last, in their order."""
        seen = self.first_seen
        return sorted(keys, key=lambda key: -seen[key].toordinal() if key in seen else 0)


def arrivals(library: Library) -> Arrivals:
    """The first-seen day of every paper of the library that a dated snapshot holds."""
    days = {listing.file: snapshot_day(listing.entries) for listing in library.listings}
    first_seen: dict[str, dt.date] = {}
    for paper in library.papers:
        seen = [day for sighting in paper.sightings if (day := days.get(sighting.file))]
        if seen:
            first_seen[paper.key] = min(seen)
    return Arrivals(first_seen, tuple(paper.key for paper in library.papers))
