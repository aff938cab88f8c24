"""The models the conversation engine can drive, behind one small interface.

``model.create(system=..., messages=..., tools=..., max_tokens=..., tool_choice=None)`` takes and
returns Anthropic Messages API shapes (plain dicts), whichever model is behind it:

* :class:`AnthropicModel` — Claude through the real ``anthropic`` SDK (``messages.create`` with
  tools). The SDK's own retries are switched off and replaced by ours, so the policy is explicit
  and testable: 408/409/429/5xx, timeouts and connection errors are retried with exponential
  backoff (honouring ``retry-after``), anything else fails at once, and giving up raises
  :class:`ModelCallError` saying what happened. The client is wrapped with Braintrust tracing
  (``braintrust.wrap_anthropic``) so model calls appear as spans when logging is on.
* :class:`agent.offline.OfflineAgent` — a deterministic extractive baseline policy, not Claude,
  used when no API key is set so evals are reproducible offline.

:func:`make_model` picks one: ``"offline"``, ``"anthropic"``, or automatically (Claude when
``ANTHROPIC_API_KEY`` is set). The Claude model name comes from ``MPA_AGENT_MODEL``.
"""
from __future__ import annotations

import logging
import os
import random
import time
from typing import Any, Callable

from agent.messages import Model, ModelResponse

log = logging.getLogger("agent.models")

DEFAULT_MODEL = "claude-sonnet-4-5"
DEFAULT_MAX_TOKENS = 1024
RETRYABLE_STATUS = {408, 409, 429}


class ModelCallError(RuntimeError):
    """A model call failed for good (after retries, or on a non-retryable error)."""

    def __init__(self, message: str, status_code: int | None = None, attempts: int = 1):
        super().__init__(message)
        self.status_code = status_code
        self.attempts = attempts


def _block(block: Any) -> dict[str, Any]:
    """An SDK content block as the minimal dict the API accepts back in history."""
    d = block.model_dump(exclude_none=True) if hasattr(block, "model_dump") else dict(block)
    kind = d.get("type")
    if kind == "text":
        return {"type": "text", "text": d.get("text", "")}
    if kind == "tool_use":
        return {"type": "tool_use", "id": d["id"], "name": d["name"], "input": d.get("input") or {}}
    return d  # thinking and other blocks must go back unchanged


def wrap_with_braintrust(client: Any) -> Any:
    """``braintrust.wrap_anthropic(client)`` when braintrust is importable (spans are no-ops
    until a logger or experiment is active); the bare client otherwise."""
    try:
        import braintrust
    except ImportError:  # pragma: no cover - braintrust is a declared dependency
        return client
    try:
        return braintrust.wrap_anthropic(client)
    except Exception as exc:  # tracing must never stop the agent
        log.warning("braintrust.wrap_anthropic failed (%s); continuing without tracing", exc)
        return client


class AnthropicModel:
    """Claude via the ``anthropic`` SDK, with explicit retries and Braintrust tracing."""

    def __init__(self, model: str | None = None, *, api_key: str | None = None, base_url: str | None = None,
                 max_tokens: int | None = None, max_retries: int = 4, backoff_base: float = 1.0,
                 backoff_max: float = 30.0, timeout: float = 60.0, temperature: float | None = None,
                 client: Any = None, trace: bool = True, sleep: Callable[[float], None] = time.sleep):
        import anthropic

        self.name = model or os.environ.get("MPA_AGENT_MODEL") or DEFAULT_MODEL
        self.max_tokens = max_tokens or int(os.environ.get("MPA_AGENT_MAX_TOKENS", DEFAULT_MAX_TOKENS))
        self.max_retries = max_retries
        self.backoff_base = backoff_base
        self.backoff_max = backoff_max
        self.temperature = temperature
        self._sleep = sleep
        self._anthropic = anthropic
        if client is None:
            key = api_key or os.environ.get("ANTHROPIC_API_KEY")
            if not key:
                raise ModelCallError("ANTHROPIC_API_KEY is not set: set it, or use the offline agent "
                                     "(make_model('offline'))")
            client = anthropic.Anthropic(api_key=key, base_url=base_url, max_retries=0, timeout=timeout)
        self.client = wrap_with_braintrust(client) if trace else client
        self.calls = 0
        self.retries = 0

    def create(self, *, system: str, messages: list[dict], tools: list[dict] | None = None,
               max_tokens: int | None = None, tool_choice: dict | None = None) -> ModelResponse:
        kwargs: dict[str, Any] = {"model": self.name, "max_tokens": max_tokens or self.max_tokens,
                                  "system": system, "messages": messages}
        if tools:
            kwargs["tools"] = tools
            if tool_choice:
                kwargs["tool_choice"] = tool_choice
        if self.temperature is not None:  # not a named parameter in every SDK version: send it in the body
            kwargs["extra_body"] = {"temperature": self.temperature}
        attempts = self.max_retries + 1
        last: Exception | None = None
        for attempt in range(attempts):
            self.calls += 1
            try:
                msg = self.client.messages.create(**kwargs)
            except Exception as exc:
                status = getattr(exc, "status_code", None)
                if not self._retryable(exc):
                    raise ModelCallError(f"Anthropic API error (not retried): {_describe(exc)}", status,
                                         attempt + 1) from exc
                last = exc
                if attempt + 1 < attempts:
                    delay = self._delay(exc, attempt)
                    log.warning("Anthropic API %s; retry %d/%d in %.2fs", _describe(exc), attempt + 1,
                                self.max_retries, delay)
                    self.retries += 1
                    self._sleep(delay)
                continue
            usage = getattr(msg, "usage", None)
            return ModelResponse(
                content=[_block(b) for b in msg.content], stop_reason=getattr(msg, "stop_reason", None),
                usage={"input_tokens": int(getattr(usage, "input_tokens", 0) or 0),
                       "output_tokens": int(getattr(usage, "output_tokens", 0) or 0)},
                model=getattr(msg, "model", self.name))
        raise ModelCallError(f"Anthropic API call failed after {attempts} attempts; last error: {_describe(last)}",
                             getattr(last, "status_code", None), attempts) from last

    def _retryable(self, exc: Exception) -> bool:
        a = self._anthropic
        if isinstance(exc, (a.APITimeoutError, a.APIConnectionError)):
            return True
        if isinstance(exc, a.APIStatusError):
            return exc.status_code in RETRYABLE_STATUS or exc.status_code >= 500
        return False

    def _delay(self, exc: Exception, attempt: int) -> float:
        """Exponential backoff with jitter; a server's ``retry-after`` wins when it is sane."""
        response = getattr(exc, "response", None)
        headers = getattr(response, "headers", None) or {}
        for key, scale in (("retry-after-ms", 0.001), ("retry-after", 1.0)):
            value = headers.get(key) if hasattr(headers, "get") else None
            if value:
                try:
                    return min(self.backoff_max, max(0.0, float(value) * scale))
                except ValueError:
                    pass
        return min(self.backoff_max, self.backoff_base * (2 ** attempt)) * random.uniform(0.5, 1.0)


def _describe(exc: Exception | None) -> str:
    if exc is None:
        return "unknown error"
    status = getattr(exc, "status_code", None)
    msg = str(getattr(exc, "message", "") or exc)
    return f"{type(exc).__name__}" + (f" (HTTP {status})" if status else "") + (f": {msg[:300]}" if msg else "")


def make_model(kind: str | None = None, **kwargs: Any) -> Model:
    """``"offline"`` → OfflineAgent (deterministic extractive baseline, not Claude);
    ``"anthropic"`` → AnthropicModel; ``None`` → Claude when ``ANTHROPIC_API_KEY`` is set, else
    offline. ``MPA_AGENT`` may name the kind too."""
    kind = (kind or os.environ.get("MPA_AGENT") or "").strip().lower() or None
    if kind is None:
        kind = "anthropic" if os.environ.get("ANTHROPIC_API_KEY") else "offline"
    if kind in ("offline", "baseline"):
        from agent.offline import OfflineAgent

        return OfflineAgent(**kwargs)
    if kind in ("anthropic", "claude"):
        return AnthropicModel(**kwargs)
    raise ValueError(f"unknown model kind {kind!r}; use 'offline' or 'anthropic'")
