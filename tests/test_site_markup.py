"""The pages' one escaping rule: HTML is written only in the autoescaped templates
(`papershelf.pages.templates`), whose every `{{ }}` goes through `markup.safe`; Markup is made
only by the HTML layer (`markup`, `render`, `charts`) and by the templates; no page module
writes HTML, and no template makes a string Markup past the rule."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from bs4 import BeautifulSoup
from jinja2 import Environment, nodes
from markupsafe import Markup

import papershelf.pages as pages
from papershelf.analysis.analyse import analyse
from papershelf.model import Library
from papershelf.pages.context import PageContext
from papershelf.pages.markup import href, joined, safe, safe_in_markdown, text
from papershelf.pages.templates import FOLDER

HOSTILE = "<script>alert(1)</script> \" ' & {{ x }} *y* [z](w) $a$"
PACKAGE = Path(pages.__file__).parent
TEMPLATES = PACKAGE / "templates" / FOLDER
_TAG = re.compile(
    r"</?(a|p|br|div|span|ul|ol|li|h[1-6]|nav|code|pre|time|q|meta|figure|svg|math|progress|"
    r"section|table|tr|td|img|script|style|b|i|em|strong)\b"
)
"""An HTML element's tag (a regular expression's `(?P<name>` is none)."""


def _context() -> PageContext:
    return PageContext(analyse(Library([], []), pages.SiteOptions().analysis), pages.SiteOptions())


def test_a_section_template_shows_data_as_text_and_keeps_markup():
    ctx = _context()
    made = ctx.sections("paper").citing([(href('../odd name"/'), HOSTILE)])
    anchor = BeautifulSoup(made, "html.parser").a
    assert isinstance(made, Markup) and anchor is not None and anchor.find(True) is None
    assert anchor.get_text() == HOSTILE
    assert anchor["href"] == "../odd%20name%22/"
    assert "{{" not in made and "*" not in made and "$" not in made
    assert ctx.sections("paper").sightings([text("<b>")]) == (
        '<ul class="ps-sightings">\n<li><code>&#60;b&#62;</code></li>\n</ul>'
    )


def test_both_environments_escape_every_field_by_the_rule():
    ctx = _context()
    for templates, finalize in ((ctx.templates, safe), (ctx.markdown_templates, safe_in_markdown)):
        assert templates.env.autoescape is True and templates.env.finalize is finalize


def test_joined_escapes_strings_but_not_markup():
    assert joined(", ", ["<i>", Markup("<b>b</b>"), 3]) == "&#60;i&#62;, <b>b</b>, 3"
    assert safe(Markup("<br>")) == "<br>" and safe("<br>") == "&#60;br&#62;"


def _holds_html(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, str) and bool(_TAG.search(node.value))


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the docstrings, and of the strings under a name that document it: prose,
    which may name a tag."""
    found = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if not isinstance(body, list):
            continue
        found |= {
            id(statement.value)
            for statement in body
            if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant)
        }
    return found


def _called(node: ast.Call) -> str:
    func = node.func
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""


def _risk(node: ast.AST, module: str) -> str | None:
    """HTML written outside the templates (a string holding a tag), or Markup made outside
    markup.py."""
    if _holds_html(node):
        return "HTML in the code"
    if not isinstance(node, ast.Call):
        return None
    name = _called(node)
    if name in ("Markup", "escape_text", "render_text", "_markup") and module != "markup.py":
        return f"{name}() outside markup.py"
    return None


def _risky(tree: ast.AST, module: str) -> list[str]:
    prose = _docstrings(tree)
    return [
        f"{module}:{getattr(node, 'lineno', 0)} {risk}"
        for node in ast.walk(tree)
        if id(node) not in prose and (risk := _risk(node, module))
    ]


# The HTML layer itself: snapshot text to escaped HTML and MathML, and the charts' SVG, whose
# labels each go through the `escape` the caller passes.
HTML_LAYER = {"markup.py", "render.py", "charts.py"}


def test_the_pages_package_writes_html_only_in_templates():
    modules = sorted(path for path in PACKAGE.glob("*.py") if path.name not in HTML_LAYER)
    assert len(modules) > 10
    found = [hit for path in modules for hit in _risky(ast.parse(path.read_text("utf-8")), path.name)]
    assert found == []


# What makes Markup of a string by markupsafe's own escape (not the rule) or by none: `~`,
# `%` and `+` in an output, filters that escape or trust on their own, `.format` (a Markup
# phrase's escapes its fields by markupsafe's rule), and autoescape turned off. The
# `joined` filter is the rule's (`markup.joined`).
_MARKUP_FILTERS = {"safe", "join", "format", "forceescape", "xmlattr", "urlize", "striptags", "indent"}


def _template_risks(source: str, name: str) -> list[str]:
    tree = Environment(autoescape=True).parse(source)
    found = [f"{name}:{node.lineno} autoescape changed" for node in tree.find_all(nodes.EvalContextModifier)]
    for output in tree.find_all(nodes.Output):
        for node in output.nodes:
            if isinstance(node, nodes.TemplateData):
                continue
            if isinstance(node, nodes.Concat | nodes.Mod | nodes.Add):
                found.append(f"{name}:{node.lineno} strings joined in the output")
            for inner in [node, *node.find_all((nodes.Filter, nodes.Call))]:
                if isinstance(inner, nodes.Filter) and inner.name in _MARKUP_FILTERS:
                    found.append(f"{name}:{inner.lineno} the {inner.name} filter")
                called = inner.node if isinstance(inner, nodes.Call) else None
                if isinstance(called, nodes.Getattr) and called.attr == "format":
                    found.append(f"{name}:{inner.lineno} .format in a template")
    return found


def test_the_templates_make_no_markup_past_the_rule():
    templates = sorted(TEMPLATES.glob("*.html"))
    assert len(templates) > 10
    found = [hit for path in templates for hit in _template_risks(path.read_text("utf-8"), path.name)]
    assert found == []


def test_the_checks_find_what_they_look_for():
    source = (
        "f'<b>{name}</b>'\n'<i>' + name\nx = '<p>{}</p>'.format(name)\nMarkup(name)\n"
        "'papers/{key}.md'\nf'papers/{key}.md'\nm = '<!-- papershelf:0 -->'\n"
        "def f():\n    'A docstring naming <a>.'\n"
    )
    assert len(_risky(ast.parse(source), "paper.py")) == 5  # the f-string's two pieces
    template = (
        "{{ a ~ b }}{{ a | join(', ') }}{{ a | safe }}{{ words.x.format(n=a) }}"
        "{% autoescape false %}{{ a }}{% endautoescape %}{{ link('x' ~ a) }}{{ a | joined(', ') }}"
    )
    assert len(_template_risks(template, "t.html")) == 5


def test_the_package_keeps_its_public_names():
    assert {"SitePlan", "SiteOptions", "arxiv_title_search"} <= set(pages.__all__)
    assert isinstance(text("x"), Markup)
