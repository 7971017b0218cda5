"""URL slugs for names and topics: readable, lower case, accents folded, other scripts kept."""

from __future__ import annotations

import re
import unicodedata

from papershelf.snapshots.names import ascii_fold

__all__ = ["slugify", "unique_slugs"]

_NOT_ALNUM = re.compile(r"[\W_]+")
_LIMIT = 80  # file names have limits; a slug is a URL, not a copy of the name


def slugify(text: str) -> str:
    """`Şengül Doğan` -> `sengul-dogan`; letters of non-Latin scripts stay as they are."""
    words = _NOT_ALNUM.split(unicodedata.normalize("NFKC", text))
    folded = [ascii_fold(word) or word.casefold() for word in words if word]
    slug = "-".join(word for word in folded if word)[:_LIMIT].strip("-")
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
