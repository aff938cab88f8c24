"""Lean uploads: what each span sends to Braintrust, and the root ``error`` of a failed case.

Measured on a full run before this module (real SDK 0.47 → tests/fake_braintrust.py): ~160 MB
in 41k rows. The SDK copies ``{input, expected, metadata, output}`` into *every* scorer span (a
conversation's ~149 KB output × 15 scorers), logs the task output on both the task span and the
root span, and a conversation output holds each tool result three times (``tool_calls``,
``turns[].tool_calls``, ``context``). :class:`LeanExport` is a ``braintrust`` span customizer
(``set_span_customizers``: it rewrites each record before it is merged and sent, never what the
task, the scorers or the local reporter see):

* root span: the output with chunk ids and short previews instead of chunk texts, tool results
  as previews (the tool's own span keeps the full result once), ``context`` as a preview;
  metadata without the per-scorer explanations (each score span has its own); and ``error`` set
  when the task recorded ``case_errors`` (a model error, a tool crash, an errored turn) — the
  SDK only sets it when the task raises, so Braintrust counted such cases as fine;
* task span: no input/output (both are on the root span);
* score spans: no input (the case is on the root span), metadata compacted (lists cut to
  ``MAX_ITEMS``, strings to ``MAX_CHARS``, ranked ``top`` lists dropped);
* LLM spans: long strings in the input (tool results repeated in every later request of a
  conversation) cut to previews;
* every span: no ``context`` (the SDK's caller file and line — asyncio internals for eval spans).

Installed by :func:`install` (from :mod:`evals.common`) when logs are sent.
"""
from __future__ import annotations

import threading
from typing import Any

PREVIEW = 160      # characters of a chunk text / tool result kept as a preview
MAX_CHARS = 300    # strings in score metadata
MAX_ITEMS = 12     # list items in score metadata
LLM_STRING = 1500  # LLM-span input strings longer than this become previews


def preview(text: Any, n: int = PREVIEW) -> Any:
    if isinstance(text, str) and len(text) > n:
        return text[:n] + f"… [{len(text) - n} more chars]"
    return text


def _lean_entry(r: Any, n: int | None) -> Any:
    """A retrieved/passage entry: id, source, sections, rank, score — the text as an ``n``-char
    preview (``None``: no preview)."""
    if not isinstance(r, dict):
        return r
    out = {k: v for k, v in r.items() if k not in ("text", "breakdown", "citation")}
    if n and isinstance(r.get("text"), str):
        out["preview"] = preview(r["text"], n)
    return out


def _lean_call(c: Any, n: int, pn: int | None) -> Any:
    if not isinstance(c, dict):
        return c
    c = dict(c)
    c["content"] = preview(c.get("content"), n)
    if isinstance(c.get("passages"), list):
        c["passages"] = [_lean_entry(p, pn) for p in c["passages"]]
    return c


def lean_output(out: Any, n: int = PREVIEW, context_n: int = 2 * PREVIEW, passage_n: int | None = PREVIEW) -> Any:
    """An eval output with chunk texts as previews (``passage_n``; None drops them), tool results
    cut to ``n`` characters and kept once (per turn), ``context`` cut to ``context_n``; answers,
    ids, sources, ranks and scores are kept. Used for uploads (defaults) and local records."""
    if not isinstance(out, dict):
        return out
    o = dict(out)
    for key in ("retrieved", "passages"):
        if isinstance(o.get(key), list):
            o[key] = [_lean_entry(r, passage_n) for r in o[key]]
    if isinstance(o.get("turns"), list) and isinstance(o.get("tool_calls"), list):
        o["tool_calls"] = f"{len(o['tool_calls'])} call(s): see turns"  # the same calls are kept per turn
    if isinstance(o.get("tool_calls"), list):
        o["tool_calls"] = [_lean_call(c, n, passage_n) for c in o["tool_calls"]]
    if isinstance(o.get("turns"), list):
        o["turns"] = [{**t, "tool_calls": [_lean_call(c, n, passage_n) for c in t["tool_calls"]]}
                      if isinstance(t, dict) and isinstance(t.get("tool_calls"), list) else t for t in o["turns"]]
    if "context" in o:
        o["context"] = preview(o["context"], context_n)
    return o


def compact(x: Any, depth: int = 0) -> Any:
    """Score metadata: ranked ``top`` lists dropped, lists cut to ``MAX_ITEMS``, strings to ``MAX_CHARS``."""
    if isinstance(x, str):
        return preview(x, MAX_CHARS)
    if isinstance(x, list):
        items = [compact(v, depth + 1) for v in x[:MAX_ITEMS]]
        return items + ([f"… {len(x) - MAX_ITEMS} more"] if len(x) > MAX_ITEMS else [])
    if isinstance(x, dict) and depth < 8:
        return {k: compact(v, depth + 1) for k, v in x.items() if k != "top"}
    return x


def _shorten(x: Any, n: int) -> Any:
    if isinstance(x, str):
        return preview(x, PREVIEW) if len(x) > n else x
    if isinstance(x, list):
        return [_shorten(v, n) for v in x]
    if isinstance(x, dict):
        return {k: _shorten(v, n) for k, v in x.items()}
    return x


def root_metadata(md: Any) -> Any:
    if not isinstance(md, dict):
        return md
    md = {k: v for k, v in md.items() if k != "score_details"}
    if isinstance(md.get("scorer_errors"), dict):  # tracebacks → their last line
        md["scorer_errors"] = {k: (str(v).strip().splitlines() or [""])[-1][:MAX_CHARS]
                               for k, v in md["scorer_errors"].items()}
    return md


def case_error(md: Any) -> str | None:
    errs = md.get("case_errors") if isinstance(md, dict) else None
    return "; ".join(str(e) for e in errs)[:2000] if errs else None


try:
    from braintrust.span_customizer import SpanCustomizer
except ImportError:  # pragma: no cover - an SDK without customizers uploads everything
    SpanCustomizer = object  # type: ignore[misc,assignment]


class LeanExport(SpanCustomizer):
    """Rewrites each span record before upload (module docstring). Incremental records of a span
    carry its type only in the first one, so the kind is remembered by ``span_id``."""

    def __init__(self) -> None:
        self._kinds: dict[str, str] = {}
        self._work: dict[str, list[float]] = {}  # root span id -> [task start, task end]
        self._lock = threading.Lock()

    def _note_work(self, data: dict) -> None:
        """Task spans log their own start/end around the work (evals.common.trial_task)."""
        m, root = data.get("metrics"), data.get("root_span_id")
        if not isinstance(m, dict) or not root or not ("start" in m and "end" in m):
            return
        with self._lock:
            w = self._work.setdefault(root, [m["start"], m["end"]])
            w[0], w[1] = min(w[0], m["start"]), max(w[1], m["end"])

    def _root_timing(self, data: dict) -> None:
        """The root span opens when its case is scheduled and closes after its last scorer got a
        thread shared by every case of the run (seconds of queue for milliseconds of work), so
        Braintrust's per-case duration compared queues. Once the task's own interval is known the
        root takes it: the case's duration is the system's latency (each score span keeps its own)."""
        with self._lock:
            w = self._work.get(data.get("root_span_id") or "")
        if not w:
            return
        m = data.get("metrics") if isinstance(data.get("metrics"), dict) else {}
        if "output" in data or "start" in m:
            m["start"] = w[0]
        if "end" in m:
            m["end"] = w[1]
        if m:
            data["metrics"] = m

    def _kind(self, data: dict) -> str:
        sid = data.get("span_id")
        attrs = data.get("span_attributes") or {}
        with self._lock:
            if attrs.get("type") or not data.get("span_parents"):
                if not data.get("span_parents"):
                    kind = "root"
                elif attrs.get("type") == "score":
                    kind = "score"
                elif attrs.get("type") == "task" and attrs.get("name") == "task":
                    kind = "task"
                elif attrs.get("type") == "llm":
                    kind = "llm"
                else:
                    kind = "other"
                if sid:
                    self._kinds[sid] = kind
                return kind
            return self._kinds.get(sid, "other")

    def on_span_export(self, data: dict) -> dict:
        kind = self._kind(data)
        data.pop("context", None)  # the SDK's caller file/line (asyncio internals here): ~260 bytes a row
        if kind == "task":
            self._note_work(data)
        if kind == "root":
            self._root_timing(data)
            if "output" in data:
                data["output"] = lean_output(data["output"])
            if "metadata" in data:
                err = case_error(data["metadata"])
                if err and not data.get("error"):
                    data["error"] = err
                data["metadata"] = root_metadata(data["metadata"])
        elif kind == "task":
            data.pop("input", None)
            data.pop("output", None)
        elif kind == "score":
            data.pop("input", None)
            if "metadata" in data:
                data["metadata"] = compact(data["metadata"])
        elif kind == "llm" and "input" in data:
            data["input"] = _shorten(data["input"], LLM_STRING)
        return data


_installed = False


def install() -> None:
    """Register :class:`LeanExport` process-wide (once)."""
    global _installed
    if _installed:
        return
    from braintrust.span_customizer import set_span_customizers

    set_span_customizers([LeanExport()])
    _installed = True


__all__ = ["LeanExport", "case_error", "compact", "install", "lean_output", "preview"]
