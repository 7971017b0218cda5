"""read_snapshot(path) -> Listing: pick the reader by file type, decode bytes robustly."""

from __future__ import annotations

import codecs
from pathlib import Path

from papershelf.model import Listing, Problem, Sighting
from papershelf.snapshots.text import parse_text_listing

__all__ = ["SNAPSHOT_SUFFIXES", "decode_snapshot", "read_snapshot"]

SNAPSHOT_SUFFIXES = frozenset({".txt", ".text"})


def read_snapshot(path: Path, name: str | None = None) -> Listing:
    """Read one snapshot file; `name` is how sources are reported (default: the file name)."""
    name = name or path.name
    if path.suffix.lower() not in SNAPSHOT_SUFFIXES:
        return Listing(name, "", (), (Problem(Sighting(name, 1), "not a snapshot type; skipped"),))
    try:
        data = path.read_bytes()
    except OSError as error:
        return Listing(name, "", (), (Problem(Sighting(name, 1), f"cannot read: {error.strerror}"),))
    return parse_text_listing(decode_snapshot(data), name)


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
