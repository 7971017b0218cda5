"""The one way generated pages are written: Jinja templates, autoescaped, that a site may override.

Each kind of page has one template in `papershelf/pages/templates/papershelf/` (`paper.html`,
`topic.html`, ...). Most hold one macro per section of the page: the page-kind modules give
each macro the data it shows (links made, names shortened, phrases chosen) and put what it
returns where the section goes (`papershelf.pages.generated`). The index pages and the parts of
a user's pages (reading-list cards, citations, references) are whole templates, rendered as
Markdown with front matter.

A site overrides them the way Material's own templates are overridden: a folder it names
(the theme's `custom_dir`, passed in through `SiteOptions.overrides`) may hold
`papershelf/<name>.html`. A whole template there replaces the package's; in a template of
macros, each macro it defines replaces the package's of the same name, and the others stay
the package's, so that a site can change one section and keep the rest. A site's template
can import the package's own as `package/papershelf/<name>.html` (to wrap a section).

Safety does not depend on what a site's template writes: every `{{ }}` follows `finalize`
(`markup.safe`: Markup as it is, anything else escaped as text and made inert for Markdown
and Jinja; `markup.safe_in_markdown` in a user's page), and autoescape escapes whatever a
template joins itself. Templates are compiled once per environment, and each macro looked up
once: a page section costs one macro call.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import cast

from jinja2 import (
    ChoiceLoader,
    Environment,
    FileSystemLoader,
    PackageLoader,
    PrefixLoader,
    StrictUndefined,
    Template,
)
from markupsafe import Markup

from papershelf.pages.markup import Content

__all__ = ["FOLDER", "Macros", "Templates"]

FOLDER = "papershelf"
"""The folder, in the package and in a site's override folder, that holds the templates."""

_PACKAGE = "package"
"""The prefix under which a site's template finds the package's own (`package/papershelf/...`)."""


class Macros:
    """The sections of one page kind: `macros.head(...)` calls the site's `head` macro if
    its template defines one, else the package's."""

    def __init__(self, templates: Sequence[Template]) -> None:
        self._modules = [template.module for template in templates]

    def __getattr__(self, name: str) -> Callable[..., Markup]:
        for module in self._modules:
            macro = getattr(module, name, None)
            if macro is not None:
                setattr(self, name, macro)  # looked up once
                return cast(Callable[..., Markup], macro)
        raise AttributeError(f"no macro {name!r} in the {FOLDER} templates")


class Templates:
    """One autoescaping environment over the package's templates and a site's overrides."""

    def __init__(
        self,
        overrides: Sequence[str],
        finalize: Callable[[Content], Markup],
        globals_: Mapping[str, object],
        filters: Mapping[str, Callable[..., object]],
    ) -> None:
        self.overrides = [Path(folder) for folder in overrides]
        package = PackageLoader("papershelf.pages", "templates")
        self.env = Environment(
            loader=ChoiceLoader(
                [FileSystemLoader(self.overrides), package, PrefixLoader({_PACKAGE: package})]
            ),
            autoescape=True,
            finalize=finalize,
            trim_blocks=True,
            lstrip_blocks=True,
            keep_trailing_newline=True,
            undefined=StrictUndefined,
        )
        self.env.globals.update(globals_)
        self.env.filters.update(filters)
        self._macros: dict[str, Macros] = {}
        self._overrides: dict[str, bool] = {}

    def macros(self, kind: str) -> Macros:
        """The sections of the page kind whose template is `papershelf/<kind>.html`."""
        if kind not in self._macros:
            name = f"{FOLDER}/{kind}.html"
            chain = [self.env.get_template(name)]
            if self._overridden(name):
                chain.append(self.env.get_template(f"{_PACKAGE}/{name}"))
            self._macros[kind] = Macros(chain)
        return self._macros[kind]

    def render(self, kind: str, **context: object) -> str:
        """The whole template `papershelf/<kind>.html` (an index page, part of a user's page)."""
        return self.env.get_template(f"{FOLDER}/{kind}.html").render(**context)

    def fresh(self) -> bool:
        """Whether no template used so far has changed on disk since it was loaded (a site's
        override edited under `mkdocs serve`): else the pages are planned again."""
        cache = self.env.cache
        return cache is None or all(template.is_up_to_date for template in cache.values())

    def overridden(self, kind: str) -> bool:
        """Whether the site overrides the template of a page kind (`papershelf/<kind>.html`),
        looked at once (as its macros are loaded once)."""
        if kind not in self._overrides:
            self._overrides[kind] = self._overridden(f"{FOLDER}/{kind}.html")
        return self._overrides[kind]

    def _overridden(self, name: str) -> bool:
        return any((folder / name).is_file() for folder in self.overrides)
