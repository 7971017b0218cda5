"""Every speed mechanism has a switch of its own (`speed` in `papershelf.site.config`), and
a site built with all of them off is, file for file, the site built with all of them on:
the example site and a benchmark library large enough for the export helper."""

from __future__ import annotations

import gzip
import json
import shutil
import sys
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from mkdocs.commands.build import build
from mkdocs.config import load_config
from mkdocs.config.base import BaseConfigOption
from mkdocs.structure.pages import Page

import papershelf.analysis.helper
import papershelf.site.generated_pages
import papershelf.site.plugin
import papershelf.site.showing
from papershelf.site.config import SpeedConfig

REPO = Path(__file__).resolve().parent.parent
SWITCHES = [name for name, value in vars(SpeedConfig).items() if isinstance(value, BaseConfigOption)]
PLUGIN_LINE = "  - papershelf:\n      snapshots: snapshots\n"
"""How the example site's and the benchmark's `mkdocs.yml` name the plugin."""
BENCHMARK_PAPERS = 520
"""Papers of the benchmark library: the first analysis of 500 or more (a few of these are
skipped as unreadable, as in a real folder) drafts its export entries in a helper process
(`papershelf.analysis.analyse`), so the helper's path runs too."""


def _example_site(root: Path) -> None:
    root.mkdir()
    for name in ("mkdocs.yml", "citation-keys.tsv"):
        shutil.copy(REPO / name, root / name)
    for folder in ("docs", "snapshots"):
        shutil.copytree(REPO / folder, root / folder)


def _benchmark_library(root: Path) -> None:
    sys.path.insert(0, str(REPO / "benchmarks"))
    try:
        from generate import make_papers, write_papershelf_project
    finally:
        sys.path.remove(str(REPO / "benchmarks"))
    write_papershelf_project(make_papers(BENCHMARK_PAPERS, seed=7), root, seed=7)


def _switched(root: Path, on: bool) -> None:
    """The site's `mkdocs.yml` with every switch on or off (each named, so that a switch
    added later without a test here fails `test_every_switch_is_documented`)."""
    config = root / "mkdocs.yml"
    text = config.read_text(encoding="utf-8")
    assert text.count(PLUGIN_LINE) == 1
    switches = "".join(f"        {name}: {str(on).lower()}\n" for name in SWITCHES)
    options = "      cache: false\n      speed:\n"  # no cache: each build analyses, as a first one does
    config.write_text(text.replace(PLUGIN_LINE, PLUGIN_LINE + options + switches))


class _Seen:
    """What the mechanisms did during a build, seen from outside them."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.counts: Counter[str] = Counter()
        self.skeletons_left = 0
        monkeypatch.setattr(papershelf.analysis.helper, "_usable_cores", lambda: 2)  # as on two cores
        self._spy(monkeypatch, Page, "render", "converted")
        self._spy(monkeypatch, papershelf.analysis.helper.subprocess, "Popen", "helper")
        self._spy(monkeypatch, papershelf.site.generated_pages, "FilesAhead", "ahead")
        self._spy(monkeypatch, papershelf.site.plugin, "kept_to_the_end", "kept")
        written = papershelf.site.showing.Showing.written

        def after_written(showing: papershelf.site.showing.Showing, page: Page) -> None:
            written(showing, page)
            self.skeletons_left += "<!-- papershelf:" in (page.content or "")

        monkeypatch.setattr(papershelf.site.showing.Showing, "written", after_written)

    def _spy(self, monkeypatch: pytest.MonkeyPatch, owner: object, name: str, count: str) -> None:
        real: Callable[..., Any] = getattr(owner, name)

        def counting(*args: Any, **kwargs: Any) -> Any:
            self.counts[count] += 1
            return real(*args, **kwargs)

        monkeypatch.setattr(owner, name, counting)


@contextmanager
def _seen(monkeypatch: pytest.MonkeyPatch) -> Iterator[_Seen]:
    with monkeypatch.context() as patch:
        yield _Seen(patch)


def _build(root: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[dict[str, bytes], _Seen]:
    config = load_config(str(root / "mkdocs.yml"), site_dir=str(root / "site"))
    with _seen(monkeypatch) as seen:
        config.plugins.on_startup(command="build", dirty=False)
        build(config)
        config.plugins.on_shutdown()
    frames = config.plugins["papershelf"].generated.frames  # MkDocs keeps one plugin
    seen.counts.update(frames.counts)
    site = root / "site"
    paths = [path for path in site.rglob("*") if path.is_file()]
    return {path.relative_to(site).as_posix(): path.read_bytes() for path in paths}, seen


def _comparable(files: dict[str, bytes]) -> dict[str, bytes]:
    """The site's files as they can be compared: `sitemap.xml.gz` by its content, since
    gzip stamps the time it was written; the search index apart (`_same_search`)."""
    compared = dict(files)
    compared["sitemap.xml.gz"] = gzip.decompress(compared["sitemap.xml.gz"])
    del compared["search/search_index.json"]
    return compared


def _same_search(on: bytes, off: bytes) -> None:
    """With `search_views` off the search plugin reads the HTML of a page that has a text
    view (a paper's, an author's, a topic's first) instead of that view, so it makes other
    entries for those pages (that is the switch's whole point); every other page's entries
    are the same, and every such page is found."""

    def pages(index: bytes) -> tuple[list[dict[str, str]], set[str]]:
        docs = json.loads(index)["docs"]
        viewed = {doc["location"].split("#")[0] for doc in docs if _has_view(doc["location"])}
        return [doc for doc in docs if not _has_view(doc["location"])], viewed

    (on_rest, on_viewed), (off_rest, off_viewed) = pages(on), pages(off)
    assert on_rest == off_rest
    assert on_viewed == off_viewed and on_viewed


def _has_view(location: str) -> bool:
    parts = location.split("#")[0].strip("/").split("/")
    viewed = parts[0] in ("papers", "authors", "topics") and parts[-1] not in ("page", "letters")
    return len(parts) == 2 and viewed


@pytest.mark.slow
@pytest.mark.parametrize("make", [_example_site, _benchmark_library], ids=["example", "benchmark"])
def test_all_switches_off_build_the_same_site(tmp_path, monkeypatch, make):
    sites = {}
    for on in (True, False):
        root = tmp_path / ("on" if on else "off")
        make(root)
        _switched(root, on)
        sites[on] = _build(root, monkeypatch)
    (on_files, on_seen), (off_files, off_seen) = sites[True], sites[False]
    assert _comparable(on_files) == _comparable(off_files)
    _same_search(on_files["search/search_index.json"], off_files["search/search_index.json"])

    # Each mechanism ran with its switch on, and none with it off.
    pages = sum(1 for name in on_files if name.startswith("papers/") and name.endswith("index.html"))
    assert on_seen.counts["filled"] > 0 and off_seen.counts["filled"] == 0
    assert on_seen.counts["converted"] < pages / 2 < pages <= off_seen.counts["converted"]
    assert on_seen.skeletons_left > 0 and off_seen.skeletons_left == 0
    assert on_seen.counts["ahead"] == 1 and off_seen.counts["ahead"] == 0
    assert on_seen.counts["kept"] == 1 and off_seen.counts["kept"] == 0
    if make is _benchmark_library:
        assert on_seen.counts["helper"] == 1 and off_seen.counts["helper"] == 0
    assert len(json.loads(on_files["search/search_index.json"])["docs"]) < len(
        json.loads(off_files["search/search_index.json"])["docs"]
    )


def test_the_older_options_are_shorthands_for_switches(site_builder):
    site_builder.build("render_once: false\nparallel: false\n")
    config = load_config(str(site_builder.root / "mkdocs.yml"))
    speed = config.plugins["papershelf"].config.speed
    off = {"render_once", "files_ahead", "export_helper"}
    assert {name: speed[name] for name in SWITCHES} == {name: name not in off for name in SWITCHES}


def test_every_switch_is_documented():
    guide = (REPO / "docs" / "guide" / "configuration.md").read_text(encoding="utf-8")
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    assert len(SWITCHES) == 8
    for name in SWITCHES:
        assert f"`{name}`" in guide and f"`speed.{name}`" in readme, name
