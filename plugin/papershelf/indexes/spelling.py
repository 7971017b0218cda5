"""A discovered topic's name with the hyphens and dashes its papers write between its words.

Phrases are matched word by word (`papershelf.indexes.phrases`), so the spelling a topic is
named by has spaces between its words: `Mixture of Experts` where the papers write
`Mixture-of-Experts`, `Gamma ray` for `gamma-ray`, and `Attention Feed Forward Network` for
`Attention--Feed-Forward Network`, a pair of a model's parts read as one part. The name
takes back the joins that most of its uses write.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable

__all__ = ["as_written"]

_JOIN = r"(\s+|--|[-\u2010\u2011\u2013])"
"""What may stand between two words of a phrase: spaces, a hyphen, an en dash (`--` in
LaTeX). An em dash or a spaced dash ends a clause, so no phrase runs across one."""
_SHOWN_AS = {"--": "\u2013", "\u2010": "-", "\u2011": "-"}
_USES_AT_MOST = 20
"""Uses looked at: enough to tell how a field writes a phrase, few enough that a topic of
thousands of papers costs no more to name than a small one."""


def as_written(name: str, texts: Iterable[str]) -> str:
    """`name` with the joins between its words that most of its uses in `texts` write (the
    first uses, up to `_USES_AT_MOST`; the first seen wins a tie), its letters as they
    are; `name` itself where no text writes it."""
    words = name.split(" ")
    if len(words) < 2:
        return name
    pattern = re.compile(r"(?<!\w)" + _JOIN.join(map(re.escape, words)) + r"(?!\w)", re.IGNORECASE)
    joins: Counter[tuple[str, ...]] = Counter()
    for text in texts:
        for use in pattern.finditer(text):
            joins[tuple(_shown(join) for join in use.groups())] += 1
        if joins.total() >= _USES_AT_MOST:
            break
    if not joins:
        return name
    best = joins.most_common(1)[0][0]
    return words[0] + "".join(join + word for join, word in zip(best, words[1:], strict=True))


def _shown(join: str) -> str:
    return " " if join.isspace() else _SHOWN_AS.get(join, join)
