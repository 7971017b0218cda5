"""Library -> the generated site: Markdown pages (data inside escaped HTML) and export files.

Pure apart from Jinja: given a library and the URL style it plans every file by `src_uri`
(`papershelf.site.generated`); `plugin.py` turns them into MkDocs files. The pages there are
thousands of (papers, authors, topics, months, paged lists) are built in Python, whose
string building costs a fraction of a template's; the few overview pages come from Jinja
templates. Links are relative to the page that holds them, so the site works under any
base URL and with either URL style.
"""

from __future__ import annotations

import datetime as dt
import json
import math
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from collections import Counter
from dataclasses import dataclass, field
from functools import cached_property, partial
from urllib.parse import quote, urlencode

from babel.dates import format_date
from jinja2 import Environment, PackageLoader, StrictUndefined
from markupsafe import Markup, escape

from papershelf.analysis import Analysis, AnalysisOptions, analyse
from papershelf.authors import AuthorProfile, author_identity
from papershelf.export.biblatex import biblatex_file
from papershelf.export.bibtex import join_entries
from papershelf.export.csljson import csljson_file
from papershelf.model import Library, Paper
from papershelf.site.generated import Section, SiteFile, assembled, data_file, page_url, split_blocks
from papershelf.site.render import escape_text, render_text
from papershelf.timeline import Month, chart_slots
from papershelf.charts import month_bars, overlap_matrix
from papershelf.citations import author_year
from papershelf.curation import Curation, DocPage
from papershelf.lists import ReadingList, Resolver, resolver_for, tally
from papershelf.snapshots.names import ascii_fold
from papershelf.topics import Topic, TopicOptions

__all__ = ["SiteOptions", "SitePlan"]


_AUTHORS_PER_PAGE = 400
_PLAIN_URL = re.compile(r"[A-Za-z0-9/._~-]*")  # what `quote` leaves as it is
_TOPIC_KINDS = {
    "listing": "A topic line of the snapshots.",
    "curated": "A topic of the site's taxonomy.",
    "discovered": "Discovered in the papers' titles and abstracts.",
}
# (initial, its letter pages, authors under it)
_Letters = list[tuple[str, list[str], int]]


def _escape_str(text: str) -> str:
    """Escaped text for the chart builders, which assemble plain strings."""
    return str(escape_text(text))


def arxiv_title_search(title: str) -> str:
    """arXiv's search for a title: the listings give no link to a paper, and a reader's first
    wish is to open it. Labelled as a search on the page, since it may find several papers."""
    words = " ".join(title.replace("$", " ").replace("\\", " ").split())
    return "https://arxiv.org/search/?" + urlencode({"query": words, "searchtype": "title"})


def _initial_label(letter: str) -> str:
    """How the letter pages' navigation names an initial (`A`; `Other` for other scripts)."""
    return escape_text(letter.upper() if letter != "other" else "Other")


def _letter_src(letter: str, number: int) -> str:
    return f"authors/letters/{letter}.md" if number == 1 else f"authors/letters/{letter}-{number}.md"


@dataclass(frozen=True)
class SiteOptions:
    """What the site's pages depend on besides the library."""

    use_directory_urls: bool = True
    per_page: int = 50
    locale: str = "en"
    related: int = 5
    author_pages_min: int = 2
    search_index: str = "papers"
    topics: TopicOptions = field(default_factory=TopicOptions)

    @property
    def analysis(self) -> AnalysisOptions:
        return AnalysisOptions(self.topics, self.related)


def _environment() -> Environment:
    return Environment(
        loader=PackageLoader("papershelf.site", "templates"),
        autoescape=True,
        finalize=lambda value: value if isinstance(value, Markup) else escape_text(str(value)),
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        undefined=StrictUndefined,
    )


class SitePlan:
    """Everything the site shows for one analysed library; `files()` yields it page by page."""

    def __init__(self, analysis: Analysis, options: SiteOptions | None = None) -> None:
        self.analysis = analysis
        self.library = analysis.library
        self.options = options or SiteOptions()
        self.use_directory_urls = self.options.use_directory_urls
        self.per_page = max(1, self.options.per_page)
        self.locale = self.options.locale
        self.env = _environment()
        self.env.globals["search_exclude"] = self.options.search_index != "all"
        self.authors = analysis.authors
        self.topic_index = analysis.topic_index
        self.topics = analysis.topic_index.topics
        self.related = analysis.related
        self.months = analysis.months
        self._titles: dict[str, Markup] = {}
        self._bylines: dict[str, Markup] = {}
        self._dates: dict[dt.date, str] = {}

    @classmethod
    def of(cls, library: Library, options: SiteOptions | None = None) -> SitePlan:
        """The plan of a library analysed afresh."""
        options = options or SiteOptions()
        return cls(analyse(library, options.analysis), options)

    def bibtex(self, key: str) -> str:
        return self.analysis.bibtex[key]

    def _bibtex_file(self, keys: Iterable[str]) -> str:
        return join_entries(self.bibtex(key) for key in keys)

    @cached_property
    def _author_slug(self) -> dict[str, str]:
        return {profile.identity: profile.slug for profile in self.authors}

    @cached_property
    def resolver(self) -> Resolver:
        """What reading lists can name: this library's papers, topics and authors."""
        return resolver_for(
            self.library,
            {topic.slug: topic.papers for topic in self.topics},
            {profile.slug: profile.papers for profile in self.authors},
            {profile.slug: profile.name for profile in self.authors},
        )

    def files(self, curation: Curation | None = None) -> Iterator[SiteFile]:
        """Every generated file; `curation` (reading lists, citations) feeds the paper pages."""
        curation = curation or Curation()
        yield from self._list_files(curation)
        yield from self._index_pages
        yield from self._author_pages
        yield from self._topic_files()
        yield from self._timeline_pages
        for paper, page in zip(self.library.papers, self._paper_pages, strict=True):
            mentioned = paper.key in curation.holding or paper.key in curation.citing
            yield self._paper_page(paper, curation) if mentioned else page
        yield from self._data_files

    @cached_property
    def _paper_pages(self) -> list[SiteFile]:
        """Each paper's page as when no reading list holds it and no page cites it: what
        most papers' pages are (their sections come from topics and the rest when made)."""
        return [self._paper_page(paper, Curation()) for paper in self.library.papers]

    @cached_property
    def _data_files(self) -> list[SiteFile]:
        """Each paper's BibTeX, then the whole library's exports."""
        papers = self.library.papers
        keys = [paper.key for paper in papers]
        return [
            *(data_file(f"papers/{key}.bib", partial(self.bibtex, key)) for key in keys),
            data_file("library.bib", partial(self._bibtex_file, keys)),
            data_file("library-biblatex.bib", partial(biblatex_file, papers)),
            data_file("library.json", partial(csljson_file, papers)),
        ]

    def _render(self, template: str, src_uri: str, in_nav: bool = False, **context: object) -> SiteFile:
        skeleton, blocks = split_blocks(self.render_fragment(template, src_uri, **context))
        return SiteFile(src_uri, skeleton, in_nav, blocks)

    def render_fragment(self, template: str, src_uri: str, **context: object) -> str:
        """A template rendered for the page at `src_uri` (links are relative to it)."""
        here = page_url(src_uri, self.use_directory_urls)
        helpers: dict[str, Callable[..., object]] = {
            "link": partial(self._link, here=here),
            "month_name": self._month_name,
            "author_target": lambda slug: self._author_targets[slug],
            "author_year": author_year,
            "title": self._title_html,
            "byline": self._byline_html,
            "tally": tally,
        }
        return self.env.get_template(template).render(papers=self.library.by_key, **helpers, **context)

    def _authors_html(self, paper: Paper, here: str) -> Markup:
        """Authors linked to their pages, affiliations beside them (built in Python: it is on
        every paper page, where template loops cost more than the rest of the page)."""
        parts = []
        for person in paper.authors:
            target = self._link(self._author_targets[self._author_slug[author_identity(person)]], here)
            affiliation = ""
            if person.affiliation:
                affiliation = f' <span class="ps-affiliation">({escape_text(person.affiliation)})</span>'
            parts.append(f'<a href="{target}">{escape_text(person.name)}</a>{affiliation}')
        tail = "\net al." if paper.authors_truncated else ""
        return Markup(",\n".join(parts) + tail)

    def _paper_list_html(self, keys: Sequence[str], here: str) -> Markup:
        """Linked titles with authors and date: the body of every index, topic and month page."""
        items = "\n".join(
            f'<li><a class="ps-title" href="{self._link(f"papers/{key}.md", here)}">'
            f'{self._title_html(key)}</a><br><span class="ps-byline">{self._byline_html(key)}</span></li>'
            for key in keys
        )
        return Markup(f'<ul class="ps-papers">\n{items}\n</ul>')

    def _letter_items_html(self, profiles: Sequence[AuthorProfile], here: str) -> Markup:
        """A letter page's authors: a link to an author's page, or (no page of their own) the
        author with affiliations and linked papers, under an anchor that paper pages link to."""
        items = []
        for profile in profiles:
            target = self._author_targets[profile.slug]
            name = escape_text(profile.name)
            if "#" not in target:
                items.append(
                    f'<li id="{escape_text(profile.slug)}"><a href="{self._link(target, here)}">{name}</a> '
                    f'<span class="ps-count">{len(profile.papers)}</span></li>'
                )
                continue
            affiliations = escape_text("; ".join(profile.affiliations))
            where = f' <span class="ps-affiliation">({affiliations})</span>' if profile.affiliations else ""
            papers = "; ".join(
                f'<a href="{self._link(f"papers/{key}.md", here)}">{self._title_html(key)}</a>'
                for key in profile.papers
            )
            items.append(f'<li id="{escape_text(profile.slug)}">{name}{where}: {papers}</li>')
        return Markup("\n".join(items))

    def _related_html(self, key: str, here: str) -> Markup:
        """The related papers and why: shared topics first, else the shared words."""
        if not self.related[key]:
            return Markup('<p class="ps-none">No other paper of the library is close enough to list.</p>')
        items = []
        for relation in self.related[key]:
            topics = ", ".join(escape_text(topic.name) for topic in relation.topics)
            words = ", ".join(escape_text(word) for word in relation.words)
            if topics:
                why = f"Shared topics: {topics}" + (f"; also {words}" if words else "")
            else:
                why = f"Shared words: {words}"
            href = self._link(f"papers/{relation.key}.md", here)
            items.append(
                f'<li><a class="ps-title" href="{href}">{self._title_html(relation.key)}</a><br>'
                f'<span class="ps-why">{why}</span></li>'
            )
        return Markup('<ul class="ps-related">\n' + "\n".join(items) + "\n</ul>")

    def _title_html(self, key: str) -> Markup:
        """A paper's title as HTML (math as MathML), rendered once however many lists show it."""
        if key not in self._titles:
            self._titles[key] = render_text(self.library.by_key[key].title)
        return self._titles[key]

    def _byline_html(self, key: str, limit: int = 6) -> Markup:
        """`A, B, C +2 more · 7 August 2026`, rendered once per paper."""
        if key not in self._bylines:
            paper = self.library.by_key[key]
            text = ", ".join(person.name for person in paper.authors[:limit])
            if len(paper.authors) > limit:
                text += f" +{len(paper.authors) - limit} more"
            elif paper.authors_truncated:
                text += " et al."
            if paper.date:
                text += " · " + self._long_date(paper.date)
            self._bylines[key] = escape_text(text)
        return self._bylines[key]

    def _link(self, target: str, here: str) -> Markup:
        """The URL of `target` (a source path, maybe with `#anchor`) relative to the page at `here`:
        up to the site root, then down (simple and fast; every page links dozens of times).
        Every URL of the generated pages comes from here, quoted (a file name may hold any
        character) and escaped for an attribute value, whatever it was made from."""
        path, hash_, anchor = target.partition("#")
        url = "../" * here.count("/") + page_url(path, self.use_directory_urls) or "./"
        if _PLAIN_URL.fullmatch(url) and _PLAIN_URL.fullmatch(anchor):
            return Markup(url + hash_ + anchor)  # most links: nothing to quote or escape
        return escape(quote(url) + hash_ + quote(anchor, safe=""))

    def _paper_page(self, paper: Paper, curation: Curation) -> SiteFile:
        """A paper's page, built in Python rather than from a template: a library has
        thousands of them, and template overhead was most of their cost."""
        src_uri = f"papers/{paper.key}.md"
        here = page_url(src_uri, self.use_directory_urls)
        sections = [
            Section(None, lambda: self._paper_head(paper, here)),
            Section("Abstract", lambda: self._abstract_html(paper)),
        ]
        if self.options.related > 0:  # always there: which papers is worked out while MkDocs runs
            sections.append(Section("Related papers", lambda: self._related_html(paper.key, here), False))
        if holding := curation.holding.get(paper.key, []):
            sections.append(
                Section("In reading lists", lambda: self._holding_html(paper.key, holding, here), False)
            )
        if citing := curation.citing.get(paper.key, []):
            sections.append(Section("Cited by", lambda: self._citing_html(citing, here), False))
        sections.append(Section("BibTeX", lambda: self._bibtex_html(paper.key, here), False))
        sections.append(Section("Seen in", lambda: self._sightings_html(paper), False))
        return assembled(src_uri, self._front_matter(paper.title, indexed=True), sections)

    def _citing_html(self, citing: list[DocPage], here: str) -> str:
        items = "".join(
            f'<li><a href="{self._link(page.src, here)}">{escape_text(page.title)}</a></li>\n'
            for page in citing
        )
        return f'<ul class="ps-citing">\n{items}</ul>'

    def _bibtex_html(self, key: str, here: str) -> str:
        entry, download = escape_text(self.bibtex(key)), self._link(f"papers/{key}.bib", here)
        return (
            f'<div class="ps-bibtex highlight"><pre><code>{entry}</code></pre></div>\n'
            f'<p><a class="ps-download" href="{download}" download>Download {escape_text(key)}.bib</a></p>'
        )

    def _sightings_html(self, paper: Paper) -> str:
        seen = "".join(f"<li><code>{escape_text(str(where))}</code></li>\n" for where in paper.sightings)
        return f'<ul class="ps-sightings">\n{seen}</ul>'

    def _paper_head(self, paper: Paper, here: str) -> str:
        """Title, linked authors, date and topics: the part above the first heading."""
        if paper.date:
            date = f'<time datetime="{paper.date.isoformat()}">{self._long_date(paper.date)}</time>'
        else:
            date = "Undated"
        head = (
            f'<h1 class="ps-paper-title">{self._title_html(paper.key)}</h1>\n'
            f'<p class="ps-authors">\n{self._authors_html(paper, here)}\n</p>\n'
            f'<p class="ps-meta">\n{date} · <code class="ps-key">{escape_text(paper.key)}</code> · '
            f'<a class="ps-find" href="{escape(arxiv_title_search(paper.title))}">'
            "Search arXiv for this title</a>\n</p>"
        )
        if topics := self.topic_index.by_paper[paper.key]:
            links = " · ".join(
                f'<a class="ps-topic ps-topic--{topic.kind}" '
                f'href="{self._link(f"topics/{topic.slug}.md", here)}">{escape_text(topic.name)}</a>'
                for topic in topics
            )
            head += f'\n<p class="ps-topics">Topics: {links}</p>'
        return head

    def _abstract_html(self, paper: Paper) -> str:
        ellipsis, note = ("", "")
        if paper.truncated:
            ellipsis, note = "…", '\n<p class="ps-note">The listing cut this abstract short.</p>'
        return f'<div class="ps-abstract">\n<p>{render_text(paper.abstract)}{ellipsis}</p>{note}\n</div>'

    def _holding_html(self, key: str, holding: list[tuple[str, ReadingList]], here: str) -> str:
        items = []
        for src, reading_list in holding:
            status = reading_list.status_of(key)
            modifier = escape_text(status.replace(" ", "-"))
            items.append(
                f'<li><a href="{self._link(src, here)}">{escape_text(reading_list.title)}</a>: '
                f'<span class="ps-status ps-status--{modifier}">{escape_text(status)}</span></li>\n'
            )
        return f'<ul class="ps-holding">\n{"".join(items)}</ul>'

    def _front_matter(self, title: str, indexed: bool = False) -> str:
        """The title, escaped and then a JSON string (valid YAML whatever it holds); pages other
        than papers' stay out of the search index unless `search_index: all`."""
        front = "title: " + json.dumps(str(escape_text(title)), ensure_ascii=False)
        if not indexed and self.options.search_index != "all":
            front += "\nsearch:\n  exclude: true"
        return front

    def _chart_slot(self, first: dt.date, last: dt.date, count: int) -> tuple[str, str, int]:
        """A timeline bar's label and short label: a month, or a gap of several (`…`)."""
        label = format_date(first, "LLLL y", locale=self.locale)
        if first == last:
            return label, format_date(first, "LLL yy", locale=self.locale), count
        return f"{label} – {format_date(last, 'LLLL y', locale=self.locale)}", "…", count

    def _month_name(self, month: Month) -> str:
        return format_date(month.first_day, "LLLL y", locale=self.locale).capitalize()

    def _long_date(self, date: dt.date) -> str:
        """A date in the site's language; formatted once per distinct date (Babel is slow)."""
        if date not in self._dates:
            self._dates[date] = format_date(date, "long", locale=self.locale)
        return self._dates[date]

    def _list_files(self, curation: Curation) -> Iterator[SiteFile]:
        for reading_list in curation.lists.values():
            yield data_file(f"lists/{reading_list.name}.bib", partial(self._bibtex_file, reading_list.keys))
        yield self._render("lists.md.j2", "lists/index.md", in_nav=True, lists=list(curation.lists.items()))

    @cached_property
    def _index_pages(self) -> list[SiteFile]:
        keys = [paper.key for paper in self.library.papers]
        return list(
            self._paged("papers/index.md", "papers/page/{}.md", keys, "Papers", self._papers_intro, True)
        )

    def _papers_intro(self, total: int, number: int, suffix: str, here: str) -> str:
        exports = [
            ("library.bib", "BibTeX", " (ASCII, for bibtex, biber and pandoc)"),
            ("library-biblatex.bib", "biblatex", " (UTF-8, for biber)"),
            ("library.json", "CSL-JSON", " (Zotero, pandoc)"),
        ]
        links = [f'<a href="{self._link(src, here)}" download>{name}</a>{use}' for src, name, use in exports]
        return (
            f'<h1>Papers{suffix}</h1>\n<p class="ps-summary">{total} papers, newest first. '
            f"The whole library as {links[0]}, {links[1]} or {links[2]}.</p>"
        )

    def _paged(
        self,
        first: str,
        pattern: str,
        keys: Sequence[str],
        title: str,
        intro: Callable[[int, int, str, str], str],
        in_nav: bool = False,
    ) -> Iterator[SiteFile]:
        """A list of papers split into pages of `per_page`: no generated page grows with the
        library. `intro(total, number, suffix, here)` gives the HTML above the list."""
        count = max(1, math.ceil(len(keys) / self.per_page))
        for number in range(1, count + 1):
            chunk = keys[(number - 1) * self.per_page : number * self.per_page]
            yield self._list_page(first, pattern, number, count, chunk, len(keys), title, intro, in_nav)

    def _list_page(
        self,
        first: str,
        pattern: str,
        number: int,
        count: int,
        keys: Sequence[str],
        total: int,
        title: str,
        intro: Callable[[int, int, str, str], str],
        in_nav: bool,
    ) -> SiteFile:
        """Page `number` of `count` of a paged list: the intro, its papers, the pager."""
        src_uri = first if number == 1 else pattern.format(number)
        here = page_url(src_uri, self.use_directory_urls)
        suffix = f" (page {number} of {count})" if number > 1 else ""

        def body() -> str:
            parts = (intro(total, number, suffix, here), self._paper_list_html(keys, here))
            return "\n".join((*parts, self._pager_html(number, count, first, pattern, here)))

        section = Section(None, body)
        return assembled(src_uri, self._front_matter(title + suffix), [section], in_nav and number == 1)

    def _pager_html(self, number: int, count: int, first: str, pattern: str, here: str) -> str:
        if count == 1:
            return ""
        items = [
            f'<span aria-current="page">{page}</span>'
            if page == number
            else f'<a href="{self._link(first if page == 1 else pattern.format(page), here)}">{page}</a>'
            for page in range(1, count + 1)
        ]
        return '<nav class="ps-pager" aria-label="Pages">\n' + "\n".join(items) + "\n</nav>"

    @cached_property
    def _author_targets(self) -> dict[str, str]:
        """Where each author's name links: their own page, or their entry on a letter page."""
        targets = {}
        for letter, chunks in self._letters.items():
            for number, chunk in enumerate(chunks, start=1):
                for profile in chunk:
                    if len(profile.papers) >= self.options.author_pages_min:
                        targets[profile.slug] = f"authors/{profile.slug}.md"
                    else:
                        targets[profile.slug] = f"{_letter_src(letter, number)}#{profile.slug}"
        return targets

    @cached_property
    def _letters(self) -> dict[str, list[list[AuthorProfile]]]:
        """Authors by the initial of their surname, in chunks of at most 400 per page."""
        groups: dict[str, list[AuthorProfile]] = {}
        for profile in self.authors:
            groups.setdefault(ascii_fold(profile.sort_name)[:1] or "other", []).append(profile)
        return {
            letter: [group[i : i + _AUTHORS_PER_PAGE] for i in range(0, len(group), _AUTHORS_PER_PAGE)]
            for letter, group in sorted(groups.items())
        }

    @cached_property
    def _author_pages(self) -> list[SiteFile]:
        return list(self._author_files())

    def _author_files(self) -> Iterator[SiteFile]:
        by_slug = {profile.slug: profile for profile in self.authors}
        for profile in self.authors:
            if len(profile.papers) >= self.options.author_pages_min:
                yield self._author_page(profile, by_slug)
        letters = [
            (letter, [_letter_src(letter, n) for n in range(1, len(chunks) + 1)], sum(map(len, chunks)))
            for letter, chunks in self._letters.items()
        ]
        for letter, chunks in self._letters.items():
            for number, chunk in enumerate(chunks, start=1):
                yield self._letter_page(letter, number, len(chunks), chunk, letters)
        prolific = sorted(self.authors, key=lambda p: (-len(p.papers), p.sort_name))[:50]
        yield self._render(
            "authors.md.j2",
            "authors/index.md",
            in_nav=True,
            total=len(self.authors),
            letters=letters,
            prolific=[p for p in prolific if len(p.papers) > 1],
        )

    def _author_page(self, profile: AuthorProfile, by_slug: dict[str, AuthorProfile]) -> SiteFile:
        src_uri = f"authors/{profile.slug}.md"
        here = page_url(src_uri, self.use_directory_urls)
        sections = [
            Section(None, partial(self._author_head, profile)),
            Section("Papers", partial(self._paper_list_html, profile.papers, here)),
        ]
        if profile.coauthors:
            sections.append(Section("Co-authors", partial(self._coauthors_html, profile, by_slug, here)))
        return assembled(src_uri, self._front_matter(profile.name), sections)

    def _author_head(self, profile: AuthorProfile) -> str:
        head = f"<h1>{escape_text(profile.name)}</h1>"
        if profile.affiliations:
            head += f'\n<p class="ps-affiliations">{escape_text("; ".join(profile.affiliations))}</p>'
        return head

    def _coauthors_html(self, profile: AuthorProfile, by_slug: dict[str, AuthorProfile], here: str) -> str:
        links = ",\n".join(
            f'<a href="{self._link(self._author_targets[slug], here)}">{escape_text(by_slug[slug].name)}</a>'
            for slug in profile.coauthors
        )
        return f'<p class="ps-coauthors">\n{links}\n</p>'

    def _letter_page(
        self, letter: str, number: int, count: int, profiles: list[AuthorProfile], letters: _Letters
    ) -> SiteFile:
        src_uri = _letter_src(letter, number)
        here = page_url(src_uri, self.use_directory_urls)
        title = f"Authors: {letter.upper() if letter != 'other' else 'other'}"
        body = partial(self._letter_html, letter, number, count, profiles, letters, here)
        return assembled(
            src_uri,
            self._front_matter(title + (f" (page {number})" if number > 1 else "")),
            [Section(None, body)],
        )

    def _letter_html(
        self,
        letter: str,
        number: int,
        count: int,
        profiles: list[AuthorProfile],
        letters: _Letters,
        here: str,
    ) -> str:
        heading = "Authors: " + (letter.upper() if letter != "other" else "other scripts")
        heading += f" ({number} of {count})" if count > 1 else ""
        links = []
        for other, sources, _ in letters:
            if other != letter:
                links.append(f'<a href="{self._link(sources[0], here)}">{_initial_label(other)}</a>')
                continue
            for index, source in enumerate(sources, start=1):
                label = _initial_label(other) + (str(index) if len(sources) > 1 else "")
                links.append(
                    f'<span aria-current="page">{label}</span>'
                    if index == number
                    else f'<a href="{self._link(source, here)}">{label}</a>'
                )
        return (
            f"<h1>{escape_text(heading)}</h1>\n"
            f'<nav class="ps-letters" aria-label="Authors by initial">\n{" ".join(links)}\n</nav>\n'
            f'<ul class="ps-authors-index">\n{self._letter_items_html(profiles, here)}\n</ul>'
        )

    def _topic_files(self) -> Iterator[SiteFile]:
        for topic in self.topics:
            yield from self._paged(
                f"topics/{topic.slug}.md",
                f"topics/{topic.slug}/page/{{}}.md",
                topic.papers,
                topic.name,
                partial(self._topic_intro, topic),
            )
            yield data_file(f"topics/{topic.slug}.bib", partial(self._bibtex_file, topic.papers))
        groups = [[t for t in self.topics if t.kind == kind] for kind in ("curated", "discovered", "listing")]
        kinds = [(group[0].kind, group, max(len(t.papers) for t in group)) for group in groups if group]
        yield self._render(
            "topics.md.j2",
            "topics/index.md",
            in_nav=True,
            kinds=kinds,
            without_subject=self.topic_index.without_subject,
            chart=self._overlap_chart(),
        )

    def _overlap_chart(self, size: int = 12) -> Markup:
        """The largest discovered and curated topics and the papers they share."""
        largest = sorted((t for t in self.topics if t.kind != "listing"), key=lambda t: -len(t.papers))[:size]
        members = [set(topic.papers) for topic in largest]
        counts = [[len(a & b) for b in members] for a in members]
        return Markup(overlap_matrix([t.name for t in largest], counts, _escape_str))

    def _topic_intro(self, topic: Topic, total: int, number: int, suffix: str, here: str) -> str:
        bib = self._link(f"topics/{topic.slug}.bib", here)
        html = [
            f"<h1>{escape_text(topic.name)}{suffix}</h1>",
            f'<p class="ps-summary">{total} papers, newest first. {_TOPIC_KINDS[topic.kind]} '
            f'As BibTeX: <a href="{bib}" download>{escape_text(topic.slug)}.bib</a>.</p>',
        ]
        if number == 1 and topic.phrases:
            phrases = ", ".join(f"<q>{escape_text(phrase)}</q>" for phrase in topic.phrases)
            html.append(f'<p class="ps-phrases">Matched as: {phrases}</p>')
        if number == 1 and (cooccurring := self._cooccurring(topic)):
            others = ", ".join(
                f'<a href="{self._link(f"topics/{other.slug}.md", here)}">{escape_text(other.name)}</a> '
                f'<span class="ps-count">{count}</span>'
                for other, count in cooccurring
            )
            html.append(f'<p class="ps-cooccurring">Often together with: {others}</p>')
        return "\n".join(html)

    def _cooccurring(self, topic: Topic, limit: int = 8) -> list[tuple[Topic, int]]:
        """Other topics by how many of this topic's papers they share (listing topics aside)."""
        shared: Counter[Topic] = Counter()
        for key in topic.papers:
            shared.update(
                other
                for other in self.topic_index.by_paper[key]
                if other is not topic and other.kind != "listing"
            )
        return shared.most_common(limit)

    def _month_intro(self, month: Month, total: int, number: int, suffix: str, here: str) -> str:
        timeline = self._link("timeline/index.md", here)
        return (
            f"<h1>{escape_text(self._month_name(month))}{suffix}</h1>\n"
            f'<p class="ps-summary">{total} papers. <a href="{timeline}">All months</a></p>'
        )

    @cached_property
    def _timeline_pages(self) -> list[SiteFile]:
        return list(self._timeline_files())

    def _timeline_files(self) -> Iterator[SiteFile]:
        for month in self.months:
            yield from self._paged(
                f"timeline/{month.slug}.md",
                f"timeline/{month.slug}/page/{{}}.md",
                month.papers,
                self._month_name(month),
                partial(self._month_intro, month),
            )
        undated = sum(1 for paper in self.library.papers if paper.date is None)
        slots = [self._chart_slot(*slot) for slot in chart_slots(self.months)]
        chart = Markup(month_bars(slots, _escape_str))
        yield self._render(
            "timeline.md.j2",
            "timeline/index.md",
            in_nav=True,
            months=self.months,
            undated=undated,
            chart=chart,
        )
