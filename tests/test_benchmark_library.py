"""The benchmark's generated libraries (`benchmarks/generate.py`, names and accents as a real
field writes them, `Niccol\\`o`, `L\\'ea`) are read paper for paper with no warning: a
benchmark that loses papers measures less than it says, and a lost paper is a reader bug."""

from __future__ import annotations

import sys
from pathlib import Path

from conftest import REPO
from papershelf.snapshots.folder import SnapshotFolder
from papershelf.library.keys import KeyBook
from papershelf.library.merge import build_library

PAPERS = 600


def test_a_generated_library_reads_every_paper_without_a_warning(tmp_path: Path):
    sys.path.insert(0, str(REPO / "benchmarks"))
    try:
        from generate import make_papers, write_papershelf_project
    finally:
        sys.path.remove(str(REPO / "benchmarks"))
    write_papershelf_project(make_papers(PAPERS, seed=11), tmp_path, seed=11)
    listings = SnapshotFolder(tmp_path / "snapshots").listings()
    assert [str(problem) for listing in listings for problem in listing.problems] == []
    assert len(build_library(listings, KeyBook()).library.papers) == PAPERS
