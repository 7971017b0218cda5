"""What one CLDR locale says about dates: its month names, weekday names and the literal
text of its date patterns, read from Babel's data.

Month names are read in every width and context (wide and abbreviated, format and
stand-alone), so genitives such as Russian `июня`, Polish `czerwca`, Greek `Ιουνίου` and
abbreviations such as `sie`, `авг.` are all known. A date pattern's literal text tells
which words a date may hold besides its numbers and month (Spanish `de`, Lithuanian `m`),
and which prefix or suffix a pattern glues to the month field (Hebrew `d בMMMM y`, Basque
`MMMM'ren'`). `papershelf.snapshots.dates.months` combines every locale's words.
"""

from __future__ import annotations

import pickle
import unicodedata
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass

from babel import localedata
from babel.dates import tokenize_pattern

from papershelf.snapshots.dates.tokens import NUMBER, WORD, split_tokens

__all__ = ["LocaleWords", "locale_words"]

_CONTEXTS = ("format", "stand-alone")
_MONTH_WIDTHS = ("wide", "abbreviated")
_DAY_WIDTHS = ("wide", "abbreviated", "short")
_PATTERN_LENGTHS = ("full", "long", "medium")


@dataclass(frozen=True)
class LocaleWords:
    """What one locale contributes to the lexicon: a few hundred short strings (its CLDR
    data, megabytes, is let go once they are read)."""

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


def locale_words(identifier: str) -> LocaleWords | None:
    """Read one locale's month names, weekday names and date-pattern glue."""
    data = _locale_data(identifier)
    if data is None:
        return None
    per_locale: dict[tuple[str, ...], set[int]] = defaultdict(set)
    numeric: list[str] = []
    before: list[str] = []
    after: list[str] = []
    for month, name in _names(data, "months", _MONTH_WIDTHS):
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
    weekdays = [
        token
        for _, name in _names(data, "days", _DAY_WIDTHS)
        for kind, token in split_tokens(name)
        if kind == WORD
    ]
    return LocaleWords(
        language=identifier.split("_")[0],
        # a name one locale gives two months is no name
        months=tuple((words, next(iter(months))) for words, months in per_locale.items() if len(months) == 1),
        numeric=tuple(numeric),
        before_number=tuple(before),
        after_number=tuple(after),
        weekdays=tuple(weekdays),
        glue=tuple(_pattern_glue(data)),
    )


def _spellings(words: tuple[str, ...]) -> set[tuple[str, ...]]:
    """The casefolded spellings a name may arrive in: as written and after upper-casing
    (Turkish `Mayıs` upper-cases to `MAYIS`, which casefolds to `mayis`)."""
    return {words, tuple(word.upper().casefold() for word in words)}


def _locale_data(identifier: str) -> dict | None:
    """The raw CLDR data of one Babel locale (root included), or None if it cannot be read.

    The pickle is read directly and without inheritance: whatever a regional locale
    inherits is defined in its parent, which is read too, so the union of names is the
    same, and this is about three times faster than letting `babel.Locale` merge 1,100
    locales. `localedata.load(..., merge_inherited=False)` is avoided because it would
    leave unmerged data in Babel's shared cache.
    """
    try:
        with open(localedata.resolve_locale_filename(identifier), "rb") as handle:
            data = pickle.load(handle)
    except (OSError, pickle.UnpicklingError, EOFError, ValueError, AttributeError):
        return None
    return data if isinstance(data, dict) else None


def _names(data: dict, key: str, widths: tuple[str, ...]) -> Iterator[tuple[int, str]]:
    """(number, name) pairs of one locale's months or weekdays. Aliases are skipped: their
    target is read where it is defined."""
    table = data.get(key)
    if not isinstance(table, dict):
        return
    for context in _CONTEXTS:
        by_width = table.get(context)
        if not isinstance(by_width, dict):
            continue
        for width in widths:
            names = by_width.get(width)
            if isinstance(names, dict):
                for number, name in names.items():
                    if isinstance(number, int) and isinstance(name, str):
                        yield number, unicodedata.normalize("NFKC", name)


def _pattern_glue(data: dict) -> Iterator[tuple[str, str]]:
    """("literal" | "prefix" | "suffix", word) for the literal text of one locale's full,
    long and medium date patterns: every word of it, and the words touching a month field
    with no separator between (`d בMMMM y`, `MMMM'ren'`)."""
    formats = data.get("date_formats")
    if not isinstance(formats, dict):
        return
    for length in _PATTERN_LENGTHS:
        pattern = getattr(formats.get(length), "pattern", None)
        if not isinstance(pattern, str):
            continue
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
            text = unicodedata.normalize("NFKC", text)
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
