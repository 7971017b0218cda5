"""How common a word is in ordinary English, so that topic discovery does not offer a word
that every kind of text uses (`Search`, `Rank`, `Edge`) as the name of a subject.

In-library counts cannot tell: in a hundred papers on inference, `Search` recurs in four
titles just as `Quantization` does. The word frequencies of `wordfreq` (Wikipedia,
subtitles, news, books, the web), which ship with the package, can.
"""

from __future__ import annotations

import functools

__all__ = ["COMMON_ZIPF", "common_word"]

COMMON_ZIPF = 4.0
"""Zipf frequency (log10 of uses per billion words) from which a word is common: ten uses per
million words or more, about the 5,000 most used English words (`search` 5.0, `rank` 4.4,
`AI` 4.2), where the words that name a field of computing are rarer (`GPU` 3.2,
`compression` 3.8, `quantization` 2.5)."""


@functools.lru_cache(maxsize=1 << 14)
def common_word(word: str) -> bool:
    """Whether one word (in any case) is among the commonest of English. `wordfreq` is
    imported here, when topics are discovered: its import takes a fifth of a second that
    a rebuild with the analysis cached should not pay. Its small list (words of one use per
    million or more) gives every word the frequency the large one does and loads in a tenth
    of the time; a word it lacks is far below `COMMON_ZIPF` in both."""
    from wordfreq import zipf_frequency

    return zipf_frequency(word.casefold(), "en", wordlist="small") >= COMMON_ZIPF
