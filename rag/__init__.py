"""Lightweight, domain-agnostic retrieval: documents → chunks → index → search → (pack).

The public entry point is :class:`rag.engine.RetrievalEngine`; a knowledge domain plugs in
its chunk tagger, boosts and intent rules as a :class:`rag.domain.Domain` (this package
imports no domain package).
"""
from rag.config import PRESETS, RagConfig, get_preset
from rag.types import Chunk, SearchResult

__all__ = ["RagConfig", "PRESETS", "get_preset", "Chunk", "SearchResult", "RetrievalEngine"]


def __getattr__(name):  # lazy: importing rag should not pay for scikit-learn
    if name == "RetrievalEngine":
        from rag.engine import RetrievalEngine

        return RetrievalEngine
    raise AttributeError(name)
