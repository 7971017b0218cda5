"""Time what a papershelf user waits for, against plain MkDocs on the same library, in one run.

    python benchmarks/run.py --papers 1000 10000 50000 --runs 3 [--serve-up-to 10000]
        [--workdir DIR] [--write docs/benchmarks.md]

For each size, generate.py writes the library twice: as papershelf's project (snapshots)
and as plain MkDocs + Material with one plain page per paper. Each project is built once
untimed (so every measured build finds the citation-key file a committed project has, and
warm disk caches), then `--runs` times, alternating which project goes first:

* first build, as on a fresh clone: `mkdocs build` with no site folder and no plugin cache
  (CACHE_DIRS), and no files deleted just before (see `Attic`); the first builds of all runs
  come before any other measure of the size, since every other measure deletes files;
* first build right after deleting the site folder and the plugin cache (`rm -rf`);
* rebuild: `mkdocs build` again, with both (MkDocs empties the site folder first);
* a session of `mkdocs serve` with livereload on a free port: time to the first page; a new
  snapshot saved (plain: a new paper page written) until the new paper's page is served; the
  reading list edited, then an ordinary docs page edited, each until the edit is served;
* peak memory of the builds and of the serve session, all processes of the tree at once;
* CPU time (user + system of the whole process tree) of each build and each serve measure.

Before the first size it times making 1,000 small files in the work folder: that, and
plain MkDocs's build time per page, head the results, so that a slow disk (which adds the
same seconds to both projects and so flatters a wall-clock ratio) shows.

Libraries larger than `--serve-up-to` papers measure the builds only.

It prints the tables (medians, min-max, ratios papershelf / plain of wall-clock and CPU time,
each target with its verdict);
`--write PAGE` regenerates the benchmark page, keeping the notes below its notes marker.
It runs `mkdocs` from the repository's `.venv` (the installed plugin) unless `--mkdocs`.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import ClassVar

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from generate import (  # noqa: E402
    DOCS_PAGE,
    LIST_PAGE,
    generate,
    plain_probe_url,
    write_plain_probe,
    write_probe_snapshot,
)
from processes import Build, Server, build  # noqa: E402
from report import CPU, NOTES_MARKER, SizeResult, disk_speed, page, tables  # noqa: E402

REPO = HERE.parent
MKDOCS = REPO / ".venv" / "bin" / "mkdocs"
CACHE_DIRS = (".cache/plugin/papershelf",)  # the plugin's on-disk cache (its `cache_dir` option)
KEYS_FILE = "citation-keys.tsv"  # the plugin's default key file, beside mkdocs.yml
SERVE_UP_TO = 10_000  # sizes above it measure builds only: a serve session of 50,000 papers
# takes most of an hour, and the serve targets are about the libraries users curate
SETTLE_SECONDS = 1.0  # before each serve change: the watcher has seen the previous one
SMALL_FILES = 1000
SMALL_FILE = b"x" * 2048  # about a small HTML page's size


class Attic:
    """Where the benchmark puts what it would delete, until its last measure is taken.

    On the machine of the benchmark page (ext4 with `discard`, no journal), making files
    right after deleting many is two to three times as slow as making them where nothing
    was deleted, so a build right after `rm -rf site` is slower than a first build on a
    fresh clone, which meets no such deletion: first builds find their projects' old
    sites and caches moved here, and the attic is emptied when every size is measured."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def take(self, path: Path) -> None:
        if path.exists():
            self.folder.mkdir(parents=True, exist_ok=True)
            path.rename(self.folder / f"{uuid.uuid4().hex[:8]}-{path.name}")

    def empty(self) -> None:
        shutil.rmtree(self.folder, ignore_errors=True)


class Project(ABC):
    """One of the two MkDocs projects of a library, and how a new paper arrives in it."""

    kind: ClassVar[str]

    def __init__(self, root: Path) -> None:
        self.root = root

    def clear(self) -> None:
        """No site folder, no cache: deleted, as `rm -rf site .cache` does."""
        for folder in ("site", *CACHE_DIRS):
            shutil.rmtree(self.root / folder, ignore_errors=True)

    def set_aside(self, attic: Attic) -> None:
        """No site folder, no cache, as on a fresh clone: moved to the attic, not deleted."""
        for folder in ("site", *CACHE_DIRS):
            attic.take(self.root / folder)

    @abstractmethod
    def add_paper(self, token: str) -> Path:
        """Writes a new paper with `token` in its title; returns the file written."""

    @abstractmethod
    def paper_url(self, server: Server, token: str) -> str:
        """The URL path of that paper's page (waiting, if need be, for it to be linked)."""


class PapershelfProject(Project):
    kind = "papershelf"

    def add_paper(self, token: str) -> Path:
        return write_probe_snapshot(self.root / "snapshots", token)

    def paper_url(self, server: Server, token: str) -> str:
        """Found on the list of all papers (newest first), since the key is the plugin's choice."""
        return server.wait_for_link("/papers/", token)


class PlainProject(Project):
    kind = "plain"

    def add_paper(self, token: str) -> Path:
        return write_plain_probe(self.root / "docs", token)

    def paper_url(self, server: Server, token: str) -> str:
        return plain_probe_url(token)


def url_of(page_file: str) -> str:
    """A docs page's URL path with MkDocs's directory URLs (`lists/reading.md` -> `/lists/reading/`)."""
    return "/" + page_file.removesuffix(".md") + "/"


def edit_list(path: Path, token: str) -> None:
    """A note added to the list's first item, as a user edits a reading list."""
    lines = path.read_text(encoding="utf-8").split("\n")
    first = next(i for i, line in enumerate(lines) if line.startswith("- ["))
    lines[first] += f", edited {token}"
    path.write_text("\n".join(lines), encoding="utf-8")


def edit_docs(path: Path, token: str) -> None:
    path.write_text(path.read_text(encoding="utf-8") + f"\nEdited {token}.\n", encoding="utf-8")


@contextmanager
def restored(paths: list[Path]) -> Iterator[list[Path]]:
    """Puts `paths` back as they were afterwards, and deletes the files the caller adds to the
    yielded list, so that every run starts from the same project."""
    saved = {path: path.read_bytes() if path.exists() else None for path in paths}
    created: list[Path] = []
    try:
        yield created
    finally:
        for path in created:
            path.unlink(missing_ok=True)
        for path, content in saved.items():
            if content is None:
                path.unlink(missing_ok=True)
            else:
                path.write_bytes(content)


def timed_change(
    server: Server, change: Callable[[], object], shown: Callable[[], object]
) -> tuple[float, float]:
    """Seconds from making a change to seeing it served: wall-clock, and the CPU time the
    server's processes spent meanwhile."""
    time.sleep(SETTLE_SECONDS)
    start, cpu = time.perf_counter(), server.cpu_seconds()
    change()
    shown()
    return time.perf_counter() - start, server.cpu_seconds() - cpu


def serve_session(project: Project, mkdocs: Path, log: Path) -> dict[str, float]:
    """One `mkdocs serve` with livereload: start, a new paper, a list edit, a docs page edit;
    each time with its CPU time (key + `CPU`)."""
    token = uuid.uuid4().hex[:8]
    docs = project.root / "docs"
    touched = [docs / LIST_PAGE, docs / DOCS_PAGE, project.root / KEYS_FILE]
    with restored(touched) as created, Server(mkdocs, project.root, log) as server:
        times = {"serve_start": server.startup_seconds, "serve_start" + CPU: server.startup_cpu_seconds}
        paper = f"{token}n"
        changes: dict[str, tuple[Callable[[], object], Callable[[], object]]] = {
            "serve_new_paper": (
                lambda: created.append(project.add_paper(paper)),
                lambda: server.wait_for(project.paper_url(server, paper), paper),
            ),
            "serve_list_edit": (
                lambda: edit_list(docs / LIST_PAGE, f"{token}l"),
                lambda: server.wait_for(url_of(LIST_PAGE), f"{token}l"),
            ),
            "serve_docs_edit": (
                lambda: edit_docs(docs / DOCS_PAGE, f"{token}d"),
                lambda: server.wait_for(url_of(DOCS_PAGE), f"{token}d"),
            ),
        }
        for key, (change, shown) in changes.items():
            times[key], times[key + CPU] = timed_change(server, change, shown)
    return {**times, "serve_memory": server.peak_mb}


def small_files_seconds(workdir: Path, attic: Attic) -> float:
    """Median seconds of three tries at making SMALL_FILES small files in a new folder of
    `workdir`: how fast this disk makes files. The folders go to the attic, not deleted, so
    that no deletion slows what is measured after (see `Attic`)."""
    tries = []
    for _ in range(3):
        folder = workdir / f"small-files-{uuid.uuid4().hex[:8]}"
        start = time.perf_counter()
        folder.mkdir()
        for number in range(SMALL_FILES):
            (folder / f"{number:04d}.html").write_bytes(SMALL_FILE)
        tries.append(time.perf_counter() - start)
        attic.take(folder)
    return statistics.median(tries)


def count_pages(site: Path) -> int:
    return sum(1 for _ in site.rglob("*.html"))


def progress(papers: int, kind: str, what: str, value: float, unit: str = "s") -> None:
    print(f"{papers:>7,} papers  {kind:<10}  {what:<16} {value:10.1f} {unit}", file=sys.stderr, flush=True)


BUILDS = ("first_build", "build_after_delete", "rebuild")
"""The measured builds, by how each finds its project (see `timed_build`)."""


def timed_build(project: Project, mkdocs: Path, log: Path, key: str, attic: Attic) -> Build:
    """A build of `key` (one of BUILDS): first builds find no site folder and no cache."""
    if key == "first_build":
        project.set_aside(attic)
    elif key == "build_after_delete":
        project.clear()
    return build(mkdocs, project.root, log)


def measure_size(
    papers: int, runs: int, workdir: Path, mkdocs: Path, seed: int, serve: bool, attic: Attic
) -> SizeResult:
    """All measures for one library size (`serve`: with the serve session), both projects
    interleaved in each run. The first builds of all runs come first: every other measure
    deletes files (MkDocs empties the site folder before a rebuild and after serving)."""
    out = workdir / f"{papers}-papers"
    attic.take(out)
    stats = generate(papers, out, seed)
    print(stats.summary(), file=sys.stderr, flush=True)
    logs = out / "logs"
    logs.mkdir()
    projects: list[Project] = [PapershelfProject(out / "papershelf"), PlainProject(out / "plain")]
    result = SizeResult(papers, stats)
    for project in projects:
        warmup = timed_build(project, mkdocs, logs / f"{project.kind}-warmup.log", "first_build", attic)
        result.pages[project.kind] = count_pages(project.root / "site")
        result.warnings[project.kind] = warmup.warnings()
        progress(papers, project.kind, "warm-up build", warmup.seconds)
    peaks = [{project.kind: 0.0 for project in projects} for _ in range(runs)]

    def in_turn(run: int) -> list[Project]:
        """The projects in the order they go in `run`: which goes first alternates."""
        return projects if run % 2 == 0 else projects[::-1]

    def measure_builds(run: int, keys: tuple[str, ...]) -> None:
        for key in keys:
            for project in in_turn(run):
                log = logs / f"{project.kind}-{key}-{run}.log"
                done = timed_build(project, mkdocs, log, key, attic)
                result.samples[project.kind][key].append(done.seconds)
                result.samples[project.kind][key + CPU].append(done.cpu_seconds)
                peaks[run][project.kind] = max(peaks[run][project.kind], done.peak_mb)
                progress(papers, project.kind, key, done.seconds)
                progress(papers, project.kind, key, done.cpu_seconds, "s CPU")

    for run in range(runs):
        measure_builds(run, BUILDS[:1])
    for run in range(runs):
        measure_builds(run, BUILDS[1:])
        for project in in_turn(run):
            result.samples[project.kind]["build_memory"].append(peaks[run][project.kind])
            if not serve:
                continue
            session = serve_session(project, mkdocs, logs / f"{project.kind}-serve-{run}.log")
            for key, value in session.items():
                result.samples[project.kind][key].append(value)
                unit = "MB" if key.endswith("memory") else "s CPU" if key.endswith(CPU) else "s"
                progress(papers, project.kind, key.removesuffix(CPU), value, unit)
    return result


VERSIONS = (
    "import json, platform, importlib.metadata as m; print(json.dumps({'Python': platform.python_version(), "
    "'MkDocs': m.version('mkdocs'), 'Material': m.version('mkdocs-material'), 'Babel': m.version('babel')}))"
)


COMPILE = (
    "import compileall, os, sys, papershelf; "
    "sys.exit(not compileall.compile_dir(os.path.dirname(papershelf.__file__), quiet=1))"
)


def bytecode(mkdocs: Path) -> str:
    """The plugin compiled to bytecode, as pip compiles MkDocs and Material when it installs
    them: run from a checkout where `PYTHONDONTWRITEBYTECODE` is set, the plugin would be
    compiled from source in every build (0.1 s of each, and of each export helper) while
    MkDocs and Material are not."""
    python = mkdocs.parent / "python"
    subprocess.run([str(python), "-c", COMPILE], check=True)
    return "Bytecode: papershelf's modules compiled before the runs, as pip compiles MkDocs's and Material's"


def _git(*args: str) -> str:
    return subprocess.run(["git", *args], cwd=REPO, capture_output=True, text=True, check=True).stdout.strip()


def machine(mkdocs: Path) -> str:
    """Cores, CPU, memory and the versions that the measured `mkdocs` runs with."""
    python = mkdocs.parent / "python"
    found = subprocess.run([str(python), "-c", VERSIONS], capture_output=True, check=True)
    versions = json.loads(found.stdout)
    cpu, memory = platform.processor() or platform.machine(), ""
    info = Path("/proc/cpuinfo")
    if info.exists():
        lines = info.read_text().splitlines()
        models = [line.split(":", 1)[1].strip() for line in lines if line.startswith("model name")]
        cpu = models[0] if models else cpu
    meminfo = Path("/proc/meminfo")
    if meminfo.exists():
        memory = f", {int(meminfo.read_text().split()[1]) / 2**20:.1f} GB memory"
    tools = ", ".join(f"{name} {version}" for name, version in versions.items())
    return f"{os.cpu_count()} cores ({cpu}){memory}, {platform.system()}; {tools}"


def load() -> str:
    """The machine's 1-minute load average: other work on it shows in every timing."""
    return f"{os.getloadavg()[0]:.1f}" if hasattr(os, "getloadavg") else "–"


def context(args: argparse.Namespace) -> list[str]:
    """The lines that say what was measured: command, commit, date, machine."""
    command = f"python benchmarks/run.py --papers {' '.join(map(str, args.papers))} --runs {args.runs}"
    if args.serve_up_to != SERVE_UP_TO:
        command += f" --serve-up-to {args.serve_up_to}"
    if args.seed != 42:
        command += f" --seed {args.seed}"
    if args.write and not args.write.is_absolute():
        command += f" --write {args.write}"
    page = [f":(exclude){args.write}"] if args.write and not args.write.is_absolute() else []
    dirty = " with uncommitted changes" if _git("status", "--porcelain", "--", ".", *page) else ""
    return [
        f"Command: `{command}`",
        f"Commit: `{_git('rev-parse', '--short', 'HEAD')}`{dirty}",
        f"Date: {dt.date.today().isoformat()}",
        f"Machine: {machine(args.mkdocs)}",
        bytecode(args.mkdocs),
    ]


def write_page(path: Path, results: list[SizeResult], args: argparse.Namespace, lines: list[str]) -> None:
    """Regenerates the page, keeping whatever follows its notes marker."""
    old = path.read_text(encoding="utf-8") if path.exists() else ""
    notes = old.partition(NOTES_MARKER)[2].lstrip("\n")
    path.write_text(page(results, args.runs, lines, notes), encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--papers", type=int, nargs="+", default=[1000, 10000])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument(
        "--serve-up-to",
        type=int,
        default=SERVE_UP_TO,
        help="larger libraries measure builds only (the serve targets name 1,000 papers)",
    )
    parser.add_argument("--seed", type=int, default=42)
    parser.add_argument("--workdir", type=Path, help="where to generate the libraries (default: temporary)")
    parser.add_argument("--mkdocs", type=Path, default=MKDOCS, help="mkdocs to run (default: the .venv's)")
    parser.add_argument("--write", type=Path, help="regenerate this benchmark page (docs/benchmarks.md)")
    args = parser.parse_args()
    lines = context(args)  # before the runs: the commit measured is the one checked out now
    load_before = load()
    with tempfile.TemporaryDirectory(prefix="papershelf-bench-") as temporary:
        workdir = args.workdir or Path(temporary)
        workdir.mkdir(parents=True, exist_ok=True)
        attic = Attic(workdir / "attic")
        try:
            files_seconds = small_files_seconds(workdir, attic)
            results = [
                measure_size(
                    papers, args.runs, workdir, args.mkdocs, args.seed, papers <= args.serve_up_to, attic
                )
                for papers in args.papers
            ]
        finally:
            attic.empty()
    lines.append(f"Load average (1 minute) before and after the runs: {load_before} and {load()}")
    lines.append(disk_speed(results, files_seconds))
    print("\n".join(f"- {line}" for line in lines) + "\n\n" + tables(results, args.runs))
    if args.write:
        write_page(args.write, results, args, lines)


if __name__ == "__main__":
    main()
