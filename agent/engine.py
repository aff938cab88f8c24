"""The conversation engine: the tool loop for one assistant turn, and the record of a whole
conversation.

One turn (``send``): call the model → if it asked for tools, run *all* ``tool_use`` blocks of
that response and answer with *one* user message holding every matching ``tool_result`` (by
``tool_use_id``, in order) → call the model again → … until it answers in text or the round
limit is reached; then it is asked once more, with ``tool_choice: none`` and a note on the
tool-result message, to answer from what it has. There is no canned reply: the final text is
always the model's.

Why the history keeps every ``tool_use``/``tool_result`` pair: later turns rely on facts
retrieved earlier (the original harness dropped tool messages between turns and the model lost
its own evidence), and a citation is only valid if its chunk was retrieved earlier in the same
conversation — which the engine checks after every answer (``invalid_citations``).

A failing model call (after the model's own retries) does not raise out of ``send``: the turn is
recorded with its ``error`` and the history is rolled back to before the turn, so the
conversation stays a valid Messages sequence.
"""
from __future__ import annotations

import logging
import time
from contextlib import contextmanager
from dataclasses import dataclass, field, fields
from typing import Any, Iterator

from agent.messages import Model, ModelResponse
from agent.prompts import FINAL_ANSWER_NOTE, SYSTEM_PROMPT
from rag.citations import cited_ids, remove_citations
from mpa.record import EvalOutput, ToolCall, Turn, plain_copy
from mpa.tools import ToolExecutor, ToolResult

log = logging.getLogger("agent.engine")

@dataclass
class TurnRecord(Turn):
    """One turn while the conversation runs: a :class:`mpa.record.Turn` whose ``tool_calls`` are
    still the dicts the tool loop appends (:meth:`mpa.record.ToolCall.to_dict`); :meth:`to_turn`
    is the typed turn of the record."""

    tool_calls: list[dict[str, Any]] = field(default_factory=list)  # type: ignore[assignment]

    def to_turn(self) -> Turn:
        plain = {f.name: plain_copy(getattr(self, f.name)) for f in fields(Turn) if f.name != "tool_calls"}
        return Turn(**plain, tool_calls=[ToolCall.from_dict(c) for c in self.tool_calls])

    def to_dict(self) -> dict[str, Any]:
        return self.to_turn().to_dict()


@contextmanager
def _span(name: str, **kwargs: Any) -> Iterator[Any]:
    """A Braintrust span (a no-op until a logger or experiment is active)."""
    try:
        import braintrust

        cm = braintrust.start_span(name=name, **kwargs)
    except Exception:  # tracing must never stop the agent
        cm = None
    if cm is None:
        yield None
        return
    with cm as span:
        yield span


class ConversationEngine:
    """Runs a multi-turn conversation between ``model`` and the tools of ``executor``."""

    def __init__(self, model: Model, executor: ToolExecutor, system_prompt: str = SYSTEM_PROMPT,
                 max_tool_rounds: int = 3, max_tokens: int | None = None,
                 strip_invalid_citations: bool = False):
        if max_tool_rounds < 0:
            raise ValueError("max_tool_rounds must be >= 0")
        self.model = model
        self.executor = executor
        self.system_prompt = system_prompt
        self.max_tool_rounds = max_tool_rounds
        # runtime citation check: invalid ids are always flagged; optionally also removed
        self.strip_invalid_citations = strip_invalid_citations
        self.max_tokens = max_tokens or getattr(model, "max_tokens", None) or 1024
        self.messages: list[dict[str, Any]] = []
        self.turns: list[TurnRecord] = []
        self._retrieved: dict[str, dict[str, Any]] = {}  # chunk id -> passage record, first retrieval order
        self._benchmark: dict[str, Any] | None = None
        self._contexts: list[str] = []

    # ------------------------------------------------------------------ one turn
    def send(self, user_text: str) -> TurnRecord:
        rec = TurnRecord(user=user_text)
        t0 = time.perf_counter()
        start = len(self.messages)
        self.messages.append({"role": "user", "content": user_text})
        tools = self.executor.definitions()
        with _span("turn", type="task", input={"user": user_text}) as span:
            try:
                self._loop(rec, tools)
            except Exception as exc:
                rec.error = f"{type(exc).__name__}: {exc}"
                log.error("turn failed: %s", rec.error)
                del self.messages[start:]
            rec.citations = cited_ids(rec.assistant)
            seen = set(self._retrieved)
            rec.invalid_citations = [c for c in rec.citations if c not in seen]
            if rec.invalid_citations and self.strip_invalid_citations:
                rec.assistant = remove_citations(rec.assistant, rec.invalid_citations).rstrip() + (
                    "\n\n(Note: removed citation(s) " + ", ".join(rec.invalid_citations)
                    + " — not retrieved in this conversation.)")
                rec.notes.append(f"removed invalid citations {rec.invalid_citations}")
                rec.citations = [c for c in rec.citations if c not in rec.invalid_citations]
            rec.latency_ms = (time.perf_counter() - t0) * 1000.0
            if span is not None:
                span.log(output=rec.assistant, metadata={"citations": rec.citations,
                                                         "invalid_citations": rec.invalid_citations,
                                                         "error": rec.error})
        self.turns.append(rec)
        return rec

    def _loop(self, rec: TurnRecord, tools: list[dict]) -> None:
        while True:
            forced = rec.tool_rounds >= self.max_tool_rounds
            resp: ModelResponse = self.model.create(
                system=self.system_prompt, messages=self.messages, tools=tools, max_tokens=self.max_tokens,
                tool_choice={"type": "none"} if forced and tools else None)
            rec.model_calls += 1
            for k in ("input_tokens", "output_tokens"):
                rec.usage[k] = rec.usage.get(k, 0) + int(resp.usage.get(k, 0) or 0)
            content = list(resp.content)
            uses = [b for b in content if b.get("type") == "tool_use"]
            if forced and uses:
                content = [b for b in content if b.get("type") != "tool_use"]
                rec.notes.append(f"model asked for {len(uses)} tool call(s) after the round limit; they were not run")
                uses = []
            if not content:
                if forced:
                    raise RuntimeError("model gave no text answer after the tool-round limit "
                                       f"(it asked for {len(resp.tool_uses)} more tool call(s))")
                raise RuntimeError(f"model returned an empty message (stop_reason={resp.stop_reason!r})")
            self.messages.append({"role": "assistant", "content": content})
            if not uses:
                rec.assistant = "\n\n".join(b["text"] for b in content if b.get("type") == "text" and b.get("text"))
                rec.forced_final = forced and rec.tool_rounds > 0
                if not rec.assistant.strip():
                    rec.error = f"model returned no text (stop_reason={resp.stop_reason!r})"
                return
            rec.tool_rounds += 1
            blocks: list[dict[str, Any]] = []
            for use in uses:
                result = self._run_tool(use)
                rec.tool_calls.append(self._call_record(use, result, rec.tool_rounds))
                for rid in result.retrieved_ids:
                    if rid not in rec.retrieved_ids:
                        rec.retrieved_ids.append(rid)
                block = {"type": "tool_result", "tool_use_id": use["id"], "content": result.content}
                if result.is_error:
                    block["is_error"] = True
                blocks.append(block)
            if rec.tool_rounds >= self.max_tool_rounds:
                blocks.append({"type": "text", "text": FINAL_ANSWER_NOTE})
            self.messages.append({"role": "user", "content": blocks})

    def _run_tool(self, use: dict[str, Any]) -> ToolResult:
        name, tool_input = use.get("name", ""), use.get("input")
        with _span(f"tool: {name}", type="tool", input=tool_input) as span:
            result = self.executor.execute(name, tool_input if tool_input is not None else {})
            if span is not None:
                span.log(output=result.content, metadata={"is_error": result.is_error,
                                                          "retrieved_ids": result.retrieved_ids,
                                                          "latency_ms": result.latency_ms})
        for p in result.passages:
            seen = self._retrieved.get(p["id"])
            if seen is None:
                self._retrieved[p["id"]] = dict(p)
                continue
            if (p.get("score") or 0) > (seen.get("score") or 0):
                seen["score"] = p["score"]
            if len(p.get("text") or "") > len(seen.get("text") or ""):
                seen["text"] = p["text"]  # first seen trimmed (a packed search), later whole: the whole is evidence
        for rid in result.retrieved_ids:  # ids without a passage record still count as retrieved
            self._retrieved.setdefault(rid, {"id": rid})
        if name == "get_benchmark":
            self._benchmark = result.data
        if not result.is_error:
            self._contexts.append(result.content)
        return result

    @staticmethod
    def _call_record(use: dict, result: ToolResult, round_no: int) -> dict[str, Any]:
        return ToolCall.from_result(result, name=use.get("name"), input=use.get("input"), id=use.get("id"),
                                    round=round_no).to_dict()

    # ------------------------------------------------------------------ the record
    @property
    def retrieved_ids(self) -> list[str]:
        return list(self._retrieved)

    def output(self) -> EvalOutput:
        """The eval output record (:class:`mpa.record.EvalOutput`) of the conversation so far."""
        turns = [t.to_turn() for t in self.turns]
        citations: list[str] = []
        invalid: list[str] = []
        for t in self.turns:
            citations += [c for c in t.citations if c not in citations]
            invalid += [c for c in t.invalid_citations if c not in invalid]
        usage = {"input_tokens": sum(t.usage.get("input_tokens", 0) for t in self.turns),
                 "output_tokens": sum(t.usage.get("output_tokens", 0) for t in self.turns)}
        return EvalOutput(
            response=self.turns[-1].assistant if self.turns else "", turns=turns,
            tool_calls=[c for t in turns for c in t.tool_calls],
            retrieved=[dict(v) for v in self._retrieved.values()], citations=citations, invalid_citations=invalid,
            context="\n\n".join(self._contexts), benchmark=self._benchmark,
            errors=[f"turn {i}: {t.error}" for i, t in enumerate(self.turns) if t.error], usage=usage,
            model=getattr(self.model, "name", type(self.model).__name__))

    def record(self) -> dict[str, Any]:
        """:meth:`output` as the JSON dict Braintrust logs and ``--json`` writes."""
        return self.output().to_dict()
