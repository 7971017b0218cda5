"""`[@key]` and `[@key1; @key2, p. 4]` citations in Markdown, pandoc-style.

Pure functions over Markdown text: finding citations (outside code), checking them against
the library, the citation and reference texts, and `cite`, which rewrites a page with them:
the one rewriting that both the MkDocs plugin (`papershelf.site.rewrite`, links relative to the
page) and the Python-Markdown extension (`papershelf.markdown`, links to where the paper pages
are served) do, each with its own way of rendering a citation and the references.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from typing import TypeGuard

from papershelf.model import Person, Problem, Sighting
from papershelf.curation.lists import Resolver
from papershelf.curation.prose import prose_lines
from papershelf.text.rules import split_name, unknown_name

__all__ = [
    "REFERENCES_MARKER",
    "Citation",
    "Cite",
    "cite",
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


def cite(
    markdown: str,
    resolver: Resolver,
    citation: Callable[[tuple[Cite, ...]], str],
    references: Callable[[list[str]], str],
) -> str:
    """`markdown` with each citation replaced by `citation(cites)` (Markdown, one line) and
    each references marker line by `references(keys)`: the papers cited, in the order first
    cited. An older key cites the paper it was joined into (`papershelf.model.Paper.aliases`);
    a key the library lacks is left to `citation` to show as missing (its warning is
    `unknown_keys`)."""
    found = find_citations(markdown)
    markers = [line.index for line in prose_lines(markdown) if line.text.strip() == REFERENCES_MARKER]
    if not found and not markers:
        return markdown
    lines = markdown.split("\n")
    found = [replace(one, cites=_current(one.cites, resolver)) for one in found]
    for one in reversed(found):
        line = lines[one.line]
        lines[one.line] = line[: one.start] + citation(one.cites).strip() + line[one.end :]
    cited = [c.key for one in found for c in one.cites if c.key in resolver.papers]
    listed = references(list(dict.fromkeys(cited)))
    for index in markers:
        lines[index] = listed
    return "\n".join(lines)


def _current(cites: tuple[Cite, ...], resolver: Resolver) -> tuple[Cite, ...]:
    """Each cite under its paper's key, if the library has that paper."""
    return tuple(replace(one, key=resolver.paper_key(one.key) or one.key) for one in cites)


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
