"""Papers -> BibTeX entries that bibtex, biber, pandoc and pybtex read without a warning.

Field values are encoded by `papershelf.export.latex` (braced accents such as `{\\'a}`, which
classic bibtex needs: latexcodec, behind pybtex's writer, writes `\\'a`, which it mangles; see
BIBTEX.md) and the entry is written here: `@misc{key,` (or another `entry_type`) then one
`name = {value}` line a field and `}`. pybtex's writer cannot take values that are LaTeX
already without overriding its private encoder, and the syntax we need is that small.
`month` is the bare macro every style expects.
One entry's text is the same wherever it appears: on the paper page, in `papers/<key>.bib`,
in `library.bib` and in topic and list files, because collections join the per-paper texts.

The same builder writes the UTF-8 biblatex variant (`biblatex.py`): letters stay Unicode
and the date is one ISO `date` field, which biber reads natively.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass

from papershelf.export.latex import ascii_losses, braces_balanced, encode_latex, encode_name, name_losses
from papershelf.library.identifiers import web_ids
from papershelf.model import (
    ARTICLE,
    BOOK,
    CHAPTER,
    CONTAINED,
    MASTERS_THESIS,
    REPORT,
    THESIS,
    YEAR,
    Identifiers,
    Paper,
    Person,
    Venue,
    iso_date,
)
from papershelf.text.rules import counted, split_name
from papershelf.text.stored import stored, unstored_pieces

__all__ = [
    "BIBTEX",
    "Dialect",
    "approximation_note",
    "approximations",
    "bib_pieces",
    "bibtex_entry",
    "bibtex_file",
    "entry_draft",
    "entry_type",
    "finished_entry",
]

_CITABLE = re.compile(r"[^\s,{}%#~\\\"'()=]+")
"""A key biber takes (`Aamodt:2011mr`, `DBLP:conf/x/Y20`), listed in `ids` as written."""
_PUBLISHED = {
    BOOK: "publisher",
    CHAPTER: "publisher",
    THESIS: "school",
    MASTERS_THESIS: "school",
    REPORT: "institution",
}
"""The field that says who published a paper of each kind that needs one."""

_LETTER = re.compile(r"[^\W\d_]")
_VERBATIM = re.compile(r'(?:(?![{}\\%#"^])[!-~])+')
"""Printable ASCII without spaces, and none of what TeX acts on inside a verbatim field,
which styles typeset as text (plainnat without `url`) or inside a macro's argument
(plainurl's `\\href{...}{\\path{...}}`): no `\\` or `^^5c` (a command), no braces, `%`, `#`
or `"`. `$ & _ ~` stay: DOIs and URLs hold them, and the `url` package that natbib's and
urlbst's styles ask for (and biblatex) typesets them."""
UNDATED = "XXXX"
_MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")


@dataclass(frozen=True)
class Dialect:
    """What differs between classic BibTeX and biblatex output."""

    ascii_only: bool
    iso_date: bool
    name: str
    """What the approximation note calls this format."""


BIBTEX = Dialect(ascii_only=True, iso_date=False, name="ASCII BibTeX")


def bibtex_entry(paper: Paper, dialect: Dialect = BIBTEX, subjects: Sequence[str] = ()) -> str:
    """The entry of one paper (`entry_type`), ending in a newline; its `keywords` are the listing
    topics, then `subjects` (its discovered and curated topics), so they reach Zotero and JabRef."""
    return finished_entry(paper, entry_draft(paper, dialect), dialect, subjects)


def entry_draft(paper: Paper, dialect: Dialect = BIBTEX) -> str:
    """Every field line of the entry but `keywords`, the last: all that does not depend on
    the library's topics, so it can be written while they are being found."""
    return "".join(_field(name, value) for name, value in _fields(paper, dialect).items())


def finished_entry(paper: Paper, draft: str, dialect: Dialect, subjects: Sequence[str]) -> str:
    """The entry from its draft and the paper's topics."""
    # a keyword of letters ASCII cannot spell (a curated `量子 計算`) is left out, not empty
    encoded = (encode_latex(name, ascii_only=dialect.ascii_only) for name in keywords(paper, subjects))
    written = ", ".join(name for name in encoded if name.strip())
    last = _field("keywords", written) if written else ""
    return f"@{entry_type(paper, dialect)}{{{paper.key}{draft}{last}\n}}\n"


def entry_type(paper: Paper, dialect: Dialect = BIBTEX) -> str:
    """The type a library gives the paper (`@article`, `@inproceedings`, `@incollection`,
    `@book`, `@phdthesis`, `@mastersthesis`, `@techreport`), when it has what that type
    requires (an author, a year, a journal, a book's title, a publisher, a school or an
    institution) for bibtex's styles and biblatex to print it without a warning; `@misc`
    for every other paper, a listing's preprints among them."""
    venue = paper.venue
    people = paper.authors or (
        paper.editors if venue and venue.kind == BOOK else ()
    )  # a book's editors will do
    if venue is None or paper.date is None or not _authors(people, False, dialect.ascii_only):
        return "misc"
    if (venue.kind in CONTAINED and not venue.container) or (
        venue.kind in _PUBLISHED and not venue.publisher
    ):
        return "misc"
    if venue.kind == CHAPTER and dialect.iso_date and not paper.editors:
        return "inbook"  # biblatex's `@incollection` requires the book's editor
    if venue.kind == BOOK and dialect.iso_date and not paper.authors:
        return "collection"  # biblatex's book of editors only; its `@book` requires an author
    return venue.kind


def _field(name: str, value: str) -> str:
    """One field line: `month` bare, any other value braced. The encoder balances braces and
    this checks it, since one stray brace would end the field early and the rest of the
    value would be read as BibTeX."""
    if name == "month":
        return f",\n  month = {value}"
    if not braces_balanced(value):
        raise ValueError(f"unbalanced braces in field {name}: {value}")
    return f",\n  {name} = {{{value}}}"


def bibtex_file(
    papers: Iterable[Paper], dialect: Dialect = BIBTEX, subjects: Mapping[str, Sequence[str]] | None = None
) -> str:
    """Entries joined by blank lines: exactly the per-paper texts."""
    subjects = subjects or {}
    entries = (bibtex_entry(paper, dialect, subjects.get(paper.key, ())) for paper in papers)
    return unstored_pieces(bib_pieces(entries))


def keywords(paper: Paper, subjects: Sequence[str]) -> list[str]:
    """The listing topics, then the other topics, each once (whatever its case)."""
    unique: dict[str, str] = {}
    for name in (*paper.topics, *subjects):
        unique.setdefault(name.casefold(), name)
    return list(unique.values())


def bib_pieces(entries: Iterable[str]) -> Iterator[bytes]:
    """A .bib file from entry texts (each ending in a newline), one blank line between
    them, in UTF-8 pieces (`papershelf.export.formats.ExportFormat.pieces` says why)."""
    for number, entry in enumerate(entries):
        if number:
            yield b"\n"
        yield stored(entry)


def _fields(paper: Paper, dialect: Dialect) -> dict[str, str]:
    def encode(text: str, protect_case: bool = False) -> str:
        return encode_latex(text, protect_case=protect_case, ascii_only=dialect.ascii_only)

    fields = {
        "author": _authors(paper.authors, paper.authors_truncated, dialect.ascii_only),
        "title": encode_latex(paper.title, True, dialect.ascii_only, frozenset(paper.cased)),
    }
    if paper.editors and not (fields["author"] and paper.venue and paper.venue.kind == BOOK):
        fields["editor"] = _authors(
            paper.editors, False, dialect.ascii_only
        )  # a book's: not beside its authors
    if not fields["author"] and not fields.get(
        "editor"
    ):  # styles sort and label by `key` then (natbib prints it)
        fields["key"] = encode(paper.key)
    if not fields["title"].strip():  # biblatex requires one; a title of unwritable characters
        fields["title"] = encode(paper.key)
    if paper.date and dialect.iso_date:
        fields["date"] = iso_date(paper.date, paper.date_precision)
    elif paper.date:
        fields["year"] = str(paper.date.year)
        if paper.date_precision != YEAR:
            fields["month"] = _MONTHS[paper.date.month - 1]
    else:  # biblatex requires a date: EDTF's "unspecified year", printed as nothing or "n.d."
        fields["date"] = UNDATED
    if paper.venue and entry_type(paper, dialect) != "misc":
        fields.update(_published(paper.venue, dialect, encode))
    elif paper.venue:  # a `@misc` prints `howpublished`: the venue stays in the entry
        fields["howpublished"] = _howpublished(paper.venue, encode)
    fields.update(_where(paper.ids))
    fields["ids"] = ", ".join(key for key in (*paper.aliases, *paper.library_keys) if _CITABLE.fullmatch(key))
    if paper.abstract:
        fields["abstract"] = encode(paper.abstract) + (" {\\ldots}" if paper.truncated else "")
    return {name: value for name, value in fields.items() if value}


def _published(venue: Venue, dialect: Dialect, encode: Callable[[str], str]) -> dict[str, str]:
    """The journal (biblatex's `journaltitle`), proceedings or book (`booktitle`), volume,
    number and pages (`_page_range`), and the publisher, a thesis's `school` or a report's
    `institution` (biblatex reads `school` as `institution`). Classic styles warn of an
    article's number without its volume and of a proceedings' number without a series, so
    bibtex gets the number only with a volume, of an article, or a report's own."""
    journal = "journaltitle" if dialect.iso_date else "journal"
    container = journal if venue.kind == ARTICLE else "booktitle"
    numbered = dialect.iso_date or (venue.kind == ARTICLE and venue.volume) or venue.kind == REPORT
    return {
        container: encode(venue.container),
        _PUBLISHED.get(venue.kind, "publisher"): encode(venue.publisher),
        "volume": encode(venue.volume),
        "number": encode(venue.number) if numbered else "",
        "pages": encode(_page_range(venue)),
    }


def _howpublished(venue: Venue, encode: Callable[[str], str]) -> str:
    """`Nature 5 (2), 1--2`, `MIT`: the venue of a paper without what its own type requires."""
    text = encode(venue.container)
    text += f" {encode(venue.volume)}" if venue.volume else ""
    text += f" ({encode(venue.number)})" if venue.number else ""
    text += f", {encode(_page_range(venue))}" if venue.pages else ""
    return ", ".join(part for part in (text, encode(venue.publisher)) if part)


def _page_range(venue: Venue) -> str:
    """`110--114`: the range dash styles expect."""
    return venue.pages.replace("-", "--")


def _where(ids: Identifiers) -> dict[str, str]:
    """Where the paper is, in the fields biblatex, natbib styles, pandoc and Zotero read
    (biber takes `archivePrefix` and `primaryClass` as `eprinttype` and `eprintclass`).
    These fields are verbatim, never escaped: a value holding what TeX would act on is not
    written (it stays on the paper's page and in CSL-JSON), and neither is a link that is
    no web address or a DOI that is no DOI (`web_ids`: the readers left them out already)."""
    ids = web_ids(ids)
    fields: dict[str, str] = {}
    if ids.arxiv:
        fields.update(eprint=ids.arxiv, archivePrefix="arXiv", primaryClass=ids.primary_class)
    fields.update(doi=ids.doi, url=ids.url or ids.pdf_url)
    return {name: value for name, value in fields.items() if value and _VERBATIM.fullmatch(value)}


def _authors(persons: tuple[Person, ...], truncated: bool, ascii_only: bool) -> str:
    """Authors joined with `and`; a person with nothing writable (a name in a script ASCII
    cannot spell) is left out, and the list then ends in `others`, as for a cut-off list."""
    names = [_name(person, ascii_only) for person in persons]
    written = [name for name in names if _has_letters(name)]
    if written and (truncated or len(written) < len(names)):
        written.append("others")
    return " and ".join(written)


@functools.lru_cache(maxsize=1 << 16)
def _name(person: Person, ascii_only: bool) -> str:
    """`von Last, Jr, First`; organisations and surnames of several words as one word.
    Cached: in a real field about half of a library's bylines name someone seen before."""
    if person.corporate:
        return _one_word(_protect_and(encode_name(person.name, ascii_only, corporate=True)))
    parts = split_name(person)
    surname = _protect_and(encode_name(parts.last, ascii_only))
    surname = _one_word(surname) if " " in surname else surname
    last = " ".join(part for part in (_protect_and(encode_name(parts.von, ascii_only)), surname) if part)
    jr, first = encode_name(parts.jr, ascii_only), _protect_and(encode_name(parts.first, ascii_only))
    if not _has_letters(last):  # nothing writable in the surname: bibtex needs one, the given name serves
        last, first = first, ""
    return ", ".join(field for field in (last, jr, first) if _has_letters(field))


def _has_letters(part: str) -> bool:
    """Whether a name part has a letter: bibtex and biber take a part of punctuation only
    (`-`, `/`) for an empty one and stop on it, and biber a name `0` too."""
    return _LETTER.search(part) is not None


def _one_word(words: str) -> str:
    """Words bibtex must read as one name part: `{Mind Lab}`, or `T{\\=o}hoku{ }University`.

    Labels (`alpha`) take the first letters of a name and count the letters inside a plain
    brace group one by one, so the outer braces would let them cut `{\\=o}` in half;
    spaces (and commas) braced one by one keep the words together without such a group.
    """
    if "\\" not in words:
        return "{" + words + "}"
    return words.replace(" ", "{ }").replace(",", "{,}")


def approximations(paper: Paper, dialect: Dialect) -> str:
    """Characters of the paper that `dialect` approximates or leaves out, in order: letters
    ASCII cannot spell, and what names cannot hold (see `encode_name`)."""
    texts = "".join([paper.title, paper.abstract, *paper.topics])
    lost = ascii_losses(texts) if dialect.ascii_only else ""
    for person in paper.authors:
        lost += name_losses(person.name, dialect.ascii_only, person.corporate)
    return "".join(dict.fromkeys(lost))


def approximation_note(papers: Iterable[Paper], dialect: Dialect = BIBTEX, shown: int = 5) -> str:
    """One line on what `dialect` could not write exactly, or "" when it wrote everything.

    Not an input problem, so not a warning; but never silent: the site build and
    `papershelf export` both print it.
    """
    lossy = {paper.key: lost for paper in papers if (lost := approximations(paper, dialect))}
    if not lossy:
        return ""
    listed = ", ".join(f"{key} ({lost})" for key, lost in list(lossy.items())[:shown])
    more = f" and {len(lossy) - shown} more" if len(lossy) > shown else ""
    keeps = "the CSL-JSON export keeps them" + (
        " (the biblatex export keeps their letters)" if dialect.ascii_only else ""
    )
    return (
        f"{dialect.name} can only approximate some characters of {counted(len(lossy), 'paper')}: "
        f"{listed}{more}; {keeps}"
    )


def _protect_and(name: str) -> str:
    """A literal word `and` inside a name would split it into two persons."""
    return " ".join("{and}" if word.lower() == "and" else word for word in name.split(" "))
