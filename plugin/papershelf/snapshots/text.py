"""Reader for listings copied out of the browser as text.

The shape, in any UI language:

    Topic line
    Localised subheading ("Latest papers", "Neueste Paper", ...)
    • Title
      Author (Affiliation), Author · long date
      Abstract, possibly cut off with …

Blank lines, indentation and the bullet glyph vary with the browser and the clipboard, so
structure comes from the bullets and the ` · ` separator, never from exact spacing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from papershelf.model import Entry, Listing, Problem, Sighting
from papershelf.snapshots.dates import parse_date
from papershelf.snapshots.latex import decode_latex
from papershelf.snapshots.names import parse_authors

__all__ = ["parse_text_listing"]

# Unambiguous bullet glyphs may be indented; ASCII-like ones only count at the line start.
_BULLET = re.compile(r"^(?:\s*[•◦▪▫‣⁃●○■□►▸❖➤]|[-*–])\s+(?P<title>\S.*)$")
_META_SEPARATOR = " · "
_ELLIPSES = ("…", "...")
_SPACES = re.compile(r"[\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000\t]")
_INVISIBLE = re.compile(r"[\u200b-\u200d\u2060\ufeff]")


@dataclass(frozen=True)
class _Line:
    number: int
    text: str


def parse_text_listing(text: str, file: str) -> Listing:
    """Read every entry of a text listing; what cannot be read becomes a Problem, not an error."""
    lines = _normalised_lines(text)
    starts = [index for index, line in enumerate(lines) if _BULLET.match(line.text)]
    header = [line for line in lines[: starts[0] if starts else len(lines)] if line.text]
    problems: list[Problem] = []
    topic = header[0].text if header else ""
    if not topic:
        problems.append(Problem(Sighting(file, 1), "no topic line before the first entry"))
    for line in header[2:]:
        problems.append(
            Problem(Sighting(file, line.number), f"text outside any entry ignored: {line.text[:60]!r}")
        )
    entries: list[Entry] = []
    for position, start in enumerate(starts):
        end = starts[position + 1] if position + 1 < len(starts) else len(lines)
        block = [line for line in lines[start:end] if line.text]
        entry, entry_problems = _read_entry(block, topic, file)
        problems.extend(entry_problems)
        if entry is not None:
            entries.append(entry)
    if not starts:
        problems.append(Problem(Sighting(file, 1), "no entries found"))
    return Listing(file, topic, tuple(entries), tuple(problems))


def _normalised_lines(text: str) -> list[_Line]:
    """Lines with copy noise removed: CR/CRLF, exotic spaces, zero-width characters.

    Splits on `\\n` only: `str.splitlines` would also break at U+0085 and U+2028, which
    can occur inside text.
    """
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    return [
        _Line(number, _INVISIBLE.sub("", _SPACES.sub(" ", raw)).rstrip())
        for number, raw in enumerate(text.split("\n"), start=1)
    ]


def _read_entry(block: list[_Line], topic: str, file: str) -> tuple[Entry | None, list[Problem]]:
    head = block[0]
    source = Sighting(file, head.number)
    match = _BULLET.match(head.text)
    assert match is not None
    title_parts = [match.group("title").strip()]
    rest = block[1:]
    meta_at = next((i for i, line in enumerate(rest) if _META_SEPARATOR in line.text), None)
    problems: list[Problem] = []
    if meta_at is None:
        meta_at = 0 if rest else None
    else:
        title_parts += [line.text.strip() for line in rest[:meta_at]]
    meta = rest[meta_at] if meta_at is not None else None
    abstract_lines = rest[meta_at + 1 :] if meta_at is not None else []
    title = decode_latex(" ".join(title_parts)).strip()
    if meta is None:
        problems.append(Problem(source, "entry has no author line"))
    authors_text, date_text = _split_meta(meta.text if meta else "")
    date = parse_date(date_text) if date_text else None
    if meta is not None and date is None:
        what = f"unreadable date {date_text!r}" if date_text else "no date after the authors"
        problems.append(Problem(Sighting(file, meta.number), what))
    authors = parse_authors(authors_text)
    line_of_authors = Sighting(file, meta.number) if meta else source
    problems += [Problem(line_of_authors, message) for message in authors.problems]
    if meta is not None and not authors.persons:
        problems.append(Problem(line_of_authors, "no authors"))
    abstract, truncated = _abstract(" ".join(line.text.strip() for line in abstract_lines))
    if meta is not None and not abstract:
        problems.append(Problem(source, "entry has no abstract"))
    entry = Entry(
        title=title,
        authors=authors.persons,
        date=date,
        abstract=abstract,
        truncated=truncated,
        topic=topic,
        source=source,
        authors_truncated=authors.truncated,
    )
    return entry, problems


def _split_meta(text: str) -> tuple[str, str]:
    """`Authors · date` -> (authors, date); a line without the separator is all authors."""
    authors, separator, date = text.rpartition(_META_SEPARATOR)
    if not separator:
        return text.strip(), ""
    return authors.strip(), date.strip()


def _abstract(text: str) -> tuple[str, bool]:
    """Decoded abstract and whether the listing cut it off (it then ends with an ellipsis)."""
    text = text.strip()
    truncated = text.endswith(_ELLIPSES)
    if truncated:
        text = text.removesuffix("…").removesuffix("...").rstrip()
    return decode_latex(text).strip(), truncated
