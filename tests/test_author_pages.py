"""How many papers an author needs for a page of their own, when the user does not say."""

from __future__ import annotations

from papershelf.analysis.analyse import author_page_threshold
from papershelf.indexes.authors import AuthorProfile


def _authors(*counts: int) -> list[AuthorProfile]:
    return [
        AuthorProfile(
            f"id{n}", f"slug{n}", f"Name {n}", f"Name {n}", (), tuple(f"k{i}" for i in range(count)), ()
        )
        for n, count in enumerate(counts)
    ]


def test_a_small_library_gives_every_author_with_two_papers_a_page():
    assert author_page_threshold(_authors(9, 3, 2, 2, 1, 1), papers=40) == 2
    assert author_page_threshold(_authors(*[2] * 100), papers=50) == 2


def test_a_large_library_keeps_author_pages_to_one_per_ten_papers():
    # A real field: about as many authors with two papers or more as papers.
    counts = [2] * 600 + [3] * 200 + [4] * 60 + [6] * 30 + [9] * 12
    threshold = author_page_threshold(_authors(*counts, *[1] * 900), papers=1000)
    assert threshold == 5  # the 60 authors with four papers would make 102 pages
    assert sum(1 for count in counts if count >= threshold) <= 100
    assert author_page_threshold(_authors(*counts), papers=10_000) == 2  # budget 1,000: all fit
