"""Braintrust scorers for the media-planning assistant (DESIGN §7).

Each scorer is a callable usable directly in ``braintrust.Eval(scores=[...])`` returning
``Score(name, score, metadata)`` with ``score`` in [0, 1], or ``None`` when it does not apply.
Scorers read task outputs (the eval output record, :mod:`mpa.record`, through ``as_record``) and
the KB's tables; they never import the retrieval engine, and they never write into what they are
given: explanations are ``Score.metadata`` only.
"""
from scorers.abstention import Abstention, abstention
from scorers.audience import AudienceSizing, audience_sizing
from scorers.base import ProjectScorer, ScoreRangeError, View, views
from scorers.benchmark import BenchmarkAccuracy, benchmark_accuracy
from scorers.calculation import CalculationPresence, calculation_presence
from scorers.citation_support import CitationSupport, citation_support
from scorers.citations import CitationValidity, SourceCitation, citation_validity, source_citation
from scorers.composite import (Composite, MissingScorerError, case_composite, gate_threshold, load_config,
                               run_composite, weights)
from scorers.expected_answer import ExpectedAnswer, expected_answer
from scorers.grounding import Grounding, grounding
from scorers.retrieval import (HitRate, MRR, NDCG, PrecisionAtK, RetrievalRecall, SectionHitRate, SectionMRR,
                               SectionRecall, hit_rate, mrr, ndcg_at_k_scorer, precision_at_k_scorer,
                               retrieval_recall_at_k, section_hit_rate, section_mrr, section_recall_at_k,
                               source_recall)

# the function names the issue uses
ndcg_at_k = ndcg_at_k_scorer
precision_at_k = precision_at_k_scorer


def retrieval_scorers(k: int = 5) -> list:
    """File-level metrics, and the same at section level beside them (``expected_sections``)."""
    return [retrieval_recall_at_k(k), precision_at_k_scorer(k), mrr(), ndcg_at_k_scorer(k), hit_rate(k),
            section_recall_at_k(k), section_hit_rate(k), section_mrr()]


def answer_scorers() -> list:
    """Deterministic scorers for an assistant answer (tool-free evals add the judges separately)."""
    return [source_recall(), source_citation, citation_validity, citation_support, benchmark_accuracy,
            audience_sizing, calculation_presence, grounding, abstention, expected_answer]


def all_scorers() -> dict:
    """Every deterministic scorer by name (the calibration set refers to these names)."""
    out = {s.name: s for s in retrieval_scorers(5) + answer_scorers()}
    return out


__all__ = [
    "Abstention", "AudienceSizing", "BenchmarkAccuracy", "CalculationPresence", "CitationSupport", "CitationValidity", "Composite", "ExpectedAnswer",
    "Grounding", "HitRate", "MRR", "MissingScorerError", "NDCG", "PrecisionAtK", "ProjectScorer", "RetrievalRecall",
    "ScoreRangeError", "SectionHitRate", "SectionMRR", "SectionRecall", "SourceCitation", "View", "abstention", "all_scorers", "answer_scorers", "audience_sizing",
    "benchmark_accuracy", "calculation_presence", "case_composite", "citation_support", "citation_validity", "expected_answer", "gate_threshold",
    "grounding", "hit_rate", "load_config", "mrr", "ndcg_at_k", "precision_at_k", "retrieval_recall_at_k",
    "retrieval_scorers", "run_composite", "section_hit_rate", "section_mrr", "section_recall_at_k", "source_citation", "source_recall", "views", "weights",
]
