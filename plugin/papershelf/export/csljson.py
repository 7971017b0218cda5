"""Papers -> CSL-JSON, the format Zotero imports and pandoc's citeproc reads natively.

Text stays Unicode; math stays as `$...$` source (CSL has no math markup).
"""

from __future__ import annotations

import json
from collections.abc import Iterable

from papershelf.model import Paper, Person, date_parts
from papershelf.text import split_name

__all__ = ["csl_item", "csljson_file"]


def csl_item(paper: Paper) -> dict[str, object]:
    """One CSL item; listing entries are preprints, CSL type `article`."""
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
    if paper.topics:
        item["keyword"] = ", ".join(paper.topics)
    if paper.ids.arxiv:  # as Zotero writes an arXiv preprint
        item["number"] = f"arXiv:{paper.ids.arxiv}"
        item["publisher"] = "arXiv"
    if paper.ids.doi:
        item["DOI"] = paper.ids.doi
    if url := paper.ids.url or paper.ids.pdf_url:
        item["URL"] = url
    return item


def csljson_file(papers: Iterable[Paper]) -> str:
    """A JSON array of items, UTF-8, one key per line for readable diffs."""
    return json.dumps([csl_item(paper) for paper in papers], ensure_ascii=False, indent=1) + "\n"


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
