"""The generated pages' folders and files, made by a thread ahead of MkDocs writing them.

A library of N papers has MkDocs write about 1.3 N pages, each into a folder of its own
(`papers/<key>/index.html` under `use_directory_urls`). MkDocs makes each folder and file
when it writes the page, in its only thread, between renderings. On some file systems
making a file costs far more than filling it: on an ext4 without a journal, where MkDocs's
cleaning of the site folder has just freed thousands of files, the kernel passes over every
recently freed inode for each new one, and making the files took 40% of a profiled
build of 1,000 papers.

So once the pages are known, a thread makes their folders and empty files, in the order
MkDocs will write them, while MkDocs converts and renders. Making a file releases the
interpreter's lock, so the two overlap on a second core, and MkDocs then fills files that
already exist. The thread never writes content and never truncates a file: one MkDocs has
already written is left alone. `finish` waits for it and removes the files it made that no
one filled (a page another plugin took out of the build), with their folders if emptied,
so the site is the same with and without it.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Sequence

__all__ = ["FilesAhead"]


class FilesAhead:
    """Makes the folders and empty files at `paths` in a thread started now."""

    def __init__(self, paths: Sequence[str]) -> None:
        self._paths = paths
        self._made: list[str] = []
        self._folders: list[str] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._make, name="papershelf files ahead", daemon=True)
        self._thread.start()

    def _make(self) -> None:
        """Folders and files that do not exist yet; the first error ends the thread, and
        MkDocs then makes the rest itself (and meets the error again, where it reports it)."""
        try:
            for path in self._paths:
                if self._stop.is_set():
                    return
                self._make_folders(os.path.dirname(path))
                try:
                    os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666))
                except FileExistsError:
                    continue
                self._made.append(path)
        except OSError:
            return

    def _make_folders(self, folder: str) -> None:
        """`folder` and its missing parents, each remembered if made here."""
        missing: list[str] = []
        while folder and not os.path.isdir(folder):
            missing.append(folder)
            folder = os.path.dirname(folder)
        for made in reversed(missing):
            try:
                os.mkdir(made)
            except FileExistsError:
                continue
            self._folders.append(made)

    def finish(self) -> None:
        """Stops the thread, waits for it, and removes what it made that is still empty."""
        self._stop.set()
        self._thread.join()
        made_folders = set(self._folders)
        for path in self._made:
            if not _removed_if_empty(path):
                continue
            folder = os.path.dirname(path)
            while folder in made_folders:
                try:
                    os.rmdir(folder)  # only if emptied
                except OSError:
                    break
                folder = os.path.dirname(folder)


def _removed_if_empty(path: str) -> bool:
    try:
        if os.stat(path).st_size == 0:
            os.remove(path)
            return True
    except OSError:
        pass
    return False
