"""Where a Markdown source is prose: citations and reading-list entries are only looked for
outside fenced code blocks, indented code blocks and inline code spans. The body of an
admonition (`!!! note`, `??? tip`) or a content tab (`=== "Tab"`) is indented, and is prose
all the same: its lines are judged without the container's indentation."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

__all__ = ["ProseLine", "prose_lines"]

_FENCE = re.compile(r"^(?P<indent>\s*)(?P<fence>`{3,}|~{3,})")
_LIST_ITEM = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s")
_INLINE_CODE = re.compile(r"(?<!`)(`+)(?!`).+?(?<!`)\1(?!`)")
# `!!! note`, `??? tip`, `???+ tip`; a content tab always has a quoted title (`=== "Tab"`),
# which tells it from a heading's `===` underline.
_CONTAINER = re.compile(r'^(?P<indent> *)(?:(?:!!!|\?\?\?\+?)(?:\s|$)|===\+? +")')
_BODY_INDENT = 4


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
    containers: list[int] = []  # the body indentation of each open admonition or tab
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
        body = _in_containers(line.expandtabs(_BODY_INDENT), containers, blank)
        indented = body.startswith("    ")
        if indented and previous_blank and not in_list:
            continue  # an indented code block
        if container := _CONTAINER.match(body):
            depth = containers[-1] if containers else 0
            containers.append(depth + len(container.group("indent")) + _BODY_INDENT)
            in_list, previous_blank = False, True
        else:
            if not blank:
                in_list = bool(_LIST_ITEM.match(body)) or (in_list and (indented or body.startswith("  ")))
            previous_blank = blank
        yield ProseLine(index, line, _INLINE_CODE.sub(lambda m: " " * len(m.group()), line))


def _in_containers(line: str, containers: list[int], blank: bool) -> str:
    """The line without the indentation of the containers it is in; a line indented less
    than a container's body closes it (a blank line closes none)."""
    if blank:
        return line
    width = len(line) - len(line.lstrip(" "))
    while containers and width < containers[-1]:
        containers.pop()
    return line[containers[-1] :] if containers else line
