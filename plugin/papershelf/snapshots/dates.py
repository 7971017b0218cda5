"""Publication dates written in any locale's long (or medium) date format -> `datetime.date`.

A listing snapshot carries the date the way the aggregator's UI language prints it
(`7 August 2026`, `16. Juni 2026`, `August 7, 2026`, `5 de agosto de 2026`, `2026年8月5日`,
`19 июня 2026 г.`, `2026. augusztus 5.`, `2026년 8월 5일`, ...) and does not say which
language that was, so the date is read without a locale:

* the text is split into numbers (decimal digits of any script) and words (letters with
  their combining marks); everything else (spaces of every kind, dots, commas,
  apostrophes, bidi marks) only separates, so `Aug.`, `16.\u00a0Juni` and stray
  whitespace need no special case;
* the one four-digit number is the year;
* with one more number (1-2 digits, the day), the words must name a month;
* with two more numbers the month is numeric: the words CLDR writes around numeric
  months (`8月`, `8월`, `tháng 8`, root `M08`) say which number it is, else a year-first
  text is year-month-day (ISO, every CJK pattern) and a year-last one day-month-year
  (every CLDR medium pattern with a numeric month and the year last except es_PA and
  es_PR, which write month-day-year).

Month names are not kept here: they are read once per process from Babel's CLDR data for
every locale (wide and abbreviated, format and stand-alone contexts, so genitives such as
Russian `июня`, Polish `czerwca`, Greek `Ιουνίου` and abbreviations such as `sie`, `авг.`
are all known). A name is matched as a word sequence (Arabic `كانون الثاني`, Catalan
`d’agost`), also with the prefix or suffix that a CLDR date pattern glues to the month
field (Hebrew `בינואר` from `d בMMMM y`, Basque `otsailaren` from `MMMM'ren'`).

Some names mean different months in different languages (70 of about 4,500). Each keeps
the month that the most languages give it, a language counting once however many
regional locales repeat it; a tie drops the name. Findings with Babel 2.19 (CLDR 49):

* `listopad`/`listopada`/`lis` are November in Czech, Polish and Silesian but October in
  Croatian, and `lip` is July in Polish and Silesian but June in Croatian: Croatian
  October (and its medium-format June) is misread, the price of reading Polish and Czech.
  `srp` (Czech August, Croatian July) and `kol` (Croatian August) are ties and dropped,
  so Croatian medium dates in those months give None; Croatian is not supported.
* `jan`, `mar`, `mai`, `may`, `mac`, `out`, `yan`, `lut`, `kas` (Turkish `Kas.`) also
  name another month in one small language and keep the majority reading.
* Ties between two small languages are dropped, e.g. `ots`/`abe` (Basque February and
  December abbreviations vs Ga), `maw` (Welsh March abbreviation vs Tsonga), `Nyakanga`
  (Kinyarwanda July, Kirundi September), `Nhlangula`, `Di`.

A word also counts against its month reading in every language that uses it as a weekday
name or as literal text of a date pattern (Spanish `de`, Lithuanian `m`/`d`), so when a
text holds several candidate names the longest, then best-backed one wins, and a word
that is more often glue than a month name is no month name at all. A date that does not
exist (`31 February 2026`), two-digit years, text with no or several dates give None;
nothing here raises.

`read_date` adds what a listing's reader must say about a date it did read:

* A date before 1990 or more than a year after today is implausible for a paper in a
  listing of latest papers (a typo such as `1900`, a placeholder such as `9999`): it is
  treated as unknown, with a warning, so that it neither orders the papers nor stretches
  the timeline.
* A numeric date with the year last is read day first, as most locales write it. When
  it is written with slashes and either of the other two numbers could be the month
  (`08/07/2026`), that reading is a guess: 56 CLDR locales, en_US among them, write
  month/day/year, always with slashes (none writes the month first with dots or dashes).
  The guess is taken, with a warning that names it. A date with only one reading
  (`07/13/2026`, `13/07/2026`), equal numbers (`07/07/2026`), dots (`08.07.2026`), the
  year first (ISO order) or words that mark the month (`8月`, `tháng 8`) is read
  without a warning.
"""

from __future__ import annotations

import datetime
import functools
import pickle
import unicodedata
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from babel import localedata
from babel.dates import tokenize_pattern

__all__ = ["DateReading", "parse_date", "read_date", "read_month_names"]

_CONTEXTS = ("format", "stand-alone")
_MONTH_WIDTHS = ("wide", "abbreviated")
_DAY_WIDTHS = ("wide", "abbreviated", "short")
_PATTERN_LENGTHS = ("full", "long", "medium")
_MAX_INPUT = 200  # a date is short; anything longer is not one
_EARLIEST = datetime.date(1990, 1, 1)
_AHEAD = datetime.timedelta(days=365)

# Token kinds. A word is a run of letters and the combining marks that follow them
# (Devanagari vowel signs, Tibetan vowels, Osage accents); a number is a run of decimal
# digits of any script. Everything else (spaces of every kind, dots, commas, apostrophes,
# the Tibetan tsheg, bidi marks) only separates tokens.
_WORD, _NUMBER = 0, 1

_Token = tuple[int, str]


@dataclass(frozen=True)
class _Phrase:
    """A month name as a sequence of casefolded words, and how well CLDR backs it."""

    words: tuple[str, ...]
    month: int
    weight: int
    """Languages naming this month so, minus (for one-word names) languages that use the
    word as a weekday name or as literal text of a date pattern."""


@dataclass(frozen=True)
class _Lexicon:
    """Everything read from CLDR, once per process."""

    phrases: dict[str, tuple[_Phrase, ...]]
    """First word -> the month names starting with it, longest first."""
    words: frozenset[str]
    """Every word of every month name."""
    prefixes: tuple[str, ...]
    """Text that date patterns glue in front of a month name (Hebrew `בMMMM`)."""
    suffixes: tuple[str, ...]
    """Text that date patterns glue after a month name (Basque `MMMM'ren'`, Kurdish
    `MMMM'a'`, Mongolian `MMMM'ын'`)."""
    before_number: frozenset[str]
    """Words written just before a numeric month (`tháng 8`, `thg 8`, root `M08`)."""
    after_number: frozenset[str]
    """Words written just after a numeric month (`8月`, `8월`)."""
    numeric_glue: frozenset[str]
    """Words a date with a numeric month may contain: date-pattern literals (`年`, `m`,
    `г`), words of numeric month names (`сар`) and weekday names."""


_LEXICON: _Lexicon | None = None
"""This process's lexicon, once read (`read_month_names`)."""


def _tokens(text: str) -> list[_Token]:
    """Split `text` into (_WORD, casefolded word) and (_NUMBER, digits) tokens, in order."""
    out: list[_Token] = []
    kind = -1
    start = 0
    category = unicodedata.category
    for index, char in enumerate(text):
        if char.isdecimal():
            this = _NUMBER
        else:
            major = category(char)
            if major[0] == "L" or major == "Cn":  # Cn: a script newer than this Python
                this = _WORD
            else:
                this = _WORD if major[0] == "M" and kind == _WORD else -1
        if this != kind:
            if kind != -1:
                out.append((kind, text[start:index]))
            kind, start = this, index
    if kind != -1:
        out.append((kind, text[start:]))
    return [(kind, token.casefold() if kind == _WORD else token) for kind, token in out]


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
            tokens = _tokens(text)
            for token_kind, token in tokens:
                if token_kind == _WORD:
                    yield "literal", token
            if not tokens or (tokens[0][0] != _WORD and tokens[-1][0] != _WORD):
                continue
            before_month = index + 1 < len(parts) and parts[index + 1][0] == "month"
            if before_month and tokens[-1][0] == _WORD and text.casefold().endswith(tokens[-1][1]):
                yield "prefix", tokens[-1][1]
            after_month = index > 0 and parts[index - 1][0] == "month"
            if after_month and tokens[0][0] == _WORD and text.casefold().startswith(tokens[0][1]):
                yield "suffix", tokens[0][1]


@dataclass(frozen=True)
class _LocaleWords:
    """What one locale contributes to the lexicon: a few hundred short strings, cheap to
    send from another process (its CLDR data, megabytes, is not)."""

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


def _locale_words(identifier: str) -> _LocaleWords | None:
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
        tokens = _tokens(name)
        if any(kind == _NUMBER for kind, _ in tokens):
            # A numeric month name (`8月`, `tháng 8`, `M08`): keep the words on either
            # side of the number as markers of a numeric month.
            for position, (kind, token) in enumerate(tokens):
                if kind != _WORD:
                    continue
                numeric.append(token)
                if position + 1 < len(tokens) and tokens[position + 1][0] == _NUMBER:
                    before.append(token)
                if position > 0 and tokens[position - 1][0] == _NUMBER:
                    after.append(token)
            continue
        if tokens:
            for spelling in _spellings(tuple(token for _, token in tokens)):
                per_locale[spelling].add(month)
    weekdays = [
        token
        for _, name in _names(data, "days", _DAY_WIDTHS)
        for kind, token in _tokens(name)
        if kind == _WORD
    ]
    return _LocaleWords(
        language=identifier.split("_")[0],
        # a name one locale gives two months is no name
        months=tuple((words, next(iter(months))) for words, months in per_locale.items() if len(months) == 1),
        numeric=tuple(numeric),
        before_number=tuple(before),
        after_number=tuple(after),
        weekdays=tuple(weekdays),
        glue=tuple(_pattern_glue(data)),
    )


def read_month_names(
    each: Callable[[Callable[[str], _LocaleWords | None], list[str]], Iterable[_LocaleWords | None]] = map,
) -> None:
    """Read the month names of every locale now, unless this process has them: `each(read,
    locales)` reads them, `map` or a map that shares the locales out among processes.

    Reading them takes about 0.4 s (1,100 locale files); a build that reads its snapshots
    in two processes reads the names first, shared out the same way, so that both
    inherit them instead of each reading all of them."""
    global _LEXICON
    if _LEXICON is None:
        _LEXICON = _combined(each(_locale_words, ["root", *localedata.locale_identifiers()]))


def _lexicon() -> _Lexicon:
    """Every month name, weekday name and date-pattern literal of every Babel locale, read
    once per process."""
    read_month_names()
    assert _LEXICON is not None
    return _LEXICON


def _combined(locales: Iterable[_LocaleWords | None]) -> _Lexicon:
    """The lexicon from every locale's words, in locale order (which orders names of the
    same length)."""
    month_votes: dict[tuple[str, ...], dict[int, set[str]]] = defaultdict(lambda: defaultdict(set))
    against: dict[str, set[str]] = defaultdict(set)  # word -> languages using it otherwise
    literals: set[str] = set()  # words of date-pattern literal text, any language
    weekdays: set[str] = set()
    numeric_words: set[str] = set()  # words of numeric month names
    prefixes: set[str] = set()
    suffixes: set[str] = set()
    before: set[str] = set()
    after: set[str] = set()
    for found in locales:
        if found is None:
            continue
        language = found.language
        for words, month in found.months:
            month_votes[words][month].add(language)
        numeric_words.update(found.numeric)
        before.update(found.before_number)
        after.update(found.after_number)
        for token in found.weekdays:
            against[token].add(language)
            weekdays.add(token)
        for role, word in found.glue:
            if role == "literal":
                against[word].add(language)
                literals.add(word)
            elif role == "prefix":
                prefixes.add(word)
            else:
                suffixes.add(word)

    phrases: dict[str, list[_Phrase]] = defaultdict(list)
    for words, by_month in month_votes.items():
        ranked = sorted(((len(langs), month) for month, langs in by_month.items()), reverse=True)
        if len(ranked) > 1 and ranked[0][0] == ranked[1][0]:
            continue  # as many languages give one month as another: no reading
        votes, month = ranked[0]
        if len(words) == 1:
            votes -= len(against.get(words[0], ()))
            if votes <= 0 and words[0] in literals:
                continue  # glue in more date patterns than it is a month name (`de`, `di`)
        phrases[words[0]].append(_Phrase(words, month, votes))
    known = frozenset(word for words in month_votes for word in words)
    return _Lexicon(
        phrases={
            first: tuple(sorted(found, key=lambda phrase: -len(phrase.words)))
            for first, found in phrases.items()
        },
        words=known,
        prefixes=tuple(sorted(prefixes, key=len, reverse=True)),
        suffixes=tuple(sorted(suffixes, key=len, reverse=True)),
        before_number=frozenset(before),
        after_number=frozenset(after),
        numeric_glue=frozenset(literals | weekdays | numeric_words),
    )


def parse_date(text: str) -> datetime.date | None:
    """Return the date written in `text` in any locale's long (or medium) date format, or None.

    The locale is not needed (see the module docstring for how the text is read). Results
    are cached by input string, since a build reads the same few dates for thousands of
    papers. Never raises: text that is not one complete, existing date gives None.
    """
    reading = _reading(text)
    return reading[0] if reading else None


@dataclass(frozen=True)
class DateReading:
    """A listing's date as a reader keeps it (None: unknown), and what to warn about it."""

    date: datetime.date | None
    warning: str | None = None


def read_date(written: str | datetime.date, today: datetime.date | None = None) -> DateReading:
    """The date `written` in a listing (text, or a date the page gave machine-readably),
    judged as the module docstring says: implausible dates become unknown, ambiguous
    ones are read day first; either way with a warning."""
    if isinstance(written, datetime.date):
        date, ambiguous = written, False
    else:
        reading = _reading(written)
        if reading is None:
            return DateReading(None, f"unreadable date {written!r}")
        date, ambiguous = reading
    latest = (today or datetime.date.today()) + _AHEAD
    if not _EARLIEST <= date <= latest:
        why = f"before {_EARLIEST.year} or after {latest}"
        return DateReading(None, f"implausible date {str(written)!r} ({why}); left unknown")
    if ambiguous:
        return DateReading(date, f"ambiguous date {written!r}: read day first, as {date.isoformat()}")
    return DateReading(date)


def _reading(text: str) -> tuple[datetime.date, bool] | None:
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


@functools.lru_cache(maxsize=4096)
def _parse_cached(text: str) -> tuple[datetime.date, bool] | None:
    try:
        return _parse(text)
    except (ValueError, OverflowError):  # date(2026, 2, 31), absurd digit strings
        return None


def _parse(text: str) -> tuple[datetime.date, bool] | None:
    """Read one date from `text`, and whether its numeric day and month could be swapped;
    raises ValueError for a day that does not exist."""
    tokens = _tokens(unicodedata.normalize("NFKC", text))
    numbers = [index for index, (kind, _) in enumerate(tokens) if kind == _NUMBER]
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
    lexicon = _lexicon()

    if len(small) == 1:
        month = _month_named(tokens, lexicon)
        if month is None:
            return None
        return datetime.date(year, month, int(tokens[small[0]][1])), False

    # Two small numbers: the month is numeric, so every word must be date glue (this
    # rejects `5 August 2026 v2` and prose that happens to hold three numbers). The words
    # CLDR writes around a numeric month say which number it is (`2026年8月5日`,
    # `5 tháng 8, 2026`).
    if not all(_is_glue(token, lexicon) for kind, token in tokens if kind == _WORD):
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


def _marked_month(tokens: list[_Token], small: list[int], lexicon: _Lexicon) -> int | None:
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


def _month_named(tokens: list[_Token], lexicon: _Lexicon) -> int | None:
    """The month that the words of `tokens` name, or None when none does or when two
    different months are equally well supported.

    The longest matching name wins (Luo `Dwe mar Achiel` is January although `mar` alone
    is March), then the one backed by most languages (Spanish `agosto` over the pattern
    literal `de`, a month abbreviation in one small language).
    """
    words = [token if kind == _WORD else "" for kind, token in tokens]
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


def _unglue(word: str, lexicon: _Lexicon) -> str:
    """`word` without a prefix or suffix that some date pattern glues to month names, when
    what remains is a month-name word (Hebrew `בינואר`, Basque `otsailaren`)."""
    for prefix in lexicon.prefixes:
        if word.startswith(prefix) and word[len(prefix) :] in lexicon.words:
            return word[len(prefix) :]
    for suffix in lexicon.suffixes:
        if word.endswith(suffix) and word[: -len(suffix)] in lexicon.words:
            return word[: -len(suffix)]
    return word


def _is_glue(word: str, lexicon: _Lexicon) -> bool:
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
