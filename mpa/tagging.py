"""Keyword-dictionary metadata for chunks — the media-planning tagger plugged into the
generic engine (``Domain.tagger``): document type, topics, MPA steps, verticals, metrics,
has_numbers, has_benchmarks. Filters, boosts and the reranker's numeric feature read it.

:func:`declare` (``Domain.declare``) folds a section's declared ``META_`` fields into that
metadata; what the author declared beats what the keywords suggest:
``META_WORKFLOW_STEPS: 5,6`` → steps, ``META_TOPICS`` → topics (vocabulary keys where a token
names one, else the token), ``META_VERTICALS`` → verticals (``ALL`` keeps the tagged ones),
``META_CHANNELS`` → channels, ``META_INTENT`` → intent (a benchmark look-up intent on a chunk with
figures sets has_benchmarks), ``META_CONFIDENCE`` → confidence."""
from __future__ import annotations

import re
from typing import Iterable

from mpa.steps import steps_for
from mpa.tables import CURRENCY
from mpa.vocabulary import VOCABULARY, match_terms

_NUMBER = re.compile(r"(?<![A-Za-z])" + CURRENCY + r"?\d[\d,]*(?:\.\d+)?\s*(?:%|x\b|:1\b|k\b|m\b|million\b)?")
_TABLE_ROW = re.compile(r"^\|.*\d.*\|\s*$", re.M)


def document_type(source: str, title: str) -> str:
    """Decided by file name first, then by cues in the title; "guide" when nothing matches."""
    name = source.lower()
    for dtype, cues in VOCABULARY["document_types"].items():
        if any(name.startswith(c) or (c in name and not c.endswith("-")) for c in cues):
            return dtype
    low = title.lower()
    for dtype, cues in VOCABULARY["document_types"].items():
        if any(c.strip("-") in low for c in cues):
            return dtype
    return "guide"


def _tokens(value: str) -> list[str]:
    return [t for t in (" ".join(x.replace("_", " ").split()).lower() for x in value.split(",")) if t]


def _keys(tokens: list[str], table: str) -> list[str]:
    out = []
    for t in tokens:
        key = next((k for k, syns in VOCABULARY[table].items() if t == k.lower() or t in syns), None)
        key = key or (match_terms(t, VOCABULARY[table]) or [t])[0]
        if key not in out:
            out.append(key)
    return out


def declare(meta: dict, declared: dict[str, str]) -> dict:
    """The tagged ``meta`` with the declared META_ fields applied (see the module docstring)."""
    out = {**meta, "declared": dict(declared)}
    steps = [int(s) for s in re.findall(r"\d+", declared.get("WORKFLOW_STEPS", "")) if 1 <= int(s) <= 10]
    if steps:
        out["steps"] = sorted(set(steps))
    if declared.get("TOPICS"):
        out["topics"] = _keys(_tokens(declared["TOPICS"]), "topics")
    verticals = _tokens(declared.get("VERTICALS", ""))
    if verticals and verticals != ["all"]:
        out["verticals"] = _keys(verticals, "verticals")
    if declared.get("CHANNELS"):
        out["channels"] = _tokens(declared["CHANNELS"])
    if declared.get("INTENT"):
        out["intent"] = " ".join(_tokens(declared["INTENT"]))
        if "benchmark" in out["intent"] and meta.get("has_numbers"):
            out["has_benchmarks"] = True
    if declared.get("CONFIDENCE"):
        out["confidence"] = declared["CONFIDENCE"].strip().lower()
    return out


def tag(source: str, title: str, section_path: Iterable[str], text: str) -> dict:
    """Metadata for one chunk."""
    context = " ".join([title, *section_path, text])
    dtype = document_type(source, title)
    metrics = match_terms(context, VOCABULARY["metrics"])
    has_numbers = bool(_NUMBER.search(text))
    rows = _TABLE_ROW.findall(text)
    has_benchmarks = bool(metrics) and (
        (dtype == "benchmark" and has_numbers) or any(match_terms(r, VOCABULARY["metrics"]) for r in rows)
    )
    return {
        "document_type": dtype,
        "topics": match_terms(context, VOCABULARY["topics"]),
        "steps": steps_for(source, context),
        "verticals": match_terms(context, VOCABULARY["verticals"]),
        "metrics": metrics,
        "has_numbers": has_numbers,
        "has_benchmarks": has_benchmarks,
    }
