"""The export files: each paper's BibTeX, and the whole library as BibTeX, biblatex and
CSL-JSON. (Topics' and reading lists' `.bib` files come with their pages.)"""

from __future__ import annotations

from functools import partial

from papershelf.export.bibtex import join_entries
from papershelf.site.generated import SiteFile, data_file
from papershelf.site.pages.context import PageContext

__all__ = ["export_files"]


def export_files(ctx: PageContext) -> list[SiteFile]:
    """Each paper's `.bib`, then `library.bib`, `library-biblatex.bib`, `library.json`; each
    made when MkDocs asks for it, from the entries the analysis keeps."""
    analysis = ctx.analysis
    keys = [paper.key for paper in ctx.library.papers]
    return [
        *(data_file(f"papers/{key}.bib", partial(analysis.bibtex.__getitem__, key)) for key in keys),
        data_file("library.bib", partial(ctx.bibtex_file, keys)),
        data_file("library-biblatex.bib", lambda: join_entries(analysis.biblatex[key] for key in keys)),
        data_file("library.json", lambda: analysis.csl_json),
    ]
