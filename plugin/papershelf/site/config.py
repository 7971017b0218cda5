"""The plugin's options in `mkdocs.yml`."""

from __future__ import annotations

from mkdocs.config import config_options as c
from mkdocs.config.base import Config

__all__ = ["PapershelfConfig"]


class PapershelfConfig(Config):
    """`plugins: - papershelf: {...}`; paths are relative to `mkdocs.yml`."""

    snapshots = c.Type(str, default="snapshots")
    """Folder of listing snapshots (searched recursively)."""

    keys_file = c.Type(str, default="citation-keys.tsv")
    """File that remembers issued citation keys; commit it next to the snapshots."""

    per_page = c.Type(int, default=50)
    """Papers per page on the paged "all papers" index."""

    locale = c.Optional(c.Type(str))
    """Language for dates on pages (default: the theme's `language`, else English)."""
