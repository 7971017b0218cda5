"""Snapshot text -> safe HTML: escaped for HTML, Markdown and Jinja; math as MathML.

Generated pages are Markdown files whose data sits inside raw HTML blocks, which Markdown
leaves alone. Escaping `{` and `}` as character references keeps `{{ }}` and `{% %}` from
listings inert even for plugins that run Jinja over page sources.
"""

from __future__ import annotations

import html

from latex2mathml.converter import convert as latex_to_mathml
from markupsafe import Markup

from papershelf.snapshots.latex import split_math

__all__ = ["escape_text", "render_text"]

_INERT = str.maketrans({"{": "&#123;", "}": "&#125;"})


def escape_text(text: str) -> Markup:
    """Plain text -> HTML that shows exactly that text."""
    return Markup(html.escape(text, quote=True).translate(_INERT))


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
    return mathml.translate(_INERT)
