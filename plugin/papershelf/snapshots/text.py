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
from papershelf.snapshots.entries import NO_AUTHOR_LINE, NOT_A_PAPER, RawEntry, build_entry, clean_space
from papershelf.snapshots.names import reads_as_names

__all__ = ["parse_text_listing"]

# Unambiguous bullet glyphs may be indented; ASCII-like ones only count at the line start.
_BULLET = re.compile(r"^(?:\s*[•◦▪▫‣⁃●○■□►▸❖➤]|[-*–])\s+(?P<title>\S.*)$")
_META_SEPARATOR = " · "


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
    raw = None
    for position, start in enumerate(starts):
        end = starts[position + 1] if position + 1 < len(starts) else len(lines)
        raw = _read_entry([line for line in lines[start:end] if line.text], file)
        if raw.authors is None:
            problems.append(Problem(raw.title_at, NO_AUTHOR_LINE))
            continue
        if not reads_as_names(raw.authors):
            why = f"{NOT_A_PAPER}{raw.authors[:60]!r} after its title does not read as names; skipped"
            problems.append(Problem(raw.authors_at, why))
            continue
        entry, entry_problems = build_entry(raw, topic)
        problems.extend(entry_problems)
        entries.append(entry)
    if not starts:
        problems.append(Problem(Sighting(file, 1), "no entries found"))
    cut_off = raw is not None and raw.authors is None  # a file still being written ends so
    return Listing(file, topic, tuple(entries), tuple(problems), found=len(starts), cut_off=cut_off)


def _normalised_lines(text: str) -> list[_Line]:
    """Lines with copy noise removed: CR/CRLF, exotic spaces, zero-width characters.

    Splits on `\\n` only: `str.splitlines` would also break at U+0085 and U+2028, which
    can occur inside text.
    """
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    return [_Line(number, clean_space(raw).rstrip()) for number, raw in enumerate(text.split("\n"), start=1)]


def _read_entry(block: list[_Line], file: str) -> RawEntry:
    head = block[0]
    match = _BULLET.match(head.text)
    assert match is not None
    title_parts = [match.group("title").strip()]
    rest = block[1:]
    meta_at = next((i for i, line in enumerate(rest) if _META_SEPARATOR in line.text), None)
    if meta_at is None:
        meta_at = 0 if rest else None
    else:
        title_parts += [line.text.strip() for line in rest[:meta_at]]
    meta = rest[meta_at] if meta_at is not None else None
    authors_text, date_text = _split_meta(meta.text) if meta else (None, None)
    raw = RawEntry(
        title=" ".join(title_parts),
        title_at=Sighting(file, head.number),
        authors=authors_text,
        authors_at=Sighting(file, meta.number if meta else head.number),
        date=date_text,
        abstract=" ".join(line.text for line in rest[meta_at + 1 :]) if meta_at is not None else "",
    )
    return raw


def _split_meta(text: str) -> tuple[str, str]:
    """`Authors · date` -> (authors, date); a line without the separator is all authors."""
    authors, separator, date = text.rpartition(_META_SEPARATOR)
    if not separator:
        return text.strip(), ""
    return authors.strip(), date.strip()
