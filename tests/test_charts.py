"""The SVG charts: drawn from the data, escaped, and placed on the overview pages."""

from __future__ import annotations

from bs4 import BeautifulSoup

from conftest import LABELLED_SNAPSHOT, entry, listing
from papershelf.pages.charts import overlap_matrix, timeline_bars
from papershelf.pages.wording import ENGLISH


def test_timeline_bars_one_row_per_slot_newest_first_with_counts():
    slots = [("August 2026", "Aug 2026", 1, "../2026-08/"), ("July 2026", "Jul 2026", 0, "")]
    slots += [("2025", "2025", 3, "#y2025"), ("2019 – 2024", "…", 0, "")]
    svg = BeautifulSoup(timeline_bars(slots, ENGLISH, str), "html.parser")
    bars = svg.select("rect.ps-chart-bar")
    assert len(bars) == 4 and float(bars[2]["width"]) > float(bars[0]["width"]) > float(bars[1]["width"]) == 0
    assert [float(bar["y"]) for bar in bars] == sorted(float(bar["y"]) for bar in bars)  # top to bottom
    assert [a["href"] for a in svg.select("a")] == ["../2026-08/", "#y2025"]  # a gap links nowhere
    assert [t.get_text() for t in svg.select("g > title")] == [
        "August 2026: 1 paper",
        "July 2026: 0 papers",
        "2025: 3 papers",
        "2019 – 2024: 0 papers",
    ]
    assert svg.svg["role"] == "group" and svg.svg.title.get_text() == "Papers by month"  # it holds links
    texts = [t.get_text() for t in svg.select("text")]
    assert texts == ["Aug 2026", "1", "Jul 2026", "0", "2025", "3", "…", "0"]  # no hover needed
    assert min(float(t["font-size"]) for t in svg.select("text")) >= 12
    assert svg.svg["viewbox"].split()[2] == "320"  # as wide as a phone's column, however long


def test_overlap_matrix_escapes_names_and_shades_shared_papers():
    svg = overlap_matrix(
        ["<b>A</b>", "B"], [[4, 2], [2, 3]], ENGLISH, lambda t: t.replace("<", "&lt;").replace(">", "&gt;")
    )
    soup = BeautifulSoup(svg, "html.parser")
    assert soup.find("b") is None and "<b>A</b> and B: 2 papers" in soup.get_text()
    opacities = [float(r["fill-opacity"]) for r in soup.select("rect")]
    assert opacities[0] == 1.0 and opacities[1] < opacities[0]
    assert [t.get_text() for t in soup.select("text.ps-chart-count")] == ["4", "2", "2", "3"]
    assert min(float(t["font-size"]) for t in soup.select("text")) >= 12


def test_charts_on_timeline_and_topics_pages(site_builder):
    site_builder.snapshot("a.txt", LABELLED_SNAPSHOT)
    site_builder.snapshot("b.txt", listing(entry("Older Work", "Ann Author", "3 January 2026")))
    built = site_builder.build()
    assert built.warnings == []
    timeline = built.page("timeline/").select_one("svg.ps-chart")
    assert len(timeline.select("rect.ps-chart-bar")) == 8  # August to January 2026
    topics = built.page("topics/").select_one("svg.ps-chart")
    assert len(topics.select("rect")) == 36  # the six discovered topics, pairwise


def test_a_timeline_of_many_years_shows_recent_months_then_years_newest_first(site_builder):
    papers = [entry(f"Paper of {year}", "Ann Author", f"3 March {year}") for year in range(2009, 2026)]
    papers += [entry("Newest Paper", "Ann Author", "7 August 2026"), entry("Next", "Bo Li", "2 June 2026")]
    site_builder.snapshot("a.txt", listing(*papers))
    built = site_builder.build()
    assert built.warnings == []
    page = built.page("timeline/")
    svg = page.select_one("svg.ps-chart")
    rows = [title.get_text() for title in svg.select("g > title")]
    # September 2024 to August 2026 month by month, then January to August 2024, then 2023 to 2009
    assert len(rows) == 24 + 1 + 15
    assert rows[:3] == ["August 2026: 1 paper", "July 2026: 0 papers", "June 2026: 1 paper"]
    assert rows[23] == "September 2024: 0 papers" and rows[24] == "January 2024 – August 2024: 1 paper"
    assert rows[25:] == [f"{year}: 1 paper" for year in range(2023, 2008, -1)]
    assert svg["viewbox"].split()[2] == "320"
    links = [a["href"] for a in svg.select("a")]
    assert [(built.site / "timeline" / href).resolve().name for href in links[:2]] == ["2026-08", "2026-06"]
    years = [href for href in links if href.startswith("#")]
    assert years == [f"#y{year}" for year in range(2024, 2008, -1)]
    assert all(page.find(id=href[1:]) is not None for href in years)  # each year's part of the list
    months = [a.get_text() for a in page.select("#y2026 + ul.ps-timeline a")]
    assert months == ["August 2026", "June 2026"]
