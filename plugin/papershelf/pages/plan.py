"""The plan of the generated site: every file, in order, from the page-kind modules.

Pure apart from its templates (`papershelf.pages.templates`): given an analysed library and
the options, `SitePlan.files` yields each generated file by `src_uri`
(`papershelf.pages.generated`); `plugin.py` turns them into MkDocs files. The plugin keeps a
plan across `mkdocs serve` rebuilds while the analysis, the options and the templates are
the same, so the pages that reading lists and citations do not change are planned once
(`cached_property`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from functools import cached_property

from markupsafe import Markup

from papershelf.analysis.analyse import Analysis, analyse
from papershelf.curation.collect import Curation
from papershelf.curation.lists import Resolver, resolver_for
from papershelf.model import Library
from papershelf.pages.generated import SiteFile
from papershelf.pages.authors import author_files
from papershelf.pages.context import PageContext
from papershelf.pages.exports import export_files
from papershelf.pages.feeds import Feed, feed_files, feed_link, feeds
from papershelf.pages.index import index_files
from papershelf.pages.new import new_page
from papershelf.pages.options import SiteOptions
from papershelf.pages.paper import citation_meta, paper_page
from papershelf.pages.redirects import redirect_files
from papershelf.pages.reading_lists import reading_list_files
from papershelf.pages.timeline import timeline_files
from papershelf.pages.topics import topic_files

__all__ = ["SitePlan"]


class SitePlan:
    """Everything the site shows for one analysed library; `files()` yields it page by page."""

    def __init__(self, analysis: Analysis, options: SiteOptions | None = None) -> None:
        self.analysis = analysis
        self.library = analysis.library
        self.options = options or SiteOptions()
        self.topic_index = analysis.topic_index
        self._context = PageContext(analysis, self.options)
        self._feeds: dict[str, Feed] = {}
        """The feed each page names in its head, by the page's source path (`files`)."""

    @classmethod
    def of(cls, library: Library, options: SiteOptions | None = None) -> SitePlan:
        """The plan of a library analysed afresh."""
        options = options or SiteOptions()
        return cls(analyse(library, options.analysis), options)

    def head(self, src_uri: str) -> str:
        """What a page adds to the HTML head: a paper page its citation tags, a page with a
        feed (all papers, `new/`, a topic, a reading list) the link to it. A plain string,
        for the theme's HTML: `Markup + "</head>"` would escape the tag."""
        key = src_uri.removeprefix("papers/").removesuffix(".md")
        paper = self.library.by_key.get(key) if src_uri.startswith("papers/") else None
        feed = self._feeds.get(src_uri)
        tags = citation_meta(self._context, paper) if paper is not None else ""
        return str(tags) + (str(feed_link(self._context, feed, src_uri)) if feed is not None else "")

    def bibtex(self, key: str) -> str:
        """A paper's BibTeX entry."""
        return self.analysis.bibtex[key]

    @cached_property
    def resolver(self) -> Resolver:
        """What reading lists can name: this library's papers, topics and authors."""
        return resolver_for(
            self.library,
            {topic.slug: topic.papers for topic in self.topic_index.topics},
            {profile.slug: profile.papers for profile in self.analysis.authors},
            {profile.slug: profile.name for profile in self.analysis.authors},
        )

    def render_fragment(
        self, template: str, src_uri: str, link: Callable[[str], Markup] | None = None, **context: object
    ) -> str:
        """A template rendered as Markdown for the user's page at `src_uri`: the cards,
        citations and references that `papershelf.site.rewrite` puts in user pages (and
        `papershelf.markdown`, whose `link` makes each link; see `PageContext.user_fragment`)."""
        return self._context.user_fragment(template, src_uri, link, **context)

    def locate(self, urls: Mapping[str, str]) -> None:
        """Generated pages link to where MkDocs serves each file (see `PageContext.locate`)."""
        self._context.locate(urls)

    @property
    def fresh(self) -> bool:
        """Whether no template the pages used has changed since (a site's override edited
        under `mkdocs serve`); else the session plans the pages again."""
        return self._context.templates.fresh() and self._context.markdown_templates.fresh()

    @property
    def unresolved(self) -> set[str]:
        """What generated pages linked to that is no file of the site."""
        return self._context.unresolved

    def made_from(self, curation: Curation) -> tuple[object, ...]:
        """What the pages' blocks are made from besides the analysis and where each file is
        served: the options, the reading lists and the pages citing each paper (`curation`),
        and the day each paper was first seen (`papershelf.site.kept_blocks`)."""
        holding = {key: [src for src, _ in lists] for key, lists in curation.holding.items()}
        citing = {key: [(page.src, page.title) for page in pages] for key, pages in curation.citing.items()}
        return self.options.blocks, curation.lists, holding, citing, self._context.arrivals.first_seen

    def files(self, curation: Curation | None = None) -> Iterator[SiteFile]:
        """Every generated file; `curation` (reading lists, citations) feeds the paper pages."""
        curation = curation or Curation()
        planned = feeds(self._context, curation)
        self._feeds = {page: feed for feed in planned for page in feed.pages}
        yield from reading_list_files(self._context, curation)
        yield from self._index_pages
        yield new_page(self._context)
        yield from self._author_pages
        yield from topic_files(self._context)
        yield from self._timeline_pages
        for paper, page in zip(self.library.papers, self._paper_pages, strict=True):
            mentioned = paper.key in curation.holding or paper.key in curation.citing
            yield paper_page(self._context, paper, curation) if mentioned else page
        yield from self._export_files
        yield from redirect_files(self._context)
        yield from feed_files(self._context, planned)

    @cached_property
    def _paper_pages(self) -> list[SiteFile]:
        """Each paper's page as when no reading list holds it and no page cites it: what
        most papers' pages are."""
        return [paper_page(self._context, paper, Curation()) for paper in self.library.papers]

    @cached_property
    def _index_pages(self) -> list[SiteFile]:
        return list(index_files(self._context))

    @cached_property
    def _author_pages(self) -> list[SiteFile]:
        return list(author_files(self._context))

    @cached_property
    def _timeline_pages(self) -> list[SiteFile]:
        return list(timeline_files(self._context))

    @cached_property
    def _export_files(self) -> list[SiteFile]:
        return export_files(self._context)
