"""What the generated pages depend on besides the library (from `mkdocs.yml`)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Literal

from papershelf.analysis.analyse import AnalysisOptions
from papershelf.indexes.topics import TopicOptions

__all__ = ["PagesFor", "SiteOptions"]

PagesFor = Literal["plugin", "mkdocs", "zensical"]


@dataclass(frozen=True)
class SiteOptions:
    """What the site's pages depend on besides the library; compared to tell whether a
    `mkdocs serve` rebuild can keep the pages it planned."""

    use_directory_urls: bool = True
    per_page: int = 50
    locale: str = "en"
    related: int = 5
    author_pages_min: int = 2
    search_index: str = "papers"
    site_url: str = ""
    """Where the site is published (MkDocs's `site_url`): the feeds' ids and links are made
    absolute with it."""
    site_name: str = ""
    topics: TopicOptions = field(default_factory=TopicOptions)
    pages_for: PagesFor = "plugin"
    """What turns the generated Markdown into HTML. The `plugin` gives each page the theme's
    frame (`template: papershelf/page.html`, a template only it provides) and links from
    where MkDocs serves each page; plain `mkdocs` reading `papershelf generate`'s files needs
    no template and leaves links in raw HTML as they are, so they are written the same way;
    `zensical` resolves a link in raw HTML from the page's Markdown file, as it does a
    Markdown link, so links are written from there."""
    overrides: tuple[str, ...] = ()
    """Folders whose `papershelf/*.html` templates replace the package's (a site's theme
    folders, `custom_dir` first: `papershelf.pages.templates`)."""

    @property
    def analysis(self) -> AnalysisOptions:
        """The options the analysis depends on: the rest only changes how pages look."""
        return AnalysisOptions(self.topics, self.related)

    @property
    def blocks(self) -> SiteOptions:
        """The options the pages' blocks depend on (`papershelf.site.kept_blocks`): all but
        the site's address and name, which only the feeds and the pages' heads show
        (`mkdocs serve` gives the site another address than `mkdocs build`)."""
        return replace(self, site_url="", site_name="")
