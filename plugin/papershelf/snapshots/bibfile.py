"""Reader for a library kept elsewhere: a BibTeX or biblatex file (Zotero, Better BibTeX,
JabRef), read with pybtex one entry at a time.

Each `@type{key, ...}` with a title or an author is a paper whatever its type, under the
file's own key (kept as the paper's citation key when it is a safe one, see
`papershelf.library.keys`). It is read as bibtex reads it: an undefined `@string` macro (`publisher =
ieeeacm`) reads as empty and a second field of the same name is ignored, each a warning that
costs that field, never the entry; an entry pybtex cannot read at all is a warning at its line
and costs only itself; `@string`, `@preamble` and `@comment` are no papers. Fields are LaTeX:
accents decoded, the braces that protect case (`{{BV Master Action}}`, `{de Swart}`) dropped.
The date is biblatex's `date` or `year` and `month`, to the precision given (a year alone
stays a year). `eprint` with an arXiv `archivePrefix`/`eprinttype` (or a bare new-style id),
`doi` and `url` say where it is, or else an arXiv DOI, URL, journal or note.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterator, Mapping
from dataclasses import replace

from pybtex.database import BibliographyData
from pybtex.database import Entry as BibEntry
from pybtex.database import Person as BibPerson
from pybtex.database.input.bibtex import DuplicateField, Parser, UndefinedMacro, month_names
from pybtex.exceptions import PybtexError
from pybtex.utils import CaseInsensitiveDict

from papershelf.library.identifiers import arxiv_ids, find_doi, mentioned_arxiv
from papershelf.model import (
    ARTICLE,
    BOOK,
    CHAPTER,
    CONTAINED,
    DAY,
    MASTERS_THESIS,
    PROCEEDINGS,
    REPORT,
    THESIS,
    Entry,
    Identifiers,
    Listing,
    Problem,
    Sighting,
    Venue,
)
from papershelf.snapshots.entries import (
    NOT_A_PAPER,
    RawEntry,
    gathered,
    library_date,
    library_entry,
    line_numbers,
    published,
)
from papershelf.snapshots.latex import decode_latex
from papershelf.text.macros import JOURNAL_MACROS
from papershelf.text.rules import word_core

__all__ = ["looks_like_bibtex", "parse_bibtex"]

_START = re.compile(r"^[ \t]*@[ \t]*([A-Za-z]+)[ \t]*[{(]", re.MULTILINE)
_NOT_PAPERS = {"string", "preamble", "comment"}
_PROSE_BEFORE = 3
"""Lines of text a `.bib` library has before its first entry at most (a title, a note)."""
_URL_MACRO = re.compile(r"\\url\{([^{}\s]+)\}")
_URL_NOTE = re.compile(
    r"(?:(?:url|online|available(?: at)?|accessed(?: at)?)\s*:?\s*)?\\url\{([^{}\s]+)\}\.?", re.IGNORECASE
)
_MASTERS = re.compile(r"\bma(?:ster|thesis)|\bmsc\b", re.IGNORECASE)
"""A thesis `type` that says it is a master's (biblatex's `mathesis`, `Master's thesis`)."""
_MENTIONS = ("doi", "url", "journal", "journaltitle", "note", "howpublished", "eprint", "number")
"""Where an entry may name its arXiv paper without an arXiv `eprint` (see `_ids`)."""
_VERBATIM = ("doi", "url", "eprint")
_NOT_INHERITED = frozenset(
    {"crossref", "abstract", "doi", "url", "eprint", "eprinttype", "archiveprefix", "primaryclass"}
    | {"eprintclass", "howpublished", "keywords", "note", "file"}
)
"""What an entry never takes from the volume its `crossref` names: the volume's own."""
_ESCAPED_IN_VERBATIM = re.compile(r"\\([_%&#$~])")
_LINE = re.compile(r"\bline (\d+)")
_DUPLICATE = re.compile(r"entry with key (.*) has a duplicate (.*) field")
"""pybtex's `DuplicateField` says which only in its message."""
_MACRO_BEFORE = re.compile(r"\\(?:[A-Za-z]+|[^A-Za-z\s])\s*$")
_JOURNAL_MACRO = re.compile(r"\\([A-Za-z]+)")
_SPACE = re.compile(r"\s+")
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]+")
_YEAR = re.compile(r"(?<!\d)(\d{4})(?!\d)")
_ISO = re.compile(r"^(\d{4})(?:-(\d{1,2}))?(?:-(\d{1,2}))?")
_MONTHS = {
    name: number
    for number, name in enumerate(
        ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"), start=1
    )
}


def looks_like_bibtex(text: str) -> bool:
    """Whether a text file (not named `.bib`) is a `.bib` library: entries that open with
    `@type{`, and next to nothing before the first but `%` comments (`_PROSE_BEFORE` lines at
    most): a README whose `## Citation` section shows its paper's entry is no library."""
    starts = list(_START.finditer(text))
    if not any(match[1].lower() not in _NOT_PAPERS for match in starts):
        return False
    before = text[: starts[0].start()].splitlines()
    return sum(1 for line in before if line.strip() and not line.lstrip().startswith("%")) <= _PROSE_BEFORE


def parse_bibtex(text: str, file: str, shared: Mapping[str, str] | None = None) -> Listing:
    """The whole file at once (pybtex sets up a parser per call: 7 ms, most of an entry's
    cost); if pybtex refuses it, block by block (each `@` at the start of a line to the
    next), so that a broken entry costs only itself. `shared`: the `@string` macros other
    `.bib` files of the folder define (`string_macros`), as bibtex reads the files a
    document's `\\bibliography{IEEEabrv,refs}` names one after the other."""
    starts = [(match.start(), match[1].lower()) for match in _START.finditer(text)]
    lines = line_numbers(text, [start for start, _ in starts])
    papers = [number for number, (_, kind) in enumerate(starts) if kind not in _NOT_PAPERS]
    try:
        data, lenient = _parsed(text, _Macros(shared))
        whole = list(data.entries.items())
    except PybtexError:
        whole, lenient = [], []
    if papers and len(whole) == len(papers):
        at = {key: Sighting(file, lines[n]) for (key, _), n in zip(whole, papers, strict=True)}
        entries, problems = gathered(
            _entry(key, _inherited(bib, data.entries), at[key]) for key, bib in whole
        )
        problems += [_lenient_problem(error, file, 0, at, Sighting(file, 1)) for error in lenient]
    else:
        entries, problems = gathered(_one_by_one(text, starts, lines, file, shared))
    if not papers and not any(kind == "string" for _, kind in starts):  # a file of macros is no mistake
        problems.append(Problem(Sighting(file, 1), "no BibTeX entries found"))
    return Listing(file, "", tuple(entries), tuple(problems), found=len(papers))


def string_macros(text: str) -> dict[str, str]:
    """The `@string` macros a `.bib` text defines, by name (none where pybtex cannot read it):
    what another file of the folder may use (`parse_bibtex`'s `shared`)."""
    macros = _Macros()
    try:
        _parsed(text, macros)
    except PybtexError:
        return {}
    return {
        name: CaseInsensitiveDict.__getitem__(macros, name)
        for name in macros
        if name.lower() not in month_names
    }


UNDEFINED_MACRO = "undefined @string macro"
"""How a warning of a macro no `@string` of the file defines begins."""


class _ExpansionLimit(PybtexError):
    """Macros that expand to more than one file may."""


class _Macros(CaseInsensitiveDict):
    """A file's `@string` macros (and pybtex's month names), each use checked. pybtex copies a
    macro's text wherever a value names it: 827 bytes of macros that each double the last
    ask for 2^40 characters and ran a build out of memory. As bibtex bounds one string and
    its string pool, a macro longer than `LONGEST` is not used, and all uses together
    expand to `LIMIT` characters at most, which bounds the time they take too."""

    LONGEST = 2**16
    LIMIT = 2**24

    def __init__(self, shared: Mapping[str, str] | None = None) -> None:
        super().__init__(month_names)
        self.update(shared or {})
        self.left = self.LIMIT

    def __getitem__(self, name: str) -> str:
        value = super().__getitem__(name)
        if len(value) > self.LONGEST:
            why = f"macro {name!r} expands to {len(value):,} characters, more than one may ({self.LONGEST:,})"
            raise _ExpansionLimit(why)
        if len(value) > self.left:
            raise _ExpansionLimit(
                f"macros expand to more than {self.LIMIT:,} characters, as many as one file may"
            )
        self.left -= len(value)
        return value


class _AsBibtex(Parser):
    """pybtex's parser, but for what bibtex itself only warns about: an undefined macro
    (read as empty) and a duplicate field (the first kept). pybtex raises on both in its
    strict mode, and reports them to standard error otherwise; here they are kept, to become
    warnings at their lines, and the entry is read."""

    def __init__(self) -> None:
        super().__init__()
        self.lenient: list[UndefinedMacro | DuplicateField] = []
        self._said: set[str] = set()

    def handle_error(self, error: Exception) -> None:
        if not isinstance(error, (UndefinedMacro, DuplicateField)):
            raise error
        if str(error) not in self._said:  # `a # a` on one line: one warning
            self._said.add(str(error))
            self.lenient.append(error)


def _parsed(text: str, macros: _Macros) -> tuple[BibliographyData, list[UndefinedMacro | DuplicateField]]:
    """pybtex's reading of `text` with `macros`, which it reads and defines as it goes, and
    what it read as bibtex would, with a warning (`_AsBibtex`)."""
    parser = _AsBibtex()
    parser.macros = macros
    return parser.parse_string(text), parser.lenient


def _lenient_problem(
    error: UndefinedMacro | DuplicateField,
    file: str,
    shift: int,
    entries: Mapping[str, Sighting],
    at: Sighting,
) -> Problem:
    """The warning for what `_AsBibtex` let pass: at the macro's line (`shift` lines into the
    file), or at the line of the entry its message names (else `at`)."""
    if isinstance(error, UndefinedMacro):
        name = str(error).rsplit(": ", 1)[-1]
        why = f"{UNDEFINED_MACRO} {name!r}: read as empty, as bibtex does"
        return Problem(Sighting(file, error.lineno + shift), why)
    duplicate = _DUPLICATE.fullmatch(str(error))
    key, field = (duplicate[1], duplicate[2]) if duplicate else ("", "")
    why = f"entry {key!r} has a second {field!r} field: the first is kept, as bibtex does"
    return Problem(entries.get(key, at), why)


def _one_by_one(
    text: str, starts: list[tuple[int, str]], lines: list[int], file: str, shared: Mapping[str, str] | None
) -> Iterator[tuple[Entry | None, list[Problem]]]:
    """Each entry and `@string` block read on its own, with the macros of the `@string`
    blocks above it (a broken one is a warning, and costs only the entries that use its
    macro); pybtex's `line N` made the file's line."""
    macros = _Macros(shared)
    for number, (start, kind) in enumerate(starts):
        if kind in ("preamble", "comment"):
            continue
        end = starts[number + 1][0] if number + 1 < len(starts) else len(text)
        at = Sighting(file, lines[number])
        what = "@string" if kind == "string" else "entry"
        try:
            data, lenient = _parsed(text[start:end], macros)
        except _ExpansionLimit as error:
            yield None, [Problem(at, f"BibTeX {what} not read ({error}); skipped")]
            continue
        except PybtexError as error:
            message = _shifted(str(error), lines[number] - 1)
            yield None, [Problem(at, f"BibTeX {what} pybtex cannot read ({message}); skipped")]
            continue
        yield None, [_lenient_problem(error, file, lines[number] - 1, {}, at) for error in lenient]
        for key, bib in data.entries.items():
            yield _entry(key, bib, at)


def _shifted(message: str, shift: int) -> str:
    """pybtex's message with each `line N` in it `shift` lines on: it counts from the start
    of the block it was given, not of the file."""
    return _LINE.sub(lambda match: f"line {int(match[1]) + shift}", message)


def _entry(key: str, bib: BibEntry, at: Sighting) -> tuple[Entry | None, list[Problem]]:
    """The entry's paper; none if it has neither a title nor an author (a `@misc` holding a
    URL or a note, a cross-referenced `@proceedings` stub): nothing would name it."""
    fields = {name.lower(): value for name, value in bib.fields.items()}
    title = _plain(fields.get("title", ""))
    people, editing = bib.persons.get("author", []), bib.persons.get("editor", [])
    names, editors = [_name(person) for person in people], [_name(person) for person in editing]
    authors = ", ".join(names)
    if not title.strip() and not authors and not editors:
        return None, [Problem(at, f"{NOT_A_PAPER}BibTeX entry {key!r} has neither title nor author; skipped")]
    date, precision = _date(fields)
    raw = RawEntry(
        title=title,
        title_at=at,
        cased=_cased(fields.get("title", "")),
        authors=authors or None,
        authors_at=at,
        date=date,
        abstract=_plain(fields.get("abstract", "")),
        ids=_ids(fields),
        date_precision=precision,
        any_age=True,
        venue=_venue(bib.type.lower(), fields),
        editors=", ".join(editors),
        families=tuple(zip(names + editors, map(_family, people + editing), strict=True)),
    )
    entry, problems = library_entry(raw, key)
    if not title.strip():  # kept, under its key: what else cites it is the user's to see
        problems.append(Problem(at, f"BibTeX entry {key!r} has no title"))
    return entry, problems


def _inherited(bib: BibEntry, entries: Mapping[str, BibEntry]) -> BibEntry:
    """The entry with the fields it lacks taken from the entry its `crossref` names, as
    bibtex takes them (a paper in a volume: the volume's `booktitle`, else its `title`, is
    its `booktitle`, its `year` and `publisher` the paper's); none of what says where the
    volume itself is (`_NOT_INHERITED`). As given if it names none, itself, or one not in
    the file."""
    parent = entries.get(bib.fields.get("crossref", "")) if "crossref" in bib.fields else None
    if parent is None or parent is bib:
        return bib
    fields = {name.lower(): value for name, value in bib.fields.items()}
    given = {name.lower(): value for name, value in parent.fields.items()}
    for name, value in sorted(given.items(), key=lambda item: item[0] == "title"):  # title last
        name = "booktitle" if name == "title" else name
        if name not in _NOT_INHERITED:
            fields.setdefault(name, value)
    return BibEntry(bib.type, fields=fields, persons=bib.persons)


_KINDS = {
    "article": ARTICLE,
    "inproceedings": PROCEEDINGS,
    "conference": PROCEEDINGS,
    "incollection": CHAPTER,
    "inbook": CHAPTER,
    "book": BOOK,
    "phdthesis": THESIS,
    "thesis": THESIS,
    "mastersthesis": MASTERS_THESIS,
    "techreport": REPORT,
    "report": REPORT,
}
"""Entry types by the kind of venue they say, biblatex's aliases among them (`@thesis`,
`@report`)."""


def _venue(kind: str, fields: dict[str, str]) -> Venue | None:
    """Where the entry says the paper was published: an `@article`'s journal (`journal`,
    biblatex's `journaltitle`), the proceedings or book (`booktitle`) of an
    `@inproceedings` or `@incollection`, with the volume, number and pages; and who
    published a book or chapter (`publisher`), a thesis (`school`, biblatex's
    `institution`) or a report (`institution`). An `@inbook` without a `booktitle` is
    bibtex's chapter of a book that is the entry's title: a book."""
    kind = _KINDS.get(kind, "")
    if kind == CHAPTER and not fields.get("booktitle"):
        kind = BOOK
    if kind == THESIS and _MASTERS.search(fields.get("type", "")):
        kind = MASTERS_THESIS  # biblatex's `@thesis{..., type = {mathesis}}`, Zotero's `Master's thesis`
    if not kind:
        return None
    volume, number, pages = (_plain(fields.get(name, "")) for name in ("volume", "number", "pages"))
    who = next((fields[name] for name in ("publisher", "school", "institution") if fields.get(name)), "")
    if kind == ARTICLE:
        container = _journal(fields.get("journal") or fields.get("journaltitle") or "")
    else:
        container = _plain(fields.get("booktitle", "")) if kind in CONTAINED else ""
    return published(kind, container, volume, number, pages, _plain(who))


def _journal(value: str) -> str:
    """The journal's name, where ADS writes one of the AAS journal macros (`\\apj`)."""
    macro = _JOURNAL_MACRO.fullmatch(value.strip())
    if macro is not None and macro[1] in JOURNAL_MACROS:
        return JOURNAL_MACROS[macro[1]]
    return _plain(value)


def _cased(value: str) -> tuple[str, ...]:
    """The words of a title with a capital inside braces that protect case, as bibtex reads
    them (`{L}ondon`, `{Monte} {Carlo}`, `{{Poincare}}`, each of `{Quantum Field Theory}`,
    `{{\\"O}sterreich}`); not inside a macro's argument or an accent alone (`\\emph{Word}`,
    `{\\"O}`), which protect nothing. As the title decodes them."""
    cased: list[str] = []
    groups: list[bool] = []  # for each open group: whether it protects case
    start, protected = 0, False
    for index, char in enumerate(value + " "):
        escaped = index > 0 and value[index - 1] == "\\"
        if char.isspace():
            if protected and (word := word_core(_plain(value[start:index]))):
                cased.append(word)
            start, protected = index + 1, False
        elif char == "{" and not escaped:
            groups.append(not _is_argument(value, index))
        elif char == "}" and not escaped and groups:
            groups.pop()
        elif char.isupper() and any(groups):  # in a group that protects, however deep
            protected = True
    return tuple(dict.fromkeys(cased))


def _plain(value: str) -> str:
    """LaTeX field text as Unicode: the braces of groups that only protect case dropped
    (`{{BV Master Action}}`, `{Le spectre ... mati\\`eres}`), those of a macro's argument
    (`\\emph{x}`) or scope (`R{\\o}nnow`) kept for the decoder, and every brace of math
    (`$\\sqrt{{s}_{NN}}$`, whose `{NN}` holds both letters in the subscript); then decoded."""
    out: list[str] = []
    arguments: list[bool] = []
    math = False
    dollars = [i for i, char in enumerate(value) if char == "$" and (i == 0 or value[i - 1] != "\\")]
    closing = set(dollars[: len(dollars) // 2 * 2])  # a last one left alone (`5$ per {GPU}`) opens no math
    for index, char in enumerate(value):
        escaped = index > 0 and value[index - 1] == "\\"
        if char == "$" and index in closing:
            math = not math
            out.append(char)
        elif math:
            out.append(char)
        elif char == "{" and not escaped:
            argument = _is_argument(value, index)
            arguments.append(argument)
            out.append(char if argument else "")
        elif char == "}" and not escaped and arguments:
            out.append(char if arguments.pop() else "")
        else:
            out.append(char)
    return decode_latex("".join(out))


def _is_argument(value: str, index: int) -> bool:
    """Whether the brace at `index` opens a macro's argument or scope (`\\emph{x}`,
    `R{\\o}nnow`), not a group that protects case."""
    return value.startswith("\\", index + 1) or bool(_MACRO_BEFORE.search(value[max(0, index - 40) : index]))


def _name(person: BibPerson) -> str:
    """`First Middle von Last, Jr` as a listing would show the person; a name in Chinese,
    Japanese or Korean script family name first, unspaced (`方, 明月` is 方明月)."""
    given = _hyphens_joined([*person.first_names, *person.middle_names])
    family = [*person.prelast_names, *person.last_names]
    if _CJK.fullmatch("".join(given + family)):
        return _plain("".join(family + given))
    name = _plain(" ".join(given + family))
    lineage = _plain(" ".join(person.lineage_names))
    return f"{name}, {lineage}" if lineage else name


def _hyphens_joined(names: list[str]) -> list[str]:
    """`C.-P.` whole, where INSPIRE and ADS write `C. -P.` and pybtex splits it at the space."""
    joined: list[str] = []
    for name in names:
        if name.startswith("-") and joined:
            joined[-1] += name
        else:
            joined.append(name)
    return joined


def _family(person: BibPerson) -> str:
    """The `von Last` part, as bibtex splits the name (`Del Santo` of `Del Santo, Flavio`;
    all of `{Kantar Public}`, which braces make one word)."""
    return _plain(" ".join([*person.prelast_names, *person.last_names]))


def _date(fields: dict[str, str]) -> tuple[dt.date | str | None, str]:
    """biblatex's `date` (`2022-11`), else `year` and `month` (`jul`, `July`, `7`); a year
    written with more around it (Better BibTeX's `Nov./2001`) is read with the month it
    names. A date with no year in it is reported (`build_entry`), unless it holds no digit
    at all (`n.d.`, `in press`: no date, which a library may rightly give)."""
    match = _ISO.match(fields.get("date", "").strip()) or _ISO.match(fields.get("year", "").strip())
    if match is not None:
        month = int(match[2]) if match[2] else _month(fields.get("month", ""))
        return library_date(int(match[1]), month, int(match[3] or 0), match.string)
    written = fields.get("date", "").strip() or fields.get("year", "").strip()
    year = _YEAR.search(written)
    if year is None:
        return (written if any(char.isdigit() for char in written) else None), DAY
    return library_date(int(year[1]), _month(fields.get("month", "")) or _month(written), 0, written)


def _month(text: str) -> int:
    text = text.strip().lower()
    if text.isdigit():
        return int(text) if 1 <= int(text) <= 12 else 0
    return _MONTHS.get(text[:3], 0)


def _ids(fields: dict[str, str]) -> Identifiers:
    """`eprint` with an arXiv (or no) `archivePrefix`, else wherever else the entry names its
    arXiv paper (`mentioned_arxiv`: a DOI, the url, `journal = {arXiv:ID [cat]}`, a note)."""
    fields = fields | {name: _verbatim(fields[name]) for name in _VERBATIM if name in fields}
    archive = (fields.get("archiveprefix") or fields.get("eprinttype") or "").lower()
    eprint = fields.get("eprint", "")
    primary_class = fields.get("primaryclass") or fields.get("eprintclass") or ""
    doi = find_doi(fields.get("doi", ""))
    ids = arxiv_ids(eprint, primary_class) if eprint and archive in ("arxiv", "") else Identifiers()
    if not ids:
        ids = mentioned_arxiv((fields.get(name, "") for name in _MENTIONS), primary_class)
    return replace(ids, doi=doi or ids.doi, url=ids.url or fields.get("url", "") or _url_in(fields))


def _url_in(fields: dict[str, str]) -> str:
    """The `\\url{...}` of `howpublished`, or of a `note` that is the address alone
    (`\\url{...}`, `URL: \\url{...}`), where classic bibtex styles, which have no `url` field,
    are given a web page's address; an address a longer note mentions may be anything's."""
    match = _URL_MACRO.search(fields.get("howpublished", "")) or _URL_NOTE.fullmatch(
        fields.get("note", "").strip()
    )
    return _verbatim(match[1].strip()) if match else ""


def _verbatim(value: str) -> str:
    """A `doi`, `url` or `eprint` as written for classic bibtex, which has no verbatim
    fields: DBLP writes `paper\\_files` in the URL of every NeurIPS paper and `4\\_33` in
    DOIs, which mean `paper_files` and `4_33`."""
    return _ESCAPED_IN_VERBATIM.sub(r"\1", value)
