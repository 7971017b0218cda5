"""arXiv identifiers and DOIs as sources write them, and the links they give a paper.

arXiv has two identifier schemes: `YYMM.NNNNN` (`2411.17700`, four digits after the dot
before 2015) and the older `archive/YYMMNNN` (`hep-th/9901001`, `math.GT/0309136`), each
optionally followed by a version (`v2`). The version is kept apart: the identifier without
it names the paper across revisions.

A source's links are data too: a library file or an alert may name `javascript:alert(1)`
as a paper's link. `web_url` and `is_doi` are the one rule for what a paper may link to;
the readers apply it as they make each entry (`link_problems`, said at the entry's line)
and the writers apply it again (`web_ids`), so that no reader can bypass it.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable
from dataclasses import dataclass, replace
from urllib.parse import urlsplit

from papershelf.model import Identifiers

__all__ = [
    "Link",
    "arxiv_ids",
    "find_arxiv_id",
    "find_doi",
    "is_doi",
    "issued_month",
    "link_problems",
    "mentioned_arxiv",
    "paper_links",
    "web_ids",
    "web_url",
]

_ARXIV = re.compile(
    r"(?<![\w.-])(?:arXiv:)?"
    r"(?P<id>\d{4}\.\d{4,5}|[a-z][a-z-]*(?:\.[A-Z]{2})?/\d{7})"
    r"(?:v(?P<version>\d+))?(?![\w.])",
    re.IGNORECASE,
)
_ARXIV_DOI = re.compile(r"10\.48550/arxiv\.", re.IGNORECASE)
"""arXiv's own DOIs: `10.48550/arXiv.2301.12345` names arXiv paper 2301.12345."""
_CLASS_AFTER = re.compile(r"\s*\[([a-z-]+(?:\.[A-Za-z-]+)?)\]")
"""The primary class written after an identifier: `arXiv:1305.4904 [quant-ph]`."""
_ISSUED = re.compile(r"(?:^|/)(\d{2})(\d{2})[.\d]")
"""The year and month in an arXiv identifier: `1502.05743`, `hep-th/9901001`."""
_DOI = re.compile(r"\b(10\.\d{4,9}/[^\s\"<>#]+)")
"""A DOI as text writes it: up to a space, a quote or a URL's fragment; `is_doi` judges it."""
_DOI_ONLY = re.compile(r"10\.\d{4,9}/[-A-Za-z0-9._;()/:+\[\]@!$&'*,=?~]+")
"""What a DOI may hold: the characters of the DOIs registries issue, none that TeX turns
into a command (`\\`, `^^5c`), groups, comments or parameters (`{}%#`), or that a URL
would not carry as it is."""
_NOT_IN_URL = re.compile(r"[\x00-\x20\x7f-\x9f\s]")


def find_arxiv_id(text: str) -> tuple[str, int] | None:
    """The first arXiv identifier in `text` (`arXiv:2411.17700v1`, an abs or PDF URL) and
    its version (0 if none is given)."""
    match = _ARXIV.search(text)
    if match is None:
        return None
    return match["id"], int(match["version"] or 0)


def arxiv_ids(text: str, primary_class: str = "") -> Identifiers:
    """Identifiers of the arXiv paper `text` names, with its links; none if it names none."""
    found = find_arxiv_id(text)
    if found is None:
        return Identifiers()
    arxiv, version = found
    return Identifiers(
        arxiv=arxiv,
        arxiv_version=version,
        primary_class=primary_class,
        url=f"https://arxiv.org/abs/{arxiv}",
        pdf_url=f"https://arxiv.org/pdf/{arxiv}",
    )


def mentioned_arxiv(texts: Iterable[str], primary_class: str = "") -> Identifiers:
    """The arXiv paper named where libraries keep it when no `eprint` field says so: an arXiv
    DOI (`10.48550/arXiv.2301.12345`), an arxiv.org URL, `arXiv:1305.4904 [quant-ph]` as a
    journal, `arXiv preprint arXiv:...` or `arXiv: ID` in a note. The first of `texts` that
    says arXiv at all gives it; a number in a text that does not (a report or page number)
    is never taken for an identifier."""
    for text in texts:
        if "arxiv" not in text.lower():
            continue
        named = _ARXIV_DOI.sub("arXiv:", text)
        if match := _ARXIV.search(named):
            written = _CLASS_AFTER.match(named, match.end())
            return arxiv_ids(match[0], primary_class or (written[1] if written else ""))
    return Identifiers()


def issued_month(arxiv: str) -> dt.date | None:
    """The first day of the month an arXiv identifier (without version) was issued in, the
    month its first version was submitted; None if it names none. arXiv began in 1991."""
    match = _ISSUED.search(arxiv)
    if match is None or not 1 <= int(match[2]) <= 12:
        return None
    year = int(match[1])
    return dt.date(year + (1900 if year >= 91 else 2000), int(match[2]), 1)


def find_doi(text: str) -> str:
    """The first DOI in `text` (a bare `10.1145/...` or a doi.org URL), trailing
    punctuation left out; "" if there is none. Whatever follows `10.NNNN/` up to a space is
    taken, so that a DOI holding what no DOI may (`^^5c`) is refused whole (`is_doi`),
    never cut to a DOI that looks right."""
    match = _DOI.search(text)
    return match[1].rstrip(".,;)]") if match else ""


def is_doi(text: str) -> bool:
    """Whether `text` is a DOI (`10.NNNN/suffix`) of the characters that `https://doi.org/`,
    a page and a `.bib` file can all carry as they are."""
    return _DOI_ONLY.fullmatch(text) is not None


def web_url(text: str) -> str | None:
    """`text` as a link a page and an export may offer: an absolute `http` or `https` URL
    with a host, the spaces around it left out; None for anything else (`javascript:`,
    `data:`, `file:`, `//host`, a relative path, a URL with spaces or control characters
    in it), which a browser could run or open as something other than a web page."""
    text = text.strip()
    if _NOT_IN_URL.search(text) or not text.lower().startswith(("http://", "https://")):
        return None
    try:
        host = urlsplit(text).hostname
    except ValueError:  # `http://[x`: no host a browser could reach
        return None
    return text if host else None


def link_problems(ids: Identifiers) -> list[str]:
    """What `web_ids` leaves out of `ids`, each said once: a reader's warnings."""
    links = dict.fromkeys(url for url in (ids.url, ids.pdf_url) if url and web_url(url) is None)
    said = [f"link {url[:80]!r} is no http(s) address; left out" for url in links]
    if ids.doi and not is_doi(ids.doi):
        said.append(f"DOI {ids.doi[:80]!r} is not a DOI; left out")
    return said


def web_ids(ids: Identifiers) -> Identifiers:
    """`ids` without the links that are no web address and a DOI that is no DOI."""
    url, pdf_url = web_url(ids.url) or "", web_url(ids.pdf_url) or ""
    doi = ids.doi if is_doi(ids.doi) else ""
    if (url, pdf_url, doi) == (ids.url, ids.pdf_url, ids.doi):
        return ids  # as nearly every paper's: no copy
    return replace(ids, url=url, pdf_url=pdf_url, doi=doi)


@dataclass(frozen=True)
class Link:
    """A link a paper page offers: what it leads to, and where."""

    label: str
    href: str


def paper_links(ids: Identifiers) -> list[Link]:
    """The ways to the paper a source gave: arXiv abstract, PDF and HTML, DOI, other page."""
    ids = web_ids(ids)
    links = []
    if ids.arxiv:
        links += [
            Link("arXiv", f"https://arxiv.org/abs/{ids.arxiv}"),
            Link("PDF", ids.pdf_url or f"https://arxiv.org/pdf/{ids.arxiv}"),
            Link("HTML", f"https://arxiv.org/html/{ids.arxiv}"),
        ]
    elif ids.pdf_url:
        links.append(Link("PDF", ids.pdf_url))
    if ids.doi:
        links.append(Link("DOI", f"https://doi.org/{ids.doi}"))
    if ids.url and not ids.arxiv and not ids.doi:
        links.append(Link("Paper", ids.url))
    return links
