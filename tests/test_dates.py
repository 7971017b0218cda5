"""parse_date reads a date in any locale's long (or medium) format without knowing the locale.

Expected texts are generated with Babel's own `format_date`, never typed by hand, so the
tests follow the CLDR data the parser reads its month names from.
"""

from __future__ import annotations

import datetime
import random

import babel
import pytest
from babel import Locale, localedata
from babel.dates import format_date

from conftest import REPO, cpu_seconds
from papershelf.snapshots.dates import DateReading, parse_date, read_date
from papershelf.snapshots.dates.months import lexicon_json, month_lexicon, read_lexicon, shipped_lexicon

# Every month, and days that are single-digit, double-digit and near the end of a month.
DATES_2026 = [datetime.date(2026, month, day) for month in range(1, 13) for day in (1, 5, 28)]

# UI languages a paper aggregator may use. Left out on purpose:
# * hr (Croatian): `listopad(a)`/`lis` is October in Croatian but November in Czech,
#   Polish and Silesian, and `lip` June vs Polish July; the majority reading wins, so
#   Croatian October (long) and several medium-format months are misread or dropped.
# * es_PA, es_PR medium: the only CLDR medium patterns writing a numeric month-day-year
#   (`01/05/2026`); every other numeric pattern with the year last is day-month-year.
LONG_LOCALES = [
    "en_US",
    "en_GB",
    "en_IN",
    "de",
    "de_AT",
    "de_CH",
    "fr",
    "fr_CA",
    "es",
    "es_MX",
    "it",
    "pt_BR",
    "pt_PT",
    "nl",
    "pl",
    "ru",
    "uk",
    "be",
    "bg",
    "sr",
    "sr_Latn",
    "mk",
    "tr",
    "hu",
    "cs",
    "sk",
    "sl",
    "sv",
    "da",
    "nb",
    "fi",
    "et",
    "lv",
    "lt",
    "ro",
    "el",
    "ca",
    "gl",
    "eu",
    "ga",
    "cy",
    "sq",
    "is",
    "ja",
    "zh",
    "zh_Hant",
    "zh_Hant_HK",
    "yue",
    "ko",
    "vi",
    "th",
    "id",
    "ms",
    "fil",
    "hi",
    "bn",
    "ta",
    "mr",
    "ur",
    "fa",
    "ar",
    "ar_EG",
    "ar_SY",
    "he",
    "ka",
    "hy",
    "az",
    "kk",
    "uz",
    "mn",
    "sw",
    "am",
]
MEDIUM_LOCALES = [
    "en_US",
    "en_GB",
    "de",
    "fr",
    "es",
    "it",
    "pt_BR",
    "nl",
    "pl",
    "ru",
    "uk",
    "tr",
    "hu",
    "cs",
    "sv",
    "fi",
    "el",
    "ja",
    "zh",
    "ko",
    "ar",
    "he",
    "lt",
    "mn",
    "vi",
]
FULL_LOCALES = ["en_US", "de", "fr", "es", "ru", "pl", "ja", "zh", "ko", "ar", "el", "tr"]


def _misread(locale: str, length: str) -> list[tuple[str, datetime.date | None]]:
    """The (text, parsed) pairs of DATES_2026 in `locale` that do not round-trip."""
    misread = []
    for day in DATES_2026:
        text = format_date(day, format=length, locale=locale)
        parsed = parse_date(text)
        if parsed != day:
            misread.append((text, parsed))
    return misread


@pytest.mark.parametrize("locale", LONG_LOCALES)
def test_long_format_round_trips(locale: str) -> None:
    assert _misread(locale, "long") == []


@pytest.mark.parametrize("locale", MEDIUM_LOCALES)
def test_medium_format_round_trips(locale: str) -> None:
    assert _misread(locale, "medium") == []


@pytest.mark.parametrize("locale", FULL_LOCALES)
def test_full_format_with_weekday_round_trips(locale: str) -> None:
    assert _misread(locale, "full") == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("7 August 2026", datetime.date(2026, 8, 7)),
        ("16. Juni 2026", datetime.date(2026, 6, 16)),
        ("August 7, 2026", datetime.date(2026, 8, 7)),
        ("5 août 2026", datetime.date(2026, 8, 5)),
        ("5 de agosto de 2026", datetime.date(2026, 8, 5)),
        ("2026年8月5日", datetime.date(2026, 8, 5)),
        ("19 июня 2026 г.", datetime.date(2026, 6, 19)),
        ("2026. augusztus 5.", datetime.date(2026, 8, 5)),
        ("5 Ağustos 2026", datetime.date(2026, 8, 5)),
        ("2026년 8월 5일", datetime.date(2026, 8, 5)),
        ("19 czerwca 2026", datetime.date(2026, 6, 19)),
        ("19 Ιουνίου 2026", datetime.date(2026, 6, 19)),
    ],
)
def test_seed_examples(text: str, expected: datetime.date) -> None:
    assert parse_date(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("16.\u00a0Juni 2026", datetime.date(2026, 6, 16)),  # no-break space
        ("7\u202fAug.\u202f2026", datetime.date(2026, 8, 7)),  # narrow no-break spaces
        ("  7   August \t 2026 \n", datetime.date(2026, 8, 7)),
        ("7 Aug. 2026", datetime.date(2026, 8, 7)),
        ("7 Aug 2026", datetime.date(2026, 8, 7)),
        ("Aug. 7, 2026", datetime.date(2026, 8, 7)),
        ("7 aug. 2026.", datetime.date(2026, 8, 7)),
        ("AUGUST 7, 2026", datetime.date(2026, 8, 7)),
        ("7 august 2026", datetime.date(2026, 8, 7)),
        ("5 MAYIS 2026", datetime.date(2026, 5, 5)),  # Turkish dotless ı upper-cased
        ("19 ИЮНЯ 2026 Г.", datetime.date(2026, 6, 19)),
        ("٥ أغسطس ٢٠٢٦", datetime.date(2026, 8, 5)),  # Arabic-Indic digits
        ("५ अगस्त २०२६", datetime.date(2026, 8, 5)),  # Devanagari digits
        ("２０２６年８月５日", datetime.date(2026, 8, 5)),  # full-width digits
        ("Wednesday, August 5, 2026", datetime.date(2026, 8, 5)),
        ("2026-08-05", datetime.date(2026, 8, 5)),
        ("05.08.2026", datetime.date(2026, 8, 5)),
        (" " * 300 + "7 August 2026", datetime.date(2026, 8, 7)),
    ],
)
def test_noise_is_tolerated(text: str, expected: datetime.date) -> None:
    assert parse_date(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "yesterday",
        "2026",
        "August 2026",
        "7 August",
        "31 February 2026",
        "29 February 2026",  # 2026 is not a leap year
        "April 31, 2026",
        "0 August 2026",
        "2026-13-01",
        "2026年13月5日",
        "7 August 26",
        "7 August 20260",
        "5 August 0000",
        "12 34 5678",
        "August 7, 2026 and May 3, 2026",
        "5 August 2026 v2",
        "lorem ipsum dolor 12 sit 3456 amet 7",
        "the quick brown fox jumps over the lazy dog",
        "7 Blorptember 2026",
        "x" * 1000,
        "\ud800 \U0010ffff \u0301",
    ],
)
def test_garbage_gives_none(text: str) -> None:
    assert parse_date(text) is None


def test_never_raises_on_random_text() -> None:
    alphabet = "aZ 0123456789 .,-/年月日 \u00a0\u202f августа Mai Juni \ud800\U0010ffff\u0301ı"
    rng = random.Random(20260805)
    for _ in range(3000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 30)))
        result = parse_date(text)
        assert result is None or isinstance(result, datetime.date)


@pytest.mark.slow  # reads every Babel locale
@pytest.mark.parametrize(
    ("length", "minimum"),
    [
        # Measured with Babel 2.19 over all 1,147 locales and 36 dates of 2026: long 99.85%
        # (misses: Croatian October, and names two small languages give different months,
        # e.g. Kinyarwanda/Kirundi `Nyakanga`); medium 97.6% (more abbreviation clashes
        # among small languages, plus es_PA/es_PR month-day-year). The bars leave room for
        # CLDR updates while catching a regression that breaks a script or a big family.
        ("long", 0.99),
        ("medium", 0.96),
    ],
)
def test_sweep_over_all_babel_locales(length: str, minimum: float) -> None:
    dates = [datetime.date(2026, month, 5 + month) for month in range(1, 13)]
    total = parsed = 0
    for locale in localedata.locale_identifiers():
        for day in dates:
            total += 1
            parsed += parse_date(format_date(day, format=length, locale=locale)) == day
    assert total > 10_000
    assert parsed / total >= minimum


@pytest.mark.slow
def test_babel_locale_data_is_left_whole() -> None:
    """Reading every locale's month names must leave Babel's locales whole for formatting:
    before Babel 2.19, resolving one locale's stand-alone names (Hebrew's) wrote them into
    data other locales share, and French `LLLL` came out in Hebrew."""
    read_lexicon()
    text = format_date(datetime.date(2026, 1, 5), format="long", locale="de_AT")
    assert text == "5. Jänner 2026"
    assert Locale.parse("de_AT").months["format"]["wide"][8] == "August"
    assert format_date(datetime.date(2026, 10, 5), "LLLL", locale="fr") == "octobre"
    assert format_date(datetime.date(2026, 10, 5), "LLLL", locale="he") == "אוקטובר"


def test_the_shipped_month_names_are_what_babel_gives() -> None:
    """The lexicon ships as data (reading Babel's locales takes seconds): it must be what
    the Babel it names gives, byte for byte; a newer Babel may give more."""
    shipped = shipped_lexicon()
    assert month_lexicon() == shipped
    written_with = (REPO / "plugin/papershelf/snapshots/dates/month-names.json").read_text(encoding="utf-8")
    if f'"babel": "{babel.__version__}"' not in written_with.partition("\n")[0]:
        pytest.skip(f"month-names.json was written with another Babel than {babel.__version__}")
    assert lexicon_json(read_lexicon()) == written_with, "run scripts/month-names.py"


def test_many_calls_are_fast() -> None:
    parse_date("7 August 2026")  # build the lookup outside the timing
    texts = [
        f"{day} {month} {year}"
        for year in range(2000, 2010)
        for month in ("August", "Juni", "июня", "czerwca")
        for day in range(1, 29)
    ]
    results: list[datetime.date | None] = []
    elapsed = cpu_seconds(lambda: results.extend(map(parse_date, texts)), repeat=1)  # once: cached after
    assert len(results) == len(texts) and all(results)
    # About 10 µs of CPU per uncached call when measured; 500 µs only catches pathologies.
    assert elapsed < 500e-6 * len(texts)


TODAY = datetime.date(2026, 8, 7)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("08/07/2026", datetime.date(2026, 7, 8)),  # ambiguous: read day first, with a warning
        ("07/13/2026", datetime.date(2026, 7, 13)),  # only month first exists
        ("13/07/2026", datetime.date(2026, 7, 13)),
        ("07/07/2026", datetime.date(2026, 7, 7)),
        ("08.07.2026", datetime.date(2026, 7, 8)),  # no locale writes the month first with dots
        ("2026/08/07", datetime.date(2026, 8, 7)),  # year first: ISO order
    ],
)
def test_numeric_day_and_month(text: str, expected: datetime.date) -> None:
    assert parse_date(text) == expected
    assert read_date(text, TODAY).date == expected


def test_only_a_swappable_slashed_date_is_ambiguous() -> None:
    warning = read_date("08/07/2026", TODAY).warning
    assert warning == "ambiguous date '08/07/2026': read day first, as 2026-07-08"
    for text in ("07/13/2026", "07/07/2026", "08.07.2026", "2026/08/07", "7 August 2026", "2026年8月7日"):
        assert read_date(text, TODAY).warning is None, text


@pytest.mark.parametrize(
    "written",
    ["7 August 1900", "31 December 1989", "1 January 9999", "8 August 2027", datetime.date(1970, 1, 1)],
)
def test_implausible_dates_are_unknown_with_a_warning(written: str | datetime.date) -> None:
    reading = read_date(written, TODAY)
    assert reading.date is None
    assert reading.warning == (
        f"implausible date {str(written)!r} (before 1990 or after 2027-08-07); left unknown"
    )


@pytest.mark.parametrize("written", ["1 January 1990", "7 August 2027", datetime.date(2026, 8, 7)])
def test_plausible_range_is_inclusive(written: str | datetime.date) -> None:
    assert read_date(written, TODAY).date is not None and read_date(written, TODAY).warning is None


def test_unreadable_text_says_so() -> None:
    assert read_date("sometime soon", TODAY) == DateReading(None, "unreadable date 'sometime soon'")
