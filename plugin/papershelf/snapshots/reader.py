"""read_snapshot(path) -> Listing: pick the reader by file type, decode bytes robustly."""

from __future__ import annotations

import codecs
from pathlib import Path

from papershelf.model import Listing, Problem, Sighting
from papershelf.snapshots.html import parse_html_listing
from papershelf.snapshots.text import parse_text_listing

__all__ = ["SNAPSHOT_SUFFIXES", "decode_snapshot", "read_snapshot"]

TEXT_SUFFIXES = frozenset({".txt", ".text"})
HTML_SUFFIXES = frozenset({".html", ".htm", ".xhtml"})
SNAPSHOT_SUFFIXES = TEXT_SUFFIXES | HTML_SUFFIXES


def read_snapshot(path: Path, name: str | None = None) -> Listing:
    """Read one snapshot file; `name` is how sources are reported (default: the file name).

    Every file gives a Listing: one of another type, a binary or an empty file gives an empty
    one with a Problem that says why, so that nothing in the folder goes unreported.
    """
    name = name or path.name
    suffix = path.suffix.lower()
    if suffix not in SNAPSHOT_SUFFIXES:
        return _skipped(name, f"not a snapshot ({suffix or 'no extension'}; expected .txt or .html); skipped")
    try:
        data = path.read_bytes()
    except OSError as error:
        return _skipped(name, f"cannot read: {error.strerror}")
    if not data.strip():
        return _skipped(name, "empty file")
    if b"\x00" in data[:8192] and not data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return _skipped(name, "binary file; skipped")
    text = decode_snapshot(data)
    return parse_html_listing(text, name) if suffix in HTML_SUFFIXES else parse_text_listing(text, name)


def _skipped(name: str, why: str) -> Listing:
    return Listing(name, "", (), (Problem(Sighting(name, 1), why),))


def decode_snapshot(data: bytes) -> str:
    """Bytes -> text: UTF-8 (with or without BOM), UTF-16 with BOM, else Windows-1252.

    Browsers on Windows still save text as Windows-1252, where byte 0x85 is `…`; decoding
    that as Latin-1 would turn it into U+0085, a line break for `str.splitlines`.
    """
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return data.decode("utf-16", errors="replace")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        pass
    try:
        return data.decode("cp1252")
    except UnicodeDecodeError:
        return data.decode("latin-1")
