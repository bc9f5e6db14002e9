"""An XML document read as nested objects, so that a chat kept in XML is found by the same
structure as one kept in JSON (:mod:`.chat_shape`).

Phone backups and some messengers write a conversation as XML: a root element holding an
element per message whose attributes (or child elements) hold the sender, the time and the
words. Each element becomes an object of its attributes, its text (when it has any) and,
for each tag of its children, the list of those children as objects — a list of messages
like a JSON one; an element whose words run around marked-up words (mixed content) is one
text. A child whose tag no parent of its tag ever repeats is that one object, not a list of
one: XML can only nest it as an element, where JSON writes one field, and counted as two
levels a server's export nests its messages (host, user, archive, a wrapper each) out of
the reader's depth. An HTML page is no such document (its readers are those of marked-up text),
nor is a text that does not parse as XML.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

TEXT = "text"  # the field an element's own text is given (when no attribute has the name)
MAX_ELEMENTS = 500_000


def _local(tag: str) -> str:
    """A tag without its namespace (``{urn:x}message``: message)."""
    return tag.rsplit("}", 1)[-1]


def _singles(root: ET.Element) -> frozenset[tuple[str, str]]:
    """The (parent's tag, child's tag) pairs whose child no parent of that tag repeats."""
    most: dict[tuple[str, str], int] = {}
    for el in root.iter():
        seen: dict[str, int] = {}
        for child in el:
            seen[_local(child.tag)] = seen.get(_local(child.tag), 0) + 1
        for tag, n in seen.items():
            key = (_local(el.tag), tag)
            most[key] = max(most.get(key, 0), n)
    return frozenset(k for k, n in most.items() if n == 1)


def _obj(el: ET.Element, single: frozenset[tuple[str, str]]) -> dict[str, Any]:
    out: dict[str, Any] = {_local(k): v for k, v in el.attrib.items()}
    if any((c.tail or "").strip() for c in el):
        # mixed content (words around marked-up words: ``Hi <b>there</b>!``): one text
        if TEXT not in out:
            out[TEXT] = " ".join("".join(el.itertext()).split())
        return out
    text = (el.text or "").strip()
    if text and TEXT not in out:
        out[TEXT] = text
    for child in el:
        out.setdefault(_local(child.tag), [])
        if isinstance(out[_local(child.tag)], list):
            out[_local(child.tag)].append(_obj(child, single))
    for tag, kids in out.items():
        if isinstance(kids, list) and (_local(el.tag), tag) in single:
            out[tag] = kids[0]  # a child never repeated: one level, as JSON nests it
    return out


def xml_document(text: str) -> dict[str, Any] | None:
    """The document as nested objects, or None when ``text`` is no XML (or is HTML)."""
    body = text.lstrip("\ufeff \t\r\n")
    if not body.startswith("<"):
        return None
    try:
        root = ET.fromstring(body)
    except (ET.ParseError, ValueError):
        return None
    if _local(root.tag).lower() == "html" or sum(1 for _ in root.iter()) > MAX_ELEMENTS:
        return None
    try:
        return _obj(root, _singles(root))
    except RecursionError:
        return None
