"""Scorers for context packing (``evals/eval_packing.py``).

They read the packing task's output — ``context`` (the exact text sent), ``passages``
(id, source, content tokens), ``tokens`` (exact tiktoken count) and ``budget`` — and the case's
expected answer snippet and relevant sources. Every score is in [0, 1]:

* ``answer_recall_at_budget`` — share of the answer-bearing snippets (one per source) that made it
  into the packed context;
* ``non_redundancy`` — distinct-content tokens ÷ packed content tokens (the inverse of the
  redundancy ratio, which is in the metadata): sentences repeated across passages count once;
* ``garbage_free`` — 1 − the share of packed tokens from passages of no relevant source;
* ``within_budget`` — 1 when the exact token count is within the budget.
"""
from __future__ import annotations

import re

from braintrust import Score

_SENT = re.compile(r"(?<=[.!?])\s+|\n+")


def _norm(s: str) -> str:
    return " ".join((s or "").split())


def answer_recall_at_budget(input=None, output=None, expected=None, **_) -> Score | None:
    """Share of the expected answer snippets (one, or one per source for multi-hop) present
    verbatim in the packed context."""
    exp = expected or {}
    answers = exp.get("answer_texts") or ([exp["answer_text"]] if exp.get("answer_text") else [])
    if not answers or not isinstance(output, dict):
        return None
    ctx = _norm(output.get("context", ""))
    found = [_norm(a) in ctx for a in answers]
    return Score(name="answer_recall_at_budget", score=sum(found) / len(found),
                 metadata={"answers": [a[:80] for a in answers], "found": found})


def non_redundancy(input=None, output=None, expected=None, **_) -> Score | None:
    if not isinstance(output, dict) or not output.get("passages"):
        return None
    from rag.tokens import count_tokens  # token-true, like the packer

    sents = [_norm(s) for p in output["passages"] for s in _SENT.split(p.get("text", "")) if _norm(s)]
    total = sum(count_tokens(s) for s in sents)
    distinct = sum(count_tokens(s) for s in set(sents))
    ratio = total / distinct if distinct else 1.0
    return Score(name="non_redundancy", score=min(1.0, 1.0 / ratio), metadata={"redundancy_ratio": round(ratio, 4)})


def garbage_free(input=None, output=None, expected=None, **_) -> Score | None:
    rel = set((expected or {}).get("sources") or [])
    if not isinstance(output, dict) or not output.get("passages") or not rel:
        return None
    total = sum(p["tokens"] for p in output["passages"])
    garbage = sum(p["tokens"] for p in output["passages"] if p["source"] not in rel)
    frac = garbage / total if total else 0.0
    return Score(name="garbage_free", score=1.0 - frac,
                 metadata={"garbage_fraction": round(frac, 4), "garbage_tokens": garbage, "tokens": total})


def within_budget(input=None, output=None, expected=None, **_) -> Score | None:
    if not isinstance(output, dict) or "budget" not in output:
        return None
    ok = output["tokens"] <= output["budget"]
    return Score(name="within_budget", score=1.0 if ok else 0.0,
                 metadata={"tokens": output["tokens"], "budget": output["budget"]})


PACKING_SCORERS = [answer_recall_at_budget, non_redundancy, garbage_free, within_budget]
