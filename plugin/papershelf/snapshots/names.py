"""Author lines -> persons: split the line, keep affiliations apart, recognise organisations.

A listing's author line is `Name (Affiliation, May Hold Commas), Name, ...`; arXiv-style
metadata also writes a collaboration as `Mind Lab, :, First Author, ...`, where the lone `:`
only marks the organisation before it. How one name splits into its parts is a rule
the whole library shares (`papershelf.text.rules.split_name`).

Whether a line is an author line at all is `reads_as_names`: a text listing has no markup to
say so, and a line after a bullet in a README or a changelog is no author line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from papershelf.indexes.commonness import common_word
from papershelf.model import Person
from papershelf.snapshots.latex import decode_latex
from papershelf.text.rules import NAME_PARTICLES, NAME_SUFFIXES, STOP_WORDS

__all__ = ["AuthorLine", "given_first", "parse_authors", "reads_as_names"]

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
        "international",
        "union",
        "watch",
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
        if _cut_short(token):
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


def _cut_short(token: str) -> bool:
    """Whether the token only says the list goes on: `et al.`, `others`, or arXiv's
    `et al. (97 additional authors not shown)`, whose parenthesis is no affiliation."""
    return token.lower() in _ET_AL or _split_affiliation(token)[0].lower() in _ET_AL


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


def given_first(inverted: str) -> tuple[str, str]:
    """A name a source writes family name first, as a listing writes it, and its family part:
    `Riedl, Mark O.` is Mark O. Riedl of the Riedl family; a suffix, after the given names
    (RIS's `Smith, John, Jr.`) or before them (BibTeX's `Smith, Jr., John`), stays with its
    person as `parse_authors` keeps it (`John Smith, Jr.`). A name without a comma is as it
    is, its family left to the name reader (a person given name first, or an organisation)."""
    parts = [part.strip() for part in inverted.split(",")]
    if len(parts) == 3 and all(parts):
        family, given, suffix = parts
        if given.lower() in NAME_SUFFIXES:
            given, suffix = suffix, given
        return f"{given} {family}, {suffix}", family
    if len(parts) == 2 and all(parts):
        return f"{parts[1]} {parts[0]}", parts[0]
    return inverted.strip(), ""


def _clean(text: str) -> str:
    return " ".join(text.split())


def _looks_like_organisation(name: str) -> bool:
    words = (word.strip(".") for word in _WORD_BREAKS.split(name.lower()))
    return not _ORGANISATION_WORDS.isdisjoint(words) or name.endswith("-AI")


# -- Whether a line reads as names -------------------------------------------------------

_MARKUP = re.compile(
    r"^\s*(?:#|>|\||\d+[.)]\s|[-*+]\s)"  # a heading, a quote, a table row, a list item
    r"|\]\(|!\[|`|\s\|\s|\*\*|__"  # a link or an image, code, a table cell, bold
)
_URL = re.compile(r"://|\bwww\.", re.IGNORECASE)
_SENTENCE_END = re.compile(r"(?:[!?。！？]|(?P<word>[^\W\d_]{3,})\.)$")
_ABBREVIATIONS = frozenset({"inc", "ltd", "corp", "llc", "gmbh"})
_SEPARATORS = re.compile(r";|\s+(?:and|&|·)\s+")
_PARENTHESES = re.compile(r"\([^()]*\)")
_JOINERS = NAME_PARTICLES | {"a", "e", "i", "y", "af", "av", "ap", "op", "te", "ben", "bint"}
_NUMBER = re.compile(r"[+#~]?\d[\d.,:/\u2013-]*")
_LOWER_WORD = re.compile(r"[^\W\d_][^\W\d_'’.-]*")
_INITIALS = re.compile(r"(?:\w\.-?)+")
_INNER_CAPITAL = re.compile(r"[a-z][A-Z]")
_NAME, _LOWER, _NEUTRAL, _NO_NAME = "name", "lower", "neutral", "no name"
_MAX_NAME_WORDS = 8


def reads_as_names(line: str) -> bool:
    """Whether an author line (before its ` · date`) reads as the names of people or groups.

    A text listing has no markup that says "authors": the line after a title is taken for them.
    In text that is no listing (a README, release notes, meeting notes, a page copied with
    its menu), the line after a bullet is a heading, a label, a count, a sentence or another
    item, and taking it for authors made papers of them. So a line is read as names only when:

    - it holds no Markdown structure (a heading `#`, a quote, a table `|`, a list item, a
      `[link](url)`, code in backticks, bold) and no URL: names are plain text;
    - it is no label (`Authors:`, `Fixed:` end with a colon, which only announces what follows)
      and no sentence (ending with `.`, `!` or `?` after a word; `J.`, `et al.`, `Jr.` and
      `Inc.` are names' own periods);
    - every name in it (split at commas, `;`, `and`, `&`, `·`, affiliations in parentheses
      left out) reads as a name (`_reads_as_a_name`): no count (`+6`), date or handle;
    - it is not a row of single words (`Home, About, Blog`: a menu or a list of tags), unless
      an initial shows them to be a surname and its given names (`García-Pérez, M.`) or the
      one word is a group's name (`OpenAI`, `DeepSeek-AI`).

    What it cannot tell from names is a line of capitalised words (`Getting Started`); a
    file made of such items is still no listing, as most of its items fail (see
    `papershelf.snapshots.reader`).
    """
    line = line.strip()
    plain = decode_latex(line)  # `Niccol\\`o`, `L\\'ea`: accents, not Markdown's code or quotes
    if not plain or _MARKUP.search(plain) or _URL.search(plain) or plain.endswith(":"):
        return False
    if (end := _SENTENCE_END.search(plain)) and (end["word"] or "").lower() not in _ABBREVIATIONS | {"al"}:
        return False
    names = [
        words
        for token in _split_top_level(line)
        for part in _SEPARATORS.split(token)
        if (words := _name_words(part))
    ]
    if not names or not all(_reads_as_a_name(words) for words in names):
        return False
    return any(len(words) > 1 or _stands_alone(words[0]) for words in names)


def _name_words(part: str) -> list[str]:
    """The words of one name, its affiliations (and an affiliation a cut-off list left open)
    left out; none for what only marks names (`:`, `et al.`, `Jr.`)."""
    while (unnested := _PARENTHESES.sub(" ", part)) != part:
        part = unnested
    part = _LEADING_AND.sub("", part.split("(")[0].strip())
    if part == ":" or part.lower() in _ET_AL or part.lower() in NAME_SUFFIXES:
        return []
    return decode_latex(part).split()


def _reads_as_a_name(words: list[str]) -> bool:
    """One name: a word that is a name's (`_word_kind`), none that is no name's, and
    lower-case words that are neither particles nor common (`wang` in `Sa wang`, `đức`) no
    more than the capitalised ones: a name written carelessly, not a phrase."""
    if len(words) > _MAX_NAME_WORDS:
        return False
    kinds = [_word_kind(word) for word in words]
    capitalised, lower = kinds.count(_NAME), kinds.count(_LOWER)
    return _NO_NAME not in kinds and capitalised > 0 and lower <= capitalised


def _word_kind(word: str) -> str:
    """What one word says of the name it is in.

    No name's: a number (`+6`, `2020`, `#3795`, `1.6.1`: a count, a date, a version or an
    issue), a label (`Authors:`), a handle (`@x`), a common English word in lower case
    (`fix`, `the`, `see`: sentences are mostly made of them, names rarely). A name's: a
    capitalised word, an initial, a word with a capital inside (`d'Alembert`) or of a script
    without case (`王小明`). Lower-case: other words of letters, except particles (`van`,
    `de`, `a` in `Zoubeirou a Mayaki`), which are neutral, as is what is not a word of
    letters (`<img`, `$x^2$mith`, `\\ours{}`): neither for nor against."""
    if _NUMBER.fullmatch(word) or word.startswith("@") or (len(word) > 1 and word.endswith(":")):
        return _NO_NAME
    first = word[0]
    if first.isupper() or _caseless(first) or any(char.isupper() for char in word):
        return _NAME
    if not _LOWER_WORD.fullmatch(word) or word in _JOINERS:
        return _NEUTRAL
    if len(word) > 1 and (word in STOP_WORDS or common_word(word.strip(".'’-"))):
        return _NO_NAME
    return _LOWER


def _stands_alone(word: str) -> bool:
    """Whether one word is evidence of names by itself: an initial (`M.`, `J.-P.`: the given
    names of a surname before it), a group's name (`OpenAI`, `DeepSeek-AI`, `Lab`), or a word
    of a script without case (`王小明`: such names are written without spaces)."""
    return (
        _INITIALS.fullmatch(word) is not None
        or _INNER_CAPITAL.search(word) is not None
        or _looks_like_organisation(word)
        or _caseless(word[0])
    )


def _caseless(char: str) -> bool:
    """A letter of a script without case (Chinese, Japanese, Korean, Arabic, ...)."""
    return char.isalpha() and not char.isupper() and not char.islower()
