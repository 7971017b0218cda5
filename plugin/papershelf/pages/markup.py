"""The HTML layer under the templates: the functions that make Markup from data.

Every generated page is written by Jinja templates (`papershelf.pages.templates`), autoescaped,
whose every `{{ }}` goes through `safe`: Markup as it is, anything else escaped as text
(`text`: escaped for HTML and made inert for Markdown and Jinja, see
`papershelf.pages.render`). A value nobody escaped therefore shows as text, never as markup,
and there is no call to forget. Markup itself comes only from here: `rendered` (text with
math), the URL helpers, `phrase` (our own words), `joined` (parts that each went through
`safe`), `chart`, and what the templates return.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from urllib.parse import quote

from markupsafe import Markup, escape

from papershelf.model import Venue
from papershelf.pages.render import escape_text, render_text

__all__ = [
    "Content",
    "ShownVenue",
    "chart",
    "external",
    "from_root",
    "href",
    "joined",
    "phrase",
    "rendered",
    "rooted",
    "safe",
    "safe_in_markdown",
    "shown_venue",
    "text",
]

Content = Markup | str | int
"""What goes into HTML: Markup as it is, a string or a number as text."""

_PLAIN_URL = re.compile(r"[A-Za-z0-9/._~-]*")  # what `quote` leaves as it is


def text(value: str | int) -> Markup:
    """Data as HTML that shows exactly it, whatever characters it holds."""
    return escape_text(str(value))


def rendered(value: str, in_markdown: bool = False) -> Markup:
    """Data as HTML with each closed `$...$` span as MathML (titles, abstracts)."""
    return render_text(value, in_markdown)


@dataclass(frozen=True)
class ShownVenue:
    """A venue as pages show it (`shown_venue`); `kind` is the `Venue`'s."""

    kind: str
    container: Markup
    volume: str
    number: str
    pages: str
    publisher: Markup


def shown_venue(venue: Venue, in_markdown: bool = False) -> ShownVenue:
    """Where a paper was published, as a reader writes it: the journal's, proceedings' or
    book's name rendered as titles are (its formulas as MathML), pages with an en dash
    (110–114), who published it."""
    return ShownVenue(
        venue.kind,
        rendered(venue.container, in_markdown),
        venue.volume,
        venue.number,
        venue.pages.replace("-", "\u2013"),
        rendered(venue.publisher, in_markdown),
    )


def safe(value: Content) -> Markup:
    """The rule itself: Markup as it is, anything else escaped as text."""
    return value if isinstance(value, Markup) else escape_text(str(value))


def safe_in_markdown(value: Content) -> Markup:
    """The rule for what goes into a user's Markdown page (reading-list cards, citations,
    references), where Markdown's extensions act on more characters than HTML does."""
    return value if isinstance(value, Markup) else escape_text(str(value), in_markdown=True)


def _markup(html: str) -> Markup:
    """`Markup(html)` without markupsafe's check for `__html__` (`html` is a plain `str`
    made by this module's rules), which costs more than what it wraps."""
    return str.__new__(Markup, html)


def phrase(value: str) -> Markup:
    """A phrase of `papershelf.pages.wording` as HTML: ours, not data, so escaped for
    HTML text and double-quoted attributes only (`listing's` stays as written, in a
    Markdown page too), never made inert like data."""
    return _markup(
        value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
    )


def joined(separator: Content, parts: Iterable[Content]) -> Markup:
    """The parts with `separator` between them; each goes through `safe` (`Markup.join`
    would escape strings with a rule of its own)."""
    return _markup(str.join(safe(separator), map(safe, parts)))


def href(url: str, anchor: str | None = None) -> Markup:
    """A URL of this site for an attribute, `#anchor` after it if given: quoted (a file
    name may hold any character) and escaped, whatever it was made from."""
    if _PLAIN_URL.fullmatch(url) and (anchor is None or _PLAIN_URL.fullmatch(anchor)):
        return _markup(url if anchor is None else f"{url}#{anchor}")  # most links: nothing to do
    quoted = quote(url) if anchor is None else f"{quote(url)}#{quote(anchor, safe='')}"
    return escape(quoted)


_ROOT = "{papershelf-root}"
"""Where a link made once for pages at any depth climbs to the site's root. No data can
spell it: every `{` of data is a character reference in HTML (`papershelf.pages.render`)."""


def rooted(url: str) -> Markup:
    """`href(url)` for a URL from the site's root, reached from wherever `from_root` says."""
    return _markup(_ROOT + href(url))


def from_root(html: Markup, depth: int) -> Markup:
    """HTML holding `rooted` links, for a page `depth` folders down the site's root."""
    return _markup(str.replace(html, _ROOT, "../" * depth))  # `Markup.replace` escapes its arguments


def external(url: str) -> Markup:
    """A URL of another site, already quoted where it was made, escaped for an attribute."""
    return escape(url)


def chart(draw: Callable[..., str], *data: object) -> Markup:
    """An SVG chart of `papershelf.pages.charts`, which escapes each label with the `text` it is
    given: the one place that markup built elsewhere becomes Markup."""
    return _markup(draw(*data, text))
