"""Feeds of other servers than arXiv's: RSS 1.0 of a preprint server, RSS 2.0 of a mirror of
daily papers, Atom of a journal (fixtures of `tests/fixtures/other-feeds/` in the layouts
of real ones); and a project's news feed, which holds no papers."""

from __future__ import annotations

import datetime as dt

from conftest import FIXTURES
from papershelf.snapshots.reader import read_snapshot

FEEDS = FIXTURES / "other-feeds"


def test_a_preprint_servers_rss_gives_its_papers_with_their_dois():
    read = read_snapshot(FEEDS / "preprint-server-rss1.xml")
    assert read.problems == () and read.found == 2
    first, second = read.entries
    assert first.title == "Collagen Microtissues Keep Hepatocytes Working for Weeks"
    # one `dc:creator` of `Family, Initials` pairs, read pair by pair
    assert [p.name for p in first.authors] == ["D. Kukla", "A. J. Crampton", "D. Wood", "S. Khetani"]
    assert (first.date, first.ids.doi, first.ids.arxiv) == (dt.date(2019, 11, 29), "10.5555/101", "")
    assert first.abstract.startswith("We encapsulate hepatocytes") and first.topic.startswith(
        "Preprint Server"
    )
    assert [p.name for p in second.authors] == ["The Example Consortium"]


def test_a_mirrors_rss_gives_arxiv_papers_and_the_names_its_descriptions_open_with():
    read = read_snapshot(FEEDS / "mirror-rss2.xml")
    assert read.problems == () and len(read.entries) == 2
    first, second = read.entries
    assert [p.name for p in first.authors] == ["Delong Li", "Xu Wang", "Haochen Gong"]
    assert first.abstract.startswith("Natural-language requests") and "&" in first.abstract
    assert (first.ids.arxiv, first.date) == ("2609.22753", dt.date(2026, 9, 26))  # an ISO pubDate
    assert (second.ids.arxiv, second.ids.arxiv_version, second.date) == (
        "2610.00812",
        2,
        dt.date(2026, 9, 30),
    )
    assert [p.name for p in second.authors] == ["Chaoyu Li", "Xiaoyi Gu"]
    assert second.abstract == "Video generation has rapidly progressed."  # its HTML left out


def test_a_journals_atom_feed_gives_its_articles():
    (article,) = read_snapshot(FEEDS / "journal-atom.xml").entries
    assert [p.name for p in article.authors] == ["Jörg Müller", "Anna van der Berg"]
    assert (article.date, article.ids.doi) == (dt.date(2024, 3, 1), "10.5555/jes.2024.0015")
    assert article.abstract == "We quantize attention to four bits."


def test_a_news_feed_names_no_paper_and_gives_none():
    """Its items name neither an arXiv paper nor a DOI: posts, not papers, even one whose
    description opens with names."""
    read = read_snapshot(FEEDS / "project-news-rss2.xml")
    assert read.entries == ()
    assert [p.message for p in read.problems] == [
        "not a recognised listing; it looks like an XML document <rss> that no reader knows"
    ]


CREATORS = """<?xml version="1.0"?>
<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>Journal feed</title>
<item><title>One creator a person</title><link>https://doi.org/10.5555/1</link>
<dc:creator>Smith, John</dc:creator><dc:creator>Doe, Jane</dc:creator><dc:date>2024-01-02</dc:date></item>
<item><title>People with semicolons</title><link>https://doi.org/10.5555/2</link>
<dc:creator>Müller, Hans-Peter; Li, X.</dc:creator><dc:date>2024-01-02</dc:date></item>
<item><title>Names given first</title><link>https://doi.org/10.5555/3</link>
<dc:creator>Delong Li, Xu Wang</dc:creator><dc:date>2024-01-02</dc:date></item>
</channel></rss>
"""


def test_creators_are_read_as_dublin_core_writes_them(tmp_path):
    """`Family, Given` in each of several `dc:creator`s (as Dublin Core recommends), a list
    parted by semicolons, or names given first: each person once, given name first."""
    (tmp_path / "creators.xml").write_text(CREATORS, encoding="utf-8")
    read = read_snapshot(tmp_path / "creators.xml")
    assert read.problems == ()
    assert [[p.name for p in entry.authors] for entry in read.entries] == [
        ["John Smith", "Jane Doe"],
        ["Hans-Peter Müller", "X. Li"],
        ["Delong Li", "Xu Wang"],
    ]


def test_a_publishers_feed_gives_the_abstract_the_journal_and_a_clean_link():
    """The abstract in `dc:description` where `<description>` is a line about the issue, its
    heading left out; the journal, volume and pages from PRISM's tags (but a
    `prism:publicationName` that is the article's own title, as one publisher writes it);
    a link without its tracking parameters; a DOI said in a description; and a preprint's
    DOI without the version its link adds."""
    read = read_snapshot(FEEDS / "publisher-rss1-prism.xml")
    assert read.problems == ()
    growth, bats, microglia = read.entries
    assert growth.abstract.startswith("We follow the growth of children") and not growth.truncated
    assert growth.venue is not None
    assert (growth.venue.container, growth.venue.volume, growth.venue.pages) == (
        "The Journal of Examples",
        "203",
        "68-75.e2",
    )
    assert growth.ids.url == "https://journal.example.org/article/S0001(18)1/fulltext?v=2"
    assert bats.venue is None and bats.ids.doi == "10.5555/jex.2021.2"
    assert microglia.ids.doi == "10.1101/2021.03.20.436288"
