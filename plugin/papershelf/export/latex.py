"""Unicode model text -> pure-ASCII LaTeX that classic bibtex, biber and pandoc all read.

Every non-ASCII letter becomes a brace group that starts with a backslash (`{\\'a}`; see
`papershelf.export.characters`), which bibtex counts as one letter. Literal braces that
pair up are written `\\{ \\}`, which every decoder knows; a stray one is spelled
`{$\\lbrace$}`, because bibtex counts a `\\{` as a brace and one unmatched brace would end
the field (or a name part) early. (pandoc knows neither `\\textbraceleft` nor `\\textbar`,
and silently drops them.)

Listing text is written by strangers and ends up in documents users compile, so math is not
copied: it is rebuilt from an allowlist of tokens that plain LaTeX typesets without an error
(see `papershelf.export.texmath`); math with anything else is escaped and printed as text. Names get
stricter treatment still (`encode_name`), because styles cut them into initials and labels.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Collection

from papershelf.export.characters import STRAY, encode_char, exact_in_ascii, in_a_name
from papershelf.export.texmath import ESCAPE_TEXT, braces_balanced, plain_math, single_spaces
from papershelf.text.rules import split_math, word_core

__all__ = ["ascii_losses", "braces_balanced", "case_matters", "encode_latex", "encode_name", "name_losses"]

_LATEX_ACTIVE = re.compile(r"[$\\{}]")
_SPACES = re.compile(r"\s+")
_NON_ASCII = re.compile(r"[^\x00-\x7f]+")
# Names keep letters, digits and name punctuation: see `encode_name`.
_NAME_SPECIALS = frozenset("\\{}$%#_^~<>|[]\ue000\ue001")
_LEADING_PUNCTUATION = re.compile(r"(?<!\S)[^\w\s]+")
_NAME_TROUBLE = re.compile(r"[^\w\s.'-]|_|(?<!\S)[.'-]")
"""What may need leaving out of a name: a special, or punctuation that starts a word."""


def encode_latex(
    text: str, protect_case: bool = False, ascii_only: bool = True, cased: Collection[str] = ()
) -> str:
    """Model text (Unicode with `$...$` math) -> LaTeX with balanced braces.

    With `protect_case`, words whose capitals must survive a style's lower-casing are
    braced (`{LLMs}`, `{B300}`, and the `cased` words a source protected: `{London}`), and
    so is each math span. With `ascii_only` (classic
    bibtex) every non-ASCII character is spelled as a LaTeX command; without it (biblatex
    with biber) letters stay UTF-8 and only LaTeX's special characters are escaped.
    """
    if not _LATEX_ACTIVE.search(text):  # no math, escapes or braces: most names and titles
        return _encode_words(text, protect_case, ascii_only, cased)
    pieces: list[str] = []
    for is_math, run in split_math(text):
        math = plain_math(run) if is_math else None
        if math is not None:
            pieces.append("{$" + math + "$}" if protect_case else "$" + math + "$")
        else:
            shown = f"${run}$" if is_math else run.replace("\\$", "$")
            pieces.append(_encode_words(_mark_stray_braces(shown), protect_case, ascii_only, cased))
    return "".join(pieces)


def _mark_stray_braces(text: str) -> str:
    """Braces without a partner become placeholders that encode as `{$\\lbrace$}`..."""
    if "{" not in text and "}" not in text:
        return text
    stray = set()
    opened: list[int] = []
    for index, char in enumerate(text):
        if char == "{":
            opened.append(index)
        elif char == "}":
            if opened:
                opened.pop()
            else:
                stray.add(index)
    stray.update(opened)
    return "".join(STRAY[c] if i in stray else c for i, c in enumerate(text)) if stray else text


def ascii_losses(text: str) -> str:
    """The characters of `text` that ASCII LaTeX can only approximate or must drop, in order."""
    if text.isascii():
        return ""
    others = "".join(_NON_ASCII.findall(unicodedata.normalize("NFC", text)))
    lost = (char for char in others if not exact_in_ascii(char))
    return "".join(dict.fromkeys(lost))


def _encode_words(text: str, protect_case: bool, ascii_only: bool, cased: Collection[str] = ()) -> str:
    """Any run of white space (no-break, line separators) becomes a space. Where case does
    not matter (abstracts, the bulk of an export) the text's ASCII is translated whole in one
    C-level pass and only its other characters are encoded one by one; where it does (titles)
    words are encoded one by one."""
    if text.isascii() and not protect_case:
        return single_spaces(text).translate(ESCAPE_TEXT)
    words = _SPACES.split(text)
    if not protect_case:
        spaced = unicodedata.normalize("NFC", " ".join(words)).translate(ESCAPE_TEXT)
        return _NON_ASCII.sub(lambda run: "".join(encode_char(char, ascii_only) for char in run[0]), spaced)
    return " ".join(_encode_word(word, protect_case, ascii_only, cased) if word else "" for word in words)


def _encode_word(word: str, protect_case: bool, ascii_only: bool, cased: Collection[str]) -> str:
    if word.isascii():  # most words: one C-level pass instead of a call per character
        encoded = word.translate(ESCAPE_TEXT)
    else:
        encoded = "".join(encode_char(char, ascii_only) for char in unicodedata.normalize("NFC", word))
    if protect_case and (case_matters(word) or (cased and word_core(word) in cased)):
        # A group that starts with a backslash is one "special character" to bibtex and its
        # letters would still be case-changed; an empty group in front prevents that.
        return "{{}" + encoded + "}" if encoded.startswith("\\") else "{" + encoded + "}"
    return encoded


def case_matters(word: str) -> bool:
    """Whether a title case style would spoil the word: capitals after its first letter
    (`LLMs`, `GPT`), or letters with digits (`1M`, `H100`)."""
    if word.isalpha():  # the common case, without building lists
        return any(map(str.isupper, word[1:]))
    letters = [char for char in word if char.isalpha()]
    has_digit = any(char.isdigit() for char in word)
    inner_capital = any(char.isupper() for char in letters[1:])
    return inner_capital or (bool(letters) and has_digit)


def encode_name(name: str, ascii_only: bool = True, corporate: bool = False) -> str:
    """A name, or one part of it, as LaTeX that bibtex can cut into initials and labels.

    Styles take a name's first letters, counting a group that starts with a backslash as
    one letter (`{\\'E}`); a cut through `\\$`, `\\textasciicircum{}` or `{$\\alpha$}` leaves
    TeX an unbalanced group or an unknown command. So a name keeps its letters, digits and
    punctuation; a Greek letter is transliterated (`in_a_name`), TeX's special characters
    and whatever else is spelled as math are left out (`name_losses` says which). A
    person's comma would split the name and is left out too; an organisation's `&` is
    written `and`.
    """
    kept = _name_text(name, ascii_only, corporate)[0]
    return _encode_words("".join(map(in_a_name, kept)) if ascii_only else kept, False, ascii_only)


def name_losses(name: str, ascii_only: bool = True, corporate: bool = False) -> str:
    """The characters of `name` that `encode_name` approximates or leaves out, in order."""
    kept, dropped = _name_text(name, ascii_only, corporate)
    if not ascii_only:
        return "".join(dict.fromkeys(dropped))
    kept = unicodedata.normalize("NFC", kept)
    spelled_otherwise = "".join(c for c in kept if in_a_name(c) != c or not exact_in_ascii(c))
    return "".join(dict.fromkeys(dropped + spelled_otherwise))


def _name_spelling(spelled: str) -> bool:
    """Whether an ASCII spelling can stand in a name: something, and no math."""
    return bool(spelled) and "$" not in spelled


def _name_text(name: str, ascii_only: bool, corporate: bool) -> tuple[str, str]:
    """The name as it will be encoded, and the characters left out of it."""
    if not _NAME_TROUBLE.search(name) and (  # most names: nothing to leave out
        name.isascii()
        or not ascii_only
        or all(_name_spelling(encode_char(c)) for c in name if not c.isascii())
    ):
        return " ".join(name.split()), ""
    text = unicodedata.normalize("NFKC", name)  # a full-width `＄` is a `$` here
    if corporate:
        text = text.replace("&", " and ")
    left_out = _NAME_SPECIALS | ({"&"} if corporate else {"&", ","})
    kept: list[str] = []
    dropped: list[str] = []
    for char in text:
        unwritable = ascii_only and not char.isascii() and not _name_spelling(encode_char(in_a_name(char)))
        (dropped if char in left_out or unwritable else kept).append(char)
    # biber takes a word's first character for its initial: `{` of `` `{\i} `` would be one
    words = "".join(kept)
    dropped += _LEADING_PUNCTUATION.findall(words)
    return " ".join(_LEADING_PUNCTUATION.sub("", words).split()), "".join(dropped)
