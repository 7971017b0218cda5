"""The plugin under ProperDocs, the maintained fork of MkDocs 1.x, as well as under MkDocs."""

from __future__ import annotations

import subprocess
import sys

import pytest
from bs4 import BeautifulSoup

from conftest import LABELLED_SNAPSHOT

pytestmark = pytest.mark.slow  # builds sites with both MkDocs and ProperDocs in subprocesses

pytest.importorskip("properdocs", reason="properdocs is not installed (the test extras install it)")


@pytest.mark.parametrize("tool", ["mkdocs", "properdocs"])
def test_site_builds_strict_with_both(site_builder, tool):
    site_builder.snapshot("labelled.txt", LABELLED_SNAPSHOT)
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
