"""Topics: the listings' own topic lines, topics discovered in the papers' text, and a user
taxonomy that adds or overrides them.

A curated topic (from the taxonomy) holds the papers that use one of its phrases, matched
with the variant merging of `papershelf.indexes.phrases`; discovery (`papershelf.indexes.discovery`) then
looks for further subjects among the phrases no curated topic has taken.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property

from papershelf.indexes.arxiv_categories import subject_name
from papershelf.indexes.discovery import discover_subjects
from papershelf.model import SOURCES, Library
from papershelf.indexes.phrases import Clause, Corpus, PaperText, Phrase, clauses
from papershelf.text.slugs import RESERVED_SLUGS, slugify, unique_slugs

__all__ = ["SOURCES", "Topic", "TopicIndex", "TopicOptions", "index_topics", "topic_pages"]

_PAGES_PER_ROOT = 2.5
"""Topic pages per square root of the library's papers: 25 for 100 papers, 80 for 1,000."""


_ABOUT_SHARE = 0.2
"""The share of the papers a listing topic holds for the library to be about its words."""


@dataclass(frozen=True)
class TopicOptions:
    """How topics are found; `taxonomy` maps a topic name to the phrases that define it;
    `max_topics` (discovered ones) is unset to follow the library's size (`topic_pages`)."""

    discover: bool = True
    min_papers: int = 3
    max_share: float = 0.35
    max_topics: int | None = None
    taxonomy: Mapping[str, Sequence[str]] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Topic:
    """A topic's page data. `kind` is `listing`, `curated` or `discovered`; `phrases` are the
    variants that matched, as written in the papers; `also` the names of the twins a
    discovered topic absorbed (`papershelf.indexes.twins`)."""

    slug: str
    name: str
    kind: str
    papers: tuple[str, ...]
    phrases: tuple[str, ...] = ()
    also: tuple[str, ...] = ()

    def __hash__(self) -> int:
        """By slug and kind, which tell topics apart: the generated hash would hash every
        paper key, each time a topic is counted or looked up."""
        return hash((self.slug, self.kind))


@dataclass(frozen=True)
class TopicIndex:
    """All topics, largest first within each kind, and each paper's topics."""

    topics: tuple[Topic, ...]
    by_paper: Mapping[str, tuple[Topic, ...]]

    @cached_property
    def subjects(self) -> dict[str, tuple[str, ...]]:
        """Each paper's discovered and curated topic names: its keywords beside the listing's.
        Made once: every topic's and list's RIS file asks (0.22 s of a 1,000-paper rebuild
        when made for each)."""
        return {
            key: tuple(topic.name for topic in topics if topic.kind != "listing")
            for key, topics in self.by_paper.items()
        }

    @property
    def without_subject(self) -> int:
        """Papers with no discovered or curated topic (only their listing's)."""
        return sum(1 for topics in self.by_paper.values() if all(t.kind == "listing" for t in topics))


def index_topics(
    library: Library, options: TopicOptions | None = None, corpus: Corpus | None = None
) -> TopicIndex:
    """Listing topics, then curated, then discovered topics; each paper's topics in that order."""
    options = options or TopicOptions()
    corpus = corpus or Corpus.of(library.papers)
    known_aliases, paper_clauses = corpus.abbreviations.everywhere, corpus.texts
    named = _with_unique_slugs(
        [*_listing_topics(library), *_curated(options.taxonomy, paper_clauses, known_aliases, library)]
    )
    named = [replace(t, name=subject_name(t.name)) if t.kind == "listing" else t for t in named]
    discovered: list[Topic] = []
    if options.discover:
        curated = [topic for topic in named if topic.kind == "curated"]
        taken = {phrase for topic in curated for phrase in _phrases_of(topic, known_aliases)}
        taken_slugs = {topic.slug for topic in named} | RESERVED_SLUGS
        room = _room(options.max_topics, len(library.papers), len(named))
        about = _about(named, len(library.papers), known_aliases)
        discovered = _discovered(library, paper_clauses, options, taken, taken_slugs, room, about)
    topics = (*named, *discovered)
    by_paper: dict[str, list[Topic]] = {paper.key: [] for paper in library.papers}
    for topic in topics:
        for key in topic.papers:
            by_paper[key].append(topic)
    return TopicIndex(topics, {key: tuple(found) for key, found in by_paper.items()})


def topic_pages(papers: int) -> int:
    """How many topic pages a library of this many papers gets by default, its listing and
    curated topics included: a reader scans an index of 25 topics for 100 papers, and the
    subjects a field's papers name grow far slower than the papers (2.5 times the square
    root: 80 for 1,000 papers, 250 for 10,000)."""
    return math.ceil(_PAGES_PER_ROOT * math.sqrt(papers))


def _room(max_topics: int | None, papers: int, named: int) -> int:
    """Discovered topics wanted: as configured, else the default pages less the named topics,
    and at least half the default pages: a library saved from many small listings (40 arXiv
    categories for 215 papers) still gets the subjects its papers share across them."""
    if max_topics is not None:
        return max_topics
    pages = topic_pages(papers)
    return max(pages - named, pages // 2)


def _about(named: list[Topic], papers: int, known_aliases: dict[str, Phrase]) -> set[str]:
    """The terms of the listing topics that hold at least `_ABOUT_SHARE` of the papers: what
    the library is about, so that a common word among them may name a topic (`Search` in a
    library saved under "Search Engines"). A small listing does not make the library about
    its words: one paper under "Applications (stat.AP)" makes no topic `Applications`."""
    return {
        term
        for topic in named
        if topic.kind == "listing" and len(topic.papers) >= _ABOUT_SHARE * papers
        for reading in _readings(topic.name, known_aliases)
        for term in reading
    }


def _with_unique_slugs(topics: list[Topic]) -> list[Topic]:
    """Listing and curated topics with a page each: names that make one slug (`A b`, `A-b`,
    or a listing and a taxonomy topic spelled alike) get `-2`, ... in the order of their
    kind and name, never of their size or the snapshots', so that adding papers moves no URL."""
    stable = sorted(topics, key=lambda topic: (topic.kind != "listing", topic.name.casefold(), topic.name))
    slugs = unique_slugs([topic.name for topic in stable])
    by_name = {(topic.kind, topic.name): slug for topic, slug in zip(stable, slugs, strict=True)}
    return [replace(topic, slug=by_name[topic.kind, topic.name]) for topic in topics]


def _listing_topics(library: Library) -> list[Topic]:
    """The topics listings were saved under, but a source's name (`SOURCES`). Named by
    the code as saved (`q-fin.ST`), which makes the slug: `index_topics` adds the name."""
    members: dict[str, list[str]] = {}
    for paper in library.papers:
        for name in paper.topics:
            if name not in SOURCES:
                members.setdefault(name, []).append(paper.key)
    ordered = sorted(members, key=lambda name: (-len(members[name]), name.casefold()))
    return [Topic("", name, "listing", tuple(members[name])) for name in ordered]


def _curated(
    taxonomy: Mapping[str, Sequence[str]],
    paper_clauses: Mapping[str, PaperText],
    known_aliases: dict[str, Phrase],
    library: Library,
) -> list[Topic]:
    topics = []
    for name, phrases in taxonomy.items():
        wanted = {reading for phrase in phrases for reading in _readings(phrase, known_aliases)} - {()}
        keys = [
            p.key for p in library.papers if any(_contains(paper_clauses[p.key].clauses, w) for w in wanted)
        ]
        topics.append(Topic("", name, "curated", tuple(keys), tuple(phrases)))
    return sorted(topics, key=lambda topic: (-len(topic.papers), topic.name.casefold()))


def _readings(phrase: str, known_aliases: dict[str, Phrase]) -> set[Phrase]:
    """A phrase's terms with its abbreviations read as the library defines them, and as
    written: a paper of a field that defines none of them reads them as written
    (`papershelf.indexes.phrases.Abbreviations`)."""
    return {
        tuple(term for clause in clauses(phrase, aliases) for term in clause.terms)
        for aliases in (known_aliases, {})
    }


def _phrases_of(topic: Topic, known_aliases: dict[str, Phrase]) -> set[Phrase]:
    return {reading for phrase in topic.phrases for reading in _readings(phrase, known_aliases)}


def _contains(paper: list[Clause], phrase: Phrase) -> bool:
    size = len(phrase)
    return any(
        clause.terms[i : i + size] == phrase
        for clause in paper
        if phrase[0] in clause.terms
        for i in range(len(clause.terms) - size + 1)
    )


def _discovered(
    library: Library,
    paper_clauses: Mapping[str, PaperText],
    options: TopicOptions,
    taken: set[Phrase],
    taken_slugs: set[str],
    max_topics: int,
    about: set[str],
) -> list[Topic]:
    """The subjects discovery finds, as topics; one whose slug another topic has is left out
    (a listing or taxonomy topic of that name already says it)."""
    subjects = discover_subjects(
        library,
        paper_clauses,
        taken,
        min_papers=options.min_papers,
        max_share=options.max_share,
        max_topics=max_topics,
        about=about,
    )
    topics = []
    for subject in subjects:
        slug = slugify(subject.name)
        if slug in taken_slugs:
            continue
        taken_slugs.add(slug)
        topics.append(Topic(slug, subject.name, "discovered", subject.papers, subject.variants, subject.also))
    return topics
