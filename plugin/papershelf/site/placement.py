"""Where generated files go among MkDocs's: the `File` each becomes, the folder it is
served under, and the section of the navigation a page out of it belongs to."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files, InclusionLevel
from mkdocs.structure.nav import Navigation
from mkdocs.structure.pages import Page

from papershelf.pages.generated import SiteFile

__all__ = ["home_folder", "is_page", "mkdocs_file", "section_index"]


def mkdocs_file(config: MkDocsConfig, generated: SiteFile, folder: str) -> File:
    """A page holds its skeleton (its blocks are made when MkDocs renders it); a data file
    its content. Each is served under `folder` (see `home_folder`)."""
    file: File
    if generated.pieces is not None:
        file = MadeFile.made_by(config, generated.src_uri, generated.pieces)
    else:
        inclusion = InclusionLevel.UNDEFINED if generated.in_nav else InclusionLevel.NOT_IN_NAV
        file = File.generated(config, generated.src_uri, content=generated.content, inclusion=inclusion)
    if folder:
        file.dest_uri = folder + file.dest_uri
    return file


class MadeFile(File):
    """A generated data file (BibTeX, CSL-JSON) whose content is made in pieces whenever it
    is read or written, and never kept: at 10,000 papers the topics' `.bib` files alone
    hold 50 MB, which a build would otherwise keep from its `on_files` to its end. It is
    written piece by piece, and read as `File` reads content given in memory."""

    make: Callable[[], Iterable[bytes]]

    @classmethod
    def made_by(cls, config: MkDocsConfig, src_uri: str, make: Callable[[], Iterable[bytes]]) -> MadeFile:
        """The file at `src_uri` whose content `make` makes (`File.generated` wants content:
        an empty one stands for it, which no reader sees)."""
        file = cls.generated(config, src_uri, content="")
        assert isinstance(file, MadeFile)
        file.make = make
        return file

    @property
    def content_string(self) -> str:
        return self.content_bytes.decode("utf-8-sig")

    @content_string.setter
    def content_string(self, value: str) -> None:  # another plugin's content wins
        self.make = lambda: (value.encode(),)

    @property
    def content_bytes(self) -> bytes:
        return b"".join(self.make())

    @content_bytes.setter
    def content_bytes(self, value: bytes) -> None:
        self.make = lambda: (value,)

    def copy_file(self, dirty: bool = False) -> None:
        """Written as MkDocs's `write_file` writes, a piece at a time: a whole file of the
        library, made and then encoded, held its size twice in memory that the process
        kept to the end of the build."""
        os.makedirs(os.path.dirname(self.abs_dest_path), exist_ok=True)
        with open(self.abs_dest_path, "wb") as file:
            file.writelines(self.make())


def home_folder(files: Files) -> str:
    """The folder the home page is served from, where generated files go too: `fr/` while
    mkdocs-static-i18n builds the French site (it moves the user's pages there in an
    `on_files` that runs before the plugin's), else none."""
    for file in files.documentation_pages():
        if file.name == "index" and "/" not in file.src_uri:
            return file.dest_uri.rpartition("/")[0] + "/" if "/" in file.dest_uri else ""
    return ""


def section_index(nav: Navigation, src_uri: str) -> Page | None:
    """The page of the navigation that is the index of the folder `src_uri` is in
    (`papers/index.md` for `papers/<key>.md` and `papers/page/2.md`), if there is one."""
    index = src_uri.partition("/")[0] + "/index.md"
    if index == src_uri:
        return None
    return next((page for page in nav.pages if page.file.src_uri == index), None)


def is_page(generated: SiteFile) -> bool:
    return generated.src_uri.endswith(".md")
