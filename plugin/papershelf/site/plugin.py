"""The MkDocs plugin: read snapshots, add generated pages in `on_files`, report problems.

Kept short on purpose; the work happens in the core (`papershelf.library.merge`, ...) and in
`papershelf.pages`. Having
`on_startup` makes MkDocs keep this instance across `mkdocs serve` rebuilds, so parsed
snapshots stay cached between them.

The handlers below also run the speed mechanisms, each behind its switch of `speed`
(`papershelf.site.config.SpeedConfig`): the garbage-collector policy (`collector`) around
`on_files`, which starts the files-ahead thread (`files_ahead`); the analysis's export
helper (`export_helper`, through the session's settings); the skeleton pages in `on_nav`
(`skeletons`); the frames in `on_env` (`render_once`); and a generated page's blocks,
made in `on_page_content` or `on_page_context` and shown to search as its search view
(`late_blocks`, `search_views`).
"""

from __future__ import annotations

from contextlib import nullcontext
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Literal
from urllib.parse import unquote

from jinja2 import Environment
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import BasePlugin, CombinedEvent, event_priority, get_plugin_logger
from mkdocs.structure.files import File, Files, InclusionLevel
from mkdocs.structure.nav import Navigation
from mkdocs.structure.pages import Page
from mkdocs.utils.templates import TemplateContext

from papershelf.curation.collect import DocPage, curate
from papershelf.export.bibtex import approximation_note
from papershelf.library.merge import MergeResult
from papershelf.model import Library, Problem
from papershelf.site.ahead import FilesAhead
from papershelf.site.collector import kept_to_the_end, left_at_exit, thawed
from papershelf.session import Session
from papershelf.site.config import PapershelfConfig
from papershelf.text.rules import counted
from papershelf.site.frames import Frames
from papershelf.pages.generated import SiteFile
from papershelf.site.nudge import Nudge
from papershelf.pages import SitePlan
from papershelf.site.placement import home_folder, is_page, mkdocs_file, section_index
from papershelf.site.skeletons import SkeletonPage, Skeletons
from papershelf.site.rewrite import PageRewriter, doc_pages, escape_file_name_title
from papershelf.site.showing import Showing

if TYPE_CHECKING:  # imported by MkDocs only to serve: 0.05 s a build would spend on it
    from mkdocs.livereload import LiveReloadServer

__all__ = ["PapershelfPlugin"]

log = get_plugin_logger(__name__)
_CSS = "assets/papershelf.css"
_SETTLE_SECONDS = 2.0


class PapershelfPlugin(BasePlugin[PapershelfConfig]):
    """`plugins: - papershelf` in mkdocs.yml."""

    def __init__(self) -> None:
        self.session: Session | None = None
        self.nudge = Nudge()
        self.generated: dict[str, SiteFile] = {}
        self.showing = Showing(self.generated)
        self.plan: SitePlan | None = None
        self.library: Library | None = None
        self.serving = False
        self.warnings = 0
        self.marked: Page | None = None
        """The section index a generated page marked as active (`_mark_section`)."""
        self.frames: Frames | None = None
        self.ahead: FilesAhead | None = None

    def on_startup(self, *, command: Literal["build", "gh-deploy", "serve"], dirty: bool) -> None:
        """Makes MkDocs keep this instance (and its cache) across `mkdocs serve` rebuilds."""
        self.serving = command == "serve"
        if self.config.speed.collector:
            left_at_exit()

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        """The library session of this site (`papershelf.session`), kept across `mkdocs
        serve` rebuilds while it reads the same files."""
        settings = self.config.settings(config)
        if self.session is None:
            # Under serve, a file saved in the last moments may still be being written: its
            # papers' keys are not remembered yet, and it is read again on the next rebuild.
            settle = _SETTLE_SECONDS if self.serving else 0.0
            self.session = Session(settings, settle, report=lambda message: log.info("%s", message))
        else:
            self.session = self.session.with_settings(settings)
        if _CSS not in config.extra_css:
            config.extra_css.append(_CSS)
        if "md_in_html" not in config.markdown_extensions:
            config.markdown_extensions.append("md_in_html")  # reading-list cards hold Markdown notes
        return config

    def _read_pages(self, files: Files, *, config: MkDocsConfig) -> Files:
        """The user's pages as MkDocs found them: before the blog plugin takes its posts out
        of the files it builds itself (it puts them back in `on_nav`)."""
        self.pages = list(doc_pages(files, self.serving))
        return files

    @event_priority(-110)  # after mkdocs-static-i18n's, which cannot take generated files
    def _add_generated(self, files: Files, *, config: MkDocsConfig) -> Files:
        """The library, its indexes and the pages' skeletons live to the end of the build."""
        serve_rebuild = self.serving and self.library is not None
        with kept_to_the_end(serve_rebuild) if self.config.speed.collector else nullcontext():
            return self._add_files(files, config)

    def _add_files(self, files: Files, config: MkDocsConfig) -> Files:
        assert self.session is not None
        merged = self.session.merged()
        if saved := self.session.saved(merged):
            log.info("%s", saved)
        if self.serving:  # keys of snapshots still being written are saved once they settle
            self.nudge.after(self.session.unsaved_settling(merged))
        self._take(merged)
        plan = self.plan = self.session.plan(merged.library)
        self._warn(self.session.take_problems())
        if plan.topic_index.without_subject:
            alone = plan.topic_index.without_subject
            log.info("%s no topic besides their listing's", counted(alone, "paper has", "papers have"))
        # mkdocs-static-i18n keeps the pages of the language it builds
        curation = curate((page for page in self.pages if page.src in files.src_uris), plan.resolver)
        self._warn(curation.problems)
        planned = [generated for generated in plan.files(curation) if self._free(files, generated.src_uri)]
        folder = home_folder(files)
        made = [mkdocs_file(config, generated, folder) for generated in planned]
        for file in made:
            files.append(file)
        self._finish_ahead()  # a serve rebuild after a failed one
        if self.config.speed.files_ahead:
            self.ahead = FilesAhead([file.abs_dest_path for file in made if file.is_documentation_page()])
        self.generated = {generated.src_uri: generated for generated in planned if is_page(generated)}
        speed = self.config.speed
        self.showing = Showing(self.generated, late_blocks=speed.late_blocks, search_views=speed.search_views)
        self.rewriter = PageRewriter(plan)
        css = resources.files("papershelf.site").joinpath("assets/papershelf.css").read_text("utf-8")
        if self._free(files, _CSS):
            files.append(File.generated(config, _CSS, content=css, inclusion=InclusionLevel.NOT_IN_NAV))
        return files

    on_files = CombinedEvent(_read_pages, _add_generated)

    def _take(self, merged: MergeResult) -> None:
        """Keep the library; report its problems, and how its files were read."""
        self.library = merged.library
        for listing in self.library.listings:
            for note in listing.notes:
                log.info("%s", note)
        for problem in self.library.problems:
            log.warning("%s", problem)
        self.warnings = len(self.library.problems)
        if approximated := approximation_note(self.library.papers):  # not an input problem, but never silent
            log.info("%s", approximated)

    def _warn(self, problems: list[Problem]) -> None:
        for problem in problems:
            log.warning("%s", problem)
        self.warnings += len(problems)

    def _free(self, files: Files, src_uri: str) -> bool:
        """Whether a generated file may go at `src_uri`: the user's own file there wins."""
        if src_uri in files.src_uris:  # a lookup, where `get_file_from_path` parses a path
            log.info("docs/%s exists; keeping it instead of the generated page", src_uri)
            return False
        return True

    def on_env(self, env: Environment, *, config: MkDocsConfig, files: Files) -> Environment:
        """Generated pages render through their frames (`papershelf.site.frames`)."""
        self.frames = Frames(env, enabled=self.config.speed.render_once)
        self.frames.install()
        return env

    @event_priority(-60)  # after the blog plugin's, which puts back the posts it will build
    def on_nav(self, nav: Navigation, *, config: MkDocsConfig, files: Files) -> Navigation:
        """Every file is where it will be served (a blog post moved to its dated URL): the
        generated pages link there, and only to files MkDocs builds. Those out of the
        navigation convert each distinct skeleton once (those in it keep MkDocs's pages,
        which take their titles from `nav`)."""
        if self.plan is not None:
            built = InclusionLevel.is_in_serve if self.serving else InclusionLevel.is_included
            urls = {file.src_uri: unquote(file.url) for file in files if built(file.inclusion)}
            self.plan.locate(urls)  # unquoted: `href` quotes
        if not self.config.speed.skeletons:
            return nav
        in_nav = {page.file.src_uri for page in nav.pages}
        skeletons = Skeletons()
        for src_uri in self.generated.keys() - in_nav:
            if file := files.src_uris.get(src_uri):  # not when another plugin took it out
                SkeletonPage(file, config, skeletons, self.generated[src_uri])
        return nav

    def on_page_markdown(self, markdown: str, *, page: Page, config: MkDocsConfig, files: Files) -> str:
        """Reading-list entries become cards, `[@key]` citations links; generated pages are final."""
        if page.file.src_uri in self.generated:
            return markdown
        doc = DocPage(page.file.src_uri, page.title or "", markdown)
        return self.rewriter.rewrite(markdown, doc)

    def on_page_content(self, html: str, *, page: Page, config: MkDocsConfig, files: Files) -> str:
        """The user's pages titled by their file name get that title escaped; generated
        pages get their blocks when they are rendered, or now if `late_blocks` is off
        (`papershelf.site.showing`)."""
        if page.file.src_uri not in self.generated:
            escape_file_name_title(page)
            return html
        return self.showing.converted(page.file.src_uri, html)

    @event_priority(100)  # before the search plugin's
    def _show_search_view(
        self, context: TemplateContext, *, page: Page, config: MkDocsConfig, nav: Navigation
    ) -> TemplateContext:
        self.showing.to_search(page)
        return context

    @event_priority(-100)  # after the search plugin's, whatever the order of `plugins`
    def _show_page(
        self, context: TemplateContext, *, page: Page, config: MkDocsConfig, nav: Navigation
    ) -> TemplateContext:
        self.showing.to_theme(page)
        return context

    def _mark_section(
        self, context: TemplateContext, *, page: Page, config: MkDocsConfig, nav: Navigation
    ) -> TemplateContext:
        """A generated page out of the navigation (a paper, an author, a topic, a month)
        marks its section's index (Papers, Authors, Topics, Timeline) as active while it is
        rendered, so that the theme's navigation and tabs show where the reader is."""
        if page.file.src_uri in self.generated and not page.file.inclusion.is_in_nav():
            section = section_index(nav, page.file.src_uri)
            if section is not None:
                section.active = True  # and its parents; undone in `on_post_page`
                self.marked = section
        return context

    on_page_context = CombinedEvent(_show_search_view, _show_page, _mark_section)

    def _add_head(self, output: str, *, page: Page, config: MkDocsConfig) -> str:
        """A paper page's head gets its citation tags, whatever the theme."""
        if self.marked is not None:
            self.marked.active = False
            self.marked = None
        if self.plan is None or page.file.src_uri not in self.generated:
            return output
        head = self.plan.head(page.file.src_uri)
        return output.replace("</head>", head + "</head>", 1) if head else output

    @event_priority(-100)  # after other plugins' (at the default priority)
    def _let_go(self, output: str, *, page: Page, config: MkDocsConfig) -> str:
        self.showing.written(page)
        return output

    on_post_page = CombinedEvent(_add_head, _let_go)

    def on_serve(
        self, server: LiveReloadServer, *, config: MkDocsConfig, builder: object
    ) -> LiveReloadServer:
        """Rebuild when a snapshot is added or edited."""
        assert self.session is not None
        server.watch(str(self.session.settings.snapshots))
        self.nudge.watch(server)
        return server

    def on_shutdown(self) -> None:
        self.nudge.stop()

    def on_build_error(self, *, error: Exception) -> None:
        if self.config.speed.collector:
            thawed()
        self._finish_ahead()

    @event_priority(100)  # before other plugins read the site
    def _finish_ahead(self, *, config: MkDocsConfig | None = None) -> None:
        """Every page is written: the files made ahead and not filled go (`FilesAhead`)."""
        ahead, self.ahead = self.ahead, None
        if ahead is not None:
            ahead.finish()

    def _report(self, *, config: MkDocsConfig) -> None:
        """Report the search index's size; the build log ends with one line of counts."""
        if self.config.speed.collector:
            thawed()
        if self.frames is not None:
            log.debug(
                "pages filled in frames: %(filled)d, rendered by the theme: %(rendered)d", self.frames.counts
            )
        if self.library is None:
            return
        if self.plan is not None:
            for target in sorted(self.plan.unresolved):
                log.warning("generated pages link to %s, which is no file of the site", target)
            self.warnings += len(self.plan.unresolved)
        index = Path(config.site_dir) / "search" / "search_index.json"
        if index.exists():
            log.info(
                "search index: %.1f MB (search_index: %s)",
                index.stat().st_size / 1e6,
                self.config.search_index,
            )
        log.info(
            "%s, %s read, %s after merging, %s",
            counted(len(self.library.listings), "snapshot"),
            counted(self.library.entries_read, "entry", "entries"),
            counted(len(self.library.papers), "paper"),
            counted(self.warnings, "warning"),
        )

    on_post_build = CombinedEvent(_finish_ahead, _report)
