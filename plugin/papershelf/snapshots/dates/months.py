"""Every locale's month names in one lexicon, from Babel's CLDR data.

Reading the names of Babel's 1,150 locales through its public `Locale` API takes some 3 s
and 200 MB, which every first build would pay: the lexicon ships with the package instead
(`month-names.json`, written by `scripts/month-names.py` from the Babel named in it;
`tests/test_dates.py` checks that it is what that Babel gives) and loads in milliseconds.

A date is read without knowing its language, so a month name is looked up among the names
of every locale (`papershelf.snapshots.dates.locales` reads each one). A name is matched
as a word sequence (Arabic `كانون الثاني`, Catalan `d’agost`), also with the prefix or
suffix that a CLDR date pattern glues to the month field (Hebrew `בינואר` from
`d בMMMM y`, Basque `otsailaren` from `MMMM'ren'`).

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
name or as literal text of a date pattern (Spanish `de`, Lithuanian `m`/`d`): a word that
is more often glue than a month name is no month name at all, and of several candidate
names in one text the best backed wins (`MonthName.weight`).
"""

from __future__ import annotations

import functools
import json
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from importlib import resources

import babel
from babel import localedata

from papershelf.snapshots.dates.locales import LocaleWords, locale_tables, locale_words

__all__ = [
    "SHIPPED",
    "Lexicon",
    "MonthName",
    "lexicon_json",
    "month_lexicon",
    "read_lexicon",
    "shipped_lexicon",
]

SHIPPED = "month-names.json"
"""The lexicon shipped in this package, beside this module."""


@dataclass(frozen=True)
class MonthName:
    """A month name as a sequence of casefolded words, and how well CLDR backs it."""

    words: tuple[str, ...]
    month: int
    weight: int
    """Languages naming this month so, minus (for one-word names) languages that use the
    word as a weekday name or as literal text of a date pattern."""


@dataclass(frozen=True)
class Lexicon:
    """Everything read from CLDR, once per process."""

    phrases: dict[str, tuple[MonthName, ...]]
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


@functools.cache
def month_lexicon() -> Lexicon:
    """Every month name, weekday name and date-pattern literal of every Babel locale,
    loaded the first time a date needs them and kept."""
    return shipped_lexicon()


def shipped_lexicon() -> Lexicon:
    """The lexicon as shipped (see the module's docstring)."""
    data = json.loads(resources.files(__package__).joinpath(SHIPPED).read_text(encoding="utf-8"))
    return Lexicon(
        phrases={
            first: tuple(MonthName(tuple(words), month, weight) for words, month, weight in names)
            for first, names in data["phrases"].items()
        },
        words=frozenset(data["words"]),
        prefixes=tuple(data["prefixes"]),
        suffixes=tuple(data["suffixes"]),
        before_number=frozenset(data["before_number"]),
        after_number=frozenset(data["after_number"]),
        numeric_glue=frozenset(data["numeric_glue"]),
    )


def read_lexicon() -> Lexicon:
    """The lexicon read from the installed Babel: about 3 s, since each locale is loaded
    with what it inherits merged in. Babel would keep all of them, some 200 MB, for the
    rest of the process: its caches are let go."""
    read = (locale_tables(identifier) for identifier in ["root", *localedata.locale_identifiers()])
    distinct = dict.fromkeys(tables for tables in read if tables is not None)
    localedata.clear_caches()
    return _combined(map(locale_words, distinct))


def lexicon_json(lexicon: Lexicon) -> str:
    """The lexicon as `shipped_lexicon` reads it, with the Babel it was read from: JSON
    with one line for each first word, sorted, so that a new Babel's changes read as a diff."""
    phrases = {
        first: [[list(name.words), name.month, name.weight] for name in names]
        for first, names in sorted(lexicon.phrases.items())
    }
    lists = {
        "words": sorted(lexicon.words),
        "prefixes": list(lexicon.prefixes),
        "suffixes": list(lexicon.suffixes),
        "before_number": sorted(lexicon.before_number),
        "after_number": sorted(lexicon.after_number),
        "numeric_glue": sorted(lexicon.numeric_glue),
    }
    lines = [f'{{"babel": {json.dumps(babel.__version__)},', '"phrases": {']
    lines += [f"{_compact(first)}: {_compact(names)}," for first, names in phrases.items()]
    lines[-1] = lines[-1].removesuffix(",")
    lines.append("},")
    lines += [f"{_compact(name)}: {_compact(values)}," for name, values in lists.items()]
    lines[-1] = lines[-1].removesuffix(",") + "}"
    return "\n".join(lines) + "\n"


def _compact(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _combined(locales: Iterable[LocaleWords]) -> Lexicon:
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

    phrases: dict[str, list[MonthName]] = defaultdict(list)
    for words, by_month in month_votes.items():
        ranked = sorted(((len(langs), month) for month, langs in by_month.items()), reverse=True)
        if len(ranked) > 1 and ranked[0][0] == ranked[1][0]:
            continue  # as many languages give one month as another: no reading
        votes, month = ranked[0]
        if len(words) == 1:
            votes -= len(against.get(words[0], ()))
            if votes <= 0 and words[0] in literals:
                continue  # glue in more date patterns than it is a month name (`de`, `di`)
        phrases[words[0]].append(MonthName(words, month, votes))
    known = frozenset(word for words in month_votes for word in words)
    return Lexicon(
        phrases={
            first: tuple(sorted(found, key=lambda phrase: -len(phrase.words)))
            for first, found in phrases.items()
        },
        words=known,
        prefixes=tuple(sorted(prefixes, key=_longest_first)),
        suffixes=tuple(sorted(suffixes, key=_longest_first)),
        before_number=frozenset(before),
        after_number=frozenset(after),
        numeric_glue=frozenset(literals | weekdays | numeric_words),
    )


def _longest_first(word: str) -> tuple[int, str]:
    """Longer glue is tried first; words of a length in a fixed order (a set has none)."""
    return -len(word), word
