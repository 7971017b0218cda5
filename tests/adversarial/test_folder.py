"""The snapshot folder as users leave it: links in and out of the project, folders that
cannot be listed, editor backups, pipes, and files still being written."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import entry, listing
import papershelf.snapshots.folder
from papershelf.snapshots.reader import read_snapshot
from papershelf.snapshots.folder import SnapshotFolder
from papershelf.model import Listing

SECRET = "Secret Text That Must Never Be Quoted"
ONE = listing(entry("A Paper", "Ann Author"))


def _messages(listings: list[Listing]) -> list[str]:
    return [str(problem) for item in listings for problem in item.problems]


def _titles(listings: list[Listing]) -> dict[str, list[str]]:
    return {item.file: [e.title for e in item.entries] for item in listings if item.entries}


@pytest.fixture
def project(tmp_path: Path) -> Path:
    (tmp_path / "snapshots" / "sub").mkdir(parents=True)
    (tmp_path / "snapshots" / "a.txt").write_text(ONE, encoding="utf-8")
    (tmp_path / "archive").mkdir()
    old = listing(entry("Old Paper", "Bob Builder"))
    (tmp_path / "archive" / "old.txt").write_text(old, encoding="utf-8")
    return tmp_path


def test_links_inside_are_followed_once_and_links_outside_never_read(project: Path, tmp_path_factory):
    outside = tmp_path_factory.mktemp("elsewhere") / "secret.txt"
    outside.write_text(listing(entry(SECRET, SECRET)) + SECRET, encoding="utf-8")
    root = project / "snapshots"
    (root / "sub" / "again.txt").symlink_to(root / "a.txt")  # the same file twice
    (root / "linked").symlink_to(root / "sub")  # a folder link inside
    (root / "sub" / "up").symlink_to(root)  # a loop
    (root / "archive").symlink_to(project / "archive")  # inside the project, outside the folder
    (root / "leak.txt").symlink_to(outside)
    (root / "gone.txt").symlink_to(root / "missing.txt")
    within_folder = SnapshotFolder(root).listings()
    assert _titles(within_folder) == {"a.txt": ["A Paper"]}
    assert _messages(within_folder) == [
        "archive:1: symbolic link to outside the project; not followed",
        "gone.txt:1: symbolic link that leads nowhere; skipped",
        "leak.txt:1: symbolic link to outside the project; not followed",
    ]
    within_project = SnapshotFolder(root, project=project).listings()
    assert _titles(within_project) == {"a.txt": ["A Paper"], "archive/old.txt": ["Old Paper"]}
    assert SECRET not in repr(within_folder) + repr(within_project)


def test_a_folder_that_cannot_be_listed_is_a_warning(project: Path, monkeypatch):
    root = project / "snapshots"
    (root / "sub" / "b.txt").write_text(listing(entry("Hidden Away", "Cy Coder")), encoding="utf-8")
    scandir = os.scandir

    def refuse(path):  # as root, permissions cannot make a folder unlistable
        if Path(path) == root / "sub":
            raise PermissionError(13, "Permission denied")
        return scandir(path)

    monkeypatch.setattr(os, "scandir", refuse)
    listings = SnapshotFolder(root).listings()
    assert _titles(listings) == {"a.txt": ["A Paper"]}
    assert _messages(listings) == ["sub:1: cannot list this folder: Permission denied"]


BACKUPS = ["a.txt~", "#a.txt#", "a.txt.bak", "a.orig", "a.swp", ".a.txt.swp", "b.txt.crdownload", "c.part"]


def test_editor_backups_and_downloads_in_progress_are_ignored_silently(project: Path):
    root = project / "snapshots"
    for name in BACKUPS:
        (root / name).write_text(ONE, encoding="utf-8")
    (root / "page.download").mkdir()
    (root / "page.download" / "page.html").write_text("<p>half", encoding="utf-8")
    listings = SnapshotFolder(root).listings()
    assert [item.file for item in listings] == ["a.txt"] and _messages(listings) == []
    command = [sys.executable, "-m", "papershelf.cli", "check", "--strict", str(root)]
    check = subprocess.run(command, capture_output=True, text=True)
    assert check.returncode == 0, check.stdout


def test_a_pipe_is_reported_not_waited_for(project: Path):
    os.mkfifo(project / "snapshots" / "pipe.txt")
    listings = SnapshotFolder(project / "snapshots").listings()
    assert _messages(listings) == ["pipe.txt:1: not a regular file; skipped"]


def _rewrite_same_stamp(path: Path, text: str) -> None:
    """New content of the same size and modification time: only a re-read can see it."""
    stat = path.stat()
    assert len(text.encode()) == stat.st_size
    path.write_text(text, encoding="utf-8")
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns))


def test_a_file_still_being_written_is_provisional_and_read_again(project: Path):
    root = project / "snapshots"
    folder = SnapshotFolder(root, settle=60)
    (first,) = folder.listings()
    assert [e.provisional for e in first.entries] == [True]
    _rewrite_same_stamp(root / "a.txt", ONE.replace("A Paper", "B Paper"))
    os.utime(root / "a.txt", ns=(0, (root / "a.txt").stat().st_mtime_ns - 120 * 10**9))
    (settled,) = folder.listings()
    assert [(e.title, e.provisional) for e in settled.entries] == [("B Paper", False)]
    _rewrite_same_stamp(root / "a.txt", ONE.replace("A Paper", "C Paper"))
    (kept,) = folder.listings()
    assert kept.entries[0].title == "B Paper"  # settled and complete: kept, not read again


@pytest.mark.parametrize("tail", ["• Half a Title\n", "• Half a Title\n\n  Bo Wu · 7 Aug"])
def test_a_listing_cut_off_in_its_last_entry_is_read_again(project: Path, tail: str, monkeypatch):
    """Cut after a title (no paper yet) or inside the date (a provisional one)."""
    reads = []
    counted = lambda *a: reads.append(1) or read_snapshot(*a)  # noqa: E731
    monkeypatch.setattr(papershelf.snapshots.folder, "read_snapshot", counted)
    root = project / "snapshots"
    (root / "a.txt").write_text(ONE + tail, encoding="utf-8")
    folder = SnapshotFolder(root)
    (first,) = folder.listings()
    assert first.entries[0].title == "A Paper" and len(reads) == 1
    _rewrite_same_stamp(root / "a.txt", ONE + tail.replace("Half a Title", "Half b Title"))
    (again,) = folder.listings()
    assert len(reads) == 2  # read again, though its size and time are the same
    assert [e.title for e in again.entries][1:] in ([], ["Half b Title"])
