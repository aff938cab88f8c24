"""Rule-based query intent, used to pick fusion weights and pool size per query.

Intents: ``definition`` ("what is X", "define"), ``numeric`` (how much / how many / a metric
name / "benchmark"), ``procedure`` ("how to", "steps", "set up"), ``comparison`` ("vs",
"compare", "difference between"), ``exploratory`` (everything else). Exact identifiers
(CamelCase, snake_case, codes such as ``KPI-NC-01`` or ``PACE-90/110``, quoted phrases) are
reported separately: they force keyword search (BM25) to contribute, because only exact term
matching finds them.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from rag.metadata import VOCABULARY, match_terms

INTENTS = ("definition", "numeric", "procedure", "comparison", "exploratory")

_RULES: list[tuple[str, re.Pattern]] = [
    ("comparison", re.compile(r"\b(vs\.?|versus|compare[sd]?|comparison|difference between|differ|better than)\b", re.I)),
    ("numeric", re.compile(r"\b(how (much|many|big|large)|what (is|are) the (typical|average)|benchmarks?|"
                           r"typical|average|range|cost of|rate for|percent|budget for)\b|[$%]|\d", re.I)),
    ("procedure", re.compile(r"\b(how (do|should|can) (i|we|you)|how to|steps?|set ?up|checklist|process|"
                             r"plan(ning)? for|design (a|an|the)|build (a|an|the)|run (a|an))\b", re.I)),
    ("definition", re.compile(r"^\s*(what('s| is| are| does)|define|definition of|meaning of|explain)\b", re.I)),
]

_IDENTIFIER = re.compile(
    r"\b[A-Z][a-z]+[A-Z][A-Za-z]*\b"          # CamelCase
    r"|\b[a-z]+_[a-z0-9_]+\b"                  # snake_case
    r"|\b[A-Z]{2,}[A-Z0-9]*(?:[-/:][A-Z0-9]+)+\b"  # codes: KPI-NC-01, PACE-90/110, LTV:CAC
    r"|[\"“][^\"”]{2,}[\"”]"                   # quoted phrase
)


@dataclass
class QueryIntent:
    intent: str
    identifiers: list[str] = field(default_factory=list)
    metrics: list[str] = field(default_factory=list)

    @property
    def has_identifier(self) -> bool:
        return bool(self.identifiers)


def detect_intent(query: str) -> QueryIntent:
    metrics = match_terms(query, VOCABULARY["metrics"])
    idents = [m.group(0) for m in _IDENTIFIER.finditer(query)]
    intent = "exploratory"
    # a definition question about an identifier or term stays a definition even with digits in it
    if _RULES[3][1].search(query) and not re.search(r"\b(typical|average|benchmark|how much|how many)\b", query, re.I):
        intent = "definition"
    else:
        for name, pattern in _RULES[:3]:
            if pattern.search(query):
                intent = name
                break
        if intent == "exploratory" and metrics:
            intent = "numeric"
    return QueryIntent(intent, idents, metrics)
