"""The bad-input corpus: files a user might hand Gapless by mistake (or on purpose)."""

from __future__ import annotations

import gzip
import json
import os
import struct
import zlib
from collections.abc import Callable
from pathlib import Path

from tests.support.helpers import make_transcript


def _png() -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))

    raw = zlib.compress(b"\x00\xff\x00\x00" * 16)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 4, 4, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", raw) + chunk(b"IEND", b""))


def _claude(n: int) -> list[str]:
    return [json.dumps({"type": "user" if i % 2 == 0 else "assistant", "sessionId": "s1",
                        "timestamp": f"2026-01-01T10:{i:02d}:00Z", "uuid": f"u{i}",
                        "message": {"role": "user" if i % 2 == 0 else "assistant",
                                    "content": f"message {i} about src/app.py"}})
            for i in range(n)]


def write(path: Path, data: bytes | str) -> Path:
    path.write_bytes(data.encode("utf-8") if isinstance(data, str) else data)
    return path


# name -> builder(folder) -> path. Each is run through every verb that takes a file.
CASES: dict[str, Callable[[Path], Path]] = {
    "empty file": lambda d: write(d / "empty.jsonl", b""),
    "whitespace only": lambda d: write(d / "blank.md", " \n\t\n   \n"),
    "PNG image": lambda d: write(d / "image.png", _png()),
    "gzip archive": lambda d: write(d / "logs.gz", gzip.compress(b"hello\n" * 1000)),
    "invalid UTF-8": lambda d: write(d / "bad.log", b"ok line\n\xff\xfe\xfa broken \xc3\x28\n" * 50),
    "UTF-16 with BOM": lambda d: write(d / "utf16.txt", "hello world\n".encode("utf-16") * 40),
    "NUL bytes": lambda d: write(d / "nul.txt", b"text\x00more\x00" * 100),
    "one 5 MB line": lambda d: write(d / "line.log", b"x" * 5_000_000),
    "truncated last JSONL line": lambda d: write(
        d / "cut.jsonl", "\n".join(_claude(6)) + '\n{"type": "user", "message": {"ro'),
    "JSONL with wrong field types": lambda d: write(d / "types.jsonl", "\n".join([
        json.dumps({"type": 5, "message": "not an object"}),
        json.dumps({"type": "user", "message": {"role": 7, "content": {"a": 1}}}),
        json.dumps({"type": "assistant", "message": {"content": [1, None, "x"]}}),
        json.dumps(["an", "array"]), json.dumps(None), *_claude(3)])),
    "JSON nested 10,000 deep": lambda d: write(d / "deep.json", "[" * 10_000 + "]" * 10_000),
    "JSONL line nested 10,000 deep": lambda d: write(
        d / "deep.jsonl", '{"a":' * 10_000 + "1" + "}" * 10_000 + "\n" + _claude(2)[0]),
    # a chat JSON (its head says so) whose body no parser can follow: 30 KB, 10,000 deep
    "chat JSON nested 10,000 deep": lambda d: write(d / "deep-chat.json", (
        '{"messages": [{"role": "user", "content": "hi"}, {"role": "assistant", "content": '
        + "[" * 10_000 + '"x"' + "]" * 10_000 + "}]}")),
    "chat JSON list with objects nested 10,000 deep": lambda d: write(d / "deep-list.json", (
        '[{"role": "user", "content": "hi"}, {"role": "assistant", "content": '
        + '{"a": ' * 10_000 + '"x"' + "}" * 10_000 + "}]")),
    "log with a JSON line nested 10,000 deep": lambda d: write(d / "deep-line.log", "\n".join(
        [json.dumps({"ts": f"2026-01-01T10:00:{i:02d}Z", "level": "info", "msg": f"m{i}"})
         for i in range(20)] + ['{"a": ' * 10_000 + "1" + "}" * 10_000])),
    "non-existent path": lambda d: d / "does-not-exist.jsonl",
    "directory where a file is expected": lambda d: (d / "adir").mkdir() or d / "adir",
    "empty directory": lambda d: (d / "emptydir").mkdir() or d / "emptydir",
    "path with spaces and non-ASCII": lambda d: write(d / "mes notes – été 2026.md",
                                                      "Réunion: on a décidé d'utiliser SQLite.\n" * 30),
    "JSON scalar": lambda d: write(d / "scalar.json", "42"),
    "JSON array of junk": lambda d: write(d / "junk.json", json.dumps([1, "two", None, {"x": 1}])),
    "chat JSON with null messages": lambda d: write(d / "chat.json", json.dumps({"messages": None})),
    "chat JSON with odd roles": lambda d: write(d / "roles.json", json.dumps(
        [{"role": "wizard", "content": 5}, {"role": "user", "content": [{"type": "x"}]},
         {"role": "assistant", "content": "fine"}])),
    "CR-only line endings": lambda d: write(d / "mac.txt", "line one\rline two\r" * 200),
    "latin-1 text": lambda d: write(d / "latin1.txt", "caf\xe9 cr\xe8me br\xfbl\xe9e\n".encode("latin-1") * 50),
    "zip archive": lambda d: write(d / "a.zip", b"PK\x03\x04" + os.urandom(2000)),
    "huge numbers JSON": lambda d: write(d / "num.jsonl", '{"type": "user", "n": 1e999999}\n' * 20),
    "10k empty JSONL lines": lambda d: write(d / "empties.jsonl", "\n" * 10_000),
    "1 MB of open braces": lambda d: write(d / "braces.jsonl", "{" * 1_000_000),
    "Codex lines without payloads": lambda d: write(d / "codex.jsonl", "\n".join(
        json.dumps({"timestamp": "2026-02-24T09:00:00Z", "type": t})
        for t in ("session_meta", "response_item", "event_msg", "response_item"))),
    "BOM before JSONL": lambda d: write(d / "bom.jsonl", "\ufeff" + "\n".join(_claude(4))),
    "symlink loop": lambda d: (os.symlink(d / "loop-b", d / "loop-a"),
                               os.symlink(d / "loop-a", d / "loop-b"), d / "loop-a")[-1],
    "dangling symlink": lambda d: (os.symlink(d / "gone.txt", d / "dangling.txt"),
                                   d / "dangling.txt")[-1],
    "/dev/null": lambda d: Path("/dev/null"),
    "a FIFO": lambda d: (os.mkfifo(d / "pipe.jsonl"), d / "pipe.jsonl")[-1],
    "notebook with cells of wrong types": lambda d: write(d / "odd.ipynb", json.dumps({
        "nbformat": 4, "metadata": None, "cells": [
            {"cell_type": "code", "source": 5, "outputs": {"x": 1}},
            {"cell_type": "markdown", "source": [None, 3, "text"]},
            {"cell_type": "code", "source": "x", "outputs": [
                None, {"output_type": "error", "traceback": "a string"},
                {"output_type": "display_data", "data": {"image/png": 7}}]}]})),
    "captions of timings only": lambda d: write(d / "cues.vtt", "WEBVTT\n\n" + "".join(
        f"00:00:{i:02d}.000 --> 00:00:{i:02d}.500\n<v >\n\n" for i in range(60))),
    "mailbox with a cut sender": lambda d: write(d / "cut.mbox", "".join(
        f"From a@b Mon Mar  4 10:00:00 2024\nFrom: Ann <\nSubject: =?utf-8?b?\nDate: x\n"
        f"Content-Transfer-Encoding: base64\n\n!!{i}\n\n" for i in range(20))),
    "HTML nested 10,000 deep": lambda d: write(d / "deep.html", "<!DOCTYPE html><html><body>"
                                               + "<div>" * 10_000 + "x" + "</div>" * 10_000),
    "ordinary transcript (control)": lambda d: write(d / "ok.md", make_transcript(30, 30).data),
}
