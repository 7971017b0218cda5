"""The reading lists' generated files: each list's BibTeX and RIS, and the index of all lists. The
lists' own pages are the user's; `papershelf.site.rewrite` fills them in."""

from __future__ import annotations

from collections.abc import Iterator
from papershelf.curation.collect import Curation
from papershelf.pages.exports import part_files
from papershelf.pages.generated import SiteFile
from papershelf.pages.context import PageContext

__all__ = ["reading_list_files"]


def reading_list_files(ctx: PageContext, curation: Curation) -> Iterator[SiteFile]:
    """Each list's `.bib` and `.ris`, then the index."""
    for reading_list in curation.lists.values():
        yield from part_files(ctx, f"lists/{reading_list.name}", reading_list.keys)
    yield ctx.template_page("lists", "lists/index.md", in_nav=True, lists=list(curation.lists.items()))
