"""The `papershelf` command: the contract's JSON shape on the example snapshots, exports and
generated pages, and in a site the site's own library."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import SEED, SiteBuilder
from papershelf.export.formats import EXPORT_FORMATS


def _parse(*args: str) -> tuple[list[dict], str]:
    result = subprocess.run(
        [sys.executable, "-m", "papershelf.cli", "parse", "--json", *args],
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(result.stdout), result.stderr


def test_parse_json_on_example_snapshots():
    files = [str(path) for path in sorted(SEED.glob("*.txt"))]
    records, stderr = _parse(*files)
    assert stderr == ""
    assert len(records) == 100
    assert set(records[0]) == {
        "title",
        "authors",
        "date",
        "abstract",
        "truncated",
        "topic",
        "source",
        "ids",
        "url",
    }
    assert all(r["ids"] == {} and r["url"] is None for r in records)  # these listings name no paper
    assert all(set(author) == {"name", "affiliation"} for r in records for author in r["authors"])
    dates = sorted({r["date"] for r in records})
    assert dates[0] == "2026-04-21" and dates[-1] == "2026-08-07"
    assert "2026-06-16" in dates  # "16. Juni 2026" in the German listing
    names = {a["name"] for r in records for a in r["authors"]}
    assert {"Iker García-Ferrero", "Şengül Doğan", "Jörg Henkel", "Mind Lab"} <= names
    assert ":" not in names
    first = records[0]
    assert first["source"].endswith("000_d9b6205aba2d6e65.txt:5")
    assert first["date"] == "2026-08-07" and first["truncated"] is True
    ultra = next(r for r in records if r["title"].startswith("UltraQuant"))
    assert ultra["authors"][1] == {
        "name": "David Limpus",
        "affiliation": "Advanced Micro Devices, Purdue University",
    }
    chunk = next(r for r in records if r["title"].startswith("ChunkFlow"))
    assert chunk["authors"][0] == {"name": "Han Meng", "affiliation": "University of California, Merced"}


def test_parse_json_on_a_folder_and_warnings_on_stderr(tmp_path):
    (tmp_path / "a.txt").write_text(
        "Topic\n\nLatest papers\n\n• T\n\n  Ann Author · not a date\n\n  Text.\n", encoding="utf-8"
    )
    records, stderr = _parse(str(tmp_path))
    assert [r["date"] for r in records] == [None]
    assert stderr.strip() == "warning: a.txt:7: unreadable date 'not a date'"


def _export(*args: str, cwd=None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "papershelf.cli", "export", *args], capture_output=True, text=True, cwd=cwd
    )


@pytest.mark.slow
def test_export_formats_match_the_site_and_record_keys(tmp_path, site_builder):
    from conftest import entry, listing

    site_builder.snapshot(
        "a.txt",
        listing(
            entry("Operating Clusters", "Seon Ho Kim"), entry("Other Work", "Ann Author"), topic="Systems"
        ),
    )
    built = site_builder.build()
    snapshots = str(site_builder.root / "snapshots")
    bib = _export(snapshots)
    assert bib.returncode == 0 and bib.stderr == ""
    assert bib.stdout == built.text("library.bib")
    assert _export("--format", "biblatex", snapshots).stdout == built.text("library-biblatex.bib")
    csl = json.loads(_export("--format", "csljson", snapshots).stdout)
    assert [item["id"] for item in csl] == [item["id"] for item in json.loads(built.text("library.json"))]
    out = tmp_path / "topic.bib"
    assert _export("--topic", "systems", "--out", str(out), snapshots).returncode == 0
    assert out.read_text(encoding="utf-8") == built.text("topics/systems.bib")
    missing = _export("--topic", "nope", snapshots)
    assert missing.returncode == 2 and "unknown topic 'nope'; topics: systems" in missing.stderr


def test_export_issues_keys_the_site_then_keeps(tmp_path):
    from conftest import entry, listing

    (tmp_path / "snapshots").mkdir()
    (tmp_path / "snapshots" / "a.txt").write_text(
        listing(entry("Operating Clusters", "Seon Ho Kim")), encoding="utf-8"
    )
    assert "@misc{kim2026operating," in _export("snapshots", cwd=tmp_path).stdout
    assert "kim2026operating\t" in (tmp_path / "citation-keys.tsv").read_text(encoding="utf-8")


@pytest.mark.slow
def test_generate_writes_markdown_and_exports_rewriting_only_changes(tmp_path):
    from conftest import entry, listing

    snapshots = tmp_path / "snapshots"
    snapshots.mkdir()
    (snapshots / "a.txt").write_text(
        listing(
            entry("Operating Clusters", "Seon Ho Kim"), entry("Other Work", "Ann Author", "6 August 2026")
        ),
        encoding="utf-8",
    )
    out = tmp_path / "out"

    def generate() -> str:
        result = subprocess.run(
            [sys.executable, "-m", "papershelf.cli", "generate", "--out", str(out), str(snapshots)],
            capture_output=True,
            text=True,
            check=True,
        )
        return result.stdout.strip()

    first = generate()
    assert first.endswith(f"0 unchanged, 0 removed in {out}")
    page = (out / "papers" / "kim2026operating.md").read_text(encoding="utf-8")
    assert page.startswith("---\ntitle:") and "Operating Clusters" in page and "<!-- papershelf:" not in page
    assert "@misc{kim2026operating," in (out / "library.bib").read_text(encoding="utf-8")
    stamp = (out / "papers" / "kim2026operating.bib").stat().st_mtime_ns
    written = int(first.split()[0])
    assert generate() == f"0 files written, {written} unchanged, 0 removed in {out}"
    (snapshots / "a.txt").write_text(listing(entry("Operating Clusters", "Seon Ho Kim")), encoding="utf-8")
    third = generate()
    assert "removed" in third and not third.endswith(" 0 removed in " + str(out))
    assert not (out / "papers" / "author2026other.md").exists()
    assert (out / "papers" / "kim2026operating.bib").stat().st_mtime_ns == stamp  # unchanged, not rewritten


def test_parse_json_gives_the_identifiers_a_feed_names(tmp_path):
    feed = (
        '<?xml version="1.0"?>\n<rss xmlns:dc="http://purl.org/dc/elements/1.1/" '
        'xmlns:arxiv="http://arxiv.org/schemas/atom" '
        'version="2.0"><channel><title>cs.LG</title><link>http://rss.arxiv.org/rss/cs.LG</link>\n'
        "<item><title>Sparse Attention</title><link>https://arxiv.org/abs/2603.03383</link>"
        "<description>arXiv:2603.03383v2 Announce Type: replace\nAbstract: We study attention.</description>"
        "<category>cs.LG</category><pubDate>Thu, 05 Mar 2026 00:00:00 -0500</pubDate>"
        "<arxiv:DOI>10.1145/3600006.3613165</arxiv:DOI><dc:creator>Ann Author</dc:creator></item>"
        "</channel></rss>\n"
    )
    (tmp_path / "feed.xml").write_text(feed, encoding="utf-8")
    (record,), stderr = _parse(str(tmp_path / "feed.xml"))
    assert stderr == ""
    assert record["ids"] == {"arxiv": "2603.03383", "doi": "10.1145/3600006.3613165"}
    assert record["url"] == "https://arxiv.org/abs/2603.03383" and record["topic"] == "cs.LG"


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "papershelf.cli", *args], capture_output=True, text=True)


def test_parse_prints_json_without_being_asked_to():
    run = _run("parse", str(sorted(SEED.glob("*.txt"))[0]))
    assert run.returncode == 0 and len(json.loads(run.stdout)) > 0


@pytest.mark.slow
def test_a_path_that_does_not_exist_is_an_error(tmp_path):
    for command in ("parse", "check", "export"):
        run = _run(command, str(tmp_path / "nope"))
        assert run.returncode == 2, command
        assert run.stderr == f"error: no such file or folder: {tmp_path / 'nope'}\n"


@pytest.mark.slow
def test_an_empty_folder_is_a_warning_and_fails_a_strict_check(tmp_path):
    (tmp_path / "empty").mkdir()
    run = _run("check", "--strict", str(tmp_path / "empty"))
    assert run.returncode == 1 and "no snapshots in this folder" in run.stdout
    assert _run("check", str(tmp_path / "empty")).returncode == 0


def test_check_says_what_the_build_says_of_keys_and_never_writes_the_key_file(tmp_path, capsys):
    """A library's key that cannot be kept is found when the files are merged, not when one
    is read: check merges them too, as the build does, with the key file read, not written."""
    from papershelf.cli import main

    (tmp_path / "lib").mkdir()
    (tmp_path / "lib" / "refs.bib").write_text(
        "@article{Aamodt:2011mr, author = {Aamodt, K.}, title = {Two-pion correlations}, year = {2011}}\n"
        "@article{lee2020, author = {Lee, Ann}, title = {Caches}, year = {2020}}\n",
        encoding="utf-8",
    )
    assert main(["check", "--strict", str(tmp_path / "lib")]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out == [
        "refs.bib: 2 found, 2 kept, 1 warning",
        "  warning: refs.bib:1: key 'Aamodt:2011mr' cannot be a page's URL and file name (it holds ':');"
        " this paper is 'aamodt2011two'",
        "1 file: 2 entries found, 2 kept, 2 papers after merging, 1 warning",
    ]
    assert not (tmp_path / "citation-keys.tsv").exists()


@pytest.mark.slow
def test_version_and_the_nearest_topic(tmp_path):
    from papershelf import __version__

    run = _run("--version")
    assert run.returncode == 0 and run.stdout == f"papershelf {__version__}\n"
    topic = "parallel-computing-and-optimisation-techniques"  # British spelling
    run = _run("export", "--topic", topic, "--keys", str(tmp_path / "keys.tsv"), str(SEED))
    assert (
        run.returncode == 2 and "did you mean 'parallel-computing-and-optimization-techniques'?" in run.stderr
    )


TAXONOMY = """\
taxonomy:
  Energy efficiency: [energy efficiency, power consumption, energy]
  Memory offloading: [offloading, offload]
"""


def _cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "papershelf.cli", *args], capture_output=True, text=True, cwd=cwd, check=True
    )


@pytest.mark.slow
def test_in_a_site_export_and_generate_give_what_the_site_gives(site_builder: SiteBuilder):
    """The example snapshots with a taxonomy: the command line reads the site's mkdocs.yml,
    so its exports are the site's files byte for byte and its pages the site's pages."""
    for path in sorted((Path(__file__).parent.parent / "snapshots").iterdir()):
        site_builder.snapshot(path.name, path.read_bytes())
    built = site_builder.build(TAXONOMY)
    assert built.warnings == []
    shutil.rmtree(site_builder.root / ".cache")  # the analysis made again, not taken from the site's
    for form in EXPORT_FORMATS:
        exported = _cli("export", "--format", form.name, cwd=site_builder.root).stdout
        assert exported == built.text(form.file_name), form.name
    assert "Energy efficiency" in built.text("library.bib")
    out = site_builder.root / "generated"
    _cli("generate", "--out", str(out), cwd=site_builder.root)
    site_topics = {path.parent.name for path in (built.site / "topics").glob("*/index.html")}
    assert {path.stem for path in (out / "topics").glob("*.md") if path.stem != "index"} == site_topics
    assert "energy-efficiency" in site_topics
    assert (out / "library.bib").read_text(encoding="utf-8") == built.text("library.bib")


def test_a_bare_command_lists_what_it_can_do():
    result = subprocess.run([sys.executable, "-m", "papershelf.cli"], capture_output=True, text=True)
    assert result.returncode == 2
    assert all(command in result.stderr for command in ("parse", "export", "check", "generate"))


def test_outside_a_site_without_snapshots_is_one_line(tmp_path: Path):
    result = subprocess.run(
        [sys.executable, "-m", "papershelf.cli", "export"], capture_output=True, text=True, cwd=tmp_path
    )
    assert result.returncode == 2 and result.stderr.count("\n") == 1
    assert result.stderr.startswith("error: no snapshots")
