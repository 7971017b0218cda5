"""Citation keys: `kim2026operating`, issued once and never moved to another paper.

A key is the ASCII-folded surname of the first author, the year and the first title word
that is not a stop word. Keys are remembered in a small tab-separated file beside the
snapshots (meant to be committed): a paper whose identity is in the file keeps its key
whatever snapshots are added, renamed or re-ordered, and a key in the file is never issued
to another paper, even after its paper left the library.
"""

from __future__ import annotations

import datetime as dt
import itertools
import re
import string
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from papershelf.model import Person
from papershelf.snapshots.names import ascii_fold, split_name
from papershelf.writing import write_if_changed

__all__ = [
    "KeyBook",
    "base_key",
    "fold_title",
    "issue_keys",
    "paper_identity",
    "read_key_book",
    "render_key_book",
    "write_key_book",
]

_STOP_WORDS = frozenset(
    "a an the on of for to in and or with via from by at as is are be do does can how what why "
    "when where which who towards toward into onto under over beyond between through using "
    "about against not no its it this that these those your our we you".split()
)
_NOT_ALNUM = re.compile(r"[\W_]+")
"""What `str.isalnum` rejects: `\\w` is `isalnum` and the underscore."""
_NOT_WORD = re.compile(r"[^\w]+")  # between a title's words when a key takes one
_PART_LIMIT = 24  # a surname or title word longer than this is cut: keys stay short URLs
_HEADER = (
    "# papershelf citation keys: key<TAB>identity<TAB>title. Commit this file; keys listed here\n"
    "# never move to another paper. Edit a key only if nothing cites it yet.\n"
)


@dataclass(frozen=True)
class KeyBook:
    """Issued keys by paper identity, plus each key's title (kept for people reading the file)."""

    keys: Mapping[str, str]
    titles: Mapping[str, str]


def paper_identity(title: str, authors: tuple[Person, ...]) -> str:
    """What makes two sightings one paper: the title up to case, punctuation and accents, and
    the first author's surname (a re-used title by other people stays another paper)."""
    return f"{_folded_surname(authors)}|{fold_title(title)}"


def fold_title(text: str) -> str:
    """A title (or name) without case, accents, spaces or punctuation: how titles are compared."""
    return _NOT_ALNUM.sub("", unicodedata.normalize("NFKD", text.casefold()))


def _folded_surname(authors: tuple[Person, ...]) -> str:
    return ascii_fold(split_name(authors[0]).last) if authors else ""


def base_key(title: str, authors: tuple[Person, ...], date: dt.date | None) -> str:
    """The key before any collision suffix: surname + year + first significant title word."""
    surname = _folded_surname(authors)[:_PART_LIMIT] or "anon"
    year = str(date.year) if date else "nd"
    words = (ascii_fold(word) for word in _NOT_WORD.split(title))
    word = next((w for w in words if len(w) > 1 and w not in _STOP_WORDS), "")
    return f"{surname}{year}{word[:_PART_LIMIT]}"


def issue_keys(wanted: Iterable[tuple[str, str]], book: KeyBook) -> dict[str, str]:
    """Keys for (identity, base key) pairs in first-seen order, honouring the book.

    On a collision the later paper gets `a`, `b`, ... after the base key. Keys compare
    case-insensitively (they are lower case anyway) because bibtex and biber do.
    """
    taken = {key.lower() for key in book.keys.values()}
    issued: dict[str, str] = {}
    wanted = list(wanted)
    by_title = _unclaimed_by_title(book, {identity for identity, _ in wanted})
    for identity, base in wanted:
        known = book.keys.get(identity) or _renamed(identity, by_title)
        if known:
            issued[identity] = known
            continue
        key = next(k for k in _candidates(base) if k not in taken)
        taken.add(key)
        issued[identity] = key
    return issued


def _unclaimed_by_title(book: KeyBook, identities: set[str]) -> dict[str, tuple[str, str]]:
    """Book keys whose identity no current paper has, by title, where the title is unique.

    If a fix in name parsing changes how a first author's surname is read, the paper's
    identity changes but its title does not: it keeps its key instead of getting a new one.
    """
    counts: dict[str, int] = {}
    unclaimed: dict[str, tuple[str, str]] = {}
    for identity, key in book.keys.items():
        surname, _, title = identity.partition("|")
        counts[title] = counts.get(title, 0) + 1
        if identity not in identities:
            unclaimed[title] = (surname, key)
    return {title: entry for title, entry in unclaimed.items() if counts[title] == 1}


def _renamed(identity: str, by_title: dict[str, tuple[str, str]]) -> str | None:
    """The key of the same paper under an older reading of its first author's surname: the
    title matches and one surname contains the other (`mayaki` / `zoubeirouamayaki`), so a
    paper by someone else that happens to share the title never inherits the key."""
    surname, _, title = identity.partition("|")
    old_surname, key = by_title.get(title, ("", ""))
    related = bool(old_surname and surname) and (old_surname in surname or surname in old_surname)
    return key if related else None


def _candidates(base: str) -> Iterable[str]:
    yield base
    for length in itertools.count(1):
        for letters in itertools.product(string.ascii_lowercase, repeat=length):
            yield base + "".join(letters)


def read_key_book(path: Path) -> KeyBook:
    """Read the key file; a missing file is an empty book."""
    keys: dict[str, str] = {}
    titles: dict[str, str] = {}
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return KeyBook({}, {})
    for line in text.splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        key, _, rest = line.partition("\t")
        identity, _, title = rest.partition("\t")
        if key and identity:
            keys[identity] = key
            titles[key] = title
    return KeyBook(keys, titles)


def render_key_book(book: KeyBook) -> str:
    """The file's text: one line per key, sorted by key so that diffs stay small."""
    rows = sorted((key, identity) for identity, key in book.keys.items())
    lines = [f"{key}\t{identity}\t{book.titles.get(key, '')}" for key, identity in rows]
    return _HEADER + "".join(line + "\n" for line in lines)


def write_key_book(path: Path, book: KeyBook) -> bool:
    """Write the key file only if its text changes (a write would wake `mkdocs serve`)."""
    return write_if_changed(path, render_key_book(book))
