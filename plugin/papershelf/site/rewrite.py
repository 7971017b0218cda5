"""The user's own pages: read them for reading lists and citations, then rewrite them.

`doc_pages` turns MkDocs files into `DocPage`s for `papershelf.curation.collect` (before any page is
rendered); `PageRewriter` later replaces reading-list entries with cards, citations with
links, and the references marker with the page's reference list.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Iterator

from markupsafe import Markup
from mkdocs.structure.files import File, InclusionLevel
from mkdocs.structure.pages import Page
from mkdocs.utils.meta import get_data

from papershelf.curation.citations import cite
from papershelf.curation.collect import DocPage
from papershelf.curation.lists import ReadingList, parse_reading_list, tally
from papershelf.pages import SitePlan

__all__ = ["PageRewriter", "doc_pages", "escape_file_name_title"]

_HEADING = re.compile(r"^#\s+(.+?)\s*#*\s*$", re.MULTILINE)


def doc_pages(files: Iterable[File], serving: bool = False) -> Iterator[DocPage]:
    """The Markdown pages MkDocs will build, with their front matter split off (call before
    adding generated ones). A page it leaves out (`exclude_docs`, such as `.hidden.md`; a
    draft, outside `mkdocs serve`) is no reading list: nothing may link to it."""
    built = InclusionLevel.is_in_serve if serving else InclusionLevel.is_included
    for file in files:
        if file.is_documentation_page() and built(file.inclusion):
            source = file.content_string
            markdown, meta = get_data(source)
            first_line = source.count("\n", 0, len(source) - len(markdown)) + 1
            yield DocPage(file.src_uri, _title(meta, markdown, file.src_uri), markdown, first_line)


def _title(meta: dict[str, object], markdown: str, src_uri: str) -> str:
    if isinstance(meta.get("title"), str):
        return str(meta["title"])
    heading = _HEADING.search(markdown)
    return heading.group(1) if heading else src_uri.rsplit("/", 1)[-1].removesuffix(".md").replace("-", " ")


def escape_file_name_title(page: Page) -> None:
    """Titles are HTML to MkDocs and themes (a `#` heading's title is escaped text), except
    the one MkDocs makes from the file name of a page with neither heading nor front-matter
    title: a list saved as `<svg onload=alert(1)>.md` was markup in the navigation of every
    page. Call once the page is rendered (its heading known), before any page's template."""
    if "title" not in page.meta and page.title == _file_name_title(page):
        page.title = html.escape(page.title, quote=False)


def _file_name_title(page: Page) -> str:
    """The title MkDocs 1.6 makes from a file name (`Page.title`, its last resort)."""
    title = page.file.name.replace("-", " ").replace("_", " ")
    return title.capitalize() if title.lower() == title else title


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
            card = self.plan.render_fragment("list-entry", page.src, entry=entry, note=Markup(entry.note))
            lines[entry.first : entry.last + 1] = ["", card, ""]
        lines.insert(reading_list.entries[0].first, self._progress(reading_list, page.src))
        return "\n".join(lines)

    def _progress(self, reading_list: ReadingList, src: str) -> str:
        counts = tally(reading_list)
        return (
            self.plan.render_fragment(
                "list-progress", src, counts=counts, total=len(reading_list.keys), name=reading_list.name
            )
            + "\n"
        )

    def _citations(self, markdown: str, src: str) -> str:
        """Citations link to the paper pages' sources relative to the page (MkDocs resolves
        and checks them)."""
        return cite(
            markdown,
            self.resolver,
            lambda cites: self.plan.render_fragment("citation", src, cites=cites),
            lambda keys: self.plan.render_fragment("references", src, keys=keys),
        )
