"""Fixture sites built end-to-end with MkDocs: the generated pages, links, nav and warnings."""

from __future__ import annotations

import json

import pytest
from conftest import entry, listing


def _two_listings(site_builder):
    site_builder.snapshot(
        "a.txt",
        listing(
            entry(
                "Sparse $O(L^2)$ Attention for LLMs",
                "Iker Garc\\'ia-Ferrero (Uni A, Lab B), Bo Li",
                "5 August 2026",
                "We study \\ours{} with $x^2$ and 5\\% more…",
            ),
            entry("Mixture of Experts Serving", "Mind Lab, :, Song Cao", "4 August 2026", "MoE text."),
        ),
    )
    site_builder.snapshot(
        "b.txt",
        listing(
            entry(
                "Sparse $O(L^2)$ attention for LLMs!",
                "Iker Garcia-Ferrero, Bo Li",
                "5. August 2026",
                "We study \\ours{} with $x^2$ and 5\\% more, in full.",
            ),
            entry("A Paper From June", "Bo Li", "16. Juni 2026", "June text."),
            heading="Neueste Paper",
        ),
    )


def test_fixture_site_pages_and_zero_warnings(site_builder):
    _two_listings(site_builder)
    built = site_builder.build()
    assert built.warnings == []
    papers = sorted(p.name for p in (built.site / "papers").iterdir() if p.is_dir() and p.name != "page")
    assert papers == ["garciaferrero2026sparse", "li2026paper", "mindlab2026mixture"]

    page = built.page("papers/garciaferrero2026sparse/")
    title = page.select_one("h1.ps-paper-title")
    assert title.find("math") is not None and "attention for LLMs!" in title.get_text()
    assert page.title.get_text() == "Sparse O(L²) attention for LLMs! - Fixture"  # the tab: no TeX
    authors = page.select(".ps-authors a")
    assert [a.get_text() for a in authors] == ["Iker García-Ferrero", "Bo Li"]
    assert (
        authors[0]["href"] == "../../authors/letters/g/#iker-garcia-ferrero"
    )  # one paper: no page of their own
    assert authors[1]["href"] == "../../authors/bo-li/"
    assert page.select_one(".ps-affiliation").get_text() == "(Uni A, Lab B)"
    abstract = page.select_one(".ps-abstract")
    assert "in full." in abstract.get_text()  # the complete abstract won the merge
    assert "\\ours{}" in abstract.get_text() and abstract.find("math") is not None
    sightings = [li.get_text() for li in page.select(".ps-sightings li")]
    assert sightings == ["a.txt:5", "b.txt:5"]
    bib = page.select_one(".ps-bibtex code").get_text()
    assert bib == built.text("papers/garciaferrero2026sparse.bib")
    assert bib.startswith("@misc{garciaferrero2026sparse,") and "Garc{\\'i}a-Ferrero, Iker" in bib
    assert page.select_one("a.ps-download")["href"] == "../../papers/garciaferrero2026sparse.bib"
    assert page.select_one("time")["datetime"] == "2026-08-05"


@pytest.mark.parametrize("search_first", [True, False])
def test_search_index_holds_what_readers_search_for(site_builder, search_first):
    """Title, authors, key, topics and abstract are searchable; BibTeX, related papers and
    sightings are on the page but not in the index, whichever plugin comes first."""
    _two_listings(site_builder)
    built = site_builder.build(search_first=search_first)
    assert built.warnings == []
    index = json.loads(built.text("search/search_index.json"))["docs"]
    paper = [doc for doc in index if doc["location"].startswith("papers/garciaferrero2026sparse/")]
    text = " ".join(doc["title"] + " " + doc["text"] for doc in paper)
    for wanted in ("attention for LLMs!", "Bo Li", "garciaferrero2026sparse", "Test Topic", "in full."):
        assert wanted in text
    for unwanted in ("@misc", "author = ", "a.txt:5"):
        assert unwanted not in text
    page = built.page("papers/garciaferrero2026sparse/")
    assert page.select_one(".ps-bibtex code").get_text().startswith("@misc{garciaferrero2026sparse,")
    assert page.select(".ps-sightings li")
    assert "papershelf:" not in built.text("papers/garciaferrero2026sparse/index.html")


def test_indexes_nav_and_library_bib(site_builder):
    _two_listings(site_builder)
    built = site_builder.build(plugin_options="per_page: 2\n")
    assert built.warnings == []
    index = built.page("papers/")
    assert index.select_one(".ps-papers .ps-title").get_text().startswith("Sparse")
    assert index.select_one(".ps-pager [aria-current]").get_text() == "Page 1 of 2"
    assert [(a["rel"], a.get_text()) for a in index.select(".ps-pager a")] == [(["next"], "Older →")]
    second = built.page("papers/page/2/")
    assert [(a["href"], a.get_text()) for a in second.select(".ps-pager a")] == [
        ("../../../papers/", "← Newer")
    ]
    assert [a.get_text() for a in second.select(".ps-title")] == ["A Paper From June"]
    nav = [a.get_text(strip=True) for a in index.select(".md-nav--primary .md-nav__link")]
    assert {"Papers", "Topics", "Authors", "Timeline"} <= set(nav)
    assert not any("Sparse" in text or "Bo Li" in text for text in nav)
    for url, section in [
        ("papers/li2026paper/", "Papers"),
        ("authors/bo-li/", "Authors"),
        ("topics/test-topic/", "Topics"),
    ]:
        active = built.page(url).select(".md-nav--primary .md-nav__item--active > .md-nav__link")
        assert {link.get_text(strip=True) for link in active} == {section}, url
    library = built.text("library.bib")
    assert library.count("@misc{") == 3
    for key in ("garciaferrero2026sparse", "li2026paper", "mindlab2026mixture"):
        assert built.text(f"papers/{key}.bib") in library
    bo = built.page("authors/bo-li/")
    assert len(bo.select(".ps-papers li")) == 2
    assert "Iker García-Ferrero" in bo.select_one(".ps-coauthors").get_text()
    topics = built.page("topics/")
    assert [a.get_text() for a in topics.select(".ps-topics-index a")] == ["Test Topic"]
    assert built.text("topics/test-topic.bib").count("@misc{") == 3
    timeline = built.page("timeline/")
    assert [a.get_text() for a in timeline.select(".ps-timeline a")] == ["August 2026", "June 2026"]
    august = built.page("timeline/2026-08/")
    assert len(august.select(".ps-papers li")) == 2
    months = [(a.get("rel"), a["href"], a.get_text()) for a in august.select(".ps-pager a")]
    assert months == [
        (None, "../../timeline/", "All months"),
        (None, "../../timeline/2026-06/", "June 2026 →"),  # `rel` is the month's own pages'
    ]
    june = [a.get_text() for a in built.page("timeline/2026-06/").select(".ps-pager a")]
    assert june == ["← August 2026", "All months"]


def test_bad_input_warns_with_file_line_and_still_builds(site_builder):
    site_builder.snapshot("ok.txt", listing(entry("Fine Paper", "Ann Author")))
    site_builder.snapshot("bad.txt", listing(entry("Undated Paper", "Bob Builder", date="someday")))
    site_builder.snapshot("notes.pdf", b"%PDF-1.4")
    built = site_builder.build()
    assert sorted(built.warnings) == [
        "papershelf: bad.txt:7: unreadable date 'someday'",
        "papershelf: notes.pdf:1: not a snapshot (.pdf: no reader knows this kind of file); skipped",
    ]
    undated = built.page("papers/builderndundated/")
    assert undated.select_one("h1").get_text() == "Undated Paper"
    assert "Undated" in undated.select_one(".ps-meta").get_text()
    assert "1 paper has no date" in built.page("timeline/").select_one(".ps-summary").get_text()


def test_summary_line_counts(site_builder):
    site_builder.snapshot("a.txt", listing(entry("One", "Ann Author"), entry("Two", "Ann Author")))
    site_builder.snapshot("b.txt", listing(entry("One", "Ann Author")))
    site_builder.build()
    messages = [
        r.getMessage() for r in site_builder.records if r.name.startswith("mkdocs.plugins.papershelf")
    ]
    assert messages[-1] == "papershelf: 2 snapshots, 3 entries read, 2 papers after merging, 0 warnings"


def test_hostile_text_stays_text(site_builder):
    site_builder.snapshot(
        "a.txt",
        listing(
            entry(
                "<script>alert(1)</script> {{ config }} Title",
                "Eve <img src=x onerror=alert(1)>",
                abstract="{% raw %} *not bold* [x](javascript:alert(1)) | pipe alert`1`",
            )
        ),
    )
    built = site_builder.build()
    (key,) = [p.stem for p in (built.site / "papers").glob("*.bib")]
    page = built.page(f"papers/{key}/")
    assert page.select("article script") == [] and page.select("article img") == []
    assert "<script>alert(1)</script> {{ config }} Title" in page.select_one("h1").get_text()
    abstract = page.select_one(".ps-abstract").get_text()
    assert "{% raw %} *not bold* [x](javascript:alert(1)) | pipe alert`1`" in abstract
    assert page.select(".ps-abstract a") == [] and page.select(".ps-abstract em") == []
    assert page.select(".ps-abstract code") == []


@pytest.mark.slow
def test_strict_build_fails_on_bad_input_and_passes_when_clean(site_builder):
    import subprocess
    import sys

    site_builder.snapshot("a.txt", listing(entry("Fine Paper", "Ann Author")))
    site_builder.build()  # writes mkdocs.yml

    def strict() -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "mkdocs", "build", "--strict"],
            cwd=site_builder.root,
            capture_output=True,
            text=True,
        )

    assert strict().returncode == 0
    site_builder.snapshot("b.txt", listing(entry("Odd Paper", "Bob Builder", date="Someday")))
    result = strict()
    assert result.returncode != 0
    assert "b.txt:7: unreadable date 'Someday'" in result.stderr


def test_no_page_grows_with_the_library(site_builder):
    _two_listings(site_builder)
    built = site_builder.build(plugin_options="per_page: 2\nauthor_pages_min: 1\n")
    assert built.warnings == []
    assert (built.site / "authors" / "iker-garcia-ferrero" / "index.html").exists()
    topic = built.page("topics/test-topic/")
    assert (
        len(topic.select(".ps-papers li")) == 2
        and topic.select_one(".ps-pager a")["href"] == "../../topics/test-topic/page/2/"
    )
    second = built.page("topics/test-topic/page/2/")
    assert len(second.select(".ps-papers li")) == 1 and "(page 2 of 2)" in second.select_one("h1").get_text()
    letters = built.page("authors/")
    assert [a.get_text() for a in letters.select(".ps-letters a")] == ["C", "G", "L", "M"]
    assert built.page("authors/letters/l/").find(id="bo-li").a["href"] == "../../../authors/bo-li/"


def test_a_paper_with_no_close_neighbour_says_so(site_builder):
    """The section is always there (its papers are worked out while MkDocs runs), and says
    plainly when no other paper is close enough; `related: 0` removes it."""
    site_builder.snapshot(
        "a.txt",
        listing(
            entry("Quantum Annealing Schedules", "Ada Moss", "5 August 2026", "Annealing qubits slowly."),
            entry("Coral Reef Acoustics", "Ben Hale", "4 August 2026", "Fish choruses at dawn."),
        ),
    )
    built = site_builder.build()
    assert built.warnings == []
    page = built.page("papers/moss2026quantum/")
    heading = page.find("h2", id="related-papers")
    assert heading is not None
    assert heading.find_next_sibling().get_text() == "No other paper of the library is close enough to list."
    off = site_builder.build(plugin_options="related: 0\n")
    assert off.page("papers/moss2026quantum/").find("h2", id="related-papers") is None


def test_letter_pages_are_paged_in_the_words_of_every_paged_list(site_builder, monkeypatch):
    """A letter's second page says `(page 2 of 2)` in its title and heading, as the pages of
    every other list do (it said `(page 2)` in one and `(2 of 2)` in the other)."""
    monkeypatch.setattr("papershelf.pages.letters._PER_PAGE", 1)
    site_builder.snapshot("a.txt", listing(entry("One", "Ann Lee, Bo Li"), entry("Two", "Ann Lee, Bo Li")))
    built = site_builder.build(plugin_options="author_pages_min: 3\n")
    first, second = built.page("authors/letters/l/"), built.page("authors/letters/l-2/")
    assert first.select_one("article h1").get_text() == "Authors: L"
    assert second.select_one("article h1").get_text() == "Authors: L (page 2 of 2)"
    assert second.title.get_text().startswith("Authors: L (page 2 of 2)")


def test_a_paper_without_an_abstract_has_no_abstract_section(site_builder):
    """A library entry (or a replacement in an arXiv listing) may rightly give none: no
    "Abstract" heading over nothing."""
    site_builder.snapshot("mine.bib", "@article{ann2020ode, title={An Ode}, author={Ann Lee}, year={2020}}\n")
    built = site_builder.build()
    assert built.warnings == []
    page = built.page("papers/ann2020ode/")
    assert page.select_one(".ps-abstract") is None
    assert "Abstract" not in [h.get_text(strip=True) for h in page.select("h2")]
    assert page.select_one("h1.ps-paper-title").get_text(strip=True) == "An Ode"
    assert page.select_one(".ps-bibtex code") is not None  # the rest of the page is there
