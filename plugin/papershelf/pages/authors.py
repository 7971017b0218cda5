"""Author pages: one per author with `author_pages_min` papers or more, the letter pages
that list every author by initial, and the authors index.

Which letter page lists whom, and where a name links, is `letters`'s business; here is
only what the pages show. How they look is `papershelf/author.html`'s and
`papershelf/letter.html`'s, the authors index `papershelf/authors.html`.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import partial

from markupsafe import Markup

from papershelf.indexes.authors import AuthorProfile
from papershelf.pages.generated import Section, SiteFile, assembled
from papershelf.pages.context import PageContext
from papershelf.pages.letters import letter_src
from papershelf.pages.paper_lists import paper_list
from papershelf.pages.searching import search_text
from papershelf.text.rules import plain_letters

__all__ = ["author_files"]

Initials = list[tuple[str, list[str], int]]
"""Each initial with the source paths of its letter pages and how many authors it has."""


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
        "authors",
        "authors/index.md",
        in_nav=True,
        total=len(authors),
        letters=initials,
        prolific=[p for p in prolific if len(p.papers) > 1],
    )


def _author_page(ctx: PageContext, profile: AuthorProfile, by_slug: Mapping[str, AuthorProfile]) -> SiteFile:
    """An author's page; its sections are made when MkDocs renders it."""
    front = ctx.front_matter(profile.name, indexed=True)
    sections = partial(_sections, ctx, profile, by_slug)
    return assembled(_src_uri(profile), front, sections, search_view=partial(_search_view, ctx, profile))


def _src_uri(profile: AuthorProfile) -> str:
    return f"authors/{profile.slug}.md"


def _sections(
    ctx: PageContext, profile: AuthorProfile, by_slug: Mapping[str, AuthorProfile]
) -> list[Section]:
    """Name and affiliations, papers, co-authors: each made by its macro when called."""
    here = _src_uri(profile)
    sections = [
        Section(None, partial(_head, ctx, profile)),
        Section(ctx.words.papers_title, partial(paper_list, ctx, profile.papers, here)),
    ]
    if profile.coauthors:
        sections.append(Section(ctx.words.co_authors, partial(_coauthors, ctx, profile, by_slug, here)))
    return sections


def _search_view(ctx: PageContext, profile: AuthorProfile) -> Markup:
    """What search reads of an author's page, under the name: the name without accents
    (where it has any), the affiliations and how many papers; not the papers' titles, which
    their own pages hold."""
    plain = plain_letters(profile.name)
    count = ctx.words.count(len(profile.papers))
    return search_text(ctx, (plain if plain != profile.name else "", "; ".join(profile.affiliations), count))


def _head(ctx: PageContext, profile: AuthorProfile) -> Markup:
    return ctx.sections("author").head(profile.name, profile.affiliations)


def _coauthors(
    ctx: PageContext, profile: AuthorProfile, by_slug: Mapping[str, AuthorProfile], here: str
) -> Markup:
    people = [(ctx.link(ctx.author_targets[slug], here), by_slug[slug].name) for slug in profile.coauthors]
    return ctx.sections("author").coauthors(people)


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
    return assembled(src_uri, front_matter, lambda: [Section(None, body)])


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
    return ctx.sections("letter").page(heading, links, _letter_items(ctx, profiles, here))


def _initials_nav(
    ctx: PageContext, letter: str, number: int, initials: Initials, here: str
) -> list[tuple[Markup | None, str]]:
    """A link to each initial; this initial's pages numbered, the current one not linked."""
    links: list[tuple[Markup | None, str]] = []
    for other, sources, _ in initials:
        if other != letter:
            links.append((ctx.link(sources[0], here), ctx.words.initial(other)))
            continue
        for index, source in enumerate(sources, start=1):
            label = ctx.words.initial(other) + (str(index) if len(sources) > 1 else "")
            links.append((None if index == number else ctx.link(source, here), label))
    return links


def _letter_items(ctx: PageContext, profiles: list[AuthorProfile], here: str) -> list[Markup]:
    """Each author: a link to their page, or (none of their own) the author with their
    affiliations and linked papers, under the anchor that paper pages link to."""
    author = ctx.sections("letter").author
    items = []
    for profile in profiles:
        target = ctx.author_targets[profile.slug]
        if "#" not in target:
            items.append(author(profile, ctx.link(target, here), []))
        else:
            papers = [(ctx.link(f"papers/{key}.md", here), ctx.title(key)) for key in profile.papers]
            items.append(author(profile, None, papers))
    return items
