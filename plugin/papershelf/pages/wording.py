"""Every phrase the generated pages show, in one table, and the one rule that shortens an
author list.

Pages are written by templates (`papershelf/pages/templates/papershelf/`, see
`papershelf.pages.templates`), which take their words from here (`words.abstract`), so that
a phrase is spelled one way on every page and a translation has one table to translate: a
`Wording` with other values. Phrases are ours, not data: `markup.phrase` makes them HTML
(escaped for HTML, not made inert for Markdown, so that they read the same in the source
of every page). A phrase with `{fields}` is filled with `str.format` (`say('download',
name=...)` in a template) and, since it then holds data, escaped as data.

Author lists end in "et al." wherever they are cut short, whether the listing cut them or
a byline keeps only its first names: it is what readers of papers know, reads the same in a
byline, a reference and a citation (`Kim et al., 2026`), and claims no count that the
listing may not have given (a "+N more" would count only the names a listing kept).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import TypeVar

from papershelf.text.rules import counted

__all__ = ["ENGLISH", "Wording", "shortened"]

Name = TypeVar("Name")

BYLINE_AUTHORS = 6
"""How many authors a byline or a reference names before "et al.": a paper page names all."""


@dataclass(frozen=True)
class Wording:
    """The phrases of the generated pages. `{fields}` are filled with `str.format`."""

    # Author lists, initials, dates
    et_al: str = "et al."
    other_initial: str = "Other"
    """The initial of the authors whose surname starts with no Latin letter."""
    undated: str = "Undated"
    no_year: str = "n.d."
    month: str = "LLLL y"
    """A month as Babel formats it in the site's language: `August 2026`."""
    short_month: str = "LLL y"
    """A month under a chart's bar: `Aug 2026`, never `Aug 26`, which reads as a day."""
    separator: str = " · "
    anonymous: str = "Anonymous"
    two_authors: str = "{first} and {second}"
    author_year: str = "{who}, {year}"
    """A citation's text: `Kim et al., 2026`."""
    # Counts and paging
    paper: str = "paper"
    papers: str = "papers"
    paper_has: str = "paper has"
    papers_have: str = "papers have"
    newest_first: str = "{count}, newest first."
    page_of: str = "Page {number} of {count}"
    page_suffix: str = " (page {number} of {count})"
    newer: str = "← Newer"
    older: str = "Older →"
    pages_label: str = "Pages"
    as_bibtex: str = "As BibTeX:"
    as_ris: str = "as RIS (EndNote, Mendeley, Zotero):"
    whole_library_as: str = "The whole library as"
    # A paper's page
    abstract: str = "Abstract"
    related: str = "Related papers"
    in_reading_lists: str = "In reading lists"
    cited_by: str = "Cited by"
    bibtex: str = "BibTeX"
    seen_in: str = "Seen in"
    search_arxiv: str = "Search arXiv for this title"
    published_in: str = "Published in"
    published_by: str = "Published by"
    edited_by: str = "Edited by"
    phd_thesis: str = "PhD thesis"
    masters_thesis: str = "Master’s thesis"
    technical_report: str = "Technical report"
    topics_label: str = "Topics:"
    cut_abstract: str = "The listing cut this abstract short."
    no_related: str = "No other paper of the library is close enough to list."
    shared_topics: str = "Shared topics: {topics}"
    also_words: str = "; also {words}"
    shared_words: str = "Shared words: {words}"
    download: str = "Download {name}"
    also_listed: str = "Also listed as"
    """Before the other titles of a paper seen under several (a retitled revision)."""
    also_cited: str = "Also cited as"
    """Before the older keys that still cite a paper (`papershelf.model.Paper.aliases`)."""
    moved: str = "This paper’s page is now"
    """What a page at an older key shows while it sends the browser on to the paper."""
    # Indexes
    papers_title: str = "Papers"
    topics_title: str = "Topics"
    timeline_title: str = "Timeline"
    authors_title: str = "Authors"
    reading_lists_title: str = "Reading lists"
    new_title: str = "New papers"
    references: str = "References"
    # Topics
    listing_topics: str = "Listing topics"
    curated_topics: str = "Curated topics"
    discovered_topics: str = "Discovered topics"
    listing_topic: str = "A topic line of the snapshots."
    curated_topic: str = "A topic of the site's taxonomy."
    discovered_topic: str = "Discovered in the papers' titles and abstracts."
    matched_as: str = "Matched as:"
    also_matched_as: str = "Also matched as:"
    together_with: str = "Often together with:"
    topics_overlap: str = "How topics overlap"
    overlap_description: str = "Papers shared by the {count} largest topics; darker cells share more papers"
    no_other_topic: str = "no topic besides their listing's."
    # Months
    by_month: str = "Papers by month"
    no_date: str = "no date or only a year"
    months_label: str = "Months"
    all_months: str = "All months"
    # Authors
    author_letter: str = "Authors: {initial}"
    by_initial_label: str = "Authors by initial"
    co_authors: str = "Co-authors"
    most_papers: str = "Most papers"
    authors_summary: str = "{count} authors, by the initial of their surname."
    # Reading lists
    not_found: str = "Not found"
    to_read: str = "to read"
    reading: str = "reading"
    read: str = "read"
    skipped: str = "skipped"
    """The statuses of a reading list's entries (`[ ]`, `[/]`, `[x]`, `[-]`)."""
    read_of: str = "{read} of {total} read"
    read_of_label: str = "Read {read} of {total}"
    """What a reading list's progress bar says to a screen reader."""
    status_count: str = "{count} {status}"
    no_lists: str = (
        "No reading lists yet. A Markdown page in {folder} whose task-list items name papers"
        " ({example}) becomes one; see the guide."
    )
    preprint: str = "Preprint, arXiv:{id}."
    overlap_caption: str = (
        "Each cell shades with the papers two of the largest topics share, and says how many;"
        " the diagonal is each topic's size."
    )
    # What is new, and the feeds
    new_mark: str = "New"
    first_seen: str = "First seen {day}"
    new_summary: str = (
        "The papers the newest snapshots brought, by the day each was first seen (a snapshot's day"
        " is the newest day it lists); those of the newest snapshot are marked New on every list."
    )
    nothing_new: str = "No snapshot gives a day of its own yet, so no paper can be placed as new."
    feed_label: str = "Atom feed"
    feed_subtitle: str = "Papers by the day they were first seen, newest first."

    def count(self, papers: int) -> str:
        """`1 paper`, `12 papers`."""
        return counted(papers, self.paper, self.papers)

    def count_have(self, papers: int) -> str:
        """`1 paper has`, `12 papers have`."""
        return counted(papers, self.paper_has, self.papers_have)

    def status(self, status: str) -> str:
        """A reading-list status (`papershelf.curation.lists.STATUSES`) in words."""
        return {"to read": self.to_read, "reading": self.reading, "read": self.read, "skipped": self.skipped}[
            status
        ]

    def initial(self, letter: str) -> str:
        """How pages name an initial: `A`, or `Other` for other scripts
        (`papershelf.pages.letters`)."""
        return letter.upper() if letter != "other" else self.other_initial

    def suffix(self, number: int, count: int) -> str:
        """What page `number` of `count` adds to its title (nothing on the first page)."""
        return self.page_suffix.format(number=number, count=count) if number > 1 else ""

    def cite(self, surnames: Sequence[str], truncated: bool, year: int | None) -> str:
        """`Kim et al., 2026`, `Kim and Jeon, 2026`, `Fujitake, 2026`, `Kim, n.d.`."""
        names = list(surnames) or [self.anonymous]
        if len(names) > 2 or truncated:
            who = f"{names[0]} {self.et_al}"
        elif len(names) == 2:
            who = self.two_authors.format(first=names[0], second=names[1])
        else:
            who = names[0]
        return self.author_year.format(who=who, year=self.no_year if year is None else year)

    def phrases(self) -> dict[str, str]:
        """The table by name, for the Jinja templates (`words.abstract`)."""
        return asdict(self)


ENGLISH = Wording()


def shortened(
    names: Sequence[Name], truncated: bool, limit: int | None = BYLINE_AUTHORS
) -> tuple[Sequence[Name], bool]:
    """The first `limit` names (all, for `None`), and whether "et al." follows them: when
    names were left out here or the listing cut the list short (`Paper.authors_truncated`)."""
    shown = names if limit is None else names[:limit]
    return shown, truncated or len(shown) < len(names)
