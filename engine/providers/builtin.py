"""The built-in providers' builders, as the registry names them (``engine.registry``).

Each is ``build(settings, keep_loop_free=False) -> Provider``; a provider's own module is
imported only when it is built, so listing the providers costs none of their clients.
"""

from __future__ import annotations

from gapless.engine.config import Settings
from gapless.engine.providers.base import Provider
from gapless.engine.providers.factory import ProviderConfigError, delivery


def extractive(settings: Settings, *, keep_loop_free: bool = False) -> Provider:
    """The offline summarizer (``keep_loop_free``: its CPU-bound answers in a thread)."""
    from gapless.engine.providers.extractive import ExtractiveProvider

    return ExtractiveProvider(off_loop=keep_loop_free)


def scripted(settings: Settings, *, keep_loop_free: bool = False) -> Provider:
    """The replayer of a script file's canned answers."""
    from gapless.engine.providers.scripted import ScriptedProvider

    if not settings.script:
        raise ProviderConfigError(
            "the scripted provider needs a script file: set 'script' (or --script FILE)"
        )
    try:
        return ScriptedProvider.from_file(settings.script)
    except ValueError as exc:
        raise ProviderConfigError(str(exc)) from exc


def openai(settings: Settings, *, keep_loop_free: bool = False) -> Provider:
    """Any OpenAI-compatible server (Ollama is detected and driven natively)."""
    from gapless.engine.providers.openai import OpenAIProvider

    base_url = settings.base_url or "https://api.openai.com"
    model = settings.model
    if not model and settings.hosted and settings.vendor is not None:
        model = settings.vendor.model  # the vendor's own API: its default model
    return OpenAIProvider(
        base_url=base_url,
        model=model,
        key_env=settings.key_env,
        extras=settings.extras,
        context_tokens=settings.context_tokens,
        delivery=delivery(settings),
    )


def anthropic(settings: Settings, *, keep_loop_free: bool = False) -> Provider:
    """Anthropic's Messages API."""
    from gapless.engine.providers.anthropic import AnthropicProvider

    return AnthropicProvider(
        model=settings.model,
        base_url=settings.base_url,
        key_env=settings.key_env or "ANTHROPIC_API_KEY",
        extras=settings.extras,
        delivery=delivery(settings),
    )


def local(settings: Settings, *, keep_loop_free: bool = False) -> Provider:
    """llama.cpp with SmolLM2-135M, fully offline."""
    from gapless.engine.providers.local import LocalProvider

    return LocalProvider(
        model=settings.model,
        context_tokens=settings.context_tokens,
        delivery=delivery(settings),
        extras=settings.extras,
    )
