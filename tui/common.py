"""What every command shares: settings from flags, exit codes, one-sentence errors."""

from __future__ import annotations

import argparse
from typing import Any

from pydantic import ValidationError

from engine.config import PROVIDERS, Settings
from engine.errors import UserError

EXIT_OK, EXIT_INCOMPLETE, EXIT_USAGE = 0, 1, 2

_FLAG_TO_SETTING = (
    ("provider", "provider"),
    ("base_url", "base_url"),
    ("model", "model"),
    ("api_key_env", "api_key_env"),
    ("script", "script"),
    ("context_tokens", "context_tokens"),
    ("concurrency", "concurrency"),
    ("max_calls", "max_calls"),
    ("max_seconds", "max_seconds"),
)


def add_provider_flags(p: argparse.ArgumentParser) -> None:
    """The provider flags every model-calling command takes."""
    g = p.add_argument_group("provider")
    g.add_argument("--provider", choices=PROVIDERS,
                   help="model provider (default: extractive, built in and offline)")
    g.add_argument("--base-url", help="server URL for openai-compatible providers")
    g.add_argument("--model", help="model name")
    g.add_argument("--api-key-env", metavar="VAR",
                   help="name of the environment variable holding the API key")
    g.add_argument("--script", metavar="FILE", help="answers for the scripted provider")
    g.add_argument("--context-tokens", type=int, metavar="N",
                   help="usable context of the model in tokens (default 8192)")
    g.add_argument("--concurrency", type=int, metavar="N", help="model calls at once")
    g.add_argument("--max-calls", type=int, metavar="N", help="stop after N model calls")
    g.add_argument("--max-seconds", type=float, metavar="S", help="stop after S seconds")


def flag_overrides(args: argparse.Namespace) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for flag, key in _FLAG_TO_SETTING:
        value = getattr(args, flag, None)
        if value is not None:
            out[key] = value
    return out


def settings_from_args(args: argparse.Namespace, base: Settings | None = None) -> Settings:
    """Settings from the flags (over ``base`` when given); bad values are a UserError."""
    try:
        data = base.model_dump() if base is not None else {}
        data.update(flag_overrides(args))
        return Settings(**data)
    except ValidationError as exc:
        raise UserError(validation_sentence(exc)) from exc


def validation_sentence(exc: ValidationError) -> str:
    err = exc.errors()[0]
    where = ".".join(str(p) for p in err.get("loc", ())) or "settings"
    msg = str(err.get("msg", "is invalid")).removeprefix("Value error, ")
    return f"setting '{where}' is invalid: {msg}"
