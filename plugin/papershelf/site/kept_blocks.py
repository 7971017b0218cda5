"""Generated pages' HTML blocks kept from one build for the next that would make them alike.

MkDocs builds every page again on every build, and a generated page's blocks (title,
authors, abstract, related papers, lists of papers) are most of what a rebuild of an
unchanged library computes: a fifth of a 10,000-paper rebuild. So a build keeps each page's
blocks in the plugin's cache folder as it makes them, and the next build whose blocks
would be made from the same things takes them from there instead.

What blocks are made from, in one fingerprint (`fingerprint`): the analysis's (the papers
in full, the code), the site's options, the reading lists and citations, the papers'
first-seen days, where every file is served, the package's templates and phrases and a
site's template overrides, and the libraries that render dates, formulas and templates.
When it is unchanged, every page takes its blocks again.

When it changed (a new snapshot, a reading list edited), a page that says what its own
blocks are made from (`SiteFile.recipe`: a paper's page) takes them again if its recipe
is unchanged, under the same options, code, templates and libraries (the fingerprint of
those alone). A new snapshot changes a few dozen paper pages of thousands: the new papers,
those seen again, those whose related papers or authors' pages changed. Every other page
is made again.

The blocks are HTML, so the file is trusted no more than the analysis's
(`papershelf.analysis.cache`): an index signed with this user's key says, page by page,
where its blocks lie in a data file beside it and their SHA-256, which is checked before
a page uses them. A page whose bytes do not match is a problem said once: it and every
later page are made afresh, and the next build keeps them all again. The links that led
nowhere when the blocks were made are kept with them, so that a build from kept blocks
warns of them as the build that made them did.
"""

from __future__ import annotations

import functools
import hashlib
import os
import secrets
import tempfile
from collections.abc import Iterable, Iterator, Mapping
from importlib import metadata
from pathlib import Path
from typing import Any, BinaryIO

import msgpack

from papershelf.analysis.cache import (
    Unusable,
    cache_problem,
    code_version,
    dump_signed,
    load_signed,
    opened_regular,
)
from papershelf.model import Problem
from papershelf.pages.generated import SiteFile
from papershelf.text.stored import stored, unstored

__all__ = ["KeptBlocks", "fingerprint"]

_INDEX = "blocks.msgpack"
_DATA_PREFIX = "blocks-"
_DATA_SUFFIX = ".data"
_RENDERED_WITH = ("babel", "jinja2", "latex2mathml", "markupsafe")

_Place = tuple[int, tuple[int, ...], bytes, bytes]
"""Where a page's blocks lie in the data file: offset, each block's length, SHA-256, and
the digest of the page's recipe (empty if it has none)."""


def fingerprint(parts: Iterable[object], overrides: Iterable[str]) -> str:
    """What a build's blocks are made from: `parts` (the analysis's fingerprint, the options,
    the curation, the first-seen days, the served URLs) by their `repr`, with the package's
    code, templates and phrases, the files of a site's template overrides, and the
    versions of the libraries that render them."""
    digest = hashlib.sha256(_package_version().encode())
    for part in parts:
        digest.update(stored(repr(part)) + b"\0")
    for folder in overrides:
        for path in sorted(Path(folder, "papershelf").rglob("*")):
            if path.is_file():
                digest.update(path.as_posix().encode("utf-8", "surrogateescape") + b"\0")
                digest.update(path.read_bytes())
    return digest.hexdigest()


@functools.cache
def _package_version() -> str:
    """The code's version (`code_version`), the package's other files (templates, phrases)
    and the versions of the libraries that render blocks."""
    digest = hashlib.sha256(code_version().encode())
    for library in _RENDERED_WITH:
        digest.update(f"{library} {metadata.version(library)}".encode())
    package = Path(__file__).parent.parent
    for path in sorted(package.rglob("*")):
        if path.is_file() and path.suffix not in (".py", ".pyc"):
            digest.update(path.relative_to(package).as_posix().encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


class KeptBlocks:
    """The blocks of one build: taken from the cache folder when they were kept under the
    same fingerprint (or, for a page with a recipe, under the same recipe and the same
    `recipes_fingerprint`), else made and kept for the next build (`None` folder: made
    only)."""

    def __init__(self, folder: Path | None, fingerprint: str, recipes_fingerprint: str) -> None:
        self.folder = folder
        self.fingerprint = fingerprint
        self.recipes_fingerprint = recipes_fingerprint
        """What every recipe is read with: the options, code, templates and libraries."""
        self.unresolved: frozenset[str] = frozenset()
        """The links the kept blocks hold that led nowhere (`PageContext.unresolved`)."""
        self._problems: list[Problem] = []
        self._places: dict[str, _Place] = {}
        self._whole = False
        """Whether the kept blocks were made under this fingerprint: every page takes its own."""
        self._data: BinaryIO | None = None
        self._data_path: Path | None = None
        self._writing: tuple[BinaryIO, str, dict[str, _Place]] | None = None
        if folder is not None:
            self._open(folder)

    def made(self, src_uri: str, page: SiteFile) -> SiteFile:
        """`page` with its blocks: those kept for it, or made now (and kept)."""
        recipe = self._recipe(page) if self._writing is not None else b""
        place = self._places.get(src_uri)
        if place is not None and self._data is not None and (self._whole or (recipe and recipe == place[3])):
            blocks = self._kept(place)
            if blocks is not None:
                if self._writing is not None:
                    self._keep(src_uri, blocks, recipe)
                return page.filled(blocks)
        made = page.made()
        if self._writing is not None:
            self._keep(src_uri, made.blocks, recipe)
        return made

    def _recipe(self, page: SiteFile) -> bytes:
        """The digest of what the page's blocks are made from, if it says (its skeleton, with
        the headings its blocks go under, counts too); else empty."""
        if page.recipe is None:
            return b""
        digest = hashlib.sha256(self.recipes_fingerprint.encode())
        for part in (page.content, page.recipe()):
            digest.update(b"\0" + stored(part))
        return digest.digest()

    def finish(self, unresolved: Iterable[str]) -> None:
        """Every page is made: the blocks made in this build are kept with the links among
        them that led nowhere, and the file read from is let go."""
        self._close_data()
        writing, self._writing = self._writing, None
        if writing is None or self.folder is None:
            return
        file, temporary, places = writing
        file.close()
        name = f"{_DATA_PREFIX}{secrets.token_hex(8)}{_DATA_SUFFIX}"
        try:
            os.replace(temporary, self.folder / name)
        except OSError:
            Path(temporary).unlink(missing_ok=True)
            return
        pieces = _index_pieces(self.fingerprint, self.recipes_fingerprint, name, sorted(unresolved), places)
        dump_signed(self.folder / _INDEX, pieces)
        self._remove_data_files(but=name)

    def discard(self) -> None:
        """A failed build: nothing it made is kept."""
        self._close_data()
        writing, self._writing = self._writing, None
        if writing is not None:
            writing[0].close()
            Path(writing[1]).unlink(missing_ok=True)

    def take_problems(self) -> list[Problem]:
        """What was wrong with the kept blocks since last asked: to be reported once."""
        problems, self._problems = self._problems, []
        return problems

    def _open(self, folder: Path) -> None:
        """Read the index if it was kept under this fingerprint (every page takes its blocks),
        or under the same recipes' fingerprint (the pages with a recipe may); and unless
        every page takes its blocks, start keeping those of this build."""
        path = folder / _INDEX
        index = load_signed(path, self._problems)
        if _is_index(index) and (index[0] == self.fingerprint or index[1] == self.recipes_fingerprint):
            data_path = folder / index[2]
            try:
                self._data = opened_regular(data_path)
            except FileNotFoundError:
                pass  # another build's, which removed it: as if none was kept
            except (OSError, Unusable) as why:
                self._problems.append(cache_problem(data_path, f"cannot be read ({why})"))
            else:
                self._data_path = data_path
                if index[0] == self.fingerprint:
                    self._whole = True
                    self.unresolved = frozenset(index[3])
                    self._places = index[4]
                    return
                self._places = {src_uri: place for src_uri, place in index[4].items() if place[3]}
        self._start_keeping(folder)

    def _start_keeping(self, folder: Path) -> None:
        try:
            folder.mkdir(parents=True, exist_ok=True)
            handle, temporary = tempfile.mkstemp(prefix=f".{_DATA_PREFIX}", dir=folder)
        except OSError:
            return
        self._writing = (os.fdopen(handle, "wb"), temporary, {})

    def _kept(self, place: _Place) -> tuple[str, ...] | None:
        """A page's kept blocks, or None (and no more kept blocks) if their bytes are not
        those the signed index names."""
        assert self._data is not None and self._data_path is not None
        offset, lengths, digest, _ = place
        try:
            self._data.seek(offset)
            data = self._data.read(sum(lengths))
        except OSError as error:
            data, why = b"", f"cannot be read ({error.strerror or error})"
        else:
            why = "is damaged (a page's blocks do not match their signed digest)"
        if hashlib.sha256(data).digest() != digest:
            self._problems.append(cache_problem(self._data_path, why))
            self._close_data()
            self._forget()
            return None
        return tuple(_split(data, lengths))

    def _forget(self) -> None:
        """The kept blocks cannot be used: the next build makes and keeps them again."""
        if self.folder is not None:
            (self.folder / _INDEX).unlink(missing_ok=True)

    def _keep(self, src_uri: str, blocks: tuple[str, ...], recipe: bytes) -> None:
        assert self._writing is not None
        file, _, places = self._writing
        encoded = [stored(block) for block in blocks]
        data = b"".join(encoded)
        try:
            offset = file.tell()
            file.write(data)
        except OSError:  # a full disk: the next build makes its blocks again
            self.discard()
            return
        places[src_uri] = (offset, tuple(map(len, encoded)), hashlib.sha256(data).digest(), recipe)

    def _close_data(self) -> None:
        data, self._data, self._places = self._data, None, {}
        if data is not None:
            data.close()

    def _remove_data_files(self, but: str) -> None:
        assert self.folder is not None
        for path in self.folder.glob(f"{_DATA_PREFIX}*{_DATA_SUFFIX}"):
            if path.name != but:
                path.unlink(missing_ok=True)


def _split(data: bytes, lengths: tuple[int, ...]) -> Iterator[str]:
    start = 0
    for length in lengths:
        yield unstored(data[start : start + length])
        start += length


def _index_pieces(
    fingerprint: str, recipes: str, data_name: str, unresolved: list[str], places: Mapping[str, _Place]
) -> Iterator[bytes]:
    """`(fingerprint, recipes' fingerprint, data file name, unresolved links, {src_uri:
    place})`, packed a page at a time (`dump_signed`)."""
    packer = msgpack.Packer(use_bin_type=True, unicode_errors="surrogatepass")
    yield packer.pack_array_header(5) + b"".join(map(packer.pack, (fingerprint, recipes, data_name)))
    yield packer.pack(unresolved)
    yield packer.pack_map_header(len(places))
    for src_uri, place in places.items():
        yield packer.pack(src_uri) + packer.pack(place)


def _is_index(index: Any) -> bool:
    """Whether `index` has the shape `_index_pieces` writes (the data is signed, so only
    another version's file would not; its places are checked as they are used)."""
    return (
        isinstance(index, tuple)
        and len(index) == 5
        and type(index[0]) is str
        and type(index[1]) is str
        and type(index[2]) is str
        and index[2].startswith(_DATA_PREFIX)
        and "/" not in index[2]
        and isinstance(index[3], tuple)
        and type(index[4]) is dict
    )
