"""arXiv's listing pages (`/list/cs.LG/new`), as a browser copies them in the two page designs
seen in 2026 and as saved HTML: fixtures of our own in `tests/fixtures/arxiv-listing/`."""

from __future__ import annotations

import datetime as dt
import time
from pathlib import Path

from conftest import FIXTURES, SiteBuilder
from papershelf.keys import KeyBook
from papershelf.library import build_library
from papershelf.snapshots.arxiv_listing import looks_like_arxiv_listing
from papershelf.snapshots.reader import read_snapshot

LISTINGS = FIXTURES / "arxiv-listing"


def test_copied_text_with_a_line_per_field():
    read = read_snapshot(LISTINGS / "new-cs.LG-copied-2026-03.txt")
    assert read.problems == () and read.found == len(read.entries) == 4  # not "Total of 4 entries"
    new, second, cross, replaced = read.entries
    assert (new.ids.arxiv, new.source.line, new.date) == ("2603.03383", 8, dt.date(2026, 3, 5))
    assert new.title == "Sparse Attention at Scale: What $O(L^2)$ Costs"
    assert [p.name for p in new.authors] == ["Ann Author", "Bob Builder", "Carla García"]
    assert new.abstract.endswith("past a million tokens.") and new.topic == "cs.LG"
    assert (
        second.abstract == "We measure how KV caches behave when memory runs short."
    )  # no section heading in it
    assert (cross.ids.arxiv, cross.ids.primary_class) == ("2603.02001", "cs.DC")  # a cross-list's own class
    assert cross.abstract == "Shared GPUs need schedulers that know about inference."
    assert (replaced.ids.arxiv, replaced.abstract) == ("2502.01234", "")  # replacements carry no abstract
    assert "Which authors" not in " ".join(e.abstract for e in read.entries)


def test_copied_text_with_labels_and_values_on_lines_of_their_own():
    read = read_snapshot(LISTINGS / "new-cs.LG-copied-2026-06.txt")
    assert read.problems == () and len(read.entries) == 2
    first, replaced = read.entries
    assert (first.title, first.ids.arxiv, first.date) == (
        "Speculative Decoding Without Drafts",
        "2606.01111",
        dt.date(2026, 6, 12),
    )
    assert [p.name for p in first.authors] == ["Hana Hill", "Ivo Ink"]
    assert first.abstract.startswith("Speculative decoding needs a draft model")
    assert replaced.ids.arxiv == "2603.03383" and replaced.abstract == ""


def test_the_page_saved_as_html():
    read = read_snapshot(LISTINGS / "new-cs.LG-saved-2026-03.html")
    assert read.problems == () and len(read.entries) == 2  # no menu, form or footer entries
    first = read.entries[0]
    assert first.title == "Sparse Attention at Scale: What $O(L^2)$ Costs"
    assert [p.name for p in first.authors] == ["Ann Author", "Bob Builder", "Carla García"]
    assert (first.ids.arxiv, first.ids.primary_class, first.date) == (
        "2603.03383",
        "cs.LG",
        dt.date(2026, 3, 5),
    )
    assert first.abstract.startswith("We study sparse attention") and "Subjects" not in first.abstract


def test_one_paper_seen_in_three_listings_is_one_paper_dated_by_its_first_announcement():
    listings = [read_snapshot(path) for path in sorted(LISTINGS.iterdir())]
    papers = {p.ids.arxiv: p for p in build_library(listings, KeyBook({}, {})).library.papers}
    assert sorted(papers) == [
        "2502.01234",
        "2603.02001",
        "2603.03333",
        "2603.03383",
        "2603.03390",
        "2603.04444",
        "2606.01111",
    ]
    sparse = papers["2603.03383"]
    assert len(sparse.sightings) == 3 and sparse.date == dt.date(2026, 3, 5)
    assert sparse.abstract.endswith("past a million tokens.")


def test_a_site_from_listing_pages_builds_without_a_warning(site_builder: SiteBuilder):
    for path in sorted(LISTINGS.iterdir()):
        site_builder.snapshot(path.name, path.read_bytes())
    built = site_builder.build()
    assert built.warnings == []
    page = built.page("papers/author2026sparse/")
    assert page.select_one(".ps-links a")["href"] == "https://arxiv.org/abs/2603.03383"


def test_a_recent_page_dates_each_entry_by_its_day_heading():
    """`/recent` lists titles only, under `Fri, 6 Mar 2026 (showing ...)` headings."""
    read = read_snapshot(LISTINGS / "recent-cs.DC-copied-2026-03.txt")
    assert read.problems == ()
    assert [(e.ids.arxiv, e.date) for e in read.entries] == [
        ("2603.04444", dt.date(2026, 3, 6)),
        ("2603.02001", dt.date(2026, 3, 5)),
        ("2603.03333", dt.date(2026, 3, 5)),
    ]
    assert all(e.abstract == "" for e in read.entries)  # no heading swallowed as an abstract


def test_telling_a_listing_is_not_quadratic_in_blank_lines():
    """The check once let `^\\s*` run over every blank line below each line start."""
    text = "\n" * 40_000 + "Total of 1 entries\n[1]\narXiv:2603.03383\nTitle: After the blanks\n"
    started = time.perf_counter()
    assert looks_like_arxiv_listing(text) and looks_like_arxiv_listing("[1] arXiv:2603.03383 [pdf]\n")
    assert time.perf_counter() - started < 0.5
    assert all(looks_like_arxiv_listing(path.read_text(encoding="utf-8")) for path in LISTINGS.glob("*.txt"))


def test_a_listing_entrys_doi_is_kept(tmp_path: Path):
    (tmp_path / "new.txt").write_text(
        "Showing new listings for Thursday, 5 March 2026\n"
        "New submissions (showing 1 of 1 entries)\n"
        "[1] arXiv:2603.03383 [pdf, other]\n"
        "Title: Sparse Attention at Scale\n"
        "Authors: Ann Author\n"
        "DOI: 10.1234/foo.5678\n"
        "Subjects: Machine Learning (cs.LG)\n"
        "We study sparse attention.\n",
        encoding="utf-8",
    )
    read = read_snapshot(tmp_path / "new.txt")
    assert [(e.ids.arxiv, e.ids.doi) for e in read.entries] == [("2603.03383", "10.1234/foo.5678")]


def test_a_page_without_a_day_says_so_once(tmp_path: Path):
    """No "Showing new listings for <day>" and no day heading: one warning for the file, none
    more for each entry."""
    entry = "[{n}] arXiv:2603.0338{n} [pdf]\nTitle: Paper {n}\nAuthors: Ann Author\nSubjects: AI (cs.AI)\n"
    (tmp_path / "undated.txt").write_text("".join(entry.format(n=n) for n in (1, 2, 3)), encoding="utf-8")
    read = read_snapshot(tmp_path / "undated.txt")
    assert len(read.entries) == 3 and [str(p) for p in read.problems] == [
        "undated.txt:1: no 'Showing new listings for <day>' line: papers undated"
    ]
