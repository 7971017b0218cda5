"""Where a Markdown source is prose: citations and reading-list entries are only looked for
outside fenced code blocks, indented code blocks and inline code spans."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

__all__ = ["ProseLine", "prose_lines"]

_FENCE = re.compile(r"^(?P<indent>\s*)(?P<fence>`{3,}|~{3,})")
_LIST_ITEM = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s")
_INLINE_CODE = re.compile(r"(?<!`)(`+)(?!`).+?(?<!`)\1(?!`)")


@dataclass(frozen=True)
class ProseLine:
    """A line outside code blocks (0-based `index`), with its inline code spans blanked out
    (same length, so offsets still match the original line)."""

    index: int
    text: str
    masked: str


def prose_lines(markdown: str) -> Iterator[ProseLine]:
    """Every line that is not inside a code block."""
    fence: str | None = None
    previous_blank = True
    in_list = False
    for index, line in enumerate(markdown.split("\n")):
        if fence is not None:
            stripped = line.strip()
            if stripped.startswith(fence) and set(stripped) == {fence[0]}:
                fence = None
            continue
        opened = _FENCE.match(line)
        if opened:
            fence = opened.group("fence")
            previous_blank = False
            continue
        blank = not line.strip()
        indented = line.startswith(("    ", "\t"))
        if indented and previous_blank and not in_list:
            continue  # an indented code block
        if not blank:
            in_list = bool(_LIST_ITEM.match(line)) or (in_list and (indented or line.startswith("  ")))
        previous_blank = blank
        yield ProseLine(index, line, _INLINE_CODE.sub(lambda m: " " * len(m.group()), line))
