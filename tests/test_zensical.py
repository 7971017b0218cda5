"""Zensical, which runs no MkDocs plugin, building what `papershelf generate --for zensical`
wrote: no missing template, every link of the built site leads somewhere, and `--watch`
keeps the folder current while Zensical serves it."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from conftest import SEED, entry, listing
from links import broken_links
from zensical_project import papershelf_generate, project, zensical_build

pytestmark = pytest.mark.slow  # a generator run and a site build each


def test_zensical_builds_the_generated_pages_with_no_broken_link(tmp_path: Path):
    root = project(tmp_path)
    generated = papershelf_generate(root, "--out", "docs/library", "snapshots")
    out, err = generated.communicate(timeout=300)
    assert generated.returncode == 0, err
    assert "files written" in out
    zensical_build(root)
    site = root / "site"
    assert broken_links(site) == []
    paper = BeautifulSoup(
        (site / "library/papers/kim2026operating/index.html").read_text("utf-8"), "html.parser"
    )
    assert paper.select_one(".ps-paper-title").get_text().startswith("Operating Multi-Node Full Fine-Tuning")
    assert paper.select_one(".ps-authors a")["href"].startswith("../../authors/")
    built = {path.parent.relative_to(site).as_posix() for path in (site / "library").rglob("index.html")}
    written = {
        path.relative_to(root / "docs").with_suffix("").as_posix().removesuffix("/index")
        for path in (root / "docs/library").rglob("*.md")
    }
    assert built == written and len(built) > 150  # every paper, author, topic and month page


def test_watch_writes_a_new_snapshot_within_seconds(tmp_path: Path):
    root = project(tmp_path, SEED)
    watching = papershelf_generate(root, "--out", "docs/library", "--watch", "snapshots")
    try:
        page = root / "docs/library/papers/nakamura2026tidal.md"
        assert _within(60, lambda: (root / "docs/library/.papershelf-files").exists())  # written once
        added = entry("Tidal Schedulers for Spot GPUs", "Aoi Nakamura, Ben Ode", "9 September 2026")
        (root / "snapshots" / "new.txt").write_text(listing(added), encoding="utf-8")
        assert _within(30, page.exists), "the new paper's page was not written"
        assert "Tidal Schedulers for Spot GPUs" in page.read_text("utf-8")
    finally:
        watching.terminate()
        watching.communicate(timeout=30)


def _within(seconds: float, done: Callable[[], bool]) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if done():
            return True
        time.sleep(0.2)
    return False
