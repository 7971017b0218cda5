"""Following every link of a built site, as a reader would click them."""

from __future__ import annotations

import posixpath
from pathlib import Path
from urllib.parse import unquote, urlsplit

from bs4 import BeautifulSoup


def broken_links(site: Path) -> list[str]:
    """Every link of every page whose target is not in the built site, as `page -> href`
    (but the 404 page's, which are absolute for any URL the page is shown at). A link from
    the site's root (`/fr/`, as the language menu writes them) is taken from the site's."""
    broken = []
    for page in site.rglob("*.html"):
        if page.name == "404.html":
            continue
        url = page.relative_to(site).as_posix()
        soup = BeautifulSoup(page.read_text(encoding="utf-8"), "html.parser")
        for link in soup.select("a[href]"):
            parts = urlsplit(link["href"])
            if parts.scheme or parts.netloc or not parts.path:
                continue
            path = posixpath.join(posixpath.dirname(url), unquote(parts.path))
            target = site / posixpath.normpath(path).lstrip("/")
            if not (target / "index.html" if target.is_dir() else target).is_file():
                broken.append(f"{url} -> {link['href']}")
    return broken
