"""Topic pages: each topic's papers (paged) with its BibTeX and RIS files, and the topics index
with the chart of how the largest topics overlap. How they look is `papershelf/topic.html`'s
and `papershelf/topics.html`'s."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from functools import partial

from markupsafe import Markup

from papershelf.pages.charts import overlap_matrix
from papershelf.pages.exports import part_files
from papershelf.pages.generated import SiteFile
from papershelf.pages.context import PageContext
from papershelf.pages.markup import chart
from papershelf.pages.paper_lists import PagedList, paged
from papershelf.pages.searching import search_text
from papershelf.indexes.topics import Topic

__all__ = ["topic_files"]


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
        "topics",
        "topics/index.md",
        in_nav=True,
        kinds=kinds,
        without_subject=ctx.analysis.topic_index.without_subject,
        chart=_overlap_chart(ctx, topics),
    )


def _overlap_chart(ctx: PageContext, topics: Sequence[Topic], size: int = 12) -> Markup:
    """The largest discovered and curated topics and the papers they share."""
    largest = sorted((t for t in topics if t.kind != "listing"), key=lambda t: -len(t.papers))[:size]
    members = [set(topic.papers) for topic in largest]
    counts = [[len(a & b) for b in members] for a in members]
    return chart(overlap_matrix, [t.name for t in largest], counts, ctx.words)


def _intro(ctx: PageContext, topic: Topic, total: int, number: int, suffix: str, here: str) -> Markup:
    """Name, size, kind, `.bib` and `.ris`; on the first page also the phrases it was matched by
    and the topics its papers often have too."""
    bib, ris = ctx.link(f"topics/{topic.slug}.bib", here), ctx.link(f"topics/{topic.slug}.ris", here)
    summary = ctx.say("newest_first", count=ctx.words.count(total))
    first = number == 1
    cooccurring = [
        (ctx.link(f"topics/{other.slug}.md", here), other, count)
        for other, count in (_cooccurring(ctx, topic) if first else [])
    ]
    phrases, also = (topic.phrases, topic.also) if first else ((), ())
    return ctx.sections("topic").intro(topic, suffix, summary, bib, ris, phrases, also, cooccurring)


def _search_view(ctx: PageContext, topic: Topic) -> Markup:
    """What search reads of a topic, under its name: the other phrases it was matched by,
    the names it absorbed and how many papers it has; not the papers' titles, which their
    own pages hold."""
    others = [name for name in (*topic.phrases, *topic.also) if name.casefold() != topic.name.casefold()]
    return search_text(ctx, (", ".join(others), ctx.words.count(len(topic.papers))))


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
