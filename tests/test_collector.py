"""The collector at exit: what a MkDocs command leaves alive is left to the operating system
instead of being torn down object by object, and a process may ask for that more than once."""

from __future__ import annotations

import subprocess
import sys
import textwrap

_PROGRAM = textwrap.dedent(
    """
    import sys
    from papershelf.site.collector import left_at_exit

    class Kept:
        '''Held in a cycle from a class, as MkDocs holds its plugins for `mkdocs serve`.'''
        cache = {}

        def __del__(self):
            sys.stderr.write("torn down\\n")

    kept = Kept()
    kept.itself = kept
    Kept.cache["plugin"] = kept
    del kept
    if sys.argv[1] == "left":
        left_at_exit()
        left_at_exit()
    print("done")
    """
)


def _run(mode: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", _PROGRAM, mode], capture_output=True, text=True, timeout=60, check=True
    )


def test_without_it_the_interpreter_tears_down_what_a_class_holds_at_exit():
    """The control: this is the work `left_at_exit` saves."""
    ran = _run("torn")
    assert ran.stdout == "done\n" and "torn down" in ran.stderr


def test_with_it_what_is_alive_at_exit_is_left_to_the_operating_system():
    ran = _run("left")
    assert ran.stdout == "done\n" and ran.stderr == ""
