"""Under `mkdocs serve`, the keys of snapshots still being written, saved once they settle.

A snapshot changed in the last seconds may still be being written, so its papers' keys are
shown but not yet remembered (`papershelf.snapshots.folder.SnapshotFolder.settle`). Nothing
else would read it again until some later, unrelated rebuild: a user who copied a key into
LaTeX and committed would have committed a key file without it. So once the snapshot has
settled, the library is merged again on a timer's thread, which saves the keys
(`papershelf.session.Session.merged`, which one merge at a time runs).

The site is not rebuilt for it: its pages already show those keys, made the same way from
the same files (a file that changed since sets off a rebuild of its own, since the snapshot
folder is watched). A whole rebuild did it before, and an edit made meanwhile waited for it:
3.6 s at 1,000 papers, the whole serve rebuild at 10,000.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

__all__ = ["SettledKeys"]

_MARGIN = 0.3
"""Seconds past the settling time, so that the merge finds the files settled."""


class SettledKeys:
    """Keys saved later, while `mkdocs serve` runs. `save` merges the library again and
    returns the seconds until the files it still found being written settle (0: none)."""

    def __init__(self, save: Callable[[], float]) -> None:
        self._save = save
        self._timer: threading.Timer | None = None
        self._lock = threading.Lock()

    def after(self, seconds: float) -> None:
        """Save in `seconds` (0: nothing to save); the latest request wins."""
        with self._lock:
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None
            if seconds > 0:
                self._timer = threading.Timer(seconds + _MARGIN, self._fire)
                self._timer.daemon = True
                self._timer.start()

    def stop(self) -> None:
        """Nothing more to save: the server stops."""
        self.after(0)

    def _fire(self) -> None:
        self.after(self._save())
