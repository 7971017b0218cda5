"""Under `mkdocs serve`, a changed library is analysed with what the last analysis made paper
by paper (`papershelf.analysis.analyse.Kept`): only the papers it has not seen are read and
drafted, and the analysis is, byte for byte as the cache stores it, the one made from
scratch, whatever snapshots were added, changed or removed before, and whether the session
analysed the library before or started from the analysis in the cache."""

from __future__ import annotations

import tempfile
from pathlib import Path

import msgpack
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import papershelf.analysis.analyse
import papershelf.indexes.phrases
from conftest import entry, listing
from papershelf.analysis.analyse import AnalysisOptions, analyse
from papershelf.analysis.cache import _ANALYSIS_CODEC, AnalysisCache
from papershelf.library.keys import KeyBook
from papershelf.library.merge import build_library
from papershelf.model import Library
from papershelf.snapshots.folder import SnapshotFolder

PAPERS = (
    (
        "Speculative Decoding for KV Cache Compression",
        "Ada Lovelace, Alan Turing",
        "We compress the key-value (KV) cache with speculative decoding on GPU kernels.",
    ),
    (
        "KV Cache Quantization at Scale",
        "Grace Hopper",
        "Quantization of the KV cache cuts memory; speculative decoding keeps accuracy.",
    ),
    (
        "GPU Kernels for Sparse Attention",
        "Edsger Dijkstra, Ada Lovelace",
        "Sparse attention runs on GPU kernels; the kernels fuse attention and quantization.",
    ),
    (
        "Mixture-of-Experts Routing",
        "Barbara Liskov",
        "A Mixture-of-Experts (MoE) model routes tokens; MoE routing balances experts.",
    ),
    (
        "Expert Routing with Sparse Attention",
        "Donald Knuth, Barbara Liskov",
        "MoE layers with sparse attention route tokens to experts on GPU kernels.",
    ),
    (
        "Energy Consumption of Speculative Decoding",
        "John Backus",
        "Energy consumption of speculative decoding and of KV cache quantization, measured.",
    ),
    (
        "Quantization-Aware Training of Experts",
        "Frances Allen, Grace Hopper",
        "Quantization-aware training of MoE experts keeps routing stable.",
    ),
    (
        "Attention Sinks in Long Contexts",
        "Ken Thompson",
        "Attention sinks let sparse attention keep long contexts in the KV cache.",
    ),
)
"""Papers that share phrases (topics), words (related papers) and abbreviations (aliases)."""

VARIANTS = ("", " Results improve energy consumption.", " The key-value (KV) cache is shared.")
"""What a changed snapshot adds to an abstract: nothing, words, a definition of an alias."""


def _snapshot(papers: frozenset[int], variant: int, topic: str) -> str:
    blocks = [
        entry(title, authors, f"{1 + number} August 2026", abstract + VARIANTS[variant])
        for number, (title, authors, abstract) in enumerate(PAPERS)
        if number in papers
    ]
    return listing(*blocks, topic=topic)


def _library(folder: Path) -> Library:
    return build_library(SnapshotFolder(folder).listings(), KeyBook()).library


def _bytes(analysis: papershelf.analysis.analyse.Analysis) -> bytes:
    return msgpack.packb(_ANALYSIS_CODEC.encode(analysis))


STEPS = st.lists(
    st.tuples(
        st.integers(0, 3),  # the snapshot file
        st.none() | st.tuples(st.frozensets(st.integers(0, len(PAPERS) - 1), min_size=1), st.integers(0, 2)),
        st.booleans(),  # whether `mkdocs serve` starts again first, on the cache on disk
    ),  # None: the file is removed; else written with these papers and this variant
    min_size=1,
    max_size=6,
)


@settings(
    max_examples=60,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(steps=STEPS)
@example(  # a start on the cache, then papers that change every kept paper's topics
    steps=[(0, (frozenset(range(6)), 0), False), (1, (frozenset({6, 7}), 0), True)]
)
def test_any_sequence_of_snapshots_is_analysed_as_from_scratch(steps):
    options = AnalysisOptions()
    with tempfile.TemporaryDirectory() as temporary:
        folder, kept = Path(temporary) / "snapshots", Path(temporary) / "cache"
        folder.mkdir()
        cache = AnalysisCache(kept, keep=True)
        for slot, written, restart in steps:
            if restart:  # its first build finds the library's analysis in the cache
                cache = AnalysisCache(kept, keep=True)
                cache.analysis(_library(folder), options)
            path = folder / f"snapshot-{slot}.txt"
            if written is None:
                path.unlink(missing_ok=True)
            else:
                papers, variant = written
                path.write_text(_snapshot(papers, variant, ("LLM Inference", "Systems")[slot % 2]), "utf-8")
            library = _library(folder)
            assert _bytes(cache.analysis(library, options)) == _bytes(analyse(library, options))


def _watched(monkeypatch: pytest.MonkeyPatch) -> tuple[list[str], list[str]]:
    """The titles of the papers drafted from now on, and the texts read."""
    drafted: list[str] = []
    read: list[str] = []
    draft_exports, clauses = papershelf.analysis.analyse.draft_exports, papershelf.indexes.phrases.clauses
    monkeypatch.setattr(
        papershelf.analysis.analyse,
        "draft_exports",
        lambda papers: drafted.extend(paper.title for paper in papers) or draft_exports(papers),
    )
    monkeypatch.setattr(
        papershelf.indexes.phrases, "clauses", lambda text, known: read.append(text) or clauses(text, known)
    )
    return drafted, read


def test_a_new_snapshot_reads_and_drafts_only_its_new_papers(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    cache = AnalysisCache(None, keep=True)
    (tmp_path / "a.txt").write_text(_snapshot(frozenset(range(6)), 0, "LLM Inference"), "utf-8")
    cache.analysis(_library(tmp_path), AnalysisOptions())
    drafted, read = _watched(monkeypatch)
    (tmp_path / "b.txt").write_text(_snapshot(frozenset({6, 7}), 0, "Systems"), "utf-8")
    cache.analysis(_library(tmp_path), AnalysisOptions())
    assert sorted(drafted) == sorted(PAPERS[number][0] for number in (6, 7))
    assert sorted(read) == sorted(text for number in (6, 7) for text in PAPERS[number][::2])


def test_the_first_change_after_a_start_from_the_cache_drafts_only_its_new_papers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    folder, kept = tmp_path / "snapshots", tmp_path / "cache"
    folder.mkdir()
    (folder / "a.txt").write_text(_snapshot(frozenset(range(len(PAPERS))), 0, "LLM Inference"), "utf-8")
    AnalysisCache(kept).analysis(_library(folder), AnalysisOptions())  # `mkdocs build`
    serving = AnalysisCache(kept, keep=True)  # then `mkdocs serve`
    serving.analysis(_library(folder), AnalysisOptions())
    assert serving.source == "disk"
    drafted, _ = _watched(monkeypatch)
    unrelated = entry("Protein Folding on Lattices", "Rosalind Franklin", "3 September 2026", "Lattices.")
    (folder / "b.txt").write_text(listing(unrelated, topic="Biology"), "utf-8")  # no paper's topics change
    library = _library(folder)
    analysis = serving.analysis(library, AnalysisOptions())
    assert drafted == ["Protein Folding on Lattices"]
    assert _bytes(analysis) == _bytes(analyse(library, AnalysisOptions()))
