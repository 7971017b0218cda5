"""`papershelf generate` writes and removes files only inside its output folder, whatever the
key file or its own manifest (both editable by anyone) say."""

from __future__ import annotations

import shutil
import subprocess
import sys

import pytest

from conftest import entry, listing


def test_generate_never_writes_or_removes_outside_its_folder(tmp_path):
    snapshots = tmp_path / "project" / "snapshots"
    snapshots.mkdir(parents=True)
    (snapshots / "a.txt").write_text(listing(entry("Operating Clusters", "Seon Ho Kim")), encoding="utf-8")
    keys = tmp_path / "project" / "citation-keys.tsv"
    keys.write_text("../../../victim/evil\tkim|operatingclusters\tOperating Clusters\n", encoding="utf-8")
    victim = tmp_path / "victim"
    victim.mkdir()
    (victim / "evil.md").write_text("the user's own file\n", encoding="utf-8")
    (victim / "precious.txt").write_text("the user's own file\n", encoding="utf-8")
    out = tmp_path / "project" / "out"
    out.mkdir()
    (out / ".papershelf-files").write_text("../../victim/precious.txt\n/etc/hostname\n", encoding="utf-8")

    result = subprocess.run(
        [sys.executable, "-m", "papershelf.cli", "generate", "--out", str(out), str(snapshots)],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr
    assert "citation-keys.tsv:1: key '../../../victim/evil' is not a safe citation key" in result.stderr
    assert (victim / "evil.md").read_text(encoding="utf-8") == "the user's own file\n"
    assert (victim / "precious.txt").read_text(encoding="utf-8") == "the user's own file\n"
    assert sorted(p.name for p in victim.iterdir()) == ["evil.md", "precious.txt"]
    assert (out / "papers" / "kim2026operating.md").exists()
    assert all(path.resolve().is_relative_to(out.resolve()) for path in out.rglob("*"))


def _generate(out, snapshots):
    return subprocess.run(
        [sys.executable, "-m", "papershelf.cli", "generate", "--out", str(out), str(snapshots)],
        capture_output=True,
        text=True,
    )


def _snapshots(tmp_path, *entries):
    snapshots = tmp_path / "snapshots"
    snapshots.mkdir(exist_ok=True)
    (snapshots / "a.txt").write_text(listing(*entries), encoding="utf-8")
    return snapshots


@pytest.mark.slow
def test_generate_never_replaces_a_file_it_did_not_write(tmp_path):
    snapshots = _snapshots(tmp_path, entry("Operating Clusters", "Seon Ho Kim"))
    out = tmp_path / "out"
    (out / "papers").mkdir(parents=True)
    (out / "papers" / "index.md").write_text("# My own papers page\n", encoding="utf-8")

    result = _generate(out, snapshots)
    assert result.returncode == 0, result.stderr
    assert (out / "papers" / "index.md").read_text(encoding="utf-8") == "# My own papers page\n"
    left = out / "papers" / "index.md"
    assert f"warning: {left}: not written by papershelf; left as it is" in result.stderr
    assert (out / "papers" / "kim2026operating.md").exists()
    assert "papers/index.md" not in (out / ".papershelf-files").read_text(encoding="utf-8")


@pytest.mark.slow
def test_generate_keeps_a_file_edited_since_it_wrote_it(tmp_path):
    other = entry("Other Work", "Ann Author", "6 August 2026")
    snapshots = _snapshots(tmp_path, entry("Operating Clusters", "Seon Ho Kim"), other)
    out = tmp_path / "out"
    assert _generate(out, snapshots).returncode == 0
    edited, dropped = out / "papers" / "kim2026operating.md", out / "papers" / "author2026other.md"
    edited.write_text(edited.read_text(encoding="utf-8") + "\nMy notes.\n", encoding="utf-8")
    dropped.write_text("My notes on the other work.\n", encoding="utf-8")
    _snapshots(tmp_path, entry("Operating Clusters Again", "Seon Ho Kim"))

    result = _generate(out, snapshots)
    assert result.returncode == 0, result.stderr
    assert edited.read_text(encoding="utf-8").endswith("\nMy notes.\n")
    assert dropped.read_text(encoding="utf-8") == "My notes on the other work.\n"
    assert f"{edited}: changed since papershelf wrote it; left as it is" in result.stderr
    assert f"{dropped}: changed since papershelf wrote it; left as it is" in result.stderr


def test_generate_into_a_file_is_an_error_not_a_traceback(tmp_path):
    snapshots = _snapshots(tmp_path, entry("Operating Clusters", "Seon Ho Kim"))
    target = tmp_path / "notes.md"
    target.write_text("the user's own file\n", encoding="utf-8")
    result = _generate(target, snapshots)
    assert result.returncode == 2
    assert result.stderr.strip().endswith(f"error: --out {target} is a file; it must name a folder")
    assert "Traceback" not in result.stderr
    assert target.read_text(encoding="utf-8") == "the user's own file\n"


def test_a_file_that_cannot_be_written_is_said_and_stays_in_the_manifest(tmp_path):
    snapshots = _snapshots(tmp_path, entry("Operating Clusters", "Seon Ho Kim"))
    out = tmp_path / "out"
    assert _generate(out, snapshots).returncode == 0
    manifest = (out / ".papershelf-files").read_text(encoding="utf-8")
    shutil.rmtree(out / "topics")
    (out / "topics").write_text("a file where a folder was\n", encoding="utf-8")

    result = _generate(out, snapshots)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr and ": could not be written (" in result.stderr
    topics = [line for line in manifest.splitlines() if line.endswith(".md") and "  topics/" in line]
    assert topics and all(line in (out / ".papershelf-files").read_text(encoding="utf-8") for line in topics)
