"""Papers -> UTF-8 biblatex entries for users on biber (offered beside, never instead of, BibTeX)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from papershelf.export.bibtex import Dialect, bibtex_entry, bibtex_file
from papershelf.model import Paper

__all__ = ["BIBLATEX", "biblatex_entry", "biblatex_file"]

BIBLATEX = Dialect(ascii_only=False, iso_date=True, name="biblatex")


def biblatex_entry(paper: Paper, subjects: Sequence[str] = ()) -> str:
    """One entry (`@misc`, or another `entry_type`) with UTF-8 text and an ISO `date`."""
    return bibtex_entry(paper, BIBLATEX, subjects)


def biblatex_file(papers: Iterable[Paper], subjects: Mapping[str, Sequence[str]] | None = None) -> str:
    """Entries joined by blank lines."""
    return bibtex_file(papers, BIBLATEX, subjects)
