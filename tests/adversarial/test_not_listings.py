"""Files that are no listing give no paper: notes with bullets, a blog with dated posts. One
warning says what the file looks like; a listing with a stray bullet loses only that bullet."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import SiteBuilder, entry, listing, real_listing
from papershelf.cli import main
from papershelf.model import Listing
from papershelf.snapshots.names import reads_as_names
from papershelf.snapshots.reader import read_snapshot
from papershelf.snapshots.text import parse_text_listing

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


# --- a paper needs evidence: an author line that reads as names ------------------------

NOT_LISTINGS = ["not-listings/arxiv-sanity-lite-README.md.txt", "not-listings/mkdocs-release-notes.md.txt"]

# Texts of our own in the shapes of real ones: release notes, a README, a changelog, an
# awesome-list of papers, meeting notes, a lab's news page copied with its menu, and a
# Hugging Face paper page copied as text (every field on a line of its own).
RELEASE_NOTES = """# Release Notes

## Maintenance team

* [@annlee](https://example.org/annlee/)
* [@bobkim](https://example.org/bobkim/)

## Version 2.4.1 (2025-03-02)

### Fixed

* Fix a crash when the settings file is empty. #812
* Support running the server in strict mode. #790

### Added

* Added translations for Danish. #804

## Version 2.4.0 (2025-01-15)

### Local preview

*   `shelf serve` no longer blocks the browser when many tabs are open.
    Context: #701

#### Drafts

> NOTE: **Changed from version 2.3.**
"""
README = """# tiny-shelf

A small tool that polls a feed for new papers and mails you the ones you tagged.

#### Install

```bash
pip install -r requirements.txt
```

#### Todos

- Make the pages work on phones with media queries
- The tag table should be a real table, for speed
- Build an index to search faster, right now we scan everything

#### License

MIT
"""
CHANGELOG = """# Changelog
All notable changes to this project are documented in this file.

## [Unreleased]

## [1.3.0] - 2024-11-02
### Added
- Norwegian translation.
- Support for reading `.ris` files
### Fixed
- A typo in the guide
+6
"""
AWESOME = """# Awesome Fast Inference [![Awesome](https://example.org/badge.svg)](https://example.org)

A curated list of papers on making models fast.

## Contents
- [Quantization](#quantization)
- [Pruning](#pruning)

## Quantization
- [Small Integers Suffice](https://example.org/2001.00001) - Ann Lee et al., 2020. [[code]](https://example.org/code)
  Shows that four bits are enough for most layers.
- **Tiny Weights** - Bob Kim, Cy Coder. ICML 2021.
  Authors:
- [Rounding Again](https://example.org/2102.00002)
  #### January 2021

## Pruning
* Sparse Nets Revisited
  Dana Dee, Eve Ex · 2022
"""
MEETING = """## Attendees
- Ann Lee (chair)
- Bob Kim (notes)

## Agenda
1. Status of the build
2. Dates for the next release

## Action items
- [ ] @ann: finish the migration by Friday
- [x] Set up the nightly job
  We agreed to keep it small.
"""
NEWS = """Lab News
• Home
• Research
• People
• News
January 2020
• Our paper on sparse caches was accepted!
  Congratulations to everyone who worked on it.
• Two new students joined the group
  +6
• Seminar
  Tuesday, 3 March 2020
"""
HF_PAGE = """Papers
arxiv:2601.00001
Paging Caches for Serving: A Study
Published on Jan 3
·
Submitted by
Ann Lee
on Jan 5
#2 Paper of the day
Upvote
42
+6
Authors:
Ann Lee
,
Bob Kim
,
Cy Coder
Abstract
We study how to page a cache when serving many users.
"""
SHAPES = {
    "release-notes": RELEASE_NOTES,
    "readme": README,
    "changelog": CHANGELOG,
    "awesome-list": AWESOME,
    "meeting-notes": MEETING,
    "news-page": NEWS,
    "hf-paper-page": HF_PAGE,
}


def _read(text: str, name: str = "notes.txt") -> Listing:
    return read_snapshot(Path(name), data=text.encode("utf-8"))


def _copied(markdown: str, bullet: str) -> str:
    """Markdown as a browser copies its rendered page: no heading marks, links as their
    text, no code or bold marks, list items with `bullet` (or none)."""
    lines = []
    for line in markdown.split("\n"):
        line = re.sub(r"^#+\s*", "", line)
        line = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", line).replace("**", "").replace("`", "")
        lines.append(re.sub(r"^(\s*)[-*+]\s+", lambda match: match[1] + bullet, line))
    return "\n".join(lines)


def _variants(text: str) -> dict[str, str]:
    """The text as saved, as copied from its rendered page, with CRLF and without blank lines."""
    return {
        "as-saved": text,
        "copied-with-bullets": _copied(text, "• "),
        "copied-with-dashes": _copied(text, "- "),
        "crlf": text.replace("\n", "\r\n"),
        "no-blank-lines": re.sub(r"\n\s*\n", "\n", text),
    }


def _one_warning(read: Listing, name: str, variant: str = "") -> None:
    assert read.entries == () and read.found == 0, variant
    assert [str(problem).split(" beginning ")[0] for problem in read.problems] == [
        f"{name}:1: not a recognised listing; it looks like text"
    ], variant


@pytest.mark.parametrize("relative", NOT_LISTINGS)
def test_real_non_listings_give_one_warning_and_no_paper(relative: str, capsys: pytest.CaptureFixture[str]):
    path = real_listing(relative)
    for variant, text in _variants(path.read_text(encoding="utf-8")).items():
        _one_warning(_read(text, path.name), path.name, variant)
    assert main(["check", str(path)]) == 0
    file_line, warning, total = capsys.readouterr().out.splitlines()
    assert file_line == f"{path}: 0 found, 0 kept, 1 warning"
    assert warning.startswith(f"  warning: {path}:1: not a recognised listing; it looks like text beginning ")
    assert total == "1 file: 0 entries found, 0 kept, 0 papers after merging, 1 warning"


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_notes_readmes_changelogs_news_and_copied_pages_give_no_paper(shape: str):
    for variant, text in _variants(SHAPES[shape]).items():
        _one_warning(_read(text, f"{shape}.txt"), f"{shape}.txt", variant)


@pytest.mark.parametrize(
    "line",
    ["#### January 2020", "Authors:", "+6", "We measured how fast the new cache pages.", "January 2020"],
)
def test_a_heading_a_label_a_count_a_sentence_or_a_date_is_never_an_author_line(line: str):
    assert not reads_as_names(line)
    text = listing(
        entry("Good One", "Ann Author"),
        f"• Some Title\n\n  {line}\n\n  Some text.\n",
        entry("Good Two", "Bob Builder"),
    )
    read = parse_text_listing(text, "x.txt")
    assert [e.title for e in read.entries] == ["Good One", "Good Two"]
    (problem,) = read.problems
    assert (
        str(problem)
        == f"x.txt:13: not a paper: {line[:60]!r} after its title does not read as names; skipped"
    )


@pytest.mark.parametrize(
    "line",
    [
        "Seon Ho Kim, Ui Jeong Jeon, Su Hyeon Kim",
        "J. Smith",
        "García-Pérez, M.",
        "Jan de Vries, Ludwig van Beethoven",
        "Mansour Zoubeirou a Mayaki, Sa wang",
        "王小明, 李华",
        r"Iker Garc\'ia-Ferrero, Rom\'an Or\'us",
        r"Niccol\`o Dubois, L\'ea Lef\`evre, Huigang Hu",  # a grave accent is no Markdown code
        "Mind Lab, :, Song Cao",
        "The XYZ Collaboration",
        "DeepSeek-AI",
        "Ann Author (Uni, City), Bob Builder and Cy Coder, et al.",
    ],
)
def test_people_and_named_groups_read_as_names(line: str):
    assert reads_as_names(line)


def test_a_file_whose_items_are_mostly_no_papers_gives_none():
    stray = "• Getting Started\n\n  Read the guide first.\n"
    mostly = listing(entry("Paging Attention", "Ann Author"), stray, stray.replace("Getting", "Keep"))
    _one_warning(_read(mostly), "notes.txt")
    half = listing(entry("Paging Attention", "Ann Author"), stray)
    read = _read(half)
    assert [e.title for e in read.entries] == ["Paging Attention"] and len(read.problems) == 1


# Pieces of Markdown and prose: each a line or a few; no line of capitalised words alone,
# which no test of names can tell from a name (`Getting Started`: see `reads_as_names`).
_PROSE_WORDS = "the cache we fixed a bug in new build with more tests for".split()
_SENTENCE = st.lists(st.sampled_from(_PROSE_WORDS), min_size=3, max_size=12).map(
    lambda words: " ".join(words).capitalize() + "."
)
_DATE = st.dates(min_value=dt.date(1990, 1, 1), max_value=dt.date(2030, 12, 31))
_PIECE = st.one_of(
    st.builds(
        "{} {}".format,
        st.sampled_from(["#", "##", "###", "####"]),
        st.one_of(_SENTENCE, _DATE.map("{:%B %Y}".format)),
    ),
    st.builds("{} {}".format, st.sampled_from(["-", "*", "•", "1.", "2)"]), _SENTENCE),
    st.builds("  {}".format, _SENTENCE),
    st.builds("| {} | {} |\n|---|---|".format, _SENTENCE, _SENTENCE),
    st.builds("- [{}](https://example.org/{})".format, _SENTENCE, st.integers(0, 99)),
    _DATE.map(lambda day: f"{day:%d %B %Y}"),
    st.sampled_from(["+6", "Authors:", "Abstract:", "`code`", "---", "> quoted", "42", ""]),
)


@pytest.mark.slow
@settings(max_examples=200, deadline=None, derandomize=True, database=None)
@given(st.lists(_PIECE, min_size=1, max_size=30), st.sampled_from(["\n", "\n\n", "\r\n"]))
def test_generated_markdown_and_prose_give_no_paper(pieces: list[str], newline: str):
    text = newline.join(pieces)
    assert parse_text_listing(text, "gen.txt").entries == ()
    _one_warning(_read(text, "gen.txt"), "gen.txt")
