"""What every HTTP provider shares: one client, timeouts, retries, a semaphore, usage.

A call either returns a parsed JSON body or raises ``ProviderError`` carrying the number
of retries it took. Transient trouble (429, 5xx, dropped or truncated connections,
timeouts, bodies that are not JSON) is retried with exponential backoff and jitter,
honouring ``Retry-After``; anything else fails at once. Keys are read from the
environment at call time and scrubbed from every message this module builds.
"""

from __future__ import annotations

import asyncio
import email.utils
import functools
import json
import logging
import os
import random
import ssl
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

import httpx

from gapless.engine.core.errors import UserError
from gapless.engine.core.tokens import estimate_tokens
from gapless.engine.providers.base import ModelRequest, Provider, ProviderError

log = logging.getLogger("gapless.providers")

RETRYABLE_STATUS = frozenset({408, 409, 425, 429})
REACH_TIMEOUT = 5.0  # seconds a reachability check waits for any answer
T = TypeVar("T")



@functools.cache
def _tls_context(trust_env: bool) -> ssl.SSLContext:
    """One TLS context a process (loading the CA bundle costs ~40 ms, once per client
    otherwise), made as httpx makes it: the environment's SSL_CERT_FILE/DIR when trusted."""
    return httpx.create_ssl_context(trust_env=trust_env)

@dataclass(frozen=True)
class RetryPolicy:
    """How often and how patiently a call is retried."""

    max_retries: int = 4
    base_delay: float = 1.0
    max_delay: float = 30.0
    max_retry_after: float = 120.0

    def backoff(self, attempt: int, rng: random.Random | None = None) -> float:
        """Exponential backoff with jitter: uniform in [d/2, d], d = base * 2**attempt."""
        d = min(self.max_delay, self.base_delay * (2 ** attempt))
        r = (rng or random).random()
        return float(d * (0.5 + 0.5 * r))


class HttpProviderError(ProviderError):
    """A failed call, with the HTTP status and (redacted) body when there was an answer."""

    def __init__(self, message: str, *, retries: int = 0, retryable: bool = False,
                 status: int | None = None, body: str = "") -> None:
        super().__init__(message, retries=retries, retryable=retryable)
        self.status = status
        self.body = body


class ProviderUnreachable(UserError):
    """The provider's server did not answer at all (refused, unknown host, timed out)."""


class HttpFailure(ProviderError):
    """One failed attempt; ``retryable`` says whether another attempt may help."""

    def __init__(self, message: str, *, retryable: bool, retry_after: float | None = None,
                 status: int | None = None, body: str = "") -> None:
        super().__init__(message)
        self.retryable = retryable
        self.retry_after = retry_after
        self.status = status
        self.body = body


def parse_retry_after(value: str | None, now: float | None = None) -> float | None:
    """Seconds to wait from a Retry-After header (delta-seconds or an HTTP date)."""
    if not value:
        return None
    value = value.strip()
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError, IndexError):
        return None
    if when is None:
        return None
    return max(0.0, when.timestamp() - (time.time() if now is None else now))


def redact(text: str, secrets: Sequence[str]) -> str:
    """``text`` with every secret replaced (messages may quote what a server echoed)."""
    for s in secrets:
        if s and len(s) >= 4:
            text = text.replace(s, "[redacted]")
    return text


def read_key(var: str | None) -> str | None:
    """The key in ``var``, read now (never cached on the provider)."""
    if not var:
        return None
    value = os.environ.get(var, "").strip()
    return value or None


def is_loopback(url: str) -> bool:
    host = httpx.URL(url).host
    return host in ("localhost", "::1") or host.startswith("127.")


def status_retryable(status: int) -> bool:
    return status in RETRYABLE_STATUS or status >= 500


def usage_tokens(
    request: ModelRequest, text: str, tokens_in: Any, tokens_out: Any
) -> tuple[int, int, bool]:
    """Tokens in and out from the server's usage, estimated (and marked so) when absent."""
    ok_in = isinstance(tokens_in, int) and not isinstance(tokens_in, bool) and tokens_in >= 0
    ok_out = isinstance(tokens_out, int) and not isinstance(tokens_out, bool) and tokens_out >= 0
    est_in = estimate_tokens(request.system) + estimate_tokens(request.prompt)
    est_out = estimate_tokens(text)
    return (
        tokens_in if ok_in else est_in,
        tokens_out if ok_out else est_out,
        not (ok_in and ok_out),
    )


@dataclass(frozen=True, slots=True)
class Delivery:
    """How each call travels, whatever the server: the seconds it may take, the retries,
    how many are in flight at once, and (for tests) the transport under the client."""

    timeout: float = 120.0
    retry: RetryPolicy | None = None
    concurrency: int = 4
    transport: httpx.AsyncBaseTransport | None = None


class HttpProvider(Provider):
    """Base of the HTTP providers: the shared client, the retry loop and the semaphore."""

    def __init__(self, *, model: str, key_env: str | None = None,
                 delivery: Delivery | None = None) -> None:
        how = delivery or Delivery()
        self.model = model
        self.timeout = how.timeout
        self.retry = how.retry or RetryPolicy()
        self.concurrency = max(1, how.concurrency)
        self.key_env = key_env
        self._transport = how.transport
        self._client: httpx.AsyncClient | None = None
        self._sem = asyncio.Semaphore(self.concurrency)
        self._rng = random.Random()
        # Proxy and CA settings from the environment apply to remote APIs, not to a server
        # on this machine (a proxy would not reach 127.0.0.1).
        self.trust_env = True

    # the client ---------------------------------------------------------------------------
    @property
    def client(self) -> httpx.AsyncClient:
        """Created on first use, inside the running loop."""
        if self._client is None or self._client.is_closed:
            self._client = httpx.AsyncClient(
                timeout=httpx.Timeout(self.timeout, connect=min(self.timeout, 15.0)),
                limits=httpx.Limits(max_connections=self.concurrency * 2,
                                    max_keepalive_connections=self.concurrency),
                transport=self._transport,
                follow_redirects=True,
                trust_env=self.trust_env,
                verify=_tls_context(self.trust_env),
            )
        return self._client

    async def aclose(self) -> None:
        if self._client is not None:
            await self._client.aclose()
            self._client = None

    def retryable(self, failure: HttpFailure) -> bool:
        """Whether another attempt may help; providers refine this for their servers."""
        return failure.retryable

    def secrets(self) -> list[str]:
        key = read_key(self.key_env)
        return [key] if key else []

    def key_or_fail(self) -> str:
        """The key, read at call time; its absence is a clear failure naming the variable."""
        key = read_key(self.key_env)
        if key is None:
            raise ProviderError(
                f"the environment variable {self.key_env} holding the API key is not set"
            )
        return key

    # reachability -------------------------------------------------------------------------
    @property
    def server_url(self) -> str:
        """The URL the user configured (named in the reachability sentence)."""
        return str(getattr(self, "base_url", ""))

    def probe_url(self) -> str:
        """A cheap GET on the server that any running server answers (even with an error)."""
        return self.server_url

    async def probe(self, url: str | None = None) -> httpx.Response:
        """One GET with a short timeout, no retries; no answer at all is ProviderUnreachable.
        The key is sent when it is set (a missing key is not this check's business)."""
        target = url or self.probe_url()
        headers = {"accept": "application/json"}
        key = read_key(self.key_env)
        if key:
            headers.update(self.auth_headers(key))
        limit = min(self.timeout, REACH_TIMEOUT)
        where = self.server_url or _host(target)
        try:
            async with asyncio.timeout(limit + 1.0):
                return await self.client.get(target, headers=headers,
                                             timeout=httpx.Timeout(limit))
        except (TimeoutError, httpx.TimeoutException):
            raise ProviderUnreachable(f"cannot connect to {where} — no answer within "
                                      f"{limit:g} s; is the server running?") from None
        except httpx.TransportError as exc:
            detail = redact(str(exc) or type(exc).__name__, self.secrets())
            raise ProviderUnreachable(f"cannot connect to {where} — is the server running? "
                                      f"({detail})") from None

    def auth_headers(self, key: str) -> dict[str, str]:
        """How this server is sent a key (a bearer token unless a provider says otherwise)."""
        return {"authorization": f"Bearer {key}"}

    async def check_reachable(self) -> None:
        await self.probe()  # any HTTP answer (even 401 or 404) means a server is there

    async def list_models(self) -> list[str] | None:
        """The ``data[].id`` of ``probe_url()`` when it answers the OpenAI list shape."""
        resp = await self.probe()
        return model_ids(resp)

    # one request, with retries ------------------------------------------------------------
    async def request_json(
        self,
        url: str,
        body: Mapping[str, Any] | None,
        headers: Mapping[str, str],
        parse: Callable[[dict[str, Any]], T],
        *,
        retries: int | None = None,
        timeout: float | None = None,
    ) -> tuple[T, int, float]:
        """Send one request (a POST of ``body``, a GET without one) until ``parse`` accepts
        the JSON answer.

        Returns the parsed value, the retries it took and the milliseconds spent in
        attempts (waiting for the semaphore or a backoff is not latency). ``parse`` raising
        ValueError marks a malformed answer, which is retried like a dropped connection.
        """
        max_retries = self.retry.max_retries if retries is None else retries
        attempt = 0
        busy = 0.0
        while True:
            try:
                async with self._sem:
                    t0 = time.perf_counter()
                    try:
                        data = await self._attempt(url, body, headers, timeout)
                    finally:
                        busy += time.perf_counter() - t0
                try:
                    return parse(data), attempt, busy * 1000
                except (ValueError, KeyError, TypeError, IndexError) as exc:
                    raise HttpFailure(f"{self.name}: {_host(url)} answered JSON of an "
                                      f"unexpected shape: {exc!r}", retryable=True,
                                      status=200) from None
            except HttpFailure as exc:
                msg = redact(str(exc), self.secrets())
                if not self.retryable(exc):
                    raise HttpProviderError(msg, retries=attempt, status=exc.status,
                                            body=redact(exc.body, self.secrets())) from None
                if attempt >= max_retries:
                    raise HttpProviderError(
                        f"{msg} (gave up after {attempt} retr{'y' if attempt == 1 else 'ies'})",
                        retries=attempt, retryable=True, status=exc.status,
                    ) from None
                delay = self.retry.backoff(attempt, self._rng)
                if exc.retry_after is not None:
                    if exc.retry_after > self.retry.max_retry_after:
                        raise HttpProviderError(
                            f"{msg}; the server asked to retry after {exc.retry_after:g} s, "
                            f"longer than the {self.retry.max_retry_after:g} s allowed",
                            retries=attempt, retryable=True, status=exc.status,
                        ) from None
                    # Honour it, plus a little jitter so parallel calls do not stampede.
                    delay = exc.retry_after + 0.1 * self.retry.base_delay * self._rng.random()
                log.info("%s: %s; retry %d of %d in %.2f s", self.name, msg, attempt + 1,
                         max_retries, delay)
                await asyncio.sleep(delay)
                attempt += 1

    async def _attempt(
        self,
        url: str,
        body: Mapping[str, Any] | None,
        headers: Mapping[str, str],
        timeout: float | None,
    ) -> dict[str, Any]:
        """One attempt under a total deadline (a trickling server cannot stretch it)."""
        limit = self.timeout if timeout is None else timeout
        try:
            async with asyncio.timeout(limit):
                resp = await self.client.request(
                    "GET" if body is None else "POST", url,
                    json=dict(body) if body is not None else None,
                    headers=dict(headers), timeout=limit,
                )
                raw = resp.content
        except TimeoutError:
            raise HttpFailure(f"{self.name}: no answer from {_host(url)} within "
                              f"{limit:g} s", retryable=True) from None
        except httpx.TimeoutException:
            raise HttpFailure(f"{self.name}: {_host(url)} timed out after {limit:g} s",
                              retryable=True) from None
        except httpx.TransportError as exc:
            detail = str(exc) or "no detail"
            raise HttpFailure(f"{self.name}: connection to {_host(url)} failed "
                              f"({type(exc).__name__}: {detail})", retryable=True) from None
        text = raw.decode("utf-8", errors="replace")
        if resp.status_code >= 400:
            raise HttpFailure(
                f"{self.name}: {_host(url)} answered HTTP {resp.status_code}: {_excerpt(text)}",
                retryable=status_retryable(resp.status_code),
                retry_after=parse_retry_after(resp.headers.get("retry-after")),
                status=resp.status_code,
                body=text,
            )
        try:
            data = json.loads(text)
        except ValueError:
            raise HttpFailure(
                f"{self.name}: {_host(url)} answered HTTP {resp.status_code} with a body that "
                f"is not JSON: {_excerpt(text)}",
                retryable=True, status=resp.status_code, body=text,
            ) from None
        if not isinstance(data, dict):
            raise HttpFailure(f"{self.name}: {_host(url)} answered JSON that is not an object",
                              retryable=True, status=resp.status_code, body=text)
        return data


def model_ids(resp: httpx.Response, key: str = "data", field: str = "id"
               ) -> list[str] | None:
    """Model names from a listing answer (``{key: [{field: name}, ...]}``), else None."""
    if resp.status_code != 200:
        return None
    try:
        data = resp.json()
    except ValueError:
        return None
    items = data.get(key) if isinstance(data, dict) else None
    if not isinstance(items, list):
        return None
    return [str(m.get(field) or m.get("name") or m.get("model") or "")
            for m in items if isinstance(m, dict)]


def model_listed(model: str, names: Sequence[str]) -> bool:
    """Whether ``model`` is among a server's listed names (Ollama's ``name:latest`` answers
    to ``name``)."""
    return any(n == model or (":" not in model and n == f"{model}:latest") for n in names)


def unlisted(where: str, model: str, names: Sequence[str]) -> UserError:
    """The sentence for a model a server does not list."""
    shown = ", ".join(names[:10]) + (", …" if len(names) > 10 else "")
    return UserError(f"the server at {where} does not list the model {model!r} "
                     f"(it lists: {shown}); set 'model' to one of them")


def _host(url: str) -> str:
    return httpx.URL(url).netloc.decode("ascii", errors="replace") or url


def _excerpt(text: str, limit: int = 200) -> str:
    one = " ".join(text.split())
    if not one:
        return "(empty body)"
    return one if len(one) <= limit else one[:limit] + "…"


def error_message(data: Mapping[str, Any]) -> str:
    """The human part of an API error body (OpenAI and Anthropic shapes)."""
    err = data.get("error")
    if isinstance(err, Mapping):
        return str(err.get("message") or err.get("type") or err)
    if isinstance(err, str):
        return err
    return ""


def merge_extras(extras: Mapping[str, Any], protocol: Mapping[str, Any]) -> dict[str, Any]:
    """The request body: the user's extras, overridden by every key the protocol needs."""
    body = dict(extras)
    body.update(protocol)
    return body


