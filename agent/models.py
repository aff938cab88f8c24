"""The models the conversation engine can drive, behind one small interface.

``model.create(system=..., messages=..., tools=..., max_tokens=..., tool_choice=None)`` takes and
returns Anthropic Messages API shapes (plain dicts), whichever model is behind it:

* :class:`AnthropicModel` — Claude through the real ``anthropic`` SDK (``messages.create`` with
  tools), with the project's one client factory and retry policy (:mod:`rag.llm`, shared with the
  LLM reranker and the judges): 408/409/429/5xx, timeouts and connection errors are retried with
  exponential backoff (honouring ``retry-after``), anything else fails at once, and giving up
  raises :class:`ModelCallError` saying what happened; calls are Braintrust-traced.
* :class:`agent.offline.OfflineAgent` — a deterministic extractive baseline policy, not Claude,
  used when no API key is set so evals are reproducible offline.

:func:`make_model` picks one: ``"offline"``, ``"anthropic"``, or automatically (Claude when
``ANTHROPIC_API_KEY`` is set; ``MPA_AGENT`` may name it). The Claude model name and answer
length come from ``MPA_AGENT_MODEL`` and ``MPA_AGENT_MAX_TOKENS`` (:mod:`agent.settings`).
"""
from __future__ import annotations

import logging
import time
from typing import Any, Callable

from agent.messages import Model, ModelResponse
from agent.settings import AGENT_KINDS, AgentSettings
from rag.llm import LLMCallError, RetryPolicy, anthropic_client, traced

log = logging.getLogger("agent.models")


ModelCallError = LLMCallError  # the agent's name for a failed model call (rag.llm: one policy for every caller)


def _block(block: Any) -> dict[str, Any]:
    """An SDK content block as the minimal dict the API accepts back in history."""
    d = block.model_dump(exclude_none=True) if hasattr(block, "model_dump") else dict(block)
    kind = d.get("type")
    if kind == "text":
        return {"type": "text", "text": d.get("text", "")}
    if kind == "tool_use":
        return {"type": "tool_use", "id": d["id"], "name": d["name"], "input": d.get("input") or {}}
    return d  # thinking and other blocks must go back unchanged


class AnthropicModel:
    """Claude via the ``anthropic`` SDK, with explicit retries and Braintrust tracing."""

    def __init__(self, model: str | None = None, *, api_key: str | None = None, base_url: str | None = None,
                 max_tokens: int | None = None, max_retries: int = 4, backoff_base: float = 1.0,
                 backoff_max: float = 30.0, timeout: float = 60.0, temperature: float | None = None,
                 client: Any = None, trace: bool = True, sleep: Callable[[float], None] = time.sleep):
        self.name = model or AgentSettings.read("agent_model")
        self.max_tokens = max_tokens or AgentSettings.read("agent_max_tokens")
        self.temperature = temperature
        self.policy = RetryPolicy(max_retries=max_retries, backoff_base=backoff_base, backoff_max=backoff_max,
                                  sleep=sleep)
        if client is None:
            client = anthropic_client(api_key, base_url, timeout, trace=trace)
        elif trace:
            client = traced(client)
        self.client = client

    @property
    def calls(self) -> int:
        return self.policy.calls

    @property
    def retries(self) -> int:
        return self.policy.retries

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
        msg = self.policy.call(lambda: self.client.messages.create(**kwargs))
        usage = getattr(msg, "usage", None)
        return ModelResponse(
            content=[_block(b) for b in msg.content], stop_reason=getattr(msg, "stop_reason", None),
            usage={"input_tokens": int(getattr(usage, "input_tokens", 0) or 0),
                   "output_tokens": int(getattr(usage, "output_tokens", 0) or 0)},
            model=getattr(msg, "model", self.name))


def make_model(kind: str | None = None, **kwargs: Any) -> Model:
    """``"offline"`` → OfflineAgent (deterministic extractive baseline, not Claude);
    ``"anthropic"`` → AnthropicModel; ``None`` → ``MPA_AGENT``, else Claude when
    ``ANTHROPIC_API_KEY`` is set, else offline (:class:`agent.settings.AgentSettings`)."""
    kind = (kind or "").strip().lower() or AgentSettings.read("agent")
    if kind not in AGENT_KINDS:
        raise ValueError(f"unknown model kind {kind!r}; use 'offline' or 'anthropic'")
    kind = AGENT_KINDS[kind]
    if kind == "offline":
        from agent.offline import OfflineAgent

        return OfflineAgent(**kwargs)
    return AnthropicModel(**kwargs)
