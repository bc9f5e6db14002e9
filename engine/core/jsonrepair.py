"""Parse the JSON object a language model returned, however dirty the reply around it.

Small local models wrap their answer in code fences, leak ``<think>`` reasoning, or add
prose before and after it. This module peels those layers off and finds the object, and
turns every way of failing into one ``LlmJsonError`` whose message says why in a sentence,
so callers can retry or report without guarding against anything else.
"""

from __future__ import annotations

import json
import re
from typing import Any

from gapless.engine.core.errors import InvalidValue

__all__ = ["LlmJsonError", "extract_first_balanced_object", "parse_llm_json"]

# How many ``{`` starts the object hunt tries: each try is a linear scan, so this cap keeps a
# reply full of stray braces linear instead of quadratic.
_MAX_CANDIDATES = 20

_THINK_TAG = re.compile(r"<(/?)think\s*>", re.IGNORECASE)
_FENCE = "```"
_LANGUAGE_TAG = re.compile(r"[\w.+-]*")
# Characters that matter to the brace matcher; everything else is skipped by the regex engine.
_SIGNIFICANT = re.compile(r'[{}"\\]')
# A brace followed by a key or by ``}`` is taken to open real JSON, not prose like "{name}".
_OBJECT_OPENER = re.compile(r'\{\s*["}]')

_TOO_DEEP = "the JSON is nested too deeply to parse"


class LlmJsonError(InvalidValue):
    """The module's only error: says in one sentence why the text is not a usable JSON object."""


def parse_llm_json(text: str) -> dict[str, Any]:
    """Return the JSON object in a model's reply, or raise ``LlmJsonError`` saying why not.

    The reply itself is tried first, then with reasoning and code fences peeled off; if one
    of those is valid JSON it is the answer, so an array or a scalar is rejected rather than
    searched for an object inside it. Otherwise the first ``{…}`` block that parses wins.
    """
    if not isinstance(text, str):
        raise LlmJsonError(f"expected the reply as text but got {type(text).__name__}")
    cleaned = text.strip().lstrip("\ufeff").strip()
    if not cleaned:
        raise LlmJsonError("the reply is empty")
    unthought = _strip_think(cleaned)

    reason: str | None = None
    for whole in _distinct(cleaned, unthought, _fenced(unthought), _fenced(cleaned)):
        value = _loads(whole)
        if isinstance(value, dict):
            return value
        if not isinstance(value, LlmJsonError):
            raise LlmJsonError(f"expected a JSON object but got {_describe(value)}")
        if str(value) == _TOO_DEEP:
            reason = reason or _TOO_DEEP

    attempts = 0
    for source in _distinct(unthought, cleaned):
        start = source.find("{")
        while start != -1 and attempts < _MAX_CANDIDATES:
            attempts += 1
            looks_like_json = _OBJECT_OPENER.match(source, start) is not None
            end = _close(source, start)
            if end is None:
                if looks_like_json:
                    reason = reason or "the JSON object is never closed, so the reply looks cut off"
                    break
                start = source.find("{", start + 1)
                continue
            value = _loads(source[start:end])
            if isinstance(value, dict):
                return value
            reason = reason or str(value)
            # A broken object that looks like JSON is skipped whole: an inner fragment of it
            # would parse, but returning it would silently lose the rest of the answer.
            start = source.find("{", end if looks_like_json else start + 1)
    raise LlmJsonError(reason or "no JSON object found in the reply")


def extract_first_balanced_object(text: str) -> str | None:
    """Return the first ``{…}`` span whose braces balance, or None.

    Braces inside string literals (with backslash escapes) do not count. A ``{`` that never
    closes is skipped for the next one, up to a fixed number of tries to stay linear.
    """
    start = text.find("{")
    for _ in range(_MAX_CANDIDATES):
        if start == -1:
            return None
        end = _close(text, start)
        if end is not None:
            return text[start:end]
        start = text.find("{", start + 1)
    return None


def _close(text: str, start: int) -> int | None:
    """Index just past the ``}`` matching ``text[start]``, or None if it never closes.

    Iterative, so depth costs nothing but a counter; one pass over the text.
    """
    depth = 0
    in_string = False
    escaped_at = -1
    for match in _SIGNIFICANT.finditer(text, start):
        at = match.start()
        if at == escaped_at:
            continue
        char = text[at]
        if in_string:
            if char == "\\":
                escaped_at = at + 1
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char == "{":
            depth += 1
        elif char == "}":
            depth -= 1
            if depth == 0:
                return at + 1
    return None


def _strip_think(text: str) -> str:
    """Drop leaked reasoning: ``<think>…</think>`` blocks and everything before a lone ``</think>``.

    An opener that is never closed loses only its tag, since the answer may follow the
    reasoning in the same block; the object hunt then skips the prose.
    """
    kept: list[str] = []
    copied_to = 0
    opened_at: int | None = None
    for tag in _THINK_TAG.finditer(text):
        if not tag.group(1):
            if opened_at is None:
                kept.append(text[copied_to : tag.start()])
                opened_at = tag.end()
        elif opened_at is not None:
            opened_at = None
            copied_to = tag.end()
        else:
            kept.clear()
            copied_to = tag.end()
    kept.append(text[copied_to:] if opened_at is None else text[opened_at:])
    return "".join(kept).strip()


def _fenced(text: str) -> str | None:
    """Content of the first code fence minus a language tag like ``json``; None if unfenced."""
    opener = text.find(_FENCE)
    if opener == -1:
        return None
    body = opener + len(_FENCE)
    end = text.find(_FENCE, body)
    if end == -1:
        end = len(text)
    line_end = text.find("\n", body, end)
    if line_end != -1 and _LANGUAGE_TAG.fullmatch(text[body:line_end].strip()):
        body = line_end + 1
    return text[body:end].strip()


def _loads(text: str) -> object:
    """``json.loads`` that returns an ``LlmJsonError`` instead of raising anything."""
    try:
        return json.loads(text)
    except RecursionError:
        return LlmJsonError(_TOO_DEEP)
    except json.JSONDecodeError as exc:
        where = f"line {exc.lineno} column {exc.colno}"
        return LlmJsonError(f"found a {{…}} block but it is not valid JSON ({exc.msg} at {where})")
    except ValueError as exc:  # e.g. an integer beyond the interpreter's digit limit
        return LlmJsonError(f"found a {{…}} block but it is not valid JSON ({exc})")


def _distinct(*texts: str | None) -> list[str]:
    """The non-empty texts in order, each once, so no variant is parsed twice."""
    seen: list[str] = []
    for text in texts:
        if text and text not in seen:
            seen.append(text)
    return seen


def _describe(value: object) -> str:
    """Name a non-object JSON value the way the error message reads best."""
    if isinstance(value, list):
        return "an array"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, bool):
        return "a boolean"
    if value is None:
        return "null"
    return "a number"
