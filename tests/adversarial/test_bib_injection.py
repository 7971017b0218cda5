"""TeX through math: listing text reaches `.bib` files, and from there documents that users
compile. Math is rebuilt from an allowlist or shown as escaped text; the real consumers
(bibtex with plain and alpha, pybtex's interpreter of plain, biblatex + biber with pdflatex
and with lualatex) typeset every case below without one message, and none of them reads a
file or runs a command because of it."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from conftest import entry, listing
from papershelf.export.bibtex import bibtex_file
from papershelf.export.latex import encode_latex
from papershelf.export.texmath import (
    DELIMITER_MACROS,
    MATH_ARGUMENT,
    MATH_CHARS,
    MATH_SIZES,
    MATH_SYMBOLS,
    MATH_TEXT,
)
from papershelf.model import Paper
from texrun import Typeset, biber_document, bibtex_document, listing_papers, need, run_tool

# Listing math that must not reach TeX as math -> how the ASCII export writes it.
AS_TEXT = {
    "hex-backslash": (
        r"$^^5cinput{/etc/passwd}$",
        r"\$\textasciicircum{}\textasciicircum{}5cinput\{/etc/passwd\}\$",
    ),
    "hex-backslash-local": (r"$^^5cinput{leak}$", r"\$\textasciicircum{}\textasciicircum{}5cinput\{leak\}\$"),
    "input": (r"$\input{leak}$", r"\$\textbackslash{}input\{leak\}\$"),
    "write18": (r"$\write18{ls}$", r"\$\textbackslash{}write18\{ls\}\$"),
    "catcode": (r"$\catcode`\a=13$", r"\$\textbackslash{}catcode`\textbackslash{}a=13\$"),
    "ampersand": (r"$a & b$", r"\$a \& b\$"),
    "hash": (r"$#1$", r"\$\#1\$"),
    "percent": (r"$5% of x$", r"\$5\% of x\$"),
    "unknown-macro": (
        r"$\ours{x} + \mathscr{L}$",
        r"\$\textbackslash{}ours\{x\} + \textbackslash{}mathscr\{L\}\$",
    ),
    "double-superscript": (r"$x^2^3$", r"\$x\textasciicircum{}2\textasciicircum{}3\$"),
    "prime-after-superscript": (r"$f^2'$", r"\$f\textasciicircum{}2'\$"),
    "missing-argument": (r"$\frac{1}$", r"\$\textbackslash{}frac\{1\}\$"),
    "left-without-right": (r"$\left( x$", r"\$\textbackslash{}left( x\$"),
    "size-without-delimiter": (r"$\big x$", r"\$\textbackslash{}big x\$"),
    "markup-in-text": (
        r"$\text{\input{leak}}$",
        r"\$\textbackslash{}text\{\textbackslash{}input\{leak\}\}\$",
    ),
    "deep-groups": ("$" + "{" * 40 + "x" + "}" * 40 + "$", r"\$" + r"\{" * 40 + "x" + r"\}" * 40 + r"\$"),
}
# Listing math that plain LaTeX typesets -> the math the ASCII export writes.
AS_MATH = {
    "escaped-percent": (r"$100\%$", r"$100\%$"),
    "escaped-hash": (r"$\#1$", r"$\#1$"),
    "text-specials": (r"$\text{a % b & c # d}$", r"$\mbox{a \% b \& c \# d}$"),
    "text-hex-backslash": (r"$\text{^^5c}$", r"$\mbox{\textasciicircum{}\textasciicircum{}5c}$"),
    "operators": (r"$O(n \log n)$", r"$O(n \log n)$"),
    "package-macros": (r"$\mathbb{R}^d, \operatorname{softmax}(x)$", r"$\mathbf{R}^d, \mathrm{softmax}(x)$"),
    "root-and-fraction": (r"$\sqrt[3]{x} + \frac ab$", r"$\sqrt[3]{x} + \frac ab$"),
    "delimiters": (r"$\left( \frac{a}{b} \right)^2 \big|$", r"$\left( \frac{a}{b} \right)^2 \big|$"),
    "primes-and-scripts": (r"$x'^2 + \alpha_{i}^{2}$", r"$x'^2 + \alpha_{i}^{2}$"),
}
CASES = {**AS_TEXT, **AS_MATH}
# A file a successful injection would read: its marker in a log means the attack worked.
LEAK = "\\typeout{LEAKED-BY-THE-BIB}\n"


@pytest.mark.parametrize("case", sorted(CASES))
def test_math_is_rebuilt_or_written_as_text(case: str):
    source, written = CASES[case]
    assert encode_latex(source) == written
    assert encode_latex(source, ascii_only=False) == written  # the UTF-8 biblatex export: the same


def _allowlist_math() -> list[str]:
    """Every allowed control sequence in every place the reader lets it stand."""
    chars = sorted(MATH_CHARS)
    math = [f"x^\\{name}_\\{name} \\hat\\{name} \\frac\\{name}\\{name} \\{name}" for name in chars]
    math += [f"\\{name} x^{{\\{name}}}" for name in sorted(MATH_SYMBOLS - {"{", "}"})]
    math += ["\\{ x^{\\{} \\} x^{\\}} \\left\\{ x \\right\\}"]  # braces balance for bibtex in pairs
    math += [f"\\{name} x \\{name}{{x}}^2 \\{name}\\alpha" for name in sorted(MATH_ARGUMENT)]
    math += [f"\\{name}{{a % b}}^2" for name in sorted(MATH_TEXT)]
    math += [f"\\{name}( \\{name}\\lfloor" for name in sorted(MATH_SIZES)]
    math += [f"\\left\\{name} x \\right\\{name}" for name in sorted(DELIMITER_MACROS - {"{", "}"})]
    return [*math, "\\left( x \\right. \\sqrt[n]{x} \\sqrt x \\dfrac12 \\tfrac{1}{2}"]


ALLOWLIST = _allowlist_math()


def test_every_allowlisted_control_sequence_stays_math():
    for span in ALLOWLIST:
        assert encode_latex(f"${span}$").startswith("$"), span


def _author(number: int) -> str:
    """A surname of its own per paper: `alpha` labels run out of letters past 26 papers by one
    author in one year (`Lee26a`... `Lee26z`), whatever the export writes."""
    return "Ann " + "".join(chr(ord("a") + int(digit)) for digit in str(number)).title()


@pytest.fixture(scope="module")
def papers() -> tuple[Paper, ...]:
    """One paper per case, the case in its title and its abstract, in listing order; then
    one per allowlist span, so that the consumers typeset each of those too."""
    cases = [
        entry(f"Case {case}: {source}", _author(number), abstract=f"See {source} here.")
        for number, (case, (source, _)) in enumerate(CASES.items())
    ]
    spans = [
        entry(f"Math {number}: ${span}$", _author(len(CASES) + number))
        for number, span in enumerate(ALLOWLIST)
    ]
    found = listing_papers(listing(*cases, *spans))
    assert len(found) == len(CASES) + len(ALLOWLIST)
    return found


@pytest.fixture(scope="module")
def bib(papers: tuple[Paper, ...], tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("bib") / "library.bib"
    path.write_text(bibtex_file(papers), encoding="utf-8")
    return path


CONSUMERS = ["bibtex-plain", "bibtex-alpha", "pybtex-plain", "biber-pdflatex"]


@pytest.fixture(scope="module", params=CONSUMERS)
def typeset(request: pytest.FixtureRequest, bib: Path, tmp_path_factory: pytest.TempPathFactory) -> Typeset:
    """The whole file typeset by one consumer, in a folder that holds a file to leak."""
    folder = tmp_path_factory.mktemp(request.param)
    (folder / "leak.tex").write_text(LEAK, encoding="utf-8")
    tool, style = request.param.split("-")
    if tool == "biber":
        return biber_document(bib, folder, engine=style, abstracts=True)
    return bibtex_document(bib, folder, style, engine=tool)


def test_every_consumer_typesets_every_case_without_a_message(typeset: Typeset, papers: tuple[Paper, ...]):
    assert typeset.problems == []
    for paper in papers:
        assert f"{{{paper.key}}}" in typeset.bbl, paper.title


def test_no_case_reads_a_file_or_runs_a_command(typeset: Typeset):
    assert "LEAKED-BY-THE-BIB" not in typeset.log
    assert "/etc/passwd" not in typeset.log and "leak.tex" not in typeset.log
    assert "runsystem" not in typeset.log


def test_pandoc_reads_every_case(bib: Path, papers: tuple[Paper, ...], tmp_path: Path):
    """Every entry reaches pandoc's CSL, and citeproc prints them all; the one warning left
    is pandoc's: its plain-text output cannot draw fractions and roots, and shows their TeX."""
    need("pandoc")
    parsed = run_tool(["pandoc", "-f", "biblatex", "-t", "csljson", str(bib)], tmp_path)
    assert parsed.returncode == 0 and parsed.stderr == "", parsed.stderr
    assert sorted(item["id"] for item in json.loads(parsed.stdout)) == sorted(p.key for p in papers)
    (tmp_path / "doc.md").write_text("---\nnocite: '@*'\n---\n", encoding="utf-8")
    args = ["pandoc", "--citeproc", "--bibliography", str(bib), "-t", "plain", "--wrap=none", "doc.md"]
    printed = run_tool(args, tmp_path)
    assert printed.returncode == 0
    for warning in printed.stderr.splitlines():
        assert re.match(r"\[WARNING\] Could not convert TeX math .*\\(frac|sqrt|overline|underline)", warning)
    assert "$^^5cinput{/etc/passwd}$" in printed.stdout and "Escaped-Percent: 100%" in printed.stdout


def test_the_bib_holds_each_case_as_encoded(papers: tuple[Paper, ...]):
    """What the consumers above typeset: each abstract as its case encodes."""
    for paper, (case, (_, written)) in zip(papers[: len(CASES)], CASES.items(), strict=True):
        assert f"abstract = {{See {written} here.}}" in bibtex_file([paper]), case
