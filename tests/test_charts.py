"""The SVG charts: drawn from the data, escaped, and placed on the overview pages."""

from __future__ import annotations

from bs4 import BeautifulSoup

from conftest import LABELLED_SNAPSHOT, entry, listing
from papershelf.pages.charts import month_bars, overlap_matrix


def test_month_bars_one_bar_per_month_with_counts():
    slots = [("May 2026", "May 2026", 3, "../2026-05/"), ("June 2026 – July 2026", "…", 0, "")]
    slots.append(("August 2026", "Aug 2026", 1, "../2026-08/"))
    svg = BeautifulSoup(month_bars(slots, str), "html.parser")
    bars = svg.select("rect.ps-chart-bar")
    assert len(bars) == 3 and float(bars[0]["height"]) > float(bars[2]["height"]) > 0
    assert [a["href"] for a in svg.select("a")] == ["../2026-05/", "../2026-08/"]  # a gap links nowhere
    assert [a.rect is not None for a in svg.select("a")] == [True, True]
    assert [t.get_text() for t in svg.select("g > title")] == [
        "May 2026: 3 papers",
        "June 2026 – July 2026: 0 papers",
        "August 2026: 1 paper",
    ]
    assert svg.svg["role"] == "group" and svg.svg.title.get_text() == "Papers per month"  # it holds links
    assert svg.select_one("a")["aria-label"] == "May 2026: 3 papers"
    texts = svg.select("text")
    assert [t.get_text() for t in texts if t.get_text().isdigit()] == ["3", "0", "1"]  # no hover needed
    assert min(float(t["font-size"]) for t in texts) >= 12


def test_overlap_matrix_escapes_names_and_shades_shared_papers():
    svg = overlap_matrix(
        ["<b>A</b>", "B"], [[4, 2], [2, 3]], lambda t: t.replace("<", "&lt;").replace(">", "&gt;")
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
    assert len(timeline.select("rect.ps-chart-bar")) == 8  # January to August 2026
    topics = built.page("topics/").select_one("svg.ps-chart")
    assert len(topics.select("rect")) == 36  # the six discovered topics, pairwise
