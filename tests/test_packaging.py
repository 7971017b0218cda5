"""The package as a user gets it: `python -m build` makes an sdist and, from it, a wheel; the
wheel installed into a fresh virtualenv builds the example site with `--strict`.

The virtualenv holds nothing but the wheel; its dependencies (MkDocs, Material, Babel, ...)
are read from this test environment through a `.pth` line, which adds their folder without
running the `.pth` files in it, so an editable install of papershelf there stays invisible.
So the site is built by the wheel's own `papershelf`, and a module, template or asset that
the wheel lacks fails the build.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import tarfile
from pathlib import Path

import pytest

from conftest import REPO

pytestmark = pytest.mark.slow  # builds the sdist and wheel and a site in a fresh virtualenv

# `build.env`: a `build/` folder that setuptools left in the working directory would import
# as a namespace package named `build`.
pytest.importorskip("build.env", reason="the packaging test needs `build` (pip install build)")

EXAMPLE = ("mkdocs.yml", "citation-keys.tsv", "docs", "snapshots")
"""The example site, which the sdist carries for the tests that build it."""


def _run(command: list[str | Path], cwd: Path | None = None, *, in_venv: bool = False) -> str:
    """Run a command, and its output; for the virtualenv, without this session's PYTHONPATH
    (which may point at the source tree, where pip would find papershelf installed)."""
    env = {name: value for name, value in os.environ.items() if not (in_venv and name == "PYTHONPATH")}
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, check=False)
    assert done.returncode == 0, f"{command} failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return done.stdout + done.stderr


@pytest.fixture(scope="module")
def dist(tmp_path_factory) -> Path:
    """The sdist and the wheel built from it, as `python -m build` makes them in a clean
    checkout."""
    source = tmp_path_factory.mktemp("checkout") / "papershelf"
    shutil.copytree(REPO, source, ignore=_left_behind)
    out = tmp_path_factory.mktemp("dist")
    _run([sys.executable, "-m", "build", "--outdir", out, source])
    return out


def _left_behind(folder: str, names: list[str]) -> set[str]:
    """What builds, tests and tools leave in a working tree: hidden folders (.venv, .git,
    .cache), bytecode, built sites, and egg-info, whose SOURCES.txt setuptools reads back
    into the next sdist, so that a file the configuration no longer ships would still be."""
    at_root = Path(folder) == REPO
    return {
        name
        for name in names
        if name.startswith(".")
        or name.endswith(".egg-info")
        or name == "__pycache__"
        or (at_root and name in {"site", "build", "dist", "venv"})
    }


def test_the_sdist_carries_the_tests_and_the_example_site(dist: Path):
    (sdist,) = dist.glob("*.tar.gz")
    with tarfile.open(sdist) as archive:
        names = {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}
    for needed in ("tests/conftest.py", "tests/fixtures/snapshots/hard.txt", *EXAMPLE, "docs/index.md"):
        assert needed in names, f"the sdist lacks {needed}"
    assert "plugin/papershelf/pages/templates/papershelf/paper.html" in names
    assert not {name for name in names if "__pycache__" in name or name.startswith(".cache")}


def test_the_wheel_installed_alone_builds_the_example_site(dist: Path, tmp_path: Path):
    (wheel,) = dist.glob("*.whl")
    venv = tmp_path / "venv"
    _run([sys.executable, "-m", "venv", "--without-pip", venv])
    python = venv / "bin" / "python"
    _run(
        [sys.executable, "-m", "pip", "--python", python, "install", "--no-deps", "--no-index", wheel],
        in_venv=True,
    )
    purelib = Path(
        _run([python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"], in_venv=True).strip()
    )
    ours = dict.fromkeys([sysconfig.get_path("purelib"), sysconfig.get_path("platlib")])
    (purelib / "test-environment.pth").write_text("".join(f"{path}\n" for path in ours), encoding="utf-8")
    imported = _run([python, "-c", "import papershelf; print(papershelf.__file__)"], in_venv=True).strip()
    assert Path(imported).is_relative_to(venv), f"papershelf came from {imported}, not the wheel"

    project = tmp_path / "example"
    project.mkdir()
    for name in EXAMPLE:
        if (REPO / name).is_dir():
            shutil.copytree(REPO / name, project / name)
        else:
            shutil.copy(REPO / name, project / name)
    log = _run([python, "-m", "mkdocs", "build", "--strict", "-d", "site"], cwd=project, in_venv=True)
    assert "papershelf: 4 snapshots, 100 entries read, 100 papers after merging, 0 warnings" in log

    site = project / "site"
    for page in (
        "papers/index.html",
        "papers/kim2026operating/index.html",
        "topics/index.html",
        "authors/index.html",
        "timeline/index.html",
        "lists/kv-cache/index.html",
    ):
        assert (site / page).is_file(), page
    for export in ("library.bib", "library-biblatex.bib", "library.json", "papers/kim2026operating.bib"):
        assert (site / export).stat().st_size > 0, export
    css = (REPO / "plugin" / "papershelf" / "site" / "assets" / "papershelf.css").read_bytes()
    assert (site / "assets" / "papershelf.css").read_bytes() == css
