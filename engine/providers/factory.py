"""Build the provider a Settings object names."""

from __future__ import annotations

from engine.config import Settings
from engine.providers.base import Provider
from engine.providers.extractive import ExtractiveProvider
from engine.providers.scripted import ScriptedProvider


class ProviderConfigError(ValueError):
    """A provider setting a user can fix; the message names the setting."""


def make_provider(settings: Settings) -> Provider:
    if settings.provider == "extractive":
        return ExtractiveProvider()
    if settings.provider == "scripted":
        if not settings.script:
            raise ProviderConfigError(
                "the scripted provider needs a script file: set 'script' (or --script FILE)"
            )
        try:
            return ScriptedProvider.from_file(settings.script)
        except ValueError as exc:
            raise ProviderConfigError(str(exc)) from exc
    raise ProviderConfigError(
        f"provider {settings.provider!r} is not available in this build yet"
    )
