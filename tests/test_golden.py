"""Golden files: the `<article>` of one page of each kind, built from a small fixed site.

The site (`tests/fixtures/golden/`: snapshots with fixed dates, a reading list that cites)
is built as a user would build it, and each page's article is compared, byte for byte, with
its file in `tests/golden/`. Nothing is normalised: the build is deterministic. A change to
how pages look or what they say shows here as a diff; when the change is meant, write the
files again and review them like code:

    PAPERSHELF_UPDATE_GOLDEN=1 pytest tests/test_golden.py
"""

from __future__ import annotations

import difflib
import os
import shutil
from pathlib import Path

import pytest
from conftest import FIXTURES, BuiltSite, SiteBuilder

GOLDEN = Path(__file__).resolve().parent / "golden"
UPDATE = os.environ.get("PAPERSHELF_UPDATE_GOLDEN") == "1"

PAGES = {
    "paper": "papers/lee2026sparse/",
    "paper-cut-authors": "papers/li2026mixture/",
    "papers-index": "papers/",
    "papers-index-page": "papers/page/2/",
    "topic": "topics/machine-learning/",
    "topics-index": "topics/",
    "author": "authors/ann-lee/",
    "authors-index": "authors/",
    "letter": "authors/letters/l/",
    "letter-other": "authors/letters/other/",
    "month": "timeline/2026-08/",
    "timeline": "timeline/",
    "reading-lists": "lists/",
    "reading-list-with-citations": "lists/reading/",
}
"""Each golden file's name and the page it holds."""

_OPEN = '<article class="md-content__inner md-typeset">'
_CLOSE = "</article>"


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> BuiltSite:
    builder = SiteBuilder(tmp_path_factory.mktemp("golden") / "project")
    shutil.copytree(FIXTURES / "golden", builder.root, dirs_exist_ok=True)
    site = builder.build(plugin_options="per_page: 2\n")
    assert [warning.split(": ", 1)[1] for warning in site.warnings] == [
        "lists/reading.md:7: unknown citation key 'nowhere2026'",
        "lists/reading.md:11: unknown citation key 'missing2026cite'",
    ]  # the unknown keys are on purpose: pages show them too
    return site


def article(built: BuiltSite, url: str) -> str:
    """The page's `<article>` as MkDocs wrote it (no parser between: every byte counts)."""
    page = built.text(url + "index.html")
    start = page.index(_OPEN)
    return page[start : page.index(_CLOSE, start) + len(_CLOSE)] + "\n"


@pytest.mark.parametrize("name", PAGES)
def test_page_matches_its_golden_file(built: BuiltSite, name: str) -> None:
    golden = GOLDEN / f"{name}.html"
    actual = article(built, PAGES[name])
    if UPDATE:
        golden.parent.mkdir(exist_ok=True)
        golden.write_text(actual, encoding="utf-8")
        return
    expected = golden.read_text(encoding="utf-8") if golden.exists() else ""
    if actual != expected:
        diff = difflib.unified_diff(
            expected.splitlines(keepends=True),
            actual.splitlines(keepends=True),
            f"tests/golden/{name}.html",
            f"built {PAGES[name]}",
        )
        pytest.fail(
            f"{PAGES[name]} differs from tests/golden/{name}.html; if the change is meant, "
            "run PAPERSHELF_UPDATE_GOLDEN=1 pytest tests/test_golden.py and review the diff:\n"
            + "".join(diff),
            pytrace=False,
        )


def test_every_golden_file_is_a_page_of_the_test() -> None:
    """A golden file whose page left the test would be checked by nothing."""
    assert sorted(path.stem for path in GOLDEN.glob("*.html")) == sorted(PAGES)
