"""LaTeX from listings -> Unicode for the model, and model text -> ASCII LaTeX for BibTeX."""

from __future__ import annotations

import pytest

from papershelf.export.latex import encode_latex
from papershelf.snapshots.latex import decode_latex, split_math


@pytest.mark.parametrize(
    ("source", "decoded"),
    [
        ("Garc\\'ia-Ferrero", "García-Ferrero"),
        ('\\c{S}eng\\"ul Do\\u{g}an', "Şengül Doğan"),
        ("Jo\\~ao", "João"),
        ("\\'\\i x", "íx"),
        ('{\\o}ster \\ss{} \\AA{}ngstr\\"om', "øster ß Ångström"),
        ("Attention--FFN --- done", "Attention–FFN — done"),
        ("\\emph{addressing} and \\textbf{bold}", "addressing and bold"),
        ("We introduce \\ours{}, a model", "We introduce \\ours{}, a model"),
        ("cost $O(L^2)$ -- fast", "cost $O(L^2)$ – fast"),
        ("50\\% \\& more \\$5", "50% & more \\$5"),
        ("attention\\footnote{In practice, we use inter", "attention (In practice, we use inter"),
        ("\\textbf{Main f", "Main f"),
        ("{GPU} kernels", "GPU kernels"),
        ("{{ config }} and {% raw %}", "{{ config }} and {% raw %}"),
        ("trailing \\", "trailing \\"),
        ("$unclosed math", "$unclosed math"),
    ],
)
def test_decode(source: str, decoded: str):
    assert decode_latex(source) == decoded


def test_split_math_only_closed_spans():
    assert split_math("a $x^2$ b \\$ c $open") == [(False, "a "), (True, "x^2"), (False, " b \\$ c $open")]


@pytest.mark.parametrize(
    ("text", "encoded"),
    [
        ("García", "Garc{\\'\\i}a"),
        ("Şengül Doğan", '{\\c{S}}eng{\\"u}l Do{\\u{g}}an'),
        ("Øster Straße", "{\\O}ster Stra{\\ss}e"),
        (
            "50% & $5 #1 a_b {x} ~ ^ \\",
            "50\\% \\& \\$5 \\#1 a\\_b \\{x\\} \\textasciitilde{} \\textasciicircum{} \\textbackslash{}",
        ),
        ("x – y … z", "x -- y {\\ldots} z"),
    ],
)
def test_encode_is_ascii_with_braced_accents(text: str, encoded: str):
    assert encode_latex(text) == encoded
    assert encode_latex(text).isascii()


def test_encode_title_protects_case_and_math():
    assert encode_latex("Serving LLMs on B300 at $O(L^2)$ cost", protect_case=True) == (
        "Serving {LLMs} on {B300} at {$O(L^2)$} cost"
    )
    assert encode_latex("Uses $\\ours{}$ math", protect_case=True) == (
        "Uses \\$\\textbackslash{}ours\\{\\}\\$ math"
    )
