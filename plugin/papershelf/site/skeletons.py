"""Generated pages as MkDocs pages that convert each distinct skeleton once.

A generated page's Markdown is a skeleton: headings and block markers, no links, no text of
its own (`papershelf.pages.generated`). A thousand paper pages have a handful of distinct
skeletons, yet MkDocs would set up Markdown and convert each page anew (a third of what a
generated page cost). `SkeletonPage.render` converts a skeleton the first time it is seen
and gives later pages the same HTML, table of contents and anchors. Nothing of a skeleton
depends on where its page is (it holds no link for MkDocs to make relative), so the result
is the one Markdown would give each page; a page whose Markdown another plugin changed is
converted as MkDocs would. Likewise `SkeletonPage.read_source` takes the front matter a
page was written with (`SiteFile.meta`) instead of parsing its YAML again.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page
from mkdocs.structure.toc import AnchorLink, TableOfContents

from papershelf.pages.generated import FrontMatter, SiteFile

__all__ = ["SkeletonPage", "Skeletons"]


@dataclass(frozen=True)
class Rendered:
    """What `Page.render` leaves on a page, for one skeleton."""

    content: str
    toc: TableOfContents
    anchors: frozenset[str]


@dataclass
class Skeletons:
    """The skeletons converted in this build, by their Markdown."""

    rendered: dict[str, Rendered] = field(default_factory=dict)


class SkeletonPage(Page):
    """A generated page (`site_file`); `skeletons` is shared by the pages of one build."""

    def __init__(self, file: File, config: MkDocsConfig, skeletons: Skeletons, site_file: SiteFile) -> None:
        super().__init__(None, file, config)
        self.skeletons = skeletons
        self.site_file = site_file
        self.skeleton: str | None = None
        self.converted: Rendered | None = None
        """The conversion of the skeleton this page was rendered from, if it was."""

    def read_source(self, config: MkDocsConfig) -> None:
        """The source MkDocs would read, without parsing the front matter papershelf wrote
        (YAML costs a tenth of a millisecond a page), unless a plugin gives the page a
        source or changed the file's."""
        known = self.site_file.meta
        if known is None or config.plugins.events["page_read_source"] or not self._as_generated:
            super().read_source(config)
        else:
            self.markdown, self.meta = self.site_file.body, _own_copy(known)
        self.skeleton = self.markdown  # what `on_page_markdown` hooks may still change

    @property
    def _as_generated(self) -> bool:
        """Whether the file still holds the content papershelf gave it."""
        return self.file.content_string is self.site_file.content

    def render(self, config: MkDocsConfig, files: Files) -> None:
        """The skeleton's conversion, made once. Only for a page titled by its front matter
        (every generated page is): the title MkDocs would take from the converted heading
        is kept in a private attribute of `Page`, which this leaves alone."""
        if self.markdown is None or self.markdown != self.skeleton or "title" not in self.meta:
            super().render(config, files)
            return
        done = self.skeletons.rendered.get(self.markdown)
        if done is None:
            super().render(config, files)
            self.converted = self.skeletons.rendered[self.markdown] = Rendered(
                self.content or "",
                _copied(self.toc),
                frozenset(self.present_anchor_ids or ()),
            )
            return
        self.converted = done
        self.content = done.content
        self.toc = _copied(done.toc)  # each page its own: themes and plugins may mark items
        self.present_anchor_ids = set(done.anchors)
        self.links_to_anchors = {}

    def written(self) -> None:
        """The page is written: its table of contents is its skeleton's again, shared with the
        other pages of the skeleton (a copy for each page, kept to the end of the build, held
        20 MB at 10,000 papers). Its items were the page's own while it was rendered."""
        if self.converted is not None:
            self.toc = self.converted.toc


def _copied(toc: TableOfContents) -> TableOfContents:
    """A copy of the table of contents whose items a page may change: `copy.deepcopy`
    would also copy their strings, and walking them with its generic rules cost a second
    of a 10,000-paper build."""
    return TableOfContents([_copied_link(link) for link in toc])


def _copied_link(link: AnchorLink) -> AnchorLink:
    copied = object.__new__(type(link))
    copied.__dict__.update(link.__dict__)  # `active`, or another plugin's marks, too
    copied.children = [_copied_link(child) for child in link.children]
    return copied


def _own_copy(meta: FrontMatter) -> dict[str, Any]:
    """The page's own `meta`, as YAML would have made it: plugins may change it."""
    return {key: _own_copy(value) if isinstance(value, Mapping) else value for key, value in meta.items()}
