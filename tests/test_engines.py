"""The exports guide's three ways to typeset the library, run as the guide writes them.

`docs/guide/exports.md` tells a reader which file suits which LaTeX engine, with a document
and the commands for each. This test takes those blocks from the page itself, so the page
cannot drift from what works: each recipe must typeset a library with Vietnamese and Polish
names without an error or a missing character, and the UTF-8 file must indeed fail under
pdflatex, as the page warns.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from conftest import REPO
from papershelf.export.biblatex import biblatex_file
from papershelf.export.bibtex import bibtex_file
from texrun import listing_papers, need, need_latex_files

pytestmark = pytest.mark.slow  # three LaTeX runs of each recipe

GUIDE = REPO / "docs" / "guide" / "exports.md"
_RECIPE = re.compile(
    r'```latex title="paper\.tex: (?P<name>[^"]+)"\n(?P<tex>.*?)```\s*```sh\n(?P<sh>.*?)```', re.S
)

LISTING = """Numerical Analysis

Latest papers

• Stable Splitting Schemes for Stiff Reaction Networks

  Nguyễn Văn Đặng, Trần Thị Hằng, Łukasz Wójcik · 7 August 2026

  We study splitting schemes for stiff reaction networks and prove that they stay stable.
"""


def _recipes() -> dict[str, tuple[str, str]]:
    return {m["name"]: (m["tex"], m["sh"].strip()) for m in _RECIPE.finditer(GUIDE.read_text("utf-8"))}


def _exported(folder: Path) -> None:
    papers = listing_papers(LISTING)
    (folder / "library.bib").write_text(bibtex_file(papers), encoding="utf-8")
    (folder / "library-biblatex.bib").write_text(biblatex_file(papers), encoding="utf-8")


def _typeset(folder: Path, tex: str, commands: str) -> tuple[int, str]:
    """Runs the recipe's commands as a reader would in a shell, with no terminal to answer
    LaTeX's questions; the return code and the final log."""
    (folder / "paper.tex").write_text(tex, encoding="utf-8")
    run = subprocess.run(
        commands,
        shell=True,
        cwd=folder,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=300,
    )
    log = folder / "paper.log"
    return run.returncode, log.read_text("utf-8", errors="replace") if log.exists() else run.stdout


def test_the_guide_has_one_recipe_per_engine():
    assert sorted(_recipes()) == [
        "lualatex (or xelatex) and biber, with library-biblatex.bib",
        "pdflatex and biber, with library.bib",
        "pdflatex and bibtex, with library.bib",
    ]


@pytest.mark.parametrize("name", sorted(_recipes()))
def test_each_recipe_typesets_the_names(name: str, tmp_path: Path):
    tex, commands = _recipes()[name]
    need(*{word for word in re.findall(r"\b(pdflatex|lualatex|bibtex|biber)\b", commands)})
    need_latex_files("natbib.sty", "url.sty", "biblatex.sty", "fontspec.sty")
    _exported(tmp_path)
    returncode, log = _typeset(tmp_path, tex, commands)
    assert returncode == 0, log[-3000:]
    assert "Missing character" not in log and "Warning--" not in log
    bbl = (tmp_path / "paper.bbl").read_text("utf-8")
    assert "stable splitting schemes" in bbl.lower() and ("Wójcik" in bbl or "W{\\'o}jcik" in bbl)
    if "library-biblatex.bib" in name:
        assert "Đặng" in bbl and "Łukasz" in bbl  # every letter as the listing wrote it


def test_the_utf8_file_fails_under_pdflatex_as_the_guide_warns(tmp_path: Path):
    need("pdflatex", "biber")
    need_latex_files("biblatex.sty")
    tex, commands = _recipes()["pdflatex and biber, with library.bib"]
    _exported(tmp_path)
    returncode, log = _typeset(tmp_path, tex.replace("{library.bib}", "{library-biblatex.bib}"), commands)
    assert returncode != 0
    assert "LaTeX Error: Unicode character ễ (U+1EC5)" in log  # the first letter pdflatex lacks
    quoted = "`LaTeX Error: Unicode character ễ (U+1EC5) not set up for use with LaTeX`"
    assert quoted in GUIDE.read_text("utf-8")
