"""arXiv's RSS feeds and API responses, as saved from the browser: every real file in
`../shared/real-listings/` read (skipped where that folder is absent), plus small feeds of
our own for what the real ones do not show."""

from __future__ import annotations

import datetime as dt
import json
from html import escape
from collections import Counter
from pathlib import Path

import pytest

from conftest import SEED, SiteBuilder, real_listing
from papershelf.export.bibtex import bibtex_file
from papershelf.export.csljson import csljson_file
from papershelf.library.keys import KeyBook
from papershelf.library.merge import build_library
from papershelf.snapshots.feeds import parse_feed
from papershelf.snapshots.reader import read_snapshot
from texrun import biber_document, bibtex_document


@pytest.mark.slow
def test_the_all_archives_rss_feed_gives_every_announcement():
    read = read_snapshot(real_listing("arxiv-rss/rss-all-archives-2024-11-28.xml"))
    assert read.problems == () and read.found == len(read.entries) == 1504  # 926 new, 569 replace, 9 cross
    assert len({e.ids.arxiv for e in read.entries}) == 1504
    first = read.entries[0]
    assert first.title.startswith("Exploring the Impact of Generative AI on Cross-Border E-Commerce")
    assert [p.name for p in first.authors] == ["Jun Cui"] and first.date == dt.date(2024, 11, 28)
    assert (first.ids.arxiv, first.ids.arxiv_version, first.ids.primary_class) == ("2411.17700", 1, "cs.CY")
    assert first.ids.url == "https://arxiv.org/abs/2411.17700" and first.topic == "cs.CY"
    assert first.abstract.startswith("This study investigates") and "Announce Type" not in first.abstract
    assert not any(e.provisional for e in read.entries)
    by_id = {e.ids.arxiv: e for e in read.entries}
    announced = [e for e in read.entries if e.date == dt.date(2024, 11, 28) and e.date_precision == "day"]
    # a replacement is a later version, dated by its id's month; so are the two cross-lists of
    # a third version (`2202.06515v3 Announce Type: cross`: a paper of 2022 listed anew)
    assert len(announced) == 926 + 7
    assert (by_id["2202.06515"].date, by_id["2202.06515"].date_precision) == (dt.date(2022, 2, 1), "month")
    assert (by_id["1401.3665"].date, by_id["1401.3665"].date_precision) == (dt.date(2014, 1, 1), "month")
    rémy = by_id["2411.17748"].authors[4]
    assert (rémy.name, rémy.affiliation) == ("Benjamin Rémy", "LEMTA")  # `R\'emy (LEMTA)`
    assert "Przemysław Olbratowski" in {p.name for e in read.entries for p in e.authors}  # `Przemys{\l}aw`
    assert by_id["2411.17758"].ids.doi == "10.1016/j.segan.2024.101477"
    assert sum(1 for e in read.entries if e.ids.doi) == 111  # one per <arxiv:DOI>
    assert Counter(e.topic for e in read.entries).most_common(1) == [("cs.CV", 175)]


@pytest.mark.parametrize(
    ("name", "warning"),
    [
        ("rss-empty-test-archive-2024-11-28.xml", "arXiv feed with no items (test updates on arXiv.org)"),
        ("rss-error-bad-archive-2024-11-28.xml", "arXiv feed error: Bad archive 'astroph'."),
    ],
)
def test_an_empty_or_error_feed_is_one_warning_and_no_paper(name: str, warning: str):
    read = read_snapshot(real_listing(f"arxiv-rss/{name}"))
    assert read.entries == () and len(read.problems) == 1
    assert str(read.problems[0]).startswith(f"{name}:3: {warning}")


def test_an_api_search_gives_its_hundred_papers():
    read = read_snapshot(real_listing("arxiv-api/query-testing-100-entries-2026-04-12.xml"))
    assert read.problems == () and len(read.entries) == 100
    assert sum(len(e.authors) for e in read.entries) == 366
    first = read.entries[0]
    assert (
        first.title
        == "Testing Deep Learning Models: A First Comparative Study of Multiple Testing Techniques"
    )
    assert [p.name for p in first.authors] == ["Mohit Kumar Ahuja", "Arnaud Gotlieb", "Helge Spieker"]
    assert (first.ids.arxiv, first.date) == ("2202.12139", dt.date(2022, 2, 24))


def test_api_lookups_keep_old_identifiers_versions_and_affiliations():
    gould = read_snapshot(real_listing("arxiv-api/id-astro-ph-0601001-affiliations-2026-05-11.xml")).entries[
        0
    ]
    assert (gould.ids.arxiv, gould.ids.arxiv_version, gould.topic) == ("astro-ph/0601001", 1, "astro-ph")
    assert [(p.name, p.affiliation) for p in gould.authors][::3] == [
        ("Andrew Gould", "Ohio State"),
        ("Andrzej Udalski", "Warsaw University Observatory"),
    ]
    assert gould.abstract.startswith("We derive the frequencies") and gould.date == dt.date(2006, 1, 2)
    blaha = read_snapshot(real_listing("arxiv-api/id-quant-ph-0201082v1-2026-04-12.xml")).entries[0]
    assert (blaha.ids.arxiv, blaha.ids.arxiv_version, blaha.ids.primary_class) == (
        "quant-ph/0201082",
        1,
        "quant-ph",
    )
    proceedings = read_snapshot(real_listing("arxiv-api/id-1707.08567-34-authors-2026-04-12.xml")).entries[0]
    assert len(proceedings.authors) == 34 and "Dirk Wübben" in {p.name for p in proceedings.authors}


@pytest.mark.parametrize(
    ("name", "warning"),
    [
        ("error-bad-id-abc-http400-2026-04-12.xml", ":9: arXiv API error: incorrect id format for abc"),
        ("empty-id-0000.0000-2026-04-12.xml", ":2: arXiv API response with no entries"),
    ],
)
def test_an_api_error_or_empty_response_is_a_warning_and_no_paper(name: str, warning: str):
    read = read_snapshot(real_listing(f"arxiv-api/{name}"))
    assert read.entries == () and [str(p).removeprefix(name)[: len(warning)] for p in read.problems] == [
        warning
    ]


RSS_ITEM = """<item><title>{title}</title><link>https://arxiv.org/abs/{id}</link>
<description>arXiv:{id}v{version} Announce Type: {kind}
Abstract: We study sparse attention at scale and report what we found.</description>
<category>cs.LG</category><pubDate>Thu, 05 Mar 2026 00:00:00 -0500</pubDate>
<dc:creator>Ann Author, Bob Builder</dc:creator></item>"""


def rss(*items: str) -> str:
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n<rss xmlns:dc="http://purl.org/dc/elements/1.1/" '
        'version="2.0"><channel><title>cs.LG updates on arXiv.org</title>'
        "<link>http://rss.arxiv.org/rss/cs.LG</link>\n" + "\n".join(items) + "\n</channel></rss>\n"
    )


def test_a_feed_is_read_by_its_content_whatever_its_name(tmp_path: Path):
    feed = rss(RSS_ITEM.format(title="Sparse Attention", id="2603.03383", version=1, kind="new"))
    for name in ("feed.xml", "feed.rss", "saved.txt"):
        (tmp_path / name).write_text(feed, encoding="utf-8")
        read = read_snapshot(tmp_path / name)
        assert [(e.title, e.ids.arxiv) for e in read.entries] == [("Sparse Attention", "2603.03383")], name


def test_xml_that_is_no_known_feed_or_not_well_formed_is_one_warning(tmp_path: Path):
    (tmp_path / "other.xml").write_text(
        "<?xml version='1.0'?>\n<catalog><book/></catalog>\n", encoding="utf-8"
    )
    (tmp_path / "cut.xml").write_text(rss(RSS_ITEM)[:300], encoding="utf-8")
    bomb = '<?xml version="1.0"?>\n<!DOCTYPE r [<!ENTITY a "aaaaaaaaaa">]>\n<rss>&a;</rss>\n'
    (tmp_path / "bomb.xml").write_text(bomb, encoding="utf-8")
    said = {
        name: [str(p) for p in read_snapshot(tmp_path / name).problems]
        for name in ("other.xml", "cut.xml", "bomb.xml")
    }
    assert said["other.xml"] == [
        "other.xml:2: not a recognised listing; it looks like an XML document <catalog> that no reader knows"
    ]
    assert (
        len(said["cut.xml"]) == 1
        and said["cut.xml"][0].startswith("cut.xml:")
        and "not well-formed" in said["cut.xml"][0]
    )
    assert said["bomb.xml"] == ["bomb.xml:2: not well-formed XML: the document declares entities; refused"]


def test_a_revision_with_a_new_title_is_the_same_paper_and_keeps_the_newest_id():
    v1 = parse_feed(
        rss(RSS_ITEM.format(title="Sparse Attention", id="2603.03383", version=1, kind="new")), "a.xml"
    )
    v2 = parse_feed(
        rss(RSS_ITEM.format(title="Sparse Attention at Scale", id="2603.03383", version=2, kind="replace")),
        "b.xml",
    )
    other = parse_feed(
        rss(RSS_ITEM.format(title="Sparse Attention", id="2603.09999", version=1, kind="new")), "c.xml"
    )
    papers = build_library([v1, v2, other], KeyBook({}, {})).library.papers
    assert sorted((p.ids.arxiv, p.ids.arxiv_version, len(p.sightings)) for p in papers) == [
        ("2603.03383", 2, 2),
        ("2603.09999", 1, 1),  # same title and authors, another arXiv paper: never merged
    ]


def test_a_revised_paper_merges_by_its_arxiv_id_and_links_to_arxiv(site_builder: SiteBuilder):
    """v1 in one feed, v2 with a new title in the next: one paper, the newest revision's id."""
    site_builder.snapshot(
        "a.xml", rss(RSS_ITEM.format(title="Sparse Attention", id="2603.03383", version=1, kind="new"))
    )
    site_builder.snapshot(
        "b.xml",
        rss(RSS_ITEM.format(title="Sparse Attention at Scale", id="2603.03383", version=2, kind="replace")),
    )
    built = site_builder.build()
    assert built.warnings == []
    papers = [p for p in (built.site / "papers").iterdir() if p.is_dir() and p.name != "page"]
    assert [p.name for p in papers] == ["author2026sparse"]
    page = built.page("papers/author2026sparse/")
    links = {a.get_text(strip=True): a["href"] for a in page.select(".ps-links a")}
    assert links == {
        "arXiv": "https://arxiv.org/abs/2603.03383",
        "PDF": "https://arxiv.org/pdf/2603.03383",
        "HTML": "https://arxiv.org/html/2603.03383",
    }
    assert page.select_one(".ps-find") is None  # a search only where there is no identifier


@pytest.mark.slow  # typesets with bibtex and biber
def test_feed_papers_export_where_they_are_and_typeset(tmp_path: Path):
    """eprint, archivePrefix, primaryClass, doi (an underscore in it, as Springer's have) and
    url reach library.bib; bibtex (plainnat prints them), biber and pandoc take them."""
    papers = build_library(
        [read_snapshot(real_listing("arxiv-rss/rss-all-archives-2024-11-28.xml"))], KeyBook({}, {})
    ).library.papers
    chosen = [p for p in papers if p.ids.arxiv in ("2411.17700", "2411.17758")]
    chosen += [p for p in papers if "_" in p.ids.doi][:1]
    bib = tmp_path / "library.bib"
    bib.write_text(bibtex_file(chosen), encoding="utf-8")
    text = bib.read_text(encoding="utf-8")
    assert "  eprint = {2411.17700},\n  archivePrefix = {arXiv},\n  primaryClass = {cs.CY}" in text
    assert (
        "doi = {10.1016/j.segan.2024.101477}" in text and "url = {https://arxiv.org/abs/2411.17700}" in text
    )
    for style in ("plain", "plainnat"):
        (tmp_path / style).mkdir()
        result = bibtex_document(bib, tmp_path / style, style, url_package=True)
        assert result.problems == [], (style, result.problems)
    (tmp_path / "biber").mkdir()
    result = biber_document(bib, tmp_path / "biber")
    assert result.problems == [] and "\\field{eprinttype}{arXiv}" in result.bbl
    assert "\\verb{doi}" in result.bbl
    items = {item["id"]: item for item in json.loads(csljson_file(chosen))}
    first = next(p for p in chosen if p.ids.arxiv == "2411.17700")
    assert items[first.key]["URL"] == "https://arxiv.org/abs/2411.17700"
    assert items[first.key]["number"] == "arXiv:2411.17700"


def test_a_paper_page_carries_citation_tags_for_reference_managers(site_builder: SiteBuilder):
    """What the Zotero Connector and Google Scholar read: Highwire `citation_*` tags."""
    item = RSS_ITEM.format(title="Sparse & <Attention>", id="2603.03383", version=1, kind="new")
    site_builder.snapshot(
        "a.xml", rss(item.replace("Sparse & <Attention>", "Sparse &amp; &lt;Attention&gt;"))
    )
    built = site_builder.build()
    assert built.warnings == []
    head = built.page("papers/author2026sparse/").head
    tags = [(meta["name"], meta["content"]) for meta in head.select('meta[name^="citation_"]')]
    assert tags == [
        ("citation_title", "Sparse & <Attention>"),
        ("citation_author", "Ann Author"),
        ("citation_author", "Bob Builder"),
        ("citation_publication_date", "2026/03/05"),
        ("citation_arxiv_id", "2603.03383"),
        ("citation_pdf_url", "https://arxiv.org/pdf/2603.03383"),
    ]
    assert built.page("papers/").head.select('meta[name^="citation_"]') == []
    raw = built.text("papers/author2026sparse/index.html")  # html.parser would forgive a lost </head>
    assert raw.count("</head>") == 1 and raw.index("citation") < raw.index("</head>") < raw.index("<body")
    assert "&lt;/head&gt;" not in raw


@pytest.mark.slow
def test_the_example_library_plus_a_feed_of_its_papers_merges_each_paper_once(site_builder: SiteBuilder):
    """Three example papers announced again in a feed (identifiers made up for the test)."""
    for path in sorted(SEED.glob("*.txt")):
        site_builder.snapshot(path.name, path.read_text(encoding="utf-8"))
    seen = read_snapshot(sorted(SEED.glob("*.txt"))[0]).entries[:3]
    items = [
        RSS_ITEM.format(title=escape(e.title), id=f"2608.0000{n}", version=1, kind="new").replace(
            "Ann Author, Bob Builder", escape(", ".join(p.name for p in e.authors))
        )
        for n, e in enumerate(seen, start=1)
    ]
    site_builder.snapshot("zz-feed.xml", rss(*items))
    built = site_builder.build()
    assert built.warnings == []
    papers = json.loads((built.site / "library.json").read_text(encoding="utf-8"))
    assert len(papers) == 100  # as many as the example alone
    linked = {item["id"]: item["URL"] for item in papers if "URL" in item}
    assert sorted(linked.values()) == [f"https://arxiv.org/abs/2608.0000{n}" for n in (1, 2, 3)]
    assert "kim2026operating" in linked
    page = built.page("papers/kim2026operating/")
    assert page.select_one(".ps-links a")["href"] == "https://arxiv.org/abs/2608.00001"
    bib = (built.site / "papers" / "kim2026operating.bib").read_text(encoding="utf-8")
    assert "eprint = {2608.00001}" in bib and "archivePrefix = {arXiv}" in bib
    sightings = [li.get_text() for li in page.select(".ps-sightings li")]
    assert any("zz-feed.xml" in where for where in sightings) and len(sightings) == 2


@pytest.mark.slow
def test_a_revision_keeps_its_key_after_the_first_version_is_gone(site_builder: SiteBuilder):
    """The key file remembers the arXiv id: v2 alone, retitled, still finds v1's key."""
    v1 = RSS_ITEM.format(title="Sparse Attention", id="2603.03383", version=1, kind="new")
    site_builder.snapshot("a.xml", rss(v1))
    site_builder.build()
    keys = (site_builder.root / "citation-keys.tsv").read_text(encoding="utf-8")
    assert "author2026sparse\tauthor;builder|sparseattention|arxiv:2603.03383\t" in keys
    (site_builder.root / "snapshots" / "a.xml").unlink()
    v2 = RSS_ITEM.format(title="Attention, Sparse and Fast", id="2603.03383", version=2, kind="replace")
    site_builder.snapshot("b.xml", rss(v2))
    built = site_builder.build()
    assert built.warnings == []
    assert built.page("papers/author2026sparse/").select_one("h1").get_text() == "Attention, Sparse and Fast"


ATOM_ENTRY = """<entry><id>oai:arXiv.org:{id}v{version}</id><title>{title}</title>
<updated>2026-09-25T04:00:11.600680+00:00</updated>
<link href="https://arxiv.org/abs/{id}" rel="alternate" type="text/html"/>
<summary>arXiv:{id}v{version} Announce Type: {kind}
Abstract: We study sparse attention at scale and report what we found.</summary>
<category term="{primary}"/><category term="cs.AI"/>
<published>2026-09-25T00:00:00-04:00</published>
<arxiv:announce_type>{kind}</arxiv:announce_type>{doi}
<dc:creator>Ann Author, Bob Builder</dc:creator></entry>"""


def test_the_atom_form_of_an_announcement_feed_reads_as_its_rss_form(tmp_path: Path):
    """`rss.arxiv.org/atom/cs.LG`: the same announcements as the RSS form, in Atom, which an
    API response is too; its creators, abstract without the announcement line, DOI, primary
    class and day are read, and versions after the first are dated by their identifier."""
    entries = [
        ("Sparse Attention", "2609.28553", 1, "new", "cs.LG", "<arxiv:DOI>10.1109/X.2026.1</arxiv:DOI>"),
        ("Old Paper Cross-Listed", "2205.06398", 2, "cross", "stat.ML", ""),
        ("Replaced Paper", "2401.08875", 3, "replace", "cs.LG", ""),
    ]
    feed = (
        "<?xml version='1.0' encoding='UTF-8'?>\n"
        '<feed xmlns:arxiv="http://arxiv.org/schemas/atom" xmlns:dc="http://purl.org/dc/elements/1.1/" '
        'xmlns="http://www.w3.org/2005/Atom" xml:lang="en-us">\n'
        "<id>http://rss.arxiv.org/atom/cs.LG</id><title>cs.LG updates on arXiv.org</title>\n"
        + "\n".join(
            ATOM_ENTRY.format(title=t, id=i, version=v, kind=k, primary=p, doi=d)
            for t, i, v, k, p, d in entries
        )
        + "\n</feed>\n"
    )
    (tmp_path / "cs.LG.atom").write_text(feed, encoding="utf-8")
    read = read_snapshot(tmp_path / "cs.LG.atom")
    assert read.problems == ()
    new, cross, replaced = read.entries
    assert [p.name for p in new.authors] == ["Ann Author", "Bob Builder"]
    assert new.abstract == "We study sparse attention at scale and report what we found."
    assert (new.ids.arxiv, new.ids.doi, new.topic, new.date) == (
        "2609.28553",
        "10.1109/X.2026.1",
        "cs.LG",
        dt.date(2026, 9, 25),
    )
    assert (cross.topic, cross.date, replaced.date) == ("stat.ML", dt.date(2022, 5, 1), dt.date(2024, 1, 1))


def test_a_feed_copied_with_blank_lines_before_its_xml_declaration_is_read(tmp_path: Path):
    """XML allows its declaration only at the very start; a pasted response often has a blank
    line first. Lines keep their numbers, for warnings."""
    feed = rss(RSS_ITEM.format(title="Sparse Attention", id="2603.03383", version=1, kind="new"))
    (tmp_path / "pasted.xml").write_text("\n\n" + feed, encoding="utf-8")
    read = read_snapshot(tmp_path / "pasted.xml")
    assert read.problems == () and [e.ids.arxiv for e in read.entries] == ["2603.03383"]
    assert read.entries[0].source.line == 1 + rss(RSS_ITEM).count("\n", 0, rss(RSS_ITEM).index("<item>")) + 2
