"""Per-kind figures over every file of shared/data, side by side with other code.

Run:  python bench/quality.py --kinds [--base DIR]      (DIR: a checkout of other code, e.g.
      ``git worktree add /tmp/q30-base HEAD``; its engine is measured by this same script)

Per file, with the extractive provider and the product's own paths:

* ``logs/`` (loghub 2k samples; incoming logs too): "windows 512-4k", whether the
  figures at windows of 512 to 4,096 tokens are those at 8,192 ("same", else the first
  window that differs and in what); "split 2-9", the same for the file cut at random line
  boundaries into 2-9 pieces, each scanned and the pieces merged; and
  of the 5 most frequent true templates (all tied with the
  5th), how many ``gapless summarize`` names with their exact count (target >= 4/5), the
  format it read, and whether its level counts equal the level column's (loghub's own line
  format says where one is); for a log without a level column, "absent" when the summary
  says "No level field found" and counts none, "GUESSED" when it prints level counts.
* incoming logs (``incoming/logs``, and those moved from there to ``logs/``): the same
  figures against an independent count per file (``tests/engine/extractive/logs/
  incoming_truth.py``, a parser written from each file's grammar), levels compared as the
  log writes them, and the records counted against the true records.
* ``changelogs/`` (and the changelogs still in ``incoming/changelogs/``): the releases
  (entry headings) in the file, counted here by a rule written for each file (the truth; the
  product has no such rule), "+" the entries not released yet (a second rule per file, on the
  heading and the line under it); ``gapless read``: the releases its summary counts (and
  those it counts apart as unreleased), how many outline entries are runs of releases (open
  at a release, end where the next one starts), and the widest entry; ``gapless
  summarize``: the same two counts from its summary (a tree of leaves, none of which sees the
  whole file); "newest named": whether the headline of ``read`` / of ``summarize`` holds the
  newest release's version (or date) and its date (each file here lists its newest first);
  "summarize 1k/2k/4k": ``gapless summarize`` in windows of 1,024, 2,048 and 4,096 tokens,
  "exact" when every count it states is the truth ("n unstated": a window too small to
  carry the counts up, where it states none), "wrong" when one is not;
  "which release ...": five items sampled evenly from the file, each asked as "Which
  release <item>?" of one call over the whole file (``summarize_text``), right when the
  answer's first line names the release that holds it.
* ``chat-exports/`` (and the chat histories still in ``incoming/chat-exports/``):
  ``gapless summarize`` of each export: whether it is read as a conversation (an ``Asked:``
  section), how many of its ``Asked`` bullets quote a user turn, and whether the first
  user turn is among them (the turns found here by each file's own markers, or read from a
  JSON history with its own schema — written for the truth only).
* ``meetings/`` (QMSum, with ``references.json``): ``gapless summarize`` of each meeting,
  its ``decisions`` and ``actions``. *Outcome references*: the sentences of the meeting's
  references (general summary and every query's answer) that report an outcome, picked by
  a word list written here (decided, agreed, would, will, should, must, need, price, Euro,
  percent, million, ...); it over-picks (a reference's "would" is often reported speech), so
  read the figure as relative, before against now. *Recalled*: outcome references that
  share at least 3 content words (words of 3+ letters outside a stop list, compared on
  their first 5 letters) with one decision or action bullet. *Filler*: decision bullets
  that announce the meeting's own programme or process (agenda, meeting, introduce, today,
  discuss, talk about, go through, presentation, e-mail, shared folder, record) or ask a
  question. *Group-owned*: action bullets whose owner is not a person (Everyone, All,
  Team, Someone, The listener, The speaker). Fewer filler and group-owned bullets and more
  recalled references are better; the reference pick is coarse, so a difference of one is
  within noise.

The truth is computed from the files alone; nothing here feeds the product.
"""

from __future__ import annotations

import asyncio
import importlib.util
import json
import os
import random
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("GAPLESS_SHARED_DATA", ROOT.parent / "shared" / "data"))

# Ground truth per changelog: the line that opens each entry (bench only).
CHANGELOG_TRUTH = {
    "asciidoctor-CHANGELOG.adoc": r"^== (\d|Unreleased$)",
    "go-go1.21-release-notes.md": r"^title: Go \d",  # one release's notes: its title
    "otel-collector-CHANGELOG.md": r"^## v?\d+\.\d+",
    "yt-dlp-Changelog.md": r"^### \d{4}\.\d{2}\.\d{2}",
    "apt-debian-changelog.txt": r"^apt \(",
    "changesets-cli-CHANGELOG.md": r"^## \d",
    "click-CHANGES.md": r"^## Version ",
    "coreutils-NEWS.txt": r"^\* [A-Z]\w+ changes in release ",
    "gawk-ChangeLog.txt": r"^\d{4}-\d{2}-\d{2} ",
    "glib-NEWS.txt": r"^Overview of changes in GLib",
    "make-ChangeLog.1.txt": r"^(Mon|Tue|Wed|Thu|Fri|Sat|Sun) [A-Z][a-z]{2} [ \d]\d ",
    "mojo-Changes.txt": r"^\d+\.\d+ ",
    "pip-NEWS.rst": r"^\d+(\.\d+)+\S*( \(.*\))?$",
    "standard-version-CHANGELOG.md": r"^#{1,3} \[?\d+\.\d+\.\d+",
    "subnetcalc-debian-changelog.txt": r"^subnetcalc \(",
    "textual-CHANGELOG.md": r"^## \[",
    "tmux-CHANGES.txt": r"^CHANGE[SD] FROM ",
}
# Entries not released yet (bench only): matched against "heading | its next line of text";
# the files not named here have none.
CHANGELOG_UNRELEASED = {
    "asciidoctor-CHANGELOG.adoc": r"^== Unreleased \|",
    "click-CHANGES.md": r"\| Unreleased$",
    "coreutils-NEWS.txt": r"release \?\.\? ",
    "mojo-Changes.txt": r"^\S+ +UNRELEASED \|",
}
_TRUTH_DATE = re.compile(r"\d{4}-\d{2}-\d{2}|[A-Z][a-z]{2} [A-Z][a-z]{2} [ \d]\d [\d:]{8} \d{4}")
# Ground truth per chat export (bench only): the line that opens a user turn, and the line
# that opens any other turn (a user turn runs until it)
ASK_TRUTH = {
    "chatgpt-conversations_chatgpt-transcript-ja.md": (r"^## kekyo\s*$", r"^## chatgpt\s*$"),
    "getspecstory_specstory-claude-code-session.md": (r"^_\*\*User", r"^_\*\*Agent"),
    "magnitude_cursor-chat-export.md": (r"^\*\*User\*\*\s*$", r"^\*\*Cursor\*\*\s*$"),
    "minsky_specstory-cursor-chat.md": (r"^_\*\*User\*\*_\s*$", r"^_\*\*Assistant\*\*_\s*$"),
    "takeout-rater_copilot-chat-export.md": (r"^## @", r"^## Copilot\s*$"),
    "zen-mcp-server_aider-chat-history.md": (r"^#### ", r"^(?!#### ).+"),
    "trade-arena_sanitized-export.jsonl": (r'"role": ?"user"', r'"role": ?"assistant"'),
}
_WORD = re.compile(r"\w+")


def _truth_module() -> Any:
    """tests/engine/extractive/logs/truth.py of THIS checkout (not of the code measured)."""
    return _module("kinds_truth", ROOT / "tests" / "engine" / "extractive" / "logs" / "truth.py")


def _module(name: str, path: Path) -> Any:
    """A module of THIS checkout by its path (the truth, not the code measured)."""
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod  # (a dataclass looks its module up)
    spec.loader.exec_module(mod)
    return mod


_LETTERS = {"i": "info", "d": "debug", "v": "debug", "w": "warning", "e": "error", "f": "error"}


def _norm_level(word: str) -> str:
    from gapless.engine.core.levels import level_of

    return level_of(word) or _LETTERS.get(word.lower(), word.lower())


WINDOWS = (512, 1024, 2048, 4096)  # each compared with the figures at 8,192 tokens
SPLITS = 5  # random cuts of the file at line boundaries, into 2-9 pieces each


def _counted(stats: dict[str, Any]) -> dict[str, Any]:
    """The figures a log's summary states as counts (a template's first record aside)."""
    out = {k: v for k, v in stats.items() if k not in ("head", "tail")}
    out["templates"] = sorted((t["template"], t["count"], t["errors"], t["warnings"])
                              for t in stats.get("templates", []))
    return out


def _short(keys: set[str]) -> str:
    return "+".join(sorted(keys))[:14]


def invariants(path: Path, whole: dict[str, Any]) -> tuple[str, str]:
    """Whether the summary's figures are those at 8,192 tokens in every window of
    :data:`WINDOWS` ("same", else the first window that differs and what), and whether
    the file cut at random line boundaries, each piece scanned and the pieces merged,
    gives the whole file's figures."""
    from gapless.engine.config import Settings
    from gapless.engine.run.request import RunRequest
    from gapless.engine.service import summarize_path

    base = _counted(whole)
    windows = "same"
    for w in WINDOWS:
        got = asyncio.run(summarize_path(path, RunRequest(Settings(context_tokens=w))))
        now = _counted((got.entry or {}).get("stats") or {})
        keys = {k for k in set(now) | set(base) if now.get(k) != base.get(k)}
        if keys:
            windows = f"{w}: {_short(keys)}"
            break
    return windows, _splits(path)


def _splits(path: Path) -> str:
    try:
        from gapless.engine.extractive.logs.detect import detect_format, input_format
        from gapless.engine.extractive.logs.merge import merge_stats, provisional
        from gapless.engine.extractive.logs.scan import scan_log
    except ImportError:  # code from before the input's format
        return "-"
    text = path.read_text(encoding="utf-8", errors="replace")
    fmt = detect_format(text)
    if fmt is None:
        return "not a log"
    whole = provisional(scan_log(text, fmt, starts_input=True, remember=False).stats)
    want = _counted(whole.model_dump())
    lines = text.splitlines(keepends=True)
    rng = random.Random(36)
    for _ in range(SPLITS):
        cuts = sorted(rng.sample(range(1, len(lines)), min(len(lines) - 1,
                                                           rng.randint(1, 8))))
        pieces = ["".join(lines[a:b]) for a, b in zip([0, *cuts], [*cuts, len(lines)], strict=True)]
        parts, at = [], 0
        with input_format(fmt):
            for piece in pieces:
                scan = scan_log(piece, fmt, starts_input=at == 0, remember=False)
                parts.append(provisional(scan.stats))
                at += len(piece)
        merged, _ = merge_stats(parts)
        got = _counted(merged.model_dump())
        keys = {k for k in set(got) | set(want) if got.get(k) != want.get(k) and k != "bytes"}
        if keys:
            return f"{len(pieces)} pieces: {_short(keys)}"
    return "same"


def measure_logs() -> list[dict[str, Any]]:
    from gapless.engine.config import Settings
    from gapless.engine.run.request import RunRequest
    from gapless.engine.service import summarize_path

    truth = _truth_module()
    rows = []
    for name in truth.ALL_SAMPLES:
        path = truth.sample(name)
        if not path.exists():
            continue
        result = asyncio.run(summarize_path(path, RunRequest(Settings())))
        entry = result.entry or {}
        hit, of = truth.recall_at_5(name, entry.get("summary", ""))
        stats = entry.get("stats") or {}
        column = truth.true_levels(name)
        levels = _absent(stats, entry)
        if column is not None:
            want: dict[str, int] = {}
            for k, v in column.items():
                want[_norm_level(k)] = want.get(_norm_level(k), 0) + v
            levels = "exact" if stats.get("levels") == want else "wrong"
        fmt = str(stats.get("format") or "not a log")
        windows, splits = invariants(path, stats) if stats else ("not read", "not read")
        rows.append({"file": name, "named": hit, "of": of, "levels": levels,
                     "windows": windows, "splits": splits,
                     "format": fmt if len(fmt) <= 24 else fmt[:23] + "…"})
    return rows


def _absent(stats: dict[str, Any], entry: dict[str, Any]) -> str:
    """A log without a level field: "absent" when the summary says so and counts none,
    "GUESSED" when it prints level counts all the same."""
    if not stats:
        return "not read"
    leveled = {k for k, v in (stats.get("levels") or {}).items() if v and k != "none"}
    said = "No level field found" in str(entry.get("summary", ""))
    return "absent" if said and not leveled else "GUESSED"


def measure_incoming_logs() -> list[dict[str, Any]]:
    """The logs that came in from outside (``tests/…/logs/incoming_truth.py``: an
    independent parser per file, from its own grammar), wherever they are now: records, levels as written, and how
    many of the top-5 true templates the summary names with their exact count."""
    from gapless.engine.config import Settings
    from gapless.engine.run.request import RunRequest
    from gapless.engine.service import summarize_path

    truth = _truth_module()
    incoming_logs = _module("incoming_truth", ROOT / "tests" / "engine" / "extractive" / "logs"
                            / "incoming_truth.py")
    rows = []
    for name, parse in incoming_logs.PARSERS.items():
        path = next((p for p in (SHARED / "incoming" / "logs" / name, SHARED / "logs" / name)
                     if p.exists()), None)
        if path is None:
            continue
        want = parse(path)
        entry = asyncio.run(summarize_path(path, RunRequest(Settings()))).entry or {}
        stats = entry.get("stats") or {}
        if want.levels is None:
            levels = _absent(stats, entry)
        else:
            written = (stats.get("fields") or {}).get("level") or {}
            levels = "exact" if written == dict(want.levels) else "wrong"
        lines = truth.named_counts(str(entry.get("summary", "")))
        top = incoming_logs.top(want)
        hit = sum(1 for t, c in top if any(k == c and truth.names(m, t) for k, m in lines))
        fmt = str(stats.get("format") or "not a log")
        windows, splits = invariants(path, stats) if stats else ("not read", "not read")
        rows.append({"file": name.removeprefix("lnav_"), "named": hit, "of": len(top),
                     "windows": windows, "splits": splits,
                     "levels": levels, "records": f"{stats.get('records', 0)}/{want.records}",
                     "format": fmt if len(fmt) <= 24 else fmt[:23] + "…"})
    return rows


def _release_sections(lines: list[str], rx: str) -> list[tuple[int, int, str]]:
    starts = [i for i, ln in enumerate(lines) if re.match(rx, ln)]
    return [(a, (starts[k + 1] if k + 1 < len(starts) else len(lines)), lines[a].strip())
            for k, a in enumerate(starts)]


def _items(lines: list[str], sections: list[tuple[int, int, str]], n: int = 5
           ) -> list[tuple[str, str]]:
    """Five (item, release heading) pairs sampled evenly: a release's first line of at least
    six words that appears once in the file (a sampled release without one gives the next
    release's, so every file is asked five)."""
    text = "\n".join(lines)
    out: list[tuple[str, str]] = []
    step = max(1, len(sections) // n)
    for k in range(0, len(sections), step):
        for a, b, head in sections[k:]:
            item = next((it for ln in lines[a + 1: b]
                         if len(_WORD.findall(it := ln.strip().lstrip("*-+o ").strip())) >= 6
                         and not it.startswith(("=", "-", "#", "["))
                         and text.count(it[:60]) == 1), None)
            if item is not None:
                out.append((" ".join(item.split()[:12]), head))
                break
        if len(out) >= n:
            break
    return out


def _names(answer_line: str, head: str) -> bool:
    """The answer's first line names the release: its heading's version (or date) is in it."""
    key = re.search(r"\d+(?:\.\d+)+[\w.+~-]*|\d{4}-\d{2}-\d{2}|\w{3} \w{3} [ \d]\d [\d:]{8} \d{4}",
                    head)
    token = " ".join((key.group(0) if key else head).split())
    return token in " ".join(answer_line.split())


def _changelog_path(name: str) -> Path | None:
    """A changelog of shared/data: in ``changelogs/``, or still in ``incoming/changelogs/``."""
    for folder in (SHARED / "changelogs", SHARED / "incoming" / "changelogs"):
        if (folder / name).exists():
            return folder / name
    return None


def _next_text(lines: list[str], i: int) -> str:
    """The first line of text under line ``i`` (an underline skipped)."""
    for ln in lines[i + 1: i + 5]:
        if ln.strip() and not re.match(r"^([=\-~^*+#'\"`.:_])\1+\s*$", ln.strip()):
            return ln.strip()
    return ""


def _truth_releases(name: str, lines: list[str], rx: str
                    ) -> tuple[list[tuple[int, int, str]], int, str, str]:
    """The file's releases (sections), how many of its entries are not released yet, and
    its newest release's key and date: every file here lists its newest release first."""
    sections = _release_sections(lines, rx)
    apart = CHANGELOG_UNRELEASED.get(name)
    done, unreleased = [], 0
    for a, b, head in sections:
        if apart and re.search(apart, f"{head} | {_next_text(lines, a)}"):
            unreleased += 1
        else:
            done.append((a, b, head))
    if not done:
        return done, unreleased, "", ""
    a, _, head = done[0]
    key = re.search(r"\d+(?:\.\d+)+[\w.+~-]*|\d{4}-\d{2}-\d{2}|"
                    r"\w{3} \w{3} [ \d]\d [\d:]{8} \d{4}", head)
    date = _TRUTH_DATE.search(head) or _TRUTH_DATE.search(_next_text(lines, a)[:40])
    return done, unreleased, (key.group(0) if key else head), (date.group(0) if date else "")


def asked_items(summary: str) -> list[str]:
    """The bullets a conversation's summary lists under ``Asked:``, without the full stop
    it ends a sentence with (of either width)."""
    asked: list[str] = []
    section = ""
    for line in summary.split("\n"):
        if re.match(r"^(Asked|Done|Decided|Left open):\s*$", line):
            section = line[:-1]
        elif section == "Asked" and line.startswith("- "):
            asked.append(line[2:].rstrip(".。"))
    return asked


_COUNT = re.compile(r"^\**([\d,]+) releases?(?: and (\d+) unreleased)?")


def releases_stated(summary: str) -> tuple[int, int]:
    """The releases a summary states, and the unreleased entries it counts apart."""
    m = _COUNT.match(summary)
    if m is None:
        return 0, 0
    return int(m.group(1).replace(",", "")), int(m.group(2) or 0)


def _names_newest(headline: str, key: str, date: str) -> bool:
    flat = " ".join(headline.split())
    return bool(key) and key in flat and (not date or date in flat)


def measure_changelogs() -> list[dict[str, Any]]:
    from gapless.engine.config import Settings
    from gapless.engine.extractive import summarize_text
    from gapless.engine.run.request import RunRequest
    from gapless.engine.service import summarize_path
    from gapless.engine.strategies.chunked.read import read_summary

    rows = []
    for name, rx in CHANGELOG_TRUTH.items():
        path = _changelog_path(name)
        if path is None:
            print(f"(no {name} under {SHARED}: skipped)", file=sys.stderr)
            continue
        text = path.read_text(encoding="utf-8")
        lines = text.split("\n")
        sections, unreleased, key, date = _truth_releases(name, lines, rx)
        all_starts = _release_sections(lines, rx)
        starts = {a + 1 for a, _, _ in all_starts}
        r = asyncio.run(read_summary(path, settings=Settings()))
        counted, counted_u = releases_stated(r.summary)
        total = len(lines)
        runs = 0
        ends = {b for _, b, _ in all_starts}  # a run ends where the next release starts
        for e in r.outline:
            opens = e.start_line in starts or e.start_line == 1
            closes = e.end_line in ends or e.end_line >= total - 1 or (e.end_line + 1) in starts
            runs += 1 if opens and closes else 0
        widest = max((e.end_line - e.start_line + 1) for e in r.outline) / max(1, total)
        right = 0
        asked = _items(lines, sections) if len(sections) > 1 else []
        for item, head in asked:
            ex = summarize_text(text, question=f"Which release {item}?")
            first = ex.answer.split("\n")[0] if ex.answer else ""
            right += 1 if _names(first, head) else 0
        # ``gapless summarize`` (a tree of leaves, none seeing the file): the releases it names
        entry = asyncio.run(summarize_path(path, RunRequest(Settings()))).entry or {}
        summarized, summarized_u = releases_stated(str(entry.get("summary", "")))
        read_head = r.summary.split("\n\n")[1] if "\n\n" in r.summary else ""
        # the same file in other windows: each count stated is the truth, or none is stated
        stated = [releases_stated(str((asyncio.run(summarize_path(
            path, RunRequest(Settings(context_tokens=w)))).entry or {}).get("summary", "")))[0]
            for w in _WINDOWS]
        windows = ("exact" if all(n in (0, len(sections)) for n in stated) else "wrong") + (
            f" ({sum(1 for n in stated if n == 0)} unstated)" if 0 in stated else "")
        rows.append({"file": name, "releases": len(sections), "unreleased": unreleased,
                     "counted": counted, "counted_u": counted_u,
                     "summarized": summarized, "summarized_u": summarized_u,
                     "newest": key + (f" {date}" if date else ""),
                     "named": (f"{'yes' if _names_newest(read_head, key, date) else 'no'}/"
                               f"{'yes' if _names_newest(str(entry.get('headline', '')), key, date) else 'no'}"),
                     "windows": windows,
                     "entries": len(r.outline), "runs": runs, "widest": round(widest, 3),
                     "asked": len(asked), "right": right})
    return rows


_WINDOWS = (1024, 2048, 4096)  # context tokens of summarize besides the default 8,192


def _user_turns(text: str, rx: str, other: str) -> list[str]:
    """The text of each user turn: from its opening line to the next turn's."""
    turns: list[str] = []
    current: list[str] | None = None
    for line in text.split("\n"):
        if re.search(rx, line):
            if current is not None:
                turns.append("\n".join(current))
            current = [re.sub(r"^#+ ", "", line)]
        elif re.search(other, line) and line.strip():
            if current is not None:
                turns.append("\n".join(current))
            current = None
        elif current is not None:
            current.append(line)
    if current is not None:
        turns.append("\n".join(current))
    return turns


def _chatgpt_asks(doc: Any) -> list[str]:
    """A ChatGPT data export: the user nodes of each conversation's mapping, in tree order."""
    asks: list[str] = []
    for conv in doc:
        nodes = conv["mapping"]
        stack = [k for k, n in nodes.items() if not n.get("parent")]
        while stack:
            node = nodes[stack.pop()]
            msg = node.get("message") or {}
            if (msg.get("author") or {}).get("role") == "user":
                parts = (msg.get("content") or {}).get("parts") or []
                asks.append(" ".join(p for p in parts if isinstance(p, str)))
            stack.extend(reversed(node.get("children") or []))
    return asks


def _gemini_asks(doc: Any) -> list[str]:
    """A Gemini CLI session: the text parts of its ``user`` messages."""
    return [" ".join(p.get("text", "") for p in m["content"]) if isinstance(m["content"], list)
            else m["content"] for m in doc["messages"] if m.get("type") == "user"]


def _copilot_asks(lines: list[Any]) -> list[str]:
    """A Copilot CLI event log: what the user typed (``user.message`` with content)."""
    return [d["data"]["content"] for d in lines
            if d.get("type") == "user.message" and d["data"].get("content")]


def _role_asks(lines: list[Any]) -> list[str]:
    """Chat JSON lines with a ``role``: the user's texts."""
    return [str(d.get("text") or d.get("content") or "") for d in lines if d.get("role") == "user"]


# Ground truth per JSON chat history (bench only): its user asks, read with its own schema.
JSON_ASK_TRUTH = {
    "librechat_chatgpt-conversations-export.json": _chatgpt_asks,
    "vibecodingtracker_gemini-cli-session.json": _gemini_asks,
    "vibecodingtracker_copilot-cli-events.jsonl": _copilot_asks,
    "trade-arena_sanitized-export.jsonl": _role_asks,
}
CHAT_FOLDERS = ("chat-exports", "incoming/chat-exports")


def _chat_path(name: str) -> Path | None:
    """Where a chat history is now: its kind's folder, or still in incoming."""
    return next((SHARED / d / name for d in CHAT_FOLDERS if (SHARED / d / name).exists()),
                None)


def _true_asks(name: str, path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8")
    if name in JSON_ASK_TRUTH:
        doc = ([json.loads(line) for line in text.splitlines() if line.strip()]
               if path.suffix == ".jsonl" else json.loads(text))
        return [" ".join(a.split()) for a in JSON_ASK_TRUTH[name](doc) if a.strip()]
    rx, other = ASK_TRUTH[name]
    return [" ".join(t.split()) for t in _user_turns(text, rx, other)]


def measure_chats() -> list[dict[str, Any]]:
    from gapless.engine.config import Settings
    from gapless.engine.run.request import RunRequest
    from gapless.engine.service import summarize_path

    rows = []
    for name in [*ASK_TRUTH, *(n for n in JSON_ASK_TRUTH if n not in ASK_TRUTH)]:
        path = _chat_path(name)
        if path is None:
            continue
        truth = _true_asks(name, path)
        said = " ".join(truth)
        result = asyncio.run(summarize_path(path, RunRequest(Settings())))
        summary = (result.entry or {}).get("summary", "")
        asked = asked_items(summary)
        real = sum(1 for a in asked if " ".join(a[:40].rstrip("…").split()) in said)
        first = truth[0] if truth else ""
        rows.append({"file": name, "user turns": len(truth),
                     "conversation": "yes" if summary.startswith(("Asked:", "Done:")) else "no",
                     "asks listed": len(asked), "asks real": real,
                     "first real ask": first[:22],
                     "first ask": "yes" if first and any(
                         " ".join(a.split())[:30].rstrip("…") in first for a in asked)
                     else "no"})
    return rows


_OUTCOME_REF = re.compile(
    r"\b(?:decid\w*|decision\w*|agree\w*|settl\w*|conclu\w*|would|will|should|must|"
    r"need\w*|had to|has to|price\w*|euros?|percent|million|cost\w*|assign\w*)\b", re.I)
_AGENDA = re.compile(
    r"\b(?:agenda|meetings?|introduc\w*|today|discuss\w*|talk(?:ing)? about|go through|"
    r"presentations?|e-?mails?|shared folder|record\w*)\b", re.I)
_GROUP_OWNER = ("Everyone", "All", "Team", "Someone", "The listener", "The speaker")
_STOP = frozenset((
    "the", "and", "that", "this", "with", "for", "was", "were", "are", "but", "not", "they",
    "them", "their", "there", "then", "than", "have", "has", "had", "would", "will", "should",
    "could", "can", "also", "from", "about", "what", "which", "who", "when", "where", "how",
    "all", "any", "some", "more", "most", "such", "only", "into", "over", "very", "just",
    "been", "being", "its", "it's", "our", "out", "you", "your", "yes", "okay", "yeah",
    "well", "like", "think", "know", "going", "said", "say", "group", "meeting"
))


def _content(text: str) -> set[str]:
    return {w.lower()[:5] for w in re.findall(r"[A-Za-z]{3,}", text)
            if w.lower() not in _STOP}


def measure_meetings() -> list[dict[str, Any]]:
    from gapless.engine.config import Settings
    from gapless.engine.run.request import RunRequest
    from gapless.engine.service import summarize_path

    folder = SHARED / "meetings"
    refs_path = folder / "references.json"
    if not refs_path.exists():
        return []
    refs = json.loads(refs_path.read_text(encoding="utf-8"))
    rows = []
    for name, ref in refs.items():
        path = folder / f"{name}.txt"
        if not path.exists():
            continue
        texts = [*ref.get("general_summary", []),
                 *(q["answer"] for q in ref.get("specific_queries", []))]
        sentences = [s for t in texts for s in re.split(r"(?<=[.!?])\s+", t)
                     if _OUTCOME_REF.search(s)]
        result = asyncio.run(summarize_path(path, RunRequest(Settings())))
        entry = result.entry or {}
        decisions = list(entry.get("decisions") or [])
        actions = list(entry.get("actions") or [])
        bullets = [_content(b) for b in decisions + actions]
        recalled = sum(1 for s in sentences
                       if any(len(_content(s) & b) >= 3 for b in bullets))
        filler = sum(1 for d in decisions
                     if _AGENDA.search(d.partition(": ")[2]) or d.rstrip().endswith("?"))
        group = sum(1 for a in actions if a.partition(":")[0] in _GROUP_OWNER)
        rows.append({"file": name, "refs": len(sentences), "recalled": recalled,
                     "decisions": len(decisions), "filler": filler,
                     "actions": len(actions), "group": group})
    return rows


def measure() -> dict[str, list[dict[str, Any]]]:
    return {"logs": measure_logs(), "incoming logs": measure_incoming_logs(),
            "changelogs": measure_changelogs(),
            "chat exports": measure_chats(), "meetings": measure_meetings()}


def _cell(row: dict[str, Any] | None, key: str) -> str:
    if row is None:
        return "?"
    return str(row.get(key, ""))


_COLUMNS = {
    "logs": [("named", lambda r: f"{r['named']}/{r['of']}"), ("levels", lambda r: r["levels"]),
             ("windows 512-4k", lambda r: r.get("windows", "-")),
             ("split 2-9", lambda r: r.get("splits", "-")),
             ("format", lambda r: r["format"])],
    "incoming logs": [("named", lambda r: f"{r['named']}/{r['of']}"),
                      ("levels", lambda r: r["levels"]),
                      ("records/true", lambda r: r["records"]),
                      ("windows 512-4k", lambda r: r.get("windows", "-")),
                      ("split 2-9", lambda r: r.get("splits", "-")),
                      ("format", lambda r: r["format"])],
    "changelogs": [("releases+unreleased", lambda r: f"{r['releases']}+{r.get('unreleased', 0)}"),
                   ("read", lambda r: f"{r['counted']}+{r.get('counted_u', 0)}"),
                   ("summarize", lambda r: f"{r.get('summarized', '-')}+"
                                           f"{r.get('summarized_u', 0)}"),
                   ("newest named read/summ", lambda r: str(r.get("named", "-"))),
                   ("summarize 1k/2k/4k", lambda r: str(r.get("windows", "-"))),
                   ("runs/entries", lambda r: f"{r['runs']}/{r['entries']}"),
                   ("widest", lambda r: f"{r['widest']:.1%}"),
                   ("which release", lambda r: f"{r['right']}/{r['asked']}")],
    "chat exports": [("turns", lambda r: str(r["user turns"])),
                     ("conversation", lambda r: r["conversation"]),
                     ("asks real/listed", lambda r: f"{r['asks real']}/{r['asks listed']}"),
                     ("first ask listed", lambda r: r.get("first ask", "?")),
                     ("first real ask", lambda r: r.get("first real ask", "?"))],
    "meetings": [("recalled/outcome refs", lambda r: f"{r['recalled']}/{r['refs']}"),
                 ("filler/decisions", lambda r: f"{r['filler']}/{r['decisions']}"),
                 ("group-owned/actions", lambda r: f"{r['group']}/{r['actions']}")],
}


def print_side_by_side(now: dict[str, list[dict[str, Any]]],
                       base: dict[str, list[dict[str, Any]]] | None) -> None:
    for kind, cols in _COLUMNS.items():
        print(f"\n== {kind}: " + ("before → now" if base is not None else "now"))
        head = f"{'file':<34}" + "".join(f" {c:>25}" for c, _ in cols)
        print(head)
        before = {r["file"]: r for r in (base or {}).get(kind, [])}
        for row in now.get(kind, []):
            old = before.get(row["file"])
            cells = []
            for _, fn in cols:
                new = fn(row)
                cells.append(f" {(fn(old) if old else '?') + ' → ' + new if base else new:>25}")
            print(f"{row['file'][:33]:<34}" + "".join(cells))


def run(base_dir: str | None) -> int:
    now = measure()
    base = None
    if base_dir:
        env = dict(os.environ, GAPLESS_BENCH_ENGINE=str(Path(base_dir).resolve()),
                   GAPLESS_SHARED_DATA=str(SHARED))
        out = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--json"],
                             env=env, capture_output=True, text=True, cwd=base_dir, check=False)
        if out.returncode != 0:
            print(out.stderr[-3000:])
            return 1
        base = json.loads(out.stdout.strip().splitlines()[-1])
    print_side_by_side(now, base)
    return 0


if __name__ == "__main__":
    engine_dir = os.environ.get("GAPLESS_BENCH_ENGINE")
    sys.path.insert(0, engine_dir or str(ROOT))
    if "--json" in sys.argv:
        import logging

        logging.disable(logging.WARNING)
        print(json.dumps(measure()))
    else:
        base_arg = sys.argv[sys.argv.index("--base") + 1] if "--base" in sys.argv else None
        raise SystemExit(run(base_arg))
