"""What every kind of generated page shares: links, titles, bylines, dates, front matter and
the Jinja templates.

One `PageContext` serves a whole plan. It is the only maker of links: on a generated page
each URL is relative to the page that holds it (so the site works under any base URL and
with either URL style), and goes where MkDocs serves the target (a blog post is not served
where its source lies); in a user's page, a link names the target's source and MkDocs
resolves and checks it like any link the user wrote. Each is quoted and escaped by
`markup.href`. It remembers what many pages show, since a paper's
title and byline appear on its topic, month, author and index pages, and Babel and the
MathML converter are slow: each is rendered once.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable, Mapping
from functools import cached_property, partial

from babel.dates import format_date
from markupsafe import Markup

from papershelf.analysis.analyse import Analysis
from papershelf.curation.citations import surname
from papershelf.curation.lists import tally
from papershelf.model import MONTH, YEAR, Paper
from papershelf.pages.generated import PAGE_TEMPLATE, FrontMatter, SiteFile, page_url, split_blocks
from papershelf.pages.letters import Letters, author_targets, by_initial
from papershelf.pages.markup import (
    Content,
    ShownVenue,
    from_root,
    href,
    joined,
    phrase,
    rendered,
    rooted,
    safe,
    safe_in_markdown,
    shown_venue,
    text,
)
from papershelf.pages.options import SiteOptions
from papershelf.pages.templates import Macros, Templates
from papershelf.pages.languages import wording_for
from papershelf.pages.wording import Wording, shortened
from papershelf.indexes.arrivals import Arrivals, arrivals
from papershelf.indexes.timeline import Month

__all__ = ["PageContext"]


class PageContext:
    """The analysis, the options, and the helpers every page kind builds its HTML with."""

    def __init__(self, analysis: Analysis, options: SiteOptions) -> None:
        self.analysis = analysis
        self.library = analysis.library
        self.options = options
        self.words: Wording = wording_for(options.locale)
        """The phrases the pages show (`papershelf.pages.wording`)."""
        self.templates = self._templates(safe)
        """The templates of generated pages (`papershelf.pages.templates`)."""
        self.markdown_templates = self._templates(safe_in_markdown)
        """The same templates for the parts of a user's Markdown pages."""
        self.lists = self.templates.macros("paper-list")
        """The parts of every list of papers (`paper-list.html`)."""
        self._titles: dict[str, Markup] = {}
        self._bylines: dict[str, Markup] = {}
        self._dates: dict[dt.date, str] = {}
        self._entries: dict[str, Markup] = {}
        self.urls: Mapping[str, str] | None = None
        """Where MkDocs serves each file, by source path, once it is known (`locate`)."""
        self.unresolved: set[str] = set()
        """Link targets that are no file of the site: each is a warning."""
        self._from_source = options.pages_for == "zensical"
        """Links go from the page's Markdown file to the target's, as Zensical resolves them."""

    def locate(self, urls: Mapping[str, str]) -> None:
        """Link to where MkDocs serves each file (`src_uri` -> URL), and check every target
        against them. Call when every plugin has placed its files."""
        self.urls = urls
        self.unresolved = set()
        self._entries.clear()  # their links were made for where files were before

    def link(self, target: str, here: str) -> Markup:
        """The URL of `target` (a source path, maybe with `#anchor`) relative to the page whose
        source is `here`: up to the site root, then down (simple and fast; every page links
        dozens of times), so it depends on `here` only through its depth."""
        path, hash_, anchor = target.partition("#")
        url = "../" * self._depth(here) + self._url(path) or "./"
        return href(url, anchor if hash_ else None)

    def url(self, path: str) -> str:
        """Where the file at `path` is served, from the site's root (unquoted)."""
        return self._url(path)

    def served(self, path: str) -> bool:
        """Whether MkDocs builds the file at `path` (a blog's draft it does not): a page
        that holds or cites a paper is linked from it only then."""
        return self.urls is None or path in self.urls

    def _depth(self, here: str) -> int:
        """How many folders down the site's root the links of the page whose source is
        `here` start: where it is served, or for Zensical where its Markdown file is."""
        return (here if self._from_source else self._url(here)).count("/")

    def _url(self, path: str) -> str:
        """Where the file at `path` is served (for Zensical, the file itself, which it
        resolves); a path that is no file is remembered."""
        if self._from_source:
            return path
        if self.urls is not None:
            url = self.urls.get(path)
            if url is not None:
                return url
            self.unresolved.add(path)
        return page_url(path, self.options.use_directory_urls)

    @staticmethod
    def source_link(target: str, src_uri: str) -> Markup:
        """`target`'s source path relative to the user's page at `src_uri`, for a Markdown
        link there: MkDocs turns it into the URL from wherever it serves that page (and its
        excerpts, in a blog), and warns if it leads nowhere."""
        path, hash_, anchor = target.partition("#")
        return href("../" * src_uri.count("/") + path, anchor if hash_ else None)

    def title(self, key: str) -> Markup:
        """A paper's title (math as MathML), rendered once however many lists show it."""
        if key not in self._titles:
            self._titles[key] = rendered(self.library.by_key[key].title)
        return self._titles[key]

    def byline(self, key: str) -> Markup:
        """`A, B, C, D, E, F et al. · 7 August 2026`, rendered once per paper."""
        if key not in self._bylines:
            self._bylines[key] = self._byline(key, self.templates)
        return self._bylines[key]

    def _byline(self, key: str, templates: Templates) -> Markup:
        """The byline from `templates` (those of generated pages, or of a user's page)."""
        paper = self.library.by_key[key]
        shown, cut = shortened(paper.authors, paper.authors_truncated)
        date = self.paper_date(paper) if paper.date else None
        return templates.macros("paper-list").byline([person.name for person in shown], cut, date)

    def venue(self, key: str, in_markdown: bool = False) -> ShownVenue | None:
        """Where the paper was published, as a reference shows it, if a library says."""
        venue = self.library.by_key[key].venue
        return shown_venue(venue, in_markdown) if venue else None

    def author_names(self, paper: Paper, templates: Templates) -> Markup:
        """`A, B, C et al.`: the authors a reference names (`wording.shortened`)."""
        shown, cut = shortened(paper.authors, paper.authors_truncated)
        return templates.macros("paper-list").author_names([person.name for person in shown], cut)

    def entry(self, key: str, here: str) -> Markup:
        """A paper as every list of papers shows it: linked title, byline. Made once for the
        whole build, since each paper is on several lists (all papers, its month, its
        topics, its authors) at several depths: its link is `rooted`, and climbs from the
        page at hand."""
        entry = self._entries.get(key)
        if entry is None:
            link = rooted(self._url(f"papers/{key}.md"))
            mark = self.lists.new_mark() if self.arrivals.is_new(key) else ""
            entry = self._entries[key] = self.lists.entry(link, self.title(key), mark, self.byline(key))
        return from_root(entry, self._depth(here))

    def author_year(self, paper: Paper) -> str:
        """A citation's text: `Kim et al., 2026`."""
        year = paper.date.year if paper.date else None
        return self.words.cite([surname(person) for person in paper.authors], paper.authors_truncated, year)

    def paper_date(self, paper: Paper) -> str:
        """The paper's date as precise as its source gave it: `December 10, 2019`,
        `December 2019` or `2019`."""
        assert paper.date is not None
        if paper.date_precision == YEAR:
            return str(paper.date.year)
        if paper.date_precision == MONTH:
            return self.month_name(paper.date)
        return self.long_date(paper.date)

    def long_date(self, date: dt.date) -> str:
        """A date in the site's language; formatted once per distinct date (Babel is slow)."""
        if date not in self._dates:
            self._dates[date] = format_date(date, "long", locale=self.options.locale)
        return self._dates[date]

    def month_name(self, month: Month | dt.date, pattern: str | None = None) -> str:
        """`August 2026` in the site's language (or in the Babel `pattern` given)."""
        date = month if isinstance(month, dt.date) else month.first_day
        return format_date(date, pattern or self.words.month, locale=self.options.locale).capitalize()

    def front_matter(self, title: str, indexed: bool = False) -> FrontMatter:
        """The title, escaped; pages not `indexed` (all but papers', authors' and a topic's
        first page, whose search views say what search reads) stay out of the search index
        unless `search_index: all`."""
        front: dict[str, str | bool | FrontMatter] = {"title": str(text(title))}
        if self.options.pages_for == "plugin":
            front["template"] = PAGE_TEMPLATE
        if not indexed and self.options.search_index != "all":
            front["search"] = {"exclude": True}
        return front

    @cached_property
    def arrivals(self) -> Arrivals:
        """When each paper was first seen (`papershelf.indexes.arrivals`)."""
        return arrivals(self.library)

    @cached_property
    def letters(self) -> Letters:
        return by_initial(self.analysis.authors)

    @cached_property
    def author_targets(self) -> dict[str, str]:
        """Where each author's name links, by slug: their page, or their letter-page entry."""
        return author_targets(self.letters, self.options.author_pages_min)

    @cached_property
    def author_slugs(self) -> dict[str, str]:
        """Each author's slug by identity (`papershelf.indexes.authors.author_identity`)."""
        return {profile.identity: profile.slug for profile in self.analysis.authors}

    def render_fragment(self, template: str, src_uri: str, **context: object) -> str:
        """A template rendered for the generated page at `src_uri` (links are URLs relative
        to it)."""
        helpers: dict[str, Callable[..., object]] = {
            "link": partial(self.link, here=src_uri),
            "title": self.title,
            "byline": self.byline,
            "author_names": partial(self.author_names, templates=self.templates),
            "venue": self.venue,
        }
        return self._render(self.templates, helpers, template, **context)

    def user_fragment(
        self, template: str, src_uri: str, link: Callable[[str], Markup] | None = None, **context: object
    ) -> str:
        """A template rendered as Markdown for the user's page at `src_uri` (links name
        sources, relative to it; see `source_link`), or with each link made by `link` from
        the target's source path, where the page's path is unknown (Python-Markdown)."""
        helpers: dict[str, Callable[..., object]] = {
            "link": link or partial(self.source_link, src_uri=src_uri),
            "title": lambda key: rendered(self.library.by_key[key].title, in_markdown=True),
            "byline": partial(self._byline, templates=self.markdown_templates),
            "author_names": partial(self.author_names, templates=self.markdown_templates),
            "venue": partial(self.venue, in_markdown=True),
        }
        return self._render(self.markdown_templates, helpers, template, **context)

    def _render(
        self,
        templates: Templates,
        helpers: dict[str, Callable[..., object]],
        template: str,
        **context: object,
    ) -> str:
        """`helpers` make links, titles and bylines for the page's kind (see the callers)."""
        common: dict[str, object] = {
            "month_name": self.month_name,
            "author_target": self.author_targets.__getitem__,
            "author_year": self.author_year,
            "tally": tally,
            "initial": self.words.initial,
            "is_new": self.arrivals.is_new,
            "new_mark": templates.macros("paper-list").new_mark,
        }
        return templates.render(template, papers=self.library.by_key, **common, **helpers, **context)

    def _templates(self, finalize: Callable[[Content], Markup]) -> Templates:
        """The templates with this site's overrides, phrases and options, whose every
        `{{ }}` follows `finalize` (`markup.safe`, or `markup.safe_in_markdown` for the parts
        of a user's Markdown pages)."""
        words = self.words
        globals_ = {
            "words": {name: phrase(value) for name, value in words.phrases().items()},
            "say": self.say,
            "status_word": words.status,
            "search_exclude": self.options.search_index != "all",
        }
        filters: dict[str, Callable[..., object]] = {
            "papers": words.count,
            "papers_have": words.count_have,
            "joined": _joined,
        }
        return Templates(self.options.overrides, finalize, globals_, filters)

    def say(self, phrase_name: str, **fields: object) -> str:
        """A phrase of `wording` with its `{fields}` filled in: text that holds data, so
        escaped as data where a template shows it."""
        phrase_: str = getattr(self.words, phrase_name)
        return phrase_.format(**fields)

    def overridden(self, kind: str) -> bool:
        """Whether the site overrides the template of a page kind: its macros may then read
        more of what they are given than the page's recipe says (`SiteFile.recipe`)."""
        return self.templates.overridden(kind)

    def sections(self, kind: str) -> Macros:
        """The section macros of a page kind's template (`papershelf/<kind>.html`)."""
        return self.templates.macros(kind)

    def template_page(self, template: str, src_uri: str, in_nav: bool = False, **context: object) -> SiteFile:
        """A page rendered from a whole template (the few overview pages, as Markdown),
        split like any other.
        Its blocks are rendered again when it is `made()`: by then every file is where
        MkDocs serves it (`locate`)."""
        skeleton, _ = split_blocks(self.render_fragment(template, src_uri, **context))

        def made() -> SiteFile:
            return page.filled(split_blocks(self.render_fragment(template, src_uri, **context))[1])

        page = SiteFile(src_uri, skeleton, in_nav, deferred=made)
        return page


def _joined(parts: Iterable[Content], separator: Content) -> Markup:
    """The `joined` filter: `{{ items | joined(", ") }}`, each part through `markup.safe`
    (Jinja's own `join` escapes strings with a rule of its own)."""
    return joined(separator, parts)
