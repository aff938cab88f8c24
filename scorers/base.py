"""The scorer base class and the normalised view of an eval output record (:mod:`mpa.record`).

Every project scorer is a callable object usable directly in ``braintrust.Eval(scores=[...])``:
``scorer(input=..., output=..., expected=..., metadata=...) -> Score``. It returns
``Score(name, score, metadata)`` with ``score`` in [0, 1], or ``score=None`` when the scorer does
not apply to the case (skipped — never a free 1.0). Its explanation is ``Score.metadata`` and
nothing else: a scorer never writes into the objects it is given (the harness copies the
explanations into the case record, :func:`evals.common.timed`).

A case is scored through one or more :class:`View` objects: a single-answer case (tool,
retrieval, abstention evals) is one view; a multi-turn conversation is one view per turn, each
with that turn's expectation object and the evidence retrieved *so far* in the conversation.
The case score is then the mean over the turns the scorer applies to, and the per-turn verdicts
are in the metadata (``turns``).
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from typing import Any, Iterable

from braintrust import Score

from mpa.record import ToolCall, as_record, plain_copy

MAX_DETAIL = 12  # list items kept in a score's metadata


class ScoreRangeError(ValueError):
    """A scorer produced a value outside [0, 1] (a bug: Braintrust rejects it)."""


@dataclass
class View:
    """What one answer is scored against."""

    question: str = ""
    response: str = ""
    expect: dict = field(default_factory=dict)
    ranked_ids: list[str] = field(default_factory=list)  # this answer's retrieval, in rank order
    seen_ids: list[str] = field(default_factory=list)  # everything retrieved so far in the conversation
    sources: dict[str, str] = field(default_factory=dict)  # chunk id -> source file
    sections: dict[str, list[str]] = field(default_factory=dict)  # chunk id -> headers it holds (and their parents)
    evidence: list[str] = field(default_factory=list)  # retrieved passages and tool result texts so far
    user_texts: list[str] = field(default_factory=list)  # every user message so far
    passages: dict[str, str] = field(default_factory=dict)  # chunk id -> text, for chunks retrieved so far
    data: Any = None  # structured tool payload (BenchmarkResult / AudienceSizingResult dict) or None
    tool_calls: list[ToolCall] = field(default_factory=list)
    turn: int | None = None
    error: str | None = None


def _question_of(inp: Any) -> str:
    if isinstance(inp, str):
        return inp
    if isinstance(inp, dict):
        for k in ("query", "question", "user", "text", "input"):
            if isinstance(inp.get(k), str):
                return inp[k]
        turns = inp.get("turns")
        if isinstance(turns, list) and turns:
            t = turns[-1]
            return t if isinstance(t, str) else str(t.get("user", ""))
    return "" if inp is None else str(inp)


def _tool_ids(calls: Iterable[ToolCall]) -> list[str]:
    return [i for c in calls for i in c.retrieved_ids]


_PASSAGE = re.compile(r'<passage id="(?P<id>[^"]+)"[^>]*>\n?(?P<text>.*?)</passage>', re.S)


def passage_texts(entries: list[dict], calls: Iterable[ToolCall]) -> dict[str, str]:
    """Chunk id -> text: the record's ``retrieved`` passages, else the ``<passage id=…>`` blocks of
    the tool results the model read (the same text, as the model saw it)."""
    out = {e["id"]: str(e["text"]) for e in entries if e.get("id") and e.get("text")}
    for c in calls:
        for m in _PASSAGE.finditer(c.content):
            out.setdefault(m.group("id"), m.group("text"))
    return out


def dedupe(ids: Iterable[str]) -> list[str]:
    seen, out = set(), []
    for i in ids:
        if i not in seen:
            seen.add(i)
            out.append(i)
    return out


def normalise_expected(expected: Any) -> dict:
    """The expectation as a dict (a copy: scorers never touch their caller's objects)."""
    if expected is None:
        return {}
    if isinstance(expected, dict):
        return plain_copy(expected)
    if isinstance(expected, bool):
        return {"must_abstain": expected}
    return {"value": expected}


def views(input: Any, output: Any, expected: Any) -> list[View]:
    """Split a case into the answers to score (one per conversation turn, or one). The output is
    read through :func:`mpa.record.as_record` — the one reading of every output shape."""
    exp = normalise_expected(expected)
    rec = as_record(output)
    entries = rec.retrieved
    sources = {e["id"]: e.get("source", "") for e in entries if e.get("id")}
    sections = {e["id"]: list(e.get("sections") or ([e["section"]] if e.get("section") else []))
                for e in entries if e.get("id")}
    texts = passage_texts(entries, rec.all_tool_calls)
    turn_expects = exp.get("turns") if isinstance(exp.get("turns"), list) else None
    if rec.turns and (turn_expects is not None or any(t.expect is not None for t in rec.turns)):
        out: list[View] = []
        seen: list[str] = []
        evidence: list[str] = []
        users: list[str] = []
        for i, t in enumerate(rec.turns):
            ids = dedupe(t.retrieved_ids + _tool_ids(t.tool_calls))
            seen = dedupe(seen + ids)
            evidence += [texts[i_] for i_ in ids if i_ in texts]
            evidence += [c.content for c in t.tool_calls if c.content]
            users.append(t.user)
            if turn_expects is not None:
                te = turn_expects[i] if i < len(turn_expects) and isinstance(turn_expects[i], dict) else {}
            else:
                te = t.expect or {}
            data = next((c.data for c in t.tool_calls if c.data), None)
            out.append(View(question=t.user, response=t.assistant, expect=te,
                            ranked_ids=ids, seen_ids=list(seen), sources=sources, sections=sections,
                            evidence=list(evidence), user_texts=list(users), data=data, tool_calls=t.tool_calls,
                            turn=i, error=t.error, passages={i_: texts[i_] for i_ in seen if i_ in texts}))
        return out

    calls = rec.tool_calls
    ranked = [e["id"] for e in entries if e.get("id")] or _tool_ids(calls)
    evidence = [e.get("text", "") for e in entries if e.get("text")]
    evidence += [c.content for c in calls if c.content]
    if rec.context:
        evidence.append(rec.context)
    q = _question_of(input)
    return [View(question=q, response=rec.response, expect=exp, ranked_ids=ranked,
                 seen_ids=dedupe(ranked + _tool_ids(calls)), sources=sources, sections=sections, evidence=evidence,
                 user_texts=[q], data=rec.payload, tool_calls=calls, passages=texts)]


def check_range(name: str, value: float | None) -> float | None:
    if value is None:
        return None
    if isinstance(value, bool):
        value = float(value)
    if not isinstance(value, (int, float)) or math.isnan(value) or value < -1e-12 or value > 1 + 1e-12:
        raise ScoreRangeError(f"scorer {name} produced {value!r}, outside [0, 1]")
    return min(1.0, max(0.0, float(value)))


def trim(items: list, n: int = MAX_DETAIL) -> list:
    return items[:n] + ([f"... {len(items) - n} more"] if len(items) > n else [])


class ProjectScorer:
    """Base class: subclasses implement :meth:`score_view` returning ``(score|None, details)``.

    ``deterministic`` scorers may enter the composite and the gate; LLM judges may not.
    """

    name = "scorer"
    deterministic = True
    conversation_aware = True  # score each turn of a conversation

    def _name(self) -> str:  # Braintrust reads the score name from here
        return self.name

    def score_view(self, view: View) -> tuple[float | None, dict]:
        raise NotImplementedError

    def __call__(self, input: Any = None, output: Any = None, expected: Any = None, metadata: dict | None = None,
                 **kwargs: Any) -> Score:
        vs = views(input, output, expected)
        results = []
        for v in vs:
            s, det = self.score_view(v)
            s = check_range(self.name, s)
            results.append((v, s, det))
        applicable = [(v, s, d) for v, s, d in results if s is not None]
        if not applicable:
            reason = results[0][2].get("reason", "not applicable") if len(results) == 1 else "no turn applies"
            score, meta = None, {"applicable": False, "reason": reason}
        elif len(results) == 1:
            score, meta = applicable[0][1], {"applicable": True, **applicable[0][2]}
        else:
            score = sum(s for _, s, _ in applicable) / len(applicable)
            meta = {"applicable": True, "turns": [{"turn": v.turn, "score": round(s, 4), **d}
                                                  for v, s, d in applicable]}
        score = check_range(self.name, score)
        return Score(name=self.name, score=score, metadata=meta)
