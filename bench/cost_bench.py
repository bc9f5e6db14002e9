"""Cost at the physical limit (issue 13, item 8): Gapless against a model server whose
window is enforced, next to the lower bound of what any summarizer must spend.

    python bench/cost_bench.py [--file SESSION.jsonl] [--peers]

The server is an OpenAI-compatible loopback server (127.0.0.1) built here:

* a 4,000-token window, enforced: a request whose prompt (4 characters a token) plus its
  ``max_tokens`` is over it is refused with HTTP 400 ``context_length_exceeded``, as vLLM
  and OpenAI refuse it;
* 8 slots: at most 8 requests are answered at once, the others queue;
* 200 ms a request (composing its answer included), and answers of about 280 tokens (the offline extractive summarizer's
  answer to the prompt, cut to the request's ``max_tokens`` as a model's answer is, its
  usage reported as 280 completion tokens).

The input is a real Claude Code transcript from /work/shared/data/claude-projects/ (the one
nearest 404 KB unless ``--file`` names another). Printed: wall time, calls, overflows (400s
from the server), prompt characters sent / input characters, and the lower bound. Gapless
runs twice: as the server is described (no tokenizer endpoint: no probe is sent; the
first leaf is read alone and the prompt tokens its reply reports fit a model of the
server's counts, which packs the other leaves to the window, engine/strategies/tree.py)
and, as ``gapless +tok``, with the server also answering ``POST /tokenize`` as llama.cpp
and vLLM do (Gapless then fills each leaf to the window by the server's count,
engine/strategies/fitting.py). The CLI rows (a new process, best of 3) run against both.
The lower bound:

* calls: every input token must be in some prompt, at most ``4000 - 280 - 300`` of them a
  call (the window less one answer and the fixed instructions), so ``L = ceil(T / that)``
  leaves, and their answers must be merged ``12`` at a time at most (280-token answers in a
  window), ``ceil((L - 1) / 11)`` folds;
* wall: ``ceil(L / 8)`` rounds of leaves at 200 ms, then one fold round per level of a
  12-ary tree over the leaves;
* prompt chars / input: 1.0 (every character sent once) plus the instructions.

``--peers`` also runs LangChain's ``map_reduce`` summarize chain and LlamaIndex's
``TreeSummarize`` against the same server, when they are installed in the separate
virtualenv /work/bench-venv (``bench/requirements-peers.txt``; never a dependency of
Gapless). Without them, only Gapless and the lower bound are printed, and it says so.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import subprocess
import sys
import tempfile
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from gapless.engine.config import Settings
from gapless.engine.providers.base import ModelRequest
from gapless.engine.providers.extractive import ExtractiveProvider
from gapless.engine.run.prompts import describe_prompt
from gapless.engine.run.request import RunRequest
from gapless.engine.service import summarize_transcript
from gapless.engine.sources import load_transcript

WINDOW = 4000
SLOTS = 8
LATENCY = 0.2
ANSWER_TOKENS = 280
CHARS_PER_TOKEN = 4.0
INSTRUCTION_TOKENS = 300
DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "claude-projects"
PEER_VENV = Path("/work/bench-venv")


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 256  # peers open many connections at once


class BenchServer:
    """The model server described above; counts requests, overflows and prompt chars."""

    def __init__(self) -> None:
        self.requests = 0
        self.overflows = 0
        self.prompt_chars = 0
        self.tokenize = False  # serve POST /tokenize (llama.cpp, vLLM) for the second run
        # time.monotonic() (one clock for every process of the machine) of the first request
        # of any kind and of the first completion since reset()
        self.first_any: float | None = None
        self.first_call: float | None = None
        self.lock = threading.Lock()
        self.slots = threading.Semaphore(SLOTS)
        self.extractive = ExtractiveProvider(describe=describe_prompt, within_max_tokens=True)
        self.httpd = _Server(("127.0.0.1", 0), _Handler)
        self.httpd.bench = self  # type: ignore[attr-defined]
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}"

    def __enter__(self) -> BenchServer:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()

    def reset(self) -> None:
        with self.lock:
            self.requests = self.overflows = self.prompt_chars = 0
            self.first_any = self.first_call = None

    def arrived(self, completion: bool) -> None:
        now = time.monotonic()
        with self.lock:
            self.first_any = self.first_any or now
            if completion:
                self.first_call = self.first_call or now


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: Any) -> None:
        return

    @property
    def bench(self) -> BenchServer:
        return self.server.bench  # type: ignore[attr-defined, no-any-return]

    def do_GET(self) -> None:
        self.bench.arrived(False)
        if self.path.rstrip("/") in ("/v1/models", "/models"):
            self._json(200, {"object": "list", "data": [{"id": "bench", "object": "model"}]})
        else:
            self._json(404, {"error": {"message": f"no route {self.path}"}})

    def do_POST(self) -> None:
        self.bench.arrived(self.path.rstrip("/").endswith("chat/completions"))
        raw = self.rfile.read(int(self.headers.get("content-length") or 0))
        try:
            body = json.loads(raw or b"{}")
        except ValueError:
            self._json(400, {"error": {"message": "not JSON"}})
            return
        if self.path.rstrip("/") == "/tokenize" and self.bench.tokenize:
            text = str(body.get("content") or body.get("prompt") or "")
            self._json(200, {"tokens": list(range(math.ceil(len(text) / CHARS_PER_TOKEN)))})
            return
        if not self.path.rstrip("/").endswith("chat/completions"):
            self._json(404, {"error": {"message": f"no route {self.path}"}})
            return
        system, prompt = "", ""
        for m in body.get("messages") or []:
            content = m.get("content")
            if isinstance(content, list):
                content = "".join(p.get("text", "") for p in content if isinstance(p, dict))
            if m.get("role") == "system":
                system = str(content or "")
            elif m.get("role") == "user":
                prompt += str(content or "")
        chars = len(system) + len(prompt)
        tokens = math.ceil(chars / CHARS_PER_TOKEN)
        answer = int(body.get("max_tokens") or body.get("max_completion_tokens")
                     or ANSWER_TOKENS)
        b = self.bench
        with b.lock:
            b.requests += 1
            b.prompt_chars += chars
        if tokens + answer > WINDOW:
            with b.lock:
                b.overflows += 1
            self._json(400, {"error": {
                "message": f"This model's maximum context length is {WINDOW} tokens. However, "
                           f"you requested {tokens + answer} tokens ({tokens} in the messages,"
                           f" {answer} in the completion).",
                "type": "invalid_request_error", "param": "messages",
                "code": "context_length_exceeded"}})
            return
        with b.slots:
            began = time.monotonic()
            if "<child-extractions" in prompt:
                purpose = "fold"
            elif "coherence_token:" in prompt:
                purpose = "plan"
            else:
                purpose = "leaf"
            wants_json = "JSON" in prompt or body.get("response_format") is not None
            if wants_json:
                text = b.extractive.answer(ModelRequest(purpose, system, prompt, max_tokens=answer))
            else:  # a peer's plain-text prompt: a plain-text summary of about 280 tokens
                text = _plain_summary(prompt)
            # 200 ms a request, the answer's making included: composing the extractive
            # answer takes this process CPU time, which a model server's latency includes
            time.sleep(max(0.0, LATENCY - (time.monotonic() - began)))
        self._json(200, {
            "id": "chatcmpl-bench", "object": "chat.completion", "model": "bench",
            "choices": [{"index": 0, "finish_reason": "stop",
                         "message": {"role": "assistant", "content": text}}],
            "usage": {"prompt_tokens": tokens, "completion_tokens": ANSWER_TOKENS,
                      "total_tokens": tokens + ANSWER_TOKENS}})

    def _json(self, status: int, payload: Any) -> None:
        data = json.dumps(payload).encode()
        try:
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)
        except OSError:
            self.close_connection = True


def _plain_summary(prompt: str) -> str:
    words = prompt.split()
    return " ".join(words[-int(ANSWER_TOKENS * 0.75):])


def pick_file() -> Path:
    files = sorted(DATA.rglob("*.jsonl"), key=lambda p: abs(p.stat().st_size - 404_000))
    if not files:
        raise SystemExit(f"no transcripts under {DATA}")
    return files[0]


def lower_bound(input_chars: int) -> dict[str, float]:
    tokens = math.ceil(input_chars / CHARS_PER_TOKEN)
    per_leaf = WINDOW - ANSWER_TOKENS - INSTRUCTION_TOKENS
    leaves = max(1, math.ceil(tokens / per_leaf))
    fan_in = (WINDOW - ANSWER_TOKENS - INSTRUCTION_TOKENS) // ANSWER_TOKENS
    folds = math.ceil((leaves - 1) / (fan_in - 1)) if leaves > 1 else 0
    levels = math.ceil(math.log(leaves, fan_in)) if leaves > 1 else 0
    wall = (math.ceil(leaves / SLOTS) + levels) * LATENCY
    sent = (input_chars + (leaves + folds) * INSTRUCTION_TOKENS * CHARS_PER_TOKEN
            + folds * fan_in * ANSWER_TOKENS * CHARS_PER_TOKEN * 0) / input_chars
    return {"calls": leaves + folds, "leaves": leaves, "folds": folds, "wall": wall,
            "sent": sent, "fan_in": fan_in}


async def run_gapless(server: BenchServer, path: Path, *, tokenize: bool = False
                      ) -> dict[str, Any]:
    transcript = load_transcript(path)
    settings = Settings(provider="openai", base_url=server.url, model="bench",
                        context_tokens=WINDOW, concurrency=SLOTS, timeout_seconds=60,
                        max_retries=2, retry_base_seconds=0.05)
    server.reset()
    server.tokenize = tokenize
    t0 = time.perf_counter()
    result = await summarize_transcript(transcript, RunRequest(settings, strategy="auto"))
    wall = time.perf_counter() - t0
    return {"name": "gapless" + (" +tok" if tokenize else ""), "status": result.status, "coverage": result.coverage,
            "wall": wall, "calls": server.requests, "overflows": server.overflows,
            "sent": server.prompt_chars / max(1, len(transcript.text(0, len(transcript)))),
            "input_chars": len(transcript.text(0, len(transcript))),
            "input_bytes": len(transcript), "text": transcript.text(0, len(transcript))}


def run_cli(server: BenchServer, path: Path, workdir: Path) -> dict[str, Any]:
    """`gapless summarize` as a user runs it: a new process, timed from its start to the first
    request the server sees and to its exit."""
    server.reset()
    env = {k: v for k, v in os.environ.items() if not k.startswith("GAPLESS_")}
    env.update(GAPLESS_CONFIG=str(workdir / "none.toml"), HOME=str(workdir))
    cmd = [sys.executable, "-m", "gapless.tui.cli", "summarize", str(path), "--json",
           "--provider", "openai", "--base-url", server.url, "--model", "bench",
           "--context-tokens", str(WINDOW), "--concurrency", str(SLOTS), "--db", str(workdir / f"cli{time.time_ns()}.db")]
    start = time.monotonic()
    out = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=600,
                         check=False)
    wall = time.monotonic() - start
    try:
        data = json.loads(out.stdout)
    except ValueError:
        data = {"status": f"exit {out.returncode}: {out.stderr.strip()[-120:]}",
                "coverage": 0.0}
    first = server.first_any
    first_call = server.first_call
    return {"name": "gapless CLI", "status": data.get("status"),
            "coverage": data.get("coverage", 0.0), "wall": wall, "calls": server.requests,
            "overflows": server.overflows, "sent": 0.0,
            "first_any": None if first is None else first - start,
            "first_call": None if first_call is None else first_call - start}


PEER_SCRIPT = r'''
import json, sys, time
url, which, path = sys.argv[1], sys.argv[2], sys.argv[3]
text = open(path, encoding="utf-8").read()
t0 = time.perf_counter()
if which == "langchain":
    from langchain_openai import ChatOpenAI
    from langchain_text_splitters import RecursiveCharacterTextSplitter
    from langchain.chains.summarize import load_summarize_chain
    from langchain_core.documents import Document
    class Offline(ChatOpenAI):  # no tiktoken tables are downloaded: 4 chars a token
        def get_num_tokens(self, text):
            return len(text) // 4

        def get_num_tokens_from_messages(self, messages, tools=None):
            return sum(len(str(m.content)) // 4 + 4 for m in messages)

    llm = Offline(base_url=url + "/v1", api_key="x", model="bench", max_tokens=280,
                  max_retries=0)
    chunks = RecursiveCharacterTextSplitter(chunk_size=12000, chunk_overlap=0).split_text(text)
    chain = load_summarize_chain(llm, chain_type="map_reduce", token_max=3000)
    try:
        chain.invoke({"input_documents": [Document(page_content=c) for c in chunks]})
        status = "complete"
    except Exception as exc:
        status = "failed: " + str(exc)[:120]
else:
    from llama_index.core import Settings as S
    from llama_index.core.response_synthesizers import TreeSummarize
    from llama_index.llms.openai_like import OpenAILike
    S.llm = OpenAILike(api_base=url + "/v1", api_key="x", model="bench", max_tokens=280,
                       context_window=4000, is_chat_model=True, max_retries=0)
    S.context_window = 4000
    S.num_output = 280
    try:
        TreeSummarize(use_async=True).get_response("Summarize this transcript.", [text])
        status = "complete"
    except Exception as exc:
        status = "failed: " + str(exc)[:120]
print(json.dumps({"status": status, "wall": time.perf_counter() - t0}))
'''


def run_peer(server: BenchServer, which: str, text_file: Path) -> dict[str, Any] | None:
    python = PEER_VENV / "bin" / "python"
    if not python.exists():
        return None
    server.reset()
    out = subprocess.run([str(python), "-c", PEER_SCRIPT, server.url, which, str(text_file)],
                         capture_output=True, text=True, timeout=1800, check=False)
    try:
        data = json.loads(out.stdout.strip().splitlines()[-1])
    except (ValueError, IndexError):
        data = {"status": f"did not run: {out.stderr.strip().splitlines()[-1:]}", "wall": 0.0}
    data.update(name=which, calls=server.requests, overflows=server.overflows,
                sent=server.prompt_chars / max(1, len(text_file.read_text(encoding="utf-8"))))
    return data


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--file", type=Path, help="a Claude Code session (JSONL)")
    ap.add_argument("--peers", action="store_true",
                    help="also run LangChain map_reduce and LlamaIndex TreeSummarize "
                    f"(installed in {PEER_VENV})")
    args = ap.parse_args()
    path = args.file or pick_file()
    with BenchServer() as server:
        gap = asyncio.run(run_gapless(server, path))
        rows = [gap, asyncio.run(run_gapless(server, path, tokenize=True))]
        clis = []
        for tokenize in (False, True):
            server.tokenize = tokenize
            with tempfile.TemporaryDirectory() as tmp:
                tries = [run_cli(server, path, Path(tmp)) for _ in range(3)]
            cli = min(tries, key=lambda r: r["wall"])
            cli["name"] += " +tok" if tokenize else ""
            cli["sent"] = rows[tokenize]["sent"]
            firsts = [r["first_call"] for r in tries if r["first_call"] is not None]
            cli["first_call"] = min(firsts) if firsts else None
            anys = [r["first_any"] for r in tries if r["first_any"] is not None]
            cli["first_any"] = min(anys) if anys else None
            clis.append(cli)
        rows.extend(clis)
        note = ""
        if args.peers:
            text_file = Path("/tmp") / f"cost_bench_{path.stem}.txt"
            text_file.write_text(gap["text"], encoding="utf-8")
            for which in ("langchain", "llamaindex"):
                row = run_peer(server, which, text_file)
                if row is None:
                    note = (f"peers not run: no {PEER_VENV} (pip install -r "
                            "bench/requirements-peers.txt into it)")
                    break
                rows.append(row)
        else:
            note = "peers not run (--peers runs them from /work/bench-venv)"
    lb = lower_bound(gap["input_chars"])
    print(f"input: {path} ({path.stat().st_size} bytes of JSONL, {gap['input_bytes']} bytes "
          f"rendered, ~{math.ceil(gap['input_chars'] / CHARS_PER_TOKEN)} tokens)")
    print(f"server: {WINDOW}-token window enforced (400 context_length_exceeded), {SLOTS} "
          f"slots, {LATENCY * 1000:.0f} ms a call, ~{ANSWER_TOKENS}-token answers, "
          f"{CHARS_PER_TOKEN:g} chars/token")
    print(f"{'':18}{'status':>10}{'wall s':>9}{'calls':>7}{'overflows':>11}{'sent/in':>9}")
    for r in rows:
        print(f"{r['name']:18}{str(r['status'])[:10]:>10}{r['wall']:>9.2f}{r['calls']:>7}"
              f"{r['overflows']:>11}{r['sent']:>9.2f}")
    print(f"{'lower bound':18}{'':>10}{lb['wall']:>9.2f}{lb['calls']:>7.0f}{0:>11}"
          f"{lb['sent']:>9.2f}   ({lb['leaves']:.0f} leaves + {lb['folds']:.0f} folds, "
          f"fan-in {lb['fan_in']:.0f})")
    peers = [r for r in rows if r["name"] in ("langchain", "llamaindex")
             and r["status"] == "complete"]
    fastest = min(peers, key=lambda r: r["wall"]) if peers else None
    for cli in clis:
        if cli["first_call"] is not None:
            print(f"{cli['name']} (a new process, best of 3): first request "
                  f"{cli['first_any']:.2f} s after the process starts, first model call "
                  f"{cli['first_call']:.2f} s; wall {cli['wall']:.2f} s")
        if fastest is not None:
            print(f"{cli['name']} wall / fastest peer ({fastest['name']}): "
                  f"{cli['wall'] / fastest['wall']:.2f}x")
    for g in rows[:2]:
        print(f"{g['name']} / bound: calls {g['calls'] / lb['calls']:.2f}x, wall "
              f"{g['wall'] / lb['wall']:.2f}x; coverage {g['coverage']:.0%}")
    for cli in clis:
        print(f"{cli['name']} / bound (the run timed above): calls "
              f"{cli['calls'] / lb['calls']:.2f}x")
    for r in rows:
        if str(r["status"]) != "complete":
            print(f"{r['name']}: {r['status']}")
    if note:
        print(note)


if __name__ == "__main__":
    main()
