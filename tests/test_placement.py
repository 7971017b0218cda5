"""Generated data files are made when MkDocs writes them, not kept from `on_files` on, and
behave as MkDocs's own in-memory files for another plugin that reads or replaces them."""

from __future__ import annotations

import json

from conftest import LABELLED_SNAPSHOT, TAKING_HOOK, entry, listing

HOOK = """\
import json
from pathlib import Path

from mkdocs.plugins import event_priority

seen = {}


@event_priority(-200)  # after papershelf has added its files
def on_files(files, config):
    library = files.get_file_from_path("library.bib")
    seen["kind"] = type(library).__name__
    seen["first line"] = library.content_string.split("\\n", 1)[0]
    seen["bytes"] = library.content_bytes[:6].decode("ascii")
    files.get_file_from_path("library.json").content_string = "[]"
    files.get_file_from_path("library-biblatex.bib").content_bytes = b"\\xff binary"
    return files


def on_post_build(config):
    Path(config.site_dir, "seen.json").write_text(json.dumps(seen), encoding="utf-8")
"""


def test_data_files_are_made_when_written_and_take_another_plugins_content(site_builder):
    site_builder.snapshot("listing.txt", LABELLED_SNAPSHOT)
    (site_builder.root / "hook.py").write_text(HOOK, encoding="utf-8")
    site = site_builder.build(extra="hooks:\n  - hook.py\n")
    assert site.warnings == []
    seen = json.loads((site.site / "seen.json").read_text(encoding="utf-8"))
    assert seen["kind"] == "MadeFile"
    assert seen["first line"].startswith("@misc{") and seen["bytes"] == "@misc{"
    assert (site.site / "library.bib").read_text(encoding="utf-8").split("\n", 1)[0] == seen["first line"]
    assert (site.site / "library.json").read_bytes() == b"[]"
    assert (site.site / "library-biblatex.bib").read_bytes() == b"\xff binary"


PAGE_HOOK = """\
import json
from pathlib import Path

from mkdocs.plugins import event_priority

ABSTRACT, ENTRY = "A pointed abstract", "@misc&#123;"
seen = {}
pages = []


def _paper(page):
    uri = page.file.src_uri
    return uri.startswith("papers/") and uri.count("/") == 1 and not uri.endswith("index.md")


def _holds(page):
    return [part for part in (ABSTRACT, ENTRY) if part in (page.content or "")]


@event_priority(-200)  # after papershelf's
def on_page_content(html, page, config, files):
    if _paper(page):
        pages.append(page)
        seen["content"] = _holds(page) + [part for part in (ABSTRACT, ENTRY) if part in html]
        seen["headings"] = [item.title for top in page.toc.items for item in [top, *top.children]]


@event_priority(-200)  # after papershelf has put the whole page in
def on_page_context(context, page, config, nav):
    if _paper(page):
        seen["context"] = _holds(page)


@event_priority(-200)
def on_post_page(output, page, config):
    if _paper(page):
        seen["post_page"] = [part for part in (ABSTRACT, ENTRY) if part in output]


def on_post_build(config):
    seen["kept"] = sorted({part for page in pages for part in _holds(page)})
    Path(config.site_dir, "seen.json").write_text(json.dumps(seen), encoding="utf-8")
"""


def test_a_paper_page_holds_its_html_only_while_it_is_rendered(site_builder):
    """MkDocs keeps every page's HTML to the end of the build; a generated page's blocks are
    made when it is rendered and let go once it is written."""
    abstract = "A pointed abstract about schedulers that readers search for."
    site_builder.snapshot(
        "listing.txt", listing(entry("Schedulers Revisited", "Ada Lovelace", abstract=abstract))
    )
    (site_builder.root / "hook.py").write_text(PAGE_HOOK, encoding="utf-8")
    site = site_builder.build(extra="hooks:\n  - hook.py\n")
    assert site.warnings == []
    seen = json.loads((site.site / "seen.json").read_text(encoding="utf-8"))
    assert seen["content"] == [] and "BibTeX" in seen["headings"], seen  # Markdown's skeleton, its outline
    assert seen["context"] == seen["post_page"] == ["A pointed abstract", "@misc&#123;"]
    assert seen["kept"] == []
    [page] = [path for path in (site.site / "papers").glob("*/index.html")]
    assert abstract in page.read_text(encoding="utf-8")


def test_a_generated_page_another_plugin_takes_out_is_not_built(site_builder):
    site_builder.snapshot("listing.txt", LABELLED_SNAPSHOT)
    (site_builder.root / "hook.py").write_text(TAKING_HOOK, encoding="utf-8")
    site = site_builder.build(extra="hooks:\n  - hook.py\n")
    papers = site.site / "papers"
    assert (papers / "index.html").is_file() and (papers / "patel2026hashing.bib").is_file()
    assert not (papers / "patel2026hashing").exists()
    assert len([path for path in papers.iterdir() if path.is_dir()]) > 3
    unbuilt = "papers/patel2026hashing.md"
    assert site.warnings == [f"papershelf: generated pages link to {unbuilt}, which is no file of the site"]
