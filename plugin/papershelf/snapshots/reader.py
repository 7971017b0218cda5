"""read_snapshot(path) -> Listing: pick the reader by file type (`papershelf.snapshots.formats`),
decode bytes robustly.

Decoding is reported where it matters: a line with undecodable bytes or control
characters is a warning at that line (only the entry that holds it is affected, see
`entries.build_entry`), and a file that is not UTF-8 says which encoding was assumed: a
note when the detector is sure, a warning when it guessed.

A bad file costs that file only. A file larger than `MAX_SNAPSHOT_BYTES` is skipped unread,
and whatever a reader raises becomes one warning for its file (`could not be read: ...`):
each reader handles the bad input it knows of itself, this is the boundary that keeps a
reader's unknown bug from stopping a build.
"""

from __future__ import annotations

import os

import re
import stat
from collections.abc import Callable, Mapping
from dataclasses import replace
from pathlib import Path

from papershelf.model import Listing, Problem, Sighting
from papershelf.snapshots.decoding import Decoded, decode_snapshot, shown
from papershelf.snapshots.bibfile import parse_bibtex
from papershelf.snapshots.entries import NOT_A_PAPER
from papershelf.snapshots.formats import EMAIL_SUFFIXES, SNAPSHOT_SUFFIXES, format_of

__all__ = ["MAX_SNAPSHOT_BYTES", "SNAPSHOT_SUFFIXES", "read_bounded", "read_snapshot"]

MAX_SNAPSHOT_BYTES = 256 * 2**20
"""The most one snapshot file may hold. A saved listing is a few hundred kB; a library export
holds 0.5 to 2.5 kB a paper (Better BibTeX's .bib and CSL-JSON, PubMed's RIS with abstracts),
so 100,000 papers fit. A larger file is no snapshot (a disk image, a file of zeros), and
reading it would hold it all in memory, several times over while it is decoded."""


def read_snapshot(
    path: Path, name: str | None = None, data: bytes | None = None, macros: Mapping[str, str] | None = None
) -> Listing:
    """Read one snapshot file; `name` is how sources are reported (default: the file name),
    `data` its bytes if the caller has read them already, `macros` the `@string` macros other
    `.bib` files of its folder define, for a `.bib` file that uses them
    (`papershelf.snapshots.bibfile.parse_bibtex`).

    Every file gives a Listing: one of another type, a binary or an empty file gives an empty
    one with a Problem that says why, so that nothing in the folder goes unreported.
    """
    name = name or path.name
    suffix = path.suffix.lower()
    if suffix not in SNAPSHOT_SUFFIXES:
        kind = suffix or "no extension"
        return _skipped(name, f"not a snapshot ({kind}: no reader knows this kind of file); skipped")
    try:
        if data is None:
            status = path.stat()
            if not stat.S_ISREG(status.st_mode):
                return _skipped(name, "not a regular file; skipped")
            data = b"" if status.st_size > MAX_SNAPSHOT_BYTES else read_bounded(path)
            size = max(status.st_size, len(data))
        else:
            size = len(data)
    except OSError as error:
        return _skipped(name, f"cannot read: {error.strerror or error}")
    if size > MAX_SNAPSHOT_BYTES:
        limit = f"more than a snapshot may hold ({_size(MAX_SNAPSHOT_BYTES)})"
        return _skipped(name, f"{_size(size)}, {limit}; skipped unread")
    try:
        return _read(data, suffix, name, macros)
    except Exception as error:  # noqa: BLE001 - the boundary: a reader's bug costs its file
        return _skipped(name, f"could not be read: {type(error).__name__}: {shown(str(error), 200)}")


def read_bounded(path: Path) -> bytes:
    """The file's bytes, but never more than one byte past `MAX_SNAPSHOT_BYTES` (a file that
    grew after its size was looked at is then too large, not read whole). Read in pieces
    the size the file says it has: one `read` of the whole bound reserves 256 MiB for every
    file, however small (three times the time of reading an example snapshot)."""
    limit = MAX_SNAPSHOT_BYTES + 1
    pieces: list[bytes] = []
    with path.open("rb") as file:
        piece_size = os.fstat(file.fileno()).st_size + 1  # the one byte more meets the end at once
        while limit > 0 and (piece := file.read(min(piece_size, limit))):
            pieces.append(piece)
            limit -= len(piece)
    return b"".join(pieces)


def _size(count: int) -> str:
    """`3 GiB`, `128.5 MiB`: a file's size as a warning names it."""
    for unit, scale in (("GiB", 2**30), ("MiB", 2**20), ("KiB", 2**10)):
        if count >= scale:
            return f"{count / scale:.1f}".removesuffix(".0") + f" {unit}"
    return f"{count} bytes"


def _read(data: bytes, suffix: str, name: str, macros: Mapping[str, str] | None = None) -> Listing:
    """The listing of a file's bytes, read by the reader of its kind."""
    if not data.strip():
        return _skipped(name, "empty file")
    if suffix in EMAIL_SUFFIXES:  # MIME says how its parts are encoded
        return _email_reader()(data, name)
    decoded = decode_snapshot(data)
    if decoded.binary:
        return _skipped(name, "binary file; skipped")
    form = format_of(suffix, decoded.text)
    listing = (
        parse_bibtex(decoded.text, name, macros)
        if macros and form.name == "bibtex"
        else form.read(decoded.text, name)
    )
    if form.may_be_anything:
        listing = _unrecognised(listing, decoded.text, html=form.name == "page")
    warnings, notes = _decoding_problems(decoded, name)
    problems = sorted((*warnings, *listing.problems), key=lambda problem: problem.source.line)
    return replace(listing, problems=tuple(problems), notes=(*notes, *listing.notes))


def _email_reader() -> Callable[[bytes, str], Listing]:
    """The reader of saved e-mails (alerts), imported when one is read, as the page reader
    is (`papershelf.snapshots.formats`): it imports BeautifulSoup."""
    from papershelf.snapshots.mail import parse_email

    return parse_email


_NOT_A_LISTING = ("no entries found", NOT_A_PAPER, "text outside any entry ignored", "no topic line")


def _unrecognised(listing: Listing, text: str, html: bool) -> Listing:
    """A file that is no listing gives one warning that says what it looks like, instead of
    one per item, and no paper at all."""
    if not _no_listing(listing, html):
        return listing
    if html:
        title = re.search(r"<title[^>]*>(.*?)</title>", text, re.IGNORECASE | re.DOTALL)
        looks = f"an HTML page titled {' '.join(title[1].split())[:60]!r}" if title else "an HTML page"
    else:
        first = next((line.strip() for line in text.split("\n") if line.strip()), "")
        looks = f"text beginning {first[:60]!r}"
    why = f"not a recognised listing; it looks like {looks}"
    return replace(listing, entries=(), problems=(Problem(Sighting(listing.file, 1), why),), found=0)


def _no_listing(listing: Listing, html: bool) -> bool:
    """Whether the listing readers found nothing but things that are no papers or, in copied
    text, mostly such things (fewer than half of its items are papers): the few items of a
    README or release notes that pass for a paper (a bullet, then a line of capitalised words,
    see `names.reads_as_names`) are as much chance as the rest, while a listing copied with
    its page's menu keeps most of its items."""
    if not listing.entries:
        return all(problem.message.startswith(_NOT_A_LISTING) for problem in listing.problems)
    return not html and 2 * len(listing.entries) < listing.found


def _skipped(name: str, why: str) -> Listing:
    return Listing(name, "", (), (Problem(Sighting(name, 1), why),))


def _decoding_problems(decoded: Decoded, name: str) -> tuple[list[Problem], list[Problem]]:
    """Warnings at the lines decoding touched, and a note (or, if guessed, a warning) that
    names the encoding assumed."""
    warnings = [
        Problem(Sighting(name, number), "undecodable bytes here, shown as \ufffd")
        for number, line in enumerate(decoded.text.split("\n"), start=1)
        if "\ufffd" in line
    ]
    removed = "control characters removed here"
    warnings += [Problem(Sighting(name, line), removed) for line in decoded.controls]
    if decoded.encoding is None:
        return warnings, []
    if decoded.guessed:
        guess = f"not UTF-8; read as {decoded.encoding}, a guess: check its letters or save as UTF-8"
        return [Problem(Sighting(name, 1), guess), *warnings], []
    return warnings, [Problem(Sighting(name, 1), f"not UTF-8; read as {decoded.encoding}")]
