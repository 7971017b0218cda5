"""Papers -> BibTeX entries that bibtex, biber, pandoc and pybtex read without a warning.

Entries are built as pybtex `BibliographyData` and written by pybtex's own writer; we only
replace its field encoder (latexcodec writes unbraced accents such as `\\'a`, which classic
bibtex mangles: see BIBTEX.md) and write `month` as the bare macro every style expects.
One entry's text is the same wherever it appears: on the paper page, in `papers/<key>.bib`,
in `library.bib` and in topic and list files, because collections join the per-paper texts.

The same builder writes the UTF-8 biblatex variant (`biblatex.py`): letters stay Unicode
and the date is one ISO `date` field, which biber reads natively.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from pybtex.database import BibliographyData
from pybtex.database import Entry as BibEntry
from pybtex.bibtex.exceptions import BibTeXError
from pybtex.database.output.bibtex import Writer

from papershelf.export.latex import ascii_losses, braces_balanced, encode_latex
from papershelf.model import Paper, Person
from papershelf.snapshots.names import split_name

__all__ = ["BIBTEX", "Dialect", "ascii_approximations", "bibtex_entry", "bibtex_file", "join_entries"]

_MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")


@dataclass(frozen=True)
class Dialect:
    """What differs between classic BibTeX and biblatex output."""

    ascii_only: bool
    iso_date: bool


BIBTEX = Dialect(ascii_only=True, iso_date=False)


class _LatexWriter(Writer):
    """pybtex's writer, fed fields that are already valid LaTeX."""

    def _encode(self, text: str) -> str:
        return text

    def quote(self, s: str) -> str:
        """Braced value; our encoder balances braces, and this checks it (more cheaply than
        pybtex's scanner, which dominated writing large libraries)."""
        if not braces_balanced(s):
            raise BibTeXError(f"String has unmatched braces: {s}")
        return "{" + s + "}"

    def _write_field(self, stream: io.TextIOBase, type: str, value: str) -> None:  # noqa: A002
        if type == "month":
            stream.write(f",\n  month = {value}")
        else:
            stream.write(f",\n  {type} = {self.quote(value)}")


def bibtex_entry(paper: Paper, dialect: Dialect = BIBTEX) -> str:
    """The `@misc` entry of one paper, ending in a newline."""
    data = BibliographyData(entries={paper.key: BibEntry("misc", fields=_fields(paper, dialect))})
    stream = io.StringIO()
    _LatexWriter().write_stream(data, stream)
    return stream.getvalue()


def bibtex_file(papers: Iterable[Paper], dialect: Dialect = BIBTEX) -> str:
    """Entries joined by blank lines: exactly the per-paper texts."""
    return join_entries(bibtex_entry(paper, dialect) for paper in papers)


def join_entries(entries: Iterable[str]) -> str:
    """A .bib file from entry texts (each ending in a newline), one blank line between them."""
    return "\n".join(entries)


def _fields(paper: Paper, dialect: Dialect) -> dict[str, str]:
    def encode(text: str, protect_case: bool = False) -> str:
        return encode_latex(text, protect_case=protect_case, ascii_only=dialect.ascii_only)

    fields = {
        "author": _authors(paper.authors, paper.authors_truncated, encode),
        "title": encode(paper.title, protect_case=True),
    }
    if paper.date and dialect.iso_date:
        fields["date"] = paper.date.isoformat()
    elif paper.date:
        fields["year"] = str(paper.date.year)
        fields["month"] = _MONTHS[paper.date.month - 1]
    if paper.abstract:
        fields["abstract"] = encode(paper.abstract) + (" {\\ldots}" if paper.truncated else "")
    if paper.topics:
        fields["keywords"] = ", ".join(encode(topic) for topic in paper.topics)
    return {name: value for name, value in fields.items() if value}


def _authors(persons: tuple[Person, ...], truncated: bool, encode: Callable[[str], str]) -> str:
    """Authors joined with `and`; a person with nothing writable (a name in a script ASCII
    cannot spell) is left out, and the list then ends in `others`, as for a cut-off list."""
    names = [_name(person, encode) for person in persons]
    written = [name for name in names if name.strip("{}, ")]
    if written and (truncated or len(written) < len(names)):
        written.append("others")
    return " and ".join(written)


def _name(person: Person, encode: Callable[[str], str]) -> str:
    """`von Last, Jr, First`; organisations whole in an extra brace pair."""
    if person.corporate:
        return "{" + _protect_and(encode(person.name)) + "}"
    parts = split_name(person)
    surname = _protect_and(encode(parts.last))
    surname = "{" + surname + "}" if " " in parts.last else surname
    last = " ".join(part for part in (_protect_and(encode(parts.von)), surname) if part)
    fields = [last] + ([encode(parts.jr)] if parts.jr else [])
    if parts.first:
        fields.append(_protect_and(encode(parts.first)))
    return ", ".join(fields)


def ascii_approximations(paper: Paper) -> str:
    """Characters of the paper that the ASCII BibTeX export approximates or leaves out."""
    texts = [paper.title, paper.abstract, *paper.topics, *(person.name for person in paper.authors)]
    return ascii_losses("".join(texts))


def _protect_and(name: str) -> str:
    """A literal word `and` inside a name would split it into two persons."""
    return " ".join("{and}" if word.lower() == "and" else word for word in name.split(" "))
