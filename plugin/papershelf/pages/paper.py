"""A paper's page: title, authors, date, topics, abstract, related papers, the reading lists
that hold it, the pages that cite it, its BibTeX and where it was seen.

Here is what each section shows; how it looks is a macro of `papershelf/paper.html`
(`papershelf.pages.templates`), which a site may override section by section. A library has
thousands of paper pages, so each section costs one call of a compiled macro, made only when
MkDocs renders the page. The sections after the abstract stay out of the search index
(`Section.indexed`): they would only add noise to it.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import partial
from urllib.parse import urlencode

from markupsafe import Markup

from papershelf.indexes.authors import author_identity
from papershelf.indexes.topics import Topic
from papershelf.curation.collect import Curation, DocPage
from papershelf.curation.lists import ReadingList
from papershelf.model import ARTICLE, CHAPTER, MASTERS_THESIS, REPORT, THESIS, Paper, Person, Venue, iso_date
from papershelf.library.identifiers import paper_links, web_ids
from papershelf.pages.generated import Section, SiteFile, assembled
from papershelf.pages.context import PageContext
from papershelf.pages.wording import shortened
from papershelf.pages.markup import external, joined, rendered, shown_venue
from papershelf.pages.searching import search_text, typed_name
from papershelf.text.mathtext import plain_title

__all__ = ["arxiv_title_search", "citation_meta", "citation_tags", "paper_page"]


def citation_meta(ctx: PageContext, paper: Paper) -> Markup:
    """The paper's `citation_tags` as HTML for its page's head."""
    return ctx.sections("paper").citation_meta(citation_tags(paper))


def citation_tags(paper: Paper) -> list[tuple[str, str]]:
    """Highwire Press `citation_*` tags (name, content) for the page's head, which the Zotero
    Connector, Google Scholar and other reference managers read to save a page as a paper."""
    tags = [("citation_title", paper.title)]
    tags += [("citation_author", person.name) for person in paper.authors]
    if paper.date:
        tags.append(
            ("citation_publication_date", iso_date(paper.date, paper.date_precision).replace("-", "/"))
        )
    ids = web_ids(paper.ids)
    tags += [
        (name, value)
        for name, value in (
            ("citation_arxiv_id", ids.arxiv),
            ("citation_doi", ids.doi),
            ("citation_pdf_url", ids.pdf_url),
            *_venue_tags(paper.venue),
        )
        if value
    ]
    return tags


_CONTAINER_TAGS = {ARTICLE: "citation_journal_title", CHAPTER: "citation_inbook_title"}
_PUBLISHER_TAGS = {
    THESIS: "citation_dissertation_institution",
    MASTERS_THESIS: "citation_dissertation_institution",
    REPORT: "citation_technical_report_institution",
}
_OWN_KINDS = frozenset(_PUBLISHER_TAGS)
"""Kinds a page names even when the library gives no school or institution."""


def _venue_tags(venue: Venue | None) -> list[tuple[str, str]]:
    """Where a library says the paper was published, in the tags Google Scholar asks for
    (`papershelf.snapshots.paper_page` reads them back)."""
    if venue is None:
        return []
    first, last = venue.page_range
    return [
        (_CONTAINER_TAGS.get(venue.kind, "citation_conference_title"), venue.container),
        (_PUBLISHER_TAGS.get(venue.kind, "citation_publisher"), venue.publisher),
        ("citation_technical_report_number" if venue.kind == REPORT else "citation_issue", venue.number),
        ("citation_volume", venue.volume),
        ("citation_firstpage", first),
        ("citation_lastpage", last),
    ]


def arxiv_title_search(title: str) -> str:
    """arXiv's search for a title: the listings give no link to a paper, and a reader's first
    wish is to open it. Labelled as a search on the page, since it may find several papers."""
    words = " ".join(title.replace("$", " ").replace("\\", " ").split())
    return "https://arxiv.org/search/?" + urlencode({"query": words, "searchtype": "title"})


def paper_page(ctx: PageContext, paper: Paper, curation: Curation) -> SiteFile:
    """The page; its sections are made when MkDocs renders it."""
    front = ctx.front_matter(plain_title(paper.title), indexed=True)  # a tab shows no MathML
    sections = partial(_sections, ctx, paper, curation)
    search_view = partial(_search_view, ctx, paper)
    recipe = partial(_recipe, ctx, paper, curation) if not ctx.overridden("paper") else None
    return assembled(_src_uri(paper), front, sections, search_view=search_view, recipe=recipe)


def _src_uri(paper: Paper) -> str:
    return f"papers/{paper.key}.md"


def _sections(ctx: PageContext, paper: Paper, curation: Curation) -> list[Section]:
    """What the page shows, section by section, each made by its macro when called."""
    here = _src_uri(paper)
    words = ctx.words
    sections = [Section(None, partial(_head, ctx, paper, here))]
    if paper.abstract:  # a replacement in an arXiv listing, a library entry may have none
        sections.append(Section(words.abstract, partial(_abstract, ctx, paper)))
    if ctx.options.related > 0:
        sections.append(Section(words.related, partial(_related, ctx, paper.key, here), False))
    if holding := curation.holding.get(paper.key, []):
        sections.append(
            Section(words.in_reading_lists, partial(_holding, ctx, paper.key, holding, here), False)
        )
    if citing := curation.citing.get(paper.key, []):
        sections.append(Section(words.cited_by, partial(_citing, ctx, citing, here), False))
    sections.append(Section(words.bibtex, partial(_bibtex, ctx, paper.key, here), False))
    sections.append(Section(words.seen_in, partial(_sightings, ctx, paper), False))
    return sections


def _search_view(ctx: PageContext, paper: Paper) -> Markup:
    """What search reads of a paper: one entry, not one per heading, titled with the title
    and the key (a key typed in search finds its paper first: the title outweighs the text
    of a guide page that mentions the key), holding the names as listed and without accents
    with affiliations, the topics, and the abstract. Formulas are their TeX source: words,
    not MathML elements."""
    names = []
    for person in paper.authors:
        names.append(typed_name(person.name))
        if person.affiliation:
            names.append(person.affiliation)
    topics = ctx.words.separator.join(topic.name for topic in ctx.analysis.topic_index.by_paper[paper.key])
    title = ctx.words.separator.join((paper.title, paper.key))
    return search_text(ctx, (", ".join(names), topics, paper.abstract), title, anchor=paper.key)


def _head(ctx: PageContext, paper: Paper, here: str) -> Markup:
    """Title, linked authors, date, key, where to read it and topics: the part above the
    first heading. Authors are all there, "et al." after them if the listing cut them; where
    a library says it was published, and the other titles and keys of a paper seen under
    several follow."""
    shown, cut = shortened(paper.authors, paper.authors_truncated, limit=None)
    authors = _authors(ctx, shown, here)
    topics = _topics(ctx, paper.key, here)
    # Where a source said the paper is (arXiv, PDF, HTML, DOI); else a title search on
    # arXiv, labelled as a search.
    links = [(external(link.href), link.label) for link in paper_links(paper.ids)]
    search = external(arxiv_title_search(paper.title))
    date = ctx.paper_date(paper) if paper.date else None
    iso = iso_date(paper.date, paper.date_precision) if paper.date else None
    sections = ctx.sections("paper")
    head = sections.head(ctx.title(paper.key), authors, cut, date, iso, paper.key, links, search, topics)
    venue_told = paper.venue and (
        paper.venue.container or paper.venue.publisher or paper.venue.kind in _OWN_KINDS
    )
    if paper.venue and (venue_told or paper.editors):
        at = shown_venue(paper.venue)
        editors = ", ".join(person.name for person in paper.editors)
        venue = sections.venue(at.kind, at.container, at.volume, at.number, at.pages, at.publisher, editors)
        head = joined("\n", (head, venue))
    if not paper.other_titles and not paper.aliases:
        return head
    # A revision seen apart before (`papershelf.library.versions`).
    titles = [rendered(title) for title in paper.other_titles]
    return joined("\n", (head, sections.also(titles, paper.aliases)))


def _abstract(ctx: PageContext, paper: Paper) -> Markup:
    """The abstract, and a note if the listing cut it short."""
    return ctx.sections("paper").abstract(rendered(paper.abstract), paper.truncated)


def _related(ctx: PageContext, key: str, here: str) -> Markup:
    """The related papers and why: shared topics first, else the shared words."""
    relations = [(link, ctx.title(other), why) for link, other, why in _relations(ctx, key, here)]
    return ctx.sections("paper").related(relations)


def _relations(ctx: PageContext, key: str, here: str) -> list[tuple[Markup, str, str]]:
    """Each related paper: its link, its key, and why it is related."""
    relations = []
    for relation in ctx.analysis.related[key]:
        topics = ", ".join(topic.name for topic in relation.topics)
        words = ", ".join(relation.words)
        if topics:
            also = ctx.say("also_words", words=words) if words else ""
            why = ctx.say("shared_topics", topics=topics) + also
        else:
            why = ctx.say("shared_words", words=words)
        relations.append((ctx.link(f"papers/{relation.key}.md", here), relation.key, why))
    return relations


def _holding(ctx: PageContext, key: str, holding: list[tuple[str, ReadingList]], here: str) -> Markup:
    """The reading lists that hold the paper, with its status in each."""
    return ctx.sections("paper").holding(_lists(ctx, key, holding, here))


def _lists(
    ctx: PageContext, key: str, holding: list[tuple[str, ReadingList]], here: str
) -> list[tuple[Markup, str, str]]:
    return [
        (ctx.link(src, here), reading_list.title, reading_list.status_of(key))
        for src, reading_list in holding
        if ctx.served(src)
    ]


def _citing(ctx: PageContext, citing: list[DocPage], here: str) -> Markup:
    """The user's pages that cite the paper."""
    return ctx.sections("paper").citing(_citing_pages(ctx, citing, here))


def _citing_pages(ctx: PageContext, citing: list[DocPage], here: str) -> list[tuple[Markup, str]]:
    return [(ctx.link(page.src, here), page.title) for page in citing if ctx.served(page.src)]


def _bibtex(ctx: PageContext, key: str, here: str) -> Markup:
    """The entry to copy, and its file to download."""
    href = ctx.link(f"papers/{key}.bib", here)
    return ctx.sections("paper").bibtex(ctx.analysis.bibtex[key], href, f"{key}.bib")


def _authors(ctx: PageContext, shown: Iterable[Person], here: str) -> list[tuple[Markup, Person]]:
    """Each author shown, with the link to their page (or their entry on a letter's page)."""
    return [
        (ctx.link(ctx.author_targets[ctx.author_slugs[author_identity(person)]], here), person)
        for person in shown
    ]


def _topics(ctx: PageContext, key: str, here: str) -> list[tuple[Markup, Topic]]:
    topics = ctx.analysis.topic_index.by_paper[key]
    return [(ctx.link(f"topics/{topic.slug}.md", here), topic) for topic in topics]


def _recipe(ctx: PageContext, paper: Paper, curation: Curation) -> str:
    """What the page's blocks are made from, besides the site's options, the code and the
    templates (`papershelf.site.kept_blocks`): the paper in full and, for each section, what
    it is given. Links are made as the sections make them (so where each target is served
    counts, and a link that leads nowhere is noted as making the page would), titles and
    topics as the text they are rendered from. Any section that reads more must add it
    here, or a page kept from an earlier build would show what it read then."""
    here = _src_uri(paper)
    key = paper.key
    shown, _ = shortened(paper.authors, paper.authors_truncated, limit=None)
    authors = [link for link, _ in _authors(ctx, shown, here)]
    topics = [(link, topic.kind, topic.name) for link, topic in _topics(ctx, key, here)]
    related = []
    if ctx.options.related > 0:
        titles = ctx.library.by_key
        related = [(link, titles[other].title, why) for link, other, why in _relations(ctx, key, here)]
    holding = _lists(ctx, key, curation.holding.get(key, []), here)
    citing = _citing_pages(ctx, curation.citing.get(key, []), here)
    bibtex = (ctx.link(f"papers/{key}.bib", here), ctx.analysis.bibtex[key])
    return repr((paper, authors, topics, related, holding, citing, bibtex))


def _sightings(ctx: PageContext, paper: Paper) -> Markup:
    """Each snapshot line the paper was read from (`file:line`)."""
    return ctx.sections("paper").sightings([str(where) for where in paper.sightings])
