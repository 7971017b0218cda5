"""arXiv's listing pages (`/list/cs.LG/new`): real pages saved as text by a tool, variants of
them made here (copied by a browser, collapsed, CRLF, tabs, NBSP, the older design), and
fixtures of our own in `tests/fixtures/arxiv-listing/` (copied text and saved HTML)."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest

from conftest import FIXTURES, SiteBuilder, cpu_seconds, real_listing
from papershelf.library.keys import KeyBook
from papershelf.library.merge import build_library
from papershelf.model import iso_date
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
    """The check once let `^\\s*` run over every blank line below each line start: 100,000
    blank lines then took about 15 s of CPU, where a linear check takes about 1 ms. The bound
    is hundreds of times the one and a thirtieth of the other, in CPU time, which does not
    grow with the machine's load."""
    text = "\n" * 100_000 + "Total of 1 entries\n[1]\narXiv:2603.03383\nTitle: After the blanks\n"
    assert looks_like_arxiv_listing(text) and looks_like_arxiv_listing("[1] arXiv:2603.03383 [pdf]\n")
    assert cpu_seconds(lambda: looks_like_arxiv_listing(text), repeat=1) < 0.5
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


# Real pages: arxiv.org/list/<cat>/new as a page-to-text tool saved them (see SOURCES.md of
# the shared real listings), and variants of them made here, never a format imagined.
REAL_PAGES = {
    "arxiv-listing-pages/list-q-fin.PR-new-2026-09-09.txt": [
        (
            "2609.05433",
            "2026-09-09",
            "Perpetual Futures for Stocks: The SpaceX Pre-IPO Market",
            "Aditya Gupta, Nick Polson",
        ),
        (
            "2609.07169",
            "2026-09-09",
            "Pricing and Hedging of Discretely Monitored Asian Options in the Volterra-Heston Model",
            "Gijs Custers, Sven Karbach, Martin Friesen",
        ),
        (
            "2609.06137",
            "2026-09-09",
            "Unbiased Monte Carlo Greeks for Discontinuous Payoffs",
            "Evgeny Lakshtanov",
        ),
        (
            "1502.05743",
            "2015-02",
            "The existence of optimal bang-bang controls for GMxB contracts",
            "Parsiad Azimzadeh, Peter A. Forsyth",
        ),
        (
            "2506.08067",
            "2025-06",
            "Smile asymptotics for Bachelier implied volatility",
            "Roberto Baviera, Michele Domenico Massaria",
        ),
        (
            "2603.24605",
            "2026-03",
            "Bid–Ask Martingale Optimal Transport",
            "Bryan Liang, Marcel Nutz, Shunan Sheng, Valentin Tissot-Daguette",
        ),
        (
            "2608.13732",
            "2026-08",
            "On the First Hitting Time Problems for Diffusion Processes: Local Time-Space Approach",
            "Jerome Detemple, Yerkin Kitapbayev, Danila Shabalin",
        ),
    ],
    "arxiv-listing-pages/list-q-fin.TR-new-2026-09-09.txt": [
        (
            "2609.06085",
            "2026-09-09",
            "Explainable Deep Learning for Price-Trade Dynamics: From Black-Box Forecasts to Effective"
            " Parametric Models",
            "Manuel Naviglio, Fabrizio Lillo",
        ),
        ("2609.07989", "2026-09-09", "Regimes in the Order Flow", "Ramzi Jebali"),
        (
            "2609.08881",
            "2026-09-09",
            "The Double-Edged Sword of Short-Selling Bans",
            "Pasquale Della Corte, Robert Kosowski, Dimitris Papadimitriou, Nikolaos P. Rapanos",
        ),
        (
            "2512.23515",
            "2025-12",
            "Alpha-R1: Alpha Screening with LLM Reasoning via Reinforcement Learning",
            "Zuoyou Jiang, Li Zhao, Rui Sun, Ruohan Sun, Zhongjian Li, Jing Li, Daxin Jiang, Zuo Bai,"
            " Cheng Hua",
        ),
        (
            "2606.07059",
            "2026-06",
            "Diffusive in plain sight: An inconspicuous law of market impact",
            "Julius F. Bonart",
        ),
        (
            "2606.14182",
            "2026-06",
            "Correlation emergence and the Epps effect in two coupled limit order books",
            "Chris Angstmann, Tim Gebbie",
        ),
        (
            "2601.02310",
            "2026-01",
            "Temporal Kolmogorov-Arnold Networks (T-KAN) for High-Frequency Limit Order Book Forecasting:"
            " Efficiency, Interpretability, and Alpha Decay",
            "Ahmad Makinde",
        ),
    ],
}


def _records(listing) -> list[tuple[str, str, str, str]]:
    return [
        (e.ids.arxiv, iso_date(e.date, e.date_precision), e.title, ", ".join(p.name for p in e.authors))
        for e in listing.entries
    ]


def _read_text(tmp_path: Path, text: str, name: str = "page.txt"):
    (tmp_path / name).write_bytes(text.encode("utf-8"))
    return read_snapshot(tmp_path / name)


@pytest.mark.parametrize("relative", sorted(REAL_PAGES))
def test_a_real_listing_page_reads_every_paper(relative):
    read = read_snapshot(real_listing(relative))
    assert read.problems == () and read.found == 7
    assert _records(read) == REAL_PAGES[relative]
    first = read.entries[0]
    assert first.topic == first.ids.primary_class == relative.split("list-")[1].split("-new")[0]
    assert all(entry.abstract and "Subjects" not in entry.abstract for entry in read.entries)
    assert not any("Total of" in e.abstract or "acknowledge" in e.abstract for e in read.entries)


def test_the_real_page_cross_list_and_journal_ref_stay_out_of_the_fields():
    read = read_snapshot(real_listing("arxiv-listing-pages/list-q-fin.PR-new-2026-09-09.txt"))
    cross, replaced = read.entries[2], read.entries[3]
    assert cross.ids.primary_class == "q-fin.CP" and "cross-list" not in cross.title
    assert replaced.abstract.startswith("A large collection of financial contracts")
    assert "SIAM" not in replaced.abstract and "Fixed conditioning" not in replaced.abstract
    dated = read_snapshot(real_listing("arxiv-listing-pages/list-q-fin.TR-new-2026-09-09.txt")).entries[6]
    assert dated.abstract.startswith("High-Frequency trading (HFT)") and "BILT" not in dated.abstract


def _collapsed(text: str) -> str:
    return "\n".join(line for line in text.split("\n") if line.strip())


def _labels_beside_values(text: str) -> str:
    """A browser's copy: each label on the line of its value."""
    return re.sub(r"(Title|Comments|Journal-ref|Subjects): *\n(?:[ \t]*\n)*[ \t]*", r"\1: ", text)


def _older_design(text: str) -> str:
    """`[1] arXiv:ID [pdf, ps, other]`, then `Title:` and `Authors:` labelled on their lines."""
    lines = _collapsed(_labels_beside_values(text)).split("\n")
    out: list[str] = []
    for index, line in enumerate(lines):
        if re.fullmatch(r" ?\[\d+\] ?", line):
            line = f"{line.strip()} {lines[index + 1].strip()} [pdf, ps, other]"
        elif line.strip().startswith("arXiv:") or line.strip().startswith("[ pdf"):
            continue
        elif index and lines[index - 1].lstrip().startswith("Title: "):
            line = "Authors: " + line.strip().replace(" , ", ", ")
        out.append(line)
    return "\n".join(out)


VARIANTS = {
    "whitespace lines collapsed": _collapsed,
    "CRLF": lambda text: text.replace("\n", "\r\n"),
    "tabs": lambda text: re.sub(r"(?m)^ +", "\t", text),
    "NBSP": lambda text: text.replace(" ", "\u00a0"),
    "labels beside their values": _labels_beside_values,
    "the older design": _older_design,
}


@pytest.mark.parametrize("variant", sorted(VARIANTS))
@pytest.mark.parametrize("relative", sorted(REAL_PAGES))
def test_a_real_page_reads_the_same_however_it_was_copied(tmp_path, relative, variant):
    original = real_listing(relative).read_text(encoding="utf-8")
    changed = VARIANTS[variant](original)
    assert changed != original
    read = _read_text(tmp_path, changed)
    assert read.problems == ()
    assert _records(read) == REAL_PAGES[relative]
    expected = read_snapshot(real_listing(relative))
    assert [e.abstract for e in read.entries] == [e.abstract for e in expected.entries]


def test_a_replaced_entry_is_a_new_version_of_the_paper_announced_before(tmp_path):
    """A week later the real page's first paper comes back among the replacements."""
    first = real_listing("arxiv-listing-pages/list-q-fin.PR-new-2026-09-09.txt").read_text(encoding="utf-8")
    later = first.replace("9 September 2026", "16 September 2026").replace(
        " arXiv:2609.05433\n", " arXiv:2609.05433\n \n (replaced)\n"
    )
    listings = [_read_text(tmp_path, first, "a.txt"), _read_text(tmp_path, later, "b.txt")]
    assert iso_date(listings[1].entries[0].date, listings[1].entries[0].date_precision) == "2026-09"
    papers = build_library(listings, KeyBook({}, {})).library.papers
    assert len(papers) == 7
    perpetual = next(paper for paper in papers if paper.ids.arxiv == "2609.05433")
    assert perpetual.date == dt.date(2026, 9, 9) and len(perpetual.sightings) == 2


def test_a_page_of_the_layout_before_2023_is_dated_by_its_section_headings(tmp_path: Path):
    """`New submissions for Fri, 20 Jul 18`: no "Showing new listings" line then (the
    fixture is in the markup of such a page, with made-up papers)."""
    read = read_snapshot(FIXTURES / "arxiv-listing-older" / "cs-new-2018-07-20-older-layout.html")
    assert read.problems == ()
    new, replaced = read.entries
    assert (new.ids.arxiv, new.date, new.title) == (
        "1807.07001",
        dt.date(2018, 7, 20),
        "A Made-Up Paper on Listings",
    )
    assert (replaced.date, replaced.date_precision) == (dt.date(2017, 12, 1), "month")
