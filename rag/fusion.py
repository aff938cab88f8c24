"""Rank fusion as pure functions over ranked lists (in the style of ranx).

A *run* is a ranked list of ``(item_id, score)`` pairs, best first. Every function dedupes
each run (first occurrence wins), so an item counts at most once per retriever, and every
function uses the weight of each run — a weight given is a weight honoured; a run without a
weight is an error, never silently weight 1.

* :func:`weighted_fusion` — min–max normalise each run's scores to [0, 1], then a weighted
  mean. Raw TF-IDF cosines (≤ 1) and raw BM25 scores (unbounded) are never added directly.
* :func:`rrf` — Reciprocal Rank Fusion, ``Σ_r w_r / (k + rank_r)``, divided by its maximum
  ``Σ_r w_r / (k + 1)`` so that an item ranked first everywhere scores exactly 1.
* :func:`apply_boost` — multiplies the *odds* of a 0–1 score by a boost factor:
  ``s·f / (s·f + 1 − s)``. It is monotone, keeps 0 at 0 and 1 at 1, equals the identity for
  ``f = 1``, and never leaves [0, 1] (a plain ``s × 1.5`` would).
"""
from __future__ import annotations

from typing import Hashable, Mapping, Sequence

Run = Sequence[tuple[Hashable, float]]


def dedupe(run: Run) -> list[tuple[Hashable, float]]:
    seen: set = set()
    out = []
    for item, score in run:
        if item not in seen:
            seen.add(item)
            out.append((item, float(score)))
    return out


def _check_weights(runs: Mapping[str, Run], weights: Mapping[str, float]) -> float:
    missing = [r for r in runs if r not in weights]
    if missing:
        raise ValueError(f"no fusion weight given for run(s) {missing}; pass a weight for every run")
    if any(weights[r] < 0 for r in runs):
        raise ValueError("fusion weights must be non-negative")
    total = sum(weights[r] for r in runs)
    if total <= 0:
        raise ValueError("fusion weights sum to zero")
    return total


def minmax(scores: Sequence[float]) -> list[float]:
    """Scale to [0, 1]. A constant list maps to 1.0 if positive (all equally good), else 0."""
    if not scores:
        return []
    lo, hi = min(scores), max(scores)
    if hi > lo:
        return [(s - lo) / (hi - lo) for s in scores]
    return [1.0 if hi > 0 else 0.0 for _ in scores]


def weighted_fusion(runs: Mapping[str, Run], weights: Mapping[str, float]) -> dict[Hashable, float]:
    """Weighted mean of min–max-normalised scores; an item absent from a run gets 0 there."""
    total = _check_weights(runs, weights)
    fused: dict[Hashable, float] = {}
    for name, run in runs.items():
        run = dedupe(run)
        for (item, _), norm in zip(run, minmax([s for _, s in run])):
            fused[item] = fused.get(item, 0.0) + weights[name] * norm / total
        for item, _ in run:
            fused.setdefault(item, 0.0)
    return fused


def rrf(runs: Mapping[str, Run], weights: Mapping[str, float], k: int = 60) -> dict[Hashable, float]:
    """Weighted Reciprocal Rank Fusion, normalised to [0, 1]."""
    if k < 0:
        raise ValueError("RRF k must be >= 0")
    total = _check_weights(runs, weights)
    fused: dict[Hashable, float] = {}
    for name, run in runs.items():
        for rank, (item, _) in enumerate(dedupe(run), start=1):
            fused[item] = fused.get(item, 0.0) + weights[name] / (k + rank)
    top = total / (k + 1)
    return {item: s / top for item, s in fused.items()}


def apply_boost(score: float, factor: float) -> float:
    """Multiply the odds of ``score`` by ``factor`` (see module docstring)."""
    if factor == 1.0 or score <= 0.0:
        return max(0.0, min(1.0, score))
    if score >= 1.0:
        return 1.0
    return score * factor / (score * factor + 1.0 - score)


def ranked(fused: Mapping[Hashable, float]) -> list[tuple[Hashable, float]]:
    """Sort by score descending, ties broken by item id for determinism."""
    return sorted(fused.items(), key=lambda kv: (-kv[1], str(kv[0])))
