"""The pages' one escaping rule (`papershelf.pages.markup`): data reaches HTML only as
Markup made by its functions, and the package builds HTML in no other way."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from markupsafe import Markup

import papershelf.pages as pages
from papershelf.pages.markup import href, html, joined, literal, safe, text

HOSTILE = "<script>alert(1)</script> \" ' & {{ x }} *y* [z](w) $a$"
PACKAGE = Path(pages.__file__).parent


def test_a_field_shows_data_as_text_and_keeps_markup():
    link = html('<a href="{href}" title="{title}">{name}</a>')
    made = link(href=href('../odd name"/'), title=HOSTILE, name=HOSTILE)
    anchor = BeautifulSoup(made, "html.parser").a
    assert anchor is not None and anchor.find(True) is None
    assert anchor.get_text() == anchor["title"] == HOSTILE
    assert anchor["href"] == "../odd%20name%22/"
    assert "{{" not in made and "*" not in made and "$" not in made
    assert link(href=literal("x"), title="t", name=text("<b>")) == '<a href="x" title="t">&#60;b&#62;</a>'


def test_joined_escapes_strings_but_not_markup():
    assert joined(", ", ["<i>", literal("<b>b</b>"), 3]) == "&#60;i&#62;, <b>b</b>, 3"
    assert safe(literal("<br>")) == "<br>" and safe("<br>") == "&#60;br&#62;"


@pytest.mark.parametrize("template", ["{}", "{0}", "{a.b}", "{a[0]}", "{a!r}", "{a:>3}", "{class}"])
def test_a_template_takes_plain_field_names_only(template):
    with pytest.raises(ValueError):
        html(template)


def _holds_html(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and "<" in str(node.value)


def _called(node: ast.Call) -> str:
    func = node.func
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""


def _risk(node: ast.AST, module: str) -> str | None:
    """HTML made other than through `markup`: an f-string, `%`, `+` or `.format` on a
    literal holding `<`; `html`/`literal` of anything but a literal; Markup outside markup.py."""
    if isinstance(node, ast.JoinedStr) and any(map(_holds_html, node.values)):
        return "f-string with HTML"
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add | ast.Mod):
        return (
            "HTML put together with an operator"
            if _holds_html(node.left) or _holds_html(node.right)
            else None
        )
    if not isinstance(node, ast.Call):
        return None
    name = _called(node)
    if (
        name in ("format", "format_map")
        and isinstance(node.func, ast.Attribute)
        and _holds_html(node.func.value)
    ):
        return "HTML from str.format"
    if (
        isinstance(node.func, ast.Name)
        and name in ("html", "literal")
        and not (node.args and isinstance(node.args[0], ast.Constant))
    ):
        return f"{name}() of something other than a literal"
    if name in ("Markup", "escape_text", "render_text") and module != "markup.py":
        return f"{name}() outside markup.py"
    return None


def _risky(tree: ast.AST, module: str) -> list[str]:
    return [f"{module}:{node.lineno} {risk}" for node in ast.walk(tree) if (risk := _risk(node, module))]


# The HTML layer itself: snapshot text to escaped HTML and MathML, and the charts' SVG, whose
# labels each go through the `escape` the caller passes.
HTML_LAYER = {"markup.py", "render.py", "charts.py"}


def test_the_pages_package_makes_html_only_through_markup():
    modules = sorted(path for path in PACKAGE.glob("*.py") if path.name not in HTML_LAYER)
    assert len(modules) > 10
    found = [hit for path in modules for hit in _risky(ast.parse(path.read_text("utf-8")), path.name)]
    assert found == []


def test_the_check_finds_what_it_looks_for():
    source = (
        "f'<b>{name}</b>'\n'<i>' + name\n'<p>{}</p>'.format(name)\nhtml(name)\nMarkup(name)\n"
        "html('<a>{name}</a>')\nf'papers/{key}.md'\n"
    )
    assert len(_risky(ast.parse(source), "paper.py")) == 5


def test_the_package_keeps_its_public_names():
    assert {"SitePlan", "SiteOptions", "arxiv_title_search"} <= set(pages.__all__)
    assert isinstance(text("x"), Markup)
