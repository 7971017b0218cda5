"""Papers -> CSL-JSON, the format Zotero imports and pandoc's citeproc reads natively.

Text stays Unicode. A title is CSL's rich text, since citation styles change its case:
math is rendered as text (`α`, `O(L<sup>2</sup>)`, never `$\\alpha$`, which citeproc
capitalises to `$\\Alpha$`), and it and each word whose case matters (`1M`, `LLMs`) are in
`<span class="nocase">`. Abstracts keep their math as `$...$` source.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence

from papershelf.export.bibtex import keywords
from papershelf.export.latex import case_matters
from papershelf.library.identifiers import web_ids
from papershelf.model import (
    ARTICLE,
    BOOK,
    CHAPTER,
    MASTERS_THESIS,
    PROCEEDINGS,
    REPORT,
    THESIS,
    Paper,
    Person,
    date_parts,
)
from papershelf.text.mathtext import math_text
from papershelf.text.rules import split_math, split_name
from papershelf.text.stored import stored, unstored_pieces

__all__ = ["csl_title", "csljson_file", "csljson_pieces", "finished_item", "item_draft"]

_WORD = re.compile(r"[^\s-]+")  # `1M-Token`: only `1M` keeps its case
# What CSL processors read as markup in rich text (pandoc decodes no character reference):
# in data, a word joiner after the `<` keeps it text.
_KEPT_LESS_THAN = "<\u2060"
_TAG_LIKE = re.compile(r"<(?=/?(?:i|b|sup|sub|span)\b)", re.IGNORECASE)
_CSL_TYPES = {
    ARTICLE: "article-journal",
    PROCEEDINGS: "paper-conference",
    CHAPTER: "chapter",
    BOOK: "book",
    THESIS: "thesis",
    MASTERS_THESIS: "thesis",
    REPORT: "report",
}
"""The CSL type of a paper of each kind a library gives; a preprint is `article`."""
_GENRES = {THESIS: "PhD thesis", MASTERS_THESIS: "Master's thesis"}
"""What kind of thesis, which CSL says in `genre` (as Zotero writes a thesis's type)."""
_ITEM_END = b"\n }"
"""How an item (an element of the array, one space in) ends."""


def csljson_file(papers: Iterable[Paper], subjects: Mapping[str, Sequence[str]] | None = None) -> str:
    """A JSON array of items, UTF-8, one key per line for readable diffs. An item's topics
    (the listing topic, then `subjects`) are its `keyword`, written last, so that the rest
    of it can be drafted before the topics are known (`item_draft`)."""
    subjects = subjects or {}
    items = [finished_item(paper, item_draft(paper), subjects.get(paper.key, ())) for paper in papers]
    return unstored_pieces(csljson_pieces(items))


def csljson_pieces(items: Sequence[bytes]) -> Iterator[bytes]:
    """The file from its items' texts, an item a piece: what `json.dumps(items, indent=1)`
    writes."""
    if not items:
        yield b"[]\n"
        return
    yield b"["
    for number, item in enumerate(items):
        yield b",\n" if number else b"\n"
        yield item
    yield b"\n]\n"


def item_draft(paper: Paper) -> bytes:
    """The paper's item without its `keyword`, as the file holds it: each line one space
    in, as an element of the array; kept as UTF-8 (`papershelf.text.stored`: 10 MB less
    at 10,000 papers)."""
    text = " " + json.dumps(_item(paper), ensure_ascii=False, indent=1).replace("\n", "\n ")
    return stored(text)


def finished_item(paper: Paper, draft: bytes, subjects: Sequence[str]) -> bytes:
    """The item's text from its draft and the paper's topics: the `keyword` member goes
    before the draft's closing `\\n }` (a JSON string holds no raw line break, so that is
    the item's own end)."""
    names = keywords(paper, subjects)
    if not names:
        return draft
    value = stored(json.dumps(", ".join(names), ensure_ascii=False))
    return draft.removesuffix(_ITEM_END) + b',\n  "keyword": ' + value + _ITEM_END


def _item(paper: Paper) -> dict[str, object]:
    """A paper's CSL item but its `keyword`; listing entries are preprints, CSL type
    `article`. The listing topic is no venue: it is a keyword."""
    item: dict[str, object] = {
        "id": paper.key,
        "type": _CSL_TYPES[paper.venue.kind] if paper.venue else "article",
        "title": csl_title(paper.title),
        "author": [_person(person) for person in paper.authors],
    }
    if paper.editors:
        item["editor"] = [_person(person) for person in paper.editors]
    if paper.date:
        item["issued"] = {"date-parts": [date_parts(paper.date, paper.date_precision)]}
    if paper.abstract:
        item["abstract"] = paper.abstract.replace("\\$", "$") + ("…" if paper.truncated else "")
    if venue := paper.venue:
        published = {
            "container-title": csl_title(venue.container),
            "publisher": _TAG_LIKE.sub(_KEPT_LESS_THAN, venue.publisher),
            "genre": _GENRES.get(venue.kind, ""),
            "volume": venue.volume,
            "number" if venue.kind == REPORT else "issue": venue.number,
        }
        item.update({name: value for name, value in published.items() if value})
        if venue.pages:
            item["page"] = venue.pages
    ids = web_ids(paper.ids)  # the readers left out other links already; a last guard
    if ids.arxiv and not paper.venue:  # as Zotero writes an arXiv preprint
        item["number"] = f"arXiv:{ids.arxiv}"
        item["publisher"] = "arXiv"
    if ids.doi:
        item["DOI"] = ids.doi
    if url := ids.url or ids.pdf_url:
        item["URL"] = url
    return item


def csl_title(title: str) -> str:
    """A title as CSL rich text (see the module's docstring)."""
    pieces = []
    for is_math, run in split_math(title):
        if is_math:
            pieces.append(_nocase(_math_text(run)))
        else:
            text = _TAG_LIKE.sub(_KEPT_LESS_THAN, run.replace("\\$", "$"))
            pieces.append(_WORD.sub(_word, text))
    return "".join(pieces)


def _word(word: re.Match[str]) -> str:
    return _nocase(word[0]) if case_matters(word[0]) else word[0]


def _nocase(rich: str) -> str:
    return f'<span class="nocase">{rich}</span>'


def _math_text(latex: str) -> str:
    """A formula as text with CSL's `<sup>`/`<sub>`, or its source if it cannot be read;
    every `<` of a formula is text (`$a<b>c$` spans what looks like a tag)."""
    return math_text(latex, _csl_script, lambda text: text.replace("<", _KEPT_LESS_THAN))


def _csl_script(kind: str, text: str) -> str:
    return f"<{kind}>{text}</{kind}>"


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
