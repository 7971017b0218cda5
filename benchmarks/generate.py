"""Generate a synthetic library as two MkDocs projects: papershelf's and its plain baseline.

    python benchmarks/generate.py --papers 10000 --out DIR

writes `DIR/papershelf` (snapshots + mkdocs.yml with the plugin) and `DIR/plain` (the same
papers as one plain Markdown page each: title, byline, abstract; Material, search, kept out
of the nav), and prints how the authors are spread.

What makes the library look like a real field's, so that timings mean what a user waits:

* authors: each author slot of a paper goes to a new person (names from a pool of about
  140,000 distinct ones, see names.py) or to someone who already published, chosen in
  proportion to their papers so far (the prolific get more) or uniformly. This gives the
  heavy tail of real productivity: at 1,000 to 10,000 papers most authors have one paper,
  a few have dozens, and there are about as many authors with two or more papers (each of
  whom gets a page) as there are papers. One to eight authors a paper, about four on average;
  some listings name affiliations; accented names are spelled with LaTeX accents half the time;
* text: varied titles and abstracts with the seed listings' LaTeX and math (prose.py);
* snapshots: 40 papers each, newest first, a fifth of them repeated from the previous one,
  with the subheading and long dates of ten UI languages, English in its British and US
  forms (Babel's long format).

Everything is deterministic for a given `--seed`.
"""

from __future__ import annotations

import argparse
import datetime as dt
import random
import re
import sys
from collections import Counter
from collections.abc import Iterator
from itertools import pairwise
from dataclasses import dataclass
from pathlib import Path

from babel.dates import format_date

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from names import NamePool, folded, latex_spelling  # noqa: E402
from prose import SeedText, Writer  # noqa: E402

SEED_SNAPSHOTS = HERE.parent / "snapshots"
PER_SNAPSHOT = 40
OVERLAP = 8
START = dt.date(2024, 1, 1)
SPAN_DAYS = 1000
PROBE_DAY = START + dt.timedelta(days=SPAN_DAYS + 30)  # newer than every generated paper
AUTHORS_PER_PAPER = {1: 6, 2: 13, 3: 20, 4: 21, 5: 16, 6: 11, 7: 8, 8: 5}  # weights; mean 4.2
NEW_AUTHOR = 0.45  # chance that an author slot goes to someone without a paper so far
PREFERENTIAL = 0.4  # otherwise, chance of choosing in proportion to papers so far (else uniformly)
AFFILIATED = 0.15  # share of listings that name each author's affiliation
LATEX_NAMES = 0.5  # share of accented names that a listing spells with LaTeX accents
REPEATED_AUTHORS_AIM = (0.7, 1.5)  # authors with 2+ papers per paper
LOCALES = {  # UI language (Babel locale): (subheading, snapshots in each run of LOCALE_CYCLE)
    "en_GB": ("Latest papers", 6),
    "en_US": ("Latest papers", 4),
    "de": ("Neueste Paper", 2),
    "fr": ("Derniers articles", 1),
    "es": ("Artículos recientes", 1),
    "ja": ("最新の論文", 1),
    "zh": ("最新论文", 1),
    "ko": ("최신 논문", 1),
    "ru": ("Последние статьи", 1),
    "pt": ("Artigos recentes", 1),
    "it": ("Articoli recenti", 1),
}
LOCALE_CYCLE = sum(count for _, count in LOCALES.values())
TOPICS = {  # the aggregator's topic a snapshot was saved from: share of snapshots
    "Parallel Computing and Optimization Techniques": 0.5,
    "Machine Learning Systems": 0.25,
    "Computer Architecture": 0.15,
    "Distributed Computing": 0.10,
}
AFFILIATIONS = (
    "University of California, Berkeley|Tsinghua University|Seoul National University|KAIST|"
    "Carnegie Mellon University|ETH Zurich|University of Tokyo|Indian Institute of Science, Bangalore|"
    "Advanced Micro Devices|NVIDIA|Google DeepMind|Microsoft Research|Peking University|"
    "Shanghai Jiao Tong University|University of Toronto|EPFL|Technical University of Munich|"
    "Universidad Politécnica de Madrid|Sorbonne Université|Politecnico di Milano|KTH Royal Institute "
    "of Technology|University of Chicago|University of California, Merced|Alibaba Group|Huawei"
).split("|")
LIST_PAGE = "lists/reading.md"  # a reading list (papershelf) / an ordinary page (plain)
DOCS_PAGE = "notes.md"  # an ordinary documentation page in both projects
NAV_SECTIONS = ("papers", "topics", "authors", "timeline", "lists")  # papershelf generates their index


@dataclass(frozen=True)
class Credit:
    """One author of one paper, as the listing shows them."""

    name: str  # the person's Unicode name
    shown: str  # the spelling in the listing (LaTeX accents, sometimes)
    affiliation: str | None


@dataclass(frozen=True)
class Paper:
    title: str
    authors: tuple[Credit, ...]
    day: dt.date
    abstract: str


@dataclass(frozen=True)
class Stats:
    """How the library's authors are spread, the numbers that decide how many pages it has,
    and how varied its text is, which decides how much the analysis has to tell apart."""

    papers: int
    authors: int
    repeated_authors: int  # authors with two or more papers: each gets an author page
    most_papers: int
    authors_per_paper: float
    snapshots: int
    entries: int
    words: int  # distinct words of titles and abstracts, in lower case
    word_pairs: int  # distinct pairs of adjacent words

    def summary(self) -> str:
        ratio = self.repeated_authors / self.papers
        low, high = REPEATED_AUTHORS_AIM
        verdict = "within" if low <= ratio <= high else "OUTSIDE"
        return (
            f"{self.papers:,} papers, {self.authors:,} distinct authors, {self.repeated_authors:,} with two "
            f"or more papers ({ratio:.2f} per paper, {verdict} the aim of {low}-{high}), at most "
            f"{self.most_papers} papers by one author, {self.authors_per_paper:.1f} authors a paper; "
            f"{self.snapshots:,} snapshots holding {self.entries:,} entries; {self.words:,} distinct words "
            f"and {self.word_pairs:,} distinct word pairs"
        )


class _Authorship:
    """Chooses each paper's authors so that productivity is heavy-tailed (see the module doc)."""

    def __init__(self, rng: random.Random) -> None:
        self._rng = rng
        self._pool = NamePool(rng)
        self._people: list[str] = []
        self._slots: list[str] = []  # one entry per authorship: choosing from it favours the prolific
        self._affiliation: dict[str, str] = {}

    def team(self, affiliated: bool) -> tuple[Credit, ...]:
        rng = self._rng
        size = rng.choices(list(AUTHORS_PER_PAPER), list(AUTHORS_PER_PAPER.values()))[0]
        team: dict[str, None] = {}
        while len(team) < size:
            team[self._author()] = None
        self._slots += team
        return tuple(self._credit(name, affiliated) for name in team)

    def _author(self) -> str:
        rng = self._rng
        draw = rng.random()
        if not self._slots or draw < NEW_AUTHOR:
            name = self._pool.draw()
            self._people.append(name)
            self._affiliation[name] = rng.choice(AFFILIATIONS)
            return name
        if draw < NEW_AUTHOR + (1 - NEW_AUTHOR) * PREFERENTIAL:
            return rng.choice(self._slots)
        return rng.choice(self._people)

    def _credit(self, name: str, affiliated: bool) -> Credit:
        latex = latex_spelling(name) if self._rng.random() < LATEX_NAMES else name
        return Credit(name, latex, self._affiliation[name] if affiliated else None)


def make_papers(count: int, seed: int) -> list[Paper]:
    """`count` papers, oldest first, spread evenly over SPAN_DAYS."""
    rng = random.Random(f"papers-{seed}")
    authorship = _Authorship(random.Random(f"authors-{seed}"))
    writer = Writer(SeedText.read(SEED_SNAPSHOTS), rng)
    papers = []
    for index in range(count):
        title = writer.title()
        day = START + dt.timedelta(days=index * SPAN_DAYS // max(count, 1))
        team = authorship.team(affiliated=rng.random() < AFFILIATED)
        papers.append(Paper(title, team, day, writer.abstract(title)))
    return papers


def library_stats(papers: list[Paper], snapshots: int, entries: int) -> Stats:
    counts = Counter(folded(credit.name) for paper in papers for credit in paper.authors)
    words: set[str] = set()
    pairs: set[tuple[str, str]] = set()
    for paper in papers:
        text = re.findall(r"[^\W\d_]+", f"{paper.title} {paper.abstract}".lower())
        words.update(text)
        pairs.update(pairwise(text))
    return Stats(
        papers=len(papers),
        authors=len(counts),
        repeated_authors=sum(1 for n in counts.values() if n >= 2),
        most_papers=max(counts.values(), default=0),
        authors_per_paper=sum(counts.values()) / max(len(papers), 1),
        snapshots=snapshots,
        entries=entries,
        words=len(words),
        word_pairs=len(pairs),
    )


def entry_text(paper: Paper, locale: str) -> str:
    """One bullet of a text snapshot, in the layout the browser copies."""
    byline = ", ".join(
        f"{credit.shown} ({credit.affiliation})" if credit.affiliation else credit.shown
        for credit in paper.authors
    )
    date = format_date(paper.day, "long", locale=locale)
    return f"• {paper.title}\n\n  {byline} · {date}\n\n  {paper.abstract}\n"


def snapshot_text(topic: str, locale: str, papers: list[Paper]) -> str:
    """A listing: topic line, localised subheading, entries newest first."""
    newest_first = sorted(papers, key=lambda paper: paper.day, reverse=True)
    entries = "\n".join(entry_text(paper, locale) for paper in newest_first)
    return f"{topic}\n\n{LOCALES[locale][0]}\n\n{entries}"


def _locales(rng: random.Random) -> Iterator[str]:
    """UI languages in shuffled runs of LOCALE_CYCLE snapshots, so that even a small library
    has several and a large one has each in its share."""
    while True:
        run = [locale for locale, (_, count) in LOCALES.items() for _ in range(count)]
        rng.shuffle(run)
        yield from run


def write_snapshots(papers: list[Paper], folder: Path, seed: int) -> tuple[int, int]:
    """Consecutive runs of PER_SNAPSHOT papers, each repeating the previous run's last OVERLAP;
    returns (files, entries)."""
    rng = random.Random(f"snapshots-{seed}")
    folder.mkdir(parents=True, exist_ok=True)
    files = entries = 0
    starts = range(0, len(papers), PER_SNAPSHOT - OVERLAP)
    for number, (first, locale) in enumerate(zip(starts, _locales(rng), strict=False)):
        chunk = papers[max(0, first - OVERLAP) : first + PER_SNAPSHOT - OVERLAP]
        topic = rng.choices(list(TOPICS), list(TOPICS.values()))[0]
        text = snapshot_text(topic, locale, chunk)
        (folder / f"{number:05d}_{locale}.txt").write_text(text, encoding="utf-8")
        files, entries = files + 1, entries + len(chunk)
    return files, entries


def _config(plugin: str, extra: str = "") -> str:
    """mkdocs.yml shared by both projects: Material, search on, the same small nav."""
    sections = "".join(f"      - {section}/index.md\n" for section in NAV_SECTIONS[:-1])
    return (
        "site_name: Benchmark library\n"
        "theme:\n  name: material\n  font: false\n"
        f"plugins:\n  - search\n{plugin}"
        "markdown_extensions:\n  - admonition\n  - attr_list\n  - toc:\n      permalink: true\n"
        "nav:\n  - Home: index.md\n"
        f"  - Library:\n{sections}"
        f"  - Reading lists:\n      - lists/index.md\n      - {LIST_PAGE}\n"
        f"  - Notes: {DOCS_PAGE}\n"
        f"{extra}"
    )


def _write(root: Path, relative: str, text: str) -> None:
    path = root / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def _shared_docs(docs: Path, papers: list[Paper]) -> None:
    """The pages both projects have: a home page, a notes page and a reading list, which
    papershelf reads as one (by title and an author query) and plain MkDocs as plain Markdown."""
    _write(docs, "index.md", f"# Benchmark library\n\nA synthetic library of {len(papers):,} papers.\n")
    paragraphs = "\n\n".join(paper.abstract.rstrip("…") + "." for paper in papers[:6])
    _write(docs, DOCS_PAGE, f"# Notes\n\nWhat we read this term, in our own words.\n\n{paragraphs}\n")
    picked = [paper for paper in papers[:: max(len(papers) // 12, 1)] if '"' not in paper.title][:12]
    items = "".join(f'- [ ] "{paper.title}": to read\n' for paper in picked)
    prolific = Counter(credit.name for paper in papers for credit in paper.authors).most_common(1)
    query = f'- [ ] author:"{prolific[0][0]}": everything by them\n' if prolific else ""
    _write(docs, LIST_PAGE, f"# Reading list\n\nPapers for the reading group.\n\n{items}{query}")


def write_papershelf_project(papers: list[Paper], root: Path, seed: int) -> tuple[int, int]:
    """Snapshots, docs and mkdocs.yml of the plugin's project; returns (snapshot files, entries)."""
    files, entries = write_snapshots(papers, root / "snapshots", seed)
    _shared_docs(root / "docs", papers)
    plugin = "  - papershelf:\n      snapshots: snapshots\n"
    (root / "mkdocs.yml").write_text(_config(plugin), encoding="utf-8")
    return files, entries


def plain_page(paper: Paper) -> str:
    """What a user without the plugin would write for a paper: title, byline, abstract."""
    byline = ", ".join(credit.name for credit in paper.authors)
    date = format_date(paper.day, "long", locale="en_GB")
    return f"# {paper.title}\n\n{byline} · {date}\n\n{paper.abstract}\n"


def write_plain_project(papers: list[Paper], root: Path) -> None:
    """One plain page per paper, out of the nav; the nav's index pages as short plain pages."""
    docs = root / "docs"
    _shared_docs(docs, papers)
    for section in NAV_SECTIONS:
        _write(docs, f"{section}/index.md", f"# {section.title()}\n\nAn index page of the library.\n")
    for number, paper in enumerate(papers):
        _write(docs, f"papers/{number:05d}.md", plain_page(paper))
    (root / "mkdocs.yml").write_text(_config("", "not_in_nav: |\n  /papers/\n"), encoding="utf-8")


def generate(count: int, out: Path, seed: int = 42) -> Stats:
    """Both projects for `count` papers under `out`; returns the library's author spread and
    the variety of its text."""
    papers = make_papers(count, seed)
    files, entries = write_papershelf_project(papers, out / "papershelf", seed)
    write_plain_project(papers, out / "plain")
    return library_stats(papers, files, entries)


def probe_paper(token: str) -> Paper:
    """A paper no library has, newer than all of them, so it heads the list of all papers."""
    title = f"Probe{token}: Showing a Snapshot Saved While the Site Is Served"
    authors = (Credit("Quinn Okafor", "Quinn Okafor", None), Credit("Ilse Brandvold", "Ilse Brandvold", None))
    abstract = f"We measure how soon a newly saved listing is on the page ({token})."
    return Paper(title, authors, PROBE_DAY, abstract)


def write_probe_snapshot(snapshots: Path, token: str) -> Path:
    """The next listing a user saves: one new paper on top of the latest listing's papers."""
    latest = max(snapshots.glob("*.txt"))
    number, _, locale = latest.stem.partition("_")
    header, _, entries = latest.read_text(encoding="utf-8").partition("• ")
    path = snapshots / f"{int(number) + 1:05d}_{locale}.txt"
    path.write_text(f"{header}{entry_text(probe_paper(token), locale)}\n• {entries}", encoding="utf-8")
    return path


def write_plain_probe(docs: Path, token: str) -> Path:
    """The plain site's counterpart of a new snapshot: one new paper page."""
    path = docs / "papers" / f"probe-{token}.md"
    path.write_text(plain_page(probe_paper(token)), encoding="utf-8")
    return path


def plain_probe_url(token: str) -> str:
    """Where `write_plain_probe`'s page is served (MkDocs's directory URLs)."""
    return f"/papers/probe-{token}/"


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--papers", type=int, default=10_000)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--seed", type=int, default=42)
    args = parser.parse_args()
    print(generate(args.papers, args.out, args.seed).summary())


if __name__ == "__main__":
    main()
