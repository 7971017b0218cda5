"""The reading lists' generated files: each list's BibTeX and the index of all lists. The
lists' own pages are the user's; `papershelf.site.rewrite` fills them in."""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial

from papershelf.curation.collect import Curation
from papershelf.pages.generated import SiteFile, data_file
from papershelf.pages.context import PageContext

__all__ = ["reading_list_files"]


def reading_list_files(ctx: PageContext, curation: Curation) -> Iterator[SiteFile]:
    """Each list's `.bib`, then the index."""
    for reading_list in curation.lists.values():
        yield data_file(f"lists/{reading_list.name}.bib", partial(ctx.bibtex_file, reading_list.keys))
    yield ctx.template_page("lists.md.j2", "lists/index.md", in_nav=True, lists=list(curation.lists.items()))
