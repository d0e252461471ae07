"""An svgwrite drawing written as text directly, byte for byte what `svg._indent` + `ElementTree.tostring` write.

svgwrite builds an ElementTree element for every node (`get_xml`) and ElementTree then walks that tree twice (its
namespaces, then the text); for a frame's ~1,000 nodes that was a third of drawing it. Here the nodes svgwrite
draws as plain elements (shapes, paths, groups, text) are written from their attributes as `get_xml` would set
them; any other node (title, desc, metadata, `use`, a style, a ruleset's own) through its own `get_xml`. A name
in `{namespace}` form is not expected; meeting one raises `Unwritten`, and `svg.to_string` takes the slow path.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

from svgwrite.base import BaseElement
from svgwrite.drawing import Drawing
from svgwrite.etree import CDATA_TPL
from svgwrite.path import Path
from svgwrite.shapes import Polyline
from svgwrite.text import TSpan
from svgwrite.utils import strlist

_escape_attrib = ET._escape_attrib  # type: ignore[attr-defined]
_escape_cdata = ET._escape_cdata  # type: ignore[attr-defined]
_UNINDENTED = ("text", "title", "desc")

_PLAIN = BaseElement.get_xml
_TSPAN = TSpan.get_xml
_PATH = Path.get_xml
_POLYLINE = Polyline.get_xml
_DRAWING = Drawing.get_xml


class Unwritten(Exception):
    """A node this writer does not write exactly as ElementTree would."""


def _name(name: Any) -> str:
    if not isinstance(name, str) or "{" in name:
        raise Unwritten(repr(name))
    return name


def _open(out: list[str], tag: str, items: list[tuple[str, str]]) -> None:
    out.append("<" + _name(tag))
    for key, value in items:
        out.append(f' {_name(key)}="{_escape_attrib(value)}"')


def _svg_node(node: Any) -> tuple[str, list[tuple[str, str]], str | None, list[Any]] | None:
    """(tag, attributes, text, children) of a node svgwrite writes as a plain element, or None."""
    get_xml = type(node).get_xml
    if get_xml is _PATH:
        node.attribs["d"] = str(strlist(node.commands, " "))
    elif get_xml is _POLYLINE:
        node.attribs["points"] = node.points_to_string(node.points)
    elif get_xml is _DRAWING:
        node.attribs["xmlns"] = "http://www.w3.org/2000/svg"
        node.attribs["xmlns:xlink"] = "http://www.w3.org/1999/xlink"
        node.attribs["xmlns:ev"] = "http://www.w3.org/2001/xml-events"
        node.attribs["baseProfile"] = node.profile
        node.attribs["version"] = node.version
    elif get_xml is not _PLAIN and get_xml is not _TSPAN:
        return None
    if node.debug:
        return None  # svgwrite validates every value first: let it
    convert = str if node.profile != "tiny" else node.value_to_string
    items = []
    for key, value in sorted(node.attribs.items()):
        if value is not None:
            value = convert(value)
            if value:
                items.append((key, value))
    text = str(node.text) if get_xml is _TSPAN else None
    return node.elementname, items, text, node.elements


def _write(out: list[str], node: Any, depth: int, tail: str | None) -> None:
    """One node and what follows it; children of an indented element one a line, `depth` deep."""
    plain = _svg_node(node) if not isinstance(node, ET.Element) else None
    if plain is not None:
        tag, items, text, children = plain
    else:
        xml = node if isinstance(node, ET.Element) else node.get_xml()
        if xml.tag == CDATA_TPL:  # svgwrite's patched writer: the text in CDATA, and never a tail
            out.append(CDATA_TPL % xml.text)
            return
        tag, items, text, children = xml.tag, list(xml.items()), xml.text, list(xml)
    _open(out, tag, items)
    indented = bool(children) and tag not in _UNINDENTED
    if indented:
        text = "\n" + "  " * (depth + 1)
    if text or children:
        out.append(">")
        if text:
            out.append(_escape_cdata(text))
        last = len(children) - 1
        for k, child in enumerate(children):
            if indented:
                after: str | None = "\n" + "  " * (depth + (1 if k < last else 0))
            else:  # written as they are: svgwrite's own nodes have no tail
                after = child.tail if isinstance(child, ET.Element) else _own_tail(child)
            _write(out, child, depth + 1, after)
        out.append("</" + tag + ">")
    else:
        out.append(" />")
    if tail:
        out.append(_escape_cdata(tail))


def _own_tail(node: Any) -> str | None:
    """The tail `get_xml` gives a node: none for svgwrite's plain nodes; a kept element's own (title, desc)."""
    if _svg_node_kind(node):
        return None
    return node.get_xml().tail


def _svg_node_kind(node: Any) -> bool:
    get_xml = type(node).get_xml
    return get_xml in (_PLAIN, _TSPAN, _PATH, _POLYLINE, _DRAWING)


def document(dwg: Drawing) -> str:
    """The drawing's root element as `ET.tostring` writes it after `svg._indent` (no declaration, no newline)."""
    out: list[str] = []
    _write(out, dwg, 0, None)
    return "".join(out)


def element(node: Any, depth: int) -> str:
    """One node as `ET.tostring` writes it after `svg._indent(xml, depth)`, without a tail."""
    out: list[str] = []
    _write(out, node, depth, None)
    return "".join(out)
