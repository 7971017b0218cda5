"""A date string in any locale's long (or medium) date format -> `datetime.date`.

A listing snapshot carries the date the way the aggregator's UI language prints it
(`7 August 2026`, `16. Juni 2026`, `August 7, 2026`, `5 de agosto de 2026`, `2026年8月5日`,
`19 июня 2026 г.`, `2026. augusztus 5.`, `2026년 8월 5일`, ...) and does not say which
language that was, so the date is read without a locale:

* the text is split into numbers and words (`papershelf.snapshots.dates.tokens`);
* the one four-digit number is the year;
* with one more number (1-2 digits, the day), the words must name a month (of any
  locale: `papershelf.snapshots.dates.months`); when they hold several month names,
  the longest, then the best-backed one wins;
* with two more numbers the month is numeric: the words CLDR writes around numeric
  months (`8月`, `8월`, `tháng 8`, root `M08`) say which number it is, else a year-first
  text is year-month-day (ISO, every CJK pattern) and a year-last one day-month-year
  (every CLDR medium pattern with a numeric month and the year last except es_PA and
  es_PR, which write month-day-year).

A date that does not exist (`31 February 2026`), two-digit years, text with no or several
dates give None; nothing here raises.

`parse_mail_date` reads the other form a snapshot holds: an e-mail's or a feed's RFC 822
date (`Thu, 28 Nov 2024 00:00:00 -0500`).
"""

from __future__ import annotations

import datetime
import email.utils
import functools
import unicodedata

from papershelf.snapshots.dates.months import Lexicon, month_lexicon
from papershelf.snapshots.dates.tokens import NUMBER, WORD, Token, split_tokens

__all__ = ["parse_date", "parse_date_swappable", "parse_mail_date"]

_MAX_INPUT = 200  # a date is short; anything longer is not one


def parse_date(text: str) -> datetime.date | None:
    """Return the date written in `text` in any locale's long (or medium) date format, or None.

    The locale is not needed (see the module docstring for how the text is read). Results
    are cached by input string, since a build reads the same few dates for thousands of
    papers. Never raises: text that is not one complete, existing date gives None.
    """
    reading = parse_date_swappable(text)
    return reading[0] if reading else None


def parse_date_swappable(text: str) -> tuple[datetime.date, bool] | None:
    """The date in `text` and whether its day and month could be swapped, or None."""
    if not isinstance(text, str):
        return None
    if len(text) > _MAX_INPUT:
        text = text.strip()
        if len(text) > _MAX_INPUT:
            return None
    if not text:
        return None
    return _parse_cached(text)


def parse_mail_date(text: str) -> datetime.date | None:
    """The day of an RFC 822 date; None for one `email.utils` cannot read, or whose numbers
    overflow what it converts them to (a year of 10^20 raised OverflowError)."""
    try:
        return email.utils.parsedate_to_datetime(text).date()
    except (TypeError, ValueError, OverflowError):
        return None


@functools.lru_cache(maxsize=4096)
def _parse_cached(text: str) -> tuple[datetime.date, bool] | None:
    try:
        return _parse(text)
    except (ValueError, OverflowError):  # date(2026, 2, 31), absurd digit strings
        return None


def _parse(text: str) -> tuple[datetime.date, bool] | None:
    """Read one date from `text`, and whether its numeric day and month could be swapped;
    raises ValueError for a day that does not exist."""
    tokens = split_tokens(unicodedata.normalize("NFKC", text))
    numbers = [index for index, (kind, _) in enumerate(tokens) if kind == NUMBER]
    if not 2 <= len(numbers) <= 3:
        return None
    years = [index for index in numbers if len(tokens[index][1]) == 4]
    if len(years) != 1:
        return None
    year_at = years[0]
    small = [index for index in numbers if index != year_at and len(tokens[index][1]) <= 2]
    if len(small) != len(numbers) - 1:
        return None
    year = int(tokens[year_at][1])
    lexicon = month_lexicon()

    if len(small) == 1:
        month = _month_named(tokens, lexicon)
        if month is None:
            return None
        return datetime.date(year, month, int(tokens[small[0]][1])), False

    # Two small numbers: the month is numeric, so every word must be date glue (this
    # rejects `5 August 2026 v2` and prose that happens to hold three numbers). The words
    # CLDR writes around a numeric month say which number it is (`2026年8月5日`,
    # `5 tháng 8, 2026`).
    if not all(_is_glue(token, lexicon) for kind, token in tokens if kind == WORD):
        return None
    month_at = _marked_month(tokens, small, lexicon)
    if month_at is not None:
        day_at = small[1] if month_at == small[0] else small[0]
        return datetime.date(year, int(tokens[month_at][1]), int(tokens[day_at][1])), False
    first, second = int(tokens[small[0]][1]), int(tokens[small[1]][1])
    if year_at < small[0]:  # year first: year-month-day, ISO order and every CLDR pattern
        return datetime.date(year, first, second), False
    # Year last: day-month-year, as most locales write it; month-day-year (always written
    # with slashes) when it is the only reading that exists.
    if first <= 12 < second:
        return datetime.date(year, first, second), False
    swappable = "/" in text and first != second and first <= 12 and second <= 12
    return datetime.date(year, second, first), swappable


def _marked_month(tokens: list[Token], small: list[int], lexicon: Lexicon) -> int | None:
    """The number that the words around it mark as the month (`8月`, `tháng 8`), or None
    when none or both are marked."""
    month_at = None
    for index in small:
        previous = tokens[index - 1][1] if index > 0 else ""
        following = tokens[index + 1][1] if index + 1 < len(tokens) else ""
        if previous in lexicon.before_number or following in lexicon.after_number:
            if month_at is not None:
                return None
            month_at = index
    return month_at


def _month_named(tokens: list[Token], lexicon: Lexicon) -> int | None:
    """The month that the words of `tokens` name, or None when none does or when two
    different months are equally well supported.

    The longest matching name wins (Luo `Dwe mar Achiel` is January although `mar` alone
    is March), then the one backed by most languages (Spanish `agosto` over the pattern
    literal `de`, a month abbreviation in one small language).
    """
    words = [token if kind == WORD else "" for kind, token in tokens]
    for index, word in enumerate(words):
        if word and word not in lexicon.words:
            words[index] = _unglue(word, lexicon)
    best: tuple[int, int] | None = None
    months: set[int] = set()
    for index, word in enumerate(words):
        for phrase in lexicon.phrases.get(word, ()):
            size = len(phrase.words)
            if tuple(words[index : index + size]) != phrase.words:
                continue
            rank = (size, phrase.weight)
            if best is None or rank > best:
                best, months = rank, {phrase.month}
            elif rank == best:
                months.add(phrase.month)
    if len(months) != 1:
        return None
    return next(iter(months))


def _unglue(word: str, lexicon: Lexicon) -> str:
    """`word` without a prefix or suffix that some date pattern glues to month names, when
    what remains is a month-name word (Hebrew `בינואר`, Basque `otsailaren`)."""
    for prefix in lexicon.prefixes:
        if word.startswith(prefix) and word[len(prefix) :] in lexicon.words:
            return word[len(prefix) :]
    for suffix in lexicon.suffixes:
        if word.endswith(suffix) and word[: -len(suffix)] in lexicon.words:
            return word[: -len(suffix)]
    return word


def _is_glue(word: str, lexicon: Lexicon) -> bool:
    """Whether `word` is text a numeric-month date may hold besides its numbers.

    A glue word may carry an affix that patterns glue to months (Mongolian `сарын`).
    Scripts without letter case are written without spaces (`2026年8月5日水曜日` holds the
    token `日水曜日`), so there the word may also be several glue words run together.
    """
    glue = lexicon.numeric_glue
    if word in glue:
        return True
    for prefix in lexicon.prefixes:
        if word.startswith(prefix) and word[len(prefix) :] in glue:
            return True
    for suffix in lexicon.suffixes:
        if word.endswith(suffix) and word[: -len(suffix)] in glue:
            return True
    if word.upper() != word or len(word) > 40:
        return False
    reachable = [True] + [False] * len(word)
    for end in range(1, len(word) + 1):
        reachable[end] = any(reachable[start] and word[start:end] in glue for start in range(end))
    return reachable[-1]
