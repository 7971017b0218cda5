"""The user's own pages: read them for reading lists and citations, then rewrite them.

`doc_pages` turns MkDocs files into `DocPage`s for `papershelf.curation` (before any page is
rendered); `PageRewriter` later replaces reading-list entries with cards, citations with
links, and the references marker with the page's reference list.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from markupsafe import Markup
from mkdocs.structure.files import File
from mkdocs.utils.meta import get_data

from papershelf.citations import REFERENCES_MARKER, find_citations
from papershelf.curation import DocPage
from papershelf.lists import ReadingList, parse_reading_list, tally
from papershelf.prose import prose_lines
from papershelf.site.pages import SitePlan

__all__ = ["PageRewriter", "doc_pages"]

_HEADING = re.compile(r"^#\s+(.+?)\s*#*\s*$", re.MULTILINE)


def doc_pages(files: Iterable[File]) -> Iterator[DocPage]:
    """Markdown pages with their front matter split off (call before adding generated ones)."""
    for file in files:
        if file.is_documentation_page():
            source = file.content_string
            markdown, meta = get_data(source)
            first_line = source.count("\n", 0, len(source) - len(markdown)) + 1
            yield DocPage(file.src_uri, _title(meta, markdown, file.src_uri), markdown, first_line)


def _title(meta: dict[str, object], markdown: str, src_uri: str) -> str:
    if isinstance(meta.get("title"), str):
        return str(meta["title"])
    heading = _HEADING.search(markdown)
    return heading.group(1) if heading else src_uri.rsplit("/", 1)[-1].removesuffix(".md").replace("-", " ")


class PageRewriter:
    """Rewrites one user page's Markdown with the data of a SitePlan."""

    def __init__(self, plan: SitePlan) -> None:
        self.plan = plan
        self.resolver = plan.resolver

    def rewrite(self, markdown: str, page: DocPage) -> str:
        if page.is_reading_list:
            markdown = self._reading_list(markdown, page)
        return self._citations(markdown, page.src)

    def _reading_list(self, markdown: str, page: DocPage) -> str:
        reading_list, _ = parse_reading_list(markdown, page.list_name, page.title, self.resolver, page.src)
        if not reading_list.entries:
            return markdown
        lines = markdown.split("\n")
        for entry in reversed(reading_list.entries):
            card = self.plan.render_fragment("entry.md.j2", page.src, entry=entry, note=Markup(entry.note))
            lines[entry.first : entry.last + 1] = ["", card, ""]
        lines.insert(reading_list.entries[0].first, self._progress(reading_list, page.src))
        return "\n".join(lines)

    def _progress(self, reading_list: ReadingList, src: str) -> str:
        counts = tally(reading_list)
        return (
            self.plan.render_fragment(
                "progress.md.j2", src, counts=counts, total=len(reading_list.keys), name=reading_list.name
            )
            + "\n"
        )

    def _citations(self, markdown: str, src: str) -> str:
        citations = find_citations(markdown)
        markers = [line.index for line in prose_lines(markdown) if line.text.strip() == REFERENCES_MARKER]
        if not citations and not markers:
            return markdown
        lines = markdown.split("\n")
        for citation in reversed(citations):
            text = self.plan.render_fragment("citation.md.j2", src, cites=citation.cites).strip()
            line = lines[citation.line]
            lines[citation.line] = line[: citation.start] + text + line[citation.end :]
        cited = [c.key for citation in citations for c in citation.cites if c.key in self.resolver.papers]
        references = self.plan.render_fragment("references.md.j2", src, keys=list(dict.fromkeys(cited)))
        for index in markers:
            lines[index] = references
        return "\n".join(lines)
