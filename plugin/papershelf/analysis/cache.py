"""What is kept between builds: the snapshots' listings and the library's analysis.

A build reads and merges the snapshots (under `mkdocs serve` only the files that changed
are read again; on disk, `ListingCache` keeps each file's listing for the next `mkdocs
build`), then needs the analysis
(`papershelf.analysis.analyse`: the costly part).
The analysis is a function of the merged library (whose keys come from the key file) and of
the analysis options, so it is kept under a fingerprint of those and of the plugin's version:
an unchanged library is never analysed twice, whether the next build is a serve rebuild
after editing a docs page or a reading list, or `mkdocs build` run again.

On disk each is one file in a folder beside `mkdocs.yml` (by default `.cache/plugin/papershelf`,
where Material's plugins keep theirs), written atomically. Like `__pycache__`, the folder is
the project's own: it is never published and never committed. Yet whoever can put a file in
the project may have put that one there (a committed `.cache`, an unpacked archive, a shared
`cache_dir`, a pull request built in CI), so a cache file is only data, never code: msgpack
of the records as `papershelf.analysis.codec` writes them, which builds nothing but the package's own
dataclasses. Its first line says what it holds and which code wrote it (the format, the
package's version and a digest of its source, the versions of the libraries whose data the
analysis holds) and on whose behalf; its second, an HMAC-SHA-256 of the rest of the file
under a key of this user's on this machine (`_secret`, kept outside the project). Data only
is not enough: a planted file that decodes to a valid analysis would still choose what the
site and `library.bib` hold (finished BibTeX entries, the slugs pages are written under),
and a plain checksum anyone can compute. A file from other code (an upgrade, an edited
checkout) only means reading or analysing again; one signed with another key (another
machine or user, a cache restored in CI without its key) is a problem, as below. A file that is not
a papershelf cache, is damaged or cut short, is no regular file (a pipe, a folder, a link
to a device) or is larger than any cache is a problem: ignored, made anew, and said once
(`take_problems`), so that `mkdocs build --strict` sees it. A missing file is none.

A listing's dates are judged against the day it is read (`papershelf.snapshots.dates`: a
date over a year ahead is implausible): a kept listing with problems is kept only for the
day it was read, and read again on another day, when its verdict may differ.
"""

from __future__ import annotations

import datetime as dt
import functools
import hashlib
import hmac
import json
import os
import secrets
import stat
import tempfile
from collections.abc import Callable, Iterable, Iterator, Mapping
from importlib import metadata
from pathlib import Path
from typing import Any, BinaryIO

import msgpack

from papershelf import __version__
from papershelf.analysis.analyse import IN_PROCESS, Analysis, AnalysisOptions, Kept, analyse
from papershelf.analysis.codec import Codec
from papershelf.analysis.helper import Helper
from papershelf.model import Library, Listing, Problem, Sighting
from papershelf.indexes.topics import Topic

__all__ = [
    "AnalysisCache",
    "ListingCache",
    "Unusable",
    "cache_problem",
    "code_version",
    "dump_signed",
    "load_signed",
    "opened_regular",
]

_ANALYSED_WITH = ("wordfreq", "latex2mathml", "anyascii")
_ANALYSIS = "analysis.msgpack"
_LISTINGS = "listings.msgpack"
_FORMAT = 2
"""The version of the file format (`_header`, `papershelf.analysis.codec`)."""
_LARGEST = 1 << 30
"""More than the cache of any library (the analysis of 10,000 papers takes 30 MB): a larger
file is not read into memory."""
_ANALYSIS_CODEC = Codec(Analysis, given=("library", "options"), shared=frozenset({Topic}))
"""The analysis without its library and options (see `AnalysisCache`)."""
_LISTING_CODEC = Codec(Listing)


class _Reporting:
    """A cache whose file's problems are reported by whoever uses it (the plugin warns)."""

    def __init__(self) -> None:
        self._problems: list[Problem] = []

    def take_problems(self) -> list[Problem]:
        """What was wrong with the file since last asked: to be reported once."""
        problems, self._problems = self._problems, []
        return problems


class AnalysisCache(_Reporting):
    """Analyses by fingerprint: the last one in memory, and on disk in `folder` (if given).

    The library and options asked about are those a kept analysis was made from (that is
    what the fingerprint says), so on disk an analysis is kept without them and given the
    ones asked about when it is read: reading the library again would take a third of the
    loading (its listings and entries), and keep a second copy of it in memory for the
    whole build."""

    def __init__(self, folder: Path | None, keep: bool = False) -> None:
        super().__init__()
        self.folder = folder
        self.helper: Helper = IN_PROCESS
        """Where an analysis may have part of its work done (see `analyse`); the plugin
        sets it from its `parallel` option on every build."""
        self._last: tuple[str, Analysis] | None = None
        self._kept = Kept() if keep else None
        """With `keep` (under `mkdocs serve`, where the library changes while the process
        lives): what the last analysis made paper by paper, for the next (`Kept`). A build
        analyses once, and would only hold it to its end (20 MB more at the peak of a
        10,000-paper build)."""
        self.source = ""
        """Where the last analysis came from: `memory`, `disk` or `analysed`."""

    def analysis(self, library: Library, options: AnalysisOptions) -> Analysis:
        fingerprint = _fingerprint(library, options)
        if self._last is not None and self._last[0] == fingerprint:
            self.source = "memory"
            return self._last[1]
        analysis = self._load(fingerprint, library, options)
        self.source = "disk"
        if analysis is not None and self._kept is not None:
            self._kept.loaded = analysis  # its entries, for the next analysis (`Kept.loaded`)
        if analysis is None:
            analysis = analyse(library, options, self.helper, self._kept)
            self.source = "analysed"
            self._store(fingerprint, analysis)
        self._last = (fingerprint, analysis)
        return analysis

    @property
    def fingerprint(self) -> str:
        """What the last analysis asked for depends on (`_fingerprint`); "" before any."""
        return self._last[0] if self._last is not None else ""

    def _load(self, fingerprint: str, library: Library, options: AnalysisOptions) -> Analysis | None:
        if self.folder is None:
            return None
        path = self.folder / _ANALYSIS
        stored = load_signed(path, self._problems)
        if not (isinstance(stored, tuple) and len(stored) == 2 and stored[0] == fingerprint):
            return None  # none, or kept for another library
        return _decoded(
            path, self._problems, _ANALYSIS_CODEC.decode, stored[1], library=library, options=options
        )

    def _store(self, fingerprint: str, analysis: Analysis) -> None:
        if self.folder is not None:
            dump_signed(self.folder / _ANALYSIS, _analysis_pieces(fingerprint, analysis))


class ListingCache(_Reporting):
    """Snapshots read before, on disk in `folder`: each file's listing under its name, with a
    digest of its bytes and the day it was read, so that `mkdocs build` run again reads no
    snapshot that did not change (reading is a tenth of a rebuild of 1,000 papers)."""

    def __init__(self, folder: Path) -> None:
        super().__init__()
        self.folder = folder
        self._stored: dict[str, tuple[str, int, Listing]] | None = None
        self._changed = False

    def get(self, name: str, data: bytes) -> Listing | None:
        """The listing kept for `name` if it was read from these bytes, and judged as it
        would be today."""
        kept = self._entries().get(name)
        if kept is None or kept[0] != _digest(data):
            return None
        _, day, listing = kept
        return listing if not listing.problems or day == _today() else None

    def put(self, name: str, data: bytes, listing: Listing) -> None:
        """Keep a reading that may be kept (see `SnapshotFolder`)."""
        self._entries()[name] = (_digest(data), _today(), listing)
        self._changed = True

    def save(self, names: Iterable[str]) -> None:
        """Write the file if anything changed, keeping only the snapshots in `names`."""
        entries = self._entries()
        for gone in entries.keys() - set(names):
            del entries[gone]
            self._changed = True
        if self._changed:
            dump_signed(self.folder / _LISTINGS, _listing_pieces(entries))
            self._changed = False

    def _entries(self) -> dict[str, tuple[str, int, Listing]]:
        if self._stored is None:
            path = self.folder / _LISTINGS
            stored = load_signed(path, self._problems)
            self._stored = (
                None if stored is None else _decoded(path, self._problems, _listings, stored)
            ) or {}
        return self._stored


def _analysis_pieces(fingerprint: str, analysis: Analysis) -> Iterator[bytes]:
    """`(fingerprint, the analysis's plain form)` packed a field at a time, and a field that
    is a map or an array an item at a time (`dump_signed`)."""
    packer = _packer()
    yield packer.pack_array_header(2) + packer.pack(fingerprint)
    yield packer.pack_array_header(_ANALYSIS_CODEC.size)
    for plain in _ANALYSIS_CODEC.encoded_fields(analysis):
        if type(plain) is dict:
            yield packer.pack_map_header(len(plain))
            for key, value in plain.items():
                yield packer.pack(key) + packer.pack(value)
        elif type(plain) is tuple:
            yield packer.pack_array_header(len(plain))
            yield from map(packer.pack, plain)
        else:
            yield packer.pack(plain)


def _listing_pieces(entries: Mapping[str, tuple[str, int, Listing]]) -> Iterator[bytes]:
    """`{name: (digest, day, the listing's plain form)}` packed a listing at a time (`dump_signed`)."""
    packer, encode = _packer(), _LISTING_CODEC.encode
    yield packer.pack_map_header(len(entries))
    for name, (digest, day, listing) in entries.items():
        yield packer.pack(name) + packer.pack((digest, day, encode(listing)))


def _packer() -> msgpack.Packer:
    return msgpack.Packer(use_bin_type=True, unicode_errors="surrogatepass")


def _listings(stored: Any) -> dict[str, tuple[str, int, Listing]]:
    """The kept listings by name, from the plain data `ListingCache.save` wrote."""
    if type(stored) is not dict:
        raise ValueError("map of listings expected")
    decode = _LISTING_CODEC.decode
    entries = {}
    for name, kept in stored.items():
        digest, day, listing = kept
        if type(name) is not str or type(digest) is not str or type(day) is not int:
            raise ValueError("name, digest and day expected")
        entries[name] = (digest, day, decode(listing))
    return entries


def _today() -> int:
    """The day a date is judged on, as `papershelf.snapshots.dates` judges it (local time)."""
    return dt.date.today().toordinal()


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


class Unusable(Exception):
    """A cache file that is there but cannot be used; says why."""


def load_signed(path: Path, problems: list[Problem]) -> Any:
    """The plain data of a cache file written by `dump_signed`, or None: if there is none, if it was
    written by other code (silently), or if it cannot be used (a problem in `problems`)."""
    if _secret() is None:  # nothing was kept (`dump_signed`)
        return None
    try:
        data = _read(path)
    except FileNotFoundError:
        return None
    except Unusable as why:
        problems.append(cache_problem(path, str(why)))
        return None
    except OSError as error:
        problems.append(cache_problem(path, f"cannot be read ({error.strerror or error})"))
        return None
    if not data.startswith(_MAGIC):
        problems.append(cache_problem(path, "is no papershelf cache"))
        return None
    first_end = data.find(b"\n")
    if _signer() not in data[:first_end]:
        problems.append(
            cache_problem(path, "was signed on another machine or by another user, or is damaged")
        )
        return None
    payload_start = first_end + 1 + _CHECKSUM_SIZE + 1
    payload = memoryview(data)[payload_start:]  # not copied: the file may be 100 MB
    signature = _signature(data[: first_end + 1], payload)
    if not hmac.compare_digest(data[first_end + 1 : payload_start], signature):
        problems.append(cache_problem(path, "is damaged or cut short (its signature does not match)"))
        return None
    if data[:first_end] != _header():
        return None  # written by other code: read again, as after deleting it
    return _decoded(path, problems, _unpacked, payload)


def _read(path: Path) -> bytes:
    """The file's bytes, if it is a regular file of a cache's size."""
    with opened_regular(path) as file:
        size = os.fstat(file.fileno()).st_size
        return file.read(size + 1)  # a byte more if it grew since: its checksum fails


def opened_regular(path: Path) -> BinaryIO:
    """The cache file at `path` opened for reading, if it is a regular file of a cache's
    size. A named pipe is opened without waiting for a writer, and a link is not followed:
    a cache file is never either."""
    flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)
    try:
        handle = os.open(path, flags)
    except OSError as error:
        if path.is_symlink():  # O_NOFOLLOW's ELOOP
            raise Unusable("is a symbolic link, not a file written by papershelf") from error
        raise
    file = os.fdopen(handle, "rb")
    status = os.fstat(handle)
    if not stat.S_ISREG(status.st_mode):
        file.close()
        raise Unusable("is no regular file")
    if status.st_size > _LARGEST:
        file.close()
        raise Unusable(f"is larger than any cache ({status.st_size:,} bytes)")
    return file


def _decoded(path: Path, problems: list[Problem], decode: Callable[..., Any], data: Any, **given: Any) -> Any:
    """`decode(data, **given)`, or None with a problem if the data is not what it should be
    (a file whose checksum holds, but that papershelf did not write)."""
    try:
        return decode(data, **given)
    except (ValueError, TypeError, OverflowError, RecursionError, msgpack.UnpackException) as error:
        problems.append(cache_problem(path, f"does not hold what papershelf writes ({error})"))
        return None


def _unpacked(payload: memoryview) -> Any:
    return msgpack.unpackb(payload, use_list=False, raw=False, unicode_errors="surrogatepass")


def cache_problem(path: Path, why: str) -> Problem:
    return Problem(Sighting(str(path), 1), f"cache file {why}; ignored and made again")


def dump_signed(path: Path, payload: Iterable[bytes]) -> None:
    """Write atomically, the payload a packed piece at a time, signed as it goes and the
    signature put in its place at the end: packed whole, with its plain form, the analysis
    of 10,000 papers held 70 MB more at the peak of a first build. A folder that cannot be
    written only costs the next build, and so does a machine where no signing key can be
    kept (`_secret`)."""
    if _secret() is None:
        return
    first = _header() + b"\n"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(prefix=f".{path.stem}.", dir=path.parent)
    except OSError:
        return
    try:
        with os.fdopen(handle, "wb") as file:
            file.write(first + b"0" * _CHECKSUM_SIZE + b"\n")
            mac = _signing(first)
            for piece in payload:
                mac.update(piece)
                file.write(piece)
            file.seek(len(first))
            file.write(mac.hexdigest().encode())
        os.replace(temporary, path)
    except (OSError, ValueError, TypeError, OverflowError):  # the last three: nothing the codec made
        Path(temporary).unlink(missing_ok=True)


_MAGIC = b'{"cache":"papershelf",'
_CHECKSUM_SIZE = 64
"""HMAC-SHA-256 in hexadecimal digits."""


@functools.cache
def _signer() -> bytes:
    """Which key signed a cache file, as its header says (not the key: a digest of it)."""
    digest = hashlib.sha256(b"papershelf cache signer " + (_secret() or b"")).hexdigest()[:16]
    return b'"signer":"' + digest.encode() + b'"'


def _signature(first: bytes, payload: memoryview | bytes) -> bytes:
    """The second line of a cache file: its first line and payload signed with `_secret`."""
    mac = _signing(first)
    mac.update(payload)
    return mac.hexdigest().encode() + b"\n"


def _signing(first: bytes) -> hmac.HMAC:
    """The signature of a cache file whose first line is `first`, the payload yet to come."""
    return hmac.new(_secret() or b"", first, hashlib.sha256)


@functools.cache
def _secret() -> bytes | None:
    """This user's key for cache files on this machine, made once and kept outside every
    project (`$XDG_CACHE_HOME/papershelf/cache-key`, by default under `~/.cache`), so that
    no file put in a project can carry a valid signature. Made whole before it is named
    (a second process reads either no key or the whole one). None where no key can be kept
    (no home, a read-only one): no cache is then kept on disk, since none could be read by
    the next process, which would take it for another machine's."""
    home = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    path = Path(home) / "papershelf" / "cache-key"
    try:
        if not path.exists():
            path.parent.mkdir(parents=True, exist_ok=True)
            handle, made = tempfile.mkstemp(prefix=".cache-key.", dir=path.parent)
            with os.fdopen(handle, "wb") as file:
                file.write(secrets.token_bytes(32))
            try:
                os.link(made, path)  # fails if another process named its key first: that one holds
            except FileExistsError:
                pass
            finally:
                os.unlink(made)
        key = path.read_bytes()
    except (OSError, RuntimeError):  # no home, a read-only one
        return None
    return key if len(key) >= 32 else None


@functools.cache
def _header() -> bytes:
    """The first line of a cache file this code writes: what a file must start with to be read."""
    made_by = {"format": _FORMAT, "papershelf": __version__, "code": code_version()}
    made_by |= {library: metadata.version(library) for library in _ANALYSED_WITH}
    header = _MAGIC + _signer() + b"," + json.dumps(made_by, separators=(",", ":")).encode()[1:]
    return header


def _fingerprint(library: Library, options: AnalysisOptions) -> str:
    """What the analysis depends on, as text: the papers and problems in full (their keys
    included), the options and the code that analyses them."""
    digest = hashlib.sha256(code_version().encode())
    digest.update(repr(options).encode())
    digest.update(repr(library.papers).encode())
    digest.update(repr(library.problems).encode())
    return digest.hexdigest()


@functools.cache
def code_version() -> str:
    """The package's version, a digest of its source and the versions of the libraries whose
    data the analysis holds (wordfreq's word frequencies name topics, latex2mathml renders
    CSL titles): a cache made by other code (an upgrade, or a change in a checkout installed
    in editable mode) is never used."""
    digest = hashlib.sha256(__version__.encode())
    for library in _ANALYSED_WITH:
        digest.update(f"{library} {metadata.version(library)}".encode())
    package = Path(__file__).parent.parent  # the whole papershelf package
    for path in sorted(package.rglob("*.py")):
        digest.update(path.relative_to(package).as_posix().encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()
