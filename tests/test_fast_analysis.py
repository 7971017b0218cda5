"""The analysis's fast paths give, byte for byte, what the plain algorithms they replace give.

Topic choice compares a candidate only with the chosen subjects an index says may take or
narrow it, and related papers are ranked with bounds that skip work; each must choose
exactly what the plain scan chooses. The plain algorithms are written out here, as simply
as they can be, and the whole analysis (topics, related papers, export entries, as the
cache stores it) is compared on the example library and on a generated one of 1,000
papers (`benchmarks/generate.py`), where hundreds of candidates meet hundreds of subjects.
"""

from __future__ import annotations

import math
import sys
from pathlib import Path

import msgpack
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import papershelf.indexes.discovery as discovery
import papershelf.indexes.related as related
from conftest import REPO, SEED
from papershelf.analysis.analyse import AnalysisOptions, analyse
from papershelf.indexes.phrases import Phrase
from papershelf.analysis.cache import _ANALYSIS_CODEC
from papershelf.library.keys import KeyBook
from papershelf.library.merge import build_library
from papershelf.model import Library
from papershelf.snapshots.folder import SnapshotFolder


def plain_choose(
    ranked: list[discovery._Candidate],
    max_topics: int,
    broad: int,
    about: set[str],
    similar: discovery._Similarity,
) -> list[tuple[discovery._Group, discovery._Candidate]]:
    """Topic choice as first written: each candidate compared with every chosen group."""
    groups: list[discovery._Group] = []
    labelled = 0
    for candidate in ranked:
        if labelled >= max_topics:
            break
        twin = next((group for group in groups if group.takes(candidate)), None)
        if twin is not None:
            unlabelled = twin.label(about, similar) is None
            twin.members.append(candidate)
            twin.papers |= candidate.papers
            labelled += unlabelled and twin.label(about, similar) is not None
        elif all(
            len(group.papers) > broad and discovery._splits(candidate, similar)
            for group in groups
            if group.narrows(candidate)
        ):
            groups.append(discovery._Group([candidate], set(candidate.papers)))
            labelled += groups[-1].label(about, similar) is not None
    named = ((group, group.label(about, similar)) for group in groups)
    return [(group, label) for group, label in named if label is not None]


class PlainExplainer:
    """Why two papers are related, as first written: everything found anew for each pair."""

    def __init__(self, vectors, topic_index, words) -> None:
        self.vectors, self.topic_index, self.words = vectors, topic_index, words

    def __call__(self, key: str, other: str) -> related.Relation:
        words = self.words
        their_topics = set(self.topic_index.by_paper[other])
        shared_topics = tuple(
            topic
            for topic in self.topic_index.by_paper[key]
            if topic.kind != "listing" and topic in their_topics
        )
        mine, theirs = self.vectors[key], self.vectors[other]
        score = math.fsum(mine[f] * theirs[f] for f in mine.keys() & theirs.keys())
        named = " ".join(name for topic in shared_topics for name in (topic.name, *topic.also)).casefold()
        shared = {
            f: mine[f] * theirs[f]
            for f in mine.keys() & theirs.keys()
            if not f.startswith("topic:")
            and words[f].casefold() not in named
            and related._names_something(f, words[f])
        }
        strongest = sorted(shared, key=lambda f: (-shared[f], f))[:3]
        return related.Relation(other, round(score, 3), shared_topics, tuple(words[f] for f in strongest))


def _library(snapshots: Path) -> Library:
    return build_library(SnapshotFolder(snapshots).listings(), KeyBook()).library


def _analysed(library: Library) -> bytes:
    """The whole analysis as the cache writes it: any difference shows as other bytes."""
    return msgpack.packb(_ANALYSIS_CODEC.encode(analyse(library, AnalysisOptions())))


def _same_as_plain(library: Library, monkeypatch: pytest.MonkeyPatch) -> None:
    fast = _analysed(library)
    with monkeypatch.context() as plain:
        plain.setattr(discovery, "_choose", plain_choose)
        plain.setattr(related, "_Explainer", PlainExplainer)
        assert _analysed(library) == fast


def test_the_example_library_is_analysed_as_the_plain_algorithms_do(monkeypatch: pytest.MonkeyPatch):
    _same_as_plain(_library(SEED), monkeypatch)


@pytest.mark.slow
def test_a_generated_library_is_analysed_as_the_plain_algorithms_do(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    sys.path.insert(0, str(REPO / "benchmarks"))
    try:
        from generate import make_papers, write_papershelf_project
    finally:
        sys.path.remove(str(REPO / "benchmarks"))
    write_papershelf_project(make_papers(1000, seed=5), tmp_path, seed=5)
    _same_as_plain(_library(tmp_path / "snapshots"), monkeypatch)


WORDS = ("agentic", "agents", "cache", "caching", "kv", "spars", "sparsity", "gpu", "kernel", "kernels")
"""Words with forms of one another (`agents`, `agentic`), and words with none."""


PAPERS = st.one_of(
    st.frozensets(st.integers(0, 14), min_size=1, max_size=12),
    st.builds(
        lambda start, size: frozenset(range(start, start + size)), st.integers(0, 3), st.integers(1, 12)
    ),
)
"""Paper sets: any, or runs of papers, which nest and overlap in every proportion (twins
of both sizes, `twin_papers`' limits)."""


class _Similar:
    """What `_choose` asks of `_Similarity`, with cohesions drawn by the test."""

    def __init__(self, cohesion: dict[Phrase, float]) -> None:
        self.cohesion = cohesion

    def of(self, candidate: discovery._Candidate) -> float:
        return self.cohesion.get(candidate.phrase, 2.0)

    def headed_by(self, word: discovery._Candidate) -> discovery._Candidate | None:
        return None

    def noun_form(self, word: discovery._Candidate) -> discovery._Candidate | None:
        return None


def _candidates(drawn: list[tuple[Phrase, frozenset[int]]]) -> list[discovery._Candidate]:
    """Candidates in rank order, their papers and spellings given (no texts to read)."""
    made = []
    for phrase, papers in drawn:
        candidate = discovery._Candidate(phrase, len(papers), 0, {}, {}, {f"p{n}" for n in papers})
        spelt = discovery.Counter({" ".join(phrase): 1})
        candidate.__dict__["surfaces"] = candidate.__dict__["in_abstracts"] = spelt
        made.append(candidate)
    return made


def _chosen(choice: list[tuple[discovery._Group, discovery._Candidate]]) -> list[object]:
    return [
        ([m.phrase for m in group.members], sorted(group.papers), label.phrase) for group, label in choice
    ]


@settings(
    max_examples=400,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(
    drawn=st.lists(
        st.tuples(
            st.lists(st.sampled_from(WORDS), min_size=1, max_size=3).map(tuple),
            PAPERS,
        ),
        max_size=40,
        unique_by=lambda pair: pair[0],
    ),
    cohesion=st.dictionaries(st.tuples(st.sampled_from(WORDS)), st.sampled_from([0.5, 1.0, 2.0])),
    max_topics=st.integers(1, 12),
    broad=st.integers(0, 12),
    about=st.sets(st.sampled_from(WORDS), max_size=3),
)
def test_topic_choice_takes_what_the_plain_scan_takes(drawn, cohesion, max_topics, broad, about):
    """Twins by papers and by word forms, narrowed broad subjects, the first of several
    groups that would take a candidate: the index finds what comparing with every group finds."""
    arguments = (max_topics, broad, about, _Similar(cohesion))
    fast = discovery._choose(_candidates(drawn), *arguments)
    assert _chosen(fast) == _chosen(plain_choose(_candidates(drawn), *arguments))
