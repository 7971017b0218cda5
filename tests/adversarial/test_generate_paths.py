"""`papershelf generate` writes and removes files only inside its output folder, whatever the
key file or its own manifest (both editable by anyone) say."""

from __future__ import annotations

import subprocess
import sys

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
