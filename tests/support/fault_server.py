"""A real HTTP model server on 127.0.0.1 with scripted faults, for provider tests.

It speaks the OpenAI chat-completions shape (and Ollama's ``/api/chat`` or Anthropic's
``/v1/messages`` when asked), answers good calls with the built-in extractive provider (so
whole runs produce real summaries), and fails calls on a script: ``429`` with Retry-After,
``500``, ``503``, ``slow`` (past the client's timeout), ``drop`` (connection closed without
an answer), ``truncated`` (Content-Length promised, half sent), ``partial`` (a cut-off JSON
body), ``nonjson`` (an HTML page), ``nousage`` (a good answer without usage), ``dirty``
(a good answer wrapped in prose and a code fence), ``garbage`` (a well-formed reply whose
content is not JSON), ``parrot`` (the prompt's example answer copied back), ``400`` (a request error, not retryable), ``401`` (a rejected key,
echoed back in the error body the way careless servers do).
"""

from __future__ import annotations

import contextlib
import json
import random
import re
import socket
import threading
from collections.abc import Callable, Iterable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from gapless.engine.providers.base import ModelRequest
from gapless.engine.providers.extractive import ExtractiveProvider
from gapless.engine.run.prompts import describe_prompt

FAULTS = ("429", "500", "503", "slow", "drop", "truncated", "partial", "nonjson", "nousage",
          "dirty", "garbage", "400")
# Faults of the model rather than the server: a well-formed reply that breaks the schema
# (wrong field types, unknown actions) or echoes a wrong coherence token.
MODEL_FAULTS = ("schema", "token")
RETRYABLE_FAULTS = ("429", "500", "503", "slow", "drop", "truncated", "partial", "nonjson")

Script = Callable[[int], str]


def random_script(seed: int, rate: float, kinds: Iterable[str] = RETRYABLE_FAULTS) -> Script:
    """Each call fails with probability ``rate``, with a kind drawn from ``kinds``."""
    rng = random.Random(seed)
    pool = list(kinds)
    lock = threading.Lock()

    def script(_index: int) -> str:
        with lock:
            return rng.choice(pool) if rng.random() < rate else "ok"

    return script


class FaultServer:
    """``with FaultServer(["500", "429"]) as s: ... s.url ...`` — then every call is ok."""

    def __init__(
        self,
        faults: Iterable[str] | Script = (),
        *,
        flavour: str = "openai",
        retry_after: str = "0",
        slow_seconds: float = 5.0,
        delay: float = 0.0,
        usage: bool = True,
        responder: Callable[[str, str], str | None] | None = None,
        window_tokens: int | None = None,
        chars_per_token: float = 4.0,
        tokenize: bool = False,
        prompt_eval_cap: int | None = None,
        probe_usage: bool = True,
        within_max_tokens: bool = False,
    ) -> None:
        if callable(faults):
            self._script: Script | None = faults
            self._queue: list[str] = []
        else:
            self._script = None
            self._queue = list(faults)
        self.flavour = flavour
        self.retry_after = retry_after
        self.slow_seconds = slow_seconds
        self.delay = delay
        self.usage = usage
        # answers a good call instead of the extractive provider: (purpose, prompt) -> text,
        # or None to leave it to the extractive provider
        self.responder = responder
        # a model's window and tokenizer: a prompt of more than window_tokens (its
        # characters / chars_per_token, plus max_tokens) is refused with HTTP 400
        # context_length_exceeded, as vLLM and OpenAI do; usage reports the same count
        self.window_tokens = window_tokens
        self.chars_per_token = chars_per_token
        self.tokenize = tokenize  # serve POST /tokenize (llama.cpp and vLLM)
        self.prompt_eval_cap = prompt_eval_cap  # Ollama: num_ctx cut the prompt to this
        self.overflows = 0
        self.calls = 0
        self.probes = 0  # calibration probes among the calls
        self.probe_usage = probe_usage  # False: a probe's reply reports no usage
        self.served: list[str] = []
        self.requests: list[dict[str, Any]] = []
        self._lock = threading.Lock()
        self._stop = threading.Event()
        # True: answers are cut to the request's max_tokens, as a model's are
        self._extractive = ExtractiveProvider(describe=describe_prompt,
                                              within_max_tokens=within_max_tokens)
        self._httpd = _Server(("127.0.0.1", 0), _Handler)
        self._httpd.owner = self
        self._thread = threading.Thread(target=self._httpd.serve_forever, args=(0.02,),
                                        daemon=True)

    # lifecycle ----------------------------------------------------------------------------
    @property
    def port(self) -> int:
        return int(self._httpd.server_address[1])

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> FaultServer:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        self._httpd.shutdown()
        self._httpd.server_close()
        self._thread.join(5)

    def __enter__(self) -> FaultServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # the script ---------------------------------------------------------------------------
    def next_fault(self) -> str:
        with self._lock:
            index = self.calls - self.probes  # scripts count the engine's real calls
            self.calls += 1
            if self._script is not None:
                fault = self._script(index)
            else:
                fault = self._queue.pop(0) if self._queue else "ok"
            self.served.append(fault)
            return fault

    def record(self, method: str, path: str, headers: dict[str, str], body: Any) -> None:
        with self._lock:
            self.requests.append({"method": method, "path": path, "headers": headers,
                                  "body": body})

    def answer_text(self, body: dict[str, Any]) -> str:
        """What the extractive provider answers to this request's messages."""
        system = str(body.get("system") or "")
        prompt = ""
        for m in body.get("messages") or []:
            content = m.get("content")
            if isinstance(content, list):
                content = "".join(p.get("text", "") for p in content if isinstance(p, dict))
            if m.get("role") == "system":
                system = str(content)
            elif m.get("role") == "user":
                prompt = str(content)
        if "coherence_token:" in prompt:
            purpose = "plan"
        elif "<child-extractions" in prompt:
            purpose = "fold"
        else:
            purpose = "leaf"
        if self.responder is not None:
            text = self.responder(purpose, prompt)
            if text is not None:
                return text
        limit = int(body.get("max_tokens") or body.get("max_completion_tokens") or 1024)
        return self._extractive.answer(ModelRequest(purpose, system, prompt, max_tokens=limit))

    def prompt_tokens(self, body: dict[str, Any]) -> int:
        """The prompt's tokens by this server's tokenizer (its characters / chars_per_token)."""
        chars = 0
        for m in body.get("messages") or []:
            content = m.get("content")
            if isinstance(content, list):
                content = "".join(p.get("text", "") for p in content if isinstance(p, dict))
            chars += len(str(content or "")) + 4
        chars += len(str(body.get("system") or ""))
        return max(1, round(chars / self.chars_per_token))

    def over_window(self, body: dict[str, Any]) -> int | None:
        """The tokens asked for when they are over the window, else None."""
        if self.window_tokens is None:
            return None
        options = body.get("options") or {}
        answer = int(body.get("max_tokens") or body.get("max_completion_tokens")
                     or options.get("num_predict") or 0)
        asked = self.prompt_tokens(body) + answer
        return asked if asked > self.window_tokens else None

    def sleep(self, seconds: float) -> None:
        self._stop.wait(seconds)


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True
    owner: FaultServer

    def handle_error(self, request: Any, client_address: Any) -> None:
        """Clients hang up on purpose here (timeouts); that is not worth a traceback."""


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server: _Server

    def log_message(self, format: str, *args: Any) -> None:
        return

    @property
    def owner(self) -> FaultServer:
        return self.server.owner

    # routing ------------------------------------------------------------------------------
    def do_GET(self) -> None:
        owner = self.owner
        owner.record("GET", self.path, {k.lower(): v for k, v in self.headers.items()}, None)
        if self.path == "/api/tags":
            if owner.flavour == "ollama":
                self._json(200, {"models": [{"name": "tiny:latest", "model": "tiny:latest"}]})
            else:
                self._json(404, {"error": "not found"})
        elif self.path in ("/v1/models", "/models"):
            self._json(200, {"object": "list", "data": [{"id": "fault-model", "object": "model"}]})
        else:
            self._json(404, {"error": {"message": f"no route {self.path}"}})

    def do_POST(self) -> None:
        owner = self.owner
        length = int(self.headers.get("content-length") or 0)
        raw = self.rfile.read(length) if length else b""
        try:
            body = json.loads(raw or b"{}")
        except ValueError:
            self._json(400, {"error": {"message": "request body is not JSON"}})
            return
        owner.record("POST", self.path, {k.lower(): v for k, v in self.headers.items()}, body)
        if self.path in ("/tokenize", "/v1/tokenize"):
            if not owner.tokenize:
                self._json(404, {"error": {"message": f"no route {self.path}"}})
                return
            text = str(body.get("content") or body.get("prompt") or "")
            count = max(0, round(len(text) / owner.chars_per_token))
            self._json(200, {"tokens": list(range(count)), "count": count})
            return
        if owner.delay:
            owner.sleep(owner.delay)
        asked = owner.over_window(body)
        if asked is not None and self.path != "/api/chat":
            with owner._lock:
                owner.overflows += 1
                owner.served.append("overflow")
            self._json(400, {"error": {
                "message": f"This model's maximum context length is {owner.window_tokens} "
                           f"tokens. However, you requested {asked} tokens. Please reduce "
                           "the length of the messages or completion.",
                "type": "invalid_request_error", "param": "messages",
                "code": "context_length_exceeded"}})
            return
        if int(body.get("max_tokens") or body.get("max_completion_tokens") or 0) == 1:
            # Gapless's calibration probe (prompt tokens for a one-token answer): answered,
            # counted as a call, but it takes no fault from the script
            with owner._lock:
                owner.calls += 1
                owner.probes += 1
                owner.served.append("probe")
            self._json(200, self._payload(body, "OK", owner.usage and owner.probe_usage))
            return
        fault = owner.next_fault()
        self._serve(fault, body)

    # answers ------------------------------------------------------------------------------
    def _serve(self, fault: str, body: dict[str, Any]) -> None:
        owner = self.owner
        if fault == "429":
            self._json(429, {"error": {"message": "Rate limit reached", "type": "rate_limit"}},
                       headers={"Retry-After": owner.retry_after})
        elif fault in ("500", "503"):
            self._json(int(fault), {"error": {"message": "the server is overloaded"}})
        elif fault == "401":
            auth = self.headers.get("authorization") or self.headers.get("x-api-key") or ""
            self._json(401, {"error": {"message": f"Incorrect API key provided: {auth}",
                                       "type": "authentication_error"}})
        elif fault == "400":
            self._json(400, {"error": {"message": "bad request: context length exceeded"}})
        elif fault == "slow":
            owner.sleep(owner.slow_seconds)
            self._answer(body, "ok")
        elif fault == "drop":
            self.close_connection = True
            with contextlib.suppress(OSError):
                self.connection.shutdown(socket.SHUT_RDWR)
        elif fault == "truncated":
            data = json.dumps(self._payload(body, self.owner.answer_text(body), True)).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data[: len(data) // 2])
            self.wfile.flush()
            self.close_connection = True
            with contextlib.suppress(OSError):
                self.connection.shutdown(socket.SHUT_RDWR)
        elif fault == "partial":
            data = json.dumps(self._payload(body, self.owner.answer_text(body), True)).encode()
            self._raw(200, data[: len(data) // 2], "application/json")
        elif fault == "nonjson":
            self._raw(200, b"<html><body><h1>502 Bad Gateway</h1></body></html>", "text/html")
        else:
            self._answer(body, fault)

    def _answer(self, body: dict[str, Any], fault: str) -> None:
        text = self.owner.answer_text(body)
        if fault == "dirty":
            text = f"Sure! Here is the JSON you asked for:\n```json\n{text}\n```\nHope it helps."
        elif fault == "garbage":
            text = "I am sorry, I cannot summarize this transcript."
        elif fault == "parrot":  # the prompt's example of the answer, copied back
            text = json.dumps({"headline": "one line", "summary": "what happened, decisions, "
                               "outcomes", "topics": ["3 to 8 short topics"]})
        elif fault == "schema":
            text = json.dumps({"headline": ["not", "a", "string"], "topics": 7,
                               "actions": [{"action": "teleport", "start": "here"}]})
        elif fault == "token":
            text = re.sub(r'"coherence_token": "[0-9a-f]*"', '"coherence_token": "0badc0ffee00"',
                          text)
        usage = self.owner.usage and fault != "nousage"
        self._json(200, self._payload(body, text, usage))

    def _payload(self, body: dict[str, Any], text: str, usage: bool) -> dict[str, Any]:
        tin = max(1, len(json.dumps(body)) // 4)
        if self.owner.window_tokens is not None or self.owner.chars_per_token != 4.0:
            tin = self.owner.prompt_tokens(body)
        tout = max(1, len(text) // 4)
        if self.path == "/api/chat":
            out: dict[str, Any] = {"model": body.get("model", "tiny:latest"),
                                   "message": {"role": "assistant", "content": text},
                                   "done": True, "done_reason": "stop"}
            if usage:
                cap = self.owner.prompt_eval_cap
                out |= {"prompt_eval_count": tin if cap is None else min(tin, cap),
                        "eval_count": tout}
            return out
        if self.path == "/v1/messages":
            if body.get("tools"):
                try:
                    block: dict[str, Any] = {"type": "tool_use", "id": "toolu_01", "name":
                                             "answer", "input": json.loads(text)}
                except ValueError:
                    block = {"type": "text", "text": text}
            else:
                block = {"type": "text", "text": text}
            out = {"id": "msg_01", "type": "message", "role": "assistant",
                   "model": body.get("model", ""), "content": [block],
                   "stop_reason": "tool_use" if block["type"] == "tool_use" else "end_turn"}
            if usage:
                out["usage"] = {"input_tokens": tin, "output_tokens": tout}
            return out
        out = {"id": "chatcmpl-1", "object": "chat.completion", "model": body.get("model", ""),
               "choices": [{"index": 0, "finish_reason": "stop",
                            "message": {"role": "assistant", "content": text}}]}
        if usage:
            out["usage"] = {"prompt_tokens": tin, "completion_tokens": tout,
                            "total_tokens": tin + tout}
        return out

    def _json(self, status: int, payload: Any, headers: dict[str, str] | None = None) -> None:
        self._raw(status, json.dumps(payload).encode(), "application/json", headers)

    def _raw(self, status: int, data: bytes, ctype: str,
             headers: dict[str, str] | None = None) -> None:
        try:
            self.send_response(status)
            self.send_header("Content-Type", ctype)
            self.send_header("Content-Length", str(len(data)))
            for k, v in (headers or {}).items():
                self.send_header(k, v)
            self.end_headers()
            self.wfile.write(data)
            self.wfile.flush()
        except OSError:
            self.close_connection = True


def fast_settings(url: str, **kw: Any) -> Any:
    """Settings for an openai-compatible run against ``url`` with test-sized patience."""
    from gapless.engine.config import Settings

    base: dict[str, Any] = {
        "provider": "openai", "base_url": url, "model": "fault-model",
        "context_tokens": 1024, "timeout_seconds": 0.5, "max_retries": 3,
        "retry_base_seconds": 0.01, "retry_max_seconds": 0.05, "concurrency": 4,
    }
    base.update(kw)
    return Settings(**base)
