"""The exports judged by the real consumers: bibtex + pdflatex, biber, pandoc, pybtex, bibtexparser.

Each consumer reads the BibTeX (and CSL-JSON) of the example library and of a hard fixture;
the test fails on any warning, on a missing entry, and when the titles or names the consumer
printed differ from the model. Tools that are not installed make their tests skip, naming
the tool (`.ci/run` installs them).
"""

from __future__ import annotations

import datetime as dt
import json
import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from pybtex.database import parse_string

from conftest import FIXTURES, SEED, first_fast
from papershelf.export.biblatex import biblatex_file
from papershelf.export.bibtex import bibtex_file
from papershelf.export.latex import name_losses
from papershelf.export.csljson import csljson_file
from papershelf.snapshots.folder import SnapshotFolder
from papershelf.library.keys import KeyBook
from papershelf.library.merge import build_library
from papershelf.model import Library, Paper
from papershelf.text.rules import ascii_fold, split_math, split_name
from texrun import biber_document, bibtex_document, need, need_latex_files, run_tool

LIBRARIES = {"seed": SEED, "hard": FIXTURES / "snapshots"}
BIBTEX_STYLES = ["plain", "abbrv", "alpha", "plainnat", "unsrtnat", "plainurl"]


@dataclass(frozen=True)
class Exported:
    library: Library
    folder: Path

    @property
    def papers(self) -> tuple[Paper, ...]:
        return self.library.papers


@pytest.fixture(scope="module", params=sorted(LIBRARIES))
def exported(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Exported:
    library = build_library(SnapshotFolder(LIBRARIES[request.param]).listings(), KeyBook({}, {})).library
    folder = tmp_path_factory.mktemp(request.param)
    (folder / "library.bib").write_text(bibtex_file(library.papers), encoding="utf-8")
    (folder / "library-biblatex.bib").write_text(biblatex_file(library.papers), encoding="utf-8")
    (folder / "library.json").write_text(csljson_file(library.papers), encoding="utf-8")
    return Exported(library, folder)


_LETTER_MACROS = {
    "o": "o",
    "O": "O",
    "aa": "a",
    "AA": "A",
    "ss": "ss",
    "ae": "ae",
    "AE": "AE",
    "oe": "oe",
    "OE": "OE",
    "l": "l",
    "L": "L",
    "i": "i",
    "j": "j",
}


def folded(printed: str) -> str:
    """Letters and digits only, accents and LaTeX commands gone: how we compare what a
    consumer printed (re-cased, abbreviated, re-spaced) with the model."""
    printed = re.sub(
        r"\\(aa|AA|ss|ae|AE|oe|OE|[oOlLij])(?![A-Za-z])", lambda m: _LETTER_MACROS[m.group(1)], printed
    )
    return ascii_fold(re.sub(r"\\[A-Za-z]+", "", printed))


def folded_model(text: str) -> str:
    """The model's text folded the same way: a literal backslash in text is just a character,
    while macros inside math are dropped as they are in what a consumer prints."""
    return "".join(folded(run) if is_math else ascii_fold(run) for is_math, run in split_math(text))


def _assert_names_and_titles(papers: tuple[Paper, ...], printed: str, all_authors: bool = True) -> None:
    """Every title and every surname (or, where the style shortens long author lists to
    "et al.", the first one) must appear in what the consumer printed."""
    haystack = folded(printed)
    for paper in papers:
        for person in paper.authors if all_authors else paper.authors[:1]:
            surname = folded_model(split_name(person).last)
            assert surname in haystack, f"{paper.key}: {person.name} missing"
        assert folded_model(paper.title) in haystack, f"{paper.key}: title {paper.title!r} missing"


@pytest.mark.parametrize("style", first_fast(BIBTEX_STYLES))
def test_classic_bibtex_and_pdflatex(exported: Exported, style: str, tmp_path: Path):
    typeset = bibtex_document(exported.folder / "library.bib", tmp_path, style)
    assert typeset.problems == []
    assert typeset.bbl.isascii()
    cited = re.findall(r"\\bibitem(?:\[[^\]]*(?:\][^\]]*)*?\])?\{([^}]+)\}", typeset.bbl)
    assert sorted(cited) == sorted(paper.key for paper in exported.papers)
    _assert_names_and_titles(exported.papers, typeset.bbl)


# The ASCII file as most users typeset it (pdflatex, after biber decoded its accents), and
# the UTF-8 variant with lualatex, which typesets every script it may hold.
@pytest.mark.slow  # biber, pdflatex and lualatex for each library
@pytest.mark.parametrize(
    ("bib", "engine"), [("library.bib", "pdflatex"), ("library-biblatex.bib", "lualatex")]
)
def test_biblatex_and_biber(exported: Exported, bib: str, engine: str, tmp_path: Path):
    typeset = biber_document(exported.folder / bib, tmp_path, engine)
    assert typeset.problems == []
    assert sorted(re.findall(r"\\entry\{([^}]+)\}", typeset.bbl)) == sorted(p.key for p in exported.papers)
    _assert_names_and_titles(exported.papers, typeset.bbl)


@pytest.mark.parametrize("bib", first_fast(["library.bib", "library-biblatex.bib", "library.json"]))
def test_pandoc_citeproc(exported: Exported, bib: str, tmp_path: Path):
    need("pandoc")
    (tmp_path / "doc.md").write_text("---\nnocite: '@*'\n---\n", encoding="utf-8")
    result = run_tool(
        [
            "pandoc",
            "--citeproc",
            "--bibliography",
            str(exported.folder / bib),
            "-t",
            "plain",
            "--wrap=none",
            "doc.md",
        ],
        tmp_path,
    )
    assert result.returncode == 0 and result.stderr == "", result.stderr
    assert len([line for line in result.stdout.splitlines() if line.strip()]) == len(exported.papers)
    # citeproc prints plain text, not LaTeX: fold it without stripping commands, and compare
    # titles outside their math (pandoc turns `\\times` into a symbol).
    haystack = ascii_fold(result.stdout)
    for paper in exported.papers:
        assert folded_model(split_name(paper.authors[0]).last) in haystack, paper.key
        for is_math, run in split_math(paper.title):
            assert is_math or ascii_fold(run) in haystack, f"{paper.key}: {run!r} missing"


def test_pandoc_reads_every_key_and_title_from_the_bib(exported: Exported, tmp_path: Path):
    """pandoc drops duplicate keys and cuts a title at a bare % without a word: compare items."""
    need("pandoc")
    result = run_tool(
        ["pandoc", "-f", "biblatex", "-t", "csljson", str(exported.folder / "library.bib")], tmp_path
    )
    assert result.returncode == 0 and result.stderr == "", result.stderr
    items = {item["id"]: item for item in json.loads(result.stdout)}
    assert sorted(items) == sorted(paper.key for paper in exported.papers)
    for paper in exported.papers:
        assert ascii_fold(items[paper.key]["title"]) == ascii_fold(paper.title), paper.key


def test_files_are_ascii_with_valid_keys(exported: Exported):
    text = (exported.folder / "library.bib").read_text(encoding="utf-8")
    assert text.isascii()
    keys = re.findall(r"^@misc\{([^,]+),$", text, flags=re.MULTILINE)
    assert len(keys) == len(exported.papers) == len({key.lower() for key in keys})
    assert all(re.fullmatch(r"[a-z0-9.:-]+", key) for key in keys)
    assert re.findall(r"^  month = ([a-z]+),$", text, flags=re.MULTILINE)
    assert '"' not in "".join(re.findall(r"month = [^\n]+", text))


def _pylatexenc_text(value: str) -> str:
    from pylatexenc.latex2text import LatexNodes2Text

    return LatexNodes2Text(math_mode="verbatim").latex_to_text(value)


def _comparable(text: str) -> str:
    """Unicode text compared after what decoders legitimately change: spacing, the
    modifier-letter caret pylatexenc prints for \\textasciicircum, and escaped dollars."""
    text = text.replace("ˆ", "^").replace("\\$", "$")
    return " ".join(text.split())


def test_round_trip_bibtexparser_and_pybtex(exported: Exported):
    import bibtexparser
    from bibtexparser.middlewares import SeparateCoAuthors, SplitNameParts

    text = (exported.folder / "library.bib").read_text(encoding="utf-8")
    parsed = bibtexparser.parse_string(text, append_middleware=[SeparateCoAuthors(), SplitNameParts()])
    assert parsed.failed_blocks == []
    by_key = {entry.key: entry for entry in parsed.entries}
    pybtex_data = parse_string(text, "bibtex")
    for paper in exported.papers:
        entry = by_key[paper.key]
        assert _comparable(_pylatexenc_text(entry["title"])) == _comparable(paper.title), paper.key
        assert entry["year"] == str(paper.date.year)
        assert pybtex_data.entries[paper.key].fields["month"] == paper.date.strftime("%B")
        written = [p for p in paper.authors if ascii_fold(p.name)]
        names = entry["author"]
        assert len(names) == len(written) + (
            1 if len(written) < len(paper.authors) or paper.authors_truncated else 0
        )
        for person, name in zip(written, names, strict=False):
            last = _pylatexenc_text(" ".join(name.last)).strip("{} ")
            first = _pylatexenc_text(" ".join(name.first))
            parts = split_name(person)
            if name_losses(person.name, corporate=person.corporate):  # approximated, and reported
                assert ascii_fold(last + first) == ascii_fold(parts.last + parts.first)
            elif person.corporate:
                assert last == person.name
            else:
                assert (last, first, " ".join(name.von)) == (parts.last, parts.first, parts.von)


@pytest.mark.parametrize(
    ("precision", "bibtex", "biblatex", "parts"),
    [
        ("year", "year = {1994},\n  abstract", "date = {1994}", [1994]),
        ("month", "year = {1994},\n  month = jul", "date = {1994-07}", [1994, 7]),
        ("day", "year = {1994},\n  month = jul", "date = {1994-07-01}", [1994, 7, 1]),
    ],
)
def test_a_date_is_exported_as_precisely_as_its_source_gave_it(precision, bibtex, biblatex, parts):
    """A `.bib` file may give only a year: no month is made up for it."""
    paper = Paper(
        "vonf94",
        "Restrictions",
        (),
        dt.date(1994, 7, 1),
        "Abstract.",
        False,
        (),
        (),
        date_precision=precision,
    )
    assert bibtex in bibtex_file([paper]) and biblatex in biblatex_file([paper])
    assert json.loads(csljson_file([paper]))[0]["issued"] == {"date-parts": [parts]}


def test_a_latex_package_the_machine_lacks_skips_the_test_and_says_which():
    """A lualatex without luaotfload cannot typeset anything: that is a skip, not a failure."""
    with pytest.raises(pytest.skip.Exception, match=re.escape("LaTeX cannot find no-such-package.sty")):
        need_latex_files("biblatex.sty", "no-such-package.sty")


@pytest.mark.parametrize("style", [None, "apa"])
def test_csl_titles_are_rendered_text_that_keeps_its_case(tmp_path: Path, style: str | None):
    """citeproc changes a title's case: `$\\alpha$` came out as `$\\Alpha$`, `1M` as `1m`."""
    need("pandoc")
    title = "$\\alpha$-Sparse Attention for 1M-Token LLMs in $O(L^2)$ & <i>less</i>"
    paper = Paper("kim2026alpha", title, (), dt.date(2026, 8, 7), "Abstract.", False, (), ())
    (tmp_path / "refs.json").write_text(csljson_file([paper]), encoding="utf-8")
    (tmp_path / "doc.md").write_text("---\nnocite: '@*'\n---\n", encoding="utf-8")
    command = ["pandoc", "--citeproc", "--bibliography", "refs.json", "-t", "plain", "--wrap=none", "doc.md"]
    if style:  # a sentence-case style, as APA: what is not protected is lowercased
        (tmp_path / "apa.csl").write_text(_APA_LIKE, encoding="utf-8")
        command[1:1] = ["--csl", "apa.csl"]
    result = run_tool(command, tmp_path)
    assert result.returncode == 0 and result.stderr == "", result.stderr
    printed = result.stdout.replace("\u2060", "")
    assert printed.lstrip("“").startswith("α-") and "1M-" in printed and "LLMs" in printed, printed
    assert "O(L²)" in printed and "<i>less</i>" in printed and "$" not in printed, printed


_APA_LIKE = """<?xml version="1.0" encoding="utf-8"?>
<style xmlns="http://purl.org/net/xbiblio/csl" class="in-text" version="1.0">
  <info><title>Sentence case</title><id>sentence-case</id><updated>2026-01-01T00:00:00+00:00</updated></info>
  <citation><layout><text variable="title"/></layout></citation>
  <bibliography><layout><text variable="title" text-case="sentence"/></layout></bibliography>
</style>
"""


@pytest.mark.parametrize("title", ["$a<b>c$", "$x < i > y$", "$\\mathrm{<sup>}$", "An <i>odd</i> title"])
def test_no_csl_markup_comes_from_a_title(title: str):
    """Only the writer's own `<sup>`, `<sub>` and nocase spans are markup in a CSL title;
    a `<` of the data, in a formula or not, never starts a tag."""
    paper = Paper("kim2026tags", title, (), dt.date(2026, 8, 7), "Abstract.", False, (), ())
    rich = json.loads(csljson_file([paper]))[0]["title"]
    tags = re.findall(r"<(/?\w+)", rich)
    assert set(tags) <= {"span", "/span", "sup", "/sup", "sub", "/sub"}, rich
    assert "b" not in tags and "i" not in tags and tags.count("sup") == tags.count("/sup"), rich


def test_a_keyword_ascii_cannot_spell_is_left_out_not_empty():
    """A keyword of another script is transliterated; one of symbols only is left out."""
    paper = Paper("kim2026keys", "A title", (), dt.date(2026, 8, 7), "Abstract.", False, ("Topic",), ())
    entry = bibtex_file([paper], subjects={"kim2026keys": ["量子 計算", "♥ ☺", "GPU"]})
    assert "keywords = {Topic, LiangZi JiSuan, GPU}" in entry


def test_the_csl_json_file_is_exactly_what_json_writes(exported):
    """Items are written from drafts, their `keyword` added last (`finished_item`): the file
    must still be the array `json.dumps` would write, keywords with quotes included."""
    papers = exported.papers
    subjects = {paper.key: ('A "quoted" \\ topic', "Ünïcode\u2028line") for paper in papers[::2]}
    text = csljson_file(papers, subjects)
    items = json.loads(text)
    assert text == json.dumps(items, ensure_ascii=False, indent=1) + "\n"
    assert [item["id"] for item in items] == [paper.key for paper in papers]
    first = items[0]
    assert list(first)[-1] == "keyword" and first["keyword"].endswith(
        'A "quoted" \\ topic, Ünïcode\u2028line'
    )
    assert csljson_file([]) == "[]\n"
