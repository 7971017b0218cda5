"""Listings -> Library: one Paper per distinct paper, with every sighting and a stable key."""

from __future__ import annotations

import datetime as dt
import functools
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from papershelf.library.identity import Identity, identity_of
from papershelf.library.keys import KeyBook, KeyRequest, OwnKey, base_key, issue_keys, own_key_problems
from papershelf.model import PRECISIONS, Entry, Identifiers, Library, Listing, Paper

__all__ = ["MergeResult", "build_library"]


@dataclass(frozen=True)
class MergeResult:
    """The library and the key book that now includes every key it uses."""

    library: Library
    book: KeyBook
    saved: int = 0
    """How many new keys were written to the key file (`papershelf.library.keyfile.keyed_library`)."""


def build_library(listings: Sequence[Listing], book: KeyBook) -> MergeResult:
    """Merge listings (in file-name order) into papers, newest first, keyed through `book`."""
    ordered = sorted(listings, key=lambda listing: listing.file)
    groups = _group_sightings(entry for listing in ordered for entry in listing.entries)
    requests = [_request(identity, entries) for identity, entries in groups]
    keys, issued = issue_keys(requests, book)
    papers = [_merge(key, entries) for key, (_, entries) in zip(keys, groups, strict=True)]
    papers.sort(key=_newest_first)
    problems = (
        *book.problems,
        *(problem for listing in ordered for problem in listing.problems),
        *own_key_problems(requests, keys, book),
    )
    return MergeResult(Library(tuple(papers), tuple(ordered), problems), issued)


def _group_sightings(entries: Iterable[Entry]) -> list[tuple[Identity, list[Entry]]]:
    """Sightings of one paper together, in first-seen order: the same arXiv id or DOI (a
    revision may retitle a paper), else the same title and authors that agree (see
    `papershelf.library.identity`) and no identifier that differs. Each group's identity is that of
    its longest author list."""
    groups: list[tuple[Identity, list[Entry]]] = []
    by_title: defaultdict[str, list[int]] = defaultdict(list)
    by_id: dict[str, int] = {}
    for entry in entries:
        identity = identity_of(entry.title, entry.authors)
        index = next((by_id[name] for name in _names(entry.ids) if name in by_id), None)
        if index is None:
            same_title = by_title[identity.title]
            index = next(
                (i for i in same_title if groups[i][0].agrees(identity) and _compatible(groups[i][1], entry)),
                None,
            )
        if index is None:
            by_title[identity.title].append(len(groups))
            groups.append((identity, [entry]))
            by_id.update(dict.fromkeys(_names(entry.ids), len(groups) - 1))
            continue
        known, sightings = groups[index]
        sightings.append(entry)
        by_id.update(dict.fromkeys(_names(entry.ids), index))
        if len(identity.surnames) > len(known.surnames):
            groups[index] = (identity, sightings)
    return groups


def _names(ids: Identifiers) -> list[str]:
    """The identifiers that name one paper wherever they are seen."""
    names = [f"arxiv:{ids.arxiv}"] if ids.arxiv else []
    return names + ([f"doi:{ids.doi.lower()}"] if ids.doi else [])


def _compatible(sightings: list[Entry], entry: Entry) -> bool:
    """Whether no sighting names another arXiv paper than `entry` does."""
    return not entry.ids.arxiv or all(s.ids.arxiv in ("", entry.ids.arxiv) for s in sightings)


def _request(identity: Identity, entries: list[Entry]) -> KeyRequest:
    first = entries[0]
    provisional = all(entry.provisional for entry in entries)
    arxiv = next((entry.ids.arxiv for entry in entries if entry.ids.arxiv), "")
    identity = replace(identity, arxiv=arxiv)
    return KeyRequest(
        identity,
        base_key(first.title, first.authors, _date(entries)),
        first.title,
        provisional,
        _own_keys(entries),
    )


def _own_keys(entries: list[Entry]) -> tuple[OwnKey, ...]:
    """Each key the sources give the paper, where it is first given."""
    own: dict[str, OwnKey] = {}
    for entry in entries:
        if entry.key:
            own.setdefault(entry.key, OwnKey(entry.key, entry.source))
    return tuple(own.values())


def _date(entries: list[Entry]) -> dt.date | None:
    return next((entry.date for entry in entries if entry.date), None)


def _merge(key: str, entries: list[Entry]) -> Paper:
    """The most complete abstract wins; the longest author list wins; the most precise date
    wins (a feed's day over a `.bib` file's year); topics accumulate."""
    best = max(entries, key=lambda entry: (not entry.truncated, len(entry.abstract)))
    dated = max(
        (entry for entry in entries if entry.date),
        key=lambda entry: (PRECISIONS.index(entry.date_precision), entry is best),
        default=best,
    )
    credited = max(entries, key=lambda entry: (len(entry.authors), not entry.authors_truncated))
    topics = tuple(dict.fromkeys(entry.topic for entry in entries if entry.topic))
    return Paper(
        key=key,
        title=best.title,
        authors=credited.authors,
        date=dated.date,
        date_precision=dated.date_precision,
        abstract=best.abstract,
        truncated=best.truncated,
        topics=topics,
        sightings=tuple(sorted(entry.source for entry in entries)),
        authors_truncated=credited.authors_truncated,
        ids=functools.reduce(Identifiers.merged, (entry.ids for entry in entries)),
    )


def _newest_first(paper: Paper) -> tuple[int, str]:
    ordinal = paper.date.toordinal() if paper.date else 0
    return (-ordinal, paper.key)
