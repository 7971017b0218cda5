"""URL slugs for names and topics: readable, lower case, accents folded, other scripts kept."""

from __future__ import annotations

import unicodedata

from papershelf.text.rules import ascii_fold, split_words

__all__ = ["RESERVED_SLUGS", "slugify", "unique_slugs"]

_LIMIT = 80  # file names have limits; a slug is a URL, not a copy of the name


def slugify(text: str) -> str:
    """`Şengül Doğan` -> `sengul-dogan`; letters of non-Latin scripts stay as they are."""
    words = split_words(unicodedata.normalize("NFKC", text))
    slug = "-".join(ascii_fold(word) or word.casefold() for word in words)[:_LIMIT].strip("-")
    return slug or "untitled"


RESERVED_SLUGS = frozenset({"index"})
"""Slugs a folder of generated pages uses itself: `topics/index.md` is the list of topics."""


def unique_slugs(names: list[str]) -> list[str]:
    """Slugs for `names`, in the order given: the first to want a slug has it, a later one
    gets `-2`, `-3`, ...; and nobody gets a reserved one (an author `Index` is `index-2`).
    Callers give the names in an order that does not depend on the snapshots' order."""
    taken = set(RESERVED_SLUGS)
    slugs = []
    for name in names:
        base = slugify(name)
        slug, number = base, 1
        while slug in taken:
            number += 1
            slug = f"{base}-{number}"
        taken.add(slug)
        slugs.append(slug)
    return slugs
