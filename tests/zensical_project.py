"""A project that Zensical builds from what `papershelf generate --for zensical` writes:
shared by the Zensical tests and the citations-anywhere tests."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import SEED

ZENSICAL = Path(sys.executable).with_name("zensical")
CONFIG = """\
site_name: Reading list
extra_css:
  - library/assets/papershelf.css
nav:
  - Home: index.md
  - Papers: library/papers/index.md
  - Topics: library/topics/index.md
  - Authors: library/authors/index.md
  - Timeline: library/timeline/index.md
"""


def project(root: Path, snapshots: Path = SEED) -> Path:
    shutil.copytree(snapshots, root / "snapshots")
    (root / "docs").mkdir()
    (root / "docs" / "index.md").write_text("# Home\n\nThe [papers](library/papers/index.md).\n")
    (root / "mkdocs.yml").write_text(CONFIG, encoding="utf-8")
    return root


def papershelf_generate(root: Path, *args: str) -> subprocess.Popen[str]:
    command = [sys.executable, "-m", "papershelf.cli", "generate", "--for", "zensical", *args]
    return subprocess.Popen(command, cwd=root, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def zensical_build(root: Path) -> str:
    if not ZENSICAL.exists():
        pytest.skip("zensical is not installed (pip install -e '.[test]')")
    built = subprocess.run([str(ZENSICAL), "build"], cwd=root, capture_output=True, text=True, timeout=300)
    assert built.returncode == 0, built.stderr
    return built.stdout + built.stderr
