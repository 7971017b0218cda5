"""Text kept as UTF-8 while a build holds it, and read back exactly.

A library's export records (CSL-JSON items, RIS records) are kept from the analysis to the
files that hold them. Nearly every one holds a character past Latin-1 (an ellipsis, a dash,
a letter of a name), for which Python keeps the whole text at two or four bytes a character;
as UTF-8 they take about half the memory. Any text goes back exactly as it came, a lone
surrogate too: readers replace those (`papershelf.snapshots.decoding`), but a paper may be
made by other code, and storing it must not be where that fails.
"""

from __future__ import annotations

from collections.abc import Iterable

__all__ = ["stored", "unstored", "unstored_pieces"]


def stored(text: str) -> bytes:
    """`text` as the bytes a build keeps."""
    return text.encode("utf-8", "surrogatepass")


def unstored(data: bytes) -> str:
    """The text `stored` kept as `data`."""
    return data.decode("utf-8", "surrogatepass")


def unstored_pieces(pieces: Iterable[bytes]) -> str:
    """The whole text of a file made in `stored` pieces (an export, a data file)."""
    return unstored(b"".join(pieces))
