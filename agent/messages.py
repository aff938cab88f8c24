"""The message shapes every model behind the conversation engine speaks: one assistant
message (:class:`ModelResponse`) and the :class:`Model` interface. Kept apart from
:mod:`agent.models` so the offline agent and the Claude client both depend on it, and not on
each other."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol


@dataclass
class ModelResponse:
    """One assistant message: ``content`` is a list of Messages API blocks as dicts
    (``{"type": "text", "text": ...}`` / ``{"type": "tool_use", "id", "name", "input"}``)."""

    content: list[dict[str, Any]]
    stop_reason: str | None = None
    usage: dict[str, int] = field(default_factory=lambda: {"input_tokens": 0, "output_tokens": 0})
    model: str = ""

    @property
    def text(self) -> str:
        return "\n\n".join(b["text"] for b in self.content if b.get("type") == "text" and b.get("text"))

    @property
    def tool_uses(self) -> list[dict[str, Any]]:
        return [b for b in self.content if b.get("type") == "tool_use"]


class Model(Protocol):
    name: str

    def create(self, *, system: str, messages: list[dict], tools: list[dict] | None, max_tokens: int,
               tool_choice: dict | None = None) -> ModelResponse: ...
