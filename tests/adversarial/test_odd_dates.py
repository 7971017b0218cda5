"""Dates no listing of latest papers can hold, and numeric dates that read two ways: each is
a warning at its file:line, and an implausible one leaves the date unknown.

(Named apart from tests/test_dates.py: without `__init__.py` files, pytest cannot collect two
test modules of one name.)"""

from __future__ import annotations

import dataclasses
import datetime as dt
from pathlib import Path

import pytest

from conftest import entry, listing
from papershelf.export.biblatex import biblatex_file
from papershelf.export.bibtex import bibtex_file
from papershelf.snapshots.html import parse_html_listing
from papershelf.snapshots.text import parse_text_listing
from texrun import biber_document, bibtex_document, listing_papers


def test_implausible_and_ambiguous_dates_in_a_text_listing():
    text = listing(
        entry("Victorian Paper", "Ann Author", date="7 August 1900"),
        entry("Future Paper", "Bob Builder", date="31 December 9999"),
        entry("Slashed Paper", "Cy Coder", date="08/07/2026"),
        entry("Clear Paper", "Di Doe", date="07/13/2026"),
    )
    read = parse_text_listing(text, "odd.txt")
    assert [(e.title, e.date, e.provisional) for e in read.entries] == [
        ("Victorian Paper", None, True),
        ("Future Paper", None, True),
        ("Slashed Paper", dt.date(2026, 7, 8), False),
        ("Clear Paper", dt.date(2026, 7, 13), False),
    ]
    latest = dt.date.today() + dt.timedelta(days=365)
    assert [str(p) for p in read.problems] == [
        f"odd.txt:7: implausible date '7 August 1900' (before 1990 or after {latest}); left unknown",
        f"odd.txt:13: implausible date '31 December 9999' (before 1990 or after {latest}); left unknown",
        "odd.txt:19: ambiguous date '08/07/2026': read day first, as 2026-07-08",
    ]


def test_an_implausible_machine_readable_date_is_unknown_too():
    page = """<html><body><h1>Topic</h1><ul>
<li><h2>A Paper From Long Ago</h2><span class="author">Ann Author</span>
<time datetime="1900-01-01">1 January 1900</time>
<p class="abstract">An abstract long enough to be taken for one by the reader of pages.</p></li>
</ul></body></html>"""
    read = parse_html_listing(page, "old.html")
    (paper,) = read.entries
    assert paper.date is None and paper.provisional
    assert [p.message for p in read.problems] == [
        f"implausible date '1900-01-01' (before 1990 or after {dt.date.today() + dt.timedelta(days=365)});"
        " left unknown"
    ]


@pytest.mark.slow  # typesets with bibtex and biber
@pytest.mark.parametrize("export", [bibtex_file, biblatex_file], ids=["bibtex", "biblatex"])
def test_an_undated_paper_typesets_with_biber_and_bibtex_without_a_message(export, tmp_path: Path):
    """biblatex requires a date of every entry: an undated paper's says "unspecified"."""
    (dated,) = listing_papers(listing(entry("Fast Decoding", "Ann Lee")))
    bib = tmp_path / "library.bib"
    bib.write_text(export([dataclasses.replace(dated, date=None)]), encoding="utf-8")
    assert "date = {XXXX}" in bib.read_text(encoding="utf-8")
    for folder, typeset in (("biber", biber_document), ("bibtex", bibtex_document)):
        (tmp_path / folder).mkdir()
        style = () if folder == "biber" else ("plain",)
        result = typeset(bib, tmp_path / folder, *style)
        assert result.problems == [], (folder, result.problems)
        assert "Fast" in result.bbl and "Lee" in result.bbl
