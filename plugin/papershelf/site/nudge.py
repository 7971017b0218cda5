"""One more `mkdocs serve` rebuild, once snapshots still being written have settled.

Under `mkdocs serve`, a snapshot changed in the last seconds may still be being written, so
its papers' keys are shown but not yet remembered (`papershelf.snapshots.folder.SnapshotFolder.settle`).
Nothing else would rebuild the site, and the key file would get the keys only at some later,
unrelated rebuild: a user who copied a key into LaTeX and committed would have committed a
key file without it. So the plugin asks for one more rebuild when they have settled.

MkDocs's server rebuilds when a watched path changes; its public way in is `server.watch`.
A folder of this serve session's own, outside the project, is watched, and a file is written
there when the time is up: the project is never touched.
"""

from __future__ import annotations

import shutil
import tempfile
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from mkdocs.livereload import LiveReloadServer

__all__ = ["Nudge"]

_MARGIN = 0.3
"""Seconds past the settling time, so that the rebuild finds the files settled."""


class Nudge:
    """A rebuild asked for later, while `mkdocs serve` runs."""

    def __init__(self) -> None:
        self._folder: Path | None = None
        self._timer: threading.Timer | None = None
        self._waiting = 0.0

    def watch(self, server: LiveReloadServer) -> None:
        """Watch this session's folder: called from `on_serve`, after the first build."""
        if self._folder is None:
            self._folder = Path(tempfile.mkdtemp(prefix="papershelf-serve-"))
        server.watch(str(self._folder))
        if self._waiting:
            self.after(self._waiting)

    def after(self, seconds: float) -> None:
        """Rebuild in `seconds` (0: no rebuild is needed); the latest request wins."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        self._waiting = seconds
        if seconds <= 0 or self._folder is None:
            return
        self._timer = threading.Timer(seconds + _MARGIN, self._touch)
        self._timer.daemon = True
        self._timer.start()

    def stop(self) -> None:
        """No rebuild any more; the session's folder goes."""
        self.after(0)
        if self._folder is not None:
            shutil.rmtree(self._folder, ignore_errors=True)
            self._folder = None

    def _touch(self) -> None:
        self._waiting = 0.0
        if self._folder is not None:
            (self._folder / "settled").write_text(str(time.monotonic_ns()), encoding="utf-8")
