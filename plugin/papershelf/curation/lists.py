"""Reading lists: Markdown pages whose task-list items name papers.

    - [x] @kim2026operating: Read first; the failure catalogue is the useful part.
    - [/] "EdgeXpert: An Edge Device for Memory-Efficient LLM Inference"
    - [ ] topic:kv-cache date:2026-08-01..2026-08-31
    - [-] author:"Bo Li": Not my area after all.

The box gives the status: `[ ]` to read, `[/]` reading, `[x]` read, `[-]` skipped. Then a
paper by citation key (`@key`) or by title (`"..."`, a unique start of the title is enough),
or a query that expands to papers (`topic:SLUG`, `author:NAME`, `date:FROM..TO` with
`YYYY`, `YYYY-MM` or `YYYY-MM-DD` ends; several fields must all hold). Anything after the
reference, or on indented lines below it, is the note (Markdown). Other list items are left
alone; items inside code are not entries.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property

from papershelf.model import Library, Paper, Problem, Sighting
from papershelf.curation.prose import prose_lines
from papershelf.text.rules import fold_title, unknown_name

__all__ = ["STATUSES", "ListEntry", "ReadingList", "Resolver", "parse_reading_list", "resolver_for", "tally"]

STATUSES = {" ": "to read", "/": "reading", "x": "read", "X": "read", "-": "skipped"}
_ITEM = re.compile(r"^(?P<indent>\s*)[-*+]\s+\[(?P<box>.)\]\s+(?P<rest>.*)$")
_KEY = re.compile(r"^@(?P<key>[A-Za-z0-9](?:[A-Za-z0-9_.:\-]*[A-Za-z0-9_])?)")
_TITLE = re.compile(r'^(?:"(?P<plain>[^"]+)"|“(?P<curly>[^”]+)”)')
_FIELD = re.compile(r'^(?P<name>topic|author|date):(?:"(?P<quoted>[^"]*)"|(?P<bare>[^\s:"]+))')
_NOTE_START = re.compile(r"^\s*(?:[:—–]|-\s)\s*")
_DATE_END = re.compile(r"^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$")


@dataclass(frozen=True)
class Resolver:
    """What entries can name: papers (newest first), titles, topics and authors."""

    papers: Mapping[str, Paper]
    topics: Mapping[str, tuple[str, ...]]
    authors: Mapping[str, tuple[str, ...]]
    author_slugs: Mapping[str, str] = field(default_factory=dict)
    aliases: Mapping[str, str] = field(default_factory=dict)
    """The paper key each older key stands for (`papershelf.model.Paper.aliases`)."""
    author_names: Mapping[str, str] = field(default_factory=dict)
    """Each author slug's displayed name: what a misspelt `author:` is offered."""

    @property
    def keys(self) -> set[str]:
        """Every key a citation may name: each paper's, and the older keys they replace."""
        return set(self.papers) | set(self.aliases)

    def paper_key(self, key: str) -> str | None:
        """The key of the paper `key` names (its own or an older one), if any."""
        key = self.aliases.get(key, key)
        return key if key in self.papers else None

    @cached_property
    def titles(self) -> dict[str, str]:
        """Each paper's title as `fold_title` folds it, by key: folded once, for every
        entry that names a paper by its title (each would fold them all again)."""
        return {key: fold_title(paper.title) for key, paper in self.papers.items()}


@dataclass(frozen=True)
class ListEntry:
    """One entry: its lines (0-based, `first..last` inclusive), status, reference, note and
    the papers it names (several for a query, none when it could not be resolved)."""

    first: int
    last: int
    status: str
    reference: str
    note: str
    keys: tuple[str, ...]
    query: bool = False


@dataclass(frozen=True)
class ReadingList:
    """A reading list page: entries in the author's order and the papers they name."""

    name: str
    title: str
    entries: tuple[ListEntry, ...]

    @property
    def keys(self) -> tuple[str, ...]:
        """Every named paper once, in list order."""
        return tuple(dict.fromkeys(key for entry in self.entries for key in entry.keys))

    def status_of(self, key: str) -> str:
        """An explicit entry's status wins over one from a query."""
        explicit = [e.status for e in self.entries if key in e.keys and not e.query]
        return (explicit or [e.status for e in self.entries if key in e.keys])[0]


def parse_reading_list(
    markdown: str, name: str, title: str, resolver: Resolver, file: str, first_line: int = 1
) -> tuple[ReadingList, list[Problem]]:
    """Entries of a reading-list page. `first_line` is the file line of the markdown's first
    line (after front matter), so that problems name the line in the file."""
    lines = markdown.split("\n")
    entries: list[ListEntry] = []
    problems: list[Problem] = []
    prose = {line.index for line in prose_lines(markdown)}
    for index in sorted(prose):
        match = _ITEM.match(lines[index])
        if match is None or any(e.first <= index <= e.last for e in entries):
            continue
        where = Sighting(file, index + first_line)
        if match.group("box") not in STATUSES:
            problems.append(
                Problem(where, f"unknown status [{match.group('box')}]; use [ ], [/], [x] or [-]")
            )
            continue
        last = _continuation_end(lines, index, len(match.group("indent")))
        entry, problem = _entry(match, lines[index + 1 : last + 1], index, last, resolver)
        if problem:
            problems.append(Problem(where, problem))
        if entry is not None:
            entries.append(entry)
    return ReadingList(name, title, _without_repeats(entries)), problems


def _without_repeats(entries: list[ListEntry]) -> tuple[ListEntry, ...]:
    """A query does not repeat papers the list names one by one (anywhere in the list)."""
    explicit = {key for entry in entries if not entry.query for key in entry.keys}
    return tuple(
        replace(entry, keys=tuple(key for key in entry.keys if key not in explicit)) if entry.query else entry
        for entry in entries
    )


def _continuation_end(lines: list[str], index: int, indent: int) -> int:
    """The last line of an item: following lines indented deeper, blank lines between them."""
    last = index
    for position in range(index + 1, len(lines)):
        line = lines[position]
        if not line.strip():
            continue
        if len(line) - len(line.lstrip()) <= indent:
            break
        last = position
    return last


def _entry(
    match: re.Match[str], more: list[str], first: int, last: int, resolver: Resolver
) -> tuple[ListEntry | None, str | None]:
    rest = match.group("rest").strip()
    status = STATUSES[match.group("box")]
    continuation = "\n".join(line.strip() for line in more).strip()
    if key := _KEY.match(rest):
        named = key.group("key")
        note = _note(rest[key.end() :], continuation)
        found = resolver.paper_key(named)
        problem = None if found else unknown_name("citation key", named, resolver.papers)
        return ListEntry(first, last, status, key.group(), note, (found,) if found else ()), problem
    if title := _TITLE.match(rest):
        wanted = title.group("plain") or title.group("curly")
        keys, problem = _by_title(wanted, resolver)
        return ListEntry(
            first, last, status, title.group(), _note(rest[title.end() :], continuation), keys
        ), problem
    fields, end = _fields(rest)
    if fields:
        keys, problem = _query(fields, resolver)
        note = _note(rest[end:], continuation)
        return ListEntry(first, last, status, rest[:end].strip(), note, keys, query=True), problem
    return None, f'malformed entry {rest[:60]!r}: expected @key, "title" or topic:/author:/date: query'


def _note(tail: str, continuation: str) -> str:
    head = _NOTE_START.sub("", tail, count=1).strip()
    return "\n".join(part for part in (head, continuation) if part)


def _by_title(wanted: str, resolver: Resolver) -> tuple[tuple[str, ...], str | None]:
    folded = fold_title(wanted)
    titles = resolver.titles
    exact = [key for key, title in titles.items() if title == folded]
    matches = exact or [key for key, title in titles.items() if folded and title.startswith(folded)]
    if len(matches) == 1:
        return (matches[0],), None
    if not matches:
        return (), f"no paper titled {wanted!r}"
    return (), f"title {wanted!r} matches {len(matches)} papers ({', '.join(matches[:5])}); use @key"


def _fields(rest: str) -> tuple[list[tuple[str, str]], int]:
    fields: list[tuple[str, str]] = []
    position = 0
    while True:
        match = _FIELD.match(rest[position:].lstrip())
        if match is None:
            return fields, position
        position = len(rest) - len(rest[position:].lstrip()) + match.end()
        fields.append(
            (
                match.group("name"),
                match.group("quoted") if match.group("quoted") is not None else match.group("bare"),
            )
        )


def _query(fields: Iterable[tuple[str, str]], resolver: Resolver) -> tuple[tuple[str, ...], str | None]:
    """Papers (newest first) that satisfy every field."""
    selected = list(resolver.papers)
    for name, value in fields:
        if name == "topic":
            if value not in resolver.topics:
                return (), unknown_name("topic", value, resolver.topics)
            members = set(resolver.topics[value])
        elif name == "author":
            slug = value if value in resolver.authors else resolver.author_slugs.get(fold_title(value))
            if slug is None:
                return (), unknown_name("author", value, resolver.author_names.values())
            members = set(resolver.authors[slug])
        else:
            span = _date_span(value)
            if span is None:
                return (), f"unreadable date range {value!r}; use FROM..TO with YYYY, YYYY-MM or YYYY-MM-DD"
            start, end = span
            members = {k for k, p in resolver.papers.items() if p.date and start <= p.date <= end}
        selected = [key for key in selected if key in members]
    return tuple(selected), None if selected else "query matches no paper"


def _date_span(value: str) -> tuple[dt.date, dt.date] | None:
    """`2026-08` is the whole month; `2026-08-01..2026-08-15`, `2026..` and `..2026-06` are ranges."""
    start_text, separator, end_text = value.partition("..")
    if not separator:
        end_text = start_text
    start = _date_end(start_text, first=True) if start_text else dt.date.min
    end = _date_end(end_text, first=False) if end_text else dt.date.max
    if start is None or end is None or start > end:
        return None
    return start, end


def _date_end(text: str, first: bool) -> dt.date | None:
    match = _DATE_END.match(text)
    if match is None:
        return None
    year, month, day = int(match.group(1)), match.group(2), match.group(3)
    try:
        if day:
            return dt.date(year, int(month), int(day))
        if month:
            start = dt.date(year, int(month), 1)
            following = dt.date(year + (start.month == 12), start.month % 12 + 1, 1)
            return start if first else following - dt.timedelta(days=1)
        return dt.date(year, 1, 1) if first else dt.date(year, 12, 31)
    except ValueError:
        return None


def tally(reading_list: ReadingList) -> dict[str, int]:
    """How many of the list's papers have each status."""
    counts = dict.fromkeys(STATUSES.values(), 0)
    for key in reading_list.keys:
        counts[reading_list.status_of(key)] += 1
    return counts


def resolver_for(
    library: Library,
    topics: Mapping[str, tuple[str, ...]],
    authors: Mapping[str, tuple[str, ...]],
    names: Mapping[str, str],
) -> Resolver:
    """A resolver over a library; `names` maps each author slug to the displayed name."""
    folded = {fold_title(name): slug for slug, name in names.items()}
    return Resolver(library.by_key, topics, authors, folded, library.aliases, names)
