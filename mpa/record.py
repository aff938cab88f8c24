"""The eval output record: what the agent and the tool tasks produce and the scorers read.

One typed shape (:class:`EvalOutput` of :class:`Turn` of :class:`ToolCall`) instead of dicts
read in several ways. It lives here, in the lowest layer both the agent and the scorers may
import (they must not import each other), and it names domain fields (``benchmark``).

* Producers build the record and hand Braintrust ``record.to_dict()`` (outputs must be JSON):
  every field is written, so a logged output is the old dict plus, at most, fields it left
  unset; keys a producer adds that are not fields (a scenario's ``beats``, a retrieval run's
  ``ranking``) travel in ``extra`` and are written at the top level, as before.
* Consumers call :func:`as_record` on whatever they were given — the record, its dict, a
  hand-written dict (mutation tests, the calibration rows) or a bare answer string — and read
  typed fields. ``as_record`` never changes its argument; ``from_dict`` copies what it keeps.

Legacy spelling read by ``from_dict``: an ``audience`` payload (older calibration rows) is the
record's ``data`` when ``data`` is unset.
"""
from __future__ import annotations

import copy
import math
from dataclasses import MISSING, dataclass, field, fields
from functools import lru_cache
from typing import Any, Mapping


def plain_copy(v: Any) -> Any:
    """A deep copy of JSON-shaped data (dicts, lists, scalars) without ``copy.deepcopy``'s memo and type
    dispatch — every scorer copies every case's record, so this is on the evals' hot path; anything
    else (a tuple, an object) still goes through ``copy.deepcopy``."""
    t = type(v)
    if t is dict:
        return {k: plain_copy(x) for k, x in v.items()}
    if t is list:
        return [plain_copy(x) for x in v]
    if t is str or t is int or t is float or t is bool or v is None:
        return v
    return copy.deepcopy(v)


def is_plain(v: Any) -> bool:
    """JSON data whose ``repr`` reads back equal, of the same types (``ast.literal_eval``): dicts
    with text keys, lists, text, ints, bools, None and finite floats — nothing else. Its ``repr`` is
    then a faithful key of its value (``1``, ``1.0`` and ``True`` differ; a tuple is not plain)."""
    t = type(v)
    if t is dict:
        return all(type(k) is str and is_plain(x) for k, x in v.items())
    if t is list:
        return all(is_plain(x) for x in v)
    if t is float:
        return math.isfinite(v)
    return t is str or t is int or t is bool or v is None


def _ids(xs: Any) -> list[str]:
    return [str(x) for x in xs] if isinstance(xs, (list, tuple)) else []


@lru_cache(maxsize=None)  # one entry per record class (three); a dataclass's fields never change
def _field_sets(cls: type) -> tuple[frozenset[str], frozenset[str]]:
    """The fields of ``cls`` but ``extra``, and those whose default is not None: None given for one of
    those means "use the default"."""
    return (frozenset(f.name for f in fields(cls)) - {"extra"},
            frozenset(f.name for f in fields(cls) if f.default is not None or f.default_factory is not MISSING))


def _build(cls: type, d: Any, text_field: str, *, ids: tuple[str, ...] = (), texts: tuple[str, ...] = (),
           nested: Mapping[str, type] | None = None) -> Any:
    """An instance of dataclass ``cls`` from ``d``: a copy of an instance, a mapping (fields
    normalised: ``ids`` to lists of strings, ``texts`` to strings, ``nested`` lists to their
    class, None to the field's default; other keys kept in ``extra``), or anything else as the
    text of ``text_field``."""
    if isinstance(d, cls):
        return copy.deepcopy(d)
    if not isinstance(d, Mapping):
        return cls(**{text_field: str(d)})
    names, defaults_to_value = _field_sets(cls)
    nested = nested or {}
    # a nested list is not copied here: ``sub.from_dict`` copies each item it keeps (copying it here
    # too copied a conversation's turns twice and their tool calls three times)
    known = {k: v if k in nested else plain_copy(v) for k, v in d.items() if k in names}
    other = {k: plain_copy(v) for k, v in d.items() if k not in names}
    for k in ids:
        known[k] = _ids(known.get(k))
    for k in texts:
        known[k] = str(known.get(k) or "")
    for k, sub in nested.items():
        if k in known and known[k] is not None:
            known[k] = [sub.from_dict(x) for x in known[k]] if isinstance(known[k], list) else []
    return cls(**{k: v for k, v in known.items() if v is not None or k not in defaults_to_value}, extra=other)


def _dump(obj: Any, nested: tuple[str, ...] = (), omit_none: tuple[str, ...] = ()) -> dict[str, Any]:
    """``obj`` as a JSON-able dict: its fields (``nested`` lists through their ``to_dict``; a
    field of ``omit_none`` left out when None), then its ``extra`` keys at the top level."""
    d: dict[str, Any] = {}
    for f in fields(obj):
        v = getattr(obj, f.name)
        if f.name == "extra" or (f.name in omit_none and v is None):
            continue
        d[f.name] = ([x.to_dict() for x in v] if v is not None else None) if f.name in nested else plain_copy(v)
    return {**d, **plain_copy(obj.extra)}


@dataclass
class ToolCall:
    """One tool call: what was asked, what the model read back (``content``), what it retrieved."""

    name: str = ""
    input: Any = None
    id: str | None = None
    round: int | None = None
    is_error: bool = False
    latency_ms: float = 0.0
    retrieved_ids: list[str] = field(default_factory=list)
    citations: list[str] = field(default_factory=list)
    content: str = ""
    data: Any = None
    extra: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def from_result(cls, result: Any, *, name: str | None = None, input: Any = None, id: str | None = None,
                    round: int | None = None) -> "ToolCall":
        """A :class:`mpa.tools.ToolResult` as the call record (its passages go to the output's
        ``retrieved``, not here)."""
        return cls(name=name or result.name, input=input, id=id, round=round, is_error=result.is_error,
                   latency_ms=round_ms(result.latency_ms), retrieved_ids=list(result.retrieved_ids),
                   citations=list(result.citations), content=result.content, data=result.data)

    @classmethod
    def from_dict(cls, d: Any) -> "ToolCall":
        call = _build(cls, d, "content", ids=("retrieved_ids", "citations"), texts=("content",))
        call.is_error, call.latency_ms = bool(call.is_error), float(call.latency_ms or 0.0)
        return call

    def to_dict(self) -> dict[str, Any]:
        return _dump(self)


@dataclass
class Turn:
    """One user turn of a conversation and everything the agent did to answer it."""

    user: str = ""
    assistant: str = ""
    tool_calls: list[ToolCall] = field(default_factory=list)
    retrieved_ids: list[str] = field(default_factory=list)
    citations: list[str] = field(default_factory=list)
    invalid_citations: list[str] = field(default_factory=list)
    usage: dict[str, int] = field(default_factory=lambda: {"input_tokens": 0, "output_tokens": 0})
    error: str | None = None
    model_calls: int = 0
    tool_rounds: int = 0
    forced_final: bool = False
    notes: list[str] = field(default_factory=list)
    latency_ms: float = 0.0
    expect: dict[str, Any] | None = None  # the scenario's expectation for this turn (None: not given)
    extra: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def from_dict(cls, d: Any) -> "Turn":
        return _build(cls, d, "assistant", ids=("retrieved_ids", "citations", "invalid_citations"),
                      texts=("user", "assistant"), nested={"tool_calls": ToolCall})

    def to_dict(self) -> dict[str, Any]:
        return _dump(self, nested=("tool_calls",), omit_none=("expect",))  # only scenario turns carry one


@dataclass
class EvalOutput:
    """The output of one eval case.

    A conversation fills ``turns`` (and the flat ``tool_calls`` of every turn, ``retrieved``,
    ``context``, ``benchmark``); a tool call fills ``tool_calls``, ``retrieved`` and ``data``; a
    retrieval run ``retrieved``; a packing run ``context`` and ``passages``/``tokens``/``budget``.
    ``retrieved`` entries are passage records (``id``, ``source``, ``section``/``sections``,
    ``score``, ``text`` when kept)."""

    response: str = ""
    turns: list[Turn] | None = None  # None: not a conversation
    tool_calls: list[ToolCall] = field(default_factory=list)
    retrieved: list[dict[str, Any]] = field(default_factory=list)
    citations: list[str] = field(default_factory=list)
    invalid_citations: list[str] = field(default_factory=list)
    context: str | None = None  # the text the model read (tool results joined), or a packed context
    benchmark: dict[str, Any] | None = None  # the conversation's last get_benchmark payload
    data: Any = None  # a tool call's structured payload
    errors: list[str] = field(default_factory=list)
    usage: dict[str, int] | None = None
    model: str | None = None
    passages: list[dict[str, Any]] | None = None  # packing: the packed passages with token counts
    tokens: int | None = None  # packing: tokens of the packed context
    budget: int | None = None  # packing: the budget it was packed to
    extra: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> "EvalOutput":
        rec = _build(cls, d, "response", ids=("citations", "invalid_citations"), texts=("response",),
                     nested={"turns": Turn, "tool_calls": ToolCall})
        rec.retrieved = [e if isinstance(e, dict) else {"id": str(e)} for e in rec.retrieved]
        rec.errors = [str(e) for e in rec.errors]
        if rec.data is None and rec.extra.get("audience") is not None:
            rec.data = rec.extra.pop("audience")  # legacy spelling of a tool payload
        return rec

    def to_dict(self) -> dict[str, Any]:
        return _dump(self, nested=("turns", "tool_calls"))

    @property
    def all_tool_calls(self) -> list[ToolCall]:
        """The top-level calls, then each turn's (a conversation lists them in both places)."""
        return list(self.tool_calls) + [c for t in self.turns or [] for c in t.tool_calls]

    @property
    def payload(self) -> Any:
        """The structured tool payload: the conversation's benchmark, else ``data``, else the
        first call that returned one."""
        for v in (self.benchmark, self.data):
            if v is not None:
                return v
        return next((c.data for c in self.tool_calls if c.data), None)


def round_ms(ms: float) -> float:
    return round(float(ms), 3)


def as_record(output: Any) -> EvalOutput:
    """The one way to read an eval output: the record itself (a copy), its dict, a hand-written
    dict, or a bare answer (string, None, anything else: its text is the response)."""
    if isinstance(output, EvalOutput):
        return copy.deepcopy(output)
    if isinstance(output, Mapping):
        return EvalOutput.from_dict(output)
    return EvalOutput(response="" if output is None else str(output))


__all__ = ["EvalOutput", "ToolCall", "Turn", "as_record", "plain_copy"]
