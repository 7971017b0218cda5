"""Writing files next to a site, never more often than needed."""

from __future__ import annotations

from pathlib import Path

__all__ = ["write_if_changed"]


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
