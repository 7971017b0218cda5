"""How common a word is in ordinary English, so that topic discovery does not offer a word
that every kind of text uses (`Search`, `Rank`, `Edge`) as the name of a subject.

In-library counts cannot tell: in a hundred papers on inference, `Search` recurs in four
titles just as `Quantization` does. The word frequencies of `wordfreq` (Wikipedia,
subtitles, news, books, the web), which ship with the package, can.

The frequencies are read from wordfreq's own data file, in the "cBpack" format its
`read_cBpack` documents, rather than through `import wordfreq`: that import brings
`langcodes`, `ftfy` and `regex` and cost 0.15 to 0.3 s here, a tenth or more of the
analysis of a thousand papers, for a lookup that needs none of them. `tests/test_topics.py`
checks that every word of the list gets the answer `wordfreq.zipf_frequency` gives.
"""

from __future__ import annotations

import functools
import gzip
from importlib.util import find_spec
from pathlib import Path

import msgpack

__all__ = ["COMMON_ZIPF", "common_word"]

COMMON_ZIPF = 4.0
"""Zipf frequency (log10 of uses per billion words) from which a word is common: ten uses per
million words or more, about the 5,000 most used English words (`search` 5.0, `rank` 4.4,
`AI` 4.2), where the words that name a field of computing are rarer (`GPU` 3.2,
`compression` 3.8, `quantization` 2.5)."""

_WORDLIST = "small_en.msgpack.gz"
"""wordfreq's small English list (words of one use per million or more): every word of it has
the frequency the large list gives, and a word it lacks is far below `COMMON_ZIPF` in both."""
_FORMAT = {"format": "cB", "version": 1}


def common_word(word: str) -> bool:
    """Whether one word (in any case) is among the commonest of English. A number never
    is (wordfreq rates numbers by their digits' shape; no topic is named by one)."""
    return word.casefold() in _common_words()


@functools.cache
def _common_words() -> frozenset[str]:
    """The words at `COMMON_ZIPF` or above. A cBpack file is a header, then lists of words
    by frequency in centibels: the list at index i holds the words used 10^(-i/100) of the
    time, which is Zipf 9 - i/100."""
    with gzip.open(_wordlist_path()) as file:
        header, *buckets = msgpack.load(file, raw=False)
    if header != _FORMAT:
        raise RuntimeError(f"wordfreq's {_WORDLIST} is not in the format {_FORMAT}: {header}")
    last = round((9 - COMMON_ZIPF) * 100)
    return frozenset(word for bucket in buckets[: last + 1] for word in bucket)


def _wordlist_path() -> Path:
    """The data file inside the installed wordfreq package, found without importing it."""
    spec = find_spec("wordfreq")
    if spec is None or not spec.submodule_search_locations:
        raise RuntimeError("papershelf needs the wordfreq package for topic discovery")
    return Path(next(iter(spec.submodule_search_locations))) / "data" / _WORDLIST
