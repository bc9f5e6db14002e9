"""Shared builders for engine tests."""

from __future__ import annotations

import json
import random
import re

from gapless.engine.core.transcript import Origin, Transcript, TranscriptBuilder

WORDS = ["parser", "cache", "migration", "schema", "pytest", "failing", "fixed", "refactor", "database", "index", "query", "latency", "timeout", "retry", "server", "client", "config", "deploy", "branch", "commit", "review", "bug", "crash", "memory", "thread", "async", "await", "token", "budget", "coverage", "span", "window", "summary", "tree", "leaf", "fold", "router", "model"]


def make_transcript(n_messages: int = 40, words: int = 60, seed: int = 0) -> Transcript:
    rnd = random.Random(seed)
    b = TranscriptBuilder(kind="test", name=f"generated-{seed}")
    for i in range(n_messages):
        role = "user" if i % 2 == 0 else "assistant"
        body = " ".join(rnd.choice(WORDS) for _ in range(words))
        text = f"### {role} · message {i}\nWe looked at src/mod_{i % 7}.py and {body}.\n"
        b.add(text, Origin("gen.jsonl", "s1"), role=role,
              timestamp=f"2026-01-01T10:{i % 60:02d}:00Z")
    return b.build()


def extraction_json(headline: str = "did things", summary: str = "a summary") -> str:
    return json.dumps({"headline": headline, "summary": summary,
                       "topics": ["a", "b", "c"], "open_questions": []})


def asked_items(summary: str) -> list[str]:
    """The bullets a conversation's summary lists under ``Asked:``."""
    asked, section = [], ""
    for line in summary.split("\n"):
        if re.match(r"^(Asked|Done|Decided|Left open):\s*$", line):
            section = line[:-1]
        elif section == "Asked" and line.startswith("- "):
            asked.append(line[2:])
    return asked
