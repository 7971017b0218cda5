"""What the search index reads of a paper page: one entry per paper with its title, names
(also without accents), key, topics and abstract, while the page itself is unchanged."""

from __future__ import annotations

import json
from pathlib import Path

import papershelf.pages.generated
import papershelf.pages.paper
from conftest import SiteBuilder, entry, listing


def _site(root: Path) -> SiteBuilder:
    builder = SiteBuilder(root)
    builder.snapshot(
        "a.txt",
        listing(
            entry(
                "Sparse $O(L^2)$ Attention for LLMs",
                "Iker Garc\\'ia-Ferrero (Uni A, Lab B), Şengül Doğan",
                "5 August 2026",
                "We study sparse attention with $x^2$ tokens.",
            ),
            entry("Operating Clusters", "Seon Ho Kim", "4 August 2026", "We report operations."),
        ),
    )
    return builder


def _pages(site: Path) -> dict[str, bytes]:
    return {
        path.relative_to(site).as_posix(): path.read_bytes()
        for path in sorted(site.rglob("*.html"))
        if "search" not in path.relative_to(site).parts
    }


def test_one_search_entry_per_paper_and_the_same_pages(tmp_path, monkeypatch):
    viewed = _site(tmp_path / "viewed").build()
    assert viewed.warnings == []
    docs = json.loads(viewed.text("search/search_index.json"))["docs"]
    paper = [doc for doc in docs if doc["location"].startswith("papers/garciaferrero2026sparse/")]
    assert len(paper) == 1  # not one for the abstract, related papers, BibTeX and sightings too
    text = paper[0]["text"]
    assert "Garcia-Ferrero" in text and "Sengul Dogan" in text and "Uni A, Lab B" in text
    assert "We study sparse attention" in text
    assert "</p> <p>" in text or "</p>\n<p>" in text  # the names and the topics are not glued together
    # the title once (the result's title, never again as its text), with the key a search finds it by
    assert paper[0]["title"] == "Sparse $O(L^2)$ Attention for LLMs · garciaferrero2026sparse"
    assert "Sparse" not in text
    assert "<math" not in text and "mi>" not in text

    assembled = papershelf.pages.generated.assembled
    monkeypatch.setattr(
        papershelf.pages.paper, "assembled", lambda *a, search_view=None, **k: assembled(*a, **k)
    )
    plain = _site(tmp_path / "plain").build()
    assert _pages(viewed.site) == _pages(plain.site)
    plain_docs = json.loads(plain.text("search/search_index.json"))["docs"]
    assert len([d for d in plain_docs if d["location"].startswith("papers/garciaferrero2026sparse/")]) > 1


def test_names_with_letters_that_have_no_accent_to_drop_are_found_typed_plainly(tmp_path):
    """`Ł`, `Ø` and `ß` decompose to nothing: `Lukasz` must still find Łukasz."""
    builder = SiteBuilder(tmp_path / "project")
    builder.snapshot("a.txt", listing(entry("Paging Clusters", "Łukasz Øster-Straße, Ann Lee")))
    built = builder.build()
    docs = json.loads(built.text("search/search_index.json"))["docs"]
    text = next(doc["text"] for doc in docs if doc["location"].startswith("papers/"))
    assert "Łukasz Øster-Straße (Lukasz Oster-Strasse)" in text


def test_author_and_topic_pages_are_found_by_name_without_their_paper_lists(tmp_path):
    builder = SiteBuilder(tmp_path / "project")
    builder.snapshot(
        "a.txt",
        listing(
            entry("Paging the KV Cache", "Şengül Doğan (Uni A), Ann Lee", "7 August 2026", "KV cache."),
            entry("Evicting KV Cache Entries", "Şengül Doğan", "6 August 2026", "We evict KV cache entries."),
            entry("Routing Experts", "Ann Lee", "5 August 2026", "Routing."),
        ),
    )
    built = builder.build("taxonomy:\n  Caching: [KV cache]\nper_page: 1\n")
    assert built.warnings == []
    docs = {doc["location"]: doc for doc in json.loads(built.text("search/search_index.json"))["docs"]}
    assert docs["authors/sengul-dogan/"] == {
        "location": "authors/sengul-dogan/",
        "title": "Şengül Doğan",
        "text": "<p>Sengul Dogan</p> <p>Uni A</p> <p>2 papers</p>",
    }
    assert docs["topics/caching/"]["title"] == "Caching"
    assert docs["topics/caching/"]["text"] == "<p>KV cache</p> <p>2 papers</p>"
    # one entry a page, none for a list's later pages or the indexes, which repeat titles
    assert not [
        location
        for location in docs
        if location.startswith(("topics/caching/page/", "authors/letters/", "timeline/"))
        or location in ("papers/", "topics/", "authors/")
    ]
    assert all("Paging the KV Cache" not in doc["text"] for doc in docs.values())
