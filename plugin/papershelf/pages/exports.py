"""The export files: each paper's BibTeX, and the whole library in each export format
(`papershelf.export.formats`). (Topics' and reading lists' `.bib` files come with their pages.)"""

from __future__ import annotations

from functools import partial

from papershelf.export.formats import EXPORT_FORMATS
from papershelf.pages.generated import SiteFile, data_file
from papershelf.pages.context import PageContext

__all__ = ["export_files"]


def export_files(ctx: PageContext) -> list[SiteFile]:
    """Each paper's `.bib`, then the library's file in each format (`library.bib`,
    `library-biblatex.bib`, `library.json`); each made when MkDocs asks for it, from the
    entries the analysis keeps."""
    analysis = ctx.analysis
    keys = [paper.key for paper in ctx.library.papers]
    return [
        *(data_file(f"papers/{key}.bib", partial(analysis.bibtex.__getitem__, key)) for key in keys),
        *(data_file(form.file_name, partial(form.write, analysis, keys)) for form in EXPORT_FORMATS),
    ]
