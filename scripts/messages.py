"""Write the message catalog template from the pages' English wording, and bring every
language's catalog up to date with it, with Babel's catalog tools.

    python scripts/messages.py

`papershelf.pages.wording.Wording` holds each phrase the pages show, in English; this writes
`papershelf.pot` (one message a phrase, its field name as the context) beside the languages'
`papershelf.po` files in `plugin/papershelf/pages/locales/`, and updates each of them as
`pybabel update` would: a new phrase is added untranslated (the pages show it in English
until it is translated), a changed one is marked fuzzy, and a removed one is made obsolete.
"""

from __future__ import annotations

import sys

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

from papershelf.pages.languages import CATALOGS, DOMAIN, LANGUAGES
from papershelf.pages.wording import ENGLISH


def template() -> Catalog:
    catalog = Catalog(project="papershelf", fuzzy=False)
    for name, phrase in ENGLISH.phrases().items():
        catalog.add(phrase, context=name)
    return catalog


def main() -> int:
    pot = template()
    with (CATALOGS / f"{DOMAIN}.pot").open("wb") as out:
        write_po(out, pot, omit_header=True, sort_output=True)
    for language in LANGUAGES:
        path = CATALOGS / language / "LC_MESSAGES" / f"{DOMAIN}.po"
        with path.open("rb") as source:
            catalog = read_po(source, locale=language)
        catalog.update(pot, no_fuzzy_matching=True)
        with path.open("wb") as out:
            write_po(out, catalog, omit_header=True, sort_output=True, ignore_obsolete=True)
        print(f"{path}: {sum(1 for message in catalog if message.id and message.string)} translated")
    return 0


if __name__ == "__main__":
    sys.exit(main())
