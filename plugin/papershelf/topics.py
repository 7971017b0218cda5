"""Topics: the listings' own topic lines, topics discovered in the papers' text, and a user
taxonomy that adds or overrides them.

Discovery finds recurring phrases (1-4 words) in titles and abstracts with the variant
merging of `papershelf.phrases`, keeps those seen in several papers but not in so many
that they say nothing (`large language model`), prefers a phrase to its own fragments
(`speculative decoding` over `speculative`), and picks a short index greedily, skipping
phrases whose papers are nearly the same set as an already chosen topic's.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property

from papershelf.model import Library, Paper
from papershelf.phrases import GENERIC_TERMS, STOP_WORDS, Corpus, PaperText, Token, clauses
from papershelf.slugs import slugify

__all__ = ["Topic", "TopicIndex", "TopicOptions", "index_topics"]

Phrase = tuple[str, ...]


@dataclass(frozen=True)
class TopicOptions:
    """How topics are found; `taxonomy` maps a topic name to the phrases that define it."""

    discover: bool = True
    min_papers: int = 3
    max_share: float = 0.35
    max_topics: int = 40
    taxonomy: Mapping[str, Sequence[str]] = field(default_factory=dict)


@dataclass(frozen=True)
class Topic:
    """A topic's page data. `kind` is `listing`, `curated` or `discovered`; `phrases` are the
    variants that matched, as written in the papers."""

    slug: str
    name: str
    kind: str
    papers: tuple[str, ...]
    phrases: tuple[str, ...] = ()


@dataclass(frozen=True)
class TopicIndex:
    """All topics, largest first within each kind, and each paper's topics."""

    topics: tuple[Topic, ...]
    by_paper: Mapping[str, tuple[Topic, ...]]

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
    known_aliases, paper_clauses = corpus.aliases, corpus.texts
    curated = _curated(options.taxonomy, paper_clauses, known_aliases, library)
    discovered: list[Topic] = []
    if options.discover:
        taken = {phrase for topic in curated for phrase in _phrases_of(topic, known_aliases)}
        discovered = _discover(library, paper_clauses, options, taken, {t.slug for t in curated})
    topics = (*_listing_topics(library), *curated, *discovered)
    by_paper: dict[str, list[Topic]] = {paper.key: [] for paper in library.papers}
    for topic in topics:
        for key in topic.papers:
            by_paper[key].append(topic)
    return TopicIndex(topics, {key: tuple(found) for key, found in by_paper.items()})


def _listing_topics(library: Library) -> list[Topic]:
    members: dict[str, list[str]] = {}
    for paper in library.papers:
        for name in paper.topics:
            members.setdefault(name, []).append(paper.key)
    ordered = sorted(members, key=lambda name: (-len(members[name]), name.casefold()))
    return [Topic(slugify(name), name, "listing", tuple(members[name])) for name in ordered]


def _curated(
    taxonomy: Mapping[str, Sequence[str]],
    paper_clauses: Mapping[str, PaperText],
    known_aliases: dict[str, Phrase],
    library: Library,
) -> list[Topic]:
    topics = []
    for name, phrases in taxonomy.items():
        wanted = {_terms(phrase, known_aliases) for phrase in phrases} - {()}
        keys = [
            p.key for p in library.papers if any(_contains(paper_clauses[p.key].clauses, w) for w in wanted)
        ]
        topics.append(Topic(slugify(name), name, "curated", tuple(keys), tuple(phrases)))
    return sorted(topics, key=lambda topic: (-len(topic.papers), topic.name.casefold()))


def _terms(phrase: str, known_aliases: dict[str, Phrase]) -> Phrase:
    return tuple(token.term for clause in clauses(phrase, known_aliases) for token in clause)


def _phrases_of(topic: Topic, known_aliases: dict[str, Phrase]) -> set[Phrase]:
    return {_terms(phrase, known_aliases) for phrase in topic.phrases}


def _contains(paper: list[list[Token]], phrase: Phrase) -> bool:
    size = len(phrase)
    return any(
        tuple(token.term for token in clause[i : i + size]) == phrase
        for clause in paper
        for i in range(len(clause) - size + 1)
    )


@dataclass
class _Candidate:
    phrase: Phrase
    texts: Mapping[str, PaperText] = field(repr=False, compare=False)
    papers: set[str] = field(default_factory=set)
    in_titles: set[str] = field(default_factory=set)

    @cached_property
    def surfaces(self) -> Counter[str]:
        """How abstracts spell the phrase, use by use (titles capitalise every word); in
        library order, which decides ties."""
        surfaces: Counter[str] = Counter()
        size = len(self.phrase)
        for key, text in self.texts.items():
            if key not in self.papers:
                continue
            for clause in text.clauses[text.in_title :]:
                for start in _uses(clause, self.phrase):
                    surfaces[" ".join(t.surface for t in clause[start : start + size] if t.surface)] += 1
        return surfaces

    @property
    def readable(self) -> bool:
        """Names a subject: no generic word at either end (`based`, `model`), no one-letter
        word; a single word must be one that several titles name (`Quantization`)."""
        ends = (self.phrase[0], self.phrase[-1])
        if any(term in GENERIC_TERMS or term.isdigit() for term in ends):
            return False
        if any(len(term) < 2 for term in self.phrase):
            return False
        if len(self.phrase) == 1:  # spellings only looked up where they decide
            if len(self.in_titles) < 3:
                return False
            return len(self.phrase[0]) >= 4 or any(surface.isupper() for surface in self.surfaces)
        return True

    def specific(self, max_share: float, library_size: int) -> bool:
        """Not in so many papers that it says nothing; a single word must be rarer still."""
        share = max_share if len(self.phrase) > 1 else max_share / 2
        return len(self.papers) <= max(3, math.floor(share * library_size))

    @property
    def score(self) -> float:
        """Papers plus title mentions, with a premium for multi-word phrases (more specific)."""
        length = {1: 0.6, 2: 1.5}.get(len(self.phrase), 1.8)
        return (len(self.papers) + len(self.in_titles)) * length


def _discover(
    library: Library,
    paper_clauses: Mapping[str, PaperText],
    options: TopicOptions,
    taken: set[Phrase],
    taken_slugs: set[str],
) -> list[Topic]:
    frequent = [
        c
        for c in _candidates(library.papers, paper_clauses, options.min_papers).values()
        if c.phrase not in taken
    ]
    size = len(library.papers)
    fitting = [c for c in _without_fragments(frequent) if c.readable and c.specific(options.max_share, size)]
    chosen: list[_Candidate] = []
    for candidate in sorted(fitting, key=lambda c: (-c.score, c.phrase)):
        if len(chosen) >= options.max_topics:
            break
        if not any(_same_subject(candidate, other) for other in chosen):
            chosen.append(candidate)
    return _as_topics(chosen, library, taken_slugs)


def _candidates(
    papers: Iterable[Paper], paper_clauses: Mapping[str, PaperText], min_papers: int
) -> dict[Phrase, _Candidate]:
    """Phrases in at least `min_papers` papers. One pass collects each paper's phrases (each
    paper counts a phrase once, however often it uses it); the papers of the survivors come
    from those sets, title mentions from the titles alone. How abstracts spell a phrase is
    looked up later, for the few candidates that need it (`_Candidate.surfaces`)."""
    papers = list(papers)
    counts: Counter[Phrase] = Counter()
    phrases_of: dict[str, set[Phrase]] = {}
    for paper in papers:
        phrases = {phrase for clause in paper_clauses[paper.key].clauses for phrase, _, _ in _ngrams(clause)}
        phrases_of[paper.key] = phrases
        counts.update(phrases)
    found = {
        phrase: _Candidate(phrase, paper_clauses) for phrase, count in counts.items() if count >= min_papers
    }
    for paper in papers:
        for phrase in phrases_of.pop(paper.key) & found.keys():
            found[phrase].papers.add(paper.key)
        text = paper_clauses[paper.key]
        for clause in text.clauses[: text.in_title]:
            for phrase, _, _ in _ngrams(clause):
                if phrase in found:
                    found[phrase].in_titles.add(paper.key)
    return found


def _ngrams(clause: list[Token], longest: int = 4) -> Iterator[tuple[Phrase, int, int]]:
    """(phrase, start, size) of phrases that may name a subject: no stop word at either end,
    never starting or ending inside an expanded abbreviation."""
    terms = [token.term for token in clause]
    opens = [bool(token.surface) and token.term not in STOP_WORDS for token in clause]
    closes = [token.term not in STOP_WORDS for token in clause]
    count = len(clause)
    for start in range(count):
        if not opens[start]:
            continue
        for size in range(1, min(longest, count - start) + 1):
            end = start + size
            if closes[end - 1] and (end == count or clause[end].surface):
                yield tuple(terms[start:end]), start, size


def _uses(clause: list[Token], phrase: Phrase) -> Iterator[int]:
    """Where `_ngrams` would yield `phrase` in the clause."""
    size, count = len(phrase), len(clause)
    for start in range(count - size + 1):
        first = clause[start]
        if first.term != phrase[0] or not first.surface or first.term in STOP_WORDS:
            continue
        end = start + size
        if clause[end - 1].term in STOP_WORDS or (end < count and not clause[end].surface):
            continue
        if all(clause[start + offset].term == term for offset, term in enumerate(phrase)):
            yield start


def _without_fragments(candidates: list[_Candidate]) -> list[_Candidate]:
    """Drop a phrase when a longer phrase containing it covers most of its papers."""
    by_phrase = {candidate.phrase: candidate for candidate in candidates}
    fragments = set()
    for longer in candidates:
        size = len(longer.phrase)
        for length in range(1, size):
            for start in range(size - length + 1):
                part = by_phrase.get(longer.phrase[start : start + length])
                if part is not None and len(longer.papers) >= 0.7 * len(part.papers):
                    fragments.add(part.phrase)
    return [candidate for candidate in candidates if candidate.phrase not in fragments]


def _inside(short: Phrase, long: Phrase) -> bool:
    return any(long[i : i + len(short)] == short for i in range(len(long) - len(short) + 1))


def _same_subject(candidate: _Candidate, chosen: _Candidate) -> bool:
    """Near-identical paper sets, or one phrase inside the other with a large overlap."""
    overlap = len(candidate.papers & chosen.papers)
    union = len(candidate.papers | chosen.papers)
    nested = _inside(candidate.phrase, chosen.phrase) or _inside(chosen.phrase, candidate.phrase)
    return overlap / union >= 0.8 or (nested and overlap >= 0.5 * len(candidate.papers))


def _as_topics(chosen: list[_Candidate], library: Library, taken_slugs: set[str]) -> list[Topic]:
    order = {paper.key: index for index, paper in enumerate(library.papers)}
    topics = []
    for candidate in sorted(chosen, key=lambda c: (-len(c.papers), c.phrase)):
        name = _display_name(candidate.surfaces, candidate.phrase)
        slug = slugify(name)
        if slug in taken_slugs:
            continue
        taken_slugs.add(slug)
        papers = tuple(sorted(candidate.papers, key=order.__getitem__))
        variants = tuple(surface for surface, _ in candidate.surfaces.most_common(4))
        topics.append(Topic(slug, name, "discovered", papers, variants))
    return topics


def _display_name(surfaces: Counter[str], phrase: Phrase) -> str:
    """The spelling abstracts use most, capitalised like a heading."""
    name = surfaces.most_common(1)[0][0] if surfaces else " ".join(phrase)
    return name[:1].upper() + name[1:]
