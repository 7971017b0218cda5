"""The export files: each paper's BibTeX, the whole library in each export format
(`papershelf.export.formats`), and a part of it (a topic, a reading list) as BibTeX and RIS,
which topics' and reading lists' pages link to."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from papershelf.export.formats import EXPORT_FORMATS, export_format
from papershelf.pages.generated import SiteFile, data_file, streamed_file
from papershelf.pages.context import PageContext

__all__ = ["export_files", "part_files"]


def export_files(ctx: PageContext) -> list[SiteFile]:
    """Each paper's `.bib`, then the library's file in each format (`library.bib`,
    `library-biblatex.bib`, `library.json`); each made when MkDocs asks for it, from the
    entries the analysis keeps."""
    analysis = ctx.analysis
    keys = [paper.key for paper in ctx.library.papers]
    return [
        *(data_file(f"papers/{key}.bib", partial(analysis.bibtex.__getitem__, key)) for key in keys),
        *(streamed_file(form.file_name, partial(form.pieces, analysis, keys)) for form in EXPORT_FORMATS),
    ]


def part_files(ctx: PageContext, stem: str, keys: Sequence[str]) -> list[SiteFile]:
    """`<stem>.bib` and `<stem>.ris` of these papers: BibTeX for LaTeX, RIS for EndNote,
    Mendeley and Zotero, each written as the library's own file writes its entries."""
    return [
        streamed_file(f"{stem}.{suffix}", partial(export_format(name).pieces, ctx.analysis, keys))
        for suffix, name in (("bib", "bibtex"), ("ris", "ris"))
    ]
