"""Generated pages convert each distinct skeleton once, and the site is byte for byte the
one MkDocs makes when it converts every page."""

from __future__ import annotations

from pathlib import Path

import pytest
from mkdocs.structure.pages import Page
from mkdocs.utils import meta

import papershelf.site.skeletons
from conftest import FIXTURES, SiteBuilder
from papershelf.pages.generated import Section, assembled

TOC = "markdown_extensions:\n  - attr_list\n  - toc:\n      permalink: true\n"


def _files(site: Path) -> dict[str, bytes]:
    return {
        path.relative_to(site).as_posix(): path.read_bytes()
        for path in sorted(site.rglob("*"))
        if path.is_file() and path.name != "sitemap.xml.gz"  # gzip stamps the time
    }


def _site(root: Path) -> SiteBuilder:
    builder = SiteBuilder(root)
    builder.snapshot("listing.txt", (FIXTURES / "labelled" / "listing.txt").read_text(encoding="utf-8"))
    return builder


def test_pages_from_shared_skeletons_are_the_pages_markdown_makes(tmp_path, monkeypatch):
    converted: list[str] = []
    render = Page.render

    def counting(page: Page, config, files) -> None:
        converted.append(page.file.src_uri)
        render(page, config, files)

    monkeypatch.setattr(Page, "render", counting)
    parsed: list[str] = []
    get_data = meta.get_data
    monkeypatch.setattr(meta, "get_data", lambda doc: parsed.append(doc) or get_data(doc))
    shared = _site(tmp_path / "shared").build(extra=TOC)
    generated = [p for p in _files(shared.site) if p.endswith("index.html") and p.startswith("papers/")]
    # the index pages are in the navigation, whose pages MkDocs converts itself
    out_of_nav = [src for src in converted if not src.endswith("index.md")]
    assert len(generated) > 20 and len(out_of_nav) < len(generated) / 4, (converted, len(generated))
    assert len(parsed) < len(generated) / 4, "generated pages parsed the YAML they were made with"

    each = _site(tmp_path / "each").build("speed:\n  skeletons: false\n", extra=TOC)
    assert _files(each.site) == _files(shared.site)
    assert shared.warnings == each.warnings == []
    # The skeletons' headings went through the user's toc settings, and each page has its toc.
    paper = next(p for p in generated if p.count("/") == 2)
    headings = shared.page(paper.removesuffix("index.html")).select("article h2[id] > a.headerlink")
    assert [a["href"] for a in headings][:1] == ["#abstract"]
    toc = shared.page(paper.removesuffix("index.html")).select('nav.md-nav--secondary a[href="#abstract"]')
    assert len(toc) == 1


def test_each_page_gets_a_table_of_contents_of_its_own():
    """What one page's theme or plugins mark on its items (`active`) is not on the next's."""
    from mkdocs.structure.toc import get_toc

    shared = get_toc(
        [
            {
                "level": 2,
                "id": "a",
                "name": "A",
                "children": [{"level": 3, "id": "b", "name": "B", "children": []}],
            }
        ]
    )
    copy = papershelf.site.skeletons._copied(shared)
    first, child = copy.items[0], copy.items[0].children[0]
    assert (first.title, first.id, first.level, first.active) == ("A", "a", 2, True)
    assert (child.title, child.id, child.level) == ("B", "b", 3)
    first.active = False
    child.marked = True
    first.children.append(child)
    assert shared.items[0].active is True and len(shared.items[0].children) == 1
    assert not hasattr(shared.items[0].children[0], "marked")


@pytest.mark.parametrize(
    "title",
    ["Plain", 'A "quoted": title', "---", "a\n---\nb: c", "{{ x }} # [y] &amp; \\ 'z'", "Ünïcode – ✓", ""],
)
@pytest.mark.parametrize("search", [None, {"exclude": True}])
def test_the_front_matter_a_page_keeps_is_what_mkdocs_reads_from_its_yaml(title, search):
    """So that a page need not parse the front matter it was generated with."""
    front = {"title": title, "template": "papershelf/page.html"} | ({"search": search} if search else {})
    page = assembled("papers/x.md", front, lambda: [Section(None, str), Section("Abstract", str)])
    markdown, parsed = meta.get_data(page.content)
    assert parsed == front and markdown == page.body and page.meta == front
