"""Topic index: the listing topics each paper was seen under."""

from __future__ import annotations

from dataclasses import dataclass

from papershelf.model import Library
from papershelf.slugs import unique_slugs

__all__ = ["Topic", "index_topics"]


@dataclass(frozen=True)
class Topic:
    """A topic's page data: its name, slug and papers (newest first)."""

    slug: str
    name: str
    papers: tuple[str, ...]


def index_topics(library: Library) -> list[Topic]:
    """Topics by size, largest first; slugs come from the names, so they stay put."""
    members: dict[str, list[str]] = {}
    for paper in library.papers:
        for topic in paper.topics:
            members.setdefault(topic, []).append(paper.key)
    slugs = unique_slugs(sorted(members))
    ordered = sorted(members, key=lambda name: (-len(members[name]), name.casefold()))
    return [Topic(slugs[name], name, tuple(members[name])) for name in ordered]
