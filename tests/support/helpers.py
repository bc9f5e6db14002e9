"""Shared builders for engine tests."""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

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


def summarized(tmp_path: Path, source: Path, capsys: Any) -> str:
    """The summary ``gapless summarize --json`` prints for ``source`` (offline, its run
    stored in ``tmp_path``)."""
    from gapless.tui.cli.main import main

    assert main(["summarize", str(source), "--json", "--db", str(tmp_path / "g.db")]) == 0
    summary: str = json.loads(capsys.readouterr()[0])["entry"]["summary"]
    return summary


def summarized_asks(tmp_path: Path, source: Path, capsys: Any) -> list[str]:
    """The asks ``gapless summarize --json`` lists for ``source``, read as a conversation."""
    summary = summarized(tmp_path, source, capsys)
    assert summary.startswith(("Asked:", "Done:")), summary[:200]
    return [a.rstrip(".") for a in asked_items(summary)]


def asks_only_from(asked: list[str], said: list[str], foreign: list[str]) -> None:
    """Every listed ask opens like one the person said, none like a ``foreign`` text (a
    tool's output, a notice), and the first ask is among them."""
    assert asked, "no ask listed"
    joined = " ".join(said)
    for a in asked:
        head = a[:30].rstrip("…")
        assert head in joined, a
        assert not any(head in x for x in foreign), a
    assert any(a[:30].rstrip("…") in said[0] for a in asked), (asked, said[0])


def folded_at_random(parts: list[Any], rnd: random.Random) -> Any:
    """Release groups of parts (each an ``Extraction``) folded two or three neighbours at a
    time in a random tree, down to the root's extraction."""
    from gapless.engine.core.extraction import Extraction
    from gapless.engine.extractive.kinds.changelog_releases import merged_groups

    while len(parts) > 1:
        i = rnd.randrange(len(parts) - 1)
        j = min(len(parts), i + rnd.randint(2, 3))
        parts[i:j] = [Extraction(releases=merged_groups(parts[i:j]))]
    return parts[0]


def count_when_cut(text: str, cuts: list[int], rnd: random.Random) -> Any:
    """The release group a changelog's text states when cut at ``cuts`` (character
    offsets), each part's groups made alone and folded at random; None when the fold states
    no count."""
    from gapless.engine.core.extraction import Extraction
    from gapless.engine.extractive.kinds.changelog_releases import (
        UNCOUNTED,
        chosen,
        heading_groups,
        releases_line,
    )

    parts, offset = [], 0
    for a, b in zip([0, *cuts], [*cuts, len(text)], strict=True):
        piece = text[a:b]
        parts.append(Extraction(releases=heading_groups(piece, offset)))
        offset += len(piece.encode("utf-8"))
    root = folded_at_random(parts, rnd)
    return None if releases_line(root.releases) == UNCOUNTED else chosen(root.releases)


def cut_at_random(text: str, tries: int, *, seed: int | None = None, anywhere: bool = False
                  ) -> Iterator[tuple[list[int], Any]]:
    """``text`` cut ``tries`` times at one to five random line ends (or ``anywhere``), its
    parts folded in random trees: each cut and the release group the fold states (None
    when it states no count)."""
    rnd = random.Random(len(text) if seed is None else seed)
    ends = [i + 1 for i, c in enumerate(text) if c == "\n"][:-1]
    at = range(1, len(text)) if anywhere else ends
    for _ in range(tries):
        cuts = sorted(rnd.sample(at, rnd.randint(1, min(5, len(at)))))
        yield cuts, count_when_cut(text, cuts, rnd)


def common_levels(written: dict[str, int]) -> dict[str, int]:
    """Level counts as a log writes them, on the common scale (``WARN`` and ``W`` both
    ``warning``), as a summary states them beside the log's own."""
    from gapless.engine.extractive.logs.formats import common_level

    out: dict[str, int] = {}
    for word, n in written.items():
        key = common_level(word) or word.lower()
        out[key] = out.get(key, 0) + n
    return out


def folds_alike(text: str, fmt: str, pieces: Sequence[int] = (7,), skew: int = 3) -> None:
    """``text`` cut anywhere (mid-line: the ``k``-th cut ``k * skew`` characters past an
    even share) into each number of ``pieces`` folds to the stats of the whole."""
    import itertools

    from gapless.engine.extractive.logs.merge import merge_stats, provisional
    from gapless.engine.extractive.logs.scan import scan_log

    whole = scan_log(text, fmt).stats
    assert whole is not None
    for n in pieces:
        bounds = [0, *(len(text) * k // n + k * skew for k in range(1, n)), len(text)]
        parts = [provisional(scan_log(text[a:b], fmt, starts_input=a == 0).stats)
                 for a, b in itertools.pairwise(bounds)]
        merged, _ = merge_stats(parts)
        assert merged.model_dump() == provisional(whole).model_dump(), n


def read_alike_in_pieces(text: str, fmt: str) -> None:
    """Every 8,000-character piece of ``text`` is detected as ``fmt``, and the text cut
    anywhere folds to the stats of the whole (:func:`folds_alike`)."""
    from gapless.engine.extractive.logs import detect_format

    pieces = {detect_format(text[i:i + 8000]) for i in range(0, len(text) - 4000, 8000)}
    assert pieces == {fmt}
    folds_alike(text, fmt)


def clock(k: int) -> str:
    """The time of day ``k`` seconds after midnight (wrapping at a day), as logs write it."""
    return f"{k // 3600 % 24:02d}:{k // 60 % 60:02d}:{k % 60:02d}"


def cycled_log(table: Sequence[tuple[str, str]], records: int, step: int,
               line: Callable[[int, str, str], str]) -> tuple[str, Counter[str], Counter[str]]:
    """A log of ``records`` lines going round ``table``'s (level, message) pairs ``step``
    at a time, line ``k`` written by ``line(k, level, message)``: its text, and the records
    of each level and of each message as the table writes it (figures known by making)."""
    lines: list[str] = []
    levels: Counter[str] = Counter()
    counts: Counter[str] = Counter()
    for k in range(records):
        level, message = table[(k * step) % len(table)]
        levels[level] += 1
        counts[message] += 1
        lines.append(line(k, level, message))
    return "\n".join(lines) + "\n", levels, counts


# a small application's (level, message) pairs, six messages of four levels: a log's records
APP_RECORDS = [
    ("INFO", "Order 5521 placed by mary5 for 120 EUR"), ("DEBUG", "Cache miss for key user:7"),
    ("WARNING", "Retrying request to https://pay.example.com/v1 (attempt 2)"),
    ("ERROR", "Connection refused by 10.0.0.7:5432"), ("INFO", "User mary5 logged out"),
    ("DEBUG", "Scheduler tick took 12 ms")]


def one_template_a_message(counts: Counter[str], stats: Any) -> None:
    """The log's templates count its messages one template each: as many templates as
    messages, each with its message's count (``counts``, by making)."""
    named = {t.template: t.count for t in stats.templates}
    assert sorted(named.values()) == sorted(counts.values()), named


def levelled_scan(text: str, records: int) -> tuple[str, Any]:
    """The shape detected for a log with a level column, and its stats: every one of its
    ``records`` lines a record."""
    from gapless.engine.extractive.logs import detect_format, scan_log
    from gapless.engine.extractive.logs.shape import has_level, is_shape

    fmt = detect_format(text)
    assert fmt is not None and is_shape(fmt) and has_level(fmt), fmt
    stats = scan_log(text, fmt).stats
    assert stats is not None
    assert stats.records == records and stats.other_lines == 0
    return fmt, stats


def counted_and_named(text: str, count: int, unreleased: bool, newest: str) -> None:
    """``text`` is read as a changelog of ``count`` releases (and one unreleased section when
    ``unreleased``), its headline naming the ``newest``."""
    from gapless.engine.extractive.kinds.changelog_releases import (
        heading_groups,
        headline,
        releases_line,
    )
    from gapless.engine.extractive.kinds.registry import detect

    assert detect(text).name == "changelog"
    groups = heading_groups(text, 0)
    line = releases_line(groups)
    assert line.startswith(f"{count} releases" + (" and 1 unreleased" if unreleased else ":"))
    assert headline(groups) == f"Newest release: {newest} (of {count} releases)."


# A person's trip planning with an assistant, (the person speaks, words): the conversation
# chat tests put a tool's notices and labels beside.
TRIP = [(True, "Plan a three day trip to Lisbon for two people, we like food and walking."),
        (False, "Day 1: Alfama and the castle. Day 2: Belém. Day 3: a day trip to Sintra."),
        (True, "Which neighbourhood should we book a hotel in if we arrive late at night?"),
        (False, "Baixa or Chiado: central, flat from the metro and lively but safe at night."),
        (True, "Can you give me a rough budget per day without flights?"),
        (False, "About 180 to 230 euros a day for two, a mid-range hotel included.")]
