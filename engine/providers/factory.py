"""Build the provider a Settings object names, through the registry (``engine.registry``)."""

from __future__ import annotations

import os

from gapless.engine.config import Settings, check_api_key
from gapless.engine.core.errors import UserError
from gapless.engine.providers.base import Provider
from gapless.engine.providers.http import Delivery, RetryPolicy
from gapless.engine.registry import PROVIDERS, load


class ProviderConfigError(UserError):
    """A provider setting a user can fix; the message names the setting."""


def retry_policy(settings: Settings) -> RetryPolicy:
    return RetryPolicy(
        max_retries=settings.max_retries,
        base_delay=settings.retry_base_seconds,
        max_delay=settings.retry_max_seconds,
        max_retry_after=settings.max_retry_after,
    )


def delivery(settings: Settings) -> Delivery:
    """How the settings say each call travels (timeout, retries, calls in flight)."""
    return Delivery(timeout=settings.timeout_seconds, retry=retry_policy(settings),
                    concurrency=settings.concurrency)


def make_provider(settings: Settings, *, keep_loop_free: bool = False) -> Provider:
    """The provider for ``settings``; a missing key or package is a UserError now, not a
    failure in the middle of a run. ``keep_loop_free``: a screen shares the event loop, so
    CPU-bound answers (the offline provider's) are made in a thread of their own."""
    if settings.provider not in PROVIDERS:
        raise ProviderConfigError(
            f"setting 'provider': unknown provider {settings.provider!r}"
        )
    entry = PROVIDERS.get(settings.provider)
    if not entry.offline:
        check_api_key(settings, os.environ)
    provider: Provider = load(entry.build)(settings, keep_loop_free=keep_loop_free)
    return provider
