"""`[@key]` citations without the MkDocs plugin: the Python-Markdown extension
`papershelf.markdown`, converting a page in a script and inside a Zensical build."""

from __future__ import annotations

import logging
import textwrap
from pathlib import Path

import markdown
import pytest
from bs4 import BeautifulSoup

from conftest import SiteBuilder, entry, listing
from links import broken_links
from zensical_project import papershelf_generate, project, zensical_build

PAPERS = listing(
    entry("Paging the KV Cache", "Alice Moreau, Bin Zhao", "7 August 2026", "KV cache paging for serving."),
    entry("Evicting KV Cache Entries", "Carlos Ruiz", "6 August 2026", "We evict KV cache entries."),
    entry("Quantized KV Cache Serving", "Fatima Noor", "2 August 2026", "KV cache quantization."),
)
NOTES = """\
    # Notes

    Paging helps [@moreau2026paging]. Two at once [@ruiz2026evicting; @noor2026quantized, p. 4].
    Code is left alone: `[@moreau2026paging]`. A slip: [@moreau2026pagin].

    <!-- papershelf:references -->
    """


def _converted(snapshots: Path, text: str, **options: object) -> BeautifulSoup:
    config = {"snapshots": str(snapshots), **options}
    md = markdown.Markdown(
        extensions=["papershelf.markdown"], extension_configs={"papershelf.markdown": config}
    )
    return BeautifulSoup(md.convert(text), "html.parser")


def test_python_markdown_cites_as_the_plugin_does(
    site_builder: SiteBuilder, caplog: pytest.LogCaptureFixture
):
    site_builder.snapshot("feed.txt", PAPERS)
    (site_builder.root / "docs" / "notes.md").write_text(textwrap.dedent(NOTES), encoding="utf-8")
    plugin = site_builder.build().page("notes/")
    with caplog.at_level(logging.WARNING, logger="papershelf.markdown"):
        page = _converted(site_builder.root / "snapshots", textwrap.dedent(NOTES), library="/library/")
    cites = page.select(".ps-cite a")
    assert [(a.get_text(), a["href"], a["title"]) for a in cites] == [
        ("Moreau and Zhao, 2026", "/library/papers/moreau2026paging/", "Paging the KV Cache"),
        ("Ruiz, 2026", "/library/papers/ruiz2026evicting/", "Evicting KV Cache Entries"),
        ("Noor, 2026", "/library/papers/noor2026quantized/", "Quantized KV Cache Serving"),
    ]
    assert page.select_one(".ps-cite--missing").get_text() == "@moreau2026pagin"
    assert page.find("code", string="[@moreau2026paging]") is not None
    references = page.select(".ps-references li")
    assert [li["id"] for li in references] == [
        "ref-moreau2026paging",
        "ref-ruiz2026evicting",
        "ref-noor2026quantized",
    ]
    assert references[0].a["href"] == "/library/papers/moreau2026paging/"
    # the same words as the plugin's page, whose links go to the same papers from where it is
    assert [p.get_text() for p in page.select("p")] == [p.get_text() for p in plugin.select(".md-content p")]
    assert [li.get_text() for li in references] == [
        li.get_text() for li in plugin.select(".ps-references li")
    ]
    assert [r.getMessage() for r in caplog.records if r.name == "papershelf.markdown"] == [
        "papershelf: line 4: unknown citation key 'moreau2026pagin'; did you mean 'moreau2026paging'?"
    ]


def test_links_follow_the_url_style_and_a_page_without_citations_reads_nothing(tmp_path: Path):
    snapshots = tmp_path / "snapshots"
    snapshots.mkdir()
    (snapshots / "feed.txt").write_text(PAPERS, encoding="utf-8")
    page = _converted(snapshots, "[@ruiz2026evicting]", library="/site/lib", use_directory_urls=False)
    assert page.select_one(".ps-cite a")["href"] == "/site/lib/papers/ruiz2026evicting.html"
    assert (tmp_path / "citation-keys.tsv").exists()  # the keys `papershelf generate` issues too
    (tmp_path / "citation-keys.tsv").unlink()
    assert _converted(tmp_path / "elsewhere", "No citation here.").get_text() == "No citation here."
    assert not (tmp_path / "citation-keys.tsv").exists()


def test_the_references_are_in_the_language_given(tmp_path: Path):
    snapshots = tmp_path / "snapshots"
    snapshots.mkdir()
    (snapshots / "feed.txt").write_text(PAPERS, encoding="utf-8")
    text = "Zwei [@moreau2026paging].\n\n<!-- papershelf:references -->\n"
    page = _converted(snapshots, text, locale="de")
    assert page.select_one("h2").get_text() == "Literatur"
    assert page.select_one(".ps-cite a").get_text() == "Moreau und Zhao, 2026"


EXTENSION = """\
markdown_extensions:
  - papershelf.markdown:
      snapshots: snapshots
      library: /library/
"""
CITING = """\
# Home

Agents need an operating system [@kim2026operating].

<!-- papershelf:references -->
"""


@pytest.mark.slow  # a generator run and a Zensical build
def test_zensical_builds_citations_that_lead_to_the_paper_pages(tmp_path: Path):
    root = project(tmp_path)
    (root / "docs" / "index.md").write_text(CITING, encoding="utf-8")
    with (root / "mkdocs.yml").open("a", encoding="utf-8") as config:
        config.write(EXTENSION)
    out, err = papershelf_generate(root, "--out", "docs/library", "snapshots").communicate(timeout=300)
    assert "files written" in out, err
    assert "papershelf" not in zensical_build(root)  # no warning
    site = root / "site"
    home = BeautifulSoup((site / "index.html").read_text("utf-8"), "html.parser")
    cite = home.select_one(".ps-cite a")
    assert cite["href"] == "/library/papers/kim2026operating/"
    assert cite.get_text() == "Kim et al., 2026"
    assert [li["id"] for li in home.select(".ps-references li")] == ["ref-kim2026operating"]
    assert broken_links(site) == []
