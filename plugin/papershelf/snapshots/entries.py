"""From the fields a reader found to an Entry: shared by every snapshot format, so that text
and HTML snapshots decode, split and report problems in exactly the same way."""

from __future__ import annotations

import datetime as dt
import html
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from papershelf.library.identifiers import issued_month, link_problems, web_ids
from papershelf.model import CONTAINED, DAY, MONTH, YEAR, Entry, Identifiers, Person, Problem, Sighting, Venue
from papershelf.snapshots.dates import DateReading, read_date
from papershelf.snapshots.latex import decode_latex
from papershelf.snapshots.names import AuthorLine, parse_authors
from papershelf.text.rules import split_math

if TYPE_CHECKING:  # the page readers pass their tags; the text readers never import bs4
    from bs4 import Tag

__all__ = [
    "NOT_A_PAPER",
    "NO_AUTHOR_LINE",
    "RawEntry",
    "as_later_version",
    "build_entry",
    "clean_space",
    "gathered",
    "library_date",
    "library_entry",
    "line_numbers",
    "published",
    "tag_text",
]

NOT_A_PAPER = "not a paper: "
"""How a listing reader's warning begins when an item it found is no paper (and so is skipped)."""
NO_AUTHOR_LINE = NOT_A_PAPER + "no author line; skipped"
"""What a listing reader says of an item with a title and no author line at all: a bullet
of notes, a blog post, a menu. It is no paper (the rest of the file still is), and a file
whose every item is such is no listing (see `papershelf.snapshots.reader`)."""

_ELLIPSES = ("…", "...")
_PAGE_RANGE = re.compile(r"\s*(?:-+|–|—)\s*")
"""Between a range's pages: `110--114`, `110–114` and `110 - 114` are `110-114`."""
_SPACES = re.compile(r"[\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000\t]")
_INVISIBLE = re.compile(r"[\u200b-\u200d\u2060\ufeff]")


def clean_space(text: str) -> str:
    """Exotic spaces become spaces; zero-width characters (copy noise) go."""
    return _INVISIBLE.sub("", _SPACES.sub(" ", text))


def tag_text(tag: Tag) -> str:
    """A saved page's element as one line of text, its spaces cleaned (`clean_space`)."""
    return " ".join(clean_space(tag.get_text(" ", strip=True)).split())


@dataclass(frozen=True)
class RawEntry:
    """One entry's fields as listing text. `authors` is None when there was no author line;
    `date` is a date when the page gave one machine-readably (`<time datetime>`)."""

    title: str
    title_at: Sighting
    authors: str | None
    authors_at: Sighting
    date: str | dt.date | None
    abstract: str
    ids: Identifiers = field(default_factory=Identifiers)
    date_precision: str = DAY
    """How much of `date` (a date) the source gave: a `.bib` file may give only the year."""
    any_age: bool = False
    """From a library the user keeps (`.bib`, CSL-JSON), not a listing of latest papers: a
    paper from 1981 is no typo there."""
    abstract_expected: bool = True
    """False where the source may rightly give none (a replacement in an arXiv listing, a
    library entry): a missing abstract is then no problem."""
    date_expected: bool = True
    """False where the source may rightly give none (a library entry, an alert whose day is
    said once for the file): a missing date is then no problem (the paper is undated)."""
    venue: Venue | None = None
    """Where a library the user keeps says the paper was published (`published`)."""
    cased: tuple[str, ...] = ()
    """Words of the title whose capitals the source protected (`Entry.cased`)."""
    abstract_cut: bool = False
    """True where the source cut the abstract without an ellipsis to say so (a page that
    cuts every summary at one length): it is then marked cut short all the same."""
    complete_undated: bool = False
    """True for a library the user keeps: an entry its source gives no date is complete
    there, and its key is remembered. A listing item without one is not: a later snapshot
    may show its date, and a key remembered without the year would stay so for good."""
    editors: str = ""
    """The editors, as `authors` writes the authors (a library's `editor`)."""
    read_as: tuple[str, ...] = ()
    """The title as earlier readers read it, where that differs (`Entry.read_as`)."""
    families: tuple[tuple[str, str], ...] = ()
    """Where the source gives each author's family name apart (`.bib`, RIS, CSL-JSON): pairs
    of a name as `authors` writes it and its family part (`Flavio Del Santo`, `Del Santo`),
    or the whole name for one that has no given names (`{Kantar Public}`)."""


def build_entry(raw: RawEntry, topic: str) -> tuple[Entry, list[Problem]]:
    """Decode and split the fields; what is missing or unreadable becomes a Problem.

    An entry is provisional when what its identity and key are made of may read
    differently later: no author line, no authors, no date it can keep (unless the source
    rightly gives none, `complete_undated`), an author list cut inside a parenthesis, or a
    title or name holding undecodable text (`�`, reported at its line by the reader). A link
    that is no web address and a DOI that is no DOI are left out, each a Problem at the
    entry's line (`papershelf.library.identifiers.web_ids`)."""
    problems = [Problem(raw.title_at, message) for message in link_problems(raw.ids)]
    editors = _people(raw.editors, raw.families).persons
    if raw.authors is None and not editors:  # a book of editors only has no authors, rightly
        problems.append(Problem(raw.title_at, "entry has no author line"))
    reading = (
        read_date(raw.date, any_age=raw.any_age)
        if raw.date
        else DateReading(None, "no date after the authors" if raw.date_expected else None)
    )
    if raw.authors is not None and reading.warning:  # else the missing author line says enough
        problems.append(Problem(raw.authors_at, reading.warning))
    authors = _people(raw.authors or "", raw.families)
    problems += [Problem(raw.authors_at, message) for message in authors.problems]
    if raw.authors is not None and not authors.persons and not editors:
        problems.append(Problem(raw.authors_at, "no authors"))
    abstract, truncated = _abstract(raw.abstract)
    truncated = truncated or (raw.abstract_cut and bool(abstract))
    if raw.authors is not None and not abstract and raw.abstract_expected:
        problems.append(Problem(raw.title_at, "entry has no abstract"))
    title = " ".join(decode_latex(raw.title).split())  # a RIS title may hold `Bowel  Disease`
    undated = reading.date is None and not (raw.complete_undated and raw.date is None)
    undecodable = any("\ufffd" in text for text in (title, *(person.name for person in authors.persons)))
    entry = Entry(
        title=title,
        authors=authors.persons,
        date=reading.date,
        abstract=abstract,
        truncated=truncated,
        topic=topic,
        source=raw.title_at,
        authors_truncated=authors.truncated,
        provisional=undated or not (authors.persons or editors) or bool(authors.problems) or undecodable,
        ids=web_ids(raw.ids),
        date_precision=raw.date_precision if isinstance(raw.date, dt.date) else DAY,
        venue=raw.venue,
        cased=raw.cased,
        editors=editors,
        read_as=tuple(" ".join(decode_latex(earlier).split()) for earlier in raw.read_as),
    )
    return entry, problems


def _people(line: str, families: tuple[tuple[str, str], ...]) -> AuthorLine:
    """The people of an author (or editor) line, with the family names the source gave apart."""
    people = parse_authors(line)
    if not families:
        return people
    given = {" ".join(name.split()): family for name, family in families}
    return replace(people, persons=_with_families(people.persons, given))


def as_later_version(raw: RawEntry) -> RawEntry:
    """An arXiv entry announced as a later version of its paper (replaced, updated): the day
    it was announced is not the paper's, so it is dated by the month its identifier was
    issued (`1502.05743`: February 2015), and joins the paper's earlier sightings by id."""
    issued = issued_month(raw.ids.arxiv)
    return replace(raw, date=issued, date_precision=MONTH, any_age=True) if issued else raw


def line_numbers(text: str, offsets: Sequence[int]) -> list[int]:
    """The 1-based line of each offset (in increasing order), counting each stretch of text
    once: counting from the start for every entry made a large `.bib` file quadratic."""
    lines, line, previous = [], 1, 0
    for offset in offsets:
        line += text.count("\n", previous, offset)
        lines.append(line)
        previous = offset
    return lines


def gathered(read: Iterable[tuple[Entry | None, list[Problem]]]) -> tuple[list[Entry], list[Problem]]:
    """The entries of a file's items, each read as (entry or None if skipped, problems)."""
    entries: list[Entry] = []
    problems: list[Problem] = []
    for entry, found in read:
        problems += found
        if entry is not None:
            entries.append(entry)
    return entries, problems


def _with_families(persons: tuple[Person, ...], families: dict[str, str]) -> tuple[Person, ...]:
    """The persons with the family names their source gave apart (`RawEntry.families`),
    where the name ends with it; a name that is all family name (`{Kantar Public}`, `von
    Neumann`) keeps it whole too, and is written so (`{Kantar Public}`), not split before
    its last word."""
    given: list[Person] = []
    for person in persons:
        family = " ".join(families.get(person.name, "").split())
        name = person.name.partition(", ")[0]
        if family and (family == name or name.endswith(" " + family)):
            person = replace(person, family=family)
        given.append(person)
    return tuple(given)


def library_entry(raw: RawEntry, key: str = "") -> tuple[Entry, list[Problem]]:
    """An entry of a library the user keeps (`.bib`, CSL-JSON, RIS), under the `key` it gives:
    no listing topic, and no abstract or no date is no problem there (many entries have none);
    one with a title and authors is complete without a date."""
    kept = replace(
        raw,
        abstract=without_markup(raw.abstract),
        abstract_expected=False,
        date_expected=False,
        complete_undated=True,
    )
    entry, problems = build_entry(kept, "")
    return replace(entry, key=key), problems


_ATTRIBUTES = r"""(?:\s+[\w:-]+=(?:"[^"]*"|'[^']*'|[^\s"'<>]+))*\s*/?>"""
"""A tag's attributes, each `name=value`: `a<b and c>d` is text, not a tag `b`."""
_BLOCK_MARKUP = re.compile(
    r"<jats:title>\s*(?:Abstract|Summary)\s*</jats:title>"
    r"|</?(?:jats:(?:p|sec|title|list|list-item|abstract)|p|br|div|li|ul|ol|h[1-6])" + _ATTRIBUTES,
    re.IGNORECASE,
)
_INLINE_MARKUP = re.compile(
    r"</?(?:jats:[a-z-]+|span|strong|b|em|i|u|sup|sub|sc|italic|bold|a|font)" + _ATTRIBUTES, re.IGNORECASE
)


def without_markup(abstract: str) -> str:
    """An abstract without the HTML or JATS tags a library carries over from the publisher
    (Crossref's `<jats:p>`, a RIS export's `<p>`, Zotero's `<strong>`): a space for a tag
    that parts paragraphs, none for one inside a word (`CO<sub>2</sub>` is `CO2`), and its
    entities read (`&lt;`); math (`$a<b>c$`) and any other `<` and `>` are kept."""
    if "<" not in abstract or not (_BLOCK_MARKUP.search(abstract) or _INLINE_MARKUP.search(abstract)):
        return abstract
    return "".join(
        f"${run}$" if is_math else html.unescape(_INLINE_MARKUP.sub("", _BLOCK_MARKUP.sub(" ", run)))
        for is_math, run in split_math(abstract)
    )


def published(
    kind: str, container: str, volume: str = "", number: str = "", pages: str = "", publisher: str = ""
) -> Venue | None:
    """The venue a library entry gives, if it names one: a journal, proceedings or book
    that holds the paper (`CONTAINED` kinds), or for a book, thesis or report, at least who
    published it or its kind alone. Google Scholar's `journal = {arXiv preprint
    arXiv:...}`, DBLP's `CoRR` and a page's `bioRxiv` say the paper is a preprint (of
    arXiv, bioRxiv, medRxiv, ...), which is no venue."""
    container, publisher = " ".join(container.split()), " ".join(publisher.split())
    if "rxiv" in container.lower() or container == "CoRR" or (kind in CONTAINED and not container):
        return None
    pages = _PAGE_RANGE.sub("-", " ".join(pages.split()))
    return Venue(kind, container, " ".join(volume.split()), " ".join(number.split()), pages, publisher)


_PAGE = re.compile(r"^[A-Za-z]?\d+(?:\.e\d+)?$")
"""A page (`68`, an article number `e1234`, Elsevier's `75.e2`); bioRxiv's
`2020.01.28.923011` names an electronic location, no page."""
_ABSTRACT_HEADING = re.compile(r"^\s*abstract\s*[:.]?\s+", re.IGNORECASE)


def page_range(first: str, last: str) -> str:
    """`68-75.e2` of a first and a last page a source tags apart; what is no page left out."""
    first, last = (page.strip() if _PAGE.match(page.strip()) else "" for page in (first, last))
    return f"{first}-{last}" if first and last and first != last else first


def tagged_abstract(text: str) -> str:
    """An abstract a tag holds as HTML (a page's `citation_abstract`, a feed's description):
    its text, without the heading it may open with (bioRxiv's `<h3>ABSTRACT</h3>`)."""
    return _ABSTRACT_HEADING.sub("", " ".join(without_markup(text).split()))


def library_date(year: int, month: int, day: int, written: str) -> tuple[dt.date | str, str]:
    """A library entry's date as its `RawEntry` takes it, with the precision given (a month or
    day of 0: not given). A month or day that no calendar has is dropped and the year kept; a
    year that none has (`0000`, 10^20) leaves the date as `written`, which `build_entry`
    reports as unreadable (the entry stays, undated)."""
    precision = DAY if day else MONTH if month else YEAR
    for parts, given in (((year, month or 1, day or 1), precision), ((year, 1, 1), YEAR)):
        try:
            return dt.date(*parts), given
        except (ValueError, OverflowError):  # OverflowError: a year past what C's int holds
            continue
    return written, DAY


def _abstract(text: str) -> tuple[str, bool]:
    """Decoded abstract and whether the listing cut it off (it then ends with an ellipsis)."""
    text = " ".join(text.split())
    truncated = text.endswith(_ELLIPSES)
    if truncated:
        text = text.removesuffix("…").removesuffix("...").rstrip()
    return decode_latex(text).strip(), truncated
