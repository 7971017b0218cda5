"""One paper across its versions: a sighting whose title is another's with a phrase added or
removed, by the same authors, is a revision of that paper (arXiv retitles a v2 freely, and a
text listing names no arXiv id to join them by); one with a like title and an author list
that differs but shares someone is a likely duplicate, said but not joined. Neither when the
two are certainly two papers: in one snapshot, under two arXiv ids, or years apart.

The rules are `papershelf.library.identity.retitled` and `same_authors`. Finding the
sightings to try them on must not compare every title with every other, nor with every
title that begins or ends alike: at 10,000 papers thousands of titles end `for large
language models` or begin `On the`, and filing titles by their first two or last two words
took 840,000 comparisons there, more than half of the merge's time. A retitling adds its
phrase in one of three places, and each has an exact key:
- inside the title: the two titles begin with one word and end with one word;
- at the end: the shorter title is the longer one's beginning;
- at the start: the shorter title is the longer one's end.
So each title is filed under its first and last words, and under each of its beginnings and
ends that a shorter version of it could be (`_cut_lengths`), and looked up by the same.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from dataclasses import dataclass

from papershelf.library.identity import RETITLE_SHORTER, Identity, retitled, same_authors, share_an_author
from papershelf.model import Entry, Sighting
from papershelf.text.rules import title_words

__all__ = ["Duplicate", "VersionIndex"]


@dataclass(frozen=True)
class Duplicate:
    """A sighting (`at`, in group `later`) whose title is like that of group `earlier`, by
    other authors: the two stay two papers, and the user is told."""

    earlier: int
    later: int
    at: Sighting


_REVISION_SPAN = dt.timedelta(days=366)
"""How far apart the dates of a paper's versions may be: arXiv retitles a paper in a revision
within months. Papers years apart with alike titles are another paper on the subject (`The
existence of designs`, 2014, and `A short proof of the existence of designs`, 2024, both by
Peter Keevash)."""


@dataclass(frozen=True)
class _Filed:
    group: int
    words: tuple[str, ...]
    identity: Identity
    arxiv: str
    date: dt.date | None


class VersionIndex:
    """The titles of the groups of sightings made so far (`papershelf.library.merge`)."""

    def __init__(self) -> None:
        self._by_ends: defaultdict[tuple[str, str], list[_Filed]] = defaultdict(list)
        self._by_title: defaultdict[tuple[str, ...], list[_Filed]] = defaultdict(list)
        self._by_start: defaultdict[tuple[str, ...], list[_Filed]] = defaultdict(list)
        self._by_end: defaultdict[tuple[str, ...], list[_Filed]] = defaultdict(list)
        self._seen: set[tuple[int, tuple[str, ...]]] = set()
        self._files: defaultdict[int, set[str]] = defaultdict(set)

    def file(self, group: int, entry: Entry, identity: Identity) -> None:
        """Remember that group `group` holds `entry`, whose identity is `identity` (each
        title of a group once: its other sightings add nothing to find it by)."""
        self._files[group].add(entry.source.file)
        words = tuple(title_words(entry.title))
        if not words or (group, words) in self._seen:
            return
        self._seen.add((group, words))
        filed = _Filed(group, words, identity, entry.ids.arxiv, entry.date)
        self._by_ends[words[0], words[-1]].append(filed)
        self._by_title[words].append(filed)
        for length in _cut_lengths(len(words)):
            self._by_start[words[:length]].append(filed)
            self._by_end[words[-length:]].append(filed)

    def version_of(self, entry: Entry, identity: Identity) -> tuple[int | None, list[int]]:
        """The group `entry` is a retitled revision of (the first made, if several), if any;
        and the groups with a like title by other authors, one of whom is on both lists."""
        words = tuple(title_words(entry.title))
        joined: int | None = None
        alike: list[int] = []
        for filed in self._candidates(words) if words else ():
            if not (filed.words == words or retitled(filed.words, words)) or self._apart(filed, entry):
                continue
            if joined is None and same_authors(filed.identity.surnames, identity.surnames):
                joined = filed.group
            elif share_an_author(filed.identity.surnames, identity.surnames):
                alike.append(filed.group)
        return joined, alike

    def _apart(self, filed: _Filed, entry: Entry) -> bool:
        """Whether `entry` is certainly another paper than the filed sighting's, whatever the
        titles: one snapshot lists a paper once (a library file holding `The 100 most
        influential people of 2019` and `Caster Semenya: The 100 most influential people of
        2019` holds two items), arXiv gave them two ids, or their dates are years apart."""
        return (
            entry.source.file in self._files[filed.group]
            or bool(entry.ids.arxiv and filed.arxiv and entry.ids.arxiv != filed.arxiv)
            or bool(entry.date and filed.date and abs(entry.date - filed.date) > _REVISION_SPAN)
        )

    def _candidates(self, words: tuple[str, ...]) -> list[_Filed]:
        """The filed titles `words` could be a retitling of (see the module's docstring):
        those that begin and end as it does, those it is the beginning or the end of, and
        those that are its beginning or its end; each once, in the order their groups were
        made."""
        found: dict[tuple[int, tuple[str, ...]], _Filed] = {}
        shorter = [words[:length] for length in _cut_lengths(len(words))]
        shorter += [words[-length:] for length in _cut_lengths(len(words))]
        for filed_list in (
            self._by_ends.get((words[0], words[-1]), ()),
            self._by_start.get(words, ()),
            self._by_end.get(words, ()),
            *(self._by_title.get(cut, ()) for cut in shorter),
        ):
            for filed in filed_list:
                found.setdefault((filed.group, filed.words), filed)
        return sorted(found.values(), key=lambda filed: filed.group)


def _cut_lengths(length: int) -> range:
    """The lengths a shorter version of a title of `length` words can have: at least three
    words and half the longer title, at least two words fewer (`retitled`)."""
    return range(max(RETITLE_SHORTER, (length + 1) // 2), length - 1)
