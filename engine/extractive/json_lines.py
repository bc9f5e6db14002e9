"""Raw JSONL: the prose fields of a JSON record become sentences (by their names, else
every string value of a few words).

They are addressed by the raw span of their escaped string, so anchors point into the file
as it is on disk; system, hook and attachment records count as injected context.
"""

from __future__ import annotations

import json
import re

from gapless.engine.extractive.noise import META_START, line_noise
from gapless.engine.extractive.sentences import add_units
from gapless.engine.extractive.units import Parsed, Said

_JSON_FIELD = re.compile(
    r'"(text|content|summary|thinking|message|description|prompt|result|title|aiTitle|'
    r'lastPrompt|command|stdout|stderr)"\s*:\s*"((?:[^"\\]|\\.){2,})"'
)
_JSON_ROLE = re.compile(r'"(?:role|type)"\s*:\s*"(user|assistant|system|summary)"')
_ESC_NEWLINE = re.compile(r"(?:\\+[rnt])+")
JSON_SYSTEM = re.compile(
    r'"type"\s*:\s*"(?:attachment|progress|system|queue-operation|file-history-snapshot|'
    r'last-prompt|permission-mode|mode|ai-title|session_meta|turn_context)"|'
    r'"isMeta"\s*:\s*true|"attachment"\s*:\s*\{|"hookEvent"|"role"\s*:\s*"developer"'
)


# any string field: a record whose keys none of the names above are (a program's event
# stream, "msg" and "err" of a structured log without a level) is read by its values
_ANY_FIELD = re.compile(r'"([^"\\]{1,64})"\s*:\s*"((?:[^"\\]|\\.){2,})"')
_WORDED = 3  # words a value holds to be prose


def _prose_fields(line: str) -> list[re.Match[str]]:
    """The named prose fields of a record; without any, its string values of a few words."""
    named = list(_JSON_FIELD.finditer(line))
    if named:
        return named
    return [m for m in _ANY_FIELD.finditer(line)
            if len(unescape_json(m.group(2)[:400]).split()) >= _WORDED]


def unescape_json(raw: str) -> str:
    """The text of a raw JSON string body; a body cut mid-escape is unescaped by hand."""
    try:
        value = json.loads('"' + raw + '"')
    except ValueError:
        return raw.replace('\\"', '"').replace("\\\\", "\\")
    return value if isinstance(value, str) else raw


def parse_json_line(text: str, line: str, line_start: int, role: str, msg: int,
                    parsed: Parsed) -> None:
    """Prose fields of a JSON object line become units addressed by their escaped span."""
    jr = _JSON_ROLE.search(line)
    line_role = role
    if jr:
        line_role = {"summary": "text"}.get(jr.group(1), jr.group(1))
        parsed.roles_seen.add(line_role)
    meta = '"isMeta":true' in line or '"isMeta": true' in line
    if '"tool_result"' in line or '"toolUseResult"' in line or '"tool_use_id"' in line:
        line_role = "tool"
    elif JSON_SYSTEM.search(line[:2000]) and not (jr and jr.group(1) == "assistant"):
        line_role = "system"
        meta = True
    for m in _prose_fields(line):
        key = m.group(1)
        if key in ("command",):
            continue
        field_role = "thinking" if key == "thinking" else line_role
        raw_start = line_start + m.start(2)
        raw = m.group(2)
        if not meta and META_START.match(unescape_json(raw[:80])):
            meta = True  # injected skill text, command wrappers, hook context
        # Escaped newlines separate lines inside the string; each piece is its own segment.
        piece_start = 0
        for sep in [*_ESC_NEWLINE.finditer(raw), None]:
            piece_end = sep.start() if sep else len(raw)
            if piece_end - piece_start > 1:
                seg_raw = raw[piece_start:piece_end]
                shown = unescape_json(seg_raw)
                noise = line_noise(shown.strip()) if shown.strip() else 0.0
                if noise > 0.0:
                    s = raw_start + piece_start
                    e = raw_start + piece_end
                    add_units(parsed.units, text, (s, e), Said(field_role, msg, noise, meta),
                              display=shown)
            if sep:
                piece_start = sep.end()
