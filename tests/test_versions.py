"""One paper across its versions: a retitled revision joins its paper, the older key keeps
leading to it, and a like title by other authors is a warning (`papershelf.library.versions`)."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import REPO, listing
from papershelf.library.identity import identity_of, retitled
from papershelf.library.keyfile import read_key_file, render_key_file
from papershelf.library.keys import KeyBook
from papershelf.library.merge import build_library
from papershelf.library.versions import VersionIndex
from papershelf.model import Entry, Listing, Person, Sighting
from papershelf.text.rules import title_words

EXAMPLE = REPO / "snapshots" / "000_d9b6205aba2d6e65.txt"
FIRST_TITLE = (
    "Operating Multi-Node Full Fine-Tuning on NVIDIA B300: A Field Report on Telemetry-Based "
    "Triage, Negative Results, and Operational Hardening"
)
RETITLED = "Operating Multi-Node Full Fine-Tuning on NVIDIA B300: A Field Report"
KIM = "Seon Ho Kim, Ui Jeong Jeon, Su Hyeon Kim, Min Tae Hwang"


def _alike(one: str, other: str) -> bool:
    return retitled(title_words(one), title_words(other))


def test_a_phrase_added_or_removed_in_one_place_is_a_retitling():
    assert _alike(FIRST_TITLE, RETITLED)  # a subtitle's end dropped (9 words)
    assert _alike(RETITLED, "Operating Multi-Node Full Fine-Tuning: A Field Report")  # `on NVIDIA B300`
    assert (
        _alike("Speculative Decoding for Edge Devices", "Fast Speculative Decoding for Edge Devices") is False
    )
    assert (
        _alike("Efficient Attention for Long Contexts", "Efficient Attention for Long Contexts, Part II")
        is False
    )
    assert _alike("The 100 most influential people", "The 100 most influential people 2") is False
    assert _alike("Quiet Paper", "Quiet Paper: A Longer Title") is False  # two words: too short to tell
    # Real pairs of other papers by one author (arXiv 1106.3680 and 1306.4664; 1401.3665 and
    # 2411.18291): a word changed is no retitling; a phrase added, years apart, is kept apart
    # by the dates (`test_years_apart_...`).
    assert not _alike(
        "Efficient Two-Stage Group Testing Algorithms for Genetic Screening",
        "Efficient Two-Stage Group Testing Algorithms for DNA Screening",
    )


def _entry(title: str, authors: str, file: str, date: dt.date = dt.date(2026, 8, 7), line: int = 5) -> Entry:
    people = tuple(Person(name.strip()) for name in authors.split(","))
    return Entry(title, people, date, "An abstract.", False, "Topic", Sighting(file, line))


def _library(*entries: Entry, book: KeyBook | None = None):
    files = sorted({e.source.file for e in entries})
    listings = [Listing(f, "Topic", tuple(e for e in entries if e.source.file == f)) for f in files]
    return build_library(listings, book or KeyBook())


def test_a_retitled_sighting_by_the_same_authors_is_one_paper_with_the_newest_title():
    merged = _library(
        _entry(FIRST_TITLE, KIM, "a.txt"),
        _entry(RETITLED, KIM, "b.txt", dt.date(2026, 9, 1)),
    )
    (paper,) = merged.library.papers
    assert paper.title == RETITLED
    assert paper.other_titles == (FIRST_TITLE,)
    assert paper.key == "kim2026operating"
    assert merged.library.problems == ()


def test_other_papers_of_one_group_stay_apart_without_a_warning():
    merged = _library(
        _entry("Operating Clusters at Scale", KIM, "a.txt"),
        _entry("Operating Clusters at Scale, Part II", KIM, "b.txt"),  # a sequel
        _entry("Operating Clusters at Small Scale", KIM, "b.txt", line=9),  # a word changed
        _entry("Operating Clusters at Scale: A Field Report", KIM, "a.txt", line=9),  # one snapshot
        _entry("Operating Clusters at Scale: Ten Years On", KIM, "c.txt", dt.date(2030, 1, 1)),
    )
    assert len(merged.library.papers) == 5
    assert merged.library.problems == ()


def test_a_like_title_by_other_authors_is_a_warning_at_the_later_sighting_naming_both():
    merged = _library(
        _entry(FIRST_TITLE, KIM, "a.txt"),
        _entry(RETITLED, "Seon Ho Kim, Ui Jeong Jeon, Ann Other", "b.txt", line=12),
        _entry(RETITLED, "Somebody Else, Another One", "c.txt"),  # no one in common: no warning
    )
    assert len(merged.library.papers) == 3
    (problem,) = merged.library.problems
    assert str(problem.source) == "b.txt:12"
    assert "'kim2026operating'" in problem.message and "'kim2026operatinga'" in problem.message
    assert FIRST_TITLE in problem.message and RETITLED in problem.message


def test_two_keyed_versions_keep_the_first_key_and_the_other_becomes_its_alias():
    # Keys an earlier papershelf issued to the two versions apart.
    apart = _library(_entry(FIRST_TITLE, KIM, "a.txt"))
    later = _library(_entry(RETITLED, KIM, "b.txt"), book=apart.book)
    assert later.library.papers[0].key == "kim2026operatinga"
    for order in (("a.txt", "b.txt"), ("b.txt", "a.txt")):
        joined = _library(
            _entry(FIRST_TITLE, KIM, order[0]), _entry(RETITLED, KIM, order[1]), book=later.book
        )
        (paper,) = joined.library.papers
        assert (paper.key, paper.aliases) == ("kim2026operating", ("kim2026operatinga",))
        assert joined.library.resolve("kim2026operatinga") == "kim2026operating"
        text = render_key_file(joined.book)
        assert re.search(r"^kim2026operatinga\tkim;jeon;kim;hwang\|\w+\|alias:kim2026operating\t", text, re.M)
        again = _library(_entry(RETITLED, KIM, "b.txt"), book=joined.book)  # v1 gone: still one key
        assert again.library.papers[0].key == "kim2026operating"


def test_an_alias_line_reads_back_and_an_old_reader_claims_no_paper_by_it(tmp_path):
    joined = _library(
        _entry(FIRST_TITLE, KIM, "a.txt"),
        _entry(RETITLED, KIM, "b.txt"),
        book=_library(
            _entry(RETITLED, KIM, "b.txt"), book=_library(_entry(FIRST_TITLE, KIM, "a.txt")).book
        ).book,
    )
    path = tmp_path / "citation-keys.tsv"
    path.write_text(render_key_file(joined.book), encoding="utf-8")
    book = read_key_file(path)
    assert book.problems == () and render_key_file(book) == path.read_text(encoding="utf-8")
    alias = next(row for row in book.rows if row.alias)
    assert (alias.key, alias.alias) == ("kim2026operatinga", "kim2026operating")
    # A reader that knows no aliases sees `...|title|alias:KEY`: an identity no paper has.
    field = next(
        line for line in path.read_text().splitlines() if line.startswith("kim2026operatinga")
    ).split("\t")[1]
    title = field.partition("|")[2]
    assert title.endswith("|alias:kim2026operating") and "|arxiv:" not in title


_GROUPS = [f"{name} Kim, {name} Lee, {name} Park" for name in ("Ann", "Bo", "Cy")]
_TITLES = [
    ("Operating Multi-Node Training at Scale", "Operating Multi-Node Training at Scale: A Field Report"),
    (
        "Sparse Attention for Long Context Inference",
        "Sparse Attention for Long Context Inference on Edge Devices",
    ),
]


@settings(max_examples=60, deadline=None, derandomize=True, database=None)
@given(
    st.lists(
        st.tuples(st.integers(0, 2), st.integers(0, 1), st.booleans(), st.sampled_from("abcdef")),
        min_size=1,
        max_size=8,
        unique_by=lambda sighting: (sighting[0], sighting[1], sighting[3]),  # a paper once a file
    ),
    st.lists(st.integers(0, 7), min_size=1, max_size=8),
)
def test_every_key_once_issued_keeps_leading_to_its_paper_whatever_order_snapshots_come_in(sightings, steps):
    """Snapshots (a letter each) hold versions of a few papers (group, title, version);
    they are added in any order over several builds. A key once issued stays in the book and
    leads, in every later build, to the paper that holds the sightings it led to before."""
    entries = [
        _entry(_TITLES[title][revised], _GROUPS[group], f"{file}.txt", line=5 + 4 * index)
        for index, (group, title, revised, file) in enumerate(sightings)
    ]
    files = sorted({e.source.file for e in entries})
    book, before = KeyBook(), {}
    shown: set[str] = set()
    for step in steps:
        shown.add(files[step % len(files)])
        merged = _library(*(e for e in entries if e.source.file in shown), book=book)
        library = merged.library
        assert {row.key for row in book.rows} <= {row.key for row in merged.book.rows}
        now = {paper.key: set(paper.sightings) for paper in library.papers}
        for key, seen in before.items():
            assert seen <= now[library.resolve(key)], key
        before = {key: now[library.resolve(key)] for key in {*before, *now, *library.aliases}}
        book = merged.book
        assert all(len({p.title for p in library.papers if p.key == k}) == 1 for k in now)


_WORDS = ("on", "the", "fast", "llm", "serving", "for", "edge", "devices", "2", "a")
_PHRASE = st.lists(st.sampled_from(_WORDS[:8]), min_size=2, max_size=4)


@settings(max_examples=200, deadline=None, derandomize=True, database=None)
@given(
    st.lists(st.sampled_from(_WORDS), min_size=3, max_size=8),
    st.lists(
        st.tuples(st.integers(0, 20), st.booleans(), st.integers(0, 9), _PHRASE, st.integers(0, 2)),
        max_size=12,
    ),
)
def test_the_title_index_finds_every_version_a_scan_of_all_titles_finds(first, changes):
    """Each title is an earlier one with a phrase added or removed at its start, inside it
    or at its end (or the first title), by one of three groups, in its own file and month:
    the index (`VersionIndex`) joins and warns exactly as trying every title filed before."""
    titles = [first]
    for earlier, adding, place, phrase, _ in changes:
        words = titles[earlier % len(titles)]
        at = min(place, len(words))
        titles.append(words[:at] + phrase + words[at:] if adding else words[:at] + words[at + len(phrase) :])
    entries = [
        _entry(
            " ".join(words),
            _GROUPS[group],
            f"{index}.txt",
            dt.date(2025, 1, 1) + dt.timedelta(days=30 * index),
        )
        for index, (words, group) in enumerate(
            zip(titles, [0, *(change[4] for change in changes)], strict=True)
        )
    ]

    def every_title(index: VersionIndex, words: tuple[str, ...]) -> list:
        filed = {id(f): f for titled in index._by_title.values() for f in titled}
        return sorted(filed.values(), key=lambda f: f.group)

    def outcome() -> list:
        index = VersionIndex()
        found = []
        for group, entry in enumerate(entries):
            identity = identity_of(entry.title, entry.authors)
            found.append(index.version_of(entry, identity))
            index.file(group, entry, identity)
        return found

    indexed = outcome()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(VersionIndex, "_candidates", every_title)
        scanned = outcome()
    assert indexed == scanned


def _example_papers(count: int) -> list[str]:
    """The first papers of the example listing, each as its entry block."""
    blocks = EXAMPLE.read_text(encoding="utf-8").split("\n• ")[1 : count + 1]
    assert blocks[0].startswith(FIRST_TITLE)
    return ["• " + block.rstrip() + "\n" for block in blocks]


def _retitled_copy() -> str:
    """The example listing's first paper alone, as a revision retitles it."""
    return listing(_example_papers(1)[0].replace(FIRST_TITLE, RETITLED, 1))


def test_a_retitled_copy_of_an_example_paper_is_the_same_paper_under_its_first_key(site_builder):
    """Built apart (the example listing, then the revision alone), the two versions got two
    keys; together they are one paper: the count is that of the example, the second key's
    URL redirects to the paper, `[@key]` and `@key` in a reading list lead to it, the key file
    says so, and `library.bib` holds the paper once."""
    example = site_builder.snapshot(EXAMPLE.name, listing(*_example_papers(4)))
    first = site_builder.build()
    count = len(list((first.site / "papers").glob("*.bib")))
    assert count == 4 and (first.site / "papers" / "kim2026operating" / "index.html").exists()
    example.rename(example.with_suffix(".away"))
    site_builder.snapshot("zzz_revised.txt", _retitled_copy())
    assert (site_builder.build().site / "papers" / "kim2026operatinga" / "index.html").exists()

    example.with_suffix(".away").rename(example)
    (site_builder.root / "docs" / "index.md").write_text("# Site\n\nAs [@kim2026operatinga] reports.\n")
    (site_builder.root / "docs" / "lists").mkdir()
    (site_builder.root / "docs" / "lists" / "b300.md").write_text("# B300\n\n- [ ] @kim2026operatinga\n")
    built = site_builder.build()
    assert built.warnings == []
    assert len(list((built.site / "papers").glob("*.bib"))) == count

    page = built.page("papers/kim2026operating/")
    assert page.select_one(".ps-paper-title").get_text() == RETITLED
    also = page.select_one(".ps-also").get_text(" ", strip=True)
    assert FIRST_TITLE in also and "kim2026operatinga" in also

    redirect = built.page("papers/kim2026operatinga/")
    assert (
        redirect.select_one('meta[http-equiv="refresh"]')["content"]
        == "0; url=../../papers/kim2026operating/"
    )
    assert redirect.select_one('link[rel="canonical"]')["href"] == "../../papers/kim2026operating/"
    assert "kim2026operatinga/" not in built.text("sitemap.xml")
    assert "kim2026operatinga" not in built.text("search/search_index.json")

    cite = built.page("").select_one(".ps-cite a")
    assert cite["href"] == "papers/kim2026operating/"
    card = built.page("lists/b300/").select_one('a[href="../../papers/kim2026operating/"]')
    assert card is not None
    assert "kim2026operatinga" not in {a["href"] for a in built.page("lists/b300/").select("a[href]")}

    keys = (site_builder.root / "citation-keys.tsv").read_text(encoding="utf-8")
    assert re.search(r"^kim2026operatinga\t[^\t]*\|alias:kim2026operating\t", keys, re.M)
    bib = built.text("library.bib")
    assert len(re.findall(r"^@\w+\{", bib, re.M)) == count
    assert "{kim2026operating," in bib and "{kim2026operatinga," not in bib
    assert "ids = {kim2026operatinga}" in bib  # biblatex's alias: a document citing it still finds it
