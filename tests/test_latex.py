"""LaTeX from listings -> Unicode for the model, and model text -> ASCII LaTeX for BibTeX."""

from __future__ import annotations

import pytest

from conftest import cpu_seconds
from papershelf.export.latex import encode_latex
from papershelf.snapshots.latex import decode_latex
from papershelf.text.mathtext import plain_title
from papershelf.text.rules import split_math


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
        ("includes {\\em i)} the law, {\\bf ii)} more", "includes i) the law, ii) more"),
        ("We introduce \\ours{}, a model", "We introduce \\ours{}, a model"),
        ("cost $O(L^2)$ -- fast", "cost $O(L^2)$ – fast"),
        ("50\\% \\& more \\$5", "50% & more \\$5"),
        ("attention\\footnote{In practice, we use inter", "attention (In practice, we use inter"),
        ("\\textbf{Main f", "Main f"),
        ("{GPU} kernels", "GPU kernels"),
        ("{{ config }} and {% raw %}", "{{ config }} and {% raw %}"),
        ("trailing \\", "trailing \\"),
        ("$unclosed math", "$unclosed math"),
        ("e\ufb03cient \ufb01ts, \ufb02ow", "efficient fits, flow"),  # ligatures a PDF's text keeps
        # a mailing's display formula: kept whole, as the model's math
        (
            "rate $$\ndR=\\sum_{i=1}^{d}G_i, \\quad t>0,\n$$ with $F$",
            "rate $dR=\\sum_{i=1}^{d}G_i, \\quad t>0,$ with $F$",
        ),
        ("an unclosed $$ stays", "an unclosed $$ stays"),
        ("$$a \\\\ b\\\\$$ ends a line", "$a \\\\ b\\\\$ ends a line"),  # `\\` is no escaped `$`
        # a link shows its text once, not its address and then its text
        (
            "at \\href{https://x.org/a}{https://x.org/a}. See \\href{https://x.org}{our site}",
            "at https://x.org/a. See our site",
        ),
        ("cut \\href{https://x.org", "cut https://x.org"),
        ("see \\href{https://x.org} and more", "see https://x.org and more"),
        # citations in an abstract: their keys, as a reference marker shows them
        ("appropriate~\\cite{mimic_demo,mimic}. Our", "appropriate [mimic_demo, mimic]. Our"),
        ("In \\cite{SXY}, see \\citep[p.~3]{a, b}", "In [SXY], see [a, b]"),
        ("all of \\citep*{x, y}, none of\\cite{}", "all of [x, y], none of"),
        ("a ~2x speedup, \\cite cut, \\cite{unclosed", "a ~2x speedup, \\cite cut, \\cite{unclosed"),
        # INSPIRE's `{\\relax Yu}` (two letters, one initial) and a typewriter quote
        ("Sinyukov, {\\relax Yu}. M.", "Sinyukov, Yu. M."),
        ("l{\\textquotesingle}{IH}{\\'{E}}S and \\textquotedbl{}x\\textquotedbl", 'l\'IHÉS and "x"'),
    ],
)
def test_decode(source: str, decoded: str):
    assert decode_latex(source) == decoded


def test_split_math_only_closed_spans():
    assert split_math("a $x^2$ b \\$ c $open") == [(False, "a "), (True, "x^2"), (False, " b \\$ c $open")]


@pytest.mark.parametrize(
    ("text", "encoded"),
    [
        ("García", "Garc{\\'i}a"),
        ("Şengül Doğan", '{\\c{S}}eng{\\"u}l Do{\\u{g}}an'),
        ("Øster Straße", "{\\O}ster Stra{\\ss}e"),
        (
            "50% & $5 #1 a_b {x} ~ ^ \\",
            "50\\% \\& \\$5 \\#1 a\\_b \\{x\\} \\textasciitilde{} \\textasciicircum{} \\textbackslash{}",
        ),
        ("x – y … z", "x -- y {\\ldots} z"),
        # scripts with no Latin base are transliterated; math symbols are math; other
        # symbols are left out, never transliterated (`≠` is no `=`)
        ("数字化转型 Социальные сети", "ShuZiHuaZhuanXing Sotsial'nye seti"),
        ("a ≠ b ≤ ∞ ♥", "a {$\\neq$} b {$\\leq$} {$\\infty$} "),
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


@pytest.mark.parametrize(
    ("source", "decoded"),
    [
        ("{" * 5000 + "GPU" + "}" * 5000 + " kernels", "GPU kernels"),
        ("\\'" * 5000 + "e", "\u00e9" + "\u0301" * 29),  # a letter keeps at most 30 marks
        ("\\emph{" * 5000 + "x" + "}" * 5000, "x"),
        ("\\'{" * 5000 + "a" + "}" * 5000, "\u00e1" + "\u0301" * 29),
        ("\\footnote{" * 3 + "cut", " ( ( (cut"),
        ("\\footnote\\emph{cut", " (cut"),
        ("\\ours{" + "{" * 5000 + "}" * 5000 + "} stays", "\\ours{" + "{" * 5000 + "}" * 5000 + "} stays"),
        ("{ spaced " * 3000 + "}" * 3000, "{ spaced " * 3000 + "}" * 3000),
    ],
    ids=["braces", "accents", "emph", "braced-accents", "footnotes", "cut-argument", "unknown", "spaced"],
)
def test_deep_nesting_decodes_without_recursion(source: str, decoded: str):
    assert decode_latex(source) == decoded


@pytest.mark.slow
def test_decoding_time_grows_linearly_with_nesting():
    def seconds(depth: int) -> float:
        source = "\\'{" * depth + "a" + "}" * depth + " {x " * depth + "}" * depth
        return cpu_seconds(lambda: decode_latex(source))

    small, large = seconds(2000), seconds(16000)
    assert large < 24 * small + 0.05  # 8x the input: about 8x the time; quadratic would be 64x


@pytest.mark.parametrize(
    ("title", "plain"),
    [
        ("Sparse $O(L^2)$ Attention", "Sparse O(L²) Attention"),
        ("Fermi surface in Sr$_{2}$IrO$_{4}$", "Fermi surface in Sr₂IrO₄"),
        (
            "Constraints on $f_\\mathrm{NL}$ through $\\mu$-distortion",
            "Constraints on f_NL through μ-distortion",
        ),
        ("$\\frac{a}{b}$ for \\$5", "a/b for $5"),
    ],
)
def test_a_title_in_plain_text_reads_its_formulas(title: str, plain: str):
    assert plain_title(title) == plain
