"""Dates as tokens: the words and numbers of a date in any script, nothing else.

A word is a run of letters and the combining marks that follow them (Devanagari vowel
signs, Tibetan vowels, Osage accents); a number is a run of decimal digits of any script.
Everything else (spaces of every kind, dots, commas, apostrophes, the Tibetan tsheg, bidi
marks) only separates tokens, so `Aug.`, `16.\u00a0Juni` and stray whitespace need no
special case. Month names read from CLDR and the dates of listings are split alike.
"""

from __future__ import annotations

import unicodedata

__all__ = ["NUMBER", "WORD", "Token", "split_tokens"]

WORD, NUMBER = 0, 1
"""Token kinds."""

Token = tuple[int, str]


def split_tokens(text: str) -> list[Token]:
    """Split `text` into (WORD, casefolded word) and (NUMBER, digits) tokens, in order."""
    out: list[Token] = []
    kind = -1
    start = 0
    category = unicodedata.category
    for index, char in enumerate(text):
        if char.isdecimal():
            this = NUMBER
        else:
            major = category(char)
            if major[0] == "L" or major == "Cn":  # Cn: a script newer than this Python
                this = WORD
            else:
                this = WORD if major[0] == "M" and kind == WORD else -1
        if this != kind:
            if kind != -1:
                out.append((kind, text[start:index]))
            kind, start = this, index
    if kind != -1:
        out.append((kind, text[start:]))
    return [(kind, token.casefold() if kind == WORD else token) for kind, token in out]
