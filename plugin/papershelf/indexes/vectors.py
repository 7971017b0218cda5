"""Papers as TF-IDF vectors of their content terms: how related papers are found, and how
topic discovery tells a word that names a field from one that research prose uses anywhere.

Each paper is a bag of its content terms (stems from `papershelf.indexes.phrases`, title terms
counted twice), weighted by log term frequency times inverse document frequency and scaled
to unit length, so that a dot product is a cosine.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Mapping

from papershelf.indexes.phrases import PaperText

__all__ = ["Cohesion", "Vector", "term_bags", "tf_idf"]

Vector = dict[str, float]


def term_bags(texts: Mapping[str, PaperText]) -> dict[str, Counter[str]]:
    """Each paper's content terms, by key (`Corpus.texts`): the bags `PaperText` counted
    once for topics and related papers alike, so a caller that adds to one copies it."""
    return {key: text.content_terms for key, text in texts.items()}


def tf_idf(
    bags: Mapping[str, Counter[str]], boost: Callable[[str], float] = lambda feature: 1.0
) -> tuple[dict[str, Vector], Counter[str]]:
    """Unit-length vectors (log term frequency times inverse document frequency, times the
    feature's `boost`), and the document frequency of every feature."""
    document_frequency: Counter[str] = Counter()
    for bag in bags.values():
        document_frequency.update(bag.keys())
    count = len(bags)
    idf = {feature: math.log((1 + count) / (1 + df)) + 1 for feature, df in document_frequency.items()}
    vectors = {}
    for key, bag in bags.items():
        weights = {
            feature: (1 + math.log(frequency)) * idf[feature] * boost(feature)
            for feature, frequency in bag.items()
        }
        norm = math.sqrt(sum(weight * weight for weight in weights.values())) or 1.0
        vectors[key] = {feature: weight / norm for feature, weight in weights.items()}
    return vectors, document_frequency


class Cohesion:
    """How much more alike a group of papers is than any two papers of the library."""

    def __init__(self, vectors: Mapping[str, Vector]) -> None:
        self.vectors = vectors
        self.library = _mean_pairwise(vectors.values(), set())
        """The library's mean pairwise cosine, computed once."""

    def of(self, keys: Collection[str], without: Iterable[str] = ()) -> float:
        """The papers' mean pairwise cosine, leaving out the features `without` (the word
        they were grouped by, which they share by definition), over the library's. Near 1
        for papers that share a word and nothing else (`batch`, `stochastic`); a field's
        papers share more. Both means come from sums of vectors: linear in the papers."""
        if len(keys) < 2 or self.library <= 0:
            return math.inf
        return _mean_pairwise((self.vectors[key] for key in keys), set(without)) / self.library


def _mean_pairwise(members: Iterable[Vector], left_out: set[str]) -> float:
    """Mean dot product over distinct pairs: (|sum|^2 - sum of |v|^2) / (n (n - 1))."""
    total: Counter[str] = Counter()
    squares = 0.0
    count = 0
    for vector in members:
        kept = {f: w for f, w in vector.items() if f not in left_out} if left_out else vector
        total.update(kept)
        squares += sum(w * w for w in kept.values())
        count += 1
    if count < 2:
        return 0.0
    return (sum(w * w for w in total.values()) - squares) / (count * (count - 1))
