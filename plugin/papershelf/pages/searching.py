"""What the search index reads of a generated page (its search view,
`papershelf.pages.generated.SiteFile.search_view`): one entry per page, a paragraph per
part so that a result's snippet never runs one part into the next.

The search plugin titles an entry with the page's title, and shows the start of its text
under it; so the text never repeats the title. A view may give the entry a title of its
own (a paper's title with its citation key, so that a key typed in search finds its paper
before any page that mentions it): Material's search takes a heading with an `id` as the
entry's title, and MkDocs's own search, which finds no such heading among the page's, reads
it as text. How a view is written is `papershelf/search.html`'s.
"""

from __future__ import annotations

from collections.abc import Iterable

from markupsafe import Markup

from papershelf.pages.context import PageContext
from papershelf.text.rules import plain_letters

__all__ = ["search_text", "typed_name"]


def search_text(
    ctx: PageContext, paragraphs: Iterable[str], title: str = "", anchor: str = "search"
) -> Markup:
    """The paragraphs that are not empty, under `title` if given (else the page's title);
    how they are written is `papershelf/search.html`'s."""
    return ctx.sections("search").view(list(paragraphs), title, anchor)


def typed_name(name: str) -> str:
    """A name as listed and as typed without accents (`García (Garcia)`: `Garcia` finds
    García-Ferrero), or once where the two are the same."""
    plain = plain_letters(name)
    return name if plain == name else f"{name} ({plain})"
