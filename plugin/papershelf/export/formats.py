"""The export formats, in one table: the site's library files, `papershelf export --format`
and its `--help` all come from it. A new format is a module of this package and a row here.

Each writes the papers named by their keys from an analysed library (`papershelf.analysis.analyse`),
whose entries are finished with the papers' topics, so that the site's `library.bib` and the
command line's export of the same library are the same bytes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from papershelf.analysis.analyse import Analysis
from papershelf.export.biblatex import BIBLATEX
from papershelf.export.bibtex import BIBTEX, Dialect, bib_pieces
from papershelf.export.csljson import csljson_pieces
from papershelf.export.ris import ris_entry
from papershelf.text.stored import stored, unstored_pieces

__all__ = ["EXPORT_FORMATS", "ExportFormat", "export_format"]


@dataclass(frozen=True)
class ExportFormat:
    """One way to write a library's papers."""

    name: str
    """What `papershelf export --format` calls it."""
    file_name: str
    """The site's file of the whole library."""
    media_type: str
    summary: str
    """What it is for, in a few words (`papershelf export --help`)."""
    pieces: Callable[[Analysis, Sequence[str]], Iterator[bytes]]
    """The file of the papers with these keys, in this order, in UTF-8 pieces of an entry or
    so: a site writes them as they come, and never holds a whole file of the library (at
    10,000 papers, making `library.json` whole took four copies of its 9.5 MB at once, and
    memory that held them stayed with the process to the end of the build)."""
    dialect: Dialect | None = None
    """For a format that can only approximate some characters: which, as said in the log."""

    def text(self, analysis: Analysis, keys: Sequence[str]) -> str:
        """The whole file (`papershelf export`)."""
        return unstored_pieces(self.pieces(analysis, keys))


def _bibtex(analysis: Analysis, keys: Sequence[str]) -> Iterator[bytes]:
    return bib_pieces(analysis.bibtex[key] for key in keys)


def _biblatex(analysis: Analysis, keys: Sequence[str]) -> Iterator[bytes]:
    return bib_pieces(analysis.biblatex[key] for key in keys)


def _csl_json(analysis: Analysis, keys: Sequence[str]) -> Iterator[bytes]:
    return csljson_pieces([analysis.csl_json[key] for key in keys])


_BIB = "application/x-bibtex"
_CSL = "application/vnd.citationstyles.csl+json"
_RIS = "application/x-research-info-systems"


class _RisEntries:
    """Each paper's RIS record, made once for an analysis however many files hold it: a site
    writes the library's, each topic's and each reading list's, so a paper is in several
    (7,219 records for 1,000 papers, which cost a tenth of a first build when made anew).
    Kept as UTF-8 (`papershelf.text.stored`): 15 MB as text at 10,000 papers."""

    def __init__(self) -> None:
        self.analysis: Analysis | None = None
        self.entries: dict[str, bytes] = {}

    def of(self, analysis: Analysis, keys: Sequence[str]) -> Iterator[bytes]:
        if analysis is not self.analysis:  # a new build's (or serve rebuild's) analysis
            self.analysis, self.entries = analysis, {}
        by_key, subjects = analysis.library.by_key, analysis.topic_index.subjects
        for number, key in enumerate(keys):
            if key not in self.entries:
                self.entries[key] = stored(ris_entry(by_key[key], subjects.get(key, ())))
            if number:
                yield b"\n"
            yield self.entries[key]


_ris = _RisEntries().of


EXPORT_FORMATS: tuple[ExportFormat, ...] = (
    ExportFormat("bibtex", "library.bib", _BIB, "ASCII BibTeX (bibtex, biber, pandoc)", _bibtex, BIBTEX),
    ExportFormat("biblatex", "library-biblatex.bib", _BIB, "UTF-8 biblatex (biber)", _biblatex, BIBLATEX),
    ExportFormat("csljson", "library.json", _CSL, "CSL-JSON (Zotero, pandoc)", _csl_json),
    ExportFormat("ris", "library.ris", _RIS, "RIS (EndNote, Mendeley, Zotero)", _ris),
)


def export_format(name: str) -> ExportFormat:
    """The format called `name` (one of `EXPORT_FORMATS`)."""
    return next(form for form in EXPORT_FORMATS if form.name == name)
