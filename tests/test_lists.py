"""Reading lists and citations, built end-to-end in fixture sites."""

from __future__ import annotations

import textwrap

import pytest

from conftest import entry, listing

PAPERS = listing(
    entry("Paging the KV Cache", "Alice Moreau, Bin Zhao", "7 August 2026", "KV cache paging for serving."),
    entry("Evicting KV Cache Entries", "Carlos Ruiz", "6 August 2026", "We evict KV cache entries."),
    entry(
        "Routing in Mixture-of-Experts Models", "Alice Moreau", "5 July 2026", "Mixture-of-Experts routing."
    ),
    entry("Speculative Decoding Revisited", "Dana Levi", "4 June 2026", "Speculative decoding study."),
    entry("Speculative Decoding at Scale", "Erik Lund", "3 June 2026", "Speculative decoding again."),
    entry("Quantized KV Cache Serving", "Fatima Noor", "2 August 2026", "KV cache quantization."),
)
KEYS = {
    "paging": "moreau2026paging",
    "evicting": "ruiz2026evicting",
    "routing": "moreau2026routing",
    "revisited": "levi2026speculative",
    "scale": "lund2026speculative",
    "quantized": "noor2026quantized",
}


def _site(
    site_builder, pages: dict[str, str], options: str = "taxonomy:\n  Caching: [KV cache]\n", extra: str = ""
):
    site_builder.snapshot("feed.txt", PAPERS)
    for name, text in pages.items():
        path = site_builder.root / "docs" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text), encoding="utf-8")
    return site_builder.build(plugin_options=options, extra=extra)


READING = """\
    ---
    title: Serving reading
    ---

    # Serving reading

    - [x] @moreau2026paging: Read first. It **pages** the cache.
      A second line of the note.
    - [/] "Evicting KV Cache Entries"
    - [ ] "Routing in Mixture": a unique start of a title
    - [-] @levi2026speculative: skipped
    - [ ] topic:caching: the rest of the caching topic
    - [ ] author:"Erik Lund" date:2026-06
    - [ ] date:2026-08-02..2026-08-02

    - a plain list item stays as it is
    """


def test_reading_list_cards_progress_bib_and_index(site_builder):
    built = _site(site_builder, {"lists/serving.md": READING})
    assert built.warnings == []
    page = built.page("lists/serving/")
    cards = page.select(".ps-card")
    titles = [card.select_one(".ps-title").get_text() for card in cards]
    assert titles == [
        "Paging the KV Cache",
        "Evicting KV Cache Entries",
        "Routing in Mixture-of-Experts Models",
        "Speculative Decoding Revisited",
        "Quantized KV Cache Serving",  # topic:caching minus listed ones
        "Speculative Decoding at Scale",
        "Quantized KV Cache Serving",
    ]
    assert [c["class"][1] for c in cards[:4]] == [
        "ps-card--read",
        "ps-card--reading",
        "ps-card--to-read",
        "ps-card--skipped",
    ]
    assert cards[0].select_one("a")["href"] == "../../papers/moreau2026paging/"
    first = cards[0].find_parent("div")
    assert first.find("strong").get_text() == "pages" and "A second line of the note." in first.get_text()
    assert "1 of 6 read · 1 reading · 3 to read · 1 skipped" in page.select_one(".ps-progress").get_text()
    assert page.find("li", string="a plain list item stays as it is") is not None
    bib = built.text("lists/serving.bib")
    order = [KEYS[k] for k in ("paging", "evicting", "routing", "revisited", "quantized", "scale")]
    assert [line[len("@misc{") : -1] for line in bib.splitlines() if line.startswith("@misc{")] == order
    index = built.page("lists/")
    assert [li.a.get_text() for li in index.select(".ps-lists li")] == ["Serving reading"]
    paper = built.page("papers/moreau2026paging/")
    holding = paper.select_one(".ps-holding li")
    assert (
        holding.a["href"] == "../../lists/serving/" and holding.select_one(".ps-status").get_text() == "read"
    )


CITING = """\
    # Notes

    Paging helps [@moreau2026paging]. Two at once [@ruiz2026evicting; @noor2026quantized, p. 4].
    Code is left alone: `[@moreau2026routing]`.

    ```
    [@levi2026speculative]
    ```

        [@lund2026speculative] in an indented code block

    <!-- papershelf:references -->
    """


def test_citations_link_and_list_references(site_builder):
    built = _site(site_builder, {"notes.md": CITING})
    assert built.warnings == []
    page = built.page("notes/")
    cites = page.select(".ps-cite a")
    assert [(a.get_text(), a["href"]) for a in cites] == [
        ("Moreau and Zhao, 2026", "../papers/moreau2026paging/"),
        ("Ruiz, 2026", "../papers/ruiz2026evicting/"),
        ("Noor, 2026", "../papers/noor2026quantized/"),
    ]
    assert "Noor, 2026, p. 4)" in page.get_text()
    assert page.find("code", string="[@moreau2026routing]") is not None
    assert "[@levi2026speculative]" in page.select("pre code")[0].get_text()
    assert "[@lund2026speculative]" in page.select("pre code")[1].get_text()
    references = [li["id"] for li in page.select(".ps-references li")]
    assert references == ["ref-moreau2026paging", "ref-ruiz2026evicting", "ref-noor2026quantized"]
    cited = built.page("papers/noor2026quantized/")
    assert [(a.get_text(), a["href"]) for a in cited.select(".ps-citing a")] == [("Notes", "../../notes/")]
    assert built.page("papers/moreau2026routing/").select(".ps-citing") == []


CONTAINERS = """\
    # Containers

    !!! note
        In a note [@moreau2026paging].

            [@lund2026speculative] in an indented code block inside the note

    ??? tip "A tip"
        In a tip [@ruiz2026evicting].

    === "First tab"

        In a tab [@noor2026quantized].

    === "Second tab"

        ```
        [@levi2026speculative]
        ```
    """

CONTAINER_EXTENSIONS = """\
markdown_extensions:
  - admonition
  - pymdownx.details
  - pymdownx.superfences
  - pymdownx.tabbed:
      alternate_style: true
"""


def test_citations_in_admonitions_and_content_tabs_link(site_builder):
    built = _site(site_builder, {"notes.md": CONTAINERS}, extra=CONTAINER_EXTENSIONS)
    assert built.warnings == []
    page = built.page("notes/")
    assert [a["href"] for a in page.select(".admonition .ps-cite a, details .ps-cite a")] == [
        "../papers/moreau2026paging/",
        "../papers/ruiz2026evicting/",
    ]
    assert [a["href"] for a in page.select(".tabbed-block .ps-cite a")] == ["../papers/noor2026quantized/"]
    codes = " ".join(code.get_text() for code in page.select("pre code"))
    assert "[@lund2026speculative]" in codes and "[@levi2026speculative]" in codes


BROKEN = """\
    # Broken

    - [x] @nobody2026nothing
    - [ ] "Speculative Decoding"
    - [ ] "No Such Paper"
    - [ ] just words
    - [?] @moreau2026paging
    - [ ] topic:nonexistent
    - [ ] author:"Nobody Known"
    - [ ] date:2026-13
    - [ ] date:2025
    - [ ] @moreau2026paging

    Citing [@missing2026key] too.
    """


def test_every_problem_is_a_warning_with_file_and_line(site_builder):
    built = _site(site_builder, {"lists/broken.md": BROKEN})
    assert built.warnings == [
        "papershelf: lists/broken.md:3: unknown citation key 'nobody2026nothing'",
        "papershelf: lists/broken.md:4: title 'Speculative Decoding' matches 2 papers "
        "(levi2026speculative, lund2026speculative); use @key",
        "papershelf: lists/broken.md:5: no paper titled 'No Such Paper'",
        "papershelf: lists/broken.md:6: malformed entry 'just words': expected @key, \"title\" or "
        "topic:/author:/date: query",
        "papershelf: lists/broken.md:7: unknown status [?]; use [ ], [/], [x] or [-]",
        "papershelf: lists/broken.md:8: unknown topic 'nonexistent'",
        "papershelf: lists/broken.md:9: unknown author 'Nobody Known'",
        "papershelf: lists/broken.md:10: unreadable date range '2026-13'; use FROM..TO with YYYY, YYYY-MM or "
        "YYYY-MM-DD",
        "papershelf: lists/broken.md:11: query matches no paper",
        "papershelf: lists/broken.md:14: unknown citation key 'missing2026key'",
    ]
    page = built.page("lists/broken/")
    assert [
        c.select_one(".ps-title").get_text() for c in page.select(".ps-card:not(.ps-card--unresolved)")
    ] == ["Paging the KV Cache"]
    assert page.select_one(".ps-cite--missing").get_text() == "@missing2026key"


MISSPELT = """\
    # Misspelt

    - [ ] @moreau2026pagin
    - [ ] topic:cachng
    - [ ] author:"Alice Moreu"
    - [ ] author:"alise moreau"

    Citing [@levi2026speculativ] too.
    """


def test_a_misspelt_key_topic_or_author_is_offered_the_closest_names(site_builder):
    built = _site(site_builder, {"lists/misspelt.md": MISSPELT})
    assert built.warnings == [
        "papershelf: lists/misspelt.md:3: unknown citation key 'moreau2026pagin'; "
        "did you mean 'moreau2026paging' or 'moreau2026routing'?",
        "papershelf: lists/misspelt.md:4: unknown topic 'cachng'; did you mean 'caching'?",
        "papershelf: lists/misspelt.md:5: unknown author 'Alice Moreu'; did you mean 'Alice Moreau'?",
        "papershelf: lists/misspelt.md:6: unknown author 'alise moreau'; did you mean 'Alice Moreau'?",
        "papershelf: lists/misspelt.md:8: unknown citation key 'levi2026speculativ'; "
        "did you mean 'levi2026speculative' or 'lund2026speculative'?",
    ]


@pytest.mark.slow
def test_front_matter_shifts_reported_lines(site_builder):
    built = _site(
        site_builder, {"lists/shifted.md": "---\ntitle: Shifted\nauthor: me\n---\n\n- [ ] @nope2026x\n"}
    )
    assert built.warnings == ["papershelf: lists/shifted.md:6: unknown citation key 'nope2026x'"]


@pytest.mark.slow
@pytest.mark.parametrize("user_index", [False, True])
def test_lists_index_generated_unless_the_user_has_one(site_builder, user_index):
    pages = {"lists/serving.md": READING}
    if user_index:
        pages["lists/index.md"] = "# My own lists page\n"
    built = _site(site_builder, pages)
    heading = built.page("lists/").select_one("h1").get_text()
    assert heading.startswith("My own lists page" if user_index else "Reading lists")


def test_references_marker_inside_code_is_left_alone(site_builder):
    page = "# Doc\n\nSee [@moreau2026paging].\n\n```markdown\n<!-- papershelf:references -->\n```\n"
    built = _site(site_builder, {"doc.md": page})
    html = built.page("doc/")
    assert html.select(".ps-references") == []
    assert "<!-- papershelf:references -->" in html.select_one("pre code").get_text()
