"""A folder of snapshots, read incrementally: only files whose size or mtime changed are re-read.

`mkdocs serve` rebuilds on every save; keeping one SnapshotFolder alive across rebuilds
makes a rebuild cost one changed file, not the whole folder.

What is read, and what is said about the rest:

* Hidden names (`.name`), editor backups and swap files (`name~`, `#name#`, `.bak`,
  `.orig`, `.swp`, `.swo`, `.tmp`) and downloads in progress (`.crdownload`, `.part`,
  `.partial`, `.download`) are ignored silently: they are copies of snapshots or not yet
  snapshots, and reading them would count papers twice or fail `--strict`.
* A symbolic link (to a file or a folder) is followed when its target lies inside the
  project (`project`, by default the snapshots folder itself); a link that leads outside,
  or nowhere, is a warning and its target is never read. A file reached twice (through a
  link and directly) is read once, under its own name.
* A folder that cannot be listed, and anything that is no regular file (a pipe, a
  socket), is a warning.

A file is read again on the next call, instead of being kept, while it may still be
being written: when it changed within the last `settle` seconds (its entries are then
all marked provisional), or when its last entry is provisional (a browser that is still
saving a page leaves it cut off). `settle` is 0 by default: only `mkdocs serve` reads a
folder again, so only there is a reading worth postponing (a one-off build right after a
checkout would otherwise find every file "being written").
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING

from papershelf.model import Listing, Problem, Sighting
from papershelf.snapshots import read_snapshot
from papershelf.snapshots.bibfile import UNDEFINED_MACRO, string_macros
from papershelf.snapshots.decoding import decode_snapshot
from papershelf.snapshots.reader import MAX_SNAPSHOT_BYTES, read_bounded

if TYPE_CHECKING:
    from papershelf.analysis.cache import ListingCache

__all__ = ["SnapshotFolder"]

_BACKUP_SUFFIXES = frozenset(
    {".bak", ".orig", ".swp", ".swo", ".tmp", ".crdownload", ".part", ".partial", ".download"}
)


@dataclass(frozen=True)
class _Read:
    """A file's modification time and size when it was read, its listing, and whether that
    reading may be kept for the next call."""

    stamp: tuple[int, int]
    listing: Listing
    final: bool


@dataclass(frozen=True)
class _Found:
    """The files to read (name as reported -> path) and a listing for each thing skipped
    with a warning."""

    files: dict[str, Path]
    skipped: list[Listing]


@dataclass
class SnapshotFolder:
    """The snapshot files below `root`; `listings()` returns them in file-name order.

    `ignore` holds files that live there but are not snapshots (the key file, if a user
    puts it in the folder); `project` is the folder that links may lead into (default:
    `root`); `settle` is how many seconds after its last change a file counts as written;
    `stored`, if given, keeps the listings on disk for the next process."""

    root: Path
    ignore: frozenset[Path] = frozenset()
    project: Path | None = None
    settle: float = 0.0
    stored: ListingCache | None = None
    settling: float = field(default=0.0, init=False)
    """After `listings()`: seconds until the youngest file read while it may still have been
    being written counts as written (0: none was). Its papers' keys are remembered only
    then, so `mkdocs serve` merges once more after that time (`papershelf.site.settled`)."""
    _cache: dict[Path, _Read] = field(default_factory=dict, repr=False)

    def listings(self) -> list[Listing]:
        """Every snapshot's listing, and one for each thing skipped with a warning; files
        unchanged since the last call are not read again."""
        if not self.root.is_dir():
            problem = Problem(Sighting(str(self.root), 1), "snapshots folder not found")
            return [Listing(self.root.name, "", (), (problem,))]
        found = _Walk(self.root, (self.project or self.root).resolve(), self.ignore).run()
        named = sorted(found.files.items())
        self.settling = 0.0
        reads = [self._read(name, path) for name, path in named]
        self._cache = {path: read for (_, path), read in zip(named, reads, strict=True) if read.final}
        if self.stored is not None:
            self.stored.save(name for name, _ in named)
        listings = _with_shared_macros([read.listing for read in reads], named) + found.skipped
        return sorted(listings, key=lambda listing: listing.file)

    def _read(self, name: str, path: Path) -> _Read:
        try:
            stat = path.stat()
        except OSError:  # gone since the folder was listed: read_snapshot says why
            return _Read((0, 0), read_snapshot(path, name), final=False)
        stamp = (stat.st_mtime_ns, stat.st_size)
        cached = self._cache.get(path)
        if cached and cached.stamp == stamp:
            return cached
        if (age := abs(time.time() - stat.st_mtime)) < self.settle:
            self.settling = max(self.settling, self.settle - age)
            listing = read_snapshot(path, name)
            entries = tuple(replace(entry, provisional=True) for entry in listing.entries)
            return _Read(stamp, replace(listing, entries=entries), final=False)
        stored = self.stored is not None and stat.st_size <= MAX_SNAPSHOT_BYTES  # else read_snapshot says why
        listing = self._stored_read(name, path) if stored else read_snapshot(path, name)
        return _Read(stamp, listing, final=_complete(listing))

    def _stored_read(self, name: str, path: Path) -> Listing:
        """The listing kept on disk for the file's bytes, or a new reading, kept for the next
        process unless it was cut off."""
        assert self.stored is not None
        if not path.is_file():  # read_snapshot says what it is
            return read_snapshot(path, name)
        try:
            data = read_bounded(path)
        except OSError:  # read_snapshot says why
            return read_snapshot(path, name)
        if len(data) > MAX_SNAPSHOT_BYTES:  # grown since: read_snapshot says how large
            return read_snapshot(path, name)
        listing = self.stored.get(name, data)
        if listing is None:
            listing = read_snapshot(path, name, data)
            if _complete(listing):
                self.stored.put(name, data, listing)
        return listing


def _with_shared_macros(listings: list[Listing], named: list[tuple[str, Path]]) -> list[Listing]:
    """The listings, a `.bib` file that uses `@string` macros it does not define read again
    with those that the folder's other `.bib` files define (`IEEEabrv.bib` beside
    `refs.bib`, as a document's `\\bibliography{IEEEabrv,refs}` names them; the first file
    in name order to define one gives it). Read anew each time, never kept: its reading
    depends on other files. A folder without such a file costs nothing."""
    lacking = {listing.file for listing in listings if _uses_undefined_macros(listing)}
    if not lacking:
        return listings
    bib_files = [(name, path) for name, path in named if path.suffix.lower() in _BIB_SUFFIXES]
    defined = {name: string_macros(_text(path)) for name, path in bib_files}
    paths = dict(named)
    return [
        read_snapshot(paths[listing.file], listing.file, macros=macros)
        if listing.file in lacking and (macros := _macros_but(defined, listing.file))
        else listing
        for listing in listings
    ]


def _macros_but(defined: dict[str, dict[str, str]], file: str) -> dict[str, str]:
    """The macros the other files define, the first file's where two define one name
    (names compare ignoring case, as bibtex's do)."""
    macros: dict[str, str] = {}
    for name, own in defined.items():
        if name != file:
            for key, value in own.items():
                macros.setdefault(key.lower(), value)
    return macros


def _uses_undefined_macros(listing: Listing) -> bool:
    return listing.file.lower().endswith(tuple(_BIB_SUFFIXES)) and any(
        problem.message.startswith(UNDEFINED_MACRO) for problem in listing.problems
    )


def _text(path: Path) -> str:
    try:
        return decode_snapshot(read_bounded(path)).text
    except OSError:
        return ""


def _complete(listing: Listing) -> bool:
    """Whether a reading may be kept: the file does not end inside an item or with an item
    read provisionally, as a file a browser is still saving does."""
    return not listing.cut_off and not (listing.entries and listing.entries[-1].provisional)


def _ignored(name: str) -> bool:
    """Hidden names, editor backups and swap files, downloads in progress."""
    if name.startswith(".") or name.endswith("~") or (name.startswith("#") and name.endswith("#")):
        return True
    return os.path.splitext(name)[1].lower() in _BACKUP_SUFFIXES


_BIB_SUFFIXES = frozenset({".bib", ".bibtex"})


@dataclass
class _Walk:
    """One listing of the folder tree. Folders reached without a link come first, so that
    a file reached both ways keeps its own name and a link back up the tree is no loop."""

    root: Path
    project: Path
    ignore: frozenset[Path]
    files: dict[Path, tuple[str, Path]] = field(default_factory=dict)  # real path -> (name, path)
    skipped: list[Listing] = field(default_factory=list)
    seen: set[Path] = field(default_factory=set)

    def run(self) -> _Found:
        real_root = self.root.resolve()
        plain: list[tuple[Path, str, Path]] = [(self.root, "", real_root)]  # (folder, prefix, real folder)
        linked: list[tuple[Path, str, Path]] = []
        while plain or linked:
            folder, prefix, real = plain.pop() if plain else linked.pop()
            if real in self.seen:
                continue
            self.seen.add(real)
            for entry in self._entries(folder, prefix):
                self._take(entry, prefix, real, plain, linked)
        return _Found({name: path for name, path in self.files.values()}, self.skipped)

    def _entries(self, folder: Path, prefix: str) -> list[os.DirEntry[str]]:
        try:
            with os.scandir(folder) as scan:
                return sorted(scan, key=lambda entry: entry.name)
        except OSError as error:
            self._skip(prefix.rstrip("/") or ".", f"cannot list this folder: {error.strerror or error}")
            return []

    def _take(
        self,
        entry: os.DirEntry[str],
        prefix: str,
        real_folder: Path,
        plain: list[tuple[Path, str, Path]],
        linked: list[tuple[Path, str, Path]],
    ) -> None:
        name = prefix + entry.name
        if _ignored(entry.name):
            return
        path = Path(entry.path)
        try:
            link = entry.is_symlink()
            real = path.resolve(strict=True) if link else real_folder / entry.name
            is_dir, is_file = entry.is_dir(), entry.is_file()
        except (OSError, RuntimeError):  # RuntimeError: a link loop, on older Pythons
            self._skip(name, "symbolic link that leads nowhere; skipped")
            return
        if link and not real.is_relative_to(self.project):
            self._skip(name, "symbolic link to outside the project; not followed")
        elif is_dir:
            (linked if link else plain).append((path, name + "/", real))
        elif not is_file:
            self._skip(name, "not a regular file; skipped")
        elif real not in self.ignore and (not link or real not in self.files):
            self.files[real] = (name, path)

    def _skip(self, name: str, why: str) -> None:
        self.skipped.append(Listing(name, "", (), (Problem(Sighting(name, 1), why),)))
