"""Generated data files are made when MkDocs writes them, not kept from `on_files` on, and
behave as MkDocs's own in-memory files for another plugin that reads or replaces them."""

from __future__ import annotations

import json

from conftest import LABELLED_SNAPSHOT

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
