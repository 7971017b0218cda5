"""Running `mkdocs` as a user does, and timing it: builds, and `mkdocs serve` with livereload.

Only the `mkdocs` command line is used, never the plugin's internals, so the numbers stay
comparable whatever the site layer becomes.
"""

from __future__ import annotations

import os
import re
import resource
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType

__all__ = ["Build", "Server", "build", "tree_cpu_seconds"]

POLL_SECONDS = 0.05  # between requests while waiting for a change to be served
MEMORY_SAMPLE_SECONDS = 0.1
TIMEOUT_SECONDS = 3600.0  # a rebuild of 50,000 papers takes minutes, not an hour
PAGE_BYTES = os.sysconf("SC_PAGE_SIZE")
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


@dataclass(frozen=True)
class Build:
    """One finished `mkdocs build`: wall time, CPU time (user + system, the whole process
    tree), peak memory, and its log for the record."""

    seconds: float
    cpu_seconds: float
    peak_mb: float
    log: str

    def warnings(self) -> int:
        return sum(1 for line in self.log.splitlines() if line.startswith("WARNING"))


def _tree(pid: int) -> list[int]:
    """A process and all its descendants alive now (Linux /proc; none of them elsewhere)."""
    found, pending = [], [pid]
    while pending:
        current = pending.pop()
        try:
            children = [
                int(child)
                for task in Path(f"/proc/{current}/task").iterdir()
                for child in (task / "children").read_text().split()
            ]
        except OSError:  # the process ended while we looked, or there is no /proc
            continue
        found.append(current)
        pending += children
    return found


def tree_rss_bytes(pid: int) -> int:
    """Resident memory of a process and all its descendants now (Linux /proc; 0 elsewhere).

    Summing the tree matters: a build that forks workers holds their memory at the same
    time as its own, which the largest single process (what rusage reports) would hide.
    """
    total = 0
    for member in _tree(pid):
        try:
            total += int(Path(f"/proc/{member}/statm").read_text().split()[1]) * PAGE_BYTES
        except OSError:
            continue
    return total


def tree_cpu_seconds(pid: int) -> float:
    """User + system CPU seconds a process and its descendants have used so far (Linux /proc;
    0 elsewhere): each living member's own time, plus the time of the children each has
    waited for (a helper process that has ended counts through its parent). The difference
    of two readings is what a serve session spent between them, on every core."""
    ticks = 0
    for member in _tree(pid):
        try:
            stat = Path(f"/proc/{member}/stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2 :].split()  # after the name, which may hold spaces
        ticks += sum(int(value) for value in fields[11:15])  # utime, stime, cutime, cstime
    return ticks / CLOCK_TICKS


class MemorySampler:
    """The peak of `tree_rss_bytes` over a process's life, sampled in a background thread."""

    def __init__(self, pid: int) -> None:
        self._pid = pid
        self._peak = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._sample, daemon=True)
        self._thread.start()

    def _sample(self) -> None:
        while not self._stop.wait(MEMORY_SAMPLE_SECONDS):
            self._peak = max(self._peak, tree_rss_bytes(self._pid))

    def stop(self) -> float:
        """Stops sampling; returns the peak in MB."""
        self._stop.set()
        self._thread.join()
        return self._peak / 2**20


def _max_rss_mb(usage: resource.struct_rusage) -> float:
    """ru_maxrss in MB: kilobytes on Linux, bytes on macOS."""
    return usage.ru_maxrss / (2**20 if sys.platform == "darwin" else 2**10)


def build(mkdocs: Path, project: Path, log: Path) -> Build:
    """Runs `mkdocs build` in `project`; raises with the log's end if it fails.

    CPU time is the rusage of the finished process, which on Linux includes every
    descendant it waited for (the analysis helper). Peak memory is the larger of the
    sampled tree (all processes at once) and the largest single process's exact maximum
    from rusage (which sampling can miss between samples).
    """
    with log.open("w", encoding="utf-8") as output:
        start = time.perf_counter()
        process = subprocess.Popen(
            [str(mkdocs), "build"], cwd=project, stdin=subprocess.DEVNULL, stdout=output, stderr=output
        )
        sampler = MemorySampler(process.pid)
        _, status, usage = os.wait4(process.pid, 0)
        seconds = time.perf_counter() - start
        process.returncode = os.waitstatus_to_exitcode(status)
        sampled = sampler.stop()
    text = log.read_text(encoding="utf-8", errors="replace")
    if process.returncode != 0:
        raise RuntimeError(f"mkdocs build failed in {project}:\n{_tail(text)}")
    cpu = usage.ru_utime + usage.ru_stime
    return Build(seconds, cpu, max(sampled, _max_rss_mb(usage)), text)


def _tail(text: str, lines: int = 30) -> str:
    return "\n".join(text.splitlines()[-lines:])


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Server:
    """`mkdocs serve` with livereload, as a user runs it while curating.

    Its server holds a request while a rebuild runs (it never serves a half-built site),
    so polling a page measures when a reader would see the change.
    """

    def __init__(self, mkdocs: Path, project: Path, log: Path) -> None:
        self._command = [str(mkdocs), "serve", "-a", f"127.0.0.1:{free_port()}"]
        self._project = project
        self._log_path = log
        self.base = "http://" + self._command[-1]
        self.startup_seconds = 0.0
        self.startup_cpu_seconds = 0.0
        self.peak_mb = 0.0

    def __enter__(self) -> Server:
        self._log = self._log_path.open("w", encoding="utf-8")
        start = time.perf_counter()
        self._process = subprocess.Popen(
            self._command, cwd=self._project, stdin=subprocess.DEVNULL, stdout=self._log, stderr=self._log
        )
        self._sampler = MemorySampler(self._process.pid)
        try:
            self.wait_for("/", "")
        except BaseException:
            self.__exit__(None, None, None)
            raise
        self.startup_seconds = time.perf_counter() - start
        self.startup_cpu_seconds = self.cpu_seconds()
        return self

    def cpu_seconds(self) -> float:
        """CPU time the server's process tree has used so far (see `tree_cpu_seconds`)."""
        return tree_cpu_seconds(self._process.pid)

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        """Stops the server as Ctrl-C does, so that it removes its temporary site."""
        self.peak_mb = self._sampler.stop()
        if self._process.poll() is None:
            self._process.send_signal(signal.SIGINT)
            try:
                self._process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                self._process.kill()
                self._process.wait()
        self._log.close()

    def get(self, path: str) -> str | None:
        """The page's HTML, or None while it is not there (404, server not up yet)."""
        try:
            with urllib.request.urlopen(self.base + path, timeout=TIMEOUT_SECONDS) as response:
                return str(response.read().decode("utf-8", errors="replace"))
        except (urllib.error.URLError, ConnectionError):
            return None

    def wait_for(self, path: str, text: str) -> str:
        """Polls `path` until it is served with `text` in it; returns the page."""
        deadline = time.monotonic() + TIMEOUT_SECONDS
        while True:
            page = self.get(path)
            if page is not None and text in page:
                return page
            if self._process.poll() is not None or time.monotonic() > deadline:
                log = self._log_path.read_text(encoding="utf-8", errors="replace")
                raise RuntimeError(f"{path} never showed {text!r} in {self._project}:\n{_tail(log)}")
            time.sleep(POLL_SECONDS)

    def wait_for_link(self, path: str, text: str) -> str:
        """Polls `path` until a link whose text holds `text` appears; returns the link's path."""
        page = self.wait_for(path, text)
        link = re.search(r'<a [^>]*href="([^"#]+)"[^>]*>[^<]*' + re.escape(text), page)
        if link is None:
            raise RuntimeError(f"no link whose text holds {text!r} on {path}")
        return str(urllib.parse.urlparse(urllib.parse.urljoin(self.base + path, link[1])).path)
