"""Related papers: TF-IDF similarity of title and abstract, with the reason spelled out.

Each paper is a weighted bag of terms (stems from `papershelf.phrases`, titles counting
double) plus its discovered and curated topics. Candidates come from an inverted index over
each paper's strongest features only, so the work grows with the library times the postings
of specific terms, not with the square of the library.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Mapping
from dataclasses import dataclass

from papershelf.model import Library, Paper
from papershelf.phrases import GENERIC_TERMS, STOP_WORDS, Token, aliases, clauses
from papershelf.topics import Topic, TopicIndex

__all__ = ["Relation", "related_papers"]

_STRONGEST = 16  # features per paper that enter the inverted index
_TOPIC_WEIGHT = 2.0  # a shared topic counts like a strong shared term
_MIN_SCORE = 0.08  # below this, papers merely share vocabulary
Vector = dict[str, float]


@dataclass(frozen=True)
class Relation:
    """`key` is related with similarity `score`, because of shared `topics` and `words`."""

    key: str
    score: float
    topics: tuple[Topic, ...]
    words: tuple[str, ...]


def related_papers(library: Library, topic_index: TopicIndex, limit: int = 5) -> dict[str, list[Relation]]:
    """Up to `limit` related papers per paper, most similar first."""
    known_aliases = aliases(f"{paper.title}. {paper.abstract}" for paper in library.papers)
    spellings: dict[str, Counter[str]] = defaultdict(Counter)
    bags = {
        paper.key: _bag(paper, known_aliases, topic_index.by_paper[paper.key], spellings)
        for paper in library.papers
    }
    vectors = _tf_idf(bags)
    strongest = {
        key: sorted(vector, key=vector.__getitem__, reverse=True)[:_STRONGEST]
        for key, vector in vectors.items()
    }
    postings: dict[str, list[str]] = defaultdict(list)
    for key, features in strongest.items():
        for feature in features:
            postings[feature].append(key)
    words = {term: counts.most_common(1)[0][0] for term, counts in spellings.items()}
    relations = {}
    for key, features in strongest.items():
        candidates = {other for feature in features for other in postings[feature]} - {key}
        scored = sorted(
            ((_cosine(vectors[key], vectors[other]), other) for other in candidates), reverse=True
        )
        relations[key] = [
            _explain(key, other, score, vectors, topic_index, words)
            for score, other in scored[:limit]
            if score >= _MIN_SCORE
        ]
    return relations


def _bag(
    paper: Paper,
    known_aliases: dict[str, tuple[str, ...]],
    topics: tuple[Topic, ...],
    spellings: dict[str, Counter[str]],
) -> Counter[str]:
    bag: Counter[str] = Counter()
    for weight, text in ((2, paper.title), (1, paper.abstract)):
        for clause in clauses(text, known_aliases):
            for token in clause:
                if _content(token):
                    bag[token.term] += weight
                    spellings[token.term][
                        token.surface if token.surface.isupper() else token.surface.lower()
                    ] += 1
    for topic in topics:
        if topic.kind != "listing":  # every paper of a listing shares it: no signal
            bag[f"topic:{topic.slug}"] += 1
    return bag


def _content(token: Token) -> bool:
    term = token.term
    return (
        bool(token.surface)
        and len(term) > 2
        and term not in STOP_WORDS
        and term not in GENERIC_TERMS
        and not term.isdigit()
    )


def _tf_idf(bags: Mapping[str, Counter[str]]) -> dict[str, Vector]:
    """Unit-length vectors: log term frequency times inverse document frequency."""
    document_frequency: Counter[str] = Counter()
    for bag in bags.values():
        document_frequency.update(bag.keys())
    count = len(bags)
    vectors = {}
    for key, bag in bags.items():
        weights = {
            feature: (1 + math.log(frequency))
            * (math.log((1 + count) / (1 + document_frequency[feature])) + 1)
            * (_TOPIC_WEIGHT if feature.startswith("topic:") else 1.0)
            for feature, frequency in bag.items()
        }
        norm = math.sqrt(sum(weight * weight for weight in weights.values())) or 1.0
        vectors[key] = {feature: weight / norm for feature, weight in weights.items()}
    return vectors


def _cosine(mine: Vector, theirs: Vector) -> float:
    if len(theirs) < len(mine):
        mine, theirs = theirs, mine
    return sum(weight * theirs.get(feature, 0.0) for feature, weight in mine.items())


def _explain(
    key: str,
    other: str,
    score: float,
    vectors: Mapping[str, Vector],
    topic_index: TopicIndex,
    words: Mapping[str, str],
) -> Relation:
    """Shared topics first; else the shared words that add most to the similarity."""
    shared_topics = tuple(
        topic
        for topic in topic_index.by_paper[key]
        if topic.kind != "listing" and topic in topic_index.by_paper[other]
    )
    mine, theirs = vectors[key], vectors[other]
    named = " ".join(topic.name for topic in shared_topics).casefold()
    shared = {
        f: mine[f] * theirs[f]
        for f in mine.keys() & theirs.keys()
        if not f.startswith("topic:") and words[f].casefold() not in named  # said by the topic already
    }
    strongest = sorted(shared, key=lambda f: (-shared[f], f))[:3]
    return Relation(other, round(score, 3), shared_topics, tuple(words[f] for f in strongest))
