"""The plugin's options in `mkdocs.yml`."""

from __future__ import annotations

from pathlib import Path

from mkdocs.config import config_options as c
from mkdocs.config.base import Config, ConfigErrors, ConfigWarnings
from mkdocs.config.defaults import MkDocsConfig

from papershelf.session import Settings
from papershelf.pages.options import SiteOptions
from papershelf.indexes.topics import TopicOptions

__all__ = ["NotASite", "PapershelfConfig", "SpeedConfig", "site_settings"]


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


class SpeedConfig(Config):
    """`speed: {...}`: a switch for each way the plugin makes a build faster or smaller by
    acting on MkDocs's own pages, files or process. Each is on by default; off, MkDocs (or
    Python) does that part of the work its own way, and the site is the same file for file
    (`tests/test_speed_switches.py`), except that `search_views: false` changes what search
    finds."""

    render_once = c.Type(bool, default=True)
    """Render the theme's page template once for each kind of generated page out of the
    navigation (papers, a topic's pages, ...) and fill that frame with each page's title and
    content, once it gave two pages exactly the theme's output; off, every page is rendered
    through the theme (`papershelf.site.frames`)."""

    skeletons = c.Type(bool, default=True)
    """Convert each distinct Markdown skeleton of the generated pages once, and give a page
    the front matter it was written with; off, MkDocs reads and converts each generated page
    itself (`papershelf.site.skeletons`)."""

    late_blocks = c.Type(bool, default=True)
    """Make a generated page's HTML blocks while MkDocs renders the page, and drop them once
    it is written; off, they are made when its Markdown is converted and the page keeps its
    whole HTML to the end of the build, as MkDocs's pages do (`papershelf.site.showing`)."""

    search_views = c.Type(bool, default=True)
    """Give the search plugin a paper page's text view (one entry: title, names also without
    accents, key, topics, abstract) instead of its HTML; off, search reads the page's HTML
    (its indexed sections), which takes longer and finds less (`papershelf.site.showing`)."""

    files_ahead = c.Type(bool, default=True)
    """Make the generated pages' folders and empty files in a thread while MkDocs renders
    them; off, MkDocs makes each when it writes the page (`papershelf.site.ahead`)."""

    kept_blocks = c.Type(bool, default=True)
    """Keep the generated pages' HTML blocks in the plugin's cache (`cache_dir`) and take
    them from there in the next build whose blocks would be made from the same library,
    options, reading lists, citations, URLs and templates; off, every build makes them
    (`papershelf.site.kept_blocks`). Without `cache`, nothing is kept."""

    export_helper = c.Type(bool, default=True)
    """Let the first analysis of a library of 500 papers or more write its export entries in
    a helper process while it finds the topics, on a machine with two cores or more; off,
    it writes them itself (`papershelf.analysis.helper`)."""

    collector = c.Type(bool, default=True)
    """Pause Python's garbage collector while the library is read and analysed, keep the
    library out of its collections to the end of the build, and leave the last objects to
    the operating system at exit; off, Python's collector works as it does by default
    (`papershelf.site.collector`)."""


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
    double the build, see `papershelf.analysis.analyse.author_page_threshold`)."""

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

    speed = c.SubConfig(SpeedConfig)
    """Each speed mechanism's own switch (`SpeedConfig`), with the shorthands below applied."""

    render_once = c.Type(bool, default=True)
    """Shorthand kept from before `speed`: `false` turns `speed.render_once` off."""

    parallel = c.Type(bool, default=True)
    """Shorthand kept from before `speed`: `false` turns `speed.export_helper` and
    `speed.files_ahead` off."""

    def validate(self) -> tuple[ConfigErrors, ConfigWarnings]:
        """The options as MkDocs validates them, then the shorthands applied: from here on,
        `speed` says which mechanisms a build uses."""
        failed, warnings = super().validate()
        if not failed:
            speed = self.speed
            speed.render_once = speed.render_once and self.render_once
            speed.files_ahead = speed.files_ahead and self.parallel
            speed.export_helper = speed.export_helper and self.parallel
        return failed, warnings

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
            parallel=self.speed.export_helper,
        )

    def site_options(self, config: MkDocsConfig) -> SiteOptions:
        """What the pages depend on, from these options and the site's own settings; the
        theme's folders (`custom_dir` first) may override the page templates, as they
        override the theme's own (`papershelf.pages.templates`)."""
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
            site_url=config.site_url or "",
            site_name=config.site_name or "",
            topics=topics,
            overrides=tuple(str(folder) for folder in config.theme.dirs),
        )
