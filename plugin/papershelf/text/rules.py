"""The text rules every part of the library shares: words, folding, names, math, stop words.

Readers, keys, identities, slugs, author and topic indexes and exports all ask the same
questions of text (what is a word, when are two spellings the same, which part of a name is
the surname, where is math); the answers live here, once, so that a key, a slug and an
author page never disagree about them.

Three foldings, each for its own comparison, none of them shown to readers:

* `ascii_fold`: ASCII letters and digits only (`Şengül` -> `sengul`, `Ødegård` ->
  `odegard`); other scripts vanish. What citation keys and slugs are spelled with.
* `fold_title`: no case, accents, spaces or punctuation, but letters of every script
  kept (`ø` stays `ø`). How titles, and names a reading list writes, are matched.
* `fold_name`: no case, accents or extra spaces, punctuation kept (`Po-Wei` and
  `Po Wei` stay two). Which spellings of an author are one person.
"""

from __future__ import annotations

import difflib
import functools
import re
import string
import unicodedata
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from papershelf.model import Person

__all__ = [
    "KEY_STOP_WORDS",
    "NAME_PARTICLES",
    "NAME_SUFFIXES",
    "STOP_WORDS",
    "NameParts",
    "ascii_fold",
    "counted",
    "did_you_mean",
    "fold_name",
    "fold_surname",
    "fold_title",
    "plain_letters",
    "replacing",
    "split_math",
    "split_name",
    "split_words",
    "title_words",
    "unknown_name",
    "without_marks",
    "word_core",
]

# -- Characters ----------------------------------------------------------------------------


def replacing(table: Mapping[str, str]) -> Callable[[str], str]:
    """A function that replaces each character of `table` in a text by what it maps to, in
    one pass (escapes: `$` -> `&#36;`, `%` -> `\\%`).

    `str.translate` would do the same, but it keeps its fast path only while every
    character it meets maps to a single ASCII character: on a text holding one escaped
    character, or any non-ASCII letter, it falls back to a lookup per character, 10 to 30
    times slower than this scan (140 against 8 microseconds for a 1,200-character abstract
    with one accented letter)."""
    pattern = re.compile("[" + "".join(re.escape(char) for char in table) + "]")
    replacements = dict(table)

    def replace(text: str) -> str:
        return pattern.sub(lambda match: replacements[match[0]], text)

    return replace


# -- Words ------------------------------------------------------------------------------

_WORD = re.compile(r"[^\W_]+")
"""A run of characters `str.isalnum` accepts: letters and digits of any script. An
underscore, a combining mark or punctuation ends a word."""


def split_words(text: str) -> list[str]:
    """The words of `text`, in order (`KV-cache_v2` -> `KV`, `cache`, `v2`)."""
    return _WORD.findall(text)


STOP_WORDS = frozenset(
    """a about above across after again against all also am an and any are as at be because been
    before being below between both but by can could did do does doing down during each either
    few for from further had has have having he her here hers him his how i if in into is it its
    itself just may me might more most much must my no nor not now of off on once only or other
    our ours out over own per same she should so some such than that the their theirs them then
    there these they this those through thus to too under until up upon us very via was we were
    what when where whether which while who whom why will with within without would yet you your
    vs versus toward towards onto among amongst around along whereas hence therefore""".split()
)
"""English function words: no phrase of a topic starts or ends with one, and they spell
no abbreviation's initials."""

KEY_STOP_WORDS = frozenset(
    "a an the on of for to in and or with via from by at as is are be do does can how what why "
    "when where which who towards toward into onto under over beyond between through using "
    "about against not no its it this that these those your our we you".split()
)
"""Title words a citation key skips: a smaller list than `STOP_WORDS`, plus `using` and
`beyond`. Kept as it is: it decides the key of every new paper, and keys are meant to be
predictable from one version to the next."""

# -- Folding ----------------------------------------------------------------------------

_NOT_ASCII_ALNUM = re.compile(r"[^a-z0-9]")
_AROUND_WORDS = string.punctuation + "“”‘’«»"
_LETTERS_WITHOUT_BASE = str.maketrans(
    {
        "ø": "o",
        "ß": "ss",
        "æ": "ae",
        "œ": "oe",
        "ł": "l",
        "đ": "d",
        "ð": "d",
        "þ": "th",
        "ı": "i",
        "ŋ": "ng",
        "ħ": "h",
        "ŧ": "t",
        "Ø": "O",
        "Æ": "Ae",
        "Œ": "Oe",
        "Ł": "L",
        "Đ": "D",
        "Ð": "D",
        "Þ": "Th",
        "Ŋ": "Ng",
        "Ħ": "H",
        "Ŧ": "T",
    }
)
"""Letters that carry no decomposable accent, spelled in ASCII."""


def without_marks(text: str) -> str:
    """`text` decomposed (NFKD) with its combining marks dropped: `é` -> `e`, `ﬁ` -> `fi`."""
    return "".join(char for char in unicodedata.normalize("NFKD", text) if not unicodedata.combining(char))


def plain_letters(text: str) -> str:
    """`text` as someone types it without accents, case kept: `García` -> `Garcia`,
    `Łukasz Øster` -> `Lukasz Oster`, `Straße` -> `Strasse`."""
    return without_marks(text).translate(_LETTERS_WITHOUT_BASE)


def ascii_fold(text: str) -> str:
    """Lower-case ASCII letters and digits of `text` (accents dropped, ø -> o, ß -> ss)."""
    if text.isascii():  # most names and title words: nothing to decompose or map
        return _NOT_ASCII_ALNUM.sub("", text.lower())
    folded = without_marks(text.lower()).translate(_LETTERS_WITHOUT_BASE)
    return _NOT_ASCII_ALNUM.sub("", folded)


def word_core(word: str) -> str:
    """A word without the punctuation around it (`London:` is `London`)."""
    return word.strip(_AROUND_WORDS)


def fold_title(text: str) -> str:
    """A title (or name) without case, accents, spaces or punctuation: how titles are compared.

    Casefolded (`ß` -> `ss`) and decomposed; combining marks are no word characters, so
    they go with the spaces and punctuation."""
    return "".join(title_words(text))


def title_words(text: str) -> list[str]:
    """The words of a title as `fold_title` folds them, kept apart: what tells a title from
    the same title with a phrase added (`papershelf.library.identity.retitled`)."""
    return split_words(unicodedata.normalize("NFKD", text.casefold()))


@functools.lru_cache(maxsize=1 << 16)
def fold_name(name: str) -> str:
    """A person's name without case, accents or extra spaces (cached: asked per authorship)."""
    return " ".join(without_marks(name.casefold()).split())


# -- Names ------------------------------------------------------------------------------

NAME_SUFFIXES = frozenset({"jr", "jr.", "sr", "sr.", "ii", "iii", "iv"})
"""Generational suffixes, lower-cased: BibTeX's `jr` part of a name."""
NAME_PARTICLES = frozenset(
    "van von der den de del della dei degli di da das dos do du des la le les lo ten ter zu zur "
    "bin ibn al el st d".split()
)
"""Nobiliary and patronymic particles, lower-cased: BibTeX's `von` part of a name."""


@dataclass(frozen=True)
class NameParts:
    """A personal name in BibTeX's four parts; `von` holds lower-case surname particles."""

    first: str
    von: str
    last: str
    jr: str


@functools.lru_cache(maxsize=1 << 16)
def split_name(person: Person) -> NameParts:
    """BibTeX's name parts of a person: particles are the lower-case words before the surname.

    `last` may hold several words (a compound surname); writers brace it as one unit.
    Cached: keys, author pages and every export ask again for the same persons.
    """
    if person.corporate:
        return NameParts("", "", person.name, "")
    if person.family:
        return _given_apart(person)
    parts = person.name.split()
    jr = ""
    if len(parts) > 1 and parts[-1].lower() in NAME_SUFFIXES:
        jr = parts.pop()
        parts[-1] = parts[-1].rstrip(",")
    if len(parts) <= 1:
        return NameParts("", "", " ".join(parts), jr)
    last_start = len(parts) - 1
    while last_start > 1 and parts[last_start - 1][:1].islower():
        last_start -= 1
    lower = parts[last_start:-1]
    if any(word not in NAME_PARTICLES for word in lower) and last_start > 1:
        # A lower-case word that is no nobiliary particle joins a compound surname:
        # `Zoubeirou a Mayaki`, `Ortega y Gasset`, `Silva e Souza`.
        return NameParts(" ".join(parts[: last_start - 1]), "", " ".join(parts[last_start - 1 :]), jr)
    return NameParts(" ".join(parts[:last_start]), " ".join(lower), parts[-1], jr)


def _given_apart(person: Person) -> NameParts:
    """The parts of a name whose source said which words are the family name: its leading
    lower-case words are particles (`van Engelenburg`), the rest the surname, capitalised
    particles included (`Del Santo`, `Vaz De Carvalho`), as bibtex reads `Del Santo, Flavio`."""
    name, jr = person.name, ""
    head, comma, tail = name.rpartition(",")
    if comma and tail.strip().lower() in NAME_SUFFIXES:
        name, jr = head.strip(), tail.strip()
    words = person.family.split()
    von = 0
    while von < len(words) - 1 and words[von][:1].islower():
        von += 1
    first = name.removesuffix(person.family).strip()
    return NameParts(first, " ".join(words[:von]), " ".join(words[von:]), jr)


def fold_surname(person: Person) -> str:
    """The surname as keys and paper identities spell it: `ascii_fold` of its last part."""
    return ascii_fold(split_name(person).last)


# -- Math -------------------------------------------------------------------------------

_MATH_OR_ESCAPE = re.compile(r"\\.|\$((?:[^$\\]|\\.)+)\$", re.DOTALL)


def split_math(text: str) -> list[tuple[bool, str]]:
    """Split model text into (is_math, piece) runs; math pieces exclude the `$` delimiters.

    Only a closed `$...$` pair is math: a truncated abstract may end inside one, and that
    tail stays text so that no output tries to render half a formula. `\\$` is a dollar sign.
    """
    runs: list[tuple[bool, str]] = []
    last = 0
    for match in _MATH_OR_ESCAPE.finditer(text):
        if match.group(1) is None:
            continue  # an escaped character: part of the text run
        if match.start() > last:
            runs.append((False, text[last : match.start()]))
        runs.append((True, match.group(1)))
        last = match.end()
    if last < len(text):
        runs.append((False, text[last:]))
    return runs


def counted(count: int, noun: str, plural: str = "") -> str:
    """`1 paper`, `2 papers`, `0 papers`: the plural only where English wants it."""
    return f"{count} {noun if count == 1 else plural or noun + 's'}"


# -- Names a user writes -------------------------------------------------------------------


def did_you_mean(wanted: str, names: Iterable[str]) -> str:
    """`did you mean 'kv-cache'?` naming the (at most three) existing names closest to a
    misspelt one, ignoring case; empty when none is close. One rule for every place a user
    names a key, topic or author the library does not have (reading lists, `[@key]`
    citations, the command line), so that each offers the same guesses."""
    spelt = {name.casefold(): name for name in names}
    close = [spelt[name] for name in difflib.get_close_matches(wanted.casefold(), spelt, n=3)]
    if not close:
        return ""
    quoted = [repr(name) for name in close]
    choices = f"{', '.join(quoted[:-1])} or {quoted[-1]}" if len(quoted) > 1 else quoted[0]
    return f"did you mean {choices}?"


def unknown_name(kind: str, wanted: str, names: Iterable[str]) -> str:
    """`unknown topic 'kv-cach'; did you mean 'kv-cache'?`: the warning for a name of a
    `kind` (citation key, topic, author) that is not among `names`."""
    hint = did_you_mean(wanted, names)
    return f"unknown {kind} {wanted!r}" + (f"; {hint}" if hint else "")
