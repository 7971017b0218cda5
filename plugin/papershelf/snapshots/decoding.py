"""Snapshot bytes -> text, saying how they were read and where they could not be.

What arrives is whatever a browser or an editor saved: UTF-8 (most), UTF-16 with or without
a byte-order mark (Windows "Unicode" text), a legacy code page (Windows-1252 from a browser
on Windows, Shift-JIS, GBK, Windows-1251, ...), and now and then a damaged file. The order:

1. A byte-order mark names the encoding.
2. UTF-16 without a mark shows itself by a NUL byte beside almost every ASCII letter.
3. Strict UTF-8.
4. UTF-8 with a few bad spots: when the file holds more valid multi-byte characters than
   invalid bytes, it is UTF-8 that was damaged, not another encoding; each bad spot becomes
   U+FFFD (`�`), which the reader reports at its line.
5. Otherwise a legacy encoding, found by `charset-normalizer`. Among the code pages it
   ranks equal, Windows-1252 (what browsers assume for Western text) is taken, and its
   reading is sure. Another code page's reading is sure when no equally ranked one reads
   the bytes differently, the text holds enough non-ASCII characters to judge by
   (`_EVIDENCE`) and the detector found little disorder in them (`_CHAOS`); anything else
   is a guess. Nothing detected: Windows-1252, a guess.

A file whose text is mostly control characters or undecodable is binary. Control
characters (all but tab and line breaks) are removed from the text; line breaks become
`\\n` (CRLF and a lone CR too), so that every reader counts lines the same way.

Text that a reader decodes further (a JSON `\\ud800` escape, an e-mail part in UTF-7) can
hold a lone surrogate: half of a UTF-16 pair, no character, which no page or export can
be written with. `replace_surrogates` makes each one U+FFFD, for the reader to report.
"""

from __future__ import annotations

import codecs
import re
from dataclasses import dataclass

__all__ = ["Decoded", "decode_snapshot", "replace_surrogates", "shown"]

_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32"),  # before UTF-16 LE, whose mark is its prefix
    (codecs.BOM_UTF32_BE, "utf-32"),
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)
_SAMPLE = 8192
_EVIDENCE = 32
"""Non-ASCII characters a detected code page must have read before its reading is sure."""
_CHAOS = 0.1
"""The detector's measure of disorder in a reading it is sure of (it rejects above 0.2)."""
_BINARY_SHARE = 0.1
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
_ESCAPED = re.compile(r"[\udc80-\udcff]")
_NON_ASCII = re.compile(r"[^\x00-\x7f\udc80-\udcff]")
_SURROGATE = re.compile(r"[\ud800-\udfff]")


@dataclass(frozen=True)
class Decoded:
    """A snapshot's text; `encoding` names how it was read when that was not plain UTF-8
    (None when it was), `guessed` whether that reading could be wrong; `controls` lists the
    lines that held control characters (removed) and `binary` whether the bytes are no text."""

    text: str
    encoding: str | None = None
    guessed: bool = False
    controls: tuple[int, ...] = ()
    binary: bool = False


def decode_snapshot(data: bytes) -> Decoded:
    """Read `data` as the module docstring says; never raises."""
    text, encoding, guessed = _decode(data)
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    noise = len(_CONTROL.findall(text)) + text.count("\ufffd")
    if noise > _BINARY_SHARE * max(len(text), 1):
        return Decoded("", encoding, guessed, binary=True)
    controls = tuple(number for number, line in enumerate(text.split("\n"), start=1) if _CONTROL.search(line))
    return Decoded(_CONTROL.sub("", text), encoding, guessed, controls)


def _decode(data: bytes) -> tuple[str, str | None, bool]:
    """(text, encoding when not plain UTF-8, whether that encoding is a guess)."""
    for bom, codec in _BOMS:
        if data.startswith(bom):
            return data.decode(codec, errors="replace"), None, False
    utf16 = _bomless_utf16(data[:_SAMPLE])
    if utf16:
        return data.decode(utf16, errors="replace"), f"{utf16.upper()} (no byte-order mark)", False
    escaped = data.decode("utf-8", errors="surrogateescape")
    if len(_NON_ASCII.findall(escaped)) >= len(_ESCAPED.findall(escaped)):
        return data.decode("utf-8", errors="replace"), None, False
    return _detected(data)


def _bomless_utf16(sample: bytes) -> str | None:
    """`utf-16-le` or `utf-16-be` when NUL bytes sit on one side of most byte pairs only."""
    pairs = len(sample) // 2
    if pairs < 2:
        return None
    even, odd = sample[0 : 2 * pairs : 2].count(0), sample[1 : 2 * pairs : 2].count(0)
    if odd > 0.3 * pairs and even < 0.05 * pairs:
        return "utf-16-le"
    if even > 0.3 * pairs and odd < 0.05 * pairs:
        return "utf-16-be"
    return None


def _detected(data: bytes) -> tuple[str, str, bool]:
    """A legacy encoding's reading, its name, and whether it is a guess. The detector is
    imported here, when a file is not UTF-8: most folders never need it (9 ms)."""
    from charset_normalizer import from_bytes

    western = data.decode("cp1252", errors="replace")
    matches = from_bytes(data)
    best = matches.best()
    if best is None:
        return western, "Windows-1252", True
    tied = [match for match in matches if (match.chaos, match.coherence) == (best.chaos, best.coherence)]
    chosen = next((match for match in tied if match.encoding == "cp1252"), best)
    text = str(chosen)
    if text == western:
        return text, "Windows-1252", False
    rivals = any(str(match) != text for match in tied)
    sure = not rivals and len(_NON_ASCII.findall(text)) >= _EVIDENCE and chosen.chaos < _CHAOS
    return text, chosen.encoding, not sure


def replace_surrogates(text: str) -> tuple[str, int]:
    """`text` with each surrogate code point made U+FFFD, and how many there were."""
    return _SURROGATE.subn("\ufffd", text)


def shown(text: str, length: int = 30) -> str:
    """A value as a warning quotes it: its first `length` characters when it is longer (a
    5,000-digit "year"), lone surrogates replaced (a warning is written to a terminal and a
    log, which cannot encode them)."""
    text = text if len(text) <= length else text[:length] + "…"
    return replace_surrogates(text)[0]
