"""Words and phrases of paper text, normalised so that spelling variants meet.

Shared by topic discovery and related papers. Three normalisations make variants one term:

* case and hyphenation: `KV-cache`, `KV cache` and `kv cache` are the same tokens;
* light stemming: plurals and verb forms (`caches`, `quantized`, `quantization`) share a stem,
  so that a phrase matches however a paper inflects it;
* aliases that abstracts define themselves: `key-value (KV) cache` and
  `Mixture-of-Experts (MoE)` teach that `KV` means `key value` and `MoE` means
  `mixture of experts`, so `KV cache` and `key-value cache` become one phrase; in the
  papers of the fields whose papers define them (`Abbreviations`).

`clause_phrases` gives the phrases a clause offers topic discovery, `phrase_uses` where a
phrase is used.
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from itertools import compress
from typing import NamedTuple

from papershelf.indexes.arxiv_categories import field_of
from papershelf.model import SOURCES, Paper
from papershelf.text.rules import STOP_WORDS, split_math, split_words

__all__ = [
    "GENERIC_TERMS",
    "STOP_TERMS",
    "Abbreviations",
    "Clause",
    "Corpus",
    "Fields",
    "PaperText",
    "Phrase",
    "clause_phrases",
    "clauses",
    "phrase_uses",
    "stem",
]

# Words so common in computing papers that they name no subject on their own; compared as
# stems, so every inflection is covered.
_GENERIC_WORDS = """
    model models method approach result paper propose proposed show work performance efficient
    efficiency system based new novel existing study use using achieve improve reduce increase
    significant framework task data time cost state art first two three one four
    five each demonstrate evaluate compare provide present introduce enable challenge problem
    solution perform design implement outperform baseline speedup typical recent current various
    different multiple single end trade off level scale fast lower higher better best critical
    important practical real world setting wide range impact effect analysis gap limit however
    also further often while across over under up many most make allow require remain lead need
    both well even still thus overall total number set technique consider several specific
    general common open code available experiment experimental extensive benchmark accuracy
    quality prior previous able way due order case form given full aware modern multi
    constrained scaled scaling driven oriented grained style agnostic free friendly centric
    enhance accelerate effective effectively fundamental emerging promising substantial
    consistent identify explore investigate address maintain preserve support capture target
    deliver offer observe find latency throughput workload architecture layer optimization
    optimize device depth adaptive hybrid dynamic scalable parallel distributed execution
    computation overhead strategy mechanism component process structure pattern operation
    fine pre post non self cross co semi sub inter intra
    """
_CLAUSE_BREAK = re.compile(r"[.;:!?,()\[\]\u2013\u2014\u2026\"“”]+(?:\s|$)|[()\[\]\"“”]")
_MACRO = re.compile(r"\\[A-Za-z]+")
_SPACE = re.compile(r"\s")
_NEAR = 200  # characters before a definition that hold its long form, nearly always
_WEB_ADDRESS = re.compile(
    r"(?:https?://|www\.)\S+|\b(?:[a-z0-9-]+\.)+(?:com|org|net|edu|io|ai|dev)\b(?:/\S*)?"
)
"""A web address in an abstract (`https://github.com/...`, `user.github.io/project`): where
the code is, not what the paper is about (`Https github com` was a topic of real files)."""
_DEFINITION = re.compile(r"\(([A-Z][A-Za-z0-9]*[A-Z][a-z]?s?|[A-Z]{2,}s?)\)")
_SUFFIXES = (
    ("izations", "iz"),
    ("ization", "iz"),
    ("izing", "iz"),
    ("ized", "iz"),
    ("izes", "iz"),
    ("ize", "iz"),
    ("ings", ""),
    ("ing", ""),
    ("ies", "y"),
    ("ied", "y"),
    ("sses", "ss"),
    ("ed", ""),
)
_ACRONYM_PLURAL = re.compile(r"[A-Z][A-Z0-9]*[A-Z0-9]s")


Phrase = tuple[str, ...]
"""Terms in order: a phrase as variants share it (`("kv", "cach")`)."""


class Clause(NamedTuple):
    """A clause's words as written (`surfaces`) and the forms that variants share
    (`terms`), position by position. A defined abbreviation stands for its long form's
    terms; its later terms have the surface `""`. Two tuples per clause rather than an
    object per word: a large library has millions of words."""

    surfaces: tuple[str, ...]
    terms: tuple[str, ...]


@functools.lru_cache(maxsize=1 << 17)
def stem(word: str) -> str:
    """A conservative stem: enough to merge inflections (`cache`, `caches`, `caching` ->
    `cach`), never shown to readers.

    `GPUs`, `LLMs` and `TMs` lose their plural `s` (an upper-case acronym plus `s`); other
    words of four letters or fewer, and words with digits, stay as they are.
    """
    if _ACRONYM_PLURAL.fullmatch(word):
        word = word[:-1]
    word = word.lower()
    if len(word) <= 4 or not word.isalpha():
        return word
    for suffix, replacement in _SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 4:
            return (word[: -len(suffix)] + replacement).removesuffix("e")
    if word.endswith("s") and not word.endswith(("ss", "us", "is")):
        word = word[:-1]
    return word.removesuffix("e") if len(word) > 4 else word


GENERIC_TERMS = frozenset(stem(word) for word in _GENERIC_WORDS.split())

STOP_TERMS = STOP_WORDS | frozenset(map(stem, STOP_WORDS)) | {"et", "al"}
"""The stop words as clauses hold them, stems: `these` is `thes` there, and a mixed library
of real files had `These issues` and `To address these` among its topics until phrases
were checked against stems. And a citation's `et al.`, which was a topic there too."""


def _words(text: str) -> Iterator[str]:
    """Words of the text outside math; LaTeX macro names are not words."""
    for is_math, run in split_math(text):
        if not is_math:
            yield from _plain_words(run)


def _plain_words(text: str) -> list[str]:
    """The words of math-free text; LaTeX macro names are not words (most text has none)."""
    return split_words(_MACRO.sub(" ", text) if "\\" in text else text)


Fields = frozenset[str]
"""The fields of the listing topics a paper was saved under, but sources
(`papershelf.model.SOURCES`): arXiv archives (`hep-th`, `astro-ph`, `cs`) or the topics
themselves; none when its listings name no subject."""


@dataclass(frozen=True)
class Abbreviations:
    """The abbreviations the papers define (`moe` -> mixture of expert), each with the fields
    of the papers that define it. An abbreviation means different things in different fields
    (`GPT` is a generalized probabilistic theory in quantum physics, `RGB` the red giant
    branch in astrophysics), so a paper that uses one without defining it reads it as the
    papers of its own fields define it, and not at all when only other fields do."""

    defined: dict[str, Counter[tuple[Phrase, Fields]]]
    """Each abbreviation's long forms, with the fields of the papers that gave each."""
    _by_fields: dict[Fields, dict[str, Phrase]] = field(default_factory=dict, repr=False, compare=False)

    @classmethod
    def of(cls, texts: Iterable[tuple[str, Fields]]) -> Abbreviations:
        """`long form (ABBR)` counts when the initials of the words before the parenthesis
        spell the abbreviation."""
        defined: dict[str, Counter[tuple[Phrase, Fields]]] = {}
        for text, fields in texts:
            for match in _DEFINITION.finditer(text):
                abbreviation = match.group(1)
                long_form = _long_form(abbreviation, _last_words(text, match.start()))
                if long_form:
                    defined.setdefault(stem(abbreviation), Counter())[long_form, fields] += 1
        return cls(defined)

    @functools.cached_property
    def everywhere(self) -> dict[str, Phrase]:
        """Each abbreviation's most frequent long form in the whole library: how a topic's
        name or a taxonomy phrase is read, which belong to no field."""
        return self._read_in(None)

    def in_fields(self, fields: Fields) -> dict[str, Phrase]:
        """The long forms a paper of these fields reads: those defined by papers of one of
        its fields or of no field. A paper of no field reads every abbreviation as the
        library does (`everywhere`): nothing says it belongs elsewhere."""
        if not fields:
            return self.everywhere
        if fields not in self._by_fields:
            self._by_fields[fields] = self._read_in(fields)
        return self._by_fields[fields]

    def _read_in(self, fields: Fields | None) -> dict[str, Phrase]:
        """Each abbreviation's long form that the most definitions give, counting those of
        papers of one of `fields` or of no field (all of them for `None`); a tie goes to
        the one defined first."""
        read: dict[str, Phrase] = {}
        for abbreviation, forms in self.defined.items():
            counts: Counter[Phrase] = Counter()
            for (long_form, where), count in forms.items():
                if fields is None or not where or where & fields:
                    counts[long_form] += count
            if counts:
                read[abbreviation] = counts.most_common(1)[0][0]
        return read


def _last_words(text: str, end: int, count: int = 8) -> list[str]:
    """The last `count` words of `_words(text[:end])`, read from the stretch of text just
    before `end` when that gives the same words: it starts after a space (no word or
    macro runs across it) and holds no `$` (so no math begins or ends in it). Reading the
    whole text before every definition made this quadratic in the abstract's length."""
    space = _SPACE.search(text, end - _NEAR, end) if end > _NEAR else None
    if space is not None:
        near = text[space.end() : end]
        if "$" not in near:
            words = _plain_words(near)
            if len(words) >= count:
                return words[-count:]
    return list(_words(text[:end]))[-count:]


def _long_form(abbreviation: str, before: list[str]) -> Phrase | None:
    """The words before `(ABBR)` whose initials spell it: all letters (`MoE`: mixture of
    experts) or its capitals only (`LoRA`: low-rank adaptation)."""
    bare = abbreviation.removesuffix("s")
    spellings = {bare.lower(), "".join(char for char in bare if char.isupper()).lower()}
    for size in range(2, min(len(before), len(bare) + 2) + 1):
        words = before[len(before) - size :]
        initials = "".join(word[0].lower() for word in words)
        skipped = "".join(word[0].lower() for word in words if word.lower() not in STOP_WORDS)
        if spellings & {initials, skipped}:
            return tuple(stem(word) for word in words)
    return None


def clauses(text: str, known_aliases: dict[str, Phrase]) -> list[Clause]:
    """The text's clauses: phrases never run across punctuation (`cache. Speculative`). The
    parenthesised definitions themselves (`(KV)`) are dropped so they do not count twice, and
    web addresses are breaks between clauses."""
    text = _WEB_ADDRESS.sub(", ", _DEFINITION.sub(" ", text))
    pieces = (
        _clause(piece, known_aliases)
        for is_math, run in split_math(text)
        if not is_math
        for piece in _CLAUSE_BREAK.split(run)
    )
    return [piece for piece in pieces if piece.terms]


def _clause(piece: str, known_aliases: dict[str, Phrase]) -> Clause:
    """A math-free clause; a defined abbreviation expands to its long form's terms."""
    words = _plain_words(piece)
    terms = list(map(stem, words))
    if known_aliases.keys().isdisjoint(terms):
        return Clause(tuple(words), tuple(terms))
    surfaces: list[str] = []
    expanded: list[str] = []
    for word, term in zip(words, terms, strict=True):
        expansion = known_aliases.get(term)
        if expansion and _written_as_abbreviation(word):
            surfaces += [word] + [""] * (len(expansion) - 1)
            expanded += expansion
        else:
            surfaces.append(word)
            expanded.append(term)
    return Clause(tuple(surfaces), tuple(expanded))


def clause_phrases(clause: Clause) -> list[Phrase]:
    """The clause's phrases of 1 to 4 words that may name a subject: no stop word at either
    end, never starting or ending inside an expanded abbreviation (a word with no surface
    of its own). The hottest loop of topic discovery, hence the flags computed once per
    word and the four lengths written out."""
    terms, surfaces = clause.terms, clause.surfaces
    content = [term not in STOP_TERMS for term in terms]
    # may_end[i]: a phrase may end with word i: the next word has a surface of its own,
    # or there is none (the stand-in "-")
    next_surfaces = (*surfaces[1:], "-")[: len(terms)]
    may_end = [word and bool(surface) for word, surface in zip(content, next_surfaces, strict=True)]
    may_end += _PAST_THE_END
    found: list[Phrase] = []
    for start, first in enumerate(content):
        if first and surfaces[start]:
            if may_end[start]:
                found.append(terms[start : start + 1])
            if may_end[start + 1]:
                found.append(terms[start : start + 2])
            if may_end[start + 2]:
                found.append(terms[start : start + 3])
            if may_end[start + 3]:
                found.append(terms[start : start + 4])
    return found


_PAST_THE_END = (False,) * 3  # so that no bound needs checking


def phrase_uses(clause: Clause, phrase: Phrase) -> Iterator[int]:
    """Where in the clause `clause_phrases` finds `phrase`: the starts of its uses."""
    terms, surfaces = clause.terms, clause.surfaces
    if phrase[0] in STOP_TERMS or phrase[-1] in STOP_TERMS:
        return
    size, count = len(phrase), len(terms)
    start = -1
    while (start := _find(terms, phrase[0], start + 1, max(0, count - size + 1))) >= 0:
        end = start + size
        if terms[start:end] == phrase and surfaces[start] and (end == count or surfaces[end]):
            yield start


def _written_as_abbreviation(word: str) -> bool:
    """An abbreviation has a capital after its first letter (`KV`, `MoE`, `LoRA`, `GPUs`); a
    word that only begins with one starts a sentence or a title's word (`To`, `Search`),
    and a mixed library of real files read every `To` as a `(TO)` one paper defined."""
    return any(char.isupper() for char in word[1:])


def _find(terms: tuple[str, ...], term: str, start: int, stop: int) -> int:
    """Where `term` next occurs in `terms[start:stop]` (looked for in C), or -1."""
    try:
        return terms.index(term, start, stop)
    except ValueError:
        return -1


@dataclass(frozen=True)
class PaperText:
    """A paper's clauses, title first; the first `in_title` clauses are the title's."""

    clauses: list[Clause]
    in_title: int

    @functools.cached_property
    def content_terms(self) -> Counter[str]:
        """The terms that say something about the paper, title terms twice: what its TF-IDF
        vector is made of (`papershelf.indexes.vectors`), counted once for topic discovery and
        related papers alike. Words are counted by `Counter.update` over filtered
        iterators: this runs for every word of the library."""
        bag: Counter[str] = Counter()
        for index, clause in enumerate(self.clauses):
            words = list(filter(_content, compress(clause.terms, clause.surfaces)))
            bag.update(words)
            if index < self.in_title:
                bag.update(words)
        return bag


@functools.lru_cache(maxsize=1 << 17)
def _content(term: str) -> bool:
    """A term that says something about a paper (cached: asked for every word)."""
    return len(term) > 2 and term not in STOP_TERMS and term not in GENERIC_TERMS and not term.isdigit()


@dataclass(frozen=True)
class Corpus:
    """Every paper's text, tokenised once for topics and related papers alike."""

    abbreviations: Abbreviations
    texts: dict[str, PaperText]
    by_source: dict[tuple[str, str, Fields], PaperText] = field(
        default_factory=dict, repr=False, compare=False
    )
    """Each text by what it was read from (title, abstract, fields): what `of` may take again."""

    @classmethod
    def of(cls, papers: Iterable[Paper], before: Corpus | None = None) -> Corpus:
        """The papers' texts; with the corpus of `before`, a paper whose title and abstract it
        read with the same abbreviations, in the same fields, keeps its text (and what was
        counted from it), which `mkdocs serve` uses when a snapshot changes a few papers of
        many."""
        papers = list(papers)
        fields = {paper.key: _fields(paper) for paper in papers}
        known = Abbreviations.of((f"{paper.title}. {paper.abstract}", fields[paper.key]) for paper in papers)
        kept = before.by_source if before is not None and before.abbreviations == known else {}
        texts: dict[str, PaperText] = {}
        by_source: dict[tuple[str, str, Fields], PaperText] = {}
        for paper in papers:
            source = (paper.title, _whole_words(paper), fields[paper.key])
            text = kept.get(source) or by_source.get(source)
            if text is None:
                in_fields = known.in_fields(source[2])
                title = clauses(source[0], in_fields)
                text = PaperText(title + clauses(source[1], in_fields), len(title))
            texts[paper.key] = by_source[source] = text
        return cls(known, texts, by_source)


def _fields(paper: Paper) -> Fields:
    return frozenset(field_of(topic) for topic in paper.topics if topic not in SOURCES)


def _whole_words(paper: Paper) -> str:
    """The abstract without the word a listing's `…` may have cut (`KV cach`): whether the cut
    fell inside a word is not known, so the last word is never evidence of a phrase or a spelling."""
    return paper.abstract.rpartition(" ")[0] if paper.truncated else paper.abstract
