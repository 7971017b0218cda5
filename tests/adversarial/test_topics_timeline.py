"""Topics and the timeline at their edges: a taxonomy topic with no paper, topic and author
names that want one page's place, dates decades apart."""

from __future__ import annotations

import pytest

from conftest import SiteBuilder, entry, listing


@pytest.mark.slow
def test_taxonomy_topic_that_matches_no_paper_is_an_empty_topic(site_builder):
    site_builder.snapshot("a.txt", listing(entry("Paging Attention", "Ann Author, Bob Builder")))
    built = site_builder.build("taxonomy:\n  Nothing: [zzzz qqqq]\n")
    assert built.warnings == []
    row = next(li for li in built.page("topics/").select(".ps-topics-index li") if "Nothing" in li.get_text())
    assert row.select_one(".ps-count").get_text() == "0"
    assert row.select_one(".ps-bar")["style"] == "width: 0.0%"
    page = built.page("topics/nothing/")
    assert page.select_one(".ps-summary").get_text().startswith("0 papers")
    assert page.select(".ps-papers li") == [] and (built.site / "topics" / "nothing.bib").is_file()


@pytest.mark.slow
def test_names_that_want_one_place_each_get_a_page_of_their_own(site_builder):
    """`Index` wants the index of topics (or authors); `A b` and `A-b`, and a listing and a
    taxonomy topic spelled alike, want one slug. Nothing is lost, nothing is replaced."""
    site_builder.snapshot("a.txt", listing(entry("Paging Attention", "Index, Bob Builder"), topic="Index"))
    site_builder.snapshot("b.txt", listing(entry("Early Caching", "Index, Carl Coder"), topic="A b"))
    site_builder.snapshot("c.txt", listing(entry("Late Caching", "Di Doe"), topic="A-b"))
    built = site_builder.build("taxonomy:\n  a B: [caching]\n")
    assert built.warnings == []
    titles = {
        slug: built.page(f"topics/{slug}/").select_one("h1").get_text()
        for slug in ("index-2", "a-b", "a-b-2", "a-b-3")
    }
    assert titles == {"index-2": "Index", "a-b": "A b", "a-b-2": "A-b", "a-b-3": "a B"}
    assert built.page("topics/").select_one("h1").get_text() == "Topics"
    index_author = built.page("authors/index-2/")
    assert index_author.select_one("h1").get_text() == "Index"
    assert built.page("authors/").select_one("h1").get_text() == "Authors"
    paper = built.page("papers/index2026paging/")
    assert paper.select_one('a[href="../../topics/index-2/"]').get_text() == "Index"


@pytest.fixture(scope="module")
def decades_site(tmp_path_factory):
    builder = SiteBuilder(tmp_path_factory.mktemp("decades") / "project")
    builder.snapshot(
        "a.txt",
        listing(
            entry("Paging Attention", "Ann Author", "7 April 2026"),
            entry("Early Caching", "Bob Builder", "5 January 2026"),
            entry("Ancient Parsing", "Carl Coder", "2 March 1995"),
        ),
    )
    return builder.build()


def test_timeline_chart_grows_with_the_months_that_have_papers(decades_site):
    """April 2026 back to May 2024 month by month, newest first, then the 28 empty years
    before them as one gap, then 1995: the chart never grows with the span of the dates."""
    timeline = decades_site.page("timeline/")
    bars = timeline.select("svg.ps-chart rect.ps-chart-bar")
    labels = [title.get_text() for title in timeline.select("svg.ps-chart g > title")]
    assert labels[:4] == [
        "April 2026: 1 paper",
        "March 2026: 0 papers",
        "February 2026: 0 papers",
        "January 2026: 1 paper",
    ]
    assert labels[23:] == ["May 2024: 0 papers", "1996 – April 2024: 0 papers", "1995: 1 paper"]
    assert len(bars) == 26 and len(decades_site.text("timeline/index.html")) < 100_000
    assert [float(bar["width"]) > 0 for bar in bars] == [True, False, False, True] + [False] * 21 + [True]


def test_every_month_with_papers_keeps_its_page(decades_site):
    months = [a.get_text() for a in decades_site.page("timeline/").select(".ps-timeline a")]
    assert months == ["April 2026", "January 2026", "March 1995"]
    assert decades_site.page("timeline/1995-03/").select_one(".ps-papers a").get_text() == "Ancient Parsing"


def test_each_month_bar_links_to_its_month_and_labels_carry_the_year(decades_site):
    timeline = decades_site.page("timeline/")
    links = [a["href"] for a in timeline.select("svg.ps-chart a")]
    assert links == ["../timeline/2026-04/", "../timeline/2026-01/", "#y1995"]
    for href in links[:2]:
        assert (decades_site.site / "timeline" / href.removeprefix("../timeline/") / "index.html").is_file()
    assert timeline.find(id="y1995").find_next("a").get_text() == "March 1995"
    labels = [text.get_text() for text in timeline.select("svg.ps-chart text")]
    assert "Jan 2026" in labels and "Apr 2026" in labels and "Apr 26" not in labels
