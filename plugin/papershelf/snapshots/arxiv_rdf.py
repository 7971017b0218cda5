"""Reader for arXiv's old RSS feeds (RSS 1.0, RDF), which `arxiv.org/rss/<archive>` served
until early 2024, saved as a file.

The root is `<rdf:RDF>`; the `<channel rdf:about="http://arxiv.org/">` gives the day in
`<dc:date>` (`2023-03-16T20:30:00-05:00`, the evening arXiv announced the papers), which is
the papers' date as in the other feeds and listings. Each `<item rdf:about=
"http://arxiv.org/abs/ID">` beside the channel is one announcement: its title ends with `.
(arXiv:2303.01234v2 [cs.LG] UPDATED)`, the identifier, version and primary class (`UPDATED`
marks a new version of the paper, dated by its identifier's month as in every arXiv reader,
`CROSS LISTED` a paper of another class; before 2015 no version was written), `<description>`
holds the abstract as HTML (`<p>...</p>`), and `<dc:creator>` the authors as HTML links to
arXiv's author search, with what arXiv writes between them: an affiliation after a name
(`(STAR Collaboration)`), a collaboration before its members (`LHCb collaboration: R. Aaij`)
and a list cut short (`, et al. (909 additional authors not shown)`). The links' text is the
names; HTML entities and TeX accents in them are decoded like any author line's.
"""

from __future__ import annotations

import datetime as dt
import re
from html.parser import HTMLParser

from papershelf.library.identifiers import arxiv_ids
from papershelf.model import Entry, Listing, Problem, Sighting
from papershelf.snapshots.arxiv_rss import DC
from papershelf.snapshots.entries import RawEntry, as_later_version, build_entry, gathered
from papershelf.snapshots.xmltree import Element

__all__ = ["is_arxiv_rdf", "read_arxiv_rdf"]

RDF = "{http://www.w3.org/1999/02/22-rdf-syntax-ns#}"
RSS1 = "{http://purl.org/rss/1.0/}"
_SUFFIX = re.compile(
    r"\.?\s*\(arXiv:(?P<id>[^\s\[\]()]+)\s*\[(?P<primary>[^\]\s]+)\]\s*(?:UPDATED|CROSS LISTED)?\s*\)\s*$"
)
_AFFILIATION = re.compile(r"\A\s*(\([^()]*\))")
_CUT = re.compile(r"\bet al\b|additional authors not shown")


def is_arxiv_rdf(root: Element) -> bool:
    channel = root.find(f"{RSS1}channel")
    return (
        root.tag == f"{RDF}RDF"
        and channel is not None
        and "arxiv.org" in channel.attrs.get(f"{RDF}about", "") + channel.findtext(f"{RSS1}link")
    )


def read_arxiv_rdf(root: Element, file: str) -> Listing:
    channel = root.find(f"{RSS1}channel")
    assert channel is not None
    day = _day(channel.findtext(f"{DC}date"))
    items = root.findall(f"{RSS1}item")
    entries, problems = gathered(_entry(item, day, file) for item in items)
    if not items:
        title = channel.findtext(f"{RSS1}title")
        why = f"arXiv feed with no items ({title}): nothing announced that day"
        problems.append(Problem(Sighting(file, channel.line), why))
    topic = entries[0].topic if entries else ""
    return Listing(file, topic, tuple(entries), tuple(problems), found=len(items))


def _entry(item: Element, day: dt.date | str | None, file: str) -> tuple[Entry | None, list[Problem]]:
    at = Sighting(file, item.line)
    heading = " ".join(item.findtext(f"{RSS1}title").split())
    suffix = _SUFFIX.search(heading)
    title = heading[: suffix.start()] if suffix else heading
    if not title:
        return None, [Problem(at, "feed item without a title skipped")]
    if suffix:
        ids = arxiv_ids(f"arXiv:{suffix['id']}", suffix["primary"])
    else:
        ids = arxiv_ids(item.attrs.get(f"{RDF}about", "") or item.findtext(f"{RSS1}link"))
    if not ids:
        return None, [Problem(at, f"feed item {title[:60]!r} names no arXiv paper; skipped")]
    raw = RawEntry(
        title=title,
        title_at=at,
        authors=_authors(item.findtext(f"{DC}creator")),
        authors_at=at,
        date=day,
        abstract=_Html.parsed(item.findtext(f"{RSS1}description")).text(),
        ids=ids,
    )
    later = suffix is not None and "UPDATED" in suffix[0]
    return build_entry(as_later_version(raw) if later else raw, ids.primary_class or "arXiv")


class _Html(HTMLParser):
    """An HTML fragment's text, entities decoded, each link's text apart (`links[i]` is the
    index in `parts` of the i-th link's text)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.links: list[int] = []
        self._in_link = False

    @classmethod
    def parsed(cls, fragment: str) -> _Html:
        parser = cls()
        parser.feed(fragment)
        parser.close()
        return parser

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "a":
            self._in_link = True
            self.links.append(len(self.parts))
            self.parts.append("")

    def handle_endtag(self, tag: str) -> None:
        if tag == "a":
            self._in_link = False

    def handle_data(self, data: str) -> None:
        if self._in_link:
            self.parts[-1] += data
        else:
            self.parts.append(data)

    def text(self) -> str:
        return "".join(self.parts).strip()


def _authors(creator: str) -> str:
    """The author line of a `<dc:creator>`: the links' texts, each with the affiliation that
    follows it, `:` after a collaboration, and `et al.` where arXiv cut the list; a creator
    without links is read as plain text."""
    html = _Html.parsed(creator)
    if not html.links:
        return html.text()
    names: list[str] = []
    for number, index in enumerate(html.links):
        name = " ".join(html.parts[index].split())
        end = html.links[number + 1] if number + 1 < len(html.links) else len(html.parts)
        between = "".join(html.parts[index + 1 : end])
        if affiliation := _AFFILIATION.match(between):
            name += f" {affiliation[1]}"
        names.append(name)
        if between.lstrip().startswith(":"):
            names.append(":")
        if _CUT.search(between):
            names.append("et al.")
    return ", ".join(names)


def _day(text: str) -> dt.date | str | None:
    """The day of an ISO 8601 date (`2023-03-16T20:30:00-05:00`), as the feed writes it."""
    try:
        return dt.datetime.fromisoformat(text).date()
    except ValueError:
        return text or None
