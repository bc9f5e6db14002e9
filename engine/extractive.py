"""The built-in ``extractive`` summarizer: offline, deterministic, no model.

It turns any piece of transcript text (rendered Claude Code / Codex sessions, meetings, logs,
even raw JSONL) into a journal :class:`~engine.extraction.Extraction`:

* **Segmentation.** The text is cut into lines, then sentences, each kept with its exact
  character span. Rendered message headers (``### user · 2026-…``) set the speaker role;
  ``→ Tool`` call lines, ``[thinking]`` blocks, code fences, JSON blobs, stack frames,
  progress bars, ``ls -l`` listings, line-numbered file dumps, log records, source lines,
  diffs, SQL, injected skill / hook / command boilerplate and tool output are recognised and
  down-weighted (they still count for entities, except that log records name no files and
  source code names no errors). Text before the first header is the tail of a message whose
  speaker is unknown (a tree leaf may start inside a tool result).
  In JSON lines (raw JSONL) the prose fields (``"text"``, ``"content"`` …) become sentences
  of their own, addressed by the raw span of their escaped string.
* **Salience.** Centroid ranking (MEAD-style): TF-IDF weights over the sentences (CJK as
  character bigrams, file paths by their last component), the 50 heaviest terms form the
  centroid, and a sentence scores by its cosine to it, multiplied by its noise factor, its
  role (the user's opening request counts most, tool output least), its length, a penalty
  for lines repeated with only numbers changed, and boosts for decisions, errors,
  conclusions, outcomes ("Fixed …", "tests pass"), position (each request, the closing
  report) and, when a ``question`` is given, overlap with that question; announced plans
  ("I'll …") count less.
* **Selection.** The narrative is made of what the user and the agent said (tool output,
  logs and code only when a text has nothing else): greedy by score with a redundancy check,
  within ``max_summary_chars``, then put back in chronological order, plus a short
  ``Files:`` / ``Commands:`` / ``Errors:`` trailer when it fits.
* **Headline.** The user's first substantive request; else a document title; else the
  agent's most salient statement; never tool output, logs, code or JSON in a transcript.
  Its anchor label says which (``headline: `` for a request, ``headline (text|outcome|
  excerpt): `` otherwise), so that folds keep the user's task as the headline.
* **Entities** that matter in engineering transcripts: file paths, commands run, errors and
  failing tests, decisions, open questions (from the user's or the agent's prose only:
  questions nobody answered later, questions explicitly deferred, TODO / "not sure"; not
  polite requests, not the agent's questions to itself, never SQL placeholders).
* **Topics.** Noun phrases and identifiers (quoted names, ``snake_case``, ``CamelCase``),
  never log levels, dates, hex ids or generic verbs.

Every summary sentence, the headline and each open question carries an
:class:`~engine.extraction.Anchor` with absolute UTF-8 byte offsets (``base_offset`` + the
bytes before it). A summary sentence's anchor is labelled ``summary: <its first words>``
(``excerpt: …`` when it quotes tool output or other non-prose), which lets
:func:`fold_extractions` cut a child's summary back into exactly the sentences its anchors
support, through any number of folds. A fold spreads its narrative over all its children
(diminishing returns per child), drops quoted machine output once any child said something,
and drops a user's question whose answer lies in a later child.

The transcript is data: no line in it is ever followed as an instruction; it is only
counted, scored and quoted. Everything here is pure (no I/O), deterministic (ties broken by
position, never by hash order) and linear in the size of the input.
"""

from __future__ import annotations

import heapq
import json
import math
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from engine.extraction import Anchor, Extraction

__all__ = ["Entities", "entities", "fold_extractions", "summarize_text"]

# --------------------------------------------------------------------------------------------
# Tuning constants
# --------------------------------------------------------------------------------------------

_CENTROID_TERMS = 50
_MAX_UNIT_CHARS = 300  # longer sentences are cut into pieces of at most this size
_MAX_DISPLAY = 280  # a quoted sentence is shortened to this many characters
_MAX_ANCHORS = 20
_MAX_PIECES = 17  # summary sentences, so that their anchors plus the headline's fit in 20
_MAX_TOPICS = 8
_MAX_QUESTIONS = 5
_MAX_ENTITIES = 64
_HEADLINE_CHARS = 100
_LABEL_CHARS = 60

# --------------------------------------------------------------------------------------------
# Vocabulary
# --------------------------------------------------------------------------------------------

def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


_STOPWORDS = _words(
    """
    a about above after again against all almost also although always am among an and another
    any anyone anything are aren't around as at away back be became because been before being
    below between both but by can can't cannot could couldn't did didn't do does doesn't doing
    don't done down during each either else enough even ever every few for from further get
    gets getting give given go goes going gone got had hadn't has hasn't have haven't having he
    her here hers herself him himself his how however i i'd i'll i'm i've if in into is isn't it
    it's its itself just keep know last least less let let's like made make makes many may me
    might mine more most much must my myself need needs neither never new next no nor not now of
    off often on once one only onto or other others our ours ourselves out over own per perhaps
    please put quite rather really right said same say says see seem seems shall she should
    shouldn't since so some something still such sure take than that that's the their theirs
    them themselves then there there's these they they're thing things this those though
    through thus to too took toward under until up upon us use used uses using very via want
    wants was wasn't way we we'd we'll we're we've well were weren't what what's when where
    whether which while who whom whose why will with within without won't would wouldn't yes yet
    you you'd you'll you're you've your yours yourself yourselves okay ok oh hi hello thanks
    thank great good perfect got sure let's lets now also just actually basically e.g i.e etc
    user assistant tool result results output input system message messages call calls true
    false null none response request reply time first second third already able try tried
    check checking look looking run running see seeing help
    """
)

# CJK characters too common to make a bigram meaningful on their own.
_CJK_STOP = frozenset("的了是在我你他她它们这那个和与及或就都也还要会能可以不没有吗呢吧啊")
# Frequent CJK bigrams that carry no topic (pronouns, auxiliaries, agent narration).
_CJK_STOP_BIGRAMS = _words(
    """
    让我 我来 需要 一个 我们 可以 这个 那个 进行 检查 使用 现在 然后 如果
    因为 所以 已经 没有 什么 我将 我会 你的 用户 看看 一下 一些 这些 这是
    就是 但是 还是 或者 以及 为了 应该 可能 当前 继续 开始 首先 下来 等待
    正在 是否 问题 完成 成功 确认 查看 目前 是一 是个
    """
)

_ROLE_WEIGHT = {
    "user": 1.35,
    "assistant": 1.0,
    "text": 1.0,
    "thinking": 0.55,
    "tool": 0.15,
    "system": 0.2,
    "continuation": 0.5,  # text before the first message header: the tail of an unseen message
}

_COMMAND_WORDS = _words(
    """
    pytest python python3 pip pip3 pipx uv poetry hatch tox nox npm npx pnpm yarn node deno bun
    git gh make cmake ninja cargo rustc go gofmt docker podman kubectl helm terraform ruff mypy
    black isort flake8 pylint bash sh zsh ls cd cat less grep rg find fd sed awk curl wget adb
    emulator sdkmanager avdmanager gradle gradlew mvn java javac kotlinc gcc g++ clang clang++
    ld ldd gdb lldb valgrind strace brew apt apt-get dpkg yum dnf pacman sudo chmod chown mkdir
    rm rmdir cp mv ln tar zip unzip gzip ssh scp rsync systemctl journalctl service ps kill
    pkill top htop tail head wc echo printf export source env conda mamba jupyter swift
    xcodebuild xcrun dotnet aws gcloud az psql mysql sqlite3 redis-cli mongo jq yq tree du df
    free lsof netstat ss ping dig nc openssl hexdump xxd file stat touch diff patch
    pre-commit alembic django-admin flask uvicorn gunicorn celery sbt lein mix elixir erl iex
    ruby gem bundle rake rails php composer perl lua luarocks R Rscript julia ghc stack cabal
    nix nix-shell bazel buck pants meson scons ctest gotestsum jest vitest mocha playwright
    cypress tsc eslint prettier webpack vite esbuild rollup
    """
)

_FILE_EXTS = (
    "py|pyi|pyx|ipynb|ts|tsx|js|jsx|mjs|cjs|rs|go|java|kt|kts|scala|c|h|cc|cpp|cxx|hpp|hh|cs|"
    "swift|m|mm|rb|php|pl|lua|r|jl|hs|ex|exs|erl|clj|dart|vue|svelte|md|rst|txt|json|jsonl|"
    "toml|yaml|yml|ini|cfg|conf|env|lock|xml|html|htm|css|scss|sass|less|sql|sh|bash|zsh|fish|"
    "ps1|bat|gradle|properties|proto|graphql|tf|hcl|dockerfile|mk|cmake|log|csv|tsv|patch|diff|"
    "img|zip|tar|gz|so|dll|apk|aab|jar|whl|db|sqlite|pem|crt|key|plist|xcodeproj|sln|csproj"
)

# --------------------------------------------------------------------------------------------
# Regular expressions
# --------------------------------------------------------------------------------------------

# A heading that is only a speaker name ("## User", "### Assistant:"): a message header in
# hand-written or other tools' transcripts. Gapless's own renderer always writes " · ".
_ROLE_HEADER = re.compile(
    r"^#{1,4}\s*\[?(user|human|assistant|claude|codex|system|developer|"
    r"tool(?: (?:call|use|result|output))?)\]?\s*:?\s*$",
    re.IGNORECASE,
)
_MESSAGE_HEADER = re.compile(r"^#{2,4} ([^·\n]{1,40}?) · ")
_TOOL_CALL = re.compile(r"^(?:→|->)\s*([\w.:-]+)(?: \((.*?)\))?(?::\s*(.*))?$")
_SHELL_TOOLS = frozenset(("Bash", "bash", "shell", "Shell", "exec_command", "local_shell",
                          "run_command", "terminal", "container.exec"))
_ROLE_PREFIX = re.compile(
    r"^\s*\[?(user|human|assistant|claude|ai|system|tool(?: result| output)?)\]?\s*:\s+",
    re.IGNORECASE,
)
_META_START = re.compile(
    r"^\s*(?:base directory for this skill|caveat:|\[request interrupted|<command-|"
    r"<local-command|<task-notification|<system-reminder|<user-prompt-submit-hook|"
    r"<environment_context|<user_instructions|this session is being continued|"
    r"# agents\.md instructions|\[hook_|\[skill_listing\]|<extremely_important>)",
    re.IGNORECASE,
)
_FENCE = re.compile(r"^\s*(```|~~~)\s*([\w+-]*)")
_JSON_FIELD = re.compile(
    r'"(text|content|summary|thinking|message|description|prompt|result|title|aiTitle|'
    r'lastPrompt|command|stdout|stderr)"\s*:\s*"((?:[^"\\]|\\.){2,})"'
)
_JSON_ROLE = re.compile(r'"(?:role|type)"\s*:\s*"(user|assistant|system|summary)"')
_JSON_COMMAND = re.compile(r'"(?:command|cmd)"\s*:\s*"((?:[^"\\]|\\.)+)"')
_ESC_NEWLINE = re.compile(r"(?:\\+[rnt])+")
_JSON_SYSTEM = re.compile(
    r'"type"\s*:\s*"(?:attachment|progress|system|queue-operation|file-history-snapshot|'
    r'last-prompt|permission-mode|mode|ai-title)"|"isMeta"\s*:\s*true|"attachment"\s*:\s*\{|'
    r'"hookEvent"'
)
_STACK = re.compile(
    r"^\s*(?:at\s+[\w$.<>/\\]+[.(:]|File \"[^\"]+\", line \d+|#\d+\s+0x[0-9a-f]+|"
    r"\^+\s*$|~+\^+~*\s*$|\.\.\. \d+ more|Caused by:|\s*\|\s*$)"
)
_TIMESTAMP_ONLY = re.compile(
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
_LISTING = re.compile(r"^(?:[dlcbps-][rwxsStT-]{9}[@+.]?\s|total \d+$)")
_XML_LINE = re.compile(r"^\s*</?[A-Za-z][\w-]*(?:\s[^>]*)?>")
_LEADING_MARK = re.compile(
    r"^\s*(?:#{1,6}\s+|>\s*|[-*+•●○◦▪➤→←⎿]\s+|\d{1,3}[.)]\s+|\[[ xX]\]\s+|[✓✔✗✘❌✅⚠️]+\s*)+"
)
_SPEAKER = re.compile(
    r"^\s*(?:\[?\d{1,2}:\d{2}(?::\d{2})?\]?\s*)?([A-Z][\w.'-]{0,20}(?: [A-Z][\w.'-]{0,20})?)"
    r"\s*:\s+(?=\S)"
)
_SENT_SPLIT = re.compile(
    r"(?<=[.!?])[\"')\]]?\s+(?=[\"'(\[`*_]*[A-Z0-9\u3400-\u9fff])|(?<=[。！？；])\s*"
)
_WORD = re.compile(
    r"[A-Za-z][A-Za-z0-9_]*(?:[.'-][A-Za-z0-9_]+)*|\d+[A-Za-z][A-Za-z0-9_]*|"
    r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]+"
)
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]")
_LETTERS = re.compile(r"[A-Za-z\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]")

_PATH_SLASH = re.compile(
    r"(?<![\w/.~@:%=-])(?:~/|\.{1,2}/|/)?(?:[A-Za-z0-9_.@+-]+/)+[A-Za-z0-9_.@+-]+"
)
_PATH_BARE = re.compile(
    r"(?<![\w/.@-])[A-Za-z0-9_][A-Za-z0-9_-]*(?:\.[A-Za-z0-9_-]+)*\.(?:" + _FILE_EXTS + r")\b"
    r"(?![\w/-])",
    re.IGNORECASE,
)
_HAS_EXT = re.compile(r"\.(?:" + _FILE_EXTS + r")$", re.IGNORECASE)

_ERROR = re.compile(
    r"(?:(?-i:\b(?:[A-Za-z_][\w]*\.)*[A-Z][A-Za-z0-9]*(?:Error|Exception|Failure|Fault))\b"
    r"(?::[^\n]{0,140})?"
    r"|^\s*(?:FAILED|ERROR)\s+\S[^\n]{0,140}"
    r"|\b(?:error|fatal|panic)(?:\[[\w-]+\])?:\s+[^\n]{3,140}"
    r"|\b(?:exit code|exit status|exited with code|returned non-zero exit status)\s*[1-9]\d*"
    r"|\b[\w./-]+: command not found"
    r"|\bNo such file or directory\b|\bPermission denied\b|\bSegmentation fault\b"
    r"|\bAssertionError\b)",
    re.IGNORECASE | re.MULTILINE,
)
_ERROR_HINTS = ("error", "exception", "fail", "fatal", "panic", "exit", "not found", "no such",
                "denied", "segmentation", "traceback", "fault")

_DECISION = re.compile(
    r"\b(?:decided|decide to|decision|let's|let us|we will|we'll|we're going to|i will use|"
    r"i'll use|i'll go with|going with|go with|switch(?:ed|ing)? to|instead of|instead|"
    r"opt(?:ed|ing)? for|chose|choose to|the plan is|plan:|agreed|settled on|we should use|"
    r"prefer|rather than|will use|approach is)\b"
    r"|决定|改用|换成|采用|选择",
    re.IGNORECASE,
)
_CONCLUSION = re.compile(
    r"\b(?:root cause|the (?:problem|issue|bug|fix) (?:is|was)|fixed|resolved|works now|now "
    r"works|succeeded|successfully|completed|complete|verified|confirmed|in summary|"
    r"summary|conclusion|result(?:s)? (?:is|are|was|were)|turns out|because|verdict|"
    r"found that|key findings?|does not|doesn't|cannot|can't|failed)\b"
    r"|完成|成功|失败|原因|结论|总结|验证|问题",
    re.IGNORECASE,
)
_FILLER = re.compile(
    r"^(?:(?:now |first |next |ok(?:ay)?,? |good,? |great,? |perfect,? )?let me\b|"
    r"(?:now )?i'll (?:check|look|read|run|start|examine|search|wait|see|verify|try|"
    r"investigate|take a look|explore)|let's (?:check|look|see|wait|read)|"
    r"(?:good|great|perfect|excellent|okay|ok|sure|alright|got it|i see|understood)\b[.!,]?$|"
    r"i need to|i should|now i|让我|我来|好的|现在让我|我需要|"
    r"(?:now |next,? )?(?:updating|applying|reading|writing|checking|looking at|running|opening|"
    r"searching|inspecting|examining|re-?running|listing|grepping)\b|final touch\b)",
    re.IGNORECASE,
)
# What got done: a report that opens with a past-tense verb of work, or says tests pass.
_OUTCOME_START = re.compile(
    r"^(?:i |we )?(?:fixed|added|replaced|implemented|migrated|removed|resolved|switched|"
    r"refactored|created|converted|upgraded|renamed|deleted|enabled|disabled|documented|"
    r"rewrote|reverted|merged|shipped|landed|deployed)\b",
    re.IGNORECASE,
)
_OUTCOME_ANY = re.compile(
    r"\b(?:is|are) (?:now )?(?:green|passing|fixed|resolved|working)\b"
    r"|\ball (?:\d+ )?(?:tests?|checks) (?:now )?pass|\bnow (?:passes|pass|works|succeeds|builds)\b"
    r"|\bpassed \d+ (?:runs|times|tests)\b|\btests? (?:cover|pass(?:es)?)\b"
    r"|\b(?:has|have) been (?:successfully )?[a-z]+ed\b|\bsuccessfully\b",
    re.IGNORECASE,
)
_OUTCOME_HINTS = ("pass", "green", "fixed", "resolved", "working", "works", "succeeds",
                  "builds", "cover", "been", "success")

# A plan announced before doing it ("I'll reproduce it first …"): the doing matters more.
_PLAN = re.compile(r"^(?:(?:first|next|then|now),? )?(?:i'll|i will|i'm going to|i am going to|"
                   r"we'll|let me|i plan to|my plan is)\b", re.IGNORECASE)
_OPEN_CUE = re.compile(
    r"\b(?:TODO|FIXME|TBD|XXX)\b|(?i:\bnot sure\b|\bunclear\b|\bopen questions?\b|"
    r"\bstill need to\b|\bneeds? (?:to be )?(?:decided|investigated|confirmed)\b|"
    r"\bto be determined\b|\bremains? (?:open|unresolved|unknown)\b)|待定|不确定|未解决"
)
_DEFER = re.compile(
    r"\b(?:keep (?:that|this|it) open|leave (?:that|this|it) open|revisit|(?:remains?|still) "
    r"open|open question|take (?:that|this|it) to|park (?:that|this|it)|follow up on|"
    r"not (?:decide|decided) (?:it |that )?(?:here|yet|today))\b|待定|再议",
    re.IGNORECASE,
)
_QUESTION_END = re.compile(r"[?？]\s*[)\"'`*]*\s*$")
# Machine output that reads as words but claims nothing: log records, source code, diffs, SQL.
_LOG_LINE = re.compile(
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
_LOG_LEVELS = _words("trace debug info notice warn warning warnings error errors fatal critical "
                     "severe verbose")
_CODE_LINE = re.compile(
    r"^(?:def \w+\(|async def |class \w+\s*[(:{<]|import [\w.]+(?: as \w+)?$|"
    r"from [\w.]+ import |return(?:\s+\S+)?;?$|return .*[;)\]}]$|raise \w|yield\b|elif |"
    r"else\s*:|try\s*:|finally\s*:|"
    r"except\b.*:$|with .+:$|if .+:$|for .+ in .+:$|while .+:$|"
    r"(?:const|let|var) \w+\s*=|function\b.*[({]|(?:public|private|protected|static|final) \w|"
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
# A polite request ("Can you fix it?") is a task, not a question left open.
_REQUEST_Q = re.compile(
    r"^(?:and |so |also |then |ok(?:ay)?,? |now,? )?(?:can|could|would|will) (?:you|u)\b"
    r"(?! (?:tell|explain|confirm|clarify|check whether|let me know|say)\b)",
    re.IGNORECASE,
)
_WS = re.compile(r"\s+")
_DIGITS = re.compile(r"\d+")
_ANSI_ANY = re.compile(r"(?:\x1b|\\u001b|\\x1b|\\033|\\e)\[[0-9;]*[A-Za-z]")
_ANSI = re.compile(r"(?:\x1b)?\[\d{1,3}(?:;\d{1,3})*m")
_EMPH = re.compile(r"\*\*|__|(?<!\w)\*(?=\S)|(?<=\S)\*(?!\w)")
_TRAILER = re.compile(r"^(Files|Errors|Commands):\s*(.*)$")


# --------------------------------------------------------------------------------------------
# Data
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Entities:
    """Engineering entities of a text; each list deduplicated, in order of appearance."""

    files: list[str] = field(default_factory=list)
    commands: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    decisions: list[str] = field(default_factory=list)
    open_questions: list[str] = field(default_factory=list)


@dataclass(slots=True)
class _Unit:
    """One sentence (or sentence-sized piece) of the text, with its character span."""

    start: int
    end: int
    text: str
    role: str
    msg: int
    order: int
    noise: float
    terms: list[str]
    meta: bool = False
    score: float = 0.0


@dataclass(slots=True)
class _Parsed:
    units: list[_Unit]
    files: dict[str, float]  # path -> mentions, weighted by the role that mentioned it
    file_order: list[str]
    commands: list[str]
    errors: list[str]
    messages: int
    roles_seen: set[str]


class _Ordered:
    """An insertion-ordered set of strings with a size cap (deterministic dedupe)."""

    __slots__ = ("_keys", "cap", "items")

    def __init__(self, cap: int = _MAX_ENTITIES) -> None:
        self.items: list[str] = []
        self._keys: set[str] = set()
        self.cap = cap

    def add(self, item: str) -> None:
        item = item.strip()
        key = item.lower()
        if not item or key in self._keys or len(self.items) >= self.cap:
            return
        self._keys.add(key)
        self.items.append(item)


# --------------------------------------------------------------------------------------------
# Small text helpers
# --------------------------------------------------------------------------------------------


def _terms(text: str) -> list[str]:
    """Content terms: lower-cased words without stopwords, CJK runs as character bigrams.
    A file path counts by its last component only (so home directories don't dominate)."""
    out: list[str] = []
    text = _depath(text)
    for m in _WORD.finditer(text):
        w = m.group(0)
        if _CJK.match(w):
            if len(w) == 1:
                if w not in _CJK_STOP:
                    out.append(w)
                continue
            for i in range(len(w) - 1):
                bg = w[i : i + 2]
                if (bg[0] in _CJK_STOP and bg[1] in _CJK_STOP) or bg in _CJK_STOP_BIGRAMS:
                    continue
                out.append(bg)
            continue
        lw = w.lower().strip("'")
        if len(lw) < 3 or lw in _STOPWORDS or lw.isdigit():
            continue
        out.append(lw)
    return out


def _depath(text: str) -> str:
    """Replace each file path by its last component."""
    if "/" not in text:
        return text
    return _PATH_SLASH.sub(lambda m: " " + m.group(0).rstrip("/").rsplit("/", 1)[-1], text)


def _clean(text: str) -> str:
    """Display form of a sentence: terminal colours and markdown markers dropped, whitespace
    collapsed."""
    if "[" in text:
        text = _ANSI_ANY.sub("", text)
    text = _LEADING_MARK.sub("", text)
    text = _EMPH.sub("", text)
    text = _WS.sub(" ", text).strip()
    return text


def _shorten(text: str, limit: int) -> str:
    if len(text) <= limit:
        return text
    cut = text[: limit - 1]
    space = cut.rfind(" ")
    if space > limit * 0.6:
        cut = cut[:space]
    return cut.rstrip(" ,;:-") + "…"


def _sentence(text: str) -> str:
    """Make a clean fragment read as a sentence in running prose."""
    text = text.strip()
    if text and text[-1].isalnum():
        text += "." if not _CJK.match(text[-1]) else "。"
    return text


def _unescape(raw: str) -> str:
    try:
        value = json.loads('"' + raw + '"')
    except ValueError:
        return raw.replace('\\"', '"').replace("\\\\", "\\")
    return value if isinstance(value, str) else raw


def _role_of(label: str, default: str = "text") -> str:
    """Normalise a rendered speaker label (``assistant thinking``, ``tool``, ``attachment`` …)."""
    w = label.lower().replace("_", " ").replace("-", " ")
    first = w.split()[0] if w.split() else ""
    if "think" in w or "reason" in w:
        return "thinking"
    if first in ("user", "human"):
        return "user"
    if first in ("assistant", "claude", "codex", "gemini", "model", "ai"):
        return "assistant" if not any(k in w for k in ("tool", "result", "output")) else "tool"
    if any(k in w for k in ("tool", "function", "result", "output", "bash", "command")):
        return "tool"
    if first in ("system", "developer", "attachment", "hook", "meta"):
        return "system"
    if "summary" in w:
        return "text"
    return default


def _letter_ratio(text: str) -> float:
    if not text:
        return 0.0
    stripped = text.replace(" ", "")
    if not stripped:
        return 0.0
    return len(_LETTERS.findall(stripped)) / len(stripped)


def _overlap(a: Iterable[str], b: Iterable[str]) -> float:
    sa, sb = set(a), set(b)
    if not sa or not sb:
        return 0.0
    return len(sa & sb) / min(len(sa), len(sb))


# --------------------------------------------------------------------------------------------
# Parsing
# --------------------------------------------------------------------------------------------


def _split_sentences(text: str, start: int) -> list[tuple[int, int]]:
    """Character spans of the sentences of ``text`` (which begins at ``start``)."""
    spans: list[tuple[int, int]] = []
    pos = 0
    for m in _SENT_SPLIT.finditer(text):
        if m.end() <= pos:
            continue
        spans.append((pos, m.start() if m.start() > pos else m.end()))
        pos = m.end()
    spans.append((pos, len(text)))
    out: list[tuple[int, int]] = []
    for s, e in spans:
        while e - s > _MAX_UNIT_CHARS:
            cut = text.rfind(" ", s + _MAX_UNIT_CHARS // 2, s + _MAX_UNIT_CHARS)
            if cut <= s:
                cut = s + _MAX_UNIT_CHARS
            out.append((s, cut))
            s = cut
        out.append((s, e))
    result: list[tuple[int, int]] = []
    for s, e in out:
        while s < e and text[s].isspace():
            s += 1
        while e > s and text[e - 1].isspace():
            e -= 1
        if e > s:
            result.append((start + s, start + e))
    return result


def _scan_line_entities(line: str, parsed: _Parsed, commands: _Ordered, errors: _Ordered,
                        in_shell_fence: bool, weight: float) -> None:
    """File paths, commands and errors found on one raw line. Log records name loggers, not
    files; source code names exception classes, not errors that happened."""
    if "[" in line:
        line = _ANSI.sub("", line)
    stripped = line.strip()
    log = bool(stripped) and _LOG_LINE.match(stripped) is not None
    if log:
        weight *= 0.1
    if "/" in line:
        for m in _PATH_SLASH.finditer(line):
            p = m.group(0).rstrip(".-")
            if "://" in line[max(0, m.start() - 8) : m.start() + 3]:
                continue
            rooted = p.startswith(("/", "~/", "./", "../"))
            if not (_HAS_EXT.search(p) or (rooted and p.count("/") >= 2)):
                continue
            if len(p) < 4 or len(p) > 200 or p.startswith(("/dev/", "/proc/")):
                continue
            _note_file(parsed, p, weight)
    if "." in line and not log and not _is_code_line(stripped):
        for m in _PATH_BARE.finditer(line):
            name = m.group(0)
            if any(name == f.rsplit("/", 1)[-1] for f in parsed.file_order[-8:]):
                key = _file_key(parsed, name)
                parsed.files[key] = parsed.files.get(key, 0.0) + weight
                continue
            if name[0].isdigit() and name.replace(".", "").isdigit():
                continue
            _note_file(parsed, name, weight)
    if '"command"' in line or '"cmd"' in line:
        for m in _JSON_COMMAND.finditer(line):
            cmd = _unescape(m.group(1)).strip().splitlines()
            if cmd:
                commands.add(_shorten(cmd[0].strip(), 160))
    if stripped.startswith("$ ") and len(stripped) > 3:
        commands.add(_shorten(stripped[2:].strip(), 160))
    elif in_shell_fence and stripped and not stripped.startswith("#"):
        first = stripped.split()[0]
        if first in _COMMAND_WORDS or first.startswith("./"):
            commands.add(_shorten(stripped, 160))
    if "`" in line:
        for m in re.finditer(r"`([^`\n]{2,160})`", line):
            inner = m.group(1).strip()
            first = inner.split()[0] if inner.split() else ""
            if (first in _COMMAND_WORDS or first.startswith("./")) and (
                " " in inner or first in ("pytest", "make", "ls")
            ):
                commands.add(inner)
    low = line.lower()
    if any(k in low for k in _ERROR_HINTS) and not _is_code_line(stripped):
        for m in _ERROR.finditer(line):
            err = m.group(0).strip()
            if "\\" in err or '",' in err:  # cut at the end of a JSON string value
                err = re.split(r'\\+[nrt]|",', err, maxsplit=1)[0].strip()
            err = _SENT_SPLIT.split(err, maxsplit=1)[0]  # one sentence is enough
            err = err.split("`", 1)[0].rstrip(" .,;:")  # quoted in prose: up to the quote
            while err.endswith(")") and err.count(")") > err.count("("):
                err = err[:-1].rstrip(" .,;:")
            if err:
                errors.add(_shorten(_WS.sub(" ", err), 160))


_NUMBERED_CODE = re.compile(r"^\d{1,6} (?=\S+.*[;{}()]\s*$)")


def _is_code_line(stripped: str) -> bool:
    """A line of source code (possibly from a line-numbered file dump)."""
    m = _LINE_NUMBERED.match(stripped) or _NUMBERED_CODE.match(stripped)
    if m:
        stripped = stripped[m.end():].strip()
    elif stripped[:1] in "+-" and stripped[1:2] in (" ", "\t"):  # a line of a diff
        stripped = stripped[1:].strip()
    return bool(stripped) and (_CODE_LINE.match(stripped) is not None or m is not None)


def _file_key(parsed: _Parsed, name: str) -> str:
    for f in reversed(parsed.file_order[-8:]):
        if f.rsplit("/", 1)[-1] == name:
            return f
    return name


def _note_file(parsed: _Parsed, path: str, weight: float) -> None:
    if path not in parsed.files:
        if len(parsed.file_order) >= _MAX_ENTITIES * 4:
            return
        parsed.file_order.append(path)
    parsed.files[path] = parsed.files.get(path, 0.0) + weight


def _parse(text: str) -> _Parsed:
    """Cut ``text`` into scored-to-be units and collect line-level entities."""
    parsed = _Parsed([], {}, [], [], [], 0, set())
    commands = _Ordered()
    errors = _Ordered()
    units = parsed.units
    role = "text"
    msg = 0
    msg_lines = 0  # content lines seen in the current message
    meta = False
    in_code = False
    shell_fence = False
    pos = 0
    n = len(text)
    while pos < n:
        nl = text.find("\n", pos)
        if nl < 0:
            nl = n
        line = text[pos:nl]
        line_start = pos
        pos = nl + 1
        stripped = line.strip()
        if not stripped:
            if role == "text" and msg_lines:
                msg += 1  # paragraphs of plain text count as turns
                msg_lines = 0
            continue
        label = _message_label(stripped) if stripped[0] == "#" and not in_code else None
        if label is not None:
            if msg == 0 and units:
                # The text began inside a message whose header (and speaker) we never saw.
                for u in units:
                    if u.role == "text":
                        u.role = "continuation"
            role = _role_of(label)
            parsed.roles_seen.add(role)
            msg += 1
            msg_lines = 0
            meta = False
            continue
        fence = _FENCE.match(line)
        if fence:
            in_code = not in_code
            shell_fence = in_code and fence.group(2).lower() in (
                "bash", "sh", "shell", "console", "zsh", "terminal", "powershell", "cmd",
            )
            continue
        is_json = stripped[0] in "{[" and '":' in stripped
        if not meta and not (is_json and _JSON_SYSTEM.search(line[:2000])):
            # Hook output and injected skill text name files nobody worked on: skip them.
            _scan_line_entities(line, parsed, commands, errors, shell_fence,
                                _ROLE_WEIGHT.get(role, 1.0))
        if not in_code and stripped[0] in "→-[":
            call = _TOOL_CALL.match(stripped) if stripped[0] != "[" else None
            if call:
                # A rendered tool call: the call and its body belong to the tool, not prose.
                role = "tool"
                if call.group(1) in _SHELL_TOOLS and call.group(3):
                    cmd = re.sub(r"\s{2}\[[^\]]*\]$", "", call.group(3)).strip()
                    if cmd:
                        commands.add(_shorten(cmd, 160))
            elif stripped == "[thinking]":
                role = "thinking"
                continue
        prefix = None if in_code else _ROLE_PREFIX.match(line)
        if prefix:
            role = _role_of(prefix.group(1))
            parsed.roles_seen.add(role)
            msg += 1
            msg_lines = 0
            meta = False
        if msg_lines == 0 and role in ("user", "text") and _META_START.match(stripped):
            meta = True
        msg_lines += 1
        if in_code:
            _add_units(units, text, line_start, line_start + len(line), role, msg, 0.15, meta)
            continue
        if is_json:
            msg += 1  # one JSON record, one message
            _parse_json_line(units, text, line, line_start, role, msg, parsed)
            continue
        noise = _line_noise(stripped)
        if noise <= 0.0:
            continue
        body_start = line_start + (prefix.end() if prefix else 0)
        speaker = _SPEAKER.match(line, body_start - line_start) if not prefix else None
        if speaker and role == "text" and len(speaker.group(1)) < 30:
            body_start = line_start + speaker.end()
            if msg_lines > 1:
                msg += 1  # a new speaker turn
                msg_lines = 1
        _add_units(units, text, body_start, line_start + len(line), role, msg, noise, meta)
    parsed.commands = commands.items
    parsed.errors = errors.items
    parsed.messages = msg
    return parsed


def _message_label(stripped: str) -> str | None:
    """The speaker label of a rendered message header (``### user · agent 1a2b · <time>``),
    or None for an ordinary markdown heading."""
    m = _MESSAGE_HEADER.match(stripped)
    if m:
        return m.group(1)
    m = _ROLE_HEADER.match(stripped)
    return m.group(1) if m else None


def _line_noise(stripped: str) -> float:
    """Multiplier in [0, 1] for how much a line looks like prose (0 = skip entirely)."""
    if _TIMESTAMP_ONLY.match(stripped) or _TABLE_SEP.match(stripped):
        return 0.0
    if _STACK.match(stripped) or _LOG_LINE.match(stripped):
        return 0.05
    noise = 1.0
    if _CODE_LINE.match(stripped) or _DIFF_LINE.match(stripped):
        noise *= 0.1
    elif _SQL.search(stripped):
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


def _add_units(units: list[_Unit], text: str, start: int, end: int, role: str, msg: int,
               noise: float, meta: bool, display: str | None = None) -> None:
    """Sentences of ``text[start:end]`` as units. ``display`` is the unescaped form of a JSON
    string whose raw (escaped) span is ``[start, end)``."""
    segment = text[start:end] if display is None else display
    for s, e in _split_sentences(segment, 0):
        shown = _clean(segment[s:e])
        if not shown:
            continue
        if display is None:
            rs, re_ = start + s, start + e
        else:
            rs, re_ = _raw_span(start, end, len(display), s, e)
        units.append(_Unit(rs, re_, shown, role, msg, len(units), noise, _terms(shown), meta))


def _raw_span(start: int, end: int, display_len: int, s: int, e: int) -> tuple[int, int]:
    """Map display offsets of an unescaped JSON string back onto its raw (escaped) span.

    The mapping is proportional and clamped, so the anchor always lies inside the very JSON
    string the sentence was read from."""
    size = end - start
    display_len = max(1, display_len)
    rs = start + min(size - 1, s * size // display_len)
    re_ = start + max(1, min(size, -(-e * size // display_len)))
    return rs, max(rs + 1, re_)


def _parse_json_line(units: list[_Unit], text: str, line: str, line_start: int, role: str,
                     msg: int, parsed: _Parsed) -> None:
    """Prose fields of a JSON object line become units addressed by their escaped span."""
    jr = _JSON_ROLE.search(line)
    line_role = role
    if jr:
        line_role = {"summary": "text"}.get(jr.group(1), jr.group(1))
        parsed.roles_seen.add(line_role)
    meta = '"isMeta":true' in line or '"isMeta": true' in line
    if '"tool_result"' in line or '"toolUseResult"' in line or '"tool_use_id"' in line:
        line_role = "tool"
    elif _JSON_SYSTEM.search(line[:2000]) and not (jr and jr.group(1) == "assistant"):
        line_role = "system"
        meta = True
    for m in _JSON_FIELD.finditer(line):
        key = m.group(1)
        if key in ("command",):
            continue
        field_role = "thinking" if key == "thinking" else line_role
        raw_start = line_start + m.start(2)
        raw = m.group(2)
        if not meta and _META_START.match(_unescape(raw[:80])):
            meta = True  # injected skill text, command wrappers, hook context
        # Escaped newlines separate lines inside the string; each piece is its own segment.
        piece_start = 0
        for sep in [*_ESC_NEWLINE.finditer(raw), None]:
            piece_end = sep.start() if sep else len(raw)
            if piece_end - piece_start > 1:
                seg_raw = raw[piece_start:piece_end]
                shown = _unescape(seg_raw)
                noise = _line_noise(shown.strip()) if shown.strip() else 0.0
                if noise > 0.0:
                    s = raw_start + piece_start
                    e = raw_start + piece_end
                    _add_units(units, text, s, e, field_role, msg, noise, meta, display=shown)
            if sep:
                piece_start = sep.end()


# --------------------------------------------------------------------------------------------
# Scoring
# --------------------------------------------------------------------------------------------


def _shape(text: str) -> str:
    """A sentence with its numbers blanked: templated lines (progress, polling) share one."""
    return _DIGITS.sub("#", text.lower())


def _centroid(units: Sequence[_Unit]) -> tuple[dict[str, float], dict[str, float]]:
    """Inverse document frequencies and the top-weighted centroid terms."""
    df: Counter[str] = Counter()
    for u in units:
        df.update(set(u.terms))
    total = len(units)
    idf = {t: math.log((total + 1) / (c + 0.5)) + 0.1 for t, c in df.items()}
    mass: dict[str, float] = {}
    seen: set[str] = set()
    for u in units:
        if not u.terms:
            continue
        key = _shape(u.text)
        if key in seen:
            continue
        seen.add(key)
        w = u.noise * _ROLE_WEIGHT.get(u.role, 1.0) * (0.3 if u.meta else 1.0)
        for t in u.terms:
            mass[t] = mass.get(t, 0.0) + w * idf[t]
    top = sorted(mass.items(), key=lambda kv: (-kv[1], kv[0]))[:_CENTROID_TERMS]
    return idf, dict(top)


def _cosine(terms: Sequence[str], idf: dict[str, float], centroid: dict[str, float],
            centroid_norm: float) -> float:
    if not terms or centroid_norm <= 0:
        return 0.0
    tf = Counter(terms)
    dot = 0.0
    norm = 0.0
    for t, c in tf.items():
        w = c * idf.get(t, 1.0)
        norm += w * w
        cw = centroid.get(t)
        if cw:
            dot += w * cw
    if norm <= 0:
        return 0.0
    return dot / (math.sqrt(norm) * centroid_norm)


def _score_units(units: list[_Unit], question: str | None, n_messages: int) -> None:
    if not units:
        return
    idf, centroid = _centroid(units)
    cnorm = math.sqrt(sum(v * v for v in centroid.values()))
    q_terms = set(_terms(question)) if question else set()
    first_user_msg = next((u.msg for u in units if u.role == "user" and not u.meta
                           and len(u.terms) >= 2), -1)
    opening = [u.order for u in units if u.msg == first_user_msg and u.role == "user"][:2]
    # The first sentence of every later request: where a new task starts.
    request_starts: set[int] = set()
    prev_msg = -1
    for u in units:
        if u.msg != prev_msg and u.role == "user" and not u.meta and u.msg != first_user_msg:
            request_starts.add(u.order)
        prev_msg = u.msg
    repeats = Counter(_shape(u.text) for u in units)
    last_assistant_msg = max((u.msg for u in units if u.role == "assistant"), default=-1)
    total = len(units)
    # First the cheap part (centroid cosine, noise, role, length) for every unit; the cue
    # regexes only run where they could lift a unit into contention.
    pre: list[float] = []
    for u in units:
        base = _cosine(u.terms, idf, centroid, cnorm)
        nterms = len(u.terms)
        words = max(nterms, len(u.text.split()))
        length = 1.0
        if nterms < 2 or len(u.text) < 15:
            length = 0.25
        elif words < 5:
            length = 0.6
        elif words > 55:
            length = 0.75
        role_w = _ROLE_WEIGHT.get(u.role, 1.0) * (0.25 if u.meta else 1.0)
        # A small floor keeps ordering sensible when nothing overlaps the centroid.
        pre.append((base + 0.02) * u.noise * role_w * length)
    cutoff = max(pre) * 0.01
    for u, p in zip(units, pre, strict=True):
        if p < cutoff and not q_terms:
            u.score = p
            continue
        bonus = 1.0
        if _DECISION.search(u.text):
            bonus += 0.35
        if _CONCLUSION.search(u.text):
            bonus += 0.3
        if _ERROR.search(u.text):
            bonus += 0.25
        if _is_outcome(u.text):
            bonus += 0.5
        elif _PLAN.match(u.text) and not _DECISION.search(u.text):
            bonus *= 0.7
        if u.role == "user" and u.msg == first_user_msg:
            bonus += 0.8 if u.order in opening else 0.15
        elif u.order in request_starts:
            bonus += 0.4
        if u.role == "assistant" and u.msg == last_assistant_msg and n_messages > 1:
            bonus += 0.3
        rel = u.order / max(1, total - 1)
        if rel < 0.08 or rel > 0.92:
            bonus += 0.15
        if q_terms:
            hit = len(q_terms & set(u.terms)) / len(q_terms)
            bonus += 3.0 * hit
        if _FILLER.match(u.text):
            bonus *= 0.35
        if _QUESTION_END.search(u.text) and u.role == "assistant":
            bonus *= 0.6
        # Repeated lines (progress output, polling) are noise however central they look.
        repeat = repeats[_shape(u.text)]
        if repeat > 1:
            bonus /= 1.0 + math.log(repeat)
        u.score = p * bonus


# --------------------------------------------------------------------------------------------
# Entities, questions, topics
# --------------------------------------------------------------------------------------------


def _is_outcome(text: str) -> bool:
    """Whether a sentence reports what got done ("Fixed …", "CI is green again …")."""
    if _OUTCOME_START.match(text):
        return True
    low = text.lower()
    return any(h in low for h in _OUTCOME_HINTS) and _OUTCOME_ANY.search(text) is not None


def _is_prose(u: _Unit) -> bool:
    return u.noise >= 0.5 and not u.meta and u.role not in ("tool", "system")


_CODE_PUNCT = re.compile(r"[(){}\[\];=<>&*|]")
_CODE_SPAN = re.compile(r"`[^`]*`")
_TOOL_LINE = re.compile(
    r"^(?:[A-Z]\w+ \([^)]{1,120}\):\s|(?:Bash|Read|Edit|MultiEdit|Write|Grep|Glob|LS|Task|"
    r"TodoWrite|WebFetch|WebSearch|NotebookEdit|Agent|Skill):\s)"
)


def _is_machine_text(text: str) -> bool:
    """A sentence that is log output, code, SQL, a rendered tool call or a JSON fragment,
    whoever quoted it."""
    stripped = text.strip()
    if (not stripped or _LOG_LINE.match(stripped) or _SQL.search(stripped)
            or _is_code_line(stripped) or _STACK.match(stripped) or _TOOL_LINE.match(stripped)
            or (stripped[0] in "{[" and '":' in stripped)
            or _letter_ratio(stripped[:300]) < 0.5):
        return True
    bare = _CODE_SPAN.sub("", stripped[:300]) if "`" in stripped else stripped[:300]
    return len(bare) >= 12 and len(_CODE_PUNCT.findall(bare)) > 0.08 * len(bare)


def _voiced(u: _Unit) -> bool:
    """Said by a person or the agent (or plain document text): the only units that may give
    a headline or an open question. Tool output, injected context, the agent's private
    reasoning and text of unknown speaker (a leaf that starts inside a message) never do."""
    return (u.noise >= 0.5 and not u.meta and u.role in ("user", "assistant", "text")
            and not _is_machine_text(u.text))


_AGENT_ROLES = frozenset(("assistant", "tool", "thinking"))


def _open_questions(units: Sequence[_Unit]) -> list[str]:
    """Questions nobody answered later in the text, and explicit TODO / not-sure notes, all
    from what the user or the agent said (never tool output, code or SQL placeholders).

    A user's question is answered once the agent replies in a later message; a polite request
    ("Can you fix it?") is a task, not a question. An agent's question stays open only when
    the agent handed the turn over after it (a question followed by its own tool call is
    rhetorical) and the user's later messages do not take it up."""
    found: list[tuple[int, str]] = []
    seen: set[str] = set()
    n = len(units)
    # The role of the first unit of the next message after each unit's message.
    next_role: list[str | None] = [None] * n
    following: str | None = None
    for i in range(n - 1, -1, -1):
        next_role[i] = following
        if i == 0 or units[i - 1].msg != units[i].msg:
            following = units[i].role
    for i, u in enumerate(units):
        if not _voiced(u):
            continue
        text = u.text
        candidate = False
        if _QUESTION_END.search(text) and len(u.terms) >= 2:
            if u.role == "user":
                candidate = (not _REQUEST_Q.match(text)
                             and not _answered(units, i, ("assistant",), any_reply=True))
            elif u.role == "assistant":
                candidate = (next_role[i] not in _AGENT_ROLES
                             and not _user_took_up(units, i))
            else:
                candidate = not _answered(units, i, ("text", "assistant", "user"))
        elif _OPEN_CUE.search(text) and len(u.terms) >= 2:
            candidate = True
        if _DEFER.search(text):
            # "let's keep that open": the latest question before it stays open.
            for k in range(i - 1, max(-1, i - 8), -1):
                prev = units[k]
                if (_QUESTION_END.search(prev.text) and len(prev.terms) >= 2
                        and _voiced(prev)):
                    shown_prev = _shorten(prev.text, 200)
                    if shown_prev.lower() not in seen:
                        seen.add(shown_prev.lower())
                        found.append((k, shown_prev))
                    break
        if candidate:
            shown = _shorten(text, 200)
            key = shown.lower()
            if key not in seen:
                seen.add(key)
                found.append((i, shown))
    found.sort(key=lambda item: item[0])
    return [q for _, q in found]


_YES_NO = re.compile(
    r"^(?:yes|yeah|yep|no|nope|nah|sure|ok(?:ay)?|agreed|correct|right|exactly|please do|"
    r"go ahead|do it|sounds good|let's do|don't|do not|not now|later|skip)\b"
    r"|^(?:好|可以|是的|不用|不要|行)",
    re.IGNORECASE,
)


def _user_took_up(units: Sequence[_Unit], i: int) -> bool:
    """Whether the user answered the agent's question ``units[i]``: the user's next message is
    a yes/no ("yes, go ahead"), a few words, or shares a term with it; or a later one shares
    several."""
    q = units[i]
    qterms = set(q.terms)
    first_msg = -1
    first_words = 0
    first_shared = False
    first_yes_no = False
    for j in range(i + 1, min(len(units), i + 400)):
        u = units[j]
        if u.role != "user" or u.meta or u.msg == q.msg:
            continue
        shared = len(qterms & set(u.terms))
        if first_msg < 0 or u.msg == first_msg:
            if first_msg < 0:
                first_yes_no = _YES_NO.match(u.text) is not None
            first_msg = u.msg
            first_words += len(u.text.split())
            first_shared = first_shared or shared >= 1
            continue
        if shared >= max(2, len(qterms) // 2):
            return True
    return first_msg >= 0 and (first_shared or first_words <= 4 or first_yes_no)


def _answered(units: Sequence[_Unit], i: int, roles: tuple[str, ...],
              any_reply: bool = False) -> bool:
    """Whether a later unit of one of ``roles`` (in a later message) picks up the question:
    with ``any_reply`` the first reply does; otherwise a reply that shares terms with it, or
    three replies of any kind."""
    q = units[i]
    qterms = set(q.terms)
    limit = min(len(units), i + 400)
    replies = 0
    for j in range(i + 1, limit):
        u = units[j]
        if u.msg == q.msg or u.role not in roles or u.noise < 0.3 or u.meta:
            continue
        if any_reply:
            if u.noise >= 0.5:
                return True
            continue
        replies += 1
        if len(qterms & set(u.terms)) >= max(1, len(qterms) // 3):
            return True
        if replies > 40:
            break
    # Any substantive reply in a later message counts as an answer in conversations.
    return not any_reply and replies >= 3


def _decisions(units: Sequence[_Unit]) -> list[str]:
    out = _Ordered()
    for u in units:
        if _is_prose(u) and len(u.terms) >= 3 and _DECISION.search(u.text) and not (
            _QUESTION_END.search(u.text)
        ):
            out.add(_shorten(u.text, 200))
    return out.items


def _topics(units: Sequence[_Unit], files: dict[str, float], errors: Sequence[str],
            limit: int = _MAX_TOPICS) -> list[str]:
    """Short keyphrases: runs of 1-3 content words scored by weighted frequency and IDF.
    Prose (user, assistant, plain text) is read first; tool output only if that gives fewer
    than three."""
    topics = _topics_from(units, files, errors, limit, min_weight=0.3)
    if len(topics) < 3:
        topics = _topics_from(units, files, errors, limit, min_weight=0.05)
    return topics


# Words that never make a topic on their own: generic verbs and nouns of work narration,
# hedges, numbers in words, dates, log levels.
_TOPIC_STOP = _words(
    """
    add added adding adds address addressed apply applied applies applying build builds built
    change changed changes changing confirm confirmed cover covered covers create created
    creates decide decided describe described did fail failed fails figure find finding finds
    found fix fixed fixes fixing follow followed handle handled handles happen happened happens
    implement implemented keep keeps kept leave left looks looked mean means move moved
    note noted noting pass passed passes plan planned plans read reads remove removed
    replace replaced return returns returned runs ran seem seemed show shows showed shown
    start started stop stopped suggest suggested think thought touch touched touches update
    updated updates write writes wrote wired work worked works called calling wait waiting
    issue issues problem problems stuff part bit lot end case cases point step steps error
    errors failure failures detail details info data value values item items line lines file
    files code test tests version new old big small bad final last next maybe probably likely
    locally quickly really currently again later earlier today morning yesterday tomorrow
    tonight week weeks day days hour hours minute minutes seconds ten one two three four five
    six seven eight nine handful couple several whole simple clear able only fine better best
    correct correctly wrong instead already done finished complete completed successfully
    expected actual looks thanks sorry question questions answer answers idea ideas reason
    january february march april june july august september october november december jan feb
    mar apr jun jul aug sep sept oct nov dec monday tuesday wednesday thursday friday saturday
    sunday am pm utc updating reading applying writing checking running looking trying adding
    fixing removing making using getting starting waiting bash path
    """
) | _LOG_LEVELS
# Nouns among them may still head a phrase ("legacy plan", "flaky webhook test", "config
# file"); the rest (verbs, adverbs, numbers, dates, log levels) end a phrase.
_PHRASE_NOUNS = _words(
    """
    build builds change changes fix fixes plan plans update updates work note issue issues
    problem problems part case cases point step steps error errors failure failures detail
    details data value values item items line lines file files code test tests version
    question questions answer answers idea ideas reason path
    """
)
_PHRASE_BREAK = _TOPIC_STOP - _PHRASE_NOUNS
_HEX_ID = re.compile(r"^(?=[a-f]*\d)[0-9a-f]{7,}$|^[0-9a-f]{8}-[0-9a-f]{4}-")
_BACKTICKED = re.compile(r"`([^`\s][^`\n]{1,38}?)`")
_IDENTIFIER = re.compile(r"^[-@<>=~./\w]{2,40}$")


def _topic_word_ok(lw: str) -> bool:
    """A lower-cased word that may stand alone as a topic."""
    if lw in _TOPIC_STOP or _HEX_ID.match(lw) or lw[:1].isdigit():
        return False
    # Adverbs and past tenses ("locally", "bumped") are not topics.
    return not (lw.isalpha() and len(lw) > 4 and lw.endswith(("ly", "ed")))


def _identifier_like(surface: str) -> bool:
    """``due_on``, ``redis.asyncio``, ``TTLCache``, ``--since``, ``SQLite``: names, not words."""
    if surface.isalpha() and surface.islower():
        return False
    core = surface.strip("-")
    return bool(core) and (
        "_" in core or "." in core or any(c.isdigit() for c in core)
        or surface.startswith("-") or any(c.isupper() for c in core[1:])
    )


def _topics_from(units: Sequence[_Unit], files: dict[str, float], errors: Sequence[str],
                 limit: int, min_weight: float) -> list[str]:
    if not units:
        return []
    df: Counter[str] = Counter()
    for u in units:
        df.update(set(u.terms))
    total = len(units)
    phrase_score: dict[str, float] = {}
    phrase_count: Counter[str] = Counter()
    surface: dict[str, str] = {}
    first_seen: dict[str, int] = {}

    def note(key: str, shown: str, score: float, order: int, count: int = 1) -> None:
        phrase_score[key] = phrase_score.get(key, 0.0) + score
        phrase_count[key] += count
        if key not in surface:
            surface[key] = shown
            first_seen[key] = order

    for u in units:
        w = u.noise * _ROLE_WEIGHT.get(u.role, 1.0) * (0.3 if u.meta else 1.0)
        if w < min_weight:
            continue
        for phrase_words, shown in _phrases(u.text):
            if len(phrase_words) == 1 and not _topic_word_ok(phrase_words[0]):
                continue
            key = " ".join(phrase_words)
            idf = sum(math.log((total + 1) / (df.get(t, 0) + 0.5)) + 0.1
                      for t in phrase_words) / len(phrase_words)
            boost = 1.0 + 0.35 * (len(phrase_words) - 1)
            if len(phrase_words) == 1 and _identifier_like(shown):
                boost *= 1.6
            note(key, shown, w * idf * boost, u.order)
        if "`" in u.text and w >= 0.3:
            # A name the user or the agent quoted (`due_on`, `--since`): an identifier topic.
            for m in _BACKTICKED.finditer(u.text):
                name = m.group(1).strip().rstrip(".,:;")
                if (not _IDENTIFIER.match(name) or "/" in name.strip("/")
                        or not _topic_word_ok(name.lower().strip("-."))):
                    continue
                note(name.lower(), name, w * 2.5, u.order)
    for path, count in files.items():
        name = path.rstrip("/").rsplit("/", 1)[-1]
        if not name or not _HAS_EXT.search(name) or count < 0.9:
            continue
        note(name.lower(), name, 0.8 * min(count, 4.0), 10**9, max(1, math.ceil(count)))
    for err in errors[:3]:
        em = re.match(r"(?:[\w]+\.)*([A-Z]\w*(?:Error|Exception))", err)
        if em:
            note(em.group(1).lower(), em.group(1), 2.0, 10**9, 2)
    tiny = total < 6
    ranked = sorted(
        phrase_score,
        key=lambda k: (-(phrase_score[k] if phrase_count[k] > 1 or tiny else
                         phrase_score[k] * 0.3), first_seen[k], k),
    )
    chosen: list[str] = []
    covered: set[str] = set()
    for key in ranked:
        words = key.split()
        if len(words) > 1 and phrase_count[key] < 2 and not tiny:
            continue
        if all(w in covered for w in words):
            continue
        if any(key in c or c in key for c in chosen):
            continue
        chosen.append(key)
        covered.update(words)
        if len(chosen) >= limit:
            break
    if chosen:
        best = phrase_score[chosen[0]]
        keep = [k for k in chosen if phrase_score[k] >= best * 0.12]
        chosen = keep if len(keep) >= 3 else chosen[: max(3, len(keep))]
    return [surface[k] for k in chosen]


def _phrases(text: str) -> list[tuple[list[str], str]]:
    """Candidate keyphrases of a sentence: maximal runs of content words, at most 3 long."""
    out: list[tuple[list[str], str]] = []
    run: list[tuple[str, str]] = []

    def flush() -> None:
        while run:
            chunk = run[:3]
            del run[:3]
            words = [w for w, _ in chunk]
            out.append((words, " ".join(s for _, s in chunk)))
            for w, s in chunk if len(chunk) > 1 else []:
                out.append(([w], s))

    prev_end = 0
    text = _depath(text)
    for m in _WORD.finditer(text):
        gap = text[prev_end : m.start()]
        prev_end = m.end()
        w = m.group(0)
        if gap.strip(" ") and run:  # punctuation between words ends a phrase
            flush()
        if _CJK.match(w):
            flush()
            for t in _terms(w)[:12]:
                out.append(([t], t))
            continue
        lw = w.lower().strip("'")
        if (len(lw) < 3 or lw in _STOPWORDS or lw.isdigit() or len(lw) > 40
                or lw in _PHRASE_BREAK):
            flush()
            continue
        run.append((lw, w))
    flush()
    return out


# --------------------------------------------------------------------------------------------
# Public API
# --------------------------------------------------------------------------------------------


def entities(text: str) -> Entities:
    """File paths, commands run, errors, decisions and open questions found in ``text``."""
    if not text or not text.strip():
        return Entities()
    parsed = _parse(text)
    return _entities_of(parsed)


def _entities_of(parsed: _Parsed) -> Entities:
    return Entities(
        files=list(parsed.file_order[:_MAX_ENTITIES]),
        commands=list(parsed.commands),
        errors=list(parsed.errors),
        decisions=_decisions(parsed.units)[:_MAX_ENTITIES],
        open_questions=_open_questions(parsed.units)[:_MAX_ENTITIES],
    )


def summarize_text(
    text: str,
    base_offset: int = 0,
    *,
    max_summary_chars: int = 1200,
    question: str | None = None,
) -> Extraction:
    """Summarize one piece of transcript text; anchors are absolute UTF-8 byte spans."""
    if not text or not text.strip():
        return Extraction(skipped=True, skip_reason="empty")
    parsed = _parse(text)
    units = [u for u in parsed.units if u.text]
    if not units:
        return Extraction(skipped=True, skip_reason="no readable text")
    _score_units(units, question, parsed.messages)
    byte_at = _ByteOffsets(text, base_offset)
    ents = _entities_of(parsed)

    budget = max(1, max_summary_chars)
    trailer = _trailer(parsed, ents.errors, budget)
    body_budget = budget - (len(trailer) + 1 if trailer else 0)
    # The narrative is what the user and the agent said; tool output, code, logs and injected
    # context only when there is nothing else (a log file, a leaf inside one tool result).
    said = [u for u in units if _is_prose(u) and not _is_machine_text(u.text)]
    chosen = _select(said or units, body_budget)
    pieces = [_sentence(_shorten(u.text, _MAX_DISPLAY)) for u in chosen]
    if not pieces:
        best = max(units, key=lambda u: (u.score, -u.order))
        chosen = [best]
        pieces = [_shorten(best.text, body_budget)]
    summary = " ".join(pieces)
    if trailer and len(summary) + 1 + len(trailer) <= budget:
        summary = summary + "\n" + trailer
    summary = summary[:budget]

    headline_unit, headline_kind = _headline_unit(units, parsed)
    headline, headline_end = _headline_text(units, headline_unit)
    anchors: list[Anchor] = []
    for u, piece in zip(chosen, pieces, strict=True):
        prose = (not u.meta and u.role not in ("tool", "system", "continuation")
                 and u.noise >= 0.5 and not _is_machine_text(u.text))
        kind = _SUMMARY_LABEL if prose else _EXCERPT_LABEL
        anchors.append(Anchor(start=byte_at(u.start), end=byte_at(u.end),
                              label=kind + _label(piece)))
    if headline_unit is not None:
        anchors.append(Anchor(start=byte_at(headline_unit.start), end=byte_at(headline_end),
                              label=_HEADLINE_LABELS[headline_kind] + _label(headline)))
    questions = ents.open_questions
    questions = questions[-_MAX_QUESTIONS:]
    for q in questions:
        qu = next((u for u in units if _shorten(u.text, 200) == q), None)
        if qu is not None and len(anchors) < _MAX_ANCHORS:
            label = _USER_QUESTION_LABEL if qu.role == "user" else _QUESTION_LABEL
            anchors.append(Anchor(start=byte_at(qu.start), end=byte_at(qu.end),
                                  label=label + _label(q)))
    topics = _topics(units, parsed.files, ents.errors)
    return Extraction(
        headline=headline,
        summary=summary,
        topics=topics,
        open_questions=questions,
        anchors=anchors[:_MAX_ANCHORS],
    )


class _ByteOffsets:
    """Character offset -> absolute byte offset, linear over increasing queries."""

    __slots__ = ("_ascii", "_base", "_cache", "_text")

    def __init__(self, text: str, base: int) -> None:
        self._text = text
        self._base = base
        self._ascii = text.isascii()
        self._cache: dict[int, int] = {}

    def __call__(self, index: int) -> int:
        if self._ascii:
            return self._base + index
        hit = self._cache.get(index)
        if hit is None:
            hit = self._base + len(self._text[:index].encode("utf-8", errors="surrogatepass"))
            self._cache[index] = hit
        return hit


def _label(text: str) -> str:
    return _WS.sub(" ", text).strip()[:_LABEL_CHARS]


def _select(units: Sequence[_Unit], budget: int) -> list[_Unit]:
    """Greedy selection by score with a redundancy check; returned in text order."""
    ranked = sorted(units, key=lambda u: (-u.score, u.order))
    chosen: list[_Unit] = []
    used = 0
    seen_text: set[str] = set()
    floor = ranked[0].score * 0.12 if ranked else 0.0
    for u in ranked[:400]:
        if u.score <= floor and chosen:
            break
        if _quality(u) < 0.12 and chosen:
            continue
        piece_len = len(_sentence(_shorten(u.text, _MAX_DISPLAY)))
        if used + piece_len + (1 if chosen else 0) > budget:
            if budget - used < 40:
                break
            continue
        key = u.text.lower()
        if key in seen_text or any(_overlap(u.terms, c.terms) > 0.6 for c in chosen):
            continue
        if len(u.terms) < 2 and chosen:
            continue
        seen_text.add(key)
        chosen.append(u)
        used += piece_len + (1 if len(chosen) > 1 else 0)
        if len(chosen) >= _MAX_PIECES:
            break
    chosen.sort(key=lambda u: u.order)
    return chosen


def _quality(u: _Unit) -> float:
    """How much a unit reads like prose worth quoting (noise x role, filler down-weighted)."""
    q = u.noise * _ROLE_WEIGHT.get(u.role, 1.0) * (0.25 if u.meta else 1.0)
    return q * (0.4 if _FILLER.match(u.text) else 1.0)


# Headline anchors name where the headline came from, so that folds can prefer the user's task
# over the agent's report over anything else: "headline: " (a user request), "headline (text): "
# (a document title or sentence of a text without speakers; also what other providers' anchors
# are taken for), "headline (outcome): " (the agent's report) and "headline (excerpt): " (the
# only text there was was tool output or of unknown speaker).
_HEADLINE_LABELS = {
    "request": "headline: ",
    "text": "headline (text): ",
    "outcome": "headline (outcome): ",
    "excerpt": "headline (excerpt): ",
}
_HEADLINE_RANK = {"request": 0, "text": 1, "outcome": 2, "excerpt": 3}


def _headline_kind(label: str) -> str | None:
    """The kind of a headline anchor label, or None for other anchors."""
    for kind, prefix in _HEADLINE_LABELS.items():
        if label.startswith(prefix):
            return kind
    return None


def _headline_unit(units: Sequence[_Unit], parsed: _Parsed) -> tuple[_Unit | None, str]:
    """The main task and where it came from: the first substantive user request; else a
    document title; else the agent's most salient statement (a conclusion, a decision); else,
    in text without speakers, its most salient sentence. Tool output, logs, code and JSON
    never give the headline of a transcript."""
    if "user" in parsed.roles_seen:
        user_msgs: list[int] = []
        for u in units:
            if u.role != "user" or u.meta or u.noise < 0.5 or _is_machine_text(u.text):
                continue
            if u.msg not in user_msgs:
                user_msgs.append(u.msg)
            if len(user_msgs) > 3:
                break
            substantive = len(u.terms) >= 3 or (len(u.terms) >= 2 and _CJK.search(u.text))
            if substantive and not _FILLER.match(u.text) and len(u.text) >= 12:
                return u, "request"
    title = _title_unit(units)
    if title is not None:
        return title, "text"
    ranked = sorted(units, key=lambda u: (-u.score, u.order))
    for role, kind in (("assistant", "outcome"), ("text", "text")):
        for u in ranked:
            if (u.role == role and _voiced(u) and len(u.terms) >= 2
                    and not _FILLER.match(u.text) and not _QUESTION_END.search(u.text)):
                return u, kind
    for u in ranked:
        if _voiced(u) and len(u.terms) >= 2:
            return u, ("request" if u.role == "user" else "text")
    if parsed.roles_seen - {"text"} or any(u.role == "continuation" for u in units):
        # A piece of a transcript with nothing said in it: its best prose-like line.
        for u in ranked:
            if u.noise >= 0.5 and not _is_machine_text(u.text) and len(u.terms) >= 2:
                return u, "excerpt"
    return (ranked[0] if ranked else None), "excerpt"


def _headline_text(units: Sequence[_Unit], unit: _Unit | None) -> tuple[str, int]:
    """The headline sentence, joined with the next one of the same message when it is short
    ("The app crashes on start. Please fix main.py …"), within the headline limit; and the
    character offset where the quoted text ends."""
    if unit is None:
        return "", 0
    text, end = unit.text, unit.end
    nxt = units[unit.order + 1] if unit.order + 1 < len(units) else None
    if (len(text) < 60 and nxt is not None and nxt.msg == unit.msg and nxt.role == unit.role
            and len(nxt.terms) >= 2 and not _FILLER.match(nxt.text)
            and not _is_machine_text(nxt.text)):
        text, end = _sentence(text) + " " + nxt.text, nxt.end
    return _shorten(text, _HEADLINE_CHARS), end


def _title_unit(units: Sequence[_Unit]) -> _Unit | None:
    """A document title: a short first line that is not a sentence, a speaker turn or noise."""
    if not units:
        return None
    first = units[0]
    text = first.text
    if (first.order == 0 and first.noise >= 0.9 and len(first.terms) >= 2
            and first.role == "text" and not first.meta and not _is_machine_text(text)
            and 8 <= len(text) <= _HEADLINE_CHARS and text[-1] not in ".!?:;,。！？"
            and not _SPEAKER.match(text) and len(units) > 3):
        return first
    return None


def _trailer(parsed: _Parsed, errors: Sequence[str], budget: int) -> str:
    rank = {f: i for i, f in enumerate(parsed.file_order)}
    files = sorted(parsed.files, key=lambda f: (-parsed.files[f], rank.get(f, 10**9)))
    return _compose_trailer(_key_files(files), _key_commands(parsed.commands),
                            _key_errors(errors), budget)


def _key_files(files: Sequence[str], limit: int = 4) -> list[str]:
    """The most mentioned files for the trailer, shortened, without the agent's own scratch
    files (tool-result spills, hook output under ``.claude/``) or duplicates."""
    out: list[str] = []
    seen: set[str] = set()
    for f in files:
        if "/.claude/" in f or "tool-results/" in f:
            continue
        shown = _short_path(f)
        if shown.lower() in seen:
            continue
        seen.add(shown.lower())
        out.append(shown)
        if len(out) >= limit:
            break
    return out


def _key_errors(errors: Sequence[str]) -> list[str]:
    """Errors with a name or a message first; bare exit codes last (stable otherwise)."""
    def rank(err: str) -> int:
        low = err.lower()
        if low.startswith(("exit code", "exit status", "exited with")):
            return 2
        return 0 if (":" in err or "error" in low or "exception" in low) else 1
    lows = [e.lower() for e in errors]
    # A bare name ("KeyError") adds nothing next to a message that starts with it.
    kept = [e for e, low in zip(errors, lows, strict=True)
            if not any(o != low and o.startswith(low) for o in lows)]
    return sorted(kept, key=rank)


_TRIVIAL_COMMANDS = _words("ls cd cat pwd echo sleep tail head which wc printf true false clear")


def _key_commands(commands: Sequence[str], limit: int = 3) -> list[str]:
    """The first few substantive commands (not ``ls``/``cat``/``sleep`` …), one per program."""
    out: list[str] = []
    programs: set[str] = set()
    for cmd in commands:
        words = cmd.split()
        if not words or words[0] in _TRIVIAL_COMMANDS or "`" in cmd:
            continue
        program = " ".join(words[:2]) if words[0] in ("git", "npm", "cargo", "go", "uv") \
            else words[0]
        if program in programs:
            continue
        programs.add(program)
        out.append(_shorten(cmd, 70))
        if len(out) >= limit:
            break
    return out


def _compose_trailer(files: Sequence[str], commands: Sequence[str], errors: Sequence[str],
                     budget: int) -> str:
    """``Files:`` / ``Commands:`` / ``Errors:`` lines within a quarter of the budget.
    Errors are kept first, then files, then commands; they are shown in that fixed order."""
    if budget < 300:
        return ""
    limit = budget // 4
    lines: dict[str, str] = {}
    if errors:
        lines["Errors"] = "Errors: " + "; ".join(_shorten(e, 90) for e in errors[:2])
    if files:
        lines["Files"] = "Files: " + ", ".join(files[:4])
    if commands:
        lines["Commands"] = "Commands: " + ", ".join(f"`{c}`" for c in commands[:3])
    kept: list[str] = []
    used = 0
    for key in ("Errors", "Files", "Commands"):
        line = lines.get(key)
        if line and used + len(line) + (1 if kept else 0) <= limit:
            kept.append(key)
            used += len(line) + (1 if len(kept) > 1 else 0)
    return "\n".join(lines[k] for k in ("Files", "Commands", "Errors") if k in kept)


def _short_path(path: str) -> str:
    if len(path) <= 60:
        return path
    parts = path.rstrip("/").split("/")
    return ".../" + "/".join(parts[-2:])


# --------------------------------------------------------------------------------------------
# Folding children into a parent
# --------------------------------------------------------------------------------------------


@dataclass(slots=True)
class _Piece:
    child: int
    seq: int
    text: str
    terms: list[str]
    anchors: list[Anchor]
    score: float = 0.0
    weight: float = 1.0  # lower for pieces quoted from tool output


def _split_summary(summary: str) -> tuple[str, dict[str, list[str]]]:
    """The prose of a summary, plus the files, commands and errors of its trailer lines."""
    prose: list[str] = []
    trailer: dict[str, list[str]] = {"Files": [], "Commands": [], "Errors": []}
    for line in summary.splitlines():
        m = _TRAILER.match(line.strip())
        if m:
            if m.group(1) == "Commands":
                items = re.findall(r"`([^`]+)`", m.group(2))
            else:
                sep = ", " if m.group(1) == "Files" else "; "
                items = [x.strip() for x in m.group(2).split(sep) if x.strip()]
            trailer[m.group(1)].extend(items)
        elif line.strip():
            prose.append(line.strip())
    return " ".join(prose), trailer


# Anchor labels of summary pieces: "summary: <first words>" for prose (the user's, the
# assistant's, plain text), "excerpt: <first words>" for material quoted from tool output,
# code, logs or injected context.
_SUMMARY_LABEL = "summary: "
_EXCERPT_LABEL = "excerpt: "
_EXCERPT_WEIGHT = 0.3


# Open-question anchors: "open question (user): " when the user asked it (so a later part of
# the transcript holds the agent's reply), "open question: " otherwise.
_QUESTION_LABEL = "open question: "
_USER_QUESTION_LABEL = "open question (user): "


def _question_claim(label: str) -> tuple[str, str] | None:
    """(kind, snippet) of an open-question anchor label, or None for other anchors."""
    for kind in (_QUESTION_LABEL, _USER_QUESTION_LABEL):
        if label.startswith(kind):
            return kind, label[len(kind):]
    return None


def _claim(label: str) -> tuple[str, str] | None:
    """(kind, snippet) of a summary-piece anchor label, or None for other anchors."""
    for kind in (_SUMMARY_LABEL, _EXCERPT_LABEL):
        if label.startswith(kind):
            return kind, label[len(kind):]
    return None


def _child_pieces(index: int, child: Extraction) -> tuple[list[_Piece], dict[str, list[str]]]:
    """Cut a child's summary back into the pieces its anchors support.

    Our own summaries label each anchor with the first characters of the piece it supports,
    so the pieces are found exactly (and survive any number of folds). Summaries from other
    providers are cut into sentences, and their anchors spread over them in order."""
    body, trailer = _split_summary(child.summary)
    starts: list[tuple[int, Anchor, str]] = []
    pos = 0
    for anchor in child.anchors:
        claim = _claim(anchor.label)
        if claim is None or not claim[1]:
            continue
        k = body.find(claim[1], pos)
        if k >= 0:
            starts.append((k, anchor, claim[0]))
            pos = k + len(claim[1])
    pieces: list[_Piece] = []
    if starts:
        if body[: starts[0][0]].strip():
            pieces.append(_Piece(index, 0, body[: starts[0][0]].strip(), [], []))
        for n, (k, anchor, kind) in enumerate(starts):
            end = starts[n + 1][0] if n + 1 < len(starts) else len(body)
            text = body[k:end].strip()
            if pieces and pieces[-1].anchors and pieces[-1].text == text:
                pieces[-1].anchors.append(anchor)  # two anchors for one piece
                continue
            weight = _EXCERPT_WEIGHT if kind == _EXCERPT_LABEL else 1.0
            pieces.append(_Piece(index, len(pieces), text, [], [anchor], weight=weight))
    else:
        for s, e in _split_sentences(body, 0):
            pieces.append(_Piece(index, len(pieces), body[s:e], [], []))
        others = [a for a in child.anchors
                  if _headline_kind(a.label) is None and _question_claim(a.label) is None]
        if pieces and others:
            for k, anchor in enumerate(others):
                pieces[min(len(pieces) - 1, k * len(pieces) // len(others))].anchors.append(
                    anchor)
    # Re-cut pieces into sentences (finer choice under the budget); every sentence keeps the
    # spans of its piece, relabelled with its own opening words.
    out: list[_Piece] = []
    for p in pieces:
        spans = _split_sentences(p.text, 0)
        if len(spans) <= 1:
            out.append(p)
            continue
        for s, e in spans:
            text = p.text[s:e]
            anchors = []
            for a in p.anchors:
                claim = _claim(a.label)
                anchors.append(a if claim is None else
                               Anchor(start=a.start, end=a.end, label=claim[0] + _label(text)))
            out.append(_Piece(index, 0, text, [], anchors, weight=p.weight))
    for seq, p in enumerate(out):
        p.seq = seq
        p.terms = _terms(p.text)
    return out, trailer


def _child_headline_kind(child: Extraction) -> str:
    """Where a child's headline came from (its headline anchor says so; a headline that reads
    as log output, code or JSON is ranked last whatever it claims)."""
    kind = next((k for a in child.anchors if (k := _headline_kind(a.label)) is not None),
                "text")
    if _is_machine_text(child.headline):
        return "excerpt"
    return kind


def _fold_topics(live: Sequence[Extraction]) -> list[str]:
    """Topics of the whole: first those that most parts name (the thread through the text),
    then each part's best in turn, so that every stretch of the timeline is represented.
    File names (the Files: line has them) come last; log levels, dates and ids never."""
    count: Counter[str] = Counter()
    weight: dict[str, float] = {}
    shown: dict[str, str] = {}
    lists: list[list[str]] = []
    for child in live:
        keys: list[str] = []
        for rank, topic in enumerate(child.topics):
            key = topic.strip().lower()
            if not key or key in keys or not _fold_topic_ok(key):
                continue
            keys.append(key)
            count[key] += 1
            weight[key] = weight.get(key, 0.0) + 1.0 / (1 + rank)
            shown.setdefault(key, topic.strip())
        lists.append(keys)
    chosen: list[str] = []
    n = len(live)
    if n > 2:
        common = [k for k in weight if count[k] >= max(2, (n + 1) // 2)]
        common.sort(key=lambda k: (-count[k], -weight[k], k))
        chosen.extend(common[:3])
    for files_pass in (False, True):
        depth = max((len(keys) for keys in lists), default=0)
        for rank in range(depth):
            for keys in lists:
                if len(chosen) >= _MAX_TOPICS:
                    break
                if rank < len(keys):
                    key = keys[rank]
                    if key not in chosen and bool(_HAS_EXT.search(key)) == files_pass:
                        chosen.append(key)
    return [shown[k] for k in chosen[:_MAX_TOPICS]]


def _fold_topic_ok(key: str) -> bool:
    words = key.split()
    if not words or _TIMESTAMP_ONLY.match(key):
        return False
    return not (len(words) == 1 and not _topic_word_ok(words[0].strip("-.")))


def fold_extractions(
    parts: Sequence[Extraction],
    *,
    max_summary_chars: int = 1200,
    question: str | None = None,
) -> Extraction:
    """Merge children extractions (in order) into one parent extraction."""
    live = [p for p in parts if not p.skipped]
    if not live:
        reason = next((p.skip_reason for p in parts if p.skip_reason), None)
        return Extraction(skipped=True, skip_reason=reason or "empty")
    pieces: list[_Piece] = []
    files = _Ordered()
    commands = _Ordered()
    errors = _Ordered()
    for index, child in enumerate(live):
        child_pieces, trailer_items = _child_pieces(index, child)
        pieces.extend(child_pieces)
        for f in trailer_items["Files"]:
            files.add(f)
        for c in trailer_items["Commands"]:
            commands.add(c)
        for e in trailer_items["Errors"]:
            errors.add(e)
    budget = max(1, max_summary_chars)

    # Score pieces like sentences (centroid of all children's summaries, cues, noise), plus
    # the opening task and a nudge toward later children, which carry the outcome.
    pseudo = [_Unit(0, 0, p.text, "text", p.child, i, _line_noise(p.text), p.terms)
              for i, p in enumerate(pieces)]
    _score_units(pseudo, question, len(live))
    last_child = len(live) - 1
    # The user's requests (child headlines of that kind) weigh as they did in the leaves.
    requests = {i: _label(c.headline.rstrip("…"))[:40] for i, c in enumerate(live)
                if _child_headline_kind(c) == "request" and c.headline.strip()}
    for p, u in zip(pieces, pseudo, strict=True):
        bonus = 1.0
        if p.child == 0 and p.seq == 0:
            bonus += 0.4
        head = requests.get(p.child)
        if head and _label(p.text).startswith(head):
            bonus += 0.4
        if last_child:
            bonus += 0.15 * p.child / last_child
        if re.match(r"^[A-Z]\w+: [{\[]", p.text):  # a rendered tool call, not prose
            bonus *= 0.2
        p.score = u.score * bonus * p.weight
    headline_units = [_Unit(0, 0, c.headline, "text", i, i, 1.0, _terms(c.headline))
                      for i, c in enumerate(live)]
    idf, centroid = _centroid(pseudo + headline_units)
    cnorm = math.sqrt(sum(v * v for v in centroid.values()))

    trailer = _compose_trailer(files.items, _key_commands(commands.items),
                               _key_errors(errors.items), budget)
    body_budget = budget - (len(trailer) + 1 if trailer else 0)

    # Quoted tool output, logs and code are dropped once the children said anything at all.
    if any(not _is_machine_text(p.text) for p in pieces):
        pieces = [p for p in pieces if not (p.weight < 1.0 and _is_machine_text(p.text))]
    ranked = sorted(pieces, key=lambda p: (-p.score, p.child, p.seq))
    kept: list[_Piece] = []
    used = 0
    n_anchors = 0
    floor = ranked[0].score * 0.12 if ranked else 0.0
    # Greedy, with diminishing returns per child: the narrative covers the whole timeline
    # instead of the densest stretch of it.
    per_child: Counter[int] = Counter()
    # Lazy greedy: a piece's key only ever drops (when its child gets another piece), so a
    # popped piece whose key is stale goes back with its current one.
    heap = [(-p.score, p.child, p.seq, 0, n) for n, p in enumerate(ranked)
            if p.score > floor or n == 0]
    heapq.heapify(heap)
    while heap and n_anchors < _MAX_PIECES:
        _, _, _, seen_count, n = heapq.heappop(heap)
        p = ranked[n]
        if per_child[p.child] != seen_count:
            current = per_child[p.child]
            heapq.heappush(heap, (-p.score / (1.0 + 0.5 * current), p.child, p.seq, current, n))
            continue
        if n_anchors + len(p.anchors) > _MAX_PIECES:
            continue
        extra = len(p.text) + (1 if kept else 0)
        if used + extra > body_budget:
            if body_budget - used < 40:
                break
            continue
        if any(_overlap(p.terms, k.terms) > 0.6 for k in kept) and p.terms:
            continue
        kept.append(p)
        per_child[p.child] += 1
        used += extra
        n_anchors += max(1, len(p.anchors))
    kept.sort(key=lambda p: (p.child, p.seq))
    if not kept and ranked:
        top = ranked[0]
        kept = [_Piece(top.child, top.seq, _shorten(top.text, body_budget), top.terms,
                       top.anchors)]
    summary = " ".join(p.text for p in kept)
    if trailer and len(summary) + 1 + len(trailer) <= budget:
        summary += "\n" + trailer
    summary = summary[:budget]

    # Headline: the user's first task when a child has one; else the child headline closest
    # to the whole (with a nudge for the opening child) among the best kind there is.
    kinds = [_child_headline_kind(c) for c in live]
    ranks = [_HEADLINE_RANK[k] if live[i].headline.strip() else 99 for i, k in enumerate(kinds)]
    best_rank = min(ranks)
    best_child = ranks.index(best_rank)
    if best_rank != _HEADLINE_RANK["request"]:
        best_score = -1.0
        for i, hu in enumerate(headline_units):
            if ranks[i] != best_rank:
                continue
            s = (_cosine(hu.terms, idf, centroid, cnorm) + 0.02) * (1.5 if i == 0 else 1.0)
            if s > best_score + 1e-12:
                best_child, best_score = i, s
    headline = _shorten(live[best_child].headline.strip(), _HEADLINE_CHARS)

    anchors: list[Anchor] = [a for p in kept for a in p.anchors]
    anchors.extend(a for a in live[best_child].anchors if _headline_kind(a.label) is not None)

    topics = _fold_topics(live)
    if len(topics) < 3:
        extra_units = [_Unit(0, 0, p.text, "text", 0, i, 1.0, p.terms)
                       for i, p in enumerate(pieces)]
        for t in _topics(extra_units, {}, errors.items):
            if t.lower() not in {x.lower() for x in topics} and len(topics) < 3:
                topics.append(t)

    # Open questions: deduplicated, the most recent five, in order.
    questions: list[str] = []
    q_anchor: dict[str, list[Anchor]] = {}
    q_terms_seen: list[list[str]] = []
    for index, child in enumerate(live):
        claims = [(a, qc) for a in child.anchors
                  if (qc := _question_claim(a.label)) is not None]
        for q in child.open_questions:
            lab = _label(q)
            own = [a for a, (_, snippet) in claims if snippet == lab]
            if _is_machine_text(q):
                continue  # a log line or SQL from an older or foreign child
            if index < len(live) - 1 and any(
                    kind == _USER_QUESTION_LABEL for a, (kind, snippet) in claims
                    if snippet == lab):
                # The user asked it at the very end of that part; the agent's reply is in
                # the parts after it.
                continue
            qt = _terms(q)
            dup = next((i for i, t in enumerate(q_terms_seen)
                        if q.strip().lower() == questions[i].lower()
                        or (qt and t and _overlap(qt, t) >= 0.8)), None)
            if dup is not None:
                continue
            questions.append(q.strip())
            q_terms_seen.append(qt)
            q_anchor[q.strip()] = own
    questions = questions[-_MAX_QUESTIONS:]
    for q in questions:
        anchors.extend(q_anchor.get(q, []))

    unique: list[Anchor] = []
    seen_spans: set[tuple[int, int, str]] = set()
    for a in anchors:
        span_key = (a.start, a.end, a.label)
        if span_key not in seen_spans:
            seen_spans.add(span_key)
            unique.append(a)
    return Extraction(
        headline=headline,
        summary=summary,
        topics=topics,
        open_questions=questions,
        anchors=unique[:_MAX_ANCHORS],
    )
