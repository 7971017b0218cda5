"""Where a library says a paper was published: read from `.bib`, CSL-JSON and RIS files,
written back as `@article`/`@inproceedings` (and CSL's and RIS's types) that bibtex, biber
and pandoc print without a message; a preprint stays `@misc`."""

from __future__ import annotations

import dataclasses
import datetime as dt
import json
from pathlib import Path

import msgpack
import pytest

from papershelf.analysis.codec import Codec
from papershelf.export.biblatex import biblatex_file
from papershelf.export.bibtex import bibtex_entry, bibtex_file
from papershelf.export.csljson import csljson_file
from papershelf.export.ris import ris_file
from papershelf.model import (
    ARTICLE,
    BOOK,
    CHAPTER,
    MASTERS_THESIS,
    PROCEEDINGS,
    REPORT,
    THESIS,
    Paper,
    Person,
    Venue,
)
from papershelf.pages.markup import shown_venue
from papershelf.snapshots.reader import read_snapshot
from texrun import Typeset, biber_document, bibtex_document, pandoc_references

BIB = r"""@article{laera2020crat,
  title = {{CRAT} Missense Variants},
  author = {Laera, Luna and De Grassi, Anna},
  journal = {Human Mutation},
  volume = {41}, number = {1}, pages = {110--114},
  year = {2020}
}
@inproceedings{yang2024depth,
  title = {Depth Anything V2},
  author = {Yang, Lihe},
  booktitle = {Advances in Neural Information Processing Systems 37},
  pages = {21875--21911},
  year = {2024}
}
@article{chen2019sequence,
  title = {Sequence-to-Sequence Learning},
  author = {Chen, Zimin},
  journal = {arXiv preprint arXiv:1901.01808},
  year = {2019}
}
@article{zhou2023corr,
  title = {A Preprint on CoRR},
  author = {Zhou, Bo},
  journal = {CoRR}, volume = {abs/2301.00001},
  year = {2023}
}
"""


def _read(tmp_path: Path, name: str, text: str) -> dict[str, Venue | None]:
    (tmp_path / name).write_text(text, encoding="utf-8")
    read = read_snapshot(tmp_path / name)
    assert read.problems == ()
    return {entry.title: entry.venue for entry in read.entries}


def test_a_bib_file_gives_journals_and_proceedings_but_no_preprint_server(tmp_path: Path):
    venues = _read(tmp_path, "mine.bib", BIB)
    assert venues["CRAT Missense Variants"] == Venue(ARTICLE, "Human Mutation", "41", "1", "110-114")
    assert venues["Depth Anything V2"] == Venue(
        PROCEEDINGS, "Advances in Neural Information Processing Systems 37", pages="21875-21911"
    )
    # Google Scholar's and DBLP's way of saying "an arXiv preprint" is no venue
    assert venues["Sequence-to-Sequence Learning"] is None and venues["A Preprint on CoRR"] is None


def test_csl_json_and_ris_give_journals_and_proceedings(tmp_path: Path):
    items = [
        {"id": "a", "type": "article-journal", "title": "J", "author": [{"literal": "Lab"}],
         "container-title": "Sex Roles", "volume": "71", "issue": "3", "page": "171–181"},
        {"id": "b", "type": "paper-conference", "title": "C", "author": [{"literal": "Lab"}],
         "container-title": "ISWC 2020"},
        {"id": "c", "type": "report", "title": "R", "author": [{"literal": "Lab"}],
         "container-title": "Nowhere"},
    ]  # fmt: skip
    assert _read(tmp_path, "lib.json", json.dumps(items)) == {
        "J": Venue(ARTICLE, "Sex Roles", "71", "3", "171-181"),
        "C": Venue(PROCEEDINGS, "ISWC 2020"),
        "R": Venue(REPORT, ""),  # a report is in nothing: its `container-title` names no container
    }
    ris = (
        "TY  - JOUR\nTI  - J\nAU  - Lee, Ann\nPY  - 2019\nJF  - Human mutation\nVL  - 41\n"
        "SP  - 110\nEP  - 114\nER  - \n\n"
        "TY  - CONF\nTI  - C\nAU  - Lee, Ann\nPY  - 2019\nT2  - Proc. of X\nER  - \n"
    )
    assert _read(tmp_path, "lib.ris", ris) == {
        "J": Venue(ARTICLE, "Human mutation", "41", "", "110-114"),
        "C": Venue(PROCEEDINGS, "Proc. of X"),
    }


def _paper(key: str, venue: Venue | None, **changes: object) -> Paper:
    paper = Paper(
        key, "Spin in {Sr}$_2$IrO$_4$ & more", (Person("Ann Lee"),), dt.date(2020, 1, 1), "", False, (), ()
    )
    return dataclasses.replace(paper, venue=venue, **changes)


JOURNAL = Venue(ARTICLE, "Journal of Physics & Chemistry", "41", "1", "110-114")
PROCEEDINGS_VENUE = Venue(PROCEEDINGS, "Proceedings of ACL", number="2", pages="5-9")
PAPERS = (
    _paper("article1", JOURNAL),
    _paper("inproc1", PROCEEDINGS_VENUE),
    _paper("issueonly1", Venue(ARTICLE, "Journal of Issues", number="11")),  # no volume
    _paper("undated1", JOURNAL, date=None),  # what @article requires is missing: @misc
    _paper("preprint1", None),
)


def test_a_published_paper_is_written_as_its_kind():
    assert bibtex_entry(PAPERS[0]).startswith("@article{article1,")
    assert "journal = {Journal of Physics \\& Chemistry}" in bibtex_entry(PAPERS[0])
    assert "pages = {110--114}" in bibtex_entry(PAPERS[0])
    assert bibtex_entry(PAPERS[1]).startswith("@inproceedings{inproc1,")
    assert "booktitle = {Proceedings of ACL}" in bibtex_entry(PAPERS[1])
    # bibtex's styles warn of a number without a volume or a series: biblatex keeps it
    assert "number" not in bibtex_entry(PAPERS[1]) and "number" not in bibtex_entry(PAPERS[2])
    assert "number = {11}" in biblatex_file(PAPERS[2:3])
    undated, preprint = bibtex_entry(PAPERS[3]), bibtex_entry(PAPERS[4])
    assert undated.startswith("@misc{") and "journal =" not in undated and preprint.startswith("@misc{")
    assert "howpublished = {Journal of Physics \\& Chemistry 41 (1), 110--114}" in undated  # kept, printed
    assert "journaltitle = {Journal of Physics \\& Chemistry}" in biblatex_file(PAPERS[:1])
    items = {item["id"]: item for item in json.loads(csljson_file(PAPERS))}
    assert (items["article1"]["type"], items["article1"]["container-title"]) == (
        "article-journal",
        JOURNAL.container,
    )
    assert (items["article1"]["issue"], items["article1"]["page"]) == ("1", "110-114")
    assert items["inproc1"]["type"] == "paper-conference" and items["preprint1"]["type"] == "article"
    records = ris_file(PAPERS[:2])
    assert "TY  - JOUR" in records and "JO  - Journal of Physics & Chemistry" in records
    assert (
        "SP  - 110\nEP  - 114" in records
        and "TY  - CPAPER" in records
        and "T2  - Proceedings of ACL" in records
    )


KINDS_BIB = r"""@book{knuth1997art, author = {Knuth, Donald E.}, title = {The Art of Computer Programming},
  publisher = {Addison-Wesley}, volume = {1}, year = {1997}}
@incollection{alvarez2013rooted, author = {Alvarez, Marco}, title = {Rooted Trees},
  booktitle = {Integration of AI and OR Techniques}, publisher = {Springer}, pages = {300--315},
  year = {2013}}
@inbook{wu2004three, author = {Wu, Ann}, title = {Chapter Three}, booktitle = {Big Book}, publisher = {Wiley},
  year = {2004}}
@phdthesis{doe2010learning, author = {Doe, Jane}, title = {Learning to Rank}, school = {MIT}, year = {2010}}
@thesis{roe2012small, author = {Roe, Richard}, title = {Small Models}, institution = {ETH}, year = {2012}}
@mastersthesis{poe2013tiny, author = {Poe, Ed}, title = {Tiny Models}, school = {ETH Z{\"u}rich},
  year = {2013}}
@techreport{smith2005report, author = {Smith, John}, title = {A Report on Caches},
  institution = {Stanford University}, number = {CS-TR-05-01}, year = {2005}}
@book{lee2001unpublished, author = {Lee, Bo}, title = {Unpublished Book}, year = {2001}}
@book{glare1982oxford, editor = {Glare, P. G. W.}, title = {Oxford Latin Dictionary}, publisher = {Clarendon},
  year = {1982}}
@incollection{marston2004citizens, author = {Marston, Sallie A.}, title = {Citizens and the State},
  booktitle = {Spaces of Democracy}, editor = {Barnett, Clive and Low, Murray}, publisher = {Sage},
  pages = {93--112}, year = {2004}}
"""


def test_a_bib_file_gives_books_chapters_theses_and_reports(tmp_path: Path):
    """Each entry type says what kind of paper it is and who published it: a book's or a
    chapter's `publisher`, a thesis's `school` (biblatex's `institution`), a report's
    `institution` and number."""
    venues = _read(tmp_path, "kinds.bib", KINDS_BIB)
    assert venues == {
        "The Art of Computer Programming": Venue(BOOK, "", "1", publisher="Addison-Wesley"),
        "Rooted Trees": Venue(
            CHAPTER, "Integration of AI and OR Techniques", pages="300-315", publisher="Springer"
        ),
        "Chapter Three": Venue(CHAPTER, "Big Book", publisher="Wiley"),  # biblatex's @inbook
        "Learning to Rank": Venue(THESIS, "", publisher="MIT"),
        "Small Models": Venue(THESIS, "", publisher="ETH"),
        "Tiny Models": Venue(MASTERS_THESIS, "", publisher="ETH Zürich"),
        "A Report on Caches": Venue(REPORT, "", number="CS-TR-05-01", publisher="Stanford University"),
        "Unpublished Book": Venue(BOOK, ""),
        "Oxford Latin Dictionary": Venue(BOOK, "", publisher="Clarendon"),
        "Citizens and the State": Venue(CHAPTER, "Spaces of Democracy", pages="93-112", publisher="Sage"),
    }


def _kinds(tmp_path: Path) -> list[Paper]:
    (tmp_path / "kinds.bib").write_text(KINDS_BIB, encoding="utf-8")
    return [
        _paper(entry.key, entry.venue, title=entry.title, editors=entry.editors)
        if entry.authors
        else _paper(entry.key, entry.venue, title=entry.title, editors=entry.editors, authors=())
        for entry in read_snapshot(tmp_path / "kinds.bib").entries
    ]


def test_each_kind_is_written_as_its_kind_in_every_format(tmp_path: Path):
    """As bibtex's and biblatex's entry types (a book without a publisher, which `@book`
    requires, is `@misc`), CSL's types and RIS's, with who published each."""
    papers = {paper.key: paper for paper in _kinds(tmp_path)}
    types = {key: bibtex_entry(paper).split("{")[0] for key, paper in papers.items()}
    assert types == {
        "knuth1997art": "@book",
        "alvarez2013rooted": "@incollection",
        "wu2004three": "@incollection",
        "doe2010learning": "@phdthesis",
        "roe2012small": "@phdthesis",
        "poe2013tiny": "@mastersthesis",
        "smith2005report": "@techreport",
        "lee2001unpublished": "@misc",
        "glare1982oxford": "@book",  # of editors only, which bibtex's @book takes in place of authors
        "marston2004citizens": "@incollection",
    }
    assert 'school = {ETH Z{\\"u}rich}' in bibtex_entry(papers["poe2013tiny"])
    report = bibtex_entry(papers["smith2005report"])
    assert "institution = {Stanford University}" in report and "number = {CS-TR-05-01}" in report
    chapter = bibtex_entry(papers["alvarez2013rooted"])
    assert (
        "booktitle = {Integration of AI and OR Techniques}" in chapter and "publisher = {Springer}" in chapter
    )
    # biblatex's @incollection requires the book's editor, and its @book an author
    assert biblatex_file([papers["alvarez2013rooted"]]).startswith("@inbook{alvarez2013rooted,")
    assert biblatex_file([papers["marston2004citizens"]]).startswith("@incollection{marston2004citizens,")
    assert biblatex_file([papers["glare1982oxford"]]).startswith("@collection{glare1982oxford,")
    assert "editor = {Barnett, Clive and Low, Murray}" in bibtex_entry(papers["marston2004citizens"])
    assert "editor = {Glare, P. G. W.}" in bibtex_entry(papers["glare1982oxford"])
    items = {item["id"]: item for item in json.loads(csljson_file(papers.values()))}
    assert [items[key]["type"] for key in papers] == [
        "book", "chapter", "chapter", "thesis", "thesis", "thesis", "report", "book", "book", "chapter"
    ]  # fmt: skip
    assert (items["poe2013tiny"]["genre"], items["poe2013tiny"]["publisher"]) == (
        "Master's thesis",
        "ETH Zürich",
    )
    assert items["smith2005report"]["number"] == "CS-TR-05-01"
    records = ris_file(list(papers.values()))
    assert "TY  - CHAP" in records and "T2  - Integration of AI and OR Techniques" in records
    assert "TY  - THES" in records and "M3  - Ph.D. thesis" in records and "PB  - MIT" in records
    assert "TY  - RPRT" in records and "TY  - BOOK" in records


def test_csl_rich_text_is_read_as_text_with_its_protected_capitals(tmp_path: Path):
    """CSL-JSON titles may carry rich text (`<i>`, `<sub>`, Better BibTeX's and papershelf's
    own `<span class="nocase">`): its words, no tags, and the protected words kept so."""
    items = [
        {"id": "a", "type": "article-journal",
         "title": 'Learning <span class="nocase">GPU</span> kernels in <i>C</i>',
         "author": [{"family": "Lee", "given": "Ann"}], "issued": {"date-parts": [[2020]]},
         "container-title": 'Journal of <span class="nocase">AI</span> &amp; Systems'},
        {"id": "b", "type": "article-journal", "title": "Q&amp;A systems",
         "author": [{"family": "Lee", "given": "Ann"}], "issued": {"date-parts": [[2020]]}},
    ]  # fmt: skip
    (tmp_path / "rich.json").write_text(json.dumps(items), encoding="utf-8")
    entry, plain = read_snapshot(tmp_path / "rich.json").entries
    assert (entry.title, entry.cased) == ("Learning GPU kernels in C", ("GPU",))
    assert plain.title == "Q&A systems"  # an entity with no tag beside it, read all the same
    assert entry.venue is not None and entry.venue.container == "Journal of AI & Systems"


def test_each_kind_reads_back_from_the_csl_json_and_ris_written(tmp_path: Path):
    """A library exported as CSL-JSON or RIS and read again keeps each paper's kind."""
    papers = _kinds(tmp_path)
    want = {paper.title: paper.venue for paper in papers}
    assert _read(tmp_path, "back.ris", ris_file(papers)) == want
    # CSL-JSON writes `Integration of <span class="nocase">AI</span> ...`, read as CSL rich text
    assert _read(tmp_path, "back.json", csljson_file(papers)) == want
    for name in ("back.ris", "back.json"):  # and the editors (RIS's `A2`, CSL's `editor`)
        edited = {e.title: [p.name for p in e.editors] for e in read_snapshot(tmp_path / name).entries}
        assert edited["Citizens and the State"] == ["Clive Barnett", "Murray Low"], name
        assert edited["Oxford Latin Dictionary"] == ["P. G. W. Glare"], name


@pytest.mark.slow
@pytest.mark.parametrize("consumer", ["bibtex-plain", "bibtex-plainnat", "biber"])
def test_every_consumer_prints_each_kind_without_a_message(consumer: str, tmp_path: Path) -> None:
    """bibtex's styles read `library.bib`; biber the biblatex file, whose chapters are `@inbook`."""
    tool, _, style = consumer.partition("-")
    papers = _kinds(tmp_path)
    bib = tmp_path / "kinds-out.bib"
    bib.write_text(bibtex_file(papers) if tool == "bibtex" else biblatex_file(papers), encoding="utf-8")
    typeset: Typeset = (
        bibtex_document(bib, tmp_path, style) if tool == "bibtex" else biber_document(bib, tmp_path)
    )
    assert typeset.problems == []
    assert all(f"{{{paper.key}}}" in typeset.bbl for paper in papers)
    assert "Stanford University" in typeset.bbl and "Integration of AI and OR Techniques" in typeset.bbl


@pytest.fixture(scope="module")
def bib(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("venues")
    # not the undated one: plainnat warns of any entry without a year, `@misc` too
    typeset = [paper for paper in PAPERS if paper.date]
    (folder / "library.bib").write_text(bibtex_file(typeset), encoding="utf-8")
    return folder / "library.bib"


@pytest.mark.slow
@pytest.mark.parametrize(
    "consumer", ["bibtex-plain", "bibtex-abbrv", "bibtex-alpha", "bibtex-plainnat", "biber"]
)
def test_every_consumer_prints_the_venues_without_a_message(consumer: str, bib: Path, tmp_path: Path) -> None:
    tool, _, style = consumer.partition("-")
    typeset: Typeset = (
        bibtex_document(bib, tmp_path, style) if tool == "bibtex" else biber_document(bib, tmp_path)
    )
    assert typeset.problems == []
    assert "Journal of Physics" in typeset.bbl and "Proceedings of ACL" in typeset.bbl
    assert all(f"{{{paper.key}}}" in typeset.bbl for paper in PAPERS if paper.date)


@pytest.mark.slow
def test_pandoc_prints_the_venues(bib: Path, tmp_path: Path):
    printed = pandoc_references(bib, tmp_path)
    assert printed.returncode == 0 and printed.stderr == "", printed.stderr
    assert "Journal of Physics & Chemistry 41 (1): 110–14" in printed.stdout
    assert "In Proceedings of ACL, 5–9" in printed.stdout


def test_a_site_shows_where_a_library_paper_was_published(site_builder):
    """The paper's page says where it was published (and its head's tags do), a reference
    names the journal instead of "Preprint", and `library.bib` holds an `@article`."""
    site_builder.snapshot("mine.bib", BIB)
    notes = "# Notes\n\nAs shown [@laera2020crat] and [@yang2024depth].\n\n<!-- papershelf:references -->\n"
    (site_builder.root / "docs" / "notes.md").write_text(notes, encoding="utf-8")
    built = site_builder.build()
    assert built.warnings == []
    page = built.page("papers/laera2020crat/")
    venue = page.select_one(".ps-venue")
    assert venue is not None and venue.get_text() == "Published in Human Mutation 41 (1), 110–114"
    assert venue.select_one("cite").get_text() == "Human Mutation"
    meta = {tag["name"]: tag["content"] for tag in page.select("meta[name^=citation_]")}
    assert (meta["citation_journal_title"], meta["citation_volume"], meta["citation_issue"]) == (
        "Human Mutation",
        "41",
        "1",
    )
    assert (meta["citation_firstpage"], meta["citation_lastpage"]) == ("110", "114")
    assert built.page("papers/chen2019sequence/").select_one(".ps-venue") is None  # an arXiv preprint
    references = [" ".join(li.get_text().split()) for li in built.page("notes/").select(".ps-references li")]
    assert any("Human Mutation 41 (1), 110–114." in text for text in references), references
    assert any(
        "Advances in Neural Information Processing Systems 37, 21875–21911." in text for text in references
    )
    library = built.text("library.bib")
    assert "@article{laera2020crat," in library and "@inproceedings{yang2024depth," in library
    assert "@misc{chen2019sequence," in library


def test_a_site_says_what_kind_each_paper_is_and_who_published_or_edited_it(site_builder):
    site_builder.snapshot("kinds.bib", KINDS_BIB)
    notes = "# Notes\n\nSee [@doe2010learning] and [@smith2005report].\n\n<!-- papershelf:references -->\n"
    (site_builder.root / "docs" / "notes.md").write_text(notes, encoding="utf-8")
    built = site_builder.build()
    assert built.warnings == []  # a book of editors only lacks no author
    references = [" ".join(li.get_text().split()) for li in built.page("notes/").select(".ps-references li")]
    assert any("PhD thesis, MIT." in text for text in references), references
    assert any("Technical report CS-TR-05-01, Stanford University." in text for text in references), (
        references
    )

    def venue(key: str) -> str:
        line = built.page(f"papers/{key}/").select_one(".ps-venue")
        return line.get_text() if line is not None else ""

    assert venue("doe2010learning") == "PhD thesis, MIT"
    assert venue("poe2013tiny") == "Master’s thesis, ETH Zürich"
    assert venue("smith2005report") == "Technical report CS-TR-05-01, Stanford University"
    assert venue("knuth1997art") == "Published by Addison-Wesley"
    assert venue("glare1982oxford") == "Published by Clarendon · Edited by P. G. W. Glare"
    assert venue("marston2004citizens") == (
        "Published in Spaces of Democracy, 93–112, Sage · Edited by Clive Barnett, Murray Low"
    )
    meta = {tag["name"]: tag["content"] for tag in built.page("papers/doe2010learning/").select("meta")
            if tag.get("name", "").startswith("citation_")}  # fmt: skip
    assert meta["citation_dissertation_institution"] == "MIT"


def test_a_venue_is_data_in_every_export_and_on_the_page():
    """A journal's name is text like a title: a `<i>` in it is no CSL markup, `\\$` a
    dollar sign, and its formulas are rendered on pages."""
    venue = Venue(ARTICLE, "Costs in \\$ and $\\alpha$-decay <i>x</i>", pages="1-2")
    paper = _paper("odd1", venue)
    container = json.loads(csljson_file([paper]))[0]["container-title"]
    assert "<i>" not in container and "\\$" not in container and "α" in container
    press = _paper("odd2", Venue(BOOK, "", publisher="The <i>x</i> Press"))
    assert "<i>" not in json.loads(csljson_file([press]))[0]["publisher"]  # text, no CSL markup
    shown = shown_venue(venue)
    assert (
        shown.container.count("<math") == 1 and "<i>" not in shown.container and "\\$" not in shown.container
    )
    assert shown.pages == "1–2"
    assert "journal = {Costs in \\$ and $\\alpha$-decay {$<$}i{$>$}x{$<$}/i{$>$}}" in bibtex_entry(paper)


def test_the_cache_keeps_a_venue():
    """The on-disk cache's codec writes a paper's venue and reads it back."""
    codec = Codec(Paper)
    data = msgpack.unpackb(msgpack.packb(codec.encode(PAPERS[0])), use_list=False)
    assert codec.decode(data) == PAPERS[0] and codec.decode(data).venue == JOURNAL
