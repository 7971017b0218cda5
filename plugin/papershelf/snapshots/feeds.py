"""XML snapshots: the feed readers, chosen by what the document is, not by its file name."""

from __future__ import annotations

import re

from papershelf.model import Listing, Problem, Sighting
from papershelf.snapshots.arxiv_atom import is_arxiv_atom, read_arxiv_atom
from papershelf.snapshots.arxiv_rdf import is_arxiv_rdf, read_arxiv_rdf
from papershelf.snapshots.arxiv_rss import (
    is_arxiv_rss,
    is_arxiv_rss_atom,
    read_arxiv_rss,
    read_arxiv_rss_atom,
)
from papershelf.snapshots.other_feeds import is_other_feed, read_other_feed
from papershelf.snapshots.xmltree import XmlError, parse_xml

__all__ = ["looks_like_feed", "parse_feed"]

_READERS = (
    (is_arxiv_rss, read_arxiv_rss),
    (is_arxiv_rss_atom, read_arxiv_rss_atom),  # before the API's Atom, which it also is
    (is_arxiv_atom, read_arxiv_atom),
    (is_arxiv_rdf, read_arxiv_rdf),
    (is_other_feed, read_other_feed),  # last: any feed with items
)
_FEED_START = re.compile(r"\A\s*(?:<\?xml[^>]*>\s*)?(?:<!--.*?-->\s*)*<(?:rss|feed|rdf:RDF)\b", re.DOTALL)


_LATE_DECLARATION = re.compile(r"\A(\s+)(<\?xml[^>]*\?>)")
"""An XML declaration after white space (a response pasted or copied with a blank line
first), which XML allows only at the very start."""


def _blanked(match: re.Match[str]) -> str:
    """The declaration as spaces: the text is decoded already, so its encoding says nothing,
    and the lines stay where they were, for the warnings' line numbers."""
    return match[1] + " " * len(match[2])


def looks_like_feed(text: str) -> bool:
    """Whether a snapshot is an RSS (2.0, or 1.0 as RDF) or Atom feed, whatever its file
    name says."""
    return _FEED_START.match(text[:2000]) is not None


def parse_feed(text: str, file: str) -> Listing:
    """The entries of a feed a reader knows; any other XML is one warning and no paper."""
    try:
        root = parse_xml(_LATE_DECLARATION.sub(_blanked, text, count=1))
    except XmlError as error:
        return Listing(file, "", (), (Problem(Sighting(file, error.line), f"not well-formed XML: {error}"),))
    for recognises, read in _READERS:
        if recognises(root):
            return read(root, file)
    kind = root.tag.rpartition("}")[2]
    why = f"not a recognised listing; it looks like an XML document <{kind}> that no reader knows"
    return Listing(file, "", (), (Problem(Sighting(file, root.line), why),))
