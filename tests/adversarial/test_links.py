"""Links that run script: a library file or an alert may name any address as a paper's link.

Only absolute `http`/`https` addresses with a host (and the links built from DOIs and arXiv
ids) become a paper page's links, its `citation_*` meta and the exports' `url` fields; any
other is left out with a warning at its entry's `file:line`, and so is a DOI that is no DOI.
"""

from __future__ import annotations

import json
import re
from email.message import EmailMessage
from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from conftest import SiteBuilder
from papershelf.library.identifiers import is_doi, paper_links, web_url
from papershelf.export.bibtex import bibtex_file
from papershelf.export.csljson import csljson_file
from papershelf.model import Identifiers, Paper, Sighting
from papershelf.pages.paper import citation_tags

# What a browser runs or opens from the page when clicked, as sources write it.
HOSTILE = [
    "javascript:alert(1)",
    "JaVaScript:alert(2)",
    " javascript:alert(3)",
    "\x01\tjavascript:alert(4)",
    "java\nscript:alert(5)",
    "data:text/html,<script>alert(6)</script>",
    "vbscript:msgbox(7)",
    "file:///etc/passwd",
    "//evil.example/alert(8)",
    "https:alert(9)",
    "http:///alert(10)",
    "papers/alert(11)",
]
GOOD = "https://example.org/paper?id=1&v=2"
PAYLOAD_DOI = "10.1234/^^5cinput^^7bsecret^^7d"


def _csl() -> str:
    """One CSL item a line (from line 2) per hostile link, one with a DOI that is no DOI,
    and one with a good link."""
    items = [
        {"id": f"c{n}", "type": "article", "title": f"CSL paper {n}", "URL": url}
        for n, url in enumerate(HOSTILE)
    ]
    items.append({"id": "cdoi", "type": "article", "title": "CSL paper with a DOI", "DOI": PAYLOAD_DOI})
    items.append({"id": "cgood", "type": "article", "title": "CSL paper kept", "URL": GOOD})
    for item in items:
        item["author"] = [{"family": "Lee", "given": "Ann"}]
        item["issued"] = {"date-parts": [[2020]]}
    return "[\n" + ",\n".join(json.dumps(item) for item in items) + "\n]\n"


RIS = (
    "TY  - JOUR\nTI  - RIS paper\nAU  - Lee, Ann\nPY  - 2020\nUR  - JaVaScript:alert(12)\nER  - \n\n"
    f"TY  - JOUR\nTI  - RIS paper with a DOI\nAU  - Lee, Ann\nPY  - 2020\nDO  - {PAYLOAD_DOI}\nER  - \n"
)
BIB = (
    "@misc{lee2020bib,\n  author = {Lee, Ann},\n  title = {Bib paper},\n  year = {2020},\n"
    "  url = {javascript:alert(13)}\n}\n\n"
    "@misc{lee2020bibdoi,\n  author = {Lee, Ann},\n  title = {Bib paper with a DOI},\n  year = {2020},\n"
    f"  doi = {{{PAYLOAD_DOI}}},\n  url = {{https://example.org/^^5cinput^^7bsecret^^7d}}\n}}\n"
)


def _alert() -> bytes:
    """A Scholar alert whose title links run script, with and without Scholar's redirect."""
    items = "".join(
        f'<h3><a class="gse_alrt_title" href="{href}">Alert paper {n}</a></h3>\n'
        f"<div>A Lee, B Kim - Some venue, 2019</div>\n"
        f'<div class="gse_alrt_sni">A snippet of the paper …</div>\n'
        for n, href in enumerate(
            ["javascript:alert(14)", "https://scholar.google.com/scholar_url?url=javascript:alert(15)&hl=en"]
        )
    )
    message = EmailMessage()
    message["Subject"] = "Ann Lee - new related research"
    message["From"] = "Google Scholar Alerts <scholaralerts-noreply@google.com>"
    message["Date"] = "Tue, 10 Dec 2019 09:14:00 -0800"
    message.set_content("This message has an HTML part.")
    message.add_alternative(f"<html><body>\n{items}</body></html>\n", subtype="html")
    return bytes(message)


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory):
    builder = SiteBuilder(tmp_path_factory.mktemp("links") / "project")
    builder.snapshot("library.json", _csl())
    builder.snapshot("library.ris", RIS)
    builder.snapshot("library.bib", BIB)
    builder.snapshot("alert.eml", _alert())
    return builder.build()


def _opens_only_the_web(value: str) -> bool:
    """Whether a link a browser follows stays on this site or goes to an http(s) address:
    browsers drop leading spaces and control characters and any tab or newline first."""
    value = re.sub(r"[\t\n\r]", "", value.lstrip("".join(map(chr, range(33)))))
    scheme = re.match(r"([A-Za-z][A-Za-z0-9+.-]*):", value)
    if scheme:
        return scheme[1].lower() in ("http", "https") and value.lower().startswith(("http://", "https://"))
    return not value.startswith(("//", "\\\\", "/\\", "\\/"))


def _paper_pages(site: Path) -> list[Path]:
    return sorted((site / "papers").glob("*/index.html"))


def test_no_page_links_or_meta_outside_the_web(built):
    pages = _paper_pages(built.site)
    assert len(pages) == len(HOSTILE) + 2 + 2 + 2 + 2
    for path in pages:
        soup = BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")
        for tag in soup.find_all(True):
            for name in ("href", "src", "content"):
                value = tag.get(name)
                if value and (name != "content" or tag.get("name", "").endswith("_url")):
                    assert _opens_only_the_web(str(value)), (path, tag)
        text = path.read_text(encoding="utf-8")
        assert "alert(" not in text and "msgbox(" not in text and "/etc/passwd" not in text, path


def test_a_good_link_is_kept(built):
    page = built.page(f"papers/{_key_of(built, 'CSL paper kept')}/")
    assert [a["href"] for a in page.select(".ps-links a")] == [GOOD]
    assert [a.get_text() for a in page.select(".ps-links a")] == ["Paper"]


def _key_of(built, title: str) -> str:
    for path in _paper_pages(built.site):
        soup = BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")
        if soup.select_one("h1.ps-paper-title").get_text() == title:
            return path.parent.name
    raise AssertionError(title)


def test_the_exports_hold_no_such_link(built):
    for name in ("library.bib", "library-biblatex.bib"):
        text = built.text(name)
        assert "alert(" not in text, name
        for value in re.findall(r"^\s*url = \{(.*)\},?$", text, re.MULTILINE):
            assert web_url(value) == value, (name, value)
    items = json.loads(built.text("library.json"))
    assert sorted(item["URL"] for item in items if "URL" in item) == sorted(
        [GOOD, "https://example.org/^^5cinput^^7bsecret^^7d"]
    )
    assert all(is_doi(item["DOI"]) for item in items if "DOI" in item)


def test_each_dropped_link_is_a_warning_at_its_entry(built):
    said = "\n".join(built.warnings)
    for line in range(2, len(HOSTILE) + 3):
        assert re.search(rf"library\.json:{line}: .*(link|DOI)", said), line
    assert re.search(r"library\.ris:1: .*link 'JaVaScript:alert\(12\)'", said)
    assert re.search(r"library\.ris:8: .*DOI '10\.1234/\^\^5cinput", said)
    assert re.search(r"library\.bib:1: .*link 'javascript:alert\(13\)'", said)
    assert re.search(r"library\.bib:8: .*DOI '10\.1234/\^\^5cinput", said)
    assert re.search(r"library\.bib:8: .*link 'https://example\.org/\^\^5c", said) is None  # a web address
    assert len(re.findall(r"alert\.eml:\d+: .*link 'javascript:alert\(1[45]\)'", said)) == 2


@pytest.mark.parametrize("url", HOSTILE)
def test_the_writers_refuse_such_a_link_from_any_reader(url: str):
    """A reader that forgot the rule still gives no such link: the writers apply it again."""
    ids = Identifiers(url=url, pdf_url=url, doi=PAYLOAD_DOI)
    paper = Paper("p1", "Title", (), None, "", False, (), (Sighting("x.txt", 1),), ids=ids)
    assert paper_links(ids) == []
    names = [name for name, _ in citation_tags(paper)]
    assert "citation_pdf_url" not in names and "citation_doi" not in names
    assert "url" not in bibtex_file([paper]) and "doi" not in bibtex_file([paper])
    assert "URL" not in csljson_file([paper]) and "DOI" not in csljson_file([paper])


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("https://example.org/a", "https://example.org/a"),
        ("  HTTP://Example.org/a ", "HTTP://Example.org/a"),
        ("https://example.org", "https://example.org"),
        ("https://例え.jp/パス", "https://例え.jp/パス"),
        *((url, None) for url in HOSTILE),
        ("https://exa mple.org/", None),
        ("https://example.org/\x00", None),
        ("http://[x", None),
        ("", None),
    ],
)
def test_web_url(text: str, kept: str | None):
    assert web_url(text) == kept


@pytest.mark.parametrize(
    ("text", "doi"),
    [
        ("10.1007/978-3-030-36808-1_42", True),
        ("10.1023/A:1005916004600", True),
        ("10.19337/j.cnki.34-1093/f.2022.07.006", True),
        ("10.1002/(SICI)1097-4571(199806)49:8", True),
        (PAYLOAD_DOI, False),
        ("10.1234/\\input{secret}", False),
        ("10.1234/a%20b", False),
        ("10.1234/a b", False),
        ("10.12/abc", False),
        ("11.1234/abc", False),
        ("10.1234/", False),
    ],
)
def test_is_doi(text: str, doi: bool):
    assert is_doi(text) is doi
