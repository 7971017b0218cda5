"""arXiv's daily mailings as plain text: the real ones in `../shared/real-listings/` (skipped
where that folder is absent), entries, fields and dates checked by hand against the files, and
variants of them derived here as a webmail copy gives them: without the e-mail headers,
indented with tabs or no-break spaces, with CRLF line ends."""

from __future__ import annotations

import datetime as dt
import re
from collections import Counter
from pathlib import Path

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
    assert first.date == dt.date(2023, 3, 15)  # its `Date: Wed, 15 Mar 2023 18:34:08 GMT` line
    assert (
        first.abstract.startswith("We show that the main empirical findings") and "\\em" not in first.abstract
    )
    second = read.entries[1]
    assert second.title.endswith("portfolio optimization problems without using dynamic programming")
    assert [p.name for p in second.authors] == ["Pieter M. van Staden", "Peter A. Forsyth", "Yuying Li"]
    by_id = {e.ids.arxiv: e for e in read.entries}
    replaced = by_id["2011.00552"]
    assert replaced.abstract == "" and replaced.authors[0].name == "Vincenzo Candila"
    # `replaced with revised version Wed, 15 Mar 2023`: a later version, dated by its id's month
    assert (replaced.date, replaced.date_precision) == (dt.date(2020, 11, 1), "month")
    assert by_id["2303.09393"].date == dt.date(2023, 2, 2)  # submitted long before it was announced
    assert by_id["2206.14015"].date == dt.date(2022, 6, 1)  # replaced on 16 Mar 2023
    assert sum(1 for e in read.entries if not e.abstract) == 3


def test_cross_lists_and_dois_of_a_subject_class_mailing():
    read = mailing("mailing-astro-ph.CO-new-2023-03-03.txt")
    by_id = {e.ids.arxiv: e for e in read.entries}
    cross = by_id["2303.00773"]
    assert cross.title == "Revisiting the alignment of radio galaxies in the ELAIS-N1 field"
    assert cross.ids.primary_class == "astro-ph.GA" and cross.authors[-1].name == "Erik Osinga"
    assert "10.1103/PhysRevD.103.103025" in {e.ids.doi for e in read.entries}
    assert Counter(bool(e.abstract) for e in read.entries) == {False: 16, True: 7}


def test_a_past_week_listing_dates_papers_by_their_records_and_keeps_numbered_affiliations():
    read = mailing("mailing-astro-ph.IM-pastweek-2023-03-03.txt")
    by_id = {e.ids.arxiv: e for e in read.entries}
    assert by_id["2303.01431"].date == dt.date(2023, 3, 2)  # under `/* Fri, 3 Mar 2023 */`
    assert by_id["2303.01431"].authors[1].name == "Jay Respler"
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
    # numbers the record gives no key for are no affiliation, the last author's included
    for keyless in (by_id["2302.14832"], by_id["2303.00339"]):
        assert all(p.affiliation is None for p in keyless.authors), keyless.authors
    assert by_id["2302.14832"].authors[-1].name == "Sonia Zine"
    assert "Gian Gabriele Ori" in {p.name for p in by_id["2302.14832"].authors}  # "(11 and 12)"


MAILINGS = [
    "mailing-q-fin-new-2023-03-17.txt",
    "mailing-q-fin.TR-new-2023-03-17.txt",
    "mailing-astro-ph.CO-new-2023-03-03.txt",
    "mailing-astro-ph.IM-pastweek-2023-03-03.txt",
]


def test_a_mailing_copied_without_its_email_headers_dates_every_paper_by_its_record():
    """A mailing copied out of a webmail has no `Date:`/`Subject:` header: each paper still
    has the day of its own `Date:` line (the submission of the version announced)."""
    read = from_text(without_headers(real_text("mailing-q-fin-new-2023-03-17.txt")))
    assert read.problems == () and len(read.entries) == 16
    assert [(e.ids.arxiv, e.date, e.authors[0].name, e.title) for e in read.entries[:5]] == [
        (
            "2303.08867",
            dt.date(2023, 3, 15),
            "Louis Saddier",
            "A Bayesian derivation of the square root law of market impact",
        ),
        (
            "2303.08968",
            dt.date(2023, 3, 15),
            "Pieter M. van Staden",
            "A parsimonious neural network approach to solve portfolio optimization problems without"
            " using dynamic programming",
        ),
        (
            "2303.09011",
            dt.date(2023, 3, 16),
            "Philip Metzger",
            "Economics of In-Space Industry and Competitiveness of Lunar-Derived Rocket Propellant",
        ),
        (
            "2303.09147",
            dt.date(2023, 3, 16),
            "Klaus M. Miller",
            "Economic Consequences of Online Tracking Restrictions",
        ),
        (
            "2303.09176",
            dt.date(2023, 3, 16),
            "Volodymyr Savchuk",
            "Real Options Technique as a Tool of Strategic Risk Management",
        ),
    ]


@pytest.mark.parametrize("name", MAILINGS)
def test_every_mailing_reads_the_same_papers_and_dates_without_its_email_headers(name: str):
    text = real_text(name)
    assert papers(from_text(without_headers(text))) == papers(mailing(name))
    assert all(e.date for e in from_text(without_headers(text)).entries)


@pytest.mark.parametrize("name", MAILINGS)
@pytest.mark.parametrize(
    "copy",
    [
        pytest.param(lambda text: re.sub(r"^  ", "\u00a0\u00a0", text, flags=re.MULTILINE), id="nbsp-indent"),
        pytest.param(lambda text: re.sub(r"^ +", "\t", text, flags=re.MULTILINE), id="tab-indent"),
        pytest.param(lambda text: text.replace("  ", "\u00a0 "), id="nbsp-spaces"),
        pytest.param(lambda text: text.replace("\n", "\r\n"), id="crlf"),
        pytest.param(
            lambda text: re.sub(r"^ +", "\t", without_headers(text), flags=re.MULTILINE).replace(
                "\n", "\r\n"
            ),
            id="headerless-tab-crlf",
        ),
    ],
)
def test_a_webmail_copy_with_other_spaces_and_line_ends_reads_the_same(name: str, copy):
    """Webmail copies indent continuation lines with tabs or no-break spaces and end lines
    with CRLF: the fields still continue, and the papers read exactly as from the file."""
    read = from_text(copy(real_text(name)))
    assert read.problems == ()
    assert papers(read) == papers(mailing(name))


def test_a_record_without_its_date_line_takes_the_end_of_the_mailing_window():
    """`received from Wed 15 Mar 23 18:00:00 GMT to Thu 16 Mar 23 18:00:00 GMT`: a record
    whose `Date:` line was lost is dated by the window's end, with or without the headers."""
    text = real_text("mailing-q-fin.TR-new-2023-03-17.txt")
    undated = text.replace("Date: Wed, 15 Mar 2023 18:34:08 GMT   (243kb,D)\n", "")
    for variant in (undated, without_headers(undated)):
        (entry,) = from_text(variant).entries
        assert (entry.ids.arxiv, entry.date) == ("2303.08867", dt.date(2023, 3, 16))
        assert [p.name for p in entry.authors] == ["Louis Saddier", "Matteo Marsili"]


@pytest.mark.parametrize(
    ("authors", "affiliations"),
    [
        ("Louis Saddier (1) and Matteo Marsili (1, 2) ((1) ICTP)", ["ICTP", "ICTP"]),  # (2) has no key
        ("Louis Saddier (1) and Matteo Marsili (2, for the team)", [None, "for the team"]),  # no key at all
    ],
)
def test_affiliation_numbers_without_a_key_are_left_out_and_the_rest_kept(authors: str, affiliations: list):
    text = real_text("mailing-q-fin.TR-new-2023-03-17.txt")
    (entry,) = from_text(
        text.replace("Authors: Louis Saddier and Matteo Marsili", f"Authors: {authors}")
    ).entries
    assert [(p.name, p.affiliation) for p in entry.authors] == list(
        zip(["Louis Saddier", "Matteo Marsili"], affiliations, strict=True)
    )


COMMA_BEFORE_MARKS = """\
------------------------------------------------------------------------------
\\\\
arXiv:2301.00007
Date: Mon, 2 Jan 2023 10:00:00 GMT   (20kb)

Title: Globular clusters of the halo
Authors: Eunhyeuk Kim (1), Myung Gyoon Lee, (1), and Doug Geisler (2) ((1) Seoul
  National University, Korea (2) Universidad de Concepcion, Chile)
Categories: astro-ph.GA
\\\\
  We study the globular clusters of the halo.
\\\\ ( https://arxiv.org/abs/2301.00007 ,  20kb)
------------------------------------------------------------------------------
"""


@pytest.mark.parametrize(
    ("authors", "names"),
    [
        ("Alice Smith (1), Bob Jones, (2) Carl Diaz", ["Alice Smith", "Bob Jones", "Carl Diaz"]),
        ("Alice Smith, (2) Bob Jones ((2) CMU)", ["Alice Smith", "(CMU) Bob Jones"]),
    ],
)
def test_a_comma_before_numbers_that_begin_a_name_parts_the_names(authors: str, names: list[str]):
    """The comma goes with the numbers only where they end a name: before a name they
    begin (the key cut off, or numbers written first), it parts two authors, as it did."""
    record = COMMA_BEFORE_MARKS.replace(
        "Authors: Eunhyeuk Kim (1), Myung Gyoon Lee, (1), and Doug Geisler (2) ((1) Seoul\n"
        "  National University, Korea (2) Universidad de Concepcion, Chile)",
        f"Authors: {authors}",
    )
    assert [p.name for p in from_text(record).entries[0].authors] == names


def test_a_comma_before_a_names_affiliation_number_leaves_it_the_names():
    """`Myung Gyoon Lee, (1), and` (a real astro-ph record's line): the number is Lee's,
    not an author `(Seoul National University, Korea)` of its own."""
    read = from_text(COMMA_BEFORE_MARKS)
    assert read.problems == ()
    assert [(p.name, p.affiliation) for p in read.entries[0].authors] == [
        ("Eunhyeuk Kim", "Seoul National University, Korea"),
        ("Myung Gyoon Lee", "Seoul National University, Korea"),
        ("Doug Geisler", "Universidad de Concepcion, Chile"),
    ]


OLD_RECORDS = """\
------------------------------------------------------------------------------
\\\\
Paper: hep-th/9612115
From: Asato Tsuchiya <address@example.org>
Date: Wed, 11 Dec 1996 17:38:56 +0900   (20kb)
Date (revised): Tue, 31 Dec 1996 01:06:34 +0900

Title: A Large-N Reduced Model as Superstring
Author: N. Ishibashi
Comments: 29 pages, Latex
\\\\
  A matrix model which has the manifest ten-dimensional N=2 super Poincare
invariance is proposed.
\\\\
------------------------------------------------------------------------------
\\\\
arXiv:0704.0002
From: Louis Theran <address@example.org>
Date: Sat, 31 Mar 2007 02:26:18 GMT   (377kb,D)

Title: Sparsity-certifying Graph Decompositions
Authors: Ileana Streinu and Louis Theran
Categories: math.CO cs.CG
\\\\
  We describe a new algorithm, the $(k,\\ell)$-pebble game with colors.
\\\\
"""


def test_records_of_the_first_years_are_read_as_todays():
    """Until 2007 a record opened `Paper: hep-th/9612115` with the sender's `From:` line, one
    author was `Author:`, and the identifier named the archive, which no `Categories:` line
    did; the sender's line stayed some years after."""
    read = from_text(OLD_RECORDS)
    assert read.problems == () and read.found == 2
    old, later = read.entries
    assert (old.ids.arxiv, old.topic, old.date) == ("hep-th/9612115", "hep-th", dt.date(1996, 12, 11))
    assert [p.name for p in old.authors] == ["N. Ishibashi"] and old.abstract.startswith("A matrix model")
    assert (later.ids.arxiv, later.topic, later.date) == ("0704.0002", "math.CO", dt.date(2007, 3, 31))
    assert [p.name for p in later.authors] == ["Ileana Streinu", "Louis Theran"]


def mailing(name: str):
    return read_snapshot(real_listing(f"arxiv-listing/{name}"))


def real_text(name: str) -> str:
    return real_listing(f"arxiv-listing/{name}").read_text(encoding="utf-8")


def without_headers(text: str) -> str:
    """The mailing as copied out of a webmail: its e-mail header lines are not part of it."""
    return re.sub(r"\A(?:(?:Date|Subject): .*\n)+\n?", "", text)


def from_text(text: str):
    return read_snapshot(Path("copied-mailing.txt"), data=text.encode("utf-8"))


def papers(read) -> list[tuple]:
    return [
        (e.ids, e.title, [(p.name, p.affiliation) for p in e.authors], e.date, e.abstract, e.topic)
        for e in read.entries
    ]


def test_the_last_record_ends_at_its_closing_line_whatever_follows():
    """A mailing's footer, or the prose of a page that quotes one record, is no part of the
    last abstract: the record ends at its `\\\\ ( https://arxiv.org/abs/ID , size)` line."""
    record = (
        "\\\\\narXiv:2301.00001\nDate: Mon, 2 Jan 2023 10:00:00 GMT   (10kb)\n\n"
        "Title: A Made-Up Record\nAuthors: Ann Author\nCategories: cs.LG\n\\\\\n"
        "  We made this abstract up.\n\\\\ ( https://arxiv.org/abs/2301.00001 ,  10kb)\n"
    )
    (entry,) = from_text(record + "\nYou see, we receive a lot of mail.\n#!/bin/sh\nwget $url\n").entries
    assert entry.abstract == "We made this abstract up."
