"""The MkDocs plugin: read snapshots, add generated pages in `on_files`, report problems.

Kept short on purpose; the work happens in the core (`papershelf.library.merge`, ...) and in
`papershelf.pages`. Having
`on_startup` makes MkDocs keep this instance across `mkdocs serve` rebuilds, so parsed
snapshots stay cached between them.

A generated page's life across the events, with the speed mechanisms that act on it, is
`papershelf.site.generated_pages`; here are only the garbage-collector policy around
`on_files` (`speed.collector`) and, through the session's settings, the analysis's export
helper (`speed.export_helper`).
"""

from __future__ import annotations

from contextlib import nullcontext
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from jinja2 import Environment
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, CombinedEvent, event_priority, get_plugin_logger
from mkdocs.structure.files import File, Files, InclusionLevel
from mkdocs.structure.nav import Navigation
from mkdocs.structure.pages import Page
from mkdocs.utils.templates import TemplateContext

from papershelf.curation.collect import DocPage, curate
from papershelf.export.bibtex import approximation_note
from papershelf.library.merge import MergeResult
from papershelf.model import Library, Problem
from papershelf.site.compiled import CompiledTemplates
from papershelf.site.collector import kept_to_the_end, left_at_exit, thawed
from papershelf.session import Session
from papershelf.site.config import PapershelfConfig
from papershelf.text.rules import counted
from papershelf.site.generated_pages import GeneratedPages
from papershelf.site.settled import SettledKeys
from papershelf.site.rewrite import PageRewriter, doc_pages, escape_file_name_title

if TYPE_CHECKING:  # imported by MkDocs only to serve: 0.05 s a build would spend on it
    from mkdocs.livereload import LiveReloadServer

__all__ = ["PapershelfPlugin"]

log = get_plugin_logger(__name__)
_CSS = "assets/papershelf.css"
_SETTLE_SECONDS = 2.0
_SPLITS_LANGUAGES = "i18n"  # mkdocs-static-i18n
_CITES_TOO = "bibtex"  # mkdocs-bibtex


def _stop_beside_mkdocs_bibtex(config: MkDocsConfig, snapshots: str) -> None:
    """mkdocs-bibtex turns `[@key]` into citations too: beside it, one of the two would fail
    on the other's output. Its `.bib` file read as a snapshot keeps its keys, so moving to
    papershelf keeps every citation of the site."""
    if _CITES_TOO not in config.plugins:
        return
    bib = config.plugins[_CITES_TOO].config.get("bib_file") or "your .bib file"
    raise PluginError(
        f"papershelf and mkdocs-bibtex both turn [@key] citations into references. Remove "
        f"`bibtex` from `plugins` and put {bib} in papershelf's snapshot folder ({snapshots}): "
        "its entries become papers of the library that keep their keys, so every [@key] of the "
        "site still cites them (see 'With other plugins' in the configuration guide)."
    )


class PapershelfPlugin(BasePlugin[PapershelfConfig]):
    """`plugins: - papershelf` in mkdocs.yml."""

    def __init__(self) -> None:
        self.session: Session | None = None
        self.settled = SettledKeys(self._save_settled_keys)
        self.generated: GeneratedPages | None = None
        self.library: Library | None = None
        self.serving = False
        self.warnings = 0
        self.compiled = CompiledTemplates()

    def on_startup(self, *, command: Literal["build", "gh-deploy", "serve"], dirty: bool) -> None:
        """Makes MkDocs keep this instance (and its cache) across `mkdocs serve` rebuilds."""
        self.serving = command == "serve"
        if self.config.speed.collector:
            left_at_exit()

    @event_priority(-110)  # after mkdocs-static-i18n's, which sets each language's build's language
    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        """The library session of this site (`papershelf.session`), kept across `mkdocs
        serve` rebuilds while it reads the same files; its pages in the language of the
        build (`theme.language`, or `locale`)."""
        _stop_beside_mkdocs_bibtex(config, self.config.snapshots)
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

    @event_priority(60)
    def _read_pages(self, files: Files, *, config: MkDocsConfig) -> Files:
        """The user's pages as MkDocs found them: before the blog plugin takes its posts out
        of the files it builds itself (it puts them back in `on_nav`)."""
        self.pages = list(doc_pages(files, self.serving))
        return files

    @event_priority(50)
    def _add_before_others(self, files: Files, *, config: MkDocsConfig) -> Files:
        """The generated files are there before other plugins look at the files (in
        `on_files`, at their default priority), so that they can take them as the user's
        own: mkdocs-redirects can point at a paper page."""
        return files if _SPLITS_LANGUAGES in config.plugins else self._add_generated(files, config)

    @event_priority(-110)  # after mkdocs-static-i18n's
    def _add_after_languages(self, files: Files, *, config: MkDocsConfig) -> Files:
        """mkdocs-static-i18n sorts the user's files by language, and cannot take generated
        ones: they go in after it chose the files of the language it builds."""
        return self._add_generated(files, config) if _SPLITS_LANGUAGES in config.plugins else files

    def _add_generated(self, files: Files, config: MkDocsConfig) -> Files:
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
            self.settled.after(self.session.unsaved_settling(merged))
        self._take(merged)
        plan = self.session.plan(merged.library)
        self._warn(self.session.take_problems())
        if plan.topic_index.without_subject:
            alone = plan.topic_index.without_subject
            log.info("%s no topic besides their listing's", counted(alone, "paper has", "papers have"))
        # mkdocs-static-i18n keeps the pages of the language it builds
        curation = curate((page for page in self.pages if page.src in files.src_uris), plan.resolver)
        self._warn(curation.problems)
        planned = [generated for generated in plan.files(curation) if self._free(files, generated.src_uri)]
        self._finish_ahead()  # a serve rebuild after a failed one
        made_from = (self.session.cache.fingerprint, *plan.made_from(curation))
        keep_in = self.session.settings.cache_dir
        self.generated = GeneratedPages(plan, planned, self.config.speed, keep_in, made_from)
        self.generated.add(files, config)
        self.rewriter = PageRewriter(plan)
        css = resources.files("papershelf.site").joinpath("assets/papershelf.css").read_text("utf-8")
        if self._free(files, _CSS):
            files.append(File.generated(config, _CSS, content=css, inclusion=InclusionLevel.NOT_IN_NAV))
        return files

    on_files = CombinedEvent(_read_pages, _add_before_others, _add_after_languages)

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
        """Generated pages render through their frames (`papershelf.site.frames`); under
        `mkdocs serve` the theme's templates are compiled once (`papershelf.site.compiled`)."""
        if self.serving and env.bytecode_cache is None:
            env.bytecode_cache = self.compiled
        if self.generated is not None:
            self.generated.use_frames(env)
        return env

    @event_priority(-60)  # after the blog plugin's, which puts back the posts it will build
    def on_nav(self, nav: Navigation, *, config: MkDocsConfig, files: Files) -> Navigation:
        """Generated pages learn where every file is served (`GeneratedPages.locate`)."""
        if self.generated is not None:
            self.generated.locate(nav, config, files, self.serving)
        return nav

    def on_page_markdown(self, markdown: str, *, page: Page, config: MkDocsConfig, files: Files) -> str:
        """Reading-list entries become cards, `[@key]` citations links; generated pages are final."""
        if self.generated is not None and page.file.src_uri in self.generated:
            return markdown
        doc = DocPage(page.file.src_uri, page.title or "", markdown)
        return self.rewriter.rewrite(markdown, doc)

    def on_page_content(self, html: str, *, page: Page, config: MkDocsConfig, files: Files) -> str:
        """The user's pages titled by their file name get that title escaped; generated
        pages get their blocks when they are rendered, or now if `late_blocks` is off
        (`papershelf.site.showing`)."""
        if self.generated is None or page.file.src_uri not in self.generated:
            escape_file_name_title(page)
            return html
        return self.generated.converted(page, html)

    @event_priority(100)  # before the search plugin's
    def _show_search_view(
        self, context: TemplateContext, *, page: Page, config: MkDocsConfig, nav: Navigation
    ) -> TemplateContext:
        if self.generated is not None:
            self.generated.to_search(page)
        return context

    @event_priority(-100)  # after the search plugin's, whatever the order of `plugins`
    def _show_page(
        self, context: TemplateContext, *, page: Page, config: MkDocsConfig, nav: Navigation
    ) -> TemplateContext:
        if self.generated is not None:
            self.generated.to_theme(page)
        return context

    def _mark_section(
        self, context: TemplateContext, *, page: Page, config: MkDocsConfig, nav: Navigation
    ) -> TemplateContext:
        if self.generated is not None:
            self.generated.mark_section(page, nav)
        return context

    on_page_context = CombinedEvent(_show_search_view, _show_page, _mark_section)

    def _add_head(self, output: str, *, page: Page, config: MkDocsConfig) -> str:
        """A generated page's head gets its tags (a paper's citation tags, a link to a feed),
        and so does a reading list's page: the link to its feed, whatever the theme."""
        if self.generated is None:
            return output
        self.generated.unmark()
        return self.generated.with_head(page, output)

    @event_priority(-100)  # after other plugins' (at the default priority)
    def _let_go(self, output: str, *, page: Page, config: MkDocsConfig) -> str:
        if self.generated is not None:
            self.generated.written(page)
        return output

    on_post_page = CombinedEvent(_add_head, _let_go)

    def on_serve(
        self, server: LiveReloadServer, *, config: MkDocsConfig, builder: object
    ) -> LiveReloadServer:
        """Rebuild when a snapshot is added or edited."""
        assert self.session is not None
        server.watch(str(self.session.settings.snapshots))
        return server

    def _save_settled_keys(self) -> float:
        """On `SettledKeys`' timer: merge again, which saves the keys of the snapshots that
        have settled; the seconds until any still being written settle. A problem the last
        build did not report is one of this merge's (the key file could not be written):
        said as the build would say it."""
        assert self.session is not None
        merged = self.session.merged()
        if saved := self.session.saved(merged):
            log.info("%s", saved)
        reported = self.library.problems if self.library is not None else ()
        for problem in merged.library.problems:
            if problem not in reported:
                log.warning("%s", problem)
        return self.session.unsaved_settling(merged)

    def on_shutdown(self) -> None:
        self.settled.stop()

    def on_build_error(self, *, error: Exception) -> None:
        if self.config.speed.collector:
            thawed()
        if self.generated is not None:
            self.generated.finish(failed=True)

    @event_priority(100)  # before other plugins read the site
    def _finish_ahead(self, *, config: MkDocsConfig | None = None) -> None:
        """Every page is written: the files made ahead and not filled go."""
        if self.generated is not None:
            self.generated.finish()

    def _report(self, *, config: MkDocsConfig) -> None:
        """Report the search index's size; the build log ends with one line of counts."""
        if self.config.speed.collector:
            thawed()
        if self.generated is not None and self.generated.frames is not None:
            counts = self.generated.frames.counts
            log.debug("pages filled in frames: %(filled)d, rendered by the theme: %(rendered)d", counts)
        if self.library is None:
            return
        if self.generated is not None:
            self._warn(self.generated.problems)
            unresolved = self.generated.plan.unresolved
            for target in sorted(unresolved):
                log.warning("generated pages link to %s, which is no file of the site", target)
            self.warnings += len(unresolved)
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
