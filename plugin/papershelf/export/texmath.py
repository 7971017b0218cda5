"""Math for a `.bib` file, rebuilt from an allowlist: listing text is written by strangers.

Math from a listing ends up in documents users compile, so it is never copied. It is read
token by token and written again from pieces that plain LaTeX (no package) typesets without
an error after bibtex and after biber (`plain_math`); math with anything else is left to
`papershelf.export.latex`, which escapes it and prints it as text. The allowlist is public so
that tests can typeset every name in it.
"""

from __future__ import annotations

import re

__all__ = [
    "DELIMITER_MACROS",
    "ESCAPE_TEXT",
    "GREEK_LETTERS",
    "MATH_ARGUMENT",
    "MATH_CHARS",
    "MATH_REPLACED",
    "MATH_SIZES",
    "MATH_SWITCHES",
    "MATH_SYMBOLS",
    "MATH_TEXT",
    "MATH_UNICODE",
    "TEXT_SPECIALS",
    "braces_balanced",
    "plain_math",
    "single_spaces",
]

# What plain ASCII text needs escaped in a field: in math text arguments and everywhere else.
TEXT_SPECIALS = {
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
    # As math: biber decodes `\textless` to `<`, which pdflatex's OT1 text font prints as
    # `¡`, and pandoc drops `\textbar` (and reads neither inside `\mbox`).
    "<": r"{$<$}",
    ">": r"{$>$}",
    "|": r"{$|$}",
}
ESCAPE_TEXT = str.maketrans(
    {**{chr(code): "" for code in range(128) if not chr(code).isprintable()}, **TEXT_SPECIALS}
)
# Math allowlist. Each name here was typeset by pdflatex with no package, in every position
# the reader lets it stand, after bibtex and after biber (tests/adversarial/test_bib_injection.py
# compiles them all). `\langle` and `\rangle` are missing on purpose: biber decodes them even
# inside math, to characters pdflatex cannot typeset. Rare names that pandoc cannot render as
# text (`\ddot`, `\bmod`, `\Bigl`) are missing too; fractions and roots are kept, although
# pandoc's plain-text output shows them as TeX, with a warning.
# One math character each: allowed wherever TeX reads a single token (a script, an accent).
MATH_CHARS = frozenset(
    "alpha beta gamma delta epsilon varepsilon zeta eta theta vartheta iota kappa lambda mu nu "
    "xi pi varpi rho varrho sigma varsigma tau upsilon phi varphi chi psi omega Gamma Delta "
    "Theta Lambda Xi Pi Sigma Upsilon Phi Psi Omega infty prime partial nabla forall exists "
    "emptyset ell star ast circ bullet top bot pm mp times div cdot odot leq geq le ge ll gg approx "
    "sim simeq equiv propto in ni subset supset subseteq supseteq cup cap wedge vee setminus "
    "oplus otimes mid parallel perp rightarrow leftarrow Rightarrow Leftarrow leftrightarrow "
    "Leftrightarrow to gets uparrow downarrow lfloor rfloor lceil rceil vert Vert "
    "backslash colon cdotp neg % & #".split()
)
# No argument, but more than one character: fine anywhere except as a script or accent.
MATH_SYMBOLS = frozenset(
    "cdots ldots dots vdots ddots neq ne notin mapsto hbar quad qquad sum prod int oint bigcup "
    "bigcap log ln lg exp max min lim sup inf sin cos tan arg det dim deg gcd ker Pr "
    ", ; : ! { } | $ _".split()
)
# One argument (math); package macros that users write are mapped to their plain relatives.
MATH_ARGUMENT = {
    **{
        name: name
        for name in "mathcal mathbf mathrm mathit mathsf mathtt hat widehat "
        "tilde widetilde bar vec dot acute grave check breve overline underline mathop "
        "mathbin mathrel mathord".split()
    },
    "mathbb": "mathbf",
    "boldsymbol": "mathbf",
    "bm": "mathbf",
    "operatorname": "mathrm",
}
GREEK_LETTERS = {
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
"""The Greek letters that have a command of their own (`Α` is an `A` to LaTeX)."""
MATH_UNICODE = {
    "×": "times",
    "±": "pm",
    "∓": "mp",
    "·": "cdot",
    "⊙": "odot",
    "∘": "circ",
    "≤": "leq",
    "≥": "geq",
    "≪": "ll",
    "≫": "gg",
    "≈": "approx",
    "∼": "sim",
    "≃": "simeq",
    "≡": "equiv",
    "≠": "neq",
    "∝": "propto",
    "∈": "in",
    "∉": "notin",
    "⊂": "subset",
    "⊆": "subseteq",
    "∪": "cup",
    "∩": "cap",
    "⊗": "otimes",
    "⊕": "oplus",
    "∞": "infty",
    "∂": "partial",
    "∇": "nabla",
    "∀": "forall",
    "∃": "exists",
    "∅": "emptyset",
    "ℓ": "ell",
    "→": "rightarrow",
    "←": "leftarrow",
    "↔": "leftrightarrow",
    "⇒": "Rightarrow",
    "⇐": "Leftarrow",
    "⇔": "Leftrightarrow",
    "∑": "sum",
    "∏": "prod",
    "∫": "int",
    "⋯": "cdots",
}
"""Unicode characters that math in a listing writes for commands of the allowlist
(`$γ:V → W$`, as arXiv abstracts do), besides `GREEK_LETTERS`, each by its command's name."""
_AS_COMMANDS = str.maketrans(
    {char: f"\\{name} " for char, name in (GREEK_LETTERS | MATH_UNICODE).items()} | {"−": "-", "ħ": "\\hbar "}
)
"""Inside math, also `ħ`, which outside it is the Maltese letter (`Mħammed`)."""
MATH_SWITCHES = {
    "rm": "mathrm",
    "bf": "mathbf",
    "it": "mathit",
    "sf": "mathsf",
    "tt": "mathtt",
    "cal": "mathcal",
}
"""Old font switches, which act to the end of their group (`T_{\\rm eff}`, common in
astronomy), and the font command each is rewritten as: the classes of some publishers
(KOMA-Script's) stop with an error at the switches."""
MATH_REPLACED = {
    "lesssim": r"\stackrel{<}{\sim}",
    "gtrsim": r"\stackrel{>}{\sim}",
    "leqslant": r"\leq",
    "geqslant": r"\geq",
}
"""Symbols of `amssymb` that abstracts use most, as plain LaTeX writes them: the same sign
drawn from plain pieces, or the same relation in its plain glyph."""
_MATH_FRACTIONS = frozenset({"frac", "dfrac", "tfrac"})
# One argument (text), written escaped; amsmath's `\text` is `\mbox` in plain LaTeX.
MATH_TEXT = {
    "text": "mbox",
    "mbox": "mbox",
    "textrm": "textrm",
    "textit": "textit",
    "textbf": "textbf",
    "textsf": "textsf",
    "texttt": "texttt",
    "textnormal": "textrm",
}
MATH_SIZES = frozenset("big Big bigg Bigg bigl bigr biggl biggr Biggl Biggr".split())
_DELIMITER_CHARS = frozenset("()[]|/.")
DELIMITER_MACROS = frozenset("{ } | lfloor rfloor lceil rceil vert Vert".split())
_MATH_PUNCTUATION = frozenset("+-=()[]<>/|.,;:!?*@")
_ESCAPED_IN_TEXT = frozenset({"\\%", "\\&", "\\#", "\\$", "\\_"})
_SIMPLE_MATH = re.compile(r"[A-Za-z0-9 +=()/.,;:!?*@-]*")
_MATH_TOKEN = re.compile(r"\\[A-Za-z]+|\\[^A-Za-z]|\s+|[\s\S]")
_ENDS_IN_NAMED_MACRO = re.compile(r"\\[A-Za-z]+$")
_BRACE = re.compile(r"[{}]")
_MAX_MATH_DEPTH = 12
"""Groups nested deeper are not math anyone typed: they stay text, and the reader stays shallow."""


def braces_balanced(text: str) -> bool:
    """Every `{` closed by a later `}`, as bibtex counts them (a backslash does not escape).
    Only the braces are walked: a whole abstract is checked for every entry written."""
    depth = 0
    for brace in _BRACE.findall(text):
        depth += 1 if brace == "{" else -1
        if depth < 0:
            return False
    return depth == 0


class _NotPlainMath(Exception):
    """A token outside the allowlist, or one where plain LaTeX would stop with an error."""


def plain_math(math: str) -> str | None:
    """`math` rebuilt from allowed tokens, or None when it must be shown as text.

    Checking names is not enough: `^^5c` is a backslash to TeX, `%` ends the field once
    LaTeX reads the .bbl, and `x^2^3` or `\\frac{1}` stop pdflatex. Braces must also balance
    as bibtex counts them (`\\{` included), or the field would end early.
    """
    if _SIMPLE_MATH.fullmatch(math):  # `$n$`, `$O(n)$`: nothing to rebuild
        return single_spaces(math)
    if not math.isascii():
        math = math.translate(_AS_COMMANDS)
    if not math.isascii() or not braces_balanced(math):
        return None
    try:
        return _MathReader(_MATH_TOKEN.findall(math)).math()
    except _NotPlainMath:
        return None


class _MathReader:
    """Reads math token by token and writes it again from allowed pieces only.

    Allowed: ASCII letters, digits and punctuation; the control sequences of the tables
    above, each with the arguments it needs; groups; at most one superscript (primes
    included) and one subscript per atom; `\\left` paired with `\\right` inside one group;
    text arguments (`\\text{...}`) with no markup, written escaped. Spaces are kept (one
    each), because `\\alpha x` is not `\\alphax`.
    """

    def __init__(self, tokens: list[str]) -> None:
        self.tokens = tokens
        self.at = 0

    def math(self) -> str:
        return self._list(0, "")

    def _peek(self) -> str:
        return self.tokens[self.at] if self.at < len(self.tokens) else ""

    def _take(self, skip_spaces: bool = False) -> str:
        while skip_spaces and self._peek().isspace():
            self.at += 1
        if self.at >= len(self.tokens):
            raise _NotPlainMath
        self.at += 1
        return self.tokens[self.at - 1]

    def _list(self, depth: int, end: str) -> str:
        """Atoms and their scripts up to `end` (`}`, `\\right`, or "" for the end of the math)."""
        if depth > _MAX_MATH_DEPTH:
            raise _NotPlainMath
        pieces: list[str] = []
        has_sup = has_sub = False
        while self._peek() != end:
            token = self._take()
            if token.isspace():
                pieces.append(" ")
            elif token == "^" and not has_sup:
                pieces.append("^" + self._argument(depth))
                has_sup = True
            elif token == "_" and not has_sub:
                pieces.append("_" + self._argument(depth))
                has_sub = True
            elif token == "'" and not has_sup:
                pieces.append(self._primes(depth))
                has_sup = True
            elif token in "^_'":
                raise _NotPlainMath  # "Double superscript", "Double subscript"
            elif token[1:] in MATH_SWITCHES:
                pieces.append(f"\\{MATH_SWITCHES[token[1:]]}{{{self._list(depth + 1, end).lstrip()}}}")
            else:
                pieces.append(self._atom(token, depth))
                has_sup = has_sub = False
        return _joined(pieces)

    def _primes(self, depth: int) -> str:
        """`x''` is a superscript; LaTeX merges a `^` that follows at once into it."""
        primes = "'"
        while self._peek() == "'":
            primes += self._take()
        if self._peek() == "^":
            return primes + self._take() + self._argument(depth)
        return primes

    def _atom(self, token: str, depth: int) -> str:
        if token == "{":
            inner = self._list(depth + 1, "}")
            self._take()
            return "{" + inner + "}"
        if len(token) == 1:
            if token.isalnum() or token in _MATH_PUNCTUATION:
                return token
            raise _NotPlainMath
        name = token[1:]
        if name in MATH_CHARS or name in MATH_SYMBOLS:
            return token
        if name in MATH_REPLACED:
            return MATH_REPLACED[name]
        if name in MATH_ARGUMENT:
            return _joined(["\\" + MATH_ARGUMENT[name], self._argument(depth)])
        if name in _MATH_FRACTIONS:
            return _joined(["\\frac", self._argument(depth), self._argument(depth)])
        if name == "sqrt":
            return _joined(["\\sqrt", self._root_index(), self._argument(depth)])
        if name in MATH_TEXT:
            return "\\" + MATH_TEXT[name] + self._text()
        if name in MATH_SIZES:
            return _joined([token, self._delimiter()])
        if name == "left":
            opening = self._delimiter()
            inner = self._list(depth + 1, "\\right")
            self._take()
            return _joined(["\\left", opening, inner, "\\right", self._delimiter()])
        raise _NotPlainMath

    def _argument(self, depth: int) -> str:
        """What TeX takes as one argument: a group, one character or one math character;
        a font or text command with its own argument is braced (`f_\\mathrm{NL}`, which
        LaTeX reads, is written `f_{\\mathrm{NL}}`, which it must)."""
        token = self._take(skip_spaces=True)
        if token == "{":
            return self._atom(token, depth)
        if token[1:] in MATH_ARGUMENT or token[1:] in MATH_TEXT:
            return "{" + self._atom(token, depth) + "}"
        if len(token) == 1 and (token.isalnum() or token in _MATH_PUNCTUATION):
            return token
        if token[1:] in MATH_CHARS and len(token) > 1:
            return token
        raise _NotPlainMath

    def _delimiter(self) -> str:
        token = self._take(skip_spaces=True)
        if token in _DELIMITER_CHARS or (len(token) > 1 and token[1:] in DELIMITER_MACROS):
            return token
        raise _NotPlainMath

    def _root_index(self) -> str:
        """`\\sqrt[3]`: letters and digits only, since TeX ends the index at the first `]`."""
        while self._peek().isspace():
            self.at += 1
        if self._peek() != "[":
            return ""
        self.at += 1
        index = ""
        while (token := self._take()) != "]":
            if not (token.isalnum() or token.isspace()):
                raise _NotPlainMath
            index += token
        return "[" + index + "]"

    def _text(self) -> str:
        """A braced text argument without markup: its specials escaped (`%` is `\\%`), those
        escaped already kept (`\\%`)."""
        if self._take(skip_spaces=True) != "{":
            raise _NotPlainMath
        pieces = []
        while (token := self._take()) != "}":
            if token in _ESCAPED_IN_TEXT:
                pieces.append(token)
            elif token.startswith("\\") or token in "{$":
                raise _NotPlainMath
            else:
                pieces.append(" " if token.isspace() else token.translate(ESCAPE_TEXT))
        return "{" + "".join(pieces) + "}"


def _joined(pieces: list[str]) -> str:
    """Pieces of math as one string, with a space where a command name would run into a letter."""
    joined = ""
    previous = ""
    for piece in filter(None, pieces):
        if piece[:1].isalpha() and _ENDS_IN_NAMED_MACRO.search(previous):
            joined += " "
        joined += piece
        previous = piece
    return joined


def single_spaces(text: str) -> str:
    r"""`re.sub(r"\s+", " ", text)`, several times faster."""
    words = text.split()
    lead = " " if text[:1].isspace() else ""
    trail = " " if words and text[-1:].isspace() else ""
    return lead + " ".join(words) + trail
