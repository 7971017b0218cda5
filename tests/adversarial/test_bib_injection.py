"""TeX through math, DOIs and URLs: listing text reaches `.bib` files, and from there
documents that users compile. Math is rebuilt from an allowlist or shown as escaped text,
and a verbatim field holds nothing TeX acts on; the real consumers (bibtex with plain,
alpha, plainnat, unsrtnat and plainurl, pybtex's interpreter of plain, biblatex + biber
with pdflatex and with lualatex) typeset every case below without one message, and none of
them reads a file or runs a command because of it."""

from __future__ import annotations

import datetime as dt
import json
import re
from dataclasses import replace
from pathlib import Path

import pytest

from conftest import entry, listing
from papershelf.export.bibtex import bibtex_file
from papershelf.export.latex import encode_latex
from papershelf.export.texmath import (
    DELIMITER_MACROS,
    GREEK_LETTERS,
    MATH_ARGUMENT,
    MATH_CHARS,
    MATH_REPLACED,
    MATH_SIZES,
    MATH_SWITCHES,
    MATH_SYMBOLS,
    MATH_TEXT,
    MATH_UNICODE,
)
from papershelf.snapshots.folder import SnapshotFolder
from papershelf.library.keys import KeyBook
from papershelf.library.merge import build_library
from papershelf.model import Identifiers, Paper, Sighting
from texrun import Typeset, biber_document, bibtex_document, listing_papers, need, pandoc_references, run_tool

pytestmark = pytest.mark.slow  # typesets with every consumer: bibtex, biber, pdflatex and lualatex

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
    # as arXiv abstracts write them: a font command as a script, Unicode for commands
    "font-as-script": (
        r"$f_\mathrm{NL}, M_\odot, x^\text{eff}$",
        r"$f_{\mathrm{NL}}, M_\odot, x^{\mbox{eff}}$",
    ),
    "old-font-switches": (r"$T_{\rm eff} \lesssim 10^4$", r"$T_{\mathrm{eff}} \stackrel{<}{\sim} 10^4$"),
    "unicode-math": ("$γ:V → W, x − y ≤ 10^{−4}$", r"$\gamma :V \rightarrow W, x - y \leq 10^{-4}$"),
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
    math += [f"\\{name}{{a % b}}^2 x_\\{name}{{a}}" for name in sorted(MATH_TEXT)]
    math += [f"x_\\{name}{{a}}^\\{name} y" for name in sorted(MATH_ARGUMENT)]
    math += [" ".join(GREEK_LETTERS | MATH_UNICODE)]
    math += [f"x_{{\\{name} ab}}^2 {{\\{name} c}} \\{name} d" for name in sorted(MATH_SWITCHES)]
    math += [f"a \\{name} b" for name in sorted(MATH_REPLACED)]
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


CONSUMERS = [
    "bibtex-plain",
    "bibtex-alpha",
    "bibtex-plainnat",
    "bibtex-unsrtnat",
    "bibtex-plainurl",
    "pybtex-plain",
    "biber-pdflatex",
]


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
    is pandoc's: its plain-text output cannot draw fractions, roots and stacked signs
    (`\\lesssim` as `\\stackrel{<}{\\sim}`), and shows their TeX."""
    need("pandoc")
    parsed = run_tool(["pandoc", "-f", "biblatex", "-t", "csljson", str(bib)], tmp_path)
    assert parsed.returncode == 0 and parsed.stderr == "", parsed.stderr
    assert sorted(item["id"] for item in json.loads(parsed.stdout)) == sorted(p.key for p in papers)
    printed = pandoc_references(bib, tmp_path)
    assert printed.returncode == 0
    for warning in printed.stderr.splitlines():
        drawn = r"\\(frac|sqrt|overline|underline|stackrel)"
        assert re.match(r"\[WARNING\] Could not convert TeX math .*" + drawn, warning)
    assert "$^^5cinput{/etc/passwd}$" in printed.stdout and "Escaped-Percent: 100%" in printed.stdout


def test_the_bib_holds_each_case_as_encoded(papers: tuple[Paper, ...]):
    """What the consumers above typeset: each abstract as its case encodes."""
    for paper, (case, (_, written)) in zip(papers[: len(CASES)], CASES.items(), strict=True):
        assert f"abstract = {{See {written} here.}}" in bibtex_file([paper]), case


# TeX through the verbatim fields: pdflatex reads `^^5c` as a backslash wherever a style
# typesets a DOI or URL as text (plainnat without `url`) or inside a macro's argument
# (plainurl's `\href{...}{\path{doi:...}}`), so this DOI is `\input{secret}`.
PAYLOAD = "^^5cinput^^7bsecret^^7d"
PAYLOAD_DOI = f"10.1234/{PAYLOAD}"
PAYLOAD_FEED = f"""<?xml version="1.0" encoding="UTF-8"?>
<rss xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:arxiv="http://arxiv.org/schemas/atom" version="2.0">
<channel><title>cs.LG updates on arXiv.org</title><link>http://rss.arxiv.org/rss/cs.LG</link>
<item><title>Feed paper</title><link>https://arxiv.org/abs/2603.03383</link>
<description>arXiv:2603.03383v1 Announce Type: new
Abstract: We study sparse attention at scale and report what we found.</description>
<category>cs.LG</category><pubDate>Thu, 05 Mar 2026 00:00:00 -0500</pubDate>
<arxiv:DOI>{PAYLOAD_DOI}</arxiv:DOI><dc:creator>Ann Author</dc:creator></item>
</channel></rss>
"""
PAYLOAD_SNAPSHOTS = {
    "feed.xml": PAYLOAD_FEED,
    "library.bib": "@misc{lee2020bib,\n  author = {Lee, Ann},\n  title = {Bib paper},\n  year = {2020},\n"
    f"  doi = {{{PAYLOAD_DOI}}},\n  url = {{https://example.org/{PAYLOAD}}},\n"
    f"  eprint = {{2603.09999}},\n  primaryclass = {{{PAYLOAD}}}\n}}\n",
    "library.json": json.dumps(
        [
            {
                "id": "c",
                "title": "CSL paper",
                "author": [{"family": "Lee"}],
                "issued": {"date-parts": [[2020]]},
                "DOI": PAYLOAD_DOI,
            }
        ]
    ),
    "library.ris": f"TY  - JOUR\nTI  - RIS paper\nAU  - Lee, Ann\nPY  - 2020\nDO  - {PAYLOAD_DOI}\nER  - \n",
}
PAYLOAD_SETUPS = {  # (style, with the `url` package): natbib's styles as documents load them
    "plain": ("plain", False),
    "plainnat": ("plainnat", False),
    "plainnat-url": ("plainnat", True),
    "unsrtnat": ("unsrtnat", False),
    "plainurl": ("plainurl", False),
    "biber": ("biber", False),
}


@pytest.fixture(scope="module")
def payload_bib(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[str]]:
    """library.bib of papers whose DOI, URL and primary class hold the payload: read from a
    feed, a .bib, CSL-JSON and RIS, and made directly (a reader that forgot the rule), and
    the warnings the readers gave."""
    folder = tmp_path_factory.mktemp("payload")
    for name, text in PAYLOAD_SNAPSHOTS.items():
        (folder / name).write_text(text, encoding="utf-8")
    read = SnapshotFolder(folder).listings()
    papers = list(build_library(read, KeyBook({}, {})).library.papers)
    bypass = Identifiers(
        arxiv="2603.01234", primary_class=PAYLOAD, doi=PAYLOAD_DOI, url=f"https://example.org/{PAYLOAD}"
    )
    direct = Paper("direct", "Direct paper", (), dt.date(2020, 1, 1), "", False, (), (Sighting("x.txt", 1),))
    papers.append(replace(direct, ids=bypass))
    bib = folder / "out" / "library.bib"
    bib.parent.mkdir()
    bib.write_text(bibtex_file(papers), encoding="utf-8")
    return bib, [str(problem) for listing in read for problem in listing.problems]


def test_the_payload_never_reaches_library_bib(payload_bib: tuple[Path, list[str]]):
    bib, warnings = payload_bib
    text = bib.read_text(encoding="utf-8")
    assert "^" not in text and "5cinput" not in text
    assert text.count("@misc{") == 5
    for where in ("feed.xml:4", "library.bib:1", "library.json:1", "library.ris:1"):
        assert any(w.startswith(f"{where}: DOI '{PAYLOAD_DOI}'") for w in warnings), (where, warnings)


@pytest.mark.parametrize("setup", PAYLOAD_SETUPS)
def test_no_style_reads_the_secret(payload_bib: tuple[Path, list[str]], setup: str, tmp_path: Path):
    (tmp_path / "secret.tex").write_text(LEAK, encoding="utf-8")
    style, url = PAYLOAD_SETUPS[setup]
    if style == "biber":
        typeset = biber_document(payload_bib[0], tmp_path)
    else:
        typeset = bibtex_document(payload_bib[0], tmp_path, style, url_package=url)
    assert "LEAKED-BY-THE-BIB" not in typeset.log and "secret.tex" not in typeset.log
    assert typeset.problems == []
