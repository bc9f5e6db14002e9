"""Anthropic's Messages API over httpx.

Structured output is requested by forcing one tool whose input schema is the answer's
schema: every Claude model honours a forced tool, and its ``input`` arrives as parsed
JSON, so no repair is needed on that path. The key is read from the environment (by
default ``ANTHROPIC_API_KEY``) on every call.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from gapless.engine.providers.base import ModelReply, ModelRequest
from gapless.engine.providers.http import (
    Delivery,
    HttpProvider,
    is_loopback,
    merge_extras,
    usage_tokens,
)
from gapless.engine.providers.openai import clean_json

DEFAULT_BASE_URL = "https://api.anthropic.com"
DEFAULT_MODEL = "claude-sonnet-4-5"
API_VERSION = "2023-06-01"
TOOL_NAME = "answer"


class AnthropicProvider(HttpProvider):
    """``POST /v1/messages`` with a forced tool for structured answers."""

    name = "anthropic"

    def __init__(
        self,
        *,
        model: str = "",
        base_url: str | None = None,
        key_env: str = "ANTHROPIC_API_KEY",
        extras: Mapping[str, Any] | None = None,
        delivery: Delivery | None = None,
    ) -> None:
        super().__init__(model=model or DEFAULT_MODEL, key_env=key_env, delivery=delivery)
        self.base_url = (base_url or DEFAULT_BASE_URL).rstrip("/").removesuffix("/v1")
        self.trust_env = not is_loopback(self.base_url)
        self.extras = dict(extras or {})

    def probe_url(self) -> str:
        return f"{self.base_url}/v1/models"

    def auth_headers(self, key: str) -> dict[str, str]:
        return {"x-api-key": key, "anthropic-version": API_VERSION}

    def headers(self) -> dict[str, str]:
        return {
            "x-api-key": self.key_or_fail(),
            "anthropic-version": API_VERSION,
            "content-type": "application/json",
            "accept": "application/json",
        }

    def body(self, request: ModelRequest) -> dict[str, Any]:
        protocol: dict[str, Any] = {
            "model": self.model,
            "max_tokens": request.max_tokens,
            "system": request.system,
            "messages": [{"role": "user", "content": request.prompt}],
        }
        if request.schema is not None:
            protocol["tools"] = [{
                "name": TOOL_NAME,
                "description": "Give your answer as the JSON object this schema describes.",
                "input_schema": request.schema,
            }]
            protocol["tool_choice"] = {"type": "tool", "name": TOOL_NAME}
        body = merge_extras(self.extras, protocol)
        if request.schema is None:
            body.pop("tool_choice", None)
        return body

    async def complete(self, request: ModelRequest) -> ModelReply:
        def parse(data: dict[str, Any]) -> tuple[str, Any, Any, str]:
            blocks = data["content"]
            if not isinstance(blocks, list):
                raise ValueError("content is not a list of blocks")
            text = ""
            for block in blocks:
                if not isinstance(block, dict):
                    continue
                if block.get("type") == "tool_use" and block.get("name") == TOOL_NAME:
                    text = json.dumps(block.get("input"), ensure_ascii=False)
                    break
                if block.get("type") == "text":
                    text += str(block.get("text", ""))
            usage = data.get("usage") or {}
            tin = usage.get("input_tokens")
            if isinstance(tin, int):
                tin += sum(v for k in ("cache_creation_input_tokens", "cache_read_input_tokens")
                           if isinstance(v := usage.get(k), int))
            return text, tin, usage.get("output_tokens"), str(data.get("model") or "")

        (text, tin, tout, model), retries, latency = await self.request_json(
            f"{self.base_url}/v1/messages", self.body(request), self.headers(), parse)
        if request.schema is not None:
            text = clean_json(text)
        tokens_in, tokens_out, estimated = usage_tokens(request, text, tin, tout)
        return ModelReply(text=text, tokens_in=tokens_in, tokens_out=tokens_out,
                          model=model or self.model, estimated=estimated,
                          latency_ms=latency, retries=retries)
