"""papershelf: turn saved paper-listing snapshots into a reading-list site.

The core (reading snapshots, merging them into a library, keys, exports) is plain Python
and never imports MkDocs; `papershelf.site` is the thin MkDocs adapter.
"""

from papershelf.model import Entry, Library, Listing, Paper, Person, Problem, Sighting

__all__ = ["Entry", "Library", "Listing", "Paper", "Person", "Problem", "Sighting"]
__version__ = "0.1.0"
