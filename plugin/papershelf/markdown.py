"""`[@key]` citations and the references marker wherever Python-Markdown runs: Zensical's
`markdown_extensions`, ProperDocs or MkDocs without the plugin, or a script.

    markdown.Markdown(
        extensions=["papershelf.markdown"],
        extension_configs={"papershelf.markdown": {"snapshots": "snapshots", "library": "/library/"}},
    )

The page is rewritten before Python-Markdown reads it, by the same `cite` as the MkDocs
plugin's (`papershelf.curation.citations`), so a citation and a reference list read the same
as under the plugin. Python-Markdown does not know where the page is served, so links are not
relative to it: they go to `library` (the URL where `papershelf generate --out` folder is
served, `/library/` for `docs/library`) and the paper page's place in it. The library is
read as `papershelf generate` reads it (same key file, so the same keys), once per process
and again when the snapshots change; a page without `[@` or the marker does not read it.
Imports no MkDocs.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from markdown import Markdown
from markdown.extensions import Extension
from markdown.preprocessors import Preprocessor
from markupsafe import Markup

from papershelf.curation.citations import (
    REFERENCES_MARKER,
    cite,
    find_citations,
    malformed_citations,
    unknown_keys,
)
from papershelf.pages import SitePlan
from papershelf.pages.generated import page_url
from papershelf.pages.markup import href
from papershelf.session import Session, Settings

__all__ = ["CitationsExtension", "makeExtension"]

log = logging.getLogger(__name__)
_PRIORITY = 28  # after `normalize_whitespace` (30), before `fenced_code_block` (25) and `html_block` (20)

_sessions: dict[tuple[Path, Path, Path | None], Session] = {}
_lock = threading.Lock()  # a generator may convert pages in threads


class CitationsExtension(Extension):
    """`extensions=["papershelf.markdown"]`; its options are those of `config` below."""

    def __init__(self, **kwargs: Any) -> None:
        self.config = {
            "snapshots": ["snapshots", "the snapshot folder (as `papershelf generate` is given)"],
            "keys": ["", "the key file (default: citation-keys.tsv beside the snapshot folder)"],
            "library": ["/library/", "the URL where `papershelf generate --out` folder is served"],
            "use_directory_urls": [True, "paper pages at papers/<key>/ (else papers/<key>.html)"],
            "cache_dir": ["", "where readings and the analysis are kept between runs (default: none)"],
            "locale": ["en", "the language of the references' words and dates (as `theme.language`)"],
        }
        super().__init__(**kwargs)

    def extendMarkdown(self, md: Markdown) -> None:
        """The references are an HTML list whose items hold Markdown: `md_in_html` reads them."""
        md.registerExtensions(["md_in_html"], {})
        md.preprocessors.register(_Citations(md, self._settings(), self._link()), "papershelf", _PRIORITY)

    def _settings(self) -> Settings:
        """papershelf's defaults for the snapshot folder, as `papershelf generate` takes them."""
        settings = Settings.for_snapshots(Path(self.getConfig("snapshots")).resolve())
        if keys := self.getConfig("keys"):
            settings = replace(settings, keys_file=Path(keys).resolve())
        if cache := self.getConfig("cache_dir"):
            settings = replace(settings, cache_dir=Path(cache).resolve())
        locale = str(self.getConfig("locale")).replace("-", "_")
        return replace(settings, site=replace(settings.site, locale=locale))

    def _link(self) -> Callable[[str], Markup]:
        """Where a paper page (by its path in the generated folder) is served."""
        library = str(self.getConfig("library")).rstrip("/") + "/"
        directory_urls = bool(self.getConfig("use_directory_urls"))

        def link(target: str) -> Markup:
            path, hash_, anchor = target.partition("#")
            return href(library + page_url(path, directory_urls), anchor if hash_ else None)

        return link


class _Citations(Preprocessor):
    """Rewrites the page's citations and references marker, warns of each unknown key."""

    def __init__(self, md: Markdown, settings: Settings, link: Callable[[str], Markup]) -> None:
        super().__init__(md)
        self.settings = settings
        self.link = link

    def run(self, lines: list[str]) -> list[str]:
        markdown = "\n".join(lines)
        if "[@" not in markdown and REFERENCES_MARKER not in markdown:
            return lines
        plan = _plan(self.settings)
        problems = unknown_keys(find_citations(markdown), plan.resolver.keys, "") + malformed_citations(
            markdown, ""
        )
        for problem in problems:
            log.warning("papershelf: line %d: %s", problem.source.line, problem.message)
        return cite(
            markdown,
            plan.resolver,
            lambda cites: plan.render_fragment("citation", "", self.link, cites=cites),
            lambda keys: plan.render_fragment("references", "", self.link, keys=keys),
        ).split("\n")


def _plan(settings: Settings) -> SitePlan:
    """The library's plan, kept for the process (a generator converts page after page) and
    made again when a snapshot changed (`zensical serve`)."""
    with _lock:
        where = (settings.snapshots, settings.keys_file, settings.cache_dir)
        session = _sessions.get(where)
        if session is None:
            session = _sessions[where] = Session(settings)
        return session.plan(session.merged().library)


def makeExtension(**kwargs: Any) -> CitationsExtension:
    """What Python-Markdown calls to load `papershelf.markdown` by name."""
    return CitationsExtension(**kwargs)
