"""The library analysed once: everything the site shows that is not layout.

`analyse` turns a merged library into one immutable value (authors, topics, related papers,
months, each paper's BibTeX entry) that the site only renders, and that a build can keep on
disk (`papershelf.cache`): a rebuild with an unchanged library, or a `mkdocs serve` rebuild
after editing a docs page or a reading list, does no analysis at all.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from papershelf.authors import AuthorProfile, index_authors
from papershelf.export.bibtex import bibtex_entry
from papershelf.model import Library
from papershelf.phrases import Corpus
from papershelf.related import Relation, related_papers
from papershelf.timeline import Month, index_months
from papershelf.topics import TopicIndex, TopicOptions, index_topics

__all__ = ["Analysis", "AnalysisOptions", "analyse"]


@dataclass(frozen=True)
class AnalysisOptions:
    """The options the analysis depends on (the others only change how pages look)."""

    topics: TopicOptions = field(default_factory=TopicOptions)
    related: int = 5


@dataclass(frozen=True, eq=False)
class Analysis:
    """A library and what was found in it; compared by identity (it is large)."""

    library: Library
    options: AnalysisOptions
    authors: tuple[AuthorProfile, ...]
    topic_index: TopicIndex
    related: Mapping[str, tuple[Relation, ...]]
    months: tuple[Month, ...]
    bibtex: Mapping[str, str]


def analyse(library: Library, options: AnalysisOptions) -> Analysis:
    corpus = Corpus.of(library.papers)
    topic_index = index_topics(library, options.topics, corpus)
    if options.related > 0:
        related = related_papers(library, topic_index, options.related, corpus)
    else:
        related = {paper.key: [] for paper in library.papers}
    return Analysis(
        library=library,
        options=options,
        authors=tuple(index_authors(library)),
        topic_index=topic_index,
        related={key: tuple(relations) for key, relations in related.items()},
        months=tuple(index_months(library)),
        bibtex={paper.key: bibtex_entry(paper) for paper in library.papers},
    )
