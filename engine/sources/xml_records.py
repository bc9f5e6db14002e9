"""An XML document read as nested objects, so that a chat kept in XML is found by the same
structure as one kept in JSON (:mod:`.chat_shape`).

Phone backups and some messengers write a conversation as XML: a root element holding an
element per message whose attributes (or child elements) hold the sender, the time and the
words. Each element becomes an object of its attributes, its text (when it has any) and,
for each tag of its children, the list of those children as objects — a list of messages
like a JSON one; an element whose words run around marked-up words (mixed content) is one
text. An HTML page is no such document (its readers are those of marked-up text),
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


def _obj(el: ET.Element) -> dict[str, Any]:
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
            out[_local(child.tag)].append(_obj(child))
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
        return _obj(root)
    except RecursionError:
        return None
