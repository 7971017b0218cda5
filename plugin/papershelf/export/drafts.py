"""A library's export entries, drafted before its topics are known and finished with them.

Writing every paper's BibTeX, biblatex and CSL-JSON entry is about a third of analysing a
library, and of each entry only its keywords depend on the topics, which take longest to
find. So the analysis can draft the entries in a helper process (`papershelf.analysis.helper`) while
it finds the topics, then finish them here: a draft finished with a paper's topics is
exactly the entry written in one go.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from papershelf.export.biblatex import BIBLATEX
from papershelf.export.bibtex import BIBTEX, Dialect, entry_draft, finished_entry
from papershelf.export.csljson import item_draft
from papershelf.model import Paper

__all__ = ["Drafts", "draft_exports"]


@dataclass(frozen=True)
class Drafts:
    """Each paper's entries without its topics, in the order of the papers drafted."""

    bibtex: tuple[str, ...]
    biblatex: tuple[str, ...]
    csl: tuple[bytes, ...]

    def bibtex_entries(
        self, papers: Sequence[Paper], subjects: Mapping[str, Sequence[str]]
    ) -> dict[str, str]:
        """Each paper's BibTeX entry, by key."""
        return _finished(papers, self.bibtex, BIBTEX, subjects)

    def biblatex_entries(
        self, papers: Sequence[Paper], subjects: Mapping[str, Sequence[str]]
    ) -> dict[str, str]:
        """Each paper's biblatex entry, by key."""
        return _finished(papers, self.biblatex, BIBLATEX, subjects)


def draft_exports(papers: Sequence[Paper]) -> Drafts:
    """The papers' entries without their topics (a module-level function, which a helper
    process can be asked to run)."""
    return Drafts(
        bibtex=tuple(entry_draft(paper, BIBTEX) for paper in papers),
        biblatex=tuple(entry_draft(paper, BIBLATEX) for paper in papers),
        csl=tuple(item_draft(paper) for paper in papers),
    )


def _finished(
    papers: Sequence[Paper], drafts: Sequence[str], dialect: Dialect, subjects: Mapping[str, Sequence[str]]
) -> dict[str, str]:
    drafted = zip(papers, drafts, strict=True)
    return {paper.key: finished_entry(paper, draft, dialect, subjects[paper.key]) for paper, draft in drafted}
