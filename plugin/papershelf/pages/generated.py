"""The form generated files take: Markdown skeletons whose HTML blocks are made on demand.

A generated page is a Markdown skeleton (front matter, headings for the table of contents,
and a marker per block) plus the HTML of its blocks, put in place after Markdown ran
(`fill_blocks`): Markdown never parses generated HTML, which would cost more than the rest
of the page. Blocks (and data files' content) are made when a file is `made()`, so that
only the pages MkDocs renders pay for them, when it renders them.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Callable, Container, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from papershelf.text.stored import stored, unstored_pieces

__all__ = [
    "PAGE_TEMPLATE",
    "FrontMatter",
    "Section",
    "SiteFile",
    "assembled",
    "data_file",
    "fill_blocks",
    "page_url",
    "split_blocks",
]


PAGE_TEMPLATE = "papershelf/page.html"
"""The template generated pages name in their front matter (`papershelf.site.frames`)."""


FrontMatter = Mapping[str, "str | bool | FrontMatter"]
"""A generated page's front matter as the value MkDocs reads from its YAML (`page.meta`)."""


@dataclass(frozen=True, slots=True)
class SiteFile:
    """One generated file; `in_nav` marks the index pages that belong in the navigation.

    A page's `content` is a Markdown skeleton: front matter, headings (for the table of
    contents) and `<!-- papershelf:N -->` markers; `blocks` holds the HTML of each marker,
    put in place after Markdown ran (`fill_blocks`). Markdown never parses generated HTML,
    which would cost more than the rest of the page.
    """

    src_uri: str
    content: str = ""
    in_nav: bool = False
    blocks: tuple[str, ...] = ()
    unindexed: frozenset[int] = frozenset()
    """Blocks to put in after the search plugin has read the page: BibTeX, related papers and
    sightings would only add noise to the search index, and most of the time it takes."""
    search_view: Callable[[], str] | None = field(default=None, compare=False, repr=False)
    """What the search index reads of the page instead of its HTML, if given: the text that
    finds the page (a paper once, as title, names with their accent-free forms, abstract),
    without the markup that costs the search plugin most of its time on a paper page."""
    deferred: Callable[[], SiteFile] | None = field(default=None, compare=False, repr=False)
    """Makes the costly rest of a page (its blocks) when `made()` asks: when MkDocs renders
    the page, not when the files are listed."""
    pieces: Callable[[], Iterable[bytes]] | None = field(default=None, compare=False, repr=False)
    """A data file's content (BibTeX, CSL-JSON, a feed), made in UTF-8 pieces each time the
    file is written or read, and never kept (`data_file`, `streamed_file`)."""
    meta: FrontMatter | None = None
    """The front matter `content` starts with, as MkDocs parses it, if `assembled` wrote it:
    so that the page need not parse it again (`papershelf.site.skeletons`)."""
    recipe: Callable[[], str] | None = field(default=None, compare=False, repr=False)
    """What the page's blocks are made from besides the site's options, the code and the
    templates, if the page can say it for less than making them: blocks kept from an
    earlier build under the same recipe are taken again whatever else changed
    (`papershelf.site.kept_blocks`)."""

    @property
    def text(self) -> str:
        """The whole file as its reader sees it: a page's Markdown with its blocks in place, a
        data file's content."""
        if self.pieces is not None:
            return unstored_pieces(self.pieces())
        return fill_blocks(self.content, self.blocks)

    @property
    def body(self) -> str:
        """The Markdown after the front matter, as MkDocs reads it (`assembled` pages)."""
        return self.content.split("\n---\n", 1)[1].lstrip("\n")

    def made(self) -> SiteFile:
        """The file with everything in it."""
        return self.deferred() if self.deferred else self

    def filled(self, blocks: tuple[str, ...]) -> SiteFile:
        """This page with its blocks made."""
        return SiteFile(
            self.src_uri, self.content, self.in_nav, blocks, self.unindexed, self.search_view, meta=self.meta
        )


_MARKER = "<!-- papershelf:{} -->"
_MARKERS = re.compile(_MARKER.format(r"(\d+)"))  # no character of the marker is special


def split_blocks(markdown: str) -> tuple[str, tuple[str, ...]]:
    """Front matter and `#` headings stay Markdown; each run of other lines becomes a block."""
    skeleton: list[str] = []
    blocks: list[str] = []
    run: list[str] = []
    lines = markdown.split("\n")
    body = _front_matter_end(lines)
    skeleton += lines[:body]

    def close() -> None:
        if any(line.strip() for line in run):
            skeleton.extend(["", _MARKER.format(len(blocks)), ""])
            blocks.append("\n".join(run).strip("\n"))
        run.clear()

    for line in lines[body:]:
        if line.startswith("#"):
            close()
            skeleton.append(line)
        else:
            run.append(line)
    close()
    return "\n".join(skeleton) + "\n", tuple(blocks)


def _front_matter_end(lines: list[str]) -> int:
    if lines and lines[0].strip() == "---":
        for index in range(1, len(lines)):
            if lines[index].strip() in ("---", "..."):
                return index + 1
    return 0


def fill_blocks(html: str, blocks: tuple[str, ...], numbers: Container[int] | None = None) -> str:
    """Put each block's HTML (or those of `numbers`) where Markdown left its marker, in one
    pass over the page that never looks into the blocks it puts in."""
    wanted = range(len(blocks)) if numbers is None else numbers

    def block(marker: re.Match[str]) -> str:
        number = int(marker[1])
        return blocks[number] if number in wanted else marker[0]

    return _MARKERS.sub(block, html)


@dataclass(frozen=True, slots=True)
class Section:
    """Part of a generated page: a `##` heading (none for the top) and the HTML under it,
    made on demand; `indexed=False` keeps it out of the search index."""

    heading: str | None
    html: Callable[[], str]
    indexed: bool = True


def assembled(
    src_uri: str,
    meta: FrontMatter,
    sections: Callable[[], Sequence[Section]],
    in_nav: bool = False,
    search_view: Callable[[], str] | None = None,
    recipe: Callable[[], str] | None = None,
) -> SiteFile:
    """A page from its front matter and sections, in the form `split_blocks` gives a
    rendered template; the sections' HTML is made when the file is `made()`.

    `sections` is called for the page's outline now and again when the page is made, so
    that a page waiting to be rendered holds one callable rather than its sections and
    their arguments (at 10,000 papers, 15 MB kept from the analysis to the build's end)."""
    outline = sections()
    lines = ["---", *_yaml(meta), "---"]
    for number, section in enumerate(outline):
        lines += ([f"## {section.heading}"] if section.heading else []) + ["", _MARKER.format(number), ""]
    skeleton = "\n".join(lines) + "\n"
    unindexed = _unindexed(tuple(section.indexed for section in outline))

    def made() -> SiteFile:
        return page.filled(tuple(section.html() for section in sections()))

    page = SiteFile(
        src_uri,
        skeleton,
        in_nav,
        unindexed=unindexed,
        search_view=search_view,
        deferred=made,
        meta=meta,
        recipe=recipe,
    )
    return page


@functools.cache
def _unindexed(indexed: tuple[bool, ...]) -> frozenset[int]:
    """The numbers of the sections kept out of the index: one set for all pages alike."""
    return frozenset(number for number, flag in enumerate(indexed) if not flag)


def _yaml(meta: FrontMatter, indent: str = "") -> list[str]:
    """Front matter as YAML lines: each value a JSON scalar (valid YAML, whatever a title
    holds, and on one line), each mapping indented under its key."""
    lines = []
    for key, value in meta.items():
        if isinstance(value, Mapping):
            lines += [f"{indent}{key}:", *_yaml(value, indent + "  ")]
        else:
            lines.append(f"{indent}{key}: {json.dumps(value, ensure_ascii=False)}")
    return lines


def data_file(src_uri: str, make: Callable[[], str]) -> SiteFile:
    """A small data file (a paper's BibTeX, a feed, a redirect) whose content `make` makes
    whole when the file is written."""
    return SiteFile(src_uri, pieces=lambda: (stored(make()),))


def streamed_file(src_uri: str, pieces: Callable[[], Iterable[bytes]]) -> SiteFile:
    """A data file that may hold megabytes (the library's or a topic's `.bib`, `.json`,
    `.ris`), written piece by piece as `pieces` makes them."""
    return SiteFile(src_uri, pieces=pieces)


def page_url(src_uri: str, use_directory_urls: bool) -> str:
    """The site URL MkDocs gives a source file (`papers/x.md` -> `papers/x/`)."""
    if not src_uri.endswith(".md"):
        return src_uri
    stem = src_uri[: -len(".md")]
    if not use_directory_urls:
        return stem + ".html"
    if stem == "index" or stem.endswith("/index"):
        return stem[: -len("index")]
    return stem + "/"
