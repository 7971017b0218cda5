"""The costly part of the generated files, made in a second process while MkDocs works.

MkDocs builds pages on one core. With ten thousand papers, making the papers' HTML blocks
and the BibTeX and CSL-JSON files takes seconds that the build would otherwise wait for.
After the plan is made, `Maker` forks a process that makes the deferred pages in the order
MkDocs asks for them, sending each through a pipe, and then writes the data files into a
folder MkDocs copies them from. MkDocs takes a page's blocks when it reaches the page.

Where fork is unavailable (Windows) or unsafe (threads are running, as under
`mkdocs serve`), or when the second process fails, everything is made in-process instead,
with the same result.
"""

from __future__ import annotations

import multiprocessing
import shutil
import tempfile
import threading
from multiprocessing.connection import Connection
from pathlib import Path

from papershelf.site.pages import SiteFile

__all__ = ["Maker"]

_DATA_WRITTEN = "data written"


class Maker:
    """Makes deferred pages on request and the data files into `folder`."""

    def __init__(self, pages: list[SiteFile], data: list[SiteFile], parallel: bool) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="papershelf-"))
        self._pages = {page.src_uri: page for page in pages}
        self._data = data
        self._made: dict[str, SiteFile] = {}
        self._data_written = False
        self._connection: Connection | None = None
        self._process: multiprocessing.process.BaseProcess | None = None
        if parallel and "fork" in multiprocessing.get_all_start_methods() and threading.active_count() == 1:
            context = multiprocessing.get_context("fork")
            receiver, sender = context.Pipe(duplex=False)
            self._process = context.Process(target=self._work, args=(pages, sender), daemon=True)
            self._process.start()
            sender.close()
            self._connection = receiver

    def path(self, src_uri: str) -> str:
        """Where a data file will be."""
        return str(self.folder / src_uri)

    def page(self, src_uri: str) -> SiteFile:
        """A deferred page, made."""
        while src_uri not in self._made and self._connection is not None:
            self._receive()
        made = self._made.pop(src_uri, None)
        return made if made is not None else self._pages[src_uri].made()

    def finish(self) -> None:
        """Wait until the data files are written (writing them here if the process failed)."""
        while not self._data_written and self._connection is not None:
            self._receive()
        if not self._data_written:
            _write(self._data, self.folder)
            self._data_written = True

    def close(self) -> None:
        """Stop the process if it still runs and remove the folder."""
        self._stop()
        shutil.rmtree(self.folder, ignore_errors=True)

    def _receive(self) -> None:
        assert self._connection is not None
        try:
            message = self._connection.recv()
        except (EOFError, OSError):  # the process ended early: the rest is made here
            self._stop()
            return
        if message == _DATA_WRITTEN:
            self._data_written = True
            self._stop()
        else:
            self._made[message.src_uri] = message

    def _stop(self) -> None:
        if self._connection is not None:
            self._connection.close()
            self._connection = None
        if self._process is not None:
            if self._process.is_alive():
                self._process.terminate()
            self._process.join()
            self._process = None

    def _work(self, pages: list[SiteFile], sender: Connection) -> None:
        """In the forked process: pages first (MkDocs waits for them), then the data files."""
        try:
            for page in pages:
                sender.send(page.made())
            _write(self._data, self.folder)
            sender.send(_DATA_WRITTEN)
        except Exception:  # noqa: BLE001 - the parent makes everything again and reports it
            pass
        finally:
            sender.close()


def _write(data: list[SiteFile], folder: Path) -> None:
    for planned in data:
        path = folder / planned.src_uri
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(planned.made().content, encoding="utf-8")
