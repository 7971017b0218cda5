"""Citations as people mistype them: a malformed one is a warning at its line and stays text;
what is not meant as a citation (an email, code, a link's text) is left alone."""

from __future__ import annotations

import pytest

from conftest import SiteBuilder, entry, listing
from papershelf.citations import find_citations, malformed_citations

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
