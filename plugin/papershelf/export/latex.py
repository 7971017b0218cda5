"""Unicode model text -> pure-ASCII LaTeX that classic bibtex, biber and pandoc all read.

Every non-ASCII letter becomes a brace group that starts with a backslash (`{\\'a}`,
`{\\c{S}}`, `{\\o}`): classic bibtex treats such a group as one letter when it abbreviates
names or builds `alpha` labels, whereas a raw UTF-8 byte sequence gets cut in half.
Letters are decomposed (NFD) and their combining marks mapped to accent commands, so no table
of accented letters is kept. Literal braces that pair up are written `\\{ \\}`, which every
decoder knows; a stray one is spelled `\\textbraceleft{}`, because bibtex counts a `\\{` as a
brace and one unmatched brace would end the field (or a name part) early. Math spans survive
only if every macro in them is one that plain LaTeX defines; anything else is escaped and
printed as text.
"""

from __future__ import annotations

import re
import unicodedata

from papershelf.snapshots.latex import ACCENT_MARKS, LETTER_MACROS, split_math

__all__ = ["ascii_losses", "braces_balanced", "encode_latex"]

_MARKS = {mark: command for command, mark in ACCENT_MARKS.items()}
_MARKS_BELOW = frozenset("\u0327\u0328\u0323\u0331")
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
    "×": r"{$\times$}",
    "±": r"{$\pm$}",
    "°": r"{\textdegree}",
    "§": r"{\S}",
    "©": r"{\copyright}",
    "€": "EUR",
    "£": r"{\pounds}",
    "→": r"{$\rightarrow$}",
    "≤": r"{$\leq$}",
    "≥": r"{$\geq$}",
    "≈": r"{$\approx$}",
    "·": r"{$\cdot$}",
    "−": "-",
    "\u2009": " ",
    "\u202f": " ",
}
_STRAY = {"{": "\ue000", "}": "\ue001"}
_STRAY_SPELLING = {"\ue000": r"\textbraceleft{}", "\ue001": r"\textbraceright{}"}
_ASCII_SPECIALS = {
    "&": r"\&",
    "%": r"\%",
    "$": r"\$",
    "#": r"\#",
    "_": r"\_",
    "{": r"\{",
    "}": r"\}",
    "~": r"\textasciitilde{}",
    "^": r"\textasciicircum{}",
    "\\": r"\textbackslash{}",
    "<": r"{\textless}",
    ">": r"{\textgreater}",
    "|": r"{\textbar}",
}
_ASCII_TABLE = str.maketrans(
    {**{chr(code): "" for code in range(128) if not chr(code).isprintable()}, **_ASCII_SPECIALS}
)
_GREEK = {
    "α": "alpha",
    "β": "beta",
    "γ": "gamma",
    "δ": "delta",
    "ε": "epsilon",
    "ζ": "zeta",
    "η": "eta",
    "θ": "theta",
    "ι": "iota",
    "κ": "kappa",
    "λ": "lambda",
    "μ": "mu",
    "ν": "nu",
    "ξ": "xi",
    "π": "pi",
    "ρ": "rho",
    "σ": "sigma",
    "τ": "tau",
    "υ": "upsilon",
    "φ": "phi",
    "χ": "chi",
    "ψ": "psi",
    "ω": "omega",
    "Γ": "Gamma",
    "Δ": "Delta",
    "Θ": "Theta",
    "Λ": "Lambda",
    "Ξ": "Xi",
    "Π": "Pi",
    "Σ": "Sigma",
    "Φ": "Phi",
    "Ψ": "Psi",
    "Ω": "Omega",
}
# Macros plain LaTeX defines in math mode; math using any other stays text.
_MATH_MACROS = frozenset(
    "times cdot cdots ldots dots leq geq le ge neq approx sim simeq equiv ll gg in notin subset "
    "subseteq cup cap infty pm mp to rightarrow leftarrow Rightarrow leftrightarrow mapsto "
    "sum prod int log ln exp max min sqrt frac mathcal mathbf mathrm mathit mathsf mathtt "
    "left right big Big langle rangle lfloor rfloor lceil rceil prime partial nabla forall "
    "exists emptyset star ast circ bullet top bot mid vert Vert quad qquad text hat tilde bar "
    "vec dot overline underline sin cos tan arg det dim lim sup inf mathop mathbin { } , ; ! "
    "backslash cdotp colon".split()
    + list(_GREEK.values())
    + ["varepsilon", "vartheta", "varphi", "varrho", "varsigma", "mu"]
)
_MACRO = re.compile(r"\\([A-Za-z]+|.)")
_LATEX_ACTIVE = re.compile(r"[$\\{}]")


def encode_latex(text: str, protect_case: bool = False, ascii_only: bool = True) -> str:
    """Model text (Unicode with `$...$` math) -> LaTeX with balanced braces.

    With `protect_case`, words whose capitals must survive a style's lower-casing are
    braced (`{LLMs}`, `{B300}`), and so is each math span. With `ascii_only` (classic
    bibtex) every non-ASCII character is spelled as a LaTeX command; without it (biblatex
    with biber) letters stay UTF-8 and only LaTeX's special characters are escaped.
    """
    if not _LATEX_ACTIVE.search(text):  # no math, escapes or braces: most names and titles
        return _encode_words(text, protect_case, ascii_only)
    pieces: list[str] = []
    for is_math, run in split_math(text):
        if is_math and _plain_latex_math(run):
            pieces.append("{$" + run + "$}" if protect_case else "$" + run + "$")
        else:
            shown = f"${run}$" if is_math else run.replace("\\$", "$")
            pieces.append(_encode_words(_mark_stray_braces(shown), protect_case, ascii_only))
    return "".join(pieces)


def _mark_stray_braces(text: str) -> str:
    """Braces without a partner become placeholders that encode as `\\textbrace...{}`."""
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
    return "".join(_STRAY[c] if i in stray else c for i, c in enumerate(text)) if stray else text


def ascii_losses(text: str) -> str:
    """The characters of `text` that ASCII LaTeX can only approximate or must drop, in order."""
    if text.isascii():
        return ""
    lost = (char for char in unicodedata.normalize("NFC", text) if not _exact_in_ascii(char))
    return "".join(dict.fromkeys(lost))


def _exact_in_ascii(char: str) -> bool:
    if (
        char.isascii()
        or char in _SYMBOLS
        or char in _LETTERS
        or char in _GREEK
        or char.isspace()
        or char in _STRAY_SPELLING
    ):
        return True
    decomposed = unicodedata.normalize("NFD", char)
    base, marks = decomposed[0], decomposed[1:]
    return bool(marks) and (base.isascii() or base in _LETTERS) and all(m in _MARKS for m in marks)


_SPELLED = (_SYMBOLS, _LETTERS, _GREEK, _STRAY_SPELLING)


def braces_balanced(text: str) -> bool:
    """Every `{` closed by a later `}`, as bibtex counts them (a backslash does not escape)."""
    depth = 0
    for char in text:
        if char == "{":
            depth += 1
        elif char == "}":
            depth -= 1
            if depth < 0:
                return False
    return depth == 0


def _plain_latex_math(math: str) -> bool:
    names = _MACRO.findall(math)
    return braces_balanced(math) and all(name in _MATH_MACROS for name in names) and math.isascii()


def _encode_words(text: str, protect_case: bool, ascii_only: bool) -> str:
    """Any run of white space (no-break, line separators) becomes a space; words are encoded
    one by one, except that ASCII text where case does not matter (most abstracts, the bulk
    of an export) is translated whole in one C-level pass."""
    if text.isascii() and not protect_case:
        return _single_spaces(text).translate(_ASCII_TABLE)
    words = re.split(r"\s+", text)
    return " ".join(_encode_word(word, protect_case, ascii_only) if word else "" for word in words)


def _single_spaces(text: str) -> str:
    r"""`re.sub(r"\s+", " ", text)`, several times faster."""
    words = text.split()
    lead = " " if text[:1].isspace() else ""
    trail = " " if words and text[-1:].isspace() else ""
    return lead + " ".join(words) + trail


def _encode_word(word: str, protect_case: bool, ascii_only: bool) -> str:
    if word.isascii():  # most words: one C-level pass instead of a call per character
        encoded = word.translate(_ASCII_TABLE)
    else:
        encoded = "".join(_encode_char(char, ascii_only) for char in unicodedata.normalize("NFC", word))
    if protect_case and _case_matters(word):
        # A group that starts with a backslash is one "special character" to bibtex and its
        # letters would still be case-changed; an empty group in front prevents that.
        return "{{}" + encoded + "}" if encoded.startswith("\\") else "{" + encoded + "}"
    return encoded


def _case_matters(word: str) -> bool:
    if word.isalpha():  # the common case, without building lists
        return any(map(str.isupper, word[1:]))
    letters = [char for char in word if char.isalpha()]
    has_digit = any(char.isdigit() for char in word)
    inner_capital = any(char.isupper() for char in letters[1:])
    return inner_capital or (bool(letters) and has_digit)


def _encode_char(char: str, ascii_only: bool = True) -> str:
    if char.isascii():
        return _ASCII_SPECIALS.get(char, char) if char.isprintable() else ""
    if char in _STRAY_SPELLING:
        return _STRAY_SPELLING[char]
    if not ascii_only:
        return char
    if char in _SYMBOLS:
        return _SYMBOLS[char]
    if char in _LETTERS:
        return "{" + _LETTERS[char] + "}"
    if char in _GREEK:
        return "{$\\" + _GREEK[char] + "$}"
    return _accented(char)


def _accented(char: str) -> str:
    """`é` -> `{\\'e}`, `Ş` -> `{\\c{S}}`, `í` -> `{\\'\\i}`.

    Marks LaTeX has no command for (the Vietnamese horn) are left off; a character with no
    Latin base at all becomes its compatibility ASCII form or nothing. `ascii_losses`
    reports both, so that callers can say what was approximated.
    """
    decomposed = unicodedata.normalize("NFD", char)
    base, marks = decomposed[0], [mark for mark in decomposed[1:] if mark in _MARKS]
    if base in _LETTERS:
        body = _LETTERS[base]
    elif base.isascii() and base.isalpha():
        above = any(mark not in _MARKS_BELOW for mark in marks)
        body = "\\" + base if base in "ij" and above else base
    else:
        folded = unicodedata.normalize("NFKD", char)
        return folded if folded.isascii() and folded.isprintable() else ""
    if not marks:
        return body if body.isalpha() else "{" + body + "}"
    for mark in marks:
        command = _MARKS[mark]
        plain = not command.isalpha() and (len(body) == 1 or body in ("\\i", "\\j"))
        body = f"\\{command}{body}" if plain else f"\\{command}{{{body}}}"
    return "{" + body + "}"
