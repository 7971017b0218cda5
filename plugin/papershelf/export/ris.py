"""Papers -> RIS, the tagged format EndNote, Mendeley, Zotero and most reference managers import.

Written with rispy (which the RIS reader uses too), one record a paper: `GEN` (RIS has no type
for a preprint; `PB - arXiv` says where one is), its title, authors as `Last, First`, the date
as precise as known (`PY` the year, `DA` `YYYY/MM/DD/` with what is known), the abstract
(ending in `…` where the listing cut it off), the paper's topics as keywords, its DOI, its
links (only web addresses, as every writer: `papershelf.library.identifiers.web_ids`), an arXiv
paper's id as `AN`, and the citation key as `ID`. A tag's value is one line: line breaks in
text from a listing are spaces, so no value can start a tag of its own.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import rispy

from papershelf.curation.citations import surname
from papershelf.export.bibtex import keywords
from papershelf.library.identifiers import web_ids
from papershelf.model import (
    ARTICLE,
    BOOK,
    CHAPTER,
    DAY,
    MASTERS_THESIS,
    MONTH,
    PROCEEDINGS,
    REPORT,
    THESIS,
    Paper,
    Person,
    Venue,
)
from papershelf.text.rules import split_name

__all__ = ["ris_entry", "ris_file"]

_RIS_TYPES = {
    ARTICLE: "JOUR",
    PROCEEDINGS: "CPAPER",
    CHAPTER: "CHAP",
    BOOK: "BOOK",
    THESIS: "THES",
    MASTERS_THESIS: "THES",
    REPORT: "RPRT",
}
"""The RIS type of a paper of each kind a library gives; a preprint is `GEN`."""
_THESIS_TYPES = {THESIS: "Ph.D. thesis", MASTERS_THESIS: "Master's thesis"}
"""A thesis's kind, in `M3` (Type of Work), as EndNote and Zotero write it."""


class _Writer(rispy.RisWriter):
    """RIS as reference managers write it: records without rispy's numbered header lines."""

    def set_header(self, count: int) -> str:
        return ""


def ris_file(papers: Iterable[Paper], subjects: Mapping[str, Sequence[str]] | None = None) -> str:
    """The papers' records; `subjects` the topics of each paper by key (its keywords)."""
    subjects = subjects or {}
    return "\n".join(ris_entry(paper, subjects.get(paper.key, ())) for paper in papers)


def ris_entry(paper: Paper, subjects: Sequence[str]) -> str:
    """One paper's record, lines and all: a file of several is their records with a blank
    line between them, as rispy writes them together (its header lines left out)."""
    return rispy.dumps([_record(paper, subjects)], implementation=_Writer)


def _record(paper: Paper, subjects: Sequence[str]) -> dict[str, Any]:
    ids = web_ids(paper.ids)
    kind = _RIS_TYPES[paper.venue.kind] if paper.venue else "GEN"
    record: dict[str, Any] = {"type_of_reference": kind, "title": _line(paper.title)}
    record["authors"] = [_name(person) for person in paper.authors]
    if paper.editors:
        record["secondary_authors"] = [
            _name(person) for person in paper.editors
        ]  # `A2`, as Zotero writes editors
    if paper.date is not None:
        record["year"] = f"{paper.date.year:04d}"
        precise = {DAY: 3, MONTH: 2}.get(paper.date_precision, 1)
        parts = [f"{paper.date.year:04d}", f"{paper.date.month:02d}", f"{paper.date.day:02d}"][:precise]
        record["date"] = "/".join(parts) + "/" * (4 - precise)
    if paper.abstract:
        record["abstract"] = _line(paper.abstract) + (" …" if paper.truncated else "")
    if topics := [_line(topic) for topic in keywords(paper, subjects) if topic]:
        record["keywords"] = topics
    if ids.doi:
        record["doi"] = ids.doi
    urls = [url for url in (ids.url, ids.pdf_url) if url]
    if urls:
        record["urls"] = list(dict.fromkeys(urls))
    if venue := paper.venue:
        record.update(_published(venue))
    if ids.arxiv:
        if not paper.venue:
            record["publisher"] = "arXiv"
        record["accession_number"] = f"arXiv:{ids.arxiv}"
    record["id"] = paper.key
    return record


def _published(venue: Venue) -> dict[str, str]:
    """`JO` for a journal, `T2` for proceedings or a book (as Zotero writes them), `PB` who
    published it (a thesis's school, a report's institution), `M3` a thesis's kind, `VL`,
    `IS`, `SP`, `EP`."""
    start, end = venue.page_range
    published = {
        "journal_name" if venue.kind == ARTICLE else "secondary_title": _line(venue.container),
        "publisher": _line(venue.publisher),
        "type_of_work": _THESIS_TYPES.get(venue.kind, ""),
        "volume": venue.volume,
        "number": venue.number,
        "start_page": start,
        "end_page": end,
    }
    return {name: value for name, value in published.items() if value}


def _name(person: Person) -> str:
    """`von Last, First, Jr` (`Last, First` as RIS writes a person); an organisation whole."""
    if person.corporate:
        return _line(person.name)
    parts = split_name(person)
    return _line(", ".join(part for part in (surname(person), parts.first, parts.jr) if part))


def _line(text: str) -> str:
    """A value on one line: whitespace, line breaks included, collapsed to single spaces;
    the model's `\\$` (a dollar sign, not math) written as `$`, as the other writers do."""
    return " ".join(text.split()).replace("\\$", "$")
