"""`[@key]` and `[@key1; @key2, p. 4]` citations in Markdown, pandoc-style.

Pure functions over Markdown text: finding citations (outside code), checking them against
the library, and the citation and reference texts. The MkDocs adapter turns them into links.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from papershelf.model import Paper, Person, Problem, Sighting
from papershelf.prose import prose_lines
from papershelf.snapshots.names import split_name

__all__ = ["REFERENCES_MARKER", "Citation", "Cite", "author_year", "find_citations", "unknown_keys"]

REFERENCES_MARKER = "<!-- papershelf:references -->"
_GROUP = re.compile(r"\[(@[^\[\]\n]*)\]")
_PART = re.compile(r"^\s*@(?P<key>[A-Za-z0-9][A-Za-z0-9.:\-]*)(?:\s*,\s*(?P<locator>[^;]*?))?\s*$")


@dataclass(frozen=True)
class Cite:
    """One key of a citation, with an optional locator (`p. 4`)."""

    key: str
    locator: str = ""


@dataclass(frozen=True)
class Citation:
    """A bracketed citation at `line` (0-based), spanning `start:end` of that line."""

    line: int
    start: int
    end: int
    cites: tuple[Cite, ...]


def find_citations(markdown: str) -> list[Citation]:
    """Every `[@...]` group outside code whose parts are all `@key[, locator]`."""
    found = []
    for line in prose_lines(markdown):
        for match in _GROUP.finditer(line.masked):
            parts = [_PART.match(part) for part in match.group(1).split(";")]
            if all(parts):
                cites = tuple(Cite(p.group("key"), (p.group("locator") or "").strip()) for p in parts if p)
                found.append(Citation(line.index, match.start(), match.end(), cites))
    return found


def unknown_keys(
    citations: Iterable[Citation], known: set[str], file: str, first_line: int = 1
) -> list[Problem]:
    """A warning for every cited key the library does not have."""
    return [
        Problem(Sighting(file, citation.line + first_line), f"unknown citation key {cite.key!r}")
        for citation in citations
        for cite in citation.cites
        if cite.key not in known
    ]


def author_year(paper: Paper) -> str:
    """`Kim et al., 2026`, `Kim and Jeon, 2026`, `Fujitake, 2026` (`n.d.` without a date)."""
    names = [_surname(person) for person in paper.authors] or ["Anonymous"]
    if len(names) > 2 or paper.authors_truncated:
        who = f"{names[0]} et al."
    elif len(names) == 2:
        who = f"{names[0]} and {names[1]}"
    else:
        who = names[0]
    return f"{who}, {paper.date.year if paper.date else 'n.d.'}"


def _surname(person: Person) -> str:
    parts = split_name(person)
    return " ".join(part for part in (parts.von, parts.last) if part)
