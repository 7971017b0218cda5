"""A library kept elsewhere: BibTeX and biblatex files as Zotero's Better BibTeX writes them
(the real ones in `../shared/real-listings/exports/`, skipped where absent), their own keys
kept as the papers' keys, and a .bib of our own for what those do not show."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest

from conftest import SiteBuilder, entry, listing, real_listing
from texrun import biber_document, bibtex_document
from papershelf.export.bibtex import bibtex_entry
from papershelf.library.identity import identity_of
from papershelf.library.keyfile import keyed_library
from papershelf.library.keys import KeyBook
from papershelf.library.merge import build_library
from papershelf.model import DAY, MONTH, YEAR, Paper
from papershelf.snapshots.reader import read_snapshot
from papershelf.text.rules import split_name


def test_better_bibtex_with_arxiv_eprints():
    read = read_snapshot(real("bibtex-bbt-arxiv-eprints-issue460.bib"))
    assert read.problems == () and [e.key for e in read.entries] == [
        "Ronnow.2014.Defining",
        "Sen.2016.BV",
        "Smolin.2013.Classical",
    ]
    ronnow, sen, smolin = read.entries
    assert ronnow.title == "Defining and Detecting Quantum Speedup"
    assert ronnow.authors[0].name == "Troels F. Rønnow" and len(ronnow.authors) == 9  # `R{\o}nnow`
    assert (ronnow.date, ronnow.date_precision) == (dt.date(2014, 7, 1), MONTH)  # `month = jul`
    assert (ronnow.ids.arxiv, ronnow.ids.primary_class, ronnow.ids.doi) == (
        "1401.2910",
        "quant-ph",
        "10.1126/science.1252319",
    )
    assert sen.title == "BV Master Action for Heterotic and Type II String Field Theories"  # `{{...}}`
    assert sen.ids.doi == "10.1007/JHEP02(2016)087" and smolin.ids.arxiv == "1305.4904"
    assert ronnow.abstract.startswith("The development of small-scale digital and analog quantum")


def test_name_particles_and_year_only_dates():
    read = read_snapshot(real("bibtex-bbt-name-particles-issue565.bib"))
    assert read.problems == () and len(read.entries) == 5
    names = {e.key: e.authors[0].name for e in read.entries}
    assert names["desw98"] == "Henriëtte de Swart" and names["vand95"] == "Danièle van de Velde"
    assert names["vonf94"] == "Kai von Fintel"
    by_key = {e.key: e for e in read.entries}
    assert (by_key["desw98"].date, by_key["desw98"].date_precision) == (dt.date(1998, 1, 1), YEAR)
    assert by_key["vand95"].title == "Le spectre nominal. Des noms de matières aux noms d'abstractions"


def test_biblatex_with_chinese_names_and_iso_dates():
    read = read_snapshot(real("biblatex-bbt-chinese-names-issue2320.bib"))
    assert read.problems == () and len(read.entries) == 5
    first, second = read.entries[:2]
    assert (first.date, first.date_precision) == (dt.date(2022, 11, 1), MONTH)  # `date = {2022-11}`
    assert [p.name for p in second.authors][:2] == ["方明月", "林佳妮"]  # `方, 明月 and 林, 佳妮`
    assert second.title.startswith("数字化转型是否促进了企业内共同富裕")


def test_a_bib_files_keys_are_the_papers_keys_and_are_remembered(site_builder: SiteBuilder):
    site_builder.snapshot(
        "library.bib",
        "@misc{Lee.2026.Paging,\n  title = {Paging {Attention}},\n  author = {Lee, Ann and Wu, Bo},\n"
        "  year = {2026},\n  month = aug,\n  eprint = {2608.01234},\n  archivePrefix = {arXiv}\n}\n\n"
        "@article{broken,\n  title = {No closing brace,\n\n"
        "@misc{index,\n  title = {Unsafe Key},\n  author = {Kim, Seon Ho},\n  year = 2025\n}\n",
    )
    site_builder.snapshot("a.txt", listing(entry("Paging Attention", "Ann Lee, Bo Wu", "5 August 2026")))
    built = site_builder.build()
    assert [w.split(": ", 1)[1][:40] for w in built.warnings] == [
        "library.bib:10: BibTeX entry pybtex cann",
        "library.bib:13: key 'index' cannot be a ",
    ]
    assert built.warnings[1].endswith(
        "(the site or the system uses that name); this paper is 'kim2025unsafe'"
    )
    page = built.page("papers/Lee.2026.Paging/")  # one paper from both sources, under the file's key
    assert page.select_one(".ps-links a")["href"] == "https://arxiv.org/abs/2608.01234"
    assert page.select_one("time")["datetime"] == "2026-08-05"  # the listing's day beats the file's month
    assert (built.site / "papers" / "kim2025unsafe" / "index.html").exists()  # `index` is no safe key
    keys = (site_builder.root / "citation-keys.tsv").read_text(encoding="utf-8")
    assert "Lee.2026.Paging\t" in keys


def test_a_year_only_paper_shows_and_exports_its_year(site_builder: SiteBuilder, tmp_path: Path):
    site_builder.snapshot(
        "old.bib",
        "@book{vonf94,\n  title = {Restrictions},\n  author = {{von Fintel}, Kai},\n  year = 1994\n}\n",
    )
    built = site_builder.build()
    assert built.warnings == []
    page = built.page("papers/vonf94/")
    assert page.select_one("time").get_text() == "1994" and page.select_one("time")["datetime"] == "1994"
    bib = (built.site / "papers" / "vonf94.bib").read_text(encoding="utf-8")
    assert "year = {1994}" in bib and "month" not in bib
    assert "date = {1994}" in (built.site / "library-biblatex.bib").read_text(encoding="utf-8")
    (item,) = json.loads((built.site / "library.json").read_text(encoding="utf-8"))
    assert item["issued"] == {"date-parts": [[1994]]}


def test_a_csl_json_library_from_better_bibtex():
    read = read_snapshot(real("csljson-bbt-26-items-issue1400.json"))
    assert read.problems == () and read.found == len(read.entries) == 26
    first = read.entries[0]
    assert (first.key, first.source.line) == ("brittain2004", 2)
    assert [p.name for p in first.authors] == ["Ian Brittain"]
    assert (first.date, first.date_precision) == (dt.date(2004, 1, 1), YEAR)  # `["2004"]`
    assert first.ids.doi == "10.1177/0193723504268729"  # `10/fqd6hj` is short: the URL's is kept
    assert min(e.date for e in read.entries if e.date) == dt.date(1981, 1, 1)  # a library holds old papers
    organisations = {
        e.key: [p.name for p in e.authors] for e in read.entries if e.key.startswith(("iaaf", "time"))
    }
    assert organisations == {"iaaf2019": ["IAAF"], "timeusa2019": ["TIME USA"], "timeusa2019a": ["TIME USA"]}
    assert "Perceptions of disability" in first.title


def test_json_that_is_no_csl_library_is_one_warning(tmp_path: Path):
    (tmp_path / "settings.json").write_text('{"theme": "dark"}\n', encoding="utf-8")
    (tmp_path / "cut.json").write_text('[{"type": "article", "title": "A"', encoding="utf-8")
    said = {
        name: [str(p) for p in read_snapshot(tmp_path / name).problems]
        for name in ("settings.json", "cut.json")
    }
    assert said["settings.json"] == [
        "settings.json:1: not a recognised listing; it looks like JSON that is not a CSL-JSON array of items"
    ]
    assert len(said["cut.json"]) == 1 and "not valid JSON" in said["cut.json"][0]


def test_an_array_of_other_records_is_no_csl_library(tmp_path: Path):
    """Semantic Scholar's batch API answers with an array of papers with titles, `authors`
    and `year`: no CSL item, so one warning and no paper without authors."""
    s2 = [{"paperId": "p1", "title": "An arXiv Paper", "authors": [{"name": "Alice"}], "year": 2024}]
    (tmp_path / "s2.json").write_text(json.dumps(s2), encoding="utf-8")
    read = read_snapshot(tmp_path / "s2.json")
    assert read.entries == ()
    assert [str(p) for p in read.problems] == [
        "s2.json:1: not a recognised listing; it looks like JSON that is not a CSL-JSON array of items"
    ]


def test_a_csl_date_written_date_parts_is_read(tmp_path: Path):
    """`date_parts`, not the schema's `date-parts`, in real data made from Zotero's."""
    item = {"id": "x", "type": "report", "title": "HTTP", "issued": {"date_parts": [[2014, 6]]}}
    (tmp_path / "lib.json").write_text(json.dumps([item]), encoding="utf-8")
    entry = read_snapshot(tmp_path / "lib.json").entries[0]
    assert (entry.date, entry.date_precision) == (dt.date(2014, 6, 1), MONTH)


def test_a_ris_export_from_zotero():
    read = read_snapshot(real("ris-zotero-pubmed-6-items.ris"))
    assert read.problems == () and read.found == len(read.entries) == 6
    first, second = read.entries[:2]
    assert first.source.line == 1 and second.source.line == 26
    assert [p.name for p in first.authors][:2] == ["Agata Rudnik", "Grazyna Piotrowicz"]
    assert (first.date, first.date_precision) == (dt.date(2019, 1, 1), YEAR)  # `DA  - 2019///`
    assert (second.date, second.date_precision) == (dt.date(2019, 10, 1), MONTH)  # `2019/10//undefined`
    assert second.ids.doi == "10.1007/s10151-019-02080-0"
    assert read.entries[3].date == dt.date(2019, 7, 24)
    # `Inflammatory Bowel  Disease`: a title's white space is one space, in every export
    assert all("  " not in entry.title for entry in read.entries)
    assert any("Inflammatory Bowel Disease and Depression" in entry.title for entry in read.entries)


def test_a_ris_record_never_closed_is_a_warning_not_a_silent_loss(tmp_path: Path):
    (tmp_path / "cut.ris").write_text(
        "TY  - JOUR\nTI  - Whole\nAU  - Lee, Ann\nPY  - 2020\nER  - \n\nTY  - JOUR\nTI  - Cut\n",
        encoding="utf-8",
    )
    read = read_snapshot(tmp_path / "cut.ris")
    assert [e.title for e in read.entries] == ["Whole"] and read.found == 2
    assert [str(p) for p in read.problems] == ["cut.ris:7: RIS record not closed by 'ER  -'; skipped"]


def real(name: str) -> Path:
    return real_listing(f"exports/{name}")


def test_string_macros_hold_across_entries(tmp_path: Path):
    """`@string` defines a macro for the entries after it (read entry by entry, they had none)."""
    (tmp_path / "lib.bib").write_text(
        '@string{lee = "Lee, Ann"}\n\n@misc{a1,\n  title = {Paging},\n  author = lee,\n  year = 2024\n}\n',
        encoding="utf-8",
    )
    read = read_snapshot(tmp_path / "lib.bib")
    assert read.problems == () and [(e.key, e.authors[0].name, e.source.line) for e in read.entries] == [
        ("a1", "Ann Lee", 3)
    ]


def test_string_macros_hold_when_a_broken_entry_forces_reading_entry_by_entry(tmp_path: Path):
    """One broken entry makes the file be read entry by entry: the `@string` macros still hold
    for the good ones, and the warning names the broken entry's line in the file."""
    (tmp_path / "lib.bib").write_text(
        '@string{jml = "Journal of Machine Learning"}\n\n'
        "@article{a1,\n  title = {First},\n  author = {Lee, Ann},\n  journal = jml,\n  year = 2024\n}\n\n"
        "@article{a2,\n  title = {Second,\n  author = {Lee, Ann},\n  journal = jml,\n  year = 2024\n}\n\n"
        "@article{a3,\n  title = {Third},\n  author = {Lee, Ann},\n  journal = jml,\n  year = 2024\n}\n",
        encoding="utf-8",
    )
    read = read_snapshot(tmp_path / "lib.bib")
    assert [(e.key, e.source.line) for e in read.entries] == [("a1", 3), ("a3", 17)]
    assert [str(p) for p in read.problems] == [
        "lib.bib:10: BibTeX entry pybtex cannot read"
        " (syntax error in line 17: premature end of file); skipped"
    ]


def test_a_ris_author_with_a_suffix_is_one_person(tmp_path: Path):
    """`AU  - Smith, John, Jr.` (family, given, suffix) is John Smith, Jr., not two people."""
    (tmp_path / "jr.ris").write_text(
        "TY  - JOUR\nTI  - Suffixes\nAU  - Lee, Ann\nAU  - Smith, John, Jr.\nPY  - 2020\nER  - \n",
        encoding="utf-8",
    )
    read = read_snapshot(tmp_path / "jr.ris")
    assert [p.name for p in read.entries[0].authors] == ["Ann Lee", "John Smith, Jr."]


def test_what_refworks_writes_in_ris_is_read_as_it_means(tmp_path: Path):
    """RefWorks: an organisation as author (never `International, Amnesty`), a page range
    in `SP` and again in `EP`, the DOI in `M3`; a person given name first (IEEE Xplore's
    `K. He`) is split as a listing's name is."""
    (tmp_path / "refworks.ris").write_text(
        "TY  - JOUR\r\nA1  - Amnesty International\r\nA1  - Walsh, Rachel\r\nA1  - K. He\r\n"
        "T1  - Stories we tell\r\n"
        "JF  - Society and Space\r\nY1  - 2011\r\nSP  - 150 \u2013 168\r\nEP  - 150 \u2013 168\r\n"
        "M3  - 10.1068/d8109\r\nED  - Barnett,Clive\r\nER  - \r\n",
        encoding="utf-8",
    )
    (entry,) = read_snapshot(tmp_path / "refworks.ris").entries
    assert [(p.name, p.corporate, p.family) for p in entry.authors] == [
        ("Amnesty International", True, ""),
        ("Rachel Walsh", False, "Walsh"),
        ("K. He", False, ""),
    ]
    assert split_name(entry.authors[2]).last == "He"
    assert entry.venue is not None and entry.venue.pages == "150-168" and entry.ids.doi == "10.1068/d8109"
    assert [p.name for p in entry.editors] == ["Clive Barnett"]  # `ED`, which rispy does not know


@pytest.mark.parametrize(
    ("tags", "date", "precision"),
    [
        ("Y1  - 2020/01/\n", dt.date(2020, 1, 1), MONTH),  # PubMed's RIS export
        ("Y1  - 1994\n", dt.date(1994, 1, 1), YEAR),  # APA PsycINFO's
        ("Y1  - 2012/11/01\n", dt.date(2012, 11, 1), DAY),
    ],
)
def test_a_ris_date_in_y1_and_an_abstract_in_n2_are_read(tags: str, date, precision, tmp_path: Path):
    """Databases write the date as `Y1` and the abstract as `N2` where Zotero writes `PY`
    and `AB`."""
    record = f"TY  - JOUR\nTI  - Recall\nAU  - Lee, Ann\n{tags}N2  - We recall things.\nER  - \n"
    (tmp_path / "db.ris").write_text(record, encoding="utf-8")
    read = read_snapshot(tmp_path / "db.ris")
    assert read.problems == ()
    entry = read.entries[0]
    assert (entry.date, entry.date_precision, entry.abstract) == (date, precision, "We recall things.")


def test_escapes_in_a_dblp_url_and_doi_are_read_as_the_characters(tmp_path: Path):
    """DBLP writes `paper\\_files` in NeurIPS URLs and `\\_` in DOIs for classic bibtex."""
    (tmp_path / "dblp.bib").write_text(
        "@inproceedings{DBLP:conf/nips/Yang24,\n  author = {Lihe Yang},\n  title = {Depth},\n"
        "  year = {2024},\n  url = {http://papers.nips.cc/paper\\_files/paper/2024/hash/a-Abstract.html},\n"
        "  doi = {10.1007/978-3-031-39698-4\\_33}\n}\n",
        encoding="utf-8",
    )
    ids = read_snapshot(tmp_path / "dblp.bib").entries[0].ids
    assert ids.url == "http://papers.nips.cc/paper_files/paper/2024/hash/a-Abstract.html"
    assert ids.doi == "10.1007/978-3-031-39698-4_33"


# A hand-made references file of the kind a paper's sources hold: macros its author's
# other file defined (`ieeeacm`), a field written twice, a `@misc` with only a URL.
HAND_MADE = r"""@string{acm = "ACM"}

@inproceedings{dean2004mapreduce,
  title = {{MapReduce}: Simplified Data Processing on Large Clusters},
  author = {Dean, Jeffrey and Ghemawat, Sanjay},
  booktitle = {OSDI},
  publisher = ieeeacm,
  year = {2004}
}

@article{lamport1978time,
  title = {Time, Clocks, and the Ordering of Events in a Distributed System},
  author = {Lamport, Leslie},
  journal = cacm # { 21(7)},
  publisher = acm,
  year = 1978,
  year = 1979
}

@misc{githubrepo,
  howpublished = {\url{https://github.com/example/repo}},
  note = {Accessed 2024}
}

@book{tanenbaum2007,
  title = {Distributed Systems},
  author = {Tanenbaum, Andrew S. and van Steen, Maarten},
  publisher = ieeeacm,
  year = {2007}
}
"""


def test_undefined_macros_and_duplicate_fields_cost_the_field_as_bibtex_does(tmp_path: Path):
    (tmp_path / "refs.bib").write_text(HAND_MADE, encoding="utf-8")
    read = read_snapshot(tmp_path / "refs.bib")
    assert [(e.key, e.title) for e in read.entries] == [
        ("dean2004mapreduce", "MapReduce: Simplified Data Processing on Large Clusters"),
        ("lamport1978time", "Time, Clocks, and the Ordering of Events in a Distributed System"),
        ("tanenbaum2007", "Distributed Systems"),
    ]
    assert read.entries[1].date == dt.date(1978, 1, 1)  # the first `year`, as bibtex keeps it
    assert [str(problem) for problem in read.problems] == [
        "refs.bib:7: undefined @string macro 'ieeeacm': read as empty, as bibtex does",
        "refs.bib:11: entry 'lamport1978time' has a second 'year' field: the first is kept, as bibtex does",
        "refs.bib:14: undefined @string macro 'cacm': read as empty, as bibtex does",
        "refs.bib:20: not a paper: BibTeX entry 'githubrepo' has neither title nor author; skipped",
        "refs.bib:28: undefined @string macro 'ieeeacm': read as empty, as bibtex does",
    ]
    assert read.found == 4


def test_a_web_page_s_address_in_howpublished_is_its_link(tmp_path: Path):
    """Classic bibtex styles have no `url` field, so libraries write `howpublished =
    {\\url{...}}` (or a note): that address is the paper's link, in every export."""
    (tmp_path / "refs.bib").write_text(
        "@misc{ESAPI, author = {{OWASP}}, title = {ESAPI datasheet}, year = {2010},\n"
        "  howpublished = {\\url{https://www.owasp.org/images/8/81/Esapi\\_datasheet.pdf}}}\n"
        "@misc{notes, author = {Lee, Ann}, title = {Notes}, year = {2011}, note = {URL: \\url{https://x.org/n}}}\n"
        "@misc{data, author = {Lee, Ann}, title = {Data}, year = {2011},\n"
        "  note = {See also \\url{https://other.example.org/x} for the data set}}\n",
        encoding="utf-8",
    )
    esapi, notes, data = read_snapshot(tmp_path / "refs.bib").entries
    assert esapi.ids.url == "https://www.owasp.org/images/8/81/Esapi_datasheet.pdf"
    assert notes.ids.url == "https://x.org/n"
    assert data.ids.url == ""  # an address a longer note mentions may be anything's


def test_an_entry_without_a_title_is_kept_and_said(tmp_path: Path):
    """A chapter whose title was never filled in: kept under its key (a document may cite
    it), and a warning at its line, where before it became a page without a heading."""
    (tmp_path / "refs.bib").write_text(
        "@incollection{brooks11, author = {Brooks, Rodney}, booktitle = {Robots}, year = {2011}}\n",
        encoding="utf-8",
    )
    read = read_snapshot(tmp_path / "refs.bib")
    assert [e.key for e in read.entries] == ["brooks11"]
    assert [str(problem) for problem in read.problems] == ["refs.bib:1: BibTeX entry 'brooks11' has no title"]


def test_macros_another_bib_file_of_the_folder_defines_are_used(tmp_path: Path):
    """`IEEEabrv.bib` of `@string`s beside `refs.bib`, as `\\bibliography{IEEEabrv,refs}`
    reads them: the journal the macro names, no warning, and the file of macros is no
    mistake; a macro no file defines still reads as empty, with its warning. An edit of
    the file of macros reaches the next reading, though `refs.bib` did not change."""
    from papershelf.snapshots.folder import SnapshotFolder

    (tmp_path / "IEEEabrv.bib").write_text('@STRING{IEEE_J_AC = "{IEEE} Trans. Autom. Control"}\n', "utf-8")
    (tmp_path / "refs.bib").write_text(
        "@article{a, author = {Lee, Ann}, title = {Control}, journal = IEEE_J_AC, year = 2020}\n"
        "@article{b, author = {Lee, Ann}, title = {Other}, journal = IEEE_J_XX, year = 2020}\n",
        encoding="utf-8",
    )
    folder = SnapshotFolder(tmp_path)
    abbreviations, refs = folder.listings()
    assert abbreviations.problems == () and abbreviations.entries == ()
    assert [e.venue and e.venue.container for e in refs.entries] == ["IEEE Trans. Autom. Control", None]
    assert [p.message for p in refs.problems] == [
        "undefined @string macro 'IEEE_J_XX': read as empty, as bibtex does"
    ]
    (tmp_path / "IEEEabrv.bib").write_text('@STRING{IEEE_J_AC = "{IEEE} Transactions on Control"}\n', "utf-8")
    refs = folder.listings()[1]
    assert (
        refs.entries[0].venue is not None
        and refs.entries[0].venue.container == "IEEE Transactions on Control"
    )


FAMILIES = {
    "bib": (
        "lib.bib",
        "@article{a, title = {Families}, year = {2020}, author = {Del Santo, Flavio and"
        " van Engelenburg, M{\\'e}lisande and Smith, Jr., John and {Kantar Public}}}\n",
    ),
    "ris": (
        "lib.ris",
        "TY  - JOUR\nTI  - Families\nAU  - Del Santo, Flavio\nAU  - van Engelenburg, Mélisande\n"
        "AU  - Smith, John, Jr.\nAU  - Kantar Public\nPY  - 2020\nER  - \n",
    ),
    "csl": (
        "lib.json",
        json.dumps(
            [
                {
                    "id": "a",
                    "type": "article-journal",
                    "title": "Families",
                    "issued": {"date-parts": [[2020]]},
                    "author": [
                        {"family": "Del Santo", "given": "Flavio"},
                        {"family": "Engelenburg", "non-dropping-particle": "van", "given": "Mélisande"},
                        {"family": "Smith", "given": "John", "suffix": "Jr."},
                        {"literal": "Kantar Public"},
                    ],
                }
            ]
        ),
    ),
}


@pytest.mark.parametrize("source", sorted(FAMILIES))
def test_a_family_name_the_source_gives_apart_is_kept_whole(source: str, tmp_path: Path):
    """`Del Santo, Flavio` is Flavio of the Del Santo family, not `Santo, Flavio Del`, in the
    names' parts that keys, author pages and every export use; a name of family alone stays
    whole."""
    name, text = FAMILIES[source]
    (tmp_path / name).write_text(text, encoding="utf-8")
    authors = read_snapshot(tmp_path / name).entries[0].authors
    assert [person.name for person in authors] == [
        "Flavio Del Santo",
        "Mélisande van Engelenburg",
        "John Smith, Jr.",
        "Kantar Public",
    ]
    parts = [split_name(person) for person in authors[:3]]
    assert [(p.first, p.von, p.last, p.jr) for p in parts] == [
        ("Flavio", "", "Del Santo", ""),
        ("Mélisande", "van", "Engelenburg", ""),
        ("John", "", "Smith", "Jr."),
    ]
    # a name of family alone is kept whole; RIS cannot say so (`Kantar Public` has no comma)
    assert split_name(authors[3]).last == ("Public" if source == "ris" else "Kantar Public")
    paper = _papers(tmp_path / name)[0]
    written = bibtex_entry(paper)
    assert "{Del Santo}, Flavio and van Engelenburg, M{\\'e}lisande and Smith, Jr., John" in written


def test_a_family_name_given_apart_leaves_the_paper_identity_as_a_listing_gives_it(tmp_path: Path):
    """Keys issued before family names were read stay with their papers: the identity reads
    the surname from the name as a line would (`santo`), the new key from the family name."""
    name, text = FAMILIES["ris"]
    (tmp_path / name).write_text(text, encoding="utf-8")
    paper = _papers(tmp_path / name)[0]
    assert identity_of(paper.title, paper.authors).surnames[:2] == ("santo", "engelenburg")
    assert paper.key.startswith("delsanto2020")


@pytest.mark.parametrize("style", ["plainnat", "plain"])
def test_an_entry_without_authors_keyed_with_underscores_typesets(style: str, tmp_path: Path):
    """natbib styles print the `key` of an entry without authors as its label: a Zotero key
    (`doe_handbook_2007`) must reach LaTeX escaped, or pdflatex stops at `Missing $`."""
    (tmp_path / "lib.bib").write_text(
        "@book{doe_handbook_2007, title = {A Handbook of Free Things}, year = {2007}}\n", encoding="utf-8"
    )
    papers = _papers(tmp_path / "lib.bib")
    (tmp_path / "out.bib").write_text(bibtex_entry(papers[0]), encoding="utf-8")
    typeset = bibtex_document(tmp_path / "out.bib", tmp_path, style, url_package=True)
    assert typeset.problems == []


def test_two_entries_of_one_file_under_two_keys_stay_two_papers_in_any_order(tmp_path: Path):
    """An article and the manuscript of one title and author, told apart by whoever keeps
    the file: neither key may vanish into the other paper, nor move when the file is
    reordered (each key's row in the key file has the same identity)."""
    article = (
        "@article{Popper1934, author = {Popper, Karl}, title = {Zur Kritik der Relationen},"
        " journal = {Naturwissenschaften}, year = {1934}}\n"
    )
    manuscript = (
        "@unpublished{Popper1935b, author = {Popper, Karl}, title = {Zur Kritik der Relationen},"
        " year = {1935}}\n"
    )
    keys = tmp_path / "citation-keys.tsv"
    for text in (article + manuscript, manuscript + article, article + manuscript):
        (tmp_path / "lib.bib").write_text(text, encoding="utf-8")
        merged = keyed_library([read_snapshot(tmp_path / "lib.bib")], keys)
        assert merged.library.problems == ()
        years = {paper.key: paper.date.year for paper in merged.library.papers if paper.date}
        assert years == {"Popper1934": 1934, "Popper1935b": 1935}


def test_tex_typesetting_hints_and_ensuremath_are_read_as_what_they_mean(tmp_path: Path):
    """`\\-` (where a word may break) and `\\hyp{}` are no text; `\\ensuremath` is math."""
    (tmp_path / "ads.bib").write_text(
        "@ARTICLE{2018ApJ,\n  author = {{Charnay}, B.},\n"
        "  title = {The {\\ensuremath{\\beta}} Pictoris Na\\-tur\\-wis\\-sen and Quantum\\hyp{}mechanical},\n"
        "  year = 2018}\n",
        encoding="utf-8",
    )
    (ads,) = read_snapshot(tmp_path / "ads.bib").entries
    assert ads.title == "The $\\beta$ Pictoris Naturwissen and Quantum-mechanical"


def test_ads_and_inspire_entries_read_as_their_journals_and_names_say(tmp_path: Path):
    """What ADS, INSPIRE and Better BibTeX write: AAS journal macros (`\\apj`), hyphenated
    initials split by a space (`C. -P.`), a year with a month around it (`Nov./2001`)."""
    (tmp_path / "ads.bib").write_text(
        "@ARTICLE{2018ApJ,\n  author = {{Charnay}, B. and {Yuan}, C. -P.},\n"
        "  title = {The {\\ensuremath{\\beta}} Pictoris Na\\-tur\\-wis\\-sen and Quantum\\hyp{}mechanical},\n"
        "  journal = {\\apj}, year = 2018, volume = {854}, pages = {172}}\n"
        "@article{bbt2001, author = {Doe, Jane}, title = {Heart Rate}, journal = {\\unknownjournal},\n"
        "  year = {Nov./2001}}\n"
        "@article{nodate, author = {Doe, Jane}, title = {In Press}, journal = {Nature}, year = {n.d.}}\n",
        encoding="utf-8",
    )
    read = read_snapshot(tmp_path / "ads.bib")
    assert read.problems == ()
    ads, bbt, undated = read.entries
    assert ads.title == "The $\\beta$ Pictoris Naturwissen and Quantum-mechanical"
    assert ads.venue is not None and ads.venue.container == "The Astrophysical Journal"
    assert [person.name for person in ads.authors] == ["B. Charnay", "C.-P. Yuan"]
    assert bbt.venue is not None and bbt.venue.container == "\\unknownjournal"  # kept, as written
    assert (bbt.date, bbt.date_precision) == (dt.date(2001, 11, 1), MONTH)
    assert undated.date is None


def test_a_dollar_sign_alone_opens_no_math(tmp_path: Path):
    """`5$ per {GPU}`: one `$` is a price, and the braces after it protect case as ever."""
    (tmp_path / "refs.bib").write_text(
        "@article{a, author = {Lee, Ann}, title = {Pricing at 5$ per {GPU} hour}, year = 2020}\n"
        "@article{b, author = {Lee, Ann}, title = {Costs in {US$} and {EUR} of {GPU}s}, year = 2020}\n",
        encoding="utf-8",
    )
    titles = [entry.title for entry in read_snapshot(tmp_path / "refs.bib").entries]
    assert titles == ["Pricing at 5$ per GPU hour", "Costs in US$ and EUR of GPUs"]


def test_a_thesis_whose_type_says_masters_is_a_masters_thesis(tmp_path: Path):
    (tmp_path / "refs.bib").write_text(
        "@thesis{a, author = {Lee, Ann}, title = {A}, institution = {MIT}, type = {mathesis}}\n"
        "@phdthesis{b, author = {Lee, A}, title = {B}, school = {MIT}, type = {Master's thesis}}\n"
        "@thesis{c, author = {Lee, Ann}, title = {C}, institution = {MIT}, type = {phdthesis}}\n",
        encoding="utf-8",
    )
    kinds = [entry.venue and entry.venue.kind for entry in read_snapshot(tmp_path / "refs.bib").entries]
    assert kinds == ["mastersthesis", "mastersthesis", "phdthesis"]


def test_braces_inside_math_are_the_formulas_own(tmp_path: Path):
    """INSPIRE's `$\\sqrt{{s}_{NN}}$`: dropping `{NN}`'s braces as those of a word whose
    case they protect made it `s_NN`, a subscript N and a plain N."""
    (tmp_path / "inspire.bib").write_text(
        '@article{Aamodt2011, author = "Aamodt, K. and Sinyukov, {\\relax Yu}. M.",\n'
        '  title = "{Two-pion correlations at $\\sqrt{{s}_{NN}} =$ 2.76 TeV}", year = "2011"}\n',
        encoding="utf-8",
    )
    (entry,) = read_snapshot(tmp_path / "inspire.bib").entries
    assert entry.title == "Two-pion correlations at $\\sqrt{{s}_{NN}} =$ 2.76 TeV"
    assert [person.name for person in entry.authors] == ["K. Aamodt", "Yu. M. Sinyukov"]


def test_words_a_bib_file_protects_keep_their_capitals_in_every_style(tmp_path: Path):
    """Zotero and Better BibTeX brace proper nouns (`{L}ondon`, `{{Poincare}}`): styles that
    lower-case titles must print them as the source wrote them; a macro's argument and an
    accent's group protect nothing (`\\emph{Pocket}`, `Schr{\\"o}dinger`)."""
    (tmp_path / "lib.bib").write_text(
        "@article{zot, author = {Doe, Jane}, year = {2020}, journal = {J},\n"
        "  title = {Bicycles in {L}ondon, {Monte} {Carlo} and {{Poincare}}: {Quantum Field Theory}"
        ' \\emph{Pocket} Schr{\\"o}dinger Guide to {{\\"O}sterreich}}}\n',
        encoding="utf-8",
    )
    (entry,) = read_snapshot(tmp_path / "lib.bib").entries
    assert entry.cased == ("London", "Monte", "Carlo", "Poincare", "Quantum", "Field", "Theory", "Österreich")
    paper = _papers(tmp_path / "lib.bib")[0]
    (tmp_path / "out.bib").write_text(bibtex_entry(paper), encoding="utf-8")
    typeset = bibtex_document(tmp_path / "out.bib", tmp_path, "plain")
    assert typeset.problems == []
    printed = " ".join(typeset.bbl.replace("{", "").replace("}", "").split())
    assert "Bicycles in London, Monte Carlo and Poincare: Quantum Field Theory pocket" in printed
    assert "schr" in printed.lower() and 'guide to \\"Osterreich' in printed


@pytest.mark.parametrize(
    ("name", "text"),
    [
        (
            "crossref.json",
            json.dumps(
                [
                    {
                        "id": "a",
                        "type": "article-journal",
                        "title": "Markup",
                        "author": [{"family": "Doe", "given": "Jane"}],
                        "abstract": "<jats:title>Abstract</jats:title><jats:p>We find"
                        " <jats:italic>x</jats:italic> &lt; y where $a<b>c$.</jats:p>"
                        "<jats:p>Then CO<jats:sub>2</jats:sub> if a<b and c>d; more.</jats:p>",
                    }
                ]
            ),
        ),
        (
            "zotero.ris",
            "TY  - JOUR\nTI  - Markup\nAU  - Doe, Jane\nAB  - <p>We find x &lt; y where $a<b>c$.</p>\n"
            "<p>Then CO<sub>2</sub> if a<b and c>d; more.</p>\nER  - \n",
        ),
    ],
)
def test_publisher_markup_in_a_library_abstract_is_left_out(name: str, text: str, tmp_path: Path):
    """Crossref's JATS and the HTML of RIS exports are no part of the abstract; math is."""
    (tmp_path / name).write_text(text, encoding="utf-8")
    (entry,) = read_snapshot(tmp_path / name).entries
    assert entry.abstract == "We find x < y where $a<b>c$. Then CO2 if a<b and c>d; more."


def test_an_entry_takes_what_it_lacks_from_the_volume_its_crossref_names(tmp_path: Path):
    """As bibtex does: the volume's title is the paper's booktitle, its year the paper's."""
    (tmp_path / "lib.bib").write_text(
        "@inproceedings{paper, author = {Doe, Jane}, title = {A Chapter}, crossref = {volume},"
        " pages = {11--20}}\n"
        "@proceedings{volume, title = {Proceedings of Things}, year = {2022}, doi = {10.1/volume},"
        " howpublished = {arXiv:2101.00001}}\n"
        "@inproceedings{self, author = {Doe, Jane}, title = {Itself}, crossref = {self}}\n",
        encoding="utf-8",
    )
    paper, _, itself = read_snapshot(tmp_path / "lib.bib").entries
    assert (paper.key, paper.date, paper.ids.doi, paper.ids.arxiv) == ("paper", dt.date(2022, 1, 1), "", "")
    assert itself.venue is None  # its own title is no volume of it
    assert paper.venue is not None and (paper.venue.container, paper.venue.pages) == (
        "Proceedings of Things",
        "11-20",
    )


INSPIRE_KEYED = """\
@article{Aamodt:2011mr, author = "Aamodt, K.", title = "{Two-pion correlations}", year = "2011"}
@article{lee2021, author = {Lee, Ann}, title = {Other Paper}, year = {2021}}
"""


def test_a_key_that_cannot_be_kept_still_cites_its_paper_in_biblatex(tmp_path: Path):
    """`Aamodt:2011mr` can be no page's name, so the paper has another key; the exports
    name the library's key in biblatex's `ids`, so `\\cite{Aamodt:2011mr}` still finds it
    with biber. A key that is another paper's is never one (it would cite two)."""
    (tmp_path / "inspire.bib").write_text(INSPIRE_KEYED, encoding="utf-8")
    (tmp_path / "other.bib").write_text(
        "@article{lee2021, author = {Wu, Bo}, title = {Third Paper}, year = {2021}}\n", encoding="utf-8"
    )
    library = _library(tmp_path)
    keys = {paper.title: (paper.key, paper.library_keys) for paper in library.papers}
    assert keys == {
        "Two-pion correlations": ("aamodt2011two", ("Aamodt:2011mr",)),
        "Other Paper": ("lee2021", ()),
        "Third Paper": ("wu2021third", ()),  # its own `lee2021` is the other paper's key
    }
    assert "ids = {Aamodt:2011mr}" in bibtex_entry(library.by_key["aamodt2011two"])
    assert "ids" not in bibtex_entry(library.by_key["wu2021third"])


@pytest.mark.slow
def test_biber_resolves_a_citation_by_the_key_that_could_not_be_kept(tmp_path: Path):
    (tmp_path / "inspire.bib").write_text(INSPIRE_KEYED, encoding="utf-8")
    (tmp_path / "out.bib").write_text(
        "".join(bibtex_entry(paper) for paper in _library(tmp_path).papers), encoding="utf-8"
    )
    typeset = biber_document(tmp_path / "out.bib", tmp_path, cited=["Aamodt:2011mr", "lee2021"])
    assert typeset.problems == []
    assert "\\entry{aamodt2011two}" in typeset.bbl


def _library(folder: Path):
    listings = [read_snapshot(path) for path in sorted(folder.glob("*.bib"))]
    return build_library(listings, KeyBook({}, {})).library


@pytest.mark.parametrize("item_id", ["http://zotero.org/users/1/items/ABCD2345", "12047273/KC6WFG78"])
def test_a_zotero_item_address_is_no_key_and_no_warning(item_id: str, tmp_path: Path):
    """Zotero's own CSL-JSON export names items by their place in a library, not by a key."""
    item = {"id": item_id, "type": "book", "title": "Things", "author": [{"family": "Doe", "given": "Jane"}]}
    (tmp_path / "zotero.json").write_text(json.dumps([item]), encoding="utf-8")
    merged = keyed_library([read_snapshot(tmp_path / "zotero.json")], tmp_path / "citation-keys.tsv")
    assert merged.library.problems == () and merged.library.papers[0].key == "doendthings"


def test_a_bib_key_stays_with_its_paper_when_the_reader_reads_its_title_or_names_anew(tmp_path: Path):
    """The key file remembers `charnay2018` under the title an older reader made of
    `{\\ensuremath{\\beta}}` and `ai` as the surname of `{Meta AI}`: the entries keep their keys."""
    keys = tmp_path / "citation-keys.tsv"
    keys.write_text(
        "charnay2018\tcharnay|theensuremathbetapictorissystem\tThe \\ensuremath{\\beta} Pictoris System\n"
        "metaai2024llama\tai|thellamaherdofmodels\tThe Llama Herd of Models\n",
        encoding="utf-8",
    )
    (tmp_path / "lib.bib").write_text(
        "@article{charnay2018, author = {{Charnay}, B.},"
        " title = {The {\\ensuremath{\\beta}} Pictoris System}, year = 2018}\n"
        "@misc{metaai2024llama, title = {The Llama Herd of Models}, year = {2024}, author = {{Meta AI}}}\n",
        encoding="utf-8",
    )
    merged = keyed_library([read_snapshot(tmp_path / "lib.bib")], keys)
    assert merged.library.problems == ()
    assert sorted(paper.key for paper in merged.library.papers) == ["charnay2018", "metaai2024llama"]


def test_a_csl_title_read_without_its_rich_text_keeps_the_key_issued_for_it(tmp_path: Path):
    """A Zotero item without a citation key, whose title was read with its tags as text
    before CSL rich text was read: the key file remembers that reading, and the paper keeps
    its key (the row stays under that reading, so later builds find it too)."""
    title = '<i>Drosophila</i> wing development under <span class="nocase">GPU</span> light'
    keys = tmp_path / "citation-keys.tsv"
    keys.write_text(
        "lee2020drosophila\tlee|idrosophilaiwingdevelopmentunderspanclassnocasegpuspanlight\t"
        "Drosophila wing development\n",
        encoding="utf-8",
    )
    item = {"id": "http://zotero.org/users/1/items/ABCD", "type": "article-journal", "title": title,
            "author": [{"family": "Lee", "given": "Ann"}], "issued": {"date-parts": [[2020]]}}  # fmt: skip
    (tmp_path / "lib.json").write_text(json.dumps([item]), encoding="utf-8")
    for _ in range(2):
        merged = keyed_library([read_snapshot(tmp_path / "lib.json")], keys)
        assert [(p.key, p.title) for p in merged.library.papers] == [
            ("lee2020drosophila", "Drosophila wing development under GPU light")
        ]


def test_a_bib_key_remembered_for_another_paper_still_found_is_not_taken(tmp_path: Path):
    """A title read anew takes its own key back only if no other paper of the library is
    the one the key file remembers under it."""
    keys = tmp_path / "citation-keys.tsv"
    keys.write_text("doe2020\tdoe|thebetasystem\tThe Beta System\n", encoding="utf-8")
    (tmp_path / "lib.bib").write_text(
        "@article{doe2020, author = {Doe, Jane}, title = {The Betas System}, year = 2020}\n"
        "@article{other, author = {Doe, Jane}, title = {The Beta System}, year = 2020}\n",
        encoding="utf-8",
    )
    merged = keyed_library([read_snapshot(tmp_path / "lib.bib")], keys)
    by_title = {paper.title: paper.key for paper in merged.library.papers}
    assert by_title["The Beta System"] == "doe2020" and by_title["The Betas System"] != "doe2020"


def test_entries_under_two_keys_in_two_files_are_the_same_papers_in_any_order(tmp_path: Path):
    """One file holds the article; another the manuscript of the same title, then the article."""
    article = (
        "@article{Popper1934, author = {Popper, Karl}, title = {Zur Kritik der Relationen}, year = {1934}}\n"
    )
    manuscript = "@unpublished{Popper1935b, author = {Popper, Karl}, title = {Zur Kritik der Relationen}}\n"
    (tmp_path / "a.bib").write_text(article, encoding="utf-8")
    (tmp_path / "b.bib").write_text(manuscript + article, encoding="utf-8")
    for order in (["a.bib", "b.bib"], ["b.bib", "a.bib"]):
        listings = [read_snapshot(tmp_path / name) for name in order]
        merged = keyed_library(listings, tmp_path / f"keys-{order[0]}.tsv")
        assert merged.library.problems == ()
        assert {paper.key: len(paper.sightings) for paper in merged.library.papers} == {
            "Popper1934": 2,
            "Popper1935b": 1,
        }


def test_a_readme_showing_its_papers_bibtex_is_no_library(tmp_path: Path):
    """A research README's `## Citation` block is one entry after pages of prose: no library,
    one warning. A `.bib` library saved as text, with a comment or two first, is one."""
    entry_text = (
        "@inproceedings{tarraf2024, author = {Tarraf, Ahmad},\n"
        "  title = {Capturing Periodic I/O}, year = {2024}}\n"
    )
    prose = "# A Tool\n\nIt predicts I/O phases.\n\n## Install\n\npip install tool\n\n## Citation\n\n```\n"
    (tmp_path / "README.txt").write_text(prose + entry_text + "```\n", encoding="utf-8")
    (tmp_path / "library.txt").write_text(
        "% Exported by JabRef\n% Encoding: UTF-8\n\n" + entry_text, encoding="utf-8"
    )
    readme, library = read_snapshot(tmp_path / "README.txt"), read_snapshot(tmp_path / "library.txt")
    assert (
        readme.entries == ()
        and len(readme.problems) == 1
        and "not a recognised listing" in str(readme.problems[0])
    )
    assert [entry.key for entry in library.entries] == ["tarraf2024"] and library.problems == ()


def _papers(path: Path) -> tuple[Paper, ...]:
    """The papers of one library file, keyed afresh."""
    return build_library([read_snapshot(path)], KeyBook({}, {})).library.papers
