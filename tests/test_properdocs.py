"""The plugin under ProperDocs, the maintained fork of MkDocs 1.x, as well as under MkDocs;
and the citations extension alone there, over the pages `papershelf generate` wrote."""

from __future__ import annotations

import subprocess
import sys

import pytest
from bs4 import BeautifulSoup

from conftest import LABELLED_SNAPSHOT
from links import broken_links

pytestmark = pytest.mark.slow  # builds sites with both MkDocs and ProperDocs in subprocesses

pytest.importorskip("properdocs", reason="properdocs is not installed (the test extras install it)")


@pytest.mark.parametrize("tool", ["mkdocs", "properdocs"])
def test_site_builds_strict_with_both(site_builder, tool):
    site_builder.snapshot("labelled.txt", LABELLED_SNAPSHOT)
    (site_builder.root / "docs" / "notes.md").write_text("# Notes\n\nPaged [@moreau2026pagedkv].\n")
    site_builder.build()  # writes mkdocs.yml
    result = subprocess.run(
        [sys.executable, "-m", tool, "build", "--strict", "-f", "mkdocs.yml", "-d", "out"],
        cwd=site_builder.root,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr
    assert "WARNING" not in result.stderr
    assert "34 entries read, 34 papers after merging, 0 warnings" in result.stderr
    page = BeautifulSoup(
        (site_builder.root / "out" / "papers" / "moreau2026pagedkv" / "index.html").read_text(
            encoding="utf-8"
        ),
        "html.parser",
    )
    assert page.select_one("h1").get_text().startswith("PagedKV")
    assert page.select(".ps-related li") and page.select_one(".ps-bibtex code").get_text().startswith(
        "@misc{"
    )
    assert (site_builder.root / "out" / "topics" / "kv-cache.bib").exists()
    notes = BeautifulSoup((site_builder.root / "out/notes/index.html").read_text("utf-8"), "html.parser")
    assert notes.select_one(".ps-cite a")["href"] == "../papers/moreau2026pagedkv/"


EXTENSION_ONLY = """\
site_name: Notes
theme:
  name: material
markdown_extensions:
  - papershelf.markdown:
      snapshots: snapshots
      library: /library/
"""


def test_the_extension_alone_cites_the_generated_pages(tmp_path):
    (tmp_path / "snapshots").mkdir()
    (tmp_path / "snapshots" / "labelled.txt").write_text(LABELLED_SNAPSHOT, encoding="utf-8")
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.md").write_text("# Notes\n\nPaged [@moreau2026pagedkv].\n")
    (tmp_path / "mkdocs.yml").write_text(EXTENSION_ONLY, encoding="utf-8")
    for command in (
        ["papershelf.cli", "generate", "--out", "docs/library", "snapshots"],
        ["properdocs", "build", "--strict", "-f", "mkdocs.yml"],
    ):
        done = subprocess.run([sys.executable, "-m", *command], cwd=tmp_path, capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
        assert "WARNING" not in done.stderr and "papershelf:" not in done.stderr
    notes = BeautifulSoup((tmp_path / "site/index.html").read_text("utf-8"), "html.parser")
    assert notes.select_one(".ps-cite a")["href"] == "/library/papers/moreau2026pagedkv/"
    assert broken_links(tmp_path / "site") == []
