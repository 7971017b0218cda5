"""The key file as a careless user, git and an interrupted build leave it: nothing is written
from an unchecked key, nothing is lost, no two papers share a key."""

from __future__ import annotations

import contextlib
import dataclasses
import os
import stat
import random
import signal
import subprocess
import sys
import tempfile
import textwrap
import time
import pytest

from conftest import SiteBuilder, entry, listing
from papershelf.library.identity import Identity
from papershelf.library.keyfile import keyed_library, read_key_file, write_key_file
from papershelf.library.keys import KeyBook, KeyRow
from papershelf.model import Listing, Sighting
from papershelf.snapshots import read_snapshot

HEADER = "# keys\n"
HEADER_LINES = 2  # of the file as papershelf writes it


def _site_with(site_builder: SiteBuilder, key_lines: str, *entries: str):
    site_builder.snapshot("a.txt", listing(*entries))
    (site_builder.root / "citation-keys.tsv").write_text(HEADER + key_lines, encoding="utf-8")
    return site_builder.build()


def _paper_dirs(built) -> set[str]:
    return {path.name for path in (built.site / "papers").iterdir() if path.is_dir()} - {"page"}


BAD_KEYS = [
    "../../../outside/evil",
    'kim"><script>alert(1)</script>',
    "kim 2026operating",
    "index",
    "Page",
    "\ufeffkim2026operating",
    "kim2026..operating",
    "0",
]


@pytest.mark.slow
def test_an_unsafe_key_in_the_file_is_a_warning_and_never_used(site_builder):
    """Each bad key is given to its own paper in the file; none is used for anything."""
    titles = [
        f"Operating Clusters {word}"
        for word in ("one", "two", "three", "four", "five", "six", "seven", "eight")
    ]
    lines = "".join(
        f"{key}\tkim|{title.lower().replace(' ', '')}\t{title}\n"
        for key, title in zip(BAD_KEYS, titles, strict=True)
    )
    built = _site_with(site_builder, lines, *(entry(title, "Seon Ho Kim") for title in titles))
    for line in range(2, 2 + len(BAD_KEYS)):
        assert any(
            f"citation-keys.tsv:{line}: " in w and "not a safe citation key" in w for w in built.warnings
        )
    assert _paper_dirs(built) == {"kim2026operating"} | {f"kim2026operating{c}" for c in "abcdefg"}
    assert not (site_builder.root / "outside").exists() and not (built.site.parent / "outside").exists()
    pages = "".join(path.read_text(encoding="utf-8") for path in built.site.rglob("*.html"))
    assert "<script>alert" not in pages and "kim 2026operating" not in pages
    # The user's lines stay for them to fix: the file is not rewritten meanwhile.
    assert (site_builder.root / "citation-keys.tsv").read_text(encoding="utf-8") == HEADER + lines


def test_a_bom_before_the_first_line_is_not_part_of_the_key(tmp_path):
    path = tmp_path / "citation-keys.tsv"
    path.write_text("\ufeffkim2026operating\tkim|operatingclusters\tOperating Clusters\n", encoding="utf-8")
    book = read_key_file(path)
    assert [row.key for row in book.rows] == ["kim2026operating"] and not book.problems


def test_a_case_only_twin_is_a_warning_and_the_second_paper_gets_its_own_key(site_builder):
    built = _site_with(
        site_builder,
        "kim2026operating\tkim|operatingclusters\tOperating Clusters\n"
        "Kim2026Operating\tlee|operatingkernels\tOperating Kernels\n",
        entry("Operating Clusters", "Seon Ho Kim"),
        entry("Operating Kernels", "Jae Lee"),
    )
    assert any("citation-keys.tsv:3" in warning and "line 2" in warning for warning in built.warnings)
    assert _paper_dirs(built) == {"kim2026operating", "lee2026operating"}


def test_git_conflict_markers_name_their_lines_and_the_file_is_left_alone(site_builder):
    lines = (
        "<<<<<<< HEAD\n"
        "kim2026operating\tkim|operatingclusters\tOperating Clusters\n"
        "=======\n"
        "kim2026operatinga\tkim|operatingclusters\tOperating Clusters\n"
        ">>>>>>> branch\n"
    )
    built = _site_with(
        site_builder, lines, entry("Operating Clusters", "Seon Ho Kim"), entry("New One", "Bo Liu")
    )
    assert any("lines 2, 4, 6" in warning and "conflict" in warning for warning in built.warnings), (
        built.warnings
    )
    assert (site_builder.root / "citation-keys.tsv").read_text(encoding="utf-8") == HEADER + lines
    assert len(_paper_dirs(built)) == 2


def test_the_examples_two_readings_of_one_author_are_one_row_and_one_paper(site_builder):
    """The example's own file held `mayaki2026energy` twice, under two readings of the same
    surname; a snapshot spelling the author a third way must still give one paper."""
    title = "The Energy Consumption of Transformer Fine-Tuning"
    identity = "theenergyconsumptionoftransformerfinetuning"
    built = _site_with(
        site_builder,
        f"mayaki2026energy\tmayaki|{identity}\t{title}\n"
        f"mayaki2026energy\tzoubeirouamayaki|{identity}\t{title}\n",
        entry(title, "Mansour Zoubeirou a Mayaki, Ann Lee"),
        entry(title, "Mansour Mayaki, Ann Lee"),
    )
    assert built.warnings == []
    assert _paper_dirs(built) == {"mayaki2026energy"}
    text = (site_builder.root / "citation-keys.tsv").read_text(encoding="utf-8")
    assert text.count("mayaki2026energy") == 1


def test_a_retired_key_is_not_inherited_by_another_papers_namesake(site_builder):
    built = _site_with(
        site_builder,
        "zhang2026survey\tzhang;li;chen|asurveyoflargelanguagemodels\tA Survey of Large Language Models\n",
        entry("A Survey of Large Language Models", "Yu Zhang, Tao Huang"),
    )
    assert _paper_dirs(built) == {"zhang2026surveya"}


def test_two_papers_with_one_title_and_other_authors_stay_two_papers(site_builder):
    site_builder.snapshot(
        "a.txt",
        listing(
            entry("A Survey of Large Language Models", "Wei Zhang, Ming Li, Jun Chen", abstract="First one."),
            entry("A Survey of Large Language Models", "Yu Zhang, Tao Huang", abstract="Second one."),
            entry(
                "A Survey of Large Language Models", "Wei Zhang, Ming Li, Jun Chen, Ann Lee", abstract="More."
            ),
        ),
    )
    built = site_builder.build()
    assert built.warnings == []
    assert _paper_dirs(built) == {"zhang2026survey", "zhang2026surveya"}
    first = built.page("papers/zhang2026survey/").get_text()
    second = built.page("papers/zhang2026surveya/").get_text()
    assert "Ann Lee" in first and "Tao Huang" not in first
    assert "Tao Huang" in second and "Ming Li" not in second


def test_a_provisional_paper_gets_a_key_that_is_not_remembered(tmp_path):
    snapshot = tmp_path / "a.txt"
    snapshot.write_text(listing(entry("Settled Paper", "Ann Lee"), entry("Half Written", "Raik Nd")), "utf-8")
    read = read_snapshot(snapshot, "a.txt")
    half = [entry.title == "Half Written" for entry in read.entries]
    entries = tuple(
        dataclasses.replace(e, provisional=flag) for e, flag in zip(read.entries, half, strict=True)
    )
    path = tmp_path / "citation-keys.tsv"
    merged = keyed_library([Listing("a.txt", read.topic, entries)], path)
    assert {paper.key for paper in merged.library.papers} == {"lee2026settled", "nd2026half"}
    assert [row.key for row in read_key_file(path).rows] == ["lee2026settled"]


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["folder", "latin-1", "pipe"])
def test_an_unusable_key_file_is_a_warning_and_is_left_untouched(site_builder, kind):
    """A pipe stands for any file that is not one (`--keys /dev/null` once replaced the device)."""
    path = site_builder.root / "citation-keys.tsv"
    if kind == "folder":
        path.mkdir()
    elif kind == "pipe":
        os.mkfifo(path)
    elif kind == "latin-1":
        path.write_bytes("kim2026operating\tkim|caf\xe9\tCaf\xe9\n".encode("latin-1"))
    before = path.read_bytes() if path.is_file() else None
    site_builder.snapshot("a.txt", listing(entry("Operating Clusters", "Seon Ho Kim")))
    built = site_builder.build()
    assert any("citation-keys.tsv:1: " in warning for warning in built.warnings), built.warnings
    assert _paper_dirs(built) == {"kim2026operating"}
    assert (path.read_bytes() if path.is_file() else None) == before
    assert kind != "pipe" or stat.S_ISFIFO(path.stat().st_mode)


@pytest.mark.parametrize(
    ("module", "call", "error"),
    [
        (os, "fsync", OSError(28, "No space left on device")),
        (tempfile, "mkstemp", PermissionError(13, "Denied")),
    ],
)
def test_a_full_disk_or_a_refused_write_leaves_the_previous_file_whole(
    tmp_path, monkeypatch, module, call, error
):
    path = tmp_path / "citation-keys.tsv"
    old = KeyBook((KeyRow("kim2026a", Identity.parse("kim|a"), "A"),))
    write_key_file(path, old)
    before = path.read_text(encoding="utf-8")

    def fail(*args, **kwargs):
        raise error

    monkeypatch.setattr(module, call, fail)
    new = KeyBook((*old.rows, KeyRow("lee2026b", Identity.parse("lee|b"), "B")))
    problem = write_key_file(path, new)
    assert problem is not None and error.strerror in problem.message
    assert path.read_text(encoding="utf-8") == before
    assert [p.name for p in tmp_path.iterdir()] == ["citation-keys.tsv"]


WRITER = textwrap.dedent(
    """
    import sys
    from pathlib import Path
    from papershelf.library.identity import Identity
    from papershelf.library.keyfile import write_key_file
    from papershelf.library.keys import KeyBook, KeyRow
    path = Path(sys.argv[1])
    books = [
        KeyBook(tuple(KeyRow(f"k{n}{side}", Identity.parse(f"a|t{n}"), f"Title {n}") for n in range(20_000)))
        for side in "ab"
    ]
    write_key_file(path, books[0])
    print("written", flush=True)
    while True:
        for book in books:
            write_key_file(path, book)
    """
)


@pytest.mark.slow  # processes racing for seconds
def test_a_write_is_never_seen_half_done_nor_left_half_done_when_killed(tmp_path):
    """Readers (another build, `mkdocs serve`) see the old file or the new one, never an empty
    or cut one, while a process rewrites it again and again; killed, it leaves a whole file."""
    path = tmp_path / "citation-keys.tsv"
    for _ in range(3):
        command = [sys.executable, "-c", WRITER, str(path)]
        with subprocess.Popen(command, stdout=subprocess.PIPE, text=True) as process:
            assert process.stdout is not None
            try:
                process.stdout.readline()
                deadline = time.monotonic() + random.uniform(0.5, 1.0)
                while time.monotonic() < deadline:  # a light reader, to look often
                    assert path.read_bytes().count(b"\n") == 20_000 + HEADER_LINES
            finally:
                process.send_signal(signal.SIGKILL)
        book = read_key_file(path)
        assert len(book.rows) == 20_000 and not book.problems


LOCKED_BUILDER = textwrap.dedent(
    """
    import sys, time
    from pathlib import Path
    from papershelf.library.keyfile import keyed_library
    from papershelf.snapshots import read_snapshot
    path, snapshot, start = Path(sys.argv[1]), Path(sys.argv[2]), Path(sys.argv[3])
    listings = [read_snapshot(snapshot, snapshot.name)]
    while not start.exists():
        time.sleep(0.001)
    for _ in range(3):
        print(keyed_library(listings, path).library.papers[0].key, flush=True)
    """
)


@pytest.mark.slow  # processes racing for seconds
def test_processes_issuing_keys_at_once_never_interleave(tmp_path):
    """Two processes (a serve and a CLI run, say) add different papers with the same base key
    to one file, again and again: every paper keeps a distinct key that the file remembers."""
    path = tmp_path / "citation-keys.tsv"
    snapshots = []
    for name, author in (("one.txt", "Seon Ho Kim"), ("two.txt", "Jae Kim")):
        snapshots.append(tmp_path / name)
        snapshots[-1].write_text(listing(entry(f"Operating {name}", author)), encoding="utf-8")
    # A library's worth of keys already in the file makes each reading and writing take a while.
    write_key_file(path, KeyBook(tuple(KeyRow(f"old{n}", Identity.parse(f"x|t{n}")) for n in range(20_000))))
    start = tmp_path / "start"
    runs = [
        subprocess.Popen(
            [sys.executable, "-c", LOCKED_BUILDER, str(path), str(s), str(start)],
            stdout=subprocess.PIPE,
            text=True,
        )
        for s in snapshots
    ]
    time.sleep(1.0)  # both have imported and read their snapshot: now they start at once
    start.touch()
    issued = [run.communicate()[0].split() for run in runs]
    assert [run.returncode for run in runs] == [0, 0]
    assert [len(set(keys)) for keys in issued] == [1, 1], "a paper's key changed between builds"
    rows = read_key_file(path).rows
    assert sorted(row.key for row in rows if row.key.startswith("kim")) == [
        "kim2026operating",
        "kim2026operatinga",
    ]
    assert {row.identity.title for row in rows if row.key.startswith("kim")} == {
        "operatingonetxt",
        "operatingtwotxt",
    }


def test_key_file_problems_carry_the_files_name_and_line(tmp_path):
    path = tmp_path / "citation-keys.tsv"
    path.write_text(HEADER + "no tab here\n", encoding="utf-8")
    (problem,) = read_key_file(path).problems
    assert problem.source == Sighting("citation-keys.tsv", 2)


_LOCK_HOLDER = (
    "import sys, time, filelock; held = filelock.FileLock(sys.argv[1]); held.acquire();"
    " print(flush=True); time.sleep(60)"
)


@contextlib.contextmanager
def _lock_held(path):
    """Another process holding the key file's lock (a long `papershelf export`, say)."""
    lock = str(path.with_name(f".{path.name}.lock"))
    with subprocess.Popen([sys.executable, "-c", _LOCK_HOLDER, lock], stdout=subprocess.PIPE) as process:
        try:
            assert process.stdout is not None and process.stdout.readline()  # held from now on
            yield
        finally:
            process.kill()


def test_a_merge_that_cannot_get_the_lock_in_time_writes_nothing_and_says_so(tmp_path, monkeypatch):
    monkeypatch.setattr("papershelf.library.keyfile._LOCK_TIMEOUT", 0.2)
    snapshot = tmp_path / "a.txt"
    snapshot.write_text(listing(entry("Settled Paper", "Ann Lee")), "utf-8")
    path = tmp_path / "citation-keys.tsv"
    assert not keyed_library([read_snapshot(snapshot, "a.txt")], path).library.problems
    written = path.read_bytes()
    snapshot.write_text(listing(entry("Settled Paper", "Ann Lee"), entry("New Paper", "Bo Liu")), "utf-8")
    with _lock_held(path):
        grown = keyed_library([read_snapshot(snapshot, "a.txt")], path)
    assert [paper.key for paper in grown.library.papers] == ["lee2026settled", "liu2026new"]
    assert [problem.message for problem in grown.library.problems] == [
        "another papershelf process kept the file locked for 0 s; new keys are not remembered this time"
    ]
    assert path.read_bytes() == written


def test_a_merge_that_issues_no_new_key_waits_for_no_lock(tmp_path, monkeypatch):
    """A rebuild beside a long `papershelf export` only reads the keys it needs: it neither
    waits for the lock nor warns."""
    monkeypatch.setattr("papershelf.library.keyfile._LOCK_TIMEOUT", 0.2)
    snapshot = tmp_path / "a.txt"
    snapshot.write_text(listing(entry("Settled Paper", "Ann Lee"), entry("New Paper", "Bo Liu")), "utf-8")
    listings = [read_snapshot(snapshot, "a.txt")]
    path = tmp_path / "citation-keys.tsv"
    assert not keyed_library(listings, path).library.problems
    written = path.read_bytes()
    with _lock_held(path):
        again = keyed_library(listings, path)
    assert not again.library.problems
    assert [paper.key for paper in again.library.papers] == ["lee2026settled", "liu2026new"]
    assert path.read_bytes() == written


WHOLE = "kim2026operating\tkim|operatingclusters\tOperating Clusters\n"
LAST = "kim2026operatingc\tkim|operatinglast\tOperating Last\n"
CUT = "kim2026operatinga\t"
CUT_LINES = {  # the key file's lines, the cut line's number, the keys of the two other papers
    "cut mid-identity": (WHOLE + CUT + "kim|operatingkern\n" + LAST, 3, "ab"),
    "no title field": (WHOLE + CUT + "kim|operatingkernels\n" + LAST, 3, "ab"),
    "torn last line": (WHOLE + LAST + CUT + "kim|operatingke", 4, "ab"),
    "cut in the surnames": (WHOLE + LAST + CUT + "ki", 4, "bd"),  # names no paper
}


@pytest.mark.slow
@pytest.mark.parametrize(("lines", "number", "suffixes"), CUT_LINES.values(), ids=CUT_LINES.keys())
def test_a_line_that_does_not_read_whole_is_a_warning_kept_as_it_is_and_its_key_given_to_no_other(
    site_builder, lines, number, suffixes
):
    """A line cut inside its identity names the paper it was written for only in part: its key
    goes to that paper when the part names one (its surnames whole, its title begun), and to no
    other paper ever; the line stays as it is for the user to mend."""
    built = _site_with(
        site_builder,
        lines,
        entry("Operating Clusters", "Seon Ho Kim"),
        entry("Operating Kernels", "Jae Kim"),
        entry("Operating Last", "Bo Kim"),
        entry("Operating Systems", "Min Kim"),
    )
    (warning,) = built.warnings
    assert f"citation-keys.tsv:{number}: " in warning and "'kim2026operatinga'" in warning, warning
    assert (site_builder.root / "citation-keys.tsv").read_text(encoding="utf-8") == HEADER + lines
    keys = {built.page(f"papers/{key}/").select_one("h1").get_text(): key for key in _paper_dirs(built)}
    assert keys == {
        "Operating Clusters": "kim2026operating",
        "Operating Kernels": f"kim2026operating{suffixes[0]}",
        "Operating Last": "kim2026operatingc",
        "Operating Systems": f"kim2026operating{suffixes[1]}",
    }
