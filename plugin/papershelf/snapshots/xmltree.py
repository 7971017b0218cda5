"""XML feeds as a small tree whose elements know their line, read with expat.

The feed readers report problems at `file:line`, which ElementTree does not keep; expat
(the parser ElementTree itself uses) does. A feed is data from a server: a document type
declaring entities is refused (the "billion laughs" and external-entity tricks need one),
and so is anything that is not well-formed, with expat's own message and line.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from xml.parsers import expat

__all__ = ["Element", "XmlError", "parse_xml"]


class XmlError(ValueError):
    """Not well-formed, or declares entities; `line` is where expat stopped."""

    def __init__(self, message: str, line: int) -> None:
        super().__init__(message)
        self.line = line


@dataclass
class Element:
    """`tag` and the names in `attrs` are `{namespace}name` (as ElementTree writes them) where
    they have a namespace; `text` is all text directly inside."""

    tag: str
    attrs: dict[str, str]
    line: int
    children: list[Element] = field(default_factory=list)
    parts: list[str] = field(default_factory=list, repr=False)

    @property
    def text(self) -> str:
        return "".join(self.parts)

    def find(self, tag: str) -> Element | None:
        return next((child for child in self.children if child.tag == tag), None)

    def findall(self, tag: str) -> list[Element]:
        return [child for child in self.children if child.tag == tag]

    def findtext(self, tag: str) -> str:
        found = self.find(tag)
        return found.text.strip() if found is not None else ""

    def iter(self) -> Iterator[Element]:
        yield self
        for child in self.children:
            yield from child.iter()


def parse_xml(text: str) -> Element:
    """The document's root element."""
    parser = expat.ParserCreate(namespace_separator="}")
    stack: list[Element] = []
    root: list[Element] = []

    def start(name: str, attrs: dict[str, str]) -> None:
        qualified = {_qualified(key): value for key, value in attrs.items()}
        element = Element(_qualified(name), qualified, parser.CurrentLineNumber)
        (stack[-1].children if stack else root).append(element)
        stack.append(element)

    def entity(*_: object) -> None:
        raise XmlError("the document declares entities; refused", parser.CurrentLineNumber)

    parser.StartElementHandler = start
    parser.EndElementHandler = lambda _name: stack.pop()
    parser.CharacterDataHandler = lambda data: stack[-1].parts.append(data) if stack else None
    parser.EntityDeclHandler = entity
    try:
        parser.Parse(text, True)
    except expat.ExpatError as error:
        raise XmlError(expat.ErrorString(error.code), error.lineno) from None
    return root[0]


def _qualified(name: str) -> str:
    """expat's `namespace}name` as `{namespace}name`."""
    return "{" + name if "}" in name else name
