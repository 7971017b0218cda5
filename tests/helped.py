"""Functions that `tests/test_helper.py` has a helper process call: they behave differently
in the helper than in the test's own process (whose id they are given)."""

from __future__ import annotations

import importlib
import os
import time


def process_id(_: object) -> int:
    return os.getpid()


def fails_in_a_helper(parent: int) -> str:
    if os.getpid() != parent:
        raise ValueError("failed on purpose")
    return "made here"


def hangs_in_a_helper(parent: int) -> str:
    if os.getpid() != parent:
        time.sleep(60)
    return "made here"


def prints_then_tells(_: object) -> int:
    print("a call that prints")
    return os.getpid()


def where_from(module: str) -> tuple[int, str]:
    """Where the process imports `module` from."""
    return os.getpid(), importlib.import_module(module).__file__ or ""


def tagged(value: object) -> tuple[int, object]:
    """The process and the argument it was given."""
    return os.getpid(), value
