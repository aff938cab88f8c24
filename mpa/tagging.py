"""Keyword-dictionary metadata for chunks — the media-planning tagger plugged into the
generic engine (``Domain.tagger``): document type, topics, MPA steps, verticals, metrics,
has_numbers, has_benchmarks. Filters, boosts and the reranker's numeric feature read it."""
from __future__ import annotations

import re
from typing import Iterable

from mpa.steps import steps_for
from mpa.vocabulary import VOCABULARY, match_terms

_NUMBER = re.compile(r"(?<![A-Za-z])[$€£]?\d[\d,]*(?:\.\d+)?\s*(?:%|x\b|:1\b|k\b|m\b|million\b)?")
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
