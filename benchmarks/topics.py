"""Measure topics and related papers: the numbers issue "topics a researcher would trust" asks for.

    python benchmarks/topics.py [--mixed DIR] [--time 1000 10000]

On the labelled fixture (`tests/fixtures/labelled/`): labelled topics found (a topic whose
papers have a Jaccard of 0.5 or more with the label's), topic count, the closest pair of
topics (Jaccard), and related precision: the share of related pairs, among papers with a
label, whose two papers share a label. On the example library (`snapshots/`): topic count,
closest pair, papers with no subject. On a mixed library of real files (`--mixed`, a folder
of snapshots): the related pairs whose reason is a single word, and the topics. With
`--time`, the seconds `analyse` takes on generated libraries of those sizes.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from itertools import combinations
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(REPO / "plugin"))

from papershelf.analysis.analyse import AnalysisOptions, analyse  # noqa: E402
from papershelf.indexes.related import related_papers  # noqa: E402
from papershelf.indexes.topics import TopicIndex, index_topics  # noqa: E402
from papershelf.indexes.twins import jaccard  # noqa: E402
from papershelf.library.keys import KeyBook  # noqa: E402
from papershelf.library.merge import build_library  # noqa: E402
from papershelf.model import Library  # noqa: E402
from papershelf.snapshots.folder import SnapshotFolder  # noqa: E402


def library_of(folder: Path) -> Library:
    return build_library(SnapshotFolder(folder).listings(), KeyBook({}, {})).library


def labels(library: Library) -> dict[str, set[str]]:
    folder = REPO / "tests" / "fixtures" / "labelled"
    named = json.loads((folder / "labels.json").read_text(encoding="utf-8"))["topics"]
    return {
        name: {p.key for p in library.papers if any(p.title.startswith(x) for x in prefixes)}
        for name, prefixes in named.items()
    }


def closest(topics: TopicIndex) -> float:
    return max(
        (jaccard(set(a.papers), set(b.papers)) for a, b in combinations(topics.topics, 2)), default=0.0
    )


def related_precision(
    library: Library, topics: TopicIndex, members: dict[str, set[str]]
) -> tuple[float, int]:
    label_of = {key: name for name, keys in members.items() for key in keys}
    related = related_papers(library, topics)
    pairs = [(key, r.key) for key in label_of for r in related[key]]
    hits = sum(1 for key, other in pairs if label_of.get(other) == label_of[key])
    return (hits / len(pairs) if pairs else 0.0), len(pairs)


def labelled() -> None:
    library = library_of(REPO / "tests" / "fixtures" / "labelled")
    members = labels(library)
    topics = index_topics(library)
    found = [
        name
        for name, keys in members.items()
        if any(jaccard(set(t.papers), keys) >= 0.5 for t in topics.topics if t.kind != "listing")
    ]
    precision, pairs = related_precision(library, topics, members)
    print(
        f"labelled: {len(found)}/{len(members)} labels found, {len(topics.topics)} topics, "
        f"closest pair {closest(topics):.2f}, related precision {precision:.2f} over {pairs} pairs"
    )
    print("  topics:", ", ".join(f"{t.name} ({len(t.papers)})" for t in topics.topics))


def example() -> None:
    library = library_of(REPO / "snapshots")
    topics = index_topics(library)
    related = related_papers(library, topics)
    one_word = sum(1 for rs in related.values() for r in rs if not r.topics and len(r.words) <= 1)
    links = sum(len(rs) for rs in related.values())
    print(
        f"example: {len(topics.topics)} topics, closest pair {closest(topics):.2f}, "
        f"{topics.without_subject} of {len(library.papers)} papers without a subject, "
        f"{links} related links, {one_word} resting on one word"
    )
    print("  topics:", ", ".join(f"{t.name} ({len(t.papers)})" for t in topics.topics))


def mixed(folder: Path) -> None:
    library = library_of(folder)
    topics = index_topics(library)
    related = related_papers(library, topics)
    links = [(key, r) for key, rs in related.items() for r in rs]
    one_word = [(key, r) for key, r in links if not r.topics and len(r.words) <= 1]
    print(
        f"mixed: {len(library.papers)} papers, {len(topics.topics)} topics, "
        f"{topics.without_subject} without a subject, {len(links)} related links, "
        f"{len(one_word)} resting on one word"
    )
    print("  topics:", ", ".join(f"{t.name} ({len(t.papers)})" for t in topics.topics))
    for key, r in one_word[:10]:
        one, other = library.by_key[key].title[:50], library.by_key[r.key].title[:50]
        print(f"  one word: {one!r} ~ {other!r}: {r.words}")


def timing(sizes: list[int]) -> None:
    from generate import generate

    for size in sizes:
        with tempfile.TemporaryDirectory() as out:
            generate(size, Path(out))
            library = library_of(Path(out) / "papershelf" / "snapshots")
            start = time.perf_counter()
            analyse(library, AnalysisOptions())
            print(f"analyse, {size} papers: {time.perf_counter() - start:.2f} s")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--mixed", type=Path)
    parser.add_argument("--time", type=int, nargs="*", default=[])
    args = parser.parse_args()
    labelled()
    example()
    if args.mixed:
        mixed(args.mixed)
    timing(args.time)


if __name__ == "__main__":
    main()
