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
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace

from papershelf.library.identity import read_anew, Identity
from papershelf.model import Person, Problem, Sighting
from papershelf.text.rules import KEY_STOP_WORDS, ascii_fold, fold_surname, split_words

__all__ = [
    "CutRow",
    "KeyBook",
    "KeyRequest",
    "KeyRow",
    "OwnKey",
    "alias_keys",
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
    """One issued key: the paper it belongs to, and its title (for people reading the file).

    An alias row is a key issued to a paper that was later joined with another under the
    key `alias` (a revision seen apart before): the key still leads to that paper, and its
    identity still finds it."""

    key: str
    identity: Identity
    title: str = ""
    alias: str = ""


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
    others: tuple[Identity, ...] = ()
    """The identities of its other titles (a revision retitled it): each claims a row too."""


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
    namesake can. Each row goes to one paper at most. A paper seen under several titles (a
    retitled revision) may claim a row by each: it keeps the key that sorts first (a key
    file records no order of issue, and this choice depends on the keys alone, so every
    order of reading makes it; `kim2026operating` sorts before `kim2026operatinga`, which
    was issued after it), and the others become its aliases. Other papers get a key their
    sources gave them (a `.bib` file's) if it is safe and free: these first, so that a key
    the user cites is never taken by a key made for another paper. The rest get the base
    key, or on a collision `a`, `b`, ... after it in first-seen order. Keys compare
    case-insensitively (bibtex and biber do, and so do some file systems).
    `own_key_problems` says which sources' keys were not issued, and why."""
    claims = _claim_rows(requests, book)
    taken = {row.key.casefold() for row in book.rows} | {cut.key.casefold() for cut in book.cut}
    keys = [rows[0].key if (rows := claims.get(index)) else "" for index in range(len(requests))]
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


def alias_keys(book: KeyBook) -> dict[str, tuple[str, ...]]:
    """The older keys of each key, from the book's alias rows (an alias of an alias stands
    for the key at the end of the chain; one that leads to no key, or round, for none)."""
    rows = {row.key: row for row in book.rows}
    found: dict[str, list[str]] = {}
    for row in book.rows:
        if row.alias and (target := _target(row, rows)) is not None:
            found.setdefault(target.key, []).append(row.key)
    return {key: tuple(sorted(aliases)) for key, aliases in found.items()}


def _target(row: KeyRow, rows: dict[str, KeyRow]) -> KeyRow | None:
    """The row that `row` stands for: itself, or the end of its chain of aliases."""
    seen = {row.key}
    while row.alias:
        following = rows.get(row.alias)
        if following is None or following.key in seen:
            return None
        seen.add(following.key)
        row = following
    return row


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


def _claim_rows(requests: Sequence[KeyRequest], book: KeyBook) -> dict[int, list[KeyRow]]:
    """Rows claimed by arXiv id first (a revision may retitle a paper), then by identity:
    each identity of a request (its own, its other titles') claims one row at most, and each
    row goes to the first request that claims it. An alias row claims the row it stands for.
    Each request's rows come with the one whose key it keeps first (`issue_keys`)."""
    rows = {row.key: row for row in book.rows}
    by_title: defaultdict[str, list[tuple[Identity, KeyRow]]] = defaultdict(list)
    by_arxiv: dict[str, KeyRow] = {}
    for row in sorted(book.rows, key=lambda row: bool(row.alias)):  # a row's own id first
        target = _target(row, rows)
        if target is not None:
            by_title[row.identity.title].append((row.identity, target))
            if row.identity.arxiv:
                by_arxiv.setdefault(row.identity.arxiv, target)
    owner: dict[str, int] = {}
    claims: dict[int, list[KeyRow]] = {}

    def claim(index: int, row: KeyRow) -> bool:
        """Give `row` to request `index` unless another has it; whether `index` has it."""
        if owner.setdefault(row.key, index) != index:
            return False
        if row not in claims.setdefault(index, []):
            claims[index].append(row)
        return True

    done: set[tuple[int, int]] = set()  # (request, identity) pairs that have their row
    for index, request in enumerate(requests):
        claimed = by_arxiv.get(request.identity.arxiv) if request.identity.arxiv else None
        if claimed is not None and claim(index, claimed):
            done.add((index, 0))
    _claim_own_rows(requests, rows, claim, done)
    for same in (Identity.__eq__, Identity.agrees):
        for index, request in enumerate(requests):
            for number, identity in enumerate((request.identity, *request.others)):
                if (index, number) in done:
                    continue
                for known, row in by_title.get(identity.title, []):
                    if same(known, identity) and claim(index, row):
                        done.add((index, number))
                        break
    for held in claims.values():
        held.sort(key=lambda row: (row.key.casefold(), row.key))
    _claim_cut_rows(requests, book, claims)
    return claims


def _claim_own_rows(
    requests: Sequence[KeyRequest],
    rows: dict[str, KeyRow],
    claim: Callable[[int, KeyRow], bool],
    done: set[tuple[int, int]],
) -> None:
    """A row under a key a paper's source gives it goes to that paper before identities are
    matched, if its identity agrees with the paper's: two entries of one `.bib` file with one
    title and author (an article and its manuscript) each keep their own key, in any order
    of reading, where the first read would otherwise claim both rows' identity. Or if its
    identity is the paper's title read anew (`read_anew`) and agrees with no other paper's:
    a reader that now decodes `\\ensuremath{\\beta}` must not take the user's key away."""
    folded = {key.casefold(): row for key, row in rows.items()}
    by_title: defaultdict[str, list[int]] = defaultdict(list)
    for index, request in enumerate(requests):
        for identity in (request.identity, *request.others):
            by_title[identity.title].append(index)
    for index, request in enumerate(requests):
        for own in request.own:
            row = folded.get(own.key.casefold())
            target = _target(row, rows) if row is not None else None
            if row is None or target is None:
                continue
            identities = (request.identity, *request.others)
            number = next((n for n, identity in enumerate(identities) if row.identity.agrees(identity)), None)
            if number is None and read_anew(row.identity, request.identity):
                agreeing = (j for j in by_title.get(row.identity.title, []) if j != index)
                if not any(
                    row.identity.agrees(i)
                    for j in agreeing
                    for i in (requests[j].identity, *requests[j].others)
                ):
                    number = 0
            if number is not None and (index, number) not in done and claim(index, target):
                done.add((index, number))
                break


def _claim_cut_rows(requests: Sequence[KeyRequest], book: KeyBook, claims: dict[int, list[KeyRow]]) -> None:
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
            claims[named[0]] = [KeyRow(cut.key, requests[named[0]].identity)]
            keyed.add(cut.key.casefold())


def _updated_book(
    requests: Sequence[KeyRequest], keys: list[str], claims: dict[int, list[KeyRow]], book: KeyBook
) -> KeyBook:
    """The book with every key a settled paper uses, its title as the paper has it now, and
    its longest author list; the other rows a paper claimed become its aliases; rows of
    papers that left the library stay, so that their keys are never issued again."""
    rows = {row.key: row for row in book.rows}
    for index, (request, key) in enumerate(zip(requests, keys, strict=True)):
        if request.provisional:
            continue
        held = claims.get(index, [])
        known, joined = (held[0], held[1:]) if held else (None, [])
        identity = request.identity
        if known:
            # The identity of the title the row was issued for, if the paper still has it:
            # then each of its titles keeps a row that finds it.
            mine = next((i for i in request.others if i.title == known.identity.title), identity)
            longest = known.identity if len(known.identity.surnames) > len(mine.surnames) else mine
            identity = replace(longest, arxiv=identity.arxiv or known.identity.arxiv)
        rows[key] = KeyRow(key, identity, request.title)
        for row in joined:  # without its arXiv id, which its key's row has
            rows[row.key] = replace(row, identity=replace(row.identity, arxiv=""), alias=key)
    for key, row in rows.items():  # an alias of a key that became an alias: of the key kept
        if row.alias and (target := _target(row, rows)) is not None and target.key != row.alias:
            rows[key] = replace(row, alias=target.key)
    return replace(book, rows=tuple(rows.values()))


def _candidates(base: str) -> Iterator[str]:
    yield base
    for length in itertools.count(1):
        for letters in itertools.product(string.ascii_lowercase, repeat=length):
            yield base + "".join(letters)
