"""`library.ris` and `papershelf export --format ris`: records that rispy (the library behind
many reference-manager scripts) and papershelf's own RIS reader read back as the papers."""

from __future__ import annotations

import rispy

from conftest import SEED, SiteBuilder
from papershelf.export.ris import ris_file
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
