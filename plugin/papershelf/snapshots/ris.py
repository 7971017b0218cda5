"""Reader for RIS files (Zotero's, EndNote's and most databases' export), read with `rispy`.

Each record (`TY  -` to `ER  -`) is a paper. Authors come as `Family, Given` (`AU`, `A1`);
the date is `DA`, `PY` or `Y1` (`2019/10//`, with Zotero's `undefined` where a part is
missing), to the precision given; the abstract `AB`, or `N2` where a database writes it so;
`DO` is the DOI (RefWorks writes it in `M3`), `UR` a link. RIS has no citation key of its own
(`ID` is a record number in some exports, not a key), so papers get the usual keys.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import replace

import rispy

from papershelf.library.identifiers import find_doi, mentioned_arxiv
from papershelf.model import (
    ARTICLE,
    BOOK,
    CHAPTER,
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
from papershelf.snapshots.names import given_first
from papershelf.snapshots.entries import RawEntry, library_date, library_entry, line_numbers, published

__all__ = ["looks_like_ris", "parse_ris"]

_MENTIONS = (
    "journal_name",
    "secondary_title",
    "alternate_title1",
    "alternate_title3",
    "notes",
    "note",
    "urls",
)
"""Where a RIS record may name its arXiv paper (`JO`, `T2`, `J2`, `JF`, `N1`, `M1`, `UR`)."""
_RECORD = re.compile(r"^TY  -(?: |$)", re.MULTILINE)
_DATE = re.compile(r"^(\d{4})(?:[/-](\d{1,2})?)?(?:[/-](\d{1,2})?)?")
_PARSER = rispy.RisParser()
_RANGE = re.compile(r"\d\s*[-\u2010-\u2015]+\s*\d")


def looks_like_ris(text: str) -> bool:
    return _RECORD.search(text[:5000]) is not None and "ER  -" in text


def parse_ris(text: str, file: str) -> Listing:
    """Record by record (each `TY  -` line to the next): rispy, given the whole file, carried
    one record's last tag into the next, and a record cut after `TY  -` followed by any line
    raised a KeyError for the whole file."""
    starts = [match.start() for match in _RECORD.finditer(text)]
    lines = line_numbers(text, starts)
    entries: list[Entry] = []
    problems: list[Problem] = []
    for start, end, line in zip(starts, [*starts[1:], len(text)][: len(starts)], lines, strict=True):
        at = Sighting(file, line)
        records = _PARSER.parse(text[start:end])
        if not records:  # rispy drops a record that `ER  -` never closes
            problems.append(Problem(at, "RIS record not closed by 'ER  -'; skipped"))
        for record in records:
            title = record.get("title") or record.get("primary_title") or ""
            if not title:
                problems.append(Problem(at, "RIS record without a title; skipped"))
                continue
            entry, found = _entry(record, str(title), at)
            entries.append(entry)
            problems += found
    if not lines:
        problems.append(Problem(Sighting(file, 1), "no RIS records found"))
    return Listing(file, "", tuple(entries), tuple(problems), found=len(lines))


def _entry(record: dict[str, object], title: str, at: Sighting) -> tuple[Entry, list[Problem]]:
    people = record.get("authors") or record.get("first_authors") or []
    # rispy names `Y1` (PubMed's, RefWorks' and Ovid's date) `publication_year`
    written = record.get("date") or record.get("year") or record.get("publication_year") or ""
    date, precision = _date(str(written))
    editing = _editors(record)
    raw = RawEntry(
        title=title,
        title_at=at,
        authors=", ".join(given_first(str(person))[0] for person in people)
        if isinstance(people, list)
        else None,
        editors=", ".join(given_first(person)[0] for person in editing),
        families=tuple(
            given_first(str(person)) for person in [*(people if isinstance(people, list) else []), *editing]
        ),
        authors_at=at,
        date=date,
        abstract=str(record.get("abstract") or record.get("notes_abstract") or ""),  # `AB`, else `N2`
        ids=_ids(record),
        date_precision=precision,
        any_age=True,
        venue=_venue(record),
    )
    return library_entry(raw)


_KINDS = {
    "JOUR": ARTICLE,
    "EJOUR": ARTICLE,
    "CONF": PROCEEDINGS,
    "CPAPER": PROCEEDINGS,
    "CHAP": CHAPTER,
    "ECHAP": CHAPTER,
    "BOOK": BOOK,
    "EBOOK": BOOK,
    "EDBOOK": BOOK,
    "THES": THESIS,
    "RPRT": REPORT,
}
_EDITED = frozenset({BOOK, CHAPTER, PROCEEDINGS})
_JOURNALS = ("journal_name", "alternate_title3", "secondary_title", "alternate_title1")
_CONTAINERS = {ARTICLE: _JOURNALS, PROCEEDINGS: _JOURNALS[1:], CHAPTER: ("secondary_title",)}
"""Where each kind names what holds it: a journal in `JO`, `JF`, `T2` or `J2` (rispy's
names), proceedings or a book in `T2`."""


def _editors(record: dict[str, object]) -> list[str]:
    """`ED` (RefWorks', EndNote's), else `A2` of a book, chapter or conference paper, where
    RIS names the editors (of another kind's record `A2` is someone else: a letter's
    recipient)."""
    unknown = record.get("unknown_tag")
    edited = unknown.get("ED", []) if isinstance(unknown, dict) else []
    if not edited and _KINDS.get(str(record.get("type_of_reference", ""))) in _EDITED:
        edited = record.get("secondary_authors") or []
    return [str(person) for person in edited] if isinstance(edited, list) else []


def _venue(record: dict[str, object]) -> Venue | None:
    """A journal article's journal (`JO`, `JF`, `T2`, `J2`), a conference paper's proceedings
    or a chapter's book (`T2`), with `VL`, `IS` and `SP`-`EP`; and who published a book or
    chapter, a thesis (its university) or a report (its institution), `PB`. A thesis is a
    master's where `M3` (its type of work) says so."""
    kind = _KINDS.get(str(record.get("type_of_reference", "")))
    if kind is None:
        return None
    if kind == THESIS and "master" in _first(record.get("type_of_work")).lower():
        kind = MASTERS_THESIS
    names = _CONTAINERS.get(kind, ())
    container = next((text for name in names if (text := _first(record.get(name)))), "")
    pages = _pages(_first(record.get("start_page")), _first(record.get("end_page")))
    volume, number = _first(record.get("volume")), _first(record.get("number"))
    return published(kind, container, volume, number, pages, _first(record.get("publisher")))


def _pages(start: str, end: str) -> str:
    """`SP`-`EP`; a range that `SP` already holds whole (RefWorks writes `150 – 168` in both)."""
    if not end or end == start or _RANGE.search(start):
        return start
    return f"{start}-{end}" if start else end


def _first(value: object) -> str:
    texts = _texts(value)
    return texts[0] if texts else ""


def _date(text: str) -> tuple[dt.date | str | None, str]:
    match = _DATE.match(text.strip())
    if match is None:
        return None, DAY
    return library_date(int(match[1]), int(match[2] or 0), int(match[3] or 0), match.string)


def _ids(record: dict[str, object]) -> Identifiers:
    urls = record.get("urls") or []
    url = str(urls[0]) if isinstance(urls, list) and urls else ""
    doi = find_doi(str(record.get("doi") or "")) or find_doi(
        _first(record.get("type_of_work"))
    )  # RefWorks: `M3`
    ids = mentioned_arxiv([doi, url, *(text for name in _MENTIONS for text in _texts(record.get(name)))])
    return replace(ids, doi=doi or ids.doi, url=ids.url or url)


def _texts(value: object) -> list[str]:
    """A field's text, or a repeated field's texts (rispy gives a list for `N1`, `UR`)."""
    if isinstance(value, list):
        return [str(item) for item in value if isinstance(item, (str, int))]
    return [str(value)] if isinstance(value, (str, int)) else []
