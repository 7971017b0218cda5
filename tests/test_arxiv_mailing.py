"""arXiv's daily mailings as plain text: the real ones in `../shared/real-listings/` (skipped
where that folder is absent), entries, fields and dates checked by hand against the files."""

from __future__ import annotations

import datetime as dt
from collections import Counter

import pytest

from conftest import real_listing
from papershelf.snapshots.reader import read_snapshot


@pytest.mark.parametrize(
    ("name", "count"),
    [
        ("mailing-q-fin-new-2023-03-17.txt", 16),
        ("mailing-q-fin.TR-new-2023-03-17.txt", 1),
        ("mailing-astro-ph.CO-new-2023-03-03.txt", 23),
        ("mailing-astro-ph.IM-pastweek-2023-03-03.txt", 55),
    ],
)
def test_every_record_of_a_mailing_is_a_paper_and_nothing_else_is(name: str, count: int):
    read = mailing(name)
    assert read.problems == ()
    assert read.found == len(read.entries) == count
    assert len({e.ids.arxiv for e in read.entries}) == count
    assert all(e.authors and e.date and not e.provisional for e in read.entries)


def test_new_submissions_and_replacements_of_a_daily_mailing():
    read = mailing("mailing-q-fin-new-2023-03-17.txt")
    first = read.entries[0]
    assert (first.ids.arxiv, first.ids.primary_class, first.topic) == ("2303.08867", "q-fin.TR", "q-fin.TR")
    assert first.title == "A Bayesian derivation of the square root law of market impact"
    assert [p.name for p in first.authors] == ["Louis Saddier", "Matteo Marsili"]
    assert first.date == dt.date(2023, 3, 17)  # the mailing's day, as for listings
    assert (
        first.abstract.startswith("We show that the main empirical findings") and "\\em" not in first.abstract
    )
    second = read.entries[1]
    assert second.title.endswith("portfolio optimization problems without using dynamic programming")
    assert [p.name for p in second.authors] == ["Pieter M. van Staden", "Peter A. Forsyth", "Yuying Li"]
    replaced = {e.ids.arxiv: e for e in read.entries}["2011.00552"]
    assert replaced.abstract == "" and replaced.authors[0].name == "Vincenzo Candila"
    assert sum(1 for e in read.entries if not e.abstract) == 3


def test_cross_lists_and_dois_of_a_subject_class_mailing():
    read = mailing("mailing-astro-ph.CO-new-2023-03-03.txt")
    by_id = {e.ids.arxiv: e for e in read.entries}
    cross = by_id["2303.00773"]
    assert cross.title == "Revisiting the alignment of radio galaxies in the ELAIS-N1 field"
    assert cross.ids.primary_class == "astro-ph.GA" and cross.authors[-1].name == "Erik Osinga"
    assert "10.1103/PhysRevD.103.103025" in {e.ids.doi for e in read.entries}
    assert Counter(bool(e.abstract) for e in read.entries) == {False: 16, True: 7}


def test_a_past_week_listing_dates_papers_by_their_day_and_keeps_numbered_affiliations():
    read = mailing("mailing-astro-ph.IM-pastweek-2023-03-03.txt")
    by_id = {e.ids.arxiv: e for e in read.entries}
    assert by_id["2303.01431"].date == dt.date(2023, 3, 3)
    assert Counter(e.date for e in read.entries)[dt.date(2023, 2, 27)] > 0
    ferreyro = by_id["2303.01356"]
    names = [p.name for p in ferreyro.authors]
    assert names[1] == "M. García Redondo" and "N. Müller" in names and len(names) == 14
    kurihara = next(e for e in read.entries if e.authors[0].name == "Miki Kurihara")
    assert kurihara.authors[0].affiliation == "University of Tokyo; JAXA ISAS"
    assert (
        kurihara.authors[-1].name == "Yoichi Kochibe"
        and kurihara.authors[-1].affiliation == "Fujitsu Limited"
    )
    hasebe = next(e for e in read.entries if e.authors[0].name == "Takashi Hasebe")
    assert [p.affiliation for p in hasebe.authors[:2]] == ["Kavli IPMU", "Ehime U."]


def mailing(name: str):
    return read_snapshot(real_listing(f"arxiv-listing/{name}"))
