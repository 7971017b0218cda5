"""Listings -> Library: one Paper per distinct paper, with every sighting and a stable key."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from papershelf.keys import KeyBook, base_key, issue_keys, paper_identity
from papershelf.model import Entry, Library, Listing, Paper

__all__ = ["MergeResult", "build_library"]


@dataclass(frozen=True)
class MergeResult:
    """The library and the key book that now includes every key it uses."""

    library: Library
    book: KeyBook


def build_library(listings: Sequence[Listing], book: KeyBook) -> MergeResult:
    """Merge listings (in file-name order) into papers, newest first, keyed through `book`."""
    ordered = sorted(listings, key=lambda listing: listing.file)
    groups = _group_sightings(entry for listing in ordered for entry in listing.entries)
    wanted = [(identity, base_key(e[0].title, e[0].authors, _date(e))) for identity, e in groups.items()]
    keys = issue_keys(wanted, book)
    papers = [_merge(keys[identity], entries) for identity, entries in groups.items()]
    papers.sort(key=_newest_first)
    titles = dict(book.titles) | {paper.key: paper.title for paper in papers}
    problems = tuple(problem for listing in ordered for problem in listing.problems)
    library = Library(tuple(papers), tuple(ordered), problems)
    return MergeResult(library, KeyBook(dict(book.keys) | keys, titles))


def _group_sightings(entries: Iterable[Entry]) -> dict[str, list[Entry]]:
    groups: dict[str, list[Entry]] = {}
    for entry in entries:
        groups.setdefault(paper_identity(entry.title, entry.authors), []).append(entry)
    return groups


def _date(entries: list[Entry]) -> dt.date | None:
    return next((entry.date for entry in entries if entry.date), None)


def _merge(key: str, entries: list[Entry]) -> Paper:
    """The most complete abstract wins; the longest author list wins; topics accumulate."""
    best = max(entries, key=lambda entry: (not entry.truncated, len(entry.abstract)))
    credited = max(entries, key=lambda entry: (len(entry.authors), not entry.authors_truncated))
    topics = tuple(dict.fromkeys(entry.topic for entry in entries if entry.topic))
    return Paper(
        key=key,
        title=best.title,
        authors=credited.authors,
        date=best.date or _date(entries),
        abstract=best.abstract,
        truncated=best.truncated,
        topics=topics,
        sightings=tuple(sorted(entry.source for entry in entries)),
        authors_truncated=credited.authors_truncated,
    )


def _newest_first(paper: Paper) -> tuple[int, str]:
    ordinal = paper.date.toordinal() if paper.date else 0
    return (-ordinal, paper.key)
