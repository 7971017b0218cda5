"""What a listing's reader must say about a date it read.

* A date before 1990 or more than a year after today is implausible for a paper in a
  listing of latest papers (a typo such as `1900`, a placeholder such as `9999`): it is
  treated as unknown, with a warning, so that it neither orders the papers nor stretches
  the timeline.
* A numeric date with the year last is read day first, as most locales write it. When
  it is written with slashes and either of the other two numbers could be the month
  (`08/07/2026`), that reading is a guess: 56 CLDR locales, en_US among them, write
  month/day/year, always with slashes (none writes the month first with dots or dashes).
  The guess is taken, with a warning that names it. A date with only one reading
  (`07/13/2026`, `13/07/2026`), equal numbers (`07/07/2026`), dots (`08.07.2026`), the
  year first (ISO order) or words that mark the month (`8月`, `tháng 8`) is read
  without a warning.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from papershelf.snapshots.dates.parsing import parse_date_swappable
from papershelf.snapshots.decoding import shown

__all__ = ["DateReading", "read_date"]

_EARLIEST = datetime.date(1990, 1, 1)
_AHEAD = datetime.timedelta(days=365)


@dataclass(frozen=True)
class DateReading:
    """A listing's date as a reader keeps it (None: unknown), and what to warn about it."""

    date: datetime.date | None
    warning: str | None = None


def read_date(
    written: str | datetime.date, today: datetime.date | None = None, any_age: bool = False
) -> DateReading:
    """The date `written` in a listing (text, or a date the page gave machine-readably),
    judged as the module docstring says: implausible dates become unknown, ambiguous
    ones are read day first; either way with a warning. With `any_age` (a library the user
    keeps, which holds papers of any age), only a date in the future is implausible."""
    if isinstance(written, datetime.date):
        date, ambiguous = written, False
    else:
        reading = parse_date_swappable(written)
        if reading is None:
            return DateReading(None, f"unreadable date {shown(written)!r}")
        date, ambiguous = reading
    latest = (today or datetime.date.today()) + _AHEAD
    earliest = datetime.date.min if any_age else _EARLIEST
    if not earliest <= date <= latest:
        why = f"after {latest}" if any_age else f"before {_EARLIEST.year} or after {latest}"
        return DateReading(None, f"implausible date {str(written)!r} ({why}); left unknown")
    if ambiguous:
        return DateReading(date, f"ambiguous date {written!r}: read day first, as {date.isoformat()}")
    return DateReading(date)
