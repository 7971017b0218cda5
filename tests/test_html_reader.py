"""The HTML reader on saved pages of several markups, and how every file in the folder is
either read or reported."""

from __future__ import annotations

import datetime as dt
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import FIXTURES
from papershelf.snapshots import read_snapshot

HTML = FIXTURES / "html"


@pytest.mark.parametrize(
    ("name", "titles", "dates"),
    [
        (
            "semantic.html",
            ["EdgeXpert", "Training-Free Hashing-Based", "MESH"],
            [dt.date(2026, 8, 7), dt.date(2026, 8, 6), dt.date(2026, 8, 6)],
        ),
        (
            "divs.html",
            ["UltraQuant", "Efficient Zeroth-Order", "The Price of Anarchy"],
            [dt.date(2026, 6, 19), dt.date(2026, 6, 18), dt.date(2026, 6, 17)],
        ),
        (
            "chrome.html",
            ["Minimal-Intervention", "Non-Monotonic", "MinT", "A Paper Whose Date"],
            [dt.date(2026, 5, 15), dt.date(2026, 5, 15), dt.date(2026, 5, 14), None],
        ),
    ],
)
def test_saved_pages_of_several_markups(name, titles, dates):
    listing = read_snapshot(HTML / name)
    assert listing.topic == "Parallel Computing and Optimization Techniques"
    assert listing.found == len(listing.entries) == len(titles)
    assert all(e.title.startswith(t) for e, t in zip(listing.entries, titles, strict=True))
    assert [e.date for e in listing.entries] == dates
    assert all(e.authors and len(e.abstract) > 60 for e in listing.entries)


def test_fields_are_decoded_and_split_like_text_snapshots():
    semantic = read_snapshot(HTML / "semantic.html").entries
    assert [(p.name, p.affiliation) for p in semantic[0].authors] == [
        ("Sangwoo Ha", None),
        ("Hyunwoo Seo", "KAIST, Daejeon"),
        ("Hoi-Jun Yoo", None),
    ]
    assert semantic[0].truncated and not semantic[1].truncated
    assert semantic[1].authors[2].name == "Iker García-Ferrero" and "$O(L^2)$" in semantic[1].abstract
    divs = read_snapshot(HTML / "divs.html").entries
    assert divs[0].authors[0].affiliation == "Advanced Micro Devices, University of California, Los Angeles"
    assert divs[1].authors[1].name == "Jörg Henkel"
    chrome = read_snapshot(HTML / "chrome.html").entries
    assert chrome[2].authors[0].name == "Mind Lab" and chrome[2].authors[0].corporate


def test_page_chrome_is_ignored_and_a_broken_entry_is_reported():
    listing = read_snapshot(HTML / "chrome.html")
    titles = " ".join(e.title for e in listing.entries)
    assert "Trending" not in titles and "Injected" not in titles and "cookies" not in titles
    assert [str(p) for p in listing.problems] == ["chrome.html:41: unreadable date 'sometime'"]
    assert listing.entries[0].source.line == 25


def test_every_file_is_read_or_reported(tmp_path: Path):
    (tmp_path / "page.htm").write_text((HTML / "divs.html").read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "image.png").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00")
    (tmp_path / "binary.txt").write_bytes(b"abc\x00def" * 10)
    (tmp_path / "empty.txt").write_text(" \n\n", encoding="utf-8")
    (tmp_path / "notes.md").write_text("# my notes\n", encoding="utf-8")
    messages = {
        path.name: [p.message for p in read_snapshot(path).problems] for path in sorted(tmp_path.iterdir())
    }
    assert messages == {
        "binary.txt": ["binary file; skipped"],
        "empty.txt": ["empty file"],
        "image.png": ["not a snapshot (.png: no reader knows this kind of file); skipped"],
        "notes.md": ["not a snapshot (.md: no reader knows this kind of file); skipped"],
        "page.htm": [],
    }


def test_same_entry_twice_in_one_file_is_one_paper_with_two_sightings(tmp_path: Path):
    from conftest import entry, listing
    from papershelf.snapshots.folder import SnapshotFolder
    from papershelf.library.keys import KeyBook
    from papershelf.library.merge import build_library

    (tmp_path / "a.txt").write_text(
        listing(entry("Twice Seen", "Ann Author"), entry("Twice Seen", "Ann Author")), encoding="utf-8"
    )
    library = build_library(SnapshotFolder(tmp_path).listings(), KeyBook({}, {})).library
    (paper,) = library.papers
    assert [str(s) for s in paper.sightings] == ["a.txt:5", "a.txt:11"]


def _check(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "papershelf.cli", "check", *args], capture_output=True, text=True
    )


@pytest.mark.slow
def test_check_command_counts_and_strict_exit(tmp_path: Path):
    (tmp_path / "good.html").write_text(
        (HTML / "semantic.html").read_text(encoding="utf-8"), encoding="utf-8"
    )
    clean = _check("--strict", str(tmp_path))
    assert clean.returncode == 0
    assert clean.stdout.splitlines() == [
        "good.html: 3 found, 3 kept, 0 warnings",
        "1 file: 3 entries found, 3 kept, 3 papers after merging, 0 warnings",
    ]
    (tmp_path / "odd.html").write_text((HTML / "chrome.html").read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "x.bin").write_bytes(b"\x00")
    lenient, strict = _check(str(tmp_path)), _check("--strict", str(tmp_path))
    assert lenient.returncode == 0 and strict.returncode == 1
    assert "odd.html: 4 found, 4 kept, 1 warning" in strict.stdout
    assert "  warning: odd.html:41: unreadable date 'sometime'" in strict.stdout
    assert "x.bin: 0 found, 0 kept, 1 warning" in strict.stdout


def test_an_entry_without_an_author_line_never_takes_its_abstract_as_author(tmp_path: Path):
    card = "<li><h3>{title}</h3><p>{meta} · 6 August 2026</p><p>{abstract}</p></li>"
    long = "We report operational experience with a long abstract that has many words in it."
    page = tmp_path / "page.html"
    page.write_text(
        "<html><body><h1>Parallel Computing</h1><ul>"
        + card.format(title="A Paper With Authors", meta="Seon Ho Kim, Ui Jeong Jeon", abstract=long)
        + card.format(title="A Paper Without Authors", meta="Abstract only here.", abstract=long)
        + "</ul></body></html>",
        encoding="utf-8",
    )
    listing = read_snapshot(page)
    assert [[a.name for a in e.authors] for e in listing.entries] == [["Seon Ho Kim", "Ui Jeong Jeon"]]
    assert [str(p) for p in listing.problems] == ["page.html:1: not a paper: no author line; skipped"]
