"""Write the month names papershelf ships (`plugin/papershelf/snapshots/dates/month-names.json`)
from the installed Babel's CLDR data. Run it after upgrading Babel, when `tests/test_dates.py`
says the shipped names are not what that Babel gives:

    .venv/bin/python scripts/month-names.py
"""

from __future__ import annotations

from importlib import resources

from papershelf.snapshots.dates import months


def main() -> None:
    target = resources.files(months.__package__).joinpath(months.SHIPPED)
    text = months.lexicon_json(months.read_lexicon())
    with resources.as_file(target) as path:
        path.write_text(text, encoding="utf-8")
        print(f"wrote {path.name}: {len(text.encode()):,} bytes")


if __name__ == "__main__":
    main()
