"""What one CLDR locale says about dates: its month names, weekday names and the literal
text of its date patterns, read through Babel's public `Locale` API.

Month names are read in every width and context (wide and abbreviated, format and
stand-alone), so genitives such as Russian `июня`, Polish `czerwca`, Greek `Ιουνίου` and
abbreviations such as `sie`, `авг.` are all known. A date pattern's literal text tells
which words a date may hold besides its numbers and month (Spanish `de`, Lithuanian `m`),
and which prefix or suffix a pattern glues to the month field (Hebrew `d בMMMM y`, Basque
`MMMM'ren'`). `papershelf.snapshots.dates.months` combines every locale's words.

A `Locale` holds its parents' data merged in, so a regional locale repeats most of its
language's names: `locale_tables` reads what a locale says, and `locale_words` is asked
once per distinct reading (about 420 of 1,150 locales), not once per locale.
"""

from __future__ import annotations

import unicodedata
from collections import defaultdict
from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from babel import Locale, UnknownLocaleError
from babel.dates import tokenize_pattern

from papershelf.snapshots.dates.tokens import NUMBER, WORD, split_tokens

__all__ = ["LocaleTables", "LocaleWords", "locale_tables", "locale_words"]

_CONTEXTS = ("format", "stand-alone")
_MONTH_WIDTHS = ("wide", "abbreviated")
_DAY_WIDTHS = ("wide", "abbreviated", "short")
_PATTERN_LENGTHS = ("full", "long", "medium")


@dataclass(frozen=True)
class LocaleTables:
    """The date words of one locale as Babel gives them (NFKC-normalised), hashable so
    that locales saying the same are read once."""

    language: str
    months: tuple[tuple[int, str], ...]
    """(month, name) in every width and context."""
    days: tuple[str, ...]
    patterns: tuple[str, ...]
    """Its full, long and medium date patterns (`d MMMM y`)."""


@dataclass(frozen=True)
class LocaleWords:
    """What one locale contributes to the lexicon: a few hundred short strings."""

    language: str
    months: tuple[tuple[tuple[str, ...], int], ...]
    """Month names (each casefolded spelling) that this locale gives exactly one month."""
    numeric: tuple[str, ...]
    """Words of numeric month names (Mongolian `сар` of `8-р сар`)."""
    before_number: tuple[str, ...]
    after_number: tuple[str, ...]
    weekdays: tuple[str, ...]
    glue: tuple[tuple[str, str], ...]
    """("literal" | "prefix" | "suffix", word) of its date patterns (`_pattern_glue`)."""


def locale_tables(identifier: str) -> LocaleTables | None:
    """What one locale (root included) says about dates, or None if Babel cannot load it."""
    try:
        locale = Locale.parse(identifier)
    except (UnknownLocaleError, ValueError, OSError):
        return None
    formats = locale.date_formats
    return LocaleTables(
        language=identifier.split("_")[0],
        months=tuple(_names(locale.months, _MONTH_WIDTHS)),
        days=tuple(name for _, name in _names(locale.days, _DAY_WIDTHS)),
        patterns=tuple(
            unicodedata.normalize("NFKC", pattern)
            for length in _PATTERN_LENGTHS
            if isinstance(pattern := getattr(formats.get(length), "pattern", None), str)
        ),
    )


def locale_words(tables: LocaleTables) -> LocaleWords:
    """One locale's month names, weekday names and date-pattern glue, as words."""
    per_locale: dict[tuple[str, ...], set[int]] = defaultdict(set)
    numeric: list[str] = []
    before: list[str] = []
    after: list[str] = []
    for month, name in tables.months:
        if not 1 <= month <= 12:
            continue
        tokens = split_tokens(name)
        if any(kind == NUMBER for kind, _ in tokens):
            # A numeric month name (`8月`, `tháng 8`, `M08`): keep the words on either
            # side of the number as markers of a numeric month.
            for position, (kind, token) in enumerate(tokens):
                if kind != WORD:
                    continue
                numeric.append(token)
                if position + 1 < len(tokens) and tokens[position + 1][0] == NUMBER:
                    before.append(token)
                if position > 0 and tokens[position - 1][0] == NUMBER:
                    after.append(token)
            continue
        if tokens:
            for spelling in _spellings(tuple(token for _, token in tokens)):
                per_locale[spelling].add(month)
    weekdays = [token for name in tables.days for kind, token in split_tokens(name) if kind == WORD]
    return LocaleWords(
        language=tables.language,
        # a name one locale gives two months is no name
        months=tuple((words, next(iter(months))) for words, months in per_locale.items() if len(months) == 1),
        numeric=tuple(numeric),
        before_number=tuple(before),
        after_number=tuple(after),
        weekdays=tuple(weekdays),
        glue=tuple(glue for pattern in tables.patterns for glue in _pattern_glue(pattern)),
    )


def _spellings(words: tuple[str, ...]) -> set[tuple[str, ...]]:
    """The casefolded spellings a name may arrive in: as written and after upper-casing
    (Turkish `Mayıs` upper-cases to `MAYIS`, which casefolds to `mayis`)."""
    return {words, tuple(word.upper().casefold() for word in words)}


def _names(table: Mapping[str, object], widths: tuple[str, ...]) -> Iterator[tuple[int, str]]:
    """(number, name) pairs of one locale's months or weekdays (`Locale.months`,
    `Locale.days`: context -> width -> number -> name)."""
    for context in _CONTEXTS:
        by_width = table.get(context)
        if not isinstance(by_width, Mapping):
            continue
        for width in widths:
            names = by_width.get(width)
            if isinstance(names, Mapping):
                for number, name in names.items():
                    if isinstance(number, int) and isinstance(name, str):
                        yield number, unicodedata.normalize("NFKC", name)


def _pattern_glue(pattern: str) -> Iterator[tuple[str, str]]:
    """("literal" | "prefix" | "suffix", word) for the literal text of one date pattern:
    every word of it, and the words touching a month field with no separator between
    (`d בMMMM y`, `MMMM'ren'`)."""
    parts: list[tuple[str, str]] = []  # ("chars", text) or ("month"|"field", "")
    for _kind, value in tokenize_pattern(pattern):
        if isinstance(value, str):  # a "chars" token; fields come as (letter, count)
            if parts and parts[-1][0] == "chars":
                parts[-1] = ("chars", parts[-1][1] + value)
            else:
                parts.append(("chars", value))
        else:
            letter, count = value
            parts.append(("month" if letter in "ML" and count >= 3 else "field", ""))
    for index, (kind, text) in enumerate(parts):
        if kind != "chars":
            continue
        tokens = split_tokens(text)
        for token_kind, token in tokens:
            if token_kind == WORD:
                yield "literal", token
        if not tokens or (tokens[0][0] != WORD and tokens[-1][0] != WORD):
            continue
        before_month = index + 1 < len(parts) and parts[index + 1][0] == "month"
        if before_month and tokens[-1][0] == WORD and text.casefold().endswith(tokens[-1][1]):
            yield "prefix", tokens[-1][1]
        after_month = index > 0 and parts[index - 1][0] == "month"
        if after_month and tokens[0][0] == WORD and text.casefold().startswith(tokens[0][1]):
            yield "suffix", tokens[0][1]
