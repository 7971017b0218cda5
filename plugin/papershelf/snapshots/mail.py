"""E-mails saved as `.eml`: the message's HTML, read by the reader of the alert it is.

The standard library's `email` parser takes the message apart (MIME parts, transfer
encodings); the `Date:` header is the day the alert was sent, which is the day its papers
were seen. A message that is no alert papershelf knows is one warning.

The HTML part's bytes are decoded here, not by the `email` package, which raises on a
charset Python does not know (`x-unknown`) or that names no text encoding (`binary`): such a
part is read as a snapshot file is (`papershelf.snapshots.decoding`), with a warning. A
charset that decodes to lone surrogates (UTF-7 can) has them shown as U+FFFD, with a
warning. The parser recurses once per level of nested parts: a message nested deeper than
Python's recursion limit is one warning.
"""

from __future__ import annotations

import datetime as dt
import email
import email.policy
import email.utils
from dataclasses import replace
from email.message import EmailMessage, MIMEPart

from papershelf.model import Listing, Problem, Sighting
from papershelf.snapshots.decoding import decode_snapshot, replace_surrogates, shown
from papershelf.snapshots.html import page_soup
from papershelf.snapshots.scholar import is_scholar_alert, read_scholar_alert

__all__ = ["parse_email"]


def parse_email(data: bytes, file: str) -> Listing:
    try:
        message = email.message_from_bytes(data, policy=email.policy.default)
        assert isinstance(message, EmailMessage)
        part = message.get_body(preferencelist=("html",))
    except RecursionError:
        why = "MIME parts nested too deep for Python's e-mail parser; skipped"
        return Listing(file, "", (), (Problem(Sighting(file, 1), why),))
    html, said = _html(part) if part is not None else ("", None)
    soup = page_soup(html)
    if not html or not is_scholar_alert(soup):
        subject = str(message.get("Subject", "")).strip()
        why = f"not a recognised listing; it looks like an e-mail ({subject[:60]!r}), not a Scholar alert"
        return Listing(file, "", (), (Problem(Sighting(file, 1), why),))
    listing = read_scholar_alert(soup, file, _sent(message))
    if said is None:
        return listing
    return replace(listing, problems=(Problem(Sighting(file, 1), said), *listing.problems))


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


def _sent(message: EmailMessage) -> dt.date | None:
    try:
        return email.utils.parsedate_to_datetime(str(message.get("Date", ""))).date()
    except (TypeError, ValueError):
        return None
