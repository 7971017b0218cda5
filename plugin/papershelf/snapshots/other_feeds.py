"""Reader for the RSS and Atom feeds of other servers than arXiv's (bioRxiv, medRxiv,
journals, a mirror of Hugging Face's daily papers), saved as a file: each item a paper. A
feed is one of papers when at least half of its items name an arXiv paper or a DOI.

No server's layout is assumed; each field is taken where feeds put it. The title is the
item's `<title>` (or `<dc:title>`); the authors its `<dc:creator>`s or Atom `<author>`s,
and bioRxiv's one `<dc:creator>` of `Family, Initials` pairs (`Kukla, D., Crampton, A.`) is
read pair by pair; where an item names none, a description that opens with names and a dash
(`Delong Li, Xu Wang — Natural-language ...`) gives them. The date is `<dc:date>`,
`<prism:publicationDate>`, `<pubDate>` (RFC 822) or Atom's `<published>`/`<updated>`; the
abstract the `<description>`, `<summary>` or `<content>` as text (HTML tags left out);
`<link>`, `<guid>` and `<dc:identifier>` give an arXiv paper's identifier (where they say
arXiv: a bare number is none) and a DOI (`doi:10.1101/857789`). The channel's title is the
listing topic. An item without a title or authors is a warning, as in any listing.
"""

from __future__ import annotations

import datetime as dt
import re
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from papershelf.library.identifiers import arxiv_ids, find_doi
from papershelf.model import ARTICLE, Entry, Identifiers, Listing, Problem, Sighting, Venue
from papershelf.snapshots.arxiv_rdf import RDF, RSS1
from papershelf.snapshots.arxiv_rss import ATOM, DC, iso_day
from papershelf.snapshots.dates import parse_mail_date
from papershelf.snapshots.entries import (
    RawEntry,
    build_entry,
    gathered,
    page_range,
    published,
    tagged_abstract,
)
from papershelf.snapshots.names import given_first, reads_as_names
from papershelf.snapshots.xmltree import Element

__all__ = ["is_other_feed", "read_other_feed"]

CONTENT = "{http://purl.org/rss/1.0/modules/content/}"
_DESCRIPTIONS = (
    f"{DC}description",
    "description",
    f"{RSS1}description",
    f"{ATOM}summary",
    f"{CONTENT}encoded",
    f"{ATOM}content",
)
_ABSTRACT_AT_LEAST = 200
"""Characters a description needs to be taken for the abstract before a later, longer one."""
_PREPRINT_DOI = "10.1101/"
_VERSION = re.compile(r"v\d+$")
_INITIALS = re.compile(r"^(?:[A-Z][a-z]?\.?[\s-]*)+$")
"""What follows a family name in `Family, Initials` pairs: `D.`, `A. J.`, `J.-P.`, `Ch.`."""
_NAMES_THEN_TEXT = re.compile(r"^(?P<names>[^—]{3,400}?)\s+[—–]\s+(?P<text>\S.*)$", re.DOTALL)


def is_other_feed(root: Element) -> bool:
    """An RSS 2.0, RSS 1.0 (RDF) or Atom feed of papers (arXiv's are read first): at least
    half of its items name an arXiv paper or a DOI. A blog's or a project's news feed names
    neither, and its posts are no papers."""
    items = _items(root)
    return bool(items) and 2 * sum(1 for item in items if (ids := _ids(item)).arxiv or ids.doi) >= len(items)


def read_other_feed(root: Element, file: str) -> Listing:
    items = _items(root)
    topic = " ".join(_channel_title(root).split())
    entries, problems = gathered(_entry(item, topic, file) for item in items)
    return Listing(file, topic, tuple(entries), tuple(problems), found=len(items))


def _items(root: Element) -> list[Element]:
    if root.tag == "rss":
        channel = root.find("channel")
        return channel.findall("item") if channel is not None else []
    if root.tag == f"{RDF}RDF":
        return root.findall(f"{RSS1}item")
    return root.findall(f"{ATOM}entry") if root.tag == f"{ATOM}feed" else []


def _channel_title(root: Element) -> str:
    """The title of RSS 2.0's `<channel>`, of RSS 1.0's, or of an Atom feed."""
    for channel in (root.find("channel"), root.find(f"{RSS1}channel")):
        if channel is not None:
            return channel.findtext("title") or channel.findtext(f"{RSS1}title")
    return root.findtext(f"{ATOM}title")


def _entry(item: Element, topic: str, file: str) -> tuple[Entry | None, list[Problem]]:
    at = Sighting(file, item.line)
    title = " ".join(_first_text(item, "title", f"{RSS1}title", f"{ATOM}title", f"{DC}title").split())
    if not title:
        return None, [Problem(at, "feed item without a title skipped")]
    abstract = _abstract(item)
    names = _creators(item)
    if (
        not names
        and (opening := _NAMES_THEN_TEXT.match(" ".join(abstract.split())))
        and reads_as_names(opening["names"])
    ):
        names, abstract = opening["names"], opening["text"]
    raw = RawEntry(
        title=title,
        title_at=at,
        authors=names or None,
        authors_at=at,
        date=_date(item),
        abstract=abstract,
        ids=_ids(item),
        abstract_expected=False,
        venue=_venue(item),
    )
    return build_entry(raw, topic)


def _abstract(item: Element) -> str:
    """The first of the item's descriptions that reads as an abstract, its markup and heading
    (`Abstract`) left out: Wiley's `<description>` is `TAXON, EarlyView.` beside the abstract
    in `<dc:description>`; else the longest (a description cut short is marked so)."""
    texts = [text for tag in _DESCRIPTIONS if (text := tagged_abstract(_first_text(item, tag)))]
    return next((text for text in texts if len(text) >= _ABSTRACT_AT_LEAST), max(texts, key=len, default=""))


def _venue(item: Element) -> Venue | None:
    """The journal PRISM's tags name (`prism:publicationName`, `volume`, `number`, pages)."""
    journal = _prism(item, "publicationName")
    titles = {" ".join(_first_text(item, tag).split()) for tag in ("title", f"{RSS1}title", f"{DC}title")}
    if not journal or journal in titles:  # Taylor & Francis name each article so
        return None
    pages = page_range(_prism(item, "startingPage"), _prism(item, "endingPage"))
    return published(ARTICLE, journal, _prism(item, "volume"), _prism(item, "number"), pages)


def _prism(item: Element, name: str) -> str:
    """A PRISM tag's text, whichever version's namespace the feed uses."""
    return next(
        (
            child.text.strip()
            for child in item.children
            if child.tag.endswith("}" + name) and "prism" in child.tag
        ),
        "",
    )


def _untracked(link: str) -> str:
    """A link without its tracking parameters (`utm_source=Mobile Safari UI/WKWebView`, as
    PubMed's feed writes them, spaces and all: no link a page could offer)."""
    parts = urlsplit(link.strip())
    query = [
        (name, value)
        for name, value in parse_qsl(parts.query, keep_blank_values=True)
        if not name.startswith("utm_")
    ]
    return urlunsplit(parts._replace(query=urlencode(query)))


def _first_text(item: Element, *tags: str) -> str:
    return next((text for tag in tags if (text := item.findtext(tag))), "")


def _creators(item: Element) -> str:
    """The item's authors as one author line, given names first. Each `<dc:creator>` or Atom
    `<author><name>` that is one of several names one person (`Smith, John`, which Dublin
    Core recommends, is John Smith); one that holds them all lists them with semicolons
    (`Müller, Hans-Peter; Li, X.`), or with commas: bioRxiv's `Family, Initials` pairs
    (`Kukla, D., Crampton, A.`), else names given first (`Delong Li, Xu Wang`)."""
    names = [" ".join(element.text.split()) for element in item.findall(f"{DC}creator")]
    names += [author.findtext(f"{ATOM}name") for author in item.findall(f"{ATOM}author")]
    names = [name for name in names if name]
    if len(names) == 1 and ";" not in names[0]:
        return _pairs_given_first(names[0])
    return ", ".join(given_first(person)[0] for name in names for person in name.split(";") if person.strip())


def _pairs_given_first(line: str) -> str:
    """`Kukla, D., Crampton, A.` as `D. Kukla, A. Crampton`: a line of such pairs only (every
    second part initials); any other line as it is."""
    parts = [part.strip() for part in line.split(",")]
    if len(parts) < 2 or len(parts) % 2 or not all(_INITIALS.match(part) for part in parts[1::2]):
        return line
    return ", ".join(f"{given} {family}" for family, given in zip(parts[::2], parts[1::2], strict=True))


def _date(item: Element) -> dt.date | str | None:
    dated = (item.findtext(f"{DC}date"), _prism(item, "publicationDate"), item.findtext(f"{ATOM}published"))
    if text := next((text for text in (*dated, item.findtext(f"{ATOM}updated")) if text), ""):
        return iso_day(text)
    written = item.findtext("pubDate")  # RFC 822, or ISO 8601 where a feed writes that instead
    return (parse_mail_date(written) or iso_day(written)) if written else None


def _ids(item: Element) -> Identifiers:
    """An arXiv paper's identifier where its link or guid names one; a DOI where any
    identifier does; the link."""
    links = [item.findtext("link"), item.findtext(f"{RSS1}link"), item.attrs.get(f"{RDF}about", "")]
    links += [link.attrs.get("href", "") for link in item.findall(f"{ATOM}link")]
    named = [
        item.findtext("guid"),
        item.findtext(f"{ATOM}id"),
        *(e.text for e in item.findall(f"{DC}identifier")),
    ]
    arxiv = (text for text in [*links, *named] if "arxiv" in text.lower())  # a bare number is no arXiv id
    found = next((ids for text in arxiv if (ids := arxiv_ids(text))), Identifiers())
    said = [
        text
        for text in (item.findtext("description"), item.findtext(f"{RSS1}description"))
        if "doi" in text.lower()
    ]
    doi = next(
        (doi for text in [*named, _prism(item, "doi"), *links, *said] if text and (doi := find_doi(text))),
        "",
    )
    doi = _VERSION.sub("", doi) if doi.startswith(_PREPRINT_DOI) else doi  # bioRxiv's link: `...436288v3`
    url = found.url or next((_untracked(link) for link in links if link.strip()), "")
    return Identifiers(found.arxiv, found.arxiv_version, found.primary_class, doi, url, found.pdf_url)
