"""A paper's own page saved as HTML, read by the meta tags Google Scholar reads: an arXiv
abstract page, a proceedings page and a journal page (fixtures of `tests/fixtures/paper-pages/`
in the layouts of real pages)."""

from __future__ import annotations

import datetime as dt

from conftest import FIXTURES, SiteBuilder
from papershelf.model import ARTICLE, DAY, MONTH, PROCEEDINGS, YEAR
from papershelf.snapshots.reader import read_snapshot

PAGES = FIXTURES / "paper-pages"


def test_an_arxiv_abstract_page_is_its_paper_in_the_version_shown():
    read = read_snapshot(PAGES / "arxiv-abs-page.html")
    assert read.problems == () and read.found == 1 and len(read.entries) == 1
    paper = read.entries[0]
    assert paper.title == "Paging Keys and Values: A Study of Cache Eviction"
    assert [(p.name, p.family) for p in paper.authors] == [
        ("Flavio Del Santo", "Del Santo"),
        ("Ann B. Lee", "Lee"),
    ]
    assert paper.date == dt.date(2026, 7, 2)  # the first version's day, as its identifier says
    assert (paper.ids.arxiv, paper.ids.arxiv_version, paper.ids.primary_class) == ("2607.01234", 2, "cs.LG")
    assert paper.topic == "cs.LG"  # its primary category, as a listing of it would say
    assert paper.abstract == (
        "We evict keys and values from the $O(n)$ cache by their attention mass, "
        "and keep accuracy within one point."
    )


def test_a_proceedings_page_gives_its_venue_and_needs_no_abstract():
    read = read_snapshot(PAGES / "proceedings-page.html")
    assert read.problems == () and len(read.entries) == 1
    paper = read.entries[0]
    assert paper.title == "Routing Tokens to Experts" and paper.topic == ""
    assert [p.name for p in paper.authors] == ["Quinn Okafor", "Ilse Brandvold"]  # the empty tag is none
    assert (paper.date, paper.date_precision) == (dt.date(2025, 1, 1), YEAR)
    assert paper.abstract == ""  # the page's text is not taken for one
    assert paper.venue is not None and (paper.venue.kind, paper.venue.container, paper.venue.pages) == (
        PROCEEDINGS,
        "Proceedings of the Workshop on Sparse Models",
        "110-114",
    )
    assert paper.ids.doi == "10.5555/sparse.2025.12"
    assert paper.ids.url == "https://proceedings.example.org/sparse25/okafor25a.html"


def test_a_journal_page_gives_its_issue_and_abstract():
    paper = read_snapshot(PAGES / "journal-page.html").entries[0]
    assert [(p.name, p.family) for p in paper.authors] == [
        ("Jörg Müller", "Müller"),
        ("Anna Van der Berg", "Van der Berg"),
    ]
    assert (paper.date, paper.date_precision) == (dt.date(2024, 3, 1), MONTH)
    assert paper.venue is not None and (paper.venue.kind, paper.venue.volume, paper.venue.number) == (
        ARTICLE,
        "7",
        "2",
    )
    assert (
        paper.ids.doi == "10.5555/jes.2024.0015"
        and paper.abstract == "We quantize attention to four bits & keep its accuracy."
    )


def test_paper_pages_build_into_the_library_without_warnings(site_builder: SiteBuilder):
    for page in sorted(PAGES.iterdir()):
        site_builder.snapshot(page.name, page.read_bytes())
    built = site_builder.build()
    assert built.warnings == []
    bib = built.text("library.bib")
    assert "{Del Santo}, Flavio" in bib and "pages = {110--114}" in bib
    assert "journal = {Journal of Efficient Systems}" in bib
    heading = built.page("papers/delsanto2026paging/").select_one("h1")
    assert (
        heading is not None
        and heading.get_text(strip=True) == "Paging Keys and Values: A Study of Cache Eviction"
    )


def test_a_preprint_servers_page_gives_the_day_not_its_placeholder():
    """bioRxiv's tags: a `citation_publication_date` of 1 January beside the real day, an
    abstract holding HTML with its heading, an electronic location where pages would be,
    and a name with a suffix."""
    (paper,) = read_snapshot(PAGES / "preprint-page.html").entries
    assert (paper.date, paper.date_precision) == (dt.date(2020, 1, 28), DAY)
    assert paper.abstract == "We keep hepatocytes working for six weeks in CO2."
    assert paper.venue is None  # a preprint server is no venue, as arXiv is none
    assert [p.name for p in paper.authors] == ["David A. Kukla", "John Smith, Jr."]


def test_an_arxiv_id_with_its_version_is_read_once(tmp_path):
    page = (PAGES / "arxiv-abs-page.html").read_text(encoding="utf-8")
    (tmp_path / "v2.html").write_text(page.replace('content="2607.01234"/>', 'content="2607.01234v2"/>'))
    (paper,) = read_snapshot(tmp_path / "v2.html").entries
    assert (paper.ids.arxiv, paper.ids.arxiv_version) == ("2607.01234", 2)


def test_a_listing_page_with_a_title_and_an_author_tag_is_still_a_listing(tmp_path):
    """Google Scholar asks a paper's page for a title, an author and a date at the least: a
    listing that tags itself with a title and an author is read as the listing it is."""
    listing = (FIXTURES / "html" / "semantic.html").read_text(encoding="utf-8")
    tags = '<meta name="citation_title" content="Latest papers">'
    tags += '<meta name="citation_author" content="Jane Editor">'
    (tmp_path / "tagged.html").write_text(listing.replace("<head>", "<head>" + tags, 1), encoding="utf-8")
    assert len(read_snapshot(tmp_path / "tagged.html").entries) == 3


def test_a_repository_page_gives_dublin_cores_abstract_and_day_and_its_landing_page():
    """HAL's and Springer's pages give the abstract in `DC.description` and the day in
    `DC.Date` beside a placeholder 1 January; the landing page is Open Graph's address,
    not the PDF."""
    (paper,) = read_snapshot(PAGES / "repository-page.html").entries
    assert paper.abstract == "This thesis deals with graph colouring games."
    assert paper.date == dt.date(2015, 2, 9)
    assert (paper.ids.url, paper.ids.pdf_url) == (
        "https://theses.example.org/tel-0001",
        "https://theses.example.org/tel-0001/document",
    )
    assert paper.venue is not None and (paper.venue.kind, paper.venue.publisher) == (
        "phdthesis",
        "Université de Montpellier",
    )
