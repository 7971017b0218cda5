"""Author pages: one per author with `author_pages_min` papers or more, the letter pages
that list every author by initial, and the authors index.

Which letter page lists whom, and where a name links, is `letters`'s business; here is
only what the pages show.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import partial

from markupsafe import Markup

from papershelf.indexes.authors import AuthorProfile
from papershelf.pages.generated import Section, SiteFile, assembled
from papershelf.pages.context import PageContext
from papershelf.pages.letters import letter_src
from papershelf.pages.markup import html, joined
from papershelf.pages.paper_lists import paper_list
from papershelf.pages.searching import search_text
from papershelf.text.rules import plain_letters

__all__ = ["author_files"]

Initials = list[tuple[str, list[str], int]]
"""Each initial with the source paths of its letter pages and how many authors it has."""

_NAME = html("<h1>{name}</h1>")
_AFFILIATED_NAME = html('<h1>{name}</h1>\n<p class="ps-affiliations">{affiliations}</p>')
_COAUTHORS = html('<p class="ps-coauthors">\n{links}\n</p>')
_LINK = html('<a href="{href}">{name}</a>')
_CURRENT = html('<span aria-current="page">{name}</span>')
_LETTER = html(
    "<h1>{heading}</h1>\n"
    '<nav class="ps-letters" aria-label="{label}">\n{links}\n</nav>\n'
    '<ul class="ps-authors-index">\n{authors}\n</ul>'
)
_WITH_PAGE = html('<li id="{slug}"><a href="{href}">{name}</a> <span class="ps-count">{count}</span></li>')
_ENTRY = html('<li id="{slug}">{name}: {papers}</li>')
_AFFILIATED_ENTRY = html(
    '<li id="{slug}">{name} <span class="ps-affiliation">({affiliations})</span>: {papers}</li>'
)


def author_files(ctx: PageContext) -> Iterator[SiteFile]:
    """Authors' own pages, then the letter pages, then the index."""
    authors = ctx.analysis.authors
    by_slug = {profile.slug: profile for profile in authors}
    for profile in authors:
        if len(profile.papers) >= ctx.options.author_pages_min:
            yield _author_page(ctx, profile, by_slug)
    initials = [
        (letter, [letter_src(letter, n) for n in range(1, len(pages) + 1)], sum(map(len, pages)))
        for letter, pages in ctx.letters.items()
    ]
    for letter, pages in ctx.letters.items():
        for number, profiles in enumerate(pages, start=1):
            yield _letter_page(ctx, letter, number, len(pages), profiles, initials)
    prolific = sorted(authors, key=lambda p: (-len(p.papers), p.sort_name))[:50]
    yield ctx.template_page(
        "authors.md.j2",
        "authors/index.md",
        in_nav=True,
        total=len(authors),
        letters=initials,
        prolific=[p for p in prolific if len(p.papers) > 1],
    )


def _author_page(ctx: PageContext, profile: AuthorProfile, by_slug: Mapping[str, AuthorProfile]) -> SiteFile:
    """Name and affiliations, papers, co-authors."""
    src_uri = f"authors/{profile.slug}.md"
    here = src_uri
    sections = [
        Section(None, partial(_head, profile)),
        Section(ctx.words.papers_title, partial(paper_list, ctx, profile.papers, here)),
    ]
    if profile.coauthors:
        sections.append(Section(ctx.words.co_authors, partial(_coauthors, ctx, profile, by_slug, here)))
    front = ctx.front_matter(profile.name, indexed=True)
    return assembled(src_uri, front, sections, search_view=partial(_search_view, ctx, profile))


def _search_view(ctx: PageContext, profile: AuthorProfile) -> Markup:
    """What search reads of an author's page, under the name: the name without accents
    (where it has any), the affiliations and how many papers; not the papers' titles, which
    their own pages hold."""
    plain = plain_letters(profile.name)
    count = ctx.words.count(len(profile.papers))
    return search_text((plain if plain != profile.name else "", "; ".join(profile.affiliations), count))


def _head(profile: AuthorProfile) -> Markup:
    if not profile.affiliations:
        return _NAME(name=profile.name)
    return _AFFILIATED_NAME(name=profile.name, affiliations="; ".join(profile.affiliations))


def _coauthors(
    ctx: PageContext, profile: AuthorProfile, by_slug: Mapping[str, AuthorProfile], here: str
) -> Markup:
    links = (
        _LINK(href=ctx.link(ctx.author_targets[slug], here), name=by_slug[slug].name)
        for slug in profile.coauthors
    )
    return _COAUTHORS(links=joined(",\n", links))


def _letter_page(
    ctx: PageContext, letter: str, number: int, count: int, profiles: list[AuthorProfile], initials: Initials
) -> SiteFile:
    """Page `number` of `count` of an initial's authors."""
    src_uri = letter_src(letter, number)
    here = src_uri
    title = ctx.words.author_letter.format(initial=ctx.words.initial(letter)) + ctx.words.suffix(
        number, count
    )
    body = partial(_letter_html, ctx, title, letter, number, profiles, initials, here)
    front_matter = ctx.front_matter(title)
    return assembled(src_uri, front_matter, [Section(None, body)])


def _letter_html(
    ctx: PageContext,
    heading: str,
    letter: str,
    number: int,
    profiles: list[AuthorProfile],
    initials: Initials,
    here: str,
) -> Markup:
    """Heading (the page's title), the initials to go to, the authors."""
    links = _initials_nav(ctx, letter, number, initials, here)
    label = ctx.words.by_initial_label
    return _LETTER(heading=heading, label=label, links=links, authors=_letter_items(ctx, profiles, here))


def _initials_nav(ctx: PageContext, letter: str, number: int, initials: Initials, here: str) -> Markup:
    """A link to each initial; this initial's pages numbered, the current one marked."""
    links = []
    for other, sources, _ in initials:
        if other != letter:
            links.append(_LINK(href=ctx.link(sources[0], here), name=ctx.words.initial(other)))
            continue
        for index, source in enumerate(sources, start=1):
            label = ctx.words.initial(other) + (str(index) if len(sources) > 1 else "")
            if index == number:
                links.append(_CURRENT(name=label))
            else:
                links.append(_LINK(href=ctx.link(source, here), name=label))
    return joined(" ", links)


def _letter_items(ctx: PageContext, profiles: list[AuthorProfile], here: str) -> Markup:
    """Each author: a link to their page, or (none of their own) the author with their
    affiliations and linked papers, under the anchor that paper pages link to."""
    items = []
    for profile in profiles:
        target = ctx.author_targets[profile.slug]
        if "#" not in target:
            href = ctx.link(target, here)
            items.append(
                _WITH_PAGE(slug=profile.slug, href=href, name=profile.name, count=len(profile.papers))
            )
            continue
        papers = joined(
            "; ",
            (_LINK(href=ctx.link(f"papers/{key}.md", here), name=ctx.title(key)) for key in profile.papers),
        )
        if profile.affiliations:
            where = "; ".join(profile.affiliations)
            items.append(
                _AFFILIATED_ENTRY(slug=profile.slug, name=profile.name, affiliations=where, papers=papers)
            )
        else:
            items.append(_ENTRY(slug=profile.slug, name=profile.name, papers=papers))
    return joined("\n", items)
