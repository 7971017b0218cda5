"""What is new, and the Atom feeds: a site of three example snapshots, then the fourth added.

The example snapshots are dated by their content: 001 reaches 28 April 2026, 003 15 May,
002 23 June and 000 7 August. The site is built from the first three, then 000 is added:
the papers whose pages the second build adds are the ones first seen in it.
"""

from __future__ import annotations

import datetime as dt
import re
import shutil
from dataclasses import dataclass
from xml.etree import ElementTree

import feedparser
import pytest
from bs4 import BeautifulSoup

from conftest import SEED, BuiltSite, SiteBuilder, entry, listing
from papershelf.library.keys import KeyBook
from papershelf.library.merge import build_library
from papershelf.model import Library, Paper, Person, Sighting
from papershelf.pages import SitePlan
from papershelf.pages import feeds as feeds_module
from papershelf.indexes.arrivals import arrivals
from papershelf.snapshots.text import parse_text_listing

FOURTH = "000_d9b6205aba2d6e65.txt"
SITE_URL = "https://example.org/shelf/"
slow = pytest.mark.slow  # two builds of the example library: about 3 s
_PAPER = re.compile(r"papers/([^/]+)/$")


def _keys(hrefs: list[str]) -> list[str]:
    """The paper keys that links lead to, in order."""
    return [match[1] for href in hrefs if (match := _PAPER.search(href))]


def _listed(page: BeautifulSoup) -> list[str]:
    return _keys([a["href"] for a in page.select(".ps-papers .ps-title")])


def _marked(page: BeautifulSoup) -> set[str]:
    return set(
        _keys(
            [
                li.select_one(".ps-title")["href"]
                for li in page.select(".ps-papers li")
                if li.select(".ps-new")
            ]
        )
    )


def _papers(site: BuiltSite) -> set[str]:
    return {
        path.parent.name for path in (site.site / "papers").glob("*/index.html") if path.parent.name != "page"
    }


def _feed(site: BuiltSite, path: str) -> feedparser.FeedParserDict:
    parsed = feedparser.parse(site.text(path))
    assert parsed.bozo == 0, (path, parsed.get("bozo_exception"))
    return parsed


@dataclass
class Builds:
    before: BuiltSite
    before_papers: set[str]
    before_new: list[str]
    before_marked: set[str]
    before_feed: feedparser.FeedParserDict
    after: BuiltSite


@pytest.fixture(scope="module")
def builds(tmp_path_factory: pytest.TempPathFactory) -> Builds:
    builder = SiteBuilder(tmp_path_factory.mktemp("fresh") / "project")
    for name in sorted(path.name for path in SEED.glob("*.txt") if path.name != FOURTH):
        shutil.copy(SEED / name, builder.root / "snapshots" / name)
    before = builder.build()
    before_papers = _papers(before)
    before_new = _listed(before.page("new/"))
    before_marked = _marked(before.page("papers/"))
    before_feed = _feed(before, "feed.xml")
    shutil.copy(SEED / FOURTH, builder.root / "snapshots" / FOURTH)
    lists = builder.root / "docs" / "lists"
    lists.mkdir()
    older = sorted(before_papers)[0]
    (lists / "mixed.md").write_text(f"# Mixed\n\n- [ ] @{older}\n- [ ] @kim2026operating\n", encoding="utf-8")
    after = builder.build(extra=f"site_url: {SITE_URL}\n")
    return Builds(before, before_papers, before_new, before_marked, before_feed, after)


@pytest.fixture(scope="module")
def arrived(builds: Builds) -> set[str]:
    """The papers first seen in the fourth snapshot: those the second build added."""
    added = _papers(builds.after) - builds.before_papers
    assert "kim2026operating" in added and len(added) == 25
    return added


@slow
def test_both_builds_are_clean(builds: Builds) -> None:
    assert builds.before.warnings == []
    assert builds.after.warnings == []


@slow
def test_new_lists_exactly_the_papers_first_seen_in_the_fourth_snapshot(
    builds: Builds, arrived: set[str]
) -> None:
    page = builds.after.page("new/")
    assert [h2.get_text(strip=True).rstrip("¶") for h2 in page.select("article h2")] == [
        "First seen August 7, 2026"
    ]
    listed = _listed(page)
    assert sorted(listed) == sorted(arrived)
    assert len(listed) == len(set(listed))
    # before, the newest snapshot was 002 (23 June): its own papers, none of the fourth's
    assert builds.before_new and not set(builds.before_new) & arrived
    assert set(builds.before_new) <= builds.before_papers


@slow
def test_the_new_mark_is_on_those_papers_on_every_list(builds: Builds, arrived: set[str]) -> None:
    site = builds.after
    lists = [
        str(path.parent.relative_to(site.site)) + "/"
        for path in sorted(site.site.rglob("index.html"))
        if path.parent.parent != site.site / "papers"  # a paper's own page holds no list
    ]
    pages = {url: site.page(url) for url in lists}
    pages = {url: page for url, page in pages.items() if page.select(".ps-papers li")}
    assert {"papers/", "new/", "timeline/2026-08/", "topics/kv-cache/"} <= pages.keys()
    assert any(url.startswith("authors/") for url in pages)
    for url, page in pages.items():
        assert _marked(page) == set(_listed(page)) & arrived, url
    assert sum(len(_marked(page)) for page in pages.values()) > 2 * len(arrived)
    card = site.page("lists/mixed/")
    marked = [p.select_one(".ps-title a")["href"] for p in card.select(".ps-card") if p.select(".ps-new")]
    assert _keys(marked) == ["kim2026operating"]
    # a mark is the newest snapshot's: the first build marked those of 002 (23 June)
    assert builds.before_marked and builds.before_marked <= set(builds.before_new)


@slow
def test_the_feeds_hold_the_new_papers_first(builds: Builds, arrived: set[str]) -> None:
    site = builds.after
    library = _feed(site, "feed.xml")
    ids = [item.id for item in library.entries]
    assert {SITE_URL + f"papers/{key}/" for key in arrived} == set(ids[: len(arrived)])
    assert all(item.updated == "2026-08-07T00:00:00Z" for item in library.entries[: len(arrived)])
    assert all(item.updated < "2026-08-07" for item in library.entries[len(arrived) :])
    assert library.feed.links[0].href == SITE_URL + "feed.xml"
    kim = next(item for item in library.entries if item.id.endswith("/kim2026operating/"))
    assert kim.link == SITE_URL + "papers/kim2026operating/"
    assert kim.title.startswith("Operating Multi-Node Full Fine-Tuning on NVIDIA B300")
    assert [author.name for author in kim.authors][:2] == ["Seon Ho Kim", "Ui Jeong Jeon"]
    assert kim.summary.startswith("We report operational experience")
    mixed = _feed(site, "lists/mixed/feed.xml")
    assert mixed.entries[0].id == SITE_URL + "papers/kim2026operating/"
    assert len(mixed.entries) == 2


@slow
def test_every_feed_parses_and_goes_newest_first(builds: Builds, arrived: set[str]) -> None:
    site = builds.after
    paths = ["feed.xml", "lists/mixed/feed.xml"]
    paths += [str(path.relative_to(site.site)) for path in sorted((site.site / "topics").glob("*/feed.xml"))]
    assert len(paths) > 10
    for path in paths:
        parsed = _feed(site, path)
        days = [item.updated for item in parsed.entries]
        assert days == sorted(days, reverse=True), path
        keys = [item.id.removeprefix(SITE_URL + "papers/").rstrip("/") for item in parsed.entries]
        fresh = [key in arrived for key in keys]
        assert fresh == sorted(fresh, reverse=True), path  # the new papers first


@slow
def test_each_page_names_its_feed_in_its_head(builds: Builds) -> None:
    site = builds.after
    for url, feed in [
        ("papers/", "../feed.xml"),
        ("new/", "../feed.xml"),
        ("topics/kv-cache/", "../../topics/kv-cache/feed.xml"),
        ("lists/mixed/", "../../lists/mixed/feed.xml"),
    ]:
        links = site.page(url).select('head link[rel="alternate"][type="application/atom+xml"]')
        assert [link["href"] for link in links] == [feed], url
        assert (site.site / url / feed).resolve().is_file()
    index = site.page("papers/")
    assert [a["href"] for a in index.select(".ps-summary a")][-2:] == ["../new/", "../feed.xml"]


@slow
def test_without_a_site_url_ids_are_names_and_links_relative(builds: Builds) -> None:
    parsed = builds.before_feed
    key = builds.before_new[0]
    item = next(item for item in parsed.entries if item.id == f"urn:papershelf:paper:{key}")
    assert item.link == f"papers/{key}/"  # relative to feed.xml, at the site's root
    assert (builds.before.site / item.link / "index.html").is_file()
    assert parsed.feed.id == "urn:papershelf:feed:feed.xml"


HOSTILE = "Cache <b>&amp; ]]> </summary></entry> & \x01\x0b\x1f\ud800 x < y"


def test_hostile_text_stays_valid_xml_in_a_feed() -> None:
    paper = Paper(
        key="eve2026cache",
        title=HOSTILE,
        authors=(Person("Eve <script>&]]>\x02"),),
        date=dt.date(2026, 8, 7),
        abstract=HOSTILE + " $a<b$",
        truncated=False,
        topics=(),
        sightings=(Sighting("a.txt", 1),),
    )
    files = {generated.src_uri: generated for generated in SitePlan.of(Library((paper,), ())).files()}
    text = files["feed.xml"].made().text
    root = ElementTree.fromstring(text.encode("utf-8"))  # well-formed XML 1.0
    entry_ = root.find("{http://www.w3.org/2005/Atom}entry")
    assert entry_ is not None
    shown = "Cache <b>&amp; ]]> </summary></entry> &  x < y"
    assert entry_.findtext("{http://www.w3.org/2005/Atom}title") == shown
    parsed = feedparser.parse(text)
    assert parsed.bozo == 0
    assert parsed.entries[0].summary.startswith("Cache <b>&amp; ]]>")
    assert parsed.entries[0].author == "Eve <script>&]]>"


def test_a_snapshot_without_a_day_puts_no_paper_on_new(site_builder: SiteBuilder) -> None:
    site_builder.snapshot(
        "dated.txt", listing(entry("Paging Attention at Scale", "Ann Lee", "7 August 2026"))
    )
    bib = "@article{old2019,\n  title = {An Old Paper},\n  author = {Old, Otto},\n  year = {2019}\n}\n"
    site_builder.snapshot("library.bib", bib)
    site = site_builder.build()
    assert site.warnings == []
    assert _listed(site.page("new/")) == ["lee2026paging"]
    feed = _feed(site, "feed.xml")
    assert [item.id for item in feed.entries] == [
        "urn:papershelf:paper:lee2026paging",
        "urn:papershelf:paper:old2019",
    ]
    assert feed.entries[1].updated == "2019-01-01T00:00:00Z"  # its own date: it was never placed


def test_a_library_of_undated_snapshots_builds_an_empty_new_page(site_builder: SiteBuilder) -> None:
    site_builder.snapshot("library.bib", "@misc{undated,\n  title = {No Year},\n  author = {Doe, Jane}\n}\n")
    site = site_builder.build()
    assert site.warnings == []
    page = site.page("new/")
    assert _listed(page) == []
    assert "No snapshot gives a day of its own yet" in page.select_one(".ps-summary").get_text()
    assert _feed(site, "feed.xml").entries[0].updated == "1970-01-01T00:00:00Z"


def test_papers_first_seen_earlier_keep_that_day() -> None:
    first = parse_text_listing(listing(entry("Paging Attention at Scale", "Ann Lee", "1 May 2026")), "a.txt")
    later = parse_text_listing(
        listing(
            entry("Paging Attention at Scale", "Ann Lee", "1 May 2026"),
            entry("Speculative Paging", "Bo Liu", "3 June 2026"),
        ),
        "b.txt",
    )
    seen = arrivals(build_library([later, first], KeyBook()).library)
    assert seen.first_seen == {
        "lee2026paging": dt.date(2026, 5, 1),
        "liu2026speculative": dt.date(2026, 6, 3),
    }
    assert seen.is_new("liu2026speculative") and not seen.is_new("lee2026paging")
    alone = arrivals(build_library([first], KeyBook()).library)
    assert alone.by_day == [(dt.date(2026, 5, 1), ("lee2026paging",))]
    assert not alone.is_new("lee2026paging")  # nothing came before it


def test_each_paper_entry_is_made_once_for_each_feed_depth(monkeypatch: pytest.MonkeyPatch) -> None:
    """A paper is in the library's feed (at the site's root) and in each of its topics'
    (two folders down): its entry is made once for each, and every feed is the document
    ElementTree writes of the whole feed, however many times it is written."""
    papers = tuple(
        Paper(
            key=f"lee2026paging{index}",
            title=f"Paging & Caching <{index}>",
            authors=(Person("Ann Lee"), Person("Bo Kim")),
            date=dt.date(2026, 8, index + 1),
            abstract=f"We page a KV cache {index}." if index else "",
            truncated=index == 1,
            topics=("Systems", "Caching"),
            sightings=(Sighting("a.txt", index + 1),),
        )
        for index in range(3)
    )
    made: list[str] = []
    real_entry = feeds_module._entry

    def counted(ctx: object, key: str, *rest: object) -> ElementTree.Element:
        made.append(key)
        return real_entry(ctx, key, *rest)  # type: ignore[arg-type]

    monkeypatch.setattr(feeds_module, "_entry", counted)
    files = {generated.src_uri: generated for generated in SitePlan.of(Library(papers, ())).files()}
    paths = sorted(path for path in files if path.endswith("feed.xml"))
    assert paths[0] == "feed.xml" and {"topics/caching/feed.xml", "topics/systems/feed.xml"} < set(paths)
    texts = {path: files[path].made().text for path in paths}
    held = {(path.count("/"), item.id) for path in paths for item in feedparser.parse(texts[path]).entries}
    assert len(made) == len(held) == 2 * len(papers), "once in the root's feed, once in the topics'"
    for path, text in texts.items():
        assert files[path].made().text == text, "written again, the same"
        root = ElementTree.fromstring(text.encode("utf-8"))
        ElementTree.indent(root)
        whole = ElementTree.tostring(root, encoding="utf-8", xml_declaration=True).decode("utf-8")
        assert text == whole.replace("ns0:", "").replace(":ns0", "") + "\n"
        assert feedparser.parse(text).bozo == 0
