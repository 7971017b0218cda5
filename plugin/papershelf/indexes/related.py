"""Related papers: TF-IDF similarity of title and abstract, with the reason spelled out.

Each paper is a weighted bag of terms (stems from `papershelf.indexes.phrases`, titles counting
double) plus its discovered and curated topics. Similarities are accumulated over an
inverted index of specific features only, so the work grows with the library times the
length of short postings lists, not with the square of the library.
"""

from __future__ import annotations

import heapq
import math
from collections import Counter, defaultdict
from collections.abc import Mapping
from dataclasses import dataclass
from itertools import islice

from papershelf.model import Library
from papershelf.indexes.commonness import common_word
from papershelf.indexes.phrases import GENERIC_TERMS, Corpus
from papershelf.indexes.topics import Topic, TopicIndex
from papershelf.indexes.vectors import Vector, term_bags, tf_idf

__all__ = ["Relation", "related_papers"]

_SPECIFIC = 0.01  # a feature in more than this share of papers does not propose candidates
_POSTINGS = (50, 100)  # ... nor one in more than 100 papers, however large the library (the
# 1% of 50,000 papers would make the index grow with the square of the library again)
_STRONGEST = 10  # each paper is indexed and queried by its strongest specific features
_MIN_SCORE = 0.08  # below this, papers merely share vocabulary
_TOPIC_WEIGHT = 2.0  # a shared topic counts like a strong shared term
_MIN_WORDS = 2  # without a shared topic, papers share this many words that name something


@dataclass(frozen=True, slots=True)
class Relation:
    """`key` is related with similarity `score`, because of shared `topics` and `words`."""

    key: str
    score: float
    topics: tuple[Topic, ...]
    words: tuple[str, ...]


def related_papers(
    library: Library, topic_index: TopicIndex, limit: int = 5, corpus: Corpus | None = None
) -> dict[str, list[Relation]]:
    """Up to `limit` related papers per paper, most similar first.

    Candidates are found by dot products of unit TF-IDF vectors accumulated over an inverted
    index of each paper's strongest specific features (specific: in at most 1% of the
    papers, at least 50 and at most 100): common words add little to a cosine but would
    make the index quadratic. Those sums leave out every other word the two share, so the
    best `2 * limit` candidates are ranked by their whole cosine, which explaining them
    works out anyway: on the real files beside the project (1,818 papers of many fields)
    0.344 rather than 0.336 of related pairs share an arXiv category.
    """
    corpus = corpus or Corpus.of(library.papers)
    bags = {key: Counter(bag) for key, bag in term_bags(corpus.texts).items()}  # topic discovery's too
    for paper in library.papers:
        bags[paper.key].update(_topic_features(topic_index.by_paper[paper.key]))
    vectors, frequency = tf_idf(bags, _boost)
    cap = min(max(_POSTINGS[0], int(_SPECIFIC * len(bags))), _POSTINGS[1])
    strongest = {
        key: heapq.nlargest(_STRONGEST, ((w, f) for f, w in vector.items() if frequency[f] <= cap))
        for key, vector in vectors.items()
    }
    postings: dict[str, list[tuple[str, float]]] = defaultdict(list)
    for key, features in strongest.items():
        for weight, feature in features:
            postings[feature].append((key, weight))
    explain = _Explainer(vectors, topic_index, _Spellings(corpus))
    relations = {}
    for key, features in strongest.items():
        scores: defaultdict[str, float] = defaultdict(float)
        for weight, feature in features:
            for other, other_weight in postings[feature]:
                scores[other] += weight * other_weight
        scores.pop(key, None)
        # the strongest of those that score enough: the same as the strongest of all, then
        # those that score enough, and ranks far fewer
        enough = [(score, other) for other, score in scores.items() if score >= _MIN_SCORE]
        best = heapq.nlargest(limit * 2, enough)
        ranked = sorted((explain(key, other) for _, other in best), key=lambda r: (-r.score, r.key))
        relations[key] = list(islice(filter(_grounded, ranked), limit))
    return relations


def _topic_features(topics: tuple[Topic, ...]) -> list[str]:
    """The paper's topics as features, but its listing's: every paper of a listing shares it."""
    return [f"topic:{topic.slug}" for topic in topics if topic.kind != "listing"]


def _boost(feature: str) -> float:
    return _TOPIC_WEIGHT if feature.startswith("topic:") else 1.0


class _Spellings(dict[str, str]):
    """How the library most often writes a term (`KV`, `cache`), looked up only for the
    terms that explanations show. Spellings differing only in case are one, unless all
    capitals (an acronym); on a tie the first written wins."""

    def __init__(self, corpus: Corpus) -> None:
        super().__init__()
        self.written: Counter[tuple[str, str]] = Counter()
        for text in corpus.texts.values():
            for clause in text.clauses:
                self.written.update(zip(clause.terms, clause.surfaces, strict=True))
        self.by_term: dict[str, list[str]] = defaultdict(list)
        for term, surface in self.written:
            if surface:
                self.by_term[term].append(surface)

    def __missing__(self, term: str) -> str:
        folded: Counter[str] = Counter()
        for surface in self.by_term[term]:
            folded[surface if surface.isupper() else surface.lower()] += self.written[term, surface]
        self[term] = spelling = folded.most_common(1)[0][0]
        return spelling


def _grounded(relation: Relation) -> bool:
    """Related for a reason a reader can check: a shared topic, or `_MIN_WORDS` shared
    words that name something (a string-theory paper and a software-testing paper
    that share `field` are not related)."""
    return bool(relation.topics) or len(relation.words) >= _MIN_WORDS


def _names_something(term: str, spelling: str) -> bool:
    """A word worth showing as a reason: not one every paper uses (`model`, `method`),
    not one of the commonest words of English (`field`, `where`)."""
    return term not in GENERIC_TERMS and not common_word(spelling)


class _Explainer:
    """Says how alike two papers are (the whole cosine of their vectors) and why: shared
    topics first; else the shared words that add most to the similarity. Asked about
    several candidates of every paper, so what depends on one paper or one word only is
    found once: each paper's topics as a set, and each feature's spelling and whether it
    names something."""

    def __init__(
        self, vectors: Mapping[str, Vector], topic_index: TopicIndex, words: Mapping[str, str]
    ) -> None:
        self.vectors = vectors
        self.topics = topic_index.by_paper
        self.words = words
        self._topic_sets: dict[str, frozenset[Topic]] = {}
        self._shown: dict[str, str | None] = {}

    def __call__(self, key: str, other: str) -> Relation:
        their_topics = self._topic_set(other)
        shared_topics = tuple(
            topic for topic in self.topics[key] if topic.kind != "listing" and topic in their_topics
        )
        mine, theirs = self.vectors[key], self.vectors[other]
        named = " ".join(name for topic in shared_topics for name in (topic.name, *topic.also)).casefold()
        products = {f: mine[f] * theirs[f] for f in mine.keys() & theirs.keys()}
        score = math.fsum(products.values())  # exact: the same whatever order the set gives
        shared = {
            f: product
            for f, product in products.items()
            if (folded := self._shown_as(f)) is not None and folded not in named  # said by the topic already
        }
        strongest = heapq.nsmallest(3, shared, key=lambda f: (-shared[f], f))
        return Relation(other, round(score, 3), shared_topics, tuple(self.words[f] for f in strongest))

    def _topic_set(self, key: str) -> frozenset[Topic]:
        """The paper's topics, hashed: a tuple compares topic by topic."""
        if key not in self._topic_sets:
            self._topic_sets[key] = frozenset(self.topics[key])
        return self._topic_sets[key]

    def _shown_as(self, feature: str) -> str | None:
        """The feature's spelling, casefolded, if it may be shown as a reason: a word (not a
        topic) that names something."""
        if feature not in self._shown:
            spelling = "" if feature.startswith("topic:") else self.words[feature]
            named = bool(spelling) and _names_something(feature, spelling)
            self._shown[feature] = spelling.casefold() if named else None
        return self._shown[feature]
