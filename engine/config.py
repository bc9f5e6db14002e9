"""Settings: one pydantic model for the config file, the environment and the flags.

Layers, lowest first: defaults, the TOML file (``gapless config path``), ``GAPLESS_*``
environment variables, then command-line flags. API keys never live in any layer: the
settings hold only the *name* of the variable, and the key is read at call time.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal
from urllib.parse import urlparse

import tomli_w
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from gapless.engine.core.errors import UserError, did_you_mean
from gapless.engine.core.limits import Budget, Limits
from gapless.engine.prices import known_price
from gapless.engine.registry import PROVIDERS, Vendor

# Record classes left out of a rendering unless included (see engine.sources).
INCLUDABLE = ("harness", "thinking", "telemetry")
Includable = Literal["harness", "thinking", "telemetry"]
if TYPE_CHECKING:
    ProviderName = str
else:  # the registry's names, as a Literal the settings form offers (see _new_providers)
    ProviderName = Literal[PROVIDERS.names()]

ENV_PREFIX = "GAPLESS_"
CONFIG_ENV = "GAPLESS_CONFIG"
# GAPLESS_* variables that are not settings (read by other parts of the program).
NON_SETTING_ENV = frozenset({"GAPLESS_CONFIG", "GAPLESS_DB"})
_ENV_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
_SECRET_EXTRA = re.compile(r"key|secret|auth|password|bearer", re.I)
# an environment variable whose value is a credential, by its name (OPENAI_API_KEY,
# GITHUB_TOKEN, AWS_SECRET_ACCESS_KEY, DB_PASSWORD); not one that merely mentions a key
# or auth (KEYMAP, SSH_AUTH_SOCK: a path, which would blank paths out of stored prompts)
_SECRET_ENV = re.compile(r"(?:^|_)(?:API_?KEY|ACCESS_?KEY|PRIVATE_?KEY|KEY|TOKEN|SECRET"
                         r"(?:_ACCESS_KEY|_KEY)?|PASSWORD|PASSWD|CREDENTIALS?)$", re.I)
SECRET_MIN_CHARS = 8  # shorter values are too likely to be ordinary words to redact


def secret_env_values(environ: Mapping[str, str] | None = None) -> list[str]:
    """The values of every environment variable whose name says it holds a key, a token or
    a secret (``*_API_KEY``, ``*_TOKEN``, ``*_SECRET``, …), longest first: what is redacted
    from stored call bodies as it is from MCP answers."""
    env = os.environ if environ is None else environ
    values = {v for n, v in env.items() if _SECRET_ENV.search(n) and len(v) >= SECRET_MIN_CHARS}
    return sorted(values, key=len, reverse=True)


def strip_credentials(url: str) -> str:
    """``url`` without a ``user:password@`` part (never stored, printed or sent on)."""
    parsed = urlparse(url)
    if "@" not in parsed.netloc:
        return url
    return parsed._replace(netloc=parsed.netloc.rsplit("@", 1)[1]).geturl()


class ModelPrice(BaseModel):
    """Price of one model in currency units per million tokens."""

    model_config = ConfigDict(extra="forbid")

    input_per_mtok: float = Field(0.0, ge=0)
    output_per_mtok: float = Field(0.0, ge=0)


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
    # Worker processes that scan a long log's coming chunks while this one works (None:
    # one per core but one, at most 4; 0: none).
    scan_workers: int | None = Field(None, ge=0, le=16)
    timeout_seconds: float = Field(120.0, gt=0)
    max_retries: int = Field(4, ge=0, le=20)
    retry_base_seconds: float = Field(1.0, ge=0)
    retry_max_seconds: float = Field(30.0, ge=0)
    max_retry_after: float = Field(120.0, ge=0)
    max_calls: int | None = Field(None, ge=1)
    max_tokens: int | None = Field(None, ge=1)
    max_cost: float | None = Field(None, gt=0)
    max_seconds: float | None = Field(None, gt=0)
    read_window: int = Field(2000, ge=64)
    max_actions: int = Field(20, ge=1, le=1000)
    spawn_fraction: float = Field(0.5, gt=0, le=0.5)
    # A run whose model gives this many unusable answers in a row stops, failed.
    max_unusable_answers: int = Field(8, ge=1, le=1000)
    price_in_per_mtok: float = Field(0.0, ge=0)
    price_out_per_mtok: float = Field(0.0, ge=0)
    prices: dict[str, ModelPrice] = Field(default_factory=dict)
    script: str | None = None
    sources: list[str] = Field(default_factory=lambda: ["~/.claude/projects", "~/.codex/sessions"])
    exclude: list[str] = Field(default_factory=list)
    day_start_hour: int = Field(5, ge=0, le=23)
    summary_instructions: str = ""
    compaction_trigger: float = Field(0.6, gt=0, le=1)
    compaction_provider: ProviderName | None = None
    compaction_model: str | None = None
    min_bytes: int = Field(200, ge=0)
    # What a rendering brings back of the classes it leaves out by default.
    include: list[Includable] = Field(default_factory=list)
    # A tool body (output or argument) longer than this many bytes is rendered head +
    # tail with the middle elided and counted; 0 renders every body whole.
    tool_output_limit: int = Field(16 * 1024, ge=0)
    # Keep what each model call was sent and answered (the workbench's Calls tab opens
    # them); bounded by size and to the newest runs, and never holding an API key.
    keep_call_bodies: bool = True

    @field_validator("include", mode="before")
    @classmethod
    def _include(cls, value: Any) -> Any:
        """``"harness,thinking"`` or a list; unknown names fail with the choices."""
        if value is None:
            return []
        items = value.split(",") if isinstance(value, str) else value
        if not isinstance(items, list | tuple):
            return items
        out = []
        for item in items:
            name = str(item).strip().lower()
            if not name:
                continue
            if name not in INCLUDABLE:
                raise ValueError(f"cannot include {name!r}: choose from {', '.join(INCLUDABLE)}"
                                 f"{did_you_mean(name, INCLUDABLE)}")
            if name not in out:
                out.append(name)
        return sorted(out)

    @field_validator("base_url")
    @classmethod
    def _url(cls, value: str | None) -> str | None:
        if value is None or value == "":
            return None
        value = strip_credentials(value.strip())  # a password in the URL is never kept
        parsed = urlparse(value)
        if parsed.scheme not in ("http", "https") or not parsed.netloc:
            raise ValueError(f"base_url {value!r} is not an http(s) URL like http://127.0.0.1:8080")
        try:
            parsed.port  # noqa: B018 - raises on a malformed port
        except ValueError as exc:
            raise ValueError(f"base_url {value!r} has a malformed port") from exc
        return value.rstrip("/")

    @field_validator("api_key_env")
    @classmethod
    def _key_env(cls, value: str | None) -> str | None:
        if value is None or value == "":
            return None
        if not _ENV_NAME.match(value):
            # Never echo the value: it may be the key itself, pasted by mistake.
            raise ValueError(
                "api_key_env must be the NAME of an environment variable (like "
                "OPENAI_API_KEY), not the key itself"
            )
        return value

    @model_validator(mode="after")
    def _provider_needs(self) -> Settings:
        entry = PROVIDERS.find(self.provider)
        if entry is not None and entry.default_base_url and not self.base_url:
            self.__dict__["base_url"] = entry.default_base_url
        if entry is not None and entry.context_tokens and \
                "context_tokens" not in self.model_fields_set:
            # e.g. a tiny CPU model: small calls keep each one quick.
            self.__dict__["context_tokens"] = entry.context_tokens
        return self

    @property
    def limits(self) -> Limits:
        return Limits(
            read_window=self.read_window,
            max_actions=self.max_actions,
            spawn_fraction=self.spawn_fraction,
            concurrency=self.concurrency,
            scan_workers=self.scan_workers,
        )

    @property
    def budget(self) -> Budget:
        return Budget(self.max_calls, self.max_tokens, self.max_cost, self.max_seconds)

    def price(self, tokens_in: int, tokens_out: int) -> float:
        """Cost of a call: the ``prices`` row, the flat prices, else the shipped table."""
        row = self.prices.get(self.model)
        if row is not None:
            return (tokens_in * row.input_per_mtok + tokens_out * row.output_per_mtok) / 1e6
        if self.price_in_per_mtok or self.price_out_per_mtok:
            return (tokens_in * self.price_in_per_mtok
                    + tokens_out * self.price_out_per_mtok) / 1e6
        known = known_price(self.model) if self.hosted else None
        if known is not None:
            return (tokens_in * known[0] + tokens_out * known[1]) / 1e6
        return 0.0

    @property
    def vendor(self) -> Vendor | None:
        """The provider's billed API, when it has one (``engine.registry.Vendor``)."""
        entry = PROVIDERS.find(self.provider)
        return entry.vendor if entry is not None else None

    @property
    def hosted(self) -> bool:
        """A billed API (its vendor's own servers), not a local server."""
        host = urlparse(self.base_url).hostname or "" if self.base_url else ""
        return self.vendor is not None and self.vendor.owns(host)

    @property
    def priced(self) -> bool:
        """Whether calls of this model cost anything by these settings."""
        return self.price(1_000_000, 1_000_000) > 0

    def cost_budget_warning(self) -> str | None:
        """One line when ``max_cost`` is set but nothing prices this model (it cannot stop)."""
        if self.max_cost is None or self.priced:
            return None
        who = f"model {self.model!r}" if self.model else f"the {self.provider} provider"
        return (f"--max-cost {self.max_cost:g} cannot stop this run: {who} has no price "
                "(set prices.<model> or price_in_per_mtok / price_out_per_mtok)")

    def public(self) -> dict[str, Any]:
        """The settings as stored with a run: no keys (there are none), secret extras masked."""
        data = self.model_dump(exclude={"sources", "exclude"})
        data["extras"] = mask_extras(self.extras)
        return data

    @property
    def key_env(self) -> str | None:
        """The environment variable the provider's key is read from (None: no key needed)."""
        if self.api_key_env:
            return self.api_key_env
        vendor = self.vendor
        if vendor is not None and (vendor.key_on_any_host or self.hosted):
            return vendor.key_env
        return None



def _new_providers() -> None:
    """A provider was registered (or removed): ``provider`` and ``compaction_provider``
    take the registry's names from now on. They stay a ``Literal`` so that what reads
    the settings' fields (the settings form's choices, the JSON schema) sees the names."""
    names: Any = Literal[PROVIDERS.names()]
    Settings.model_fields["provider"].annotation = names
    Settings.model_fields["compaction_provider"].annotation = names | None
    Settings.model_rebuild(force=True)


PROVIDERS.on_change(_new_providers)

def mask_extras(extras: Mapping[str, Any]) -> dict[str, Any]:
    """Extras with the values of secret-looking keys replaced, recursively."""
    out: dict[str, Any] = {}
    for k, v in extras.items():
        if _SECRET_EXTRA.search(str(k)):
            out[k] = "***"
        elif isinstance(v, Mapping):
            out[k] = mask_extras(v)
        else:
            out[k] = v
    return out


# --- where the file lives ---------------------------------------------------------------


def config_path(environ: Mapping[str, str] | None = None) -> Path:
    """The TOML file: $GAPLESS_CONFIG, else config.toml in the user config directory."""
    env = os.environ if environ is None else environ
    if env.get(CONFIG_ENV):
        return Path(env[CONFIG_ENV]).expanduser()
    from platformdirs import user_config_dir

    return Path(user_config_dir("gapless")) / "config.toml"


def read_config_file(path: Path) -> dict[str, Any]:
    """The raw table in the config file ({} when there is none)."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return {}
    except OSError as exc:
        raise UserError(f"cannot read the config file {path}: {exc.strerror}") from exc
    try:
        return tomllib.loads(raw.decode("utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise UserError(f"the config file {path} is not valid TOML: {exc}") from exc


def write_config_file(path: Path, data: Mapping[str, Any]) -> None:
    """Atomically replace the config file, readable by its owner only (mode 0600)."""
    clean = {k: v for k, v in data.items() if v is not None}
    text = tomli_w.dumps(clean)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".config-", suffix=".toml", dir=path.parent)
    try:
        os.fchmod(fd, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    os.chmod(path, 0o600)


# --- the environment layer --------------------------------------------------------------

_STRUCTURED = {"extras", "prices", "sources", "exclude", "include"}


def env_overrides(environ: Mapping[str, str] | None = None) -> dict[str, Any]:
    """Settings named by ``GAPLESS_<FIELD>`` variables (lists and tables as JSON)."""
    env = os.environ if environ is None else environ
    fields = Settings.model_fields
    out: dict[str, Any] = {}
    for name, value in env.items():
        if not name.startswith(ENV_PREFIX) or name in NON_SETTING_ENV:
            continue
        key = name[len(ENV_PREFIX):].lower()
        if key not in fields:
            continue
        out[key] = _env_value(name, key, value)
    return out


def _env_value(var: str, key: str, value: str) -> Any:
    if key in _STRUCTURED:
        stripped = value.strip()
        if key in ("sources", "exclude", "include") and not stripped.startswith("["):
            if key == "include":
                return [p.strip() for p in value.split(",") if p.strip()]
            return [p for p in (s.strip() for s in value.split(os.pathsep)) if p]
        try:
            return json.loads(stripped or "null")
        except ValueError as exc:
            raise UserError(f"the environment variable {var} (setting '{key}') is not valid "
                            f"JSON: {exc}") from exc
    field = Settings.model_fields[key]
    if value.strip().lower() in ("", "none", "null") and not field.is_required() \
            and field.default is None:
        return None
    return value


# --- loading ----------------------------------------------------------------------------


def _layered(overrides: Mapping[str, Any] | None, path: Path | None,
             env: Mapping[str, str]) -> tuple[dict[str, Any], dict[str, str]]:
    """The merged raw layers, and for each key set anywhere the layer it came from."""
    cfg = path if path is not None else config_path(env)
    layers: list[tuple[str, dict[str, Any]]] = [
        (f"the config file {cfg}", read_config_file(cfg)),
        ("$" + ENV_PREFIX + "{KEY}", env_overrides(env)),
        ("the command line", dict(overrides or {})),
    ]
    merged: dict[str, Any] = {}
    origin: dict[str, str] = {}
    for where, layer in layers:
        for k, v in layer.items():
            merged[k] = v
            origin[k] = where.replace("{KEY}", k.upper())
    return merged, origin


def setting_origins(overrides: Mapping[str, Any] | None = None, *, path: Path | None = None,
                    environ: Mapping[str, str] | None = None) -> dict[str, str]:
    """Where each setting's effective value comes from: a layer, or ``default``."""
    env = os.environ if environ is None else environ
    _, origin = _layered(overrides, path, env)
    return {name: origin.get(name, "default") for name in Settings.model_fields}


def unknown_setting(name: str) -> str:
    """The sentence for a setting name that does not exist, with the closest real one."""
    if re.search(r"(^|_)(api_)?key$|token$|secret", name) and name != "api_key_env":
        return (f"there is no setting named '{name}': API keys are never stored; export the "
                "key in an environment variable and set api_key_env to that variable's NAME "
                "(e.g. `gapless config set api_key_env OPENAI_API_KEY`)")
    return (f"there is no setting named '{name}'{did_you_mean(name, Settings.model_fields)}; "
            "`gapless config show` lists them all")


def load_settings(
    overrides: Mapping[str, Any] | None = None,
    *,
    path: Path | None = None,
    environ: Mapping[str, str] | None = None,
    require_key: bool = False,
) -> Settings:
    """Defaults < config file < GAPLESS_* environment < ``overrides`` (the flags).

    Every problem is a UserError whose sentence names the setting and where it came from.
    """
    env = os.environ if environ is None else environ
    merged, origin = _layered(overrides, path, env)
    try:
        settings = Settings(**merged)
    except ValidationError as exc:
        raise UserError(settings_error(exc, origin)) from exc
    if require_key:
        check_api_key(settings, env)
    return settings


def settings_error(exc: ValidationError, origin: Mapping[str, str] | None = None) -> str:
    """One sentence for the first problem, naming the setting (and its layer when known)."""
    err = exc.errors()[0]
    loc = [str(p) for p in err.get("loc", ())]
    where = ".".join(loc) or "settings"
    msg = str(err.get("msg", "is invalid")).removeprefix("Value error, ")
    src = (origin or {}).get(loc[0]) if loc else None
    came = f" (from {src})" if src else ""
    if err.get("type") == "extra_forbidden":
        return unknown_setting(loc[0] if loc else where) + came
    if loc and loc[0] == "provider":
        msg = f"unknown provider; choose one of {', '.join(PROVIDERS)}"
    return f"setting '{where}' is invalid: {msg}{came}"


def check_api_key(settings: Settings, environ: Mapping[str, str] | None = None) -> None:
    """Fail with one sentence when the provider needs a key and its variable is unset."""
    env = os.environ if environ is None else environ
    var = settings.key_env
    if var and not env.get(var, "").strip():
        raise UserError(
            f"the {settings.provider} provider needs an API key but the environment variable "
            f"{var} is not set (setting 'api_key_env'): export {var}=… or name another "
            "variable with --api-key-env"
        )


def settings_to_toml(settings: Settings) -> str:
    """The effective settings as TOML (None values left out: TOML has no null)."""
    return tomli_w.dumps({k: v for k, v in settings.public().items() if v is not None}
                         | {"sources": settings.sources, "exclude": settings.exclude})
