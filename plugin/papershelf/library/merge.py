"""Listings -> Library: one Paper per distinct paper, with every sighting and a stable key."""

from __future__ import annotations

import datetime as dt
import functools
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from papershelf.library.identity import Identity, identity_of
from papershelf.library.keys import (
    KeyBook,
    KeyRequest,
    OwnKey,
    alias_keys,
    base_key,
    issue_keys,
    own_key_problems,
)
from papershelf.library.versions import Duplicate, VersionIndex
from papershelf.model import PRECISIONS, Entry, Identifiers, Library, Listing, Paper, Problem
from papershelf.text.rules import fold_title

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
    groups, duplicates = _group_sightings(entry for listing in ordered for entry in listing.entries)
    requests = [_request(group) for group in groups]
    keys, issued = issue_keys(requests, book)
    aliases = alias_keys(issued)
    papers = [
        _merge(key, group.entries, aliases.get(key, ())) for key, group in zip(keys, groups, strict=True)
    ]
    papers = _citable_library_keys(papers)
    papers.sort(key=_newest_first)
    problems = (
        *book.problems,
        *(problem for listing in ordered for problem in listing.problems),
        *own_key_problems(requests, keys, book),
        *_duplicate_problems(duplicates, keys, papers),
    )
    return MergeResult(Library(tuple(papers), tuple(ordered), problems), issued)


def _citable_library_keys(papers: list[Paper]) -> list[Paper]:
    """Each paper's `library_keys` but those that would cite another paper too: another
    paper's key or older key, or one that two papers were given (bibtex and biber compare
    keys ignoring case)."""
    taken = Counter(key.casefold() for paper in papers for key in (paper.key, *paper.aliases))
    given = Counter(key.casefold() for paper in papers for key in paper.library_keys)
    return [
        paper
        if not paper.library_keys
        else replace(
            paper,
            library_keys=tuple(
                k for k in paper.library_keys if not taken[k.casefold()] and given[k.casefold()] == 1
            ),
        )
        for paper in papers
    ]


@dataclass
class _Group:
    """The sightings of one paper so far: the identity of its longest author list, and each
    identity its titles were seen under (a revision may retitle it), first-seen first."""

    identity: Identity
    entries: list[Entry]
    variants: list[Identity]


_Siblings = dict[str, dict[str, Identity]]
"""Each library file's keys, with the identity of the entry under each (`_siblings`)."""


def _group_sightings(entries: Iterable[Entry]) -> tuple[list[_Group], list[Duplicate]]:
    """Sightings of one paper together, in first-seen order: the same arXiv id or DOI (a
    revision may retitle a paper), else the same title and authors that agree (see
    `papershelf.library.identity`) and no identifier that differs, else a retitled revision
    (`papershelf.library.versions`). Also the sightings whose title is like another paper's,
    by other authors: likely duplicates, to be said."""
    groups: list[_Group] = []
    by_title: defaultdict[str, list[int]] = defaultdict(list)
    by_id: dict[str, int] = {}
    versions = VersionIndex()
    duplicates: list[Duplicate] = []
    sighted = [(entry, identity_of(entry.title, entry.authors)) for entry in entries]
    siblings = _siblings(sighted)
    for entry, identity in sighted:
        index = next((by_id[name] for name in _names(entry.ids) if name in by_id), None)
        if index is None:
            index = next(
                (
                    i
                    for i in by_title[identity.title]
                    if _agrees(groups[i], identity)
                    and _compatible(groups[i].entries, entry, identity, siblings)
                ),
                None,
            )
        if index is None:
            index, alike = versions.version_of(entry, identity)
            if index is not None and not _compatible(groups[index].entries, entry, identity, siblings):
                index = None
            new = len(groups) if index is None else index
            duplicates += (Duplicate(other, new, entry.source) for other in alike if other != new)
        if index is None:
            index = len(groups)
            groups.append(_Group(identity, [entry], [identity]))
        else:
            group = groups[index]
            group.entries.append(entry)
            if all(variant.title != identity.title for variant in group.variants):
                group.variants.append(identity)
            if len(identity.surnames) > len(group.identity.surnames):
                group.identity = identity
        if index not in by_title[identity.title]:
            by_title[identity.title].append(index)
        by_id.update(dict.fromkeys(_names(entry.ids), index))
        versions.file(index, entry, identity)
    return groups, duplicates


def _agrees(group: _Group, identity: Identity) -> bool:
    """Whether `identity` can be a sighting of the group's paper under one of its titles
    (the caller asks only of groups seen under the title of `identity`)."""
    return Identity(identity.title, group.identity.surnames).agrees(identity)


def _names(ids: Identifiers) -> list[str]:
    """The identifiers that name one paper wherever they are seen."""
    names = [f"arxiv:{ids.arxiv}"] if ids.arxiv else []
    return names + ([f"doi:{ids.doi.lower()}"] if ids.doi else [])


def _compatible(sightings: list[Entry], entry: Entry, identity: Identity, siblings: _Siblings) -> bool:
    """Whether no sighting names another arXiv paper than `entry` does, nor is another entry
    of `entry`'s library file under another key: whoever keeps the file told the two apart
    (a 1934 article and the 1935 manuscript of one title, an edition and its reprint). Nor
    is under a key that `entry`'s file gives another entry of this paper (that entry will
    join, and `entry` is the one the file tells apart), so that the same papers come of the
    files in any order. Across files, one paper under two keys is one paper (a second key,
    said). `siblings`: each file's keys and the identities of their entries."""
    if entry.ids.arxiv and any(s.ids.arxiv not in ("", entry.ids.arxiv) for s in sightings):
        return False
    if not entry.key:
        return True
    own_file = siblings.get(entry.source.file, {})
    for sighting in sightings:
        if not sighting.key or sighting.key == entry.key:
            continue
        if sighting.source.file == entry.source.file:
            return False
        sibling = own_file.get(sighting.key)
        if sibling is not None and sibling.agrees(identity):
            return False
    return True


def _siblings(sighted: list[tuple[Entry, Identity]]) -> _Siblings:
    """Each library file's keys, with the identity of the entry under each."""
    found: dict[str, dict[str, Identity]] = {}
    for entry, identity in sighted:
        if entry.key:
            found.setdefault(entry.source.file, {})[entry.key] = identity
    return found


def _request(group: _Group) -> KeyRequest:
    entries = group.entries
    first = entries[0]
    provisional = all(entry.provisional for entry in entries)
    arxiv = next((entry.ids.arxiv for entry in entries if entry.ids.arxiv), "")
    identity = replace(group.identity, arxiv=arxiv)
    return KeyRequest(
        identity,
        base_key(first.title, first.authors or first.editors, _date(entries)),  # a book of editors: theirs
        _title(entries),
        provisional,
        _own_keys(entries),
        tuple(
            variant
            for variant in [*group.variants, *_read_before(entries)]
            if variant.title != identity.title
        ),
    )


def _read_before(entries: list[Entry]) -> list[Identity]:
    """The identities of the titles as earlier readers read them (`Entry.read_as`): each
    claims the row of a key issued for that reading, as another title of the paper would."""
    return [identity_of(title, entry.authors) for entry in entries for title in entry.read_as]


def _own_keys(entries: list[Entry]) -> tuple[OwnKey, ...]:
    """Each key the sources give the paper, where it is first given."""
    own: dict[str, OwnKey] = {}
    for entry in entries:
        if entry.key:
            own.setdefault(entry.key, OwnKey(entry.key, entry.source))
    return tuple(own.values())


def _date(entries: list[Entry]) -> dt.date | None:
    return next((entry.date for entry in entries if entry.date), None)


def _merge(key: str, entries: list[Entry], aliases: tuple[str, ...]) -> Paper:
    """The most complete abstract wins; the longest author list wins; the most precise date
    wins (a feed's day over a `.bib` file's year); topics accumulate; the newest title is
    shown (`_title`), the others are kept to say; the venue is the first a library gives."""
    best = _best(entries)
    dated = max(
        (entry for entry in entries if entry.date),
        key=lambda entry: (PRECISIONS.index(entry.date_precision), entry is best),
        default=best,
    )
    credited = max(entries, key=lambda entry: (len(entry.authors), not entry.authors_truncated))
    topics = tuple(dict.fromkeys(entry.topic for entry in entries if entry.topic))
    title = _title(entries)
    titles = {fold_title(title): title} if len(entries) > 1 else {}
    for entry in entries if titles else ():
        titles.setdefault(fold_title(entry.title), entry.title)
    return Paper(
        key=key,
        title=title,
        authors=credited.authors,
        date=dated.date,
        date_precision=dated.date_precision,
        abstract=best.abstract,
        truncated=best.truncated,
        topics=topics,
        sightings=tuple(sorted(entry.source for entry in entries)),
        authors_truncated=credited.authors_truncated,
        ids=functools.reduce(Identifiers.merged, (entry.ids for entry in entries)),
        other_titles=tuple(titles.values())[1:],  # none for one sighting (most papers)
        aliases=aliases,
        venue=next((entry.venue for entry in entries if entry.venue), None),
        cased=tuple(dict.fromkeys(word for entry in entries for word in entry.cased)),
        editors=max((entry.editors for entry in entries), key=len),
        library_keys=tuple(
            dict.fromkeys(e.key for e in entries if e.key and e.key != key and e.key not in aliases)
        ),
    )


def _best(entries: list[Entry]) -> Entry:
    """The sighting with the most complete abstract."""
    return max(entries, key=lambda entry: (not entry.truncated, len(entry.abstract)))


def _title(entries: list[Entry]) -> str:
    """The title of the newest sighting (the highest arXiv revision, then the latest date,
    then the last read); written as the sighting with the best abstract writes it, where
    that is the same title (the two differ in case or punctuation only)."""
    if len(entries) == 1:  # most papers
        return entries[0].title
    order = {id(entry): index for index, entry in enumerate(entries)}
    newest = max(
        entries,
        key=lambda entry: (entry.ids.arxiv_version, entry.date or dt.date.min, order[id(entry)]),
    )
    best = _best(entries)
    return best.title if fold_title(best.title) == fold_title(newest.title) else newest.title


def _duplicate_problems(
    duplicates: list[Duplicate], keys: Sequence[str], papers: Sequence[Paper]
) -> list[Problem]:
    """A warning at the later sighting of each pair of papers with like titles and authors
    in common that were not joined (`papershelf.library.versions`), naming both."""
    titles = {paper.key: paper.title for paper in papers}
    problems = []
    for pair in dict.fromkeys((d.earlier, d.later) for d in duplicates):
        at = next(d.at for d in duplicates if (d.earlier, d.later) == pair)
        earlier, later = (keys[index] for index in pair)
        problems.append(
            Problem(
                at,
                f"likely the same paper as {earlier!r} ({titles[earlier]!r}) but kept apart as "
                f"{later!r} ({titles[later]!r}): the titles are alike and the author lists differ; "
                "if it is one paper, correct the authors in one of its snapshots",
            )
        )
    return problems


def _newest_first(paper: Paper) -> tuple[int, str]:
    ordinal = paper.date.toordinal() if paper.date else 0
    return (-ordinal, paper.key)
