"""Author lines -> persons: split names, keep affiliations apart, recognise organisations.

A listing's author line is `Name (Affiliation, May Hold Commas), Name, ...`; arXiv-style
metadata also writes a collaboration as `Mind Lab, :, First Author, ...`, where the lone `:`
only marks the organisation before it.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from dataclasses import dataclass, replace

from papershelf.model import Person
from papershelf.snapshots.latex import decode_latex

__all__ = ["AuthorLine", "NameParts", "ascii_fold", "parse_authors", "split_name"]

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
_PARTICLES = frozenset(
    "van von der den de del della dei degli di da das dos do du des la le les lo ten ter zu zur "
    "bin ibn al el st d".split()
)
_SUFFIXES = frozenset({"jr", "jr.", "sr", "sr.", "ii", "iii", "iv"})
_LEADING_AND = re.compile(r"^and\s+")
_WORD_BREAKS = re.compile(r"[\s\-]+")
_NESTING_OR_COMMA = re.compile(r"[()\[\],]")
_FOLD = {
    "ø": "o",
    "ß": "ss",
    "æ": "ae",
    "œ": "oe",
    "ł": "l",
    "đ": "d",
    "ð": "d",
    "þ": "th",
    "ı": "i",
    "ŋ": "ng",
    "ħ": "h",
    "ŧ": "t",
}


@dataclass(frozen=True)
class AuthorLine:
    """The persons of one author line, whether the list was cut short, and what looked wrong."""

    persons: tuple[Person, ...]
    truncated: bool
    problems: tuple[str, ...]


@dataclass(frozen=True)
class NameParts:
    """A personal name in BibTeX's four parts; `von` holds lower-case surname particles."""

    first: str
    von: str
    last: str
    jr: str


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
        if token.lower() in _SUFFIXES and persons:
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


@functools.lru_cache(maxsize=1 << 16)
def split_name(person: Person) -> NameParts:
    """BibTeX's name parts of a person: particles are the lower-case words before the surname.

    `last` may hold several words (a compound surname); writers brace it as one unit.
    Cached: keys, author pages and every export ask again for the same persons.
    """
    if person.corporate:
        return NameParts("", "", person.name, "")
    words = person.name.split()
    jr = ""
    if len(words) > 1 and words[-1].lower() in _SUFFIXES:
        jr = words.pop()
        words[-1] = words[-1].rstrip(",")
    if len(words) <= 1:
        return NameParts("", "", " ".join(words), jr)
    last_start = len(words) - 1
    while last_start > 1 and words[last_start - 1][:1].islower():
        last_start -= 1
    lower = words[last_start:-1]
    if any(word not in _PARTICLES for word in lower) and last_start > 1:
        # A lower-case word that is no nobiliary particle joins a compound surname:
        # `Zoubeirou a Mayaki`, `Ortega y Gasset`, `Silva e Souza`.
        return NameParts(" ".join(words[: last_start - 1]), "", " ".join(words[last_start - 1 :]), jr)
    return NameParts(" ".join(words[:last_start]), " ".join(lower), words[-1], jr)


def ascii_fold(text: str) -> str:
    """Lower-case ASCII letters and digits of `text` (accents dropped, ø -> o, ß -> ss)."""
    if text.isascii():  # most names and title words: nothing to decompose or map
        return _NOT_ALPHANUMERIC.sub("", text.lower())
    decomposed = unicodedata.normalize("NFKD", text.lower())
    folded = "".join(_FOLD.get(char, char) for char in decomposed if not unicodedata.combining(char))
    return _NOT_ALPHANUMERIC.sub("", folded)


_NOT_ALPHANUMERIC = re.compile(r"[^a-z0-9]")
