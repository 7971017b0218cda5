"""Snapshot text -> safe HTML: escaped for HTML, Markdown and Jinja; math as MathML.

Generated pages are Markdown files whose data sits inside raw HTML blocks, which Markdown
leaves alone. Data is escaped for HTML and, beyond that, every character that Markdown, its
extensions or Jinja could act on becomes a character reference: `{{ }}` and `{% %}` from
listings stay inert even for plugins that run Jinja over page sources, and `*`, `_`, `[`
stay text even where the data lands in Markdown (reading-list cards, references).
"""

from __future__ import annotations

from latex2mathml.converter import convert as latex_to_mathml
from markupsafe import Markup

from papershelf.snapshots.latex import split_math

__all__ = ["escape_text", "render_text"]

_BRACES = str.maketrans({"{": "&#123;", "}": "&#125;"})
# Characters Markdown, Jinja or Python-Markdown extensions may act on, as references.
# One table for HTML's own characters too, so that no reference is escaped twice.
_INERT = str.maketrans({char: f"&#{ord(char)};" for char in "&<>\"'{}[]*_`\\|~^$#!"})


def escape_text(text: str) -> Markup:
    """Plain text -> HTML that shows exactly that text."""
    return Markup(text.translate(_INERT))


def render_text(text: str) -> Markup:
    """Model text -> HTML with each closed `$...$` span rendered as inline MathML."""
    pieces = []
    for is_math, run in split_math(text):
        if is_math:
            pieces.append(_math(run))
        else:
            pieces.append(escape_text(run.replace("\\$", "$")))
    return Markup("".join(pieces))


def _math(latex: str) -> str:
    """MathML for a formula, or the formula as escaped text if it cannot be converted."""
    try:
        mathml = latex_to_mathml(latex)
    except Exception:  # noqa: BLE001 - latex2mathml raises many types on malformed input
        return escape_text(f"${latex}$")
    return mathml.translate(_BRACES)
