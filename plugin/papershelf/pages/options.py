"""What the generated pages depend on besides the library (from `mkdocs.yml`)."""

from __future__ import annotations

from dataclasses import dataclass, field

from papershelf.analysis.analyse import AnalysisOptions
from papershelf.indexes.topics import TopicOptions

__all__ = ["SiteOptions"]


@dataclass(frozen=True)
class SiteOptions:
    """What the site's pages depend on besides the library; compared to tell whether a
    `mkdocs serve` rebuild can keep the pages it planned."""

    use_directory_urls: bool = True
    per_page: int = 50
    locale: str = "en"
    related: int = 5
    author_pages_min: int = 2
    search_index: str = "papers"
    topics: TopicOptions = field(default_factory=TopicOptions)

    @property
    def analysis(self) -> AnalysisOptions:
        """The options the analysis depends on: the rest only changes how pages look."""
        return AnalysisOptions(self.topics, self.related)
