"""One library session: a site's snapshots, key file, cache and analysis, as the MkDocs
plugin and every `papershelf` command use them.

The plugin makes its `Settings` from `mkdocs.yml` (`papershelf.site.config`), and so does the
command line when it finds a site (`papershelf --config`): both then read the same snapshot
folder through the same cache, issue keys from the same key file and plan the pages from the
same analysis with the same options, so that `papershelf export` writes the site's
`library.bib` byte for byte and `papershelf generate` the site's pages. Without a site, the
command line uses the plugin's defaults.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from papershelf.analysis.analyse import author_page_threshold
from papershelf.analysis.cache import AnalysisCache, ListingCache
from papershelf.snapshots.folder import SnapshotFolder
from papershelf.analysis.helper import Helper
from papershelf.library.keyfile import keyed_library
from papershelf.library.merge import MergeResult
from papershelf.model import Library, Listing, Problem
from papershelf.pages import SiteOptions, SitePlan
from papershelf.text.rules import counted

__all__ = ["Session", "Settings"]


def _quiet(message: str) -> None:
    """Where a session says what it did, unless its user listens (the plugin's log)."""


@dataclass(frozen=True)
class Settings:
    """Where a site's library lives and what its pages depend on; paths are absolute."""

    snapshots: Path
    keys_file: Path
    project: Path
    """The site's folder (where `mkdocs.yml` is): snapshot links may lead anywhere in it."""
    cache_dir: Path | None = None
    """Where readings and the analysis are kept between runs; None keeps them in memory only."""
    site: SiteOptions = field(default_factory=SiteOptions)
    author_pages_min: int | None = None
    """Papers an author needs for a page; None: as many as the library calls for
    (`papershelf.analysis.analyse.author_page_threshold`)."""
    parallel: bool = False
    """Whether a large library's first analysis may use a helper process (`papershelf.analysis.helper`)."""

    @classmethod
    def for_snapshots(cls, folder: Path) -> Settings:
        """papershelf's defaults for a snapshot folder outside a site: the key file beside
        it (`papershelf generate snapshots/`, the Python-Markdown extension)."""
        return cls(snapshots=folder, keys_file=folder.parent / "citation-keys.tsv", project=folder)

    def same_files(self, other: Settings) -> bool:
        """Whether `other` reads and keeps the same files, so that a session can keep what it
        read and analysed (a `mkdocs serve` rebuild)."""
        return (self.snapshots, self.keys_file, self.project, self.cache_dir) == (
            other.snapshots,
            other.keys_file,
            other.project,
            other.cache_dir,
        )


class Session:
    """A library read, keyed and analysed as its site does, kept between calls: a snapshot
    is read again only when it changed, and an unchanged library is not analysed again.

    `settle` is how many seconds after its last change a snapshot counts as written (under
    `mkdocs serve`, one being saved is read again on the next rebuild); `report` hears what
    the session did that a user may want to know (where the analysis came from)."""

    def __init__(
        self, settings: Settings, settle: float = 0.0, report: Callable[[str], None] = _quiet
    ) -> None:
        self.settings = settings
        self.report = report
        self.cache = AnalysisCache(settings.cache_dir, keep=settle > 0)  # serving: see `Kept`
        self.cache.helper = Helper(report=report, processes=settings.parallel)
        stored = ListingCache(settings.cache_dir) if settings.cache_dir else None
        self.folder = SnapshotFolder(
            settings.snapshots, frozenset({settings.keys_file}), settings.project, settle, stored
        )
        self._plan: SitePlan | None = None
        self._merging = threading.Lock()  # a build's and a timer's (`papershelf.site.settled`)

    def with_settings(self, settings: Settings) -> Session:
        """This session under new options if it reads the same files, else a new one."""
        if not self.settings.same_files(settings):
            return Session(settings, self.folder.settle, self.report)
        self.settings = settings
        self.cache.helper = Helper(report=self.report, processes=settings.parallel)
        return self

    def merged(self, listings: Sequence[Listing] | None = None) -> MergeResult:
        """The library of the site's snapshot folder (or of `listings`), its new keys
        remembered in the key file; one merge at a time, since each reads and writes the
        folder's readings and the key file."""
        with self._merging:
            read = self.folder.listings() if listings is None else listings
            return keyed_library(read, self.settings.keys_file)

    def unsaved_settling(self, merged: MergeResult) -> float:
        """Seconds until the snapshots still being written settle, if the merge shows keys it
        could not save because of them (0 otherwise): then one more merge saves them."""
        if not self.folder.settling:
            return 0.0
        saved = {row.key for row in merged.book.rows}
        shown = any(paper.key not in saved for paper in merged.library.papers)
        return self.folder.settling if shown else 0.0

    def saved(self, merged: MergeResult) -> str:
        """What a merge wrote to the key file, in words ("" if nothing): said each time, so
        that a key copied from a page under `mkdocs serve` is known to be remembered."""
        if not merged.saved:
            return ""
        return f"{counted(merged.saved, 'new citation key')} saved in {self._shown(self.settings.keys_file)}"

    def _shown(self, path: Path) -> str:
        """A path as the log names it: relative to the site's folder when inside it."""
        project = self.settings.project
        return (path.relative_to(project) if path.is_relative_to(project) else path).as_posix()

    def take_problems(self) -> list[Problem]:
        """What was wrong with the kept readings and analysis (a damaged or foreign cache
        file, ignored and made again) since the last call: warnings for the user."""
        stored = self.folder.stored.take_problems() if self.folder.stored is not None else []
        return [*stored, *self.cache.take_problems()]

    def plan(self, library: Library) -> SitePlan:
        """The plan of the library's analysis, from the cache when the library and the
        options and templates are unchanged (a rebuild, a serve rebuild after editing a page)."""
        options = self.settings.site
        started = time.perf_counter()
        analysis = self.cache.analysis(library, options.analysis)
        if self.cache.source == "disk" and self.settings.cache_dir is not None:
            self.report(f"analysis of the library taken from {self._shown(self.settings.cache_dir)}")
        elif self.cache.source == "analysed":
            self.report(f"library analysed in {time.perf_counter() - started:.1f} s")
        threshold = self.settings.author_pages_min
        if threshold is None:
            threshold = author_page_threshold(analysis.authors, len(library.papers))
        options = replace(options, author_pages_min=threshold)
        plan = self._plan
        if plan is None or plan.analysis is not analysis or plan.options != options or not plan.fresh:
            plan = self._plan = SitePlan(analysis, options)
        return plan
