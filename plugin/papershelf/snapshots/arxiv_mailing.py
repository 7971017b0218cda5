"""Reader for arXiv's daily mailings (the e-mail digest of new submissions), saved as text.

A mailing starts with e-mail headers (`Date:`, `Subject: q-fin daily ...`) and the window of
submissions it announces (`received from  Wed 15 Mar 23 18:00:00 GMT  to  Thu 16 Mar 23
18:00:00 GMT`); each paper is a record between `\\\\` lines: `arXiv:ID` (with
`(*cross-listing*)` for a cross-list), a `Date: Wed, 15 Mar 2023 18:34:08 GMT (243kb,D)` line
or `replaced with revised version <date>`, then `Key: value` fields (`Title`, `Authors`,
`Categories`, `DOI`, ...) whose long values go on in indented lines, then `\\\\`, the
abstract, and `\\\\ ( https://arxiv.org/abs/ID , size)`. Replacements carry no abstract. A
past-week listing has no abstracts either, and groups its records under `/* Fri, 3 Mar 2023 */`
lines.

A paper's date is its record's own: the day its `Date:` line gives, when the version announced
was submitted. It is a date every new record carries, so a mailing copied out of a webmail
without its headers, or a few records of it, dates each paper as the whole mailing does. A
record without that line falls back to its `/* day */` line, the window's end, or the e-mail's
`Date:` header. A replacement (`replaced with revised version <date>`) is a later version of a
paper announced before: its day is the revision's, so it is dated by the month its identifier
was issued (`entries.as_later_version`), as in every arXiv reader. A webmail copy may indent
with tabs or no-break spaces and end lines with CRLF: the text is read as arXiv sent it
(`_normalised`).

Authors are joined with commas and `and`; numbered affiliations (`Ann Lee (1), Bo Wu (1
and 2) ((1) Kyoto U., (2) JAXA)`) are put back beside each name.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, replace

from papershelf.library.identifiers import arxiv_ids, find_doi
from papershelf.model import Entry, Listing, Problem, Sighting
from papershelf.snapshots.dates import parse_mail_date
from papershelf.snapshots.entries import RawEntry, as_later_version, build_entry, clean_space, line_numbers

__all__ = ["looks_like_arxiv_mailing", "parse_arxiv_mailing"]

_RECORD_START = re.compile(r"^\\\\\n((?:arXiv|Paper):\s*\S+)", re.MULTILINE)
_MAILING = re.compile(
    r"^\\\\\n(?:arXiv|Paper):\s*\S+.*\n(?:From:.*\n)?(?:Date:|replaced with|\n?Title:)", re.MULTILINE
)
"""A record's opening: `arXiv:ID` (`Paper: hep-th/9612115` until 2007, with the sender's
`From:` line before the date until some years later)."""
_OLD_ID = re.compile(r"\b([a-z-]+(?:\.[A-Z]{2})?)/\d{7}\b")
_REPLACED = re.compile(r"^replaced with revised version (.+)$")
_WINDOW = re.compile(r"^ *received from .+? to +(.+)$", re.MULTILINE)
_HEADER_DATE = re.compile(r"^Date: (.+)$", re.MULTILINE)
_LINE_ENDS = re.compile(r"\r\n?")
_TRAILING_SPACE = re.compile(r" +$", re.MULTILINE)
_DAY_HEADER = re.compile(r"^/\* (.+?) \*/$", re.MULTILINE)
_FIELD = re.compile(r"^([A-Za-z-]+): ?(.*)$")
_NUMBERED = re.compile(r"\((\d+)\)\s*")
_MARKS = re.compile(
    r"(,\s*(?=\([^()]*\)\s*(?:,|and\b|$)))?\(\s*(\d+(?:\s*(?:,|and)\s*\d+)*)\s*(?:,\s*([^()]*))?\)"
)
"""A name's affiliation numbers (`(1 and 2)`, `(5, on behalf of the team)`), and a comma an
author put before them when they end the name (`Myung Gyoon Lee, (1), and ...`), which would
part them from it; not when a name follows them (`Alice Smith, (2) Bob Jones`)."""


def looks_like_arxiv_mailing(text: str) -> bool:
    """Whether a text snapshot is an arXiv mailing: records that open with `arXiv:ID` and
    a `Date:` or `replaced with` line (or, where that was lost, the `Title:`)."""
    return _MAILING.search(_normalised(text)) is not None


def parse_arxiv_mailing(text: str, file: str) -> Listing:
    text = _normalised(text)
    days = [(match.start(), _day(match[1])) for match in _DAY_HEADER.finditer(text)]
    starts = [match.start() for match in _RECORD_START.finditer(text)]
    announced = _announced(text[: starts[0] if starts else len(text)])
    lines = line_numbers(text, starts)
    entries: list[Entry] = []
    problems: list[Problem] = []
    for number, start in enumerate(starts):
        end = starts[number + 1] if number + 1 < len(starts) else len(text)
        day = next((day for at, day in reversed(days) if at < start), announced)
        line = lines[number] + 1  # the `arXiv:` line
        entry, found = _entry(_Record.of(text[start:end], line), file, day)
        problems += found
        if entry is not None:
            entries.append(entry)
    topic = entries[0].topic if entries else ""
    return Listing(file, topic, tuple(entries), tuple(problems), found=len(starts))


@dataclass(frozen=True)
class _Record:
    """One record's identifier line, fields (with their lines) and abstract."""

    heading: str
    line: int
    fields: dict[str, tuple[str, int]]
    abstract: str

    @classmethod
    def of(cls, text: str, line: int) -> _Record:
        lines = text.split("\n")[1:]  # after the opening `\\`
        fields: dict[str, tuple[str, int]] = {}
        name = ""
        index = 1
        while index < len(lines) and lines[index] != "\\\\":
            current = lines[index]
            if current.startswith(" ") and name:
                value, at = fields[name]
                fields[name] = (f"{value} {current.strip()}", at)
            elif replaced := _REPLACED.match(current):
                name = ""
                fields["replaced"] = (replaced[1], line + index)
            elif match := _FIELD.match(current):
                name = match[1].lower()
                fields[name] = (match[2].strip(), line + index)
            index += 1
        body = lines[index + 1 :]
        # the record ends at its `\\ ( https://arxiv.org/abs/ID , size)` line: what follows
        # the last one (a mailing's footer, a quoting page's prose) is no part of its abstract
        end = next((at for at, part in enumerate(body) if part.startswith("\\\\ (")), len(body))
        abstract = [part for part in body[:end] if not part.startswith(("----", "%", "/*", "\\\\"))]
        return cls(lines[0], line, fields, "\n".join(abstract).strip())

    def field(self, name: str) -> str:
        return self.fields.get(name, ("", self.line))[0]

    def at(self, name: str, file: str) -> Sighting:
        return Sighting(file, self.fields.get(name, ("", self.line))[1])


def _entry(record: _Record, file: str, listed: dt.date | None) -> tuple[Entry | None, list[Problem]]:
    """The record's paper, dated by its own `Date:` line, else `listed`; a replacement by its
    identifier's month."""
    # until 2007 an identifier named its archive (`hep-th/9612115`), and a record no categories
    classes = record.field("categories").split() or _archive(record.heading)
    ids = arxiv_ids(record.heading, classes[0] if classes else "")
    title = record.field("title")
    if not ids or not title:
        return None, [
            Problem(Sighting(file, record.line), "mailing record without an arXiv id or title; skipped")
        ]
    if doi := find_doi(record.field("doi")):
        ids = replace(ids, doi=doi)
    authors = "authors" if "authors" in record.fields else "author"  # a record of one, until 2000
    raw = RawEntry(
        title=title,
        title_at=record.at("title", file),
        authors=_authors(record.field(authors)),
        authors_at=record.at(authors, file),
        date=_day(record.field("date")) or listed,
        abstract=record.abstract,
        ids=ids,
        abstract_expected=False,  # replacements and past-week listings carry none
    )
    later = "replaced" in record.fields
    return build_entry(as_later_version(raw) if later else raw, classes[0] if classes else "arXiv")


def _archive(heading: str) -> list[str]:
    """The archive an identifier of before 2007 names (`hep-th` of `hep-th/9612115`)."""
    match = _OLD_ID.search(heading)
    return [match[1]] if match else []


def _authors(line: str) -> str:
    """`A, B and C ((1) X, (2) Y)` with numbers -> `A (X), B (X; Y), C`, commas only. Numbers
    the line gives no key for (arXiv's mailings cut some keys off) are no affiliation: they
    are left out, and a note beside them kept (`(5, on behalf of the team)`)."""
    affiliations = {}
    group = _trailing_group(line)
    if group is not None and _NUMBERED.search(line[group + 1 : -1]):
        parts = _NUMBERED.split(line[group + 1 : -1])
        affiliations = {parts[i]: parts[i + 1].strip(" ,") for i in range(1, len(parts) - 1, 2)}
        line = line[:group].rstrip()

    def named(marks: re.Match[str]) -> str:
        numbers = re.findall(r"\d+", marks[2])
        names = [affiliations[number] for number in numbers if number in affiliations]
        names += [marks[3].strip()] if marks[3] else []
        space = " " if marks[1] else ""
        return space + "(" + "; ".join(names) + ")" if names else ""

    line = _MARKS.sub(named, line)
    return re.sub(r",?\s+and\s+(?![^()]*\))", ", ", line)


def _trailing_group(line: str) -> int | None:
    """Where the last top-level parenthesis group starts, if the line ends with one."""
    if not line.endswith(")"):
        return None
    depth = 0
    for index in range(len(line) - 1, -1, -1):
        depth += {")": 1, "(": -1}.get(line[index], 0)
        if depth == 0:
            return index if line[index] == "(" else None
    return None


def _normalised(text: str) -> str:
    """The text with the spaces and line ends arXiv sent: a webmail copy's CRLF, tabs and
    no-break spaces (which indent continuation lines there) and trailing spaces undone."""
    return _TRAILING_SPACE.sub("", clean_space(_LINE_ENDS.sub("\n", text)))


def _announced(preamble: str) -> dt.date | None:
    """The day the text before the first record names: the end of the window of
    submissions, else the e-mail's `Date:` header."""
    found = _WINDOW.search(preamble) or _HEADER_DATE.search(preamble)
    return _day(found[1]) if found else None


def _day(text: str) -> dt.date | None:
    """`Fri, 17 Mar 23 00:31:14 GMT`, `Wed, 15 Mar 2023 18:34:08 GMT   (243kb,D)` (the
    size is ignored) or `Fri, 3 Mar 2023`."""
    day = parse_mail_date(text)
    if day is not None:
        return day
    try:
        return dt.datetime.strptime(text.strip(), "%a, %d %b %Y").date()
    except ValueError:
        return None
