"""The pages' wording in the site's language, from gettext message catalogs.

Each language has a `papershelf.po` catalog in `locales/<language>/LC_MESSAGES/`, made and
kept up to date from the English `Wording` by `scripts/messages.py` with Babel's catalog
tools; a translator edits it with any PO editor. A message is one phrase of `Wording`, its
field name as the context. The site's language (`theme.language`, or papershelf's `locale`)
chooses the catalog: `pt_BR` is looked for as `pt_BR`, then as `pt`. A phrase a catalog
lacks (new, fuzzy, or with other `{fields}` than the English one) stays English, as does a
language with no catalog: pages never show a gap or a broken phrase.
"""

from __future__ import annotations

import functools
from dataclasses import replace
from pathlib import Path
from string import Formatter

from babel.messages.pofile import read_po

from papershelf.pages.wording import ENGLISH, Wording

__all__ = ["CATALOGS", "DOMAIN", "LANGUAGES", "wording_for"]

DOMAIN = "papershelf"
CATALOGS = Path(__file__).parent / "locales"
LANGUAGES = ("de", "es", "fr", "ja", "zh")
"""The languages a catalog ships for, beside English (the phrases themselves)."""


@functools.cache
def wording_for(locale: str) -> Wording:
    """The phrases in `locale`'s language, each English where its catalog has none."""
    language = locale.replace("-", "_")
    for candidate in (language, language.partition("_")[0]):
        if candidate in LANGUAGES:
            return replace(ENGLISH, **_translated(candidate))
    return ENGLISH


def _translated(language: str) -> dict[str, str]:
    """Each phrase of `language`'s catalog that may stand for the English one."""
    path = CATALOGS / language / "LC_MESSAGES" / f"{DOMAIN}.po"
    with path.open("rb") as source:
        catalog = read_po(source, locale=language)
    english = ENGLISH.phrases()
    translated = {}
    for message in catalog:
        name, string = message.context, message.string
        if name in english and isinstance(string, str) and string and not message.fuzzy:
            translated[name] = string
    return {name: string for name, string in translated.items() if _fields(string) == _fields(english[name])}


def _fields(phrase: str) -> set[str]:
    return {name for _, name, _, _ in Formatter().parse(phrase) if name is not None}
