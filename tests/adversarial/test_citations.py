"""Citations as people mistype them: a malformed one is a warning at its line and stays text;
what is not meant as a citation (an email, code, a link's text) is left alone."""

from __future__ import annotations

import pytest

from conftest import SiteBuilder, entry, listing
from papershelf.curation.citations import find_citations, malformed_citations

NOTES = """\
---
title: Notes
---

# Notes

Cites [@author2026paging] as it should.

Broken one [@a;] here.

Broken two [@] here.

Broken three [@ a] here.

Broken four [@a;;@b] here.

Mail a@b.c or write `[@]` and `[@a;]` in code.

[@handle](https://example.org/) is a link, and so is [@ref][].

[@ref]: https://example.org/ref

```
[@] in a fenced block
```

    [@ a] in an indented block
"""
MALFORMED = {"[@a;]": 9, "[@]": 11, "[@ a]": 13, "[@a;;@b]": 15}


@pytest.fixture(scope="module")
def notes_site(tmp_path_factory):
    builder = SiteBuilder(tmp_path_factory.mktemp("citations") / "project")
    builder.snapshot("a.txt", listing(entry("Paging Attention", "Ann Author, Bob Builder")))
    (builder.root / "docs" / "notes.md").write_text(NOTES, encoding="utf-8")
    return builder.build()


@pytest.mark.parametrize("citation", MALFORMED)
def test_malformed_citation_is_a_warning_at_its_line_and_stays_text(notes_site, citation):
    line = MALFORMED[citation]
    assert NOTES.split("\n")[line - 1].count(citation) == 1  # the fixture's own line numbers
    assert f"papershelf: notes.md:{line}: malformed citation {citation!r}" in " ".join(notes_site.warnings)
    paragraph = next(p for p in notes_site.page("notes/").select("article p") if citation in p.get_text())
    assert paragraph.find("a") is None


def test_only_malformed_citations_warn(notes_site):
    assert len(notes_site.warnings) == len(MALFORMED), notes_site.warnings


def test_well_formed_citation_still_links(notes_site):
    cite = notes_site.page("notes/").select_one(".ps-cite a")
    assert cite is not None and cite["href"] == "../papers/author2026paging/"


def test_link_text_and_definitions_are_no_citations():
    text = "[@handle](https://example.org/) and [@ref][] and [x][@y]\n[@ref]: https://example.org/\n"
    assert find_citations(text) == [] and malformed_citations(text, "x.md") == []


def test_a_key_with_an_underscore_is_a_citation():
    [citation] = find_citations("As [@smith_2026; @li-2025, p. 4] show.")
    assert [(cite.key, cite.locator) for cite in citation.cites] == [("smith_2026", ""), ("li-2025", "p. 4")]


MARKDOWN_EXTENSIONS = """\
markdown_extensions:
  - smarty
  - md_in_html
  - pymdownx.mark
  - pymdownx.keys
  - pymdownx.emoji
  - pymdownx.smartsymbols
  - pymdownx.magiclink
"""
HOSTILE_TITLE = "Paging ==marked== ++ctrl+c++ :smile: (c) -- www.example.com @someone 1/2"


@pytest.mark.slow
def test_markdown_extensions_leave_a_title_in_a_users_page_as_text(site_builder: SiteBuilder):
    """Cards, citations and references put a paper's title and byline into the user's
    Markdown: the extensions a site enables must not turn them into markup (an emoji
    would even be an image from a CDN)."""
    site_builder.snapshot("a.txt", listing(entry(HOSTILE_TITLE, "Ann (c) Author")))
    key = "author2026paging"
    page = f"# Notes\n\nSee [@{key}].\n\n- [ ] @{key}\n\n<!-- papershelf:references -->\n"
    (site_builder.root / "docs" / "lists").mkdir()
    (site_builder.root / "docs" / "lists" / "notes.md").write_text(page, encoding="utf-8")
    built = site_builder.build(extra=MARKDOWN_EXTENSIONS)
    assert built.warnings == []
    title = built.page(f"papers/{key}/").select_one("h1").get_text()  # as read (`--` is a dash)
    assert title.startswith("Paging ==marked== ++ctrl+c++ :smile: (c) ")
    article = built.page("lists/notes/").select_one("article")
    assert article.select("mark, kbd, img, .twemoji, .emojione") == []
    assert [a.get_text() for a in article.select(".ps-card .ps-title a")] == [title]
    assert title in article.select_one(".ps-references").get_text()
    assert "Ann (c) Author" in article.select_one(".ps-byline").get_text()
    assert article.select_one(".ps-cite a")["title"] == title


def test_a_heading_underline_is_no_content_tab():
    """`===` under a heading opens no tab: the indented block after it is still code."""
    markdown = 'Heading\n===\n\n    [@code2026x] in code\n\n=== "Tab"\n\n    [@tab2026y] in a tab\n'
    assert [citation.cites[0].key for citation in find_citations(markdown)] == ["tab2026y"]
