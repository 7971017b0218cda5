"""The pages' wording in other languages: the gettext catalogs, kept up to date with the
English phrases, and what is shown when a catalog lacks a phrase."""

from __future__ import annotations

import html
import io
import re
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest
import yaml
from babel.messages.pofile import read_po, write_po

import papershelf.pages.context as context
import papershelf.pages.languages as languages
from bs4 import BeautifulSoup

from conftest import REPO, SiteBuilder, entry, listing
from papershelf.pages.languages import CATALOGS, LANGUAGES, wording_for
from papershelf.curation.collect import Curation
from papershelf.library.keys import KeyBook
from papershelf.library.merge import build_library
from papershelf.pages import SitePlan
from papershelf.pages.wording import ENGLISH
from papershelf.snapshots.text import parse_text_listing

SAME_IN_EVERY_LANGUAGE = {"separator", "bibtex", "author_year", "month", "short_month", "status_count"}
"""Phrases that may read as in English: a mark, a name, a date pattern Babel localises."""
SAME_IN_SOME = {"de": {"preprint"}, "fr": {"et_al", "pages_label"}, "es": {"et_al", "preprint"}}


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


# A library whose own text is German, so that any English on its pages is papershelf's.
GERMAN_PAPERS = [
    entry(
        "Schnelle Zwischenspeicher für Sprachmodelle",
        "Jonas Weber, Lena Fischer",
        "7 August 2026",
        "Wir untersuchen Zwischenspeicher für große Sprachmodelle und ihre Zugriffe.",
    ),
    entry(
        "Zwischenspeicher beim Dekodieren von Sprachmodellen",
        "Lena Fischer, Paul Wagner",
        "6 August 2026",
        "Wir messen Zwischenspeicher beim Dekodieren großer Sprachmodelle auf Grafikkarten.",
    ),
    entry("Grafikkarten im Rechenzentrum", "Paul Wagner", "3 June 2025", "Grafikkarten und Sprachmodelle."),
]


def _english_fragments(language: str) -> set[str]:
    """Every piece of our English wording that the language's catalog says otherwise: the
    phrases with their `{fields}` cut out, each piece of two words or of one long word."""
    german, english = wording_for(language).phrases(), ENGLISH.phrases()
    fragments = set()
    for name, phrase in english.items():
        if german[name] == phrase:
            continue
        for piece in re.split(r"\{[a-z_]+\}", phrase):
            piece = piece.strip(" .,:;()·←→")
            if " " in piece or len(piece) >= 5:
                fragments.add(piece)
    return fragments


@pytest.mark.slow  # a site with every page kind, built whole
def test_a_german_site_shows_no_english_of_papershelf_on_any_page_kind(site_builder: SiteBuilder):
    site_builder.snapshot("eins.txt", listing(*GERMAN_PAPERS[1:], topic="Rechnerarchitektur"))
    site_builder.snapshot("zwei.txt", listing(GERMAN_PAPERS[0], topic="Rechnerarchitektur"))
    docs = site_builder.root / "docs"
    (docs / "lists").mkdir()
    (docs / "lists" / "lesen.md").write_text(
        "# Lesen\n\n- [x] @weber2026schnelle\n- [/] @fischer2026zwischenspeicher\n- [ ] @fehlt2020\n"
        '- [-] author:"Paul Wagner"\n',
        encoding="utf-8",
    )
    (docs / "index.md").write_text(
        "# Start\n\nSiehe [@weber2026schnelle; @wagner2025grafikkarten].\n\n<!-- papershelf:references -->\n",
        encoding="utf-8",
    )
    built = site_builder.build(theme="language: de\n")
    assert [warning for warning in built.warnings if "fehlt2020" not in warning] == []
    fragments = _english_fragments("de")
    pages = [
        path for path in built.site.rglob("*.html") if "search" not in path.parts and path.name != "404.html"
    ]
    kinds = {path.relative_to(built.site).parts[0] for path in pages}
    assert {"papers", "topics", "authors", "timeline", "new", "lists", "index.html"} <= kinds
    found = {}
    for path in pages:
        soup = BeautifulSoup(path.read_text("utf-8"), "html.parser")
        article = soup.select_one("article") or soup.body
        shown = " ".join(article.stripped_strings) if article else ""
        shown += " " + " ".join(
            tag.get("aria-label", "") + " " + tag.get("title", "")
            for tag in soup.select("[aria-label], [title]")
            if article and tag in article.descendants
        )
        if hits := sorted(fragment for fragment in fragments if fragment in shown):
            found[path.relative_to(built.site).as_posix()] = hits
    assert found == {}
    paper = built.page("papers/weber2026schnelle/")
    assert [h.get_text(strip=True) for h in paper.select("article h2")][:2] == [
        "Zusammenfassung",
        "Verwandte Artikel",
    ]


def test_a_translated_title_with_yaml_characters_keeps_its_page(monkeypatch: pytest.MonkeyPatch):
    """An index page's title is a phrase in its front matter: a translation holding `: `,
    `#` or a quote must stay its title, not break the page's YAML."""
    odd = replace(ENGLISH, topics_title='Themen: "alle" #1', reading_lists_title="Listen: {ja}")
    monkeypatch.setattr(context, "wording_for", lambda locale: odd)
    library = build_library([parse_text_listing(listing(*GERMAN_PAPERS), "a.txt")], KeyBook()).library
    files = {file.src_uri: file for file in SitePlan.of(library).files(Curation())}
    for src, title in (("topics/index.md", 'Themen: "alle" #1'), ("lists/index.md", "Listen: {ja}")):
        front = files[src].content.split("---\n")[1]
        assert html.unescape(yaml.safe_load(front)["title"]) == title
