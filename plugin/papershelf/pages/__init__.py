"""Library -> the generated site's files: pages (data inside escaped HTML) and exports.

One module per kind of page, around a shared context:

- `plan`: `SitePlan`, every generated file in order, from the modules below;
- `context`: what every page uses: links, titles, bylines, dates, front matter, templates;
- `templates`: the Jinja templates every page is written by (`templates/papershelf/`, one
  per page kind), with a site's overrides;
- `markup`: the one escaping rule under them (`safe`, `text`, ...: Markup, escaped);
- `wording`: every phrase the pages show, and the one rule that shortens an author list;
- `paper`: a paper's page; `paper_lists`: the paged lists of papers every index shows;
- `index` (all papers), `new` (the papers first seen in the newest snapshots), `topics`,
  `timeline` (months), `authors` (with `letters`: who is on which letter page),
  `reading_lists`, `exports` (the library's BibTeX and CSL-JSON), `feeds` (Atom);
- `options`: `SiteOptions`, what the pages depend on besides the library.
"""

from papershelf.pages.options import SiteOptions
from papershelf.pages.paper import arxiv_title_search
from papershelf.pages.plan import SitePlan

__all__ = ["SiteOptions", "SitePlan", "arxiv_title_search"]
