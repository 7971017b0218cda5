"""The benchmark's results as Markdown: one table per measure, the libraries, and the targets.

Ratios are papershelf's median over plain MkDocs's median of the same run: these machines
are noisy, so only measurements taken side by side are compared.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass, field

from generate import Stats

__all__ = ["MEASURES", "NOTES_MARKER", "Measure", "SizeResult", "disk_speed", "page", "tables"]

KINDS = ("papershelf", "plain")
NOTES_MARKER = "<!-- notes: everything below this line is kept when the page is regenerated -->"
FIRST_BUILD_RATIO = 1.1
REBUILD_RATIO = 0.8
NEW_SNAPSHOT_RATIO = 1.0
MEMORY_RATIO = 2.5
LARGE_MEMORY_LIMIT_MB = 1536
PER_PAPER_RATIO = 1.2
AFTER_DELETE_RATIO = 1.25  # an earlier issue's targets, kept so that a regression shows
EDIT_RATIO = 1.2
CPU = " cpu"
"""Suffix of a timed measure's key for its CPU-time samples (`Measure.cpu_key`)."""


@dataclass(frozen=True)
class Measure:
    key: str
    title: str
    unit: str

    @property
    def timed(self) -> bool:
        """Whether the measure is a time, and so has CPU-time samples beside wall-clock ones."""
        return self.unit == "s"

    @property
    def cpu_key(self) -> str:
        return self.key + CPU


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
SAMPLE_KEYS = tuple(key for m in MEASURES for key in ((m.key, m.cpu_key) if m.timed else (m.key,)))
"""Every series a run records for each project: each measure, and each time's CPU time."""


@dataclass
class SizeResult:
    """Everything measured for one library size."""

    papers: int
    stats: Stats
    pages: dict[str, int] = field(default_factory=dict)  # HTML pages each project built
    warnings: dict[str, int] = field(default_factory=dict)
    samples: dict[str, dict[str, list[float]]] = field(
        default_factory=lambda: {kind: {key: [] for key in SAMPLE_KEYS} for kind in KINDS}
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
    """A measure's medians for each size, with papershelf / plain ratios; a time has its CPU
    time (user + system of all processes) beside it, which a slow disk does not hide."""
    keys = (measure.key, measure.cpu_key) if measure.timed else (measure.key,)
    heads = (", wall", ", CPU") if measure.timed else ("",)
    cells = [f"papershelf{head} | plain MkDocs{head} | papershelf / plain{head}" for head in heads]
    lines = [
        f"### {measure.title}",
        "",
        f"| papers | {' | '.join(cells)} |",
        "|---:" * (1 + 3 * len(keys)) + "|",
    ]
    for result in results:
        row = [f"{result.papers:,}"]
        for key in keys:
            row += [_value(result.samples[kind][key], measure.unit) for kind in KINDS]
            row.append(_ratio(result.ratio(key)))
        lines.append(f"| {' | '.join(row)} |")
    return "\n".join(lines)


def library_table(results: list[SizeResult]) -> str:
    lines = [
        "| papers | distinct authors | authors with 2+ papers | most papers by one author | snapshots "
        "| distinct words / word pairs | pages papershelf built | pages plain MkDocs built "
        "| build warnings (papershelf / plain) |",
        "|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in results:
        s = r.stats
        repeated = f"{s.repeated_authors:,} ({s.repeated_authors / s.papers:.2f} per paper)"
        pages = " | ".join(f"{r.pages.get(kind, 0):,}" for kind in KINDS)
        warnings = " / ".join(str(r.warnings.get(kind, 0)) for kind in KINDS)
        lines.append(
            f"| {s.papers:,} | {s.authors:,} | {repeated} | {s.most_papers} | {s.snapshots:,} "
            f"| {s.words:,} / {s.word_pairs:,} | {pages} | {warnings} |"
        )
    return "\n".join(lines)


def disk_speed(results: list[SizeResult], files_seconds: float) -> str:
    """How fast this machine makes files: a slow disk makes every build slower by the same
    seconds, which shrinks wall-clock ratios; these say how far to trust them."""
    per_page = [
        f"{1000 * first / r.pages['plain']:.1f} ms at {r.papers:,} papers"
        for r in results
        if (first := r.median("plain", "first_build")) is not None and r.pages.get("plain")
    ]
    pages = f"; plain MkDocs's first build per page built: {', '.join(per_page)}" if per_page else ""
    return f"Disk: 1,000 small files made in the work folder in {files_seconds:.2f} s (median of 3){pages}"


@dataclass(frozen=True)
class Target:
    goal: str
    measured: str
    missed_by: str | None  # None: met; "": not measured; else how far from the goal

    def row(self) -> str:
        if self.missed_by is None:
            verdict = "met"
        else:
            verdict = f"**missed** by {self.missed_by}" if self.missed_by else "not measured"
        return f"| {self.goal} | {self.measured} | {verdict} |"


def _over(value: float, limit: float, unit: str) -> str:
    """How far `value` is past `limit`, in the goal's unit and as a share of the limit."""
    return f"{value - limit:.2f}{unit} ({100 * (value / limit - 1):.0f}% over {limit:g}{unit})"


def _ratio_target(result: SizeResult | None, key: str, limit: float, goal: str, cpu: bool = False) -> Target:
    """A ratio goal on wall-clock time (and, with `cpu`, on CPU time too): missed if either is over."""
    judged = [("wall", key), *([("CPU", key + CPU)] if cpu else [])]
    ratios = [(name, result.ratio(name_key) if result else None) for name, name_key in judged]
    measured = ", ".join(f"{name} {_ratio(ratio)}" for name, ratio in ratios)
    if result is not None and key + CPU in result.samples["papershelf"] and not cpu:
        measured += f" (CPU {_ratio(result.ratio(key + CPU))})"
    if any(ratio is None for _, ratio in ratios):
        return Target(goal, measured, "")
    over = [
        f"{name} {_over(ratio, limit, 'x')}" for name, ratio in ratios if ratio is not None and ratio > limit
    ]
    return Target(goal, measured, "; ".join(over) or None)


_GOALS = (
    (
        "first_build",
        FIRST_BUILD_RATIO,
        "first build as on a fresh clone at most {}x plain, wall and CPU",
        True,
    ),
    ("rebuild", REBUILD_RATIO, "rebuild at most {}x plain", False),
    (
        "serve_new_paper",
        NEW_SNAPSHOT_RATIO,
        "`mkdocs serve`, a new snapshot on its page within {}x of plain's rebuild for a new page",
        False,
    ),
)
"""Issue 44's ratio targets at 1,000 and 10,000 papers: measure, limit, goal, judged on CPU too."""
_EARLIER_GOALS = (
    (
        "build_after_delete",
        AFTER_DELETE_RATIO,
        "first build right after `rm -rf site .cache` at most {}x",
        False,
    ),
    ("serve_list_edit", EDIT_RATIO, "`mkdocs serve`, list edit within {}x", False),
    ("serve_docs_edit", EDIT_RATIO, "`mkdocs serve`, docs edit within {}x", False),
)


def _ratio_targets(
    by_size: dict[int, SizeResult], goals: tuple[tuple[str, float, str, bool], ...], note: str = ""
) -> list[Target]:
    return [
        _ratio_target(by_size.get(papers), key, limit, f"{papers:,} papers{note}: {goal.format(limit)}", cpu)
        for papers in (1000, 10000)
        for key, limit, goal, cpu in goals
    ]


def targets(results: list[SizeResult]) -> list[Target]:
    """Issue 44's targets (and an earlier issue's, marked so), each judged on the medians of
    this run."""
    by_size = {result.papers: result for result in results}
    return [
        *_ratio_targets(by_size, _GOALS),
        _memory_ratio_target(by_size.get(10000)),
        *_large_library_targets(by_size),
        *_ratio_targets(by_size, _EARLIER_GOALS, " (earlier target)"),
    ]


def _memory_ratio_target(ten: SizeResult | None) -> Target:
    goal = f"10,000 papers: peak memory of a build at most {MEMORY_RATIO}x plain's"
    ratio = ten.ratio("build_memory") if ten else None
    if ratio is None:
        return Target(goal, "–", "")
    return Target(goal, _ratio(ratio), _over(ratio, MEMORY_RATIO, "x") if ratio > MEMORY_RATIO else None)


def _large_library_targets(by_size: dict[int, SizeResult]) -> list[Target]:
    big, ten = by_size.get(50000), by_size.get(10000)
    memory_goal = f"50,000 papers: peak memory of a build under {LARGE_MEMORY_LIMIT_MB / 1024:.1f} GB"
    cost_goal = f"50,000 papers: first build's time per paper within {PER_PAPER_RATIO}x of 10,000's"
    if big is None:
        return [Target(memory_goal, "–", ""), Target(cost_goal, "–", "")]
    peak = max(big.samples["papershelf"]["build_memory"], default=0.0)
    missed = f"{peak - LARGE_MEMORY_LIMIT_MB:,.0f} MB" if peak >= LARGE_MEMORY_LIMIT_MB else None
    rows = [Target(memory_goal, f"{peak:,.0f} MB (largest of the runs)", missed)]
    big_time = big.median("papershelf", "first_build")
    ten_time = ten.median("papershelf", "first_build") if ten else None
    if big_time is None or not ten_time:
        return [*rows, Target(cost_goal, "– (needs 10,000 in the same run)", "")]
    growth = (big_time / 50000) / (ten_time / 10000)
    per_paper = f"{1000 * big_time / 50000:.1f} ms vs {1000 * ten_time / 10000:.1f} ms ({growth:.2f}x)"
    return [
        *rows,
        Target(
            cost_goal, per_paper, _over(growth, PER_PAPER_RATIO, "x") if growth > PER_PAPER_RATIO else None
        ),
    ]


def tables(results: list[SizeResult], runs: int) -> str:
    """Targets, libraries and every measure, as the page's body (also printed to the terminal)."""
    runs_text = f"medians of {runs} runs, min–max in brackets" if runs > 1 else "one run"
    parts = [
        "## Targets",
        "",
        "Ratios are papershelf / plain MkDocs, medians; CPU time is user + system of all the",
        "processes of a build or a serve session.",
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
of arXiv's listings, 41% at 10,000 papers), and words that keep coming as a real
library's do: most content words of a sentence are replaced by the next words of a
Pitman-Yor process seeded with the example's words, so that distinct words grow with the
words written as Heaps' law says and no sentence recurs in a quarter of the papers (the
table below counts them; the example's 100 papers have 1,678 distinct words and 4,495
distinct pairs), 40 papers a snapshot with a fifth repeated
from the previous one, dates and subheadings in ten UI languages. `benchmarks/run.py`
builds each project once untimed (so every measured build finds the citation-key file a
committed project has), then measures each run: a first build as on a fresh clone (no site
folder, no plugin cache), a first build right after deleting them, a rebuild, and a
session of `mkdocs serve` with livereload: a new snapshot saved (plain: a new paper page),
the reading list edited, an ordinary page edited, each timed until the change is served.
Peak memory counts all processes of a build at once. Each time has its CPU time beside
it (user + system, all processes of the build or the serve session) with a ratio of its
own: a slow disk adds the same seconds to both projects' wall-clock times, which brings
their ratio towards 1 and hides computation that CPU time shows. The header says how fast
the machine's disk made 1,000 small files, and plain MkDocs's build time per page.

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
