"""Python's cyclic garbage collector during a build: kept off the library, which lives to
the end of the build anyway.

Reading and analysing a library makes millions of small objects that all stay alive, so
the collector would walk them again and again for nothing (a quarter of the plugin's time
at 10,000 papers). It is paused while they are made; then they are frozen (`gc.freeze`)
for the rest of the build, so that the collections MkDocs's own work sets off skip them
too, and thawed when the build ends.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["kept_to_the_end", "thawed"]


@contextmanager
def kept_to_the_end(serve_rebuild: bool) -> Iterator[None]:
    """The collector paused while the body makes what the build keeps, which is frozen if
    the body succeeds. On a serve rebuild, the last build's pages are garbage in reference
    cycles that the collector has not reached yet: they are collected first, or, frozen
    with this build's objects, they would stay alive through this build too (twice the
    memory of a build under serve)."""
    if serve_rebuild:
        gc.collect()
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
        gc.freeze()  # before the collector resumes, or its first pass would walk them all
    finally:
        if enabled:
            gc.enable()


def thawed() -> None:
    """The build is over (or failed): the collector may reach its objects again."""
    gc.unfreeze()
