"""Strict checks of request and reply bodies against the official SDKs' own types.

The ``openai``, ``anthropic`` and ``ollama`` packages (test-only, in the ``dev`` extra) describe
what their APIs accept: OpenAI's and Anthropic's request parameters as TypedDicts, every
reply and Ollama's requests as pydantic models. These helpers validate a body against
them *strictly*:

* an unknown key fails at every level, not only at the top: the TypedDict is validated
  inside a model whose ``extra="forbid"`` pydantic propagates into every nested TypedDict
  (messages, response_format, tools, tool_choice), and the top-level keys are also checked
  against the TypedDict's own keys (over its MRO), so the rule does not hang on that
  propagation alone;
* ``Iterable[...]`` fields (OpenAI's and Anthropic's ``messages``, ``tools``, ``system``)
  are validated lazily by pydantic; they are drained here, so a ``messages`` that is a
  string, or a message of the wrong shape, fails as it would in the SDK's client;
* Ollama's models ignore unknown keys and type ``messages`` and ``options`` as any
  mapping, so the request, each message and the options are checked key by key against
  ``ChatRequest``, ``Message`` and ``Options`` and then validated by them.

Each ``check_*`` raises :class:`ShapeError` (an ``AssertionError``) saying what is wrong.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import cache
from typing import Any, get_type_hints

from pydantic import BaseModel, ConfigDict, ValidationError, create_model


class ShapeError(AssertionError):
    """A body the SDK's types reject."""


def typed_dict_keys(td: type) -> set[str]:
    """Every key a TypedDict declares, its bases' included."""
    keys: set[str] = set()
    for klass in reversed(td.__mro__):
        if klass in (dict, object):
            continue
        keys |= set(getattr(klass, "__annotations__", {}))
    return keys | set(get_type_hints(td))


@cache
def _strict(td: type) -> type[BaseModel]:
    """A model holding one ``body: td``, forbidding extra keys at every TypedDict level."""
    return create_model(f"Strict{td.__name__}", __config__=ConfigDict(extra="forbid"),
                        body=(td, ...))


def _drain(value: Any) -> Any:
    """Consume pydantic's lazy iterators so the items they hold are validated too."""
    if isinstance(value, Mapping):
        return {k: _drain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_drain(v) for v in value]
    if isinstance(value, Iterator):
        return [_drain(v) for v in value]
    return value


def check_typed_dict(body: Any, td: type, what: str) -> dict[str, Any]:
    """``body`` validated strictly against the TypedDict ``td``; the validated body."""
    if not isinstance(body, Mapping):
        raise ShapeError(f"{what}: the body is {type(body).__name__}, not an object")
    unknown = set(body) - typed_dict_keys(td)
    if unknown:
        raise ShapeError(f"{what}: keys {sorted(unknown)} are not in {td.__qualname__}")
    try:
        validated = _strict(td).model_validate({"body": dict(body)})
        return dict(_drain(validated.body))  # type: ignore[attr-defined]
    except ValidationError as exc:
        raise ShapeError(f"{what}: {td.__qualname__} rejects the body:\n{exc}") from None


def check_model_keys(data: Any, model: type[BaseModel], what: str) -> None:
    if not isinstance(data, Mapping):
        raise ShapeError(f"{what}: {type(data).__name__}, not an object")
    unknown = set(data) - set(model.model_fields)
    if unknown:
        raise ShapeError(f"{what}: keys {sorted(unknown)} are not in {model.__qualname__}")


def check_model(data: Any, model: type[BaseModel], what: str, *,
                forbid_extra: bool = True) -> BaseModel:
    """``data`` parsed by the SDK's pydantic ``model`` (unknown keys fail if asked)."""
    if forbid_extra:
        check_model_keys(data, model, what)
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise ShapeError(f"{what}: {model.__qualname__} rejects it:\n{exc}") from None


# --- OpenAI ---------------------------------------------------------------------------------

def check_openai_request(body: Any) -> dict[str, Any]:
    """A ``POST /v1/chat/completions`` body, as ``client.chat.completions.create`` takes."""
    from openai.types.chat.completion_create_params import CompletionCreateParamsNonStreaming

    return check_typed_dict(body, CompletionCreateParamsNonStreaming, "openai request")


def check_openai_reply(data: Any) -> BaseModel:
    """A chat completion, parsed the way the SDK parses one."""
    from openai.types.chat import ChatCompletion

    return check_model(data, ChatCompletion, "openai reply", forbid_extra=False)


def check_openai_error(data: Any) -> BaseModel:
    """An OpenAI-style error body: ``{"error": {"message": ..., ...}}``."""
    from openai.types import ErrorObject

    if not isinstance(data, Mapping) or "error" not in data:
        raise ShapeError(f"openai error: no 'error' object in {data!r}")
    return check_model(data["error"], ErrorObject, "openai error", forbid_extra=False)


def check_openai_models(data: Any) -> list[BaseModel]:
    """``GET /v1/models``: a list of models."""
    from openai.types import Model

    if not isinstance(data, Mapping) or not isinstance(data.get("data"), list):
        raise ShapeError(f"openai models: no 'data' list in {data!r}")
    return [check_model(m, Model, "openai model", forbid_extra=False) for m in data["data"]]


# --- Anthropic ------------------------------------------------------------------------------

def check_anthropic_request(body: Any) -> dict[str, Any]:
    """A ``POST /v1/messages`` body, as ``client.messages.create`` takes."""
    from anthropic.types.message_create_params import MessageCreateParamsNonStreaming

    return check_typed_dict(body, MessageCreateParamsNonStreaming, "anthropic request")


def check_anthropic_reply(data: Any) -> BaseModel:
    from anthropic.types import Message

    return check_model(data, Message, "anthropic reply", forbid_extra=False)


def check_anthropic_error(data: Any) -> BaseModel:
    from anthropic.types import ErrorResponse

    return check_model(data, ErrorResponse, "anthropic error", forbid_extra=False)


# --- Ollama ---------------------------------------------------------------------------------

def check_ollama_chat_request(body: Any) -> BaseModel:
    """A ``POST /api/chat`` body, as ``ollama.Client.chat`` sends one."""
    from ollama._types import ChatRequest, Message, Options

    request = check_model(body, ChatRequest, "ollama request")
    for i, m in enumerate(body.get("messages") or []):
        check_model(m, Message, f"ollama request message {i}")
    if body.get("options") is not None:
        check_model(body["options"], Options, "ollama request options")
    fmt = body.get("format")
    if fmt is not None and not isinstance(fmt, Mapping) and fmt not in ("", "json"):
        raise ShapeError(f"ollama request: format {fmt!r} is neither 'json' nor a schema")
    return request


def check_ollama_chat_reply(data: Any) -> BaseModel:
    from ollama._types import ChatResponse

    return check_model(data, ChatResponse, "ollama reply", forbid_extra=False)


def check_ollama_tags(data: Any) -> BaseModel:
    """``GET /api/tags``: the installed models."""
    from ollama._types import ListResponse

    return check_model(data, ListResponse, "ollama tags", forbid_extra=False)
