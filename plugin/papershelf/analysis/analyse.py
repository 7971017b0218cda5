"""The library analysed once: everything the site shows that is not layout.

`analyse` turns a merged library into one immutable value (authors, topics, related papers,
months, each paper's BibTeX and biblatex entries, the CSL-JSON file) that the site only
renders, and that a build can keep on disk (`papershelf.analysis.cache`): a rebuild with an unchanged
library, or a `mkdocs serve` rebuild after editing a docs page or a reading list, does no
analysis at all.
"""

from __future__ import annotations

import typing
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from papershelf.indexes.authors import AuthorProfile, index_authors
from papershelf.export.csljson import finished_item
from papershelf.export.drafts import Drafts, draft_exports
from papershelf.analysis.helper import Helper
from papershelf.model import Library, Paper
from papershelf.indexes.phrases import Corpus
from papershelf.indexes.related import Relation, related_papers
from papershelf.indexes.timeline import Month, index_months
from papershelf.indexes.topics import TopicIndex, TopicOptions, index_topics

__all__ = ["Analysis", "AnalysisOptions", "Kept", "analyse", "author_page_threshold"]


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
    biblatex: Mapping[str, str]
    csl_json: Mapping[str, bytes]
    """Each paper's CSL-JSON item, as `library.json` holds it, in UTF-8 (`csljson_text`
    joins them; `papershelf.text.stored` says why not a `str`)."""


IN_PROCESS = Helper(processes=False)
_DRAFTED_BESIDE_FROM = 500
"""Papers from which drafting the entries in a helper pays. Starting one takes about 0.2 s,
and below this the topics are found sooner than that: on the benchmark's libraries (two
cores), a helper made the analysis of 250 papers 0.05 s slower, of 500 papers 0.05 s
faster and of 1,000 papers 0.4 s faster."""
_DRAFTED_AT_ONCE = 1000
"""Papers a helper is given at a time, so that it holds one part of the library, not all of
it: drafting 10,000 papers in parts of 1,000, a helper's peak was 57 MB, against 118 MB in
one part, in the same time (2.7 s)."""
_DRAFTED_PER_SECOND = 250
"""A tenth of the papers a helper drafts a second on a small machine: its time limit is
ten times what drafting takes there, and ten seconds to start."""

_AUTHOR_PAGES_ALWAYS = 100
"""Author pages a library may always have, whatever its size."""
_AUTHOR_PAGES_SHARE = 10
"""Beyond that, at most one author page per this many papers."""


def author_page_threshold(authors: Sequence[AuthorProfile], papers: int, least: int = 2) -> int:
    """How many papers an author needs for a page of their own, by default.

    In a real field there are about as many authors with two papers or more as there are
    papers, so a page for each would double the pages a build makes (each costs as much to
    render as a paper page) for pages that say little: the others are listed, with their
    papers, on the page of their initial. The threshold starts at `least` and rises until at
    most a hundred authors, or one per ten papers, have a page."""
    budget = max(_AUTHOR_PAGES_ALWAYS, papers // _AUTHOR_PAGES_SHARE)
    counts = sorted((len(author.papers) for author in authors), reverse=True)
    threshold = least
    while budget < len(counts) and counts[budget] >= threshold:
        threshold = counts[budget] + 1
    return threshold


Entries = tuple[str, str, bytes]
"""A paper's BibTeX and biblatex entries and CSL-JSON item, finished or drafted
(`papershelf.export.drafts`)."""
Finished = tuple[tuple[str, ...], Entries]
"""A paper's topics (`TopicIndex.subjects`) and its entries finished with them."""


@dataclass
class Kept:
    """What an analysis worked out paper by paper, kept for the next analysis of a changed
    library (`mkdocs serve`, `papershelf.analysis.cache.AnalysisCache`): each paper's text as
    read (with its counted terms), its export drafts and its finished entries. A new snapshot
    changes a few papers of many, and these depend on nothing but the paper (the texts, on
    the abbreviations too, which `Corpus.of` checks; the finished entries, on its topics too), so
    the next analysis takes them for every paper it finds unchanged. Topics and related
    papers are found anew over the whole library: a new paper changes what is frequent and
    how rare each word is, so they are the library's, not a paper's."""

    corpus: Corpus | None = None
    drafts: dict[Paper, Entries] = field(default_factory=dict)
    """The drafts of the papers the analyses drafted (`papershelf.export.drafts`)."""
    finished: dict[Paper, Finished] = field(default_factory=dict)
    """Each paper of the last analysis, with its topics and finished entries: a paper whose
    topics are unchanged takes them again, undrafted."""
    loaded: Analysis | None = None
    """An analysis read from the cache (when `mkdocs serve` starts), whose papers' finished
    entries the next analysis takes as it takes `finished`: so the first change after a
    start from the cache drafts only the papers it changes, as the later ones do, instead
    of every paper. (The cache keeps no drafts: they would add half to its size, and the
    time to read it to every rebuild.)"""


def analyse(
    library: Library, options: AnalysisOptions, helper: Helper = IN_PROCESS, kept: Kept | None = None
) -> Analysis:
    """The library's analysis. With a `helper`, a large library's export entries are drafted
    in a helper process while topics and related papers are found here; with `kept` (the
    products of the previous analyses), only the papers they have not seen are read and
    drafted (and those whose topics changed, drafted), and `kept` is left holding this
    analysis's. The result is the same either way."""
    papers = library.papers
    known = kept or Kept()
    finished = known.finished if known.loaded is None else _finished(known.loaded)
    drafts = _looked_up(known.drafts, papers)
    done = _looked_up(
        finished, [paper if draft is None else None for paper, draft in zip(papers, drafts, strict=True)]
    )
    new = [
        i
        for i, (draft, entries) in enumerate(zip(drafts, done, strict=True))
        if draft is None and entries is None
    ]
    where = helper if len(new) >= _DRAFTED_BESIDE_FROM else IN_PROCESS
    parts = [
        [papers[i] for i in new[at : at + _DRAFTED_AT_ONCE]] for at in range(0, len(new), _DRAFTED_AT_ONCE)
    ]
    with where.map(draft_exports, parts, timeout=10 + len(new) / _DRAFTED_PER_SECOND) as drafting:
        corpus = Corpus.of(papers, known.corpus)
        topic_index = index_topics(library, options.topics, corpus)
        if options.related > 0:
            related = related_papers(library, topic_index, options.related, corpus)
        else:
            related = {paper.key: [] for paper in papers}
        made = [row for part in drafting.result() for row in _rows(part)]
    subjects = topic_index.subjects
    stale = [
        i for i, entries in enumerate(done) if entries is not None and entries[0] != subjects[papers[i].key]
    ]
    made_now = draft_exports([papers[i] for i in stale])
    for i, draft in zip(new + stale, made + _rows(made_now), strict=True):
        drafts[i], done[i] = draft, None
    entries = _finish(papers, drafts, done, subjects)
    analysis = Analysis(
        library=library,
        options=options,
        authors=tuple(index_authors(library)),
        topic_index=topic_index,
        related={key: tuple(relations) for key, relations in related.items()},
        months=tuple(index_months(library)),
        bibtex={paper.key: entry[0] for paper, entry in zip(papers, entries, strict=True)},
        biblatex={paper.key: entry[1] for paper, entry in zip(papers, entries, strict=True)},
        csl_json={paper.key: entry[2] for paper, entry in zip(papers, entries, strict=True)},
    )
    if kept is not None:
        kept.corpus, kept.loaded = corpus, None
        kept.drafts = {paper: draft for paper, draft in zip(papers, drafts, strict=True) if draft is not None}
        kept.finished = {
            paper: (subjects[paper.key], entry) for paper, entry in zip(papers, entries, strict=True)
        }
    return analysis


Value = typing.TypeVar("Value")


def _looked_up(table: Mapping[Paper, Value], papers: Sequence[Paper | None]) -> list[Value | None]:
    """What `table` holds for each paper, by position (None where it holds nothing, or for
    no paper): a paper is a large record, hashed anew each time it is looked up, so each is
    looked up once, and not at all in an empty table (a first analysis)."""
    if not table:
        return [None] * len(papers)
    return [None if paper is None else table.get(paper) for paper in papers]


def _rows(drafts: Drafts) -> list[Entries]:
    """Each paper's drafts, from `draft_exports`."""
    return list(zip(drafts.bibtex, drafts.biblatex, drafts.csl, strict=True))


def _finish(
    papers: Sequence[Paper],
    drafts: Sequence[Entries | None],
    done: Sequence[Finished | None],
    subjects: Mapping[str, tuple[str, ...]],
) -> list[Entries]:
    """Each paper's entries: taken again where `done` has them (for these topics), else
    finished from its draft."""
    todo = [i for i, entries in enumerate(done) if entries is None]
    table = [typing.cast(Entries, drafts[i]) for i in todo]
    drafted = [papers[i] for i in todo]
    made = Drafts(
        tuple(row[0] for row in table), tuple(row[1] for row in table), tuple(row[2] for row in table)
    )
    bibtex, biblatex = made.bibtex_entries(drafted, subjects), made.biblatex_entries(drafted, subjects)
    items = (
        finished_item(paper, row[2], subjects[paper.key]) for paper, row in zip(drafted, table, strict=True)
    )
    entries = [None if entries is None else entries[1] for entries in done]
    for i, paper, item in zip(todo, drafted, items, strict=True):
        entries[i] = (bibtex[paper.key], biblatex[paper.key], item)
    return typing.cast(list[Entries], entries)


def _finished(analysis: Analysis) -> dict[Paper, Finished]:
    """Each paper of `analysis` with its topics and the entries finished with them."""
    subjects = analysis.topic_index.subjects
    return {
        paper: (
            subjects[paper.key],
            (analysis.bibtex[paper.key], analysis.biblatex[paper.key], analysis.csl_json[paper.key]),
        )
        for paper in analysis.library.papers
    }
