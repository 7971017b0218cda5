"""Static SVG pictures drawn at build time: no script, no CDN, readable in light and dark mode.

Colours come from CSS classes (`ps-chart-*`) that the site's stylesheet maps to the theme's
palette variables, and text uses `currentColor`, so a chart follows the reader's scheme.
Labels are escaped by the caller's `escape` function (text from snapshots is data).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from papershelf.text import counted

__all__ = ["month_bars", "overlap_matrix"]

Escape = Callable[[str], str]


def month_bars(months: Sequence[tuple[str, str, int, str]], escape: Escape) -> str:
    """Papers per month, oldest left: (label, short label, count, link) per bar (a bar may
    stand for a gap of several empty months, and then links nowhere)."""
    if not months:
        return ""
    width, height, bottom, left = max(320, 48 * len(months)), 180, 40, 36
    step = (width - left) / len(months)
    largest = max(count for _, _, count, _ in months) or 1
    bars = []
    for index, (label, short, count, href) in enumerate(months):
        bar = (height - bottom - 10) * count / largest
        x = left + index * step
        shape = (
            f"<g><title>{escape(label)}: {counted(count, 'paper')}</title>"
            f'<rect class="ps-chart-bar" x="{x + step * 0.15:.1f}" y="{height - bottom - bar:.1f}" '
            f'width="{step * 0.7:.1f}" height="{bar:.1f}" rx="2"/></g>'
        )
        name = f"{escape(label)}: {counted(count, 'paper')}"
        bars.append(f'<a href="{escape(href)}" aria-label="{name}">{shape}</a>' if href else shape)
        if len(months) <= 24 or index % max(1, len(months) // 12) == 0:
            bars.append(
                f'<text x="{x + step / 2:.1f}" y="{height - bottom + 14}" text-anchor="middle" '
                f'font-size="10" fill="currentColor">{escape(short)}</text>'
            )
    base = height - bottom
    axis = (
        f'<text x="{left - 6}" y="14" text-anchor="end" font-size="10" fill="currentColor">{largest}</text>'
        f'<line class="ps-chart-axis" x1="{left}" y1="{base}" x2="{width}" y2="{base}"/>'
    )
    total = sum(count for _, _, count, _ in months)
    filled = sum(1 for _, _, count, _ in months if count)
    linked = any(href for *_, href in months)
    return _svg(
        width,
        height,
        "Papers per month",
        f"{counted(total, 'paper')} in {counted(filled, 'month')}",
        axis + "".join(bars),
        # a picture holds no links (axe: nested-interactive): one with links is a group of them
        role="group" if linked else "img",
    )


def overlap_matrix(names: Sequence[str], counts: Sequence[Sequence[int]], escape: Escape) -> str:
    """How topics overlap: cell (i, j) shades with the papers topics i and j share; the
    diagonal is each topic's size."""
    size = len(names)
    if size < 2:
        return ""
    cell, label = 22, 170
    width = height = label + cell * size + 60
    largest = max(max(row) for row in counts) or 1
    parts = []
    for i, name in enumerate(names):
        y = label + i * cell
        parts.append(
            f'<text x="{label - 6}" y="{y + cell * 0.7:.1f}" text-anchor="end" font-size="11" '
            f'fill="currentColor">{escape(_short(name))}</text>'
        )
        x = label + i * cell
        parts.append(
            f'<text transform="translate({x + cell * 0.65:.1f},{label - 6}) rotate(-55)" font-size="11" '
            f'fill="currentColor">{escape(_short(name))}</text>'
        )
        for j, count in enumerate(counts[i]):
            shade = 0.08 + 0.92 * count / largest if count else 0.0
            kind = "ps-chart-diagonal" if i == j else "ps-chart-cell"
            tip = (
                f"{name}: {counted(count, 'paper')}"
                if i == j
                else f"{name} and {names[j]}: {counted(count, 'paper')}"
            )
            parts.append(
                f'<g><title>{escape(tip)}</title><rect class="{kind}" x="{label + j * cell}" y="{y}" '
                f'width="{cell - 2}" height="{cell - 2}" fill-opacity="{shade:.2f}"/></g>'
            )
    return _svg(
        width,
        height,
        "How topics overlap",
        f"Papers shared by the {size} largest topics; darker cells share more papers",
        "".join(parts),
    )


def _short(name: str, limit: int = 26) -> str:
    return name if len(name) <= limit else name[: limit - 1] + "…"


def _svg(width: float, height: float, title: str, description: str, body: str, role: str = "img") -> str:
    return (
        f'<svg class="ps-chart" viewBox="0 0 {width:.0f} {height:.0f}" role="{role}" '
        f'aria-label="{title}: {description}" xmlns="http://www.w3.org/2000/svg">'
        f"<title>{title}</title><desc>{description}</desc>{body}</svg>"
    )
