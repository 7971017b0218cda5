"""The `papershelf` command: work with snapshots without building a site."""

from __future__ import annotations

import argparse
import difflib
import json
import os
from importlib import resources
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from papershelf.export.biblatex import BIBLATEX, biblatex_file
from papershelf.export.bibtex import BIBTEX, Dialect, approximation_note, bibtex_file
from papershelf.export.csljson import csljson_file
from papershelf.folder import SnapshotFolder
from papershelf.keyfile import keyed_library
from papershelf import __version__
from papershelf.model import Entry, Library, Listing, Problem, Sighting, iso_date
from papershelf.site.generated import fill_blocks
from papershelf.site.pages import SitePlan
from papershelf.snapshots import read_snapshot
from papershelf.text import counted
from papershelf.topics import index_topics
from papershelf.writing import OwnFiles

__all__ = ["FORMATS", "main"]

FORMATS: dict[str, Callable[..., str]] = {
    "bibtex": bibtex_file,
    "biblatex": biblatex_file,
    "csljson": csljson_file,
}
_DIALECTS: dict[str, Dialect] = {"bibtex": BIBTEX, "biblatex": BIBLATEX}
"""Formats that can only approximate some characters, reported as the site build does."""


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    missing = [str(path) for path in args.paths if not path.exists()]
    if missing:
        print(f"error: no such file or folder: {', '.join(missing)}", file=sys.stderr)
        return 2
    try:
        return int(args.run(args))
    except BrokenPipeError:  # `papershelf parse ... | head`: the reader has what it wanted
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # as Python's docs advise
        return 1


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="papershelf", description=__doc__)
    parser.add_argument("--version", action="version", version=f"papershelf {__version__}")
    commands = parser.add_subparsers(required=True, metavar="COMMAND")
    parse = commands.add_parser("parse", help="read snapshots and print their entries")
    parse.add_argument("paths", nargs="+", type=Path, metavar="PATH", help="snapshot files or folders")
    parse.add_argument("--json", action="store_true", help="print a JSON array (the default and only format)")
    parse.set_defaults(run=_parse)
    export = commands.add_parser(
        "export", help="write the library or one topic as BibTeX, biblatex or CSL-JSON"
    )
    export.add_argument("paths", nargs="+", type=Path, metavar="SNAPSHOTS", help="snapshot files or folders")
    export.add_argument("--format", choices=sorted(FORMATS), default="bibtex", help="output format")
    export.add_argument("--topic", metavar="SLUG", help="only the papers of this topic")
    export.add_argument("--out", type=Path, metavar="FILE", help="write here instead of standard output")
    export.add_argument(
        "--keys",
        type=Path,
        metavar="FILE",
        help="citation key file (default: citation-keys.tsv next to the snapshots folder)",
    )
    export.set_defaults(run=_export)
    check = commands.add_parser("check", help="report, per file, entries found, kept and warnings")
    check.add_argument("paths", nargs="+", type=Path, metavar="PATH", help="snapshot files or folders")
    check.add_argument("--strict", action="store_true", help="exit 1 if anything was lost or guessed")
    check.set_defaults(run=_check)
    generate = commands.add_parser("generate", help="write the site's pages as Markdown, plus the exports")
    generate.add_argument(
        "paths", nargs="+", type=Path, metavar="SNAPSHOTS", help="snapshot files or folders"
    )
    generate.add_argument("--out", type=Path, required=True, metavar="DIR", help="folder to write into")
    generate.add_argument("--keys", type=Path, metavar="FILE", help="citation key file (as for export)")
    generate.set_defaults(run=_generate)
    return parser


def _parse(args: argparse.Namespace) -> int:
    """Print one JSON object per entry read; problems go to stderr as `file:line: message`."""
    records = []
    for path in args.paths:
        for listing in _listings(path):
            records += [entry_record(entry) for entry in listing.entries]
            for note in listing.notes:
                print(f"info: {note}", file=sys.stderr)
            for problem in listing.problems:
                print(f"warning: {problem}", file=sys.stderr)
    json.dump(records, sys.stdout, ensure_ascii=False, indent=2)
    sys.stdout.write("\n")
    return 0


def _export(args: argparse.Namespace) -> int:
    """The library (or one topic) in one export format."""
    library = _library(args)
    papers = list(library.papers)
    topic_index = index_topics(library)
    if args.topic:
        topics = {topic.slug: topic for topic in topic_index.topics}
        if args.topic not in topics:
            nearest = difflib.get_close_matches(args.topic, topics, n=1)
            hint = f"did you mean {nearest[0]!r}? " if nearest else ""
            print(
                f"error: no topic {args.topic!r}; {hint}topics: {', '.join(sorted(topics))}", file=sys.stderr
            )
            return 2
        papers = [library.by_key[key] for key in topics[args.topic].papers]
    if args.format in _DIALECTS and (note := approximation_note(papers, _DIALECTS[args.format])):
        print(f"info: {note}", file=sys.stderr)
    text = FORMATS[args.format](papers, subjects=topic_index.subjects)
    if args.out:
        args.out.write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0


def _check(args: argparse.Namespace) -> int:
    """One line per file, its warnings below it, and a total; with --strict, exit 1 when an
    entry was dropped, a field had to be guessed, or a file was skipped."""
    listings = [listing for path in args.paths for listing in _listings(path)]
    for listing in listings:
        kept = len(listing.entries)
        print(
            f"{listing.file}: {listing.found} found, {kept} kept, {counted(len(listing.problems), 'warning')}"
        )
        for note in listing.notes:
            print(f"  info: {note}")
        for problem in listing.problems:
            print(f"  warning: {problem}")
    found = sum(listing.found for listing in listings)
    kept = sum(len(listing.entries) for listing in listings)
    warnings = sum(len(listing.problems) for listing in listings)
    print(
        f"{counted(len(listings), 'file')}: {counted(found, 'entry', 'entries')} found, {kept} kept, "
        f"{counted(warnings, 'warning')}"
    )
    return 1 if args.strict and (warnings or found != kept) else 0


def _generate(args: argparse.Namespace) -> int:
    """Pages as Markdown (HTML inside) and every export, for generators that cannot run
    MkDocs plugins. Only files whose content changed are written; files this command wrote
    before and no longer produces are removed (a manifest in DIR remembers them); a file it
    did not write, or that was edited since, is never replaced or removed: a warning names it."""
    if args.out.exists() and not args.out.is_dir():
        print(f"error: --out {args.out} is a file; it must name a folder", file=sys.stderr)
        return 2
    library = _library(args)
    files = OwnFiles(args.out, ".papershelf-files")
    for planned in SitePlan.of(library).files():
        generated = planned.made()
        files.write(generated.src_uri, fill_blocks(generated.content, generated.blocks))
    css = resources.files("papershelf.site").joinpath("assets/papershelf.css").read_text("utf-8")
    files.write("assets/papershelf.css", css)
    removed = files.finish()
    for message in files.left:
        print(f"warning: {message}", file=sys.stderr)
    written, unchanged = len(files.written), files.unchanged
    print(f"{written} files written, {unchanged} unchanged, {len(removed)} removed in {args.out}")
    return 0


def _library(args: argparse.Namespace) -> Library:
    """The library as the site builds it: same keys, new ones recorded in the same key file."""
    listings = [listing for path in args.paths for listing in _listings(path)]
    keys_path = args.keys or _default_keys_path(args.paths[0])
    merged = keyed_library(listings, keys_path)
    for note in (note for listing in merged.library.listings for note in listing.notes):
        print(f"info: {note}", file=sys.stderr)
    for problem in merged.library.problems:
        print(f"warning: {problem}", file=sys.stderr)
    return merged.library


def _listings(path: Path) -> list[Listing]:
    """A folder's files (named relative to it) or a single file (named as given); a folder
    with no snapshot says so, as a warning (so `check --strict` fails on it)."""
    if not path.is_dir():
        return [read_snapshot(path, str(path))]
    listings = SnapshotFolder(path).listings()
    if not listings:
        return [Listing(str(path), "", (), (Problem(Sighting(str(path), 1), "no snapshots in this folder"),))]
    return listings


def _default_keys_path(first: Path) -> Path:
    """Beside the snapshots folder, where the plugin keeps it when mkdocs.yml sits there too."""
    folder = first if first.is_dir() else first.parent
    return folder.resolve().parent / "citation-keys.tsv"


def entry_record(entry: Entry) -> dict[str, object]:
    """The contract's JSON shape of one entry."""
    return {
        "title": entry.title,
        "authors": [{"name": person.name, "affiliation": person.affiliation} for person in entry.authors],
        "date": iso_date(entry.date, entry.date_precision) if entry.date else None,
        "abstract": entry.abstract,
        "truncated": entry.truncated,
        "topic": entry.topic,
        "source": str(entry.source),
        "ids": {name: value for name, value in (("arxiv", entry.ids.arxiv), ("doi", entry.ids.doi)) if value},
        "url": entry.ids.url or None,
    }


if __name__ == "__main__":
    sys.exit(main())
