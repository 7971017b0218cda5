"""URL slugs for names and topics: readable, lower case, accents folded, other scripts kept."""

from __future__ import annotations

import unicodedata

from papershelf.text import ascii_fold, split_words

__all__ = ["slugify", "unique_slugs"]

_LIMIT = 80  # file names have limits; a slug is a URL, not a copy of the name


def slugify(text: str) -> str:
    """`Şengül Doğan` -> `sengul-dogan`; letters of non-Latin scripts stay as they are."""
    words = split_words(unicodedata.normalize("NFKC", text))
    slug = "-".join(ascii_fold(word) or word.casefold() for word in words)[:_LIMIT].strip("-")
    return slug or "untitled"


def unique_slugs(names: list[str]) -> dict[str, str]:
    """Slugs for distinct names (in the order given); a clash gets `-2`, `-3`, ..."""
    taken: set[str] = set()
    slugs: dict[str, str] = {}
    for name in names:
        base = slugify(name)
        slug, number = base, 1
        while slug in taken:
            number += 1
            slug = f"{base}-{number}"
        taken.add(slug)
        slugs[name] = slug
    return slugs
