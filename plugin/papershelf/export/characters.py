"""Unicode characters as LaTeX: one non-ASCII character at a time (`papershelf.export.latex`
encodes whole texts and names with it).

Every non-ASCII letter becomes a brace group that starts with a backslash (`{\\'a}`,
`{\\c{S}}`, `{\\o}`): classic bibtex treats such a group as one letter when it abbreviates
names or builds `alpha` labels, whereas a raw UTF-8 byte sequence gets cut in half.
Letters are decomposed (NFD) and their combining marks mapped to accent commands, so no table
of accented letters is kept. Symbols and letters of their own (`ø`, `ß`) come from the tables
below, Greek letters and math symbols from `papershelf.export.texmath`'s (`{$\\gamma$}`,
`{$\\leq$}`); what has no exact spelling is approximated (`exact_in_ascii` says
which). A letter of a script with no Latin base is transliterated by
[anyascii](https://pypi.org/project/anyascii/) (`方` -> `Fang`, `Иванов` -> `Ivanov`):
dropped, a Chinese title was left as its punctuation and a Chinese or Russian author as
nothing, in an export whose readers need the entry to cite it.
"""

from __future__ import annotations

import functools
import re
import unicodedata

from anyascii import anyascii

from papershelf.export.texmath import GREEK_LETTERS, MATH_UNICODE, TEXT_SPECIALS
from papershelf.text.macros import ACCENT_MARKS, LETTER_MACROS

__all__ = ["STRAY", "encode_char", "exact_in_ascii", "in_a_name"]

_MARKS = {mark: command for command, mark in ACCENT_MARKS.items()}
_LETTERS = {letter: "\\" + macro for macro, letter in LETTER_MACROS.items()}
_SYMBOLS = {
    "–": "--",
    "—": "---",
    "‘": "`",
    "’": "'",
    "“": "``",
    "”": "''",
    "…": r"{\ldots}",
    "\u00a0": "~",
    "°": r"{\textdegree}",
    "§": r"{\S}",
    "©": r"{\copyright}",
    "€": "EUR",
    "£": r"{\pounds}",
    "−": "-",
    "\u2009": " ",
    "\u202f": " ",
}
_AS_MATH = GREEK_LETTERS | MATH_UNICODE
"""Letters and symbols spelled as math in text (`{$\\gamma$}`, `{$\\leq$}`)."""
STRAY = {"{": "\ue000", "}": "\ue001"}
"""Stand-ins for braces without a partner, which `encode_char` spells as math."""
_STRAY_SPELLING = {"\ue000": r"{$\lbrace$}", "\ue001": r"{$\rbrace$}"}
# For ASCII forms of other characters (`｛` is a `{`): one brace alone must not count as one.
_FOLDED_TABLE = str.maketrans(
    {
        **{chr(code): "" for code in range(128) if not chr(code).isprintable()},
        **TEXT_SPECIALS,
        "{": _STRAY_SPELLING["\ue000"],
        "}": _STRAY_SPELLING["\ue001"],
    }
)
_LATIN_WITH = re.compile(r"LATIN (CAPITAL|SMALL) LETTER ([A-Z]) WITH .*")


def exact_in_ascii(char: str) -> bool:
    if (
        char.isascii()
        or char in _SYMBOLS
        or char in _LETTERS
        or char in _AS_MATH
        or char.isspace()
        or char in _STRAY_SPELLING
    ):
        return True
    return _accented(char)[1]


def in_a_name(char: str) -> str:
    """A name's character as the ASCII export spells it before encoding: a Greek letter by
    its transliteration (`Αλέξανδρος` -> `Alexandros`), since the math that spells it in
    text cannot stand in a name; any other character as it is."""
    return _transliterated(char) if char in GREEK_LETTERS else char


def encode_char(char: str, ascii_only: bool = True) -> str:
    if char.isascii():
        return TEXT_SPECIALS.get(char, char) if char.isprintable() else ""
    if char in _STRAY_SPELLING:
        return _STRAY_SPELLING[char]
    if not ascii_only:
        return "" if unicodedata.category(char) in ("Cc", "Cs") else char
    if char in _SYMBOLS:
        return _SYMBOLS[char]
    if char in _LETTERS:
        return "{" + _LETTERS[char] + "}"
    if char in _AS_MATH:
        return "{$\\" + _AS_MATH[char] + "$}"
    return _accented(char)[0]


@functools.lru_cache(maxsize=4096)
def _accented(char: str) -> tuple[str, bool]:
    """`é` -> `{\\'e}`, `Ş` -> `{\\c{S}}`, `í` -> `{\\'i}`; and whether that is exact.

    biber decodes accent commands back to Unicode, and pdflatex in its default set-up
    (OT1) typesets the accented letters of Latin-1 and Latin Extended-A only, bar those
    with an ogonek (`\\k` is T1-only). So a mark is kept, in Unicode's order, while the
    letter it builds is one of those: `ặ` becomes `{\\u{a}}`, `ǿ` becomes `{\\o}`. An `i`
    keeps its dot (`{\\'i}`): LaTeX drops it under an accent, while biber reads `{\\'\\i}` as
    a dotless i and a combining accent that pdflatex cannot typeset. A character with no
    Latin base becomes its compatibility form, the base its Unicode name gives (`Đ` ->
    `D`), its transliteration if a letter (`þ` -> `th`, `方` -> `Fang`) or nothing;
    `ascii_losses` reports all of these, so that callers can say what was approximated.
    """
    decomposed = unicodedata.normalize("NFD", char)
    base, marks = decomposed[0], decomposed[1:]
    if base in _LETTERS:
        body = _LETTERS[base]
    elif base.isascii() and base.isalpha():
        body = base
    else:
        return _approximated(char), False
    built = base
    for mark in marks:
        if mark in _MARKS and mark != "\u0328" and _typeset_after_biber(built + mark):
            built += mark
            command = _MARKS[mark]
            plain = not command.isalpha() and len(body) == 1
            body = f"\\{command}{body}" if plain else f"\\{command}{{{body}}}"
    exact = len(built) == len(decomposed)
    return (body if body.isalpha() else "{" + body + "}"), exact


def _typeset_after_biber(decomposed: str) -> bool:
    letter = unicodedata.normalize("NFC", decomposed)
    return len(letter) == 1 and "\u00c0" <= letter <= "\u017f"


def _approximated(char: str) -> str:
    folded = unicodedata.normalize("NFKD", char)
    if folded.isascii():
        return folded.translate(_FOLDED_TABLE)  # `＄` is a `$`: escape it
    latin = _LATIN_WITH.fullmatch(unicodedata.name(char, ""))
    if latin:
        return latin[2] if latin[1] == "CAPITAL" else latin[2].lower()
    # Other symbols keep nothing: a transliteration reads `⊥` as `T` and `♥` as `:hearts:`.
    return _transliterated(char) if unicodedata.category(char).startswith("L") else ""


def _transliterated(letter: str) -> str:
    return anyascii(letter).translate(_FOLDED_TABLE)
