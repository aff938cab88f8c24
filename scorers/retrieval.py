"""Ranked-list retrieval metrics: recall@k, precision@k, MRR, nDCG@k, hit rate@k.

Relevance is judged against the expected chunk ids when a golden lists them, otherwise against
the expected *sources* (KB file names): a retrieved chunk is relevant when its source file is
expected. Every metric first **dedupes the ranked ids** (first occurrence kept) — a ranked list
that repeats an id cannot inflate any metric — and, at source level, each expected source earns
gain once (its first chunk), so nDCG never exceeds 1 and the hit rate never exceeds 1.

Definitions (``items`` = deduplicated ids, ``top`` = ``items[:k]``, ``R`` = relevant units):

* recall@k    = |units(top) ∩ R| / |R|
* precision@k = #{i in top : unit(i) ∈ R} / k
* hit@k       = 1 if any unit(top) ∈ R else 0
* MRR         = 1 / rank of the first relevant item (0 when none; ``k`` limits the depth)
* nDCG@k      = Σ_r g_r / log2(r + 1) ÷ Σ_{r ≤ min(|R|, k)} 1 / log2(r + 1), with g_r = 1 for the
  first item of each relevant unit and 0 otherwise.

**Section level** (``section_recall@k``, ``section_hit_rate@k``, ``section_mrr``): the same
definitions with the golden's ``expected_sections`` as the relevant units — a file can be right
while the passage is not. A retrieved chunk covers an expected section when it comes from one of
that section's files and holds the header (a ``"Parent › Child"`` path: every part of it) among
the headers it holds or sits under (``sections`` of the retrieved entry: a chunk that merges small
sections holds several). Forms of ``expected_sections`` (``datasets/README.md``): a header, a list
of headers (each a header of at least one expected source), ``"Parent › Child"`` paths, or
``{source: header | [headers]}``.
"""
from __future__ import annotations

import math
from pathlib import PurePosixPath
from typing import Callable, Iterable

from scorers.base import ProjectScorer, View, dedupe, trim


def _ident(x: str) -> str:
    return x


def _prep(ranked: Iterable[str], k: int | None, unit: Callable[[str], str]) -> list[str]:
    items = dedupe(ranked)
    top = items if k is None else items[:k]
    return [unit(i) for i in top]


def recall_at_k(ranked: Iterable[str], relevant: Iterable[str], k: int | None = 5,
                unit: Callable[[str], str] = _ident) -> float:
    rel = set(relevant)
    if not rel:
        raise ValueError("recall needs at least one relevant item")
    return len(set(_prep(ranked, k, unit)) & rel) / len(rel)


def precision_at_k(ranked: Iterable[str], relevant: Iterable[str], k: int = 5,
                   unit: Callable[[str], str] = _ident) -> float:
    rel = set(relevant)
    if k <= 0:
        raise ValueError("k must be positive")
    return sum(1 for u in _prep(ranked, k, unit) if u in rel) / k


def hit_rate_at_k(ranked: Iterable[str], relevant: Iterable[str], k: int | None = 5,
                  unit: Callable[[str], str] = _ident) -> float:
    rel = set(relevant)
    return 1.0 if any(u in rel for u in _prep(ranked, k, unit)) else 0.0


def reciprocal_rank(ranked: Iterable[str], relevant: Iterable[str], k: int | None = None,
                    unit: Callable[[str], str] = _ident) -> float:
    rel = set(relevant)
    for r, u in enumerate(_prep(ranked, k, unit), start=1):
        if u in rel:
            return 1.0 / r
    return 0.0


def ndcg_at_k(ranked: Iterable[str], relevant: Iterable[str], k: int = 5,
              unit: Callable[[str], str] = _ident) -> float:
    rel = set(relevant)
    if not rel:
        raise ValueError("nDCG needs at least one relevant item")
    seen: set[str] = set()
    dcg = 0.0
    for r, u in enumerate(_prep(ranked, k, unit), start=1):
        if u in rel and u not in seen:
            seen.add(u)
            dcg += 1.0 / math.log2(r + 1)
    ideal = sum(1.0 / math.log2(r + 1) for r in range(1, min(len(rel), k) + 1))
    return dcg / ideal


def source_stem(source: str) -> str:
    """"benchmarks-ecommerce.md" → "benchmarks-ecommerce" (chunk ids use the stem as doc id)."""
    name = PurePosixPath(str(source)).name
    for ext in (".md", ".txt", ".markdown"):
        if name.endswith(ext):
            return name[: -len(ext)]
    return name


def relevance(expect: dict) -> tuple[str, set[str]] | None:
    """("chunk", ids) or ("source", stems) from an expectation, or None when it has neither."""
    ids = expect.get("chunk_ids") or expect.get("expected_chunk_ids")
    if ids:
        return "chunk", set(ids)
    srcs = expect.get("sources") or expect.get("expected_sources")
    if srcs:
        return "source", {source_stem(s) for s in srcs}
    return None


def unit_fn(mode: str, view: View) -> Callable[[str], str]:
    if mode == "chunk":
        return _ident

    def to_source(i: str) -> str:
        src = view.sources.get(i)
        return source_stem(src) if src else i.split("#", 1)[0]

    return to_source


class _RankedMetric(ProjectScorer):
    metric = "recall"
    conversation_aware = True

    def __init__(self, k: int | None = 5, name: str | None = None):
        self.k = k
        self.name = name or self.default_name()

    def default_name(self) -> str:
        return {"recall": f"retrieval_recall@{self.k}", "precision": f"precision@{self.k}", "mrr": "mrr",
                "ndcg": f"ndcg@{self.k}", "hit": f"hit_rate@{self.k}"}[self.metric]

    def compute(self, ranked, rel, unit) -> float:
        fn = {"recall": recall_at_k, "precision": precision_at_k, "mrr": reciprocal_rank, "ndcg": ndcg_at_k,
              "hit": hit_rate_at_k}[self.metric]
        return fn(ranked, rel, self.k, unit=unit)

    def score_view(self, view: View):
        r = relevance(view.expect)
        if r is None:
            return None, {"reason": "no expected sources or chunk ids"}
        mode, rel = r
        unit = unit_fn(mode, view)
        ranked = dedupe(view.ranked_ids)
        top = ranked if self.k is None else ranked[: self.k]
        found = sorted({unit(i) for i in top} & rel)
        details = {"relevance": mode, "k": self.k, "expected": sorted(rel), "found": found,
                   "missing": sorted(rel - set(found)), "top": trim([f"{i} ({unit(i)})" if mode == "source" else i
                                                                     for i in top])}
        if len(view.ranked_ids) != len(ranked):
            details["duplicates_removed"] = len(view.ranked_ids) - len(ranked)
        return self.compute(view.ranked_ids, rel, unit), details


class RetrievalRecall(_RankedMetric):
    metric = "recall"


class PrecisionAtK(_RankedMetric):
    metric = "precision"

    def __init__(self, k: int = 5, name: str | None = None):
        if not k:
            raise ValueError("precision needs a finite k")
        super().__init__(k, name)


class _WholeRanking:
    """Reciprocal rank looks down the whole ranking unless given a depth: ``k`` defaults to None
    (file-level :class:`MRR` and :class:`SectionMRR` alike)."""

    def __init__(self, k: int | None = None, name: str | None = None):
        super().__init__(k, name)


class MRR(_WholeRanking, _RankedMetric):
    metric = "mrr"


class NDCG(_RankedMetric):
    metric = "ndcg"


class HitRate(_RankedMetric):
    metric = "hit"


# the scorer factories are the classes: ``mrr()`` is ``MRR()`` (k=None), the others default to k=5
retrieval_recall_at_k, precision_at_k_scorer, mrr, ndcg_at_k_scorer, hit_rate = (RetrievalRecall, PrecisionAtK, MRR,
                                                                                  NDCG, HitRate)


def source_recall() -> RetrievalRecall:
    """Set recall over everything retrieved by the answer (conversations: share of the turn's
    expected KB files that the tools actually retrieved by that turn)."""

    class _SourceRecall(RetrievalRecall):
        def score_view(self, view: View):
            v = View(**{**view.__dict__, "ranked_ids": view.seen_ids or view.ranked_ids})
            return super().score_view(v)

    return _SourceRecall(None, name="source_recall")


# ------------------------------------------------------------------ section level
def section_units(expect: dict) -> list[tuple[frozenset[str], tuple[str, ...]]]:
    """The expected sections as (candidate file stems, header path) units."""
    secs = expect.get("expected_sections")
    srcs = frozenset(source_stem(s) for s in expect.get("sources") or expect.get("expected_sources") or [])
    out: list[tuple[frozenset[str], tuple[str, ...]]] = []

    def add(cands: frozenset[str], value) -> None:
        for v in [value] if isinstance(value, str) else list(value or []):
            path = tuple(p.strip() for p in str(v).split("›") if p.strip())
            if path and (cands, path) not in out:
                out.append((cands, path))

    if isinstance(secs, dict):
        for src, val in secs.items():
            add(frozenset([source_stem(src)]), val)
    elif secs:
        add(srcs, secs)
    return out


def covered_units(chunk_id: str, view: View, units: list[tuple[frozenset[str], tuple[str, ...]]]) -> set[int]:
    src = view.sources.get(chunk_id)
    stem = source_stem(src) if src else chunk_id.split("#", 1)[0]
    # headers compare without case: a parser may re-case a heading ("SECTION 2 - BING ADS" in the
    # file is held as "Section 2 - Bing Ads"), and a golden quotes the file as written
    held = {h.casefold() for h in view.sections.get(chunk_id) or []}
    return {j for j, (cands, path) in enumerate(units)
            if stem in cands and all(h.casefold() in held for h in path)}


class _SectionMetric(ProjectScorer):
    metric = "recall"

    def __init__(self, k: int | None = 5, name: str | None = None):
        self.k = k
        self.name = name or {"recall": f"section_recall@{k}", "hit": f"section_hit_rate@{k}",
                             "mrr": "section_mrr"}[self.metric]

    def score_view(self, view: View):
        units = section_units(view.expect)
        if not units:
            return None, {"reason": "no expected sections"}
        ranked = dedupe(view.ranked_ids)
        top = ranked if self.k is None else ranked[: self.k]
        per_rank = [covered_units(i, view, units) for i in top]
        found = set().union(*per_rank) if per_rank else set()
        first = next((r for r, u in enumerate(per_rank, start=1) if u), None)
        value = {"recall": len(found) / len(units), "hit": 1.0 if found else 0.0,
                 "mrr": 1.0 / first if first else 0.0}[self.metric]
        label = lambda j: f"{'/'.join(sorted(units[j][0]))}: {' › '.join(units[j][1])}"  # noqa: E731
        return value, {"relevance": "section", "k": self.k, "expected": [label(j) for j in range(len(units))],
                       "found": [label(j) for j in sorted(found)],
                       "missing": [label(j) for j in range(len(units)) if j not in found],
                       "first_relevant_rank": first,
                       "top": trim([f"{i} ({'; '.join(view.sections.get(i) or [])})" for i in top])}


class SectionRecall(_SectionMetric):
    metric = "recall"


class SectionHitRate(_SectionMetric):
    metric = "hit"


class SectionMRR(_WholeRanking, _SectionMetric):
    metric = "mrr"


section_recall_at_k, section_hit_rate, section_mrr = SectionRecall, SectionHitRate, SectionMRR
