"""The pages' wording in other languages: the gettext catalogs, kept up to date with the
English phrases, and what is shown when a catalog lacks a phrase."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po, write_po

import papershelf.pages.languages as languages
from conftest import REPO
from papershelf.pages.languages import CATALOGS, LANGUAGES, wording_for
from papershelf.pages.wording import ENGLISH

SAME_IN_EVERY_LANGUAGE = {"separator", "bibtex", "author_year", "month", "short_month"}
"""Phrases that may read as in English: a mark, a name, a date pattern Babel localises."""
SAME_IN_SOME = {"fr": {"et_al", "pages_label"}, "es": {"et_al"}}


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_catalog_translates_every_phrase(language: str):
    translated, english = wording_for(language).phrases(), ENGLISH.phrases()
    untranslated = {name for name in english if translated[name] == english[name]}
    assert untranslated <= SAME_IN_EVERY_LANGUAGE | SAME_IN_SOME.get(language, set())


def test_the_catalogs_are_up_to_date_with_the_english_phrases(tmp_path: Path):
    """`scripts/messages.py` changes nothing: a phrase added to `Wording` without it fails here."""
    before = {path: path.read_bytes() for path in CATALOGS.rglob("*.po*")}
    ran = subprocess.run(
        [sys.executable, str(REPO / "scripts" / "messages.py")], capture_output=True, text=True, cwd=tmp_path
    )
    after = {path: path.read_bytes() for path in CATALOGS.rglob("*.po*")}
    for path, content in before.items():  # leave the checkout as it was, whatever happened
        path.write_bytes(content)
    assert ran.returncode == 0, ran.stderr
    assert [str(path) for path in after if after[path] != before.get(path)] == []


@pytest.mark.parametrize(
    ("locale", "abstract"),
    [
        ("de", "Zusammenfassung"),
        ("de_AT", "Zusammenfassung"),
        ("fr-CA", "Résumé"),
        ("zh_Hans", "摘要"),
        ("pt_BR", "Abstract"),
        ("en", "Abstract"),
    ],
)
def test_a_locale_finds_its_language_or_english(locale: str, abstract: str):
    assert wording_for(locale).abstract == abstract


def test_a_phrase_a_catalog_gets_wrong_stays_english(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    with (CATALOGS / "de" / "LC_MESSAGES" / "papershelf.po").open("rb") as source:
        catalog = read_po(source, locale="de")
    catalog.get("Page {number} of {count}", context="page_of").string = "Seite {nummer}"  # a field renamed
    catalog.get("Abstract", context="abstract").flags.add("fuzzy")
    catalog.get("Cited by", context="cited_by").string = ""
    folder = tmp_path / "de" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    out = io.BytesIO()
    write_po(out, catalog)
    (folder / "papershelf.po").write_bytes(out.getvalue())
    monkeypatch.setattr(languages, "CATALOGS", tmp_path)
    wording_for.cache_clear()
    try:
        german = wording_for("de")
        assert (german.page_of, german.abstract, german.cited_by) == (
            ENGLISH.page_of,
            ENGLISH.abstract,
            ENGLISH.cited_by,
        )
        assert german.related == "Verwandte Artikel"  # the rest of the catalog is used
        assert german.cite(["Kim", "Jeon", "Lee"], False, None) == "Kim u. a., o. J."
    finally:
        wording_for.cache_clear()
