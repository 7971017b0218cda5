"""What makes two sightings one paper: the title, and author lists that agree.

A title alone does not identify a paper ("A Survey of Large Language Models" has been
written many times), and neither does the first author's surname (there are many Zhangs).
Two sightings are one paper when their titles fold to the same text and their author lists
agree: the first authors are the same person, and most authors of the shorter list appear in
the longer one. A shorter list is what a listing that cuts authors off ("... et al.") shows;
a surname that contains the other (`mayaki` / `zoubeirouamayaki`) is the same person read
by an older or newer rule for compound names.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from papershelf.model import Person
from papershelf.text.rules import fold_surname, fold_title, split_name

__all__ = [
    "RETITLE_SHORTER",
    "Identity",
    "identity_of",
    "read_anew",
    "retitled",
    "same_authors",
    "share_an_author",
]

_KEPT_SURNAMES = 10
"""Surnames an identity keeps: enough to tell papers apart, short enough to read in the key file."""
_MIN_CONTAINED = 4
"""A surname must be this long to count as contained in another (`li` is in `liang`, `ali`...)."""


@dataclass(frozen=True)
class Identity:
    """A paper's folded title and its authors' folded surnames, in order.

    Written to the key file as `surname;surname|title`; a file written before author lists
    counted holds one surname, which reads as a list of one."""

    title: str
    surnames: tuple[str, ...]
    arxiv: str = field(default="", compare=False)
    """The arXiv id, where a source gave one: it names the paper across revisions, so a
    retitled v2 finds its key by it (written `|arxiv:ID` after the title). Matched on its
    own, before identities are compared; not part of equality, so that a row written before
    arXiv ids were kept still matches its paper exactly."""

    def __str__(self) -> str:
        text = ";".join(self.surnames) + "|" + self.title
        return f"{text}|arxiv:{self.arxiv}" if self.arxiv else text

    @classmethod
    def parse(cls, text: str) -> Identity:
        """What `str` wrote, exactly: a surname that folds to nothing (a name in a script
        without Latin letters, `王伟`) is an empty place, kept, or the identity read back
        would not be the paper's and its key would move to a new row."""
        surnames, _, rest = text.partition("|")
        title, _, arxiv = rest.partition("|arxiv:")
        return cls(title, tuple(surnames.split(";")) if surnames else (), arxiv)

    def agrees(self, other: Identity) -> bool:
        """Whether `other` can be a sighting of the same paper."""
        return self.title == other.title and _authors_agree(self.surnames, other.surnames)


RETITLE_SHORTER = 3
"""Words the shorter title of a retitling has at least: a two-word title (`Quiet Paper`) with
words added is as often another paper of its authors as a revision of it."""
_SEQUEL_WORD = re.compile(r"v?\d+|ii|iii|iv|vi|vii|viii|ix|part|revisited|continued")
"""A word that numbers a sequel (`Part II`, `2`, `v3`): a phrase holding one names another paper."""


def retitled(one: Sequence[str], other: Sequence[str]) -> bool:
    """Whether two titles' words (`papershelf.text.rules.title_words`) are one title with a
    phrase added in one place: two words at least (one is as often a sequel, `...,
    Revisited`, as a revision), at most as many as the shorter title keeps (the longer is
    mostly the shorter), none of them numbering a sequel (`Part II`, `2`). This is what
    arXiv revisions do to titles (a subtitle dropped or added, `: A Field Report on ...`; a
    qualifier, `on NVIDIA B300`), and what two papers of one group rarely are: theirs differ
    in words changed, not only in words added (`Qwen2 Technical Report` after `Qwen
    Technical Report`)."""
    shorter, longer = sorted((one, other), key=len)
    added = len(longer) - len(shorter)
    if len(shorter) < RETITLE_SHORTER or not 2 <= added <= len(shorter):
        return False
    start = next((i for i, (a, b) in enumerate(zip(shorter, longer, strict=False)) if a != b), len(shorter))
    if list(shorter[start:]) != list(longer[start + added :]):
        return False
    return not any(_SEQUEL_WORD.fullmatch(word) for word in longer[start : start + added])


_READ_ANEW = 0.8
"""How alike (`difflib`'s ratio) two folded titles are at least to be one title read anew."""


def read_anew(one: Identity, other: Identity) -> bool:
    """Whether two identities are one paper's, its title read differently by another version
    of the readers (`\\ensuremath{\\beta}` read as math, a macro now known): authors that
    agree and titles that differ in a few characters."""
    if not _authors_agree(one.surnames, other.surnames):
        return False
    return difflib.SequenceMatcher(None, one.title, other.title).ratio() >= _READ_ANEW


def same_authors(one: tuple[str, ...], other: tuple[str, ...]) -> bool:
    """Whether two identities' surnames are one author list: as long, and each the same
    person as the one in its place (a retitled revision keeps its authors)."""
    return bool(one) and len(one) == len(other) and all(map(_same_person, one, other))


def share_an_author(one: tuple[str, ...], other: tuple[str, ...]) -> bool:
    """Whether someone is on both lists: what makes a similar title a likely duplicate
    rather than another group's paper on the same subject."""
    return any(_same_person(a, b) for a in one for b in other if a != "?")


def identity_of(title: str, authors: tuple[Person, ...]) -> Identity:
    return Identity(fold_title(title), tuple(_surname(person) for person in authors[:_KEPT_SURNAMES]))


def _surname(person: Person) -> str:
    """The surname as identities compare it: folded to ASCII where it has Latin letters (so
    that `García` and `Garcia` meet), else folded as a title is (`王伟` stays `王伟`). Never
    empty: an author whose name folds to nothing was written as no author at all, and the
    paper read back from the key file was another paper (its key moved on every build).
    Read from the name as a listing shows it, even where the source gave the family name
    apart (`Person.family`): a `.bib` entry and a listing of one paper then still meet, and
    identities remembered before family names were read still find their papers."""
    person = replace(person, family="") if person.family else person
    return fold_surname(person) or fold_title(split_name(person).last) or "?"


def _authors_agree(one: tuple[str, ...], other: tuple[str, ...]) -> bool:
    """Same first author, and more than half of the shorter list found in the longer one."""
    if not one or not other:
        return not one and not other
    if not _same_person(one[0], other[0]):
        return False
    shorter, longer = sorted((one, other), key=len)
    unmatched = list(longer)
    found = 0
    for surname in shorter:
        match = next((index for index, name in enumerate(unmatched) if _same_person(surname, name)), None)
        if match is not None:
            found += 1
            del unmatched[match]
    return 2 * found > len(shorter)


def _same_person(one: str, other: str) -> bool:
    if one == other:
        return True
    short, long = sorted((one, other), key=len)
    return len(short) >= _MIN_CONTAINED and short in long
