"""What the user's own pages say about the library: reading lists and citations.

Collected once from every Markdown page before any page is rendered, so that paper pages
can show the lists that hold them and the pages that cite them ("collect first, render late").
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from papershelf.curation.citations import find_citations, malformed_citations, unknown_keys
from papershelf.curation.lists import ReadingList, Resolver, parse_reading_list
from papershelf.model import Problem

__all__ = ["Curation", "DocPage", "curate"]


@dataclass(frozen=True)
class DocPage:
    """A page of the user's docs: `src` as in `docs/`, Markdown without front matter, and the
    file line that Markdown starts on."""

    src: str
    title: str
    markdown: str
    first_line: int = 1

    @property
    def is_reading_list(self) -> bool:
        return self.src.startswith("lists/") and self.src != "lists/index.md"

    @property
    def list_name(self) -> str:
        return self.src.removeprefix("lists/").removesuffix(".md")


@dataclass
class Curation:
    """Reading lists by page, and for each paper the lists holding it and pages citing it."""

    lists: dict[str, ReadingList] = field(default_factory=dict)
    holding: dict[str, list[tuple[str, ReadingList]]] = field(default_factory=dict)
    citing: dict[str, list[DocPage]] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)


def curate(pages: Iterable[DocPage], resolver: Resolver) -> Curation:
    """Parse every reading list and find every citation; problems carry `file:line`."""
    curation = Curation()
    for page in pages:
        if page.is_reading_list:
            reading_list, problems = parse_reading_list(
                page.markdown, page.list_name, page.title, resolver, page.src, page.first_line
            )
            curation.lists[page.src] = reading_list
            curation.problems += problems
            for key in reading_list.keys:
                curation.holding.setdefault(key, []).append((page.src, reading_list))
        citations = find_citations(page.markdown)
        curation.problems += unknown_keys(citations, resolver.keys, page.src, page.first_line)
        curation.problems += malformed_citations(page.markdown, page.src, page.first_line)
        cited = (resolver.paper_key(cite.key) for citation in citations for cite in citation.cites)
        for paper in dict.fromkeys(cited):
            if paper is not None:
                curation.citing.setdefault(paper, []).append(page)
    return curation
