"""Typeset a .bib file the way its users do: bibtex + pdflatex, biblatex + biber.

Shared by the export tests, with `listing_papers`, which makes papers from listing text
the way the reader does. Each run collects every message the consumers print that a
user would see as a problem (bibtex and biber warnings and errors, LaTeX errors, biblatex
warnings), so that a test asserts one empty list. A tool that is not installed makes the
calling test skip, naming the tool (`.ci/run` installs them).
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from collections.abc import Sequence
from pathlib import Path

import pytest

from papershelf.model import Paper
from papershelf.snapshots.text import parse_text_listing

__all__ = [
    "Typeset",
    "biber_document",
    "bibtex_document",
    "listing_papers",
    "need",
    "need_latex_files",
    "pandoc_references",
    "run_tool",
]


@dataclass(frozen=True)
class Typeset:
    """What one document left behind: the problems its consumers reported and their files."""

    folder: Path
    problems: list[str]
    bbl: str
    log: str


def listing_papers(text: str) -> tuple[Paper, ...]:
    """Papers as the text reader makes them from `text`, keyed `p1`, `p2`... in order: the
    export tests judge exports alone, not how the library merges papers or issues keys."""
    listing = parse_text_listing(text, "listing.txt")
    assert listing.problems == (), listing.problems
    return tuple(
        Paper(
            key=f"p{number}",
            title=entry.title,
            authors=entry.authors,
            date=entry.date,
            abstract=entry.abstract,
            truncated=entry.truncated,
            topics=(entry.topic,),
            sightings=(entry.source,),
            authors_truncated=entry.authors_truncated,
        )
        for number, entry in enumerate(listing.entries, start=1)
    )


def need(*tools: str) -> None:
    for tool in tools:
        if shutil.which(tool) is None:
            pytest.skip(f"{tool} is not installed (.ci/run installs it)")


def need_latex_files(*names: str) -> None:
    """Skip unless LaTeX finds each file (`fontspec.sty`): a lualatex without `luaotfload`
    cannot load fonts at all, which is the machine's lack, not the export's fault."""
    need("kpsewhich")
    for name in names:
        if not subprocess.run(["kpsewhich", name], capture_output=True, text=True).stdout.strip():
            pytest.skip(f"LaTeX cannot find {name} (.ci/run installs it)")


def pandoc_references(bib: Path, folder: Path) -> subprocess.CompletedProcess[str]:
    """Every entry of `bib` as pandoc's citeproc prints a reference list (`nocite: @*`) in
    plain text, one reference a line; skips where pandoc is not installed."""
    need("pandoc")
    (folder / "doc.md").write_text("---\nnocite: '@*'\n---\n", encoding="utf-8")
    args = ["pandoc", "--citeproc", "--bibliography", str(bib), "-t", "plain", "--wrap=none", "doc.md"]
    return run_tool(args, folder)


def run_tool(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, cwd=cwd, capture_output=True, text=True, errors="replace", timeout=300)


def bibtex_document(
    bib: Path, folder: Path, style: str, engine: str = "bibtex", url_package: bool = False
) -> Typeset:
    """`\\nocite{*}` of `bib` in classic BibTeX `style`, typeset by pdflatex (no shell escape).

    `engine` "pybtex" runs pybtex's interpreter of the same `.bst` style instead of bibtex;
    `url_package` loads `url`, as documents do whose style prints DOIs and URLs (plainnat).
    A style is typeset with the package it is made for (`_STYLE_PACKAGES`); a style or
    package LaTeX cannot find makes the test skip, naming it.
    """
    need("pdflatex", "bibtex" if engine == "bibtex" else "kpsewhich")
    need_latex_files(f"{style}.bst", *_STYLE_PACKAGES.get(style, ()))
    shutil.copy(bib, folder / "library.bib")
    packages = [*_STYLE_PACKAGES.get(style, ()), *(["url.sty"] if url_package else [])]
    preamble = "".join(f"\\usepackage{{{name.removesuffix('.sty')}}}\n" for name in packages)
    _write_document(folder, preamble, f"\\bibliographystyle{{{style}}}\n\\bibliography{{library}}\n")
    latex = ["pdflatex", "-interaction=nonstopmode", "-no-shell-escape", "doc.tex"]
    problems = _latex_errors(run_tool(latex, folder), folder)
    if engine == "pybtex":
        pybtex = run_tool([sys.executable, "-m", "pybtex", "doc"], folder)
        problems += [line for line in (pybtex.stdout + pybtex.stderr).splitlines() if line.strip()]
        if pybtex.returncode != 0:
            problems.append(f"pybtex exited with {pybtex.returncode}")
    else:
        bibtex = run_tool(["bibtex", "doc"], folder)
        blg = _read(folder / "doc.blg")
        problems += [line for line in blg.splitlines() if line.startswith("Warning--") or "---line" in line]
        if bibtex.returncode != 0:
            problems.append(f"bibtex exited with {bibtex.returncode}: {blg[-2000:]}")
    problems += _latex_errors(run_tool(latex, folder), folder)
    return Typeset(folder, problems, _read(folder / "doc.bbl"), _read(folder / "doc.log"))


_STYLE_PACKAGES = {
    "plainnat": ("natbib.sty",),
    "unsrtnat": ("natbib.sty",),
    "abbrvnat": ("natbib.sty",),
    "plainurl": ("hyperref.sty",),  # urlbst's styles link DOIs and eprints with `\href`
}
"""The package each style needs beside the document class."""


def biber_document(
    bib: Path, folder: Path, engine: str = "pdflatex", abstracts: bool = False, cited: Sequence[str] = ()
) -> Typeset:
    """`\\nocite{*}` of `bib` with biblatex and biber, every name printed (`maxbibnames=999`),
    and a `\\cite` of each key `cited` (a key biber must resolve, an `ids` alias among them).

    pdflatex is what most users run on the ASCII file: biber decodes its accents to UTF-8,
    which pdflatex then has to know. lualatex (with fontspec) typesets any script that the
    UTF-8 biblatex export may hold. With `abstracts`, each entry ends with its abstract,
    which no standard style prints but some users' styles do.
    """
    need(engine, "biber")
    need_latex_files("biblatex.sty", *(("fontspec.sty", "luaotfload.sty") if engine == "lualatex" else ()))
    shutil.copy(bib, folder / "library.bib")
    fontspec = "\\usepackage{fontspec}\n" if engine == "lualatex" else ""
    abstract = "\\renewbibmacro*{finentry}{\\setunit{\\addspace}\\printfield{abstract}\\finentry}\n"
    _write_document(
        folder,
        f"{fontspec}\\usepackage[backend=biber,maxbibnames=999]{{biblatex}}\n\\addbibresource{{library.bib}}\n"
        + (abstract if abstracts else ""),
        "".join(f"\\cite{{{key}}}\n" for key in cited) + "\\printbibliography\n",
    )
    latex = [engine, "-interaction=nonstopmode", "-no-shell-escape", "doc.tex"]
    problems = _latex_errors(run_tool(latex, folder), folder)
    biber = run_tool(["biber", "--validate-datamodel", "doc"], folder)
    problems += [line for line in biber.stdout.splitlines() if re.search(r"\b(WARN|ERROR)\b", line)]
    if biber.returncode != 0:
        problems.append(f"biber exited with {biber.returncode}")
    for _ in range(3):  # biblatex asks for reruns until labels and citations settle
        final = run_tool(latex, folder)
        log = _read(folder / "doc.log")
        if "Please rerun LaTeX" not in log:
            break
    problems += _latex_errors(final, folder)
    problems += [line for line in log.splitlines() if "Package biblatex Warning" in line]
    problems += [line for line in log.splitlines() if "Missing character" in line]
    return Typeset(folder, problems, _read(folder / "doc.bbl"), log)


def _write_document(folder: Path, preamble: str, bibliography: str) -> None:
    (folder / "doc.tex").write_text(
        f"\\documentclass{{article}}\n{preamble}\\begin{{document}}\n\\nocite{{*}}\n{bibliography}"
        "\\end{document}\n",
        encoding="utf-8",
    )


def _latex_errors(result: subprocess.CompletedProcess[str], folder: Path) -> list[str]:
    """Each LaTeX error with the input line it stopped at (`! msg | l.12 ...`); a line that
    starts with `!` but has no such location is text of an overfull box, not an error."""
    lines = _read(folder / "doc.log").splitlines()
    errors = []
    for index, line in enumerate(lines):
        where = [later for later in lines[index + 1 : index + 14] if re.match(r"l\.\d+|<\*>", later)]
        if line.startswith("! ") and where:
            errors.append(f"{line} | {where[0]}")
    if result.returncode != 0 and not errors:
        log = _read(folder / "doc.log")[-2000:]
        errors.append(
            f"{result.args[0]} exited with {result.returncode}; the log ends: {log or result.stdout[-2000:]}"
        )
    return errors


def _read(path: Path) -> str:
    return path.read_text(encoding="utf-8", errors="replace") if path.exists() else ""
