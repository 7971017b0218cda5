"""The plugin among the plugins users combine it with: Material's blog, mkdocs-static-i18n,
mkdocs-redirects, and mkdocs-bibtex (which it cannot sit beside).

Each site is built end to end and every link on every page is followed: a link that leads
nowhere in the built site is a 404 for a reader, whoever wrote it.
"""

from __future__ import annotations

import logging

import pytest
from mkdocs.exceptions import Abort

from conftest import SiteBuilder, entry, listing
from links import broken_links
from papershelf.library.keys import KeyBook
from papershelf.library.merge import build_library
from papershelf.pages import SitePlan
from papershelf.snapshots.text import parse_text_listing

pytestmark = pytest.mark.slow  # other plugins' sites (blog, i18n), each built whole

KIM = entry("Operating Systems for Agents", "Seon Ho Kim, Ana García-Ferrero", "10 August 2026")
LEE = entry("Paging the Cache", "Min Lee, Ana García-Ferrero", "9 August 2026")


@pytest.fixture
def blog_site(site_builder: SiteBuilder):
    site_builder.snapshot("a.txt", listing(KIM, LEE))
    docs = site_builder.root / "docs"
    (docs / "blog" / "posts").mkdir(parents=True)
    (docs / "blog" / "index.md").write_text("# Blog\n", encoding="utf-8")
    (docs / "blog" / "posts" / "first.md").write_text(
        "---\ndate: 2026-08-10\nslug: first-post\n---\n\n# First post\n\n"
        "We read [@kim2026operating] today.\n\n<!-- more -->\n\n"
        "And then [@lee2026paging].\n\n<!-- papershelf:references -->\n",
        encoding="utf-8",
    )
    (docs / "blog" / "posts" / "draft.md").write_text(
        "---\ndate: 2026-08-11\ndraft: true\n---\n\n# Draft\n\nAbout [@kim2026operating].\n", encoding="utf-8"
    )
    (docs / "lists").mkdir()
    (docs / "lists" / "agents.md").write_text(
        "# Agents\n\n- [ ] @kim2026operating: first\n- [x] @lee2026paging\n", encoding="utf-8"
    )
    return site_builder.build(extra="  - blog\n")


def test_citations_in_a_blog_post_lead_to_the_papers(blog_site):
    post = blog_site.page("blog/2026/08/10/first-post/")
    hrefs = [a["href"] for a in post.select(".ps-cite a")]
    assert hrefs == ["../../../../../papers/kim2026operating/", "../../../../../papers/lee2026paging/"]
    assert [a["href"] for a in post.select(".ps-references a")] == [
        "../../../../../papers/kim2026operating/",
        "../../../../../papers/lee2026paging/",
    ]
    excerpt = blog_site.page("blog/").select_one(".ps-cite a")
    assert excerpt["href"] == "../papers/kim2026operating/"


def test_a_paper_page_links_to_the_post_where_it_is_served_and_not_to_a_draft(blog_site):
    paper = blog_site.page("papers/kim2026operating/")
    assert [a["href"] for a in paper.select(".ps-citing a")] == ["../../blog/2026/08/10/first-post/"]
    assert [a["href"] for a in paper.select(".ps-holding a")] == ["../../lists/agents/"]


def test_no_link_of_a_blog_site_is_broken(blog_site):
    assert blog_site.warnings == []
    assert broken_links(blog_site.site) == []


def test_a_generated_link_to_no_file_of_the_site_is_remembered():
    library = build_library([parse_text_listing(listing(KIM, LEE), "a.txt")], KeyBook()).library
    plan = SitePlan.of(library)
    files = {generated.src_uri: generated for generated in plan.files()}
    plan.locate({src: src.removesuffix(".md") + "/" for src in files if src != "papers/lee2026paging.md"})
    files["papers/index.md"].made()  # it lists every paper
    assert plan.unresolved == {"papers/lee2026paging.md"}


@pytest.fixture
def i18n_site(site_builder: SiteBuilder):
    site_builder.snapshot("a.txt", listing(KIM, LEE))
    docs = site_builder.root / "docs"
    (docs / "index.md").write_text("# Home\n\nWe read [@kim2026operating].\n", encoding="utf-8")
    (docs / "index.fr.md").write_text("# Accueil\n\nNous lisons [@kim2026operating].\n", encoding="utf-8")
    (docs / "notes.md").write_text("# Notes\n\nOn paging: [@lee2026paging].\n", encoding="utf-8")
    languages = """\
  - i18n:
      docs_structure: suffix
      languages:
        - {locale: en, default: true, name: English, build: true}
        - {locale: fr, name: Français, build: true}
"""
    return site_builder.build(extra=languages)


def test_each_language_has_the_generated_pages_in_its_folder(i18n_site):
    assert i18n_site.warnings == []
    home = i18n_site.page("fr/")
    assert home.select_one(".ps-cite a")["href"] == "papers/kim2026operating/"
    assert home.select_one("html")["lang"] == "fr"
    paper = i18n_site.page("fr/papers/kim2026operating/")
    assert paper.select_one("html")["lang"] == "fr"
    assert paper.select_one(".ps-paper-title").get_text() == "Operating Systems for Agents"
    assert [h.get_text(strip=True) for h in paper.select("article h2")][:1] == ["Résumé"]
    english_paper = i18n_site.page("papers/kim2026operating/")
    assert [h.get_text(strip=True) for h in english_paper.select("article h2")][:1] == ["Abstract"]
    assert (i18n_site.site / "fr" / "library.bib").is_file()
    english = i18n_site.page("papers/lee2026paging/")
    assert [a["href"] for a in english.select(".ps-citing a")] == ["../../notes/"]
    french = i18n_site.page("fr/papers/lee2026paging/")
    assert [a["href"] for a in french.select(".ps-citing a")] == ["../../../fr/notes/"]


def test_no_link_of_a_site_in_two_languages_is_broken(i18n_site):
    assert broken_links(i18n_site.site) == []


@pytest.mark.parametrize("redirects_first", [True, False])
def test_mkdocs_redirects_can_point_at_a_paper_page(site_builder: SiteBuilder, redirects_first: bool):
    """mkdocs-redirects takes its targets from the files it sees in `on_files`, in either
    order of `plugins`: the generated pages are there by then."""
    site_builder.snapshot("a.txt", listing(KIM, LEE))
    redirects = "  - redirects:\n      redirect_maps:\n        old-kim.md: papers/kim2026operating.md\n"
    built = site_builder.build(**({"first": redirects} if redirects_first else {"extra": redirects}))
    assert built.warnings == []
    moved = built.page("old-kim/")
    refresh = moved.select_one('meta[http-equiv="refresh"]')["content"]
    assert refresh.endswith("../papers/kim2026operating/")
    assert broken_links(built.site) == []


def test_beside_mkdocs_bibtex_the_build_stops_with_one_clear_message(
    site_builder: SiteBuilder, caplog: pytest.LogCaptureFixture
):
    """mkdocs-bibtex and papershelf both turn `[@key]` into citations; the build stops before
    either reads a page, saying how to move (a `.bib` in the snapshot folder keeps its keys)."""
    site_builder.snapshot("a.txt", listing(KIM, LEE))
    (site_builder.root / "refs.bib").write_text("@misc{old2020,\n  title = {Old},\n  year = {2020}\n}\n")
    (site_builder.root / "docs" / "index.md").write_text("# Home\n\nSee [@kim2026operating].\n")
    with pytest.raises(Abort):
        site_builder.build(extra="  - bibtex:\n      bib_file: refs.bib\n")
    [message] = [record.getMessage() for record in caplog.records if record.levelno >= logging.ERROR]
    assert "mkdocs-bibtex" in message and "snapshot folder" in message and "refs.bib" in message
    assert "Traceback" not in caplog.text


def test_moving_from_mkdocs_bibtex_keeps_every_citation(site_builder: SiteBuilder):
    """What the message above says to do: the `.bib` file in the snapshot folder, whose keys
    stay the keys of its papers."""
    site_builder.snapshot("a.txt", listing(KIM, LEE))
    site_builder.snapshot(
        "refs.bib",
        "@article{Old2020,\n  author = {Ada Lovelace},\n  title = {Old Notes},\n  year = {2020}\n}\n",
    )
    (site_builder.root / "docs" / "index.md").write_text(
        "# Home\n\nSee [@Old2020] and [@kim2026operating].\n"
    )
    built = site_builder.build()
    assert built.warnings == []
    assert [a["href"] for a in built.page("").select(".ps-cite a")] == [
        "papers/Old2020/",
        "papers/kim2026operating/",
    ]
