"""Generated pages as MkDocs pages that convert each distinct skeleton once.

A generated page's Markdown is a skeleton: headings and block markers, no links, no text of
its own (`papershelf.site.generated`). A thousand paper pages have a handful of distinct
skeletons, yet MkDocs would set up Markdown and convert each page anew (a third of what a
generated page cost). `SkeletonPage.render` converts a skeleton the first time it is seen
and gives later pages the same HTML, table of contents and anchors. Nothing of a skeleton
depends on where its page is (it holds no link for MkDocs to make relative), so the result
is the one Markdown would give each page; a page whose Markdown another plugin changed is
converted as MkDocs would.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page
from mkdocs.structure.toc import AnchorLink, TableOfContents

__all__ = ["SkeletonPage", "Skeletons"]


@dataclass(frozen=True)
class Rendered:
    """What `Page.render` leaves on a page, for one skeleton."""

    content: str
    toc: TableOfContents
    title: str | None
    anchors: frozenset[str]


@dataclass
class Skeletons:
    """The skeletons converted in this build, by their Markdown."""

    rendered: dict[str, Rendered] = field(default_factory=dict)


class SkeletonPage(Page):
    """A generated page; `skeletons` is shared by the pages of one build."""

    def __init__(self, file: File, config: MkDocsConfig, skeletons: Skeletons) -> None:
        super().__init__(None, file, config)
        self.skeletons = skeletons
        self.skeleton: str | None = None

    def read_source(self, config: MkDocsConfig) -> None:
        super().read_source(config)
        self.skeleton = self.markdown  # what `on_page_markdown` hooks may still change

    def render(self, config: MkDocsConfig, files: Files) -> None:
        if self.markdown is None or self.markdown != self.skeleton:
            super().render(config, files)
            return
        done = self.skeletons.rendered.get(self.markdown)
        if done is None:
            super().render(config, files)
            self.skeletons.rendered[self.markdown] = Rendered(
                self.content or "",
                _copied(self.toc),
                self._title_from_render,
                frozenset(self.present_anchor_ids or ()),
            )
            return
        self.content = done.content
        self.toc = _copied(done.toc)  # each page its own: themes and plugins may mark items
        self._title_from_render = done.title
        self.present_anchor_ids = set(done.anchors)
        self.links_to_anchors = {}


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
