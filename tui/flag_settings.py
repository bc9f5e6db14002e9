"""Which command-line flag sets which setting: what the commands read, and what a resume
command repeats so that it asks for the same run whatever the configuration says."""

from __future__ import annotations

from gapless.engine import Settings

FLAG_TO_SETTING = (
    ("provider", "provider"),
    ("base_url", "base_url"),
    ("model", "model"),
    ("api_key_env", "api_key_env"),
    ("script", "script"),
    ("context_tokens", "context_tokens"),
    ("concurrency", "concurrency"),
    ("max_calls", "max_calls"),
    ("max_tokens", "max_tokens"),
    ("max_cost", "max_cost"),
    ("max_seconds", "max_seconds"),
    ("timeout", "timeout_seconds"),
    ("retries", "max_retries"),
)


def differing_flags(settings: Settings, base: Settings) -> list[str]:
    """The provider and budget flags that turn ``base`` into ``settings``: what a command
    must repeat so that it asks for the same run whatever the configuration says."""
    out: list[str] = []
    for flag, key in FLAG_TO_SETTING:
        value = getattr(settings, key, None)
        if value is not None and value != getattr(base, key, None):
            out += [f"--{flag.replace('_', '-')}", str(value)]
    return out
