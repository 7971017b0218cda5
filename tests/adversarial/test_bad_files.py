"""One bad file costs that file, or only its bad entry: a warning at `file:line`, and the rest
of the folder builds. Each of the files below stopped `mkdocs build` and the command line with
a traceback; each is now read by its own reader (no reader raises, so the catch-all around
every reader never has to speak for them), and a site holding all of them beside a good
snapshot builds.

A `.bib` file whose `@string` macros each double the last expands to what one file may
expand to and no further: its other entries are read, a build never runs out of memory."""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from conftest import SiteBuilder, entry, listing
from papershelf.snapshots.reader import MAX_SNAPSHOT_BYTES, read_snapshot

ALERT_PAPER = (
    '<h3><a class="gse_alrt_title" href="{href}">{title}</a></h3>'
    '<div style="color:#006621">A Lee, B Kim - Journal of Tests, 2019</div>'
    '<div class="gse_alrt_sni">What the paper is about, as the alert shows it &#8230;</div>'
)


def alert_eml(title: str, href: str, content_type: str = "text/html; charset=utf-8") -> bytes:
    """A Scholar alert saved as `.eml`: one paper, its HTML part under `content_type`."""
    html = ALERT_PAPER.format(href=href, title=title)
    headers = (
        "Subject: new related research\nFrom: Google Scholar Alerts <scholaralerts-noreply@google.com>\n"
        f"Date: Tue, 10 Dec 2019 09:14:00 -0800\nMIME-Version: 1.0\nContent-Type: {content_type}\n\n"
    )
    return headers.encode("ascii") + html.encode("ascii")


def nested_eml(depth: int) -> bytes:
    """A message whose multipart parts nest `depth` deep."""
    levels = "".join(f'Content-Type: multipart/mixed; boundary="b{n}"\n\n--b{n}\n' for n in range(depth))
    return f"Subject: deep\nMIME-Version: 1.0\n{levels}Content-Type: text/html\n\n<p>x</p>\n".encode("ascii")


def csl(item: str) -> str:
    return f'[{{"type": "article", "title": {item}, "author": [{{"family": "Lee", "given": "Ann"}}]}}]\n'


BAD: dict[str, str | bytes] = {
    "year-zero.bib": "@article{zero,\n  title = {Year zero},\n  author = {Lee, Ann},\n  year = {0000}\n}\n",
    "year-zero.ris": "TY  - JOUR\nTI  - Year zero\nAU  - Lee, Ann\nPY  - 0000\nER  - \n",
    "cut.ris": "TY  - JOUR\nTI  - Whole\nAU  - Lee, Ann\nPY  - 2020\nER  - \n\nTY  -\n",
    "far-year.json": csl('"Far year", "issued": {"date-parts": [[100000000000000000000]]}'),
    "long-number.json": csl('"Long number", "issued": {"date-parts": [[' + "1" * 5000 + "]]}"),
    "deep.json": csl('"Deep", "note": ' + "[" * 50_000 + "]" * 50_000),
    "surrogate.json": csl('"Half \\ud800 a pair"'),
    "utf7.eml": alert_eml(
        "Lone +2AA- half", "https://arxiv.org/abs/1912.02971", 'text/html; charset="utf-7"'
    ),
    "unknown-charset.eml": alert_eml(
        "Unknown charset", "https://arxiv.org/abs/1912.02972", 'text/html; charset="x-unknown"'
    ),
    "binary-charset.eml": alert_eml(
        "Binary charset", "https://arxiv.org/abs/1912.02973", "text/html; charset=binary"
    ),
    "deep.eml": nested_eml(2000),
    "marked-section.html": "<html><head><title>Notes</title></head><body><p>Hello</p><![ x\n</body></html>\n",
    "bad-host.eml": alert_eml("Bad host", "http://[x"),
}
HUGE = "huge.txt"
ALL_BAD = sorted([*BAD, HUGE])

# What each file costs: one warning, and the entries still read.
EXPECTED = {
    "year-zero.bib": ("year-zero.bib:1: unreadable date '0000'", ["Year zero"]),
    "year-zero.ris": ("year-zero.ris:1: unreadable date '0000'", ["Year zero"]),
    "cut.ris": ("cut.ris:7: RIS record not closed by 'ER  -'; skipped", ["Whole"]),
    "far-year.json": ("far-year.json:1: unreadable date '100000000000000000000'", ["Far year"]),
    "long-number.json": (
        "long-number.json:1: unreadable date '111111111111111111111111111111…'",
        ["Long number"],
    ),
    "deep.json": ("deep.json:1: nested deeper than 64 levels, which no CSL-JSON library is; skipped", []),
    "surrogate.json": (
        "surrogate.json:1: lone surrogate escape (half of a UTF-16 pair, no character) shown as \ufffd",
        ["Half \ufffd a pair"],
    ),
    "utf7.eml": (
        "utf7.eml:1: lone surrogate (half of a UTF-16 pair, no character) in the utf-7 text shown as \ufffd",
        ["Lone \ufffd half"],
    ),
    "unknown-charset.eml": (
        "unknown-charset.eml:1: unknown charset 'x-unknown'; read as UTF-8",
        ["Unknown charset"],
    ),
    "binary-charset.eml": (
        "binary-charset.eml:1: unknown charset 'binary'; read as UTF-8",
        ["Binary charset"],
    ),
    "deep.eml": ("deep.eml:1: MIME parts nested too deep for Python's e-mail parser; skipped", []),
    "marked-section.html": (
        "marked-section.html:1: not a recognised listing; it looks like an HTML page titled 'Notes'",
        [],
    ),
    "bad-host.eml": (
        "bad-host.eml:1: link 'http://[x' is no URL (Invalid IPv6 URL); not linked",
        ["Bad host"],
    ),
    HUGE: (f"{HUGE}:1: 3 GiB, more than a snapshot may hold (256 MiB); skipped unread", []),
}


def write_bad_files(folder: Path) -> None:
    """The 14 files in `folder`; the 3 GiB one sparse (no disk used), or the test skipped
    where the file system refuses one."""
    folder.mkdir(parents=True, exist_ok=True)
    for name, content in BAD.items():
        path = folder / name
        path.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
    huge = folder / HUGE
    huge.touch()
    try:
        os.truncate(huge, 3 * 2**30)
    except OSError as error:
        pytest.skip(f"no sparse 3 GiB file here: {error}")
    if huge.stat().st_blocks * 512 > 2**20:  # not sparse: do not keep 3 GiB on disk
        huge.unlink()
        pytest.skip("this file system does not make sparse files")


@pytest.mark.slow
@pytest.mark.parametrize("name", ALL_BAD)
def test_a_bad_file_costs_one_warning_at_its_line(tmp_path: Path, name: str):
    write_bad_files(tmp_path)
    read = read_snapshot(tmp_path / name)
    warning, titles = EXPECTED[name]
    assert [str(problem) for problem in read.problems] == [warning]
    assert [entry.title for entry in read.entries] == titles


def test_the_size_bound_is_what_the_docs_say():
    assert MAX_SNAPSHOT_BYTES == 256 * 2**20


def test_a_bounded_read_gets_a_file_that_grew_whole_and_stops_past_the_bound(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    """The file is read in pieces of the size it said it had: one that grew after (its size
    said 10 bytes, it holds 100) is read whole; one past the bound, one byte past it."""
    import papershelf.snapshots.reader as reader

    grown = tmp_path / "grown.txt"
    grown.write_bytes(bytes(range(100)))
    said = os.stat_result((0o100644, 0, 0, 1, 0, 0, 10, 0, 0, 0))
    monkeypatch.setattr(reader.os, "fstat", lambda descriptor: said)
    assert reader.read_bounded(grown) == bytes(range(100))
    monkeypatch.setattr(reader, "MAX_SNAPSHOT_BYTES", 25)
    assert reader.read_bounded(grown) == bytes(range(26))


def test_a_page_with_a_marked_section_html_parser_refuses_keeps_its_entries():
    """`<![ x` is a bogus comment to a browser, up to the next `>`; the page's entries stay."""
    page = Path(__file__).parent.parent / "fixtures" / "html" / "semantic.html"
    text = page.read_text(encoding="utf-8")
    marked = text.replace("<body>", "<body><![ x ]><![if-x]><![", 1)
    plain = read_snapshot(page)
    read = read_snapshot(page, "marked.html", marked.encode("utf-8"))
    assert [e.title for e in read.entries] == [e.title for e in plain.entries] != []


def test_a_ris_record_after_one_cut_after_its_type_is_read(tmp_path: Path):
    """rispy carried the last tag of one record into the next: a record cut after `TY  -`
    and a continuation line raised KeyError for the whole file."""
    (tmp_path / "lib.ris").write_text(
        "TY  - JOUR\nTI  - First\nER  - \nTY  -\n\nTY  - JOUR\nTI  - Third\nAU  - Lee, Ann\nER  - \n",
        encoding="utf-8",
    )
    read = read_snapshot(tmp_path / "lib.ris")
    assert [e.title for e in read.entries] == ["First", "Third"]
    assert "lib.ris:4: RIS record not closed by 'ER  -'; skipped" in [str(p) for p in read.problems]


def test_a_reader_bug_costs_its_file_not_the_build(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """The boundary around every reader: whatever a reader raises is one warning for its file."""
    import dataclasses

    import papershelf.snapshots.formats as formats

    def broken(text: str, file: str) -> None:
        raise KeyError("surprise")

    rows = formats.SNAPSHOT_FORMATS
    rows = tuple(dataclasses.replace(row, read=broken) if row.name == "ris" else row for row in rows)
    monkeypatch.setattr(formats, "SNAPSHOT_FORMATS", rows)
    (tmp_path / "a.ris").write_text(BAD["year-zero.ris"], encoding="utf-8")
    read = read_snapshot(tmp_path / "a.ris")
    assert [str(p) for p in read.problems] == ["a.ris:1: could not be read: KeyError: 'surprise'"]


@pytest.mark.slow
def test_a_folder_of_bad_files_builds_the_good_snapshot_and_warns_once_for_each(site_builder: SiteBuilder):
    write_bad_files(site_builder.root / "snapshots")
    site_builder.snapshot("good.txt", listing(entry("Paging Attention", "Ann Author")))
    built = site_builder.build()
    assert built.page("papers/author2026paging/").find("h1").get_text(strip=True) == "Paging Attention"
    warnings = [warning.removeprefix("papershelf: ") for warning in built.warnings]
    assert sorted(warnings) == sorted(EXPECTED[name][0] for name in ALL_BAD)
    # The 3 GiB file was never read into memory (the folder's cache once read it whole).
    assert resource.getrusage(resource.RUSAGE_SELF).ru_maxrss < 2.5 * 2**20  # in KiB


@pytest.mark.slow
def test_the_command_line_reads_a_folder_of_bad_files(tmp_path: Path):
    folder = tmp_path / "snapshots"
    write_bad_files(folder)
    (folder / "good.txt").write_text(listing(entry("Paging Attention", "Ann Author")), encoding="utf-8")
    result = subprocess.run(
        [sys.executable, "-m", "papershelf.cli", "parse", "--json", str(folder)],
        capture_output=True,
        text=True,
        check=True,
    )
    titles = {record["title"] for record in json.loads(result.stdout)}
    assert {"Paging Attention", "Whole", "Year zero", "Bad host"} <= titles
    warned = [line for line in result.stderr.splitlines() if line.startswith("warning: ")]
    assert sorted(line.split(":")[1].strip() for line in warned if "good.txt" not in line) == ALL_BAD


MAILING = """Date: Fri, 17 Mar 100000000000000000000 00:51:30 GMT
Subject: q-fin.TR daily Subj-class mailing

\\\\
arXiv:2303.08867
Date: Wed, 15 Mar 2023 18:34:08 GMT   (243kb,D)

Title: A Bayesian derivation of the square root law of market impact
Authors: Louis Saddier and Matteo Marsili
Categories: q-fin.TR
\\\\
  We show that the main empirical findings on the impact of a sequence of transactions
\\\\ ( https://arxiv.org/abs/2303.08867 ,  243kb)
"""


@pytest.mark.parametrize(
    ("name", "content", "warnings"),
    [
        # The day of a `Date:` past what C's int holds raised OverflowError (the record's
        # own `Date:` line dates its paper).
        ("date.txt", MAILING, []),
        (
            "date.eml",
            alert_eml("Far day", "https://arxiv.org/abs/1912.02974").replace(
                b"Tue, 10 Dec", b"Tue, 1" + b"0" * 22 + b" Dec"
            ),
            ["date.eml:1: a Scholar alert saved without its e-mail headers has no date; save it as .eml"],
        ),
        # The `email` package raised UnicodeEncodeError on a header that decodes to a lone surrogate.
        (
            "header.eml",
            alert_eml("Odd header", "https://arxiv.org/abs/1912.02975", "=?utf-7?q?+2AA-?= text/html"),
            ["header.eml:1: a header Python's e-mail parser cannot decode (surrogates not allowed); skipped"],
        ),
    ],
)
def test_what_the_mutation_fuzzer_found_is_read(
    tmp_path: Path, name: str, content: str | bytes, warnings: list[str]
):
    """Found by `test_every_reader_reads_mutated_files_without_raising` (tests/test_properties.py)."""
    (tmp_path / name).write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
    read = read_snapshot(tmp_path / name)
    assert [str(problem) for problem in read.problems] == warnings
    assert len(read.entries) == (0 if name == "header.eml" else 1)


MACRO_BOMB = (
    '@string{a0 = "xx"}\n'
    + "".join(f"@string{{a{n} = a{n - 1} # a{n - 1}}}\n" for n in range(1, 41))
    + "@misc{good,\n  title = {Good entry},\n  author = {Lee, Ann},\n  month = jan,\n  year = 2024\n}\n"
    + "@misc{boom,\n  title = a40,\n  author = {Lee, Ann},\n  year = 2024\n}\n"
)


def test_a_macro_bomb_is_bounded_and_the_files_other_entries_are_read(tmp_path: Path):
    """Read in a process of its own with 1 GiB of memory at most: before the bound, the
    doubling macros ran a build out of memory (here: a MemoryError in that process)."""
    assert len(MACRO_BOMB.encode()) < 1200
    (tmp_path / "bomb.bib").write_text(MACRO_BOMB, encoding="utf-8")
    script = textwrap.dedent(
        """
        import json, resource, sys
        from pathlib import Path
        resource.setrlimit(resource.RLIMIT_AS, (2**30, 2**30))
        from papershelf.snapshots.reader import read_snapshot
        read = read_snapshot(Path(sys.argv[1]))
        print(json.dumps({"entries": [[e.key, e.title] for e in read.entries],
                          "problems": [str(p) for p in read.problems]}))
        """
    )
    result = subprocess.run(
        [sys.executable, "-c", script, str(tmp_path / "bomb.bib")],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    read = json.loads(result.stdout)
    # As bibtex: the macro defined from the one refused is undefined, read as empty (and so
    # are those built on it, and the title that names the last); the entries are read.
    assert read["entries"] == [["good", "Good entry"], ["boom", ""]]
    limit = "macro 'a16' expands to 131,072 characters, more than one may (65,536)"
    assert read["problems"] == [
        f"bomb.bib:18: BibTeX @string not read ({limit}); skipped",
        "bomb.bib:19: undefined @string macro 'a17': read as empty, as bibtex does",
        "bomb.bib:48: BibTeX entry 'boom' has no title",
    ]
