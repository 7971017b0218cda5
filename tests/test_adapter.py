"""The site adapter (`papershelf.site`) uses MkDocs through what MkDocs makes public."""

from __future__ import annotations

import ast
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files
from mkdocs.structure.nav import Navigation, Section
from mkdocs.structure.pages import Page
from mkdocs.structure.toc import AnchorLink, TableOfContents

SITE = Path(__file__).resolve().parent.parent / "plugin" / "papershelf" / "site"


def test_no_private_mkdocs_attribute_is_written():
    """The site adapter sets no attribute of MkDocs's own objects that MkDocs keeps private
    (a name starting with `_` that a page, file, navigation or config of MkDocs has): an
    upgrade may rename or drop it without a word (`Page._title_from_render` was one)."""
    private = {
        name
        for kind in (Page, File, Files, Navigation, Section, MkDocsConfig, AnchorLink, TableOfContents)
        for name in dir(kind)
        if name.startswith("_") and not name.startswith("__")
    }
    page = Page(None, File("x.md", src_dir=None, dest_dir="site", use_directory_urls=True), MkDocsConfig())
    private |= {name for name in vars(page) if name.startswith("_")}
    assert "_title_from_render" in private  # MkDocs 1.6's, which the skeletons once wrote
    written = []
    for path in sorted(SITE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            targets = node.targets if isinstance(node, ast.Assign) else []
            targets += [node.target] if isinstance(node, (ast.AugAssign, ast.AnnAssign)) else []
            written += [
                f"{path.name}:{node.lineno} {target.attr}"
                for target in targets
                if isinstance(target, ast.Attribute) and target.attr in private
            ]
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "setattr":
                written.append(f"{path.name}:{node.lineno} setattr")
    assert written == []
