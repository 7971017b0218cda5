"""The text snapshot reader: the seed listings, copy noise, encodings and broken entries."""

from __future__ import annotations

import datetime as dt
import subprocess
import sys
from pathlib import Path

import pytest
from babel.dates import format_date

from conftest import SEED, entry, listing
from papershelf.snapshots import read_snapshot
from papershelf.snapshots.decoding import decode_snapshot
from papershelf.snapshots.text import parse_text_listing


def _seed_entries():
    return [e for path in sorted(SEED.glob("*.txt")) for e in read_snapshot(path).entries]


def test_seed_listings_read_completely_without_problems():
    listings = [read_snapshot(path) for path in sorted(SEED.glob("*.txt"))]
    assert [len(listing.entries) for listing in listings] == [25, 25, 25, 25]
    assert all(listing.problems == () for listing in listings)
    assert {listing.topic for listing in listings} == {"Parallel Computing and Optimization Techniques"}
    assert all(e.date is not None and e.authors and e.abstract for lst in listings for e in lst.entries)


def test_seed_names_are_decoded_and_split():
    names = {person.name for e in _seed_entries() for person in e.authors}
    assert {
        "Iker García-Ferrero",
        "Şengül Doğan",
        "Jörg Henkel",
        "Román Orús",
        "João Monteiro",
        "Frédéric Berdoz",
        "Joël Mathys",
    } <= names
    assert ":" not in names
    assert not any("\\" in name or "(" in name for name in names)


def test_seed_corporate_author_and_affiliations():
    by_title = {e.title.split(":")[0]: e for e in _seed_entries()}
    mint = by_title["MinT"]
    assert mint.authors[0].name == "Mind Lab" and mint.authors[0].corporate
    assert mint.authors[1].name == "Song Cao" and not mint.authors[1].corporate
    ultra = by_title["UltraQuant"].authors
    assert ultra[0].name == "Inesh Chakrabarti"
    assert ultra[0].affiliation == "Advanced Micro Devices, University of California, Los Angeles"
    assert len(ultra) == 7
    chunk = by_title["ChunkFlow"].authors
    assert [p.name for p in chunk] == ["Han Meng", "Danny Willow Liu", "Dong Li"]
    assert chunk[2].affiliation == "University of California, Merced,Yotta Labs"


def test_seed_german_listing_dates_and_truncation():
    german = read_snapshot(SEED / "002_2f50fc3038412d53.txt")
    assert {e.date for e in german.entries} <= {dt.date(2026, 6, d) for d in range(16, 24)}
    assert all(e.truncated and not e.abstract.endswith("…") for e in german.entries)


def test_seed_latex_in_abstracts():
    abstracts = {e.title.split(":")[0]: e.abstract for e in _seed_entries()}
    maglev = abstracts["Maglev"]
    assert "\\ours{}" in maglev  # unknown macro kept visible
    assert "$Q$" in maglev  # math kept for rendering
    assert "\\footnote" not in maglev and "(In practice" in maglev
    assert "\\emph" not in abstracts["MADAR"] and "addressing –" in abstracts["MADAR"]


SIMPLE = listing(
    entry("A First Paper", "Ann Author, Bob Builder", "5 August 2026", "Text one."),
    entry("A Second Paper", "Cy Coder", "4 August 2026", "Text two…"),
)


def _titles(text: str) -> list[str]:
    parsed = parse_text_listing(text, "x.txt")
    assert parsed.problems == ()
    return [e.title for e in parsed.entries]


@pytest.mark.parametrize(
    "noisy",
    [
        SIMPLE.replace("\n", "\r\n"),
        "\ufeff" + SIMPLE,
        SIMPLE.replace(" · ", "\u00a0·\u00a0").replace("5 August", "5\u00a0August"),
        SIMPLE.replace("\n\n", "\n"),
        SIMPLE.replace("• ", "◦ "),
        SIMPLE.replace("• ", "- "),
        SIMPLE.replace("  ", "\t"),
        SIMPLE.replace("\n\n", "\n  \n"),
        SIMPLE.replace("A First", "A\u200b First"),
    ],
    ids=[
        "crlf",
        "bom",
        "nbsp",
        "no-blank-lines",
        "other-bullet",
        "dash-bullet",
        "tabs",
        "blank-with-spaces",
        "zero-width",
    ],
)
def test_copy_noise_is_tolerated(noisy: str):
    parsed = parse_text_listing(noisy, "x.txt")
    assert parsed.problems == ()
    assert [e.title for e in parsed.entries] == ["A First Paper", "A Second Paper"]
    assert [e.date for e in parsed.entries] == [dt.date(2026, 8, 5), dt.date(2026, 8, 4)]
    assert [p.name for p in parsed.entries[0].authors] == ["Ann Author", "Bob Builder"]
    assert [e.truncated for e in parsed.entries] == [False, True]
    assert parsed.entries[1].abstract == "Text two"


def test_three_dots_mark_truncation():
    parsed = parse_text_listing(SIMPLE.replace("Text two…", "Text two..."), "x.txt")
    assert parsed.entries[1].truncated and parsed.entries[1].abstract == "Text two"


def test_windows_1252_file_keeps_ellipsis_and_accents(tmp_path: Path):
    text = listing(entry("Caf\u00e9 Paper", "Jos\u00e9 Garc\u00eda", abstract="Cut here\u2026"))
    path = tmp_path / "win.txt"
    path.write_bytes(text.encode("cp1252"))
    assert b"\x85" in path.read_bytes()
    parsed = read_snapshot(path)
    assert parsed.problems == ()
    assert [str(note) for note in parsed.notes] == ["win.txt:1: not UTF-8; read as Windows-1252"]
    (e,) = parsed.entries
    assert e.title == "Café Paper" and e.authors[0].name == "José García"
    assert e.truncated and e.abstract == "Cut here"


@pytest.mark.parametrize("codec", ["utf-16", "utf-32", "utf-8-sig"])
def test_byte_order_marks_name_the_encoding(codec: str):
    decoded = decode_snapshot(SIMPLE.encode(codec))
    assert decoded.text == SIMPLE and decoded.encoding is None and not decoded.guessed


def test_line_breaks_are_unified_so_that_every_reader_counts_lines_alike():
    assert decode_snapshot(SIMPLE.replace("\n", "\r").encode()).text == SIMPLE
    assert decode_snapshot(SIMPLE.replace("\n", "\r\n").encode()).text == SIMPLE


def test_title_wrapped_over_two_lines():
    text = listing("• A Title That\n  Wraps Around\n\n  Ann Author · 5 August 2026\n\n  Text.\n")
    (e,) = parse_text_listing(text, "x.txt").entries
    assert e.title == "A Title That Wraps Around" and e.authors[0].name == "Ann Author"


@pytest.mark.parametrize("locale", ["de", "fr", "es", "ru", "ja", "pl", "tr", "pt_BR", "it", "nl"])
def test_localised_listing(locale: str):
    day = dt.date(2026, 6, 19)
    text = listing(
        entry("Paper", "Ann Author", format_date(day, "long", locale=locale)), heading="(localised)"
    )
    (e,) = parse_text_listing(text, "x.txt").entries
    assert e.date == day


def test_broken_entries_warn_with_file_and_line_and_neighbours_survive():
    text = listing(
        entry("Good One", "Ann Author"),
        entry("Bad Date", "Bob Builder", date="sometime soon"),
        "• No Author Line\n",
        entry("Good Two", "Cy Coder"),
    )
    parsed = parse_text_listing(text, "feed.txt")
    assert [e.title for e in parsed.entries] == ["Good One", "Bad Date", "Good Two"]  # a bullet is no paper
    assert [str(p) for p in parsed.problems] == [
        "feed.txt:13: unreadable date 'sometime soon'",
        "feed.txt:17: not a paper: no author line; skipped",
    ]
    assert parsed.entries[1].date is None and parsed.entries[1].authors[0].name == "Bob Builder"


@pytest.mark.parametrize("cut", ["et al.", "et al. (97 additional authors not shown)"])
def test_authors_cut_short_and_suffixes(cut: str):
    """arXiv's mailings say how many more there are: no author of that name, no affiliation."""
    text = listing(entry("P", f"Ann Author, John Smith, Jr., {cut}"))
    (e,) = parse_text_listing(text, "x.txt").entries
    assert [(p.name, p.affiliation) for p in e.authors] == [("Ann Author", None), ("John Smith, Jr.", None)]
    assert e.authors_truncated


def test_reading_copied_text_imports_no_html_parser_nor_the_dev_server():
    """BeautifulSoup (0.12 s) and MkDocs's live-reload server (0.05 s) are imported only by
    what needs them: a saved page, `mkdocs serve`. Every build of a folder of copied text,
    and every build that takes its snapshots from the cache, would pay for them otherwise."""
    script = (
        "import sys; from pathlib import Path; import papershelf.site.plugin;"
        "from papershelf.snapshots import read_snapshot;"
        f"assert read_snapshot(Path({str(SEED / '000_d9b6205aba2d6e65.txt')!r})).entries;"
        "print(sorted({'bs4', 'mkdocs.livereload'} & sys.modules.keys()))"
    )
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert run.stdout.strip() == "[]"
