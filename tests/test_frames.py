"""Generated pages filled in frames the theme rendered once are the pages the theme renders
for each, whatever the theme shows of a page (`papershelf.site.frames`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import FIXTURES, SiteBuilder
from papershelf.site.frames import Frames

TOC = "markdown_extensions:\n  - attr_list\n  - toc:\n      permalink: true\n"
OVERRIDE = """\
{% extends "base.html" %}
{% block content %}{{ super() }}<p class="probe">SHOWN</p>{% endblock %}
"""
SHOWN = {
    "url": ("{{ page.url }}", lambda path, title: path),
    "title upper-cased": ("{{ page.title | upper }}", lambda path, title: title.upper()),
    "title's length": ("{{ page.meta.title | length }}", lambda path, title: str(len(title))),
}


def _files(site: Path) -> dict[str, bytes]:
    return {
        path.relative_to(site).as_posix(): path.read_bytes()
        for path in sorted(site.rglob("*"))
        if path.is_file() and path.name != "sitemap.xml.gz"  # gzip stamps the time
    }


def _site(root: Path, override: str | None = None) -> SiteBuilder:
    builder = SiteBuilder(root)
    builder.snapshot("listing.txt", (FIXTURES / "labelled" / "listing.txt").read_text(encoding="utf-8"))
    if override is not None:
        (root / "overrides").mkdir(parents=True, exist_ok=True)
        (root / "overrides" / "main.html").write_text(override, encoding="utf-8")
    return builder


def _theme_renders(monkeypatch) -> list[str]:
    """Counts the pages the theme rendered whole (the rest were filled in a frame)."""
    rendered: list[str] = []
    theme = Frames._theme

    def counting(frames: Frames, context: dict[str, object]) -> str:
        rendered.append(context["page"].file.src_uri)  # type: ignore[union-attr]
        return theme(frames, context)

    monkeypatch.setattr(Frames, "_theme", counting)
    return rendered


def test_pages_filled_in_frames_are_the_pages_the_theme_renders(tmp_path, monkeypatch):
    rendered = _theme_renders(monkeypatch)
    framed = _site(tmp_path / "framed").build(extra=TOC)
    papers = [p for p in _files(framed.site) if p.startswith("papers/") and p.count("/") == 2]
    rendered_papers = [uri for uri in rendered if uri.startswith("papers/") and uri != "papers/index.md"]
    assert len(papers) > 20 and len(rendered_papers) < len(papers) / 3, rendered_papers

    rendered.clear()
    whole = _site(tmp_path / "whole").build("render_once: false\n", extra=TOC)
    assert len([uri for uri in rendered if uri.startswith("papers/")]) > len(papers)
    assert _files(whole.site) == _files(framed.site)
    assert framed.warnings == whole.warnings == []


@pytest.mark.slow
@pytest.mark.parametrize("shown", SHOWN)
def test_a_theme_showing_more_of_a_page_than_the_frame_knows_gets_each_page_right(tmp_path, shown):
    template, expected = SHOWN[shown]
    override = OVERRIDE.replace("SHOWN", template)
    # the last `theme` wins
    extra = TOC + "theme:\n  name: material\n  font: false\n  custom_dir: overrides\n"
    framed = _site(tmp_path / "framed", override).build(extra=extra)
    pages = [p for p in _files(framed.site) if p.startswith("papers/") and p.count("/") == 2]
    assert len(pages) > 20
    for path in pages:
        page = framed.page(path.removesuffix("index.html"))
        title = page.select_one("article h1").get_text()
        assert page.select_one("p.probe").get_text() == expected(path.removesuffix("index.html"), title), path

    whole = _site(tmp_path / "whole", override).build("render_once: false\n", extra=extra)
    assert _files(whole.site) == _files(framed.site)
