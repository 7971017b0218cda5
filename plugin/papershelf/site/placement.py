"""Where generated files go among MkDocs's: the `File` each becomes, the folder it is
served under, and the section of the navigation a page out of it belongs to."""

from __future__ import annotations

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files, InclusionLevel
from mkdocs.structure.nav import Navigation
from mkdocs.structure.pages import Page

from papershelf.site.generated import SiteFile

__all__ = ["home_folder", "is_page", "mkdocs_file", "section_index"]


def mkdocs_file(config: MkDocsConfig, generated: SiteFile, folder: str) -> File:
    """A page holds its skeleton (its blocks are made when MkDocs renders it); a data file
    its content. Each is served under `folder` (see `home_folder`)."""
    if not is_page(generated):
        file = File.generated(config, generated.src_uri, content=generated.made().content)
    else:
        inclusion = InclusionLevel.UNDEFINED if generated.in_nav else InclusionLevel.NOT_IN_NAV
        file = File.generated(config, generated.src_uri, content=generated.content, inclusion=inclusion)
    if folder:
        file.dest_uri = folder + file.dest_uri
    return file


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
