"""Papers -> BibTeX entries that bibtex, biber, pandoc and pybtex read without a warning.

Entries are built as pybtex `BibliographyData` and written by pybtex's own writer; we only
replace its field encoder (latexcodec writes unbraced accents such as `\\'a`, which classic
bibtex mangles: see BIBTEX.md) and write `month` as the bare macro every style expects.
One entry's text is the same wherever it appears: on the paper page, in `papers/<key>.bib`,
in `library.bib` and in topic and list files, because collections join the per-paper texts.
"""

from __future__ import annotations

import io
from collections.abc import Iterable

from pybtex.database import BibliographyData
from pybtex.database import Entry as BibEntry
from pybtex.database.output.bibtex import Writer

from papershelf.export.latex import encode_latex
from papershelf.model import Paper, Person
from papershelf.snapshots.names import split_name

__all__ = ["bibtex_entry", "bibtex_file"]

_MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")


class _AsciiWriter(Writer):
    """pybtex's writer, fed fields that are already valid ASCII LaTeX."""

    def _encode(self, text: str) -> str:
        return text

    def quote(self, s: str) -> str:
        self.check_braces(s)
        return "{" + s + "}"

    def _write_field(self, stream: io.TextIOBase, type: str, value: str) -> None:  # noqa: A002
        if type == "month":
            stream.write(f",\n  month = {value}")
        else:
            stream.write(f",\n  {type} = {self.quote(value)}")


def bibtex_entry(paper: Paper) -> str:
    """The `@misc` entry of one paper, ending in a newline."""
    data = BibliographyData(entries={paper.key: BibEntry("misc", fields=_fields(paper))})
    stream = io.StringIO()
    _AsciiWriter().write_stream(data, stream)
    return stream.getvalue()


def bibtex_file(papers: Iterable[Paper]) -> str:
    """Entries joined by blank lines: exactly the per-paper texts."""
    return "\n".join(bibtex_entry(paper) for paper in papers)


def _fields(paper: Paper) -> dict[str, str]:
    fields = {
        "author": _authors(paper.authors, paper.authors_truncated),
        "title": encode_latex(paper.title, protect_case=True),
    }
    if paper.date:
        fields["year"] = str(paper.date.year)
        fields["month"] = _MONTHS[paper.date.month - 1]
    if paper.abstract:
        ellipsis = " {\\ldots}" if paper.truncated else ""
        fields["abstract"] = encode_latex(paper.abstract) + ellipsis
    if paper.topics:
        fields["keywords"] = ", ".join(encode_latex(topic) for topic in paper.topics)
    return {name: value for name, value in fields.items() if value}


def _authors(persons: tuple[Person, ...], truncated: bool) -> str:
    names = [_name(person) for person in persons]
    if truncated and names:
        names.append("others")
    return " and ".join(names)


def _name(person: Person) -> str:
    """`von Last, Jr, First`; organisations whole in an extra brace pair."""
    if person.corporate:
        return "{" + _protect_and(encode_latex(person.name)) + "}"
    parts = split_name(person)
    last = " ".join(_protect_and(encode_latex(p)) for p in (parts.von, parts.last) if p)
    fields = [last] + ([encode_latex(parts.jr)] if parts.jr else [])
    if parts.first:
        fields.append(_protect_and(encode_latex(parts.first)))
    return ", ".join(fields)


def _protect_and(name: str) -> str:
    """A literal word `and` inside a name would split it into two persons."""
    return " ".join("{and}" if word.lower() == "and" else word for word in name.split(" "))
