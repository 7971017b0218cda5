"""Formulas as text, for places that show no MathML: a CSL title (with `<sup>`/`<sub>`) and a
page's title in the browser's tab and the site's header, where `$f_\\mathrm{NL}$` should read
`f_NL` and `Sr$_{2}$IrO$_{4}$` `Sr₂IrO₄`.

A formula is read by latex2mathml (as pages render it) and its MathML written out as text:
scripts as the caller writes them, a fraction as `a/b`, a root as `√`.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from xml.etree.ElementTree import Element

from latex2mathml.converter import convert_to_element

from papershelf.text.rules import split_math

__all__ = ["ScriptWriter", "math_text", "plain_title"]

ScriptWriter = Callable[[str, str], str]
"""Writes one script (`sup` or `sub`) of the given text."""

_SCRIPTS = {"msup": ("sup",), "msub": ("sub",), "msubsup": ("sub", "sup")}
_RAISED = str.maketrans("0123456789+-=()n", "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁼⁽⁾ⁿ")
_LOWERED = str.maketrans("0123456789+-=()", "₀₁₂₃₄₅₆₇₈₉₊₋₌₍₎")
_UNICODE_SCRIPTS = {"sup": ("0123456789+-=()n", _RAISED, "^"), "sub": ("0123456789+-=()", _LOWERED, "_")}


def math_text(latex: str, script: ScriptWriter, literal: Callable[[str], str] = str) -> str:
    """A formula as text, each script written by `script`, text through `literal`; the
    formula's source through `literal` if latex2mathml cannot read it."""
    try:
        return _node_text(convert_to_element(latex), script, literal)
    except Exception:  # noqa: BLE001 - latex2mathml raises many types on what it cannot read
        return literal(latex)


def plain_title(title: str) -> str:
    """A title with its formulas as plain text: scripts as Unicode super- and subscripts
    where every character has one (`L²`, `Sr₂`), else after `^` or `_` (`f_NL`)."""
    return "".join(
        math_text(run, _unicode_script) if is_math else run.replace("\\$", "$")
        for is_math, run in split_math(title)
    )


def _unicode_script(kind: str, text: str) -> str:
    characters, table, mark = _UNICODE_SCRIPTS[kind]
    if text and all(char in characters for char in text):
        return text.translate(table)
    return mark + (f"({text})" if " " in text else text)


def _node_text(element: Element, script: ScriptWriter, literal: Callable[[str], str]) -> str:
    """The text of a MathML element; the converter writes characters as references
    (`&#x003B1;`)."""
    tag = element.tag.rpartition("}")[2]
    children = [_node_text(child, script, literal) for child in element]
    if tag in _SCRIPTS and len(children) == len(_SCRIPTS[tag]) + 1:
        base, *scripts = children
        return base + "".join(script(name, text) for name, text in zip(_SCRIPTS[tag], scripts, strict=True))
    if tag == "mfrac" and len(children) == 2:
        return "/".join(children)
    if tag == "msqrt":
        return "√" + "".join(children)
    return literal(html.unescape(element.text or "")) + "".join(children)
