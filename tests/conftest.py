"""Shared test helpers: fixture snapshots and tiny MkDocs sites built end-to-end in tmp_path."""

from __future__ import annotations

import atexit
import gc
import logging
import os
import shutil
import tempfile
import textwrap
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from hypothesis import settings
from mkdocs.commands.build import build
from mkdocs.config import load_config

# Cache files are signed with a key kept outside every project (`papershelf.analysis.cache._secret`,
# under `$XDG_CACHE_HOME`): the suite and the builds it starts use a key of their own, never
# the user's. The folder goes when the run ends, so that runs leave nothing behind.
os.environ["XDG_CACHE_HOME"] = tempfile.mkdtemp(prefix="papershelf-tests-")
atexit.register(shutil.rmtree, os.environ["XDG_CACHE_HOME"], ignore_errors=True)

REPO = Path(__file__).resolve().parent.parent
SEED = REPO / "snapshots"
FIXTURES = Path(__file__).resolve().parent / "fixtures"
REAL_LISTINGS = Path(os.environ.get("PAPERSHELF_REAL_LISTINGS", REPO.parent / "shared" / "real-listings"))
"""Real files from other projects, beside the repository on the team's machines (or where
`PAPERSHELF_REAL_LISTINGS` says): read from there, never copied here (see its README)."""
LABELLED_SNAPSHOT = (FIXTURES / "labelled" / "listing.txt").read_text(encoding="utf-8")

# The test command gives the same verdict on every clone and every machine: the same
# examples on every run (derandomized), none replayed from a failure an earlier run saved in
# `.hypothesis/` (no example database), and no example failed for being slow on a loaded
# machine (no deadline). `--hypothesis-profile=explore` draws new examples on each run and
# keeps the failing ones in `.hypothesis/`, to hunt for bugs rather than to check.
settings.register_profile("repeatable", derandomize=True, database=None, deadline=None)
settings.register_profile("explore", deadline=None)
settings.load_profile("repeatable")


TAKING_HOOK = """\
from mkdocs.plugins import event_priority


@event_priority(-200)  # after papershelf has added its pages
def on_files(files, config):
    files.remove(files.src_uris["papers/patel2026hashing.md"])
    return files
"""
"""A hook that takes the page of a paper of `LABELLED_SNAPSHOT` out of the build, after
papershelf added it: as another plugin may."""


def cpu_seconds(call: Callable[[], object], repeat: int = 3) -> float:
    """The least CPU time `call` takes in this thread over `repeat` runs. Unlike the wall
    clock, this does not grow when other processes load the machine, and the least of a few
    runs leaves out a run the cache or the scheduler slowed; a collection of the whole
    session's heap is no cost of the call, so the collector is off meanwhile."""
    times = []
    gc.disable()
    try:
        for _ in range(repeat):
            start = time.thread_time()
            call()
            times.append(time.thread_time() - start)
    finally:
        gc.enable()
    return min(times)


def first_fast(values: Iterable[object]) -> list[object]:
    """Parameters for `pytest.mark.parametrize` of which the first is tried in the fast tier
    (`pytest -m "not slow"`) and the others, which try the same code again, only in the whole
    suite."""
    first, *rest = values
    return [first, *(pytest.param(value, marks=pytest.mark.slow) for value in rest)]


def listing(*entries: str, topic: str = "Test Topic", heading: str = "Latest papers") -> str:
    """A text listing in the seed format from entry blocks made with `entry()`."""
    return f"{topic}\n\n{heading}\n\n" + "\n".join(entries)


def entry(
    title: str, authors: str, date: str = "7 August 2026", abstract: str = "An abstract long enough to read."
) -> str:
    return f"• {title}\n\n  {authors} · {date}\n\n  {abstract}\n"


@dataclass
class BuiltSite:
    root: Path
    site: Path
    warnings: list[str]

    def page(self, url: str) -> BeautifulSoup:
        path = self.site / url
        if url.endswith("/") or not url:
            path = path / "index.html"
        return BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")

    def text(self, path: str) -> str:
        return (self.site / path).read_text(encoding="utf-8")


class _Records(logging.Handler):
    """Collects log records of a build (usable outside a test function, unlike caplog)."""

    def __init__(self) -> None:
        super().__init__(logging.INFO)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


class SiteBuilder:
    """Writes a site (mkdocs.yml, docs/, snapshots/) into a folder and builds it in-process."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.records: list[logging.LogRecord] = []
        (root / "docs").mkdir(parents=True, exist_ok=True)
        (root / "snapshots").mkdir(exist_ok=True)
        (root / "docs" / "index.md").write_text("# Fixture site\n", encoding="utf-8")

    def snapshot(self, name: str, content: str | bytes) -> Path:
        path = self.root / "snapshots" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
        return path

    def build(
        self,
        plugin_options: str = "",
        extra: str = "",
        search_first: bool = True,
        first: str = "",
        theme: str = "",
    ) -> BuiltSite:
        """Builds the site with `extra` plugins after papershelf's and `first` before it, and
        `theme` settings (indented under `theme:`) after the fixture's own."""
        plugin = "  - papershelf:\n      snapshots: snapshots\n" + textwrap.indent(plugin_options, " " * 6)
        plugins = first + (f"  - search\n{plugin}" if search_first else f"{plugin}  - search\n")
        config_text = (
            textwrap.dedent(
                """\
            site_name: Fixture
            theme:
              name: material
              font: false
              features: [content.code.copy]
            """
            )
            + textwrap.indent(theme, "  ")
            + "plugins:\n"
            + plugins
            + extra
        )
        (self.root / "mkdocs.yml").write_text(config_text, encoding="utf-8")
        config = load_config(str(self.root / "mkdocs.yml"), site_dir=str(self.root / "site"))
        handler = _Records()
        logger = logging.getLogger("mkdocs")
        logger.addHandler(handler)
        level = logger.level
        logger.setLevel(logging.INFO)
        try:
            config.plugins.on_startup(command="build", dirty=False)
            build(config)
            config.plugins.on_shutdown()
        finally:
            logger.removeHandler(handler)
            logger.setLevel(level)
        self.records = handler.records
        warnings = [r.getMessage() for r in handler.records if r.levelno >= logging.WARNING]
        return BuiltSite(self.root, self.root / "site", warnings)


@pytest.fixture(autouse=True)
def _away_from_the_example_site(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every test runs in an empty folder of its own: the command line works on the site
    whose `mkdocs.yml` is in the current folder, and a test run from the repository must
    never read, or write new keys into, the example site's `citation-keys.tsv`."""
    monkeypatch.chdir(tmp_path_factory.mktemp("cwd"))


@pytest.fixture
def site_builder(tmp_path: Path) -> SiteBuilder:
    return SiteBuilder(tmp_path / "project")


def real_listing(relative: str) -> Path:
    """A file of the shared real listings; the calling test skips where it is absent."""
    path = REAL_LISTINGS / relative
    if not path.exists():
        pytest.skip(f"{relative} is not here (the shared real listings are absent)")
    return path
