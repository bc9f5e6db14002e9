"""Settings: one pydantic model for the config file, the environment and the flags."""

from __future__ import annotations

from typing import Any, Literal
from urllib.parse import urlparse

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from engine.runner import Budget, Limits

PROVIDERS = ("extractive", "scripted", "openai", "anthropic", "local")
ProviderName = Literal["extractive", "scripted", "openai", "anthropic", "local"]


class Settings(BaseModel):
    """Everything a run can be told. Keys are never stored here, only the variable name."""

    model_config = ConfigDict(extra="forbid", validate_assignment=True)

    provider: ProviderName = "extractive"
    base_url: str | None = None
    model: str = ""
    api_key_env: str | None = None
    extras: dict[str, Any] = Field(default_factory=dict)
    context_tokens: int = Field(8192, ge=512, le=2_000_000)
    concurrency: int = Field(4, ge=1, le=256)
    timeout_seconds: float = Field(120.0, gt=0)
    max_retries: int = Field(4, ge=0, le=20)
    max_calls: int | None = Field(None, ge=1)
    max_tokens: int | None = Field(None, ge=1)
    max_cost: float | None = Field(None, gt=0)
    max_seconds: float | None = Field(None, gt=0)
    read_window: int = Field(2000, ge=64)
    max_actions: int = Field(20, ge=1, le=1000)
    spawn_fraction: float = Field(0.5, gt=0, le=0.5)
    price_in_per_mtok: float = Field(0.0, ge=0)
    price_out_per_mtok: float = Field(0.0, ge=0)
    script: str | None = None
    sources: list[str] = Field(default_factory=lambda: ["~/.claude/projects", "~/.codex/sessions"])
    exclude: list[str] = Field(default_factory=list)
    day_start_hour: int = Field(5, ge=0, le=23)
    summary_instructions: str = ""
    min_bytes: int = Field(200, ge=0)

    @field_validator("base_url")
    @classmethod
    def _url(cls, value: str | None) -> str | None:
        if value is None or value == "":
            return None
        parsed = urlparse(value)
        if parsed.scheme not in ("http", "https") or not parsed.netloc:
            raise ValueError(f"base_url {value!r} is not an http(s) URL like http://127.0.0.1:8080")
        return value.rstrip("/")

    @model_validator(mode="after")
    def _provider_needs(self) -> Settings:
        if self.provider == "openai" and not self.base_url:
            self.__dict__["base_url"] = "https://api.openai.com"
        return self

    @property
    def limits(self) -> Limits:
        return Limits(
            read_window=self.read_window,
            max_actions=self.max_actions,
            spawn_fraction=self.spawn_fraction,
            concurrency=self.concurrency,
        )

    @property
    def budget(self) -> Budget:
        return Budget(self.max_calls, self.max_tokens, self.max_cost, self.max_seconds)

    def price(self, tokens_in: int, tokens_out: int) -> float:
        return (tokens_in * self.price_in_per_mtok + tokens_out * self.price_out_per_mtok) / 1e6

    def public(self) -> dict[str, Any]:
        """The settings as stored with a run (no secrets live here to begin with)."""
        return self.model_dump(exclude={"sources", "exclude"})
