"""`library.ris` and `papershelf export --format ris`: records that rispy (the library behind
many reference-manager scripts) and papershelf's own RIS reader read back as the papers."""

from __future__ import annotations

import rispy

from conftest import SEED, SiteBuilder, entry, listing
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
