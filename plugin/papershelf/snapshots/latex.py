"""LaTeX source as listings show it -> Unicode text for the model.

Listings copy arXiv-style metadata verbatim, so names and abstracts carry LaTeX: accents
(`Garc\\'ia`, `\\c{S}eng\\"ul`), text commands (`\\emph{...}`), `--` dashes and `$...$` math.
Accents are decoded by composing a combining mark with its base letter and normalising to
NFC, so every letter Unicode can compose works without a table of accented letters. Math is
left as LaTeX between `$...$` (outputs render it); macros we do not know (a paper's own
`\\ours{}`) are kept verbatim so that the reader still sees that something stood there.
What each known macro stands for is in `papershelf.text.macros`.
A listing may cut text anywhere, even inside a group or math, so nothing here may fail on
unbalanced input.
"""

from __future__ import annotations

import bisect
import functools
import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field

from papershelf.text.macros import (
    ACCENT_MARKS,
    CITATIONS,
    ESCAPES,
    FONT_DECLARATIONS,
    NAMED_MACROS,
    SYMBOL_ACCENTS,
    TEXT_COMMANDS,
)

__all__ = ["decode_latex"]

_MAX_MARKS = 30
"""Combining marks a letter keeps at most (see `_accent`)."""
_DOTLESS = {"ı": "i", "ȷ": "j"}
_MACRO_NAME = re.compile(r"[A-Za-z]+")
_LETTER_LIGATURES = str.maketrans(
    {
        "\ufb00": "ff",
        "\ufb01": "fi",
        "\ufb02": "fl",
        "\ufb03": "ffi",
        "\ufb04": "ffl",
        "\ufb05": "st",
        "\ufb06": "st",
    }
)
"""Unicode's Latin ligatures (U+FB00 to U+FB06), which a PDF's text keeps: `e\ufb03cient`."""
_DASHES = (("---", "—"), ("--", "–"), ("``", "“"), ("''", "”"))
_SPECIAL = re.compile(r"[\\${}]")
"""What starts a macro, math or a group: text without any is plain."""
_PLAIN = re.compile(r"[^\\${}]+")
_BRACES = re.compile(r"[{}]")
_WHITESPACE = re.compile(r"\s")


_DECLARATION = re.compile(r"\{\\([A-Za-z]+)")


def decode_latex(text: str) -> str:
    """Decode the LaTeX in `text` to Unicode, keeping `$...$` math and unknown macros as source;
    typographic ligatures that text copied out of a PDF keeps (`ﬁ`, `ﬂ`) become their letters."""
    if _SPECIAL.search(text) is None:  # most names and many titles: only dashes to decode
        return unicodedata.normalize("NFC", _ligatures(text)).translate(_LETTER_LIGATURES)
    return unicodedata.normalize("NFC", _Decoder(text).run()).translate(_LETTER_LIGATURES)


def _ligatures(plain: str) -> str:
    """TeX's dash and quote ligatures in text with no macro, math or group."""
    for ligature, char in _DASHES:
        plain = plain.replace(ligature, char)
    return plain


def _closing_dollar(text: str, start: int) -> int:
    """Index of the `$` that closes math opened before `start`, or -1."""
    i = start
    while i < len(text):
        if text[i] == "\\":
            i += 2
            continue
        if text[i] == "$":
            return i
        i += 1
    return -1


@dataclass
class _Frame:
    """Decoded text waiting for its end: a braced group (ends at its `}`) or a macro's
    argument that is another macro (ends with that macro's text). `finish` turns the text
    into what the enclosing frame receives, told whether a closing brace was found."""

    finish: Callable[[str, bool], str]
    group: bool
    out: list[str] = field(default_factory=list)


def _kept(text: str, closed: bool) -> str:
    return text


def _braces_kept(text: str, closed: bool) -> str:
    return "{" + text + ("}" if closed else "")


def _footnote(note: str, closed: bool) -> str:
    return f" ({note})" if closed else f" ({note}"


class _Decoder:
    """A single left-to-right pass over LaTeX source. Groups and macro arguments are frames
    on an explicit stack, not recursive calls: a listing may nest braces or chain accents
    thousands deep, and that must cost time in proportion, never a RecursionError."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0
        self.frames = [_Frame(_kept, group=True)]
        self.closing = _closing_braces(text)

    @functools.cached_property
    def spaces(self) -> list[int]:
        """Where the whitespace is (for `_holds_space`): looked for only once a group opens,
        as most text holding a macro holds no group."""
        return [space.start() for space in _WHITESPACE.finditer(self.text)]

    def run(self) -> str:
        text = self.text
        while self.pos < len(text):
            char = text[self.pos]
            if char == "\\":
                self._macro()
            elif char == "$":
                self._emit(self._math())
            elif char == "{":
                self._open_group()
            elif char == "}":
                self._close_group()
            else:
                self._emit(self._plain())
        while len(self.frames) > 1:  # groups the text never closed
            frame = self.frames.pop()
            self._emit(frame.finish("".join(frame.out), False), closed=False)
        return "".join(self.frames[0].out)

    def _emit(self, piece: str, closed: bool = True) -> None:
        """Hand decoded text to the innermost frame; an argument frame is then complete
        (and closed unless its macro's own group was not)."""
        frame = self.frames[-1]
        frame.out.append(piece)
        while not frame.group:
            self.frames.pop()
            piece = frame.finish("".join(frame.out), closed)
            frame = self.frames[-1]
            frame.out.append(piece)

    def _open_group(self) -> None:
        """`{GPU}` or `{\\o}` protect case or scope a macro: drop the braces. A group holding
        spaces (`{{ config }}`, `{% raw %}`) is not LaTeX grouping but text: keep them,
        unless a font declaration opens it (`{\\em i)}`)."""
        close = self.closing.get(self.pos, len(self.text) - 1)
        declared = (match := _DECLARATION.match(self.text, self.pos)) and match[1] in FONT_DECLARATIONS
        spaced = _holds_space(self.spaces, self.pos, close + 1) and not declared
        self.pos += 1
        self.frames.append(_Frame(_braces_kept if spaced else _kept, group=True))

    def _close_group(self) -> None:
        self.pos += 1
        if len(self.frames) == 1:
            self._emit("}")  # a stray closing brace is text, not structure
            return
        frame = self.frames.pop()
        self._emit(frame.finish("".join(frame.out), True))

    def _plain(self) -> str:
        """Ordinary characters up to the next special one, with TeX ligature dashes."""
        match = _PLAIN.match(self.text, self.pos)
        assert match is not None
        self.pos = match.end()
        return _ligatures(match.group())

    def _math(self) -> str:
        if self.text.startswith("$$", self.pos):
            return self._display_math()
        end = _closing_dollar(self.text, self.pos + 1)
        if end < 0:
            end = len(self.text) - 1
        piece = self.text[self.pos : end + 1]
        self.pos = end + 1
        return piece

    def _display_math(self) -> str:
        """`$$...$$` (a formula on lines of its own, as mailings write them) as the model's
        math, `$...$`: its source kept whole, where reading `$$` as empty math left the
        formula to be decoded as text (its braces and spacing commands dropped)."""
        end = self.text.find("$$", self.pos + 2)
        while end > 0 and _escaped(self.text, end):
            end = self.text.find("$$", end + 1)
        formula = self.text[self.pos + 2 : end] if end > 0 else ""
        if not formula.strip() or "$" in formula.replace("\\$", ""):
            self.pos += 2
            return "$$"
        self.pos = end + 2
        return "$" + " ".join(formula.split()) + "$"

    def _argument(self, finish: Callable[[str, bool], str]) -> None:
        """The argument of a macro, `finish`ed: a braced group, another macro (both decoded
        when they end) or the next single character."""
        while self.pos < len(self.text) and self.text[self.pos] == " ":
            self.pos += 1
        if self.pos >= len(self.text):
            self._emit(finish("", True))
        elif self.text[self.pos] == "{":
            self.pos += 1
            self.frames.append(_Frame(finish, group=True))
        elif self.text[self.pos] == "\\":
            self.frames.append(_Frame(finish, group=False))
        else:
            self.pos += 1
            self._emit(finish(self.text[self.pos - 1], True))

    def _macro(self) -> None:
        start = self.pos
        self.pos += 1
        if self.pos >= len(self.text):
            self._emit("\\")
            return
        char = self.text[self.pos]
        if char in SYMBOL_ACCENTS:
            self.pos += 1
            self._argument(_accenting(ACCENT_MARKS[char]))
        elif char in ESCAPES:
            self.pos += 1
            self._emit(ESCAPES[char])
        elif char == "$":
            self.pos += 1
            self._emit("\\$")
        elif char == "\\":
            self.pos += 1
            self._emit(" ")
        elif (match := _MACRO_NAME.match(self.text, self.pos)) is None:
            self.pos += 1
            self._emit(self.text[start : self.pos])
        else:
            self.pos = match.end()
            self._named_macro(match.group(), start)

    def _named_macro(self, name: str, start: int) -> None:
        if name in ACCENT_MARKS and len(name) == 1:
            self._argument(_accenting(ACCENT_MARKS[name]))
        elif name in NAMED_MACROS:
            self._skip_empty_group()
            self._emit(NAMED_MACROS[name])
        elif name == "href" and self._second_argument():
            self.pos = self.closing[self.pos] + 1  # the address: the text after it is what shows
            self._argument(_kept)
        elif name in TEXT_COMMANDS:
            self._argument(_kept)
        elif name in FONT_DECLARATIONS:
            self._skip_empty_group()
        elif name == "footnote":
            self._argument(_footnote)
        elif name == "ensuremath":
            self._emit(self._as_math(start))
        elif name in CITATIONS and (keys := self._cited()) is not None:
            self._emit(keys)
        else:
            self._emit(self._verbatim_macro(start))

    def _second_argument(self) -> bool:
        """Whether a closed group here is followed by another (`\\href{url}{text}`)."""
        close = self.closing.get(self.pos) if self.text.startswith("{", self.pos) else None
        return close is not None and self.text[close + 1 :].lstrip(" ").startswith("{")

    def _skip_empty_group(self) -> None:
        if self.text.startswith("{}", self.pos):
            self.pos += 2
        elif self.pos < len(self.text) and self.text[self.pos] == " ":
            self.pos += 1

    def _as_math(self, start: int) -> str:
        """`\\ensuremath{\\beta}`: its argument is math, kept as source between `$` as the
        rest of the model's math is (`$\\beta$`); without a closed group, the macro as written."""
        while self.pos < len(self.text) and self.text[self.pos] == " ":
            self.pos += 1
        close = self.closing.get(self.pos) if self.text.startswith("{", self.pos) else None
        if close is None or not self.text[self.pos + 1 : close].strip():
            return self._verbatim_macro(start)
        formula, self.pos = self.text[self.pos + 1 : close], close + 1
        return f"${formula}$"

    def _cited(self) -> str | None:
        """`\\cite[p. 3]{a,b}` as `[a, b]`, its notes left out, and the tie before it
        (`MEGNet~\\cite{x}`) a space; None where no closed group of keys follows."""
        at = self.pos + self.text.startswith("*", self.pos)  # `\\citep*{x}`: all authors named
        while self.text.startswith("[", at) and (note_end := self.text.find("]", at)) > 0:
            at = note_end + 1
        close = self.closing.get(at) if self.text.startswith("{", at) else None
        if close is None:
            return None
        self.pos = close + 1
        out = self.frames[-1].out
        if out and out[-1].endswith("~"):
            out[-1] = out[-1][:-1] + " "
        keys = [key.strip() for key in self.text[at + 1 : close].split(",") if key.strip()]
        return "[" + ", ".join(keys) + "]" if keys else ""

    def _verbatim_macro(self, start: int) -> str:
        """An unknown macro stays visible, with its braced arguments, as the source wrote it."""
        while self.pos < len(self.text) and self.text[self.pos] == "{":
            self.pos = self.closing.get(self.pos, len(self.text) - 1) + 1
        return self.text[start : self.pos]


def _escaped(text: str, index: int) -> bool:
    """Whether the character at `index` is escaped: an odd run of backslashes before it
    (`\\$`), not a line break's two (`\\\\`)."""
    start = index
    while start > 0 and text[start - 1] == "\\":
        start -= 1
    return (index - start) % 2 == 1


def _closing_braces(text: str) -> dict[int, int]:
    """Where each `{` closes (an unclosed one is absent), so that no group is scanned twice;
    the loop visits braces only (an abstract has few)."""
    closing: dict[int, int] = {}
    open_at: list[int] = []
    for brace in _BRACES.finditer(text):
        if brace[0] == "{":
            open_at.append(brace.start())
        elif open_at:
            closing[open_at.pop()] = brace.start()
    return closing


def _holds_space(spaces: list[int], start: int, end: int) -> bool:
    """Whether `text[start:end]` holds whitespace, given where the text's whitespace is."""
    first = bisect.bisect_left(spaces, start)
    return first < len(spaces) and spaces[first] < end


def _accenting(mark: str) -> Callable[[str, bool], str]:
    return lambda base, closed: _accent(base, mark)


def _accent(base: str, mark: str) -> str:
    """Put a combining mark on the first letter of `base` (dotless i/j regain their dot).

    The mark goes after the marks that letter already carries, so that `\\~{\\^e}` stacks
    the tilde over the circumflex (ễ), as LaTeX draws it. A letter keeps at most
    `_MAX_MARKS` marks (Unicode's stream-safe limit): thousands of chained accents are
    noise, and stacking them would cost time quadratic in their number.
    """
    if not base:
        return mark.strip() or ""
    first = _DOTLESS.get(base[0], base[0])
    end = 1
    while end < len(base) and end <= _MAX_MARKS and unicodedata.combining(base[end]):
        end += 1
    if end > _MAX_MARKS:
        return first + base[1:]
    return first + base[1:end] + mark + base[end:]
