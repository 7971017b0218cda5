"""The theme's templates compiled once per `mkdocs serve` session, not at every rebuild.

MkDocs makes a new Jinja environment for every build, so each rebuild under `mkdocs serve`
compiled Material's templates again: about a tenth of a rebuild of a 1,000-paper library.
Jinja's bytecode cache keeps the compiled code by template name and file, and checks it
against a checksum of the template's source, so a template edited while serving compiles
again. The code is kept in memory only: written to disk it would be code that whoever can
put a file in the project could plant (as `papershelf.analysis.cache` says of its files).

Only the theme's environment takes it. Jinja folds filters applied to constants into the
compiled code, and papershelf's own templates have filters that depend on the build's
language (`papershelf.pages.templates`), which one compiled copy would carry over.
"""

from __future__ import annotations

from types import CodeType

from jinja2.bccache import Bucket, BytecodeCache

__all__ = ["CompiledTemplates"]


class CompiledTemplates(BytecodeCache):
    """Compiled templates by Jinja's key (template name and file), for the process's life."""

    def __init__(self) -> None:
        self._code: dict[str, tuple[str, CodeType]] = {}
        """Each template's code with its source's checksum: kept as a code object, which
        no template changes, rather than marshalled as a cache on disk keeps it."""

    def load_bytecode(self, bucket: Bucket) -> None:
        kept = self._code.get(bucket.key)
        if kept is not None and kept[0] == bucket.checksum:  # else the template was edited
            bucket.code = kept[1]

    def dump_bytecode(self, bucket: Bucket) -> None:
        if bucket.code is not None:
            self._code[bucket.key] = (bucket.checksum, bucket.code)

    def clear(self) -> None:
        self._code.clear()
