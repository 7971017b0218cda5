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


def test_a_generated_library_keeps_bringing_words_as_a_real_one_does():
    """Four times the papers bring about twice the distinct words and three times the
    distinct word pairs (Heaps' law); a library that recombined the example's sentences
    brought 1.85x and 2.05x, so that a large library had far less text for the analysis to
    tell apart than a real one."""
    sys.path.insert(0, str(REPO / "benchmarks"))
    try:
        from generate import library_stats, make_papers
    finally:
        sys.path.remove(str(REPO / "benchmarks"))
    small, large = (library_stats(make_papers(count, seed=7), 0, 0) for count in (400, 1600))
    assert large.words >= 2.0 * small.words
    assert large.word_pairs >= 2.6 * small.word_pairs
