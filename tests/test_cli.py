"""`papershelf parse --json`: the contract's JSON shape on the example snapshots."""

from __future__ import annotations

import json
import subprocess
import sys

from conftest import SEED


def _parse(*args: str) -> tuple[list[dict], str]:
    result = subprocess.run(
        [sys.executable, "-m", "papershelf.cli", "parse", "--json", *args],
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(result.stdout), result.stderr


def test_parse_json_on_example_snapshots():
    files = [str(path) for path in sorted(SEED.glob("*.txt"))]
    records, stderr = _parse(*files)
    assert stderr == ""
    assert len(records) == 100
    assert set(records[0]) == {"title", "authors", "date", "abstract", "truncated", "topic", "source"}
    assert all(set(author) == {"name", "affiliation"} for r in records for author in r["authors"])
    dates = sorted({r["date"] for r in records})
    assert dates[0] == "2026-04-21" and dates[-1] == "2026-08-07"
    assert "2026-06-16" in dates  # "16. Juni 2026" in the German listing
    names = {a["name"] for r in records for a in r["authors"]}
    assert {"Iker García-Ferrero", "Şengül Doğan", "Jörg Henkel", "Mind Lab"} <= names
    assert ":" not in names
    first = records[0]
    assert first["source"].endswith("000_d9b6205aba2d6e65.txt:5")
    assert first["date"] == "2026-08-07" and first["truncated"] is True
    ultra = next(r for r in records if r["title"].startswith("UltraQuant"))
    assert ultra["authors"][1] == {
        "name": "David Limpus",
        "affiliation": "Advanced Micro Devices, Purdue University",
    }
    chunk = next(r for r in records if r["title"].startswith("ChunkFlow"))
    assert chunk["authors"][0] == {"name": "Han Meng", "affiliation": "University of California, Merced"}


def test_parse_json_on_a_folder_and_warnings_on_stderr(tmp_path):
    (tmp_path / "a.txt").write_text(
        "Topic\n\nLatest papers\n\n• T\n\n  Ann Author · not a date\n\n  Text.\n", encoding="utf-8"
    )
    records, stderr = _parse(str(tmp_path))
    assert [r["date"] for r in records] == [None]
    assert stderr.strip() == f"warning: {tmp_path / 'a.txt'}:7: unreadable date 'not a date'"
