"""arXiv identifiers where libraries keep them when no `eprint` says so: an arXiv DOI, an
arxiv.org URL, `journal = {arXiv:ID [cat]}` (Better BibTeX, `bibtex-bbt-arxiv-eprints-issue460.bib`
in the shared real listings), Google Scholar's `arXiv preprint arXiv:ID`, a note; in `.bib`,
CSL-JSON and RIS alike. A number that does not say arXiv is never taken for one."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from papershelf.snapshots.reader import read_snapshot

# (field as a .bib writes it, CSL field, RIS tag) -> what it names
MENTIONS = [
    (
        "journal = {arXiv:1305.4904 [quant-ph]}",
        ("container-title", "arXiv:1305.4904 [quant-ph]"),
        "JO",
        "1305.4904",
        "quant-ph",
    ),
    (
        "journal = {arXiv preprint arXiv:2301.12345}",
        ("container-title", "arXiv preprint arXiv:2301.12345"),
        "T2",
        "2301.12345",
        "",
    ),
    (
        "url = {http://arxiv.org/abs/1401.2910v2}",
        ("URL", "http://arxiv.org/abs/1401.2910v2"),
        "UR",
        "1401.2910",
        "",
    ),
    ("note = {arXiv: 2106.09685}", ("note", "arXiv: 2106.09685"), "N1", "2106.09685", ""),
    ("doi = {10.48550/arXiv.2203.02155}", ("DOI", "10.48550/arXiv.2203.02155"), "DO", "2203.02155", ""),
    ("howpublished = {arXiv:hep-th/9901001}", ("number", "arXiv:hep-th/9901001"), "M1", "hep-th/9901001", ""),
]
NOT_ARXIV = [
    ("note = {Technical report 1234.5678}", ("note", "Technical report 1234.5678"), "N1"),
    ("number = {2301.12345}", ("number", "2301.12345"), "M1"),
    ("url = {https://example.org/2301.12345}", ("URL", "https://example.org/2301.12345"), "UR"),
]


def _bib(tmp_path: Path, field: str):
    (tmp_path / "refs.bib").write_text(
        f"@article{{lee2023sparse,\n  title = {{Sparse Attention}},\n  author = {{Lee, Ann}},\n"
        f"  year = {{2023}},\n  {field}\n}}\n",
        encoding="utf-8",
    )
    return read_snapshot(tmp_path / "refs.bib")


def _csl(tmp_path: Path, name: str, value: str):
    item = {
        "id": "lee2023",
        "type": "article",
        "title": "Sparse Attention",
        "issued": {"date-parts": [[2023]]},
    }
    item["author"] = [{"family": "Lee", "given": "Ann"}]
    item[name] = value
    (tmp_path / "refs.json").write_text(json.dumps([item]), encoding="utf-8")
    return read_snapshot(tmp_path / "refs.json")


def _ris(tmp_path: Path, tag: str, value: str):
    lines = [
        "TY  - JOUR",
        "TI  - Sparse Attention",
        "AU  - Lee, Ann",
        "PY  - 2023",
        f"{tag}  - {value}",
        "ER  - ",
    ]
    (tmp_path / "refs.ris").write_text("\r\n".join(lines) + "\r\n", encoding="utf-8")
    return read_snapshot(tmp_path / "refs.ris")


def _ris_value(bib_field: str) -> str:
    return bib_field.split("{", 1)[1].rsplit("}", 1)[0]


@pytest.mark.parametrize(("bib", "csl", "ris", "arxiv", "primary"), MENTIONS)
def test_an_arxiv_paper_named_anywhere_a_library_keeps_it(tmp_path, bib, csl, ris, arxiv, primary):
    for read in (_bib(tmp_path, bib), _csl(tmp_path, *csl), _ris(tmp_path, ris, _ris_value(bib))):
        (entry,) = read.entries
        assert entry.ids.arxiv == arxiv, read.file
        assert entry.ids.url == f"https://arxiv.org/abs/{arxiv}"
    assert _bib(tmp_path, bib).entries[0].ids.primary_class == primary


@pytest.mark.parametrize(("bib", "csl", "ris"), NOT_ARXIV)
def test_a_number_that_does_not_say_arxiv_is_no_arxiv_id(tmp_path, bib, csl, ris):
    for read in (_bib(tmp_path, bib), _csl(tmp_path, *csl), _ris(tmp_path, ris, _ris_value(bib))):
        assert [entry.ids.arxiv for entry in read.entries] == [""], read.file
