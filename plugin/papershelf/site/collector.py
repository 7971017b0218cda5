"""Python's cyclic garbage collector during a build: kept off the library, which lives to
the end of the build anyway.

Reading and analysing a library makes millions of small objects that all stay alive, so
the collector would walk them again and again for nothing (a quarter of the plugin's time
at 10,000 papers). It is paused while they are made; then they are frozen (`gc.freeze`)
for the rest of the build, so that the collections MkDocs's own work sets off skip them
too, and thawed when the build ends.

When the MkDocs command ends, the process's objects are left to the operating system (as
compilers leave their memory to it): MkDocs keeps the plugin, and with it the library, in a
class-level cache for `mkdocs serve`, so the interpreter would tear millions of objects down
one by one at exit, 3.6 s after a 10,000-paper build had finished.
"""

from __future__ import annotations

import atexit
import gc
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["kept_to_the_end", "left_at_exit", "thawed"]


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


def left_at_exit() -> None:
    """At the interpreter's exit, every object still alive is frozen, so that its last
    collections skip them and the operating system reclaims their memory at once. Python
    never promised to finalize the objects alive at exit; the handlers registered before
    this one (logging's flush) still run after it, as do the standard streams'. Registered once
    however many builds a process runs (tests run many); until exit nothing changes."""
    atexit.unregister(gc.freeze)
    atexit.register(gc.freeze)
