"""Papers -> CSL-JSON, the format Zotero imports and pandoc's citeproc reads natively.

Text stays Unicode; math stays as `$...$` source (CSL has no math markup).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence

from papershelf.export.bibtex import keywords
from papershelf.model import Paper, Person, date_parts
from papershelf.text import split_name

__all__ = ["csl_item", "csljson_file"]


def csl_item(paper: Paper, subjects: Sequence[str] = ()) -> dict[str, object]:
    """One CSL item; listing entries are preprints, CSL type `article`. The listing topic is
    no venue: it is a keyword, with the paper's other topics (`subjects`) after it."""
    item: dict[str, object] = {
        "id": paper.key,
        "type": "article",
        "title": paper.title.replace("\\$", "$"),
        "author": [_person(person) for person in paper.authors],
    }
    if paper.date:
        item["issued"] = {"date-parts": [date_parts(paper.date, paper.date_precision)]}
    if paper.abstract:
        item["abstract"] = paper.abstract.replace("\\$", "$") + ("…" if paper.truncated else "")
    if names := keywords(paper, subjects):
        item["keyword"] = ", ".join(names)
    if paper.ids.arxiv:  # as Zotero writes an arXiv preprint
        item["number"] = f"arXiv:{paper.ids.arxiv}"
        item["publisher"] = "arXiv"
    if paper.ids.doi:
        item["DOI"] = paper.ids.doi
    if url := paper.ids.url or paper.ids.pdf_url:
        item["URL"] = url
    return item


def csljson_file(papers: Iterable[Paper], subjects: Mapping[str, Sequence[str]] | None = None) -> str:
    """A JSON array of items, UTF-8, one key per line for readable diffs."""
    subjects = subjects or {}
    items = [csl_item(paper, subjects.get(paper.key, ())) for paper in papers]
    return json.dumps(items, ensure_ascii=False, indent=1) + "\n"


def _person(person: Person) -> dict[str, str]:
    if person.corporate:
        return {"literal": person.name}
    parts = split_name(person)
    name = {"family": parts.last, "given": parts.first}
    if parts.von:
        name["non-dropping-particle"] = parts.von
    if parts.jr:
        name["suffix"] = parts.jr
    return {field: value for field, value in name.items() if value}
