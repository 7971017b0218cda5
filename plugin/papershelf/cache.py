"""The analysis kept between builds: in memory across `mkdocs serve` rebuilds, and on disk.

A build reads and merges the snapshots (cheap, and under `mkdocs serve` only the files that
changed are read again), then needs the analysis (`papershelf.analysis`: the costly part).
The analysis is a function of the merged library (whose keys come from the key file) and of
the analysis options, so it is kept under a fingerprint of those and of the plugin's version:
an unchanged library is never analysed twice, whether the next build is a serve rebuild
after editing a docs page or a reading list, or `mkdocs build` run again.

On disk it is one pickle in a folder beside `mkdocs.yml` (by default `.cache/plugin/papershelf`,
where Material's plugins keep theirs), written atomically; a file that cannot be read
(another version, cut short) is simply analysed again. Like `__pycache__`, the folder is
the project's own: it is never published and never committed.
"""

from __future__ import annotations

import functools
import hashlib
import os
import pickle
import tempfile
from pathlib import Path

from papershelf import __version__
from papershelf.analysis import Analysis, AnalysisOptions, analyse
from papershelf.model import Library

__all__ = ["AnalysisCache"]

_FILE = "analysis.pickle"


class AnalysisCache:
    """Analyses by fingerprint: the last one in memory, and on disk in `folder` (if given).

    A kept analysis holds the library it was made from: the same papers and problems as
    the one asked about (that is what the fingerprint says), which is all the site shows."""

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder
        self._last: tuple[str, Analysis] | None = None
        self.source = ""
        """Where the last analysis came from: `memory`, `disk` or `analysed`."""

    def analysis(self, library: Library, options: AnalysisOptions) -> Analysis:
        fingerprint = _fingerprint(library, options)
        if self._last is not None and self._last[0] == fingerprint:
            self.source = "memory"
            return self._last[1]
        analysis = self._load(fingerprint)
        self.source = "disk"
        if analysis is None:
            analysis = analyse(library, options)
            self.source = "analysed"
            self._store(fingerprint, analysis)
        self._last = (fingerprint, analysis)
        return analysis

    def _load(self, fingerprint: str) -> Analysis | None:
        if self.folder is None:
            return None
        try:
            with open(self.folder / _FILE, "rb") as file:
                stored, analysis = pickle.load(file)
        except (
            OSError,
            EOFError,
            pickle.UnpicklingError,
            ValueError,
            TypeError,
            AttributeError,
            ImportError,
        ):
            return None
        return analysis if stored == fingerprint and isinstance(analysis, Analysis) else None

    def _store(self, fingerprint: str, analysis: Analysis) -> None:
        """Write the file atomically; a folder that cannot be written only costs the next build."""
        if self.folder is None:
            return
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            handle, temporary = tempfile.mkstemp(prefix=".analysis.", dir=self.folder)
        except OSError:
            return
        try:
            with os.fdopen(handle, "wb") as file:
                pickle.dump((fingerprint, analysis), file, protocol=pickle.HIGHEST_PROTOCOL)
            os.replace(temporary, self.folder / _FILE)
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
    """The package's version and a digest of its source: a cache made by other code (an
    upgrade, or a change in a checkout installed in editable mode) is never used."""
    digest = hashlib.sha256(__version__.encode())
    package = Path(__file__).parent
    for path in sorted(package.rglob("*.py")):
        digest.update(path.relative_to(package).as_posix().encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()
