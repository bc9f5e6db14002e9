"""Any OpenAI-compatible server (OpenAI, vLLM, llama.cpp, LM Studio), and Ollama natively.

Structured output is asked for in the strongest form the server accepts — a JSON-schema
``response_format``, then llama.cpp's ``json_object`` with a schema, then nothing — and a
server that rejects a form is not asked for it again. Whatever comes back, dirty JSON is
repaired here so the engine sees one clean object whenever one can be found. Ollama is
detected by ``/api/tags`` and driven through ``/api/chat``, whose ``format`` takes the
schema and whose ``options`` carry the context size (Ollama otherwise truncates prompts
silently to its small default).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Mapping
from typing import Any, ClassVar
from urllib.parse import urlparse

from gapless.engine.core.jsonrepair import LlmJsonError, parse_llm_json
from gapless.engine.providers.base import ContextOverflow, ModelReply, ModelRequest, ProviderError
from gapless.engine.providers.http import (
    Delivery,
    HttpFailure,
    HttpProvider,
    HttpProviderError,
    is_loopback,
    merge_extras,
    model_ids,
    model_listed,
    unlisted,
    usage_tokens,
)

# Structured-output forms, strongest first.
OPENAI_FORMATS = ("json_schema", "json_object", "none")
OLLAMA_FORMATS = ("schema", "json", "none")
_FORMAT_WORDS = ("response_format", "json_schema", "json_object", "schema", "format", "grammar")


class OpenAIProvider(HttpProvider):
    """``/v1/chat/completions`` over httpx, or Ollama's ``/api/chat`` when detected."""

    name = "openai"
    # whether the server is asked first if it is Ollama (a client of a server known to
    # speak only the OpenAI protocol says no)
    probes_ollama: ClassVar[bool] = True

    def __init__(
        self,
        *,
        base_url: str,
        model: str = "",
        key_env: str | None = None,
        extras: Mapping[str, Any] | None = None,
        context_tokens: int = 8192,
        delivery: Delivery | None = None,
    ) -> None:
        super().__init__(model=model, key_env=key_env, delivery=delivery)
        self.base_url = base_url.rstrip("/")
        self.trust_env = not is_loopback(self.base_url)
        self.extras = dict(extras or {})
        self.context_tokens = context_tokens
        host = urlparse(self.base_url).hostname or ""
        self.is_openai = host == "api.openai.com"
        self._detect = self.probes_ollama and not self.is_openai
        self.flavour: str | None = None if self._detect else "openai"
        self._format = 0
        self._setup = asyncio.Lock()
        self._ollama_models: list[str] = []
        self._tokenize: bool | None = None  # the server's /tokenize: unknown, yes, no
        self._first_count = asyncio.Lock()

    # urls ---------------------------------------------------------------------------------
    @property
    def api_root(self) -> str:
        """The server root (``/v1`` stripped) where Ollama's native API lives."""
        return self.base_url.removesuffix("/v1")

    @property
    def v1(self) -> str:
        return self.base_url if self.base_url.endswith("/v1") else f"{self.base_url}/v1"

    def probe_url(self) -> str:
        return f"{self.v1}/models"

    async def check_reachable(self) -> None:
        """The server answers; and where its list of models is the one its API keeps to
        (OpenAI's own, Ollama's installed models), the configured model is on it — an
        OpenAI-compatible server may list one name and answer to any, so its list is not
        held against the model."""
        resp = await self.probe()
        if not self.model:
            return
        listed: list[str] | None = None
        if self.is_openai:
            listed = model_ids(resp)
        elif self._detect:
            if self.flavour is None:
                self.flavour = await self._probe_ollama()
            listed = self._ollama_models if self.flavour == "ollama" else None
        if listed and not model_listed(self.model, listed):
            raise unlisted(self.base_url, self.model, listed)

    async def list_models(self) -> list[str] | None:
        """The server's models: Ollama's ``/api/tags``, else ``/v1/models``."""
        names = None
        if self._detect:  # Ollama's own list first: its names are what its API takes
            names = model_ids(await self.probe(f"{self.api_root}/api/tags"), key="models",
                              field="name")
        return names if names is not None else model_ids(await self.probe())

    def headers(self) -> dict[str, str]:
        h = {"content-type": "application/json", "accept": "application/json"}
        if self.key_env:
            h["authorization"] = f"Bearer {self.key_or_fail()}"
        return h

    # setup --------------------------------------------------------------------------------
    async def _ensure_setup(self) -> None:
        """Detect Ollama and pick a model if none was named (once; failures try again)."""
        if self.flavour is not None and self.model:
            return
        async with self._setup:
            if self.flavour is None:
                self.flavour = await self._probe_ollama()
            if not self.model:
                self.model = await self._first_model()

    async def _probe_ollama(self) -> str | None:
        def parse(data: dict[str, Any]) -> list[str]:
            models = data["models"]
            if not isinstance(models, list):
                raise ValueError("models is not a list")
            return [str(m.get("name") or m.get("model")) for m in models if isinstance(m, dict)]

        try:
            names, _, _ = await self.request_json(f"{self.api_root}/api/tags", None,
                                               self.headers(), parse, retries=0,
                                               timeout=min(self.timeout, 10.0))
        except HttpProviderError as exc:
            # A server that answered (404, not JSON, another shape) is not Ollama; one that
            # did not answer is asked again on the next call.
            return "openai" if exc.status is not None or not exc.retryable else None
        self._ollama_models = names
        return "ollama"

    async def _first_model(self) -> str:
        if self.flavour == "ollama":
            if self._ollama_models:
                return self._ollama_models[0]
            raise ProviderError("the Ollama server has no models: pull one (ollama pull …) "
                                "or set 'model'")

        def parse(data: dict[str, Any]) -> str:
            items = data["data"]
            return str(items[0]["id"])

        try:
            model, _, _ = await self.request_json(f"{self.v1}/models", None,
                                               self.headers(), parse, retries=1)
        except HttpProviderError as exc:
            if exc.status is None:  # no answer at all: say that, not "no model"
                raise
            raise ProviderError(f"no model is set and the server lists none ({exc}); "
                                "set 'model' (--model)", retries=exc.retries) from None
        return model

    def retryable(self, failure: HttpFailure) -> bool:
        """llama-cpp-python answers an unknown response_format with HTTP 500: not transient."""
        body = failure.body.lower()
        if failure.status == 500 and ("response_format" in body or "json_schema" in body):
            return False
        return failure.retryable

    # the call -----------------------------------------------------------------------------
    async def complete(self, request: ModelRequest) -> ModelReply:
        await self._ensure_setup()
        retries = 0
        latency = 0.0
        while True:
            ollama = self.flavour == "ollama"
            forms = OLLAMA_FORMATS if ollama else OPENAI_FORMATS
            form = forms[self._format] if request.schema is not None else "none"
            try:
                if ollama:
                    (text, tin, tout, model), r, ms = await self.request_json(
                        f"{self.api_root}/api/chat", self.ollama_body(request, form),
                        self.headers(), _parse_ollama)
                else:
                    (text, tin, tout, model), r, ms = await self.request_json(
                        f"{self.v1}/chat/completions", self.openai_body(request, form),
                        self.headers(), _parse_openai)
            except HttpProviderError as exc:
                retries += exc.retries
                if form != "none" and _rejects_format(exc):
                    # This server does not take that form: never ask for it again (calls
                    # running at the same time may learn it too; max keeps one step).
                    self._format = max(self._format, forms.index(form) + 1)
                    continue
                raise HttpProviderError(str(exc), retries=retries, retryable=exc.retryable,
                                        status=exc.status, body=exc.body) from None
            retries += r
            latency += ms
            break
        if ollama:
            check_ollama_saw_it(request, tin)
        if request.schema is not None:
            text = clean_json(text)
        tokens_in, tokens_out, estimated = usage_tokens(request, text, tin, tout)
        return ModelReply(text=text, tokens_in=tokens_in, tokens_out=tokens_out,
                          model=model or self.model, estimated=estimated,
                          latency_ms=latency, retries=retries)

    @property
    def probes_usage(self) -> bool:
        """OpenAI-compatible servers report the prompt's tokens; Ollama's count may come
        from its prompt cache or a prompt cut to ``num_ctx``, so it is not asked."""
        return self.flavour not in (None, "ollama")

    async def count_tokens(self, text: str) -> int | None:
        """llama.cpp's and vLLM's ``POST /tokenize`` (asked once; a server without it is
        not asked again, and counts asked at once wait for the first answer). OpenAI's and
        Ollama's APIs have none."""
        if self.is_openai or self._tokenize is False:
            return None
        if self._tokenize is None:
            async with self._first_count:
                if self._tokenize is None:
                    return await self._count(text)
            if not self._tokenize:
                return None
        return await self._count(text)

    async def _count(self, text: str) -> int | None:
        await self._ensure_setup()
        if self.flavour == "ollama":
            self._tokenize = False
            return None

        def parse(data: dict[str, Any]) -> int:
            if isinstance(data.get("count"), int):
                return int(data["count"])
            tokens = data["tokens"]
            if not isinstance(tokens, list):
                raise ValueError("tokens is not a list")
            return len(tokens)

        body = {"model": self.model, "content": text, "prompt": text, "add_special": False}
        try:
            count, _, _ = await self.request_json(f"{self.api_root}/tokenize", body,
                                                  self.headers(), parse, retries=0,
                                                  timeout=min(self.timeout, 10.0))
        except (HttpProviderError, ValueError, KeyError):
            self._tokenize = False
            return None
        self._tokenize = True
        return count

    def openai_body(self, request: ModelRequest, form: str) -> dict[str, Any]:
        protocol: dict[str, Any] = {
            "model": self.model,
            "messages": [
                {"role": "system", "content": request.system},
                {"role": "user", "content": request.prompt},
            ],
            "stream": False,
            ("max_completion_tokens" if self.is_openai else "max_tokens"): request.max_tokens,
        }
        if request.schema is not None and form == "json_schema":
            protocol["response_format"] = {
                "type": "json_schema",
                "json_schema": {"name": f"gapless_{request.purpose or 'answer'}",
                                "schema": request.schema, "strict": False},
            }
        elif request.schema is not None and form == "json_object":
            # The schema here is llama.cpp's extension; OpenAI's json_object takes no other
            # key (its API rejects the body).
            protocol["response_format"] = ({"type": "json_object"} if self.is_openai else
                                           {"type": "json_object", "schema": request.schema})
        body = merge_extras(self.extras, protocol)
        if form == "none":
            body.pop("response_format", None)
        return body

    def ollama_body(self, request: ModelRequest, form: str) -> dict[str, Any]:
        options = dict(self.extras.get("options") or {})
        options.setdefault("num_ctx", self.context_tokens)
        options["num_predict"] = request.max_tokens
        protocol: dict[str, Any] = {
            "model": self.model,
            "messages": [
                {"role": "system", "content": request.system},
                {"role": "user", "content": request.prompt},
            ],
            "stream": False,
            "think": False,
            "options": options,
        }
        if request.schema is not None and form == "schema":
            protocol["format"] = request.schema
        elif request.schema is not None and form == "json":
            protocol["format"] = "json"
        body = merge_extras(self.extras, protocol)
        if form == "none":
            body.pop("format", None)
        return body


def _parse_openai(data: dict[str, Any]) -> tuple[str, Any, Any, str]:
    choice = data["choices"][0]
    message = choice.get("message") or {}
    usage = data.get("usage") or {}
    return (_content(message.get("content")), usage.get("prompt_tokens"),
            usage.get("completion_tokens"), str(data.get("model") or ""))


OLLAMA_MIN_BYTES_PER_TOKEN = 8  # no tokenizer packs more bytes per token than this


def check_ollama_saw_it(request: ModelRequest, prompt_tokens: Any) -> None:
    """Ollama cuts a prompt longer than ``num_ctx`` without an error; its reply then
    reports far fewer prompt tokens than the prompt has. That call failed: the model did
    not see what was sent."""
    if not isinstance(prompt_tokens, int) or isinstance(prompt_tokens, bool):
        return
    sent = len(request.system.encode("utf-8")) + len(request.prompt.encode("utf-8"))
    least = sent // OLLAMA_MIN_BYTES_PER_TOKEN
    if prompt_tokens < least:
        raise ContextOverflow(
            f"Ollama saw {prompt_tokens} prompt tokens of a {sent}-byte prompt (at least "
            f"{least} tokens): num_ctx cut it, so the model did not see it all")


def _parse_ollama(data: dict[str, Any]) -> tuple[str, Any, Any, str]:
    message = data["message"]
    return (_content(message.get("content")), data.get("prompt_eval_count"),
            data.get("eval_count"), str(data.get("model") or ""))


def _content(content: Any) -> str:
    """Message content as text (a string, or a list of text parts)."""
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "".join(str(p.get("text", "")) for p in content if isinstance(p, dict))
    raise ValueError("message content is neither text nor parts")


def _rejects_format(exc: HttpProviderError) -> bool:
    """Did the server refuse the structured-output form (not the request as a whole)?"""
    if exc.status not in (400, 404, 415, 422, 500, 501):
        return False
    body = exc.body.lower()
    return any(w in body for w in _FORMAT_WORDS)


def clean_json(text: str) -> str:
    """The reply as one clean JSON object when one can be found; else the text unchanged."""
    stripped = text.strip()
    try:
        if isinstance(json.loads(stripped), dict):
            return stripped
    except ValueError:
        pass
    try:
        return json.dumps(parse_llm_json(text), ensure_ascii=False)
    except LlmJsonError:
        return text
