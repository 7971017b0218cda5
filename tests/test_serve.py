"""`mkdocs serve`: a snapshot added or edited while it runs shows up, with one rebuild each."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from conftest import entry, listing

pytestmark = pytest.mark.slow  # runs mkdocs serve and waits for rebuilds

CONFIG = """\
site_name: Serve fixture
theme: {name: material, font: false, custom_dir: overrides}
plugins:
  - papershelf
"""
OVERRIDE = '{{% extends "base.html" %}}{{% block footer %}}<p class="probe">{}</p>{{% endblock %}}'


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _wait_for(url: str, needle: str, timeout: float = 60) -> str:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            body = urllib.request.urlopen(url, timeout=5).read().decode("utf-8")
            if needle in body:
                return body
        except (urllib.error.URLError, ConnectionError):
            pass
        time.sleep(0.3)
    raise AssertionError(f"{needle!r} never appeared at {url}")


def _put(folder: Path, name: str, text: str) -> None:
    """Write atomically (one file-system event), as an editor's save or a copy would."""
    staging = folder.parent / f".{name}.tmp"
    staging.write_text(text, encoding="utf-8")
    staging.replace(folder / name)


def _builds(log: Path) -> int:
    return log.read_text(encoding="utf-8").count(" after merging, ")


def test_serve_picks_up_added_and_edited_snapshots(tmp_path: Path):
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.md").write_text("# Home\n", encoding="utf-8")
    (tmp_path / "snapshots").mkdir()
    (tmp_path / "snapshots" / "a.txt").write_text(
        listing(entry("First Paper", "Ann Author")), encoding="utf-8"
    )
    os.utime(tmp_path / "snapshots" / "a.txt", (time.time() - 60, time.time() - 60))  # settled
    (tmp_path / "mkdocs.yml").write_text(CONFIG, encoding="utf-8")
    (tmp_path / "overrides").mkdir()
    (tmp_path / "overrides" / "main.html").write_text(OVERRIDE.format("first footer"), encoding="utf-8")
    port = _free_port()
    log = tmp_path / "serve.log"
    with log.open("w") as out:
        server = subprocess.Popen(
            [sys.executable, "-m", "mkdocs", "serve", "--watch-theme", "--dev-addr", f"127.0.0.1:{port}"],
            cwd=tmp_path,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    try:
        base = f"http://127.0.0.1:{port}/"
        _wait_for(base + "papers/", "First Paper")
        _put(tmp_path / "snapshots", "b.txt", listing(entry("Second Paper", "Bob Builder")))
        _wait_for(base + "papers/", "Second Paper")
        assert "Second Paper" in _wait_for(base + "papers/builder2026second/", "Second Paper")
        # Shown at once; saved once the new file settled, by a merge and not a rebuild.
        keys = tmp_path / "citation-keys.tsv"
        saved = "1 new citation key saved in citation-keys.tsv"
        deadline = time.monotonic() + 30  # the file is written before the server logs it
        while log.read_text(encoding="utf-8").count(saved) < 2 and time.monotonic() < deadline:
            time.sleep(0.3)
        assert "builder2026second\t" in keys.read_text(encoding="utf-8")
        assert log.read_text(encoding="utf-8").count(saved) == 2, log.read_text(encoding="utf-8")
        _put(
            tmp_path / "snapshots",
            "b.txt",
            listing(entry("Second Paper", "Bob Builder", abstract="An edited abstract.")),
        )
        _wait_for(base + "papers/builder2026second/", "An edited abstract.")
        time.sleep(3)  # writing citation-keys.tsv must not set off a rebuild of its own
        assert _builds(log) == 3, log.read_text(encoding="utf-8")  # start, new snapshot, its edit
        # A page edit reuses the unchanged library's plan, and its citation still reaches the paper.
        _put(tmp_path / "docs", "notes.md", "# Notes\n\nSee [@builder2026second].\n")
        _wait_for(base + "papers/builder2026second/", "ps-citing")
        assert "Builder, 2026" in _wait_for(base + "notes/", "ps-cite")
        # The theme's templates are compiled once while serving, yet an edited one is used.
        assert "first footer" in _wait_for(base + "notes/", "probe")
        _put(tmp_path / "overrides", "main.html", OVERRIDE.format("second footer"))
        assert "first footer" not in _wait_for(base + "notes/", "second footer")
        assert "first footer" not in _wait_for(base + "papers/builder2026second/", "second footer")
    finally:
        server.terminate()
        server.wait(timeout=20)


def test_keys_saved_once_settled_say_what_kept_them_from_the_key_file(tmp_path: Path, caplog):
    """The merge on the serve timer (`papershelf.site.settled`) is no build, so it says
    itself what its merge found that the last build did not: a key file it cannot use
    keeps no new key, and says so."""
    from papershelf.model import Library
    from papershelf.session import Session, Settings
    from papershelf.site.plugin import PapershelfPlugin

    (tmp_path / "snapshots").mkdir()
    (tmp_path / "snapshots" / "a.txt").write_text(listing(entry("First Paper", "Ann Author")), "utf-8")
    keys = tmp_path / "citation-keys.tsv"
    keys.mkdir()  # no file can be written there
    plugin = PapershelfPlugin()
    plugin.session = Session(Settings(tmp_path / "snapshots", keys, tmp_path))
    plugin.library = Library((), ())  # the last build reported no problem
    with caplog.at_level("WARNING"):
        assert plugin._save_settled_keys() == 0.0
    assert "citation-keys.tsv:1: cannot be read" in caplog.text, caplog.text
