"""Work done in forked processes while MkDocs works on one core.

With ten thousand papers, the plugin has seconds of work that the build would otherwise
wait for. Three kinds of it run beside MkDocs during `mkdocs build`:

* `Aside`: values worked out in a forked process and streamed back one by one (the
  analysis: snapshots read and merged, then topics, while MkDocs cleans the site), each
  pickled and sent by a short-lived courier process so that the next is not held up. The
  analysis shares the reading of the snapshots with one more process (`split_map`).
* `Maker`'s page process: the generated pages' HTML, made in the order MkDocs asks for
  them and sent in batches; it runs ahead of MkDocs, so that costly work it needs later
  (related papers, before the paper pages) is done before MkDocs gets there.
* `Maker`'s data process: the BibTeX and CSL-JSON files, written straight into the site
  directory, where MkDocs leaves files a plugin wrote itself (its `File.copy_file` passes
  on `SameFileError` for that purpose): ten thousand `.bib` files written once, not written
  elsewhere, copied and removed.

Where fork is unavailable (Windows) or unsafe (threads are running, as in `mkdocs serve`
rebuilds), or when a process fails, the same work is done in-process instead, with the
same result; an error is then raised here, where MkDocs reports it.
"""

from __future__ import annotations

import gc
import multiprocessing
import os
import queue
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from functools import partial
from itertools import islice
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from pathlib import Path
from typing import Generic, TypeVar

from papershelf.site.generated import SiteFile

__all__ = ["Aside", "Maker", "data_path", "split_map"]

T = TypeVar("T")
A = TypeVar("A")
B = TypeVar("B")

_BATCH = 32


_Send = Callable[[Iterator[object], Connection], None]
"""How a forked process sends its values: `_send_by_courier` or `_send_from_thread`."""


class _Forked:
    """A forked process streaming values back through a pipe, or nothing where forking is
    not allowed (then `receiver` is None)."""

    def __init__(self, compute: Callable[[], Iterator[object]], parallel: bool, send: _Send) -> None:
        self.receiver: Connection | None = None
        self._process: BaseProcess | None = None
        if _may_fork(parallel):
            context = multiprocessing.get_context("fork")
            self.receiver, sender = context.Pipe(duplex=False)
            _enlarge(sender)
            # A daemonic process may have no children, and couriers are children (so is the
            # analysis's reader); `stop` ends such a process, and the build always calls it.
            daemon = send is not _send_by_courier
            self._process = context.Process(
                target=_send_values, args=(compute, send, sender, self.receiver), daemon=daemon
            )
            self._process.start()
            sender.close()

    def next(self) -> object:
        """The next value; EOFError or OSError if the process ended without it."""
        assert self.receiver is not None
        return self.receiver.recv()

    def stop(self) -> None:
        """Stop the process if it still runs, and forget it."""
        if self.receiver is not None:
            self.receiver.close()
            self.receiver = None
        if self._process is not None:
            self._process.terminate()
            self._process.join()
            self._process = None


class Aside(Generic[T]):
    """Values worked out one after another in a forked process while this one goes on:
    `next()` takes the next as soon as the process has it. Where fork is unavailable or
    unsafe, or if the process fails, the values are worked out here instead, from the
    start, past the ones the process sent."""

    def __init__(self, compute: Callable[[], Iterator[T]], parallel: bool) -> None:
        self._compute = compute
        self._taken = 0
        self._here: Iterator[T] | None = None
        self._forked = _Forked(compute, parallel, _send_by_courier)

    def next(self) -> T:
        self._taken += 1
        if self._forked.receiver is not None:
            try:
                value: T = self._forked.next()  # type: ignore[assignment]  # what compute yields
                return value
            except (EOFError, OSError):
                self._forked.stop()
        if self._here is None:
            self._here = islice(self._compute(), self._taken - 1, None)
        return next(self._here)

    def close(self) -> None:
        """Stop the process if it still runs."""
        self._forked.stop()


class Maker:
    """Makes deferred pages on request and the data files into `folder` (the site directory)."""

    def __init__(self, pages: list[SiteFile], data: list[SiteFile], folder: Path, parallel: bool) -> None:
        self.folder = folder
        self._pages = {page.src_uri: page for page in pages}
        self._data = data
        self._made: dict[str, SiteFile] = {}
        self._data_written = False
        self._data_process: BaseProcess | None = None
        if _may_fork(parallel):  # before the page pipe exists, so that it does not hold the pipe open
            context = multiprocessing.get_context("fork")
            self._data_process = context.Process(
                target=_write_in_background, args=(data, folder), daemon=True
            )
            self._data_process.start()
        self._page_process = _Forked(partial(_page_batches, pages), parallel, _send_from_thread)

    def page(self, src_uri: str) -> SiteFile:
        """A deferred page, made (here, if the page process ended early)."""
        while src_uri not in self._made and self._page_process.receiver is not None:
            try:
                batch = self._page_process.next()
            except (EOFError, OSError):
                self._page_process.stop()
                break
            assert isinstance(batch, list)
            for made_uri, blocks in batch:
                self._made[made_uri] = self._pages[made_uri].filled(blocks)
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
        self._page_process.stop()
        if self._data_process is not None:
            self._data_process.terminate()
            self._data_process.join()
            self._data_process = None


def split_map(function: Callable[[A], B], items: Sequence[A], parallel: bool) -> list[B]:
    """`map`, with every other item done in a forked process where fork is allowed (a large
    snapshot folder is read in little more than half the time). Alternate items, so that
    both processes get files of every size."""
    rest = Aside(lambda: iter([[function(item) for item in items[1::2]]]), parallel and len(items) > 1)
    try:
        here = [function(item) for item in items[0::2]]
        there = rest.next()
    finally:
        rest.close()
    return [value for pair in zip(here, there, strict=False) for value in pair] + here[len(there) :]


def _page_batches(pages: list[SiteFile]) -> Iterator[list[tuple[str, tuple[str, ...]]]]:
    """The pages' blocks in order, as tuples of strings (the cheapest thing to unpickle), a
    batch at a time (a message per page cost MkDocs more than the pages did)."""
    for start in range(0, len(pages), _BATCH):
        yield [(page.src_uri, page.made().blocks) for page in pages[start : start + _BATCH]]


def _send_values(
    compute: Callable[[], Iterator[object]], send: _Send, sender: Connection, receiver: Connection
) -> None:
    """In a forked process: each value as soon as it is made. The collector stays off (as it
    was at the fork, during the analysis): these processes keep what they make until
    they end.

    The copy of the pipe's other end is closed first, so that once the parent stops
    listening, a write fails (and the process, or its courier, ends) instead of waiting
    forever; `compute` is called where `send` handles errors."""
    receiver.close()
    gc.disable()
    send(_later(compute), sender)


def _later(compute: Callable[[], Iterator[object]]) -> Iterator[object]:
    """`compute()`'s values, with `compute` called only when the first is asked for."""
    yield from compute()


def _send_by_courier(values: Iterator[object], connection: Connection) -> None:
    """Few, large values (the merged library): each is pickled and sent by a forked courier
    while this process goes on to the next, which pickling would otherwise hold up (0.3 s
    at 10,000 papers, on the path MkDocs waits for). A courier starts once the previous
    one has delivered, so values arrive in order. An error, here or in a courier, stops
    the sending quietly: the parent works out the rest itself, and reports the error there."""
    context = multiprocessing.get_context("fork")
    courier: BaseProcess | None = None
    try:
        for value in values:
            if courier is not None and not _delivered(courier):
                return
            courier = context.Process(target=_deliver, args=(connection, value))
            courier.start()
        if courier is not None:
            _delivered(courier)
    except Exception:  # noqa: BLE001 - the parent does the work itself and reports it
        pass
    finally:
        connection.close()


def _deliver(connection: Connection, value: object) -> None:
    """A courier's work; it fails quietly (see `_send_by_courier`)."""
    try:
        connection.send(value)
    except Exception:  # noqa: BLE001 - a value that does not pickle, or the parent stopped listening
        sys.exit(1)


def _delivered(courier: BaseProcess) -> bool:
    courier.join()
    return courier.exitcode == 0


def _send_from_thread(values: Iterator[object], connection: Connection) -> None:
    """Many values (batches of pages), sent from a thread (see `_Sending`)."""
    with _Sending(connection) as sending:
        for value in values:
            sending.put(value)


def _may_fork(parallel: bool) -> bool:
    """Fork only where it exists and no thread runs (`mkdocs serve` runs threads, and a
    thread holding a lock at the fork would leave the lock held forever in the child)."""
    return parallel and "fork" in multiprocessing.get_all_start_methods() and threading.active_count() == 1


def _enlarge(pipe: Connection) -> None:
    """A pipe of a megabyte rather than the default 64 KB, so that a batch of pages or a
    large value goes through in a few writes (Linux; elsewhere the pipe keeps its size)."""
    try:
        import fcntl

        fcntl.fcntl(pipe.fileno(), fcntl.F_SETPIPE_SZ, 1 << 20)
    except (ImportError, AttributeError, OSError):
        pass


class _Sending:
    """Sends values through a pipe from a thread, so that making them never waits for the
    other end: the page maker runs ahead on cheap pages and has time for costly work later
    (related papers) before MkDocs gets there. Used as a context manager: on leaving, whatever was
    put is sent and the pipe closed. An error, in making a value or in sending one, stops
    the work quietly: the parent does the rest itself, and reports the error there."""

    def __init__(self, connection: Connection) -> None:
        self._connection = connection
        self._values: queue.SimpleQueue[object] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._send)
        self._failed = threading.Event()

    def __enter__(self) -> _Sending:
        self._thread.start()
        return self

    def put(self, value: object) -> None:
        if self._failed.is_set():
            raise _SendingFailed
        self._values.put(value)

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, trace: object) -> bool:
        self._values.put(_DONE)
        self._thread.join()
        return isinstance(error, Exception)

    def _send(self) -> None:
        try:
            while (value := self._values.get()) is not _DONE:
                self._connection.send(value)
        except Exception:  # noqa: BLE001 - the parent stopped listening, or a value would not pickle
            self._failed.set()
        finally:
            self._connection.close()


class _SendingFailed(Exception):
    """The sending thread stopped: making more values would be wasted."""


_DONE = object()


def _write_in_background(data: list[SiteFile], folder: Path) -> None:
    """In a forked process, at low priority: with two cores, MkDocs and the page maker come
    first, and this uses what they leave."""
    os.nice(10)
    try:
        _write(data, folder)
    except Exception:  # noqa: BLE001 - the parent writes them again and reports the error there
        sys.exit(1)


def data_path(site_dir: str, src_uri: str) -> str:
    """Where the maker writes a data file: in the site directory, where MkDocs leaves it."""
    return os.path.join(site_dir, src_uri)


def _write(data: list[SiteFile], folder: Path) -> None:
    for planned in data:
        path = Path(data_path(str(folder), planned.src_uri))
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(planned.made().content, encoding="utf-8")
