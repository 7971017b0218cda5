"""A site overrides the page templates from its theme's `custom_dir`, one section at a time:
the built site and `papershelf generate` both use its macro, and nothing else changes."""

from __future__ import annotations

import datetime as dt
import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import BuiltSite, SiteBuilder, entry, listing
from test_versions import FIRST_TITLE, KIM, RETITLED, _entry, _library

from papershelf.pages import SiteOptions, SitePlan

KEY = "kim2026operating"
PAPER = f"papers/{KEY}/index.html"

# The site's abstract section, and its sightings wrapped around the package's own.
OVERRIDE = """\
{% import "package/papershelf/paper.html" as package %}
{% macro abstract(abstract, cut) -%}
<blockquote class="site-abstract">{{ abstract }}</blockquote>
{%- endmacro %}
{% macro sightings(places) -%}
<div class="site-sightings">{{ package.sightings(places) }}</div>
{%- endmacro %}
"""

SNAPSHOT = listing(
    entry("Operating Clusters {{ 7*7 }}", "Seon Ho Kim, Ann Author", abstract="We run *x* at $n$ scale."),
    entry("Other Work", "Ann Author", "6 August 2026"),
)


def _site(root: Path, override: bool) -> BuiltSite:
    builder = SiteBuilder(root)
    builder.snapshot("a.txt", SNAPSHOT)
    folder = root / "overrides" / "papershelf"
    folder.mkdir(parents=True)
    if override:
        (folder / "paper.html").write_text(OVERRIDE, encoding="utf-8")
    return builder.build(theme="custom_dir: overrides\n")


@pytest.fixture(scope="module")
def sites(tmp_path_factory: pytest.TempPathFactory) -> tuple[BuiltSite, BuiltSite]:
    root = tmp_path_factory.mktemp("templates")
    return _site(root / "plain", override=False), _site(root / "overridden", override=True)


def _pages(site: BuiltSite) -> dict[str, str]:
    return {
        path.relative_to(site.site).as_posix(): path.read_text(encoding="utf-8")
        for path in site.site.rglob("*.html")
    }


def test_the_site_section_replaces_the_package_one(sites: tuple[BuiltSite, BuiltSite]) -> None:
    plain, overridden = sites
    assert plain.warnings == [] and overridden.warnings == []
    page = overridden.page(PAPER)
    quote = page.select_one("blockquote.site-abstract")
    assert quote is not None and quote.get_text() == "We run *x* at n scale."
    assert quote.find("math") is not None  # the abstract as the package renders it
    assert page.select_one(".ps-abstract") is None
    wrapped = page.select_one("div.site-sightings > ul.ps-sightings")
    assert wrapped is not None and "a.txt:" in wrapped.get_text()
    # The sections the site left alone are the package's, byte for byte.
    head = plain.page(PAPER).select_one(".ps-paper-title")
    assert head is not None and str(page.select_one(".ps-paper-title")) == str(head)
    assert str(page.select_one(".ps-bibtex")) == str(plain.page(PAPER).select_one(".ps-bibtex"))


def test_every_other_page_is_unchanged(sites: tuple[BuiltSite, BuiltSite]) -> None:
    plain, overridden = _pages(sites[0]), _pages(sites[1])
    assert plain.keys() == overridden.keys()
    changed = {name for name in plain if plain[name] != overridden[name]}
    assert changed == {PAPER, "papers/author2026other/index.html"}  # the paper pages only


@pytest.mark.slow  # the command line in a process of its own
def test_generate_uses_the_site_templates(sites: tuple[BuiltSite, BuiltSite]) -> None:
    root = sites[1].root
    out = root / "generated"
    subprocess.run(
        [sys.executable, "-m", "papershelf.cli", "generate", "--out", str(out)],
        cwd=root,
        capture_output=True,
        check=True,
    )
    page = (out / "papers" / f"{KEY}.md").read_text(encoding="utf-8")
    assert '<blockquote class="site-abstract">' in page and 'class="ps-abstract"' not in page
    other = (out / "papers" / "author2026other.md").read_text(encoding="utf-8")
    assert '<div class="site-sightings">' in other


def test_an_edited_override_makes_the_plan_stale(tmp_path: Path) -> None:
    """Under `mkdocs serve` the session keeps its plan while nothing changed; an override
    edited since it was loaded is a change."""
    from papershelf.model import Library

    folder = tmp_path / "papershelf"
    folder.mkdir()
    template = folder / "paper.html"
    template.write_text("{% macro sightings(places) %}old{% endmacro %}", encoding="utf-8")
    plan = SitePlan.of(Library([], []), SiteOptions(overrides=(str(tmp_path),)))
    sightings = plan._context.sections("paper").sightings
    assert sightings([]) == "old" and plan.fresh
    template.write_text("{% macro sightings(places) %}new{% endmacro %}", encoding="utf-8")
    stat = template.stat()
    os.utime(template, (stat.st_atime, stat.st_mtime + 10))
    assert not plan.fresh


# The pieces a page kind gained beside its sections: the "New" mark, "Also listed as", the
# page at an older key, the feed's link in the head, what search reads.
PIECES = {
    "paper-list.html": ("new_mark()", '<mark class="site-new">{{ words.new_mark }}</mark>'),
    "paper.html": ("also(titles, keys)", '<p class="site-also">{{ keys | length }}</p>'),
    "redirect.html": ("page(lang, title, href, linked)", '<p class="site-moved">{{ href }}</p>'),
    "feed.html": ("link(title, href)", '<link class="site-feed" href="{{ href }}">'),
    "search.html": ("view(paragraphs, title, anchor)", '<p class="site-view">{{ title }}</p>'),
}
"""A site's macro (its name and arguments, and what it writes) in each template."""


def _joined_versions(overrides: tuple[str, ...]) -> dict[str, str]:
    """Every file of a library where a revision retitled on 1 September joined the paper
    first seen on 7 August (its second key now an alias), beside a paper new that day."""
    september = dt.date(2026, 9, 1)
    apart = _library(_entry(FIRST_TITLE, KIM, "a.txt"))
    later = _library(_entry(RETITLED, KIM, "b.txt", september), book=apart.book)
    merged = _library(
        _entry(FIRST_TITLE, KIM, "a.txt"),
        _entry(RETITLED, KIM, "b.txt", september),
        _entry("Fresh Results", "Ann Author", "b.txt", september, line=9),
        book=later.book,
    )
    plan = SitePlan.of(merged.library, SiteOptions(overrides=overrides))
    made = {}
    for planned in plan.files():
        generated = planned.made()
        view = str(generated.search_view()) if generated.search_view else ""
        made[generated.src_uri] = "\n".join((generated.text, view, plan.head(generated.src_uri)))
    return made


def test_the_pieces_beside_the_sections_follow_the_site_templates(tmp_path: Path) -> None:
    folder = tmp_path / "papershelf"
    folder.mkdir()
    for name, (macro, body) in PIECES.items():
        (folder / name).write_text(f"{{% macro {macro} %}}{body}{{% endmacro %}}", encoding="utf-8")
    plain, site = _joined_versions(()), _joined_versions((str(tmp_path),))
    assert plain.keys() == site.keys()
    paper, redirect = "papers/kim2026operating.md", "papers/kim2026operatinga/index.html"
    assert "Also listed as" in plain[paper] and '<p class="site-also">1</p>' in site[paper]
    assert 'http-equiv="refresh"' in plain[redirect]
    assert site[redirect].strip() == '<p class="site-moved">../../papers/kim2026operating/</p>'
    for page in ("papers/index.md", "new/index.md"):
        assert plain[page].count('<span class="ps-new">New</span>') == 1
        assert site[page].count('<mark class="site-new">New</mark>') == 1 and "ps-new" not in site[page]
        assert 'rel="alternate"' in plain[page] and 'class="site-feed" href="../feed.xml"' in site[page]
    assert f'<p class="site-view">{RETITLED} · kim2026operating</p>' in site[paper]
    data = [name for name in plain if not name.endswith((".md", ".html"))]  # feeds, exports
    assert data and all(plain[name] == site[name] for name in data)
