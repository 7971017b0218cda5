"""Topic pages: each topic's papers (paged) with its BibTeX and RIS files, and the topics index with
the chart of how the largest topics overlap."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from functools import partial

from markupsafe import Markup

from papershelf.pages.charts import overlap_matrix
from papershelf.pages.exports import part_files
from papershelf.pages.generated import SiteFile
from papershelf.pages.context import PageContext
from papershelf.pages.markup import chart, html, joined, phrase
from papershelf.pages.paper_lists import PagedList, paged
from papershelf.pages.searching import search_text
from papershelf.indexes.topics import Topic

__all__ = ["topic_files"]

_HEAD = html(
    "<h1>{name}{suffix}</h1>\n"
    '<p class="ps-summary">{total} {kind} '
    '{as_bibtex} <a href="{bib}" download>{slug}.bib</a>; '
    '{as_ris} <a href="{ris}" download>{slug}.ris</a>.</p>'
)
_PHRASES = html('<p class="ps-phrases">{label} {phrases}</p>')
_PHRASE = html("<q>{phrase}</q>")
_COOCCURRING = html('<p class="ps-cooccurring">{label} {others}</p>')
_OTHER = html('<a href="{href}">{name}</a> <span class="ps-count">{count}</span>')


def topic_files(ctx: PageContext) -> Iterator[SiteFile]:
    """Each topic's pages, `.bib` and `.ris`, then the index (curated, discovered, listing topics)."""
    topics = ctx.analysis.topic_index.topics
    for topic in topics:
        intro = partial(_intro, ctx, topic)
        pattern = f"topics/{topic.slug}/page/{{}}.md"
        view = partial(_search_view, ctx, topic)
        first = f"topics/{topic.slug}.md"
        yield from paged(ctx, PagedList(first, pattern, topic.papers, topic.name, intro, search_view=view))
        yield from part_files(ctx, f"topics/{topic.slug}", topic.papers)
    groups = [[t for t in topics if t.kind == kind] for kind in ("curated", "discovered", "listing")]
    kinds = [(group[0].kind, group, max(len(t.papers) for t in group)) for group in groups if group]
    yield ctx.template_page(
        "topics.md.j2",
        "topics/index.md",
        in_nav=True,
        kinds=kinds,
        without_subject=ctx.analysis.topic_index.without_subject,
        chart=_overlap_chart(topics),
    )


def _overlap_chart(topics: Sequence[Topic], size: int = 12) -> Markup:
    """The largest discovered and curated topics and the papers they share."""
    largest = sorted((t for t in topics if t.kind != "listing"), key=lambda t: -len(t.papers))[:size]
    members = [set(topic.papers) for topic in largest]
    counts = [[len(a & b) for b in members] for a in members]
    return chart(overlap_matrix, [t.name for t in largest], counts)


def _intro(ctx: PageContext, topic: Topic, total: int, number: int, suffix: str, here: str) -> Markup:
    """Name, size, kind, `.bib` and `.ris`; on the first page also the phrases it was matched by
    and the topics its papers often have too."""
    bib = ctx.link(f"topics/{topic.slug}.bib", here)
    words = ctx.words
    kinds = {
        "listing": words.listing_topic,
        "curated": words.curated_topic,
        "discovered": words.discovered_topic,
    }
    parts = [
        _HEAD(
            name=topic.name,
            suffix=suffix,
            total=words.newest_first.format(count=words.count(total)),
            kind=phrase(kinds[topic.kind]),
            as_bibtex=words.as_bibtex,
            bib=bib,
            as_ris=words.as_ris,
            ris=ctx.link(f"topics/{topic.slug}.ris", here),
            slug=topic.slug,
        )
    ]
    if number == 1 and topic.phrases:
        phrases = joined(", ", (_PHRASE(phrase=matched) for matched in topic.phrases))
        parts.append(_PHRASES(label=words.matched_as, phrases=phrases))
    if number == 1 and topic.also:
        names = joined(", ", (_PHRASE(phrase=name) for name in topic.also))
        parts.append(_PHRASES(label=words.also_matched_as, phrases=names))
    if number == 1 and (cooccurring := _cooccurring(ctx, topic)):
        others = (
            _OTHER(href=ctx.link(f"topics/{other.slug}.md", here), name=other.name, count=count)
            for other, count in cooccurring
        )
        parts.append(_COOCCURRING(label=words.together_with, others=joined(", ", others)))
    return joined("\n", parts)


def _search_view(ctx: PageContext, topic: Topic) -> Markup:
    """What search reads of a topic, under its name: the other phrases it was matched by,
    the names it absorbed and how many papers it has; not the papers' titles, which their
    own pages hold."""
    others = [name for name in (*topic.phrases, *topic.also) if name.casefold() != topic.name.casefold()]
    return search_text((", ".join(others), ctx.words.count(len(topic.papers))))


def _cooccurring(ctx: PageContext, topic: Topic, limit: int = 8) -> list[tuple[Topic, int]]:
    """Other topics by how many of this topic's papers they share (listing topics aside)."""
    shared: Counter[Topic] = Counter()
    for key in topic.papers:
        shared.update(
            other
            for other in ctx.analysis.topic_index.by_paper[key]
            if other is not topic and other.kind != "listing"
        )
    return shared.most_common(limit)
