"""`library.ris` and `papershelf export --format ris`: records that rispy (the library behind
many reference-manager scripts) and papershelf's own RIS reader read back as the papers."""

from __future__ import annotations

from dataclasses import replace

import rispy

from conftest import SEED, SiteBuilder, entry, listing
from papershelf.analysis.analyse import AnalysisOptions, analyse
from papershelf.export.formats import export_format
from papershelf.export.ris import _record, _Writer, ris_file
from papershelf.library.keys import KeyBook
from papershelf.library.merge import build_library
from papershelf.snapshots.folder import SnapshotFolder
from papershelf.model import Paper, Person
from papershelf.snapshots.ris import parse_ris


def test_the_example_library_as_ris_reads_back_paper_for_paper(site_builder: SiteBuilder):
    for path in sorted(SEED.iterdir()):
        site_builder.snapshot(path.name, path.read_bytes())
    built = site_builder.build()
    assert built.warnings == []
    text = built.text("library.ris")
    records = rispy.loads(text)
    papers = sorted(built.site.glob("papers/*.bib"))
    assert len(records) == len(papers) == 100
    assert {record["id"] for record in records} == {path.stem for path in papers}
    assert all(record["type_of_reference"] == "GEN" and record["authors"] for record in records)
    again = parse_ris(text, "library.ris")
    assert again.problems == () and len(again.entries) == 100
    first = again.entries[0]
    assert first.title == records[0]["title"] and first.authors[0].name == "Sangwoo Ha"
    assert first.date is not None and first.date.isoformat().replace("-", "/") + "/" == records[0]["date"]


def test_text_cannot_start_a_record_or_a_tag():
    """Readers collapse a listing's line breaks; the writer does too, whatever it is given."""
    paper = Paper(
        key="author2026paging",
        title="Paging\rER  - \nTY  - JOUR",
        authors=(Person("Ann Author"),),
        date=None,
        abstract="Uses\nER  - \n\nTY  - BOOK here.",
        truncated=False,
        topics=("Systems",),
        sightings=(),
    )
    text = ris_file([paper])
    (record,) = rispy.loads(text)
    assert record["title"] == "Paging ER - TY - JOUR" and record["abstract"] == "Uses ER - TY - BOOK here."
    assert [line for line in text.splitlines() if line.startswith(("TY", "ER"))] == ["TY  - GEN", "ER  - "]


def test_each_topic_and_reading_list_has_its_ris_file_linked_from_its_page(site_builder: SiteBuilder):
    site_builder.snapshot(
        "feed.txt",
        listing(
            entry("Paging the KV Cache", "Alice Moreau, Bin Zhao", "7 August 2026", "KV cache paging."),
            entry("Evicting KV Cache Entries", "Carlos Ruiz", "6 August 2026", "We evict KV cache entries."),
            entry("Routing in Mixture-of-Experts Models", "Dana Levi", "5 July 2026", "MoE routing."),
        ),
    )
    (site_builder.root / "docs" / "lists").mkdir()
    (site_builder.root / "docs" / "lists" / "serving.md").write_text(
        "# Serving\n\n- [x] @levi2026routing\n- [ ] @moreau2026paging\n", encoding="utf-8"
    )
    built = site_builder.build("taxonomy:\n  Caching: [KV cache]\n")
    assert built.warnings == []
    for page, ris, keys in [
        ("topics/caching/", "topics/caching.ris", ["moreau2026paging", "ruiz2026evicting"]),
        ("lists/serving/", "lists/serving.ris", ["levi2026routing", "moreau2026paging"]),
    ]:
        records = rispy.loads(built.text(ris))
        assert [record["id"] for record in records] == keys
        whole = {record["id"]: record for record in rispy.loads(built.text("library.ris"))}
        assert records == [whole[key] for key in keys]
        links = [a["href"] for a in built.page(page).select("a[href$='.ris']")]
        assert [(built.site / page / href).resolve() for href in links] == [(built.site / ris).resolve()]
    index_links = [a["href"] for a in built.page("lists/").select("a[href$='.ris']")]
    assert [(built.site / "lists" / href).resolve() for href in index_links] == [
        (built.site / "lists/serving.ris").resolve()
    ]


def test_a_file_of_records_made_once_each_is_the_file_rispy_writes_whole():
    """Each paper's record is made once for all the files that hold it (the library's, each
    topic's and list's): joined, they are what rispy writes for the records together, and a
    new analysis (a serve rebuild) makes its own."""
    library = build_library(SnapshotFolder(SEED).listings(), KeyBook({}, {})).library
    analysis = analyse(library, AnalysisOptions())
    keys = [paper.key for paper in library.papers]
    ris = export_format("ris")
    subjects = analysis.topic_index.subjects
    whole = rispy.dumps([_record(p, subjects.get(p.key, ())) for p in library.papers], implementation=_Writer)
    assert ris.text(analysis, keys[5:9]) == ris_file(library.papers[5:9], subjects)
    assert ris.text(analysis, keys) == whole
    renamed = replace(
        library, papers=(replace(library.papers[0], title="Another Title"), *library.papers[1:])
    )
    assert "TI  - Another Title" in ris.text(analyse(renamed, AnalysisOptions()), keys[:1])
