"""Topics discovered in the papers' text: recurring phrases that name a subject.

Finds recurring phrases (1-4 words) in titles and abstracts with the variant merging of
`papershelf.indexes.phrases`, keeps those seen in several papers but not in so many that they say
nothing (`large language model`), prefers a phrase to its own fragments (`speculative
decoding` over `speculative`), and picks a short index greedily: a phrase that is a twin of
a chosen subject (`papershelf.indexes.twins`) joins it, and a subject needs a label that names
something: not one of the commonest English words (`papershelf.indexes.commonness`), nor a word
research prose uses about anything, whose papers are hardly more alike than any two
(`papershelf.indexes.vectors.Cohesion`: `Batch`, `NVIDIA`, `Stochastic`). `papershelf.indexes.topics`
turns the subjects into topics beside the listings' and the user's own.
"""

from __future__ import annotations

import math
from bisect import bisect_left, bisect_right, insort
from collections import Counter, defaultdict
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from itertools import chain

from papershelf.indexes.commonness import common_word
from papershelf.model import Library
from papershelf.indexes.phrases import (
    GENERIC_TERMS,
    STOP_TERMS,
    Clause,
    PaperText,
    Phrase,
    clause_phrases,
    phrase_uses,
    stem,
)
from papershelf.indexes.spelling import as_written
from papershelf.indexes.twins import STEM_AT_LEAST, TWIN_JACCARD, nominalised, twin_papers, word_forms
from papershelf.indexes.vectors import Cohesion, term_bags, tf_idf

__all__ = ["MIN_COHESION", "MIN_TITLE_SHARE", "MODIFIER_SHARE", "Subject", "discover_subjects"]

MIN_COHESION = 1.45
"""How much more alike than any two papers of the library the papers of a one-word subject
must be. Measured on the example library: words that name a field 1.5-2.9 (`Compression`
1.58, `Recurrent` 1.80, `CPU` 2.05, `Disaggregated` 2.85), words papers use about anything
0.7-1.4 (`NVIDIA` 0.74, `Stochastic` 0.93, `Batch` 1.17, `Rank` 1.18, `Stream` 1.37)."""


MODIFIER_SHARE = 0.9
"""The share of a word's uses that another word follows from which the word says what kind,
not what: a one-word name gives way to the noun its papers use for the subject, if there is
one (`_Similarity.noun_form`), and names it still if not. Measured on the example and mixed
libraries, titles and abstracts: adjectives 0.92-1.00 (`Systematic` 0.92, `Agentic`,
`Disaggregated`, `Recurrent`, `Empirical` 1.00), nouns that name topics 0.17-0.83
(`Scenarios` 0.17, `Quantization` 0.27, `Compression` 0.53, `CPU` 0.67, `GPU` 0.83)."""


MIN_TITLE_SHARE = 0.15
"""The share of the papers using a single word whose titles must name it for it to name a
subject: a title says what a paper is about, while abstracts use words of research prose
about anything. In a library of one field `Cohesion` tells those apart; across fields it
cannot, since every field's prose is its own. Measured on every real file beside the
project (1,818 papers of some 150 arXiv categories): prose 0.02-0.12 (`Utilizing` 0.02,
`Leverages` 0.05, `Dataset` 0.05, `Validate` 0.06, `Empirical` 0.11, `Aligned` 0.12),
subjects 0.15-0.55 (`Spatial` 0.15, `Electron` 0.18, `Symmetry` 0.25, `Gravitational`
0.29, `Diffusion` 0.44, `Galaxies` 0.55); on the example library 0.50-0.80."""


_HEADED_IN = 2
"""Papers a phrase must be used in to name the subject of a common word it begins."""
_HEADED_SHARE = 0.3
"""... and the share of the word's papers it must be used in: a phrase in a few of them
names another subject (`Tools` in 30 papers of a mixed library, `tools developed` in 2)."""


_ADVERB_ENDINGS = ("ally", "ively", "ously", "edly", "ingly", "ently", "antly", "fully", "ely")
"""Endings of adverbs, which say how, never what (`automatically generate`, `widely used`):
no phrase that names a subject holds one (`workloads increasingly depend` is part of a
sentence). Nouns that end in `-ly` end otherwise (`anomaly`, `assembly`, `family`), and so
does `early` (`early exit`)."""
_CLAUSE_VERBS = frozenset(map(stem, "is are was were be been being has have had become became".split()))
"""Verbs that make a phrase part of a sentence, not a name (`cache is the dominant`,
`value cache has become`), as stems, since phrases are compared so (`becomes` -> `becom`)."""


@dataclass(frozen=True)
class Subject:
    """A subject found in the text: its name as abstracts spell it most, its papers in
    library order, up to four spellings that matched, and the names of its twins."""

    name: str
    papers: tuple[str, ...]
    variants: tuple[str, ...]
    also: tuple[str, ...] = ()


def _names_nothing_inside(term: str) -> bool:
    """A term no phrase naming a subject holds: one letter, an adverb, a sentence's verb."""
    return len(term) < 2 or term in _CLAUSE_VERBS or term.endswith(_ADVERB_ENDINGS)


@dataclass
class _Candidate:
    """A phrase seen in `count` papers (`in_titles` of them in the title). Which papers is
    filled in only for the candidates that survive the filters: a large library has
    hundreds of thousands of candidates, and few need more than their counts."""

    phrase: Phrase
    count: int
    in_titles: int
    texts: Mapping[str, PaperText] = field(repr=False, compare=False)
    order: Mapping[str, int] = field(repr=False, compare=False)
    """Each paper's place in the library."""
    papers: set[str] = field(default_factory=set)

    @cached_property
    def in_abstracts(self) -> Counter[str]:
        """How abstracts spell the phrase, use by use (titles capitalise every word), in
        library order, which decides ties; empty if no abstract uses it."""
        return self._spelt(in_abstracts=True)

    @cached_property
    def surfaces(self) -> Counter[str]:
        """The spellings that name the phrase: the abstracts', else (a library whose listings
        have no abstracts) the titles', never the stems it was matched by."""
        return self.in_abstracts or self._spelt(in_abstracts=False)

    def _spelt(self, in_abstracts: bool) -> Counter[str]:
        phrase, first, size = self.phrase, self.phrase[0], len(self.phrase)
        uses: list[str] = []
        for key in sorted(self.papers, key=self.order.__getitem__):
            text = self.texts[key]
            clauses = text.clauses[text.in_title :] if in_abstracts else text.clauses[: text.in_title]
            for clause in clauses:
                if first in clause.terms:  # most clauses do not hold it: no need to look closer
                    spelt = (clause.surfaces[start : start + size] for start in phrase_uses(clause, phrase))
                    uses += [" ".join(filter(None, surfaces)) for surfaces in spelt]
        return Counter(uses)

    @cached_property
    def name(self) -> str:
        """The spelling abstracts use most, capitalised like a heading."""
        name = self.surfaces.most_common(1)[0][0] if self.surfaces else " ".join(self.phrase)
        return name[:1].upper() + name[1:]

    def names_nothing(self, about: set[str], similar: _Similarity) -> bool:
        """Named by one word that says nothing of a subject, and not one the library is
        about (`about` holds the terms of its listing topics' names): one of the commonest
        English words (`Search`, `AI`), or a plain word whose papers share little else
        (`Batch`)."""
        if " " in self.name or set(self.phrase) <= about:
            return False
        if common_word(self.name):
            return True
        # Only a one-term phrase is measured: an acronym (`GPU`, `MoE`) stands for the several
        # terms of a phrase someone took the trouble to name; `CPU`, read as one term, is measured.
        return len(self.phrase) == 1 and similar.of(self) < MIN_COHESION

    @cached_property
    def modifies(self) -> bool:
        """Whether its papers use it before another word in `MODIFIER_SHARE` of its uses or
        more, titles included: an adjective (`Disaggregated LLM serving`), which no phrase
        it begins names on its own either (`Disaggregated LLM` in 4 of 8 papers; a phrase in
        most of them is chosen instead of the word, as `_without_fragments` and
        `_Group.narrows` tell). It names its subject still, unless its papers use a noun
        form of it (`_Similarity.noun_form`)."""
        uses = followed = 0
        for key in self.papers:
            for clause in self.texts[key].clauses:
                if self.phrase[0] in clause.terms:
                    for start in phrase_uses(clause, self.phrase):
                        uses += 1
                        followed += _word_at(clause, start + len(self.phrase))
        return uses > 0 and followed >= MODIFIER_SHARE * uses

    @property
    def plausible(self) -> bool:
        """May name a subject, as far as the phrase and its counts tell: no generic word at
        either end (`based`, `model`), no adverb (`automatically`) nor a verb that makes it
        part of a sentence (`is`, `has`) anywhere, no one-letter word; a single word must be
        one that several titles name (`Quantization`), and a fair share of them
        (`MIN_TITLE_SHARE`: not `Leverages`)."""
        ends = (self.phrase[0], self.phrase[-1])
        if any(term in GENERIC_TERMS or term.isdigit() for term in ends):
            return False
        if any(_names_nothing_inside(term) for term in self.phrase):
            return False
        return len(self.phrase) > 1 or self.in_titles >= max(3, MIN_TITLE_SHARE * self.count)

    @property
    def readable(self) -> bool:
        """Plausible, and a short single word is an acronym somewhere (`KV`, not `use`):
        spellings are looked up only here, where they decide."""
        if not self.plausible:
            return False
        return len(self.phrase) > 1 or len(self.phrase[0]) >= 4 or any(s.isupper() for s in self.surfaces)

    def specific(self, max_share: float, library_size: int) -> bool:
        """Not in so many papers that it says nothing; a single word must be rarer still."""
        share = max_share if len(self.phrase) > 1 else max_share / 2
        return self.count <= max(3, math.floor(share * library_size))

    @property
    def score(self) -> float:
        """Papers plus title mentions, with a premium for multi-word phrases (more specific)."""
        length = {1: 0.6, 2: 1.5}.get(len(self.phrase), 1.8)
        return (self.count + self.in_titles) * length


def discover_subjects(
    library: Library,
    paper_clauses: Mapping[str, PaperText],
    taken: set[Phrase],
    *,
    min_papers: int,
    max_share: float,
    max_topics: int,
    about: set[str],
) -> list[Subject]:
    """Up to `max_topics` subjects, the most papers first: phrases in `min_papers` papers or
    more but in no more than `max_share` of them, none of the `taken` ones (a curated
    topic's), none named by a word that says nothing of a subject unless its terms are
    `about` ones (see `_Candidate.names_nothing`)."""
    phrases_of, in_titles = _library_phrases(library, paper_clauses)
    frequent = _candidates(phrases_of, in_titles, paper_clauses, min_papers)
    size = len(library.papers)
    plausible = {  # a taken phrase is left out after its fragments are: a curated topic says them
        c.phrase: c
        for c in _without_fragments(frequent)
        if c.phrase not in taken and c.plausible and c.specific(max_share, size)
    }
    wanted = set(plausible)  # a set meets a set faster than it meets the dict's keys
    for key, phrases in phrases_of.items():
        for phrase in wanted.intersection(phrases):
            plausible[phrase].papers.add(key)
    fitting = sorted((c for c in plausible.values() if c.readable), key=lambda c: (-c.score, c.phrase))
    broad = math.floor(max_share / 2 * size)
    chosen = _choose(fitting, max_topics, broad, about, _Similarity(paper_clauses))
    return _as_subjects(chosen, library)


def _library_phrases(
    library: Library, paper_clauses: Mapping[str, PaperText]
) -> tuple[dict[str, tuple[Phrase, ...]], Counter[Phrase]]:
    """Each paper's phrases, and how many titles use each phrase. A phrase used by many
    papers is one tuple that their phrases all point to: at 10,000 papers a copy per paper
    held 85 MB, the largest part of a build's peak memory."""
    one_copy: dict[Phrase, Phrase] = {}
    phrases_of: dict[str, tuple[Phrase, ...]] = {}
    in_titles: Counter[Phrase] = Counter()
    for paper in library.papers:
        phrases, in_title = _paper_phrases(paper_clauses[paper.key])
        phrases_of[paper.key] = tuple(one_copy.setdefault(phrase, phrase) for phrase in phrases)
        in_titles.update(in_title)
    return phrases_of, in_titles


def _paper_phrases(text: PaperText) -> tuple[set[Phrase], set[Phrase]]:
    """Each phrase of the paper once, however often it uses it; and those of its title."""
    in_title = set().union(*map(clause_phrases, text.clauses[: text.in_title]))
    return in_title.union(*map(clause_phrases, text.clauses[text.in_title :])), in_title


def _candidates(
    phrases_of: Mapping[str, tuple[Phrase, ...]],
    in_titles: Counter[Phrase],
    paper_clauses: Mapping[str, PaperText],
    min_papers: int,
) -> list[_Candidate]:
    """Phrases in at least `min_papers` papers, with how many titles name them."""
    counts = Counter(chain.from_iterable(phrases_of.values()))
    order = {key: place for place, key in enumerate(phrases_of)}
    return [
        _Candidate(phrase, count, in_titles[phrase], paper_clauses, order)
        for phrase, count in counts.items()
        if count >= min_papers
    ]


def _without_fragments(candidates: list[_Candidate]) -> list[_Candidate]:
    """Drop a phrase when a longer phrase containing it covers most of its papers."""
    by_phrase = {candidate.phrase: candidate for candidate in candidates}
    fragments = set()
    for longer in candidates:
        size = len(longer.phrase)
        for length in range(1, size):
            for start in range(size - length + 1):
                part = by_phrase.get(longer.phrase[start : start + length])
                if part is not None and longer.count >= 0.7 * part.count:
                    fragments.add(part.phrase)
    return [candidate for candidate in candidates if candidate.phrase not in fragments]


def _inside(short: Phrase, long: Phrase) -> bool:
    return any(long[i : i + len(short)] == short for i in range(len(long) - len(short) + 1))


@dataclass
class _Group:
    """A chosen subject: its first candidate and the twins that joined it, most papers
    and title mentions first, with all their papers."""

    members: list[_Candidate]
    papers: set[str]

    def takes(self, candidate: _Candidate) -> bool:
        """A twin: nearly the same papers, or its words are forms of a member's, in the
        same order or `nominalised` where a paper names the subject both ways (`Simulated
        annealing` and `Annealing simulation` name two subjects that no paper may join)."""
        return twin_papers(candidate.papers, self.papers) or any(
            word_forms(candidate.phrase, member.phrase)
            or (
                _forms_key(candidate.phrase) == _forms_key(member.phrase)
                and not candidate.papers.isdisjoint(member.papers)
                and nominalised(candidate.name, member.name)
            )
            for member in self.members
        )

    def narrows(self, candidate: _Candidate) -> bool:
        """A phrase inside a member's, or holding one, for mostly the same papers
        (`KV cache compression` beside `KV cache`): no subject of its own."""
        return any(
            (_inside(candidate.phrase, m.phrase) or _inside(m.phrase, candidate.phrase))
            and len(candidate.papers & m.papers) >= 0.5 * len(candidate.papers)
            for m in self.members
        )

    def label(self, about: set[str], similar: _Similarity) -> _Candidate | None:
        """The member to name it by: the first one whose name says something, or the noun
        its papers use for it if it is an adjective (`Disaggregated` gives way to
        `Disaggregation`); else the phrase that the first member, a single common word,
        heads most often (`Energy` gives way to `Energy consumption`), naming the same
        papers."""
        named = next((m for m in self.members if not m.names_nothing(about, similar)), None)
        first = self.members[0]
        if named is None and len(first.phrase) == 1 and common_word(first.name):
            return similar.headed_by(first)
        return None if named is None else similar.noun_form(named) or named


class _Similarity:
    """The cohesion of candidates' papers (`papershelf.indexes.vectors.Cohesion`), each measured
    once; the papers' TF-IDF vectors are made when a one-word name is first judged."""

    def __init__(self, texts: Mapping[str, PaperText]) -> None:
        self.texts = texts
        self.measured: dict[Phrase, float] = {}
        self.headings: dict[Phrase, _Candidate | None] = {}
        self.nouns: dict[Phrase, _Candidate | None] = {}

    @cached_property
    def cohesion(self) -> Cohesion:
        return Cohesion(tf_idf(term_bags(self.texts))[0])

    def headed_by(self, word: _Candidate) -> _Candidate | None:
        """The two-word phrase `word` heads in the most of its papers (at least
        `_HEADED_IN` of them), spelled as their abstracts spell it; looked for once."""
        if word.phrase not in self.headings:
            self.headings[word.phrase] = self._headed_by(word)
        return self.headings[word.phrase]

    def _headed_by(self, word: _Candidate) -> _Candidate | None:
        users: dict[Phrase, set[str]] = {}
        for key in word.papers:
            for clause in self.texts[key].clauses:
                for start in phrase_uses(clause, word.phrase):
                    if _names_after(clause, start + 1):
                        users.setdefault(clause.terms[start : start + 2], set()).add(key)
        ranked = sorted(users.items(), key=lambda item: (-len(item[1]), item[0]))
        for phrase, keys in ranked:
            if len(keys) < max(_HEADED_IN, _HEADED_SHARE * len(word.papers)):
                break
            heading = _Candidate(phrase, len(keys), 0, word.texts, word.order, keys)
            if heading.in_abstracts:
                return heading
        return None

    def noun_form(self, word: _Candidate) -> _Candidate | None:
        """For a word that says what kind only (`_Candidate.modifies`: `Disaggregated`), the
        form of it that its papers use as a noun, at the end of a phrase, in at least
        `_HEADED_IN` of them (`disaggregation`), unless a common word (`Agents`) or an adverb;
        the form used in most papers, spelled as abstracts spell it; looked for once."""
        if len(word.phrase) != 1 or not word.modifies:
            return None
        if word.phrase not in self.nouns:
            self.nouns[word.phrase] = self._noun_form(word)
        return self.nouns[word.phrase]

    def _noun_form(self, word: _Candidate) -> _Candidate | None:
        """Each paper's own words are looked at before its clauses: only the few papers that
        have a form of the word need reading (scanning every word of the papers cost 0.5 s
        at 10,000 papers)."""
        stem = word.phrase[0]
        users: dict[str, set[str]] = {}
        for key in word.papers:
            text = self.texts[key]
            forms = [
                term
                for term in text.content_terms
                if term.startswith(stem[:STEM_AT_LEAST])
                and term != stem
                and word_forms((term,), word.phrase)
                and not term.endswith(_ADVERB_ENDINGS)
            ]
            for term in forms:
                for clause in text.clauses:
                    if term in clause.terms and any(
                        not _word_at(clause, at + 1) for at in phrase_uses(clause, (term,))
                    ):
                        users.setdefault(term, set()).add(key)
                        break
        for term, keys in sorted(users.items(), key=lambda item: (-len(item[1]), item[0])):
            if len(keys) < _HEADED_IN:
                break
            form = _Candidate((term,), len(keys), 0, word.texts, word.order, keys)
            if form.in_abstracts and not common_word(form.name):
                return form
        return None

    def of(self, candidate: _Candidate) -> float:
        """How much more alike the candidate's papers are than any two, its own words aside."""
        if candidate.phrase not in self.measured:
            self.measured[candidate.phrase] = self.cohesion.of(candidate.papers, candidate.phrase)
        return self.measured[candidate.phrase]


def _choose(
    ranked: list[_Candidate], max_topics: int, broad: int, about: set[str], similar: _Similarity
) -> list[tuple[_Group, _Candidate]]:
    """Subjects taken greedily in rank order until `max_topics` have a label, each with its
    label; a twin joins the subject it is a twin of. A phrase narrowing a subject of more
    than `broad` papers is a subject of its own while the index has room (`GPU kernels`
    beside `GPU`, which a fifth of the papers name). A subject of common words only
    (`Agents`) is kept while choosing, since a later twin may name it (`Agentic`), and left
    out if none does."""
    chosen = _Chosen()
    labelled = 0  # groups with a label; a group gains one only when a member joins
    for candidate in ranked:
        if labelled >= max_topics:
            break
        twin = chosen.twin_of(candidate)
        if twin is not None:
            unlabelled = twin.label(about, similar) is None
            chosen.join(twin, candidate)
            labelled += unlabelled and twin.label(about, similar) is not None
        elif all(
            len(group.papers) > broad and _splits(candidate, similar) for group in chosen.narrowed(candidate)
        ):
            group = _Group([candidate], set(candidate.papers))
            chosen.add(group)
            labelled += group.label(about, similar) is not None
    named = ((group, group.label(about, similar)) for group in chosen.groups)
    return [(group, label) for group, label in named if label is not None]


def _forms_key(phrase: Phrase) -> Phrase:
    """What a phrase shares with each of its `word_forms`: every word's first
    `STEM_AT_LEAST` letters (a form of a word is the word, or it begins with the whole of
    a stem at least that long), in the order of the alphabet, since the words of a
    `nominalised` form come the other way round."""
    return tuple(sorted(word[:STEM_AT_LEAST] for word in phrase))


class _Chosen:
    """The groups chosen so far, in the order chosen, indexed so that a candidate is
    compared only with the groups that may take or narrow it, not with every group: a
    twin's paper set is near its own in size (`twin_papers`), a twin's words are forms of
    its own (`_forms_key`), and a narrowed phrase shares a word with it. The first group
    that takes a candidate is the one the plain scan in choice order would find."""

    def __init__(self) -> None:
        self.groups: list[_Group] = []
        self._place: dict[int, int] = {}  # id of a group -> its place in `groups`
        self._sizes: list[tuple[int, int]] = []  # (papers, place), sorted
        self._by_forms: dict[Phrase, set[int]] = defaultdict(set)
        self._by_word: dict[str, set[int]] = defaultdict(set)

    def add(self, group: _Group) -> None:
        place = len(self.groups)
        self.groups.append(group)
        self._place[id(group)] = place
        insort(self._sizes, (len(group.papers), place))
        self._index(group.members[0], place)

    def join(self, group: _Group, candidate: _Candidate) -> None:
        place = self._place[id(group)]
        self._sizes.remove((len(group.papers), place))
        group.members.append(candidate)
        group.papers |= candidate.papers
        insort(self._sizes, (len(group.papers), place))
        self._index(candidate, place)

    def _index(self, member: _Candidate, place: int) -> None:
        self._by_forms[_forms_key(member.phrase)].add(place)
        for word in member.phrase:
            self._by_word[word].add(place)

    def twin_of(self, candidate: _Candidate) -> _Group | None:
        """The first group that takes the candidate, if any."""
        size = len(candidate.papers)
        # a twin's size is within TWIN_JACCARD of the candidate's: a margin of one paper
        # each way keeps float rounding out of the question, `takes` decides
        low = bisect_left(self._sizes, (math.floor(size * TWIN_JACCARD) - 1, -1))
        high = bisect_right(self._sizes, (math.ceil(size / TWIN_JACCARD) + 1, len(self.groups)))
        places = {place for _, place in self._sizes[low:high]}
        places |= self._by_forms.get(_forms_key(candidate.phrase), set())
        return next((self.groups[p] for p in sorted(places) if self.groups[p].takes(candidate)), None)

    def narrowed(self, candidate: _Candidate) -> Iterator[_Group]:
        """The groups the candidate narrows, in the order chosen."""
        places = set().union(*(self._by_word.get(word, ()) for word in candidate.phrase))
        return (self.groups[p] for p in sorted(places) if self.groups[p].narrows(candidate))


def _word_at(clause: Clause, at: int) -> bool:
    """Whether a word of its own, not a function word, is at `at` of the clause."""
    return at < len(clause.terms) and bool(clause.surfaces[at]) and clause.terms[at] not in STOP_TERMS


def _names_after(clause: Clause, at: int) -> bool:
    """Whether the word at `at` may end a phrase naming something (`consumption`, not
    `the` nor `efficiency`): `clause_phrases`' end rule, and no generic word, there or next:
    `large language` ends nothing in `large language models`."""
    terms, surfaces = clause.terms, clause.surfaces
    return (
        _word_at(clause, at)
        and (at + 1 == len(terms) or (bool(surfaces[at + 1]) and terms[at + 1] not in GENERIC_TERMS))
        and terms[at] not in GENERIC_TERMS
    )


def _splits(candidate: _Candidate, similar: _Similarity) -> bool:
    """Whether a phrase narrowing a broad subject names a field of its own: abstracts spell
    it, its last word is not a common one (`GPU memory`), and its papers are as alike as a
    one-word subject's must be (`GPU kernels` 1.50; `KV cache compression` 1.00)."""
    return (
        bool(candidate.in_abstracts)
        and not common_word(candidate.name.rsplit(" ", 1)[-1])
        and similar.of(candidate) >= MIN_COHESION
    )


def _as_subjects(chosen: list[tuple[_Group, _Candidate]], library: Library) -> list[Subject]:
    """The chosen subjects, the most papers first, each named and its papers in library order."""
    order = {paper.key: index for index, paper in enumerate(library.papers)}
    subjects = []
    for group, label in sorted(chosen, key=lambda pair: (-len(pair[0].papers), pair[1].phrase)):
        others = dict.fromkeys(m.name for m in group.members if m.name.casefold() != label.name.casefold())
        papers = [library.by_key[key] for key in sorted(label.papers, key=order.__getitem__)]
        where = (
            (paper.abstract for paper in papers) if label.in_abstracts else (paper.title for paper in papers)
        )
        subjects.append(
            Subject(
                as_written(label.name, where),
                tuple(sorted(group.papers, key=order.__getitem__)),
                tuple(surface for surface, _ in label.surfaces.most_common(4)),
                tuple(others),
            )
        )
    return subjects
