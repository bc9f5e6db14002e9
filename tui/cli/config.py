"""``gapless config show | path | validate | set KEY VALUE | unset KEY``.

The file holds settings only; API keys stay in the environment, and ``show`` prints the
name of the variable a key is read from, never its value.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import tomllib
from pathlib import Path
from typing import Any

import tomli_w
from pydantic import ValidationError

from gapless.engine import (
    PROVIDERS,
    Settings,
    UserError,
    check_api_key,
    config_path,
    load_settings,
    make_provider,
    read_config_file,
    setting_origins,
    settings_error,
    unknown_setting,
    write_config_file,
)
from gapless.tui.cli.common import EXIT_OK


def register(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "Settings come from the config file, then GAPLESS_* environment variables, then "
        "command-line flags. API keys are never stored: set api_key_env to the NAME of the "
        "variable that holds the key."
    )
    sub = parser.add_subparsers(dest="config_command", metavar="ACTION", required=True)
    show = sub.add_parser("show", help="print the effective settings (file + environment)")
    show.add_argument("--json", action="store_true", help="print JSON instead of TOML")
    sub.add_parser("path", help="print where the config file lives")
    sub.add_parser("validate", help="check the settings: the API key is set, the server "
                   "answers and lists the model")
    setp = sub.add_parser("set", help="store KEY = VALUE in the config file")
    setp.add_argument("key", help="setting name, e.g. provider, base_url, max_cost")
    setp.add_argument("value", help="value (TOML syntax for numbers, lists and tables)")
    unset = sub.add_parser("unset", help="remove KEY from the config file (back to default)")
    unset.add_argument("key", help="setting name, as `gapless config show` lists them")


async def _check_server(settings: Settings) -> str:
    """That the server answers, and lists the configured model where it lists models:
    a UserError sentence otherwise; the words appended to the ok line when it does."""
    from gapless.engine import make_provider

    provider = make_provider(settings)
    try:
        await provider.check_reachable()
        names = await provider.list_models()
    finally:
        await provider.aclose()
    model = settings.model
    if not names:
        return " (server reachable)"
    if model and not any(n == model or n.split(":")[0] == model for n in names):
        shown = ", ".join(names[:10]) + (", …" if len(names) > 10 else "")
        where = settings.base_url or settings.provider
        raise UserError(f"the server at {where} does not list the model {model!r} "
                        f"(it lists: {shown}); set 'model' to one of them")
    return f" (server reachable, {len(names)} model{'' if len(names) == 1 else 's'} listed)"


def run(args: argparse.Namespace) -> int:
    path = config_path()
    action = args.config_command
    if action == "path":
        print(path)
        return EXIT_OK
    if action == "show":
        settings = load_settings({})
        if args.json:
            data = settings.public() | {"sources": settings.sources,
                                        "exclude": settings.exclude}
            data["api_key_from"] = settings.key_env
            print(json.dumps(data, ensure_ascii=False, indent=2))
        else:
            print(f"# {path}{'' if path.exists() else ' (not created yet: all defaults)'}")
            if settings.key_env:
                state = "set" if os.environ.get(settings.key_env) else "NOT set"
                print(f"# API key read from ${settings.key_env} ({state})")
            print(annotated_toml(settings, setting_origins({})), end="")
        return EXIT_OK
    if action == "validate":
        settings = load_settings({})
        check_api_key(settings)
        reached = ""
        if PROVIDERS.get(settings.provider).server:
            reached = asyncio.run(_check_server(settings))
        else:
            make_provider(settings)  # checks the extra is installed / the script exists
        print(f"ok: provider {settings.provider}"
              + (f" at {settings.base_url}" if settings.base_url else "")
              + (f", model {settings.model}" if settings.model else "")
              + (f", key from ${settings.key_env}" if settings.key_env else "")
              + reached)
        return EXIT_OK
    if action == "set":
        return _set(path, args.key, args.value)
    if action == "unset":
        data = read_config_file(path)
        if args.key not in data:
            if args.key not in Settings.model_fields:
                raise UserError(unknown_setting(args.key))
            raise UserError(f"setting '{args.key}' is not in {path}: it already has its "
                            "default or a value from the environment")
        del data[args.key]
        write_config_file(path, data)
        print(f"removed {args.key} from {path}")
        return EXIT_OK
    raise UserError(f"unknown config action {action!r}")


def annotated_toml(settings: Settings, origins: dict[str, str]) -> str:
    """Every setting, set or not, as TOML with where its value comes from and its default.

    Unset settings (TOML has no null) and defaults appear as comments, so the list is whole.
    """
    values = settings.public() | {"sources": settings.sources, "exclude": settings.exclude}
    lines: list[str] = []
    tables: list[str] = []
    for name, field in Settings.model_fields.items():
        value = values.get(name)
        default = field.get_default(call_default_factory=True)
        where = origins.get(name, "default")
        note = "default" if where == "default" else f"from {where}; default {_toml(default)}"
        if value is None:
            lines.append(f"# {name} is not set ({note})")
        elif isinstance(value, dict):
            body = tomli_w.dumps({name: value}) if value else f"[{name}]\n"
            tables.append(f"# {name}: {note}\n{body}")
        else:
            lines.append(f"{name} = {_toml(value)}  # {note}")
    return "\n".join(lines) + "\n" + "".join(f"\n{t}" for t in tables)


def _toml(value: Any) -> str:
    if value is None:
        return "none"
    if isinstance(value, dict):
        return "{}" if not value else "a table"
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    return tomli_w.dumps({"v": value}).strip().removeprefix("v = ")


def parse_value(key: str, text: str) -> Any:
    """A TOML value (numbers, booleans, lists, inline tables), else the text as a string."""
    field = Settings.model_fields.get(key)
    if field is None:
        raise UserError(unknown_setting(key))
    if field.annotation is str or key in ("base_url", "model", "api_key_env", "script"):
        return text
    try:
        return tomllib.loads(f"v = {text}")["v"]
    except tomllib.TOMLDecodeError:
        return text


def _set(path: Path, key: str, text: str) -> int:
    value = parse_value(key, text)
    data = read_config_file(path)
    data[key] = value
    try:
        Settings(**data)
    except ValidationError as exc:
        raise UserError(settings_error(exc)) from exc
    write_config_file(path, data)
    shown = value if key != "extras" else "(table)"
    print(f"{key} = {json.dumps(shown)} written to {path}")
    return EXIT_OK
