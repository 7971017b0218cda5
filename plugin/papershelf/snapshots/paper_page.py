"""Reader for a paper's own page saved as HTML: any page that describes one paper in the
meta tags Google Scholar reads (`citation_title`, `citation_author`, ...).

arXiv's abstract pages, bioRxiv and medRxiv, the ACL Anthology, OpenReview, PMLR and most
journals write them, so one reader takes a paper from any of them. A tag holds one value:
a name as `Family, Given` or `Given Family` (the family part, given apart, is kept whole:
`Del Santo, Flavio`), a date as `2021/06/17`, `2021-06` or `2021`. Where no
`citation_abstract` is given, arXiv's page has the abstract in `blockquote.abstract`; its
primary category (`Computation and Language (cs.CL)`) is the listing topic, as a
listing's category is; other pages give none. A page may rightly give no abstract or no
date (a proceedings page, a paper of any year), which is then no problem.
"""

from __future__ import annotations

import datetime as dt
import re

from bs4 import BeautifulSoup, Tag

from papershelf.library.identifiers import arxiv_ids, find_doi
from papershelf.model import (
    ARTICLE,
    CHAPTER,
    DAY,
    PROCEEDINGS,
    REPORT,
    THESIS,
    Identifiers,
    Listing,
    Sighting,
    Venue,
)
from papershelf.snapshots.names import given_first
from papershelf.snapshots.entries import (
    RawEntry,
    build_entry,
    library_date,
    page_range,
    published,
    tag_text,
    tagged_abstract,
)

__all__ = ["is_paper_page", "read_paper_page"]

_DATE = re.compile(r"^\s*(\d{4})(?:[/-](\d{1,2})(?:[/-](\d{1,2}))?)?\b")
_DATES = ("citation_publication_date", "citation_date", "citation_online_date")
"""The paper's date, most telling first: arXiv's `citation_date` is its first version's
day, `citation_online_date` the shown version's."""
_CATEGORY = re.compile(r"\(([a-z-]+(?:\.[A-Za-z-]+)?)\)\s*$")
_DESCRIPTOR = re.compile(r"^\s*Abstract:\s*")
_ABSTRACTS = ("citation_abstract", "dcterms.abstract", "dc.description")
"""Where pages give the abstract: Google Scholar's tag, else Dublin Core's (Springer, HAL)."""
_THIS_VERSION = re.compile(r"this version, v(\d+)")
_VERSIONED = re.compile(r"v\d+$")


def is_paper_page(soup: BeautifulSoup) -> bool:
    """A page whose tags describe a paper as Google Scholar asks at the least: a title, an
    author and a date. A listing or a blog post carrying a title and an author tag is
    read as what it is."""
    return all(_values(soup, name) for name in ("citation_title", "citation_author")) and any(
        _values(soup, name) for name in _DATES
    )


def read_paper_page(soup: BeautifulSoup, file: str) -> Listing:
    title_tag = soup.find("meta", attrs={"name": "citation_title"})
    at = Sighting(file, getattr(title_tag, "sourceline", None) or 1)
    names = [given_first(name) for name in _values(soup, "citation_author")]
    date, precision = _date(soup)
    tagged = next((text for name in _ABSTRACTS if (text := _first(soup, name))), "")
    abstract = tagged_abstract(tagged) or _arxiv_abstract(soup)
    ids = _ids(soup)
    raw = RawEntry(
        title=_first(soup, "citation_title"),
        title_at=at,
        authors=", ".join(name for name, _ in names),
        authors_at=at,
        date=date,
        abstract=abstract,
        ids=ids,
        date_precision=precision,
        any_age=True,
        abstract_expected=False,
        date_expected=False,
        venue=_venue(soup),
        families=tuple((name, family) for name, family in names if family),
    )
    entry, problems = build_entry(raw, _arxiv_category(soup) if ids.arxiv else "")
    return Listing(file, entry.topic, (entry,), tuple(problems), found=1)


def _values(soup: BeautifulSoup, name: str) -> list[str]:
    """Each non-empty value of the meta tags of that name (in any case: `DC.Date`,
    `dc.date`), its space made single."""
    wanted = name.lower()
    tags = soup.find_all("meta", attrs={"name": lambda value: value is not None and value.lower() == wanted})
    values = (" ".join(str(tag.get("content", "")).split()) for tag in tags if isinstance(tag, Tag))
    return [value for value in values if value]


def _first(soup: BeautifulSoup, name: str) -> str:
    return next(iter(_values(soup, name)), "")


def _date(soup: BeautifulSoup) -> tuple[dt.date | str | None, str]:
    """The first date tag that reads as one, with what it gives (a year, a month, a day);
    one that does not is the entry's date as written, which the entry reports. A 1 January
    that another tag's day of the same year contradicts (Dublin Core's `DC.Date` among them)
    is a placeholder (bioRxiv's `citation_publication_date` is `2020/01/01` beside a
    `DC.Date` of `2020-03-27`)."""
    written = [value for name in (*_DATES, "dc.date") for value in _values(soup, name)]
    read = [
        library_date(int(m[1]), int(m[2] or 0), int(m[3] or 0), m.string)
        for m in map(_DATE.match, written)
        if m
    ]
    if not read:
        return (written[0] if written else None), DAY
    day, precision = read[0]
    days = [other for other, given in read[1:] if isinstance(other, dt.date) and given == DAY]
    if isinstance(day, dt.date) and (day.month, day.day) == (1, 1) and days and days[0].year == day.year:
        return days[0], DAY
    return day, precision


def _arxiv_abstract(soup: BeautifulSoup) -> str:
    block = soup.select_one("blockquote.abstract")
    return _DESCRIPTOR.sub("", tag_text(block)) if isinstance(block, Tag) else ""


def _arxiv_category(soup: BeautifulSoup) -> str:
    """The code of the page's primary subject (`cs.CL`), which arXiv's listings are read under."""
    subject = soup.select_one(".primary-subject")
    match = _CATEGORY.search(tag_text(subject)) if isinstance(subject, Tag) else None
    return match[1] if match else ""


def _ids(soup: BeautifulSoup) -> Identifiers:
    arxiv = _first(soup, "citation_arxiv_id")
    ids = arxiv_ids(arxiv + _arxiv_version(soup), _arxiv_category(soup)) if arxiv else Identifiers()
    doi = find_doi(_first(soup, "citation_doi"))
    url = ids.url or _canonical(soup)
    pdf_url = ids.pdf_url or _first(soup, "citation_pdf_url")
    return Identifiers(ids.arxiv, ids.arxiv_version, ids.primary_class, doi or "", url, pdf_url)


def _arxiv_version(soup: BeautifulSoup) -> str:
    """`v2` where arXiv's dateline says the page shows that version (`last revised 20 Oct
    2021 (this version, v2)`) and the tag names none, else ""."""
    if _VERSIONED.search(_first(soup, "citation_arxiv_id")):
        return ""
    dateline = soup.select_one(".dateline")
    match = _THIS_VERSION.search(tag_text(dateline)) if isinstance(dateline, Tag) else None
    return f"v{match[1]}" if match else ""


def _canonical(soup: BeautifulSoup) -> str:
    """The paper's landing page: the page's canonical link, the tags that name it, or the
    address Open Graph gives; never its PDF, where another is given."""
    link = soup.find("link", attrs={"rel": "canonical"})
    if isinstance(link, Tag) and link.get("href"):
        return str(link["href"])
    named = (_first(soup, name) for name in ("citation_abstract_html_url", "citation_fulltext_html_url"))
    graph = soup.find("meta", attrs={"property": "og:url"})
    return next(filter(None, named), str(graph.get("content", "")) if isinstance(graph, Tag) else "")


_KINDS = (
    (ARTICLE, "citation_journal_title"),
    (PROCEEDINGS, "citation_conference_title"),
    (CHAPTER, "citation_inbook_title"),
    (CHAPTER, "citation_book_title"),
    (THESIS, "citation_dissertation_institution"),
    (REPORT, "citation_technical_report_institution"),
)
"""The tag that says what kind of paper a page describes, and names its container (a
journal, proceedings, a book) or who published it (a thesis's school, a report's
institution)."""


def _venue(soup: BeautifulSoup) -> Venue | None:
    kind, named = next(((kind, value) for kind, name in _KINDS if (value := _first(soup, name))), ("", ""))
    pages = page_range(_first(soup, "citation_firstpage"), _first(soup, "citation_lastpage"))
    publisher = _first(soup, "citation_publisher")
    if kind in (THESIS, REPORT):
        number = _first(soup, "citation_technical_report_number")
        return published(kind, "", number=number, pages=pages, publisher=named)
    if kind:
        volume, issue = _first(soup, "citation_volume"), _first(soup, "citation_issue")
        return published(kind, named, volume, issue, pages, publisher)
    return None
