"""Reader for CSL-JSON libraries (Zotero's and Better BibTeX's "CSL JSON" export, pandoc's).

The file is a JSON array of items: each is a paper under its `citation-key` (or `id`), kept
as its citation key when safe, as for `.bib` files. Names are `family`/`given` (with
particles and suffixes) or one `literal` (an organisation); `issued.date-parts` gives the date
to the precision given (years may be strings: `["2004"]`). A `DOI` in short form (`10/fqd6hj`)
is no DOI yet: the full one is taken from `URL` when it is a doi.org address.
"""

from __future__ import annotations

import datetime as dt
import html
import json
import re
from dataclasses import replace

from papershelf.library.identifiers import find_doi, mentioned_arxiv
from papershelf.model import (
    ARTICLE,
    BOOK,
    CHAPTER,
    CONTAINED,
    DAY,
    MASTERS_THESIS,
    PROCEEDINGS,
    REPORT,
    THESIS,
    Entry,
    Identifiers,
    Listing,
    Problem,
    Sighting,
    Venue,
)
from papershelf.snapshots.decoding import replace_surrogates
from papershelf.snapshots.entries import RawEntry, library_date, library_entry, published, without_markup
from papershelf.text.rules import word_core

__all__ = ["looks_like_csl", "parse_csl"]

_NOCASE = re.compile(r'<span class="nocase">(.*?)</span>', re.DOTALL)
_MENTIONS = ("number", "container-title", "note", "archive_location", "publisher")
"""Where a CSL item may name its arXiv paper (Zotero writes `number: arXiv:2301.12345`)."""
_CSL_FIELDS = ("type", "author", "editor", "issued", "citation-key", "container-title")
_DEEPEST = 64
"""How deep a CSL-JSON file may nest: an item nests four levels (`issued`, `date-parts`)."""
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")
"""What a lone surrogate comes from: decoded text holds none, only a JSON escape gives one."""


def looks_like_csl(text: str) -> bool:
    return text.lstrip().startswith("[") and '"type"' in text[:20000]


def parse_csl(text: str, file: str) -> Listing:
    lines, deep = _item_lines(text)
    if deep:
        why = f"nested deeper than {_DEEPEST} levels, which no CSL-JSON library is; skipped"
        return Listing(file, "", (), (Problem(Sighting(file, deep), why),))
    try:
        items = json.loads(text, parse_int=_number)
    except json.JSONDecodeError as error:
        return Listing(file, "", (), (Problem(Sighting(file, error.lineno), f"not valid JSON: {error.msg}"),))
    if not isinstance(items, list) or (items and not any(map(_is_csl_item, items))):
        why = "not a recognised listing; it looks like JSON that is not a CSL-JSON array of items"
        return Listing(file, "", (), (Problem(Sighting(file, 1), why),))
    halves = _SURROGATE_ESCAPE.search(text) is not None
    entries: list[Entry] = []
    problems: list[Problem] = []
    for number, item in enumerate(items):
        at = Sighting(file, lines[number] if number < len(lines) else 1)
        if halves:
            item, replaced = _without_surrogates(item)
            if replaced:
                why = "lone surrogate escape (half of a UTF-16 pair, no character) shown as \ufffd"
                problems.append(Problem(at, why))
        if not isinstance(item, dict) or not _text(item.get("title")):
            problems.append(Problem(at, "CSL item without a title; skipped"))
            continue
        entry, found = _entry(item, at)
        entries.append(entry)
        problems += found
    return Listing(file, "", tuple(entries), tuple(problems), found=len(items))


def _is_csl_item(item: object) -> bool:
    """An object with a field every CSL item has (`type`) or a CSL name list or date: an
    array of other objects with titles (Semantic Scholar's `authors`, `year`) is no CSL."""
    return isinstance(item, dict) and any(name in item for name in _CSL_FIELDS)


def _number(digits: str) -> int | str:
    """A JSON integer; one of more digits than Python converts (4,300) stays text, as the
    CSL fields that hold numbers may (`"page": "12-15"`)."""
    try:
        return int(digits)
    except ValueError:
        return digits


def _without_surrogates(item: object) -> tuple[object, int]:
    """The item with each lone surrogate (from a `\\ud800` escape) as U+FFFD, and how many
    there were: written back as JSON (its depth is bounded), replaced, read again."""
    written, replaced = replace_surrogates(json.dumps(item, ensure_ascii=False))
    return (json.loads(written), replaced) if replaced else (item, 0)


def _item_lines(text: str) -> tuple[list[int], int]:
    """The line of each top-level item (where an object opens at depth one of the array),
    and the line where the nesting first goes deeper than `_DEEPEST` (0 if it never does):
    Python's JSON reader recurses per level, and 50,000 levels raised a RecursionError."""
    lines, depth, line, in_string, escaped = [], 0, 1, False, False
    for char in text:
        if char == "\n":
            line += 1
        if in_string:
            escaped, in_string = (not escaped and char == "\\"), in_string and (escaped or char != '"')
            continue
        if char == '"':
            in_string = True
        elif char in "[{":
            if char == "{" and depth == 1:
                lines.append(line)
            depth += 1
            if depth > _DEEPEST:
                return lines, line
        elif char in "]}":
            depth -= 1
    return lines, 0


def _entry(item: dict[str, object], at: Sighting) -> tuple[Entry, list[Problem]]:
    date, precision = _issued(item.get("issued"))
    people = item.get("author")
    editing = _persons(item.get("editor"))
    written = _text(item.get("title"))
    title, cased = _rich(written)
    raw = RawEntry(
        title=title,
        title_at=at,
        cased=cased,
        read_as=(written,) if written != title else (),
        authors=", ".join(_name(person) for person in _persons(people)) if isinstance(people, list) else None,
        editors=", ".join(_name(person) for person in editing),
        families=tuple((_name(person), _family(person)) for person in [*_persons(people), *editing]),
        authors_at=at,
        date=date,
        abstract=_text(item.get("abstract")),
        ids=_ids(item),
        date_precision=precision,
        any_age=True,
        venue=_venue(item),
    )
    return library_entry(raw, _text(item.get("citation-key")) or _own_id(item))


def _persons(value: object) -> list[dict[str, object]]:
    """The name objects of an `author` or `editor` array (none where it is no array)."""
    return [person for person in value if isinstance(person, dict)] if isinstance(value, list) else []


def _rich(text: str) -> tuple[str, tuple[str, ...]]:
    """CSL-JSON's rich text (`<i>`, `<sub>`, `<span class="nocase">`, entities) as plain
    text, and the words with capitals a `nocase` span protects, as a `.bib` file's braces
    do (Better BibTeX and papershelf's own export write them so: `<span
    class="nocase">GPU</span>`)."""
    protected = (html.unescape(without_markup(span)).split() for span in _NOCASE.findall(text))
    cased = (word_core(word) for words in protected for word in words)
    plain = html.unescape(without_markup(text))  # `&amp;` with or without tags beside it
    return plain, tuple(dict.fromkeys(w for w in cased if any(c.isupper() for c in w)))


def _own_id(item: dict[str, object]) -> str:
    """The item's `id` as its key, when it is one a user cites it by (Better BibTeX's
    `smith2020`); Zotero names each item by its place in a library instead (its export:
    `http://zotero.org/users/1/items/ABCD`, its web API: `12047273/KC6WFG78`), which is no
    key and is left out, where a warning that it cannot be kept would be said of every item."""
    identifier = _text(item.get("id"))
    return "" if "/" in identifier else identifier


_KINDS = {
    "article-journal": ARTICLE,
    "paper-conference": PROCEEDINGS,
    "chapter": CHAPTER,
    "book": BOOK,
    "thesis": THESIS,
    "report": REPORT,
}


def _venue(item: dict[str, object]) -> Venue | None:
    """A journal article's journal, a conference paper's proceedings or a chapter's book
    (`container-title`), with `volume`, `issue` (a report's `number`) and `page`, and who
    published it (`publisher`: a thesis's university, a report's institution). A thesis is
    a master's where its `genre` says so."""
    kind = _KINDS.get(_text(item.get("type")))
    if kind is None:
        return None
    if kind == THESIS and "master" in _text(item.get("genre")).lower():
        kind = MASTERS_THESIS
    container = _rich(_text(item.get("container-title")))[0] if kind in CONTAINED else ""
    number = _text(item.get("number" if kind == REPORT else "issue"))
    volume, page, publisher = (_text(item.get(name)) for name in ("volume", "page", "publisher"))
    return published(kind, container, volume, number, page, publisher)


def _name(person: dict[str, object]) -> str:
    if literal := _text(person.get("literal")):
        return literal
    parts = ("given", "dropping-particle", "non-dropping-particle", "family")
    name = " ".join(text for part in parts if (text := _text(person.get(part))))
    suffix = _text(person.get("suffix"))
    return f"{name}, {suffix}" if suffix else name


def _family(person: dict[str, object]) -> str:
    """The family name with its particles (`van` `Engelenburg`); all of a `literal` name,
    which CSL gives for an organisation."""
    if literal := _text(person.get("literal")):
        return literal
    parts = ("dropping-particle", "non-dropping-particle", "family")
    return " ".join(text for part in parts if (text := _text(person.get(part))))


def _issued(issued: object) -> tuple[dt.date | str | None, str]:
    # `date_parts`: not the schema's spelling, but in real Zotero-made data, which citeproc-js reads
    parts = (issued.get("date-parts") or issued.get("date_parts")) if isinstance(issued, dict) else None
    first = parts[0] if isinstance(parts, list) and parts and isinstance(parts[0], list) else []
    if not first:
        return None, DAY
    written = "-".join(str(part) for part in first[:3])
    try:
        numbers = [int(str(part)) for part in first[:3]]
    except ValueError:
        return written, DAY
    year, month, day = [*numbers, 0, 0][:3]
    return library_date(year, month, day, written)


def _ids(item: dict[str, object]) -> Identifiers:
    url = _text(item.get("URL"))
    doi = find_doi(_text(item.get("DOI"))) or (find_doi(url) if "doi.org" in url else "")
    ids = mentioned_arxiv([doi, url, *(_text(item.get(name)) for name in _MENTIONS)])
    return replace(ids, doi=doi, url=ids.url or url)


def _text(value: object) -> str:
    return " ".join(str(value).split()) if isinstance(value, (str, int)) else ""
