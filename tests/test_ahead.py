"""The generated pages' folders and files are made ahead of MkDocs by a thread that never
writes content, never truncates, and leaves nothing behind that no one filled."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import LABELLED_SNAPSHOT, TAKING_HOOK, SiteBuilder
from test_cache import _files

from papershelf.site.ahead import FilesAhead


def _tree(root: Path) -> dict[str, bytes | None]:
    """Every folder (None) and file (its bytes) under `root`."""
    return {
        path.relative_to(root).as_posix(): None if path.is_dir() else path.read_bytes()
        for path in root.rglob("*")
    }


def test_folders_and_files_are_made_and_those_left_empty_removed(tmp_path):
    site = tmp_path / "site"
    (site / "papers").mkdir(parents=True)
    written = site / "papers" / "written" / "index.html"
    written.parent.mkdir()
    written.write_bytes(b"<html>written before</html>")
    paths = [site / "papers" / name / "index.html" for name in ("a", "written", "b")]
    paths.append(site / "topics" / "deep" / "t" / "index.html")
    ahead = FilesAhead([str(path) for path in paths])
    ahead._thread.join()
    assert all(path.is_file() for path in paths)
    assert written.read_bytes() == b"<html>written before</html>", "a written file was truncated"
    paths[0].write_bytes(b"<html>a</html>")  # MkDocs fills `a`; `b` and the topic stay empty
    ahead.finish()
    assert _tree(site) == {
        "papers": None,
        "papers/a": None,
        "papers/a/index.html": b"<html>a</html>",
        "papers/written": None,
        "papers/written/index.html": b"<html>written before</html>",
    }


def test_a_file_that_cannot_be_made_leaves_the_rest_to_mkdocs(tmp_path):
    blocker = tmp_path / "papers"
    blocker.write_text("a file where a folder should be", encoding="utf-8")
    later = tmp_path / "topics" / "t" / "index.html"
    ahead = FilesAhead([str(blocker / "a" / "index.html"), str(later)])
    ahead.finish()
    assert blocker.read_text(encoding="utf-8") == "a file where a folder should be"
    assert not later.exists() and not later.parent.exists()


def test_finish_leaves_no_unfilled_file_however_far_the_thread_got(tmp_path):
    paths = [str(tmp_path / "papers" / f"p{number}" / "index.html") for number in range(2000)]
    ahead = FilesAhead(paths)
    ahead.finish()
    assert not ahead._thread.is_alive()
    assert list(tmp_path.rglob("*.html")) == [], "files made ahead and never filled were left"


def test_a_page_taken_out_by_another_plugin_leaves_no_file(site_builder):
    site_builder.snapshot("listing.txt", LABELLED_SNAPSHOT)
    (site_builder.root / "hook.py").write_text(TAKING_HOOK, encoding="utf-8")
    site = site_builder.build(extra="hooks:\n  - hook.py\n")
    assert not (site.site / "papers" / "patel2026hashing").exists(), "its folder was made and left"
    assert (site.site / "papers" / "index.html").stat().st_size > 0
    assert not [path for path in site.site.rglob("*") if path.is_file() and path.stat().st_size == 0]


@pytest.mark.slow
def test_the_site_is_the_same_with_and_without_files_made_ahead(tmp_path):
    sites = {}
    for parallel in ("true", "false"):
        builder = SiteBuilder(tmp_path / parallel)
        builder.snapshot("listing.txt", LABELLED_SNAPSHOT)
        built = builder.build(f"parallel: {parallel}\n")
        assert built.warnings == []
        folders = sorted(path.relative_to(built.site) for path in built.site.rglob("*") if path.is_dir())
        sites[parallel] = (folders, _files(built.site))
    assert sites["true"] == sites["false"]
    assert len(sites["true"][1]) > 20
