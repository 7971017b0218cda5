"""The caches: a rebuild of an unchanged library does no analysis and reads only the
snapshots that changed, and the site it builds is byte for byte the one built without them."""

from __future__ import annotations

import dataclasses
import datetime
import os
import pickle
import subprocess
import sys
import types
from pathlib import Path

import pytest
from mkdocs.config.defaults import MkDocsConfig

from papershelf.analysis import cache as cache_module
import papershelf.snapshots.folder
import papershelf.snapshots.dates.reading
from conftest import FIXTURES, SiteBuilder, entry, listing
from papershelf.analysis.analyse import Analysis, AnalysisOptions
from papershelf.analysis.cache import AnalysisCache, ListingCache
from papershelf.library.keyfile import keyed_library
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
    analyse = cache_module.analyse

    def counting(*args, **kwargs):
        made.append(1)
        return analyse(*args, **kwargs)

    monkeypatch.setattr(cache_module, "analyse", counting)
    return made


def _labelled_site(builder: SiteBuilder) -> SiteBuilder:
    builder.snapshot("listing.txt", (FIXTURES / "labelled" / "listing.txt").read_text(encoding="utf-8"))
    lists = builder.root / "docs" / "lists"
    lists.mkdir(parents=True)
    (lists / "mine.md").write_text("# Mine\n\n- [ ] topic:kv-cache\n", encoding="utf-8")
    return builder


@pytest.mark.slow  # builds a site three times
def test_a_rebuild_from_the_cache_is_byte_identical_and_analyses_nothing(tmp_path, analyses):
    cached = _labelled_site(SiteBuilder(tmp_path / "cached"))
    first = cached.build()
    assert (
        analyses == [1] and (cached.root / ".cache" / "plugin" / "papershelf" / "analysis.msgpack").exists()
    )
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


@pytest.mark.slow
def test_a_changed_library_or_option_is_analysed_again(site_builder, analyses):
    site_builder.snapshot("a.txt", listing(entry("Operating Clusters", "Seon Ho Kim")))
    site_builder.build()
    site_builder.snapshot("b.txt", listing(entry("Operating Kernels", "Jae Kim")))
    built = site_builder.build()
    assert len(analyses) == 2 and (built.site / "papers" / "kim2026operatinga" / "index.html").exists()
    site_builder.build("related: 2\n")
    assert len(analyses) == 3


@pytest.mark.slow
def test_a_cache_file_that_cannot_be_read_is_analysed_again_with_a_warning(site_builder, analyses):
    site_builder.snapshot("a.txt", listing(entry("Operating Clusters", "Seon Ho Kim")))
    site_builder.build()
    path = site_builder.root / ".cache" / "plugin" / "papershelf" / "analysis.msgpack"
    path.write_bytes(path.read_bytes()[:-10])
    command = [
        sys.executable,
        "-m",
        "mkdocs",
        "build",
        "--strict",
        "-f",
        str(site_builder.root / "mkdocs.yml"),
    ]
    run = subprocess.run(command, capture_output=True, text=True)
    assert run.returncode == 1 and "analysis.msgpack:1: cache file is damaged or cut short" in run.stderr
    assert "taken from" not in run.stderr and "1 paper after merging, 1 warning" in run.stderr
    again = subprocess.run(command, capture_output=True, text=True)  # made again: a whole cache
    assert again.returncode == 0 and "taken from" in again.stderr, again.stderr


@pytest.fixture
def reads(monkeypatch) -> list[str]:
    """The snapshots read (not taken from a kept listing), by name."""
    read: list[str] = []
    read_snapshot = papershelf.snapshots.folder.read_snapshot

    def counting(path, name=None, data=None):
        read.append(name)
        return read_snapshot(path, name, data)

    monkeypatch.setattr(papershelf.snapshots.folder, "read_snapshot", counting)
    return read


@pytest.mark.slow
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
    kept = builder.root / ".cache" / "plugin" / "papershelf" / "listings.msgpack"
    assert b"c.txt" not in kept.read_bytes()


def test_a_listing_cut_off_mid_entry_is_not_kept(tmp_path, reads):
    """A browser still saving the file leaves its last entry cut off: read it again."""
    builder = SiteBuilder(tmp_path / "project")
    whole = listing(entry("Operating Clusters", "Seon Ho Kim"), entry("Operating Kernels", "Jae Kim"))
    builder.snapshot("a.txt", whole[: whole.index("Operating Kernels") + len("Operating Kernels") + 1])
    builder.build()
    builder.build()
    assert reads == ["a.txt", "a.txt"]


@pytest.mark.parametrize("library", ["wordfreq", "latex2mathml", "anyascii"])
def test_an_upgrade_of_a_library_the_analysis_holds_data_of_makes_a_new_cache(monkeypatch, library):
    """Topic names come from wordfreq's data, CSL titles from latex2mathml, the ASCII
    BibTeX of other scripts from anyascii: a cache made with other versions of them is not
    used."""
    cache_module.code_version.cache_clear()
    before = cache_module.code_version()
    real = cache_module.metadata.version
    monkeypatch.setattr(
        cache_module.metadata, "version", lambda name: real(name) + (".post1" if name == library else "")
    )
    cache_module.code_version.cache_clear()
    try:
        assert cache_module.code_version() != before
    finally:
        monkeypatch.undo()
        cache_module.code_version.cache_clear()


def test_the_analysis_is_kept_without_its_library_and_given_the_one_asked_about(tmp_path):
    """The fingerprint says the library asked about has the analysed one's papers and problems;
    keeping a second copy of it (with its listings and entries) would only cost loading time
    and memory."""
    snapshot = tmp_path / "listing.txt"
    snapshot.write_text(listing(entry("Operating Clusters", "Seon Ho Kim")), encoding="utf-8")
    library = keyed_library([read_snapshot(snapshot)], tmp_path / "keys.tsv").library
    made = AnalysisCache(tmp_path / "cache").analysis(library, AnalysisOptions())
    assert made.library is library
    _, stored = cache_module.load_signed(tmp_path / "cache" / "analysis.msgpack", [])
    assert len(stored) == len(dataclasses.fields(Analysis)) - 2  # all but the library and options
    again = keyed_library([read_snapshot(snapshot)], tmp_path / "keys.tsv").library
    cache = AnalysisCache(tmp_path / "cache")
    taken = cache.analysis(again, AnalysisOptions())
    assert cache.source == "disk" and taken.library is again
    assert taken.authors == made.authors and taken.bibtex == made.bibtex


# --- A cache file is data: whatever is put in its place runs nothing and costs one warning ---

_CACHE = Path(".cache") / "plugin" / "papershelf"


def _cache_file(root: Path, kind: str) -> Path:
    """The file the plugin keeps `kind` (`analysis` or `listings`) in, whatever its format."""
    (found,) = (path for path in (root / _CACHE).iterdir() if path.name.startswith(kind))
    return found


class _Planted:
    """A pickle that makes a file when it is loaded, as a planted cache would run anything."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self):
        return (Path.touch, (self.marker,))


def _new_process_build(builder: SiteBuilder):
    """A build by a new plugin, with nothing in memory, as a new `mkdocs build` process is."""
    MkDocsConfig.plugins.plugin_cache.clear()
    return builder.build()


def _cache_warnings(built) -> list[str]:
    return [warning for warning in built.warnings if str(_CACHE) in warning]


@pytest.mark.parametrize("kind", ["analysis", "listings"])
def test_a_planted_pickle_in_a_cache_file_runs_nothing_and_is_rebuilt_with_one_warning(tmp_path, kind):
    builder = _labelled_site(SiteBuilder(tmp_path / "project"))
    _new_process_build(builder)
    marker = tmp_path / "ran"
    planted = pickle.dumps(_Planted(marker), protocol=pickle.HIGHEST_PROTOCOL)
    _cache_file(builder.root, kind).write_bytes(planted)
    for old in ("analysis.pickle", "listings.pickle"):  # where earlier versions kept them
        (builder.root / _CACHE / old).write_bytes(planted)
    built = _new_process_build(builder)
    assert not marker.exists(), "loading the cache ran the planted code"
    assert len(built.warnings) == 1 and _cache_warnings(built) == built.warnings, built.warnings
    assert (built.site / "papers" / "index.html").exists()
    again = _new_process_build(builder)  # the file was made again: a whole cache, no warning
    assert again.warnings == [] and not marker.exists()
    if kind == "analysis":
        assert any("analysis of the library taken from" in r.getMessage() for r in builder.records)


def _kept(tmp_path: Path):
    """A library's listing and analysis kept on disk in `tmp_path / cache`."""
    snapshot = tmp_path / "listing.txt"
    snapshot.write_text((FIXTURES / "labelled" / "listing.txt").read_text(encoding="utf-8"), encoding="utf-8")
    data = snapshot.read_bytes()
    listing_read = read_snapshot(snapshot)
    library = keyed_library([listing_read], tmp_path / "keys.tsv").library
    folder = tmp_path / "cache"
    made = AnalysisCache(folder).analysis(library, AnalysisOptions())
    listings = ListingCache(folder)
    listings.put("listing.txt", data, listing_read)
    listings.save(["listing.txt"])
    return folder, library, made, data, listing_read


def _same_analysis(one, other) -> bool:
    return all(
        getattr(one, name) == getattr(other, name)
        for name in ("authors", "topic_index", "related", "months", "bibtex", "biblatex", "csl_json")
    )


_FLIPS = [("start", offset) for offset in range(0, 330, 15)] + [("share", n / 16) for n in range(16)]


@pytest.mark.parametrize("where", _FLIPS, ids=[f"{how}-{at:g}" for how, at in _FLIPS])
@pytest.mark.parametrize("kind", ["analysis", "listings"])
def test_a_cache_file_with_one_byte_changed_is_rejected_with_one_warning_or_reads_the_same(
    tmp_path, kind, where
):
    """A sample of positions over the header (the first bytes) and the whole file."""
    folder, library, made, data, listing_read = _kept(tmp_path)
    path = next(folder.glob(f"{kind}*"))
    content = bytearray(path.read_bytes())
    how, at = where
    position = min(int(at), len(content) - 1) if how == "start" else int(at * len(content))
    content[position] ^= 0x01
    path.write_bytes(bytes(content))
    if kind == "analysis":
        cache = AnalysisCache(folder)
        taken = cache.analysis(library, AnalysisOptions())
        problems = cache.take_problems()
        if cache.source == "disk":
            assert problems == [] and _same_analysis(taken, made)
        else:
            assert len(problems) == 1 and str(path) in str(problems[0]), problems
            assert _same_analysis(taken, made)
    else:
        listings = ListingCache(folder)
        kept = listings.get("listing.txt", data)
        problems = listings.take_problems()
        if kept is not None:
            assert problems == [] and kept == listing_read
        else:
            assert len(problems) == 1 and str(path) in str(problems[0]), problems


def _not_regular(path: Path, what: str) -> None:
    path.unlink()
    if what == "folder":
        path.mkdir()
    elif what == "fifo":
        os.mkfifo(path)
    elif what == "link to /dev/zero":
        path.symlink_to("/dev/zero")
    else:  # a sparse file larger than any cache
        with open(path, "wb") as file:
            file.truncate(8 << 30)


@pytest.mark.parametrize("what", ["folder", "fifo", "link to /dev/zero", "huge"])
@pytest.mark.parametrize("kind", ["analysis", "listings"])
def test_a_cache_file_that_is_no_regular_file_is_not_read_and_warned_about(tmp_path, kind, what):
    folder, library, made, data, _ = _kept(tmp_path)
    path = next(folder.glob(f"{kind}*"))
    _not_regular(path, what)
    if kind == "analysis":
        cache = AnalysisCache(folder)
        taken = cache.analysis(library, AnalysisOptions())
        assert cache.source == "analysed" and _same_analysis(taken, made)
    else:
        cache = ListingCache(folder)
        assert cache.get("listing.txt", data) is None
    (problem,) = cache.take_problems()
    assert str(path) in str(problem)


def test_a_missing_cache_is_no_problem(tmp_path):
    folder, library, *_ = _kept(tmp_path)
    for path in folder.iterdir():
        path.unlink()
    cache = AnalysisCache(folder)
    cache.analysis(library, AnalysisOptions())
    listings = ListingCache(folder)
    listings.get("listing.txt", b"")
    assert cache.take_problems() == [] and listings.take_problems() == []


@pytest.mark.parametrize("kind", ["analysis", "listings"])
def test_a_fifo_in_place_of_a_cache_file_does_not_hang_the_build(tmp_path, kind):
    builder = _labelled_site(SiteBuilder(tmp_path / "project"))
    builder.build()
    path = _cache_file(builder.root, kind)
    _not_regular(path, "fifo")
    run = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "-f", str(builder.root / "mkdocs.yml")],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 0, run.stderr
    warnings = [line for line in run.stderr.splitlines() if line.startswith("WARNING")]
    assert len(warnings) == 1 and path.name in warnings[0], run.stderr


class _EarlierDate(datetime.date):
    """Today was 60 days ago."""

    @classmethod
    def today(cls) -> datetime.date:
        return datetime.date.today() - datetime.timedelta(days=60)


def test_a_kept_reading_judged_on_another_day_is_judged_again(tmp_path, monkeypatch):
    """A date more than a year ahead is implausible on the day a listing is read, and
    plausible some weeks later: the verdict of that day is not kept."""
    builder = SiteBuilder(tmp_path / "project")
    ahead = datetime.date.today() + datetime.timedelta(days=340)
    builder.snapshot(
        "a.txt", listing(entry("Operating Clusters", "Seon Ho Kim", date=ahead.strftime("%-d %B %Y")))
    )
    earlier = types.SimpleNamespace(date=_EarlierDate, timedelta=datetime.timedelta)
    with monkeypatch.context() as patch:
        patch.setattr(papershelf.snapshots.dates.reading, "datetime", earlier)
        patch.setattr(cache_module, "dt", earlier, raising=False)  # the day a reading is kept for
        then = _new_process_build(builder)
    assert any("implausible date" in warning for warning in then.warnings), then.warnings
    now = _new_process_build(builder)
    assert now.warnings == []
    assert ahead.isoformat() in now.text("papers/kim" + str(ahead.year) + "operating/index.html")


def test_a_planted_analysis_with_a_checksum_anyone_can_compute_is_not_used(tmp_path):
    """Data only is not enough: a file that decodes to a valid analysis would choose what
    `library.bib` holds. Here the planted file carries TeX that reads a file in one paper's
    BibTeX, with a SHA-256 over its header and payload (what anyone can compute, and what the
    cache checked before it was signed with a key kept outside the project)."""
    import hashlib

    folder, library, made, _, _ = _kept(tmp_path)
    path = folder / "analysis.msgpack"
    content = path.read_bytes()
    first_end = content.index(b"\n")
    payload = content[first_end + 1 + 65 :]
    key = library.papers[0].key
    entry_text = made.bibtex[key].encode()
    assert entry_text in payload
    hostile = entry_text.replace(b"title = {", b"title = {\\input{/etc/hostname}", 1)[: len(entry_text)]
    planted = payload.replace(entry_text, hostile, 1)
    header = content[: first_end + 1]
    checksum = hashlib.sha256(header + planted).hexdigest().encode() + b"\n"
    path.write_bytes(header + checksum + planted)

    cache = AnalysisCache(folder)
    taken = cache.analysis(library, AnalysisOptions())
    assert cache.source == "analysed" and "\\input" not in taken.bibtex[key]
    (problem,) = cache.take_problems()
    assert "signature does not match" in str(problem)


def test_a_cache_signed_with_another_key_is_made_again_with_a_warning(tmp_path, monkeypatch):
    folder, library, made, _, _ = _kept(tmp_path)
    for cached in (cache_module._secret, cache_module._signer, cache_module._header):
        cached.cache_clear()
    monkeypatch.setattr(cache_module, "_secret", lambda: b"another machine's key, 32 bytes!")
    try:
        cache = AnalysisCache(folder)
        assert _same_analysis(cache.analysis(library, AnalysisOptions()), made)
        assert cache.source == "analysed"
        (problem,) = cache.take_problems()
        assert "signed on another machine or by another user" in str(problem)
    finally:
        for cached in (cache_module._signer, cache_module._header):
            cached.cache_clear()


def test_where_no_signing_key_can_be_kept_nothing_is_kept_and_nothing_warns(tmp_path, monkeypatch):
    """No writable home: a key of the process's own would make the next build take the file
    for another machine's and warn on every build. Nothing is written instead."""
    blocked = tmp_path / "home-is-a-file"
    blocked.write_text("", encoding="utf-8")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocked))
    for cached in (cache_module._secret, cache_module._signer, cache_module._header):
        cached.cache_clear()
    try:
        folder, library, _, _, _ = _kept(tmp_path)
        assert not any(folder.glob("*.msgpack"))
        cache = AnalysisCache(folder)
        cache.analysis(library, AnalysisOptions())
        assert cache.source == "analysed" and cache.take_problems() == []
    finally:
        for cached in (cache_module._secret, cache_module._signer, cache_module._header):
            cached.cache_clear()
