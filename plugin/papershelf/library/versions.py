"""One paper across its versions: a sighting whose title is another's with a phrase added or
removed, by the same authors, is a revision of that paper (arXiv retitles a v2 freely, and a
text listing names no arXiv id to join them by); one with a like title and an author list
that differs but shares someone is a likely duplicate, said but not joined. Neither when the
two are certainly two papers: in one snapshot, under two arXiv ids, or years apart.

The rules are `papershelf.library.identity.retitled` and `same_authors`. Finding the
sightings to try them on must not compare every title with every other (10,000 papers):
each title is filed under its first two words and under its last two, and a retitling keeps
one of the two pairs (the shorter title has three words at least, so a phrase added after
its second word keeps the first pair, one added before it the last).
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from dataclasses import dataclass

from papershelf.library.identity import Identity, retitled, same_authors, share_an_author
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
        self._by_end: defaultdict[tuple[bool, tuple[str, ...]], list[_Filed]] = defaultdict(list)
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
        self._by_end[True, words[:2]].append(filed)
        self._by_end[False, words[-2:]].append(filed)

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
        """Titles from half as long as `words` to twice as long (a retitling adds at most as
        many words as the shorter title has), sharing its first two or its last two words,
        each once, in the order their groups were made."""
        found: dict[tuple[int, tuple[str, ...]], _Filed] = {}
        shortest, longest = (len(words) + 1) // 2, 2 * len(words)
        for end in ((True, words[:2]), (False, words[-2:])):
            for filed in self._by_end.get(end, ()):
                if shortest <= len(filed.words) <= longest:
                    found.setdefault((filed.group, filed.words), filed)
        return sorted(found.values(), key=lambda filed: filed.group)
