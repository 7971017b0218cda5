"""The pages at a paper's older keys: each sends the browser on to the paper.

A key once issued keeps its URL for ever, so when two keyed papers are found to be one
(`papershelf.library.keys`), the key that is not kept still has `papers/<key>/`: a small
HTML file as mkdocs-redirects writes one (a `refresh` to the paper, its canonical link, no
indexing by search engines, and a link for a browser that does not follow the refresh). It
is a file of the site, not a page: it stays out of the navigation and the search index.
How it looks is `papershelf/redirect.html`'s.
"""

from __future__ import annotations

from functools import partial

from papershelf.pages.context import PageContext
from papershelf.pages.generated import SiteFile, data_file

__all__ = ["redirect_files", "redirect_path"]


def redirect_path(key: str, use_directory_urls: bool) -> str:
    """Where the page at `key` is served from, as the paper's page at that key would be."""
    return f"papers/{key}/index.html" if use_directory_urls else f"papers/{key}.html"


def redirect_files(ctx: PageContext) -> list[SiteFile]:
    """A redirect for each older key of each paper, made when MkDocs writes it."""
    return [_redirect_file(ctx, paper.key, alias) for paper in ctx.library.papers for alias in paper.aliases]


def _redirect_file(ctx: PageContext, key: str, alias: str) -> SiteFile:
    path = redirect_path(alias, ctx.options.use_directory_urls)
    return data_file(path, partial(_redirect, ctx, key, path))


def _redirect(ctx: PageContext, key: str, here: str) -> str:
    """The redirect's HTML; its link is relative to where it is served, as every link of
    the site is, so that it works under any base URL."""
    paper = ctx.library.by_key[key]
    href = ctx.link(f"papers/{key}.md", here)
    return str(ctx.sections("redirect").page(ctx.options.locale, paper.title, href, ctx.title(key)))
