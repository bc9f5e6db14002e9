"""Offline summary quality: Gapless's ``extractive`` provider against LexRank, TextRank,
lead and BM25, per kind of input, and its answers to questions against a BM25 pick.

Run:  python bench/quality.py            (from the repository root; a few seconds)
      python bench/quality.py --kinds [--base DIR]   per-kind tables over every file of
      shared/data (logs, changelogs, chat exports, meetings; bench/kinds_bench.py), side by side
      with the code in DIR (a ``git worktree`` of another commit)

What is measured, on every document, with the SAME character budget for every system
(``min(1200, max(400, len(reference)))``):

* ROUGE-1, ROUGE-2, ROUGE-L F1 against a held-out reference summary (see bench/baselines.py
  for the tokenization), and
* topic recall: the share of the reference's keywords (up to 15 content words of the reference
  that also occur in the input; CJK references use character bigrams) that the summary text
  mentions. ``gapless+entry`` also counts the headline and topics of the journal entry (and
  its files, commands and errors lists).

Systems: ``gapless`` (``summarize_text`` over the whole input), ``gapless-tree`` (8 KB leaves
summarized separately and merged by ``fold_extractions``, as the tree strategy does),
``lexrank``, ``textrank``, ``lead`` (first sentences) and ``bm25`` (sentences ranked by BM25
against the text's 20 most frequent content words).

Claude Code sessions are rendered to text by the product's own reader
(``engine.sources.load_transcript``), so every system reads exactly what Gapless reads.

Data sets, all with references the summarizers never see:

* ``claude-subagents`` — the real Claude Code subagent transcripts in shared/data
  (``claude-projects/**/subagents/**/agent-*.jsonl``). The reference is the agent's own final
  report (its last assistant text, when it is a real report of at least 200 characters); the
  input is everything before it, without the ``StructuredOutput`` tool call that duplicates it.
* ``claude-code-log`` — the fixture sessions with a ``{"type": "summary"}`` line; the input is
  the conversation up to the summary's ``leafUuid``.
* ``meetings (QMSum)`` — the eight REAL meeting transcripts of shared/data/meetings (QMSum's
  training split: AMI product design, ICSI research, committee meetings), rendered by the
  product's reader (transcription markup removed, one ``Speaker: text`` turn per line). The
  reference is QMSum's general summary; the topic keywords come from it and from QMSum's
  topic list of the meeting.

Meetings are also asked QMSum's specific questions (``questions`` below): Gapless's offline
answer (``summarize_text(..., question=q).answer``) against a BM25 pick of the sentences of
the same length (bench/baselines.py), scored by ROUGE-L against the reference answer and by
how often the answer quotes one of the reference's relevant turns (its anchors' lines for
Gapless; the lines of the picked sentences for BM25; relevant_turns are 0-based = line - 1)
and, per turn, how many of the reference's relevant turns it quotes (turn recall). An
``oracle`` row, the same BM25 pick made only among the sentences of the reference's own
relevant turns, shows the ceiling of any answer that quotes the transcript. ``gapless cli`` is
what ``gapless summarize MEETING --question Q`` answers with its defaults (the meeting read in
leaves of the default 8,192-token window and their answers folded), against a BM25 pick of
its own length.

None of the real session files in shared/data carries an ``isCompactSummary`` message, so
Claude's own compaction summaries could not be used; the loader below picks them up (input =
the text before the compaction, the summary message itself excluded) if such files appear.
"""

from __future__ import annotations

import importlib
import itertools
import json
import os
import re
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench import baselines  # noqa: E402
from gapless.engine.core.extraction import Extraction  # noqa: E402
from gapless.engine.extractive import fold_extractions, summarize_text  # noqa: E402
from gapless.engine.run.request import RunRequest  # noqa: E402

SHARED = Path(os.environ.get("GAPLESS_SHARED_DATA", ROOT.parent / "shared" / "data"))
MEETINGS = SHARED / "meetings"
LEAF_BYTES = 8192


@dataclass
class Doc:
    dataset: str
    name: str
    text: str
    reference: str
    topics: str = ""  # reference topic names, when the data set has them (for the keywords)


# --------------------------------------------------------------------------------------------
# Rendering Claude Code JSONL to the transcript text Gapless reads
# --------------------------------------------------------------------------------------------


def _blocks(content: object) -> Iterable[tuple[str, str]]:
    if isinstance(content, str):
        yield "text", content
        return
    if not isinstance(content, list):
        return
    for block in content:
        if not isinstance(block, dict):
            continue
        kind = block.get("type")
        if kind == "text" and block.get("text"):
            yield "text", str(block["text"])
        elif kind == "thinking" and block.get("thinking"):
            yield "thinking", str(block["thinking"])
        elif kind == "tool_use":
            payload = json.dumps(block.get("input", {}), ensure_ascii=False)
            yield "tool call", f"{block.get('name', 'tool')}: {payload[:4000]}"
        elif kind == "tool_result":
            inner = block.get("content")
            if isinstance(inner, list):
                inner = "\n".join(str(x.get("text", "")) for x in inner if isinstance(x, dict))
            yield "tool result", str(inner or "")[:20000]


def render(records: Iterable[dict[str, object]]) -> str:
    """The transcript text Gapless itself reads: the records go through the product's own
    Claude Code reader (``engine.sources.load_transcript``), via a temporary file."""
    rows = [r for r in records if r.get("type") != "summary"]  # never leak a reference
    try:
        from gapless.engine.sources import load_transcript
    except ImportError:  # a checkout without the readers: a plain rendering of the messages
        return render_plain(rows)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "session.jsonl"
        path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows),
                        encoding="utf-8")
        return load_transcript(path).data.decode("utf-8")


def render_plain(records: Iterable[dict[str, object]]) -> str:
    """``### role · timestamp`` headers, then the message text (tool calls and results kept)."""
    parts: list[str] = []
    for rec in records:
        if rec.get("type") not in ("user", "assistant"):
            continue
        message = rec.get("message")
        if not isinstance(message, dict):
            continue
        for kind, body in _blocks(message.get("content")):
            if not body.strip():
                continue
            role = str(rec["type"]) if kind == "text" else kind
            if kind == "thinking":
                role = "assistant thinking"
            parts.append(f"### {role} · {rec.get('timestamp', '')}\n{body.rstrip()}\n")
    return "\n".join(parts)


def _read_jsonl(path: Path) -> list[dict[str, object]]:
    out: list[dict[str, object]] = []
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        try:
            rec = json.loads(line)
        except ValueError:
            continue
        if isinstance(rec, dict):
            out.append(rec)
    return out


def _final_text(rec: dict[str, object]) -> str:
    message = rec.get("message")
    if rec.get("type") != "assistant" or not isinstance(message, dict):
        return ""
    texts = [b for k, b in _blocks(message.get("content")) if k == "text"]
    return "\n".join(texts).strip()


_NOT_A_REPORT = re.compile(r"^(let me|now let me|i'll|让我|好[,，])", re.IGNORECASE)


def load_subagents() -> list[Doc]:
    docs: list[Doc] = []
    for path in sorted(SHARED.glob("claude-projects/**/subagents/**/agent-*.jsonl")):
        if path.stat().st_size == 0:
            continue
        records = _read_jsonl(path)
        idx = max((i for i, r in enumerate(records) if _final_text(r)), default=-1)
        if idx < 0:
            continue
        reference = _final_text(records[idx])
        if len(reference) < 200 or _NOT_A_REPORT.match(reference):
            continue
        before = [_drop_structured_output(r) for r in records[:idx]]
        text = render(before)
        if len(text) < 1000:
            continue
        docs.append(Doc("claude-subagents", path.stem, text, reference))
    return docs


def _drop_structured_output(rec: dict[str, object]) -> dict[str, object]:
    """Remove the StructuredOutput call (it restates the final report) and its receipt."""
    message = rec.get("message")
    if not isinstance(message, dict) or not isinstance(message.get("content"), list):
        return rec
    kept = []
    for block in message["content"]:
        if isinstance(block, dict) and block.get("name") == "StructuredOutput":
            continue
        if isinstance(block, dict) and "Structured output provided" in str(block.get("content")):
            continue
        kept.append(block)
    return {**rec, "message": {**message, "content": kept}}


def load_summary_lines() -> list[Doc]:
    docs: list[Doc] = []
    for path in sorted(SHARED.glob("claude-code/*.jsonl")):
        records = _read_jsonl(path)
        for rec in records:
            if rec.get("type") != "summary" or not rec.get("leafUuid"):
                continue
            leaf = rec["leafUuid"]
            cut = next((i for i, r in enumerate(records) if r.get("uuid") == leaf), None)
            if cut is None:
                continue
            text = render(records[: cut + 1])
            if text.strip():
                docs.append(Doc("claude-code-log", path.stem, text, str(rec["summary"])))
    return docs


def load_compactions() -> list[Doc]:
    """Claude's own compaction summaries (``isCompactSummary``), when any file has them."""
    docs: list[Doc] = []
    for path in sorted(SHARED.glob("**/*.jsonl")):
        if path.stat().st_size == 0 or b"isCompactSummary" not in path.read_bytes():
            continue
        records = _read_jsonl(path)
        start = 0
        for i, rec in enumerate(records):
            if rec.get("isCompactSummary") is True:
                message = rec.get("message")
                content = message.get("content") if isinstance(message, dict) else None
                reference = "\n".join(b for _, b in _blocks(content))
                text = render(records[start:i])  # the summary message itself is excluded
                if text.strip() and reference.strip():
                    docs.append(Doc("claude-compaction", f"{path.stem}#{i}", text, reference))
                start = i + 1
    return docs


def load_meetings() -> list[Doc]:
    """shared/data/meetings/NAME.txt, rendered as Gapless reads it, with QMSum's general
    summary as the reference (its topic names are kept for the keywords)."""
    from gapless.engine.sources import load_transcript

    refs = json.loads((MEETINGS / "references.json").read_text(encoding="utf-8"))
    docs: list[Doc] = []
    for name in sorted(refs):
        path = MEETINGS / f"{name}.txt"
        if not path.is_file():
            continue
        ref = refs[name]
        text = load_transcript(path).data.decode("utf-8")
        doc = Doc("meetings (QMSum)", name, text, " ".join(ref["general_summary"]).strip())
        doc.topics = " ".join(t["topic"] for t in ref.get("topics", []))
        docs.append(doc)
    return docs


# --------------------------------------------------------------------------------------------
# Systems
# --------------------------------------------------------------------------------------------


def leaves(text: str, size: int = LEAF_BYTES) -> list[tuple[int, str]]:
    """Cut ``text`` into pieces of at most ``size`` UTF-8 bytes, at message headers where
    possible, else at line ends; returns (byte offset, text) pairs."""
    out: list[tuple[int, str]] = []
    lines = text.splitlines(keepends=True)
    buf: list[str] = []
    buf_bytes = 0
    offset = 0
    for line in lines:
        n = len(line.encode("utf-8"))
        header = line.startswith("### ")
        if buf and (buf_bytes + n > size or (header and buf_bytes > size // 2)):
            out.append((offset, "".join(buf)))
            offset += buf_bytes
            buf, buf_bytes = [], 0
        while n > size:  # a single huge line: hard cut on character boundaries
            head = line.encode("utf-8")[:size].decode("utf-8", errors="ignore")
            out.append((offset, head))
            offset += len(head.encode("utf-8"))
            line = line[len(head):]
            n = len(line.encode("utf-8"))
        buf.append(line)
        buf_bytes += n
    if buf:
        out.append((offset, "".join(buf)))
    return out


def gapless_tree(text: str, budget: int) -> Extraction:
    parts = [summarize_text(chunk, off) for off, chunk in leaves(text)]
    while len(parts) > 8:
        parts = [fold_extractions(parts[i : i + 8]) for i in range(0, len(parts), 8)]
    return fold_extractions(parts, max_summary_chars=budget)


def entry_text(e: Extraction) -> str:
    return "\n".join([e.headline, e.summary, ", ".join(e.topics),
                      ", ".join([*e.files, *e.commands, *e.errors])])


# --------------------------------------------------------------------------------------------
# Metrics
# --------------------------------------------------------------------------------------------

_KW = re.compile(r"[a-z][a-z0-9_]+(?:[.-][a-z0-9_]+)*")
_CJK_RUN = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]+")


def reference_keywords(reference: str, source: str, limit: int = 15) -> list[str]:
    """Content words (or CJK bigrams) of the reference that the input also contains."""
    src = source.lower()
    counts: dict[str, int] = {}
    for w in _KW.findall(reference.lower()):
        w = w.strip(".-")
        if len(w) >= 3 and w not in baselines.STOPWORDS and w in src:
            counts[w] = counts.get(w, 0) + 1
    for run in _CJK_RUN.findall(reference):
        for i in range(len(run) - 1):
            bg = run[i : i + 2]
            if bg in source:
                counts[bg] = counts.get(bg, 0) + 1
    ranked = sorted(counts, key=lambda k: -counts[k])  # stable: ties keep first appearance
    return ranked[:limit]


def topic_recall(summary: str, keywords: list[str]) -> float:
    if not keywords:
        return float("nan")
    low = summary.lower()
    return sum(1 for k in keywords if k in low) / len(keywords)


METRICS = ("R-1", "R-2", "R-L", "topic-recall")


def score(summary: str, doc: Doc, keywords: list[str]) -> dict[str, float]:
    return {
        "R-1": baselines.rouge_n(summary, doc.reference, 1),
        "R-2": baselines.rouge_n(summary, doc.reference, 2),
        "R-L": baselines.rouge_l(summary, doc.reference),
        "topic-recall": topic_recall(summary, keywords),
    }


# --------------------------------------------------------------------------------------------
# Main
# --------------------------------------------------------------------------------------------


def budget_for(doc: Doc) -> int:
    return min(1200, max(400, len(doc.reference)))


SYSTEMS: dict[str, Callable[[Doc, int], tuple[str, str]]] = {
    "gapless": lambda d, b: _both(summarize_text(d.text, max_summary_chars=b)),
    "gapless-tree": lambda d, b: _both(gapless_tree(d.text, b)),
    "lexrank": lambda d, b: (baselines.lexrank(d.text, b),) * 2,
    "textrank": lambda d, b: (baselines.textrank(d.text, b),) * 2,
    "lead": lambda d, b: (baselines.lead(d.text, b),) * 2,
    "bm25": lambda d, b: (baselines.bm25(d.text, b),) * 2,
}


def _both(e: Extraction) -> tuple[str, str]:
    return e.summary, entry_text(e)


def _mean(values: list[float]) -> float:
    clean = [v for v in values if v == v]
    return statistics.fmean(clean) if clean else float("nan")


def _fmt(v: float) -> str:
    return "{:>14}".format("-" if v != v else f"{v:.4f}")


def main() -> int:
    t_start = time.perf_counter()
    if not SHARED.is_dir():
        print(f"shared data not found at {SHARED} (set GAPLESS_SHARED_DATA)")
        return 1
    docs = load_compactions() + load_subagents() + load_summary_lines() + load_meetings()
    datasets = list(dict.fromkeys(d.dataset for d in docs))
    print(f"{len(docs)} documents: " + ", ".join(
        f"{ds} ({sum(1 for d in docs if d.dataset == ds)})" for ds in datasets))
    print("budget per document: min(1200, max(400, len(reference))) characters, every system\n")

    # scores[dataset][system][metric] = per-document values
    scores: dict[str, dict[str, dict[str, list[float]]]] = {}
    seconds = {name: 0.0 for name in SYSTEMS}
    for doc in docs:
        budget = budget_for(doc)
        keywords = reference_keywords(f"{doc.reference} {doc.topics}", doc.text)
        per_system = scores.setdefault(doc.dataset, {})
        for name, system in SYSTEMS.items():
            t0 = time.perf_counter()
            summary, entry = system(doc, budget)
            seconds[name] += time.perf_counter() - t0
            if len(summary) > budget:
                raise SystemExit(f"{name} broke the budget on {doc.name}")
            for m, v in score(summary, doc, keywords).items():
                per_system.setdefault(name, {}).setdefault(m, []).append(v)
            if name == "gapless":
                per_system.setdefault("gapless+entry", {}).setdefault("topic-recall", []).append(
                    topic_recall(entry, keywords))

    names = [*SYSTEMS, "gapless+entry"]
    means: dict[str, dict[str, dict[str, float]]] = {
        ds: {n: {m: _mean(scores[ds].get(n, {}).get(m, [])) for m in METRICS} for n in names}
        for ds in datasets
    }
    means["ALL (macro over data sets)"] = {
        n: {m: _mean([means[ds][n][m] for ds in datasets]) for m in METRICS} for n in names
    }
    for ds, table in means.items():
        print(f"== {ds}")
        print(f"{'system':<15}" + "".join(f"{m:>14}" for m in METRICS))
        for n in names:
            print(f"{n:<15}" + "".join(_fmt(table[n][m]) for m in METRICS))
        print()

    print("== verdict per kind: gapless against the best of LexRank / TextRank / lead "
          "(targets: R-L >= 1.25x, topic recall >= 1.5x)")
    for ds in datasets:
        t = means[ds]
        for m, target in (("R-L", 1.25), ("topic-recall", 1.5)):
            best_name = max(("lexrank", "textrank", "lead"), key=lambda n: t[n][m])
            best, g = t[best_name][m], t["gapless"][m]
            ratio = g / best if best else float("inf")
            print(f"{ds:<28} {m:<13} gapless {g:.4f}  best baseline {best_name} {best:.4f}  "
                  f"bm25 {t['bm25'][m]:.4f}  -> {ratio:.2f}x "
                  + ("(target met)" if ratio >= target else f"(target {target}x MISSED)"))
    print(f"caveat: {len(docs)} documents, small references; differences of a few hundredths "
          "are within noise.")
    questions()
    logs()
    changelogs()

    # Speed of the offline provider: one call per <= 8 KB leaf of the rendered real sessions.
    texts = [d.text for d in docs]
    if SHARED.is_dir():
        from gapless.engine.sources import load_transcript

        for path in sorted(SHARED.glob("claude-projects/*/*.jsonl")):
            texts.append(load_transcript(path).data.decode("utf-8"))  # with its subagents
    chunks = [c for t in texts for _, c in leaves(t)]
    times = []
    for c in chunks:
        t0 = time.perf_counter()
        summarize_text(c)
        times.append(time.perf_counter() - t0)
    total_kb = sum(len(c.encode()) for c in chunks) / 1024
    print(f"\nspeed: summarize_text over {len(chunks)} leaves of <= 8 KB ({total_kb:.0f} KB of "
          f"rendered transcripts): {sum(times) / total_kb * 8 * 1000:.1f} ms per 8 KB on "
          f"average, slowest leaf {max(times) * 1000:.1f} ms")
    # linear in its input: one call over sixteen leaves' text against those leaves' calls
    whole = "".join(chunks[:16])
    t0 = time.perf_counter()
    summarize_text(whole)
    once = time.perf_counter() - t0
    print(f"speed: one call over {len(whole.encode()) / 1024:.0f} KB took {once * 1000:.1f} ms, "
          f"{once / max(sum(times[:16]), 1e-9):.2f} × the time of its {min(16, len(chunks))} "
          "leaves' calls (linear: about 1)")
    print("time per system over all documents: "
          + ", ".join(f"{k} {v:.1f}s" for k, v in seconds.items()))
    _cross_check()
    print(f"total {time.perf_counter() - t_start:.1f}s")
    return 0


def meeting_lines(path: Path) -> tuple[str, list[int]]:
    """A meeting rendered as Gapless reads it, and the 0-based source line of each of its
    lines (the rendering drops turns that held only transcription markup)."""
    from gapless.engine.sources import load_transcript

    t = load_transcript(path)
    text = t.data.decode("utf-8")
    sources: list[int] = []
    offset = 0
    for line in text.split("\n"):
        point = t.where(offset)
        sources.append(point.line - 1 if point is not None else -1)
        offset += len(line.encode("utf-8")) + 1
    return text, sources


def questions() -> None:
    """QMSum's specific questions: gapless's offline answer against a BM25 pick of the same
    length (targets: ROUGE-L >= 1.2x, quoting a relevant turn >= 2x as often)."""
    import asyncio

    from gapless.engine.config import Settings
    from gapless.engine.service import summarize_transcript
    from gapless.engine.sources import load_transcript

    refs = json.loads((MEETINGS / "references.json").read_text(encoding="utf-8"))
    # "oracle": the BM25 pick made only among the sentences of the reference's own relevant
    # turns, at the same length: what perfect retrieval of the span would reach, the
    # ceiling of any answer that quotes the transcript (not a system; no target is its)
    # "gapless" is the answer of one call over the whole meeting (summarize_text); "gapless
    # cli" is what `gapless summarize MEETING --question Q` answers with the default 8,192-token
    # window: the meeting read in leaves of ~24 KB, their answers folded (each system's BM25
    # pick has that system's length)
    rows: dict[str, dict[str, list[float]]] = {"gapless": {}, "bm25": {}, "gapless cli": {},
                                               "bm25 (cli length)": {}, "oracle": {}}
    asked = 0
    for name in sorted(refs):
        path = MEETINGS / f"{name}.txt"
        if not path.is_file():
            continue
        text, sources = meeting_lines(path)
        transcript = load_transcript(path)
        # every sentence of every line, with its source line, for the BM25 pick
        sentences: list[str] = []
        sentence_line: list[int] = []
        for k, line in enumerate(text.split("\n")):
            for sentence in baselines.split_sentences(line):
                sentences.append(sentence)
                sentence_line.append(sources[k])
        for q in refs[name]["specific_queries"]:
            asked += 1
            relevant = [tuple(r) for r in q["relevant_turns"]]

            wanted = {t for lo, hi in relevant for t in range(lo, hi + 1)}

            def quotes(lines: Iterable[int], relevant: list[tuple[int, ...]] = relevant
                       ) -> float:
                return float(any(lo <= ln <= hi for ln in lines for lo, hi in relevant))

            ex = summarize_text(text, question=q["query"])
            where = transcript.annotate_anchors([a.model_dump() for a in ex.answer_anchors])
            lines = [int(str(a["line"])) - 1 for a in where if "line" in a]
            budget = len(ex.answer) if ex.answer else 600
            picked = baselines.bm25_pick(sentences, q["query"], budget)
            pick = " ".join(sentences[i] for i in picked)
            run = asyncio.run(summarize_transcript(transcript, RunRequest(Settings(), question=q["query"])))
            entry = run.entry or {}
            cli_where = transcript.annotate_anchors(list(entry.get("answer_anchors", [])))
            cli_lines = [int(str(a["line"])) - 1 for a in cli_where if "line" in a]
            cli_answer = str(entry.get("answer", ""))
            cli_picked = baselines.bm25_pick(sentences, q["query"],
                                             len(cli_answer) if cli_answer else 600)
            inside = [i for i, ln in enumerate(sentence_line)
                      if any(lo <= ln <= hi for lo, hi in relevant)]
            best = [inside[i] for i in baselines.bm25_pick(
                [sentences[i] for i in inside], q["query"], budget)] if inside else []
            for system, answer, at in (("gapless", ex.answer, lines),
                                       ("bm25", pick, [sentence_line[i] for i in picked]),
                                       ("gapless cli", cli_answer, cli_lines),
                                       ("bm25 (cli length)",
                                        " ".join(sentences[i] for i in cli_picked),
                                        [sentence_line[i] for i in cli_picked]),
                                       ("oracle", " ".join(sentences[i] for i in best),
                                        [sentence_line[i] for i in best])):
                row = rows[system]
                row.setdefault("R-L", []).append(baselines.rouge_l(answer, q["answer"]))
                row.setdefault("R-1", []).append(baselines.rouge_n(answer, q["answer"], 1))
                row.setdefault("quotes relevant", []).append(quotes(at))
                hit = wanted & set(at)  # distinct relevant turns the answer quotes
                row.setdefault("relevant turns", []).append(float(len(hit)))
                row.setdefault("turn recall", []).append(len(hit) / len(wanted) if wanted
                                                         else float("nan"))
                row.setdefault("turn precision", []).append(
                    len(hit) / len(set(at)) if at else 0.0)
                row.setdefault("words", []).append(float(len(answer.split())))
    print(f"\n== meeting questions (QMSum specific queries, {asked} questions; the BM25 pick "
          "has the length of gapless's answer)")
    metrics = ("R-1", "R-L", "quotes relevant", "relevant turns", "turn recall",
               "turn precision", "words")
    print(f"{'system':<15}" + "".join(f"{m:>16}" for m in metrics))
    for system, row in rows.items():
        print(f"{system:<15}" + "".join(f"{_mean(row[m]):>16.4f}" for m in metrics))
    print("quotes relevant: share of questions whose answer quotes at least one relevant turn "
          "(saturates: BM25 is near it already); relevant turns: distinct relevant turns "
          "quoted per question; turn recall: their share of the reference's relevant turns; "
          "turn precision: the share of the answer's quoted turns that are relevant")
    for mine, theirs in (("gapless", "bm25"), ("gapless cli", "bm25 (cli length)")):
        for m, target in (("R-L", 1.2), ("relevant turns", 2.0), ("turn recall", 2.0),
                          ("quotes relevant", 2.0), ("turn precision", 2.0)):
            g, b = _mean(rows[mine][m]), _mean(rows[theirs][m])
            ratio = g / b if b else float("inf")
            print(f"{mine:<12} {m:<16} {g:.4f} against {b:.4f} -> {ratio:.2f}x "
                  + ("(target met)" if ratio >= target else f"(target {target}x MISSED)"))
    g, b, o = (_mean(rows[k]["R-L"]) for k in ("gapless", "bm25", "oracle"))
    print(f"ceiling: the oracle (BM25 among the reference's own relevant turns) reaches R-L "
          f"{o:.4f} = {o / b:.2f}x the BM25 pick; gapless is {g / o:.2f}x the oracle")
    print("caveat: 59 questions; the relevant spans are long (often dozens of turns) while an "
          "answer of ~100 words quotes a handful, so turn recall stays low for every system.")


def logs() -> None:
    """loghub samples: of the 5 most frequent true templates, how many the summary names
    with their exact count (the summary of ``gapless summarize``, extractive provider)."""
    import asyncio

    from gapless.engine.config import Settings
    from gapless.engine.service import summarize_path
    from tests.engine.extractive.logs.truth import SAMPLES, recall_at_5, sample

    print("\n== logs (loghub 2k samples): top-5 true templates named with their exact count")
    for name in SAMPLES:
        path = sample(name)
        if not path.exists():
            print(f"  {name:8} (no sample)")
            continue
        result = asyncio.run(summarize_path(path, RunRequest(Settings())))
        hit, of = recall_at_5(name, (result.entry or {}).get("summary", ""))
        print(f"  {name:8} {hit}/{of}  ({result.calls} calls, target >= 3)")


def changelogs() -> None:
    """A changelog through ``gapless read``: the longest stretch of the file under one outline
    entry (target <= 10 %), and how many of its release headers the outline and summary name."""
    import asyncio

    from gapless.engine.config import Settings
    from gapless.engine.strategies.chunked.read import read_summary

    path = SHARED / "changelogs" / "tmux-CHANGES.txt"
    if not path.exists():
        return
    text = path.read_text(encoding="utf-8")
    total = text.count("\n")
    releases = [ln for ln in text.splitlines() if re.match(r"CHANGE[SD] FROM ", ln)]
    r = asyncio.run(read_summary(path, settings=Settings()))
    widest = max(e.end_line - e.start_line + 1 for e in r.outline)
    lines = sorted((e.start_line, e.end_line) for e in r.outline)
    uncovered = max([lines[0][0] - 1] + [b[0] - a[1] - 1 for a, b in itertools.pairwise(lines)]
                    + [total - lines[-1][1]])
    named = sum(1 for rel in releases
                if any(rel.split(",")[0].split(" FROM ")[1] in e.title for e in r.outline))
    print(f"\n== changelog (tmux CHANGES, {total} lines, {len(releases)} releases) via gapless "
          f"read: {len(r.outline)} outline entries; widest entry {widest / total:.1%} of the "
          f"file, longest stretch without an entry {max(0, uncovered)} lines (target <= 10 %); "
          f"{named} releases named in outline titles; summary starts: {r.summary[:90]!r}")


def _cross_check() -> None:
    """If Google's rouge-score is installed, check our ROUGE on an ASCII pair against it."""
    try:
        rouge_scorer = importlib.import_module("rouge_score.rouge_scorer")
    except ImportError:
        return
    a = "The AVD started and adb root failed because the image is a production build."
    b = "adb root does not work: the system image is a production (user) build, not userdebug."
    ref = rouge_scorer.RougeScorer(["rouge1", "rouge2", "rougeL"]).score(b, a)
    ours = (baselines.rouge_n(a, b, 1), baselines.rouge_n(a, b, 2), baselines.rouge_l(a, b))
    theirs = (ref["rouge1"].fmeasure, ref["rouge2"].fmeasure, ref["rougeL"].fmeasure)
    same = all(abs(x - y) < 1e-9 for x, y in zip(ours, theirs, strict=True))
    print("rouge-score cross-check: " + ("identical" if same else f"DIFFERS {ours} {theirs}"))


def kinds() -> int:
    """The per-kind tables (bench/kinds_bench.py), with ``--base DIR`` side by side."""
    from bench import kinds_bench

    base = sys.argv[sys.argv.index("--base") + 1] if "--base" in sys.argv else None
    return kinds_bench.run(base)


if __name__ == "__main__":
    raise SystemExit(kinds() if "--kinds" in sys.argv else main())
