"""LaTeX source as listings show it -> Unicode text for the model.

Listings copy arXiv-style metadata verbatim, so names and abstracts carry LaTeX: accents
(`Garc\\'ia`, `\\c{S}eng\\"ul`), text commands (`\\emph{...}`), `--` dashes and `$...$` math.
Accents are decoded by composing a combining mark with its base letter and normalising to
NFC, so every letter Unicode can compose works without a table of accented letters. Math is
left as LaTeX between `$...$` (outputs render it); macros we do not know (a paper's own
`\\ours{}`) are kept verbatim so that the reader still sees that something stood there.
A listing may cut text anywhere, even inside a group or math, so nothing here may fail on
unbalanced input.
"""

from __future__ import annotations

import re
import unicodedata

__all__ = ["ACCENT_MARKS", "LETTER_MACROS", "decode_latex", "split_math"]

# Accent commands -> Unicode combining marks (export.latex writes them back the same way).
ACCENT_MARKS = {
    "'": "\u0301",
    "`": "\u0300",
    "^": "\u0302",
    '"': "\u0308",
    "~": "\u0303",
    "=": "\u0304",
    ".": "\u0307",
    "u": "\u0306",
    "v": "\u030c",
    "H": "\u030b",
    "c": "\u0327",
    "k": "\u0328",
    "r": "\u030a",
    "d": "\u0323",
    "b": "\u0331",
}
_SYMBOLACCENT_MARKS = frozenset("'`^\"~=.")
# Letters and symbols that are whole macros in LaTeX.
# Letters that are macros in plain LaTeX, both ways: decoded here, written by export.latex.
LETTER_MACROS = {
    "o": "ø",
    "O": "Ø",
    "ss": "ß",
    "aa": "å",
    "AA": "Å",
    "ae": "æ",
    "AE": "Æ",
    "oe": "œ",
    "OE": "Œ",
    "l": "ł",
    "L": "Ł",
    "i": "ı",
    "j": "ȷ",
}
_NAMED = {
    **LETTER_MACROS,
    "dh": "ð",
    "DH": "Ð",
    "th": "þ",
    "TH": "Þ",
    "ng": "ŋ",
    "NG": "Ŋ",
    "dj": "đ",
    "DJ": "Đ",
    "ldots": "…",
    "dots": "…",
    "textellipsis": "…",
    "textendash": "–",
    "textemdash": "—",
    "LaTeX": "LaTeX",
    "TeX": "TeX",
    "textquoteright": "’",
    "textquoteleft": "‘",
    "textasciitilde": "~",
    "textasciicircum": "^",
    "textbackslash": "\\",
    "S": "§",
    "P": "¶",
    "copyright": "©",
    "textregistered": "®",
    "texttrademark": "™",
    "pounds": "£",
    "euro": "€",
    "textdegree": "°",
    "times": "×",
    "quad": " ",
    "qquad": " ",
}
# Commands whose single argument is ordinary text: keep the text, drop the formatting.
_TEXT_COMMANDS = frozenset(
    {
        "emph",
        "textit",
        "textbf",
        "textsc",
        "texttt",
        "textrm",
        "textsf",
        "textup",
        "textmd",
        "textsl",
        "underline",
        "mbox",
        "text",
        "textnormal",
        "uline",
        "url",
        "href",
    }
)
_ESCAPES = {"&": "&", "%": "%", "#": "#", "_": "_", "{": "{", "}": "}", " ": " ", ",": "\u2009"}
_DOTLESS = {"ı": "i", "ȷ": "j"}
_MACRO_NAME = re.compile(r"[A-Za-z]+")
_MATH_OR_ESCAPE = re.compile(r"\\.|\$((?:[^$\\]|\\.)+)\$", re.DOTALL)
_DASHES = (("---", "—"), ("--", "–"), ("``", "“"), ("''", "”"))
_SPECIAL = re.compile(r"[\\${}]")
"""What starts a macro, math or a group: text without any is plain."""
_PLAIN = re.compile(r"[^\\${}]+")


def decode_latex(text: str) -> str:
    """Decode the LaTeX in `text` to Unicode, keeping `$...$` math and unknown macros as source."""
    if _SPECIAL.search(text) is None:  # most names and many titles: only dashes to decode
        return unicodedata.normalize("NFC", _ligatures(text))
    return unicodedata.normalize("NFC", _Decoder(text).run())


def _ligatures(plain: str) -> str:
    """TeX's dash and quote ligatures in text with no macro, math or group."""
    for ligature, char in _DASHES:
        plain = plain.replace(ligature, char)
    return plain


def split_math(text: str) -> list[tuple[bool, str]]:
    """Split model text into (is_math, piece) runs; math pieces exclude the `$` delimiters.

    Only a closed `$...$` pair is math: a truncated abstract may end inside one, and that
    tail stays text so that no output tries to render half a formula. `\\$` is a dollar sign.
    """
    runs: list[tuple[bool, str]] = []
    last = 0
    for match in _MATH_OR_ESCAPE.finditer(text):
        if match.group(1) is None:
            continue  # an escaped character: part of the text run
        if match.start() > last:
            runs.append((False, text[last : match.start()]))
        runs.append((True, match.group(1)))
        last = match.end()
    if last < len(text):
        runs.append((False, text[last:]))
    return runs


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


class _Decoder:
    """A single left-to-right pass over LaTeX source; groups are decoded recursively."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0
        self.group_closed = True

    def run(self, until_brace: bool = False) -> str:
        out: list[str] = []
        while self.pos < len(self.text):
            char = self.text[self.pos]
            if char == "}" and until_brace:
                self.pos += 1
                self.group_closed = True
                return "".join(out)
            if char == "\\":
                out.append(self._macro())
            elif char == "$":
                out.append(self._math())
            elif char == "{":
                out.append(self._bare_group())
            elif char == "}":
                self.pos += 1
                out.append("}")  # a stray closing brace is text, not structure
            else:
                out.append(self._plain())
        self.group_closed = not until_brace
        return "".join(out)

    def _bare_group(self) -> str:
        """`{GPU}` or `{\\o}` protect case or scope a macro: drop the braces. A group holding
        spaces (`{{ config }}`, `{% raw %}`) is not LaTeX grouping but text: keep them."""
        spaced = any(char.isspace() for char in self._group_source())
        self.pos += 1
        inner = self.run(until_brace=True)
        if not spaced:
            return inner
        return "{" + inner + ("}" if self.group_closed else "")

    def _group_source(self) -> str:
        """The raw text of the group that opens at the current position (to its end if unclosed)."""
        depth = 0
        for end in range(self.pos, len(self.text)):
            depth += {"{": 1, "}": -1}.get(self.text[end], 0)
            if depth == 0:
                return self.text[self.pos : end + 1]
        return self.text[self.pos :]

    def _plain(self) -> str:
        """Ordinary characters up to the next special one, with TeX ligature dashes."""
        match = _PLAIN.match(self.text, self.pos)
        assert match is not None
        self.pos = match.end()
        return _ligatures(match.group())

    def _math(self) -> str:
        end = _closing_dollar(self.text, self.pos + 1)
        if end < 0:
            end = len(self.text) - 1
        piece = self.text[self.pos : end + 1]
        self.pos = end + 1
        return piece

    def _group_or_token(self) -> str:
        """The argument of a macro: a braced group (decoded) or the next single character."""
        while self.pos < len(self.text) and self.text[self.pos] == " ":
            self.pos += 1
        if self.pos >= len(self.text):
            return ""
        if self.text[self.pos] == "{":
            self.pos += 1
            return self.run(until_brace=True)
        if self.text[self.pos] == "\\":
            return self._macro()
        self.pos += 1
        return self.text[self.pos - 1]

    def _macro(self) -> str:
        start = self.pos
        self.pos += 1
        if self.pos >= len(self.text):
            return "\\"
        char = self.text[self.pos]
        if char in _SYMBOLACCENT_MARKS:
            self.pos += 1
            return _accent(self._group_or_token(), ACCENT_MARKS[char])
        if char in _ESCAPES:
            self.pos += 1
            return _ESCAPES[char]
        if char == "$":
            self.pos += 1
            return "\\$"
        if char == "\\":
            self.pos += 1
            return " "
        match = _MACRO_NAME.match(self.text, self.pos)
        if match is None:
            self.pos += 1
            return self.text[start : self.pos]
        name = match.group()
        self.pos = match.end()
        return self._named_macro(name, start)

    def _named_macro(self, name: str, start: int) -> str:
        if name in ACCENT_MARKS and len(name) == 1:
            return _accent(self._group_or_token(), ACCENT_MARKS[name])
        if name in _NAMED:
            self._skip_empty_group()
            return _NAMED[name]
        if name in _TEXT_COMMANDS:
            return self._group_or_token()
        if name == "footnote":
            note = self._group_or_token()
            return f" ({note})" if self.group_closed else f" ({note}"
        return self._verbatim_macro(start)

    def _skip_empty_group(self) -> None:
        if self.text.startswith("{}", self.pos):
            self.pos += 2
        elif self.pos < len(self.text) and self.text[self.pos] == " ":
            self.pos += 1

    def _verbatim_macro(self, start: int) -> str:
        """An unknown macro stays visible, with its braced arguments, as the source wrote it."""
        while self.pos < len(self.text) and self.text[self.pos] == "{":
            self.pos += len(self._group_source())
        return self.text[start : self.pos]


def _accent(base: str, mark: str) -> str:
    """Put a combining mark on the first letter of `base` (dotless i/j regain their dot).

    The mark goes after the marks that letter already carries, so that `\\~{\\^e}` stacks
    the tilde over the circumflex (ễ), as LaTeX draws it.
    """
    if not base:
        return mark.strip() or ""
    first = _DOTLESS.get(base[0], base[0])
    end = 1
    while end < len(base) and unicodedata.combining(base[end]):
        end += 1
    return first + base[1:end] + mark + base[end:]
