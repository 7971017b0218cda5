"""Static SVG pictures drawn at build time: no script, no CDN, readable in light and dark mode.

Colours come from CSS classes (`ps-chart-*`) that the site's stylesheet maps to the theme's
palette variables, and text uses `currentColor`, so a chart follows the reader's scheme.
Labels are escaped by the caller's `escape` function (text from snapshots is data); words
come from the site's `Wording`.

Each chart says its natural width (`--ps-chart-width`): the stylesheet never draws it
narrower, so that its text (12 units) is never under 12 px; on a phone a wide chart scrolls
sideways instead of shrinking, and the timeline's is as narrow as a phone's column, so that
it never does. Every number is written on the chart: a phone has no hover.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from papershelf.pages.wording import Wording

__all__ = ["overlap_matrix", "timeline_bars"]

Escape = Callable[[str], str]

_TEXT = 12
"""The font size of every label, in the SVG's units: CSS pixels at the chart's natural width."""
_DARK_SHADE = 0.55
"""From this opacity of a cell's fill on, its number is written in the colour the theme
writes on that fill (light or dark scheme), else in the text colour."""


def timeline_bars(slots: Sequence[tuple[str, str, int, str]], words: Wording, escape: Escape) -> str:
    """Papers per month, newest at the top, then per year: (label, short label, count, link)
    per bar, a row each (a bar may stand for several empty years, and then links nowhere).
    Rows, not columns, so that the chart is as wide as a phone's column whatever the span of
    the dates, and grows downwards; every row has its label and its count."""
    if not slots:
        return ""
    row, top, left, label, right = 20, 6, 4, 72, 34
    width = 320
    height = top * 2 + row * len(slots)
    largest = max(count for _, _, count, _ in slots) or 1
    room = width - label - right
    rows = []
    for index, (name, short, count, href) in enumerate(slots):
        y = top + index * row
        bar = room * count / largest
        about = f"{escape(name)}: {escape(words.count(count))}"
        text = f'y="{y + 14}" font-size="{_TEXT}" fill="currentColor"'
        shape = (
            f'<g><title>{about}</title><text x="{left}" {text}>{escape(short)}</text>'
            f'<rect class="ps-chart-bar" x="{label}" y="{y + 3}" width="{bar:.1f}" height="{row - 6}"/>'
            f'<text x="{label + bar + 4:.1f}" {text}>{count}</text></g>'
        )
        rows.append(f'<a href="{escape(href)}" aria-label="{about}">{shape}</a>' if href else shape)
    axis = f'<line class="ps-chart-axis" x1="{label}" y1="{top}" x2="{label}" y2="{height - top}"/>'
    total = sum(count for _, _, count, _ in slots)
    linked = any(href for *_, href in slots)
    return _svg(
        width,
        height,
        escape(words.by_month),
        escape(words.newest_first.format(count=words.count(total))),
        axis + "".join(rows),
        # a picture holds no links (axe: nested-interactive): one with links is a group of them
        role="group" if linked else "img",
    )


def overlap_matrix(
    names: Sequence[str], counts: Sequence[Sequence[int]], words: Wording, escape: Escape
) -> str:
    """How topics overlap: cell (i, j) shades with the papers topics i and j share, and says
    how many; the diagonal is each topic's size."""
    size = len(names)
    if size < 2:
        return ""
    cell, label = 28, 190
    width = height = label + cell * size + 70
    largest = max(max(row) for row in counts) or 1
    parts = []
    for i, name in enumerate(names):
        y = label + i * cell
        parts.append(
            f'<text x="{label - 6}" y="{y + cell * 0.65:.1f}" text-anchor="end" font-size="{_TEXT}" '
            f'fill="currentColor">{escape(_short(name))}</text>'
        )
        x = label + i * cell
        parts.append(
            f'<text transform="translate({x + cell * 0.65:.1f},{label - 6}) rotate(-55)" '
            f'font-size="{_TEXT}" fill="currentColor">{escape(_short(name))}</text>'
        )
        for j, count in enumerate(counts[i]):
            parts.append(_cell(escape, words, names, i, j, count, largest, (label + j * cell, y, cell)))
    return _svg(
        width,
        height,
        escape(words.topics_overlap),
        escape(words.overlap_description.format(count=size)),
        "".join(parts),
    )


def _cell(
    escape: Escape,
    words: Wording,
    names: Sequence[str],
    i: int,
    j: int,
    count: int,
    largest: int,
    place: tuple[int, int, int],
) -> str:
    """One cell of the overlap matrix: shaded, with its count written in it, legible on
    the shade."""
    x, y, cell = place
    shade = 0.08 + 0.92 * count / largest if count else 0.0
    kind = "ps-chart-diagonal" if i == j else "ps-chart-cell"
    about = names[i] if i == j else words.two_authors.format(first=names[i], second=names[j])
    on = f" ps-chart-count--on-{kind.removeprefix('ps-chart-')}" if shade >= _DARK_SHADE else ""
    number = (
        f'<text class="ps-chart-count{on}" x="{x + (cell - 2) / 2:.1f}" y="{y + cell * 0.62:.1f}" '
        f'text-anchor="middle" font-size="{_TEXT}">{count}</text>'
        if count
        else ""
    )
    return (
        f"<g><title>{escape(about)}: {escape(words.count(count))}</title>"
        f'<rect class="{kind}" x="{x}" y="{y}" width="{cell - 2}" height="{cell - 2}" '
        f'fill-opacity="{shade:.2f}"/>{number}</g>'
    )


def _short(name: str, limit: int = 26) -> str:
    return name if len(name) <= limit else name[: limit - 1] + "…"


def _svg(width: float, height: float, title: str, description: str, body: str, role: str = "img") -> str:
    return (
        f'<svg class="ps-chart" viewBox="0 0 {width:.0f} {height:.0f}" role="{role}" '
        f'style="--ps-chart-width: {width:.0f}px" '
        f'aria-label="{title}: {description}" xmlns="http://www.w3.org/2000/svg">'
        f"<title>{title}</title><desc>{description}</desc>{body}</svg>"
    )
