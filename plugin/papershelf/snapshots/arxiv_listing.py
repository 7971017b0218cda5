"""Reader for arXiv's listing pages (`arxiv.org/list/<category>/new`, `/recent`,
`/pastweek`), as a browser copies their text or saves them as HTML.

The page says its day ("Showing new listings for Thursday, 5 March 2026"), which is the
papers' date, as a listing's is; then sections (New submissions, Cross submissions,
Replacement submissions) of numbered entries. As copied text an entry opens with `[1]`, and
its fields come in one of two designs seen in 2026: `[1] arXiv:2603.03383 [pdf, html, other]`
then `Title: ...`, `Authors: ...` a line each; or each label and value on lines of their own
(`[1]`, `arXiv:2603.03383`, `[ pdf , html , other ]`, `Title:`, the title, ...). Then
`Comments:`, `Subjects: Machine Learning (cs.LG); ...` (its first class is the primary one,
and the paper's topic, as in arXiv's feeds) and the abstract, which replacements lack.
Section headings, "Total of N entries" and the page's menus are never part of an entry.
Saved as HTML (`papershelf.snapshots.arxiv_page`), the same entries are `<dt>`/`<dd>` pairs
of a `<dl>`.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import replace

from papershelf.identifiers import arxiv_ids, find_doi
from papershelf.model import Entry, Listing, Problem, Sighting
from papershelf.snapshots.entries import RawEntry, build_entry, gathered

__all__ = [
    "DAY_HEADING",
    "arxiv_entry",
    "dated_listing",
    "listing_day",
    "looks_like_arxiv_listing",
    "parse_arxiv_listing",
    "short_day",
]

_ENTRY = re.compile(r"^\s*\[(\d+)\]\s*(.*)$")
_ID = re.compile(r"arXiv:(\S+)")
_LABEL = re.compile(
    r"^\s*(Title|Authors|Comments|Subjects|Journal-ref|Report-no|DOI|MSC-class|ACM-class):\s*(.*)$"
)
_SECTION = re.compile(r"^\s*(?:New|Cross|Replacement) submissions\b|^\s*Cross-lists?\b|^\s*Replacements?\b")
_CHROME = re.compile(r"^\s*(?:Total of \d+ entries|Showing (?:new )?listings? for|Which authors of this)")
_DAY = re.compile(r"Showing new listings for \w+, (\d{1,2} \w+ \d{4})")
DAY_HEADING = re.compile(r"^\s*(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), (\d{1,2} [A-Z][a-z]{2} \d{4})\b")
"""A `/recent` or `/pastweek` page groups its entries under days: `Fri, 6 Mar 2026 (showing ...)`."""
_CLASS = re.compile(r"\(([a-z-]+(?:\.[A-Za-z-]+)?)\)")
_LOOKS = re.compile(r"^[ \t]*\[\d+\][ \t]*(?:\n[ \t]*)?arXiv:\S+", re.M)
"""An entry's opening: `[1] arXiv:...`, or `[1]` with the id on the next line. No `\\s*`
after `^`: tried at every line start, it ran over every blank line below (quadratic)."""


def looks_like_arxiv_listing(text: str) -> bool:
    """Whether copied text is an arXiv listing page: numbered entries with arXiv ids."""
    return _LOOKS.search(text) is not None


def parse_arxiv_listing(text: str, file: str) -> Listing:
    lines = text.split("\n")
    day = listing_day(text)
    starts = [index for index, line in enumerate(lines) if _ENTRY.match(line)]
    ends = [*starts[1:], len(lines)]
    blocks = (_until_section(lines[start:end]) for start, end in zip(starts, ends, strict=True))
    headings = [
        (at, short_day(match[1])) for at, line in enumerate(lines) if (match := DAY_HEADING.match(line))
    ]
    days = [next((under for at, under in reversed(headings) if at < start), day) for start in starts]
    page_day = day or next(filter(None, days), None)
    read = (
        _text_entry(block, Sighting(file, start + 1), under, page_day is not None)
        for start, block, under in zip(starts, blocks, days, strict=True)
    )
    return dated_listing(file, page_day, *gathered(read), found=len(starts))


def _until_section(block: list[str]) -> list[str]:
    """An entry's lines, up to the next section or day heading or page chrome."""
    for index, line in enumerate(block[1:], start=1):
        if _SECTION.match(line) or _CHROME.match(line) or DAY_HEADING.match(line):
            return block[:index]
    return block


def _text_entry(
    block: list[str], at: Sighting, day: dt.date | None, dated: bool
) -> tuple[Entry | None, list[Problem]]:
    fields: dict[str, str] = {}
    label = ""
    rest: list[str] = []
    identifier = ""
    for line in block:
        if not identifier and (found := _ID.search(line)):
            identifier = found[1]
            continue
        if match := _LABEL.match(line):
            label = match[1].lower()
            fields[label] = match[2].strip()
        elif label and not fields[label] and line.strip():
            fields[label] = line.strip()  # the later design: the value on the next line
        elif label and label != "subjects" and line.startswith((" ", "\t")) and line.strip():
            fields[label] += " " + line.strip()
        elif label == "subjects" or (label and fields.get(label)):
            rest.append(line)
    return arxiv_entry(identifier, fields, " ".join(" ".join(rest).split()), at, day, dated)


def arxiv_entry(
    identifier: str, fields: dict[str, str], abstract: str, at: Sighting, day: dt.date | None, dated: bool
) -> tuple[Entry | None, list[Problem]]:
    """`dated`: whether the page says a day at all; if not, `dated_listing` says so once for the
    file, not once more for each entry."""
    classes = _CLASS.findall(fields.get("subjects", ""))
    ids = arxiv_ids(identifier, classes[0] if classes else "")
    if not ids or not fields.get("title"):
        return None, [Problem(at, "listing entry without an arXiv id or title; skipped")]
    if doi := find_doi(fields.get("doi", "")):
        ids = replace(ids, doi=doi)
    raw = RawEntry(
        title=fields["title"],
        title_at=at,
        authors=fields.get("authors"),
        authors_at=at,
        date=day,
        abstract=abstract,
        ids=ids,
        abstract_expected=False,  # replacements carry none
        date_expected=dated,
    )
    return build_entry(raw, classes[0] if classes else "arXiv")


def short_day(text: str) -> dt.date | None:
    """`6 Mar 2026` of a day heading."""
    try:
        return dt.datetime.strptime(text, "%d %b %Y").date()
    except ValueError:
        return None


def listing_day(text: str) -> dt.date | None:
    match = _DAY.search(text)
    if match is None:
        return None
    try:
        return dt.datetime.strptime(match[1], "%d %B %Y").date()
    except ValueError:
        return None


def dated_listing(
    file: str, day: dt.date | None, entries: list[Entry], problems: list[Problem], found: int
) -> Listing:
    """The page's listing; `day` is the page's (or its first heading's): a page that says
    none leaves its papers undated, once said."""
    if day is None and entries:
        problems.insert(
            0, Problem(Sighting(file, 1), "no 'Showing new listings for <day>' line: papers undated")
        )
    return Listing(file, entries[0].topic if entries else "", tuple(entries), tuple(problems), found=found)
