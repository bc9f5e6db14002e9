"""A channel of peers (:func:`engine.sources.group_voices.peer_group`): records whose speaker
key holds several voices, every one of which asks as well as answers, are a discussion —
each message said under its sender's name (``Name: words``, its words field only: no id,
time or reaction of the record) and minuted as a meeting is, never read as a person's asks
and an assistant's answers. A group where some voices only answer keeps its sides, and a
list of documents (an issue's title over its body) stays no chat."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from gapless.engine.config import Settings
from gapless.engine.run.request import RunRequest
from gapless.engine.service import summarize_path
from gapless.engine.sources import load_transcript
from gapless.engine.sources.group_voices import group_sides, peer_group

# (who, words): four people who each ask and each answer, as a team's channel does
DAY = [("Ana Costa", "The nightly build failed on the arm64 runner, has anyone looked?"),
       ("Ben Okafor", "Yes, the cache key changed after the lockfile update. Did someone bump "
                      "the resolver?"),
       ("Cleo Martin", "That was me. Should I pin it back to 23.1 until we fix the key?"),
       ("Ana Costa", "Let's pin it back, we agreed to move the cache key change to next "
                     "sprint."),
       ("Dev Patel", "Are we still shipping 4.12 on Thursday?"),
       ("Cleo Martin", "We decided yesterday that arm64 is not a release blocker."),
       ("Ben Okafor", "Who writes the release notes this time?"),
       ("Dev Patel", "I will write them tomorrow and post the draft here."),
       ("Ana Costa", "Thanks Dev, I will review the draft before noon.")]


def _channel(day: list[tuple[str, str]]) -> list[dict[str, Any]]:
    """A chat workspace's channel day file: each message's sender an id, the name in a
    profile beside it, rich text blocks repeating the words, a thread, a join, a reaction."""
    ids = {who: f"U0{k:02d}ABC{k}" for k, who in enumerate(dict.fromkeys(w for w, _t in day))}
    out: list[dict[str, Any]] = [{"type": "message", "subtype": "channel_join",
                                  "user": ids["Dev Patel"], "ts": "1714550000.000100",
                                  "text": f"<@{ids['Dev Patel']}> has joined the channel"}]
    for k, (who, text) in enumerate(day):
        ts = f"{1714550060 + 60 * k}.000{k:03d}"
        m: dict[str, Any] = {
            "client_msg_id": f"5f2c{k:04d}-0c1d-4b7e-9a53-{k:012d}", "type": "message",
            "text": text, "user": ids[who], "ts": ts, "team": "T0ABCD",
            "blocks": [{"type": "rich_text", "block_id": f"b{k}", "elements": [
                {"type": "rich_text_section", "elements": [{"type": "text", "text": text}]}]}],
            "user_profile": {"real_name": who, "display_name": who.split()[0].lower(),
                             "first_name": who.split()[0], "team": "T0ABCD"}}
        if 1 <= k <= 3:
            m.update({"thread_ts": "1714550060.000000", "parent_user_id": ids["Ana Costa"]})
        if k == 3:
            m["reactions"] = [{"name": "+1", "users": [ids["Ben Okafor"]], "count": 1}]
            m["edited"] = {"user": ids[who], "ts": f"{1714550300 + k}.000000"}
        out.append(m)
    return out


def test_a_group_where_every_voice_asks_is_peers_and_one_that_only_answers_is_not():
    seq = [w for w, _t in DAY]
    said: dict[str, list[str]] = {}
    for who, text in DAY:
        said.setdefault(who, []).append(text)
    assert peer_group(seq, said)
    # read by how often each asks, the voice that asks least would be the others' assistant
    assert (group_sides(seq, said) or {}).get("Ana Costa") == "assistant"
    # a voice that only answers: the group keeps its sides
    answered = {**said, "Dev Patel": ["I will write them tomorrow.", "Yes, Thursday."]}
    assert not peer_group(seq, answered)
    # three sources in runs (a log's), not turns: no group at all
    runs = ["api"] * 4 + ["db"] * 4 + ["worker"] * 4
    assert not peer_group(runs, {k: ["is it up?"] for k in ("api", "db", "worker")})


def test_a_channel_of_peers_is_said_under_names_and_minuted(tmp_path: Path):
    path = tmp_path / "release-train_2024-05-01.json"
    path.write_text(json.dumps(_channel(DAY), indent=2), encoding="utf-8")
    text = load_transcript(path).text(0, 10**6)
    for who, words in DAY:
        assert f"{who}: {words.splitlines()[0]}" in text
    assert "### user" not in text and "### assistant" not in text
    assert "U00ABC0" not in text and "1714550" not in text and "+1" not in text
    assert "has joined the channel" not in text  # the app's notice, no one's words
    entry = asyncio.run(summarize_path(path, RunRequest(Settings()))).entry or {}
    assert entry.get("kind") == "meeting"
    assert not entry.get("summary", "").startswith(("Asked:", "Done:"))
    decided = entry.get("decisions") or []
    assert any(d.startswith("Ana Costa: Let's pin it back") for d in decided)


def test_a_group_where_some_only_answer_keeps_its_askers(tmp_path: Path):
    day = [(w, t if w not in ("Ben Okafor", "Dev Patel") else t.split("?")[-1].strip()
            or "Yes, it is fixed now.") for w, t in DAY]
    path = tmp_path / "help_2024-05-01.json"
    path.write_text(json.dumps(_channel(day), indent=2), encoding="utf-8")
    text = load_transcript(path).text(0, 10**6)
    assert "### user" in text and "### assistant" in text
    assert "Ana Costa: " not in text


def test_a_list_of_issues_stays_no_chat(tmp_path: Path):
    """Authors that alternate and titles that ask, but each record holds two things said
    (a title over a body): a tracker's documents, read as the JSON they are."""
    logins = ["octocat", "hubot", "monalisa", "defunkt"]
    titles = ["Why does the build fail on arm64 runners?", "Add a flag to skip the cache",
              "Crash when the config file is empty", "How do I pin the resolver version?",
              "Can the CLI read from stdin?", "Memory grows in watch mode",
              "Is there a way to disable telemetry?", "Timeout ignored when retries are set"]
    issues = [{"id": 1000 + k, "number": 100 + k, "title": t, "state": "open",
               "user": {"login": logins[k % 4], "id": 500 + k % 4},
               "created_at": f"2024-05-{1 + k:02d}T10:00:00Z",
               "body": f"Running version 2.{k}.0 with the default settings, it stops after a "
                       "while. Is that expected?"} for k, t in enumerate(titles)]
    path = tmp_path / "issues.json"
    path.write_text(json.dumps(issues, indent=2), encoding="utf-8")
    text = load_transcript(path).text(0, 10**6)
    assert "octocat: " not in text and "### user" not in text
    assert all(t in text for t in titles)
