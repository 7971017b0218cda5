"""The key file: where issued citation keys are remembered, safe to edit by hand and merge.

`citation-keys.tsv` holds one `key<TAB>identity<TAB>title` line per key, sorted by key so
that diffs stay small. A key kept as an alias of another (two keyed papers found to be one,
`papershelf.library.keys.issue_keys`) ends its identity with `|alias:KEY`, the key it
stands for: a reader that knows no aliases takes the whole field for an identity that no
paper has, so it keeps the line as it is and issues its key to no other paper.

People edit the file and git merges it, so reading it checks every line: a
key that is not safe (`papershelf.library.keys.is_safe_key`), a key given twice, and git's conflict
markers are problems with `file:line`; the file is then not rewritten until they are
fixed, and the papers concerned get keys of their own meanwhile.

Writing is atomic (a temporary file in the same folder, flushed to disk, then renamed over
the old one), so an interrupted build or a full disk never leaves the file empty or cut
short; and it happens under a lock, so that `mkdocs serve`, `mkdocs build` and the command
line never interleave their reading and writing. A build that issues no new key (a rebuild,
a fresh clone of a committed project) only reads the file, which an atomic write never
leaves half written, and takes no lock.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path

from papershelf.library.identity import Identity
from papershelf.library.keys import CutRow, KeyBook, KeyRow, is_safe_key
from papershelf.library.merge import MergeResult, build_library
from papershelf.model import Listing, Problem, Sighting

__all__ = ["keyed_library", "read_key_file", "render_key_file", "write_key_file"]

_HEADER = (
    "# papershelf citation keys: key<TAB>identity<TAB>title. Commit this file; keys listed here\n"
    "# never move to another paper. Edit a key only if nothing cites it yet.\n"
)
_ALIAS = "|alias:"
"""What ends the identity of an alias's line, before the key it stands for."""
_CONFLICT_MARKERS = ("<<<<<<<", "|||||||", "=======", ">>>>>>>")
_LOCK_TIMEOUT = 120.0
"""Seconds to wait for another papershelf process to finish with the file (a large build)."""


def keyed_library(listings: Sequence[Listing], path: Path) -> MergeResult:
    """Merge `listings` with the keys of the file at `path`, and remember the new keys there.

    A merge that would change the file is made under the file's lock, so that no other
    papershelf process issues keys in between: again, if the file changed since it was read.
    One that would not (most builds) needs no lock, nor the lock library's import (0.05 s:
    `filelock` imports asyncio and sqlite3)."""
    seen = _stamp(path)
    read = read_key_file(path)
    merged = build_library(listings, read)
    if _holds(path, merged.book):
        return merged
    from filelock import Timeout

    try:
        with _locked(path):
            if _stamp(path) != seen:  # another process wrote it meanwhile
                read = read_key_file(path)
                merged = build_library(listings, read)
            problem = write_key_file(path, merged.book)
    except Timeout:
        problem = _problem(
            path,
            1,
            f"another papershelf process kept the file locked for "
            f"{_LOCK_TIMEOUT:.0f} s; new keys are not remembered this time",
        )
    if problem is None:
        return replace(merged, saved=max(0, len(merged.book.rows) - len(read.rows)))
    library = merged.library
    return replace(merged, library=replace(library, problems=(*library.problems, problem)))


def _stamp(path: Path) -> tuple[int, int, int] | None:
    """What changes whenever the file is written (`os.replace` gives it a new inode)."""
    try:
        status = path.stat()
    except OSError:
        return None
    return status.st_ino, status.st_mtime_ns, status.st_size


def _holds(path: Path, book: KeyBook) -> bool:
    """Whether the file already says what `book` would write, or is not to be rewritten."""
    if not book.writable:
        return True
    try:
        return path.is_file() and path.read_text(encoding="utf-8-sig") == render_key_file(book)
    except (OSError, UnicodeDecodeError):
        return False


@contextmanager
def _locked(path: Path) -> Iterator[None]:
    """The file's lock (a hidden file beside it, which snapshot folders ignore), or no lock
    where the folder cannot hold one: then the write below reports why it failed. Waiting
    too long raises `Timeout`, an `OSError` too, so it is let through first."""
    from filelock import FileLock, Timeout

    try:
        lock = FileLock(path.with_name(f".{path.name}.lock"), timeout=_LOCK_TIMEOUT)
        lock.acquire()
    except Timeout:
        raise
    except OSError:
        yield
        return
    try:
        yield
    finally:
        lock.release()


def read_key_file(path: Path) -> KeyBook:
    """The book in the file at `path`; a missing file is an empty book."""
    if path.exists() and not path.is_file() and not path.is_dir():  # a pipe would block the build
        return _unusable(path, 1, "not a regular file")
    try:
        text = path.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        return KeyBook()
    except UnicodeDecodeError as error:
        return _unusable(path, 1, f"not UTF-8 text ({error.reason} at byte {error.start})")
    except OSError as error:
        return _unusable(path, 1, f"cannot be read ({error.strerror or error})")
    return _parse(path, text)


def _unusable(path: Path, line: int, why: str) -> KeyBook:
    message = f"{why}; keys are issued afresh and the file is left as it is"
    return KeyBook((), (_problem(path, line, message),), writable=False)


def _parse(path: Path, text: str) -> KeyBook:
    rows: dict[str, tuple[int, KeyRow]] = {}
    cut: list[CutRow] = []
    problems: list[Problem] = []
    conflicts: list[int] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if line.startswith(_CONFLICT_MARKERS):
            conflicts.append(number)
        elif line.strip() and not line.startswith("#"):
            problem = _add_row(rows, cut, number, line)
            if problem:
                problems.append(_problem(path, number, problem))
    if conflicts:
        shown = ", ".join(str(number) for number in conflicts)
        problems.insert(
            0,
            _problem(
                path,
                conflicts[0],
                f"git conflict markers on lines {shown}; resolve them, the file is not rewritten until then",
            ),
        )
    book_rows = tuple(row for _, row in rows.values())
    return KeyBook(book_rows, tuple(problems), writable=not problems, cut=tuple(cut))


def _add_row(rows: dict[str, tuple[int, KeyRow]], cut: list[CutRow], number: int, line: str) -> str | None:
    """Add one line's row to `rows` (by case-folded key), or to `cut` if its key is safe but the
    rest does not read whole; the problem with it, if any.

    A line papershelf writes has three fields, the identity holding a `|`. One with fewer, or
    an identity without, was cut short (a torn copy, a hand edit): its identity may be cut too,
    and taken as it reads it would name no paper, or another. A last line without its newline
    that has its three fields is whole: only its title, which is for people, may be cut."""
    fields = line.split("\t", 2)
    key = fields[0].strip()
    whole = len(fields) == 3 and "|" in fields[1]
    if not is_safe_key(key):
        if len(fields) < 2 or "|" not in fields[1]:
            return "not a key line (key<TAB>identity<TAB>title); ignored"
        return (
            f"key {key!r} is not a safe citation key (letters, digits, '-', '_' and single dots, not a "
            f"reserved name); the paper gets another key until this line is fixed"
        )
    if not whole:
        cut.append(CutRow(key, fields[1] if len(fields) > 1 else ""))
        return (
            f"line of key {key!r} does not read whole (key<TAB>identity<TAB>title), as if cut short; "
            f"it is kept as it is and the key goes to no other paper, but the file is not rewritten "
            f"until the line is mended"
        )
    identity, _, alias = fields[1].partition(_ALIAS)
    if alias and not is_safe_key(alias):
        return f"key {key!r} is an alias of {alias!r}, which is not a safe citation key; ignored"
    row = KeyRow(key, Identity.parse(identity), fields[2], alias)
    earlier = rows.get(key.casefold())
    if earlier is None:
        rows[key.casefold()] = (number, row)
        return None
    first_line, first = earlier
    if first.key == key and first.identity.agrees(row.identity):
        # One paper under two readings of its authors (files written before author lists
        # counted): one row, with the longer list.
        if len(row.identity.surnames) > len(first.identity.surnames):
            rows[key.casefold()] = (first_line, row)
        return None
    return (
        f"key {key!r} is already given to another paper on line {first_line} (keys are unique, "
        f"ignoring case); this line is ignored until it is fixed"
    )


def render_key_file(book: KeyBook) -> str:
    """The file's text: one line per key, sorted by key."""
    rows = sorted(book.rows, key=lambda row: row.key)
    return _HEADER + "".join(
        f"{row.key}\t{row.identity}{_ALIAS + row.alias if row.alias else ''}\t{_one_line(row.title)}\n"
        for row in rows
    )


def _one_line(text: str) -> str:
    return " ".join(text.split())


def write_key_file(path: Path, book: KeyBook) -> Problem | None:
    """Write the book if the file may be rewritten and its text changes (a write would wake
    `mkdocs serve`): to a temporary file beside it, flushed, then renamed over it. What went
    wrong, if the file could not be written."""
    if not book.writable:
        return None
    if path.exists() and not path.is_file():  # `--keys /dev/null`: never replace a device
        return _problem(path, 1, "is not a regular file; new keys are not remembered")
    text = render_key_file(book)
    try:
        if path.read_text(encoding="utf-8-sig") == text:
            return None
    except (FileNotFoundError, UnicodeDecodeError):
        pass
    except OSError as error:
        return _problem(path, 1, f"cannot be read ({error.strerror or error}); new keys are not remembered")
    try:
        _replace_atomically(path, text)
    except OSError as error:
        return _problem(
            path, 1, f"cannot be written ({error.strerror or error}); new keys are not remembered"
        )
    return None


def _replace_atomically(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    os.close(handle)
    try:
        with open(temporary, "w", encoding="utf-8", newline="\n") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        os.chmod(temporary, path.stat().st_mode & 0o777 if path.exists() else 0o644)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def _problem(path: Path, line: int, message: str) -> Problem:
    return Problem(Sighting(path.name, line), message)
