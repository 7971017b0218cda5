"""The `papershelf` command: work with snapshots without building a site."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path

from papershelf.model import Entry
from papershelf.snapshots import SNAPSHOT_SUFFIXES, read_snapshot

__all__ = ["main"]


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    return int(args.run(args))


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="papershelf", description=__doc__)
    commands = parser.add_subparsers(required=True, metavar="COMMAND")
    parse = commands.add_parser("parse", help="read snapshots and print their entries")
    parse.add_argument("paths", nargs="+", type=Path, metavar="PATH", help="snapshot files or folders")
    parse.add_argument("--json", action="store_true", required=True, help="print a JSON array")
    parse.set_defaults(run=_parse)
    return parser


def _parse(args: argparse.Namespace) -> int:
    """Print one JSON object per entry read; problems go to stderr as `file:line: message`."""
    records = []
    for path in _snapshot_files(args.paths):
        listing = read_snapshot(path, str(path))
        records += [entry_record(entry) for entry in listing.entries]
        for problem in listing.problems:
            print(f"warning: {problem}", file=sys.stderr)
    json.dump(records, sys.stdout, ensure_ascii=False, indent=2)
    sys.stdout.write("\n")
    return 0


def _snapshot_files(paths: Sequence[Path]) -> Iterator[Path]:
    """Files as given; folders expand to their snapshot files in name order."""
    for path in paths:
        if path.is_dir():
            yield from sorted(p for p in path.iterdir() if p.suffix.lower() in SNAPSHOT_SUFFIXES)
        else:
            yield path


def entry_record(entry: Entry) -> dict[str, object]:
    """The contract's JSON shape of one entry."""
    return {
        "title": entry.title,
        "authors": [{"name": person.name, "affiliation": person.affiliation} for person in entry.authors],
        "date": entry.date.isoformat() if entry.date else None,
        "abstract": entry.abstract,
        "truncated": entry.truncated,
        "topic": entry.topic,
        "source": str(entry.source),
    }


if __name__ == "__main__":
    sys.exit(main())
