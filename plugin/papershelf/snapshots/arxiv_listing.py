"""Reader for arXiv's listing pages (`arxiv.org/list/<category>/new`, `/recent`,
`/pastweek`), as a browser copies their text, a page-to-text tool saves it, or a browser
saves the page as HTML.

The page says its day once ("Showing new listings for Wednesday, 9 September 2026"), which
is the papers' date, as a listing's is; then sections (New submissions, Cross submissions,
Replacement submissions) of numbered entries. As text, an entry opens with `[1]` and its
fields follow in one of the designs real pages have had:

- today's, as saved by a tool that writes each of the page's text nodes on a line of its own,
  with whitespace-only lines between them: `[1]`, `arXiv:2609.05433`, `(cross-list from
  q-fin.CP)` or `(replaced)`, `[ pdf , html , other ]`, `Title:`, the title, and then the
  authors with no label at all (`Aditya Gupta , Nick Polson`), then `Comments:`,
  `Journal-ref:` and `Subjects:` each followed by its value;
- the older one, `[1] arXiv:2603.03383 [pdf, ps, other]` then `Title: ...`, `Authors: ...`,
  a label sharing its line with its value (as a browser copies either design).

So an entry is read by its structure, never by one copy's spacing: lines are compared with
their whitespace collapsed (CRLF, tabs, NBSP, blank or whitespace-only lines between fields
all read the same); a label starts a field, whose value runs to the next label; with no
`Authors:` label, the authors are the last line before the first label after the title.
`Subjects: Machine Learning (cs.LG); ...` names the primary class first (the paper's topic,
as in arXiv's feeds), and what follows its value is the abstract, which replacements lack.
A replacement is a new version of a paper announced before: it is dated by the month its
identifier was issued (`1502.05743`: February 2015), not by the page's day.
Section headings, "Total of N entries" and the page's menus and footer are never part of an
entry. Saved as HTML (`papershelf.snapshots.arxiv_page`), the same entries are `<dt>`/`<dd>`
pairs of a `<dl>`.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import replace

from papershelf.library.identifiers import arxiv_ids, find_doi
from papershelf.model import Entry, Listing, Problem, Sighting
from papershelf.snapshots.entries import RawEntry, as_later_version, build_entry, clean_space, gathered

__all__ = [
    "DAY_HEADING",
    "arxiv_entry",
    "dated_listing",
    "listing_day",
    "looks_like_arxiv_listing",
    "parse_arxiv_listing",
    "short_day",
]

_ENTRY = re.compile(r"\[(\d+)\](?: (.*))?")
_ID = re.compile(r"arXiv:(\S+)")
_LABEL = re.compile(
    r"(Title|Authors|Comments|Subjects|Journal-ref|Report-no|DOI|MSC-class|ACM-class) ?:(?: (.*))?"
)
_SECTION = re.compile(
    r"(?:New|Cross|Replacement) submissions(?: \(showing .*\))?|New submissions|Cross-lists|Replacements"
)
_CHROME = re.compile(
    r"Total of \d+ entries|Showing (?:new )?listings? for .*|Showing up to \d+ entries per page.*"
    r"|Which authors of this paper are endorsers\?.*|We gratefully acknowledge support from.*"
    r"|Disable MathJax.*"
)
"""Lines of the page, never of an entry: they end the entry above them."""
_DAY = re.compile(r"Showing\s+new\s+listings\s+for\s+\w+,\s+(\d{1,2}\s+\w+\s+\d{4})")
_OLD_DAY = re.compile(
    r"\b(?:New submissions|Cross-lists|Replacements) for (?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), "
    r"(\d{1,2} [A-Z][a-z]{2} \d{2}(?:\d{2})?)\b"
)
DAY_HEADING = re.compile(r"^\s*(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), (\d{1,2} [A-Z][a-z]{2} \d{4})\b")
"""A `/recent` or `/pastweek` page groups its entries under days: `Fri, 6 Mar 2026 (showing ...)`."""
_CLASS = re.compile(r"\(([a-z-]+(?:\.[A-Za-z-]+)?)\)")
_SUBJECTS = re.compile(r";? ?[^;()]+ \([a-z-]+(?:\.[A-Za-z-]+)?\)(?: ?;.*)?")
"""A line of a subject list (`Probability (math.PR); Mathematical Finance (q-fin.MF)`)."""
_LOOKS = re.compile(r"^[ \t\u00a0]*\[\d+\][ \t\u00a0]*(?:arXiv:|\r?\n\s*arXiv:)", re.M)
"""An entry's opening: `[1] arXiv:...`, or `[1]` with the id on a later line, past blank or
whitespace-only ones. Only spaces before `[`: a `\\s*` there, tried at every line start,
ran over every blank line below (quadratic)."""


def looks_like_arxiv_listing(text: str) -> bool:
    """Whether copied text is an arXiv listing page: numbered entries with arXiv ids."""
    return _LOOKS.search(text) is not None


def parse_arxiv_listing(text: str, file: str) -> Listing:
    lines = _lines(text)
    day = listing_day(text)
    starts = [index for index, (_, line) in enumerate(lines) if _ENTRY.fullmatch(line)]
    ends = [*starts[1:], len(lines)]
    blocks = [_until_section(lines[start:end]) for start, end in zip(starts, ends, strict=True)]
    headings = [
        (at, short_day(match[1])) for at, (_, line) in enumerate(lines) if (match := DAY_HEADING.match(line))
    ]
    days = [next((under for at, under in reversed(headings) if at < start), day) for start in starts]
    page_day = day or next(filter(None, days), None)
    read = (
        _text_entry(block, Sighting(file, block[0][0]), under, page_day is not None)
        for block, under in zip(blocks, days, strict=True)
    )
    return dated_listing(file, page_day, *gathered(read), found=len(starts))


def _lines(text: str) -> list[tuple[int, str]]:
    """The text's lines that hold anything, each with its number and its whitespace
    collapsed: how far apart a copy or a saving tool put the fields says nothing."""
    numbered = enumerate(text.split("\n"), start=1)
    collapsed = ((number, " ".join(clean_space(line).split())) for number, line in numbered)
    return [(number, line) for number, line in collapsed if line]


def _until_section(block: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """An entry's lines, up to the next section or day heading or page chrome."""
    for index, (_, line) in enumerate(block[1:], start=1):
        if _SECTION.fullmatch(line) or _CHROME.fullmatch(line) or DAY_HEADING.match(line):
            return block[:index]
    return block


def _text_entry(
    block: list[tuple[int, str]], at: Sighting, day: dt.date | None, dated: bool
) -> tuple[Entry | None, list[Problem]]:
    """One entry from its lines: the head (number, identifier, marks) up to the first label,
    then each label's value up to the next label, and the abstract after the subjects."""
    head: list[str] = []
    fields: dict[str, list[str]] = {}
    label = ""
    abstract: list[str] = []
    for _, line in block:
        if match := _LABEL.fullmatch(line):
            label = match[1].lower()
            fields[label] = [match[2]] if match[2] else []
        elif not label:
            head.append(line)
        elif label == "subjects" and (abstract or (fields[label] and not _SUBJECTS.fullmatch(line))):
            abstract.append(line)
        else:
            fields[label].append(line)
    title = fields.get("title", [])
    if "authors" not in fields and len(title) > 1:  # today's design: the authors have no label
        fields["authors"] = [title.pop()]
    values = {name: " ".join(value) for name, value in fields.items()}
    head_text = " ".join(head)
    found = _ID.search(head_text)
    replaced = "(replaced)" in head_text
    return arxiv_entry(found[1] if found else "", values, " ".join(abstract), at, day, dated, replaced)


def arxiv_entry(
    identifier: str,
    fields: dict[str, str],
    abstract: str,
    at: Sighting,
    day: dt.date | None,
    dated: bool,
    replaced: bool = False,
) -> tuple[Entry | None, list[Problem]]:
    """`dated`: whether the page says a day at all; if not, `dated_listing` says so once for the
    file, not once more for each entry. A `replaced` entry is dated by its identifier's month."""
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
    return build_entry(as_later_version(raw) if replaced else raw, classes[0] if classes else "arXiv")


def short_day(text: str) -> dt.date | None:
    """`6 Mar 2026` of a day heading."""
    try:
        return dt.datetime.strptime(text, "%d %b %Y").date()
    except ValueError:
        return None


def listing_day(text: str) -> dt.date | None:
    """The page's day: `Showing new listings for Wednesday, 9 September 2026`, or on a page
    of arXiv's layout before 2023, `New submissions for Fri, 20 Jul 18`."""
    match = _DAY.search(text)
    if match is None:
        old = _OLD_DAY.search(text)
        return (
            _parsed_day(old[1], "%d %b %y" if len(old[1].split()[-1]) == 2 else "%d %b %Y") if old else None
        )
    return _parsed_day(" ".join(match[1].split()), "%d %B %Y")


def _parsed_day(text: str, form: str) -> dt.date | None:
    try:
        return dt.datetime.strptime(text, form).date()
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
