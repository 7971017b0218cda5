"""Theme templates compiled once per serve session (`papershelf.site.compiled`)."""

from __future__ import annotations

from jinja2 import DictLoader, Environment

from papershelf.site.compiled import CompiledTemplates


class _Counting(Environment):
    """An environment that counts its compilations, as a new build's theme environment."""

    compiled = 0

    def compile(self, *args, **kwargs):  # type: ignore[no-untyped-def, override]
        _Counting.compiled += 1
        return super().compile(*args, **kwargs)


def _render(cache: CompiledTemplates, templates: dict[str, str]) -> str:
    env = _Counting(loader=DictLoader(templates), bytecode_cache=cache)
    return env.get_template("page.html").render(title="T")


def test_later_environments_take_the_compiled_code_until_a_template_changes():
    cache = CompiledTemplates()
    templates = {"page.html": "<h1>{{ title }}</h1>"}
    _Counting.compiled = 0
    assert _render(cache, templates) == "<h1>T</h1>"
    assert _render(cache, templates) == "<h1>T</h1>"
    assert _Counting.compiled == 1
    templates["page.html"] = "<h2>{{ title }}</h2>"
    assert _render(cache, templates) == "<h2>T</h2>"
    assert _Counting.compiled == 2
    cache.clear()
    assert _render(cache, templates) == "<h2>T</h2>"
    assert _Counting.compiled == 3
