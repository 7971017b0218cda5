"""Citation keys: `kim2026operating`, issued once and never moved to another paper.

A key is the ASCII-folded surname of the first author, the year and the first title word
that is not a stop word. Issued keys are remembered in a key book (`papershelf.library.keyfile`
keeps it in a file meant to be committed): a paper that agrees with a row of the book keeps
that row's key whatever snapshots are added, renamed or re-ordered, and a key in the book is
never issued to another paper, even after its paper left the library.

A key names files and URLs (`papers/<key>/`) and is written into BibTeX, so a key from the
book is used only if it is a safe key (`is_safe_key`).
"""

from __future__ import annotations

import datetime as dt
import itertools
import re
import string
from collections import defaultdict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace

from papershelf.library.identity import Identity
from papershelf.model import Person, Problem, Sighting
from papershelf.text.rules import KEY_STOP_WORDS, ascii_fold, fold_surname, split_words

__all__ = [
    "CutRow",
    "KeyBook",
    "KeyRequest",
    "KeyRow",
    "OwnKey",
    "base_key",
    "is_safe_key",
    "issue_keys",
    "own_key_problems",
]

_PART_LIMIT = 24  # a surname or title word longer than this is cut: keys stay short URLs
_SAFE_KEY = re.compile(r"(?=.{1,80}$)[A-Za-z0-9][A-Za-z0-9_-]*(?:\.[A-Za-z0-9_-]+)*")
"""Letters, digits, `-` and `_`, and single dots between them (`Ronnow.2014.Defining`, as
Better BibTeX may write): what bibtex, biber and pandoc accept in a key, what a file name
and a URL path segment hold unchanged on every system; never `/`, `..` or a final dot."""
RESERVED_KEYS = frozenset(
    ["index", "page"]  # `papers/index.md` and `papers/page/2/` are the paged list of all papers
    + ["con", "prn", "aux", "nul"]  # names Windows reserves for devices
    + [f"{device}{n}" for device in ("com", "lpt") for n in range(10)]
    + ["0"]  # biber skips an entry keyed `0` ("Invalid or undefined BibTeX entry key": Perl's false)
)


def is_safe_key(key: str) -> bool:
    """Whether `key` may name a paper's files and URLs and be written into BibTeX."""
    return bool(_SAFE_KEY.fullmatch(key)) and key.casefold() not in RESERVED_KEYS


def _unsafe_part(key: str) -> str:
    """What makes a key unsafe, said for the user who wrote it (`DBLP:conf/x/Y20`)."""
    odd = dict.fromkeys(char for char in key if not (char.isascii() and (char.isalnum() or char in "._-")))
    if odd:
        return "it holds " + ", ".join(repr(char) for char in odd)
    if key.casefold() in RESERVED_KEYS:
        return "the site or the system uses that name"
    if len(key) > 80:
        return "it is longer than 80 characters"
    return "a key begins with a letter or digit and has single dots between its parts"


@dataclass(frozen=True)
class KeyRow:
    """One issued key: the paper it belongs to, and its title (for people reading the file)."""

    key: str
    identity: Identity
    title: str = ""


@dataclass(frozen=True)
class CutRow:
    """A line of the file that does not read whole (cut short, a field missing): its key, and
    its identity as far as the line goes (`kim;lee|operatingmu`)."""

    key: str
    start: str


@dataclass(frozen=True)
class KeyBook:
    """Issued keys, plus what was wrong with the file they came from.

    `writable` is false when writing the book back would lose something the file holds
    (lines in conflict, a key that is not safe, a line cut short): the file then stays as it
    is until the user fixes it, and the problems say where. The keys of `cut` lines are
    issued to no other paper meanwhile."""

    rows: tuple[KeyRow, ...] = ()
    problems: tuple[Problem, ...] = ()
    writable: bool = True
    cut: tuple[CutRow, ...] = ()


@dataclass(frozen=True)
class OwnKey:
    """A key a paper's source gave it (a `.bib` entry's, a CSL item's), and where."""

    key: str
    at: Sighting


@dataclass(frozen=True)
class KeyRequest:
    """A paper that needs a key. A provisional paper (read from a file still being written,
    or with no date or no authors yet) gets a key that is not added to the book, so that a
    key made from half its data is never remembered."""

    identity: Identity
    base: str
    title: str
    provisional: bool = False
    own: tuple[OwnKey, ...] = ()
    """The keys the paper's sources gave it (a `.bib` file's, a CSL file's), in first-seen
    order: the first that is safe and free is issued."""


def base_key(title: str, authors: tuple[Person, ...], date: dt.date | None) -> str:
    """The key before any collision suffix: surname + year + first significant title word.

    In a key an underscore joins words (`Fast_Attention` gives `fastattention`), unlike
    everywhere else (`papershelf.text.rules.split_words`): keys were first made so, and stay so."""
    surname = (fold_surname(authors[0]) if authors else "")[:_PART_LIMIT] or "anon"
    year = str(date.year) if date else "nd"
    folded = (ascii_fold(word) for word in split_words(title.replace("_", "")))
    word = next((w for w in folded if len(w) > 1 and w not in KEY_STOP_WORDS), "")
    return f"{surname}{year}{word[:_PART_LIMIT]}"


def issue_keys(requests: Sequence[KeyRequest], book: KeyBook) -> tuple[list[str], KeyBook]:
    """Keys for `requests` (in first-seen order) and the book that remembers them.

    A paper keeps the key of a book row it agrees with: the same identity first, then one
    that agrees (`Identity.agrees`), so that a row is claimed by its own paper before a
    namesake can. Each row goes to one paper at most. Other papers get a key their sources
    gave them (a `.bib` file's) if it is safe and free: these first, so that a key the user
    cites is never taken by a key made for another paper. The rest get the base key, or on a
    collision `a`, `b`, ... after it in first-seen order. Keys compare case-insensitively
    (bibtex and biber do, and so do some file systems). `own_key_problems` says which
    sources' keys were not issued, and why."""
    claims = _claim_rows(requests, book)
    taken = {row.key.casefold() for row in book.rows} | {cut.key.casefold() for cut in book.cut}
    keys = [row.key if (row := claims.get(index)) else "" for index in range(len(requests))]
    for index, request in enumerate(requests):
        if not keys[index]:
            usable = (own.key for own in request.own if is_safe_key(own.key))
            keys[index] = next((key for key in usable if key.casefold() not in taken), "")
            taken.add(keys[index].casefold())  # "" when none is: never a key
    for index, request in enumerate(requests):
        if not keys[index]:
            keys[index] = next(k for k in _candidates(request.base) if k.casefold() not in taken)
            taken.add(keys[index].casefold())
    return keys, _updated_book(requests, keys, claims, book)


def own_key_problems(requests: Sequence[KeyRequest], keys: Sequence[str], book: KeyBook) -> list[Problem]:
    """A warning at each source's key that its paper did not get (`issue_keys`, from `book`
    as it was before): which key the paper has instead, and why. A user cites a paper by the
    key of their library; a paper exported under another key must never go unnoticed."""
    in_book = {key.casefold(): key for key in [row.key for row in book.rows] + [cut.key for cut in book.cut]}
    given = {
        key.casefold(): own
        for request, key in zip(requests, keys, strict=True)
        for own in request.own
        if own.key == key
    }
    problems = []
    for request, key in zip(requests, keys, strict=True):
        for own in request.own:
            if own.key != key:
                why = _why_not_issued(own, key, request, given, in_book)
                problems.append(Problem(own.at, f"key {own.key!r} {why}; this paper is {key!r}"))
    return problems


def _why_not_issued(
    own: OwnKey, key: str, request: KeyRequest, given: dict[str, OwnKey], in_book: dict[str, str]
) -> str:
    """Why `request` has `key` and not its source's `own` key. `given` holds the source keys
    papers have, `in_book` the key file's keys, both by case-folded key."""
    if not is_safe_key(own.key):
        return f"cannot be a page's URL and file name ({_unsafe_part(own.key)})"
    if key.casefold() in in_book:
        return (
            "is not the key the key file gives this paper, and keys there never move "
            "(change it there if nothing cites it yet)"
        )
    holder = given.get(own.key.casefold())
    if holder is not None and holder not in request.own:
        return _taken(own.key, holder.key, f"at {holder.at}")
    if own.key.casefold() in in_book:
        return _taken(own.key, in_book[own.key.casefold()], "in the key file")
    mine = next((other for other in request.own if other.key == key), own)
    return f"is a second key for this paper, first keyed at {mine.at}"


def _taken(key: str, other: str, where: str) -> str:
    if key == other:
        return f"is already the key of another paper, {where}"
    return (
        f"differs only in case from {other!r}, the key of another paper {where} "
        f"(bibtex and biber compare keys ignoring case)"
    )


def _claim_rows(requests: Sequence[KeyRequest], book: KeyBook) -> dict[int, KeyRow]:
    """Rows claimed by arXiv id first (a revision may retitle a paper), then by identity."""
    by_title: defaultdict[str, list[KeyRow]] = defaultdict(list)
    for row in book.rows:
        by_title[row.identity.title].append(row)
    by_arxiv = {row.identity.arxiv: row for row in book.rows if row.identity.arxiv}
    claims: dict[int, KeyRow] = {}
    for index, request in enumerate(requests):
        claimed = by_arxiv.pop(request.identity.arxiv, None) if request.identity.arxiv else None
        if claimed is not None:
            claims[index] = claimed
            by_title[claimed.identity.title].remove(claimed)
    for same in (Identity.__eq__, Identity.agrees):
        for index, request in enumerate(requests):
            if index in claims:
                continue
            rows = by_title.get(request.identity.title, [])
            agreeing = next((row for row in rows if same(row.identity, request.identity)), None)
            if agreeing is not None:
                claims[index] = agreeing
                rows.remove(agreeing)
    _claim_cut_rows(requests, book, claims)
    return claims


def _claim_cut_rows(requests: Sequence[KeyRequest], book: KeyBook, claims: dict[int, KeyRow]) -> None:
    """A cut line's key goes to the one paper left whose identity the line begins, if only one
    does (two would make it a guess), and only if the line holds the surnames whole and the
    title begun: cut inside the surnames, it could as well name a namesake's paper. Never to
    a paper another row already keys."""
    if not book.cut:  # nearly always: then nothing to index
        return
    by_authors: defaultdict[str, list[int]] = defaultdict(list)
    for index, request in enumerate(requests):
        if index not in claims:
            by_authors[";".join(request.identity.surnames)].append(index)
    keyed = {row.key.casefold() for row in book.rows}
    for cut in book.cut:
        authors, bar, title = cut.start.partition("|")
        if not (bar and title) or cut.key.casefold() in keyed:
            continue
        named = [
            index
            for index in by_authors.get(authors, [])
            if index not in claims and str(requests[index].identity).startswith(cut.start)
        ]
        if len(named) == 1:
            claims[named[0]] = KeyRow(cut.key, requests[named[0]].identity)
            keyed.add(cut.key.casefold())


def _updated_book(
    requests: Sequence[KeyRequest], keys: list[str], claims: dict[int, KeyRow], book: KeyBook
) -> KeyBook:
    """The book with every key a settled paper uses, its title as the paper has it now, and
    its longest author list; rows of papers that left the library stay, so that their keys
    are never issued again."""
    rows = {row.key: row for row in book.rows}
    for index, (request, key) in enumerate(zip(requests, keys, strict=True)):
        if request.provisional:
            continue
        known = claims.get(index)
        identity = request.identity
        if known:
            longest = known.identity if len(known.identity.surnames) > len(identity.surnames) else identity
            identity = replace(longest, arxiv=identity.arxiv or known.identity.arxiv)
        rows[key] = KeyRow(key, identity, request.title)
    return replace(book, rows=tuple(rows.values()))


def _candidates(base: str) -> Iterator[str]:
    yield base
    for length in itertools.count(1):
        for letters in itertools.product(string.ascii_lowercase, repeat=length):
            yield base + "".join(letters)
