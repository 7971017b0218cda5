"""Writing files next to a site, never more often than needed, and never over a user's file."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

__all__ = ["OwnFiles", "write_if_changed"]

_MANIFEST_LINE = re.compile(r"(?P<digest>[0-9a-f]{64})  (?P<name>.+)")


def write_if_changed(path: Path, text: str) -> bool:
    """Write `text` unless the file already holds it: an unchanged file keeps its mtime, so a
    watching server (`mkdocs serve`, another generator) is not woken for nothing."""
    try:
        if path.read_text(encoding="utf-8") == text:
            return False
    except (FileNotFoundError, UnicodeDecodeError):
        pass
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return True


class OwnFiles:
    """The files a command writes into a folder the user keeps files in too.

    A manifest in the folder names each file the command wrote with the digest of what it
    wrote (`sha256sum`'s line format). A file is the command's own only while it still holds
    that: one the manifest does not name, or that the user has edited since, is never
    replaced or removed; it is left as it is, with a message in `left`, and no longer named.
    A manifest line with a name only (as written before digests) is trusted by name.
    """

    def __init__(self, folder: Path, manifest: str) -> None:
        self.folder = folder
        self._manifest = folder / manifest
        self._before = _read_manifest(self._manifest)
        self._now: dict[str, str | None] = {}
        self.written: list[str] = []
        self.unchanged = 0
        self.left: list[str] = []

    def write(self, name: str, text: str) -> None:
        """Write `name` (a path relative to the folder) unless it is a file of the user's."""
        path = self.folder / name
        try:
            if not self._own(name, path):
                return
            changed = write_if_changed(path, text)
        except OSError as error:
            self.left.append(f"{path}: could not be written ({error.strerror or error})")
            if name in self._before:  # still ours, as recorded: neither removed nor disowned
                self._now[name] = self._before[name]
            return
        self._now[name] = _digest(text.encode("utf-8"))
        if changed:
            self.written.append(name)
        else:
            self.unchanged += 1

    def finish(self) -> list[str]:
        """Remove the files written before and not now (the user's edits kept); write the
        manifest. The names removed."""
        removed = []
        for name in sorted(set(self._before) - set(self._now)):
            path = self.folder / name
            try:
                if _inside(self.folder, name) and path.is_file() and self._own(name, path):
                    path.unlink()
                    removed.append(name)
            except OSError as error:
                self.left.append(f"{path}: could not be removed ({error.strerror or error})")
        kept = sorted(self._now.items())
        lines = "".join(f"{digest}  {name}\n" if digest else f"{name}\n" for name, digest in kept)
        try:
            write_if_changed(self._manifest, lines)
        except OSError as error:
            self.left.append(f"{self._manifest}: could not be written ({error.strerror or error})")
        return removed

    def _own(self, name: str, path: Path) -> bool:
        """Whether `path` is absent, or holds what this command wrote there last."""
        if not path.exists() and not path.is_symlink():
            return True
        if name not in self._before or not path.is_file() or path.is_symlink():
            self.left.append(f"{path}: not written by papershelf; left as it is")
            return False
        recorded = self._before[name]
        if recorded is not None and recorded != _digest(path.read_bytes()):
            self.left.append(f"{path}: changed since papershelf wrote it; left as it is")
            return False
        return True


def _read_manifest(path: Path) -> dict[str, str | None]:
    """Name -> digest of what was written (None for a name-only line); {} if there is none."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):  # none yet, or none that can be read: nothing is ours
        return {}
    before: dict[str, str | None] = {}
    for line in filter(None, lines):
        match = _MANIFEST_LINE.fullmatch(line)
        before[match["name"] if match else line] = match["digest"] if match else None
    return before


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _inside(folder: Path, name: str) -> bool:
    """Whether `name` (from the manifest, which anyone may edit) names a file inside `folder`:
    nothing else is ever removed."""
    root = folder.resolve()
    return not Path(name).is_absolute() and (root / name).resolve().is_relative_to(root)
