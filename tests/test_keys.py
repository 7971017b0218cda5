"""Citation keys: the BIBTEX.md scheme, collisions, and stability across rebuilds."""

from __future__ import annotations

import datetime as dt
import json

import pytest

from conftest import entry, listing
from papershelf.library.identity import Identity, identity_of
from papershelf.snapshots.folder import SnapshotFolder
from papershelf.library.keyfile import keyed_library, read_key_file
from papershelf.library.keys import KeyBook, KeyRequest, KeyRow, base_key, issue_keys
from papershelf.model import Person


def test_key_scheme():
    authors = (Person("Seon Ho Kim"), Person("Ui Jeong Jeon"))
    assert (
        base_key("Operating Multi-Node Full Fine-Tuning", authors, dt.date(2026, 8, 7)) == "kim2026operating"
    )
    assert base_key("A Study of the Things", (Person("Iker García-Ferrero"),), None) == "garciaferrerondstudy"
    assert (
        base_key("On Ümlauts", (Person("Mind Lab", corporate=True),), dt.date(2025, 1, 1))
        == "mindlab2025umlauts"
    )


def test_identity_ignores_case_punctuation_and_accents():
    one = identity_of("Sparse Attention: A Study", (Person("José García"),))
    two = identity_of("sparse attention -- a study!", (Person("Jose Garcia"),))
    other = identity_of("Sparse Attention: A Study", (Person("Ann Other"),))
    assert one == two != other
    assert one.agrees(two) and not one.agrees(other)


def _request(identity: str, base: str) -> KeyRequest:
    return KeyRequest(Identity.parse(identity), base, identity)


def test_collisions_get_letters_in_first_seen_order_and_book_wins():
    requests = [_request(f"kim|{title}", "kim2026op") for title in ("x", "y", "z")]
    keys, _ = issue_keys(requests, KeyBook())
    assert keys == ["kim2026op", "kim2026opa", "kim2026opb"]
    book = KeyBook((KeyRow("kim2026op", Identity.parse("kim|z")),))
    keys, _ = issue_keys([requests[0], requests[2]], book)
    assert keys == ["kim2026opa", "kim2026op"]


def _keys_by_title(built) -> dict[str, str]:
    found = {}
    for bib in (built.site / "papers").glob("*.bib"):
        page = built.page(f"papers/{bib.stem}/")
        found[page.select_one("h1").get_text()] = bib.stem
    return found


@pytest.mark.slow
def test_keys_and_urls_survive_new_reordered_and_renamed_snapshots(site_builder):
    site_builder.snapshot(
        "100_first.txt",
        listing(
            entry("Operating Clusters", "Seon Ho Kim"),
            entry("Operating Systems Again", "Min Kim"),
            entry("Quiet Paper", "Ann Author", "6 August 2026"),
        ),
    )
    before = _keys_by_title(site_builder.build())
    assert before == {
        "Operating Clusters": "kim2026operating",
        "Operating Systems Again": "kim2026operatinga",
        "Quiet Paper": "author2026quiet",
    }

    # A snapshot that sorts first: it repeats one paper and collides with the others' keys.
    site_builder.snapshot(
        "000_earlier.txt",
        listing(
            entry("Operating Kernels", "Jae Kim"),
            entry(
                "Operating Systems Again",
                "Min Kim",
                abstract="A longer, complete abstract than the first one.",
            ),
            entry("Quiet Paper, Revisited", "Ann Author", "6 August 2026"),
        ),
    )
    (site_builder.root / "snapshots" / "100_first.txt").rename(
        site_builder.root / "snapshots" / "zzz_renamed.txt"
    )
    built = site_builder.build()
    assert built.warnings == []
    after = _keys_by_title(built)
    for title, key in before.items():
        assert after[title] == key, title
    assert after["Operating Kernels"] == "kim2026operatingb"
    assert after["Quiet Paper, Revisited"] == "author2026quieta"
    assert "longer, complete" in built.page("papers/kim2026operatinga/").select_one(".ps-abstract").get_text()


@pytest.mark.slow
def test_key_of_a_removed_paper_is_never_reissued(site_builder):
    first = site_builder.snapshot("a.txt", listing(entry("Operating Clusters", "Seon Ho Kim")))
    site_builder.build()
    first.unlink()
    site_builder.snapshot("b.txt", listing(entry("Operating Kernels", "Jae Kim")))
    built = site_builder.build()
    assert _keys_by_title(built) == {"Operating Kernels": "kim2026operatinga"}
    book = read_key_file(site_builder.root / "citation-keys.tsv")
    assert sorted(row.key for row in book.rows) == ["kim2026operating", "kim2026operatinga"]


def test_key_file_is_written_only_when_it_changes(site_builder):
    site_builder.snapshot("a.txt", listing(entry("Operating Clusters", "Seon Ho Kim")))
    site_builder.build()
    path = site_builder.root / "citation-keys.tsv"
    stamp = path.stat().st_mtime_ns
    site_builder.build()
    assert path.stat().st_mtime_ns == stamp
    assert "kim2026operating\tkim|operatingclusters\tOperating Clusters" in path.read_text(encoding="utf-8")


def test_a_changed_surname_reading_keeps_the_key_but_another_author_does_not_inherit_it():
    book = KeyBook(
        (
            KeyRow("mayaki2026energy", Identity.parse("mayaki;smith|energyuse")),
            KeyRow("kim2026gone", Identity.parse("kim|gone")),
        )
    )
    requests = [
        _request("zoubeirouamayaki;smith|energyuse", "zoubeirouamayaki2026energy"),
        _request("lee|gone", "lee2026gone"),
    ]
    keys, _ = issue_keys(requests, book)
    assert keys == ["mayaki2026energy", "lee2026gone"]


def test_compound_surnames_and_particles():
    from papershelf.text.rules import split_name

    assert split_name(Person("Mansour Zoubeirou a Mayaki")).last == "Zoubeirou a Mayaki"
    assert split_name(Person("José Ortega y Gasset")).last == "Ortega y Gasset"
    parts = split_name(Person("Ludwig van der Waals"))
    assert (parts.first, parts.von, parts.last) == ("Ludwig", "van der", "Waals")


def test_an_old_row_without_an_arxiv_id_is_still_claimed_by_its_exact_identity():
    book = KeyBook(
        (
            KeyRow("lee2020survey", Identity.parse("lee;wu;kim|asurvey")),
            KeyRow("lee2020surveya", Identity.parse("lee;kim|asurvey")),
        )
    )
    keys, updated = issue_keys([_request("lee;kim|asurvey|arxiv:2001.00001", "lee2020survey")], book)
    assert keys == ["lee2020surveya"]
    row = next(row for row in updated.rows if row.key == "lee2020surveya")
    assert row.identity.arxiv == "2001.00001"


def test_an_updated_row_keeps_its_saved_arxiv_id():
    book = KeyBook((KeyRow("lee2020survey", Identity.parse("lee;kim|asurvey|arxiv:2001.00001")),))
    _, updated = issue_keys([_request("lee;kim;wu|asurvey", "lee2020survey")], book)
    assert [str(row.identity) for row in updated.rows] == ["lee;kim;wu|asurvey|arxiv:2001.00001"]


def _ris(*titles: str) -> str:
    return "".join(f"TY  - JOUR\nTI  - {title}\nAU  - Lee, Ann\nER  - \n\n" for title in titles)


def _csl(*titles: str) -> str:
    items = [
        {"id": "", "type": "article", "title": t, "author": [{"family": "Lee", "given": "Ann"}]}
        for t in titles
    ]
    return json.dumps(items, indent=1)


@pytest.mark.parametrize(("suffix", "library"), [(".ris", _ris), (".json", _csl)])
def test_undated_library_papers_keep_their_keys_when_another_sorts_first(tmp_path, suffix, library):
    """A library entry with a title and authors is complete without a date: its key is
    remembered, so an undated paper added later cannot take it."""
    folder, path = tmp_path / "snapshots", tmp_path / "citation-keys.tsv"
    folder.mkdir()
    (folder / f"b{suffix}").write_text(library("Paging Memory", "Paging Attention"), encoding="utf-8")
    first = keyed_library(SnapshotFolder(folder).listings(), path)
    keys = {paper.title: paper.key for paper in first.library.papers}
    assert keys == {"Paging Memory": "leendpaging", "Paging Attention": "leendpaginga"}
    assert sorted(row.key for row in read_key_file(path).rows) == ["leendpaging", "leendpaginga"]
    (folder / f"a{suffix}").write_text(library("Paging Alpha"), encoding="utf-8")
    second = keyed_library(SnapshotFolder(folder).listings(), path)
    assert {paper.title: paper.key for paper in second.library.papers} == {
        **keys,
        "Paging Alpha": "leendpagingb",
    }
    assert not second.library.problems


def _bib(key: str, title: str, author: str, year: int = 2020) -> str:
    return f"@article{{{key},\n  title = {{{title}}},\n  author = {{{author}}},\n  year = {year}\n}}\n\n"


def test_an_own_key_that_cannot_be_kept_is_a_warning_naming_the_key_given(site_builder):
    """Unsafe keys, a case twin, one key in two files for two papers, a second key for one
    paper and a key other than the key file's: each a warning at the entry's line (entries
    are 6 lines apart) saying which key the paper has instead."""
    site_builder.snapshot(
        "refs.bib",
        _bib("DBLP:conf/x/Y20", "Yielding Results", "Yu, Ann")
        + _bib("Smith:2020", "Sparse Things", "Smith, Bo")
        + _bib("Lee2021", "Lazy Graphs", "Lee, Cy", 2021)
        + _bib("lee2021", "Other Graphs", "Ode, Di", 2021)
        + _bib("Kim2020Kept", "Kept Paper", "Kim, Jo"),
    )
    items = [
        {"id": "Lee2021", "type": "article", "title": "Third Graphs", "author": [{"family": "Tu"}]},
        {
            "id": "lazy",
            "type": "article",
            "title": "Lazy Graphs",
            "author": [{"family": "Lee", "given": "Cy"}],
        },
    ]
    site_builder.snapshot("zotero.json", json.dumps(items, indent=1))
    (site_builder.root / "citation-keys.tsv").write_text("kim2020old\tkim|keptpaper\tKept Paper\n", "utf-8")
    built = site_builder.build()
    assert sorted(warning.removeprefix("papershelf: ") for warning in built.warnings) == sorted(
        [
            "refs.bib:1: key 'DBLP:conf/x/Y20' cannot be a page's URL and file name (it holds ':', '/'); "
            "this paper is 'yu2020yielding'",
            "refs.bib:7: key 'Smith:2020' cannot be a page's URL and file name (it holds ':'); "
            "this paper is 'smith2020sparse'",
            "refs.bib:19: key 'lee2021' differs only in case from 'Lee2021', the key of another paper at "
            "refs.bib:13 (bibtex and biber compare keys ignoring case); this paper is 'ode2021other'",
            "refs.bib:25: key 'Kim2020Kept' is not the key the key file gives this paper, and keys "
            "there never move (change it there if nothing cites it yet); this paper is 'kim2020old'",
            "zotero.json:2: key 'Lee2021' is already the key of another paper, at refs.bib:13; "
            "this paper is 'tundthird'",
            "zotero.json:12: key 'lazy' is a second key for this paper, first keyed at refs.bib:13; "
            "this paper is 'Lee2021'",
        ]
    )
    assert {"yu2020yielding", "smith2020sparse", "Lee2021", "ode2021other", "tundthird"} <= {
        path.name for path in (built.site / "papers").iterdir()
    }


def test_a_key_of_the_users_library_is_not_taken_by_a_key_made_for_another_paper(site_builder):
    """A listing that sorts first holds a paper whose made key is a `.bib` entry's own key."""
    site_builder.snapshot("a.txt", listing(entry("Operating Clusters", "Seon Ho Kim")))
    site_builder.snapshot("refs.bib", _bib("kim2026operating", "Operating Kernels", "Kim, Jae", 2026))
    built = site_builder.build()
    assert built.warnings == []
    titles = {
        path.name: built.page(f"papers/{path.name}/").select_one("h1").get_text()
        for path in (built.site / "papers").iterdir()
        if path.is_dir() and path.name != "page"
    }
    assert titles == {"kim2026operating": "Operating Kernels", "kim2026operatinga": "Operating Clusters"}


def test_a_paper_whose_authors_write_no_latin_letters_keeps_its_key(tmp_path):
    """`王伟` folds to no ASCII letter: its identity was written to the key file as no author
    at all, read back as another paper, and the paper got a new key on every build."""
    from papershelf.snapshots.text import parse_text_listing

    text = listing(entry("A Paper On Things", "王伟"), entry("Another Paper", "王伟, 李华", "8 August 2026"))
    keys = tmp_path / "citation-keys.tsv"
    first = keyed_library([parse_text_listing(text, "a.txt")], keys)
    written = keys.read_text(encoding="utf-8")
    for _ in range(2):
        again = keyed_library([parse_text_listing(text, "a.txt")], keys)
        assert [p.key for p in again.library.papers] == [p.key for p in first.library.papers]
        assert keys.read_text(encoding="utf-8") == written and again.saved == 0
    assert sorted(p.key for p in first.library.papers) == ["anon2026another", "anon2026paper"]
