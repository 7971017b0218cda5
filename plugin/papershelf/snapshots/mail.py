"""E-mails saved as `.eml`: the message's HTML, read by the reader of the alert it is.

The standard library's `email` parser takes the message apart (MIME parts, transfer
encodings); the `Date:` header is the day the alert was sent, which is the day its papers
were seen. A message that is no alert papershelf knows is one warning.

The HTML part's bytes are decoded here, not by the `email` package, which raises on a
charset Python does not know (`x-unknown`) or that names no text encoding (`binary`): such a
part is read as a snapshot file is (`papershelf.snapshots.decoding`), with a warning. A
charset that decodes to lone surrogates (UTF-7 can) has them shown as U+FFFD, with a
warning. The parser recurses once per level of nested parts: a message nested deeper than
Python's recursion limit is one warning; so is a part whose header the `email` package
raises on when it is read (an encoded word that decodes to a lone surrogate,
`=?utf-7?q?+2AA-?=`). A `Subject:` or `Date:` it raises on is taken as written.
"""

from __future__ import annotations

import datetime as dt
import email
import email.policy
from dataclasses import dataclass, replace
from email.message import EmailMessage, MIMEPart

from papershelf.model import Listing, Problem, Sighting
from papershelf.snapshots.dates import parse_mail_date
from papershelf.snapshots.decoding import decode_snapshot, replace_surrogates, shown
from papershelf.snapshots.html import page_soup
from papershelf.snapshots.scholar import is_scholar_alert, read_scholar_alert

__all__ = ["parse_email"]


def parse_email(data: bytes, file: str) -> Listing:
    try:
        message = _message(data)
    except RecursionError:
        return _skipped(file, "MIME parts nested too deep for Python's e-mail parser; skipped")
    except (UnicodeEncodeError, UnicodeDecodeError) as error:  # a header that decodes to a lone surrogate
        return _skipped(file, f"a header Python's e-mail parser cannot decode ({error.reason}); skipped")
    soup = page_soup(message.html)
    if not message.html or not is_scholar_alert(soup):
        subject = message.subject
        why = f"not a recognised listing; it looks like an e-mail ({subject[:60]!r}), not a Scholar alert"
        return _skipped(file, why)
    listing = read_scholar_alert(soup, file, message.sent)
    if message.said is None:
        return listing
    return replace(listing, problems=(Problem(Sighting(file, 1), message.said), *listing.problems))


@dataclass(frozen=True)
class _Message:
    """What papershelf reads of a message: its HTML, what to warn about how that was decoded
    (None: nothing), its subject and the day it was sent."""

    html: str
    said: str | None
    subject: str
    sent: dt.date | None


def _message(data: bytes) -> _Message:
    """The message read; the `email` package parses headers when they are first asked for,
    so every question to it is asked here."""
    message = email.message_from_bytes(data, policy=email.policy.default)
    assert isinstance(message, EmailMessage)
    part = message.get_body(preferencelist=("html",))
    html, said = _html(part) if part is not None else ("", None)
    return _Message(
        html, said, _header(message, "Subject").strip(), parse_mail_date(_header(message, "Date"))
    )


def _header(message: EmailMessage, name: str) -> str:
    """A header's text, decoded; as it was written when the `email` package raises on it (a
    day in `Date:` past what C's int holds raised OverflowError, an encoded word that decodes
    to a lone surrogate UnicodeEncodeError)."""
    try:
        return str(message.get(name, ""))
    except (OverflowError, UnicodeError):
        return next((value for key, value in message.raw_items() if key.lower() == name.lower()), "")


def _skipped(file: str, why: str) -> Listing:
    return Listing(file, "", (), (Problem(Sighting(file, 1), why),))


def _html(part: MIMEPart) -> tuple[str, str | None]:
    """The part's text, and what to warn about how it was decoded (None: nothing)."""
    payload = part.get_payload(decode=True)
    data = payload if isinstance(payload, bytes) else b""
    charset = part.get_content_charset("us-ascii")
    try:
        text = data.decode(charset, errors="replace")
    except (LookupError, ValueError):  # ValueError: a codec that takes no `errors="replace"`
        decoded = decode_snapshot(data)
        guess = ", a guess" if decoded.guessed else ""
        return (
            decoded.text,
            f"unknown charset {shown(charset)!r}; read as {decoded.encoding or 'UTF-8'}{guess}",
        )
    text, halves = replace_surrogates(text)
    if halves:
        why = f"lone surrogate (half of a UTF-16 pair, no character) in the {charset} text shown as \ufffd"
        return text, why
    return text, None
