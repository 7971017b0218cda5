"""The input formats, in one table: how a file is recognised and what reads it.

`papershelf.snapshots.reader` goes down `SNAPSHOT_FORMATS` in order and takes the first
format that claims a file: by its suffix, or by its text whatever its suffix (a browser
saves a feed as `.xml`, `.rss` or `.txt`; a `.txt` may hold a `.bib` library or an arXiv
mailing). A new input format is a reader module and a row here. E-mails are the one format
read from their bytes (`EMAIL_SUFFIXES`): MIME says how their parts are encoded.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from papershelf.model import Listing
from papershelf.snapshots.arxiv_listing import looks_like_arxiv_listing, parse_arxiv_listing
from papershelf.snapshots.arxiv_mailing import looks_like_arxiv_mailing, parse_arxiv_mailing
from papershelf.snapshots.bibfile import looks_like_bibtex, parse_bibtex
from papershelf.snapshots.csl import looks_like_csl, parse_csl
from papershelf.snapshots.feeds import looks_like_feed, parse_feed
from papershelf.snapshots.ris import looks_like_ris, parse_ris
from papershelf.snapshots.text import parse_text_listing

__all__ = ["EMAIL_SUFFIXES", "SNAPSHOT_FORMATS", "SNAPSHOT_SUFFIXES", "SnapshotFormat", "format_of"]


@dataclass(frozen=True)
class SnapshotFormat:
    """One kind of snapshot file."""

    name: str
    suffixes: frozenset[str]
    """Files with these suffixes are of this format (unless a format above claims them)."""
    recognises: Callable[[str], bool] | None
    """Whether a file's text is of this format whatever its suffix; None: by suffix only."""
    read: Callable[[str, str], Listing]
    """The listing of a file's text, under the file's name."""
    may_be_anything: bool = False
    """Whether any file may look like this format (copied text, a saved page): one in which
    the reader found nothing but things that are no papers is then "not a recognised
    listing", one warning, instead of a warning per item."""


def _page(text: str, file: str) -> Listing:
    """The reader of saved pages, imported when a page is read: it imports BeautifulSoup
    (0.12 s), which a folder of copied text never needs, nor a build that takes every
    snapshot from the cache."""
    from papershelf.snapshots.html import parse_html_listing

    return parse_html_listing(text, file)


def _any_text(text: str) -> bool:
    return True


SNAPSHOT_FORMATS: tuple[SnapshotFormat, ...] = (
    SnapshotFormat("feed", frozenset({".xml", ".rss", ".atom"}), looks_like_feed, parse_feed),
    SnapshotFormat("page", frozenset({".html", ".htm", ".xhtml"}), None, _page, may_be_anything=True),
    SnapshotFormat("csl-json", frozenset({".json"}), looks_like_csl, parse_csl),
    SnapshotFormat("ris", frozenset({".ris"}), looks_like_ris, parse_ris),
    SnapshotFormat("bibtex", frozenset({".bib", ".bibtex"}), looks_like_bibtex, parse_bibtex),
    SnapshotFormat("arxiv-listing", frozenset(), looks_like_arxiv_listing, parse_arxiv_listing),
    SnapshotFormat("arxiv-mailing", frozenset(), looks_like_arxiv_mailing, parse_arxiv_mailing),
    SnapshotFormat("text", frozenset({".txt", ".text"}), _any_text, parse_text_listing, may_be_anything=True),
)
EMAIL_SUFFIXES = frozenset({".eml"})
SNAPSHOT_SUFFIXES = EMAIL_SUFFIXES.union(*(form.suffixes for form in SNAPSHOT_FORMATS))


def format_of(suffix: str, text: str) -> SnapshotFormat:
    """The first format that claims a file with this suffix and text (text, at the last)."""
    return next(
        form
        for form in SNAPSHOT_FORMATS
        if suffix in form.suffixes or (form.recognises is not None and form.recognises(text))
    )
