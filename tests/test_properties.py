"""Property-based tests: the readers never raise (on any text, and on real and fixture files
of every kind mutated byte by byte), every seed-format entry is accounted for,
BibTeX output stays ASCII with balanced braces whatever the text, and the fast paths of
hot loops read text exactly as their plain definitions do."""

from __future__ import annotations

import datetime as dt
import os
import re
import unicodedata
from pathlib import Path

import pytest
from babel.dates import format_date
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from conftest import FIXTURES, REAL_LISTINGS, REPO, SEED
from papershelf.export.bibtex import bibtex_entry
from papershelf.export.latex import encode_latex
from papershelf.model import Paper, Person, Sighting
from papershelf.indexes.phrases import _DEFINITION, Clause, _last_words, _words, clause_phrases, phrase_uses
from papershelf.snapshots.entries import NOT_A_PAPER
from papershelf.snapshots.names import _split_top_level
from papershelf.snapshots.html import parse_html_listing
from papershelf.snapshots.reader import SNAPSHOT_SUFFIXES, read_snapshot
from papershelf.snapshots.text import parse_text_listing
from papershelf.text.rules import STOP_WORDS, replacing

FAST = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

_HTML_PIECES = st.sampled_from(
    [
        "<li>",
        "</li>",
        "<article>",
        "</article>",
        "<h2>",
        "</h2>",
        "<time datetime='2026-08-07'>",
        "</time>",
        "<p>",
        "</p>",
        "<div class='abstract'>",
        "</div>",
        "<script>",
        "</script>",
        "<nav>",
        "</nav>",
        " · ",
        "7 August 2026",
        "Ann Author (Uni, X)",
        "A Title Of Some Length",
        "<a href='x'>",
        "</a>",
        "&amp;",
        "&lt;",
        "<!--",
        "-->",
        "<![CDATA[",
        "]]>",
        "<",
        ">",
        "\n",
        "Lorem ipsum dolor sit amet " * 3,
    ]
)


@FAST
@given(st.text())
@example("- foo")  # an item that is no paper: found, warned about, not kept
def test_text_reader_never_raises(text: str):
    listing = parse_text_listing(text, "any.txt")
    skipped = [problem for problem in listing.problems if problem.message.startswith(NOT_A_PAPER)]
    assert len(listing.entries) + len(skipped) == listing.found  # each item kept or warned about


@FAST
@given(st.one_of(st.text(), st.lists(_HTML_PIECES, max_size=60).map("".join)))
@example(".TXT")  # looks like a file name to BeautifulSoup, which warned (an error here)
@example("http://example.org/listing")
def test_html_reader_never_raises(text: str):
    listing = parse_html_listing(text, "any.html")
    assert len(listing.entries) <= listing.found or listing.found == 0


_WORD = st.text(
    alphabet=st.characters(categories=["L", "N"], exclude_characters="\\$"), min_size=1, max_size=12
)
_PHRASE = st.lists(_WORD, min_size=1, max_size=8).map(" ".join)
_NAME_WORD = st.builds(
    "{}{}".format,
    st.characters(categories=["Lu", "Lo"]).filter(lambda char: not char.islower()),  # not `ª`
    st.text(alphabet=st.characters(categories=["Ll"]), max_size=10),
)
_NAME = (
    st.lists(_NAME_WORD, min_size=2, max_size=4)
    .map(" ".join)
    .filter(lambda name: name.lower() not in {"et al", "and others"})
)
"""A person's name as a listing writes it (an author line must read as names)."""
_LOCALES = ["en", "de", "fr", "es", "ru", "ja", "pl", "tr"]


@st.composite
def _entry(draw: st.DrawFn) -> tuple[str, str, bool]:
    """One seed-format entry; the flag says whether its date is readable."""
    title = draw(_PHRASE)
    authors = ", ".join(draw(st.lists(_NAME, min_size=1, max_size=5)))
    readable = draw(st.booleans())
    if readable:
        day = draw(st.dates(min_value=dt.date(1990, 1, 1), max_value=dt.date.today()))
        date = format_date(day, "long", locale=draw(st.sampled_from(_LOCALES)))
    else:
        date = draw(_PHRASE.filter(lambda text: not any(char.isdigit() for char in text)))
    abstract = draw(_PHRASE)
    bullet = draw(st.sampled_from(["•", "◦", "▪", "-"]))
    return f"{bullet} {title}\n\n  {authors} · {date}\n\n  {abstract}\n", title, readable


@pytest.mark.slow
@FAST
@given(st.lists(_entry(), min_size=1, max_size=8), st.sampled_from(["\n", "\r\n"]))
def test_every_seed_format_entry_is_kept_or_warned_about(entries, newline):
    text = "Topic\n\nLatest papers\n\n" + "\n".join(block for block, _, _ in entries)
    listing = parse_text_listing(text.replace("\n", newline), "gen.txt")
    assert listing.found == len(entries) == len(listing.entries)
    expected = [unicodedata.normalize("NFC", " ".join(title.split())) for _, title, _ in entries]
    assert [e.title for e in listing.entries] == expected
    undated = [e.source.line for e in listing.entries if e.date is None]
    warned = {p.source.line - 2 for p in listing.problems if "date" in p.message}  # author line = title + 2
    assert set(undated) <= warned
    assert len(undated) <= sum(1 for _, _, readable in entries if not readable)


def _balanced(latex: str) -> bool:
    depth = 0
    for char in latex:
        depth += {"{": 1, "}": -1}.get(char, 0)
        if depth < 0:
            return False
    return depth == 0


@FAST
@given(st.text(), st.booleans())
def test_latex_encoding_is_ascii_and_balanced(text: str, protect_case: bool):
    encoded = encode_latex(text, protect_case=protect_case)
    assert encoded.isascii() and _balanced(encoded)


@FAST
@given(st.text(min_size=1), st.lists(st.text(min_size=1), min_size=1, max_size=4), st.text(), st.booleans())
def test_bibtex_entry_never_fails(title: str, names: list[str], abstract: str, corporate: bool):
    paper = Paper(
        key="k2026x",
        title=title,
        authors=tuple(Person(n, None, corporate) for n in names),
        date=dt.date(2026, 8, 7),
        abstract=abstract,
        truncated=True,
        topics=("T",),
        sightings=(Sighting("a.txt", 1),),
    )
    entry = bibtex_entry(paper)
    assert entry.isascii() and entry.startswith("@misc{k2026x,")


# Shortcuts taken for speed must read text exactly as the plain definitions do.

_LATEX_PIECES = st.sampled_from(
    [
        "word",
        "Large",
        "language",
        "model",
        "of",
        "é",
        "1",
        " ",
        " ",
        "\n",
        "\u00a0",
        "-",
        "_",
        "$",
        "\\$",
        "$x$",
        "\\",
        "\\textbf",
        "{",
        "}",
        "(LLM)",
        "(KV)",
        "(MoE)",
        ". ",
        "Lorem ipsum dolor sit amet " * 4,
    ]
)


@pytest.mark.slow
@FAST
@given(st.lists(_LATEX_PIECES, max_size=120))
def test_the_words_before_a_definition_are_those_of_the_whole_text_before_it(pieces: list[str]):
    text = "".join(pieces)
    for definition in _DEFINITION.finditer(text):
        end = definition.start()
        assert _last_words(text, end) == list(_words(text[:end]))[-8:]


@FAST
@given(st.lists(st.sampled_from(["Ann Lee", " ", ",", "(", ")", "[", "]", "Uni, X", ":"]), max_size=30))
def test_author_lines_split_at_commas_outside_brackets(pieces: list[str]):
    line = "".join(pieces)
    parts, depth, start = [], 0, 0
    for index, char in enumerate(line):  # the definition, one character at a time
        if char in "([":
            depth += 1
        elif char in ")]":
            depth = max(0, depth - 1)
        elif char == "," and depth == 0:
            parts.append(line[start:index])
            start = index + 1
    assert _split_top_level(line) == [*parts, line[start:]]


_TERMS = st.sampled_from(["cache", "of", "the", "kv", "key", "valu", "model", "a"])


@FAST
@given(st.lists(st.tuples(_TERMS, st.booleans()), max_size=12))
def test_the_phrases_of_a_clause_are_those_of_their_definition(words: list[tuple[str, bool]]):
    terms = tuple(term for term, _ in words)
    surfaces = tuple(term if spelt else "" for term, spelt in words)
    count = len(terms)

    def may_end(end: int) -> bool:
        return terms[end - 1] not in STOP_WORDS and (end == count or bool(surfaces[end]))

    expected = {
        terms[start:end]
        for start in range(count)
        for end in range(start + 1, min(start + 4, count) + 1)
        if terms[start] not in STOP_WORDS and surfaces[start] and may_end(end)
    }
    assert set(clause_phrases(Clause(surfaces, terms))) == expected


@FAST
@given(st.lists(st.tuples(_TERMS, st.booleans()), max_size=12), st.lists(_TERMS, min_size=1, max_size=4))
def test_the_uses_of_a_phrase_are_those_of_their_definition(words: list[tuple[str, bool]], wanted: list[str]):
    terms = tuple(term for term, _ in words)
    surfaces = tuple(term if spelt else "" for term, spelt in words)
    phrase, size, count = tuple(wanted), len(wanted), len(terms)
    expected = [
        start
        for start in range(count - size + 1)
        if terms[start : start + size] == phrase
        and surfaces[start]
        and (start + size == count or surfaces[start + size])
        and phrase[0] not in STOP_WORDS
        and phrase[-1] not in STOP_WORDS
    ]
    assert list(phrase_uses(Clause(surfaces, terms), phrase)) == expected


_ESCAPES = {char: f"&#{ord(char)};" for char in "&<>\"'{}[]*_`\\|~^$#!-."} | {"\x00": "", "é": "e"}


_PIECES = st.sampled_from([*_ESCAPES, "a", "Z", " ", "ø", "\n", "&#38;"]) | st.characters()


@given(st.lists(_PIECES).map("".join))
def test_replacing_replaces_as_translate_does(text: str):
    """One regex pass, each character of the table replaced once (`&` in a replacement is
    never replaced again), anything else kept: what `str.translate` does, faster."""
    assert replacing(_ESCAPES)(text) == text.translate(str.maketrans(_ESCAPES))


# Every reader, on real and fixture files mutated byte by byte: reading never raises, every
# reader deals with what it is given itself (the catch-all around the readers never speaks),
# every problem is at `file:line`, and every entry's text can be written (no lone surrogate).

_MUTATIONS = int(os.environ.get("PAPERSHELF_MUTATIONS", "300"))
"""Mutated files tried (about two seconds); more, to hunt: `PAPERSHELF_MUTATIONS=5000`."""
_SEED_BYTES = 48 * 1024
"""Each seed's first bytes (a whole small file; the start of a large one, as a cut is)."""

_OWN_SEEDS = {
    "library.bib": (
        '@string{jml = "Journal of Machine Learning"}\n'
        "@article{lee2024paging,\n  title = {Paging {KV} Caches},\n"
        "  author = {Lee, Ann and de Swart, Henri},\n  journal = jml,\n  year = {2024},\n  month = jul,\n"
        "  eprint = {2401.01234},\n  archivePrefix = {arXiv}\n}\n"
    ),
    "library.ris": (
        "TY  - JOUR\nTI  - Paging KV caches\nAU  - Lee, Ann\nAU  - Smith, John, Jr.\nPY  - 2019/10//\n"
        "DO  - 10.1000/xyz123\nUR  - https://arxiv.org/abs/2401.01234\nER  - \n\n"
        "TY  - CONF\nTI  - Sparse attention\nAU  - Kim, Bo\nDA  - 2020/01/05\nER  - \n"
    ),
    "library.json": (
        '[{"id": "lee2024", "type": "article-journal", "title": "Paging KV caches",'
        ' "author": [{"family": "Lee", "given": "Ann"}, {"literal": "Mind Lab"}],'
        ' "issued": {"date-parts": [[2024, 7, 1]]}, "DOI": "10.1000/xyz123",'
        ' "URL": "https://doi.org/10.1000/xyz123"},\n'
        ' {"id": "kim2020", "type": "paper-conference", "title": "Sparse attention",'
        ' "author": [{"family": "Kim", "given": "Bo"}], "issued": {"date-parts": [["2020"]]}}]\n'
    ),
    "alert.eml": (
        "Subject: new related research\nFrom: Google Scholar Alerts <scholaralerts-noreply@google.com>\n"
        "Date: Tue, 10 Dec 2019 09:14:00 -0800\nMIME-Version: 1.0\n"
        'Content-Type: multipart/alternative; boundary="b1"\n\n'
        "--b1\nContent-Type: text/plain; charset=utf-8\n\nPaging KV caches\n"
        "--b1\nContent-Type: text/html; charset=utf-8\nContent-Transfer-Encoding: quoted-printable\n\n"
        '<h3><a class=3D"gse_alrt_title" href=3D"https://scholar.google.com/scholar_url?url=3D'
        'https://arxiv.org/pdf/1912.02972&amp;hl=3Den">Paging KV caches</a></h3>'
        "<div>A Lee, B Kim - arXiv preprint arXiv:1912.02972, 2019</div>"
        '<div class=3D"gse_alrt_sni">We page the cache =E2=80=A6</div>\n--b1--\n'
    ),
    "feed.xml": (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<rss xmlns:dc="http://purl.org/dc/elements/1.1/" version="2.0"><channel>'
        "<title>cs.LG updates on arXiv.org</title><link>http://rss.arxiv.org/rss/cs.LG</link>\n"
        "<item><title>Paging KV caches</title><link>https://arxiv.org/abs/2603.01234</link>\n"
        "<description>arXiv:2603.01234v1 Announce Type: new\nAbstract: We page the cache.</description>"
        "<category>cs.LG</category><pubDate>Thu, 05 Mar 2026 00:00:00 -0500</pubDate>"
        "<dc:creator>Ann Author, Bob Builder</dc:creator></item>\n</channel></rss>\n"
    ),
}
"""A small file of each kind that neither the fixtures nor the example snapshots hold."""


def _seeds() -> list[tuple[str, bytes]]:
    """(name, bytes) of every snapshot the repository holds, the shared real listings where
    they are here, and `_OWN_SEEDS`."""
    found = [(path.relative_to(REPO).as_posix(), path) for path in sorted(FIXTURES.rglob("*"))]
    found += [(path.relative_to(REPO).as_posix(), path) for path in sorted(SEED.glob("*.txt"))]
    found += [(f"real/{path.relative_to(REAL_LISTINGS)}", path) for path in sorted(REAL_LISTINGS.rglob("*"))]
    files = [
        (name, path.read_bytes()[:_SEED_BYTES]) for name, path in found if path.suffix in SNAPSHOT_SUFFIXES
    ]
    return files + [(name, text.encode("utf-8")) for name, text in _OWN_SEEDS.items()]


_SEEDS = _seeds()
_HOSTILE = (
    b"0000", b"10000000000000000000000", b"1" * 5000, b"<![ x", b"<![CDATA[", b"]]>", b"<!--", b"<!",
    b"&#xd800;", b"\\ud800", b"\\udc00", b"+2AA-", b"[" * 5000, b"{" * 5000, b"<b>" * 2000, b"TY  -\n",
    b"ER  - \n", b"\nTY  -", b"http://[x", b'charset="x-unknown"', b"charset=binary", b"charset=utf-7",
    b"charset=idna", b"=?utf-7?q?+2AA-?=", b'Content-Type: multipart/mixed; boundary="n"\n\n--n\n' * 200,
    b"@string{a = b # b}", b"@misc{", b"#", b'"', b"\\", b"%", b"\x00", b"\xff\xfe", b"\xef\xbb\xbf", b"\r",
    b"\n\n", b"<!DOCTYPE r [<!ENTITY a 'b'>]>", b"&a;",
)  # fmt: skip
_DIGITS = re.compile(rb"\d+")
_NUMBERS = (b"0000", b"0", b"10000000000000000000000", b"1" * 5000, b"-1", b"9999", b"1e999")
_MUTATION_KINDS = ("splice", "number", "flip", "delete", "insert", "repeat", "cut", "splice")
"""What a mutation does (a splice twice as often as the rest)."""


@st.composite
def _mutated(draw: st.DrawFn) -> tuple[str, bytes]:
    """A seed with one to four mutations: a hostile token spliced in, a number (a year, a
    day) made a hostile one, a byte flipped, a span deleted, bytes inserted, a span
    repeated, or the file cut."""
    name, data = draw(st.sampled_from(_SEEDS))
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, 2**32)) % (len(data) + 1)  # anywhere (small numbers come first)
        span = draw(st.integers(1, 256))
        kind = draw(st.sampled_from(_MUTATION_KINDS))
        if kind == "number" and (digits := _DIGITS.search(data, at) or _DIGITS.search(data)):
            data = data[: digits.start()] + draw(st.sampled_from(_NUMBERS)) + data[digits.end() :]
        elif kind == "flip" and data:
            at = min(at, len(data) - 1)
            data = data[:at] + bytes([data[at] ^ draw(st.integers(1, 255))]) + data[at + 1 :]
        elif kind == "delete":
            data = data[:at] + data[at + span :]
        elif kind == "insert":
            data = data[:at] + draw(st.binary(min_size=1, max_size=16)) + data[at:]
        elif kind == "repeat":
            data = data[: at + span] + data[at : at + span] * draw(st.integers(1, 50)) + data[at + span :]
        elif kind == "cut":
            data = data[:at]
        else:
            data = data[:at] + draw(st.sampled_from(_HOSTILE)) + data[at:]
    return name, data


@pytest.mark.slow
@settings(FAST, max_examples=_MUTATIONS, derandomize=True, database=None)
@given(_mutated())
def test_every_reader_reads_mutated_files_without_raising(seed: tuple[str, bytes]):
    name, data = seed
    read = read_snapshot(Path(name), name, data)
    assert [str(p) for p in read.problems if p.message.startswith("could not be read")] == []
    assert all(p.source.file == name and p.source.line >= 1 for p in read.problems)
    for problem in read.problems:
        str(problem).encode("utf-8")
    for entry in read.entries:
        " ".join([entry.title, entry.abstract, *(person.name for person in entry.authors)]).encode("utf-8")
