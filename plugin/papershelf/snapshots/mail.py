"""E-mails saved as `.eml`: the message's HTML, read by the reader of the alert it is.

The standard library's `email` parser takes the message apart (MIME parts, transfer
encodings, charsets); the `Date:` header is the day the alert was sent, which is the day
its papers were seen. A message that is no alert papershelf knows is one warning.
"""

from __future__ import annotations

import datetime as dt
import email
import email.policy
import email.utils
from email.message import EmailMessage

from papershelf.model import Listing, Problem, Sighting
from papershelf.snapshots.html import page_soup
from papershelf.snapshots.scholar import is_scholar_alert, read_scholar_alert

__all__ = ["parse_email"]


def parse_email(data: bytes, file: str) -> Listing:
    message = email.message_from_bytes(data, policy=email.policy.default)
    assert isinstance(message, EmailMessage)
    part = message.get_body(preferencelist=("html",))
    html = part.get_content() if part is not None else ""
    soup = page_soup(html)
    if not html or not is_scholar_alert(soup):
        subject = str(message.get("Subject", "")).strip()
        why = f"not a recognised listing; it looks like an e-mail ({subject[:60]!r}), not a Scholar alert"
        return Listing(file, "", (), (Problem(Sighting(file, 1), why),))
    return read_scholar_alert(soup, file, _sent(message))


def _sent(message: EmailMessage) -> dt.date | None:
    try:
        return email.utils.parsedate_to_datetime(str(message.get("Date", ""))).date()
    except (TypeError, ValueError):
        return None
