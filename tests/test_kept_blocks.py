"""A build takes the generated pages' blocks the last build kept when they would be made
from the same things (`papershelf.site.kept_blocks`), and the site is the same file for
file as one whose blocks were all made: after no change, and after each change of what the
blocks are made from (then the pages whose recipe changed, and every page without one,
are made again)."""

from __future__ import annotations

import gzip
import shutil
from pathlib import Path

import pytest
from conftest import LABELLED_SNAPSHOT, TAKING_HOOK
from mkdocs.commands.build import build
from mkdocs.config import load_config

from papershelf.pages.generated import SiteFile

REPO = Path(__file__).resolve().parent.parent
CACHE = Path(".cache/plugin/papershelf")


def _example_site(root: Path) -> Path:
    root.mkdir(parents=True)
    for name in ("mkdocs.yml", "citation-keys.tsv"):
        shutil.copy(REPO / name, root / name)
    for folder in ("docs", "snapshots"):
        shutil.copytree(REPO / folder, root / folder)
    return root


def _build(root: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[dict[str, bytes], int]:
    """The site's files (the sitemap by its content: gzip stamps the time), and how many
    pages' blocks the build made."""
    made = 0
    real = SiteFile.made

    def counting(page: SiteFile) -> SiteFile:
        nonlocal made
        made += page.deferred is not None
        return real(page)

    config = load_config(str(root / "mkdocs.yml"), site_dir=str(root / "site"))
    with monkeypatch.context() as patch:
        patch.setattr(SiteFile, "made", counting)
        config.plugins.on_startup(command="build", dirty=False)
        build(config)
        config.plugins.on_shutdown()
    site = root / "site"
    paths = [path for path in site.rglob("*") if path.is_file()]
    files = {path.relative_to(site).as_posix(): path.read_bytes() for path in paths}
    files["sitemap.xml.gz"] = gzip.decompress(files["sitemap.xml.gz"])
    return files, made


def test_a_rebuild_takes_every_block_from_the_last_build_and_builds_the_same_site(tmp_path, monkeypatch):
    root = _example_site(tmp_path / "site")
    first, made_first = _build(root, monkeypatch)
    again, made_again = _build(root, monkeypatch)
    assert made_first > 100 and made_again == 0
    assert again == first
    assert {path.name for path in (root / CACHE).iterdir()} >= {"blocks.msgpack", "analysis.msgpack"}
    assert len(list((root / CACHE).glob("blocks-*.data"))) == 1


def _edit_a_reading_list(root: Path) -> None:
    path = root / "docs" / "lists" / "kv-cache.md"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("- [/] @su2026longflow", "- [x] @su2026longflow"), encoding="utf-8")


def _cite_a_paper(root: Path) -> None:
    (root / "docs" / "citing.md").write_text("# Citing\n\nAs shown [@wang2026much].\n", encoding="utf-8")


def _override_a_template(root: Path) -> None:
    config = root / "mkdocs.yml"
    text = config.read_text(encoding="utf-8")
    config.write_text(text.replace("  name: material\n", "  name: material\n  custom_dir: overrides\n", 1))
    folder = root / "overrides" / "papershelf"
    folder.mkdir(parents=True)
    (folder / "paper.html").write_text(
        "{% macro abstract(abstract, cut) -%}\n<blockquote>{{ abstract }}</blockquote>\n{%- endmacro %}\n",
        encoding="utf-8",
    )


def _change_an_option(root: Path) -> None:
    config = root / "mkdocs.yml"
    text = config.read_text(encoding="utf-8")
    option = "      snapshots: snapshots\n"
    config.write_text(text.replace(option, option + "      per_page: 7\n"))


def _name_the_site_and_its_address(root: Path) -> None:
    """Only the feeds and the pages' heads show them (`mkdocs serve` changes the address):
    the blocks are taken from the last build, and the site is still a fresh build's."""
    config = root / "mkdocs.yml"
    text = config.read_text(encoding="utf-8")
    named = text.replace("site_name: papershelf\n", "site_name: Renamed shelf\n", 1)
    assert named != text
    config.write_text("site_url: https://example.org/shelf/\n" + named)


def _add_a_snapshot(root: Path) -> None:
    (root / "snapshots" / "labelled.txt").write_text(LABELLED_SNAPSHOT, encoding="utf-8")


CHANGES = [_edit_a_reading_list, _cite_a_paper, _override_a_template, _change_an_option, _add_a_snapshot]
KEPT = [_name_the_site_and_its_address]


@pytest.mark.slow
@pytest.mark.parametrize("change", CHANGES + KEPT, ids=lambda change: change.__name__.strip("_"))
def test_a_change_the_blocks_are_made_from_makes_them_again_and_no_other_does(tmp_path, monkeypatch, change):
    kept = _example_site(tmp_path / "kept")
    _build(kept, monkeypatch)
    fresh = _example_site(tmp_path / "fresh")
    for root in (kept, fresh):
        change(root)
    shutil.copy(kept / "citation-keys.tsv", fresh / "citation-keys.tsv")  # keys the first build issued
    rebuilt, made = _build(kept, monkeypatch)
    expected, _ = _build(fresh, monkeypatch)
    assert made > 0 if change in CHANGES else made == 0
    assert rebuilt == expected


def test_damaged_kept_blocks_are_a_warning_and_the_pages_are_made(site_builder):
    site_builder.snapshot("listing.txt", LABELLED_SNAPSHOT)
    first = site_builder.build()
    pages = {path: path.read_bytes() for path in first.site.rglob("*.html")}
    [data] = (site_builder.root / CACHE).glob("blocks-*.data")
    damaged = bytearray(data.read_bytes())
    damaged[len(damaged) // 2] ^= 0x20
    data.write_bytes(bytes(damaged))
    again = site_builder.build()
    assert again.warnings == [
        f"papershelf: {data}:1: cache file is damaged (a page's blocks do not match their signed "
        "digest); ignored and made again"
    ]
    assert {path: path.read_bytes() for path in again.site.rglob("*.html")} == pages
    assert site_builder.build().warnings == []  # made again, and kept


def test_links_that_lead_nowhere_are_warned_of_from_kept_blocks_too(site_builder):
    site_builder.snapshot("listing.txt", LABELLED_SNAPSHOT)
    (site_builder.root / "hook.py").write_text(TAKING_HOOK, encoding="utf-8")
    unbuilt = "papershelf: generated pages link to papers/patel2026hashing.md, which is no file of the site"
    for _ in range(2):
        assert site_builder.build(extra="hooks:\n  - hook.py\n").warnings == [unbuilt]
    assert site_builder.build().warnings == []  # the page is back: another fingerprint


def _kept_files(root: Path) -> set[str]:
    return {path.name for path in (root / CACHE).glob("blocks*")}


@pytest.mark.parametrize(
    "options", ["speed:\n  kept_blocks: false\n", "cache: false\n"], ids=["switched off", "no cache"]
)
def test_no_blocks_are_kept_when_switched_off_or_without_a_cache(site_builder, options):
    site_builder.snapshot("listing.txt", LABELLED_SNAPSHOT)
    site_builder.build(options)
    assert not (site_builder.root / CACHE).exists() or _kept_files(site_builder.root) == set()


def test_a_failed_build_keeps_no_blocks(site_builder):
    site_builder.snapshot("listing.txt", LABELLED_SNAPSHOT)
    failing = "def on_post_page(output, page, config):\n    raise RuntimeError('a plugin failed')\n"
    (site_builder.root / "hook.py").write_text(failing, encoding="utf-8")
    with pytest.raises(Exception, match="a plugin failed"):
        site_builder.build(extra="hooks:\n  - hook.py\n")
    assert _kept_files(site_builder.root) == set()
    assert not [path for path in (site_builder.root / CACHE).iterdir() if path.name.startswith(".blocks")]


_NEW_PAPER_BY_AN_AUTHOR = """\
Machine Learning Systems

Latest papers

• Paging Prefix Caches Between GPU and Host Memory

  Alice Moreau, Ilse Brandt · 9 August 2026

  Serving large language models with shared prompts keeps prefix caches in GPU memory. We page
  the key-value cache of shared prefixes to host memory and back, which raises throughput.
"""

_A_PAPER_SEEN_AGAIN = """\
Machine Learning Systems

Latest papers

• Evicting Tokens from KV-Caches Without Losing Accuracy

  Carlos Ruiz, Dana Levi · 6 August 2026

  Long contexts make KV-cache memory the main cost of inference. We score tokens by their
  attention mass and drop the least useful entries from the KV caches, keeping accuracy within one
  point while cutting memory by 60%.
"""


def _step_new_paper_by_an_author(root: Path) -> None:
    """Alice Moreau's second paper: her name on her first paper's page now links to a page
    of her own, and the new paper may be related to others."""
    (root / "snapshots" / "b.txt").write_text(_NEW_PAPER_BY_AN_AUTHOR, encoding="utf-8")


def _step_a_paper_seen_again(root: Path) -> None:
    """It is seen in one more place, as it was."""
    (root / "snapshots" / "c.txt").write_text(_A_PAPER_SEEN_AGAIN, encoding="utf-8")


_PAPERS_ON_A_SUBJECT = """\
Machine Learning Systems

Latest papers

• Attention Mass as a Signal for Pruning Heads

  Ines Duarte, Omar Haddad · 10 August 2026

  We rank attention heads by their attention mass over a calibration set and prune the heads with
  the least attention mass.

• Predicting Attention Mass Before Decoding

  Petra Novak, Quentin Blanc · 10 August 2026

  A small predictor estimates the attention mass of each token before decoding, so that sparse
  kernels skip tokens with little attention mass.

• Attention Mass Under Batching

  Rosa Lind, Sami Kaur · 10 August 2026

  Batched requests differ in how attention mass spreads over their prompts; we schedule requests
  by the attention mass of their prefixes.
"""


def _step_papers_on_a_subject(root: Path) -> None:
    """Three papers on attention mass: a topic that an earlier paper speaking of it joins."""
    (root / "snapshots" / "d.txt").write_text(_PAPERS_ON_A_SUBJECT, encoding="utf-8")


def _step_a_citing_page_retitled(root: Path) -> None:
    """The page that cites a paper is named on that paper's page."""
    path = root / "docs" / "citing.md"
    path.write_text(path.read_text(encoding="utf-8").replace("# Citing", "# Where we cite"), encoding="utf-8")


def test_pages_whose_recipe_is_unchanged_take_their_blocks_and_the_site_is_a_fresh_builds(
    tmp_path, monkeypatch
):
    """Each step changes what some paper pages show but not the headings they show it under
    (the outline counts in a recipe): a build that takes the blocks of pages whose recipe
    did not change gives the site a build that made every block gives, and makes fewer.
    Without related papers, which change with every change of the library and would hide
    a recipe that misses another change (the steps above check them)."""
    roots = {}
    for name in ("kept", "fresh"):
        root = roots[name] = tmp_path / name
        (root / "docs").mkdir(parents=True)
        (root / "snapshots").mkdir()
        (root / "docs" / "index.md").write_text("# Home\n", encoding="utf-8")
        (root / "docs" / "citing.md").write_text("# Citing\n\nAs shown [@moreau2026pagedkv].\n", "utf-8")
        (root / "snapshots" / "a.txt").write_text(LABELLED_SNAPSHOT, encoding="utf-8")
        (root / "mkdocs.yml").write_text(
            "site_name: Steps\ntheme:\n  name: material\n  font: false\nplugins:\n  - search\n"
            "  - papershelf:\n      snapshots: snapshots\n      author_pages_min: 2\n      related: 0\n",
            encoding="utf-8",
        )
    _build(roots["kept"], monkeypatch)
    steps = [
        _step_new_paper_by_an_author,
        _step_a_paper_seen_again,
        _step_papers_on_a_subject,
        _step_a_citing_page_retitled,
    ]
    for step in steps:
        for root in roots.values():
            step(root)
        rebuilt, made = _build(roots["kept"], monkeypatch)
        shutil.copy(roots["kept"] / "citation-keys.tsv", roots["fresh"] / "citation-keys.tsv")
        shutil.rmtree(roots["fresh"] / ".cache", ignore_errors=True)
        expected, made_fresh = _build(roots["fresh"], monkeypatch)
        assert rebuilt == expected, step.__name__
        assert 0 < made < made_fresh, step.__name__
