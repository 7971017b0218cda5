"""Generate a realistic synthetic snapshot folder from the example listings.

    python benchmarks/generate.py --papers 10000 --out /tmp/lib10k

Papers are recombined from the seed listings: a title prefix and suffix from two seed titles
plus a unique made-up name, abstract sentences from several seed abstracts (LaTeX and math
included), one to eight authors drawn from the seed's first names and surnames (so most
author names are distinct, as in real libraries), dates spread over three years. Snapshots
hold 40 consecutive papers each, a fifth of them repeated from the previous snapshot, and
rotate through UI languages (English, German, French, Spanish, Japanese), so the folder
exercises merging, localised dates and subheadings.
"""

from __future__ import annotations

import argparse
import datetime as dt
import random
import re
from pathlib import Path

from babel.dates import format_date

SEED = Path(__file__).resolve().parent.parent / "snapshots"
LOCALES = {
    "en": "Latest papers",
    "de": "Neueste Paper",
    "fr": "Derniers articles",
    "es": "Artículos recientes",
    "ja": "最新の論文",
}
TOPICS = [
    "Parallel Computing and Optimization Techniques",
    "Machine Learning Systems",
    "Computer Architecture",
    "Distributed Computing",
]
PER_SNAPSHOT = 40
OVERLAP = 8


def seed_entries() -> list[tuple[str, str, str]]:
    """(title, author line without date, abstract) of every seed entry, as raw text."""
    entries = []
    for path in sorted(SEED.glob("*.txt")):
        blocks = path.read_text(encoding="utf-8").split("\n• ")[1:]
        for block in blocks:
            lines = [line.strip() for line in block.splitlines() if line.strip()]
            authors = lines[1].rpartition(" · ")[0]
            entries.append((lines[0], authors, " ".join(lines[2:])))
    return entries


def generate(papers: int, out: Path, seed: int = 42) -> int:
    """Write the snapshots; returns how many files were written."""
    rng = random.Random(seed)
    entries = seed_entries()
    firsts, lasts = _name_parts(entries)
    sentences = [
        s for _, _, abstract in entries for s in re.split(r"(?<=\.) ", abstract.rstrip("…")) if len(s) > 30
    ]
    start = dt.date(2024, 1, 1)
    made = []
    for index in range(papers):
        title_a, title_b = rng.choice(entries)[0], rng.choice(entries)[0]
        prefix = title_a.split(":")[0] if ":" in title_a else title_a.split()[0]
        suffix = title_b.split(":", 1)[1].strip() if ":" in title_b else title_b
        title = f"{prefix}-{index:05d}: {suffix}"
        authors = ", ".join(f"{rng.choice(firsts)} {rng.choice(lasts)}" for _ in range(rng.randint(1, 8)))
        abstract = " ".join(rng.sample(sentences, 3))[:600].rstrip() + "…"
        day = start + dt.timedelta(days=index * 1000 // max(papers, 1))
        made.append((title, authors, day, abstract))
    out.mkdir(parents=True, exist_ok=True)
    files = 0
    for number, first in enumerate(range(0, papers, PER_SNAPSHOT - OVERLAP)):
        chunk = made[max(0, first - OVERLAP) : first + PER_SNAPSHOT - OVERLAP]
        locale = list(LOCALES)[number % len(LOCALES)]
        topic = TOPICS[number % len(TOPICS)]
        text = [topic, "", LOCALES[locale], ""]
        for title, authors, day, abstract in reversed(chunk):
            text += [
                f"• {title}",
                "",
                f"  {authors} · {format_date(day, 'long', locale=locale)}",
                "",
                f"  {abstract}",
                "",
            ]
        (out / f"{number:05d}_{locale}.txt").write_text("\n".join(text), encoding="utf-8")
        files += 1
    return files


def _name_parts(entries: list[tuple[str, str, str]]) -> tuple[list[str], list[str]]:
    firsts, lasts = set(), set()
    for _, authors, _ in entries:
        for name in re.sub(r"\([^)]*\)", "", authors).split(","):
            words = name.split()
            if len(words) >= 2 and ":" not in name:
                firsts.add(words[0])
                lasts.add(words[-1])
    return sorted(firsts), sorted(lasts)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--papers", type=int, default=10_000)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--seed", type=int, default=42)
    args = parser.parse_args()
    files = generate(args.papers, args.out, args.seed)
    print(f"{args.papers} papers in {files} snapshots under {args.out}")


if __name__ == "__main__":
    main()
