"""Noise: lines that read as words but claim nothing.

Logs, source code, diffs, SQL, stack frames, listings and injected skill / hook boilerplate
are recognised here so that they still count for entities but weigh little in a summary and
never give a headline.
"""

from __future__ import annotations

import re

META_START = re.compile(
    r"^\s*(?:base directory for this skill|caveat:|\[request interrupted|<command-|"
    r"<local-command|<task-notification|<system-reminder|<user-prompt-submit-hook|"
    r"<environment_context|<user_instructions|this session is being continued|"
    r"# agents\.md instructions|\[hook_|\[skill_listing\]|<extremely_important>)",
    re.IGNORECASE,
)

_STACK = re.compile(
    r"^\s*(?:at\s+[\w$.<>/\\]+[.(:]|File \"[^\"]+\", line \d+|#\d+\s+0x[0-9a-f]+|"
    r"\^+\s*$|~+\^+~*\s*$|\.\.\. \d+ more|Caused by:|\s*\|\s*$)"
)
TIMESTAMP_ONLY = re.compile(
    r"^[\s\[(]*(?:\d{4}-\d{2}-\d{2}[T ]?)?(?:\d{1,2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?)?"
    r"(?:Z|[+-]\d{2}:?\d{2})?[\s\])]*(?:AM|PM|UTC)?\s*$",
    re.IGNORECASE,
)
_TABLE_SEP = re.compile(r"^\s*\|?\s*:?-{2,}:?\s*(?:\|\s*:?-{2,}:?\s*)*\|?\s*$")
_LINE_NUMBERED = re.compile(r"^\s*\d+(?:→|\t|:\s|\s{2,})")
_ROSTER = re.compile(
    r"^(?:attendees|present|participants|speakers|recorded|date|location|cc|to|from)\b[^:]{0,20}:",
    re.IGNORECASE,
)
_HEADING = re.compile(r"^#{1,6}\s")
# an ``ls -l`` line, or the tail of one a cut began inside ("r-xr-x 1 ann ann 72 May 31 ini",
# "ann 72 May 31 14:47 ini")
_LISTING = re.compile(r"^(?:[dlcbps-][rwxsStT-]{9}[@+.]?\s|total \d+$|[rwxsStT-]{3,9}[@+.]?\s+"
                      r"\d+\s+\S+\s+\S+\s+\d+\s+[A-Z][a-z]{2}\s+\d"
                      r"|(?:\S+\s+){0,2}\d+\s+[A-Z][a-z]{2}\s+\d{1,2}\s+(?:\d{1,2}:\d{2}|\d{4})\s+\S+$)")
_XML_LINE = re.compile(r"^\s*</?[A-Za-z][\w-]*(?:\s[^>]*)?>")

_LETTERS = re.compile(r"[A-Za-z\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]")

# Machine output that reads as words but claims nothing: log records, source code, diffs, SQL.
LOG_LINE = re.compile(
    r"^\[?(?:\d{4}-\d{2}-\d{2}[T ]\d{1,2}:\d{2}(?::\d{2})?(?:[.,]\d+)?"
    r"(?:Z|[+-]\d{2}:?\d{2})?\]?"
    r"\s+(?:\[?[A-Z]{4,8}\]?\b|[\w.$-]+\[\d+\]:|\w+(?:\.\w+)+\s)"
    r"|\d{4}-\d{2}-\d{2}[T ]\d{1,2}:\d{2}:\d{2}[.,]\d+"
    r"|\d{1,2}:\d{2}:\d{2}[.,]\d{3,}\b"
    r"|\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d+\s+\d+"
    r"|[A-Z][a-z]{2} [ \d]\d \d{2}:\d{2}:\d{2} \S+ [\w./-]+(?:\[\d+\])?:)"
    r"|^\[?(?:TRACE|DEBUG|INFO|NOTICE|WARN|WARNING|ERROR|FATAL|CRITICAL|SEVERE)\]?(?::|\s+[\w.\[])"
    r"|^[VDIWEF]/[\w.$-]+\s*\(\s*\d+\):"
)

_CODE_LINE = re.compile(
    r"^(?:def \w+\(|async def |class \w+\s*[(:{<]|import [\w.]+(?: as \w+)?$|"
    r"from [\w.]+ import |return(?:\s+\S+)?;?$|return .*[;)\]}]$|raise \w|yield\b|elif |"
    r"else\s*:|try\s*:|finally\s*:|"
    r"except\b.*:$|with .+:$|if .+:$|for .+ in .+:$|while .+:$|"
    r"(?:const|let|var) (?:\w+|[{\[][^=]*[}\]])\s*=|function\b.*[({]|"
    r"(?:public|private|protected|static|final) \w|"
    r"(?:void|int|bool|auto|char|inline|virtual|template|struct|enum) [\w<:*&]|#include|#define|"
    r"(?:pub |async )?fn \w|func \w|package [\w.]+;?$|using [\w.:]+;|namespace \w|"
    r"self\.|this\.|[})\]];?,?$|[})\]] |//|/\*|\*/|"
    r"[\w.\[\]'\"]+ (?:[+\-*/|&]?=|:=) \S)"
)
_DIFF_LINE = re.compile(r"^(?:diff --git |index [0-9a-f]{6,}\.\.|@@ -\d|--- a/|\+\+\+ b/)")
_SQL = re.compile(
    r"\b(?:SELECT\b.*\bFROM \w|INSERT INTO \w+|UPDATE \w+ SET \w|DELETE FROM \w+|"
    r"CREATE (?:UNIQUE )?(?:TABLE|INDEX) (?:CONCURRENTLY )?(?:IF NOT EXISTS )?[\w.\"]+ ?(?:ON |\()|"
    r"ALTER TABLE [\w.\"]+ (?:ADD|DROP|ALTER|RENAME))\b"
    r"|(?:=|\bIN|\bLIKE|,)\s*\(?\s*\?\s*(?:[,)]|$|\s+(?:AND|OR|LIMIT)\b)"  # placeholders
)


_ASCII_LETTERS = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"


def _sql(text: str) -> bool:
    """``_SQL.search(text)``, skipped when the text holds none of the words every match of
    the (case-sensitive) pattern holds."""
    return ("?" in text or "SELECT" in text or "INSERT INTO" in text or "UPDATE " in text
            or "DELETE FROM" in text or "CREATE " in text or "ALTER TABLE" in text
            ) and _SQL.search(text) is not None


def _letter_ratio(text: str) -> float:
    if not text:
        return 0.0
    stripped = text.replace(" ", "")
    if not stripped:
        return 0.0
    if stripped.isascii():  # _LETTERS on ASCII is [A-Za-z]: count them in C
        raw = stripped.encode("ascii")
        return (len(raw) - len(raw.translate(None, _ASCII_LETTERS))) / len(raw)
    return len(_LETTERS.findall(stripped)) / len(stripped)


_NUMBERED_CODE = re.compile(r"^\d{1,6} (?=\S+.*[;{}()]\s*$)")


def is_code_line(stripped: str) -> bool:
    """A line of source code (possibly from a line-numbered file dump)."""
    m = _LINE_NUMBERED.match(stripped) or _NUMBERED_CODE.match(stripped)
    if m:
        stripped = stripped[m.end():].strip()
    elif stripped[:1] in "+-" and stripped[1:2] in (" ", "\t"):  # a line of a diff
        stripped = stripped[1:].strip()
    return bool(stripped) and (_CODE_LINE.match(stripped) is not None or m is not None)


_NOISE_CAP = 4_000  # lines of at most _NOISE_LINE_CHARS remembered (under 1 MB)
_NOISE_LINE_CHARS = 160
_noise_of: dict[str, float] = {}  # tool output and file dumps repeat lines


def line_noise(stripped: str) -> float:
    """Multiplier in [0, 1] for how much a line looks like prose (0 = skip entirely)."""
    if len(stripped) > _NOISE_LINE_CHARS:
        return _line_noise(stripped)
    noise = _noise_of.get(stripped)
    if noise is None:
        if len(_noise_of) >= _NOISE_CAP:
            _noise_of.clear()
        noise = _noise_of[stripped] = _line_noise(stripped)
    return noise


def _line_noise(stripped: str) -> float:
    if TIMESTAMP_ONLY.match(stripped) or _TABLE_SEP.match(stripped):
        return 0.0
    if _STACK.match(stripped) or LOG_LINE.match(stripped):
        return 0.05
    noise = 1.0
    if _CODE_LINE.match(stripped) or _DIFF_LINE.match(stripped):
        noise *= 0.1
    elif _sql(stripped):
        noise *= 0.3
    if stripped[0] == "#" and _HEADING.match(stripped):
        noise *= 0.4  # a markdown heading labels a section; it claims nothing itself
    if _LISTING.match(stripped):
        return 0.05
    if _ROSTER.match(stripped):
        return 0.2
    if _LINE_NUMBERED.match(stripped):
        noise *= 0.1
    if _XML_LINE.match(stripped):
        noise *= 0.3
    if stripped.startswith("|") and stripped.endswith("|"):
        noise *= 0.6
    ratio = _letter_ratio(stripped[:400])
    if ratio < 0.45:
        noise *= 0.2
    elif ratio < 0.6:
        noise *= 0.6
    if stripped.count("=") + stripped.count("[") + stripped.count("%") > 12:
        noise *= 0.3
    if '":' in stripped and stripped.count('"') >= 6:
        noise *= 0.3
    return noise


_CODE_PUNCT = re.compile(r"[(){}\[\];=<>&*|]")
_CODE_SPAN = re.compile(r"`[^`]*`")
_TOOL_LINE = re.compile(
    r"^(?:[A-Z]\w+ \([^)]{1,120}\):\s|(?:Bash|Read|Edit|MultiEdit|Write|Grep|Glob|LS|Task|"
    r"TodoWrite|WebFetch|WebSearch|NotebookEdit|Agent|Skill):\s)"
)


# A utility-class token of a CSS framework (Tailwind's ``px-6``, ``text-[#00FF88]``,
# ``motion-safe:duration-500``, ``hover:bg-white/5``): a variant prefix, brackets or a
# hyphenated lowercase name with a value. Ordinary words joined by hyphens ("read-only")
# are a few of a sentence's words; a class list is mostly these.
_UTILITY = re.compile(
    r"^[\w!-]*(?::[\w!\[\]#./%()-]+)+$|^[!\w-]*\[[^\]\s]*\][\w/.%-]*$"
    r"|^!?[a-z]+(?:-[a-z]+)*-(?:\d[\w./%]*|[a-z]*\d[\w./%]*|\[[^\]\s]+\])$"
    r"|^[a-z]+-[a-z]+(?:-[a-z]+)*$"
)
# lowercase SQL with a column list ("insert into public.profiles (id, email, role)")
_LOWER_SQL = re.compile(r"\b(?:insert into|create table(?: if not exists)?) [\w.\"]+\s*\(",
                        re.IGNORECASE)


# a command's option listing as its --help prints it ("--port port to listen on [number]")
_OPTION_TYPE = re.compile(r"\[(?:boolean|string|number|array|count|default: [^\]]*|"
                          r"choices: [^\]]*)\]")


def _class_list(text: str) -> bool:
    """A sentence that is mostly utility classes: a ``className`` copied out of markup."""
    words = text.replace('"', " ").replace("'", " ").split()
    if len(words) < 4:
        return False
    hits = sum(1 for w in words if _UTILITY.match(w.rstrip(".,;")))
    if len(words) < 6:
        return hits == len(words)
    return (hits * 2 >= len(words) and "className" in text) or hits * 3 >= len(words) * 2


def is_machine_text(text: str) -> bool:
    """A sentence that is log output, code, SQL, a rendered tool call, a JSON fragment, a
    list of CSS classes, a command's option listing or a table row, whoever quoted it."""
    stripped = text.strip()
    if (not stripped or LOG_LINE.match(stripped) or _sql(stripped)
            or is_code_line(stripped) or _STACK.match(stripped) or _TOOL_LINE.match(stripped)
            or (stripped[0] in "{[" and '":' in stripped)
            or _letter_ratio(stripped[:300]) < 0.5 or _LOWER_SQL.search(stripped[:300])
            or ("-" in stripped and _class_list(stripped[:600]))
            or ("[" in stripped and len(_OPTION_TYPE.findall(stripped[:600])) >= 3)
            or (stripped[0] == "|" and stripped.count("|") >= 3)):  # a markdown table row
        return True
    bare = _CODE_SPAN.sub("", stripped[:300]) if "`" in stripped else stripped[:300]
    return len(bare) >= 12 and len(_CODE_PUNCT.findall(bare)) > 0.08 * len(bare)
