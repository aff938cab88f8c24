"""One Anthropic client factory and one retry policy for every model call in the project.

The agent (``agent.models.AnthropicModel``), the LLM reranker (``rag.rerank.LLMReranker``) and the
grounding judges (``scorers.judges``) all call the Messages API. They used to build three clients
with three retry behaviours (our loop, the SDK's 2 retries, the SDK's 4 retries); now each gets its
client from :func:`anthropic_client` (SDK retries off, Braintrust tracing on) and retries through
:class:`RetryPolicy`, so the policy is written once, explicit and testable:

* 408 / 409 / 429 / 5xx, timeouts and connection errors are retried with exponential backoff and
  jitter (``backoff_base * 2**attempt``, capped at ``backoff_max``); a server's ``retry-after``
  (or ``retry-after-ms``) wins when it parses;
* anything else fails at once;
* giving up raises :class:`LLMCallError` saying what happened, with the status and attempts.

``anthropic`` and ``braintrust`` are imported only when a client is built.
"""
from __future__ import annotations

import logging
import os
import random
import time
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Callable, TypeVar

log = logging.getLogger("rag.llm")
T = TypeVar("T")
# The default Claude model of the agent and the grounding judges: the newest Sonnet the installed SDK lists
# (``anthropic.types.Model``) that its deprecation table (``anthropic._data.deprecated_models``) does not mark
# for end-of-life. ``claude-sonnet-4-5``, the default until 2026-11-25, reaches end-of-life on 2026-11-30;
# tests/test_default_models.py fails when a default is unknown to the SDK or marked deprecated.
DEFAULT_CLAUDE_MODEL = "claude-sonnet-5-5"
RETRYABLE_STATUS = {408, 409, 429}


class LLMCallError(RuntimeError):
    """A model call failed for good (after retries, or on a non-retryable error)."""

    def __init__(self, message: str, status_code: int | None = None, attempts: int = 1):
        super().__init__(message)
        self.status_code = status_code
        self.attempts = attempts


def describe(exc: BaseException | None) -> str:
    """``InternalServerError (HTTP 500): …`` / ``APITimeoutError: …`` — one line for logs and errors."""
    if exc is None:
        return "unknown error"
    status = getattr(exc, "status_code", None)
    msg = str(getattr(exc, "message", "") or exc)
    return f"{type(exc).__name__}" + (f" (HTTP {status})" if status else "") + (f": {msg[:300]}" if msg else "")


def retryable(exc: BaseException) -> bool:
    try:
        import anthropic as a
    except ImportError:  # pragma: no cover - anthropic is a declared dependency
        return False
    if isinstance(exc, (a.APITimeoutError, a.APIConnectionError)):
        return True
    if isinstance(exc, a.APIStatusError):
        return exc.status_code in RETRYABLE_STATUS or exc.status_code >= 500
    return False


@dataclass
class RetryPolicy:
    """Retries of one caller; counts what it did (``calls``, ``retries``) for tests and reports."""

    max_retries: int = 4
    backoff_base: float = 1.0
    backoff_max: float = 30.0
    sleep: Callable[[float], None] = field(default=time.sleep, repr=False)
    calls: int = 0
    retries: int = 0

    def call(self, fn: Callable[[], T], what: str = "Anthropic API") -> T:
        attempts = self.max_retries + 1
        last: BaseException | None = None
        for attempt in range(attempts):
            self.calls += 1
            try:
                return fn()
            except Exception as exc:
                if not retryable(exc):
                    raise LLMCallError(f"{what} error (not retried): {describe(exc)}",
                                       getattr(exc, "status_code", None), attempt + 1) from exc
                last = exc
                if attempt + 1 < attempts:
                    delay = self.delay(exc, attempt)
                    log.warning("%s %s; retry %d/%d in %.2fs", what, describe(exc), attempt + 1, self.max_retries, delay)
                    self.retries += 1
                    self.sleep(delay)
        raise LLMCallError(f"{what} call failed after {attempts} attempts; last error: {describe(last)}",
                           getattr(last, "status_code", None), attempts) from last

    def delay(self, exc: BaseException, attempt: int) -> float:
        """Exponential backoff with jitter; a server's ``retry-after`` wins when it is sane."""
        headers = getattr(getattr(exc, "response", None), "headers", None) or {}
        for key, scale in (("retry-after-ms", 0.001), ("retry-after", 1.0)):
            value = headers.get(key) if hasattr(headers, "get") else None
            if value:
                try:
                    return min(self.backoff_max, max(0.0, float(value) * scale))
                except ValueError:
                    pass
        return min(self.backoff_max, self.backoff_base * (2 ** attempt)) * random.uniform(0.5, 1.0)


def traced(client: Any) -> Any:
    """``braintrust.wrap_anthropic(client)`` when braintrust is importable (spans are no-ops until
    a logger or experiment is active); the bare client otherwise — tracing never stops a call."""
    try:
        import braintrust
    except ImportError:  # pragma: no cover - braintrust is a declared dependency
        return client
    try:
        return braintrust.wrap_anthropic(client)
    except Exception as exc:
        log.warning("braintrust.wrap_anthropic failed (%s); continuing without tracing", exc)
        return client


def anthropic_client(api_key: str | None = None, base_url: str | None = None, timeout: float = 60.0,
                     trace: bool = True) -> Any:
    """The project's Anthropic client: SDK retries off (``RetryPolicy`` does them), traced."""
    import anthropic

    key = api_key or os.environ.get("ANTHROPIC_API_KEY")
    if not key:
        raise LLMCallError("ANTHROPIC_API_KEY is not set: set it, or run without Claude (the offline agent, "
                           "MPA_JUDGES=off, a non-LLM reranker)")
    http = anthropic.DefaultHttpxClient(timeout=timeout, verify=_tls_context())
    client = anthropic.Anthropic(api_key=key, base_url=base_url, max_retries=0, timeout=timeout, http_client=http)
    return traced(client) if trace else client


@lru_cache(maxsize=1)
def _tls_context() -> Any:
    """One TLS context for every client: httpx builds a new one per client (it loads the CA bundle,
    ~25 ms), and evals and tests build a client per trial or judge. Built as httpx builds its default
    (certifi's bundle, or ``SSL_CERT_FILE`` / ``SSL_CERT_DIR`` when set), so verification is unchanged."""
    import httpx

    return httpx.create_ssl_context(trust_env=True)


class RetryingMessages:
    """``client.messages.create`` through a :class:`RetryPolicy`: hand it to code that expects a
    client (the reranker, the judges) and every call follows the one policy."""

    def __init__(self, client: Any, policy: RetryPolicy | None = None, what: str = "Anthropic API"):
        self.client, self.policy, self.what = client, policy or RetryPolicy(), what
        self.messages = self

    def create(self, **kwargs: Any) -> Any:
        return self.policy.call(lambda: self.client.messages.create(**kwargs), self.what)
