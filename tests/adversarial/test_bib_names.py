"""Names in `.bib` files: styles cut them into initials and labels, biber decodes their
accents for pdflatex, pandoc prints them. Every name below is written so that each of
those consumers prints it without a message, and what had to be approximated is said."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from conftest import entry, listing
from papershelf.cli import main
from papershelf.export.biblatex import BIBLATEX, biblatex_file
from papershelf.export.bibtex import BIBTEX, approximation_note, approximations, bibtex_file
from papershelf.model import Paper, Person
from texrun import Typeset, biber_document, bibtex_document, listing_papers, pandoc_references

pytestmark = pytest.mark.slow  # typesets with every consumer: bibtex, biber, pdflatex and lualatex

# Listing author lines -> how the ASCII export writes that paper's authors.
NAMES = {
    "accent-on-i-unicode": ("José García", r"Garc{\'i}a, Jos{\'e}"),
    "accent-on-i-latex": (r"Ana Garc\'ia", r"Garc{\'i}a, Ana"),
    "accent-on-dotless-i": (r"Luis Garc{\'\i}a", r"Garc{\'i}a, Luis"),
    "d-with-stroke": ("Văn Đặng", r"D{\u{a}}ng, V{\u{a}}n"),
    "small-d-with-stroke": ("Hà đức", r"d{\'u}c, H{\`a}"),
    "ogonek": ("Łukasz Wąs", r"Was, {\L}ukasz"),
    "eth-and-thorn": ("Þóra Ðansdóttir", r"Dansd{\'o}ttir, Th{\'o}ra"),
    "math-in-a-name": (r"Eve $x^2$mith", "x2mith, Eve"),
    "hex-backslash-in-a-name": ("Jo ^^5cinput", "5cinput, Jo"),
    "macro-in-a-name": (r"Bo \ours{}", "ours, Bo"),
    "specials-in-a-name": ("Cy %#_~<>|[]z", "z, Cy"),
    "greek-given-name": ("Αλέξανδρος Smith", "Smith, Alexandros"),
    "cyrillic": ("Иван Петров", "Petrov, Ivan"),
    "chinese": ("明月 方", "Fang, MingYue"),
    "maltese-h-with-stroke": ("Mħammed Borg", "Borg, Mhammed"),  # no Planck constant in a name
}
# Characters each name loses in the ASCII export, as the build and the CLI report them.
LOST = {
    "accent-on-i-unicode": "",
    "accent-on-i-latex": "",
    "accent-on-dotless-i": "",
    "d-with-stroke": "Đặ",
    "small-d-with-stroke": "đứ",
    "ogonek": "ą",
    "eth-and-thorn": "ÞÐ",
    "math-in-a-name": "$^",
    "hex-backslash-in-a-name": "^",
    "macro-in-a-name": "\\{}",
    "specials-in-a-name": "%#_~<>|[]",
    "greek-given-name": "Αλέξανδρος",
    "cyrillic": "ИванПетро",
    "chinese": "明月方",
    "maltese-h-with-stroke": "ħ",
}
NON_LATIN = ("greek-given-name", "cyrillic", "chinese")
"""Names in scripts the ASCII export transliterates."""
DOTLESS_I_WITH_ACCENT = "\u0131[\u0300-\u036f]"  # what `{\'\i}` became in biber and pandoc
ORGANISATIONS = {  # an accent among a label's first letters; a literal `&`
    "Tōhoku University": r"T{\=o}hoku{ }University",
    "AT&T Labs": "{AT {and} T Labs}",
}


@pytest.fixture(scope="module")
def papers() -> tuple[Paper, ...]:
    """A paper per name, then one with six authors (García fifth, printed only when names are
    not cut short), then one per organisation."""
    entries = [entry(f"Names {case}", authors) for case, (authors, _) in NAMES.items()]
    entries.append(entry("Six authors", "A One, B Two, C Three, D Four, José García, F Six"))
    found = listing_papers(listing(*entries))
    organisations = [
        dataclasses.replace(found[0], key=f"org{number}", authors=(Person(name, corporate=True),))
        for number, name in enumerate(ORGANISATIONS)
    ]
    return found + tuple(organisations)


@pytest.mark.parametrize("case", sorted(NAMES))
def test_name_is_written_for_every_consumer(case: str, papers: tuple[Paper, ...]):
    paper = papers[list(NAMES).index(case)]
    assert f"  author = {{{NAMES[case][1]}}},\n" in bibtex_file([paper])
    assert approximations(paper, BIBTEX) == LOST[case]


def test_organisations_stay_one_name(papers: tuple[Paper, ...]):
    for paper, written in zip(papers[-len(ORGANISATIONS) :], ORGANISATIONS.values(), strict=True):
        assert f"  author = {{{written}}},\n" in bibtex_file([paper])


def test_utf8_export_keeps_letters_and_leaves_out_specials(papers: tuple[Paper, ...]):
    text = biblatex_file(papers)
    assert "García, José" in text and "Đặng, Văn" in text and "Αλέξανδρος" in text
    assert "Петров, Иван" in text and "方, 明月" in text
    assert "x2mith, Eve" in text and "z, Cy" in text
    assert approximations(papers[list(NAMES).index("d-with-stroke")], BIBLATEX) == ""


@pytest.fixture(scope="module")
def bib(papers: tuple[Paper, ...], tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("names")
    (folder / "library.bib").write_text(bibtex_file(papers), encoding="utf-8")
    # The UTF-8 export keeps Greek, Cyrillic and Chinese letters, which need fonts of their
    # own, not a better export.
    others = {papers[list(NAMES).index(case)] for case in NON_LATIN}
    utf8 = [dataclasses.replace(paper, key=f"u{paper.key}") for paper in papers if paper not in others]
    (folder / "library-biblatex.bib").write_text(biblatex_file(utf8), encoding="utf-8")
    return folder / "library.bib"


CONSUMERS = ["bibtex-plain", "bibtex-alpha", "bibtex-abbrv", "biber-pdflatex", "biber-lualatex"]


@pytest.fixture(scope="module", params=CONSUMERS)
def typeset(request: pytest.FixtureRequest, bib: Path, tmp_path_factory: pytest.TempPathFactory) -> Typeset:
    folder = tmp_path_factory.mktemp(request.param)
    tool, style = request.param.split("-")
    if tool == "bibtex":
        return bibtex_document(bib, folder, style)
    if style == "pdflatex":
        return biber_document(bib, folder, style)
    # lualatex typesets the UTF-8 export; the same run reads both files (keys differ).
    both = folder / "both.bib"
    both.write_text(
        bib.read_text("utf-8") + (bib.parent / "library-biblatex.bib").read_text("utf-8"), "utf-8"
    )
    return biber_document(both, folder, style)


def test_every_consumer_prints_every_name_without_a_message(typeset: Typeset, papers: tuple[Paper, ...]):
    assert typeset.problems == []
    for paper in papers:
        assert f"{{{paper.key}}}" in typeset.bbl
    if typeset.folder.name.startswith("biber"):  # biber decoded the accents for the engine
        assert "García" in typeset.bbl
        assert re.search(DOTLESS_I_WITH_ACCENT, typeset.bbl) is None


def test_pandoc_prints_names_as_written(bib: Path, tmp_path: Path):
    result = pandoc_references(bib, tmp_path)
    assert result.returncode == 0 and result.stderr == "", result.stderr
    assert "García" in result.stdout and "Dăng" in result.stdout and "Tōhoku University" in result.stdout
    assert re.search(DOTLESS_I_WITH_ACCENT, result.stdout) is None


def test_export_command_reports_what_it_approximated(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    """`papershelf export` says what the site build says: the same note, on stderr."""
    (tmp_path / "snapshots").mkdir()
    text = listing(entry("Approximated names", "Văn Đặng, José García"), entry("Plain names", "Ann Lee"))
    (tmp_path / "snapshots" / "listing.txt").write_text(text, encoding="utf-8")
    args = ["export", str(tmp_path / "snapshots"), "--keys", str(tmp_path / "keys.tsv")]
    assert main([*args, "--out", str(tmp_path / "library.bib")]) == 0
    err = capsys.readouterr().err
    assert re.search(
        r"^info: ASCII BibTeX can only approximate some characters of 1 paper: \S+ \(Đặ\); ", err, re.M
    )
    papers = listing_papers(text)
    assert approximation_note(papers).split(": ", 1)[0] in err
    for quiet in ("biblatex", "csljson"):  # these keep every letter
        assert main([*args, "--format", quiet, "--out", str(tmp_path / quiet)]) == 0
        assert "info:" not in capsys.readouterr().err
