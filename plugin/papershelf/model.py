"""The data model: frozen dataclasses that flow one way, snapshot -> Listing -> Library.

Text fields hold Unicode with LaTeX already decoded, except math: a span between unescaped
`$...$` is kept as LaTeX source so that each output can render it its own way (MathML on
pages, braced math in BibTeX). A literal dollar sign is kept as `\\$`.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from functools import cached_property


@dataclass(frozen=True, order=True, slots=True)
class Sighting:
    """Where an entry was seen: a snapshot file (relative name) and the 1-based line of its title."""

    file: str
    line: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}"


@dataclass(frozen=True, slots=True)
class Person:
    """An author as listed: a display name, the affiliation written after it, and whether the
    name is an organisation (kept whole, never split into first and last names)."""

    name: str
    affiliation: str | None = None
    corporate: bool = False
    family: str = ""
    """The family name with its particles, where the source gave it apart from the given
    names (`Del Santo` of a `.bib` file's `Del Santo, Flavio`): the end of `name` (before a
    `, Jr.`). Empty for a name read from a line, which `papershelf.text.rules.split_name`
    splits by rule (and would read `Flavio Del Santo` as `Santo`)."""


@dataclass(frozen=True)
class Problem:
    """Something in a snapshot that could not be read fully; reported as a warning."""

    source: Sighting
    message: str

    def __str__(self) -> str:
        return f"{self.source}: {self.message}"


DAY, MONTH, YEAR = "day", "month", "year"
"""How much of a date a source gave: a listing gives the day; a `.bib` file may give only
the year (the date is then the first day of that year or month, shown as given)."""
PRECISIONS = (YEAR, MONTH, DAY)


def iso_date(date: dt.date, precision: str = DAY) -> str:
    """`2019`, `2019-12` or `2019-12-10`: ISO 8601 to the precision the source gave."""
    return date.isoformat()[: {YEAR: 4, MONTH: 7}.get(precision, 10)]


def date_parts(date: dt.date, precision: str = DAY) -> list[int]:
    """`[2019]`, `[2019, 12]` or `[2019, 12, 10]`, as CSL writes dates."""
    return [date.year, date.month, date.day][: PRECISIONS.index(precision) + 1]


@dataclass(frozen=True, slots=True)
class Identifiers:
    """Where a paper is found, as far as a source says; "" where it does not say.

    `arxiv` is the identifier without its version (`2603.03383`, `hep-th/9901001`), which
    names the paper across revisions; `arxiv_version` the revision a source showed (0 if
    none); `url` the paper's landing page, `pdf_url` its PDF."""

    arxiv: str = ""
    arxiv_version: int = 0
    primary_class: str = ""
    doi: str = ""
    url: str = ""
    pdf_url: str = ""

    def __bool__(self) -> bool:
        return any((self.arxiv, self.doi, self.url, self.pdf_url))

    def merged(self, other: Identifiers) -> Identifiers:
        """These, with what only `other` knows added (the newest arXiv revision wins)."""
        newer = other.arxiv == self.arxiv and other.arxiv_version > self.arxiv_version
        return Identifiers(
            arxiv=self.arxiv or other.arxiv,
            arxiv_version=other.arxiv_version if newer or not self.arxiv else self.arxiv_version,
            primary_class=self.primary_class or other.primary_class,
            doi=self.doi or other.doi,
            url=self.url or other.url,
            pdf_url=self.pdf_url or other.pdf_url,
        )


# The kinds of `Venue`, named as BibTeX names their entry types.
ARTICLE, PROCEEDINGS = "article", "inproceedings"
BOOK, CHAPTER, THESIS, MASTERS_THESIS, REPORT = (
    "book",
    "incollection",
    "phdthesis",
    "mastersthesis",
    "techreport",
)
CONTAINED = frozenset({ARTICLE, PROCEEDINGS, CHAPTER})
"""The kinds of paper that are part of something else (a journal, proceedings, a book)."""


@dataclass(frozen=True, slots=True)
class Venue:
    """Where a paper was published, as a library the user keeps says: in a journal
    (`ARTICLE`), a conference's proceedings (`PROCEEDINGS`) or a book (`CHAPTER`), named by
    `container`; or as a book, a thesis or a report of its own. The volume, issue (a
    report's number) and pages are given, and who published it (`publisher`: a thesis's
    school, a report's institution); each "" where not, pages as `110-114`. Listings of
    latest papers say none: their papers are preprints."""

    kind: str
    container: str
    volume: str = ""
    number: str = ""
    pages: str = ""
    publisher: str = ""

    @property
    def page_range(self) -> tuple[str, str]:
        """The first and the last page ("" where not given)."""
        first, _, last = self.pages.partition("-")
        return first, last


@dataclass(frozen=True, slots=True)
class Entry:
    """One listing item exactly as one snapshot shows it."""

    title: str
    authors: tuple[Person, ...]
    date: dt.date | None
    abstract: str
    truncated: bool
    topic: str
    source: Sighting
    authors_truncated: bool = False
    provisional: bool = False
    """Read from a file still being written, or missing its date or authors: the paper's key
    is not remembered until a reading without these problems (see `papershelf.library.keys`)."""
    ids: Identifiers = Identifiers()
    date_precision: str = DAY
    key: str = ""
    """The citation key the source gave the paper (a `.bib` file's own), if any."""
    venue: Venue | None = None
    cased: tuple[str, ...] = ()
    """Words of the title whose capitals the source protected from a style's lower-casing
    (a `.bib` file's `{L}ondon`, `{{Poincare}}`): the exports protect them too."""
    editors: tuple[Person, ...] = ()
    """Who edited the book or proceedings, where a library says (`editor`): a book of
    editors only has them in place of authors."""
    read_as: tuple[str, ...] = ()
    """The title as an earlier version of its reader read it (a CSL-JSON title's rich text
    was once read as text): a key issued for that reading still finds the paper."""


@dataclass(frozen=True)
class Listing:
    """Everything read from one snapshot file: `found` entry-like items, of which `entries`
    could be kept (an item without a title cannot be), what went wrong, and `notes` on how
    it was read that are worth saying but are no problem (the encoding assumed)."""

    file: str
    topic: str
    entries: tuple[Entry, ...]
    problems: tuple[Problem, ...] = ()
    found: int = 0
    notes: tuple[Problem, ...] = ()
    cut_off: bool = False
    """Whether the file ends inside an item (a title with nothing after it), as one that is
    still being written does: it is read again rather than kept (see `SnapshotFolder`)."""


SOURCES = frozenset({"Google Scholar alerts", "Hugging Face papers", "Hugging Face daily papers"})
"""Listing topics that name where papers came from, not what they are about: no topic, and
no field of a paper. The readers' `TOPIC`s (`papershelf.snapshots.scholar`, ...), spelled
here rather than imported: those modules import an HTML parser that a library of copied
text never needs."""


@dataclass(frozen=True, slots=True)
class Paper:
    """One paper after merging every sighting of it across snapshots."""

    key: str
    title: str
    authors: tuple[Person, ...]
    date: dt.date | None
    abstract: str
    truncated: bool
    topics: tuple[str, ...]
    sightings: tuple[Sighting, ...]
    authors_truncated: bool = False
    ids: Identifiers = Identifiers()
    date_precision: str = DAY
    other_titles: tuple[str, ...] = ()
    """The titles other sightings gave it (a revision retitled it), first seen first: the
    page says "also listed as"."""
    aliases: tuple[str, ...] = ()
    """Keys issued to it before its versions were joined: each still leads to it (a
    redirect page, a citation, a reading-list entry; `papershelf.library.keys`)."""
    venue: Venue | None = None
    cased: tuple[str, ...] = ()
    """Words of its titles whose capitals a source protected (`Entry.cased`)."""
    editors: tuple[Person, ...] = ()
    """Who edited it, or the book or proceedings it is in (`Entry.editors`)."""
    library_keys: tuple[str, ...] = ()
    """Keys a library you keep gives it that are not its key: one that cannot be a page's
    name (INSPIRE's `Aamodt:2011mr`), or a second file's. No page answers to them, but
    biblatex lets a document cite the paper by them (`ids`, `papershelf.export.bibtex`)."""


@dataclass(frozen=True)
class Library:
    """All papers of a snapshot folder, newest first, plus what went wrong while reading it."""

    papers: tuple[Paper, ...]
    listings: tuple[Listing, ...]
    problems: tuple[Problem, ...] = ()

    def __post_init__(self) -> None:
        """No output may ever hold two papers under one key: a page, a `.bib` entry and a
        citation would silently lose one. Keys compare as bibtex and file systems do."""
        keys = {paper.key.casefold() for paper in self.papers}
        if len(keys) != len(self.papers):
            raise ValueError("two papers share a citation key")

    @cached_property
    def by_key(self) -> dict[str, Paper]:
        return {paper.key: paper for paper in self.papers}

    @cached_property
    def aliases(self) -> dict[str, str]:
        """The paper key each older key stands for."""
        return {alias: paper.key for paper in self.papers for alias in paper.aliases}

    def resolve(self, key: str) -> str:
        """The key a citation of `key` means: its paper's, if `key` is an older one."""
        return self.aliases.get(key, key)

    @property
    def entries_read(self) -> int:
        return sum(len(listing.entries) for listing in self.listings)
