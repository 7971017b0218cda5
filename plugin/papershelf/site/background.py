"""The costly part of the generated files, made in other processes while MkDocs works.

MkDocs builds pages on one core. With ten thousand papers, making the generated pages'
HTML and the BibTeX and CSL-JSON files takes seconds that the build would otherwise wait
for. After the plan is made, `Maker` forks two processes: one makes the deferred pages in
the order MkDocs asks for them and sends each through a pipe (which holds only a few, so it
mostly waits for MkDocs), the other writes the data files straight into the site
directory, where MkDocs leaves files a plugin wrote itself (its `File.copy_file` passes on
`SameFileError` for that purpose): ten thousand `.bib` files written once, not written to a
temporary folder, copied and removed. MkDocs takes a page's blocks when it reaches the page.

Where fork is unavailable (Windows) or unsafe (threads are running, as under
`mkdocs serve`), or when a process fails, the same files are made in-process instead, with
the same result.
"""

from __future__ import annotations

import gc
import multiprocessing
import os
import queue
import sys
import threading
from collections.abc import Callable, Iterator
from itertools import islice
from dataclasses import replace
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from pathlib import Path
from typing import Generic, TypeVar

from papershelf.site.generated import SiteFile

__all__ = ["Aside", "Maker"]

T = TypeVar("T")

_BATCH = 32


class Maker:
    """Makes deferred pages on request and the data files into `folder` (the site directory)."""

    def __init__(self, pages: list[SiteFile], data: list[SiteFile], folder: Path, parallel: bool) -> None:
        self.folder = folder
        self._pages = {page.src_uri: page for page in pages}
        self._data = data
        self._made: dict[str, SiteFile] = {}
        self._connection: Connection | None = None
        self._page_process: BaseProcess | None = None
        self._data_process: BaseProcess | None = None
        self._data_written = False
        if _may_fork(parallel):
            context = multiprocessing.get_context("fork")
            receiver, sender = context.Pipe(duplex=False)
            _enlarge(sender)
            self._page_process = context.Process(target=_send_pages, args=(pages, sender), daemon=True)
            writer = (data, self.folder)
            self._data_process = context.Process(target=_write_in_background, args=writer, daemon=True)
            self._page_process.start()
            self._data_process.start()
            sender.close()
            self._connection = receiver

    def path(self, src_uri: str) -> str:
        """Where a data file will be."""
        return str(self.folder / src_uri)

    def page(self, src_uri: str) -> SiteFile:
        """A deferred page, made."""
        while src_uri not in self._made and self._connection is not None:
            try:
                batch = self._connection.recv()
            except (EOFError, OSError):  # the process ended early: the rest is made here
                self._stop_pages()
                break
            for made_uri, blocks in batch:
                self._made[made_uri] = replace(self._pages[made_uri], blocks=blocks, deferred=None)
        made = self._made.pop(src_uri, None)
        return made if made is not None else self._pages[src_uri].made()

    def finish(self) -> None:
        """Wait until the data files are written (writing them here if the process failed)."""
        if self._data_written:
            return
        if self._data_process is not None:
            self._data_process.join()
            self._data_written = self._data_process.exitcode == 0
            self._data_process = None
        if not self._data_written:
            _write(self._data, self.folder)
            self._data_written = True

    def close(self) -> None:
        """Stop the processes if they still run."""
        self._stop_pages()
        if self._data_process is not None:
            self._data_process.terminate()
            self._data_process.join()
            self._data_process = None

    def _stop_pages(self) -> None:
        if self._connection is not None:
            self._connection.close()
            self._connection = None
        if self._page_process is not None:
            self._page_process.terminate()
            self._page_process.join()
            self._page_process = None


class Aside(Generic[T]):
    """Values worked out one after another in a forked process while this one goes on:
    `next()` takes the next as soon as the process has it. Where fork is unavailable or
    unsafe, or if the process fails, the values are worked out here instead (so that an
    error, if any, is raised here, where MkDocs reports it)."""

    def __init__(self, compute: Callable[[], Iterator[T]], parallel: bool) -> None:
        self._compute = compute
        self._taken = 0
        self._here: Iterator[T] | None = None
        self._receiver: Connection | None = None
        self._process: BaseProcess | None = None
        if _may_fork(parallel):
            context = multiprocessing.get_context("fork")
            self._receiver, sender = context.Pipe(duplex=False)
            _enlarge(sender)
            self._process = context.Process(target=_send_values, args=(compute, sender), daemon=True)
            self._process.start()
            sender.close()

    def next(self) -> T:
        self._taken += 1
        if self._receiver is not None:
            try:
                value: T = self._receiver.recv()
                return value
            except (EOFError, OSError):
                self.close()
        if self._here is None:  # again from the start, past what the process sent
            self._here = islice(self._compute(), self._taken - 1, None)
        return next(self._here)

    def close(self) -> None:
        """Stop the process if it still runs."""
        if self._receiver is not None:
            self._receiver.close()
            self._receiver = None
        if self._process is not None:
            self._process.terminate()
            self._process.join()
            self._process = None


def _send_values(compute: Callable[[], Iterator[object]], sender: Connection) -> None:
    gc.disable()  # a short-lived process: collecting its garbage would be wasted work
    with _Sending(sender) as sending:
        for value in compute():
            sending.put(value)


def _may_fork(parallel: bool) -> bool:
    """Fork only where it exists and no thread runs (`mkdocs serve` runs threads, and a
    thread holding a lock at the fork would leave the lock held forever in the child)."""
    return parallel and "fork" in multiprocessing.get_all_start_methods() and threading.active_count() == 1


def _enlarge(pipe: Connection) -> None:
    """Let the page maker run up to a megabyte (a few hundred pages) ahead of MkDocs rather
    than the default 64 KB, so that it seldom waits for MkDocs and MkDocs seldom waits for it
    (Linux; elsewhere the pipe keeps its size)."""
    try:
        import fcntl

        fcntl.fcntl(pipe.fileno(), fcntl.F_SETPIPE_SZ, 1 << 20)
    except (ImportError, AttributeError, OSError):
        pass


def _send_pages(pages: list[SiteFile], sender: Connection) -> None:
    """In a forked process: the pages' blocks in order, as tuples of strings (the cheapest
    thing to unpickle), a batch at a time (a message per page cost MkDocs more than the
    pages did). On an error it stops quietly; the parent makes the rest itself and reports
    the error there."""
    with _Sending(sender) as sending:
        for start in range(0, len(pages), _BATCH):
            sending.put([(page.src_uri, page.made().blocks) for page in pages[start : start + _BATCH]])


class _Sending:
    """Sends values through a pipe from a thread, so that making them never waits for the
    other end: the page maker runs ahead on cheap pages and has time for costly work later
    (related papers) before MkDocs gets there, and the analysis goes on to topics while
    MkDocs is still cleaning the site. Used as a context manager: on leaving, whatever was
    put is sent and the pipe closed; an error inside stops the work quietly (the parent
    does the rest itself, and reports the error there)."""

    def __init__(self, connection: Connection) -> None:
        self._connection = connection
        self._values: queue.SimpleQueue[object] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._send)

    def __enter__(self) -> _Sending:
        self._thread.start()
        return self

    def put(self, value: object) -> None:
        self._values.put(value)

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, trace: object) -> bool:
        self._values.put(_DONE)
        self._thread.join()
        return isinstance(error, Exception)

    def _send(self) -> None:
        try:
            while (value := self._values.get()) is not _DONE:
                self._connection.send(value)
        except OSError:  # the parent stopped listening (it closes the pipe when the build ends)
            pass
        finally:
            self._connection.close()


_DONE = object()


def _write_in_background(data: list[SiteFile], folder: Path) -> None:
    """In a forked process, at low priority: with two cores, MkDocs and the page maker come
    first, and this uses what they leave (the page maker mostly waits for MkDocs)."""
    os.nice(10)
    try:
        _write(data, folder)
    except Exception:  # noqa: BLE001 - the parent writes them again and reports the error there
        sys.exit(1)


def _write(data: list[SiteFile], folder: Path) -> None:
    for planned in data:
        path = folder / planned.src_uri
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(planned.made().content, encoding="utf-8")
