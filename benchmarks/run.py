"""Measure papershelf against plain MkDocs on synthetic libraries, in one run.

    python benchmarks/run.py --papers 1000 10000 --runs 3 [--serve] [--first] [--write docs/benchmarks.md]

For each library size it measures, each `--runs` times (medians are reported):

* `mkdocs build` of a site using the plugin: wall time, peak memory (max RSS of the
  process), pages written, the largest HTML page, and the plugin's own work: the wall time
  spent inside papershelf's event handlers during that build (what MkDocs waits for), and
  the CPU time of the processes the plugin forks (the work done beside MkDocs);
* the plugin's work stage by stage, all in one fresh process: the analysis (reading
  snapshots, merging, tokenising, topics, authors, the outline of the generated files;
  `total` is their sum), then what the page and data processes do during a build (related
  papers, BibTeX entries, then the pages' HTML and the export files: `made`);
* `mkdocs build` of a plain Material site with the same number of simple pages and the same
  navigation (five entries; the other pages kept out of the nav, as paper pages are): the
  baseline of the same run;
* with `--serve`: how long `mkdocs serve` takes to show a snapshot added while it runs.

Each build finds the previous build's site, which MkDocs cleans first (as when building
again in the same folder); with `--first`, both sites' builds start from none, as on a fresh
clone.

Ratios compare the two builds of the same run, since these machines are noisy.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from generate import generate  # noqa: E402

SITE_CONFIG = """\
site_name: Bench
theme: {{name: material, font: false}}
plugins:
  - search
{plugin}
nav:
  - index.md
{nav}
"""
NAV_SECTIONS = ("papers", "topics", "authors", "timeline")
PLUGIN_NAV = "".join(f"  - {section}/index.md\n" for section in NAV_SECTIONS)
# `mkdocs build` with papershelf's event handlers timed; the total, and the CPU time of the
# processes the plugin forked, go to the file argv[1].
TIMED_BUILD = """
import sys, time, functools, json, resource
from papershelf.site.plugin import PapershelfPlugin
spent = [0.0]
def timed(handler):
    @functools.wraps(handler)
    def run(*args, **kwargs):
        start = time.perf_counter()
        try:
            return handler(*args, **kwargs)
        finally:
            spent[0] += time.perf_counter() - start
    return run
for name in dir(PapershelfPlugin):
    if name.startswith("on_"):
        setattr(PapershelfPlugin, name, timed(getattr(PapershelfPlugin, name)))
from mkdocs.__main__ import cli
try:
    cli(["build", "-q"])
finally:
    children = resource.getrusage(resource.RUSAGE_CHILDREN)  # papershelf's forked processes
    json.dump({"hooks": spent[0], "aside_cpu": children.ru_utime + children.ru_stime}, open(sys.argv[1], "w"))
"""


def run_build(site: Path, timed: bool = False, first: bool = False) -> dict[str, float]:
    """Wall time and peak RSS of one `mkdocs build` in its own process (and with `timed`, the
    time spent in the plugin's handlers); with `first`, the previous build's site is removed
    beforehand, as on a fresh clone."""
    if first:
        shutil.rmtree(site / "site", ignore_errors=True)
    hooks = site / "hooks-seconds.txt"
    command = [sys.executable, "-c", TIMED_BUILD, str(hooks)]
    if not timed:
        command = [sys.executable, "-m", "mkdocs", "build", "-q"]
    start = time.perf_counter()
    process = subprocess.Popen(command, cwd=site, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    if status != 0:
        raise SystemExit(
            f"mkdocs build failed in {site}: {process.stderr.read().decode() if process.stderr else ''}"
        )
    result = {"wall": wall, "rss_mb": usage.ru_maxrss / 1024}
    if timed:
        result.update(json.loads(hooks.read_text()))
    return result


def site_stats(site: Path) -> dict[str, float]:
    pages = list((site / "site").rglob("*.html"))
    return {
        "pages": len(pages),
        "largest_kb": max(p.stat().st_size for p in pages) / 1024,
        "search_mb": (site / "site" / "search" / "search_index.json").stat().st_size / 1e6,
    }


def plugin_site(work: Path, papers: int) -> Path:
    site = work / f"plugin-{papers}"
    if not site.exists():
        generate(papers, site / "snapshots")
        (site / "docs").mkdir(parents=True)
        (site / "docs" / "index.md").write_text("# Bench\n", encoding="utf-8")
        (site / "mkdocs.yml").write_text(
            SITE_CONFIG.format(plugin="  - papershelf", nav=PLUGIN_NAV), encoding="utf-8"
        )
    return site


def plain_site(work: Path, pages: int) -> Path:
    """Material site with `pages` pages of about a paper page's text: five in the nav (as the
    plugin's site has), the others out of it."""
    site = work / f"plain-nav-{pages}"
    if not site.exists():
        docs = site / "docs"
        (docs / "p").mkdir(parents=True)
        (docs / "index.md").write_text("# Bench\n", encoding="utf-8")
        for section in NAV_SECTIONS:
            (docs / section).mkdir()
            (docs / section / "index.md").write_text(f"# {section.title()}\n", encoding="utf-8")
        body = ("Some abstract text of a paper, about as long as a listing shows it. " * 8).strip()
        for number in range(pages - 1 - len(NAV_SECTIONS)):
            (docs / "p" / f"{number}.md").write_text(
                f"# Page {number}\n\nAuthor One, Author Two · 7 August 2026\n\n## Abstract\n\n{body}\n\n"
                f"## BibTeX\n\n```\n@misc{{key{number},\n  title = {{Page {number}}}\n}}\n```\n",
                encoding="utf-8",
            )
        config = SITE_CONFIG.format(plugin="", nav=PLUGIN_NAV) + "not_in_nav: |\n  /p/*\n"
        (site / "mkdocs.yml").write_text(config, encoding="utf-8")
    return site


STAGES = """
import json, sys, time
from pathlib import Path
from papershelf.folder import SnapshotFolder
from papershelf.keys import KeyBook
from papershelf.library import build_library
from papershelf.site.pages import SitePlan
t = {}
clock = time.perf_counter()
def lap(name):
    global clock
    now = time.perf_counter(); t[name] = now - clock; clock = now
listings = SnapshotFolder(Path(sys.argv[1])).listings(); lap("read")
library = build_library(listings, KeyBook({}, {})).library; lap("merge")
plan = SitePlan(library)
plan.corpus; lap("tokenise")
plan.topic_index; lap("topics")
plan.authors; lap("authors")
files = list(plan.files()); lap("outline")
t["total"] = sum(t.values())
plan.related; lap("related")
for key in (paper.key for paper in library.papers): plan.bibtex(key)
lap("bibtex")
for planned in files: planned.made()
lap("made")
print(json.dumps(t))
"""


def plugin_work(site: Path) -> dict[str, float]:
    result = subprocess.run(
        [sys.executable, "-c", STAGES, str(site / "snapshots")], capture_output=True, text=True, check=True
    )
    return json.loads(result.stdout)


def serve_rebuild(site: Path, papers: int) -> float:
    """Seconds from a new snapshot's arrival to `mkdocs serve` having rebuilt the site."""
    port = 8500 + papers % 400
    process = subprocess.Popen(
        [sys.executable, "-m", "mkdocs", "serve", "--dev-addr", f"127.0.0.1:{port}"],
        cwd=site,
        stderr=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        text=True,
    )
    assert process.stderr is not None
    try:
        for line in process.stderr:
            if "Serving on" in line:
                break
        extra = Path(tempfile.mkdtemp())
        generate(40, extra, seed=papers + 7)
        start = time.perf_counter()
        shutil.copy(next(extra.glob("*.txt")), site / "snapshots" / "zz-added.txt")
        for line in process.stderr:
            if "Reloading browsers" in line:
                return time.perf_counter() - start
        raise SystemExit("serve never rebuilt")
    finally:
        process.terminate()
        process.wait(timeout=30)
        (site / "snapshots" / "zz-added.txt").unlink(missing_ok=True)


def measure(work: Path, papers: int, runs: int, serve: bool, first: bool) -> dict[str, float]:
    site = plugin_site(work, papers)
    builds, plains, works = [], [], []
    for _ in range(runs):
        builds.append(run_build(site, timed=True, first=first))
        stats = site_stats(site)
        plain = plain_site(work, int(stats["pages"]))
        plains.append(run_build(plain, first=first))
        works.append(plugin_work(site))
    median = lambda rows, key: statistics.median(row[key] for row in rows)  # noqa: E731
    row = {
        "papers": papers,
        **stats,
        "build": median(builds, "wall"),
        "plain": median(plains, "wall"),
        "rss_mb": median(builds, "rss_mb"),
        "plain_rss_mb": median(plains, "rss_mb"),
        "work": median(builds, "hooks"),
        "aside_cpu": median(builds, "aside_cpu"),
        **{f"work_{k}": median(works, k) for k in works[0]},
    }
    row["ratio"] = row["build"] / row["plain"]
    row["work_share"] = row["work"] / row["build"]
    row["per_paper_ms"] = 1000 * row["build"] / papers
    if serve:
        row["serve_rebuild"] = serve_rebuild(site, papers)
    return row


def table(rows: list[dict[str, float]]) -> str:
    lines = [
        "| papers | pages | build (s) | plain MkDocs (s) | ratio | plugin work (s) | share "
        "| other processes' CPU (s) | peak RSS (MB) | largest page (KB) | search index (MB) "
        "| build per paper (ms) | serve rebuild (s) |",
        "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in rows:
        serve = f"{r['serve_rebuild']:.1f}" if "serve_rebuild" in r else "–"
        lines.append(
            f"| {r['papers']:,} | {r['pages']:,} | {r['build']:.1f} | {r['plain']:.1f} | {r['ratio']:.2f}x "
            f"| {r['work']:.1f} | {100 * r['work_share']:.0f}% | {r['aside_cpu']:.1f} | {r['rss_mb']:.0f} "
            f"| {r['largest_kb']:.0f} "
            f"| {r['search_mb']:.1f} | {r['per_paper_ms']:.1f} | {serve} |"
        )
    stages = [k for k in rows[0] if k.startswith("work_") and k != "work_share"]  # total last
    lines += [
        "",
        "The plugin's stages, all in one process (s, medians): the analysis up to `total`, "
        "then what the page and data processes do beside MkDocs:",
        "",
        "| papers | " + " | ".join(s.removeprefix("work_") for s in stages) + " |",
        "|---:|" + "---:|" * len(stages),
    ]
    for r in rows:
        lines.append(f"| {r['papers']:,} | " + " | ".join(f"{r[s]:.2f}" for s in stages) + " |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--papers", type=int, nargs="+", default=[1000, 10000])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--serve", action="store_true", help="also time a serve rebuild")
    parser.add_argument(
        "--first",
        action="store_true",
        help="first builds: remove the previous site before each build, of both sites",
    )
    parser.add_argument("--work", type=Path, default=Path(tempfile.gettempdir()) / "papershelf-bench")
    parser.add_argument("--write", type=Path, help="replace the table between the markers in this file")
    args = parser.parse_args()
    args.work.mkdir(parents=True, exist_ok=True)
    rows = []
    for papers in args.papers:
        rows.append(measure(args.work, papers, args.runs, args.serve, args.first))
        print(json.dumps(rows[-1]), file=sys.stderr, flush=True)
    result = table(rows)
    print(result)
    if args.write:
        text = args.write.read_text(encoding="utf-8")
        start, end = "<!-- benchmark:start -->", "<!-- benchmark:end -->"
        head, _, rest = text.partition(start)
        _, _, tail = rest.partition(end)
        args.write.write_text(f"{head}{start}\n{result}\n{end}{tail}", encoding="utf-8")


if __name__ == "__main__":
    main()
