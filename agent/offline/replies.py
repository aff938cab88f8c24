"""The offline agent's two kinds of model response: a turn's answer in text, or the tool calls it makes next.

Why a module of its own: the policy returned one of these at six points of a turn, each spelling out the response's
fixed fields (stop reason, model name, zero usage) and each tool call's id; the ids must stay unique within a
conversation (the message count, then a tag per kind of round, then the call's key), so they are made here once.
"""
from __future__ import annotations

from typing import Iterable

from agent.messages import ModelResponse

NAME = "offline-extractive-baseline"
_USAGE = {"input_tokens": 0, "output_tokens": 0}  # no model ran: nothing counted


def said(text: str) -> ModelResponse:
    """The turn's answer."""
    return ModelResponse(content=[{"type": "text", "text": text}], stop_reason="end_turn", model=NAME, usage=dict(_USAGE))


def calls(n_messages: int, calls: list[tuple[str, dict]], tag: str = "", keys: Iterable | None = None) -> ModelResponse:
    """The tool calls (name, input) to make next, with ids ``toolu_offline_<n_messages>_<tag><key>`` (``keys``: one
    per call, by default its place in the list)."""
    keys = range(len(calls)) if keys is None else keys
    return ModelResponse(content=[{"type": "tool_use", "id": f"toolu_offline_{n_messages:03d}_{tag}{k}", "name": n, "input": inp}
                                  for k, (n, inp) in zip(keys, calls)], stop_reason="tool_use", model=NAME, usage=dict(_USAGE))
