"""The second process that makes paper pages and data files while MkDocs works."""

from __future__ import annotations

import datetime
import os
import signal
import sys
import time
from pathlib import Path

import pytest

from papershelf.snapshots import dates
from papershelf.site.background import Aside, Maker, data_path, split_map
from papershelf.site.generated import SiteFile
from test_site import _two_listings


def _deferred(src_uri: str, make) -> SiteFile:
    return SiteFile(src_uri, "skeleton", deferred=lambda: SiteFile(src_uri, make(), blocks=(make(),)))


def test_pages_and_data_are_made_in_a_second_process(tmp_path):
    parent = os.getpid()
    pages = [_deferred(f"papers/{n}.md", lambda: str(os.getpid())) for n in range(50)]
    data = [_deferred("library.bib", lambda: f"made by {os.getpid()}")]
    maker = Maker(pages, data, tmp_path, parallel=True)
    try:
        made = [maker.page(f"papers/{n}.md") for n in (0, 7, 3, 49)]  # any order
        assert {page.blocks[0] for page in made} != {str(parent)}
        maker.finish()
        assert data_path(str(tmp_path), "library.bib") == str(tmp_path / "library.bib")
        written = (tmp_path / "library.bib").read_text(encoding="utf-8")
        assert written.startswith("made by ") and written != f"made by {parent}"
    finally:
        maker.close()


def test_a_failing_second_process_leaves_the_work_to_this_one(tmp_path):
    parent = os.getpid()

    def only_here() -> str:
        if os.getpid() != parent:
            raise RuntimeError("fails in the second process")
        return "made here"

    maker = Maker(
        [_deferred("papers/a.md", only_here)], [_deferred("library.bib", only_here)], tmp_path, parallel=True
    )
    try:
        assert maker.page("papers/a.md").blocks == ("made here",)
        maker.finish()
        assert (tmp_path / "library.bib").read_text(encoding="utf-8") == "made here"
    finally:
        maker.close()


def test_values_aside_are_worked_out_in_a_forked_process_one_by_one():
    parent = os.getpid()

    def stages():
        yield ("first", os.getpid())
        yield ("second", os.getpid())

    aside = Aside(stages, parallel=True)
    try:
        first, second = aside.next(), aside.next()
    finally:
        aside.close()
    assert [first[0], second[0]] == ["first", "second"]
    assert first[1] == second[1] != parent


def test_a_failing_process_aside_leaves_the_rest_to_this_one():
    parent = os.getpid()
    made_here: list[str] = []

    def stages():
        yield "read"
        if os.getpid() != parent:
            raise RuntimeError("fails in the second process")
        made_here.append("topics")
        yield "topics"

    aside = Aside(stages, parallel=True)
    try:
        assert [aside.next(), aside.next()] == ["read", "topics"]
    finally:
        aside.close()
    assert made_here == ["topics"]  # made here after the process failed, and only once


def test_without_fork_the_values_aside_are_made_here():
    parent = os.getpid()
    aside = Aside(lambda: iter([os.getpid()]), parallel=False)
    assert aside.next() == parent


def test_a_map_is_shared_with_a_forked_process_and_keeps_its_order():
    parent = os.getpid()
    done = split_map(lambda n: (n, os.getpid()), list(range(7)), parallel=True)
    assert [n for n, _ in done] == list(range(7))
    assert {pid for _, pid in done[0::2]} == {parent}
    assert parent not in {pid for _, pid in done[1::2]}


def test_the_analysis_process_shares_its_reading_with_one_more():
    def stages():
        yield split_map(lambda _: os.getpid(), ["a.txt", "b.txt"], parallel=True)

    aside = Aside(stages, parallel=True)
    try:
        first, second = aside.next()
    finally:
        aside.close()
    assert len({os.getpid(), first, second}) == 3


def test_month_names_are_read_in_two_processes_as_they_are_here(monkeypatch):
    here = dates._lexicon()
    monkeypatch.setattr(dates, "_LEXICON", None)
    readers: set[int] = set()

    def each(read, locales):
        done = split_map(lambda locale: (read(locale), os.getpid()), locales, parallel=True)
        readers.update(pid for _, pid in done)
        return [words for words, _ in done]

    dates.read_month_names(each)
    assert len(readers) == 2
    assert dates._lexicon() == here
    assert dates.parse_date("16. Juni 2026") == datetime.date(2026, 6, 16)


def _descendants() -> set[int]:
    """Processes below this one (Linux: read from /proc)."""
    parents = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            parents[int(entry.name)] = int(stat.rsplit(")", 1)[1].split()[1])
    found, frontier = set(), {os.getpid()}
    while frontier:
        frontier = {pid for pid, parent in parents.items() if parent in frontier} - found
        found |= frontier
    return found


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_a_map_that_fails_here_leaves_no_process_behind(capfd):
    def read(item: int) -> str:
        if item == 0:  # this process's half fails once the other is being sent
            time.sleep(0.5)
            raise ValueError("unreadable")
        return "x" * 3_000_000  # more than the pipe holds: its sender waits for a reader

    with pytest.raises(ValueError):
        split_map(read, [0, 1], parallel=True)
    deadline = time.monotonic() + 10
    while _descendants() and time.monotonic() < deadline:
        time.sleep(0.1)
    left = _descendants()
    for pid in left:  # so that a failure here does not hang the test run as well
        os.kill(pid, signal.SIGKILL)
    assert left == set()
    assert "Traceback" not in capfd.readouterr().err


def test_a_map_that_fails_in_the_forked_process_is_done_here_quietly(capfd):
    parent = os.getpid()

    def read(item: int) -> int:
        if os.getpid() != parent:
            raise ValueError("fails in the forked process")
        return item

    assert split_map(read, [0, 1, 2], parallel=True) == [0, 1, 2]
    assert "Traceback" not in capfd.readouterr().err


def test_without_fork_a_map_is_done_here():
    assert split_map(lambda _: os.getpid(), [1, 2, 3], parallel=False) == [os.getpid()] * 3
    assert split_map(lambda n: n, [], parallel=True) == []


def test_the_site_is_the_same_with_and_without_the_second_process(site_builder):
    _two_listings(site_builder)
    sites = {}
    for parallel in (True, False):
        built = site_builder.build(plugin_options=f"parallel: {str(parallel).lower()}\n")
        assert built.warnings == []
        sites[parallel] = {
            path.relative_to(built.site): path.read_bytes()
            for path in sorted(built.site.rglob("*"))
            if path.is_file() and not path.name.startswith("sitemap.xml")
        }
    assert sites[True].keys() == sites[False].keys()
    assert [path for path in sites[True] if sites[True][path] != sites[False][path]] == []
    assert Path("papers/garciaferrero2026sparse.bib") in sites[True]


def test_a_value_that_cannot_cross_is_made_here_without_a_traceback(capfd):
    parent = os.getpid()

    def stages():
        yield (os.getpid(), lambda: None)  # a function does not pickle
        yield os.getpid()

    aside = Aside(stages, parallel=True)
    try:
        made = [aside.next(), aside.next()]
    finally:
        aside.close()
    assert made[0][0] == parent and made[1] == parent
    assert "Traceback" not in capfd.readouterr().err
