"""When two candidate subjects are one: the same papers, or the same words in other forms.

Topic discovery merges such twins into one topic under the best label, and lists the other
labels as what the topic was "also matched as" (`Agentic` / `Agents`), instead of offering
a reader two pages with the same papers.
"""

from __future__ import annotations

from collections.abc import Set

from papershelf.indexes.phrases import Phrase, stem

__all__ = ["STEM_AT_LEAST", "TWIN_JACCARD", "jaccard", "nominalised", "twin_papers", "word_forms"]

TWIN_JACCARD = 0.7
"""Paper sets this similar (shared papers over all papers of either) hold one subject."""
STEM_AT_LEAST = 4  # a shared beginning this long is a word's stem, not chance (`agent`)
_SUFFIX_AT_MOST = 3  # ... and an ending this short a derivation (`-ic`, `-ity`, `-al`)
_ACTION_ENDINGS = ("ion", "ation", "ment", "ement")
"""What turns a verb into the noun of its action (`generat-ed` -> `generat-ion`,
`optimiz-ed` -> `optimiz-ation`, `manag-ed` -> `manag-ement`)."""


def jaccard(one: Set[str], other: Set[str]) -> float:
    """Shared members over all members (0 for two empty sets)."""
    shared = len(one & other)
    union = len(one) + len(other) - shared  # no union set: asked for every group and candidate
    return shared / union if union else 0.0


def twin_papers(one: Set[str], other: Set[str]) -> bool:
    """Whether two paper sets are one subject's: `TWIN_JACCARD` or more alike. Their sizes
    rule most pairs out before any intersection is made: the similarity is at most the
    smaller size over the larger. Topic discovery asks this of every candidate and every
    chosen subject, and large libraries have subjects of thousands of papers."""
    small, large = sorted((len(one), len(other)))
    return large > 0 and small / large >= TWIN_JACCARD and jaccard(one, other) >= TWIN_JACCARD


def word_forms(one: Phrase, other: Phrase) -> bool:
    """Whether two different phrases are word by word forms of one another (`agent` and
    `agentic`, `spars attention` and `sparsity attention`): inflections already share a stem
    (`papershelf.indexes.phrases.stem`), derivations need this."""
    if one == other or len(one) != len(other):
        return False
    return all(_forms(a, b) for a, b in zip(one, other, strict=True))


def _forms(one: str, other: str) -> bool:
    short, long = sorted((one, other), key=len)
    return short == long or (
        len(short) >= STEM_AT_LEAST
        and long.startswith(short)
        and len(long) - len(short) <= _SUFFIX_AT_MOST
        and long.isalpha()
    )


def nominalised(one: str, other: str) -> bool:
    """Whether two names, as papers spell them, are one subject named by a participle
    before its object and by the object before the action's noun: `Generated tests` and
    `Test generation`, `Automated testing` and `Test automation`. Only that change counts:
    the same two words swapped name another subject (`control flow`, `flow control`), and
    so do other derivations (`structured data`, `data structure`), which stems cannot
    tell apart (`structur`), hence the spellings."""
    words, other_words = one.lower().split(), other.lower().split()
    if len(words) != 2 or len(other_words) != 2:
        return False
    (modifier, head), (other_modifier, other_head) = words, other_words
    if _action_noun(modifier, other_head):
        return _forms(stem(head), stem(other_modifier))
    return _action_noun(other_modifier, head) and _forms(stem(modifier), stem(other_head))


def _action_noun(participle: str, noun: str) -> bool:
    base = participle.removesuffix("ed")
    return (
        base != participle and len(base) >= STEM_AT_LEAST and any(noun == base + e for e in _ACTION_ENDINGS)
    )
