"""Author index: one profile per person across every paper of the library."""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass

from papershelf.model import Library, Person
from papershelf.text.slugs import unique_slugs
from papershelf.text.rules import fold_name, split_name

__all__ = ["AuthorProfile", "author_identity", "index_authors"]


@dataclass(frozen=True)
class AuthorProfile:
    """A person's page data: the most used spelling, affiliations, papers (newest first)."""

    identity: str
    slug: str
    name: str
    sort_name: str
    affiliations: tuple[str, ...]
    papers: tuple[str, ...]
    coauthors: tuple[str, ...]


def author_identity(person: Person) -> str:
    """Spellings that differ only in case, accents or spacing are one person."""
    return fold_name(person.name)


def index_authors(library: Library) -> list[AuthorProfile]:
    """Profiles sorted by surname; co-authors are identities resolved to slugs."""
    spellings: defaultdict[str, Counter[str]] = defaultdict(Counter)
    affiliations: defaultdict[str, dict[str, None]] = defaultdict(dict)
    papers: defaultdict[str, dict[str, None]] = defaultdict(dict)  # each key once, in order
    coauthors: defaultdict[str, dict[str, None]] = defaultdict(dict)
    persons: dict[str, Person] = {}
    for paper in library.papers:
        identities = [author_identity(person) for person in paper.authors]
        team = dict.fromkeys(identities)
        for person, identity in zip(paper.authors, identities, strict=True):
            persons.setdefault(identity, person)
            spellings[identity][person.name] += 1
            if person.affiliation:
                affiliations[identity][person.affiliation] = None
            papers[identity][paper.key] = None
            coauthors[identity].update(team)  # themselves too, taken out below
    for identity, others in coauthors.items():
        del others[identity]
    sort_names = {identity: _sort_name(person) for identity, person in persons.items()}
    order = sorted(spellings, key=sort_names.__getitem__)
    slugs = dict(zip(order, unique_slugs(order), strict=True))
    return [
        AuthorProfile(
            identity=identity,
            slug=slugs[identity],
            name=_preferred_spelling(spellings[identity]),
            sort_name=sort_names[identity],
            affiliations=tuple(affiliations.get(identity, {})),
            papers=tuple(papers[identity]),
            coauthors=tuple(map(slugs.__getitem__, coauthors[identity])),
        )
        for identity in order
    ]


def _preferred_spelling(spellings: Counter[str]) -> str:
    """The most used spelling; on a tie the one with more capitals and accents (`Po-Wei`
    over `Po-wei`, `José` over `Jose`), since listings lose those more often than add them."""
    if len(spellings) == 1:  # most people: no need to weigh anything
        return next(iter(spellings))
    return max(
        spellings,
        key=lambda name: (
            spellings[name],
            sum(c.isupper() for c in name),
            sum(not c.isascii() for c in name),
            name,
        ),
    )


def _sort_name(person: Person) -> str:
    parts = split_name(person)
    return f"{parts.last}, {parts.first}".casefold()
