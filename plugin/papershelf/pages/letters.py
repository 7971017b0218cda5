"""Authors by the initial of their surname: the letter pages, and where each name links.

A real field's library has about as many authors as papers with one paper each; a page per
author would dominate the build. So an author gets a page of their own from
`author_pages_min` papers on, and everyone is listed on the page of their initial (at most
`_PER_PAGE` a page, so no page grows with the library), where the others' entries carry
their papers under an anchor that paper pages link to.
"""

from __future__ import annotations

from collections.abc import Sequence

from papershelf.indexes.authors import AuthorProfile
from papershelf.text.rules import ascii_fold

__all__ = ["Letters", "author_targets", "by_initial", "letter_src"]

_PER_PAGE = 400

Letters = dict[str, list[list[AuthorProfile]]]
"""Initial (`a`, or `other` for other scripts) -> its pages -> the authors on each."""


def by_initial(authors: Sequence[AuthorProfile]) -> Letters:
    """Authors by the initial of their surname, in pages of at most `_PER_PAGE`."""
    groups: dict[str, list[AuthorProfile]] = {}
    for profile in authors:
        groups.setdefault(ascii_fold(profile.sort_name)[:1] or "other", []).append(profile)
    return {
        letter: [group[i : i + _PER_PAGE] for i in range(0, len(group), _PER_PAGE)]
        for letter, group in sorted(groups.items())
    }


def letter_src(letter: str, number: int) -> str:
    """The source path of page `number` of an initial."""
    return f"authors/letters/{letter}.md" if number == 1 else f"authors/letters/{letter}-{number}.md"


def author_targets(letters: Letters, pages_min: int) -> dict[str, str]:
    """Where each author's name links (by slug): their own page, or their letter-page entry."""
    targets = {}
    for letter, pages in letters.items():
        for number, profiles in enumerate(pages, start=1):
            for profile in profiles:
                if len(profile.papers) >= pages_min:
                    targets[profile.slug] = f"authors/{profile.slug}.md"
                else:
                    targets[profile.slug] = f"{letter_src(letter, number)}#{profile.slug}"
    return targets
