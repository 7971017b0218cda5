"""Hugging Face pages saved as HTML: a paper page and a daily-papers page (a mirror's), the
real ones in `../shared/real-listings/` (skipped where that folder is absent)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from conftest import real_listing
from papershelf.snapshots.reader import read_snapshot


def test_a_paper_page_is_its_paper_and_nothing_of_its_chrome():
    read = page("paper-page-2509.24002-2025-10-01.html")
    assert read.problems == () and len(read.entries) == 1  # not "about 19 hours ago"
    paper = read.entries[0]
    assert paper.title == "MCPMark: A Benchmark for Stress-Testing Realistic and Comprehensive MCP Use"
    assert (paper.ids.arxiv, paper.date) == ("2509.24002", dt.date(2025, 9, 28))  # "Sep 28", year of the id
    names = [p.name for p in paper.authors]
    assert (
        names[:2] == ["Zijian Wu", "Xiangyan Liu"] and names[-1] == "Michael Qizhe Shieh" and len(names) == 15
    )
    assert paper.abstract.startswith("MCP standardizes how LLMs interact with external systems")
    assert "comprehensive benchmark for evaluating MCP use" not in paper.abstract  # the generated summary
    assert "general agents. However" in paper.abstract


def test_a_daily_papers_page_gives_its_fifty_papers():
    read = page("hf-daily-papers-mirror-index-2026-05-30.html")
    assert read.problems == () and read.found == len(read.entries) == 50
    assert len({e.ids.arxiv for e in read.entries}) == 50
    assert all(e.date == dt.date(2026, 5, 30) and e.abstract and e.authors for e in read.entries)
    first = read.entries[0]
    assert first.title == "Reflective Prompt Tuning through Language Model Function-Calling"
    assert [p.name for p in first.authors] == [
        "Farima Fatahi Bayat",
        "Moin Aminnaseri",
        "Pouya Pezeshkpour",
        "Estevam Hruschka",
    ]
    assert first.ids.url == "https://arxiv.org/abs/2605.21781"
    second = read.entries[1]
    assert [p.name for p in second.authors][-1] == "Yu Su" and second.authors_truncated  # "Yu Su et al."
    titles = {e.title for e in read.entries}
    assert "CoHyDE: Iterative Co-Training of LLM Rewriter & Dense Encoder for Tool Retrieval" in titles
    names = {p.name for e in read.entries for p in e.authors}
    assert {"Olaf Dünkel", "Víctor Gallego"} <= names
    assert not names & {"Daily", "Archive", "RSS", "▲ 0"}


def test_summaries_the_mirror_cut_at_one_length_are_marked_cut_short():
    """The mirror cuts every summary at 500 characters, mid-word, with no ellipsis."""
    read = page("hf-daily-papers-mirror-index-2026-05-30.html")
    assert all(entry.truncated for entry in read.entries)
    assert read.entries[0].abstract.endswith("search over prompt candidates or use fixe")


def _cards(summaries: list[str]) -> str:
    cards = (
        f'<article><h2><a href="https://arxiv.org/abs/2605.{10000 + n}">Paper {n}</a></h2>'
        f"<div><span>Ann Lee, Bo Wu</span></div><div>{summary}</div></article>"
        for n, summary in enumerate(summaries)
    )
    return f"<html><head><title>Daily Papers 2026-05-30</title></head><body>{''.join(cards)}</body></html>"


@pytest.mark.parametrize(
    ("summaries", "cut"),
    [
        # as written: lengths vary, and so does where a summary stops
        (["We study x. " * 30, "We study y. " * 41 + "Then z", "We study w. " * 12], [False, False, False]),
        # cut at one length: the ones stopping mid-sentence were cut, a full stop was not
        (
            ["a" * 295 + " word", "b" * 296 + " wor.", "c" * 297 + " wo", "d" * 40 + "."],
            [True, False, True, False],
        ),
        # two at one length are not yet a page's rule
        (["a" * 295 + " word", "b" * 296 + " word", "c" * 20], [False, False, False]),
        # lines of one length are no abstracts a page cut
        (["Submitted by akhaliq"] * 4, [False] * 4),
    ],
)
def test_a_cards_page_that_cuts_at_one_length_marks_those_cut(
    summaries: list[str], cut: list[bool], tmp_path: Path
):
    path = tmp_path / "daily.html"
    path.write_text(_cards(summaries), encoding="utf-8")
    read = read_snapshot(path)
    assert read.problems == ()
    assert [entry.truncated for entry in read.entries] == cut


def page(name: str):
    return read_snapshot(real_listing(f"huggingface/{name}"))
