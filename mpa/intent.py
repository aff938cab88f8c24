"""Query intent for media-planning questions: the generic rules of :mod:`rag.intent` plus
the domain's cues — "benchmark(s)" and "budget for" mark a numeric question, and a metric name (CPC, "cost per
lead") makes an otherwise exploratory query numeric. The metrics found are reported as the
``metrics`` facet, which the numeric reranker feature (:mod:`mpa.ranking`) reads."""
from __future__ import annotations

import re

from mpa.vocabulary import VOCABULARY, match_terms
from rag.intent import QueryIntent
from rag.intent import detect_intent as generic_intent

_NUMERIC_CUE = re.compile(r"\b(benchmarks?|budget for)\b", re.I)
_DEFINITION_VETO = re.compile(r"\bbenchmark\b", re.I)


def detect_intent(query: str) -> QueryIntent:
    metrics = match_terms(query, VOCABULARY["metrics"])
    return generic_intent(query, numeric_cue=_NUMERIC_CUE, definition_veto=_DEFINITION_VETO,
                          facets={"metrics": metrics})


def query_metrics(intent: QueryIntent) -> list[str]:
    """The metric names a query asked about (empty for an intent from the generic rules)."""
    return intent.facets.get("metrics", [])
