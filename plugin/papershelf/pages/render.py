"""Snapshot text -> safe HTML: escaped for HTML, Markdown and Jinja; math as MathML.

Generated pages are Markdown files whose data sits inside raw HTML blocks, which Markdown
leaves alone. Data is escaped for HTML and, beyond that, every character that Markdown, its
extensions or Jinja could act on becomes a character reference: `{{ }}` and `{% %}` from
listings stay inert even for plugins that run Jinja over page sources, and `*`, `_`, `[`
stay text even where the data lands in Markdown (reading-list cards, references).

MathML is markup we did not write: the converter copies `\\text{<script>...}` into its output
as it stands. So it is never used as a string: its element tree is rebuilt from an allowlist
of MathML elements and attributes, each text and attribute value escaped like any other data;
a formula that needs anything else is shown as its escaped source instead. Lengths are
bounded too: `\\rule{500cm}{500cm}` or `\\hspace{99999cm}` are allowed markup that would draw a
black square or a page millions of pixels wide, so a formula whose sizes and spaces (compounded
through nested size changes) exceed a few em is shown as its source as well.
"""

from __future__ import annotations

import functools
import html
import re
from xml.etree.ElementTree import Element

from latex2mathml.converter import convert_to_element
from markupsafe import Markup

from papershelf.text.rules import replacing, split_math

__all__ = ["escape_text", "render_text"]

# Characters Markdown, Jinja or Python-Markdown extensions may act on, as references.
# One table for HTML's own characters too, so that no reference is escaped twice.
_INERT = replacing({char: f"&#{ord(char)};" for char in "&<>\"'{}[]*_`\\|~^$#!"})
# In a user's page data sits in Markdown (link text, `markdown="span"` cards), where the
# extensions a site may enable act on more: `==mark==`, `++ctrl++`, `:emoji:` (an image from
# a CDN), `(c)`, `--`, `www.example.com`, `@mention`.
_INERT_IN_MARKDOWN = replacing({char: f"&#{ord(char)};" for char in "&<>\"'{}[]*_`\\|~^$#!=+:()-.@/"})

_MATH_OPEN = '<math xmlns="http://www.w3.org/1998/Math/MathML" display="inline">'
# Token elements hold text only; an element among their children is not the converter's doing.
_TOKENS = frozenset({"mi", "mn", "mo", "ms", "mtext"})
_LAYOUT = frozenset(
    "mrow mspace mfrac msqrt mroot msub msup msubsup munder mover munderover mtable mtr mtd"
    " mstyle mpadded mphantom menclose".split()
)
# Presentation attributes only: nothing that names a URL, a script, a class or a style.
_ATTRIBUTES = frozenset(
    "accent accentunder columnalign columnlines columnspacing depth displaystyle fence form"
    " height largeop linebreak linethickness lspace mathbackground mathcolor mathsize"
    " mathvariant maxsize minsize movablelimits notation rowlines rowspacing rspace"
    " scriptlevel separator stretchy symmetric voffset width".split()
)
# Lengths, keywords and colour names: a value needs nothing else.
_VALUE = re.compile(r"[A-Za-z0-9 .#%+-]*")
# Attributes whose value is a length (or a list of them), bounded by `_MAX_EM` once scaled
# by the sizes of the elements around them.
_LENGTHS = frozenset(
    "depth height lspace rspace voffset width mathsize minsize maxsize linethickness"
    " columnspacing rowspacing".split()
)
_MAX_EM = 4.0
"""Larger than any size or space TeX's own commands give (`\\Bigg` 2.47em, `\\qquad` 2em)."""
_MAX_SPACE_EM = 16.0
"""All of a formula's spaces together: a few `\\qquad`s, not a thousand `\\hspace{3em}`."""
_LENGTH = re.compile(r"([+-]?(?:\d+\.?\d*|\.\d+))(em|ex|px|pt|pc|in|cm|mm|mu|%)?")
# How many em each unit is, at the 16px (12pt) font a page has.
_EM_PER_UNIT = {
    "em": 1.0,
    "ex": 0.5,
    "px": 1 / 16,
    "pt": 1 / 12,
    "pc": 1.0,
    "in": 6.0,
    "cm": 6 / 2.54,
    "mm": 0.6 / 2.54,
    "mu": 1 / 18,
    "%": 0.01,
    "": 1.0,
}
# MathML's keyword lengths, all within the bound.
_LENGTH_KEYWORDS = frozenset(
    "small normal big thin medium thick infinity veryverythinmathspace verythinmathspace"
    " thinmathspace mediummathspace thickmathspace verythickmathspace veryverythickmathspace"
    " negativeveryverythinmathspace negativeverythinmathspace negativethinmathspace"
    " negativemediummathspace negativethickmathspace negativeverythickmathspace"
    " negativeveryverythickmathspace".split()
)


class _Unsafe(Exception):
    """The converter's tree holds something outside the allowlist."""


def escape_text(text: str, in_markdown: bool = False) -> Markup:
    """Plain text -> HTML that shows exactly that text (in a user's Markdown too)."""
    return Markup((_INERT_IN_MARKDOWN if in_markdown else _INERT)(text))


def render_text(text: str, in_markdown: bool = False) -> Markup:
    """Model text -> HTML with each closed `$...$` span rendered as inline MathML."""
    pieces = []
    for is_math, run in split_math(text):
        if is_math:
            pieces.append(_math(run, in_markdown))
        else:
            pieces.append(escape_text(run.replace("\\$", "$"), in_markdown))
    return Markup("".join(pieces))


@functools.lru_cache(maxsize=1 << 14)
def _math(latex: str, in_markdown: bool) -> str:
    """MathML for a formula, or the formula as escaped text if it cannot be converted
    or needs markup outside the allowlist. Converted once: formulas repeat (`$n$`, `$O(n^2)$`;
    nearly half of those in arXiv's listings), and converting is most of a page's math."""
    try:
        tree = convert_to_element(latex)
        if sum(abs(_ems(space.get("width", "0"))) for space in tree.iter("mspace")) > _MAX_SPACE_EM:
            raise _Unsafe("spaces wider than a formula needs")
        return _MATH_OPEN + "".join(_element(child, in_markdown) for child in tree) + "</math>"
    except Exception:  # noqa: BLE001 - _Unsafe, or any of the many types latex2mathml raises
        return escape_text(f"${latex}$", in_markdown)


def _element(element: Element, in_markdown: bool, scale: float = 1.0) -> str:
    """An allowed element rebuilt: its allowed attributes and its text, all escaped.
    `scale` is the font size its ancestors set, relative to the page's."""
    tag = element.tag
    if tag not in _TOKENS and tag not in _LAYOUT:
        raise _Unsafe(tag)
    if tag in _TOKENS and len(element):
        raise _Unsafe(f"{tag} with child elements")
    attributes = "".join(
        f' {name}="{_attribute(name, value, scale)}"' for name, value in element.attrib.items()
    )
    scale *= _ems(element.get("mathsize", "1"))
    children = "".join(_element(child, in_markdown, scale) for child in element)
    text, tail = _text(element.text, in_markdown), _text(element.tail, in_markdown)
    return f"<{tag}{attributes}>{text}{children}</{tag}>{tail}"


def _attribute(name: str, value: str, scale: float) -> str:
    """An allowed attribute's value, escaped (the converter copies `\\color{...}` into one);
    a length no larger than `_MAX_EM` at the font size `scale` it is drawn at."""
    if name not in _ATTRIBUTES or not _VALUE.fullmatch(value):
        raise _Unsafe(name)
    if name in _LENGTHS and any(abs(_ems(part) * scale) > _MAX_EM for part in value.split()):
        raise _Unsafe(f"{name}={value}")
    return escape_text(value)


def _ems(length: str) -> float:
    """A MathML length in em (a keyword counts as 1); larger than any bound if unreadable."""
    if length in _LENGTH_KEYWORDS:
        return 1.0
    match = _LENGTH.fullmatch(length)
    return float(match[1]) * _EM_PER_UNIT[match[2] or ""] if match else float("inf")


def _text(text: str | None, in_markdown: bool) -> str:
    """The converter writes characters as references (`&#x003B1;`) into its text and leaves
    the formula's own text as it is: both become plain text, then escaped."""
    return escape_text(html.unescape(text), in_markdown) if text else ""
