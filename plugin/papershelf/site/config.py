"""The plugin's options in `mkdocs.yml`."""

from __future__ import annotations

from pathlib import Path

from mkdocs.config import config_options as c
from mkdocs.config.base import Config
from mkdocs.config.defaults import MkDocsConfig

from papershelf.session import Settings
from papershelf.site.pages.options import SiteOptions
from papershelf.topics import TopicOptions

__all__ = ["NotASite", "PapershelfConfig", "site_settings"]


class NotASite(Exception):
    """A `mkdocs.yml` that MkDocs cannot load, or whose site does not use papershelf."""


def site_settings(config_file: Path) -> Settings:
    """The settings of the site `config_file` describes, as its build would make them: the
    command line's way to the site's library (`papershelf --config`)."""
    from mkdocs.config import load_config
    from mkdocs.exceptions import ConfigurationError

    try:
        config = load_config(str(config_file))
    except (ConfigurationError, OSError) as error:
        raise NotASite(f"{config_file}: MkDocs cannot load it ({error})") from error
    plugin = config.plugins.get("papershelf")
    if plugin is None:
        raise NotASite(f"{config_file}: its site does not use the papershelf plugin")
    options: PapershelfConfig = plugin.config
    return options.settings(config)


class PapershelfConfig(Config):
    """`plugins: - papershelf: {...}`; paths are relative to `mkdocs.yml`."""

    snapshots = c.Type(str, default="snapshots")
    """Folder of listing snapshots (searched recursively)."""

    keys_file = c.Type(str, default="citation-keys.tsv")
    """File that remembers issued citation keys; commit it next to the snapshots."""

    per_page = c.Type(int, default=50)
    """Papers per page of every paper list (all papers, a topic, a month)."""

    locale = c.Optional(c.Type(str))
    """Language for dates on pages (default: the theme's `language`, else English)."""

    discover_topics = c.Type(bool, default=True)
    """Find topics in the papers' titles and abstracts."""

    max_topics = c.Optional(c.Type(int))
    """At most this many discovered topics (default: as many as keep the topic pages to
    2.5 times the square root of the number of papers, 25 for 100 papers)."""

    min_topic_papers = c.Type(int, default=3)
    """A discovered topic needs at least this many papers."""

    taxonomy = c.DictOfItems(c.ListOfItems(c.Type(str)), default={})
    """Your own topics: topic name -> phrases; a paper whose title or abstract contains one
    of the phrases (in any spelling variant) belongs to it. Replaces a discovered topic
    with the same phrase."""

    author_pages_min = c.Optional(c.Type(int))
    """An author gets a page of their own from this many papers on; others are listed, with
    their papers, on the page of their initial. Unset: 2, raised for large libraries until at
    most a hundred authors, or one per ten papers, have a page (a page per author would
    double the build, see `papershelf.analysis.author_page_threshold`)."""

    search_index = c.Choice(["papers", "all"], default="papers")
    """What the search plugin indexes of the generated pages: paper pages only, or also the
    index, topic, author and month pages (which repeat paper titles)."""

    related = c.Type(int, default=5)
    """Related papers shown on each paper page (0 turns the section off)."""

    cache = c.Type(bool, default=True)
    """Keep the analysis (topics, related papers, authors, BibTeX) between builds, so that a
    build of an unchanged library does none of it again."""

    cache_dir = c.Type(str, default=".cache/plugin/papershelf")
    """Where the analysis is kept, relative to mkdocs.yml (Material's plugins keep their
    caches in `.cache/plugin/` too; leave it out of git)."""

    render_once = c.Type(bool, default=True)
    """Render the theme's page template once for each kind of generated page out of the
    navigation (papers, a topic's pages, ...) and fill that frame with each page's title and
    content, once it gave two pages exactly the theme's output; `false` renders every page
    through the theme (`papershelf.site.frames`)."""

    parallel = c.Type(bool, default=True)
    """Whether the first analysis of a library of 500 papers or more may write its export
    entries in a helper process (`papershelf.helper`) while it finds the topics, on a
    machine with two cores or more, and a thread may make the generated pages' folders and
    files while MkDocs renders them (`papershelf.site.ahead`); the site is the same either
    way."""

    def settings(self, config: MkDocsConfig) -> Settings:
        """Where this site's library lives and what its pages depend on (`papershelf.session`)."""
        base = Path(config.config_file_path or ".").parent.resolve()
        return Settings(
            snapshots=(base / self.snapshots).resolve(),
            keys_file=(base / self.keys_file).resolve(),
            project=base,
            cache_dir=(base / self.cache_dir).resolve() if self.cache else None,
            site=self.site_options(config),
            author_pages_min=self.author_pages_min,
            parallel=self.parallel,
        )

    def site_options(self, config: MkDocsConfig) -> SiteOptions:
        """What the pages depend on, from these options and the site's own settings."""
        language = self.locale or config.theme.get("language") or "en"
        topics = TopicOptions(
            discover=self.discover_topics,
            min_papers=self.min_topic_papers,
            max_topics=self.max_topics,
            taxonomy=self.taxonomy,
        )
        return SiteOptions(
            use_directory_urls=config.use_directory_urls,
            per_page=self.per_page,
            locale=str(language).replace("-", "_"),
            related=self.related,
            author_pages_min=2 if self.author_pages_min is None else self.author_pages_min,
            search_index=self.search_index,
            topics=topics,
        )
