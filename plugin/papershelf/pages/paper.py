"""A paper's page: title, authors, date, topics, abstract, related papers, the reading lists
that hold it, the pages that cite it, its BibTeX and where it was seen.

Built in Python rather than from a Jinja template: a library has thousands of paper pages,
and template overhead was most of their cost. The sections after the abstract stay out of
the search index (`Section.indexed`): they would only add noise to it.
"""

from __future__ import annotations

from functools import partial
from urllib.parse import urlencode

from markupsafe import Markup

from papershelf.indexes.authors import author_identity
from papershelf.curation.collect import Curation, DocPage
from papershelf.curation.lists import ReadingList
from papershelf.model import Paper, iso_date
from papershelf.library.identifiers import paper_links, web_ids
from papershelf.pages.generated import Section, SiteFile, assembled
from papershelf.pages.context import PageContext
from papershelf.pages.wording import shortened
from papershelf.pages.markup import external, html, joined, phrase, rendered
from papershelf.pages.searching import search_text, typed_name

__all__ = ["arxiv_title_search", "citation_meta", "paper_page"]

_HEAD = html(
    '<h1 class="ps-paper-title">{title}</h1>\n'
    '<p class="ps-authors">\n{authors}\n</p>\n'
    '<p class="ps-meta">\n{date} · <code class="ps-key">{key}</code> · {links}\n</p>{topics}'
)
_ALSO = html('\n<p class="ps-also">{listed}</p>')
_OTHER_TITLE = html("“{title}”")
_OLD_KEY = html('<code class="ps-key">{key}</code>')
_FIND = html('<a class="ps-find" href="{search}">{label}</a>')
_LINKS = html('<span class="ps-links">{links}</span>')
_LINK = html('<a href="{href}">{label}</a>')
_DATE = html('<time datetime="{iso}">{date}</time>')
_TOPICS = html('\n<p class="ps-topics">{label} {links}</p>')
_TOPIC = html('<a class="ps-topic ps-topic--{kind}" href="{href}">{name}</a>')
_AUTHOR = html('<a href="{href}">{name}</a>')
_AFFILIATED = html('<a href="{href}">{name}</a> <span class="ps-affiliation">({affiliation})</span>')
_ABSTRACT = html('<div class="ps-abstract">\n<p>{abstract}</p>\n</div>')
_CUT_ABSTRACT = html('<div class="ps-abstract">\n<p>{abstract}…</p>\n<p class="ps-note">{note}</p>\n</div>')
_NO_RELATED = html('<p class="ps-none">{note}</p>')
_RELATED = html('<ul class="ps-related">\n{items}\n</ul>')
_RELATION = html(
    '<li><a class="ps-title" href="{href}">{title}</a><br><span class="ps-why">{why}</span></li>'
)
_HOLDING = html('<ul class="ps-holding">\n{items}</ul>')
_HELD = html(
    '<li><a href="{href}">{title}</a>: <span class="ps-status ps-status--{modifier}">{status}</span></li>\n'
)
_CITING = html('<ul class="ps-citing">\n{items}</ul>')
_CITED = html('<li><a href="{href}">{title}</a></li>\n')
_BIBTEX = html(
    '<div class="ps-bibtex highlight"><pre><code>{entry}</code></pre></div>\n'
    '<p><a class="ps-download" href="{href}" download>{download}</a></p>'
)
_SIGHTINGS = html('<ul class="ps-sightings">\n{items}</ul>')
_SIGHTING = html("<li><code>{where}</code></li>\n")


_META = html('<meta name="{name}" content="{content}">\n')


def citation_meta(paper: Paper) -> Markup:
    """Highwire Press `citation_*` tags for the page's head, which the Zotero Connector,
    Google Scholar and other reference managers read to save a page as a paper."""
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
        )
        if value
    ]
    return joined("", (_META(name=name, content=content) for name, content in tags))


def arxiv_title_search(title: str) -> str:
    """arXiv's search for a title: the listings give no link to a paper, and a reader's first
    wish is to open it. Labelled as a search on the page, since it may find several papers."""
    words = " ".join(title.replace("$", " ").replace("\\", " ").split())
    return "https://arxiv.org/search/?" + urlencode({"query": words, "searchtype": "title"})


def paper_page(ctx: PageContext, paper: Paper, curation: Curation) -> SiteFile:
    """The page; its sections are made when MkDocs renders it."""
    src_uri = f"papers/{paper.key}.md"
    here = src_uri
    words = ctx.words
    sections = [
        Section(None, partial(_head, ctx, paper, here)),
        Section(words.abstract, partial(_abstract, ctx, paper)),
    ]
    if ctx.options.related > 0:
        sections.append(Section(words.related, partial(_related, ctx, paper.key, here), False))
    if holding := curation.holding.get(paper.key, []):
        sections.append(
            Section(words.in_reading_lists, partial(_holding, ctx, paper.key, holding, here), False)
        )
    if citing := curation.citing.get(paper.key, []):
        sections.append(Section(words.cited_by, partial(_citing, ctx, citing, here), False))
    sections.append(Section(words.bibtex, partial(_bibtex, ctx, paper.key, here), False))
    sections.append(Section(words.seen_in, partial(_sightings, paper), False))
    front = ctx.front_matter(paper.title, indexed=True)
    return assembled(src_uri, front, sections, search_view=partial(_search_view, ctx, paper))


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
    return search_text((", ".join(names), topics, paper.abstract), title, anchor=paper.key)


def _head(ctx: PageContext, paper: Paper, here: str) -> Markup:
    """Title, linked authors, date and topics: the part above the first heading."""
    date: Markup | str  # a `str` is escaped where it is filled in
    if paper.date:
        date = _DATE(iso=iso_date(paper.date, paper.date_precision), date=ctx.paper_date(paper))
    else:
        date = ctx.words.undated
    topics = ctx.analysis.topic_index.by_paper[paper.key]
    links = (
        _TOPIC(kind=topic.kind, href=ctx.link(f"topics/{topic.slug}.md", here), name=topic.name)
        for topic in topics
    )
    head = _HEAD(
        title=ctx.title(paper.key),
        authors=_authors(ctx, paper, here),
        date=date,
        key=paper.key,
        links=_links(ctx, paper),
        topics=_TOPICS(label=ctx.words.topics_label, links=joined(ctx.words.separator, links))
        if topics
        else "",
    )
    return joined("", (head, _also(ctx, paper))) if paper.other_titles or paper.aliases else head


def _also(ctx: PageContext, paper: Paper) -> Markup:
    """The other titles the paper was listed under and the older keys that still cite it
    (a revision seen apart before, `papershelf.library.versions`)."""
    said = ctx.words
    titles = joined(", ", (_OTHER_TITLE(title=rendered(title)) for title in paper.other_titles))
    keys = joined(", ", (_OLD_KEY(key=key) for key in paper.aliases))
    parts = [joined(" ", (phrase(said.also_listed), titles))] if paper.other_titles else []
    if paper.aliases:
        parts.append(joined(" ", (phrase(said.also_cited), keys)))
    return _ALSO(listed=joined(phrase(said.separator), parts))


def _links(ctx: PageContext, paper: Paper) -> Markup:
    """The paper where a source said it is (arXiv, PDF, HTML, DOI); else a title search on
    arXiv, labelled as a search."""
    found = paper_links(paper.ids)
    if not found:
        return _FIND(search=external(arxiv_title_search(paper.title)), label=ctx.words.search_arxiv)
    return _LINKS(
        links=joined(
            ctx.words.separator, (_LINK(href=external(link.href), label=link.label) for link in found)
        )
    )


def _authors(ctx: PageContext, paper: Paper, here: str) -> Markup:
    """Authors linked to their pages (or letter-page entries), affiliations beside them:
    all of them, "et al." after them if the listing cut them short."""
    names = []
    shown, cut = shortened(paper.authors, paper.authors_truncated, limit=None)
    for person in shown:
        href = ctx.link(ctx.author_targets[ctx.author_slugs[author_identity(person)]], here)
        if person.affiliation:
            names.append(_AFFILIATED(href=href, name=person.name, affiliation=person.affiliation))
        else:
            names.append(_AUTHOR(href=href, name=person.name))
    return joined("\n", (joined(",\n", names), ctx.words.et_al)) if cut else joined(",\n", names)


def _abstract(ctx: PageContext, paper: Paper) -> Markup:
    """The abstract, and a note if the listing cut it short."""
    if paper.truncated:
        return _CUT_ABSTRACT(abstract=rendered(paper.abstract), note=ctx.words.cut_abstract)
    return _ABSTRACT(abstract=rendered(paper.abstract))


def _related(ctx: PageContext, key: str, here: str) -> Markup:
    """The related papers and why: shared topics first, else the shared words."""
    if not ctx.analysis.related[key]:
        return _NO_RELATED(note=ctx.words.no_related)
    items = []
    said = ctx.words
    for relation in ctx.analysis.related[key]:
        topics = ", ".join(topic.name for topic in relation.topics)
        words = ", ".join(relation.words)
        if topics:
            why = said.shared_topics.format(topics=topics) + (
                said.also_words.format(words=words) if words else ""
            )
        else:
            why = said.shared_words.format(words=words)
        href = ctx.link(f"papers/{relation.key}.md", here)
        items.append(_RELATION(href=href, title=ctx.title(relation.key), why=why))
    return _RELATED(items=joined("\n", items))


def _holding(ctx: PageContext, key: str, holding: list[tuple[str, ReadingList]], here: str) -> Markup:
    """The reading lists that hold the paper, with its status in each."""
    items = []
    for src, reading_list in holding:
        if not ctx.served(src):
            continue
        status = reading_list.status_of(key)
        href, modifier = ctx.link(src, here), status.replace(" ", "-")
        items.append(_HELD(href=href, title=reading_list.title, modifier=modifier, status=status))
    return _HOLDING(items=joined("", items))


def _citing(ctx: PageContext, citing: list[DocPage], here: str) -> Markup:
    """The user's pages that cite the paper."""
    items = (
        _CITED(href=ctx.link(page.src, here), title=page.title) for page in citing if ctx.served(page.src)
    )
    return _CITING(items=joined("", items))


def _bibtex(ctx: PageContext, key: str, here: str) -> Markup:
    """The entry to copy, and its file to download."""
    download = ctx.words.download.format(name=f"{key}.bib")
    return _BIBTEX(
        entry=ctx.analysis.bibtex[key], href=ctx.link(f"papers/{key}.bib", here), download=download
    )


def _sightings(paper: Paper) -> Markup:
    """Each snapshot line the paper was read from (`file:line`)."""
    return _SIGHTINGS(items=joined("", (_SIGHTING(where=str(where)) for where in paper.sightings)))
