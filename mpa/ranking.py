"""Media-planning ranking signals plugged into the generic engine (:class:`rag.domain.Domain`).

Boosts (multipliers on the fused score, once per search over the candidates):

* benchmark boost — the query asks for a metric or a benchmark and the chunk holds benchmark
  figures (for an asked metric, when it names one);
* step boost — the query names an MPA-10 step ("Step 4") and the chunk is from that step's
  guide.

Reranker features for thorough mode (each in [0, 1]; ``None`` when it does not apply, so its
weight goes back to the first-stage score):

* ``numeric`` — for numeric intents: the chunk holds numbers (0.5) or benchmark figures for an
  asked metric (1.0);
* ``step`` — the query names a step and the chunk belongs to that step's guide (1.0) or is
  tagged with that step (0.5).
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Callable, Sequence

from mpa.intent import query_metrics
from mpa.steps import guide_step, step_refs
from mpa.vocabulary import VOCABULARY, table_matcher
from rag.intent import QueryIntent
from rag.types import Chunk

BENCHMARK_BOOST = 1.5
STEP_BOOST = 1.5
FEATURE_WEIGHTS = {"numeric": 0.05, "step": 0.05}
_BENCHMARK_WORDS = re.compile(r"\b(benchmarks?|typical|average|range)\b", re.I)
_guide_step = lru_cache(maxsize=4096)(guide_step)  # boosts run once per search over ~50 candidates


def benchmark_boost(factor: float = BENCHMARK_BOOST) -> Callable[[str, Sequence[Chunk]], list[float] | None]:
    metrics = table_matcher(VOCABULARY["metrics"])

    def boost(query: str, chunks: Sequence[Chunk]) -> list[float] | None:
        if factor == 1.0:
            return None
        q_metrics = set(metrics.match(query)) if metrics.anywhere.search(query.lower()) else set()
        if not (q_metrics or _BENCHMARK_WORDS.search(query)):
            return None
        if not q_metrics:
            return [factor if c.metadata.get("has_benchmarks") else 1.0 for c in chunks]
        return [factor if c.metadata.get("has_benchmarks") and not q_metrics.isdisjoint(c.metadata.get("metrics", ()))
                else 1.0 for c in chunks]

    return boost


def step_boost(factor: float = STEP_BOOST) -> Callable[[str, Sequence[Chunk]], list[float] | None]:
    def boost(query: str, chunks: Sequence[Chunk]) -> list[float] | None:
        steps = step_refs(query) if factor > 1 else set()
        if not steps:
            return None
        return [factor if _guide_step(c.source) in steps else 1.0 for c in chunks]

    return boost


def numeric_feature(query: str, intent: QueryIntent) -> Callable[[Chunk], float] | None:
    if intent.intent != "numeric":
        return None
    metrics = set(query_metrics(intent))

    def score(chunk: Chunk) -> float:
        meta = chunk.metadata
        if meta.get("has_benchmarks") and (not metrics or metrics & set(meta.get("metrics", ()))):
            return 1.0
        return 0.5 if meta.get("has_numbers") else 0.0

    return score


def step_feature(query: str, intent: QueryIntent) -> Callable[[Chunk], float] | None:
    steps = step_refs(query)
    if not steps:
        return None

    def score(chunk: Chunk) -> float:
        if guide_step(chunk.source) in steps:
            return 1.0
        return 0.5 if steps & set(chunk.metadata.get("steps", ())) else 0.0

    return score


RERANK_FEATURES = (("numeric", FEATURE_WEIGHTS["numeric"], numeric_feature),
                   ("step", FEATURE_WEIGHTS["step"], step_feature))
