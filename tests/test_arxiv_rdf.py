"""arXiv's old RSS feeds (RSS 1.0, RDF), which `arxiv.org/rss/<archive>` served until early 2024.

No saved feed of this kind is among the shared real listings. The feeds here are our own,
shaped like the real ones kept as test data by PhysBiblio (github.com/steog88/PhysBiblio:
`physbiblio/webimport/tests/test_arxiv.py`, `sampleDailyFeed1`, the hep-ex feed of 8 July
2021; `physbiblio/webimport/tests/test_webimport.py`, `test_arxivDaily`, the hep-ex feed of
23 May 2018): an `<rdf:RDF>` root in the RSS 1.0 namespace, `<channel rdf:about=
"http://arxiv.org/">` with the day in `<dc:date>2021-07-08T20:30:00-05:00</dc:date>`, the
items beside the channel, each `<item rdf:about="http://arxiv.org/abs/ID">` titled `Title.
(arXiv:2007.03939v2 [hep-ph] UPDATED)` (or `CROSS LISTED`, or nothing), a `<description
rdf:parseType="Literal">` holding `<p>abstract</p>` as escaped HTML (a `<` in the abstract
escaped twice: `&amp;lt;`), and a `<dc:creator>` holding escaped HTML links, one per author,
with what arXiv adds between them: `(STAR Collaboration)` after a name, `LHCb collaboration:`
before the members, `, et al. (909 additional authors not shown)` at the end.
"""

from __future__ import annotations

import datetime as dt
from html import escape
from pathlib import Path

from conftest import SiteBuilder
from papershelf.library.keys import KeyBook
from papershelf.library.merge import build_library
from papershelf.snapshots.feeds import parse_feed
from papershelf.snapshots.reader import read_snapshot


def creator(*names: str, between: str = ", ", after: str = "") -> str:
    """A `<dc:creator>`'s text: each name an arXiv author-search link, as escaped HTML."""
    links = [
        f'<a href="http://arxiv.org/find/cs/1/au:+{name.split()[-1]}_{name[0]}/0/1/0/all/0/1">{name}</a>'
        for name in names
    ]
    return escape(between.join(links) + after)


def item(arxiv: str, title: str, creators: str, abstract: str = "We report what we found.") -> str:
    return (
        f'<item rdf:about="http://arxiv.org/abs/{arxiv}">\n<title>{title}</title>\n'
        f"<link>http://arxiv.org/abs/{arxiv}</link>\n"
        f'<description rdf:parseType="Literal">{escape(f"<p>{abstract}</p>")}\n</description>\n'
        f"<dc:creator> {creators}</dc:creator>\n</item>\n"
    )


def rdf(*items: str, day: str = "2023-03-16T20:30:00-05:00") -> str:
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n\n<rdf:RDF\n'
        ' xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"\n xmlns="http://purl.org/rss/1.0/"\n'
        ' xmlns:dc="http://purl.org/dc/elements/1.1/"\n'
        ' xmlns:syn="http://purl.org/rss/1.0/modules/syndication/"\n>\n\n'
        '<channel rdf:about="http://arxiv.org/">\n<title>cs updates on arXiv.org</title>\n'
        "<link>http://arxiv.org/</link>\n"
        '<description rdf:parseType="Literal">Computer Science (cs) updates on the arXiv.org e-print'
        f" archive</description>\n<dc:date>{day}</dc:date>\n<dc:subject>Computer Science</dc:subject>\n"
        "<syn:updatePeriod>daily</syn:updatePeriod>\n<items>\n <rdf:Seq>\n"
        " </rdf:Seq>\n</items>\n</channel>\n" + "".join(items) + "</rdf:RDF>\n"
    )


FEED = rdf(
    item(
        "2303.09501",
        "Sparse Mixtures for Tabular Forecasting. (arXiv:2303.09501v1 [cs.LG])",
        creator("Mar\\'ia Garc\\'ia", "Jos&#xe9; Nu&#xf1;ez"),
        "We fit sparse mixtures to tables of $n&lt;10^4$ rows\nand forecast &amp; compare them.\n",
    ),
    item(
        "2211.04321",
        "Robust Policy Gradients under Delay. (arXiv:2211.04321v3 [cs.LG] UPDATED)",
        creator("Ann Lee", "John Smith"),
    ),
    item(
        "2303.08810",
        "Quantum Walks on Sparse Graphs. (arXiv:2303.08810v1 [quant-ph] CROSS LISTED)",
        creator("Bo Wu", after=" (Kyoto University)"),
    ),
)


def test_an_old_arxiv_feed_gives_each_item_as_a_paper(tmp_path: Path):
    (tmp_path / "cs-2023-03-16.txt").write_text(FEED, encoding="utf-8")
    read = read_snapshot(tmp_path / "cs-2023-03-16.txt")  # a feed, whatever its name says
    assert read.problems == () and read.found == len(read.entries) == 3
    assert [
        (e.title, e.ids.arxiv, e.ids.arxiv_version, e.ids.primary_class, e.topic) for e in read.entries
    ] == [
        ("Sparse Mixtures for Tabular Forecasting", "2303.09501", 1, "cs.LG", "cs.LG"),
        ("Robust Policy Gradients under Delay", "2211.04321", 3, "cs.LG", "cs.LG"),
        ("Quantum Walks on Sparse Graphs", "2303.08810", 1, "quant-ph", "quant-ph"),
    ]
    assert [[(p.name, p.affiliation) for p in e.authors] for e in read.entries] == [
        [("María García", None), ("José Nuñez", None)],
        [("Ann Lee", None), ("John Smith", None)],
        [("Bo Wu", "Kyoto University")],
    ]
    announced, updated = dt.date(2023, 3, 16), dt.date(2022, 11, 1)
    assert [e.date for e in read.entries] == [announced, updated, announced]
    assert not any(e.provisional for e in read.entries)  # UPDATED: a later version, by its id's month
    first = read.entries[0]
    assert first.abstract == "We fit sparse mixtures to tables of $n<10^4$ rows and forecast & compare them."
    assert first.ids.url == "https://arxiv.org/abs/2303.09501"


def test_a_collaboration_and_the_authors_not_shown_are_read_as_arxiv_means_them():
    """`LHCb collaboration: R. Aaij, et al. (909 additional authors not shown)`, as links."""
    feed = rdf(
        item(
            "2107.03419",
            "Observation of Excited Baryons. (arXiv:2107.03419v1 [hep-ex])",
            creator(
                "LHCb collaboration",
                "R. Aaij",
                between=": ",
                after=", et al. (909 additional authors not shown)",
            ),
        )
    )
    (entry,) = parse_feed(feed, "hep-ex.xml").entries
    assert [(p.name, p.corporate) for p in entry.authors] == [
        ("LHCb collaboration", True),
        ("R. Aaij", False),
    ]
    assert entry.authors_truncated and entry.title == "Observation of Excited Baryons"


def test_the_identifier_comes_from_the_item_when_the_title_names_none():
    """Feeds before 2015 wrote no version (`(arXiv:1408.1234 [cs.AI])`); an item whose title
    lost its suffix still names its paper in `rdf:about`."""
    feed = rdf(
        item("1408.1234", "Planning with Options. (arXiv:1408.1234 [cs.AI])", creator("Ann Lee")),
        item("hep-th/0601001", "Strings on a Torus", creator("Bo Wu")),
        day="2014-08-06T20:30:00-05:00",
    )
    read = parse_feed(feed, "old.xml")
    assert read.problems == ()
    assert [(e.title, e.ids.arxiv, e.ids.arxiv_version, e.topic, e.date) for e in read.entries] == [
        ("Planning with Options", "1408.1234", 0, "cs.AI", dt.date(2014, 8, 6)),
        ("Strings on a Torus", "hep-th/0601001", 0, "arXiv", dt.date(2014, 8, 6)),
    ]


def test_an_updated_item_is_a_new_version_of_the_paper_a_later_feed_announced():
    """The `UPDATED` item (v2) and the paper's first announcement (v1, in a 2024 RSS 2.0 feed)
    are one paper, which keeps the newest version."""
    v2 = parse_feed(
        rdf(item("2303.09501", "Sparse Mixtures. (arXiv:2303.09501v2 [cs.LG] UPDATED)", creator("Ann Lee"))),
        "old.xml",
    )
    v1 = parse_feed(
        '<?xml version="1.0"?>\n<rss xmlns:dc="http://purl.org/dc/elements/1.1/" version="2.0"><channel>'
        "<title>cs.LG updates on arXiv.org</title><link>http://rss.arxiv.org/rss/cs.LG</link>"
        "<item><title>Sparse Mixtures</title><link>https://arxiv.org/abs/2303.09501</link>"
        "<description>arXiv:2303.09501v1 Announce Type: new\nAbstract: We fit.</description>"
        "<category>cs.LG</category><pubDate>Thu, 09 Mar 2023 00:00:00 -0500</pubDate>"
        "<dc:creator>Ann Lee</dc:creator></item></channel></rss>",
        "new.xml",
    )
    (paper,) = build_library([v1, v2], KeyBook({}, {})).library.papers
    assert (paper.ids.arxiv, paper.ids.arxiv_version, len(paper.sightings)) == ("2303.09501", 2, 2)


def test_an_old_feed_with_no_items_or_that_declares_entities_gives_one_warning(tmp_path: Path):
    (tmp_path / "empty.xml").write_text(rdf(), encoding="utf-8")
    other = FEED.replace("http://arxiv.org/", "http://jobs.example.org/")  # an RSS 1.0 feed, not arXiv's
    (tmp_path / "jobs.xml").write_text(other.replace("arXiv:", "job:"), encoding="utf-8")
    entity = FEED.replace(
        "<rdf:RDF", '<!DOCTYPE rdf:RDF [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n<rdf:RDF', 1
    )
    (tmp_path / "entity.xml").write_text(entity.replace("Ann Lee", "&x;"), encoding="utf-8")
    assert [str(p) for p in read_snapshot(tmp_path / "empty.xml").problems] == [
        "empty.xml:10: arXiv feed with no items (cs updates on arXiv.org): nothing announced that day"
    ]
    assert [str(p) for p in read_snapshot(tmp_path / "jobs.xml").problems] == [
        "jobs.xml:3: not a recognised listing; it looks like an XML document <RDF> that no reader knows"
    ]
    said = read_snapshot(tmp_path / "entity.xml")
    assert said.entries == ()
    assert [str(p) for p in said.problems] == [
        "entity.xml:3: not well-formed XML: the document declares entities; refused"
    ]


def test_an_old_feed_builds_paper_pages_that_link_to_arxiv(site_builder: SiteBuilder):
    site_builder.snapshot("cs-2023-03-16.xml", FEED)
    built = site_builder.build()
    assert built.warnings == []
    page = built.page("papers/garcia2023sparse/")
    assert page.select_one("h1").get_text() == "Sparse Mixtures for Tabular Forecasting"
    links = {a.get_text(strip=True): a["href"] for a in page.select(".ps-links a")}
    assert links["arXiv"] == "https://arxiv.org/abs/2303.09501"
    bib = (built.site / "papers" / "garcia2023sparse.bib").read_text(encoding="utf-8")
    assert "eprint = {2303.09501}" in bib and "primaryClass = {cs.LG}" in bib
