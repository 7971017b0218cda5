"""Files that are no listing give no paper: notes with bullets, a blog with dated posts. One
warning says what the file looks like; a listing with a stray bullet loses only that bullet."""

from __future__ import annotations

from pathlib import Path

from conftest import SiteBuilder, entry, listing
from papershelf.snapshots.reader import read_snapshot

NOTES = (
    "Meeting notes, 5 March 2026\n\nWe talked about the budget.\n- buy coffee\n- book the room for Thursday\n"
)
BLOG = """<html><head><title>My blog</title></head><body><nav><a href="/">Home</a></nav>
<article><h2>A day at the lake</h2><time datetime="2026-03-05">5 March 2026</time>
<p>We went to the lake and it was lovely, the water was cold but the sun was warm all day long.</p></article>
<article><h2>Baking bread</h2><time datetime="2026-03-01">1 March 2026</time>
<p>Flour, water, salt and patience: a loaf needs little else but time and a hot oven to rise.</p></article>
</body></html>
"""


def test_notes_and_a_blog_are_one_warning_each_and_no_paper(tmp_path: Path):
    (tmp_path / "notes.txt").write_text(NOTES, encoding="utf-8")
    (tmp_path / "blog.html").write_text(BLOG, encoding="utf-8")
    said = {}
    for name in ("notes.txt", "blog.html"):
        read = read_snapshot(tmp_path / name)
        assert read.entries == ()
        said[name] = [str(p) for p in read.problems]
    looks = "not a recognised listing; it looks like"
    assert said == {
        "notes.txt": [f"notes.txt:1: {looks} text beginning 'Meeting notes, 5 March 2026'"],
        "blog.html": [f"blog.html:1: {looks} an HTML page titled 'My blog'"],
    }


def test_a_site_beside_such_files_builds_its_papers_and_says_what_it_skipped(site_builder: SiteBuilder):
    site_builder.snapshot("notes.txt", NOTES)
    site_builder.snapshot("a.txt", listing(entry("Paging Attention", "Ann Author")))
    built = site_builder.build()
    assert [w.split(": ", 1)[1] for w in built.warnings] == [
        "notes.txt:1: not a recognised listing; it looks like text beginning 'Meeting notes, 5 March 2026'"
    ]
    papers = [p.name for p in (built.site / "papers").iterdir() if p.is_dir() and p.name != "page"]
    assert papers == ["author2026paging"]
