"""The benchmark's results as Markdown: one table per measure, the libraries, and the targets.

Ratios are papershelf's median over plain MkDocs's median of the same run: these machines
are noisy, so only measurements taken side by side are compared.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass, field

from generate import Stats

__all__ = ["MEASURES", "NOTES_MARKER", "Measure", "SizeResult", "page", "tables"]

KINDS = ("papershelf", "plain")
NOTES_MARKER = "<!-- notes: everything below this line is kept when the page is regenerated -->"
MEMORY_LIMIT_MB = 2048
BUILD_RATIO = 1.25
NEW_SNAPSHOT_RATIO = 1.5
EDIT_RATIO = 1.2
PER_PAPER_RATIO = 1.3


@dataclass(frozen=True)
class Measure:
    key: str
    title: str
    unit: str


MEASURES = (
    Measure(
        "first_build",
        "First build, as on a fresh clone: `mkdocs build` with no site folder, no plugin cache, "
        "and no files deleted just before",
        "s",
    ),
    Measure(
        "build_after_delete",
        "First build right after deleting the site folder and the plugin cache (`rm -rf`)",
        "s",
    ),
    Measure("rebuild", "Rebuild: `mkdocs build` again, site folder and plugin cache present", "s"),
    Measure("serve_start", "`mkdocs serve`: from start until the home page is served", "s"),
    Measure(
        "serve_new_paper",
        "`mkdocs serve`: a new snapshot saved (plain: a new paper page written) until the new "
        "paper's page is served",
        "s",
    ),
    Measure(
        "serve_list_edit",
        "`mkdocs serve`: the reading list edited (plain: the same page) until the edit is served",
        "s",
    ),
    Measure("serve_docs_edit", "`mkdocs serve`: an ordinary docs page edited until the edit is served", "s"),
    Measure("build_memory", "Peak memory of a build (all its processes at once; the largest of a run)", "MB"),
    Measure("serve_memory", "Peak memory of `mkdocs serve` over the session above", "MB"),
)


@dataclass
class SizeResult:
    """Everything measured for one library size."""

    papers: int
    stats: Stats
    pages: dict[str, int] = field(default_factory=dict)  # HTML pages each project built
    warnings: dict[str, int] = field(default_factory=dict)
    samples: dict[str, dict[str, list[float]]] = field(
        default_factory=lambda: {kind: {m.key: [] for m in MEASURES} for kind in KINDS}
    )

    def median(self, kind: str, key: str) -> float | None:
        values = self.samples[kind][key]
        return statistics.median(values) if values else None

    def ratio(self, key: str) -> float | None:
        mine, plain = self.median("papershelf", key), self.median("plain", key)
        return mine / plain if mine is not None and plain else None


def _value(values: list[float], unit: str) -> str:
    """Median, with min-max when there are several runs."""
    if not values:
        return "–"
    digits = 1 if unit == "s" else 0
    text = f"{statistics.median(values):,.{digits}f} {unit}"
    if len(values) > 1:
        text += f" ({min(values):,.{digits}f}–{max(values):,.{digits}f})"
    return text


def _ratio(value: float | None) -> str:
    return "–" if value is None else f"{value:.2f}x"


def measure_table(results: list[SizeResult], measure: Measure) -> str:
    lines = [
        f"### {measure.title}",
        "",
        "| papers | papershelf | plain MkDocs | papershelf / plain |",
        "|---:|---:|---:|---:|",
    ]
    for result in results:
        cells = [_value(result.samples[kind][measure.key], measure.unit) for kind in KINDS]
        lines.append(f"| {result.papers:,} | {cells[0]} | {cells[1]} | {_ratio(result.ratio(measure.key))} |")
    return "\n".join(lines)


def library_table(results: list[SizeResult]) -> str:
    lines = [
        "| papers | distinct authors | authors with 2+ papers | most papers by one author | snapshots "
        "| pages papershelf built | pages plain MkDocs built | build warnings (papershelf / plain) |",
        "|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in results:
        s = r.stats
        repeated = f"{s.repeated_authors:,} ({s.repeated_authors / s.papers:.2f} per paper)"
        pages = " | ".join(f"{r.pages.get(kind, 0):,}" for kind in KINDS)
        warnings = " / ".join(str(r.warnings.get(kind, 0)) for kind in KINDS)
        lines.append(
            f"| {s.papers:,} | {s.authors:,} | {repeated} | {s.most_papers} | {s.snapshots:,} "
            f"| {pages} | {warnings} |"
        )
    return "\n".join(lines)


BUILD_LABELS = (
    ("first_build", "first build as on a fresh clone"),
    ("build_after_delete", "first build right after `rm -rf site .cache`"),
    ("rebuild", "rebuild"),
)


@dataclass(frozen=True)
class Target:
    goal: str
    measured: str
    met: bool | None  # None: not measured

    def row(self) -> str:
        verdict = {True: "met", False: "**not met**", None: "not measured"}[self.met]
        return f"| {self.goal} | {self.measured} | {verdict} |"


def _ratio_target(result: SizeResult | None, key: str, limit: float, goal: str) -> Target:
    ratio = result.ratio(key) if result else None
    return Target(goal, _ratio(ratio), None if ratio is None else ratio <= limit)


def targets(results: list[SizeResult]) -> list[Target]:
    """The issue's targets, each judged on the medians of this run."""
    by_size = {result.papers: result for result in results}
    rows = []
    for papers in (1000, 10000):
        for key, label in BUILD_LABELS:
            goal = f"`mkdocs build` of {papers:,} papers, {label}: at most {BUILD_RATIO}x plain"
            rows.append(_ratio_target(by_size.get(papers), key, BUILD_RATIO, goal))
    for result in results:
        serve = f"`mkdocs serve`, {result.papers:,} papers"
        rows += [
            _ratio_target(
                result,
                "serve_new_paper",
                NEW_SNAPSHOT_RATIO,
                f"{serve}: new snapshot on its page within {NEW_SNAPSHOT_RATIO}x of plain's new page",
            ),
            _ratio_target(
                result, "serve_list_edit", EDIT_RATIO, f"{serve}: reading list edit within {EDIT_RATIO}x"
            ),
            _ratio_target(
                result, "serve_docs_edit", EDIT_RATIO, f"{serve}: docs page edit within {EDIT_RATIO}x"
            ),
        ]
    return [*rows, *_large_library_targets(by_size)]


def _large_library_targets(by_size: dict[int, SizeResult]) -> list[Target]:
    big, ten = by_size.get(50000), by_size.get(10000)
    memory_goal = f"50,000 papers: peak memory of a build under {MEMORY_LIMIT_MB / 1024:.0f} GB"
    cost_goal = f"50,000 papers: first build's time per paper within {PER_PAPER_RATIO}x of 10,000's"
    if big is None:
        return [Target(memory_goal, "–", None), Target(cost_goal, "–", None)]
    peak = max(big.samples["papershelf"]["build_memory"], default=0.0)
    rows = [Target(memory_goal, f"{peak:,.0f} MB (largest of the runs)", peak < MEMORY_LIMIT_MB)]
    big_time = big.median("papershelf", "first_build")
    ten_time = ten.median("papershelf", "first_build") if ten else None
    if big_time is None or not ten_time:
        return [*rows, Target(cost_goal, "– (needs 10,000 in the same run)", None)]
    growth = (big_time / 50000) / (ten_time / 10000)
    per_paper = f"{1000 * big_time / 50000:.1f} ms vs {1000 * ten_time / 10000:.1f} ms ({growth:.2f}x)"
    return [*rows, Target(cost_goal, per_paper, growth <= PER_PAPER_RATIO)]


def tables(results: list[SizeResult], runs: int) -> str:
    """Targets, libraries and every measure, as the page's body (also printed to the terminal)."""
    runs_text = f"medians of {runs} runs, min–max in brackets" if runs > 1 else "one run"
    parts = [
        "## Targets",
        "",
        "| target | measured (papershelf / plain, medians) | verdict |",
        "|---|---:|---|",
        *(target.row() for target in targets(results)),
        "",
        "## Libraries",
        "",
        library_table(results),
        "",
        f"## Measures ({runs_text})",
    ]
    for measure in MEASURES:
        parts += ["", measure_table(results, measure)]
    return "\n".join(parts) + "\n"


INTRO = """\
# Benchmarks

What a papershelf user waits for, against plain MkDocs with Material building the same
library as one plain page per paper (title, byline, abstract; search on; the pages out of
the nav). Both projects are measured side by side in one run, alternating which goes
first, through the `mkdocs` command line only; only ratios of the same run are compared,
since these machines are noisy.

`benchmarks/generate.py` makes the libraries: authors spread as in a real field (a pool of
about 140,000 distinct names; one to eight authors a paper, about four on average; most
authors with one paper, a few with dozens, and about as many authors with two or more
papers as there are papers), varied titles and abstracts with the example's LaTeX and
formulas that repeat as a field's do (about half of them distinct at the size of a sample
of arXiv's listings, 41% at 10,000 papers), 40 papers a snapshot with a fifth repeated
from the previous one, dates and subheadings in ten UI languages. `benchmarks/run.py`
builds each project once untimed (so every measured build finds the citation-key file a
committed project has), then measures each run: a first build as on a fresh clone (no site
folder, no plugin cache), a first build right after deleting them, a rebuild, and a
session of `mkdocs serve` with livereload: a new snapshot saved (plain: a new paper page),
the reading list edited, an ordinary page edited, each timed until the change is served.
Peak memory counts all processes of a build at once.

The two first builds differ in what the file system has just done. On the machine of
these figures (ext4 mounted with `discard`, no journal), making files right after deleting
many is two to three times as slow as making them where nothing was deleted (6,000 files of
30 KB: 0.8-1.6 s against 2.2-3.3 s, four tries), so a build right after `rm -rf site` pays
for every file it writes, by how many it writes and how (papershelf writes more files a
paper than plain MkDocs, and makes them in a thread while MkDocs renders). A fresh clone has
deleted nothing: for the first build the benchmark moves the old site folder and cache
aside instead of deleting them, and takes the first builds of all runs before any other
measure (a rebuild and `mkdocs serve` delete files: MkDocs empties the site folder first).
The build right after `rm -rf` and the rebuild keep that cost, for both projects alike,
and have targets of their own.
"""


def page(results: list[SizeResult], runs: int, context: list[str], notes: str) -> str:
    """The whole benchmark page; `context` lines (command, commit, machine) head the results,
    and `notes` (what was tried where a target is not met) are kept below the tables."""
    head = "\n".join(f"- {line}" for line in context)
    return f"{INTRO}\n{head}\n\n{tables(results, runs)}\n{NOTES_MARKER}\n{notes}"
