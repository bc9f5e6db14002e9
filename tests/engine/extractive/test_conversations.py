"""Conversations with an agent on the real sessions of tests/data (#12 item 6): the headline
states the outcome, not the first prompt; the summary is bullets under Asked / Done / Decided /
Left open, with no ``Files:`` / ``Commands:`` / ``Errors:`` lines glued to it; the files an
agent changed, the commands it ran and the errors it met are fields of the extraction."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from gapless.engine.core.extraction import Extraction
from gapless.engine.extractive import fold_extractions, summarize_text
from gapless.engine.extractive.conversation import edited_path, patch_path, shell_written
from gapless.engine.extractive.segment import parse_text
from gapless.engine.sources import load_transcript
from tests.support.helpers import asked_items
from tests.support.paths import TEST_DATA

SESSIONS = sorted(
    [*TEST_DATA.glob("claude-projects/*/*.jsonl"), *TEST_DATA.glob("codex/*.jsonl"),
     *TEST_DATA.glob("chat-exports/*.jsonl"), *TEST_DATA.glob("claude-code/*.jsonl")])
# Sessions in which the agent never reports anything done (a request and a plan only): their
# headline can only be the request.
NOTHING_DONE = {"engineering-notebook_test-codex-session-1",
                "engineering-notebook_test-command-messages"}

# What a session's raw file says it wrote, read independently of the summarizer: Claude Code
# edit tool calls (native records, and the sanitized export's "[tool_use:Write {...}]" text)
# and Codex patches.
_EDIT_TOOLS = ("Edit", "Write", "MultiEdit", "NotebookEdit")
_EXPORTED = re.compile(r"\[tool_use:(?:Edit|Write|MultiEdit|NotebookEdit) (\{.*?\})\]$", re.S)
_PATCH = re.compile(r"\*\*\* (?:Update|Add|Delete) File: ([^\\\n\"]+)")


def _written(path: Path) -> list[str]:
    out: list[str] = []

    def add(name: object) -> None:
        if isinstance(name, str) and name.strip() and name.strip() not in out:
            out.append(name.strip())

    def walk(node: object) -> None:
        if isinstance(node, dict):
            inp = node.get("input")
            if node.get("name") in _EDIT_TOOLS and isinstance(inp, dict):
                add(inp.get("file_path"))
            text = node.get("text")
            if isinstance(text, str) and (m := _EXPORTED.search(text.strip())):
                add(json.loads(m.group(1)).get("file_path"))
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)
        elif isinstance(node, str):
            for m in _PATCH.finditer(node):
                add(m.group(1))

    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        if line.strip():
            walk(json.loads(line))
    return out


def _leaves(text: str, size: int = 8192) -> list[tuple[int, str]]:
    """Pieces of at most ``size`` bytes cut at message headers, as the tree strategy reads."""
    out: list[tuple[int, str]] = []
    buf: list[str] = []
    n = offset = 0
    for line in text.splitlines(keepends=True):
        b = len(line.encode())
        if buf and (n + b > size or (line.startswith("### ") and n > size // 2)):
            out.append((offset, "".join(buf)))
            offset += n
            buf, n = [], 0
        buf.append(line)
        n += b
    if buf:
        out.append((offset, "".join(buf)))
    return out


def _summary(path: Path) -> tuple[str, Extraction]:
    text = load_transcript(path).data.decode("utf-8")
    parts = [summarize_text(chunk, off) for off, chunk in _leaves(text)]
    while len(parts) > 8:
        parts = [fold_extractions(parts[i:i + 8]) for i in range(0, len(parts), 8)]
    return text, (parts[0] if len(parts) == 1 else fold_extractions(parts))


def _words(text: str) -> str:
    return re.sub(r"\W+", " ", text).strip()


def _first_prompt(text: str) -> str:
    m = re.search(r"^### user[^\n]*\n+(.+)", text, re.M)
    assert m, "a session with a user"
    return m.group(1).strip()


@pytest.fixture(scope="module")
def summaries() -> dict[str, tuple[Path, str, Extraction]]:
    if not SESSIONS:
        pytest.fail("test data missing from tests/data")
    return {p.stem: (p, *_summary(p)) for p in SESSIONS}


def test_headline_states_the_outcome_not_the_first_prompt(
        summaries: dict[str, tuple[Path, str, Extraction]]) -> None:
    checked = 0
    for name, (_, text, ex) in summaries.items():
        assert ex.headline and len(ex.headline) <= 100 and "\n" not in ex.headline, name
        if name in NOTHING_DONE:
            continue
        first = _first_prompt(text)
        assert not ex.headline.rstrip("…").startswith(first[:40]), (name, ex.headline)
        assert ex.anchors and any(a.label.startswith("headline (outcome): ")
                                  for a in ex.anchors), (name, ex.headline)
        checked += 1
    assert checked >= 10
    # ... a real one, which reports work done
    scout = summaries["scout_codex-session"][2]
    assert scout.headline.startswith("Created opencode.jsonc with the ZenMux"), scout.headline


def test_summary_is_bullets_without_glued_trailers(
        summaries: dict[str, tuple[Path, str, Extraction]]) -> None:
    for name, (_, text, ex) in summaries.items():
        assert ex.summary and len(ex.summary) <= 1200, name
        assert not re.search(r"^\s*(?:Files|Commands|Errors):", ex.summary, re.M), name
        lines = ex.summary.splitlines()
        assert lines[0] in ("Asked:", "Done:", "Decided:"), (name, ex.summary)
        for line in lines:  # every line is a section header or a bullet
            assert re.fullmatch(r"(?:Asked|Done|Decided|Left open):", line) or \
                line.startswith("- "), (name, line)
        # the first request is what the summary starts with (the headline no longer says it)
        assert _words(lines[1][2:])[:40] in _words(text), name
    decided = summaries["engineering-notebook_test-session-1"][2]
    assert decided.summary.startswith("Asked:\n- Fix the login bug.\nDone:\n- Fixed the "
                                      "comparison operator."), decided.summary


def test_files_lists_the_files_the_session_changed(
        summaries: dict[str, tuple[Path, str, Extraction]]) -> None:
    with_edits = 0
    for name, (path, text, ex) in summaries.items():
        written = _written(path)
        if written:
            with_edits += 1
            assert ex.files, name
            # the first files it changed, in order (at most 12 are listed)
            assert ex.files[: min(len(written), 4)] == written[:4], (name, ex.files, written)
        for f in ex.files:  # each one written by an edit, a patch or a shell command
            assert f in written or any(f in shell_written(c) for c in _commands(text)), \
                (name, f)
    assert with_edits >= 5
    trade = summaries["trade-arena_sanitized-export"][2]
    assert trade.files == ["$PROJECT_ROOT/app/src/routes/landing1.tsx",
                           "$PROJECT_ROOT/app/src/routes/landing2.tsx",
                           "$PROJECT_ROOT/app/src/routes/landing3.tsx",
                           "$PROJECT_ROOT/app/src/App.tsx"]
    rave = summaries["rave-era-project_codex-session"][2]
    assert len(rave.files) == 12 and rave.files[0] == "lib/format.ts"


def _commands(text: str) -> list[str]:
    return [m.group(1) for m in re.finditer(r"^→ \w+(?: \([^)]*\))?: (.+)$", text, re.M)]


def test_commands_and_errors_are_fields(
        summaries: dict[str, tuple[Path, str, Extraction]]) -> None:
    scout = summaries["scout_codex-session"][2]
    assert "zsh -lc 'source ~/.zshrc; opencode models zenmux'" in scout.commands
    assert all("[in " not in c and "yield_time_ms" not in c for c in scout.commands)
    avd = summaries["3e89eb15-32e7-43f8-8734-8d47310263ea"][2]
    assert "adb root" in avd.commands
    assert "jq: command not found" in avd.errors
    for name, (_, _, ex) in summaries.items():
        assert len(ex.files) <= 12 and len(ex.commands) <= 8 and len(ex.errors) <= 6, name
        assert ex.model_dump().keys() <= Extraction.model_fields.keys()


def test_written_files_are_read_from_tools_patches_and_shells() -> None:
    assert edited_path("Write", "/repo/a.py  [12 lines, 1.0 KB]") == "/repo/a.py"
    assert edited_path("Read", "/repo/a.py") is None
    assert patch_path("*** Update File: lib/format.ts") == "lib/format.ts"
    assert patch_path("*** Begin Patch") is None
    assert shell_written("echo x >> ~/.zshrc && sed -i 's/a/b/' src/app.py 2>&1") == [
        "~/.zshrc", "src/app.py"]
    assert shell_written("make 2>&1 | tee /tmp/build.log > /dev/null") == []
    assert shell_written("cat <<'EOF' > notes/plan.md") == ["notes/plan.md"]


def test_model_prompts_ask_a_conversation_for_the_same_shape() -> None:
    from gapless.engine.run.prompts import CONVERSATION_FIELDS, fold_prompt, leaf_prompt

    session = "### user · t\nPlease fix the login bug.\n\n### assistant · t\nFixed it.\n"
    # a leaf prompt keeps its size (the window's overhead is sized to it) ...
    asked = leaf_prompt(session, 0, question=None, instructions="", summary_chars=400).text
    assert CONVERSATION_FIELDS not in asked
    # ... a merge of a conversation's parts asks for the shape (other merges keep theirs)
    plain = fold_prompt([((0, 10), Extraction(headline="Budget meeting", summary="s"))],
                        question=None, instructions="", summary_chars=400).text
    assert CONVERSATION_FIELDS not in plain
    child = Extraction(headline="Fixed it", summary="Done:\n- Fixed it.", files=["a.py"])
    merged = fold_prompt([((0, 10), child)], question=None, instructions="",
                         summary_chars=400).text
    assert CONVERSATION_FIELDS in merged and '"files": ["a.py"]' in merged
    # a model's reply with the lists is read back as such, and they survive normalising
    from gapless.engine.core.extraction import normalise

    reply = Extraction.model_validate({"headline": "h", "summary": "s", "topics": ["a"],
                                       "files": ["a.py", "a.py", "b.py"], "commands": "make",
                                       "errors": None})
    cleaned, _ = normalise(reply, (0, 10))
    assert cleaned.files == ["a.py", "b.py"] and cleaned.commands == ["make"]
    assert cleaned.errors == [] and "errors" not in cleaned.model_dump()


def test_a_session_cut_off_says_so_in_its_headline(
        summaries: dict[str, tuple[Path, str, Extraction]]) -> None:
    # the real session whose user interrupted the agent after its last words
    name = "c6455dae-26cd-4ba2-a2b9-7b8e4675e19c"
    headline = summaries[name][2].headline
    assert headline.startswith("Interrupted by the user after: "), headline
    assert len(headline) <= 100
    # one interrupted early, that went on to report work done, is not called interrupted
    went_on = summaries["668424c4-e93f-4c2a-9597-e05159a98bde"][2].headline
    assert not went_on.startswith("Interrupted"), went_on
    # a usage limit that stopped the agent after its report (as a real session of
    # shared/data ends its main thread)
    text = ("### user · 2026-06-06T08:00:00Z\nFix the flaky upload test in tests/test_upload.py."
            "\n\n### assistant · 2026-06-06T08:10:00Z\nFixed the race in the upload retry: "
            "the test now passes 50 runs in a row.\n\n### assistant · 2026-06-06T08:16:48Z\n"
            "API Error: Request rejected (429) · error: code=429 reason=\"DAILY_LIMIT_EXCEEDED\"\n")
    ex = summarize_text(text)
    assert ex.headline.startswith("Stopped by an API error (429) after: Fixed the race"), (
        ex.headline)
    # and without the error, the report alone
    assert summarize_text(text.split("### assistant · 2026-06-06T08:16")[0]).headline \
        .startswith("Fixed the race")


def test_raw_codex_records_of_instructions_are_not_the_conversation() -> None:
    # `gapless read` hands raw JSONL to the summarizer: Codex's session_meta (its base
    # instructions) and developer messages are injected context, not what was said
    rules = "You are Codex. Always keep every status update under two sentences of prose."
    lines = [
        {"type": "session_meta", "payload": {"id": "s1", "base_instructions": {"text": rules}}},
        {"type": "response_item", "payload": {"type": "message", "role": "developer",
                                              "content": [{"type": "input_text",
                                                           "text": rules + " " + rules}]}},
        {"type": "turn_context", "payload": {"cwd": "/repo", "summary": rules}},
        {"type": "response_item", "payload": {"type": "message", "role": "user", "content": [
            {"type": "input_text", "text": "Set up the ZenMux provider in opencode."}]}},
        {"type": "response_item", "payload": {"type": "message", "role": "assistant",
                                              "content": [{"type": "output_text", "text":
                                                           "Created opencode.jsonc with the "
                                                           "ZenMux provider config."}]}},
    ]
    ex = summarize_text("\n".join(json.dumps(r) for r in lines) + "\n")
    assert "Codex" not in ex.headline and "status update" not in ex.summary, ex
    told = {"codex", "status update", "prose", "sentences"}
    assert not told & {t.lower() for t in ex.topics}, ex.topics
    assert "ZenMux" in ex.summary, ex.summary


def test_a_piece_cut_inside_a_listing_quotes_no_listing() -> None:
    """A leaf that begins inside an ``ls -l`` result (a planner's cut falls anywhere): the
    tail of the cut line and the lines after it are machine output, never prose joined into
    one sentence, and what precedes the first message header is the tail of an unseen
    message (a paragraph break before the header changes nothing)."""
    text = ("r-xr-x 1 ann ann    72 May 31 14:47 ini\n"
            "-rw-r--r-- 1 ann ann 12170 May 31 14:47 LICENSE\n"
            "drwxr-xr-x 1 ann ann    44 May 31 14:47 llvm\n"
            "\n"
            "### assistant · 2026-07-19T05:44:04Z\n"
            "The parser keeps its heap walker in one file, so the check is easy to follow.\n\n"
            "### tool · 2026-07-19T05:44:05Z\n"
            "← Bash result\n"
            "ann  4423 May 31 14:47 indirect_reference_table.h\n")
    parsed = parse_text(text)
    listing = [u for u in parsed.units if "ann" in u.text]
    assert listing and all(u.noise < 0.5 and "\n" not in text[u.start:u.end]
                           for u in listing), [(u.text, u.noise) for u in listing]
    assert {u.role for u in parsed.units if u.start < text.index("###")} == {"continuation"}
    ex = summarize_text(text, question="How does the parser walk the heap?")
    assert "ann" not in ex.summary and "heap walker" in ex.summary, ex.summary


def test_the_session_header_of_a_rendering_is_no_topic() -> None:
    """The line a rendering opens a session with (its id, folder, branch and tool version)
    is the renderer's, not what anyone said: a two-line Codex session's topics were
    'a8b8-a0d69db3f01d', 'alpha.23', 'Desktop', 'main' and 'session'."""
    t = load_transcript(str(TEST_DATA / "codex" / "engineering-notebook_test-codex-session-1.jsonl"))
    text = t.data.decode("utf-8")
    assert text.startswith("## Codex session ")
    ex = summarize_text(text)
    assert ex.topics and all(w.lower() not in " ".join(ex.topics).lower()
                             for w in ("session", "a8b8", "alpha", "desktop", "main")), ex.topics
    assert "Codex" in " ".join(ex.topics)


def test_the_summary_a_session_continued_from_is_not_among_the_asks() -> None:
    # a harness puts the summary of the conversation so far in the user's turn ("This
    # session is being continued from a previous conversation …"): its lines retell the
    # earlier asks and work, they are not asks of the user's
    text = load_transcript(TEST_DATA / "chat-exports" / "trade-arena_sanitized-export.jsonl"
                           ).data.decode()
    start = text.index("### user · 2026-04-30T07:49:21Z")
    end = text.index("\n### ", start + 10)
    injected = text[start:end]
    assert "This session is being continued" in injected
    assert asked_items(summarize_text(injected).summary) == []
    # in the whole history, every ask is in a turn the user wrote (an earlier ask the
    # injected summary quotes may be listed: the user did ask it)
    written = " ".join((text[:start] + text[end:]).split())
    asks = asked_items(summarize_text(text).summary)
    assert asks and all(" ".join(a[:40].rstrip("…").split()) in written for a in asks), asks
