"""Entities named on one raw line: file paths, commands run and errors.

They are collected during segmentation because shell fences, ``$`` prompts, JSON command
fields and log prefixes are only visible on the raw line.
"""

from __future__ import annotations

import re

from gapless.engine.extractive.display import WHITESPACE_RUN, shorten
from gapless.engine.extractive.json_lines import unescape_json
from gapless.engine.extractive.limits import MAX_ENTITIES
from gapless.engine.extractive.noise import LOG_LINE, is_code_line
from gapless.engine.extractive.paths import BARE_EXT, HAS_FILE_EXT, PATH_BARE, PATH_SLASH
from gapless.engine.extractive.sentences import SENTENCE_BREAK
from gapless.engine.extractive.terms import word_set
from gapless.engine.extractive.units import OrderedSet, Parsed

_COMMAND_WORDS = word_set(
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

_JSON_COMMAND = re.compile(r'"(?:command|cmd)"\s*:\s*"((?:[^"\\]|\\.)+)"')

ERROR_MENTION = re.compile(
    r"(?:(?-i:\b(?:[A-Za-z_][\w]*\.)*[A-Z][A-Za-z0-9]*(?:Error|Exception|Failure|Fault))\b"
    r"(?::[^\n]{0,140})?"
    r"|(?-i:^\s*(?:FAILED|ERROR)\s+\S[^\n]{0,140})"  # pytest's, in capitals: not "failed | …"
    r"|\b(?:error|fatal|panic)(?:\[[\w-]+\])?:\s+[^\n]{3,140}"
    r"|\b(?:exit code|exit status|exited with code|returned non-zero exit status)\s*[1-9]\d*"
    r"|\b[\w./-]+: command not found"
    r"|\bNo such file or directory\b|\bPermission denied\b|\bSegmentation fault\b"
    r"|\bAssertionError\b)",
    re.IGNORECASE | re.MULTILINE,
)
_ERROR_HINTS = ("error", "exception", "fail", "fatal", "panic", "exit", "not found", "no such",
                "denied", "segmentation", "traceback", "fault")
_ERROR_HINT = re.compile("|".join(map(re.escape, _ERROR_HINTS)))  # any of them, in one pass

_ANSI = re.compile(r"(?:\x1b)?\[\d{1,3}(?:;\d{1,3})*m")


def scan_line_entities(line: str, parsed: Parsed, commands: OrderedSet, errors: OrderedSet,
                       in_shell_fence: bool, weight: float) -> None:
    """File paths, commands and errors found on one raw line. Log records name loggers, not
    files; source code names exception classes, not errors that happened."""
    if "[" in line:
        line = _ANSI.sub("", line)
    stripped = line.strip()
    log = bool(stripped) and LOG_LINE.match(stripped) is not None
    if log:
        weight *= 0.1
    if "/" in line:
        for m in PATH_SLASH.finditer(line):
            p = m.group(0).rstrip(".-")
            if "://" in line[max(0, m.start() - 8) : m.start() + 3]:
                continue
            rooted = p.startswith(("/", "~/", "./", "../"))
            if not (HAS_FILE_EXT.search(p) or (rooted and p.count("/") >= 2)):
                continue
            if len(p) < 4 or len(p) > 200 or p.startswith(("/dev/", "/proc/")):
                continue
            _note_file(parsed, p, weight)
    if ("." in line and not log and BARE_EXT.search(line) is not None
            and not is_code_line(stripped)):
        for m in PATH_BARE.finditer(line):
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
            cmd = unescape_json(m.group(1)).strip().splitlines()
            if cmd:
                commands.add(shorten(cmd[0].strip(), 160))
    if stripped.startswith("$ ") and len(stripped) > 3:
        commands.add(shorten(stripped[2:].strip(), 160))
    elif in_shell_fence and stripped and not stripped.startswith("#"):
        first = stripped.split()[0]
        if first in _COMMAND_WORDS or first.startswith("./"):
            commands.add(shorten(stripped, 160))
    if "`" in line:
        for m in re.finditer(r"`([^`\n]{2,160})`", line):
            inner = m.group(1).strip()
            first = inner.split()[0] if inner.split() else ""
            if (first in _COMMAND_WORDS or first.startswith("./")) and (
                " " in inner or first in ("pytest", "make", "ls")
            ):
                commands.add(inner)
    low = line.lower()
    if _ERROR_HINT.search(low) is not None and not is_code_line(stripped):
        for m in ERROR_MENTION.finditer(line):
            err = m.group(0).strip()
            if "\\" in err or '",' in err:  # cut at the end of a JSON string value
                err = re.split(r'\\+[nrt]|",', err, maxsplit=1)[0].strip()
            err = SENTENCE_BREAK.split(err, maxsplit=1)[0]  # one sentence is enough
            err = err.split("`", 1)[0].rstrip(" .,;:")  # quoted in prose: up to the quote
            while err.endswith(")") and err.count(")") > err.count("("):
                err = err[:-1].rstrip(" .,;:")
            if err:
                errors.add(shorten(WHITESPACE_RUN.sub(" ", err), 160))


def _file_key(parsed: Parsed, name: str) -> str:
    for f in reversed(parsed.file_order[-8:]):
        if f.rsplit("/", 1)[-1] == name:
            return f
    return name


def _note_file(parsed: Parsed, path: str, weight: float) -> None:
    if path not in parsed.files:
        if len(parsed.file_order) >= MAX_ENTITIES * 4:
            return
        parsed.file_order.append(path)
    parsed.files[path] = parsed.files.get(path, 0.0) + weight
