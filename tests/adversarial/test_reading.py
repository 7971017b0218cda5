"""Snapshot bytes as a careless user or an attacker leaves them: nested beyond any reason,
damaged, in another encoding, full of control characters. Nothing raises, a bad spot costs
only its own entry, and every guess is said."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import SiteBuilder, cpu_seconds, entry, listing
from papershelf.model import Listing
from papershelf.snapshots import read_snapshot
from papershelf.snapshots.dates.months import month_lexicon
from papershelf.snapshots.html import parse_html_listing
from papershelf.snapshots.text import parse_text_listing

DEEP_TITLE = "Deep " + "{" * 500 + "Braces" + "}" * 500 + " and " + "\\'" * 500 + "e Accents"
THREE = listing(
    entry("First Paper", "Ann Author"),
    entry("Second Paper", "Bob Builder"),
    entry("Third Paper", "Cy Coder"),
)


def _write(tmp_path: Path, name: str, data: bytes) -> Path:
    path = tmp_path / name
    path.write_bytes(data)
    return path


@pytest.mark.slow
def test_deeply_nested_title_neither_breaks_the_build_nor_the_cli(tmp_path: Path):
    builder = SiteBuilder(tmp_path / "project")
    authors = "Ann Author, " + "{" * 500 + "Bo}}} Builder"
    path = builder.snapshot("deep.txt", listing(entry(DEEP_TITLE, authors)))
    site = builder.build()
    assert site.warnings == []
    (page,) = [p for p in (site.site / "papers").glob("*/index.html") if p.parent.name != "page"]
    assert "Deep Braces and \u00e9" in site.page(page.relative_to(site.site).as_posix()).get_text()
    command = [sys.executable, "-m", "papershelf.cli", "parse", "--json", str(path)]
    parsed = subprocess.run(command, capture_output=True, text=True)
    assert parsed.returncode == 0, parsed.stderr
    (record,) = json.loads(parsed.stdout)
    assert record["title"] == "Deep Braces and \u00e9" + "\u0301" * 29 + " Accents"  # 30 marks at most


def _nested_page(depth: int) -> str:
    item = (
        '<li class="paper"><h3>A Title About Things</h3><p>Ann Author · 7 August 2026</p>'
        "<p>" + "An abstract long enough to count as one, with words. " * 2 + "</p></li>"
    )
    inside = '<li class="paper"><h3>Deep Abstract</h3><p>Bo Builder · 6 August 2026</p>'
    words = "Words of an abstract that sits very deep in the page. " * 2
    inside += "<div>" * 1000 + words + "</div>" * 1000
    return (
        "<html><body><h1>Topic</h1>"
        + "<div>" * depth
        + "<ul>"
        + item
        + inside
        + "</li>"
        + item
        + "</ul>"
        + "</div>" * depth
        + "</body></html>"
    )


@pytest.mark.slow
def test_html_reader_time_is_linear_in_nesting_depth():
    month_lexicon()  # read once, before the clock starts
    seconds = {}
    for depth in (2000, 4000, 8000, 16000):
        seconds[depth], read = _timed_read(_nested_page(depth))
        titles = [e.title for e in read.entries]
        assert titles == ["A Title About Things", "Deep Abstract", "A Title About Things"]
        assert read.entries[1].abstract.startswith("Words of an abstract") and read.problems == ()
    assert len(_nested_page(16000)) > 180_000  # as the saved page that took minutes
    assert seconds[16000] < 5.0, seconds
    assert seconds[16000] < 10 * seconds[4000] + 0.1, seconds  # linear: 4x; quadratic: 16x


def _timed_read(page: str) -> tuple[float, Listing]:
    """The CPU time reading `page` takes (see `cpu_seconds`), and what it reads."""
    read: list[Listing] = []
    seconds = cpu_seconds(lambda: read.append(parse_html_listing(page, "deep.html")), repeat=1)
    return seconds, read[0]


def test_one_nul_byte_costs_a_warning_at_its_line_not_the_file(tmp_path: Path):
    path = _write(tmp_path, "nul.txt", THREE.encode().replace(b"Second Paper", b"Second\x00 Paper"))
    read = read_snapshot(path)
    assert [e.title for e in read.entries] == ["First Paper", "Second Paper", "Third Paper"]
    assert [str(p) for p in read.problems] == ["nul.txt:11: control characters removed here"]


def test_invalid_utf8_costs_only_its_own_entry(tmp_path: Path):
    data = THREE.encode().replace(b"Second Paper", b"Second \xff Paper").replace(b"Cy Coder", b"Cy C\xc3der")
    read = read_snapshot(_write(tmp_path, "bad.txt", data))
    assert [str(p) for p in read.problems] == [
        "bad.txt:11: undecodable bytes here, shown as \ufffd",
        "bad.txt:19: undecodable bytes here, shown as \ufffd",
    ]
    assert [(e.title, e.authors[0].name, e.provisional) for e in read.entries] == [
        ("First Paper", "Ann Author", False),
        ("Second \ufffd Paper", "Bob Builder", True),
        ("Third Paper", "Cy C\ufffdder", True),
    ]
    assert read.notes == ()  # UTF-8 with damage, not another encoding


def test_utf16_without_byte_order_mark_is_text_and_said(tmp_path: Path):
    for codec in ("utf-16-le", "utf-16-be"):
        read = read_snapshot(_write(tmp_path, f"{codec}.txt", THREE.encode(codec)))
        assert [e.title for e in read.entries] == ["First Paper", "Second Paper", "Third Paper"]
        assert read.problems == ()
        expected = f"{codec}.txt:1: not UTF-8; read as {codec.upper()} (no byte-order mark)"
        assert [str(n) for n in read.notes] == [expected]


SHIFT_JIS_PAGE = """<html><head><title>論文</title></head><body><h1>人工知能の研究</h1><ul>
<li><h2>エージェントのためのオペレーティングシステム</h2>
<span class="author">山田太郎</span>
<time datetime="2026-08-07">2026年8月7日</time>
<p class="abstract">本論文ではエージェントのための
オペレーティングシステムを研究し、スケジューラを議論する。</p></li>
<li><h2>分散学習のための通信圧縮</h2><span class="author">佐藤花子</span>
<time datetime="2026-08-06">2026年8月6日</time>
<p class="abstract">本論文では分散学習における
通信量を削減するための圧縮手法を提案する。</p></li>
</ul></body></html>
"""


def test_shift_jis_is_detected_not_read_as_mojibake(tmp_path: Path):
    read = read_snapshot(_write(tmp_path, "sjis.html", SHIFT_JIS_PAGE.encode("shift_jis")))
    assert read.topic == "人工知能の研究"
    titles = [e.title for e in read.entries]
    assert titles == ["エージェントのためのオペレーティングシステム", "分散学習のための通信圧縮"]
    assert [e.authors[0].name for e in read.entries] == ["山田太郎", "佐藤花子"]
    assert read.problems == () and not any(e.provisional for e in read.entries)
    (note,) = read.notes
    assert str(note) in (f"sjis.html:1: not UTF-8; read as {name}" for name in ("cp932", "shift_jis"))


def test_an_encoding_guessed_from_little_text_is_a_warning(tmp_path: Path):
    text = "論文\n\n最新\n\n- 論文 · 2026年8月7日\n"
    read = read_snapshot(_write(tmp_path, "short.txt", text.replace(" · ", " - ").encode("shift_jis")))
    guesses = [p for p in read.problems if "a guess" in p.message]
    assert len(guesses) == 1 and str(guesses[0]).startswith("short.txt:1: not UTF-8; read as ")
    assert read.notes == ()


def test_windows_1252_with_accents_is_read_as_windows_1252(tmp_path: Path):
    text = listing(
        entry("Na\u00efve Fa\u00e7ades", "Zo\u00eb M\u00fcller", abstract="R\u00e9sum\u00e9 \u2026")
    )
    read = read_snapshot(_write(tmp_path, "w.txt", text.encode("cp1252")))
    (e,) = read.entries
    assert e.title == "Naïve Façades" and e.authors[0].name == "Zoë Müller" and e.truncated
    assert [str(n) for n in read.notes] == ["w.txt:1: not UTF-8; read as Windows-1252"]


def test_control_characters_are_stripped_and_reported(tmp_path: Path):
    noisy = THREE.replace("First Paper", "First\x1b[0m\x07 Paper").replace("Cy Coder", "Cy\x85 Coder")
    read = read_snapshot(_write(tmp_path, "ctl.txt", noisy.encode()))
    assert [e.title for e in read.entries] == ["First[0m Paper", "Second Paper", "Third Paper"]
    assert read.entries[2].authors[0].name == "Cy Coder"
    assert [str(p) for p in read.problems] == [
        "ctl.txt:5: control characters removed here",
        "ctl.txt:19: control characters removed here",
    ]


def test_binary_file_is_skipped_with_a_warning(tmp_path: Path):
    read = read_snapshot(_write(tmp_path, "image.txt", bytes(range(256)) * 8))
    assert read.entries == () and [p.message for p in read.problems] == ["binary file; skipped"]


def test_entry_missing_what_its_key_is_made_of_is_provisional():
    text = listing(
        entry("Complete", "Ann Author"),
        entry("Undated", "Bob Builder", date="soon"),
        "• No Author Line\n",
        entry("Cut Authors", "Cy Coder (Uni"),
    )
    read = parse_text_listing(text, "x.txt")
    assert [(e.title, e.provisional) for e in read.entries] == [
        ("Complete", False),
        ("Undated", True),
        ("Cut Authors", True),
    ]  # a title with no author line at all is no paper (a warning at its line)
    assert "x.txt:17: not a paper: no author line; skipped" in [str(p) for p in read.problems]
