"""Every request body the providers build, and every recorded reply, against the official
SDKs' own types (``openai``, ``anthropic``, ``ollama``: test-only, in the ``dev`` extra).

The recordings were written from the docs, so matching them proves only that the provider
sends what the docs were read to say. Here the bodies are checked by the types the vendors
ship with their clients, strictly (see tests/support/sdk_shapes.py): an unknown key, a
wrong value or a wrong nesting fails, as the real API would reject it.

The bodies are captured on the wire: each provider runs against a real HTTP server on
127.0.0.1 that records what arrives and answers in the API's own shape (and refuses the
structured-output forms a test names, the way servers without them do, so the fallback
bodies are sent too). ``api.openai.com`` is reached through a transport that carries the
request to that loopback server, so the OpenAI-only branch also goes over a socket.
Every form of every builder is also checked directly, for the variants no server here
would make a provider send.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import httpx
import pytest

from gapless.engine.core.extraction import extraction_schema
from gapless.engine.providers.anthropic import AnthropicProvider
from gapless.engine.providers.base import ModelRequest
from gapless.engine.providers.http import Delivery, RetryPolicy
from gapless.engine.providers.openai import OLLAMA_FORMATS, OPENAI_FORMATS, OpenAIProvider
from gapless.engine.run.prompts import SYSTEM
from gapless.engine.strategies.chunked.prompts import chunk_schema
from gapless.engine.strategies.protocol import action_schema
from tests.support.needs import cannot_run, not_installed

# The SDKs are test-only dependencies: found, not imported here (each check imports the
# types it needs: the SDKs take seconds to import, and every test worker collects this module).
if (_missing := not_installed("openai", "anthropic", "ollama")) is not None:
    cannot_run(_missing)
pytestmark = pytest.mark.xdist_group("sdk-shapes")  # one worker pays for importing the SDKs

from tests.support import sdk_shapes as sdk  # noqa: E402  (after the SDKs are known)
from tests.support.sdk_shapes import ShapeError  # noqa: E402

RECORDINGS = Path(__file__).parent / "recordings"
KEY = "sk-shape-test-key-0123456789"
RETRY = RetryPolicy(max_retries=1, base_delay=0.001, max_delay=0.01)
ANSWER = {"headline": "Fixed the cache TTL", "summary": "The TTL was off by one.",
          "topics": ["cache"], "actions": [{"action": "done"}]}
PROMPT = ('Summarize\n\n<transcript-data id="0123456789ab" offset="0" bytes="23">\n'
          'We fixed the parser bug.\n</transcript-data id="0123456789ab">\n\nNow the JSON.')
# The schemas the engine sends, with a purpose that sends each.
SCHEMAS = {"leaf": extraction_schema(), "fold": extraction_schema(),
           "compact": extraction_schema(), "plan": action_schema(), "chunk": chunk_schema()}
EXTRAS_OPENAI = {"temperature": 0, "top_p": 0.9, "seed": 7, "stop": ["</answer>"]}
EXTRAS_ANTHROPIC = {"stop_sequences": ["</answer>"], "metadata": {"user_id": "gapless-test"}}
EXTRAS_OLLAMA = {"options": {"temperature": 0, "top_k": 20, "num_ctx": 4096},
                 "keep_alive": "10m"}
# Documented in the SDKs' docstrings: a json_schema's name, and a tool's name.
NAME_RULE = re.compile(r"^[a-zA-Z0-9_-]{1,64}$")


def request(purpose: str = "leaf", schema: dict[str, Any] | None = None,
            max_tokens: int = 256) -> ModelRequest:
    return ModelRequest(purpose=purpose, system=SYSTEM, prompt=PROMPT, schema=schema,
                        max_tokens=max_tokens)


# --- the checks, by where a body went ----------------------------------------------------------


def check_openai_body(body: dict[str, Any], *, llamacpp_schema: bool) -> dict[str, Any]:
    """An OpenAI chat-completions body. ``json_object`` with a ``schema`` is llama.cpp's
    documented extension (its server constrains the output to the schema); it is allowed
    only where the provider talks to a compatible server, never to api.openai.com, and the
    rest of the body must still be pure OpenAI."""
    fmt = body.get("response_format")
    if llamacpp_schema and isinstance(fmt, dict) and fmt.get("type") == "json_object" \
            and "schema" in fmt:
        assert isinstance(fmt["schema"], dict) and fmt["schema"].get("type") == "object"
        body = {**body, "response_format": {k: v for k, v in fmt.items() if k != "schema"}}
    checked = sdk.check_openai_request(body)
    if isinstance(fmt, dict) and fmt.get("type") == "json_object":
        # OpenAI's documented rule for JSON mode: the messages must ask for JSON.
        said = " ".join(str(m.get("content")) for m in body["messages"])
        if "json" not in said.lower():
            raise ShapeError("openai request: json_object, but no message mentions JSON")
    if isinstance(fmt, dict) and fmt.get("type") == "json_schema":
        name = fmt["json_schema"]["name"]
        if not NAME_RULE.match(name):
            raise ShapeError(f"openai request: json_schema name {name!r} breaks the rule")
    return checked


def check_anthropic_body(body: dict[str, Any]) -> dict[str, Any]:
    from anthropic.types.tool_param import InputSchemaTyped
    from pydantic import TypeAdapter, ValidationError

    checked = sdk.check_anthropic_request(body)
    for tool in body.get("tools") or []:
        if not NAME_RULE.match(tool["name"]):
            raise ShapeError(f"anthropic request: tool name {tool['name']!r} breaks the rule")
        # The API takes any JSON schema whose type is "object" (the SDK's typed form).
        try:
            TypeAdapter(InputSchemaTyped).validate_python(tool["input_schema"])
        except ValidationError as exc:
            raise ShapeError(f"anthropic request: input_schema: {exc}") from None
    return checked


# --- a loopback server that answers in each API's own shape ------------------------------------


class ShapeServer:
    """Records every request; answers like OpenAI / a compatible server, Ollama or
    Anthropic; refuses the structured-output forms named in ``refuse``."""

    def __init__(self, *, ollama: bool = False, refuse: set[str] | None = None) -> None:
        self.ollama = ollama
        self.refuse = set(refuse or ())
        self.requests: list[dict[str, Any]] = []
        self.replies: list[tuple[str, int, Any]] = []
        self.lock = threading.Lock()
        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
        self.httpd.daemon_threads = True
        self.httpd.owner = self  # type: ignore[attr-defined]
        self.thread = threading.Thread(target=self.httpd.serve_forever, args=(0.02,),
                                       daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}"

    def __enter__(self) -> ShapeServer:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
        self.thread.join(5)

    def posts(self) -> list[dict[str, Any]]:
        return [r for r in self.requests if r["method"] == "POST"]

    def answer(self, method: str, path: str, body: Any) -> tuple[int, Any]:
        text = json.dumps(ANSWER)
        if method == "GET" and path == "/api/tags":
            if not self.ollama:
                return 404, {"error": "404 page not found"}
            return 200, {"models": [{
                "name": "qwen2.5:0.5b", "model": "qwen2.5:0.5b",
                "modified_at": "2025-04-20T10:12:31.123456789Z", "size": 397821319,
                "digest": "a8b0c51577010a279d933d14c2a8ab4b268079d44c5c8830c0a93900f1827c67",
                "details": {"parent_model": "", "format": "gguf", "family": "qwen2",
                            "families": ["qwen2"], "parameter_size": "494.03M",
                            "quantization_level": "Q4_K_M"}}]}
        if method == "GET" and path == "/v1/models":
            return 200, {"object": "list", "data": [{"id": "shape-model", "object": "model",
                                                     "created": 1745300000,
                                                     "owned_by": "test"}]}
        if path == "/v1/chat/completions":
            fmt = (body.get("response_format") or {}).get("type", "none")
            if fmt in self.refuse:
                return 400, {"error": {
                    "message": f"Invalid parameter: 'response_format' of type '{fmt}' is "
                               "not supported with this model.",
                    "type": "invalid_request_error", "param": "response_format",
                    "code": None}}
            return 200, {
                "id": "chatcmpl-shape", "object": "chat.completion", "created": 1745300000,
                "model": body["model"], "system_fingerprint": "fp_shape",
                "choices": [{"index": 0, "finish_reason": "stop", "logprobs": None,
                             "message": {"role": "assistant", "content": text,
                                         "refusal": None, "annotations": []}}],
                "usage": {"prompt_tokens": 120, "completion_tokens": 30,
                          "total_tokens": 150}}
        if path == "/api/chat":
            fmt = body.get("format")
            kind = "none" if fmt is None else "json" if fmt == "json" else "schema"
            if kind in self.refuse:
                return 400, {"error": f"invalid format: {kind} is not supported"}
            return 200, {
                "model": body["model"], "created_at": "2025-04-20T10:13:02.5Z",
                "message": {"role": "assistant", "content": text}, "done": True,
                "done_reason": "stop", "total_duration": 912345678,
                "load_duration": 12345678, "prompt_eval_count": 120,
                "prompt_eval_duration": 456789, "eval_count": 30, "eval_duration": 345678}
        if path == "/v1/messages":
            if body.get("tools"):
                block: dict[str, Any] = {"type": "tool_use", "id": "toolu_01shape",
                                         "name": "answer", "input": ANSWER}
            else:
                block = {"type": "text", "text": text, "citations": None}
            return 200, {
                "id": "msg_01shape", "type": "message", "role": "assistant",
                "model": body["model"], "content": [block],
                "stop_reason": "tool_use" if body.get("tools") else "end_turn",
                "stop_sequence": None,
                "usage": {"input_tokens": 120, "output_tokens": 30,
                          "cache_creation_input_tokens": 0, "cache_read_input_tokens": 0}}
        return 404, {"error": {"message": f"no route {method} {path}"}}


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: Any) -> None:
        return

    def _serve(self, method: str) -> None:
        owner: ShapeServer = self.server.owner  # type: ignore[attr-defined]
        length = int(self.headers.get("content-length") or 0)
        raw = self.rfile.read(length) if length else b""
        body = json.loads(raw) if raw else None
        with owner.lock:
            owner.requests.append({"method": method, "path": self.path, "raw": raw,
                                   "body": body,
                                   "headers": {k.lower(): v for k, v in self.headers.items()}})
        status, payload = owner.answer(method, self.path, body)
        with owner.lock:
            owner.replies.append((self.path, status, payload))
        data = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self) -> None:
        self._serve("GET")

    def do_POST(self) -> None:
        self._serve("POST")


class ToLoopback(httpx.AsyncBaseTransport):
    """Carries requests for any host to the loopback server (path and body untouched)."""

    def __init__(self, url: str) -> None:
        self.target = httpx.URL(url)
        self.inner = httpx.AsyncHTTPTransport()

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        request.url = request.url.copy_with(scheme=self.target.scheme, host=self.target.host,
                                            port=self.target.port)
        return await self.inner.handle_async_request(request)

    async def aclose(self) -> None:
        await self.inner.aclose()


@contextlib.contextmanager
def key_in_env(var: str) -> Iterator[None]:
    old = os.environ.get(var)
    os.environ[var] = KEY
    try:
        yield
    finally:
        if old is None:
            os.environ.pop(var, None)
        else:
            os.environ[var] = old


def check_replies(server: ShapeServer) -> None:
    """What the loopback server answered is itself the API's shape (or the test proves
    nothing about parsing)."""
    for path, status, payload in server.replies:
        if path == "/v1/chat/completions":
            (sdk.check_openai_reply if status == 200 else sdk.check_openai_error)(payload)
        elif path == "/v1/messages":
            sdk.check_anthropic_reply(payload)
        elif path == "/api/chat" and status == 200:
            sdk.check_ollama_chat_reply(payload)
        elif path == "/api/tags" and status == 200:
            sdk.check_ollama_tags(payload)
        elif path == "/v1/models":
            sdk.check_openai_models(payload)


# --- on the wire: OpenAI and compatible servers ------------------------------------------------

FALLBACKS = [  # what the server refuses -> the form the provider ends up sending
    (set(), "json_schema"),
    ({"json_schema"}, "json_object"),
    ({"json_schema", "json_object"}, "none"),
]


@pytest.mark.parametrize("host", ["api.openai.com", "compatible"])
@pytest.mark.parametrize("extras", [{}, EXTRAS_OPENAI], ids=["plain", "extras"])
@pytest.mark.parametrize(("refuse", "form"), FALLBACKS, ids=[f for _, f in FALLBACKS])
async def test_openai_bodies_on_the_wire_are_what_the_sdk_accepts(
    host: str, extras: dict[str, Any], refuse: set[str], form: str,
) -> None:
    with ShapeServer(refuse=refuse) as server, key_in_env("OPENAI_API_KEY"):
        openai_host = host == "api.openai.com"
        p = OpenAIProvider(
            base_url="https://api.openai.com/v1" if openai_host else server.url,
            model="gpt-4o-mini" if openai_host else "", key_env="OPENAI_API_KEY",
            extras=extras, delivery=Delivery(
                retry=RETRY, transport=ToLoopback(server.url) if openai_host else None))
        try:
            for purpose, schema in [*SCHEMAS.items(), ("leaf", None)]:
                reply = await p.complete(request(purpose, schema))
                assert json.loads(reply.text) == ANSWER
                assert not reply.estimated
        finally:
            await p.aclose()
    posts = server.posts()
    assert posts, "no request reached the server"
    sent_forms = set()
    for r in posts:
        assert r["path"] == "/v1/chat/completions"
        body = r["body"]
        check_openai_body(body, llamacpp_schema=not openai_host)
        assert KEY not in r["raw"].decode()
        assert r["headers"]["authorization"] == f"Bearer {KEY}"
        tokens = "max_completion_tokens" if openai_host else "max_tokens"
        assert body[tokens] == 256 and body["stream"] is False
        for k, v in extras.items():
            assert body[k] == v
        if "response_format" in body:
            sent_forms.add(body["response_format"]["type"])
    # the form the provider settled on was really sent, after each refused one
    assert sent_forms == refuse | ({form} - {"none"})
    assert posts[-1]["body"].get("response_format") is None  # the call without a schema
    with_schema = [r["body"] for r in posts if r["body"].get("response_format")]
    if form != "none":
        assert with_schema[-1]["response_format"]["type"] == form
    if form == "json_object":  # llama.cpp's schema goes to compatible servers only
        assert ("schema" in with_schema[-1]["response_format"]) is not openai_host
    check_replies(server)


# --- on the wire: Ollama's native API ----------------------------------------------------------

OLLAMA_FALLBACKS = [(set(), "schema"), ({"schema"}, "json"), ({"schema", "json"}, "none")]


@pytest.mark.parametrize("extras", [{}, EXTRAS_OLLAMA], ids=["plain", "extras"])
@pytest.mark.parametrize(("refuse", "form"), OLLAMA_FALLBACKS,
                         ids=[f for _, f in OLLAMA_FALLBACKS])
async def test_ollama_bodies_on_the_wire_are_what_the_sdk_accepts(
    extras: dict[str, Any], refuse: set[str], form: str,
) -> None:
    with ShapeServer(ollama=True, refuse=refuse) as server:
        p = OpenAIProvider(base_url=f"{server.url}/v1", model="", extras=extras,
                           context_tokens=8192, delivery=Delivery(retry=RETRY))
        try:
            for purpose, schema in [*SCHEMAS.items(), ("leaf", None)]:
                reply = await p.complete(request(purpose, schema, max_tokens=300))
                assert json.loads(reply.text) == ANSWER
        finally:
            await p.aclose()
    assert [r["path"] for r in server.requests if r["method"] == "GET"] == ["/api/tags"]
    kinds = set()
    for r in server.posts():
        assert r["path"] == "/api/chat"
        body = r["body"]
        sdk.check_ollama_chat_request(body)
        assert body["model"] == "qwen2.5:0.5b"  # the first model /api/tags listed
        options = body["options"]
        # the context size always goes in options (Ollama truncates silently without it);
        # the user's own num_ctx wins, num_predict is the call's
        assert options["num_ctx"] == (4096 if extras else 8192)
        assert options["num_predict"] == 300
        if extras:
            assert options["temperature"] == 0 and body["keep_alive"] == "10m"
        fmt = body.get("format")
        if fmt is not None:
            kinds.add("json" if fmt == "json" else "schema")
            if fmt != "json":
                assert fmt in SCHEMAS.values()
    assert kinds == refuse | ({form} - {"none"})
    check_replies(server)


# --- on the wire: Anthropic --------------------------------------------------------------------


@pytest.mark.parametrize("extras", [{}, EXTRAS_ANTHROPIC], ids=["plain", "extras"])
@pytest.mark.slow
async def test_anthropic_bodies_on_the_wire_are_what_the_sdk_accepts(
    extras: dict[str, Any],
) -> None:
    with ShapeServer() as server, key_in_env("ANTHROPIC_API_KEY"):
        p = AnthropicProvider(base_url=server.url, extras=extras,
                              delivery=Delivery(retry=RETRY))
        try:
            for purpose, schema in [*SCHEMAS.items(), ("leaf", None)]:
                reply = await p.complete(request(purpose, schema, max_tokens=512))
                assert json.loads(reply.text) == ANSWER
                assert reply.tokens_in == 120 and reply.tokens_out == 30
        finally:
            await p.aclose()
    posts = server.posts()
    assert len(posts) == len(SCHEMAS) + 1
    for r in posts:
        assert r["path"] == "/v1/messages"
        assert r["headers"]["x-api-key"] == KEY
        assert r["headers"]["anthropic-version"]
        assert KEY not in r["raw"].decode()
        body = r["body"]
        check_anthropic_body(body)
        assert body["system"] == SYSTEM and body["max_tokens"] == 512
        assert [m["role"] for m in body["messages"]] == ["user"]
        if body.get("tools"):
            assert body["tool_choice"] == {"type": "tool", "name": body["tools"][0]["name"]}
        else:
            assert "tool_choice" not in body
        for k, v in extras.items():
            assert body[k] == v
    assert sum(1 for r in posts if "tools" in r["body"]) == len(SCHEMAS)
    check_replies(server)


# --- every form of every builder, directly -----------------------------------------------------


class _OpenAIOnly(OpenAIProvider):
    probes_ollama = False  # (the bodies are built here, never sent)


@pytest.mark.parametrize("form", OPENAI_FORMATS)
@pytest.mark.parametrize("base_url", ["https://api.openai.com", "http://127.0.0.1:8080"])
@pytest.mark.parametrize("extras", [{}, EXTRAS_OPENAI], ids=["plain", "extras"])
def test_every_openai_form_is_what_the_sdk_accepts(form: str, base_url: str,
                                                   extras: dict[str, Any]) -> None:
    p = _OpenAIOnly(base_url=base_url, model="m", extras=extras)
    for purpose, schema in [*SCHEMAS.items(), ("leaf", None)]:
        for system in (SYSTEM, ""):
            body = p.openai_body(ModelRequest(purpose, system, PROMPT, schema, 64), form)
            check_openai_body(body, llamacpp_schema=not p.is_openai)


@pytest.mark.parametrize("form", OLLAMA_FORMATS)
@pytest.mark.parametrize("extras", [{}, EXTRAS_OLLAMA], ids=["plain", "extras"])
def test_every_ollama_form_is_what_the_sdk_accepts(form: str, extras: dict[str, Any]) -> None:
    p = OpenAIProvider(base_url="http://127.0.0.1:11434", model="m", extras=extras)
    for purpose, schema in [*SCHEMAS.items(), ("leaf", None)]:
        sdk.check_ollama_chat_request(
            p.ollama_body(ModelRequest(purpose, SYSTEM, PROMPT, schema, 64), form))


@pytest.mark.parametrize("extras", [{}, EXTRAS_ANTHROPIC], ids=["plain", "extras"])
def test_every_anthropic_body_is_what_the_sdk_accepts(extras: dict[str, Any]) -> None:
    p = AnthropicProvider(model="claude-sonnet-4-5", extras=extras)
    for purpose, schema in [*SCHEMAS.items(), ("leaf", None)]:
        check_anthropic_body(p.body(ModelRequest(purpose, SYSTEM, PROMPT, schema, 64)))


# --- the recordings ----------------------------------------------------------------------------


def fill(value: Any) -> Any:
    if value == "$SYSTEM":
        return SYSTEM
    if value == "$EXTRACTION_SCHEMA":
        return extraction_schema()
    if isinstance(value, dict):
        return {k: fill(v) for k, v in value.items()}
    if isinstance(value, list):
        return [fill(v) for v in value]
    return value


@pytest.mark.parametrize("name", sorted(p.stem for p in RECORDINGS.glob("*.json")))
def test_every_recorded_request_and_reply_is_what_the_sdk_accepts(name: str) -> None:
    rec = json.loads((RECORDINGS / f"{name}.json").read_text())
    base_url = rec["provider"]["base_url"]
    to_openai = rec["provider"]["kind"] == "openai" and "api.openai.com" in (base_url or "")
    checked = 0
    for ex in rec["exchanges"]:
        req, resp = fill(ex["request"]), ex["response"]
        path, status, body = req["path"], resp["status"], resp["body"]
        if path == "/v1/chat/completions":
            check_openai_body(req["body"], llamacpp_schema=not to_openai)
            (sdk.check_openai_reply if status == 200 else sdk.check_openai_error)(body)
        elif path == "/v1/messages":
            check_anthropic_body(req["body"])
            (sdk.check_anthropic_reply if status == 200 else sdk.check_anthropic_error)(body)
        elif path == "/api/chat":
            sdk.check_ollama_chat_request(req["body"])
            assert status == 200
            sdk.check_ollama_chat_reply(body)
        elif path == "/api/tags":
            assert req["body"] is None
            if status == 200:
                sdk.check_ollama_tags(body)
            else:  # a compatible server saying it is not Ollama: nothing of Ollama's here
                assert status == 404 and rec["provider"]["kind"] == "openai"
                continue
        elif path == "/v1/models":
            sdk.check_openai_models(body)
        else:
            pytest.fail(f"{name}: no SDK type for {req['method']} {path}")
        checked += 1
    assert checked


# --- the checks reject what the APIs reject ----------------------------------------------------

GOOD_OPENAI: dict[str, Any] = {
    "model": "gpt-4o-mini", "stream": False, "max_completion_tokens": 64,
    "messages": [{"role": "system", "content": "s"}, {"role": "user", "content": "u"}],
    "response_format": {"type": "json_schema",
                        "json_schema": {"name": "gapless_leaf", "schema": {"type": "object"},
                                        "strict": False}},
}
GOOD_ANTHROPIC: dict[str, Any] = {
    "model": "claude-sonnet-4-5", "max_tokens": 64, "system": "s",
    "messages": [{"role": "user", "content": "u"}],
    "tools": [{"name": "answer", "description": "d", "input_schema": {"type": "object"}}],
    "tool_choice": {"type": "tool", "name": "answer"},
}
GOOD_OLLAMA: dict[str, Any] = {
    "model": "qwen2.5:0.5b", "stream": False, "think": False, "format": {"type": "object"},
    "options": {"num_ctx": 8192, "num_predict": 64},
    "messages": [{"role": "system", "content": "s"}, {"role": "user", "content": "u"}],
}


def test_the_good_bodies_pass() -> None:
    check_openai_body(GOOD_OPENAI, llamacpp_schema=False)
    check_anthropic_body(GOOD_ANTHROPIC)
    sdk.check_ollama_chat_request(GOOD_OLLAMA)


@pytest.mark.parametrize(("change", "why"), [
    ({"messages": "s u"}, "messages as a string"),
    ({"messages": [{"role": "narrator", "content": "u"}]}, "an unknown role"),
    ({"messages": [{"role": "user", "content": "u", "weight": 1}]}, "an unknown message key"),
    ({"messages": [{"role": "user"}]}, "a user message without content"),
    ({"temprature": 0}, "an unknown top-level key"),
    ({"stream": True}, "a streaming request"),
    ({"max_completion_tokens": "many"}, "max tokens not a number"),
    ({"response_format": {"type": "json_object", "schema": {}}},
     "json_object with a schema (llama.cpp's extension) sent to OpenAI"),
    ({"response_format": {"type": "json_schema", "schema": {"type": "object"}}},
     "json_schema without its json_schema object"),
    ({"response_format": {"type": "json_schema",
                          "json_schema": {"name": "x", "schema": {}, "strict": False,
                                          "mode": "strict"}}},
     "an unknown key inside json_schema"),
    ({"response_format": {"type": "json_schema",
                          "json_schema": {"name": "gapless leaf", "schema": {}}}},
     "a json_schema name with a space"),
])
def test_the_openai_check_rejects_a_wrong_shape(change: dict[str, Any], why: str) -> None:
    with pytest.raises(ShapeError):
        check_openai_body({**GOOD_OPENAI, **change}, llamacpp_schema=False)


def test_the_openai_check_demands_the_required_keys() -> None:
    for key in ("model", "messages"):
        with pytest.raises(ShapeError):
            check_openai_body({k: v for k, v in GOOD_OPENAI.items() if k != key},
                              llamacpp_schema=False)


@pytest.mark.parametrize(("change", "why"), [
    ({"messages": "u"}, "messages as a string"),
    ({"system": [{"type": "text"}]}, "a system block without text"),
    ({"messages": [{"role": "tool", "content": "s"}]}, "an OpenAI-only role"),
    ({"max_tokens": None}, "no max_tokens"),
    ({"tool_choice": {"type": "function", "name": "answer"}}, "an OpenAI-style tool_choice"),
    ({"tools": [{"name": "answer", "parameters": {"type": "object"}}]},
     "an OpenAI-style tool"),
    ({"tools": [{"name": "answer", "input_schema": {"type": "array"}}]},
     "a tool schema that is not an object"),
    ({"response_format": {"type": "json_object"}}, "an unknown top-level key"),
])
def test_the_anthropic_check_rejects_a_wrong_shape(change: dict[str, Any], why: str) -> None:
    body = {**GOOD_ANTHROPIC, **change}
    body = {k: v for k, v in body.items() if v is not None}
    with pytest.raises(ShapeError):
        check_anthropic_body(body)


@pytest.mark.parametrize(("change", "why"), [
    ({"messages": "u"}, "messages as a string"),
    ({"messages": [{"role": "user", "content": "u", "name": "x"}]}, "an unknown message key"),
    ({"options": {"num_ctx": "big"}}, "num_ctx not a number"),
    ({"options": {"context_length": 8192}}, "an unknown option"),
    ({"format": "yaml"}, "a format that is neither json nor a schema"),
    ({"max_tokens": 64}, "an OpenAI key on Ollama's API"),
    ({"model": ""}, "no model"),
])
def test_the_ollama_check_rejects_a_wrong_shape(change: dict[str, Any], why: str) -> None:
    with pytest.raises(ShapeError):
        sdk.check_ollama_chat_request({**GOOD_OLLAMA, **change})


def test_the_reply_checks_reject_a_wrong_shape() -> None:
    with pytest.raises(ShapeError):
        sdk.check_openai_reply({"choices": [{"message": {"content": "x"}}]})
    with pytest.raises(ShapeError):
        sdk.check_anthropic_reply({"content": "x", "usage": {}})
    with pytest.raises(ShapeError):
        sdk.check_ollama_chat_reply({"model": "m", "done": True})
    with pytest.raises(ShapeError):
        sdk.check_ollama_tags({"models": "qwen"})
