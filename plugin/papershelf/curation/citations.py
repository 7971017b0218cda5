"""`[@key]` and `[@key1; @key2, p. 4]` citations in Markdown, pandoc-style.

Pure functions over Markdown text: finding citations (outside code), checking them against
the library, and the citation and reference texts. The MkDocs adapter turns them into links.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import TypeGuard

from papershelf.model import Person, Problem, Sighting
from papershelf.curation.prose import prose_lines
from papershelf.text.rules import split_name, unknown_name

__all__ = [
    "REFERENCES_MARKER",
    "Citation",
    "Cite",
    "find_citations",
    "malformed_citations",
    "surname",
    "unknown_keys",
]

REFERENCES_MARKER = "<!-- papershelf:references -->"
# `[@...]`, unless escaped (`\[@`) or part of a Markdown link: its text (`[@handle](https://...)`,
# `[@handle][]`) or its label (`[text][@label]`).
_GROUP = re.compile(r"(?<![\\\]])\[(@[^\[\]\n]*)\](?![(\[])")
_DEFINITION = re.compile(r"^ {0,3}\[[^\]]*\]:")  # a link reference definition: `[@handle]: https://...`
_PART = re.compile(r"^\s*@(?P<key>[A-Za-z0-9][A-Za-z0-9_.:\-]*)(?:\s*,\s*(?P<locator>[^;]*?))?\s*$")


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
    for index, group, parts in _groups(markdown):
        if _well_formed(parts):
            cites = tuple(Cite(part["key"], (part["locator"] or "").strip()) for part in parts)
            found.append(Citation(index, group.start(), group.end(), cites))
    return found


def malformed_citations(markdown: str, file: str, first_line: int = 1) -> list[Problem]:
    """A warning for every `[@...]` group outside code that is not a citation (`[@a;]`,
    `[@]`, `[@ a]`): it stays literal text on the page, which the author did not mean."""
    return [
        Problem(
            Sighting(file, index + first_line),
            f"malformed citation {group.group()!r}: write [@key] or [@key1; @key2, p. 4]",
        )
        for index, group, parts in _groups(markdown)
        if not _well_formed(parts)
    ]


def _groups(markdown: str) -> Iterator[tuple[int, re.Match[str], list[re.Match[str] | None]]]:
    """Each `[@...]` group in prose: its line (0-based), the match, and each `;` part read as
    `@key[, locator]` (None where a part is not one)."""
    for line in prose_lines(markdown):
        if _DEFINITION.match(line.masked):
            continue
        for group in _GROUP.finditer(line.masked):
            yield line.index, group, [_PART.match(part) for part in group.group(1).split(";")]


def _well_formed(parts: list[re.Match[str] | None]) -> TypeGuard[list[re.Match[str]]]:
    """Every part of the group is `@key[, locator]`."""
    return all(part is not None for part in parts)


def unknown_keys(
    citations: Iterable[Citation], known: set[str], file: str, first_line: int = 1
) -> list[Problem]:
    """A warning for every cited key the library does not have, with the keys it may mean."""
    return [
        Problem(Sighting(file, citation.line + first_line), unknown_name("citation key", cite.key, known))
        for citation in citations
        for cite in citation.cites
        if cite.key not in known
    ]


def surname(person: Person) -> str:
    """What an author-year citation calls an author: `von Neumann`, `Kim`
    (`papershelf.pages.wording.Wording.author_year`)."""
    parts = split_name(person)
    return " ".join(part for part in (parts.von, parts.last) if part)
