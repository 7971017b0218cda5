"""arXiv identifiers and DOIs as sources write them, and the links they give a paper.

arXiv has two identifier schemes: `YYMM.NNNNN` (`2411.17700`, four digits after the dot
before 2015) and the older `archive/YYMMNNN` (`hep-th/9901001`, `math.GT/0309136`), each
optionally followed by a version (`v2`). The version is kept apart: the identifier without
it names the paper across revisions.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass

from papershelf.model import Identifiers

__all__ = ["Link", "arxiv_ids", "find_arxiv_id", "find_doi", "issued_month", "paper_links"]

_ARXIV = re.compile(
    r"(?<![\w.-])(?:arXiv:)?"
    r"(?P<id>\d{4}\.\d{4,5}|[a-z][a-z-]*(?:\.[A-Z]{2})?/\d{7})"
    r"(?:v(?P<version>\d+))?(?![\w.])",
    re.IGNORECASE,
)
_ISSUED = re.compile(r"(?:^|/)(\d{2})(\d{2})[.\d]")
"""The year and month in an arXiv identifier: `1502.05743`, `hep-th/9901001`."""
_DOI = re.compile(r"\b(10\.\d{4,9}/[^\s\"<>{}\\%#]+)")


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
    punctuation left out; "" if there is none."""
    match = _DOI.search(text)
    return match[1].rstrip(".,;)]") if match else ""


@dataclass(frozen=True)
class Link:
    """A link a paper page offers: what it leads to, and where."""

    label: str
    href: str


def paper_links(ids: Identifiers) -> list[Link]:
    """The ways to the paper a source gave: arXiv abstract, PDF and HTML, DOI, other page."""
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
