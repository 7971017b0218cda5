"""Google Scholar alerts: the real message bodies in `../shared/real-listings/` (skipped
where that folder is absent), and `.eml` files of our own around one of them."""

from __future__ import annotations

import datetime as dt
from email.message import EmailMessage
from pathlib import Path

import pytest

from conftest import real_listing
from papershelf.model import DAY, YEAR
from papershelf.snapshots.reader import read_snapshot

ALERTS = {
    "alert-2019-12-10-allamanis-new-related-research.html": 3,
    "alert-2019-12-10-uri-alon-new-citations.html": 3,
    "alert-2019-12-10-learning-to-represent-programs-new-citations.html": 2,
    "alert-2019-12-12-allamanis-new-citations.html": 1,
}


@pytest.mark.parametrize(("name", "count"), ALERTS.items())
def test_every_paper_of_an_alert_and_one_warning_for_its_missing_date(name: str, count: int):
    read = read_snapshot(body(name))
    assert read.found == len(read.entries) == count
    assert [str(p) for p in read.problems] == [
        f"{name}:1: a Scholar alert saved without its e-mail headers has no date; save it as .eml"
    ]
    assert all(e.authors and e.abstract and e.truncated for e in read.entries)  # snippets end in …


def test_titles_authors_and_where_each_paper_is():
    read = read_snapshot(body("alert-2019-12-10-allamanis-new-related-research.html"))
    first, second, _ = read.entries
    assert first.title == "Using Sequence-to-Sequence Learning for Repairing C Vulnerabilities"
    assert [p.name for p in first.authors] == ["Z Chen", "S Kommrusch", "M Monperrus"]
    assert first.ids.arxiv == "1912.02015"  # behind Scholar's redirect
    assert second.ids.url == "https://ieeexplore.ieee.org/abstract/document/8919471/" and not second.ids.arxiv
    assert (
        second.title == "Marking Mechanism in Sequence-to-sequence Model for Mapping Language to Logical Form"
    )
    no_venue = read_snapshot(body("alert-2019-12-10-learning-to-represent-programs-new-citations.html"))
    assert [[p.name for p in e.authors] for e in no_venue.entries] == [
        ["A Karmakar"],
        ["M Abdi", "H Rocha", "S Demeyer"],
    ]
    # without the e-mail's day, the year the green line ends with dates the paper
    assert (first.date, first.date_precision) == (dt.date(2019, 1, 1), YEAR) and not first.provisional
    assert [e.date for e in no_venue.entries] == [dt.date(2019, 1, 1), None]  # "A Karmakar - 2019"
    springer = read_snapshot(body("alert-2019-12-10-uri-alon-new-citations.html")).entries[2]
    assert springer.ids.doi.startswith("10.1007/978-3-030-36808-1")


def test_an_old_paper_keeps_the_year_scholar_prints(tmp_path: Path):
    """An author's alert lists old work too: Scholar's year is the paper's, not a typo."""
    html = body("alert-2019-12-10-learning-to-represent-programs-new-citations.html").read_text(
        encoding="utf-8"
    )
    (tmp_path / "old.html").write_text(
        html.replace("A Karmakar - 2019", "A Karmakar - 1985"), encoding="utf-8"
    )
    read = read_snapshot(tmp_path / "old.html")
    assert read.entries[0].date == dt.date(1985, 1, 1) and len(read.problems) == 1  # the file's missing day


def eml(html: str, date: str = "Tue, 10 Dec 2019 09:14:00 -0800") -> bytes:
    message = EmailMessage()
    message["Subject"] = "Miltiadis Allamanis - new related research"
    message["From"] = "Google Scholar Alerts <scholaralerts-noreply@google.com>"
    message["Date"] = date
    message.set_content("This message has an HTML part.")
    message.add_alternative(html, subtype="html")
    return bytes(message)


def test_an_alert_saved_as_eml_is_dated_by_its_message(tmp_path: Path):
    html = body("alert-2019-12-10-allamanis-new-related-research.html").read_text(encoding="utf-8")
    (tmp_path / "alert.eml").write_bytes(eml(html))
    read = read_snapshot(tmp_path / "alert.eml")
    assert read.problems == () and len(read.entries) == 3
    assert all(e.date == dt.date(2019, 12, 10) and not e.provisional for e in read.entries)
    assert all(e.date_precision == DAY for e in read.entries)  # the day, not the line's year


def test_an_eml_that_is_no_alert_is_one_warning(tmp_path: Path):
    (tmp_path / "note.eml").write_bytes(eml("<p>Lunch at noon?</p>"))
    read = read_snapshot(tmp_path / "note.eml")
    assert read.entries == () and [str(p) for p in read.problems] == [
        "note.eml:1: not a recognised listing; it looks like an e-mail "
        "('Miltiadis Allamanis - new related research'), not a Scholar alert"
    ]


def body(name: str) -> Path:
    return real_listing(f"scholar-alerts/{name}")
