"""One function applied to a few arguments in a second Python process while this one goes on.

A first analysis of a large library spends about a third of its time writing export entries
that do not depend on the rest of the analysis (`papershelf.export.drafts`); on a machine
with a core to spare, a helper process writes them meanwhile.

The helper is a fresh interpreter, not a fork and not multiprocessing's spawn: nothing forks
(unsafe on macOS), the user's main script is never imported again, and the helper shares no
state with this process. It is started with this process's module search path (`sys.path`),
so that it imports the very modules this process would, from an install, a checkout or a
`PYTHONPATH` alike; `-P` keeps the project's own files (a `json.py` beside `mkdocs.yml`)
from shadowing the two modules it imports before that path is set. It reads a pickled
function and its arguments from a temporary file and writes the pickled results to another,
so neither side ever waits on a pipe. It reads one argument at a time and lets it go once
its result is written: given a library in parts, it holds one part, not a second copy of
the library.

A helper never changes a result, only where it is made: if it cannot start, fails, or is not
done within its time limit, it is stopped, the call is made in this process, and `report`
says why.
"""

from __future__ import annotations

import gc
import json
import os
import pickle
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from typing import IO, Generic, TypeVar

__all__ = ["Helper", "Pending"]

Argument = TypeVar("Argument")
Result = TypeVar("Result")

_START = (
    "import json, sys; sys.path[:] = json.loads(sys.argv[1]); "
    "from papershelf.analysis.helper import serve; serve()"
)
"""What the helper runs (with `python -P -c`): this process's `sys.path`, then `serve`."""


def _quiet(message: str) -> None:
    """The default report: nothing (the site adapter passes its logger)."""


class Pending(Generic[Argument, Result]):
    """Calls that are made here, when their results are asked for; see `Helper.map`."""

    def __init__(self, function: Callable[[Argument], Result], arguments: Sequence[Argument]) -> None:
        self.function = function
        self.arguments = arguments

    def result(self) -> list[Result]:
        return [self.function(argument) for argument in self.arguments]

    def __enter__(self) -> Pending[Argument, Result]:
        return self

    def __exit__(self, *exc: object) -> None:
        """Nothing to stop."""


class Helper:
    """Where calls worth making beside this process are made: in a helper process when
    this one may run on more than one core (and `processes` is on), else here."""

    def __init__(self, report: Callable[[str], None] = _quiet, processes: bool = True) -> None:
        self.report = report
        self.processes = processes

    @property
    def available(self) -> bool:
        """Whether a call would go to a helper process."""
        return self.processes and bool(sys.executable) and _usable_cores() > 1

    def map(
        self, function: Callable[[Argument], Result], arguments: Sequence[Argument], timeout: float
    ) -> Pending[Argument, Result]:
        """Starts `function` on each argument in turn (a module-level function, picklable
        arguments) in a helper process; its `result()`, the list of results, waits at most
        `timeout` seconds from now. Use it as a context manager, so that a helper still
        running when this process gives up on its result (an exception) is stopped."""
        if not self.available:
            return Pending(function, arguments)
        try:
            return _InHelper(function, arguments, timeout, self.report)
        except Exception as error:  # noqa: BLE001 - whatever stops it, the calls are made here
            self.report(f"could not start a helper process ({error!r}); working in this process")
            return Pending(function, arguments)


class _InHelper(Pending[Argument, Result]):
    """Calls running in a helper process."""

    def __init__(
        self,
        function: Callable[[Argument], Result],
        arguments: Sequence[Argument],
        timeout: float,
        report: Callable[[str], None],
    ) -> None:
        super().__init__(function, arguments)
        self._report = report
        self._timeout = timeout
        self._deadline = time.monotonic() + timeout
        self._process: subprocess.Popen[bytes] | None = None
        self._files: list[IO[bytes]] = []
        try:
            # closed by `_close`: they outlive this call, as the helper does
            given, self._output, self._errors = (self._file() for _ in range(3))
            pickle.dump((function, len(arguments)), given, protocol=pickle.HIGHEST_PROTOCOL)
            for argument in arguments:
                pickle.dump(argument, given, protocol=pickle.HIGHEST_PROTOCOL)
            given.seek(0)
            self._process = subprocess.Popen(
                [sys.executable, "-P", "-c", _START, json.dumps(sys.path)],
                stdin=given,
                stdout=self._output,
                stderr=self._errors,
            )
        except BaseException:
            self._close()
            raise

    def _file(self) -> IO[bytes]:
        self._files.append(tempfile.TemporaryFile())  # noqa: SIM115 - see `_close`
        return self._files[-1]

    def result(self) -> list[Result]:
        """The helper's results, or the calls made here if the helper failed."""
        if self._process is None:
            return super().result()
        try:
            failure = self._wait()
            if failure is None:
                self._output.seek(0)
                # our own helper wrote them just now
                return [pickle.load(self._output) for _ in self.arguments]
        except Exception as error:  # noqa: BLE001 - a result that cannot be read is made here
            failure = f"gave a result that could not be read ({error!r})"
        finally:
            self._close()
        self._report(f"the helper process {failure}; working in this process")
        return super().result()

    def _wait(self) -> str | None:
        """Why the helper failed, or None once it succeeded."""
        assert self._process is not None
        try:
            code = self._process.wait(timeout=max(0.0, self._deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            return f"was stopped after {self._timeout:.0f} s"
        if code == 0:
            return None
        self._errors.seek(0)
        lines = self._errors.read().decode("utf-8", "replace").strip().splitlines()
        return f"failed (exit code {code}{': ' + lines[-1] if lines else ''})"

    def __exit__(self, *exc: object) -> None:
        self._close()

    def _close(self) -> None:
        """Stops the helper if it still runs and removes its files; safe to call twice."""
        process, self._process = self._process, None
        if process is not None and process.poll() is None:
            process.kill()
            process.wait()
        for file in self._files:
            file.close()


def _usable_cores() -> int:
    """The cores this process may run on (its affinity where the system says, as in a
    container limited to some cores); 1 when the system will not say."""
    try:
        return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    except OSError:
        return 1


def serve() -> None:
    """The helper's side: a function and its arguments read from standard input, one
    argument at a time, each result pickled to standard output before the next argument is
    read. Whatever the calls print goes to standard error, so that it cannot mix with the
    results.

    The cyclic collector would walk every object unpickled, so it runs only once after each
    call, over what that call left (what is older is frozen out of its sight): the call's
    argument and result are let go by their counts of references, but cycles would stay to
    the end (`json`'s encoder with `indent` leaves some on every use, 27 MB for the drafts
    of 10,000 papers)."""
    gc.disable()
    results = sys.stdout.buffer
    sys.stdout = sys.stderr
    function, count = pickle.load(sys.stdin.buffer)
    gc.freeze()
    for _ in range(count):
        pickle.dump(function(pickle.load(sys.stdin.buffer)), results, protocol=pickle.HIGHEST_PROTOCOL)
        gc.collect()
        gc.freeze()
    results.flush()
