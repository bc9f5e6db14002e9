"""Build the provider a Settings object names."""

from __future__ import annotations

import os

from engine.config import Settings, check_api_key
from engine.core.errors import UserError
from engine.providers.base import Provider
from engine.providers.extractive import ExtractiveProvider
from engine.providers.http import RetryPolicy
from engine.providers.scripted import ScriptedProvider

DEFAULT_OPENAI_MODEL = "gpt-4o-mini"


class ProviderConfigError(UserError):
    """A provider setting a user can fix; the message names the setting."""


def retry_policy(settings: Settings) -> RetryPolicy:
    return RetryPolicy(
        max_retries=settings.max_retries,
        base_delay=settings.retry_base_seconds,
        max_delay=settings.retry_max_seconds,
        max_retry_after=settings.max_retry_after,
    )


def make_provider(settings: Settings, *, keep_loop_free: bool = False) -> Provider:
    """The provider for ``settings``; a missing key or package is a UserError now, not a
    failure in the middle of a run. ``keep_loop_free``: a screen shares the event loop, so
    CPU-bound answers (the offline provider's) are made in a thread of their own."""
    if settings.provider == "extractive":
        return ExtractiveProvider(off_loop=keep_loop_free)
    if settings.provider == "scripted":
        if not settings.script:
            raise ProviderConfigError(
                "the scripted provider needs a script file: set 'script' (or --script FILE)"
            )
        try:
            return ScriptedProvider.from_file(settings.script)
        except ValueError as exc:
            raise ProviderConfigError(str(exc)) from exc
    check_api_key(settings, os.environ)
    if settings.provider == "openai":
        from engine.providers.openai import OpenAIProvider

        base_url = settings.base_url or "https://api.openai.com"
        model = settings.model
        if not model and "api.openai.com" in base_url:
            model = DEFAULT_OPENAI_MODEL
        return OpenAIProvider(
            base_url=base_url,
            model=model,
            key_env=settings.key_env,
            extras=settings.extras,
            context_tokens=settings.context_tokens,
            timeout=settings.timeout_seconds,
            retry=retry_policy(settings),
            concurrency=settings.concurrency,
        )
    if settings.provider == "anthropic":
        from engine.providers.anthropic import AnthropicProvider

        return AnthropicProvider(
            model=settings.model,
            base_url=settings.base_url,
            key_env=settings.key_env or "ANTHROPIC_API_KEY",
            extras=settings.extras,
            timeout=settings.timeout_seconds,
            retry=retry_policy(settings),
            concurrency=settings.concurrency,
        )
    if settings.provider == "local":
        from engine.providers.local import LocalProvider

        return LocalProvider(
            model=settings.model,
            context_tokens=settings.context_tokens,
            timeout=settings.timeout_seconds,
            retry=retry_policy(settings),
            extras=settings.extras,
        )
    raise ProviderConfigError(
        f"setting 'provider': unknown provider {settings.provider!r}"
    )
