"""The helper process: a call made there gives what it gives here, a helper that fails or
hangs is stopped and the call made here (saying why), and a site built with one is byte
for byte the site built without."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

import helped
import papershelf.analysis.analyse
import papershelf.analysis.helper
from conftest import FIXTURES, SiteBuilder
from papershelf.analysis.analyse import AnalysisOptions, analyse
from papershelf.analysis.helper import Helper
from papershelf.library.keys import KeyBook
from papershelf.library.merge import build_library
from papershelf.snapshots.reader import read_snapshot
from test_cache import _files, _labelled_site


@pytest.fixture(autouse=True)
def two_cores(monkeypatch) -> None:
    """Helpers are used on two cores or more: these tests run as on two, wherever they run."""
    monkeypatch.setattr(papershelf.analysis.helper, "_usable_cores", lambda: 2)


@pytest.fixture
def reports() -> list[str]:
    """What helpers report."""
    return []


@pytest.fixture
def started(monkeypatch) -> list[list[str]]:
    """The helper processes started (their command lines)."""
    commands: list[list[str]] = []
    popen = papershelf.analysis.helper.subprocess.Popen

    def counting(command, **kwargs):
        if papershelf.analysis.helper._START in command:
            commands.append(command)
        return popen(command, **kwargs)

    monkeypatch.setattr(papershelf.analysis.helper.subprocess, "Popen", counting)
    return commands


def test_a_call_is_made_in_another_process_and_returns_its_result(reports, started):
    with Helper(reports.append).map(helped.process_id, [None], timeout=60) as pending:
        (helper_id,) = pending.result()
    assert helper_id != os.getpid() and len(started) == 1 and reports == []


def test_calls_on_several_arguments_give_their_results_in_order(reports, started):
    with Helper(reports.append).map(helped.tagged, ["a", 2, ("c",)], timeout=60) as pending:
        results = pending.result()
    assert [value for _, value in results] == ["a", 2, ("c",)]
    assert {process for process, _ in results} != {os.getpid()} and len(started) == 1 and reports == []


def test_a_helper_imports_what_this_process_imports(reports):
    """Its module search path is this process's: the same papershelf and dependencies."""
    for module in ("papershelf", "latex2mathml", "helped"):
        with Helper(reports.append).map(helped.where_from, [module], timeout=60) as pending:
            ((helper_id, where),) = pending.result()
        assert helper_id != os.getpid() and where == helped.where_from(module)[1], module
    assert reports == []


def test_what_a_call_prints_does_not_spoil_its_result(reports):
    with Helper(reports.append).map(helped.prints_then_tells, [None], timeout=60) as pending:
        assert pending.result()[0] != os.getpid()
    assert reports == []


def test_a_failing_helper_is_reported_and_the_call_made_here(reports):
    with Helper(reports.append).map(helped.fails_in_a_helper, [os.getpid()], timeout=60) as pending:
        assert pending.result() == ["made here"]
    assert len(reports) == 1 and "ValueError: failed on purpose" in reports[0], reports


@pytest.mark.slow
def test_a_helper_past_its_time_is_stopped_and_the_call_made_here(reports):
    with Helper(reports.append).map(helped.hangs_in_a_helper, [os.getpid()], timeout=1) as pending:
        process = pending._process
        assert pending.result() == ["made here"]
    assert process is not None and process.poll() is not None, "the helper still runs"
    assert process.returncode != 0, "the helper was waited for to its end, not stopped"
    assert reports == ["the helper process was stopped after 1 s; working in this process"]


def test_a_helper_still_running_when_the_caller_fails_is_stopped(reports):
    helper = Helper(reports.append)
    pending = helper.map(helped.hangs_in_a_helper, [os.getpid()], timeout=60)
    with pytest.raises(RuntimeError), pending:
        process = pending._process
        raise RuntimeError("the caller failed")
    assert process is not None and process.poll() is not None


def test_a_helper_that_cannot_start_is_reported(reports, monkeypatch):
    monkeypatch.setattr(sys, "executable", str(Path("no") / "such" / "python"))
    with Helper(reports.append).map(helped.process_id, [None], timeout=60) as pending:
        assert pending.result() == [os.getpid()]
    assert len(reports) == 1 and reports[0].startswith("could not start a helper process"), reports


def test_one_core_or_processes_off_means_no_helper(reports, started, monkeypatch):
    with Helper(reports.append, processes=False).map(helped.process_id, [None], timeout=60) as pending:
        assert pending.result() == [os.getpid()]
    monkeypatch.setattr(papershelf.analysis.helper, "_usable_cores", lambda: 1)
    with Helper(reports.append).map(helped.process_id, [None], timeout=60) as pending:
        assert pending.result() == [os.getpid()]
    assert started == [] and reports == []


def _labelled_library():
    listing = read_snapshot(FIXTURES / "labelled" / "listing.txt")
    return build_library([listing], KeyBook({}, {})).library


def test_an_analysis_with_a_helper_is_the_analysis_without(reports, started, monkeypatch):
    library = _labelled_library()
    alone = analyse(library, AnalysisOptions())
    monkeypatch.setattr(papershelf.analysis.analyse, "_DRAFTED_BESIDE_FROM", 0)
    monkeypatch.setattr(papershelf.analysis.analyse, "_DRAFTED_AT_ONCE", 7)  # in parts, one short
    assert len(library.papers) % 7 != 0
    helped_analysis = analyse(library, AnalysisOptions(), Helper(reports.append))
    assert len(started) == 1 and reports == []
    for part in ("bibtex", "biblatex", "csl_json", "related", "months", "authors"):
        assert getattr(helped_analysis, part) == getattr(alone, part), part
    assert helped_analysis.topic_index.subjects == alone.topic_index.subjects


@pytest.mark.slow
def test_a_site_built_with_a_helper_is_byte_identical(tmp_path, started, monkeypatch):
    monkeypatch.setattr(papershelf.analysis.analyse, "_DRAFTED_BESIDE_FROM", 0)
    with_helper = _labelled_site(SiteBuilder(tmp_path / "helped"))
    helped_site = with_helper.build()
    assert len(started) == 1, "no helper process was started"
    assert not [r for r in with_helper.records if "helper" in r.getMessage()]
    alone = _labelled_site(SiteBuilder(tmp_path / "alone"))
    alone_site = alone.build("parallel: false\n")
    assert len(started) == 1, "`parallel: false` started a helper"
    assert _files(helped_site.site) == _files(alone_site.site)
    assert helped_site.warnings == alone_site.warnings
