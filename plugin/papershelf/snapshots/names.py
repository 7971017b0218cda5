"""Author lines -> persons: split the line, keep affiliations apart, recognise organisations.

A listing's author line is `Name (Affiliation, May Hold Commas), Name, ...`; arXiv-style
metadata also writes a collaboration as `Mind Lab, :, First Author, ...`, where the lone `:`
only marks the organisation before it. How one name splits into its parts is a rule
the whole library shares (`papershelf.text.split_name`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from papershelf.model import Person
from papershelf.snapshots.latex import decode_latex
from papershelf.text import NAME_SUFFIXES

__all__ = ["AuthorLine", "parse_authors"]

_ORGANISATION_WORDS = frozenset(
    {
        "lab",
        "labs",
        "laboratory",
        "laboratories",
        "team",
        "collaboration",
        "consortium",
        "group",
        "project",
        "inc",
        "ltd",
        "llc",
        "gmbh",
        "corporation",
        "corp",
        "company",
        "institute",
        "university",
        "foundation",
        "initiative",
        "community",
        "council",
        "committee",
        "center",
        "centre",
        "organization",
        "organisation",
        "association",
        "society",
        "agency",
        "department",
        "research",
        "alliance",
        "workshop",
    }
)
_ET_AL = frozenset({"et al", "et al.", "others", "and others", "…", "...", "et. al."})
_LEADING_AND = re.compile(r"^and\s+")
_WORD_BREAKS = re.compile(r"[\s\-]+")
_NESTING_OR_COMMA = re.compile(r"[()\[\],]")


@dataclass(frozen=True)
class AuthorLine:
    """The persons of one author line, whether the list was cut short, and what looked wrong."""

    persons: tuple[Person, ...]
    truncated: bool
    problems: tuple[str, ...]


def parse_authors(line: str) -> AuthorLine:
    """Split an author line at top-level commas into persons with their affiliations."""
    tokens = _split_top_level(line)
    persons: list[Person] = []
    problems: list[str] = []
    truncated = False
    for index, token in enumerate(tokens):
        token = _LEADING_AND.sub("", token.strip())
        if not token or token == ":":
            continue
        if token.lower() in _ET_AL:
            truncated = True
            continue
        if token.lower() in NAME_SUFFIXES and persons:
            persons[-1] = replace(persons[-1], name=f"{persons[-1].name}, {token}")
            continue
        marked = index + 1 < len(tokens) and tokens[index + 1].strip() == ":"
        person, problem = _person(token, marked)
        persons.append(person)
        if problem:
            problems.append(problem)
    return AuthorLine(tuple(persons), truncated, tuple(problems))


def _split_top_level(line: str) -> list[str]:
    """Split at commas outside parentheses and brackets (affiliations contain commas).
    Only the punctuation is visited, not every character of the line."""
    if "(" not in line and "[" not in line:
        return line.split(",")
    parts: list[str] = []
    depth = 0
    start = 0
    for mark in _NESTING_OR_COMMA.finditer(line):
        char = mark.group()
        if char in "([":
            depth += 1
        elif char in ")]":
            depth = max(0, depth - 1)
        elif depth == 0:
            parts.append(line[start : mark.start()])
            start = mark.end()
    parts.append(line[start:])
    return parts


def _person(token: str, marked_organisation: bool) -> tuple[Person, str | None]:
    name, affiliation, problem = _split_affiliation(token)
    name = _clean(decode_latex(name))
    organisation = marked_organisation or _looks_like_organisation(name)
    affiliation = _clean(decode_latex(affiliation)) if affiliation else None
    return Person(name, affiliation or None, organisation), problem


def _split_affiliation(token: str) -> tuple[str, str | None, str | None]:
    """`Name (Affiliation, with commas)` -> name, affiliation. Only a parenthesis that closes
    the token is an affiliation; one that never closes (a cut-off list) is one too, reported."""
    token = token.strip()
    if token.endswith(")"):
        depth = 0
        for index in range(len(token) - 1, -1, -1):
            depth += {")": 1, "(": -1}.get(token[index], 0)
            if depth == 0:
                if index > 0:
                    return token[:index].strip(), token[index + 1 : -1].strip(), None
                break
        return token, None, None
    open_at = token.find("(")
    if open_at > 0 and ")" not in token[open_at:]:
        return (
            token[:open_at].strip(),
            token[open_at + 1 :].strip(),
            f"unclosed parenthesis in author {token!r}",
        )
    return token, None, None


def _clean(text: str) -> str:
    return " ".join(text.split())


def _looks_like_organisation(name: str) -> bool:
    words = (word.strip(".") for word in _WORD_BREAKS.split(name.lower()))
    return not _ORGANISATION_WORDS.isdisjoint(words) or name.endswith("-AI")
