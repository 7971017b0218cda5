"""A folder of snapshots, read incrementally: only files whose size or mtime changed are re-read.

`mkdocs serve` rebuilds on every save; keeping one SnapshotFolder alive across rebuilds
makes a rebuild cost one changed file, not the whole folder.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol, TypeVar

from papershelf.model import Listing, Problem, Sighting
from papershelf.snapshots import read_snapshot
from papershelf.snapshots.dates import read_month_names

__all__ = ["Each", "SnapshotFolder"]

A = TypeVar("A")
B = TypeVar("B")


class Each(Protocol):
    """`map`, or a map that shares the items out among processes."""

    def __call__(self, function: Callable[[A], B], items: Sequence[A], /) -> Iterable[B]: ...


_Read = tuple[tuple[int, int], Listing]
"""A file's modification time and size when it was read, and its listing."""


@dataclass
class SnapshotFolder:
    """The snapshot files below `root`; `listings()` returns them in file-name order.

    `ignore` holds files that live there but are not snapshots (the key file, if a user
    puts it in the folder)."""

    root: Path
    ignore: frozenset[Path] = frozenset()
    _cache: dict[Path, _Read] = field(default_factory=dict, repr=False)

    def listings(self, each: Each = map) -> list[Listing]:
        """`each(read, paths)` reads the files, in order. The month names that dates are
        read with come first, shared out the same way, so that every process that reads
        files inherits them rather than reading them all again."""
        if not self.root.is_dir():
            problem = Problem(Sighting(str(self.root), 1), "snapshots folder not found")
            return [Listing(self.root.name, "", (), (problem,))]
        paths = sorted(path for path in self.root.rglob("*") if self._visible_file(path))
        if paths:
            read_month_names(each)
        self._cache = dict(zip(paths, each(self._read, paths), strict=True))
        return [listing for _, listing in self._cache.values()]

    def _visible_file(self, path: Path) -> bool:
        relative = path.relative_to(self.root)
        hidden = any(part.startswith(".") for part in relative.parts)
        return path.is_file() and not hidden and path not in self.ignore

    def _read(self, path: Path) -> _Read:
        stat = path.stat()
        stamp = (stat.st_mtime_ns, stat.st_size)
        cached = self._cache.get(path)
        if cached and cached[0] == stamp:
            return cached
        return stamp, read_snapshot(path, path.relative_to(self.root).as_posix())
