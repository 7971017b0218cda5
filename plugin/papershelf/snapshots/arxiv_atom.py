"""Reader for arXiv API responses (`export.arxiv.org/api/query`, Atom 1.0), saved as a file.

Each `<entry>` is a paper: its `<id>` is the abstract URL with the version, `<published>`
the first version's date, one `<author>` per person with `<arxiv:affiliation>`s, the
primary class in `<arxiv:primary_category>`, and `<arxiv:doi>` where the authors gave one.
The API reports errors as an entry titled "Error" whose id points at its error page: that is
a warning, never a paper; a response with no entry is one warning too.
"""

from __future__ import annotations

from dataclasses import replace

from papershelf.library.identifiers import arxiv_ids, find_doi
from papershelf.model import Entry, Listing, Problem, Sighting
from papershelf.snapshots.arxiv_rss import ARXIV, ATOM, iso_day
from papershelf.snapshots.entries import RawEntry, build_entry, gathered
from papershelf.snapshots.xmltree import Element

__all__ = ["is_arxiv_atom", "read_arxiv_atom"]


def is_arxiv_atom(root: Element) -> bool:
    return root.tag == f"{ATOM}feed" and any(
        "arxiv.org" in element.text or "arxiv.org" in element.attrs.get("href", "")
        for element in (root.find(f"{ATOM}id"), root.find(f"{ATOM}link"))
        if element is not None
    )


def read_arxiv_atom(root: Element, file: str) -> Listing:
    items = root.findall(f"{ATOM}entry")
    entries, problems = gathered(_entry(item, file) for item in items)
    if not items:
        title = root.findtext(f"{ATOM}title")
        problems.append(Problem(Sighting(file, root.line), f"arXiv API response with no entries ({title})"))
    topic = entries[0].topic if entries else ""
    return Listing(file, topic, tuple(entries), tuple(problems), found=len(items))


def _entry(item: Element, file: str) -> tuple[Entry | None, list[Problem]]:
    at = Sighting(file, item.line)
    identifier = item.findtext(f"{ATOM}id")
    if "/api/errors" in identifier:
        return None, [Problem(at, f"arXiv API error: {item.findtext(f'{ATOM}summary')}; no paper")]
    title = " ".join(item.findtext(f"{ATOM}title").split())
    primary = item.find(f"{ARXIV}primary_category")
    primary_class = primary.attrs.get("term", "") if primary is not None else ""
    ids = arxiv_ids(identifier, primary_class)
    if not title or not ids:
        return None, [Problem(at, f"API entry {title[:60]!r} names no arXiv paper; skipped")]
    if doi := find_doi(item.findtext(f"{ARXIV}doi")):
        ids = replace(ids, doi=doi)
    raw = RawEntry(
        title=title,
        title_at=at,
        authors=", ".join(_author(author) for author in item.findall(f"{ATOM}author")),
        authors_at=at,
        date=iso_day(item.findtext(f"{ATOM}published")),
        abstract=item.findtext(f"{ATOM}summary"),
        ids=ids,
    )
    return build_entry(raw, primary_class or "arXiv")


def _author(author: Element) -> str:
    """`Name (Affiliation; Affiliation)`, as listings write affiliations."""
    name = " ".join(author.findtext(f"{ATOM}name").split())
    places = [place.text.strip() for place in author.findall(f"{ARXIV}affiliation") if place.text.strip()]
    return f"{name} ({'; '.join(places)})" if places else name
