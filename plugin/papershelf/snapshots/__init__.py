"""Readers for listing snapshots: one module per input format, shared helpers beside them."""

from papershelf.snapshots.reader import SNAPSHOT_SUFFIXES, read_snapshot

__all__ = ["SNAPSHOT_SUFFIXES", "read_snapshot"]
