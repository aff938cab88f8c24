"""Scorers for context packing (``evals/eval_packing.py``).

They read the packing task's output through :func:`mpa.record.as_record` — ``context`` (the
exact text sent), ``passages`` (id, source, content tokens), ``tokens`` (exact tiktoken count)
and ``budget`` — and the case's expected answer snippet and relevant sources. Every score is in [0, 1]:

* ``answer_recall_at_budget`` — share of the answer-bearing snippets (one per source) that made it
  into the packed context;
* ``non_redundancy`` — distinct-content tokens ÷ packed content tokens (the inverse of the
  redundancy ratio, which is in the metadata): sentences (:func:`scorers.text.sentences`)
  repeated across passages count once;
* ``garbage_free`` — 1 − the share of packed tokens from passages of no relevant source;
* ``within_budget`` — 1 when the exact token count is within the budget.
"""
from __future__ import annotations

from braintrust import Score

from mpa.record import as_record
from scorers.text import sentences


def _norm(s: str) -> str:
    return " ".join((s or "").split())


def answer_recall_at_budget(input=None, output=None, expected=None, **_) -> Score | None:
    """Share of the expected answer snippets (one, or one per source for multi-hop) present
    verbatim in the packed context."""
    exp = expected or {}
    answers = exp.get("answer_texts") or ([exp["answer_text"]] if exp.get("answer_text") else [])
    rec = as_record(output)
    if not answers or rec.context is None:
        return None
    ctx = _norm(rec.context)
    found = [_norm(a) in ctx for a in answers]
    return Score(name="answer_recall_at_budget", score=sum(found) / len(found),
                 metadata={"answers": [a[:80] for a in answers], "found": found})


def non_redundancy(input=None, output=None, expected=None, **_) -> Score | None:
    passages = as_record(output).passages
    if not passages:
        return None
    from rag.tokens import count_tokens  # token-true, like the packer

    sents = [_norm(s) for p in passages for s in sentences(p.get("text", "")) if _norm(s)]
    total = sum(count_tokens(s) for s in sents)
    distinct = sum(count_tokens(s) for s in set(sents))
    ratio = total / distinct if distinct else 1.0
    return Score(name="non_redundancy", score=min(1.0, 1.0 / ratio), metadata={"redundancy_ratio": round(ratio, 4)})


def garbage_free(input=None, output=None, expected=None, **_) -> Score | None:
    rel = set((expected or {}).get("sources") or [])
    passages = as_record(output).passages
    if not passages or not rel:
        return None
    total = sum(p["tokens"] for p in passages)
    garbage = sum(p["tokens"] for p in passages if p["source"] not in rel)
    frac = garbage / total if total else 0.0
    return Score(name="garbage_free", score=1.0 - frac,
                 metadata={"garbage_fraction": round(frac, 4), "garbage_tokens": garbage, "tokens": total})


def within_budget(input=None, output=None, expected=None, **_) -> Score | None:
    rec = as_record(output)
    if rec.budget is None:
        return None
    ok = (rec.tokens or 0) <= rec.budget
    return Score(name="within_budget", score=1.0 if ok else 0.0, metadata={"tokens": rec.tokens, "budget": rec.budget})


PACKING_SCORERS = [answer_recall_at_budget, non_redundancy, garbage_free, within_budget]
