"""A generated page's life across MkDocs's events, in one place, in the order it happens.

The plugin forwards each event here; each step names the speed mechanism it runs and its
switch of `speed` (`papershelf.site.config.SpeedConfig`):

1. `add` (`on_files`): the planned files become MkDocs files (`placement`); a thread makes
   the pages' folders and files while MkDocs renders (`files_ahead`, `ahead`).
2. `use_frames` (`on_env`): pages render through the theme's frame of their kind
   (`render_once`, `frames`).
3. `locate` (`on_nav`): the plan learns where every file is served; pages out of the
   navigation convert each distinct Markdown skeleton once (`skeletons`, `skeletons`).
4. `converted` (`on_page_content`), `to_search` and `to_theme` (`on_page_context`, before and
   after the search plugin): a page's blocks are made while it is rendered (`late_blocks`),
   and search reads its text view (`search_views`), both in `showing`; `mark_section` makes
   the page's section of the navigation active meanwhile.
5. `written` (`on_post_page`): the section is let go, the page's head gets its tags, and the
   page goes back to its skeleton and its skeleton's table of contents.
6. `finish` (`on_post_build`, or a failed build): the files made ahead and not filled go,
   and the blocks made are kept for the next build (not those of a failed one).
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from urllib.parse import unquote

from jinja2 import Environment
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import Files, InclusionLevel
from mkdocs.structure.nav import Navigation
from mkdocs.structure.pages import Page

from papershelf.pages import SitePlan
from papershelf.pages.generated import SiteFile
from papershelf.site.ahead import FilesAhead
from papershelf.site.config import SpeedConfig
from papershelf.model import Problem
from papershelf.site.frames import Frames
from papershelf.site.kept_blocks import KeptBlocks, fingerprint
from papershelf.site.placement import home_folder, is_page, mkdocs_file, section_index
from papershelf.site.showing import Showing
from papershelf.site.skeletons import SkeletonPage, Skeletons

__all__ = ["GeneratedPages"]


class GeneratedPages:
    """The generated pages of one build of one plan, by source URI."""

    def __init__(
        self,
        plan: SitePlan,
        planned: Iterable[SiteFile],
        speed: SpeedConfig,
        keep_in: Path | None = None,
        made_from: tuple[object, ...] = (),
    ) -> None:
        self.plan = plan
        self.speed = speed
        self.planned = list(planned)
        self.pages = {generated.src_uri: generated for generated in self.planned if is_page(generated)}
        self.showing = Showing(self.pages, late_blocks=speed.late_blocks, search_views=speed.search_views)
        self.frames: Frames | None = None
        self.ahead: FilesAhead | None = None
        self.marked: Page | None = None
        """The section index this build's page being rendered marked as active."""
        self.keep_in = keep_in if speed.kept_blocks else None
        """The cache folder where blocks are kept between builds (None: not kept)."""
        self.made_from = made_from
        """What the blocks are made from, besides where files are served (`kept_blocks`)."""
        self.kept: KeptBlocks | None = None
        self.problems: list[Problem] = []
        """What was wrong with the kept blocks: warnings, once the build is done."""

    def __contains__(self, src_uri: object) -> bool:
        return src_uri in self.pages

    def add(self, files: Files, config: MkDocsConfig) -> None:
        """Every planned file becomes a MkDocs file, in the home page's folder."""
        folder = home_folder(files)
        made = [mkdocs_file(config, generated, folder) for generated in self.planned]
        for file in made:
            files.append(file)
        if self.speed.files_ahead:
            self.ahead = FilesAhead([file.abs_dest_path for file in made if file.is_documentation_page()])

    def use_frames(self, env: Environment) -> None:
        self.frames = Frames(env, enabled=self.speed.render_once)
        self.frames.install()

    def locate(self, nav: Navigation, config: MkDocsConfig, files: Files, serving: bool) -> None:
        """Every file is where it will be served (a blog post moved to its dated URL): the
        generated pages link there, and only to files MkDocs builds. Those out of the
        navigation convert each distinct skeleton once (those in it keep MkDocs's pages,
        which take their titles from `nav`)."""
        built = InclusionLevel.is_in_serve if serving else InclusionLevel.is_included
        urls = {file.src_uri: unquote(file.url) for file in files if built(file.inclusion)}
        self.plan.locate(urls)  # unquoted: `href` quotes
        if self.keep_in is not None:
            # The recipes' fingerprint holds the code, templates and overrides: the whole
            # build's starts from it, and the override files are read once.
            recipes = fingerprint((self.plan.options.blocks,), self.plan.options.overrides)
            whole = fingerprint((recipes, *self.made_from, sorted(urls.items())), overrides=())
            self.kept = KeptBlocks(self.keep_in, whole, recipes)
            self.plan.unresolved.update(self.kept.unresolved)
            self.showing.make = self.kept.made
        if not self.speed.skeletons:
            return
        in_nav = {page.file.src_uri for page in nav.pages}
        skeletons = Skeletons()
        for src_uri in self.pages.keys() - in_nav:
            if file := files.src_uris.get(src_uri):  # not when another plugin took it out
                SkeletonPage(file, config, skeletons, self.pages[src_uri])

    def converted(self, page: Page, html: str) -> str:
        return self.showing.converted(page.file.src_uri, html)

    def to_search(self, page: Page) -> None:
        self.showing.to_search(page)

    def to_theme(self, page: Page) -> None:
        self.showing.to_theme(page)

    def mark_section(self, page: Page, nav: Navigation) -> None:
        """A generated page out of the navigation (a paper, an author, a topic, a month)
        marks its section's index (Papers, Authors, Topics, Timeline) as active while it is
        rendered, so that the theme's navigation and tabs show where the reader is."""
        if page.file.src_uri in self.pages and not page.file.inclusion.is_in_nav():
            section = section_index(nav, page.file.src_uri)
            if section is not None:
                section.active = True  # and its parents; undone in `unmark`
                self.marked = section

    def unmark(self) -> None:
        if self.marked is not None:
            self.marked.active = False
            self.marked = None

    def with_head(self, page: Page, output: str) -> str:
        """A page's head gets what the plan adds to it (a paper's citation tags, the link to
        a feed: a reading list, a page of the user's, has one too), whatever the theme."""
        head = self.plan.head(page.file.src_uri)
        return output.replace("</head>", head + "</head>", 1) if head else output

    def written(self, page: Page) -> None:
        self.showing.written(page)
        if isinstance(page, SkeletonPage):
            page.written()

    def finish(self, failed: bool = False) -> None:
        """Every page is written, or the build failed: the files made ahead and not filled
        go (`FilesAhead`), and the blocks made are kept unless it failed (`KeptBlocks`)."""
        ahead, self.ahead = self.ahead, None
        if ahead is not None:
            ahead.finish()
        kept, self.kept = self.kept, None
        if kept is not None:
            if failed:
                kept.discard()
            else:
                kept.finish(self.plan.unresolved)
            self.problems += kept.take_problems()
