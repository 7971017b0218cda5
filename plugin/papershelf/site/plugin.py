"""The MkDocs plugin: read snapshots, add generated pages in `on_files`, report problems.

Kept short on purpose; the work happens in the core (`papershelf.library`, ...), in
`papershelf.site.pages`, and in the processes of `papershelf.site.background`. Having
`on_startup` makes MkDocs keep this instance across `mkdocs serve` rebuilds, so parsed
snapshots stay cached between them.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager
from functools import partial
from importlib import resources
from pathlib import Path
from typing import Literal

from jinja2 import Environment
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.livereload import LiveReloadServer
from mkdocs.plugins import BasePlugin, event_priority, get_plugin_logger
from mkdocs.structure.files import File, Files, InclusionLevel
from mkdocs.structure.nav import Navigation
from mkdocs.structure.pages import Page
from mkdocs.utils.templates import TemplateContext

from papershelf.curation import DocPage, curate
from papershelf.export.bibtex import ascii_approximations
from papershelf.folder import SnapshotFolder
from papershelf.keyfile import keyed_library
from papershelf.library import MergeResult
from papershelf.model import Library
from papershelf.site.background import Aside, Maker, data_path, split_map
from papershelf.site.config import PapershelfConfig
from papershelf.site.generated import SiteFile, fill_blocks
from papershelf.site.pages import SiteOptions, SitePlan
from papershelf.site.rewrite import PageRewriter, doc_pages
from papershelf.topics import TopicIndex, TopicOptions

__all__ = ["PapershelfPlugin"]

log = get_plugin_logger(__name__)
_CSS = "assets/papershelf.css"


class PapershelfPlugin(BasePlugin[PapershelfConfig]):
    """`plugins: - papershelf` in mkdocs.yml."""

    def __init__(self) -> None:
        self.folder: SnapshotFolder | None = None
        self.generated: dict[str, SiteFile] = {}
        self.plan: SitePlan | None = None
        self.library: Library | None = None
        self.maker: Maker | None = None
        self.analysis: Aside[MergeResult | TopicIndex] | None = None
        self.may_fork = False
        self.warnings = 0

    def on_startup(self, *, command: Literal["build", "gh-deploy", "serve"], dirty: bool) -> None:
        """Makes MkDocs keep this instance (and its cache) across serve rebuilds; a second
        process helps only in one-off builds (`serve` runs threads, which rule out fork)."""
        self.may_fork = command in ("build", "gh-deploy")

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        base = Path(config.config_file_path or ".").parent
        root = (base / self.config.snapshots).resolve()
        self.keys_path = (base / self.config.keys_file).resolve()
        if self.folder is None or self.folder.root != root:
            self.folder = SnapshotFolder(root, ignore=frozenset({self.keys_path}))
        if _CSS not in config.extra_css:
            config.extra_css.append(_CSS)
        if "md_in_html" not in config.markdown_extensions:
            config.markdown_extensions.append("md_in_html")  # reading-list cards hold Markdown notes
        return config

    def on_files(self, files: Files, *, config: MkDocsConfig) -> Files:
        with _collector_paused():
            files = self._add_files(files, config)
            # The library, its indexes and the pages' skeletons live to the end of the build;
            # frozen before the collector resumes, or its first pass would walk them all.
            gc.freeze()
        return files

    def on_pre_build(self, *, config: MkDocsConfig) -> None:
        """In a one-off build, start the analysis on the second core, while MkDocs cleans the
        site directory and gathers the docs; otherwise `on_files` does it when it asks."""
        self._start_analysis(config, self._parallel)

    def _start_analysis(self, config: MkDocsConfig, parallel: bool) -> None:
        self._close_analysis()
        self.analysis = Aside(partial(self._analyse, self._options(config)), parallel)

    def _analyse(self, options: SiteOptions) -> Iterator[MergeResult | TopicIndex]:
        """The snapshots read (by two processes, where it can fork) and merged, then their
        topics (the costly part: every abstract is tokenised); `on_files` works on what
        needs no topics meanwhile."""
        assert self.folder is not None
        each = partial(split_map, parallel=self._parallel)
        merged = keyed_library(self.folder.listings(each), self.keys_path)
        yield merged
        plan = self._plan(merged.library, options)
        yield plan.topic_index

    def _add_files(self, files: Files, config: MkDocsConfig) -> Files:
        plan, made = self._analysed(config)
        if plan.topic_index.without_subject:
            log.info("%d papers have no topic besides their listing's", plan.topic_index.without_subject)
        curation = curate(doc_pages(files), plan.resolver)
        for problem in curation.problems:
            log.warning("%s", problem)
        self.warnings += len(curation.problems)
        planned = [generated for generated in plan.files(curation) if self._free(files, generated.src_uri)]
        for generated in planned:
            early = made.get(generated.src_uri)  # unless a page was made again for its curation
            files.append(early[1] if early and early[0] is generated else self._file(config, generated))
        self.generated = {generated.src_uri: generated for generated in planned if _is_page(generated)}
        self.rewriter = PageRewriter(plan)
        css = resources.files("papershelf.site").joinpath("assets/papershelf.css").read_text("utf-8")
        if self._free(files, _CSS):
            files.append(File.generated(config, _CSS, content=css, inclusion=InclusionLevel.NOT_IN_NAV))
        self._start_maker(config, planned)  # last: a fork makes every later change to memory a copy
        return files

    def _analysed(self, config: MkDocsConfig) -> tuple[SitePlan, dict[str, tuple[SiteFile, File]]]:
        """The plan with its topics, and the files made while the analysis found them (by
        path: the generated file and its `File`)."""
        if self.analysis is None:  # MkDocs always runs `pre_build` first; this is for safety
            self._start_analysis(config, parallel=False)
            assert self.analysis is not None
        merged = self.analysis.next()
        assert isinstance(merged, MergeResult)
        self._take(merged)
        previous = self.plan
        plan = self._plan(merged.library, self._options(config))
        made: dict[str, tuple[SiteFile, File]] = {}
        if plan is not previous:  # a new library or new options: its topics come from the analysis
            plan.authors  # noqa: B018 - indexed here, used by the pages and the curation
            made = {f.src_uri: (f, self._file(config, f)) for f in plan.files_without_topics()}
            topic_index = self.analysis.next()
            assert isinstance(topic_index, TopicIndex)
            plan.topic_index = topic_index
        self._close_analysis()
        return plan, made

    def _take(self, merged: MergeResult) -> None:
        """Keep the library; report its problems."""
        self.library = merged.library
        for problem in self.library.problems:
            log.warning("%s", problem)
        self.warnings = len(self.library.problems)
        self._report_approximations(self.library)

    def _start_maker(self, config: MkDocsConfig, planned: list[SiteFile]) -> None:
        if self.maker is not None:
            self.maker.close()
        self.maker = Maker(
            [f for f in planned if f.deferred and _is_page(f)],
            [f for f in planned if f.deferred and not _is_page(f)],
            Path(config.site_dir),
            parallel=self._parallel,
        )

    def _plan(self, library: Library, options: SiteOptions) -> SitePlan:
        """The previous build's plan when library and options are unchanged (a serve rebuild
        after editing a page), so topics, related papers and BibTeX are not computed again."""
        if self.plan is None or self.plan.library != library or self.plan.options != options:
            self.plan = SitePlan(library, options)
        return self.plan

    def _report_approximations(self, library: Library) -> None:
        """Not an input problem, so not a warning; but never silent."""
        approximated = {paper.key: lost for paper in library.papers if (lost := ascii_approximations(paper))}
        if approximated:
            shown = ", ".join(f"{key} ({lost})" for key, lost in list(approximated.items())[:5])
            more = f" and {len(approximated) - 5} more" if len(approximated) > 5 else ""
            log.info(
                "%d papers have characters that ASCII BibTeX can only approximate: %s%s; "
                "library-biblatex.bib and library.json keep them",
                len(approximated),
                shown,
                more,
            )

    def _free(self, files: Files, src_uri: str) -> bool:
        """Whether a generated file may go at `src_uri`: the user's own file there wins."""
        if src_uri in files.src_uris:  # a lookup, where `get_file_from_path` parses a path
            log.info("docs/%s exists; keeping it instead of the generated page", src_uri)
            return False
        return True

    def _file(self, config: MkDocsConfig, generated: SiteFile) -> File:
        """A generated page holds its skeleton; a deferred data file is where the maker
        writes it, in the site directory (MkDocs then leaves it there)."""
        inclusion = InclusionLevel.UNDEFINED
        if _is_page(generated) and not generated.in_nav:
            inclusion = InclusionLevel.NOT_IN_NAV
        if generated.deferred and not _is_page(generated):
            path = data_path(config.site_dir, generated.src_uri)
            return File.generated(config, generated.src_uri, abs_src_path=path, inclusion=inclusion)
        return File.generated(config, generated.src_uri, content=generated.content, inclusion=inclusion)

    def _options(self, config: MkDocsConfig) -> SiteOptions:
        language = self.config.locale or config.theme.get("language") or "en"
        topics = TopicOptions(
            discover=self.config.discover_topics,
            min_papers=self.config.min_topic_papers,
            max_topics=self.config.max_topics,
            taxonomy=self.config.taxonomy,
        )
        return SiteOptions(
            use_directory_urls=config.use_directory_urls,
            per_page=self.config.per_page,
            locale=str(language).replace("-", "_"),
            related=self.config.related,
            author_pages_min=self.config.author_pages_min,
            search_index=self.config.search_index,
            topics=topics,
        )

    def on_page_markdown(self, markdown: str, *, page: Page, config: MkDocsConfig, files: Files) -> str:
        """Reading-list entries become cards, `[@key]` citations links; generated pages are final."""
        if page.file.src_uri in self.generated:
            return markdown
        doc = DocPage(page.file.src_uri, page.title or "", markdown)
        return self.rewriter.rewrite(markdown, doc)

    def on_page_content(self, html: str, *, page: Page, config: MkDocsConfig, files: Files) -> str:
        """Generated pages get their HTML blocks back where Markdown left the markers."""
        generated = self.generated.get(page.file.src_uri)
        if generated is None:
            return html
        if generated.deferred:
            assert self.maker is not None
            generated = self.generated[page.file.src_uri] = self.maker.page(page.file.src_uri)
        indexed = set(range(len(generated.blocks))) - generated.unindexed
        return fill_blocks(html, generated.blocks, indexed)

    @event_priority(-100)  # after the search plugin's, whatever the order of `plugins`
    def on_page_context(
        self, context: TemplateContext, *, page: Page, config: MkDocsConfig, nav: Navigation
    ) -> TemplateContext:
        """The blocks kept out of the search index go in once it has read the page."""
        generated = self.generated.get(page.file.src_uri)
        if generated is not None and generated.unindexed and page.content is not None:
            page.content = fill_blocks(page.content, generated.blocks, generated.unindexed)
        return context

    def on_serve(
        self, server: LiveReloadServer, *, config: MkDocsConfig, builder: object
    ) -> LiveReloadServer:
        """Rebuild when a snapshot is added or edited."""
        assert self.folder is not None
        server.watch(str(self.folder.root))
        return server

    def on_env(self, env: Environment, *, config: MkDocsConfig, files: Files) -> Environment:
        """MkDocs copies static files next, and a data file is its own source (in the site
        directory): it must be complete by then, or the copy would find it half written."""
        if self.maker is not None:
            self.maker.finish()
        return env

    def on_build_error(self, *, error: Exception) -> None:
        self._end_build()

    def on_shutdown(self) -> None:
        self._end_build()

    def _close_analysis(self) -> None:
        if self.analysis is not None:
            self.analysis.close()
            self.analysis = None

    @property
    def _parallel(self) -> bool:
        return self.may_fork and self.config.parallel

    def _end_build(self) -> None:
        """Stop what still runs, and let the collector at this build's objects again."""
        gc.unfreeze()
        self._close_analysis()
        if self.maker is not None:
            self.maker.close()
            self.maker = None

    def on_post_build(self, *, config: MkDocsConfig) -> None:
        """Report the search index's size; the build log ends with one line of counts."""
        self._end_build()
        if self.library is None:
            return
        index = Path(config.site_dir) / "search" / "search_index.json"
        if index.exists():
            log.info(
                "search index: %.1f MB (search_index: %s)",
                index.stat().st_size / 1e6,
                self.config.search_index,
            )
        log.info(
            "%d snapshots, %d entries read, %d papers after merging, %d warnings",
            len(self.library.listings),
            self.library.entries_read,
            len(self.library.papers),
            self.warnings,
        )


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Reading and analysing a library makes millions of small objects that all stay alive,
    so the cyclic garbage collector would walk them again and again for nothing (a quarter
    of the plugin's time at 10,000 papers). After the analysis they are frozen (`gc.freeze`)
    for the rest of the build, so that MkDocs's own collections skip them too."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _is_page(generated: SiteFile) -> bool:
    return generated.src_uri.endswith(".md")
