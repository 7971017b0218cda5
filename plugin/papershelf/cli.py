"""The `papershelf` command: a site's library without building the site.

In a site's folder (or with `--config mkdocs.yml`), every command works on the library the
site builds: its snapshot folder (unless files or folders are named), its options, key file
and cache (`papershelf.session`), so that `export` and `generate` give what the site gives.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Sequence
from dataclasses import replace
from importlib import resources
from pathlib import Path

from papershelf import __version__
from papershelf.export.bibtex import approximation_note
from papershelf.export.formats import EXPORT_FORMATS, export_format
from papershelf.snapshots.folder import SnapshotFolder
from papershelf.library.keyfile import read_key_file
from papershelf.library.merge import MergeResult, build_library
from papershelf.model import Entry, Listing, Problem, Sighting, iso_date
from papershelf.session import Session, Settings
from papershelf.pages import SitePlan
from papershelf.snapshots import read_snapshot
from papershelf.text.rules import counted, unknown_name
from papershelf.pages.writing import OwnFiles

__all__ = ["main"]

_SITE_CONFIG = Path("mkdocs.yml")
_WATCH_SECONDS = 1.0


class _Refused(Exception):
    """What the command cannot work on, said in one line (exit status 2)."""


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    if getattr(args, "run", None) is None:  # a bare `papershelf`: what it can do
        parser.print_help(sys.stderr)
        return 2
    missing = [str(path) for path in args.paths if not path.exists()]
    if missing:
        print(f"error: no such file or folder: {', '.join(missing)}", file=sys.stderr)
        return 2
    try:
        return int(args.run(args))
    except _Refused as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # `papershelf parse ... | head`: the reader has what it wanted
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # as Python's docs advise
        return 1


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="papershelf", description=__doc__)
    parser.add_argument("--version", action="version", version=f"papershelf {__version__}")
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument(
        "--config",
        type=Path,
        metavar="FILE",
        help="the site's mkdocs.yml (default: mkdocs.yml in this folder, if there is one)",
    )
    commands = parser.add_subparsers(metavar="COMMAND", title="commands")
    parse = commands.add_parser("parse", parents=[common], help="read snapshots and print their entries")
    _paths(parse, "PATH")
    parse.add_argument("--json", action="store_true", help="print a JSON array (the default and only format)")
    parse.set_defaults(run=_parse)
    formats = ", ".join(f"{form.name}: {form.summary}" for form in EXPORT_FORMATS)
    export = commands.add_parser(
        "export", parents=[common], help="write the library or one topic in an export format"
    )
    _paths(export, "SNAPSHOTS")
    export.add_argument(
        "--format", choices=[form.name for form in EXPORT_FORMATS], default="bibtex", help=formats
    )
    export.add_argument("--topic", metavar="SLUG", help="only the papers of this topic")
    export.add_argument("--out", type=Path, metavar="FILE", help="write here instead of standard output")
    _keys(export)
    export.set_defaults(run=_export)
    check = commands.add_parser(
        "check", parents=[common], help="report, per file, entries found, kept and warnings"
    )
    _paths(check, "PATH")
    check.add_argument("--strict", action="store_true", help="exit 1 if anything was lost or guessed")
    _keys(check)
    check.set_defaults(run=_check)
    generate = commands.add_parser(
        "generate", parents=[common], help="write the site's pages as Markdown, plus the exports"
    )
    _paths(generate, "SNAPSHOTS")
    generate.add_argument("--out", type=Path, required=True, metavar="DIR", help="folder to write into")
    generate.add_argument(
        "--for",
        dest="pages_for",
        choices=["mkdocs", "zensical"],
        default="mkdocs",
        help="the generator that builds the pages: links are written as it resolves them (default: mkdocs)",
    )
    generate.add_argument(
        "--watch", action="store_true", help="then keep the folder current as snapshots change, until Ctrl-C"
    )
    _keys(generate)
    generate.set_defaults(run=_generate)
    return parser


def _paths(command: argparse.ArgumentParser, metavar: str) -> None:
    command.add_argument(
        "paths", nargs="*", type=Path, metavar=metavar, help="snapshot files or folders (default: the site's)"
    )


def _keys(command: argparse.ArgumentParser) -> None:
    command.add_argument("--keys", type=Path, metavar="FILE", help="citation key file (default: the site's)")


def _parse(args: argparse.Namespace) -> int:
    """Print one JSON object per entry read; problems go to stderr as `file:line: message`."""
    records = []
    for listing in _read(args):
        records += [entry_record(entry) for entry in listing.entries]
        for note in listing.notes:
            print(f"info: {note}", file=sys.stderr)
        for problem in listing.problems:
            print(f"warning: {problem}", file=sys.stderr)
    json.dump(records, sys.stdout, ensure_ascii=False, indent=2)
    sys.stdout.write("\n")
    return 0


def _export(args: argparse.Namespace) -> int:
    """The library (or one topic) in one export format, as the site writes it."""
    plan = _planned(args)
    library = plan.library
    keys = [paper.key for paper in library.papers]
    if args.topic:
        topics = {topic.slug: topic for topic in plan.topic_index.topics}
        if args.topic not in topics:
            known = ", ".join(sorted(topics))
            raise _Refused(f"{unknown_name('topic', args.topic, topics)}; topics: {known}")
        keys = list(topics[args.topic].papers)
    form = export_format(args.format)
    papers = [library.by_key[key] for key in keys]
    if form.dialect is not None and (note := approximation_note(papers, form.dialect)):
        print(f"info: {note}", file=sys.stderr)
    text = form.text(plan.analysis, keys)
    if args.out:
        args.out.write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0


def _check(args: argparse.Namespace) -> int:
    """One line per file, its warnings below it, and a total; with --strict, exit 1 when an
    entry was dropped, a field had to be guessed, or a file was skipped. The warnings are
    the build's: what reading each file found, and what merging them into one library with
    the site's key file finds (a key a library gives that cannot be kept, a paper listed
    twice in one file), which check never writes to."""
    listings = _read(args)
    merged = build_library(listings, read_key_file(_session(args).settings.keys_file))
    read = {problem for listing in listings for problem in listing.problems}
    found_in_merge: dict[str, list[Problem]] = {}
    for problem in merged.library.problems:
        if problem not in read:
            found_in_merge.setdefault(problem.source.file, []).append(problem)
    for listing in listings:
        problems = [*listing.problems, *found_in_merge.pop(listing.file, [])]
        kept = len(listing.entries)
        print(f"{listing.file}: {listing.found} found, {kept} kept, {counted(len(problems), 'warning')}")
        for note in listing.notes:
            print(f"  info: {note}")
        for problem in problems:
            print(f"  warning: {problem}")
    for problem in (problem for problems in found_in_merge.values() for problem in problems):
        print(f"warning: {problem}")  # of the key file
    found = sum(listing.found for listing in listings)
    kept = sum(len(listing.entries) for listing in listings)
    warnings = len(merged.library.problems)
    print(
        f"{counted(len(listings), 'file')}: {counted(found, 'entry', 'entries')} found, {kept} kept, "
        f"{counted(len(merged.library.papers), 'paper')} after merging, {counted(warnings, 'warning')}"
    )
    return 1 if args.strict and (warnings or found != kept) else 0


def _generate(args: argparse.Namespace) -> int:
    """Pages as Markdown (HTML inside) and every export, for generators that cannot run
    MkDocs plugins. Only files whose content changed are written; files this command wrote
    before and no longer produces are removed (a manifest in DIR remembers them); a file it
    did not write, or that was edited since, is never replaced or removed: a warning names it."""
    if args.out.exists() and not args.out.is_dir():
        raise _Refused(f"--out {args.out} is a file; it must name a folder")
    if args.watch:
        _watch(args)
    else:
        _write_pages(args)
    return 0


def _write_pages(args: argparse.Namespace) -> None:
    plan = _planned(args)
    files = OwnFiles(args.out, ".papershelf-files")
    for planned in plan.files():
        generated = planned.made()
        files.write(generated.src_uri, generated.text)
    css = resources.files("papershelf.site").joinpath("assets/papershelf.css").read_text("utf-8")
    files.write("assets/papershelf.css", css)
    removed = files.finish()
    for message in files.left:
        print(f"warning: {message}", file=sys.stderr)
    written, unchanged = len(files.written), files.unchanged
    print(f"{written} files written, {unchanged} unchanged, {len(removed)} removed in {args.out}", flush=True)


def _watch(args: argparse.Namespace) -> None:
    """Write the pages again whenever a snapshot or the key file changes, as `mkdocs serve`
    rebuilds, so that `zensical serve` on the folder shows a new snapshot in seconds. Only
    changed files are written, so the generator rebuilds only what changed. What is there
    is noted before the pages are first written: a snapshot saved meanwhile is not missed."""
    session = _session(args)
    watched = [*(args.paths or [session.settings.snapshots]), session.settings.keys_file]
    seen = _state(watched)
    _write_pages(args)
    print("watching for changes (Ctrl-C to stop)", file=sys.stderr, flush=True)
    try:
        while True:
            time.sleep(_WATCH_SECONDS)
            now = _state(watched)
            if now != seen:
                seen = now
                _write_pages(args)
    except KeyboardInterrupt:
        pass


def _state(paths: list[Path]) -> frozenset[tuple[str, int, int]]:
    """Every file under `paths` with its size and modification time: what a change changes."""
    found = set()
    for path in paths:
        for file in path.rglob("*") if path.is_dir() else [path]:
            try:
                stat = file.stat()
            except OSError:  # gone meanwhile, or not there yet (the key file)
                continue
            found.add((str(file), stat.st_size, stat.st_mtime_ns))
    return frozenset(found)


def _session(args: argparse.Namespace) -> Session:
    """The library session of the site (`--config`, else `mkdocs.yml` here if it uses
    papershelf), else of the snapshots named with papershelf's defaults; `--keys` names
    another key file."""
    settings = _site_settings(args.config)
    if settings is None:
        if not args.paths:
            raise _Refused("no snapshots: name files or folders, or work in a site (mkdocs.yml, or --config)")
        first = args.paths[0].resolve()
        folder = first if first.is_dir() else first.parent
        settings = Settings.for_snapshots(folder)
    keys = getattr(args, "keys", None)
    if keys:
        settings = replace(settings, keys_file=keys.resolve())
    if pages_for := getattr(args, "pages_for", None):  # `generate`: pages for another generator
        settings = replace(settings, site=replace(settings.site, pages_for=pages_for))
    return Session(settings)


def _site_settings(config: Path | None) -> Settings | None:
    """The settings of the site `config` names; without one, of the site in this folder
    (if its mkdocs.yml uses papershelf; if not, a note, and papershelf's defaults)."""
    named = config is not None
    config = config or (_SITE_CONFIG if _SITE_CONFIG.is_file() else None)
    if config is None:
        return None
    from papershelf.site.config import NotASite, site_settings  # imports MkDocs: only for a site

    try:
        return site_settings(config)
    except NotASite as error:
        if named:
            raise _Refused(str(error)) from error
        print(f"info: {error}; papershelf's defaults are used", file=sys.stderr)
        return None


def _read(args: argparse.Namespace) -> list[Listing]:
    """The snapshots named, or else the site's."""
    if args.paths:
        return [listing for path in args.paths for listing in _listings(path)]
    session = _session(args)
    listings = session.folder.listings() or [_no_snapshots(session.settings.snapshots)]
    for problem in session.take_problems():  # a damaged kept reading: said, as for export
        print(f"warning: {problem}", file=sys.stderr)
    return listings


def _merged(args: argparse.Namespace, session: Session) -> MergeResult:
    """The library as the site builds it (same keys; new ones remembered in the same key
    file, which is said); its problems and notes to standard error."""
    merged = session.merged([listing for path in args.paths for listing in _listings(path)] or None)
    if saved := session.saved(merged):
        print(f"info: {saved}", file=sys.stderr)
    library = merged.library
    for note in (note for listing in library.listings for note in listing.notes):
        print(f"info: {note}", file=sys.stderr)
    for problem in library.problems:
        print(f"warning: {problem}", file=sys.stderr)
    return merged


def _planned(args: argparse.Namespace) -> SitePlan:
    """The plan of the library's analysis, as the site makes it; what was wrong with the
    site's cache (ignored and made again) to standard error."""
    session = _session(args)
    plan = session.plan(_merged(args, session).library)
    for problem in session.take_problems():
        print(f"warning: {problem}", file=sys.stderr)
    return plan


def _listings(path: Path) -> list[Listing]:
    """A folder's files (named relative to it) or a single file (named as given); a folder
    with no snapshot says so, as a warning (so `check --strict` fails on it)."""
    if not path.is_dir():
        return [read_snapshot(path, str(path))]
    return SnapshotFolder(path).listings() or [_no_snapshots(path)]


def _no_snapshots(path: Path) -> Listing:
    """A folder with no snapshot, as a warning (so that `check --strict` fails on it)."""
    return Listing(str(path), "", (), (Problem(Sighting(str(path), 1), "no snapshots in this folder"),))


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
