"""What is kept between builds: the snapshots' listings and the library's analysis.

A build reads and merges the snapshots (under `mkdocs serve` only the files that changed
are read again; on disk, `ListingCache` keeps each file's listing for the next `mkdocs
build`), then needs the analysis
(`papershelf.analysis`: the costly part).
The analysis is a function of the merged library (whose keys come from the key file) and of
the analysis options, so it is kept under a fingerprint of those and of the plugin's version:
an unchanged library is never analysed twice, whether the next build is a serve rebuild
after editing a docs page or a reading list, or `mkdocs build` run again.

On disk each is one pickle in a folder beside `mkdocs.yml` (by default `.cache/plugin/papershelf`,
where Material's plugins keep theirs), written atomically; a file that cannot be read
(another version, cut short) only means reading or analysing again. Like `__pycache__`, the folder is
the project's own: it is never published and never committed.
"""

from __future__ import annotations

import functools
import hashlib
from importlib import metadata
from collections.abc import Iterable
import os
import pickle
import tempfile
from dataclasses import replace
from pathlib import Path

from papershelf import __version__
from papershelf.analysis import IN_PROCESS, Analysis, AnalysisOptions, analyse
from papershelf.helper import Helper
from papershelf.model import Library, Listing

__all__ = ["AnalysisCache", "ListingCache"]

_ANALYSED_WITH = ("wordfreq", "latex2mathml")
_FILE = "analysis.pickle"
_NO_LIBRARY = Library((), ())
"""Where a stored analysis's library would be (see `AnalysisCache`)."""
_LISTINGS = "listings.pickle"


class AnalysisCache:
    """Analyses by fingerprint: the last one in memory, and on disk in `folder` (if given).

    The library asked about has the same papers and problems as the one a kept analysis was
    made from (that is what the fingerprint says), so on disk an analysis is kept without
    its library and given the one asked about when it is read: reading the library again
    would take a third of the loading (its listings and entries), and keep a second copy
    of it in memory for the whole build."""

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder
        self.helper: Helper = IN_PROCESS
        """Where an analysis may have part of its work done (see `analyse`); the plugin
        sets it from its `parallel` option on every build."""
        self._last: tuple[str, Analysis] | None = None
        self.source = ""
        """Where the last analysis came from: `memory`, `disk` or `analysed`."""

    def analysis(self, library: Library, options: AnalysisOptions) -> Analysis:
        fingerprint = _fingerprint(library, options)
        if self._last is not None and self._last[0] == fingerprint:
            self.source = "memory"
            return self._last[1]
        analysis = self._load(fingerprint, library)
        self.source = "disk"
        if analysis is None:
            analysis = analyse(library, options, self.helper)
            self.source = "analysed"
            self._store(fingerprint, analysis)
        self._last = (fingerprint, analysis)
        return analysis

    def _load(self, fingerprint: str, library: Library) -> Analysis | None:
        stored = None if self.folder is None else _load(self.folder / _FILE)
        if isinstance(stored, tuple) and len(stored) == 2 and stored[0] == fingerprint:
            return replace(stored[1], library=library) if isinstance(stored[1], Analysis) else None
        return None

    def _store(self, fingerprint: str, analysis: Analysis) -> None:
        if self.folder is not None:
            _dump(self.folder / _FILE, (fingerprint, replace(analysis, library=_NO_LIBRARY)))


class ListingCache:
    """Snapshots read before, on disk in `folder`: each file's listing under its name, with a
    digest of its bytes (and of the code that read it), so that `mkdocs build` run again reads
    no snapshot that did not change (reading is a tenth of a rebuild of 1,000 papers)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._stored: dict[str, tuple[str, Listing]] | None = None
        self._changed = False

    def get(self, name: str, data: bytes) -> Listing | None:
        """The listing kept for `name` if it was read from these bytes."""
        kept = self._entries().get(name)
        if kept is not None and kept[0] == _digest(data):
            return kept[1]
        return None

    def put(self, name: str, data: bytes, listing: Listing) -> None:
        """Keep a reading that may be kept (see `SnapshotFolder`)."""
        self._entries()[name] = (_digest(data), listing)
        self._changed = True

    def save(self, names: Iterable[str]) -> None:
        """Write the file if anything changed, keeping only the snapshots in `names`."""
        entries = self._entries()
        for gone in entries.keys() - set(names):
            del entries[gone]
            self._changed = True
        if self._changed:
            _dump(self.folder / _LISTINGS, (_code_version(), entries))
            self._changed = False

    def _entries(self) -> dict[str, tuple[str, Listing]]:
        if self._stored is None:
            stored = _load(self.folder / _LISTINGS)
            fresh = isinstance(stored, tuple) and len(stored) == 2 and stored[0] == _code_version()
            self._stored = stored[1] if fresh and isinstance(stored[1], dict) else {}
        return self._stored


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _load(path: Path) -> object:
    """A pickle written by `_dump`, or None if it cannot be read (missing, cut short, from
    other code)."""
    try:
        with open(path, "rb") as file:
            return pickle.load(file)
    except (OSError, EOFError, pickle.UnpicklingError, ValueError, TypeError, AttributeError, ImportError):
        return None


def _dump(path: Path, value: object) -> None:
    """Write atomically; a folder that cannot be written only costs the next build."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(prefix=f".{path.stem}.", dir=path.parent)
    except OSError:
        return
    try:
        with os.fdopen(handle, "wb") as file:
            pickle.dump(value, file, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(temporary, path)
    except (OSError, pickle.PicklingError):
        Path(temporary).unlink(missing_ok=True)


def _fingerprint(library: Library, options: AnalysisOptions) -> str:
    """What the analysis depends on, as text: the papers and problems in full (their keys
    included), the options and the code that analyses them."""
    digest = hashlib.sha256(_code_version().encode())
    digest.update(repr(options).encode())
    digest.update(repr(library.papers).encode())
    digest.update(repr(library.problems).encode())
    return digest.hexdigest()


@functools.cache
def _code_version() -> str:
    """The package's version, a digest of its source and the versions of the libraries whose
    data the analysis holds (wordfreq's word frequencies name topics, latex2mathml renders
    CSL titles): a cache made by other code (an upgrade, or a change in a checkout installed
    in editable mode) is never used."""
    digest = hashlib.sha256(__version__.encode())
    for library in _ANALYSED_WITH:
        digest.update(f"{library} {metadata.version(library)}".encode())
    package = Path(__file__).parent
    for path in sorted(package.rglob("*.py")):
        digest.update(path.relative_to(package).as_posix().encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()
