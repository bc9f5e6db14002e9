"""Chat histories in JSON of schemas nobody taught the reader, read as conversations by their
structure (issue 36): a speaker field under any name and at any depth, a tree linked by
child ids, text in parts, tool results and base64 attachments that are never asks."""

from __future__ import annotations

import json
from pathlib import Path

from gapless.engine.sources import detect_format, load_transcript
from gapless.engine.sources.chat_shape import find_conversations, find_speaker
from gapless.tui.cli.main import main
from tests.support.helpers import asked_items

BLOB = "iVBORw0KGgo" + "QUJDRA" * 80  # base64, no words


def _write(tmp_path: Path, name: str, doc: object, *, lines: bool = False) -> Path:
    f = tmp_path / name
    if lines:
        assert isinstance(doc, list)
        f.write_text("".join(json.dumps(x) + "\n" for x in doc), encoding="utf-8")
    else:
        f.write_text(json.dumps(doc, indent=1), encoding="utf-8")
    return f


def _asked(tmp_path: Path, f: Path, capsys) -> tuple[list[str], dict]:
    assert main(["summarize", str(f), "--json", "--db", str(tmp_path / "g.db")]) == 0
    out = json.loads(capsys.readouterr()[0])
    return asked_items(out["entry"]["summary"]), out


def _said(text: str, role: str) -> list[str]:
    """The bodies of the rendered messages of ``role``."""
    return [m.split("\n", 1)[1].strip() for m in text.split("\n\n### ")
            if m.removeprefix("### ").startswith(role)]


def test_a_tree_linked_by_child_ids_reads_in_conversation_order(tmp_path, capsys):
    nodes = {
        "c": {"id": "c", "down": [], "msg": {"who": {"kind": "bot"},
                                             "body": {"chunks": ["Use a heap of intervals."]}}},
        "a": {"id": "a", "down": ["b"], "msg": {"who": {"kind": "human"},
                                               "body": {"chunks": ["How do I merge intervals?"]}}},
        "b": {"id": "b", "down": ["c", "e"], "msg": {"who": {"kind": "bot"},
                                                    "body": {"chunks": ["Sort them first."]}}},
        "d": {"id": "d", "down": [], "msg": {"who": {"kind": "bot"},
                                            "body": {"chunks": ["Yes, with a sweep line."]}}},
        "e": {"id": "e", "down": ["d"], "msg": {"who": {"kind": "human"},
                                               "body": {"chunks": ["Please do it in place."]}}},
    }
    f = _write(tmp_path, "tree.json", {"title": "Intervals", "nodes": nodes})
    found = find_conversations(json.loads(f.read_text()))
    assert found is not None and found.speaker.path == "msg.who.kind"
    assert [item["id"] for _n, item in found.conversations[0]] == ["a", "b", "c", "e", "d"]
    assert detect_format(f) == "chat-json"
    text = load_transcript(f).data.decode()
    assert text.index("How do I merge") < text.index("Sort them") < text.index("Use a heap")
    assert _said(text, "user") == ["How do I merge intervals?", "Please do it in place."]
    asked, _ = _asked(tmp_path, f, capsys)
    assert asked and asked[0].startswith("How do I merge intervals")
    assert all(a.rstrip(".?") in " ".join(_said(text, "user")) for a in asked)


def test_a_speaker_key_of_any_name_and_content_as_parts(tmp_path, capsys):
    msgs = []
    for i in range(4):
        msgs.append({"author": "user", "parts": [{"text": f"Please rename module {i} to "
                                                           f"core_{i} everywhere."},
                                                  {"text": "Keep the old name as an alias."}]})
        msgs.append({"author": "model", "parts": [{"text": f"Renamed module {i} in 3 files."}]})
    f = _write(tmp_path, "parts.json", {"session": "s1", "history": msgs})
    speaker = find_speaker(msgs)
    assert speaker is not None and speaker.path == "author"
    assert speaker.roles == {"user": "user", "model": "assistant"}
    text = load_transcript(f).data.decode()
    assert _said(text, "user")[0] == ("Please rename module 0 to core_0 everywhere.\n"
                                      "Keep the old name as an alias.")
    assert len(_said(text, "assistant")) == 4
    asked, out = _asked(tmp_path, f, capsys)
    assert asked[0] == "Please rename module 0 to core_0 everywhere."
    assert all(a.startswith(("Please rename module", "Keep the old name")) for a in asked)
    assert out["source"]["records"]["total"] == 8


def test_tool_results_and_base64_attachments_are_never_asks(tmp_path, capsys):
    events = [
        {"kind": "human_turn", "payload": {"words": "Write the config loader please.",
                                            "files": [{"name": "shot.png", "data": BLOB}]}},
        {"kind": "agent_turn", "payload": {"words": "Writing it now.", "toolUses": [
            {"name": "write_to_file", "input": {"path": "config.py", "content": "x = 1"}}]}},
        {"kind": "tool_turn", "payload": {"output": "[write_to_file for 'config.py'] Result: "
                                                    "The content was successfully saved."}},
        {"kind": "agent_turn", "payload": {"words": "Done: config.py holds the loader."}},
        {"kind": "human_turn", "payload": {"words": "Now add a test for it."}},
        {"kind": "agent_turn", "payload": {"words": "Added tests/test_config.py."}},
    ]
    f = _write(tmp_path, "events.jsonl", events, lines=True)
    assert detect_format(f) == "chat-json"
    t = load_transcript(f)
    text = t.data.decode()
    assert BLOB[:40] not in text  # the attachment's bytes are counted, not rendered
    assert t.account is not None
    assert t.account.records.parts_dropped == {"attachment (base64)": 1}
    assert "### tool" in text and "→ write_to_file" in text
    asked, out = _asked(tmp_path, f, capsys)
    assert [a.rstrip(".") for a in asked] == ["Write the config loader please",
                                               "Now add a test for it"]
    assert "Result:" not in out["entry"]["summary"] and BLOB[:20] not in out["entry"]["summary"]


def test_bookkeeping_voices_are_counted_and_left_out(tmp_path):
    events = [{"type": "session.begin", "data": {"cwd": "/repo"}}]
    for i in range(3):
        events += [{"type": "user.said", "data": {"text": f"question number {i} here"}},
                   {"type": "assistant.said", "data": {"text": f"answer number {i} here"}},
                   {"type": "usage.tick", "data": {"n": i}}]
    f = _write(tmp_path, "log.jsonl", events, lines=True)
    t = load_transcript(f)
    records = t.account.records if t.account is not None else None
    assert records is not None and records.total == 10 and records.balanced
    assert records.dropped == {"session.begin record": 1, "usage.tick record": 3}
    assert t.data.decode().count("### user") == 3


def test_a_json_log_with_a_level_field_is_no_conversation(tmp_path):
    lines = [{"level": lv, "msg": f"request {i} served", "ts": f"2026-01-01T00:00:{i:02d}Z"}
             for i, lv in enumerate(["INFO", "WARN", "INFO", "ERROR", "INFO", "DEBUG"] * 3)]
    f = _write(tmp_path, "app.jsonl", lines, lines=True)
    assert find_speaker(lines) is None
    assert detect_format(f) == "text"


def test_a_tool_result_written_into_the_users_turn_is_no_ask(tmp_path, capsys):
    """An agent harness that hands a tool's output back as the user's text
    (``[name for 'arg'] Result:``): the turn is the tool's, never the person's."""
    msgs = [
        {"role": "user", "content": [{"type": "text", "text": "Create hello.py that prints hi."}]},
        {"role": "assistant", "content": "I'll write the file now."},
        {"role": "user", "content": [
            {"type": "text", "text": "[write_to_file for 'hello.py'] Result:"},
            {"type": "text", "text": "The content was successfully saved to hello.py."}]},
        {"role": "assistant", "content": "Wrote hello.py; it prints hi."},
        {"role": "user", "content": "[execute_command for 'python hello.py'] Result:\nhi"},
        {"role": "assistant", "content": "It printed hi, as asked."},
    ]
    f = _write(tmp_path, "harness.json", msgs)
    text = load_transcript(f).data.decode()
    assert _said(text, "user") == ["Create hello.py that prints hi."]
    assert "← write_to_file result\nThe content was successfully saved" in text
    asked, out = _asked(tmp_path, f, capsys)
    assert [a.rstrip(".") for a in asked] == ["Create hello.py that prints hi"]
    assert out["source"]["records"]["classes"] == {"conversation": 4, "tool": 2}


def test_a_tree_linked_by_parent_ids_with_a_speaker_key(tmp_path, capsys):
    """Nodes stored out of order, each naming its parent; the speaker is a ``speaker``."""
    nodes = [
        {"id": "n3", "parent": "n2", "speaker": "user", "body": "Then cache the result."},
        {"id": "n1", "parent": None, "speaker": "user", "body": "Parse the config file first."},
        {"id": "n4", "parent": "n3", "speaker": "assistant", "body": "Cached it in memory."},
        {"id": "n2", "parent": "n1", "speaker": "assistant", "body": "Parsed it with tomllib."},
    ]
    f = _write(tmp_path, "parents.json", {"export": {"nodes": nodes}})
    found = find_conversations(json.loads(f.read_text()))
    assert found is not None and found.speaker.path == "speaker"
    assert [x["id"] for _n, x in found.conversations[0]] == ["n1", "n2", "n3", "n4"]
    text = load_transcript(f).data.decode()
    assert _said(text, "user") == ["Parse the config file first.", "Then cache the result."]
    asked, _ = _asked(tmp_path, f, capsys)
    assert asked and asked[0].startswith("Parse the config file first")


def test_records_that_merely_have_a_user_type_are_no_conversation(tmp_path):
    """Accounts typed ``User`` or ``Organization`` alternate, but only one voice has words."""
    accounts = [{"login": f"acct{i}", "type": "User" if i % 2 else "Organization",
                 "bio": f"maintainer of project {i} and more" if i % 2 else ""}
                for i in range(12)]
    f = _write(tmp_path, "accounts.json", accounts)
    assert find_conversations(accounts) is None
    assert detect_format(f) == "text"


def test_a_field_that_is_a_list_in_one_record_and_a_flag_in_another_loads(
        tmp_path: Path) -> None:
    """The fuzz trial's case: ``isSidechain`` a list in one record, ``true`` in the next;
    the search for replies nested in their message must not iterate the flag."""
    rows = [{"type": "user", "sessionId": "", "timestamp": "2026-01-01T10:00:00Z",
             "message": None, "isSidechain": flag, "isCompactSummary": None}
            for flag in ([], True)]
    path = tmp_path / "x.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in rows), encoding="utf-8")
    transcript = load_transcript(path)  # (raised TypeError)
    assert not transcript.messages  # neither record holds a message
