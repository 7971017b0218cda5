"""The caches: a rebuild of an unchanged library does no analysis and reads only the
snapshots that changed, and the site it builds is byte for byte the one built without them."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import papershelf.cache
import papershelf.folder
from conftest import FIXTURES, SiteBuilder, entry, listing
from papershelf.analysis import AnalysisOptions
from papershelf.cache import AnalysisCache
from papershelf.keyfile import keyed_library
from papershelf.snapshots.reader import read_snapshot


def _files(site: Path) -> dict[str, bytes]:
    return {
        path.relative_to(site).as_posix(): path.read_bytes()
        for path in sorted(site.rglob("*"))
        if path.is_file() and path.name != "sitemap.xml.gz"  # gzip stamps the time
    }


@pytest.fixture
def analyses(monkeypatch) -> list[int]:
    """Counts the analyses made (not taken from the cache)."""
    made: list[int] = []
    analyse = papershelf.cache.analyse

    def counting(*args, **kwargs):
        made.append(1)
        return analyse(*args, **kwargs)

    monkeypatch.setattr(papershelf.cache, "analyse", counting)
    return made


def _labelled_site(builder: SiteBuilder) -> SiteBuilder:
    builder.snapshot("listing.txt", (FIXTURES / "labelled" / "listing.txt").read_text(encoding="utf-8"))
    lists = builder.root / "docs" / "lists"
    lists.mkdir(parents=True)
    (lists / "mine.md").write_text("# Mine\n\n- [ ] topic:kv-cache\n", encoding="utf-8")
    return builder


def test_a_rebuild_from_the_cache_is_byte_identical_and_analyses_nothing(tmp_path, analyses):
    cached = _labelled_site(SiteBuilder(tmp_path / "cached"))
    first = cached.build()
    assert analyses == [1] and (cached.root / ".cache" / "plugin" / "papershelf" / "analysis.pickle").exists()
    assert any(r.getMessage().startswith("papershelf: library analysed in ") for r in cached.records)
    first_files = _files(first.site)
    again = cached.build()  # the same plugin instance, as under `mkdocs serve`
    assert analyses == [1], "the rebuild analysed the library again"
    assert _files(again.site) == first_files
    # A new process, as a second `mkdocs build` is, finds the analysis on disk.
    run = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "-f", str(cached.root / "mkdocs.yml")],
        capture_output=True,
        text=True,
        check=True,
    )
    assert "analysis of the library taken from .cache/plugin/papershelf" in run.stderr
    assert _files(first.site) == first_files

    uncached = _labelled_site(SiteBuilder(tmp_path / "uncached"))
    plain = uncached.build("cache: false\n")
    assert not (uncached.root / ".cache").exists()
    assert _files(plain.site) == first_files
    assert first.warnings == again.warnings == plain.warnings


def test_a_changed_library_or_option_is_analysed_again(site_builder, analyses):
    site_builder.snapshot("a.txt", listing(entry("Operating Clusters", "Seon Ho Kim")))
    site_builder.build()
    site_builder.snapshot("b.txt", listing(entry("Operating Kernels", "Jae Kim")))
    built = site_builder.build()
    assert len(analyses) == 2 and (built.site / "papers" / "kim2026operatinga" / "index.html").exists()
    site_builder.build("related: 2\n")
    assert len(analyses) == 3


def test_a_cache_file_that_cannot_be_read_is_analysed_again(site_builder, analyses):
    site_builder.snapshot("a.txt", listing(entry("Operating Clusters", "Seon Ho Kim")))
    site_builder.build()
    (site_builder.root / ".cache" / "plugin" / "papershelf" / "analysis.pickle").write_bytes(b"\x80\x05cut")
    run = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(site_builder.root / "mkdocs.yml")],
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stderr
    assert "taken from" not in run.stderr and "1 paper after merging" in run.stderr


@pytest.fixture
def reads(monkeypatch) -> list[str]:
    """The snapshots read (not taken from a kept listing), by name."""
    read: list[str] = []
    read_snapshot = papershelf.folder.read_snapshot

    def counting(path, name=None, data=None):
        read.append(name)
        return read_snapshot(path, name, data)

    monkeypatch.setattr(papershelf.folder, "read_snapshot", counting)
    return read


def test_a_new_build_reads_only_the_snapshots_that_changed(tmp_path, reads):
    builder = SiteBuilder(tmp_path / "project")
    builder.snapshot("a.txt", listing(entry("Operating Clusters", "Seon Ho Kim")))
    builder.snapshot("b.txt", listing(entry("Operating Kernels", "Jae Kim")))
    first = builder.build()  # each build loads the config anew: a new plugin, as in a new process
    assert sorted(reads) == ["a.txt", "b.txt"]
    first_files = _files(first.site)
    again = builder.build()
    assert sorted(reads) == ["a.txt", "b.txt"] and _files(again.site) == first_files
    builder.snapshot("b.txt", listing(entry("Operating Kernels", "Jae Kim"), entry("New One", "Bo Liu")))
    builder.snapshot("c.txt", listing(entry("Third Paper", "Cy Coder")))
    changed = builder.build()
    assert sorted(reads[2:]) == ["b.txt", "c.txt"]
    assert (changed.site / "papers" / "liu2026new" / "index.html").exists()
    (builder.root / "snapshots" / "c.txt").unlink()
    builder.build()
    assert reads[4:] == []  # nothing read, and the removed snapshot's listing is gone
    kept = builder.root / ".cache" / "plugin" / "papershelf" / "listings.pickle"
    assert b"c.txt" not in kept.read_bytes()


def test_a_listing_cut_off_mid_entry_is_not_kept(tmp_path, reads):
    """A browser still saving the file leaves its last entry cut off: read it again."""
    builder = SiteBuilder(tmp_path / "project")
    whole = listing(entry("Operating Clusters", "Seon Ho Kim"), entry("Operating Kernels", "Jae Kim"))
    builder.snapshot("a.txt", whole[: whole.index("Operating Kernels") + len("Operating Kernels") + 1])
    builder.build()
    builder.build()
    assert reads == ["a.txt", "a.txt"]


def test_an_upgrade_of_a_library_the_analysis_holds_data_of_makes_a_new_cache(monkeypatch):
    """Topic names come from wordfreq's data, CSL titles from latex2mathml: a cache made
    with other versions of them is not used."""
    papershelf.cache._code_version.cache_clear()
    before = papershelf.cache._code_version()
    real = papershelf.cache.metadata.version
    monkeypatch.setattr(papershelf.cache.metadata, "version", lambda name: real(name) + ".post1")
    papershelf.cache._code_version.cache_clear()
    try:
        assert papershelf.cache._code_version() != before
    finally:
        monkeypatch.undo()
        papershelf.cache._code_version.cache_clear()


def test_the_analysis_is_kept_without_its_library_and_given_the_one_asked_about(tmp_path):
    """The fingerprint says the library asked about has the analysed one's papers and problems;
    keeping a second copy of it (with its listings and entries) would only cost loading time
    and memory."""
    snapshot = tmp_path / "listing.txt"
    snapshot.write_text(listing(entry("Operating Clusters", "Seon Ho Kim")), encoding="utf-8")
    library = keyed_library([read_snapshot(snapshot)], tmp_path / "keys.tsv").library
    made = AnalysisCache(tmp_path / "cache").analysis(library, AnalysisOptions())
    assert made.library is library
    _, stored = papershelf.cache._load(tmp_path / "cache" / "analysis.pickle")
    assert stored.library.papers == () and stored.library.listings == ()
    again = keyed_library([read_snapshot(snapshot)], tmp_path / "keys.tsv").library
    cache = AnalysisCache(tmp_path / "cache")
    taken = cache.analysis(again, AnalysisOptions())
    assert cache.source == "disk" and taken.library is again
    assert taken.authors == made.authors and taken.bibtex == made.bibtex
